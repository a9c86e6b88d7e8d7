"""The ``copylens`` command line: check, compare, extract, dedup, lab evaluate.

A contract: the GUI, scripts and benchmarks rely on these names and on the JSON shapes in
``copylens.core.report``. Heavy modules are imported inside the commands, so ``--help`` is instant.

Engine options: how each is spelled here (flag, placeholder, unit, inversions such as
``--no-lemmas``, the words of its help) is declared in the flag tables below, beside the
parser: that is the command line's contract, and one option is spelled differently by
different commands (``--drop-short`` for check, ``--keep-short`` for the lab). Its type,
default, range or choices come from the option's spec in the core, read only when a command
that uses them is parsed or its help shown.
Exit codes: 0 the run finished (unreadable files are listed in ``errors``), 1 no input could
be read, 2 usage error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import atexit
import codecs
import json
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

EXIT_OK, EXIT_NO_INPUT, EXIT_USAGE, EXIT_INTERRUPTED, EXIT_TERMINATED = 0, 1, 2, 130, 143
MB = 1024 * 1024


class Flag(NamedTuple):
    """How one engine option is spelled on the command line. Its type, default, range or
    choices come from the option's Spec (``copylens.core.specs()``), read when a command that
    uses it is parsed; the spelling, the unit and the words stay here, with the parser.
    """

    option: str
    """The ``Options`` field it sets (also the namespace attribute)."""
    flag: str
    metavar: str = ""
    """The value's placeholder; empty for a switch, and for a text option (shows its choices)."""
    help: str = ""
    """The command line's words; the range and default are appended from the spec."""
    switch: bool | None = None
    """A switch without a value: the option value it sets (its default is the other one)."""
    scale: int = 1
    """Option value = command-line value × scale (MB → bytes)."""


LANG = Flag("language", "--lang", help="language of the documents; auto detects it per document")
MAX_FILE_MB = Flag("max_file_bytes", "--max-file-mb", "MB", "larger files are refused", scale=MB)
WORKERS = Flag("workers", "--workers", "N", "processes, 0 for one per core")
READ_LIMITS = (
    Flag("read_seconds", "--read-seconds", "S", "give up a file that takes longer to read"),
    Flag(
        "read_memory_bytes",
        "--read-memory-mb",
        "MB",
        "give up a file that needs more memory to read",
        scale=MB,
    ),
)
ENGINE_FLAGS = (
    Flag("shingle", "--shingle", "N", "words per shingle"),
    LANG,
    Flag(
        "min_fragment_words", "--min-fragment", "N", "shortest fragment reported, in counted words"
    ),
    Flag("seed_k", "--seed", "K", "words per alignment seed"),
    Flag(
        "anchor_words",
        "--anchor",
        "A",
        "consecutive matching words every fragment holds, at least --seed",
    ),
    Flag("max_gap", "--gap", "G", "words a fragment may skip between seeds"),
    Flag("lemmatize", "--no-lemmas", help="compare word forms as written", switch=False),
    Flag(
        "stop_words",
        "--keep-stop-words",
        help="compare common words too (“the”, “and”, “и”)",
        switch=False,
    ),
    Flag("drop_short", "--drop-short", help="ignore words of 3 letters or fewer", switch=True),
    Flag(
        "ignore_numbers", "--ignore-numbers", help="ignore words made only of digits", switch=True
    ),
    Flag(
        "exclude_quotes",
        "--exclude-quotes",
        help="leave quoted text out of matching (by default it is matched and reported as cited)",
        switch=True,
    ),
    Flag(
        "exclude_bibliography",
        "--exclude-bibliography",
        help="leave the references section out of matching (by default: cited)",
        switch=True,
    ),
    Flag(
        "paraphrase",
        "--no-paraphrase",
        help="find copied text only, not sentences retold in other words",
        switch=False,
    ),
    MAX_FILE_MB,
    *READ_LIMITS,
    WORKERS,
)
"""``check`` and ``compare``, over the engine's defaults (``Options()``)."""
COMPARE_FLAGS = (
    Flag(
        "min_containment",
        "--min-containment",
        "X",
        "report pairs whose containment either way reaches X",
    ),
    Flag(
        "max_df_share",
        "--max-df",
        "S",
        "ignore text more than this share of the documents hold, as a template; from 10 "
        "documents on, text 3 or more hold; 1 turns it off",
    ),
)
"""``compare`` only, before the others."""
LAB_FLAGS = (
    LANG,
    Flag(
        "drop_short",
        "--keep-short",
        help="keep words of 3 letters or fewer (the study drops them)",
        switch=False,
    ),
    MAX_FILE_MB,
    *READ_LIMITS,
    WORKERS,
)
"""``dedup`` and ``lab evaluate``, over the lab's defaults (``STUDY_OPTIONS``)."""
EXTRACT_FLAGS = (MAX_FILE_MB, *READ_LIMITS)
ARCHIVE_ADD_FLAGS = tuple(
    f
    for f in ENGINE_FLAGS
    if f.option
    in {
        "language",
        "lemmatize",
        "stop_words",
        "drop_short",
        "ignore_numbers",
        "anchor_words",
        "max_file_bytes",
        "read_seconds",
        "read_memory_bytes",
        "workers",
    }
)
"""``archive add``: what decides the stored words (a new archive keeps them; an existing
one's are used where a flag is not given) and how files are read."""
ARCHIVE_ENV = "COPYLENS_ARCHIVE"
"""The archive every command uses when ``--archive`` is not given."""
NOT_ON_COMMAND_LINE = {
    "max_seed_repeats": "a tuning constant of the alignment, set by the benches",
    "cluster_threshold": "compare's groups use the engine's default (the window sets it)",
}
"""Engine options the command line leaves at their defaults, and why."""


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as for Ctrl+C (workers killed, nothing half-written kept). A
    KeyboardInterrupt, so that every library stops on it as on Ctrl+C: Dask's client cancels
    the wait it was interrupted in only for a KeyboardInterrupt (``distributed.utils.sync``)."""


def main(argv: Sequence[str] | None = None) -> int:
    _escape_undecodable(sys.stdout)
    from copylens.core import collections_paused

    with collections_paused():  # the option specs' modules, imported to parse: they live on
        parser = build_parser()
        args = parser.parse_args(argv)
    if getattr(args, "format", None) == "text":
        _plain_where_unencodable(sys.stdout)
    args.typed = _typed(sys.argv[1:] if argv is None else list(argv))
    previous = _handle_sigterm(_terminate)
    try:
        return int(args.run(args))
    except Terminated:  # first: it is a KeyboardInterrupt
        print("\nterminated", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:  # the one place errors reach the user
        return _report_error(error)
    finally:
        _handle_sigterm(previous)


def _terminate(signum: int, frame: object) -> None:
    raise Terminated()


def _handle_sigterm(handler: Any) -> Any:
    """Install ``handler`` for SIGTERM (main thread only); returns the one it replaces."""
    if handler is None or threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, handler)


def _escape_undecodable(stream: Any) -> None:
    """Let ``stream`` write file names that are not valid UTF-8: their undecodable bytes
    (Python's surrogate escapes) come out as ``\\udcXX``. Inside JSON that is the string
    escape of the same character, so ``os.fsencode(json.loads(...)["path"])`` gives the
    name's bytes back; text output shows the escape where the byte was."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")


PLAIN = {
    **dict.fromkeys("«»„“”", '"'),
    **dict.fromkeys("‘’", "'"),
    **dict.fromkeys("—–", "-"),
    "…": "...",
    "←": "<-",
    "→": "->",
    "·": "-",
    "\u00a0": " ",
    "№": "No.",
}
"""Plain stand-ins for the typography of text output where the code page has none (cp866, the
OEM page of a Russian Windows console, has no « » … ←; cp1251 has no ←)."""


def _plain_or_escaped(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: :data:`PLAIN` stand-ins, else backslash escapes."""
    if isinstance(error, UnicodeEncodeError):
        chars = error.object[error.start : error.end]
        if all(char in PLAIN for char in chars):
            return "".join(PLAIN[char] for char in chars), error.end
    return codecs.backslashreplace_errors(error)


codecs.register_error("copylens-plain", _plain_or_escaped)


def _plain_where_unencodable(stream: Any) -> None:
    """Text output (for people) in a code page that lacks some of its characters (Windows:
    the ANSI page, cp1251, when redirected or piped; the OEM page cp866 of a legacy console
    (``PYTHONLEGACYWINDOWSSTDIO``)): quotes, dashes and arrows
    become plain ones, anything else a backslash escape as before. JSON and CSV keep the
    escapes, which they read back as the same characters."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="copylens-plain")


class _Parser(argparse.ArgumentParser):
    """A parser whose arguments can be added on first use (``fill``): a command's engine
    options are read from the option specs only when that command is parsed or its help shown,
    so ``copylens --help`` imports nothing of the engine. Flags are never abbreviated
    (``--la`` for ``--lang``): what was typed is then known by name (:func:`_typed`)."""

    def __init__(
        self,
        *args: Any,
        fill: Callable[[argparse.ArgumentParser], None] | None = None,
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._fill = fill

    def _filled(self) -> None:
        if self._fill is not None:
            fill, self._fill = self._fill, None
            fill(self)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._filled()
        return super().parse_known_args(args, namespace)

    def format_usage(self) -> str:
        self._filled()
        return super().format_usage()

    def format_help(self) -> str:
        self._filled()
        return super().format_help()


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="copylens",
        description="Find copied and edited passages between documents "
        "(txt, md, docx, pdf, odt, rtf, html, doc).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = sub.add_parser(
        "check",
        help="check documents against sources",
        fill=lambda p: (_engine_arguments(p, ENGINE_FLAGS), _web_arguments(p)),
    )
    check.add_argument(
        "documents", nargs="*", metavar="DOC", help="files or folders to check (at least one)"
    )
    check.add_argument(
        "--against",
        nargs="+",
        default=[],
        metavar="SRC",
        help="source files or folders (after them, a DOC is read as the document: "
        "check --against sources/ essay.docx)",
    )
    _ignore_argument(check)
    _archive_argument(check, "also check against the archive's documents")
    check.add_argument(
        "--add-to-archive",
        action="store_true",
        help="store the checked documents in the archive after checking them",
    )
    _label_argument(check, "the checked documents' labels (author=… marks self-citation)")
    _report_arguments(check)
    _exclusion_arguments(check)
    _certificate_arguments(check)
    check.set_defaults(run=_run_check)
    compare = sub.add_parser(
        "compare",
        help="compare every document with every other",
        fill=lambda p: _engine_arguments(p, ENGINE_FLAGS, COMPARE_FLAGS, ("text", "json", "csv")),
    )
    compare.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    _ignore_argument(compare)
    _dask_argument(compare)
    _report_arguments(compare)
    compare.set_defaults(run=_run_compare)
    extract = sub.add_parser(
        "extract",
        help="print the extracted text all offsets refer to",
        fill=lambda p: _add_flags(p, EXTRACT_FLAGS, _engine_defaults()),
    )
    extract.add_argument("file")
    extract.set_defaults(run=_run_extract)
    _dedup_parser(sub)
    _news_parser(sub)
    _lab_parser(sub)
    _archive_parser(sub)
    return parser


REPORT_SUFFIXES = {".html": "html", ".htm": "html", ".pdf": "pdf"}
"""``--report FILE``: the report's format by the file's suffix."""


def _report_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="also write the report the window exports: FILE.html (one self-contained page) "
        "or FILE.pdf (A4)",
    )
    p.add_argument(
        "--report-language",
        choices=("system", "en", "ru"),
        default="system",
        help="the report's language (default: the system's, as the window)",
    )


def _exclusion_arguments(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group(
        "exclusions",
        "Leave matches or sources out of the figures, as Turnitin's filters: every share "
        "(uniqueness, borrowed, cited, each source's) is counted again without them, in the "
        "text, JSON and --report output alike.",
    )
    group.add_argument(
        "--hide-under-words", type=int, default=0, metavar="N", help="matches under N words"
    )
    group.add_argument(
        "--hide-under-percent",
        type=_finite,
        default=0.0,
        metavar="X",
        help="sources holding under X %% of the document",
    )
    group.add_argument(
        "--exclude-source",
        action="append",
        default=[],
        metavar="SRC",
        help="a source (its path, a folder of them, or an archive id: 12 or archive:12)",
    )
    group.add_argument(
        "--exclude-label",
        action="append",
        default=[],
        type=_label,
        metavar="KEY=VALUE",
        help="every archived source with this label (group=301: the class's earlier work)",
    )


def _exclusions(args: argparse.Namespace, report: Any) -> Any:
    """The exclusions the flags ask for, the sources named resolved to the report's keys."""
    from copylens.core import Exclusions

    if not 0 <= args.hide_under_words <= 10_000:
        raise SystemExit(_usage("--hide-under-words must be 0..10000"))
    if not 0 <= args.hide_under_percent <= 100:
        raise SystemExit(_usage("--hide-under-percent must be 0..100"))
    sources = {src for d in report.documents for src in d.sources}
    keys = {src.key for src in sources if any(_names(src, given) for given in args.exclude_source)}
    return Exclusions(
        min_words=args.hide_under_words,
        min_share=args.hide_under_percent / 100,
        sources=frozenset(keys),
        archive_labels=frozenset(args.exclude_label),
    )


def _names(source: Any, given: str) -> bool:
    """Whether ``given`` (as typed after --exclude-source) names ``source``."""
    if source.archive_id is not None:
        return given.removeprefix("archive:").removeprefix("#") == str(source.archive_id)
    if given == source.path:
        return True
    try:
        wanted, path = Path(given).resolve(), Path(source.path).resolve()
    except (OSError, ValueError):
        return False
    return path == wanted or wanted in path.parents


CERTIFICATE_FIELDS = {
    "institution": "the institution, on top",
    "work_title": "the work's title (default: the document's name)",
    "author": "the author (default: --label author=…)",
    "group": "the author's group (default: --label group=…)",
    "checker": "who checked it, beside the signature line",
}


def _certificate_arguments(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group(
        "certificate",
        "With --report, a one-page certificate per document before the detailed report: "
        "these fields, the three shares, the main sources, the method and the settings' "
        "fingerprint, and a signature line.",
    )
    group.add_argument(
        "--certificate", action="store_true", help="start the report with the certificates"
    )
    for name, help_ in CERTIFICATE_FIELDS.items():
        group.add_argument(f"--{name.replace('_', '-')}", default="", metavar="TEXT", help=help_)


def _certificate(args: argparse.Namespace) -> Any:
    """The certificate's fields from the flags and the labels, None without --certificate."""
    if not getattr(args, "certificate", False):
        return None
    from copylens.app.export import Certificate

    return Certificate.with_labels(
        dict(args.label),
        institution=args.institution,
        title=args.work_title,
        author=args.author,
        group=args.group,
        checker=args.checker,
    )


def _report_target(args: argparse.Namespace) -> str | None:
    """A usage problem with ``--report``, found before the run; None when it is fine."""
    path = args.report
    if path is None:
        return "--certificate needs --report FILE" if getattr(args, "certificate", False) else None
    if path.suffix.lower() not in REPORT_SUFFIXES:
        return f"--report {path}: the file must end in .html or .pdf"
    if not path.parent.is_dir():
        return f"--report {path}: there is no folder {path.parent}"
    return None


def _write_report(args: argparse.Namespace, report: Any) -> None:
    """Write ``report`` to ``--report`` (HTML or PDF), as the window exports it: Qt's
    printing makes the PDF, offscreen (no display needed), in ``--report-language``."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from copylens.app import i18n
    from copylens.app.qt import QtWidgets

    # a QApplication (not the lighter QGuiApplication): a process that goes on to make
    # widgets, as a test run does, needs the one application to be that
    app = QtWidgets.QApplication.instance() or QtWidgets.QApplication(["copylens"])
    i18n.install_translator(app, args.report_language)
    from copylens.app.printing import write_report

    fmt = REPORT_SUFFIXES[args.report.suffix.lower()]
    path = write_report(args.report, fmt, report, certificate=_certificate(args))
    print(f"report written to {path}", file=sys.stderr)


def _with_header(report: Any) -> dict[str, Any]:
    """The report's JSON after the header the window's JSON export has too: kind, date,
    version and settings (:func:`copylens.app.export.json_header`)."""
    from copylens.app.export import json_header
    from copylens.core import CheckReport

    kind = "check" if isinstance(report, CheckReport) else "compare"
    return json_header(kind, report.options) | report.to_json()


def _web_arguments(p: argparse.ArgumentParser) -> None:
    """Sources from the web (issue 19): pages by address, and a search with the user's key."""
    from copylens.core import PROVIDERS

    web = p.add_argument_group(
        "sources from the web",
        "Pages are downloaded (robots.txt honoured) and cached in the user's cache folder "
        "(COPYLENS_WEB_CACHE moves it). A search sends the documents' distinctive phrases, and "
        "nothing else, to the provider chosen, with the key from its environment variable: "
        + "; ".join(f"{name}: {info.key_variable}" for name, info in PROVIDERS.items())
        + ".",
    )
    web.add_argument(
        "--url", action="append", default=[], metavar="URL", help="a web page as a source"
    )
    web.add_argument(
        "--url-list", type=Path, metavar="FILE", help="a file of addresses, one per line"
    )
    web.add_argument(
        "--web",
        action="store_true",
        help="search the web for the documents' distinctive phrases and check against the "
        "pages found (each query costs you: see --max-queries)",
    )
    web.add_argument(
        "--provider", choices=tuple(PROVIDERS), default=next(iter(PROVIDERS)), help="for --web"
    )
    web.add_argument(
        "--max-queries",
        type=int,
        default=20,
        metavar="N",
        help="search queries for the whole check, at most (default: %(default)s)",
    )
    web.add_argument(
        "--refresh", action="store_true", help="download the pages again, ignoring the cache"
    )
    web.add_argument(
        "--allow-local-urls",
        action="store_true",
        help="fetch loopback and private addresses too (an intranet); link-local addresses "
        "(169.254.0.0/16, fe80::/10) and cloud metadata services never",
    )


def _web_request(args: argparse.Namespace) -> Any:
    """The run's WebRequest, or None when it takes nothing from the web. Raises SearchFailed
    when --web has no key to search with, OSError when --url-list cannot be read."""
    from copylens.core import WebRequest, provider_from_env

    urls = [*args.url]
    if args.url_list is not None:
        text = args.url_list.read_text(encoding="utf-8-sig", errors="replace")
        urls += [line.strip() for line in text.splitlines()]
    urls = [u for u in urls if u and not u.startswith("#")]
    if not urls and not args.web:
        return None
    provider = provider_from_env(args.provider) if args.web else None
    return WebRequest(
        urls=tuple(urls),
        provider=provider,
        max_queries=args.max_queries,
        allow_local=args.allow_local_urls,
        refresh=args.refresh,
    )


def _archive_argument(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument(
        "--archive",
        metavar="DB",
        help=f"{what}: an SQLite file or a postgresql:// URL (default: ${ARCHIVE_ENV})",
    )


def _label_argument(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument(
        "--label", action="append", default=[], type=_label, metavar="KEY=VALUE", help=what
    )


def _label(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise ValueError(text)
    return key.strip(), value.strip()


_label.__name__ = "KEY=VALUE label"


def _archive_parser(sub: Any) -> None:
    archive = sub.add_parser("archive", help="the archive of earlier documents")
    commands = archive.add_subparsers(dest="archive_command", required=True, metavar="COMMAND")
    add = commands.add_parser(
        "add",
        help="read files and folders into the archive",
        fill=lambda p: _archive_add_arguments(p),
    )
    add.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    _archive_argument(add, "the archive (created on first add)")
    _label_argument(add, "labels of the added documents (author, group, year, …)")
    _dask_argument(add)
    add.set_defaults(run=_run_archive_add)
    listing = commands.add_parser("list", help="the archived documents")
    _archive_argument(listing, "the archive")
    _label_argument(listing, "only documents with this label (repeat: all of them)")
    listing.add_argument("--format", choices=("text", "json"), default="text")
    listing.set_defaults(run=_run_archive_list)
    stats = commands.add_parser("stats", help="how many documents, how large")
    _archive_argument(stats, "the archive")
    stats.add_argument("--format", choices=("text", "json"), default="text")
    stats.set_defaults(run=_run_archive_stats)
    remove = commands.add_parser("remove", help="remove documents by id")
    remove.add_argument("ids", nargs="+", type=int, metavar="ID")
    _archive_argument(remove, "the archive")
    remove.set_defaults(run=_run_archive_remove)
    extract = commands.add_parser(
        "extract", help="print a document's archived text (source offsets refer to it)"
    )
    extract.add_argument("id", type=int, metavar="ID")
    _archive_argument(extract, "the archive")
    extract.set_defaults(run=_run_archive_extract)


def _archive_add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=("text", "json"), default="text")
    _add_flags(p, ARCHIVE_ADD_FLAGS, _engine_defaults())
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _ignore_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--ignore",
        nargs="+",
        default=[],
        metavar="FILE",
        help="templates (an assignment, a handout, a form): text matching these files or "
        "the files in these folders is never marked and not counted",
    )


def _dask_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="read and compare on a Dask cluster: a running scheduler (tcp://host:8786; the "
        "workers must see the files at the same paths) or local (a cluster of --workers "
        "processes here); needs pip install 'copylens[dask]'",
    )


def _dedup_parser(sub: Any) -> None:
    dedup = sub.add_parser(
        "dedup",
        help="group near-duplicate documents with one catalogue method",
        fill=_collection_arguments,
    )
    dedup.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    dedup.add_argument(
        "--method", required=True, metavar="NAME", help="A0..A12, simhash, broder, ... (see lab)"
    )
    dedup.add_argument("--format", choices=("text", "json"), default="text")
    _dask_argument(dedup)
    dedup.set_defaults(run=_run_dedup)


def _news_parser(sub: Any) -> None:
    """``copylens news train|dedup``: duplicate stories of a news stream (issue 18)."""
    news = sub.add_parser(
        "news", help="duplicate stories in a news stream: many criteria and an SVM (issue 18)"
    )
    commands = news.add_subparsers(dest="news_command", required=True, metavar="COMMAND")
    items_help = "JSON Lines files, RSS/Atom feed files, saved HTML pages, or folders of them"
    train = commands.add_parser(
        "train",
        help="train a duplicate model on labelled pairs and print its cross-validated scores",
    )
    train.add_argument("items", nargs="+", metavar="ITEMS", help=items_help)
    train.add_argument(
        "--pairs",
        required=True,
        type=Path,
        metavar="LABELS.csv",
        help="a,b,label rows: item ids, 1 duplicate, 0 not",
    )
    train.add_argument("--model", required=True, type=Path, metavar="MODEL", help="file to write")
    train.add_argument(
        "--criteria",
        default="all",
        metavar="all|text,title,...",
        help="the criteria the model uses (default: all)",
    )
    train.add_argument("--format", choices=("text", "json"), default="text")
    train.set_defaults(run=_run_news_train)
    dedup = commands.add_parser("dedup", help="find the stories that duplicate earlier ones")
    dedup.add_argument("items", nargs="+", metavar="ITEMS", help=items_help)
    dedup.add_argument(
        "--model", type=Path, metavar="MODEL", help="default: the model shipped with CopyLens"
    )
    dedup.add_argument(
        "--window",
        type=float,
        default=3.0,
        metavar="DAYS",
        help="compare an item with the items of the DAYS before it (0: with all; default 3)",
    )
    _archive_argument(
        dedup,
        "compare with the items stored there by earlier runs (within the window) and store "
        "these; made if missing",
    )
    dedup.add_argument("--format", choices=("text", "json"), default="text")
    dedup.add_argument("--quiet", action="store_true", help="no progress bar")
    dedup.set_defaults(run=_run_news_dedup)


def _run_news_train(args: argparse.Namespace) -> int:
    from copylens.core import news_train, read_news, read_news_pairs, save_news_model

    items, failures = read_news(args.items)
    labels = read_news_pairs(args.pairs, {item.id for item in items})
    report = news_train(items, labels, args.criteria)
    save_news_model(report.model, args.model)
    if args.format == "json":
        _print_json(report.to_json() | {"errors": [_news_failure(f) for f in failures]})
        return EXIT_OK
    print(f"{report.pairs} labelled pairs, {report.duplicates} duplicates")
    print(f"{'features':<24} {'precision':>9} {'recall':>7} {'F1':>6}  (cross-validated)")
    for name, s in report.scores.items():
        print(f"{name:<24} {s.precision:>9.3f} {s.recall:>7.3f} {s.f1:>6.3f}")
    print("learning curve (pairs: F1): " + ", ".join(f"{n}: {s.f1:.3f}" for n, s in report.curve))
    print(
        f"model written to {args.model} ({', '.join(report.model.features)}; threshold"
        f" {report.model.threshold:.2f}, chosen by cross-validation on these pairs)"
    )
    _print_news_failures(failures)
    return EXIT_OK


def _run_news_dedup(args: argparse.Namespace) -> int:
    from copylens.core import NEWS_MODEL, load_news_model, news_dedup, read_news

    model = load_news_model(args.model or NEWS_MODEL)
    items, failures = read_news(args.items)
    location = _archive_location(args, required=False)
    with _progress(args) as progress:
        if location is None:
            report = news_dedup(items, model, window_days=args.window or None, progress=progress)
        else:
            from copylens.core import news_dedup_stream, open_archive

            with open_archive(location, create=True) as archive:
                report = news_dedup_stream(
                    items, model, archive, window_days=args.window or None, progress=progress
                )
    data = report.to_json()
    data["errors"] = [_news_failure(f) for f in failures] + data["errors"]
    if args.format == "json":
        _print_json(data)
    else:
        for pair in report.pairs:
            print(f"{pair.probability:.2f}  {pair.a}  {pair.relation.replace('_', ' ')}  {pair.b}")
        for n, cluster in enumerate(report.clusters, start=1):
            print(f"group {n}: " + ", ".join(cluster))
        if not report.pairs:
            print(f"no duplicates among {len(items)} items")
        _print_news_failures([*failures, *report.errors])
    return EXIT_OK if items else EXIT_NO_INPUT


def _news_failure(failure: Any) -> dict[str, str]:
    return {"path": failure.path, "error": failure.error}


def _print_news_failures(failures: Sequence[Any]) -> None:
    from copylens.app import textout

    textout.print_errors(failures, sys.stdout)


def _lab_parser(sub: Any) -> None:
    lab = sub.add_parser("lab", help="the methods lab: evaluate the catalogue's methods")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True, metavar="COMMAND")
    methods = lab_sub.add_parser("methods", help="list the catalogue's methods")
    methods.set_defaults(run=_run_lab_methods)
    ev = lab_sub.add_parser(
        "evaluate",
        help="recall, precision, F and speed per method; Dice agreement between methods",
        fill=_collection_arguments,
    )
    ev.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    ev.add_argument(
        "--pairs",
        type=Path,
        metavar="LABELS.csv",
        help="labelled pairs (columns a,b,label; 1 = near-duplicate); "
        "default: the study's verified pool",
    )
    ev.add_argument(
        "--unlisted-negative",
        action="store_true",
        help="with --pairs: every pair not in the file is a 0 (complete labels)",
    )
    ev.add_argument("--methods", default="all", metavar="A0,A4,...|all")
    ev.add_argument("--format", choices=("text", "csv", "json"), default="text")
    ev.add_argument("--plot", type=Path, metavar="FILE.png", help="draw recall/precision")
    ev.set_defaults(run=_run_lab_evaluate)


def _collection_arguments(p: argparse.ArgumentParser) -> None:
    from copylens.core import STUDY_OPTIONS

    _add_flags(p, LAB_FLAGS, STUDY_OPTIONS)
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _engine_arguments(
    p: argparse.ArgumentParser,
    flags: tuple[Flag, ...],
    first: tuple[Flag, ...] = (),
    formats: tuple[str, ...] = ("text", "json"),
) -> None:
    _add_flags(p, first, _engine_defaults())
    p.add_argument("--format", choices=formats, default="text")
    _add_flags(p, flags, _engine_defaults())
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _engine_defaults() -> Any:
    from copylens.core import Options

    return Options()


def _add_flags(p: argparse.ArgumentParser, flags: tuple[Flag, ...], base: Any) -> None:
    """One argument per flag: type, default, range or choices from the option's spec, the
    default taken from ``base`` (the engine's options, or the lab's)."""
    from copylens.core import specs

    declared = specs()
    for f in flags:
        spec = declared[f.option]
        default = getattr(base, f.option)
        if f.switch is not None:
            p.add_argument(
                f.flag,
                dest=f.option,
                action="store_const",
                const=f.switch,
                default=default,
                help=_escape(f.help or spec.help),
            )
            continue
        value = default / f.scale if f.scale != 1 else default
        if spec.choices:
            limits = f"default {value}"
        elif f.scale != 1:
            limits = f"default {_number(value)}"
        else:
            limits = f"{_number(spec.low)}..{_number(spec.high)}, default {_number(value)}"
        p.add_argument(
            f.flag,
            dest=f.option,
            type=_finite if f.scale != 1 or spec.kind is float else spec.kind,
            choices=spec.choices or None,
            default=value,
            metavar=f.metavar or None,
            help=_escape(f"{(f.help or spec.help).rstrip('.')} ({limits})"),
        )


def _options(args: argparse.Namespace, flags: tuple[Flag, ...], base: Any) -> Any:
    """``base`` with the flags' values, validated; problems name the flags."""
    from dataclasses import replace

    from copylens.core import OptionsError, specs

    declared = specs()
    scaled = [f for f in flags if f.scale != 1]
    problems = [p for f in scaled if (p := _scaled_problem(f, declared[f.option], args))]
    if problems:
        raise OptionsError(problems)
    changes = {f.option: _option_value(f, getattr(args, f.option)) for f in flags}
    names = {f.option: f.flag for f in flags}
    return replace(base, **changes).validated(name=lambda field: names.get(field, field))


def _scaled_problem(f: Flag, spec: Any, args: argparse.Namespace) -> str | None:
    """A scaled flag's range problem in the flag's own unit (MB), before scaling."""
    value = getattr(args, f.option)
    low, high = spec.low / f.scale, spec.high / f.scale
    if low <= value <= high:
        return None
    return f"{f.flag} must be {low:g}..{high:g}, got {value:g}"


def _finite(text: str) -> float:
    """A number for a float flag: ``inf`` and ``nan`` are refused (argparse names the flag)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


_finite.__name__ = "finite number"  # argparse says "invalid finite number value: 'inf'"


def _option_value(f: Flag, value: Any) -> Any:
    return int(value * f.scale) if f.scale != 1 else value


def _number(value: float | None) -> str:
    if value is None:
        return "?"
    return str(int(value)) if float(value).is_integer() else str(value)


def _escape(text: str) -> str:
    """argparse formats help with %: a literal one is doubled."""
    return text.replace("%", "%%")


def _run_check(args: argparse.Namespace) -> int:
    from contextlib import nullcontext
    from dataclasses import replace

    from copylens.app import textout
    from copylens.core import (
        MoreSources,
        add_checked,
        check,
        open_archive,
        with_archive_settings,
    )

    options = _options(args, ENGINE_FLAGS, _engine_defaults())
    if not args.documents:
        if len(args.against) < 2:
            return _usage("check needs a document: copylens check DOC... --against SRC...")
        *args.against, last = args.against
        args.documents = [last]
        print(
            f"copylens: checking {_shown(last)} (the last path after --against) against "
            f"{', '.join(map(_shown, args.against))}",
            file=sys.stderr,
        )
    if (problem := _report_target(args)) is not None:
        return _usage(problem)
    location = _archive_location(args, required=False)
    try:
        web = _web_request(args)
    except OSError as error:
        return _usage(f"cannot read --url-list {args.url_list}: {error.strerror or error}")
    if location is None and not args.against and web is None:
        return _usage(
            "check needs sources: --against SRC..., --archive DB, --url URL, --url-list FILE "
            "or --web"
        )
    if web is not None and web.searching:
        print(
            f"searching the web with {web.provider_label}: at most {web.max_queries} queries",
            file=sys.stderr,
        )
    if location is None and args.add_to_archive:
        return _usage("--add-to-archive needs --archive DB")
    opened = open_archive(location, options, args.add_to_archive, args.typed) if location else None
    with opened if opened is not None else nullcontext():
        if opened is not None:
            options = with_archive_settings(options, opened, args.typed)
        with _progress(args) as progress:
            more = MoreSources(archive=opened, labels=dict(args.label), web=web)
            report = check(
                args.documents,
                args.against,
                options,
                ignore=args.ignore,
                progress=progress,
                more=more,
            )
            if opened is not None and args.add_to_archive:
                added = add_checked(opened, report, args.documents, options, more.labels, progress)
                report = replace(report, archived=added.ids)
    exclusions = _exclusions(args, report)
    if exclusions:
        from copylens.core import exclude

        report = exclude(report, exclusions)
    if web is not None and web.searching:
        print(f"sent {report.queries} web search queries", file=sys.stderr)
    if report.archived:
        print(f"added {len(report.archived)} document(s) to the archive", file=sys.stderr)
    if args.format == "json":
        _print_json(_with_header(report))
    else:
        textout.print_check(report, sys.stdout)
    if args.report is not None and report.documents:
        _write_report(args, report)
    return EXIT_OK if report.documents else EXIT_NO_INPUT


def _run_compare(args: argparse.Namespace) -> int:
    options = _options(args, COMPARE_FLAGS + ENGINE_FLAGS, _engine_defaults())
    if (problem := _report_target(args)) is not None:
        return _usage(problem)
    compare = _comparing(args.dask)
    if args.format == "text":
        with _progress(args) as progress:
            report = compare(args.paths, options, ignore=args.ignore, progress=progress)
        from copylens.app import textout

        textout.print_compare(report, sys.stdout)
    else:
        stream = _LazyStream(args.format, options)
        with _progress(args) as progress:
            report = compare(
                args.paths, options, ignore=args.ignore, progress=progress, on_pair=stream.pair
            )
        stream.made().finish(report)
    if args.report is not None and report.documents:
        _write_report(args, report)
    return EXIT_OK if report.documents else EXIT_NO_INPUT


class _LazyStream:
    """``compare``'s :class:`copylens.app.streamout.PairStream` on standard output, made when
    the first pair comes (or at the end): the report's writers (``copylens.app.export``, the
    installed version's metadata) are imported then, while the pair workers run, not before
    the readers start (issue 40: ~10 ms of the run's serial start). The header says when the
    run started, as before."""

    def __init__(self, form: str, options: Any) -> None:
        from datetime import datetime

        self.form, self.options = form, options
        self.started = datetime.now().astimezone()
        self.stream: Any = None

    def made(self) -> Any:
        if self.stream is None:
            from copylens.app.header import json_header
            from copylens.app.streamout import PairStream

            header = None
            if self.form == "json":
                header = json_header("compare", self.options, self.started)
            self.stream = PairStream(sys.stdout, self.form, header)
        return self.stream

    def pair(self, pair: Any) -> None:
        self.made().pair(pair)


def _comparing(dask: str | None) -> Any:
    """``compare``, or ``compare_on_dask`` on the cluster at ``dask``. The engine is imported
    with the garbage collector paused (``copylens.core.collections_paused``: 8.3 ms less of
    the CPU before the readers fork at 1,000 essays, issue 40)."""
    if dask is None:
        from copylens.core import collections_paused

        with collections_paused():
            from copylens.core import compare

        return compare
    from functools import partial

    from copylens.core import compare_on_dask

    return partial(compare_on_dask, address=dask)


def _run_extract(args: argparse.Namespace) -> int:
    from copylens.core import InputFailure, read_text

    options = _options(args, EXTRACT_FLAGS, _engine_defaults())
    extracted = read_text(args.file, options)
    if isinstance(extracted, InputFailure):
        _say(f"{args.file}: {extracted.error}")
        return EXIT_NO_INPUT
    sys.stdout.write(extracted.text)
    return EXIT_OK


def _typed(argv: list[str]) -> frozenset[str]:
    """The options whose flags were typed (``--lang ru``, ``--lang=ru``): a flag given with
    its default value is still asked for (an archive's own settings fill only the others).
    The parsers take no abbreviated flags, so the flags typed are spelled in full."""
    words = {word.split("=", 1)[0] for word in argv if word.startswith("--")}
    return frozenset(f.option for f in (*ENGINE_FLAGS, *COMPARE_FLAGS) if f.flag in words)


def _archive_location(args: argparse.Namespace, required: bool = True) -> str | None:
    import os

    location = args.archive or os.environ.get(ARCHIVE_ENV) or None
    if location is None and required:
        raise SystemExit(_usage(f"give the archive: --archive DB, or set {ARCHIVE_ENV}"))
    return location


def _usage(message: str) -> int:
    _say(message)
    return EXIT_USAGE


def _shown(text: str) -> str:
    from copylens.app.textout import shown

    return shown(text)


def _say(message: str) -> None:
    """``copylens: message`` on standard error, its control characters escaped (a file name
    may hold an escape sequence: :func:`copylens.app.textout.shown`)."""
    from copylens.app.textout import shown

    print(f"copylens: {shown(message)}", file=sys.stderr)


def _run_archive_add(args: argparse.Namespace) -> int:
    from functools import partial

    from copylens.app import textout
    from copylens.core import open_archive, with_archive_settings

    options = _options(args, ARCHIVE_ADD_FLAGS, _engine_defaults())
    if args.dask is None:
        from copylens.core import add_to_archive as add
    else:
        from copylens.core import add_to_archive_on_dask

        add = partial(add_to_archive_on_dask, address=args.dask)
    with open_archive(_location(args), options, True, args.typed) as archive:
        options = with_archive_settings(options, archive, args.typed)
        with _progress(args) as progress:
            report = add(archive, args.paths, options, dict(args.label), progress)
    if args.format == "json":
        _print_json(report.to_json())
    else:
        print(report.summary())
        textout.print_errors(report.errors, sys.stdout)
    return EXIT_OK if report.added or report.skipped or not report.errors else EXIT_NO_INPUT


def _location(args: argparse.Namespace) -> str:
    location = _archive_location(args)
    assert location is not None
    return location


def _run_archive_list(args: argparse.Namespace) -> int:
    from copylens.app import textout
    from copylens.core import open_archive

    with open_archive(_location(args)) as archive:
        documents = archive.documents(labels=dict(args.label))
        _say_damaged(archive)
    if args.format == "json":
        _print_json({"documents": [d.to_json() for d in documents]})
    else:
        textout.print_archive_list(documents, sys.stdout)
    return EXIT_OK


def _say_damaged(archive: Any) -> None:
    """Name the damaged records a command skipped (on stderr: the output stays whole)."""
    for document, reason in sorted(archive.damaged.items()):
        print(f"copylens: archive record #{document} skipped: {reason}", file=sys.stderr)


def _run_archive_stats(args: argparse.Namespace) -> int:
    from copylens.app import textout
    from copylens.core import open_archive

    with open_archive(_location(args)) as archive:
        stats = archive.stats()
    if args.format == "json":
        _print_json(stats.to_json())
    else:
        textout.print_archive_stats(stats, sys.stdout)
    return EXIT_OK


def _run_archive_remove(args: argparse.Namespace) -> int:
    from copylens.core import open_archive

    with open_archive(_location(args)) as archive:
        removed = set(archive.remove(args.ids))
    missing = [i for i in args.ids if i not in removed]
    for document in missing:
        print(f"copylens: there is no document {document} in the archive", file=sys.stderr)
    print(f"removed {len(removed)}")
    return EXIT_NO_INPUT if missing else EXIT_OK


def _run_archive_extract(args: argparse.Namespace) -> int:
    from copylens.core import open_archive

    with open_archive(_location(args)) as archive:
        sys.stdout.write(archive.text(args.id))
    return EXIT_OK


def _load(args: argparse.Namespace) -> Any:
    from copylens.core import STUDY_OPTIONS, load_collection

    options = _options(args, LAB_FLAGS, STUDY_OPTIONS)
    with _progress(args) as progress:
        return load_collection(args.paths, options, progress=progress)


def _run_dedup(args: argparse.Namespace) -> int:
    from copylens.app import labout
    from copylens.core import STUDY_OPTIONS, dedup, method

    chosen = method(args.method)
    if args.dask is None:
        collection, errors = _load(args)
        result = dedup(collection, chosen)
    else:
        from copylens.core import dedup_on_dask

        options = _options(args, LAB_FLAGS, STUDY_OPTIONS)
        with _progress(args) as progress:
            result, collection, errors = dedup_on_dask(
                args.paths, chosen, options, address=args.dask, progress=progress
            )
    if args.format == "json":
        _print_json(labout.dedup_json(result, collection, errors))
    else:
        labout.print_dedup(result, collection, errors, sys.stdout)
    return EXIT_OK if len(collection) else EXIT_NO_INPUT


def _run_lab_methods(args: argparse.Namespace) -> int:
    from copylens.core import catalogue

    for m in catalogue():
        print(f"{m.name:<16} {m.title:<34} ALGORITHMS.md {m.section}")
    return EXIT_OK


def _run_lab_evaluate(args: argparse.Namespace) -> int:
    from copylens.app import labout
    from copylens.core import evaluate, read_labels, run_methods, select

    chosen = select(args.methods)
    labels = read_labels(args.pairs) if args.pairs else None
    collection, errors = _load(args)
    if not len(collection):
        labout.print_errors(errors, sys.stderr)
        return EXIT_NO_INPUT
    with _progress(args) as progress:
        runs = run_methods(collection, chosen, progress=progress)
    base = args.pairs.resolve().parent if args.pairs else None
    result = evaluate(collection, runs, labels, args.unlisted_negative, base)
    if args.plot:
        from copylens.app.labplot import plot_scores

        plot_scores(result, args.plot, title=_plot_title(args, result))
    if args.format == "json":
        _print_json({**result.to_json(), "errors": labout.errors_json(errors)})
    elif args.format == "csv":
        labout.print_csv(result, sys.stdout)
    else:
        labout.print_evaluation(result, errors, sys.stdout)
    return EXIT_OK


def _plot_title(args: argparse.Namespace, result: Any) -> str:
    truth = "labelled pairs" if args.pairs else "verified pool (similarity ≥ 0.8)"
    return f"{result.documents} documents, {result.positives} near-duplicate pairs ({truth})"


def _progress(args: argparse.Namespace) -> Any:
    from copylens.app.progress import ProgressBar

    return ProgressBar(sys.stderr, enabled=not args.quiet and sys.stderr.isatty())


def _print_json(data: dict[str, Any]) -> None:
    # One line: only indent=None uses json's C encoder (a 1,000-essay report takes 0.3 s less).
    json.dump(data, sys.stdout, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write("\n")


def _report_error(error: Exception) -> int:
    from copylens.core import CopyLensError, OptionsError

    if isinstance(error, OptionsError):
        for problem in error.problems:
            _say(problem)
        return EXIT_USAGE
    if isinstance(error, CopyLensError):
        _say(str(error))
        return EXIT_NO_INPUT
    raise error


def run() -> NoReturn:
    """The ``copylens`` command: :func:`main`, then the process ends at once (:func:`_end`)."""
    _end(main())


def _end(code: int) -> NoReturn:
    """End the process with ``code`` once all it wrote is out: the output flushed and the exit
    handlers run (``atexit``: ``multiprocessing`` ends its workers, ``copylens.core.cpu``
    writes its figures), then ``os._exit``, without the interpreter's teardown, which frees
    every object one by one and writes nothing: the paraphrase stage's tables and the
    morphology dictionaries a ``compare`` loaded made it 0.35-0.5 s at 1,000 essays on a
    loaded machine, one core busy and the other idle, 0.09-0.17 s with this (issue 40). Where
    another thread still runs, or the output cannot be flushed, the process exits as usual."""
    if threading.active_count() > 1:
        sys.exit(code)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed or broken output: as sys.exit would
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":
    run()
