"""Relations between definitions: callers, callees, implementations (subtypes, overrides) and supertypes.

Every relation says how it was resolved, so an agent knows how far to trust it:

    callers          call sites found by name, kept by evidence (lookup.find_callers: same file, import, same
                     package, receiver named like the class or declared as it, or name only), grouped by the
                     definition they sit in; depth > 1 follows the callers' callers
    callees          the calls in a body, resolved like semantic context (same file, import, receiver, a name
                     defined once); the rest listed as unresolved
    implementations  classes naming it as a base in their header (`extends`, `implements`, `class X(Base)`,
                     `: Base`, `< Base`), Rust `impl Trait for Type`, Go types whose methods cover an
                     interface's (method set); for a method, the same-named methods of those types (overrides)
    supertypes       the other way: the bases its header names, the traits a Rust type implements, the Go
                     interfaces its methods satisfy; for a method, the method it overrides
"""

from __future__ import annotations

import functools
import logging
import posixpath
import re
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from contexteer.indexers import go_types, zig_names, zig_vtables
from contexteer.indexers.go_std_ifaces import std_member_type
from contexteer.indexers.lookup import (
    CAST,
    IMPLICIT_SELF,
    MIXIN_LINE,
    NO_IMPLICIT_SELF,
    REAL_OVERLOADS,
    TRAILING_DOT_CHAINS,
    TS_LIKE,
    ReceiverResolver,
    _inherited_member,
    _is_type,
    _php_namespace_at,
    _uncut,
    argument_type,
    class_around,
    composed_of,
    constructor_named_by_class,
    continued_chain,
    cpp_class_of,
    enclosing,
    enclosing_shown,
    ends_chain_step,
    find_callers,
    go_outside_result,
    inherits,
    is_prototype,
    java_field_type,
    language_family,
    language_of,
    lines_of,
    member_of_type,
    php_file_namespace,
    php_outside_class,
    python_alias_target,
    python_implicit_calls,
    python_import_aliases,
    python_import_bindings,
    python_passes_on,
    receiver_resolver,
    rust_arm_member,
    rust_bound_types,
    semantic_context,
    value_type,
    whole_class,
)
from contexteer.indexers.model import CLASS_KINDS, Reference, Symbol, is_macro
from contexteer.indexers.name_lines import name_lines
from contexteer.indexers.namesakes import REOPENED, reopened_rank
from contexteer.indexers.qualify import Qualifier
from contexteer.indexers.queries_sql import IndexQueries, per_generation
from contexteer.indexers.stdnames import KOTLIN_STDLIB
from contexteer.indexers.syntax import (
    CHAIN_LANGUAGES,
    SELF_WORDS,
    arity,
    base_how,
    bases_of,
    built_receiver,
    call_args,
    call_args_at,
    caught_type,
    caught_types,
    declared_type,
    generic_bounds,
    go_embedded_qualified,
    local_binding,
    loose_types,
    param_types,
    python_overload_stub,
    receiver_chain,
    rust_path_head,
    same_type,
    swift_params,
    takes_call,
    top_level,
    whole_header,
    written_bases,
)
from contexteer.testpaths import is_test_path
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

__all__ = ["Related", "Relations", "callers", "callees", "implementations", "supertypes", "CLASS_KINDS"]

_SELF_WORDS = SELF_WORDS
CYCLE = "the queried definition again: a cycle"  # a deeper caller that is the definition asked about
ITSELF = "itself, on another value: may run it again"  # its own body's call on a value of its class or a base
MET_AGAIN = "listed on another branch too"  # a deeper caller met again on another branch (its callers listed once)
MAX_NODES = 200  # definitions one answer collects at most (across depths)
MAX_THROUGH_BASE = 6  # past the first level, calls through a base type or interface listed per callee (more: counted)


@dataclass
class Related:
    symbol: Any | None  # the related definition; None for a call site at module level
    path: str
    how: str  # how the relation was resolved (see the module docstring)
    lines: list[int] = field(default_factory=list)  # call lines (callers: in the caller; callees: in the body)
    depth: int = 1
    via: Any | None = None  # at depth > 1: the definition this one relates through
    detail: str = ""  # e.g. the receiver of a call, the base as the header writes it
    overrides: list[str] = field(default_factory=list)  # implementations: its own methods a class above it defines
    of_target: tuple[int, int] = (0, 0)  # implementations: how many of `overrides` (the first ones) are the target's
    # own methods, of how many it has
    adds: list[str] = field(default_factory=list)  # implementations: its own methods no class above it defines
    abstract: list[str] = field(default_factory=list)  # implementations: a Python class's abstract methods
    member_at: dict[str, str] = field(default_factory=dict)  # implementations: where each of those methods is
    weak: list[int] = field(default_factory=list)  # callers: lines of a caller matched by name only beside sure ones
    from_traits: list[str] = field(default_factory=list)  # implementations: the target's methods a PHP trait gives it


@dataclass
class Relations:
    target: Symbol
    relation: str
    items: list[Related] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # callees: call names no definition was found for
    builtins: list[str] = field(default_factory=list)  # callees (Go, Python): the language's builtins called
    packages: list[str] = field(default_factory=list)  # callees (Go, Python): functions of imported outside packages
    local: list[str] = field(default_factory=list)  # callees: calls of the body's own locals, parameters, nested defs
    delegated: list[str] = field(default_factory=list)  # callees (Ruby): `parse -> parser.parse (Forwardable, line 24)`
    sites: int = 0  # callers: call sites in all (one per line)
    # callers at depth > 1: call lines (path, line) in an anonymous function the caller stores or returns, whose
    # caller's own callers were therefore not followed (pongo2 run 524)
    stored_calls: set[tuple[str, int]] = field(default_factory=set)
    note: str | None = None  # what the answer could not cover, and why
    truncated: bool = False  # stopped at MAX_NODES


# ----- resolving a type name near a definition --------------------------------------------------------
def _resolve_type(index: IndexQueries, name: str, near: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[tuple[Symbol, str]]:
    """Class-like definitions named `name` as seen from `near`: the same file, the files it imports, the same
    directory; else every one in its language family (marked 'name only' when there are several)."""
    family = language_family(near.language)
    if near.language == "python":
        aliased = _python_alias_type(index, name, near, resolve_imports)
        if aliased:
            return aliased
        through = _python_module_base(index, name, near, resolve_imports)
        if through is not None:
            return through
    # (a Python class is never its own base: `class Serializer(base.Serializer)` names the module's)
    cands = [s for s in index.symbols_named(name) if s.name == name and s.kind in CLASS_KINDS
             and language_family(s.language) == family and not (s.id == near.id and s.language == "python")]
    if not cands and near.language in _JS_TS:
        return _ts_default_import(index, name, near, resolve_imports)
    if not cands:
        return []
    same = [s for s in cands if s.path == near.path]
    if same:
        return [(same[0], "same file")]
    imported = {f for fs in resolve_imports(near.path).values() for f in fs}
    via = [s for s in cands if s.path in imported]
    if via:
        return [(via[0], "import")]
    if near.language == "python" and len(cands) > 1:
        # a package passing the name on, `from django.db.models import Field` with models/__init__.py's `from
        # django.db.models.fields import *`-like lines: the module it takes it from (review of stop 51: ArrayField's
        # Field had been three classes "by name only", forms' among them)
        via = _python_passed_on(index, name, cands, [p for fs in (resolve_imports(near.path).get(name) or [],)
                                                     for p in fs], resolve_imports)
        if len(via) == 1:
            return [(via[0], "import")]
    folder = near.path.rpartition("/")[0]
    local = [s for s in cands if s.path.rpartition("/")[0] == folder]
    if local:
        return [(local[0], "same package")]
    return [(s, "unique name" if len(cands) == 1 else "name only") for s in cands[:5]]


def _python_passed_on(index: IndexQueries, name: str, cands: list[Symbol], start: list[str],
                      resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[Symbol]:
    """The classes `name` reaches through the packages passing it on, from the files `start` (what the file's own
    import of the name resolves to), each step the module on the line that passes the name (review of the stop-52
    diff: every module the package imported had counted, and forms.py's Field was taken for fields/base.py's)."""
    found: dict[int, Symbol] = {}
    frontier, seen = list(start), set()
    for _ in range(5):
        nxt: list[str] = []
        for p in frontier:
            if p in seen:
                continue
            seen.add(p)
            here = [s for s in cands if s.path == p]
            if here:
                found.setdefault(here[0].id, here[0])
            elif python_passes_on(lines_of(index, p), name) is not None:
                nxt += resolve_imports(p).get(name) or []
        frontier = nxt
    return list(found.values())


# ----- callers -----------------------------------------------------------------------------------------
def _callee_name(index: IndexQueries, sym: Symbol) -> str:
    if constructor_named_by_class(sym) and sym.parent_id is not None:  # the callers of __init__ name the class
        parent = index.get_symbol(sym.parent_id)
        if parent is not None:
            return str(parent.name)
    return str(sym.name)


#: languages whose receivers carry declared types: a caller matched by name only there is a guess (the index found no
#: receiver of the type), so its own callers are not followed
_TYPED_RECEIVERS = frozenset({"java", "kotlin", "scala", "csharp", "swift", "go", "rust", "cpp", "dart", "objc"})

# the order callers are listed in: the strongest evidence that a site calls the definition first
CALLER_RANK = {"same file": 0, "same module": 0, "import": 1, "same package": 1, "receiver type": 1.5, "alias": 1.5,
               "trait in scope": 1.5, "path": 1, "class attribute": 1.5,
               "global name": 1.5, "constructor chain": 1.5, "receiver": 2, "base type": 2, "vtable": 2, "ops table": 1, "recursive": 2.5, "name only": 3}


def callers(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *, depth: int = 1) -> Relations:
    """The definitions that call `sym`, grouped (one entry per calling definition with its call lines), best
    evidence first; with depth > 1 the callers of each caller follow it (breadth first, no repeats)."""
    out = Relations(sym, "callers")
    first_dropped: list[Any] = []
    maybe: list[Any] = []  # listed calls whose arguments fit another overload as well
    file_syms: dict[str, list[Symbol]] = {}
    seen: set[int] = {sym.id}
    frontier: list[tuple[Any, Any | None]] = [(sym, None)]
    hidden: dict[str, int] = {}  # past the first level: callers matched by name only, per definition they call
    hidden_sites: set[tuple[str, int]] = set()  # and where they are (one site can be matched for several namesakes)
    later_tests: list[Any] = []  # with depth: callers in test files, listed after the deeper levels
    unfollowed: list[str] = []  # callers matched by name only, listed but not followed to deeper levels
    dead_ends: list[Symbol] = []  # callers followed that have no caller themselves (the chain ends there, said so)
    through_base: set[tuple[str, str, int]] = set()  # past the first level: calls through a base type listed (callee, path, line)
    literals: dict[str, Any] = {}  # per file, its anonymous functions (parsed once, for _only_in_stored_literals)
    for level in range(1, depth + 1):
        nxt: list[tuple[Any, Any | None]] = []
        for target, _ in frontier:
            dropped: list[Any] = []
            itself: list[int] = []
            sites = find_callers(index, target, _callee_name(index, target), resolve_imports, left_out=dropped,
                                 recursive=itself if level == 1 else None)
            own = _own_file_macro(index, target, sites, file_syms)
            sites = [c for c in sites if c not in own]
            dropped += own
            macro_sites = _through_macros(index, target, resolve_imports, seen)
            # stored in a Zig vtable: it runs where the vtable's field is called (Allocator.rawFree for SafeAllocator's
            # free); run 49's depth-2 answer stopped at the direct callers
            vtable = zig_vtables.vtable_callers(index, target) \
                if target.language == "zig" and target.kind in ("function", "method") else []
            dropped = [c for c in dropped if all((c.path, c.line) != (p, n) for _, p, n, _ in vtable)]
            built = _class_attribute_builds(index, target, level, file_syms)  # (`self.TreeProcessorClass(md, ..)`)
            if level > 1 and not any((sites, macro_sites, vtable, dropped, built)) and not _nested_function(index, target):
                dead_ends.append(target)
            anonymous = _anonymous_dispatch(index, target, level, file_syms, resolve_imports)
            if level == 1:
                out.sites = len(sites) + len(itself) + sum(len(ms) for _, ms in macro_sites) \
                    + sum(len(e.lines) for e in anonymous) + sum(len(e.lines) for e in built)
                if itself:  # `link(target)` inside link: it calls itself
                    out.items.append(Related(sym, sym.path, "recursive", itself, 1, None, ""))
                first_dropped = dropped
                maybe = [c for c in sites if getattr(c, "maybe", None)]
                _overridden_note(index, out, sites)
            entries = _by_caller(index, sites, target, level, file_syms) + anonymous
            entries += _returned_by(index, target, level, depth)
            entries += built
            for macro, msites in macro_sites:  # `ext4_ext_check(..)`, a macro expanding to `__ext4_ext_check(..)`
                for entry in _by_caller(index, msites, macro, level, file_syms):
                    entry.how, entry.detail = "macro", f"macro {macro.name} ({macro.path}:{macro.start_line})"
                    entry.via = target if level > 1 else None
                    entries.append(entry)
            for entry in entries:
                # a deeper level of guesses floods the answer (Scala: every flatMap of Option, Try...; Java: every
                # `collection.add(x)` on a Collection under IndexedCollection.add, Collections A/B run 76), in test
                # files as elsewhere (wtforms run 558: 15 tests' `form.process(..)` listed as callers of FieldList.process)
                if level > 1 and entry.how in ("name only", "base type") and not _base_dispatch(index, target, entry.symbol) \
                        and not _sole_implementation(index, target, entry, resolve_imports):
                    _guessed_deeper(index, out, entry, target, through_base, hidden, hidden_sites)
                    continue
                if depth > 1 and _test_later(entry, sym, seen, later_tests):
                    continue
                if len(out.items) >= MAX_NODES:
                    out.truncated = True
                    _left_out_note(index, out, first_dropped)
                    # (and what the deeper levels left out so far: the note had gone with the cap, review of d407611)
                    _deeper_notes(out, unfollowed, hidden, hidden_sites, _dead_end_names(index, dead_ends))
                    return out
                if entry.symbol is not None and entry.symbol.id in seen:
                    _seen_again(out, entry, sym, level, target)
                    continue
                out.items.append(entry)
                if entry.symbol is not None:
                    seen.add(entry.symbol.id)
                    if entry.how == "name only" and level < depth and sym.language in _TYPED_RECEIVERS:
                        # a guess's callers are guesses too: Field.set's name-only `jsArray.set(..)` brought eighteen
                        # callers of DynamicArrayType.castToJS into a depth-3 answer (Swift A/B run 121)
                        unfollowed.append(entry.symbol.qualname)
                    elif entry.symbol.kind in ("function", "method"):
                        _follow(index, out, entry, target, literals, nxt, deeper=level < depth)
            for enc, path, line, how in vtable:
                if enc is None or enc.id in seen:
                    continue
                seen.add(enc.id)
                out.items.append(Related(enc, path, "vtable", [line], level, target if level > 1 else None, how))
                if enc.kind in ("function", "method"):
                    nxt.append((enc, target))
        frontier = nxt
        if not frontier:
            break
    _depth_reached(index, out, frontier, depth, dead_ends)
    room = max(0, MAX_NODES - len(out.items))
    out.items += later_tests[:room]
    out.truncated = out.truncated or len(later_tests) > room
    _left_out_note(index, out, first_dropped, bool(maybe))
    _maybe_note(out, maybe)
    _outside_notes(index, out, sym, depth)
    if sym.language == "zig" and sym.kind in ("function", "method"):
        stored = zig_vtables.stored_note(index, sym)
        if stored:
            out.note = f"{out.note}; {stored}" if out.note else stored
        iface = zig_vtables.interface_of(index, sym)
        if iface:  # Random.init's callers are Random's implementations: that answer lists them without the noise
            hint = f"what implements {iface}: find_related(symbol=\"{iface}\", relation=\"implementations\")"
            out.note = f"{out.note}; {hint}" if out.note else hint
    _deeper_notes(out, unfollowed, hidden, hidden_sites, _dead_end_names(index, dead_ends))
    return out


def _depth_reached(index: IndexQueries, out: Relations, last: list[tuple[Any, Any | None]], depth: int,
                   dead_ends: list[Symbol]) -> None:
    """The last level's callers (with depth > 1), not followed: those called by name said so, the rest dead ends
    (dbus-sharp run 529 read a depth-3 chain ending at Bus.Bus as its end, and asked again)."""
    if depth < 2:
        return
    frontier = [t for t, _ in last]
    called = [t for t in frontier if any(r.kind == "call" for r in index.references_to(_callee_name(index, t)))]
    dead_ends += [t for t in frontier if t not in called and not _nested_function(index, t)]
    names = list(dict.fromkeys(t.qualname for t in called))
    if names:
        deeper = (f"depth {depth} reached: the callers of {', '.join(names[:6])}{' …' if len(names) > 6 else ''} are not "
                  f"followed (find_related on {'it' if len(names) == 1 else 'them'} goes on)")
        out.note = f"{out.note}; {deeper}" if out.note else deeper


def _follow(index: IndexQueries, out: Relations, entry: Related, target: Symbol, literals: dict[str, Any],
            nxt: list[tuple[Any, Any | None]], *, deeper: bool) -> None:
    """Queue a caller for the next level, unless it only stores the function its calls sit in (said on its rows)."""
    if deeper and _only_in_stored_literals(index, entry, target, literals):
        out.stored_calls.update((entry.path, n) for n in entry.lines)
    else:
        nxt.append((entry.symbol, target))


def _only_in_stored_literals(index: IndexQueries, entry: Related, target: Symbol, literals: dict[str, Any]) -> bool:
    """Whether every call line of a caller sits in an anonymous function it stores or returns rather than runs
    (`ctx.Private[node.name] = func(..) { return node.call(..) }`): whoever calls the caller does not call the
    target through it, so its callers are not followed (pongo2 run 524's depth 2 listed tagMacroNode.Execute's)."""
    from contexteer.indexers.closures import STORABLE, FileClosures

    enc = entry.symbol
    if enc is None or enc.language not in STORABLE or not entry.lines:
        return False
    if entry.path not in literals:
        lines = lines_of(index, entry.path)
        literals[entry.path] = FileClosures(enc.language, "\n".join(lines).encode("utf-8")) if lines else None
    fc = literals[entry.path]
    name = _callee_name(index, target)
    return fc is not None and all(fc.stored(n, enc.start_line, enc.end_line, enc.name, name) is not None
                                  for n in entry.lines)


def _anonymous_dispatch(index: IndexQueries, target: Symbol, level: int, file_syms: dict[str, list[Symbol]],
                        resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[Related]:
    """A method of an anonymous class (Java `new OptionParserState() { void handleArgument(..) }`, a Kotlin object
    expression) is called through the method of its base it overrides: those calls, said so (jopt-simple run 487:
    moreOptions' handleArgument had "0 call sites", OptionParser.parse's `state.handleArgument(..)` unreached)."""
    base = _anonymous_base_method(index, target)
    if base is None:
        return []
    sites = find_callers(index, base, _callee_name(index, base), resolve_imports)
    entries = _by_caller(index, sites, base, level, file_syms)
    for e in entries:
        e.how, e.detail = "base type", f"through {base.qualname.rsplit('.', 2)[-2]}.{base.name} ({base.path}:{base.start_line})"
    return entries


def _anonymous_base_method(index: IndexQueries, target: Symbol) -> Symbol | None:
    """The base method a method of an anonymous class overrides (the class is written `new Base(..) {` or `object :
    Base {` above it, inside the function holding it)."""
    parent = index.get_symbol(target.parent_id) if target.parent_id is not None and target.kind in ("method", "function") \
        else None
    if parent is None or parent.kind not in ("function", "method") or target.language not in ("java", "kotlin"):
        return None
    lines = lines_of(index, target.path)
    head = re.compile(r"\bnew\s+(?:[\w.]+\.)?([A-Z]\w*)\s*(?:<[^>]*>)?\s*\([^()]*\)\s*\{|\bobject\s*:\s*(?:[\w.]+\.)?([A-Z]\w*)")
    for k in range(target.start_line - 1, parent.start_line - 1, -1):
        m = head.search(lines[k - 1]) if 0 < k <= len(lines) else None
        if m is not None:
            base = m.group(1) or m.group(2)
            return next((s for s in index.symbols_named(target.name) if s.name == target.name and s.kind == "method"
                         and s.id != target.id and f".{s.qualname}".endswith(f".{base}.{target.name}")), None)
    return None


def _seen_again(out: Relations, entry: Related, sym: Symbol, level: int, target: Symbol) -> None:
    """A caller already listed, met again: deeper, see _met_again (but a deeper target's own body calling it on
    another value is not listed again under itself, review of cb78ebf); at the first level, the queried definition's
    own body calling it on another value that may be of its class (`sub_ctx.command.invoke(..)` in Group.invoke;
    click run 403 had them missing), listed so."""
    if level > 1 and entry.symbol is not None and entry.symbol.id == target.id:
        return
    if level > 1:
        _met_again(out, entry, sym)
    elif entry.symbol is not None and entry.symbol.id == sym.id:
        entry.detail = ITSELF
        out.items.append(entry)


def _met_again(out: Relations, entry: Related, sym: Symbol) -> None:
    """A deeper caller already listed: listed again with its lines here, never followed again. A caller met on
    another branch calls this one too (blockCommands calls doSubfile and include: its three include lines were
    dropped); the queried definition itself closes a cycle (kingpin run 318: Usage -> parseContext -> init, whose
    help closure calls Usage, was unsaid)."""
    # (not "above": the branch that lists its callers may come below; liquid run 531 looked for it above)
    entry.detail = CYCLE if entry.symbol is not None and entry.symbol.id == sym.id else MET_AGAIN
    out.items.append(entry)


def _guessed_deeper(index: IndexQueries, out: Relations, entry: Related, target: Symbol, through_base: set[tuple[str, str, int]],
                    hidden: dict[str, int], hidden_sites: set[tuple[str, int]]) -> None:
    """A caller past the first level matched by name only or through a base type: a call through a value of a base
    type or an interface the target's class implements (`g.Gather()` on a Gatherer reaching Registry.Gather) is
    listed when the receiver's declared type is a repository type, up to MAX_THROUGH_BASE per callee outside test
    files, and not followed (client_golang run 247's depth-3
    answer had left WriteToTextfile and five more out); the rest are counted. A site listed under another callee
    (Gatherers.Gather's and Registry.Gather's) is neither."""
    site = (entry.path, entry.lines[0] if entry.lines else 0)
    if any((p, n) == site for _, p, n in through_base):
        return
    # (only a receiver declared with a repository type: `c.add(1)` on a JDK AbstractCollection stays counted, the
    # flood of the Collections A/B run 76)
    typed = re.search(r"\breceiver [\w$.]+: \*?([A-Za-z_][\w.]*)", entry.detail or "")
    if entry.how == "base type" and not is_test_path(entry.path) and typed is not None \
            and _is_type(index, typed.group(1).rsplit(".", 1)[-1]) \
            and sum(1 for callee, _, _ in through_base if callee == target.qualname) < MAX_THROUGH_BASE:
        through_base.add((target.qualname, *site))
        # the receiver and its declared type kept (client_golang run 367 queried three Gather methods apart to tell
        # the calls through the Gatherer interface from the static ones)
        entry.detail = f"{entry.detail}, not followed" if entry.detail else "not followed"
        out.items.append(entry)
        return
    hidden[target.qualname] = hidden.get(target.qualname, 0) + 1
    hidden_sites.add(site)


def _deeper_notes(out: Relations, unfollowed: list[str], hidden: dict[str, int], hidden_sites: set[tuple[str, int]],
                  dead_ends: list[str]) -> None:
    """Say which callers a deeper answer did not follow (name-only guesses in a typed language), which deeper
    callers it left out (matched by name only or through a base type), each with the call that lists them, and
    which followed callers have no caller themselves."""
    if unfollowed:
        n = len(unfollowed)
        whose = "its" if n == 1 else "the first one's"
        said = (f"{n} caller{'s' if n != 1 else ''} matched by name only (maybe another type's method) not followed "
                f"deeper: find_related(symbol=\"{unfollowed[0]}\", relation=\"callers\") lists {whose} callers")
        out.note = f"{out.note}; {said}" if out.note else said
    if hidden:
        n = len(hidden_sites)
        hidden_tests = sum(1 for p, _ in hidden_sites if is_test_path(p))
        named = ", ".join(f"{k} {v}" for k, v in sorted(hidden.items(), key=lambda kv: -kv[1])[:4])
        shared = len(hidden) > 1 and len(set(hidden.values())) == 1 and next(iter(hidden.values())) == n
        if shared:
            # the same sites matched each callee's name (rayon run 287: "5 left out; per callee: VecDeque.par_drain 5,
            # String.par_drain 5, Vec.par_drain 5" read as fifteen; pongo2 run 524 could not parse "the same 3 for
            # each of tagImportNode.Execute, tagMacroNode.Execute")
            names = sorted(hidden)
            shown = f"{', '.join(names[:-1])} or {names[-1]}" if len(names) <= 4 \
                else f"{', '.join(names[:3])} or {len(names) - 3} more"
            method = {k.rsplit(".", 1)[-1] for k in names}
            called = f"a method named {next(iter(method))}" if len(method) == 1 else "a method of that name"
            named = (f"{'each calls' if n != 1 else 'it calls'} {called}, which may be {shown}: counted once, "
                     f"not once per method")
        first = max(hidden, key=lambda k: hidden[k])
        # where they are: the rayon A/B agent could not tell whether any of 25 was in src/ (run 73)
        tests = (f"{hidden_tests} in test files" + (f", {n - hidden_tests} elsewhere" if n > hidden_tests else "")
                 + f"; {'' if shared else 'per callee: '}") if hidden_tests else ""
        # ("more ... besides those listed": Symfony run 372 read "1 caller left out (OutputFormatter.format 1)" beside
        # format's callers listed as a contradiction)
        more = (f"past the first level, {n} more call site{'s' if n != 1 else ''} matched by name only or through a base "
                f"type (maybe other types' methods) left out besides those listed ({tests}{named}): "
                f"find_related(symbol=\"{first}\", relation=\"callers\") lists them")
        out.note = f"{out.note}; {more}" if out.note else more
    ends_at = dead_ends
    if ends_at:  # Symfony run 212: a depth-3 chain ending at SymfonyStyle::choice, checked by a text search
        ends = (f"no calls by name in the repository of {', '.join(ends_at[:8])}{' …' if len(ends_at) > 8 else ''} "
                f"(the chain ends there, unless it is passed as a value)")
        out.note = f"{out.note}; {ends}" if out.note else ends


def _dead_end_names(index: IndexQueries, dead_ends: list[Symbol]) -> list[str]:
    """The dead ends' names as the note says them, the first eight (those it shows) with where they are passed as a
    value (_passed_at: one search each, never for the ones the note leaves out; review of cb78ebf)."""
    names = list(dict.fromkeys(s.qualname for s in dead_ends))
    first = {s.qualname: s for s in reversed(dead_ends)}
    return [q + (_passed_at(index, first[q]) if i < 8 else "") for i, q in enumerate(names)]


def _passed_at(index: IndexQueries, sym: Symbol) -> str:
    """Where a function nothing calls by name is named as a value (`reactionScheduler(runReactionsHelper)`): " (passed
    as a value at reaction.ts:279)", or "" (MobX run 412 read "the chain ends there" of a function handed to a
    scheduler, and searched for it). Only in files of its language, only as an argument, an assigned or returned value
    (never a docstring's `:param echo:`, a comment, a parameter of the name); never for a method (passed as `obj.m`)."""
    from contexteer.indexers import languages, textsearch

    ws = getattr(index, "ws", None)
    if ws is None or sym.kind != "function" or not re.fullmatch(r"[A-Za-z_$][\w$]*", sym.name):
        return ""
    family = language_family(sym.language)
    exts = sorted({e for spec in languages.LANGUAGES if language_family(spec.name) == family for e in spec.extensions})
    w = re.escape(sym.name)
    try:
        found = textsearch.search(ws, rf"(?:[(,=]\s*|return\s+){w}\s*(?:[,)]|;|$)", regex=True, case_sensitive=True,
                                  glob=[f"*{e}" for e in exts], path=".", max_results=20)
    except Exception:  # (a search that cannot run leaves the note as it was)
        return ""
    strings = re.compile(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|`[^`]*`")
    value = re.compile(rf"(?:[(,]\s*|=\s*|\breturn\s+){w}\s*(?:[,)]|;|$)")
    param = re.compile(r"\b(?:def|function|fn|func)\b[^(]*\(")  # a header: `def layout(render=None)` names a parameter
    at = sorted({f"{h.path}:{h.line}" for h in found.hits if h.path and not h.context
                 and not h.text.lstrip().startswith(("#", "//", "*", "/*", ":", "@"))
                 and not param.search(h.text)
                 and value.search(re.sub(r"\s(?://|#).*$", "", strings.sub('""', h.text)))})
    return f" (passed as a value at {', '.join(at[:3])}{' …' if len(at) > 3 else ''})" if at else ""


#: a caller row's detail for the function that returns a nested one (_returned_by)
RETURNS = "returns it: what calls the value it returns runs it"


def _returned_by(index: IndexQueries, target: Symbol, level: int, depth: int) -> list[Related]:
    """A nested function its enclosing function returns by name (`def func(item): ..` then `return func` in Jinja2's
    prepare_map): the enclosing function as a row, its callers followed, as those of what runs it (run 408's depth-3
    walk had stopped at prepare_map.func)."""
    if level > depth or not _nested_function(index, target):
        return []
    parent = index.get_symbol(target.parent_id) if target.parent_id is not None else None
    if parent is None:
        return []
    lines = lines_of(index, parent.path)
    rx = re.compile(rf"^\s*return\s+{re.escape(target.name)}\s*;?\s*$")
    at = [n for n in range(target.end_line + 1, min(parent.end_line, len(lines)) + 1) if rx.match(lines[n - 1])]
    return [Related(parent, parent.path, "same file", at, level, target if level > 1 else None, RETURNS)] if at else []


def _class_attribute_builds(index: IndexQueries, target: Symbol, level: int,
                            file_syms: dict[str, list[Symbol]]) -> list[Related]:
    """Python: a class held in a class attribute (`TreeProcessorClass = TocTreeprocessor` in TocExtension) and built
    through it (`self.TreeProcessorClass(md, ..)`): the methods of that class, or of a subclass, making the call are
    callers of the class and its __init__ (Python-Markdown run 502 read "the chain ends there" of TocTreeprocessor)."""
    if target.language != "python":
        return []
    cls = target if target.kind == "class" else \
        index.get_symbol(target.parent_id) if target.name == "__init__" and target.parent_id is not None else None
    if cls is None or cls.kind != "class":
        return []
    out: list[Related] = []
    for field_sym in index.symbols_mentioning(cls.name, ("field", "variable", "constant")):
        if field_sym.language != "python" or field_sym.parent_id is None:
            continue
        m = re.match(rf"\s*([A-Za-z_]\w*)\s*(?::[^=]+)?=\s*(?:[\w.]+\.)?{re.escape(cls.name)}\s*(?:#.*)?$",
                     field_sym.signature or "")
        holder = index.get_symbol(field_sym.parent_id)
        if m is None or holder is None or holder.kind != "class":
            continue  # (a local or a module-level alias is another matter)
        ref = field_sym
        attr = m.group(1)
        call = re.compile(rf"(?<![\w.])(?:self|cls|{re.escape(holder.name)})\s*\.\s*{re.escape(attr)}\s*\(")
        by_caller: dict[int, list[int]] = {}
        callers_of: dict[int, Symbol] = {}
        for site in index.references_to(attr, limit=400):
            if site.path.rsplit(".", 1)[-1] not in ("py", "pyi"):
                continue
            there = lines_of(index, site.path)
            if not (0 < site.line <= len(there)) or not call.search(there[site.line - 1]):
                continue
            enc = enclosing(file_syms.setdefault(site.path, index.symbols_in_file(site.path)), site.line)
            owner = index.get_symbol(enc.parent_id) if enc is not None and enc.parent_id is not None else None
            if enc is None or owner is None or not (owner.id == holder.id or holder.name in
                                                     [re.sub(r".*\.", "", b) for b in bases_of(owner)]):
                continue  # (a method of that class, or of a class deriving from it)
            if owner.id != holder.id and any(x.parent_id == owner.id and x.name == attr
                                             for x in file_syms.setdefault(owner.path, index.symbols_in_file(owner.path))):
                continue  # (a subclass binding the attribute again builds its own class: review of stop 57)
            callers_of[enc.id] = enc
            by_caller.setdefault(enc.id, []).append(site.line)
        for sid, at in by_caller.items():
            enc = callers_of[sid]
            out.append(Related(enc, enc.path, "class attribute", sorted(set(at)), level, target if level > 1 else None,
                               f"built through {holder.name}.{attr} = {cls.name} ({ref.path}:{ref.start_line})"))
    return out


def _nested_function(index: IndexQueries, sym: Symbol) -> bool:
    """A function defined inside another (a decorator's `inner`, returned and run by whatever receives it): that
    nothing calls it by name says nothing of whether it runs."""
    parent = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    return parent is not None and parent.kind in ("function", "method")


def _outside_notes(index: IndexQueries, out: Relations, sym: Symbol, depth: int) -> None:
    """Say where the library calls: the target itself when nothing here does, and the callers a walk ended at."""
    for said in (_library_override(index, sym) if not out.items or all(i.how == "name only" for i in out.items) else None,
                 _library_ends(index, out) if depth > 1 else None):
        if said:
            out.note = f"{out.note}; {said}" if out.note else said


def _library_ends(index: IndexQueries, out: Relations) -> str | None:
    """The callers a walk reached that nothing here calls and that override a method of a class from outside the
    repository: the library calls them (rnscreens run 600 and rnsvg run 598 read a depth-3 chain stopping at
    ScreenViewManager.setActivityState, an override of the codegen's interface, with no word why, and asked again)."""
    called = {it.via.id for it in out.items if it.via is not None}
    ends = [it.symbol for it in out.items if it.symbol is not None and it.symbol.id not in called and it.depth > 1
            and _library_override(index, it.symbol) is not None]
    if not ends:
        return None
    said = [f"{s.qualname} ({', '.join(bases_of(index.get_symbol(s.parent_id)) or [])})" for s in ends[:4]
            if s.parent_id is not None]
    return (f"{'; '.join(said)}: {'overrides a method' if len(said) == 1 else 'each overrides a method'} of a class from "
            "outside the repository, which the library calls; no call site here shows it")


def _library_override(index: IndexQueries, sym: Symbol) -> str | None:
    """A method overriding one of a base class from outside the repository (`@Override public void put(URI uri, ..)` in
    Capacitor's CookieManager subclass, which the JDK calls once `CookieHandler.setDefault(..)` installs it): say so,
    or an answer of no callers, or of name-only ones, reads as dead code (A/B run 109)."""
    if sym.kind != "method" or sym.parent_id is None or sym.language not in ("java", "kotlin", "csharp", "scala", "swift"):
        return None
    lines = lines_of(index, sym.path)
    head = " ".join(lines[max(0, sym.start_line - 3):sym.start_line]) + " " + (sym.signature or "")
    if not re.search(r"@Override\b|\boverride\b", head):
        return None
    cls = index.get_symbol(sym.parent_id)
    bases = [b for b in (bases_of(cls) if cls is not None else []) if b]
    simple = [re.sub(r"<.*", "", b).rsplit(".", 1)[-1] for b in bases]
    if not bases or any(s.kind in CLASS_KINDS for n in simple for s in index.symbols_named(n) if s.name == n):
        return None
    return (f"{sym.name} overrides a method of {', '.join(bases)}, from outside the repository: the library calls it "
            "(where the object is handed to it), which no call site here shows")


#: a test framework's entry point, which nothing in the repository calls: Go `TestX`/`BenchmarkX`/`ExampleX`/`FuzzX`,
#: Python `test_x`, Java/JS `testX`
_TEST_ENTRY = re.compile(r"(?:Test|Benchmark|Example|Fuzz)(?:[A-Z_]|$)|test(?:_|[A-Z]|$)")


def _test_later(entry: Any, sym: Symbol, seen: set[int], later: list[Any]) -> bool:
    """A caller in a test file is a leaf: with depth it waits in `later` until the deeper callers are in (testify's
    Equal had 161 test callers fill the answer before any wrapper's caller, A/B run 106)."""
    if entry.symbol is None or not is_test_path(entry.path) or is_test_path(sym.path) \
            or not _TEST_ENTRY.match(entry.symbol.name):
        return False  # (a helper in a test file, `snapshotAndRestore`, has callers of its own: followed as usual)
    if entry.symbol.id not in seen:
        seen.add(entry.symbol.id)
        later.append(entry)
    return True


def _base_dispatch(index: IndexQueries, target: Symbol, caller: Symbol | None) -> bool:
    """Whether `caller` is a method of a base class of `target`'s class calling the method on its own object (C++
    `sink_it_(msg)` in base_sink::log runs rotating_file_sink::sink_it_): a path a deeper level follows, unlike a
    call through some value declared with a base type (the spdlog A/B run stopped at rotate_'s direct callers)."""
    if caller is None or caller.kind != "method" or target.kind != "method" or "." not in caller.qualname \
            or "." not in target.qualname:
        return False
    mine, theirs = target.qualname.rsplit(".", 2)[-2], caller.qualname.rsplit(".", 2)[-2]
    return mine != theirs and inherits(index, mine, theirs)


def _sole_implementation(index: IndexQueries, target: Symbol, entry: Related,
                         resolve_imports: Callable[[str], dict[str, list[str]]]) -> bool:
    """Whether a caller through a value of a base type or interface (`this.connection.start()` with `connection:
    IConnection`) can only reach `target`: the target's class is the one repository type implementing it, directly and
    with nothing below. Such a caller is followed like a typed one (signalr run 542's depth-3 chain stopped there)."""
    typed = re.search(r"\breceiver [\w$.]+: \*?([A-Za-z_][\w.]*)", entry.detail or "")
    if entry.how != "base type" or typed is None or "." not in target.qualname:
        return False
    base_name, owner = typed.group(1).rsplit(".", 1)[-1], target.qualname.rsplit(".", 2)[-2]
    bases = [b for b in index.symbols_named(base_name) if b.name == base_name and b.kind in CLASS_KINDS
             and language_family(b.language) == language_family(target.language)]
    if len(bases) != 1:
        return False
    subs = [c for c, _, _ in _direct_subtypes(index, bases[0], None, resolve_imports)]
    return len(subs) == 1 and subs[0].name == owner and not _direct_subtypes(index, subs[0], None, resolve_imports)


def _own_file_macro(index: IndexQueries, target: Symbol, sites: list[Any], file_syms: dict[str, list[Symbol]]) -> list[Any]:
    """Rust: the invocations of a macro_rules! `target` made in another file that defines its own macro of that
    name (a macro_rules name is scoped to its file's text): serde run 394 had ser/impls.rs's six `seq_impl!(..)`
    listed as callers of de/impls.rs's seq_impl."""
    if target.language != "rust" or not is_macro(target.kind, target.signature):
        return []
    return [c for c in sites if c.path != target.path and any(
        d.name == target.name and is_macro(d.kind, d.signature)
        for d in file_syms.setdefault(c.path, index.symbols_in_file(c.path)))]


def _overloads_complete(index: IndexQueries, out: Relations, said: set[tuple[str, int]]) -> None:
    """Say an overload's callers are complete when every call of the name is listed or counted as another overload's
    (Commons Codec run 527: callers of B64.getRandomSalt(int, Random) said nothing of the sort, where answers without
    overloads say "every call named 'X' is listed")."""
    if out.truncated or not out.items or out.target.kind not in ("method", "function") \
            or any(it.depth != 1 or it.how == "name only" for it in out.items):
        return
    if {(r.path, r.line) for r in index.references_to(out.target.name) if r.kind == "call"} <= said:
        note = f"complete: every call named '{out.target.name}' is listed or counted as another overload's"
        out.note = f"{note}; {out.note}" if out.note else note


def _maybe_note(out: Relations, maybe: list[Any]) -> None:
    """Say the listed calls whose arguments do not tell them from another overload's (dbus-sharp run 526 read every
    `IsPublic(..)` as IsPublic(Type)'s, `IsPublic(mi.DeclaringType)` among them)."""
    if not maybe:
        return
    by: dict[str, list[Any]] = {}
    for c in maybe:
        by.setdefault(c.maybe, []).append(c)
    said = "; ".join(f"{k}: {', '.join(f'{c.path}:{c.line}' for c in v[:4])}{' …' if len(v) > 4 else ''}" for k, v in by.items())
    note = f"{len(maybe)} of these calls may be another overload's, the argument types unknown ({said})"
    out.note = f"{out.note}; {note}" if out.note else note


def _left_out_note(index: IndexQueries, out: Relations, first_dropped: list[Any], undecided: bool = False) -> None:
    """Say which first-level calls of the name were left out and why, or the agent checks every namesake call by
    hand; one that a deeper level lists (`self.console.pop_theme()`, Console.pop_theme's caller) is not named: the
    rich A/B agent read such an answer as contradicting itself."""
    listed = {(it.path, n) for it in out.items for n in it.lines}
    dropped = [c for c in first_dropped if (c.path, c.line) not in listed]
    overloads = [c for c in dropped if getattr(c, "overload", None)]
    if overloads:  # `call.resolve()` beside resolve(JSObject data): said apart, the agent need not check each by hand
        by: dict[str, list[Any]] = {}
        for c in overloads:
            by.setdefault(c.overload, []).append(c)
        def site(c: Any) -> str:  # with the definition it sits in: a caller of that overload (jsoup run 214 asked)
            enc = c.symbol or enclosing(index.symbols_in_file(c.path), c.line)
            return f"{c.path}:{c.line}" + (f" in {enc.qualname}" if enc is not None else "")
        said = "; ".join(f"{k} {len(v)} ({', '.join(site(c) for c in v[:3])}"
                         f"{f', … {len(v) - 3} more' if len(v) > 3 else ''})" for k, v in by.items())
        note = f"{len(overloads)} call{'s' if len(overloads) != 1 else ''} of another overload left out, by their arguments: {said}"
        out.note = f"{note}; {out.note}" if out.note else note
        dropped = [c for c in dropped if not getattr(c, "overload", None)]
        if not dropped and not undecided:  # (not while some listed calls may be another overload's)
            _overloads_complete(index, out, listed | {(c.path, c.line) for c in overloads})
    if not dropped:
        sole = sole_of_name(index, out.target) and _guesses_fit(index, out.target, out.items)
        if not overloads and not out.truncated and out.items and out.target.kind in ("method", "function") \
                and all((sole or it.how != "name only") and it.depth == 1 for it in out.items) \
                and {(r.path, r.line) for r in index.references_to(out.target.name) if r.kind == "call"} <= listed:
            # (monolog run 390 spent a search_text checking a callers answer that had left nothing out; only when
            # the index's every call of the name is a row: kingpin run 398 read the note beside unlisted calls of
            # another type's applyPreActions; with rows by name only, when no other definition has the name: lark
            # run 523 searched the text to check Tree.iter_subtrees' three)
            said = f"every call named '{out.target.name}' is listed" + (
                f"; {SOLE}" if any(it.how == "name only" for it in out.items) else "")
            out.note = f"{said}; {out.note}" if out.note else said
        elif not overloads and not out.truncated and out.items and out.target.kind in ("method", "function") \
                and out.target.language == "go" and all(it.how != "name only" and it.depth == 1 for it in out.items):
            # the name's other calls, resolved to another definition before they were candidates (gometrics run 597
            # checked by hand an answer that said nothing: `UpdateFilterAndLabels(..)` in a test calls the package
            # function of the method's name; Go only, whose bare and qualified calls name their package's definition,
            # where a Haskell name may be a parameter or a where-local)
            elsewhere = sorted({(r.path, r.line) for r in index.references_to(out.target.name) if r.kind == "call"} - listed)
            others = [d for d in index.symbols_named(out.target.name) if d.name == out.target.name and d.id != out.target.id
                      and d.kind in ("function", "method") and d.language == out.target.language]
            # (the definition named when it is the one: gometrics run 603 had to infer it was the package function)
            whose = f"the {others[0].kind} {others[0].qualname} ({others[0].path}:{others[0].start_line})" \
                if len(others) == 1 else "other definitions of that name"
            if 0 < len(elsewhere) <= 10:
                note = (f"complete: {len(elsewhere)} other call{'s' if len(elsewhere) != 1 else ''} named "
                        f"'{out.target.name}' left out, of {whose}: {', '.join(f'{p}:{n}' for p, n in elsewhere)}")
                out.note = f"{note}; {out.note}" if out.note else note
        return
    n = len(dropped)
    groups, dropped = _own_namesake_calls(index, out.target, dropped)
    # up to 6 named whole (the Zig A/B agent needed two calls to learn the 4th of 4); of a common name's many
    # namesake calls, two for the kind (jsoup's 192 `doc.select(..)` were five long lines in every overload's answer)
    # (up to ten whole: ramsey/uuid run 532 searched the text for the "… 3 more" of eight, a lookalike among them)
    shown = dropped if len(dropped) <= 10 else dropped[:5] if len(dropped) <= 20 else dropped[:2]
    rest = len(dropped)
    where = ", ".join([*groups, *(_left_out(index, c) for c in shown)]) + (f", … {rest - len(shown)} more" if rest > len(shown) else "")
    if out.target.kind in ("field", "variable", "constant"):  # a property's namesakes are parameters and locals
        note = (f"{n} other use{'s' if n != 1 else ''} of the name '{out.target.name}' left out: a parameter or local "
                f"of that name, or another type's member ({where})")
    elif is_macro(out.target.kind, out.target.signature):
        note = (f"{n} other call{'s' if n != 1 else ''} named '{out.target.name}' left out: another macro of that "
                f"name, their own file's ({where})")
    else:
        note = (f"{n} other call{'s' if n != 1 else ''} named '{out.target.name}' left out: another type's "
                f"method or a function of that name ({where})")
    if not out.truncated and out.items and all(it.how != "name only" for it in out.items):
        # every call of the name is a row or said here: complete, as a callees answer says (indexmap run 470 searched
        # the name to check an answer that had left nothing out)
        note = f"complete: {note}"
    out.note = f"{note}; {out.note}" if out.note else note


def _own_namesake_calls(index: IndexQueries, target: Symbol, dropped: list[Any]) -> tuple[list[str], list[Any]]:
    """The left-out calls made inside a class that defines a method of the target's name itself, said per class
    (`13 in SvgView, its own clearChildCache (SvgView.java:199)`: rnsvg run 577 searched the text to learn that the
    thirteen calls listed as "another type's" were all SvgView's private method); and the other calls."""
    if target.kind not in ("method", "function") or len(dropped) < 2:
        return [], dropped
    by: dict[int, tuple[Symbol, list[Any]]] = {}
    rest: list[Any] = []
    files: dict[str, list[Symbol]] = {}
    texts: dict[str, list[str]] = {}
    for c in dropped:
        syms = files.setdefault(c.path, index.symbols_in_file(c.path))
        line = texts.setdefault(c.path, lines_of(index, c.path))[c.line - 1] if c.line > 0 else ""
        if not re.search(rf"(?:(?<![\w$.])|(?<![\w$])(?:this|self|Self)\s*(?:\.|::|->)\s*){re.escape(target.name)}\s*\(", line):
            rest.append(c)  # (`self.value.to_repr()` in Formatted is T's, not Formatted's own: tomledit run 589)
            continue
        holder = c.symbol or enclosing(syms, c.line)
        while holder is not None and holder.kind not in CLASS_KINDS:
            holder = next((s for s in syms if s.id == holder.parent_id), None) if holder.parent_id is not None else None
        own = next((m for m in syms if holder is not None and m.parent_id == holder.id and m.name == target.name
                    and m.kind in ("method", "function") and m.id != target.id), None)
        if own is None or holder is None or holder.id == target.parent_id:
            rest.append(c)
            continue
        by.setdefault(own.id, (own, []))[1].append(c)
    groups = []
    for own, calls in by.values():
        if len(calls) < 2:
            rest += calls
            continue
        at = sorted({c.line for c in calls})
        where = ",".join(map(str, at[:8])) + (",…" if len(at) > 8 else "")
        holder = own.qualname.rsplit(".", 1)[0]
        same = all(c.path == own.path for c in calls)
        groups.append(f"{len(calls)} calls of {holder}'s own {target.name} at {own.path if same else calls[0].path}:{where}"
                      + (f" (defined at line {own.start_line})" if same else f" (defined at {own.path}:{own.start_line})"))
    return groups, rest


#: said of a method no other definition in the repository is named like: its calls by name only are most likely its own
SOLE = "the only definition so named in the repository"


def _guesses_fit(index: IndexQueries, target: Symbol, items: list[Related]) -> bool:
    """Whether every call matched by name only passes arguments the target can take (`sock.shutdown(socket.SHUT_RDWR)`
    is no call of a `shutdown(self)`: review of stop 58)."""
    sig = target.signature or ""
    if target.language == "python" and target.kind == "method":  # (called on a value: self or cls is not passed)
        sig = re.sub(r"\(\s*(?:self|cls)\b\s*(?::[^,)]*)?,?", "(", sig, count=1)
    files: dict[str, list[str]] = {}
    for it in items:
        if it.how != "name only":
            continue
        lines = files[it.path] if it.path in files else files.setdefault(it.path, lines_of(index, it.path))
        for n in it.lines:
            args = call_args(lines[n - 1], target.name) if 0 < n <= len(lines) else None
            if args is None or not takes_call(sig, target.name, args, target.language):
                return False
    return True


def sole_of_name(index: IndexQueries, target: Symbol) -> bool:
    """Whether `target` is the one function or method of its name in the repository (lark's Tree.iter_subtrees)."""
    if target.language == "rust" and RUST_INTEGER_METHOD.fullmatch(target.name or ""):
        return False  # (std's integers have one too)
    return [s.id for s in index.symbols_named(target.name) if s.kind in ("method", "function")] == [target.id]


def _left_out(index: IndexQueries, site: Any) -> str:
    """A call left out of a callers answer with its text, which shows what it calls (`a.vtable.remap(...)`,
    `FixedBufferAllocator.remap(&self.fixed_buffer_allocator, ...)`): run 48's agent read four such lines. Not the
    definition it sits in: a name beside "left out" reads as a caller."""
    lines = lines_of(index, site.path)
    text = " ".join(lines[site.line - 1].split()) if 0 < site.line <= len(lines) else ""
    text = text if len(text) <= 80 else text[:79] + "…"
    return f"{site.path}:{site.line}" + (f" `{text}`" if text else "")


def _through_macros(index: IndexQueries, target: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                    seen: set[int]) -> list[tuple[Symbol, list[Any]]]:
    """C/C++: the function-like macros whose body calls `target` (`#define ext4_ext_check(..)
    __ext4_ext_check(__func__, __LINE__, ..)`), each with the sites calling the macro: a macro's body is no parsed
    code, so those callers were missing (the ext4 A/B agent found three of four by a text search). The macros are
    found by the index (their stored text), not by a search of the repository per target."""
    if target.language not in ("c", "cpp") or target.kind != "function" or (target.signature or "").startswith("#define"):
        return []
    calls = re.compile(rf"#define\s+\w+\([^)]*\).*\b{re.escape(target.name)}\s*\(")
    out: list[tuple[Symbol, list[Any]]] = []
    for macro in index.symbols_mentioning(target.name, ("function",)):
        if macro.name == target.name or macro.id in seen or macro.language not in ("c", "cpp") \
                or not calls.match(" ".join((macro.signature or "").split())):
            continue
        out.append((macro, find_callers(index, macro, macro.name, resolve_imports)))
    return out


def _by_caller(index: IndexQueries, sites: list[Any], target: Symbol, level: int,
               file_syms: dict[str, list[Symbol]]) -> list[Related]:
    """Call sites grouped by the definition they sit in (one entry with its lines), best evidence first."""
    rank = CALLER_RANK
    groups: dict[tuple[str, int], Related] = {}
    for site in sites:
        syms = file_syms.get(site.path)
        if syms is None:
            syms = file_syms[site.path] = index.symbols_in_file(site.path)
        enc = enclosing_shown(syms, site.line)
        key = (site.path, enc.id if enc is not None else -site.line)
        entry = groups.get(key)
        if entry is None:
            detail = ""
            if site.receiver and site.receiver_name:
                owner = target.qualname.rsplit(".", 2)[-2] if "." in target.qualname else ""
                typed = site.how == "receiver type" and ":" not in site.receiver_name  # `r: Registry` says its own
                detail = f"receiver {site.receiver_name}" + (f": {owner}" if typed else "")
            entry = groups[key] = Related(enc, site.path, site.how, [], level, target if level > 1 else None, detail)
        elif rank.get(site.how, 3) < rank.get(entry.how, 3):
            entry.how = site.how
        entry.lines.append(site.line)
        if site.how == "name only":
            entry.weak.append(site.line)
    for entry in groups.values():  # (a caller with sure lines: its name-only ones say so, regex run 353's
        # `self.ro.ac.as_ref().unwrap().find(..)` read as LiteralSearcher's beside the typed `lits.find(..)`)
        entry.weak = [n for n in entry.weak if entry.how != "name only"]
    return sorted(groups.values(), key=lambda e: (rank.get(e.how, 3), e.path, e.lines[0]))


def _overridden_note(index: IndexQueries, out: Relations, sites: list[Any]) -> None:
    """A Rust trait's provided method: say once which types' calls run their own override instead of this body (bytes
    run 461 asked which `put` each caller of BufMut::put runs; BytesMut overrides it)."""
    runs = {c.runs.id: c.runs for c in sites if getattr(c, "runs", None) is not None}
    if not runs or not _provided(index, out.target):
        return
    said = "; ".join(f"on {m.qualname.rsplit('.', 2)[-2]} values they run its own {m.name} ({m.path}:{m.start_line})"
                     for m in runs.values())
    note = f"calls whose receiver's type overrides this method: {said}"
    out.note = f"{out.note}; {note}" if out.note else note


def _provided(index: IndexQueries, sym: Symbol) -> bool:
    """Whether `sym` is a Rust trait's provided method (one with a body, which an impl may override)."""
    parent = index.get_symbol(sym.parent_id) if sym.language == "rust" and sym.parent_id is not None else None
    if parent is None or parent.kind != "trait":
        return False
    lines = lines_of(index, sym.path)
    return 0 < sym.end_line <= len(lines) and not lines[sym.end_line - 1].split("//", 1)[0].rstrip().endswith(";")


def _indexed_receiver(text: str, at: int, *, php: bool = False) -> str | None:
    """The array a call at `at` is made on an element of (`predicates[i].evaluate(`, `gs[0].Gather(`; PHP
    `$handlers[$i]->handle(` as `$handlers`, `$this->renderersByClass[$c]->add(` as `renderersByClass`), or None."""
    if php:
        m = re.search(r"(?<![\w$])(\$this\s*->\s*|\$)(\w+)\s*\[[^\[\]]*\]\s*\??->\s*$", text[max(0, at - 200):at])
        return None if m is None or m.group(2) == "this" else (m.group(2) if m.group(1) != "$" else "$" + m.group(2))
    m = re.search(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*\[[^\[\]]*\]\s*(?:\?\.|\.)\s*$", text[max(0, at - 200):at])
    return m.group(1) if m else None


#: PHP language constructs that read like function calls
_PHP_CONSTRUCTS = frozenset({"isset", "empty", "unset", "array", "list", "echo", "print", "exit", "die", "eval",
                             "include", "include_once", "require", "require_once"})
#: per language, the constructs written like calls that call nothing (lower case; PHP's: Monolog A/B run 79)
_NOT_CALLS: dict[str, frozenset[str]] = {"php": _PHP_CONSTRUCTS,
                                         "cpp": frozenset({"static_cast", "dynamic_cast", "reinterpret_cast", "const_cast",
                                                           "typeid", "decltype", "alignof", "sizeof", "noexcept"})}


def _impl_target(written: str) -> str:
    """The type an `impl .. for T<..>` header writes, its arguments kept (`Borrowed<'de, [u8]>`)."""
    m = re.search(r"\bfor\s+(.+?)\s*(?:\bwhere\b|\{|$)", written)
    return m.group(1).strip() if m else ""


def _inherited_from_outside(index: IndexQueries, sym: Symbol, name: str, member_calls: dict[str, set[str]]) -> str | None:
    """`getChildCount (on this, inherited from ReactViewGroup)`: a bare (or this.) call, unresolved, in a method of a
    class whose bases reach a class from outside the repository (rnsvg run 586: FilterView's `getChildCount()`, a
    ViewGroup method, read "a receiver of unknown type" under 'complete'). None elsewhere."""
    if sym.language not in ("java", "kotlin", "csharp") or sym.parent_id is None or not name[:1].isalpha() \
            or (sym.language != "csharp" and not name[:1].islower()):
        return None  # (Java's and Kotlin's methods are lower case: `Canvas(..)`, `new RectF(..)` build classes)
    body = lines_of(index, sym.path)[sym.start_line - 1:sym.end_line]
    if any(re.search(rf"\bnew\s+{re.escape(name)}\b", t) for t in body):
        return None
    called = [m for t in body for m in re.finditer(rf"(?<![\w$])({re.escape(name)})\s*[({{]", t)
              if not re.search(r"(?<![\w$])(?:this|super|base)\s*\.\s*$|[\w$)\]?!]\s*\??\.\s*$", t[: m.start()])
              or re.search(r"(?<![\w$])(?:this|super|base)\s*\.\s*$", t[: m.start()])]
    if not called:  # (`fragment.screen.let { .. }` is on a value, no inherited method: rnscreens run 594)
        return None
    on = member_calls.get(name, set()) - {""}
    if on - {"this", "super", "base"}:
        return None
    cls = index.get_symbol(sym.parent_id)
    while cls is not None and cls.kind not in CLASS_KINDS and cls.parent_id is not None:
        cls = index.get_symbol(cls.parent_id)
    if cls is None or cls.kind not in CLASS_KINDS:
        return None
    if sym.language == "kotlin" and re.search(rf"^\s*import\s+[\w.`]+\.{re.escape(name)}\b", "\n".join(lines_of(index, sym.path)), re.M):
        return None  # (a function imported by name, not a member)
    outside: list[str] = []
    seen = {cls.id}
    frontier = [cls]
    for _ in range(8):
        nxt = []
        for c in frontier:
            for b in bases_of(c):
                simple = re.sub(r"<.*", "", b).rsplit(".", 1)[-1].strip()
                defs = [d for d in index.symbols_named(simple) if d.name == simple and d.kind in CLASS_KINDS
                        and d.language == sym.language and d.id not in seen]
                if defs:
                    seen.add(defs[0].id)
                    nxt.append(defs[0])
                elif simple and simple not in outside and (c.kind != "interface" or sym.language == "kotlin"):
                    outside.append(simple)
        frontier = nxt
        if not frontier:
            break
    classes = [o for o in outside if not re.fullmatch(r"I[A-Z]\w*", o) or sym.language != "csharp"]
    if not classes:
        return None
    return f"{name} (on this, inherited from {' or '.join(classes[:3])}, outside the repository)"


def _unresolved_with_route(index: IndexQueries, sym: Symbol, name: str, member_calls: dict[str, set[str]],
                           path_calls: dict[str, set[str]], resolve_imports: Callable[[str], dict[str, list[str]]]) -> str:
    """An unresolved call's label, with the repository module that passes the name on when an import names one
    (`import Text.Pandoc.Templates (renderTemplate)`: a repository module passing on another's)."""
    inherited = _inherited_from_outside(index, sym, name, member_calls)
    if inherited is not None:
        return inherited
    label = _unresolved_call(index, sym, name, member_calls, path_calls)
    via = resolve_imports(sym.path).get(name) if name not in member_calls else None
    if via:
        again = reexport_line(lines_of(index, via[0]), name)
        label += f" (re-exported by {via[0]}:{again[0]} from {again[1]})" if again else \
            f" (imported from {via[0]}, which defines no {name}: re-exported from elsewhere)"
    return label


def _called_on_itself(sym: Symbol, d: Symbol, name: str, member_calls: dict[str, set[str]]) -> bool | None:
    """For a callee resolved to the definition itself, called on receivers: True when they are its own receiver (a
    recursion), False when another value's (a guess gone back to the caller), None when neither applies."""
    if d.id != sym.id or name not in member_calls:
        return None
    if member_calls[name] <= _go_receiver_word(sym):
        return True
    if not member_calls[name] & SELF_WORDS and not any(r.startswith("(") for r in member_calls[name]):
        return False
    return None


def _go_receiver_word(sym: Symbol) -> set[str]:
    """A Go method's receiver variable (`p` of `func (p *ParseContext) Next()`): a call on it is on the object
    itself (kingpin run 398 found Next's recursive `p.Next()` among the unresolved)."""
    m = re.match(r"\s*func\s*\(\s*(\w+)\s+\*?[\w.]+", sym.signature or "") if sym.language == "go" else None
    return {m.group(1)} if m else set()


def _local_meaning(aliases: set[str], sym: Symbol, in_class: list[Symbol], name: str, line: int) -> Symbol | None:
    """What a call of a name defined or bound inside `sym` runs, when it is no plain local: `sym` itself through a
    local bound to it (`aliases`), or (callees of a whole class) the class's own method."""
    if in_class and name == sym.name:
        return sym  # `return new Checked()` in Checked: the class building itself
    if name in aliases:
        return sym
    return _class_member(in_class, name, line) if in_class else None


def _class_member(syms: list[Symbol], name: str, line: int) -> Symbol | None:
    """The method `name` of the innermost class (among `syms`, a class and what it holds) around `line`, else of an
    enclosing one: what a bare call there runs (Builder's own `add` inside Builder, not the outer class's)."""
    around = sorted((s for s in syms if s.kind in CLASS_KINDS and s.start_line <= line <= s.end_line),
                    key=lambda s: s.end_line - s.start_line)
    for cls in around:
        hit = next((s for s in syms if s.parent_id == cls.id and s.name == name
                    and (s.kind in ("method", "function", "constructor") or s.kind in CLASS_KINDS)), None)
        if hit is not None:
            return hit
    return None


def _self_aliases(lines: list[str] | None, sym: Symbol) -> set[str]:
    """The locals the body of `sym` binds to the function itself (`let bridge = bridge_x;`, `f := walk`, `const f =
    walk`), read once per answer."""
    if lines is None or sym.kind not in ("function", "method"):
        return set()
    rx = re.compile(rf"^\s*(?:(?:let|const|var|val|auto|local)\s+(?:mut\s+)?)?([A-Za-z_$][\w$]*)\s*(?::[^=]*)?:?=\s*"
                    rf"(?:&\s*)?{re.escape(sym.name)}\s*;?\s*$")
    return {m.group(1) for i in range(max(sym.start_line - 1, 0), min(sym.end_line, len(lines)))
            if (m := rx.match(lines[i])) and m.group(1) != sym.name}


def _php_variable_calls(sym: Symbol, lines: list[str] | None, out: list[str]) -> None:
    """`$processor($record)` in a PHP body: a callable held by a variable (Monolog run 334's agent found
    Logger::addRecord's by reading its body), added to `out` as `$processor`; never `$this->x()`."""
    if sym.language != "php" or lines is None:
        return
    for k in range(sym.start_line, min(sym.end_line, len(lines)) + 1):
        for m in re.finditer(r"(?<![\w>:$])\$([A-Za-z_]\w*)\s*\(", lines[k - 1]):
            if m.group(1) != "this" and f"${m.group(1)}" not in out:
                out.append(f"${m.group(1)}")


# ----- callees -----------------------------------------------------------------------------------------
_CALL_AFTER = {False: r"[(<]", True: r"(?![\w?!])"}  # what follows a member call's name: `x.m(`; Ruby's `x.m` too


def callees(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *,
            bound: set[str] | None = None, members: dict[str, set[str]] | None = None,
            lines: list[str] | None = None, values: list[str] | None = None) -> Relations:
    """What the body of `sym` calls, resolved to definitions where the index can (in order of first call).
    `lines` (the file's) tell member calls (`r.Leader()`) from bare ones. `values`: names the body reads bare,
    which in Scala may be calls of a method without parameters (`getState match {`): one that resolves to a
    method counts, others are locals or fields and are left out."""
    out = Relations(sym, "callees")
    inner = {s.name for s in index.symbols_in_file(sym.path)
             if sym.start_line <= s.start_line and s.end_line <= sym.end_line and s.id != sym.id}
    calls: dict[str, list[int]] = {}
    # the class's own methods its body calls (or, with a local's name, the function itself through that local)
    own: dict[tuple[int, str], tuple[Symbol, list[int]]] = {}
    # (a bare call in a method is the class's own only where the language calls on `this` implicitly: Python's
    # bare `join(..)` in a class with a `join` method is os.path's or a module function)
    in_class = [s for s in index.symbols_in_file(sym.path) if sym.start_line <= s.start_line and s.end_line <= sym.end_line] \
        if sym.kind in CLASS_KINDS and sym.language in IMPLICIT_SELF else []
    aliases = _self_aliases(lines, sym)
    for ref in index.references_in_range(sym.path, sym.start_line, sym.end_line):
        # (a Ruby `@errors = context.errors` names an instance variable, no annotation: liquid run 513 read a
        # "complete" callees answer without `context.errors`)
        if ref.kind != "call" or (sym.language != "ruby" and _annotation(lines, ref.line, ref.name)):
            continue
        if ref.name == sym.name and ref.line == sym.start_line:
            continue  # its own head (Elixir's `def run(args) do` is a call node)
        # a nested definition, a local function or a parameter called: only as a bare call (`x.bitIndex(k)` is no
        # local `bitIndex`), and never in Java, where a local cannot be called (`int lengthInBits = lengthInBits(key)`
        # calls the method: the collections A/B agent read two callees as "locals")
        local = ref.name in inner or (ref.name in (bound or set()) and sym.language != "java")
        # (Ruby calls without parentheses: `pl.arg` is no local `arg`)
        if local and lines is not None and 0 < ref.line <= len(lines) \
                and re.search(rf"[\w$)\]]\s*(?:\?\.|\.|->|::)\s*{re.escape(ref.name)}\s*{_CALL_AFTER[sym.language == 'ruby']}",
                              lines[ref.line - 1]) \
                and not re.search(rf"(?<![\w$.>:]){re.escape(ref.name)}\s*[(<]", lines[ref.line - 1]):
            local = False
        # `let bridge = bridge_unindexed_producer_consumer; ... bridge(..)`: the function calling itself (rayon A/B
        # run 73 read it as a local, maybe the file's other `bridge`); callees of a whole class: its (or a nested
        # class's) own methods are no locals
        member = _local_meaning(aliases, sym, in_class, ref.name, ref.line) if local or ref.name == sym.name else None
        if member is not None:
            own.setdefault((member.id, ref.name if member is sym and not in_class else ""), (member, []))[1].append(ref.line)
            continue
        if local:
            if ref.name not in out.local and ref.name != sym.name:
                out.local.append(ref.name)  # a nested definition, a local function or a parameter called
            continue
        calls.setdefault(ref.name, []).append(ref.line)
    out.items += [Related(sym, sym.path, "recursive", sorted(set(at)), detail=f"through the local {via}") if via
                  else Related(o, sym.path, "same class", where, detail=why)
                  for (_, via), (m, at) in own.items() for o, where, why in _by_overload(index, m, at, lines, sym, via)]
    _php_variable_calls(sym, lines, out.local)
    # PHP's language constructs written like calls (`isset($x)`, `empty($y)`) are no callees (Monolog A/B run 79)
    # (C++: `static_cast<unsigned int>(i)` converts, calls nothing; tclap run 573 listed it)
    calls = {n: at for n, at in calls.items() if n.lower() not in _NOT_CALLS.get(sym.language or "", ())}
    out.items += _php_new_self(index, sym, calls, lines, resolve_imports)  # (takes its lines out of `calls`)
    out.items += _php_clone_this(index, sym, lines, resolve_imports)
    # (Scala and Ruby call a method without arguments with no parentheses: Sequel's `return single_record`)
    quiet = _parameterless(values or [], calls, inner | set(bound or ()), sym, lines) if sym.language in ("scala", "ruby") else {}
    calls.update({name: sorted(set(calls.get(name, [])) | set(at)) for name, at in quiet.items()})
    out.items += _implicit_rows(index, sym, lines)
    out.items += _ruby_constant_rows(index, sym, calls, lines)  # (takes the lines it answers out of `calls`)
    if not calls:
        out.unresolved += _value_calls(sym, lines) if lines is not None else []
        _rust_operator_rows(index, sym, resolve_imports, lines, {}, out)
        return out
    by_line: dict[str, dict[int, list[str]]] = {}
    member_calls, path_calls = call_receivers(calls, dict(members or {}), lines, sym.language, by_line)
    # a name bound in the body and called as a method all the same (`int lengthInBits = lengthInBits(key)`) is looked up
    sem = semantic_context(index, sym, resolve_imports, max_defs=len(calls) + 50, max_callers=0,
                           bound=set(bound or ()) - set(calls),
                           members=member_calls, paths=path_calls, extra_names=quiet, calls=calls)
    resolved = _resolved_calls(index, sym, sem.definitions, calls, lines, resolve_imports,
                               bare={n for n in calls if n not in member_calls})
    _c_link(index, sym, calls, member_calls, resolved)
    split = _receiver_groups(index, sym, resolve_imports, calls, member_calls, path_calls, by_line, resolved, lines)
    entries = [(name, at, resolved.get(name), member_calls) for name, at in calls.items() if name not in split]
    entries += [(name, at, hit, {**member_calls, name: on}) for name, groups in split.items() for hit, on, at in groups]
    said_at: dict[str, list[int]] = {}  # each unresolved label's call lines
    for name, at, hit, member_calls in sorted(entries, key=lambda e: e[1][0]):  # (a split name: its group's receivers)
        was = at
        hit, at, bare_label = _no_implicit_self(index, sym, name, hit, at, lines, member_calls, path_calls, resolve_imports)
        if bare_label:
            out.unresolved.append(bare_label)
            said_at.setdefault(bare_label, []).extend(n for n in was if n not in at)
        if not at:
            continue
        at = _quiet_calls(index, sym, name, hit, at, quiet, out)
        if not at:
            continue  # a bare name that is no method: a local, a field, a parameter of an outer definition
        if hit is None and name == sym.name and sym.kind in ("function", "method") \
                and (name not in member_calls or member_calls[name] & (SELF_WORDS | _go_receiver_word(sym))
                     or _bare_call(lines, at, name)):
            out.items.append(Related(sym, sym.path, "recursive", sorted(set(at))))  # `link(target)` inside link
            continue
        if hit is None:
            label = _unresolved_with_route(index, sym, name, member_calls, path_calls, resolve_imports)
            out.unresolved.append(label)
            said_at.setdefault(label, []).extend(at)
            continue
        d, how = hit
        d = called_member(index, d)
        d, how = _constructed(index, d, how, name, at, lines, sym, resolve_imports)
        itself = _called_on_itself(sym, d, name, member_calls)
        if itself is not None:
            if itself:  # Go's `p.Next()` inside `func (p *ParseContext) Next()`
                out.items.append(Related(sym, sym.path, "recursive", sorted(set(at))))
            else:  # `iterator.next()` inside BoundedIterator.next: a guess from the receiver's name gone back to the caller
                out.unresolved.append(_unresolved_call(index, sym, name, member_calls, path_calls))
            continue
        picks = _by_overload(index, d, at, lines, sym)
        if len(picks) > 1:  # `Logger.error(msg)` and `Logger.error(msg, ex)`: one row per overload called
            out.items += [Related(o, o.path, how, where, detail=why) for o, where, why in picks]
            continue
        d = picks[0][0]
        detail = ""
        if d.language == "zig" and d.kind == "constant":  # `const assert = std.debug.assert;`: the function it names
            fn = zig_names.aliased_function(index, d, lines_of(index, d.path))
            if fn is not None:
                d, how, detail = fn, "alias", f"via const {d.name}, {d.path}:{d.start_line}"
        elif d.kind in ("class", "struct", "record") and d.language in _CONSTRUCTORS_NAMED:
            detail = _constructor_called(index, d, at, lines, sym.start_line)  # `new Node<>(key, value)`: Node(K, V) at 1902
        elif _abstract(index, d):  # run 50: `listeners.isEmpty` -> List.isEmpty 94-94, whose bodies are Nil's and ::'s
            detail = _abstract_detail(index, d, resolve_imports)
        elif d.kind == "method" and d.language in _DISPATCHING and how != "recursive":
            detail = _overridden_detail(index, d, resolve_imports)
        detail = detail or _called_as(sym, d, name, member_calls)
        _add_callee(out, Related(d, d.path, how, sorted(set(at)), detail=detail))
    if lines is not None:
        _beyond_calls(index, sym, resolve_imports, lines, values, set(calls) | set(bound or ()) | inner, out)
        out.unresolved += _value_calls(sym, lines)
        _rust_operator_rows(index, sym, resolve_imports, lines, member_calls, out)
    # (with their lines: signalr run 535 read the body again to place `Promise.reject` and `JSON.parse`)
    # (not a shell's builtins: `local at 6, return at 7` says nothing)
    _said_where(out, said_at, sym.language != "bash")
    _ruby_setter_calls(sym, lines or [], out)
    _jvm_imported_calls(index, sym, out)
    # in order of each row's first call: a name's first call may be another's (Go's `int8(c)` conversion at 294 had
    # put Decoder.int8, called at 328, before float32 at 316: msgpack run 424)
    out.items.sort(key=lambda r: r.lines[0] if r.lines else 0)
    return out


#: Rust's operators and the trait method each runs on a value of a type implementing it
_RUST_OPERATORS = {"+=": "add_assign", "-=": "sub_assign", "*=": "mul_assign", "/=": "div_assign", "%=": "rem_assign",
                   "+": "add", "-": "sub", "*": "mul", "/": "div", "%": "rem"}
_RUST_OPERATOR_USE = re.compile(r"(?<![\w.:])((?:self\.)?[a-z_]\w*)\s*([-+*/%]=?)(?![=>])\s*(?=[\w(&*!-])")


def _rust_operator_rows(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                        lines: list[str] | None, member_calls: dict[str, set[str]], out: Relations) -> None:
    """Rust: an operator on a value whose type the repository gives an operator trait impl (`datetime -=
    OldDuration::seconds(1)` with `impl SubAssign<OldDuration> for NaiveDateTime`) runs that impl's method: a row
    (`NaiveDateTime.sub_assign ... (operator -=)`). Chrono run 499 read a "complete" callees answer without it."""
    if sym.language != "rust" or sym.kind not in ("function", "method") or lines is None:
        return
    wanted: dict[str, list[tuple[int, str, str]]] = {}
    for n in range(sym.start_line + 1, min(sym.end_line, len(lines)) + 1):
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', lines[n - 1]).split("//", 1)[0]
        for m in _RUST_OPERATOR_USE.finditer(code):
            word, op = m.group(1), m.group(2)
            if word in ("self", "mut", "let", "as", "return", "in", "if", "else", "match", "move", "ref", "where"):
                continue
            wanted.setdefault(_RUST_OPERATORS[op], []).append((n, word, op))
    if not wanted:
        return
    resolve = receiver_resolver(index, sym, resolve_imports, {k: set(v) for k, v in member_calls.items()}, {})
    listed = {(it.symbol.id if it.symbol is not None else None) for it in out.items}
    rows: dict[int, tuple[Symbol, list[int], set[str]]] = {}
    for method, uses in wanted.items():
        if not any(d.name == method and d.language == "rust" and d.kind == "method" for d in index.symbols_named(method)):
            continue  # (no impl of the trait in the repository: std's own operator)
        for n, word, op in uses:
            got = resolve(method, word)
            if got is None or got[0].name != method or "name" in got[1]:  # (never a guess by the name alone)
                continue
            picked = _rust_operator_impl(index, got[0], lines[n - 1], word, op)
            if picked is None:  # several impls of the trait for the type, the right operand's type unread
                heads = _rust_operator_impls(index, got[0])
                out.unresolved.append(f"{word} {op} .. (operator: one of {', '.join(h for _, h in heads[:6])}"
                                      f"{', …' if len(heads) > 6 else ''})")
                continue
            got = (picked, got[1])
            row = rows.setdefault(got[0].id, (got[0], [], set()))
            row[1].append(n)
            row[2].add(op)
    for d, at, ops in rows.values():
        if d.id in listed:
            continue
        out.items.append(Related(d, d.path, "receiver type", sorted(set(at)),
                                 detail=f"operator {', '.join(sorted(ops))}"))


def _rust_operator_impls(index: IndexQueries, m: Symbol) -> list[tuple[Symbol, str]]:
    """The methods of the operator trait's impls for the same type as `m`'s (`impl Sub<OldDuration> for
    NaiveDateTime`, `impl Sub<FixedOffset> for NaiveDateTime`: the type's methods of that name), each with its
    impl's head (`Sub<FixedOffset>`)."""
    owner = index.get_symbol(m.parent_id) if m.parent_id is not None else None
    out: list[tuple[Symbol, str]] = []
    for d in index.symbols_named(m.name):
        if d.name != m.name or d.kind != "method" or d.language != "rust" or owner is None:
            continue
        # (the type's methods of the name, an impl in another module too: `impl Sub<FixedOffset> for NaiveDateTime`
        # in offset/fixed.rs, named `fixed::NaiveDateTime::sub`)
        if d.parent_id != m.parent_id and re.split(r"\.|::", d.qualname)[-2:-1] != [owner.name]:
            continue
        impl = next((x for x in index.symbols_in_file(d.path) if x.kind == "impl"
                     and x.start_line <= d.start_line and d.end_line <= x.end_line), None)
        h = re.match(r"\s*(?:unsafe\s+)?impl\b(?:\s*<[^{]*?>)?\s*([\w:]+?)\s*(?:<(.*?)>)?\s+for\b", impl.signature or "") \
            if impl is not None else None
        out.append((d, f"{h.group(1).rsplit('::', 1)[-1]}<{h.group(2)}>" if h and h.group(2) else h.group(1) if h else ""))
    return out or [(m, "")]


def _rust_operator_impl(index: IndexQueries, m: Symbol, text: str, word: str, op: str) -> Symbol | None:
    """Of the operator trait's impls for the type, the one the right operand picks (`datetime -= OldDuration::
    seconds(1)`: `SubAssign<OldDuration>`); `m` when the type has one; None when it has several and the right
    operand's type is not written (chrono's `datetime - offset.fix()`: Sub<OldDuration> or Sub<FixedOffset>)."""
    impls = _rust_operator_impls(index, m)
    if len(impls) == 1:
        return impls[0][0]
    after = text.split(f"{word} {op}", 1)[-1] if f"{word} {op}" in text else text.split(op, 1)[-1]
    rhs = re.match(r"\s*&?\s*(?:[a-z_]\w*::)*([A-Z]\w*)\s*(?:::|\{|\()", after)
    if rhs is None:
        return None
    fits = [d for d, h in impls if re.search(rf"<(?:[\w:]*::)?{re.escape(rhs.group(1))}(?:<.*)?>$", h)]
    return fits[0] if len(fits) == 1 else None


def _quiet_calls(index: IndexQueries, sym: Symbol, name: str, hit: tuple[Symbol, str] | None, at: list[int],
                 quiet: dict[str, list[int]], out: Relations) -> list[int]:
    """A name read bare (Ruby, Scala) that resolves to no method: its bare lines are calls on self (Ruby) or a
    local's reads; the lines left, to resolve as calls (only its bare lines: `context.registers` beside a bare
    `registers` is a call on context, liquid run 509)."""
    if name not in quiet or not (hit is None or hit[0].kind not in ("function", "method")):
        return at
    mine = [n for n in at if n in quiet[name]]
    if mine:
        _ruby_self_call(index, sym, name, hit, mine, out)  # (Ruby: a bare name no local binds is a call on self)
    return [n for n in at if n not in quiet[name]]


def _c_link(index: IndexQueries, sym: Symbol, calls: dict[str, list[int]], member_calls: dict[str, set[str]],
            resolved: dict[str, Any]) -> None:
    """C: each bare call no include resolved, bound by the linker's rule (_c_linked); never a call through a parameter
    or a local holding a function (`handler(n)`, review of stop 56), and not in C++ (namespaces, methods)."""
    if sym.language != "c":
        return
    lines = lines_of(index, sym.path)
    body = "\n".join(lines[sym.start_line - 1: sym.end_line])
    resolved.update({n: got for n in calls if resolved.get(n) is None and n not in member_calls
                     and not re.search(rf"\(\s*\*\s*{re.escape(n)}\s*\)|[\w*]\s+\**{re.escape(n)}\s*[,)=;\[]", body)
                     and (got := _c_linked(index, sym, n)) is not None})


def _c_linked(index: IndexQueries, sym: Symbol, name: str) -> tuple[Symbol, str] | None:
    """C/C++: the one function the repository defines (with a body, not `static` in another file) under a name a
    body calls bare, which the linker binds by name whatever header declares it (libevent run 489: event_reinit's
    `evsig_init_(base)`, declared in a header event.c reaches through another, and `event_errx(..)`, whose prototype
    ends in attribute macros, were "not defined by name in the repository")."""
    found = [d for d in index.symbols_named(name) if d.name == name and d.kind == "function" and d.parent_id is None
             and d.language in ("c", "cpp") and d.end_line > d.start_line and not d.path.endswith((".h", ".hpp", ".hh"))
             and not (d.path != sym.path and re.match(r"\s*static\b", d.signature or ""))]
    return (found[0], "global name") if len(found) == 1 else None


_INDEXED_CALL = re.compile(r"((?:[A-Za-z_$][\w$.]*)?(?:\[[^\[\]\n]*\])+)\s*\(")
_GROUPED_CALL = re.compile(r"(?<![\w$\])])(\((?:[^()\n]|\([^()\n]*\))*\))\s*\(")


def _value_calls(sym: Symbol, lines: list[str]) -> list[str]:
    """Calls of a value the body computes, which no name resolves: `hooks[0](2)`, `handlers[name](items)`, `(self.cb
    or print)(4)`; listed, so a callees answer that says it is complete is (review of 0983ee4: they were missing)."""
    # (only where `x[i](..)` and `(..)(..)` can be nothing else: Go's generics and conversions, Java's and PHP's casts
    # would read as such calls; review of 0cafc90)
    if sym.language not in ("python", "javascript", "typescript", "tsx", "jsx"):
        return []
    comment = "#" if sym.language == "python" else "//"  # (a JS `#private` field is no comment)
    out: list[str] = []
    for text in lines[sym.start_line: sym.end_line]:
        code = re.sub(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", '""', text).split(comment, 1)[0]
        for m in _INDEXED_CALL.finditer(text if _INDEXED_CALL.search(code) else ""):
            if m.group(1)[:1] != "[":  # (`[a, b](x)` is no call)
                out.append(f"{m.group(1)}(..) (a call of a value)")
        out += [f"{m.group(1)}(..) (a call of a value)" for m in _GROUPED_CALL.finditer(code)
                if not re.match(r"\(\s*(?:function\b|async\b|\(?[\w$,\s]*\)?\s*=>)", m.group(1))]  # (an IIFE is said apart)
    return list(dict.fromkeys(out))[:10]


def _rust_cfg_rows(sym: Symbol, lines: list[str], out: Relations) -> None:
    """A callee row whose every call line sits in a statement or match arm under `#[cfg(..)]` says so (tokio run 416:
    Runtime::block_on's trace::task, Id::next and MultiThread::block_on are compiled only with some features)."""
    for row in out.items:
        cfgs = {_rust_cfg_at(lines, n, sym.start_line) for n in row.lines}
        if len(cfgs) == 1 and (cfg := cfgs.pop()):
            row.detail = f"{row.detail}; under {cfg}" if row.detail else f"under {cfg}"


def _rust_cfg_at(lines: list[str], n: int, start: int) -> str:
    """The `#[cfg(..)]` right above the statement or match arm holding line `n` ("" when none): the statement's
    first line is found by going up while the line above does not end one (`;`, `{`, `}`, an arm's `=>`)."""
    first = n
    while first - 1 > start and 0 < first - 1 <= len(lines):
        above = lines[first - 2].split("//", 1)[0].rstrip()
        if not above or above.endswith((";", "{", "}")) or above.lstrip().startswith("#[") or "=>" in above:
            break
        first -= 1
    k = first - 1
    while k > start and 0 < k <= len(lines) and lines[k - 1].strip().startswith("#["):
        attr = " ".join(lines[k - 1].split())
        if attr.startswith("#[cfg("):
            return attr
        k -= 1
    return ""


def _ts_field_call(index: IndexQueries, sym: Symbol, label: str) -> str:
    """`this.onInvalidate_` called where the class holds a function in that field (a field, or a constructor's
    `private onInvalidate_: () => void`): the label says so, where it is declared (MobX run 412 read it "unresolved
    (external, builtin, or a receiver of unknown type)")."""
    m = re.fullmatch(r"this\.#?([\w$]+)", label)
    holder = index.get_symbol(sym.parent_id) if m is not None and sym.parent_id is not None else None
    if holder is None or m is None:
        return label
    name = m.group(1)
    members = [s for s in index.symbols_in_file(holder.path) if s.parent_id == holder.id]
    field = next((s for s in members if s.name == name and s.kind == "field"), None)
    if field is not None:
        return f"{label} (a function held in the field {holder.name}.{name}, {field.path}:{field.start_line}: run whatever is set there)"
    ctor = next((s for s in members if s.name == "constructor"), None)
    if ctor is not None and re.search(rf"\b(?:private|public|protected|readonly)\s+(?:readonly\s+)?{re.escape(name)}\??\s*:",
                                      _uncut(index, ctor).signature or ""):
        return (f"{label} (a function held in the field {name}, a parameter of {holder.name}'s constructor "
                f"{ctor.path}:{ctor.start_line}: run whatever is passed in)")
    return label

def _receiver_groups(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                     calls: dict[str, list[int]], member_calls: dict[str, set[str]], path_calls: dict[str, set[str]],
                     by_line: dict[str, dict[int, list[str]]], resolved: dict[str, tuple[Symbol, str]],
                     lines: list[str] | None) -> dict[str, list[tuple[tuple[Symbol, str] | None, set[str], list[int]]]]:
    """A name called on receivers that resolve to different definitions (`f.Close()` on a *File and `s.Close()` on a
    *Sock, even on one line): per definition, the receivers and their call lines, in order of the first line. A
    receiver this cannot type keeps its lines with the definition the name resolves to as a whole (as before the
    split: callers type more receivers than a body's resolver does, `a, b *File` or an Optional[..]), but for a
    Rust path call, whose qualifier names the owner: unresolved (None). A name resolved
    by one receiver had had every call line, `s.Close()`'s too."""
    out: dict[str, list[tuple[tuple[Symbol, str] | None, set[str], list[int]]]] = {}
    resolve: ReceiverResolver | None = None
    for name, at in calls.items():
        line_of = by_line.get(name, {})
        # a call on an element or a call's result (`$this->renderersByClass[$c]->add(..)`, `c[0].add(3)`) has a
        # receiver no name types: never the definition another line's receiver reached (commonmark: `add` "called
        # at 22,23" for the Collection the second line's `$this->processors` is)
        unread = [n for n in at if n not in line_of and _on_expression(lines, n, name)]
        named = (member_calls.get(name, set()) | {r for rs in line_of.values() for r in rs}) - {""}
        armed = sym.language == "rust" and lines is not None and any(0 < n <= len(lines) and "=>" in lines[n - 1] for n in at)
        # (Python: `html.unescape(name)` and the module's own bare `unescape(label)` in one body; py3 run 497's
        # callees answer had merged both into html.unescape under "complete")
        # (Ruby too: `Context.new(.., registers, ..)` beside `context.registers.static`, liquid run 509)
        bare = [n for n in at if sym.language in ("python", "ruby") and n not in line_of and n not in unread
                and lines is not None and _bare_call(lines, [n], name)]
        if (len(named) < 2 and not (unread and named) and not armed and not (named and bare)) \
                or any(n not in line_of and n not in unread and n not in bare for n in at):
            continue
        resolve = resolve or receiver_resolver(index, sym, resolve_imports, member_calls, path_calls)
        whole = resolved.get(name)
        found_by: dict[str, tuple[Symbol, str] | None] = {}  # per receiver, once (a body's lines rescanned per look-up)
        groups: dict[int | None, tuple[tuple[Symbol, str] | None, set[str], list[int]]] = {}
        for n in sorted(set(at)):
            for r in dict.fromkeys(line_of.get(n) or [""]):
                arm = rust_arm_member(index, sym, lines[n - 1], r, name) \
                    if sym.language == "rust" and r and lines is not None and 0 < n <= len(lines) else None
                if arm is not None:  # (its own arm's binding: `Scheduler::MultiThread(exec) => exec.block_on(..)`)
                    group = groups.setdefault(arm[0].id, (arm, set(), []))
                    group[1].add(r)
                    group[2].append(n)
                    continue
                if r not in found_by:
                    found_by[r] = resolve(name, r) if r else (resolve(name, "self") if sym.language == "ruby"
                                                              else _bare_found(index, sym, name)) if bare else None
                # (a Rust path's qualifier names its owner: `Vec::new()` unresolved is no `Holder::new()`; a closure's
                # parameter, `array_map(function ($o) { return $o->getName(); }, ..)`, is another value)
                # (nor a receiver declared with a library's type: `ctx.seen.get(..)` with `seen: Map<..>` is no
                # `$ZodRegistry.get` that `ctx.metadataRegistry.get(..)` reaches, zod run 242)
                # (nor a call chain no step of which is typed, `new Impl.Builder().setSpec(1).setHandler(h)`: its
                # own value, not ReactContext's setHandler another line reached; react-native run 441)
                # (and never the bare call's meaning: `context.registers` beside a bare `registers`)
                found = found_by[r] or (whole if r and not bare and not r.endswith("[]") and r not in path_calls.get(name, ())
                                        and "()" not in r
                                        and not _closure_bound(lines, n, r) and resolve.outside_type(r) is None
                                        and not resolve.outside_module(r) else None)
                found = (called_member(index, found[0]), found[1]) if found is not None else None
                key = found[0].id if found is not None else None
                group = groups.setdefault(key, (found, set(), []))
                group[1].add(r)
                if n not in group[2]:
                    group[2].append(n)
        if len(groups) > 1:
            out[name] = sorted(groups.values(), key=lambda g: g[2][0])
    return out


def _bare_found(index: IndexQueries, sym: Symbol, name: str) -> tuple[Symbol, str] | None:
    """The module-level function of the body's own file a bare call of `name` is (Python), or None."""
    own = next((s for s in index.symbols_in_file(sym.path) if s.name == name and s.parent_id is None
                and s.kind == "function"), None)
    return (own, "same file") if own is not None else None


def _on_expression(lines: list[str] | None, n: int, name: str) -> bool:
    """Whether line `n` calls `name` on an element or a call's result (`x[k]->name(`, `f(a).name(`), a receiver
    no name types."""
    text = lines[n - 1] if lines is not None and 0 < n <= len(lines) else ""
    return re.search(rf"[\])]\s*(?:\??->|\?\.|\.)\s*{re.escape(name)}\s*\(", text) is not None


#: a chain joined from the lines above that is the object itself (`$this` then `->setName('help')`)
_SELF_HEAD = re.compile(r"\s*(?:\$this|this|self)\s*(?:\??->|\??\.)")


def _closure_bound(lines: list[str] | None, n: int, r: str) -> bool:
    """Whether line `n` binds `r` as a parameter of a closure written on it (`function ($o)`, `(o) =>`, `o =>`,
    `lambda o:`, `|o|`, `{ o ->`)."""
    text = lines[n - 1] if lines is not None and 0 < n <= len(lines) else ""
    if not re.fullmatch(r"\$?[\w$]+", r) or r not in text:
        return False
    w = re.escape(r)
    return re.search(rf"\b(?:function|fn|func)\s*\([^)]*(?<![\w$]){w}\b[^)]*\)|\([^()]*(?<![\w$]){w}\b[^()]*\)\s*=>"
                     rf"|(?<![\w$]){w}\s*=>|\blambda\b[^:]*(?<![\w$]){w}\b|\|[^|]*(?<![\w$]){w}\b[^|]*\||\{{\s*{w}\s*->",
                     text) is not None


def called_member(index: IndexQueries, d: Symbol) -> Symbol:
    """What a call of `d` reaches: a same-named method of its class rather than a field or property (commonmark's
    Node has `protected ?Node $next` and `next()`: `$node->next()` had been the property's row at some lines)."""
    if d.language in TS_LIKE and d.kind in ("method", "function"):
        # a TypeScript overload signature (`public post(url: string): Promise<R>;`) has one implementation, the
        # definition with a body (signalr run 535 was pointed at the one-line signature of HttpClient.post)
        same = [s for s in index.symbols_in_file(d.path) if s.qualname == d.qualname and s.kind == d.kind]
        return max(same, key=lambda s: (s.end_line - s.start_line, s.start_line), default=d)
    if d.kind not in ("field", "property") or d.parent_id is None:
        return d
    return next((s for s in index.symbols_in_file(d.path) if s.parent_id == d.parent_id and s.name == d.name
                 and s.kind in ("method", "function")), d)


def _called_as(sym: Symbol, d: Symbol, name: str, member_calls: dict[str, set[str]]) -> str:
    """`called as _item_fn`: a Python function or class called bare under an import's other name."""
    return f"called as {name}" if sym.language == "python" and name != d.name and name not in member_calls \
        and d.kind in ("function", "class") else ""


def _add_callee(out: Relations, row: Related) -> None:
    """A callee row, merged into the row a Ruby constant call gave the same definition (`entity(val)` through the
    mixin and `Entities.entity('amp')` on the constant: one row)."""
    aliased = row.detail.startswith("called as ")  # (Python `item(x)` and `top_fn(x)` of `import item as top_fn`)
    same = next((r for r in out.items if (r.how == "constant" or aliased or r.detail.startswith("called as "))
                 and r.symbol is not None and row.symbol is not None and r.symbol.id == row.symbol.id), None)
    if same is not None:
        same.lines = sorted(set(same.lines) | set(row.lines))
        if aliased:
            said = row.detail.removeprefix("called as ")
            same.detail = f"{same.detail}, {said}" if same.detail.startswith("called as ") else \
                f"called as {said} too" if not same.detail else same.detail
    else:
        out.items.append(row)


def _no_implicit_self(index: IndexQueries, sym: Symbol, name: str, hit: tuple[Symbol, str] | None, at: list[int],
                      lines: list[str] | None, member_calls: dict[str, set[str]], path_calls: dict[str, set[str]],
                      resolve_imports: Callable[[str], dict[str, list[str]]]) -> tuple[tuple[Symbol, str] | None, list[int], str]:
    """Where a method is called on its object only (Go, Python, JS/TS, Rust, PHP, Lua), a bare call is no method's:
    `reportObserved(this)` in Atom.reportObserved is the module's function (MobX), `n := len(m)` beside `rr.len(n)`
    the builtin (miekg/dns's `len(m.Extra)` had been the generated A.len). The definition, the lines still its, and
    the label of the bare calls when they are set apart."""
    if sym.language not in NO_IMPLICIT_SELF:
        return hit, at, ""
    if hit is None and name == sym.name and sym.kind == "method" and name not in member_calls:
        return _module_function(index, sym, name, resolve_imports), at, ""
    # (nor an enum member or a class's field: `new Error(..)` is the builtin, never LogLevel.Error; signalr run 535)
    if hit is None or lines is None or (hit[0].kind != "method" and not _class_member_value(index, hit[0])):
        return hit, at, ""
    bare_at = [n for n in at if _called_bare(lines, n, name, dots=sym.language in TRAILING_DOT_CHAINS)]
    if not bare_at:
        return hit, at, ""
    return hit, [n for n in at if n not in bare_at], _unresolved_call(index, sym, name, {}, path_calls)


def _said_where(out: Relations, said_at: dict[str, list[int]], lines: bool) -> None:
    """The unresolved callees, builtins and other packages' functions, each with its call lines (`fmt.Errorf at 64`:
    go-sockaddr run 551 and wtforms run 553 read the body again to place them); none for a shell's builtins."""
    out.unresolved = [_with_lines(u, said_at.get(u) if lines else None) for u in dict.fromkeys(out.unresolved)]
    if lines:
        out.builtins = [_with_lines(b, said_at.get(b)) for b in out.builtins]
        out.packages = [_with_lines(p, said_at.get(p)) for p in out.packages]


def _with_lines(label: str, at: list[int] | None) -> str:
    """An unresolved callee's label with the lines calling it (`JSON.parse at 355`), up to six."""
    if not at or " at " in label:
        return label
    shown = sorted(set(at))
    return f"{label} at {','.join(map(str, shown[:6]))}{',…' if len(shown) > 6 else ''}"


def _class_member_value(index: IndexQueries, d: Symbol) -> bool:
    """A constant or field declared in a class, enum, struct or interface (an enum's member, a static field)."""
    if d.kind not in ("constant", "field") or d.parent_id is None or d.language == "rust":
        return False  # (a Rust enum's variants are called bare after `use Token::*`: review of stop 59)
    parent = index.get_symbol(d.parent_id)
    return parent is not None and parent.kind in CLASS_KINDS and parent.kind != "module"  # (a TS namespace's own)


def _module_function(index: IndexQueries, sym: Symbol, name: str,
                     resolve_imports: Callable[[str], dict[str, list[str]]]) -> tuple[Symbol, str] | None:
    """The function a bare call names from a method of its own name, where a method is never called bare: the
    file's own top-level function, else the one its imports bring."""
    for path, how in [(sym.path, "same file"), *((p, "import") for p in resolve_imports(sym.path).get(name) or [])]:
        for s in index.symbols_in_file(path):
            if s.name == name and s.kind == "function" and s.parent_id is None:
                return s, how
    return None


def _python_aliased_calls(index: IndexQueries, sym: Symbol, calls: dict[str, list[int]], bare: set[str] | frozenset[str],
                          lines: list[str], resolve_imports: Callable[[str], dict[str, list[str]]],
                          resolved: dict[str, tuple[Symbol, str]]) -> None:
    """Python: a bare call of a name an import binds under another name (`from .items import item as _item_fn`, at the
    top or inside a function around it) is a call of the original: tomlkit runs 471/475 read `_item_fn` as
    unresolved."""
    aliases = python_import_aliases(lines)
    for name in calls:
        if name not in resolved and name in bare and name in aliases:
            got = python_alias_target(index, resolve_imports(sym.path), aliases, name)
            if got is not None:
                resolved[name] = (got, "import")


def _resolved_calls(index: IndexQueries, sym: Symbol, definitions: list[tuple[Symbol, str]], calls: dict[str, list[int]],
                    lines: list[str] | None, resolve_imports: Callable[[str], dict[str, list[str]]],
                    bare: set[str] | frozenset[str] = frozenset()) -> dict[str, tuple[Symbol, str]]:
    """Each called name's definition, the first the semantic context found. A Go field is never what a composite
    literal builds: memberlist's `&Node{..}` is the struct Node, not the field alive.Node the body reads as `a.Node`.
    A name only called bare (`bare`) is no method where methods are called on their object only (MobX's
    `return reportObserved(this)` in Atom.reportObserved is the imported function, not IAtom's method)."""
    resolved: dict[str, tuple[Symbol, str]] = {}
    no_self = sym.language in NO_IMPLICIT_SELF
    # Rust: `Token![where]` invokes the macro Token, never the trait of that name (syn's data_struct had "trait Token
    # called at 166,169,.."), and a call without `!` is no macro's
    bang = {n for n, at in calls.items() if _rust_macro_calls(lines, n, at)} if sym.language == "rust" else set()
    for d, how in definitions:
        if d.name not in calls or d.name in resolved:
            continue
        if sym.language == "rust" and (d.name in bang) != (d.signature or "").startswith("macro_rules!"):
            continue
        if sym.language == "ruby" and d.name in bare and d.kind == "method" and _ruby_side(index, d) != _ruby_side(index, sym) \
                and (_ruby_side(index, sym) or _ruby_class_only(index, d)):
            # a bare `error!` in an instance method is an instance method (rougify's CLI#error!), never the class's
            # `def self.error!`; none in the class or its bases: left unresolved
            other = _ruby_same_side(index, sym, d.name)
            if other is not None:
                resolved[d.name] = (other, "base class" if other.parent_id != sym.parent_id else "same class")
            continue
        if no_self and d.name in bare and d.kind in ("method", "field", "property") \
                and lines is not None and all(_called_bare(lines, n, d.name, dots=sym.language in TRAILING_DOT_CHAINS) for n in calls[d.name]):
            continue
        if d.kind in ("field", "property") and sym.language == "go" and _go_literals_only(lines, calls[d.name], d.name):
            types = _resolve_type(index, d.name, sym, resolve_imports)
            if types:
                resolved[d.name] = types[0]
            continue
        resolved[d.name] = (d, how)
    for name in bang - set(resolved):
        macros = [m for m in index.symbols_named(name) if m.name == name and (m.signature or "").startswith("macro_rules!")]
        near = [m for m in macros if m.path == sym.path] or macros
        if len(near) == 1:
            resolved[name] = (near[0], "same file" if near[0].path == sym.path else "unique name")
    if sym.language == "python" and lines is not None:
        _python_aliased_calls(index, sym, calls, bare, lines, resolve_imports, resolved)
    return resolved


def _ruby_same_side(index: IndexQueries, sym: Symbol, name: str) -> Symbol | None:
    """The Ruby method `name` on `sym`'s side (instance or class) that its class or a base of it defines."""
    holder = sym if sym.kind in CLASS_KINDS or sym.kind == "module" else \
        index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    if holder is None:
        return None
    lineage = [holder, *(it.symbol for it in supertypes(index, holder, lambda _p: {}, depth=4).items if it.symbol is not None)]
    side = _ruby_side(index, sym)
    for cls in lineage:
        for m in index.symbols_in_file(cls.path):
            if m.parent_id == cls.id and m.name == name and m.kind == "method" and _ruby_side(index, m) == side:
                return m
    return None


def _ruby_class_only(index: IndexQueries, d: Symbol) -> bool:
    from contexteer.indexers.qualify import ruby_class_only

    return ruby_class_only(lines_of(index, d.path), d, index.symbols_in_file(d.path))


def _ruby_side(index: IndexQueries, d: Symbol) -> bool:
    """Whether a Ruby definition is on its class's own side: a class method, or code of the class body."""
    from contexteer.indexers.qualify import ruby_singleton

    if d.kind in CLASS_KINDS or d.kind == "module":
        return True
    return ruby_singleton(lines_of(index, d.path), d, index.symbols_in_file(d.path))


def _rust_macro_calls(lines: list[str] | None, name: str, at: list[int]) -> bool:
    """Whether every call of `name` on these lines is a macro's invocation (`name!(..)`, `name![..]`)."""
    if lines is None:
        return False
    pat = re.compile(rf"(?<![\w$]){re.escape(name)}\s*!\s*[(\[{{]")
    return all(0 < n <= len(lines) and pat.search(lines[n - 1]) is not None
               and re.search(rf"(?<![\w$]){re.escape(name)}\s*[(<]", lines[n - 1]) is None for n in at)


def _ruby_constant_rows(index: IndexQueries, sym: Symbol, calls: dict[str, list[int]], lines: list[str] | None) -> list[Related]:
    """Ruby calls on a constant (`Lexer.find(..)`, `Formatters::Terminal256.new(theme)`), each constant looked up
    from the body's nesting outwards: the class method it names (its own, `def self.x` or in `class << self`, else a
    base's), and for `.new` the class with the `initialize` that runs; one row per constant, with its lines (rougify's
    Highlight#initialize had left `find (on Lexer, Theme)` and ten formatter constructions unresolved). The lines
    answered are taken out of `calls`."""
    if sym.language != "ruby" or lines is None:
        return []
    rows: list[Related] = []
    for name in list(calls):
        pat = re.compile(rf"(?<![\w:@$.])((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)\s*\.\s*{re.escape(name)}(?![\w?!=])")
        per: dict[str, list[int]] = {}
        for n in calls[name]:
            for m in pat.finditer(lines[n - 1] if 0 < n <= len(lines) else ""):
                per.setdefault(m.group(1), []).append(n)
        taken: set[int] = set()
        for written, at in per.items():
            parts = _ruby_constant_parts(index, sym, written.lstrip(":"), written.startswith("::"),
                                         CLASS_KINDS | {"module"})
            if not parts:
                continue
            cls = _main_part(index, parts)
            members = [m for p in parts for m in index.symbols_in_file(p.path) if m.parent_id == p.id and m.name ==
                       ("initialize" if name == "new" else name) and m.kind in ("method", "function")]
            if name == "new":
                init = members[0] if members else _inherited_member(index, cls, "initialize", index.symbols_in_file)
                where = "" if init is None else f"{init.path}:{init.start_line}" if init.path != cls.path \
                    else f"{init.start_line}-{init.end_line}"
                owner, _, _ = init.qualname.replace(".", "::").rpartition("::") if init is not None else ("", "", "")
                detail = f"constructor {owner}#initialize {where}" + ("" if members else ", inherited") \
                    if init is not None else "constructor: none of its own or its bases' (Object#initialize)"
                rows.append(Related(cls, cls.path, "constant", sorted(set(at)), detail=detail))
                taken.update(at)
                continue
            own = [m for m in members if _ruby_side(index, m)]
            target = own[0] if own else _inherited_member(index, cls, name, index.symbols_in_file)
            if target is None or target.language != "ruby" or (not own and not _ruby_side(index, target)):
                continue
            rows.append(Related(target, target.path, "constant", sorted(set(at))))
            taken.update(at)
        left = [n for n in calls[name] if n not in taken]
        if left:
            calls[name] = left
        else:
            del calls[name]
    merged: dict[int, Related] = {}  # `Lexer.find` and `Rouge::Lexer.find`: one definition, one row
    for r in rows:
        key = r.symbol.id if r.symbol is not None else id(r)
        if key in merged:
            merged[key].lines = sorted(set(merged[key].lines) | set(r.lines))
        else:
            merged[key] = r
    return list(merged.values())


def _go_interface_member(index: IndexQueries, m: Symbol) -> bool:
    owner = index.get_symbol(m.parent_id) if m.parent_id is not None else None
    return owner is not None and owner.kind == "interface"


def _abstract_detail(index: IndexQueries, d: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]]) -> str:
    """What a callee without a body stands for: the methods overriding it; for a Swift protocol's requirement, also
    the default its extension gives (expo's `module._decorateModule(..)`: AnyModule's, its extension's default)."""
    subs = [o.symbol for o in _overrides(index, d, resolve_imports, depth=1, rust_impls=None).items if o.symbol]
    if d.language == "go":  # (another interface with the method, testify's three tHelper, implements nothing)
        subs = [o for o in subs if not _go_interface_member(index, o)]
    # (the test files' last, said so: miekg/dns run 368 read tsig_test.go's testProvider among the implementations)
    subs.sort(key=lambda o: is_test_path(o.path))
    at = _cited_lines(index, subs[:4])
    detail = "abstract; overridden in " + ", ".join(f"{o.qualname} {o.path}:{at.get((o.path, o.start_line), o.start_line)}"
                                                    + (" (a test file)" if is_test_path(o.path) else "") for o in subs[:4]) \
        + (f" and {len(subs) - 4} more" if len(subs) > 4 else "") if subs else ""
    if d.language == "go":  # an interface's method: the types whose method sets hold it
        return detail.replace("abstract; overridden in", "interface method; implemented by", 1) \
            or "interface method; no type in the repository implements it"
    if d.language != "swift":
        return detail
    key = _member_key(d)  # the defaults of this requirement: its labels, in an extension (not another overload's)
    defaults = [s for s in index.symbols_named(d.name) if s.qualname == d.qualname and s.id != d.id
                and _member_key(s) == key and swift_holder(index, s) == "impl"]
    return "a protocol requirement" + (detail.removeprefix("abstract").replace("overridden in", "implemented in", 1)
                                       or "; no conforming type implements it") \
        + "".join(f"; default implementation in an extension: {s.path}:{s.start_line}" for s in defaults[:2])


#: languages whose method calls dispatch on the object's class: a callee a subclass overrides may run the override
_DISPATCHING = frozenset({"python", "java", "kotlin", "scala", "csharp", "cpp", "typescript", "tsx", "javascript", "php",
                          "ruby", "swift", "dart", "objc"})


def _cited_lines(index: IndexQueries, defs: list[Symbol]) -> dict[tuple[str, int], int]:
    """The line of each definition's name where its range opens with decorators (`@internalcode` above `def load`),
    as every other answer cites it (Jinja2 run 408 read ModuleLoader.load at 641 here and 642 in another answer)."""
    ws = getattr(index, "ws", None)
    return name_lines(ws, defs) if ws is not None and defs else {}


def _overridden_detail(index: IndexQueries, d: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]]) -> str:
    """A concrete method callee that subclasses override: which overrides a call of it may run instead (the Jinja A/B
    question on `self.loader.load(..)`: BaseLoader.load, or PrefixLoader's, ChoiceLoader's or ModuleLoader's own).
    Searched only when another class defines a method of the name."""
    if not any(s.id != d.id and s.kind == "method" and s.name == d.name and s.parent_id != d.parent_id
               for s in index.symbols_named(d.name)):
        return ""
    subs = [o.symbol for o in _overrides(index, d, resolve_imports, depth=1, rust_impls=None).items
            if o.symbol and o.symbol.id != d.id]
    by_trait = _php_trait_implementers(index, d, resolve_imports) if d.language == "php" else []
    if not subs and not by_trait:
        return ""
    at = _cited_lines(index, subs[:4])
    return "overridden in " + ", ".join([*(f"{o.qualname} {o.path}:{at.get((o.path, o.start_line), o.start_line)}"
                                           for o in subs[:4]), *by_trait]) \
        + (f" and {len(subs) - 4} more" if len(subs) > 4 else "")


def _php_trait_implementers(index: IndexQueries, d: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[str]:
    """An interface method's implementations a PHP trait gives the implementing classes that do not define it
    (`Type` runs `Base::completeDefault`): Nette run 449 read the dispatch list without it."""
    owner = index.get_symbol(d.parent_id) if d.parent_id is not None else None
    if owner is None or owner.kind != "interface":
        return []
    out = []
    for it in implementations(index, owner, resolve_imports, depth=1).items:
        c = it.symbol
        if c is None or c.kind != "class" or any(m.parent_id == c.id and m.name == d.name for m in index.symbols_in_file(c.path)):
            continue
        out += [f"{c.name}: {t}" for t in _php_trait_methods(index, c, {d.name})]
    return out[:3]


def _by_overload(index: IndexQueries, d: Symbol, at: list[int], lines: list[str] | None, caller: Symbol,
                 skip: object = None) -> list[tuple[Symbol, list[int], str]]:
    """The call lines of `d`'s name grouped by the overload each one's arguments fit (Capacitor's `Logger.verbose(tag,
    msg)` is verbose(String, String), not the first call's verbose(String)), in order of first call, each with a
    detail: the lines whose arguments fit several overloads stay on `d`, said to be undecided."""
    if skip or lines is None or d.language not in REAL_OVERLOADS:
        return [(overload_called(index, d, at, lines, caller), sorted(set(at)), "")]
    groups: dict[int | None, list[int]] = {}
    told: dict[int, Symbol] = {}
    for n in sorted(set(at)):
        o = overload_told(index, d, [n], lines, caller)
        if o is not None:
            told[o.id] = o
        groups.setdefault(o.id if o is not None else None, []).append(n)
    if list(groups) == [None]:
        return [(d, groups[None], "")]  # (no call tells: as before, the name's first overload)
    return [(told[k], v, "") if k is not None else (d, v, "overload not told by the arguments") for k, v in groups.items()]


def _constructed(index: IndexQueries, d: Symbol, how: str, name: str, at: list[int], lines: list[str] | None, sym: Symbol,
                 resolve_imports: Callable[[str], dict[str, list[str]]]) -> tuple[Symbol, str]:
    """`new DelegateManager()` builds the class, though PythonEngine has a property of that name (pythonnet): the
    class, when every call of the name is an object creation and the definition found is no class nor constructor."""
    if d.kind in CLASS_KINDS or d.qualname.rsplit(".", 2)[-2:] == [name, name] or lines is None \
            or not _built_by_new(lines, at, name):
        return d, how
    types = _resolve_type(index, name, sym, resolve_imports)
    return types[0] if types else (d, how)


def _php_new_self(index: IndexQueries, sym: Symbol, calls: dict[str, list[int]], lines: list[str] | None,
                  resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[Related]:
    """PHP's `new static(..)`, `new self(..)`, `new parent(..)`: the constructor of the class around the body (or of
    its base), its own or inherited, with the overrides `new static` may run; a class with no constructor is built
    (Symfony String A/B run 453: AbstractString::truncate's `new static($ellipsis)` read "PHP functions: static")."""
    if sym.language != "php" or lines is None or not {"static", "self", "parent"} & set(calls):
        return []
    cls = class_around(index.symbols_in_file(sym.path), sym.start_line)
    if cls is None:
        return []
    is_trait = cls.kind == "trait" or (cls.signature or "").lstrip().startswith("trait ")
    rows: list[Related] = []
    for word in ("static", "self", "parent"):
        built = [n for n in calls.get(word, []) if 0 < n <= len(lines)
                 and re.search(rf"\bnew\s+{word}\b(?!\s*::)", lines[n - 1], re.I)]  # (`(new static)->f()`: Nette)
        if not built:
            continue
        rest = [n for n in calls[word] if n not in built]
        if rest:
            calls[word] = rest
        else:
            del calls[word]
        own = None if word == "parent" else next(
            (s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id and s.name == "__construct"), None)
        ctor = own or _inherited_member(index, cls, "__construct", index.symbols_in_file)
        if ctor is None:  # no constructor runs: the class is built (a base with none: nothing runs at all)
            if word != "parent" and not is_trait:  # (a trait's `new static` builds the class using it)
                rows.append(Related(cls, cls.path, "same class", built))
            continue
        detail = ""
        if word == "static":  # the object's class may be a subclass: its constructor may run instead
            detail = _abstract_detail(index, ctor, resolve_imports) if _abstract(index, ctor) \
                else _overridden_detail(index, ctor, resolve_imports)
        rows.append(Related(ctor, ctor.path, "same class" if ctor is own else "base class", built, detail=detail))
    return rows


def _php_clone_this(index: IndexQueries, sym: Symbol, lines: list[str] | None,
                    resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[Related]:
    """PHP's `clone $this` runs the class's `__clone` (its own or inherited, and a subclass's override when the object
    is one): a row `run by clone $this` (Symfony String run 457: truncate's callees, "complete", had left out the
    `__clone` UnicodeString overrides)."""
    if sym.language != "php" or lines is None or sym.parent_id is None:
        return []
    at = [n for n in range(sym.start_line, min(sym.end_line, len(lines)) + 1)
          if re.search(r"\bclone\s+\$this\b", lines[n - 1].split("//", 1)[0])]
    cls = class_around(index.symbols_in_file(sym.path), sym.start_line) if at else None
    if cls is None:
        return []
    hook = next((s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id and s.name == "__clone"), None) \
        or _inherited_member(index, cls, "__clone", index.symbols_in_file)
    if hook is None:
        return []
    over = _overridden_detail(index, hook, resolve_imports)
    return [Related(hook, hook.path, "same class" if hook.parent_id == cls.id else "base class", at,
                    detail="run by `clone $this`" + (f"; {over}" if over else ""))]


def _built_by_new(lines: list[str], at: list[int], name: str) -> bool:
    """Whether every call of `name` on these lines is an object creation (`new Name(..)`, `new Name<T>(..)`)."""
    rx = re.compile(rf"\bnew\s+(?:[\w.]+\.)?{re.escape(name)}\s*[(<{{]")
    return all(0 < n <= len(lines) and rx.search(lines[n - 1]) for n in at)


def _implicit_rows(index: IndexQueries, sym: Symbol, lines: list[str] | None) -> list[Related]:
    """Code a body runs that no call reference names: Python's properties read, attributes `__getattr__` answers and
    `with` blocks; PHP's callables held in a property and called (`($this->code)($input, $output)`)."""
    if lines is None or sym.kind not in ("method", "function"):
        return []
    if sym.language == "python":
        return _python_implicit_rows(index, sym, lines)
    if sym.language in ("typescript", "tsx", "javascript", "jsx") and sym.kind == "method":
        return _ts_accessor_rows(index, sym, lines)
    return _php_property_calls(index, sym, lines) if sym.language == "php" and sym.kind == "method" else []


def _ts_accessor_rows(index: IndexQueries, sym: Symbol, lines: list[str]) -> list[Related]:
    """JS/TS accessors a method's body runs off `this`: `get x()` where `this.x` is read, `set x(v)` where it is
    assigned (MobX run 412: Reaction.runReaction_'s callees had left out its isDisposed, isScheduled and
    isTrackPending accessors, the question's subject)."""
    holder = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    if holder is None:
        return []
    accessors: dict[tuple[str, str], Symbol] = {}
    for m in index.symbols_in_file(holder.path):
        kind = re.match(r"(?:(?:static|public|private|protected|override)\s+)*(get|set)\s+#?[\w$]+\s*\(", m.signature or "")
        if m.parent_id == holder.id and m.kind == "method" and kind:
            accessors[(m.name, kind.group(1))] = m
    if not accessors:
        return []
    rows: dict[tuple[int, str], Related] = {}
    for n in range(sym.start_line + 1, min(sym.end_line, len(lines)) + 1):
        text = re.sub(r"//.*$", "", lines[n - 1])
        for use in re.finditer(r"\bthis\.#?([\w$]+)\b(?!\s*\()(\s*(?:[-+*/%&|^]|\?\?|&&|\|\|)?=(?!=))?", text):
            which = "set" if use.group(2) else "get"
            got = accessors.get((use.group(1), which))
            if got is None or got.id == sym.id:
                continue
            row = rows.setdefault((got.id, which), Related(got, got.path, "same class", [],
                                                           detail="property read" if which == "get" else "property set"))
            if n not in row.lines:
                row.lines.append(n)
    return list(rows.values())


_PHP_PROPERTY_CALL = re.compile(r"\(\s*\$this\s*->\s*(\w+)\s*\)\s*\(|\bcall_user_func(?:_array)?\s*\(\s*\$this\s*->\s*(\w+)\b")


def _php_property_calls(index: IndexQueries, sym: Symbol, lines: list[str]) -> list[Related]:
    """PHP: a callable held in a property of the method's class and called (`($this->code)($input, $output)`,
    `call_user_func($this->handler, ..)`): one row per property, with its call lines and where the class sets it
    (Command::run's callees had left it out, the Symfony A/B question was about exactly that call)."""
    found: dict[str, list[int]] = {}
    for n in range(sym.start_line, min(sym.end_line, len(lines)) + 1):
        for m in _PHP_PROPERTY_CALL.finditer(lines[n - 1]):
            found.setdefault(m.group(1) or m.group(2), []).append(n)
    syms = index.symbols_in_file(sym.path) if found else []
    owner = next((s for s in syms if s.id == sym.parent_id), None)
    rows: list[Related] = []
    for name, at in found.items():
        prop = next((s for s in syms if owner is not None and s.parent_id == owner.id and s.name == name
                     and s.kind in ("field", "property")), None)
        if prop is None or owner is None:
            continue
        sets = [n for n in range(owner.start_line, min(owner.end_line, len(lines)) + 1)
                if re.search(rf"\$this\s*->\s*{re.escape(name)}\s*=(?![=>])", lines[n - 1])]
        rows.append(Related(prop, prop.path, "property call", at,
                            detail="called through the property" + (f"; set at {', '.join(map(str, sets[:4]))}" if sets else "")))
    return rows


def _python_implicit_rows(index: IndexQueries, sym: Symbol, lines: list[str]) -> list[Related]:
    """Python code a body runs without a call, one row per definition with its lines: properties read, the
    attributes a class's `__getattr__` answers (named in the row), `with` blocks' `__enter__`/`__exit__`."""
    implicit: dict[tuple[int, str], Related] = {}
    for d, how, n in python_implicit_calls(index, sym, lines):
        kind, _, attr = how.partition(":")  # `getattr:plugin_settings`: the attribute __getattr__ answers
        row = implicit.get((d.id, kind))
        if row is None and kind == "property?":  # off a local of unknown type: the one property so named
            row = implicit[(d.id, kind)] = Related(d, d.path, "name only", [], detail="property read; the receiver's "
                                                   "type unknown: the one property so named")
        if row is None:
            row = implicit[(d.id, kind)] = Related(d, d.path, kind, [], detail="property read" if kind == "property"
                                                   else "run by `with`" if kind == "with" else "attribute read:")
        if n not in row.lines:
            row.lines.append(n)
        if attr and not re.search(rf"[: ]{re.escape(attr)}(?:,|$)", row.detail):
            row.detail += f"{'' if row.detail.endswith(':') else ','} {attr}"
    return list(implicit.values())


def _beyond_calls(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                  lines: list[str], values: list[str] | None, skip: set[str], out: Relations) -> None:
    """What a body runs beyond its resolved calls: functions it passes as values, calls of outside packages and
    builtins (Go, Python), what Go's sort/heap call back, calls on other packages' types."""
    if sym.language in _VALUE_PASSING and values:
        _passed_as_values(index, sym, resolve_imports, lines, values, skip, out)
    if sym.language in ("typescript", "tsx", "javascript", "jsx") and out.unresolved:
        out.unresolved = [_ts_field_call(index, sym, u) for u in out.unresolved]
        _js_outside_calls(index, sym, lines, out)
    if sym.language == "rust":
        _rust_cfg_rows(sym, lines, out)
        if out.unresolved:
            _rust_outside_calls(index, sym, lines, out)
    if sym.language == "php" and out.unresolved:
        _php_outside_calls(index, sym, lines, out)
    if sym.language == "ruby":
        _ruby_delegated(index, sym, lines, out)
        _ruby_ivar_calls(sym, lines, out)
    if sym.language == "kotlin" and out.unresolved:  # `with(..)`, `apply { }`, `x.toTypedArray()`: the library's
        out.builtins = [u for u in out.unresolved if u.split(" ", 1)[0].rsplit(".", 1)[-1] in KOTLIN_STDLIB]
        out.unresolved = [u for u in out.unresolved if u not in out.builtins]
    if sym.language in ("go", "python") and out.unresolved:
        _outside_calls(out, sym.language, lines)
        _go_called_back(index, sym, lines, out)
        _go_external_receivers(index, sym, lines, out)
    if sym.language == "go" and sym.kind == "method":
        _go_method_values(index, sym, lines, out)


#: methods a Rust `#[derive(..)]` writes, by the trait derived
_DERIVED = {"default": "Default", "clone": "Clone", "eq": "PartialEq", "ne": "PartialEq", "fmt": "Debug",
            "hash": "Hash", "cmp": "Ord", "partial_cmp": "PartialOrd"}


def _rust_derived_call(index: IndexQueries, sym: Symbol, lines: list[str], head: str) -> Related | None:
    """`Token::default()` where the repository's `Token` derives Default: a row for the type, how "derived"
    (crossbeam-channel run 432 had it as ArrayToken's hand-written default, then unresolved)."""
    owner, _, method = head.partition(".")
    trait = _DERIVED.get(method)
    if trait is None:
        return None
    for t in index.symbols_named(owner):
        if t.name != owner or t.kind not in ("struct", "enum", "union") or t.language != "rust":
            continue
        text = lines_of(index, t.path)
        attrs = " ".join(text[k - 1] for k in range(max(1, t.start_line - 6), min(t.start_line + 3, len(text)) + 1)
                         if text[k - 1].lstrip().startswith("#["))
        if re.search(rf"#\[derive\([^)]*\b{trait}\b", attrs):
            rx = re.compile(rf"\b{re.escape(owner)}\s*::\s*{re.escape(method)}\s*\(")
            at = [sym.start_line + k for k, ln in enumerate(lines[sym.start_line - 1: sym.end_line]) if rx.search(ln)]
            return Related(t, t.path, "derived", at, detail=f"#[derive({trait})] writes {owner}::{method}")
    return None


def _rust_outside_import(lines: list[str], name: str) -> str | None:
    """The crate (or std) a Rust file's `use` brings the type `name` from, when not its own crate's."""
    for text in lines:
        m = re.match(rf"\s*(?:pub(?:\([\w:]+\))?\s+)?use\s+(\w+)::[\w:{{}}, ]*\b{re.escape(name)}\b", text)
        if m and m.group(1) not in ("crate", "self", "super"):
            return m.group(1)
    return None


def _php_outside_calls(index: IndexQueries, sym: Symbol, lines: list[str], out: Relations) -> None:
    """A PHP body's unresolved calls sorted: a static call written with the class's full name
    (`Nette\\Utils\\ObjectHelpers::getSuggestion(..)`) resolved to that class's method; bare function calls nothing in
    the repository defines are PHP's own functions (`count`, `array_keys`): Nette run 430 read both among "a
    receiver of unknown type"."""
    body = lines[sym.start_line - 1: sym.end_line]
    rest: list[str] = []
    for label in out.unresolved:
        head = label.split(" ", 1)[0]
        owner, _, method = head.rpartition(".")
        if owner[:1].isupper() and "." not in owner:
            rx = re.compile(rf"\\((?:\w+\\)*){re.escape(owner)}\s*::\s*{re.escape(method)}\s*\(")  # (`\Legacy::f()`: none)
            hits = [(sym.start_line + k, m.group(1).strip("\\")) for k, t in enumerate(body) if (m := rx.search(t))]
            found = [m for m in index.symbols_named(method) if m.name == method and m.language == "php"
                     and m.kind in ("method", "function") and m.qualname.rsplit(".", 2)[-2:-1] == [owner]
                     and any(php_file_namespace(index, m.path) == ns for _, ns in hits)] if hits else []
            if len(found) == 1:  # (the namespace written is the class's: `\Illuminate\Support\Str::lower` is no
                out.items.append(Related(found[0], found[0].path, "qualified name", [n for n, _ in hits]))  # App\Support\Str's)
                continue
        bare = head.removeprefix("\\")  # (`\sprintf(..)`: the global function, League\Config run 473)
        # (`toString (on $time.getSeconds(), ..)`: a method called on values, no function; ramsey/uuid run 505)
        if "." not in bare and " (on " not in label and not bare.startswith("$") and bare[:1].islower() and not any(
                d.name == bare and d.language == "php" and d.kind == "function" for d in index.symbols_named(bare)):
            out.builtins.append(label.removeprefix("\\"))  # (a function the repository defines, in
            continue  # `if (!function_exists(..))`, is none)
        outside = _php_parent_outside(index, sym, lines, method) if owner == "parent" else \
            _php_outside_member(index, sym, lines, owner, method) if "." in head else \
            _php_built(index, sym, lines, head) if head[:1].isupper() else None
        if outside is not None:
            out.packages.append(outside)
            continue
        rest.append(label)
    out.unresolved = rest


def ruby_delegations(index: IndexQueries, sym: Symbol, lines: list[str]) -> dict[str, tuple[str, int]]:
    """The methods the class around a Ruby method hands on with Forwardable (`instance_delegate parse: :parser`,
    `instance_delegate %i[a b] => 'self.class'`, `def_delegators :buffer, :pos, :getch`, `def_delegator :x, :y`):
    {method: (the receiver it goes to, the declaring line)}."""
    cls = class_around(index.symbols_in_file(sym.path), sym.start_line)
    if cls is None:
        return {}
    out: dict[str, tuple[str, int]] = {}
    k = cls.start_line
    while k <= min(cls.end_line, len(lines)):
        text, at = lines[k - 1], k
        if re.match(r"\s*(?:instance_delegate|delegate|def_delegators?|def_instance_delegators?)\b", text):
            while text.rstrip().endswith(",") and k < cls.end_line:  # a declaration over lines
                k += 1
                text += " " + lines[k - 1].strip()
            m = re.match(r"\s*def_(?:instance_)?delegators?\s+:?['\"]?([\w.@]+)['\"]?\s*,(.*)", text)
            if m is not None:
                for name in re.findall(r":([\w?!=\[\]<>+-]+|'[^']+')", m.group(2)):
                    out.setdefault(name.strip("'"), (m.group(1), at))
            else:
                body = re.sub(r"^\s*\w+\s+", "", text)
                for names, target in re.findall(r"(%i\[[^\]]*\]|\[[^\]]*\]|:?[\w?!]+:?)\s*(?:=>)?\s*:?['\"]?([\w.@]+)['\"]?", body):
                    for name in re.findall(r"[\w?!]+", names.removeprefix("%i")):
                        out.setdefault(name, (target, at))
        k += 1
    return out


def _ruby_ivar_calls(sym: Symbol, lines: list[str], out: Relations) -> None:
    """Ruby: the methods a body calls on instance variables (`@ast_cache.fetch(@string) do ..`), which the index
    records no reference for, named with their receivers among the unresolved: mustermann run 482 read a
    "complete" callees answer without `@ast_cache.fetch`."""
    said = {u.split(" ", 1)[0] for u in out.unresolved}
    said |= {w.rsplit(".", 1)[-1] for w in said if w.startswith("@")}  # (`@root.render_to_output_buffer` said already)
    said |= {it.symbol.name for it in out.items if it.symbol is not None}  # (resolved: rubyzip run 555 read
    found: dict[str, set[str]] = {}  # calculate_local_header_size resolved and again "on @current_entry")
    where: dict[str, list[int]] = {}
    for n, text in enumerate(lines[sym.start_line: sym.end_line], sym.start_line + 1):
        code = re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", text).split("#", 1)[0]
        # (`@output_stream << data`: the receiver's <<, which rubyzip run 555's callees had left out under "complete")
        for m in [*re.finditer(r"(?<![\w@])(@@?\w+)\.([a-z_]\w*[?!]?)", code),
                  *re.finditer(r"(?<![\w@])(@@?\w+)\s*(<<)(?!=)", code)]:
            found.setdefault(m.group(2), set()).add(m.group(1))
            where.setdefault(m.group(2), []).append(n)
    for name, on in found.items():
        if name not in said:
            out.unresolved.append(_with_lines(f"{name} (on {', '.join(sorted(on))})", where[name]))


def _ruby_setter_calls(sym: Symbol, lines: list[str], out: Relations) -> None:
    """Ruby: an unresolved call whose every line assigns through it (`@entry.crc = x`) is its writer `crc=`; one both
    assigned and read is said twice (`@entry.size= at 137`, `@entry.size at 139`: rubyzip run 555 read the writers
    as readers)."""
    if sym.language != "ruby":
        return
    rows: list[str] = []
    for u in out.unresolved:
        m = re.fullmatch(r"((?:@@?)?[a-z_]\w*)\.([a-z_]\w*) at ([\d,]+)", u) or \
            re.fullmatch(r"([a-z_]\w*) \(on ([^)]*)\) at ([\d,]+)", u)
        if m is None:
            rows.append(u)
            continue
        if u.startswith(m.group(1) + "."):
            on, name = [m.group(1)], m.group(2)
        else:
            name, on = m.group(1), [r.strip() for r in m.group(2).split(",")]
        at = [int(n) for n in m.group(3).split(",")]
        recv = "|".join(re.escape(r) for r in on)
        wrote = [n for n in at if 0 < n <= len(lines) and re.search(
            rf"(?<![\w@])(?:{recv})\s*\.\s*{re.escape(name)}\s*(?:\|\||&&|[-+*/|&])?=(?![=~>])", lines[n - 1])]
        read = [n for n in at if n not in wrote or re.search(
            rf"(?<![\w@])(?:{recv})\s*\.\s*{re.escape(name)}\b(?!\s*(?:\|\||&&|[-+*/|&])?=(?![=~>]))", lines[n - 1])]
        head = f"{on[0]}." if len(on) == 1 else ""
        tail = "" if len(on) == 1 else f" (on {', '.join(on)})"
        if wrote:
            rows.append(f"{head}{name}={tail} at {','.join(map(str, wrote))}")
        if read:
            rows.append(f"{head}{name}{tail} at {','.join(map(str, read))}")
    out.unresolved = rows


def _ruby_delegated(index: IndexQueries, sym: Symbol, lines: list[str], out: Relations) -> None:
    """A bare call of a method the class hands on with Forwardable is a call on what it is delegated to, not a
    namesake found by name (mustermann run 479: `parse(..)` in to_ast had been Parser#parse, `transform(..)`
    unresolved); said as `parse -> parser.parse (Forwardable, line 24)`."""
    delegated = ruby_delegations(index, sym, lines)
    if not delegated:
        return
    body = "\n".join(lines[sym.start_line: sym.end_line])
    bare = {n for n in delegated if re.search(rf"(?<![\w.@:]){re.escape(n)}\s*[( ]", body)}
    if not bare:
        return
    said = []
    for n in sorted(bare, key=lambda n: body.find(n)):
        target, at = delegated[n]
        said.append(f"{n} -> {target}.{n} (Forwardable, line {at}){_ruby_delegation_end(index, sym, delegated, target, n)}")
    out.items = [it for it in out.items if it.symbol is None or it.symbol.name not in bare or it.how in ("same class", "recursive")]
    out.unresolved = [u for u in out.unresolved if u.split(" ", 1)[0] not in bare]
    out.delegated = said


def _ruby_delegation_end(index: IndexQueries, sym: Symbol, delegated: dict[str, tuple[str, int]], target: str,
                         name: str) -> str:
    """Where a Forwardable call ends when its receiver is itself handed to `self.class` (mustermann's
    `instance_delegate %i[parser transformer ..] => 'self.class'` and `instance_delegate transform: :transformer`):
    the class method giving the receiver, the class it returns and that class's method, as
    ` = self.class.transformer (53) -> Transformer.transform lib/.../transformer.rb:15-17` (mustermann run 482 left
    the agent to read the class method and the class for each of four calls)."""
    via, _ = delegated.get(target, ("", 0))
    cls = class_around(index.symbols_in_file(sym.path), sym.start_line)
    if via != "self.class" or cls is None:
        return ""
    giver = next((s for s in index.symbols_in_file(sym.path) if s.parent_id == cls.id and s.name == target
                  and re.match(r"def\s+self\.", s.signature or "")), None)
    if giver is None:
        return ""
    lines = lines_of(index, sym.path)
    consts = list(dict.fromkeys(m.group(1) for t in lines[giver.start_line: giver.end_line - 1]
                                if (m := re.match(r"\s*(?:return\s+)?([A-Z]\w*(?:::[A-Z]\w*)*)\s*(?:if\b.*)?$", t))))
    head = f" = self.class.{target} ({giver.start_line})"
    if len(consts) > 1:  # (`return Checker if self == Pattern` then `Other`: which one is the class's; review of stop 56)
        return f"{head} -> one of " + ", ".join(f"{c}.{name}" for c in consts[:4])
    returned = consts[0] if consts else None
    if returned is None:
        return head
    scope = cls.qualname.split(".")
    classes = [c for c in index.symbols_named(returned.rsplit("::", 1)[-1]) if c.language == "ruby"
               and c.kind in ("class", "module") and f".{c.qualname}".endswith("." + returned.replace("::", "."))]
    # (the constant as Ruby looks it up: in the class's own namespaces, innermost first)
    ranked = sorted(classes, key=lambda c: -len(posixpath.commonprefix([scope, c.qualname.split(".")])))
    if not ranked:
        return f"{head} -> {returned}.{name}"
    method = next((s for s in index.symbols_named(name) if s.qualname == f"{ranked[0].qualname}.{name}"
                   and re.match(r"def\s+self\.", s.signature or "")), None)
    shown = f"{ranked[0].qualname.replace('.', '::')}.{name}"
    return f"{head} -> {shown} {method.path}:{method.start_line}-{method.end_line}" if method else f"{head} -> {shown}"


def _php_parent_outside(index: IndexQueries, sym: Symbol, lines: list[str], method: str) -> str | None:
    r"""`parent::__construct(..)` that no repository class above defines: the outside class it is inherited from
    (`\UnexpectedValueException::__construct (parent::, through InvalidConfigurationException)`); League\Config run
    476 read "a receiver of unknown type" and asked for the supertypes."""
    cls = class_around(index.symbols_in_file(sym.path), sym.start_line)
    own, through = lines, list[str]()
    for _ in range(6):
        bases = bases_of(whole_class(index, cls)) if cls is not None else []
        if not bases:
            return None
        up = next((c for c in index.symbols_named(bases[0].lstrip("\\").rsplit("\\", 1)[-1]) if c.language == "php"
                   and c.kind == "class" and c.name == bases[0].lstrip("\\").rsplit("\\", 1)[-1]), None)
        if up is None:
            outside = bases[0] if bases[0].startswith("\\") else php_outside_class(index, lines, bases[0]) \
                or "\\" + bases[0]  # (no `use` names it: the global namespace's, PHP's own)
            via = f", through {', '.join(through)}" if through else ""
            at = [sym.start_line + k for k, t in enumerate(own[sym.start_line - 1: sym.end_line])
                  if re.search(rf"\bparent\s*::\s*{re.escape(method)}\s*\(", t)]
            return f"{outside}::{method} (parent::{via})" + (f" at {','.join(map(str, at))}" if at else "")
        if any(m.parent_id == up.id and m.name == method for m in index.symbols_in_file(up.path)):
            return None
        through.append(up.name)
        cls, lines = up, lines_of(index, up.path)
    return None


def _php_built(index: IndexQueries, sym: Symbol, lines: list[str], name: str) -> str | None:
    r"""`Nette\Schema\Processor at 187`: a class from outside the repository the body builds with `new`."""
    full = php_outside_class(index, lines, name)
    hits = [sym.start_line + k for k, t in enumerate(lines[sym.start_line - 1: sym.end_line])
            if re.search(rf"\bnew\s+{re.escape(name)}\b", t)]
    return f"{full}" + (f" at {','.join(map(str, hits))}" if hits else "") if full is not None else None


def _php_outside_member(index: IndexQueries, sym: Symbol, lines: list[str], owner: str, method: str) -> str | None:
    r"""`Data::has (on $this->finalConfig)`: a method called on a typed property, a local made by `new X`, or a class
    written by name, when that class comes from outside the repository (League\Config run 473 read eight such calls
    as "a receiver of unknown type", `finalConfig.has` of a `private Data $finalConfig` among them)."""
    body = lines[sym.start_line - 1: sym.end_line]
    if owner[:1].isupper():
        full = php_outside_class(index, lines, owner)
        hits = [sym.start_line + k for k, t in enumerate(body)
                if re.search(rf"(?<![\w\\]){re.escape(owner)}\s*::\s*{re.escape(method)}\s*\(", t)]
        return f"{full}::{method}" + (f" at {','.join(map(str, hits))}" if hits else "") if full is not None else None
    word = owner.removeprefix("$")
    call = re.compile(rf"{re.escape(owner if owner.startswith('$') else '->' + owner)}\s*->\s*{re.escape(method)}\s*\(")
    hits = [sym.start_line + k for k, t in enumerate(body) if call.search(t)]
    at = hits[0] if hits else sym.start_line
    typed = value_type(index, lines, sym, at, ("$" + word) if owner.startswith("$") else word)
    if typed is None and owner.startswith("$"):
        made = re.search(rf"\${re.escape(word)}\s*=\s*new\s+\\?(?:\w+\\)*(\w+)", "\n".join(lines[sym.start_line - 1: at]))
        typed = made.group(1) if made else None
    full = php_outside_class(index, lines, typed.rsplit("\\", 1)[-1]) if typed else None
    shown = owner if owner.startswith("$") else f"$this->{owner}"
    return f"{full}::{method} (on {shown})" + (f" at {','.join(map(str, hits))}" if hits else "") if full is not None else None


#: Rust wrappers whose methods a value's calls rarely are: `v.reserve(..)` on a ManuallyDrop<Vec<u8>> is Vec's
_RUST_DEREF_WRAPPERS = frozenset({"ManuallyDrop", "Box", "Rc", "Arc", "Pin"})


def _rust_made_by(body: str, local: str, called: str | None = None) -> tuple[str, str] | None:
    """The type whose `Type::f(..)` made the `let` of `local` that each call `local.called(` follows (the nearest
    `let` above it; every `let` without `called`), and the type a wrapper's `new` is given
    (`ManuallyDrop::new(Vec::with_capacity(..))`: ("ManuallyDrop", "Vec"); "" when unknown or not the same in all);
    None when one of those `let`s is made otherwise (bytes' reserve_inner binds `v` three times: two ManuallyDrop,
    one `&mut (*shared).vec`, run 461)."""
    lets = list(re.finditer(rf"\blet\s+(?:mut\s+)?{re.escape(local)}\s*(?::[^=]*)?=\s*([^;]*)", body))
    if called is not None:
        sites = [m.start() for m in re.finditer(rf"(?<![\w.]){re.escape(local)}\s*\.\s*{re.escape(called)}\s*[(:]", body)]
        nearest = {max((x.start() for x in lets if x.start() < at), default=-1) for at in sites}
        lets = [m for m in lets if m.start() in nearest] if sites else lets
    made = [re.match(r"([A-Z]\w*)\s*::\s*\w+\s*\(\s*(?:([A-Z]\w*)\s*::)?", m.group(1).strip()) for m in lets]
    if not made or any(m is None for m in made) or len({m.group(1) for m in made if m}) != 1:
        return None
    inners = {m.group(2) or "" for m in made if m}
    return made[0].group(1) if made[0] else "", inners.pop() if len(inners) == 1 else ""


def _rust_outside_calls(index: IndexQueries, sym: Symbol, lines: list[str], out: Relations) -> None:
    """A Rust body's unresolved calls sorted: macros (`debug_assert_eq!`) apart from calls, and a method called on a
    field of Self whose declared type the repository does not define (`self.registration.compare_exchange(..)` with
    `registration: AtomicU8`) named by that type (tracing-core run 426 read both among "a receiver of unknown
    type")."""
    from contexteer.indexers.lookup import _rust_self_type, member_of_type
    from contexteer.indexers.syntax import named_type

    body = "\n".join(lines[sym.start_line - 1: sym.end_line])
    owner = _rust_self_type(index, sym) if sym.kind == "method" else None
    rest: list[str] = []
    for label in out.unresolved:
        head = label.split(" ", 1)[0]
        if "." not in head and re.search(rf"(?<![\w:]){re.escape(head)}!\s*[(\[{{]", body):
            out.builtins.append(f"{head}!")
            continue
        if head in ("Ok", "Err", "Some"):  # the prelude's variants, built
            out.builtins.append(head)
            continue
        derived = _rust_derived_call(index, sym, lines, head) if "." in head and head[:1].isupper() else None
        if derived is not None:  # `Token::default()` on `#[derive(Debug, Default)] struct Token`
            out.items.append(derived)
            continue
        crate = _rust_outside_import(lines, head.split(".", 1)[0]) if "." in head and head[:1].isupper() else None
        if crate is not None:  # `Instant::now()`, `Backoff::new()`: a type the file imports from std or a crate
            out.packages.append(f"{head.replace('.', '::', 1)} ({crate})")
            continue
        module, _, fn = head.partition(".")
        crate = _rust_outside_import(lines, module) if module[:1].islower() and module.isidentifier() \
            and fn.isidentifier() and re.search(rf"(?<![\w:.]){re.escape(module)}\s*::\s*{re.escape(fn)}\s*\(", body) \
            else None
        if crate is not None:  # `ptr::copy_nonoverlapping(..)` after `use core::ptr::{self, NonNull};` (bytes run 461
            # had read `ptr.copy_nonoverlapping` and `cmp.max` among receivers of unknown type)
            out.packages.append(f"{module}::{fn} ({crate})")
            continue
        local, _, called = head.partition(".")
        made = _rust_made_by(body, local, called) if local.isidentifier() and local[:1].islower() and called.isidentifier() \
            else None
        maker, inner = made or ("", "")
        crate = _rust_outside_import(lines, maker) if maker else None
        if crate is not None and maker in _RUST_DEREF_WRAPPERS and called not in ("new", "into_inner", "take", "drop"):
            # `let mut v = ManuallyDrop::new(Vec::with_capacity(n)); v.reserve(..)`: the wrapped value's method,
            # through the wrapper's Deref (bytes run 461 had read `ManuallyDrop::reserve`)
            out.packages.append(f"{inner + '::' if inner else ''}{called} (on {local}, through {maker})")
            continue
        if crate is not None:  # `let backoff = Backoff::new(); backoff.snooze()` (crossbeam-channel run 452)
            out.packages.append(f"{maker}::{called} (on {local}, {crate})")
            continue
        field, _, method = head.rpartition(".")
        got = member_of_type(index, owner, field, sym, [], called=False) if owner and field and "." not in field \
            and re.search(rf"\bself\s*\.\s*{re.escape(field)}\s*\.\s*{re.escape(method)}\b", body) else None
        declared = re.search(rf"\b{re.escape(field)}\s*:\s*(.+?)\s*,?\s*$", got[0].signature or "") if got else None
        typed = named_type(declared.group(1)) if declared else None
        if typed and not any(t.name == typed and t.kind in CLASS_KINDS for t in index.symbols_named(typed)):
            out.packages.append(f"{typed}.{method} (on self.{field})")
            continue
        rest.append(label)
    out.unresolved = rest


#: languages whose functions are passed by name as values (`partial(generate_pydantic_signature, ..)`,
#: `arr.map(toNode)`, `setTimeout(flush, 0)`) and run later by what receives them
_VALUE_PASSING = frozenset({"python", "javascript", "typescript", "tsx"})


def _passed_as_values(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                      lines: list[str], values: list[str], skip: set[str], out: Relations) -> None:
    """Repository functions the body passes by name as an argument or keyword value without calling them: they
    run when what receives them calls them (the pydantic A/B agent found `generate_pydantic_signature` in
    `partial(generate_pydantic_signature, ..)` only by reading the body)."""
    body = lines[sym.start_line - 1:sym.end_line]
    wanted: dict[str, list[int]] = {}
    for name in dict.fromkeys(values):
        if name in skip or not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
            continue
        # an argument (`partial(f, x)`, `key=f`), one per line in a multi-line call
        rx = re.compile(rf"(?:^|[(,])\s*(?:\w+\s*=\s*)?{re.escape(name)}\s*(?:[,)]|$)")
        at = [sym.start_line + i for i, text in enumerate(body) if rx.search(text)]
        if at:
            wanted[name] = at
    if not wanted:
        return
    sem = semantic_context(index, sym, resolve_imports, max_defs=len(wanted) + 20, max_callers=0,
                           extra_names=list(wanted))
    listed = {it.symbol.id for it in out.items if it.symbol is not None}
    for d, how in sem.definitions:
        if d.name in wanted and d.kind in ("function", "method") and d.id not in listed and d.id != sym.id:
            listed.add(d.id)
            out.items.append(Related(d, d.path, how, wanted.pop(d.name), detail="passed as a value: run by what receives it"))


_JS_BUILTINS = frozenset({"Error", "TypeError", "RangeError", "SyntaxError", "Map", "Set", "WeakMap", "WeakSet", "Promise",
                          "Date", "RegExp", "Array", "Object", "String", "Number", "Boolean", "Symbol", "BigInt",
                          "parseInt", "parseFloat", "isNaN", "isFinite", "setTimeout", "clearTimeout", "setInterval",
                          "clearInterval", "queueMicrotask", "structuredClone", "encodeURIComponent",
                          "decodeURIComponent", "require"})


def _js_outside_calls(index: IndexQueries, sym: Symbol, lines: list[str], out: Relations) -> None:
    """JS/TS: the language's own constructors and functions (`new Error(..)`, `setTimeout`) said so, and
    `fn.call(this, ..)`/`fn.apply(..)` of a repository function the file defines or imports is a call of it (Ajv run
    443 read `getSchemaRefs.call` among unknown receivers, `Error` too); a parameter's or local's `.call` is no such
    call (`client.call(..)` on an RPC client: review of 0cafc90)."""
    listed = {it.symbol.name for it in out.items if it.symbol is not None}
    packages = _js_package_imports(lines)
    bound = set(re.findall(r"[\w$]+", " ".join((sym.signature or "").split("(", 1)[1:])))
    body = "\n".join(lines[sym.start_line: sym.end_line])
    rest = []
    for label in out.unresolved:
        head = label.split(" ", 1)[0]
        through = re.fullmatch(r"([\w$]+)\.(?:call|apply|bind)", head)
        if through and through.group(1) in listed:
            continue
        fn = through.group(1) if through else ""
        local = fn in bound or re.search(rf"\b(?:const|let|var)\s+{re.escape(fn)}\b", body) is not None if fn else True
        defs = [d for d in index.symbols_named(fn) if d.name == fn and d.kind == "function" and d.parent_id is None
                and d.language in _JS_TS] if fn and not local else []
        here = [d for d in defs if d.path == sym.path] or (defs if len(defs) == 1 else [])
        if here:
            rx = re.compile(rf"(?<![\w$.]){re.escape(fn)}\s*\.\s*(?:call|apply)\s*\(")
            at = [sym.start_line + k + 1 for k, t in enumerate(lines[sym.start_line: sym.end_line]) if rx.search(t)]
            out.items.append(Related(here[0], here[0].path, "same file" if here[0].path == sym.path else "unique name",
                                     at, detail="called through .call(this, ..)"))
            continue
        if head in _JS_BUILTINS and not any(d.name == head and d.language in _JS_TS for d in index.symbols_named(head)):
            out.builtins.append(head)
            continue
        package = packages.get(head) or packages.get(head.split(".", 1)[0]) if label == head else None
        if package is not None:  # `forEach(..)` of `import { forEach } from "lodash-es"` (chevrotain run 477)
            out.packages.append(f"{head} ({package})")
            continue
        held = _ts_outside_field_call(index, sym, head) if label == head and head.count(".") == 1 else None
        if held is not None:  # `this.lookaheadStrategy.initialize?.()` on an `ILookaheadStrategy` of @chevrotain/types
            out.packages.append(held)
            continue
        native = _ts_builtin_receiver_call(index, sym, head, body) if label == head and head.count(".") == 1 else None
        if native is not None:  # `this.definitionErrors.concat(..)` on an `IParserDefinitionError[]` field
            out.builtins.append(native)
            continue
        rest.append(label)
    out.unresolved = rest


def _ts_field_type(index: IndexQueries, sym: Symbol, field_name: str) -> tuple[Symbol, str] | None:
    """The field of the class a TS method is in (or of a part of the type its `this` is declared with) and the type
    written after its name (`definitionErrors: IParserDefinitionError[] = []` gives `IParserDefinitionError[]`)."""
    from contexteer.indexers.lookup import ts_this_types

    owners: list[Symbol] = [p for p in [index.get_symbol(sym.parent_id)] if p is not None] if sym.parent_id else []
    owners += [c for part in ts_this_types(index, sym.signature or "") for c in index.symbols_named(part)
               if c.name == part and c.kind in ("class", "interface")]
    for owner in owners:
        field = next((f for f in index.symbols_in_file(owner.path) if f.parent_id == owner.id and f.name == field_name
                      and f.kind in ("field", "property")), None)
        typed = re.search(rf"{re.escape(field_name)}\??\s*:\s*([^=;]+)", field.signature or "") if field else None
        if field is not None and typed is not None:
            return field, typed.group(1).strip()
    return None


def _ts_outside_field_call(index: IndexQueries, sym: Symbol, head: str) -> str | None:
    """`ILookaheadStrategy.initialize (on this.lookaheadStrategy, @chevrotain/types)`: a method called on a field
    whose declared type the field's file imports from an outside package (chevrotain run 481 read it as a receiver of
    unknown type)."""
    field_name, method = head.split(".", 1)
    found = _ts_field_type(index, sym, field_name)
    named = re.match(r"[A-Za-z_$][\w$]*", found[1]) if found else None
    if found is None or named is None:
        return None
    package = _js_package_imports(lines_of(index, found[0].path)).get(named.group(0))
    return f"{named.group(0)}.{method} (on this.{field_name}, {package})" if package else None


#: the language's own types a declared TS type names, by how the declaration is written
_TS_NATIVE_TYPES = ((re.compile(r".*\[\]$|(?:Readonly)?Array\s*<"), "Array"), (re.compile(r"string$"), "String"),
                    (re.compile(r"number$"), "Number"), (re.compile(r"(?:Readonly)?Map\s*<"), "Map"),
                    (re.compile(r"(?:Readonly)?Set\s*<"), "Set"), (re.compile(r"Promise\s*<"), "Promise"),
                    (re.compile(r"RegExp$"), "RegExp"), (re.compile(r"Date$"), "Date"))


def _ts_builtin_receiver_call(index: IndexQueries, sym: Symbol, head: str, body: str) -> str | None:
    """`Array.concat (on this.definitionErrors)`: a method called on a field, parameter or local whose declared type is
    one of the language's own (`T[]`, `Array<T>`, `string`, `Map<K, V>`, ..), said among the builtins instead of "a
    receiver of unknown type" (chevrotain run 482 had `definitionErrors.concat` there)."""
    name, method = head.split(".", 1)
    declared = ""
    params = (sym.signature or "").split("(", 1)[1] if "(" in (sym.signature or "") else ""
    own = re.search(rf"(?:\b(?:const|let|var)\s+|[(,]\s*){re.escape(name)}\??\s*:\s*([^=;,)]+(?:<[^>]*>)?(?:\[\])?)",
                    f"({params}\n{body}")
    on = name
    if own is not None and re.search(rf"(?<![\w$.]){re.escape(name)}\s*\??\.\s*{re.escape(method)}\b", body):
        declared = own.group(1).strip()
    elif re.search(rf"\bthis\s*\.\s*{re.escape(name)}\s*\??\.\s*{re.escape(method)}\b", body):
        found = _ts_field_type(index, sym, name)
        declared, on = (found[1], f"this.{name}") if found else ("", name)
    native = next((kind for rx, kind in _TS_NATIVE_TYPES if declared and rx.match(declared)), None)
    return f"{native}.{method} (on {on})" if native else None


def _js_package_imports(lines: list[str]) -> dict[str, str]:
    """The names a JS/TS file's imports bind from outside packages (a bare specifier: `lodash-es`, `@chevrotain/utils`),
    by the name bound: `import { last as peek } from "lodash-es"` gives peek, `import * as fs from "fs"` fs."""
    text = "\n".join(lines[:600])
    out: dict[str, str] = {}
    for m in re.finditer(r"\bimport\s+(?:type\s+)?([^;]*?)\s+from\s+[\"']([^\"'./][^\"']*)[\"']", text):
        what, module = m.group(1), m.group(2)
        named = re.search(r"\{([^}]*)\}", what)
        for part in (named.group(1).split(",") if named else []):
            words = part.split()
            if words and words[0] != "type":
                out[words[-1]] = module
        rest = re.sub(r"\{[^}]*\}", "", what)
        for name in re.findall(r"(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)", rest):
            if name not in ("type", "as"):
                out[name] = module
    # (the module itself, `require("m");`, not what a call of it makes: `require("debug")("eslint:linter")`)
    for m in re.finditer(r"\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*[\"']([^\"'./][^\"']*)[\"']\s*\)\s*(?:;|$)",
                         text, re.M):
        out[m.group(1)] = m.group(2)
    return out


def _go_method_values(index: IndexQueries, sym: Symbol, lines: list[str], out: Relations) -> None:
    """A Go method's body naming another method of its receiver without calling it (`return p.readingHelp`, a state
    function handed back; `go p.run` is a call): rows said to be method values, run by what receives them
    (prometheus/common run 439 read startComment's whole body for the states it returns)."""
    head = re.match(r"\s*func\s*\(\s*(\w+)\s+\*?\s*\w+", sym.signature or "")
    owner = sym.qualname.rsplit(".", 2)[-2] if "." in sym.qualname else ""
    if head is None or not owner:
        return
    rx = re.compile(rf"(?<![\w.]){re.escape(head.group(1))}\s*\.\s*(\w+)\b(?!\s*[(.\[]|\s*=[^=])")
    at: dict[str, list[int]] = {}
    for k, text in enumerate(lines[sym.start_line: sym.end_line], sym.start_line + 1):
        for m in rx.finditer(text.split("//", 1)[0]):
            at.setdefault(m.group(1), []).append(k)
    listed = {it.symbol.id for it in out.items if it.symbol is not None}
    for name, where in at.items():
        got = member_of_type(index, owner, name, sym, [])
        if got is not None and got[0].kind == "method" and got[0].id not in listed and got[0].id != sym.id:
            listed.add(got[0].id)
            out.items.append(Related(got[0], got[0].path, "receiver type", sorted(set(where)),
                                     detail="a method value, not called"))


def _go_external_receivers(index: IndexQueries, sym: Symbol, lines: list[str], rel: Relations) -> None:
    """Go calls on a value of another package's type (a parameter `t *reflect2.UnsafeMapType`, a field
    `mapType *reflect2.UnsafeMapType` of a repository struct, a local a call on one returned) go with the other
    packages' functions, named by that type, instead of "a receiver of unknown type" (json-iterator A/B run 82)."""
    if sym.language != "go" or not rel.unresolved:
        return
    from contexteer.indexers.lookup import go_imports_package

    keep: list[str] = []
    for label in rel.unresolved:
        several = re.fullmatch(r"(\w+) \(on ([\w.]+(?:, [\w.]+)*)\)", label)  # `Close (on closer, gz)`
        pairs = [(r, several.group(1)) for r in several.group(2).split(", ")] if several else \
            [tuple(label.rpartition("."))[::2]] if " " not in label and "." in label else []
        named = [_go_external_call(index, sym, lines, recv, method, go_imports_package) for recv, method in pairs]
        if named and all(named):
            # with the lines (expr run 483 read checkFunc's body for the lines of its reflect.Type calls)
            rel.packages += [f"{n} at {','.join(map(str, at))}" if (at := _call_lines(sym, lines, recv, method)) else n
                             for n, (recv, method) in zip(named, pairs, strict=True) if n]
        else:
            keep.append(label)
    rel.unresolved = keep


def _call_lines(sym: Symbol, lines: list[str], recv: str, method: str) -> list[int]:
    """The lines of a body calling `recv.method(` (`recv->method(`, `recv?.method(` too), at most 8."""
    # (a chain's calls with their arguments: `interval.Interval.Round().UTC()` is written `..Round(time.Second).UTC()`)
    written = re.escape(recv).replace(r"\(\)", r"\([^()]*\)").replace(r"\.", r"\s*\.\s*")
    rx = re.compile(rf"(?<![\w.]){written}\s*(?:\.|->|\?\.)\s*{re.escape(method)}\s*\(")
    return [k for k in range(sym.start_line, min(sym.end_line, len(lines)) + 1)
            if rx.search(lines[k - 1].split("//", 1)[0])][:8]


def _go_external_call(index: IndexQueries, sym: Symbol, lines: list[str], recv: str, method: str,
                      imports_package: Callable[[list[str], str], bool]) -> str | None:
    """`method` called on `recv` named by the outside type `recv` is declared with (`sync.Pool.Get (on gzipPool)`) or
    the call it is made by (`header.Set (header from http.ResponseWriter.Header)`, `enc.Encode (enc from
    expfmt.NewEncoder)`); None when neither is known."""
    typed = _go_external_type(index, sym, lines, recv, imports_package)
    if typed is not None:
        return f"{typed}.{method} (on {recv})"
    if "." in recv:
        return None
    promoted = _go_promoted_outside(index, sym, lines, recv, method, imports_package)
    if promoted is not None:
        return promoted
    made = re.search(rf"\b{re.escape(recv)}(?:\s*,\s*\w+)?\s*:=\s*([\w.]+)\.(\w+)\(",
                     "\n".join(lines[sym.start_line - 1:sym.end_line]))
    if made is None:
        return None
    # `t := v.visit(arg)`: a repository method returning another package's type (`reflect.Type`, expr run 483)
    holder = value_type(index, lines, sym, sym.end_line, made.group(1)) if "." not in made.group(1) else None
    got = member_of_type(index, holder, made.group(2), sym, [], called=True) if holder else None
    result = go_outside_result(index, got[0]) if got is not None else None
    if result is not None:
        return f"{result}.{method} (on {recv})"
    owner = _go_external_type(index, sym, lines, made.group(1), imports_package)
    if owner is None and "." not in made.group(1) and imports_package(lines, made.group(1)) \
            and not _go_declared_outside(lines, sym, made.group(1)):
        owner = made.group(1)  # `enc := expfmt.NewEncoder(w, ct)`: a function of the package
    return f"{recv}.{method} ({recv} from {owner}.{made.group(2)})" if owner is not None else None


def _go_promoted_outside(index: IndexQueries, sym: Symbol, lines: list[str], recv: str, method: str,
                         imports_package: Callable[[list[str], str], bool]) -> str | None:
    """`sync.RWMutex.RLock (on interval, embedded in IntervalMetrics)`: a method no repository type has, called on a
    value of a repository struct that embeds one other package's type, which is where Go promotes it from
    (gometrics runs 575/585: `interval.RLock()` on a `*IntervalMetrics` embedding sync.RWMutex was "a receiver of
    unknown type"). None when the struct embeds no outside type, or several."""
    held = value_type(index, lines, sym, sym.end_line, recv)
    structs = [s for s in index.symbols_named(held) if s.name == held and s.language == "go"
               and s.kind in CLASS_KINDS] if held else []
    if len(structs) != 1:
        return None
    struct = structs[0]
    if member_of_type(index, struct.name, method, sym, [struct.path], called=True) is not None:
        return None  # the repository's own (through a repository type it embeds, or itself)
    own_lines = lines_of(index, struct.path)
    outside = [(q, n) for q, n in go_embedded_qualified(own_lines, struct.start_line, struct.end_line)
               if q is not None and imports_package(own_lines, q)]
    if len(outside) != 1:
        return None
    q, n = outside[0]
    return f"{q}.{n}.{method} (on {recv}, embedded in {struct.name})"


def _go_external_type(index: IndexQueries, sym: Symbol, lines: list[str], recv: str,
                      imports_package: Callable[[list[str], str], bool]) -> str | None:
    """`reflect2.UnsafeMapType` when the value `recv` (`t`, `encoder.mapType`) is declared with another package's
    type; None when it is a repository type or unknown."""
    first, *steps = re.split(r"\.(?![^()]*\))", recv)  # (`w.Header().Set`: a call's dots are its own)
    qualified = re.compile(r"^\*?\[?\]?\*?([a-z]\w*)\.([A-Z]\w*)")
    m = re.search(rf"[(,]\s*{re.escape(first)}(?:\s*,\s*\w+)*\s+\*?([a-z]\w*)\.([A-Z]\w*)", sym.signature or "")
    pair = (m.group(1), m.group(2)) if m else _go_declared_outside(lines, sym, first)
    outside = f"{pair[0]}.{pair[1]}" if pair and imports_package(lines, pair[0]) else None
    if not steps:
        return outside
    if outside is not None:  # `req.URL` of a `req *http.Request`, `w.Header()` of a `w http.ResponseWriter`
        for step in steps:
            outside = std_member_type(outside, step) if outside is not None else None
        return outside if outside is not None and re.fullmatch(r"[a-z]\w*\.[A-Z]\w*", outside) else None
    typed = value_type(index, lines, sym, sym.end_line, first)
    for n, step in enumerate(steps):
        got = member_of_type(index, typed, step, sym, []) if typed and "(" not in step else None
        if got is None or got[0].kind not in ("field", "property", "variable"):
            return None
        decl = (got[0].signature or "").split(None, 1)[1] if len((got[0].signature or "").split(None, 1)) == 2 else ""
        m = qualified.match(decl.strip())
        if m is not None:
            if not imports_package(lines_of(index, got[0].path), m.group(1)):
                return None
            # then the standard type's members: `interval.Interval.Round(time.Second).UTC()` is a time.Time
            # (gometrics run 575: unresolved past the field)
            reached: str | None = f"{m.group(1)}.{m.group(2)}"
            for rest in steps[n + 1:]:
                reached = std_member_type(reached, rest) if reached is not None else None
            return reached if reached is not None and re.fullmatch(r"[a-z]\w*\.[A-Z]\w*", reached) else None
        typed = _field_named_type(decl)
    return None


def _go_declared_outside(lines: list[str], sym: Symbol, name: str) -> tuple[str, str] | None:
    """How the body, or the file at its top level, declares `name` with another package's type (groups: package,
    type): a closure's parameter (`func(rsp http.ResponseWriter, ..)`), `var x pkg.T`, `x := pkg.T{..}` or
    `&pkg.T{..}`, a type assertion `gz := pool.Get().(*gzip.Writer)`, `closer, ok := enc.(expfmt.Closer)`, and a
    package variable `var gzipPool = sync.Pool{` (client_golang A/B run 220: all "a receiver of unknown type")."""
    n = re.escape(name)
    typed = r"\*?([a-z]\w*)\.([A-Z]\w*)"
    body = "\n".join(lines[sym.start_line - 1:sym.end_line])
    found = re.search(rf"\bfunc\s*\([^()]*?(?<![\w.]){n}(?:\s*,\s*\w+)*\s+{typed}", body) \
        or re.search(rf"(?m)^\s*var\s+{n}(?:\s*,\s*\w+)*\s+{typed}", body) \
        or re.search(rf"(?<![\w.]){n}(?:\s*,\s*\w+)?\s*:?=\s*(?:&\s*)?(?:{typed}\s*\{{|[\w.()\[\]]+\.\(\s*{typed}\s*\))", body)
    if found is None:
        top = "\n".join(t for t in lines if not t.startswith(("\t", " ", "}")))  # the file's top-level lines
        found = re.search(rf"(?m)^(?:var\s+)?{n}\s+(?:{typed}|=\s*(?:&\s*)?{typed}\s*\{{)", top)
    got = [g for g in found.groups() if g is not None] if found is not None else []
    return (got[0], got[1]) if len(got) >= 2 else None


def _field_named_type(decl: str) -> str | None:
    m = re.match(r"^\*?([A-Za-z_]\w*)\b", decl.strip())
    return m.group(1) if m else None


#: Go standard functions that call methods of the value passed to them (sort.Interface, heap.Interface)
_GO_CALLBACKS = {"sort.Sort": ("Len", "Less", "Swap"), "sort.Stable": ("Len", "Less", "Swap"),
                 "sort.IsSorted": ("Len", "Less"), "heap.Init": ("Len", "Less", "Swap", "Pop", "Push"),
                 "heap.Push": ("Len", "Less", "Swap", "Push"), "heap.Pop": ("Len", "Less", "Swap", "Pop"),
                 "heap.Fix": ("Len", "Less", "Swap"), "heap.Remove": ("Len", "Less", "Swap", "Pop")}


def _go_called_back(index: IndexQueries, sym: Symbol, lines: list[str], rel: Relations) -> None:
    """The methods `sort.Sort(keyValues)` calls back on a value of a repository type (its Len, Less, Swap): the
    json-iterator A/B agent read the body to learn that sortKeysMapEncoder.Encode runs encodedKeyValues.Less."""
    if sym.language != "go" or not any(p.startswith(("sort.", "heap.")) for p in rel.packages):
        return
    out = rel.items
    listed = {it.symbol.id for it in out if it.symbol is not None}
    rx = re.compile(r"\b(sort\.(?:Sort|Stable|IsSorted)|heap\.(?:Init|Push|Pop|Fix|Remove))\(\s*&?([A-Za-z_]\w*)\s*[,)]")
    for n in range(sym.start_line, min(sym.end_line, len(lines)) + 1):
        for m in rx.finditer(lines[n - 1]):
            typed = value_type(index, lines, sym, n, m.group(2))
            for method in _GO_CALLBACKS[m.group(1)] if typed else ():
                got = member_of_type(index, typed or "", method, sym, [])
                if got is not None and got[0].id not in listed:
                    listed.add(got[0].id)
                    out.append(Related(got[0], got[0].path, "callback", [n], detail=f"called back by {m.group(1)}"))


#: what a class's constructors are named, per language (None: the class's own name)
_CONSTRUCTORS_NAMED: dict[str, str | None] = {"java": None, "csharp": None, "cpp": None, "dart": None, "typescript": "constructor",
                                              "tsx": "constructor", "javascript": "constructor", "python": "__init__",
                                              "swift": "init", "php": "__construct", "kotlin": "constructor"}


def constructors(index: IndexQueries, cls: Symbol) -> list[Symbol]:
    """The constructors a class declares (Java's `CmdLineParser(..)` members, TypeScript's `constructor`, Python's
    `__init__`, ...); [] for anything else or a language without them."""
    if cls.kind not in ("class", "struct", "record") or cls.language not in _CONSTRUCTORS_NAMED:
        return []
    named = _CONSTRUCTORS_NAMED[cls.language or ""] or cls.name
    return [s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id and s.name == named
            and s.kind in ("method", "function", "constructor")]


def _constructor_called(index: IndexQueries, cls: Symbol, at: list[int], lines: list[str] | None, top: int = 0) -> str:
    """Which constructor of `cls` a call builds with (the one whose parameters fit the first call's arguments, or the
    only one): "constructor 1902-1912 (final K key, final V value)"; "" when the class declares none (the Commons
    Collections A/B agent looked the constructor up after a callee row named only the class)."""
    named = _CONSTRUCTORS_NAMED.get(cls.language or "") or cls.name
    members = [s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id and s.kind in ("method", "function", "constructor")]
    ctors = [s for s in members if s.name == named]
    if not ctors and cls.language == "python":  # (lark run 523: Token, built by its __new__, had been named bare)
        named = "__new__"
        ctors = [s for s in members if s.name == named]
    if len(ctors) > 1 and lines is not None and cls.language == "python":  # its @overload stubs are no constructor
        own = lines_of(index, cls.path)
        ctors = [s for s in ctors if not python_overload_stub(own, s.start_line)] or ctors
    if not ctors:
        return ""
    said: dict[str, list[int]] = {}  # per constructor said, the lines building with it (`new JSObject(s)`, `new JSObject()`)
    for n in at:
        text = lines[n - 1] if lines is not None and 0 < n <= len(lines) else ""
        args = call_args(text, cls.name)
        if args is None and lines is not None and cls.language == "swift":  # (a call over lines)
            args = call_args_at(lines, n, cls.name, cls.language)
        memberwise = _swift_memberwise(cls, ctors, args)
        said.setdefault(memberwise or _constructor_fit(_typed_constructors(ctors, args, lines or [], n, top), named, args),
                        []).append(n)
    if len(said) == 1:
        return next(iter(said))
    return "; ".join(f"{k} at {','.join(map(str, v))}" for k, v in said.items())


def _typed_constructors(ctors: list[Symbol], args: list[str] | None, lines: list[str], line: int, top: int) -> list[Symbol]:
    """Of several constructors, the ones whose parameter types the arguments' written types match, when that leaves
    one: a string literal, or a name declared with its type between the calling definition's start (`top`) and the
    call (`string inSigStr` in the method's header; dbus-sharp run 529: `new Signature(inSigStr)` was 'constructors
    at 102-120, 197-200, 202-221'). Any other mention of the name there (a loop or lambda variable, `const T&`) stops
    the look: unknown."""
    if len(ctors) < 2 or not args or top < 1:
        return ctors
    have: list[str | None] = []
    for a in args:
        a = a.strip()
        typed = "string" if re.fullmatch(r'"(?:[^"\\]|\\.)*"', a) else None
        if typed is None and re.fullmatch(r"[A-Za-z_]\w*", a):
            typed = _declared_above(lines, a, line, top)
        have.append(typed)
    if not any(have):
        return ctors
    fits = [c for c in ctors if (p := param_types(c.signature or "")) is not None and len(p) == len(have)
            and all(h is None or re.sub(r"<.*", "", t).rsplit(".", 1)[-1].strip().lower() == h for h, t in zip(have, p, strict=True))]
    return fits if len(fits) == 1 else ctors


def _declared_above(lines: list[str], name: str, line: int, top: int) -> str | None:
    """The simple type (lowercase) `name` is declared with nearest above `line` down to `top` (`string name,`,
    `String name =`), None when its nearest mention above the call is anything else."""
    decl = re.compile(rf"(?<![\w.&*<>:])([A-Za-z_][\w.]*(?:\[\s*\])*)\s+{re.escape(name)}\s*[,)=;]")
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    for k in range(line - 1, max(top, 1) - 1, -1):
        text = lines[k - 1] if k <= len(lines) else ""
        if not word.search(text):
            continue
        m = decl.search(text)
        if m is None or m.group(1) in ("return", "new", "else", "in", "out", "ref", "const", "final", "var", "auto", "val"):
            return None
        return m.group(1).rsplit(".", 1)[-1].lower()
    return None


def _swift_memberwise(cls: Symbol, ctors: list[Symbol], args: list[str] | None) -> str | None:
    """A Swift struct built with argument labels no declared `init` has (`JSResult(call: c, result: r)` beside
    `init(call:callResult:)`): its implicit memberwise initializer, said so (capios run 539 was given the declared
    one), or None."""
    # (a struct that declares an init in its own body has no memberwise one: only inits of extensions leave it)
    if cls.language != "swift" or cls.kind != "struct" or not args \
            or any(cls.start_line <= c.start_line <= cls.end_line for c in ctors):
        return None
    labels = [m.group(1) if (m := re.match(r"\s*([A-Za-z_]\w*)\s*:(?!:)", a)) else "_" for a in args]
    if all(x == "_" for x in labels):
        return None

    def takes(c: Symbol) -> bool:  # the labels, in order, with the rest defaulted or a trailing closure's
        inner = (c.signature or "")[(c.signature or "").find("(") + 1:]
        params = top_level(inner.rsplit(")", 1)[0])
        names = [p.split(":")[0].split()[0] if p.split(":")[0].split() else "_" for p in params]
        rest = params[len(labels):]
        return names[: len(labels)] == labels and all("=" in p or "->" in p for p in rest)

    if any(takes(c) for c in ctors):
        return None
    return f"its memberwise initializer ({''.join(x + ':' for x in labels)})"


def _constructor_fit(ctors: list[Symbol], named: str, args: list[str] | None) -> str:
    """The constructor a call with `args` builds with (or the ones it may), as a callee row says it."""
    if len(ctors) > 1 and args is not None:
        fit = []
        for c in ctors:
            sig = c.signature or ""
            params = arity(named + sig[sig.index("("):], named) if "(" in sig else None
            if params is None or (params[0] <= len(args) and (params[1] is None or len(args) <= params[1])):
                fit.append(c)
        ctors = fit or ctors
    if len(ctors) > 1:
        return f"constructors at {', '.join(f'{c.start_line}-{c.end_line}' for c in ctors[:6])}"
    c = ctors[0]
    head = c.signature or ""
    return f"constructor {c.start_line}-{c.end_line} {head[head.index('('):] if '(' in head else ''}".rstrip()


_REEXPORTS = (r"^\s*pub(?:\([\w:]+\))?\s+use\s+((?:::)?[\w:]+?)::(?:\{{[^}}]*\b{n}\b|{n}\b)",  # Rust `pub use rayon_core::{join, ...}`
              r"^\s*from\s+([\w.]+)\s+import\s+[^#]*\b{n}\b",  # Python `from ._core import run`
              r"^\s*export\s*\{{[^}}]*\b{n}\b[^}}]*\}}\s*from\s*['\"]([^'\"]+)")  # TS `export { x } from './y'`


def reexport_line(lines: list[str], name: str) -> tuple[int, str] | None:
    """Where a module passes on `name` from another (its line, 1-based, and the module it names)."""
    for n, text in enumerate(lines, 1):
        if name not in text:
            continue
        for rx in _REEXPORTS:
            m = re.search(rx.format(n=re.escape(name)), text)
            if m:
                return n, m.group(1)
    return None


#: Go's predeclared types: a call of one converts (`int8(c)`), it runs no function
GO_BUILTIN_TYPES = frozenset({"string", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
                              "uint64", "uintptr", "float32", "float64", "byte", "rune", "bool", "error", "complex64",
                              "complex128", "any"})
#: Go's predeclared functions and conversions: a call of one is the language's
_GO_BUILTINS = frozenset({"append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len", "make", "max",
                          "min", "new", "panic", "print", "println", "real", "recover"}) | GO_BUILTIN_TYPES


def _jvm_imported_calls(index: IndexQueries, sym: Symbol, out: Relations) -> None:
    """Kotlin/Java: unresolved calls of a class an import from outside the repository binds (`AppInfo.create(..)`,
    `Stripe(..)`, `PaymentConfiguration.init(..)`), moved to the other packages' with the import's package (stripe
    runs 543 and 545 read them as 'a receiver of unknown type' and searched the imports)."""
    if sym.language not in ("kotlin", "java") or not out.unresolved:
        return
    imported: dict[str, str] = {}
    for imp in index.imports_of(sym.path):
        module = imp.module.strip()
        for n in imp.names or (module.rsplit(".", 1)[-1],):
            if n and n[:1].isupper():
                imported[n.split(" as ")[-1].strip()] = module if module.endswith("." + n) or module == n else f"{module}.{n}"
    rest: list[str] = []
    for label in out.unresolved:
        head = label.split(" ", 1)[0].split(".", 1)[0]
        if " (on " not in label and head in imported and not any(
                s.name == head and s.kind in CLASS_KINDS for s in index.symbols_named(head)):
            at = re.search(r" at [\d,…]+$", label)
            bare = label[: at.start()] if at else label
            out.packages.append(f"{bare} ({imported[head].rsplit('.', 1)[0]}){at.group(0) if at else ''}")
        else:
            rest.append(label)
    out.unresolved = rest


def _outside_calls(out: Relations, language: str, lines: list[str]) -> None:
    """Split a callees answer's unresolved calls into the language's builtins, functions of imported packages
    (`errors.As`, `http.Error`, `os.path.join`) and the rest (receivers of unknown type): the prometheus A/B agent
    sorted `make, errors.As, rsp.Header` by hand."""
    import builtins as py_builtins

    from contexteer.indexers.lookup import go_imports_package

    bindings = python_import_bindings(lines) if language == "python" else []
    py_imported = {bound for _, _, bound in bindings}
    # a name `from x import name` binds -> x (an outside package: nothing resolved it)
    py_from = {bound: module for module, _, bound in bindings if module and not module.startswith(".")}
    rest: list[str] = []
    for label in out.unresolved:
        head = label.split(" ", 1)[0]
        # (a name called on receivers, `exit (on ctx, sys)`, is no builtin: click run 400 read Context.exit among them)
        if "." not in head and " (on " not in label \
                and (head in _GO_BUILTINS if language == "go" else hasattr(py_builtins, head) and not head.startswith("_")):
            out.builtins.append(label)
        elif label == head and head in py_from:  # `partial(..)` from functools, `SchemaSerializer(..)` from pydantic_core
            out.packages.append(f"{head} ({py_from[head]})")
        elif "." in head and (go_imports_package(lines, head.split(".")[0]) if language == "go" else head.split(".")[0] in py_imported):
            out.packages.append(label)
        else:
            rest.append(label)
    out.unresolved = rest


def _abstract(index: IndexQueries, d: Symbol) -> bool:
    """A method declared without a body: `abstract` said, or a one-line Scala `def` with no `=`, or a one-line
    method of an interface (Java, C#, TypeScript, Kotlin)."""
    if d.kind != "method" or d.parent_id is None:
        return False
    sig = d.signature or ""
    if re.search(r"\babstract\b", sig):
        return True
    if d.language == "swift":  # a protocol's requirement has no body, on however many lines (`@JavaScriptActor`)
        return swift_holder(index, d) == "interface"  # (not a method of the protocol's extension, parented to it)
    if d.start_line != d.end_line:
        return False
    if d.language == "scala":
        return "=" not in sig.split(":", 1)[-1] and not sig.rstrip().endswith("{")
    owner = index.get_symbol(d.parent_id)
    return owner is not None and owner.kind == "interface" and d.language in ("java", "csharp", "typescript", "kotlin", "go") \
        and "default" not in sig.split()[:3]


def _parameterless(values: list[str], calls: dict[str, list[int]], local: set[str], sym: Symbol,
                   lines: list[str] | None) -> dict[str, list[int]]:
    """Scala, Ruby: the lines of the body where each bare name it reads (and neither calls, binds nor defines)
    stands alone, as a call of a method without a parameter list does."""
    if lines is None:
        return {}
    out: dict[str, list[int]] = {}
    body = range(sym.start_line, min(sym.end_line, len(lines)) + 1)
    comment = "#" if sym.language == "ruby" else "//"
    for name in values:
        # (Ruby: a name called on something elsewhere in the body is read bare as a call on self too:
        # `Context.new(.., registers, ..)` beside `context.registers.static`, liquid run 509)
        called = name in calls and sym.language == "ruby"
        if (name in calls and not called) or name in local or name == sym.name \
                or not (name[:1].islower() or name[:1] == "_") or name == "_":
            continue
        # (never a Ruby symbol or key: `options[:registers]`, `registers: x`)
        rx = re.compile(rf"(?<![\w$.:@]){re.escape(name)}(?![\w$]|:[^:])" if sym.language == "ruby"
                        else rf"(?<![\w$.]){re.escape(name)}(?![\w$])")
        at = [n for n in body if rx.search(lines[n - 1]) and not lines[n - 1].lstrip().startswith(comment)
              and n not in (calls.get(name) or ())]
        if at:
            out[name] = at
    return out


#: how a Ruby method called on self without parentheses, found by its name alone, is said
RUBY_SELF_BY_NAME = "by name only: called on self without parentheses, the one method so named"


def _ruby_binds(index: IndexQueries, sym: Symbol, name: str) -> bool:
    """Whether a Ruby body binds `name` as a local the bound-names pass misses: `rescue X => e`, `x ||= ..`,
    `for x in ..`, `a, b = ..`, a block's `|x|` (review of 0983ee4: those had become calls on self)."""
    n = re.escape(name)
    rx = re.compile(rf"\brescue\b[^#\n]*=>\s*{n}\b|(?<![\w.@$:]){n}\s*(?:\|\||&&|[-+*/%|&^]|<<|>>)?=(?![=~>])"
                    rf"|\bfor\s+(?:\w+\s*,\s*)*{n}\b|(?<![\w.@$:]){n}\s*,[^=\n]*=(?![=~>])|,\s*{n}\s*=(?![=~>])"
                    rf"|(?:\{{|\bdo)\s*\|[^|\n]*(?<![\w.]){n}\b[^|\n]*\|")  # (a block's own `|x|`, never `a || x`)
    body = lines_of(index, sym.path)[sym.start_line - 1: sym.end_line]
    return any(rx.search(t.split("#", 1)[0]) for t in body)


def _ruby_self_call(index: IndexQueries, sym: Symbol, name: str, hit: Any, at: list[int], out: Relations) -> None:
    """A bare Ruby name the body neither binds nor resolves in its class (`all_commands[meth]` in Thor.dispatch, a
    method of the Base::ClassMethods module Thor extends through an `included` hook): the one method of the name in
    the repository, else an unresolved call; never left out of an answer that says it is complete (Thor run 428)."""
    if hit is not None or sym.language != "ruby" or _ruby_binds(index, sym, name):
        return
    found = [d for d in index.symbols_named(name) if d.name == name and d.kind in ("method", "function")
             and d.language == "ruby"]
    if len(found) == 1:
        out.items.append(Related(found[0], found[0].path, RUBY_SELF_BY_NAME, sorted(set(at))))
    else:
        out.unresolved.append(f"{name} (on self, without parentheses: "
                              + (f"{len(found)} methods so named)" if found else "no method so named in the repository)"))


def _go_literals_only(lines: list[str] | None, at: list[int], name: str) -> bool:
    """Whether every line writes a Go composite literal of `name` (`&Node{`, `Node: Node{`), none a call."""
    rx = re.compile(rf"(?<![\w.]){re.escape(name)}\s*\{{")
    return lines is not None and all(0 < n <= len(lines) and rx.search(lines[n - 1]) for n in at)


def _called_bare(lines: list[str], n: int, name: str, dots: bool = False) -> bool:
    """Whether line `n` calls `name` on nothing and nothing else of the name (`reportObserved(this)`; not
    `this.#updateQuery()`, not `x.f(); f()`). `dots`: a line opening with the call continues a chain whose `.` ends
    the line above (Go's `h.cfg.` then `Config()`, Ruby's too)."""
    text = lines[n - 1] if 0 < n <= len(lines) else ""
    found = list(re.finditer(rf"(?<![\w$]){re.escape(name)}\s*\(", text))
    above = bool(ends_chain_step(lines[n - 2])) if dots and 1 < n <= len(lines) + 1 else False
    return bool(found) and all(not text[: m.start()].rstrip().endswith((".", "#", "->", "::", "?."))
                               and not (not text[: m.start()].strip() and above) for m in found)


def _all_bare(lines: list[str], at: list[int], name: str) -> bool:
    """Whether every call of `name` on the lines is on nothing: no `.`, `->`, `::` before it (`"{}".format(x)`,
    `[1, 2].map(f)`, `v.(io.Closer).Close()` are calls on a value the receiver regex cannot name: review of stop 60)."""
    rx = re.compile(rf"(?<![\w$]){re.escape(name)}\s*\(")
    for n in at:
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        for m in rx.finditer(text):
            if text[: m.start()].rstrip().endswith((".", "->", "::", "?.")):
                return False
    return True


def _bare_call(lines: list[str] | None, at: list[int], name: str) -> bool:
    """Whether one of the lines calls `name` on nothing (`} else link(target)`)."""
    rx = re.compile(rf"(?<![\w$.])(?<!->)(?<!::){re.escape(name)}\b")  # (`->width(`, `::width(` are on something)
    return lines is not None and any(0 < n <= len(lines) and rx.search(lines[n - 1]) for n in at)


def call_receivers(calls: dict[str, list[int]], member_calls: dict[str, set[str]], lines: list[str] | None,
                   language: str | None, by_line: dict[str, dict[int, list[str]]] | None = None,
                   ) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """What each name is called on: a name only ever called off an object (`r.Leader()`) is a member, which
    resolves through its receiver's type or not at all, never to a same-named module-level definition elsewhere;
    and (Rust) what a `Qualifier::name(...)` call is written with. `by_line` gets each call line's receivers, per
    name."""
    path_calls: dict[str, set[str]] = {}
    if lines is None:
        return member_calls, path_calls
    # Lua: `p:sub(1)` is a method call, on anything (`('%s'):format(x)`), and `s:find '^;'` a call too
    lua = language == "lua"
    # (PHP: `.` joins strings, `$parts[0] . format_name($x)` calls no member)
    # (`->` reaches a member in C and C++ only: Kotlin's `when` branch `A.B -> Make(x)` and a Java lambda's
    # `x -> make(x)` call on nothing; rnscreens run 581 read four constructors as "on ScreenLifecycleEvent.WILL_APPEAR")
    sep, opt = (r"(\.|:(?!:))", "?") if lua else (r"(->|::)", "") if language == "php" \
        else (r"(\.|->|::|\?\.)", "") if language in ("c", "cpp", "objc", "objcpp") else (r"(\.|::|\?\.)", "")
    args = r"""(?:\(|["'{]|\[\[)""" if lua else r"(?:<[^<>()]*>)?\s*(?:\?\.\s*)?\(" if language in TS_LIKE \
        else r"(?:(?:::\s*)?<(?:[^<>()]|<[^<>()]*>)*>)?\s*\("  # (JS/TS: `schema._zod.toJSONSchema?.()`, an optional call)
    if language == "scala":  # `xs.isEmpty`, `xs.map { ... }`, `foo[Int](x)`: no parentheses needed
        args = r"(?![\w$])"
    elif language == "ruby":  # `context.registers.static`: a call without parentheses too (liquid run 509)
        args = r"(?:\s*\(|(?![\w$?!:]))"
    pre = r"(?<![@$:])" if language == "ruby" else ""
    recv = r"[A-Z][\w.]*[\w]|[\w$]+" if language == "elixir" else r"@{0,2}[\w$]+" if language == "ruby" \
        else r"[\w$]+"  # `Mix.Tasks.Compile.Elixir.manifests()`; Ruby's `@root.render(..)` on the instance variable
    for name, at in calls.items():
        added: list[tuple[int, str]] = []  # (line, receiver) as met
        bare = False
        for n in sorted(set(at)):
            text = lines[n - 1] if 0 < n <= len(lines) else ""
            # (Ruby: `@errors`, `@@x`, `$y`, `:sym` are no calls of the name: liquid run 513's `@errors =
            # context.errors` had made a bare call on self)
            for m in re.finditer(rf"(?:({recv}){opt}\s*(\(\s*\))?\s*{sep}\s*)?{pre}\b{re.escape(name)}\s*{args}", text):
                cast = CAST.search(text, 0, m.start())
                if cast is not None:  # `xs.asInstanceOf[List[T]].foreach(...)`: a member of the type cast to
                    added.append((n, f"({(cast.group(1) or cast.group(2) or cast.group(3)).rsplit('.', 1)[-1]})"))
                    continue
                if not m.group(3):
                    # `->render()` continuing a fluent chain begun lines above (Symfony's `$this->createTable()` then
                    # `->setHeaders($h)`, `->setRows($r)`, `->render()` a line each): the chain joined
                    joined = continued_chain(lines, n, text, m.start(), 1, dots=language in TRAILING_DOT_CHAINS) \
                        if language in CHAIN_LANGUAGES else None
                    head, at_call = joined if joined is not None else (text, m.start())
                    chain = receiver_chain(head, at_call, most=6, php=language == "php", arrow=language == "cpp",
                                           rust=language == "rust") \
                        if language in CHAIN_LANGUAGES else []
                    if chain and (chain[-1].endswith("()") or joined is not None):
                        # `vec.WithLabelValues("a").Inc()`: on what that returns
                        added.append((n, ".".join(chain)))
                        continue
                    if joined is not None and _SELF_HEAD.fullmatch(head):  # `$this` on a line, `->setName('help')` below
                        added.append((n, "this"))
                        continue
                    element = _indexed_receiver(text, m.start(), php=language == "php") if language in CHAIN_LANGUAGES else None
                    deref = re.search(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*(?:->|\.)\s*$", text[: m.start()]) \
                        if language == "cpp" and element is None else None
                    if deref is not None:  # `(*it)->processArg(..)`: a member of what the iterator reaches (tclap run
                        added.append((n, deref.group(1) + "[]"))  # 573: "on an expression of unknown type")
                        continue
                    if element is not None:  # `predicates[i].evaluate(x)`: a member of the array's element type
                        added.append((n, element + "[]"))
                        continue
                    built = built_receiver(text[: m.start()], language)
                    if built is not None:  # `(new UnicodeString($s))->width()`: a member of the class built
                        added.append((n, "this" if built in ("static", "self") else f"({built})"))
                        continue
                    if language == "zig" and text[: m.start()].rstrip().endswith("."):
                        # a declaration literal, `const b: *Bucket = .of(s, p)`: a member of the type it makes
                        declared = zig_names.DECLARED_LITERAL.search(text[: m.start()].rstrip())
                        added.append((n, declared.group(1).rsplit(".", 1)[-1] if declared else ""))
                        continue
                    bare = True
                    continue
                r = m.group(1) or ""
                r = ("this" if r == "$this" else r) if language == "php" else r  # PHP: $this is this; `$base` keeps its `$` (C#'s `base` is a self word)
                caught = caught_type(lines, max(1, n - 200), n, text[: m.start()], r) \
                    if language == "php" and r.startswith("$") and not m.group(2) else None
                if caught is not None and "|" not in caught and len(caught_types(lines, n - 200, n + 200, r)) > 1:
                    # `catch (FooException $e) {..} catch (BarException $e) {..}`: the class its own clause caught
                    added.append((n, f"({caught})"))
                    continue
                # `getFormatter()->format(...)`: a call on what a call returns, marked with its parentheses; `new
                # ClassParser().parse(..)`: a member of the class built (args4j run 559 read it unresolved)
                built_new = bool(m.group(2)) and language != "php" and re.search(r"(?<![\w$.])new\s+$", text[: m.start(1)]) is not None
                r = f"({r})" if built_new else r + "()" if m.group(2) and r else r
                if m.group(3) == "::":
                    if language == "rust":  # `teddy::Builder::new()`: the module path too, not the caller's own Builder
                        r = (rust_path_head(text[: m.start(1)]) or "") + r  # (aho-corasick run 533)
                    path_calls.setdefault(name, set()).add(r)
                elif language in CHAIN_LANGUAGES and r:
                    chain = receiver_chain(text, m.start(1), most=6, php=language == "php", arrow=language == "cpp")
                    # Java `TreeBidiMap.this.doPut(v, k)`, `Iface.super.m()`: a member of the class named; else
                    # `opts.Registry.Register(c)`, `errCnt.WithLabelValues("a").Inc()`: the value the chain reads
                    r = f"({chain[-1]})" if r in ("this", "super") and chain else ".".join([*chain, r])
                added.append((n, r))
        receivers = {r for _, r in added}
        if by_line is not None:
            line_of = by_line.setdefault(name, {})
            for n, r in added:
                line_of.setdefault(n, []).append(r)
        if receivers and not bare:
            # what the call lines show it called on; the body's other reads of the name (`current.bitIndex <= n`,
            # a field of another type) are no receivers of the call
            member_calls[name] = receivers
        elif bare and not receivers and language in ("python", "go", "rust", "javascript", "typescript", "tsx") \
                and _all_bare(lines, at, name):
            # every call of the name is bare (`type(self).__name__`), whatever the body reads off objects (`self.type =
            # ..`): the builtin or function, never a member (wtforms run 553 read `self.type at 123` unresolved and
            # `type` missing from the builtins)
            member_calls.pop(name, None)
        elif bare and language == "ruby" and _bare_call(lines, at, name):
            # called on self somewhere (`where(&block)` beside `ds.where(x)`): the class's own method, looked up as
            # a bare name (Sequel's Dataset#first had `limit` and `where` unresolved)
            member_calls.pop(name, None)
    return member_calls, path_calls


def _jvm_outside_local(index: IndexQueries, sym: Symbol, word: str) -> str | None:
    """Java/Kotlin/C#/Scala: the type a parameter or local is declared with when the repository defines no type of
    that name (`List`, `Collection`, `StringBuilder`), else None."""
    if sym.language == "cpp":
        return _cpp_std_value(index, sym, word)
    if sym.language not in ("java", "kotlin", "csharp", "scala"):
        return None
    typed = declared_type(sym.signature or "", word)
    if typed is None:
        bound = local_binding(lines_of(index, sym.path), sym.start_line, sym.end_line, word)
        typed = bound[1] if bound is not None and bound[0] == "type" else None
    if typed is None and sym.language in ("java", "csharp"):  # a field of its class (`List<OptionHandler> arguments`:
        typed = java_field_type(index, sym, word)  # args4j run 567 read `arguments.size` as of unknown type)
    simple = re.sub(r"<.*", "", typed or "").rsplit(".", 1)[-1].strip("?[] ")
    return simple if simple[:1].isupper() and len(simple) > 1 and not _is_type(index, simple) else None




#: the C++ standard library's class templates and classes a value is most often declared with
_CPP_STD_TYPES = frozenset({
    "string", "wstring", "string_view", "basic_string", "vector", "list", "forward_list", "deque", "array", "map",
    "multimap", "set", "multiset", "unordered_map", "unordered_set", "unordered_multimap", "unordered_multiset",
    "queue", "priority_queue", "stack", "pair", "tuple", "optional", "variant", "shared_ptr", "unique_ptr",
    "weak_ptr", "function", "ostream", "istream", "iostream", "ostringstream", "istringstream", "stringstream",
    "ofstream", "ifstream", "fstream", "bitset", "mutex", "thread", "atomic"})


def _cpp_std_value(index: IndexQueries, sym: Symbol, word: str) -> str | None:
    """C++: the standard library type (`std::list`) a parameter, local or field of the method's class is declared
    with (`std::list<Arg*> _argList;`, `std::vector<std::string>& args`), when the repository defines no type so
    named; None otherwise (tclap run 573 read `_argList.begin()` as "maybe MultiArg.begin")."""
    texts = [whole_header(lines_of(index, sym.path), sym.start_line, end=sym.end_line) or sym.signature or "",
             "\n".join(lines_of(index, sym.path)[sym.start_line - 1:sym.end_line])]
    cls = cpp_class_of(index, sym) if sym.kind == "method" else None
    if cls is not None:
        texts += [f.signature or "" for f in index.symbols_in_file(cls.path) if f.parent_id == cls.id and f.name == word]
    rx = re.compile(rf"(?<![\w:])(?:const\s+)?(std::)?([a-z_]\w*)\s*(?:<(?:[^<>;(){{}}]|<(?:[^<>;(){{}}]|<[^<>;(){{}}]*>)*>)*>)?"
                    rf"\s*(?:const\s*)?[&*]{{0,2}}\s*\b{re.escape(word)}\s*(?:[=;,)({{\[]|$)", re.M)
    for text in texts:
        m = rx.search(text)
        if m is not None and m.group(2) in _CPP_STD_TYPES and not _is_type(index, m.group(2)):
            return "std::" + m.group(2)
    return None


def _unresolved_call(index: IndexQueries, sym: Symbol, name: str, member_calls: dict[str, set[str]],
                     path_calls: dict[str, set[str]]) -> str:
    """How an unresolved call is named: what it was called on (`logger.Info`, `respond (on a, b, c)`), and for a
    method of a value whose type the index cannot tell the repository's one or two methods of that name
    (`exec.block_on (maybe CurrentThread.block_on ...)`)."""
    on = sorted(re.sub(r"^\(([\w$]+)\)$", r"\1", r) for r in member_calls.get(name, set()) - {""})  # `(X)`: a built X
    label = (f"{on[0]}.{name}" if len(on) == 1 else f"{name} (on {', '.join(on[:3])}{', …' if len(on) > 3 else ''})") \
        if on else name
    # a value's method, not a class's, a module's or a package's (`Vec::with_capacity`, Go's `strings.Split`,
    # Python's `np.array`: a same-named method of the repository is no candidate for those)
    values = [r for r in on if r[:1].islower() and r not in path_calls.get(name, set())]
    # (C++ fields are `_argList`, `m_items`, `items_`: values too)
    held = [r for r in on if r.lstrip("_")[:1].islower() and r not in path_calls.get(name, set())] \
        if sym.language == "cpp" else values
    typed_all = [_jvm_outside_local(index, sym, v) for v in held] if 1 < len(on) == len(held) <= 3 else []
    if typed_all and all(typed_all):  # `arg.contains(..)` and `present.contains(..)`: String's and Set's
        # (each with its own lines: tclap runs 596/602 read "std::list.begin (on _argList), std::vector.begin (on
        # args) at 470,477" as both lines args'.)
        body = lines_of(index, sym.path)
        return ", ".join(_with_lines(f"{t}.{name} (on {v})", _call_lines(sym, body, v, name))
                         for t, v in zip(typed_all, held, strict=True))
    outside = _jvm_outside_local(index, sym, held[0]) if len(on) == 1 and len(held) == 1 else None
    if outside is not None:  # `List<SubParameterIndex> subParameters = ..; subParameters.isEmpty()`: List's
        return f"{outside}.{name} (on {held[0]})"  # (jcommander run 491 was offered ParameterDescription.isEmpty)
    splat = _ruby_splat(sym, values[0]) if sym.language == "ruby" and len(on) == 1 and len(values) == 1 else None
    if splat is not None:  # `def render(*args)`: `args.shift` is Array's (liquid run 509 was offered Tokenizer.shift)
        return f"{splat}#{name} (on {values[0]})"
    setter = _ruby_setter(index, sym, values[0], name) if sym.language == "ruby" and len(on) == 1 and len(values) == 1 else None
    if setter is not None:  # `drop.context = ..` calls context=, never a reader (liquid run 531 was offered
        return setter       # StandardFilters' private attr_reader context)
    slot = _c_pointer_slot(index, name, sym, values[0]) if sym.language in ("c", "cpp") and len(values) == 1 else None
    if slot is not None:  # `c->reader->fn->freeObject(r)` (hiredis run 549: "a system or external function")
        return f"{label} ({slot})"
    if not on and "" in member_calls.get(name, set()) and sym.language in ("c", "cpp"):
        # `(*it)->processArg(&i, args)`: a method on an expression the index cannot type, never "not defined by name
        # in the repository" when the repository defines it (tclap run 573, under 'complete')
        named = sorted((s for s in index.symbols_named(name) if s.name == name and s.kind == "method"
                        and s.language in ("c", "cpp")), key=lambda s: ("= 0" not in (s.signature or ""), s.path, s.start_line))
        seen: set[str] = set()  # (a declaration and its body outside the class: one method)
        named = [s for s in named if not (s.qualname in seen or seen.add(s.qualname))]  # type: ignore[func-returns-value]
        if named:
            more = f" and {len(named) - 3} more" if len(named) > 3 else ""
            return f"{name} (on an expression of unknown type; {len(named)} method{'s' if len(named) != 1 else ''} so named: " \
                + ", ".join(f"{s.qualname} {s.path}:{s.start_line}" for s in named[:3]) + more + ")"
    arms = _arm_candidates(index, sym, values, name)
    if arms:  # Rust `CurrentThread(exec) => exec.block_on(..)`, `MultiThread(exec) => exec.block_on(..)`
        return label + " (one of " + ", ".join(f"{s.qualname} {s.path}:{s.start_line}" for s in arms) + ")"
    # (Python: a `_private` method only, wtforms run 558's `datalist._clone(..)` with one _clone in the repository;
    # a public name is as likely a list's or dict's)
    if values and not set(on) & _SELF_WORDS and (sym.language not in ("go", "python")
                                                 or (sym.language == "python" and re.match(r"_[a-z]", name))) \
            and not (sym.language == "rust" and name in RUST_STD_TRAIT_METHODS) \
            and not (language_family(sym.language) == language_family("javascript") and name in JS_BUILTIN_METHODS):  # `list.push(x)` is Array's
        family = language_family(sym.language)
        # an override is no guess: `surface.view?.requestLayout()` is Android's View's, which ReactViewGroup's
        # `override fun requestLayout()` overrides too (the Kotlin A/B agent spent two calls ruling it out)
        # (a Ruby attr_reader is a method too: `context.registers` may be Context's reader as much as Template's
        # `def registers`, liquid run 509)
        maybe = [s for s in index.symbols_named(name) if s.name == name
                 and (s.kind == "method" or (s.kind == "field" and sym.language == "ruby"
                                             and re.match(r"\s*attr_(?:reader|accessor)\b", s.signature or "")))
                 and s.id != sym.id and language_family(s.language) == family
                 and not re.search(r"\boverride\b", s.signature or "")]
        code = [s for s in maybe if not s.path.endswith(".d.ts")]
        maybe = code if code and sym.language == "javascript" else maybe  # the `.d.ts` a package ships: no second guess
        if 0 < len(maybe) <= 2:
            # (Rust: `timestamp.checked_add(..)` on an i64 is the integer's own method first; chrono run 501 read it
            # guessed as Duration's)
            std = f"std's integer {name}, or " if sym.language == "rust" and RUST_INTEGER_METHOD.fullmatch(name) else ""
            return label + f" ({std}maybe " + ", ".join(f"{s.qualname} {s.path}:{s.start_line}" for s in maybe) + ")"
    return label


def _ruby_setter(index: IndexQueries, sym: Symbol, value: str, name: str) -> str | None:
    """`value.name= (a setter; maybe ..)` when every `value.name` in the body is assigned to (`drop.context = x`):
    the writers of that name (attr_writer, attr_accessor, `def name=`), one or two of them; None otherwise."""
    body = lines_of(index, sym.path)[sym.start_line - 1 : sym.end_line]
    anywhere = re.compile(rf"(?<![\w@$.]){re.escape(value)}\s*\.\s*{re.escape(name)}\b")
    assigned = re.compile(rf"(?<![\w@$.]){re.escape(value)}\s*\.\s*{re.escape(name)}\s*=(?![=~>])")
    uses = [t for t in body if anywhere.search(t)]
    # (every use an assignment's left side: `c.count = c.count + 1` reads it too, and stays a reader; the review)
    if not uses or not all(assigned.search(t) and not anywhere.search(assigned.sub("", t)) for t in uses):
        return None
    writers = [s for s in index.symbols_named(name) if s.name == name and s.kind == "field" and s.language == "ruby"
               and re.match(r"\s*attr_(?:writer|accessor)\b", s.signature or "")]
    writers += [s for s in index.symbols_named(f"{name}=") if s.kind == "method" and s.language == "ruby"]
    maybe = "; maybe " + ", ".join(f"{s.qualname} {s.path}:{s.start_line}" for s in writers) if 0 < len(writers) <= 2 else ""
    return f"{value}.{name}= (a setter{maybe})"


def _ruby_splat(sym: Symbol, word: str) -> str | None:
    """Ruby: the core class a splat parameter of the method is (`*args` an Array, `**opts` a Hash), else None."""
    head = sym.signature or ""
    if re.search(rf"(?<![*\w])\*\*{re.escape(word)}\b", head):
        return "Hash"
    return "Array" if re.search(rf"(?<![*\w])\*{re.escape(word)}\b", head) else None


#: methods every Rust integer type has: a call of one on a value of unknown type is as likely the integer's
#: methods of the Rust standard library's traits every type may have (`clone`, `into`): a call of one on a value of
#: unknown type is no guess at the repository's one impl of it (tomledit run 595 was offered Map.clone for a
#: `Vec<Key>` field's and an InternalString's clone)
RUST_STD_TRAIT_METHODS = frozenset({
    "clone", "clone_from", "into", "try_into", "to_owned", "to_string", "eq", "ne", "cmp", "partial_cmp", "hash", "fmt",
    "default", "as_ref", "as_mut", "borrow", "borrow_mut", "deref", "deref_mut", "drop", "into_iter", "from_str"})
RUST_INTEGER_METHOD = re.compile(r"(?:checked|wrapping|saturating|overflowing)_(?:add|sub|mul|div|rem|neg|pow|shl|shr|abs)"
                                  r"(?:_signed|_unsigned)?|(?:div|rem)_euclid|abs_diff|signum|is_positive|is_negative"
                                  r"|leading_zeros|trailing_zeros|count_ones|count_zeros|rotate_left|rotate_right"
                                  r"|to_be|to_le|from_be|from_le|swap_bytes|pow|abs")


#: methods of JavaScript's built-in Array, Map, Set, String, Object and Promise values: a call of one on a value of
#: unknown type is no repository method's (webpack's `this.chunkGroups.push(e)` was "maybe ESMStarExportsList.push")
JS_BUILTIN_METHODS = frozenset({
    "push", "pop", "shift", "unshift", "slice", "splice", "concat", "join", "map", "filter", "reduce", "forEach",
    "some", "every", "find", "findIndex", "includes", "indexOf", "sort", "reverse", "flat", "flatMap", "keys",
    "values", "entries", "get", "set", "has", "add", "delete", "clear", "then", "catch", "finally", "toString",
    "replace", "split", "trim", "startsWith", "endsWith", "toLowerCase", "toUpperCase", "charCodeAt",
    "substring", "padStart", "padEnd", "match", "test", "exec", "call", "apply", "bind", "hasOwnProperty"})


def overload_called(index: IndexQueries, d: Any, at: list[int], lines: list[str] | None, caller: Symbol) -> Any:
    """Among Java-like overloads of `d` (one class, one name), the one the first call means: by the number of
    arguments, then by the declared types of the arguments that are locals or parameters of the caller
    (`new Parser(treeBuilder)` with `TreeBuilder treeBuilder = ...` is Parser(TreeBuilder), not Parser(Parser));
    `d` when the call cannot tell them apart."""
    return overload_told(index, d, at, lines, caller) or d


def overload_told(index: IndexQueries, d: Any, at: list[int], lines: list[str] | None, caller: Symbol) -> Any | None:
    """overload_called, or None when `d` has overloads and the first call's arguments do not tell which."""
    if d.language not in REAL_OVERLOADS or lines is None or d.kind not in ("method", "function", "constructor"):
        return d
    same = [s for s in index.symbols_in_file(d.path) if s.qualname == d.qualname and s.kind == d.kind]
    if len(same) < 2 or not at or not 0 < at[0] <= len(lines):
        return d
    if d.language == "elixir":  # a function is name/arity: `Erlang.compile(m, t, opts, fn a, b -> ... end)` is compile/4
        args = call_args(_elixir_call(lines, at[0]), d.name)
        fits = [s for s in same if args is not None and _elixir_fits(s.signature or "", len(args))]
        return fits[0] if len(fits) == 1 else None
    args = call_args_at(lines, at[0], d.name, d.language)
    fits = [s for s in same if args is not None and takes_call(s.signature or "", d.name, args, d.language)]
    if len(fits) > 1 and args is not None:  # a parameter list of exactly that length first (not varargs or defaults)
        fits = [s for s in fits if len(param_types(s.signature or "") or []) == len(args)] or fits
    if len(fits) > 1 and args:
        known = [argument_type(index, caller, lines, at[0], a) for a in args]
        # (an array for an array: `byte[]` is digest(MessageDigest, byte[]), never digest(.., byte b))
        exact = [s for s in fits if all(k is None or (same_type(k.removesuffix("[]"), p) and not _array_mismatch(k, w))
                                        for k, p, w in zip(known, param_types(s.signature or "") or [],
                                                           call_args(s.signature or "", d.name) or [], strict=False))]
        # else the ones no argument rules out: `join(new ArrayList<>(..), "/")` is no call of join(String[], String)
        # (jopt-simple run 495 was given that one, not join(Iterable<String>, String))
        # (nor an array of another primitive: `decode(s.toCharArray())` is no call of decode(byte[]), Commons Codec
        # run 525)
        fits = exact or [s for s in fits if not any(k is not None and (_array_mismatch(k, p) or _primitive_array_mismatch(k, p))
                                                    for k, p in zip(known, call_args(s.signature or "", d.name) or [], strict=False))]
    return fits[0] if len(fits) == 1 else None


_JVM_PRIMITIVES = frozenset("boolean byte char short int long float double".split())


def _primitive_array_mismatch(arg: str, param: str) -> bool:
    """An array of one primitive for an array parameter of another (`char[]` for `byte[] data`): never assignable."""
    written = re.sub(r"^(?:final\s+)?|\s+\w+\s*$", "", param.strip())
    a, p = arg.strip(), written.replace("...", "[]")
    if not (a.endswith("[]") and p.endswith("[]")):
        return False
    ea, ep = a.split("[", 1)[0].strip(), p.split("[", 1)[0].strip()
    return ea != ep and (ea in _JVM_PRIMITIVES or ep in _JVM_PRIMITIVES) and a.count("[") == p.count("[")


def _array_mismatch(arg: str, param: str) -> bool:
    """An argument of a class type for an array parameter, or an array for a parameter of another class type
    (`param`: the parameter as written, `String[] pieces`)."""
    written = re.sub(r"\s+\w+\s*$", "", param.strip())  # (its type, without its name)
    a, p = arg.strip().endswith("[]"), written.endswith(("[]", "..."))
    return a != p and arg not in ("string", "bool") and not re.fullmatch(r"(?:final\s+)?(?:java\.lang\.)?Object|[A-Z]", written)


def _elixir_call(lines: list[str], line: int) -> str:
    """The call starting on `line` with up to 80 lines after it, its `fn ... end` and `do ... end` blocks folded to
    a word (their commas are no argument separators)."""
    text = " ".join(re.sub(r"(?<![\w?])#(?!\{).*$", "", t) for t in lines[line - 1 : line + 80])  # comments out
    for _ in range(5):
        folded = re.sub(r"\b(?:fn|do)\b(?:(?!\b(?:fn|do|end)\b).)*?\bend\b", "_", text)
        if folded == text:
            break
        text = folded
    return text


def _elixir_fits(signature: str, n: int) -> bool:
    """Whether an Elixir head (`def compile(manifest, mappings, opts \\\\ [], callback)`) takes `n` arguments, its
    defaults left out or not."""
    m = re.search(r"\(", signature)
    params = call_args(signature[: m.start()].split()[-1] + signature[m.start():], signature[: m.start()].split()[-1]) \
        if m and signature[: m.start()].split() else []
    params = params or []
    optional = sum(1 for p in params if "\\\\" in p)
    return len(params) - optional <= n <= len(params)


def _arm_candidates(index: IndexQueries, sym: Symbol, values: list[str], name: str) -> list[Symbol]:
    """The method `name` of each type a Rust match binds one of `values` to, when it binds several."""
    if sym.language != "rust":
        return []
    out: list[Symbol] = []
    for value in values:
        for typed in sorted(t for t in rust_bound_types(index, sym, value) if t):
            got = member_of_type(index, typed, name, sym, [])
            if got is not None and got[0] not in out:
                out.append(got[0])
    return out if len(out) > 1 else []


# ----- implementations and supertypes ---------------------------------------------------------------
def implementations(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *,
                    depth: int = 1, rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None = None,
                    mark: bool = True) -> Relations:
    """Subtypes of a class-like definition (depth > 1: theirs too), or for a method the methods overriding or
    implementing it. `rust_impls(trait)` lists (impl block, type name) of the `impl Trait for Type` blocks; a
    type the repository does not define (Box<T>, &T, a tuple) is answered by its impl block."""
    if (sym.kind in ("method", "function") or _overridable_property(sym)) \
            and sym.parent_id is not None:  # (a C# abstract property's overrides too: hyena run 570)
        return _overrides(index, sym, resolve_imports, depth=depth, rust_impls=rust_impls)
    out = Relations(sym, "implementations")
    seen = {sym.id}
    listed: dict[int, Related] = {}
    also: dict[int, list[str]] = {}  # Rust: per subtrait, its implementers listed above it (under the trait)
    frontier = [sym]
    stop_at, ended = depth, False
    for level in range(1, MAX_SUBTYPE_DEPTH + 1):
        if level > stop_at:
            break
        nxt = []
        for target in frontier:
            for child, how, detail in _direct_subtypes(index, target, rust_impls, resolve_imports):
                if child.id in seen:
                    first = listed.get(child.id)
                    # (a Go type with the method set of a sub-interface has Future's by itself, not through it)
                    # (not for Rust: a type implementing a subtrait implements the trait in an impl of its own, the
                    # row's; "also through IntoEdgesDirected" read as if the subtrait gave it, petgraph A/B run 125)
                    # (nor a Go interface whose method set covers another's: `Counter` "also through GaugeFunc" on
                    # five of Metric's interface rows, client_golang run 247)
                    if first is not None and target.id != sym.id and first.how != "method set" and how != "method set" \
                            and sym.language != "rust" and not re.search(rf"\bthrough {re.escape(target.name)}:", first.detail):
                        # one row, both routes: ConcreteViewProp conforms in an extension and through AnyViewProp in
                        # its own header (run 55 listed the extension only, AnyViewProp "without" children)
                        # (its header's place when the first route was elsewhere, a Swift extension; the row's own
                        # place said again otherwise: `[implements, implements; also through StreamOutput: ..:30]`)
                        first.detail = f"{first.detail}; also through {target.name}: {child.path}:{child.start_line}" \
                            if first.detail else f"also through {target.name}"
                    elif first is not None and target.id != sym.id and sym.language == "rust" and target.id in listed:
                        # a Rust type implementing the trait and a subtrait of it: the subtrait's row names it, or
                        # its branch read as all its implementers (petgraph run 396: NodeCompactIndexable's four
                        # hand-written impls, listed under NodeIndexable, were missing from a "complete" answer)
                        also.setdefault(target.id, []).append(child.name)
                    continue
                if len(out.items) >= MAX_NODES:
                    out.truncated = True
                    return out
                seen.add(child.id)
                out.items.append(Related(child, child.path, how, [], level, target if level > 1 else None, detail))
                listed[child.id] = out.items[-1]
                if child.kind in CLASS_KINDS or child.language != "zig":  # a Zig function building a vtable has none
                    nxt.append(child)
        frontier = nxt
        for tid, above in also.items():
            row = listed[tid]
            said = f"also implemented by {', '.join(dict.fromkeys(above))} (rows above)"
            row.detail = f"{row.detail}; {said}" if row.detail else said
        also.clear()
        if not frontier:
            ended = True
            if out.items:  # the hierarchy ended above the depth asked
                # (one level only: said, signalr run 542 searched `extends HttpClient` to learn none was indirect)
                out.note = "complete: all levels listed" + ("; all direct" if len(out.items) > 1 and depth > 1
                                                              and all(it.depth == 1 for it in out.items) else "")
            break
        if level == stop_at >= 3 and len(out.items) <= 40:
            # the most levels asked for means all of them while the answer stays short: expo's AnyFunction ->
            # BaseAsyncFunctionComponent -> AsyncFunctionComponent -> UntypedAsyncFunctionComponent -> five more
            stop_at += 1
    if not ended:  # stopped at the depth asked: say whether a level below exists, so no one has to ask to find out
        below: dict[int, int] = {}  # at the next level: how many subtypes each frontier definition has
        for t in frontier[:50]:
            n = len({c.id for c, _, _ in _direct_subtypes(index, t, rust_impls, resolve_imports) if c.id not in seen})
            if n:
                below[t.id] = n
        deeper = [t for t in frontier[:50] if t.id in below]
        if deeper:
            # (a blanket impl by its header: "80 subtypes of T" said nothing)
            names = ", ".join(" ".join((t.signature or t.name).split()) if t.kind == "impl" else t.name for t in deeper[:5]) \
                + (f" and {len(deeper) - 5} more" if len(deeper) > 5 else "")
            more = f"pass depth={depth + 1} for them; depth=3 follows every level" if stop_at < 3 else "ask find_related for each"
            count = sum(below.values())
            # how many, so no one asks only to learn whether any exist (the Rack run 13)
            # ("the next level": jsoup's 20 were 22 with the level below them, and the A/B agent took 20 for all)
            out.note = f"not listed: {count}{'+' if len(frontier) > 50 else ''} subtype{'s' if count != 1 else ''} of " \
                f"{names} at the next level, maybe more below ({more})"
        elif frontier:  # complete: say so, or the agent asks each subtype for its own (the Rack A/B run: two calls)
            out.note = "complete: all levels listed"
    if mark:  # (what each row overrides: an answer shows it, a rule that wants the subtypes only does not)
        _mark_overrides(index, out, sym, resolve_imports)
    lambdas = _java_lambdas(index, sym, resolve_imports) if sym.language == "java" and sym.kind == "interface" else []
    if lambdas:  # jsoup run 214: three lambdas implement NodeVisitor; the agent searched for them
        shown = "; ".join(lambdas[:8]) + (f"; … {len(lambdas) - 8} more" if len(lambdas) > 8 else "")
        said = f"{len(lambdas)} lambda{'s' if len(lambdas) != 1 else ''} or method reference{'s' if len(lambdas) != 1 else ''} " \
            f"passed where a {sym.name} is taken: {shown}"
        out.note = f"{out.note}; {said}" if out.note else said
    if sym.language == "go" and sym.kind == "interface" and not _interface_methods(index, sym):
        out.note = ("this interface declares no methods of its own (an empty or embedding-only interface): every type "
                    "satisfies it, or those of the interfaces it embeds")
    return out


#: languages whose subclasses override their bases' methods by name (Go, Rust and C have no class inheritance)
_OVERRIDING = frozenset({"python", "ruby", "java", "kotlin", "csharp", "typescript", "tsx", "javascript", "php",
                         "scala", "swift", "dart", "cpp"})
MAX_OVERRIDES = 12  # names listed per row
MAX_SUBTYPE_DEPTH = 8  # levels followed when the most (3) are asked for and the answer stays short
#: per language, the methods every class has its own of (constructors; C++ copy and move assignment): no overrides.
#: A name is a constructor in its language only: PHP's `initialize` (Symfony's CompleteCommand) is an override.
_CONSTRUCTOR_NAMES = {
    "python": frozenset({"__init__", "__new__"}), "ruby": frozenset({"initialize", "new"}),
    "javascript": frozenset({"constructor"}), "typescript": frozenset({"constructor"}), "tsx": frozenset({"constructor"}),
    "php": frozenset({"__construct"}), "swift": frozenset({"init"}), "objc": frozenset({"init"}),
    "rust": frozenset({"new"}), "cpp": frozenset({"operator="}), "dart": frozenset({"constructor"}),
    "kotlin": frozenset({"constructor"}),  # (a secondary constructor is stored under that name)
}


def _not_override(m: Symbol) -> bool:
    """A constructor (or the like) of `m`'s language, which every class has its own, or a private method, which
    overrides nothing (react-native's PointerEvent has a private `init` beside Event's final one)."""
    private = m.language in _PRIVATE_HIDES and re.search(r"\bprivate\b", (m.signature or "").split("(", 1)[0]) is not None
    return private or m.name in _CONSTRUCTOR_NAMES.get(m.language or "", frozenset())


#: the constructors a subclass inherits unless it defines its own (Java's, C#'s, Kotlin's never are)
_INHERITED_CONSTRUCTORS = {"python": ("__init__",), "ruby": ("initialize",), "javascript": ("constructor",),
                           "typescript": ("constructor",), "tsx": ("constructor",), "php": ("__construct",)}

#: languages where a private method is its class's own: it neither overrides nor is overridden
_PRIVATE_HIDES = frozenset({"java", "kotlin", "csharp", "c_sharp", "swift", "scala", "php", "cpp", "dart", "typescript", "tsx"})


#: implementations answers up to this many rows name the methods each class adds (a longer one stays a list)
MAX_ADDING_ROWS = 30
#: the constructor names a class's added methods start with, where a class may have none of its own (and Python's
#: `__new__`)
_CONSTRUCTORS_FIRST = frozenset({"__new__", *(n for names in _INHERITED_CONSTRUCTORS.values() for n in names)})


def _added(c: Symbol, members: list[Symbol], known: set[str]) -> list[str]:
    """The methods a class defines that none above it does, its constructor first: never a constructor that every
    class of its language has (Java's, C#'s, C++'s named like the class, Kotlin's and Swift's `init`), a destructor, a
    C++ `= delete`d or `= default`ed member, a static one, nor a private helper (`private`, `#x`, Python's `_x`), which
    the row's reader cannot call (the review of 33864b6 measured 19-70% more tokens, mostly such names)."""
    out: list[str] = []
    for m in members:
        sig = m.signature or ""
        # (a Python dunder bound by assignment is a method: StrictUndefined's `__contains__ = _fail_with_undefined_error`,
        # Jinja2 run 335)
        dunder = m.language == "python" and m.kind in ("field", "variable") and re.fullmatch(r"__\w+__", m.name) \
            and m.name not in ("__slots__", "__doc__", "__module__", "__annotations__", "__match_args__", "__all__")
        if (m.kind not in ("method", "function") and not dunder) or m.name in known or m.name == c.name \
                or m.name.startswith(("~", "#")):
            continue
        if re.search(r"=\s*(?:delete|default)\s*;?\s*$", sig) or (m.language in ("kotlin", "swift", "dart") and m.name in
                                                                  ("init", "constructor")):
            continue
        if (m.language in _PRIVATE_HIDES and re.search(r"\b(?:private|static)\b", sig.split("(", 1)[0])) \
                or (m.language == "python" and m.name.startswith("_") and not m.name.endswith("__")) \
                or (m.language == "ruby" and not m.exported):  # (a Ruby method below `private`)
            continue  # (nor a static factory, `unmodifiableSortedBidiMap(..)`: what a subclass adds is behaviour)
        out.append(m.name)
    return sorted(dict.fromkeys(out), key=lambda n: n not in _CONSTRUCTORS_FIRST)


def _overriding(m: Symbol, k: str, inherited: set[str], c: Symbol, target: Symbol) -> bool:
    """Whether a row's method `m` (keyed `k`) overrides one of a class above it: not a constructor, private, static or
    `new` one, nor in C# one not written `override` below a class (an interface's is implemented without it)."""
    if k not in inherited or _not_override(m) or m.name == c.name or _hides(m):
        return False
    return not (m.language == "csharp" and target.kind == "class"
                and not re.search(r"\boverride\b", (m.signature or "").split("(", 1)[0]))


def _overloads_labelled(it: Any, c: Symbol, members: list[Symbol], keys: dict[tuple[str, str], None],
                        key: Callable[[Symbol], str]) -> dict[tuple[str, str], None]:
    """The overriding methods keyed as before, two of one name (overloads) each labelled with its parameter types and
    its line: TextView's `getPath(Canvas,Paint) 141` and `getPath(Canvas,Paint,Region.Op) 150` (rnsvg runs 577/592/604
    read one `getPath 141` and searched for the other)."""
    names = Counter(n for _, n in keys)
    if all(v < 2 for v in names.values()):
        return keys
    by_key = {key(m): m for m in members}
    out: dict[tuple[str, str], None] = {}
    for k, n in keys:
        m = by_key.get(k)
        types = param_types(m.signature or "") if m is not None and names[n] > 1 else None
        if m is None or types is None:
            out[(k, n)] = None
            continue
        out[(k, _overload_label(it, c, m, types))] = None
    return out


def _overload_label(it: Any, c: Symbol, m: Symbol, types: list[str]) -> str:
    """`getPath(Canvas,Paint)`: an overload named with its parameter types on row `it` of class `c`, its line kept."""
    label = f"{m.name}({','.join(''.join(t.split()) for t in types)})"
    it.member_at[label] = str(m.start_line) if m.path == c.path else f"{m.path}:{m.start_line}"
    return label


def _added_overloads(it: Any, c: Symbol, members: list[Symbol], known: set[str], overriding: set[int]) -> list[str]:
    """A row's methods named like one a class above it defines (or one it overrides) that override nothing: overloads
    it adds, each named with its parameter types and its line (dbus-sharp run 526: SocketTransport's Open(string,
    int, string) and Open(Socket), UnixTransport's `abstract void Open(string path, bool @abstract)` were unsaid)."""
    out: list[str] = []
    for m in members:
        head = (m.signature or "").split("(", 1)[0]
        if m.kind != "method" or m.language not in _ARITY_KEYED or m.name not in known or m.name == c.name \
                or _not_override(m) or m.id in overriding or re.search(r"\b(?:private|static)\b", head):
            continue
        types = param_types(m.signature or "")
        if types is None:
            continue
        out.append(_overload_label(it, c, m, types))
    return out


def _python_abstract(index: IndexQueries, members: list[Symbol]) -> list[str]:
    """The methods of a Python class decorated `@abstractmethod` (`@abc.abstractmethod`, also under `@property`)."""
    out: list[str] = []
    lines: list[str] | None = None
    for m in members:
        if m.kind not in ("method", "function", "property"):
            continue
        lines = lines if lines is not None else lines_of(index, m.path)
        head = lines[max(m.start_line - 4, 0) : m.start_line + 3]
        defs = [k for k, t in enumerate(head) if re.match(rf"\s*(?:async\s+)?def\s+{re.escape(m.name)}\b", t)]
        if defs and any(re.match(r"\s*@(?:abc\.)?abstract(?:method|property)\b", t) for t in head[: defs[0]]):
            out.append(m.name)
    return list(dict.fromkeys(out))


def _mark_overrides(index: IndexQueries, out: Relations, sym: Symbol,
                    resolve_imports: Callable[[str], dict[str, list[str]]]) -> None:
    """Each subclass's own methods that the target or a class between them defines too (pydantic's SecretStr
    overrides `_display`, `__eq__`, `__hash__` of _SecretBase): the A/B agent read every subclass to learn it."""
    if sym.kind not in CLASS_KINDS or sym.language not in _OVERRIDING or not out.items:
        return
    members: dict[int, list[Symbol]] = {}

    def methods(c: Symbol) -> list[Symbol]:
        # (with the fields: a TypeScript subclass redeclares a method's type by a field, `protected override fetch!:`)
        # (a class reopened in other files, or a C# partial class, has the members of every part: Sequel::Database's
        # `connect` is in database/connecting.rb, not in schema_methods.rb, the part with the most members)
        if c.id not in members:
            members[c.id] = sorted((s for part in _class_parts(index, c) for s in index.symbols_in_file(part.path)
                                    if s.parent_id == part.id and s.kind in ("method", "function", "property", "field")),
                                   key=lambda s: (s.path != c.path, s.path, s.start_line))
        return members[c.id]

    above = {it.symbol.id: (it.via or sym) for it in out.items if it.symbol is not None}
    key_of: dict[int, str] = {}
    file_syms: dict[str, list[Symbol]] = {}  # (each file's symbols read once for the Ruby class-method check)

    def key(m: Symbol) -> str:  # (a Swift method's labels read once)
        if m.id not in key_of:
            key_of[m.id] = _member_key(m, index, file_syms)
        return key_of[m.id]
    targets = {key(m) for m in methods(sym) if m.kind != "field" and not _not_override(m) and m.name != sym.name}
    adding = len(out.items) <= MAX_ADDING_ROWS
    # the names the target and the classes above it define: what a row "adds" is none of them (LRUMap's `get`
    # overrides AbstractHashedMap's, above the asked AbstractLinkedMap; review of 33864b6)
    over = base_members(index, sym, resolve_imports)
    upper = {m.name for m in methods(sym)} | ({m.name for m in over.values()} if adding else set())
    # (and what the classes above the target define: Comment's render_to_output_buffer overrides Tag's, above the
    # asked Block; liquid run 509 read Comment's row without it)
    # (C++: only a virtual one can be overridden; a non-virtual or static one of the name is hidden: review of stop 57)
    beyond = {key(m) for m in over.values() if m.kind != "field" and not _not_override(m)
              and not (m.language == "cpp" and (re.search(r"\bstatic\b", m.signature or "")
                                                or not re.search(r"\bvirtual\b|\boverride\b", m.signature or "")))}
    for it in out.items:
        c = it.symbol
        if c is None or (c.kind not in CLASS_KINDS and it.how != "anonymous class"):
            continue
        span = _anonymous_span(index, it)
        # (an object expression's own methods, not those of the class it is written in)
        mc = [m for m in methods(c) if span is None or span[0] <= m.start_line <= span[1]]
        inherited: set[str] = set(beyond)
        names_above: set[str] = set()  # every member name the classes between the row and the target define
        ctors: set[str] = set()  # the constructors the classes above define (inherited where the language does)
        anc, hops = above.get(c.id), 0
        while anc is not None and hops < 8:
            # (a Python class attribute set again is an override too: `internal_use_only = True` in python.Serializer)
            # (TypeScript too: CellData's `public fg = 0` over AttributeData's `public fg = 0`; xterm runs 579/593/599
            # asked which members the subclasses redeclare and read the rows' methods only)
            inherited |= {key(m) for m in methods(anc) if m.kind != "field" or c.language in ("python", *TS_LIKE)}
            names_above |= {m.name for m in methods(anc)}
            ctors |= {m.name for m in methods(anc) if m.name in _INHERITED_CONSTRUCTORS.get(c.language or "", ())}
            anc = above.get(anc.id) if anc.id != sym.id else None
            hops += 1
        if c.language == "php" and not ctors and _php_outside_parent(index, c):
            # extending `\InvalidArgumentException` (itself or above): its `__construct` replaces the outside class's,
            # League\Config run 473 read "adds __construct"
            ctors = set(_INHERITED_CONSTRUCTORS["php"])
        # (a constructor is no override: every class has its own; nor, in Java and C#, a static method or one
        # declared `new`: pythonnet's static ArrayObject.InitializeSlots, which reflection calls, hides nothing)
        # (C#: one not written `override` overrides no class's method: SocketTransport's Open(Socket) beside its
        # override Open(AddressEntry), dbus-sharp run 526)
        keys = dict.fromkeys((key(m), m.name) for m in mc if _overriding(m, key(m), inherited, c, sym))
        keys = _overloads_labelled(it, c, mc, keys, key)
        # the target's own methods first, counted: "which of OutputInterface's 12 does ConsoleOutput define" is read
        # off the row (the Symfony A/B agent could not tell them from section, getErrorOutput, doWrite)
        mine = [n for k, n in keys if k in targets]
        # its own constructor where a class above has one it would otherwise inherit (kramdown's converters each
        # define `initialize` over Base's: the run-224 agent searched for them)
        # (JavaScript's and TypeScript's `constructor` says it by its name: no `constructor (constructor)`)
        own = [m.name if m.name == "constructor" else f"{m.name} (constructor)" for m in mc
               if m.name in ctors and m.kind in ("method", "function")]
        it.overrides = list(dict.fromkeys(mine + [n for k, n in keys if k not in targets] + own[:1]))
        # each with its line (Commons Collections run 282: "overrides remove, next" sent the agent to three searches
        # for the lines of fourteen classes' methods; a Go row says them already)
        # (a method before a field of its name: PHP's LineFormatter has `$format` at 29 and format() at 82, Monolog
        # run 299 read "overrides format 29 (a field)")
        for m in sorted(mc, key=lambda m: m.kind not in ("method", "function")):
            if m.name not in it.member_at:
                at = str(m.start_line) if m.path == c.path else f"{m.path}:{m.start_line}"
                bound = re.fullmatch(rf"{re.escape(m.name)}\s*=\s*([\w.]+)", (m.signature or "").strip()) \
                    if m.language == "python" and m.kind in ("field", "variable") else None
                if bound is not None:  # `__int__ = unwrap`: a method bound by assignment (tomlkit run 475 read "(a field)")
                    at += f" (= {bound.group(1)})"
                elif m.kind in ("field", "property"):  # (TanStack run 285: `override fetch!: ..` read as a method body)
                    at += " (type only)" if re.search(rf"\b{re.escape(m.name)}\s*!\s*:", m.signature or "") else " (a field)"
                elif _final_method(m):  # (spdlog run 311: base_sink's log and flush are `final`, unsaid)
                    at += " final"
                it.member_at[m.name] = at
        it.of_target = (len({k for k, _ in keys if k in targets}), len(targets))  # (label overloads counted each)
        if c.language == "php":  # (Nette run 430: Type's completeDefault, from trait Base, unsaid)
            it.from_traits = _php_trait_methods(index, c, {m.name for m in methods(sym)} - {m.name for m in mc})
        if c.language == "python":  # `@abc.abstractmethod def _clamp`: click run 270 took _NumberRangeBase for concrete
            it.abstract = _python_abstract(index, mc)
        if adding:
            # and the methods it adds (Django's WSGIHandler read bare, its `__init__` and `__call__` unsaid: the run-243
            # agent read the four handlers; Commons Collections' ListOrderedIterator implements the JDK's
            # Iterator.next, which no repository class above it defines)
            known = upper | names_above | {n for _, n in keys} | {m.name for m in mc if m.name in ctors}
            if c.language == "ruby":  # (and what the modules it includes define: mysql2's server_version)
                known |= {m.name for mod in ruby_included(index, c) for m in methods(mod)}
            overriding = {m.id for m in mc if _overriding(m, key(m), inherited, c, sym)}
            it.adds = _added(c, mc, known) + _added_overloads(it, c, mc, known, overriding)
            if not it.adds and not it.overrides:  # a row that would say nothing: its public static methods
                # (League\Config run 473: InvalidConfigurationException read bare, its static forConfigOption unsaid)
                it.adds = [f"{m.name} (static)" for m in mc if m.kind in ("method", "function")
                           and re.search(r"\bstatic\b", (m.signature or "").split("(", 1)[0])
                           and not re.search(r"\b(?:private|protected)\b", (m.signature or "").split("(", 1)[0])]


def _anonymous_span(index: IndexQueries, it: Related) -> tuple[int, int] | None:
    """The lines of an anonymous class's body (`object : Hook { .. }`, `new Visitor() { .. }`) an implementations row
    names by the definition it is written in (`.. at line 359`): from that line to its closing brace."""
    at = re.search(r"at line (\d+)$", it.detail or "") if it.how == "anonymous class" and it.symbol is not None else None
    if at is None or it.symbol is None:
        return None
    lines = lines_of(index, it.symbol.path)
    start = int(at.group(1))
    depth, opened = 0, False
    for k in range(start, min(len(lines), start + 2000) + 1):
        code = re.sub(r'"(?:\\.|[^"\\])*"|//.*', "", lines[k - 1])
        for ch in code:
            if ch in "{}":
                depth += 1 if ch == "{" else -1
                opened = True
                if depth == 0:
                    return start, k
        if not opened and k > start:
            return None
    return None


def _php_outside_parent(index: IndexQueries, c: Symbol) -> bool:
    """Whether a PHP class extends, itself or through repository classes, a class the repository does not define."""
    for _ in range(8):
        ext = re.search(r"\bextends\s+\\?([\w\\]+)", " ".join((c.signature or "").split()).split("{", 1)[0])
        if ext is None:
            return False
        name = ext.group(1).rsplit("\\", 1)[-1]
        up = next((x for x in index.symbols_named(name) if x.name == name and x.kind == "class" and x.language == "php"), None)
        if up is None:
            return True
        c = up
    return False


def _final_method(m: Symbol) -> bool:
    """Whether a method is declared so no subclass may override it: C++ `void flush() final;`, Java/Kotlin/Swift/PHP/
    Scala/Dart `final` among its modifiers, C# `sealed override`."""
    sig = m.signature or ""
    if m.language == "cpp":
        return bool(re.search(r"\)[^()]*\bfinal\b", sig))
    if m.language not in _FINAL_MODIFIER:  # (a Python method named `final` is no final method: review of this stop)
        return False
    head = sig.split("(", 1)[0]
    if not head.rstrip().endswith(m.name):
        return False
    head = head.rstrip()[: -len(m.name)]  # the modifiers, never the method's own name
    return bool(re.search(r"\bsealed\b" if m.language == "csharp" else r"\bfinal\b", head))


_FINAL_MODIFIER = frozenset({"java", "kotlin", "swift", "php", "scala", "dart", "csharp"})


def _java_lambdas(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[str]:
    """The lambdas and method references a Java interface is implemented by where a method or constructor of the
    repository takes one (`traverse(NodeVisitor visitor)` called as `traverse((node, depth) -> ..)`), as
    `path:line in Caller via method(..)`; [] when none, or nothing takes the interface."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return []
    from contexteer.indexers import textsearch  # (a search only when the question is about a Java interface)

    try:
        found = textsearch.search(ws, rf"\b{re.escape(sym.name)}(?:<[^>]*>)?\s+\w+\s*[,)]", regex=True,
                                  case_sensitive=True, glob="*.java", max_results=200)
    except Exception:  # noqa: BLE001 (an unreadable tree: no lambdas said, the answer stands)
        return []
    takers: list[tuple[Symbol, int]] = []  # a method taking the interface and the parameter's place
    for hit in found.hits:
        head = next((s for s in index.symbols_in_file(hit.path) if s.start_line <= hit.line <= s.start_line + 3
                     and s.kind in ("method", "constructor", "function") and sym.name in (s.signature or "")), None)
        types = param_types(head.signature or "") if head is not None else None
        at = next((i for i, t in enumerate(types or []) if re.sub(r"<.*", "", t).rsplit(".", 1)[-1] == sym.name), None)
        if head is not None and at is not None and all(head.id != t.id for t, _ in takers):
            takers.append((head, at))
    out: list[tuple[bool, str, int, str]] = []
    for taker, at in takers[:20]:
        for c in find_callers(index, taker, _callee_name(index, taker), resolve_imports):
            lines = lines_of(index, c.path)
            args = call_args_at(lines, c.line, taker.name, "java") if lines else None
            if args is None or len(args) <= at or not re.search(r"->|::", args[at]):
                continue
            enc = enclosing(index.symbols_in_file(c.path), c.line)
            out.append((is_test_path(c.path), c.path, c.line,
                        f"{c.path}:{c.line}" + (f" in {enc.qualname}" if enc is not None else "") + f" via {taker.name}(..)"))
    return list(dict.fromkeys(row for *_, row in sorted(out)))  # (the library's own first, tests after)


def _class_parts(index: IndexQueries, c: Symbol) -> list[Symbol]:
    """A class and, in Ruby (reopened classes) and C# (partial classes), its definitions in other files under the
    same full name (Ruby's stored `Sequel.Database` or `Sequel::Database`), the class itself first."""
    if c.language not in REOPENED:
        return [c]
    # (Ruby by full names: a compact reopening `class Sequel::Database` is stored as Database; Sequel's adapters had
    # got no overrides when the extension's part was the one their base resolved to)
    name = _ruby_full_name if c.language == "ruby" else lambda x: x.qualname.replace("::", ".")
    full = name(c)
    return [c] + [s for s in index.symbols_named(c.name) if s.id != c.id and s.path != c.path and s.language == c.language
                  and s.kind in CLASS_KINDS and name(s) == full]


def swift_holder(index: IndexQueries, s: Symbol) -> str | None:
    """The kind of the innermost type or extension a Swift member sits in by its lines: "interface" for a protocol's
    own requirement, "impl" for an extension's member (the index parents a same-file extension's members to the
    protocol by its name)."""
    around = [h for h in index.symbols_in_file(s.path) if h.kind in CLASS_KINDS | {"impl"} and h.id != s.id
              and h.start_line <= s.start_line and s.end_line <= h.end_line]
    return min(around, key=lambda h: h.end_line - h.start_line).kind if around else None


def _member_key(m: Symbol, index: IndexQueries | None = None, files: dict[str, list[Symbol]] | None = None) -> str:
    """What a method overrides by: its name; in Swift its name with its argument labels (`build(appContext:in:)`
    is no override of `build(appContext:)`)."""
    if m.language == "ruby" and index is not None:  # (a class method is no instance method's override)
        return member_side(index, m, files)
    if m.language in _ARITY_KEYED and m.kind in ("method", "function"):
        # an override takes the parameters it overrides: OnLayoutEvent's init(6 parameters) overloads Event's
        # init(viewTag), init(surfaceId, viewTag), .. and overrides none of them
        sig = m.signature or ""
        if index is not None and sig.count("(") > sig.count(")"):
            # a declaration over lines (`abstract void handleOption( OptionParser parser, .., OptionSet detectedOptions,`
            # / `String detectedArgument );`): its whole header (jopt-simple run 495: no row said handleOption overrides)
            sig = whole_header(lines_of(index, m.path), m.start_line, end=m.end_line) or sig
        types = param_types(sig)
        return m.name if types is None else f"{m.name}/{len(types)}"
    if m.language != "swift" or m.kind not in ("method", "function"):
        return m.name
    params = swift_params(m.signature or "", re.escape(m.name))
    return m.name if params is None else f"{m.name}({''.join(f'{label}:' for label, _, _ in params)})"


#: languages where a method of another parameter count is an overload, never an override
_ARITY_KEYED = frozenset({"java", "kotlin", "csharp", "c_sharp", "scala", "cpp", "dart"})


def _hides(m: Symbol) -> bool:
    """A Java or C# member that never overrides: static, or declared `new` (C#)."""
    head = (m.signature or "").split("(", 1)[0]
    return m.language in ("java", "csharp") and re.search(r"\b(?:static|new)\b", head) is not None


def _rust_impl_rows(index: IndexQueries, sym: Symbol, rust_impls: Callable[[str], list[tuple[Symbol, str]]]) -> list[tuple[Any, str, str]]:
    """The types a Rust trait is implemented for (`impl Trait for Type`), each with where its impls are; an impl
    for a type the repository does not define (Box<T>, &T, a tuple) is its own row."""
    found: list[tuple[Any, str, str]] = []
    namesakes: list[Symbol] | None = None
    firsts: dict[int, str] = {}  # the type written by a type's first impl, said once a second one is met
    for impl, type_name in rust_impls(sym.name):
        if namesakes is None:
            namesakes = [t for t in index.symbols_named(sym.name) if t.kind == "trait" and t.language == "rust"]
        if not _rust_impl_is_of(index, sym, impl, namesakes):
            continue
        types = _rust_types_named(index, type_name, impl.path, impl.start_line)
        written = " ".join((impl.signature or "").split())
        path = re.search(r"\bfor\s+&?\s*(?:'\w+\s+)?(?:mut\s+)?((?:\w+::)+)" + re.escape(type_name) + r"\b", written)
        qualifier = re.sub(r"^(?:(?:crate|self|super)::)+", "", path.group(1)) if path else ""
        if qualifier:  # `impl Error for fmt::Error`: a type of module fmt (here std's), not any Error of the repository
            types = [t for t in types if t.qualname.replace(".", "::").endswith(f"{qualifier}{type_name}")]
        ref = re.search(r"\bfor\s+&\s*(?:'\w+\s+)?(mut\s+)?", written)
        for t in types:
            at = f"line {impl.start_line}" if impl.path == t.path else f"{impl.path}:{impl.start_line}"
            # `impl<'a> UnindexedProducer for &'a IterParallelProducer<'a, Iter>`: for the reference (run 69)
            said = f"impl at {at}" + (f", for &{ref.group(1) or ''}{t.name}" if ref else "")
            again = next((i for i, (f, how, _) in enumerate(found) if f.id == t.id and how == "impl"), None)
            if again is not None:  # a second impl for the type (serde's `Borrowed<'de, str>` and `Borrowed<'de,
                # [u8]>`, run 404: the second had been dropped from a "complete" answer): one row, each impl's type
                f, how, detail = found[again]
                first = f" ({firsts.pop(t.id)})" if t.id in firsts else ""
                found[again] = (f, how, f"{detail}{first}; {said} ({_impl_target(written)})")
                continue
            firsts[t.id] = _impl_target(written)
            found.append((t, "impl", said))
        if not types:  # `impl<T> Log for Box<T>`, `for &T`, `for (K, V)`: the impl block is the answer
            found.append((impl, "impl", ""))
    return found


def _direct_subtypes(index: IndexQueries, sym: Symbol, rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None,
                     resolve_imports: Callable[[str], dict[str, list[str]]] | None = None) -> list[tuple[Any, str, str]]:
    if sym.kind == "impl" and sym.language == "rust":
        return _rust_blanket_subtypes(index, sym, rust_impls, resolve_imports)
    found: list[tuple[Any, str, str]] = []
    family = language_family(sym.language)
    shadowed: dict[str, bool] = {}  # per file: does a namesake of sym there stand for the name instead?
    for cand in _mentioning(index, sym.name):
        if cand.id == sym.id or language_family(cand.language) != family:
            continue
        # (Ruby: the base as its nesting resolves it; every file reopens `module Kramdown`, which shadows nothing)
        # (Python: `class Serializer(base.Serializer)` names the module's class, not itself, which is bound after)
        own = cand.id if cand.language == "python" and cand.name == sym.name else None
        if own is not None and not _python_written_base_is(index, cand, sym, resolve_imports):
            continue
        if cand.language == "python" and resolve_imports is not None and own is None \
                and (through := _python_module_base(index, sym.name, cand, resolve_imports)) is not None \
                and not any(s.id == sym.id for s, _ in through):
            continue  # `class X(inlinepatterns.InlineProcessor)` is no subclass of treeprocessors.InlineProcessor (run 497)
        if sym.name in bases_of(cand) and (_ruby_base_is(index, cand, sym) if cand.language == "ruby"
                                           else not _shadowed(index, sym, cand.path, shadowed, cand.name, own)
                                           and not _imported_elsewhere(index, sym, cand.path, resolve_imports)
                                           and not (cand.language == "php" and _php_names_other(index, cand, sym))):
            found.append((cand, base_how(cand, sym.name, sym.kind), ""))
    if sym.language == "python" and resolve_imports is not None:
        seen_ids = {t.id for t, _, _ in found}
        found += [a for a in _python_aliased_bases(index, sym, resolve_imports) if a[0].id not in seen_ids]
        seen_ids = {t.id for t, _, _ in found}
        found += [a for a in _python_parameter_bases(index, sym) if a[0].id not in seen_ids]
    if sym.language in _JS_TS and resolve_imports is not None and sym.kind in ("class", "interface"):
        seen_ids = {t.id for t, _, _ in found}
        found += [a for a in _ts_aliased_bases(index, sym, resolve_imports) if a[0].id not in seen_ids]
    if sym.language == "rust" and rust_impls is not None:
        found += _rust_impl_rows(index, sym, rust_impls)
        if sym.kind in ("trait", "interface"):
            found += _macro_impls(index, sym)
    if sym.language == "go" and sym.kind == "interface":
        # an interface that embeds it extends it; a struct that embeds it has it as a field (its methods promoted)
        found += [(t, ("extends" if t.kind == "interface" else "embeds") if detail.startswith("embeds") else "method set",
                   detail if t.kind == "interface" or not detail.startswith("embeds")
                   else re.sub(r"^(embeds [\w.]+)", r"\1 as a field", detail))
                  for t, detail in go_types.implementers(index, sym)]
    if sym.language in ("java", "kotlin", "php") and sym.kind in ("interface", "class"):
        seen_ids = {t.id for t, _, _ in found}
        found += [a for a in _anonymous(index, sym) if a[0].id not in seen_ids]
    if sym.language in ("c", "cpp") and sym.kind in ("struct", "type"):
        found += _c_ops_tables(index, sym)
    if sym.language == "swift" and sym.kind in ("interface", "class"):
        seen_ids = {t.id for t, _, _ in found}
        found += [e for e in _swift_extensions(index, sym) if e[0].id not in seen_ids]
        found += _swift_composed(index, sym, {t.id for t, _, _ in found})
    if sym.language in MIXIN_LINE and sym.kind in ("module", "trait"):
        seen = {t.id for t, _, _ in found}
        found += [m for m in _mixers(index, sym) if m[0].id not in seen and m[0].id != sym.id]
    if sym.language in ("typescript", "tsx") and sym.kind in ("interface", "type", "class"):
        seen_ids = {t.id for t, _, _ in found}
        found += [a for a in _ts_intersections(index, sym) if a[0].id not in seen_ids]
        if sym.kind == "interface":
            seen_ids = {t.id for t, _, _ in found}
            found += [a for a in _ts_by_shape(index, sym) if a[0].id not in seen_ids]
    if sym.language == "lua":
        found += _lua_subclasses(index, sym)
    if sym.language == "elixir" and sym.kind in ("module", "interface"):
        found += _elixir_adopters(index, sym)
    if sym.language == "haskell" and sym.kind == "interface":
        found += _haskell_instances(index, sym)
    if sym.language == "zig" and sym.kind == "struct":
        found += zig_vtables.vtable_builders(index, sym)
    return found


_HASKELL_INSTANCE_HEAD = re.compile(r"^(?:deriving\s+)?instance\s+(?:.*?=>\s*)?[\w.']+\s+(.*?)\s*(?:\bwhere\b.*)?$")


def _ts_intersections(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """TypeScript type aliases that intersect the type (`type WSOptions<T> = BaseHandlerOptions<T, Req> & {...}`):
    a value of the alias is one of the type, as a subinterface's is. The tRPC A/B agent read "complete" with 2 of 14
    (every alias built with `&` was missing)."""
    out: list[tuple[Any, str, str]] = []
    seen: set[int] = set()
    files: dict[str, list[Symbol]] = {}
    for r in index.references_to(sym.name, limit=2000):
        if not r.path.endswith((".ts", ".tsx", ".mts", ".cts")):
            continue
        if r.path not in files:
            files[r.path] = [s for s in index.symbols_in_file(r.path) if s.kind == "type"]
        for alias in files[r.path]:
            if alias.id in seen or alias.id == sym.id or not alias.start_line <= r.line <= alias.end_line:
                continue
            seen.add(alias.id)
            lines = lines_of(index, alias.path)[alias.start_line - 1: alias.end_line]
            names, parts = _intersected(" ".join(x.strip() for x in lines))
            if sym.name in names:  # `type CreateHTTPHandlerOptions<R> = StandaloneHandlerOptions<R, Req, Res>`: an alias
                out.append((alias, "intersects" if parts > 1 else "alias", ""))
    return out


def _intersected(text: str) -> tuple[list[str], int]:
    """The type names a type alias's value intersects at its top level: `type A<T = X> = B<T> & C & { x: 1 }` ->
    ([B, C], 3); `type A = B<T>` -> ([B], 1) (an alias of it); a union is no subtype: ([], 0)."""
    depth, eq = 0, -1
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and i and text[i - 1] == "="):
            depth -= 1
        elif ch == "=" and depth == 0 and text[i + 1: i + 2] != ">" and text[i - 1: i] not in ("!", "=", "<", ">"):
            eq = i
            break
    if eq < 0:
        return [], 0
    parts, depth, cur = [], 0, ""
    for ch in text[eq + 1:]:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}" and not (ch == ">" and cur.endswith("=")):
            depth -= 1
        if ch == "&" and depth == 0:
            parts.append(cur)
            cur = ""
        elif ch == "|" and depth == 0:
            return [], 0
        else:
            cur += ch
    parts.append(cur)
    # an array or an indexed access of it (`Bar<number>[]`, `Bar['a']`) is another type
    parts = [p for p in parts if not re.search(r"\]\s*;?\s*$", re.sub(r"<.*>", "", p.strip()))] if len(parts) == 1 else parts
    names = [re.match(r"\s*(?:[\w$]+\.)*([A-Za-z_$][\w$]*)", p) for p in parts]
    return [m.group(1) for m in names if m is not None], len(parts)


def _haskell_instances(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """The instances of a Haskell type class (`instance ToSources Text where`, `deriving instance Show Foo`): the
    impl definitions named by the class, each with the type it is for."""
    out: list[tuple[Any, str, str]] = []
    for impl in index.symbols_named(sym.name):
        if impl.kind != "impl" or impl.language != "haskell":
            continue
        m = _HASKELL_INSTANCE_HEAD.match(" ".join((impl.signature or "").split()))
        out.append((impl, "instance", f"for {m.group(1)}" if m and m.group(1) else ""))
    return out


_ELIXIR_ADOPTS = re.compile(r"^\s*(@behaviour|use)\s+([A-Z][\w.]*)")
_ELIXIR_FOR = re.compile(r"\bfor:\s*([\w.\[\], ]+?)\s*(?:,\s*do:|\bdo\b|$)")


def _elixir_adopters(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Elixir modules that adopt `sym`: `@behaviour Mix.Task` or `use Mix.Task` in their body (the module holding the
    line; a `use` inside a `quote` is the using module's, not listed), and for a protocol its `defimpl P, for: T`
    blocks."""
    out: list[tuple[Any, str, str]] = []
    seen: set[int] = set()
    texts: dict[str, list[str]] = {}
    for path, line in sorted({(r.path, r.line) for r in index.references_to(sym.name, limit=2000)}):
        if language_of(index, path) != "elixir":
            continue
        lines = texts.get(path)
        if lines is None:
            lines = texts[path] = lines_of(index, path)
        m = _ELIXIR_ADOPTS.match(lines[line - 1]) if 0 < line <= len(lines) else None
        if m is None or m.group(2) != sym.name:
            continue
        mods = [s for s in index.symbols_in_file(path) if s.kind in ("module", "interface", "impl")
                and s.start_line <= line <= s.end_line]
        holder = min(mods, key=lambda s: s.end_line - s.start_line) if mods else None
        if holder is None or holder.id == sym.id or holder.id in seen:
            continue  # `use`/`@behaviour` in the module's own `__using__` quote: what a using module gets
        seen.add(holder.id)
        out.append((holder, m.group(1).lstrip("@"), f"line {line}"))
    if sym.kind == "interface":  # a protocol: `defimpl Inspect, for: Mix.Dep do`
        for impl in index.symbols_named(sym.name):
            if impl.kind != "impl" or impl.id in seen or impl.language != "elixir":
                continue
            seen.add(impl.id)
            head = " ".join((impl.signature or "").split())
            m = _ELIXIR_FOR.search(head)
            out.append((impl, "defimpl", f"for {m.group(1)}" if m else ""))
    return out


def _lua_subclasses(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Lua classes made from `sym` by a class library (Lua has no class syntax; the Penlight A/B agent got "0
    definitions" for Map): `local B = class(A)`, `class(A, nil, B)` and `class.B(A)` (Penlight), `B = A:extend()`
    (classic), `class('B', A)` (middleclass), `setmetatable(B, {__index = A})`; each the definition of the name it
    binds in that file, with the line that makes it."""
    n = re.escape(sym.name)
    rxs = (re.compile(rf"^\s*(?:local\s+)?([\w.]+)\s*=\s*(?:[\w.]+\.)?class\s*\(\s*(?:[\w.]+\.)?{n}\b"),
           re.compile(rf"\bclass\s*\(\s*(?:[\w.]+\.)?{n}\s*,\s*[^,()]*,\s*([\w.]+)\s*\)"),
           re.compile(rf"\bclass\.(\w+)\s*\(\s*(?:[\w.]+\.)?{n}\b"),
           re.compile(rf"^\s*(?:local\s+)?([\w.]+)\s*=\s*(?:[\w.]+\.)?{n}:extend\s*\("),
           re.compile(rf"^\s*(?:local\s+)?([\w.]+)\s*=\s*(?:[\w.]+\.)?class\s*\(\s*['\"][\w.]+['\"]\s*,\s*(?:[\w.]+\.)?{n}\b"),
           re.compile(rf"\bsetmetatable\s*\(\s*([\w.]+)\s*,\s*\{{\s*__index\s*=\s*(?:[\w.]+\.)?{n}\b"))
    out: list[tuple[Any, str, str]] = []
    seen: set[int] = set()
    texts: dict[str, list[str]] = {}
    sites = sorted({(r.path, r.line) for w in ("class", "extend", "setmetatable") for r in index.references_to(w, limit=2000)}
                   | {(r.path, r.line) for r in index.references_to(sym.name, limit=2000)})
    for path, line in sites:
        if language_of(index, path) != "lua":
            continue
        lines = texts.get(path)
        if lines is None:
            lines = texts[path] = lines_of(index, path)
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        m = next((m for rx in rxs if (m := rx.search(text))), None)
        if m is None:
            continue
        child = m.group(1).rsplit(".", 1)[-1]
        defs = [s for s in index.symbols_in_file(path) if s.name == child and s.id != sym.id and s.start_line <= line]
        if not defs or defs[0].id in seen:
            continue
        seen.add(defs[0].id)
        made = " ".join(text.split())
        out.append((defs[0], "class library", f"{made[:60]} at line {line}"))  # run 58: `class(Map)` on its own line too
    return out


_SWIFT_EXTENSION = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|internal|fileprivate|private|package)\s+)?"
                              r"extension\s+([\w.]+)(?:<[^>]*>)?\s*:([^{]*)")


def _swift_extensions(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Swift types that gain a protocol in an extension (`extension EventsDefinition: AnyViewDefinitionElement {}`),
    each with where the extension is: the extension is a definition (kind impl) named after the type, and the type
    itself is what implements the protocol."""
    out: list[tuple[Any, str, str]] = []
    texts: dict[str, list[str]] = {}
    for ref in index.references_to(sym.name, limit=2000):
        if not ref.path.endswith(".swift"):
            continue
        lines = texts.get(ref.path)
        if lines is None:
            lines = texts[ref.path] = lines_of(index, ref.path)
        m = _SWIFT_EXTENSION.match(lines[ref.line - 1]) if 0 < ref.line <= len(lines) else None
        if m is None or not re.search(rf"(?<![\w.]){re.escape(sym.name)}\b", m.group(2)):
            continue
        name = m.group(1).rsplit(".", 1)[-1]
        types = [t for t in index.symbols_named(name) if t.name == name and t.kind in CLASS_KINDS and t.language == "swift"]
        # the extension's own file's type first; a private or fileprivate one of another file is out of its reach
        # (capios run 539: JSValueDecoder.swift's private KeyedContainer had been listed for JSValueEncoder.swift's)
        types = [t for t in types if t.path == ref.path] or [
            t for t in types if not re.match(r"\s*(?:@[\w.]+(?:\([^()]*\))?\s+)*(?:\w+\s+)*?(?:private|fileprivate)\b",
                                           t.signature or "")]
        at = f"extension at {ref.path}:{ref.line}"
        for t in types[:3]:
            if all(o.id != t.id for o, _, _ in out):
                out.append((t, "extension", at))
        if not types:  # `extension URL: Convertible {`: a type the repository does not define; the extension is the
            # answer (ten of expo's twelve Convertible types were left out of an answer that said it was complete)
            out += [(e, "extension", "of a library type") for e in index.symbols_in_file(ref.path)
                    if e.start_line == ref.line and e.name == name and e.kind == "impl"][:1]
    return out


def _swift_composed(index: IndexQueries, sym: Symbol, seen: set[int]) -> list[tuple[Any, str, str]]:
    """Swift types conforming through an alias of a composition that holds the protocol (`final class CoreModule:
    Module` with `typealias Module = AnyModule & BaseModule`: an AnyModule), said with the alias."""
    out: list[tuple[Any, str, str]] = []
    aliases = [a for a in index.symbols_mentioning(sym.name, frozenset({"type"}))
               if a.language == "swift" and sym.name in composed_of(index, a.name)]
    for alias in aliases[:3]:
        for cand in _mentioning(index, alias.name):
            if cand.id not in seen and cand.id != sym.id and cand.language == "swift" and alias.name in bases_of(cand):
                seen.add(cand.id)
                out.append((cand, "conforms", f"through typealias {alias.name} ({alias.path}:{alias.start_line})"))
    return out


#: a struct field holding a function: `int (*add)(struct event_base *, ..)`
_C_FN_FIELD = re.compile(r"\(\s*\*\s*(\w+)\s*\)\s*\(")


def _c_ops_tables(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """C: the variables a struct of function pointers is initialised as, each with the function it puts in each
    slot (`init epoll_init, add epoll_nochangelist_add, ..`): what "implements" an ops table (libevent run 489:
    struct eventop's eleven backends, which the answer said nothing names as a base)."""
    slots, tables = _c_tables(index, sym)
    out: list[tuple[Any, str, str]] = []
    for v, body, array in tables:
        if array:  # an array: each element's slots (`[CMD_ADD] = { .. }`: an element given by its index)
            elements = [e for e in (re.sub(r"^\[[^\]]*\]\s*=\s*", "", x) for x in _c_items(body)) if e.startswith("{")]
            said = "; ".join(f"[{k}] {_c_slots(e[1:-1], slots) or 'no function'}" for k, e in enumerate(elements[:8]))
            said += f"; +{len(elements) - 8} more" if len(elements) > 8 else ""
        else:  # one table: each slot's function with where it is defined (hiredis run 549 looked each one up)
            said = _c_slots(body, slots, functools.partial(_c_function_at, index, v.path))
        out.append((v, "ops table", said or "no function in its slots"))
    return out


def _c_tables(index: IndexQueries, sym: Symbol) -> tuple[list[str | None], list[tuple[Symbol, str, bool]]]:
    """C: a struct's function-pointer slots (None for a field of another kind, in field order) and the variables
    initialised as one: each with its initialiser's text between the braces (comments dropped) and whether it is an
    array of them. No slots: no tables."""
    # `typedef struct redisContextFuncs {..} redisContextFuncs;` is a struct (holding the fields) and a type over the
    # same lines: either is asked for, instances are written with the typedef's name alone (`static redisContextFuncs
    # redisContextDefaultFuncs = {`: hiredis run 549 read "nothing names it as a base") or with the struct's tag
    in_file = index.symbols_in_file(sym.path)
    twins = [t for t in in_file if t.kind in ("struct", "type") and t.start_line == sym.start_line
             and t.end_line == sym.end_line] or [sym]
    holder = next((t for t in twins if t.kind == "struct"), sym)
    fields = sorted((s for s in in_file if s.parent_id == holder.id), key=lambda s: s.start_line)
    slots = [m.group(1) if (m := _C_FN_FIELD.search(f.signature or "")) else None for f in fields]
    if not any(slots):
        return slots, []
    tags = sorted({t.name for t in twins if t.kind == "struct"})
    aliases = sorted({t.name for t in twins if t.kind == "type"})
    written = "|".join([rf"struct\s+{re.escape(n)}" for n in tags] + [re.escape(n) for n in aliases])
    # (an instance, or an array of them; never a pointer: `const struct eventop *eventops[] = { &epollops, .. }`)
    head = re.compile(rf"(?<![\w])(?:{written})\s+(\w+)\s*(?:\[[^\]]*\])?\s*=\s*\{{")
    out: list[tuple[Symbol, str, bool]] = []
    seen: set[int] = set()
    for v in [v for n in sorted(set(tags) | set(aliases)) for v in index.symbols_mentioning(n, ("variable", "constant"))]:
        m = head.search(v.signature or "")
        if v.language not in ("c", "cpp") or m is None or m.group(1) != v.name or v.id in seen:
            continue
        seen.add(v.id)
        body = "\n".join(lines_of(index, v.path)[v.start_line - 1: v.end_line])
        body = re.sub(r"/\*.*?\*/|//[^\n]*", "", body[body.find("{") + 1: body.rfind("}")], flags=re.S)
        out.append((v, body, re.search(rf"\b{re.escape(v.name)}\s*\[", v.signature or "") is not None))
    return slots, out


def _c_pointer_slot(index: IndexQueries, name: str, sym: Symbol, receiver: str) -> str | None:
    """C: what a call through a struct's function-pointer field `name` runs (`c->reader->fn->freeObject(r)`): the
    field, and the function each table of that struct puts in it (`function pointer redisReplyObjectFunctions.freeObject
    read.h:95: freeReplyObject (hiredis.c:91) in defaultFunctions, ..`); None when no struct has such a field, or the
    receiver is declared with a type that is none of them (C++'s `std::ofstream out; out.open(..)`: review of stop 60)."""
    fields = [f for f in index.symbols_named(name) if f.name == name and f.kind == "field" and f.language in ("c", "cpp")
              and (m := _C_FN_FIELD.search(f.signature or "")) is not None and m.group(1) == name]
    if not fields or len(fields) > 2:
        return None
    text = lines_of(index, sym.path)
    word = receiver.rsplit(".", 1)[-1]
    line = next((n for n in range(sym.start_line, min(sym.end_line, len(text)) + 1)
                 if re.search(rf"(?<![\w.>]){re.escape(word)}\s*(?:\.|->)\s*{re.escape(name)}\s*\(", text[n - 1])), None)
    typed = value_type(index, text, sym, line, word) if line is not None and "." not in receiver else None
    if typed is not None:  # a local or parameter declared with its type: one of the fields' structs, or no slot
        bare = re.sub(r"^(?:const\s+)?(?:struct\s+)?|[\s*&]+$", "", typed).rsplit("::", 1)[-1]
        fields = [f for f in fields if (o := index.get_symbol(f.parent_id) if f.parent_id is not None else None) is not None
                  and bare in _c_type_names(index, o)]
        if not fields:
            return None
    said = []
    for f in fields:
        owner = index.get_symbol(f.parent_id) if f.parent_id is not None else None
        if owner is None:
            continue
        slots, tables = _c_tables(index, owner)
        runs = []
        for v, body, array in tables:
            if array:
                continue
            for slot, fn, at in _c_slot_pairs(body, slots, functools.partial(_c_function_at, index, v.path)):
                if slot == name:
                    where = at if at is None or ":" in at else f"{v.path}:{at}"
                    runs.append(f"{fn}{f' ({where})' if where else ''} in {v.name}")
        said.append(f"function pointer {owner.name}.{name} {f.path}:{f.start_line}"
                    + (": " + ", ".join(runs) if runs else ": no table of it in the repository sets it"))
    return "; ".join(said) or None


def _c_type_names(index: IndexQueries, struct: Symbol) -> set[str]:
    """The names a C struct is written with: its tag and the typedefs over the same lines."""
    return {t.name for t in index.symbols_in_file(struct.path) if t.kind in ("struct", "type")
            and t.start_line == struct.start_line and t.end_line == struct.end_line} | {struct.name}


#: method names too common for a class defining one to match a one-method interface by shape
_SHAPE_GENERIC = frozenset({"toString", "get", "set", "run", "call", "apply", "next", "close", "start", "stop", "init",
                            "update", "handle", "execute", "dispose", "valueOf", "toJSON", "equals", "clone", "reset"})


def _ts_by_shape(index: IndexQueries, iface: Symbol) -> list[tuple[Any, str, str]]:
    """TypeScript: the classes without an `implements` clause naming the interface whose methods cover all of its
    methods by name, as TypeScript matches types by shape (grpc-js run 561: QueuePicker, used as a Picker everywhere,
    was left out of Picker's implementations under "complete")."""
    wanted = sorted({s.name for s in index.symbols_in_file(iface.path) if s.parent_id == iface.id and s.kind == "method"})
    if not wanted or (len(wanted) == 1 and wanted[0] in _SHAPE_GENERIC):
        return []
    owners: dict[int, set[str]] = {}
    for name in wanted:
        for m in index.symbols_named(name):
            if m.name == name and m.kind == "method" and m.language in ("typescript", "tsx") and m.parent_id is not None:
                owners.setdefault(m.parent_id, set()).add(name)
    out: list[tuple[Any, str, str]] = []
    for owner_id, names in sorted(owners.items()):
        cls = index.get_symbol(owner_id) if names >= set(wanted) else None
        if cls is None or cls.kind != "class" or cls.id == iface.id:
            continue
        if re.search(rf"\b(?:implements|extends)\b[^{{]*\b{re.escape(iface.name)}\b", cls.signature or ""):
            continue  # (said by its header: listed already)
        one = len(wanted) == 1
        out.append((cls, "by shape", f"no implements clause; its {'method' if one else 'methods'} {', '.join(wanted[:4])}"
                                     f"{' …' if len(wanted) > 4 else ''} {'matches' if one else 'match'} {iface.name}'s"))
        if len(out) >= 10:
            break
    return out


#: languages whose properties a subclass overrides (`public override AliasedObjectSet<Operator> OperatorSet { get; }`)
_OVERRIDDEN_PROPERTIES = frozenset({"csharp", "kotlin", "swift", "scala"})


def _overridable_property(sym: Symbol) -> bool:
    """A property a subclass may override: C#'s `abstract`/`virtual` ones (`{ get; }`), Kotlin's `open`/`abstract`, a
    Swift or Scala class's."""
    if sym.kind not in ("property", "field") or sym.language not in _OVERRIDDEN_PROPERTIES:
        return False
    head = (sym.signature or "").split("{", 1)[0].split("=", 1)[0]
    return re.search(r"\b(?:abstract|virtual|override|open)\b", head) is not None


def _c_items(body: str) -> list[str]:
    """A C initialiser's items, split at its top-level commas (`1 << 2` and casts are no brackets)."""
    items: list[str] = []
    cur: list[str] = []
    depth, quote, escaped = 0, "", False
    for ch in body:
        if quote:
            quote = "" if ch == quote and not escaped else quote
            escaped = ch == "\\" and not escaped
        elif ch in "\"'":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            items.append(" ".join("".join(cur).split()))
            cur = []
            continue
        cur.append(ch)
    items.append(" ".join("".join(cur).split()))
    return [x for x in items if x]


def _c_slots(body: str, slots: list[str | None], where: Callable[[str], str | None] | None = None) -> str:
    """`init epoll_init, add epoll_add`: the function each function-pointer slot of an initialiser gets, positional
    or designated (`.add = evsig_add`), a cast before it left out; `where` names a function's definition
    (`read redisNetRead (net.c:83)`)."""
    return ", ".join(f"{slot} {val}" + (f" ({at})" if at else "") for slot, val, at in _c_slot_pairs(body, slots, where))


def _c_slot_pairs(body: str, slots: list[str | None], where: Callable[[str], str | None] | None = None,
                  ) -> list[tuple[str, str, str | None]]:
    """Each function-pointer slot an initialiser fills (positional or designated, a cast before the value left out),
    with its value and, by `where`, where that function is defined; slots left NULL or 0 are not listed."""
    values = _c_items(body)
    named = {k: val for x in values if (d := re.match(r"\.(\w+)\s*=\s*(.+)", x)) for k, val in [d.groups()]}
    pairs = [(slot, named.get(slot) if named else (values[k] if k < len(values) else "")) for k, slot in enumerate(slots) if slot]
    pairs = [(slot, re.sub(r"^\((?:[^()]|\([^()]*\))*\)\s*(?=[A-Za-z_&])", "", val or "")) for slot, val in pairs]
    return [(slot, val, where(val.lstrip("&")) if where is not None and re.fullmatch(r"&?[A-Za-z_]\w*", val) else None)
            for slot, val in pairs if val and val not in ("NULL", "0")]


def _c_function_at(index: IndexQueries, path: str, name: str) -> str | None:
    """Where the C function a table at `path` names is defined: the file's own (a static one), else the one definition
    of that name elsewhere that is not static; `path:line`, the line alone in the table's own file."""
    defs = [s for s in index.symbols_named(name) if s.name == name and s.kind == "function" and s.language in ("c", "cpp")
            and not is_prototype(s)]
    own = [s for s in defs if s.path == path]
    if own:  # (the body, not a `static void *f(..);` declared above the table)
        return str(max(own, key=lambda s: (s.end_line - s.start_line, s.start_line)).start_line)
    shared = [s for s in defs if "static" not in (s.signature or "").split("(", 1)[0].split()]
    return f"{shared[0].path}:{shared[0].start_line}" if len(shared) == 1 else None


def _anonymous(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Java anonymous classes (`new NodeVisitor() { ... }`), Kotlin object expressions (`object :
    TypeConverterProvider { ... }`, expo's module converters) and PHP anonymous classes (`new class () implements X {`):
    the definition each is written in, with the line."""
    # generics and arguments nest (`new AbstractUntypedIteratorDecorator<Map.Entry<K, Object>, K>(parent.entrySet()
    # .iterator()) {`: the collections A/B agent found two such subclasses the answer had called complete without)
    rx = re.compile(rf"\bnew\s+(?:[\w.]+\.)?{re.escape(sym.name)}\s*(<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*"
                    rf"\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)\s*\{{")
    if sym.language == "kotlin":  # `object : A, TypeConverterProvider {`, `object : Base<T>(x) {`
        # (never `object : com.facebook.react.bridge.Promise {`, a library's namesake: written with its package)
        # (its own outer classes' names before it are no package: `object : Handler.Hook {`; another class's are
        # another interface, `Orchestrator.Hook`, review of stop 56)
        outer = [w for w in sym.qualname.split(".")[:-1] if w[:1].isupper()]
        prefix = "|".join(re.escape(".".join(outer[k:]) + ".") for k in range(len(outer)))
        rx = re.compile(rf"(?<![\w.])object\s*:\s*(?:[^{{]*?,\s*)?(?<![\w.])(?:{prefix})?{re.escape(sym.name)}"
                        rf"(<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*(?:\([^{{]*\))?\s*(?:,[^{{]*)?\{{")
    if sym.language == "php":  # `new class () implements BlockStartParserInterface, ConfigurationAwareInterface {`
        # (commonmark A/B run 164: the one anonymous implementer left out; written by its short or qualified name)
        rx = re.compile(rf"\bnew\s+class\b[^{{;]*?\b(?:extends|implements)\b[^{{;]*?(?<![\w]){re.escape(sym.name)}\b"
                        rf"()[^{{;]*(?:\{{|$)")
    suffix = {"kotlin": ".kt", "php": ".php"}.get(sym.language or "", ".java")
    out: list[tuple[Any, str, str]] = []
    texts: dict[str, list[str]] = {}
    shadowed: dict[str, bool] = {}
    for ref in index.references_to(sym.name, limit=2000):
        if not ref.path.endswith(suffix) or _shadowed(index, sym, ref.path, shadowed):
            continue
        lines = texts.get(ref.path)
        if lines is None:
            lines = texts[ref.path] = lines_of(index, ref.path)
        m = rx.search(lines[ref.line - 1]) if 0 < ref.line <= len(lines) else None
        if m is not None:
            holder = enclosing(index.symbols_in_file(ref.path), ref.line)
            if holder is not None and all(h.id != holder.id for h, _, _ in out):
                # with its type arguments (`<Map.Entry<Object, V>, V>`: the collections A/B agent read them by hand)
                # (Kotlin: with the property it is the value of, `val defaultHook = object : Hook {}` in a companion
                # object, gesture-handler run 485 read the row as the class implementing the interface)
                held = re.search(r"\b(?:val|var)\s+([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*$", lines[ref.line - 1][:m.start()]) \
                    if sym.language == "kotlin" else None
                written = f"{'val ' + held.group(1) + ' = ' if held else ''}object : {sym.name}{m.group(1) or ''} {{...}}" \
                    if sym.language == "kotlin" \
                    else " ".join(m.group(0).split()).rstrip("{ ") + " {...}" if sym.language == "php" \
                    else f"new {sym.name}{m.group(1) or ''}() {{...}}"
                out.append((holder, "anonymous class", f"{written} at line {ref.line}"))
    return out


def _annotation(lines: list[str] | None, line: int, name: str) -> bool:
    """Whether `name(` on `line` is only an annotation (`@ThreadConfined(ThreadConfined.UI)`): no call."""
    text = lines[line - 1] if lines is not None and 0 < line <= len(lines) else ""
    return bool(text) and re.search(rf"@(?:[\w.]+\.)?{re.escape(name)}\b", text) is not None \
        and re.search(rf"(?<![@\w.]){re.escape(name)}\s*\(", text) is None


def _python_written_base_is(index: IndexQueries, cand: Symbol, sym: Symbol,
                            resolve_imports: Callable[[str], dict[str, list[str]]] | None) -> bool:
    """A Python class named like the base it names (`class Serializer(base.Serializer)`, `class
    Migration(migrations.Migration)`): whether the base as written is `sym` — read through the module the file
    imports (or its package), or the name imported. Without imports to ask, it may be."""
    if resolve_imports is None:
        return True
    through = _python_module_base(index, sym.name, cand, resolve_imports)
    if through is not None:
        return any(s.id == sym.id for s, _ in through)
    return sym.path in (resolve_imports(cand.path).get(sym.name) or [])


def _python_aliases(index: IndexQueries, path: str) -> dict[str, str]:
    """A Python file's import aliases: bound name -> the name imported (`Serializer as PythonSerializer`)."""
    return {bound: original for _, original, bound in python_import_bindings(lines_of(index, path)) if bound != original}


def _python_module_base(index: IndexQueries, name: str, near: Symbol,
                        resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[tuple[Symbol, str]] | None:
    """A Python base written through a module (`class Migration(migrations.Migration)` with `from django.db import
    migrations`): the class of that name in the module the file imports, or in its package (`django/db/migrations/`
    for its __init__.py); [] when the module is not the repository's; None when the base is not written so. The
    migration files' own `Migration` classes had been its supertypes, by name."""
    m = re.search(rf"[(,]\s*([A-Za-z_][\w.]*)\.{re.escape(name)}\s*[,)\[]", near.signature or "")
    if m is None:
        return None
    imports = resolve_imports(near.path)
    files = imports.get(m.group(1).split(".")[0]) or imports.get(m.group(1).rsplit(".", 1)[-1]) or []
    if not files:
        return []
    classes = [s for s in index.symbols_named(name) if s.name == name and s.kind in CLASS_KINDS
               and s.language == "python" and s.id != near.id]
    direct = [s for s in classes if s.path in files]
    if direct:
        return [(direct[0], "import")]
    packages = [f.rsplit("/", 1)[0] + "/" for f in files if f.endswith("/__init__.py")]
    inside = sorted((s for s in classes if any(s.path.startswith(p) for p in packages)), key=lambda s: s.path.count("/"))
    return [(inside[0], "import")] if inside else []


def _python_alias_type(index: IndexQueries, name: str, near: Symbol,
                       resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[tuple[Symbol, str]]:
    """A base written as an import alias (`class Serializer(JSONSerializer)` with `from django.core.serializers.json
    import Serializer as JSONSerializer`): the class imported, not a namesake of the alias elsewhere (signing.py's
    JSONSerializer had been geojson's base, by its unique name)."""
    original = _python_aliases(index, near.path).get(name)
    if original is None:
        return []
    files = resolve_imports(near.path).get(original) or []
    return [(s, f"import as {name}") for f in files for s in index.symbols_in_file(f)
            if s.name == original and s.kind in CLASS_KINDS and s.parent_id is None][:1]


def _python_aliased_bases(index: IndexQueries, sym: Symbol,
                          resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[tuple[Any, str, str]]:
    """Python classes whose base is the class under an import alias (`from django.core.serializers.python import
    Serializer as PythonSerializer` ... `class Serializer(PythonSerializer)`: json's, jsonl's and pyyaml's serializers
    had been no subclasses of python.Serializer)."""
    out: list[tuple[Any, str, str]] = []
    for path in sorted({r.path for r in index.references_to(sym.name, limit=2000) if r.path.endswith((".py", ".pyi"))}):
        if path == sym.path:
            continue
        aliases = {bound for bound, original in _python_aliases(index, path).items() if original == sym.name}
        if not aliases or sym.path not in (resolve_imports(path).get(sym.name) or []):
            continue
        for cand in index.symbols_in_file(path):
            hit = next((a for a in aliases if a in bases_of(cand)), None) if cand.kind in CLASS_KINDS else None
            if hit is not None:
                out.append((cand, base_how(cand, hit, sym.kind), f"as {hit}"))
    return out


_JS_TS = frozenset({"typescript", "tsx", "javascript", "jsx"})


def _ts_default_import(index: IndexQueries, name: str, near: Symbol,
                       resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[tuple[Symbol, str]]:
    """A JS/TS base named by the file's import (`import AjvCore from "./core"`: core.ts's `export default class
    Ajv`; Ajv run 437 read AjvCore as an outside base): the class that file exports by default, or under that
    name."""
    from contexteer.indexers.lookup import js_imported_class

    got = js_imported_class(index, near.path, name)
    return [(got, f"import as {name}")] if got is not None else []


def _ts_aliased_bases(index: IndexQueries, sym: Symbol,
                      resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[tuple[Any, str, str]]:
    """JS/TS classes whose base is the class under another name its file imports it by (`import AjvCore from
    "./core"` for core.ts's `export default class Ajv`, then `class Ajv2019 extends AjvCore`, or `import {Ajv as
    Core}`): Ajv run 437 was told nothing in the repository extends Ajv, where four classes do."""
    stem = posixpath.splitext(posixpath.basename(sym.path))[0]
    tail = posixpath.basename(posixpath.dirname(sym.path)) if stem == "index" else stem

    def importers() -> list[tuple[str, str, int]]:
        rx = re.compile(rf"(?:^|/){re.escape(tail)}(?:/index)?(?:\.[cm]?[jt]sx?)?$")
        return [(imp.path, n, imp.line) for imp in index.all_imports() if rx.search(imp.module or "")
                for n in imp.names if n and not n.startswith("*")]

    from contexteer.indexers.lookup import js_default_export

    default = js_default_export(lines_of(index, sym.path)) == sym.name
    out: list[tuple[Any, str, str]] = []
    for path, written, line in per_generation(index, "ts default importers", tail, importers, limit=256):
        if path == sym.path:
            continue
        # (the alias binds this class: a default import of its default export, or `{Subject as S}`; never another
        # class the file exports, rxjs' `import { AnonymousSubject } from '../../Subject'`)
        text = " ".join(lines_of(index, path)[max(0, line - 1): line + 6])
        named = re.search(rf"\b{re.escape(sym.name)}\s+as\s+([\w$]+)", text)
        alias = named.group(1) if named and written in (sym.name, named.group(1)) else written
        if alias == sym.name or not (
                (default and re.search(rf"\bimport\s+(?:type\s+)?{re.escape(alias)}\b\s*(?:,|from\b)", text)) or named):
            continue
        if sym.path not in (resolve_imports(path).get(alias) or resolve_imports(path).get(written) or []):
            continue
        for cand in index.symbols_in_file(path):
            if cand.kind in CLASS_KINDS and alias in bases_of(cand):
                out.append((cand, base_how(cand, alias, sym.kind), f"as {alias}"))
    return out


def _python_parameter_bases(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Python classes made inside a function whose base is a parameter typed or defaulting to the class (Jinja's
    `def make_logging_undefined(logger=None, base: t.Type[Undefined] = Undefined)` ... `class LoggingUndefined(base)`:
    Undefined's subclasses had left it out)."""
    name = re.escape(sym.name)
    typed = re.compile(rf"(\w+)\s*:\s*(?:[\w.]+\.)?[Tt]ype\[\s*['\"]?(?:[\w.]+\.)?{name}['\"]?\s*\]"
                       rf"|(\w+)\s*(?::[^=,()]*)?=\s*(?:[\w.]+\.)?{name}\s*(?=[,)])")
    out: list[tuple[Any, str, str]] = []
    for f in index.symbols_mentioning(sym.name, ("function", "method")):
        if f.language != "python":
            continue
        params = {m.group(1) or m.group(2) for m in typed.finditer((f.signature or "").split("->", 1)[0])}
        if not params:
            continue
        for cand in index.symbols_in_file(f.path):
            if cand.kind in CLASS_KINDS and cand.parent_id == f.id:
                hit = next((p for p in bases_of(cand) if p in params), None)
                if hit is not None:
                    out.append((cand, "base class", f"the parameter {hit} of {f.name} ({f.path}:{f.start_line})"))
    return out


def _mentioning(index: IndexQueries, name: str) -> list[Any]:
    """Class-like definitions whose header may name `name` as a base: those whose stored signature mentions it, and
    those whose header is longer than the stored signature (cut with '…') and holds a reference to the name — a
    Java `implements` list of eleven interfaces over as many lines, a Kotlin header with a constructor — each with
    its whole header read from the file."""
    # (a stored header cut with '…' is read whole: TanStack's `class QueryObserver<5 type parameters> extends
    # Subscribable<QueryObserverListener<..>>` was cut inside the base's type argument, and no base was read)
    out = {s.id: _whole(index, s) if (s.signature or "").endswith("…") else s
           for s in index.symbols_mentioning(name, CLASS_KINDS)}
    files: dict[str, list[Symbol]] = {}
    for path, line in sorted({(r.path, r.line) for r in index.references_to(name, limit=2000)}):
        if path not in files:
            files[path] = [s for s in index.symbols_in_file(path) if s.kind in CLASS_KINDS and (s.signature or "").endswith("…")]
        for s in files[path]:
            if s.start_line <= line <= min(s.end_line, s.start_line + 40) and s.id not in out:
                whole = _whole(index, s)
                if re.search(rf"\b{re.escape(name)}\b", whole.signature or ""):
                    out[s.id] = whole
    return sorted(out.values(), key=lambda s: (s.path, s.start_line))


def _whole_header(index: IndexQueries, sym: Symbol) -> str:
    """A class-like definition's header as written, up to its body (the stored signature when none is found)."""
    return whole_class(index, sym, always=True).signature or ""


def _ruby_base_is(index: IndexQueries, cand: Symbol, sym: Symbol) -> bool:
    """Ruby: whether `class Html < Base` in `cand` means `sym`, the base written being looked up from the class's
    own nesting outwards (`Kramdown::Parser::Html < Base` is Kramdown::Parser::Base, not Kramdown::Converter::Base:
    the kramdown A/B agent read two parsers among Converter::Base's "complete" subclasses)."""
    m = _RUBY_BASE.search(cand.signature or "")
    if m is None:
        return True
    found = _ruby_constant_parts(index, cand, m.group(2), bool(m.group(1)), CLASS_KINDS)
    if found:
        # (by full names: a compact reopening `class Sequel::Database` is stored as Database, review of f8e3fe5)
        return _ruby_full_name(found[0]) == _ruby_full_name(sym)
    # `class ApplicationRecord < ActiveRecord::Base`: a qualified base the repository does not define is outside it
    return "::" not in m.group(2)


_RUBY_BASE = re.compile(r"\bclass\s+[\w:]+\s*<\s*(::)?([A-Z][\w:]*)")  # `class Database < Sequel::Database`


def _ruby_written_base(index: IndexQueries, sym: Symbol) -> Symbol | None:
    """Ruby: the class `class Database < Sequel::Database` names, looked up from the class's nesting outwards as
    Ruby does (a class named like its base had "no base": the name alone found itself); of a class reopened in
    several files, the part with the most members. None when the repository does not define it."""
    m = _RUBY_BASE.search(sym.signature or "")
    return _ruby_constant(index, sym, m.group(2), bool(m.group(1)), CLASS_KINDS) if m is not None else None


def _ruby_constant(index: IndexQueries, sym: Symbol, written: str, rooted: bool, kinds: frozenset[str] | set[str],
                   inside: bool = False) -> Symbol | None:
    """The class or module a constant written in `sym`'s header (`Sequel::Database`), or `inside` its body
    (`DatasetMethods`), names, looked up from that nesting outwards (`::X`: from the top only); of one reopened in
    several files, the part with the most members."""
    parts = _ruby_constant_parts(index, sym, written, rooted, kinds, inside)
    return _main_part(index, parts) if parts else None


def _main_part(index: IndexQueries, parts: list[Symbol]) -> Symbol:
    """Of a Ruby class or module reopened in several files, the part with the most members."""
    rank = reopened_rank(index, parts, full_name=_ruby_full_name) if len(parts) > 1 else {}
    return min(parts, key=lambda s: rank.get(s.id, 0))


def _ruby_constant_parts(index: IndexQueries, sym: Symbol, written: str, rooted: bool, kinds: frozenset[str] | set[str],
                         inside: bool = False) -> list[Symbol]:
    """Every definition (one per file it is reopened in) of what the constant names, as _ruby_constant looks it up."""
    segments = sym.qualname.replace("::", ".").split(".")
    written, nesting = written.replace("::", "."), segments if inside else segments[:-1]
    last = written.rsplit(".", 1)[-1]
    known: dict[str, list[Symbol]] = {}
    for s in index.symbols_named(last):
        if s.name == last and s.kind in kinds and s.language == "ruby" and s.id != sym.id:
            known.setdefault(_ruby_full_name(s), []).append(s)
    for scope in ([[]] if rooted else [nesting[:i] for i in range(len(nesting), -1, -1)]):
        parts = known.get(".".join([*scope, written]))
        if parts:
            return parts
    return []


def _ruby_full_name(s: Symbol) -> str:
    """A Ruby class's or module's full name, dotted: its qualified name, with the scopes a compact definition writes
    (`class Sequel::ThreadedConnectionPool < ..` is stored as ThreadedConnectionPool; the Sequel A/B agent, run 229,
    was told `class Sequel::ShardedThreadedConnectionPool < Sequel::ThreadedConnectionPool` named no base of it)."""
    qual = s.qualname.replace("::", ".")
    m = _RUBY_COMPACT.match(s.signature or "")
    if m is None:
        return qual
    written = m.group(1).replace("::", ".")
    if qual.endswith(written):
        return qual
    outer = qual.rpartition(".")[0]
    return f"{outer}.{written}" if outer else written


_RUBY_COMPACT = re.compile(r"\s*(?:class|module)\s+(?:::)?((?:[A-Z]\w*::)+[A-Z]\w*)")
_RUBY_INCLUDE = re.compile(r"^\s*include\s+((?:::)?[A-Z][\w:]*(?:\s*,\s*(?:::)?[A-Z][\w:]*)*)\s*(?:(?:if|unless)\b.*)?(?:#.*)?$")


def ruby_included(index: IndexQueries, cls: Symbol) -> list[Symbol]:
    """The modules a Ruby class body includes (`include Sequel::MySQL::DatabaseMethods`, conditional ones too), as its
    nesting resolves them, the last included first (Ruby searches them in that order, before the superclass)."""
    lines = lines_of(index, cls.path)
    inner = [s for s in index.symbols_in_file(cls.path) if s.kind in CLASS_KINDS | {"module"} and s.id != cls.id
             and cls.start_line <= s.start_line and s.end_line <= cls.end_line]
    out: list[Symbol] = []
    for n in range(cls.start_line + 1, min(cls.end_line, len(lines)) + 1):
        m = _RUBY_INCLUDE.match(lines[n - 1])
        if m is None or any(s.start_line < n <= s.end_line for s in inner):
            continue
        for written in (w.strip() for w in m.group(1).split(",")):
            found = _ruby_constant(index, cls, written.lstrip(":"), written.startswith("::"), {"module"}, inside=True)
            if found is not None:
                out.append(found)
                out += [h for h in _ruby_included_by_hook(index, found) if h.id not in {o.id for o in out}]
    return out[::-1]


_RUBY_HOOK_INCLUDE = re.compile(r"\bbase\s*\.\s*(?:send\s*\(?\s*:include\s*,\s*|include\s*\(?\s*)((?:::)?[A-Z][\w:]*)")


def _ruby_included_by_hook(index: IndexQueries, module: Symbol) -> list[Symbol]:
    """The modules a Ruby module's `included(base)` hook includes into the class including it (`base.send :include,
    Invocation` in Thor::Base: Thor's instances get invoke_command; Thor run 428 read Thor.dispatch's
    `instance.invoke_command(..)` as a call on an unknown receiver)."""
    hooks = [s for s in index.symbols_in_file(module.path) if s.name == "included" and s.kind in ("method", "function")
             and module.start_line <= s.start_line and s.end_line <= module.end_line]
    lines = lines_of(index, module.path) if hooks else []
    out: list[Symbol] = []
    for hook in hooks:
        for text in lines[hook.start_line - 1: hook.end_line]:
            for written in _RUBY_HOOK_INCLUDE.findall(text):
                found = _ruby_constant(index, module, written.lstrip(":"), written.startswith("::"), {"module"}, inside=True)
                if found is not None:
                    out.append(found)
    return out


def base_members(index: IndexQueries, cls: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]]) -> dict[str, Symbol]:
    """Each method name the class gets from its bases (and, in Ruby, the modules it and they include), mapped to the
    nearest definition of it: what a method of the class of that name overrides. Parts of reopened classes count."""
    if cls.language not in _OVERRIDING or cls.kind not in CLASS_KINDS:
        return {}
    chain: list[Symbol] = ruby_included(index, cls) if cls.language == "ruby" else []
    for it in supertypes(index, cls, resolve_imports, depth=3).items:
        if it.symbol is not None:
            chain.append(it.symbol)
            chain += ruby_included(index, it.symbol) if cls.language == "ruby" else []
    return {name: found[0] for name, found in base_member_lists(index, cls, resolve_imports, chain).items()}


def base_member_lists(index: IndexQueries, cls: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                      chain: list[Symbol] | None = None) -> dict[str, list[Symbol]]:
    """Each method name the class gets from its bases mapped to its definitions, the nearest base's first, one per
    base (the first of its overloads there): where an overloading language looks further up when the nearest base's
    overloads take other parameters (review of stop 51: CollectionBag.add(E) overrides AbstractCollectionDecorator's
    add(E), two levels up, past AbstractBagDecorator's add(E, int))."""
    if chain is None:
        if cls.language not in _OVERRIDING or cls.kind not in CLASS_KINDS:
            return {}
        chain = ruby_included(index, cls) if cls.language == "ruby" else []
        for it in supertypes(index, cls, resolve_imports, depth=3).items:
            if it.symbol is not None:
                chain.append(it.symbol)
                chain += ruby_included(index, it.symbol) if cls.language == "ruby" else []
    out: dict[str, list[Symbol]] = {}
    files: dict[str, list[Symbol]] = {}
    for c in chain:
        here: dict[str, Symbol] = {}
        for part in _class_parts(index, c):
            for m in index.symbols_in_file(part.path):
                if m.parent_id == part.id and m.kind in ("method", "function") and not _not_override(m):
                    here.setdefault(member_side(index, m, files), m)
        for name, m in here.items():
            out.setdefault(name, []).append(m)
    return out


def member_side(index: IndexQueries, m: Symbol, files: dict[str, list[Symbol]] | None = None) -> str:
    """What a method overrides by: its name, `self.name` for a Ruby class method (`def self.connect` is no
    instance method `connect`: Sequel's Database has the one, its adapters the other). `files`: the symbols of the
    files read so far, kept by a caller asking for many methods."""
    if m.language != "ruby":
        return m.name
    if (m.signature or "").lstrip().startswith("def self."):
        return f"self.{m.name}"
    from contexteer.indexers.qualify import ruby_singleton

    syms = files.get(m.path) if files is not None else None
    if syms is None:
        syms = index.symbols_in_file(m.path)
        if files is not None:
            files[m.path] = syms
    return f"self.{m.name}" if ruby_singleton(lines_of(index, m.path), m, syms) else m.name


def _imported_elsewhere(index: IndexQueries, sym: Symbol, path: str,
                        resolve_imports: Callable[[str], dict[str, list[str]]] | None) -> bool:
    """Whether `path` imports the name from a repository file that is not `sym`'s and defines a namesake
    (pydantic/v1/env_settings.py's `from pydantic.v1.main import BaseModel`: v1's BaseModel, not v2's)."""
    if resolve_imports is not None and path != sym.path and sym.language in ("java", "kotlin", "scala"):
        return _jvm_other_meant(index, sym, path, resolve_imports)
    if resolve_imports is None or path == sym.path or sym.language not in ("python", "typescript", "tsx", "javascript"):
        return False
    files = resolve_imports(path).get(sym.name) or []
    return bool(files) and sym.path not in files and any(
        s.name == sym.name and s.kind in CLASS_KINDS for f in files for s in index.symbols_in_file(f))


def _jvm_other_meant(index: IndexQueries, sym: Symbol, path: str,
                     resolve_imports: Callable[[str], dict[str, list[str]]]) -> bool:
    """Java/Kotlin/Scala: whether a simple name in `path` means a namesake class rather than `sym`: one the file
    imports, else one of the file's own package (expo's Kotlin exceptions `: CodedException(..)` in the package of
    the Kotlin CodedException are no subclasses of the Java expo.modules.core.errors.CodedException)."""
    imported = resolve_imports(path).get(sym.name) or []
    if sym.path in imported:
        return False
    if any(s.name == sym.name and s.kind in CLASS_KINDS for f in imported for s in index.symbols_in_file(f)):
        return True
    folder = path.rpartition("/")[0]
    if sym.path.rpartition("/")[0] == folder:
        return False
    return any(s.name == sym.name and s.kind in CLASS_KINDS and s.id != sym.id and s.path.rpartition("/")[0] == folder
               for s in index.symbols_named(sym.name))


def _php_names_other(index: IndexQueries, cand: Symbol, sym: Symbol) -> bool:
    """PHP: whether `cand` writes its base `sym.name` fully qualified with another namespace (`extends
    \\InvalidArgumentException`, the global class, beside Symfony's own Exception\\InvalidArgumentException: review of
    stop 51, a direct subclass of PHP's class had been listed under the repository's namesake)."""
    written = [w.strip() for w in written_bases(cand) if w.strip().rsplit("\\", 1)[-1] == sym.name]
    if not written or not all(w.startswith("\\") for w in written):
        return False
    there = _php_namespace_at(index.symbols_in_file(sym.path), sym.start_line)
    return there is not None and all(w.lstrip("\\").rpartition("\\")[0].lower() != there.lower() for w in written)


def _shadowed(index: IndexQueries, sym: Symbol, path: str, cache: dict[str, bool], sub: str = "",
              own: int | None = None) -> bool:
    """Whether `path` defines another class-like `sym.name` (jsoup's Token.StartTag `extends Tag` is Token.Tag,
    not Evaluator.Tag): a base written by its simple name means the one in the subclass's own file. An alias of the
    subclass itself is none (expo's `typealias ViewDefinition = SwiftUIViewDefinition` beside `class
    SwiftUIViewDefinition<..>: ViewDefinition<ViewType>`: no class is its own base)."""
    if path == sym.path:
        return False
    key = f"{path}\0{sub}\0{own}"
    if key not in cache:
        cache[key] = any(s.name == sym.name and s.kind in CLASS_KINDS and s.id != sym.id and s.id != own
                         and not (sub and re.search(rf"=\s*(?:[\w.]+\.)?{re.escape(sub)}\s*$", s.signature or ""))
                         for s in index.symbols_in_file(path))
    return cache[key]


def _mixers(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """The classes (and modules) whose body mixes `sym` in, each with the line: a reference to the name on an
    `include`/`extend`/`prepend` (Ruby) or trait `use` (PHP) line, inside a class-like definition. A namesake in
    another namespace is told apart by the qualified name when the line writes one (`include Request::Helpers`)."""
    rx = MIXIN_LINE[sym.language or ""]
    owner = sym.qualname.rsplit(".", 1)[0].rsplit("::", 1)[0] if ("." in sym.qualname or "::" in sym.qualname) else ""
    out: list[tuple[Any, str, str]] = []
    texts: dict[str, list[str]] = {}
    # the name's references, and (Ruby) the include/extend/prepend calls: `extend Rack::Response::Helpers` records
    # the call, not the constant path
    words = [sym.name] + (["include", "extend", "prepend"] if sym.language == "ruby" else [])
    sites = sorted({(r.path, r.line) for w in words for r in index.references_to(w, limit=2000)})
    for path, line in sites:
        if language_family(language_of(index, path)) != language_family(sym.language):
            continue
        lines = texts.get(path)
        if lines is None:
            lines = texts[path] = lines_of(index, path)
        m = rx.match(lines[line - 1]) if 0 < line <= len(lines) else None
        if m is None:
            continue
        named = [n.strip() for n in m.group(2).split(",")]
        hit = next((n for n in named if re.split(r"::|\\", n)[-1] == sym.name), None)
        if hit is None:
            continue
        holder = enclosing([s for s in index.symbols_in_file(path) if s.kind in CLASS_KINDS | {"module"}], line)
        if holder is None or not _same_mixin(hit, holder, sym, owner):
            continue
        how = "trait" if sym.language == "php" else m.group(1)
        out.append((holder, how, f"{m.group(1)} at line {line}" if holder.path == path else ""))
    return out


def _php_trait_methods(index: IndexQueries, cls: Symbol, wanted: set[str]) -> list[str]:
    """Of the methods `wanted` (a contract's the class does not define), those a trait the PHP class uses gives it:
    `completeDefault from trait Base (Schema/Elements/Base.php:83)`."""
    if not wanted:
        return []
    lines = lines_of(index, cls.path)
    used: list[str] = []
    for text in lines[cls.start_line: cls.end_line]:
        trait_use = re.match(r"\s*use\s+([\w\\, ]+?)\s*[;{]", text)
        if trait_use:
            used += [n.strip().rsplit("\\", 1)[-1] for n in trait_use.group(1).split(",") if n.strip()]
        elif re.match(r"\s*(?:(?:public|protected|private|static|abstract|final)\s+)*function\b", text):
            break  # trait uses come first in a class body
    out = []
    for name in used:
        for t in index.symbols_named(name):
            if t.name != name or t.kind != "trait" or t.language != "php":
                continue
            for m in index.symbols_in_file(t.path):
                if m.parent_id == t.id and m.name in wanted and m.kind in ("method", "function"):
                    out.append(f"{m.name} from trait {name} ({m.path}:{m.start_line})")
                    wanted = wanted - {m.name}
    return out


def _same_mixin(written: str, holder: Symbol, sym: Symbol, owner: str) -> bool:
    """Whether `include Helpers` in `holder` means `sym`: a qualified name must end like sym's qualified name; a
    bare name is looked up in the holder's lexical nesting, so sym's namespace must enclose the holder
    (Rack::Response's Helpers is Rack::Response::Helpers, Rack::Request's is Rack::Request::Helpers)."""
    parts = [p for p in re.split(r"::|\\", written) if p]
    if len(parts) > 1:
        want = re.split(r"::|\.|\\", sym.qualname)
        return want[-len(parts):] == parts
    if not owner:
        return True
    holder_path = re.split(r"::|\.|\\", holder.qualname)
    owner_path = re.split(r"::|\.|\\", owner)
    return owner_path == holder_path[:len(owner_path)]  # the holder's own nested module or an enclosing namespace's


def _macro_impls(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Rust impls of the trait written inside a `macro_rules!` body (`impl UnindexedProducer for IterProducer<$t>`
    in rayon's unindexed_range_impl!), which the index cannot parse: found by text, each named with its macro and
    the macro's invocations in that file (the rayon A/B agent found one the answer had called complete without)."""
    from contexteer.indexers import textsearch

    ws = getattr(index, "ws", None)
    if ws is None:
        return []
    pattern = rf"^\s*(?:unsafe\s+)?impl\b.*\b{re.escape(sym.name)}\b(?:<.*>)?\s+for\s+\S"

    def impl_lines() -> list[Any]:
        try:
            return textsearch.search(ws, pattern, regex=True, case_sensitive=True, glob="*.rs", max_results=2000,
                                     timeout=5).hits
        except Exception as exc:  # noqa: BLE001 - a missing or failing rg leaves the parsed impls standing
            logger.info("macro impls of %s not searched: %s", sym.name, exc)
            return []

    # one ripgrep per trait and index state: an answer's levels ask again for each subtype
    hits = per_generation(index, "rust macro impls", sym.name, impl_lines, limit=256)
    out: list[tuple[Any, str, str]] = []
    for h in hits:
        holder = enclosing(index.symbols_in_file(h.path), h.line)
        if holder is None or not (holder.signature or "").startswith("macro_rules!"):
            continue
        macro = holder.name.split()[-1].rstrip("!")
        calls = _macro_invocations(index, macro, h.path)
        used = "; invoked at " + ", ".join(calls[:8]) + (f" and {len(calls) - 8} more" if len(calls) > 8 else "") \
            if calls else ""
        written = h.text.strip().rstrip("{").strip()
        # the type the impl is for, when the repository defines it (the rayon A/B agent looked IterProducer up
        # after a row that named only the macro)
        target = re.search(r"\bfor\s+&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:[\w:]+::)?([A-Za-z_]\w*)", written)
        types = _rust_types_named(index, target.group(1), h.path) if target else []
        row = types[0] if len(types) == 1 else holder
        inside = f" in {macro}! {holder.path}:{holder.start_line}-{holder.end_line}" if row is not holder else ""
        out.append((row, "impl in macro", f"`{written}` at line {h.line}{inside}{used}"))
    return out + _trait_named_macro_calls(index, sym)


def _macro_invocations(index: IndexQueries, macro: str, path: str, depth: int = 0) -> list[str]:
    """Where a `macro_rules!` macro is invoked at item level, its own file first: `21 (bool, serialize_bool)` for a
    one-line invocation, `652-705 (a block)` for one over lines (syn's `define_keywords! { "abstract" pub struct
    Abstract ... }`), another file's with its path; by name or by path (`crate::custom_keyword!(raw)`). An
    invocation in another macro's body names that macro's own invocations (`115 ($ident) in custom_keyword!, itself
    invoked at src/expr.rs:1103 (raw), ..`)."""
    call = re.compile(rf"\s*(?:(?:\$?crate|self|super|\w+)::)*{re.escape(macro)}!\s*([{{(\[])(.*)$")
    closing = {"{": "}", "(": ")", "[": "]"}
    # the macro's own file by text (an invocation in another macro's body is no parsed call), the others by reference
    own = [(path, n) for n, text in enumerate(lines_of(index, path), 1) if call.match(text)]
    # (another file's invocation is this macro's only when no other file defines one of the name: rayon's range.rs and
    # range_inclusive.rs each invoke their own indexed_range_impl!)
    elsewhere = any(s.path != path and (s.signature or "").startswith("macro_rules!") for s in index.symbols_named(macro))
    sites = own + sorted({(r.path, r.line) for r in index.references_to(macro, limit=2000)
                          if r.kind == "call" and r.path.endswith(".rs") and r.path != path and not elsewhere})
    out = []
    for site_path, line in sites:
        lines = lines_of(index, site_path)
        m = call.match(lines[line - 1]) if 0 < line <= len(lines) else None
        if m is None:
            continue
        ref = Reference(site_path, macro, line, "call")
        where = str(ref.line) if ref.path == path else f"{ref.path}:{ref.line}"
        holder = enclosing(index.symbols_in_file(ref.path), ref.line) if depth == 0 else None
        inside = ""
        if holder is not None and (holder.signature or "").startswith("macro_rules!") and holder.name != macro:
            outer = _macro_invocations(index, holder.name, ref.path, depth + 1)
            inside = f" in {holder.name}!" + (f", itself invoked at {', '.join(outer[:6])}"
                                              + (f" and {len(outer) - 6} more" if len(outer) > 6 else "") if outer else "")
        one = re.match(rf"\s*(.*?)\s*{re.escape(closing[m.group(1)])}\s*;?\s*$", m.group(2))
        if one is not None and one.group(1).count("(") == one.group(1).count(")"):
            out.append(f"{where} ({one.group(1)}){inside}")
            continue
        level, end = 0, ref.line  # (bracket level; `depth` is the recursion's)
        for n in range(ref.line, min(len(lines), ref.line + 2000) + 1):
            text = lines[n - 1] if n > ref.line else m.group(1) + m.group(2)
            level += sum(text.count(c) for c in "{([") - sum(text.count(c) for c in "})]")
            if level <= 0:
                end = n
                break
        out.append((f"{where}-{end} (a block)" if end > ref.line else f"{where} (over lines)") + inside)
    return out


def _trait_named_macro_calls(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Item-level invocations of a macro named like the trait (`IntoNeighborsDirected! {delegate_impl []}`, which
    petgraph's trait_template! defines for each trait to write its impls for references and wrappers): each writes
    an impl the index cannot see, listed as such (the A/B answer had called the list complete without them)."""
    out: list[tuple[Any, str, str]] = []
    call = re.compile(rf"\s*{re.escape(sym.name)}!\s*[{{(\[]")
    for ref in index.references_to(sym.name, limit=2000):
        if ref.kind != "call" or not ref.path.endswith(".rs"):
            continue
        lines = lines_of(index, ref.path)
        text = lines[ref.line - 1] if 0 < ref.line <= len(lines) else ""
        enc = enclosing(index.symbols_in_file(ref.path), ref.line)
        if not call.match(text) or (enc is not None and enc.kind in ("function", "method")):
            continue  # (inside a function: no item)
        written = " ".join(text.split())
        # (an id no stored definition has: negative, the same in every process)
        row = Symbol(id=-1 - zlib.crc32(f"{ref.path}:{ref.line}".encode()), path=ref.path, name=f"{sym.name}!", qualname=f"{sym.name}!",
                     kind="impl", start_line=ref.line, end_line=ref.line, signature=written, doc=None, exported=True,
                     parent_id=None, language="rust")
        out.append((row, "macro", f"`{written}`: an impl the macro writes (its expansion is not read)"))
    return out


def _rust_blanket_subtypes(index: IndexQueries, impl: Symbol, rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None,
                           resolve_imports: Callable[[str], dict[str, list[str]]] | None) -> list[tuple[Any, str, str]]:
    """Below a blanket impl `impl<T: CustomToken> Token for T`: the types that get the trait through it, those
    implementing its bound (syn's IdentAny and the custom keywords get Token so; the answer had stopped at the
    impl)."""
    head = " ".join((impl.signature or "").split())
    m = re.search(r"\bfor\s+([A-Z]\w*)\s*(?:where\b|$)", head)
    if m is None or not re.search(rf"<(?:[^<>]|<[^<>]*>)*\b{m.group(1)}\b", head.split(" for ", 1)[0]):
        return []
    out: list[tuple[Any, str, str]] = []
    for bound in generic_bounds(head, m.group(1)):
        name = re.split(r"::", bound.split("<", 1)[0].strip())[-1]
        traits = [t for t in index.symbols_named(name) if t.name == name and t.kind == "trait" and t.language == "rust"]
        near = [t for t in traits if t.path == impl.path] or traits
        if len(near) == 1:
            out += [(c, how, f"{detail}; through {name}" if detail else f"through {name}")
                    for c, how, detail in _direct_subtypes(index, near[0], rust_impls, resolve_imports)]
    return out


def _rust_impl_is_of(index: IndexQueries, trait: Symbol, impl: Symbol, namesakes: list[Symbol]) -> bool:
    """Whether `impl Path for T` implements `trait` (a trait of Path's last name): a written path names the module
    (`impl de::Error for Error` is not ser::Error's; `impl error::Error` is std's, no repository trait's); a bare name,
    where the repository has several traits of it, the one the impl's file defines or imports by name (serde's
    ser/fmt.rs `use ser::{Error, ..}; impl Error for fmt::Error`). Undecided: kept."""
    m = _RUST_IMPL_TRAIT.match(" ".join((impl.signature or "").split()))
    if m is None:
        return True
    path = [p for p in m.group(1).split("::") if p not in ("crate", "self", "super")]
    if len(path) > 1:
        return _full_name_ends(index, trait, path)
    if len(namesakes) < 2:
        return True
    own = [t for t in namesakes if t.path == impl.path]
    if own:
        return trait.id in {t.id for t in own}
    for imp in index.imports_of(impl.path):
        if trait.name not in imp.names:
            continue
        head = imp.module.split("::{", 1)[0] if "::{" in imp.module else imp.module.rsplit("::", 1)[0]
        written = [p for p in head.split("::") if p not in ("crate", "self", "super")] + [trait.name]
        return _full_name_ends(index, trait, written)
    return True


def _full_name_ends(index: IndexQueries, sym: Symbol, path: list[str]) -> bool:
    """Whether one of a definition's full names (its module's path and its own: serde::ser::Error) ends with `path`,
    segment by segment (`std_error::Error` does not end with `error::Error`)."""
    def qualifier() -> Qualifier:
        ws = getattr(index, "ws", None)
        return Qualifier(index, (lambda rel: repo_text(ws, rel)) if ws is not None else (lambda rel: None))
    full: Qualifier = per_generation(index, "qualifier", "graph", qualifier)
    # (a path of three or more may start with the crate's name, which these full names leave out:
    # `impl tracing_core::callsite::Callsite for TestCallsite` in the crate's tests)
    return full.matches(sym, path) or (len(path) > 2 and full.matches(sym, path[1:]))


#: the trait an impl head implements, as written (`impl<'a, T: X<U>> de::Visitor<'a> for V` -> `de::Visitor`)
_RUST_IMPL_TRAIT = re.compile(r"(?:unsafe\s+)?impl\s*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*!?([\w:]+)(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s+for\s")


def _rust_types_named(index: IndexQueries, name: str, impl_path: str, impl_line: int = 0) -> list[Symbol]:
    """The type definitions an `impl ... for Name` block in impl_path can mean: the file's own (a struct local to a
    function counts: rayon's `struct Callback` in each `with_producer`), else those at module level. An associated
    `type Error = Error;` of an impl or a trait is a namesake, not the type (serde's de/value.rs has one struct Error
    and a dozen such, which had all been listed as implementing ser::Error)."""
    # never a module (`impl Fissile for &str` is no impl for the `mod str;` of lib.rs)
    types = [s for s in index.symbols_named(name) if s.name == name and s.kind in CLASS_KINDS
             and s.kind not in ("impl", "module") and s.language == "rust"]

    def parent_kind(s: Symbol) -> str | None:
        parent = index.get_symbol(s.parent_id) if s.parent_id is not None else None
        return parent.kind if parent is not None else None

    # (an associated type's parent is its impl's type or its trait: `UnitDeserializer.Error`)
    here = [s for s in types if s.path == impl_path
            and not (s.kind == "type" and parent_kind(s) not in (None, "module", "function", "method"))]
    if len(here) > 1 and impl_line:
        # a struct local to a function is the one an impl in that function means (tracing-core's three
        # `struct TestSubscriber`, one per test: run 426 read each with all three impls)
        def around(t: Symbol) -> bool:
            parent = index.get_symbol(t.parent_id) if t.parent_id is not None else None
            return parent is not None and parent.kind in ("function", "method") \
                and parent.start_line <= impl_line <= parent.end_line
        local = [t for t in here if around(t)]
        here = local or [t for t in here if parent_kind(t) not in ("function", "method")] or here
    if here:
        return here[:3]
    # another file's type only when this file can name it: imported by name or by a glob (syn's token.rs writes
    # `impl Token for Group` for its own macro-made Group and imports no other: group.rs's struct Group is not it)
    if impl_line and not _rust_can_name(index, impl_path, impl_line, name):
        return []
    found = [s for s in types if parent_kind(s) in (None, "module")]
    if len(found) > 1:  # `use crate::{Array, Value}` in encode.rs: lib.rs's `pub use value::Value`, not easy/value.rs's
        files = rust_use_files(index, impl_path, name)  # (tomledit run 571 listed both Values, both Arrays)
        found = [s for s in found if s.path in files] or found
    return found[:3]


_RUST_USE = re.compile(r"\buse\s+([^;]+);")


def rust_use_files(index: IndexQueries, path: str, name: str, depth: int = 0) -> set[str]:
    """The files a Rust file's `use` statements bring `name` from: the module file a path names (`crate::value::Value`
    -> src/value.rs), through the crate root's `pub use` re-exports (`crate::Value` -> lib.rs's `pub use
    value::Value`); empty when no `use` names it or the path does not lead to a file."""
    root = _rust_crate_root(path)
    if root is None or depth > 2:
        return set()
    out: set[str] = set()
    for m in _RUST_USE.finditer("\n".join(lines_of(index, path))):
        for full in _rust_use_paths(" ".join(m.group(1).split())):
            segs = [x.strip() for x in full.split("::")]
            alias = re.match(r"(\w+)\s+as\s+(\w+)$", segs[-1])
            if (alias.group(2) if alias else segs[-1]) != name:
                continue
            module = _rust_module_file(index, root, path, segs[:-1])
            if module is None:
                continue
            if module == root:  # a re-export of the crate root: where lib.rs's own `pub use` takes it from
                out |= rust_use_files(index, root, alias.group(1) if alias else name, depth + 1) or {root}
            else:
                out.add(module)
    return out


def _rust_use_paths(tree: str) -> list[str]:
    """`crate::{Array, repr::{Decor, Repr}}` as `crate::Array`, `crate::repr::Decor`, `crate::repr::Repr`."""
    i = tree.find("{")
    if i < 0:
        return [tree.strip()]
    prefix, inner = tree[:i], tree[i + 1: tree.rfind("}")]
    items, depth, cur = [], 0, ""
    for ch in inner:
        depth += (ch == "{") - (ch == "}")
        if ch == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += ch
    items.append(cur)
    return [p for item in items if item.strip() for p in _rust_use_paths(prefix + item.strip())]


def _rust_crate_root(path: str) -> str | None:
    """The crate root file (src/lib.rs or src/main.rs) above a Rust file: the folder holding `src/` it sits in."""
    head, sep, _ = path.rpartition("src/")
    return f"{head}src/lib.rs" if sep else None


def _rust_module_file(index: IndexQueries, root: str, path: str, segs: list[str]) -> str | None:
    """The file of a Rust module path written in `path` (`crate::value` -> src/value.rs or src/value/mod.rs;
    `self::x`, `super::x` from the file's own module), the crate root for `crate` alone; None for an outside crate."""
    if not segs:
        return None
    base = root.rpartition("/")[0]
    if segs[0] == "crate":
        folder, rest = base, segs[1:]
    elif segs[0] in ("self", "super"):
        own = path.removesuffix(".rs").removesuffix("/mod")
        folder = own if own.rpartition("/")[2] not in ("lib", "main") else base
        rest = segs
        while rest and rest[0] in ("self", "super"):
            folder = folder.rpartition("/")[0] if rest[0] == "super" else folder
            rest = rest[1:]
    else:
        return None
    if not rest:
        return root if folder == base else next((f for f in (f"{folder}.rs", f"{folder}/mod.rs") if index.symbols_in_file(f)), None)
    stem = "/".join([folder, *rest])
    return next((f for f in (f"{stem}.rs", f"{stem}/mod.rs") if index.symbols_in_file(f)), None)


def _rust_can_name(index: IndexQueries, path: str, line: int, name: str) -> bool:
    """Whether a line of a Rust file can name another file's `name`: a `use` of the module the line is in imports it
    by name or by a glob (an inline module's imports are its own: syn's token.rs imports proc_macro2's Group only in
    `mod printing`)."""
    modules = [s for s in index.symbols_in_file(path) if s.kind == "module" and s.start_line < s.end_line]

    def module_at(n: int) -> int | None:
        around = [m for m in modules if m.start_line <= n <= m.end_line]
        return min(around, key=lambda m: m.end_line - m.start_line).id if around else None

    here = module_at(line)
    return any((name in imp.names or "*" in imp.names) and module_at(imp.line) == here for imp in index.imports_of(path))


def _interface_methods(index: IndexQueries, sym: Symbol) -> list[str]:
    return list(go_types.method_shapes(index, sym))


def _overrides(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *, depth: int,
               rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None) -> Relations:
    owner = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    out = Relations(sym, "implementations")
    if owner is None:
        return out
    # the overrides are listed flat, whatever level their class is at: the subtypes are searched deeper than the
    # depth a type hierarchy is shown to (ParIterableLike's reach ParHashSet five levels down)
    subs = implementations(index, owner, resolve_imports, depth=max(depth, 6), rust_impls=rust_impls, mark=False)
    overloaded = sum(1 for s in index.symbols_in_file(sym.path) if s.name == sym.name and s.parent_id == sym.parent_id) > 1
    listed: set[int] = set()
    up = {e.symbol.id: e.via for e in subs.items if e.symbol is not None}  # a subtype -> the type it is listed under
    method_of: dict[int, Symbol] = {}  # a subtype -> its override, for the ones below it to name
    contract = owner.kind in ("interface", "trait", "protocol")
    for entry in sorted(subs.items, key=lambda e: e.depth):
        t = entry.symbol
        if t is None:
            continue
        # (an anonymous class's method is a member of the definition the class is written in: `object :
        # TypeConverterProvider { override fun obtainTypeConverter(..) }` in buildTypeConverterProvider)
        anonymous = entry.how == "anonymous class"
        hits = [s for s in index.symbols_named(sym.name) if s.name == sym.name
                and (s.kind == "method" or (anonymous and s.kind == "function")
                     or (s.kind in ("property", "field") and _overridable_property(sym)))
                and (s.parent_id == t.id or (s.qualname == f"{t.name}.{sym.name}" and s.language == t.language))]
        params = param_types(sym.signature or "")
        if params is not None and overloaded:  # an overload of another parameter list overrides another method
            hits = [h for h in hits if _same_params(param_types(h.signature or ""), params)]
        # an overload with the base's parameters first, then the one declared in the class (C++: not its body)
        hits.sort(key=lambda h: (param_types(h.signature or "") != params, h.parent_id != t.id))
        via_module = ""
        if not hits and t.language == "ruby" and t.kind in CLASS_KINDS:
            # a module the subclass includes is searched before its superclass: its method overrides (Sequel's
            # Postgres::Database includes Postgres::DatabaseMethods, whose create_table overrides Database's)
            for module in ruby_included(index, t):
                if module.id == owner.id:
                    break  # (the target's own module: nothing included after it in `t` sits above it)
                own = [m for m in index.symbols_in_file(module.path) if m.parent_id == module.id and m.name == sym.name
                       and m.kind in ("method", "function") and m.id != sym.id]
                if own:
                    hits, via_module = own[:1], f", included by {t.qualname.replace('.', '::')}"
                    break
        for h in hits[:1]:
            if h.id in listed:  # reached again through another base, or a companion object of the same name
                continue
            listed.add(h.id)
            method_of[t.id] = h
            # one flat list: the classes between (`via ParMap`) are not in it, so a tree of them would mislead; each
            # says the method it overrides, the nearest above it (CompletionInput.bind overrides Input.bind, which
            # implements InputInterface.bind: not "extends InputInterface")
            above, hops = up.get(t.id), 0
            while above is not None and above.id not in method_of and hops < 8:
                above, hops = up.get(above.id), hops + 1
            how = f"overrides {method_of[above.id].qualname}" if above is not None and above.id in method_of \
                else f"{'implements' if contract else 'overrides'} {sym.qualname}"
            out.items.append(Related(h, h.path, how, [], 1, None, detail=how + via_module if via_module else ""))
    out.truncated = subs.truncated
    if subs.note and subs.note.startswith("complete"):  # every subtype of the owner searched: say so
        out.note = f"complete: every subtype of {owner.name} searched"
    elif subs.note and subs.note.startswith("not listed"):
        out.note = f"subtypes of {owner.name} below depth 6 not searched ({subs.note})"
    return out


def _same_params(have: list[str] | None, want: list[str]) -> bool:
    """Parameter lists that name the same types, loosely (`std::string&` and `string`, `object` and `Object`)."""
    return have is not None and loose_types(have) == loose_types(want)


def supertypes(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *, depth: int = 1,
               rust_traits: Callable[[str], list[tuple[str, int, str]]] | None = None) -> Relations:
    """What a class-like definition extends or implements (depth > 1: their bases too), or for a method the
    method it overrides. `rust_traits(type)` lists (path, line, trait) of `impl Trait for Type` blocks."""
    if sym.kind in ("method", "function") and sym.parent_id is not None:
        owner = index.get_symbol(sym.parent_id)
        out = Relations(sym, "supertypes")
        if owner is None:
            return out
        for entry in supertypes(index, owner, resolve_imports, depth=depth, rust_traits=rust_traits).items:
            t = entry.symbol
            if t is None:
                continue
            hits = [s for s in index.symbols_in_file(t.path) if s.name == sym.name and s.parent_id == t.id]
            for h in hits[:1]:
                out.items.append(Related(h, h.path, f"overridden ({entry.how})", [], entry.depth, entry.via))
        return out
    out = Relations(sym, "supertypes")
    seen = {sym.id}
    frontier = [sym]
    unresolved: list[str] = []
    for level in range(1, depth + 1):
        nxt = []
        for target in frontier:
            direct = _direct_supertypes(index, target, resolve_imports, rust_traits)
            # (a Python base written as an import alias is found under the class's own name: `import as PythonSerializer`)
            found = {p.name for p, _, _ in direct} | {how.rsplit(" as ", 1)[1] for _, how, _ in direct if "import as " in how}
            # a base outside the repository ends the chain there: say which (`RuntimeException (of
            # JSApplicationCausedNativeException)`), at every level, or the agent reads the header to find it
            unresolved += [b if target is sym else f"{b} (of {target.name})" for b in bases_of(_whole(index, target))
                           if b not in found]
            for parent, how, detail in direct:
                if parent.id in seen:
                    continue
                seen.add(parent.id)
                out.items.append(Related(parent, parent.path, how, [], level, target if level > 1 else None, detail))
                nxt.append(parent)
        frontier = nxt
        if not frontier:
            break
    else:  # stopped at the depth asked: say whether bases lie above (ConnectTimeout's chain stopped at RequestError,
        # whose base HTTPError went unsaid)
        above = [t for t in frontier[:50] if any(p.id not in seen for p, _, _ in
                                                 _direct_supertypes(index, t, resolve_imports, rust_traits))]
        if above:
            names = ", ".join(t.name for t in above[:5]) + (f" and {len(above) - 5} more" if len(above) > 5 else "")
            more = f"pass depth={depth + 1}, at most 3" if depth < 3 else f"ask find_related for {above[0].name}"
            out.note = f"not listed: the bases of {names} ({more})"
    out.unresolved = list(dict.fromkeys(unresolved))
    return out


def _whole(index: IndexQueries, sym: Symbol) -> Symbol:
    """A class-like definition with its whole header as its signature when the stored one was cut ('…')."""
    return whole_class(index, sym)


def _direct_supertypes(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                       rust_traits: Callable[[str], list[tuple[str, int, str]]] | None) -> list[tuple[Any, str, str]]:
    found: list[tuple[Any, str, str]] = []
    whole = _whole(index, sym)
    bases = bases_of(whole)
    for base in bases:
        written = _ruby_written_base(index, sym) if sym.language == "ruby" and base == bases[0] else None
        for parent, how in ([(written, "by nesting")] if written is not None else _resolve_type(index, base, sym, resolve_imports)):
            found.append((parent, f"{base_how(whole, base, parent.kind)}, {how}", ""))
    if sym.language == "rust" and rust_traits is not None:
        for path, line, trait in rust_traits(sym.name):
            for parent, how in _resolve_type(index, trait, sym, resolve_imports)[:1]:
                found.append((parent, f"impl, {how}", f"impl at {path}:{line}"))
    if sym.language == "go" and sym.kind in ("struct", "type"):
        found += go_types.interfaces_of(index, sym)
    return found
