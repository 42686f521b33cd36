"""find_related: callers, callees, implementations and supertypes of one definition, in one call."""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context
from pydantic import Field

from contexteer.errors import InputError
from contexteer.indexers.graph import (
    CYCLE,
    GO_BUILTIN_TYPES,
    ITSELF,
    MAX_OVERRIDES,
    MET_AGAIN,
    RETURNS,
    RUST_INTEGER_METHOD,
    SOLE,
)
from contexteer.indexers.lookup import JS_GLOBALS, REAL_OVERLOADS
from contexteer.indexers.model import CLASS_KINDS, kind_word, kotlin_extension_of
from contexteer.indexers.name_lines import name_lines
from contexteer.indexers.stdnames import GO_STD_CONVERSIONS
from contexteer.indexers.syntax import shown_param_types
from contexteer.navigation.models import RelatedItem, RelatedResult
from contexteer.navigation.relations import Ambiguous
from contexteer.shaping.answer import Answer, Text
from contexteer.testpaths import is_test_path
from contexteer.tools.base import Services, split_list, tool
from contexteer.tools.navigation import page_offset
from contexteer.tools.progress import run

logger = logging.getLogger(__name__)

Relation = Literal["callers", "callees", "implementations", "supertypes"]
MAX_NAMES = 10


#: find_related's page size when the call names none
_DEFAULT_LIMIT = {"implementations": 60}


def _arguments(relation: str, depth: int | None, limit: int) -> str:
    """The depth and limit arguments a per-name call repeats (`, depth=2, limit=50`), each only when not the default."""
    return (f", depth={depth}" if depth else "") + (f", limit={limit}" if limit != _DEFAULT_LIMIT.get(relation, 30) else "")


@tool(
    "find_related",
    output=RelatedResult,
    description=(
        "One definition's relations in one call: callers (grouped by calling definition, with call lines; "
        "depth 2-3 follows callers' callers), callees, implementations (subtypes, overrides, Go method "
        "sets, Rust impls) or supertypes. Each says how it was resolved."
    ),
)
async def find_related(
    svc: Services,
    ctx: Context,
    symbol: Annotated[str, Field(description="e.g. 'Head.truncateMemory' or 'Reader'; up to 10: 'a, b'")],
    relation: Relation,
    path: Annotated[str | None, Field(description="File or directory of the definition; FILE:LINE picks the one at that line.")] = None,
    depth: Annotated[int | None, Field(ge=1, le=3, description="Levels to follow. Default: 1; implementations: 3 follows "
                                       "every level while the answer is short; supertypes up to 6, when that is at most 60 definitions.")] = None,
    limit: Annotated[int | None, Field(ge=1, le=200, description="Default 30; implementations 60.")] = None,
    cursor: Annotated[str | None, Field(description="next_cursor of the last page.")] = None,
) -> Answer:
    # a type's subtypes are short rows, often wanted all at once: jsoup's 52 Evaluator subclasses had been two pages
    limit = limit or _DEFAULT_LIMIT.get(relation, 30)
    q = symbol.strip()
    if not q:
        raise InputError("symbol is empty. Pass a definition name such as 'parse_header' or 'Parser.parse_header'.")
    names = split_list(q)
    if relation == "callers" and _path_line(svc, path)[1] is None:
        each = await asyncio.to_thread(_each_overload, svc, names, path)
        if cursor is not None and len(each) > len(names):  # (a page of which overload? the second review of stop 58)
            raise InputError(f"cursor= pages one overload's answer, and {symbol.strip()} names {len(each)}: pass the one "
                             f"whose page you want with it, e.g. symbol=\"{each[0]}\".")
        names = each if cursor is None else names
    if len(names) > 1:  # `symbol='free, resize, remap'`: each answered as alone, in one call
        if cursor is not None:
            raise InputError("cursor= pages one definition's answer: pass that one symbol with it.")
        if len(names) > MAX_NAMES:
            raise InputError(f"{len(names)} names in one call; pass at most {MAX_NAMES} and the rest in another call.")
        if _path_line(svc, path)[1] is not None:
            raise InputError(f"path='{path}' picks the definition at one line, which fits one symbol: pass the file "
                             "alone for several names.")
        where = f', path="{path}"' if path else ""
        how = _arguments(relation, depth, limit)
        return await svc.several("find_related", [
            (f'find_related(symbol="{n}", relation="{relation}"{where}{how})',
             functools.partial(_related_one, svc, ctx, n, relation, path, depth, limit, None)) for n in names])
    try:
        return await _related_one(svc, ctx, q, relation, path, depth, limit, cursor)
    except Ambiguous as amb:
        # a name a few definitions share (testify's `TestingT` in assert, mock and require): each answered, as the
        # calls the refusal would have listed (the A/B agent made them one by one after the list)
        if cursor is not None or not 2 <= len(amb.candidates) <= MAX_AMBIGUOUS:
            raise
        # (only namesakes whose full names differ: a Haskell class method and its instances' share one, and are
        # the class's method and its implementations, no rivals)
        names = [svc.nav.qualifier().display(s) or s.qualname for s in amb.candidates]
        if len(set(names)) < len(names):
            raise
        how = _arguments(relation, depth, limit)
        calls = []
        for s, name in zip(amb.candidates, names, strict=True):
            at = f"{s.path}:{s.start_line}"
            calls.append((f'find_related(symbol="{name}", relation="{relation}", path="{at}"{how})',
                          functools.partial(_related_one, svc, ctx, name, relation, at, depth, limit, None)))
        return await svc.several("find_related", calls)


def _each_overload(svc: Services, names: list[str], path: str | None) -> list[str]:
    """Each name without a parameter list that names several overloads of one class (Java-like), as one name per
    overload (`Hex.decode(byte[])`, `Hex.decode(Object)`), while the total stays within MAX_NAMES: Commons Codec run
    527 asked callers of 'Hex.decodeHex, Hex.decode' and was answered for one overload of each."""
    if all("(" in n for n in names):
        return names
    try:
        svc.nav.ready(None, sweep=True)  # (the first call of a cold start waits for the index, as the answer would)
    except Exception:
        logger.debug("index not ready for overloads", exc_info=True)
        return names
    out: list[str] = []
    for n in names:
        got = _overload_names(svc, n, path) if "(" not in n else []
        out.extend(got or [n])
    return out if len(out) <= MAX_NAMES else names


def _overload_names(svc: Services, name: str, path: str | None) -> list[str]:
    """`name(types)` for each overload `name` stands for, [] when it names no overloads of one class."""
    tail = name.strip().rsplit(".", 1)[-1]
    if not re.fullmatch(r"[\w$]+", tail):
        return []
    where = path.strip().strip("/") if path and path.strip() not in ("", ".") else ""
    try:
        found = [s for s in svc.nav.index.symbols_named(tail) if s.kind == "method" and s.language in REAL_OVERLOADS
                 and (s.qualname == name or s.qualname.endswith("." + name)) and s.path.startswith(where)]
    except Exception:  # (an index not built yet: answered as before)
        logger.debug("overloads of %s not looked up", name, exc_info=True)
        return []
    if len(found) < 2 or len({(s.path, s.qualname) for s in found}) != 1:
        return []
    shown = [f"{name}({', '.join(shown_param_types(s.signature or '') or [])})"
             for s in sorted(found, key=lambda s: s.start_line)]
    return shown if len(set(shown)) == len(shown) else []


#: a name that this many definitions share or fewer is answered for each of them; more, and the call lists them
MAX_AMBIGUOUS = 3


async def _related_one(svc: Services, ctx: Context, q: str, relation: Relation, path: str | None, depth: int | None,
                       limit: int, cursor: str | None) -> Answer:
    offset = page_offset(cursor)
    q, path = _file_symbol(svc, q, path)
    path, line = _path_line(svc, path)
    prefix = svc.ws.resolve(path, kind="any").rel if path and path.strip() not in ("", ".") else None
    nav = svc.nav

    def work(cb: Callable[[int, int], None] | None) -> Answer:
        found = nav.related(q, prefix, relation, depth, nav.ready(cb, sweep=True), line)
        target, rel, items, notes, full_name = found.target, found.relations, found.items, found.notes, found.full_name
        if relation == "callers" and (found.depth or 1) == 1 and not is_test_path(target.path):
            # the callers outside tests first, so a page of tests never hides one (kingpin run 280: global.go's
            # kingpin.Parse, the one library caller of Application.Parse, was on page 3 of 78, after 60 test callers)
            items = sorted(items, key=lambda it: is_test_path(it.path))
        if relation == "callers" and target.language == "bash" and items:  # how far the list goes, so no grep checks it
            notes = [*notes, "every call by name in the shell files, `complete -F`, `_xfunc` and compgen word lists "
                             "included; a name built when the script runs (eval, \"$fn\") is not seen"]
        if relation not in ("callers", "callees"):
            def language(p: str) -> str | None:
                info = nav.index.file_info(p)
                return info.language if info is not None else None
            old_ones: set[tuple[str, int]] = set()
            named = name_lines(svc.ws, items[offset : offset + limit], language, deprecated=old_ones)
            for it in items[offset : offset + limit]:
                it.name_line = named.get((it.path, it.start_line or 0))
                it.deprecated = True if (it.path, it.start_line or 0) in old_ones else None

        def build(n: int) -> Answer:
            shown = items[offset : offset + n]
            nxt = offset + n if offset + n < len(items) else None
            model = RelatedResult(symbol=full_name, location=f"{target.path}:{target.start_line}-{target.end_line}" if target.path else "outside the repository",
                                  relation=rel.relation if rel.relation == "supertypes" else relation,
                                  total=len(items), items=shown, unresolved=rel.unresolved,
                                  builtins=rel.builtins, packages=rel.packages, local_calls=sorted(rel.local),
                                  delegated=rel.delegated,
                                  call_sites=rel.sites, next_cursor=str(nxt) if nxt is not None else None,
                                  note="; ".join(notes) or None, definitions=found.definitions, values=found.values)
            return Answer(Text(_render(model, target, offset, found.depth)), model, scope="fitted")

        return svc.largest_whole(min(limit, max(0, len(items) - offset)), build)[0]

    return await run(ctx, work)


def _file_symbol(svc: Services, q: str, path: str | None) -> tuple[str, str | None]:
    """`symbol='Output/OutputInterface.php:OutputInterface'` (read_code_range's `path:Symbol` form) is the symbol
    in that file, as `path=` would say (the Symfony A/B agent's first implementations call was refused)."""
    m = re.fullmatch(r"([^\s:,]+\.\w+):([A-Za-z_$\\][^:\s]*(?:(?:::|\.)[^:\s]+)*)", q)
    if m is None or path not in (None, "", ".") or not (svc.ws.root / m.group(1)).is_file():
        return q, path
    return m.group(2), m.group(1)


def _path_line(svc: Services, path: str | None) -> tuple[str | None, int | None]:
    """`src/Jsoup.java:34` -> (the file, 34) when the file exists (a path that really ends in ':34' stays a path)."""
    m = re.fullmatch(r"(.+):(\d+)", (path or "").strip())
    if m is None or (svc.ws.root / (path or "")).exists():
        return path, None
    return m.group(1), int(m.group(2))


#: a callees answer names at most this many calls of each kind (locals, builtins, other packages, unresolved) on its line
_LISTED = 30


def _render(model: RelatedResult, target: Any, offset: int, depth: int) -> str:
    """Compact rows: a caller as `path:line in Caller (start-end): the call`, a callee or type as
    `path:start-end kind name`; how each was resolved in the header, and on a row only when rows differ."""
    details = {_how(it) for it in model.items}
    out = [_head(model, target, offset, depth, details)]
    note = model.note
    if model.relation == "callees" and depth == 1 and not offset and model.next_cursor is None and model.items \
            and all(len(x) <= _LISTED for x in (model.unresolved, model.builtins, model.packages, model.local_calls)):
        # (marshmallow run 422 and msgpack run 424 read whole bodies to check lists that were whole: callers and
        # implementations said so, callees did not)
        # (properties are no calls: dbus-sharp run 529 read "complete" as covering the getters and setters too)
        props = "; property reads and writes are not calls, and not listed" \
            if getattr(target, "language", "") in ("csharp", "kotlin", "swift") else ""
        out.append(f"[complete: every call written in its body is listed{props}]")
    if note:
        out.append(f"[{note}]")
    if not model.total and not model.local_calls and not (model.relation == "supertypes" and model.packages):
        out.append(_empty(model, target))
    mixed = len(details) > 1 or bool(model.definitions)
    # callers of a method: when some call sites show the receiver's type, the ones matched by name only are most
    # likely another type's method of that name; they are named on one line instead of row by row
    guesses: list[RelatedItem] = []
    if model.relation == "callers" and target.kind == "method" and depth == 1 \
            and any(it.how != "name only" for it in model.items):
        guesses = [it for it in model.items if it.how == "name only"]
    # callers in test files, when other callers are not: one line of locations after the rows (prometheus A/B run:
    # 21 of Register's 33 call sites were tests, three quarters of the answer's tokens)
    tests: list[RelatedItem] = []
    if model.relation == "callers" and not is_test_path(target.path):
        first = [it for it in model.items if it.depth == 1 and it not in guesses]
        tests = [it for it in first if is_test_path(it.path)]
        if len(tests) < 2 or len(tests) == len(first):
            tests = []
    # past the first level too, per definition they call (client_golang A/B run 177: 19 test functions calling
    # Registry.Gather were two thirds of a depth-3 answer the agent wanted for its library callers)
    deep_tests: list[RelatedItem] = []
    if model.relation == "callers" and depth > 1 and not is_test_path(target.path):
        deep_tests = [it for it in model.items if it.depth > 1 and is_test_path(it.path)]
        if len(deep_tests) < 2:
            deep_tests = []
    row = {"callers": _caller_rows, "callees": _callee_rows}.get(model.relation, _type_rows)
    if row is _type_rows and len(model.items) <= FEW_ROWS:
        # a few subclasses: every override named (the Symfony String agent, run 457, could not tell from `+6 more`
        # whether UnicodeString overrides codePointsAt, and read three outlines)
        row = functools.partial(_type_rows, most=MAX_OVERRIDES_FEW)
    # per-row tags: on type rows always (extends, embeds, method set, where the impl is); on call rows only the
    # weak ones (matched by name), the header counting the rest
    weak_only = model.relation in ("callers", "callees")
    # type relations read best in file order (siblings by path and line); calls keep their order (callers by
    # file, callees by call line)
    hidden = [it for it in model.items if (guesses and it.how == "name only") or it in tests or it in deep_tests]
    rows = [(it, via) for it, via in _tree(model.items, by_file=not weak_only, group_files=model.relation == "callees")
            if not (guesses and it.how == "name only") and it not in tests and it not in deep_tests]
    # a deeper row whose parent is told on a summary line, not as a row, names it (testify run 296: the interface call
    # in suite.Run of a test type's TearDownSuite read as a caller of the row above, require's Assertions.Equal)
    rows = [(it, it.via if via is None and it.depth > 1 and any(
        p.depth == it.depth - 1 and p.qualname == it.via for p in hidden) else via) for it, via in rows]
    # callers whose receivers are of different types (an interface's and its implementers'): each row says its
    # receiver and type (client_golang run 392 read every Register call's receiver by hand to tell them apart)
    typed_rows = model.relation == "callers" and len({(it.detail or "").split(": ", 1)[1] for it in model.items
                                                      if _typed_receiver(it)}) > 1
    named: dict[tuple[str, str | None], int] = {}  # callees: rows per definition name (overloads said apart)
    for it, _ in rows:
        named[(it.path, it.qualname)] = named.get((it.path, it.qualname), 0) + 1
    block: tuple[str, int] | None = None  # the file heading rows sit under: (path, the least depth under it)
    for i, (it, via) in enumerate(rows):
        # a heading holds siblings of one file and the deeper rows under them; a shallower row ends it (a caller of
        # the target after a caller's caller from the same file read as one of the deeper level)
        if block and ((it.path == block[0] and it.depth == block[1]) or it.depth > block[1]):
            pass
        elif i + 1 < len(rows) and rows[i + 1][0].path == it.path and rows[i + 1][0].depth == it.depth:
            block = (it.path, it.depth)  # two or more sibling rows in one file: the path once
            out.append("  " * (it.depth - 1) + it.path)
        else:
            block = None
        # (a method promoted from an embedded type is said so on its row: raft run 420 could not tell which two were)
        show = mixed and (not weak_only or it.how in WEAK or it.how in ("macro", "promoted", "derived") or bool(it.reaches))
        tag = f"  [{_how(it)}{' -> ' + it.reaches if it.reaches else ''}]" if show else \
            f"  [{(it.detail or '').removeprefix('receiver ')}]" if typed_rows and _typed_receiver(it) else ""
        tag += f"  [{it.detail}]" if it.detail in (CYCLE, ITSELF, RETURNS) else ""
        # (a callee whose class has other overloads says which, one row or several: Commons Codec run 530 read
        # `Digest.run 134-140` among four run overloads)
        extra = {"shared": named.get((it.path, it.qualname), 0) > 1 or bool(it.params)} if row is _callee_rows else {}
        out += row(it, target, tag, via, block is not None, block is not None and it.path == block[0], **extra)
    if tests:
        out.append(_test_callers(tests))
    by_callee: dict[str, list[RelatedItem]] = {}
    for it in deep_tests:
        by_callee.setdefault(it.via or "?", []).append(it)
    # (with where it is: three `Run`s of expr, a function and two methods, read "callers of Run" alike, run 493)
    where: dict[str, set[str]] = {}
    for it in model.items:
        if it.qualname and it.start_line and not is_test_path(it.path):
            where.setdefault(it.qualname, set()).add(f"{it.path}:{it.start_line}")
    out += [_test_callers(group, f"callers of {via}" + (f" ({', '.join(sorted(where[via]))})" if via in where else ""))
            for via, group in by_callee.items()]
    if guesses:
        out.append(_guesses(model, target, guesses))
    if model.values:  # named without a call: passed or stored, called later by whatever holds it
        shown = model.values[:8]
        out.append("also named without a call (passed or stored as a value):")
        out += [f"  {v}" for v in shown]
        if len(model.values) > len(shown):
            out.append("  … more: search_text finds them all")
    if model.local_calls:
        out.append(f"calls its own locals or parameters: {', '.join(model.local_calls[:_LISTED])}")
    if model.delegated:  # (Ruby Forwardable: what each bare call is handed on to)
        out.append("handed on by delegation:")
        out += [f"  {d}" for d in model.delegated[:_LISTED]]
    out += _outside_lines(model, target)
    if model.next_cursor is not None:
        out.append(f"… {model.total - int(model.next_cursor)} more; next page: cursor=\"{model.next_cursor}\"")
    return _cfg_legend(out)


def _cfg_legend(out: list[str]) -> str:
    """A Rust `#[cfg(..)]` several rows are under, written once in a legend line below the header and by a short
    name on the rows (tokio's Runtime::block_on: the same 40-character cfg on three rows)."""
    text = "\n".join(out)
    found = re.findall(r"under (#\[cfg\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\])", text)
    repeated = [c for c in dict.fromkeys(found) if found.count(c) > 1 and len(c) > 24]
    if not repeated or len(out) < 2:
        return text
    names = {c: f"cfg {chr(ord('A') + i)}" for i, c in enumerate(repeated[:4])}
    head, body = out[0], "\n".join(out[1:])
    for c, n in names.items():
        head, body = head.replace(f"under {c}", f"under {n}"), body.replace(f"under {c}", f"under {n}")
    legend = "[" + "; ".join(f"{n} = {c}" for c, n in names.items()) + "]"
    return "\n".join([head, legend, body])


def _outside_lines(model: RelatedResult, target: Any) -> list[str]:
    """A callees answer's lines for what resolves to no repository definition: locals aside, the language's builtins
    (Go's conversions and Rust's macros named so), other packages' functions and types, the unresolved rest."""
    out: list[str] = []
    if model.relation == "supertypes":  # Rust: the traits from outside the repository, per file
        if model.packages:
            out.append("traits from outside the repository it implements (impl lines):")
            out += [f"  {p}" for p in model.packages]
        return out + ([f"{_unresolved_label(model, target)}: {', '.join(model.unresolved[:_LISTED])}"]
                      if model.unresolved else [])
    # (Go's `int8(c)` converts: msgpack run 424 read "builtins: int8" beside Decoder.int8 as a call)
    conversions = [b for b in model.builtins if target.language == "go" and b.split(" ", 1)[0] in GO_BUILTIN_TYPES]
    if target.language == "rust":  # `Err(..)`, `Some(..)`: the prelude's variants built, no call
        conversions = [b for b in model.builtins if not b.endswith("!")]
    builtins = [b for b in model.builtins if b not in conversions]
    if builtins:
        what = "Kotlin standard library (by name)" if target.language == "kotlin" else \
            "macros" if target.language == "rust" else "PHP functions" if target.language == "php" else "builtins"
        out.append(f"{what}: {', '.join(builtins[:_LISTED])}")
    if conversions:
        what = "prelude variants built" if target.language == "rust" else "conversions to builtin types"
        out.append(f"{what}: {', '.join(conversions[:_LISTED])}")
    if model.packages:
        types = [p for p in model.packages if _outside_type(target.language, p)]
        # (Rust: a method of a std type held in a field, `AtomicU8.store (on self.registration)`)
        # (a module's function, `ptr::copy_nonoverlapping (core)`, is no method)
        held = [p for p in model.packages if target.language in ("rust", "php") and (" (on " in p or "::" in p)
                and p not in types and not (p[:1].islower() and " (on " not in p)]
        funcs = [p for p in model.packages if p not in types and p not in held]
        if funcs:
            out.append(f"functions of other packages: {', '.join(funcs[:_LISTED])}")
        if held:
            out.append(f"methods of outside {'classes' if target.language == 'php' else 'types'}: {', '.join(held[:_LISTED])}")
        if types:  # `net.IP(b)` converts, `Path(..)` builds: neither runs a function of that package
            what = "conversions to other packages' types" if target.language == "go" else "classes of other packages (instances built)"
            out.append(f"{what}: {', '.join(types[:_LISTED])}")
    unresolved = model.unresolved
    if target.language in ("kotlin", "java", "scala", "swift", "csharp"):
        # `ReadableMap.getMap (on params)`: the receiver's declared type, a library's (stripe run 543 read "a receiver
        # of unknown type" beside the type it names)
        method = r"[A-Za-z_]\w*" if target.language == "csharp" else r"[a-z_]\w*"  # (C#'s methods are PascalCase)
        typed = [u for u in unresolved if re.match(rf"[A-Z][\w.]*\.{method} \(on [^)]*\)", u)]
        if typed:
            out.append(f"methods of library types: {', '.join(typed[:_LISTED])}")
            unresolved = [u for u in unresolved if u not in typed]
        inherited = [u for u in unresolved if _INHERITED.match(u)]
        by_base: dict[str, list[str]] = {}
        for u in inherited:  # `getChildCount (on this, inherited from ReactViewGroup, ..)`: no receiver of unknown type
            m = _INHERITED.match(u)
            assert m is not None
            by_base.setdefault(m.group(2), []).append(m.group(1) + (m.group(3) or ""))
        for base, said in by_base.items():
            out.append(f"methods inherited from {base} (outside the repository): {', '.join(said[:_LISTED])}")
        unresolved = [u for u in unresolved if u not in inherited]
    if target.language in ("typescript", "tsx", "javascript"):  # `Math.max(..)`, `JSON.stringify(..)` (xterm run 587)
        globals_ = [u for u in unresolved if (head := u.split(" ", 1)[0]).count(".") == 1 and head.split(".")[0] in JS_GLOBALS]
        if globals_:
            out.append(f"JavaScript globals: {', '.join(globals_[:_LISTED])}")
            unresolved = [u for u in unresolved if u not in globals_]
    if target.language == "php":  # `new \RuntimeException(..)`: a global class built, no receiver of unknown type
        built = [u for u in unresolved if re.fullmatch(r"\\[A-Z]\w*(?: at [\d,…]+)?", u)]
        if built:
            out.append(f"PHP or global classes built: {', '.join(u[1:] for u in built[:_LISTED])}")
            unresolved = [u for u in unresolved if u not in built]
    if target.language in ("c", "cpp"):  # `fn.freeObject (function pointer ..: freeReplyObject (..) in defaultFunctions)`
        slots = [u for u in unresolved if " (function pointer " in u]  # (resolved through the tables: hiredis run 556
        if slots:  # read them under "not defined by name in the repository")
            out.append(f"through function pointers: {', '.join(slots[:_LISTED])}")
            unresolved = [u for u in unresolved if u not in slots]
        held = [u for u in unresolved if re.match(r"std::\w+\.\w+ \(on ", u)]  # `std::list.begin (on _argList)`
        if held:  # (tclap run 573 read it "maybe MultiArg.begin" and `args.empty` "not defined by name in the repository")
            out.append(f"methods of standard library types: {', '.join(held[:_LISTED])}")
            unresolved = [u for u in unresolved if u not in held]
        guessed = [u for u in unresolved if " (maybe " in u or " so named: " in u]  # the repository has the name
        if guessed:
            out.append(f"unresolved (a receiver of unknown type): {', '.join(guessed[:_LISTED])}")
            unresolved = [u for u in unresolved if u not in guessed]
    if unresolved:
        # (Rust's `min`, `String::from`, `mem::take` stay unresolved beside its macros: the neutral label)
        label = "unresolved (a receiver of unknown type)" if (model.builtins or model.packages) \
            and target.language != "rust" else _unresolved_label(model, target)
        out.append(f"{label}: {', '.join(unresolved[:_LISTED])}")
    return out


_INHERITED = re.compile(r"([\w$]+) \(on this, inherited from (.+), outside the repository\)( at .*)?$")


def _outside_type(language: str | None, label: str) -> bool:
    """A callee of an outside package that is a type, not a function: Go's standard named types converted with a
    call's syntax (`net.IP(b)`, miekg/dns A/B run 382 had it among the functions), a Python class by its capital."""
    head = label.split(" ", 1)[0]
    if language == "go":
        return head in GO_STD_CONVERSIONS
    if language == "php":  # `new Processor()`: a class of another package built (`Data::has (on ..)` is a method)
        return "::" not in head and head[:1].isupper()
    last = head.rsplit(".", 1)[-1]
    return language in ("python", "kotlin", "java") and last[:1].isupper() and not last.isupper()


def _head(model: RelatedResult, target: Any, offset: int, depth: int, details: set[str]) -> str:
    kind = kind_word(target.kind, getattr(target, "language", None), target.name, getattr(target, "signature", None))
    symbol = model.symbol
    if kind == "extension function":  # `com.x.bottomsheet.isSheetFitToContents on Screen`, not a class bottomsheet.Screen's
        receiver = kotlin_extension_of(getattr(target, "signature", None) or "", target.name) or ""
        symbol = re.sub(rf"\.{re.escape(receiver)}\.{re.escape(target.name)}$", "." + target.name, symbol) + f" on {receiver}"
    what = f"{model.relation} of {kind} {symbol} ({model.location})"
    if model.definitions:  # callers of a name several definitions share: each row says which one it reaches
        what = f"{model.relation} of the {len(model.definitions)} definitions named {target.name} ({'; '.join(model.definitions)})"
    counts: dict[str, int] = {}
    for it in model.items:
        counts[it.how] = counts.get(it.how, 0) + 1
    shown = len(model.items)
    span = f"{model.total}" if not offset and shown >= model.total else f"{offset + 1}-{offset + shown} of {model.total}"
    # (callers: "calling definitions", as "runRules …: 2 definitions" read as two runRules to the ESLint A/B agent)
    noun = "calling definition" if model.relation == "callers" else "definition"
    depth = max([depth, *(it.depth for it in model.items)])  # implementations past 3 levels while the answer is short
    head = f"{what}{', depth ' + str(depth) if depth > 1 else ''}: {span} {noun}{'s' if model.total != 1 else ''}"
    again = sum(1 for it in model.items if it.detail == MET_AGAIN)  # a caller met on two branches
    head += f" ({again} of them listed twice, met on two branches)" if again else ""
    back = sum(1 for it in model.items if it.detail == CYCLE)
    head += f" ({back} of them back to {target.name}: a cycle)" if back else ""
    # (raft run 420 read "4 definitions" of FSM's implementations as four implementers, two were interfaces)
    kinds = [it.kind for it in model.items if it.kind in ("interface", "trait", "protocol")] \
        if model.relation == "implementations" else []
    word = kinds[0] if len(set(kinds)) == 1 else "interface"
    head += f" ({shown - len(kinds)} type{'s' if shown - len(kinds) != 1 else ''}, {len(kinds)} {word}" \
            f"{'s' if len(kinds) != 1 else ''} extending it)" if 0 < len(kinds) < shown else ""
    if model.relation == "callers":
        deeper = sum(len(it.lines) for it in model.items if it.depth > 1)
        sites = model.call_sites + deeper  # `_upvars` at depth 2: "5 definitions, 2 call sites" read as a mistake
        twice = _calls_beyond_lines(model, target) if not deeper else 0
        head += f", {sites} call site{'s' if sites != 1 else ''}" + (
            f" ({model.call_sites} of it, {deeper} of its callers)" if deeper else
            f" ({sites + twice} calls: some lines call it twice)" if twice else "")
    if len(counts) == 1:
        only = next(iter(details)) if len(details) == 1 else next(iter(counts))
        head += f"; all {only}" if only.startswith("by ") else f"; all by {only}"
        if model.relation == "callers" and next(iter(counts)) == "same file" and model.total == shown:
            # (bash-completion run 370 read "all by same file" as "other files not searched")
            head += " (none in other files)"
    elif counts:
        said = ", ".join(f"{k} {v}" for k, v in sorted(counts.items(), key=lambda kv: -kv[1]))
        head += f"; {said}" if said.startswith("by ") else f"; by {said}"
    return head


def _caller_rows(it: RelatedItem, target: Any, tag: str, via: str | None, under: bool, grouped: bool) -> list[str]:
    pad, at = _pad(it, under), f" (via {via})" if via else ""
    first = it.calls[0].split(": ", 1) if it.calls else [str(it.lines[0]) if it.lines else "?", ""]
    where = f"in {it.qualname}{it.params or ''} ({it.start_line}-{it.end_line}" + (f", under {it.condition})" if it.condition else ")") \
        if it.qualname else "at top level"
    out = [f"{pad}{'' if grouped else it.path + ':'}{first[0]} {where}{at}: {first[1]}{tag}"]
    # a class is named in several ways (built, raised, caught, annotated): each line shows which; a function's
    # second and third call lines too (the one call that passes `Some(body.result)` was a bare line number)
    also = it.calls[1:]  # (the call lines given as source: all of up to five, else three)
    # the same caller's other call lines, marked as such (an indented `1489: ...` under `1334 in __ext4_ioctl` read
    # as a caller of the next level to the ext4 A/B agent)
    out += [f"{pad}  and {c}" for c in also]
    if len(it.lines) > 1 + len(also):
        rest = it.lines[1 + len(also):]
        # (every number up to 60, two tokens each: jmespath run 465 searched for the 10 of Execute's 22 recursive
        # lines a cut at 12 had left out)
        out.append(f"{pad}  +{len(rest)} more line{'s' if len(rest) != 1 else ''}: {', '.join(map(str, rest[:60]))}"
                   + (" …" if len(rest) > 60 else ""))
    return out


#: a callee's detail that says what it stands for (namesakes, an abstract method's or an interface method's
#: implementations, a protocol requirement's default): said on its row, never as how it was resolved
_CALLEE_CONTRACT = ("also named so", "abstract", "a protocol requirement", "interface method", "overridden in")


def _callee_rows(it: RelatedItem, target: Any, tag: str, via: str | None, under: bool, grouped: bool,
                 shared: bool = False) -> list[str]:
    """One callee row; `shared`: another row has its name (overloads), so it says its parameter types."""
    pad, by = _pad(it, under), f" (via {via})" if via else ""
    at = ",".join(map(str, it.lines[:8])) + ("…" if len(it.lines) > 8 else "")
    kind = f"{it.kind} " if it.kind in CLASS_KINDS else ""  # built: `new HtmlTreeBuilder()`, `Client()`
    body = f" (defined at {it.defined})" if it.defined else ""
    where = "" if grouped else f"{it.path}:"
    also = f" ({it.detail})" if it.detail and it.detail.startswith((*_CALLEE_CONTRACT, "property read", "property set", "under #[cfg", "run by",
                                                                     "constructor", "called back", "expands to", "passed as a value", "attribute read",
                                                                     "called through", "overload not told", "a method value", "operator ", "defined at ", "only ")) \
        and it.detail not in tag else ""
    # `CounterOpts{...}`, `new Parser()`, `Text(...)`: a value made (a Scala object's `Spawn(...)` is its apply: a call)
    verb = "built at" if it.kind in ("class", "struct", "type", "record", "enum") else \
        "passed at" if (it.detail or "").startswith("passed as a value") else \
        "named at" if (it.detail or "").startswith("a method value") else "called at"
    name = f"{it.qualname}{it.params or ''}" if shared else it.qualname
    cond = f" ({it.condition})" if it.condition else ""  # (the call lines' `#if` groups)
    return [f"{pad}{kind}{name} {where}{it.start_line}-{it.end_line}{body} {verb} {at}{cond}{by}{tag}{also}"]


#: an implementations answer of at most this many rows names up to MAX_OVERRIDES_FEW overrides per row
FEW_ROWS, MAX_OVERRIDES_FEW = 10, 40  # (leveldb run 507: 8 rows cut at 12 cost three outline calls)


def _type_rows(it: RelatedItem, target: Any, tag: str, via: str | None, under: bool, grouped: bool,
               most: int = MAX_OVERRIDES) -> list[str]:
    pad, by = _pad(it, under), f" (via {via})" if via else ""
    if it.kind == "impl" and it.signature:  # `impl<T> Log for Box<T>`: the header says what and how
        name, tag = _impl_row(it.signature), ("  [an impl the macro writes; its expansion is not read]"
                                              if it.how == "macro" else "")
    else:
        kind = "macro" if it.how == "impl in macro" and (it.signature or "").startswith("macro_rules!") else it.kind
        name = f"{_modifiers(it)}{kind} {it.qualname}" + _other_bases(it) + (f" (defined at {it.defined})" if it.defined else "")
    # a Go type by its method set: which methods are its own (lines), which embedded, whether only *T has them all
    own = f": {it.detail}" if it.how == "method set" and it.detail else ""
    if it.overrides:  # a subclass's own methods that a class above it defines too
        own += " — overrides " + _overrides(it, target, most)
    elif it.how == "anonymous class" and not it.adds and getattr(target, "kind", None) in CLASS_KINDS:
        # (an empty `object : Hook {}`: its interface's defaults, gesture-handler run 485 read the class's methods)
        own += f" — overrides none of {getattr(target, 'name', '')}'s methods"
    if it.adds:  # and the ones it adds
        own += ("; adds " if it.overrides else " — adds ") + ", ".join(_at(it, n) for n in it.adds[:MAX_ADDS]) \
            + (f" +{len(it.adds) - MAX_ADDS} more" if len(it.adds) > MAX_ADDS else "")
    if it.from_traits:  # (PHP: `completeDefault from trait Base (Schema/Elements/Base.php:83)`)
        own += ("; " if own else " — ") + ", ".join(it.from_traits[:MAX_ADDS])
    named = f" (name at line {it.name_line})" if it.name_line else ""
    named += " (deprecated)" if it.deprecated else ""
    named += f" (abstract: {', '.join(it.abstract[:MAX_ADDS])})" if it.abstract else ""
    return [f"{pad}{'' if grouped else it.path + ':'}{it.start_line}-{it.end_line} {name}{named}{by}{tag}{own}"]


def _other_bases(it: RelatedItem) -> str:
    """What a class row's header says besides the tree: a Python class's several bases (`(Item, _CustomInt)`: tomlkit
    run 475 asked the outline for them), the class a direct implementer of an interface extends (`extends
    \\UnexpectedValueException`, League\\Config run 473)."""
    sig = " ".join((it.signature or "").split())
    if it.kind != "class" or not sig:
        return ""
    # (Python only: a Kotlin or Scala class's parentheses hold its constructor's parameters, not bases)
    m = re.match(r"class\s+\w+\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)", sig) if it.path.endswith((".py", ".pyi")) else None
    if m is not None:
        bases = [b.strip() for b in m.group(1).split(",") if b.strip() and "=" not in b]
        # (one base too on a row under another: lark run 523 checked with a search whose base indentation meant)
        return f"({', '.join(bases)})" if len(bases) > 1 or (bases and it.depth > 1) else ""
    if it.how == "implements":
        ext = re.search(r"\bextends\s+([\\\w.]+(?:<[^<>]*>)?)", sig.split("{", 1)[0])
        return f" extends {ext.group(1)}" if ext else ""
    return ""


#: the methods a subclass adds named on its implementations row (its constructor first), the rest counted
MAX_ADDS = 4
#: a row overriding all of the queried type's methods names them, with their lines, up to this many
_ALL_NAMED = 6


def _at(it: RelatedItem, n: str) -> str:
    """A method named on an implementations row with its line (`next 485`, `init 2 (constructor)`)."""
    name, _, tag = n.partition(" ")
    where = it.member_at.get(name)
    return n if where is None else f"{name} {where}{' ' + tag if tag else ''}"


def _overrides(it: RelatedItem, target: Any, most: int = MAX_OVERRIDES) -> str:
    """`a, b (2 of OutputInterface's 12 methods), also c`: the queried type's own methods a row overrides come first,
    counted when the target is an interface-like contract or the row has them all (then not listed: `all 12 of
    OutputInterface's`); the others (a class between them defines) after."""
    k, n = it.overrides_of_target or (0, 0)
    mine, rest = it.overrides[:k], it.overrides[k:]
    name = getattr(target, "name", None) or str(getattr(target, "qualname", "")).rpartition(".")[2]
    if k and k == n and n > 2:
        # (with where each is when they are few: rnscreens runs 581/594 asked which of the six a class overrides
        # itself and read each line in another call)
        head = f"all {n} of {name}'s methods" + (f" ({', '.join(_at(it, m) for m in mine)})" if n <= _ALL_NAMED else "")
    elif k and getattr(target, "kind", None) in ("interface", "trait", "protocol"):
        head = ", ".join(_at(it, m) for m in mine[:most]) + (f" +{k - most} more" if k > most else "") + f" ({k} of {name}'s {n} methods)"
    else:
        mine, rest, head = [], it.overrides, ""
    tail = [_at(it, m) for m in rest[:most]] + ([f"+{len(rest) - most} more"] if len(rest) > most else [])
    return head + (", also " if head and tail else "") + ", ".join(tail)


def _pad(it: RelatedItem, under: bool) -> str:
    """Indent by depth, a level deeper under a file heading (`grouped`: the row is in that file and leaves its
    path out; a deeper row from another file under it keeps its path)."""
    return "  " * (it.depth - 1 + under)


def _tree(items: list[RelatedItem], by_file: bool, group_files: bool = False) -> list[tuple[RelatedItem, str | None]]:
    """Items in tree order, each deeper one right under the definition it relates through, with the `via` to
    print: none under its parent (the indent says it), the name when its parent is not on this page. `by_file`:
    siblings in path and line order; `group_files`: siblings of one file together, files in the order of their
    first row (callees: each file's in call order; `_ssh`'s helpers from two files interleaved, each file heading
    repeated, and the A/B agent regrouped them by hand)."""
    kids: dict[int, list[RelatedItem]] = {}
    placed: set[int] = set()
    for it in items:
        if it.depth > 1 and it.via is not None:
            parent = next((p for p in items if p.depth == it.depth - 1 and p.qualname == it.via), None)
            if parent is not None:
                kids.setdefault(id(parent), []).append(it)
                placed.add(id(it))
    out: list[tuple[RelatedItem, str | None]] = []

    def add(it: RelatedItem, via: str | None) -> None:
        out.append((it, via))
        for k in kids.get(id(it), []):
            add(k, None)

    def order(group: list[RelatedItem]) -> list[RelatedItem]:
        if by_file:
            return sorted(group, key=lambda it: (it.path, it.start_line or 0))
        if group_files:
            first: dict[str, int] = {}
            for n, it in enumerate(group):
                first.setdefault(it.path, n)
            return sorted(group, key=lambda it: first[it.path])  # stable: call order within a file
        return group

    for ks in kids.values():
        ks[:] = order(ks)
    for it in order(items):
        if id(it) not in placed:
            add(it, it.via if it.depth > 1 else None)
    return out


WEAK = frozenset({"name only", "unique name", "base type", "recursive"})  # resolutions a row says itself; the header counts the rest


def _calls_beyond_lines(model: RelatedResult, target: Any) -> int:
    """How many more calls than call lines the rows show (`a.f(x) is b.f(y)` calls f twice on one line: wtforms run
    558 counted 7 calls where the answer said 5 call sites); 0 when a row does not show all its lines."""
    name = getattr(target, "name", "") or ""
    if not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
        return 0
    # (each with the word before it: `form1.meta.f(..) is form2.meta.f(..)` twice, `a.f(x) or i18n.f(y)` once)
    call = re.compile(rf"(?:([\w$]*)\s*(?:\.|->|::)\s*)?(?<![\w$]){re.escape(name)}\s*\(")
    extra = 0
    for it in model.items:
        if it.depth != 1 or len(it.calls) != len(it.lines):
            continue
        for c in it.calls:
            on = [m.group(1) or "" for m in call.finditer(c.split(":", 1)[-1])]
            extra += len(on) - 1 if len(on) > 1 and len(set(on)) == 1 else 0
    return extra


def _test_callers(tests: list[RelatedItem], of: str = "") -> str:
    """Callers in test files on one line, by file: `a_test.go:48,51 in TestX, 60 in TestY; b_test.go:...`; `of`:
    whose callers they are, past the first level."""
    files: dict[str, list[str]] = {}
    for it in sorted(tests, key=lambda it: (it.path, it.lines[0] if it.lines else 0)):
        lines = ",".join(map(str, it.lines[:4])) + ("…" if len(it.lines) > 4 else "")
        weak = " [name only]" if it.how == "name only" else ""  # the tag its row would have carried
        files.setdefault(it.path, []).append(f"{lines} in {it.qualname or 'top level'}{weak}")
    n = sum(len(it.lines) for it in tests)
    return f"in test files{', ' + of if of else ''}, {n} call site{'s' if n != 1 else ''}: " + "; ".join(
        f"{path}:{', '.join(rows)}" for path, rows in files.items())


def _guesses(model: RelatedResult, target: Any, guesses: list[RelatedItem]) -> str:
    sites = []
    few = len(guesses) <= 5  # (a few: each with its call, lark run 517 searched the text for three such calls)
    for it in guesses[:20]:
        lines = ",".join(map(str, it.lines[:4])) + ("…" if len(it.lines) > 4 else "")
        call = it.calls[0].split(":", 1)[-1].strip() if few and it.calls else ""
        sites.append(f"{it.path}:{lines} in {it.qualname or 'top level'}" + (f" `{call[:90]}`" if call else ""))
    more = f" and {len(guesses) - 20} more" if len(guesses) > 20 else ""
    which = f"any of the {len(model.definitions)}" if model.definitions else \
        f"{target.name} is {SOLE}: its calls unless the receiver is an outside library's object" \
        if SOLE in (model.note or "") else \
        f"maybe another type's {target.name}" \
        + (", std's integers' among them" if getattr(target, "language", "") == "rust"
           and RUST_INTEGER_METHOD.fullmatch(target.name or "") else "")
    return f"matched by name only, the receiver's type unknown ({which}): " + "; ".join(sites) + more


def _unresolved_label(model: RelatedResult, target: Any) -> str:
    if model.relation != "callees":
        return "bases not found in the repository (external or builtin)"
    if target.language == "bash":
        return "not defined in this repository (shell builtins and external commands)"
    if target.language not in ("c", "cpp"):
        return "unresolved (external, builtin, or a receiver of unknown type)"
    return ("not defined by name in the repository (a system or external function, or one a macro makes by pasting "
            "names with ##: search_text a part of the name finds the macro)")


def _typed_receiver(it: RelatedItem) -> bool:
    """Whether a caller row's detail names its receiver with a type (`receiver opts.Registry: Registerer`)."""
    return it.how == "receiver type" and (it.detail or "").startswith("receiver ") and ": " in (it.detail or "")


def _how(it: RelatedItem) -> str:
    """How an item was resolved, with its detail where that says more (`receiver r: Raft`, `embeds FSM`)."""
    if it.detail and it.detail.split()[0] == it.how.split()[0]:
        return it.detail
    if it.how == "method set" or (it.detail or "").startswith((*_CALLEE_CONTRACT, "called through", "operator ", "defined at ")) \
            or it.detail in (CYCLE, ITSELF, RETURNS):  # (said apart, on the row)
        return it.how  # the interface's methods are in the question; the namesakes are on the row
    return f"{it.how}, {it.detail}" if it.detail else it.how


def _empty(model: RelatedResult, target: Any) -> str:
    if model.relation == "callers" and target.name == "__call__" and "." in target.qualname:
        # (Rich run 410: `column(task)` runs ProgressColumn.__call__; a search for "__call__" cannot find it)
        owner = target.qualname.rsplit(".", 2)[-2]
        return (f"no call sites found by name: {target.name} runs when an instance is called as a function "
                f"(`x(..)`), which the index does not tie to {owner}. Where its instances are: "
                f"search_symbol(query=\"{owner}\", references=true), and its subclasses': "
                f"find_related(symbol=\"{owner}\", relation=\"implementations\").")
    if model.relation == "callers":
        return ("no call sites found in its language (a name the index records as called; a call through a "
                f"variable or reflection is not seen). search_text(pattern=\"{target.name}\") finds every mention.")
    if model.relation == "callees":
        return "its body calls nothing the index records" + (" that resolves" if model.unresolved or model.builtins or model.packages else "")
    if model.relation == "implementations":
        if target.language == "lua":  # no class syntax: a library's call makes the class (Penlight A/B run)
            return (f"no class is made from {target.name} by the class-library calls the index follows (`class({target.name})`, "
                    f"`class({target.name}, nil, X)`, `{target.name}:extend()`, `setmetatable(X, {{__index = {target.name}}})`); "
                    f"another library's shape: search_text(pattern=\"\\\\b{target.name}\\\\b\").")
        if target.kind in ("method", "function") and "." in (target.qualname or ""):  # no override of a method
            owner = target.qualname.rsplit(".", 2)[-2]
            return f"no subtype of {owner} in the repository defines its own {target.name}: none overrides or implements it."
        return (f"nothing in the repository names {target.name} as a base in its header"
                + (" and no type has its methods" if target.language == "go" else "") + ".")
    if model.unresolved:  # `extends IllegalArgumentException`: a base, outside the repository (listed next)
        return "no base of it is defined in the repository."
    return f"its header names no base{' (Go types gain interfaces by method set)' if target.language == 'go' else ''}."


_CLASS_MODIFIERS = re.compile(r"\b(abstract|final|sealed|open)\b")


def _modifiers(it: RelatedItem) -> str:
    """`abstract `, `final `: what a class row's header says of being extended (commonmark's A/B agent searched the
    headers of 19 implementations for it), from the words before the class keyword."""
    if it.kind not in ("class", "struct") or not it.signature:
        return ""
    parts = re.split(rf"\b{it.kind}\b", it.signature, maxsplit=1)
    head, rest = parts[0], parts[1] if len(parts) > 1 else ""
    # C++'s `class basic_file_sink final : public base_sink<Mutex>`: after the name (spdlog run 311 searched for it)
    after = ["final"] if re.match(r"\s*(?:[\w:]+\s+)*?[\w:]+(?:<[^{}]*>)?\s+final\b", rest) else []
    words = list(dict.fromkeys(_CLASS_MODIFIERS.findall(head) + after + (["abstract"] if it.abstract else [])))
    return "".join(f"{w} " for w in words)


def _impl_row(signature: str) -> str:
    """An impl block's header without its where clause (the bounds are in the file): `impl<T> Log for Box<T>`."""
    head = re.split(r"\s+where\b", " ".join(signature.split()), maxsplit=1)[0]
    return head.rstrip(" ,{")
