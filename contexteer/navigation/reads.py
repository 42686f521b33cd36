"""Reads of one file through the index: the definition a range sits in, a file's outline, a definition by name, and
what a definition uses and who calls it (its semantic context)."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from contexteer.errors import ContexteerError, InputError, NotFoundError
from contexteer.indexers.lookup import holds_code
from contexteer.indexers.model import kind_word
from contexteer.indexers.syntax import CONDITIONAL_SOURCES, preprocessor_conditions
from contexteer.navigation.models import CallerRef, ContextDef, clip, clip_impl
from contexteer.navigation.service import NavigationService
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

_SPANNED = frozenset({"function", "method", "class", "struct", "interface", "trait", "enum", "type", "module", "impl"})


def _spanned_value(x: Any) -> bool:
    """A variable or constant over several lines (a C struct initialiser, a table), or a class's field or property
    whose value does (Kotlin's `private val handlersComparator = Comparator<GestureHandler> { a, b -> .. }`: a read of
    line 994 had been "in class GestureHandlerOrchestrator", gesture-handler run 485): it holds its lines."""
    return x.kind in ("variable", "constant", "field", "property") and x.end_line > x.start_line \
        and (x.parent_id is None or x.kind in ("field", "property") or x.language in ("kotlin", "scala", "java"))


def block_heads(lines: list[str], start: int, holder_start: int, limit: int = 4) -> list[int]:
    """The lines that open the blocks line `start` sits in inside a definition starting at `holder_start`
    (`if let p = props as? SafeAreaControllable {`, `for x in xs:`, `} else {`), outermost first: each is the
    nearest line above with less indentation. Swift run 54: a read of line 125 did not show the `if let ... as?`
    at 124 that gives the line's value its type."""
    def indent(text: str) -> int:
        return len(text) - len(text.lstrip(" \t"))

    if not 0 < start <= len(lines) or not lines[start - 1].strip():
        return []
    level = indent(lines[start - 1])
    out: list[int] = []
    # a head at the same indentation that still holds the line: the `switch` of a `case`/`default:` label written at
    # its indentation, the `if` of a `} else {` (hiredis run 549's chain for hiredis.c:483 lacked both)
    same: re.Pattern[str] | None = None
    reach = start  # the line a same-indentation head's block must reach (an `if`'s: the branch below it)
    for n in range(start - 1, holder_start, -1):
        text = lines[n - 1]
        stripped = text.strip()
        if not stripped or stripped.startswith(("//", "#", "--", "*", "/*")):
            continue
        # (a same-indentation head counts when its block reaches the line, or for an `if` the `} else {` below it:
        # review of stop 60, an earlier closed `switch` had been taken for a Go `select`'s)
        if indent(text) >= level and not (same is not None and indent(text) == level and same.match(stripped)
                                          and block_end(lines, n) >= reach):
            continue
        if stripped == "{" and _bare_block(lines, n, holder_start):
            pass  # a block of its own (`default:` then `{` declaring locals), not the brace of a header above
        elif stripped in ("{", "(", "[", "do", "then", "begin") or re.match(r"where\b|\)\s*(?:->[^:{]*|\([^()]*\)|:\s*[\w.<>\[\], ]+)?\s*[:{]?\s*$", stripped):
            # a brace or where clause below a header (rayon run 75 got `125 {` as the block), a multi-line
            # signature's closing `):` (Django's get_related_selections): no head
            continue
        elif same is not None and indent(text) == level and stripped.startswith("}"):
            reach = n  # an earlier branch of the same chain (`} else if (..) {` above the `} else {`)
            continue
        out.append(n)
        level = indent(text)
        same = _SWITCH if re.match(r"(?:case\b.*|default\s*):", stripped) else \
            _IF_OF_ELSE if re.match(r"\}\s*else\b", stripped) else \
            _BRACE if re.fullmatch(r"[A-Za-z_]\w*\s*:", stripped) else None  # a goto label inside a bare block
        reach = n if same is _IF_OF_ELSE else start
        if len(out) == limit:
            break
    return out[::-1]


#: the head that holds a `case`/`default:` label written at its own indentation
_SWITCH = re.compile(r"(?:switch|select)\b")
#: the head of the chain a `} else {` continues (an `} else if` between is passed over)
_IF_OF_ELSE = re.compile(r"if\b|\}\s*else\s+if\b|.*[=(:]\s*if\b")  # (`let v = if c {`, Kotlin's `val x = if (..) {`)
#: a bare block's brace at the indentation of a goto label it holds (`{` .. `fmt_valid:` in hiredis.c)
_BRACE = re.compile(r"\{$")


def _bare_block(lines: list[str], n: int, holder_start: int) -> bool:
    """Whether the `{` alone on line `n` opens a block of its own: the code line above it ends a statement, a label
    or a block (`;`, `:`, `{`, `}`), so the brace is no header's."""
    for m in range(n - 1, holder_start - 1, -1):
        above = lines[m - 1].strip()
        if not above or above.startswith(("//", "/*", "*")):
            continue
        return above.endswith((";", ":", "{", "}"))
    return False


def block_end(lines: list[str], head: int, limit: int = 2000) -> int:
    """The last line of the block whose head is line `head`: the closing line at the head's indentation (`}`,
    `end`, `)`), or in an indented language the last line indented deeper (blank lines after it left out)."""
    def indent(text: str) -> int:
        return len(text) - len(text.lstrip(" \t"))

    level = indent(lines[head - 1]) if 0 < head <= len(lines) else 0
    # (a C `switch` whose `case`/`default:` labels stand at its own indentation: they are inside it)
    switch = 0 < head <= len(lines) and re.match(r"\s*(?:switch|select)\b", lines[head - 1]) is not None
    braced = 0 < head <= len(lines) and lines[head - 1].rstrip().endswith("{")
    last = head
    for m in range(head + 1, min(len(lines), head + limit) + 1):
        text = lines[m - 1]
        stripped = text.strip()
        if not stripped:
            continue
        if switch and indent(text) == level and re.match(r"(?:case\b.*|default\s*):", stripped):
            last = m
            continue
        if braced and indent(text) == level and re.fullmatch(r"[A-Za-z_]\w*\s*:", stripped) \
                and stripped.rstrip(": ") not in ("default", "public", "private", "protected"):
            last = m  # a goto label at the block's own indentation (hiredis.c's `fmt_valid:` in a bare `{`)
            continue
        if indent(text) <= level and (stripped.startswith("{") and m == last + 1
                                      or re.match(r"\)+\s*(?:->[^{]*)?\{$", stripped)):
            # `if input\n  .fork()..\n{` (syn's parse_expr) and `match STATE.compare_exchange(\n ..\n) {` (log's
            # set_logger_inner): a header over lines whose block opens on a line of the head's indentation
            last = m
            continue
        if indent(text) <= level:
            # a closing line ends the block; `} else {`, `elif`, `else:` continue it into the next branch's own block
            return m if re.match(r"[})\]]|end\b", stripped) else last
        last = m
    return last


def range_note(nav: NavigationService, rel: str, start: int, end: int) -> str:
    """What the range sits in or holds (`— in method Raft.run 126-147`), from the index, and in C, C++ and C# the
    `#if` groups its first line is compiled under (`(only #if DEBUG)`); '' without either."""
    note = _range_note(nav, rel, start, end)
    if rel.endswith(CONDITIONAL_SOURCES):
        conditions = preprocessor_conditions((repo_text(nav.ws, rel) or "").split("\n"))
        only = conditions.get(start)
        last = start
        while last < end and conditions.get(last + 1) == only:
            last += 1
        if not only and conditions and end - start <= 40 and not any(n in conditions for n in range(start, end + 1)):
            note += " (under no #if)"  # Json.NET run 59: four searches of #if lines to learn that line 545 had none
        elif only and last >= end:
            note += f" (only {only})"
        elif only:  # Swift run 54: `296-343 — overlaps ..., UIHostingController 320-343 (only #if os(macOS))` read
            # as the extension's condition; the #if group closed at 299
            note += f" (lines {start}-{last} only {only})" if last > start else f" (line {start} only {only})"
    return note



def _range_note(nav: NavigationService, rel: str, start: int, end: int) -> str:
    """What the range sits in or holds (`— in method Raft.run 126-147`), from the index; '' without one.
    Containment is by lines: a Rust or Go method's type is declared elsewhere, so its impl block (or the file)
    is what holds it here."""
    try:
        index = nav.index
        index.ensure_fresh([rel], lock_timeout=0.5)  # parses just this file when the index does not know it yet
        # (and a top-level value over several lines: `.fsync = ext4_sync_file,` is in ext4_file_operations' initialiser)
        syms = [x for x in index.symbols_in_file(rel) if x.kind in _SPANNED or holds_code(x) or _spanned_value(x)]
    except ContexteerError as exc:
        logger.info("no enclosing definition for %s: %s", rel, exc)
        return ""

    holders: dict[int, Any] = {}

    def holder(x: Any) -> Any:  # the smallest definition around x, by lines (computed once per symbol)
        if x.id not in holders:
            around = [y for y in syms if y.id != x.id and y.start_line <= x.start_line and y.end_line >= x.end_line
                      and (y.end_line - y.start_line, y.start_line) != (x.end_line - x.start_line, x.start_line)]
            holders[x.id] = min(around, key=lambda y: y.end_line - y.start_line) if around else None
        return holders[x.id]

    def named(level: list[Any]) -> str:  # (a Rust impl by its head: two `IndexSet` rows had said nothing, run 470)
        # (a name's overload signatures on consecutive lines, one row: TanStack run 503 read `noop 121-121, noop
        # 122-122, noop 123-123`)
        runs: list[list[Any]] = []
        for x in level:
            if runs and runs[-1][-1].qualname == x.qualname and x.start_line <= runs[-1][-1].end_line + 1:
                runs[-1].append(x)
            else:
                runs.append([x])
        shown = ", ".join(f"{_held(r[0]) if r[0].kind == 'impl' and r[0].language == 'rust' else _shown_name(nav, r[0])} "
                          f"{r[0].start_line}-{max(y.end_line for y in r)}"
                          + (f" ({len(r)} overloads)" if len(r) > 1 else "") for r in runs[:4])
        return f" — overlaps {shown}" + (f" and {len(runs) - 4} more" if len(runs) > 4 else "")

    inside = [x for x in syms if x.start_line <= start <= x.end_line]
    enc = min(inside, key=lambda x: x.end_line - x.start_line) if inside else None
    while enc is not None and enc.end_line < end:  # the range leaves it: name its siblings the range touches
        parent = holder(enc)
        if parent is not None and parent.end_line < end:
            enc = parent  # it leaves the parent too: the siblings that count are further up
            continue
        level = [x for x in syms if x.start_line <= end and x.end_line >= start
                 and (getattr(holder(x), "id", None) == getattr(parent, "id", None))]
        if len(level) > 1 or parent is None:
            # and what holds them, for a short range (Json.NET run 59: `DefaultContractResolver.cs:545 context=6`
            # named three accessors and a second read was needed for their struct and class)
            up, outer = "", parent if end - start <= 40 else None
            while outer is not None:
                up += f", in {_held(outer, nav)} {outer.start_line}-{outer.end_line}"
                outer = holder(outer)
            return named(level or [enc]) + up
        enc = parent
    if enc is not None:
        within = [x for x in syms if x.start_line <= end and x.end_line >= start and x.id != enc.id
                  and getattr(holder(x), "id", None) == enc.id]
        inner = named(within).replace(" — overlaps", ", overlapping") if within else ""
        around = "" if within else _closures(nav, rel, start, end, enc)
        # a definition inside another that its name does not show (Lua `obj.reset = function` in call_ctor), and
        # for a few lines (what is at path:line) every definition around it with its lines: `in class
        # ParIterableLike.Map 1051-1057, in trait ParIterableLike 156-1502`
        outer, up, short = holder(enc), "", end - start <= 40
        while outer is not None and (short or (not enc.qualname.startswith(outer.qualname + ".")
                                               and outer.kind in ("function", "method"))):
            up += f", in {_held(outer, nav)} {outer.start_line}-{outer.end_line}"
            outer = holder(outer)
        said = _held(enc) if enc.kind == "impl" else \
            f"{kind_word(enc.kind, enc.language, enc.name, enc.signature)} {_shown_name(nav, enc)}"
        return f" — in {around}{said} {enc.start_line}-{enc.end_line}{inner}{up}"
    held = [x for x in syms if x.start_line <= end and x.end_line >= start and holder(x) is None]
    return named(held) if held else ""


def _held(x: Any, nav: NavigationService | None = None) -> str:
    """A definition around a read, for its header: a Rust impl block as its head (`in unsafe impl BufMut for
    BytesMut`; `in impl BytesMut` had read as the inherent impl, bytes run 461), else its kind and name (a C/C++
    test as its macro writes it, `TEST_F(DBTest, ComparatorCheck)`)."""
    head = clip_impl(re.split(r"\s+where\b", x.signature or "")[0]) if x.kind == "impl" and x.language == "rust" else ""
    return head or f"{x.kind} {_shown_name(nav, x)}"


def _shown_name(nav: NavigationService | None, x: Any) -> str:
    """A definition's name as the other answers write it (written_name): a C/C++ test as its macro does, a Ruby one
    as search_symbol does (`Zip::FileSystem::ZipFsFile`, `Zip::Entry.read_c_dir_entry`: rubyzip runs 547 and 555
    read `Zip.FileSystem.ZipFsFile` in reads beside it), else its qualified name."""
    if nav is None:
        return str(x.qualname)
    return str(nav.written_name(x))


def _closures(nav: NavigationService, rel: str, start: int, end: int, enc: Any) -> str:
    """The callbacks and closures inside `enc` that hold the range, innermost first (`arrow function passed to
    asyncLib.eachLimit 862-1228, in arrow function emitFiles 850-1233, in `), '' when there are none."""
    if enc.kind not in ("function", "method", "class", "module") or end - start > 40:
        return ""
    from contexteer.indexers.closures import chain

    info = nav.index.file_info(rel)
    # a Ruby class body's DSL blocks too (`block passed to state :root 134-154`), as search hits name them
    if info is None or enc.kind in ("class", "module") and info.language != "ruby":
        return ""
    text = repo_text(nav.ws, rel)
    if text is None:
        return ""
    levels = chain(info.language, text.encode("utf-8"), start, end, enc.start_line, enc.end_line, enc.name,
                   blocks=end - start < 5)
    shown = [f"{what} {s}-{e}, in " for what, s, e in levels[:4]]
    return "".join(shown) + ("…, in " if len(levels) > 4 else "")


def _overload_at(nav: NavigationService, s: Any, lines: list[str], start: int, end: int, target: Any) -> Any:
    """Among a Java-like or Elixir overload set, the one the first call in the range means (by its arguments:
    Elixir's `Erlang.compile(m, t, opts, fn ... end)` is compile/4, not the private compile/5)."""
    from contexteer.indexers.graph import overload_called
    from contexteer.indexers.lookup import REAL_OVERLOADS

    if s.language not in REAL_OVERLOADS or s.kind not in ("method", "function", "constructor"):
        return s
    call = re.compile(rf"\b{re.escape(s.name)}\s*\(")
    at = [n for n in range(max(start, 1), min(end, len(lines)) + 1) if call.search(lines[n - 1])]
    return overload_called(nav.index, s, at[:1], lines, target) if at else s


def index_outline(nav: NavigationService, rel: str) -> list[tuple[int, int, str, str]] | None:
    """(start, end, qualname, kind) of a file's definitions for a digest of the whole file; None without them."""
    try:
        index = nav.index
        index.ensure_fresh([rel])  # parses just this file when the index does not know it yet
        symbols = index.symbols_in_file(rel)
    except ContexteerError as exc:
        logger.info("no index outline for %s (%s); the digester finds definitions by pattern", rel, exc)
        return None
    return [(s.start_line, s.end_line, s.qualname, s.kind) for s in symbols] or None


def find_definition(nav: NavigationService, rel: str, symbol: str, note: str | None) -> Any:
    """The definition `symbol` names in one file (lookup.find_in_file); a miss says why (with `note` and where the
    file's first syntax error is)."""
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
        return find_in_file(nav.index, rel, symbol, nav.qualifier())
    except NotFoundError as exc:
        broken = nav.syntax_error_note(rel, info.language) if info.has_errors else None
        extra = "; ".join(x for x in (note, f"the file has a {broken}" if broken else None) if x)
        if extra:
            raise NotFoundError(f"{exc} ({extra})") from exc
        raise


@dataclass
class Semantic:
    """What a definition (or a range) uses, resolved to definitions, and its callers (the first max_callers)."""

    uses: list[ContextDef]
    callers: list[CallerRef]
    callers_total: int
    name_only: int  # callers matched by name only (maybe another type's method of that name)
    more: int = 0  # names of the body not looked up (the uses list stopped at its limit)
    more_names: list[str] = field(default_factory=list)  # those names
    brief: list[str] = field(default_factory=list)  # past the list's limit: `name line` (same file) or `name path:line`
    commands: list[str] = field(default_factory=list)  # a shell body's commands no repository file defines
    values: list[str] = field(default_factory=list)  # callers all listed: where it is passed as a value (`path:line`)


def _referenced(nav: NavigationService, target: Any, max_callers: int) -> tuple[int, list[CallerRef]]:
    """A function or method without callers: the lines taking its name as a value (relations.value_use_sites)."""
    from contexteer.navigation.relations import value_use_sites

    at = value_use_sites(nav, target, set(), cap=max_callers)
    return len(at), [CallerRef(path=path, line=line, caller=enc.qualname if enc is not None else None, how="reference",
                               signature=clip(text, 160),
                               location=f"{enc.start_line}-{enc.end_line}" if enc is not None else None)
                     for path, line, enc, text in at[:max_callers]]


def _local_aliases(nav: NavigationService, rel: str, lines: list[str], start: int, unresolved: list[str]) -> list[ContextDef]:
    """Names the range calls that a definition around it binds to a method of a value (`_get_theme_style =
    self._theme.get_style_for_token` in Syntax.highlight, called in its nested tokens_to_spans): the methods of
    that name, each saying the alias (the rich A/B agents read "nothing resolvable" and spent 3 calls, twice)."""
    syms = nav.index.symbols_in_file(rel)
    around = [s for s in syms if s.kind in ("function", "method") and s.start_line <= start <= s.end_line]
    if not around or not unresolved:
        return []
    first = min(s.start_line for s in around)
    out: list[ContextDef] = []
    info = nav.index.file_info(rel)
    language = info.language if info is not None else None
    for name in unresolved[:20]:
        rx = re.compile(rf"^\s*(?:const\s+|let\s+|var\s+|val\s+|local\s+)?{re.escape(name)}\s*:?=\s*"
                        rf"((?:[\w$]+\s*(?:\.|->|::)\s*)+)([A-Za-z_$][\w$]*)\s*;?\s*$")
        bound = next(((n, m) for n in range(start - 1, max(first, start - 400) - 1, -1)
                      if 0 < n <= len(lines) and (m := rx.match(lines[n - 1]))), None)
        if bound is None:
            continue
        n, m = bound
        method = m.group(2)
        cands = [d for d in nav.index.symbols_named(method) if d.name == method and d.kind == "method"
                 and d.language == language][:4]
        written = f"{name} = {m.group(1).replace(' ', '')}{method}"
        full = f"via local `{written}` (line {n})" + (f", one of these {len(cands)}" if len(cands) > 1 else "")
        out += [ContextDef(qualname=d.qualname, kind=d.kind, location=f"{d.path}:{d.start_line}-{d.end_line}",
                           signature=d.signature, doc=d.doc, via=full if k == 0 else f"same alias {name}")
                for k, d in enumerate(cands)]
    return out


def _function_parts(nav: NavigationService, rel: str, target: Any, start: int, end: int) -> list[Any]:
    """A range read that sits in no one function: the outermost functions and methods it overlaps, each as a range
    of its own inside it (its parameters' types, its class's members)."""
    if getattr(target, "kind", None) != "range" or getattr(target, "callers_of", None) is not None:
        return []
    funcs = [s for s in nav.index.symbols_in_file(rel) if s.kind in ("function", "method")
             and s.start_line <= end and s.end_line >= start]
    ids = {s.id for s in funcs}
    outer = sorted((s for s in funcs if s.parent_id not in ids), key=lambda s: s.start_line)
    parts = [SimpleNamespace(id=-1, name="", qualname="", kind="range", path=rel, parent_id=s.parent_id,
                             start_line=max(start, s.start_line), end_line=min(end, s.end_line), signature=s.signature,
                             doc=None, exported=False, language=s.language, callers_of=s, block_heads=[])
             for s in outer]
    if len(parts) < 2:
        return parts
    # the code between and around them too, as a range of its own: module-level calls, field initializers (review
    # of stop 51: click's _compat.py:535-590 lost the get_text_* names its module code at 575-589 passes)
    gaps, at = [], start
    for s in outer:
        if s.start_line > at:
            gaps.append((at, s.start_line - 1))
        at = max(at, s.end_line + 1)
    if at <= end:
        gaps.append((at, end))
    parts += [SimpleNamespace(id=-1, name="", qualname="", kind="range", path=rel, parent_id=None, start_line=a,
                              end_line=b, signature="", doc=None, exported=False, language=outer[0].language,
                              callers_of=None, block_heads=[], gap=True) for a, b in gaps]
    return sorted(parts, key=lambda p: p.start_line)


def _merged_parts(nav: NavigationService, rel: str, lines: list[str], parts: list[Any]) -> Semantic:
    """The uses of a range over several functions: each function's part resolved as a read inside it would be, in
    order, each definition once (Symfony run 347: Command.php:250-348 over run, complete and setCode resolved
    `$input->bind` to CompletionInput's and none of the `$this->` calls)."""
    merged = Semantic([], [], 0, 0)
    seen: set[tuple[str, str]] = set()
    lo, hi = parts[0].start_line, parts[-1].end_line
    for part in parts:
        sem = semantic_of(nav, rel, lines, part, part.start_line, part.end_line, 0)
        for d in sem.uses:
            inside = re.fullmatch(rf"{re.escape(rel)}:(\d+)-(\d+)", d.location)
            if inside and lo <= int(inside.group(1)) and int(inside.group(2)) <= hi:
                continue  # a function of the range itself, which another part of it calls: on the page already
            if (d.location, d.qualname) not in seen:
                seen.add((d.location, d.qualname))
                merged.uses.append(d)
        merged.more += sem.more
        merged.more_names += [n for n in sem.more_names if n not in merged.more_names]
        merged.brief += [b for b in sem.brief if b not in merged.brief]
        merged.commands += [c for c in sem.commands if c not in merged.commands]
    listed = {d.qualname for d in merged.uses}  # (a name one part lists in full is not said again by name)
    merged.brief = [b for b in merged.brief if b.rsplit(" ", 1)[0] not in listed]
    return merged


def semantic_of(nav: NavigationService, rel: str, lines: list[str], target: Any, start: int, end: int,
                max_callers: int) -> Semantic:
    """The semantic context of lines start..end of `rel` (the definition `target`), with the other files it names
    re-checked first: an answer about other files reflects them too."""
    from contexteer.indexers.lookup import semantic_context
    from contexteer.indexers.syntax import CHAIN_LANGUAGES

    parts = [] if getattr(target, "gap", False) else _function_parts(nav, rel, target, start, end)
    if len(parts) > 1:
        return _merged_parts(nav, rel, lines, parts)
    names = nav.names_in_range(rel, lines, start, end)
    around = getattr(target, "callers_of", None)  # a range inside a function: its locals bound above the range
    if around is not None and around.start_line < start:
        # (Sequel's `sync{allocated[thread] = conn}` reads the local `allocated = @allocated` of line 177, not the
        # class's deprecated attr_reader of that name)
        above = nav.names_in_range(rel, lines, around.start_line, start - 1).bound
        names.bound |= above
        names.used = [n for n in names.used if n not in above]
    for head in getattr(target, "block_heads", ()):  # `if let p = props as? SafeAreaControllable {` around the line
        more = nav.names_in_range(rel, lines, head, head)
        names.used = list(dict.fromkeys([*names.used, *more.used]))  # (its stored references: lookup._Body)
        names.bound |= more.bound
        for member, froms in (more.members or {}).items():
            names.members.setdefault(member, set()).update(froms)
    paths: dict[str, set[str]] = {}
    language = getattr(target, "language", None)
    if language in ("zig", "rust", "php", "lua") or language in CHAIN_LANGUAGES:
        # Zig: no walker of its own; Rust: `ChunkProducer::new(..)` is ChunkProducer's new, never the file's own
        # FoldChunks.new (rayon A/B run 73): what each call is made on, from its line, as callees read it
        from contexteer.indexers.graph import call_receivers

        calls: dict[str, list[int]] = {}
        for ref in nav.index.references_in_range(rel, start, end):
            if ref.kind == "call":
                calls.setdefault(ref.name, []).append(ref.line)
        names.members, paths = call_receivers(calls, dict(names.members or {}), lines, language)
        names.used = [n for n in names.used if n not in names.members]  # a member call is no bare use
    sem = semantic_context(nav.index, target, nav.imported, max_callers=max_callers, extra_names=names.used,
                           bound=names.bound, members=names.members, paths=paths, field_reads=True)
    touched = [s.path for s, _ in sem.definitions] + [c.path for c in sem.callers]
    if nav.recheck(p for p in touched if p != rel):  # an answer about other files reflects them too
        sem = semantic_context(nav.index, target, nav.imported, max_callers=max_callers, extra_names=names.used,
                               bound=names.bound, members=names.members, paths=paths, field_reads=True)
    around = getattr(target, "callers_of", None)  # a range inside a function: that function's callers
    if around is not None and max_callers:
        from contexteer.indexers.lookup import enclosing, find_callers

        sites = find_callers(nav.index, around, around.name, nav.imported)
        # what may be another type's method (by name only, through a base type) is counted, not listed
        sure = [c for c in sites if c.how not in ("name only", "base type")]
        sem.callers_total, sem.callers, sem.callers_name_only = len(sites), sure[:max_callers], len(sites) - len(sure)
        for c in sem.callers:
            c.symbol = enclosing(nav.index.symbols_in_file(c.path), c.line)
    defs = [(_overload_at(nav, s, lines, start, end, target), how) for s, how in sem.definitions]
    if getattr(target, "language", None) == "swift":  # `ClassDefinition(name:associatedType:elements:)`: which init
        from contexteer.navigation.swift_inits import initializers

        body = "\n".join(lines[start - 1:end])
        defs = [d for s, how in defs for d in [(s, how), *(initializers(nav.index, s, body)
                                                            if s.kind in ("class", "struct", "enum") else [])]]
    uses = [ContextDef(qualname=s.qualname, kind=s.kind, location=f"{s.path}:{s.start_line}-{s.end_line}",
                       signature=s.signature, doc=s.doc, via=how) for s, how in defs]
    known = {s.name for s, _ in defs}
    called = {r.name for r in nav.index.references_in_range(rel, start, end) if r.kind == "call"}
    uses += _local_aliases(nav, rel, lines, start, [n for n in names.used if n not in known and n in called])
    callers = [CallerRef(path=c.path, line=c.line, caller=c.symbol.qualname if c.symbol else None,
                         location=f"{c.path}:{c.symbol.start_line}-{c.symbol.end_line}" if c.symbol else None,
                         signature=c.symbol.signature if c.symbol else None, how=getattr(c, "how", None))
               for c in sem.callers]
    total = sem.callers_total
    from contexteer.navigation.symbols import VALUE_KINDS, text_uses

    if not callers and max_callers and getattr(target, "kind", None) in VALUE_KINDS and around is None:
        # a constant's uses are reads the index does not store as calls (Swift run 54: `onNewDebug`, used at three
        # lines of its file, read "no references found"): its whole-word matches in its language, in its file when
        # it is private, never a parameter or local of that name; a member's only where read off something
        where = None if getattr(target, "exported", True) else rel
        read_off = re.compile(rf"[.:]\s*{re.escape(target.name)}\b") if target.kind in ("field", "property") else None
        at = [w for w in text_uses(nav, target.name, [target], where, known=set())
              if not (w.path == target.path and target.start_line <= w.line <= target.end_line)
              and (read_off is None or w.path == target.path or read_off.search(w.preview))]
        at.sort(key=lambda w: w.path != target.path)  # its own file's first
        total = len(at)
        callers = [CallerRef(path=w.path, line=w.line, caller=w.enclosing, how="text", signature=w.preview,
                             location=w.enclosing_lines)  # the line's text stands where a caller's signature would
                   for w in at[:max_callers]]
    if not callers and max_callers and getattr(target, "kind", None) in ("function", "method") and around is None \
            and re.fullmatch(r"[A-Za-z_]\w*", target.name or ""):
        # no call found: where the name is taken as a value (`get_response = self._get_response_async if is_async
        # else self._get_response`; Django run 127 read "no references found", as if it were dead code)
        total, callers = _referenced(nav, target, max_callers)
    # a shell body's other commands are builtins and programs (the bash-completion A/B agent listed them by reading)
    commands: list[str] = []
    if getattr(target, "language", None) == "bash":  # the commands among the names (a `$cur` is no builtin)
        called = {r.name for r in nav.index.references_in_range(rel, start, end) if r.kind == "call"}
        commands = [n for n in dict.fromkeys(sem.unresolved) if n in called]
    brief = [f"{s.qualname} {s.start_line}" if s.path == rel else f"{s.qualname} {s.path}:{s.start_line}"
             for s in getattr(sem, "brief", [])]
    values = _passed_as_value(nav, target, callers, total) if around is None else []
    return Semantic(uses, callers, total, getattr(sem, "callers_name_only", 0), sem.more, commands=commands,
                    more_names=list(getattr(sem, "more_names", [])), brief=brief, values=values)


def _passed_as_value(nav: NavigationService, target: Any, callers: list[CallerRef], total: int) -> list[str]:
    """A function whose callers are all listed and sure: the lines passing it as a value (`callbacks.append(handler)`,
    `map(handler, xs)`), where callers through that value are not seen (review of stop 57: "called by (1, complete)"
    had stood over a handler also registered as a callback)."""
    from contexteer.navigation.relations import value_use_sites

    if not callers or total > len(callers) or any(c.how in ("name only", "reference", "text") for c in callers) \
            or getattr(target, "kind", None) not in ("function", "method"):
        return []
    return [f"{path}:{line}" for path, line, _, _ in value_use_sites(nav, target, {(c.path, c.line) for c in callers})]
