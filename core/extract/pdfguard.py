"""Bounds on what pdfminer.six may do with a hostile PDF: reference loops, compression bombs,
drawing bombs.

pdfminer trusts the file's structure; these guards make every hostile PDF found so far end
quickly with an :class:`~copylens.core.errors.InputError`. What must hold while a PDF is read
through :func:`guarded` (with :class:`GuardedDocument`, :class:`GuardedInterpreter` and
:class:`GuardedTextConverter`):

* References: an object whose chain of references comes back to itself (``4 0 obj 4 0 R``, or
  4 -> 5 -> 4), or that is needed to load itself (an object kept in an object stream that is
  itself, a stream whose /Length is itself) -> :class:`CorruptFile`. pdfminer's ``resolve1``
  follows references ``while isinstance(x, PDFObjRef)``, and many modules import it by name, so
  the check sits where every reference ends up: ``PDFDocument.getobj``.
* Cross-reference sections chained by /Prev or /XRefStm in a loop are read once each (the loop
  is ignored, as viewers do); an xref stream's ranges are cut to the entries it holds (a range
  of 2 billion objects in a 50-byte stream sent pdfminer's page search through each of them).
* Page labels are never read: CopyLens does not use them, and pdfminer walks their number tree
  without a visited set (a chain of nodes, each listing the next twice, is 2**n paths).
* Inflation: what FlateDecode, LZWDecode and RunLengthDecode produce for one stream is at most
  ``max_bytes``, for all streams of the document together ``zip_expansion_limit(max_bytes)``
  -> :class:`TooLarge`. The output is counted while it grows (zlib's ``max_length``), never
  after. Damaged Flate data is recovered as pdfminer does it (the output is kept when only the
  checksum at the end is wrong), in linear time. CCITT fax data is picture data, never text: it
  is not decoded. A font's character map may map at most :data:`MAX_CMAP_CODES` codes, and
  its width ranges (/W, /W2) cover at most as many characters (:class:`CorruptFile`).
* A content stream (a page's or a form's instructions) over 1 MiB may expand at most
  ``ZIP_MAX_RATIO``:1, as a .docx part may (pdfminer runs about 100,000 operators a second: 20
  KB of ``q`` compressed ran for 97 s) -> :class:`TooLarge`.
* Forms whose instructions hold no text-showing operator (``Tj``, ``TJ``, ``'``, ``"``) and
  draw no other form (``Do``) are not run: they cannot add text (a scatter plot draws its
  marker, a form of lines, once per point: 10,000 points took 7 s, now 1 s).
* Drawing: forms and pictures (XObjects) nested more than :data:`MAX_XOBJECT_DEPTH` deep,
  more than :data:`MAX_XOBJECT_DRAWS` of them drawn in the document, more than
  :data:`MAX_FORMS_RUN` forms that may show text run, forms whose instructions add up to more
  than ``max_bytes`` (each time a form is run counts), or more than :data:`MAX_PAGE_CHARS`
  characters on one page -> :class:`TooLarge`; more characters than ``max_chars`` in the
  document -> :func:`~copylens.core.extract.base.text_too_long`. These are refused, not cut
  short: a plagiarism check that silently skipped part of a document would report it as
  checked; a refusal is listed with the file's name and the reason, so the user knows.
* Reading order: pdfminer orders a page's text boxes by grouping the closest pair first, over
  all pairs (time and memory grow with the square of the boxes, worse in practice: 2,000 lone
  characters took 42 s and 780 MB). A page with more than :data:`MAX_GROUPED_BOXES` boxes, or
  once the document has grouped :data:`MAX_GROUPED_PAIRS` pairs, is ordered in one pass
  instead, top to bottom and left to right as pdfminer orders the boxes of one group: every
  character is still read, only the order of the boxes may differ.
* Fonts given inline in a form's resources are made once, not each time the form is drawn.
* Graphics states saved with ``q`` are kept at most :data:`MAX_SAVED_STATES` deep (deeper
  saves and their restores are ignored: the text is still read, its layout may differ), and at
  most :data:`MAX_OPERANDS` operands wait for an operator (the oldest are dropped); pdfminer
  kept all (a 20 MB content stream of ``q`` held 10 million copies of the state) and copied its
  whole operand stack for every operator (hours for a page of leftover numbers).

Patching, in one place: the inflation caps and the character-map cap need code that pdfminer
calls by module-level name (``zlib``, ``lzwdecode``, ``rldecode`` and ``ccittfaxdecode`` in
``pdfminer.pdftypes``, ``CMapParser`` in ``pdfminer.pdffont``). :func:`guarded` replaces those
five names with the guarded versions below while at least one extraction runs and restores
the originals when the last one ends (a counter under a lock). Thread safety: the budgets live
in a :class:`contextvars.ContextVar` set by :func:`guarded`, so each thread (or context)
counts its own document; a thread that uses pdfminer outside :func:`guarded` while the names
are replaced gets the original behaviour (no budget, no cap).

This module imports pdfminer at its top: it is imported only inside
:func:`copylens.core.extract.pdf.read`, so importing the package stays cheap.
"""

from __future__ import annotations

import contextlib
import io
import threading
import zlib
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import pdfminer.pdffont
import pdfminer.pdftypes
from pdfminer.ccitt import ccittfaxdecode
from pdfminer.cmapdb import CMapParser
from pdfminer.converter import TextConverter
from pdfminer.layout import LAParams, LTPage, LTTextBox, LTTextGroup, LTTextGroupLRTB
from pdfminer.lzw import LZWDecoder, lzwdecode
from pdfminer.pdfdocument import PDFDocument, PDFNoPageLabels, PDFXRefStream
from pdfminer.pdffont import PDFFont
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager, PDFStackT
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFObjRef, PDFStream, list_value, stream_value
from pdfminer.psparser import PSKeyword
from pdfminer.runlength import rldecode
from pdfminer.utils import MATRIX_IDENTITY, Matrix, Rect

from copylens.core.errors import CorruptFile, TooLarge
from copylens.core.extract.base import megabytes, text_too_long
from copylens.core.extract.zipguard import ZIP_MAX_RATIO, ZIP_RATIO_MIN_SIZE

MAX_XOBJECT_DEPTH = 12
"""Most forms and pictures drawn inside one another (real documents: 1 to 4)."""
MAX_XOBJECT_DRAWS = 200_000
"""Most forms and pictures a document may draw (a scatter plot draws one per point)."""
MAX_FORMS_RUN = 20_000
"""Most forms that may show text a document may draw (a running header drawn as a form is one
a page)."""
MAX_PAGE_CHARS = 100_000
"""Most characters on one page (a dense page has about 10,000)."""
MAX_GROUPED_BOXES = 400
"""Most text boxes on a page that pdfminer orders by grouping them pair by pair."""
MAX_GROUPED_PAIRS = 1_000_000
"""Most pairs of text boxes grouped that way in a document (400 boxes are 79,800 pairs)."""
MAX_CMAP_CODES = 1 << 20
"""Most codes one font's character map may map (Unicode has 1.1 million code points)."""
MAX_SAVED_STATES = 1_000
"""Most graphics states kept saved (``q``) at once."""
MAX_OPERANDS = 1_000
"""Most operands kept waiting for an operator (one takes at most a few)."""

_INFLATE_CHUNK = 64 * 1024


@dataclass
class _Inflation:
    """The inflation budget of one document: bytes per stream, bytes in all, bytes spent."""

    per_stream: int
    total: int
    spent: int = 0

    def room(self) -> int:
        """Most bytes one stream may inflate to now."""
        return min(self.per_stream, self.total - self.spent)

    def charge(self, size: int) -> None:
        """Count ``size`` inflated bytes; :class:`TooLarge` past either limit."""
        if size > self.per_stream:
            raise TooLarge(
                "a compressed stream in the PDF expands to more than {limit} (compression bomb?)",
                limit=megabytes(self.per_stream),
            )
        if self.spent + size > self.total:
            raise TooLarge(
                "the PDF's compressed streams expand to more than {limit} together "
                "(compression bomb?)",
                limit=megabytes(self.total),
            )
        self.spent += size


_BUDGET: ContextVar[_Inflation | None] = ContextVar("copylens_pdf_inflation", default=None)


# --------------------------------------------------------------------------- stream filters


def _inflate(data: bytes, budget: _Inflation) -> bytes:
    """``zlib.decompress(data)`` with pdfminer's recovery, the output counted as it grows.

    pdfminer retries a stream that fails to inflate one byte at a time
    (``decompress_corrupted``, quadratic) and keeps what came out if only the last 3 bytes
    failed (a wrong checksum), else uses nothing; truncated data keeps what came out. Same rules
    here: the input goes in 64 KiB at a time, and only a chunk that fails is fed again byte by
    byte to find where.
    """
    inflater = zlib.decompressobj()
    out = bytearray()
    view = memoryview(data)
    for start in range(0, len(view), _INFLATE_CHUNK):
        chunk = view[start : start + _INFLATE_CHUNK]
        before = inflater.copy()
        kept = len(out)
        try:
            _feed(inflater, chunk, out, budget)
        except zlib.error:
            del out[kept:]
            failed_at = start + _failing_byte(before, chunk, out, budget)
            if failed_at < len(data) - 3:
                out.clear()
            break
        if inflater.eof:
            break
    budget.charge(len(out))
    return bytes(out)


def _feed(inflater: Any, chunk: memoryview, out: bytearray, budget: _Inflation) -> None:
    """Inflate ``chunk`` into ``out``, never past the budget's room (then charge: it raises)."""
    pending: bytes | memoryview = chunk
    while pending and not inflater.eof:
        out += inflater.decompress(pending, budget.room() - len(out) + 1)
        if len(out) > budget.room():
            budget.charge(len(out))
        pending = inflater.unconsumed_tail


def _failing_byte(inflater: Any, chunk: memoryview, out: bytearray, budget: _Inflation) -> int:
    """Offset in ``chunk`` of the byte ``inflater`` fails on, feeding one byte at a time."""
    for offset in range(len(chunk)):
        try:
            _feed(inflater, chunk[offset : offset + 1], out, budget)
        except zlib.error:
            return offset
    return len(chunk)


class _GuardedZlib:
    """Stands in for the ``zlib`` module in ``pdfminer.pdftypes`` (which uses these three)."""

    error = zlib.error
    decompressobj = staticmethod(zlib.decompressobj)

    @staticmethod
    def decompress(data: bytes) -> bytes:
        budget = _BUDGET.get()
        return zlib.decompress(data) if budget is None else _inflate(data, budget)


_ORIGINAL_LZWDECODE = lzwdecode
_ORIGINAL_RLDECODE = rldecode
_ORIGINAL_CCITTFAXDECODE = ccittfaxdecode


def _lzwdecode(data: bytes) -> bytes:
    """pdfminer's LZW decoder, its output counted as it grows."""
    budget = _BUDGET.get()
    if budget is None:
        return _ORIGINAL_LZWDECODE(data)
    out = bytearray()
    room = budget.room()
    for piece in LZWDecoder(io.BytesIO(data)).run():
        out += piece
        if len(out) > room:
            budget.charge(len(out))
    budget.charge(len(out))
    return bytes(out)


def _rldecode(data: bytes) -> bytes:
    """RunLengthDecode (PDF 32000-1, 7.4.5), its output counted as it grows; truncated data
    keeps what was decoded (pdfminer's own decoder fails on it)."""
    budget = _BUDGET.get()
    if budget is None:
        return _ORIGINAL_RLDECODE(data)
    out = bytearray()
    room = budget.room()
    at = 0
    while at < len(data) and data[at] != 128:
        length = data[at]
        if length < 128:  # the next length + 1 bytes literally
            out += data[at + 1 : at + 2 + length]
            at += 2 + length
        else:  # the next byte 257 - length times
            out += data[at + 1 : at + 2] * (257 - length)
            at += 2
        if len(out) > room:
            budget.charge(len(out))
    budget.charge(len(out))
    return bytes(out)


def _ccittfaxdecode(data: bytes, params: dict[str, object]) -> bytes:
    """CCITT fax data is a picture, never text: not decoded while guarded (its size comes from
    the file's own /Columns and can be huge)."""
    if _BUDGET.get() is None:
        return _ORIGINAL_CCITTFAXDECODE(data, params)
    return b""


class _GuardedCMapParser(CMapParser):
    """pdfminer's character-map parser, refusing a map of more than MAX_CMAP_CODES codes (a
    range ``<00000000> <FFFFFFFF>`` made it add 4 billion entries one at a time)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._codes = 0

    def do_keyword(self, pos: int, token: PSKeyword) -> None:
        if _BUDGET.get() is not None:
            if token is self.KEYWORD_ENDBFRANGE:
                self._count([obj for _, obj in self.curstack], cid_range=False)
            elif token is self.KEYWORD_ENDCIDRANGE:
                self._count([obj for _, obj in self.curstack], cid_range=True)
        super().do_keyword(pos, token)

    def _count(self, objs: list[Any], *, cid_range: bool) -> None:
        """Add the codes the ranges in ``objs`` (start, end, target triples) would map."""
        for start, end, target in zip(objs[0::3], objs[1::3], objs[2::3], strict=False):
            if not (isinstance(start, bytes) and isinstance(end, bytes)):
                continue
            if cid_range:  # pdfminer counts on the last 4 bytes of a CID range
                start, end = start[-4:], end[-4:]
            size = int.from_bytes(end, "big") - int.from_bytes(start, "big") + 1
            if isinstance(target, list):  # one target per code, as many as listed
                size = min(size, len(target))
            self._codes += max(size, 0)
            if self._codes > MAX_CMAP_CODES:
                raise CorruptFile(
                    "a font in the PDF maps more than {limit} character codes (refused)",
                    limit=f"{MAX_CMAP_CODES:,}",
                )


def _widths_guard(original: Any, group: int) -> Any:
    """pdfminer's ``get_widths``/``get_widths2``, refusing width ranges over more than
    MAX_CMAP_CODES characters (``/W [0 2000000000 500]`` made it add 2 billion entries: 5.3 GB
    in 13 s; found by the fuzzing work, bench/fuzz/findings)."""

    def widths(seq: Any) -> Any:
        if _BUDGET.get() is not None:
            _count_width_ranges(seq, group)
        return original(seq)

    return widths


def _count_width_ranges(seq: Any, group: int) -> None:
    """The characters the ranges of a /W array (``first last w``, ``group`` 3) or a /W2 array
    (``first last w vx vy``, ``group`` 5) cover, at most MAX_CMAP_CODES (:class:`CorruptFile`
    past it); a list after a number is that character's widths, as pdfminer reads it."""
    from pdfminer.pdftypes import resolve1

    numbers: list[object] = []
    covered = 0
    for value in seq:
        value = resolve1(value)
        if isinstance(value, list):
            numbers = []
        elif isinstance(value, int | float):
            numbers.append(value)
            if len(numbers) == group:
                first, last = numbers[0], numbers[1]
                if isinstance(first, int) and isinstance(last, int):
                    covered += max(last - first + 1, 0)
                numbers = []
        if covered > MAX_CMAP_CODES:
            raise CorruptFile(
                "a font in the PDF gives widths to more than {limit} characters (refused)",
                limit=f"{MAX_CMAP_CODES:,}",
            )


_PATCHES: tuple[tuple[Any, str, object], ...] = (
    (pdfminer.pdftypes, "zlib", _GuardedZlib),
    (pdfminer.pdftypes, "lzwdecode", _lzwdecode),
    (pdfminer.pdftypes, "rldecode", _rldecode),
    (pdfminer.pdftypes, "ccittfaxdecode", _ccittfaxdecode),
    (pdfminer.pdffont, "CMapParser", _GuardedCMapParser),
    (pdfminer.pdffont, "get_widths", _widths_guard(pdfminer.pdffont.get_widths, 3)),
    (pdfminer.pdffont, "get_widths2", _widths_guard(pdfminer.pdffont.get_widths2, 5)),
)
_patch_lock = threading.Lock()
_patch_users = 0
_saved: list[object] = []


def _install() -> None:
    global _patch_users
    with _patch_lock:
        if _patch_users == 0:
            _saved[:] = [getattr(module, name) for module, name, _ in _PATCHES]
            for module, name, replacement in _PATCHES:
                setattr(module, name, replacement)
        _patch_users += 1


def _uninstall() -> None:
    global _patch_users
    with _patch_lock:
        _patch_users -= 1
        if _patch_users == 0:
            for (module, name, _), original in zip(_PATCHES, _saved, strict=True):
                setattr(module, name, original)


@contextlib.contextmanager
def guarded(max_bytes: int, total_bytes: int) -> Iterator[None]:
    """Inflation caps for one document: at most ``max_bytes`` per stream, ``total_bytes`` in
    all (see the module docstring for what is patched while this is active)."""
    token = _BUDGET.set(_Inflation(max_bytes, total_bytes))
    _install()
    try:
        yield
    finally:
        _uninstall()
        _BUDGET.reset(token)


# --------------------------------------------------------------------------- the document


def _reference_loop() -> CorruptFile:
    return CorruptFile("the PDF's objects refer to each other in a loop")


class GuardedDocument(PDFDocument):
    """pdfminer's document with reference loops refused, xref loops and oversized xref
    stream ranges cut, and no page labels (see the module docstring)."""

    def __init__(self, parser: PDFParser) -> None:
        self._loading: set[int] = set()
        self._resolved: set[int] = set()
        self._xref_starts: set[int] = set()
        super().__init__(parser)
        for xref in self.xrefs:
            if isinstance(xref, PDFXRefStream):
                _clamp_ranges(xref)

    def getobj(self, objid: int) -> object:
        """The object ``objid``; :class:`CorruptFile` if loading it needs itself, or if its
        chain of references comes back to where it started."""
        if objid in self._loading:
            raise _reference_loop()
        self._loading.add(objid)
        try:
            obj = super().getobj(objid)
        finally:
            self._loading.discard(objid)
        if isinstance(obj, PDFObjRef) and objid not in self._resolved:
            self._follow(objid, obj)
        return obj

    def _follow(self, objid: int, ref: PDFObjRef) -> None:
        """Walk the chain of references from ``objid``; every object on a chain that ends is
        remembered, so each chain is walked once."""
        chain = [objid]
        target: object = ref
        while isinstance(target, PDFObjRef):
            if target.objid in chain:
                raise _reference_loop()
            if target.objid in self._resolved:
                break
            chain.append(target.objid)
            try:
                target = super().getobj(target.objid)
            except pdfminer.pdftypes.PDFObjectNotFound:
                break
        self._resolved.update(chain)

    def read_xref_from(self, parser: PDFParser, start: int, xrefs: list[Any]) -> None:
        """Each cross-reference section once, however /Prev and /XRefStm chain them."""
        if start in self._xref_starts:
            return
        self._xref_starts.add(start)
        super().read_xref_from(parser, start, xrefs)

    def get_page_labels(self) -> Iterator[str]:
        """Never read (see the module docstring): pages get no label."""
        raise PDFNoPageLabels


def _clamp_ranges(xref: PDFXRefStream) -> None:
    """Cut an xref stream's /Index ranges to the entries its data holds."""
    if not xref.entlen or xref.data is None:
        return
    left = len(xref.data) // xref.entlen
    ranges = []
    for start, count in xref.ranges:
        ranges.append((start, max(0, min(count, left))))
        left -= ranges[-1][1]
    xref.ranges = ranges


# --------------------------------------------------------------------------- drawing


class GuardedTextConverter(TextConverter):
    """pdfminer's text converter counting what it is given: characters in the document (over
    ``max_chars``: refused), characters on the page, forms and pictures drawn,
    how deep, and the size of the forms' instructions (over ``max_form_bytes``: refused); its
    pages order their text boxes within :data:`MAX_GROUPED_BOXES` and
    :data:`MAX_GROUPED_PAIRS` (see the module docstring)."""

    def __init__(self, *args: Any, max_chars: int, max_form_bytes: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.max_chars = max_chars
        self.max_form_bytes = max_form_bytes
        self.chars = 0
        self.page_chars = 0
        self.draws = 0
        self.depth = 0
        self.forms_run = 0
        self.form_bytes = 0
        self.grouped_pairs = 0

    def begin_page(self, page: PDFPage, ctm: Matrix) -> None:
        self.page_chars = 0
        super().begin_page(page, ctm)
        self.cur_item = _GuardedPage(self, self.pageno, self.cur_item.bbox)

    def render_char(self, *args: Any, **kwargs: Any) -> float:
        self.chars += 1
        if self.chars > self.max_chars:
            raise text_too_long(self.max_chars)
        self.page_chars += 1
        if self.page_chars > MAX_PAGE_CHARS:
            raise TooLarge(
                "a page of the PDF holds more than {limit} characters (refused)",
                limit=f"{MAX_PAGE_CHARS:,}",
            )
        advance: float = super().render_char(*args, **kwargs)
        return advance


_TEXT_OPERATORS = (b"Tj", b"TJ", b"'", b'"', b"Do")


def _instructions(stream: PDFStream) -> bytes:
    """The decoded instructions of a content stream (a page's or a form's); :class:`TooLarge`
    the first time if over 1 MiB that expand more than ``ZIP_MAX_RATIO``:1 (20 KB of ``q``
    compressed expand to 20 MB, 10 million operators: minutes of work)."""
    raw = stream.rawdata if stream.data is None else None
    data = stream.get_data()
    if raw is not None and len(data) > ZIP_RATIO_MIN_SIZE:
        ratio = len(data) // max(len(raw), 1)
        if ratio > ZIP_MAX_RATIO:
            raise TooLarge(
                "a content stream of the PDF expands {ratio}:1 to {size}, over the "
                "{limit}:1 limit (compression bomb?)",
                ratio=ratio,
                size=megabytes(len(data)),
                limit=ZIP_MAX_RATIO,
            )
    return data


def _may_show_text(stream: PDFStream) -> bool:
    """False if the form's instructions cannot show text: none of the text-showing operators
    (or ``Do``, which may draw a form that does) appears in them. Remembered on the stream."""
    known = getattr(stream, _SHOWS_TEXT, None)
    if known is None:
        data = _instructions(stream)
        known = any(operator in data for operator in _TEXT_OPERATORS)
        setattr(stream, _SHOWS_TEXT, known)
    return bool(known)


_SHOWS_TEXT = "_copylens_may_show_text"


class _GuardedPage(LTPage):
    """A page whose text boxes are grouped pair by pair only within the device's budget."""

    def __init__(self, device: GuardedTextConverter, pageid: int, bbox: Rect) -> None:
        super().__init__(pageid, bbox)
        self._device = device

    def group_textboxes(self, laparams: LAParams, boxes: Any) -> list[LTTextGroup]:
        pairs = len(boxes) * (len(boxes) - 1) // 2
        device = self._device
        if len(boxes) <= MAX_GROUPED_BOXES and device.grouped_pairs + pairs <= MAX_GROUPED_PAIRS:
            device.grouped_pairs += pairs
            return super().group_textboxes(laparams, boxes)
        # One group: its analyze() orders the boxes top to bottom, left to right.
        textboxes: list[LTTextBox] = list(boxes)
        return [LTTextGroupLRTB(textboxes)]


class GuardedResourceManager(PDFResourceManager):
    """pdfminer's resource manager, also keeping the fonts given inline (a dictionary in the
    resources rather than an object of their own): pdfminer made them anew each time a form
    using them was drawn (most of the time of a PDF of nested forms)."""

    def __init__(self) -> None:
        super().__init__()
        self._inline: dict[int, tuple[object, PDFFont]] = {}

    def get_font(self, objid: object, spec: Mapping[str, object]) -> PDFFont:
        if objid:
            return super().get_font(objid, spec)
        known = self._inline.get(id(spec))
        if known is not None and known[0] is spec:
            return known[1]
        font = super().get_font(objid, spec)
        self._inline[id(spec)] = (spec, font)  # the spec is kept, so its id stays its own
        return font


class GuardedInterpreter(PDFPageInterpreter):
    """pdfminer's page interpreter with the drawing limits of the module docstring; its
    device must be a :class:`GuardedTextConverter` (the counters live there, so the
    interpreters pdfminer creates for nested forms share them)."""

    def do_Do(self, xobjid_arg: PDFStackT) -> None:
        device = self.device
        assert isinstance(device, GuardedTextConverter)
        device.draws += 1
        if device.draws > MAX_XOBJECT_DRAWS:
            raise TooLarge(
                "the PDF draws forms and pictures more than {limit} times (refused)",
                limit=f"{MAX_XOBJECT_DRAWS:,}",
            )
        if device.depth >= MAX_XOBJECT_DEPTH:
            raise TooLarge(
                "the PDF nests forms more than {limit} levels deep (refused)",
                limit=MAX_XOBJECT_DEPTH,
            )
        device.depth += 1
        try:
            super().do_Do(xobjid_arg)
        finally:
            device.depth -= 1

    def render_contents(
        self, resources: dict[object, object], streams: Any, ctm: Matrix = MATRIX_IDENTITY
    ) -> None:
        device = self.device
        assert isinstance(device, GuardedTextConverter)
        contents = [stream_value(stream) for stream in list_value(streams)]
        for stream in contents:
            _instructions(stream)
        if device.depth:  # a form's instructions, counted each time it is drawn
            if not any(_may_show_text(stream) for stream in contents):
                return  # a picture drawn with lines (a plot's marker): no text to read
            device.forms_run += 1
            if device.forms_run > MAX_FORMS_RUN:
                raise TooLarge(
                    "the PDF draws forms holding text more than {limit} times (refused)",
                    limit=f"{MAX_FORMS_RUN:,}",
                )
            device.form_bytes += sum(len(stream.get_data()) for stream in contents)
            if device.form_bytes > device.max_form_bytes:
                raise TooLarge(
                    "the PDF draws forms whose instructions add up to more than {limit} (refused)",
                    limit=megabytes(device.max_form_bytes),
                )
        super().render_contents(resources, streams, ctm)

    def init_state(self, ctm: Matrix) -> None:
        super().init_state(ctm)
        self._unsaved = 0  # saves past MAX_SAVED_STATES, ignored with their restores

    def do_q(self) -> None:
        if len(self.gstack) >= MAX_SAVED_STATES:
            self._unsaved += 1
        else:
            super().do_q()

    def do_Q(self) -> None:
        if self._unsaved:
            self._unsaved -= 1
        else:
            super().do_Q()

    def push(self, obj: PDFStackT) -> None:
        self.argstack.append(obj)
        if len(self.argstack) > 2 * MAX_OPERANDS:
            del self.argstack[:-MAX_OPERANDS]

    def pop(self, n: int) -> list[PDFStackT]:
        """pdfminer's pop without copying the rest of the stack."""
        if n == 0:
            return []
        taken = self.argstack[-n:]
        del self.argstack[-n:]
        return taken
