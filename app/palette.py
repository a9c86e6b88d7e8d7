"""The colours CopyLens shows results in, as hex strings: no Qt here, so the HTML report uses
the very same values as the window (``app/views/colors.py`` builds its QColors from these).

Source ``i`` is highlighted in ``PALETTE[i % 10]``: ten light colours from Paul Tol's
colour-blind safe qualitative schemes ("light", "pale", and "bright" lightened; P. Tol,
*Colour Schemes*, SRON/EPS/TN/09-002, https://personal.sron.nl/~pault/) and one lightened
Okabe–Ito colour (M. Okabe, K. Ito, *Color Universal Design*, 2008). What must hold (tested in
``tests/gui/test_words_colours.py``): black text on each keeps a WCAG contrast of at least
:data:`MIN_CONTRAST`; any two differ by at least :data:`MIN_DELTA_E` (CIEDE2000) for normal
vision and under simulated deuteranopia and protanopia; none is blue, so none looks like the
selection (Qt's Fusion highlight #308CC6, Windows' #0078D7 and its pale #CCE8FF).
"""

from __future__ import annotations

import itertools

PALETTE: tuple[str, ...] = (
    "#EEDD88",  # light yellow (Tol "light")
    "#CC85AD",  # mauve (Tol "bright" purple #AA3377, 40 % white)
    "#AAAA00",  # olive (Tol "light")
    "#FFAABB",  # pink (Tol "light")
    "#44BB99",  # mint (Tol "light")
    "#F18592",  # rose (Tol "bright" red #EE6677, 10 % white)
    "#EE8866",  # orange (Tol "light")
    "#EEEEBB",  # pale yellow (Tol "pale")
    "#BBCC33",  # pear (Tol "light")
    "#EEBF99",  # peach (Okabe–Ito vermillion #D55E00, 60 % white)
)
MIN_DELTA_E = 7.0
"""Least CIEDE2000 difference between any two source colours, for normal vision and under
simulated deuteranopia and protanopia (Machado et al. 2009, severity 1); the first five
differ by at least :data:`MIN_DELTA_E_FIRST` (most results have few sources)."""
MIN_DELTA_E_FIRST = 10.0
MIN_CONTRAST = 7.0
"""Least WCAG contrast of black text on a source colour."""
NEUTRAL = "#E0E0E0"
"""The legend's examples of "copied exactly" and "copied with changes": a grey that is no
source's colour (the colour tells the source; the legend names each source's)."""
NEUTRAL_LINE = "#555555"
"""The dotted underline of the "copied with changes" example."""
CITED = "#D3DDCB"
"""Cited fragments (quotations, block quotations, the bibliography), whatever their source: a
green-grey fill with italic text, apart from the source colours (contrast with black ≥ 15)."""
CITED_STRONG = "#BCCBB1"
"""The current cited fragment in the side by side view."""
LOOKALIKE = "#D00000"
"""Look-alike letters: red, bold, wavy underline."""
PARAPHRASE_WHITE = 0.35
"""A paraphrase's fill is its source's colour with this share of white (window and reports)."""
UNIQUENESS_LEVELS: tuple[tuple[float, str], ...] = (
    (0.5, "#C62828"),  # red: under 50 % unique
    (0.8, "#B86E00"),  # amber: under 80 %
    (float("inf"), "#2E7D32"),  # green
)


def uniqueness_hex(uniqueness: float) -> str:
    """Red under 50 %, amber under 80 %, green otherwise (dark shades, readable on white)."""
    return next(color for limit, color in UNIQUENESS_LEVELS if uniqueness < limit)


DIAGONAL = "#F3F3F3"
"""Heat-map cells of a document with itself: nearly white, crossed by :data:`DIAGONAL_LINE`
(grey cells made a band with the near-copies beside them)."""
DIAGONAL_LINE = "#8C8C8C"
HEAT_STOPS: tuple[tuple[float, tuple[int, int, int]], ...] = (
    (0.0, (255, 255, 255)),
    (0.05, (253, 212, 158)),
    (0.1, (253, 174, 107)),
    (0.25, (241, 105, 19)),
    (0.5, (215, 48, 31)),
    (1.0, (127, 0, 0)),
)
"""White → deep red (ColorBrewer OrRd and Oranges stops), spread over the low shares: a pasted
paragraph (10–25 % of an essay) is a strong orange, not a tint a teacher overlooks beside the
near-copies (at 300 essays the 11–25 % pairs of the former scale were nearly invisible)."""


def heat_rgb(value: float) -> tuple[int, int, int]:
    """The heat-map colour of a share in 0..1 as (r, g, b)."""
    v = max(0.0, min(1.0, value))
    for (x0, c0), (x1, c1) in itertools.pairwise(HEAT_STOPS):
        if v <= x1:
            t = (v - x0) / (x1 - x0)
            return tuple(round(p + (q - p) * t) for p, q in zip(c0, c1, strict=True))  # type: ignore[return-value]
    return HEAT_STOPS[-1][1]
