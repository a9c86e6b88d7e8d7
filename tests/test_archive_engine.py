"""The engine's check against an archive, read a group of documents at a time
(``sources.ARCHIVE_GROUP``): the report does not depend on the group's size."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from copylens.core import Cancelled, MoreSources, Options, add_to_archive, check, open_archive
from copylens.core import sources as sources_module

SOURCES = [
    "Реки северной равнины текут медленно, петляя между болотами и низкими холмами, "
    "и весной разливаются на многие километры вокруг старых деревень.",
    "The lighthouse keeper wrote every evening about the weather, the passing ships and the "
    "slow decay of the wooden pier that nobody had repaired for decades.",
    "Bees build their combs from wax produced by glands on their abdomens, shaping cells of "
    "six sides that store honey and pollen through the long winter months.",
    "Старый мастер учил своих подмастерьев терпению: каждую доску он строгал вручную, "
    "проверяя ровность ладонью, а не линейкой или уровнем.",
]


@pytest.fixture
def archive_path(tmp_path: Path) -> str:
    folder = tmp_path / "old"
    folder.mkdir()
    for n, text in enumerate(SOURCES):
        (folder / f"s{n}.txt").write_text(text, encoding="utf-8")
    location = str(tmp_path / "a.db")
    with open_archive(location, Options(), create=True) as archive:
        report = add_to_archive(archive, [folder], Options(workers=1), {"year": "2025"})
    assert report.added == len(SOURCES)
    return location


def _documents(tmp_path: Path) -> list[Path]:
    out = []
    for n in range(7):
        own = f"Документ номер {n} написан самостоятельно и содержит собственные мысли автора. "
        doc = tmp_path / f"d{n}.txt"
        doc.write_text(own + SOURCES[n % len(SOURCES)], encoding="utf-8")
        out.append(doc)
    return out


def _check(archive_path: str, docs: list[Path]) -> tuple[dict[str, object], list[int]]:
    seen: list[int] = []
    with open_archive(archive_path) as archive:
        report = check(
            docs,
            [],
            Options(workers=1),
            progress=lambda stage, done, total: seen.append(done) if stage == "comparing" else None,
            more=MoreSources(archive=archive),
        )
    return report.to_json(), seen


def test_groups_of_documents_give_the_same_report(archive_path: str, tmp_path: Path) -> None:
    docs = _documents(tmp_path)
    whole, _ = _check(archive_path, docs)
    group = sources_module.ARCHIVE_GROUP
    sources_module.ARCHIVE_GROUP = 2
    try:
        grouped, progress = _check(archive_path, docs)
    finally:
        sources_module.ARCHIVE_GROUP = group
    assert json.dumps(grouped, sort_keys=True) == json.dumps(whole, sort_keys=True)
    found = [[s["archive_id"] for s in d["sources"]] for d in whole["documents"]]
    assert all(len(ids) == 1 for ids in found)  # each document found its archived source
    assert progress == list(range(1, len(progress) + 1)) and len(progress) >= len(docs)


def test_archived_sources_text_is_in_the_report(archive_path: str, tmp_path: Path) -> None:
    docs = _documents(tmp_path)[:2]
    with open_archive(archive_path) as archive:
        report = check(docs, [], Options(workers=1), more=MoreSources(archive=archive))
        for doc in report.documents:
            (source,) = doc.sources
            text = report.text_of(source)
            assert text is not None and text == archive.text(source.archive_id or 0)
            for f in source.fragments:
                assert text[f.source_start : f.source_end] in SOURCES[source.archive_id - 1]


def test_a_cancelled_add_keeps_what_it_read(tmp_path: Path) -> None:
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(40):
        (folder / f"f{n:02d}.txt").write_text(f"Документ {n}. " + SOURCES[n % 4], encoding="utf-8")
    read = {"done": 0}

    def progress(stage: str, done: int, total: int) -> None:
        read["done"] = done

    location = str(tmp_path / "a.db")
    with open_archive(location, Options(), create=True) as archive:
        with pytest.raises(Cancelled):
            add_to_archive(
                archive,
                [folder],
                Options(workers=1),
                progress=progress,
                cancel=lambda: read["done"] >= 5,
            )
        kept = archive.stats().documents
    assert 5 <= kept < 40  # one batch of 1,000 was being read: without the commit, none
    with open_archive(location) as archive:
        again = add_to_archive(archive, [folder], Options(workers=1))
        assert (again.added, again.skipped) == (40 - kept, kept)


@pytest.mark.parametrize(("author", "own"), [("bob", True), ("alice", False)])
def test_the_writers_own_earlier_work_is_self_cited_not_borrowed(
    tmp_path: Path, author: str, own: bool
) -> None:
    folder = tmp_path / "old"
    folder.mkdir()
    (folder / "mine.txt").write_text(SOURCES[0], encoding="utf-8")
    (folder / "theirs.txt").write_text(SOURCES[1], encoding="utf-8")
    location = str(tmp_path / "a.db")
    with open_archive(location, Options(), create=True) as archive:
        add_to_archive(archive, [folder / "mine.txt"], Options(workers=1), {"author": "bob"})
        add_to_archive(archive, [folder / "theirs.txt"], Options(workers=1), {"author": "eve"})
    doc = tmp_path / "new.txt"
    doc.write_text(
        "Эссе написано заново, но в него вошли старые абзацы. " + SOURCES[0] + " " + SOURCES[1],
        encoding="utf-8",
    )
    with open_archive(location) as archive:
        (result,) = check(
            [doc],
            [],
            Options(workers=1),
            more=MoreSources(archive=archive, labels={"author": author}),
        ).documents
    assert result.uniqueness + result.borrowed + result.cited + result.self_cited == pytest.approx(
        1
    )
    by_name = {Path(s.path).name: s for s in result.sources}
    assert by_name["mine.txt"].self_citation is own and not by_name["theirs.txt"].self_citation
    mine = by_name["mine.txt"].containment
    assert mine > 0.2
    if own:
        assert result.self_cited == pytest.approx(mine)
        assert result.borrowed == pytest.approx(by_name["theirs.txt"].containment)
    else:
        assert result.self_cited == 0
        assert result.borrowed == pytest.approx(mine + by_name["theirs.txt"].containment)
