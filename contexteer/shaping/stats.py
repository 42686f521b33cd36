"""Savings computed honestly from the journal: per tool and in total, for one session and for all time.

raw = the full answer each tool produced; delivered = every token the client hands the model (the text
content, headers, markers and `fetch_result` answers included; with structured output on, the larger of
the text and the structuredContent, since some clients pass one and some the other). A `fetch_result` returns lines that were
already counted in the raw size of the call that produced its handle, so it adds to delivered but
not to raw: fetching everything back erases the saving instead of doubling the raw figure. Calls
shaped while no tiktoken encoding was available are flagged as estimated.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field

from contexteer.journal import Event
from contexteer.shaping.pipeline import TIERS

if TYPE_CHECKING:
    pass

logger = logging.getLogger(__name__)

__all__ = ["ToolStats", "ScopeStats", "ContextStats", "compute_stats", "render_stats", "FETCH_TOOL"]

FETCH_TOOL = "fetch_result"


class ToolStats(BaseModel):
    tool: str
    calls: int = 0
    errors: int = 0
    raw_tokens: int = Field(0, description="Tokens of the full results the tool produced (0 for fetch_result: already counted).")
    tokens: int = Field(0, description="Tokens delivered to the model, headers and markers included.")
    saved_tokens: int = 0
    saved_percent: float = 0.0
    tiers: dict[str, int] = Field(default_factory=dict, description="Calls per tier.")


class ScopeStats(BaseModel):
    scope: str = Field(description="'session <id>' or 'all time'.")
    calls: int = 0
    raw_tokens: int = 0
    tokens: int = 0
    saved_tokens: int = 0
    saved_percent: float = 0.0
    tiers: dict[str, int] = Field(default_factory=dict)
    estimated: bool = Field(False, description="Some figures are bytes/4 estimates (no tiktoken encoding was available).")
    tools: list[ToolStats] = Field(default_factory=list)


class ContextStats(BaseModel):
    session: ScopeStats | None = Field(None, description="The current session (None when there is none).")
    all_time: ScopeStats
    journal_incomplete: bool = Field(False, description="Some journal lines were unreadable and skipped.")


def _int(v: Any) -> int:
    try:
        return int(v or 0)
    except (TypeError, ValueError):
        return 0


def _percent(saved: int, raw: int) -> float:
    return round(100.0 * saved / raw, 1) if raw > 0 else 0.0


def _scope(events: list[Event], label: str) -> ScopeStats:
    per: dict[str, ToolStats] = {}
    tiers: Counter[str] = Counter()
    estimated = False
    for e in events:
        tool = str(e.get("tool") or "?")
        ts = per.get(tool)
        if ts is None:
            ts = per[tool] = ToolStats(tool=tool)
        ts.calls += 1
        if e.get("status") not in (None, "ok"):
            ts.errors += 1
        delivered = _int(e.get("tokens"))
        raw = 0 if tool == FETCH_TOOL else max(_int(e.get("raw_tokens")), 0)
        ts.raw_tokens += raw
        ts.tokens += delivered
        tier = str(e.get("tier") or "unknown")
        ts.tiers[tier] = ts.tiers.get(tier, 0) + 1
        tiers[tier] += 1
        estimated = estimated or bool(e.get("estimated"))
    out = ScopeStats(scope=label, tiers=dict(tiers), estimated=estimated)
    for ts in per.values():
        ts.saved_tokens = ts.raw_tokens - ts.tokens if ts.tool != FETCH_TOOL else -ts.tokens
        ts.saved_percent = _percent(ts.saved_tokens, ts.raw_tokens)
        out.calls += ts.calls
        out.raw_tokens += ts.raw_tokens
        out.tokens += ts.tokens
    out.saved_tokens = out.raw_tokens - out.tokens
    out.saved_percent = _percent(out.saved_tokens, out.raw_tokens)
    out.tools = sorted(per.values(), key=lambda t: (-t.raw_tokens, -t.calls, t.tool))
    return out


def compute_stats(events: list[Event], session: str | None, *, incomplete: bool = False) -> ContextStats:
    """Per tool and total figures from `tool_call` journal events, for `session` and for all time."""
    calls = [e for e in events if e.get("type", "tool_call") == "tool_call"]
    mine = [e for e in calls if session is not None and e.get("session") == session]
    return ContextStats(
        session=_scope(mine, f"session {session}") if session is not None else None,
        all_time=_scope(calls, "all time"),
        journal_incomplete=incomplete,
    )


def _render_scope(s: ScopeStats) -> list[str]:
    tiers = ", ".join(f"{t} {s.tiers[t]}" for t in (*TIERS, *sorted(set(s.tiers) - set(TIERS))) if s.tiers.get(t))
    out = [
        f"{s.scope}: {s.calls} call{'s' if s.calls != 1 else ''}, raw {s.raw_tokens:,} tokens, delivered {s.tokens:,}, "
        f"saved {s.saved_tokens:,} ({s.saved_percent:.1f}%)" + (f"; tiers: {tiers}" if tiers else "")
        + (" [estimated: bytes/4]" if s.estimated else "")
    ]
    if s.tools:
        out.append("| tool | calls | raw | delivered | saved | saved % | tiers |")
        out.append("|---|---:|---:|---:|---:|---:|---|")
        for t in s.tools:
            tt = ", ".join(f"{k} {v}" for k, v in sorted(t.tiers.items()))
            raw = "—" if t.tool == FETCH_TOOL else f"{t.raw_tokens:,}"
            out.append(f"| {t.tool} | {t.calls} | {raw} | {t.tokens:,} | {t.saved_tokens:,} | {t.saved_percent:.1f} | {tt} |")
    return out


def render_stats(stats: ContextStats) -> str:
    parts: list[str] = []
    if stats.session is not None:
        parts += _render_scope(stats.session)
        parts.append("")
    parts += _render_scope(stats.all_time)
    parts.append("")
    parts.append(
        "raw = full results the tools produced; delivered = tokens sent in text content (headers, markers and "
        "fetch_result answers included; fetch_result adds no raw). structuredContent is reported per call as "
        "_meta.structured_tokens."
    )
    if stats.journal_incomplete:
        parts.append("note: some journal lines were unreadable and were skipped; totals may be low.")
    return "\n".join(parts)
