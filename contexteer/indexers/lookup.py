"""Symbol lookups on the structure index: resolve a name in a file, rank search hits, semantic context.

`find_in_file` turns `symbol="Parser.parse_header"` into exactly one definition (of overloads sharing one
qualified name, the implementation) or a NotFoundError that lists the candidates (ambiguous) or close names
(unknown). `rank_definitions` orders search hits exact > prefix > substring > fuzzy, public before private,
then by reference count. `semantic_context` collects what a body refers to (resolved same file first, then
through the file's imports, then a unique definition anywhere) and who calls it (`find_callers`: one site per
line in the symbol's language family, innermost enclosing definition, marked by the evidence for it).
Nothing resolves past what the file can see (namesakes.py: its language family, C includes, Go packages); a full
name in a language's own form (`App\\Shop\\Cart::add`) is matched through qualify.py.
"""

from __future__ import annotations

import builtins
import dataclasses
import difflib
import logging
import posixpath
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from contexteer.errors import NotFoundError
from contexteer.indexers import languages, zig_names
from contexteer.indexers.jvm_args import JAVA_LIKE, array_declared, java_fit, written_type
from contexteer.indexers.model import Reference, Symbol, is_macro
from contexteer.indexers.namesakes import (
    REOPENED,
    go_import_names,
    go_package_names,
    go_std_package_names,
    include_closure,
    member_namesakes,
)
from contexteer.indexers.qualify import Qualifier, is_qualified, split_name
from contexteer.indexers.queries_sql import IndexQueries, per_generation
from contexteer.indexers.repomap import display_weight
from contexteer.indexers.resolve_base import package_dir, same_package
from contexteer.indexers.stdnames import DOTNET_TYPES
from contexteer.indexers.syntax import (
    CHAIN_LANGUAGES,
    SELF_WORDS,
    arity,
    bases_of,
    built_receiver,
    call_args,
    call_args_at,
    caught_type,
    configured,
    cs_namespaces,
    declared_as,
    declared_type,
    element_type,
    enclosing_namespaces,
    field_typed,
    generic_bound,
    generic_bounds,
    go_embedded,
    go_embedded_field,
    go_embedded_qualified,
    go_shape,
    inside_parens,
    jsdoc_type,
    kotlin_receiver,
    local_binding,
    local_bindings,
    macro_definition,
    named_type,
    opening_paren,
    param_types,
    python_overload_stub,
    receiver_chain,
    return_type,
    rust_file_in_module,
    rust_module_name,
    same_type,
    self_words,
    shown_param_types,
    takes_call,
    top_level,
    type_word,
    whole_header,
)
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

CONTEXT_KINDS = frozenset(
    {"class", "interface", "struct", "enum", "trait", "type", "function", "method", "constant", "module"}
)
CALLER_KINDS = frozenset({"function", "method", "class", "module"})
CONSTRUCTORS = frozenset({"__init__", "__new__", "constructor", "new", "__construct"})


def constructor_named_by_class(sym: Symbol) -> bool:
    """Whether the callers of `sym` are the places naming its class (`Config(..)` for `__init__`, `Config.new` for a
    Ruby `initialize`'s `new`); a Rust or Go `new` is an ordinary function, called as `ChunkProducer::new(..)` (rayon
    run 383: its callers had been the struct literals `ChunkProducer { .. }`, its three calls missed)."""
    return sym.name in CONSTRUCTORS and sym.parent_id is not None and (sym.name != "new" or sym.language == "ruby")
PY_BUILTINS = frozenset(dir(builtins))
#: Rust's prelude: `Err(...)` is Result's variant, not an associated type named Err somewhere in the crate
RUST_PRELUDE = frozenset({"Ok", "Err", "Some", "None", "Box", "Vec", "String", "Option", "Result", "Default", "Clone",
                          "ToString", "ToOwned", "Into", "From", "Iterator", "Drop", "Fn", "FnMut", "FnOnce"})


#: a Haskell import line: the module and its alias (`import qualified Data.Text as T`, `import Data.Map (Map)`)
_HASKELL_IMPORT = re.compile(r"^import\s+(?:qualified\s+)?(?:\"[^\"]*\"\s+)?([A-Z][\w.']*)(?:\s+qualified)?(?:\s+as\s+([A-Z][\w.']*))?")
FILE_LOCAL = frozenset({"lua"})  # languages whose private top-level definitions (`local x`) only their file sees


def seen_outside(s: Symbol) -> bool:
    """Whether another file can name `s`: not a Lua `local` (path.lua's `local currentdir = lfs.currentdir` is
    not what app.lua's `path.currentdir()` calls)."""
    return s.exported or s.language not in FILE_LOCAL


def bare_outside(s: Symbol) -> bool:
    """Whether a bare name in another file can mean `s`: in Lua only a global (`function helper()`), never a
    module table's field (`types.type` is not what `type(x)` calls) or a `local`; never a C++ method defined outside
    its class (`base_sink<Mutex>::base_sink()` in base_sink-inl.h is no `base_sink` class)."""
    return seen_outside(s) and (s.language not in FILE_LOCAL or s.qualname == s.name) and not cpp_out_of_class(s)


def cpp_out_of_class(s: Symbol) -> bool:
    """A C++ method stored at the top level of its file: defined outside its class (`void logger::log_it_(..)`)."""
    return s.language == "cpp" and s.kind == "method" and s.parent_id is None and "." in s.qualname


def usable(s: Symbol) -> bool:
    """Worth showing as context: types, functions, constants, and module-level variables (type aliases...); a
    Haskell record field, which is its accessor function too (`writerColumns opts`)."""
    return s.kind in CONTEXT_KINDS or (s.kind == "variable" and s.parent_id is None) \
        or (s.kind == "field" and s.language == "haskell")


def table_function(s: Any) -> bool:
    """A Lua table's function (`function path.isdir(P)`): no method, but called through its table as one is."""
    return s.kind == "function" and s.language == "lua" and "." in s.qualname


def usable_member(s: Symbol) -> bool:
    """A member worth showing as context: a method, or any usable definition."""
    return s.kind in ("method", "field", "property") or usable(s)


def loc(sym: Symbol) -> str:
    return f"{sym.path}:{sym.start_line}-{sym.end_line}"


def describe(sym: Symbol) -> str:
    return f"{loc(sym)} {sym.kind} {sym.qualname}"


@dataclass(frozen=True)
class Resolved(Symbol):
    """The definition `find_in_file` chose among same-named overloads: the implementation, its range widened
    over the overload signatures when nothing else lies between them, and the others it stands for."""

    overloads: tuple[Symbol, ...] = ()
    note: str | None = None  # "3 overloads: lines 67-67, 69-69; this is the implementation (204-230)"


def find_in_file(index: IndexQueries, path: str, symbol: str, qualifier: Any | None = None) -> Any:
    """The one definition `symbol` (plain or qualified name) names in `path`, or a NotFoundError that helps.

    Definitions sharing one qualified name are overloads of one thing (Python @overload stubs, TypeScript
    overload signatures, a getter and its setter): the answer is the widest (the implementation), see `Resolved`.
    A full name in the language's form (`App\\Shop\\Cart::add`) is matched through `qualifier`
    (qualify.Qualifier; one without the repository's layout is made when none is given)."""
    query = symbol.strip()
    in_file = index.symbols_in_file(path)
    exact_q = [s for s in in_file if s.qualname == query]
    if len(exact_q) == 1:
        return exact_q[0]
    named = exact_q or [s for s in in_file if s.name == query]
    if not named and "." in query:  # "Outer.method" may be written with a partial qualifier
        named = [s for s in in_file if s.qualname.endswith("." + query)]
    if not named and is_qualified(query):  # the language's own full name: `App\\Shop\\Cart::add`, `Shop::Cart#add`
        segs = split_name(query)
        ws = getattr(index, "ws", None)
        full = qualifier or Qualifier(index, (lambda rel: repo_text(ws, rel)) if ws is not None else (lambda rel: None))
        named = [s for s in in_file if split_name(s.qualname)[-1:] == segs[-1:] and full.matches(s, segs)]
    if not named and (typed := _by_params(index, path, query, qualifier)) is not None:
        return typed
    if len(named) == 1:
        return named[0]
    if len(named) > 1 and len({s.qualname for s in named}) == 1:
        return _callable_first(in_file, named) or _rust_inherent_first(index, named) or overloaded(in_file, named)
    if len(named) > 1:
        raise NotFoundError(_ambiguous(path, query, named))
    unknown = _unknown(index, path, query, in_file)
    if isinstance(unknown, Resolved):
        return unknown
    raise NotFoundError(unknown)


def _by_params(index: IndexQueries, path: str, query: str, qualifier: Any | None) -> Symbol | None:
    """`Digest.run(String, MessageDigest)`: the overload of that name taking those parameter types, as find_related
    and search_symbol read it (Commons Codec run 525: read_code_range had answered "no symbol"); None when `query`
    has no parameter list, a NotFoundError naming the overloads when none takes them."""
    from contexteer.indexers.syntax import overloads_taking, split_params

    if not re.fullmatch(r"[^()]+\(.*\)\s*", query):
        return None
    name, params = split_params(query)
    if params is None or "(" in name:
        return None
    try:
        found = find_in_file(index, path, name, qualifier)
    except NotFoundError:
        return None
    same = [found, *getattr(found, "overloads", ())]
    plain = [s for s in index.symbols_in_file(path) if s.id in {x.id for x in same}]
    if len(plain) == 1 and (ctors := _class_constructors(index, plain[0])):
        plain = ctors  # `CmdLineParser(Object, ParserProperties)`: a constructor of the class (args4j run 567)
    hit = overloads_taking(plain, params, shown_param_types("f" + query[query.find("("):]))
    if hit:
        return hit[0]
    have = "; ".join(f"{s.signature} (line {s.start_line})" for s in plain[:8])
    raise NotFoundError(f"no overload of '{name}' in {path} takes ({', '.join(params)}); there are: {have}")


def _class_constructors(index: IndexQueries, cls: Symbol) -> list[Symbol]:
    from contexteer.indexers import graph  # (graph builds on this module)

    return graph.constructors(index, cls)


def _callable_first(in_file: list[Symbol], same: list[Symbol]) -> Resolved | None:
    """A method and a property of one name (PHP's `private $merge` beside `function merge()`): the method, with where
    the property is; never "2 definitions of Type.merge" with the property as another (Nette run 430). None unless
    both kinds are there."""
    calls = [s for s in same if s.kind in ("function", "method")]
    rest = [s for s in same if s.kind not in ("function", "method")]
    if not calls or not rest:
        return None
    got = calls[0] if len(calls) == 1 else overloaded(in_file, calls)
    also = "; ".join(f"also a {s.kind} of that name at line {s.start_line}" for s in rest[:3])
    fields = {f.name: getattr(got, f.name) for f in dataclasses.fields(Symbol)}
    prior = got.note if isinstance(got, Resolved) else None
    return Resolved(**fields, overloads=tuple(getattr(got, "overloads", ())),
                    note=f"{prior}; {also}" if prior else also)


def _rust_inherent_first(index: IndexQueries, same: list[Symbol]) -> Resolved | None:
    """Rust: of a type's inherent method and trait impls' methods of one name (`Graph::neighbors` and `impl
    IntoNeighbors for &Graph`'s), the inherent one, which a method call on the type reaches, with where the others
    are; None unless exactly one of them is inherent."""
    if any(s.language != "rust" or s.kind != "method" for s in same):
        return None
    heads = {s.id: rust_impl_head(index, s) for s in same}
    inherent = [s for s in same if heads[s.id] is not None and rust_impl_trait(heads[s.id] or "") is None]
    if len(inherent) != 1:
        return None
    own = inherent[0]
    others = tuple(s for s in same if s.id != own.id)
    said = ", ".join(f"{s.start_line}-{s.end_line} (impl {rust_impl_trait(heads[s.id] or '') or '?'})" for s in others)
    fields = {f.name: getattr(own, f.name) for f in dataclasses.fields(Symbol)}
    return Resolved(**fields, overloads=others, note=(f"{len(same)} definitions of {own.qualname}: this is the inherent "
                                                      f"method; trait impls' at lines {said} (read them with start_line/end_line)"))


def _declaration_only(s: Symbol) -> bool:
    """A definition that only declares (an Elixir `@callback`/`@spec`/`@macrocallback`), no body to read."""
    return (s.signature or "").lstrip().startswith(("@callback", "@spec", "@macrocallback"))


def overloaded(in_file: list[Symbol], same: list[Symbol]) -> Resolved:
    """The implementation among definitions of one qualified name (widest range; the last on a tie), spanning
    the others too when no other definition lies between them."""
    # (a declaration is no implementation however wide: Elixir's two `@callback cmd(..)` lines span the docs between
    # them, 24-42, where `def cmd` is 104-120; the Mix A/B agent, run 239, read the callbacks first)
    impl = max(same, key=lambda s: (not _declaration_only(s), s.end_line - s.start_line, s.start_line))
    others = tuple(s for s in same if s.id != impl.id)
    first = min(s.start_line for s in same)
    last = max(s.end_line for s in same)
    ids = {s.id for s in same}
    between = [s for s in in_file if first <= s.start_line <= last and s.id not in ids
               and not any(o.start_line <= s.start_line and s.end_line <= o.end_line for o in same)]
    lines = ", ".join(f"{s.start_line}-{s.end_line}" for s in others)
    fields = {f.name: getattr(impl, f.name) for f in dataclasses.fields(Symbol)}
    statics = [x for x in same if re.search(r"\bstatic\b", (x.signature or "").split("(", 1)[0])]
    if not between:
        fields["start_line"], fields["end_line"] = first, last
        # (a static method and an instance method of one name are two methods: chevrotain's deprecated static
        # `performSelfAnalysis(parser)` had been "an overload" of the instance one, run 477)
        kinds = "a static method and an instance method of that name" if 0 < len(statics) < len(same) else "overloads"
        note = (f"{len(same)} definitions of {impl.qualname} ({kinds}): lines {lines} and "
                f"{'the instance method' if kinds != 'overloads' and impl not in statics else 'the implementation'} "
                f"{impl.start_line}-{impl.end_line}, shown together")
    else:
        which = "the widest" if not any(_declaration_only(s) for s in others) else "the one with a body"
        note = (f"{len(same)} definitions of {impl.qualname}: this is {which} ({impl.start_line}-{impl.end_line}); "
                f"the others are at lines {lines} (read them with start_line/end_line)")
    return Resolved(**fields, overloads=others, note=note)


def _ambiguous(path: str, query: str, named: list[Symbol]) -> str:
    """Candidates with different qualified names: a call per candidate, never the name just refused."""
    counts: dict[str, int] = {}
    for s in named:
        counts[s.qualname] = counts.get(s.qualname, 0) + 1
    calls = []
    for s in named[:20]:
        if s.qualname != query and counts[s.qualname] == 1:
            call = f"symbol='{s.qualname}'"
        else:
            call = f"start_line={s.start_line}, end_line={s.end_line}"
        calls.append(f"  {describe(s)}  -> read_code_range(path=\"{path}\", {call})")
    more = f"\n  … {len(named) - 20} more" if len(named) > 20 else ""
    return (f"symbol '{query}' is ambiguous in {path}: {len(named)} definitions match:\n" + "\n".join(calls) + more
            + "\nPass the qualified name or the line range of the one you mean, as in these calls.")


def _unknown(index: IndexQueries, path: str, query: str, in_file: list[Symbol]) -> str | Resolved:
    """No such definition in `path`: where else it is defined (same language first, never an import
    binding) and close names in the file; a member the class inherits from a base in the same file is that one."""
    info = index.file_info(path)
    lang = info.language if info is not None else None
    elsewhere = [s for s in index.symbols_named(query) if s.path != path and not _import_binding(s)]
    elsewhere.sort(key=lambda s: (language_family(s.language) != language_family(lang), s.kind not in CONTEXT_KINDS, not s.exported))
    elsewhere = elsewhere[:5]
    hint = ""
    if elsewhere:
        hint = " It is defined in: " + "; ".join(describe(s) for s in elsewhere) + f". Pass path='{elsewhere[0].path}'."
    segs = split_name(query)
    cls = [s for s in in_file if len(segs) > 1 and s.name == segs[-2] and s.kind in _CLASS_KINDS]
    got = inherited_member(index, cls[0], segs[-1]) if len(cls) == 1 else None
    if got is not None and got.path == path:  # `Expression.resolve_expression`: BaseExpression's, read in its place
        fields = {f.name: getattr(got, f.name) for f in dataclasses.fields(Symbol)}
        return Resolved(**fields, note=f"{segs[-2]} has no {segs[-1]} of its own: it inherits {got.qualname}, shown here")
    if got is not None:
        return (f"no symbol '{query}' in {path}: {segs[-2]} has no {segs[-1]} of its own; it inherits {describe(got)}. "
                f"Read it with read_code_range(path=\"{got.path}\", symbol=\"{got.qualname}\").")
    names = sorted({s.qualname for s in in_file} | {s.name for s in in_file})
    close = difflib.get_close_matches(query, names, n=5, cutoff=0.6)
    if not close:
        low = query.lower()
        close = [n for n in names if low in n.lower()][:5]
    near = f" Close names in {path}: {', '.join(close)}." if close else ""
    return (f"no symbol '{query}' in {path}.{hint}{near}"
            + ("" if hint or near else " Call get_structured_index(path=...) for the file's outline or search_symbol to find it."))


_IMPORT_SIGNATURE = re.compile(r"=\s*(?:await\s+)?(?:require|import)\s*\(|^import\b")


def _import_binding(sym: Symbol) -> bool:
    """A variable that only binds an import (`const X = require('x')`, from an index built before those
    stopped being definitions)."""
    return sym.kind in ("variable", "constant") and bool(_IMPORT_SIGNATURE.search(sym.signature or ""))


_FAMILIES = {"typescript": "js", "tsx": "js", "javascript": "js", "cpp": "c", "c": "c", "objc": "c",
             "java": "jvm", "kotlin": "jvm", "scala": "jvm", "css": "css", "scss": "css"}


def language_family(language: str | None) -> str | None:
    """Languages whose files use each other's definitions: JS/TS, C/C++, the JVM's Java/Kotlin/Scala, CSS/SCSS;
    every other language alone."""
    return _FAMILIES.get(language or "", language)


def match_tier(sym: Symbol, query: str) -> int:
    """0 exact, 1 exact ignoring case, 2 prefix, 3 substring, 4 fuzzy (on name and qualname)."""
    q = query.lower()
    if sym.name == query or sym.qualname == query:
        return 0
    name, qual = sym.name.lower(), sym.qualname.lower()
    if name == q or qual == q:
        return 1
    if "." not in q:  # a plain name is matched against names, a dotted one against qualified names too
        qual = name
    if name.startswith(q) or qual.startswith(q):
        return 2
    if q in name or q in qual:
        return 3
    return 4


def _rust_path_member(index: IndexQueries, qualifier: str, name: str, sym: Symbol) -> Any:
    """What a Rust path call `Qualifier::name(...)` names in the repository: a method of the type `Qualifier`, or
    a module-level function of the module file `qualifier.rs` / `qualifier/mod.rs`; the one nearest to the calling
    file when there are several, None when there is none."""
    cands = [s for s in index.symbols_named(name) if s.name == name and s.language == "rust" and s.id != sym.id]
    if not cands:
        return None
    module, qualifier = _rust_type_module(sym, qualifier)  # `teddy::Builder`: a Builder of the module teddy
    if qualifier[:1].isupper():
        types = [s for s in index.symbols_named(qualifier)
                 if s.name == qualifier and s.language == "rust" and s.kind in _CLASS_KINDS]
        if module is not None:  # (aho-corasick run 533: `teddy::Builder::new()` had been api.rs's own Builder::new)
            types = [t for t in types if rust_file_in_module(t.path, module)] or types
        owners = {t.id for t in types}
        hits = [c for c in cands if c.parent_id in owners]
    else:
        files = (f"{qualifier}.rs", f"{qualifier}/mod.rs")
        hits = [c for c in cands if c.parent_id is None and c.kind in ("function", "macro", "constant")
                and (c.path in files or c.path.endswith(tuple("/" + f for f in files)))]
    if not hits:
        return None
    here = sym.path.split("/")

    def shared(c: Any) -> int:
        there = c.path.split("/")
        n = 0
        while n < min(len(here), len(there)) and here[n] == there[n]:
            n += 1
        return n

    def inherent(c: Any) -> bool:  # `Graph::with_capacity` is the inherent method before `impl Create for Graph`'s
        impls = [i for i in index.symbols_in_file(c.path) if i.kind == "impl" and i.start_line <= c.start_line <= i.end_line]
        return not any(re.search(r"\bfor\b", i.signature or "") for i in impls)  # (review of this stop, petgraph)

    def top(c: Any) -> bool:  # a file's own type before one of an inline `mod fallback { .. }` (a cfg alternative)
        owner = index.get_symbol(c.parent_id) if c.parent_id is not None else None
        return owner is None or owner.parent_id is None

    return max(hits, key=lambda c: (inherent(c), shared(c), top(c), -len(c.path)))


_KIND_ORDER = {"class": 0, "interface": 0, "struct": 0, "enum": 0, "trait": 0, "type": 0, "function": 0,
               "method": 1, "module": 1, "constant": 2}


def rank_definitions(syms: list[Symbol], query: str, ref_counts: dict[str, int], *,
                     primary: dict[int, int] | None = None) -> list[Symbol]:
    """Exact > prefix > substring > fuzzy (closest first), then public before private, then most referenced;
    of a reopened class, the definition `primary` ranks first (see `reopened_rank`)."""
    q = query.lower()
    order = primary or {}

    def key(s: Symbol) -> tuple[Any, ...]:
        tier = match_tier(s, query)
        close = -difflib.SequenceMatcher(None, q, s.name.lower()).ratio() if tier == 4 else 0.0
        # ties (same name, same count): module level before nested, types and functions before the
        # rest, non-test files before test files
        return (tier, close, order.get(s.id, 0), not s.exported, _restricted(s), is_prototype(s),
                -ref_counts.get(s.name, 0),
                display_weight(s.path) < 1,
                s.parent_id is not None, _KIND_ORDER.get(s.kind, 3), s.path, s.start_line)

    return sorted(syms, key=key)


_HEADERS = (".h", ".hh", ".hpp", ".hxx", ".h++")


def body_of(cands: list[Symbol], index: IndexQueries | None = None) -> Any:
    """The first candidate, or when it is one of a TypeScript function's overload signatures (same name, same
    file), the implementation: the one with the body; of a C name's #if variants, the one the usual build reads."""
    first = cands[0]
    if first.language == "python" and index is not None and len(cands) > 1:
        # `if TYPE_CHECKING: def LazyClassAttribute(..)` / `else: class LazyClassAttribute`: what runs is meant
        lines = lines_of(index, first.path)
        runtime = [s for s in cands if not (s.path == first.path and type_checking_only(lines, s.start_line))]
        if runtime and len(runtime) < len(cands):
            cands, first = runtime, runtime[0]
    if first.kind not in ("function", "method"):
        if first.language == "csharp" and len(cands) > 1 and first.kind in _CLASS_KINDS:
            # a partial class's parts: its main file (PyObject.cs, not PyObject.IConvertible.cs), else the largest part
            parts = [s for s in cands if s.name == first.name and s.kind == first.kind]
            return min(parts, key=lambda s: (posixpath.basename(s.path) != f"{s.name}.cs", s.start_line - s.end_line))
        return first
    same = [s for s in cands if s.path == first.path and s.name == first.name and s.parent_id == first.parent_id
            and s.kind == first.kind]
    if len(same) > 1 and first.language in ("c", "cpp") and index is not None:
        chosen = configured(lines_of(index, first.path), same)
        if chosen is not None:
            return chosen
    if len(same) > 1 and first.language == "python" and index is not None:  # an `@overload` stub is no body
        lines = lines_of(index, first.path)
        same = [s for s in same if not python_overload_stub(lines, s.start_line)] or same
    return max(same, key=lambda s: (s.end_line - s.start_line, -s.start_line)) if same else first


def type_checking_only(lines: list[str], line: int) -> bool:
    """Whether a Python line sits in an `if TYPE_CHECKING:` block (seen by type checkers only, never run)."""
    if not 0 < line <= len(lines):
        return False
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    for n in range(line - 2, -1, -1):
        text = lines[n]
        lead = len(text) - len(text.lstrip())
        if not text.strip() or text.lstrip().startswith("#") or lead >= indent:
            continue
        if re.match(r"\s*if\s+(?:typing\.)?TYPE_CHECKING\s*:", text):
            return True
        if lead == 0:
            return False
        indent = lead
    return False


def is_prototype(sym: Symbol) -> bool:
    """A C/C++ function declared on one line of a header (`void workingset_activation(struct folio *folio);`):
    where it is defined is what a question about it means, so the definition ranks and resolves first."""
    if sym.language == "elixir":  # a behaviour's `@callback cmd(command :: String.t()) :: integer`: a declaration
        return (sym.signature or "").lstrip().startswith(("@callback", "@macrocallback"))
    if sym.language not in ("c", "cpp") or sym.kind != "function" or not sym.path.endswith(_HEADERS):
        return False
    # a prototype over two or more lines (`extern int ext4_ext_remove_space(struct inode *inode, ext4_lblk_t start,`
    # / `ext4_lblk_t end);` read as a second definition): a short non-inline function in a header is one too
    sig = sym.signature or ""
    if sig.lstrip().startswith("#define"):  # a one-line macro is its own definition (libevent's no-op lock variant)
        return False
    # (only `extern` says so without the text: `int area(Square s)` over four lines of a header is a body)
    return sym.start_line == sym.end_line or (sym.end_line - sym.start_line <= 5 and sig.lstrip().startswith("extern")
                                              and "(" in sig)


def cpp_class_of(index: IndexQueries, sym: Symbol) -> Symbol | None:
    """The class of a C++ method defined outside its body (`void logger::log_it_(..)` in logger-inl.h): the class
    its qualified name names, the one in a file of the same stem (logger.h) when several share the name."""
    if "." not in sym.qualname:
        return None
    owner = sym.qualname.rsplit(".", 1)[0].rsplit(".", 1)[-1]
    found = [s for s in index.symbols_named(owner) if s.name == owner and s.kind in ("class", "struct")
             and s.language == "cpp" and s.end_line > s.start_line]
    if len(found) > 1:
        stem = re.sub(r"(?:-inl|_impl|_inl)?\.\w+$", "", sym.path.rsplit("/", 1)[-1])
        found = [s for s in found if re.sub(r"\.\w+$", "", s.path.rsplit("/", 1)[-1]) == stem] or found
    return found[0] if len(found) == 1 else None


#: C++ templates whose value is used through `->`/`.` as the object they hold
_CPP_HOLDERS = frozenset({"shared_ptr", "unique_ptr", "weak_ptr", "optional", "reference_wrapper", "atomic"})


def _cpp_own_returned(index: IndexQueries, defs: dict[str, list[Symbol]], site: Caller, method: str) -> str | None:
    """What the method `method` of the class around a C++ call site returns (`impl()` of UnitTest: UnitTestImpl)."""
    enc = enclosing(_symbols_of(index, defs, site.path), site.line)
    if enc is None:
        return None
    cls = next((s for s in _symbols_of(index, defs, site.path) if s.id == enc.parent_id and s.kind in _CLASS_KINDS), None) \
        or (cpp_class_of(index, enc) if enc.kind == "method" else None)
    got = member_of_type(index, cls.name, method, enc, []) if cls is not None else None
    return return_type(got[0].signature or "", "cpp") if got is not None else None


def cpp_specialization(index: IndexQueries, member: Symbol) -> bool:
    """Whether a C++ member belongs to a specialization of a template (`template<> struct formatter<X, char>`),
    usually of another library's template that shares the repository class's name."""
    cls = next((s for s in index.symbols_in_file(member.path) if s.id == member.parent_id), None)
    return cls is not None and re.search(rf"\b(?:struct|class)\s+{re.escape(cls.name)}\s*<", cls.signature or "") is not None


def _is_class(index: IndexQueries, name: str) -> bool:
    return any(s.name == name and s.kind in ("class", "struct", "interface") for s in index.symbols_named(name))


def _template_args(text: str) -> list[str]:
    """The top-level comma-separated arguments of a template argument list (`Foo, Deleter<A, B>`)."""
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += (ch in "<([") - (ch in ">)]")
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    return [*out, cur.strip()]


def cpp_type(index: IndexQueries, typed: str, depth: int = 0) -> str:
    """The class a C++ type names, as a member lookup needs it: `std::shared_ptr<spdlog::async_logger>` and
    `async_logger_ptr` (`using async_logger_ptr = std::shared_ptr<spdlog::async_logger>;`) are async_logger,
    `const details::log_msg &` log_msg, `base_sink<Mutex>` base_sink."""
    t = re.sub(r"^\s*(?:(?:const|volatile|typename|struct|class)\s+)+", "", typed).strip()
    t = re.sub(r"(?:\s*(?:const|[*&]))+\s*$", "", t).strip()
    m = re.fullmatch(r"(?:\w+::)*(\w+)\s*<(.*)>", t)
    if m and m.group(1) in _CPP_HOLDERS and depth < 4:
        first = _template_args(m.group(2))[0] if m.group(2).strip() else ""
        return cpp_type(index, first, depth + 1) if first else m.group(1)
    base = re.sub(r"<.*", "", t).strip().rsplit("::", 1)[-1]
    if depth < 4 and base:
        for s in index.symbols_named(base):
            if s.name != base or s.kind != "type" or s.language != "cpp":
                continue
            sig = " ".join((s.signature or "").split())
            alias = re.match(rf"using\s+{re.escape(base)}\s*=\s*(.+?);?$", sig) or \
                re.match(rf"typedef\s+(.+?)\s+{re.escape(base)}\s*;?$", sig)
            if alias and cpp_type(index, alias.group(1), depth + 1) != base:
                return cpp_type(index, alias.group(1), depth + 1)
    return base


def cpp_member_declaration(index: IndexQueries, sym: Symbol) -> bool:
    """A C++ method declared on one line of its class and defined elsewhere (`void log_it_(..);` in spdlog's
    logger.h, its body `void logger::log_it_(..) {..}` in logger-inl.h): a declaration, as a C prototype is."""
    if sym.language != "cpp" or sym.kind != "method" or sym.end_line - sym.start_line > 5:
        return False
    lines = lines_of(index, sym.path)
    text = " ".join(re.sub(r"//.*", "", lines[n - 1]) for n in range(sym.start_line, sym.end_line + 1) if 0 < n <= len(lines))
    text = re.sub(r"/\*.*?\*/|\{\s*\}(?=\s*[,)])", "", text)  # (a `= {}` default argument is no body)
    # (`periodic_worker(const periodic_worker &) = delete;` declares no body defined elsewhere)
    return "{" not in text and text.rstrip().endswith(";") and not re.search(r"=\s*(?:delete|default|0)\s*;", text)


def fold_cpp_declarations(index: IndexQueries, syms: list[Symbol]) -> tuple[list[Symbol], dict[int, list[Symbol]]]:
    """`syms` with each C++ method's in-class declarations left out when one definition of that qualified name
    remains (overloads defined apart stay apart), and for each kept definition the declarations it stands for."""
    groups: dict[str, list[Symbol]] = {}
    for s in syms:
        if s.language == "cpp" and s.kind == "method":
            groups.setdefault(s.qualname, []).append(s)
    dropped: set[int] = set()
    folded: dict[int, list[Symbol]] = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        decls = [s for s in group if cpp_member_declaration(index, s)]
        bodies = [s for s in group if s not in decls and not re.search(r"=\s*(?:delete|default)\s*$", s.signature or "")]
        if len(bodies) == 1 and decls:
            folded[bodies[0].id] = decls
            dropped.update(d.id for d in decls)
    return [s for s in syms if s.id not in dropped], folded


def _definition_of(index: IndexQueries, proto: Symbol) -> Symbol | None:
    """The one definition (a body, outside a header) of a C/C++ function a header declares; None when there is
    none or several (static functions of the same name in different files)."""
    defs = [s for s in index.symbols_named(proto.name) if s.name == proto.name and s.kind == "function"
            and language_family(s.language) == "c" and not s.path.endswith(_HEADERS) and s.end_line > s.start_line]
    return defs[0] if len(defs) == 1 else None


def _restricted(sym: Symbol) -> bool:
    """Rust `pub(crate)` / `pub(super)` / `pub(in path)`: public inside the crate only, so after a plain `pub`
    namesake (tokio's JoinHandle is the `pub struct`, not the `pub(crate)` one in a cfg_not_rt! block)."""
    return sym.language == "rust" and (sym.signature or "").startswith("pub(")


@dataclass
class Caller:
    symbol: Any | None  # the innermost enclosing definition, None at module level
    path: str
    line: int
    how: str = "name only"  # same file | import | same package | receiver | receiver type | name only
    receiver: bool | None = None  # for a method: the call's receiver is self/this, named like its class or typed as it
    receiver_name: str | None = None  # the receiver as written (`h` in `h.truncateMemory(...)`)
    against: bool = False  # the syntax says it is another type's method (`self.x()` in an unrelated class)
    overload: str | None = None  # left out as a call of this other overload (`resolve()`, by its argument count)
    maybe: str | None = None  # kept, though its arguments (types unknown) fit this other overload as well
    runs: Symbol | None = None  # Rust: the impl's own method run instead of the trait's provided one (BytesMut's put)

    @property
    def confident(self) -> bool:
        return self.how != "name only"


@dataclass
class Semantic:
    definitions: list[tuple[Symbol, str]] = field(default_factory=list)  # (symbol, how: same file|import|unique)
    callers: list[Caller] = field(default_factory=list)  # best evidence first (see find_callers)
    callers_total: int = 0  # call sites (one per line) in the symbol's language family
    callers_name_only: int = 0  # of which matched by name only: maybe another type's method of that name
    unresolved: list[str] = field(default_factory=list)
    more: int = 0  # names of the body not looked up once max_defs definitions were found
    more_names: list[str] = field(default_factory=list)  # those names, in the order the body uses them
    brief: list[Symbol] = field(default_factory=list)  # past max_defs: the next names resolved, shown by name and place


def holds_code(s: Symbol) -> bool:
    """Whether a definition's lines are code another line can sit in: a function, method or class, or a C#
    property or indexer whose accessors have bodies (`public T Current { get { ... } }`, kind field), a Swift
    computed property (`var eventName: String { switch self { ... } }`), a make target
    and a make variable set over several lines (a search hit in Makefile.am names `CLEANFILES` or `install-data-hook`).
    A Ruby module's body holds code (`include SQL::Constants` in `module Sequel` makes it a mixer); a search hit's
    label leaves out a file's outermost one (symbols.enclosing_notes)."""
    return s.kind in _HOLDERS or (s.kind == "field" and s.language == "csharp" and s.end_line > s.start_line) \
        or (s.kind in ("variable", "field") and s.language == "swift" and s.end_line > s.start_line) \
        or (s.language == "make" and (s.kind == "target" or s.end_line > s.start_line)) \
        or (s.kind == "module" and s.language in ("scala", "kotlin", "ruby")) \
        or (s.kind in ("variable", "constant") and s.parent_id is None and s.end_line > s.start_line
            and s.language in _JS_FAMILY)  # `export const $ZodRecord = core.$constructor("..", (inst, def) => {..})`


#: JavaScript and TypeScript: a module-level const over lines holds the closures it is built from (zod's every schema
#: constructor; its calls had read "top level")
_JS_FAMILY = frozenset({"javascript", "typescript", "tsx"})

#: a trait's or an interface's body holds code too (Scala `private var _tasksupport = defaultTaskSupport` in trait
#: ParIterableLike was "top level")
_HOLDERS = (CALLER_KINDS - {"module"}) | {"trait", "interface", "struct", "enum", "impl", "test"}


def enclosing(symbols: list[Symbol], line: int) -> Symbol | None:
    """The innermost function/method/class (or C# property) containing `line`."""
    best = None
    for s in symbols:
        if s.start_line <= line <= s.end_line and holds_code(s):
            if best is None or (s.end_line - s.start_line) <= (best.end_line - best.start_line):
                best = s
    return best


def enclosing_shown(symbols: list[Symbol], line: int) -> Symbol | None:
    """The definition a line is shown in: `enclosing`, or inside a class the Kotlin, Scala or Java property whose
    initializer runs over lines (`private val elementConverter = converterProvider.obtainTypeConverter(\n ..)`, a
    `by lazy { .. }`): expo's converters read as calls from the whole class."""
    enc = enclosing(symbols, line)
    if enc is None or enc.kind not in _CLASS_KINDS or enc.language not in ("kotlin", "scala", "java"):
        return enc
    held = [s for s in symbols if s.kind in ("field", "variable") and s.parent_id == enc.id
            and s.start_line <= line <= s.end_line and s.end_line > s.start_line]
    return held[0] if held else enc


def semantic_context(
    index: IndexQueries,
    sym: Symbol,
    resolve_imports: Callable[[str], dict[str, list[str]]],
    *,
    max_defs: int = 15,
    max_callers: int = 10,
    extra_names: Iterable[str] = (),
    bound: Iterable[str] = (),
    members: dict[str, set[str]] | None = None,
    paths: dict[str, set[str]] | None = None,
    field_reads: bool = False,
    calls: Iterable[str] = (),
) -> Semantic:
    """Definitions the body of `sym` refers to and the callers of `sym`.

    `resolve_imports(path)` maps each imported name of `path` (and '*' for whole-module imports) to the
    repository files it resolves to. `extra_names` are identifiers the body uses as values
    (`uses.names_used`), beyond the stored references: they may be locals, so they resolve only to a
    module-level definition of the same file or to a name the file imports explicitly. `bound` are the
    names the body binds (parameters, local assignments: `uses.names_in`): locals, never resolved.
    `members` (name -> receivers, from the same walk) says which stored references were only read off
    an object: `self.x` resolves in the method's own class, `mod.x` in an imported module, `Cls.x` in that
    class; `response.read()` on anything else is not guessed (another type's read is as likely). `field_reads`: the
    members read off this/self that are no stored reference (`$this->styleStack`) count too, resolved to the class's
    own fields and properties or left out (a semantic read: "which fields does it use"). `calls`: the names the body
    calls (a method, not a same-named field, when a chain's type has both).
    """
    out = Semantic()
    body = _Body(index, sym, resolve_imports, extra_names=extra_names, bound=bound, members=members, paths=paths)
    body.call_names = set(calls)
    fields = {n for n, r in (members or {}).items() if r & _SELF and n not in body.names and n in body.member_of} \
        if field_reads else set()
    body.names += sorted(fields)
    seen: set[int] = set()
    names = list(body.names)
    guessed: list[Found] = []  # methods named by name only: after everything resolved (ESLint's rules: a dozen
    # `sourceCode.getTokenBefore(..)` guesses had pushed the imported CodePath class past the list's end)
    for n, name in enumerate(names):
        if len(out.definitions) >= max_defs:
            # the next ones resolved too, shown by name and place only (client_golang run 281: HandlerForTransactional's
            # gzipPool, HTTPErrorOnError and contentTypeHeader were "not looked up", a search away)
            rest = names[n:]
            for nm in rest[:_MAX_BRIEF]:
                more = body.own_field(nm) if nm in fields else body.resolve(nm)
                if isinstance(more, tuple) and more[1] != _GUESSED and more[0].id not in seen:
                    seen.add(more[0].id)
                    out.brief.append(more[0])
                elif (isinstance(more, tuple) and more[1] == _GUESSED) or (
                        not isinstance(more, tuple) and index.find_symbols(nm, match="exact", limit=1)):
                    # (a guess, or a name the index defines that did not resolve here, as the note before
                    # brief names said it: raft's Leader, ErrNotLeader, logFuture, review of 6a1f0ed)
                    out.more += 1
                    out.more_names.append(nm)
            out.more += max(0, len(rest) - _MAX_BRIEF)  # and which of them the index defines somewhere (no local)
            out.more_names += [nm for nm in rest[_MAX_BRIEF:_MAX_BRIEF + 40] if index.find_symbols(nm, match="exact", limit=1)]
            break
        found = body.own_field(name) if name in fields else body.resolve(name)
        if found is _SKIP or (found is None and name in fields):
            continue
        if found is None:
            out.unresolved.append(name)
            continue
        assert isinstance(found, tuple)
        holder = index.get_symbol(found[0].parent_id) if found[0].parent_id is not None and found[0].kind in ("method", "constructor") else None
        if holder is not None and holder.name == found[0].name and holder.kind in _CLASS_KINDS and found[1] == "base class":
            # a class's name is the class, never its constructor found as an inherited member (tclap run 596: the `Arg`
            # of `Arg::blankChar()` was said to use `Arg(const Arg& rhs)`, the private copy constructor)
            found = (holder, found[1])
        if found[0].id in seen:
            continue
        seen.add(found[0].id)
        (guessed if found[1] == _GUESSED else out.definitions).append(found)
    room = max(0, min(_MAX_GUESSED, max_defs - len(out.definitions)))
    out.definitions += guessed[:room]
    if len(guessed) > room:
        out.more += len(guessed) - room
        out.more_names += [g.name for g, _ in guessed[room:]]
    callee = sym.name
    if constructor_named_by_class(sym):  # callers of __init__ are the places naming the class
        parent = next((s for s in body.in_file if s.id == sym.parent_id), None)
        callee = parent.name if parent else callee
    if max_callers and callee:
        itself: list[int] = []  # its recursive calls are callers too (augment_path's three had been left out)
        sites = find_callers(index, sym, callee, resolve_imports, recursive=itself)
        sites += [Caller(sym, sym.path, n, "same file", receiver=True) for n in sorted(itself)]
        out.callers_total = len(sites)
        out.callers_name_only = sum(1 for c in sites if c.how == "name only")
        out.callers = sites[:max_callers]
        for c in out.callers:
            c.symbol = enclosing(body.syms_of(c.path), c.line)
    return out


class ReceiverResolver:
    """`name` called on the one receiver `r` in the body of `sym`, resolved as semantic_context resolves a member
    call (callees split a name called on values of different types by receiver)."""

    def __init__(self, index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                 members: dict[str, set[str]], paths: dict[str, set[str]]) -> None:
        self.body = _Body(index, sym, resolve_imports, extra_names=(), bound=(), members=members, paths=paths)
        self.body.called = True  # calls only: `.fat(..)` is Builder's method fat, not its field fat
        self.paths = paths
        self.resolve_imports = resolve_imports
        self._outside: dict[str, Any] = {}

    def __call__(self, name: str, r: str) -> Found | None:
        # a Rust path call's own qualifier only: `Vec::new()` is no `Holder::new()` another line writes
        paths = self.paths
        self.body.paths = {**paths, name: paths[name] & {r}} if name in paths else paths
        try:
            return self.body.by_receiver(name, {r})
        finally:
            self.body.paths = paths

    def outside_module(self, r: str) -> bool:
        """Whether `r` is a Python module or name imported from outside the repository (`sys` in `sys.exit(..)`):
        its calls are never the repository's method another receiver of the name reaches (click: Context.exit)."""
        sym = self.body.sym
        if sym.language != "python" or not re.fullmatch(r"\w+", r):
            return False
        lines = _file_lines(getattr(self.body.index, "ws", None), sym.path, self.body.texts)
        return r in _python_outside_names(self.body.index, self._outside, lines, sym.path, self.resolve_imports)

    def outside_type(self, r: str) -> str | None:
        """The type a receiver is declared with when the repository defines no type of that name (`ctx.seen` with
        `seen: Map<schemas.$ZodType, Seen>` in ctx's interface: a `Map`); None when unknown or the repository's."""
        if not r or r in _SELF or not re.fullmatch(r"[\w$]+(?:\.[\w$]+)*", r):
            return None
        typed = self.body._chain_type(r.split("."))
        if self.body.sym.language == "rust":  # `matches: &mut [bool]`, `name: &str`, `(a, b)`: the language's own
            # types (regex run 388: `matches.len()` had been SparseSet::len)
            own = typed or _rust_param_type(self.body.sym.signature or "", r)
            bare = re.sub(r"^(?:&\s*(?:'\w+\s+)?(?:mut\s+)?|\*(?:const|mut)\s+)+", "", (own or "").strip())
            if bare.startswith(("[", "(")) or bare in _RUST_PRIMITIVES:
                return bare
        base = re.sub(r"[<\[(].*", "", typed or "").strip().lstrip("*&").rsplit(".", 1)[-1].strip()
        # (a Rust `impl Replacer for Vec<u8>` is named Vec but defines no Vec: regex run 405's `self.prog.matches
        # .len()` on a Vec had been SparseSet::len)
        if not re.fullmatch(r"[A-Z]\w*", base) or base in _WRAPPER_TYPES or base in ("Self", "This") \
                or re.fullmatch(r"[A-Z]\d?|T[A-Z]\w*", base) \
                or any(s.kind != "impl" for s in self.body.index.symbols_named(base) if s.name == base):
            return None  # (a type parameter, a TypeVar or alias the repository defines: review of 69cc434)
        text = "\n".join(_file_lines(getattr(self.body.index, "ws", None), self.body.sym.path, self.body.texts))
        if re.search(rf"\bas\s+{re.escape(base)}\s*(?:,|\}}|$)", text, re.M):  # (an import's, not a cast `x as Map<..>`)
            return None  # `import Runner as BaseRunner`, `import {{ Runner as BaseRunner }}`: a repository type renamed
        return base


def _rust_param_type(signature: str, name: str) -> str | None:
    """The type a Rust function's header gives its parameter `name` (`matches: &mut [bool]`), or None."""
    m = re.search(rf"[(,]\s*(?:mut\s+)?{re.escape(name)}\s*:\s*([^,)]+(?:\)[^,)]*)?)", signature)
    return m.group(1).strip() if m else None


#: Rust's primitive types, whose methods are the language's
_RUST_PRIMITIVES = frozenset({"str", "bool", "char", "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64",
                              "i128", "isize", "f32", "f64"})
#: types that hold a value whose members are called through them (`Optional[Foo]`, `Box<Node>`, `shared_ptr<T>`): a
#: receiver declared with one is no library value
_WRAPPER_TYPES = frozenset({
    "Optional", "Union", "Annotated", "Final", "ClassVar", "Type", "Option", "Box", "Rc", "Arc", "RefCell", "Cell",
    "Mutex", "RwLock", "Ref", "RefMut", "Weak", "Pin", "Cow", "Readonly", "Partial", "Required", "NonNullable",
    "Awaited", "Lazy", "Provider", "AtomicReference", "WeakReference", "SoftReference",
})


def receiver_resolver(index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]],
                      members: dict[str, set[str]], paths: dict[str, set[str]]) -> ReceiverResolver:
    """A ReceiverResolver for the body of `sym`."""
    return ReceiverResolver(index, sym, resolve_imports, members, paths)


_MAX_GUESSED = 6  # of those, at most this many listed (the rest named, to look up)
_MAX_BRIEF = 30  # names past the uses list's limit resolved and shown by name and place
#: how a method named by its distinctive name alone is said (_Body._only_method)
_GUESSED = "by name only: the one method so named, the receiver's type unknown"

#: multi-word methods of Python's standard library types, called on values whose type the index cannot tell
_PY_LIBRARY_METHODS = frozenset({
    "total_seconds", "add_argument", "add_parser", "add_subparsers", "get_nowait", "put_nowait", "set_result",
    "set_exception", "add_done_callback", "run_until_complete", "create_task", "call_soon", "call_later", "is_alive",
    "is_set", "is_dir", "is_file", "is_absolute", "read_text", "write_text", "read_bytes", "write_bytes",
    "with_suffix", "with_name", "relative_to", "as_posix", "get_event_loop", "run_in_executor", "send_bytes",
    "recv_bytes", "move_to_end", "most_common", "add_section", "has_option", "has_section", "set_defaults",
    "parse_args", "parse_known_args", "format_map", "to_bytes", "from_bytes", "bit_length", "is_integer",
    "as_integer_ratio", "fromisoformat", "isoformat", "utcoffset", "get_content", "set_content", "get_payload",
    "set_payload", "add_header", "get_all", "get_param", "set_param",
})
#: the languages whose values often carry no declared type (a typed language's unknown receiver is a library type's)
def _receiver_with_type(said: str | None, word: str, typed: str) -> str:
    """`awaitable: Awaitable`: a receiver named with the type it is declared with, unless it already says one."""
    return said if said and ":" in said else f"{word}: {typed}"


def python_passes_on(lines: list[str], name: str) -> int | None:
    """The line of a Python module's `from x import name` (or a parenthesized list over lines holding it)."""
    word = re.compile(rf"(?<![\w.]){re.escape(name)}(?![\w])(?!\s+as\b)")
    opened: int | None = None  # the line of an open `from x import (`
    for k, line in enumerate(lines, 1):
        stripped = line.split("#", 1)[0]
        if re.match(r"\s*from\s+[\w.]+\s+import\b", stripped):
            if word.search(stripped.split("import", 1)[1]):
                return k
            opened = k if "(" in stripped and ")" not in stripped else None
        elif opened is not None:
            if word.search(stripped):
                return k
            if ")" in stripped:
                opened = None
    return None


_PHP_CLASSLIKE = frozenset({"class", "interface", "trait", "enum"})


def _php_namespace_at(syms: list[Symbol], line: int) -> str | None:
    """The PHP namespace in force at `line`: the innermost block around it, else the last statement-form one above;
    "" for the global namespace; None when the file's namespaces cannot be told (none indexed yet a block form)."""
    spaces = [s for s in syms if s.kind == "namespace" and s.start_line <= line]
    around = [s for s in spaces if s.end_line >= line and s.end_line > s.start_line]
    stated = [s for s in spaces if s.end_line == s.start_line]
    if not around and not stated:
        return ""
    return max(around or stated, key=lambda s: s.start_line).name.strip("\\")


_UNTYPED_VALUES = frozenset({"python", "ruby", "javascript", "typescript", "tsx", "lua", "php", "elixir"})

#: `_Body.resolve`'s answer for a name that is neither reported nor resolved (a local, a builtin, a member of an
#: object whose type is unknown)
_SKIP = object()
Found = tuple[Symbol, str]


class _Body:
    """What one definition's body refers to, and how each name resolves (semantic_context's state)."""

    def __init__(self, index: IndexQueries, sym: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *,
                 extra_names: Iterable[str], bound: Iterable[str], members: dict[str, set[str]] | None,
                 paths: dict[str, set[str]] | None) -> None:
        self.index, self.sym, self.resolve_imports = index, sym, resolve_imports
        self.in_file: list[Symbol] = index.symbols_in_file(sym.path)
        inside = {s.name for s in self.in_file if sym.start_line <= s.start_line and s.end_line <= sym.end_line
                  and s.id != sym.id} | set(bound)
        self.names: list[str] = []
        # a range read's block heads (`if let p = props as? SafeAreaControllable {` above the line) are read too
        heads = [index.references_in_range(sym.path, h, h) for h in getattr(sym, "block_heads", ())]
        for ref in [r for refs in heads for r in refs] + index.references_in_range(sym.path, sym.start_line, sym.end_line):
            if ref.name == sym.name and ref.line == sym.start_line:
                continue  # its own head (Elixir's `def run(args) do` is a call node)
            if ref.name not in inside and ref.name not in self.names:
                self.names.append(ref.name)
        extra = list(extra_names)
        self.strict = {n for n in extra if n not in inside and n not in self.names and n != sym.name}
        self.names += [n for n in dict.fromkeys(extra) if n in self.strict]
        self.python = sym.path.endswith((".py", ".pyi"))
        self.imported = resolve_imports(sym.path)
        self.import_files = sorted({f for fs in self.imported.values() for f in fs})
        self.member_of = {n: r for n, r in (members or {}).items() if n not in set(extra)}
        self.paths = paths or {}
        # a class's own body (callees of a whole class): bare calls are on its objects, its bases' members
        self.own_class = sym if sym.kind in _CLASS_KINDS - {"module", "impl"} and sym.language in _IMPLICIT_SELF \
            else next((s for s in self.in_file if s.id == sym.parent_id), None)
        if self.own_class is None and sym.language == "cpp" and sym.kind == "method":
            self.own_class = cpp_class_of(index, sym)  # `void logger::log_it_(..)` in logger-inl.h: logger's fields
        self.family = language_family(sym.language)
        self.go = sym.language == "go"
        # Go names another package's definitions only through its name (`timer.Timer`, `time.Duration`): the
        # package a qualifier names decides, a bare name is the file's own package's
        self.go_packages = go_package_names(index, sym.path) if self.go else set()
        self._closure: set[str] | None = None  # C/C++: the files the file includes, directly or not (on demand)
        self._alias_modules: dict[str, tuple[list[str], list[str]]] = {}  # Haskell: an alias -> its modules, then what they re-export
        self._file_syms: dict[str, list[Symbol]] = {}
        self.texts: dict[str, list[str]] = {}  # file lines read for local declarations, once per answer
        self._aliases: dict[str, str] | None = None  # Elixir: the file's aliases (on demand)
        self._decl_cache: dict[str, list[Symbol]] = {}  # symbols per file, for typing chains of reads
        self._import_names: set[str] | None = None  # the names the file's imports bind (on demand)
        self._aliases_py: dict[str, tuple[str, str]] | None = None  # Python: import aliases (python_import_aliases)
        self._outside: set[str] | None = None  # Python: names bound to modules from outside the repository
        self.called: bool | None = None  # True when every name resolved is a call (callees), None when unknown
        self.call_names: set[str] = set()  # the names known to be called (`.fat(..)`: Builder's method, not its field)

    def syms_of(self, path: str) -> list[Symbol]:
        if path not in self._file_syms:
            self._file_syms[path] = self.index.symbols_in_file(path)
        return self._file_syms[path]

    def visible(self, path: str) -> bool:
        """C/C++: a definition the file can see through its includes (a macro of a vendored library it does not
        include is another program's); Haskell: a module its imports reach, directly or through re-exports (the
        TWiki reader's `literal` is not what OPML's `literal` from Text.DocLayout means); elsewhere any file of the
        family."""
        if self.family not in ("c", "haskell") or path == self.sym.path:
            return True
        if self._closure is None:
            self._closure = include_closure(self.sym.path, self.resolve_imports)
        return path in self._closure

    # ----- one name --------------------------------------------------------------------------
    def resolve(self, name: str) -> Found | object | None:
        """The definition `name` means here, _SKIP when it is not reported at all, None when unresolved."""
        if self.sym.language == "rust":  # `EdgeIndex::end()`: the type the path names, never another's `end`
            typed_paths = sorted(p for p in self.paths.get(name, set()) if p.rpartition("::")[2][:1].isupper())
            for r in typed_paths:  # (petgraph run 321)
                typed = _rust_path_member(self.index, r, name, self.sym)
                if typed is not None:
                    return typed, "path"
            # `Token::default()` on a type that derives it: no same-file `ArrayToken::default` (crossbeam-channel
            # run 432 read it under "complete")
            if typed_paths and "Self" not in typed_paths and self.member_of.get(name, set()) <= set(typed_paths) \
                    and self.paths.get(name, set()) <= set(typed_paths) \
                    and _rust_types_named_any(self.index, [p.rpartition("::")[2] for p in typed_paths]):
                return None
        if name in self.member_of:  # only ever read off an object: resolve through the receiver or not at all
            return self.by_receiver(name, self.member_of[name]) or self._only_method(name) or _SKIP
        found = self._bare(name)
        if isinstance(found, tuple) and self.family == "c" and is_prototype(found[0]):
            body = _definition_of(self.index, found[0])  # the header declares it; the callee is where it is defined
            if body is not None:
                return body, found[1]
        return found

    def _bare(self, name: str) -> Found | object | None:
        sym = self.sym
        # dict(), len(), str, Err(...), Some(...): only a module-level redefinition counts
        builtin = (self.python and name in PY_BUILTINS) or (sym.language == "rust" and name in RUST_PRELUDE)
        local = [s for s in self.in_file if s.name == name and usable(s) and s.id != sym.id
                 and (s.parent_id is None or not (builtin or (name in self.strict and self.python)))
                 and self._reachable(s) and not (cpp_out_of_class(s) and s.qualname.rsplit(".", 2)[-2] == name)]
        if builtin and not local:
            return _SKIP
        if local:
            same_parent = [s for s in local if s.parent_id == sym.parent_id]
            # the innermost namesake by qualified name: Zig's `Size` in Custom.grow is Custom.Size, not HashMap.Size
            # (both at the top of the file: a generic's returned struct is no definition of its own)
            scope = sym.qualname.rpartition(".")[0]
            same_parent = [s for s in same_parent if scope and s.qualname == f"{scope}.{name}"] or same_parent
            if len(same_parent) > 1 and sym.language == "kotlin":
                # a companion object's member beside the class's own of that name (both the class's): the one in the
                # same companion as the call (review of stop 56: `make() = create()` had gone to the instance create)
                box = next((c for c in self.in_file if c.name == "Companion" and c.start_line <= sym.start_line
                            and sym.end_line <= c.end_line), None)
                same_parent = [s for s in same_parent if box is not None and box.start_line <= s.start_line <= box.end_line] \
                    or [s for s in same_parent if not any(c.name == "Companion" and c.start_line <= s.start_line <= c.end_line
                                                          for c in self.in_file)] or same_parent
            if name not in self.strict or same_parent or local[0].parent_id is None:
                return body_of(same_parent or local, self.index), "same file"
        # Ruby `ok?`, Java `helper()`: a bare call is one on this object, its class's or a base's
        found = _implicit_self(self.index, sym, self.own_class, name, self.syms_of)
        if found is not None:
            return found
        if sym.language == "swift":  # `SafeAreaControllable` inside `extension ExpoSwiftUI`: ExpoSwiftUI's own
            nested = self._enclosing_scope(name)
            if nested is not None:
                return nested
        if name in self.strict:  # probably a local variable unless the file imports the name
            return self._imported_top(name) or _SKIP
        if self.go:  # a bare name in Go: a definition of the same package (directory)
            return self._same_go_package(name)
        if not self.imported.get(name) and (self._bound_by_import(name)
                                             or (self.python and name in self._outside_names())):
            return None  # `const debug = require("debug")(..)`: the outside package's, not a namesake elsewhere
        return self._from_imports(name) or self._unique(name)

    def _bound_by_import(self, name: str) -> bool:
        """Whether an import statement of the file binds `name` (to whatever module, the repository's or not)."""
        if self._import_names is None:  # JS/TS imports of a bare package specifier (`require("debug")`), never a
            # relative, `#subpath` or aliased one the resolver may have missed
            js = language_family(self.sym.language) == language_family("javascript")
            self._import_names = {w for i in self.index.imports_of(self.sym.path) if js and re.match(r"(?:node:)?@?[a-z]", i.module or "")
                                  and not (i.module or "").startswith("@/") for n in (i.names or []) if n
                                  for w in (n.split()[0], n.split()[-1])}
        return name in self._import_names

    def _in_function(self, s: Symbol, path: str) -> bool:
        """Whether `s` is local to a function or method (a Haskell `where` function, a Python nested def), or
        one instance's method (a bare `mempty` is the class's, not `instance Monoid Extensions`'s)."""
        if s.parent_id is None:
            return False
        parent = next((p for p in self.syms_of(path) if p.id == s.parent_id), None)
        return parent is not None and parent.kind in ("function", "method", "impl")

    def _reachable(self, s: Symbol) -> bool:
        """Whether a bare name in this definition can mean `s` of its file: not a function's local unless this
        definition is inside that function (another equation's `where go` is not this one's `go`)."""
        if not self._in_function(s, self.sym.path):
            return True
        parent = next(p for p in self.in_file if p.id == s.parent_id)
        return parent.start_line <= self.sym.start_line and self.sym.end_line <= parent.end_line

    def _imported_top(self, name: str) -> Found | None:
        for f in self.imported.get(name, ()):
            cands = [s for s in self.syms_of(f) if s.name == name and usable(s) and s.parent_id is None
                     and bare_outside(s)]
            if cands:
                return body_of(cands, self.index), "import"
        return self._python_alias(name)

    def _python_alias(self, name: str) -> Found | None:
        """Python: the definition a name an import binds under another name stands for (`from .items import item as
        _item_fn`, at the top of the file or inside a function around the body): `item` of the module it imports."""
        if not self.python:
            return None
        if self._aliases_py is None:
            self._aliases_py = python_import_aliases(_file_lines(getattr(self.index, "ws", None), self.sym.path, self.texts))
        got = python_alias_target(self.index, self.imported, self._aliases_py, name)
        return (got, "import") if got is not None else None

    def _same_go_package(self, name: str) -> Found | None:
        folder = self.sym.path.rpartition("/")[0]
        # (a method is never named bare: `len(msg)` is the builtin, not `func (rr *A) len(..)`, miekg/dns run 317)
        same = [s for s in self.index.symbols_named(name) if s.name == name and s.language == "go" and s.parent_id is None
                and s.path.rpartition("/")[0] == folder and usable(s) and s.id != self.sym.id and s.kind != "method"]
        if same or not name[:1].isupper():
            return (same[0], "same package") if same else None
        # an exported name of a package the file dot-imports (`. "github.com/antonmedv/expr/ast"`: `Patch(node, ..)`
        # is ast.Patch, expr run 483 read it unresolved)
        ws = getattr(self.index, "ws", None)
        dots = go_dot_imports(_file_lines(ws, self.sym.path, self.texts)) if ws is not None else []
        there = [s for s in self.index.symbols_named(name) if dots and s.name == name and s.language == "go"
                 and s.parent_id is None and s.kind != "method" and usable(s)
                 and any(_go_dot_path_is(p, s.path.rpartition("/")[0], _go_package_path(ws, s.path.rpartition("/")[0]))
                         for p in dots)]
        return (there[0], "import") if there else None

    def _from_imports(self, name: str) -> Found | None:
        for f in self.imported.get(name) or self.import_files:
            cands = [s for s in self.syms_of(f) if s.name == name and usable(s) and s.id != self.sym.id
                     and bare_outside(s) and not self._in_function(s, f)]
            if cands:
                top = [s for s in cands if s.parent_id is None]
                if self.sym.language == "csharp" and any(s.kind in _CLASS_KINDS for s in top or cands):
                    # a partial class's every part, for body_of to take its main file (PyObject.cs)
                    top = [s for g in self.imported.get(name) or self.import_files for s in self.syms_of(g)
                           if s.name == name and s.kind in _CLASS_KINDS] or top
                return body_of(top or cands, self.index), "import"
        aliased = self._python_alias(name)
        if aliased is not None:  # `from .items import item as _item_fn`: the module's `item` (tomlkit run 471/475)
            return aliased
        if self.sym.language == "scala":  # `import Process._` brings what object Process inherits (`Spawn` of
            for f in self.imported.get("_", ()):  # its base trait ProcessImpl)
                for obj in self.syms_of(f):
                    if obj.kind == "module" and obj.parent_id is None:
                        got = _inherited_member(self.index, obj, name, self.syms_of)
                        if got is not None:
                            return got, "import"
        return None

    def _enclosing_scope(self, name: str) -> Found | None:
        """A type nested in one of the scopes the body sits in (`ExpoSwiftUI.SafeAreaControllable` for a bare
        `SafeAreaControllable` in ExpoSwiftUI.HostingView.updateProps), innermost first."""
        method = getattr(self.sym, "callers_of", None)
        scope = (self.sym.qualname or (method.qualname if method is not None else "")).rpartition(".")[0]
        while scope:
            full = f"{scope}.{name}"
            hit = [s for s in self.index.symbols_named(full) if s.qualname == full and usable(s)
                   and s.id != self.sym.id and s.language == self.sym.language]
            if hit:
                return hit[0], "enclosing type"
            scope = scope.rpartition(".")[0]
        return None

    def _only_method(self, name: str) -> Found | None:
        """A method called on a value of unknown type whose distinctive name (two words or more: `set_cached_value`,
        `resolveExpression`) the repository defines once, in the definition's language: said as a guess by name
        (Django run 127: `final_field.remote_field.set_cached_value(from_obj, obj)` read "nothing resolvable").
        A one-word name (`x.items()`, `x.close()`) is any library type's as likely."""
        if self.sym.language not in _UNTYPED_VALUES or len(name) < 8 \
                or not re.fullmatch(r"_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+|_?[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+", name):
            return None
        if self.python and name in _PY_LIBRARY_METHODS:
            return None
        for r in self.member_of.get(name, set()):
            head = r.split(".")[0]
            # `Object.getOwnPropertyDescriptor(..)` is the builtin's (zod run 130 read a Proxy handler's namesake), a
            # class name the repository does not define a library's, `os.path.x(..)` an outside module's
            if head in JS_GLOBALS or (head[:1].isupper() and not self.index.symbols_named(head)) \
                    or (self.python and head in self._outside_names()) or self._php_outside_typed(head):
                return None
        anywhere = [s for s in self.index.symbols_named(name) if s.name == name and s.kind == "method"
                    and language_family(s.language) == self.family and not s.path.endswith(".d.ts")
                    and not self._in_function(s, s.path)]  # (an object literal's method inside a function is local)
        if len(anywhere) == 1 and anywhere[0].id != self.sym.id:
            return anywhere[0], _GUESSED
        return None

    def _php_outside_typed(self, receiver: str) -> bool:
        """PHP: whether a receiver is a parameter or property declared with a class a `use` line brings from outside
        the repository (`NetteException $innerException` with `use Nette\\Schema\\ValidationException as
        NetteException`): its `getMessages()` is that class's, never the repository's one method of that name
        (League\\Config run 476 read the repository ValidationException's as the callee)."""
        if self.sym.language != "php":
            return False
        lines = _file_lines(getattr(self.index, "ws", None), self.sym.path, self.texts)
        typed = declared_type(self.sym.signature or "", receiver) if receiver.startswith("$") else \
            _php_property_type(self.index, self.in_file, lines, self.sym.start_line, receiver)
        return typed is not None and php_outside_class(self.index, lines, typed.lstrip("\\").rsplit("\\", 1)[-1]) is not None

    def _outside_names(self) -> set[str]:
        """Python: the names the file binds to modules from outside the repository (_python_outside_names), once."""
        if self._outside is None:
            self._outside = _python_outside_names(self.index, {}, lines_of(self.index, self.sym.path), self.sym.path,
                                                  self.resolve_imports)
        return self._outside

    def _unique(self, name: str) -> Found | None:
        """A name defined once in the whole repository, at module level (methods are too often a different
        receiver's: `x.items()` is not the one `items` method the repository defines); never a _private name
        (another module's private helper is not used without an import), never another language's (a PHP method
        does not call a function of minified JavaScript; in C/C++ only what the file's includes reach). Shell
        functions share one namespace once sourced, and `_` starts the name of every helper (bash-completion's
        `_init_completion`, `_filedir`), so there a `_` name counts too."""
        if name.startswith("_") and self.family != "bash":
            return None
        anywhere = [s for s in self.index.symbols_named(name) if usable(s) and s.name == name and s.parent_id is None
                    and language_family(s.language) == self.family and bare_outside(s)]
        if self.family == "c" and len(anywhere) > 1:
            # a function declared in a header the file's includes reach and defined once in a .c file (hiredis.c's
            # `redisReaderFeed(..)`, read.h's prototype of read.c's function: hiredis run 549's semantic read of
            # redisBufferRead had left it out)
            defined = [s for s in anywhere if not is_prototype(s)]
            if len(defined) == 1 and defined[0].id != self.sym.id \
                    and any(self.visible(s.path) for s in anywhere if is_prototype(s)):
                return defined[0], GLOBAL
        if len(anywhere) == 1 and anywhere[0].id != self.sym.id and self.visible(anywhere[0].path):
            if self.sym.language == "php" and anywhere[0].kind in _PHP_CLASSLIKE:
                return self._php_same_namespace(anywhere[0])
            if self.family != "bash":
                return anywhere[0], "unique name"
            return anywhere[0], self._xfunc(name) or GLOBAL
        return None

    def _php_same_namespace(self, cls: Symbol) -> Found | None:
        """PHP: an unqualified class name the file does not import means the class of the file's own namespace,
        never a namesake elsewhere (no fallback to the global namespace for classes): `new DateTimeImmutable` in
        `namespace Monolog;` is Monolog\\DateTimeImmutable (Monolog run 360 read "unique name" and checked whether
        PHP's builtin was meant). In another namespace the name is a class the repository does not define."""
        here = _php_namespace_at(self.syms_of(self.sym.path), self.sym.start_line)
        there = _php_namespace_at(self.syms_of(cls.path), cls.start_line)
        if here is None or there is None:
            return cls, "unique name"
        return (cls, "same namespace") if here.lower() == there.lower() else None

    def _xfunc(self, name: str) -> str | None:
        """`_xfunc ssh _scp_remote_files`: the function is in completions/ssh, which `_xfunc` sources when the line
        runs (run 52: listed as a plain global name, two more calls to learn how rsync reaches it)."""
        ws = getattr(self.index, "ws", None)
        if ws is None:
            return None
        body = "\n".join(_file_lines(ws, self.sym.path, self.texts)[self.sym.start_line - 1:self.sym.end_line])
        m = re.search(rf"\b_xfunc\s+['\"]?([\w.+-]+)['\"]?\s+{re.escape(name)}\b", body)
        return f"via _xfunc {m.group(1)} (sourced when it runs)" if m else None

    # ----- a member read off a receiver ----------------------------------------------------------
    def own_field(self, name: str) -> Found | None:
        """A field or property of the method's class (or one it inherits) that the body reads off this/self."""
        own = self.own_class
        if own is None:
            return None
        hit = [s for s in self.in_file if s.name == name and s.parent_id == own.id and s.kind in _FIELD_KINDS]
        if hit:
            return hit[0], "field"
        inherited = _inherited_member(self.index, own, name, self.syms_of)
        return (inherited, "inherited field") if inherited is not None and inherited.kind in _FIELD_KINDS else None

    def by_receiver(self, name: str, receivers: set[str]) -> Found | None:
        """A member read off a known receiver; None when the receiver's type is unknown."""
        selfs = self_words(self.sym.language)  # (C++ `Version* base`: a name, leveldb run 507)
        if receivers & selfs:
            found = self._declared_this_member(name) or self._own_member(name)
            if found is not None:
                return found
        for r in sorted(receivers - selfs - {""}):
            found = self._chain_member(r, name) if _is_chain(r) else self._member_of(r, name)
            if found is not None:
                return found
        if self.sym.language == "python" and self.own_class is None:
            # a module function's `cls: type[BaseModel]` parameter: `cls.__pydantic_on_complete__()` is BaseModel's
            for r in sorted(receivers & {"cls", "self"}):
                found = self._member_of(r, name)
                if found is not None:
                    return found
        if self.sym.language == "rust":  # `Id::next()`, `crate::util::trace::task(...)`: the path names the owner
            for r in sorted(self.paths.get(name, set()) - _SELF - {""}):
                found_path = _rust_path_member(self.index, r, name, self.sym)
                if found_path is not None:
                    return found_path, "path"
        return None

    def _declared_this_member(self, name: str) -> Found | None:
        """TypeScript: `name` of the type a method declares its `this` with, a type alias of an intersection read part
        by part (`optionInternal(this: MixedInParser, ..)` with `type MixedInParser = .. & LooksAhead & ..`: chevrotain
        run 477's `this.preComputeLookaheadFunctions(..)` was unresolved)."""
        if self.sym.language not in ("typescript", "tsx"):
            return None
        for part in ts_this_types(self.index, self.sym.signature or ""):
            got = member_of_type(self.index, part, name, self.sym, self.import_files, called=True)
            if got is not None:
                return got[0], "receiver type"
        return None

    def _template_default(self, param: str) -> str | None:
        """C++: the default type of the template parameter `param` of the definition or its class."""
        heads = [self.sym.signature or "", self.own_class.signature or "" if self.own_class is not None else ""]
        rx = re.compile(rf"\b(?:typename|class)\s+{re.escape(param)}\s*=\s*((?:\w+::)*\w+)")
        return next((m.group(1) for h in heads if (m := rx.search(h)) is not None), None)

    def _unbound(self, typed: str | None) -> str | None:
        """A type parameter of the definition (or of its class or impl) as its bound; any other type as it is."""
        if typed is None:
            return None
        heads = [self.sym.signature or "", self.own_class.signature or "" if self.own_class is not None else ""]
        return next((b for h in heads if (b := generic_bound(h, typed)) is not None), typed)

    def _rust_head(self) -> str:
        """The definition's whole header, read from the source (a stored one can be cut)."""
        return rust_header(_file_lines(getattr(self.index, "ws", None), self.sym.path, self.texts), self.sym)

    def _rust_assoc_member(self, r: str, name: str) -> Found | None:
        """Rust: `name` on a value of a type parameter's associated type, by the bound the trait declares it with
        (`discovered.visit(u)` with `discovered: &mut G::Map`, `G: Visitable` and `type Map: VisitMap<Self::NodeId>`)."""
        head = self._rust_head()
        m = re.search(rf"[(,]\s*{re.escape(r)}\s*:\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?([A-Z]\w*)::([A-Z]\w*)\b", head)
        if m is None:
            return None
        own = self.own_class.signature or "" if self.own_class is not None else ""
        for trait in dict.fromkeys(b for h in (head, own) for b in generic_bounds(h, m.group(1))):
            for t in self.index.symbols_named(trait):
                decl = next((a for a in self.index.symbols_in_file(t.path) if a.parent_id == t.id and a.name == m.group(2)
                             and a.kind == "type"), None) if t.kind == "trait" else None
                bound = generic_bounds(f"<{m.group(2)}{(decl.signature or '').split(m.group(2), 1)[-1]}>", m.group(2)) \
                    if decl is not None else []
                got = member_of_type(self.index, bound[0], name, self.sym, self.import_files) if bound else None
                if got is not None:
                    return got[0], "receiver type"
        return None

    def _rust_other_bounds(self, param: str, name: str) -> Found | None:
        """Rust: `name` of a type parameter's other bounds, or of a trait a blanket impl gives every type with one of
        them (`graph.dummy_idx()` with `G: Visitable + NodeIndexable` and `impl<G: NodeIndexable> WithDummy for G`)."""
        head = self._rust_head()
        own = self.own_class.signature or "" if self.own_class is not None else ""
        bounds = list(dict.fromkeys(b for h in (head, own) for b in generic_bounds(h, param)))
        for trait in bounds + [t for b in bounds for t in _rust_blanket_traits(self.index, b)]:
            got = member_of_type(self.index, trait, name, self.sym, self.import_files)
            if got is not None:
                return got[0], "receiver type"
        return None

    def _binds(self, word: str) -> bool:
        """Whether the definition takes or declares a name `word` (a parameter, a `let`/`var`, a closure's or a
        loop's name), which would hide a module-level value of that name."""
        lines = _file_lines(getattr(self.index, "ws", None), self.sym.path, self.texts)
        body = " ".join([self.sym.signature or "", *lines[self.sym.start_line - 1:self.sym.end_line]])
        w = re.escape(word)
        return re.search(rf"\b(?:let|var|for|case)\s+(?:\(\s*)?{w}\b|[(,]\s*(?:_\s+)?{w}\s*:|\b{w}\s+in\b", body) is not None

    def _chain_member(self, r: str, name: str) -> Found | None:
        """`name` read off a chain (`opts.Registry`, `errCnt.WithLabelValues()`): typed one read at a time from
        the chain's first name, else (as before chains were read) off its last read alone."""
        parts = r.split(".")
        typed = self._chain_type(parts)
        got = member_of_type(self.index, typed, name, self.sym, self.import_files, called=True if name in self.call_names else self.called) if typed else None
        if got is not None and got[0].id != self.sym.id:  # a chain typed back to the caller is a guess gone round
            return got[0], "receiver type"
        return self._member_of(parts[-1], name) if len(parts) > 1 and got is None else None

    def _chain_type(self, parts: list[str]) -> str | None:
        """The type of the value a chain of reads names, or None where a step's type is unknown."""
        ws = getattr(self.index, "ws", None)
        if ws is None:
            return None
        first, rest = parts[0], parts[1:]
        typed: str | None
        if self.go and first in self.go_packages and rest:  # `prometheus.DefaultRegisterer`, `pkg.New()`
            step, rest = rest[0], rest[1:]
            if step.endswith("()"):
                typed = _go_package_returns(self.index, first, step[:-2])
            else:
                typed = _go_package_var_type(self.index, first, step)
        elif first.endswith("()") and "::" in first and self.sym.language == "rust":  # `Command::new().arg()`
            typed = rust_path_type(self.index, self.sym, first)
        elif first.endswith("()"):  # `getConfig().server`: what the function (or own method) returns
            got = member_of_returned(self.index, self.sym, self.own_class, first[:-2], rest[0].rstrip("()"),
                                     self.syms_of, self.import_files) if rest else None
            if got is None:
                return None
            holder = self.index.get_symbol(got[0].parent_id) if got[0].parent_id is not None else None
            typed, rest = self._member_value(got[0], rest[0].endswith("()"), holder.name if holder else None), rest[1:]
            if typed is None:
                return None
        else:
            site = Caller(self.sym, self.sym.path, self.sym.end_line)
            typed = _declared_receiver(self.index, self._decl_cache, _file_lines(ws, self.sym.path, self.texts), site, first)
            if typed is None and first[:1].isupper() and _is_type(self.index, first):
                typed = first  # `PrototypeFactory.prototypeFactory(x).create()`, Java `TreeBidiMap.this.doPut()`
            if typed is None and self.sym.language == "swift" and not self._binds(first):
                typed = swift_global_type(self.index, first)  # `log.info(..)`: expo's `public let log = Logger(..)`
        typed = self._unbound(typed)
        last: Symbol | None = None  # the member the chain read last
        for step in rest:
            if step in ("this", "super"):
                continue
            if self.sym.language == "rust" and step in _RUST_IDENTITY:
                # `self.ro.ac.as_ref().unwrap().find(..)` with `ac: Option<AhoCorasick<u32>>`: the value the Option
                # holds (regex run 388 had the call "by name only")
                held = re.search(r"\b(?:Option|Result)\s*<(?:\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:\w+::)*(?:Box|Rc|Arc)\s*<)*"
                                 r"\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:\w+::)*([A-Z]\w*)",
                                 last.signature or "") if last is not None and typed in ("Option", "Result") else None
                typed = held.group(1) if held else typed
                continue
            got = member_of_type(self.index, typed, step.rstrip("()"), self.sym, self.import_files,
                                 called=step.endswith("()")) if typed else None
            if got is None and self.go and typed and _go_embeds(self.index, typed, step):
                typed = step  # `v.MetricVec.GetMetricWith(..)`: the struct's embedded MetricVec, read by its type's name
                continue
            if got is None:
                return None
            last, prev = got[0], typed
            typed = self._member_value(got[0], step.endswith("()"), typed)
            if typed is not None:  # `fn fold_with<F>(self, folder: F) -> F where F: Folder<...>`: F is a Folder
                d = got[0]
                head = d.signature or ""
                if d.end_line > d.start_line and "where" not in head:  # a bodiless trait method's where clause
                    head = " ".join(_file_lines(ws, d.path, self.texts)[d.start_line - 1:min(d.end_line, d.start_line + 8)])
                typed = generic_bound(head, typed) or self._unbound(typed)
                holder = self.index.get_symbol(d.parent_id) if d.parent_id is not None else None
                # `_zod: Internals` in `interface $ZodType<.., Internals extends $ZodTypeInternals<O, I> = ..>`: the
                # holder's type parameter, as its bound (zod run 406: `schema._zod.processJSONSchema(..)` unresolved)
                typed = (generic_bound(holder.signature or "", typed) if holder is not None and typed else None) or typed
                if self.sym.language == "rust" and prev is not None and typed == prev.rpartition("::")[2]:
                    typed = prev  # `-> &mut Builder` of `teddy::Builder`: the same module's Builder, not the caller's own
        return typed

    def _member_value(self, d: Symbol, called: bool, receiver: str | None) -> str | None:
        """The type of `d` read (or called, `called`) on a value of type `receiver`: its declared type, a JSDoc
        `@returns`, a PHP docblock's `@return`/`@var`. A fluent setter (`@return $this`, `: self`, `: static`,
        TypeScript's `: this`, Rust's `-> Self`) gives the receiver's type back: Symfony's
        `$this->createTable()->setHeaders($h)->setRows($r)->render()` is a call of Table::render. None where it
        is unknown, as for a trait's or interface's own `Self` (its implementer's)."""
        ws = getattr(self.index, "ws", None)
        if called and d.kind in ("class", "struct", "record"):  # `new Impl.Builder().setSpec(1)`: the class built
            return d.name  # (react-native run 441: the Builder chain's setters had gone to ReactContext's namesake)
        typed = _value_type(d, called)
        if typed is None and d.language == "javascript" and called and ws is not None:
            typed = jsdoc_type(_file_lines(ws, d.path, self.texts), d.start_line, "returns")
        if typed is None and d.language == "php" and ws is not None:  # `/** @return OutputFormatterStyle */`
            typed = _php_doc_return(self.index, d) if called else \
                _php_property_type(self.index, self.syms_of(d.path), _file_lines(ws, d.path, self.texts),
                                   d.start_line, d.name)
        if typed is None and called and ws is not None and d.kind == "method" and d.language in _FLUENT_LANGUAGES:
            typed = _returns_self(self.index, d, _file_lines(ws, d.path, self.texts))  # `return $this;` alone
        if typed is not None and d.language == "php":
            typed = php_unaliased(self.index, d.path, typed)
        if typed not in ("Self", "self", "this", "static"):
            return typed
        holder = self.index.get_symbol(d.parent_id) if d.parent_id is not None else None
        if holder is None or receiver is None or (holder.kind in ("trait", "interface", "protocol") and receiver == holder.name):
            return None  # what a trait method returns for its implementer: not known here
        return receiver

    def _elixir_member(self, r: str, name: str) -> Found | None:
        """`name` of the module `r` names here: written whole, or through the file's aliases."""
        ws = getattr(self.index, "ws", None)
        if ws is None:
            return None
        if self._aliases is None:
            self._aliases = elixir_aliases(_file_lines(ws, self.sym.path, self.texts))[0]
        aliases = self._aliases
        head, _, rest = r.partition(".")
        full = aliases[head] + ("." + rest if rest else "") if head in aliases else r
        hit = [s for s in self.index.symbols_named(f"{full}.{name}") if s.qualname == f"{full}.{name}"
               and s.language == "elixir" and s.id != self.sym.id]
        if not hit and head not in aliases:  # the receiver as a walk of the body names it: its last part (`PublicKey`)
            ends = [s for s in self.index.symbols_named(name) if s.qualname.endswith(f".{r}.{name}")
                    and s.language == "elixir" and s.id != self.sym.id]
            hit = ends if len({s.qualname for s in ends}) == 1 else []
        return (hit[0], "alias" if head in aliases else "module") if hit else None

    def _own_member(self, name: str) -> Found | None:
        """`self.x`, `$this->x()`: the class's own member, else one it inherits or mixes in."""
        own = self.own_class
        # a range read inside a method (files.py) has no name of its own: the method's scope is its scope
        method = getattr(self.sym, "callers_of", None)
        scope = (self.sym.qualname or (method.qualname if method is not None else "")).rpartition(".")[0]
        if own is None and self.sym.language == "zig" and scope:
            # a generic's returned struct is no definition: its members share the qualified name (Custom.grow)
            zig = [s for s in self.in_file if s.qualname == f"{scope}.{name}" and s.id != self.sym.id and usable(s)]
            return (zig[0], "same class") if zig else None
        if own is None:
            return None
        hit = [s for s in self.in_file if s.name == name and s.parent_id == own.id and s.id != self.sym.id and usable(s)]
        if hit:
            return hit[0], "same class"
        elsewhere = _rust_impl_elsewhere(self.index, own, name, self.sym) if self.sym.language == "rust" else None
        if elsewhere is not None:
            return elsewhere, "same class"
        inherited = _inherited_member(self.index, own, name, self.syms_of)  # `self._set_timeout()` from BaseClient
        if inherited is None:
            return None
        owner = next((s for s in self.syms_of(inherited.path) if s.id == inherited.parent_id), None)
        mixed = {("php", "trait"): "trait", ("ruby", "module"): "mixin"}
        return inherited, mixed.get((self.sym.language, owner.kind if owner else ""), "base class")

    def _same_file_member(self, r: str, name: str) -> Symbol | None:
        """`name` off a receiver the file itself defines: Lua `app.script_name()` in app.lua, `Helpers.parse()` beside
        `Helpers`; JS `exports.copyScripts(..)`, the module's own `exports.copyScripts = function` (cordova's create.js)."""
        own = [s for s in self.in_file if s.qualname == f"{r}.{name}" and s.id != self.sym.id and usable_member(s)]
        if own and any(s.name == r and s.parent_id is None for s in self.in_file):
            return own[0]
        if r == "exports" and self.sym.language in ("javascript", "typescript", "tsx"):
            return next((s for s in self.in_file if s.name == name and s.parent_id is None and s.kind in ("function", "class")),
                        None)
        return None

    def _returned_member(self, fn: str, name: str) -> Found | None:
        """`name` on what the call `fn()` returns: `$this->getFormatter()->format()`, the type the callee's header
        names; Rust `Builder::new()` on the line above `.name(3)`, the type the associated function gives."""
        if "::" in fn and self.sym.language == "rust":
            built = rust_path_type(self.index, self.sym, fn)
            got = member_of_type(self.index, built, name, self.sym, self.import_files, called=True) if built else None
            return (got[0], "receiver type") if got is not None else None
        return member_of_returned(self.index, self.sym, self.own_class, fn, name, self.syms_of, self.import_files,
                                  self.paths.get(fn, ()))

    def _member_of(self, r: str, name: str) -> Found | None:
        """`name` read off the receiver `r` (a call's result `f()`, a Go package, a typed value or local, a module,
        a class of this file or an import named like the receiver)."""
        index, sym = self.index, self.sym
        if sym.language == "php" and r.startswith("$"):  # `$base` (kept so, apart from C#'s self word `base`)
            r = r[1:]
        if sym.language == "cpp" and r[:1].isupper():
            default = self._template_default(r)  # `FileNameCalc::calc_filename(..)` with `typename FileNameCalc =
            got_default = member_of_type(index, default, name, sym, self.import_files) if default else None  # daily_filename_calculator`
            if got_default is not None:
                return got_default[0], "template default"
        if r.startswith("(") and r.endswith(")"):  # a receiver cast to a type (graph.call_receivers)
            return member_of_type(index, r[1:-1], name, sym, self.import_files)
        if r.endswith("[]"):  # `predicates[i].evaluate(x)`: a member of the element type the declaration says
            element = self._element_type(r[:-2])
            got = self._typed_member(element, name) if element else None
            return (got[0], "receiver type") if got is not None else None
        if r.endswith("()"):
            return self._returned_member(r[:-2], name)
        if sym.language == "haskell":  # `P.getTimestamp`, `B.readFile`: the modules imported as P, or none
            return self._haskell_qualified(r, name)
        if sym.language == "zig":
            found_zig = self._zig_member(r, name)
            if found_zig is not None:
                return found_zig
        if sym.language == "elixir" and r[:1].isupper():  # `CE.read_manifest(m)` after `require Mix.Compilers.Elixir, as: CE`
            found_ex = self._elixir_member(r, name)
            if found_ex is not None:
                return found_ex
        mine = self._same_file_member(r, name)
        if mine is not None:
            return mine, "same file"
        if r in self.go_packages:  # `time.Duration`, `timer.New`: that package's, or (outside the repository) none
            return _module_member(self.imported.get(r, ()), name, self.syms_of)
        # `func (r *Raft) run()`: r.setState is Raft's; Rust `Scheduler::CurrentThread(exec) => exec.block_on()`
        typed = declared_type(sym.signature or "", r) or _rust_bound_type(index, sym, r, self.texts)
        if typed is None and sym.language == "javascript" and getattr(index, "ws", None) is not None:
            # `@param {CodePathAnalyzer} analyzer` above `function forwardCurrentToHead(analyzer, node)`
            typed = jsdoc_type(_file_lines(getattr(index, "ws", None), sym.path, self.texts), sym.start_line, "param", r)
        if typed is None and sym.language == "php":  # a parameter's declared class holds at every call on it, also
            # past a later `$input = new ArrayInput(..)` in one branch (Symfony's doRun: InputInterface's methods)
            typed = declared_type(sym.signature or "", "$" + r)
            typed = None if typed in _PHP_UNTYPED else typed
            if typed is not None and self._php_outside_typed("$" + r):
                return None  # a class from outside the repository (League\Config run 476: Nette's ValidationException)
        typed = typed or self._closure_param(r)
        param, typed = typed, self._unbound(typed)  # `producer: P` with `P: UnindexedProducer`: the bound's members
        found = self._typed_member(typed, name) if typed is not None \
            else _local_member(index, sym, self.own_class, r, name, self.syms_of, self.import_files, self.texts)
        if found is None and sym.language == "rust":
            found = self._rust_other_bounds(param, name) if param is not None and param != typed else None
            found = found or (self._rust_assoc_member(r, name) if r[:1].islower() else None)
        if found is None and typed is None and sym.language == "php" and getattr(index, "ws", None) is not None:
            php = self._php_type(r)  # `foreach ($this->handlers as $handler)`, `$this->handler` typed by docblocks
            found = member_of_type(index, php, name, sym, self.import_files) if php else None
        if found is None and typed is None and self.own_class is not None:  # a field or constructor parameter
            held = self._field_type(r)  # `pit.map2combiner(...)` with `val pit: IterableSplitter[T]`
            found = self._typed_member(held, name) if held else None
        if found is None and typed is None and self.go and getattr(index, "ws", None) is not None:
            # `subStream := stream.cfg.BorrowStream(nil)`, `iter := ConfigFastest.BorrowIterator(..)`: a local bound
            # by a chain of reads, a package-level var (json-iterator A/B run 82: six Stream calls "unresolved")
            site = Caller(sym, sym.path, sym.end_line)
            held = _declared_receiver(index, self._decl_cache, _file_lines(index.ws, sym.path, self.texts), site, r)  # type: ignore[attr-defined]
            found = member_of_type(index, held, name, sym, self.import_files) if held else None
        found = found or (self._ts_local_member(r, name) if typed is None and sym.language in _TS_LIKE else None)
        found = found or _module_member(self.imported.get(r, ()), name, self.syms_of)  # `httpx.get`: the module
        if found is not None or self.go:  # a Go value's type is its declaration's, never a guess from its name
            return found
        return self._named_like(r, name)

    def _named_like(self, r: str, name: str) -> Found | None:
        """`name` of a class the receiver `r` is named like (`Config.load`, `order.total` for an Order), in this file,
        an imported one or the package; else the last resort."""
        sym = self.sym
        named: list[tuple[Symbol, str]] = []
        files = [sym.path, *self.import_files, *self._package_files(r)]
        if self.family == "c" and r[:1].isupper():  # `Arg::ignoreRest()` with Arg.h included by an included header
            if self._closure is None:  # (tclap run 573: "not defined by name in the repository" under 'complete')
                self._closure = include_closure(self.sym.path, self.resolve_imports)
            files += [f for f in sorted(self._closure) if f not in files]
        for f in files:
            owners = {s.id for s in self.syms_of(f) if s.kind in _CLASS_KINDS and _names_the_class(r, s.name)}
            hit = [s for s in self.syms_of(f) if s.name == name and s.parent_id in owners and usable(s)]
            if hit and f == sym.path:
                return hit[0], "same file"
            if hit:
                named.append((hit[0], "import" if f in self.import_files or self.family == "c"
                              else "same module" if sym.language == "swift" else "same package"))
        if len({s.id for s, _ in named}) > 1 and named[0][1] == "import" and sym.language == "python":
            # several imported modules' classes bear the name (lark's `self.parser.parse` with cyk, earley and xearley
            # imported, each with a Parser; run 523 read cyk's Parser.parse as the one called): none is evidence
            return None
        return named[0] if named else self._last_resort(r, name)

    def _typed_member(self, typed: str, name: str) -> Found | None:
        """member_of_type from this body; in C and C++, of several types so named, the one the file's includes reach,
        directly or not (leveldb's `port::Mutex mutex_`: port_stdcxx.h's, which port.h includes, not the unincluded
        port_example.h's; run 507 had listed both as a guess under "not defined")."""
        got = member_of_type(self.index, typed, name, self.sym, self.import_files)
        if got is None and self.family == "c":
            if self._closure is None:
                self._closure = include_closure(self.sym.path, self.resolve_imports)
            got = member_of_type(self.index, typed, name, self.sym, sorted(self._closure))
        return got

    def _closure_param(self, r: str) -> str | None:
        """A closure's parameter in the body, typed: Go `func(ptr unsafe.Pointer, iter *Iterator) {`, Rust
        `Context::with(|cx| ..)` by the Fn bound of what it is passed to."""
        index, sym = self.index, self.sym
        if getattr(index, "ws", None) is None:
            return None
        if self.go:
            return self._go_closure_param(r)
        if sym.language == "rust" and r.isidentifier():
            return _rust_closure_param(index, _file_lines(index.ws, sym.path, self.texts), sym,  # type: ignore[attr-defined]
                                       sym.end_line, r, reach=sym.end_line - sym.start_line, whole=True)
        return None

    def _ts_local_member(self, r: str, name: str) -> Found | None:
        """JS/TS: `name` read off a local as callers type it (`const queryCache = this.#queryCache`, a callback's
        parameter over a typed array; TanStack, review of stop 49: QueryClient.removeQueries' findAll and remove had
        read as MutationCache's)."""
        ws = getattr(self.index, "ws", None)
        if ws is None or not re.fullmatch(r"[\w$]+", r):
            return None
        sym = self.sym
        text = _file_lines(ws, sym.path, self.texts)
        use = re.compile(rf"(?<![\w$.]){re.escape(r)}\s*\.\s*{re.escape(name)}\b")
        at = next((k for k in range(sym.start_line, min(sym.end_line, len(text)) + 1) if use.search(text[k - 1])),
                  sym.end_line)
        held = _declared_receiver(self.index, self._decl_cache, text, Caller(sym, sym.path, at), r)
        return member_of_type(self.index, held, name, sym, self.import_files) if held else None

    def _last_resort(self, r: str, name: str) -> Found | None:
        """C++: a namespace's function (`details::os::localtime(t)`); C#: an extension method, the only one so named
        (`assembly.ReadStringResource(..)` on a local of an external type, pythonnet's PythonEngine.Initialize)."""
        if self.sym.language == "cpp" and re.fullmatch(r"\w+", r):
            return self._cpp_namespace_member(r, name)
        if self.sym.language == "csharp":
            exts = [s for s in self.index.symbols_named(name) if s.name == name and s.language == "csharp" and extended_type(s)]
            return (exts[0], "extension method") if len(exts) == 1 else None
        if self.sym.language == "kotlin":
            return self._kotlin_extension(name)
        if self.sym.language == "rust" and re.fullmatch(r"[A-Z]\w*", r):
            # `C::continuing()` with `C: ControlFlow`: the associated function of one of the parameter's bounds
            return self._rust_other_bounds(r, name)
        if self.sym.language == "swift" and not self._binds(r):
            typed = swift_global_type(self.index, r)
            return member_of_type(self.index, typed, name, self.sym, self.import_files) if typed else None
        return None

    def _kotlin_extension(self, name: str) -> Found | None:
        """Kotlin `e.toCodedException()` on a value of a type the repository does not define (a caught Throwable):
        a top-level extension function of that name the file sees — its own, an import's, its package's — when
        exactly one is (expo's exceptionDecorator had read it as unresolved)."""
        exts = [s for s in self.index.symbols_named(name) if s.name == name and s.language == "kotlin"
                and s.parent_id is None and s.kind == "function" and kotlin_receiver(s.signature or "", name)]
        folder = self.sym.path.rpartition("/")[0]
        seen = [s for s in exts if s.path == self.sym.path or s.path in self.import_files or s.path.rpartition("/")[0] == folder]
        if len(seen) != 1:
            return None
        return seen[0], "extension function"

    def _go_closure_param(self, r: str) -> str | None:
        """Go: the type a func literal in the body declares its parameter `r` with (json-iterator's useNumber closure
        `func(ptr unsafe.Pointer, iter *Iterator)`: a semantic read of its line missed iter.readNumberAsString)."""
        lines = _file_lines(self.index.ws, self.sym.path, self.texts)  # type: ignore[attr-defined]
        rx = re.compile(rf"\bfunc\s*\([^)]*\b{re.escape(r)}\s+\*?(?:\w+\.)?([A-Za-z_]\w*)")
        # the body's lines and, for a range read, the heads of the blocks it sits in
        rows = [*getattr(self.sym, "block_heads", ()), *range(max(self.sym.start_line, 1), min(self.sym.end_line, len(lines)) + 1)]
        types = {m.group(1) for i in rows if 0 < i <= len(lines) and "func" in lines[i - 1] and (m := rx.search(lines[i - 1]))}
        return types.pop() if len(types) == 1 else None

    def _element_type(self, r: str) -> str | None:
        """The type of an element of the array `r`, as its declaration says; in PHP a parameter `$handlers` (its
        `@param X[] $handlers`) or a property `renderersByClass` (`@var array<string, PrioritizedList<..>>`)."""
        index, sym = self.index, self.sym
        if sym.language != "php":
            head = " ".join([sym.signature or "", *_file_lines(getattr(index, "ws", None), sym.path, self.texts)[
                sym.start_line - 1:sym.end_line]]) if getattr(index, "ws", None) is not None else sym.signature or ""
            got = element_type(head, r)
            if got is None and self.family == "c":
                got = self._c_element_type(head, r)
            return self._unbound(got)
        lines = _file_lines(self.index.ws, self.sym.path, self.texts)  # type: ignore[attr-defined]
        if r.startswith("$"):
            return _php_doc_type(lines, self.sym.start_line, "param", r[1:], element=True)
        return _php_property_type(self.index, self.in_file, lines, self.sym.start_line, r, element=True)

    def _c_element_type(self, head: str, r: str) -> str | None:
        """C/C++: the element type of an array `r` declared in the body or header (`Item xs[4]`, `std::vector<Item>
        xs`), else a field of the method's class (leveldb's `CompactionStats stats_[config::kNumLevels]`: run 507's
        `stats_[level].Add(stats)` was "not defined")."""
        own = self.own_class
        fields = [f.signature or "" for f in (self.syms_of(own.path) if own is not None else [])
                  if f.name == r and f.parent_id == own.id and f.kind in _FIELD_KINDS] if own is not None else []
        w = re.escape(r)
        for text in (head, *fields):
            m = re.search(rf"(?:(?<![\w:])(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)(?:<[^<>;()]*>)?\s*[*&]?\s*\b{w}\s*\[[^\]]*\]\s*[;={{,)]"
                          rf"|(?:std::)?(?:vector|array|deque|span)\s*<\s*(?:const\s+)?(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)"
                          rf"[^;()]*>\s*[*&]?\s*\b{w}\b)", text)
            word = (m.group(1) or m.group(2)) if m else None
            if word and word not in _C_NOT_ELEMENT:
                return word
        return cpp_iterated(self.index, head, r, self._c_element_type)

    def _php_type(self, r: str) -> str | None:
        """A PHP receiver's class: a local or parameter (`$handler`, through a foreach over a typed array), else a
        property of the class (`$this->handler`), as their declarations and docblocks say."""
        lines = _file_lines(self.index.ws, self.sym.path, self.texts)  # type: ignore[attr-defined]
        syms = self.in_file
        word = r.removeprefix("this.").removeprefix("this->")
        # the first line calling on it, so a check narrowing it above that line counts (`\assert($parser instanceof
        # InlineParserInterface)` before `$parser->parse(..)`, commonmark run 374)
        used = re.compile(rf"\$(?:this\s*->\s*)?{re.escape(word.lstrip('$'))}\s*\??->")
        at = next((n for n in range(self.sym.start_line + 1, min(self.sym.end_line, len(lines)) + 1)
                   if used.search(lines[n - 1])), self.sym.end_line)
        site = Caller(self.sym, self.sym.path, at)
        if word == r:
            got = _php_value_type(self.index, syms, lines, self.sym, site, "$" + word.lstrip("$"))
            if got is not None:
                return got
        return _php_property_type(self.index, syms, lines, self.sym.start_line, word.lstrip("$"))

    def _cpp_namespace_member(self, space: str, name: str) -> Found | None:
        """C++ `internal::Assert(...)`: a free function of that name, inside a `namespace internal` block (or one
        whose name ends so), in a file the includes reach (gmock's IllegalDoDefault "called nothing", its
        `internal::Assert` read as external). The namespace blocks come from each file's syntax tree."""
        from contexteer.indexers.qualify import Qualifier

        if self._closure is None:
            self._closure = include_closure(self.sym.path, self.resolve_imports)
        ws = getattr(self.index, "ws", None)
        if ws is None:
            return None
        spaces = Qualifier(self.index, lambda p: "\n".join(_file_lines(ws, p, self.texts)))
        found: list[Symbol] = []
        for f in self._closure:
            hit = [s for s in self.syms_of(f) if s.name == name and s.parent_id is None and s.kind == "function"]
            if not hit:
                continue
            blocks = [(a, b) for a, b, ns in spaces.cpp_namespaces(f) if ns == space or ns.endswith("::" + space)]
            found += [s for s in hit if any(a <= s.start_line and s.end_line <= b for a, b in blocks)]
        # the body over a prototype, wherever each is (os-inl.h's `now()` over os.h's declaration: the pick had
        # followed the include set's order, which changed from run to run), then the caller's own file
        return (min(found, key=lambda s: (is_prototype(s), s.path != self.sym.path, s.path, s.start_line)), "namespace") \
            if found else None

    def _zig_member(self, r: str, name: str) -> Found | None:
        """Zig: `name` read off `r`, a value whose type a parameter, local, capture or field declares (`self.reader:
        *Io.Reader` -> Io/Reader.zig's discardAll64, `while (try rdr.next()) |attr|` -> what PaxIterator.next
        returns), or a constant naming a file (`const fmt = std.fmt;` -> fmt.zig's parseInt)."""
        ws = getattr(self.index, "ws", None)
        if ws is None:
            return None
        lines = _file_lines(ws, self.sym.path, self.texts)
        body = "\n".join(lines[max(0, self.sym.start_line - 1):self.sym.end_line])
        typed = self._zig_value_type(r, body)
        chain = re.search(rf"(?<![\w.])([A-Za-z_][\w.]*)\.{re.escape(r)}\s*\.\s*{re.escape(name)}\s*\(", body)
        if typed is None and chain is not None:  # `d.allocator.dupe(...)`, `std.fmt.parseInt(...)`
            held = self._zig_value_type(chain.group(1).split(".")[-1], body)
            if held is not None:  # a field of a typed value
                typed = zig_names.field_type(self.index, held.rsplit(".", 1)[-1], self.sym.path, r)
            else:  # a namespace path
                target = zig_names.path_file(self.index, self.sym.path, lines, f"{chain.group(1)}.{r}")
                hit = zig_names.member_in_file(self.index, target, name) if target is not None else None
                if hit is not None:
                    return hit, "import"
        if typed is not None:
            got = self._zig_type_member(typed, name)
            return (got, "receiver type") if got is not None else None
        target = zig_names.alias_file(self.index, self.sym.path, lines, r)
        hit = zig_names.member_in_file(self.index, target, name) if target is not None else None
        return (hit, "import") if hit is not None else None

    def _zig_value_type(self, word: str, body: str) -> str | None:
        """The type (as written) of a Zig value named `word` in this definition: a parameter or typed local, a local
        set from `T.f(...)` (what f returns; `@This()` is T), a capture (`(try rdr.next()) |attr|`: what next
        returns; `(self.diagnostics) |d|`: the optional's type), else a field of the struct around it."""
        w = re.escape(word)
        typed = zig_names.typed_name(self.sym.signature or "", word) or zig_names.typed_name(body, word)
        if typed is not None:
            return typed
        made = re.search(rf"\b(?:var|const)\s+{w}\s*=\s*(?:try\s+)?([A-Z]\w*(?:\.[A-Z]\w*)*)\.(\w+)\s*\(", body)
        if made is not None:
            return self._zig_returns(made.group(1), made.group(2))
        copied = re.search(rf"\b(?:var|const)\s+{w}\s*=\s*(?:try\s+)?(?:(\w+)\.)?(\w+)\s*(?:orelse\b|catch\b|;)", body)
        if copied is not None and copied.group(2) != word:  # `const d = self.diagnostics orelse return ...`
            if copied.group(1) in (None, "self"):
                return self._zig_value_type(copied.group(2), body)
            of = self._zig_value_type(copied.group(1), body) if copied.group(1) != word else None
            return zig_names.field_type(self.index, of.rsplit(".", 1)[-1], self.sym.path, copied.group(2)) if of else None
        captured = re.search(rf"\(\s*(?:try\s+)?(?:self\.)?(\w+)(?:\.(\w+)\s*\([^()]*\))?\s*\)\s*\|\s*\*?{w}\s*[|,]", body)
        if captured is not None:
            held = captured.group(1) if captured.group(2) is None else None
            if held is not None:  # `if (self.diagnostics) |d|`: a field or local optional
                return self._zig_value_type(held, body) if held != word else None
            of = self._zig_value_type(captured.group(1), body) if captured.group(1) != word else None
            return self._zig_returns(of, captured.group(2)) if of is not None else None
        holder = self.own_class.id if self.own_class is not None else None
        fields = [f for f in self.in_file if f.name == word and f.kind == "field" and f.parent_id == holder]
        return next((t for f in fields if (t := zig_names.typed_name(f.signature or "", word))), None)

    def _zig_returns(self, typed: str, fn: str) -> str | None:
        """What `typed.fn(...)` returns, by its signature (`@This()` and Self are `typed`)."""
        got = self._zig_type_member(typed, fn)
        if got is None:
            return None
        sig = got.signature or ""
        if re.search(r"\)\s*(?:[\w.]*!)?\s*(?:@This\(\)|Self)\s*$", sig):
            return typed
        return return_type(sig, "zig")

    def _zig_type_member(self, typed: str, name: str) -> Symbol | None:
        """The member `name` of the Zig type written `typed`: a struct definition's (this file's first), else a
        struct file's top-level one."""
        last = typed.rsplit(".", 1)[-1]
        structs = [s for s in self.index.symbols_named(last) if s.name == last and s.language == "zig"
                   and s.kind in _CLASS_KINDS and "@This()" not in (s.signature or "")]
        structs.sort(key=lambda s: (s.path != self.sym.path, s.path not in self.import_files))
        for st in structs[:3]:
            hit = next((s for s in self.syms_of(st.path) if s.parent_id == st.id and s.name == name and usable(s)), None)
            if hit is not None:
                return hit
        for f in zig_names.type_files(self.index, typed, self.sym.path)[:1]:
            hit = zig_names.member_in_file(self.index, f, name)
            if hit is not None:
                return hit
        return self._zig_generic_member(last, name)

    def _zig_generic_member(self, fn: str, name: str, depth: int = 0) -> Symbol | None:
        """A member of the struct a Zig type function returns (`std.ArrayList(Error)`: `fn ArrayList(comptime T:
        type) type { return array_list.Aligned(T, null); }`, whose returned struct has `append`)."""
        makers = [s for s in self.index.symbols_named(fn) if s.name == fn and s.language == "zig"
                  and s.kind == "function" and re.search(r"\)\s*type\s*$", s.signature or "")]
        ws = getattr(self.index, "ws", None)
        for f in makers[:3]:
            hit = next((s for s in self.syms_of(f.path) if s.qualname == f"{f.qualname}.{name}" and usable(s)), None)
            if hit is not None:
                return hit
            if depth < 2 and ws is not None:  # `return array_list.Aligned(T, null);`: that one's struct
                body = "\n".join(_file_lines(ws, f.path, self.texts)[f.start_line - 1:f.end_line])
                made = re.search(r"\breturn\s+(?:[\w.]+\.)?([A-Z]\w*)\s*\(", body)
                got = self._zig_generic_member(made.group(1), name, depth + 1) if made else None
                if got is not None:
                    return got
        return None

    def _haskell_qualified(self, r: str, name: str) -> Found | None:
        """`name` qualified by `r`: defined in a repository module the file imports as `r` (`import qualified
        Text.Pandoc.Class as P`, or `import qualified Data.Text` used as `Data.Text.pack`) or one it re-exports;
        None when every such module is another package's (`B.readFile` with `import qualified Data.ByteString as
        B` is not Text.Pandoc.UTF8's readFile)."""
        groups = self._alias_modules.get(r)
        if groups is None:  # once per alias and answer: a body names `T.pack`, `T.unpack`, ... through one `T`
            ws = getattr(self.index, "ws", None)
            lines = _file_lines(ws, self.sym.path, self.texts) if ws is not None else []
            tails = ["/" + m.group(1).replace(".", "/") for m in map(_HASKELL_IMPORT.match, lines)
                     if m and (m.group(2) or m.group(1)) == r]
            files = [f for f in self.import_files if any(("/" + f.rsplit(".", 1)[0]).endswith(t) for t in tails)]
            groups = self._alias_modules[r] = (files, [g for f in files for g in sorted(
                include_closure(f, self.resolve_imports, limit=60)) if g not in files])
        # the modules themselves first (a class method counts: `P.lookupEnv` is PandocMonad's), then what they re-export
        for group in groups:
            for g in group:
                hit = [s for s in self.syms_of(g) if s.name == name and usable(s) and not self._in_function(s, g)]
                if hit:
                    return hit[0], "import"
        return None

    def _field_type(self, r: str) -> str | None:
        """The type the method's own class declares its field or constructor parameter `r` with."""
        own = self.own_class
        assert own is not None
        for f in self.in_file if own.path == self.sym.path else self.syms_of(own.path):
            if f.name == r and f.parent_id == own.id and f.kind in ("field", "property", "variable", "constant"):
                got = field_type(f.signature or "", r) or built_field_type(self.index, f)
                if got is not None:
                    return got
        if own.language == "cpp":  # `base_sink<Mutex>::formatter_.format(..)` in a sink: a base class's field
            base = _inherited_member(self.index, own, r, self.syms_of)
            if base is not None and base.kind in _FIELD_KINDS:
                return field_type(base.signature or "", r)
        return declared_type(own.signature or "", r)  # Scala `class Map(f: T => S, cbf: CombinerFactory[S, That])`

    def _package_files(self, r: str) -> list[str]:
        """Java/Kotlin/Scala: the files of the caller's package (its directory) defining a class named `r` (a class
        of the same package is used without an import); PHP's namespace, one folder by PSR-4 (`Helper::formatTime()`
        in ProgressBar, both in Helper/)."""
        if self.sym.language == "csharp" and r[:1].isupper():
            return self._namespace_files(r)
        if self.sym.language == "swift" and r[:1].isupper():
            # a Swift module's files see each other's types without an import: `JavaScriptBindings.build(..)` in
            # expo's Core/ModuleHolder.swift is the enum of JS/ (callees had it unresolved), an extension's too
            return sorted({s.path for s in self.index.symbols_named(r) if s.name == r and s.kind in _CLASS_KINDS
                           and s.language == "swift" and s.path != self.sym.path})
        if self.sym.language not in ("java", "kotlin", "scala", "php") or not r[:1].isupper():
            return []
        return sorted({s.path for s in self.index.symbols_named(r) if s.name == r and s.kind in _CLASS_KINDS
                       and same_package(s.path, self.sym.path) and s.path != self.sym.path})


    def _namespace_files(self, r: str) -> list[str]:
        """C#: the files declaring a class `r` in the caller's namespace or one around it (`Runtime.Initialize(..)`,
        `Exceptions.Clear()` in pythonnet's PythonEngine, all of namespace Python.Runtime, no using needed), every
        part of a partial class."""
        files = sorted({s.path for s in self.index.symbols_named(r) if s.name == r and s.kind in _CLASS_KINDS
                        and s.language == "csharp" and s.path != self.sym.path})
        return [f for f in files if sees_namespace_of(self.index, self.sym.path, f, self.texts)]


def _cs_spaces(index: IndexQueries, path: str, cache: dict[str, list[str]]) -> set[str]:
    """The namespaces a C# file declares (its lines read once per answer)."""
    ws = getattr(index, "ws", None)
    return set(cs_namespaces(_file_lines(ws, path, cache))) if ws is not None else set()


def sees_namespace_of(index: IndexQueries, path: str, other: str, cache: dict[str, list[str]]) -> bool:
    """C#: whether code in `path` sees the types of `other` without a using: `other` declares the namespace of
    `path` or one around it (Python.Runtime's types from Python.Runtime.Native)."""
    return bool(_cs_spaces(index, other, cache) & {p for ns in _cs_spaces(index, path, cache) for p in enclosing_namespaces(ns)})


#: A line of a class body that mixes something in: group 1 the keyword, group 2 the names as written (a PHP trait
#: `use A, B;`, a Ruby `include Helpers` / `extend` / `prepend`)
MIXIN_LINE = {"php": re.compile(r"^\s*(use)\s+([\w\\, ]+?)\s*[;{]"),
              "ruby": re.compile(r"^\s*(include|extend|prepend)\s+([\w:, ]+?)\s*(?:#.*)?$")}
#: languages whose overloads are separate methods, each with its own parameters and body (Java-like): a search lists
#: each, find_related picks one by parameter types or line, a call means the one its arguments fit
REAL_OVERLOADS = frozenset({"java", "csharp", "kotlin", "cpp", "scala", "swift", "dart", "elixir"})


def _mixins(index: IndexQueries, cls: Symbol) -> list[str]:
    """The traits a PHP class body uses (`use ProcessableHandlerTrait, FormattableHandlerTrait;`) and the modules
    a Ruby class body mixes in (`include Helpers`): their methods are the class's, like a base class's."""
    ws = getattr(index, "ws", None)
    rx = MIXIN_LINE.get(cls.language or "")
    if rx is None or ws is None:
        return []
    lines = _file_lines(ws, cls.path, {})[cls.start_line : cls.end_line]
    names: list[str] = []
    for text in lines:
        m = rx.match(text)
        if m:
            names += [re.split(r"::|\\", n.strip())[-1] for n in m.group(2).split(",") if n.strip()]
    return names


def inherited_member(index: IndexQueries, cls: Symbol, name: str) -> Symbol | None:
    """An implementation of `name` a class gets from a base class (never an interface's declaration of it)."""
    return _inherited(index, cls, name, index.symbols_in_file, 0, interfaces=False)


def _inherited_member(index: IndexQueries, cls: Symbol, name: str, syms_of: Callable[[str], list[Symbol]], depth: int = 0) -> Symbol | None:
    """A member `name` a class gets from its bases (found in the class's file first, then anywhere by name): an
    implementation (a base class's, a PHP trait's) before an interface's declaration of it."""
    found = _inherited(index, cls, name, syms_of, depth, interfaces=False)
    return found if found is not None else _inherited(index, cls, name, syms_of, depth, interfaces=True)


def whole_class(index: IndexQueries, sym: Symbol, *, always: bool = False) -> Symbol:
    """A class-like definition with its whole header as its signature when the stored one was cut ('…'), so
    every base it names is read (`final class ListBuffer[A] extends AbstractBuffer[A] with ... with
    SeqForwarder[A]`); `always`: read the header whatever the stored signature."""
    sig = sym.signature or ""
    if sym.kind not in _CLASS_KINDS or not (always or sig.endswith("…")):
        return sym
    header = whole_header(lines_of(index, sym.path), sym.start_line, parens=False, end=sym.end_line)
    return dataclasses.replace(sym, signature=header) if header else sym


def _inherited(index: IndexQueries, cls: Symbol, name: str, syms_of: Callable[[str], list[Symbol]], depth: int, *,
               interfaces: bool) -> Symbol | None:
    if depth > 3:
        return None
    bases = bases_of(whole_class(index, cls))
    if cls.language == "scala":  # linearization: the last trait mixed in overrides the ones before it
        bases.reverse()
    if cls.language == "swift":  # `CoreModule: Module`, `Module = AnyModule & BaseModule`: BaseModule's members
        bases = [p for b in bases for p in (composed_of(index, b) or [b])]
    for base in [*bases, *_mixins(index, cls)]:
        cands = [s for s in syms_of(cls.path) if s.name == base and s.kind in _CLASS_KINDS and s.id != cls.id] or \
            [s for s in index.symbols_named(base) if s.name == base and s.kind in _CLASS_KINDS
             and language_family(s.language) == language_family(cls.language)][:3]
        for b in cands:
            hit = [s for s in syms_of(b.path) if s.name == name and s.parent_id == b.id]
            if hit and (interfaces or b.kind != "interface"):
                return hit[0]
            deeper = _inherited(index, b, name, syms_of, depth + 1, interfaces=interfaces)
            if deeper is not None:
                return deeper
    return None


#: Languages where a bare call in a method may be a call on the object itself (`helper()` for this.helper())
IMPLICIT_SELF = _IMPLICIT_SELF = frozenset({"ruby", "java", "csharp", "kotlin", "scala", "swift", "cpp", "dart"})
#: Languages where a method is called on its object only (`this.f()`, `self.f()`, `$this->f()`): a bare call in a
#: method is a function's, never the method's own
NO_IMPLICIT_SELF = frozenset({"python", "javascript", "typescript", "tsx", "go", "rust", "php", "lua"})


def _implicit_self(index: IndexQueries, sym: Symbol, own_class: Symbol | None, name: str, syms_of: Callable[[str], list[Symbol]]) -> tuple[Symbol, str] | None:
    """A bare call in a method of `own_class` resolved as a call on the object: its own field, else a member its
    bases or mixins define (its own methods are found as same-file definitions before this)."""
    if own_class is None or sym.language not in _IMPLICIT_SELF:
        return None
    # its class's own field or constructor `val` first (run 50: Map's `pit` and `@volatile var result` were read as
    # the bases' Accessor.pit and Task.result, which Map's own shadow)
    own = next((s for s in syms_of(own_class.path) if s.parent_id == own_class.id and s.name == name
                and s.kind in ("field", "property")), None)
    if own is not None:
        return own, "same class"
    if sym.language in REOPENED:
        # a Ruby class reopened in other files (Sequel::Dataset's `first` in actions.rb calls `limit` of query.rb
        # and `cached_placeholder_literalizer` of misc.rb: all eleven had been "unresolved"), a C# partial class
        full = own_class.qualname.replace("::", ".")
        part = next((m for m in index.symbols_named(name) if m.name == name and m.language == sym.language
                     and m.kind in ("method", "function", "field", "property") and m.path != own_class.path
                     and m.qualname.replace("::", ".").rpartition(".")[0] == full), None)
        if part is not None:
            return part, "same class"
    inherited = _inherited_member(index, own_class, name, syms_of)
    if inherited is None:
        return None
    owner = next((s for s in syms_of(inherited.path) if s.id == inherited.parent_id), None)
    return inherited, "mixin" if owner is not None and owner.kind == "module" and sym.language == "ruby" else "base class"


def _module_member(files: Iterable[str], name: str, syms_of: Callable[[str], list[Symbol]]) -> tuple[Symbol, str] | None:
    """The module-level definition `name` in the first of `files` (a module or package a qualifier names) holding one."""
    for f in files:
        hit = [s for s in syms_of(f) if s.name == name and s.parent_id is None and usable(s) and seen_outside(s)]
        if hit:
            return hit[0], "import"
    return None


def rust_bound_types(index: IndexQueries, sym: Symbol, word: str, texts: dict[str, list[str]] | None = None) -> set[str | None]:
    """The type of a Rust match-arm or `if let` binding of a one-field enum variant, by the enum's declaration:
    `Scheduler::CurrentThread(exec) => exec.block_on(...)` with `enum Scheduler { CurrentThread(CurrentThread), .. }`
    makes `exec` a CurrentThread. Several types when the definition binds the word in several arms (a name
    resolves to one definition only when there is one: `_rust_bound_type`); none for `Some(x)`, `Ok(x)` (the path
    must name the enum), None in the set for a variant whose field type cannot be read."""
    ws = getattr(index, "ws", None)
    if sym.language != "rust" or ws is None or not word[:1].islower():
        return set()
    lines = _file_lines(ws, sym.path, {} if texts is None else texts)
    rx = re.compile(rf"\b([A-Z]\w*)::([A-Z]\w*)\s*\(\s*(?:ref\s+)?(?:mut\s+)?{re.escape(word)}\s*\)")
    types: set[str | None] = set()
    for i in range(max(sym.start_line - 1, 0), min(sym.end_line, len(lines))):
        for m in rx.finditer(lines[i]):
            types.add(_variant_type(index, ws, m.group(1), m.group(2)))
    return types


def _rust_bound_type(index: IndexQueries, sym: Symbol, word: str, texts: dict[str, list[str]]) -> str | None:
    types = rust_bound_types(index, sym, word, texts)
    return types.pop() if len(types) == 1 else None


def rust_arm_member(index: IndexQueries, sym: Symbol, text: str, word: str, name: str) -> Found | None:
    """Rust: `name` called on `word` where the line's own match arm binds it (`Scheduler::CurrentThread(exec) =>
    exec.block_on(..)`): the variant's field type's member, per arm (tokio run 416 read two arms' calls as "one of")."""
    m = re.search(rf"\b(\w+)\s*::\s*(\w+)\s*\(\s*(?:ref\s+)?(?:mut\s+)?{re.escape(word)}\s*\)\s*(?:if\b[^=]*)?=>", text)
    ws = getattr(index, "ws", None)
    if m is None or ws is None:
        return None
    typed = _variant_type(index, ws, m.group(1), m.group(2))
    got = member_of_type(index, typed, name, sym, []) if typed else None
    return (got[0], "receiver type") if got is not None else None


def _variant_type(index: IndexQueries, ws: Any, enum_name: str, variant_name: str) -> str | None:
    """The type of the one field of `enum_name::variant_name(T)` as its declaration says, or None."""
    variant = re.compile(rf"\s*{re.escape(variant_name)}\s*\(\s*([^,()]+?)\s*\)\s*,?\s*(?://.*)?$")
    for enum in index.symbols_named(enum_name):
        if enum.kind != "enum" or enum.language != "rust" or enum.name != enum_name:
            continue
        body = _file_lines(ws, enum.path, {})
        for j in range(enum.start_line, min(enum.end_line, len(body))):
            vm = variant.match(body[j])
            if vm:
                return named_type(vm.group(1))
    return None


def _go_shadows(lines: list[str], sym: Symbol, name: str) -> bool:
    """Whether a Go definition declares `name` itself (`path := root`, `var path string`, a parameter `path`), so
    `path.Child()` is a method of that value, not a function of the imported package path."""
    if declared_type(sym.signature or "", name):
        return True
    decl = re.compile(rf"^\s*(?:var\s+{name}\b|(?:\w+\s*,\s*)*{name}\s*(?:,\s*\w+\s*)*:=(?!\s*{name}\.))")
    body = [t for t in lines[sym.start_line:sym.end_line - 1] if t.strip()]
    top = min((len(t) - len(t.lstrip()) for t in body), default=0)
    # (at the body's top level only: a `store :=` inside a loop below does not hide the package above it, review of
    # stop 58; `foo := foo.New(..)` is the package's)
    return any(decl.match(t) and len(t) - len(t.lstrip()) == top for t in body)


def _local_member(index: IndexQueries, sym: Symbol, own_class: Symbol | None, word: str, name: str, syms_of: Callable[[str], list[Symbol]],
                  import_files: list[str], texts: dict[str, list[str]]) -> tuple[Symbol, str] | None:
    """`name` on a local `word` whose declaration in `sym` says its type (`c: Client`, `var c Client`,
    `c := &Client{}`, `Client c = ...`) or the call that made it (`c = Client()`, `c := NewClient()`)."""
    ws = getattr(index, "ws", None)
    if ws is None or not word[:1].isalpha() and word[:1] != "_":
        return None
    lines = _file_lines(ws, sym.path, texts)
    for n, binding in enumerate(local_bindings(lines, sym.start_line, sym.end_line, word)):
        if n == 3:
            break
        if binding is None:
            continue
        if binding[0] == "call":
            found = member_of_returned(index, sym, own_class, binding[1], name, syms_of, import_files)
        elif binding[0] == "member" and sym.language == "go" and go_imports_package(lines, binding[1].partition(".")[0]) \
                and not _go_shadows(lines, sym, binding[1].partition(".")[0]):
            # `errCnt := prometheus.NewCounterVec(...)`: what the package's function returns
            found = member_of_returned(index, sym, own_class, binding[1].partition(".")[2], name, syms_of, import_files)
        elif binding[0] == "member" and binding[1].count(".") == 1:
            # `let mut lookahead = input.lookahead1();` with `input: ParseStream`: what the parameter's type's method
            # returns (syn's data_struct had left every `lookahead.peek(..)` unresolved)
            value, _, method = binding[1].partition(".")
            tried, method = method.endswith("?"), method.removesuffix("?")  # Rust `Self::f(..)?`: the Ok value
            owner = declared_type(sym.signature or "", value)
            if owner is None and value in ("self", "this") and own_class is not None:
                owner = own_class.name  # `with self.make_context(..) as ctx:` (click run 400: ctx.exit() unresolved)
            got = member_of_type(index, owner, method, sym, import_files) if owner else None
            made = returned_by(index, got[0]) if got is not None else None
            if tried and owner is not None and sym.language == "rust":
                made = rust_associated(index, sym, owner, method, tried=True)
            made = _python_entered(index, lines, sym, sym.end_line, word, made)
            found = member_of_type(index, made, name, sym, import_files) if made else None
        else:
            typed = _received_type(index, sym, binding[1], import_files) if binding[0] == "receive" else binding[1]
            found = member_of_type(index, typed, name, sym, import_files) if typed else None  # receiver type, promoted
        if found is not None:  # a name declared again in another block: the first declaration that tells
            return found
    copied = _attribute_source(lines, sym.start_line, sym.end_line + 1, word) if sym.language == "python" else None
    typed = _attribute_chain_type(index, sym, own_class, copied[1]) if copied is not None else None
    return member_of_type(index, typed, name, sym, import_files) if typed else None


_GO_RECEIVER = re.compile(r"func\s*\(\s*(\w+)\s+\*?(\w+)")
_GO_CHAN_OF = re.compile(r"\bchan\b\s*(?:<-\s*)?[*\s]*(?:\w+\.)?(\w+)\s*$")


def _received_type(index: IndexQueries, sym: Symbol, channel: str, import_files: list[str]) -> str | None:
    """The element type of a Go channel field read on the method's receiver: `r.applyCh` in a method of Raft, whose
    field `applyCh chan *logFuture` carries logFuture."""
    m = _GO_RECEIVER.match(sym.signature or "")
    obj, _, field = channel.partition(".")
    if m is None or m.group(1) != obj:
        return None
    got = member_of_type(index, m.group(2), field, sym, import_files)
    elem = _GO_CHAN_OF.search(" ".join((got[0].signature or "").split())) if got is not None else None
    return elem.group(1) if elem else None


def member_of_returned(index: IndexQueries, sym: Symbol, own_class: Symbol | None, fn: str, name: str, syms_of: Callable[[str], list[Symbol]],
                       import_files: list[str], qualifiers: Iterable[str] = ()) -> tuple[Symbol, str] | None:
    """`name` on the value `fn()` returns, seen from `sym`: `fn` is a method of the enclosing class (its own, a
    base's or a trait's), a function of the file or its imports, or (Rust) what the path it was called with names
    (`Id::next().as_u64()`), whose header names the type it returns."""
    made: Any = None
    if own_class is not None:
        made = next((s for s in syms_of(sym.path) if s.name == fn and s.parent_id == own_class.id and usable(s)), None) \
            or _inherited_member(index, own_class, fn, syms_of)
    if made is None:
        made = next((s for f in [sym.path, *import_files] for s in syms_of(f)
                     if s.name == fn and s.parent_id is None and usable(s)), None)
    if made is None and sym.language == "rust":
        made = next((m for q in sorted(qualifiers) if (m := _rust_path_member(index, q, fn, sym)) is not None), None)
    if made is None and sym.language == "go":  # a function of the same package (directory), any of its files
        folder = sym.path.rpartition("/")[0]
        made = next((s for s in index.symbols_named(fn) if s.name == fn and s.language == "go" and s.parent_id is None
                     and s.path.rpartition("/")[0] == folder and usable(s)), None)
    if made is None and sym.language == "swift" and fn[:1].isupper():  # a type of the module, any of its files
        made = min((s for s in index.symbols_named(fn) if s.name == fn and s.language == "swift" and s.parent_id is None
                    and s.kind in _CLASS_KINDS - {"impl"}), key=lambda s: s.path, default=None)
    if made is not None and made.kind in _CLASS_KINDS:  # `c = Client()`: a constructor call makes a Client
        got = member_of_type(index, made.name, name, sym, import_files)
        return (got[0], "receiver type") if got is not None else None
    typed = declared_return(index, made) if made is not None else None
    if typed is None and made is not None and made.language == "javascript" and getattr(index, "ws", None) is not None:
        typed = jsdoc_type(_file_lines(getattr(index, "ws", None), made.path, {}), made.start_line, "returns")  # `@returns {CodePathState}`
    if typed == "Self":  # `-> Self`, `: static`: the class the method is defined in
        owner = next((s for s in syms_of(made.path) if s.id == made.parent_id), None)
        typed = owner.name if owner is not None else None
    elif typed == "parent" and made is not None and made.language == "php":  # `getCommand(): parent` in LazyCommand
        owner = next((s for s in syms_of(made.path) if s.id == made.parent_id), None)
        inherited = _inherited_member(index, owner, name, syms_of) if owner is not None else None
        return (inherited, "return type") if inherited is not None else None
    got = member_of_type(index, typed, name, sym, import_files) if typed else None
    return (got[0], "return type") if got is not None else None


def member_of_type(index: IndexQueries, typed: str, name: str, sym: Symbol, import_files: list[str], depth: int = 0,
                   called: bool | None = None) -> tuple[Symbol, str] | None:
    """The member `name` of the type `typed` as seen from `sym` (its file, imports, package), or for Go one
    promoted from a struct the type embeds (`r.getState()` on a Raft that embeds raftState); a Rust type alias is
    read as the type it names (syn's `input: ParseStream` is a `&'a ParseBuffer<'a>`). `called`: the member is called
    (a method, not a same-named field: tokio's Builder has both `worker_threads`s), or read (the field)."""
    got = _member_of_type(index, typed, name, sym, import_files, depth, called)
    if got is None and depth == 0 and sym.language == "rust":
        target = _rust_alias_target(index, typed)
        if target is not None and target != typed:
            return _member_of_type(index, target, name, sym, import_files, depth, called)
    return got


#: a Rust type alias naming one type, maybe by reference: `pub type ParseStream<'a> = &'a ParseBuffer<'a>;`
_RUST_ALIAS = re.compile(r"^(?:pub(?:\([^)]*\))?\s+)?type\s+\w+\s*(?:<[^=]*>)?\s*=\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:dyn\s+)?"
                         r"(?:[\w]+::)*([A-Za-z_]\w*)\s*(?:<.*>)?\s*;?$")


def rust_in_module_tree(home: str, path: str) -> bool:
    """Whether a Rust file is `home` or one of the child modules of home's module (src/map/core.rs's tree holds
    src/map/core/raw.rs; src/lib.rs's, mod.rs's, their folder)."""
    root = home.removesuffix(".rs").removesuffix("/mod")
    root = root.rpartition("/")[0] if root.endswith(("/lib", "/main")) or root in ("lib", "main") else root
    return path == home or path.startswith(root + "/") if root else True


def _rust_impl_elsewhere(index: IndexQueries, own: Symbol, name: str, sym: Symbol) -> Symbol | None:
    """Rust: the method `name` of the type `own` in an impl block of another file (indexmap's `self.erase_indices_sweep(..)`
    in core.rs, defined in `impl IndexMapCore` of its child module raw.rs: run 467 read it as unresolved); of several
    types of that name, the one whose files sit in the type's folder or below; None when that does not tell."""
    cands = [s for s in index.symbols_named(name) if s.kind == "method" and s.language == "rust" and s.id != sym.id
             and s.qualname.rsplit(".", 2)[-2:] == [own.name, name] and usable(s)]
    namesakes = [t for t in index.symbols_named(own.name) if t.name == own.name and t.language == "rust"
                 and t.kind in ("struct", "enum", "union", "type") and t.id != own.id]
    home = own.path
    if own.kind == "impl":  # `impl TomlParser` in parser/document.rs: the struct's module (parser/mod.rs) is the
        # tree its other impls sit in (parser/table.rs's `Self::descend_path`: tomledit run 571 read it unresolved)
        typedefs = [t for t in namesakes if rust_in_module_tree(t.path, own.path)]
        if len(typedefs) == 1:
            home, namesakes = typedefs[0].path, [t for t in namesakes if t.id != typedefs[0].id]
    if len(cands) > 1 or namesakes:  # (two `struct Iter`s: map.rs's len is no method of set.rs's, review of stop 55)
        cands = [s for s in cands if rust_in_module_tree(home, s.path)]
    return cands[0] if len(cands) == 1 else None


def _rust_alias_target(index: IndexQueries, typed: str) -> str | None:
    """The type a Rust module-level `type Name = ...;` alias names, when the repository has one such alias."""
    aliases = [s for s in index.symbols_named(typed) if s.name == typed and s.kind == "type" and s.language == "rust"
               and s.parent_id is None]
    m = _RUST_ALIAS.match(" ".join((aliases[0].signature or "").split())) if len(aliases) == 1 else None
    return m.group(1) if m is not None else None


def _member_of_type(index: IndexQueries, typed: str, name: str, sym: Symbol, import_files: list[str], depth: int = 0,
                    called: bool | None = None, package: str | None = None) -> tuple[Symbol, str] | None:
    """`package`: a Go import path the type belongs to (an embedded `*assert.Assertions`), when the struct names one."""
    family = language_family(sym.language)
    if sym.language == "cpp":
        typed = cpp_type(index, typed)
    module, typed = _rust_type_module(sym, typed)  # `nfa::Builder`: the Builder of src/nfa.rs
    hit = [s for s in index.symbols_named(f"{typed}.{name}") if s.qualname == f"{typed}.{name}" and usable_member(s)
           and language_family(s.language) == family]
    if module is not None:  # (aho-corasick run 533: `self.nfa_builder.build(p)` had been the caller's own build)
        hit = [s for s in hit if rust_file_in_module(s.path, module)] or hit
    space = _php_type_namespace(index, sym, typed) if sym.language == "php" else None
    if space is not None:  # `use Dflydev\DotAccessData\Data;` with a repository App\Util\Data: not that one's get
        hit = [s for s in hit if php_file_namespace(index, s.path) == space]
    if package is not None and (ws := getattr(index, "ws", None)) is not None:
        # testify run 296: Suite embeds *assert.Assertions; its promoted Equal was require.Assertions.Equal too
        hit = [s for s in hit if _go_package_path(ws, s.path.rpartition("/")[0]) == package] or hit
    if called is not None and len(hit) > 1:
        hit = [s for s in hit if (s.kind in ("method", "function")) == called] or hit
    if sym.language == "cpp" and len(hit) > 1:  # `fmt::formatter<spdlog::stopwatch>` is no spdlog::formatter
        hit = [s for s in hit if not cpp_specialization(index, s)] or hit
    if sym.language == "javascript" and any(s.path.endswith(".d.ts") for s in hit):  # a package's shipped types
        hit = [s for s in hit if not s.path.endswith(".d.ts")] or hit  # declare its JavaScript classes again
    near = [s for s in hit if s.path == sym.path or s.path in import_files
            or s.path.rpartition("/")[0] == sym.path.rpartition("/")[0]]
    if sym.language == "go" and len(near) > 1:  # a bare Go type name is its own package's (mock's tHelper, not assert's)
        near = [s for s in near if s.path.rpartition("/")[0] == sym.path.rpartition("/")[0]] or near
    if not near and len(hit) > 1 and sym.language == "swift":
        # one module sees all its files; a protocol's requirement and the default its extension gives (expo's
        # `module._decorateModule(..)` on an AnyModule field): the requirement, which the call dispatches through
        hit = _swift_declared_member(index, hit)
    if sym.language in ("typescript", "tsx") and len(near or hit) > 1:
        # a TS method's overload signatures and its implementation: the implementation, the one with a body (rxjs's
        # `Observable.subscribe` callee had been its first overload, 67-67, not 204-230)
        first = (near or hit)[0]
        same = [s for s in near or hit if s.path == first.path and s.parent_id == first.parent_id]
        if len(same) == len(near or hit):
            return max(same, key=lambda s: (s.end_line - s.start_line, -s.start_line)), \
                "receiver type" if depth == 0 else "promoted"
    if near or len(hit) == 1:
        return (near or hit)[0], "receiver type" if depth == 0 else "promoted"
    if sym.language != "go" and depth == 0:  # `new Entrypoint(..).addOrigin()`: ChunkGroup's, its base class's
        classes = [s for s in index.symbols_named(typed) if s.name == typed and s.kind in _CLASS_KINDS
                   and language_family(s.language) == family
                   and (space is None or php_file_namespace(index, s.path) == space)]
        near = [s for s in classes if s.path == sym.path or s.path in import_files]
        if not near and len(classes) > 1:  # Scala's `type List[+A] = scala.collection.immutable.List[A]` is no class
            classes = [s for s in classes if not (s.kind == "type" and "=" in (s.signature or ""))] or classes
        if near or len(classes) == 1:
            cls = (near or classes)[0]
            # a nested class's own member: `target.tryComplete()` on a Promise.DefaultPromise written DefaultPromise
            own = [s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id and s.name == name and usable_member(s)]
            if own:
                return own[0], "receiver type"
            inherited = _inherited_member(index, cls, name, index.symbols_in_file)
            if inherited is not None:
                return inherited, "base class"
    if sym.language != "go" or depth >= 2:
        return None
    folder = sym.path.rpartition("/")[0]
    ws = getattr(index, "ws", None)
    for struct in index.symbols_named(typed):
        # (an interface's embedded interfaces too: json-iterator's API embeds IteratorPool's BorrowIterator)
        if struct.kind not in ("struct", "interface") or struct.path.rpartition("/")[0] != folder or ws is None:
            continue
        text = _file_lines(ws, struct.path, {})
        for qual, inner in go_embedded_qualified(text, struct.start_line, struct.end_line):
            package = go_import_path(text, qual) if qual else _go_package_path(ws, struct.path.rpartition("/")[0])
            got = _member_of_type(index, inner, name, sym, import_files, depth + 1, package=package)
            if got is not None:
                return got[0], "promoted"
    return None


_SWIFT_BUILT = re.compile(r"=\s*(?:try\s+)?([A-Z]\w*)\s*(?:\.init\s*)?\(")


def _rust_type_module(sym: Symbol, typed: str) -> tuple[str | None, str]:
    """A Rust type written with its module path (`nfa::Builder`, `crate::dfa::DFA`): the module's name (None for
    crate/self/super or no path) and the type's own name; other languages' types as they are."""
    if sym.language != "rust" or "::" not in typed:
        return None, typed
    path, _, name = typed.rpartition("::")
    module = path.rsplit("::", 1)[-1].strip()
    return (None if module in ("crate", "self", "super", "") else module), name


def built_field_type(index: IndexQueries, field: Symbol) -> str | None:
    """Swift/Kotlin: the class a field's initializer builds when its header names no type (`lazy var registry =
    SharedObjectRegistry(appContext: self)`, `val holder = ModuleHolder(..)`), when the repository defines it."""
    if field.language in ("typescript", "tsx", "javascript"):
        # `private readonly _onScroll = this._register(new Emitter<number>())`, `_register<T>(o: T): T` handing back
        # what it is given (xterm run 587: `this._onScroll.fire(..)` unresolved)
        m = re.search(r"=\s*(?:this\.)?([A-Za-z_$][\w$]*)\s*\(\s*new\s+([A-Z][\w$]*)", field.signature or "")
        if m is not None and _is_type(index, m.group(2)) and any(
                _TS_IDENTITY.search(d.signature or "") for d in index.symbols_named(m.group(1))
                if d.name == m.group(1) and d.kind in ("method", "function")):
            return m.group(2)
        return None
    if field.language not in ("swift", "kotlin"):
        return None
    built = _SWIFT_BUILT.search(field.signature or "")
    if built is not None:
        return built.group(1) if _is_type(index, built.group(1)) else None
    return _returned_field_type(index, field)


#: a TypeScript function handing back its argument: `_register<T extends IDisposable>(o: T): T`
_TS_IDENTITY = re.compile(r"<\s*([A-Za-z_$][\w$]*)\b[^<>]*(?:<[^<>]*>[^<>]*)*>\s*\(\s*[\w$]+\s*\??\s*:\s*\1\s*\)\s*:\s*\1\b")
#: a field initialized by a method of another value of the class (`val definition = module.definition()`)
_FIELD_FROM_CALL = re.compile(r"=\s*(?:try\s+)?(?:this\.|self\.)?([a-z_]\w*)\s*(?:\?\.|!!\.|\.)\s*([A-Za-z_]\w*)\s*\(")


def _returned_field_type(index: IndexQueries, field: Symbol) -> str | None:
    """Kotlin/Swift: what a field's initializer returns when it calls a method of a constructor parameter or another
    field of its class (`val definition = module.definition()` with `class ModuleHolder(val module: Module)`: the
    declared return type of Module.definition); None when any step is unknown."""
    m = _FIELD_FROM_CALL.search(field.signature or "")
    holder = index.get_symbol(field.parent_id) if m is not None and field.parent_id is not None else None
    if m is None or holder is None:
        return None
    word, method = m.group(1), m.group(2)
    typed = field_type(holder.signature or "", word) or next(
        (t for f in index.symbols_in_file(field.path) if f.parent_id == holder.id and f.name == word and f.id != field.id
         and (t := field_type(f.signature or "", word))), None)
    typed = generic_bound(holder.signature or "", typed) or typed if typed else None  # `module: T`, `T : Module`
    got = member_of_type(index, re.sub(r"[<?].*", "", typed), method, field, []) if typed else None
    returned = return_type(_uncut(index, got[0]).signature or "", got[0].language) if got is not None else None
    return returned if returned and _is_type(index, returned) else None


def swift_global_type(index: IndexQueries, r: str) -> str | None:
    """The type of a Swift module-level `let`/`var` named `r` (a module's files see it without an import), by its
    annotation or the type its initializer builds (expo's `public let log = Logger(..)`: `log.info(..)` anywhere is
    Logger's); None when no single such global is defined."""
    if not r[:1].islower():
        return None
    held = [s for s in index.symbols_named(r) if s.name == r and s.language == "swift" and s.parent_id is None
            and s.kind in ("variable", "constant", "field")]
    if len(held) != 1:
        return None
    sig = held[0].signature or ""
    m = _SWIFT_BUILT.search(sig)
    return field_type(sig, r) or (m.group(1) if m else None)


def _swift_declared_member(index: IndexQueries, hit: list[Symbol]) -> list[Symbol]:
    """Of a Swift type's members of one name, those declared in the type itself rather than in an extension of it
    (the requirement of a protocol, not its extension's default); all of them when none or all are."""
    def in_extension(s: Symbol) -> bool:
        around = [h for h in index.symbols_in_file(s.path) if h.kind in _CLASS_KINDS and h.id != s.id
                  and h.start_line <= s.start_line and s.end_line <= h.end_line]
        return min(around, key=lambda h: h.end_line - h.start_line).kind == "impl" if around else False
    own = [s for s in hit if not in_extension(s)]
    return own if own else hit


#: a directory is one package: its files call each other without imports (C#: a folder is one namespace, by convention)
_PACKAGE_DIRS = frozenset({"go", "java", "csharp", "kotlin", "scala"})
#: a receiver cast to a type right before the call: Scala `x.asInstanceOf[T[S]].`, Java/C# `((T) x).`
CAST = re.compile(r"(?:\.asInstanceOf\[\s*([\w.]+)(?:\[(?:[^\[\]]|\[[^\[\]]*\])*\])?\s*\]|\(\s*\(\s*([\w.]+)(?:<[^<>]*>)?\s*\)\s*[\w$.]+\s*\)"
                  # (C#'s and TypeScript's `(handler as FunctionNode).Evaluate(..)`: hyena run 565 read it as a call of
                  # the caller's own class's Evaluate)
                  r"|\(\s*[\w$.]+\s+as\s+([\w.]+)(?:<[^<>()]*>)?\s*\))\s*\.\s*$")
#: a Go conversion right before a call's `.`: `T(x).`, `(*T)(x).` (the value converted: a name or a selector)
_GO_CONVERSION = re.compile(r"(?:(?<![\w.])([A-Za-z_]\w*)|\(\s*\*\s*([A-Za-z_]\w*)\s*\))\(\s*&?[\w.]+\s*\)\s*\.\s*$")
_GO_ASSERTION = re.compile(r"\.\(\s*\*?\s*([A-Za-z_][\w.]*)\s*\)\s*\.\s*$")  # `x.(*Metrics).`
#: a C++ call qualified by a class template's name and arguments: `dist_sink<Mutex>::sink_it_(`
_CPP_TEMPLATE_QUALIFIER = re.compile(r"\b(\w+)\s*<(?:[^<>]|<[^<>]*>)*>\s*::\s*$")
_RECEIVER = re.compile(r"(#?[\w$]+)\s*(?:\(\s*\))?\s*(\?\.|\.|->|::)\s*$")  # (`this.#cache.`: a JS/TS private field)
_SELF = SELF_WORDS


def find_callers(index: IndexQueries, sym: Symbol, callee: str, resolve_imports: Callable[[str], dict[str, list[str]]],
                 *, max_files: int = 64, left_out: list[Caller] | None = None,
                 recursive: list[int] | None = None) -> list[Caller]:
    """The call sites of `sym` (named `callee`), one per line, in its language family only, best evidence first:
    the defining file, files importing it (or, Go/Java, its package), then for a method sites whose receiver is
    self/this or named like its class; the rest match by name only (`how="name only"`). Sites whose receiver shows
    another method (`c.against`) are dropped, and added to `left_out` when given."""
    family = language_family(sym.language)
    # (a property of a class is read on a receiver of its class too: `runtimeContext.coreModule.jsObject`)
    # (and a C# enum member or const, always written through its type: `MaybeMethodFlags.Public` is no
    # `BindingFlags.Public`; review of this stop)
    held = sym.kind == "field" or (sym.kind == "constant" and sym.language == "csharp" and sym.parent_id is not None)
    # (a Ruby `attr_reader :registers` writes a method: `context.registers` on another class's value is not its call)
    ruby_attr = sym.kind == "field" and sym.language == "ruby" and sym.parent_id is not None
    member = sym.kind == "method" or table_function(sym) or (held and sym.language in PROPERTY_READ) or ruby_attr
    owner = sym.qualname.rsplit(".", 2)[-2] if member and "." in sym.qualname \
        else zig_file_struct(sym.path) if sym.language == "zig" and sym.kind == "function" else None
    lang: dict[str, str | None] = {}
    evidence: dict[str, str | None] = {}
    seen: set[tuple[str, int]] = set()
    sites: list[Caller] = []
    own_lines: dict[str, list[str]] = {}  # the definition's file, read once for its recursive calls
    inner: set[int] = set()  # lines of its own body calling the name on another value (see _on_another_value)
    ctor, py_ctor, kinds = _site_kinds(sym, callee, owner)
    cpp_ctor = sym.language == "cpp" and sym.kind == "method" and callee == owner
    macro_heads: dict[str, dict[int, list[str]]] = {}  # C/C++: per file, the arguments of `TEST_F(A, B) {` heads
    go_method = sym.language == "go" and sym.kind == "method"
    rust_fn = sym.language == "rust" and sym.kind in ("method", "function") and not is_macro(sym.kind, sym.signature)
    # a property named like a class (C# `DelegateManager DelegateManager { get; }`): `new DelegateManager()` builds
    # the class and reads no property (pythonnet: the one "caller" of PythonEngine.DelegateManager was that)
    # (a class's member only: a JS/TS constant holding a class, `const EmptyError = createErrorClass(..)`, is built
    # by `new EmptyError()`; review of this stop)
    built = sym.kind == "field" and sym.parent_id is not None and sym.language in _NEW_BUILDS
    typed = sym.kind in ("field", "constant") and sym.language in PROPERTY_READ  # `static DelegateManager x;`
    # Ruby: `box.size = 3` calls the writer `size=` (a `def size=`, an attr_writer or attr_accessor), recorded under
    # the name it assigns; an attribute's reads and writes are told apart by the line (review of stop 58: the callers
    # of a `def size=` were "0 call sites", and an attr_reader's were its writes)
    writes = ruby_writes(sym, callee)
    named = callee[: len(callee) - (writes == "write")]  # (`size=` is recorded as `size`; C++ `operator=` is itself)
    for r in index.references_to(named, limit=2000):
        if r.kind not in kinds or (r.path, r.line) in seen or \
                not _ruby_write_fits(index, r, named, writes, own_lines, left_out, sym) or \
                (cpp_ctor and r.kind == "type" and _cpp_scope_only(index, r, callee, own_lines)) or \
                (family == "c" and r.kind != "call" and _macro_argument(index, r, callee, macro_heads)) or \
                (built and r.kind == "call" and _only_built(index, r, callee, own_lines)) or \
                (typed and r.kind == "type" and _type_position_only(index, r, callee, own_lines)) or \
                (go_method and not _go_selector_at(index, r, callee, own_lines)) or \
                (rust_fn and _rust_macro_only(index, r, callee, own_lines)):
            continue  # (Go: `&Config{..}` builds the type a method `Config` is named like, no call of it)
        # inside its own range: recursion for a function; a class building itself (`new Map(f, cbf, p)` in
        # Map.newSubtask) is a use like any other, its own head line aside
        if r.path == sym.path and sym.start_line <= r.line <= sym.end_line \
                and (sym.kind not in _CLASS_KINDS or r.line == sym.start_line) \
                and not _own_body_site(index, sym, r, owner, recursive, inner, own_lines):
            continue
        seen.add((r.path, r.line))
        if r.path not in lang:
            lang[r.path] = language_family(language_of(index, r.path))
            evidence[r.path] = _file_evidence(index, sym, r.path, resolve_imports, own_lines) if lang[r.path] == family else None
        if lang[r.path] != family or (sym.language in ("typescript", "tsx") and compiled_js(index, r.path)):
            continue  # a Python method is never called from JavaScript; a TS one not from its own compiled output
        how = evidence[r.path]
        sites.append(Caller(None, r.path, r.line, how or "name only"))
    _aliased_sites(index, sym, callee, family, seen, sites, recursive, resolve_imports)
    if held and sym.language in PROPERTY_READ and owner is not None:
        sites = _property_sites(index, sym, callee, sites, seen, left_out)
    # `with Live(...) as live:` runs Live.__enter__ and __exit__ (added after the receivers are checked)
    entered = _with_sites(index, sym, owner, seen) if sym.language == "python" and callee in _WITH_METHODS and owner else []
    holder = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    if holder is not None and holder.kind in ("function", "method") and sym.kind in ("function", "method"):
        # a function local to another (`def compute` inside FutureTasks.exec) is called from inside it only
        sites = [c for c in sites if c.path == holder.path and holder.start_line <= c.line <= holder.end_line]
    elif sym.kind in ("function", "method") and sites:
        sites = _rust_path_calls_only(index, sym, callee, owner, own_lines, left_out,
                                      _function_sites(index, sym, callee, sites, owner, resolve_imports, left_out))
    elif sym.kind in ("variable", "constant") and sym.parent_id is None and sites and sym.language in _PARAMETER_SHADOWS:
        sites = _not_a_parameter(index, callee, sites, left_out)  # MobX's `export const action = ..`
    if sym.kind in _CLASS_KINDS and sites:
        sites = _own_class_sites(index, sym, holder, sites)
        if sym.language == "go":  # `func (e ParseError) Error() string {` declares a method, builds none (prometheus
            sites = [c for c in sites if not _go_receiver_line(index, c, callee, own_lines)]  # run 439)
        if holder is not None and holder.kind in _CLASS_KINDS:  # `throw SharedObject.NotFoundException()`
            _through_holder(index, sym, holder.name, sites)
    if sym.kind in _CLASS_KINDS and sites:  # `db.Head()` calls a method named like the type: no use of it
        drop = member_namesakes(index, callee, sites)
        sites = [c for c in sites if (c.path, c.line) not in drop]
    static = (_is_static(sym) or (held and sym.kind == "constant")) and owner is not None
    if static and owner is not None:  # `Selector.select(q, root)` names Selector: a file with no evidence that never
        naming = {r.path for r in index.references_to(owner, limit=5000)}  # mentions the class has no call of it
        sites = [c for c in sites if c.how != "name only" or c.path in naming]
    if sym.language == "elixir" and sym.kind in ("method", "function") and "." in sym.qualname:
        _elixir_sites(index, sym, sites)  # name/arity through aliases and imports, never another module's local
        if left_out is not None:
            left_out += [c for c in sites if c.against]
        sites = [c for c in sites if not c.against]
    elif ctor or py_ctor:
        sites = _constructor_sites(index, sym, callee, sites, left_out)
        sites += _python_built_by_cls(index, sym, seen, resolve_imports) if py_ctor else []
        sites += _this_delegations(index, sym, callee) + _base_delegations(index, sym, callee, seen) if ctor else []
    elif owner is not None:  # (a constructor, `new PrefixRangeMap(..)`, is on no receiver: its file's evidence stands)
        # the files most likely to hold real calls are read first: the read budget goes to them
        order = {"same file": 0, "import": 1, "same package": 1}
        sites.sort(key=lambda c: (order.get(c.how, 2), c.path, c.line))
        if sym.language == "zig":
            from contexteer.indexers.zig_calls import check_receivers  # it reads this module's helpers

            check_receivers(index, sites, callee, owner, max_files, sym)
        else:
            _check_receivers(index, sites, named, owner, max_files, sym.language, static=static, ruby_assign=writes,
                             extends=extended_type(sym), signature=sym.signature or "", resolve_imports=resolve_imports,
                             owner_cls=_owner_class(index, sym, holder), prop=held,
                             owner_folder=sym.path.rpartition("/")[0])
        _go_namesake_packages(index, sites, owner, sym)
        _php_namesake_imports(index, sites, owner, sym)
        # of its own body's calls on another value, those whose receiver's type is its class, a subclass or a base
        # class it overrides (one that may dispatch here); a receiver nothing types stays unsaid, as before
        sites = [c for c in sites if c.path != sym.path or c.line not in inner or c.against
                 or (c.receiver is True and c.how != "name only")]
        if left_out is not None:  # what the receivers showed to be another method of that name, for the answer to count
            left_out += [c for c in sites if c.against]
        sites = [c for c in sites if not c.against]
    if sym.language == "python" and sym.kind in _CLASS_KINDS:
        sites += _python_built_by_cls(index, sym, seen)
    if sym.language == "php" and sym.name == "__construct" and callee == owner and callee != sym.name:
        # the constructor's callers are the `new` of its class and the `parent::__construct(..)` of its subclasses
        # (run 164: the callers of MarkdownInput::__construct had the second and left out `new MarkdownInput(..)`)
        sites += [c for c in find_callers(index, sym, sym.name, resolve_imports, max_files=max_files, left_out=left_out)
                  if (c.path, c.line) not in seen]
    sites = _overload_sites(index, sym, callee, sites, left_out)
    sites = _by_call_shape(index, sym, callee, sites, holder, seen, left_out)
    if sites or sym.language == "ruby":  # (Ruby: bare calls without parentheses are found by their text)
        _by_language_rules(index, sym, callee, sites, family, left_out)
    sites += entered
    rank = {"same file": 0, "same module": 0, "import": 1, "same package": 1, "receiver type": 1.5, "alias": 1.5,
            "trait in scope": 1.5, "path": 1,
            GLOBAL: 1.5, "with statement": 1.5, "constructor chain": 1.5, "receiver": 2, "base type": 2, "name only": 3}
    sites.sort(key=lambda c: (rank[c.how] - (c.receiver is True) * 0.5, c.path, c.line))
    return sites


#: how a shell function defined once in the repository is called from another file: shell functions share one
#: namespace (bash-completion's scripts call `_command_offset` of the main file, which they never source), so a
#: call by its name is a call of it; "name only" read as a guess to the bash-completion A/B agent
GLOBAL = "global name"


#: Python's builtin names: a repository function of one of them is never what a bare call of it means for sure
_PY_BUILTIN_NAMES = frozenset(dir(__import__("builtins")))

#: Python methods a `with` (`async with`) statement runs without naming them
_WITH_METHODS = frozenset({"__enter__", "__exit__", "__aenter__", "__aexit__"})


def _with_sites(index: IndexQueries, sym: Symbol, owner: str, seen: set[tuple[str, int]]) -> list[Caller]:
    """The `with` statements whose context manager is built from the class on that line (`with Live(console) as
    live:`), returned by a function declared to return it (`with console.use_theme(t):`), or is the object itself
    inside the class (`with self:`): callers of its __enter__/__exit__ the index records no call for. A `with` on a
    value built elsewhere is not seen."""
    asynchronous = sym.name in ("__aenter__", "__aexit__")
    head = re.compile(r"^\s*async\s+with\b" if asynchronous else r"^\s*with\b")
    out: list[Caller] = []
    files: dict[str, list[str]] = {}
    candidates = [(r.path, r.line, False) for r in index.references_to(owner, limit=2000)]
    cls = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    if cls is not None:  # `with self:` in the class's own methods (rich's Console enters itself)
        texts = _file_lines(getattr(index, "ws", None), cls.path, files) if getattr(index, "ws", None) is not None else []
        candidates += [(cls.path, n, True) for n in range(cls.start_line, min(cls.end_line, len(texts)) + 1)
                       if re.match(r"\s*(?:async\s+)?with\s+self\s*(?:[:,]|as\b)", texts[n - 1])]
    # and the functions declared to return the class (`def use_theme(..) -> ThemeContext:`): `with
    # console.use_theme(theme):` enters what it returns (Rich run 255's depth-3 answer had stopped there)
    made_by: set[str] = set()
    for r in index.references_to(owner, limit=2000):
        lines = files.get(r.path)
        if lines is None:
            lines = files[r.path] = lines_of(index, r.path)
        text = lines[r.line - 1] if 0 < r.line <= len(lines) else ""
        if re.search(rf"->\s*['\"]?(?:\w+\.)*{re.escape(owner)}['\"]?\s*:", text):
            enc = enclosing(index.symbols_in_file(r.path), r.line)
            # (only a name one definition has, never a builtin's: `with open(p)` is the builtin's file, `with
            # o.lock()` may be another class's lock; review of 5392ccf)
            if enc is not None and enc.kind in ("function", "method") and r.line - enc.start_line <= 8 \
                    and enc.name not in _PY_BUILTIN_NAMES and sum(
                        1 for d in index.symbols_named(enc.name) if d.name == enc.name
                        and d.kind in ("function", "method")) == 1:
                made_by.add(enc.name)
    factories = sorted(made_by)[:8]
    for name in factories:
        candidates += [(r.path, r.line, False) for r in index.references_to(name, limit=500)]
    made = "|".join(re.escape(n) for n in [owner, *factories])
    for path, line, itself in candidates:
        if (path, line) in seen or (path == sym.path and sym.start_line <= line <= sym.end_line):
            continue
        lines = files.get(path)
        if lines is None:
            lines = files[path] = lines_of(index, path)
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        if head.match(text) and (itself or re.search(rf"\b(?:{made})\s*\(", text)):
            seen.add((path, line))
            out.append(Caller(None, path, line, "with statement", receiver=True))
    return out


def _constructor_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                       left_out: list[Caller] | None) -> list[Caller]:
    """A constructor's call sites: `new Node<>(..)` in a file with a Node class of its own builds that one
    (StaticBucketMap's, not TreeBidiMap's): left out, with the reason."""
    own: dict[str, bool] = {}  # per file: whether it has a class of that name of its own
    files: dict[str, list[str]] = {}
    head = sym.signature or ""
    if sym.language == "python":  # `def __init__(self, config, *, check=True)` is called without self
        head = re.sub(r"\(\s*(?:self|cls)\b\s*(?::[^,)]*)?,?\s*", "(", head, count=1)
    fits = arity(callee + head[head.index("("):], callee) if "(" in head else None
    for c in sites:
        if c.path not in own:
            own[c.path] = c.path != sym.path and any(s.name == callee and s.kind in _CLASS_KINDS for s in index.symbols_in_file(c.path))
        text = _file_lines(getattr(index, "ws", None), c.path, files)[c.line - 1:c.line] if getattr(index, "ws", None) else []
        args = call_args(text[0], callee) if text else None
        # `new Node<>()` is no call of Node(previous, next, value): another overload's
        c.against = own[c.path] or (fits is not None and args is not None
                                    and (len(args) < fits[0] or (fits[1] is not None and len(args) > fits[1])))
        if c.against and not own[c.path] and args is not None:  # `new P(this, 2)`: P(Object, int)'s, said so
            other = next((o for o in _sibling_constructors(index, sym)
                          if (a := arity(callee + (o.signature or "")[(o.signature or "").find("("):], callee))
                          and a[0] <= len(args) and (a[1] is None or len(args) <= a[1])), None)
            c.overload = _overload_label(other) if other is not None else None
    if left_out is not None:
        left_out += [c for c in sites if c.against]
    return [c for c in sites if not c.against]


def _sibling_constructors(index: IndexQueries, sym: Symbol) -> list[Symbol]:
    """The other constructors of the class `sym` constructs (same holder, same name), with a signature."""
    if sym.parent_id is None:
        return []
    return [s for s in index.symbols_in_file(sym.path) if s.parent_id == sym.parent_id and s.name == sym.name
            and s.id != sym.id and "(" in (s.signature or "")]


def _this_delegations(index: IndexQueries, sym: Symbol, callee: str) -> list[Caller]:
    """Java/C#: the class's other constructors handing on to this one with `this(..)` (`: this(..)` in C#), by
    argument count (jcommander run 491: `this(object, bundle, (String[]) null)` in JCommander(Object, ResourceBundle)
    was no caller of the three-parameter constructor, under "complete")."""
    if sym.language not in ("java", "csharp") or sym.kind not in ("method", "constructor") or sym.parent_id is None:
        return []
    fits = arity(callee + (sym.signature or "")[(sym.signature or "").find("("):], callee) if "(" in (sym.signature or "") else None
    lines = lines_of(index, sym.path)
    typed = _checkable(index, param_types(sym.signature or "")) if sym.language == "java" else None
    ctors = [c for c in index.symbols_in_file(sym.path) if c.parent_id == sym.parent_id and c.name == sym.name]
    # (a call that another constructor takes with exactly as many parameters is that one's, not this varargs one's)
    fixed = {n for c in ctors if c.id != sym.id and (a := arity(callee + (c.signature or "")[(c.signature or "").find("("):], callee))
             and a[1] is not None for n in range(a[0], a[1] + 1)} if fits is not None and fits[1] is None else set()
    out: list[Caller] = []
    for c in ctors:
        if c.id == sym.id:
            continue
        for k in range(c.start_line, min(c.end_line, len(lines)) + 1):
            args = call_args(lines[k - 1], "this") if re.search(r"(?<![\w.$])this\s*\(", lines[k - 1]) else None
            # (a literal argument of another type is another constructor's: `this("x")` is no call of Foo(int))
            if args is not None and len(args) not in fixed and not (typed and _literal_args_misfit(lines[k - 1], "this", typed)) \
                    and (fits is None or fits[0] <= len(args) and (fits[1] is None or len(args) <= fits[1])):
                out.append(Caller(c, sym.path, k, how="same file", receiver=True, receiver_name="this(..)"))
    return out


def _base_delegations(index: IndexQueries, sym: Symbol, callee: str, seen: set[tuple[str, int]]) -> list[Caller]:
    """Java/C#: the constructors of the class's direct subclasses handing on to this one with `: base(..)` (C#) or
    `super(..)` (Java), the one the arguments fit (dbus-sharp run 526: `public Bus (string address) : base (address)`
    was no caller of Connection(string), and a depth-3 chain of callers stopped there)."""
    if sym.language not in ("java", "csharp") or sym.kind not in ("method", "constructor") or sym.parent_id is None:
        return []
    cls = index.get_symbol(sym.parent_id)
    if cls is None or cls.name != callee:
        return []
    ctors = [c for c in index.symbols_in_file(sym.path) if c.parent_id == cls.id and c.name == callee and c.kind == sym.kind]
    word = "base" if sym.language == "csharp" else "super"

    out: list[Caller] = []
    for path in sorted({r.path for r in index.references_to(callee, limit=2000) if r.kind != "call"}):
        lines = lines_of(index, path)
        syms = index.symbols_in_file(path)
        for sub in (s for s in syms if s.kind in _CLASS_KINDS and s.language == sym.language and callee in bases_of(s)):
            for made in (s for s in syms if s.parent_id == sub.id and s.name == sub.name and s.kind == sym.kind):
                # (C#: the initializer stands between the parameters and the body; Java: the body's first statement)
                last = min(made.end_line, len(lines), made.start_line + (4 if word == "base" else 12))
                for k in range(made.start_line, last + 1):
                    args = call_args(lines[k - 1], word) if re.search(rf"(?<![\w.$]){word}\s*\(", lines[k - 1]) else None
                    meant = _ctor_meant(index, ctors, args, lines, made, k) if args is not None else None
                    if meant is not None and meant.id == sym.id and (path, k) not in seen:
                        out.append(Caller(made, path, k, how="constructor chain", receiver=True, receiver_name=f"{word}(..)"))
                        break
    return out


def _ctor_meant(index: IndexQueries, ctors: list[Symbol], args: list[str], lines: list[str], caller: Symbol,
                line: int) -> Symbol | None:
    """Of a class's constructors, the one a `base(..)`/`super(..)` call's arguments fit: by count (an exact parameter
    list first), then by the declared types of the arguments; None when they do not tell."""
    # (a literal of another type is another constructor's: `super(3)` is no call of Base(String))
    fits = [c for c in ctors if takes_call(c.signature or "", c.name, args, c.language)
            and not any(_literal_misfit(a, p) for a, p in zip(args, param_types(c.signature or "") or [], strict=False))]
    if len(fits) > 1:
        fits = [c for c in fits if len(param_types(c.signature or "") or []) == len(args)] or fits
    if len(fits) > 1 and args:
        known = [argument_type(index, caller, lines, line, a) for a in args]
        fits = [c for c in fits if all(k is None or same_type(k, p) for k, p in
                                       zip(known, param_types(c.signature or "") or [], strict=False))] or fits
    return fits[0] if len(fits) == 1 else None


def _overload_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                    left_out: list[Caller] | None) -> list[Caller]:
    """Among Java-like overloads (one class, one name), the calls whose argument count only another overload takes
    are that overload's: Capacitor's `call.resolve()` is no caller of `resolve(JSObject data)`. A call that does not
    close within 40 lines, or that no overload's parameter list fits (varargs and defaults counted), stays."""
    if not sites or sym.language not in REAL_OVERLOADS or sym.language == "elixir" or sym.kind not in ("method", "function"):
        return sites
    same = [s for s in index.symbols_in_file(sym.path) if s.qualname == sym.qualname and s.kind == sym.kind
            and (s.id == sym.id or not explicit_interface_member(s))]
    if len(same) < 2:
        return sites

    def fits(s: Symbol, args: list[str]) -> bool:
        return takes_call(s.signature or "", s.name, args, s.language)

    def exact(s: Symbol, args: list[str], member: bool = False) -> bool:  # a fixed parameter list of that length
        got = arity(s.signature or "", s.name)  # (no varargs, no default used; a C# extension method called on a
        # value takes the value as its `this` parameter: `x.Values<T, U>(key)` is Values<T, U>(this source, key))
        n = len(param_types(s.signature or "") or []) - (1 if member and _extension(s) else 0)
        return got is not None and got[1] is not None and n == len(args)

    def meant(args: list[str], c: Caller) -> Symbol | None:  # the other overload a call means, if the arguments say
        written = _type_arg_count(_file_lines(ws, c.path, files), c.line, callee) if ws is not None else None
        if written is not None:  # `Values<T, JToken>(key)`: the overloads with two type parameters (Json.NET run 351)
            # (nor one the argument types rule out: `Make<string>("n")` is no call of Make<T>(int size), review of the
            # stop-52 diff)
            counted = [s for s in others if _type_param_count(s) == written and fits(s, args)
                       and not _arg_type_conflict(index, c, args, s, encs)]
            if _type_param_count(sym) == written:
                # of those, the one the arguments fit (review of stop 51: the count alone had settled it, whatever
                # the arguments): `Value<T, U>(source)` is no call of Value<T, U>(source, key)
                if not fits(sym, args) or _arg_type_conflict(index, c, args, sym, encs):
                    return counted[0] if counted else None
                on_value = _member_call(_file_lines(ws, c.path, files), c.line, callee) if ws is not None else False
                if exact(sym, args, on_value):
                    return None
                return next((s for s in counted if exact(s, args, on_value)), None)
            if counted:
                return counted[0]
        if not fits(sym, args):  # (the one whose parameter types the arguments do not contradict, of that length first)
            return min((s for s in others if fits(s, args)), default=None,
                       key=lambda s: (_arg_type_conflict(index, c, args, s, encs), not exact(s, args)))
        if _arg_type_conflict(index, c, args, sym, encs):  # `Initialize(args)` with `string[] args` is no bool's
            return next((s for s in others if fits(s, args) and not _arg_type_conflict(index, c, args, s, encs)), None)
        # the argument types a call shows (a parameter, a local, `this`, `new X(..)`, `X.make(..)`): the overload
        # they fit best (jsoup's `Selector.select(cssQuery, this)` inside Element is select(String, Element), not
        # select(String, Iterable<Element>); `select(evaluator, root)` is select(Evaluator, Element))
        best = _best_typed_overload(index, c, args, sym, [s for s in others if fits(s, args)], files)
        if best is not None:
            return best
        # `Initialize()` beside Initialize(bool setSysArgv = true, ..), `reject(msg, e, data, code)` beside varargs
        # (not when this one's header is cut: its length is unknown)
        member = _member_call(_file_lines(ws, c.path, files), c.line, callee) if ws is not None else False
        if written is None and _type_param_count(sym) and sym.language == "csharp":
            # no type arguments written: of two that fit as well, C# takes the non-generic one (`source.Values(null)`
            # is Values(this IEnumerable<JToken> source, object key), not Values<T, U>(.., object key))
            plain = next((s for s in others if not _type_param_count(s) and fits(s, args) and exact(s, args, member)), None)
            if plain is not None and exact(sym, args, member):
                return plain
        if exact(sym, args, member) or (sym.signature or "").endswith("…") \
                or _varargs_untyped(index, sym, c, args, _file_lines(ws, c.path, files)):
            return None
        return next((s for s in others if fits(s, args) and exact(s, args, member)
                     and not _arg_type_conflict(index, c, args, s, encs) and not _typed_misfit(index, c, args, s, files)), None)
    files: dict[str, list[str]] = {}
    encs: dict[tuple[str, int], Any] = {}  # per site, the definition it sits in (its header types the arguments)
    ws = getattr(index, "ws", None)
    others = [s for s in same if s.id != sym.id]
    kept: list[Caller] = []
    for c in sites:
        if c.receiver_name in ("this(..)", "base(..)", "super(..)"):  # judged by _this_delegations (review of stop 56)
            kept.append(c)
            continue
        args = call_args_at(_file_lines(ws, c.path, files), c.line, callee, sym.language) if ws is not None else None
        base = _base_declared(index, sym, same, c) if args is not None else []
        if len(base) == 1:  # `dec.decode(x)` on a Decoder, declaring only decode(Object): that one
            other = None if base[0].id == sym.id else base[0]
        else:
            other = meant(args, c) if args is not None else None
            if base and (other not in base if other is not None else all(s.id != sym.id for s in base)):
                other = base[0]  # (one the base type declares)
        if other is None:
            if args and sym.language in ("csharp", "java") and len(base) != 1:  # (dbus-sharp run 526: `IsPublic(mi.DeclaringType)`)
                maybe = _maybe_other(index, c, args, sym, [s for s in others if fits(s, args) and exact(s, args)], files)
                c.maybe = _overload_label(maybe) if maybe is not None else None
            kept.append(c)
            continue
        c.overload = _overload_label(other)
        if left_out is not None:
            left_out.append(c)
    return kept


def _base_declared(index: IndexQueries, sym: Symbol, same: list[Symbol], c: Caller) -> list[Symbol]:
    """Java, a call on a value declared with a base type (`Decoder dec`): of the overloads `same`, those the base type
    (or a type above it) declares by their parameter types; [] when not told. Commons Codec run 527 listed
    `dec.decode(base64)` (a Decoder, declaring only decode(Object)) as a call of Hex.decode(byte[])."""
    if sym.language != "java" or c.how != "base type" or not c.receiver_name or ": " not in c.receiver_name:
        return []
    typed = c.receiver_name.rsplit(": ", 1)[1].strip()
    declared = {tuple(shown_param_types(d.signature or "") or []) for d in index.symbols_named(sym.name)
                if d.kind == "method" and d.language == "java" and (holder := _holder_name(d)) is not None
                and (holder == typed or inherits(index, typed, holder))}
    return [s for s in same if tuple(shown_param_types(s.signature or "") or []) in declared] if declared else []


def _holder_name(d: Symbol) -> str | None:
    """The simple name of the class a method is declared in, by its qualified name."""
    return d.qualname.rsplit(".", 2)[-2] if d.qualname.count(".") >= 1 else None


def _overload_label(other: Symbol) -> str:
    """An overload as its header writes it (`Values<T, U>(this IEnumerable<T> source, object key)`)."""
    head = other.signature or ""
    m = re.search(rf"(?<![\w$]){re.escape(other.name)}\s*(<[^()]*>)?\s*\(", head)
    inner = inside_parens(head, m.end()) if m is not None else None
    generic = "".join((m.group(1) or "").split()).replace(",", ", ") if m is not None else ""  # `Values<T, U>(..)`
    return f"{other.name}{generic}({' '.join(inner.split())})" if inner is not None else other.name


def _maybe_other(index: IndexQueries, c: Caller, args: list[str], target: Symbol, others: list[Symbol],
                 files: dict[str, list[str]]) -> Symbol | None:
    """Another overload a kept call's arguments fit as well as `target`'s: some argument's type unknown (or an outside
    class), none contradicting it; None when every argument's type is `target`'s parameter's."""
    ws = getattr(index, "ws", None)
    enc = c.symbol if c.symbol is not None else enclosing(index.symbols_in_file(c.path), c.line)
    if not others or ws is None or enc is None:
        return None
    known = [argument_type(index, enc, _file_lines(ws, c.path, files), c.line, a) for a in args]

    def score(s: Symbol) -> int | None:
        fits = [_type_fit(index, k, p, enc.language) if k else 0
                for k, p in zip(known, shown_param_types(s.signature or "") or [], strict=False)]
        return None if any(f < 0 for f in fits) else sum(fits)
    if score(target) == len(args):
        return None
    return next((s for s in others if score(s) is not None), None)


def _extension(s: Symbol) -> bool:
    """A C# extension method (`static U Values<T, U>(this IEnumerable<T> source, object key)`)."""
    return s.language == "csharp" and re.search(r"\(\s*this\s", s.signature or "") is not None


def _type_param_count(s: Symbol) -> int:
    """How many type parameters a method's header declares (`Values<T, U>(` -> 2; none -> 0)."""
    m = re.search(rf"(?<![\w$]){re.escape(s.name)}\s*<((?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*)>\s*\(", s.signature or "")
    return len(top_level(m.group(1))) if m else 0


def _type_arg_count(lines: list[str], line: int, callee: str) -> int | None:
    """How many type arguments a call on `line` writes (`_enumerable.Values<T, JToken>(key)` -> 2), None if none."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.search(rf"(?<![\w$]){re.escape(callee)}\s*<((?:[^<>()]|<(?:[^<>()]|<[^<>()]*>)*>)*)>\s*\(", text)
    return len(top_level(m.group(1))) if m else None


def _member_call(lines: list[str], line: int, callee: str) -> bool:
    """Whether the call on `line` is written on a value (`x.Values(..)`), not bare or through a class name."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    m = re.search(rf"([\w$)\]]+)\s*(?:\?\.|\.)\s*{re.escape(callee)}\s*(?:<[^()]*>)?\s*\(", text)
    return m is not None and not m.group(1)[:1].isupper()


def _by_call_shape(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller], holder: Symbol | None,
                   seen: set[tuple[str, int]], left_out: list[Caller] | None) -> list[Caller]:
    """What a call's arguments say in languages where they name the function: Rust's count (no overloads, defaults
    or varargs), Swift's labels (and an initializer's constructions, `TypeName(..)`, `Self(..)`)."""
    if sym.language == "rust":
        from contexteer.indexers import rust_calls  # it reads this module's helpers

        return rust_calls.fitting_sites(index, sym, callee, sites, left_out)
    if sym.language == "swift":
        from contexteer.indexers import swift_calls  # it reads this module's helpers

        sites = swift_calls.labelled_sites(index, sym, callee, sites, left_out)
        return sites + swift_calls.constructions(index, sym, holder, seen, left_out)
    return sites


#: value types an argument of a class or array type can never be passed as
_PRIMITIVES = frozenset("bool boolean int long short byte sbyte char float double decimal uint ulong ushort".split())


def _typed_misfit(index: IndexQueries, c: Caller, args: list[str], s: Symbol, files: dict[str, list[str]]) -> bool:
    """Whether an argument whose type the call shows cannot be passed as `s`'s parameter (`tag("a")` is no call of
    tag(char[]) beside tag(String...): the second review of stop 58)."""
    ws = getattr(index, "ws", None)
    enc = c.symbol if c.symbol is not None else enclosing(index.symbols_in_file(c.path), c.line)
    if ws is None or enc is None:
        return False
    lines = _file_lines(ws, c.path, files)
    for a, p in zip(args, shown_param_types(s.signature or "") or [], strict=False):
        k = argument_type(index, enc, lines, c.line, a)
        if k and _type_fit(index, k, p, enc.language) < 0:
            return True
    return False


def _best_typed_overload(index: IndexQueries, c: Caller, args: list[str], target: Symbol, others: list[Symbol],
                         files: dict[str, list[str]]) -> Symbol | None:
    """Another overload the call's typed arguments fit better than `target`: `target` contradicted by an argument
    whose type is known (a repository class for another class it does not extend, for a string or a number), or
    another fitting more of the known types exactly; None when the types do not tell, or point to `target`."""
    if not others or not args:
        return None
    ws = getattr(index, "ws", None)
    lines = _file_lines(ws, c.path, files) if ws is not None else []
    enc = c.symbol if c.symbol is not None else enclosing(index.symbols_in_file(c.path), c.line)
    if enc is None:
        return None
    known = [argument_type(index, enc, lines, c.line, a) for a in args]
    if not any(known):
        return None

    def score(s: Symbol) -> int | None:  # exact fits, None when an argument contradicts a parameter
        got = 0
        for k, p in zip(known, shown_param_types(s.signature or "") or [], strict=False):
            fit = _type_fit(index, k, p, enc.language) if k else 0
            if fit < 0:
                return None
            got += fit
        return got
    mine = score(target)
    scored = [(sc, s) for s in others if (sc := score(s)) is not None]
    best = max(scored, key=lambda t: t[0], default=None)
    if best is None or (mine is not None and best[0] <= mine):
        return None
    return best[1] if sum(1 for sc, _ in scored if sc == best[0]) == 1 else None


#: written types that no repository class can be, nor extend
_VALUE_TYPES = frozenset({"string", "int", "long", "short", "byte", "char", "boolean", "bool", "double", "float"})


def _type_fit(index: IndexQueries, have: str, param: str, language: str | None = None) -> int:
    """1 when an argument of type `have` fits the parameter type `param` exactly (the same type, or a repository
    class extending it), -1 when it cannot (two repository classes apart, a class for a string or a number), else 0;
    in Java, by the brackets too (a char[] fits no byte[]: java_fit)."""
    closed = java_fit(have, param) if language == "java" else None
    if closed == -1 and re.search(r"(?:\[\s*\]|\.\.\.)\s*$", param):
        # a varargs parameter takes its element (`tag(String... s)` for `tag("a")`; compiled Java passes no lone element
        # to a plain array parameter): the second review of stop 58
        closed = java_fit(have, re.sub(r"(?:\[\s*\]|\.\.\.)\s*$", "", param))
    if closed is not None:
        return closed
    kb = re.sub(r"<.*|\[\]|\?$", "", have).rsplit(".", 1)[-1]
    pb = re.sub(r"<.*|\[\]|\?$|\.\.\.$", "", param.strip()).rsplit(".", 1)[-1]
    if not kb or not pb:
        return 0
    if kb.lower() == pb.lower():
        return 1
    k_repo, p_repo = _is_type(index, kb), _is_type(index, pb)
    if k_repo and p_repo:
        return 1 if inherits(index, kb, pb) else -1
    if (k_repo and pb.lower() in _VALUE_TYPES) or (p_repo and kb.lower() in _VALUE_TYPES):
        return -1
    return 0


def argument_type(index: IndexQueries, enc: Symbol, lines: list[str], line: int, arg: str) -> str | None:
    """The type an argument's own text shows: a string or boolean literal, a cast or a JDK static field, `this` (the
    enclosing class), `new X(..)` or `new X[..]`, a parameter or a local declared before the call (a loop variable
    too), `X.make(..)` by what X's method returns; else None. One reading for the callers of an overload and for the
    overload a callee row names, so the two answers agree."""
    arg = arg.strip()
    if re.fullmatch(r'@?"(?:\\.|[^"\\])*"', arg):  # (C#'s verbatim `@"..."` too)
        return "String"
    if arg in ("true", "false"):
        return "boolean" if enc.language == "java" else "bool"
    written = written_type(arg, enc.language)  # `(byte[]) object`, `System.in`
    if written is not None:
        return written
    if arg == "this":
        holder = index.get_symbol(enc.parent_id) if enc.parent_id is not None else None
        return holder.name if holder is not None and holder.kind in _CLASS_KINDS else None
    m = re.match(r"new\s+([\w.]+)\s*(?:<[^()]*>)?\s*([(\[])", arg)
    if m is not None and m.group(2) == "[":  # `new String[] {..}`
        return m.group(1).rsplit(".", 1)[-1] + "[]"
    arr = re.search(r"\.\s*toArray\s*\(\s*(?:new\s+([\w.]+)\s*\[[^\]]*\]\s*)?\)$", arg) if enc.language in JAVA_LIKE else None
    if arr is not None:  # `args.toArray(new String[args.size()])`: a String[] (args4j run 559: read as no type at all)
        return (arr.group(1).rsplit(".", 1)[-1] if arr.group(1) else "Object") + "[]"
    if m is not None and _call_is_whole(arg, m.end()):  # (not `new StringBuilder("x").append(n).toString()`)
        return m.group(1).rsplit(".", 1)[-1]
    if re.fullmatch(r"[A-Za-z_$][\w$]*", arg):
        typed = declared_type(enc.signature or "", arg)
        binding = local_binding(lines, enc.start_line, line, arg) if typed is None else None
        if typed is None and binding is None:  # a Java/C# loop variable: `for (Element root : roots)`
            each = re.compile(rf"\b(?:for|foreach)\s*\(\s*(?:final\s+)?([\w.]+(?:<[^()]*?>)?)\s+{re.escape(arg)}\s*(?::|\bin\b)")
            typed = next((m.group(1) for n in range(line, max(enc.start_line, 1) - 1, -1)
                          if (m := each.search(lines[n - 1] if n <= len(lines) else "")) is not None), None)
        if typed is None and binding is None and enc.language in JAVA_LIKE:  # `final byte[] bytes = ..`
            typed = array_declared(lines, enc.signature or "", enc.start_line, line, arg)
        if typed is None and binding is None and enc.language in JAVA_LIKE:
            typed = java_field_type(index, enc, arg)  # a field of its class or a base (`String[] args` in a test base)
        return typed if typed is not None else binding[1] if binding is not None and binding[0] == "type" else None
    m = re.match(r"([A-Z][\w$]*)\.([a-z_$][\w$]*)\s*\(", arg)
    if m is not None and _call_is_whole(arg, m.end()) and _is_type(index, m.group(1)):
        got = member_of_type(index, m.group(1), m.group(2), enc, [], called=True)
        return declared_return(index, got[0]) if got is not None else None
    m = re.match(r"([a-z_$][\w$]*)\s*\(", arg) if enc.language == "java" else None
    holder = index.get_symbol(enc.parent_id) if m is not None and enc.parent_id is not None else None
    if m is not None and holder is not None and holder.kind in _CLASS_KINDS and _call_is_whole(arg, m.end()):
        # a method of the calling class, `allocate(0)` (Commons Codec run 527: HexTest's `decode(allocate(0))`)
        got = member_of_type(index, holder.name, m.group(1), enc, [], called=True)
        return declared_return(index, got[0]) if got is not None else None
    return None


def _varargs_untyped(index: IndexQueries, sym: Symbol, c: Caller, args: list[str], lines: list[str]) -> bool:
    """Java-like: `sym` takes varargs and an argument's type is unknown: the call may pass the array the varargs take
    (`parseArgument(args)` beside parseArgument(Collection<String>): args4j run 559 had 100 such calls counted as the
    Collection overload's), so no other overload is chosen by its exact arity."""
    if sym.language not in JAVA_LIKE or not re.search(r"\.\.\.\s*\w+\s*\)\s*$", (sym.signature or "").split("{")[0].strip()):
        return False
    enc = c.symbol or enclosing(index.symbols_in_file(c.path), c.line)
    return enc is not None and any(argument_type(index, enc, lines, c.line, a) is None for a in args)


def java_field_type(index: IndexQueries, enc: Symbol, name: str) -> str | None:
    """Java-like: the declared type of the field `name` of the class around `enc`, or of a base class, when its header
    says it (`protected String[] args;` -> `String[]`); None otherwise."""
    holder = index.get_symbol(enc.parent_id) if enc.parent_id is not None else None
    while holder is not None and holder.kind not in _CLASS_KINDS:
        holder = index.get_symbol(holder.parent_id) if holder.parent_id is not None else None
    got = member_of_type(index, holder.name, name, enc, [], called=False) if holder is not None else None
    if got is None or got[0].kind not in ("field", "property", "constant"):
        return None
    m = re.search(rf"([\w.$]+(?:<[^=;]*>)?(?:\[\])*)\s+{re.escape(name)}\s*(?:[=;,]|$)", got[0].signature or "")
    return m.group(1).rsplit(".", 1)[-1] if m else None


def _call_is_whole(arg: str, after_paren: int) -> bool:
    """Whether the parenthesis opened just before `after_paren` closes at the end of `arg`: the argument is that one
    call, no chain after it."""
    inner = inside_parens(arg, after_paren)
    return inner is not None and arg[after_paren + len(inner) + 1:].strip() == ""


def _arg_type_conflict(index: IndexQueries, c: Caller, args: list[str], target: Symbol,
                       encs: dict[tuple[str, int], Any] | None = None) -> bool:
    """Whether an argument that is a parameter of the calling definition has a declared type the target's parameter
    at that place cannot take: an array or class for a primitive, a bool for a number (pythonnet's `Initialize(args)`
    with `params string[] args` is not Initialize(bool setSysArgv = true, ..))."""
    params = param_types(target.signature or "") or []
    literal = any(re.match(r'\s*(?:-?\d|"|true\b|false\b)', a) for a in args)  # (types looked up only then)
    for a, p in zip(args, (_checkable(index, params) or []) if literal else [], strict=False):
        if _literal_misfit(a, p):  # `is(3)` is no `is(type: KClass<*>)`
            return True
    for a, p in zip(args, params, strict=False):  # `runOnQueue(Queues.MAIN)` is no runOnQueue(scope: CoroutineScope)
        entry = _enum_entry_type(index, a)
        want = re.sub(r"<.*|\?$", "", p).rsplit(".", 1)[-1]
        if entry is not None and want and want != entry and want not in _EVERY_ENUM_IS \
                and not re.fullmatch(r"[A-Z]\d?", want) and not inherits(index, entry, want):
            return True
    if not any(re.fullmatch(r"\w+", a) for a in args):
        return False
    key = (c.path, c.line)
    if encs is None or key not in encs:
        found = c.symbol if c.symbol is not None else enclosing(index.symbols_in_file(c.path), c.line)
        if encs is None:
            encs = {}
        encs[key] = found  # (asked once per site: each overload compared reads the same header)
    enc = encs[key]
    if enc is None:
        return False
    # (an array parameter's brackets kept: a `byte[] data` argument is no conflict with decode(byte[] array), which
    # param_types reads as `byte`: Commons Codec run 525's `hex.decode(data)` had been put on decode(ByteBuffer))
    for a, p in zip(args, shown_param_types(target.signature or "") or params, strict=False):
        m = re.search(rf"([\w.]+(?:<[^()]*?>)?(?:\[\s*\])*)\s+{re.escape(a)}\s*[,)=]", enc.signature or "") \
            if re.fullmatch(r"\w+", a) else None
        if m is None:
            continue
        have, want = m.group(1).lower(), p.lower().rstrip("?")
        if want in _PRIMITIVES and have != want and (have not in _PRIMITIVES or "bool" in (have[:4], want[:4])):
            return True
        # a number or bool for a class or struct (not `object`, an interface such as IComparable, or a type parameter)
        if have in _PRIMITIVES and want not in _PRIMITIVES and want not in ("object", "dynamic", "valuetype", "string") \
                and re.fullmatch(r"i[a-z]\w*|[a-z]", want) is None and not re.match(r"I[A-Z]", p):
            return True
    return False


_NUMBERS = frozenset("int long short byte sbyte float double decimal uint ulong ushort number integer".split())
_ANY_LITERAL = frozenset("any object dynamic comparable number charsequence icomparable valuetype serializable".split())


#: library classes a literal is never passed as (a parameter typed otherwise is checked only when the repository
#: defines its type as a class: never a type parameter, `Serializable`, or a typealias of a number)
_NO_LITERAL = frozenset({"KClass", "Class", "List", "Map", "Set", "Collection", "Iterable", "Array", "Function"})


def _checkable(index: IndexQueries, params: list[str] | None) -> list[str] | None:
    """The parameter types a literal argument can be checked against, "" for the others."""
    if not params:
        return params

    def ok(p: str) -> bool:
        want = re.sub(r"<.*|\?$|\[\]$", "", p.strip()).rsplit(".", 1)[-1]
        low = want.lower()
        return low in _NUMBERS or low in ("bool", "boolean", "string", "char") or want in _NO_LITERAL or any(
            s.name == want and s.kind in ("class", "interface", "enum", "struct") for s in index.symbols_named(want))
    return [p if ok(p) else "" for p in params]


def _literal_call_of_another(index: IndexQueries, sym: Symbol, line: int, texts: dict[str, list[str]]) -> bool:
    """Kotlin/Java: whether a call of its own name inside a method passes literals it cannot take (`is`(2) in
    `is`(type: KClass<T>) calls the base's `is`(index: Int): no recursion)."""
    params = _checkable(index, param_types(sym.signature or "")) if sym.language in ("kotlin", "java") else None
    lines = _file_lines(getattr(index, "ws", None), sym.path, texts) if params else []
    return bool(params) and 0 < line <= len(lines) and _literal_args_misfit(lines[line - 1], sym.name, params or [])


def _literal_args_misfit(text: str, callee: str, params: list[str]) -> bool:
    """Whether the call of `callee` on a line passes a literal its parameter at that place cannot take."""
    name = re.escape(callee.strip("`"))
    calls = [m for m in re.finditer(rf"(?<![\w$`])`?{name}`?\s*(?:<[^<>()]*>)?\s*\(", text)
             if not re.search(r"\bfun\s+(?:<[^>]*>\s*)?(?:[\w.]+\.)?$", text[: m.start()])]  # (not its declaration)
    for m in calls:
        inner = inside_parens(text, m.end())
        args = top_level(inner) if inner is not None else None
        if not (args and len(args) <= len(params) and any(_literal_misfit(a, p) for a, p in zip(args, params, strict=False))):
            return False
    return bool(calls)


def _literal_misfit(arg: str, param: str) -> bool:
    """Whether a literal argument (a number, `true`/`false`, a string) cannot be passed as a parameter of that
    declared type: a number for a bool, a string or a class (`KClass<*>`), a string for a number."""
    a = arg.strip()
    kind = "number" if re.fullmatch(r"-?(?:0x[\da-fA-F]+|\d[\d_]*(?:\.\d+)?)[lLfFdDuU]?", a) else \
        "bool" if a in ("true", "false") else "string" if re.fullmatch(r'"(?:[^"\\]|\\.)*"', a) else None
    want = re.sub(r"<.*|\?$|\[\]$", "", param.strip()).rsplit(".", 1)[-1]
    low = want.lower()
    if kind is None or not want or low in _ANY_LITERAL or re.fullmatch(r"[A-Z]\d?", want):
        return False
    if kind == "number":
        return low not in _NUMBERS and low not in ("char",)
    if kind == "bool":
        return low not in ("bool", "boolean")
    return low in _NUMBERS or low in ("bool", "boolean") or (want[:1].isupper() and low not in ("string", "str"))


#: the types every enum entry is (a type parameter `T` aside)
_EVERY_ENUM_IS = frozenset({"Any", "Object", "object", "Enum", "Comparable", "Serializable", "IComparable", "ValueType"})


def _enum_entry_type(index: IndexQueries, arg: str) -> str | None:
    """The enum an argument names an entry of (`Queues.MAIN` -> Queues, `Type.START` of a nested enum), when the
    repository defines that enum with that entry; None for anything else."""
    m = re.fullmatch(r"\s*(?:[\w.]*\.)?([A-Z]\w*)\.([A-Z][A-Z0-9_]*)\s*", arg)
    if m is None:
        return None
    enums = {s.id for s in index.symbols_named(m.group(1)) if s.name == m.group(1) and s.kind == "enum"}
    hit = enums and any(s.parent_id in enums for s in index.symbols_named(m.group(2)) if s.name == m.group(2))
    return m.group(1) if hit else None


def _cpp_same_class(path: str, cls: Symbol | None) -> bool:
    """Whether a C++ file holds `cls`'s own code: its header or a file of the same stem (logger-inl.h for logger.h),
    not another platform's namesake class (udp_client-windows.h's udp_client beside udp_client.h's)."""
    if cls is None:
        return False

    def stem(p: str) -> str:
        return re.sub(r"(?:-inl|_inl|_impl)?\.\w+$", "", p)
    return path == cls.path or stem(path) == stem(cls.path)


def _owner_class(index: IndexQueries, sym: Symbol, holder: Symbol | None) -> Symbol | None:
    """The class holding a method: its parent, or for a C++ method defined outside its class the class it names."""
    if holder is not None and holder.kind in _CLASS_KINDS:
        return holder
    return cpp_class_of(index, sym) if sym.language == "cpp" and sym.kind == "method" else None


def _cpp_scope_only(index: IndexQueries, r: Any, callee: str, cache: dict[str, list[str]]) -> bool:
    """C++: a line naming a constructor's class only as the scope of a member (`rotating_file_sink<Mutex>::
    sink_it_(..)`, a definition's head or a static call) or in another constructor's own head (`rot_sink(const
    rot_sink &) = delete;`) builds nothing (the spdlog A/B run saw sink_it_'s head as a constructor's caller)."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return False
    text = _file_lines(ws, r.path, cache)
    line = text[r.line - 1] if 0 < r.line <= len(text) else ""
    name = re.escape(callee)
    # (the file's symbols are looked up only for a line that may be a constructor's own head, not for every reference)
    if re.match(rf"\s*(?:explicit\s+)?{name}\s*\(", line) and \
            any(d.name == callee and d.start_line == r.line for d in index.symbols_in_file(r.path)):
        return True
    return re.search(rf"\b{name}\s*(?:<[^;(){{}}]*>)?\s*::", line) is not None and \
        re.search(rf"(?<!::)(?<!:: )\b{name}\b(?!\s*(?:<[^;(){{}}]*>)?\s*::)", line) is None


def _macro_argument(index: IndexQueries, r: Reference, callee: str, cache: dict[str, dict[int, list[str]]]) -> bool:
    """C/C++: `callee` written as an argument of a macro that heads a definition (`TEST_F(DBTest, Recover) {`): a
    name the macro makes a test of, no call (leveldb run 507 listed that test among DBImpl::Recover's callers)."""
    heads = cache.get(r.path)
    if heads is None:
        heads = cache[r.path] = {d.start_line: got[1] for d in index.symbols_in_file(r.path)
                                 if d.kind == "function" and (got := macro_definition(d.name, d.signature)) is not None}
    return callee in heads.get(r.line, ())


_NEW_BUILDS = frozenset({"csharp", "java", "kotlin", "dart", "scala", "typescript", "tsx", "javascript", "php", "cpp"})


def _only_built(index: IndexQueries, r: Reference, name: str, cache: dict[str, list[str]]) -> bool:
    """Whether every mention of `name` on reference line `r` follows `new` (`new DelegateManager()`): a class
    built, no read of a member of that name."""
    if r.path not in cache:
        cache[r.path] = lines_of(index, r.path)
    lines = cache[r.path]
    text = lines[r.line - 1] if 0 < r.line <= len(lines) else ""
    hits = [m.start() for m in re.finditer(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text)]
    return bool(hits) and all(re.search(r"(?<![\w$])new\s+$", text[:h]) for h in hits)


def _type_position_only(index: IndexQueries, r: Reference, name: str, cache: dict[str, list[str]]) -> bool:
    """Whether every mention of `name` on a `type` reference's line is a type written in a declaration (`static
    DelegateManager delegateManager;`), never a read off it (`NTH_AB.matcher(..)`, `KEY.ordinal()`, which Java and
    C# record as `type` references: the review of this stop)."""
    if r.path not in cache:
        cache[r.path] = lines_of(index, r.path)
    lines = cache[r.path]
    text = lines[r.line - 1] if 0 < r.line <= len(lines) else ""
    hits = list(re.finditer(rf"(?<![\w$]){re.escape(name)}(?![\w$])", text))
    return bool(hits) and not any(re.match(r"\s*\??\.", text[m.end():]) or re.search(r"\.\s*$", text[: m.start()])
                                  for m in hits)


def _go_selector_at(index: IndexQueries, r: Reference, name: str, cache: dict[str, list[str]]) -> bool:
    """Whether reference line `r` reaches `name` through a selector, as a Go method is always reached
    (`x.Config()`, a method value `s.handle`, a chain continued with the dot at the line's end above)."""
    if r.path not in cache:
        cache[r.path] = lines_of(index, r.path)
    lines = cache[r.path]
    if not 0 < r.line <= len(lines):
        return True  # the file cannot be read: keep what the index says
    text = lines[r.line - 1]
    selectors = list(re.finditer(rf"(?:([A-Za-z_]\w*)\s*)?\.\s*{re.escape(name)}\b(\s*\()?", text))
    if selectors:
        # `c *kingpin.ParseContext` names another package's type: no method value nor call (kingpin run 266: three
        # such parameters were name-only callers of Application.ParseContext)
        packages = go_package_names(index, r.path) if any(m.group(1) and not m.group(2) for m in selectors) else set()
        return any(not (m.group(1) in packages and not m.group(2)) for m in selectors)
    return text.lstrip().startswith(name) and r.line > 1 and bool(ends_chain_step(lines[r.line - 2]))


def _site_kinds(sym: Symbol, callee: str, owner: str | None) -> tuple[bool, bool, frozenset[str]]:
    """Whether `sym` is a Java-like constructor, a Python __init__/__new__, and the kinds of references that can be
    its call sites."""
    # a shell `$name` is a variable of that name, never the function; Zig: `random.int(u8)` uses a value named
    # random, only a call is a call of the function random
    shell = sym.language == "bash" or (sym.language == "zig" and sym.kind in ("function", "method"))
    # a constructor is called by `new PrefixRangeMap(..)` only: a field or parameter of that type names the class
    # (Collections A/B run 76 listed both as its callers)
    # (C++ builds with declarations too, `Foo f(1, 2);`: its references keep their kinds)
    ctor = sym.kind in ("method", "constructor") and "." in sym.qualname \
        and (sym.qualname.rsplit(".", 2)[-2] == sym.name or (sym.name == "constructor" and sym.language == "kotlin")) \
        and sym.language in ("java", "csharp", "kotlin", "scala", "dart")
    # Python: `ConfigWrapper(..)` calls ConfigWrapper.__init__; `config_wrapper: ConfigWrapper` annotations are
    # no call of it, nor of the class (the pydantic A/B agent got 23 annotations as __init__'s callers, and the
    # four real constructions left out as "another type's method")
    py_ctor = sym.language == "python" and sym.name in ("__init__", "__new__") and owner is not None and callee == owner
    # PHP: `new MarkdownInput($input)` calls MarkdownInput::__construct (its `parent::__construct(..)` calls are found
    # by that name, find_callers adds them)
    php_ctor = sym.language == "php" and sym.name == "__construct" and owner is not None and callee == owner
    if shell or ctor or py_ctor or php_ctor:
        return ctor or php_ctor, py_ctor, frozenset({"call"})
    if sym.language in ("python", "typescript", "tsx", "javascript") and sym.kind in _CLASS_KINDS:
        return ctor, py_ctor, frozenset({"call", "other"})  # (`s: Store` builds no Store: a class's callers build it)
    if sym.language in _CLASS_CALLED_LANGS and sym.kind in ("method", "function") or (
            sym.language == "rust" and sym.kind in ("method", "function")):
        # (Rust: a path's module segment, `error::new_at(..)`, `crate::group::parse_group(..)`, is no call of a
        # function or method named error or group: syn's StepCursor::error had both among its callers)
        # a type written like the method's name (`catch (EventDispatcher e)`, `EventDispatcher d = ..`) calls nothing
        return ctor, py_ctor, frozenset({"call", "other"})
    if sym.kind in ("field", "variable", "constant"):  # a property is read: `registry.getModuleHolder(n)?.jsObject`
        return ctor, py_ctor, frozenset({"call", "other", "type", "member"})
    return ctor, py_ctor, frozenset({"call", "other", "type"})


def _python_base_init(index: IndexQueries, sub: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]] | None,
                      depth: int = 0) -> Symbol | None:
    """The `__init__` a `super().__init__(..)` in class `sub` runs: its first base's (the one its file defines or
    imports), or further up when that base defines none; None when a step is unknown."""
    bases = bases_of(whole_class(index, sub)) if depth < 6 else []
    if not bases:
        return None
    b = bases[0]
    imported = (resolve_imports(sub.path).get(b) or []) if resolve_imports is not None else []
    cands = [c for c in index.symbols_named(b) if c.name == b and c.kind in _CLASS_KINDS and c.language == "python"]
    pick = next((c for c in cands if c.path == sub.path and c.id != sub.id), None) \
        or next((c for c in cands if c.path in imported), None) or (cands[0] if len(cands) == 1 else None)
    if pick is None:
        return None
    init = _own_member(index, pick, "__init__")
    return init if init is not None else _python_base_init(index, pick, resolve_imports, depth + 1)


def _python_built_by_cls(index: IndexQueries, sym: Symbol, seen: set[tuple[str, int]],
                         resolve_imports: Callable[[str], dict[str, list[str]]] | None = None) -> list[Caller]:
    """Python: `cls(..)` in the class's own classmethods builds it (ConfigWrapper.for_model's `cls(config_new)`),
    and `super().__init__(..)` in a subclass's __init__ runs it (`sym` its __init__; for the class itself, only the
    first)."""
    cls = sym if sym.kind in _CLASS_KINDS else index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    ws = getattr(index, "ws", None)
    if cls is None or ws is None:
        return []
    files: dict[str, list[str]] = {}
    out: list[Caller] = []
    lines = _file_lines(ws, cls.path, files)
    for n in range(cls.start_line, min(cls.end_line, len(lines)) + 1):
        if (cls.path, n) not in seen and re.search(r"(?<![\w.])cls\s*\(", lines[n - 1]) \
                and not re.match(r"\s*(?:def|class)\s", lines[n - 1]):
            seen.add((cls.path, n))
            out.append(Caller(None, cls.path, n, "same file", receiver=True, receiver_name="cls"))
    if sym.name != "__init__":
        return out
    syms: dict[str, list[Symbol]] = {}
    for r in index.references_to("__init__", limit=2000):
        if r.kind != "call" or (r.path, r.line) in seen or language_of(index, r.path) != "python":
            continue
        text = _file_lines(ws, r.path, files)[r.line - 1:r.line]
        if not text or not re.search(r"\bsuper\(\s*\)\s*\.\s*__init__\s*\(", text[0]):
            continue
        around = [s for s in _symbols_of(index, syms, r.path) if s.kind in _CLASS_KINDS and s.start_line <= r.line <= s.end_line]
        sub = min(around, key=lambda s: s.end_line - s.start_line) if around else None
        # the __init__ it runs is the first base's, or further up where a base defines none (v1's BaseSettings runs
        # v1's BaseModel.__init__, a grandchild the one of the class in between)
        ran = _python_base_init(index, sub, resolve_imports) if sub is not None and sub.id != cls.id else None
        if ran is not None and ran.id == sym.id:
            seen.add((r.path, r.line))
            # (a constructor chain, no guess: the subclass's first base runs it; wtforms run 558's depth-2 callers had
            # left out DateField's, TimeField's and DateTimeLocalField's `super().__init__(..)` as "through a base type")
            out.append(Caller(None, r.path, r.line, "constructor chain", receiver=True, receiver_name="super()"))
    out += _python_inheriting_builds(index, sym, cls, seen, resolve_imports, files)
    return out


def _python_inheriting_builds(index: IndexQueries, init: Symbol, cls: Symbol, seen: set[tuple[str, int]],
                              resolve_imports: Callable[[str], dict[str, list[str]]] | None,
                              files: dict[str, list[str]]) -> list[Caller]:
    """Constructions of a subclass that defines no `__init__` of its own (`D(1)` with `class D(A): pass`): they run
    the `__init__` the subclass inherits, `init`. Subclasses three levels down at most, found by their headers."""
    out: list[Caller] = []
    frontier, done = [cls], {cls.id}
    for _ in range(3):
        nxt: list[Symbol] = []
        for base in frontier:
            for sub in index.symbols_mentioning(base.name, _CLASS_KINDS):
                if sub.id in done or sub.language != "python" or base.name not in bases_of(whole_class(index, sub)):
                    continue
                done.add(sub.id)
                ran = _python_base_init(index, sub, resolve_imports)
                if ran is None or ran.id != init.id:
                    continue  # its first base is another class, whose __init__ it runs
                if _own_member(index, sub, "__init__") is not None or _own_member(index, sub, "__new__") is not None:
                    continue
                nxt.append(sub)
                for r in index.references_to(sub.name, limit=500):
                    if r.kind == "call" and (r.path, r.line) not in seen and language_of(index, r.path) == "python":
                        text = _file_lines(getattr(index, "ws", None), r.path, files)[r.line - 1:r.line]
                        if text and re.search(rf"(?<![\w.]){re.escape(sub.name)}\s*\(|\.\s*{re.escape(sub.name)}\s*\(", text[0]):
                            seen.add((r.path, r.line))
                            out.append(Caller(None, r.path, r.line, "constructor chain", receiver=True,
                                              receiver_name=f"{sub.name} (inherits it)"))
        frontier = nxt
    return out


#: what follows a Ruby attribute a line assigns to: `x.size = v`, `x.size ||= v`, `x.size += 1` (not `==`, `=~`, `=>`)
_RUBY_ASSIGNED = r"\s*(?:\|\||&&|\*\*|<<|>>|[-+*/%|&^])?=(?![=~>])"


def ruby_writes(sym: Symbol, callee: str) -> str | None:
    """How a Ruby definition is reached by assignment: "write" for a writer asked by its name (`def size=`, or an
    attr_writer/attr_accessor asked as `size=`), "both" for an attr_accessor (its reads and writes), "read" for an
    attr_reader (a write calls another method); None for any other definition."""
    if sym.language != "ruby":
        return None
    if re.fullmatch(r"[A-Za-z_]\w*=", callee):
        return "write"
    if sym.kind == "method" and re.fullmatch(r"[A-Za-z_]\w*", callee):
        return "read"  # a reader `def size`: `box.size = 3` calls `size=` (review of stop 59)
    if sym.kind != "field" or sym.parent_id is None:
        return None
    made = re.match(r"\s*attr_(reader|writer|accessor)\b", sym.signature or "")
    return None if made is None else {"reader": "read", "accessor": "both"}.get(made.group(1))


def _ruby_write_fits(index: IndexQueries, r: Reference, name: str, writes: str | None, cache: dict[str, list[str]],
                     left_out: list[Caller] | None, sym: Symbol) -> bool:
    """Whether a Ruby site of `name` is one the definition answers for: a writer takes the lines assigning
    `x.name = ..` (or `self.name = ..`), a reader the others; an attr_accessor both. A write to an attr_reader calls
    another method (`name=`): counted as left out. Any site of any other definition fits."""
    if writes in (None, "both"):
        return True
    lines = _file_lines(getattr(index, "ws", None), r.path, cache)
    text = lines[r.line - 1] if 0 < r.line <= len(lines) else ""
    assigned = re.search(rf"(?:\.|&\.)\s*{re.escape(name)}{_RUBY_ASSIGNED}", text) is not None
    if writes == "read" and assigned and not re.search(rf"(?:\.|&\.)\s*{re.escape(name)}(?![\w?!=]|\s*=[^=~>])", text) \
            and (r.path != sym.path or not sym.start_line <= r.line <= sym.end_line):
        if left_out is not None:
            left_out.append(Caller(None, r.path, r.line, "name only", against=True))
        return False
    return assigned or writes == "read"


def _by_language_rules(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller], family: str | None,
                       left_out: list[Caller] | None = None) -> None:
    """Name-only sites a language's own rules settle: shell functions and C functions with external linkage share
    one namespace; Ruby classes are reopened across files, and a call on self reaches the class method from a class
    method only."""
    if family == "bash":
        _global_shell_function(index, sym, callee, sites)
    elif sym.language in ("c", "cpp"):
        _global_c_function(index, sym, callee, sites)
        if sym.kind == "method" and sym.language == "cpp":
            _global_scope_calls(index, callee, sites, left_out)
    elif sym.language == "ruby" and (sym.kind == "method" or (sym.kind == "field" and sym.parent_id is not None)):
        _reopened_class_calls(index, sym, callee, sites)
        kin: dict[str, tuple[set[str], set[str]]] = {}  # (the class family, read once for both rules)
        sites += _ruby_bare_calls(index, sym, callee, {(c.path, c.line) for c in sites}, kin)
        sites += _ruby_super_calls(index, sym, {(c.path, c.line) for c in sites})
        sites += ruby_send_calls(index, sym, callee, {(c.path, c.line) for c in sites})
        other = _ruby_other_side(index, sym, callee, sites)
        other += _ruby_inherited_calls(index, sym, callee, sites, kin)
        if other:
            if left_out is not None:
                left_out += other
            sites[:] = [c for c in sites if not c.against]


def _ruby_other_side(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller]) -> list[Caller]:
    """Ruby sites that call the other side of a name: a bare or `self.` call reaches the class method
    (`def self.convert`) from the class's own methods only and the instance method (`def convert`) from instance
    methods only; `Converter::Base.convert(..)` on a constant is a class method's call (kramdown's Converter::Base
    has both, and the instance calls had been listed as the class method's callers)."""
    from contexteer.indexers.qualify import ruby_singleton

    ws = getattr(index, "ws", None)
    if ws is None:
        return []
    files: dict[str, list[str]] = {}
    syms: dict[str, list[Symbol]] = {}
    side = ruby_singleton(_file_lines(ws, sym.path, files), sym, _symbols_of(index, syms, sym.path))
    on_self = re.compile(rf"(?:(?<![\w.:@$])|\bself\s*(?:\.|&\.)\s*){re.escape(callee)}\b")
    on_constant = re.compile(rf"\b[A-Z]\w*\s*\.\s*{re.escape(callee)}\b")
    other: list[Caller] = []
    for c in sites:
        text = _file_lines(ws, c.path, files)[c.line - 1:c.line]
        if not text:
            continue
        enc = c.symbol or enclosing(_symbols_of(index, syms, c.path), c.line)
        bare = on_self.search(text[0]) is not None \
            and not re.search(rf"[\w)\]]\s*(?:\.|&\.|::)\s*{re.escape(callee)}\b", text[0].replace("self.", ""))
        if enc is not None and enc.kind == "method" and enc.language == "ruby" and bare:
            c.against = ruby_singleton(_file_lines(ws, enc.path, files), enc, _symbols_of(index, syms, enc.path)) != side
        elif enc is not None and enc.kind in ("class", "module") and enc.language == "ruby" and bare and not side \
                and not _ruby_self_unsure(_file_lines(ws, c.path, files), enc, c.line, callee):
            c.against = True  # `tag 'html'` in a class body calls a class method (rouge's Formatter.tag), never `#tag`
        elif not side and on_constant.search(text[0]) and not re.search(rf"(?<![\w:])[a-z_]\w*\s*(?:\.|&\.)\s*{re.escape(callee)}\b",
                                                                         text[0]):
            c.against = True
        elif side and enc is not None and (m := re.search(rf"(?<![\w:.@$])([a-z_]\w*)\s*(?:\.|&\.)\s*{re.escape(callee)}\b", text[0])) \
                and m.group(1) != "self" and re.search(
                    rf"(?<![\w.@$]){m.group(1)}\s*=\s*[A-Z][\w:]*\.new\b",
                    "\n".join(_file_lines(ws, c.path, files)[enc.start_line - 1:c.line - 1])):
            c.against = True  # `x = Conv::Base.new ... x.render(t)`: an instance's, not the class method's
        if c.against:
            other.append(c)
    return other


def _ruby_inherited_calls(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                          family: dict[str, tuple[set[str], set[str]]] | None = None) -> list[Caller]:
    """Ruby calls on self (bare, or `self.`) from a method of another class or module than the target's: a subclass
    (or a module mixed into one) reaches the target's method, unless it or a class above it defines one of that name
    first; a class that does not descend from the target's, or a module mixed into such classes only, reaches its own
    (Sequel's adapters call `schema_and_table(t)` in Database subclasses and DatabaseMethods modules: Database's
    private method, not Dataset's namesake, which had listed all 17 as name-only callers). Marks the sites; returns
    those that are another class's."""
    from contexteer.indexers import graph  # (graph builds on this module)

    parent = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    if parent is None or parent.kind not in _CLASS_KINDS | {"module"}:
        return []
    ws = getattr(index, "ws", None)
    if ws is None:
        return []

    def norm(q: str) -> str:
        return q.replace("::", ".")

    owner = norm(parent.qualname)
    no_imports: Callable[[str], dict[str, list[str]]] = lambda _p: {}  # noqa: E731 - Ruby needs none for its bases
    below, definers = _ruby_family(index, sym, callee, family)
    below, definers = below | {owner}, definers - {owner}
    lineage: dict[int, set[str]] = {}
    reaches: dict[int, list[set[str]]] = {}

    def above(c: Symbol) -> set[str]:  # the class and every class or module it names as a base, up to 4 levels
        if c.id not in lineage:
            lineage[c.id] = {norm(c.qualname)} | {norm(it.symbol.qualname) for it in graph.supertypes(
                index, c, no_imports, depth=4).items if it.symbol is not None}
        return lineage[c.id]

    def mixed_into(module: Symbol, hops: int = 0) -> list[Symbol]:
        # the classes a module is mixed into, through modules that include it (jdbc/db2.rb's
        # `module JDBC::DB2::DatabaseMethods; include Sequel::DB2::DatabaseMethods` is mixed into a Database subclass)
        out: list[Symbol] = []
        for m, _, _ in graph._mixers(index, module):
            out += mixed_into(m, hops + 1) if m.kind == "module" and hops < 3 else [m]
        return out

    on_self = re.compile(rf"(?:(?<![\w.:@$])|\bself\s*(?:\.|&\.)\s*){re.escape(callee)}\b")
    files: dict[str, list[str]] = {}
    syms: dict[str, list[Symbol]] = {}
    other: list[Caller] = []
    for c in sites:
        # (a file's evidence says nothing of self: sharded_threaded.rb requires threaded.rb, and its bare
        # `assign_connection(thread, server)` is the subclass's own override)
        if c.how not in ("name only", "import", "same file") or c.against:
            continue
        whole = _file_lines(ws, c.path, files)
        # (a call opening its line after a chain whose dot ends the line above is on the chain's value, not on self:
        # `ds.from(:pg_attribute).` then `get(:attnum)`, review of 240a361)
        text = [_site_text(whole, c.line, callee, dots=True)] if 0 < c.line <= len(whole) else []
        enc = c.symbol or enclosing(_symbols_of(index, syms, c.path), c.line)
        # (a call in a class body, `tag 'abap'` in `class ABAP < RegexLexer`, is on the class itself)
        body = enc is not None and enc.kind in ("class", "module")
        holder = enc if body else index.get_symbol(enc.parent_id) if enc is not None and enc.parent_id is not None else None
        if body and enc is not None and _ruby_self_unsure(_file_lines(ws, c.path, files), enc, c.line, callee):
            continue  # in a DSL block of the class body (`state :root do rule .. end`): self is another object
        if not text or holder is None or enc is None or enc.language != "ruby" or not on_self.search(text[0]) \
                or re.search(rf"[\w)\]]\s*(?:\.|&\.|::)\s*{re.escape(callee)}\b", text[0].replace("self.", "")):
            continue
        at = norm(holder.qualname)
        if at == owner:
            continue
        if re.search(rf"\bself\s*\.\s*{re.escape(callee)}\s*=[^=~>]", text[0]):
            c.against = True  # `self.columns = cols` calls the writer `columns=`, another method
            other.append(c)
            continue
        # the holder itself, or (a module) the classes it is mixed into, each with its bases (once per holder: a
        # module's mixers are a search of the repository's include lines)
        if holder.id not in reaches:
            reaches[holder.id] = [above(holder)] if holder.kind != "module" else [above(m) for m in mixed_into(holder)]
        reach = reaches[holder.id]
        if parent.kind != "module" and at in above(parent):
            # a base class calling a method its subclass overrides: on a subclass's object it runs the override
            # (Sequel::Dataset#literal_sqltime_append's `literal_sqltime(v)` on an H2 dataset)
            c.how, c.receiver, c.receiver_name = "base type", True, f"self (a {holder.qualname.replace('.', '::')})"
        elif at in definers or (reach and all(r & definers and not r & below for r in reach)):
            # (not in a block, which may run on another object: `alter_table(t){drop_index(..)}` is the generator's
            # DSL; nor a module's method from a class, which may mix it into an object at run time:
            # `db.extend(H2::DatabaseMethods)`)
            if not (_ruby_self_unsure(_file_lines(ws, c.path, files), enc, c.line, callee)
                    or (parent.kind == "module" and holder.kind != "module")):
                c.against = True
                other.append(c)
        elif c.how == "name only" and any(r & below and not (r - below) & definers for r in reach):
            c.how, c.receiver, c.receiver_name = "receiver", True, f"self ({holder.qualname.replace('.', '::')} "\
                f"{'is mixed into a subclass' if holder.kind == 'module' else 'inherits it'})"
    return other


def _ruby_self_unsure(lines: list[str], enc: Symbol, line: int, callee: str) -> bool:
    """Whether a Ruby call at `line` sits in a block (`{ .. }` or `do .. end`) inside the method `enc`, where self
    may be another object (a DSL's instance_exec)."""
    if not 0 < line <= len(lines):
        return False
    text = lines[line - 1]
    at = re.search(rf"(?<![\w.:@$]){re.escape(callee)}\b", text)
    before = text[: at.start()] if at else text
    if (before.count("{") > before.count("}") or re.search(r"\bdo\b", before)) and not _RUBY_PLAIN_BLOCK.search(before):
        return True
    level = len(text) - len(text.lstrip())
    for n in range(line - 1, enc.start_line, -1):
        above = lines[n - 1]
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        indent = len(above) - len(above.lstrip())
        if indent >= level:
            continue
        if re.search(r"(?:\bdo|\{)\s*(?:\|[^|]*\|)?\s*(?:#.*)?$", above) and not _RUBY_PLAIN_BLOCK.search(above):
            return True
        level = indent
    return False


#: a block handed to one of Ruby's own iterators on a value (`markup.scan(Syntax) do |k, v|`, `list.map { .. }`): it
#: runs with the method's self, unlike a DSL's block (liquid run 509: Include#initialize's `parse_expression(value)`
#: in `markup.scan(..) do` was Tag's by receiver in one answer and a name-only guess for If's in another)
_RUBY_PLAIN_BLOCK = re.compile(
    r"[\w)\]}'\"]\s*\.\s*(?:each(?:_with_index|_with_object|_pair|_key|_value|_char|_line|_slice|_cons)?|map|collect"
    r"|flat_map|collect_concat|select|filter|filter_map|reject|scan|times|upto|downto|step|inject|reduce|sum|sort_by"
    r"|group_by|partition|min_by|max_by|find|detect|find_index|any\?|all\?|none\?|one\?|count|zip|tap|then"
    r"|each_entry|delete_if|keep_if|select!|reject!|map!|collect!|sub|gsub|fetch|transform_values|transform_keys"
    r"|uniq|chunk_while|slice_when|take_while|drop_while)\b[^{]*?(?:\{|\bdo\b)[^{}]*$")


def _ruby_bare_calls(index: IndexQueries, sym: Symbol, callee: str, known: set[tuple[str, int]],
                     family: dict[str, tuple[set[str], set[str]]] | None = None) -> list[Caller]:
    """Ruby calls of a method without parentheses or arguments (`@src.match?(paragraph_end)`, an `attr_reader`'s
    `options`): a bare word the syntax cannot tell from a local, counted where it sits in a method of the same class
    (reopened in any file) that binds no local or parameter of that name (the kramdown A/B agent got "0 call sites"
    for paragraph_end)."""
    from contexteer.indexers.textsearch import search

    ws = getattr(index, "ws", None)
    if ws is None or not re.fullmatch(r"[a-z_]\w*[?!]?", callee):
        return []
    owner = sym.qualname.replace("::", ".").rsplit(".", 1)[0]
    try:
        found = search(ws, rf"\b{re.escape(callee)}\b", regex=True, case_sensitive=True, glob="*.rb", max_results=500)
    except Exception as exc:  # noqa: BLE001 - no bare calls is the safe answer
        logger.info("no bare-word search for %s: %s", callee, exc)
        return []
    word = re.compile(rf"(?<![\w.:@$]){re.escape(callee)}(?![\w?!(:=])(?!\s*(?:\|\||&&|[-+*/%|&^]|<<|>>)?=[^=~>])"
                      rf"(?!\s+[\w\"'@:\[])")
    out: list[Caller] = []
    files: dict[str, list[str]] = {}
    syms: dict[str, list[Symbol]] = {}  # each file's symbols read once
    subclasses: set[str] | None = None  # (a subclass's method reaches it too, unless the subclass defines its own)
    for h in found.hits:
        if not h.path or h.context or (h.path, h.line) in known or re.match(r"\s*(?:#|def\s)", h.text) \
                or not word.search(re.sub(r"(?<!\S)#(?!\{).*$|'[^']*'|\"[^\"#]*\"|%[wiWI]?[\[(][^\])]*[\])]", "", h.text)):
            continue
        enc = enclosing(_symbols_of(index, syms, h.path), h.line)
        at = enc.qualname.replace("::", ".").rsplit(".", 1)[0] if enc is not None else None
        if enc is None or enc.id == sym.id:
            continue
        if at != owner:
            subclasses = _ruby_subclasses_without(index, sym, callee, family) if subclasses is None else subclasses
            if at not in subclasses:
                continue
        lines = _file_lines(ws, h.path, files)
        if h.line in _ruby_literal_lines(index, h.path, lines):
            continue  # `default-continuation-prompt-tag` in rouge's racket builtins `%w(..)` is no call of tag
        body = "\n".join(lines[enc.start_line - 1:h.line - 1])
        if re.search(rf"\(\s*[^)]*\b{re.escape(callee)}\b", (enc.signature or "").split("\n")[0]) \
                or re.search(rf"(?<![\w.@]){re.escape(callee)}\s*(?:(?:\|\||&&|[-+*/%])?=[^=~>]|,[^\n]*=)|"
                             rf"\|[^|]*\b{re.escape(callee)}\b[^|]*\|", body):
            continue  # a parameter, a local or a block parameter of that name in the method
        out.append(Caller(enc, h.path, h.line, "receiver", receiver=True, receiver_name="self"))
    return out


def ruby_send_calls(index: IndexQueries, sym: Symbol, callee: str, known: set[tuple[str, int]]) -> list[Caller]:
    """Ruby calls of a method by its symbol (`loop_vars.send(:increment!)`, `public_send(:x, ..)`, `__send__`), as a
    protected or private method is called from outside: the liquid A/B agent (run 509) read "no references" for
    ForloopDrop#increment!, called so in For#render_segment. Matched by name only (the receiver's type unread)."""
    from contexteer.indexers.textsearch import search

    ws = getattr(index, "ws", None)
    if ws is None or not re.fullmatch(r"[A-Za-z_]\w*[?!=]?", callee):
        return []
    pattern = rf"\b(?:send|public_send|__send__)\s*\(?\s*:[\"']?{re.escape(callee)}(?![\w?!=])"
    try:
        found = search(ws, pattern, regex=True, case_sensitive=True, glob="*.rb", max_results=200)
    except Exception as exc:  # noqa: BLE001 - no such calls is the safe answer
        logger.info("no send search for %s: %s", callee, exc)
        return []
    syms: dict[str, list[Symbol]] = {}
    out: list[Caller] = []
    for h in found.hits:
        if not h.path or h.context or (h.path, h.line) in known or re.match(r"\s*#", h.text):
            continue
        enc = enclosing(_symbols_of(index, syms, h.path), h.line)
        if enc is not None and enc.id == sym.id:
            continue
        receiver = re.search(rf"([\w@$.]+)\s*\.\s*(?:send|public_send|__send__)\s*\(?\s*:[\"']?{re.escape(callee)}", h.text)
        out.append(Caller(enc, h.path, h.line, "name only",
                          receiver_name=f"{receiver.group(1)}.send" if receiver else "send"))
    return out


def _ruby_literal_lines(index: IndexQueries, path: str, lines: list[str]) -> frozenset[int]:
    """The lines of a Ruby file that lie inside a literal opened on a line above: a `%w(..)`/`%i[..]` word list, a
    string or a heredoc over lines (rouge's racket builtins list 400 lines of words such as `prompt-tag`)."""
    def make() -> frozenset[int]:
        from contexteer.indexers import languages
        from contexteer.indexers.extract import parse

        spec = languages.BY_NAME.get("ruby")
        if spec is None:
            return frozenset()
        tree = parse("\n".join(lines).encode("utf-8", "replace"), spec, 5.0)
        out: set[int] = set()
        stack = [tree.root_node]
        while stack:
            node = stack.pop()
            if node.end_point.row <= node.start_point.row:
                continue  # (one line: nothing below it spans lines)
            if node.type in _RUBY_LITERALS:
                out.update(range(node.start_point.row + 2, node.end_point.row + 2))
                continue
            stack.extend(node.named_children)
        return frozenset(out)
    found: frozenset[int] = per_generation(index, "ruby literal lines", path, make, limit=512)
    return found


_RUBY_LITERALS = frozenset({"string_array", "symbol_array", "string", "heredoc_body", "regex", "subshell"})


def _ruby_super_calls(index: IndexQueries, sym: Symbol, known: set[tuple[str, int]]) -> list[Caller]:
    """Ruby: a `super` in a method overriding `sym` (its nearest base definition of the name, in a subclass or a
    module a subclass includes) calls it (Sequel's Postgres::DatabaseMethods#create_table reaches
    Database#create_table only through its bare `super`, which names nothing)."""
    from contexteer.indexers import graph  # (graph builds on this module)

    parent = index.get_symbol(sym.parent_id) if sym.kind == "method" and sym.parent_id is not None else None
    if parent is None:
        return []
    supered = re.compile(r"(?<![\w.:@$])super\b(?!\s*\.)")
    if not any(supered.search("\n".join(lines_of(index, d.path)[d.start_line:d.end_line]))
               for d in index.symbols_named(sym.name) if d.name == sym.name and d.id != sym.id and d.language == "ruby"):
        return []  # no namesake says `super`: no subtypes to search (most names)
    out: list[Caller] = []
    for it in graph.implementations(index, sym, lambda _p: {}, depth=1).items:
        h = it.symbol
        if h is None or h.id == sym.id or it.how != f"overrides {sym.qualname}":
            continue  # (an override of an override: its `super` reaches the one between)
        holder = index.get_symbol(h.parent_id) if h.parent_id is not None else None
        if parent.kind == "module" and (holder is None or parent.id not in {m.id for m in graph.ruby_included(index, holder)}):
            continue  # a module `extend`ed into objects at run time sits above the class's methods, not below them
        lines = lines_of(index, h.path)
        for n in range(h.start_line + 1, min(h.end_line, len(lines)) + 1):
            code = re.sub(r"(?<!\S)#(?!\{).*$|'[^']*'|\"[^\"#]*\"", "", lines[n - 1])
            if supered.search(code) and (h.path, n) not in known:
                out.append(Caller(h, h.path, n, "receiver", receiver=True,
                                  receiver_name=f"super, in {h.qualname.replace('.', '::')}, which overrides it"))
    return out


def _ruby_family(index: IndexQueries, sym: Symbol, callee: str,
                 cache: dict[str, tuple[set[str], set[str]]] | None = None) -> tuple[set[str], set[str]]:
    """For a Ruby method: the full names of the classes and modules below its class (3 levels) and of the ones that
    define a method of its name (itself aside); kept in `cache` for the rules of one answer."""
    from contexteer.indexers import graph  # (graph builds on this module)

    if cache is not None and callee in cache:
        return cache[callee]
    parent = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    below = {it.symbol.qualname.replace("::", ".") for it in graph.implementations(
        index, parent, lambda _p: {}, depth=3, mark=False).items if it.symbol is not None} if parent is not None else set()
    definers = {d.qualname.replace("::", ".").rpartition(".")[0] for d in index.symbols_named(callee)
                if d.name == callee and d.language == "ruby" and d.kind in ("method", "function") and d.id != sym.id}
    ws = getattr(index, "ws", None)
    if definers and ws is not None:  # the same side only: rouge's Tex#tag (an instance method) hides no Formatter.tag
        from contexteer.indexers.qualify import ruby_singleton

        files: dict[str, list[str]] = {}
        syms: dict[str, list[Symbol]] = {}

        def side(d: Symbol) -> bool:
            return ruby_singleton(_file_lines(ws, d.path, files), d, _symbols_of(index, syms, d.path))
        mine = side(sym)
        definers = {d.qualname.replace("::", ".").rpartition(".")[0] for d in index.symbols_named(callee)
                    if d.name == callee and d.language == "ruby" and d.kind in ("method", "function") and d.id != sym.id
                    and side(d) == mine}
    if cache is not None:
        cache[callee] = (below, definers)
    return below, definers


def _ruby_subclasses_without(index: IndexQueries, sym: Symbol, callee: str,
                             cache: dict[str, tuple[set[str], set[str]]] | None = None) -> set[str]:
    """The full names of the Ruby classes below the method's class (3 levels) that define no method of its name."""
    below, definers = _ruby_family(index, sym, callee, cache)
    return below - definers


def _reopened_class_calls(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller]) -> None:
    """Ruby: a bare call (`parse_spans(el)`) in a method of the same class reopened in another file
    (`class Kramdown::Parser::Kramdown` spread over one file per syntax element) calls it on self; it read "name only"
    to the kramdown A/B agent, and past the first level such callers were dropped."""
    owner = sym.qualname.replace("::", ".").rsplit(".", 1)[0]
    files: dict[str, list[str]] = {}
    syms: dict[str, list[Symbol]] = {}
    for c in sites:
        if c.how != "name only":
            continue
        enc = enclosing(_symbols_of(index, syms, c.path), c.line)
        if enc is None or enc.qualname.replace("::", ".").rsplit(".", 1)[0] != owner:
            continue
        text = _file_lines(getattr(index, "ws", None), c.path, files)[c.line - 1:c.line] if getattr(index, "ws", None) else []
        if text and re.search(rf"(?<![\w.:@$]){re.escape(callee)}\b", text[0]) \
                and not re.search(rf"[\w)\]]\s*(?:\.|&\.|::)\s*{re.escape(callee)}\b", text[0]):
            c.how, c.receiver, c.receiver_name = "receiver", True, "self"


def _global_c_function(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller]) -> None:
    """C: a function with external linkage the repository defines once (prototypes aside) is the one a call of its
    name in another C file reaches, unless that file defines a static one of the name (the ext4 A/B agent's depth-2
    answers dropped `ext4_ext_check_inode(inode)` in inode.c as "name only", declared in ext4.h and defined once)."""
    if sym.kind != "function" or sym.parent_id is not None or re.match(r"\s*(?:static|#define)\b", sym.signature or ""):
        return
    bodies = [s for s in index.symbols_named(callee) if s.name == callee and s.kind == "function" and s.parent_id is None
              and s.language in ("c", "cpp") and not is_prototype(s)]
    if len(bodies) != 1 or bodies[0].id != sym.id:
        return
    static: dict[str, bool] = {}
    files: dict[str, list[str]] = {}
    for c in sites:
        if c.how != "name only":
            continue
        if c.path not in static:
            static[c.path] = any(s.name == callee and s.kind == "function" and s.id != sym.id
                                 for s in index.symbols_in_file(c.path))
        text = _file_lines(getattr(index, "ws", None), c.path, files)[c.line - 1:c.line] if getattr(index, "ws", None) else []
        if not static[c.path] and not (text and re.search(rf"(?:->|\.)\s*{re.escape(callee)}\s*\(", text[0])):
            c.how = GLOBAL  # (`ops->read_block(3)` calls a field, never the function of that name)


def _global_scope_calls(index: IndexQueries, callee: str, sites: list[Caller], left_out: list[Caller] | None) -> None:
    """C++: a name-only site that calls `::callee(..)` calls a function of the global namespace, never a class's
    method (spdlog run 311: os-inl.h's `::open(filename, O_CREAT | ..)` was a caller of file_helper::open)."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return
    files: dict[str, list[str]] = {}
    rx = re.compile(rf"(?<![\w>)\]])\s*::\s*{re.escape(callee)}\s*\(")
    bare = re.compile(rf"(?<![\w:])\s*(?:\.|->)?\s*{re.escape(callee)}\s*\(")
    drop = []
    for c in sites:
        if c.how != "name only":
            continue
        text = _file_lines(ws, c.path, files)[c.line - 1:c.line]
        if text and rx.search(text[0]) and not bare.search(rx.sub("", text[0])):
            drop.append(c)
    if drop:
        if left_out is not None:
            left_out += drop
        sites[:] = [c for c in sites if c not in drop]


def _global_shell_function(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller]) -> None:
    defined = [s for s in index.symbols_named(callee) if s.name == callee and s.kind == "function"
               and s.parent_id is None and s.language == "bash"]
    if len(defined) == 1 and defined[0].id == sym.id:
        for c in sites:
            if c.how == "name only":
                c.how = GLOBAL


def _imports_it_or_none(index: IndexQueries, files: list[str], path: str, name: str) -> bool:
    """Whether a file's import of `name` may reach `path`: it imports no repository module by that name, reaches
    `path`, or reaches only modules that define no function of the name themselves (a package re-exporting it,
    `from .impl import helper` in `__init__.py`, `module.exports = { helper }` after a require)."""
    if not files or path in files:
        return True
    return not any(s.name == name and s.parent_id is None and s.kind == "function"
                   for f in files for s in index.symbols_in_file(f))


def _function_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller], owner: str | None,
                    resolve_imports: Callable[[str], dict[str, list[str]]], left_out: list[Caller] | None) -> list[Caller]:
    """A function's or method's sites less those a namesake of the language's scoping rules takes."""
    sites = _unshadowed(index, sym, callee, sites, resolve_imports)
    if sym.kind == "function" and owner is None and sites and sym.language in _PARAMETER_SHADOWS:
        sites = _not_a_parameter(index, callee, sites, left_out)
    if sym.language == "go" and sym.kind == "function" and owner is None and sites:
        sites = _go_function_sites(index, sym, callee, sites, left_out)
    if sym.language == "rust" and sym.kind == "function" and owner is None and sites:
        sites = _rust_function_sites(index, callee, sites, left_out, sym)
    if sym.language == "kotlin" and sym.parent_id is None and sites and not kotlin_receiver(sym.signature or "", callee):
        sites = _kotlin_bare_sites(index, callee, sites, left_out)
        sites = _kotlin_top_level_reach(index, sym, callee, sites, left_out)
    if sym.language == "haskell" and sites:  # `tableToOpenXML opts blocksToOpenXML gridTable = do`: a parameter
        sites = _not_bound(index, sym, callee, sites, resolve_imports)
    if sym.kind == "function" and sym.parent_id is None and sites and sym.language in MODULE_FUNCTIONS:
        sites = _module_function_calls(index, sym, callee, sites, resolve_imports, left_out)
    return sites


#: languages where a function's parameter shares the namespace of functions: a bare call of it is the parameter's
_PARAMETER_SHADOWS = frozenset({"python", "javascript", "jsx", "typescript", "tsx", "go", "rust", "lua"})


def _not_a_parameter(index: IndexQueries, callee: str, sites: list[Caller], left_out: list[Caller] | None) -> list[Caller]:
    """`sites` less the bare calls inside a function that takes a parameter of the name (`return action()` in MobX's
    `untracked(action: () => T)`, run 412: listed as a caller of the exported `action`); they go to `left_out`."""
    word = re.compile(rf"(?<![\w$]){re.escape(callee)}\s*(?:<[^<>()]*>\s*)?\(")
    ws = getattr(index, "ws", None)
    cache: dict[str, list[str]] = {}
    kept: list[Caller] = []
    for c in sites:
        enc = enclosing(index.symbols_in_file(c.path), c.line)
        head = " ".join((_uncut(index, enc).signature or "").split()) if enc is not None and enc.kind in ("function", "method") else ""
        lines = _file_lines(ws, c.path, cache) if head and ws is not None else []
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        bare = [m for m in word.finditer(text) if not text[: m.start()].rstrip().endswith((".", "->", "::", "?."))]
        opened = re.search(rf"(?<![\w$]){re.escape(enc.name)}\s*(?:<[^()]*?>)?\s*\(", head) if head and enc is not None else None
        params = inside_parens(head, opened.end()) if opened is not None else None
        if bare and params is not None and callee in _parameter_names(params):
            c.against = True
            if left_out is not None:
                left_out.append(c)
            continue
        kept.append(c)
    return kept


def _parameter_names(params: str) -> set[str]:
    """The names a parameter list declares, each top-level parameter's own (`cb: (act: number) => void` declares
    cb, not act; review of cb78ebf): Python `*args`, `x=1`, `x: T`; TS `x?: T`, `...rest`; Go `a, b int`; Rust
    `mut x: T`."""
    out: set[str] = set()
    for p in top_level(params):
        m = re.match(r"\s*(?:\*{1,2}|\.\.\.|&|mut\s+|(?:public|private|protected|readonly)\s+)*([A-Za-z_$][\w$]*)", p)
        if m:
            out.add(m.group(1))
    return out


def imported_as(imported: dict[str, list[str]], name: str) -> list[str]:
    """The repository files a name bound by a file's imports resolves to (`imported`: resolve_imports of the file);
    a JS/TS namespace import is keyed as written (`* as util`)."""
    return imported.get(name) or [f for k, fs in imported.items() if k.startswith("* as ") and k[5:].strip() == name
                                  for f in fs]


#: languages whose module-level functions are called bare or through a name bound to their module, never on a value
MODULE_FUNCTIONS = frozenset({"python", "javascript", "typescript", "tsx"})


def _module_function_calls(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                           resolve_imports: Callable[[str], dict[str, list[str]]], left_out: list[Caller] | None) -> list[Caller]:
    """A module's function is called bare or through its module (Python `signing.loads(..)`,
    `django.core.signing.loads(..)`; JS/TS `util.clone(..)`, `core.clone(..)` with `import * as core`); a site where
    every call of the name is read off anything else (`json.loads(x)`, `serializer().loads(data)`, `this.clone()`,
    `inst.clone(..)`) is another's (Django's signing.loads had 33 such "callers", zod's util.clone 17 method calls)."""
    stem = sym.path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    module = sym.path.rsplit("/", 2)[-2] if stem in ("__init__", "index") and "/" in sym.path else stem
    cache: dict[str, list[Symbol]] = {}
    call = re.compile(rf"(?<![\w$]){re.escape(callee)}\s*(?:<[^<>()]*>\s*)?(?:\?\.\s*)?\(")  # (`x.f?.()` too)
    files: dict[str, list[str]] = {}
    ws = getattr(index, "ws", None)
    bound: dict[str, set[str]] = {}  # JS/TS: per file, the names bound at its top: imports, requires, consts
    binding = re.compile(r"\bimport\s+\*\s+as\s+([\w$]+)|\bimport\s+([\w$]+)\s*(?:,|\s+from\b)"
                         r"|\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\s*\(|^import\s[^;]*?\{([^}]*)\}", re.M)

    def module_names(path: str) -> set[str]:
        # what may hold a module's functions: a namespace import, a named import (`import { z }`, itself `export *
        # as z`), a module-level const (zod's `const z = { ..._schemas, ..._checks }`); never a parameter or local
        if path not in bound:
            found = binding.findall("\n".join(_file_lines(ws, path, files) if ws is not None else []))
            names = {n for t in found for n in t[:3] if n}
            names |= {w.split(" as ")[-1].strip() for t in found for w in t[3].split(",") if w.strip()}
            names |= {s.name for s in _symbols_of(index, cache, path) if s.parent_id is None
                      and s.kind in ("variable", "constant", "module", "namespace")}
            bound[path] = names
        return bound[path]

    def through(c: Caller, head: str) -> bool:  # the text before one call: bare, or read off the module
        head = head.rstrip()
        if not head.endswith("."):
            return True
        m = re.search(r"([A-Za-z_$][\w$.]*)\s*\.$", head)
        if m is None:
            return False  # `serializer().loads(`, `x[0].loads(`
        chain = m.group(1).split(".")
        if chain[0] in ("this", "self", "super"):
            return False
        if chain in (["module", "exports"], ["exports"]) and c.path == sym.path and sym.language != "python":
            return True  # CommonJS: `module.exports.get_target(..)` in the module that exports it (cordova run 312)
        if sym.language == "python" and len(chain) > 1 and c.how == "name only" \
                and _python_module_path(sym.path, chain) and resolve_imports(c.path).get(chain[0]):
            # `markdown.util.parseBoolValue(..)` after `import markdown`: the dotted path names its module (three
            # such test calls were "name only" in Python-Markdown run 502)
            c.how = "import"
        if chain[-1] == module or sym.path in imported_as(resolve_imports(c.path), chain[0]):
            return True
        return sym.language != "python" and chain[0] in module_names(c.path)

    def elsewhere(c: Caller) -> bool:
        lines = _file_lines(ws, c.path, files) if ws is not None else []
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        heads = [text[: m.start()] for m in call.finditer(text)]
        return bool(heads) and not any(through(c, h) for h in heads)

    return leave_out(sites, left_out, elsewhere)


def _python_module_path(path: str, chain: list[str]) -> bool:
    """Whether a dotted module path (`markdown.util`) names the Python file `path` (markdown/util.py, or
    src/markdown/util/__init__.py)."""
    module = "/".join(chain)
    return any(path == f for f in (f"{module}.py", f"{module}/__init__.py")) \
        or path.endswith((f"/{module}.py", f"/{module}/__init__.py"))


def leave_out(sites: list[Caller], left_out: list[Caller] | None, other: Callable[[Caller], bool]) -> list[Caller]:
    """The sites that are not `other`'s; those that are marked another function's (`against`) and added to
    `left_out` when given, for the answer to count and show."""
    kept: list[Caller] = []
    for c in sites:
        if other(c):
            c.against = True
            if left_out is not None:
                left_out.append(c)
        else:
            kept.append(c)
    return kept


def _kotlin_bare_sites(index: IndexQueries, callee: str, sites: list[Caller], left_out: list[Caller] | None) -> list[Caller]:
    """A Kotlin top-level function that extends no type is called bare (or through its package's path): a site
    where every call of the name has a value before it (`converter.convert(value, context)`, `type.convert(..)`) is
    another type's method, not expo's top-level `convert<T>(value, context)`."""
    on_value = re.compile(rf"(?:[\w$)\]>]\s*\??\.|\?\.|^\s*\.)\s*{re.escape(callee)}\s*[(<{{]")  # (or on the line above)
    package = re.compile(rf"(?<![\w$.])[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+\.{re.escape(callee)}\s*[(<{{]")
    call = re.compile(rf"(?<![\w$]){re.escape(callee)}\s*[(<{{]")
    files: dict[str, list[str]] = {}
    ws = getattr(index, "ws", None)

    def on_values_only(c: Caller) -> bool:
        lines = _file_lines(ws, c.path, files) if ws is not None else []
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        calls = len(call.findall(text))
        return bool(calls) and len(on_value.findall(text)) - len(package.findall(text)) >= calls

    return leave_out(sites, left_out, on_values_only)


def _kotlin_top_level_reach(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                            left_out: list[Caller] | None) -> list[Caller]:
    """A Kotlin top-level function's sites less those it cannot be: outside its file when it is `private` (private to
    the file), and a bare call in a class that has a member function of the name, which the implicit receiver reaches
    first (stripe run 537: LinkControllerManager's `buildPrimaryButton(m)` calls its own private one, not the
    file-private top-level one of PaymentSheetAppearance.kt)."""
    private = re.match(r"\s*(?:@[\w.]+(?:\([^()]*\))?\s+)*(?:\w+\s+)*?private\b", sym.signature or "") is not None
    bare = re.compile(rf"(?<![\w$.]){re.escape(callee)}\s*[(<{{]")
    defs: dict[str, list[Symbol]] = {}
    files: dict[str, list[str]] = {}
    ws = getattr(index, "ws", None)

    def unreached(c: Caller) -> bool:
        if private and c.path != sym.path:
            return True
        lines = _file_lines(ws, c.path, files) if ws is not None else []
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        at = next((m for m in bare.finditer(text) if not re.search(r"\bfun\s+(?:<[^>]*>\s*)?$", text[: m.start()])), None)
        if at is None:
            return False
        text = text[at.start():]
        syms = _symbols_of(index, defs, c.path)
        around = {s.id for s in syms if s.kind in _CLASS_KINDS and s.start_line <= c.line <= s.end_line}
        # (a member that cannot take the call's arguments shadows nothing: `fun format() = format(amount, 2)` calls the
        # top-level format(value, digits); review of stop 59)
        args = call_args(text, callee)
        return any(s.name == callee and s.kind in ("method", "function") and s.parent_id in around
                   and (args is None or takes_call(s.signature or "", callee, args, "kotlin")) for s in syms)

    return leave_out(sites, left_out, unreached)


def _unshadowed(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                resolve_imports: Callable[[str], dict[str, list[str]]] | None = None) -> list[Caller]:
    """`sites` less those inside a function that defines a local function of the name: there the local is called
    (TWiki's `attributes` has its own `where spnl = ...`, not Markdown's `spnl`); in JS/TS and Python, less the bare
    calls in another module that defines a function of the name at its top level."""
    modules = language_family(sym.language) in (language_family("javascript"), "python") and sym.parent_id is None
    if modules and resolve_imports is not None:
        # a bare call in a module importing the name from another module is that one's (eslint.js's `verifyText(..)`,
        # imported from eslint-helpers, is not cli-engine's private namesake)
        sites = [c for c in sites if c.path == sym.path
                 or _imports_it_or_none(index, resolve_imports(c.path).get(callee, []), sym.path, callee)]
    spans: dict[str, list[tuple[int, int]]] = {}
    for local in index.symbols_named(callee):
        if local.id == sym.id or local.name != callee:
            continue
        if local.parent_id is None and modules and local.path != sym.path and local.kind == "function" \
                and language_family(local.language) == language_family(sym.language):
            # a module's own function of the name (cli-engine.js's private `verifyText`): its bare calls are that one's
            spans.setdefault(local.path, []).append((1, 10 ** 9))
            continue
        if local.parent_id is None or local.kind not in ("function", "method"):
            continue
        holder = index.get_symbol(local.parent_id)
        if holder is not None and holder.kind in ("function", "method"):
            spans.setdefault(holder.path, []).append((holder.start_line, holder.end_line))
    if not spans:
        return sites
    ws = getattr(index, "ws", None)
    cache: dict[str, list[str]] = {}
    word = re.compile(rf"(?<![\w$]){re.escape(callee)}(?![\w$'])")

    def local_call(c: Caller) -> bool:
        if not any(a <= c.line <= b for a, b in spans.get(c.path, ())):
            return False
        lines = _file_lines(ws, c.path, cache) if ws is not None else []
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        # bare only: `self.run()` inside a function with a nested `run` is still the method
        return all(not text[: m.start()].rstrip().endswith((".", "->", "::", "?.")) for m in word.finditer(text))

    return [c for c in sites if not local_call(c)]


def _rust_function_sites(index: IndexQueries, callee: str, sites: list[Caller], left_out: list[Caller] | None,
                         sym: Symbol | None = None) -> list[Caller]:
    """A Rust free function is called `name(..)` or `path::name(..)`, never `x.name(..)`: a line whose every call of
    the name is a method call is another's (petgraph run 284: the test function `edge_bound` had
    `self.edge_bound()` in StableGraph.filter_map as a name-only caller). Dropped into `left_out` when given."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return sites
    call = re.compile(rf"(?<![\w$]){re.escape(callee)}\s*(?:::\s*<[^()]*>\s*)?\(")
    cache: dict[str, list[str]] = {}
    kept: list[Caller] = []
    for c in sites:
        lines = _file_lines(ws, c.path, cache)
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        found = list(call.finditer(text))
        if found and all(re.search(r"(?<!\.)\.\s*$", text[: m.start()]) for m in found):
            if left_out is not None:
                left_out.append(c)
            continue
        verdict = _rust_crate_path(sym, c, text, found) if sym is not None else None
        if verdict is False:  # `crate::other::f(..)`: another module's function of the name
            if left_out is not None:
                left_out.append(c)
            continue
        if verdict:
            c.how = "path"  # `crate::runtime::context::enter_runtime(..)`: the path names its module
        kept.append(c)
    return kept


def _rust_crate_path(sym: Symbol, c: Caller, text: str, found: list[re.Match[str]]) -> bool | None:
    """Whether a Rust call written with a `crate::` path (`crate::runtime::context::enter_runtime(..)`) names the
    module `sym` is defined in (True), another module (False), or no such path is written (None). Tokio run 416 read
    two such calls labelled "by import" and "name only"."""
    root = sym.path[: sym.path.rfind("src/") + 4] if "src/" in sym.path else None
    if root is None or not c.path.startswith(root):
        return None
    for m in found:
        path = re.search(r"\bcrate((?:\s*::\s*[a-z_]\w*)+)\s*::\s*$", text[: m.start()])
        if path is None:
            continue
        parts = [p.strip() for p in path.group(1).split("::") if p.strip()]
        module = root + "/".join(parts)
        return sym.path in (f"{module}.rs", f"{module}/mod.rs")
    return None


def _go_function_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                       left_out: list[Caller] | None) -> list[Caller]:
    """A Go package function is called bare in its package or as `pkg.Name(...)` where `pkg` is an import: `x.Name(...)`
    on a value is a method (prometheus' `Register` had 32 "callers", every one `reg.Register(c)`). Sites with no
    such call are dropped, into `left_out` when given."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return sites
    folder = sym.path.rpartition("/")[0]
    # its package's name as written (`package foo` in module go-foo): what other files qualify the call with
    clause = next((m.group(1) for t in _file_lines(ws, sym.path, {})[:200] if (m := re.match(r"package\s+(\w+)", t))), "")
    call = re.compile(rf"(?<![\w$]){re.escape(callee)}\s*(?:\[[^\]]*\])?\s*\(")
    cache: dict[str, list[str]] = {}
    expected = _go_package_path(ws, folder)  # its import path, from the go.mod above it
    kept: list[Caller] = []
    for c in sites:
        lines = _file_lines(ws, c.path, cache)
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        own = c.path.rpartition("/")[0] == folder
        ok = not call.search(text)  # a use without a call (`f := Register`) is left to the evidence found
        for m in call.finditer(text):
            before = text[: m.start()].rstrip()
            if not before.endswith("."):
                # (or a file that dot-imports its package: the optimizer's `Patch(node, ..)` under `. ".../ast"`,
                # left out of a "complete" callers answer of ast.Patch in expr run 483)
                ok = ok or own or any(_go_dot_path_is(p, folder, expected) for p in go_dot_imports(lines))
                continue
            qual = re.search(r"([A-Za-z_]\w*)\s*\.$", before)
            if qual is None:
                continue
            # `bytes.Equal(..)`, `require.Equal(..)`: another package's function, not assert.Equal; in its own package
            # `suite.Run(..)` is a method on a value named like the package (a package never names itself)
            path = go_import_path(lines, qual.group(1))
            ok = ok or (path is not None and _go_path_is(path, folder, expected)) \
                or (not own and path is None and qual.group(1) == clause)
        if ok:
            kept.append(c)
        else:
            c.against = True
            if left_out is not None:
                left_out.append(c)
    return kept


def _go_package_path(ws: Any, folder: str) -> str | None:
    """The import path of the Go package in `folder`: the `module` line of the nearest go.mod above it, joined with
    the folder below that go.mod (`github.com/org/foo-go/pkg` for go/pkg under go/go.mod); None without a go.mod."""
    parts = folder.split("/") if folder else []
    for i in range(len(parts), -1, -1):
        base = "/".join(parts[:i])
        text = repo_text(ws, f"{base}/go.mod" if base else "go.mod")
        m = re.search(r"^module\s+(\S+)", text or "", re.M)
        if m:
            return "/".join([m.group(1).strip('"'), *parts[i:]])
    return None


def _go_dot_path_is(path: str, folder: str, expected: str | None) -> bool:
    """_go_path_is for a dot import: without a go.mod, never a standard-library path (`. "go/ast"` beside a
    repository folder ast/, review of stop 56)."""
    return _go_path_is(path, folder, expected) and (expected is not None or "." in path.split("/", 1)[0])


def _go_path_is(path: str, folder: str, expected: str | None = None) -> bool:
    """Whether a Go import path names the repository folder `folder`: its module's path for it when a go.mod says
    (`expected`), else by the folder's name (`github.com/stretchr/testify/assert` for assert/; a path of a package
    outside the repository, `bytes`, for none)."""
    if expected is not None:
        return path == expected
    path = re.sub(r"/v\d+$", "", path)
    return bool(folder) and (path == folder or path.endswith("/" + folder)) or (not folder and "/" in path and
                                                                                "." in path.split("/", 1)[0])


def _not_bound(index: IndexQueries, sym: Symbol, name: str, sites: list[Caller],
               resolve_imports: Callable[[str], dict[str, list[str]]]) -> list[Caller]:
    """`sites` less those in a module that defines its own top-level `name` (the Markdown reader's `gridTable` is
    its own, not the writers' one), a name-only site in a module whose imports never reach the definition's (at
    most 30 modules looked at; one they reach is an import, through re-exports), or inside a definition that binds `name` itself (a parameter, a pattern, a `let`):
    there the name is that local (at most 100 definitions looked at, the rest kept)."""
    reach: dict[str, bool] = {}
    ws = getattr(index, "ws", None)
    if ws is None:
        return sites
    files: dict[str, list[Symbol]] = {}
    cache: dict[tuple[str, int, int], set[str]] = {}
    out: list[Caller] = []
    texts: dict[str, list[str]] = {}
    imports: dict[str, tuple[set[str], bool]] = {}  # per file: the names it imports the module under, and unqualified?
    for c in sites:
        if c.path not in files:
            files[c.path] = index.symbols_in_file(c.path)
        if c.path != sym.path and c.path not in imports:
            imports[c.path] = _haskell_imports_of(_file_lines(ws, c.path, texts), sym.path)
        use = _haskell_use(_file_lines(ws, c.path, texts), c.line, name, imports[c.path]) if c.path != sym.path else None
        if use == "qualified":  # `readFileStrict = IO.readFileStrict` in PandocIO's instance: the module's, by its alias
            c.how = "alias"
            out.append(c)
            continue
        if use == "other":  # `B.readFile` where B is another module; a bare name where the module is imported qualified
            continue
        if c.path != sym.path and any(s.name == name and s.parent_id is None and s.kind == sym.kind for s in files[c.path]):
            continue
        if c.how == "name only" and (c.path in reach or len(reach) < 30):
            if c.path not in reach:
                reach[c.path] = sym.path in _haskell_visible(ws, c.path, resolve_imports, texts, name=name)
            if not reach[c.path]:
                continue
            c.how = "import"  # through a module that re-exports it (Org.Blocks -> Org.Parsing -> Text.Pandoc.Parsing)
        enc = enclosing(files[c.path], c.line)
        if enc is None or len(cache) >= 100 or name not in bound_names(ws, c.path, enc.start_line, enc.end_line, cache):
            out.append(c)
    return out


_HASKELL_EXPORTS = re.compile(r"^module\s+[\w.']+\s*\((.*?)\)\s*where\b", re.M | re.S)


def _haskell_visible(ws: Any, path: str, resolve_imports: Callable[[str], dict[str, list[str]]],
                     texts: dict[str, list[str]], limit: int = 60, name: str | None = None) -> set[str]:
    """The repository modules whose names a Haskell file sees: those it imports, and what they re-export (`module
    Text.Pandoc.Class (module Text.Pandoc.Class.PandocIO, ...) where`), transitively; with `name`, also the imports
    of a module whose export list names it (Org.Parsing's `, insertIncludedFile` from Text.Pandoc.Parsing: the
    Pandoc A/B run 245's caller in Org.Blocks had been left out). An import's own imports are not visible otherwise:
    run 51's callers of Class.IO.readFileStrict counted files that import a module importing it."""
    seen: set[str] = set()
    frontier = [t for ts in resolve_imports(path).values() for t in ts]
    while frontier and len(seen) < limit:
        f = frontier.pop()
        if f in seen:
            continue
        seen.add(f)
        m = _HASKELL_EXPORTS.search("\n".join(_file_lines(ws, f, texts)))
        names = re.findall(r"\bmodule\s+([A-Z][\w.']*)", m.group(1)) if m is not None else []
        tails = ["/" + n.replace(".", "/") for n in names]
        passes = name is not None and m is not None and re.search(rf"(?<![\w'.]){re.escape(name)}(?![\w'])",
                                                                  re.sub(r"--[^\n]*", "", m.group(1))) is not None
        frontier += [t for ts in resolve_imports(f).values() for t in ts
                     if passes or any(("/" + t.rsplit(".", 1)[0]).endswith(tail) for tail in tails)]
    return seen


def _haskell_imports_of(lines: list[str], path: str) -> tuple[set[str], bool]:
    """The names a Haskell file imports the module at `path` under (its alias or its own name), and whether one of
    those imports is unqualified."""
    tail = "/" + path.rsplit(".", 1)[0]
    names: set[str] = set()
    unqualified = False
    for text in lines:
        m = _HASKELL_IMPORT.match(text)
        if m is None or not ("/" + m.group(1).replace(".", "/")).endswith(tail):
            continue
        names.add(m.group(2) or m.group(1))
        unqualified = unqualified or not re.search(r"\bqualified\b", text)
    return names, unqualified


def _haskell_use(lines: list[str], line: int, name: str, imported: tuple[set[str], bool]) -> str | None:
    """How a Haskell line names `name` of a module the file imports as `imported` (`_haskell_imports_of`):
    'qualified' (by an alias or the module's own name), 'other' (only qualified by other modules, or bare where the
    file imports the module qualified only: run 51's callers of Class.IO.readFileStrict listed the PandocMonad class
    method's calls), None when the line does not say (bare, with an unqualified import or none)."""
    names, unqualified = imported
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    uses = [m.group(1) for m in re.finditer(rf"(?<![\w'.])(?:([A-Z][\w.']*)\.)?{re.escape(name)}(?![\w'])", text)]
    if not uses:
        return None
    if any(q in names for q in uses if q):
        return "qualified"
    if all(uses) or (names and not unqualified):
        return "other"
    return None


def _own_class_sites(index: IndexQueries, sym: Symbol, holder: Symbol | None, sites: list[Caller]) -> list[Caller]:
    """Uses of a class that can be this one: not in a file defining another class of its name (ParArray's own
    Map), and for a class nested in another whose name other classes share (ParIterableLike.Map, Predef.Map), only
    in its file or in files that name the class holding it."""
    others = {s.path for s in index.symbols_named(sym.name) if s.name == sym.name and s.kind in _CLASS_KINDS
              and s.id != sym.id and s.path != sym.path}
    sites = [c for c in sites if c.path not in others]
    if holder is None or holder.kind not in _CLASS_KINDS or not others:
        return sites
    naming = {r.path for r in index.references_to(holder.name, limit=5000)} | {sym.path}
    return [c for c in sites if c.path in naming]


def _through_holder(index: IndexQueries, sym: Symbol, holder: str, sites: list[Caller]) -> None:
    """A nested class written through the class holding it (`SharedObject.NotFoundException()`) is this one: such
    sites are by receiver (the holding class), not "name only" (Swift run 54)."""
    rx = re.compile(rf"(?<![\w$]){re.escape(holder)}\s*(?:\.|::)\s*{re.escape(sym.name)}(?![\w$])")
    texts: dict[str, list[str]] = {}
    for c in sites:
        if c.how == "name only":
            lines = texts.get(c.path)
            if lines is None:
                lines = texts[c.path] = lines_of(index, c.path)
            if 0 < c.line <= len(lines) and rx.search(lines[c.line - 1]):
                c.how, c.receiver, c.receiver_name = "receiver", True, holder


def _other_overload_call(sym: Symbol, lines: list[str], line: int) -> bool:
    """Whether the call of `sym`'s name on `line` passes arguments its parameter list cannot take (Java-like
    overloads: then it calls another one)."""
    if sym.language not in REAL_OVERLOADS or sym.language == "elixir":
        return False
    args = call_args_at(lines, line, sym.name, sym.language)
    return args is not None and not takes_call(sym.signature or "", sym.name, args, sym.language)


def explicit_interface_member(s: Symbol) -> bool:
    """A C# explicit interface implementation (`void ICollection<JToken>.Add(JToken item)`): callable only through
    that interface, never on the class or by bare name, so no overload a call on the class can mean."""
    head = (s.signature or "").split("(", 1)[0]
    return s.language in ("csharp", "c_sharp") and re.search(rf"[\w>]\s*\.\s*{re.escape(s.name)}\s*(?:<[^()]*>)?\s*$", head) is not None


def _typed_other_overload(index: IndexQueries, sym: Symbol, lines: list[str], line: int) -> bool:
    """Whether the call of `sym`'s name on a line of its own body means another overload by its arguments' types
    (jsoup's `select(evaluator, root)` inside select(String, Iterable<Element>) is select(Evaluator, Element))."""
    if sym.language not in REAL_OVERLOADS or sym.language == "elixir":
        return False
    others = [s for s in index.symbols_in_file(sym.path) if s.qualname == sym.qualname and s.kind == sym.kind
              and s.id != sym.id and not explicit_interface_member(s)]
    args = call_args_at(lines, line, sym.name, sym.language) if others else None
    if not args:
        return False
    written = _type_arg_count(lines, line, sym.name)
    if written is not None and _type_param_count(sym) != written \
            and any(_type_param_count(s) == written for s in others):
        return True  # `Values<JToken, JToken>(source, key)` inside Values(this source, key): Values<T, U>'s
    fitting = [s for s in others if takes_call(s.signature or "", s.name, args, s.language)]
    site = Caller(sym, sym.path, line)
    return _best_typed_overload(index, site, args, sym, fitting, {sym.path: lines}) is not None


def _own_body_site(index: IndexQueries, sym: Symbol, r: Reference, owner: str | None, recursive: list[int] | None,
                   inner: set[int], own_lines: dict[str, list[str]]) -> bool:
    """A use of `sym`'s name inside its own range: a recursive call goes to `recursive` (its lines); a method's call
    of its name on another value (`sub_ctx.command.invoke(sub_ctx)` in Group.invoke) to `inner`, and True: a site,
    kept if its receiver's type may dispatch here (click run 403 had it missing from Group.invoke's callers)."""
    if recursive is not None and r.kind == "call" and r.line not in recursive and r.name == sym.name \
            and sym.kind in ("function", "method") and _calls_itself(index, sym, r.line, own_lines) \
            and not _literal_call_of_another(index, sym, r.line, own_lines):
        recursive.append(r.line)
        return False
    if owner is not None and sym.kind == "method" and r.kind == "call" and r.name == sym.name \
            and _on_another_value(index, sym, r.line, own_lines):
        inner.add(r.line)
        return True
    return False


def _on_another_value(index: IndexQueries, sym: Symbol, line: int, cache: dict[str, list[str]]) -> bool:
    """Whether a line of a method calls its name on a value other than this/self/super (`sub_ctx.command.invoke(..)`
    in Group.invoke): a call of its class's method on another instance, or of a base's that may dispatch here."""
    ws = getattr(index, "ws", None)
    lines = _file_lines(ws, sym.path, cache) if ws is not None else []
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    for m in re.finditer(rf"(?<![\w$]){re.escape(sym.name)}\s*\(", text):
        before = text[: m.start()].rstrip()
        if line == sym.start_line or not before.endswith((".", "->", "?.")):
            continue
        word = _RECEIVER.search(text, 0, m.start())
        if word is not None and word.group(1) not in _SELF and word.group(1) not in ("super", "base", "parent") \
                and not word.group(0).rstrip(".-:>? ").endswith(")"):
            return True
    return False


def _calls_itself(index: IndexQueries, sym: Symbol, line: int, cache: dict[str, list[str]]) -> bool:
    """Whether a line of a definition calls the definition itself: bare or on this/self (`link(t)`,
    `compressedRoot().link(t)` on another instance of its class counts too), after the head that names it; not
    `awaitable.result(...)` inside Await.result, another type's method."""
    ws = getattr(index, "ws", None)
    lines = _file_lines(ws, sym.path, cache) if ws is not None else []
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    calls = list(re.finditer(rf"(?<![\w$]){re.escape(sym.name)}(?![\w$])", text))
    if line == sym.start_line:
        calls = calls[1:]  # the head names it first
    if calls and (_other_overload_call(sym, lines, line) or _typed_other_overload(index, sym, lines, line)):
        return False  # `setCookie(url, cookieValue)` inside setCookie(url, key, value): another overload's call
    if calls and sym.language == "rust" and _rust_shadowed(index, sym):
        return False  # `Some(self.add_edge(..))` in `impl Build for StableGraph`: the type's inherent add_edge
    for m in calls:
        before = text[: m.start()].rstrip()
        if not before.endswith((".", "->", "::", "?.")):
            if sym.kind == "method" and sym.language in NO_IMPLICIT_SELF:
                continue  # `return reportObserved(this)` in Atom.reportObserved: the module's function of the name
            return True
        if sym.kind == "function" and sym.parent_id is None and not before.endswith("::") and not table_function(sym) \
                and sym.language in ("typescript", "tsx", "javascript", "go", "c", "cpp", "kotlin", "swift"):
            # a module-level function is no member: `registeredResolvers[s].getDefaultAuthority(t)` inside
            # getDefaultAuthority is another object's (grpc-js run 561 read it "recursive")
            continue
        built = built_receiver(before, sym.language)
        if built is not None:  # `(new UnicodeString($s))->width(false)` in Helper::width: another class's method
            if built in ("static", "self") or built == sym.qualname.rpartition(".")[0].rpartition(".")[2]:
                return True
            continue
        word = _RECEIVER.search(text, 0, m.start())
        if word is not None and sym.language == "cpp" and word.group(0).rstrip(".-:>? ").endswith(")"):
            typed = _cpp_own_returned(index, {}, Caller(sym, sym.path, line), word.group(1))
            if typed is not None and cpp_type(index, typed) != sym.qualname.rpartition(".")[0].rpartition(".")[2]:
                continue  # `impl()->test_to_run_count()` in UnitTest::test_to_run_count: UnitTestImpl's
        if word is not None and word.group(1) in ("super", "base"):
            continue  # `super.remove()`, Python's `super().unsign(value)`: the base's, no recursion
        if word is not None and word.group(0).rstrip(".-:>? ").endswith(")") \
                and text[: word.start()].rstrip().endswith((".", "->", "::")) \
                and not re.search(r"(?<![\w$])(?:this|self|Self)\s*(?:\.|->|::)\s*$", text[: word.start()].rstrip()):
            continue  # `self.inner.blocking_spawner().spawn_blocking(..)` in Handle::spawn_blocking: a value another
            # object's method returns (tokio A/B run 196 had it labelled recursive)
        made = re.search(r"([\w$]+)\s*(?:\?\.|\.|::|->)\s*[\w$]+\s*\((?:[^()]|\([^()]*\))*\)\s*(?:\?\.|\.|->)$", before) \
            if word is None else None
        if made is not None and made.group(1) != sym.qualname.rpartition(".")[0].rpartition(".")[2]:
            # (`Node.of(n).depth(..)` inside Node.depth may well be its own class's: kept, review of stop 56)
            continue  # `RootView.findGestureHandlerRootView(this)?.recordHandlerIfNotPresent(handler)`: what another
            # call returns, not this object (gesture-handler run 494 read it as recursive)
        if word is None or word.group(1) in _SELF or (word.group(0).rstrip(".-:>? ").endswith(")")):
            return True  # `this.link(t)`, `compressedRoot().link(t)`
    return False



def language_of(index: IndexQueries, path: str) -> str | None:
    spec = languages.language_for_path(path)
    if spec is not None:
        return spec.name
    info = index.file_info(path)  # a script known by its shebang
    return info.language if info is not None else None


def _file_evidence(index: IndexQueries, sym: Symbol, path: str, resolve_imports: Callable[[str], dict[str, list[str]]],
                   cache: dict[str, list[str]]) -> str | None:
    """file_evidence, and for C# a file of the definition's namespace or one inside it (no using needed)."""
    found = file_evidence(sym, path, resolve_imports)
    if found is None and sym.language == "csharp" and sees_namespace_of(index, path, sym.path, cache):
        return "same package"
    return found


def file_evidence(sym: Symbol, path: str, resolve_imports: Callable[[str], dict[str, list[str]]]) -> str | None:
    if path == sym.path:
        return "same file"
    if any(sym.path in fs for fs in resolve_imports(path).values()):
        return "import"
    if sym.language in _PACKAGE_DIRS and (package_dir(path) == package_dir(sym.path)
                                          or (sym.language in ("java", "kotlin", "scala") and same_package(path, sym.path))) \
            and not (sym.language in ("kotlin", "scala") and sym.kind == "function" and sym.parent_id is not None):
        # (a Kotlin function inside another definition, an object expression's `next()`, is seen by no other file)
        return "same package"
    return None


#: a method is never called by its bare name (JS/TS: a bare `parse(x)` is a local's or a function's, never an object's
#: method: the tRPC A/B agent read three such as callers of jsonContentTypeHandler.parse)
_RECEIVER_ONLY = frozenset({"rust", "go", "python", "javascript", "typescript", "tsx"})


#: languages where a static method is called through its class, never through a value
_STATIC_BY_CLASS = frozenset({"java", "csharp", "php", "dart", "swift", "scala"})


def _is_static(sym: Symbol) -> bool:
    """A static method of a language that calls it through its class (`Selector.select(q, root)`, `Cls::make()`)."""
    head = (sym.signature or "").split("(", 1)[0].split()
    return sym.language in _STATIC_BY_CLASS and "static" in head and extended_type(sym) is None


def extended_type(sym: Symbol) -> str | None:
    """The type a C# extension method extends (`static U Values<T, U>(this IEnumerable<T> source, ...)` ->
    IEnumerable): it is called on a value of that type (`_enumerable.Values<T, JToken>(key)`), not through its
    class. None for any other definition."""
    if sym.language != "csharp":
        return None
    m = _EXTENSION.search(sym.signature or "")
    return m.group(1).rsplit(".", 1)[-1] if m else None


_EXTENSION = re.compile(r"\(\s*this\s+(?:(?:in|ref|scoped|readonly)\s+)*([\w.]+)")


def _imports_static(lines: list[str], name: str) -> bool:
    """Whether a Java-like file imports `name` statically (`import static org.x.Selector.select;` or `.*`)."""
    return any(t.startswith("import static ") and (t.rstrip("; ").endswith(("." + name, ".*"))) for t in lines[:300])


def _check_receivers(index: IndexQueries, sites: list[Caller], callee: str, owner: str, max_files: int,
                     language: str | None = None, *, static: bool = False, extends: str | None = None,
                     signature: str = "", resolve_imports: Callable[[str], dict[str, list[str]]] | None = None,
                     owner_cls: Symbol | None = None, prop: bool = False, owner_folder: str | None = None,
                     ruby_assign: str | None = None) -> None:
    """Set `receiver` on each site of a method (`prop`: of a property, read without a call; `ruby_assign`: a Ruby
    writer's sites, "write", or an attr_accessor's, "both"): True when the call's receiver is self/this, a name like the
    class (`config.get(` for Config.get, `_default_decoder.decode(` for JSONDecoder.decode), or a parameter, local
    or field declared with the class's type in the enclosing definition (`h.truncateMemory(` in
    `func (h *Head) Truncate`: how = "receiver type")."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return
    words = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", owner)
    whole, last = owner.lower().replace("_", ""), (words[-1].lower() if words else owner.lower())
    # (`(?<![\w$#])`, not `\b`: a JS/TS `#private` name has no word boundary after `this.`)
    # (a Scala method needs no parentheses; a property is read, not called)
    bare_name = language == "scala" or prop
    # (nor a Ruby one on a value: `context.registers.static`, where `self.columns = x` calls the writer, and a bare
    # word is read by the Ruby rules of _by_language_rules)
    call = re.compile(rf"(?<=\.)\s*{re.escape(callee)}(?={_RUBY_ASSIGNED})") if ruby_assign == "write" else \
        re.compile(r"(?<![\w$#])" + re.escape(callee) + r"\s*\(|(?<=\.)\s*" + re.escape(callee)
                   + (r"(?![\w?!]|:[^:])" if ruby_assign == "both" else r"(?![\w?!]|:[^:]|\s*=[^=~>])")) if language == "ruby" else \
        re.compile(r"(?<![\w$#])" + re.escape(callee) + (r"(?![\w$])" if bare_name else r"\s*(?:(?:::\s*)?<(?:[^<>()]|<[^<>()]*>)*>)?\s*\("))
    fits = None if ruby_assign == "write" else arity(signature, callee) if language in _ARITY_CHECKED or (language == "ruby" and _ruby_plain_params(signature)) \
        else _ts_arity(index, owner_cls, signature, callee) if language in ("typescript", "tsx") else None
    if fits is not None and extends is not None:  # `xs.WhereNotNull()` or `Util.WhereNotNull(xs)`: one less on a value
        fits = (max(0, fits[0] - 1), fits[1])
    # (Kotlin and Java turn no literal into a class: `is`(2) is no call of `is`(type: KClass<T>))
    typed_params = _checkable(index, param_types(signature)) if language in ("kotlin", "java") else None
    files: dict[str, list[str]] = {}
    classes: dict[str, list[Symbol]] = {}
    defs: dict[str, list[Symbol]] = {}
    type_words: dict[str, bool] = {}  # Rust: whether a lowercase path segment names a type (asked once per word)
    bodies: dict[int, _Body] = {}  # enclosing definitions whose chains of reads were typed
    for site in sites:
        if site.path not in files and len(files) >= max_files:  # past the read budget: no evidence looked for
            site.receiver, site.how = False, "name only"
            continue
        lines = _file_lines(ws, site.path, files)
        text = _site_text(lines, site.line, callee, dots=language in TRAILING_DOT_CHAINS)
        site.receiver = False
        own_class: bool | None = None  # whether the site lies inside the method's own class (computed once)
        holder: str | None = None  # the class around the site
        against = False
        for m in _own_line_calls(call, text, language == "swift"):
            before = _receiver_before(text, m.start(), language)
            word = before.group(1).lstrip("_$#") if before is not None else None
            verdict = "receiver" if prop and word == owner else False if _read_elsewhere(prop and static, word, owner, language) else \
                None if _member_named(index, site, word) else \
                element if (element := _element_verdict(index, defs, lines, site, text[: m.start()], owner, language)) \
                is not None else _rust_assoc_verdict(index, lines, site.line, text[: m.start()], owner) \
                if language == "rust" and word is not None and word[:1].isupper() and re.search(r"\bSelf\s*::\s*\w+\s*::\s*$", text[: m.start()]) \
                else _early_verdict(index, text, m.start(), word, owner, owner_cls, site.path, files)  # (`LOG.WARN`)
            if verdict is not None:  # a cast, or a C# class name that tells which class
                against = against or verdict is False
                if isinstance(verdict, str) and verdict != "skip":
                    site.receiver, site.how = True, verdict if verdict == "receiver type" else site.how
                    site.receiver_name = site.receiver_name or word
                    break
                continue
            # bare only when nothing member-like precedes it: `make(1)\n    .spawn_blocking(2)`, `items[0].send(x)`
            # and `f(x).g()` are calls on a value the regex cannot name
            bare = word is None and not text[: m.start()].rstrip().endswith((".", "->", "::", "?."))
            if extends is not None and not bare and word != owner:
                # an extension method is called on a value of the type it extends: one declared so is its call,
                # another may still be (a subtype the index cannot tell, a call's result: `}).WhereNotNull()`,
                # `x.Self().WhereNotNull()`), never shown to be another method's (pythonnet run 306: "another type's")
                plain = before is not None and word not in _SELF and "(" not in before.group(0)
                typed = _declared_receiver(index, defs, lines, site, before.group(1)) if plain and before else None
                if typed is not None and re.sub(r"<.*", "", typed).rsplit(".", 1)[-1] == extends:
                    site.receiver, site.how = True, "receiver type"
                    break
                continue
            if bare and language == "lua" and site.how in ("import", "same file") and _lua_alias(lines, site.line, callee):
                site.receiver, site.how = True, "alias"  # `local isdir = path.isdir` ... `isdir(p)`
                break
            via = _bound_alias(index, defs, lines, site, callee) if bare and language != "lua" else None
            if via is not None:  # `render_str = console.render_str` ... `render_str(x)`: a call through the value
                aliased = _alias_call(index, defs, classes, lines, site, via, owner)
                if aliased:
                    break
                against = against or aliased is False  # bound off another type's value; unknown: by name only
                continue
            if bare and language in _RECEIVER_ONLY:
                against = True  # `spawn_blocking(f)`: a function of that name, never Handle.spawn_blocking
            elif bare and language in ("scala", "kotlin") and _declared_local(index, defs, lines, site, callee):
                against = True  # `val result = new Array(n); result(0) = x`: the local's apply, not a method
            elif language == "rust" and before is not None and before.group(2) == "::" and word is not None \
                    and word[:1].islower() and not _names_rust_type(index, word, type_words):
                against = True  # `runtime::spawn_blocking(f)`, `self::f(x)`: a module's function, not a method
            elif word is None or word in _SELF or (word == "parent" and language == "php"):
                # `self.app(...)`, `super().x(...)` or (outside Rust, Go and Python) a bare call are this class's
                # method only inside this class (or a subclass): in Route.handle, `self.app(...)` is Route's app
                qualified = re.search(r"([\w$]+)\s*\.\s*$", text[: before.start()]) \
                    if before is not None and word in ("this", "super") and language in _OUTER_THIS else None
                if qualified is not None or own_class is None:
                    holder, own_class, other = _self_holder(index, classes, defs, site, word, owner, language,
                                                            qualified.group(1) if qualified else None, callee, owner_cls,
                                                            bare=bare)
                    against = against or other
                # a static method outside its class: `select(q)` in Document, `parse(h).select(q)` on a value, are
                # other methods (unless the file imports it statically)
                imported_static = static and bare and _imports_static(lines, callee)  # `inSorted(x)` after the import
                against = against or (static and not own_class and not imported_static)
                # a bare call in a subclass (`AutoComplete(t)` in BsonWriter : JsonWriter) is the inherited method
                # (Ruby: a bare call in a subclass named like the class, `min_size(..)` in Sinatra::Parser <
                # AST::Parser, is on self: mustermann run 479 read it "by name only")
                # (Kotlin: a bare call in the class is on this, an extension function's too: rnscreens run 600 read
                # `isSheetFitToContents()` in class Screen, `fun Screen.isSheetFitToContents()`, as by name only)
                site.receiver = imported_static or (own_class and (word is not None or site.how == "same file"
                                                                   or (language == "kotlin" and bare)
                                                                   or (holder != owner and language not in _RECEIVER_ONLY)
                                                                   or (language == "ruby" and _in_class_body(index, defs, site))
                                                                   or (language == "cpp" and bare
                                                                       and _cpp_same_class(site.path, owner_cls))))
            elif word[:1].isupper() and word != owner and before is not None and before.group(2) == "::" \
                    and _another_class(index, word, owner, lines, language):
                against = True  # `Level::from_usize(...)` is Level's, not LevelFilter's
            elif language in ("ruby", "python") and before is not None and before.group(2) == "." and \
                    (named := _named_receiver(index, defs, lines, site, text, before, owner, language, resolve_imports)) \
                    is not None:
                against = named
            elif static and word[:1].islower() and before is not None and before.group(2) != "::" and language != "swift":
                against = True  # `doc.select(q)` is an instance's select, not the static Selector.select(q, root)
            # (a property's read is no evidence by the receiver's name: `response.status` is any Response-like's)
            elif before is not None and _other_type(index, defs, lines, site, text, before, owner,
                                                    ("\0", "\0") if prop else (whole, last), callee, owner_folder,
                                                    owner_cls=owner_cls):
                against = True  # `borderRadius?.x()` with `borderRadius: BorderRadiusStyle?`: not ComputedBorderRadius's
                continue
            if site.receiver:
                break
        # (a chain's type tells nothing about an extension method, which is no member of the type it extends)
        if not site.receiver and not against and resolve_imports is not None and language in CHAIN_LANGUAGES \
                and extends is None:
            how = _chain_verdict(index, defs, bodies, site, lines, call, owner, resolve_imports, owner_cls=owner_cls)
            site.receiver, against = bool(how), how is False
            site.how = how if isinstance(how, str) else site.how
        _settle(site, against, fits, text, callee, language, typed_params)


def cpp_iterated(index: IndexQueries, head: str, r: str,
             element_of: Callable[[str, str], str | None] | None = None) -> str | None:
    """C++: the element type an iterator `r` reaches, `(*it)->processArg(..)`: declared with a container's
    iterator (`std::list<Arg*>::const_iterator it`), a typedef of one (tclap's `ArgListIterator it`, run 573), or
    `auto it = xs.begin()` over a container the body or class declares."""
    w = re.escape(r)
    decl = re.search(rf"((?:[A-Za-z_]\w*::)*[A-Za-z_]\w*(?:<[^;(){{}}]*>)?(?:::(?:const_|reverse_|const_reverse_)?iterator)?)"
                     rf"\s+{w}\s*(?:=|;|\(|\{{)", head)
    written = decl.group(1) if decl is not None else ""
    if written == "auto":
        begun = re.search(rf"\b{w}\s*=\s*(?:this->)?([A-Za-z_]\w*)\s*(?:\.|->)\s*c?r?begin\s*\(", head)
        return element_of(head, begun.group(1)) if begun is not None and element_of is not None else None
    if re.fullmatch(r"[A-Za-z_]\w*", written or "-"):  # a typedef's name: what it names
        named = [s for s in index.symbols_named(written) if s.name == written and s.language in ("c", "cpp")
                 and re.search(r"\b(?:typedef|using)\b", s.signature or "")]
        written = re.sub(r"^\s*typedef\s+|\s*\b\w+\s*;?\s*$", "", named[0].signature or "") if len(named) == 1 else ""
        written = re.sub(r"^\s*using\s+\w+\s*=\s*|;\s*$", "", written)
    m = re.search(r"<\s*(?:const\s+)?(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)\s*[*&]?\s*>\s*::\s*(?:const_|reverse_|const_reverse_)?iterator\b",
                  written)
    return m.group(1) if m is not None and m.group(1) not in _C_NOT_ELEMENT else None


def _element_verdict(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller,
                     before: str, owner: str, language: str | None) -> str | bool | None:
    """A call on an array's element, settled by the element type: in PHP the docblock's, elsewhere the declaration's
    in the enclosing definition (`path[i].to_repr()` in `fn duplicate_key(path: &[Key], ..)`, `gs[0].Gather()` with
    `gs []Gatherer`: tomledit run 589 read the first "by name only"): "receiver type", False for another class,
    None when nothing says."""
    if language == "php":
        got = _php_element_receiver(index, defs, lines, site, before, owner)
        return "receiver type" if got else got
    m = re.search(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*\[[^\[\]]*\]\s*(?:\.|\?\.|->)\s*$", before)
    deref = re.search(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*(?:->|\.)\s*$", before) if language == "cpp" else None
    m = m or deref  # `(*it)->processArg(..)`: the iterator's element (tclap run 573: "by name only")
    enc = enclosing(_symbols_of(index, defs, site.path), site.line) if m is not None else None
    if m is None or enc is None or m.group(1) in SELF_WORDS:
        return None
    head = " ".join([_uncut(index, enc).signature or "", *lines[enc.start_line - 1:site.line]])
    typed = cpp_iterated(index, head, m.group(1)) if deref is not None else element_type(head, m.group(1))
    if typed is None or not _is_type(index, typed):
        return None
    if typed == owner or inherits(index, typed, owner):
        return "receiver type"
    return False if not inherits(index, owner, typed) else None


def _php_element_receiver(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller,
                          before: str, owner: str) -> bool | None:
    """A PHP call on an element of a property, `$this->renderersByClass[$nodeClass]->add(..)`, or of a parameter
    (`$bags[0]->add(..)`): True when the property's or the function's docblock (`@var array<string, PrioritizedList<..>>`, `@var X[]`) gives elements of the method's class
    or a subclass, False when of another known class, None when nothing says (commonmark run 385: the call had been
    PrioritizedList::add's "by name only")."""
    m = re.search(r"(?<![\w$])(\$this\s*->\s*|\$)(\w+)\s*\[[^\[\]]*\]\s*\??->\s*$", before)
    if m is None or m.group(2) == "this":
        return None
    syms = _symbols_of(index, defs, site.path)
    if m.group(1) == "$":  # `$bags[0]->add(..)` with `@param Bag[] $bags` on the enclosing function
        enc = enclosing(syms, site.line)
        typed = _php_doc_type(lines, enc.start_line, "param", m.group(2), element=True) if enc is not None else None
    else:
        typed = _php_property_type(index, syms, lines, site.line, m.group(2), element=True)
    if typed is None:
        return None
    if typed == owner or inherits(index, typed, owner):
        return True
    return False if _is_type(index, typed) and not inherits(index, owner, typed) else None


def _read_elsewhere(const: bool, word: str | None, owner: str, language: str | None) -> bool:
    """A C# const or enum member is read through its own type only: `BindingFlags.Public` is no read of
    `MaybeMethodFlags.Public` (review of stop 50: 26 such "call sites")."""
    return const and language == "csharp" and word is not None and word not in _SELF and word != owner


def _rust_assoc_verdict(index: IndexQueries, lines: list[str], line: int, before: str, owner: str) -> str | bool | None:
    """Rust `Self::Err::from_unparsed(..)` inside `impl FromStr for Value { type Err = parser::TomlError; .. }`: the
    associated type's own type decides (tomledit run 571 read the call as another type's, under 'complete')."""
    m = re.search(r"\bSelf\s*::\s*(\w+)\s*::\s*$", before)
    if m is None:
        return None
    rx = re.compile(rf"\s*type\s+{re.escape(m.group(1))}\s*=\s*([\w:]+)")
    for k in range(line - 1, max(0, line - 400), -1):
        text = lines[k - 1] if k <= len(lines) else ""
        hit = rx.match(text)
        if hit is not None:
            typed = hit.group(1).rsplit("::", 1)[-1]
            return "receiver type" if typed == owner or inherits(index, typed, owner) else False if _is_type(index, typed) else None
        if re.match(r"(?:pub(?:\([\w:]+\))?\s+)?impl\b", text):
            return None  # the impl's head: no such associated type declared above the call
    return None


def _rust_takes_self(sym: Symbol) -> bool:
    """Whether a Rust method's parameters start with a `self` (`&self`, `mut self`, `self: Box<Self>`)."""
    head = sym.signature or ""
    m = re.search(rf"\bfn\s+{re.escape(sym.name)}\s*(?:<[^()]*>)?\s*\(", head)  # (not `pub(crate)`'s parenthesis)
    params = head[m.end():] if m is not None else ""
    return m is None or re.match(r"\s*(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b", params) is not None


def _rust_path_calls_only(index: IndexQueries, sym: Symbol, callee: str, owner: str | None, cache: dict[str, list[str]],
                          left_out: list[Caller] | None, sites: list[Caller]) -> list[Caller]:
    """A Rust associated function without `self` (`TomlParser::parse(b: &[u8])`, `Key::parse(repr: &str)`) is
    called by its path only: `s.parse::<Document>()` and `key.parse::<usize>()` are str's (tomledit run 571 listed
    them as callers, "maybe another type's"). Other definitions' sites are kept as they are."""
    if sym.language != "rust" or sym.kind != "method" or owner is None or _rust_takes_self(sym) \
            or is_macro(sym.kind, sym.signature):
        return sites
    kept: list[Caller] = []
    for c in sites:
        lines = cache.setdefault(c.path, lines_of(index, c.path))
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        method = re.search(rf"\.\s*{re.escape(callee)}\s*(?:::\s*<|\()", text) is not None
        if method and re.search(rf"(?<![\w.]){re.escape(callee)}\s*(?:::\s*<|\()|::\s*{re.escape(callee)}\b", text) is None:
            c.against = True
            if left_out is not None:
                left_out.append(c)
            continue
        kept.append(c)
    return kept


def _rust_module_verdict(index: IndexQueries, head: str, owner_cls: Symbol | None, owner: str) -> bool | None:
    """For a Rust call `module::Type::f(..)` (`head` is the text before `Type::`): True when the module path ends
    with the module the type is defined in (`dfa::` for src/dfa.rs or src/dfa/mod.rs), False when it names the
    module of another type of that name (`pikevm::Fsm` beside dfa's Fsm), None otherwise: no module path (`Type::f`,
    `crate::Type::f`), a re-export or the crate's own name (`mycrate::Type`), an inline module (review of cc59cbf)."""
    m = re.search(r"([A-Za-z_]\w*)\s*::\s*$", head)
    if m is None or owner_cls is None or m.group(1) in ("crate", "self", "super", "Self"):
        return None
    if m.group(1) == rust_module_name(owner_cls.path):
        return True
    others = [t for t in index.symbols_named(owner) if t.name == owner and t.id != owner_cls.id
              and t.language == "rust" and t.kind in _CLASS_KINDS]
    if owner_cls.kind == "impl":  # `impl TomlParser` in parser/document.rs of the struct in parser/mod.rs: the
        # struct's module names it too (`parser::TomlParser::parse(..)`; tomledit run 571 had the call dropped)
        folder = posixpath.dirname(owner_cls.path) + "/"
        own = [t for t in others if t.kind != "impl" and folder.startswith(posixpath.dirname(t.path) + "/")]
        if any(rust_module_name(t.path) == m.group(1) for t in own):
            return True
    return False if any(rust_module_name(t.path) == m.group(1) for t in others) else None


def _site_text(lines: list[str], line: int, callee: str, *, dots: bool = False) -> str:
    """Call line `line`, with the line above joined when the call's receiver ends it."""
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    if re.match(r"\s*\??\.", text) and line > 1 and re.search(r"(?<![\w$.])[A-Za-z_$][\w$]*\s*$", lines[line - 2]):
        # `TypeConverterProviderImpl\n    .obtainTypeConverter(..)`: the receiver ends the line above
        return lines[line - 2].rstrip() + text.strip()
    if re.match(r"\s*\)\s*\??\.", text) and line > 1 and (opened := _call_opened_above(lines, line)) is not None:
        # `return TimestampSigner(\n    key=key, ..\n).unsign_object(` (Django run 294: by name only): the call the
        # closing paren ends, its arguments left out
        return opened + text.strip()
    if re.match(r"\s*->", text) and line > 1 and re.search(r"(?<![\w$)\]])\(\s*new\s+[\\\w]+\s*(?:\([^()]*\))?\s*\)\s*$", lines[line - 2]):
        # PHP `(new UuidFactory())\n    ->fromString(..)`: the object built on the line above (ramsey/uuid run 532)
        return lines[line - 2].rstrip() + text.strip()
    if dots and line > 1 and re.match(rf"\s*{re.escape(callee)}\b", text) and (joined := _trailing_dot_chain(lines, line, 1)):
        return joined + text.strip()  # Go: `b := h.cfg.` then `Config()`, the dot ending the line above (Ruby too)
    return text


def _call_opened_above(lines: list[str], line: int, most: int = 15) -> str | None:
    """The text of the line whose `(` the `)` opening line `line` closes, up to that `(` (`    return
    TimestampSigner(`), at most `most` lines up; None when the parentheses do not balance there."""
    depth = 1  # the `)` the line opens with
    for k in range(line - 1, max(0, line - 1 - most), -1):
        text = lines[k - 1]
        for i in range(len(text) - 1, -1, -1):
            ch = text[i]
            depth += (ch == ")") - (ch == "(")
            if depth == 0:
                return text[: i + 1]
    return None


def _receiver_before(text: str, at: int, language: str | None) -> re.Match[str] | None:
    """The receiver written before a call at `at`; `->` steps only in PHP and C/C++ (a Kotlin `when` arm or a Java
    lambda, `X -> bottomRight`, accesses no member)."""
    before = _RECEIVER.search(text, 0, at)
    return None if before is not None and before.group(2) == "->" and language not in ("php", "c", "cpp") else before


def _member_named(index: IndexQueries, site: Caller, word: str | None) -> bool:
    """C#: whether the capitalised receiver `word` is a field or property of the class around the site (`public Bag
    Items { get; }` ... `Items.Pick("k")`): the member's value, not a class of that name (review of stop 51: the call
    had been taken for the static class Items')."""
    if word is None or not word[:1].isupper() or not site.path.endswith(".cs"):
        return False
    holder = site.symbol or enclosing(index.symbols_in_file(site.path), site.line)
    while holder is not None and holder.kind not in _CLASS_KINDS:
        holder = index.get_symbol(holder.parent_id) if holder.parent_id else None
    return holder is not None and any(s.parent_id == holder.id and s.kind in _FIELD_KINDS for s in index.symbols_named(word)
                                      if s.name == word)


def _early_verdict(index: IndexQueries, text: str, start: int, word: str | None, owner: str, owner_cls: Symbol | None,
                   path: str, cache: dict[str, list[str]]) -> str | bool | None:
    """A call's receiver settled before anything else: cast to a type (`dp.asInstanceOf[DefaultPromise[S]].
    linkRootOf(p)`, `((Head) h).truncate()`): "receiver type" for the method's class or a subtype, False for another
    type, "skip" for a type the index does not know; a C# class name (`Runtime.Initialize(..)`): "receiver" when it
    names the method's class there, False when another class of that name. None: nothing settled."""
    cast = CAST.search(text, 0, start)
    if cast is not None:
        typed = (cast.group(1) or cast.group(2) or cast.group(3)).rsplit(".", 1)[-1]
        if typed == owner or inherits(index, typed, owner):
            return "receiver type"
        return False if _is_type(index, typed) and not inherits(index, owner, typed) else "skip"
    language = {".java": "java", ".cs": "csharp", ".php": "php"}.get(path[path.rfind("."):])
    built = built_receiver(text[:start], language) if language else None
    if built is not None and language == "php" and not _is_type(index, built):
        built = None  # (`use App\Response as Reply` then `(new Reply())->send()`: the alias is no class to judge by)
    if built is not None:  # `new Base64().decode(x)`: Base64's decode, never Hex's (Commons Codec run 525)
        return "receiver type" if built == owner or inherits(index, built, owner) else False
    if word is None and path.endswith(_CPP_SUFFIXES) and (q := _CPP_TEMPLATE_QUALIFIER.search(text, 0, start)) \
            and q.group(1) != owner and _is_type(index, q.group(1)):
        if not inherits(index, q.group(1), owner):
            return False  # `dist_sink<Mutex>::sink_it_(msg)`: dist_sink's, not logger's (spdlog run 345)
        called = re.match(r"\s*(\w+)", text[start:])
        if called and any(m.name == called.group(1) and m.kind in ("method", "function")
                          and (p := index.get_symbol(m.parent_id) if m.parent_id else None) is not None
                          and p.name == q.group(1) for m in index.symbols_named(called.group(1))):
            return False  # a qualified call binds to the class it names, which defines it itself: never a base's
            # (review of stop 51: dup_filter_sink's `dist_sink<Mutex>::sink_it_(..)` read as base_sink's pure virtual)
    if path.endswith(".go") and (conv := _GO_CONVERSION.search(text, 0, start)) is not None:
        # `Arguments(expected).Diff(actual)`, `(*Head)(p).truncate()`: a conversion's value has the type it names
        # (a type of the file's own package, where no function has that name: `Labels(m).Count()` calling a
        # function Labels is no conversion, whatever another package's `type Labels` is)
        typed = conv.group(1) or conv.group(2)
        folder = path.rpartition("/")[0]
        here = [s for s in index.symbols_named(typed) if s.name == typed and s.language == "go"
                and s.path.rpartition("/")[0] == folder and s.parent_id is None]
        if here and all(s.kind in _CLASS_KINDS for s in here):
            return "receiver type" if typed == owner or inherits(index, typed, owner) else False
    if path.endswith(".go") and (asserted := _GO_ASSERTION.search(text, 0, start)) is not None:
        # `globalMetrics.Load().(*Metrics).UpdateFilterAndLabels(..)`: a type assertion's value has the type it
        # names (gometrics run 575: "by name only, the receiver's type unknown")
        typed = asserted.group(1).rsplit(".", 1)[-1]
        if _is_type(index, typed):
            return "receiver type" if typed == owner or inherits(index, typed, owner) else False
    if word == owner and path.endswith(".rs") and (head := re.search(rf"{re.escape(word)}\s*::\s*$", text[:start])):
        # `dfa::Fsm::forward(..)`: the module names which Fsm (regex run 268: its three calls were "by name only")
        by_path = _rust_module_verdict(index, text[: head.start()], owner_cls, owner)
        if by_path is not None:
            return "receiver type" if by_path else False
    if word == owner and owner_cls is not None and owner_cls.language == "csharp":
        meant = _cs_class_meant(index, path, owner_cls, cache)
        return None if meant is None else "receiver" if meant else False
    if word in _JVM_ITERATORS and path.endswith((".java", ".kt", ".scala")) \
            and re.search(rf"(?<![\w$]){word}\s*\(\s*\)\s*\.\s*$", text[:start]) is not None \
            and not any(m.name == word and owner in (m.signature or "") for m in index.symbols_named(word)) \
            and not any(inherits(index, owner, b) for b in ("Iterator", "ListIterator", "PrimitiveIterator")):
        return False  # `options.iterator().next()`: java.util.Iterator's (jopt-simple run 487: 17 such "maybe" callers)
    if word is not None and word != owner and word[:1].isupper() and path.endswith(".swift") \
            and text.startswith("init", start) and not inherits(index, word, owner):
        return False  # `Type.init()` (a generic parameter's, another type's) is no call of this init
    if word is not None and word != owner and word[:1].isupper() and path.endswith(_CLASS_CALLED) \
            and re.search(rf"(?<![\w$.]){re.escape(word)}\s*\.\s*$", text[:start]) is not None:
        if _is_type(index, word) and not inherits(index, word, owner) and not inherits(index, owner, word):
            return False  # `Runtime.Initialize(..)`, `ClassManager.Reset()`: another class's static method
        if path.endswith((".cs", ".java")) and _declares_fitting(index, word, owner, text, start):
            return False  # `Bus.Open(a)` with Bus's own `static new Bus Open(string)`: Bus's, not Connection's
        if path.endswith((".kt", ".scala")) and _singleton(index, word) and inherits(index, word, owner):
            return "receiver type"  # `TypeConverterProviderImpl.obtainTypeConverter(..)`: an object implementing it
        if path.endswith((".java", ".kt", ".scala")) and not _is_type(index, word) \
                and _jvm_import(_file_lines(getattr(index, "ws", None), path, cache), word) is not None:
            return False  # `Log.i(TAG, msg)` with `import android.util.Log;`: the library class's, not LOG.i
        if path.endswith(".cs") and word in _DOTNET_NAMES and not _is_type(index, word):
            return False  # `Int32.Parse(..)`, `DateTime.Parse(..)`: the .NET type's (hyena run 565 read them as
            # callers of Parser.Parse by name only)
    return None


#: the .NET base class library's common types: a call written on one (`Int32.Parse`) is that type's static method
_DOTNET_NAMES = frozenset(n for names in DOTNET_TYPES.values() for n in names)


def _declares_fitting(index: IndexQueries, word: str, owner: str, text: str, start: int) -> bool:
    """C#/Java: whether the class `word` (not `owner`) declares the method called at `start` with a parameter list
    the arguments fit, itself or in a class between it and `owner`: `Word.name(..)` runs Word's own before a base's
    (dbus-sharp run 526: `Bus.Open(address)`, with Bus's `static new Bus Open(string)`, was a caller of
    Connection.Open; and `Connection.Open(..)` is never Bus's)."""
    called = re.match(r"\s*([\w$]+)", text[start:])
    classes = [s for s in index.symbols_named(word) if s.name == word and s.kind in _CLASS_KINDS]
    if called is None or len(classes) != 1:
        return False
    name, cls = called.group(1), classes[0]
    args = call_args(text[start:], name)

    def fits(m: Symbol) -> bool:  # (by count, and no literal argument its parameter cannot take: Sub.of(int) takes no
        # `Sub.of("x")`, which runs Base.of(String); review of stop 58)
        return m.name == name and m.kind == "method" and (args is None or (
            takes_call(m.signature or "", name, args, m.language)
            and not any(_literal_misfit(a, p) for a, p in zip(args, _checkable(index, param_types(m.signature or "")) or [],
                                                               strict=False))))
    if any(m.parent_id == cls.id and fits(m) for m in index.symbols_in_file(cls.path)):
        return True
    got = _inherited_member(index, cls, name, index.symbols_in_file)
    holder = index.get_symbol(got.parent_id) if got is not None and got.parent_id is not None else None
    return got is not None and fits(got) and holder is not None and holder.name != owner and inherits(index, holder.name, owner)


#: JDK methods handing back an iterator: a call on what they return is java.util.Iterator's (unless the repository
#: defines one of that name returning the method's class)
_JVM_ITERATORS = frozenset({"iterator", "listIterator", "descendingIterator"})


def _singleton(index: IndexQueries, name: str) -> bool:
    """Whether `name` is a Kotlin or Scala `object` of the repository (its name is a value of its own type)."""
    return any(s.name == name and s.kind in _CLASS_KINDS and s.language in ("kotlin", "scala")
               and re.search(rf"(?<!::)\bobject\s+{re.escape(name)}\b", s.signature or "") for s in index.symbols_named(name))


#: languages whose static methods are called through their class's name (`Runtime.Initialize(initSigs)`)
_CLASS_CALLED = (".java", ".cs", ".kt", ".scala", ".dart", ".swift")
_CLASS_CALLED_LANGS = frozenset({"java", "csharp", "kotlin", "scala", "dart", "swift"})


def _cs_class_meant(index: IndexQueries, path: str, cls: Symbol, cache: dict[str, list[str]]) -> bool | None:
    """C#: whether a class name written in `path` means `cls` (a part of it, for a partial class): True when only its
    namespace is seen there (the file's own namespace or one around it, or a using of it), False when only another
    class of that name is; None when both or neither (the name alone decides nothing)."""
    def seen(other: str) -> bool:
        if other == path or sees_namespace_of(index, path, other, cache):
            return True
        usings = {m.group(1) for t in _file_lines(getattr(index, "ws", None), path, cache)[:400]
                  if (m := re.match(r"\s*(?:global\s+)?using\s+([\w.]+)\s*;", t))}
        return bool(_cs_spaces(index, other, cache) & usings)

    def partial(s: Symbol) -> bool:
        return re.search(r"\bpartial\b", (s.signature or "").split("{")[0]) is not None
    same = [s for s in index.symbols_named(cls.name) if s.name == cls.name and s.kind in _CLASS_KINDS and s.language == "csharp"]
    mine = [s for s in same if s.id == cls.id
            or (partial(cls) and partial(s) and _cs_spaces(index, s.path, cache) & _cs_spaces(index, cls.path, cache))]
    others = [s for s in same if s not in mine]
    if not others or getattr(index, "ws", None) is None:
        return None
    ours, theirs = any(seen(s.path) for s in mine), any(seen(s.path) for s in others)
    return ours if ours != theirs else None


def _another_class(index: IndexQueries, word: str, owner: str, lines: list[str], language: str | None) -> bool:
    """Whether `Word::` names a class whose static member is none of `owner`'s: another class of the repository
    (`Level::from_usize(..)`), or in PHP one from outside it (`\\Closure::bind($code, $this)`, not an alias a `use`
    line makes of a repository class)."""
    if _is_type(index, word):
        return not inherits(index, word, owner)
    return language == "php" and word not in _php_aliases(lines)


def php_uses(lines: list[str]) -> dict[str, str]:
    r"""The classes a PHP file's `use` lines bind, by the name the code writes: {short or alias: full name}."""
    out: dict[str, str] = {}
    for ln in lines[:400]:
        m = re.match(r"\s*use\s+\\?([\w\\]+)(?:\s+as\s+(\w+))?\s*;", ln)
        if m is not None:
            out[m.group(2) or m.group(1).rsplit("\\", 1)[-1]] = m.group(1)
    return out


def php_unaliased(index: IndexQueries, path: str, typed: str) -> str:
    r"""A class name as a PHP file writes it, as the class is named: `IntegerObject` under `use Ramsey\Uuid\Type\Integer
    as IntegerObject;` is Integer, in a property's header or a return type (ramsey/uuid run 505: `getSeconds():
    IntegerObject` typed no chained call)."""
    full = php_uses(lines_of(index, path)).get(typed)
    return full.rsplit("\\", 1)[-1] if full is not None else typed


def php_outside_class(index: IndexQueries, lines: list[str], name: str) -> str | None:
    r"""The full name of a class a PHP file imports from outside the repository (`Processor` with `use
    Nette\Schema\Processor;`), None for a repository class or a name no `use` binds."""
    full = php_uses(lines).get(name)
    if full is None or any(d.name == full.rsplit("\\", 1)[-1] and d.language == "php" and d.kind in _CLASS_KINDS
                           and php_file_namespace(index, d.path) == full.rpartition("\\")[0]
                           for d in index.symbols_named(full.rsplit("\\", 1)[-1])):
        return None
    return full


def _php_namesake_imports(index: IndexQueries, sites: list[Caller], owner: str, sym: Symbol) -> None:
    r"""PHP: a call on a value typed `owner` in a file whose `use` line binds that class name to another namespace
    than the method's class (`use Dflydev\DotAccessData\Data;` beside the repository's App\Util\Data) is never this
    method's (review of stop 55: `$this->data->get()` on such a `private Data $data` was a caller)."""
    if sym.language != "php" or not owner:
        return
    space = php_file_namespace(index, sym.path)
    for c in sites:
        lines = lines_of(index, c.path)
        if not c.receiver and php_uses(lines).get(owner) is not None and _php_receiver_type(index, c, lines, sym.name) == owner:
            c.receiver = True  # (a local built `new Data(..)` of the vendor class: judged below like a declared one)
        full = php_uses(lines).get(owner) if c.receiver else None
        # (only a receiver declared with that name: `$this->get()` in a subclass of the repository class, in a file
        # that also imports the vendor one, is the repository method's; review of stop 56)
        if full is not None and full.rpartition("\\")[0] != space and _php_receiver_type(index, c, lines, sym.name) == owner:
            c.against, c.receiver = True, False


def _php_receiver_type(index: IndexQueries, c: Caller, lines: list[str], callee: str) -> str | None:
    """The class name a PHP call's receiver is declared with as written (`$this->data->get(..)` with `private Data
    $data`, `$d->get(..)` with `Data $d`), None when nothing declares it."""
    text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
    m = re.search(rf"\$(?:this->(\w+)|(\w+))\s*->\s*{re.escape(callee)}\s*\(", text)
    if m is None:
        return None
    syms = index.symbols_in_file(c.path)
    if m.group(1):
        typed = _php_property_type(index, syms, lines, c.line, m.group(1))
    else:
        enc = enclosing(syms, c.line)
        typed = declared_type(enc.signature or "", "$" + m.group(2)) if enc is not None and m.group(2) != "this" else None
        if typed is None and enc is not None:  # `$data = new Data([]);` above it (review of stop 56)
            built = [b.group(1) for t in lines[enc.start_line - 1: c.line - 1]
                     if (b := re.search(rf"\${re.escape(m.group(2))}\s*=\s*new\s+\\?([\w\\]+)", t))]
            typed = built[-1] if built else None
    return typed.lstrip("?\\").rsplit("\\", 1)[-1] if typed else None


def _php_type_namespace(index: IndexQueries, sym: Symbol, typed: str) -> str | None:
    r"""The namespace a class name written in a PHP definition's file is in, when a `use` line binds the name (`use
    Dflydev\DotAccessData\Data;` gives Dflydev\DotAccessData for `Data`), None when no `use` says."""
    full = php_uses(lines_of(index, sym.path)).get(typed)
    return full.rpartition("\\")[0] if full is not None else None


def php_file_namespace(index: IndexQueries, path: str) -> str:
    """The namespace a PHP file declares (`namespace App\\Support;`), "" for none."""
    for text in lines_of(index, path)[:60]:
        m = re.match(r"\s*namespace\s+([\w\\]+)\s*[;{]", text)
        if m:
            return m.group(1).strip("\\")
    return ""


def _php_aliases(lines: list[str]) -> set[str]:
    """The names a PHP file's `use` lines bind by `as` (`use X as Y;`, `use A\\{B as C};`, `use X as Y, Z as W;`)."""
    out: set[str] = set()
    for ln in lines[:300]:
        if re.match(r"\s*use\s", ln):
            out.update(re.findall(r"\bas\s+(\w+)", ln))
    return out


def _settle(site: Caller, against: bool, fits: tuple[int, int | None] | None, text: str, callee: str,
            language: str | None, typed_params: list[str] | None = None) -> None:
    """The verdict on one call site of a method once its receiver was looked at (`typed_params`: the method's
    parameter types, where a literal argument of another type rules the call out)."""
    if typed_params and not against and _literal_args_misfit(text, callee, typed_params):
        site.receiver, site.against = False, True
        return
    # a method is called through its receiver: a file that imports the class (or is its own file) proves
    # nothing about `x.get(...)` on another object
    if site.receiver:
        if site.how == "name only":
            site.how = "receiver"
        # a call on a base type reaches this override only with arguments it takes: `viewManager.
        # createShadowNodeInstance(ctx)` is no call of SimpleViewManager's createShadowNodeInstance()
        # (Java only: a Kotlin override inherits its base's default arguments, `draw(1)` reaches `draw(a, b)`)
        if site.how == "base type" and language == "java" and fits is not None and _misfit(fits, text, callee, language):
            site.receiver, site.against = False, True
    else:
        site.how = "name only"
        # `b.result()` is no call of `result(atMost: Duration)`: the arguments cannot fit its parameters
        site.against = against or (fits is not None and _misfit(fits, text, callee, language))


def _chain_verdict(index: IndexQueries, defs: dict[str, list[Symbol]], bodies: dict[int, _Body], site: Caller,
                   lines: list[str], call: re.Pattern[str], owner: str,
                   resolve_imports: Callable[[str], dict[str, list[str]]], *,
                   owner_cls: Symbol | None = None) -> str | bool | None:
    """A call on a chain of reads (`PrototypeFactory.prototypeFactory(input).create()`, `opts.registry.register(c)`,
    Rust `super::DrainGuard::new(self.heap)` with `.par_drain(..)` on the next line) typed one step at a time, as
    callees are: "receiver type" when the chain gives the method's class or a subtype, "base type" for a supertype
    (it may dispatch here), False for another type, None when a step is unknown."""
    syms = _symbols_of(index, defs, site.path)
    enc = enclosing(syms, site.line)
    if enc is None:
        return None
    text = lines[site.line - 1] if 0 < site.line <= len(lines) else ""
    for m in call.finditer(text):
        line, at = text, m.start()
        joined = continued_chain(lines, site.line, text, at, enc.start_line, dots=enc.language in TRAILING_DOT_CHAINS)
        above = joined is not None
        if joined is not None:  # a call continuing the line above, or a fluent chain begun some lines above
            line, at = joined
        parts = receiver_chain(line, at, most=6, php=enc.language == "php", arrow=enc.language == "cpp",
                               rust=enc.language == "rust")
        if not parts and enc.language == "rust":  # a builder's long chain (`ParserBuilder::new().octal(..)` and 8 more)
            parts = receiver_chain(line, at, most=12, rust=True)
            parts = parts if parts and _external_head(index, enc, lines, parts) else []
        if enc.language == "kotlin":  # `ObjectDefinitionBuilder().also(block).buildObject()`: also/apply hand back x
            parts = [p for i, p in enumerate(parts) if not (i and p in _KOTLIN_IDENTITY)]
        if not parts and enc.language in ("java", "csharp") and (cast := _CAST_CHAIN.search(line[:at])) is not None:
            # `((TextView) node).getTextContainer().clearChildCache()`: the chain starts at the class cast to (rnsvg
            # run 577 read the call "by name only")
            parts = [cast.group(1).rsplit(".", 1)[-1], *(f"{n}()" for n in re.findall(r"([\w$]+)\s*\(\s*\)", cast.group(2)))]
        typed = _rust_built(index, enc, line, at) if enc.language == "rust" and not parts else None
        if enc.language == "rust" and len(parts) == 1 and "::" in parts[0]:  # `Builder::new().name(3)`
            typed = rust_path_type(index, enc, parts[0], tried=re.search(r"\)\s*\?\s*\.\s*$", line[:at]) is not None)
        if typed is None and len(parts) == 1 and parts[0].endswith("()") and enc.language in _BUILT_BARE \
                and _is_type(index, parts[0][:-2]):  # `Foo().bar()`: a class built without `new`
            typed = parts[0][:-2]
        if typed is None and len(parts) == 1 and above:  # `q\n  .notify(..)`: the one name's declared type
            typed = _declared_receiver(index, defs, lines, site, parts[0])
        body = bodies.get(enc.id)
        if body is None and (len(parts) > 1 or (parts and enc.language == "swift")):
            body = bodies[enc.id] = _Body(index, enc, resolve_imports, extra_names=(), bound=(), members=None, paths=None)
        if typed is None and len(parts) == 1 and enc.language == "swift" and body is not None \
                and parts[0][:1].islower() and not body._binds(parts[0]) \
                and _declared_receiver(index, defs, lines, site, parts[0]) is None:
            typed = swift_global_type(index, parts[0])  # `log.info(..)` on expo's `public let log = Logger(..)`
        if typed is None and len(parts) == 1 and parts[0].endswith("()") and parts[0][:1].islower():
            # `get_default_environment().get_distribution(..)`: the type the function returns (its header says it);
            # pip's five callers of BaseEnvironment.get_distribution through it had been name only
            body = body or bodies.setdefault(enc.id, _Body(index, enc, resolve_imports, extra_names=(), bound=(),
                                                           members=None, paths=None))
            named = re.match(r"#?[\w$]+", text[m.start():]) if not above else None
            got = member_of_returned(index, enc, body.own_class, parts[0][:-2], named.group(0), body.syms_of,
                                     body.import_files) if named is not None else None
            holder = index.get_symbol(got[0].parent_id) if got is not None and got[0].parent_id is not None else None
            typed = holder.name if holder is not None else None
        if typed is None and len(parts) < 2:
            continue
        if typed is None and body is not None:
            typed = body._chain_type(parts)
        # (a Rust type keeps the module its path named, `teddy::Builder`: the head's verdict below reads it)
        typed = re.sub(r"<.*", "", typed).rsplit(".", 1)[-1].rpartition("::")[2] if typed else None
        if not typed:
            if _external_head(index, enc, lines, parts):
                return False  # `CookieManager.getInstance().setCookie(..)`: android.webkit's, not the repository's
            continue
        head = re.match(r"\s*((?:[A-Za-z_]\w*\s*::\s*)+)([A-Z]\w*)\s*::", parts[0]) \
            if enc.language == "rust" and parts and typed == owner else None
        if head is not None and head.group(2) == owner and _rust_module_verdict(index, head.group(1), owner_cls, owner) is False:
            return False  # `teddy::Builder::new().build(..)` is no call of nfa::Builder's (aho-corasick run 533)
        if typed == owner or inherits(index, typed, owner):
            return "receiver type"
        if typed.lower() in _PRIMITIVES and site.path.endswith(_CLASS_CALLED):
            return False  # `this.ToDouble().Equals(other)`: double's Equals
        if inherits(index, owner, typed) or (site.path.endswith(".rs") and _trait_declares(index, typed, site, owner)) \
                or _subclass_implements(index, owner, typed, named.group(0) if (named := re.match(r"\s*([\w$]+)", text[m.start():])) else ""):
            return "base type"
        if _is_type(index, typed):
            return False
        if enc.language == "rust" and re.fullmatch(r"[A-Z][a-z]\w+", typed) and typed not in _WRAPPER_TYPES \
                and not _rust_generic_here(syms, enc, site.line, typed):
            return False  # `self.ro.ac.as_ref().unwrap().find(..)` on `ac: Option<AhoCorasick<u32>>`: a crate's type
            # (no type of the repository has the name: an enum variant `MatchLiteralType::AhoCorasick` is none)
    return None


#: a chain of calls without arguments on a value cast to a class: `((TextView) node).getTextContainer().`
_CAST_CHAIN = re.compile(r"\(\s*\(\s*([\w.]+)(?:<[^<>]*>)?\s*\)\s*[\w$.]+\s*\)\s*\.\s*((?:[\w$]+\s*\(\s*\)\s*\.\s*)+)$")


def _subclass_implements(index: IndexQueries, owner: str, typed: str, callee: str) -> bool:
    """Whether a subclass of `owner` that does not define `callee` itself extends or implements `typed`: a call on a
    `typed` value may then run owner's method (xterm run 579: `this._core.write(..)` with `_core: ITerminal`, which
    CoreBrowserTerminal implements, inheriting CoreTerminal's write, was left out as another type's)."""
    if not typed[:1].isupper() or not owner[:1].isupper():
        return False
    for r in index.references_to(owner, limit=500):
        if r.kind == "call":
            continue
        for sub in index.symbols_in_file(r.path):
            if sub.kind not in _CLASS_KINDS or sub.name in (owner, typed) or owner not in bases_of(sub) \
                    or not inherits(index, sub.name, typed):
                continue
            if not any(m.parent_id == sub.id and m.name == callee for m in index.symbols_in_file(sub.path)):
                return True
    return False


def _rust_generic_here(syms: list[Symbol], enc: Symbol, line: int, name: str) -> bool:
    """Whether `name` is a type parameter of the Rust function around `line` or of an impl block holding it."""
    heads = [enc.signature or ""] + [s.signature or "" for s in syms if s.kind == "impl" and s.start_line <= line <= s.end_line]
    return any(re.search(rf"<[^>]*\b{re.escape(name)}\b", h.split("(", 1)[0] if h is heads[0] else h) for h in heads)


#: Kotlin scope functions that hand back their receiver
_KOTLIN_IDENTITY = frozenset({"also()", "apply()", "takeIf()", "takeUnless()"})
#: Rust methods of Option, Result and the smart pointers that hand back the value they hold (its type is the chain's)
_RUST_IDENTITY = frozenset({"as_ref()", "as_mut()", "unwrap()", "expect()", "clone()", "borrow()", "borrow_mut()",
                            "as_deref()", "as_deref_mut()", "unwrap_or_default()"})
#: languages that build an object by calling its class bare (`Foo()`, no `new`)
_BUILT_BARE = frozenset({"kotlin", "swift", "scala", "dart", "python"})


def _external_head(index: IndexQueries, enc: Symbol, lines: list[str], parts: list[str]) -> bool:
    """Java/Kotlin/Scala/Rust: whether a chain of calls starts at a class the file imports from outside the repository
    (`CookieManager.getInstance()` with `import android.webkit.CookieManager;`, Rust `ParserBuilder::new()` with `use
    regex_syntax::ParserBuilder;`): what it gives is that library's."""
    head = parts[0] if parts else ""
    if enc.language == "rust":  # `ParserBuilder::new()..build()` under `use regex_syntax::ParserBuilder;` (regex run
        # 268: a name-only caller of the crate's own ExecBuilder::build)
        typ = re.match(r"(?:\w+::)*([A-Z]\w*)\s*::\s*\w+", head)
        if typ is None or _is_type(index, typ.group(1)):
            return False
        use = next((u for t in lines[:400] if (u := re.match(rf"\s*(?:pub(?:\([^)]*\))?\s+)?use\s+(\w+)::[^;]*\b"
                                                              rf"{typ.group(1)}\b", t))), None)
        return use is not None and use.group(1) not in ("crate", "self", "super")
    step_m = re.match(r"\w+", parts[1]) if len(parts) > 1 else None
    step = step_m.group(0) if step_m is not None else ""
    # (not `Assertions.assertNotNull(x).m()`, `Objects.requireNonNull(x).m()`: they hand back their argument)
    return enc.language in ("java", "kotlin", "scala") and head[:1].isupper() and re.fullmatch(r"\w+", head) is not None \
        and _IDENTITY.fullmatch(step) is None and _jvm_import(lines, head) is not None and not _is_type(index, head)


#: library calls that return their argument (a null check): what follows is the argument's type's, not the library's
_IDENTITY = re.compile(r"(?:assert|require|check|verify|ensure)(?:Not|Non)Null\w*|nullthrows|castNonNull|checkNotNull|"
                       r"requireNonNull\w*|notNull|assumeNotNull")


#: languages whose calls pass what the first parameter list declares (no trailing-closure argument is hidden from it)
_ARITY_CHECKED = frozenset({"java", "scala", "csharp", "kotlin", "swift"})


def _ts_arity(index: IndexQueries, owner_cls: Symbol | None, signature: str, callee: str) -> tuple[int, int | None] | None:
    """A TypeScript method's (0, most arguments): a call may leave optional (`x?: T`) or defaulted ones out, never
    pass more (a `this: T` parameter is no argument); of overloads, the widest (review of 9a40208: the first
    overload, `on(event)`, had ruled out `o.on("x", h, true)`). MobX run 262: `annotation.make_(adm, key,
    descriptor, source)` in autoannotation.ts was a name-only caller of ObservableObjectAdministration.make_(key,
    annotation)."""
    heads = [signature]
    if owner_cls is not None:
        heads += [m.signature or "" for m in index.symbols_in_file(owner_cls.path)
                  if m.parent_id == owner_cls.id and m.name == callee and m.kind in ("method", "function")]
    most = 0
    for head in heads:
        got = arity(head, callee)
        if got is None or got[1] is None:
            return None
        this = re.search(rf"(?<![\w$]){re.escape(callee)}\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(\s*this\s*:", head)
        most = max(most, got[1] - (1 if this is not None else 0))
    return 0, most


def _in_class_body(index: IndexQueries, defs: dict[str, list[Symbol]], site: Caller) -> bool:
    """Whether a site sits in a class's body outside any method (a DSL block: `on ?{ do .. end` in a parser class)."""
    enc = enclosing(_symbols_of(index, defs, site.path), site.line)
    return enc is not None and enc.kind in _CLASS_KINDS


def _ruby_plain_params(signature: str) -> bool:
    """Whether a Ruby method's parameters are all positional (no `key:`, `&block`, `...`): their count tells a call."""
    m = re.search(r"\(([^()]*)\)", signature.split("\n", 1)[0])
    return m is not None and not re.search(r":|&|\.\.\.", m.group(1))


def _misfit(fits: tuple[int, int | None], text: str, callee: str, language: str | None) -> bool:
    args = call_args(text, callee)
    if args is None and language == "scala" and re.search(rf"\.\s*{re.escape(callee)}(?![\w$])(?!\s*[(\[{{])", text) \
            and not re.search(rf"\b{re.escape(callee)}\s*[(\[{{]", text):
        args = []  # `b.result`: no argument list at all, which a method with required parameters cannot be
    if args is None and language == "ruby" and re.search(
            rf"\.\s*{re.escape(callee)}(?![\w?!])\s*(?:$|[)\],;}}.]|[-+*/<>=|&]\s|\b(?:if|unless|while|until|and|or|then|do|end)\b)", text):
        args = []  # `node.min_size if ..`: no argument at all (mustermann run 479 read it as Parser#min_size(start, stop, node))
    if args is None:
        return False
    if language in ("kotlin", "swift", "scala") and re.search(rf"\b{re.escape(callee)}\s*\([^()]*\)\s*\{{", text):
        return False  # `run(a) { ... }`: the block is the last argument
    return len(args) < fits[0] or (fits[1] is not None and len(args) > fits[1])


_EX_ALIAS = re.compile(r"^\s*(?:alias|(require))\s+([A-Z][\w.]*)(?:\.\{([^}]*)\})?(?:\s*,\s*as:\s*([A-Z]\w*))?")
_EX_IMPORT = re.compile(r"^\s*import\s+([A-Z][\w.]*)")
_EX_DEF = re.compile(r"^\s*(?:def|defp|defmacro|defmacrop|defguard|defguardp|defdelegate)\s+")


def elixir_def_head(text: str, name: str) -> bool:
    """Whether an Elixir line is a clause head of a function `name` (`def task?(module) when ...`): no call of it."""
    return bool(_EX_DEF.match(text)) and re.match(rf"^\s*\w+\s+{re.escape(name)}(?![\w?!])", text) is not None


def elixir_aliases(lines: list[str]) -> tuple[dict[str, str], set[str]]:
    """An Elixir file's aliases (short name -> module: `alias A.B`, `alias A.{B, C}`, `alias A.B, as: X`,
    `require A.B, as: X`) and the modules it imports."""
    aliases: dict[str, str] = {}
    imported: set[str] = set()
    for t in lines:
        m = _EX_ALIAS.match(t)
        if m and not (m.group(1) and not m.group(4)):
            if m.group(3):
                for part in m.group(3).split(","):
                    part = part.strip()
                    if part:
                        aliases[part.split(".")[0]] = f"{m.group(2)}.{part}"
            else:
                aliases[m.group(4) or m.group(2).rsplit(".", 1)[-1]] = m.group(2)
        m = _EX_IMPORT.match(t)
        if m:
            imported.add(m.group(1))
    return aliases, imported


def _elixir_sites(index: IndexQueries, sym: Symbol, sites: list[Caller]) -> None:
    """Mark which call sites of an Elixir function are its calls: `Mod.f(...)` (`Mod` written whole, through an
    `alias`, or `__MODULE__`) and a bare `f(...)` in its own module or in a module that imports it; a bare `f(...)`
    elsewhere is that module's own `f`, and a `def f(...)` head is no call (the Mix A/B run: 17 sites "by name
    only", 7 of them calls)."""
    ws = getattr(index, "ws", None)
    owner = sym.qualname.rsplit(".", 1)[0]
    name = re.escape(sym.name)
    call = re.compile(rf"(?:(?<![\w.])(__MODULE__|[A-Z][\w.]*)\.|(?<![\w.:])){name}[?!]?(?=\s*\(|\s*/\d|\s+[\w:\"'\[{{%@&]|\s*$)")
    files: dict[str, list[str]] = {}
    named: dict[str, tuple[dict[str, str], set[str]]] = {}  # per file: its aliases and imports (read once)
    for site in sites:
        site.receiver, site.against = False, True
        if ws is None:
            continue
        lines = _file_lines(ws, site.path, files)
        text = lines[site.line - 1] if 0 < site.line <= len(lines) else ""
        if elixir_def_head(text, sym.name):
            continue  # a clause head of a function of that name
        mods = [s for s in index.symbols_in_file(site.path) if s.kind in ("module", "impl") and s.start_line <= site.line <= s.end_line]
        here = min(mods, key=lambda s: s.end_line - s.start_line).qualname if mods else None
        if site.path not in named:
            named[site.path] = elixir_aliases(lines)
        aliases, imported = named[site.path]
        for m in call.finditer(text):
            written = m.group(1)
            if written is None:
                if here == owner:
                    site.how, site.receiver, site.against = "same module", True, False
                elif owner in imported:
                    site.how, site.receiver, site.against = "import", True, False
                continue
            head, _, rest = written.partition(".")
            full = here if written == "__MODULE__" else (aliases[head] + ("." + rest if rest else "")) if head in aliases \
                else written
            if full == owner:
                site.how = "alias" if head in aliases else "receiver"
                site.receiver, site.against = True, False
            if site.receiver:
                break


def _declared_local(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, name: str) -> bool:
    """Whether the definition around a site declares a local `name` (`val`/`var`) above it."""
    syms = _symbols_of(index, cache, site.path)
    enc = enclosing(syms, site.line)
    if enc is None or enc.kind not in ("function", "method"):
        return False
    decl = re.compile(rf"\b(?:val|var)\s+{re.escape(name)}\b")
    if any(decl.search(t) for t in lines[max(enc.start_line, 1) - 1 : site.line - 1]):
        return True
    # a parameter of that name (a property's namesake: `jsObject.registerAsyncFunction(..)` in attachToJSObject)
    return declared_type(whole_header(lines, enc.start_line, end=enc.end_line) or enc.signature or "", name) is not None


def _alias_call(index: IndexQueries, defs: dict[str, list[Symbol]], classes: dict[str, list[Symbol]], lines: list[str],
                site: Caller, via: str, owner: str) -> bool | None:
    """A bare call through a local bound off the value `via` (`_bound_alias`): True when the value is an `owner`
    or a subtype (the site is marked "alias"), False when it is declared as another type, None when nothing says."""
    typed = _enclosing_class(index, classes, site.path, site.line) if via in _SELF \
        else _declared_receiver(index, defs, lines, site, via)
    if typed is not None and (typed == owner or inherits(index, typed, owner) or inherits(index, owner, typed)) \
            or (typed is None and via not in _SELF and _typed_receiver(index, defs, lines, site, via, owner)):
        site.receiver, site.how, site.receiver_name = True, "alias", via
        return True
    return False if typed is not None and _is_type(index, typed) else None


def _bound_alias(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, callee: str) -> str | None:
    """The value a local named like the method is bound off in the definition around a bare call: `render_str =
    console.render_str` (rich's Columns) gives `console`, `send = self.send` gives `self`; None when there is none."""
    syms = _symbols_of(index, cache, site.path)
    enc = enclosing(syms, site.line)
    if enc is None:
        return None
    c = re.escape(callee)
    rx = re.compile(rf"^\s*(?:const\s+|let\s+|var\s+|val\s+|final\s+|auto\s+)?{c}\s*(?::[^=]*)?:?=\s*"
                    rf"(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*(?:\.|->|::)\s*{c}\s*;?\s*(?:#.*|//.*)?$")
    # JS/TS destructuring: `const { load } = api;`
    destructured = re.compile(rf"^\s*(?:const|let|var)\s*\{{[^}}]*(?<![\w$:]){c}(?![\w$])[^}}]*\}}\s*=\s*"
                              rf"(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*;?\s*$")
    for text in lines[max(enc.start_line, site.line - 200) - 1: site.line - 1]:
        m = rx.match(text) or destructured.match(text)
        if m:
            return m.group(1)
    return None


def _lua_alias(lines: list[str], line: int, callee: str) -> bool:
    """Whether a Lua file binds a local to a module's function before `line`: `local exists, isdir = path.exists,
    path.isdir` makes `isdir(p)` a call of path.isdir."""
    alias = re.compile(rf"^\s*local\s[^=]*\b{re.escape(callee)}\b[^=]*=.*\b[\w.]+\.{re.escape(callee)}\b")
    return any(alias.match(text) for text in lines[: max(0, line - 1)])


def _php_then(index: IndexQueries, syms: list[Symbol], line: int, text: str, at: int, typed: str | None) -> str | None:
    """PHP: what a chain of calls returns, `typed` being what its first call (whose `(` ends at `at`) returns and each
    `->n(..)` after it what n's header says on the class before (review of stop 57: `$x = $this->prop->m()->n();` had
    been typed as m's return, so `$x->k()` went to another class's k)."""
    step = re.compile(r"\s*\??->\s*(\w+)\s*\(")
    while typed is not None:
        depth, i = 1, at
        while i < len(text) and depth:
            depth += (text[i] == "(") - (text[i] == ")")
            i += 1
        m = step.match(text, i) if depth == 0 else None
        if m is None:
            return typed if depth == 0 else None
        typed, at = _php_returned(index, syms, line, m.group(1), typed), m.end()
    return None


def _php_returned(index: IndexQueries, syms: list[Symbol], line: int, method: str, cls_name: str | None = None) -> str | None:
    """PHP: the class a call of `method` returns, as its header says: `$this->method()` at `line` (the class around
    it), or `Cls::method()` with `cls_name` (`: parent` is the base of the class defining it, `: static`/`: self`
    that class, or for `Cls::` the class named)."""
    if cls_name is None:
        around = [s for s in syms if s.kind in _CLASS_KINDS and s.start_line <= line <= s.end_line]
        cls = min(around, key=lambda s: s.end_line - s.start_line) if around else None
    else:
        named = [s for s in index.symbols_named(cls_name) if s.name == cls_name and s.kind in _CLASS_KINDS
                 and s.language == "php"]
        cls = named[0] if len(named) == 1 else None
    if cls is None:
        return None
    made = next((s for s in index.symbols_in_file(cls.path) if s.name == method and s.parent_id == cls.id and usable(s)), None) \
        or _inherited_member(index, cls, method, index.symbols_in_file)
    if made is None:
        return None
    typed = return_type(_uncut(index, made).signature or "", "php") or _php_doc_return(index, made)
    if typed in ("Self", "parent"):
        holder = index.get_symbol(made.parent_id) if made.parent_id is not None else None
        if typed == "Self":
            return cls.name if cls_name is not None else holder.name if holder is not None else None
        bases = bases_of(holder) if holder is not None else []
        return bases[0].rsplit("\\", 1)[-1] if bases else None
    return php_unaliased(index, made.path, typed) if typed is not None else None


def _other_type(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, text: str,
                before: re.Match[str], owner: str, named: tuple[str, str], callee: str | None = None,
                owner_folder: str | None = None, *, owner_cls: Symbol | None = None) -> bool:
    """A call on a named value (`h.truncateMemory(`): True when the value is declared with another type; else
    `site.receiver` says whether it is the method's (declared with its class, or named like it: `named` is the
    class's name and last word, lowercase)."""
    word = before.group(1)
    prefix = text[: before.start()].rstrip()
    # the receiver as written, a field read off another value whole (json-iterator run 303: `adapter.iter.ReadVal(..)`
    # was said "receiver iter: Iterator" with the locals named iter)
    held = re.search(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*\.$", prefix)
    site.receiver_name = f"{held.group(1)}.{word}" if held is not None and held.group(1) not in _SELF else word
    plain = not prefix.endswith(".")
    caught = _php_caught(index, defs, lines, site, text[: before.start()], word, owner)
    other, typed = (False, caught) if caught else _value_typed(index, defs, lines, site, prefix, word, owner, plain,
                                                                  owner_folder)
    if other:
        return True
    typed = typed or _own_call_returned(index, defs, site, before, prefix, word)
    if typed is None and re.search(r"(?<![\w$])self\.$", text[: before.start()].rstrip()):
        typed = _python_self_attribute(index, defs, lines, site, word)  # `self.console.pop_theme()`
    if typed is None and text[: before.start()].rstrip().endswith((".", "?.")):
        typed = _member_type(index, word)  # `composite.borderRadius?.x()`
        if typed is None and site.path.endswith(".rb"):  # `zf.file.open(..)`: `def file; @zip_fs_file; end`, a
            typed = _ruby_reader_type(index, word)  # ZipFsFile (rubyzip run 547 read it as a call of Zip::File.open)
    other_module, typed = _rust_path_typed(index, defs, lines, site, _alias_target(index, defs, site, typed), owner,
                                           owner_cls)
    if other_module:
        return True
    if typed is not None and site.path.endswith(_CPP_SUFFIXES) and ("<" in typed or "::" in typed or not _is_class(index, typed)):
        typed = cpp_type(index, typed)  # `worker_ptr` of type `async_logger_ptr`, a shared_ptr<async_logger>
    if typed is not None and typed != owner and (_foreign_namesake(index, site.path, lines, typed, owner)
                                                 or _library_typed(index, site.path, typed, owner, word)):
        # `cookieManager.setCookie(..)` on an android.webkit.CookieManager, not the java.net one the class extends;
        # `this.plugins.put(..)` on a Map, the library type's method, not CapacitorCookieManager.put
        return True
    verdict = _rust_receiver(index, site, typed, owner, callee)
    if verdict is not None:
        return verdict
    if typed is not None and typed != owner and _outside_class_value(index, defs, lines, site, typed, owner):
        return True
    if typed is not None and typed != owner and _is_type(index, typed) and not inherits(index, typed, owner):
        if inherits(index, owner, typed) or (site.path.endswith(".rs") and _trait_declares(index, typed, site, owner)) \
                or _subclass_implements(index, owner, typed, callee or ""):
            # `awaitable.ready(...)` with `awaitable: Awaitable[T]`, Rust `folder.consume_iter(..)` with `F: Folder`
            # and an `impl Folder for ListVecFolder`: it may dispatch here (said with the declared
            # type: a deeper callers walk lists such a site; Scala run 363's dropped Await.result's `awaitable.result`)
            site.receiver, site.how = True, "base type"
            site.receiver_name = _receiver_with_type(site.receiver_name, word, typed)
            return False
        if _annotated_as(index, owner, typed):
            # `handler.parse(opts)` with handler a ContentTypeHandler and `const jsonContentTypeHandler:
            # ContentTypeHandler = {...}`: the call may run this object's method
            site.receiver, site.how = True, "base type"
            return False
        return not (site.path.endswith(".go") and _go_receiver(index, defs, site, word, typed, owner, callee, owner_folder))
    if typed is None and word != owner and word not in _SELF and not prefix.endswith(".") and site.path.endswith(_JS_EXTS):
        called = re.match(r"\s*([\w$]+)", text[before.end():])
        if called and _object_member(index, defs, word, called.group(1)):
            return True  # `jsonHandler.parse(x)`: the method of another object literal of that name, not `owner`'s
    if typed is not None and typed not in (owner, word) and inherits(index, owner, typed):
        # `iterator.remove()` with `Iterator<E> iterator`: EntryIterator is an Iterator, so it may dispatch here
        site.receiver, site.how = True, "base type"
        site.receiver_name = _receiver_with_type(site.receiver_name, word, typed)
        return False
    norm = word.lstrip("_$#").lower().replace("_", "")
    # a name like the class's counts when nothing declares the value's type otherwise (nor an assignment from another
    # class: `lalr_parser = Lark.open(..)` then `lalr_parser.parse(..)` is no call of LALR_Parser.parse, lark run 517)
    site.receiver = (norm == named[0] or norm.endswith(named[1])) and (typed is None or typed == word) \
        and not _shared_class_name(index, defs, owner) \
        and not (typed is None and _assigned_from_other_class(index, defs, lines, site, word, owner))
    if site.receiver and norm != named[0] and typed is None and callee:
        # `_config_wrapper_stack.push(..)` ends like _ModelTypeStack, and is ConfigWrapperStack's whole name: a
        # class of that whole name with the method is meant; another ending alike makes the name no evidence
        alike = _classes_with_method(index, defs, callee, owner, named[1])
        site.receiver = not alike
        # (a class nested in another, wtforms' `class Meta:` inside a test form, is no evidence that a value named
        # `meta` holds one: the form's meta merges it with DefaultMeta; wtforms run 553 had every real caller of
        # DefaultMeta.get_translations left out as another type's)
        if any(c == norm and not nested for c, nested in alike):
            return True
    if site.receiver and norm != named[0] and typed is None:
        # `iterator.remove()` names EntryIterator's last word, which is its base Iterator's name too: any iterator's
        # remove as likely (107 such "callers" of a private inner iterator, Commons Collections A/B run 74)
        base = next((w for w in re.findall(r"[A-Z][a-z0-9]+", owner)[-1:] if w.lower() == named[1]), None)
        if base is not None and base != owner and inherits(index, owner, base):
            site.how = "base type"
    # declared with the class or a subtype of it (Scala's `pit: IterableSplitter[T]` calling Signalling.abort)
    if typed is None and site.path.endswith((".js", ".cjs", ".mjs", ".jsx")):
        # a JSDoc `@param {FileReport} report` only ever confirms a caller: nothing checks it, so it never drops one
        # (cli.js's printResults documents `{ESLint}` and is passed a LegacyESLint too)
        enc = enclosing(_symbols_of(index, defs, site.path), site.line)
        doc = jsdoc_type(lines, enc.start_line, "param", word) if enc is not None else None
        if doc is not None and (doc == owner or inherits(index, doc, owner)):
            typed = doc
    # `r.getPrepValue()` with `RangeField r`, and RangeField overrides it: never the base's; Ruby's
    # `dataset.schema_and_table(t)`: Dataset's own method, not Database's namesake
    if _typed_override(index, site.path, typed, owner, word, callee or _called_name(text, before)) \
            or (typed is None and not site.receiver and _ruby_named_other(index, defs, site.path, word, owner, callee)):
        return True
    if typed is not None and (typed == owner or (typed != word and inherits(index, typed, owner))) \
            or (not site.receiver and _typed_receiver(index, defs, lines, site, word, owner)):
        site.receiver, site.how = True, "receiver type"
    return False


def _php_caught(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, before: str,
                word: str, owner: str) -> str | None:
    """PHP: the class the catch clause around a call on `$word` caught it as (caught_type), else None; of a
    multi-catch (`catch (A | B $e)`), `owner` when one of its classes is or extends it (review of stop 58)."""
    if not site.path.endswith(".php") or not word.startswith("$"):
        return None
    enc = enclosing(_symbols_of(index, defs, site.path), site.line)
    caught = caught_type(lines, enc.start_line, site.line, before, word) if enc is not None else None
    if caught and "|" in caught:
        return owner if any(c == owner or inherits(index, c, owner) for c in caught.split("|")) else caught.split("|")[0]
    return caught


def _symbols_of(index: IndexQueries, cache: dict[str, list[Symbol]], path: str) -> list[Symbol]:
    """The definitions of a file, read once per answer (`cache`: path -> its symbols)."""
    syms = cache.get(path)
    if syms is None:
        syms = cache[path] = index.symbols_in_file(path)
    return syms


def rust_path_type(index: IndexQueries, enc: Symbol, written: str, *, tried: bool = False) -> str | None:
    """The type a Rust path call written `a::Type::fn()` (or `Type::fn`) gives (rust_associated)."""
    head, _, fn = written.removesuffix("()").rpartition("::")
    head = re.sub(r"^(?:(?:crate|self|super)::)+", "", head)  # `teddy::Builder`: keep the module it names
    return rust_associated(index, enc, head, fn, tried=tried) if head else None


def rust_associated(index: IndexQueries, enc: Symbol, typed: str, fn: str, *, tried: bool = False) -> str | None:
    """Rust: the type `Type::fn(..)` gives, by the associated function's header (`-> Self` the type itself), or for a
    constructor-like name the repository does not define (`new`, `default`, ...) the type when it is the repository's.
    `tried`: the call is followed by `?`, which gives the Ok (Some) value of a Result (Option) it returns
    (`Compiler::new(self)?.compile(p)`: aho-corasick run 533's callers of Compiler::compile had left it out)."""
    got = member_of_type(index, typed, fn, enc, [], called=True)
    own = typed.rpartition("::")[2]  # (`teddy::Builder`: the type Builder of module teddy)
    if got is None:
        return typed if fn in ("new", "default", "from", "with_capacity") and _is_type(index, own) and not tried else None
    if tried:
        ok = re.search(r"->\s*(?:[\w:]*::)?(?:Result|Option)\s*<\s*&?(?:'\w+\s+)?(?:mut\s+)?(?:[\w:]*::)?(Self|[A-Z]\w*)",
                       got[0].signature or "")
        return (typed if ok.group(1) in ("Self", own) else ok.group(1)) if ok is not None else None
    returned = return_type(got[0].signature or "", "rust")
    return typed if returned in (None, "Self", typed, own) else returned


def _rust_built(index: IndexQueries, enc: Symbol, text: str, at: int) -> str | None:
    """Rust: the type a `Type::new(..)` (or another associated function returning Self or the type) right before a
    `.method(` at `at` builds (`super::DrainGuard::new(self.heap).par_drain(..)`), or None. (A builder's steps
    between, `Command::new("x").arg(a).spawn()`, are a chain receiver_chain reads from its path head.)"""
    head = text[:at].rstrip()
    if not head.endswith("."):
        return None
    head = head[:-1].rstrip()
    tried = head.endswith("?")  # `Compiler::new(self)?.compile(p)`: the Ok value of the Result it returns
    head = head.removesuffix("?").rstrip()
    if not head.endswith(")"):
        return None
    i = opening_paren(head, len(head) - 1)
    m = re.search(r"(?<![\w:])(?:\w+::)*([A-Z]\w*)(?:::<[^<>]*>)?::([a-z_]\w*)\s*$", head[:max(i, 0)])
    if i < 0 or m is None:
        return None
    return rust_associated(index, enc, m.group(1), m.group(2), tried=tried)


def _property_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller], seen: set[tuple[str, int]],
                    left_out: list[Caller] | None) -> list[Caller]:
    """A Kotlin/Java property's reads: with its bare reads in its own class (Kotlin), and for a private one only
    those of its own file (`private val name` of ViewEvent: `module.name` elsewhere is another type's)."""
    if sym.language == "kotlin":
        sites = sites + _own_class_reads(index, sym, callee, seen)
    if re.search(r"\bprivate\b", (sym.signature or "").split("=")[0]):
        if left_out is not None:
            left_out += [dataclasses.replace(c, against=True) for c in sites
                         if c.path != sym.path and not (sym.language == "java" and c.path.endswith(".kt"))]
        # (Kotlin reads a Java private field's getter as a property: `params.appScopeKey` is getAppScopeKey())
        sites = [c for c in sites if c.path == sym.path or (sym.language == "java" and c.path.endswith(".kt"))]
    return sites


def _own_class_reads(index: IndexQueries, sym: Symbol, name: str, seen: set[tuple[str, int]]) -> list[Caller]:
    """A Kotlin property read bare inside its own class (`if (wasInitialized) jsObject else null` in ModuleHolder's
    safeJSObject): the index records no reference for a bare name, so the class's lines are read for it; a line
    where a parameter or local of the name shadows it is left."""
    cls = index.get_symbol(sym.parent_id) if sym.parent_id is not None else None
    ws = getattr(index, "ws", None)
    if cls is None or ws is None or cls.end_line - cls.start_line > 3000:
        return []
    files: dict[str, list[str]] = {}
    lines = _file_lines(ws, cls.path, files)
    bare = re.compile(rf"(?<![\w$.`]){re.escape(name)}(?![\w$`(])(?!\s*[:=](?!=))")
    cache: dict[str, list[Symbol]] = {}
    out: list[Caller] = []
    for n in range(cls.start_line, min(cls.end_line, len(lines)) + 1):
        if sym.start_line <= n <= sym.end_line or (cls.path, n) in seen:
            continue
        text = re.sub(r"//.*|\"(?:[^\"\\]|\\.)*\"", "", lines[n - 1])
        if not bare.search(text) or re.search(rf"\b(?:val|var|fun)\s+{re.escape(name)}\b", text):
            continue
        site = Caller(None, cls.path, n, "same file", receiver=True)
        if not _declared_local(index, cache, lines, site, name):
            seen.add((cls.path, n))
            out.append(site)
    return out


#: languages whose member reads the index records (`x.prop`: kind "member"), so a property's readers are checked
PROPERTY_READ = frozenset({"kotlin", "java", "csharp"})


_SWIFT_INIT_HEAD = re.compile(r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|internal|private|fileprivate|package|open|"
                              r"convenience|required|override|nonisolated|final)\s+)*$")


def continued_chain(lines: list[str], line: int, text: str, at: int, start: int, *,
                    dots: bool = False) -> tuple[str, int] | None:
    """When the call at offset `at` of line `line` (`text`) opens the line as a step of a chain (`->render()`,
    `.par_drain(..)`): the chain joined onto one line before it, and the call's offset there; else None."""
    if line <= 1:
        return None
    if not text[:at].strip():  # Go's and Ruby's chains put the dot at the end of the line above (`h.cfg.` then
        # `Config()`; only where `dots`, TRAILING_DOT_CHAINS: elsewhere a comment's sentence ends with a dot too,
        # `# with the types that were passed.`, review of 781db65)
        joined = _trailing_dot_chain(lines, line, start) if dots else ""
        return (joined, len(joined)) if joined else None
    if not re.fullmatch(r"\s*(?:\?\.|\.|\??->)\s*", text[:at]):
        return None
    joined = chain_above(lines, line, start) + text[:at].strip()
    return joined, len(joined)


#: languages whose chains may put the dot at the end of a line (`ds.from(:pg_attribute).` then `where(..)`): Go and
#: Ruby (review of 240a361: Sequel's `.get(:attnum)` after such a chain had become another type's call)
TRAILING_DOT_CHAINS = frozenset({"go", "ruby"})


def ends_chain_step(line: str) -> str:
    """`line`'s code (its `//` comment dropped, stripped) when it ends with a chain step's `.` (`b := h.cfg.`), else
    "": not a range's `..`, not a Ruby comment's sentence (`# the record is written.`)."""
    code = line.split("//")[0].strip()
    return code if code.endswith(".") and not code.endswith("..") and not code.startswith("#") else ""


def _trailing_dot_chain(lines: list[str], line: int, start: int, limit: int = 30) -> str:
    """The lines above `line` that each end with a chain's `.` (`b := h.cfg.` then `\tConfig()`), joined, with the
    steps' arguments dropped; "" when the line above ends otherwise."""
    parts: list[str] = []
    n = line - 1
    while n >= max(start, 1, line - limit) and n <= len(lines):
        code = ends_chain_step(lines[n - 1])
        if not code or (parts and not re.match(r"[A-Za-z_]\w*\s*\(", parts[-1])):
            break
        parts.append(code)
        n -= 1
    return _drop_arguments("".join(reversed(parts))) if parts else ""


def chain_above(lines: list[str], line: int, start: int, limit: int = 60) -> str:
    """The chain a line beginning with `.m(` or `->m(` continues, joined onto one line: the line above, and while
    that one begins with a chain step or sits inside a step's arguments, the ones above it (blank lines skipped) up
    to the chain's head (a PHP fluent builder: `$environment` then twenty `->addInlineParser(..)` lines, a blank one,
    `->addRenderer(..)`, arguments over several lines)."""
    parts: list[str] = []
    depth = 0  # parentheses the lines below open-minus-close: above a `))` line the arguments go on
    n = line - 1
    while n >= max(start, 1, line - limit):
        text = lines[n - 1].strip() if n <= len(lines) else ""
        n -= 1
        if not text:
            continue
        depth += text.count(")") - text.count("(")
        step = re.match(r"(?:\?\.|\.|\??->)\s*(\w+)", text)
        if step is not None and text.count("(") == text.count(")") and depth == 0 and parts \
                and re.match(rf"(?:\?\.|\.|\??->)\s*{step.group(1)}\b", parts[-1]):
            continue  # a step repeated (`->addInlineParser(..)` twenty times) returns what it is called on: once
        parts.append(text)
        if step is None and depth <= 0:
            break
    return _drop_arguments("".join(reversed(parts)))


def _drop_arguments(joined: str) -> str:
    """A joined chain with its steps' arguments gone (a chain is read by its names, within a few hundred characters):
    `a.b(x, f(y)).c()` -> `a.b().c()`."""
    while True:
        shorter = re.sub(r"\([^()]*\)", "\x00", joined)
        if shorter == joined:
            return joined.replace("\x00", "()")
        joined = shorter


def _own_line_calls(call: re.Pattern[str], text: str, swift: bool = False) -> list[re.Match[str]]:
    """The calls of a line whose receiver is on it: `query\n  .fetch(x)` continues a chain from the line above,
    which _chain_verdict types (it is no call on `this`: TanStack's `query.fetch` read as QueryObserver.fetch)."""
    # (not a Swift initializer's own head, `convenience init(wrappedValue: Type = Type.init(), ..) {`)
    return [m for m in call.finditer(text) if text[: m.start()].strip() not in (".", "?.", "->", "?->")
            and not (swift and text.startswith("init", m.start()) and _SWIFT_INIT_HEAD.search(text[: m.start()]))]


def _assigned_from_other_class(index: IndexQueries, defs: dict[str, Any], lines: list[str], site: Caller, word: str,
                               owner: str) -> bool:
    """Whether `word` is assigned, in the definitions around the site (the outermost one's start to the site), from
    an expression headed by another class's name (`lalr_parser = Lark.open(..)`, `p = Lark(..)`), one neither the
    method's class nor a subclass of it."""
    syms = _symbols_of(index, defs, site.path)
    outer = enclosing(syms, site.line)
    while outer is not None and outer.parent_id is not None:
        up = index.get_symbol(outer.parent_id)
        if up is None or up.kind not in ("function", "method"):
            break
        outer = up
    if outer is None:
        return False
    rx = re.compile(rf"^\s*(?:(?:const|let|var|val|auto)\s+)?\$?{re.escape(word)}\s*(?::[^=]+)?=\s*(?:new\s+)?"
                    rf"(?:[a-z_]\w*\.)*([A-Z]\w*)\s*[.(]")
    for n in range(outer.start_line, min(site.line, len(lines)) + 1):
        m = rx.match(lines[n - 1])
        if m is not None:
            head = m.group(1)
            return head != owner and not inherits(index, head, owner) and _is_type(index, head)
    return False


def _named_receiver(index: IndexQueries, defs: dict[str, Any], lines: list[str], site: Caller, text: str,
                    before: re.Match[str], owner: str, language: str,
                    resolve_imports: Callable[[str], dict[str, list[str]]] | None) -> bool | None:
    """Ruby/Python `Name.method(..)` on a name that settles it: True (another's method) for a name imported from
    outside the repository (`_CoreUrl.build(..)` with `from pydantic_core import Url as _CoreUrl`) or another class
    (`Conv::Other.convert(x)`, Python's `DecoratorInfos.build(cls)`), False with `site.receiver` set for the class
    or a subclass (`Conv::Html.convert(x)` reaches Base.convert); None when the name says nothing."""
    written = before.group(1)
    word = written.lstrip("_$#")
    if language == "ruby" and word == owner and _ruby_core_constant(index, defs, site, text[: before.start()], owner):
        site.receiver = False  # `::File.open(..)` in module Zip: Ruby's File, not Zip::File (rubyzip run 547)
        return True
    if language == "python" and not text[: before.start()].rstrip().endswith(".") \
            and written in _python_outside_names(index, defs, lines, site.path, resolve_imports):
        site.receiver = False
        return True
    if language == "python" and not text[: before.start()].rstrip().endswith(".") and resolve_imports is not None \
            and _python_module_binding(index, resolve_imports(site.path).get(written) or [], written):
        site.receiver = False  # `utils.get_value(..)` with `from marshmallow import utils`: the module's function,
        return True  # no method (marshmallow run 422 read the tests' calls as Field.get_value's "by name only")
    if word[:1].isupper() and word != owner and _is_type(index, word) and not inherits(index, owner, word):
        named = _called_name(text, before)
        site.receiver = inherits(index, word, owner)
        if site.receiver:
            if language == "python" and _overridden_below(index, site.path, word, owner, named):
                site.receiver = False  # `RangeField().get_prep_value(x)`: RangeField's own, not Field's
                return True
            return False
        # another class settles it only when it has a method of that name itself: a metaclass's method
        # (`Plugin.register(..)` with `class Plugin(metaclass=Registry)`) or a Ruby module's it `extend`s is not
        # known to the index's inheritance, and such a call stays a candidate
        return any(m.name == named and (p := index.get_symbol(m.parent_id)) is not None and p.name == word
                   for m in index.symbols_named(named) if m.parent_id is not None) or None
    return None


def _ruby_core_constant(index: IndexQueries, defs: dict[str, Any], site: Caller, prefix: str, owner: str) -> bool:
    """Ruby: whether a receiver written `owner` names a top-level constant of that name (Ruby's own `File`), not the
    repository's class, which is nested in a module (`Zip::File`): written from the root (`::File`), or bare outside
    every module that holds such a class (a sample script's `File.open`). False when the repository has a top-level
    class of the name, or the receiver is written with its namespace (`Zip::File`)."""
    classes = [c for c in index.symbols_named(owner) if c.name == owner and c.language == "ruby" and c.kind in _CLASS_KINDS]
    if not classes or any(c.parent_id is None for c in classes):
        return False
    if re.search(r"(?<![\w:])::\s*$", prefix):
        return True
    if re.search(r"\w\s*::\s*$", prefix):
        return False
    spaces = {p.name for c in classes if c.parent_id is not None and (p := index.get_symbol(c.parent_id)) is not None}
    around = [s for s in _symbols_of(index, defs, site.path) if s.start_line <= site.line <= s.end_line
              and s.kind in _CLASS_KINDS]
    return not any(s.name in spaces or any(part in spaces for part in re.split(r"::|\.", s.qualname)) for s in around)


def _python_module_binding(index: IndexQueries, files: list[str], name: str) -> bool:
    """Whether an import binds `name` to repository modules (`from marshmallow import utils`, `import pkg.utils as
    u`), not to a class or function they define: none of the files defines `name` at top level."""
    # (the module's own file: `utils.py`, `utils/__init__.py`; a package's `__init__.py` passing on a class it
    # imports, `from .helper import Helper`, defines no symbol of the name and is no module of it: review of 0983ee4)
    return bool(files) and all(
        (posixpath.splitext(posixpath.basename(f))[0] == name or f.endswith(f"/{name}/__init__.py")
         or f == f"{name}/__init__.py")
        and not any(s.name == name and s.parent_id is None for s in index.symbols_in_file(f)) for f in files)


def _outside_value(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, word: str) -> bool:
    """A receiver written bare that is no value: a Go package's name, a JavaScript global."""
    if site.path.endswith(".go") and go_imports_package(lines, word) \
            and _declared_receiver(index, defs, lines, site, word) is None:
        return True  # `prometheus.Register(c)`: a package's function, no method (a local `config` shadows `config`)
    # `JSON.parse(body)` is the builtin's, not jsonContentTypeHandler.parse (tRPC A/B run 62)
    return word in JS_GLOBALS and site.path.endswith(_JS_EXTS) \
        and not any(d.name == word for d in index.symbols_named(word)) \
        and _declared_receiver(index, defs, lines, site, word) is None


def _typed_override(index: IndexQueries, path: str, typed: str | None, owner: str, word: str, name: str) -> bool:
    """A value declared with a subclass of `owner` that overrides the method `name` (_overridden_below)."""
    return typed is not None and typed not in (owner, word) and inherits(index, typed, owner) \
        and _overridden_below(index, path, typed, owner, name)


def _called_name(text: str, before: re.Match[str]) -> str:
    """The name called right after a receiver (`x.name(`)."""
    m = re.match(r"\s*([\w$]+)", text[before.end():])
    return m.group(1) if m else ""


_STUB_BODY = re.compile(r"^\s*(?:raise\s+NotImplementedError\b|\.\.\.\s*$|pass\s*$)")
_DOC_QUOTES = ("#", '"""', "'''", 'r"""')


def _concrete_member(index: IndexQueries, owner: str, name: str) -> bool:
    """Whether the class `owner` (one of that name) has a method `name` with code of its own: not an interface's,
    trait's or protocol's, not `abstract` nor a Python stub (`raise NotImplementedError`). A call on a subclass that
    overrides a contract still calls the contract (an ArrayInput's bind is InputInterface::bind's caller)."""
    classes = [s for s in index.symbols_named(owner) if s.name == owner and s.kind in _CLASS_KINDS]
    if len(classes) != 1 or classes[0].kind != "class":
        return False
    member = next((m for m in index.symbols_in_file(classes[0].path)
                   if m.parent_id == classes[0].id and m.name == name and m.kind == "method"), None)
    if member is None or re.search(r"\babstract", member.signature or ""):
        return False
    if member.language == "python":
        lines = lines_of(index, member.path)
        body = [t for t in lines[member.start_line : min(member.end_line, member.start_line + 12)]
                if t.strip() and not t.strip().startswith(_DOC_QUOTES)]
        return not (body and _STUB_BODY.match(body[-1]) and len(body) <= 3)
    return True


def _overridden_below(index: IndexQueries, path: str, typed: str, owner: str, name: str) -> bool:
    """Whether the class `typed`, a subclass of `owner`, has the method `name` from itself or a class between them
    (`RangeField(models.Field)` defines get_prep_value: a call on a RangeField is never Field's). Not Ruby, whose
    class and instance methods share a name (`Conv::Html.convert(x)` is Base's `self.convert`, beside Html's own)."""
    if not name or path.endswith(".rb") or not _concrete_member(index, owner, name):
        return False
    classes = [s for s in index.symbols_in_file(path) if s.name == typed and s.kind in _CLASS_KINDS] or \
        [s for s in index.symbols_named(typed) if s.name == typed and s.kind in _CLASS_KINDS]
    if len(classes) != 1:
        return False
    cls = classes[0]
    if any(s.parent_id == cls.id and s.name == name for s in index.symbols_in_file(cls.path)):
        return True
    got = _inherited_member(index, cls, name, index.symbols_in_file)
    holder = index.get_symbol(got.parent_id) if got is not None and got.parent_id is not None else None
    return holder is not None and holder.name != owner and inherits(index, holder.name, owner)


def _python_outside_names(index: IndexQueries, cache: dict[str, Any], lines: list[str], path: str,
                          resolve_imports: Callable[[str], dict[str, list[str]]] | None) -> set[str]:
    """The names a Python file binds by importing them from outside the repository (`from pydantic_core import Url
    as _CoreUrl`, `import numpy as np`): a call on one is never a repository method's. Read once per file."""
    key = "\0outside:" + path
    if key not in cache:
        inside = resolve_imports(path) if resolve_imports is not None else {}
        if "\0local-modules" not in cache:  # the repository's module and package names, any folder deep: an
            # import the resolver cannot place (a scripts folder, a sys.path tweak) may still be one of them
            cache["\0local-modules"] = [seg.removesuffix(".py") for f in index.files() if f.path.endswith(".py")
                                         for seg in f.path.split("/")]
        local = set(cache["\0local-modules"])
        # (module-level statements only: a docstring's `from pydantic import BaseModel` example is indented; a
        # relative import is the repository's)
        cache[key] = {bound for module, original, bound in python_import_bindings(lines, top_level=True)
                      if not (module or "").startswith(".") and not inside.get(original) and not inside.get(bound)
                      and (module or original).split(".")[0] not in local}
    return set(cache[key])


def python_import_aliases(lines: list[str]) -> dict[str, tuple[str, str]]:
    """The names a Python file's `from m import x as y` statements bind under another name: {y: (m, x)}."""
    return {bound: (module, original) for module, original, bound in python_import_bindings(lines)
            if module is not None and bound != original}


def python_alias_target(index: IndexQueries, imported: dict[str, list[str]], aliases: dict[str, tuple[str, str]],
                        name: str) -> Symbol | None:
    """The repository definition an import alias stands for: the original name at the top of the module the import
    names (`from .items import item as _item_fn`: items.py's item, its implementation among @overload stubs); None
    for a module outside the repository (`from json import loads as json_loads`). `imported`: resolve_imports of
    the file."""
    if name not in aliases:
        return None
    module, original = aliases[name]
    for f in [f for f in imported.get(name) or imported.get(original) or () if python_module_file(f, module)]:
        cands = [s for s in index.symbols_in_file(f) if s.name == original and usable(s) and s.parent_id is None]
        if cands:
            return body_of(cands, index)  # type: ignore[no-any-return]
    return None


def python_module_file(path: str, module: str) -> bool:
    """Whether a repository file is the module a Python import names (`.items` -> .../items.py or items/__init__.py;
    `pkg.sub` -> pkg/sub.py): `from json import loads as json_loads` reaches no repository `loads` (review of stop 55)."""
    mod = module.lstrip(".").replace(".", "/")
    if not mod:
        return module.startswith(".")  # `from . import x`: the package's own
    return path.endswith((f"/{mod}.py", f"/{mod}/__init__.py", f"/{mod}.pyi")) or path in (f"{mod}.py", f"{mod}/__init__.py")


def python_import_bindings(lines: list[str], *, top_level: bool = False) -> list[tuple[str | None, str, str]]:
    """The names a Python file's import statements bind, as (module of a `from` import or None, the name imported
    (a plain import's first segment), the name bound): `import a.b as c`, `from x import (a, b as c)`."""
    out: list[tuple[str | None, str, str]] = []
    indent = "" if top_level else r"[ \t]*"
    # (comments dropped first: `from x import (  # skip (for a)` had ended the list at the comment's `)`)
    text = "\n".join(line.split("#")[0] for line in lines)
    for m in re.finditer(rf"^{indent}(?:from\s+([\w.]+)\s+)?import\s+(\([^)]*\)|[\w., \t]+)", text, re.M):
        for part in m.group(2).strip("()").replace("\n", " ").split(","):
            words = part.split("#")[0].split()
            if not words:
                continue
            original = words[0] if m.group(1) else words[0].split(".")[0]
            out.append((m.group(1), original, words[-1] if len(words) == 3 and words[1] == "as" else original))
    return out


def _classes_with_method(index: IndexQueries, cache: dict[str, list[Symbol]], callee: str, owner: str,
                         last: str) -> list[tuple[str, bool]]:
    """The other classes (lowercase, `_` dropped) that define a method `callee` and whose name ends with the word
    `last` as `owner`'s does, each with whether every such class of the name is nested in another. Asked once per
    answer."""
    key = f"\0alike:{callee}:{owner}"
    if key not in cache:
        names: dict[str, bool] = {}
        for m in index.symbols_named(callee):
            parent = index.get_symbol(m.parent_id) if m.name == callee and m.parent_id is not None else None
            if parent is not None and parent.kind in _CLASS_KINDS and parent.name != owner:
                low = parent.name.lstrip("_$").lower().replace("_", "")
                if low.endswith(last):
                    names[low] = names.get(low, True) and parent.parent_id is not None
        cache[key] = [(n, nested) for n, nested in names.items()]  # type: ignore[misc]  # (the cache holds other rows too)
    got: list[tuple[str, bool]] = cache[key]  # type: ignore[assignment]
    return got


def _library_typed(index: IndexQueries, path: str, typed: str, owner: str, word: str) -> bool:
    """Java/C#/Kotlin/Scala: whether a value declared with a type from outside the repository (`Map<String,
    PluginHandle> plugins`) is none of the method's class: neither that class nor a base or subtype of it (a type
    parameter, `T`, is left alone)."""
    simple = re.sub(r"<.*", "", typed).rsplit(".", 1)[-1]
    return path.endswith((".java", ".cs", ".kt", ".scala")) and simple not in (owner, word) and simple[:1].isupper() \
        and re.fullmatch(r"[A-Z][A-Z0-9]?", simple) is None and not _is_type(index, simple) \
        and not inherits(index, owner, simple) and not inherits(index, simple, owner)


def _foreign_namesake(index: IndexQueries, path: str, lines: list[str], typed: str, owner: str) -> bool:
    """Java/Kotlin/Scala: whether a value's declared type, imported (or written whole) from one package, is another
    type than the base of that simple name the method's class takes from another package (Capacitor's
    `android.webkit.CookieManager cookieManager` is no java.net.CookieManager, which CapacitorCookieManager extends)."""
    if not path.endswith((".java", ".kt", ".scala")):
        return False
    simple = typed.rsplit(".", 1)[-1]
    mine = typed if "." in typed else _jvm_import(lines, simple)
    if mine is None:
        return False
    for cls in index.symbols_named(owner):
        if cls.name == owner and cls.kind in _CLASS_KINDS:
            theirs = _jvm_import(lines_of(index, cls.path), simple)
            if theirs is not None and theirs != mine:
                return True
    return False


def _jvm_import(lines: list[str], simple: str) -> str | None:
    """The qualified name a Java/Kotlin/Scala file imports `simple` as (`import java.net.CookieManager;`)."""
    rx = re.compile(rf"\s*import\s+([\w.]+\.{re.escape(simple)})\s*;?\s*$")
    return next((m.group(1) for t in lines[:300] if t.lstrip().startswith("import") and (m := rx.match(t))), None)


def _ruby_named_other(index: IndexQueries, cache: dict[str, list[Symbol]], path: str, word: str, owner: str,
                      callee: str | None) -> bool:
    """Ruby: whether a receiver word names another class of the repository outright (`dataset` a Dataset,
    `connection_pool` a ConnectionPool) that defines `callee` itself and is neither `owner` nor related to it."""
    cls = "".join(p.capitalize() for p in word.lstrip("@$").split("_") if p)
    if not path.endswith(".rb") or not callee or not cls or cls == owner:
        return False
    key = f"\0ruby-named:{cls}.{callee}"
    if key not in cache:
        own = [m for m in index.symbols_named(callee) if m.name == callee and m.language == "ruby"
               and m.qualname.replace("::", ".").rpartition(".")[0].rpartition(".")[2] == cls]
        cache[key] = own[:1]
    return bool(cache[key]) and not inherits(index, cls, owner) and not inherits(index, owner, cls)


def _shared_class_name(index: IndexQueries, cache: dict[str, list[Symbol]], owner: str) -> bool:
    """Whether several classes bear the name `owner` (rayon's 38 inner `Callback` structs): a value named like it
    (`callback.callback(p)`) then says nothing about which one it is. Asked once per answer."""
    key = "\0classes:" + owner
    if key not in cache:
        found = [s for s in index.symbols_named(owner) if s.name == owner and s.kind in _CLASS_KINDS - {"impl", "module"}]
        # a `.d.ts` a package ships declares its JavaScript classes again (ESLint's `type RuleFixer = ..`): no namesake
        code = [s for s in found if not s.path.endswith(".d.ts")]
        cache[key] = code if code and len(code) < len(found) and all(s.language == "javascript" for s in code) else found
        # a C# partial class spread over files is one class (pythonnet's Runtime in Runtime.cs, Runtime.Delegates.cs)
        parts = [s for s in cache[key] if s.language == "csharp" and re.search(r"\bpartial\b", (s.signature or "").split("{")[0])]
        if len(parts) > 1:
            cache[key] = [s for s in cache[key] if s not in parts[1:]]
        # a Ruby class reopened in several files is one class, and a namesake subclassing one of that name
        # (Sequel's adapters' `class Dataset < Sequel::Dataset`) is one of its kind: `dataset.first` reaches the base
        ruby = {s.qualname.replace("::", "."): s for s in cache[key] if s.language == "ruby"
                and not re.search(rf"<\s*(?:::)?(?:\w+::)*{re.escape(owner)}\b", s.signature or "")}
        if ruby and all(s.language == "ruby" for s in cache[key]):
            cache[key] = list(ruby.values())
    return len(cache[key]) > 1


def _alias_target(index: IndexQueries, cache: dict[str, list[Symbol]], site: Caller, typed: str | None) -> str | None:
    """The type an alias `type E = Either<Vec<i32>, HashSet<i32>>` stands for (the latest one of its file above the
    site, else the repository's only one); any other type as it is."""
    if typed is None:
        return None
    syms = _symbols_of(index, cache, site.path)
    aliases = [s for s in syms if s.name == typed and s.kind == "type" and s.start_line <= site.line]
    if not aliases:
        key = "\0aliases:" + typed  # the repository's aliases of that name, asked once per answer
        if key not in cache:
            named = [s for s in index.symbols_named(typed) if s.name == typed]
            # (not when a struct, class or enum bears the name too: toml_edit's `pub type Table = Map<..>` in easy/
            # beside `pub struct Table`; run 595 read a `table: &mut Table` as a Map and left its calls out)
            cache[key] = [s for s in named if s.kind == "type"] \
                if not any(s.kind in _CLASS_KINDS and s.kind != "type" for s in named) else []
        aliases = cache[key] if len(cache[key]) == 1 else []
    if not aliases:
        return typed
    head = " ".join((max(aliases, key=lambda s: s.start_line).signature or "").split())
    m = re.match(rf"(?:export\s+|pub(?:\([^)]*\))?\s+)?type\s+{re.escape(typed)}\s*(?:<[^=]*>)?\s*=\s*([^;]+)", head)
    target = named_type(m.group(1)) if m else None
    return target if target and target != typed else typed


#: JavaScript's global objects: a method called on one is the builtin's unless the repository defines the name
JS_GLOBALS = frozenset({"JSON", "Math", "Object", "Array", "Promise", "Reflect", "Number", "String", "Date", "Symbol",
                         "BigInt", "Intl", "Atomics", "console", "window", "document", "globalThis", "process", "Buffer",
                         "URL", "Boolean", "RegExp", "Error", "Map", "Set", "WeakMap", "WeakSet", "Proxy", "navigator"})
_JS_EXTS = (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")


def _value_typed(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, prefix: str,
                 word: str, owner: str, plain: bool, owner_folder: str | None = None) -> tuple[bool, str | None]:
    """The declared type of the value a call is made on, and whether that already says it is another type's: a
    value of the standard library (Go's `tcp net.Conn`, `h := sha1.New()`), one from outside the definition, or a
    Go namesake of another package (`r := s.Require()` returning `*require.Assertions`, not assert's)."""
    # `g.g.Gather()`: the field g of the value g (a `g Gatherer` field of the receiver's struct), not the receiver
    typed = _field_of_value(index, defs, lines, site, prefix, word)
    if typed == _STD_TYPED or (plain and _outside_value(index, defs, lines, site, word)):
        return True, None
    if plain and site.path.endswith(".go") and _go_outside_local(index, defs, lines, site, word):
        return True, None
    typed = typed or _declared_receiver(index, defs, lines, site, word, want=owner)
    if typed == owner and plain and owner_folder is not None and site.path.endswith(".go") \
            and _go_other_package(index, defs, lines, site, word, owner, owner_folder):
        return True, None
    return typed == _STD_TYPED, typed


def returned_by(index: IndexQueries, fn: Symbol) -> str | None:
    """The type a function's header says it returns (return_type), None for a Go result of another package from
    outside the repository: `t := v.visit(arg)` returning a reflect.Type is never docgen's Type (expr run 483 had
    `t.Kind()` resolved to that struct's field Kind)."""
    if go_outside_result(index, fn) is not None:
        return None
    return return_type(_uncut(index, fn).signature or "", fn.language)


def go_outside_result(index: IndexQueries, fn: Symbol | None) -> str | None:
    """`reflect.Type` when a Go function's (first) result is a type of a package from outside the repository
    (`func (v *visitor) visit(node ast.Node) reflect.Type`), else None."""
    shape = go_shape(" ".join((fn.signature or "").split())) if fn is not None and fn.language == "go" else None
    m = re.match(r"\s*[*\[\]]*\s*([a-z]\w*)\.([A-Z]\w*)", shape[1][0]) if shape and shape[1] else None
    return f"{m.group(1)}.{m.group(2)}" if m and fn and m.group(1) in _go_outside_packages(index, fn.path) else None


def _go_outside_packages(index: IndexQueries, path: str) -> set[str]:
    """The names a Go file's imports bind to packages from outside the repository: the standard library's and the
    Go project's golang.org/x/ ones (`ipv4` for golang.org/x/net/ipv4); never one under the module's own path (a
    `module myapp` has no dot, so `myapp/store` reads as a standard-library path: review of 4c56277)."""
    own = _go_module_path(index, path)
    out: set[str] = set()
    for imp in index.imports_of(path):
        module = imp.module.strip('"')
        if own and (module == own or module.startswith(own + "/")):
            continue
        if "." not in module.split("/", 1)[0] or module.startswith("golang.org/x/"):
            out |= {n for n in imp.names if n and n not in ("_", ".")} or set(go_import_names(imp.module))
    return out


def _go_module_path(index: IndexQueries, path: str) -> str | None:
    """The module path of the go.mod nearest above a Go file (`myapp`), or None."""
    ws = getattr(index, "ws", None)
    folder = path
    while ws is not None and folder:
        folder = folder.rpartition("/")[0]
        text = repo_text(ws, f"{folder}/go.mod" if folder else "go.mod")
        if text is not None:
            m = re.search(r"^module\s+\"?([^\s\"]+)", text, re.M)
            return m.group(1) if m else None
    return None


def _go_outside_local(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, word: str,
                      depth: int = 0) -> bool:
    """Go: whether the local or parameter `word` a method is called on holds a value of a package from outside the
    repository, by its nearest declaration above the call in a block around it: `var s strings.Builder`, `h
    hash.Hash` among the parameters, `f, err := os.Create(..)`, `h, _, err := hashFromAlgorithm(..)` whose first
    result is a hash.Hash, or `s := hash.New()` on such a local (a method of another package's type returns none of
    this repository's types). miekg/dns run 264: 20 such calls were "matched by name only" among Conn.Write's
    callers. Never a type assertion's value (`pool.Get().(*Conn)`), a generic function's (`cmp.Or(a, b)`), a local
    that shadows a package's name, nor a declaration in a block that closed above the call (review of 4c56277)."""
    enc = enclosing(_symbols_of(index, defs, site.path), site.line)
    if enc is None:
        return False
    outside = _go_outside_packages(index, site.path)
    if not outside:
        return False
    w = re.escape(word)
    typ = r"\*?(\w+)\.[A-Z]\w*\b"
    closed = 0  # blocks closed between the line scanned and the call: a declaration in one is out of scope
    for n in range(site.line - 1 if depth == 0 else site.line, enc.start_line - 1, -1):
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        code = re.sub(r"//.*$", "", re.sub(r'"(?:[^"\\]|\\.)*"|`[^`]*`', '""', text))
        inside = closed > 0
        closed = max(0, closed + code.count("}") - code.count("{"))
        # (only a declaration says: `h = hmac.New(..)` assigns to a `var h hash.Hash` declared above, and an
        # assignment to a repository interface's variable may hold another package's value)
        if inside or not re.search(rf"^\s*(?:(?:if|for|switch)\s+)?(?:var\s+{w}\b|(?:\w+\s*,\s*)*{w}\s*(?:,\s*\w+\s*)*:=)",
                                   text):
            continue
        if re.search(r"\)\s*\.\s*\(", code):
            return False  # `c := pool.Get().(*Conn)`: the type asserted
        m = re.search(rf"\bvar\s+{w}\s+{typ}", text) or re.search(rf"(?<![\w.]){w}\s*:=\s*&?(\w+)\.[A-Z]\w*\s*\{{", text)
        if m is not None:
            return m.group(1) in outside
        m = re.search(rf"((?:\w+\s*,\s*)*){w}\s*(?:,\s*\w+\s*)*:=\s*(?:(\w+)\s*\.\s*)?(\w+)\s*\(", text)
        if m is None:
            return False
        qualifier, fn = m.group(2), m.group(3)
        if qualifier is not None:
            # `f, err := os.Create(..)`; `s := hash.New()` with `var hash crypto.Hash` above; a local named like a
            # package (`path := root` then `path.Child()`) is the local
            if qualifier in outside and qualifier not in _GO_GENERIC_PACKAGES \
                    and not _go_declares(lines, enc.start_line, n, qualifier) \
                    and declared_type(enc.signature or "", qualifier) is None:
                return True
            return depth < 2 and qualifier != word and _go_outside_local(
                index, defs, lines, dataclasses.replace(site, line=n), qualifier, depth + 1)
        position = m.group(1).count(",")
        results = [d for d in index.symbols_named(fn) if d.name == fn and d.kind == "function" and d.language == "go"
                   and d.parent_id is None and d.path.rpartition("/")[0] == site.path.rpartition("/")[0]]
        if len(results) != 1:
            return False
        got = re.search(r"\)\s*\(([^()]*)\)\s*$", (results[0].signature or "").rstrip(" {"))
        types = [t.strip().split()[-1] for t in got.group(1).split(",")] if got else []
        if position < len(types):
            q = re.fullmatch(typ, types[position])
            return q is not None and q.group(1) in _go_outside_packages(index, results[0].path)
        return False
    # a parameter: `func f(h hash.Hash)`, `func f(a, h hash.Hash)`
    m = re.search(rf"[(,]\s*(?:\w+\s*,\s*)*{w}\s*(?:,\s*\w+\s*)*\s+{typ}", (enc.signature or "").split(")", 1)[-1]
                  if (enc.signature or "").startswith("func (") else enc.signature or "")
    return m is not None and m.group(1) in outside


def _go_declares(lines: list[str], start: int, end: int, word: str) -> bool:
    """Whether Go lines start..end-1 declare a local `word` (`path := root`, `a, path := ..`, `var path T`)."""
    rx = re.compile(rf"(?<![\w.]){re.escape(word)}(?:\s*,\s*\w+)*\s*:=|\bvar\s+{re.escape(word)}\b")
    return any(rx.search(lines[k - 1]) for k in range(max(start, 1), min(end, len(lines) + 1)))


#: standard-library Go packages of generic functions and containers: what they return is what they were given
#: (`cmp.Or(a, b)`, `slices.Clone(conns)`, `heap.Pop(h)`), maybe a repository type
_GO_GENERIC_PACKAGES = frozenset({"cmp", "slices", "maps", "heap", "list", "ring", "atomic", "iter", "sync"})


def _field_of_value(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, prefix: str,
                    word: str) -> str | None:
    """The declared type of the field `word` read off a named value (`prefix` ends with `g.`): the value's type from
    where the call sits, then that type's field; None when either is unknown (or the value is self/this)."""
    m = re.search(r"(?<![\w$.])([A-Za-z_$][\w$]*)\s*(?:\.|\?\.|->)$", prefix)
    if m is None or m.group(1) in _SELF:
        return None
    owner = _declared_receiver(index, cache, lines, site, m.group(1), depth=1)
    if owner is None:
        return None
    for f in index.symbols_named(word):
        if f.name != word or f.kind not in _FIELD_KINDS or not (f.qualname == f"{owner}.{word}" or f.qualname.endswith(f".{owner}.{word}")):
            continue
        typed = field_type(f.signature or "", word)
        if typed is not None and f.language == "go" and _go_std_typed(index, f, typed):
            return _STD_TYPED  # `w.tcp.Write(..)` with `tcp net.Conn` (miekg/dns): the net package's Conn
        if typed is not None:
            return typed
    return _go_promoted_field(index, owner, word) if site.path.endswith(".go") else None


def _go_promoted_field(index: IndexQueries, owner: str, word: str) -> str | None:
    """The type of a Go field `word` a struct gets by embedding, up to two levels down: `c.flagGroup` on a
    CmdClause, which embeds cmdMixin, which embeds *flagGroup (kingpin run 274: `c.flagGroup.init(..)` was a
    name-only caller of Application.init)."""
    level = [owner]
    for _ in range(2):
        found: list[str] = []
        for name in level:
            for t in index.symbols_named(name):
                if t.name != name or t.kind != "struct" or t.language != "go":
                    continue
                embedded = go_embedded(lines_of(index, t.path), t.start_line, t.end_line)
                if word in embedded:
                    return word
                for f in index.symbols_in_file(t.path):
                    if f.parent_id == t.id and f.name == word and f.kind in _FIELD_KINDS:
                        return field_type(f.signature or "", word)
                found += embedded
        level = found
    return None


#: what _field_of_value says of a Go field declared with a standard-library type (`tcp net.Conn`)
_STD_TYPED = "\0std"


def _go_std_typed(index: IndexQueries, f: Symbol, typed: str) -> bool:
    """Whether a Go field is declared with the standard library's `typed` (`net.Conn`), by its file's imports."""
    m = re.search(rf"(?<![\w.])(\w+)\.{re.escape(typed)}\b", f.signature or "")
    return m is not None and m.group(1) in go_std_package_names(index, f.path)


def _python_self_attribute(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller,
                           word: str) -> str | None:
    """The type of a Python instance attribute `self.word` from where the class around the site assigns it: an
    annotation (`self.console: Console = ...`), a parameter of the assigning method (`self.console = console` with
    `console: "Console"`), or a class built there (`self._lock = RLock()`). The first assignment that says wins; None
    when none says (rich's `self.console.pop_theme()` in ThemeContext was "name only", a ThemeStack.pop_theme call)."""
    syms = _symbols_of(index, cache, site.path)
    around = [s for s in syms if s.kind == "class" and s.start_line <= site.line <= s.end_line]
    if not around or language_of(index, site.path) != "python":
        return None
    cls = min(around, key=lambda s: s.end_line - s.start_line)
    rx = re.compile(rf"^\s*self\.{re.escape(word)}\s*(?::\s*([^=]+?))?\s*=\s*(.+?)\s*(?:#.*)?$")
    for n in range(cls.start_line, min(cls.end_line, len(lines)) + 1):
        m = rx.match(lines[n - 1])
        if m is None:
            continue
        if m.group(1):
            return named_type(m.group(1))
        # `console if console is not None else get_console()`, `console or get_console()`: the first value says
        value = re.split(r"\s+(?:if|or)\s+", m.group(2), maxsplit=1)[0].strip()
        if re.fullmatch(r"[A-Za-z_]\w*", value):
            method = enclosing(syms, n)
            typed = declared_type(method.signature or "", value) if method is not None else None
        else:
            # `_ModelTypeStack()` (a private class), `_config.ConfigWrapper(..)` (through its module)
            built = re.match(r"(?:[a-z_]\w*\.)*(_*[A-Z]\w*)\s*\(", value)
            typed = built.group(1) if built else None
        if typed is not None:
            return typed
    return None


def python_implicit_calls(index: IndexQueries, sym: Symbol, lines: list[str]) -> list[tuple[Symbol, str, int]]:
    """What a Python method's body runs without a call: the properties it reads off `self` or off a typed `self.x`
    (`self.renderable`, `self.console.is_terminal`) and the `__enter__`/`__exit__` a `with self.console:` runs; as
    (definition, "property" or "with", line). The rich A/B agent found four such missing from Live.stop's callees."""
    syms = index.symbols_in_file(sym.path)
    around = [s for s in syms if s.kind == "class" and s.start_line <= sym.start_line and sym.end_line <= s.end_line]
    out: list[tuple[Symbol, str, int]] = []
    seen: set[Any] = set()
    _typed_parameter_reads(index, sym, lines, out, seen)
    _local_property_reads(index, sym, lines, out, seen)
    if not around:
        return out
    own = min(around, key=lambda s: s.end_line - s.start_line)
    cache: dict[str, list[Symbol]] = {sym.path: syms}

    def typed(attr: str, n: int) -> Symbol | None:
        name = own.name if attr == "" else _python_self_attribute(index, cache, lines, Caller(None, sym.path, n, ""), attr)
        return own if attr == "" else _python_class(index, name) if name else None

    def member(cls: Symbol, name: str) -> Symbol | None:
        return _own_member(index, cls, name)

    def add(d: Symbol | None, how: str, n: int) -> None:
        if d is not None and (d.id, how, n) not in seen and d.id != sym.id:
            seen.add((d.id, how, n))  # (every line: tomlkit run 471 read `Item.trivia .. at 394` of reads at 394,401,403)
            out.append((d, how, n))

    for n in range(sym.start_line + 1, min(sym.end_line, len(lines)) + 1):
        text = lines[n - 1].split("#", 1)[0]
        for m in re.finditer(r"\bself\.(?:(\w+)\.)?(\w+)\b(?!\w|\s*[(.]|\s*=[^=])", text):
            cls = typed(m.group(1) or "", n)
            prop = member(cls, m.group(2)) if cls is not None else None
            if prop is not None and re.match(r"@(?:\w+\.)*(?:property|cached_property)\b", prop.signature or ""):
                add(prop, "property", n)
        w = re.match(r"\s*(async\s+)?with\s+(.+?)\s*:\s*$", text)
        for item in (w.group(2).split(",") if w else []):
            expr = item.split(" as ")[0].strip()
            target = re.fullmatch(r"self(?:\.(\w+))?", expr)
            cls = typed(target.group(1) or "", n) if target else None
            for name in (("__aenter__", "__aexit__") if w and w.group(1) else ("__enter__", "__exit__")):
                add(member(cls, name) if cls is not None else None, "with", n)
    return out


def _own_member(index: IndexQueries, cls: Symbol, name: str) -> Symbol | None:
    """The member `name` a class defines itself (not inherited), or None."""
    return next((m for m in index.symbols_in_file(cls.path) if m.parent_id == cls.id and m.name == name), None)


def _python_class(index: IndexQueries, name: str) -> Symbol | None:
    """The (first) Python class of that name in the repository, or None."""
    return next((c for c in index.symbols_named(name) if c.name == name and c.kind == "class" and c.language == "python"),
                None)


_PROPERTY_HEAD = re.compile(r"@(?:\w+\.)*(?:property|cached_property)\b")


def _local_property_reads(index: IndexQueries, sym: Symbol, lines: list[str], out: list[tuple[Symbol, str, int]],
                          seen: set[Any]) -> None:
    """Property reads off a local (`template.is_up_to_date` with `template = self.cache.get(key)`): of the class its
    binding types it with, else, its type unknown, the one property of the repository so named (as "property?": by
    name only). Jinja2 run 408's callees of Environment._load_template had left the read out."""
    cache: dict[str, list[Symbol]] = {}
    props: dict[str, list[Symbol]] = {}
    params = set(re.findall(r"[(,]\s*\*{0,2}(\w+)", _uncut(index, sym).signature or ""))  # (_typed_parameter_reads')
    outside = _python_outside_names(index, cache, lines, sym.path, None)  # `sys.stdout` is the module's, never a property
    for n in range(sym.start_line + 1, min(sym.end_line, len(lines)) + 1):
        text = lines[n - 1].split("#", 1)[0]
        # (a read with a member after it reads the property too: `val.trivia.trail = ""`, tomlkit run 471)
        for m in re.finditer(r"(?<![\w.])([a-z_]\w*)\.(\w+)\b(?!\w|\s*\(|\s*=[^=])", text):
            word, name = m.group(1), m.group(2)
            if word in ("self", "cls") or word in params or word in outside or name.startswith("__"):
                continue
            if name not in props:
                props[name] = [d for d in index.symbols_named(name) if d.name == name and d.kind == "method"
                               and d.language == "python" and _PROPERTY_HEAD.match(d.signature or "")]
            if not props[name]:
                continue
            typed = _declared_receiver(index, cache, lines, Caller(None, sym.path, n, ""), word)
            if typed is None:  # `made = Template()`: an instance of the class called
                bound = local_binding(lines, sym.start_line, n, word)
                typed = bound[1] if bound is not None and bound[0] == "call" and _python_class(index, bound[1]) else None
            cls = _python_class(index, typed) if typed else None
            got = next((d for d in props[name] if cls is not None and d.parent_id == cls.id), None)
            if got is None and typed is None and len(props[name]) == 1 and _distinctive(name) \
                    and _assigned_here(lines, sym.start_line, n, word):
                # (a distinctive name on a local assigned in the body: `edge.size` over a loop's `edges`, `param.name`
                # on an inspect.Parameter are no guesses to make; review of cb78ebf)
                got = props[name][0]
                how = "property?"
            else:
                how = "property"
            if got is not None and (got.id, "property", n) not in seen and (got.id, "property?", n) not in seen \
                    and got.id != sym.id:
                seen.add((got.id, how, n))
                out.append((got, how, n))


def _distinctive(name: str) -> bool:
    """A member name of several words (`is_up_to_date`, `lastRenderHeight`), no library's everyday one."""
    words = name.strip("_")
    return ("_" in words or re.search(r"[a-z][A-Z]", words) is not None) and name not in _PY_LIBRARY_METHODS


def _assigned_here(lines: list[str], start: int, end: int, word: str) -> bool:
    """Whether lines start..end of a body bind `word` by a plain assignment (`template = cache.get(key)`), not a
    loop, comprehension or `with` target."""
    rx = re.compile(rf"^\s*{re.escape(word)}\s*(?::[^=]+)?=(?!=)")
    return any(rx.match(lines[k - 1]) for k in range(start, min(end, len(lines)) + 1))


def _typed_parameter_reads(index: IndexQueries, sym: Symbol, lines: list[str], out: list[tuple[Symbol, str, int]],
                           seen: set[Any]) -> None:
    """Attribute reads off a typed parameter that run code: a property of its class (`cls.__pydantic_fields_complete__`
    with `cls: type[BaseModel]` reads ModelMetaclass's property, BaseModel's metaclass), and the class's
    `__getattr__` for a name it does not define (`config_wrapper.plugin_settings` runs ConfigWrapper.__getattr__);
    as (definition, "property" or "getattr:NAME", line). The pydantic A/B agent found six such reads by hand."""
    head = _uncut(index, sym).signature or ""  # (a long header stored cut still names every parameter)
    params = re.findall(r"[(,]\s*(\w+)\s*:", head)
    classes: dict[str, Symbol | None] = {}

    def cls_named(name: str) -> Symbol | None:
        if name not in classes:
            classes[name] = _python_class(index, name)
        return classes[name]

    def member(cls: Symbol, name: str) -> Symbol | None:
        return _own_member(index, cls, name)

    for p in params:
        if p in ("self",):
            continue
        typed = declared_type(head, p)
        cls = cls_named(typed) if typed else None
        if cls is None:
            continue
        on_class = bool(re.search(rf"[(,]\s*{p}\s*:\s*(?:type|Type)\[", head))
        meta = re.search(r"\bmetaclass\s*=\s*(?:\w+\.)*(\w+)", cls.signature or "") if on_class else None
        holder = cls_named(meta.group(1)) if meta else None if on_class else cls
        if holder is None:
            continue
        getattr_ = member(holder, "__getattr__")
        home = lines_of(index, holder.path)
        body = home[holder.start_line - 1:holder.end_line]
        slots = " ".join(t for t in body if "__slots__" in t)
        # what exists without __getattr__: attributes its methods assign, its bases' members
        real = set(re.findall(r"\bself\.(\w+)\s*(?::[^=\n]*)?=(?!=)", "\n".join(body))) if getattr_ is not None else set()
        for b in (bases_of(whole_class(index, holder)) if getattr_ is not None else [])[:4]:
            base = cls_named(b)
            real |= {m.name for m in index.symbols_in_file(base.path) if m.parent_id == base.id} if base is not None else set()
        for n in range(sym.start_line + 1, min(sym.end_line, len(lines)) + 1):
            for m in re.finditer(rf"(?<![\w.]){p}\.(\w+)\b(?!\s*[(]|\s*=[^=])", lines[n - 1].split("#", 1)[0]):
                attr = m.group(1)
                d = member(holder, attr)
                # a field declared for type checkers only (`if TYPE_CHECKING: title: str | None`) is answered by
                # __getattr__ at run time (pydantic's ConfigWrapper)
                # ... and so is one only annotated, not in `__slots__` (`plugin_settings: dict[str, object] | None`)
                absent = d is None or (d.kind in ("field", "variable") and (
                    type_checking_only(home, d.start_line)
                    or (re.fullmatch(r"\s*\w+\s*:[^=]*", d.signature or "") is not None and f"'{attr}'" not in slots
                        and f'"{attr}"' not in slots)))
                how = "property" if d is not None and re.match(r"@(?:\w+\.)*(?:property|cached_property)\b", d.signature or "") \
                    else f"getattr:{attr}" if absent and getattr_ is not None and not on_class \
                    and not attr.startswith("__") and attr not in real else None
                target = d if how == "property" else getattr_
                if how is not None and target is not None and (target.id, how, n) not in seen and target.id != sym.id:
                    seen.add((target.id, how, n))  # (every line: the answer lists them on one row)
                    out.append((target, how, n))


#: languages where a local bound to a function (`let bridge = bridge_unindexed_producer_consumer;`) is called
_VALUE_ALIASED = {"rust": "*.rs", "go": "*.go", "python": "*.py", "javascript": "*.{js,mjs,cjs,jsx}",
                  "typescript": "*.{ts,tsx,mts,cts}", "tsx": "*.{ts,tsx,mts,cts}", "c": "*.{c,h}", "cpp": "*.{cc,cpp,cxx,h,hpp,hh}",
                  "zig": "*.zig", "lua": "*.lua"}


def _aliased_sites(index: IndexQueries, sym: Symbol, callee: str, family: str | None, seen: set[tuple[str, int]],
                   sites: list[Caller], recursive: list[int] | None,
                   resolve_imports: Callable[[str], dict[str, list[str]]]) -> None:
    """The calls of a function under another name: a JS/TS export alias, a Python import's alias, a local bound
    to it."""
    if sym.language == "python" and sym.parent_id is None and sym.kind in ("function", "class"):
        _python_import_alias_sites(index, sym, callee, resolve_imports, seen, sites)
    if family == language_family("javascript") and sym.kind == "function" and sym.parent_id is None:
        _alias_sites(index, callee, family, seen, sites)
    if sym.kind == "function" and sym.language in _VALUE_ALIASED:
        _value_alias_sites(index, sym, callee, seen, sites, recursive)


def _python_import_alias_sites(index: IndexQueries, sym: Symbol, callee: str,
                               resolve_imports: Callable[[str], dict[str, list[str]]], seen: set[tuple[str, int]],
                               sites: list[Caller]) -> None:
    """Python: the calls of a module's function or class under the name an import binds it to (`from .items import
    item as _item_fn` then `_item_fn(it)`): tomlkit run 471's callers of `item` would have missed them."""
    from contexteer.indexers.textsearch import search

    ws = getattr(index, "ws", None)
    if ws is None:
        return
    rx = rf"\bimport\b.*\b{re.escape(callee)}\s+as\s+\w+"
    try:
        found = per_generation(index, "python import aliases", callee,
                               lambda: search(ws, rx, regex=True, case_sensitive=True, glob="*.py", max_results=100).hits,
                               limit=512)
    except Exception as exc:  # noqa: BLE001 - no alias found is the safe answer
        logger.info("no import alias search for %s: %s", callee, exc)
        return
    for h in found:
        m = re.search(rf"\bfrom\s+([.\w]+)\s+import\b.*\b{re.escape(callee)}\s+as\s+(\w+)", h.text or "") \
            if h.path and not h.context else None
        if m is None or not python_module_file(sym.path, m.group(1)) \
                or sym.path not in (resolve_imports(h.path).get(m.group(2)) or resolve_imports(h.path).get(callee) or ()):
            continue  # (`from json import loads as json_loads` is no import of a repository `loads`)
        alias, lines = m.group(2), lines_of(index, h.path)
        # the binding's scope: the function the import sits in, else the module, unless the module rebinds the name
        # at its top level (`mk = operator.itemgetter(0)`) (review of stop 55: three wrong callers)
        enc = enclosing(index.symbols_in_file(h.path), h.line)
        scope = (enc.start_line, enc.end_line) if enc is not None and enc.kind in ("function", "method") else None
        if scope is None and any(re.match(rf"{re.escape(alias)}\s*(?::[^=]*)?=(?!=)", t) for t in lines):
            continue
        call = re.compile(rf"(?<![\w.]){re.escape(alias)}\s*\(")
        for r in index.references_to(alias, limit=500):
            if r.path != h.path or r.kind != "call" or (r.path, r.line) in seen or not 0 < r.line <= len(lines) \
                    or not call.search(lines[r.line - 1]) or (scope is not None and not scope[0] <= r.line <= scope[1]):
                continue
            around = enclosing(index.symbols_in_file(h.path), r.line)
            if around is not None and scope is None and re.search(
                    rf"^\s*{re.escape(alias)}\s*(?::[^=\n]*)?=(?!=)", "\n".join(lines[around.start_line - 1: r.line - 1]), re.M):
                continue  # a local of the function shadows it (`mk = lambda y: y * 2`)
            seen.add((r.path, r.line))
            sites.append(Caller(None, r.path, r.line, "import"))


def compiled_js(index: IndexQueries, path: str) -> bool:
    """Whether a JavaScript file is a build's output, of TypeScript the repository holds too: a minified file, or one
    ending with a `//# sourceMappingURL=` comment (chevrotain's lib/chevrotain.mjs and lib/src/*.js: run 477's callers
    of a src/ method listed nine compiled copies and no source caller)."""
    if not path.endswith((".js", ".mjs", ".cjs")):
        return False
    return bool(per_generation(index, "compiled js", path, lambda: _compiled(index, path), limit=4096))


def _compiled(index: IndexQueries, path: str) -> bool:
    if ".min." in posixpath.basename(path):
        return True
    lines = lines_of(index, path)
    tail = [t for t in lines[-3:] if t.strip()]
    return any(t.lstrip().startswith("//# sourceMappingURL=") for t in tail)


def _value_alias_sites(index: IndexQueries, sym: Symbol, callee: str, seen: set[tuple[str, int]], sites: list[Caller],
                       recursive: list[int] | None) -> None:
    """Calls through a local bound to the function itself, in the definition that binds it (rayon's `let bridge =
    bridge_unindexed_producer_consumer;` then `bridge(..)` in two closures: the recursion went unsaid, run 369)."""
    from contexteer.indexers.textsearch import search

    ws = getattr(index, "ws", None)
    if ws is None:
        return
    rx = (rf"^\s*(?:let\s+(?:mut\s+)?|const\s+|var\s+|local\s+|auto\s+)?([A-Za-z_]\w*)\s*(?::=|=)\s*&?\s*"
          rf"(?:\w+(?:::|\.))*{re.escape(callee)}\s*;?\s*$")
    try:
        found = per_generation(index, "value aliases", (callee, sym.language),
                               lambda: search(ws, rx, regex=True, case_sensitive=True, glob=_VALUE_ALIASED[sym.language or ""],
                                              max_results=50).hits, limit=512)
    except Exception as exc:  # noqa: BLE001 - no alias found is the safe answer
        logger.info("no alias search for %s: %s", callee, exc)
        return
    files: dict[str, list[str]] = {}
    binding = re.compile(rx)
    for h in found:
        m = binding.match(h.text) if h.path and not h.context else None
        if m is None or m.group(1) == callee:
            continue
        enc = enclosing(index.symbols_in_file(h.path), h.line)
        if enc is None or enc.kind not in ("function", "method"):
            continue
        lines = _file_lines(ws, h.path, files)
        call = re.compile(rf"(?<![\w$.]){re.escape(m.group(1))}\s*\(")
        for n in range(h.line + 1, min(enc.end_line, len(lines)) + 1):
            if not call.search(lines[n - 1]) or (h.path, n) in seen:
                continue
            seen.add((h.path, n))
            if enc.id == sym.id:
                if recursive is not None and n not in recursive:
                    recursive.append(n)  # through the alias, itself
                continue
            sites.append(Caller(None, h.path, n, "alias"))


def _alias_sites(index: IndexQueries, callee: str, family: str | None, seen: set[tuple[str, int]], sites: list[Caller]) -> None:
    """`export { callProcedure as callTRPCProcedure }`: calls of the name a JS/TS function is exported or imported
    as, added to `sites` as "alias" (the tRPC A/B agent read "0 call sites" for callProcedure, called at ws.ts:528)."""
    for alias in _js_export_aliases(index, callee):
        for r in index.references_to(alias, limit=500):
            if r.kind == "call" and (r.path, r.line) not in seen and language_family(language_of(index, r.path)) == family:
                seen.add((r.path, r.line))
                sites.append(Caller(None, r.path, r.line, "alias"))


def _js_export_aliases(index: IndexQueries, name: str) -> list[str]:
    """The names a JS/TS function is exported or imported as elsewhere (`export { callProcedure as
    callTRPCProcedure }`, `import { x as y }`)."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return []
    rx = re.compile(rf"(?<![\w$.]){re.escape(name)}\s+as\s+([A-Za-z_$][\w$]*)")
    cache: dict[str, list[str]] = {}
    out: list[str] = []
    for r in index.references_to(name, limit=500):
        if r.kind not in ("import", "other"):
            continue
        lines = _file_lines(ws, r.path, cache)
        statement = []  # an `export {` list over many lines is recorded at its first line
        for text in lines[r.line - 1: r.line + 200]:
            statement.append(text)
            if re.search(r"\bfrom\b|;\s*$|^\s*}\s*$", text):
                break
        whole = " ".join(statement)
        # an export of it, or an import from the repository (`import { format as formatDate } from 'date-fns'`
        # is another package's format)
        if not re.match(r"\s*export\b", whole) and not re.search(r"\bfrom\s*[\"']\.{1,2}/", whole):
            continue
        out += [m.group(1) for m in rx.finditer(whole) if m.group(1) != name and m.group(1) not in out]
    return out[:8]


#: a Go slice, array or map type's element, pointer or not, package-qualified or not: `[]*nodeState` -> nodeState
_GO_ELEMENT = r"(?:\[\d*\]|map\[[^\]]*\])\*?(?:\w+\.)?(\w+)"


def _go_collection_element(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller,
                           enc: Symbol, collection: str, depth: int) -> str | None:
    """Go: the element type of the collection a `for _, x := range c` or an `x := c[i]` reads, as its declaration
    says: a named slice type (`type Gatherers []Gatherer`), a parameter or local declared `[]*T`, a local bound to
    what a function returns (memberlist's `kNodes := kRandomNodes(..)`, declared to return `[]*nodeState`: the
    A/B key's calls `node.FullAddress()` in gossip had been name only), or a struct's field (`m.nodes`)."""
    head, _, name = collection.rpartition(".")
    if head:  # `range m.nodes`: the field's declared type; `range context.flags.long`, field by field
        first, *steps = head.split(".")
        owner = _declared_receiver(index, cache, lines, site, first, depth + 1)
        for step in steps:  # (kingpin run 280: `flag.setDefault()` over `context.flags.long` was by name only)
            got_step = member_of_type(index, owner, step, enc, []) if owner else None
            owner = _value_type(_uncut(index, got_step[0]), False) if got_step is not None else None
        got = member_of_type(index, owner, name, enc, []) if owner else None
        m = re.search(rf"\b{re.escape(name)}\s+{_GO_ELEMENT}", got[0].signature or "") if got is not None else None
        return m.group(1) if m else None
    named = _declared_receiver(index, cache, lines, site, name, depth + 1)
    got_named = _go_element(index, named) if named else None
    if got_named is not None:
        return got_named
    w = re.escape(name)
    m = re.search(rf"[(,]\s*(?:\w+\s*,\s*)*{w}\s+{_GO_ELEMENT}", (enc.signature or "").split("{")[0])
    body = "\n".join(lines[enc.start_line - 1:site.line - 1])
    m = m or re.search(rf"\b{w}\s*(?::=\s*(?:make\(\s*)?|\s+)(?:{_GO_ELEMENT})", body)
    if m:
        return m.group(1)
    binding = local_binding(lines, enc.start_line, site.line, name)
    if binding is not None and binding[0] == "call":  # what the function is declared to return
        for fn in index.symbols_named(binding[1]):
            if fn.name == binding[1] and fn.language == "go" and fn.kind == "function":
                m = re.search(rf"\)\s*{_GO_ELEMENT}\s*\{{?\s*$", _uncut(index, fn).signature or "")
                if m:
                    return m.group(1)
    return None


def _go_element(index: IndexQueries, name: str) -> str | None:
    """The element type of a Go named slice or map type (`type Gatherers []Gatherer` -> Gatherer), else None."""
    for t in index.symbols_named(name):
        if t.name == name and t.language == "go":
            m = re.search(r"\btype\s+\w+\s+(?:\[\]|map\[[^\]]+\])\*?(?:\w+\.)?(\w+)\s*$", t.signature or "")
            if m:
                return m.group(1)
    return None


def _object_member(index: IndexQueries, cache: dict[str, list[Symbol]], obj: str, name: str) -> bool:
    """Whether a JS/TS object literal (a module-level value) named `obj` has a member `name` (looked up once per
    answer, kept in `cache`)."""
    key = f"\0object:{obj}.{name}"
    if key not in cache:
        found = []
        for s in index.symbols_named(name):
            if s.name == name and (s.qualname == f"{obj}.{name}" or s.qualname.endswith(f".{obj}.{name}")) \
                    and s.parent_id is not None:
                parent = index.get_symbol(s.parent_id)
                if parent is not None and parent.name == obj and parent.kind in ("variable", "constant"):
                    found.append(s)
        cache[key] = found
    return bool(cache[key])


def _annotated_as(index: IndexQueries, owner: str, typed: str) -> bool:
    """Whether `owner` is a value (an object literal, a JS/TS const) declared with the type `typed`."""
    rx = re.compile(rf"\b{re.escape(owner)}\s*:\s*(?:[\w$]+\.)*{re.escape(typed)}\b")
    return any(s.name == owner and s.kind in ("variable", "constant") and rx.search(s.signature or "")
               for s in index.symbols_named(owner))


def _go_satisfies(index: IndexQueries, cache: dict[str, list[Symbol]], typed: str, owner: str) -> bool:
    """Whether the type named `typed` implements the Go interface named `owner` (by method set or embedding);
    the implementers are looked up once per answer (kept in `cache`)."""
    key = "\0go-implementers:" + owner
    if key not in cache:
        from contexteer.indexers import go_types  # go_types reads files through this module

        names = go_types.satisfied_by(index, owner)
        cache[key] = [s for n in sorted(names) for s in index.symbols_named(n)[:1]]
    return any(s.name == typed for s in cache[key])


def _names_rust_type(index: IndexQueries, word: str, cache: dict[str, bool]) -> bool:
    if word not in cache:
        cache[word] = any(x.kind in _CLASS_KINDS - {"module"} and x.name == word for x in index.symbols_named(word))
    return cache[word]


def _is_type(index: IndexQueries, name: str) -> bool:
    return any(s.kind in _CLASS_KINDS and s.name == name for s in index.symbols_named(name))


def composed_of(index: IndexQueries, name: str) -> list[str]:
    """The protocols a Swift typealias of a composition names (`typealias Module = AnyModule & BaseModule` ->
    [AnyModule, BaseModule]); [] for any other name."""
    for s in index.symbols_named(name):
        if s.name == name and s.kind == "type" and s.language == "swift":
            m = re.search(r"=\s*(.+?)\s*$", s.signature or "")
            if m and "&" in m.group(1):
                return [p.strip().rsplit(".", 1)[-1] for p in m.group(1).split("&") if re.fullmatch(r"\s*[\w.]+\s*", p)]
    return []


_RUST_CLOSURE_ARG = re.compile(r"(?:(\w+)\s*::\s*)?(\w+)\s*(?:::\s*<[^>]*>\s*)?\(\s*(?:move\s+)?\|([^|]*)\|")


def _rust_closure_param(index: IndexQueries, lines: list[str], enc: Symbol, line: int, word: str,
                        reach: int = 60, whole: bool = False) -> str | None:
    """A Rust closure's parameter, typed by the bound of the function the closure is passed to: `cx` in
    `Context::with(|cx| ..)` with `fn with<F, R>(f: F) -> R where F: FnOnce(&Context) -> R` is a Context
    (crossbeam-channel run 432 read `cx.try_select(..)` as a call on a receiver of unknown type)."""
    found: list[str | None] = []
    for n in range(line, max(enc.start_line, line - reach) - 1, -1):
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        for m in _RUST_CLOSURE_ARG.finditer(text):
            params = [p.strip() for p in m.group(3).split(",")]
            names = [re.sub(r"^(?:&\s*)?(?:mut\s+)?", "", p.split(":", 1)[0]).strip() for p in params]
            if word not in names:
                continue
            k = names.index(word)
            if ":" in params[k]:  # `|cx: &Context|`
                found.append(named_type(params[k].split(":", 1)[1]))
                continue
            callee = _rust_path_member(index, m.group(1), m.group(2), enc) if m.group(1) and m.group(1)[:1].isupper() else None
            head = " ".join((_uncut(index, callee).signature or "").split()) if callee is not None else ""
            bound = re.search(r"\bFn(?:Once|Mut)?\s*\(([^()]*)\)", head)
            args = [a.strip() for a in bound.group(1).split(",")] if bound else []
            found.append(named_type(args[k]) if k < len(args) and args[k] else None)
        if found and not whole:
            return found[0]  # (a site's own line: the nearest closure above it binding the name)
    # (the whole body, for a receiver with no line: one type only; two closures binding `x` to an Item and a User
    # are no answer, review of 0cafc90)
    return found[0] if len(set(found)) == 1 else None


def _go_receiver_line(index: IndexQueries, site: Caller, name: str, cache: dict[str, list[str]]) -> bool:
    """Whether a Go site's line is a method declaration whose receiver is of the type `name`."""
    ws = getattr(index, "ws", None)
    lines = _file_lines(ws, site.path, cache) if ws is not None else []
    text = lines[site.line - 1] if 0 < site.line <= len(lines) else ""
    return re.match(rf"\s*func\s*\(\s*\w*\s*\*?\s*{re.escape(name)}\s*(?:\[[^\]]*\])?\s*\)", text) is not None


def _js_default_import(index: IndexQueries, path: str, name: str) -> str | None:
    """The name of the class a JS/TS file's default import `import name from "./x"` binds (_js_default_class)."""
    got = _js_default_class(index, path, name)
    return got.name if got is not None else None


def _js_default_class(index: IndexQueries, path: str, name: str) -> Symbol | None:
    """The class a JS/TS file's import binds under a name no repository class has (js_imported_class)."""
    if index.symbols_named(name):
        return None  # a class of that name exists: it is what the name means
    return js_imported_class(index, path, name)


def js_default_export(lines: list[str]) -> str | None:
    """The name a JS/TS file exports by default: `export default class Ajv`, `export default Store;`."""
    for t in lines:
        m = re.match(r"\s*export\s+default\s+(?:abstract\s+)?(?:class\s+)?([A-Za-z_$][\w$]*)\s*(?:;|\{|extends\b|implements\b|<|$)", t)
        if m and m.group(1) not in ("function", "async", "new"):
            return m.group(1)
    return None


def js_imported_class(index: IndexQueries, path: str, name: str) -> Symbol | None:
    """The class a JS/TS file binds to `name` by an import: `import AjvCore from "./core"` (core.ts's default export,
    `export default class Ajv` or `class Store {..} export default Store`), `import { Engine as Motor } from "./e"`
    (Ajv run 437; review of 0cafc90 for the last two forms); None when it is no class."""
    lines = lines_of(index, path)
    text = "\n".join(lines[:300])
    named = re.search(rf"\bimport\s*(?:type\s+)?\{{[^}}]*\b([A-Za-z_$][\w$]*)\s+as\s+{re.escape(name)}\b[^}}]*\}}\s*from\s*[\"'](\.[^\"']+)[\"']", text)
    default = None if named else re.search(rf"\bimport\s+(?:type\s+)?{re.escape(name)}\b[^;\n]*?from\s*[\"'](\.[^\"']+)[\"']", text)
    m = named or default
    if m is None:
        return None
    base = posixpath.normpath(posixpath.join(posixpath.dirname(path), m.groups()[-1]))
    for cand in (base, *(base + e for e in (".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.js"))):
        there = lines_of(index, cand)
        if not there or there == [""]:
            continue
        wanted = named.group(1) if named else js_default_export(there)
        if wanted:
            return next((s for s in index.symbols_in_file(cand) if s.name == wanted and s.kind in _CLASS_KINDS), None)
    return None


def _ruby_new_assigned(lines: list[str], enc: Symbol, line: int, word: str) -> bool:
    """Ruby: whether the last assignment to `word` above `line` in `enc` is a bare `new(..)` (an instance of the class
    a class method is in)."""
    rx = re.compile(rf"^\s*{re.escape(word)}\s*=(?![=~>])\s*(\S.*)$")
    for n in range(min(line, len(lines)) - 1, enc.start_line - 1, -1):
        m = rx.match(lines[n - 1]) if n > 0 else None
        if m is not None:
            return re.match(r"new\b\s*(?:\(|$)", m.group(1)) is not None
    return False


def _ruby_built_here(syms: list[Symbol], enc: Symbol, called: str) -> str | None:
    """Ruby `instance = new(args)` in a class method: an instance of the class around it (Thor run 428's dispatch)."""
    if enc.language != "ruby" or called != "new":
        return None
    around = [s for s in syms if s.kind == "class" and s.start_line <= enc.start_line <= s.end_line]
    return min(around, key=lambda s: s.end_line - s.start_line).name if around else None


def _rust_types_named_any(index: IndexQueries, names: list[str]) -> bool:
    """Whether one of the names is a type the repository defines (a struct, enum, union or trait)."""
    return any(s.name == n and s.kind in ("struct", "enum", "union", "trait", "type") and s.language == "rust"
               for n in names for s in index.symbols_named(n))


def inherits(index: IndexQueries, cls: str, owner: str, depth: int = 0) -> bool:
    """Whether a class named `cls` names `owner` among its bases, directly or through up to three levels (a Swift
    base that is a composition's alias, `Module = AnyModule & BaseModule`, names each part)."""
    if depth > 3:
        return False
    for s in index.symbols_named(cls):
        if s.name != cls or s.kind not in _CLASS_KINDS:
            continue
        bases = bases_of(whole_class(index, s))
        if s.language == "swift":
            bases = bases + [p for b in bases for p in composed_of(index, b)]
        if s.language == "ruby":  # the modules it includes, and those their `included` hooks include (Thor's
            from contexteer.indexers.graph import ruby_included  # Invocation through Base: Thor run 428)

            bases = bases + [m.name for m in ruby_included(index, s)]
        if s.language in ("typescript", "tsx", "javascript", "jsx"):  # `extends AjvCore` for `import AjvCore from
            bases = bases + [n for b in bases if (n := _js_default_import(index, s.path, b)) is not None]  # "./core"`
        if owner in bases or any(inherits(index, b, owner, depth + 1) for b in bases if b != cls):
            return True
    return False


def _typed_receiver(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, word: str, owner: str) -> bool:
    """Whether `word` is declared as an `owner` in the definition enclosing the site (a parameter, a local) or is a
    field of that type of the class enclosing it."""
    syms = _symbols_of(index, cache, site.path)
    enc = enclosing(syms, site.line)
    if enc is not None and declared_as(lines, enc.start_line, site.line, enc.signature or "", word, owner):
        return True
    holders = [s for s in syms if s.kind in _CLASS_KINDS and s.start_line <= site.line <= s.end_line]
    if enc is not None and enc.parent_id is not None:
        holders += [s for s in syms if s.id == enc.parent_id]
    fields = [s.signature or "" for s in syms if s.name == word and s.kind in ("field", "property", "variable")
              and any(s.parent_id == h.id for h in holders)]
    if fields and field_typed(fields, word, owner):
        return True
    # Go: a method's receiver type is in its qualified name (`Head.Truncate`), its fields are the struct's
    if enc is not None and "." in enc.qualname:
        struct = enc.qualname.rsplit(".", 1)[0]
        fields = [s.signature or "" for s in syms if s.name == word and s.kind == "field" and s.qualname == f"{struct}.{word}"]
        return bool(fields) and field_typed(fields, word, owner)
    return False


_FIELD_TYPE = (r"(?<![\w$#]){w}[!?]?\s*:\s*[?*&]*\s*(?:'\w+\s+)?(?:const\s+|mut\s+|any\s+|some\s+|borrowing\s+|consuming\s+)?"
               r"(?:[\w$]+\.(?!(?:Type|Protocol)\b))*((?:[a-z_]\w*::)*[A-Za-z_$][\w$]*)",  # (Rust `nfa::Builder`, whole)  # (Swift `innerType: Convertible.Type`: Convertible)  # Kotlin, TS (`x!: T`, `x?: T`), Scala, Swift, Python: `x: T`, Zig `x: *const T`, Rust `b: &'b mut T`
               r"(?:[\w$]+\.)*([A-Z][\w$]*)(?:<(?:[^<>;()]|<[^<>;()]*>)*>)?\s+{w}\s*[;=,)]",  # Java, C#: `T x;`, `Iterator<Map.Entry<K, V>> it;`
               r"^\s*{w}\s+\*?(?:[A-Za-z_]\w*\.)?([A-Za-z_]\w*)\s*(?:`[^`]*`\s*)?(?://.*)?$",  # Go: `Registry prometheus.Registerer`
               # C++: `details::backtracer tracer_;`, `std::shared_ptr<T> p_{..}` (lower-case and namespaced types), and
               # (leveldb run 507) `VersionSet* const versions_ GUARDED_BY(mutex_);`, `CompactionStats stats_[kNumLevels];`
               r"(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*(?:<(?:[^<>;()]|<[^<>;()]*>)*>)?)(?:\s*[*&]+\s*|\s+)(?:const\b\s*[*&]*\s*)*"
               r"{w}\s*(?:\[[^\[\];]*\]\s*)*(?:[;={{]|_?[A-Z][A-Z0-9_]*\s*\()")


#: collections read by index: maps give their value type (the last type argument), the rest their element type
_MAP_LIKE = frozenset({"Map", "MutableMap", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "ConcurrentHashMap",
                       "Dictionary", "IDictionary", "IReadOnlyDictionary", "Record", "dict", "Dict", "Mapping"})
_SEQ_LIKE = frozenset({"Array", "List", "MutableList", "ArrayList", "Collection", "Sequence", "Vec", "vector", "list",
                       "IList", "IReadOnlyList", "ReadonlyArray", "Seq", "IndexedSeq", "Deque", "ArrayDeque"})


def _indexed_element(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, enc: Symbol,
                     syms: list[Symbol], collection: str, depth: int) -> str | None:
    """The type of `collection[key]` as the collection's declaration says: `definition.syncFunctions[name]` with
    `val syncFunctions: Map<String, SyncFunctionComponent>` in ModuleDefinitionData is a SyncFunctionComponent;
    `desiredArgsTypes[index]` with `Array<AnyType>` an AnyType. None when nothing says."""
    *head, name = collection.split(".")
    declared: str | None = None
    if head:  # a member of a typed value: its declaration's type, whole
        owner = _declared_receiver(index, cache, lines, site, head[0], depth + 1) if len(head) == 1 else None
        got = member_of_type(index, owner, name, enc, []) if owner else None
        declared = (_uncut(index, got[0]).signature or "") if got is not None else None
    else:
        declared = _declarations_above(syms, lines, enc, site)
        declared += "\n" + "\n".join(s.signature or "" for s in syms if s.name == name and s.kind in _FIELD_KINDS)
    if not declared:
        return None
    m = re.search(rf"\b{re.escape(name)}\s*:\s*(?:[\w.]+\.)?(\w+)\s*<((?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*)>", declared) \
        or re.search(rf"(?:[\w.]+\.)?(\w+)\s*<((?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*)>\s+{re.escape(name)}\b", declared)
    if m is None:
        return None
    args = top_level(m.group(2))
    if m.group(1) in _MAP_LIKE and len(args) >= 2:
        return type_word(args[-1])
    return type_word(args[0]) if m.group(1) in _SEQ_LIKE and args else None


def _qualified_elsewhere(index: IndexQueries, signature: str, word: str, typed: str,
                        lines: list[str] | None = None) -> str | None:
    """The type as written when a declaration writes `word`'s type with a package (`bridgePromise:
    com.facebook.react.bridge.Promise`, `java.util.Map<K, V> store`) where the repository has no type of that name:
    a library's type, never the repository's namesake; None otherwise."""
    t = re.escape(typed.rsplit(".", 1)[-1])
    m = re.search(rf"\b{re.escape(word)}\s*:\s*((?:[a-z_]\w*\.)+){t}\b", signature) \
        or re.search(rf"(?<![\w.])((?:[a-z_]\w*\.)+){t}(?:<[^<>()]*>)?\s+{re.escape(word)}\b", signature)
    if m is None:
        return None
    if lines is not None and m.group(1).count(".") == 1 and any(
            re.match(rf"\s*import\s+(?:type\s+)?\*\s+as\s+{re.escape(m.group(1)[:-1])}\s+from\s+['\"]\.", t) for t in lines[:200]):
        return None  # TS `schema: schemas.ZodType` with `import type * as schemas from "./schemas.js"`: the repository's
    folder = "/" + m.group(1).rstrip(".").replace(".", "/")
    ours = any(("/" + s.path.rpartition("/")[0]).endswith(folder) for s in index.symbols_named(typed.rsplit(".", 1)[-1])
               if s.kind in _CLASS_KINDS)
    return None if ours else m.group(1) + typed.rsplit(".", 1)[-1]


TS_LIKE = _TS_LIKE = frozenset({"typescript", "tsx", "javascript", "jsx"})


def _ts_local_type(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, enc: Symbol,
                   syms: list[Symbol], word: str, binding: tuple[str, str] | None, depth: int) -> str | None:
    """JS/TS: a callback's parameter over a typed array (_ts_callback_element), or a local copied from a field of the
    class around it: `const queryCache = this.#queryCache` with `#queryCache: QueryCache` (TanStack, the review of
    stop 49: its findAll and remove had been MutationCache's)."""
    if binding is None:
        return _ts_callback_element(index, cache, lines, site, enc, syms, word, depth) if depth < 2 else None
    if binding[0] != "fields":
        return None
    holder = max((s for s in syms if s.kind in _CLASS_KINDS and s.start_line <= site.line <= s.end_line),
                 key=lambda s: s.start_line, default=None)
    field = next((s for s in syms if holder is not None and s.parent_id == holder.id and s.name == binding[1]
                  and s.kind in _FIELD_KINDS), None)
    return field_type(field.signature or "", binding[1]) if field is not None else None
_TS_CALLBACK = re.compile(r"([\w$#]+(?:\.[\w$#]+)*(?:\(\))?)\s*\??\.\s*(?:forEach|map|filter|find|findLast|findIndex|some|"
                          r"every|flatMap)\s*\(\s*(?:async\s+)?(?:function\s*[\w$]*\s*)?(?:\(\s*)?{w}\s*(?:[:,)]|=>)")


def _ts_callback_element(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller,
                         enc: Symbol, syms: list[Symbol], word: str, depth: int) -> str | None:
    """TS/JS: `word` as the first parameter of a callback passed to an array method (`list.forEach((o) => o.run())`,
    `matches.forEach((match) => match.observer.setOptions(..))`): the element type of the collection, as its
    declaration, a field's or the return type of the method it was read from says (TanStack run 285:
    queriesObserver.ts's `match.observer.setOptions(..)` over `this.#findMatchingObservers(..)`'s
    `Array<QueryObserverMatch>` was by name only). None when nothing says."""
    rx = re.compile(_TS_CALLBACK.pattern.format(w=re.escape(word)))
    m = None
    for n in range(site.line, max(enc.start_line, site.line - 40) - 1, -1):
        m = rx.search(lines[n - 1]) if 0 < n <= len(lines) else None
        if m is not None:
            break
    if m is None:
        return None
    collection = m.group(1)
    holder = max((s for s in syms if s.kind in _CLASS_KINDS and s.start_line <= site.line <= s.end_line),
                 key=lambda s: s.start_line, default=None)

    def member(name: str) -> Symbol | None:  # a member of the class around the site
        return next((s for s in syms if holder is not None and s.parent_id == holder.id and s.name == name), None)

    def returned(sym: Symbol | None) -> str | None:  # the element of what a method returns
        ret = re.search(r"\)\s*:\s*([^{=]+?)\s*\{?\s*$", " ".join((_uncut(index, sym).signature or "").split())) \
            if sym is not None else None
        return element_type(f"__r: {ret.group(1)}", "__r") if ret else None

    if collection.startswith("this.") and collection.count(".") == 1:
        name = collection[5:]
        if name.endswith("()"):
            return returned(member(name[:-2]))
        field = member(name)
        return element_type(field.signature or "", name) if field is not None else None
    if "." in collection or collection.endswith("()"):
        return None
    found = element_type(_declarations_above(syms, lines, enc, site), collection)
    if found is not None:
        return found
    binding = local_binding(lines, enc.start_line, site.line, collection)  # `const matches = this.#find(..)`
    if binding is not None and binding[0] == "member" and binding[1].startswith("this.") and binding[1].count(".") == 1:
        return returned(member(binding[1][5:]))
    return None


def _element_declared(syms: list[Symbol], lines: list[str], enc: Symbol, site: Caller, collection: str) -> str | None:
    """The element type of a collection a loop walks, as its declaration says: a parameter of the enclosing
    definition, a local above the loop, or a property or constructor parameter of the class around it
    (`private val providers: List<TypeConverterProvider>` for MergedTypeConverterProvider's loop)."""
    return element_type(_declarations_above(syms, lines, enc, site), collection)


def _go_field_chain(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, enc: Symbol,
                    chain: str, depth: int) -> str | None:
    """The type at the end of a Go chain of field reads, `adapter.iter.cfg.configBeforeFrozen`: the first name's
    declared type, then each field's (json-iterator run 375: `cfg.frozeWithCacheReuse(..)` on such a local had been
    "by name only" and its callers not followed)."""
    first, *steps = chain.split(".")
    owner = _declared_receiver(index, cache, lines, site, first, depth + 1)
    for step in steps:
        got = member_of_type(index, owner, step, enc, []) if owner else None
        owner = _value_type(_uncut(index, got[0]), False) if got is not None else None
    return owner


def _declarations_above(syms: list[Symbol], lines: list[str], enc: Symbol, site: Caller) -> str:
    """The text a name used at a site can be declared in: the enclosing definition's header and the lines from the
    outermost class around the site (its constructor's parameters, its properties) down to the site, at most 400."""
    outer = min((s.start_line for s in syms if s.kind in _CLASS_KINDS and s.start_line <= site.line <= s.end_line),
                default=enc.start_line)
    return "\n".join([enc.signature or "", *lines[max(outer, site.line - 400) - 1 : site.line]])


def _member_binding_type(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller, enc: Symbol,
                         word: str, member: str, depth: int) -> str | None:
    """What a local bound to a method's result is (`r = borderRadius?.resolve(...)`, `iter := any.cfg.BorrowIterator(buf)`):
    the receiver's type, field by field, then the method's declared result."""
    value, _, method = member.rpartition(".")
    tried, method = method.endswith("?"), method.removesuffix("?")  # Rust `Self::descend_path(..)?`: the Ok value
    first, *steps = value.split(".")
    # `foo := foo.New(...)`: the value on the right is the package the local shadows
    owner = _declared_receiver(index, cache, lines, site, first, depth + 1) if first != word else None
    owner = owner or _self_class(index, enc, first)  # `with self.make_context(..) as ctx:`
    if owner is None and enc.language == "go" and not steps and first != word:
        owner = _go_var_type(index, site.path, first)  # a package-level var (`testSuite2.FromString(s)`)
    for step in steps:  # `iter := any.cfg.BorrowIterator(buf)`: any's field cfg, then its method
        got_step = member_of_type(index, owner, step.removesuffix("()"), enc, []) if owner else None
        owner = _value_type(_uncut(index, got_step[0]), step.endswith("()")) if got_step is not None else None
    got = member_of_type(index, owner, method, enc, []) if owner else None
    typed = returned_by(index, got[0]) if got is not None else None
    if tried and owner is not None and enc.language == "rust":
        typed = rust_associated(index, enc, owner, method, tried=True)
    if owner is None and enc.language == "go" and not _go_shadows(lines, enc, value):  # `reg := prometheus.NewPedanticRegistry()`: what the
        typed = _go_call_returns(index, value, method, site.path)  # a package named so returns
    return typed


def _declared_receiver(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller,
                       word: str, depth: int = 0, want: str | None = None) -> str | None:
    """The type `word` is declared with where a call on it sits: a parameter or local of the enclosing definition,
    else a field or property of the class around it; None when nothing says. A type parameter is one of its bounds:
    `want` or one extending it when there is one (`G: Visitable + NodeIndexable` for NodeIndexable's method)."""
    syms = _symbols_of(index, cache, site.path)
    enc = enclosing(syms, site.line)
    if site.path.endswith(".php") and depth == 0:
        php = _php_value_type(index, syms, lines, enc, site, word)
        if php is not None:
            return php
    if enc is not None:
        typed = _smart_cast(lines, enc, site.line, word, declared_type(enc.signature or "", word))
        if typed is None and enc.language == "ruby" and _ruby_new_assigned(lines, enc, site.line, word):
            typed = _ruby_built_here(syms, enc, "new")  # `entry = new(path)`: no Go `new(path)` (rubyzip run 555)
        if typed is None:
            binding = local_binding(lines, enc.start_line, site.line, word)
            if binding is not None and binding[0] == "member" and depth < 2:  # `r = borderRadius?.resolve(...)`
                typed = _member_binding_type(index, cache, lines, site, enc, word, binding[1], depth)
            elif binding is not None and binding[0] == "call":  # `env = get_default_environment()`
                typed = _returns(index, binding[1], enc) or _ruby_built_here(syms, enc, binding[1])
                if typed is None and enc.language == "go" and depth < 2:
                    typed = _go_var_method_returns(index, lines, enc, site, word, binding[1])
            elif binding is not None and binding[0] in ("index", "range", "fields") and depth < 2 and enc.language == "go":
                # `node := nodes[0]`, `for _, g := range gs`, `cfg := adapter.iter.cfg.configBeforeFrozen`
                typed = _go_field_chain(index, cache, lines, site, enc, binding[1], depth) if binding[0] == "fields" \
                    else _go_collection_element(index, cache, lines, site, enc, binding[1], depth)
            elif binding is not None and binding[0] == "index" and depth < 2:
                typed = _indexed_element(index, cache, lines, site, enc, syms, binding[1], depth)
            elif binding is not None and binding[0] == "range" and "." not in binding[1] and depth < 2:
                typed = _element_declared(syms, lines, enc, site, binding[1])  # Kotlin `for (provider in providers)`
            elif enc.language in ("python", "rust"):
                # `a, cmd, b = self.resolve_command(..)`; a closure's free variable, a parameter of a function around;
                # Rust `let lits = &self.ro.nfa.prefixes;`
                typed = (_python_attribute_local(index, cache, lines, site, enc, word, depth) if binding is None else None) \
                    or _python_local(index, syms, lines, enc, word, binding, depth) if enc.language == "python" \
                    else _rust_field_chain(index, enc, binding[1]) if binding is not None and binding[0] == "fields" \
                    else binding[1] if binding is not None and binding[0] == "type" \
                    else _rust_closure_param(index, lines, enc, site.line, word) if binding is None else None
            else:
                typed = (binding[1] if binding is not None and binding[0] == "type" else None) \
                    or (_ts_local_type(index, cache, lines, site, enc, syms, word, binding, depth)
                        if enc.language in _TS_LIKE else None)
            typed = _python_entered(index, lines, enc, site.line, word, typed)
            if enc.language == "rust" and binding is not None and (typed == "Self" or binding[1] in _RUST_SELF_COPIES):
                typed = _rust_self_type(index, enc) or typed  # `let g = Self::with_capacity(..)`, `let s = self.clone()`
        if typed is not None:
            outside = _qualified_elsewhere(index, enc.signature or "", word, typed, lines)
            return outside or _as_bound(index, syms, enc, site.line, typed, want)
    holders: set[int | None] = {s.id for s in syms if s.kind in _CLASS_KINDS and s.start_line <= site.line <= s.end_line}
    if enc is not None and enc.parent_id is not None:
        holders.add(enc.parent_id)  # Rust: a method's struct, declared apart from the impl block holding the method
    elif enc is not None and enc.language == "cpp" and enc.kind == "method" and not holders:
        cls = cpp_class_of(index, enc)  # `void thread_pool::post_async_msg_(..)` in thread_pool-inl.h: its fields
        if cls is not None:
            holders.add(cls.id)
            syms = syms + [s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id] if cls.path != site.path else syms
    if zig_file_struct(site.path) is not None:
        holders.add(None)  # a Zig struct file's fields stand at its top level
    fields = [f for f in syms if f.name == word and f.kind in _FIELD_KINDS and f.parent_id in holders]
    if not fields and depth == 0:  # a field the class around it inherits (`body` of a base WrappedTask)
        around = [s for s in syms if s.id in holders]
        inner = min(around, key=lambda s: s.end_line - s.start_line) if around else None
        base_field = _inherited_member(index, inner, word, index.symbols_in_file) if inner is not None else None
        fields = [base_field] if base_field is not None and base_field.kind in _FIELD_KINDS else []
    typed = next((t for f in fields if (t := field_type(f.signature or "", word)) is not None), None)
    typed = _rust_projection(index, fields, word) or typed
    if typed is None and fields:
        typed = built_field_type(index, fields[0])
    if typed is None and not fields and site.path.endswith(_JS_EXTS):
        typed = _ts_parameter_property(index, syms, holders, word)
    # `private val bridgePromise: com.facebook.react.bridge.Promise`: the library's, not the repository's Promise
    outside = next((q for f in fields if typed is not None and (q := _qualified_elsewhere(index, f.signature or "", word, typed))), None)
    if outside is not None:
        return outside
    if typed is None and not fields and site.path.endswith(".go") and depth < 2 and not (
            enc is not None and (local_binding(lines, enc.start_line, site.line, word) is not None
                                 or re.search(rf"[(,]\s*{re.escape(word)}\b", (enc.signature or "").split("{")[0])
                                 or re.search(rf"\b{re.escape(word)}(?:\s*,\s*\w+)*\s*:=",
                                              "\n".join(lines[enc.start_line - 1:site.line - 1])))):
        typed = _go_var_type(index, site.path, word, depth)  # `ConfigFastest.BorrowIterator(..)`: a package var
    return _as_bound(index, syms, enc, site.line, typed, want) if typed is not None else None


def _ts_parameter_property(index: IndexQueries, syms: list[Symbol], holders: set[int | None], word: str) -> str | None:
    """The type of a TypeScript parameter property, a field its class's constructor declares
    (`constructor(private readonly _transport: ITransport)`): signalr run 535 read `this._transport.send(data)` as
    maybe HttpClient.send."""
    rx = re.compile(rf"\b(?:private|public|protected|readonly)\s+(?:readonly\s+)?{re.escape(word)}\??\s*:\s*([A-Za-z_$][\w$.]*)")
    for ctor in (s for s in syms if s.name == "constructor" and s.parent_id in holders):
        m = rx.search(_uncut(index, ctor).signature or "")
        if m is not None:
            return m.group(1)
    return None


def _own_call_returned(index: IndexQueries, defs: dict[str, list[Symbol]], site: Caller, before: re.Match[str],
                       prefix: str, word: str) -> str | None:
    """The type a call of the class's own method returns, the receiver of a call on its result: PHP
    `$this->getCommand()->run(..)` with `getCommand(): parent`, C++ `impl()->test_to_run_count()`."""
    if "(" not in before.group(0):
        return None
    if site.path.endswith(".php") and prefix.endswith("$this->"):
        return _php_returned(index, _symbols_of(index, defs, site.path), site.line, word)
    if not prefix.endswith((".", "->", "::")) and site.path.endswith(_CPP_SUFFIXES):
        return _cpp_own_returned(index, defs, site, word)
    return None


def _rust_path_typed(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller,
                     typed: str | None, owner: str, owner_cls: Symbol | None) -> tuple[bool, str | None]:
    """A Rust value's type written with its module (`nfa_builder: nfa::Builder`): whether it is another module's
    namesake of the method's type (`teddy::Builder`), and the type's own name (`lines`: the site's file)."""
    if typed == owner and site.path.endswith(".rs") and site.receiver_name:
        # a parameter written with its module (`b: &nfa::Builder`), which declared_type reads as `Builder` (only a
        # type named like the method's can be another module's namesake of it)
        enc = site.symbol or enclosing(_symbols_of(index, defs, site.path), site.line)
        # (not when a `let` above rebinds the name: review of stop 59)
        rebound = enc is not None and local_binding(lines, enc.start_line, site.line, site.receiver_name) is not None
        written = _rust_param_type(enc.signature or "", site.receiver_name) if enc is not None and not rebound else None
        path = re.match(r"&?\s*(?:'\w+\s+)?(?:mut\s+)?((?:[A-Za-z_]\w*::)+[A-Z]\w*)", written or "")
        typed = path.group(1) if path is not None and path.group(1).endswith("::" + typed) else typed
    if typed is None or "::" not in typed or not site.path.endswith(".rs"):
        return False, typed
    module, _, name = typed.rpartition("::")
    return name == owner and _rust_module_verdict(index, module + "::", owner_cls, owner) is False, name


def _outside_class_value(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller,
                         typed: str, owner: str) -> bool:
    """A PHP or JS/TS value declared with a class from outside the repository: `$process = new Process(..)`,
    `LoggerInterface $logger`, `const xhr = new XMLHttpRequest()`; its calls are that class's."""
    if site.path.endswith(".php"):
        return typed not in _PHP_UNTYPED and typed[:1].isupper() and not _is_type(index, typed) \
            and typed not in _php_aliases(lines)
    return site.path.endswith(_JS_EXTS) and _ts_outside_type(index, defs, lines, site, typed, owner)


def _ts_outside_type(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, typed: str,
                     owner: str) -> bool:
    """Whether a JS/TS value's declared type is a class from outside the repository that the method's class does not
    extend (`_webSocket?: WebSocket`, `const xhr = new XMLHttpRequest()`): its calls are that class's (signalr run
    535 listed `xhr.send(..)` as maybe HttpClient.send). A type parameter (`T`, or one the definitions around
    declare) is no such class."""
    base = re.sub(r"<.*|\[\]|[?\s]", "", typed).rsplit(".", 1)[-1]
    if not re.fullmatch(r"[A-Z][\w$]*", base) or re.fullmatch(r"[A-Z]\d?|T[A-Z]\w*", base) or base in ("Object", "Function"):
        return False
    if _is_type(index, base) or inherits(index, owner, base):
        return False
    # (a name a relative import binds, `import { Client as Transport } from "./client"`, is the repository's: review
    # of stop 59 had all three calls through such an alias left out)
    bound = re.compile(rf"^\s*import\b[^;]*?(?<![\w$.]){re.escape(base)}\b[^;]*?\bfrom\s*[\"']\.")
    if any(imp.module.startswith(".") and bound.search("\n".join(lines[imp.line - 1:imp.line + 12]))
           for imp in index.imports_of(site.path)):
        return False
    around = [s for s in _symbols_of(index, defs, site.path) if s.start_line <= site.line <= s.end_line]
    return not any(re.search(rf"<[^()]*\b{re.escape(base)}\b", (s.signature or "").split("(", 1)[0]) for s in around)


def _rust_macro_only(index: IndexQueries, r: Any, name: str, cache: dict[str, list[str]]) -> bool:
    """Whether a Rust line names `name` only as a macro invocation (`fix!(ShortMonthName)`), no call of a function or
    method of that name (chrono run 499: 128 `fix!(..)` had been "other calls named 'fix' left out")."""
    text = _file_lines(getattr(index, "ws", None), r.path, cache)[r.line - 1] if getattr(index, "ws", None) else ""
    return re.search(rf"(?<![\w$]){re.escape(name)}\s*!", text) is not None \
        and re.search(rf"(?<![\w$]){re.escape(name)}\s*(?:::\s*<[^>]*>\s*)?\(", text) is None


def _rust_projection(index: IndexQueries, fields: list[Symbol], word: str) -> str | None:
    """Rust: the trait bounding the associated type a field is declared with (`offset: Tz::Offset` where a trait says
    `type Offset: Offset;`): its values are that trait's (chrono run 499: `self.offset.fix()` was "another type's
    method", the field read as a `Tz`)."""
    for f in fields:
        m = re.search(rf"\b{re.escape(word)}\s*:\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:[A-Z]\w*|Self)\s*::\s*([A-Z]\w*)\b",
                      f.signature or "") if f.language == "rust" else None
        if m is None:
            continue
        for a in index.symbols_named(m.group(1)):
            bound = re.match(rf"\s*type\s+{re.escape(m.group(1))}\s*:\s*(?:\?Sized\s*\+\s*)?(?:[\w]+::)*([A-Z]\w*)",
                             a.signature or "") if a.name == m.group(1) and a.language == "rust" else None
            if bound is not None:
                return bound.group(1)
    return None


def value_type(index: IndexQueries, lines: list[str], sym: Symbol, line: int, word: str,
               cache: dict[str, list[Symbol]] | None = None) -> str | None:
    """The type the name `word` holds at `line` of `sym`'s file, as its declarations say (a parameter, a local, a
    field, a Go package var); None when nothing says. `cache`: files' symbols, shared by the caller's loop."""
    return _declared_receiver(index, {} if cache is None else cache, lines, Caller(sym, sym.path, line), word)


def _smart_cast(lines: list[str], enc: Symbol, line: int, word: str, typed: str | None) -> str | None:
    """A parameter's declared type `typed`, or in Kotlin the type a smart cast of it (`value: Any`, then `is
    JavaScriptObject ->`) or a local shadowing it gives at `line`; in Python, of any name, the class an enclosing
    `if isinstance(word, T):` or an `assert isinstance(word, T)` above narrows it to."""
    if enc.language == "python":
        return _python_narrowed(lines, enc.start_line, line, word) or typed
    if typed is None or enc.language != "kotlin":
        return typed
    cast = local_binding(lines, enc.start_line, line, word)
    return cast[1] if cast is not None and cast[0] == "type" else typed


def _python_narrowed(lines: list[str], start: int, line: int, word: str) -> str | None:
    """The class a Python `isinstance` check narrows `word` to at `line`: the header of a block around the line
    (`if isinstance(command, Group):`, click run 273: `command.resolve_command(..)` in it was by name only) or an
    `assert isinstance(word, T)` above it in its block or one around; None when none does."""
    w = re.escape(word)
    head = re.compile(rf"^\s*(?:el)?if\s+isinstance\(\s*{w}\s*,\s*(?:\w+\.)*([A-Za-z_]\w*)\s*\)\s*:")
    asserted = re.compile(rf"^\s*assert\s+isinstance\(\s*{w}\s*,\s*(?:\w+\.)*([A-Za-z_]\w*)\s*\)")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = len(text) - len(text.lstrip())
    for n in range(line - 1, max(start, line - 200) - 1, -1):
        t = lines[n - 1] if 0 < n <= len(lines) else ""
        if not t.strip() or t.lstrip().startswith("#"):
            continue
        k = len(t) - len(t.lstrip())
        if k <= indent and (m := asserted.match(t)):
            return m.group(1)
        if k < indent:
            m = head.match(t)
            if m:
                return m.group(1)
            if re.match(r"\s*(?:async\s+)?def\s", t):
                return None
            indent = k
    return None


def _rust_field_chain(index: IndexQueries, enc: Symbol, chain: str) -> str | None:
    """The type of `self.a.b.c` in a Rust method: Self's field a, then that type's field b, and so on (regex run
    272: `let lits = &self.ro.nfa.prefixes; lits.find(..)` was a name-only caller of LiteralSearcher::find)."""
    owner = _rust_self_type(index, enc)
    for step in chain.split("."):
        got = member_of_type(index, owner, step, enc, []) if owner else None
        declared = re.search(rf"\b{re.escape(step)}\s*:\s*(.+?)\s*,?\s*$", _uncut(index, got[0]).signature or "") \
            if got is not None else None
        owner = named_type(declared.group(1)) if declared else None  # (through `&'c Arc<ExecReadOnly>`)
    return owner


def _self_class(index: IndexQueries, enc: Symbol, word: str) -> str | None:
    """The class of the method `enc` when `word` is this/self: `x = self.build()` is the class's own method's value."""
    if word not in ("self", "this") or enc.parent_id is None:
        return None
    holder = index.get_symbol(enc.parent_id)
    return holder.name if holder is not None and holder.kind in _CLASS_KINDS else None


def _python_entered(index: IndexQueries, lines: list[str], enc: Symbol, line: int, word: str, typed: str | None) -> str | None:
    """A local bound by `with X as word:` is what X's `__enter__` returns: the value itself when __enter__ says so
    (`-> Context`, `-> Self`) or says nothing, another type when its annotation names one, None when it returns
    something of no named type."""
    if typed is None or enc.language != "python":
        return typed
    w = re.escape(word)
    if not any(re.match(rf"\s*(?:async\s+)?with\s+.*\bas\s+{w}\b", t) for t in lines[enc.start_line - 1:line]):
        return typed
    got = member_of_type(index, typed, "__enter__", enc, [])
    if got is None:
        return typed
    head = " ".join((got[0].signature or "").split())
    returned = re.search(r"\)\s*->\s*(.+?)\s*:?\s*$", head)
    if returned is None or returned.group(1).strip("'\"") in ("Self", "te.Self", "typing.Self", "t.Self", typed):
        return typed
    return named_type(returned.group(1).strip("'\""))


def _python_attribute_local(index: IndexQueries, cache: dict[str, list[Symbol]], lines: list[str], site: Caller,
                            enc: Symbol, word: str, depth: int) -> str | None:
    """A Python local copied from an attribute chain, `line_ctr = lex_state.line_ctr` above the site: the type the
    last attribute is declared with, off the first name's (lark run 523: with `lex_state: LexerState` and the class's
    `line_ctr: LineCounter`, `line_ctr.feed(..)` had been a receiver of unknown type under a complete callees answer)."""
    found = _attribute_source(lines, enc.start_line, min(site.line, enc.end_line), word) if depth < 2 else None
    return _go_field_chain(index, cache, lines, Caller(site.symbol, site.path, found[0]), enc, found[1], depth) \
        if found is not None else None


def _attribute_source(lines: list[str], start: int, end: int, word: str) -> tuple[int, str] | None:
    """The line and attribute chain a Python local is last copied from above line `end` (`x = a.b.c`), None when the
    nearest binding of it is anything else."""
    w = re.escape(word)
    chain = re.compile(rf"^\s*{w}\s*=\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\s*(?:#.*)?$")
    other = re.compile(rf"^\s*(?:{w}\s*(?::|=[^=])|for\b.*\b{w}\b.*\bin\b|.*\bas\s+{w}\b)")
    for n in range(min(end, len(lines)) - 1, start, -1):
        m = chain.match(lines[n - 1])
        if m is not None:
            return n, m.group(1)
        if other.match(lines[n - 1]):
            return None
    return None


def _attribute_chain_type(index: IndexQueries, sym: Symbol, own_class: Symbol | None, chain: str) -> str | None:
    """The type at the end of `a.b.c` read in `sym`: a's declared type (a parameter, or self's class), then each
    attribute's declared type."""
    first, *steps = chain.split(".")
    owner = own_class.name if first in ("self", "cls") and own_class is not None else declared_type(sym.signature or "", first)
    for step in steps:
        got = member_of_type(index, owner, step, sym, []) if owner else None
        owner = _value_type(_uncut(index, got[0]), False) if got is not None else None
    return owner


def _python_local(index: IndexQueries, syms: list[Symbol], lines: list[str], enc: Symbol, word: str,
                  binding: tuple[str, str] | None, depth: int) -> str | None:
    """What a Python local's binding says of its type: declared (`("type", T)`), bound by tuple unpacking (see
    _python_unpacked), or none, a closure's free variable (_closure_parameter)."""
    if binding is None:
        return _closure_parameter(index, lines, enc, word) if depth == 0 else None
    if binding[0] == "unpack":
        return _python_unpacked(index, syms, enc, binding[1])
    return binding[1] if binding[0] == "type" else None


def _closure_parameter(index: IndexQueries, lines: list[str], enc: Symbol, word: str) -> str | None:
    """A Python closure's free variable declared as a parameter of a function around it (click's `_process_result`
    inside Group.invoke reads `ctx: Context`; run 270 had its `ctx.invoke(..)` by name only); None when a function
    around binds it otherwise, or none does."""
    w = re.escape(word)
    if re.search(rf"\bdef\s+\w+\s*\((?:[^)]*?,)?\s*\*{{0,2}}{w}\s*[:=,)]", " ".join((enc.signature or "").split())) \
            or re.search(rf"^\s*(?:async\s+)?(?:for\s+(?:[\w\s,*]*?,\s*)?{w}\b[^=]*\bin\b|with\b.*\bas\s+{w}\b)",
                         "\n".join(lines[enc.start_line : enc.end_line]), re.M):
        return None  # the closure's own parameter (`def callback(ctx):`), loop or `with` target: not the outer one's
    outer = enc
    for _ in range(3):
        outer = index.get_symbol(outer.parent_id) if outer.parent_id is not None else None  # type: ignore[assignment]
        if outer is None or outer.kind not in ("function", "method"):
            return None
        typed = declared_type(outer.signature or "", word)
        if typed is not None or local_binding(lines, outer.start_line, enc.start_line, word) is not None:
            return typed
    return None


def _python_unpacked(index: IndexQueries, syms: list[Symbol], enc: Symbol, how: str) -> str | None:
    """The type of one name a Python tuple unpacking binds (`how` = "position|receiver|function"), read off the
    function's `-> tuple[..]` annotation: `cmd_name, cmd, args = self.resolve_command(ctx, args)` with
    `-> tuple[str | None, Command | None, list[str]]` binds a Command (click run 270)."""
    position, receiver, fn = how.split("|")
    if int(position) < 0:
        return None  # after a starred target (`first, *middle, last = f()`): its position from the end is unknown
    if receiver in ("self", "cls"):
        classes = [s for s in syms if s.kind == "class" and s.start_line <= enc.start_line <= s.end_line]
        if not classes:
            return None
        cls = max(classes, key=lambda c: c.start_line)
        # (the class's own method: `MultiGroup.resolve` is no `Group.resolve`; an inherited one is not followed)
        found = [s for s in index.symbols_named(fn) if s.name == fn and s.kind in ("method", "function")
                 and s.parent_id == cls.id]
    elif not receiver:
        found = [s for s in index.symbols_named(fn) if s.name == fn and s.kind == "function" and s.parent_id is None
                 and s.language == "python"]
        found = [s for s in found if s.path == enc.path] or found
    else:
        return None
    results: set[str | None] = set()
    for d in found:
        m = re.search(r"\)\s*->\s*(?:t\.|typing\.)?[Tt]uple\s*\[(.*)\]\s*:?\s*$", " ".join((d.signature or "").split()))
        parts = top_level(m.group(1)) if m else []
        results.add(named_type(parts[int(position)]) if int(position) < len(parts) and "..." not in parts else None)
    return next(iter(results)) if len(results) == 1 else None


def _go_var_method_returns(index: IndexQueries, lines: list[str], enc: Symbol, site: Caller, word: str,
                           method: str) -> str | None:
    """Go `iter := ConfigFastest.BorrowIterator(..)`: what the method returns, called on a package-level var (an
    exported name, read as a call of a package's function by the binding's pattern)."""
    rx = re.compile(rf"\b{re.escape(word)}\s*:?=\s*([A-Z]\w*)\s*\.\s*{re.escape(method)}\s*\(")
    for n in range(site.line, enc.start_line - 1, -1):
        m = rx.search(lines[n - 1]) if 0 < n <= len(lines) else None
        if m is not None:
            owner = _go_var_type(index, site.path, m.group(1), 1)
            got = member_of_type(index, owner, method, enc, []) if owner else None
            return return_type(got[0].signature or "", "go") if got is not None else None
    return None


def _go_var_type(index: IndexQueries, path: str, word: str, depth: int = 0) -> str | None:
    """The type of the package-level Go var `word` of the package (directory) `path` is in: declared
    (`var X T`), or what its value says: `&T{..}`, `T{..}`, `T{..}.Froze()` (json-iterator's
    `var ConfigFastest = Config{...}.Froze()` is an API), `NewT(..)`."""
    folder = path.rpartition("/")[0]
    for d in index.symbols_named(word):
        if d.name != word or d.parent_id is not None or d.language != "go" or d.kind != "variable" \
                or d.path.rpartition("/")[0] != folder:
            continue
        declared = re.search(rf"\b{re.escape(word)}\s+\*?(\w+\.)?([A-Za-z_]\w*)\b(?!\s*[({{])", d.signature or "")
        if declared and declared.group(2) not in ("func", "struct", "interface", "map", "chan"):
            # `var std *log.Logger`: another package's type, never the repository's namesake
            return None if declared.group(1) else declared.group(2)
        text = " ".join(t.strip() for t in lines_of(index, d.path)[d.start_line - 1:min(d.end_line, d.start_line + 60)])
        qualified = re.search(rf"\b{re.escape(word)}\s*=\s*([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)\s*\(", text)
        if qualified is not None:  # `testSuite2 = pongo2.NewSet(..)` in pongo2's external test package: what the
            # repository package's function returns (pongo2 run 528: `t, err := testSuite2.FromString(s)` untyped)
            return _go_package_returns(index, qualified.group(1), qualified.group(2))
        value = re.search(rf"\b{re.escape(word)}\s*=\s*&?([A-Za-z_]\w*)\s*([({{])", text)
        if value is None:
            continue
        if value.group(2) == "(":  # `var DefaultClient = NewClient()`: what the package's function returns
            return next((return_type(f.signature or "", "go") for f in index.symbols_named(value.group(1))
                         if f.kind == "function" and f.parent_id is None and f.path.rpartition("/")[0] == folder), None)
        then = re.search(r"\}\s*\.\s*([A-Za-z_]\w*)\s*\([^()]*\)\s*(?://.*)?$", text)
        if then is None:
            return value.group(1)  # `&Client{..}`, `Config{..}`
        got = member_of_type(index, value.group(1), then.group(1), d, []) if depth < 2 else None
        return return_type(got[0].signature or "", "go") if got is not None else None
    return None


_PHP_FOREACH = r"foreach\s*\(\s*(?:array_\w+\()?\s*\$(this->)?(\w+)\)?\s+as\s+(?:\$\w+\s*=>\s*)?\${w}\b"


_PHP_UNTYPED = frozenset({"array", "iterable", "mixed", "object", "callable", "self", "static"})


def _php_narrowed(lines: list[str], enc: Symbol, line: int, word: str) -> str | None:
    """The class an `instanceof` check narrows a PHP receiver to at `line`: `if ($this->condition instanceof AndExpr)
    {` around it, or `\\assert($parser instanceof InlineParserInterface);` above it in its block or one around
    (commonmark run 374: Query::andWhere's `$this->condition->add(..)` had been a PrioritizedList::add call "by name
    only", and InlineParserEngine::parse's `$parser->parse(..)` unresolved)."""
    name = re.escape(word.lstrip("$"))
    subject = rf"\${name}" if word.startswith("$") else rf"\$this\s*->\s*{name}"
    check = re.compile(rf"(?<!!)(?<!!\()\s*{subject}\s+instanceof\s+\\?(?:\w+\\)*(\w+)")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = len(text) - len(text.lstrip())
    for n in range(line - 1, max(enc.start_line, line - 120) - 1, -1):
        t = lines[n - 1] if 0 < n <= len(lines) else ""
        if not t.strip():
            continue
        k = len(t) - len(t.lstrip())
        m = check.search(t)
        if m is not None and ((k < indent and re.match(r"\s*(?:}\s*)?(?:else\s*)?if\s*\(", t))
                              or (k <= indent and re.match(r"\s*\\?assert\s*\(", t))):
            return m.group(1)
        if re.search(rf"{subject}\s*=[^=>]", t):
            return None  # assigned again above the call: the check above that says nothing of it
    return None


def _php_value_type(index: IndexQueries, syms: list[Symbol], lines: list[str], enc: Symbol | None, site: Caller,
                    word: str) -> str | None:
    """PHP: the class a receiver holds, as its declarations say: a property (`$this->handler`) typed in its header
    (`protected HandlerInterface $handler`) or its docblock (`/** @var HandlerInterface */`), of this class or a
    base; a parameter (`HandlerInterface $handler`); a `foreach ($this->handlers as $handler)` over a property or
    parameter declared `HandlerInterface[]` (the Monolog A/B agent found 7 of 10 handleBatch callers "name only")."""
    name = word.lstrip("$")
    text = lines[site.line - 1] if 0 < site.line <= len(lines) else ""
    narrowed = _php_narrowed(lines, enc, site.line, word) if enc is not None else None
    if narrowed is not None:
        return narrowed
    if not word.startswith("$") and re.search(rf"\$this\s*->\s*{re.escape(name)}\s*(?:->|\?->)", text):
        return _php_property_type(index, syms, lines, site.line, name)
    if enc is not None and not word.startswith("$") and word[:1].islower() and word.isidentifier() \
            and not re.search(rf"\$(?!this\b)\w+\s*->\s*{re.escape(name)}\b", text):
        return _php_property_type(index, syms, lines, site.line, name)  # `styleStack` of `$this->styleStack->x()`
    if enc is None or not word.startswith("$"):
        return None
    for n in range(site.line, enc.start_line - 1, -1):  # `$handler = new static($logger);` above the call
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        if n == site.line and re.search(rf"\${re.escape(name)}\s*=\s*\${re.escape(name)}\s*(?:->|\?->)", text):
            continue  # `$str = $str->slice(..)`: the call is on the value from above
        cloned = re.search(rf"\${re.escape(name)}\s*=\s*clone\s+\$(\w+)\s*;", text)
        if cloned is not None:  # `$str = clone $this;`: a copy of the same class (Symfony String run 453)
            return _php_enclosing_class(syms, site.line) if cloned.group(1) == "this" else \
                _php_value_type(index, syms, lines, enc, Caller(enc, site.path, n - 1), "$" + cloned.group(1)) \
                if cloned.group(1) != name else None
        made = re.search(rf"\${re.escape(name)}\s*=\s*new\s+\\?([\\\w]+)", text)
        held_by = re.search(rf"\${re.escape(name)}\s*=\s*\$this\s*->\s*(\w+)\s*\??->\s*(\w+)\s*\(", text) \
            if made is None else None
        if held_by is not None:  # `$time = $this->timeProvider->getTime();`: what the property's class returns
            held = _php_property_type(index, syms, lines, n, held_by.group(1))  # (ramsey/uuid run 505)
            got = _php_returned(index, syms, n, held_by.group(2), held) if held is not None else None
            return _php_then(index, syms, n, text, held_by.end(), got)
        returned = re.search(rf"\${re.escape(name)}\s*=\s*(?:\$this\s*->\s*(\w+)|\\?(?:\w+\\)*([A-Z]\w*)\s*::\s*(\w+)"
                             rf"|\$(\w+)\s*->\s*(\w+))\s*\(", text) if made is None else None
        if returned is not None and returned.group(4):  # `$style = $stack->getCurrent()`: what the local's class returns
            held = _php_value_type(index, syms, lines, enc, Caller(enc, site.path, n - 1), "$" + returned.group(4)) \
                if returned.group(4) not in (name, "this") else None
            got = _php_returned(index, syms, n, returned.group(5), held) if held is not None else None
            return _php_then(index, syms, n, text, returned.end(), got)
        if returned is not None:  # `$in = $this->createCompletionInput($input)`, `$in = CompletionInput::fromTokens(..)`
            cls_name = returned.group(2) if returned.group(2) not in ("self", "static", "parent") else None
            got = _php_returned(index, syms, n, returned.group(1) or returned.group(3), cls_name)
            return _php_then(index, syms, n, text, returned.end(), got)
        if made is not None:
            cls = made.group(1).rsplit("\\", 1)[-1]
            return _php_enclosing_class(syms, site.line) if cls in ("static", "self") else cls
    own = declared_type(enc.signature or "", word)
    if own is not None and own not in _PHP_UNTYPED:
        return own
    if own in ("self", "static") and enc.parent_id is not None:  # `self $pad`: the class the method is of
        return _php_enclosing_class(syms, enc.start_line)
    for n in range(site.line, enc.start_line - 1, -1):  # the nearest foreach binding it above the call
        m = re.search(_PHP_FOREACH.format(w=re.escape(name)), lines[n - 1]) if 0 < n <= len(lines) else None
        if m is None:
            continue
        if m.group(1):
            return _php_property_type(index, syms, lines, site.line, m.group(2), element=True)
        # `$items = $this->items;` above `foreach ($items as $k => $item)`: the property's elements (Nette run 430:
        # Structure::complete's `$itemVal->complete(..)` with `/** @var Schema[] */ private $items`)
        copied = next((c for k in range(n, enc.start_line - 1, -1) if 0 < k <= len(lines)
                       and (c := re.search(rf"\${re.escape(m.group(2))}\s*=\s*\$this\s*->\s*(\w+)\s*;", lines[k - 1]))), None)
        if copied is not None:
            return _php_property_type(index, syms, lines, site.line, copied.group(1), element=True)
        return _php_doc_type(lines, enc.start_line, "param", m.group(2), element=True)
    return None


def _php_enclosing_class(syms: list[Symbol], line: int) -> str | None:
    """The name of the innermost PHP class around `line`: what `self`, `static` and `clone $this` stand for."""
    cls = class_around(syms, line)
    return cls.name if cls is not None else None


def _php_property_type(index: IndexQueries, syms: list[Symbol], lines: list[str], line: int, name: str, *,
                       element: bool = False) -> str | None:
    """The class of a property `name` of the class around `line` (or a base's), from its header or docblock;
    `element`: of an array property's elements (`@var HandlerInterface[]`)."""
    cls = class_around(syms, line)
    prop = next((s for s in syms if s.name == name and s.kind in _FIELD_KINDS and cls is not None and s.parent_id == cls.id), None)
    texts = lines
    if prop is None and cls is not None:
        prop = _inherited_member(index, cls, name, index.symbols_in_file)
        texts = lines_of(index, prop.path) if prop is not None else lines
    if prop is None or prop.kind not in _FIELD_KINDS:
        return None
    # (a union's first class: `Foo|null $foo`, `float | int | IntegerObject $seconds`; an alias as its class)
    header = re.search(rf"((?:\??[\\\w]+\s*\|\s*)*\??[\\\w]+)\s+\${re.escape(name)}\b", prop.signature or "")
    typed = next((t for part in re.split(r"\s*\|\s*", header.group(1)) if (t := part.lstrip("?").rsplit("\\", 1)[-1])
                  not in _PHP_SCALARS), None) if header and not element else None
    if typed is not None:
        return php_unaliased(index, prop.path, typed)
    doc = _php_doc_type(texts, prop.start_line, "var", None, element=element)
    return doc if doc is not None or element else _php_assigned_type(index, texts, prop, name)


def _php_assigned_type(index: IndexQueries, lines: list[str], prop: Symbol, name: str) -> str | None:
    """An untyped PHP property's class from what its class assigns it: `$this->application = $application;` with
    `Application $application` in that method's header (a constructor, mostly), or `$this->x = new X(..)`
    (Symfony's ApplicationTester: `private $application;` made `$this->application->run(..)` "name only")."""
    holder = index.get_symbol(prop.parent_id) if prop.parent_id is not None else None
    if holder is None:
        return None
    syms = index.symbols_in_file(prop.path)
    rx = re.compile(rf"\$this\s*->\s*{re.escape(name)}\s*=\s*(?:new\s+\\?(?:\w+\\)*(\w+)|\$(\w+)\s*;)")
    for n in range(holder.start_line, min(holder.end_line, len(lines)) + 1):
        m = rx.search(lines[n - 1])
        if m is None:
            continue
        if m.group(1):
            return None if m.group(1) in ("static", "self") else m.group(1)
        enc = enclosing(syms, n)
        typed = declared_type(enc.signature or "", "$" + m.group(2)) if enc is not None else None
        if (typed is None or typed in _PHP_UNTYPED) and enc is not None:
            # the docblock's `@param Scanner $scanner` of an untyped parameter (html5-php run 569: `$this->scanner
            # ->getHex()` unresolved, `$this->events->text(..)` a caller of Tokenizer::text "by same file")
            typed = _php_doc_type(lines, enc.start_line, "param", m.group(2), element=False)
        if typed is not None and typed not in _PHP_UNTYPED and typed.rsplit("\\", 1)[-1] not in _PHP_SCALARS:
            return typed
    return None


#: PHP types that hold no class
_PHP_SCALARS = frozenset({"array", "iterable", "mixed", "string", "int", "float", "bool", "callable", "object", "null",
                          "resource", "false", "true", "self", "static", "void",
                          "public", "protected", "private", "readonly", "var"})  # and the modifiers before a name


def declared_return(index: IndexQueries, made: Symbol) -> str | None:
    """The type a function's header says it returns, or for PHP the docblock's `@return` ("Self" for
    self/static/$this)."""
    typed = return_type(made.signature or "", made.language)
    return _php_doc_return(index, made) if typed is None and made.language == "php" else typed


def _php_doc_return(index: IndexQueries, made: Symbol) -> str | None:
    """The class a PHP method's docblock says it returns (`@return OutputFormatterStyle`, a union's first class;
    `$this`/`static`/`self` as the method's own class) when its header declares none."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return None
    lines = _file_lines(ws, made.path, {})
    for n in range(made.start_line - 1, max(made.start_line - 30, 0), -1):
        text = lines[n - 1] if n <= len(lines) else ""
        if not text.strip().startswith(("*", "/**", "*/")):
            break
        if re.search(r"@return\s+(?:\$this|static|self)\b", text):
            return "Self"
    return _php_doc_type(lines, made.start_line, "return", None, element=False)


def _php_doc_type(lines: list[str], start: int, tag: str, name: str | None, *, element: bool) -> str | None:
    """The class a docblock right above line `start` gives (`@var HandlerInterface`, `@param HandlerInterface[]
    $handlers`; a union's first class); `element`: only an array's (`X[]`, `array<X>`, `list<X>`)."""
    for n in range(start - 1, max(start - 30, 0), -1):
        text = lines[n - 1] if n <= len(lines) else ""
        if not text.strip().startswith(("*", "/**", "*/")):
            break
        # (a generic type over spaces too: `@var array<string, PrioritizedList<NodeRendererInterface>>`, commonmark)
        m = re.search(rf"@{tag}\s+((?:[^\s<]|<(?:[^<>]|<[^<>]*>)*>)+)" + (rf"\s+\${re.escape(name)}\b" if name else ""), text)
        if m is None:
            continue
        for part in m.group(1).split("|"):
            inner = re.fullmatch(r"\??\\?([\\\w]+)\[\]|(?:array|list|iterable)<(?:[\w\s\\]+,\s*)?\\?([\\\w]+)(?:<[^<>]*>)?>", part)
            got = (inner.group(1) or inner.group(2)) if inner else (None if element else part.lstrip("?\\"))
            if got and got.rsplit("\\", 1)[-1] not in _PHP_SCALARS:
                return got.rsplit("\\", 1)[-1]
        return None
    return None


def _as_bound(index: IndexQueries, syms: list[Symbol], enc: Symbol | None, line: int, typed: str,
              want: str | None = None) -> str:
    """A type parameter as its bound, read from the definition around `line` and the impls and classes holding it
    (`collection: C` or `let mut collection = C::default()` with `C: ParallelExtend<T>`; a field `b: &mut FromB`
    with the impl's `where FromB: ParallelExtend<..>`); any other type as it is."""
    heads = [enc.signature or ""] if enc is not None else []
    heads += [s.signature or "" for s in syms if s.start_line <= line <= s.end_line and (s.kind in _CLASS_KINDS or s.kind == "impl")
              and (enc is None or s.id != enc.id)]

    def known(name: str) -> bool:
        return _is_type(index, name)

    if want is not None:  # the bound the method asked about comes through, of several (`G: Visitable + NodeIndexable`)
        for h in heads:
            bounds = generic_bounds(h, typed)
            hit = next((b for b in bounds if b == want), None) or \
                next((b for b in bounds if _is_type(index, b) and inherits(index, b, want)), None) or \
                next((b for b in bounds if _is_type(index, b) and inherits(index, want, b)), None)
            if hit is not None:  # (the last: a bound the wanted trait extends, `G: Visitable + NodeIndexable` for
                return hit  # WithDummy's method, which a blanket `impl<G: NodeIndexable> WithDummy for G` gives it)
    return next((b for h in heads if (b := generic_bound(h, typed, known)) is not None), typed)


_FIELD_KINDS = frozenset({"field", "property", "variable", "constant"})
#: words before `xs[..]` that declare no array of that type (`return xs[0];`, `delete xs[i];`)
_C_NOT_ELEMENT = frozenset({"return", "delete", "throw", "case", "else", "goto", "sizeof", "co_return", "co_yield",
                            "new", "const", "static", "auto", "do"})


def field_type(signature: str, name: str) -> str | None:
    """The type a field's (or variable's) header declares `name` with (`x: T`, `T x;`, Go `X pkg.T`, a Go embedded
    field `*MetricVec`, named by its type), or None."""
    if go_embedded_field(signature) == name:
        return name
    for rx in _FIELD_TYPE:
        m = re.search(rx.format(w=re.escape(name)), signature)
        if m and m.group(1) not in _KEYWORDS_TYPES:
            # a Rust smart pointer derefs to what it holds: `ro: &'c Arc<ExecReadOnly>` is read as an ExecReadOnly
            # (regex run 388: `self.ro.ac...` chains stopped at Arc)
            inner = re.match(r"\s*<\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:\w+::)*([A-Z]\w*)", signature[m.end(1):]) \
                if m.group(1) in _RUST_POINTERS else None
            return inner.group(1) if inner else m.group(1)
    return None


#: Rust's smart pointers, which deref to the value they hold
_RUST_POINTERS = frozenset({"Box", "Rc", "Arc"})


#: languages whose methods may leave their return type unsaid and hand back the object they were called on
_FLUENT_LANGUAGES = frozenset({"php", "javascript", "typescript", "tsx", "python"})
_RETURN_LINE = re.compile(r"^\s*return\b(.*?);?\s*$")
_RETURN_SELF = re.compile(r"\s*(?:\$this|this|self)\s*")
#: the whole value a call of an own method (its arguments balanced, one level deep: `return $this->addRows($rows);`,
#: not `return $this->applyScopes()->getQuery();`)
_RETURN_OWN_CALL = re.compile(r"\s*(?:\$this->|this\.|self\.)(\w+)\s*\((?:[^()]|\([^()]*\))*\)\s*")
#: a line going on with the statement above (`return $this` then `->getQuery();`)
_GOES_ON = re.compile(r"\s*(?:\??->|\??\.(?!\.))")


def _returns_self(index: IndexQueries, d: Symbol, lines: list[str], depth: int = 0) -> str | None:
    """"Self" when a method with no declared return type hands back the object it was called on: every `return` in
    its body is `return $this;` (`this`, `self`), or a call of a method of its own class that does so (Symfony's
    `setRows` is `return $this->addRows($rows);`, whose docblock says `@return $this`). None otherwise."""
    returns = [(n, m.group(1)) for n in range(d.start_line + 1, min(d.end_line, len(lines)) + 1)
               if (m := _RETURN_LINE.match(lines[n - 1])) is not None]
    if not returns or len(returns) > 6:
        return None
    for n, _ in returns:  # a return whose value goes on below (`return $this\n->getQuery();`) is another value
        after = next((lines[k - 1] for k in range(n + 1, min(d.end_line, len(lines)) + 1) if lines[k - 1].strip()), "")
        if _GOES_ON.match(after):
            return None
    for _, value in returns:
        if _RETURN_SELF.fullmatch(value):
            continue
        own = _RETURN_OWN_CALL.fullmatch(value)
        if own is None or depth >= 2 or d.parent_id is None:
            return None
        made = next((s for s in index.symbols_in_file(d.path) if s.parent_id == d.parent_id and s.name == own.group(1)
                     and s.kind == "method" and s.id != d.id), None)
        typed = declared_return(index, made) if made is not None else None
        if made is None or (typed or _returns_self(index, made, lines, depth + 1)) != "Self":
            return None
    return "Self"


def _is_chain(r: str) -> bool:
    """A receiver that is a chain of reads (graph.receiver_chain), not a cast `(T)`, a module path or a call alone."""
    return "." in r and not r.startswith("(") and bool(re.fullmatch(r"(?:\w+::)*#?[\w$]+(?:\(\))?(?:\.#?[\w$]+(?:\(\))?)+", r))


def _uncut(index: IndexQueries, d: Symbol) -> Symbol:
    """A function whose stored header was cut ('…') with its whole header, so what it returns is read (TanStack's
    `build<4 type parameters>(client, options, state?): Query<..>`)."""
    if not (d.signature or "").endswith("…") or d.kind not in ("function", "method"):
        return d
    header = whole_header(lines_of(index, d.path), d.start_line, colon_ends=d.language == "python", end=d.end_line)  # `def f(..) -> T:`
    return dataclasses.replace(d, signature=header) if header else d


def _value_type(d: Symbol, called: bool) -> str | None:
    """The type a member gives: what a method returns when called, else a field's declared type."""
    if called:
        return return_type(d.signature or "", d.language) if d.kind in ("method", "function") else None
    return field_type(d.signature or "", d.name) if d.kind in _FIELD_KINDS else None


def _go_namesake_packages(index: IndexQueries, sites: list[Caller], owner: str, sym: Symbol) -> None:
    """Go: a call on a value typed `owner` in a package that defines its own type of that name, in a file that does
    not import the method's package, is the own type's method (testify run 296: `assert := New(t);
    assert.Equal(..)` in package assert was a caller of require.Assertions.Equal as well as assert's)."""
    ws = getattr(index, "ws", None)
    if sym.language != "go" or sym.kind != "method" or not owner or ws is None:
        return
    folder = sym.path.rpartition("/")[0]
    package = _go_package_path(ws, folder)
    if package is None:
        return
    others = {s.path.rpartition("/")[0] for s in index.symbols_named(owner) if s.name == owner and s.language == "go"
              and s.kind in _CLASS_KINDS and s.parent_id is None and s.path.rpartition("/")[0] != folder}
    if not others:
        return
    files: dict[str, list[str]] = {}
    for c in sites:
        if c.against or c.how != "receiver type" or "embeds" in (c.receiver_name or "") \
                or c.path.rpartition("/")[0] not in others:
            continue
        if not any(f'"{package}"' in text for text in _file_lines(ws, c.path, files)[:200]):
            c.against, c.receiver = True, False


def _go_embeds(index: IndexQueries, typed: str, name: str, package: str | None = None) -> bool:
    """Whether the repository's Go struct `typed` embeds a type named `name` (`type CounterVec struct { *MetricVec }`);
    with `package` (an import path), the embedded type of that package only (testify run 296: Suite embeds
    *assert.Assertions, and its promoted Equal had been require.Assertions.Equal's caller too)."""
    ws = getattr(index, "ws", None)
    for s in index.symbols_named(typed):
        if s.name == typed and s.language == "go" and s.kind in ("struct", "type", "class"):
            lines = lines_of(index, s.path)
            for qual, inner in go_embedded_qualified(lines, s.start_line, s.end_line):
                if inner != name:
                    continue
                if package is None or ws is None:
                    return True
                at = go_import_path(lines, qual) if qual else _go_package_path(ws, s.path.rpartition("/")[0])
                if at is None or at == package:
                    return True
    return False


def _go_receiver(index: IndexQueries, defs: dict[str, list[Symbol]], site: Caller, word: str, typed: str, owner: str,
                 callee: str | None, owner_folder: str | None = None) -> bool:
    """Go: a value of another type whose call still reaches `owner`'s method, marked so on `site`: `i.Called(..)`
    with `i *TestExampleImplementation` embedding mock.Mock (the promoted Mock.Called; the testify A/B agent found
    17 such calls left out), `r.Register(c)` with `r *Registry` for the interface method Registerer.Register (the
    prometheus A/B key counted 3). A type that declares the method itself shadows the embedded one (memberlist's
    nodeState embeds Node and has its own FullAddress: `node.FullAddress()` on a *nodeState is not Node's)."""
    own = [s for s in index.symbols_named(f"{typed}.{callee}") if s.qualname == f"{typed}.{callee}" and s.language == "go"] \
        if callee else []
    ws = getattr(index, "ws", None)
    package = _go_package_path(ws, owner_folder) if owner_folder is not None and ws is not None else None
    if _go_embeds_deep(index, typed, owner, package=package) and not own:
        site.receiver, site.how, site.receiver_name = True, "receiver type", f"{word}: {typed}, embeds {owner}"
        return True
    if _go_satisfies(index, defs, typed, owner):
        site.receiver, site.how, site.receiver_name = True, "receiver type", f"{word}: {typed}"
        return True
    if _go_satisfies(index, defs, owner, typed):
        # `setupAllSuite.SetupSuite()` with `setupAllSuite, ok := suite.(SetupAllSuite)`: an interface the method's
        # type implements, so the call may run this method (the review of stop 37 found such callers dropped)
        site.receiver, site.how, site.receiver_name = True, "base type", f"{word}: {typed}"
        return True
    return False


def _go_other_package(index: IndexQueries, defs: dict[str, list[Symbol]], lines: list[str], site: Caller, word: str,
                      owner: str, owner_folder: str) -> bool:
    """Go: whether the local or parameter `word` holds a `q.Owner` of another package than the one in
    `owner_folder`: declared so in the enclosing function's header or a `var`, or bound to a call whose definition
    returns one (`r := s.Require()` with `func (suite *Suite) Require() *require.Assertions`: testify run 386 found
    require's `r.Equal(..)` among assert's Assertions.Equal callers). The qualifier is read through the imports of
    the file that writes it."""
    ws = getattr(index, "ws", None)
    enc = enclosing(_symbols_of(index, defs, site.path), site.line)
    if ws is None or enc is None:
        return False
    qualified = re.compile(rf"\*?([A-Za-z_]\w*)\.{re.escape(owner)}\b")
    w = re.escape(word)
    found: list[tuple[str, list[str]]] = []  # (qualifier, the lines of the file writing it)
    m = re.search(rf"[(,]\s*{w}(?:\s*,\s*\w+)*\s+\*?([A-Za-z_]\w*)\.{re.escape(owner)}\b", enc.signature or "")
    if m:
        found.append((m.group(1), lines))
    for n in range(site.line - 1, enc.start_line - 1, -1):
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        declared = re.search(rf"\bvar\s+{w}\s+\*?([A-Za-z_]\w*)\.{re.escape(owner)}\b", text)
        if declared:
            found.append((declared.group(1), lines))
            break
        bound = re.search(rf"(?<![\w.]){w}\s*(?:,\s*\w+)*\s*:?=\s*(?:[\w.]+\.)?(\w+)\s*\(", text)
        if bound:
            for d in index.symbols_named(bound.group(1)):
                q = qualified.search(return_type_text(d.signature or "")) if d.language == "go" and d.name == bound.group(1) else None
                if q:
                    found.append((q.group(1), lines_of(index, d.path)))
            break
    want = _go_package_path(ws, owner_folder)
    return bool(found) and want is not None and all(
        (path := go_import_path(text, q)) is not None and path != want for q, text in found)


def return_type_text(signature: str) -> str:
    """The text after a Go function header's parameter list: its results (`*require.Assertions`, `(T, error)`)."""
    depth, start = 0, signature.find("(")
    if signature.startswith("func (") and start >= 0:  # a method: skip the receiver's parentheses first
        close = signature.find(")", start)
        start = signature.find("(", close + 1) if close >= 0 else -1
    for i in range(max(start, 0), len(signature)):
        depth += (signature[i] == "(") - (signature[i] == ")")
        if depth == 0 and signature[i] == ")":
            return signature[i + 1:]
    return ""


def _go_embeds_deep(index: IndexQueries, typed: str, name: str, depth: int = 0, package: str | None = None) -> bool:
    """Whether the Go struct `typed` embeds `name` (of the import path `package` when given), directly or through the
    structs it embeds (two levels)."""
    if _go_embeds(index, typed, name, package):
        return True
    if depth >= 2:
        return False
    for s in index.symbols_named(typed):
        if s.name == typed and s.language == "go" and s.kind in ("struct", "type", "class"):
            for inner in go_embedded(lines_of(index, s.path), s.start_line, s.end_line):
                if inner != typed and _go_embeds_deep(index, inner, name, depth + 1, package):
                    return True
    return False


def _go_package_var_type(index: IndexQueries, package: str, name: str) -> str | None:
    """The declared type of the package-level `var name T` of the repository's Go package named `package`."""
    for d in index.symbols_named(name):
        if d.name != name or d.parent_id is not None or d.language != "go" or d.kind not in ("variable", "constant"):
            continue
        if not any(re.match(rf"package\s+{re.escape(package)}\b", t) for t in lines_of(index, d.path)[:200]):
            continue
        m = re.search(rf"\b{re.escape(name)}\s+\*?(?:\w+\.)?([A-Za-z_]\w*)\b(?!\s*\()", d.signature or "")
        if m and m.group(1) not in ("func", "struct", "interface", "map", "chan"):
            return m.group(1)
    return None


def _go_call_returns(index: IndexQueries, package: str, fn: str, path: str) -> str | None:
    """What `package.fn(..)` returns in a Go file: a repository package's declared result, or _STD_TYPED for a
    standard-library package's (`h := sha1.New()`: miekg/dns's `h.Write(..)` calls are no repository type's)."""
    typed = _go_package_returns(index, package, fn)
    # (a generic function's result is what it was given: `cmp.Or(a, b)`, `heap.Pop(h)` asserted after)
    return _STD_TYPED if typed is None and package in go_std_package_names(index, path) \
        and package not in _GO_GENERIC_PACKAGES else typed


def _go_package_returns(index: IndexQueries, package: str, fn: str) -> str | None:
    """The type the function `fn` of the repository's Go package named `package` (its files' `package` clause)
    returns; None for another package's (`bytes.NewBuffer` is no repository NewBuffer) or when nothing says."""
    types: set[str | None] = set()
    for d in index.symbols_named(fn):
        if d.name != fn or d.kind != "function" or d.parent_id is not None or d.language != "go":
            continue
        head = lines_of(index, d.path)[:200]
        if any(re.match(rf"package\s+{re.escape(package)}\b", t) for t in head):
            types.add(return_type(d.signature or "", "go"))
    if not types:  # `FromString = DefaultSet.FromString`: a package var holding a method value (pongo2 run 528)
        types = {_go_method_value_returns(index, package, d) for d in index.symbols_named(fn)
                 if d.name == fn and d.kind == "variable" and d.parent_id is None and d.language == "go"}
        types.discard(None)
    return next(iter(types)) if len(types) == 1 else None


def _go_method_value_returns(index: IndexQueries, package: str, d: Symbol) -> str | None:
    """What the method value a package-level Go var of the package named `package` holds returns (`FromString =
    DefaultSet.FromString`: TemplateSet.FromString's first result)."""
    lines = lines_of(index, d.path)
    if not any(re.match(rf"package\s+{re.escape(package)}\b", t) for t in lines[:200]):
        return None
    text = " ".join(t.strip() for t in lines[d.start_line - 1 : min(d.end_line, d.start_line + 3)])
    m = re.search(rf"\b{re.escape(d.name)}\s*=\s*([A-Za-z_]\w*)\s*\.\s*([A-Za-z_]\w*)\s*(?://.*)?$", text)
    owner = _go_var_type(index, d.path, m.group(1), 1) if m is not None else None
    got = member_of_type(index, owner, m.group(2), d, []) if owner and m is not None else None
    return return_type(got[0].signature or "", "go") if got is not None and got[0].kind == "method" else None


def go_import_path(lines: list[str], word: str) -> str | None:
    """The import path a Go file binds to the package name `word` (as go_imports_package reads it), or None."""
    w = re.escape(word)
    rx = re.compile(rf'^\s*(?:import\s+)?(?:\(\s*)?(?:{w}\s+"([^"]+)"|"((?:[^"]*/)?(?:go-)?{w}(?:-go)?(?:\.v\d+|/v\d+)?)")')
    for text in lines[:300]:
        if text.startswith(("func ", "type ", "var ", "const ")):
            break
        m = rx.match(text)
        if m:
            return m.group(1) or m.group(2)
    return None


def go_dot_imports(lines: list[str]) -> list[str]:
    """The import paths a Go file imports with `.` (`. "github.com/antonmedv/expr/ast"`): their exported names are
    used unqualified there. Read up to its first declaration."""
    out: list[str] = []
    for text in lines[:300]:
        if text.startswith(("func ", "type ", "var ", "const ")):
            break
        m = re.match(r'^\s*(?:import\s+)?(?:\(\s*)?\.\s+"([^"]+)"', text)
        if m:
            out.append(m.group(1))
    return out


def go_imports_package(lines: list[str], word: str) -> bool:
    """Whether a Go file imports a package used as `word` (`"github.com/x/prometheus"`, `prom "github.com/x/y"`,
    `"gopkg.in/yaml.v2"` as yaml): read up to its first declaration."""
    w = re.escape(word)
    # a path's last element names the package, but for a `go-` prefix or `-go` suffix (`github.com/armon/go-metrics`
    # is package metrics) and a major version (`gopkg.in/yaml.v2`, `.../v3`)
    rx = re.compile(rf'^\s*(?:import\s+)?(?:\(\s*)?(?:{w}\s+"[^"]+"|"(?:[^"]*/)?(?:go-)?{w}(?:-go)?(?:\.v\d+|/v\d+)?")')
    for text in lines[:300]:
        if text.startswith(("func ", "type ", "var ", "const ")):
            break
        if rx.match(text):
            return True
    return False


def _returns(index: IndexQueries, fn: str, near: Symbol) -> str | None:
    """The type the function `fn` called from `near` is declared to return: its definition in the same file, else
    the ones of its language family when they all say the same type (`get_default_environment() ->
    BaseEnvironment`); None for a class (the call builds one: a local binding says so) or when nothing says."""
    family = language_family(near.language)
    defs = [s for s in index.symbols_named(fn) if s.name == fn and s.kind == "function" and s.parent_id is None
            and language_family(s.language) == family]
    same = [s for s in defs if s.path == near.path]
    types = {return_type(s.signature or "", s.language) for s in (same or defs)}
    return next(iter(types)) if len(types) == 1 else None


def _member_type(index: IndexQueries, word: str) -> str | None:
    """The type every field or property named `word` in the index is declared with, when they all agree (a member
    read off another value: `composite.borderRadius`); else None."""
    types: set[str] = set()
    for f in index.symbols_named(word):
        if f.name != word or f.kind not in ("field", "property"):
            continue
        got = next((m.group(1) for rx in _FIELD_TYPE if (m := re.search(rx.format(w=re.escape(word)), f.signature or ""))), None)
        if got is None or got in _KEYWORDS_TYPES:
            return None  # a field whose type the header does not say: no verdict
        types.add(got)
    return next(iter(types)) if len(types) == 1 else None


_KEYWORDS_TYPES = frozenset({"val", "var", "final", "static", "private", "public", "protected", "internal", "const", "let",
                             "readonly", "declare", "override", "abstract", "lateinit", "lazy", "volatile", "transient",
                             "mutable"})  # (`private readonly _onScroll = ..` is no field of type readonly: xterm run 587)


def _ruby_reader_type(index: IndexQueries, word: str) -> str | None:
    """Ruby: the class every reader named `word` hands back, when they all agree: a method whose body is one instance
    variable (`def file; @zip_fs_file; end`) or an `attr_reader :word`, the variable assigned a built object in its
    file (`@zip_fs_file = ZipFsFile.new(..)`); else None."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return None
    found: set[str] = set()
    cache: dict[str, list[str]] = {}
    for m in index.symbols_named(word):
        if m.name != word or m.language != "ruby" or m.kind not in ("method", "field", "property"):
            continue
        if re.match(r"\s*attr_writer\b", m.signature or ""):
            continue  # (ZipFsDir's `attr_writer :file` reads nothing)
        lines = _file_lines(ws, m.path, cache)
        body = [t.strip() for t in lines[m.start_line: max(m.start_line, m.end_line - 1)] if t.strip()]
        ivar = body[0] if len(body) == 1 and re.fullmatch(r"@\w+", body[0]) else \
            f"@{word}" if re.match(r"\s*attr_(?:reader|accessor)\b", m.signature or "") else None
        if ivar is None:
            return None  # a reader that computes its value: no verdict
        built = {b.group(1).rsplit("::", 1)[-1] for t in lines
                 if (b := re.search(rf"{re.escape(ivar)}\s*(?:\|\|)?=\s*(?:::)?([A-Z][\w:]*)\.new\b", t))}
        if len(built) != 1:
            return None
        found |= built
    return next(iter(found)) if len(found) == 1 else None


def _names_the_class(receiver: str, cls: str) -> bool:
    """`Config` / `config` / `_default_config` name a Config; `decoder` a JSONDecoder (its last word)."""
    if receiver == cls:
        return True
    norm = receiver.lstrip("_$#").lower().replace("_", "")
    words = re.findall(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])", cls)
    return norm == cls.lower() or (bool(words) and len(words[-1]) > 2 and norm.endswith(words[-1].lower()))


def _rust_receiver(index: IndexQueries, site: Caller, typed: str | None, owner: str, callee: str | None) -> bool | None:
    """Rust: what a value of type `typed` (a type or a parameter's bound) says of a call of `owner`'s method: True for
    another's, False (the site marked) for the method's, None when it does not tell (or is no Rust)."""
    if typed is None or typed == owner or not site.path.endswith(".rs"):
        return None
    if callee and _rust_inherent_named(index, typed, callee):
        return True  # `g.add_edge(..)` on a Graph, which has an inherent add_edge: no call of the Build trait's (inherent wins)
    if _rust_blanket(index, owner, typed) or _trait_declares(index, owner, site, typed):
        # `graph.dummy_idx()` with `G: NodeIndexable` and `impl<G: NodeIndexable> WithDummy for G`;
        # `parallel.par_extend(&v)` with `parallel: BinaryHeap<_>` and `impl ParallelExtend<T> for BinaryHeap<T>`: the
        # impl's method, which implements the trait's
        site.receiver, site.how = True, "receiver type"
        site.receiver_name = _receiver_with_type(site.receiver_name, site.receiver_name or "value", typed)
        # which body runs: the type's own, when its impl of the trait defines the method (bytes run 461 asked which
        # `put` each caller of BufMut::put runs; BytesMut overrides it)
        site.runs = next((m for m in index.symbols_named(callee or "") if m.kind == "method" and m.language == "rust"
                          and m.qualname.rsplit(".", 2)[-2:] == [typed, callee]
                          and (head := rust_impl_head(index, m)) is not None and rust_impl_trait(head) == owner), None)
        return False
    return None


#: a Rust local made from self (`let self_ = self.clone();`): a value of the impl's type
_RUST_SELF_COPIES = frozenset({"self.clone", "self.to_owned"})


def _rust_self_type(index: IndexQueries, sym: Symbol) -> str | None:
    """The type a Rust method's `Self` is: the one its impl block is for (`impl<N> Build for StableGraph<N>`)."""
    head = rust_impl_head(index, sym)
    m = _RUST_IMPL_HEAD.match(head) if head is not None else None
    if m is None and sym.parent_id is not None:
        # a trait's provided method: Self is any implementer, whose methods are the trait's and its supertraits'
        # (petgraph run 284: `let mut gr = Self::with_capacity(0, 0); gr.add_edge(..)` in FromElements::from_elements)
        parent = index.get_symbol(sym.parent_id)
        return parent.name if parent is not None and parent.kind == "trait" else None
    return m.group(2).rsplit("::", 1)[-1] if m is not None else None


def _rust_shadowed(index: IndexQueries, sym: Symbol) -> bool:
    """Rust: whether `sym` is a trait impl's method of a type that has an inherent method of its name, which every
    method call on the type reaches instead (inherent methods win)."""
    head = rust_impl_head(index, sym) if sym.kind == "method" else None
    m = _RUST_IMPL_HEAD.match(head) if head is not None and rust_impl_trait(head) is not None else None
    return m is not None and _rust_inherent_named(index, m.group(2).rsplit("::", 1)[-1], sym.name)


def _rust_inherent_named(index: IndexQueries, typed: str, name: str) -> bool:
    """Rust: whether the type `typed` has an inherent method `name` (in an `impl Type { .. }` block, not a trait's)."""
    return bool(_rust_cached(index, ("inherent", typed, name), lambda: any(
        m.language == "rust" and m.kind == "method" and m.qualname.rsplit(".", 2)[-2:] == [typed, name]
        and (head := rust_impl_head(index, m)) is not None and rust_impl_trait(head) is None
        for m in index.symbols_named(name))))


def _rust_blankets(index: IndexQueries, word: str) -> list[tuple[str, list[str]]]:
    """Rust: (trait, bounds of its type parameter) of each blanket impl whose head names `word` (`impl<G:
    NodeIndexable> WithDummy for G`: ("WithDummy", ["NodeIndexable"])); an impl for a named type has no bounds."""
    out: list[tuple[str, list[str]]] = []
    for s in index.symbols_mentioning(word, ["impl"]):
        head = " ".join((s.signature or "").split())
        m = _RUST_IMPL_HEAD.match(head) if s.language == "rust" else None
        if m is not None and m.group(1):
            out.append((m.group(1).rsplit("::", 1)[-1], generic_bounds(head, m.group(2))))
    return out


def _rust_blanket_traits(index: IndexQueries, bound: str) -> list[str]:
    """Rust: the traits a blanket impl gives every type with `bound`."""
    return [t for t, bounds in _rust_blankets(index, bound) if bound in bounds]


def _rust_blanket(index: IndexQueries, trait: str, bound: str) -> bool:
    """Rust: whether a blanket impl gives `trait` to every type with `bound` (or a subtrait of one it names), so a
    value of a type parameter bounded by it has the trait's methods."""
    return any(t == trait and any(b == bound or inherits(index, bound, b) for b in bounds)
               for t, bounds in _rust_blankets(index, trait))


def _trait_declares(index: IndexQueries, trait: str, site: Caller, owner: str) -> bool:
    """Rust: whether `trait` is a trait the type `owner` implements (an `impl ... trait ... for owner` block), so a
    call through a value of the trait may run owner's method."""
    if not any(t.kind in ("trait", "interface") for t in index.symbols_named(trait) if t.name == trait):
        return False
    rx = re.compile(rf"^(?:unsafe\s+)?impl\b.*?(?:^|[\s>:]){re.escape(trait)}\s*(?:<.*?>)?\s+for\s+&?\s*(?:'\w+\s+)?(?:mut\s+)?"
                    rf"(?:[\w:]+::)?{re.escape(owner)}\b")
    return any(rx.search(" ".join((s.signature or "").split())) for s in index.symbols_named(owner)
               if s.kind == "impl" or (s.signature or "").startswith(("impl", "unsafe impl")))


def _ts_intersects(index: IndexQueries, alias: str, owner: str) -> bool:
    """TypeScript: whether `alias` is a type alias of an intersection naming `owner` among its parts (`type
    MixedInParser = ParserConstructorImpel & ErrorHandler & LooksAhead & ..`), so a value of it has owner's methods."""
    return any(t.name == alias and t.kind == "type" and t.language in ("typescript", "tsx")
               and owner in ts_intersection_parts(index, t) for t in index.symbols_named(alias))


def ts_declared_this(signature: str) -> str | None:
    """The type a TypeScript function declares its `this` with (`function f(this: Ajv, ..)`), or None."""
    m = re.search(r"\(\s*this\s*:\s*([A-Za-z_$][\w$]*)", signature)
    return m.group(1) if m else None


def ts_this_types(index: IndexQueries, signature: str) -> list[str]:
    """The types a TypeScript function's declared `this` is: the alias's parts for `this: MixedInParser` with `type
    MixedInParser = A & B`, else the one type; [] when no `this` is declared."""
    declared = ts_declared_this(signature)
    if declared is None:
        return []
    alias = next((t for t in index.symbols_named(declared) if t.name == declared and t.kind == "type"), None)
    return (ts_intersection_parts(index, alias) if alias is not None else []) or [declared]


def ts_intersection_parts(index: IndexQueries, alias: Symbol) -> list[str]:
    """The type names a TypeScript `type X = A & B<T> & ns.C;` joins (read from the file: a stored signature can be
    cut), [] for any other alias."""
    text = " ".join(lines_of(index, alias.path)[alias.start_line - 1: alias.end_line])
    body = text.split("=", 1)[1] if "=" in text else ""
    if "&" not in body:
        return []
    return [p.strip().split("<", 1)[0].rsplit(".", 1)[-1] for p in body.split(";", 1)[0].split("&") if p.strip()]


def _self_holder(index: IndexQueries, classes: dict[str, list[Symbol]], defs: dict[str, list[Symbol]], site: Caller,
                 word: str | None, owner: str, language: str | None, qualified: str | None,
                 callee: str = "", owner_cls: Symbol | None = None, *, bare: bool = False) -> tuple[str | None, bool, bool]:
    """For a call on self/this (or bare): the class it is made in, whether that is the method's own class (or a
    subclass, an outer class, a Rust impl of the trait), and whether the syntax says it is another class's.
    `owner_cls`: the method's class, when several classes share its name (Java's inner `EntryIterator`s) the
    one a subclass must reach."""
    if qualified is not None:  # Java `TreeBidiMap.this.doPut(v, k)` in the inner class Inverse
        own = qualified == owner or inherits(index, qualified, owner)
        return qualified, own, not own
    holder = _enclosing_class(index, classes, site.path, site.line)
    if word == "this" and language in ("typescript", "tsx"):
        # `function addInitialKeywords(this: Ajv, ..) { this.addKeyword(..) }`: the declared `this` (Ajv run 437),
        # in a class's method too (chevrotain's `optionInternal(this: MixedInParser, ..)`, run 477)
        enc = enclosing(_symbols_of(index, defs, site.path), site.line)
        declared = ts_declared_this(enc.signature or "") if enc is not None else None
        if declared is not None and _ts_intersects(index, declared, owner):
            return declared, True, False  # `type MixedInParser = .. & LooksAhead & ..`: LooksAhead's method
        holder = declared or holder
    if word in ("super", "parent") and owner_cls is not None and owner_cls.kind not in ("interface", "trait") and callee:
        # `parent::write($record)` runs the nearest base's write: in RotatingFileHandler (a StreamHandler) it is
        # StreamHandler's, never SocketHandler's (Monolog A/B run 77)
        around = _innermost_class(index, site.path, site.line)
        defining = _defining_base(index, around, callee) if around is not None else None
        if defining is not None:
            own = defining.id == owner_cls.id
            return holder, own, not own
    if holder is not None and holder != owner and owner_cls is not None \
            and (_shared_class_name(index, defs, owner) or _shared_class_name(index, defs, holder)):
        # (also when the class around the site shares its name: `cls.build()` in pydantic v1's AnyUrl is no call of
        # v2's _BaseUrl.build, which v2's AnyUrl inherits; run 364 read "-> AnyUrl.build, _BaseUrl.build")
        # `super.remove()` in Flat3Map's KeySetIterator, whose base chain reaches Flat3Map's EntryIterator, is no
        # call of AbstractPatriciaTrie's EntryIterator.remove: follow the bases to the very class
        around = _innermost_class(index, site.path, site.line)
        own = around is not None and _inherits_class(index, around, owner_cls.id)
    else:
        own = holder == owner or (holder is not None and inherits(index, holder, owner))
    own = own or (language == "rust" and _in_trait_impl(index, defs, site, owner))
    if own and language == "rust" and word == "self" and holder is not None and holder != owner and callee \
            and _rust_inherent_named(index, holder, callee):
        return holder, False, True  # `Some(self.add_edge(..))` in `impl Build for Graph`: Graph's inherent add_edge
    if own and holder is not None and holder != owner and callee and word in (None, "this", "self") \
            and language in _CLASS_CALLED_LANGS and _own_overload_fits(index, holder, callee, site, language, owner):
        return holder, False, True  # `this.Equals(f64)` in PyFloat: its own Equals(double), not PyObject's
    if own and holder is not None and holder != owner and callee \
            and (word in ("self", "this", "$this") or (word is None and language == "ruby")) \
            and language in _BY_NAME_DISPATCH and _overridden_between(index, site, owner_cls, callee):
        # (Ruby: a bare call is on self too: If#lax_parse's `parse_expression(..)` runs If's own, liquid run 509)
        return holder, False, True  # Python-Markdown's `self.detab(..)` in FootnoteBlockProcessor, which has its own
    if not own and word is None and language in _OUTER_THIS and callee:
        # a bare call in an inner class is the outer class's method too (`doPut(k, v)` in Inverse), unless a class
        # in between defines the name itself (Inverse's own `put`)
        syms = _symbols_of(index, defs, site.path)
        for h in _enclosing_classes(index, classes, site.path, site.line):
            if h == owner or inherits(index, h, owner):
                own = True
                break
            ids = {s.id for s in syms if s.name == h and s.kind in _CLASS_KINDS}
            if any(s.name == callee and s.parent_id in ids for s in syms):
                break
    # (a bare call too in C++, Java, C#, Kotlin, ..: jopt-simple's ArgumentAcceptingOptionSpec.handleOption calling its
    # abstract `detectOptionArgument(..)` runs RequiredArgumentOptionSpec's)
    if not own and holder is not None and (word in ("this", "self", "$this")
                                           or (bare and (language == "cpp" or (language in _BASE_DISPATCH
                                                                               and _dispatching(index, site, callee, language))))) \
            and _overridable(index, owner_cls, callee) and inherits(index, owner, holder):
        # `$this->write($record)` in AbstractProcessingHandler runs SocketHandler's write on a SocketHandler: a call
        # through the base class (the Monolog A/B agent found it left out as "another type's")
        if _caller_overridden(index, site, owner_cls, callee):
            return holder, False, True
        site.how = "base type"
        return holder, True, False
    # C++: a bare call in a method of another class that has a method of the name is that class's (logger's own
    # `sink_it_(msg)` in logger::log_it_ is no call of base_sink::sink_it_)
    # (a truly bare call: `GetMutableTestInfo(i)->Run()` or `(*it)->f()` is on a value; a nested class's method or
    # a constructor call `new Nested(..)` is no member of the holder's own)
    # (Java, C#, Kotlin, ..: the same, jopt-simple's `parser.recognize( next() )` in OptionSpecTokenizer, which has
    # its own next(), had been "maybe" ArgumentList.next's caller, run 487)
    # (not Kotlin, Swift, Scala or Dart: `with(list) { next() }` calls list's next, whatever the class around has)
    other = holder is not None and not own and (
        word is not None or ((language == "cpp" or language in _BARE_DISPATCH
                              or (language == "kotlin" and not _kotlin_scope_receiver(index, site)))
                             and bare and bool(callee)
                             and callee != owner and any(m.name == callee and m.qualname == f"{holder}.{callee}"
                                                         for m in index.methods_of(holder, language or "cpp"))))
    return holder, own, other


def _own_overload_fits(index: IndexQueries, holder: str, callee: str, site: Caller, language: str,
                       owner: str | None = None) -> bool:
    """Whether a subclass declares a method of the name whose parameters take the call's arguments: then a call on
    this (or bare) in it is that one (C#/Java pick among the most derived class's applicable methods first)."""
    # (an override is the base's method, no candidate of the subclass's own: C# looks past it)
    mine = [m for m in index.methods_of(holder, language) if m.name == callee and m.qualname.endswith(f"{holder}.{callee}")
            and not re.search(r"\boverride\b|@Override", (m.signature or "").split("(", 1)[0])]
    if not mine:
        return False
    args = call_args_at(lines_of(index, site.path), site.line, callee, language)
    # only when the arguments' declared types rule out the base's method (`double f64` for Equals(BorrowedReference)):
    # counting alone cannot tell a subclass's setAlignItems(String) from the base's setAlignItems(YogaAlign)
    base = next((s for s in index.methods_of(owner, language) if s.name == callee), None) if owner else None
    return args is not None and base is not None and _arg_type_conflict(index, site, args, base) \
        and any(takes_call(m.signature or "", callee, args, language) for m in mine)


def _caller_overridden(index: IndexQueries, site: Caller, owner_cls: Symbol | None, callee: str) -> bool:
    """Whether the base's method a `$this->m()` site is in never runs on an object of `owner_cls` (the class whose `m`
    is asked about): that class, or one between it and the base, overrides the calling method, and the override
    does not call the base's (`parent::`, `super`). Symfony String run 453: ByteString::slice's callers listed
    AbstractString::bytesAt's `$this->slice(..)` though ByteString has its own bytesAt."""
    around = _innermost_class(index, site.path, site.line)
    if owner_cls is None or around is None or around.kind in ("interface", "trait", "module") or around.id == owner_cls.id:
        return False
    caller = next((s for s in index.symbols_in_file(site.path) if s.parent_id == around.id and s.kind == "method"
                   and s.start_line <= site.line <= s.end_line), None)
    if caller is None or caller.name == callee or re.search(r"\b(?:private|static)\b", (caller.signature or "").split("(", 1)[0]):
        return False  # (a private method is overridden by none: it runs on every subclass's object)
    own = next((m for m in index.symbols_in_file(owner_cls.path) if m.parent_id == owner_cls.id
                and m.name == caller.name and m.kind == "method"), None)
    definer = owner_cls if own is not None else _defining_base(index, owner_cls, caller.name)
    if definer is None or definer.id == around.id or not _inherits_class(index, definer, around.id):
        return False
    over = own or next((m for m in index.symbols_in_file(definer.path) if m.parent_id == definer.id
                        and m.name == caller.name and m.kind == "method"), None)
    if over is None or _abstract_member(over):
        return False
    body = "\n".join(lines_of(index, over.path)[over.start_line - 1: over.end_line])
    if re.search(rf"\bsuper\b|\bparent\s*::|\b{re.escape(around.name)}\s*::\s*{re.escape(caller.name)}\b", body):
        return False
    # the base's method runs on the subclass's object another way too (review of 5582f6d): `parent::render()` from
    # another method of a class on the way down, `self::render()` in the base itself
    name = re.escape(caller.name)
    for cls, rx in ((definer, rf"\bparent\s*::\s*{name}\s*\("), (owner_cls, rf"\bparent\s*::\s*{name}\s*\("),
                    (around, rf"\b(?:self|static|{re.escape(around.name)})\s*::\s*{name}\s*\(")):
        text = "\n".join(lines_of(index, cls.path)[cls.start_line - 1: cls.end_line])
        if re.search(rx, text):
            return False
    return True


def _abstract_member(m: Symbol) -> bool:
    """A method declared without a body (`abstract` in its header): an override of it never stands in for a body."""
    return re.search(r"\babstract\b", (m.signature or "").split("(", 1)[0]) is not None


#: languages where a bare call in a class is a call on this, and nothing else (no scope function or trailing closure
#: gives it another implicit receiver)
_BARE_DISPATCH = frozenset({"java", "csharp"})
#: and where a bare call of the class's own overridable method may run a subclass's override
_BASE_DISPATCH = frozenset({"java", "csharp", "kotlin"})


#: languages whose methods are looked up by name alone on the object's class (no overloads)
_BY_NAME_DISPATCH = frozenset({"python", "ruby", "php", "javascript", "typescript", "tsx"})


def _overridden_between(index: IndexQueries, site: Caller, owner_cls: Symbol | None, name: str) -> bool:
    """Whether the class a `self.name(..)` site is in, or a base of it below `owner_cls`, defines `name` itself: then
    the call runs that one, never owner_cls's (py3 run 497: FootnoteBlockProcessor's `self.detab(block)` calls its own
    detab(block), yet were listed among BlockProcessor.detab's callers under "every call is listed")."""
    around = _innermost_class(index, site.path, site.line)
    if around is None or owner_cls is None or around.id == owner_cls.id:
        return False
    # (an instance method of the name: Ruby's `def self.parse_expression` is the class's own, no override of the
    # instance method a bare call in an instance method runs; review of stop 57)
    if any(m.parent_id == around.id and m.name == name and m.kind in ("method", "function")
           and not (m.language == "ruby" and re.match(r"\s*def\s+self\.", m.signature or ""))
           for m in index.symbols_in_file(around.path)):
        return True
    definer = _defining_base(index, around, name)
    return definer is not None and definer.id != owner_cls.id and _inherits_class(index, definer, owner_cls.id)


def _kotlin_scope_receiver(index: IndexQueries, site: Caller) -> bool:
    """Whether a Kotlin call may sit in a lambda with another implicit receiver (`with(list) { .. }`, `x.run { .. }`,
    `x.apply { .. }`) in the definition around it: then a bare call is not surely the class's own."""
    enc = site.symbol or enclosing(index.symbols_in_file(site.path), site.line)
    lines = lines_of(index, site.path)
    text = "\n".join(lines[(enc.start_line if enc else site.line) - 1: site.line])
    return re.search(r"\bwith\s*\(|\.\s*(?:run|apply)\s*\{|\b(?:run|apply)\s*\{", text) is not None


def _dispatching(index: IndexQueries, site: Caller, name: str, language: str) -> bool:
    """Whether the class a bare call sits in has (or inherits) a method `name` a subclass's method can override, so
    that the call may run the override: not private nor static, in C# virtual, abstract or override, in Kotlin open,
    abstract or override (review of stop 56: a bare call of a private method, a static import's `abs(..)`, a C#
    method hidden by `new`, had been "base type" callers; a grand-base's abstract method is one too)."""
    around = _innermost_class(index, site.path, site.line)
    own = next((m for m in index.symbols_in_file(around.path) if m.parent_id == around.id and m.name == name
                and m.kind in ("method", "function")), None) if around is not None else None
    if own is None and around is not None:
        definer = _defining_base(index, around, name)
        own = next((m for m in index.symbols_in_file(definer.path) if m.parent_id == definer.id and m.name == name
                    and m.kind in ("method", "function")), None) if definer is not None else None
    if own is None:
        return False
    head = (own.signature or "").split("(", 1)[0]
    if re.search(r"\b(?:private|static)\b", head):
        return False
    if language == "csharp":
        return re.search(r"\b(?:virtual|abstract|override)\b", head) is not None
    if language == "kotlin":
        return re.search(r"\b(?:open|abstract|override)\b", head) is not None
    return True

def _overridable(index: IndexQueries, cls: Symbol | None, name: str) -> bool:
    """Whether the method `name` of the class `cls` can be what a base class's `this.name()` runs: not private,
    not static (Python: no `__x` name)."""
    if cls is None or name.startswith("__") and not name.endswith("__"):
        return False
    m = next((s for s in index.symbols_in_file(cls.path) if s.parent_id == cls.id and s.name == name), None)
    # (the header before its parameters: PHP's `function slice(..): static` returns static, and is no static method;
    # a C# method declared `new` hides the base's, overriding nothing)
    return m is not None and not re.search(r"\b(?:private|static)\b", (m.signature or "").split("(", 1)[0]) \
        and not (m.language == "csharp" and re.search(r"\bnew\b", (m.signature or "").split("(", 1)[0]))


def class_around(syms: list[Symbol], line: int) -> Symbol | None:
    """The innermost class (or trait, interface) of a file's definitions `syms` around `line`."""
    around = [s for s in syms if s.kind in _CLASS_KINDS and s.start_line <= line <= s.end_line]
    return min(around, key=lambda s: s.end_line - s.start_line) if around else None


def _innermost_class(index: IndexQueries, path: str, line: int) -> Symbol | None:
    return class_around(index.symbols_in_file(path), line)


def _base_classes(index: IndexQueries, cls: Symbol) -> list[list[Symbol]]:
    """Per base the class's header names, the classes that name can mean from it: the one of its own file, else of
    its directory (a Java package or PHP namespace), else every class of that name."""
    out: list[list[Symbol]] = []
    for base in bases_of(whole_class(index, cls)):
        named = [s for s in index.symbols_named(base) if s.name == base and s.kind in _CLASS_KINDS and s.id != cls.id]
        if not named and cls.language in ("typescript", "tsx", "javascript", "jsx"):  # `extends AjvCore` (Ajv run 437)
            named = [d for d in (_js_default_class(index, cls.path, base),) if d is not None]
        out.append([s for s in named if s.path == cls.path]
                   or [s for s in named if s.path.rpartition("/")[0] == cls.path.rpartition("/")[0]] or named)
    return out


def _defining_base(index: IndexQueries, cls: Symbol, name: str, depth: int = 0) -> Symbol | None:
    """The nearest base class of `cls` that defines a method `name` (what `super.name()` / `parent::name()` runs),
    each base name read by _base_classes; None when no base the index knows defines it."""
    if depth > 5:
        return None
    for here in _base_classes(index, cls):
        for s in here[:3]:
            if s.kind in ("interface", "trait"):
                continue
            if any(m.parent_id == s.id and m.name == name and m.kind in ("method", "function")
                   for m in index.symbols_in_file(s.path)):
                return s
            deeper = _defining_base(index, s, name, depth + 1)
            if deeper is not None:
                return deeper
    return None


def _inherits_class(index: IndexQueries, cls: Symbol, target: int, depth: int = 0) -> bool:
    """Whether the class `cls` reaches the class with id `target` through its bases (each read by _base_classes)."""
    if depth > 4:
        return False
    for here in _base_classes(index, cls):
        if any(s.id == target or _inherits_class(index, s, target, depth + 1) for s in here):
            return True
    return False


def _in_trait_impl(index: IndexQueries, cache: dict[str, list[Symbol]], site: Caller, trait: str) -> bool:
    """Rust: whether the site sits in an `impl ... Trait<...> for Type` block: `self.par_extend(...)` there calls
    the trait's method (another impl of it, picked by the argument's type), not another type's."""
    syms = _symbols_of(index, cache, site.path)
    rx = re.compile(rf"^(?:unsafe\s+)?impl\b.*?(?:^|[\s>:]){re.escape(trait)}\s*(?:<.*?>)?\s+for\s")
    for s in syms:
        head = " ".join((s.signature or "").split())
        if not head.startswith(("impl", "unsafe impl")) or not s.start_line <= site.line <= s.end_line:
            continue
        if rx.search(head):
            return True
        # `impl<G: NodeIndexable> WithDummy for G`: self is a subtrait's implementer, or a type parameter bound by
        # the trait, so `self.from_index(i)` calls NodeIndexable's method (petgraph's matching.rs)
        m = _RUST_IMPL_HEAD.match(head)
        if m is None:
            continue
        done, self_type = m.group(1), m.group(2)
        if done and inherits(index, done.rsplit("::", 1)[-1], trait):
            return True
        if any(b == trait or inherits(index, b, trait) for b in generic_bounds(head, self_type)):
            return True
    return False


def rust_header(lines: list[str], sym: Symbol) -> str:
    """A Rust item's whole header from its `fn`/`impl`/... line to where its body opens, past the attributes and doc
    comments its range starts with (floyd_warshall's `#[allow(..)]` stands 70 doc lines above its `fn`); '' when
    none is read."""
    return whole_header(lines, sym.start_line, end=sym.end_line) or ""


def _rust_cached(index: IndexQueries, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
    """Per index generation: the impl head of a Rust method (by id) and whether a type has an inherent method of a
    name; a callers answer asks both once per call site (675 times for petgraph's add_edge, half its time)."""
    return per_generation(index, "rust impls", key, make)


def rust_impl_head(index: IndexQueries, sym: Symbol) -> str | None:
    """The head of the impl block a Rust method sits in (`impl<N, E> Build for StableGraph<N, E>`), or None."""
    def head() -> str | None:
        around = [s for s in index.symbols_in_file(sym.path)
                  if s.kind == "impl" and s.start_line <= sym.start_line and sym.end_line <= s.end_line and s.id != sym.id]
        inner = min(around, key=lambda s: s.end_line - s.start_line, default=None)
        return " ".join((inner.signature or "").split()) if inner is not None else None
    found: str | None = _rust_cached(index, ("head", sym.id, sym.path, sym.start_line), head)
    return found


def rust_impl_trait(head: str) -> str | None:
    """The trait a Rust impl head implements (`Build` for `impl<N> Build for StableGraph<N>`); None for an
    inherent impl."""
    m = _RUST_IMPL_HEAD.match(head)
    return m.group(1).rsplit("::", 1)[-1] if m is not None and m.group(1) else None


#: a Rust impl's head: the trait it implements (if any) and the type it is for
_RUST_IMPL_HEAD = re.compile(r"(?:unsafe\s+)?impl\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*(?:([\w:]+)(?:<(?:[^<>]|<[^<>]*>)*>)?\s+for\s+)?"
                             r"&?\s*(?:'\w+\s+)?(?:mut\s+)?([\w:]+)")


#: languages whose inner classes call the outer class's methods bare or through `Outer.this`
_OUTER_THIS = frozenset({"java", "kotlin", "scala"})


def _enclosing_classes(index: IndexQueries, cache: dict[str, list[Symbol]], path: str, line: int) -> list[str]:
    """The names of every class-like definition containing `line` of `path`, innermost first."""
    syms = cache.get(path)
    if syms is None:
        syms = cache[path] = [s for s in index.symbols_in_file(path) if s.kind in _CLASS_KINDS]
    around = [s for s in syms if s.start_line <= line <= s.end_line]
    return [s.name for s in sorted(around, key=lambda s: s.end_line - s.start_line)]


def _enclosing_class(index: IndexQueries, cache: dict[str, list[Symbol]], path: str, line: int) -> str | None:
    """The name of the innermost class-like definition containing `line` of `path` (a Zig struct file's own)."""
    syms = cache.get(path)
    if syms is None:
        syms = cache[path] = [s for s in index.symbols_in_file(path) if s.kind in _CLASS_KINDS]
    best = None
    for s in syms:
        if s.start_line <= line <= s.end_line and (best is None or s.end_line - s.start_line <= best.end_line - best.start_line):
            best = s
    if best is None and path.endswith(_CPP_SUFFIXES):
        return _out_of_class_holder(index, cache, path, line)
    return best.name if best is not None else zig_file_struct(path)


_CPP_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tpp", ".cc", ".cpp", ".cxx", ".c++")


def _out_of_class_holder(index: IndexQueries, cache: dict[str, list[Symbol]], path: str, line: int) -> str | None:
    """C++: the class of a method defined outside it (`void logger::log_it_(..) { sink_it_(msg); }` in
    logger-inl.h), whose bare calls are on `this` as inside the class body."""
    key = path + "\0methods"
    methods = cache.get(key)
    if methods is None:
        methods = cache[key] = [s for s in index.symbols_in_file(path)
                                if s.kind == "method" and s.language == "cpp" and "." in s.qualname]
    around = [s for s in methods if s.start_line <= line <= s.end_line]
    if not around:
        return None
    return min(around, key=lambda s: s.end_line - s.start_line).qualname.rsplit(".", 1)[0].rsplit(".", 1)[-1]


def lines_of(index: IndexQueries, path: str) -> list[str]:
    """The lines of a repository file as the index's workspace reads it (none when the index has no workspace)."""
    ws = getattr(index, "ws", None)
    return (repo_text(ws, path) or "").split("\n") if ws is not None else []


#: Zig: a file is a struct, and a capitalized one (`Io/Writer.zig`) is used as a type of that name (`const Writer =
#: @This();`, `w: *Writer`): its top-level functions are Writer's methods, its top-level fields Writer's
zig_file_struct = zig_names.file_struct


_CLASS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "module", "type", "impl"})  # a Rust impl block holds its methods


def _file_lines(ws: Any, path: str, cache: dict[str, list[str]]) -> list[str]:
    """The lines of a repository file, read once per answer (empty when it cannot be read: see repo_text)."""
    lines = cache.get(path)
    if lines is None:
        lines = cache[path] = (repo_text(ws, path) or "").splitlines()
    return lines


def bound_names(ws: Any, path: str, start: int, end: int, cache: dict[tuple[str, int, int], set[str]]) -> set[str]:
    """The names lines `start`-`end` of a repository file bind (parameters, patterns, `let`s; see uses.names_in),
    parsed once per range and answer; empty when the file cannot be read or parsed."""
    key = (path, start, end)
    got = cache.get(key)
    if got is None:
        from contexteer.indexers.uses import names_in

        spec = languages.language_for_path(path)
        text = repo_text(ws, path) if spec is not None else None
        got = cache[key] = names_in(text.encode("utf-8"), spec, start, end).bound if text and spec else set()
    return got


def line_previews(ws: Any, sites: list[Any], width: int = 160, cache: dict[str, list[str]] | None = None) -> None:
    """Fill `site.preview` with the stripped source line of each (path, line) site, reading each file once (into
    `cache` when the caller reads the same files again)."""
    cache = {} if cache is None else cache
    for site in sites:
        lines = _file_lines(ws, site.path, cache)
        text = lines[site.line - 1].strip() if 0 < site.line <= len(lines) else ""
        if _CHAIN_STEP.match(text):  # `->render()` alone says nothing of what it is called on: the chain's head first
            text = _chain_head(lines, site.line) + text
        elif re.match(r"[A-Za-z_]\w*\s*\(", text) and (spec := languages.language_for_path(site.path)) is not None \
                and spec.name in TRAILING_DOT_CHAINS and (head := _trailing_dot_head(lines, site.line)):
            text = head + text  # Go: `b := h.cfg.` above `Config()`; Ruby: `ds.from(:pg_attribute).` above `where(..)`
        site.preview = text if len(text) <= width else text[: width - 1] + "…"


#: a line continuing a call chain begun above (`.par_drain(..)`, `->render()`, `?.then(..)`), not a spread or range
_CHAIN_STEP = re.compile(r"(?:\?\.|\.(?!\.)|->)\s*[A-Za-z_$]")


def _trailing_dot_head(lines: list[str], line: int, limit: int = 8) -> str:
    """The line a chain whose every step ends its line with `.` starts on (Go, Ruby), with ` … ` for the steps between,
    or "" when the line above `line` ends otherwise."""
    first, n = 0, line - 1
    while n >= max(1, line - limit) and n <= len(lines) and ends_chain_step(lines[n - 1]):
        first, n = n, n - 1
    if not first:
        return ""
    head = lines[first - 1].split("//")[0].strip()
    head = head if len(head) <= 60 else head[:59] + "…"
    return head + (" … " if first < line - 1 else "")


def _chain_head(lines: list[str], line: int) -> str:
    """The line a chain continued at `line` starts on, shown before the step (`DrainGuard::new(self.deque) `, and
    ` … ` for the steps between), or "" when none is found within 8 lines."""
    skipped = False
    for n in range(line - 1, max(line - 9, 0), -1):
        head = lines[n - 1].strip()
        if not head or head.startswith(("//", "#", "*", "/*")):
            continue
        if _CHAIN_STEP.match(head):
            skipped = True
            continue
        head = head if len(head) <= 60 else head[:59] + "…"
        return head + (" … " if skipped else " ")
    return ""
