"""The text/markdown digester: headings (with section ranges), signal lines, head and tail."""

from __future__ import annotations

import bisect
import logging
import re
from collections import Counter
from collections.abc import Callable
from typing import Literal, NamedTuple, cast

from contexteer.shaping import signals as sig
from contexteer.shaping.fold import (
    Digest,
    DigestInput,
    Item,
    LineSet,
    clip,
    fill_greedy,
    item_cost,
    largest_gap,
    real_cost,
    render_folded,
    select,
)

logger = logging.getLogger(__name__)

__all__ = ["digest_text", "find_headings"]

_ATX = re.compile(r"^ {0,3}(#{1,6})\s+\S")
_FENCE = re.compile(r"^ {0,3}(```|~~~)")
_UNDERLINE = re.compile(r"^(=+|-+|~+|\^+|\*+|#+)\s*$")
_CANDIDATE = re.compile(r"^(?: {0,3}(?:#{1,6}[ \t]|```|~~~)|(?:=+|-+|~+|\^+|\*+|#+)[ \t]*$)", re.M)
_CAPS = re.compile(r"^[A-Z][A-Z0-9 _/&-]{2,60}$")
_CAPS_CANDIDATE = re.compile(r"^[A-Z][A-Z0-9 _/&-]{2,60}$", re.M)
_HEAD, _TAIL = 3, 3


class Heading(NamedTuple):
    idx: int  # its line (0-based)
    level: int  # 1 for the top level
    title: str


def find_headings(ls: LineSet, markdown: bool) -> list[Heading]:
    """ATX, setext and reStructuredText headings outside code fences."""
    out: list[Heading] = []
    lines = ls.lines
    in_fence = False
    rst_levels: list[str] = []
    cands = ls.scan(_CANDIDATE)
    if not markdown:
        cands = sorted(set(cands) | set(ls.scan(_CAPS_CANDIDATE)))
    for i in cands:
        line = lines[i]
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if not markdown and _CAPS.match(line):
            out.append(Heading(i, 1, line.strip()))
            continue
        m = _ATX.match(line) if markdown else None
        if m:
            out.append(Heading(i, len(m.group(1)), line.strip().lstrip("#").strip()))
            continue
        if i > 0 and lines[i - 1].strip() and not _ATX.match(lines[i - 1]):
            u = _UNDERLINE.match(line)
            prev = lines[i - 1].strip()
            if u and len(line.strip()) >= max(3, len(prev) - 1) and not _UNDERLINE.match(lines[i - 1]):
                ch = line.strip()[0]
                if markdown and ch not in "=-":
                    continue
                if ch not in rst_levels:
                    rst_levels.append(ch)
                level = 1 if markdown and ch == "=" else 2 if markdown else rst_levels.index(ch) + 1
                if out and out[-1].idx == i - 1:
                    continue
                out.append(Heading(i - 1, level, prev))
    return out


def digest_text(inp: DigestInput, *, markdown: bool = True) -> Digest:
    ls = inp.ls
    lines = ls.lines
    n = len(lines)
    heads = cast("list[Heading] | None", ls.cache.get("headings"))
    if heads is None:
        heads = ls.cache["headings"] = find_headings(ls, markdown)
    items: list[Item] = []
    counts: Counter[str] = Counter()
    heading_idx: set[int] = set()
    for i, level, _title in heads:
        end = i + 1 if i + 1 < n and _UNDERLINE.match(lines[i + 1]) else i
        items.append(Item(i, end, sig.DEFINITION + (level - 1) * 0.1, "headings"))
        heading_idx.update(range(i, end + 1))
    counts["headings"] = len(heads)
    nonblank = [i for i in range(min(n, 40)) if lines[i].strip()][:_HEAD]
    tail = [i for i in range(n - 1, max(-1, n - 40), -1) if lines[i].strip()][:_TAIL]
    edge = set(nonblank) | set(tail)
    terms = inp.terms
    cands = set(ls.lines_at(sig.trigger_offsets(ls.text, sig.TEXT_TRIGGERS_CS)))
    term_lines = set(ls.scan(terms)) if terms is not None else set()
    for i in sorted(cands | term_lines | edge):
        line = lines[i]
        if i in heading_idx or not line.strip():
            continue
        prio = sig.text_priority(line)
        if prio is None and i in term_lines:
            prio = sig.TERM
        if prio is not None:
            counts[sig.LABELS[prio]] += 1
        elif i in edge:
            prio = sig.CONTEXT
        if prio is not None:
            items.append(Item(i, i, prio, sig.LABELS[prio]))
    sig.promote_terms(items)
    stats = sig.counted(counts) or "no headings"
    pattern = r"^#{1,6} " if markdown else None

    cost = item_cost(ls, inp.max_chars)
    if inp.tier == "digest":
        chosen = select(items, n, inp.budget, cost, fill=lambda k: ls.est(lines[k]))
        body = render_folded(ls, chosen, what="text", max_chars=inp.max_chars, namer=_namer(ls, heads))
        return Digest(body=body, stats=stats, pattern=pattern, example_range=largest_gap(ls, chosen))
    return _overview(inp, heads, items, stats, pattern)


def _section_ends(heads: list[Heading], n: int) -> dict[int, int]:
    """Last line (0-based) of each heading's section: up to the next heading of the same or a higher level."""
    ends: dict[int, int] = {}
    stack: list[tuple[int, int]] = []  # (level, start)
    for i, level, _title in heads:
        while stack and stack[-1][0] >= level:
            ends[stack.pop()[1]] = i - 1
        stack.append((level, i))
    for _level, i in stack:
        ends[i] = n - 1
    return ends


def _overview(inp: DigestInput, heads: list[Heading], items: list[Item], stats: str, pattern: str | None) -> Digest:
    """Signal lines first, then as many heading levels as fit whole: with each section's range
    (`78-113: ## v2.14.4`) when that fits, else compactly by start line (`78 ## v2.14.4`), which names far
    more headings in the same budget; deeper headings, term matches and context fill what is left."""
    ls = inp.ls
    lines = ls.lines
    ends = _section_ends(heads, len(lines))
    level_of = {h.idx: h.level for h in heads}
    budget = inp.budget

    def full(it: Item) -> str:
        if it.start in ends:
            return f"{ls.num(it.start)}-{ls.num(ends[it.start])}: {clip(lines[it.start], inp.max_chars)}"
        return f"{ls.num(it.start)}: {clip(lines[it.start], inp.max_chars)}"

    def compact(it: Item) -> str:
        return f"{ls.num(it.start)} {clip(lines[it.start].strip(), inp.max_chars)}"

    headings = [it for it in items if it.label == "headings"]
    others = sorted((it for it in items if it.label != "headings"), key=lambda i: (i.prio, i.start))
    chosen: list[Item] = []
    used = 0.0

    def take(pool: list[Item], render: Callable[[Item], str]) -> None:
        nonlocal used
        taken, used = fill_greedy(ls, pool, render, budget, used)
        chosen.extend(taken)

    take([it for it in others if it.prio < sig.DEFINITION], full)  # errors, warnings, TODO, first term matches
    form: Literal["full", "compact"] = "full"
    plan: _Plan | None = None
    forms: tuple[tuple[Literal["full", "compact"], Callable[[Item], str]], ...] = (("full", full), ("compact", compact))
    if headings:
        levels = sorted({level_of[it.start] for it in headings})
        for level in reversed(levels):
            pool = [it for it in headings if level_of[it.start] <= level]
            trailer = [_deeper(len(headings) - len(pool), level)] if len(pool) < len(headings) else []
            for name, render in forms:
                real = _fits(ls, [render(it) for it in pool] + trailer, budget - used)
                if real is not None:
                    plan = _Plan(level, name, real)
                    break
            if plan is not None:
                break
        if plan is not None:
            depth, form, real = plan
            chosen.extend(it for it in headings if level_of[it.start] <= depth)
            used += real + 1
            deeper = [it for it in headings if level_of[it.start] > depth]
        else:
            form, deeper = "compact", headings
        if form == "full" or plan is None:  # a partial deeper level would hide where compact sections end
            take(sorted(deeper, key=lambda i: (i.prio, i.start)), full)
    take([it for it in others if it.prio >= sig.DEFINITION], full)

    body = []
    for it in sorted(chosen, key=lambda i: i.start):
        body.append(compact(it) if form == "compact" and it.start in level_of else full(it))
    chosen_ids = {id(it) for it in chosen}
    missing = Counter(it.label for it in items if id(it) not in chosen_ids and it.label != "context")
    if form == "compact" and plan is not None and missing["headings"] == len(headings) - len([h for h in heads if h.level <= plan.depth]):
        body.append(_deeper(missing.pop("headings"), plan.depth))  # every heading down to that level is listed
    if +missing:
        body.append("… not shown: " + sig.counted(missing))
    return Digest(body=body, stats=stats, pattern=pattern)


class _Plan(NamedTuple):
    """The deepest heading level listed whole, in which form, and its real cost."""

    depth: int
    form: Literal["full", "compact"]
    real: float


def _deeper(n: int, level: int) -> str:
    return f"… not shown: {n} heading{'s' if n != 1 else ''} below level {level}"


def _fits(ls: LineSet, rendered: list[str], left: float) -> float | None:
    """The real token cost of the rendered lines when it is within `left` (counted only when the estimate is close)."""
    if sum(ls.est(x) for x in rendered) > left * 1.4:
        return None
    real = real_cost(ls, rendered)
    return real if real <= left else None


def _namer(ls: LineSet, heads: list[Heading]) -> Callable[[int, int], str]:
    """Names a folded range by the section it lies in: `in 'Install'`."""
    starts = [h.idx for h in heads]

    def name(a: int, b: int) -> str:
        k = bisect.bisect_right(starts, a) - 1
        if k >= 0 and (k + 1 >= len(starts) or starts[k + 1] > b):
            return f"in '{clip(heads[k].title, 40)}'"
        return ""

    return name
