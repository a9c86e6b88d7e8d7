"""The ``copylens`` command line: check, compare, extract.

A contract: the GUI, scripts and benchmarks rely on these names and on the JSON shapes in
``core.report``. Heavy modules are imported inside the commands, so ``--help`` is instant.
Exit codes: 0 the run finished (unreadable files are listed in ``errors``), 1 no input could
be read, 2 usage error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

EXIT_OK, EXIT_NO_INPUT, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
LANGUAGE_CHOICES = ("auto", "ru", "uk", "en", "de", "fr", "es", "it", "pt", "nl", "sv", "pl")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:  # the one place errors reach the user
        return _report_error(error)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="copylens",
        description="Find copied and edited passages between documents "
        "(txt, md, docx, pdf, odt, rtf, html, doc).",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = sub.add_parser("check", help="check documents against sources")
    check.add_argument("documents", nargs="+", metavar="DOC", help="files or folders to check")
    check.add_argument(
        "--against", nargs="+", required=True, metavar="SRC", help="source files or folders"
    )
    _engine_options(check)
    check.set_defaults(run=_run_check)
    compare = sub.add_parser("compare", help="compare every document with every other")
    compare.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    compare.add_argument(
        "--min-containment",
        type=float,
        default=0.0,
        metavar="X",
        help="report pairs whose containment either way reaches X (0..1)",
    )
    _engine_options(compare)
    compare.set_defaults(run=_run_compare)
    extract = sub.add_parser("extract", help="print the extracted text all offsets refer to")
    extract.add_argument("file")
    extract.add_argument("--max-file-mb", type=float, default=50.0, metavar="MB")
    extract.set_defaults(run=_run_extract)
    return parser


def _engine_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.add_argument("--shingle", type=int, default=10, metavar="N", help="words per shingle (3-20)")
    p.add_argument("--lang", choices=LANGUAGE_CHOICES, default="auto")
    p.add_argument(
        "--min-fragment",
        type=int,
        default=10,
        metavar="N",
        help="shortest fragment reported, in counted words",
    )
    p.add_argument(
        "--seed", type=int, default=None, metavar="K", help="words per alignment seed (default 4)"
    )
    p.add_argument(
        "--gap",
        type=int,
        default=None,
        metavar="G",
        help="words a fragment may skip between seeds (default 4)",
    )
    p.add_argument("--no-lemmas", action="store_true", help="compare word forms as written")
    p.add_argument("--keep-stop-words", action="store_true")
    p.add_argument("--drop-short", action="store_true", help="ignore words of 3 letters or fewer")
    p.add_argument("--ignore-numbers", action="store_true")
    p.add_argument("--max-file-mb", type=float, default=50.0, metavar="MB")
    p.add_argument("--workers", type=int, default=0, metavar="N", help="processes (0: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _options(args: argparse.Namespace) -> Any:
    from core.options import Options

    changes = {
        "shingle": args.shingle,
        "language": args.lang,
        "min_fragment_words": args.min_fragment,
        "lemmatize": not args.no_lemmas,
        "stop_words": not args.keep_stop_words,
        "drop_short": args.drop_short,
        "ignore_numbers": args.ignore_numbers,
        "max_file_bytes": int(args.max_file_mb * 1024 * 1024),
        "workers": args.workers,
        "min_containment": getattr(args, "min_containment", 0.0),
    }
    if args.seed is not None:
        changes["seed_k"] = args.seed
    if args.gap is not None:
        changes["max_gap"] = args.gap
    return Options(**changes).validated()


def _run_check(args: argparse.Namespace) -> int:
    from app import textout
    from core.engine import check

    options = _options(args)
    with _progress(args) as progress:
        report = check(args.documents, args.against, options, progress=progress)
    if args.format == "json":
        _print_json(report.to_json())
    else:
        textout.print_check(report, sys.stdout)
    return EXIT_OK if report.documents else EXIT_NO_INPUT


def _run_compare(args: argparse.Namespace) -> int:
    from app import textout
    from core.engine import compare

    options = _options(args)
    with _progress(args) as progress:
        report = compare(args.paths, options, progress=progress)
    if args.format == "json":
        _print_json(report.to_json())
    else:
        textout.print_compare(report, sys.stdout)
    return EXIT_OK if report.documents else EXIT_NO_INPUT


def _run_extract(args: argparse.Namespace) -> int:
    from core.errors import InputError
    from core.extract import extract_file

    try:
        extracted = extract_file(args.file, max_bytes=int(args.max_file_mb * 1024 * 1024))
    except InputError as error:
        print(f"copylens: {args.file}: {error}", file=sys.stderr)
        return EXIT_NO_INPUT
    sys.stdout.write(extracted.text)
    return EXIT_OK


def _progress(args: argparse.Namespace) -> Any:
    from app.progress import ProgressBar

    return ProgressBar(sys.stderr, enabled=not args.quiet and sys.stderr.isatty())


def _print_json(data: dict[str, Any]) -> None:
    # One line: only indent=None uses json's C encoder (a 1,000-essay report takes 0.3 s less).
    json.dump(data, sys.stdout, ensure_ascii=False, separators=(",", ":"))
    sys.stdout.write("\n")


def _report_error(error: Exception) -> int:
    from core.errors import CopyLensError, OptionsError

    if isinstance(error, OptionsError):
        for problem in error.problems:
            print(f"copylens: {problem}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(error, CopyLensError):
        print(f"copylens: {error}", file=sys.stderr)
        return EXIT_NO_INPUT
    raise error


if __name__ == "__main__":
    sys.exit(main())
