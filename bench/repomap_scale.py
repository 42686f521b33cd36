"""Repo map of a large index: ranked in the serving process (the baseline, as before) vs ranked in a worker and
kept next to the index (issue 14).

Each measurement runs in a fresh process on an index already built (`contexteer index` on the corpus first), the way
a new agent session starts: the whole map of the repository at 1,000 tokens, then a sub-path map at 800. Reported:
wall time of each map as the process sees it, the serving process's peak RSS, and the peak RSS of the ranking worker
(the largest child). Variants, in one run:

- in-process: the ranking computed in the serving process (what every process did before; it keeps the graph);
- stored, first: no stored ranks yet: a worker ranks and saves them, the process reads them;
- stored, next process: a new process on the same index reads the saved ranks.

Corpus recipe: the Debian `linux-source-6.12` tree unpacked by `bench/scale.py` (kernel-subset: its core
directories; kernel: all of it) under --work, indexed with `contexteer index` (data dir under --work too).

    .venv/bin/python bench/repomap_scale.py --corpus kernel-subset [kernel] [--work /tmp/contexteer-scale]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOCUS = "mm/slab_common.c"  # the focused map's file
PY = str(REPO / ".venv" / "bin" / "python")

PROBE = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from contexteer.config import Settings
from contexteer.indexers import rank_snapshot
from contexteer.indexers.index import StructureIndex
from contexteer.indexers.repomap import RepoMapper, fit
from contexteer.tokens import count_tokens
from contexteer.workspace import Workspace

mode, prefix = sys.argv[1], sys.argv[2]
if mode == "in-process":
    rank_snapshot.MIN_SYMBOLS = sys.maxsize
idx = StructureIndex(Workspace("."))
mapper = RepoMapper(idx)
out = {}
for label, pre, budget, focus in (("whole map", "", 1000, ()), ("sub-path map", prefix, 800, ()),
                                  ("focused map", "", 800, (sys.argv[3],))):
    t = time.perf_counter()
    infos = mapper.infos()
    scope = sorted(p for p, fi in infos.items() if fi.status == "indexed" and p.startswith(pre))
    ranking = mapper.ranking(focus)
    result = fit(ranking, scope, mapper.symbols_of, count_tokens, budget, prefix=pre)
    out[label] = {"s": round(time.perf_counter() - t, 2), "files_shown": result.files_shown,
                  "first": result.text.splitlines()[:1]}
out["process peak MB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
worker = getattr(mapper._snapshots, "last_worker", None) or {}
out["worker peak MB"] = worker.get("peak_mb", 0)
out["worker s"] = worker.get("seconds")
idx.close()
print(json.dumps(out))
"""


def probe(corpus: Path, data: Path, mode: str, prefix: str) -> dict[str, object]:
    env = dict(os.environ, CONTEXTEER_DATA_DIR=str(data), CONTEXTEER_CONFIG_HOME=str(data.parent / "confighome"))
    t = time.perf_counter()
    proc = subprocess.run([PY, "-c", PROBE, mode, prefix, FOCUS], cwd=corpus, env=env, capture_output=True, text=True,
                          check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{mode} on {corpus} failed:\n{proc.stderr[-3000:]}")
    res: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    res["process wall s"] = round(time.perf_counter() - t, 2)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", nargs="+", default=["kernel-subset"], choices=["kernel-subset", "kernel"])
    ap.add_argument("--work", type=Path, default=Path("/tmp/contexteer-scale"))
    ap.add_argument("--out", type=Path, default=REPO / "bench" / "results" / "repomap_scale.md")
    args = ap.parse_args()
    lines = ["## Repo map of a large index: ranked in-process vs stored ranks from a worker", "",
             f"Command: `.venv/bin/python bench/repomap_scale.py --corpus {' '.join(args.corpus)}` "
             f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}). "
             "Each row a fresh process on the built index; times as that process sees them.", "",
             "| corpus | variant | whole map (1,000 tokens) | sub-path map (mm/, 800) | focused map (mm/slab_common.c, 800) "
             "| serving process peak RSS | ranking worker peak RSS | process wall |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    for name in args.corpus:
        corpus = args.work / ("kernel-subset" if name == "kernel-subset" else "kernel/linux-source-6.12")
        data = args.work / f"data-{name}"
        if not corpus.is_dir() or not data.is_dir():
            raise SystemExit(f"{corpus} or {data} is missing: run bench/scale.py --corpus {name} (or contexteer index) first")
        for snap in data.rglob("repomap-ranks.*"):
            snap.unlink()
        runs = [("in-process (before)", probe(corpus, data, "in-process", "mm/")),
                ("stored, first (worker ranks)", probe(corpus, data, "stored", "mm/")),
                ("stored, next process", probe(corpus, data, "stored", "mm/"))]
        for label, r in runs:
            whole, sub, focused = r["whole map"], r["sub-path map"], r["focused map"]
            assert isinstance(whole, dict) and isinstance(sub, dict) and isinstance(focused, dict)
            lines.append(f"| {name} | {label} | {whole['s']} s | {sub['s']} s | {focused['s']} s | {r['process peak MB']} MB | "
                         f"{str(r['worker peak MB']) + ' MB' if r['worker peak MB'] else '—'} | {r['process wall s']} s |")
            sys.stderr.write(f"{label}: {json.dumps(r)}\n")
        firsts = {json.dumps([(r[k]["files_shown"], r[k]["first"]) for k in ("whole map", "sub-path map")])  # type: ignore[index]
                  for _, r in runs}  # the same files shown and the same first line
        lines.append(f"| {name} | the same whole and sub-path maps in every variant | {'yes' if len(firsts) == 1 else 'NO'} | | | | | |")
    lines += ["", "A focused map ranks around its focus: in-process by PageRank over the whole graph (what a large index "
              "did before), from stored ranks by the focused files' neighbourhood read from the index (not the same "
              "map: the focused file first, then what it uses and what uses it). "
              "The in-process row keeps its memory for the process's life (the graph is held for focused maps); a "
              "worker's memory is returned when it exits. A stored ranking answers every later process and, after an "
              "edit, answers from the previous state while a worker ranks the new one."]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
