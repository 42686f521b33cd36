"""Callers of a Rust function told by their argument count: Rust has neither overloads, default arguments nor
variadic functions, so a call passing another number of arguments is another function's (`.filter_map(|x| ..)`,
Iterator's, is no call of StableGraph's `filter_map(&self, node_map, edge_map)`: the petgraph A/B agent found the
one real caller among fourteen iterator calls)."""

from __future__ import annotations

import re

from contexteer.indexers.lookup import (
    Caller,
    _file_lines,
    _rust_inherent_named,
    _rust_shadowed,
    leave_out,
    rust_header,
    rust_impl_head,
    rust_impl_trait,
)
from contexteer.indexers.model import Symbol
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.syntax import call_args_at, inside_parens, top_level

__all__ = ["fitting_sites"]

#: a closure's parameter list (`|i, w|`, `move |(a, b)|`), whose commas separate no arguments
_CLOSURE_PARAMS = re.compile(r"\|[^|\n]*\|")
#: std types a path call can name (`usize::arbitrary(g)`, `String::from(..)`): never a repository type's function
_STD_TYPES = frozenset("bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 String Vec Option "
                       "Result Box Rc Arc HashMap HashSet BTreeMap BTreeSet VecDeque Cow".split())
_SELF_PARAM = re.compile(r"\s*(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b")


def fitting_sites(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                  left_out: list[Caller] | None) -> list[Caller]:
    """The sites passing as many arguments as the function takes (one more for a method called by its path,
    `Type::m(&x, a)`); the others are left out, said as another function's."""
    ws = getattr(index, "ws", None)
    if sym.kind not in ("method", "function") or not sites or ws is None or "$" in sym.name:
        return sites
    params = _params(_file_lines(ws, sym.path, {}), sym)
    if params is None:
        return sites
    takes_self = bool(params) and _SELF_PARAM.match(params[0]) is not None
    n = len(params) - takes_self
    # a value known only by a trait it implements (`gr.add_edge(..)` with `G: Create`) reaches the trait's method,
    # never a type's inherent one (StableGraph::add_edge had it as a "base type" caller)
    head = rust_impl_head(index, sym) if sym.kind == "method" else None
    inherent = head is not None and rust_impl_trait(head) is None
    # a trait impl's method of a type with an inherent namesake is reached through the trait only (a generic value, a
    # path naming the trait): a method call on the type is the inherent one's (`Some(self.add_edge(..))` in `impl
    # Build for StableGraph` and every `gr.add_edge(..)` on a StableGraph had been the Build impl's callers at depth 2)
    shadowed = not inherent and _rust_shadowed(index, sym)
    owner = sym.qualname.rsplit(".", 2)[-2] if "." in sym.qualname else None  # the type of the impl block
    masked: dict[str, list[str]] = {}

    def another(c: Caller) -> bool:
        lines = masked.get(c.path)
        if lines is None:
            lines = masked[c.path] = [_CLOSURE_PARAMS.sub("|_|", t) for t in _file_lines(ws, c.path, {})]
        args = call_args_at(lines, c.line, callee, "rust")
        text = lines[c.line - 1] if 0 < c.line <= len(lines) else ""
        first = re.search(rf"(?<![\w$]){re.escape(callee)}\s*(?:::<[^()]*>)?\s*\(", text)  # the call read
        by_path = first is not None and text[: first.start()].rstrip().endswith("::")
        prefix = re.search(r"(\w+)\s*(?:<[^<>]*>)?\s*::\s*$", text[: first.start()]) if by_path and first else None
        if prefix is not None and prefix.group(1) in _STD_TYPES and prefix.group(1) != owner:
            return True  # `usize::arbitrary(g)`: the std type's function (not `Vec::from_par_iter` of rayon's impl for Vec)
        # `write!(fmt, "..")` is a macro's invocation, no call of a function `write`
        macro = args is None and re.search(rf"(?<![\w$]){re.escape(callee)}!\s*[(\[{{]", text) is not None
        # (a method taking self called by its path passes self: `Ty::is_directed()` is no call of `is_directed(&self)`)
        count = n + 1 if by_path and takes_self else n
        through_trait = c.how == "base type" or (by_path and prefix is not None and prefix.group(1)[:1].isupper()
                                                 and not _rust_inherent_named(index, prefix.group(1), sym.name))
        return macro or (args is not None and len(args) != count) or (inherent and c.how == "base type") \
            or (shadowed and not through_trait)

    kept = leave_out(sites, left_out, another)
    return _by_trait_in_scope(index, sym, callee, kept, left_out) if sym.kind == "method" else kept


#: a `use` item's imported names (`use ser::{self, SerializeMap as _, Serializer};`, `use super::SerializeStruct;`)
_USE = re.compile(r"^\s*(?:pub(?:\([\w:]+\))?\s+)?use\s+([^;]*);?")


def _by_trait_in_scope(index: IndexQueries, sym: Symbol, callee: str, sites: list[Caller],
                       left_out: list[Caller] | None) -> list[Caller]:
    """A method several traits declare (serde's `serialize_field`: SerializeStruct's, SerializeStructVariant's,
    SerializeTupleStruct's, ...) is, at a call site, the one of the trait the call's scope imports: Rust resolves a
    method call through the traits in scope, and serde imports each Serialize* trait in the match arm or function
    that uses it (`use super::SerializeStruct;`). A site whose scope imports exactly one of them is that trait's
    (`trait in scope`); one importing another's is left out; a glob import or none of them says nothing."""
    own = _trait_of(index, sym)
    if own is None:
        return sites
    methods = [m for m in index.symbols_named(callee) if m.name == callee and m.kind == "method" and m.language == "rust"]
    traits = {t for t in (_trait_of(index, m) for m in methods) if t is not None}
    if len(traits) < 2:
        return sites
    # a glob import of a module that defines one of the traits brings it (`use ser::*`); serde's `use lib::*` does not
    modules = {_module_name(t.path) for m in methods if (t := index.get_symbol(m.parent_id) if m.parent_id else None)
               is not None and t.kind == "trait"}
    ws = getattr(index, "ws", None)
    files: dict[str, list[str]] = {}

    def another(c: Caller) -> bool:
        lines = _file_lines(ws, c.path, files) if ws is not None else []
        defined = {t.name for t in index.symbols_in_file(c.path) if t.kind == "trait"} & traits
        seen = _traits_in_scope(lines, c.line, traits, modules)
        if seen is None or defined:
            return False
        if seen == {own} and c.how == "name only":
            c.how = "trait in scope"
        return len(seen) == 1 and own not in seen

    return leave_out(sites, left_out, another)


def _trait_of(index: IndexQueries, m: Symbol) -> str | None:
    """The trait a Rust method belongs to: the trait declaring it, or the trait its impl block implements."""
    if m.parent_id is not None:
        parent = index.get_symbol(m.parent_id)
        if parent is not None and parent.kind == "trait":
            return parent.name
    head = rust_impl_head(index, m)
    return rust_impl_trait(head) if head else None


def _module_name(path: str) -> str:
    """The module a Rust file is (`src/ser/mod.rs` -> ser, `src/de/value.rs` -> value, `src/lib.rs` -> crate)."""
    parts = path.rsplit("/", 2)
    stem = parts[-1].removesuffix(".rs")
    if stem in ("mod", "lib", "main"):
        return parts[-2] if stem == "mod" and len(parts) > 1 else "crate"
    return stem


def _traits_in_scope(lines: list[str], line: int, traits: set[str], modules: set[str]) -> set[str] | None:
    """Which of `traits` the `use` items visible at `line` import: those of the innermost block around the line (or
    the file) that imports any, not of a sibling block closed above it (each match arm's own `use`); None when a glob
    import of a module
    defining one of them (`modules`), or of `self`/`super`/`crate`, is visible."""
    found: set[str] = set()
    cur = low = 0
    at: int | None = None  # the block whose `use` items named some: an outer block's are shadowed by them
    for k in range(min(line, len(lines)) - 1, 0, -1):
        text = lines[k - 1].split("//", 1)[0]
        cur += text.count("}") - text.count("{")
        low = min(low, cur)
        if cur > low:
            continue  # inside a block closed before the call
        if at is not None and low < at:
            break  # (serde's `use ser::SerializeStructVariant;` in a match arm, SerializeStruct at the file's top)
        m = _USE.match(text)
        if m is None:
            continue
        body = m.group(1)
        for glob in re.finditer(r"(\w+)\s*::\s*\*", body):
            if glob.group(1) in modules or glob.group(1) in ("self", "super", "crate"):
                return None
        named = {w for w in re.findall(r"[A-Za-z_]\w*", body) if w in traits}
        if named:
            found |= named
            at = low if at is None else at
    return found


def _params(lines: list[str], sym: Symbol) -> list[str] | None:
    """The parameters of the function's header, read from the source (a stored header can be cut)."""
    head = rust_header(lines, sym)
    m = re.search(rf"\bfn\s+{re.escape(sym.name)}\s*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*\(", head)
    inner = inside_parens(head, m.end()) if m is not None else None
    if inner is None:
        return None
    return [p for p in top_level(inner, "<([{") if p.strip()]
