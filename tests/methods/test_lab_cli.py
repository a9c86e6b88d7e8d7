"""``copylens dedup`` and ``copylens lab evaluate`` end to end, on real files of several formats."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from tests.fixtures_make import DEJAVU_SANS, make_docx, make_pdf
from tests.methods.documents import ESSAY, OTHER
from tests.test_cli import run


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    make_docx(tmp_path / "essay.docx", [ESSAY])
    make_pdf(tmp_path / "copy.pdf", ESSAY, font=DEJAVU_SANS)
    (tmp_path / "edited.txt").write_text(ESSAY.replace("первого курса", "второго курса"), "utf-8")
    (tmp_path / "other.txt").write_text(OTHER, "utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    return tmp_path


def test_dedup_json_contract(folder: Path) -> None:
    result = run("dedup", folder, "--method", "A0", "--format", "json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert set(data) == {"method", "clusters", "pairs", "errors"}
    assert data["method"] == "A0"
    names = [sorted(Path(p).name for p in c) for c in data["clusters"]]
    assert names == [["copy.pdf", "essay.docx"]]
    assert {Path(data["pairs"][0]["a"]).name, Path(data["pairs"][0]["b"]).name} == {
        "copy.pdf",
        "essay.docx",
    }
    assert data["pairs"][0]["similarity"] == 1.0
    assert [Path(e["path"]).name for e in data["errors"]] == ["empty.txt"]


def test_dedup_text_and_unknown_method(folder: Path) -> None:
    result = run("dedup", folder, "--method", "A4")
    assert result.returncode == 0, result.stderr
    assert "group 1 (3 documents)" in result.stdout
    assert "empty.txt" in result.stdout
    bad = run("dedup", folder, "--method", "nope")
    assert bad.returncode == 2
    assert "unknown method 'nope'" in bad.stderr and "A12" in bad.stderr


def test_lab_evaluate_pooled_json_csv_and_plot(folder: Path, tmp_path: Path) -> None:
    plot = tmp_path / "plot.png"
    result = run(
        "lab", "evaluate", folder, "--methods", "A0,A4,simhash", "--format", "json", "--plot", plot
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [m["name"] for m in data["methods"]] == ["A0", "A4", "simhash"]
    assert {"name", "recall", "precision", "f1", "pairs", "docs_per_second"} <= set(
        data["methods"][0]
    )
    assert data["positives"] == 3  # essay, copy and edited: every pair verified
    a0, a4 = data["methods"][0], data["methods"][1]
    assert a0["recall"] == pytest.approx(1 / 3, abs=1e-4)
    assert a4["recall"] == 1.0 and a4["precision"] == 1.0
    assert set(data["dice"]) == {"A0", "A4", "simhash"}
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    as_csv = run("lab", "evaluate", folder, "--methods", "A0", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert rows[0]["method"] == "A0" and float(rows[0]["recall"]) == pytest.approx(1.0)


def test_lab_evaluate_against_labels(folder: Path, tmp_path: Path) -> None:
    labels = tmp_path / "labels.csv"
    labels.write_text(
        "a,b,label\nessay.docx,edited.txt,1\nessay.docx,copy.pdf,1\nessay.docx,other.txt,0\n",
        "utf-8",
    )
    result = run("lab", "evaluate", folder, "--methods", "A0", "--pairs", labels)
    assert result.returncode == 0, result.stderr
    assert "2 near-duplicate pairs (labelled pairs)" in result.stdout
    line = next(x for x in result.stdout.splitlines() if x.startswith("A0 "))
    assert " 0.500  1.000  0.667 " in line
    broken = tmp_path / "broken.csv"
    broken.write_text("left,right\n", "utf-8")
    bad = run("lab", "evaluate", folder, "--pairs", broken)
    assert bad.returncode == 1 and "columns a,b,label" in bad.stderr


def test_lab_methods_lists_the_catalogue() -> None:
    result = run("lab", "methods")
    assert result.returncode == 0
    assert result.stdout.splitlines()[0].startswith("A0")
    assert "simhash" in result.stdout
