"""fetch_result (exact lines of a cut result, by range or pattern) and context_stats (what shaping saved)."""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

from contexteer.errors import InputError, NotFoundError
from contexteer.fitting import fit_largest
from contexteer.shaping.answer import Answer, Continuation, FileLines, Hit, Text, hit_lines, rows_from_json
from contexteer.shaping.fold import clip, split_lines
from contexteer.shaping.pipeline import redact_keep_lines
from contexteer.shaping.stats import ContextStats, compute_stats, render_stats
from contexteer.shaping.store import StoredResult, compile_pattern
from contexteer.tools.base import STATELESS, Services, tool

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


@tool(
    "fetch_result",
    output=FetchedResult,
    description=(
        "Get exact lines of a result that came back as a digest or overview, by its handle: a range "
        "(start_line/end_line, in the numbering the digest showed) or the lines matching a regex pattern "
        "(with context_lines around each). A long answer stops where one answer is full and names the call "
        "that continues. Handles expire (shaping.store_ttl_seconds); re-run the original call then."
    ),
)
def fetch_result(
    svc: Services,
    handle: Annotated[str, Field(description="The handle from the result's header, e.g. 'r-3f9a2c1b7d'.")],
    start_line: Annotated[int | None, Field(description="First line (inclusive).")] = None,
    end_line: Annotated[int | None, Field(description="Last line (inclusive).")] = None,
    pattern: Annotated[str | None, Field(description="Regular expression (RE2 syntax, like ripgrep's); returns matching lines.")] = None,
    context_lines: Annotated[int | None, Field(description="Lines of context around each match (0-20).", ge=0, le=20)] = None,
) -> Answer:
    stored = svc.store.get(handle)
    text, red = _redacted(svc, stored.handle, stored.text)
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
    rows = _search_rows(svc, stored, len(lines))
    if pattern:
        return _by_pattern(model, lines, first, lo, hi, pattern, context_lines or _DEFAULT_CONTEXT, limit, count, rows)
    if rows is not None:
        return _rows_by_range(model, lines, rows, lo, hi, explicit_end=end_line is not None, limit=limit, count=count,
                              typed=svc.pipeline.model_tokens if svc.settings.shaping.structured_output else None)
    return _by_range(model, lines, first, lo, hi, explicit_end=end_line is not None, limit=limit)


def _search_rows(svc: Services, stored: StoredResult, n: int) -> list[Hit | str] | None:
    """A stored search's rows (kept beside its text), when they are still there and one per line of the text;
    None for any other result, or when they are gone (the text's lines are shown as they are then)."""
    if stored.kind != "search" or not isinstance(stored.meta.get("rows"), str):
        return None
    try:
        rows = rows_from_json(svc.store.get(stored.meta["rows"]).text)
    except (NotFoundError, ValueError) as exc:
        logger.info("fetch_result %s: its search rows are not available (%s); showing its lines", stored.handle, exc)
        return None
    return rows if len(rows) == n else None


@tool(
    "context_stats",
    output=ContextStats,
    description=(
        "How many tokens the shaping saved: per tool and in total (calls, raw tokens the tools produced, "
        "tokens delivered including headers and fetch_result answers, saved tokens and percent, calls per "
        "tier), for this session and for all time, from the journal."
    ),
)
def context_stats(svc: Services, ctx: Context) -> Answer:
    session = _session_of(svc, ctx)
    read = svc.journal.read()
    stateless = session == STATELESS  # every stateless request shares the id: no figures are this client's
    stats = compute_stats(read.events, None if stateless else session, incomplete=read.incomplete)
    if stateless:  # an empty scope, not null: the advertised schema has an object there
        stats.session = compute_stats([], "none").session
        assert stats.session is not None
        stats.session.scope = "no session on this transport (stateless HTTP): all-time figures only"
    return Answer(Text(render_stats(stats)), stats, scope="fitted")  # a bounded report: never digested


def _session_of(svc: Services, ctx: Context) -> str:
    """The session id the shaping middleware journals this session's calls under."""
    session: Any = None
    request: Any = None
    try:
        session, request = ctx.request_context.session, ctx.request_context.request
    except (AttributeError, LookupError, ValueError):
        pass
    return svc.session_key(session, request)


def _redacted(svc: Services, handle: str, text: str) -> tuple[str, dict[str, int]]:
    """The stored text with secrets redacted line-preservingly (a key block's middle lines included); the last few
    are kept by the services (sync tools run in worker threads: concurrent fetches share the cache)."""
    cache, lock = svc.redacted_results, svc.redacted_lock
    with lock:
        hit = cache.get(handle)
    if hit is None:
        red_text, counts = redact_keep_lines(text)
        hit = (red_text, dict(counts))
        with lock:
            while len(cache) > 8:
                cache.pop(next(iter(cache)))
            cache[handle] = hit
    return hit


def _est(row: str) -> float:
    """Conservative token estimate of one output line (3 chars per token, newline included)."""
    return len(row) / 3.0 + 1


def _fmt(n: int, text: str, sep: str = ":") -> str:
    return f"{n}{sep} {clip(text, _MAX_LINE_CHARS)}"


def _by_range(model: FetchedResult, lines: list[str], first: int, lo: int, hi: int, *, explicit_end: bool,
              limit: int) -> Answer:
    """Lines lo..hi of the stored result: the caller delimited them, so as many whole lines as fit one answer
    come back with the exact call that continues (the pipeline's page tier)."""
    handle = model.handle
    # every line costs at least a token: no more lines than that could ever fit are rendered
    stop = min(hi, lo + limit)
    shown = [clip(t, _MAX_LINE_CHARS) for t in lines[lo - first : stop - first + 1]]

    def call(n: int) -> str:
        return f'fetch_result(handle="{handle}", start_line={n}' + (f", end_line={hi})" if explicit_end else ")")

    def page_model(n: int, preface: list[str] | None = None) -> FetchedResult:
        last = lo + n - 1
        return model.model_copy(update={
            "end_line": last, "lines": [model_line(k, lines[k - first]) for k in range(lo, last + 1)],
            "complete": last >= hi, "next": call(last + 1) if last < hi else None})

    body = FileLines(handle, shown, lo, kind="text", sep=": ", pad=False,
                     header=lambda last: f"[{handle} lines {lo}-{last} of {model.first_line}-{model.last_line} ({model.kind})]")
    cont = Continuation(call=call, until=hi, cap_reason="cut to fit one answer")
    return Answer(body, page_model(len(shown)), scope="delimited", continuation=cont, page_model=page_model)


def _rows_by_range(model: FetchedResult, lines: list[str], rows: list[Hit | str], lo: int, hi: int, *,
                   explicit_end: bool, limit: int, count: Any, typed: Callable[[BaseModel], int] | None = None) -> Answer:
    """Lines lo..hi of a stored search, its hits grouped under their files (hit_lines: a path once, not on every
    line: Rouge A/B run 158 fetched 134 `delegate|recurse` rows of 5,350 tokens whose grouped form is 2,800);
    as many rows as fit one answer, and the exact call that continues."""
    handle, first = model.handle, model.first_line

    def call(n: int) -> str:
        return f'fetch_result(handle="{handle}", start_line={n}' + (f", end_line={hi})" if explicit_end else ")")

    def render(k: int) -> str:
        last = lo + k - 1
        out = [f"[{handle} lines {lo}-{last} of {first}-{model.last_line} (search hits, by file)]",
               *hit_lines(rows[lo - first: last - first + 1])]
        if last < hi:
            out.append(f"… cut to fit one answer; continue with {call(last + 1)}")
        return "\n".join(out)

    def page(k: int) -> FetchedResult:
        last = lo + k - 1
        return model.model_copy(update={
            "end_line": last, "lines": [model_line(n, lines[n - first]) for n in range(lo, last + 1)],
            "complete": last >= hi, "next": call(last + 1) if last < hi else None})

    def cost(k: int, text: str) -> int:  # with structured output on, the typed page (some clients' answer) must fit too
        n = int(count(text))
        return max(n, typed(page(k))) if typed is not None else n

    got = fit_largest(hi - lo + 1, render, limit, count, lo=1, cost_of=cost)
    return Answer(Text(got.text), page(got.k), scope="fitted")


def _by_pattern(
    model: FetchedResult, lines: list[str], first: int, lo: int, hi: int, pattern: str, context: int, limit: int, count: Any,
    hits: list[Hit | str] | None = None,
) -> Answer:
    rx = compile_pattern(pattern)
    model.pattern = pattern
    idx = [i for i in range(lo - first, hi - first + 1) if rx.search(lines[i])]
    model.matches = len(idx)
    match_set = set(idx)
    # one group per match: its context lines not already shown, '--' before a gap; rows and typed lines
    groups: list[tuple[list[str], list[FetchedLine]]] = []
    last_shown = -2
    used = 0.0
    for i in idx:
        a, b = max(lo - first, i - context), min(hi - first, i + context)
        rows = ["--"] if groups and a > last_shown + 1 else []
        typed = []
        for j in range(max(a, last_shown + 1), b + 1):
            rows.append(_fmt(j + first, lines[j], ":" if j in match_set else "-"))
            typed.append(model_line(j + first, lines[j], j in match_set))
        groups.append((rows, typed))
        last_shown = max(last_shown, b)
        used += sum(_est(r) for r in rows)
        if used > limit * 1.6:  # the estimate runs high; more than this never fits
            break
    ctx_arg = f", context_lines={context}" if context else ""

    def head(shown: int) -> str:
        text = f"[{model.handle}: {model.matches} line{'s' if model.matches != 1 else ''} matching {pattern!r} in lines {lo}-{hi}" + (
            f", showing the first {shown}" if shown < len(idx) else "") + (f", {context} lines of context" if context else "") + "]"
        if not idx:
            text += f" — nothing matched; the result has lines {model.first_line}-{model.last_line}. Try a broader pattern or a line range."
        return text

    def next_call(shown: int) -> str | None:
        if shown >= len(idx):
            return None
        return f'fetch_result(handle="{model.handle}", pattern={json.dumps(pattern)}, start_line={idx[shown] + first}{ctx_arg})'

    def render(k: int) -> str:
        nxt = next_call(k)
        tail = [f"… {model.matches - k} more matching lines; continue with {nxt}"] if nxt else []
        if hits is not None:  # a stored search: the rows shown grouped by file (hit_lines), context as `12- text`
            shown = [_row(hits[t.line - first], t.match) for _, typed in groups[:k] for t in typed]
            return "\n".join([head(k), *hit_lines(shown), *tail])
        return "\n".join([head(k), *(r for rows, _ in groups[:k] for r in rows), *tail])

    got = fit_largest(len(groups), render, limit, count, lo=min(1, len(groups)))
    k = got.k
    model.lines = [t for _, typed in groups[:k] for t in typed]
    model.next = next_call(k)
    model.complete = model.next is None
    return Answer(Text(got.text), model, scope="fitted")


def _row(row: Hit | str, match: bool) -> Hit | str:
    """A stored search row as a pattern fetch shows it: a matching row as it is, a row around it as context."""
    return row if match or not isinstance(row, Hit) else Hit(row.path, row.line, row.text, context=True)


def model_line(n: int, text: str, match: bool = False) -> FetchedLine:
    return FetchedLine(line=n, text=clip(text, _MAX_LINE_CHARS), match=match)
