"""The structure index in PostgreSQL against SQLite: cold build of the standard library, a second replica's start,
and query latency, measured in the same run on the same machine.

Run:  .venv/bin/python bench/index_pg.py [--rounds 2] [--queries 200] [--out bench/results/index_pg.md]

Corpus: every .py file of the running interpreter's standard library (site-packages excluded), copied to a
temporary folder. PostgreSQL: a throwaway cluster started by the benchmark (initdb + pg_ctl, as the tests do) with
fsync and synchronous_commit on. Each round builds the index cold on both backends (alternating which goes first)
in this process with the configured workers; "build" is the time until the structure index is complete (queries
answer), "+ substring" until SQLite's FTS5 table is filled too (PostgreSQL's trigram indexes follow every write,
nothing comes after). "second replica" opens a new index of the same project and waits for ensure_built: on SQLite
a second process on the same data dir (it sweeps), on PostgreSQL a replica with its own data dir (it finds the
committed build and sweeps). Query latency: the median and p95 of `--queries` calls of each kind on the built
index, in one thread (the pool of PostgreSQL connections is warm).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.indexing import make_stdlib  # noqa: E402
from contexteer.config import Settings  # noqa: E402
from contexteer.indexers.index import StructureIndex  # noqa: E402
from contexteer.workspace import Workspace  # noqa: E402
from tests.storage.pgcluster import start_cluster  # noqa: E402

INF = float("inf")


def settings(url: str | None) -> Settings:
    s = Settings()
    s.storage.url = url
    return s


def build(root: Path, url: str | None) -> dict[str, float]:
    started = time.perf_counter()
    idx = StructureIndex(Workspace(root, settings(url)))
    status = idx.ensure_built(wait_seconds=INF)
    built = time.perf_counter() - started
    assert status.complete, status
    assert idx.wait_background(timeout=3600)
    full = time.perf_counter() - started
    stats = idx.stats()
    idx.close()
    started = time.perf_counter()
    second = StructureIndex(Workspace(root, settings(url)))
    assert second.ensure_built(wait_seconds=INF).complete
    again = time.perf_counter() - started
    second.close()
    return {"build": built, "full": full, "second": again, "files": stats["files"], "symbols": stats["symbols"],
            "references": stats["references"]}


def latency(root: Path, url: str | None, n: int) -> dict[str, tuple[float, float]]:
    idx = StructureIndex(Workspace(root, settings(url)))
    idx.ensure_built(wait_seconds=INF)
    idx.wait_background(timeout=3600)
    names = [s.name for s in idx.find_symbols("get", match="prefix", limit=n)]
    queries: dict[str, Callable[[int], Any]] = {
        "search exact": lambda i: idx.find_symbols(names[i % len(names)]),
        "search prefix": lambda i: idx.find_symbols(names[i % len(names)][:4], match="prefix"),
        "search substring": lambda i: idx.find_symbols(names[i % len(names)][1:5], match="substring"),
        "search fuzzy": lambda i: idx.find_symbols("gtattr", match="fuzzy"),
        "references": lambda i: idx.references_to(names[i % len(names)], limit=50),
        "outline (symbols_in_file)": lambda i: idx.symbols_in_file("json/decoder.py"),
        "generation": lambda i: idx.generation,
    }
    out: dict[str, tuple[float, float]] = {}
    for label, query in queries.items():
        times = []
        for i in range(n if label != "search fuzzy" else max(5, n // 20)):
            t = time.perf_counter()
            query(i)
            times.append((time.perf_counter() - t) * 1000)
        times.sort()
        out[label] = (statistics.median(times), times[int(0.95 * (len(times) - 1))])
    idx.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "index_pg.md"))
    args = ap.parse_args()
    base = Path(tempfile.mkdtemp(prefix="contexteer-index-pg-"))
    os.environ["CONTEXTEER_DATA_DIR"] = str(base / "data")
    cluster = start_cluster()
    load = os.getloadavg()
    try:
        import psycopg

        with psycopg.connect(cluster.url("postgres"), autocommit=True) as conn:
            conn.execute("ALTER SYSTEM SET fsync = on")
            conn.execute("ALTER SYSTEM SET synchronous_commit = on")
            conn.execute("SELECT pg_reload_conf()")
        corpus = make_stdlib(base)
        runs: dict[str, list[dict[str, float]]] = {"SQLite": [], "PostgreSQL": []}
        lat: dict[str, dict[str, tuple[float, float]]] = {}
        for r in range(args.rounds):
            order = ["SQLite", "PostgreSQL"] if r % 2 == 0 else ["PostgreSQL", "SQLite"]
            for backend in order:
                url = cluster.create_database(f"bench{r}") if backend == "PostgreSQL" else None
                shutil.rmtree(base / "data", ignore_errors=True)
                runs[backend].append(build(corpus, url))
                if r == args.rounds - 1:
                    lat[backend] = latency(corpus, url, args.queries)
                sys.stderr.write(f"{backend}: {runs[backend][-1]}\n")
    finally:
        from contexteer.storage.db import close_all as close_pools

        close_pools()
        cluster.stop()
        shutil.rmtree(cluster.base, ignore_errors=True)
        shutil.rmtree(base, ignore_errors=True)
    med = {b: {k: statistics.median(run[k] for run in rs) for k in rs[0]} for b, rs in runs.items()}
    sq, pg = med["SQLite"], med["PostgreSQL"]
    lines = [
        "# Structure index: PostgreSQL against SQLite",
        "",
        f"`.venv/bin/python bench/index_pg.py --rounds {args.rounds} --queries {args.queries}` · Python {sys.version.split()[0]}"
        f" · {os.cpu_count()} cores · load at start {load[0]:.2f} · PostgreSQL with fsync on, same machine · "
        f"corpus: the standard library, {int(sq['files'])} files, {int(sq['symbols'])} symbols, "
        f"{int(sq['references'])} references (PostgreSQL: {int(pg['files'])} / {int(pg['symbols'])} / "
        f"{int(pg['references'])}) · medians of {args.rounds} rounds, alternating which backend goes first",
        "",
        "| | SQLite | PostgreSQL | PostgreSQL / SQLite |",
        "|---|---:|---:|---:|",
        f"| cold build until queries answer (s) | {sq['build']:.2f} | {pg['build']:.2f} | {pg['build'] / sq['build']:.2f} |",
        f"| + substring index (s) | {sq['full']:.2f} | {pg['full']:.2f} | {pg['full'] / sq['full']:.2f} |",
        f"| second replica / process answers (s) | {sq['second']:.2f} | {pg['second']:.2f} | {pg['second'] / sq['second']:.2f} |",
        "",
        "| query (ms, median / p95) | SQLite | PostgreSQL | ratio of medians |",
        "|---|---:|---:|---:|",
    ]
    for label in lat["SQLite"]:
        (sm, s95), (pm, p95) = lat["SQLite"][label], lat["PostgreSQL"][label]
        lines.append(f"| {label} | {sm:.2f} / {s95:.2f} | {pm:.2f} / {p95:.2f} | {pm / sm:.1f} |")
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
