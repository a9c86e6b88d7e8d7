"""Labels for the join diagnostics (diag_gap_joins.py, diag_inside_guard.py): each runs the
engine on the PAN-13 development pairs or on the own-text essays with a logging wrapper in
place, and these functions run the checks and label what the wrapper logged in between
(issue 34). A logged row holds ``span`` = (g.start, g.end, f.start, f.end), the two fragments
a join decision was about, in the checked text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import make_retold
from bench_own_text import hard_wrapped
from bench_pan13 import CORPUS, load_cases, load_pairs
from make_interleaved import generate

from copylens.core import Options, TextInput, check


def label_pan(log: list[dict[str, Any]], context: dict[str, Any]) -> None:
    """Check the random and translation pairs; a row is "in-case" where both fragments
    overlap one of the pair's cases."""
    truth = load_cases()
    for pair in load_pairs():
        if pair.kind not in ("random", "translation"):
            continue
        context.clear()
        context.update(id=pair.id, type=pair.kind)
        start = len(log)
        check(
            [CORPUS / "susp" / pair.suspicious], [CORPUS / "src" / pair.source], Options(workers=1)
        )
        for row in log[start:]:
            g0, g1, f0, f1 = row["span"]
            inside = any(
                c0 < g1 and g0 < c1 and c0 < f1 and f0 < c1 for c0, c1, _, _ in truth[pair.id]
            )
            row["label"] = f"PAN {pair.kind} {'in-case' if inside else 'out'}"


def label_own(
    log: list[dict[str, Any]], context: dict[str, Any], wrap: int | None, other: str
) -> None:
    """Check the interleaved and retold essays (wrapped at ``wrap`` columns if given); a row
    is "own" where a writer's own sentence lies between the two fragments, else ``other``."""
    essays = generate(30, 1)[0] + make_retold.generate(2, 1, 30)
    for essay in essays:
        text = essay.text if wrap is None else hard_wrapped(essay.text, wrap)
        sources = [
            TextInput(f"source{n}", s["text"] if wrap is None else hard_wrapped(s["text"], wrap))
            for n, s in enumerate(essay.sources)
        ]
        context.clear()
        context.update(id=essay.id, type="own")
        start = len(log)
        check([TextInput("essay", text)], sources, Options(workers=1))
        own = [(s.start, s.end) for s in essay.sentences if s.label == "own"]
        for row in log[start:]:
            _, g1, f0, _ = row["span"]
            mine = any(s0 < f0 and g1 < s1 for s0, s1 in own)
            row["label"] = "own" if mine else other


def distinct_rows(log: list[dict[str, Any]], dump: Path | None) -> list[dict[str, Any]]:
    """The log's rows, one per decision (its case or essay and span), in order; written one
    JSON object a line to ``dump`` when given."""
    seen: set[tuple[Any, ...]] = set()
    rows = []
    for row in log:
        key = (row["id"], row["span"])
        if key not in seen:
            seen.add(key)
            rows.append(row)
    if dump is not None:
        with dump.open("w", encoding="utf-8") as out:
            for row in rows:
                out.write(json.dumps({**row, "span": list(row["span"])}, ensure_ascii=False) + "\n")
    return rows
