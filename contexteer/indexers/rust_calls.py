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

    return leave_out(sites, left_out, another)


def _params(lines: list[str], sym: Symbol) -> list[str] | None:
    """The parameters of the function's header, read from the source (a stored header can be cut)."""
    head = rust_header(lines, sym)
    m = re.search(rf"\bfn\s+{re.escape(sym.name)}\s*(?:<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)?\s*\(", head)
    inner = inside_parens(head, m.end()) if m is not None else None
    if inner is None:
        return None
    return [p for p in top_level(inner, "<([{") if p.strip()]
