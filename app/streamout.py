"""``compare``'s results written as they come: one write per pair, JSON or CSV (issue 15).

The engine hands each reported pair to :meth:`PairStream.pair` as soon as it is scored and
keeps none, so the command's memory and time do not grow with its output. The JSON is the
report's (``{"pairs": [...], "clusters": [...], "errors": [...]}``) with the pairs in the
order they were found rather than by share; the CSV is the app's export
(:data:`copylens.app.export.CSV_COMPARE_COLUMNS`), one row per pair.
"""

from __future__ import annotations

import csv
import json
from typing import Any, TextIO

from copylens.core import CompareReport, PairResult


def _dumps(data: Any) -> str:
    # One line: only indent=None uses json's C encoder.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class PairStream:
    """Writes the pairs of one ``compare`` run to ``out`` in ``form`` ("json" or "csv")."""

    def __init__(self, out: TextIO, form: str, header: dict[str, Any] | None = None) -> None:
        """``header``: JSON's first members (:func:`copylens.app.export.json_header`)."""
        if form not in ("json", "csv"):
            raise ValueError(f"Expecting json or csv, got {form!r}")
        self.out, self.form, self.count = out, form, 0
        if form == "json":
            head = _dumps(header or {})[1:-1]
            out.write("{" + (head + "," if head else "") + '"pairs":[')
        else:  # the report's writers only for CSV (a JSON stream's header: app.header)
            from copylens.app.export import CSV_COMPARE_COLUMNS, compare_csv_row

            self._row = compare_csv_row
            self._csv = csv.writer(out)
            self._csv.writerow(CSV_COMPARE_COLUMNS)

    def pair(self, pair: PairResult) -> None:
        if self.form == "json":
            self.out.write(("," if self.count else "") + _dumps(pair.to_json()))
        else:
            self._csv.writerow(self._row(pair))
        self.count += 1

    def finish(self, report: CompareReport) -> None:
        """The rest of the report after the last pair (JSON: clusters and errors)."""
        if self.form == "json":
            rest = report.to_json()
            self.out.write(f'],"clusters":{_dumps(rest["clusters"])}')
            self.out.write(f',"errors":{_dumps(rest["errors"])}}}\n')
        self.out.flush()
