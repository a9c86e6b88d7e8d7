"""The shipped compact thesauri (``resources/thesaurus/*.npz``, written by
``scripts/build_thesaurus.py``) are what parsing the ``.dat`` gives, and are read instead of
parsing it; one built from other bytes is not read."""

from __future__ import annotations

import numpy as np
import pytest

from copylens.core import thesaurus as module
from copylens.core.resources import resources_dir
from copylens.core.thesaurus import FILES, Thesaurus, compact_path, parsed


def _raw(language: str) -> bytes:
    return (resources_dir() / "thesaurus" / FILES[language]).read_bytes()


def _same(x: Thesaurus, y: Thesaurus) -> None:
    assert x.language == y.language and x.ids == y.ids and x.words == y.words
    for name in ("pairs", "starts", "targets"):
        assert np.array_equal(getattr(x, name), getattr(y, name)), name


@pytest.mark.parametrize("language", sorted(FILES))
def test_the_compact_form_is_shipped_and_equal_to_the_parse(language: str) -> None:
    """Before: no compact form, every run parsed the .dat (Russian: 0.34 s against 0.03 s)."""
    raw = _raw(language)
    assert compact_path(language).is_file()
    read = module._compact_of(language, raw)
    assert read is not None
    _same(read, parsed(language, raw))
    assert read.synonyms("большой" if language == "ru" else "великий")


def test_a_compact_form_of_other_bytes_is_not_read() -> None:
    raw = _raw("ru")
    assert module._compact_of("ru", raw + b"\n") is None
    assert module._compact_of("ru", _raw("uk")) is None
