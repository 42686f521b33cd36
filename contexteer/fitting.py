"""The one budget-fitting primitive: the largest k whose rendering fits a token budget, by real counts.

Every answer that must fit a budget (a read cut to whole lines, a page of definitions, a repo map, a digest's
body, memory recall, a fetch_result range) renders "the first k things" for some k and asks how large k may be.
`fit_largest` answers that with a handful of real token counts: a proportional estimate brackets k (token
counts grow roughly linearly with k), then a binary search on real counts settles it. Renderings are cached, so
the fitted text is returned without rendering it again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

logger = logging.getLogger(__name__)

__all__ = ["Fitted", "fit_largest", "fit_rows"]


@dataclass(frozen=True)
class Fitted:
    k: int  # how many (or how large) fitted
    text: str  # render(k)
    tokens: int  # count(text)
    fits: bool  # False when even the smallest k allowed is over the budget (text is then render(lo))


def fit_largest(
    hi: int,
    render: Callable[[int], str],
    budget: float,
    count: Callable[[str], int],
    *,
    lo: int = 0,
    guess: int | None = None,
    slack: float = 0.0,
    cost_of: Callable[[int, str], int] | None = None,
) -> Fitted:
    """The largest k in [lo, hi] with count(render(k)) <= budget, for a rendering that grows with k.

    `guess` starts the search (default: hi, since most answers fit whole); `slack` > 0 stops as soon as a
    fitting rendering uses at least (1 - slack) of the budget (for expensive renderings, e.g. a digest per k).
    `cost_of(k, text)`, when given, is what a rendering costs instead of count(text) (a page whose typed form must
    fit too).
    """
    hi = max(lo, hi)
    seen: dict[int, tuple[str, int]] = {}

    def tokens(k: int) -> int:
        if k not in seen:
            text = render(k)
            seen[k] = (text, count(text) if cost_of is None else cost_of(k, text))
        return seen[k][1]

    def full_enough(k: int) -> bool:
        return slack > 0 and tokens(k) >= (1 - slack) * budget

    good: int | None = None  # the largest k known to fit
    bad = hi + 1  # the smallest k known not to fit
    k = hi if guess is None else min(hi, max(lo, guess))
    for _ in range(4):  # bracket by proportional estimates
        c = tokens(k)
        if c <= budget:
            good = k
            if k >= hi or full_enough(k):
                break
            nxt = min(hi, bad - 1, max(k + 1, int(k * budget / max(c, 1))))
        else:
            bad = k
            if k <= lo:
                break
            nxt = max(lo, min(k - 1, int(k * budget / c)))
            if good is not None:
                nxt = max(nxt, good + 1)
        if nxt == k or nxt >= bad or (good is not None and nxt <= good):
            break
        k = nxt
    if good is None:
        if tokens(lo) > budget:
            return Fitted(lo, *seen[lo], False)
        good = lo
    while bad - good > 1 and not full_enough(good):  # binary search on real counts
        mid = (good + bad) // 2
        if tokens(mid) <= budget:
            good = mid
        else:
            bad = mid
    text, c = seen[good]
    return Fitted(good, text, c, True)


def fit_rows(rows: list[str], budget: float, count: Callable[[str], int], *, fixed: str = "", lo: int = 0) -> Fitted:
    """How many of `rows` (joined by newlines, after `fixed`) fit `budget`; the text is the rows only."""
    def render(k: int) -> str:
        return fixed + "\n".join(rows[:k])

    # a per-row estimate (4 characters a token) makes the first probe land near the answer
    guess = len(rows)
    total = len(fixed) + sum(len(r) + 1 for r in rows)
    if rows and total / 4 > budget:
        guess = max(lo, int(len(rows) * budget * 4 / max(total, 1)))
    got = fit_largest(len(rows), render, budget, count, lo=lo, guess=guess)
    return Fitted(got.k, "\n".join(rows[: got.k]), got.tokens, got.fits)
