"""The totals of the whole-agent A/B runs as bench/results/agent_ab.md states them: the latest run per repository of
each agent (the runs its "Latest run per repository" paragraph names), summed from the table's calls and tokens.

    python bench/ab/tally.py [bench/results/agent_ab.md]
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

_ROW = re.compile(r"^\|\s*(\d+)\b[^|]*\|[^|]*\|\s*(contexteer|shell)\s*\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|", re.M)


def latest_runs(text: str) -> dict[str, list[int]]:
    """The run numbers the paragraph names for each agent (`Python 2 and 17`: both)."""
    para = text.split("Latest run per repository", 1)[1].split("):", 1)[0]
    ctx, shell = para.split("shell:", 1)
    return {agent: [int(n) for n in re.findall(r"(?<![\w-])(\d+)(?=[,;]|\s+and\b|\s*$)", part)]
            for agent, part in (("contexteer", ctx), ("shell", shell))}


def tally(text: str) -> dict[str, tuple[int, int, int]]:
    """For each agent: (runs, calls, tokens) over its latest runs; a named run missing from the table raises."""
    rows = {(int(m[1]), m[2]): (int(m[3].replace(",", "")), int(m[4].replace(",", ""))) for m in _ROW.finditer(text)}
    out = {}
    for agent, runs in latest_runs(text).items():
        missing = [r for r in runs if (r, agent) not in rows]
        if missing:
            raise SystemExit(f"runs named for {agent} but not in the table: {missing}")
        out[agent] = (len(runs), sum(rows[r, agent][0] for r in runs), sum(rows[r, agent][1] for r in runs))
    return out


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).parents[1] / "results" / "agent_ab.md")
    got = tally(path.read_text(encoding="utf-8"))
    lines = [f"{agent}: {runs} runs, {tokens:,} tokens in {calls:,} calls" for agent, (runs, calls, tokens) in got.items()]
    (_, cc, ct), (_, sc, st) = got["contexteer"], got["shell"]
    lines.append(f"contexteer / shell: {ct / st:.2f}x the tokens, {cc / sc:.2f}x the calls")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
