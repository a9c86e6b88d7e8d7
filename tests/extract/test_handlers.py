"""Tests of the table of handlers (extract/handlers.py): a suffix no handler takes, or no
suffix at all, is refused with the list of supported ones."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from copylens.core.errors import UnsupportedType
from copylens.core.extract import extract_file, extract_text
from copylens.core.extract.handlers import handler_for, handler_for_suffix


def test_unsupported_suffix_and_no_suffix(tmp_path: Path) -> None:
    path = tmp_path / "data.xyz"
    path.write_text("Some text", encoding="utf-8")
    with pytest.raises(UnsupportedType, match=r"unsupported file type '\.xyz' \(supported: "):
        extract_file(path)
    with pytest.raises(UnsupportedType, match=r"\.docx"):
        extract_text(b"Some text", "README")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "TXT", "txt", ".", "..", "docx", "Md", "/", " "]), max_size=6),
)
def test_a_file_s_handler_is_that_of_its_name(parts: list[str]) -> None:
    """``extract_file`` picks a file's handler from its ``Path``'s suffix (issue 40: no second
    ``Path`` made of its name): the handler, or the refusal and its message, that
    ``handler_for`` gives for its name, whatever the dots and case of the name."""
    path = Path("folder", "".join(parts))

    def chosen(pick: Callable[[], object]) -> object:
        try:
            return pick()
        except UnsupportedType as error:
            return str(error)

    assert chosen(lambda: handler_for_suffix(path.suffix)) == chosen(lambda: handler_for(path.name))
