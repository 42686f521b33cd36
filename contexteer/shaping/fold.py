"""Keep the most important lines within a token budget and fold the rest into counted, addressable gap markers."""

from __future__ import annotations

import bisect
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from contexteer.patterns import Matcher
from contexteer.shaping.answer import Hit
from contexteer.tokens import TokenCounter, get_counter

logger = logging.getLogger(__name__)

__all__ = [
    "Item", "LineSet", "calibrate", "select", "render_folded", "clip", "fold_marker", "split_lines", "fill_greedy", "real_cost", "item_cost",
]

_BLANK_AFTER_NL = re.compile(r"\n[ \t\f\v]*(?=\n)")
# words with their leading space, 1-3 digits, punctuation runs, whitespace: roughly one cl100k token each
_PRETOKEN = re.compile(r" ?[A-Za-z]+| ?\d{1,3}| ?[^\sA-Za-z\d]+|\s+(?!\S)|\s+")
MARKER_TOKENS = 22  # a gap marker: "… 212 lines folded (lines 40-251: 198 source, 14 blank) …"


@dataclass
class Item:
    """A candidate for the digest: lines start..end (0-based, inclusive) kept together."""

    start: int
    end: int
    prio: float
    label: str
    run: int = 1  # > 1: a run of identical lines rendered once with ×run
    note: str = ""  # appended to the rendered line, e.g. "[×12, also lines 40, 52]"


def split_lines(text: str) -> list[str]:
    """The one line splitting used for digests and fetch_result alike: on '\\n', a trailing '\\r' dropped."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [ln[:-1] if ln.endswith("\r") else ln for ln in lines]
    return lines


class LineSet:
    """The result's lines, their displayed numbering and a per-line token estimate from one real count."""

    def __init__(self, text: str, raw_tokens: int, first_line: int = 1, counter: TokenCounter | None = None) -> None:
        self.lines = split_lines(text)
        self.counter = counter or get_counter()  # the pipeline's: real counts that calibrate estimates use its encoding
        self.text = "\n".join(self.lines)
        self.first = first_line
        self._offsets: list[int] | None = None
        chars = max(1, len(text))
        self.chars_per_token = max(1.0, chars / max(1, raw_tokens))
        self._blank: list[int] | None = None
        self.cache: dict[str, object] = {}  # digesters keep their classification here across fitting attempts

    def __len__(self) -> int:
        return len(self.lines)

    def num(self, idx: int) -> int:
        return idx + self.first

    def est(self, s: str) -> float:
        """Tokens of one output line (newline included), from a cl100k-like pre-tokenisation: within ~10%."""
        if len(s) > 2000:
            return len(s) / self.chars_per_token + 1
        toks = _PRETOKEN.findall(s)
        return 1.0 + len(toks) + sum((len(t) - 1) // 8 for t in toks if len(t) > 8 and t[-1] != " ")

    @property
    def offsets(self) -> list[int]:
        """Offset of each line's start in `text` (plus the end), computed once."""
        if self._offsets is None:
            offsets = [0]
            pos = 0
            for line in self.lines:
                pos += len(line) + 1
                offsets.append(pos)
            self._offsets = offsets
        return self._offsets

    def lines_at(self, positions: list[int]) -> list[int]:
        """Sorted distinct line indexes holding the given text offsets."""
        offs = self.offsets
        n = len(self.lines)
        return sorted({min(n - 1, bisect.bisect_right(offs, p) - 1) for p in positions}) if n else []

    def scan(self, rx: Matcher | re.Pattern[str]) -> list[int]:
        """Indexes of the lines where `rx` (compiled with re.M) matches, found in one pass over the whole text."""
        return self.lines_at([m.start() for m in rx.finditer(self.text)])

    def blanks(self, a: int, b: int) -> int:
        """Blank lines among a..b (0-based inclusive), from one regex pass over the text."""
        if self._blank is None:
            found = [m.start() + 1 for m in _BLANK_AFTER_NL.finditer(self.text + "\n")]
            idx = self.lines_at(found) if found else []
            if self.lines and not self.lines[0].strip():
                idx.insert(0, 0)
            self._blank = [i for i in idx if i < len(self.lines) and not self.lines[i].strip()]
        return bisect.bisect_right(self._blank, b) - bisect.bisect_left(self._blank, a)


def calibrate(ls: LineSet, rendered: Sequence[str], sample: int = 64) -> float:
    """Real tokens / estimated tokens over (up to `sample` of) the rendered lines: one encoder call that makes
    the per-line estimate exact enough to fill a budget to the last few tokens."""
    picked = list(rendered[:: max(1, len(rendered) // sample)])[:sample]
    est = sum(ls.est(x) for x in picked)
    if not picked or est <= 0:
        return 1.0
    return min(1.3, max(0.7, (ls.counter.count("\n".join(picked)) + 1) / est))


def item_cost(ls: LineSet, max_chars: int) -> Callable[[Item], float]:
    """The estimated cost of showing an item's lines as `N: text` (clipped to `max_chars`), for `select`."""

    def cost(it: Item) -> float:
        return sum(ls.est(clip(ls.lines[k], max_chars)) + 2 for k in range(it.start, it.end + 1))

    return cost


def real_cost(ls: LineSet, rendered: Sequence[str]) -> float:
    """The real token cost of rendered lines joined as one block (the trailing newline included); 0 for none."""
    return float(ls.counter.count("\n".join(rendered)) + 1) if rendered else 0.0


def fill_greedy(
    ls: LineSet, pool: Sequence[Item], render: Callable[[Item], str], budget: float, used: float
) -> tuple[list[Item], float]:
    """Take items of `pool` in order while their calibrated estimate fits `budget` (starting at `used`);
    gives up after 50 misses in a row. Returns the items taken and the new `used`."""
    taken: list[Item] = []
    if not pool:
        return taken, used
    cal = calibrate(ls, [render(it) for it in pool[:: max(1, len(pool) // 64)]])
    misses = 0
    for it in pool:
        if misses > 50 or budget - used < 3:
            break
        c = ls.est(render(it)) * cal
        if used + c > budget:
            misses += 1
            continue
        used += c
        taken.append(it)
    return taken, used


def clip(text: str, max_chars: int) -> str:
    if len(text) <= max_chars:
        return text
    return f"{text[:max_chars]}…[+{len(text) - max_chars} chars]"


def select(
    items: Sequence[Item],
    n_lines: int,
    budget: float,
    cost: Callable[[Item], float],
    fill: Callable[[int], float] | None = None,
    marker_cost: float = MARKER_TOKENS,
) -> list[Item]:
    """Greedy by priority (then position) within `budget`, charging each new gap marker; returns items in line order.

    Adding an item inside a folded run splits it (one more marker), at its edge keeps the count, and
    filling a run completely removes a marker; that delta is charged with the item. `fill(idx)`, when
    given, is the cost of showing an unselected line: gaps of one or two lines that cost less than
    their marker are shown instead of folded.
    """
    kept = bytearray(n_lines)
    used = marker_cost if n_lines else 0
    chosen: list[Item] = []
    misses = 0
    for it in sorted(items, key=lambda i: (i.prio, i.start)):
        if misses > 300 or budget - used < 3:  # the budget is spent: the rest would not fit either
            break
        if any(kept[it.start : it.end + 1]):
            continue
        left_free = it.start > 0 and not kept[it.start - 1]
        right_free = it.end < n_lines - 1 and not kept[it.end + 1]
        delta = 1 if left_free and right_free else (0 if left_free or right_free else -1)
        c = cost(it) + delta * marker_cost
        if used + c > budget:
            misses += 1
            continue
        misses = 0
        used += c
        kept[it.start : it.end + 1] = b"\x01" * (it.end - it.start + 1)
        chosen.append(it)
    if fill is not None and chosen:
        chosen.sort(key=lambda i: i.start)
        extra: list[Item] = []
        for prev, nxt in zip([None, *chosen], [*chosen, None], strict=True):
            a = 0 if prev is None else prev.end + 1
            b = n_lines - 1 if nxt is None else nxt.start - 1
            size = b - a + 1
            if 0 < size <= 2:
                c = sum(fill(i) for i in range(a, b + 1)) - marker_cost
                if c <= 0 or used + c <= budget:
                    used += c
                    extra.extend(Item(i, i, 99, "context") for i in range(a, b + 1))
        chosen.extend(extra)
    chosen.sort(key=lambda i: i.start)
    return chosen


def largest_gap(ls: LineSet, chosen: Sequence[Item], span: int = 150) -> tuple[int, int] | None:
    """The biggest folded range (displayed numbering), cut to `span` lines: the natural first thing to fetch."""
    best: tuple[int, int] | None = None
    pos = 0
    for it in [*chosen, Item(len(ls), len(ls), 0, "")]:
        if it.start > pos and (best is None or it.start - pos > best[1] - best[0]):
            best = (pos, it.start)
        pos = max(pos, it.end + 1)
    if best is None:
        return None
    a, b = best
    return ls.num(a), ls.num(min(b - 1, a + span - 1))


def fold_marker(ls: LineSet, a: int, b: int, what: str, name: str = "") -> str:
    """`… 212 lines folded (lines 40-251: 198 source, 14 blank) …` for lines a..b (0-based inclusive)."""
    n = b - a + 1
    blank = ls.blanks(a, b)
    parts = []
    if name:
        parts.append(name)
    if n - blank:
        parts.append(f"{n - blank} {what}")
    if blank:
        parts.append(f"{blank} blank")
    rng = f"line {ls.num(a)}" if n == 1 else f"lines {ls.num(a)}-{ls.num(b)}"
    return f"… {n} line{'s' if n != 1 else ''} folded ({rng}: {', '.join(parts)}) …"


def render_folded(
    ls: LineSet,
    chosen: Sequence[Item],
    *,
    what: str,
    max_chars: int,
    namer: Callable[[int, int], str] | None = None,
) -> list[str]:
    """Kept lines as `N: text` in order, every gap as one fold marker."""
    out: list[str] = []
    pos = 0
    for it in chosen:
        if it.start > pos:
            out.append(fold_marker(ls, pos, it.start - 1, what, namer(pos, it.start - 1) if namer else ""))
        if it.run > 1:
            line = f"{ls.num(it.start)}-{ls.num(it.end)}: {clip(ls.lines[it.start], max_chars)}  ×{it.run}"
            out.append(line + (f"  {it.note}" if it.note else ""))
        else:
            for i in range(it.start, it.end + 1):
                out.append(f"{ls.num(i)}: {clip(ls.lines[i], max_chars)}")
            if it.note:
                out[-1] += f"  {it.note}"
        pos = it.end + 1
    if pos < len(ls):
        out.append(fold_marker(ls, pos, len(ls) - 1, what, namer(pos, len(ls) - 1) if namer else ""))
    return out


#: The tiers a digester renders for: a digest of the content, or an overview of a result too large for one.
DigestTier = Literal["digest", "overview"]


@dataclass
class DigestInput:
    """What a digester gets: the lines, the tier it renders for and its token budget for the body."""

    ls: LineSet
    tier: DigestTier
    budget: float
    terms: Matcher | None = None  # the request's terms (signals.compile_terms), or None
    outline: list[tuple[int, int, str, str]] | None = None
    rows: list[Hit | str] | None = None  # a search answer's typed rows, one per line of `ls`
    max_chars: int = 400
    alternatives: list[Matcher] | None = None  # a search pattern's top-level `a|b|c`, one matcher each


@dataclass
class Digest:
    """A digester's answer: body lines, a short statistics phrase for the header, a pattern worth fetching."""

    body: list[str]
    stats: str
    pattern: str | None = None
    example_range: tuple[int, int] | None = None
