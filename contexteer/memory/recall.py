"""Choosing and rendering memory under budgets: relevance from headers, tag priority, age labels.

Selection reads headers only (name, description, tag): a lexical score over them, then tag priority
(DECISION, REQUIREMENT > PREFERENCE > FAILURE > REFERENCE > HISTORY; NOISE only when asked), then
how often and how recently the entry was used. Bodies are loaded afterwards, within three budgets:
per entry (`memory.entry_max_bytes`), per call (the smaller of `memory.call_max_bytes` and what fits
under the digest threshold) and per MCP session (`memory.session_max_bytes`); an entry this session
has already seen comes back as a one-line reminder.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from contexteer.memory import entries as E
from contexteer.memory.base import Access
from contexteer.memory.entries import Header
from contexteer.tokens import count_tokens

logger = logging.getLogger(__name__)

#: Most one-line reminders / header lines after the bodies: they are pointers, not content.
MAX_TAIL_LINES = 12
_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("a an the and or of to in on for with is are was be by at as it this that what how why which do we our".split())


_SUFFIXES = ("ments", "ment", "ings", "ing", "ions", "ion", "ures", "ure", "ers", "er", "ed", "es", "s")


def stem(word: str) -> str:
    """A light suffix strip so 'deployment', 'deploys' and 'deploy' (or 'failed', 'failure') meet; keeps 4+ letters."""
    for suf in _SUFFIXES:
        if word.endswith(suf) and len(word) - len(suf) >= 4 and not (suf == "s" and word.endswith("ss")):
            return word[: -len(suf)]
    return word


def terms(text: str) -> list[str]:
    return [stem(w) for w in _WORD.findall(text.lower()) if w not in _STOP]


def relevance(query_terms: list[str], h: Header, df: dict[str, int], n_docs: int) -> float:
    """A BM25-flavoured score over the header only: name x3, tag x2, description x1, idf-weighted."""
    if not query_terms:
        return 0.0
    fields = ((terms(h.name.replace("-", " ").replace("_", " ")), 3.0), (terms(h.tag), 2.0), (terms(h.description), 1.0))
    score = 0.0
    for q in set(query_terms):
        idf = math.log(1 + (n_docs - df.get(q, 0) + 0.5) / (df.get(q, 0) + 0.5))
        for words, weight in fields:
            hits = sum(1 for w in words if w == q or (len(q) >= 4 and w.startswith(q)))
            if hits:
                score += weight * idf * (hits * 2.2) / (hits + 1.2)
    return score


@dataclass
class Ranked:
    header: Header
    score: float
    count: int
    last: str


def rank(
    headers: list[Header],
    access: Access,
    *,
    query: str | None = None,
    tags: list[str] | None = None,
) -> list[Ranked]:
    """Entries in recall order; with a query, only those whose header matches it."""
    wanted = {E.validate_tag(t) for t in tags} if tags else None
    pool = [h for h in headers if (h.tag in wanted if wanted else h.tag != "NOISE")]
    q = terms(query or "")
    df: dict[str, int] = {}
    for h in pool:
        for w in set(terms(f"{h.name.replace('-', ' ')} {h.tag} {h.description}")):
            df[w] = df.get(w, 0) + 1
    out: list[Ranked] = []
    for h in pool:
        rec = access.get(h.name) or {}
        score = relevance(q, h, df, len(pool))
        if q and score <= 0:
            continue
        out.append(Ranked(h, score, int(rec.get("count", 0) or 0), str(rec.get("lastAccessedAt") or "")))
    out.sort(
        key=lambda r: (
            -round(r.score, 1),
            E.TAG_PRIORITY.get(r.header.tag, 9),
            r.header.status == "stale",
            -r.count,
            E.desc_key(r.last),
            E.desc_key(r.header.updatedAt),
            r.header.name,
        )
    )
    return out


def _days(then: str | None, now: datetime) -> int | None:
    dt = E.parse_iso(then)
    if dt is None:
        return None
    return max(0, (now - dt).days)


def _ago(days: int) -> str:
    if days == 0:
        return "today"
    if days == 1:
        return "1 day ago"
    return f"{days} days ago"


def age_label(h: Header, now: datetime) -> str:
    """'saved 40 days ago, updated 12 days ago — verify against the current code before relying on it'."""
    saved = _days(h.createdAt, now)
    updated = _days(h.updatedAt, now)
    parts = [f"saved {_ago(saved)}" if saved is not None else "saved at an unknown time"]
    if updated is not None and h.updatedAt != h.createdAt:
        parts.append(f"updated {_ago(updated)}")
    label = ", ".join(parts)
    if h.status == "stale":
        return f"STALE — {label}; marked out of date, do not rely on it without checking"
    if h.status == "verified":
        v = _days(h.verifiedAt, now)
        return f"{label}, verified {_ago(v) if v is not None else 'at an unknown time'}"
    newest = updated if updated is not None else saved
    if newest is None or newest >= 1:
        return f"{label} — verify against the current code before relying on it"
    return label


@dataclass
class SessionMemory:
    """What one MCP session has been shown: bytes of bodies and which entry versions."""

    ignore: bool = False
    bytes_shown: int = 0
    shown: dict[str, str] = field(default_factory=dict)  # name -> updatedAt when shown

    def to_dict(self) -> dict[str, Any]:
        return {"ignore": self.ignore, "bytes_shown": self.bytes_shown, "shown": dict(self.shown)}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> SessionMemory:
        """The state as saved (a fresh one for None or anything malformed)."""
        if not isinstance(data, dict):
            return cls()
        shown = data.get("shown")
        count = data.get("bytes_shown")
        return cls(ignore=data.get("ignore") is True,
                   bytes_shown=count if isinstance(count, int) and count >= 0 else 0,
                   shown={str(k): str(v) for k, v in shown.items()} if isinstance(shown, dict) else {})


@dataclass
class Budgets:
    entry_bytes: int
    call_bytes: int
    call_tokens: int
    session_bytes: int
    count: Callable[[str], int] = count_tokens  # the configured encoding's counter (shaping.encoding)


@dataclass
class Rendered:
    text: str
    full: list[str] = field(default_factory=list)
    reminders: list[str] = field(default_factory=list)
    headers_only: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)
    body_bytes: int = 0


class RenderedEntry(NamedTuple):
    text: str
    cut: bool  # the body was cut to entry_bytes
    body_bytes: int  # of the body shown


def render_entry(h: Header, body: str, now: datetime, entry_bytes: int) -> RenderedEntry:
    """One entry as markdown: heading, meta line, body cut to `entry_bytes`."""
    body = body.rstrip("\n")
    raw = body.encode("utf-8")
    cut = len(raw) > entry_bytes
    if cut:
        body = raw[:entry_bytes].decode("utf-8", "ignore").rstrip() + (
            f"\n[… cut at {entry_bytes} bytes of {len(raw)} (memory.entry_max_bytes); `contexteer memory show {h.name}` "
            "prints it all]"
        )
    by = f"; saved by {h.savedBy}" if h.savedBy else ""
    head = f"## {h.name} ({h.tag}, {h.status}) — {h.description}\n_{age_label(h, now)}; source: {h.source}{by}_\n"
    shown = min(len(raw), entry_bytes)
    return RenderedEntry(f"{head}\n{body.rstrip()}\n", cut, shown)


class _Miss(NamedTuple):
    """The best entry whose body did not fit: why the answer holds no body at all."""

    name: str
    tokens: int
    body_bytes: int


def reminder_line(h: Header, now: datetime) -> str:
    return (f"- {h.name} ({h.tag}) — {h.description} — already shown in this session ({age_label(h, now).split(' — ')[0]}); "
            f"action='read' name='{h.name}' to see it again")


def header_line(h: Header, now: datetime) -> str:
    return f"- {h.name} ({h.tag}, {h.status}) — {h.description} — {age_label(h, now).split(' — ')[0]}"


def render_selection(
    ranked: list[Ranked],
    load_body: Callable[[str], str],
    session: SessionMemory,
    budgets: Budgets,
    now: datetime,
    preamble: str,
    body_min_score: float = 0.0,
) -> Rendered:
    """Bodies in rank order while every budget holds; the rest as reminders or header lines."""
    out = Rendered(text="")
    blocks: list[str] = [preamble]
    tail: list[str] = []
    used_bytes = 0
    session_left = max(0, budgets.session_bytes - session.bytes_shown)
    tokens = budgets.count(preamble)
    full_stop = False
    first_miss: _Miss | None = None  # the best entry, when even it did not fit
    for r in ranked:
        h = r.header
        if session.shown.get(h.name) == h.updatedAt:
            tail.append(reminder_line(h, now))
            out.reminders.append(h.name)
            continue
        if full_stop or r.score < body_min_score:
            tail.append(header_line(h, now))
            out.headers_only.append(h.name)
            continue
        block, cut, nbytes = render_entry(h, load_body(h.name), now, budgets.entry_bytes)
        block_tokens = budgets.count(block)
        fits = (used_bytes + nbytes <= budgets.call_bytes and nbytes <= session_left
                and tokens + block_tokens + 60 <= budgets.call_tokens)
        if not fits:
            if not full_stop and not out.full:
                first_miss = _Miss(h.name, block_tokens, nbytes)
            full_stop = True
            tail.append(header_line(h, now))
            out.headers_only.append(h.name)
            continue
        blocks.append(block)
        tokens += block_tokens
        used_bytes += nbytes
        session_left -= nbytes
        out.full.append(h.name)
        if cut:
            out.cut.append(h.name)
        session.shown[h.name] = h.updatedAt
    session.bytes_shown += used_bytes
    out.body_bytes = used_bytes
    if tail:
        why = ""
        if full_stop and first_miss and first_miss.body_bytes <= session_left and first_miss.body_bytes <= budgets.call_bytes:
            name, need = first_miss.name, first_miss.tokens
            why = (f" (the best match, {name}, needs ~{need} tokens, more than this call's budget of {budgets.call_tokens}; "
                   f"raise budget_tokens or load it with action='read' name='{name}')")
        elif full_stop:
            reason = ("this session's memory budget is spent" if session_left < budgets.entry_bytes
                      else "this call's memory budget is spent")
            why = f" ({reason}; load one with action='read')"
        elif out.headers_only:
            why = " (weaker matches, headers only; load one with action='read')"
        title = f"Also relevant{why}:"
        tokens += budgets.count(title) + 20
        kept: list[str] = []
        for line in tail:
            t = budgets.count(line) + 1
            if tokens + t > budgets.call_tokens or len(kept) >= MAX_TAIL_LINES:
                break
            kept.append(line)
            tokens += t
        if len(kept) < len(tail):
            kept.append(f"- … and {len(tail) - len(kept)} more; narrow with query= or tags=, or use action='list'.")
        blocks.append(title + "\n" + "\n".join(kept) + "\n")
    out.text = "\n".join(blocks)
    return out
