"""fetch_result (exact lines of a cut result, by range or pattern) and context_stats (what shaping saved)."""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from contexteer.errors import InputError
from contexteer.shaping.fold import clip, split_lines
from contexteer.shaping.kinds import KINDS
from contexteer.shaping.pipeline import redact_keep_lines
from contexteer.shaping.stats import ContextStats, compute_stats, render_stats
from contexteer.shaping.store import compile_pattern
from contexteer.tools.base import STATELESS, Services, respond

logger = logging.getLogger(__name__)

_MAX_LINE_CHARS = 2000
_DEFAULT_CONTEXT = 0


class FetchedLine(BaseModel):
    line: int
    text: str
    match: bool = Field(False, description="True for a line matching the pattern (False for context lines).")


class FetchedResult(BaseModel):
    handle: str
    kind: str
    first_line: int = Field(description="Number of the stored result's first line.")
    last_line: int
    start_line: int | None = None
    end_line: int | None = None
    pattern: str | None = None
    matches: int = Field(0, description="Matching lines in the requested range (pattern mode).")
    lines: list[FetchedLine] = Field(default_factory=list)
    complete: bool = Field(True, description="False when the answer stopped at the size limit.")
    next: str | None = Field(None, description="The call that continues where this answer stopped.")
    redactions: dict[str, int] = Field(default_factory=dict)


def register(mcp: object, svc: Services) -> None:
    del mcp

    @svc.tool(
        "fetch_result",
        kind="text",
        description=(
            "Get exact lines of a result that came back as a digest or overview, by its handle: a range "
            "(start_line/end_line, in the numbering the digest showed) or the lines matching a regex pattern "
            "(with context_lines around each). Answers stay under the digest threshold; ask for a narrower "
            "range when told to. Handles expire (shaping.store_ttl_seconds); re-run the original call then."
        ),
    )
    def fetch_result(
        handle: Annotated[str, Field(description="The handle from the result's header, e.g. 'r-3f9a2c1b7d'.")],
        start_line: Annotated[int | None, Field(description="First line (inclusive).")] = None,
        end_line: Annotated[int | None, Field(description="Last line (inclusive).")] = None,
        pattern: Annotated[str | None, Field(description="Regular expression (Python syntax); returns matching lines.")] = None,
        context_lines: Annotated[int | None, Field(description="Lines of context around each match (0-20).", ge=0, le=20)] = None,
    ) -> Annotated[CallToolResult, FetchedResult]:
        stored = svc.store.get(handle)
        text, red = _redacted(stored.handle, stored.text)
        lines = split_lines(text)
        first = stored.first_line
        last = first + len(lines) - 1
        limit = svc.settings.context_mode_mcp.max_digest_threshold - 96  # room for the header and redaction markers
        count = svc.pipeline.count
        model = FetchedResult(handle=stored.handle, kind=stored.kind, first_line=first, last_line=last, redactions=dict(red))
        if start_line is not None and end_line is not None and start_line > end_line:
            raise InputError(f"start_line {start_line} is after end_line {end_line}. Swap them or pass start_line <= end_line.")
        if start_line is not None and not first <= start_line <= max(first, last):
            raise InputError(f"start_line {start_line} is outside result {stored.handle}, which has lines {first}-{last}. Pass a line in that range.")
        lo = start_line if start_line is not None else first
        hi = min(end_line, last) if end_line is not None else last
        if hi < lo:
            raise InputError(f"end_line {end_line} is before the first line ({first}) of result {stored.handle}, which has lines {first}-{last}.")
        model.start_line, model.end_line = lo, hi
        if pattern:
            return _by_pattern(model, lines, first, lo, hi, pattern, context_lines or _DEFAULT_CONTEXT, limit, count)
        return _by_range(model, lines, first, lo, hi, explicit_end=end_line is not None, limit=limit, count=count)

    @svc.tool(
        "context_stats",
        kind="text",
        description=(
            "How many tokens the shaping saved: per tool and in total (calls, raw tokens the tools produced, "
            "tokens delivered including headers and fetch_result answers, saved tokens and percent, calls per "
            "tier), for this session and for all time, from the journal."
        ),
    )
    def context_stats(ctx: Context) -> Annotated[CallToolResult, ContextStats]:
        session = _session_of(svc, ctx)
        read = svc.journal.read()
        stateless = session == STATELESS  # every stateless request shares the id: no figures are this client's
        stats = compute_stats(read.events, None if stateless else session, incomplete=read.incomplete)
        if stateless:  # an empty scope, not null: the advertised schema has an object there
            stats.session = compute_stats([], "none").session
            assert stats.session is not None
            stats.session.scope = "no session on this transport (stateless HTTP): all-time figures only"
        text = render_stats(stats)
        return respond(stats, text, explicit=True)  # a bounded report the caller asked for: never digested


def _session_of(svc: Services, ctx: Context) -> str:
    """The session id the shaping middleware journals this session's calls under."""
    try:
        session = ctx.request_context.session
    except (AttributeError, LookupError, ValueError):
        session = None
    return svc.session_id(session)


_cache: dict[str, tuple[str, dict[str, int]]] = {}


def _redacted(handle: str, text: str) -> tuple[str, dict[str, int]]:
    """The stored text with secrets redacted line-preservingly (a key block's middle lines included)."""
    hit = _cache.get(handle)
    if hit is None:
        red_text, counts = redact_keep_lines(text)
        hit = (red_text, dict(counts))
        if len(_cache) > 8:
            _cache.pop(next(iter(_cache)))
        _cache[handle] = hit
    return hit


def _est(row: str) -> float:
    """Conservative token estimate of one output line (3 chars per token, newline included)."""
    return len(row) / 3.0 + 1


def _fmt(n: int, text: str, sep: str = ":") -> str:
    return f"{n}{sep} {clip(text, _MAX_LINE_CHARS)}"


def _by_range(
    model: FetchedResult, lines: list[str], first: int, lo: int, hi: int, *, explicit_end: bool, limit: int, count: Any
) -> CallToolResult:
    # The per-row estimate runs high (~1.5x on indented code): gather rows up to 1.6x the limit by it,
    # then find how many really fit with the real counter (binary search), so what fits is returned.
    rows: list[str] = []
    used = 0.0
    for n in range(lo, hi + 1):
        row = _fmt(n, lines[n - first])
        c = _est(row)
        if rows and used + c > limit * 1.6:
            break
        used += c
        rows.append(row)
    fit = len(rows)
    if count("\n".join(rows)) > limit:
        good, bad = 0, len(rows)
        while bad - good > 1:
            mid = (good + bad) // 2
            if count("\n".join(rows[:mid])) <= limit:
                good = mid
            else:
                bad = mid
        fit = max(1, good)
    body = rows[:fit]
    stop = lo + fit - 1
    if stop < hi:
        if explicit_end:
            raise InputError(
                f"lines {lo}-{hi} of {model.handle} are more than one answer may hold (~{limit} tokens, the digest "
                f"threshold); lines {lo}-{stop} fit. Ask for a narrower range, e.g. "
                f'fetch_result(handle="{model.handle}", start_line={lo}, end_line={stop}), or leave end_line out to '
                "get as much as fits with a link to the rest, or use pattern= to get only the lines you need."
            )
        model.complete = False
        model.next = f'fetch_result(handle="{model.handle}", start_line={stop + 1})'  # open-ended: it stops where it must
    model.end_line = stop
    model.lines = [model_line(n, lines[n - first]) for n in range(lo, stop + 1)]
    head = f"[{model.handle} lines {lo}-{stop} of {model.first_line}-{model.last_line} ({model.kind})]"
    tail = [f"… stopped at the size limit; continue with {model.next}"] if model.next else []
    return respond(model, "\n".join([head, *body, *tail]), kind=_kind(model.kind), explicit=True)


def _by_pattern(
    model: FetchedResult, lines: list[str], first: int, lo: int, hi: int, pattern: str, context: int, limit: int, count: Any
) -> CallToolResult:
    rx = compile_pattern(pattern)
    model.pattern = pattern
    idx = [i for i in range(lo - first, hi - first + 1) if rx.search(lines[i])]
    model.matches = len(idx)
    body: list[str] = []
    out_lines: list[FetchedLine] = []
    used = 0.0
    last_shown = -2
    match_set = set(idx)
    stopped_at: int | None = None
    for k, i in enumerate(idx):
        a, b = max(lo - first, i - context), min(hi - first, i + context)
        group: list[str] = []
        glines: list[FetchedLine] = []
        if body and a > last_shown + 1:
            group.append("--")
        for j in range(max(a, last_shown + 1), b + 1):
            is_match = j in match_set
            group.append(_fmt(j + first, lines[j], ":" if is_match else "-"))
            glines.append(model_line(j + first, lines[j], is_match))
        c = sum(_est(g) for g in group)
        if used + c > limit:
            stopped_at = k
            break
        used += c
        body.extend(group)
        out_lines.extend(glines)
        last_shown = max(last_shown, b)
    while body and count("\n".join(body)) > limit:  # dense text: keep the first 80% of the groups
        cut = max(1, int(len(body) * 0.8))
        body = body[:cut]
        shown_nums = {int(b.split(":", 1)[0].split("-", 1)[0]) for b in body if b != "--"}
        out_lines = [x for x in out_lines if x.line in shown_nums]
        stopped_at = next((k for k, i in enumerate(idx) if i + first not in shown_nums), len(idx))
    model.lines = out_lines
    if stopped_at is not None and stopped_at < len(idx):
        nxt = idx[stopped_at] + first
        model.complete = False
        ctx_arg = f", context_lines={context}" if context else ""
        model.next = f'fetch_result(handle="{model.handle}", pattern={json.dumps(pattern)}, start_line={nxt}{ctx_arg})'
    shown = stopped_at if stopped_at is not None and stopped_at < len(idx) else len(idx)
    head = f"[{model.handle}: {model.matches} line{'s' if model.matches != 1 else ''} matching {pattern!r} in lines {lo}-{hi}" + (
        f", showing the first {shown}" if shown < len(idx) else "") + (f", {context} lines of context" if context else "") + "]"
    if not idx:
        head += f" — nothing matched; the result has lines {model.first_line}-{model.last_line}. Try a broader pattern or a line range."
    tail = [f"… {model.matches - shown} more matching lines; continue with {model.next}"] if model.next else []
    return respond(model, "\n".join([head, *body, *tail]), kind=_kind(model.kind), explicit=True)


def model_line(n: int, text: str, match: bool = False) -> FetchedLine:
    return FetchedLine(line=n, text=clip(text, _MAX_LINE_CHARS), match=match)


def _kind(kind: str) -> Any:
    return kind if kind in KINDS else "text"
