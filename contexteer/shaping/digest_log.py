"""The log digester: build, test and install output -> errors, frames, warnings, summaries; repeats collapsed."""

from __future__ import annotations

import logging
import re
from collections import Counter
from typing import cast

from contexteer.shaping import signals as sig
from contexteer.shaping.fold import Digest, DigestInput, Item, clip, largest_gap, render_folded, select

logger = logging.getLogger(__name__)

__all__ = ["digest_log"]

_HEAD, _TAIL = 2, 4
# progress lines of a verbose run ("test_x.py::test_y PASSED   [ 40%]", "ok 12 - name") are no context for an error
_PROGRESS = re.compile(r"\b(?:PASSED|PASS|ok|SKIPPED|XFAIL)\b.*$|\[\s*\d+%\]\s*$")
_FETCH_PATTERN = r"(?i)error|fail|exception|traceback|panic|warn"


# What differs between repeats of one message: a leading timestamp, counters and ids. A number after ':'
# or "line " is a place (test_x.py:15, line 42), one after "status"/"code"/"HTTP"/"errno"/"exit" an outcome
# (status 401 is not status 500): those keep two messages apart.
_TIMESTAMP = re.compile(r"^[\[(]?\d{2,4}[-/.]\d\d[-/.]\d{2,4}[T ]\d\d:\d\d(?::\d\d)?(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?[\])]?\s*"
                        r"|^[\[(]?\d\d:\d\d:\d\d(?:[.,]\d+)?[\])]?\s*")
_NUMBERS = re.compile(r"(?<![:\d])(?<!line )(?<!status )(?<!status=)(?<!code )(?<!code=)(?<!HTTP )(?<!errno )(?<!exit )\d+")

def _classify(inp: DigestInput) -> tuple[list[Item], Counter[str]]:
    ls = inp.ls
    lines = ls.lines
    n = len(lines)
    terms = inp.terms
    candidates = set(ls.lines_at(sig.trigger_offsets(ls.text, sig.LOG_TRIGGERS_CS, sig.LOG_TRIGGERS_CI)))
    term_lines = set(ls.scan(terms)) if terms is not None else set()
    candidates |= term_lines
    candidates.update(range(min(n, _HEAD)))
    candidates.update(range(max(0, n - _TAIL), n))
    items: list[Item] = []
    counts: Counter[str] = Counter()
    first_seen: dict[str, Item] = {}
    dup_lines: dict[int, list[int]] = {}
    totals: dict[int, int] = {}
    covered = -1
    for i in sorted(candidates):
        if i <= covered:
            continue
        line = lines[i]
        j = i
        while j + 1 < n and lines[j + 1] == line:
            j += 1
        covered = j
        run = j - i + 1
        if not line.strip():
            continue
        prio = _line_priority(line, i in term_lines, i < _HEAD or j >= n - _TAIL)
        if prio is None:
            continue
        if prio <= sig.TERM:
            counts[sig.LABELS[prio]] += run
        key = _repeat_key(line, prio)
        first = first_seen.get(key) if prio in (sig.WARNING, sig.TODO, sig.ERROR, sig.FRAME) and len(key) > 12 else None
        if first is not None:
            dup_lines.setdefault(first.start, []).append(i)
            totals[first.start] = totals.get(first.start, first.run) + run
        else:
            it = Item(i, j, prio, sig.LABELS.get(prio, "context"), run=run)
            items.append(it)
            first_seen[key] = it
    _add_error_context(items, lines)
    for it in items:
        others = dup_lines.get(it.start)
        if others:
            total = totals.get(it.start, it.run)
            shown = ", ".join(str(inp.ls.num(k)) for k in others[:2])
            more = f", +{len(others) - 2}" if len(others) > 2 else ""
            it.note = f"[×{total}; also {shown}{more}]"
    sig.promote_terms(items)
    return items, counts


def _line_priority(line: str, term_match: bool, head_or_tail: bool) -> int | None:
    """A line's signal priority; a term match or a line of the head or tail is kept at a lower one, others dropped."""
    prio = sig.log_priority(line)
    if prio is None and term_match:
        prio = sig.TERM
    if prio is None and head_or_tail:
        prio = sig.CONTEXT
    return prio


def _repeat_key(line: str, prio: int) -> str:
    """What repeats of one message share: a service log's "job 6 failed (attempt 1)" and "job 9 failed (attempt 2)"
    repeat one error; untimed tool output keeps its numbers (test_x[1] and test_x[3] are two failures) and so do
    frames (line 42 and line 57 are different places)."""
    key = line.strip()
    if prio != sig.FRAME and _TIMESTAMP.match(key):
        key = _NUMBERS.sub("#", _TIMESTAMP.sub("", key))
    return key


def _add_error_context(items: list[Item], lines: list[str]) -> None:
    """Lines around an error explain it: offered after the signals, before the head and tail."""
    n = len(lines)
    taken: set[int] = set()
    for it in items:
        taken.update(range(it.start, it.end + 1))
    for it in [x for x in items if x.prio <= sig.ERROR]:
        for k in (*range(max(0, it.start - 2), it.start), *range(it.end + 1, min(n, it.end + 3))):
            if k not in taken and lines[k].strip() and not _PROGRESS.search(lines[k]):
                taken.add(k)
                items.append(Item(k, k, sig.TERM + 0.5, "context"))


def digest_log(inp: DigestInput) -> Digest:
    ls = inp.ls
    cached = cast("tuple[list[Item], Counter[str]] | None", ls.cache.get("log"))
    if cached is None:
        cached = ls.cache["log"] = _classify(inp)
    items, counts = cached
    stats = sig.counted(counts) or "no error/warning lines"
    if inp.tier == "digest":
        chosen = select(items, len(ls), inp.budget, cost=lambda it: ls.est(ls.lines[it.start]) * (1 if it.run > 1 else it.end - it.start + 1) + 2,
                        fill=lambda k: ls.est(ls.lines[k]))
        body = render_folded(ls, chosen, what="output", max_chars=inp.max_chars)
        return Digest(body=body, stats=stats, pattern=_FETCH_PATTERN, example_range=largest_gap(ls, chosen))
    return Digest(body=_overview(inp, items, counts), stats=stats, pattern=_FETCH_PATTERN)


def _overview(inp: DigestInput, items: list[Item], counts: Counter[str]) -> list[str]:
    ls = inp.ls
    first_at: dict[str, int] = {}
    for it in items:
        first_at.setdefault(it.label, ls.num(it.start))
    table = ["| signal | lines | first at |", "|---|---|---|"]
    for label in ("summary lines", "errors", "frames", "warnings", "TODO/FIXME", "term matches"):
        if counts.get(label):
            table.append(f"| {label} | {counts[label]} | {first_at.get(label, '')} |")
    if len(table) == 2:
        table = ["(no error, warning or summary lines found)"]
    budget = inp.budget - sum(ls.est(t) for t in table) - 8
    max_chars = min(inp.max_chars, 300)
    def cost(it: Item) -> float:
        n = 1 if it.run > 1 else it.end - it.start + 1
        return sum(ls.est(clip(ls.lines[k], max_chars)) + 2 for k in range(it.start, it.start + n)) + ls.est(it.note) + (3 if it.run > 1 else 0)

    chosen = select(items, len(ls), budget, cost=cost, marker_cost=0)
    shown = {id(it) for it in chosen}
    hits = []
    for it in chosen:
        num = f"{ls.num(it.start)}-{ls.num(it.end)}" if it.end > it.start else str(ls.num(it.start))
        text = clip(ls.lines[it.start], max_chars)
        extra = f"  ×{it.run}" if it.run > 1 else ""
        hits.append(f"{num}: {text}{extra}" + (f"  {it.note}" if it.note else ""))
        if it.end > it.start and it.run == 1:
            hits.extend(f"{ls.num(k)}: {clip(ls.lines[k], max_chars)}" for k in range(it.start + 1, it.end + 1))
    missing = Counter(it.label for it in items if id(it) not in shown and it.label != "context")
    out = [*table, "", "signal lines (line: text):", *hits]
    if missing:
        out.append("… not shown: " + sig.counted(missing) + " (fetch them with pattern=)")
    return out
