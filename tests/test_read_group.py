"""A reader's group of files read step by step (issue 40: ``prepare.read_group``,
``canonicalize.canonicalize_many``, ``SpillPrepared.many``) makes what reading each file
alone makes: the same canonical words, documents, summaries and failures."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core import canonicalize as canon
from copylens.core import prepare
from copylens.core.canonicalize import Canonical, canonicalize, canonicalize_many
from copylens.core.options import Options
from copylens.core.report import InputFailure
from copylens.core.spill import Spill, read

_PIECES = [
    "The",
    "the",
    "cat",
    "Cats",
    "running",
    "и",
    "это",
    "Москва",
    "пpивeт",  # Latin p and e among Cyrillic letters
    "Coca",
    "їжак",
    "Straße",
    "don't",
    "l’été",
    "co\u00adoperate",
    "zero\u200bwidth",
    "ёлка",
    "2024",
    "a",
    ".",
    ". ",
    "! ",
    "\n",
    " ",
    " ",
    ", ",
    "«",
    "»",
    "—",
    "…",
]
_TEXT = st.lists(st.sampled_from(_PIECES), max_size=60).map(" ".join)
_OPTIONS = [
    Options(),
    Options(language="ru"),
    Options(stop_words=False, lemmatize=False),
    Options(drop_short=False, ignore_numbers=False),
]


def _same(a: Canonical, b: Canonical) -> None:
    assert (a.language, a.words, a.forms, a.homoglyphs) == (
        b.language,
        b.words,
        b.forms,
        b.homoglyphs,
    )
    for x, y in (
        (a.starts, b.starts),
        (a.ends, b.ends),
        (a.variants, b.variants),
        (a.hashes, b.hashes),
        (a.sentences, b.sentences),
    ):
        assert x.dtype == y.dtype
        assert np.array_equal(x, y)


@given(texts=st.lists(_TEXT, max_size=8), which=st.sampled_from(range(len(_OPTIONS))))
@settings(max_examples=150, deadline=None)
def test_texts_canonicalized_together_are_each_one_s_own(texts: list[str], which: int) -> None:
    options = _OPTIONS[which]
    for made, text in zip(canonicalize_many(texts, options), texts, strict=True):
        _same(made, canonicalize(text, options))


def test_a_text_longer_than_a_batch_among_short_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text of several batches is canonicalized on its own, in its place."""
    monkeypatch.setattr(canon, "_BATCH", 40)
    texts = ["Short one.", "Это длинный текст. " * 12 + "And English too.", "", "Кот и пёс."]
    made = canonicalize_many(texts, Options())
    assert len(made) == len(texts)
    for one, text in zip(made, texts, strict=True):
        _same(one, canonicalize(text, Options()))


def test_the_memo_emptied_between_two_texts_of_a_group(monkeypatch: pytest.MonkeyPatch) -> None:
    """A later text's new words may empty the memo and start a new table: the earlier texts'
    words are read from the table they were looked up in."""
    monkeypatch.setattr(canon, "_CACHE_WORDS", 12)
    options = Options(language="en", stop_words=False)
    texts = [
        "alpha beta gamma delta epsilon zeta",
        "eta theta iota kappa lambda mu nu xi omicron",
        "pi rho sigma tau upsilon phi chi psi omega alpha",
    ]
    expected = [canonicalize(text, options) for text in texts]
    canon._rules.cache_clear()  # a fresh memo, emptied within the group
    for made, want in zip(canonicalize_many(texts, options), expected, strict=True):
        _same(made, want)


def _folder(tmp_path: Path) -> list[Path]:
    texts = {
        "a.txt": "The first essay. It has two sentences.\n",
        "b.txt": "Второе эссе о Москве. Оно короткое!\n",
        "c.txt": "",  # empty: a failure of its own
        "d.txt": "Das dritte Essay über Straßen.\n",
        "e.xyz": "an unsupported type",
        "f.txt": "Їжак і кіт. Тут є українські літери.\n",
        "g.txt": "пpивeт Coca — look-alike letters.\n",
    }
    paths = []
    for name, text in texts.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _outcomes(results: list[object]) -> list[object]:
    """Each result as plain values: a failure's path and message, a document's summary and
    the spilled document's canonical words and arrays."""
    out: list[object] = []
    for result in results:
        if isinstance(result, InputFailure):
            out.append(("failure", result.path, result.error))
            continue
        doc = read(result.spot)  # type: ignore[attr-defined]
        c = doc.canonical
        out.append(
            (
                result.path,  # type: ignore[attr-defined]
                result.size,  # type: ignore[attr-defined]
                result.grams.tobytes(),  # type: ignore[attr-defined]
                result.anchors.tobytes(),  # type: ignore[attr-defined]
                doc.text,
                doc.sha256,
                c.language,
                c.forms,
                c.homoglyphs,
                c.starts.tobytes(),
                c.sentences.tobytes(),
                c.hashes.tobytes(),
                c.variants.tobytes(),
                doc.shingles.tobytes(),
            )
        )
    return out


def test_a_group_read_as_each_file_alone(tmp_path: Path) -> None:
    paths = _folder(tmp_path)
    options = Options()
    with Spill() as spill:
        build = spill.prepare()
        alone = [prepare.read_one(path, options, build) for path in paths]
        together = prepare.read_group(list(paths), options, build)
        assert _outcomes(together) == _outcomes(alone)
    assert sum(isinstance(r, InputFailure) for r in together) == 2


def test_read_all_in_groups_as_one_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The readers' groups (several, the last one short) give each file's outcome in input
    order, as reading one file at a time does."""
    paths = _folder(tmp_path)
    options = Options(workers=2)
    with Spill() as spill:
        build = spill.prepare()
        assert prepare.read_group_size(paths, prepare.input_sizes(paths), build) > 1
        monkeypatch.setattr(prepare, "READ_GROUP", 3)
        grouped, grouped_failures = prepare.read_all(paths, options, build)
        monkeypatch.setattr(prepare, "READ_GROUP", 1)
        single, single_failures = prepare.read_all(paths, options, build)
        assert _outcomes(list(grouped)) == _outcomes(list(single))
        assert _outcomes(list(grouped_failures)) == _outcomes(list(single_failures))
    assert len(grouped) == 5


def test_a_build_that_reads_one_file_at_a_time_is_not_grouped(tmp_path: Path) -> None:
    paths = _folder(tmp_path)
    sizes = prepare.input_sizes(paths)
    assert prepare.read_group_size(paths, sizes, prepare.prepare_text) == 1


def test_a_group_past_its_time_limit_is_read_again_one_file_at_a_time(tmp_path: Path) -> None:
    """A small file that outlasts the time limit stops its whole group's reader; the group's
    files are read again one at a time, so only that file fails, with the message it gets
    when files are read one at a time. The margins are wide both ways, so a fast or a busy
    machine gives the same answer: the slow file takes pdfminer ~0.9 s on an idle core (3.5×
    the limit; load only lengthens it), each other file a few ms (~50× under it)."""
    from tests import hostile_files as hf

    paths = _folder(tmp_path)
    slow = tmp_path / "slow.pdf"
    slow.write_bytes(hf.pdf_scatter_markers(20_000))  # 53 KB: still a small file (64 KB)
    paths.insert(2, slow)
    options = Options(workers=2, read_seconds=0.25)
    with Spill() as spill:
        build = spill.prepare()
        assert prepare.read_group_size(paths, prepare.input_sizes(paths), build) > 1
        built, failures = prepare.read_all(paths, options, build)
        kept = [r.path for r in built]  # type: ignore[attr-defined]
    assert kept == [
        str(p) for p in paths if p.name in {"a.txt", "b.txt", "d.txt", "f.txt", "g.txt"}
    ]
    by_path = {f.path: f.error for f in failures}
    assert by_path[str(slow)] == "took longer than 0.25 s to read (given up)"
    assert set(by_path) == {str(slow), str(tmp_path / "c.txt"), str(tmp_path / "e.xyz")}
