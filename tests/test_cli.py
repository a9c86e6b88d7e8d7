"""The ``copylens`` command line end to end, as a separate process, on real generated files."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from copylens.app.cli import EXIT_NO_INPUT
from copylens.app.textout import print_check
from copylens.core.documents import TextInput
from copylens.core.engine import check
from tests.fixtures_make import DEJAVU_SANS, make_docx, make_html, make_odt, make_pdf, make_rtf

ROOT = Path(__file__).resolve().parent.parent

ARTICLE_EN = (
    "Plagiarism detection compares a suspicious document with a collection of sources and "
    "reports the passages they share. Modern systems canonicalize the text, cut it into "
    "overlapping shingles and estimate resemblance with minimum hashing."
)
ARTICLE_RU = (
    "Студенты первого курса изучают основы программирования и решают практические задачи "
    "каждую неделю. Преподаватели проверяют письменные работы и обсуждают типичные ошибки "
    "на семинарах вместе со студентами."
)
UNRELATED = (
    "Rainfall in the northern valleys was unusually low this year, so farmers planted "
    "drought resistant barley and repaired the old irrigation channels before spring."
)


def run(*args: str | Path, check: bool = False) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=check,
    )


@pytest.fixture
def corpus(tmp_path: Path) -> dict[str, Path]:
    files = {
        "docx": make_docx(tmp_path / "essay.docx", ["Introduction by the student.", ARTICLE_EN]),
        "pdf": make_pdf(tmp_path / "source.pdf", ARTICLE_EN, font=DEJAVU_SANS),
        "odt": make_odt(tmp_path / "source_ru.odt", [ARTICLE_RU]),
        "rtf": make_rtf(tmp_path / "unrelated.rtf", r"{\rtf1\ansi " + UNRELATED + r"\par}"),
        "html": make_html(
            tmp_path / "page.html",
            f"<nav>Home | About | Contact</nav><article><h1>Notes</h1><p>{ARTICLE_RU}</p>"
            f"<p>{ARTICLE_RU.replace('Студенты', 'Слушатели')}</p></article>",
        ),
    }
    broken = tmp_path / "broken.docx"
    broken.write_bytes(files["docx"].read_bytes()[:300])
    files["broken"] = broken
    return files


def test_check_json_contract_and_offsets_map_onto_extracted_text(corpus: dict[str, Path]) -> None:
    result = run(
        "check",
        corpus["docx"],
        corpus["html"],
        "--against",
        corpus["pdf"],
        corpus["odt"],
        corpus["rtf"],
        corpus["broken"],
        "--format",
        "json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {
        "kind",
        "generated_at",
        "copylens_version",
        "settings",
        "documents",
        "errors",
        "web_queries",
    }
    assert data["web_queries"] == 0
    by_name = {Path(d["path"]).name: d for d in data["documents"]}
    essay, page = by_name["essay.docx"], by_name["page.html"]
    assert {"path", "language", "words", "uniqueness", "homoglyphs", "sources"} <= set(essay)
    [source] = essay["sources"]
    assert Path(source["path"]).name == "source.pdf"
    assert {"resemblance", "resemblance_estimate", "containment", "reverse_containment"} <= set(
        source
    )
    assert source["containment"] > 0.9 and 0 < essay["uniqueness"] < 0.2
    doc_text = run("extract", corpus["docx"], check=True).stdout
    src_text = run("extract", corpus["pdf"], check=True).stdout
    for f in source["fragments"]:
        mine = doc_text[f["start"] : f["end"]]
        theirs = src_text[f["source_start"] : f["source_end"]]
        assert mine.split() == theirs.split()
        assert mine.startswith("Plagiarism") and {"words", "exact_words", "edits"} <= set(f)
    assert [Path(s["path"]).name for s in page["sources"]] == ["source_ru.odt"]
    assert page["language"] == "ru"
    assert [Path(e["path"]).name for e in data["errors"]] == ["broken.docx"]
    assert "docx" in data["errors"][0]["error"]


def test_compare_json_contract(corpus: dict[str, Path]) -> None:
    folder = corpus["docx"].parent
    result = run("compare", folder, "--format", "json", "--min-containment", "0.2")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {
        "kind",
        "generated_at",
        "copylens_version",
        "settings",
        "pairs",
        "clusters",
        "errors",
    }
    names = {frozenset((Path(p["a"]).name, Path(p["b"]).name)) for p in data["pairs"]}
    assert names == {
        frozenset(("essay.docx", "source.pdf")),
        frozenset(("page.html", "source_ru.odt")),
    }
    for p in data["pairs"]:
        assert {"resemblance", "containment_ab", "containment_ba", "fragments"} <= set(p)
    assert len(data["clusters"]) == 2


def test_compare_streams_the_report_it_would_hold(corpus: dict[str, Path]) -> None:
    """JSON and CSV are written pair by pair as the engine finds them: the same pairs, with
    the same fragments and shares, as the report compare returns in memory."""
    from copylens.core import Options, compare

    folder = corpus["docx"].parent
    held = compare([folder], Options(min_containment=0.05)).to_json()
    streamed = run("compare", folder, "--format", "json", "--min-containment", "0.05")
    assert streamed.returncode == 0, streamed.stderr
    data = json.loads(streamed.stdout)
    by_pair = sorted(data["pairs"], key=lambda p: (p["a"], p["b"]))
    assert by_pair == sorted(held["pairs"], key=lambda p: (p["a"], p["b"])) != []
    assert data["clusters"] == held["clusters"] and data["errors"] == held["errors"]
    table = run("compare", folder, "--format", "csv", "--min-containment", "0.05")
    rows = list(csv.reader(io.StringIO(table.stdout)))
    assert rows[0][:5] == ["a", "b", "resemblance", "containment_ab", "containment_ba"]
    assert {(r[0], r[1]) for r in rows[1:]} == {(p["a"], p["b"]) for p in held["pairs"]}


def test_text_output_is_for_people(corpus: dict[str, Path]) -> None:
    result = run("check", corpus["docx"], "--against", corpus["pdf"], corpus["rtf"])
    assert result.returncode == 0, result.stderr
    assert "uniqueness" in result.stdout and "%" in result.stdout
    assert "source.pdf" in result.stdout and "unrelated.rtf" not in result.stdout
    assert "«" in result.stdout  # a quoted fragment


def test_extract_prints_the_text_exactly(tmp_path: Path) -> None:
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes("Первая строка\r\nвторая строка\r\n".encode("cp1251"))
    result = subprocess.run(
        [sys.executable, "-m", "copylens.app.cli", "extract", str(crlf)],
        cwd=ROOT,
        capture_output=True,
    )
    assert result.returncode == 0
    assert result.stdout.decode("utf-8") == "Первая строка\r\nвторая строка\r\n"


def test_exit_codes(tmp_path: Path, corpus: dict[str, Path]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    nothing = run("check", empty, "--against", corpus["pdf"], "--format", "json")
    assert nothing.returncode == 1
    assert "empty" in json.loads(nothing.stdout)["errors"][0]["error"]
    assert (
        run("check", corpus["docx"], "--against", corpus["pdf"], "--shingle", "50").returncode == 2
    )
    assert (
        "shingle must be 3..20, got 50" in run("compare", corpus["docx"], "--shingle", "50").stderr
    )
    assert run("check", corpus["docx"]).returncode == 2  # --against is required
    assert run("extract", tmp_path / "missing.txt").returncode == 1


def test_help_lists_the_commands() -> None:
    result = run("--help", check=True)
    for command in ("check", "compare", "extract"):
        assert command in result.stdout


def test_engine_flags_are_derived_from_the_option_specs() -> None:
    from copylens.app import cli
    from copylens.core import STUDY_OPTIONS, Options, specs

    tables = (cli.ENGINE_FLAGS, cli.COMPARE_FLAGS, cli.LAB_FLAGS, cli.EXTRACT_FLAGS)
    on_command_line = {f.option for table in tables for f in table}
    assert on_command_line | set(cli.NOT_ON_COMMAND_LINE) == set(specs())
    assert not on_command_line & set(cli.NOT_ON_COMMAND_LINE)
    parser = cli.build_parser()
    # no flag given: exactly the engine's defaults, and the lab's
    compare = parser.parse_args(["compare", "x"])
    assert cli._options(compare, cli.COMPARE_FLAGS + cli.ENGINE_FLAGS, Options()) == Options()
    lab = parser.parse_args(["lab", "evaluate", "x"])
    assert cli._options(lab, cli.LAB_FLAGS, STUDY_OPTIONS) == STUDY_OPTIONS
    switches = ["--no-lemmas", "--keep-stop-words", "--drop-short"]
    values = ["--max-file-mb", "1.5", "--seed", "4", "--anchor", "6", "--gap", "0"]
    given = parser.parse_args(["check", "d", "--against", "s", *switches, *values])
    options = cli._options(given, cli.ENGINE_FLAGS, Options())
    assert (options.lemmatize, options.stop_words, options.drop_short) == (False, False, True)
    assert options.max_file_bytes == int(1.5 * 1024 * 1024)
    assert (options.seed_k, options.anchor_words, options.max_gap) == (4, 6, 0)
    keep_short = parser.parse_args(["dedup", "x", "--method", "A0", "--keep-short"])
    assert cli._options(keep_short, cli.LAB_FLAGS, STUDY_OPTIONS).drop_short is False
    # ranges and defaults in the help are the spec's
    seed = specs()["seed_k"]
    assert f"({seed.low}..{seed.high}, default {seed.default})" in run("check", "--help").stdout


def test_usage_errors_name_the_flags(corpus: dict[str, Path]) -> None:
    result = run("compare", corpus["docx"], "--seed", "6")
    assert result.returncode == 2
    assert "--anchor must be at least --seed (6), got 5" in result.stderr
    assert "--seed must be 2..8, got 9" in run("compare", corpus["docx"], "--seed", "9").stderr
    lab = run("lab", "evaluate", corpus["docx"], "--workers", "-1")
    assert lab.returncode == 2 and "--workers must be 0..1024, got -1" in lab.stderr
    for flag, value in [
        ("--max-file-mb", "inf"),
        ("--max-file-mb", "nan"),
        ("--read-seconds", "inf"),
    ]:
        result = run("compare", corpus["docx"], flag, value)
        assert result.returncode == 2 and "Traceback" not in result.stderr
        assert f"argument {flag}: invalid finite number value: '{value}'" in result.stderr
    huge = run("compare", corpus["docx"], "--max-file-mb", "1e300")
    assert huge.returncode == 2 and "--max-file-mb must be" in huge.stderr


def test_help_imports_nothing_of_the_engine() -> None:
    code = (
        "import sys; from copylens.app import cli; cli.build_parser().format_help(); "
        "print(sorted(m for m in sys.modules if m.startswith('copylens.core.') or m == 'numpy'))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.strip() == "[]", result.stdout + result.stderr


def test_ignore_and_max_df_flags(tmp_path: Path) -> None:
    handout = tmp_path / "handout.txt"
    handout.write_text(ARTICLE_EN, encoding="utf-8")
    essays = [tmp_path / "a.txt", tmp_path / "b.txt"]
    essays[0].write_text(f"{ARTICLE_EN}\n\n{ARTICLE_RU}", encoding="utf-8")
    essays[1].write_text(f"{ARTICLE_EN}\n\n{UNRELATED}", encoding="utf-8")
    joined = json.loads(run("compare", *essays, "--format", "json", check=True).stdout)
    assert len(joined["pairs"]) == 1
    args = ["--format", "json", "--ignore", handout, tmp_path / "missing.txt"]
    ignored = json.loads(run("compare", *essays, *args, check=True).stdout)
    assert ignored["pairs"] == []
    assert [e["path"] for e in ignored["errors"]] == [str(tmp_path / "missing.txt")]
    checked = json.loads(run("check", essays[0], "--against", essays[1], *args).stdout)
    [document] = checked["documents"]
    assert document["sources"] == [] and document["uniqueness"] == 1.0
    assert "--max-df S" in run("compare", "--help").stdout
    bad = run("compare", *essays, "--max-df", "2")
    assert bad.returncode == 2 and "--max-df must be 0..1, got 2.0" in bad.stderr


def test_text_output_gives_the_three_shares_and_labels_citations() -> None:
    """The document line: uniqueness, borrowed, cited; a quoted fragment says "(cited)"."""
    source = (ROOT / "resources" / "samples" / "source_ru.txt").read_text(encoding="utf-8")
    quote = ". ".join(source.split("\n\n")[1].split(". ")[:2])
    essay = f"Начнём с главного. Как пишет автор, «{quote}». Дальше своими словами о погоде."
    report = check([TextInput("essay.txt", essay)], [TextInput("source.txt", source)])
    doc = report.documents[0]
    assert doc.cited > 0.5
    out = io.StringIO()
    print_check(report, out)
    first = out.getvalue().splitlines()[0]
    assert f"uniqueness {doc.uniqueness * 100:.1f} %" in first
    assert "borrowed 0.0 %" in first and f"cited {doc.cited * 100:.1f} %" in first
    assert "source.txt  (cited)" in out.getvalue()


UNDECODABLE = b"\xff\xfe-essay.txt"
"""A file name that is not valid UTF-8 (Linux allows any bytes but / and NUL)."""


def test_a_file_name_that_is_not_utf8_survives_json_and_text(tmp_path: Path) -> None:
    import os

    folder = tmp_path / "docs"
    folder.mkdir()
    name = folder / os.fsdecode(UNDECODABLE)
    name.write_text(ARTICLE_RU, encoding="utf-8")
    source = tmp_path / "source.txt"
    source.write_text(ARTICLE_RU, encoding="utf-8")
    done = run("check", folder, "--against", source, "--format", "json")
    assert done.returncode == 0, done.stderr
    [doc] = json.loads(done.stdout)["documents"]  # valid JSON, the name escaped
    assert os.fsencode(doc["path"]).endswith(UNDECODABLE)  # the bytes come back
    assert doc["sources"][0]["containment"] == 1.0
    text = run("check", folder, "--against", source)
    assert text.returncode == 0, text.stderr
    assert "\\udcff\\udcfe-essay.txt" in text.stdout


def test_the_command_ends_without_the_interpreters_teardown(corpus: dict[str, Path]) -> None:
    """``copylens`` (``cli.run``) ends the process once its output is out and its exit handlers
    ran, without the teardown that frees every object one by one (issue 40): an object left
    for the teardown is never finalized, an exit handler still runs, the report is whole, the
    exit code kept; a run whose last thread is not its only one exits as usual."""
    code = (
        "import atexit, sys, threading\n"
        "from copylens.app import cli\n"
        "class Left:\n"
        "    def __del__(self):\n"
        "        print('torn down', file=sys.stderr)\n"
        "left = Left()\n"
        "atexit.register(print, 'handlers ran', file=sys.stderr)\n"
        "if sys.argv[1] == 'thread':\n"
        "    threading.Thread(target=threading.Event().wait, args=(5,)).start()\n"
        "sys.argv[1:] = ['compare', sys.argv[2], '--format', 'json', '--min-containment', '0.2']\n"
        "cli.run()\n"
    )
    folder = str(corpus["docx"].parent)
    quick = subprocess.run(
        [sys.executable, "-c", code, "-", folder], capture_output=True, text=True, timeout=300
    )
    assert quick.returncode == 0, quick.stderr
    assert len(json.loads(quick.stdout)["pairs"]) == 2
    assert "handlers ran" in quick.stderr and "torn down" not in quick.stderr
    usual = subprocess.run(
        [sys.executable, "-c", code, "thread", folder], capture_output=True, text=True, timeout=300
    )
    assert usual.returncode == 0, usual.stderr
    assert "handlers ran" in usual.stderr and "torn down" in usual.stderr
    broken = subprocess.run(
        [sys.executable, "-c", code, "-", str(corpus["broken"].parent / "missing")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert broken.returncode == EXIT_NO_INPUT and "torn down" not in broken.stderr


def test_compare_writes_its_json_header_once_the_first_pair_comes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 40: the pair stream (the report's writers, the version's metadata) is made when
    the first pair comes, not before the readers start; its header says when the run
    started (when the stream was asked for), and the report is the same JSON."""
    from copylens.app import cli
    from copylens.core.engine import compare
    from copylens.core.options import Options

    options = Options(language="en")
    report = compare([TextInput("a.txt", ARTICLE_EN), TextInput("b.txt", ARTICLE_EN)], options)
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    stream = cli._LazyStream("json", options)
    assert stream.stream is None and out.getvalue() == ""  # nothing made, nothing written
    for pair in report.pairs:
        stream.pair(pair)
    stream.made().finish(report)
    data = json.loads(out.getvalue())
    assert list(data)[:4] == ["kind", "generated_at", "copylens_version", "settings"]
    assert data["kind"] == "compare" and len(data["pairs"]) == len(report.pairs) == 1
    assert data["generated_at"] == stream.started.isoformat(timespec="seconds")
