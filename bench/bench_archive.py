"""Benchmark of the archive (issue 14): ingest rate, check time and recall as the archive grows.

The collection: ``make_essays.py``'s 1,000 essays with planted copies (verbatim with a new
layout, 10 % edited, a pasted paragraph, Russian word forms, look-alike letters), of which the
originals (and every unplanted essay) go into the archive and the copies are the checked
documents; then filler essays up to each archive size. Fillers are drawn word by word from the
planted essays' own words (both languages, sentences of 8–25 words), and each holds two "set
sentences" of a pool of 5,000, as real essays share quotations and set phrases; each checked
copy gets one too, so a check has ordinary shared sentences to align beside its planted source
(about ``2 * size / 5000`` archived essays share each one).

Measured at each size (one archive grown from the smallest size to the largest):

* ingest: essays per second of ``copylens archive add`` (a child process, extraction and
  lemmas included) adding the essays that take the archive from one size to the next in one
  run, and its peak memory;
* check: wall time and peak memory of ``copylens check COPY --archive DB`` as a whole process
  (median over the queries), and inside one process the archive lookup and alignment alone
  (index query, reading the candidates, scoring them);
* the obvious alternative in the same run: ``copylens check COPY --against FOLDERS`` over the
  same essays as files (three checks up to 10,000 documents, one above, up to
  ``--against-up-to``: it reads them all every time);
* recall per planted kind: the copy's original reported as a source (containment ≥ 0.5, and
  for a pasted paragraph any fragment);
* the archive's size on disk per document.

Usage: ``python bench/bench_archive.py [--sizes 1000,10000,100000] [--queries 4]``; the
1,000,000-document run (``--sizes ...,1000000``) is for outside CI (about 25 GB of files and
archive). Results go to ``bench/results/archive.json`` and are printed.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from measure import Measurement, run_measured  # noqa: E402

FOLDER = 1000
"""Filler files per folder (one ``archive add`` each)."""
POOL = 5000
"""Set sentences shared among the essays."""


def copylens() -> list[str]:
    return [sys.executable, "-m", "copylens"]


def make_planted(work: Path, seed: int) -> tuple[Path, dict[str, Any]]:
    planted = work / "planted"
    if not (planted / "truth.json").exists():
        subprocess.run(
            [
                sys.executable,
                str(HERE / "make_essays.py"),
                str(planted),
                "--n",
                "1000",
                "--seed",
                str(seed),
            ],
            check=True,
            capture_output=True,
        )
    return planted, json.loads((planted / "truth.json").read_text())


def words_of(planted: Path, truth: dict[str, Any]) -> dict[str, list[str]]:
    pools: dict[str, list[str]] = {"ru": [], "en": []}
    for name, lang in truth["languages"].items():
        pools[lang] += (planted / name).read_text(encoding="utf-8").split()
    return pools


def sentence(rng: random.Random, words: list[str]) -> str:
    chosen = rng.choices(words, k=rng.randint(8, 25))
    text = " ".join(w.strip('.,;:!?«»"()') or w for w in chosen)
    return text[:1].upper() + text[1:] + "."


def set_sentences(rng: random.Random, pools: dict[str, list[str]]) -> list[str]:
    return [sentence(rng, pools["ru" if n % 2 else "en"]) for n in range(POOL)]


def filler(rng: random.Random, pools: dict[str, list[str]], shared: list[str]) -> str:
    lang = rng.choice(("ru", "en"))
    body = [sentence(rng, pools[lang]) for _ in range(rng.randint(34, 44))]
    for _ in range(2):
        body.insert(rng.randrange(len(body)), rng.choice(shared[(lang == "ru") :: 2]))
    return " ".join(body)


def write_fillers(
    folder: Path, count: int, seed: int, pools: dict[str, list[str]], shared: list[str]
) -> None:
    if folder.exists() and len(list(folder.iterdir())) == count:
        return
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    for n in range(count):
        (folder / f"f{n:04d}.txt").write_text(filler(rng, pools, shared), encoding="utf-8")


def write_queries(
    planted: Path, truth: dict[str, Any], per_kind: int, work: Path, shared: list[str]
) -> list[dict[str, Any]]:
    rng = random.Random(7)
    out = work / "queries"
    out.mkdir(exist_ok=True)
    chosen: list[dict[str, Any]] = []
    for kind in truth["kinds"]:
        pairs = [p for p in truth["pairs"] if p["kind"] == kind][:per_kind]
        for p in pairs:
            text = (planted / p["b"]).read_text(encoding="utf-8")
            query = out / p["b"]
            query.write_text(f"{text}\n\n{rng.choice(shared)}\n", encoding="utf-8")
            chosen.append({**p, "query": str(query)})
    return chosen


def measured(command: list[str], work: Path) -> tuple[Measurement, str]:
    out = work / "stdout.json"
    m = run_measured(command, out, timeout_s=3600)
    if m.returncode not in (0, 1):
        raise RuntimeError(f"{command[:6]} failed ({m.returncode}): {m.stderr[-1500:]}")
    return m, out.read_text(encoding="utf-8")


def found(report: str, original: str, kind: str) -> bool:
    for doc in json.loads(report)["documents"]:
        for s in doc["sources"]:
            if Path(s["path"]).name == original:
                return bool(s["fragments"]) and (kind == "paragraph" or s["containment"] >= 0.5)
    return False


def lookup_seconds(db: str, queries: list[dict[str, Any]]) -> list[float]:
    """Archive lookup and alignment of each query inside one warm process (no reading)."""
    from copylens.core import Options, open_archive, with_archive_settings
    from copylens.core.prepare import prepare_text, read_all
    from copylens.core.score import score_pair

    times = []
    with open_archive(db) as archive:
        options = with_archive_settings(Options(workers=1), archive)
        docs, _ = read_all([Path(q["query"]) for q in queries], options, prepare_text)
        for doc in docs:
            started = time.perf_counter()
            ids = archive.query(doc.anchors, 1)
            sources = archive.sources(sorted(ids), options)
            for _, source in sources:
                if source.text != doc.text:
                    score_pair(doc, source, options)
            times.append(time.perf_counter() - started)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=4, help="checked copies per kind")
    parser.add_argument("--against-up-to", type=int, default=10000)
    parser.add_argument("--work", type=Path, help="keep the files here (default: a temp dir)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres", action="store_true", help="a PostgreSQL archive (a server started here)"
    )
    args = parser.parse_args(argv)
    sizes = sorted(int(s) for s in args.sizes.split(","))
    work = args.work or Path(tempfile.mkdtemp(prefix="copylens-archive-"))
    work.mkdir(parents=True, exist_ok=True)
    server = None
    if args.postgres:
        sys.path.insert(0, str(HERE.parent / "tests"))
        from pgserver import start_server

        server = start_server()
        db = server.url("copylens_test")  # created empty by start_server
    else:
        db = str(work / "archive.db")
        for leftover in work.glob("archive.db*"):
            leftover.unlink()
    try:
        return _run(args, sizes, work, db)
    finally:
        if server is not None:
            server.stop()


def _run(args: argparse.Namespace, sizes: list[int], work: Path, db: str) -> int:
    planted, truth = make_planted(work, args.seed)
    pools = words_of(planted, truth)
    shared = set_sentences(random.Random(args.seed), pools)
    queries = write_queries(planted, truth, args.queries, work, shared)
    copies = {p["b"] for p in truth["pairs"]}
    base = work / "base"
    base.mkdir(exist_ok=True)
    for name in truth["languages"]:
        if name not in copies:
            shutil.copyfile(planted / name, base / name)
    folders: list[Path] = [base]
    rows: list[dict[str, Any]] = []
    ingest: list[dict[str, Any]] = []
    documents = len(list(base.iterdir()))
    add = [*copylens(), "archive", "add", "--archive", db, "--quiet", "--format", "json"]
    m, out = measured([*add, str(base)], work)
    ingest.append(_ingest_row(m, out, documents, documents))
    next_folder = 0
    for size in sizes:
        new: list[Path] = []
        while documents + FOLDER * len(new) < size:
            count = min(FOLDER, size - documents - FOLDER * len(new))
            folder = work / "fillers" / f"{next_folder:04d}"
            write_fillers(folder, count, args.seed * 1_000_003 + next_folder, pools, shared)
            next_folder += 1
            new.append(folder)
        if new:
            count = sum(len(list(f.iterdir())) for f in new)
            m, out = measured([*add, *map(str, new)], work)
            documents += count
            ingest.append(_ingest_row(m, out, count, documents))
            folders += new
            print(f"  {documents} archived ({ingest[-1]['per_s']:.0f}/s)", file=sys.stderr)
        rows.append(_size_row(size, db, queries, folders, work, args.against_up_to))
        _print_row(rows[-1])
    result = {
        "database": "postgresql" if args.postgres else "sqlite",
        "sizes": rows,
        "ingest": ingest,
        "queries_per_kind": args.queries,
    }
    name = "archive_postgres.json" if args.postgres else "archive.json"
    target = HERE / "results" / name
    target.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"written {target}")
    return 0


def _ingest_row(m: Measurement, out: str, count: int, total: int) -> dict[str, Any]:
    report = json.loads(out)
    return {
        "files": count,
        "archive": total,
        "added": report["added"],
        "seconds": round(m.wall_s, 2),
        "per_s": count / m.wall_s,
        "peak_mb": round(m.peak_mb),
    }


def _size_row(
    size: int,
    db: str,
    queries: list[dict[str, Any]],
    folders: list[Path],
    work: Path,
    against_up_to: int,
) -> dict[str, Any]:
    checks, recall, against = [], {}, []
    for q in queries:
        m, out = measured(
            [*copylens(), "check", q["query"], "--archive", db, "--format", "json", "--quiet"],
            work,
        )
        checks.append(m)
        hits = recall.setdefault(q["kind"], [])
        hits.append(found(out, q["a"], q["kind"]))
    if size <= against_up_to:
        runs = 3 if size <= 10_000 else 1  # reading a large folder takes minutes per check
        for q in queries[:: max(1, len(queries) // 3)][:runs]:
            m, _ = measured(
                [
                    *copylens(),
                    "check",
                    q["query"],
                    "--against",
                    *map(str, folders),
                    "--format",
                    "json",
                    "--quiet",
                ],
                work,
            )
            against.append(m.wall_s)
    lookups = lookup_seconds(db, queries)
    stats = subprocess.run(
        [*copylens(), "archive", "stats", "--archive", db, "--format", "json"],
        check=True,
        capture_output=True,
        text=True,
    )
    on_disk = json.loads(stats.stdout)["disk_bytes"]
    return {
        "size": size,
        "check_s": statistics.median(m.wall_s for m in checks),
        "check_peak_mb": max(m.peak_mb for m in checks),
        "lookup_align_s": statistics.median(lookups),
        "lookup_align_max_s": max(lookups),
        "against_folder_s": statistics.median(against) if against else None,
        "recall": {k: sum(v) / len(v) for k, v in recall.items()},
        "disk_bytes_per_document": on_disk / size,
    }


def _print_row(r: dict[str, Any]) -> None:
    against = r["against_folder_s"]
    ratio = f"{against / r['check_s']:.1f}× faster" if against else "not run"
    recall = ", ".join(f"{k} {v:.2f}" for k, v in r["recall"].items())
    print(
        f"{r['size']:>8} archived: check {r['check_s']:.2f} s (peak {r['check_peak_mb']:.0f} MB), "
        f"lookup+align {r['lookup_align_s'] * 1000:.0f} ms (max "
        f"{r['lookup_align_max_s'] * 1000:.0f}), --against folder "
        f"{against or 0:.2f} s ({ratio}); {r['disk_bytes_per_document'] / 1024:.1f} KB/doc; "
        f"recall {recall}"
    )


if __name__ == "__main__":
    sys.exit(main())
