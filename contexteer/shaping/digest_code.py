"""The code digester: definition lines (signatures) with their ranges and signal lines; bodies folded by symbol."""

from __future__ import annotations

import bisect
import json
import logging
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from contexteer.shaping import signals as sig
from contexteer.shaping.fold import (
    Digest,
    DigestInput,
    Item,
    LineSet,
    calibrate,
    clip,
    fill_greedy,
    item_cost,
    largest_gap,
    real_cost,
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
_MINOR_KINDS = frozenset({"variable", "constant", "field"})
_DEF_KEYWORDS = ("def", "class", "function", "func", "fn", "struct", "interface", "impl", "type")
_KEYWORD_RE = re.compile(r"\s*(?:async\s+)?(" + "|".join(_DEF_KEYWORDS) + r")\b")


def defs_pattern(ls: LineSet, defs: list[Def]) -> str:
    """The fetch pattern for definitions, naming only the keywords this file's definitions start with (shorter)."""
    used: set[str] = set()
    is_async = False
    for d in defs:
        if not d.primary or ls.lines[d.idx].lstrip().startswith(("@", "#[")):
            continue  # variables match no keyword; a decorator opens its definition's range
        m = _KEYWORD_RE.match(ls.lines[d.idx])
        if m is None:
            return _DEFS_PATTERN
        used.add(m.group(1))
        is_async = is_async or m.group().lstrip().startswith("async")
    kws = [k for k in _DEF_KEYWORDS if k in used]
    if not kws:
        return _DEFS_PATTERN
    lead = r"^\s*(?:async\s+)?" if is_async else r"^\s*"
    return lead + (f"(?:{'|'.join(kws)})" if len(kws) > 1 else kws[0]) + r"\b"


@dataclass
class Def:
    idx: int  # 0-based line of the definition
    end: int  # 0-based last line of its body
    name: str
    depth: int
    kind: str = ""  # the indexer's kind when an outline gave it ("function", "class", "variable", ...)

    @property
    def primary(self) -> bool:
        """A top-level function, class, type…: module-level variables and constants rank with nested definitions."""
        return self.depth == 0 and self.kind not in _MINOR_KINDS


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
        spans = sorted(((s - ls.first, e - ls.first, name, kind) for s, e, name, kind in outline), key=lambda t: (t[0], -t[1]))
        ends: list[int] = []  # end idx of enclosing symbols
        for s, e, name, kind in spans:
            if not 0 <= s < n:
                continue
            while ends and s > ends[-1]:
                ends.pop()
            head = s  # a range that starts at its attributes (`#[must_use = ...]`, `@Override`): the header line shows
            while head < min(e, n - 1) and ls.lines[head].lstrip().startswith(("#[", "@")) and head - s < 12:
                depth = 0  # an attribute written over several lines (`@pytest.mark.parametrize(` ... `)`)
                while True:
                    text = ls.lines[head]
                    depth += sum(text.count(c) for c in "([{") - sum(text.count(c) for c in ")]}")
                    head += 1
                    if depth <= 0 or head >= min(e, n - 1) or head - s >= 12:
                        break
            if head - s >= 12 or head > e:
                head = s
            given.append(Def(head, min(max(e, head), n - 1), name, len(ends), kind))
            ends.append(e)
        return given
    lines = ls.lines
    text = ls.text
    offs = ls.offsets
    cands = {i for i in ls.lines_at(sig.trigger_offsets(text, sig.DEF_TRIGGERS)) if sig.DEF_RE.match(lines[i])}
    if text.count(";") > n // 10:  # C-like source: also `ret name(args) {` definitions
        cands.update(i for i in ls.scan(sig.CDEF_RE) if lines[i][:1] not in (" ", "\t", "#", "/", "*"))
    if '"""' in text or "'''" in text:  # a `def` in a docstring's example is not a definition of this file
        cands -= _in_strings(ls)
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


_TRIPLE = re.compile(r'"""|\'\'\'')


def _in_strings(ls: LineSet) -> set[int]:
    """Lines that start inside a triple-quoted string (docstrings, text blocks), from one scan of the quotes."""
    inside: set[int] = set()
    opened: tuple[str, int] | None = None
    offs = ls.offsets
    for m in _TRIPLE.finditer(ls.text):
        if opened is None:
            opened = (m.group(), m.end())
        elif m.group() == opened[0]:
            first = bisect.bisect_left(offs, opened[1])  # lines starting after the opening quote
            last = bisect.bisect_right(offs, m.start()) - 1  # up to the line holding the closing quote
            inside.update(range(first, last + 1))
            opened = None
    return inside


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
        if same and first in (")", "]") and j <= _signature_end(ls.lines, i, 40) + 1:
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


def _signature_end(lines: list[str], i: int, limit: int = 5) -> int:
    """The last line of a signature that spans lines (unbalanced parentheses), at most `limit` lines."""
    depth = 0
    for j in range(i, min(len(lines), i + limit)):
        depth += lines[j].count("(") + lines[j].count("[") - lines[j].count(")") - lines[j].count("]")
        if depth <= 0:
            return j
    return i


_IMPORT = re.compile(r"\s*(?:import\b|from\s+\S+\s+import\b|#\s*include\b|use\s+[\w:{]|using\s+[\w.]+\s*;|"
                     r"require(?:_relative)?\b|(?:const|let|var)\s+[\w${}\s,:]+=\s*require\s*\(|extern\s+crate\b)")
_IMPORT_OPEN = re.compile(r"(?:\{|\(|,)\s*(?://.*|#.*)?$")


def _import_blocks(lines: list[str], taken: set[int], limit: int = 120) -> list[tuple[int, int]]:
    """The import statements of a file's first `limit` lines as (first, last) line indexes, a statement over
    several lines (`import {`, Go's `import (`, `from x import (`) whole. The rich and tRPC A/B agents read files
    whole to see their imports and got them folded."""
    out: list[tuple[int, int]] = []
    i = 0
    while i < min(len(lines), limit):
        if i in taken or not _IMPORT.match(lines[i]) or lines[i].lstrip().startswith(("import(", "import.meta")):
            i += 1
            continue
        end = i
        if _IMPORT_OPEN.search(re.sub(r"\s(?://|#).*$", "", lines[i])):  # runs to the line that closes it
            while end + 1 < len(lines) and end - i < 60 and not re.search(r"[)}]|\bfrom\b", lines[end + 1]):
                end += 1
            end = min(end + 1, len(lines) - 1)
        out.append((i, end))
        i = end + 1
    return out


VALUE_LINES = 8  # a variable or constant definition spanning at most this many more lines is quoted whole


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
        if d.kind in ("variable", "constant") and d.end - d.idx <= VALUE_LINES:
            end = max(end, d.end)  # a module constant's value is its signal (`const X = union(\n  A,\n  B,\n);`)
        items.append(Item(d.idx, end, sig.DEFINITION + (0 if d.primary else max(1, min(d.depth, 9)) * 0.1), "definitions"))
        taken.update(range(d.idx, end + 1))
    counts: Counter[str] = Counter(definitions=len(defs))
    # what the file imports, in a digest: up to 30 lines before the definitions (quoted even when the digest falls
    # back to listing them), more after them; an overview (a large file) has room for its definitions only
    blocks = _import_blocks(lines, taken) if inp.tier == "digest" else []
    few = sum(e - b + 1 for b, e in blocks) <= 30
    import_prio = sig.DEFINITION - 0.1 if few else sig.DEFINITION + 0.05
    for start, end in blocks:
        items.append(Item(start, end, import_prio, "imports"))
        taken.update(range(start, end + 1))
        counts["imports"] += end - start + 1
    terms = inp.terms
    cands = set(ls.lines_at(sig.trigger_offsets(ls.text, sig.CODE_TRIGGERS_CS)))
    term_lines = set(ls.scan(terms)) if terms is not None else set()
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
    for it in items:  # a definition the agent named is quoted like any line matching its terms
        if it.label == "definitions" and it.start in term_lines:
            it.prio = min(it.prio, sig.TERM_FIRST)
    stats = sig.counted(counts) or "no definitions found"

    cost = item_cost(ls, inp.max_chars)
    pattern = defs_pattern(ls, defs)
    if inp.tier == "digest":
        chosen = select(items, len(ls), inp.budget - 16, cost, fill=lambda k: ls.est(lines[k]))  # a margin: one attempt
        shown = {it.start for it in chosen}
        if all(d.idx in shown for d in defs if d.primary):
            body = render_folded(ls, chosen, what="source", max_chars=inp.max_chars, namer=_namer(defs, ls))
            return Digest(body=body, stats=stats, pattern=pattern, example_range=largest_gap(ls, chosen))
        # Many small definitions: fold markers between them would crowd the later ones out. The overview's
        # listing names every top-level definition with its range instead.
    return _overview(inp, defs, items, stats, pattern)


def _overview(inp: DigestInput, defs: list[Def], items: list[Item], stats: str, pattern: str) -> Digest:
    """Signal lines verbatim first; then every top-level definition: its signature with its range when they all
    fit, else compactly as `168-198 _type_check` (as many signatures quoted as then still fit, public names
    first); nested definitions are named in the budget left, outer ones first."""
    o = _Overview(inp, defs)
    # everything verbatim when it fits (a small file, or few definitions)
    if o.under(items, o.budget * 1.3) and real_cost(inp.ls, [o.verbatim(it) for it in items]) <= o.budget:
        return Digest(body=[o.verbatim(it) for it in sorted(items, key=lambda i: i.start)], stats=stats, pattern=pattern)
    signals = sorted((it for it in items if it.prio < sig.DEFINITION), key=lambda i: (i.prio, i.start))
    o.take(signals, o.verbatim, "v")  # errors, TODO/FIXME, the first term matches (definitions among them too)
    defs_items = [it for it in items if it.label == "definitions" and it.start not in o.shown]
    top = [it for it in defs_items if o.by_start[it.start].primary]
    nested = sorted((it for it in defs_items if not o.by_start[it.start].primary), key=lambda i: (i.prio, i.start))
    o.place_top(top)
    return Digest(body=o.body(items, top, nested, pattern), stats=stats, pattern=pattern)


class _Overview:
    """What the overview has placed so far: each shown item verbatim ("v") or compact ("c"), and the tokens used."""

    def __init__(self, inp: DigestInput, defs: list[Def]) -> None:
        self.inp = inp
        self.ls = inp.ls
        self.by_start = {d.idx: d for d in defs}
        self.qual = _qualnames(defs)
        self.hard = inp.budget - 16  # the "not shown" line: all top-level definitions may use up to this
        self.budget = inp.budget - 28  # what is added after them keeps a margin: a fit to the last token often costs a retry
        self.shown: dict[int, Literal["v", "c"]] = {}  # item start -> verbatim | compact
        self.used = 0.0
        self._verbatim: dict[int, str] = {}
        self._est: dict[int, float] = {}

    def verbatim(self, it: Item) -> str:
        got = self._verbatim.get(it.start)
        if got is None:
            ls, lines, max_chars = self.ls, self.ls.lines, self.inp.max_chars
            d = self.by_start.get(it.start)
            rng = f"{ls.num(it.start)}-{ls.num(d.end)}" if d is not None and d.end > d.idx else str(ls.num(it.start))
            out = [f"{rng}: {clip(lines[it.start], max_chars)}"]
            out.extend(f"{ls.num(k)}: {clip(lines[k], max_chars)}" for k in range(it.start + 1, it.end + 1))
            got = self._verbatim[it.start] = "\n".join(out)
        return got

    def vest(self, it: Item) -> float:
        got = self._est.get(it.start)
        if got is None:
            got = self._est[it.start] = self.ls.est(self.verbatim(it))
        return got

    def under(self, pool: list[Item], limit: float) -> bool:
        """The estimate of quoting the whole pool stays under `limit` (stops counting once it does not)."""
        total = 0.0
        for it in pool:
            total += self.vest(it)
            if total > limit:
                return False
        return True

    def compact(self, it: Item) -> str:
        d = self.by_start[it.start]
        return f"{self.ls.num(d.idx)}-{self.ls.num(d.end)} {self.qual[d.idx]}"

    def take(self, pool: list[Item], render: Callable[[Item], str], mark: Literal["v", "c"]) -> None:
        taken, self.used = fill_greedy(self.ls, pool, render, self.budget, self.used)
        self.shown.update((it.start, mark) for it in taken)

    def place_top(self, top: list[Item]) -> None:
        """Every top-level definition verbatim if they all fit, else all compact with signatures quoted in the budget
        left, else as many compact ones as fit."""
        ls, hard = self.ls, self.hard
        cost_v = real_cost(ls, [self.verbatim(it) for it in top]) if self.under(top, (hard - self.used) * 1.3) else hard + 1
        if self.used + cost_v <= hard:
            self.used += cost_v
            self.shown.update((it.start, "v") for it in top)
            return
        cost_c = real_cost(ls, [self.compact(it) for it in top])
        if self.used + cost_c > hard:
            self.take(top, self.compact, "c")
            return
        self.used += cost_c
        self.shown.update((it.start, "c") for it in top)
        # quote signatures in the budget left: public names first, then in file order
        upgrade = sorted(top, key=lambda i: (self.qual[i.start].startswith("_"), i.start))
        cal = calibrate(ls, [self.verbatim(it) for it in upgrade[:: max(1, len(upgrade) // 64)]])
        for it in upgrade:
            extra = self.vest(it) * cal - ls.est(self.compact(it))
            if self.used + extra <= self.budget:
                self.used += extra
                self.shown[it.start] = "v"

    def body(self, items: list[Item], top: list[Item], nested: list[Item], pattern: str) -> list[str]:
        """The shown items in file order, then what was left out and how to fetch it."""
        item_at = {it.start: it for it in items}
        body: list[str] = []
        for start in sorted(self.shown):
            it = item_at[start]
            body.extend((self.verbatim(it) if self.shown[start] == "v" else self.compact(it)).split("\n"))
        rest_nested = [it for it in nested if it.start not in self.shown]
        left = self.budget - self.used
        if rest_nested and left > 30:
            body += _compact(self.ls, rest_nested, self.by_start, self.qual, left, pattern)
        elif rest_nested:
            body.append(f"… {len(rest_nested)} more definitions: fetch_result(pattern={json.dumps(pattern)})")
        missing_top = [it for it in top if it.start not in self.shown]
        if missing_top:
            body.append(f"… {len(missing_top)} more top-level definitions: fetch_result(pattern={json.dumps(pattern)})")
        missing = Counter(it.label for it in items if it.label != "definitions" and it.start not in self.shown)
        if missing:
            body.append("… not shown: " + sig.counted(missing) + " (fetch them with pattern=)")
        return body


def _join(stack: list[Def], d: Def) -> str:
    """Qualified name through the enclosing definitions (an outline may already give qualified names)."""
    if not stack or "." in d.name:
        return d.name
    parent = stack[-1].name if "." in stack[-1].name else ".".join(s.name for s in stack)
    return f"{parent}.{d.name}"


def _qualified(defs: list[Def]) -> list[str]:
    """Each definition's qualified name, in the order of `defs`."""
    out: list[str] = []
    stack: list[Def] = []
    for d in defs:
        while stack and d.idx > stack[-1].end:
            stack.pop()
        out.append(_join(stack, d))
        stack.append(d)
    return out


def _qualnames(defs: list[Def]) -> dict[int, str]:
    return {d.idx: q for d, q in zip(defs, _qualified(defs), strict=True)}


def _compact(ls: LineSet, rest: list[Item], by_start: dict[int, Def], qual: dict[int, str], budget: float, pattern: str) -> list[str]:
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
        return [f"… {len(rest)} more definitions (fetch them with pattern={json.dumps(pattern)})"]
    picked.sort(key=lambda i: i.start)
    entries = [f"{ls.num(by_start[i.start].idx)}-{ls.num(by_start[i.start].end)} {qual[i.start]}" for i in picked]
    out = ["more definitions (lines name):"]
    for k in range(0, len(entries), 8):
        out.append("  " + ", ".join(entries[k : k + 8]))
    if len(picked) < len(rest):
        out.append(f"… {len(rest) - len(picked)} more definitions: fetch_result(pattern={json.dumps(pattern)})")
    return out


def _namer(defs: list[Def], ls: LineSet):  # type: ignore[no-untyped-def]
    """Name the innermost symbol whose body contains a folded range: 'body of Parser.parse' (blank lines
    trailing the range, between one definition and the next, do not count against containment)."""
    starts = [d.idx for d in defs]
    parents = _qualified(defs)

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
