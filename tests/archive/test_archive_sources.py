"""The "more sources" stage with an archive (issue 33, ``copylens.core.sources``): a check only
reads the archive; the caller adds the checked documents after it (``add_checked``), as an add
of the same files would store them, skipping what the check found already archived as this
submission and what it did not check. Both databases."""

from __future__ import annotations

from pathlib import Path

from copylens.core import (
    MoreSources,
    Options,
    TextInput,
    add_checked,
    add_to_archive,
    check,
    open_archive,
)
from tests.archive.texts import BEES, GLACIERS, PRINTING, text

OPTIONS = Options(workers=1)
LABELS = {"author": "carl", "group": "7"}


def _write(path: Path, body: str) -> Path:
    path.write_text(body, encoding="utf-8")
    return path


def _stored(
    location: str,
) -> list[tuple[str, str, str, str, int, int, tuple[tuple[str, str], ...]]]:
    with open_archive(location) as archive:
        return sorted(
            (d.path, d.sha256, d.file_sha256, d.format, d.words, d.chars, d.labels)
            for d in archive.documents()
        )


def test_a_check_reads_the_archive_and_adding_is_the_callers(
    archive_location: str, tmp_path: Path
) -> None:
    earlier = _write(tmp_path / "earlier.txt", text(PRINTING))
    essay = _write(tmp_path / "essay.txt", text([PRINTING[0], BEES[1]]))
    with open_archive(archive_location, OPTIONS, create=True) as archive:
        add_to_archive(archive, [earlier], OPTIONS)
    before = _stored(archive_location)
    with open_archive(archive_location, OPTIONS) as archive:
        more = MoreSources(archive=archive, labels=LABELS)
        report = check([essay], [], OPTIONS, more=more)
        [source] = report.documents[0].sources
        assert source.path == str(earlier) and source.archive_id is not None
        assert report.archived == () and _stored(archive_location) == before  # read only
        added = add_checked(archive, report, [essay], OPTIONS, LABELS)
    assert added.added == 1 and len(added.ids) == 1
    # the record an add of the same file with the same labels makes
    elsewhere = str(tmp_path / "elsewhere.db")
    with open_archive(elsewhere, OPTIONS, create=True) as other:
        add_to_archive(other, [earlier], OPTIONS)
        add_to_archive(other, [essay], OPTIONS, LABELS)
    assert _stored(archive_location) == _stored(elsewhere)


def test_add_checked_leaves_out_what_is_archived_as_this_submission_or_was_not_checked(
    archive_location: str, tmp_path: Path
) -> None:
    again = _write(tmp_path / "again.txt", text(GLACIERS))
    new = _write(tmp_path / "new.txt", text([GLACIERS[0], BEES[2]]))
    handout = _write(tmp_path / "handout.txt", text(PRINTING))
    with open_archive(archive_location, OPTIONS, create=True) as archive:
        [first] = add_to_archive(archive, [again], OPTIONS, LABELS).ids
        documents = [again, new, handout, tmp_path / "missing.txt", TextInput("pasted", text(BEES))]
        documents.append(TextInput("empty", ""))  # no text: not checked
        report = check(documents, [], OPTIONS, ignore=[handout], more=MoreSources(archive, LABELS))
        by_path = {r.path: r for r in report.documents}
        assert by_path[str(again)].archived_as == (first,)
        assert str(handout) not in by_path
        added = add_checked(archive, report, documents, OPTIONS, LABELS)
        listed = {d.id: d.path for d in archive.documents()}
    assert sorted(listed[i] for i in added.ids) == sorted([str(new), "pasted"])
    assert added.skipped == 0 and added.errors == ()
    assert sorted(listed.values()) == sorted([str(again), str(new), "pasted"])
