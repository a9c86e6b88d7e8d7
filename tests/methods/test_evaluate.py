"""The study's evaluation: verified pool, labels, Dice; dedup clusters; the catalogue's names."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from copylens.core.errors import OptionsError
from copylens.core.lab import catalogue, method, names, select
from copylens.core.methods.collection import Collection, from_texts
from copylens.core.methods.evaluate import (
    Label,
    LabelsError,
    MethodRun,
    dedup,
    dice,
    evaluate,
    group_texts,
    labelled_pairs,
    read_labels,
)
from copylens.core.methods.similarity import similarity

BASE = (
    "Студенты первого курса изучают основы программирования и решают практические задачи "
    "каждую неделю. Преподаватели проверяют письменные работы и обсуждают типичные ошибки "
    "на семинарах вместе со студентами. Летом группа отправляется на практику в крупные "
    "компании города, где работает над настоящими проектами под руководством инженеров."
)
NEAR = BASE.replace("крупные", "известные")
OTHER = (
    "Rainfall in the northern valleys was unusually low this year, so farmers planted "
    "drought resistant barley and repaired the old irrigation channels before spring."
)


@pytest.fixture
def collection():  # type: ignore[no-untyped-def]
    return from_texts([BASE, NEAR, OTHER, BASE.upper()])


def run(name: str, *pairs: tuple[int, int], seconds: float = 0.5) -> MethodRun:
    return MethodRun(name, name, frozenset(pairs), seconds)


def test_similarity_is_symmetric_and_separates(collection) -> None:  # type: ignore[no-untyped-def]
    d = collection.docs
    assert similarity(d[0], d[3]) == 1.0
    assert similarity(d[0], d[1]) == similarity(d[1], d[0]) >= 0.9
    assert similarity(d[0], d[2]) < 0.1


def test_pooled_truth_is_the_verified_union(collection) -> None:  # type: ignore[no-untyped-def]
    runs = [run("exact", (0, 3)), run("loose", (0, 1), (0, 3), (0, 2), (1, 3))]
    result = evaluate(collection, runs)
    assert result.truth == "pooled"
    assert result.pooled == 4
    assert result.positives == 3  # (0, 2) fails verification
    exact, loose = result.methods
    assert (exact.recall, exact.precision) == (pytest.approx(1 / 3), 1.0)
    assert (loose.recall, loose.precision) == (1.0, 0.75)
    assert loose.f1 == pytest.approx(2 * 0.75 / 1.75)
    assert exact.docs_per_second == pytest.approx(4 / 0.5)
    assert result.dice["exact"]["loose"] == pytest.approx(2 * 1 / (1 + 4))
    assert result.dice["exact"]["exact"] == 1.0


def test_dice_is_none_when_both_found_nothing() -> None:
    table = dice([run("a"), run("b", (0, 1))])
    assert table["a"]["a"] is None
    assert table["a"]["b"] == 0.0


def test_labels_count_only_judged_pairs_unless_complete(collection, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    labels = [Label("0", "1", True), Label("3", "0", True), Label("0", "2", False)]
    runs = [run("m", (0, 1), (0, 2), (2, 3))]
    judged = evaluate(collection, runs, labels).methods[0]
    assert (judged.recall, judged.precision, judged.unlabelled) == (0.5, 0.5, 1)
    complete = evaluate(collection, runs, labels, unlisted_negative=True).methods[0]
    assert (complete.recall, complete.precision, complete.unlabelled) == (
        0.5,
        pytest.approx(1 / 3),
        0,
    )


def test_read_labels_and_match_by_name(tmp_path: Path) -> None:
    good = tmp_path / "labels.csv"
    good.write_text("a,b,label\nsub/x.txt,y.txt,1\ny.txt,z.txt,0\nghost.txt,x.txt,1\n", "utf-8")
    labels = read_labels(good)
    assert labels[0] == Label("sub/x.txt", "y.txt", True)
    collection = from_texts([BASE, NEAR, OTHER])
    names = ("x.txt", "y.txt", "z.txt")
    renamed = Collection(
        tuple(replace(d, path=f"/data/{n}") for d, n in zip(collection.docs, names, strict=True))
    )
    positives, negatives = labelled_pairs(renamed, labels, tmp_path)
    assert positives == {(0, 1)}
    assert negatives == {(1, 2)}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("x,y,z\n1,2,3\n", "columns a,b,label"),
        ("a,b,label\nx,y,yes\n", "line 2: label must be 1 or 0"),
        ("", "columns a,b,label"),
    ],
)
def test_bad_labels_files_say_what_is_wrong(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "labels.csv"
    path.write_text(content, "utf-8")
    with pytest.raises(LabelsError, match=message):
        read_labels(path)
    with pytest.raises(LabelsError, match="cannot read"):
        read_labels(tmp_path / "missing.csv")


def test_labels_naming_no_document_are_an_error(collection) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(LabelsError, match="no labelled pair"):
        labelled_pairs(collection, [Label("ghost.txt", "other.txt", True)])


def test_dedup_with_md5_groups_exact_canonical_copies(collection) -> None:  # type: ignore[no-untyped-def]
    result = dedup(collection, method("a0"))
    assert result.method == "A0"
    assert result.pairs == ((0, 3),)
    assert result.clusters == ((0, 3),)


def test_group_texts_names_documents_by_path() -> None:
    named = [("one.txt", BASE), ("two.txt", OTHER), ("three.txt", BASE.lower()), ("e.txt", "и в")]
    grouping = group_texts(named, method("A0"))
    assert grouping.clusters == (("one.txt", "three.txt"),)
    assert grouping.pairs == (("one.txt", "three.txt"),)


def test_catalogue_names_every_method_once_in_the_study_order() -> None:
    listed = names()
    study = [f"A{i}" for i in range(9)] + ["A9", "A9-lev", "A10", "A11", "A12"]
    assert listed[:14] == study
    assert {"fetterly", "broder", "simhash", "A9-lev"} <= set(listed)
    assert len({n.lower() for n in listed}) == len(listed)
    for m in catalogue():
        assert m.section.startswith("§"), m.name
        assert m.title
    assert [m.name for m in select("A4, a0")] == ["A0", "A4"]
    assert len(select("all")) == len(listed)
    with pytest.raises(OptionsError, match="unknown method 'A99'"):
        select("A1,A99")
