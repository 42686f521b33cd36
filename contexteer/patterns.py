"""Matching of user-supplied patterns in bounded time: literal terms in linear time, regexes on RE2.

Python's `re` backtracks: `(a+)+$` against a long run of 'a' takes exponential time while holding the GIL,
which froze every session of the server (issue 18). Nothing here backtracks (figures: `bench/patterns.py`):

- `LiteralTerms` finds case-insensitive literal terms with `str.find` on the case-folded text (CPython's
  two-way search: O(len(text) + len(term)) per term, whatever the term contains). Escaped literals on RE2 are
  no substitute: a 5000-character literal on a run of 'a' overflows RE2's DFA cache, and its NFA fallback
  tracks 5000 states a byte (seconds per 100 kB).
- `SafeRegex` runs a regex on RE2 (the `google-re2` package): no backreferences or lookaround, so matching is
  linear in the text. The C++ matcher releases the GIL while it runs (another thread keeps running through a
  one-second match; under `re` it stops), so a long match in a worker thread never stalls the event loop. Its
  cost per character still grows with the compiled program (each active state is tracked), so programs are
  capped (`max_program`) and the time spent is charged to a budget: past it, the regex raises
  `PatternTooSlow`, or, for best-effort uses such as highlighting, stops matching (`stop_when_slow`).

Differences from Python's `re` a user may notice: `\\w`, `\\d`, `\\s` and `\\b` are ASCII-only (as in RE2);
`\\Z`, `\\uXXXX` and `\\UXXXXXXXX` are translated; backreferences, lookaround, atomic groups, possessive
quantifiers, conditionals and the (?x), (?a), (?L), (?u) flags are refused with an `InputError` that says what
to write instead.

    ContexteerError
    └── InputError
        └── PatternTooSlow      a regex that spent its time budget (raised by SafeRegex)
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import re2

from contexteer.errors import InputError

logger = logging.getLogger(__name__)

__all__ = [
    "Match",
    "Matcher",
    "LiteralTerms",
    "SafeRegex",
    "AnyOf",
    "PatternTooSlow",
    "literal_terms",
    "safe_regex",
    "MAX_PROGRAM",
    "BUDGET_SECONDS",
]

#: Largest compiled RE2 program (instructions) a user regex may have. A pattern that defeats RE2's DFA (e.g.
#: `[ab]*a[ab]{999}c` on random a/b text) costs a few ns per character and instruction (`bench/patterns.py`),
#: so the cap bounds the cost of every character; patterns typed by hand are far smaller (`\p{L}+`, the
#: largest common one, is 1201 instructions; `(?i)error|fail|exception` is 43).
MAX_PROGRAM = 2000
#: Seconds of matching one compiled regex may spend (summed over its calls) before it raises PatternTooSlow.
BUDGET_SECONDS = 5.0
#: finditer matches the text in blocks of about this many characters (cut after a newline), checking the budget
#: between blocks: a match that spans a block boundary (one containing a newline) may be missed.
_BLOCK_CHARS = 1 << 16
#: RE2's memory for one compiled regex (program and DFA caches); its default is 8 MiB.
_MAX_MEM = 4 << 20
_SURROGATE = re.compile("[\ud800-\udfff]")  # a character class: linear on `re`
_PY_ESCAPES = re.compile(r"\\(?:(Z)|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|(.))", re.S)


class PatternTooSlow(InputError):
    """A regex whose matching took longer than its time budget; the message says how to simplify it."""


class Match:
    """One match: `start()`, `end()`, `span()` and `group()` (the whole match; groups are not captured)."""

    __slots__ = ("string", "_start", "_end")

    def __init__(self, string: str, start: int, end: int) -> None:
        self.string = string
        self._start = start
        self._end = end

    def start(self) -> int:
        return self._start

    def end(self) -> int:
        return self._end

    def span(self) -> tuple[int, int]:
        return self._start, self._end

    def group(self, index: int = 0) -> str:
        if index != 0:
            raise IndexError("only the whole match (group 0) is kept: patterns run without capturing groups")
        return self.string[self._start : self._end]

    def __repr__(self) -> str:
        return f"<Match span={self.span()!r} match={self.group()!r}>"


class Matcher(Protocol):
    """What every matcher here offers: `finditer` (matches in text order) and `search` (the first or None)."""

    def finditer(self, text: str) -> Iterator[Match]: ...

    def search(self, text: str) -> Match | None: ...


def _fold(text: str) -> str:
    """Lower case with one character per character (offsets stay valid): U+0130 is the only code point whose
    lower case is two characters."""
    return (text.replace("\u0130", "I") if "\u0130" in text else text).lower()


class LiteralTerms:
    """Case-insensitive literal terms; `finditer` yields non-overlapping matches in text order (at one position
    the longest term wins)."""

    def __init__(self, terms: Sequence[str]) -> None:
        self.terms = tuple(dict.fromkeys(f for f in (_fold(t) for t in terms) if f))

    def _spans(self, folded: str) -> list[tuple[int, int]]:
        spans: list[tuple[int, int]] = []
        for term in self.terms:
            n = len(term)
            i = folded.find(term)
            while i != -1:
                spans.append((i, i + n))
                i = folded.find(term, i + n)
        spans.sort(key=lambda s: (s[0], -s[1]))
        return spans

    def finditer(self, text: str) -> Iterator[Match]:
        last = 0
        for s, e in self._spans(_fold(text)):
            if s >= last:
                yield Match(text, s, e)
                last = e

    def search(self, text: str) -> Match | None:
        folded = _fold(text)
        best: tuple[int, int] | None = None
        for term in self.terms:
            i = folded.find(term)
            if i != -1 and (best is None or i < best[0] or (i == best[0] and i + len(term) > best[1])):
                best = (i, i + len(term))
        return Match(text, *best) if best is not None else None

    def __repr__(self) -> str:
        return f"LiteralTerms({list(self.terms)!r})"


def literal_terms(terms: Sequence[str]) -> LiteralTerms | None:
    """Case-insensitive literal matcher of the non-empty `terms`, or None when there is none."""
    lt = LiteralTerms([t for t in terms if t])
    return lt if lt.terms else None


def _to_re2(pattern: str) -> str:
    """Python-only escapes in RE2 spelling: `\\Z` -> `\\z`, `\\uXXXX`/`\\UXXXXXXXX` -> `\\x{...}`."""

    def sub(m: re.Match[str]) -> str:
        if m.group(1):
            return r"\z"
        if m.group(2) or m.group(3):
            return r"\x{" + (m.group(2) or m.group(3)) + "}"
        return m.group(0)

    return _PY_ESCAPES.sub(sub, pattern) if "\\" in pattern else pattern


def _refusal(pattern: str, why: str) -> InputError:
    """The InputError for a pattern RE2 cannot run: what is unsupported and what to write instead."""
    p = repr(pattern if len(pattern) <= 200 else pattern[:200] + "…")
    linear = "patterns run on RE2, a linear-time engine, so that no pattern can stall the server"
    named_ref = why.startswith("invalid perl operator: (?P") and ("(?P=" in pattern or "(?P>" in pattern)
    if named_ref or re.match(r"invalid escape sequence: \\(?:[1-9]|g)", why):
        return InputError(f"pattern {p} uses a backreference, which is not supported: {linear}. Match the repeated "
                          "text itself instead (e.g. 'ab.*ab' instead of '(ab).*\\1').")
    if re.match(r"invalid perl operator: \(\?(?:=|!|<=|<!)", why):
        return InputError(f"pattern {p} uses a lookaround ((?=, (?!, (?<=, (?<!), which is not supported: {linear}. "
                          "Match the surrounding text instead (e.g. 'foo bar' instead of 'foo(?= bar)'); whole lines "
                          "are returned anyway.")
    if re.match(r"invalid perl operator: \(\?>|bad repetition operator: .*\+$", why):
        return InputError(f"pattern {p} uses an atomic group or a possessive quantifier, which RE2 does not need "
                          "(it never backtracks). Write 'a+' instead of 'a++' or '(?>a+)'.")
    if re.match(r"invalid perl operator: \(\?\(", why):
        return InputError(f"pattern {p} uses a conditional group ((?(1)...)), which is not supported: {linear}. "
                          "Write the alternatives out instead ('a|b').")
    if re.match(r"invalid perl operator: \(\?#", why):
        return InputError(f"pattern {p} contains a comment group ((?#...)), which is not supported. Leave the comment "
                          "out instead.")
    if re.match(r"invalid perl operator: \(\?[a-zA-Z]", why):
        return InputError(f"pattern {p} uses an inline flag RE2 does not know (only (?i), (?m), (?s) and (?U) are "
                          "supported). Write the pattern without it instead ((?x): without spaces and comments).")
    if why.startswith("invalid repetition size"):
        return InputError(f"pattern {p} repeats more than 1000 times ({why.rsplit(': ', 1)[-1]}), above RE2's limit "
                          "on counted repetitions (nested counts multiply). Use a smaller count or '+' instead.")
    if "pattern too large" in why:
        return _too_complex(pattern, None)
    return InputError(f"pattern {p} is not a valid regular expression ({why}). Patterns use RE2 syntax (like "
                      "ripgrep's): escape special characters (e.g. '\\(' for a literal parenthesis) or pass a plain "
                      "word instead.")


def _too_complex(pattern: str, size: int | None) -> InputError:
    p = repr(pattern if len(pattern) <= 200 else pattern[:200] + "…")
    what = f"compiles to {size} instructions, above the limit of {MAX_PROGRAM}" if size else "is too large to compile"
    return InputError(f"pattern {p} {what}: matching time grows with that size. Write a shorter pattern instead "
                      "(fewer or smaller counted repetitions such as '{500}', fewer alternatives, '\\w' instead of "
                      "'\\p{L}'), or several shorter fetches.")


class SafeRegex:
    """A user regex on RE2 with a time budget; `search` and `finditer` like `re.Pattern`'s (whole matches only).

    Matching releases the GIL. Each call's time is charged to the budget (`budget_seconds`, summed over calls);
    once it is spent, a call raises PatternTooSlow, or with `stop_when_slow` the regex matches nothing more
    (logged once at INFO) — for best-effort uses where a partial answer beats an error.
    """

    def __init__(self, pattern: str, *, ignore_case: bool = False, multiline: bool = False,
                 budget_seconds: float = BUDGET_SECONDS, max_program: int = MAX_PROGRAM, stop_when_slow: bool = False) -> None:
        self.pattern = pattern
        self.budget = budget_seconds
        self.stop_when_slow = stop_when_slow
        self.spent = 0.0
        self.stopped = False
        opts = re2.Options()
        opts.case_sensitive = not ignore_case
        opts.never_capture = True  # spans come from the DFA alone: faster, and groups are never used
        opts.log_errors = False
        opts.max_mem = _MAX_MEM
        source = ("(?m)" if multiline else "") + _to_re2(pattern)
        try:
            encoded = source.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise InputError(f"pattern {pattern[:200]!r} contains a lone surrogate ({exc.reason}); pass valid text instead.") from exc
        try:
            self._str = _compile(source, opts)
            self._bytes = _compile(encoded, opts)
        except re2.error as exc:
            why = exc.args[0].decode("utf-8", "replace") if exc.args and isinstance(exc.args[0], bytes) else str(exc)
            raise _refusal(pattern, why) from exc
        self._raw = getattr(self._bytes, "_regexp", None) if _DIRECT else None
        size = int(self._str.programsize)
        if size > max_program:
            raise _too_complex(pattern, size)

    # ----- matching ------------------------------------------------------------------------------
    def search(self, text: str) -> Match | None:
        if self.stopped:
            return None
        t0 = time.perf_counter()
        found = self._search(text)
        self._charge(t0)
        return found

    def finditer(self, text: str) -> Iterator[Match]:
        pos, n = 0, len(text)
        while pos < n and not self.stopped:
            cut = text.find("\n", min(n, pos + _BLOCK_CHARS))
            end = n if cut == -1 else cut + 1
            t0 = time.perf_counter()
            spans = self._spans(text[pos:end])
            self._charge(t0)
            for s, e in spans:
                yield Match(text, pos + s, pos + e)
            pos = end

    def matches_empty(self) -> bool:
        return self._bytes.search(b"") is not None

    # ----- internals -----------------------------------------------------------------------------
    def _search(self, text: str) -> Match | None:
        if text.isascii():  # byte offsets are character offsets: RE2's cheaper bytes path
            data = text.encode("ascii")
            if self._raw is not None:  # one C++ call, no generator: half the cost per line of fetch_result
                s, e = self._raw.Match(_UNANCHORED, data, 0, len(data))[0]
                return Match(text, s, e) if s != -1 else None
            m = self._bytes.search(data)
        else:
            m = self._str.search(_clean(text))
        return Match(text, m.start(), m.end()) if m is not None else None

    def _spans(self, block: str) -> list[tuple[int, int]]:
        if block.isascii():
            return [m.span() for m in self._bytes.finditer(block.encode("ascii"))]
        return [m.span() for m in self._str.finditer(_clean(block))]

    def _charge(self, t0: float) -> None:
        self.spent += time.perf_counter() - t0
        if self.spent <= self.budget:
            return
        if self.stop_when_slow:
            self.stopped = True
            logger.info("pattern %.200r stopped after %.2f s of matching (budget %.2f s)", self.pattern, self.spent, self.budget)
            return
        p = repr(self.pattern if len(self.pattern) <= 200 else self.pattern[:200] + "…")
        raise PatternTooSlow(
            f"pattern {p} took more than {self.budget:g} s to match and was stopped. Its shape makes every character "
            "costly (long counted repetitions such as '[ab]{500}', many overlapping alternatives): simplify it, e.g. "
            "a shorter count or '+' instead of '{n}', a literal word it must contain, or a narrower line range."
        )

    def __repr__(self) -> str:
        return f"SafeRegex({self.pattern!r})"


def _compile(source: str | bytes, opts: re2.Options) -> Any:
    """An RE2 regex that lives as long as its SafeRegex: `re2.compile` would keep the last 128 in a module-wide
    cache, each with DFA caches of up to `_MAX_MEM`, which distinct hostile patterns could fill."""
    make = getattr(re2, "_Regexp", None)
    return make(source, opts) if make is not None else re2.compile(source, opts)


def _direct_match_works() -> bool:
    """Whether google-re2's wrapper exposes the C++ `Match` call the way this module uses it (checked once)."""
    try:
        opts = re2.Options()
        opts.never_capture = True
        raw = _compile(b"b+", opts)._regexp
        return bool(raw.Match(_UNANCHORED, b"abbc", 0, 4)[0] == (1, 3) and raw.Match(_UNANCHORED, b"ac", 0, 2)[0] == (-1, -1))
    except Exception:  # another version of the wrapper: use its public search()
        return False


def _clean(text: str) -> str:
    """RE2 takes UTF-8: a lone surrogate (from JSON text or undecodable file names) becomes U+FFFD, one
    character for one, so offsets stay valid."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text)
    return text


def safe_regex(pattern: str, *, ignore_case: bool = False, multiline: bool = False,
               budget_seconds: float = BUDGET_SECONDS, stop_when_slow: bool = False) -> SafeRegex:
    """A user regex compiled for RE2, or an InputError that says what is unsupported and what to write instead."""
    return SafeRegex(pattern, ignore_case=ignore_case, multiline=multiline, budget_seconds=budget_seconds,
                     stop_when_slow=stop_when_slow)


class AnyOf:
    """Several matchers as one: matches of all of them in text order, non-overlapping."""

    def __init__(self, matchers: Sequence[Matcher]) -> None:
        self.matchers = tuple(matchers)

    def finditer(self, text: str) -> Iterator[Match]:
        found = sorted((m for mt in self.matchers for m in mt.finditer(text)), key=lambda m: (m.start(), -m.end()))
        last = 0
        for m in found:
            if m.start() >= last:
                yield m
                last = max(last, m.end())

    def search(self, text: str) -> Match | None:
        hits = [m for m in (mt.search(text) for mt in self.matchers) if m is not None]
        return min(hits, key=lambda m: (m.start(), -m.end())) if hits else None

    def __repr__(self) -> str:
        return f"AnyOf({list(self.matchers)!r})"


_UNANCHORED: Any = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
_DIRECT = _direct_match_works()
