"""A report's JSON pieces written out by hand equal the generic ones (issue 40): an edit's
dictionary (:func:`copylens.core.report._edit_json`), and the header of a JSON report made
without the report's writers (:mod:`copylens.app.header`)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import fields

from hypothesis import given
from hypothesis import strategies as st

from copylens.core.report import _FIELDS, Edit, _edit_json, _fields

KINDS = st.sampled_from(["form", "replace", "insert", "delete", "retold"])
SPOTS = st.integers(min_value=0, max_value=10**9)


def test_an_edit_has_the_fields_its_json_writes() -> None:
    """A field added to :class:`Edit` must be added to ``_edit_json`` too."""
    assert (
        tuple(f.name for f in fields(Edit))
        == _FIELDS[Edit]
        == (
            "kind",
            "start",
            "end",
            "source_start",
            "source_end",
            "continued",
        )
    )


@given(KINDS, SPOTS, SPOTS, SPOTS, SPOTS, st.booleans())
def test_an_edits_json_is_its_fields_without_continued_where_false(
    kind: str, start: int, end: int, source_start: int, source_end: int, continued: bool
) -> None:
    edit = Edit(kind, start, end, source_start, source_end, continued)
    expected = _fields(edit, exclude=() if continued else ("continued",))
    made = _edit_json(edit)
    assert list(made.items()) == list(expected.items())  # the keys' order too
    assert json.dumps(made) == json.dumps(expected)


def test_a_json_stream_imports_none_of_the_report_writers() -> None:
    """``compare --format json`` makes its header and stream without importing
    :mod:`copylens.app.export` (HTML, CSV, palette: issue 40), and the header is the one
    the export writes."""
    code = """
import io, sys
from datetime import datetime, timezone
from copylens.core.options import Options
from copylens.app.header import json_header
from copylens.app.streamout import PairStream
when = datetime(2026, 12, 1, tzinfo=timezone.utc)
header = json_header("compare", Options(), when)
PairStream(io.StringIO(), "json", header)
assert "copylens.app.export" not in sys.modules, "export imported"
from copylens.app import export
assert export.json_header is json_header
print(sorted(header), header["generated_at"])
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("] ")[1].strip() == "2026-12-01T00:00:00+00:00"
    assert "'copylens_version', 'generated_at', 'kind', 'settings'" in done.stdout
