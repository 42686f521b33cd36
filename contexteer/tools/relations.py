"""find_related: callers, callees, implementations and supertypes of one definition, in one call."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from pydantic import BaseModel, Field

from contexteer.errors import InputError, NotFoundError
from contexteer.fitting import fit_largest
from contexteer.indexers import graph
from contexteer.indexers.lookup import is_prototype, line_previews
from contexteer.indexers.namesakes import reopened_rank
from contexteer.indexers.qualify import is_qualified, split_name
from contexteer.shaping.answer import Answer, Text
from contexteer.shaping.answer import render as render_answer
from contexteer.tools.base import Services
from contexteer.tools.nav_state import Nav, nav_for, run
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

Relation = Literal["callers", "callees", "implementations", "supertypes"]


class RelatedItem(BaseModel):
    path: str
    qualname: str | None = None  # None: a call site at module level
    kind: str | None = None
    start_line: int | None = None
    end_line: int | None = None
    signature: str | None = None
    how: str  # how it was resolved: syntax (extends, implements, impl, method set), call evidence, or name only
    lines: list[int] = Field(default_factory=list)  # call lines: in the caller (callers) or in the body (callees)
    calls: list[str] = Field(default_factory=list)  # the first call lines as source ('534: r.setLeader(r.localAddr)')
    depth: int = 1
    via: str | None = None  # at depth > 1: the definition it relates through
    detail: str | None = None


class RelatedResult(BaseModel):
    symbol: str
    location: str
    relation: str
    total: int
    items: list[RelatedItem]
    unresolved: list[str] = Field(default_factory=list)
    local_calls: list[str] = Field(default_factory=list)  # callees: its own locals, parameters, nested definitions
    call_sites: int = 0
    next_cursor: str | None = None
    note: str | None = None


_WHAT = {
    "callers": "the definitions that call it (call lines, evidence per caller)",
    "callees": "what its body calls, resolved to definitions",
    "implementations": "subtypes, or for a method its overrides",
    "supertypes": "what it extends or implements, or the method it overrides",
}


def register(mcp: object, svc: Services) -> None:
    del mcp

    @svc.tool(
        "find_related",
        output=RelatedResult,
        description=(
            "One definition's relations in one call: callers (grouped by calling definition, with call lines; "
            "depth 2-3 follows callers' callers), callees, implementations (subtypes, overrides, Go method "
            "sets, Rust impls) or supertypes. Each says how it was resolved."
        ),
    )
    async def find_related(
        ctx: Context,
        symbol: Annotated[str, Field(description="e.g. 'Head.truncateMemory' or 'Reader'")],
        relation: Relation,
        path: Annotated[str | None, Field(description="File or directory of the definition.")] = None,
        depth: Annotated[int, Field(ge=1, le=3)] = 1,
        limit: Annotated[int, Field(ge=1, le=200)] = 30,
        cursor: Annotated[str | None, Field(description="next_cursor of the last page.")] = None,
    ) -> Answer:
        q = symbol.strip()
        if not q:
            raise InputError("symbol is empty. Pass a definition name such as 'parse_header' or 'Parser.parse_header'.")
        offset = _cursor(cursor)
        prefix = svc.ws.resolve(path, kind="any").rel if path and path.strip() not in ("", ".") else None
        nav = nav_for(svc)

        def work(cb: Callable[[int, int], None] | None) -> Answer:
            note = nav.ready(cb, sweep=True)
            target, also = _target(nav, q, prefix, relation)
            rel = _relations(nav, target, relation, depth)
            full_name = nav.qualifier().display(target) or target.qualname
            items = [_item(nav, e) for e in rel.items]
            if relation in ("callers", "callees"):
                _previews(nav, rel, items)
            notes = [n for n in (note, also, rel.note, "stopped at 200 definitions; narrow with path=" if rel.truncated else None)
                     if n]
            whole = svc.settings.context_mode_mcp.max_digest_threshold
            pages: dict[str, Answer] = {}

            def build(n: int) -> Answer:
                shown = items[offset : offset + n]
                nxt = offset + n if offset + n < len(items) else None
                model = RelatedResult(symbol=full_name, location=f"{target.path}:{target.start_line}-{target.end_line}",
                                      relation=relation, total=len(items), items=shown, unresolved=rel.unresolved,
                                      local_calls=sorted(rel.local),
                                      call_sites=rel.sites, next_cursor=str(nxt) if nxt is not None else None,
                                      note="; ".join(notes) or None)
                return Answer(Text(_render(model, target, offset, depth)), model, scope="fitted")

            def text_of(n: int) -> str:
                built = build(n)
                text = render_answer(built)
                pages[text] = built
                return text

            page = min(limit, max(0, len(items) - offset))
            got = fit_largest(page, text_of, whole, lambda t: svc.pipeline.cost(pages[t]), lo=min(1, page))
            return pages[got.text]

        return await run(ctx, work)

    def _target(nav: Nav, q: str, prefix: str | None, relation: str) -> tuple[Any, str | None]:
        """The one definition `q` names (plain, in-file qualified or fully qualified), and a note when it was
        chosen among reopenings of one class."""
        idx = nav.index
        pool = idx.find_symbols(q, match="exact", path_prefix=prefix, limit=50)
        if not pool and nav.sweep_on_miss():
            pool = idx.find_symbols(q, match="exact", path_prefix=prefix, limit=50)
        if not pool and is_qualified(q):  # 'org.example.web.Servlet', 'App\\Shop\\Cart::add', 'Rack::Request#params'
            pool = nav.qualifier().find(q, path_prefix=prefix, limit=50)
        if not pool:
            close = (nav.qualifier().namesakes(q, path_prefix=prefix) if is_qualified(q) else []) \
                or idx.close_names((split_name(q) or [q])[-1], path_prefix=prefix)
            full = nav.qualifier().display_all(close)
            hint = ("; closest: " + ", ".join(f"{full.get(s.id, s.qualname)} ({s.path}:{s.start_line})" for s in close)) \
                if close else ""
            where = f" under {prefix}" if prefix else ""
            raise NotFoundError(f"no definition named '{q}'{where}{hint}. Find it with search_symbol(query=\"{q}\", "
                                "match=\"prefix\") or search_text, then pass its qualified name (and path=).")
        named = [s for s in pool if s.qualname == q] or pool
        full = nav.qualifier().display_all(named[:50])
        first = reopened_rank(idx, named, lambda s: full.get(s.id, s.qualname))  # a Ruby class reopened elsewhere
        also = None
        if first and len({(s.language, full.get(s.id, s.qualname)) for s in named}) == 1:
            others = sorted((s for s in named if first.get(s.id, 0) > 0), key=lambda s: first[s.id])
            named = [s for s in named if first.get(s.id, 0) == 0]
            also = (f"{full.get(named[0].id, named[0].qualname)} is also reopened in " + ", ".join(f"{s.path}:{s.start_line}-{s.end_line}" for s in others[:5])
                    + (" …" if len(others) > 5 else "") + "; this is the definition with the most members (pass path= for another)")
        bodies = [s for s in named if not is_prototype(s)]
        if len(bodies) == 1 and len(named) > 1:
            # a C function and the header lines that declare it: the definition is what is meant
            protos = [s for s in named if s.id != bodies[0].id]
            note = "declared in " + ", ".join(f"{s.path}:{s.start_line}" for s in protos[:3])
            return bodies[0], f"{also}; {note}" if also else note
        distinct = {(s.path, s.qualname) for s in named}
        if len(distinct) > 1:
            lines = [f"  {s.path}:{s.start_line}-{s.end_line} {s.kind} {full.get(s.id, s.qualname)} -> find_related("
                     f"symbol=\"{full.get(s.id, s.qualname)}\", relation=\"{relation}\", path=\"{s.path}\")" for s in named[:10]]
            more = f"\n  … {len(named) - 10} more" if len(named) > 10 else ""
            raise InputError(f"'{q}' names {len(distinct)} definitions; pass the one you mean:\n" + "\n".join(lines) + more)
        # TypeScript overload signatures and their implementation share a name: the implementation has the body
        # (only among functions: a Rust struct and its longer impl block are not overloads)
        pick = named[0]
        if pick.kind in ("function", "method"):
            pick = max((s for s in named if s.kind == pick.kind), key=lambda s: (s.end_line - s.start_line, -s.start_line))
        return pick, also

    def _relations(nav: Nav, target: Any, relation: str, depth: int) -> graph.Relations:
        idx = nav.index
        if relation == "callers":
            return graph.callers(idx, target, nav.imported, depth=depth)
        if relation == "callees":
            from contexteer.tools.files import names_in_range

            lines = (repo_text(svc.ws, target.path) or "").split("\n")
            names = names_in_range(nav, target.path, lines, target.start_line, target.end_line)
            return graph.callees(idx, target, nav.imported, bound=names.bound, members=names.members, lines=lines)
        if relation == "implementations":
            return graph.implementations(idx, target, nav.imported, depth=depth, rust_impls=lambda t: _rust_impls(idx, t))
        return graph.supertypes(idx, target, nav.imported, depth=depth, rust_traits=lambda t: _rust_traits(idx, t))


def _item(nav: Nav, e: graph.Related) -> RelatedItem:
    s = e.symbol
    return RelatedItem(path=e.path, qualname=s.qualname if s else None, kind=s.kind if s else None,
                       start_line=s.start_line if s else None, end_line=s.end_line if s else None,
                       signature=s.signature if s else None, how=e.how, lines=sorted(set(e.lines)), depth=e.depth,
                       via=e.via.qualname if e.via is not None else None, detail=e.detail or None)


class _Site:
    def __init__(self, path: str, line: int) -> None:
        self.path, self.line, self.preview = path, line, ""


def _previews(nav: Nav, rel: graph.Relations, items: list[RelatedItem]) -> None:
    """The source line of each call line (callers: in the caller's file; callees: in the body's file)."""
    sites: list[_Site] = []
    for item in items:
        path = item.path if rel.relation == "callers" else rel.target.path
        sites += [_Site(path, n) for n in item.lines[:3]]
    line_previews(nav.svc.ws, sites, width=140)
    text = {(s.path, s.line): s.preview for s in sites}
    for item in items:
        path = item.path if rel.relation == "callers" else rel.target.path
        item.calls = [f"{n}: {text.get((path, n), '')}" for n in item.lines[:3]]


def _render(model: RelatedResult, target: Any, offset: int, depth: int) -> str:
    """Compact rows: a caller as `path:line in Caller (start-end): the call`, a callee or type as
    `path:start-end kind name`; how each was resolved in the header, and on a row only when rows differ."""
    what = f"{model.relation} of {target.kind} {model.symbol} ({model.location})"
    counts: dict[str, int] = {}
    for it in model.items:
        counts[it.how] = counts.get(it.how, 0) + 1
    details = {_how(it) for it in model.items}
    shown = len(model.items)
    span = f"{model.total}" if not offset and shown >= model.total else f"{offset + 1}-{offset + shown} of {model.total}"
    head = f"{what}{', depth ' + str(depth) if depth > 1 else ''}: {span} definition{'s' if model.total != 1 else ''}"
    if model.relation == "callers":
        head += f", {model.call_sites} call site{'s' if model.call_sites != 1 else ''}"
    if len(counts) == 1:
        head += f"; all by {next(iter(details)) if len(details) == 1 else next(iter(counts))}"
    elif counts:
        head += "; by " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
    out = [head]
    if model.note:
        out.append(f"[{model.note}]")
    if not model.total and not model.local_calls:
        out.append(_empty(model, target))
    mixed = len(details) > 1
    # callers of a method: when some call sites show the receiver's type, the ones matched by name only are most
    # likely another type's method of that name; they are named on one line instead of row by row
    guesses: list[RelatedItem] = []
    if model.relation == "callers" and target.kind == "method" and depth == 1 \
            and any(it.how != "name only" for it in model.items):
        guesses = [it for it in model.items if it.how == "name only"]
    for it in model.items:
        if guesses and it.how == "name only":
            continue
        pad = "  " * (it.depth - 1)
        via = f" (via {it.via})" if it.via else ""
        tag = f"  [{_how(it)}]" if mixed else ""
        if model.relation == "callers":
            first = it.calls[0].split(": ", 1) if it.calls else [str(it.lines[0]) if it.lines else "?", ""]
            where = f"in {it.qualname} ({it.start_line}-{it.end_line})" if it.qualname else "at module level"
            out.append(f"{pad}{it.path}:{first[0]} {where}{via}: {first[1]}{tag}")
            # a class is named in several ways (built, raised, caught, annotated): each line shows which
            also = it.calls[1:] if target.kind in graph.CLASS_KINDS else []
            out += [f"{pad}  {c}" for c in also]
            if len(it.lines) > 1 + len(also):
                rest = it.lines[1 + len(also):]
                out.append(f"{pad}  +{len(rest)} more line{'s' if len(rest) != 1 else ''}: {', '.join(map(str, rest[:12]))}"
                           + (" …" if len(rest) > 12 else ""))
        elif model.relation == "callees":
            at = ",".join(map(str, it.lines[:8])) + ("…" if len(it.lines) > 8 else "")
            out.append(f"{pad}{it.qualname} {it.path}:{it.start_line}-{it.end_line} @{at}{tag}")
        else:
            if it.kind == "impl" and it.signature:  # `impl<T> Log for Box<T>`: the header says what and how
                name, tag = _impl_row(it.signature), ""
            else:
                name = f"{it.kind} {it.qualname}"
            out.append(f"{pad}{it.path}:{it.start_line}-{it.end_line} {name}{via}{tag}")
    if guesses:
        sites = []
        for it in guesses[:20]:
            lines = ",".join(map(str, it.lines[:4])) + ("…" if len(it.lines) > 4 else "")
            sites.append(f"{it.path}:{lines} in {it.qualname or 'module level'}")
        more = f" and {len(guesses) - 20} more" if len(guesses) > 20 else ""
        out.append(f"matched by name only, the receiver's type unknown (maybe another type's {target.name}): "
                   + "; ".join(sites) + more)
    if model.local_calls:
        out.append(f"calls its own locals or parameters: {', '.join(model.local_calls[:30])}")
    if model.unresolved:
        label = ("not resolved to a repository definition (external or builtin, or called on a value whose type the "
                 "index cannot tell)") if model.relation == "callees" and target.language not in ("c", "cpp") \
            else ("not defined by name in the repository (a system or external function, or one a macro makes by "
                  "pasting names with ##: search_text a part of the name finds the macro)") \
            if model.relation == "callees" \
            else "bases not found in the repository (external or builtin)"
        out.append(f"{label}: {', '.join(model.unresolved[:30])}")
    if model.next_cursor is not None:
        out.append(f"… {model.total - int(model.next_cursor)} more; next page: cursor=\"{model.next_cursor}\"")
    return "\n".join(out)


def _how(it: RelatedItem) -> str:
    """How an item was resolved, with its detail where that says more (`receiver r: Raft`, `embeds FSM`)."""
    if it.detail and it.detail.split()[0] == it.how.split()[0]:
        return it.detail
    if it.how == "method set":
        return it.how  # the interface's methods are in the question
    return f"{it.how}, {it.detail}" if it.detail else it.how


def _empty(model: RelatedResult, target: Any) -> str:
    if model.relation == "callers":
        return ("no call sites found in its language (a name the index records as called; a call through a "
                f"variable or reflection is not seen). search_text(pattern=\"{target.name}\") finds every mention.")
    if model.relation == "callees":
        return "its body calls nothing the index records" + (" that resolves" if model.unresolved else "")
    if model.relation == "implementations":
        return (f"nothing in the repository names {target.name} as a base in its header"
                + (" and no type has its methods" if target.language == "go" else "") + ".")
    return f"its header names no base{' (Go types gain interfaces by method set)' if target.language == 'go' else ''}."


_GENERICS = re.compile(r"<[^<>]*>")
_IMPL_HEAD = re.compile(r"^(?:unsafe\s+)?impl\s+(?:!?(?P<trait>[\w:]+)\s+for\s+)?[&\s]*(?:'\w+\s+)?(?:mut\s+)?"
                        r"(?:dyn\s+)?(?:[\w:]+::)?(?P<type>\w+|\([^()]*\)|\[[^\[\]]*\])")  # a name, a tuple, a slice


def _impl_head(signature: str) -> tuple[str | None, str] | None:
    """(trait or None, type) of an impl block's header: `impl<'a, T: Into<U>> fmt::Display for &'a Foo<T>`
    -> ('Display', 'Foo')."""
    text = " ".join(signature.split())
    while True:
        shorter = _GENERICS.sub("", text)
        if shorter == text:
            break
        text = shorter
    m = _IMPL_HEAD.match(text)
    if m is None:
        return None
    trait = m.group("trait")
    return (trait.rsplit("::", 1)[-1] if trait else None), m.group("type")


def _impl_row(signature: str) -> str:
    """An impl block's header without its where clause (the bounds are in the file): `impl<T> Log for Box<T>`."""
    head = re.split(r"\s+where\b", " ".join(signature.split()), maxsplit=1)[0]
    return head.rstrip(" ,{")


def _rust_impls(idx: Any, trait: str) -> list[tuple[Any, str]]:
    """(impl block, type name) of every `impl Trait for Type` block in the index (impl blocks are symbols)."""
    out = []
    for s in idx.symbols_mentioning(trait, ["impl"]):
        head = _impl_head(s.signature or "")
        if s.language == "rust" and head is not None and head[0] == trait:
            out.append((s, head[1]))
    return out


def _rust_traits(idx: Any, type_name: str) -> list[tuple[str, int, str]]:
    """(path, line, trait) of every `impl Trait for Type` block of the type."""
    out = []
    for s in idx.symbols_named(type_name):
        head = _impl_head(s.signature or "") if s.kind == "impl" and s.language == "rust" else None
        if head is not None and head[0] is not None and head[1] == type_name:
            out.append((s.path, s.start_line, head[0]))
    return out


def _cursor(cursor: str | None) -> int:
    if not cursor:
        return 0
    if not cursor.isdigit():
        raise InputError(f"cursor '{cursor}' is not one this tool gave out. Pass the next_cursor of the previous page, or omit it.")
    return int(cursor)
