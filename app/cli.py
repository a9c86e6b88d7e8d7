"""The ``copylens`` command line: check, compare, extract, dedup, lab evaluate.

A contract: the GUI, scripts and benchmarks rely on these names and on the JSON shapes in
``copylens.core.report``. Heavy modules are imported inside the commands, so ``--help`` is instant.
Exit codes: 0 the run finished (unreadable files are listed in ``errors``), 1 no input could
be read, 2 usage error, 130 interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
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
    _dedup_parser(sub)
    _lab_parser(sub)
    return parser


def _dedup_parser(sub: Any) -> None:
    dedup = sub.add_parser("dedup", help="group near-duplicate documents with one catalogue method")
    dedup.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    dedup.add_argument(
        "--method", required=True, metavar="NAME", help="A0..A12, simhash, broder, ... (see lab)"
    )
    dedup.add_argument("--format", choices=("text", "json"), default="text")
    _collection_options(dedup)
    dedup.set_defaults(run=_run_dedup)


def _lab_parser(sub: Any) -> None:
    lab = sub.add_parser("lab", help="the methods lab: evaluate the catalogue's methods")
    lab_sub = lab.add_subparsers(dest="lab_command", required=True, metavar="COMMAND")
    methods = lab_sub.add_parser("methods", help="list the catalogue's methods")
    methods.set_defaults(run=_run_lab_methods)
    ev = lab_sub.add_parser(
        "evaluate",
        help="recall, precision, F and speed per method; Dice agreement between methods",
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
    _collection_options(ev)
    ev.set_defaults(run=_run_lab_evaluate)


def _collection_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--lang", choices=LANGUAGE_CHOICES, default="auto")
    p.add_argument(
        "--keep-short",
        action="store_true",
        help="keep words of 3 letters or fewer (the study drops them)",
    )
    p.add_argument("--max-file-mb", type=float, default=50.0, metavar="MB")
    p.add_argument("--workers", type=int, default=0, metavar="N", help="processes (0: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


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
        "--seed", type=int, default=None, metavar="K", help="words per alignment seed (default 3)"
    )
    p.add_argument(
        "--anchor",
        type=int,
        default=None,
        metavar="A",
        help="consecutive matching words every fragment holds (default 5)",
    )
    p.add_argument(
        "--gap",
        type=int,
        default=None,
        metavar="G",
        help="words a fragment may skip between seeds (default 6)",
    )
    p.add_argument("--no-lemmas", action="store_true", help="compare word forms as written")
    p.add_argument("--keep-stop-words", action="store_true")
    p.add_argument("--drop-short", action="store_true", help="ignore words of 3 letters or fewer")
    p.add_argument("--ignore-numbers", action="store_true")
    p.add_argument("--max-file-mb", type=float, default=50.0, metavar="MB")
    p.add_argument("--workers", type=int, default=0, metavar="N", help="processes (0: all cores)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def _options(args: argparse.Namespace) -> Any:
    from copylens.core import Options

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
    if args.anchor is not None:
        changes["anchor_words"] = args.anchor
    if args.gap is not None:
        changes["max_gap"] = args.gap
    return Options(**changes).validated()


def _run_check(args: argparse.Namespace) -> int:
    from copylens.app import textout
    from copylens.core import check

    options = _options(args)
    with _progress(args) as progress:
        report = check(args.documents, args.against, options, progress=progress)
    if args.format == "json":
        _print_json(report.to_json())
    else:
        textout.print_check(report, sys.stdout)
    return EXIT_OK if report.documents else EXIT_NO_INPUT


def _run_compare(args: argparse.Namespace) -> int:
    from copylens.app import textout
    from copylens.core import compare

    options = _options(args)
    with _progress(args) as progress:
        report = compare(args.paths, options, progress=progress)
    if args.format == "json":
        _print_json(report.to_json())
    else:
        textout.print_compare(report, sys.stdout)
    return EXIT_OK if report.documents else EXIT_NO_INPUT


def _run_extract(args: argparse.Namespace) -> int:
    from copylens.core import InputError, extract_file

    try:
        extracted = extract_file(args.file, max_bytes=int(args.max_file_mb * 1024 * 1024))
    except InputError as error:
        print(f"copylens: {args.file}: {error}", file=sys.stderr)
        return EXIT_NO_INPUT
    sys.stdout.write(extracted.text)
    return EXIT_OK


def _load(args: argparse.Namespace) -> Any:
    from copylens.core import STUDY_OPTIONS, load_collection

    options = STUDY_OPTIONS.with_changes(
        language=args.lang,
        drop_short=not args.keep_short,
        max_file_bytes=int(args.max_file_mb * 1024 * 1024),
        workers=args.workers,
    )
    with _progress(args) as progress:
        return load_collection(args.paths, options, progress=progress)


def _run_dedup(args: argparse.Namespace) -> int:
    from copylens.app import labout
    from copylens.core import dedup, method

    chosen = method(args.method)
    collection, errors = _load(args)
    result = dedup(collection, chosen)
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
            print(f"copylens: {problem}", file=sys.stderr)
        return EXIT_USAGE
    if isinstance(error, CopyLensError):
        print(f"copylens: {error}", file=sys.stderr)
        return EXIT_NO_INPUT
    raise error


if __name__ == "__main__":
    sys.exit(main())
