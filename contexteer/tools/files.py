"""read_code_range: exact, numbered line ranges of a file, or the whole file shaped by its kind."""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import SimpleNamespace
from typing import Annotated, Any, Literal, cast

import anyio.to_thread
from mcp.server.mcpserver import Context
from mcp_types import CallToolResult
from pydantic import BaseModel, Field

from contexteer.errors import ContexteerError, InputError, NotFoundError
from contexteer.secrets import redact_key_block_lines
from contexteer.tools.base import ContentKind, Services, respond
from contexteer.tools.nav_state import nav_for, run, syntax_error_note
from contexteer.workspace import read_text_file

logger = logging.getLogger(__name__)


class ContextDef(BaseModel):
    qualname: str
    kind: str
    location: str
    signature: str
    doc: str | None = None
    via: str


class CallerRef(BaseModel):
    path: str
    line: int
    caller: str | None = None
    location: str | None = None
    signature: str | None = None
    how: str | None = None  # the evidence: same file | import | same package | receiver | name only


class CodeRange(BaseModel):
    path: str
    start_line: int
    end_line: int
    total_lines: int
    content: str
    next_start_line: int | None = None
    symbol: str | None = None
    kind: str | None = None
    uses: list[ContextDef] = Field(default_factory=list)
    callers: list[CallerRef] = Field(default_factory=list)
    callers_total: int = 0
    note: str | None = None


def number_lines(lines: list[str], first: int) -> str:
    width = len(str(first + len(lines) - 1))
    return "\n".join(f"{n:>{width}}│{text}" for n, text in enumerate(lines, start=first))


def split_lines(text: str) -> list[str]:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln.rstrip("\r") for ln in lines]


def cut_at_cap(start: int, end: int, cap: int) -> tuple[int, int | None]:
    """The last line one call shows of start..end, and the line the next call starts at (None: all shown)."""
    if end - start + 1 <= cap:
        return end, None
    return start + cap - 1, start + cap


def continue_hint(rel: str, next_start: int, until: int, cap: int, stop: int | None = None) -> str:
    """The note under a read cut at the per-call cap: the exact call reading the next `cap` lines (up to `until`),
    or up to `stop` when fewer lines than that pass whole (see fitting_end)."""
    end = min(until, next_start + cap - 1) if stop is None else stop
    return (
        f"… cut at the per-call cap of {cap} lines; continue with "
        f"read_code_range(path=\"{rel}\", start_line={next_start}, end_line={end})"
    )


def fitting_end(lines: list[str], start: int, end: int, budget: int, count: Callable[[str], int]) -> int:
    """The last line of start..end whose numbered read stays within `budget` tokens (at least `start`), so a
    suggested continuation passes whole instead of coming back digested."""
    body = lines[start - 1 : end]
    if count(number_lines(body, start)) <= budget:
        return end
    used = 0
    for n, ln in enumerate(split_lines(number_lines(body, start))):
        used += count(ln) + 1
        if used > budget:
            return max(start, start + n - 1)
    return end


def bounds(rel: str, total: int, start_line: int | None, end_line: int | None) -> tuple[int, int]:
    """Validate a 1-based inclusive range against a file of `total` lines; the end is clamped to the file."""
    start = 1 if start_line is None else start_line
    end = total if end_line is None else end_line
    if start < 1 or end < 1:
        raise InputError(f"line numbers are 1-based; got start_line={start_line}, end_line={end_line}. Use 1 for the first line.")
    if total == 0:
        raise InputError(f"'{rel}' is empty (0 lines); there is nothing to read.")
    if start > end and end_line is not None:
        raise InputError(f"start_line {start} is after end_line {end}. Swap them or pass a start_line <= end_line.")
    if start > total:
        raise InputError(
            f"start_line {start} is past the end of '{rel}', which has {total} lines. "
            f"Pass a start_line between 1 and {total}."
        )
    return start, min(end, total)


def register(mcp: object, svc: Services) -> None:
    cap = svc.settings.workspace.max_lines_per_call

    @svc.tool(
        "read_code_range",
        kind="code",
        description=(
            "Read numbered lines of a file (1-based, inclusive), or one definition by symbol=. "
            "context='semantic' adds what it uses and its callers. No range: the whole file, shaped."
        ),
    )
    async def read_code_range(
        ctx: Context,
        path: Annotated[str, Field(description="File path.")],
        start_line: int | None = None,
        end_line: int | None = None,
        symbol: Annotated[str | None, Field(description="e.g. 'Parser.parse'")] = None,
        context: Literal["none", "semantic"] = "none",
    ) -> Annotated[CallToolResult, CodeRange]:
        if symbol is not None and (start_line is not None or end_line is not None):
            raise InputError("pass either symbol= or start_line/end_line, not both. Use symbol= to read one definition whole.")
        if symbol is not None or context == "semantic":
            return await _indexed_read(ctx, path, start_line, end_line, symbol, context == "semantic")
        return await anyio.to_thread.run_sync(_line_read, path, start_line, end_line)

    def _line_read(path: str, start_line: int | None, end_line: int | None) -> CallToolResult:
        res = svc.ws.resolve(path, kind="file")
        text = read_text_file(svc.ws, res)
        lines = redact_key_block_lines(text, split_lines(text))
        total = len(lines)
        if start_line is None and end_line is None:
            return _whole_file(res.rel, text, lines)
        start, end = bounds(res.rel, total, start_line, end_line)
        shown_end, next_start = cut_at_cap(start, end, cap)
        body = number_lines(lines[start - 1 : shown_end], start)
        header = f"{res.rel}:{start}-{shown_end} (of {total} lines)"
        footer = "" if next_start is None else "\n" + continue_hint(res.rel, next_start, end, cap, _stop(lines, next_start, end))
        model = CodeRange(path=res.rel, start_line=start, end_line=shown_end, total_lines=total, content=body,
                          next_start_line=next_start)
        return respond(model, f"{header}\n{body}{footer}", explicit=True)

    def _stop(lines: list[str], next_start: int, end: int) -> int:
        """Where the suggested next read ends: `cap` lines, fewer when those would not pass whole."""
        room = svc.settings.context_mode_mcp.max_digest_threshold - 150  # header, note and hint lines
        return fitting_end(lines, next_start, min(end, next_start + cap - 1), room, svc.pipeline.count)

    def _whole_file(rel: str, text: str, lines: list[str]) -> CallToolResult:
        from contexteer.shaping.kinds import kind_for_path

        kind = cast(ContentKind, kind_for_path(rel))
        total = len(lines)
        model = CodeRange(path=rel, start_line=1 if total else 0, end_line=total, total_lines=total, content=text)
        if total <= cap and len(text) <= 4 * svc.settings.context_mode_mcp.max_direct_passthrough:
            # Small enough to pass untouched: give it line numbers so the next call can cite them.
            body = number_lines(lines, 1)
            model.content = body
            return respond(model, f"{rel}:1-{total} (whole file)\n{body}", kind=kind)
        # Larger: the raw text goes to the pipeline, whose digesters keep signal lines with their file
        # line numbers (the text starts at line 1) and fold the rest into addressable gaps; for source
        # code the index's outline (tree-sitter, any language) names the folded bodies.
        return respond(model, text, kind=kind, outline=_outline(rel) if kind == "code" else None)

    def _outline(rel: str) -> list[tuple[int, int, str, str]] | None:
        try:
            index = nav_for(svc).index
            index.ensure_fresh([rel])  # parses just this file when the index does not know it yet
            symbols = index.symbols_in_file(rel)
        except ContexteerError as exc:
            logger.info("no index outline for %s (%s); the digester finds definitions by pattern", rel, exc)
            return None
        return [(s.start_line, s.end_line, s.qualname, s.kind) for s in symbols] or None


    async def _indexed_read(
        ctx: Context, path: str, start_line: int | None, end_line: int | None, symbol: str | None, semantic: bool
    ) -> CallToolResult:
        res = svc.ws.resolve(path, kind="file")
        nav = nav_for(svc)

        def work(cb: Callable[[int, int], None] | None) -> CallToolResult:
            note = nav.ready(cb, [res.rel], file_only=not semantic)
            text = read_text_file(svc.ws, res)
            lines = redact_key_block_lines(text, split_lines(text))
            total = len(lines)
            target: Any
            if symbol is not None:
                try:
                    target = _find(nav, res.rel, symbol, note)
                except NotFoundError:
                    if nav.index.store.is_complete():
                        raise
                    # a name missing from the file: the hint names where it is defined, which needs the
                    # whole index, so this read takes the cold build's one wait (if no call took it yet)
                    note = nav.ready(cb, [res.rel])
                    target = _find(nav, res.rel, symbol, note)
                start, end = target.start_line, min(target.end_line, total)
            else:
                start, end = bounds(res.rel, total, start_line, end_line)
                target = SimpleNamespace(id=-1, name="", qualname="", kind="range", path=res.rel, parent_id=None,
                                         start_line=start, end_line=end)
            return _render_read(nav, res.rel, lines, target, start, end, semantic, note, symbol is not None)

        return await run(ctx, work)

    def _find(nav: Any, rel: str, symbol: str, note: str | None) -> Any:
        from contexteer.indexers.lookup import find_in_file

        if not symbol.strip():
            raise InputError("symbol is empty. Pass a definition name such as 'parse_header' or 'Parser.parse_header'.")
        info = nav.index.file_info(rel)
        if info is None or info.status != "indexed":
            status = info.status if info else "not indexed"
            raise InputError(
                f"'{rel}' has no symbol index ({status}), so symbol= cannot be used. "
                f"Read it by lines: read_code_range(path=\"{rel}\", start_line=1, end_line=100)."
            )
        try:
            return find_in_file(nav.index, rel, symbol)
        except NotFoundError as exc:
            broken = syntax_error_note(svc, rel, info.language) if info.has_errors else None
            extra = "; ".join(x for x in (note, f"the file has a {broken}" if broken else None) if x)
            if extra:
                raise NotFoundError(f"{exc} ({extra})") from exc
            raise

    def _render_read(nav: Any, rel: str, lines: list[str], target: Any, start: int, end: int, semantic: bool,
                     note: str | None, by_symbol: bool) -> CallToolResult:
        from contexteer.indexers.lookup import semantic_context

        total = len(lines)
        what = f" {target.kind} {target.qualname}" if by_symbol else ""
        overloads = getattr(target, "note", None)  # lookup.Resolved: the other definitions of this name
        head = (f"{rel}:{start}-{end}{what} (of {total} lines)" + (f"\n[{note}]" if note else "")
                + (f"\n[{overloads}]" if overloads else ""))
        shown_end, next_start = cut_at_cap(start, end, cap)
        model = CodeRange(path=rel, start_line=start, end_line=shown_end, total_lines=total, content="",
                          next_start_line=next_start, symbol=target.qualname or None, kind=target.kind if by_symbol else None,
                          note=note)
        tail = ""
        if semantic:
            max_callers = svc.settings.navigation.max_callers
            names = _names_in(nav, rel, lines, start, end)
            sem = semantic_context(nav.index, target, nav.imported, max_callers=max_callers, extra_names=names.used,
                                   bound=names.bound, members=names.members)
            touched = [s.path for s, _ in sem.definitions] + [c.path for c in sem.callers]
            if nav.recheck(p for p in touched if p != rel):  # an answer about other files reflects them too
                sem = semantic_context(nav.index, target, nav.imported, max_callers=max_callers, extra_names=names.used,
                                       bound=names.bound, members=names.members)
            model.uses = [ContextDef(qualname=s.qualname, kind=s.kind, location=f"{s.path}:{s.start_line}-{s.end_line}",
                                     signature=s.signature, doc=s.doc, via=how) for s, how in sem.definitions]
            model.callers = [CallerRef(path=c.path, line=c.line, caller=c.symbol.qualname if c.symbol else None,
                                       location=f"{c.path}:{c.symbol.start_line}-{c.symbol.end_line}" if c.symbol else None,
                                       signature=c.symbol.signature if c.symbol else None, how=getattr(c, "how", None))
                             for c in sem.callers]
            model.callers_total = sem.callers_total
            tail = "\n" + _semantic_text(model, by_symbol, getattr(sem, "callers_name_only", 0))
        inner = [s for s in nav.index.symbols_in_file(rel) if start <= s.start_line <= end and s.id != getattr(target, "id", None)]
        whole = svc.settings.context_mode_mcp.max_digest_threshold
        count = svc.pipeline.count
        nested = " or read a nested definition by symbol=" if by_symbol and inner else ""
        outline = _inner_outline(rel, start, end, inner, f"more than the per-call cap of {cap}", whole // 2, count) \
            if next_start is not None else ""
        body = number_lines(lines[start - 1 : shown_end], start)
        hint = "" if next_start is None else "\n" + continue_hint(rel, next_start, end, cap, _stop(lines, next_start, end)) + nested
        text = f"{head}\n{outline}{body}{hint}{tail}"
        if count(text) > whole:
            # Larger than passes whole: the pipeline would digest it as code and lose the outline and the
            # continuation. Show the member outline and as many lines as fit, and say where to go on.
            fixed = count(f"{head}\n\n{tail}") + 60
            outline = _inner_outline(rel, start, end, inner, "more than fits one answer", int((whole - fixed) * 0.4), count)
            room = whole - fixed - count(outline)
            costs = [count(ln) + 1 for ln in split_lines(number_lines(lines[start - 1 : shown_end], start))]
            n, used = 0, 0
            while n < len(costs) and used + costs[n] <= room:
                used += costs[n]
                n += 1
            n = max(1, n)
            while True:
                shown_end = start + n - 1
                next_start = shown_end + 1 if shown_end < end else None
                body = number_lines(lines[start - 1 : shown_end], start)
                hint = "" if next_start is None else (
                    f"\n… cut to fit one answer ({whole} tokens, context_mode_mcp.max_digest_threshold); continue with "
                    f"read_code_range(path=\"{rel}\", start_line={next_start}, end_line={min(end, next_start + cap - 1)}){nested}")
                text = f"{head}\n{outline}{body}{hint}{tail}"
                if n == 1 or count(text) <= whole:
                    break
                n = max(1, n * 9 // 10)
            model.end_line, model.next_start_line = shown_end, next_start
        model.content = body
        return respond(model, text, explicit=True)


def _inner_outline(rel: str, start: int, end: int, inner: list[Any], why: str, budget: int,
                   count: Callable[[str], int]) -> str:
    """`outline of path:a-b (N lines, <why>):` and the nested definitions, fitted to `budget` tokens ('' if none)."""
    from contexteer.tools.nav_render import fit_outline, outline_entries

    if not inner:
        return ""
    head = f"outline of {rel}:{start}-{end} ({end - start + 1} lines, {why}):"
    fitted = fit_outline(outline_entries(inner, signatures=False), max(budget, 1), count, rel, fixed=head + "\n")
    return "\n".join([head, *fitted.lines]) + "\n"


def _names_in(nav: Any, rel: str, lines: list[str], start: int, end: int) -> Any:
    """The identifiers the lines use as values (`isinstance(x, Foo)`, `x = LIMIT`), which the index does not
    store, and the ones they bind (parameters, locals), which are never another file's definitions."""
    from contexteer.indexers import languages
    from contexteer.indexers.uses import Names, names_in

    info = nav.index.file_info(rel)
    spec = languages.BY_NAME.get(info.language) if info is not None and info.language else None
    if spec is None:
        return Names()
    return names_in("\n".join(lines).encode("utf-8", "replace"), spec, start, end)


def _semantic_text(model: CodeRange, by_symbol: bool, name_only: int = 0) -> str:
    out = ["", "── uses ──" if model.uses else "── uses: nothing resolvable in the index ──"]
    for d in model.uses:
        doc = f"  # {d.doc[:100]}" if d.doc else ""
        what = f"{d.qualname} — " if "." in d.qualname or d.qualname not in d.signature else ""
        out.append(f"{d.location} {what}{d.signature[:160]}{doc}  [{d.via}]")
    if by_symbol:
        if model.callers:
            showing = f", showing {len(model.callers)}" if model.callers_total > len(model.callers) else ""
            guesses = f"; {name_only} matched by name only, maybe another type's method" if name_only else ""
            out.append(f"── called by ({model.callers_total}{showing}{guesses}) ──")
            for c in model.callers:
                mark = "  [name only]" if c.how == "name only" and name_only else ""
                if c.caller:
                    out.append(f"{c.path}:{c.line} in {c.caller} ({c.location}) — {(c.signature or '')[:140]}{mark}")
                else:
                    out.append(f"{c.path}:{c.line} at module level{mark}")
            if model.callers_total > len(model.callers):
                out.append(f"… {model.callers_total - len(model.callers)} more: search_symbol(query=\"{(model.symbol or '').rsplit('.', 1)[-1]}\", references=true)")
        else:
            out.append("── called by: no references found in the index ──")
    return "\n".join(out)
