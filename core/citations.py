"""Citations: character spans of quoted passages and of the bibliography (issue 12).

Citations are not borrowings: what lies inside quotation marks, in a block quotation or in the
references section is cited. This stage only finds those spans in the extracted text; scoring
decides what a cited span means for a fragment. Spans are ``(start, end)`` character offsets
of ``text``, end exclusive, so ``text[start:end]`` is exactly the highlighted passage.

What must hold:

- :func:`quotations`: each span starts at an opening quotation mark and ends just after the
  mark that closes it (:data:`PAIRS`); spans are outermost only (a nested quote lies inside its
  outer span), sorted and disjoint; no span crosses a paragraph end (:func:`paragraph_end`:
  a blank line, or in a text of one line per paragraph a line that finishes a sentence).
  An opening mark still open at a paragraph end, or at the end of the text, gives no span: a
  stray mark cites nothing. Apostrophes (don't, п'ять, O’Neil) never open or close a quote.
- :func:`block_quotations`: runs of lines that start with ``>`` (e-mail and Markdown style);
  each span runs from the first ``>`` to the end of the run's last line, trailing whitespace
  left out.
- :func:`bibliographies`: each span starts at a references heading alone on its line (one of
  ``_NAMES``, optionally numbered or Markdown-decorated, optionally followed by a colon) and
  ends before an appendix heading (:func:`is_appendix_heading`), or after the last entry
  (:func:`is_entry`) that precedes 400 characters of non-entry lines (prose after the list:
  an English abstract, a new chapter), or at the end of the text, trailing whitespace left
  out. It holds at least two entries, both among the first five non-blank lines after the
  heading: a heading word inside a sentence, or a heading without entries (a table of
  contents), is never a bibliography.
- :func:`cited_spans`: the sorted union of the above, overlapping or touching spans merged.

Decided: the reference after a quote ("… “text” (Smith, 2019)", «…» [3, с. 15]) is not part
of the quote's span, it is the writer's own apparatus. Scare quotes («умный» дом, the "cloud")
are quotations like any other, no special case: one or two words never make a match, so they
matter only if a fragment is called cited for merely touching a cited span; call it cited by
how much of it lies inside (see :func:`cited_spans`).

All functions are linear in the length of the text (one pass over its quotation marks and
line breaks; entry tests read at most the first 1,000 characters of a line): 1 MB of the
seed papers takes about 30 ms; 1 MB of nothing but quotation marks about 2 s.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

Span = tuple[int, int]

PAIRS: dict[str, str] = {
    "«": "»",  # Russian, Ukrainian, French
    "»": "«",  # German and Danish book style: »Zitat«
    "‹": "›",
    "›": "‹",
    "“": "”“",  # English “…”; “…“ as typed by some
    "„": "“”",  # German „…“, Russian/Ukrainian nested „…“, Polish „…”
    "‘": "’",  # English nested ‘…’
    "‚": "‘’",  # German nested ‚…‘
    '"': '"',
    "'": "'",
}
"""Opening mark -> the marks that can close it. A quotation span starts with a key and ends
with one of its closing marks."""

_MARKS = "«»‹›“”„‘’‚\"'"
_MARK = re.compile(f"[{_MARKS}]")
_MARK_OR_BREAK = re.compile(f"[{_MARKS}\n]")
_OPEN_CONTEXT = frozenset("([{<—–:/*" + _MARKS)
_LINE_TAIL = " \t\r\f\v)]}" + _MARKS
_SENTENCE_END = frozenset(".!?…;:")
_WRAP_WIDTH = 150
_BLANK = re.compile(r"[ \t\r\f\v]*")
_SPACE = re.compile(r"\s*")


# --- quotations ------------------------------------------------------------------------------


def quotations(text: str) -> tuple[Span, ...]:
    """Outermost quoted passages, each span from its opening mark to just after its closing
    mark; see the module docstring for what holds and :data:`PAIRS` for the marks."""
    state = _Pairing()
    wrapped: bool | None = None  # worked out at the first line break inside an open quote
    found = _MARK.search(text)
    while found:
        at = found.start()
        if text[at] != "\n":
            _HANDLERS[text[at]](state, text, at)
        else:
            wrapped = hard_wrapped(text) if wrapped is None else wrapped
            if paragraph_end(text, at, wrapped=wrapped):
                state.drop_from(0)
        # line breaks matter only while a quote is open
        found = (_MARK_OR_BREAK if state.stack else _MARK).search(text, at + 1)
    return tuple(state.done)


def hard_wrapped(text: str) -> bool:
    """Whether the text keeps a page's line wraps (PDF, plain text) rather than one line per
    paragraph (.docx, .odt, .html): of its non-blank lines that another line follows, fewer
    than half finish a sentence (see :func:`paragraph_end`) and fewer than one in ten is
    longer than 150 characters (a paragraph on one line)."""
    lines = [line.rstrip(_LINE_TAIL) for line in text.split("\n")[:-1]]
    lines = [line for line in lines if line]
    sentences = sum(line[-1] in _SENTENCE_END for line in lines)
    paragraphs = sum(len(line) > _WRAP_WIDTH for line in lines)
    return 2 * sentences < len(lines) and 10 * paragraphs < len(lines)


def paragraph_end(text: str, newline: int, *, wrapped: bool) -> bool:
    """Whether the line break at ``newline`` ends a paragraph, and with it any open quote.

    A line finishes a sentence when its last character that is not whitespace, a closing
    bracket or a quotation mark is one of ``. ! ? … ; :``. In a text of one line per paragraph
    (``wrapped`` false: .docx, .odt, .html) a line that finishes a sentence ends its paragraph;
    in a hard-wrapped text (PDF, plain text) lines end inside paragraphs, sentences too, so
    only blank lines end one. Blank lines always end the paragraph, unless the line before
    stops mid-sentence and the text goes on with a lower-case letter (a page or text-box break
    inside a sentence of a PDF). The break that ends a blank line is never the end: the break
    before it decided.
    """
    content = text[text.rfind("\n", 0, newline) + 1 : newline].rstrip(_LINE_TAIL)
    if not content:
        return False
    sentence_end = content[-1] in _SENTENCE_END
    if sentence_end and not wrapped:
        return True
    after = _run_end(_BLANK, text, newline + 1)
    if after == len(text) or text[after] != "\n":
        return False
    after = _run_end(_SPACE, text, after)
    return sentence_end or not (after < len(text) and text[after].islower())


def _run_end(run: re.Pattern[str], text: str, at: int) -> int:
    found = run.match(text, at)
    return found.end() if found else at


@dataclass
class _Open:
    kind: str
    at: int
    base: int
    """How many spans were done when this mark opened: those after it lie inside it."""


@dataclass
class _Pairing:
    """A stack of open marks; ``open_at[kind]`` lists the stack indices of each kind (so the
    nearest open mark of a kind is found at once), ``done`` the finished outermost spans."""

    stack: list[_Open] = field(default_factory=list)
    open_at: dict[str, list[int]] = field(default_factory=dict)
    done: list[Span] = field(default_factory=list)

    def push(self, kind: str, at: int) -> None:
        self.open_at.setdefault(kind, []).append(len(self.stack))
        self.stack.append(_Open(kind, at, len(self.done)))

    def nearest(self, kinds: str) -> int:
        """Stack index of the innermost open mark of one of ``kinds``, else -1."""
        return max((self.open_at[k][-1] for k in kinds if self.open_at.get(k)), default=-1)

    def drop_from(self, index: int) -> None:
        """Forget the open marks from ``index`` up (unclosed: they give no span)."""
        while len(self.stack) > index:
            self.open_at[self.stack.pop().kind].pop()

    def close(self, index: int, end: int) -> None:
        """Close the mark at ``index``: marks opened inside it and left open are forgotten,
        spans done inside it give way to its own."""
        opened = self.stack[index]
        self.drop_from(index)
        del self.done[opened.base :]
        self.done.append((opened.at, end))


def _left(text: str, at: int) -> str:
    return text[at - 1] if at > 0 else ""


def _right(text: str, at: int) -> str:
    return text[at + 1] if at + 1 < len(text) else ""


def _can_open(text: str, at: int) -> bool:
    """Opening position: after the start, whitespace, a bracket, a dash, a colon, a slash, an
    asterisk (Markdown emphasis) or another mark, and before a non-space."""
    left, right = _left(text, at), _right(text, at)
    return (not left or left.isspace() or left in _OPEN_CONTEXT) and bool(right.strip())


def _can_close(text: str, at: int) -> bool:
    """Closing position: after a non-space, and before the end or anything but a letter or
    digit (whitespace, punctuation, a bracket, another mark)."""
    left, right = _left(text, at), _right(text, at)
    return bool(left.strip()) and not right.isalnum()


def _inside_word(text: str, at: int) -> bool:
    """Between two letters or digits: an apostrophe (don't, п'ять, O’Neil, 80's)."""
    return _left(text, at).isalnum() and _right(text, at).isalnum()


def _guillemet(closes: str) -> Callable[[_Pairing, str, int], None]:
    """« and ‹ open (or close a reversed »…«); » and › close (or open a reversed »…«)."""

    def handle(state: _Pairing, text: str, at: int) -> None:
        mark = text[at]
        index = state.nearest(closes)
        if index >= 0 and (mark in "»›" or _can_close(text, at)):
            state.close(index, at + 1)
        elif mark in "«‹" or _can_open(text, at):
            state.push(mark, at)

    return handle


def _low_double(state: _Pairing, text: str, at: int) -> None:
    """„ always opens."""
    state.push("„", at)


def _high_double_left(state: _Pairing, text: str, at: int) -> None:
    """“ closes „ (German) in closing position, else opens (English) before a non-space."""
    if _can_close(text, at):
        index = state.nearest("„“")
        if index >= 0:
            state.close(index, at + 1)
    elif _right(text, at).strip():
        state.push("“", at)


def _high_double_right(state: _Pairing, text: str, at: int) -> None:
    """” closes the innermost open “ or „; it never opens."""
    index = state.nearest("“„")
    if index >= 0:
        state.close(index, at + 1)


def _high_single_left(state: _Pairing, text: str, at: int) -> None:
    """‘ closes ‚ (German) in closing position, else opens (English) in opening position."""
    index = state.nearest("‚")
    if index >= 0 and _can_close(text, at):
        state.close(index, at + 1)
    elif _can_open(text, at):
        state.push("‘", at)


def _high_single_right(state: _Pairing, text: str, at: int) -> None:
    """’ closes ‘ or ‚ after a non-space, unless it is an apostrophe inside a word."""
    index = state.nearest("‘‚")
    if index >= 0 and _left(text, at).strip() and not _inside_word(text, at):
        state.close(index, at + 1)


def _low_single(state: _Pairing, text: str, at: int) -> None:
    """‚ opens only in opening position (elsewhere it is a comma look-alike)."""
    if _can_open(text, at):
        state.push("‚", at)


def _straight(state: _Pairing, text: str, at: int) -> None:
    """Straight " and ' pair by position and do not nest in themselves. One in closing
    position closes the open one; one in opening position while one is open means that one
    was stray: it is forgotten and the new one opens. ' never acts inside a word and opens
    only before a letter ('90s and the like stay apostrophes)."""
    mark = text[at]
    if mark == "'" and _inside_word(text, at):
        return
    index = state.nearest(mark)
    if index >= 0 and _can_close(text, at):
        state.close(index, at + 1)
    elif _can_open(text, at) and (mark == '"' or _right(text, at).isalpha()):
        if index >= 0:
            state.drop_from(index)
        state.push(mark, at)


_HANDLERS: dict[str, Callable[[_Pairing, str, int], None]] = {
    "«": _guillemet("»"),
    "»": _guillemet("«"),
    "‹": _guillemet("›"),
    "›": _guillemet("‹"),
    "„": _low_double,
    "“": _high_double_left,
    "”": _high_double_right,
    "‘": _high_single_left,
    "’": _high_single_right,
    "‚": _low_single,
    '"': _straight,
    "'": _straight,
}


# --- block quotations ------------------------------------------------------------------------

# Patterns that start with a line break run on "\n" + text: the engine then jumps from line
# break to line break instead of trying ^ at every character (text offset = match offset).
_BLOCK_LINE = re.compile(r"\n[ \t]*+(>)(?![ \t]*[\d=])[^\n]*")


def block_quotations(text: str) -> tuple[Span, ...]:
    """Runs of consecutive lines starting with ``>`` (not ``>=`` nor ``>`` before a number,
    as in a table cell ">60"): from the first ``>`` to the end of the run's last line,
    trailing whitespace left out.

    That is all extracted text shows of block quotations: the .docx and .odt readers drop
    paragraph indents and styles ("Quote"), the .html reader turns ``<blockquote>`` into plain
    lines, pdfminer gives no indents. An indented paragraph after a line ending in a colon was
    left out: in plain text it cannot be told from first-line indents ("Задание:" followed by
    indented paragraphs would cite the whole essay), lists and code.
    """
    spans: list[Span] = []
    run_goes_on_at = -1
    for found in _BLOCK_LINE.finditer("\n" + text):
        end = found.start() + len(found.group().rstrip()) - 1
        if found.start() == run_goes_on_at:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((found.start(1) - 1, end))
        run_goes_on_at = found.end()
    return tuple(spans)


# --- bibliography ----------------------------------------------------------------------------

# Spaces stand for runs of spaces or tabs (never a line break).
# fmt: off
_NAMES = (
    # ru
    "список (?:(?:использованн|цитированн)(?:ых|ой) )?(?:литературы|источников)"
    "(?: и (?:литературы|источников))?",
    "(?:использованн(?:ая|ые) )?(?:литература|источники)(?: и (?:литература|источники))?",
    "библиографический список", "библиография",
    # uk
    "(?:список|перелік) (?:використан(?:их|ої) )?(?:джерел|літератури|посилань)"
    "(?: (?:і|та) (?:джерел|літератури))?",
    "(?:використан(?:а|і) )?(?:література|джерела)(?: (?:і|та) (?:література|джерела))?",
    "бібліографічний список", "бібліографія",
    # en
    "references", "reference list", "list of references", "bibliography",
    "selected bibliography", "works (?:cited|consulted)", "literature(?: cited)?",
    "sources(?: cited)?",
    # de
    "literaturverzeichnis", "literatur", "quellen(?:verzeichnis|angaben)?",
    "literatur-? und quellenverzeichnis", "quellen-? und literaturverzeichnis",
    "verwendete literatur", "bibliogra(?:ph|f)ie",
)
_APPENDIX_NAMES = "приложени[ея]|додат(?:ок|ки)|appendix|appendices|anh(?:a|ä)nge?|anlagen?"
# fmt: on
_NUMBERING = (
    r"(?:(?:глава|раздел|часть|розділ|частина|chapter|section|part|kapitel|teil)[ \t]+)?"
    r"(?:\d{1,2}(?:\.\d{1,2})*\.?|[IVXLC]{1,6}\.?)[ \t]+"
)
# Each run of spaces has one place to go, taken whole (possessive): two adjacent [ \t]* would
# backtrack quadratically, and a long run of spaces would be retried at every length.
_DECORATION = r"[ \t]*+(?:\#{1,6}[ \t]*+)?(?:[*_]{1,3}[ \t]*+)?"
_ANY_NAME = "|".join(_NAMES).replace(" ", r"[ \t]+")
_HEADING = re.compile(
    # the lookahead (first letters of the names and numberings) fails most lines at once
    rf"\n{_DECORATION}(?=[\dспилбвдгрчrbswlcpqvktix])(?:{_NUMBERING})?(?:{_ANY_NAME})"
    r"[ \t]*(?::[ \t]*)?(?:[*_]{1,3}[ \t]*)?$",
    re.MULTILINE | re.IGNORECASE,
)
_APPENDIX = re.compile(
    rf"{_DECORATION}(?i:{_NUMBERING})?(?i:{_APPENDIX_NAMES})"
    r"(?:[ \t]+(?:[A-ZА-ЯЁІЇЄҐ]|\d{1,3}|[IVX]{1,5})(?:\.\d{1,2})*(?:[ \t].*)?)?"
    r"(?:[ \t]*[.:—–-].*)?[ \t]*$"
)

_UP = "A-ZÀ-ÖØ-ÞА-ЯЁІЇЄҐ"
_LOW = "a-zß-öø-ÿа-яёіїєґ'’-"
_NAME = rf"[{_UP}][{_LOW}]+(?:[- ][{_UP}][{_LOW}]+)?"
_INITIALS = rf"[{_UP}]\.[ \t]?(?:[{_UP}]\.[ \t]?){{0,2}}"
_MARKER = re.compile(r"(?:[-–—•*·▪][ \t]*)?(?:(\[\d{1,4}\]|\(\d{1,4}\)|\d{1,4}[.)])[ \t]*)?")
_AUTHOR = re.compile(
    rf"{_NAME},?[ \t]+{_INITIALS}"  # Иванов И. И. / Smith, J. / Müller, K.
    rf"|{_INITIALS}[ \t]?{_NAME}"  # J. Smith / И. И. Иванов
    rf"|{_NAME},[ \t]+{_NAME}(?:[ \t]+{_INITIALS}|[.,:])"  # Smith, John. / Müller, Karl:
    r"|[^()]{1,150}?\((?:1[5-9]|20)\d\d[a-z]?(?:,[^()]{0,30})?\)[.,:]"  # Any Body. (2019).
)
_YEAR = re.compile(r"(?<!\d)(?:1[5-9]|20)\d\d(?!\d)")
_SOURCE = re.compile(
    r"//|№[ \t]?\d|\b(?:ISBN|ISSN|URL)\b|\((?:[Ee]ds?|Hrsg)\.\)|\b(?:In|В кн|У кн):"
    r"|\b(?:[СсPpS]|pp|стр|Vol|vol|Bd|Jg|Nr|No|Т|т|Вып|вып|Вип|вип)\.[ \t]?\d"
    r"|\d[ \t]?(?:с|p|pp|S|стр)\.(?!\w)"
    r"|\b(?:М|СПб|Л|К)\.[ \t]?:|\b(?:Москва|Киев|Київ|Харків|Львів|Berlin|München|Leipzig"
    r"|Wien|Stuttgart|London|New York|Oxford|Cambridge|Boston)[ \t]?:"
    r"|\b(?:Изд|изд|Вид|вид)(?:-во|\.)|\b(?:Hrsg|Aufl|Verlag|Press|Publishers?)\b"
)
_URL = re.compile(r"https?://|\bwww\.|\bdoi:|\b10\.\d{4,9}/", re.IGNORECASE)

_ENTRY_LOOK = 1000
"""Characters of a line an entry test reads (keeps the stage linear on huge lines)."""
_CONFIRM_LINES, _CONFIRM_ENTRIES = 5, 2
_PROSE_GAP = 400
"""Characters of non-entry lines after the last entry that end a references section."""


def is_entry(line: str) -> bool:
    """Whether a line looks like a reference: a URL or DOI; or a number marker (``1.``,
    ``[1]``) with an author, a year or a publication mark; or an author at its start
    (``Иванов И. И.``, ``Smith, J.``, ``J. Smith``, ``Smith, John.``, ``Müller, Karl:``, or
    any name followed by an APA date ``(2019).``) with a year or a publication mark (``//``,
    ``С. 5``, ``pp. 3``, ``М.:``, ``Berlin:``, ``ISBN``, ``№ 3`` …)."""
    line = line.strip()[:_ENTRY_LOOK]
    if _URL.search(line):
        return True
    marker = _MARKER.match(line)
    assert marker is not None  # every part of the pattern is optional
    author = _AUTHOR.match(line, marker.end()) is not None
    dated = _YEAR.search(line) is not None or _SOURCE.search(line) is not None
    numbered = marker.group(1) is not None
    return (numbered and (author or dated)) or (author and dated)


def is_appendix_heading(line: str) -> bool:
    """«Приложение А», «Додаток 1», "Appendix B: Survey", "Anhang" alone on a line."""
    return len(line) <= 120 and _APPENDIX.match(line) is not None


def bibliographies(text: str) -> tuple[Span, ...]:
    """Every references section, in order; see the module docstring for the rules."""
    headings = list(_HEADING.finditer("\n" + text))
    if not headings:
        return ()
    lines = _Lines(text)
    spans: list[Span] = []
    resume = 0
    for heading in headings:
        first = lines.index(heading.start()) + 1
        found = None if first <= resume else _section(lines, first)
        if found is None:
            continue
        end, resume = found
        title = heading.group()[1:]
        spans.append((heading.start() + len(title) - len(title.lstrip()), end))
    return tuple(spans)


def bibliography(text: str) -> Span | None:
    """The last references section (the one at the end of a paper), or None."""
    found = bibliographies(text)
    return found[-1] if found else None


class _Lines:
    """The text's lines by number: ``span(i)`` without its line break; whether a line is an
    entry or an appendix heading is worked out once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts = [0, *(m.end() for m in re.finditer("\n", text))]
        self._entry: dict[int, bool] = {}
        self._appendix: dict[int, bool] = {}

    def entry(self, i: int) -> bool:
        if i not in self._entry:
            self._entry[i] = is_entry(self.line(i))
        return self._entry[i]

    def appendix(self, i: int) -> bool:
        if i not in self._appendix:
            self._appendix[i] = is_appendix_heading(self.line(i))
        return self._appendix[i]

    def __len__(self) -> int:
        return len(self.starts)

    def index(self, at: int) -> int:
        return bisect.bisect_right(self.starts, at) - 1

    def span(self, i: int) -> Span:
        end = self.starts[i + 1] - 1 if i + 1 < len(self.starts) else len(self.text)
        return self.starts[i], end

    def line(self, i: int) -> str:
        start, end = self.span(i)
        return self.text[start : min(end, start + _ENTRY_LOOK)]


def _section(lines: _Lines, first: int) -> tuple[int, int] | None:
    """(end offset, number of the line where a later heading may start a new section) of the
    section whose lines start at ``first``; None unless two entries come among its first five
    non-blank lines and before its end."""
    entries = seen = gap = 0
    last_entry = first
    for i in range(first, len(lines)):
        if lines.appendix(i):
            return _confirmed(entries, _trimmed_end(lines.text, lines.span(i)[0]), i)
        line = lines.line(i).strip()
        if lines.entry(i):
            entries, last_entry, gap = entries + 1, i, 0
        elif entries:
            gap += len(line)
            if gap >= _PROSE_GAP:
                end = _trimmed_end(lines.text, lines.span(last_entry)[1])
                return _confirmed(entries, end, last_entry)
        seen += bool(line)
        if seen >= _CONFIRM_LINES and entries < _CONFIRM_ENTRIES:
            return None
    return _confirmed(entries, _trimmed_end(lines.text, len(lines.text)), len(lines))


def _confirmed(entries: int, end: int, resume: int) -> tuple[int, int] | None:
    return (end, resume) if entries >= _CONFIRM_ENTRIES else None


def _trimmed_end(text: str, end: int) -> int:
    """``end`` moved back over whitespace."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end


# --- the union -------------------------------------------------------------------------------


def cited_spans(text: str, *, quotes: bool = True, bibliography: bool = True) -> tuple[Span, ...]:
    """Everything cited in ``text``: quotations and block quotations (``quotes``) and
    references sections (``bibliography``), sorted, overlapping or touching spans merged.

    A fragment should count as cited by the share of its characters inside these spans, not
    by touching one: a borrowed sentence with a scare-quoted word in it is still borrowed.
    """
    found: list[Span] = []
    if quotes:
        found += quotations(text)
        found += block_quotations(text)
    if bibliography:
        found += bibliographies(text)
    return union(found)


def union(spans: Iterable[Span]) -> tuple[Span, ...]:
    """Sorted spans with overlapping or touching ones merged; empty spans dropped."""
    merged: list[Span] = []
    for start, end in sorted(s for s in spans if s[1] > s[0]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return tuple(merged)
