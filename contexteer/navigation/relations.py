"""Relations of one definition (callers, callees, implementations, supertypes): which definition a name means, and
the related definitions as typed items with their call lines."""

from __future__ import annotations

import logging
import posixpath
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from contexteer.errors import ContexteerError, InputError, NotFoundError
from contexteer.indexers import graph, outside_types
from contexteer.indexers.lookup import (
    REAL_OVERLOADS,
    compiled_js,
    cpp_specialization,
    fold_cpp_declarations,
    inherits,
    is_prototype,
    language_family,
    line_previews,
    rust_impl_head,
    rust_impl_trait,
    rust_in_module_tree,
    table_function,
    zig_file_struct,
)
from contexteer.indexers.model import CLASS_KINDS
from contexteer.indexers.namesakes import LocalNames, reopened_rank
from contexteer.indexers.qualify import is_qualified, ruby_side, split_name
from contexteer.indexers.syntax import (
    CONDITIONAL_SOURCES,
    arity,
    overloads_taking,
    param_types,
    preprocessor_conditions,
    rust_attributes_above,
    shown_param_types,
    split_params,
)
from contexteer.navigation.models import RelatedItem, clip
from contexteer.navigation.service import NavigationService
from contexteer.navigation.swift_inits import func_labels, selector, selector_of
from contexteer.navigation.symbols import Closures, inherited_members, zig_file_members
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)


@dataclass
class Related:
    """One definition's relations as an answer shows them: the definition, its full name, the related items (with
    their call lines as source), and the notes (why this definition, where the walk stopped)."""

    target: Any
    full_name: str
    relations: graph.Relations
    items: list[RelatedItem]
    notes: list[str]
    definitions: list[str] = field(default_factory=list)  # callers of several namesakes: each one, located
    depth: int = 1  # the levels followed (an automatic depth is what it came to)
    values: list[str] = field(default_factory=list)  # callers: lines naming it without calling it


class Ambiguous(InputError):
    """A name that means several definitions; `candidates` are one symbol per definition."""

    def __init__(self, message: str, candidates: list[Any]) -> None:
        super().__init__(message)
        self.candidates = candidates


MERGED_CALLERS = 5  # callers of a bare name with up to this many function/method definitions: one answer for all


#: without a depth, a type hierarchy of at most this many definitions is answered whole (up to 3 levels): the
#: Kotlin A/B agent asked ReactOverflowView's implementations and got only its sub-interface, then asked again; jsoup's
#: 52 Evaluator subclasses (30 direct) had been the first level and a second call (run 214)
AUTO_DEPTH_ITEMS = 60


def related(nav: NavigationService, q: str, prefix: str | None, relation: str, depth: int | None, note: str | None,
            line: int | None = None) -> Related:
    """The relations of the definition `q` names (see find_target), with `note` (the index's readiness) first.
    Callers of a name that several functions or methods share (`parse_nested_query` on any receiver) are one
    answer: each call site says which definition it reaches, where its receiver or import tells."""
    try:
        target, also = find_target(nav, q, prefix, relation, line)
    except NotFoundError as exc:
        if note:  # `index 46% built (...)`: not found yet is not "no definition"
            raise NotFoundError(f"{exc} ({note})") from exc
        outside = outside_types.outside_base(nav.index, q, lambda t: rust_impls(nav.index, t)) if relation == "implementations" and line is None else None
        if outside is None:
            std = _go_std_implementations(nav, q, prefix) if relation == "implementations" and line is None else None
            if std is None:
                raise
            return std
        return _outside_implementations(nav, outside, prefix, depth)
    except Ambiguous as amb:
        picked = _declared_and_implemented(nav, amb.candidates, relation) or _rust_inherent(nav, amb.candidates)
        if picked is not None:
            target, also = picked
        elif relation != "callers" or (depth or 1) != 1 or len(amb.candidates) > MERGED_CALLERS \
                or any(s.kind not in ("function", "method") for s in amb.candidates):
            raise
        else:
            return _callers_of_all(nav, amb.candidates, note)
    if depth is None and relation in ("implementations", "supertypes"):
        # a chain of bases is narrow: up to 6 levels unasked (ConnectTimeout's stopped at RequestError, under HTTPError)
        auto = 6 if relation == "supertypes" else 3
        rel, depth = relations_of(nav, target, relation, auto), auto
        if len(rel.items) > AUTO_DEPTH_ITEMS:
            rel, depth = relations_of(nav, target, relation, 1), 1
    else:
        depth = depth or 1
        rel = relations_of(nav, target, relation, depth)
    full_name = nav.qualifier().display(target) or target.qualname
    if nav.written_name(target) != target.qualname and target.language in ("c", "cpp"):
        full_name = nav.written_name(target)  # `TEST_F(DBTest, Recover)`, as its callees' rows name it
    items = [_item(nav, e) for e in rel.items]
    if relation == "callees":
        _rust_cfg_twins(nav, rel, items, target)  # (first: a Rust cfg twin is said so, not as a namesake)
        _namesakes(nav, rel, items)
        _defined_under(nav, items)
    if relation in ("callers", "callees"):
        _previews(nav, rel, items)
    if relation == "callers":
        _rust_caller_twins(nav, rel, items)
    # (at any depth, the target's own: Python-Markdown run 502's depth-3 answer left out `assertRaises(ValueError,
    # markdown.util.parseBoolValue, ..)`)
    values = _value_uses(nav, target, rel) if relation == "callers" else []
    if relation == "callers" and (depth or 1) == 1:
        dispatch = _self_dispatch(nav, target, items)
        also = f"{also}; {dispatch}" if also and dispatch else also or dispatch
        built = _built_dispatch(nav, target, items)
        also = f"{also}; {built}" if also and built else also or built
        others = _other_overload_callers(nav, target) if not items and not values else None
        also = f"{also}; {others}" if also and others else also or others
    if relation == "implementations" and also and also.startswith(_REQUIREMENT):
        also += _default_users(nav, target, rel)
    ptr = _pointer_only(items) if relation == "implementations" else None
    files = _method_files(items) if relation == "implementations" else None
    notes = [n for n in (note, also, rel.note, "stopped at 200 definitions; narrow with path=" if rel.truncated else None,
                         ptr, files) if n]
    if values and items:
        notes = _not_complete(notes, values)
    missing = nav.index.unindexed(target.language) if relation in ("callers", "implementations") and target.language \
        and any(n.startswith("complete") or "every call named" in n for n in notes) else []
    if missing:  # (tclap run 602: two headers the build could not read; "complete" answers had missed them)
        one = len(missing) == 1
        notes.append(f"but {len(missing)}{'+' if len(missing) == 20 else ''} {target.language} file{'' if one else 's'} "
                     f"could not be indexed and {'was' if one else 'were'} not searched "
                     f"({', '.join(missing[:3])}{', …' if len(missing) > 3 else ''}; list_syntax_errors says why)")
    return Related(target, full_name, rel, items, notes, depth=depth, values=values)


def _other_overload_callers(nav: NavigationService, target: Any) -> str | None:
    """No caller of one overload: how many call sites each of the others has, so no one asks them one by one (expo
    run 349 asked three top-level `convert` overloads in turn; all three had none)."""
    siblings = [s for s in nav.index.symbols_in_file(target.path) if s.qualname == target.qualname
                and s.kind == target.kind and s.id != target.id][:4]
    if not siblings:
        return None
    said = []
    for s in siblings:
        try:
            n = relations_of(nav, s, "callers", 1).sites
        except ContexteerError:
            return None
        said.append(f"line {s.start_line}: {n} call site{'s' if n != 1 else ''}")
    return "its other overloads: " + ", ".join(said)


#: a call on the object itself: `this.setOptions(..)`, `self.render(..)`, `$this->add(..)`
_ON_SELF = r"(?:\bthis\s*\.|\bself\s*\.|\$this\s*->|\bthis\s*->)\s*"
#: languages where a bare call inside a class is a call on `this` (jsoup's `nodeName()` in LeafNode)
_IMPLICIT_THIS = frozenset({"java", "kotlin", "csharp", "scala", "swift", "cpp", "dart"})


def _self_dispatch(nav: NavigationService, target: Any, items: list[RelatedItem]) -> str | None:
    """Callers of a method that subclasses override, calling it on `this`/`self` inside its own class: on an
    instance of such a subclass, the override runs (TanStack run 343: QueryObserver's constructor calls
    `this.setOptions(options)`, which in an InfiniteQueryObserver is InfiniteQueryObserver.setOptions; the answer
    listed it as a plain caller). Not for an abstract method (the call always reaches an implementation) nor for a
    site in a class that overrides it itself (review of c9d3206: Django's DateField)."""
    if target.kind != "method" or target.language not in graph._OVERRIDING or not items or target.parent_id is None:
        return None
    owner = nav.index.get_symbol(target.parent_id)
    if owner is None or owner.kind == "interface" or _abstract(target):
        return None
    name = re.escape(target.name)
    rx = re.compile(_ON_SELF + name + r"\s*\(" + (rf"|(?<![\w$.>:]){name}\s*\(" if target.language in _IMPLICIT_THIS else ""))
    # (sites in the method's own class: a subclass's own calls on self reach its own override, or the one below it)
    inside = owner.qualname + "."
    from contexteer.indexers.lookup import _shared_class_name

    # a class name several classes bear (Django's forms Field and model Field): told apart by file and by the very
    # class a subclass derives from (review of stop 51: the model Field.clean's call and ArrayField were said of
    # forms.Field.to_python)
    # (a C# partial class spread over files is one class: review of the stop-52 diff, Widget.Draw.cs's `this.Render()`
    # had been dropped as another Widget's)
    shared = _shared_class_name(nav.index, {}, owner.name)
    parts = {owner.path} | {c.path for c in nav.index.symbols_named(owner.name) if c.name == owner.name
                            and c.language == "csharp" and owner.language == "csharp"
                            and re.search(r"\bpartial\b", (c.signature or "").split("{")[0])}
    sites = [f"{it.path}:{c.split(':', 1)[0]}" for it in items if (it.qualname or "").startswith(inside)
             and it.qualname != target.qualname and (not shared or it.path in parts)
             for c in it.calls if rx.search(c.split(":", 1)[-1])]
    if not sites:
        return None

    owners = _overriding_classes(nav, target, owner, shared)
    if not owners:
        return None
    shown = ", ".join(owners[:3]) + (f" and {len(owners) - 3} more" if len(owners) > 3 else "")
    where = ", ".join(sites[:3]) + (f" and {len(sites) - 3} more" if len(sites) > 3 else "")
    back = _calling_super(nav, target, owners)
    # (marshmallow run 436 read "Integer's override runs instead" as Number._validated never running for an
    # Integer: Integer._validated calls it back through super())
    tail = f" ({', '.join(back)} call{'s' if len(back) == 1 else ''} it back through super)" if back else ""
    return (f"called on this/self at {where}: on an instance of {shown}, which override"
            f"{'s' if len(owners) == 1 else ''} {target.name}, that override runs instead{tail}")


def _calling_super(nav: NavigationService, target: Any, owners: list[str]) -> list[str]:
    """Of the classes overriding `target`, those whose override calls it back (`super()._validated(value)`,
    `super.setOptions(o)`, Ruby's bare `super`)."""
    name = re.escape(target.name)
    call = re.compile(rf"\bsuper\b(?:\s*\([^)]*\))?\s*(?:\.|->|::)\s*{name}\s*\(" +
                      (r"|^\s*super\b(?!\s*\.)" if target.language == "ruby" else ""))
    out = []
    for o in owners[:13]:
        for m in nav.index.symbols_named(target.name):
            parent = nav.index.get_symbol(m.parent_id) if m.name == target.name and m.parent_id is not None else None
            if parent is None or parent.name != o or m.kind != "method":
                continue
            body = (repo_text(nav.ws, m.path) or "").split("\n")[m.start_line - 1: m.end_line]
            if any(call.search(t) for t in body):
                out.append(o)
                break
    return out


def _overriding_classes(nav: NavigationService, target: Any, owner: Any, shared: bool) -> list[str]:
    """The subclasses of `owner` that define a method of `target`'s name themselves (at most 13)."""
    from contexteer.indexers.lookup import inherits, language_family

    owners: list[str] = []
    for m in nav.index.symbols_named(target.name):  # the methods of that name in subclasses (no hierarchy walk: a
        # note on a callers answer should not cost a second answer's time; review of c9d3206 timed 0.6 s on Django)
        if m.name != target.name or m.kind != "method" or m.id == target.id or m.parent_id is None \
                or language_family(m.language) != language_family(target.language):
            continue
        holder = nav.index.get_symbol(m.parent_id)
        if holder is not None and holder.id != owner.id and holder.name not in owners \
                and inherits(nav.index, holder.name, owner.name) and (not shared or _derives(nav, holder, owner.id)):
            # (the walk through the imports only for a class that derives from one of that name: review of the
            # stop-52 diff timed 1.8 s more for 3,300 unrelated methods of the name)
            owners.append(holder.name)
        if len(owners) > 12:
            break
    return owners


def _built_dispatch(nav: NavigationService, target: Any, items: list[RelatedItem]) -> str | None:
    """Callers of a method that subclasses override, calling it on a local built as such a subclass
    (`collector = NestedObjects(using=using)` then `collector.collect(objs)`): the override runs first (Django run 418
    read those calls as plain calls of Collector.collect)."""
    if target.kind != "method" or target.language not in graph._OVERRIDING or not items or target.parent_id is None:
        return None
    owner = nav.index.get_symbol(target.parent_id)
    if owner is None or owner.kind == "interface" or _abstract(target):
        return None
    on_value = re.compile(rf"(?<![\w$.])([A-Za-z_$][\w$]*)\s*\.\s*{re.escape(target.name)}\s*\(")
    candidates = [(it, int(c.split(":", 1)[0]), m.group(1)) for it in items if it.start_line
                  for c in it.calls if (m := on_value.search(c.split(":", 1)[-1]))]
    if not candidates:
        return None
    owners = _overriding_classes(nav, target, owner, False)
    if not owners:
        return None
    from contexteer.indexers.lookup import lines_of

    built: dict[str, list[str]] = {}
    for it, line, word in candidates:
        lines = lines_of(nav.index, it.path)
        rx = re.compile(rf"^\s*{re.escape(word)}\s*(?::[^=]+)?=\s*(?:new\s+)?(?:[\w$]+\.)*({'|'.join(map(re.escape, owners))})\s*\(")
        made = next((m.group(1) for k in range(line - 1, (it.start_line or 1) - 1, -1)
                     if 0 < k <= len(lines) and (m := rx.match(lines[k - 1]))), None)
        if made is not None:
            built.setdefault(made, []).append(f"{it.path}:{line}")
    if not built:
        return None
    return "; ".join(f"called on a {cls} built in the caller at {', '.join(at[:3])}{' …' if len(at) > 3 else ''}: "
                     f"{cls}.{target.name} (its override) runs first" for cls, at in built.items())


def _derives(nav: NavigationService, cls: Any, base_id: int) -> bool:
    """Whether `cls` derives from the class `base_id`, its bases resolved through the imports (a name two classes
    bear is the one the file imports: ArrayField's `Field` is django.db.models', not forms')."""
    try:
        return any(it.symbol is not None and it.symbol.id == base_id
                   for it in graph.supertypes(nav.index, cls, nav.imported, depth=4).items)
    except ContexteerError:
        return False


def _abstract(m: Any) -> bool:
    """A method declared without a body of its own: `abstract`, or a Python `@abstractmethod`."""
    head = (m.signature or "").split("(", 1)[0]
    # (a C++ pure virtual, `virtual void sink_it_(const log_msg &msg) = 0;`: review of stop 51)
    return re.search(r"\babstract\b|@(?:abc\.)?abstractmethod\b", head) is not None \
        or re.search(r"\)\s*(?:const\s*)?(?:noexcept\s*)?(?:override\s*)?=\s*0\s*;?\s*$", m.signature or "") is not None


def _go_std_implementations(nav: NavigationService, q: str, prefix: str | None) -> Related | None:
    """The repository's Go types satisfying a standard-library interface (`http.Handler`, `io.Reader`, `error`) by
    their method sets (go_std_ifaces); None when the query names no interface known there or no Go type has it."""
    from contexteer.indexers import go_std_ifaces
    from contexteer.indexers.model import Symbol

    named = go_std_ifaces.interface_named(q)
    if named is None:
        return None
    name, methods = named
    found = [f for f in go_std_ifaces.satisfiers(nav.index, methods)
             if not prefix or any(m.path == prefix or m.path.startswith(prefix.rstrip("/") + "/") for m in f.methods)]
    if not found:
        if not any(f.path.endswith(".go") for f in nav.index.files()):
            return None
        raise NotFoundError(f"{name} is the Go standard library's interface ({', '.join(methods)}); no Go type of "
                            f"the repository{' under ' + prefix if prefix else ''} has a method set holding it with its "
                            "parameters and results")
    base = Symbol(id=-1, path="", name=name.rsplit(".", 1)[-1], qualname=name, kind="interface", start_line=0,
                  end_line=0, signature="", doc=None, exported=True, parent_id=None, language="go")
    rel = graph.Relations(base, "implementations")
    for f in found:
        shown = ", ".join(f"{m.name} {m.path}:{m.start_line}" if f.type_symbol is None or m.path != f.type_symbol.path
                          else f"{m.name} {m.start_line}" for m in f.methods)
        shown = f"all via embedded {f.via}" if f.via else shown
        detail = f"{shown} ({'*' if f.pointer else ''}{f.type_name} satisfies it)"
        sym = f.type_symbol or f.methods[0]
        rel.items.append(graph.Related(sym, sym.path, "method set", [], detail=detail))
    rel.note = (f"{name} is the Go standard library's: the types whose method sets hold {', '.join(methods)} with "
                "its parameters and results, their own or gained by embedding a type of their package that has them; complete "
                "for the methods the index records (an embedded interface, or a type of a different package, is not followed)")
    items = [_item(nav, e) for e in rel.items]
    return Related(base, name, rel, items, [rel.note], depth=1)


def _outside_implementations(nav: NavigationService, base: Any, prefix: str | None, depth: int | None) -> Related:
    """The subtypes of a type defined outside the repository (`Exception`, `League\\Config\\ConfigurationAwareInterface`),
    matched by the name their headers write; under `prefix` when one is given."""
    idx = nav.index

    def walk(levels: int) -> graph.Relations:
        got = outside_types.implementations(idx, base, nav.imported, depth=levels, rust_impls=lambda t: rust_impls(idx, t))
        if prefix:  # (under the path asked; a row whose class above was left out says what it derives through)
            kept = [e for e in got.items if e.path == prefix or e.path.startswith(prefix.rstrip("/") + "/")]
            ids = {e.symbol.id for e in kept if e.symbol is not None}
            for e in kept:
                if e.via is not None and e.via.id not in ids:
                    through = f"through {e.via.name} ({e.via.path}:{e.via.start_line})"
                    e.detail, e.depth, e.via = f"{e.detail}; {through}" if e.detail else through, 1, None
            got.items = kept
        return got
    rel = walk(depth or 3)
    if depth is None and len(rel.items) > AUTO_DEPTH_ITEMS:
        rel, depth = walk(1), 1
    items = [_item(nav, e) for e in rel.items]
    return Related(base, base.qualname, rel, items, [rel.note] if rel.note else [], depth=depth or 3)


def _declared_and_implemented(nav: NavigationService, candidates: list[Any], relation: str) -> tuple[Any, str] | None:
    """A method name that means one implementation and the interface or abstract declarations it implements
    (`formatAndWrap`: OutputFormatter's and WrappableOutputFormatterInterface's) is one method: its implementation
    answers (a declaration has no body, and calls through it reach the implementation), the declaration for
    `implementations`. None for any other set of namesakes."""
    if not 2 <= len(candidates) <= 4 or any(s.kind != "method" or s.parent_id is None for s in candidates):
        return None
    found = {s.id: nav.index.get_symbol(s.parent_id) for s in candidates}
    owners = {k: o for k, o in found.items() if o is not None}
    if len(owners) != len(found):
        return None

    def declared(s: Any) -> bool:
        # a contract's method without a body (one line: a Java default method or a PHP trait's method has one)
        return (owners[s.id].kind in ("interface", "trait", "protocol") and s.end_line == s.start_line
                and not re.search(r"\bdefault\b", s.signature or "")) \
            or re.match(r"\s*(?:\w+\s+)*abstract\b", s.signature or "") is not None

    concrete = [s for s in candidates if not declared(s)]
    if len(concrete) != 1:
        return None
    impl = concrete[0]
    decls = [s for s in candidates if s is not impl]
    if not all(inherits(nav.index, owners[impl.id].name, owners[d.id].name) for d in decls):
        return None
    shown = ", ".join(f"{nav.written_name(d)} ({d.path}:{d.start_line})" for d in decls)
    if relation == "implementations" and len(decls) == 1:
        return decls[0], f"'{impl.name}' also names {nav.written_name(impl)} ({impl.path}:{impl.start_line}), which implements it"
    through = ": calls through it are among these" if relation == "callers" else ""
    return impl, f"'{impl.name}' also names {shown}, which {nav.written_name(impl)} implements{through}"


def _rust_inherent(nav: NavigationService, candidates: list[Any]) -> tuple[Any, str] | None:
    """Rust: a type's inherent method and trait impls' methods of the same name (StableGraph's `add_edge` and
    `impl Build for StableGraph`'s): a method call on a value of the type reaches the inherent one (inherent methods
    win), so it answers, with where the trait's are. None for any other set of namesakes."""
    if len(candidates) < 2 or any(s.language != "rust" or s.kind != "method" for s in candidates):
        return None
    if len({s.qualname for s in candidates}) != 1:
        return None
    heads = {s.id: rust_impl_head(nav.index, s) for s in candidates}
    if any(h is None for h in heads.values()):
        return None
    inherent = [s for s in candidates if rust_impl_trait(heads[s.id] or "") is None]
    if len(inherent) != 1:
        return None
    own = inherent[0]
    traits = [s for s in candidates if s is not own]
    shown = ", ".join(f"{rust_impl_trait(heads[s.id] or '')}'s ({s.path}:{s.start_line}, "
                      f'find_related(symbol="{s.qualname}", path="{s.path}:{s.start_line}"))' for s in traits)
    return own, (f"'{own.name}' also names the trait impl method{'s' if len(traits) > 1 else ''} {shown}: a method call "
                 f"on the type reaches this inherent one (inherent methods win); the trait's runs through generic code")


_PTR_ONLY = re.compile(r"(?:; )?\*\w+ only \(pointer receivers\)$")


def _pointer_only(items: list[RelatedItem]) -> str | None:
    """Go types that have the interface's methods only through their pointer (`*T only (pointer receivers)` on a
    row): when that is most types listed by method set, the note says it once, the rows leave it out and the others
    say "value receivers" (Raft's Future: 13 of 14 rows each said it)."""
    ms = [it for it in items if it.how == "method set" and it.kind != "interface"]  # (an interface has no receivers)
    ptr = [it for it in ms if " only (pointer receiver" in (it.detail or "")]  # `(pointer receivers: Create)` kept
    if len(ptr) < 2 or 2 * len(ptr) < len(ms):
        return None
    for it in ms:
        it.detail = (_PTR_ONLY.sub("", it.detail or "") or None) if it in ptr else \
            "; ".join(p for p in (it.detail, "the value has them too, through the embedded pointer"
                                  if "via *" in (it.detail or "") else "value receivers") if p)
    # (a struct embedding the interface gains its methods on the value too: memberlist run 384 read the header as
    # saying its shim satisfied Transport through the pointer only)
    embeds = any(it.how == "embeds" for it in items)
    via_ptr = any("through the embedded pointer" in (it.detail or "") for it in ms)
    return "method sets: *T only (pointer receivers)" + ("" if len(ptr) == len(ms) else " unless a row says value receivers"
                                                         + (" or that the value has them too" if via_ptr else "")) \
        + ("; a struct embedding the interface has its methods on the value too" if embeds else "")


#: languages whose methods may be written in another file than their type (any file of a Go package)
_METHODS_ELSEWHERE = (".go",)


def _method_files(items: list[RelatedItem]) -> str | None:
    """Where the method lines on Go implementations rows are: in each type's own file, unless a row writes
    `name path:line` (pongo2 run 524 read `struct power: Evaluate 317, Execute 124` and made an outline call to learn
    which file 317 was in)."""
    # (a Go row by method set writes its methods in its detail: `Evaluate 12, GetPositionToken 14`)
    rows = [it for it in items if it.path.endswith(_METHODS_ELSEWHERE) and (
        it.member_at or it.how == "method set" and re.match(r"\w+ (?:\S+:)?\d+", it.detail or ""))]
    if not rows:
        return None
    # (any row's: an embedding row's `its own String ifaddrs.go:1174` too, go-sockaddr run 557)
    elsewhere = any(re.search(r"\.go:\d+", " ".join((it.detail or "", *it.member_at.values())))
                    for it in items if it.path.endswith(_METHODS_ELSEWHERE))
    return "methods in their type's file" + (" unless written path:line" if elsewhere else "")


#: languages where a function is passed and stored as a value often enough to look for it (not C and C++: a
#: name there is as often a macro's or a field's)
_VALUE_LANGUAGES = frozenset({"javascript", "typescript", "tsx", "jsx", "lua", "python", "go", "rust", "kotlin",
                              "swift", "scala", "dart", "elixir", "php", "ruby", "csharp", "java", "c", "cpp"})


def passed_note(at: list[str]) -> str:
    """What a callers answer says instead of "complete" when the function is also passed as a value (`at`: the
    lines, `path:line` first): calls through that value are no calls of its name."""
    where = ", ".join(a.split(" ", 1)[0] for a in at[:3]) + (f", … {len(at) - 3} more" if len(at) > 3 else "")
    return f"also passed as a value at {where}, so callers through that value are not listed"


def _not_complete(notes: list[str], values: list[str]) -> list[str]:
    """A callers answer's notes with no claim of completeness when the function is passed as a value (review of stop
    57: "[complete: ..]" and "every call named 'handler' is listed" stood over `callbacks.append(handler)`)."""
    out = []
    for n in notes:
        n = re.sub(r"^complete: ", "", n)
        n = re.sub(r"(?:^|; )every call named '[^']*' is listed", "", n).strip("; ")
        if n:
            out.append(n)
    return [passed_note(values), *out]


def _ends_statement(nav: NavigationService, sym: Any) -> bool:
    """Whether a one-line C definition ends with `;` (a declaration: `void f(int a);`), not a body."""
    lines = (repo_text(nav.ws, sym.path) or "").split("\n")
    return 0 < int(sym.start_line) <= len(lines) and lines[int(sym.start_line) - 1].split("//")[0].rstrip().endswith(";")


def _value_uses(nav: NavigationService, target: Any, rel: graph.Relations, cap: int = 8) -> list[str]:
    """value_use_sites as `path:line in X: text` rows, the call lines of `rel` left out."""
    calls = {(e.path, n) for e in rel.items for n in e.lines}
    return [f"{path}:{line} {f'in {enc.qualname}' if enc is not None else 'top level'}: {clip(text, 120)}"
            for path, line, enc, text in value_use_sites(nav, target, calls, cap)]


def value_use_sites(nav: NavigationService, target: Any, calls: set[tuple[str, int]],
                    cap: int = 8) -> list[tuple[str, int, Any, str]]:
    """_named_values, and in PHP the callables naming it (`[$this, 'handler']`, _php_callables)."""
    out = _named_values(nav, target, calls, cap)
    if target.language == "php" and target.kind in ("function", "method"):
        seen = {(p, n) for p, n, _, _ in out}
        out += [c for c in _php_callables(nav, target, calls, cap) if (c[0], c[1]) not in seen]
        out.sort(key=lambda c: (c[0], c[1]))
    return out


def _named_values(nav: NavigationService, target: Any, calls: set[tuple[str, int]],
                  cap: int = 8) -> list[tuple[str, int, Any, str]]:
    """Lines that name a function or method without calling it (`assert_arg(n, v, 'string', path.isdir, ...)`,
    `local isdir = path.isdir`, `X.getPresentKinds = getPresentKinds`, `hooks.tap(name, this.onDone)`): where it is
    called later, by whatever holds it. The Penlight A/B agent searched the text for them after every callers
    answer. A function's bare name counts in its file and the files importing it; a method's only read off its
    owner's name or this/self (`x.size` elsewhere is any object's property). Each as (path, line, the definition it
    sits in or None, the line's text); `calls`: the call lines to leave out."""
    from contexteer.indexers import languages, textsearch
    from contexteer.indexers.lookup import enclosing, file_evidence, language_family

    if target.language not in _VALUE_LANGUAGES or target.kind not in ("function", "method") \
            or not re.fullmatch(r"[A-Za-z_$][\w$]*", target.name or "") or len(target.name) < 3:
        return []
    if target.language == "scala" and not (arity(target.signature or "", target.name) or (0, 0))[0]:
        return []  # `xs.isEmpty`: a method without parameters is called without parentheses, never a value
    family = language_family(target.language)
    exts = sorted({e for spec in languages.LANGUAGES if language_family(spec.name) == family for e in spec.extensions})
    name = re.escape(target.name)
    if target.kind == "method" or table_function(target):
        owner = target.qualname.rsplit(".", 2)[-2] if "." in target.qualname else ""
        if not owner:
            return []
        word = rf"\b(?:{re.escape(owner)}|this|self)\s*[.:]\s*{name}\b"
        value = re.compile(rf"\b(?:{re.escape(owner)}|this|self)\s*(?:\.|(?<!:):(?!:))\s*{name}\b" + _NOT_CALLED)
        if target.language == "go":  # a method value off a receiver or parameter of the type (`m.probe` passed to
            # triggerFunc in memberlist's schedule: run 373 found probe's only library caller by a text search)
            word = rf"\b\w+\s*\.\s*{name}\b"
            value = re.compile(rf"\b(\w+)\s*\.\s*{name}\b" + _NOT_CALLED + _GO_KEY)
    else:
        word = rf"(?:^|[^.\w$]){name}\b"
        # (C: `ops->read_block` reads a field, `int (*read_block)(int n);` and `long read_block;` declare one)
        value = re.compile(rf"(?:^|[^.:\w$>]){name}\b" + _NOT_CALLED + (_GO_KEY if target.language == "go" else ""))
    word, off_module = _module_reads(target, name, word)
    try:
        found = textsearch.search(nav.ws, word, regex=True, case_sensitive=True, glob=[f"*{e}" for e in exts],
                                  path=".", max_results=500)
    except ContexteerError as exc:
        logger.info("no value uses of %s: %s", target.name, exc)
        return []
    skip = re.compile(r"^\s*(?:--|//|#|\*|/\*)|\brequire\b|\bimport\b|^\s*(?:pub(?:\([\w:]+\))?\s+)?use\s|"
                      r"^\s*export\s*(?:\*|\{[^}]*\}\s*from\b)|"  # a re-export (`export { clone } from "./util.js"`)
                      r"\bfunction\s+[\w.:]*" + name + r"\b|\b(?:def|fn|func|fun)\s+" + name + r"\b")
    out: list[tuple[str, int, Any, str]] = []
    syms: dict[str, list[Any]] = {}
    seen_files: dict[str, bool] = {}
    local = LocalNames(nav.index)  # a parameter or local of the name where the line stands
    for h in found.hits:
        if not h.path or h.context or (h.path, h.line) in calls or skip.search(h.text) \
                or re.fullmatch(rf"\s*{name}\s*,?\s*", h.text):  # a line of a multi-line import list
            continue
        named = value.search(h.text)
        by_module = named is None  # (read off the module's import: the file sees it by that import)
        named = named or _off_module(nav, target, off_module, h.path, h.text)
        if named is None:
            continue
        if h.path == target.path and target.start_line <= h.line <= target.end_line:
            continue
        if target.language in ("c", "cpp") and re.search(rf"\(\s*\*\s*{name}\s*\)|^\s*[\w\s*]+[\s*]{name}\s*(?:\[[^\]]*\])?\s*;", h.text):
            continue  # a field or variable declared with the name
        if target.language == "go" and target.kind == "method":
            held = _go_value_holder(nav, syms, h.path, h.line, value.search(h.text))
            if held != owner:
                continue  # another type's method value, or a field of the name
        elif (target.kind == "method" or table_function(target)) and h.path != target.path and not re.search(rf"\b{re.escape(owner)}\s*[.:]\s*{name}\b", h.text):
            continue  # `this.result` in another file is another class's member
        if target.kind != "method" and not by_module:  # a function's name means it where the file can see it
            if h.path not in seen_files:
                # (C: a function with external linkage in every file, a static one in its own: `get_block_t` values
                # such as `block_read_full_folio(folio, ext4_get_block)`, which the ext4 A/B agent searched for)
                seen_files[h.path] = (h.path == target.path or not re.match(r"\s*static\b", target.signature or "")) \
                    if target.language in ("c", "cpp") else file_evidence(target, h.path, nav.imported) is not None
            if not seen_files[h.path]:
                continue
        if _in_literal(nav, h.path, h.line, named):
            continue  # a docstring's ":meth:`new_context`", a comment's mention
        if h.path not in syms:
            syms[h.path] = nav.index.symbols_in_file(h.path)
        enc = enclosing(syms[h.path], h.line)
        if target.kind != "method" and local.bound(h.path, h.line, target.name):
            continue  # `const clone = util.clone(schema)` ... `clone._zod.run = wrapped`: the local
        text = h.text.strip()
        if re.match(rf"{name}\b", text) and h.line > 1:  # `ext4_get_block);` ends a call begun on the line above
            above = (repo_text(nav.ws, h.path) or "").split("\n")[h.line - 2].strip()
            if above.endswith((",", "(")):
                text = f"{above} {text}"
        out.append((h.path, h.line, enc, text))
        if len(out) > cap:
            break
    return out


#: PHP functions taking a callable, written as a string (`array_map('trim', $xs)`)
_PHP_TAKES_CALLABLE = ("array_map|array_filter|array_walk(?:_recursive)?|array_reduce|u[ak]?sort|call_user_func(?:_array)?"
                       "|is_callable|register_shutdown_function|set_(?:error|exception)_handler|spl_autoload_register"
                       "|iterator_apply|preg_replace_callback")


def _php_callables(nav: NavigationService, target: Any, calls: set[tuple[str, int]],
                   cap: int) -> list[tuple[str, int, Any, str]]:
    """PHP callables naming a function or method (value_use_sites): `[$this, 'handler']`, `[self::class, 'h']` and
    `'Owner::h'` in its class's file, `[Owner::class, 'h']` anywhere; a function's name as a string handed to a
    function taking a callable (`array_map('handler', $xs)`)."""
    from contexteer.indexers import textsearch
    from contexteer.indexers.lookup import enclosing

    name = re.escape(target.name)
    owner = re.escape(target.qualname.replace("::", ".").rsplit(".", 2)[-2]) if target.kind == "method" and "." in \
        target.qualname.replace("::", ".") else None
    if target.kind == "method" and owner is None:
        return []
    anywhere = rf"\b{owner}::class\s*,\s*['\"]{name}['\"]|['\"]{owner}::{name}['\"]" if owner else \
        rf"\b(?:{_PHP_TAKES_CALLABLE})\s*\([^;]*['\"](?:\\?\w+\\)*{name}['\"]"
    own_file = rf"\[\s*(?:\$this|self::class|static::class)\s*,\s*['\"]{name}['\"]" if owner else None
    try:
        found = textsearch.search(nav.ws, f"{anywhere}|{own_file}" if own_file else anywhere, regex=True,
                                  case_sensitive=True, glob="*.php", path=".", max_results=200)
    except ContexteerError as exc:
        logger.info("no PHP callables of %s: %s", target.name, exc)
        return []
    out: list[tuple[str, int, Any, str]] = []
    for h in found.hits:
        if not h.path or h.context or (h.path, h.line) in calls or re.match(r"\s*(?://|#|\*|/\*)", h.text) \
                or (not re.search(anywhere, h.text) and h.path != target.path):
            continue
        out.append((h.path, h.line, enclosing(nav.index.symbols_in_file(h.path), h.line), h.text.strip()))
        if len(out) > cap:
            break
    return out


def _module_reads(target: Any, name: str, word: str) -> tuple[str, re.Pattern[str] | None]:
    """A Python module function is read off its module's import too (`accessor or utils.get_value`: marshmallow run
    422's callers of utils.get_value left out Field.get_value, which calls it through that default): the search
    pattern widened to `x.name`, and the pattern telling such a read (its module's name in group 1)."""
    if target.language == "go" and target.kind == "function" and target.parent_id is None:
        # another package's read of it, `"math": sockaddr.IfAddrsMath` in a FuncMap (go-sockaddr run 551: the template
        # package's only way in, missing from the callers): qualified by the name the file imports its package as
        return (rf"(?:{word}|\b\w+\s*\.\s*{name}\b)",
                re.compile(rf"(?:^|[^.\w$])(\w+)\s*\.\s*{name}\b" + _NOT_CALLED + _GO_KEY))
    if not (target.language == "python" and target.kind == "function" and target.parent_id is None):
        return word, None
    # (read off the module's own name, `utils.get_value`: any `x.get_value` had crowded the search's 500 hits with
    # other objects' attributes and pushed real values out; review of 0983ee4)
    base = posixpath.splitext(posixpath.basename(target.path))[0]
    # (a package's own function: `util.fetch` for pkg/util/__init__.py; review of 0cafc90)
    stem = re.escape(posixpath.basename(posixpath.dirname(target.path)) if base == "__init__" else base)
    # (and off its dotted path, `markdown.util.parseBoolValue` after `import markdown`: Python-Markdown run 502's
    # `assertRaises(ValueError, markdown.util.parseBoolValue, 'novalue')`)
    return (rf"(?:{word}|\b{stem}\s*\.\s*{name}\b)",
            re.compile(rf"(?:^|[^.\w$])((?:\w+\s*\.\s*)*{stem})\s*\.\s*{name}\b" + _NOT_CALLED))


def _off_module(nav: NavigationService, target: Any, off_module: re.Pattern[str] | None, path: str,
                text: str) -> re.Match[str] | None:
    """A module function read off the name its module is imported as in that file (`utils.get_value`), else None
    (`self.get_value`, `other_module.get_value`: another's)."""
    named = off_module.search(text) if off_module is not None else None
    if named is None:
        return None
    chain = re.sub(r"\s+", "", named.group(1)).split(".")
    if target.language == "go":  # the package the file imports under that name is the function's own
        from contexteer.indexers.lookup import _go_package_path, go_import_path

        folder = target.path.rpartition("/")[0]
        own = _go_package_path(nav.ws, folder)
        bound = go_import_path((repo_text(nav.ws, path) or "").split("\n"), chain[0])
        return named if own is not None and bound == own and path.rpartition("/")[0] != folder else None
    if len(chain) == 1:
        return named if target.path in (nav.imported(path).get(chain[0]) or []) else None
    # `markdown.util`: the dotted path is the target's module, and its first name is imported in that file
    module = "/".join(chain)
    return named if (target.path.endswith((f"{module}.py", f"{module}/__init__.py"))
                     and (target.path == f"{module}.py" or target.path.endswith(f"/{module}.py")
                          or target.path.endswith(f"{module}/__init__.py"))
                     and chain[0] in nav.imported(path)) else None


def _go_value_holder(nav: NavigationService, syms: dict[str, list[Any]], path: str, line: int,
                     m: re.Match[str] | None) -> str | None:
    """The type of the Go value a method value is read off (`m` in `m.probe`: the receiver or a parameter of the
    enclosing function, as its header declares it), or None."""
    from contexteer.indexers.lookup import enclosing
    from contexteer.indexers.syntax import declared_type

    if m is None:
        return None
    if path not in syms:
        syms[path] = nav.index.symbols_in_file(path)
    enc = enclosing(syms[path], line)
    typed = declared_type(enc.signature or "", m.group(1)) if enc is not None else None
    return typed.lstrip("*").rsplit(".", 1)[-1] if typed else None


def _in_literal(nav: NavigationService, path: str, line: int, m: re.Match[str] | None) -> bool:
    """Whether the match on a search hit's line stands in a string or a comment of the file (parsed as it is)."""
    from contexteer.indexers import languages
    from contexteer.indexers.uses import in_literal

    spec = languages.language_for_path(path)
    text = repo_text(nav.ws, path)
    if m is None or spec is None or text is None:
        return False
    lines = text.split("\n")
    if not 0 < line <= len(lines):
        return False
    column = len(lines[line - 1][: m.end() - 1].encode("utf-8"))  # the name's last character: past any quote
    return in_literal(text.encode("utf-8"), spec, line, column)


# not called (`f(`, a generic call `toAnyType<P0>(x)`, Lua `f'x'`, `f{}`) and not assigned to
#: (nor a key: `conf.Config{Optimize: true}`, `{ optimize: x }`; expr run 493 read the Go field key as the function
#: optimizer.Optimize stored as a value)
_NOT_CALLED = r"(?!\s*(?:\(|<(?:[^<>()]|<[^<>()]*>)*>\s*\(|[\w$\"'{]|=[^=>]))"
#: Go's key in a composite literal (a Python dict's `{f: 1}` and a ternary's `a ? f: g` use the value)
_GO_KEY = r"(?!:(?![:=]))"


def _ruby_attribute_writer(nav: NavigationService, q: str, prefix: str | None) -> Any:
    """`Counter.count=` or `count=`: the writer an `attr_writer`/`attr_accessor :count` makes, as a definition named
    `count=` (its callers are the lines assigning `x.count = ..`), or None when no such attribute is indexed."""
    import dataclasses

    base = q[:-1]
    pool = nav.index.find_symbols(base, match="exact", path_prefix=prefix, limit=50)
    if not pool and is_qualified(base):
        pool = nav.qualifier().find(base, path_prefix=prefix, limit=50)
    made = [s for s in pool if s.language == "ruby" and s.kind == "field" and s.parent_id is not None
            and re.match(r"\s*attr_(?:writer|accessor)\b", s.signature or "")]
    if len(made) != 1:
        return None
    return dataclasses.replace(made[0], name=made[0].name + "=", qualname=made[0].qualname + "=")


def _missing_target(nav: NavigationService, q: str, prefix: str | None, params: bool) -> tuple[Any, str | None]:
    """No definition has the name asked: a member the class inherits (`Expression.resolve_expression` is
    BaseExpression's), or a NotFoundError with the closest names."""
    if is_qualified(q) and not params:
        got, inherited = inherited_members(nav, q, None, prefix)
        if got:
            return got[0], inherited
    writer = _ruby_attribute_writer(nav, q, prefix) if q.endswith("=") and not params else None
    if writer is not None:
        return writer, None
    close = (nav.qualifier().namesakes(q, path_prefix=prefix) if is_qualified(q) else []) \
        or nav.index.close_names((split_name(q) or [q])[-1], path_prefix=prefix)
    full = nav.qualifier().display_all(close)
    hint = ("; closest: " + ", ".join(f"{full.get(s.id, s.qualname)} ({s.path}:{s.start_line})" for s in close)) \
        if close else ""
    where = f" under {prefix}" if prefix else ""
    raise NotFoundError(f"no definition named '{q}'{where}{hint}. Find it with search_symbol(query=\"{q}\", "
                        "match=\"prefix\") or search_text, then pass its qualified name (and path=).")


def _method_over_property(named: list[Any], q: str, relation: str, line: int | None) -> tuple[Any, str] | None:
    """A property and a method of one name in one class (Kotlin's `var isWithinBounds` and `fun isWithinBounds(view,
    x, y)`): for calls, the method, and a note naming the property (gesture-handler run 494 got its reads, unsaid)."""
    if relation not in ("callers", "callees") or len(named) < 2 or line is not None \
            or named[0].language not in ("kotlin", "scala", "swift", "csharp", "java", "php"):
        return None  # (PHP too: `Tokenizer.text` asked for callers is the method text(), not the buffer `$text`,
        # html5-php run 569)
    fns = [s for s in named if s.kind in ("method", "function")]
    props = [s for s in named if s.kind in ("field", "property") and any(f.parent_id == s.parent_id for f in fns)]
    if not fns or not props or len(fns) + len(props) != len(named) or len({(f.path, f.start_line) for f in fns}) != 1:
        return None
    return fns[0], ("also a property of that name: " + ", ".join(f"{p.path}:{p.start_line}" for p in props[:2])
                    + f" (its reads: find_related(symbol=\"{q}\", relation=\"callers\", "
                      f"path=\"{props[0].path}:{props[0].start_line}\"))")


def find_target(nav: NavigationService, q: str, prefix: str | None, relation: str,
                line: int | None = None) -> tuple[Any, str | None]:
    """The one definition `q` names (plain, in-file qualified or fully qualified), and a note when it was
    chosen among reopenings of one class or among overloads. `Jsoup.parse(String, String)` (parameter types) or
    `line` (the definition at that line of `prefix`) picks one overload of several."""
    sel = selector(q)  # Swift's `AnyDynamicType.cast(jsValue:appContext:)`: an overload by its argument labels
    asked = shown_param_types("f" + q[q.find("("):]) if "(" in q else None  # (`byte[]`, which split_params reads `byte`)
    q, params = sel if sel is not None else split_params(q)
    idx = nav.index
    pool = idx.find_symbols(q, match="exact", path_prefix=prefix, limit=50)
    if not pool and nav.sweep_on_miss():
        pool = idx.find_symbols(q, match="exact", path_prefix=prefix, limit=50)
    if not pool and is_qualified(q):  # 'org.example.web.Servlet', 'App\\Shop\\Cart::add', 'Rack::Request#params'
        pool = nav.qualifier().find(q, path_prefix=prefix, limit=50)
    elif pool and is_qualified(q):
        pool = zig_file_members(nav, q, pool, prefix=prefix)
    if not pool and ("," in q or " " in q.strip()) and not params:  # `_python_modules, _python_warning_actions`
        raise InputError(f"no definition named '{q}'; several names go comma-separated, each answered in turn: "
                         f"symbol=\"{', '.join(q.replace(',', ' ').split())}\".")
    if not pool:
        return _missing_target(nav, q, prefix, bool(params))
    named = [s for s in pool if s.qualname == q] or pool
    if any(s.kind == "impl" for s in named) and any(s.kind != "impl" for s in named):
        # a Haskell instance or an Elixir defimpl is named by its class or protocol: the class is meant
        named = [s for s in named if s.kind != "impl"]
    named = _at_line(named, line, q, prefix) if line is not None else _with_labels(named, params, q) \
        if sel is not None else _with_params(_constructors_for_params(idx, named, params), params, q, asked)
    full = nav.qualifier().display_all(named[:50])
    named = ruby_side(q, named, lambda s: full.get(s.id))
    first = reopened_rank(idx, named, lambda s: full.get(s.id, s.qualname))  # a Ruby class reopened elsewhere
    also = None
    if first and len({(s.language, full.get(s.id, s.qualname)) for s in named}) == 1:
        others = sorted((s for s in named if first.get(s.id, 0) > 0), key=lambda s: first[s.id])
        named = [s for s in named if first.get(s.id, 0) == 0]
        also = (f"{full.get(named[0].id, named[0].qualname)} is also reopened in " + ", ".join(f"{s.path}:{s.start_line}-{s.end_line}" for s in others[:5])
                + (" …" if len(others) > 5 else "") + "; this is the definition with the most members (pass path= for another)")
    named, swift = _swift_pick(idx, named, relation)
    swift = swift or _method_over_property(named, q, relation, line)
    if swift is not None:
        return swift
    # a TypeScript definition and its copies in the repository's compiled JavaScript (chevrotain's lib/chevrotain.mjs,
    # lib/src/*.js): the source is meant (run 481 got "callers of the 3 definitions named getKeyForAutomaticLookahead")
    if any(s.language in ("typescript", "tsx") for s in named) and len(named) > 1:
        named = [s for s in named if not compiled_js(idx, s.path)] or named
    # a JS implementation and the `.d.ts` declaration a package ships for it (ESLint's lib/types/index.d.ts declares
    # `class Linter { verify(..) }`): the implementation is what is meant, as a C body is over its prototype
    # (and a Python class or function and its `.pyi` stub: attrs run 434's `FrozenError` had been "2 definitions")
    shipped = [s for s in named if s.path.endswith((".d.ts", ".pyi"))]
    if shipped and len(shipped) < len(named):
        impls = [s for s in named if not s.path.endswith((".d.ts", ".pyi"))]
        if len(impls) == 1 and all(d.qualname == impls[0].qualname for d in shipped):
            note = "declared in " + ", ".join(f"{d.path}:{d.start_line}" for d in shipped[:3])
            return impls[0], f"{also}; {note}" if also else note
    if len(named) > 1 and any(s.language == "cpp" for s in named):
        # `formatter.format`: spdlog's formatter, not fmt's `formatter<spdlog::stopwatch>` specializations
        plain = [s for s in named if not cpp_specialization(idx, s)]
        if plain and len(plain) < len(named):
            skipped = [s for s in named if s not in plain]
            note = "also a template specialization of that name: " + ", ".join(
                f"{s.path}:{s.start_line}" for s in skipped[:3])
            if len(plain) == 1:
                return plain[0], f"{also}; {note}" if also else note
            named = plain
    bodies = [s for s in named if not is_prototype(s)]
    if len(bodies) > 1 and any(s.language == "cpp" for s in bodies):
        bodies = fold_cpp_declarations(idx, bodies)[0]  # `void log_it_(..);` in logger.h, its body in logger-inl.h
        # (`rot_sink(const rot_sink &) = delete;` is no second definition of the constructor asked for)
        bodies = [s for s in bodies if not re.search(r"=\s*(?:delete|default)\s*$", s.signature or "")] or bodies
    if len(bodies) == 1 and len(named) > 1:
        # a C function and the header lines that declare it: the definition is what is meant
        protos = [s for s in named if s.id != bodies[0].id and not re.search(r"=\s*(?:delete|default)\s*$", s.signature or "")]
        note = "declared in " + ", ".join(f"{s.path}:{s.start_line}" for s in protos[:3]) if protos else ""
        return bodies[0], (f"{also}; {note}" if note else also) if also else (note or None)
    # a Ruby class method and an instance method share a stored name (Base.convert, Base#convert): two definitions
    distinct = {(s.path, full.get(s.id, s.qualname) if s.language == "ruby" else s.qualname) for s in named}
    if len(distinct) > 1 and relation in ("implementations", "supertypes"):
        # the type relations of a name that is one class and some functions or getters (webpack's `Generator`
        # class and index.js's `get Generator()`): the class is meant
        types = [s for s in named if s.kind in CLASS_KINDS]
        if len({(s.path, s.qualname) for s in types}) == 1:
            rest = [s for s in named if s.kind not in CLASS_KINDS]
            note = "also named so: " + ", ".join(f"{s.kind} {s.path}:{s.start_line}" for s in rest[:3]) \
                + (" …" if len(rest) > 3 else "")
            return types[0], f"{also}; {note}" if also else note
    if len(distinct) > 1 and all(s.language == "zig" for s in named):
        # Zig: `std.Random` is the file Random.zig (`const Random = @This();`); a private `const Random = struct`
        # elsewhere and `const Random = std.Random;` aliases are not what the name means first
        files = [s for s in named if s.kind == "struct" and zig_file_struct(s.path) == s.name]
        if len(files) == 1:
            rest = [s for s in named if s.id != files[0].id]
            return files[0], "also named so: " + ", ".join(f"{s.kind} {s.path}:{s.start_line}" for s in rest[:3]) \
                + (" …" if len(rest) > 3 else "")
    if len(distinct) > 1:
        lines = [f"  {s.path}:{s.start_line}-{s.end_line} {s.kind} {full.get(s.id, s.qualname)} -> find_related("
                 f"symbol=\"{full.get(s.id, s.qualname)}\", relation=\"{relation}\", path=\"{s.path}\")" for s in named[:10]]
        more = f"\n  … {len(named) - 10} more" if len(named) > 10 else ""
        one: dict[tuple[str, str], Any] = {}
        for s in named:
            one.setdefault((s.path, full.get(s.id, s.qualname)), s)
        raise Ambiguous(f"'{q}' names {len(distinct)} definitions; pass the one you mean:\n" + "\n".join(lines) + more,
                        list(one.values()))
    # TypeScript overload signatures and their implementation share a name: the implementation has the body
    # (only among functions: a Rust struct and its longer impl block are not overloads)
    pick = named[0]
    if pick.kind in ("function", "method"):
        same_kind = [s for s in named if s.kind == pick.kind]
        # (a TypeScript implementation is the one with a body: Ajv's four-line `compile` overload at 381-384 had been
        # taken over the four-line implementation at 387-390, run 437)
        pick = max(same_kind, key=lambda s: (_has_body(nav, s), s.end_line - s.start_line, -s.start_line))
        said = _namesakes_note(nav, pick, same_kind, full) if len(same_kind) > 1 else None
        also = f"{also}; {said}" if also and said else also or said
    return pick, also


def _has_body(nav: NavigationService, s: Any) -> bool:
    """A TS/JS function or method definition that has a body (its last line closes a block), unlike an overload
    declaration; other languages: True."""
    if s.language not in ("typescript", "tsx"):
        return True
    lines = (repo_text(nav.ws, s.path) or "").split("\n")
    end: int = s.end_line
    return 0 < end <= len(lines) and lines[end - 1].split("//", 1)[0].rstrip().endswith("}")


def _namesakes_note(nav: NavigationService, pick: Any, same_kind: list[Any], full: dict[int, str]) -> str | None:
    """Java-like overloads: which one was taken, and how to pick another; a Rust function defined again under another
    `#[cfg]`: where the other is."""
    if pick.language in REAL_OVERLOADS:
        return _overloads_note(pick, same_kind, full.get(pick.id, pick.qualname))
    return _cfg_variants(nav, pick, same_kind) if pick.language == "rust" else None


def _cfg_variants(nav: NavigationService, pick: Any, same: list[Any]) -> str | None:
    """A Rust function defined again under another `#[cfg]` (tracing-core's two `get_default`, for `std` and for
    `not(feature = "std")`): where the other is and under what, since calls by name reach whichever is compiled (run
    426 found the second one only through search_symbol)."""
    others = [s for s in same if s.id != pick.id]
    if not others:
        return None

    from contexteer.navigation.symbols import rust_cfgs

    texts: dict[str, list[str]] = {}

    def cfg(s: Any) -> str:
        said = rust_cfgs(nav, s, texts)
        return f" ({said})" if said else ""
    mine = cfg(pick)
    if not mine and not any(cfg(s) for s in others):
        # two trait impls' `fmt` (Display, Debug), both compiled: no variants (review of 0983ee4), but where the other
        # is and how to ask for it (review of 0cafc90: it had gone unsaid)
        from contexteer.indexers.lookup import rust_impl_head, rust_impl_trait

        def impl_of(s: Any) -> str:
            trait = rust_impl_trait(rust_impl_head(nav.index, s) or "")
            return f" of impl {trait}" if trait else ""
        return f"this is the {pick.name}{impl_of(pick)} at {pick.start_line}-{pick.end_line}; also " + ", ".join(
            f"{s.name}{impl_of(s)} at {s.path}:{s.start_line}-{s.end_line} (path={s.path}:{s.start_line} asks for it)"
            for s in others[:3])
    return f"this is the definition at {pick.start_line}-{pick.end_line}{mine}; also defined at " + ", ".join(
        f"{s.path}:{s.start_line}-{s.end_line}{cfg(s)}" for s in others[:3]) + ": a call by name reaches the one compiled"




def _callers_of_all(nav: NavigationService, defs: list[Any], note: str | None) -> Related:
    """The callers of every definition in `defs`, merged by calling definition: a site whose receiver, import or
    file ties it to one definition names that one (`reaches`); a site matched by name only stays name only."""
    full = nav.qualifier().display_all(defs)

    def name(s: Any) -> str:
        return str(full.get(s.id, s.qualname))
    merged: dict[tuple[str, int], tuple[graph.Related, list[str]]] = {}
    for d in defs:
        for e in graph.callers(nav.index, d, nav.imported, depth=1).items:
            key = (e.path, e.symbol.id if e.symbol is not None else -e.lines[0])
            have = merged.get(key)
            if have is None or (have[0].how == "name only" and e.how != "name only"):
                merged[key] = (e, [] if e.how == "name only" else [name(d)])
            elif e.how != "name only" and have[0].how != "name only":
                have[1].append(name(d))
    first = defs[0]
    rel = graph.Relations(first, "callers", items=[e for e, _ in merged.values()])
    rel.sites = len({(e.path, n) for e in rel.items for n in e.lines})
    items = []
    for e, reaches in merged.values():
        item = _item(nav, e)
        item.reaches = ", ".join(reaches) or None
        items.append(item)
    _previews(nav, rel, items)
    _rust_caller_twins(nav, rel, items)
    rank = graph.CALLER_RANK
    pairs = sorted(zip(rel.items, items, strict=True), key=lambda p: (rank.get(p[0].how, 3), p[0].path, p[0].lines[0]))
    rel.items, items = [p[0] for p in pairs], [p[1] for p in pairs]
    where = [f"{name(d)} ({d.path}:{d.start_line}-{d.end_line})" for d in defs]
    return Related(first, first.name, rel, items, [n for n in (note,) if n], definitions=where)


def _with_labels(named: list[Any], labels: list[str] | None, q: str) -> list[Any]:
    """The Swift definitions of `named` whose parameters carry exactly these argument labels."""
    hit = [s for s in named if [lb for lb, _ in func_labels(s.signature or "", s.name) or [("?", False)]] == labels]
    if not hit:
        have = "; ".join(f"{sel} ({s.path}:{s.start_line})" for s in named[:8] if (sel := selector_of(s, q)) is not None)
        raise NotFoundError(f"no overload of '{q}' takes the labels ({''.join(f'{x}:' for x in labels or [])}); "
                            f"there are: {have or ', '.join(f'{s.path}:{s.start_line}' for s in named[:8])}")
    return hit


def _constructors_for_params(index: Any, named: list[Any], params: list[str] | None) -> list[Any]:
    """`CmdLineParser(Object, ParserProperties)` names one of the class's constructors (args4j run 567: "no overload
    of 'CmdLineParser' takes (Object, ParserProperties); there are: public class CmdLineParser")."""
    if params is None or len(named) != 1:
        return named
    return graph.constructors(index, named[0]) or named


def _with_params(named: list[Any], params: list[str] | None, q: str, asked: list[str] | None = None) -> list[Any]:
    if params is None:
        return named
    hit = overloads_taking(named, params, asked)
    if not hit:
        have = "; ".join(f"{s.signature} ({s.path}:{s.start_line})" for s in named[:8])
        raise NotFoundError(f"no overload of '{q}' takes ({', '.join(params)}); there are: {have}")
    return hit


_REQUIREMENT = "the protocol's requirement; its default implementation"


def _default_users(nav: NavigationService, requirement: Any, rel: graph.Relations, cap: int = 20) -> str:
    """'; the conforming types that use it (11): DynamicRawType ios/...:3, ...': the protocol's conformers, less
    those implementing the requirement themselves or inheriting an implementation (run 55: a call more for them)."""
    proto = min((h for h in nav.index.symbols_in_file(requirement.path) if h.kind == "interface"
                 and h.start_line <= requirement.start_line and requirement.end_line <= h.end_line),
                key=lambda h: h.end_line - h.start_line, default=None)
    if proto is None:
        return ""
    own = {it.symbol.qualname.rsplit(".", 2)[-2] for it in rel.items if it.symbol is not None and "." in it.symbol.qualname}
    tree = graph.implementations(nav.index, proto, nav.imported, depth=3)
    by_id = {it.symbol.id: it for it in tree.items if it.symbol is not None}
    users = []
    for it in tree.items:
        sym = it.symbol
        if sym is None or sym.kind == "interface" or (sym.kind == "impl" and it.how != "extension"):
            continue  # (a Swift extension of a library type, `extension CMTime: Convertible`, is a conforming type)
        chain, up = [sym.name], it.via
        while up is not None and up.id in by_id:
            chain.append(up.name)
            up = by_id[up.id].via
        if not own & set(chain) and not _base_class_has(nav, sym, requirement.name):
            # neither it nor a base it inherits from implements the requirement (a base class outside the protocol's
            # tree counts: CoreModule's willDestroy is BaseModule's `open func willDestroy() {}`)
            users.append(f"{sym.name} {sym.path}:{sym.start_line}")
    if not users:
        return "; every conforming type implements it or inherits an implementation from a base class"
    more = f" +{len(users) - cap} more" if len(users) > cap else ""
    return f"; the conforming types that use the default ({len(users)}): {', '.join(users[:cap])}{more}"


def _swift_pick(idx: Any, named: list[Any], relation: str) -> tuple[list[Any], tuple[Any, str] | None]:
    """Swift: the definitions still in question (Record.from's two requirements, not their two defaults) and, when
    one is meant, it with its note."""
    if len(named) > 2 and relation in ("implementations", "callers"):
        named = _swift_requirements(idx, named)
    return named, (_swift_meant(idx, named, relation) if len(named) > 1 else None)


def _swift_requirements(idx: Any, named: list[Any]) -> list[Any]:
    """Of a Swift protocol's overloaded requirements and the defaults its extensions give them (each default with a
    requirement's labels), the requirements; `named` as it is otherwise."""
    if any(s.language != "swift" for s in named) or len({s.qualname for s in named}) != 1:
        return named

    def holder(s: Any) -> Any:
        around = [h for h in idx.symbols_in_file(s.path) if h.kind in ("interface", "impl") and h.id != s.id
                  and h.start_line <= s.start_line and s.end_line <= h.end_line]
        return min(around, key=lambda h: h.end_line - h.start_line, default=None)
    kinds = {s.id: (h.kind if (h := holder(s)) is not None else None) for s in named}
    required = [s for s in named if kinds[s.id] == "interface"]
    labels = {selector_of(s, s.name) for s in required}
    defaults = [s for s in named if kinds[s.id] == "impl"]
    if len(required) < 2 or len(required) + len(defaults) != len(named) \
            or any(selector_of(d, d.name) not in labels for d in defaults):
        return named
    return required


def _swift_meant(idx: Any, named: list[Any], relation: str) -> tuple[Any, str] | None:
    """Of a Swift protocol's requirement and its extension's default: the requirement for its implementations and
    callers (a call on a value of the protocol dispatches through it), the default for callees (it has the body)."""
    swift = _swift_requirement(idx, named) if relation in ("implementations", "callers", "callees") else None
    if swift is None or relation != "callees":
        return swift
    defaults = [s for s in named if s.id != swift[0].id]
    if len(defaults) != 1:
        return None
    return defaults[0], (f"the default implementation (an extension of a protocol) of the requirement at "
                         f"{swift[0].path}:{swift[0].start_line}; conforming types may implement their own")


def _base_class_has(nav: NavigationService, sym: Any, name: str) -> bool:
    """Whether a class inherits a member `name` from a base class it names (directly or further up)."""
    from contexteer.indexers.lookup import inherited_member

    return sym.kind == "class" and inherited_member(nav.index, sym, name) is not None


def _swift_requirement(idx: Any, named: list[Any]) -> tuple[Any, str] | None:
    """A Swift protocol's requirement and the default implementations its extensions give (`func convertResult`
    at AnyDynamicType.swift:61 and 88, run 54 read "2 overloads"): the requirement is what types implement, the
    defaults are said as such."""
    if any(s.language != "swift" for s in named) or len({s.qualname for s in named}) != 1:
        return None
    def holder(s: Any) -> Any:  # by lines: a member of `extension P` is parented to the protocol P by its name
        around = [h for h in idx.symbols_in_file(s.path) if h.kind in ("interface", "impl") and h.id != s.id
                  and h.start_line <= s.start_line and s.end_line <= h.end_line]
        return min(around, key=lambda h: h.end_line - h.start_line, default=None)

    parents = {s.id: holder(s) for s in named}
    required = [s for s in named if (p := parents[s.id]) is not None and p.kind == "interface"]
    defaults = [s for s in named if (p := parents[s.id]) is not None and p.kind == "impl"]
    if len(required) != 1 or len(required) + len(defaults) != len(named):
        return None
    where = ", ".join(f"{s.path}:{s.start_line}-{s.end_line}" for s in defaults[:3])
    return required[0], (f"{_REQUIREMENT} (an extension of "
                         f"{parents[defaults[0].id].name}, used by conforming types that do not implement it): {where}")


def _at_line(named: list[Any], line: int, q: str, prefix: str | None) -> list[Any]:
    hit = [s for s in named if s.start_line <= line <= s.end_line]
    if not hit:
        have = ", ".join(f"{s.path}:{s.start_line}-{s.end_line}" for s in named[:8])
        raise NotFoundError(f"no definition of '{q}' holds line {line} of {prefix}; its definitions are at {have}")
    return [min(hit, key=lambda s: s.end_line - s.start_line)]


def _overloads_note(pick: Any, overloads: list[Any], full_name: str) -> str:
    """'1 of 11 overloads: parse(URL url, int timeoutMillis) (261-265); pass symbol="org.jsoup.Jsoup.parse(String,
    String)" or path="...:34" for another'."""
    name = full_name.rsplit(".", 1)[-1]
    other = next(s for s in sorted(overloads, key=lambda s: s.start_line) if s.id != pick.id)
    types = ", ".join(shown_param_types(other.signature or "") or [])  # (`decode(byte[])`, not `decode(byte)`)
    picked = selector_of(other, full_name) if other.language == "swift" else None  # `cast(jsValue:appContext:)`
    if picked is not None and any(selector_of(s, full_name) == picked for s in overloads if s.id != other.id):
        picked = None  # (`toNative(_:_:)` names both of MainValueConverter's: the types tell them apart)
    shown = re.sub(r"^.*?\b" + re.escape(pick.name) + r"\s*\(", pick.name + "(", pick.signature or "")
    lines = ", ".join(str(s.start_line) for s in sorted(overloads, key=lambda s: s.start_line))
    return (f"{len(overloads)} overloads of {full_name} (lines {lines}); this is {shown or name} "
            f"({pick.start_line}-{pick.end_line}): pick another with symbol=\"{picked or f'{full_name}({types})'}\" or "
            f"path=\"{other.path}:{other.start_line}\"")


def relations_of(nav: NavigationService, target: Any, relation: str, depth: int) -> graph.Relations:
    idx = nav.index
    if relation == "callers":
        return graph.callers(idx, target, nav.imported, depth=depth)
    if relation == "callees":
        rel = _callees(nav, target)
        if depth > 1:
            _deeper_callees(nav, rel, depth)
        return rel
    if relation == "implementations":
        rel = graph.implementations(idx, target, nav.imported, depth=depth, rust_impls=lambda t: rust_impls(idx, t))
        if not rel.items and target.language == "rust" and target.kind in _RUST_TYPES:
            # a Rust type has no subtypes: what an agent asking for its implementations wants is the traits it
            # implements (indexmap run 467 read "0 definitions" for IndexSet's thirty impls)
            sup = relations_of(nav, target, "supertypes", 1)
            said = "a Rust type has no subtypes: the traits it implements instead"
            sup.note = f"{said}; {sup.note}" if sup.note else said
            return sup
        return rel
    rel = graph.supertypes(idx, target, nav.imported, depth=depth, rust_traits=lambda t: _rust_traits(idx, t))
    if target.language == "rust" and target.kind in _RUST_TYPES:
        _rust_trait_impls(nav, target, rel)
    return rel


#: Rust definitions that traits are implemented for
_RUST_TYPES = frozenset({"struct", "enum", "union", "type"})


def _rust_trait_impls(nav: NavigationService, target: Any, rel: graph.Relations) -> None:
    """Every `impl Trait for Type` block of a Rust type, the repository's traits as rows (each with its cfg) and the
    others (`Clone`, `serde::Serialize`) per file in `rel.packages`, each with its line and the cfg it is compiled
    under, its own or its module's (`mod serde` gated in lib.rs): indexmap run 467 got one of IndexSet's thirty
    trait impls, and worked out which feature gates each by reading lib.rs."""
    from contexteer.navigation.symbols import rust_cfgs

    texts: dict[str, list[str]] = {}
    gates: dict[str, str | None] = {}
    listed = {it.detail.removeprefix("impl at ").split(",", 1)[0] for it in rel.items if it.detail.startswith("impl at ")}
    rows = {it.symbol.name: it for it in rel.items if it.symbol is not None}
    # two types of one name (indexmap's map::Iter and set::Iter): only the impls of the target's own module tree
    # (review of stop 55: set::Iter had been given map::Iter's twelve impls)
    shared = any(t.id != target.id and t.name == target.name and t.language == "rust" and t.kind in _RUST_TYPES
                 for t in nav.index.symbols_named(target.name))
    groups: dict[tuple[str, str], list[str]] = {}
    for s in sorted(nav.index.symbols_named(target.name), key=lambda s: (s.path, s.start_line)):
        head = _impl_head(s.signature or "") if s.kind == "impl" and s.language == "rust" else None
        if head is None or head[0] is None or head[1] != target.name:
            continue
        if shared and not rust_in_module_tree(target.path, s.path):
            continue
        if f"{s.path}:{s.start_line}" not in listed and head[0] in rows:  # another impl of a repository trait a row
            row = rows[head[0]]  # names (`impl Describe for Wrap<u16>` beside Wrap<u8>'s): on that row
            row.detail += f", {s.path}:{s.start_line}" if row.detail.startswith("impl at ") else ""
            continue
        where = f"{s.path}:{s.start_line}"
        cfg = rust_cfgs(nav, s, texts)
        if where in listed:
            for it in rel.items:
                if it.detail == f"impl at {where}" and cfg:
                    it.detail += f", under {cfg}"
            continue
        if s.path not in gates:
            gates[s.path] = rust_module_gates(nav, s.path, texts)
        written = " ".join((s.signature or "").split())
        m = re.search(r"\bfor\s+(&\s*(?:'\w+\s+)?(?:mut\s+)?)", written)
        trait = _trait_written(written) or head[0]
        on = (" for &mut" if "mut" in m.group(1) else " for &") if m else ""
        groups.setdefault((s.path, gates[s.path] or ""), []).append(
            f"{trait}{on} {s.start_line}" + (f" (under {cfg})" if cfg else ""))
    rel.packages = [f"{path}" + (f" (the whole file under {gate})" if gate else "") + f": {', '.join(rows)}"
                    for (path, gate), rows in groups.items()]
    n = sum(len(rows) for rows in groups.values())
    if n:  # (the header's count is of the repository's traits: "1 definition" beside 27 impls, run 470)
        said = (f"the rows are the repository's traits; {n} impl{'s' if n != 1 else ''} of outside traits below them"
                if rel.items else f"{n} impl{'s' if n != 1 else ''} of traits from outside the repository, below")
        rel.note = f"{rel.note}; {said}" if rel.note else said


def _trait_written(head: str) -> str | None:
    """The trait an impl head writes, its path and generic arguments kept short: `fmt::Debug`, `Extend<&'a T>`,
    `From<[T; N]>` (`IntoDeserializer<'de, E>` as written)."""
    m = re.match(r"(?:unsafe\s+)?impl\s*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*!?((?:[\w]+::)*\w+(?:<(?:[^<>]|<[^<>]*>)*>)?)\s+for\s", head)
    return m.group(1) if m else None


def rust_module_gates(nav: NavigationService, path: str, texts: dict[str, list[str]]) -> str | None:
    """The `#[cfg(..)]` on the `mod x;` declarations a Rust file is reached through (`#[cfg(feature = "serde")] mod
    serde;` in lib.rs for src/serde.rs), with where each is: `#[cfg(feature = "serde")] (mod serde, src/lib.rs:93)`."""
    said: list[str] = []
    seen: set[str] = set()
    while path not in seen and len(seen) < 8:
        seen.add(path)
        folder, name = posixpath.split(path)
        stem = name.removesuffix(".rs")
        if stem in ("lib", "main") or not name.endswith(".rs"):
            break
        if stem == "mod":
            folder, stem = posixpath.split(folder)
        parents = [posixpath.join(folder, f) for f in ("lib.rs", "main.rs", "mod.rs")] + \
            ([f"{folder}.rs"] if folder else [])
        declared = None
        for parent in parents:
            if parent not in texts:
                texts[parent] = (repo_text(nav.ws, parent) or "").split("\n") if nav.index.file_info(parent) else []
            lines = texts[parent]
            at = next((k for k, t in enumerate(lines, 1)
                       if re.match(rf"\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+{re.escape(stem)}\s*;", t)), None)
            if at is not None:
                declared = (parent, at, lines)
                break
        if declared is None:
            break
        parent, at, lines = declared
        name = posixpath.basename(path)
        if any(re.search(rf"#\[path\s*=\s*\"[^\"]*{re.escape(name)}\"", t) for t in lines):
            return None  # another way in (`pub mod raw { #[path = "mod.rs"] mod inner; }`): no one gate (review of stop 55)
        said += [f"{a} (mod {stem}, {parent}:{at})" for a in rust_attributes_above(lines, at)
                 if a.startswith("#[cfg(") and a != "#[cfg(test)]"]
        path = parent
    return " and ".join(said) or None


def _callees(nav: NavigationService, target: Any) -> graph.Relations:
    lines = (repo_text(nav.ws, target.path) or "").split("\n")
    names = nav.names_in_range(target.path, lines, target.start_line, target.end_line)
    return graph.callees(nav.index, target, nav.imported, bound=names.bound, members=names.members, lines=lines,
                         values=names.used)


def _deeper_callees(nav: NavigationService, rel: graph.Relations, depth: int) -> None:
    """Callees' callees down to `depth` (breadth first, each definition once, `via` the one that calls it); the
    jsoup A/B agent asked for depth 2 and got depth 1 without a word."""
    seen = {rel.target.id} | {e.symbol.id for e in rel.items if e.symbol is not None}
    frontier = [e.symbol for e in rel.items if e.symbol is not None and e.symbol.kind in ("function", "method")]
    for level in range(2, depth + 1):
        nxt = []
        for caller in frontier:
            for e in _callees(nav, caller).items:
                if e.symbol is None or e.symbol.id in seen:
                    continue
                if len(rel.items) >= graph.MAX_NODES:
                    rel.truncated = True
                    return
                seen.add(e.symbol.id)
                e.depth, e.via = level, caller
                rel.items.append(e)
                if e.symbol.kind in ("function", "method"):
                    nxt.append(e.symbol)
        frontier = nxt
        if not frontier:
            break


def _defined_under(nav: NavigationService, items: list[RelatedItem]) -> None:
    """C/C++: a callee defined only under `#if` groups says under which (`snprintf` of win32.h is MSVC's, the
    `assert` async.c redefines is NDEBUG's: hiredis run 556 took both for the calls' definitions everywhere)."""
    conditions: dict[str, dict[int, str]] = {}
    for it in items:
        if not it.path.endswith(CONDITIONAL_SOURCES) or it.path.endswith(".cs") or not it.start_line:
            continue
        if it.path not in conditions:
            conditions[it.path] = preprocessor_conditions((repo_text(nav.ws, it.path) or "").split("\n"))
        only = conditions[it.path].get(it.start_line)
        if only and "only " not in (it.detail or ""):
            it.detail = f"{it.detail}; only {only}" if it.detail else f"only {only}"


def _namesakes(nav: NavigationService, rel: graph.Relations, items: list[RelatedItem]) -> None:
    """A callee function resolved among other top-level functions of its name (`getField` of Writers.Shared, beside
    Citeproc.BibTeX's) says where the others are (`detail`), so the agent knows the choice was made and need not
    look for namesakes itself (the Pandoc A/B agent made 18 calls for it); at most 5 namesakes, else a count."""
    for e, it in zip(rel.items, items, strict=True):
        s = e.symbol
        if s is None or s.kind != "function" or s.parent_id is not None or e.depth != 1 \
                or (it.detail and not it.detail.startswith("under #[cfg")):
            continue
        family = language_family(s.language)
        others = [o for o in nav.index.symbols_named(s.name) if o.id != s.id and o.name == s.name and o.kind == "function"
                  and o.parent_id is None and language_family(o.language) == family and not is_prototype(o)
                  and not (s.language in ("typescript", "tsx") and compiled_js(nav.index, o.path))]  # (run 477)
        if family == "c":  # a one-line forward declaration in the same file is the same function; so is one in
            # another .c file of a function with external linkage (hiredis run 556: `__redisSetError .. (also named so:
            # async.c:57, net.c:52, ssl.c:84)`, three `void __redisSetError(..);` lines)
            external = not re.match(r"\s*static\b", s.signature or "")
            others = [o for o in others if not (o.start_line == o.end_line and not (o.signature or "").startswith("#define")
                                                and (o.path == s.path or (external and _ends_statement(nav, o))))]
        if family == "c" and _declared_only(nav, s) and len(others) == 1 and others[0].end_line > others[0].start_line:
            # the declaration's own body elsewhere, not a namesake (leveldb run 514 read `BuildTable db/builder.h:25-26
            # (also named so: db/builder.cc:17)` as a possible clash)
            it.detail = f"defined at {others[0].path}:{others[0].start_line}"
            continue
        if family == "c" and others:
            # (a C prototype is the same function; a macro's variant under `#else` is not another function)
            expands = _macro_expansion(nav, s)
            if expands:
                it.detail = expands
                continue
            same_file = [o for o in others if o.path == s.path]
            if same_file and len(same_file) == len(others):
                # each with its condition (libevent run 489 read EVBASE_ACQUIRE_LOCK's no-op variant, under
                # EVENT__DISABLE_THREAD_SUPPORT, as the one called, and three more calls for the others)
                conds = preprocessor_conditions((repo_text(nav.ws, s.path) or "").split("\n"))
                mine = f"; this one under {conds[s.start_line]}" if conds.get(s.start_line) else ""
                it.detail = "also named so under another #if: " + ", ".join(
                    f"{o.start_line}" + (f" ({conds[o.start_line]})" if conds.get(o.start_line) else "")
                    for o in same_file[:3]) + mine
                continue
        elif family == "c":
            expands = _macro_expansion(nav, s)
            if expands:
                it.detail = expands
            continue
        if others:
            shown = ", ".join(f"{o.path}:{o.start_line}" for o in others[:3]) + (f" and {len(others) - 3} more" if len(others) > 3 else "")
            it.detail = f"also named so: {shown}" + (f"; {it.detail}" if it.detail else "")


def _declared_only(nav: NavigationService, s: Any) -> bool:
    """A C/C++ function a header declares without a body (its lines hold no `{` and end with `;`)."""
    if not s.path.endswith((".h", ".hh", ".hpp", ".hxx")):
        return False
    text = " ".join((repo_text(nav.ws, s.path) or "").split("\n")[s.start_line - 1: s.end_line])
    return "{" not in text and text.rstrip().endswith(";")


def _rust_cfg_twins(nav: NavigationService, rel: graph.Relations, items: list[RelatedItem], caller: Any) -> None:
    """A Rust callee defined again in its file under another `#[cfg]` (tracing-core's `Dispatchers::rebuilder` of the
    `std` and the `not(feature = "std")` `mod dispatchers`) says where the other is and under what: a call by name
    reaches the one compiled (run 456 was shown the std one only). A caller compiled under the cfg of one of them
    calls that one (review of 5582f6d: syn's `#[cfg(not(feature = "full"))]` parse_expr had been given the full
    build's unary_expr); two impls' methods of one name with no cfg are no variants."""
    from contexteer.navigation.symbols import rust_cfgs

    texts: dict[str, list[str]] = {}  # (each file read once for the answer)
    theirs = rust_cfgs(nav, caller, texts) if getattr(caller, "language", None) == "rust" else None
    for i, (e, it) in enumerate(zip(rel.items, items, strict=True)):
        s = e.symbol
        if s is None or s.language != "rust" or s.kind not in ("function", "method") or e.depth != 1 \
                or (it.detail or "").startswith("also named so"):
            continue
        twins = [o for o in nav.index.symbols_in_file(s.path)
                 if o.id != s.id and o.qualname == s.qualname and o.kind == s.kind]
        cfgs = {o.id: rust_cfgs(nav, o, texts) for o in [s, *twins]}
        twins = [o for o in twins if cfgs[o.id] != cfgs[s.id]]  # (no cfg apart: another impl's, not a variant)
        if not twins:
            continue
        same = [o for o in twins if theirs and cfgs[o.id] == theirs]
        if same and cfgs[s.id] != theirs:  # the caller's build has the other one
            twins = [o for o in twins if o is not same[0]] + [s]
            s = same[0]
            e.symbol = s
            detail, it = it.detail, _item(nav, e)
            it.detail = detail
            items[i] = it
        said = ", ".join(f"{o.start_line}-{o.end_line}" + (f" under {c}" if (c := cfgs[o.id]) else "")
                         for o in twins[:3])
        mine = cfgs[s.id]
        note = f"also named so: {said}" + (f"; this one under {mine}" if mine else "") \
            + (" (as the caller)" if mine and mine == theirs else "")
        it.detail = f"{note}; {it.detail}" if it.detail else note


def _rust_caller_twins(nav: NavigationService, rel: graph.Relations, items: list[RelatedItem]) -> None:
    """Rust callers of one qualified name at two places of a file (two `mod dispatchers` under `feature = "std"` and
    its `not`) each say the `#[cfg]` they are compiled under."""
    from contexteer.navigation.symbols import rust_cfgs

    seen: dict[tuple[str, str], int] = {}
    for it in items:
        if it.qualname and it.path.endswith(".rs"):
            seen[(it.path, it.qualname)] = seen.get((it.path, it.qualname), 0) + 1
    texts: dict[str, list[str]] = {}
    for e, it in zip(rel.items, items, strict=True):
        if e.symbol is not None and it.qualname and seen.get((it.path, it.qualname), 0) > 1:
            it.condition = rust_cfgs(nav, e.symbol, texts)


def _macro_expansion(nav: NavigationService, macro: Any) -> str | None:
    """A C function-like macro whose body calls one repository function (`#define ext4_msg(sb, level, fmt, ...)
    __ext4_msg(sb, level, fmt, ##__VA_ARGS__)`): `expands to __ext4_msg super.c:994-1015` (the ext4 A/B agent looked
    up each such function after a callees answer named only the macros)."""
    m = re.match(r"#define\s+\w+\(([^)]*)\)\s*(.*)", " ".join((macro.signature or "").split()))
    if m is None:
        return None
    params = {p.strip() for p in m.group(1).split(",")}
    called = [c for c in dict.fromkeys(re.findall(r"\b([A-Za-z_]\w*)\s*\(", m.group(2)))
              if c not in params and c not in ("do", "while", "if", "for", "switch", "sizeof", "return")]
    found = [d for c in called for d in nav.index.symbols_named(c) if d.name == c and d.kind == "function"
             and d.language in ("c", "cpp") and not is_prototype(d) and not (d.signature or "").startswith("#define")]
    if len({d.name for d in found}) != 1:
        return None
    d = found[0]
    return f"expands to {d.name} {d.path}:{d.start_line}-{d.end_line}"


def _item(nav: NavigationService, e: graph.Related) -> RelatedItem:
    s = e.symbol
    kind = s.kind if s else None
    if s is not None and kind == "method" and s.parent_id is not None and e.how.startswith(("implements", "overrides")):
        # a method an interface declares again is no body that runs (client_golang run 281: Counter.Inc's
        # implementations listed the Gauge interface's Inc among counter.Inc and gauge.Inc, read as a third one)
        parent = nav.index.get_symbol(s.parent_id)
        if parent is not None and parent.kind in ("interface", "trait", "protocol"):
            kind = f"{parent.kind} method"
    return RelatedItem(path=e.path, qualname=nav.written_name(s) if s else None, kind=kind,
                       start_line=s.start_line if s else None, end_line=s.end_line if s else None,
                       signature=s.signature if s else None, how=e.how, lines=sorted(set(e.lines)), depth=e.depth,
                       via=nav.written_name(e.via) if e.via is not None else None, detail=e.detail or None,
                       defined=out_of_class_definition(nav, s), overrides=e.overrides,
                       overrides_of_target=list(e.of_target) if e.of_target[0] else None, adds=e.adds,
                       abstract=e.abstract, from_traits=e.from_traits, weak_lines=sorted(set(e.weak)),
                       member_at=_at_names(nav, s, {n: w for n, w in e.member_at.items()
                                                    if any(o.split(" ", 1)[0] == n for o in (*e.adds, *e.overrides))}),
                       params=_overload_params(nav, s))


#: languages whose methods overload by parameter types: a call row of an overloaded name says which one it is
_PARAM_OVERLOADS = frozenset({"java", "kotlin", "csharp", "scala", "cpp"})


def _overload_params(nav: NavigationService, s: Any) -> str | None:
    """`(MessageDigest, InputStream)` for a method whose class has other methods of its name (overloads), else None:
    rows named `DigestUtils.digest` alone sent the Commons Codec run-525 agent to search_symbol for each signature."""
    if s is None or s.kind not in ("method", "function", "constructor") or s.language not in _PARAM_OVERLOADS:
        return None
    if not any(o.id != s.id and o.name == s.name and o.parent_id == s.parent_id and o.kind == s.kind
               for o in nav.index.symbols_in_file(s.path)):
        return None
    types = shown_param_types(s.signature or "")
    return f"({', '.join(types)})" if types is not None else None


def _at_names(nav: NavigationService, s: Any, member_at: dict[str, str]) -> dict[str, str]:
    """An implementations row's method lines moved to each name's line, below an `@Override` its range opens with
    (Commons Collections run 310 read `remove 689` for ListOrderedIterator.remove, whose name is on 690, while rows
    without an annotation gave the name line: "sometimes the @Override line")."""
    from contexteer.indexers.name_lines import name_lines

    if s is None or not member_at:
        return member_at
    # (an overload's label, `getPath(Canvas,Paint)`, by its name and line too)
    keyed = [(m, k) for m in nav.index.symbols_in_file(s.path) if m.parent_id == s.id
             for k in member_at if k.split("(", 1)[0] == m.name and member_at[k].split(" ", 1)[0] == str(m.start_line)]
    moved = name_lines(nav.ws, list({m.id: m for m, _ in keyed}.values()))
    out = dict(member_at)
    for m, k in keyed:
        if (m.path, m.start_line) in moved:
            out[k] = str(moved[(m.path, m.start_line)]) + out[k][len(str(m.start_line)):]
    return out


def out_of_class_definition(nav: NavigationService, s: Any) -> str | None:
    """Where a C++ method declared in its class is defined (`void Foo::bar() {` in a .cc file): `path:start-end`,
    None for anything else. An overload is told by its parameter types."""
    if s is None or s.language != "cpp" or s.kind not in ("method", "function") or "::" in (s.signature or ""):
        return None
    bodies = [d for d in nav.index.symbols_named(s.qualname) if d.id != s.id and d.qualname == s.qualname
              and d.kind in ("method", "function") and f"::{s.name}" in (d.signature or "")]
    if len(bodies) > 1:
        bodies = [d for d in bodies if param_types(d.signature or "") == param_types(s.signature or "")]
    return f"{bodies[0].path}:{bodies[0].start_line}-{bodies[0].end_line}" if len(bodies) == 1 else None


class _Site:
    def __init__(self, path: str, line: int) -> None:
        self.path, self.line, self.preview = path, line, ""


def _shown_lines(lines: list[int]) -> list[int]:
    """The call lines a row shows as source: all of up to five, else the first three (the rest are numbers; ESLint
    run 249's agent read "+2 more lines: 613, 657" again by range)."""
    return lines if len(lines) <= 5 else lines[:3]


def _previews(nav: NavigationService, rel: graph.Relations, items: list[RelatedItem]) -> None:
    """The source line of each call line (callers: in the caller's file; callees: in the body's file)."""
    sites: list[_Site] = []
    items = [it for it in items if it.depth == 1 or rel.relation == "callers"]  # a deeper callee's lines are in another body
    for item in items:
        path = item.path if rel.relation == "callers" else rel.target.path
        sites += [_Site(path, n) for n in _shown_lines(item.lines)]
    files: dict[str, list[str]] = {}  # each file read once, for its call lines and its #if groups
    line_previews(nav.ws, sites, width=140, cache=files)
    text = {(s.path, s.line): s.preview for s in sites}
    conditions: dict[str, dict[int, str]] = {}
    closures = None
    if rel.relation == "callers":  # the callback a call sits in (tRPC A/B run 67 read `in resolveResponse` for calls in
        closures = Closures(nav, len({it.path for it in items}))  # arrow functions passed to rpcCalls.map, results.map)
    for item in items:
        path = item.path if rel.relation == "callers" else rel.target.path
        if path not in conditions:
            conditions[path] = preprocessor_conditions(files.get(path, [])) if path.endswith(CONDITIONAL_SOURCES) else {}
        only = conditions[path]
        shown = _shown_lines(item.lines)
        if rel.relation == "callees" and any(n in only for n in item.lines):
            item.condition = _calls_condition(item.lines, only)
        tags = _callbacks(closures, item, path, shown, rel.target.name, rel.stored_calls) if closures is not None \
            else [""] * len(shown)
        weak = set(item.weak_lines)
        item.calls = [f"{n}: {text.get((path, n), '')}" + (f"  (only {only[n]})" if n in only else "") + tag
                      + ("  [name only: the receiver's type is not shown]" if n in weak else "")
                      for n, tag in zip(shown, tags, strict=True)]
        if rel.relation == "callers" and rel.target.language == "bash" and item.calls and item.start_line:
            item.calls[0] += _shell_arguments(files.get(path, []), item.lines[0], item.start_line)
        if rel.relation == "callers" and rel.target.language == "zig" and item.calls and item.start_line:
            item.calls[0] += _zig_receiver(files.get(path, []), item.lines[0], item.start_line, item.signature or "",
                                           rel.target.name)



def _calls_condition(lines: list[int], only: dict[int, str]) -> str:
    """A callee's call lines under `#if` groups: `under #if X` when all are under one, else `10 under #if X; ..`
    (dbus-sharp run 526 read `Signature.GetSig .. called at 135`, a call inside `#if PROTO_REPLY_SIGNATURE`, as one
    the usual build makes)."""
    conds = {only.get(n) for n in lines}
    if len(conds) == 1:
        return f"under {next(iter(conds))}"
    by: dict[str, list[int]] = {}
    for n in lines:
        if n in only:
            by.setdefault(only[n], []).append(n)
    return "; ".join(f"{','.join(map(str, ns[:8]))} under {c}" for c, ns in by.items())


_SCRIPT_SUFFIXES = (".js", ".cjs", ".mjs", ".jsx", ".ts", ".mts", ".cts", ".tsx")


def _callbacks(closures: Any, item: RelatedItem, path: str, lines: list[int], called: str | None = None,
               unfollowed: set[tuple[str, int]] | None = None) -> list[str]:
    """For each call line, `  [in arrow function 540-626 passed to rpcCalls.map]`: the innermost nested function
    between the line and the definition its row names (its name or what it is passed to, and its lines: the ESLint
    A/B agent, run 286, read four ranges of linter.js for the spans of the callbacks addError sat in); a line in the
    same one as the line before says `[in the same arrow function]` (rxjs, where every call sits in callbacks, read
    1.75x the tokens with whole chains); '' when the call sits in the definition's own body."""
    if item.qualname is None and item.start_line is None and path.endswith(_SCRIPT_SUFFIXES):
        # a call "at top level" of a script that runs its body in an IIFE, `(async () => { .. })()`: the function it
        # sits in (ESLint run 366 read worker.js to learn lintFile's call was inside one)
        enc = SimpleNamespace(kind="function", start_line=1, end_line=10**9, name="")
    elif item.kind not in ("function", "method") or item.start_line is None or item.end_line is None:
        return [""] * len(lines)
    else:
        enc = SimpleNamespace(kind=item.kind, start_line=item.start_line, end_line=item.end_line,
                              name=(item.qualname or "").rsplit(".", 1)[-1])
    out: list[str] = []
    last = ""
    name = called
    for line in lines:
        chain = closures.around(path, line, enc, called)
        innermost = re.split(r", (?:in |… )", chain, maxsplit=1)[0] if chain else ""
        m = re.match(r"(.*?) (\d+-\d+)$", innermost)
        stored = closures.stored(path, line, enc, name)
        if stored is not None:  # (pongo2 run 524 read `[in func literal ctx.Private[node.name] 19-21]` as run there)
            # (a callback inside the stored function named first: `client.on('message', () => ..)` in a returned arrow)
            what, _, to = m.group(1).partition(" passed to ") if m is not None else ("", "", "")
            inner = f"in {what} {m.group(2)}{' passed to ' + to if to else ''}, " \
                if m is not None and m.group(2).split("-")[0] != str(stored[2]) else ""
            out.append(_stored_tag(stored, item, (path, line) in (unfollowed or set()), inner))
            last = ""
        elif m is None:
            out.append(f"  [in {innermost}]" if innermost else "")
        elif innermost == last:
            out.append(f"  [in the same {m.group(1).split(' passed to ')[0]}]")
        else:  # the range after the closure's kind: `arrow function 540-626 passed to X`
            what, _, called = m.group(1).partition(" passed to ")
            out.append(f"  [in {what} {m.group(2)}{' passed to ' + called if called else ''}]")
        if stored is None:
            last = innermost
    return out


def _stored_tag(stored: tuple[str, str, int], item: RelatedItem, unfollowed: bool, inner: str = "") -> str:
    """`  [in a func literal stored in ctx.Private[node.name] at 19: runs when that value is called; Execute's callers
    not followed]`: the caller stores or returns the function the call sits in, it does not run it."""
    kind, where, at = stored
    runs = "runs when the returned function is called" if where == "returned" else "runs when that value is called"
    name = (item.qualname or "").rsplit(".", 1)[-1]
    deeper = f"; {name}'s callers not followed" if unfollowed and name else ""
    return f"  [{inner}in a{'n' if kind[:1] in 'aeiou' else ''} {kind} {where} at {at}: {runs}{deeper}]"


_SHELL_VAR = re.compile(r"\$\{?([A-Za-z_]\w*)")
_SHELL_ARITH = re.compile(r"\$\(\(([^()]*)\)\)")


def _shell_arguments(lines: list[str], at: int, start: int) -> str:
    """Where the variables a shell call passes were last set in the calling function (`_command_offset $offset`:
    `  [$offset: 31: offset=$i]`), so "what does each caller pass" needs no read of every caller (the
    bash-completion A/B agent made 15 reads for it); at most three, each as written on its line."""
    if not 0 < at <= len(lines):
        return ""
    call = lines[at - 1].split("#", 1)[0]
    found: list[str] = []
    arithmetic = [v for expr in _SHELL_ARITH.findall(call) for v in re.findall(r"[A-Za-z_]\w*", expr)]  # $((i + 1))
    for name in dict.fromkeys(_SHELL_VAR.findall(call) + arithmetic):
        if name in _SHELL_SPECIAL or len(found) == 3:
            continue
        rx = re.compile(rf"(?:^|[\s;(]){name}\+?=|\bfor\s+{name}\b|\bfor\s*\(\(\s*{name}\s*=|\(\(\s*{name}\s*[-+*/]?=|"
                        rf"\bread\b[^\n;|]*\s{name}\b")
        for n in range(at - 1, max(start, 1) - 1, -1):
            text = lines[n - 1].strip()
            if rx.search(text) and not text.startswith("#"):
                found.append(f"${name}: {n}: {text if len(text) <= 80 else text[:79] + '…'}")
                break
    return f"  [{'; '.join(found)}]" if found else ""


def _zig_receiver(lines: list[str], at: int, start: int, signature: str, callee: str) -> str:
    """Where the value a Zig call is made on comes from in the calling function: a parameter with its type, a local
    or capture with its line, a field with its declaration (`gpa.remap(...)`: `  [gpa: parameter Allocator]`), so
    "where does each receiver come from" needs no read of every caller (the Zig A/B agent made 12 reads for it)."""
    if not 0 < at <= len(lines):
        return ""
    m = re.search(rf"(?:(\w+)\s*\.\s*)?([A-Za-z_]\w*)\s*\.\s*{re.escape(callee)}\s*\(", lines[at - 1])
    if m is None or m.group(2)[:1].isupper():
        return ""  # a bare call, or on a type (`Step.Compile.create`): the line says it
    outer, word = m.group(1), m.group(2)
    if outer is None:
        typed = re.search(rf"[(,]\s*{word}\s*:\s*([^,)]+)", signature)
        if typed:
            return f"  [{word}: parameter {typed.group(1).strip()}]"
        rx = re.compile(rf"\b(?:var|const)\s+{word}\b|\|\s*\*?{word}\s*[|,]")
        for n in range(at - 1, max(start, 1) - 1, -1):
            text = lines[n - 1].strip()
            if rx.search(text):
                return f"  [{word}: {'capture' if '|' in text and 'const' not in text else 'local'}, {n}: {text[:90]}]"
        return ""
    decl = re.compile(rf"^\s*{word}\s*:\s*([^=,]+)")
    for n, text in enumerate(lines, 1):  # a field `allocator: Allocator,` of a struct in this file
        f = decl.match(text)
        if f is not None:
            return f"  [{outer}.{word}: field {f.group(1).strip()}, line {n}]"
    return ""


_SHELL_SPECIAL = frozenset({"cur", "prev", "words", "cword", "COMP_WORDS", "COMP_CWORD", "COMPREPLY", "IFS", "PATH",
                            "HOME", "PWD", "FUNCNAME", "BASH_REMATCH", "BASH_SOURCE", "OPTARG", "OPTIND"})

_GENERICS = re.compile(r"<[^<>]*>")
_IMPL_HEAD = re.compile(r"^(?:unsafe\s+)?impl\s+(?:!?(?P<trait>[\w:]+)\s+for\s+)?[&\s]*(?:'\w+\s+)?(?:mut\s+)?"
                        r"(?:dyn\s+)?(?:\*(?:const|mut)\s+)?(?:[\w:]+::)?(?P<type>\w+|\([^()]*\)|\[[^\[\]]*\]|!)")  # a name, a
# tuple, a slice, the never type (`impl IntoDeserializer for !`, serde run 355), a pointer's target


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


def rust_impls(idx: Any, trait: str) -> list[tuple[Any, str]]:
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
