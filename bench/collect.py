"""Assemble bench/RESULTS.md from the per-area result files each benchmark writes in bench/results/."""

from __future__ import annotations

from pathlib import Path

BENCH = Path(__file__).resolve().parent
ORDER = ["indexing", "latency", "scale", "repomap_scale", "shaping", "agent_tasks", "agent_ab", "dependencies", "memory", "team", "container"]

HEADER = """# Benchmark results

Each section is written by its benchmark (the command is at the top of the section); this file is
assembled from `bench/results/*.md` by `python bench/collect.py`. Machines here are shared and noisy: every
figure comes with a baseline measured in the same run, and the ratio is what to compare.

| benchmark | command | baseline in the same run |
|---|---|---|
| structure indexer | `.venv/bin/python bench/indexing.py` | a bare 2-process tree-sitter parse of the same files; universal-ctags `ctags -R` |
| navigation latency | `.venv/bin/python bench/latency.py` | the stdio round trip of a 1-line read; Aider's `RepoMap.get_repo_map` on the same tree |
| scale (the Linux kernel) | `.venv/bin/python bench/scale.py` | universal-ctags `ctags -R` of the same tree; the stdio round trip of a 1-line read |
| shaping pipeline | `.venv/bin/python bench/shaping.py` | head truncation at the same delivered size; a bare token count |
| agent tasks | `.venv/bin/python bench/agent_tasks.py` | the shortest rg/sed/awk pipeline that answers each question |
| agent A/B | helper sessions with `bench/ab/ctx` and `bench/ab/sh-run`; totals `.venv/bin/python bench/ab/tally.py` | a shell-only agent on the same questions |
| dependencies | `.venv/bin/python bench/dependencies.py` | the previous resolver on the same import rows |
| memory | `.venv/bin/python bench/memory.py` | injecting every memory body; a plain `write_text` |
| security | `.venv/bin/python bench/security.py` | ripgrep's verdict on the raw file (the search oracle); the SDK's Host/Origin check; redaction with the built-in rules only; a search without masking |
| repo map of a large index | `.venv/bin/python bench/repomap_scale.py` | the ranking computed in the serving process (as before), same index |
| team deployment | `.venv/bin/python bench/team_load.py` | one replica on the embedded storage, same sessions and calls |
| structure index in PostgreSQL | `.venv/bin/python bench/index_pg.py` | the SQLite index of the same tree, same run |
| container | `sudo scripts/container-smoke-test.sh` | (a smoke proof, not a speed test) |

"""


def main() -> int:
    parts = [HEADER]
    results = BENCH / "results"
    names = ORDER + sorted(p.stem for p in results.glob("*.md") if p.stem not in ORDER)
    for name in names:
        path = results / f"{name}.md"
        if path.exists():
            parts.append(path.read_text(encoding="utf-8").strip() + "\n\n")
    (BENCH / "RESULTS.md").write_text("".join(parts).rstrip() + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
