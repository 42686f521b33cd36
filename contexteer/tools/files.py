"""read_code_range: exact, numbered line ranges of a file, or the whole file shaped by its kind."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from types import SimpleNamespace
from typing import Annotated, Any, Literal

import anyio.to_thread
from mcp.server.mcpserver import Context
from pydantic import Field

from contexteer.errors import ContexteerError, InputError, NotFoundError
from contexteer.fitting import fit_rows
from contexteer.indexers.graph import sole_of_name
from contexteer.indexers.lookup import enclosing
from contexteer.navigation.models import CodeRange, clip
from contexteer.navigation.reads import block_end, block_heads
from contexteer.navigation.relations import passed_note
from contexteer.navigation.service import NavigationService
from contexteer.navigation.symbols import doc_start
from contexteer.secrets import redact_key_block_lines
from contexteer.shaping.answer import Answer, Continuation, FileLines, number_lines
from contexteer.shaping.kinds import kind_for_path
from contexteer.shaping.limits import answer_limit, asked_limit
from contexteer.tools.base import Services, split_list, tool
from contexteer.tools.progress import run
from contexteer.workspace import Resolved, read_text_file

logger = logging.getLogger(__name__)


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


@tool(
    "read_code_range",
    output=CodeRange,
    description=(
        "Read numbered lines of a file (1-based, inclusive), or one definition by symbol=. "
        "A range names the definition it sits in. "
        "No range: the whole file, shaped. Up to 20 reads in one call: path='a.py:10-40, b.go:Server.Run' (together "
        "4,096 tokens, or budget_tokens up to 16000; the reads past it are named)."
    ),
)


async def read_code_range(
    svc: Services,
    ctx: Context,
    path: Annotated[str, Field(description="File path; or reads 'path:start-end', 'path:line', 'path:Symbol', comma-separated.")],
    start_line: int | None = None,
    end_line: int | None = None,
    symbol: Annotated[str | None, Field(description="e.g. 'Parser.parse'")] = None,
    context: Annotated[Literal["none", "semantic"] | int, Field(
        description="'semantic': what it uses and its callers; a number N: N more lines before and after.")] = "none",
    budget_tokens: int | None = None,
) -> Answer:
    reads = _reads(svc, path)
    if reads is not None:
        if symbol is not None or start_line is not None or end_line is not None:
            raise InputError(f"path='{path}' names its reads itself; drop symbol=/start_line/end_line, or pass a plain "
                             "file path with them.")
        if len(reads) == 1:
            path, start_line, end_line, symbol = reads[0]
        else:
            return await svc.several("read_code_range", [
                (_read_call(item, context), functools.partial(_read_one, svc, ctx, r[0], r[1], r[2], r[3], context))
                for item, r in zip(_read_items(path), reads, strict=True)],
                heads=[functools.partial(_read_head, svc, r[0], r[1], r[2]) if r[1] is not None and r[3] is None
                       and context == "none" else None for r in reads])
    return await _read_one(svc, ctx, path, start_line, end_line, symbol, context)


async def _read_one(svc: Services, ctx: Context, path: str, start_line: int | None, end_line: int | None,
                    symbol: str | None, context: Literal["none", "semantic"] | int) -> Answer:
    if symbol is not None and (start_line is not None or end_line is not None):
        raise InputError("pass either symbol= or start_line/end_line, not both. Use symbol= to read one definition whole.")
    if context == 0:  # no lines around: as if none were asked (pythonnet run 340: `context=0` on a path was refused)
        context = "none"
    if isinstance(context, int):  # `context=3`: lines around the range, as grep -C means it (the pip A/B agent)
        if context < 0 or context > 200:
            raise InputError(f"context={context} is out of range; pass 0 to 200 lines, or 'semantic'.")
        if start_line is None and end_line is None:
            raise InputError("context=N widens a range: pass start_line (and end_line) with it, or symbol= to read a definition.")
        first = start_line if start_line is not None else end_line
        asked = (first or 1, end_line if end_line is not None else first or 1)
        start_line, end_line = max(1, asked[0] - context), asked[1] + context
        # what the lines asked for sit in (`535` in the closure 530-536), not the widened range's common parent
        return await anyio.to_thread.run_sync(_line_read, svc, path, start_line, end_line, asked)
    if symbol is not None or context == "semantic":
        try:
            return await _indexed_read(svc, ctx, path, start_line, end_line, symbol, context == "semantic")
        except NotFoundError as exc:
            elsewhere = _only_definition_elsewhere(svc, path, symbol) if symbol is not None else None
            if elsewhere is None:
                raise
            # `reflect_extension.go:resolveConflictBinding`, defined once, in reflect_struct_encoder.go: read there
            # (the json-iterator A/B agent, run 259, was told where and read it in a second call)
            try:
                return await _indexed_read(svc, ctx, elsewhere, start_line, end_line, symbol, context == "semantic",
                                           moved=f"no {symbol} in {path}: the one definition of it is in {elsewhere}")
            except NotFoundError:
                raise exc from None  # (what the file asked says, not a second miss elsewhere)
    return await anyio.to_thread.run_sync(_line_read, svc, path, start_line, end_line)


def _only_definition_elsewhere(svc: Services, path: str, symbol: str) -> str | None:
    """The file of the one definition named `symbol` (its last part, or its qualified name when given) in the
    language family of `path`, when there is exactly one and it is not in `path`; else None."""
    from contexteer.indexers.lookup import language_family

    try:
        rel = svc.ws.resolve(path, kind="file").rel
    except ContexteerError:
        return None
    index = svc.nav.index
    info = index.file_info(rel)
    last = re.split(r"\.|::|#", symbol.strip())[-1]
    wanted = symbol.strip().replace("::", ".").replace("#", ".")
    found = [s for s in index.symbols_named(last) if s.name == last and s.path != rel
             and (wanted == last or s.qualname.replace("::", ".") == wanted
                  or s.qualname.replace("::", ".").endswith("." + wanted))
             and language_family(s.language) == language_family(info.language if info is not None else None)]
    return found[0].path if len({s.path for s in found}) == 1 and len(found) == 1 else None


#: one read of several: 'path:12-40', 'path:12', 'path:Parser.parse' (a symbol may hold '::'), or a plain path
_READ = re.compile(r"(?P<path>[^:]+?)(?::(?:(?P<start>\d+)(?:-(?P<end>\d+))?|(?P<symbol>[^\s:\d].*)))?")
MAX_READS = 20


def _reads(svc: Services, path: str) -> list[tuple[str, int | None, int | None, str | None]] | None:
    """The reads a path argument names ('a.py:10-40, b.go:Server.Run'), or None when it is one plain path."""
    if "," not in path and ":" not in path:
        return None
    try:
        svc.ws.resolve(path, kind="file")
        return None  # a file whose name holds ':' or ','
    except ContexteerError:
        pass
    items = _read_items(path)
    if len(items) > MAX_READS:
        raise InputError(f"{len(items)} reads in one call; pass at most {MAX_READS} and the rest in another call.")
    out: list[tuple[str, int | None, int | None, str | None]] = []
    for item in items:
        m = _READ.fullmatch(item)
        if m is None:
            raise InputError(f"'{item}' is not a read: write 'path:start-end', 'path:line', 'path:Symbol' or a path.")
        start = int(m["start"]) if m["start"] else None
        end = int(m["end"]) if m["end"] else start
        out.append((m["path"].strip(), start, end, m["symbol"].strip() if m["symbol"] else None))
    return out


def _read_items(path: str) -> list[str]:
    """The reads of a path argument, a bare range (`180-420`, `95`) read in the file of the read before it:
    `src/query.ts:1-34,180-420` is two reads of query.ts (the TanStack A/B agent's second range had failed as a path)."""
    out: list[str] = []
    for item in split_list(path):
        if out and re.fullmatch(r"\d+(?:-\d+)?", item):
            item = f"{_READ.fullmatch(out[-1])['path'].strip()}:{item}"  # type: ignore[index]
        out.append(item)
    return out


def _read_call(item: str, context: object) -> str:
    how = "" if context == "none" else f', context="{context}"' if isinstance(context, str) else f", context={context}"
    return f'read_code_range(path="{item}"{how})'


async def _read_head(svc: Services, path: str, start: int, end: int | None, budget: int,
                     count: Callable[[str], int]) -> tuple[str, str] | None:
    """The first lines of a read of lines `start..end` that fit `budget` tokens (as `count` counts them), and the read
    that continues it; None when not even a few lines fit."""
    try:
        loaded = await anyio.to_thread.run_sync(_load_file, svc, path)  # (once, for every length tried)
        full = await anyio.to_thread.run_sync(functools.partial(_line_read, svc, path, start, end, loaded=loaded))
    except ContexteerError:
        return None

    def text(last: int) -> str:
        return svc.pipeline.shape(_line_read(svc, path, start, last, loaded=loaded), tool="read_code_range").text
    last = getattr(full.model, "end_line", None)  # (cut at the per-call cap, and at the file's end)
    if not isinstance(last, int) or last < start:
        return None
    lo, hi, best = start, last, None
    while lo <= hi:  # the most lines that fit
        mid = (lo + hi) // 2
        got = await anyio.to_thread.run_sync(text, mid)
        if count(got) <= budget:
            best, lo = (mid, got), mid + 1
        else:
            hi = mid - 1
    if best is None or best[0] - start < 4:
        return None
    return best[1], f'read_code_range(path="{path}:{best[0] + 1}-{end if end is not None else last}")'


def _line_read(svc: Services, path: str, start_line: int | None, end_line: int | None,
               asked: tuple[int, int] | None = None, loaded: tuple[Resolved, str, list[str]] | None = None) -> Answer:
    """Lines `start_line..end_line` of a file (the whole file when neither is given); `loaded`: the file as
    _load_file gives it, read already."""
    res, text, lines = loaded or _load_file(svc, path)
    total = len(lines)
    if start_line is None and end_line is None:
        return _whole_file(svc, res.rel, text, lines)
    start, end = bounds(res.rel, total, start_line, end_line)
    last = end
    while last > start and not lines[last - 1].strip():  # blank lines after a definition do not leave it
        last -= 1
    where = svc.nav.range_note(res.rel, start, last)
    # (not where the note already names the blocks inside the function, from the syntax tree: bash's `in branch
    # //telnet) 53-56, in case ${words[1]} in 44-57, in function _screen`, beside which a brace count had said
    # "inside: 45-52 /dev*)" for line 54, bash-completion run 370)
    # (a note naming only closures around the line, Go's `in deferred func literal 144-162, in func literal 140-176,
    # in function Run`, still wants the chain: the `if`, the composite literal and the `for` were unsaid, testify
    # run 386)
    nested = re.search(r"\bin (?:branch|case|loop|if|else|while|for|select|switch|when) ", where) is not None \
        and re.search(r", in (?:function|method) ", where) is not None
    head = _blocks_around(svc, res.rel, lines, start, last) if last - start < 5 and asked is None and not nested else []
    if asked is not None and asked != (start, last) and asked[0] <= total:
        a, b = asked[0], min(asked[1], total)
        inner = svc.nav.range_note(res.rel, a, b)
        first = inner.removeprefix(" — ").split(", in ")[0].split(" (under")[0]  # `in function 530-536`
        if inner.startswith(" — in ") and first not in where:
            # (the range's note without the definition the line names already: `347 in method State.Match 341-379;
            # in struct State 329-380, overlapping State.Match 341-379` said Match twice, leveldb run 507)
            named_def = re.match(r"in \S+ (\S+ \d+-\d+)", first)
            rest = where.removeprefix(" —") if where else ""
            if named_def is not None:
                rest = rest.replace(f", overlapping {named_def.group(1)}", "").replace(f" — overlaps {named_def.group(1)}", "")
            where = f" — {a}{f'-{b}' if b != a else ''} {first};" + rest
    return _delimited(svc, res.rel, lines, start, end, lambda last: f"{res.rel}:{start}-{last} (of {total} lines){where}",
                      head=head, within="; ".join(x for x in (where.removeprefix(" — ").strip(), *head) if x) or None)


def _load_file(svc: Services, path: str) -> tuple[Resolved, str, list[str]]:
    """A file to read: where it resolves, its text and its lines (a private key's lines redacted)."""
    res = svc.ws.resolve(path, kind="file")
    text = read_text_file(svc.ws, res)
    return res, text, redact_key_block_lines(text, split_lines(text))


def _blocks_around(svc: Services, rel: str, lines: list[str], start: int, end: int) -> list[str]:
    """For a read of a few lines inside a function: the blocks they sit in, outermost first, each with its range
    (`inside: 1291-1399 loop {; 1292-1323 if input; ..`): "what is at path:line" is that chain (the syn A/B agent read
    the function's 110 lines around line 1304 for it)."""
    try:
        syms = svc.nav.index.symbols_in_file(rel)
    except ContexteerError:
        return []
    enc = enclosing(syms, start)
    if enc is None or enc.kind not in ("function", "method") or enc.end_line < end:
        return []
    # (not the function's own header: `#[cfg(..)]` or `@property` above it starts its range, its `fn`/`def` line is
    # no block)
    own = re.compile(rf"(?<![\w$]){re.escape(enc.name.rsplit('.', 1)[-1])}\s*[(<\[]") if enc.name else None
    heads = [n for n in _nested_heads(svc.nav, rel, lines, enc, start) if n != enc.start_line
             and not (own is not None and n <= enc.start_line + 10 and own.search(lines[n - 1]))]
    if not heads:
        return []
    return ["inside: " + "; ".join(f"{n}-{block_end(lines, n)} {' '.join(lines[n - 1].split())[:80]}" for n in heads)]


def _delimited(svc: Services, rel: str, lines: list[str], start: int, end: int, header: Callable[[int], str], *,
               head: list[str] | None = None, tail: list[str] | None = None, model: CodeRange | None = None,
               inner: list[Any] | None = None, by_symbol: bool = False, within: str | None = None) -> Answer:
    """Lines start..end the caller asked for: whole when they fit one answer; else (the pipeline's page tier)
    as many whole lines as fit with the exact call that continues. The per-call cap cuts first."""
    cap = _line_cap(svc)
    shown_end, _ = cut_at_cap(start, end, cap)
    total = len(lines)
    lines = _long_lines_cut(svc, rel, lines, start, shown_end)
    frame = model or CodeRange(path=rel, start_line=start, end_line=shown_end, total_lines=total, content="")
    if within and not frame.within:
        frame = frame.model_copy(update={"within": within})

    @functools.cache
    def call(n: int) -> str:
        return f'read_code_range(path="{rel}", start_line={n}, end_line={_stop(svc, lines, n, end)})'

    def page_model(n: int, preface: list[str] | None = None) -> CodeRange:
        last = start + n - 1
        return frame.model_copy(update={
            "outline": preface or [],
            "end_line": last, "next_start_line": last + 1 if last < end else None,
            "next": call(last + 1) if last < end else None,
            "content": "\n".join(number_lines(lines[start - 1 : last], start))})

    def preface(budget: int, by_size: bool) -> list[str]:
        why = "more than fits one answer" if by_size else f"more than the per-call cap of {cap}"
        return _inner_outline(rel, start, end, inner or [], why, budget, svc.pipeline.count)

    cont = Continuation(
        call=call, until=end, cap_reason=f"cut at the per-call cap of {cap} lines",
        preface=preface if inner else None,
        more=" or read a nested definition by symbol=" if by_symbol and inner else "")
    body = FileLines(rel, lines[start - 1 : shown_end], start, kind="code", header=header)
    return Answer(body, page_model(shown_end - start + 1), head=head or [], tail=tail or [], scope="delimited",
                  continuation=cont, page_model=page_model)


#: a line longer than this in a read of several lines shows its start only (a generated keyword table's 6,450
#: characters filled a Rouge A/B agent's batch and left its other reads out); read alone, a line is given whole when
#: it fits one answer, else its first LONG_LINE_ALONE characters (a 43,000-character line had answered nothing)
LONG_LINE, LONG_LINE_HEAD, LONG_LINE_ALONE = 2000, 400, 8000


def _long_lines_cut(svc: Services, rel: str, lines: list[str], start: int, end: int) -> list[str]:
    """`lines` with each long line of start..end cut to its start (see LONG_LINE), saying how much is left and, when
    the line alone fits one answer, the read that gives it whole; the same list when none is cut."""
    whole = answer_limit(svc.settings) - 150  # (the header and note lines)
    out = lines
    for n in range(start, end + 1):
        line = lines[n - 1]
        if len(line) <= (LONG_LINE if end > start else LONG_LINE_ALONE):
            continue
        tokens = svc.pipeline.count(line)
        fits = tokens <= whole
        if end == start and fits:
            continue
        keep = LONG_LINE_HEAD if end > start else LONG_LINE_ALONE
        how = (f'read_code_range(path="{rel}:{n}") gives it whole' if fits else
               f"the whole line ({tokens:,} tokens) is more than one answer holds; search_text(path=\"{rel}\") finds "
               "text in it")
        out = list(out) if out is lines else out
        out[n - 1] = f"{line[:keep]} … [line cut: {len(line) - keep:,} more characters; {how}]"
    return out


def _line_cap(svc: Services) -> int:
    """The most lines one read gives: workspace.max_lines_per_call, more in proportion when the call asked for a
    larger answer (budget_tokens)."""
    cap = svc.settings.workspace.max_lines_per_call
    asked = asked_limit()
    return cap if asked is None else max(cap, cap * asked // svc.settings.context_mode_mcp.max_digest_threshold)


def _stop(svc: Services, lines: list[str], next_start: int, end: int) -> int:
    """Where a suggested next read ends: `cap` lines, fewer when those would not pass whole."""
    cap, whole = _line_cap(svc), answer_limit(svc.settings)
    until = min(end, next_start + cap - 1)
    rows = number_lines(lines[next_start - 1 : until], next_start)
    got = fit_rows(rows, whole - 150, svc.pipeline.count, lo=1)  # 150: the header, note and hint lines
    return next_start + got.k - 1


def _whole_file(svc: Services, rel: str, text: str, lines: list[str]) -> Answer:
    kind = kind_for_path(rel)
    total = len(lines)
    model = CodeRange(path=rel, start_line=1 if total else 0, end_line=total, total_lines=total, content=text)
    # Small enough to pass whole: numbered, so the next call can cite the lines. Larger: the digester of
    # the file's kind keeps signal lines with their numbers and folds the rest into addressable gaps; for
    # source code the index's outline (tree-sitter, any language) names the folded bodies.
    small = total <= svc.settings.workspace.max_lines_per_call and len(text) <= 8 * svc.settings.context_mode_mcp.max_direct_passthrough
    outline = svc.nav.index_outline(rel) if kind == "code" and not small else None
    body = FileLines(rel, lines, 1, kind=kind, header=lambda last: f"{rel}:1-{total} (whole file)", outline=outline,
                     comments=(lambda: _comment_blocks(svc, rel, text)) if outline is not None else None)
    return Answer(body, model)


def _comment_blocks(svc: Services, rel: str, text: str) -> list[tuple[int, int]]:
    """The file's whole-line comment blocks of two lines or more (the pipeline folds them when that lets a read too
    large for one answer show all its code)."""
    from contexteer.indexers.closures import FileClosures

    info = svc.nav.index.file_info(rel)
    return FileClosures(info.language if info is not None else None, text.encode("utf-8")).comment_blocks()


async def _indexed_read(svc: Services, ctx: Context, path: str, start_line: int | None, end_line: int | None,
                        symbol: str | None, semantic: bool, moved: str | None = None) -> Answer:
    res = svc.ws.resolve(path, kind="file")
    nav = svc.nav

    def work(cb: Callable[[int, int], None] | None) -> Answer:
        note = nav.ready(cb, [res.rel], file_only=not semantic)
        note = "; ".join(x for x in (moved, note) if x) or None
        text = read_text_file(svc.ws, res)
        lines = redact_key_block_lines(text, split_lines(text))
        total = len(lines)
        target: Any
        if symbol is not None:
            try:
                target = nav.find_definition(res.rel, symbol, note)
            except NotFoundError:
                if nav.index.store.is_complete():
                    raise
                # a name missing from the file: the hint names where it is defined, which needs the
                # whole index, so this read takes the cold build's one wait (if no call took it yet)
                note = nav.ready(cb, [res.rel])
                target = nav.find_definition(res.rel, symbol, note)
            end = min(target.end_line, total)
            if getattr(target, "language", None) == "bash":  # `} &&\n    complete -D -F _completion_loader`: the
                end = _shell_continued(lines, end)  # statement the function is part of (run 52 read line 2229 apart)
            start = doc_start(lines, target.start_line, getattr(target, "language", None))  # with its doc comment
        else:
            start, end = bounds(res.rel, total, start_line, end_line)
            info = nav.index.file_info(res.rel)
            # a range inside a method reads names as the method does: its parameters' types, its class's fields
            # and inherited members (`pit.map2combiner(...)` with the class's `val pit: IterableSplitter[T]`)
            syms = nav.index.symbols_in_file(res.rel) if semantic else []
            enc = enclosing(syms, start) if semantic else None
            by_id = {s.id: s for s in syms}
            while enc is not None and enc.end_line < end:  # the definition holding the whole range (a class around
                enc = by_id.get(enc.parent_id) if enc.parent_id is not None else None  # three of its methods)
            method = enc is not None and enc.kind in ("function", "method")
            target = SimpleNamespace(id=-1, name="", qualname="", kind="range", path=res.rel,
                                     parent_id=(enc.parent_id if method else enc.id) if enc is not None else None,
                                     start_line=start, end_line=end,
                                     signature=enc.signature if enc is not None and method else "",
                                     doc=None, exported=False, language=info.language if info is not None else None,
                                     callers_of=enc if method else None,
                                     block_heads=_nested_heads(nav, res.rel, lines, enc, start)
                                     if method and enc is not None and end - start < 5 else [])
        return _render_read(svc, nav, res.rel, lines, target, start, end, semantic, note, symbol is not None)

    return await run(ctx, work)


def _nested_heads(nav: Any, rel: str, lines: list[str], enc: Any, start: int) -> list[int]:
    """The heads of the blocks line `start` sits in, through the functions it is nested in: `if restricted:` (1276)
    holds `def local_setter` (1332), whose `if from_obj:` holds line 1335 (Django run 127 read only the last)."""
    heads = block_heads(lines, start, enc.start_line, limit=8)  # (testify's suite.go:153 sits in five blocks)
    syms = {s.id: s for s in nav.index.symbols_in_file(rel)}
    inner = enc
    while inner.parent_id in syms and syms[inner.parent_id].kind in ("function", "method") and len(heads) < 6:
        outer = syms[inner.parent_id]
        heads = block_heads(lines, inner.start_line, outer.start_line, limit=2) + heads
        inner = outer
    return heads


def _shell_continued(lines: list[str], end: int) -> int:
    r"""The last line of the shell statement a definition ending at `end` continues into (`} &&`, `||`, `|`, `\`)."""
    while end < len(lines) and re.search(r"(?:&&|\|\||\||\\)\s*$", lines[end - 1].split(" #", 1)[0]):
        end += 1
    return end


def _render_read(svc: Services, nav: NavigationService, rel: str, lines: list[str], target: Any, start: int, end: int, semantic: bool,
                 note: str | None, by_symbol: bool) -> Answer:
    total = len(lines)
    what = f" {target.kind} {nav.qualifier().display(target) or target.qualname}" if by_symbol else ""
    if by_symbol and start < target.start_line:  # its doc comment read too: the definition's own lines, as other answers give them
        what += f" {target.start_line}-{target.end_line} with its doc comment"
    if by_symbol and end > target.end_line:
        what += f"{'' if start < target.start_line else f' {target.start_line}-{target.end_line}'}, and the statement it continues into"
    overloads = getattr(target, "note", None)  # lookup.Resolved: the other definitions of this name
    head = [f"[{x}]" for x in (note, overloads) if x]
    model = CodeRange(path=rel, start_line=start, end_line=end, total_lines=total, content="",
                      symbol=target.qualname or None, kind=target.kind if by_symbol else None, note=note)
    tail: list[str] = []
    if semantic:
        sem = nav.semantic(rel, lines, target, start, end, svc.settings.navigation.max_callers)
        model.uses, model.callers = sem.uses, sem.callers
        model.callers_total = sem.callers_total
        around = getattr(target, "callers_of", None)
        held = [x.qualname for x in nav.index.symbols_in_file(rel)
                if start <= x.start_line <= end and x.kind in ("function", "method")] if around is None else []
        # (the one definition of its name: its name-only callers are listed, as find_related's are; review of stop 58)
        sole = by_symbol and getattr(target, "kind", None) in ("method", "function") and sole_of_name(nav.index, target)
        tail = _semantic_text(model, by_symbol, sem.name_only, sem.more, sole=sole,
                              around=around.qualname if around is not None else None, held=held,
                              more_names=sem.more_names, brief=sem.brief, values=sem.values).split("\n")
        heads = getattr(target, "block_heads", [])
        if heads:  # the blocks the lines sit in, whose heads' names are resolved among the uses
            # each with its range: "the chain of enclosing blocks with ranges" is the question (Symfony, ESLint A/B)
            tail[1:1] = [f"── inside the block{'s' if len(heads) != 1 else ''} ──"] + [
                f"{n}-{block_end(lines, n)}\t{lines[n - 1]}" for n in heads]
        if sem.commands:
            commands = "not defined in this repository (shell builtins and external commands): " + ", ".join(sem.commands[:40])
            tail.insert(1 + len(model.uses) + 1, commands)
            model.note = f"{note}; {commands}" if note else commands
    inner = [s for s in nav.index.symbols_in_file(rel) if start <= s.start_line <= end and s.id != getattr(target, "id", None)]
    # a range names the definition it sits in, semantic or not (the pip A/B agent read 40 lines to find it)
    where = _compiled_under(rel, lines, target.start_line) if by_symbol else nav.range_note(rel, start, end)
    return _delimited(svc, rel, lines, start, end, lambda last: f"{rel}:{start}-{end}{what} (of {total} lines){where}",
                      head=head, tail=tail, model=model, inner=inner, by_symbol=by_symbol,
                      within=where.removeprefix(" — ").strip() or None)


def _compiled_under(rel: str, lines: list[str], line: int) -> str:
    """' (only #if !(NET35 || NET20) and #if !(PORTABLE))' for a definition read by name in a C, C++ or C# file
    whose #if groups hold it (Json.NET run 59: the value was read, its two #if groups searched for after)."""
    from contexteer.indexers.syntax import CONDITIONAL_SOURCES, preprocessor_conditions

    only = preprocessor_conditions(lines).get(line) if rel.endswith(CONDITIONAL_SOURCES) else None
    return f" (only {only})" if only else ""


def _inner_outline(rel: str, start: int, end: int, inner: list[Any], why: str, budget: int,
                   count: Callable[[str], int]) -> list[str]:
    """`outline of path:a-b (N lines, <why>):` and the nested definitions, fitted to `budget` tokens (none if none)."""
    from contexteer.tools.nav_render import fit_outline, outline_entries

    if not inner:
        return []
    head = f"outline of {rel}:{start}-{end} ({end - start + 1} lines, {why}):"
    fitted = fit_outline(outline_entries(inner, signatures=False), max(budget, 1), count, rel, fixed=head + "\n")
    return [head, *fitted.lines]


#: a semantic read lists no callers when this many or more calls of the name all matched by name only
_MANY_GUESSES = 12


def _semantic_text(model: CodeRange, by_symbol: bool, name_only: int = 0, more: int = 0, sole: bool = False,
                   around: str | None = None,
                   held: list[str] | None = None, more_names: list[str] | None = None,
                   brief: list[str] | None = None, values: list[str] | None = None) -> str:
    """The uses and callers under a semantic read; `around`: the function a range read sits in, whose callers
    `model.callers` are; `held`: the functions a range read holds when it sits in none (their callers: one call)."""
    out = ["", "── uses ──" if model.uses else "── uses: nothing resolvable in the index ──"]
    for d in model.uses:
        doc = f"  # {d.doc[:100]}" if d.doc else ""
        what = f"{d.qualname} — " if "." in d.qualname or d.qualname not in d.signature else ""
        # a constant's whole value (Monolog's DEFAULT_JSON_FLAGS was cut mid-flag and read again)
        width = 400 if d.kind in ("constant", "variable", "field") else 160
        out.append(f"{d.location} {what}{clip(d.signature, width)}{doc}  [{d.via}]")
    if brief:  # past the list's limit, by name and line (a read or search_symbol gives the signature)
        out.append(f"also uses (name, line in this file or path:line): {', '.join(brief)}")
    if more:  # the list stopped at its limit: say so (Penlight's lexer.scan lost STRING2, sdump... silently)
        callees = f"find_related(symbol=\"{model.symbol}\", relation=\"callees\") resolves every call" \
            if by_symbol and model.symbol else "a narrower range resolves the rest"
        # the names themselves: the Penlight agent read lexer.scan's table for STRING2, sdump... (values, which a
        # callees answer does not resolve either); a name list in one search_symbol finds their definitions
        left = (more_names or [])[:30]
        which = f" ({', '.join(left)}{', …' if len(more_names or []) > len(left) else ''}: search_symbol(query=\"{', '.join(left[:10])}\") " \
            "finds their definitions)" if left else ""
        out.append(f"… {more} more name{'s' if more != 1 else ''} it uses not looked up{which}: {callees}")
    if not by_symbol and (model.callers or name_only) and around:  # a range inside a function: who calls that function
        # sites matched by name only are counted, not listed: 107 `it.remove()` calls of other iterators stood under
        # an inner iterator's remove (Commons Collections A/B run 74), 38 `callback.callback(..)` (rayon run 73)
        sure = [c for c in model.callers if c.how not in ("name only", "base type")]
        named = f"{name_only} matched by name only or through a base type (maybe another type's " \
            f"{around.rsplit('.', 1)[-1]}), not listed" if name_only else ""
        count = model.callers_total - name_only
        out.append(f"── {around} is called by ({count if count else 'no sure caller'}{'; ' + named if named else ''}) ──")
        out += [f"{c.path}:{c.line} in {c.caller} ({c.location})" if c.caller else f"{c.path}:{c.line} at top level"
                for c in sure]
        if model.callers_total - name_only > len(sure) or name_only:
            rest = model.callers_total - name_only - len(sure)
            out.append(f"… {f'{rest} more' if rest > 0 else 'every one'}: find_related(symbol=\"{around}\", "
                       "relation=\"callers\")")
    if not by_symbol and around is None and held:  # run 53: a range over several definitions had no callers section
        names = ", ".join(held[:10])
        out.append(f"── callers: the range holds {len(held)} function{'s' if len(held) != 1 else ''}; their callers: "
                   f"find_related(symbol=\"{names}\", relation=\"callers\") ──")
    if by_symbol and model.callers and all(c.how == "reference" for c in model.callers):  # taken as a value
        out.append(f"── called by: no call found; the name is taken as a value at ({model.callers_total}; whole-word "
                   "matches, not resolved) ──")
        out += [f"{c.path}:{c.line}" + (f" in {c.caller} ({c.location})" if c.caller else " at top level")
                + (f": {c.signature}" if c.signature else "") for c in model.callers]
    elif by_symbol and model.callers and all(c.how == "text" for c in model.callers):  # a value's reads, by name
        name = (model.symbol or "").rsplit(".", 1)[-1]
        cap = f", the first {len(model.callers)}: search_symbol(query=\"{name}\", references=true) lists them all" \
            if model.callers_total > len(model.callers) else ""
        out.append(f"── used at ({model.callers_total}{cap}; whole-word matches, not resolved) ──")
        out += [f"{c.path}:{c.line}" + (f" in {c.caller} ({c.location})" if c.caller else " at top level")
                + (f": {c.signature}" if c.signature else "") for c in model.callers]
    elif by_symbol and model.callers and name_only == model.callers_total > _MANY_GUESSES and not sole:
        # every call of the name matched by name only, and many: rows of namesakes' callers are noise (lark run 523
        # read ten of 337 `parse` calls, an sre parse among them); the callers answer sorts them by receiver
        name = (model.symbol or "").rsplit(".", 1)[-1]
        out.append(f"── called by: no sure caller; {name_only} calls named '{name}' matched by name only (maybe another "
                   f"type's {name}), not listed: find_related(symbol=\"{model.symbol}\", relation=\"callers\") ──")
    elif by_symbol:
        if model.callers:
            showing = f", showing {len(model.callers)}" if model.callers_total > len(model.callers) else ""
            guesses = f"; {name_only} matched by name only, maybe another type's method" if name_only else \
                f"; {passed_note(values)}" if values and not showing else \
                ", complete" if not showing and not any(c.how == "name only" for c in model.callers) else ""
            # (complete said: TanStack run 503 searched the text to check a "called by (1)")
            # a class's callers are the places that build it, not callers of a method shown under it (run 91
            # read ConfigWrapperStack's two constructions as callers of its push)
            built = model.kind in ("class", "struct", "record")
            out.append(f"── {'built by' if built else 'called by'} ({model.callers_total}{showing}{guesses}) ──")
            # one row per calling definition with its lines (seven `Decorator.build(` lines of one function had
            # repeated its 40-token signature seven times)
            groups: dict[tuple[str, str | None, str | None, bool], list[Any]] = {}
            for c in model.callers:
                groups.setdefault((c.path, c.caller, c.location, c.how == "name only" and bool(name_only)), []).append(c)
            for (path, caller, location, guess), cs in groups.items():
                mark = "  [name only]" if guess else ""
                at = ", ".join(str(c.line) for c in cs)
                if caller:
                    span = (location or "").removeprefix(f"{path}:")  # the caller's range in the same file: lines only
                    out.append(f"{path}:{at} in {caller} ({span}) — {clip(cs[0].signature or '', 140)}{mark}")
                else:
                    out.append(f"{path}:{at} at top level{mark}")
            if model.callers_total > len(model.callers):
                out.append(f"… {model.callers_total - len(model.callers)} more: search_symbol(query=\"{(model.symbol or '').rsplit('.', 1)[-1]}\", references=true)")
        else:
            out.append("── called by: no references found in the index ──")
    return "\n".join(out)
