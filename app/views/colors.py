"""Colours shared by the result views (percentages and names: ``copylens.app.presentation``).

The source palette (:mod:`copylens.app.palette`: ten light colours, colour-blind safe, apart
from the selection's blue; black text on each has a WCAG contrast ≥ 7) gives source ``i``
colour ``i % 10``. The plain tint
marks text copied exactly, a paler one edited words (form changes, replacements,
insertions). Cited fragments (quotations, block quotations, the bibliography) take one
green-grey fill with italic text whatever their source. Paraphrases (sentences retold in other
words, ``Fragment.kind == "paraphrase"``) take a lighter tint of their source's colour and a
wavy underline in a dark shade of it: told apart from copied text by the line's shape, not
only by colour; so do sentences retold in other words inside a copied passage (an edit of
kind "retold", issue 34), inside the passage's fill. In the side by side view the current
fragment takes a stronger tint and the other fragments fade.
"""

from __future__ import annotations

from copylens.app import palette
from copylens.app.palette import PALETTE, heat_rgb
from copylens.app.qt import QtGui

TEXT_COLOR = QtGui.QColor("#000000")
TEXT_BACKGROUND = QtGui.QColor("#FFFFFF")
CITED_COLOR = QtGui.QColor(palette.CITED)
"""Cited fragments: green-grey, with italic text."""
CITED_STRONG_COLOR = QtGui.QColor(palette.CITED_STRONG)
"""The current cited fragment of the side by side view."""
CITED_LINE_COLOR = QtGui.QColor("#4E6B45")
"""Dotted underline of edited words inside a cited fragment."""
LOOKALIKE_COLOR = QtGui.QColor(palette.LOOKALIKE)
"""Look-alike letters: red, bold, red wavy underline."""
NEUTRAL_COLOR = QtGui.QColor(palette.NEUTRAL)
"""The legend's examples of how text is marked, in no source's colour."""
NEUTRAL_LINE_COLOR = QtGui.QColor(palette.NEUTRAL_LINE)
DIAGONAL_COLOR = QtGui.QColor(palette.DIAGONAL)
DIAGONAL_LINE_COLOR = QtGui.QColor(palette.DIAGONAL_LINE)
"""Heat-map cells of a document with itself."""


def source_color(index: int) -> QtGui.QColor:
    """The fill for text copied exactly from the ``index``-th source."""
    return QtGui.QColor(PALETTE[index % len(PALETTE)])


def edited_color(index: int) -> QtGui.QColor:
    """The paler fill for edited words (a 50 % mix of the source colour with white)."""
    return mix(source_color(index), TEXT_BACKGROUND, 0.5)


def faded_color(index: int) -> QtGui.QColor:
    """Fragments other than the current one in the side by side view (paler still)."""
    return mix(source_color(index), TEXT_BACKGROUND, 0.6)


def faded_cited_color() -> QtGui.QColor:
    """Cited fragments other than the current one in the side by side view."""
    return mix(CITED_COLOR, TEXT_BACKGROUND, 0.5)


def faded_edited_color(index: int) -> QtGui.QColor:
    return mix(source_color(index), TEXT_BACKGROUND, 0.8)


PARAPHRASE_LINE = QtGui.QTextCharFormat.UnderlineStyle.WaveUnderline
"""The underline of paraphrases: wavy over whole sentences (edited words are dotted)."""


def paraphrase_color(index: int) -> QtGui.QColor:
    """The fill of a paraphrase of the ``index``-th source (:func:`paraphrase_tint`)."""
    return paraphrase_tint(source_color(index))


def paraphrase_tint(color: QtGui.QColor) -> QtGui.QColor:
    """``color`` as a paraphrase's fill: :data:`palette.PARAPHRASE_WHITE` of white mixed in."""
    return mix(color, TEXT_BACKGROUND, palette.PARAPHRASE_WHITE)


def faded_paraphrase_color(index: int) -> QtGui.QColor:
    """Paraphrases other than the current one in the side by side view."""
    return mix(source_color(index), TEXT_BACKGROUND, 0.7)


def strong_color(index: int) -> QtGui.QColor:
    """The stronger fill of the current fragment (more saturated, still light)."""
    h, s, light, a = _hsl(source_color(index))
    black = QtGui.QColor("#000000")
    for darker in (0.11, 0.09, 0.07, 0.05, 0.03, 0.0):
        color = QtGui.QColor.fromHslF(h, min(1.0, s + 0.1), light - darker, a)
        if contrast_ratio(color, black) >= 7.5:
            break
    return color


def underline_color(index: int) -> QtGui.QColor:
    """A dark shade of the source colour for dotted underlines of edited words."""
    h, s, _, a = _hsl(source_color(index))
    return QtGui.QColor.fromHslF(h, min(1.0, s), 0.3, a)


def _hsl(color: QtGui.QColor) -> tuple[float, float, float, float]:
    return color.hslHueF(), color.hslSaturationF(), color.lightnessF(), color.alphaF()


def mix(a: QtGui.QColor, b: QtGui.QColor, share_of_b: float) -> QtGui.QColor:
    t = max(0.0, min(1.0, share_of_b))
    return QtGui.QColor(
        round(a.red() + (b.red() - a.red()) * t),
        round(a.green() + (b.green() - a.green()) * t),
        round(a.blue() + (b.blue() - a.blue()) * t),
    )


def uniqueness_color(uniqueness: float) -> QtGui.QColor:
    """Red under 50 %, amber under 80 %, green otherwise (dark shades, readable on white)."""
    return QtGui.QColor(palette.uniqueness_hex(uniqueness))


def heat_color(value: float) -> QtGui.QColor:
    return QtGui.QColor(*heat_rgb(value))


def relative_luminance(color: QtGui.QColor) -> float:
    def channel(c: int) -> float:
        x = c / 255
        return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.red())
        + 0.7152 * channel(color.green())
        + 0.0722 * channel(color.blue())
    )


def contrast_ratio(a: QtGui.QColor, b: QtGui.QColor) -> float:
    """WCAG 2 contrast ratio of two colours (1..21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_color_on(background: QtGui.QColor) -> QtGui.QColor:
    """Black or white, whichever reads better on ``background``."""
    black, white = QtGui.QColor("#000000"), QtGui.QColor("#FFFFFF")
    on_black = contrast_ratio(background, black)
    return black if on_black >= contrast_ratio(background, white) else white
