"""The code digester: definition lines (signatures) with their ranges and signal lines; bodies folded by symbol."""

from __future__ import annotations

import bisect
import json
import logging
import re
from collections import Counter
from dataclasses import dataclass

from contexteer.shaping import signals as sig
from contexteer.shaping.fold import (
    Digest,
    DigestInput,
    Item,
    LineSet,
    clip,
    largest_gap,
    render_folded,
    select,
)

logger = logging.getLogger(__name__)

__all__ = ["digest_code", "find_definitions"]

_NAME_RE = re.compile(
    r"(?:def|class|function\*?|func|fn|struct|enum|trait|impl|interface|module|namespace|record|object|protocol|extension|type|macro_rules!)"
    r"\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)"
)
_CNAME_RE = re.compile(r"([A-Za-z_~][\w:]*)\s*\(")
_DEFS_PATTERN = r"^\s*(?:async\s+)?(?:def|class|function|func|fn|struct|interface|impl|type)\b"


@dataclass
class Def:
    idx: int  # 0-based line of the definition
    end: int  # 0-based last line of its body
    name: str
    depth: int


def _name_of(line: str) -> str:
    m = _NAME_RE.search(line)
    if m:
        return m.group(1)
    m = _CNAME_RE.search(line)
    return m.group(1) if m else line.strip()[:30]


def find_definitions(ls: LineSet, outline: list[tuple[int, int, str, str]] | None) -> list[Def]:
    """Definitions from the indexer's outline when given, else by pattern with indentation-derived ranges."""
    n = len(ls)
    if outline:
        given: list[Def] = []
        spans = sorted(((s - ls.first, e - ls.first, name) for s, e, name, _kind in outline), key=lambda t: (t[0], -t[1]))
        ends: list[int] = []  # end idx of enclosing symbols
        for s, e, name in spans:
            if not 0 <= s < n:
                continue
            while ends and s > ends[-1]:
                ends.pop()
            given.append(Def(s, min(max(e, s), n - 1), name, len(ends)))
            ends.append(e)
        return given
    lines = ls.lines
    text = ls.text
    offs = ls.offsets
    cands = {i for i in ls.lines_at(sig.trigger_offsets(text, sig.DEF_TRIGGERS)) if sig.DEF_RE.match(lines[i])}
    if text.count(";") > n // 10:  # C-like source: also `ret name(args) {` definitions
        cands.update(i for i in ls.scan(sig.CDEF_RE) if lines[i][:1] not in (" ", "\t", "#", "/", "*"))
    defs: list[Def] = []
    stack: list[Def] = []
    for i in sorted(cands):
        line = lines[i]
        ind = len(line) - len(line.lstrip())
        end = _block_end(ls, i, ind, text, offs)
        while stack and i > stack[-1].end:
            stack.pop()
        d = Def(i, end, _name_of(line), len(stack))
        defs.append(d)
        stack.append(d)
    return defs


_NEXT_AT: dict[int, re.Pattern[str]] = {}


def _block_end(ls: LineSet, i: int, ind: int, text: str, offs: list[int]) -> int:
    """Last line of the block opened at line i (indent `ind`): up to the next line indented no deeper."""
    rx = _NEXT_AT.get(ind)
    if rx is None:
        rx = _NEXT_AT[ind] = re.compile(r"\n[ \t]{0," + str(ind) + r"}(?=[^\s])")
    n = len(ls.lines)
    pos = offs[i + 1] - 1 if i + 1 < n else len(text)
    while True:
        m = rx.search(text, pos)
        if m is None:
            j = n
            break
        j = bisect.bisect_right(offs, m.start() + 1) - 1
        nxt = ls.lines[j]
        first = nxt.lstrip()[:1]
        same = len(nxt) - len(nxt.lstrip()) == ind
        if same and first in (")", "]") and j <= _signature_end(ls.lines, i) + 1:
            pos = m.end()  # `):` closing a multi-line signature: the body follows
            continue
        if same and (first in ("}", ")", "]") or nxt.lstrip().startswith("end")):
            return j  # the block's closing brace / `end` belongs to it
        if same and first == "{" and j == i + 1:
            pos = m.end()  # Allman style: the opening brace on its own line
            continue
        break
    k = j - 1
    while k > i and not ls.lines[k].strip():
        k -= 1
    return k


def _signature_end(lines: list[str], i: int) -> int:
    """The last line of a signature that spans lines (unbalanced parentheses), at most 5 lines."""
    depth = 0
    for j in range(i, min(len(lines), i + 5)):
        depth += lines[j].count("(") + lines[j].count("[") - lines[j].count(")") - lines[j].count("]")
        if depth <= 0:
            return j
    return i


def digest_code(inp: DigestInput) -> Digest:
    ls = inp.ls
    lines = ls.lines
    cached = ls.cache.get("defs")
    if cached is None:
        cached = ls.cache["defs"] = find_definitions(ls, inp.outline)
    defs: list[Def] = cached  # type: ignore[assignment]
    items: list[Item] = []
    taken: set[int] = set()
    for d in defs:
        end = _signature_end(lines, d.idx)
        items.append(Item(d.idx, end, sig.DEFINITION + min(d.depth, 9) * 0.1, "definitions"))
        taken.update(range(d.idx, end + 1))
    counts: Counter[str] = Counter(definitions=len(defs))
    terms = inp.terms
    cands = set(ls.lines_at(sig.trigger_offsets(ls.text, sig.CODE_TRIGGERS_CS)))
    term_lines = set(ls.scan(terms)) if terms is not None else set()  # type: ignore[arg-type]
    for i in sorted(cands | term_lines):
        line = lines[i]
        if i in taken or not line.strip():
            continue
        prio = sig.code_priority(line)
        if prio is None and i in term_lines:
            prio = sig.TERM
        if prio is not None:
            items.append(Item(i, i, prio, sig.LABELS[prio]))
            counts[sig.LABELS[prio]] += 1
    sig.promote_terms(items)
    stats = sig.counted(counts) or "no definitions found"

    def cost(it: Item) -> float:
        return sum(ls.est(clip(lines[k], inp.max_chars)) + 2 for k in range(it.start, it.end + 1))

    if inp.tier == "digest":
        chosen = select(items, len(ls), inp.budget, cost, fill=lambda k: ls.est(lines[k]))
        body = render_folded(ls, chosen, what="source", max_chars=inp.max_chars, namer=_namer(defs, ls))
        return Digest(body=body, stats=stats, pattern=_DEFS_PATTERN, example_range=largest_gap(ls, chosen))
    by_start = {d.idx: d for d in defs}
    avail = inp.budget - 20
    primary = [it for it in items if it.prio < sig.DEFINITION + 0.05]  # signals, terms, top-level definitions
    def ocost(it: Item) -> float:  # the `start-end: ` prefix is digits
        return cost(it) + 4

    if sum(ocost(it) for it in items) <= avail:
        pool, verbatim_budget = items, avail  # everything fits verbatim
    elif sum(ocost(it) for it in primary) <= avail * 0.85:
        pool, verbatim_budget = primary, avail  # top level verbatim, nested ones named compactly below
    else:
        pool, verbatim_budget = items, avail * 0.6  # the outline is too long: quote what fits, name the rest
    chosen = select(pool, len(ls), verbatim_budget, ocost, marker_cost=0)
    body = []
    for it in chosen:
        found = by_start.get(it.start)
        rng = f"{ls.num(it.start)}-{ls.num(found.end)}" if found is not None and found.end > found.idx else str(ls.num(it.start))
        body.append(f"{rng}: {clip(lines[it.start], inp.max_chars)}")
        body.extend(f"{ls.num(k)}: {clip(lines[k], inp.max_chars)}" for k in range(it.start + 1, it.end + 1))
    chosen_ids = {id(it) for it in chosen}
    rest = [it for it in items if id(it) not in chosen_ids]
    if rest:
        used = sum(ls.est(b) for b in body)
        body += _compact(ls, [it for it in rest if it.start in by_start], by_start, _qualnames(defs), inp.budget - 40 - used)
        missing = Counter(it.label for it in rest if it.start not in by_start)
        if missing:
            body.append("… not shown: " + sig.counted(missing) + " (fetch them with pattern=)")
    return Digest(body=body, stats=stats, pattern=_DEFS_PATTERN)


def _join(stack: list[Def], d: Def) -> str:
    """Qualified name through the enclosing definitions (an outline may already give qualified names)."""
    if not stack or "." in d.name:
        return d.name
    parent = stack[-1].name if "." in stack[-1].name else ".".join(s.name for s in stack)
    return f"{parent}.{d.name}"


def _qualnames(defs: list[Def]) -> dict[int, str]:
    out: dict[int, str] = {}
    stack: list[Def] = []
    for d in defs:
        while stack and d.idx > stack[-1].end:
            stack.pop()
        out[d.idx] = _join(stack, d)
        stack.append(d)
    return out


def _compact(ls: LineSet, rest: list[Item], by_start: dict[int, Def], qual: dict[int, str], budget: float) -> list[str]:
    """Definitions that did not fit verbatim, as `start-end qualname` (outer ones first), in line order."""
    picked: list[Item] = []
    used = 12.0
    for it in sorted(rest, key=lambda i: (i.prio, i.start)):
        d = by_start[it.start]
        c = ls.est(f"{ls.num(d.idx)}-{ls.num(d.end)} {qual[d.idx]}, ") - 1
        if used + c > budget:
            continue
        used += c
        picked.append(it)
    if not picked:
        return [f"… {len(rest)} more definitions (fetch them with pattern={json.dumps(_DEFS_PATTERN)})"]
    picked.sort(key=lambda i: i.start)
    entries = [f"{ls.num(by_start[i.start].idx)}-{ls.num(by_start[i.start].end)} {qual[i.start]}" for i in picked]
    out = ["more definitions (lines name):"]
    for k in range(0, len(entries), 8):
        out.append("  " + ", ".join(entries[k : k + 8]))
    if len(picked) < len(rest):
        out.append(f"… {len(rest) - len(picked)} more definitions: fetch_result(pattern={json.dumps(_DEFS_PATTERN)})")
    return out


def _namer(defs: list[Def], ls: LineSet):  # type: ignore[no-untyped-def]
    """Name the innermost symbol whose body contains a folded range: 'body of Parser.parse' (blank lines
    trailing the range, between one definition and the next, do not count against containment)."""
    starts = [d.idx for d in defs]
    parents: list[str] = []
    stack: list[Def] = []
    for d in defs:
        while stack and d.idx > stack[-1].end:
            stack.pop()
        parents.append(_join(stack, d))
        stack.append(d)

    def name(a: int, b: int) -> str:
        while b > a and not ls.lines[b].strip():
            b -= 1
        k = bisect.bisect_right(starts, a) - 1
        while k >= 0:
            d = defs[k]
            if d.idx < a and d.end >= b:
                return f"body of {parents[k]}"
            k -= 1
            if k >= 0 and defs[k].end < a and defs[k].depth == 0:
                break
        return ""

    return name
