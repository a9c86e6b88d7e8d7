"""The colours CopyLens shows results in, as hex strings: no Qt here, so the HTML report uses
the very same values as the window (``app/views/colors.py`` builds its QColors from these).

Source ``i`` is highlighted in ``PALETTE[i % 10]``: ten light colours of distinct hues, each
keeping black text readable (WCAG contrast with black ≥ 10).
"""

from __future__ import annotations

PALETTE: tuple[str, ...] = (
    "#FFE066",  # yellow
    "#9FD3FF",  # sky blue
    "#A8E6A1",  # green
    "#FFB3C7",  # pink
    "#C7B5FF",  # lavender
    "#FFBF73",  # orange
    "#7FE0D4",  # teal
    "#D2F07F",  # lime
    "#F29FF0",  # magenta
    "#D5C8B0",  # sand
)
CITED = "#D3DDCB"
"""Cited fragments (quotations, block quotations, the bibliography), whatever their source: a
green-grey fill with italic text, apart from the source colours (contrast with black ≥ 15)."""
CITED_STRONG = "#BCCBB1"
"""The current cited fragment in the side by side view."""
LOOKALIKE = "#D00000"
"""Look-alike letters: red, bold, wavy underline."""
UNIQUENESS_LEVELS: tuple[tuple[float, str], ...] = (
    (0.5, "#C62828"),  # red: under 50 % unique
    (0.8, "#B86E00"),  # amber: under 80 %
    (float("inf"), "#2E7D32"),  # green
)


def uniqueness_hex(uniqueness: float) -> str:
    """Red under 50 %, amber under 80 %, green otherwise (dark shades, readable on white)."""
    return next(color for limit, color in UNIQUENESS_LEVELS if uniqueness < limit)
