"""Subtypes of a type the repository does not define: the classes whose header names an outside base (Python's
`Exception`, PHP's `League\\Config\\ConfigurationAwareInterface`, Java's `Runnable`, Rust's `fmt::Display`).

No definition stands for the base, so the answer is by name: a header's base whose last name is the one asked, and
whose written qualifier agrees with the one asked (`threading.local` is no `unittest.local`); a base written bare is
read as its file reads it: a PHP file's namespace or `use` line (`extends RuntimeException` in a namespace that has
no such import is that namespace's class, not `\\RuntimeException`), another language's import line. The commonmark
A/B agent (run 339) asked for ConfigurationAwareInterface's implementers and had only word hits to read.
Go is left out: a Go type implements an interface by its method set, which an outside interface's is not known here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from contexteer.indexers import graph
from contexteer.indexers.lookup import lines_of
from contexteer.indexers.model import CLASS_KINDS, Symbol
from contexteer.indexers.qualify import split_name
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.syntax import base_how, written_bases

#: the base as written, without type arguments or call arguments (`Comparable<T>`, `Base[int]`, `Base()`)
_BARE = re.compile(r"^\s*(\\?)([\w$.:\\]+)")
_STD = {"core": "std", "alloc": "std"}  # Rust: `core::fmt::Display` is `std::fmt::Display`


def _norm(parts: list[str]) -> list[str]:
    return [_STD.get(p, p) for p in parts]


def _agrees(written: list[str], asked: list[str]) -> bool:
    """Whether a written qualifier (`fmt` of `fmt::Display`) and the asked one (`std::fmt`) agree on their common
    tail; an empty one agrees with any."""
    n = min(len(written), len(asked))
    return n == 0 or _norm(written[-n:]) == _norm(asked[-n:])


class _Files:
    """Per file, what a bare name written there means: its import statements, a PHP file's namespace."""

    def __init__(self, index: IndexQueries) -> None:
        self.index = index
        self._imports: dict[str, list[str]] = {}
        self._spaces: dict[str, str | None] = {}

    def imports(self, path: str) -> list[str]:
        """The file's import statements, each joined onto one line (`use std::{\\n io::{self, Write},\\n};`)."""
        if path not in self._imports:
            out: list[str] = []
            lines = lines_of(self.index, path)
            i = 0
            while i < len(lines):
                if re.match(r"\s*(?:import|from|use|using|require|#include|pub(?:\([\w:]+\))?\s+use)\b", lines[i]):
                    stmt, j = lines[i], i
                    while "{" in stmt and stmt.count("{") > stmt.count("}") and j + 1 < len(lines) and j - i < 60:
                        j += 1
                        stmt += " " + lines[j].strip()
                    out.append(stmt)
                    i = j
                i += 1
            self._imports[path] = out
        return self._imports[path]

    def _rust_local(self, first: str) -> bool:
        """Whether a Rust `use` path starts in the crate itself: `crate`, `self`, `super` or a module it defines."""
        return first in ("crate", "self", "super") or any(
            s.kind == "module" and s.language == "rust" for s in self.index.symbols_named(first))

    def namespace(self, path: str) -> str | None:
        """A PHP file's `namespace A\\B;` (None: the global namespace, or not PHP)."""
        if path not in self._spaces:
            found = None
            if path.endswith(".php"):
                for line in lines_of(self.index, path)[:200]:
                    m = re.match(r"\s*namespace\s+([\w\\]+)\s*[;{]", line)
                    if m:
                        found = m.group(1)
                        break
            self._spaces[path] = found
        return self._spaces[path]

    def module_alias(self, path: str, word: str) -> list[str] | None:
        """The module a Python file binds `word` to by `import typing as t` (`["typing"]` for `t`); None when no
        such import names it (review of stop 51: `t.Generic` bases did not answer `typing.Generic`)."""
        if not path.endswith((".py", ".pyi")):
            return None
        for stmt in self.imports(path):
            m = re.match(rf"\s*import\s+([\w.]+)\s+as\s+{re.escape(word)}\s*(?:#.*)?$", stmt)
            if m:
                return m.group(1).split(".")
        return None

    def bare_means(self, path: str, name: str) -> list[str] | None:
        """What a bare `name` written in `path` stands for, as far as its import lines say: the qualifier of the
        import that binds it ([] for none written, e.g. `use Exception;`), the PHP namespace it falls in when no
        `use` binds it, or None when nothing says (no import names it; a glob may bring it)."""
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        for stmt in self.imports(path):
            if not word.search(stmt) or re.search(rf"(?<![\w$]){re.escape(name)}\s+as\b", stmt):
                continue  # (`use X as Y` binds Y, not X)
            if re.search(rf"\bas\s+{re.escape(name)}\b", stmt):
                return None  # an alias of something else: not read here
            path_written = _qualifier_of(stmt, name)
            if path_written and path.endswith(".rs") and self._rust_local(path_written[0]):
                return None  # `use lib::{Debug, Display}`: the crate's own module passing it on (serde's lib.rs)
            return path_written
        space = self.namespace(path)
        return split_name(space) if space is not None else None


def _qualifier_of(stmt: str, name: str) -> list[str] | None:
    """The path an import statement writes before `name`: `use League\\Config\\X;` -> [League, Config];
    `from collections.abc import Mapping` -> [collections, abc]; `use std::{fmt, io::{self, Write}}` -> [std, io]
    for Write; None when the statement's shape is not read here."""
    m = re.match(r"\s*from\s+([\w.]+)\s+import\b", stmt)
    if m:
        return m.group(1).split(".")
    at = re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", stmt)
    if at is None:
        return None
    head = stmt[: at.start()]
    parts: list[str] = []
    depth = 0
    for k in range(len(head) - 1, -1, -1):  # the brace groups around it, innermost first: `io::{self, ` -> io
        ch = head[k]
        if ch == "}":
            depth += 1
        elif ch == "{":
            if depth:
                depth -= 1
                continue
            prefix = re.search(r"([\w:\\.]+?)\s*(?:::|\\|\.)?\s*$", head[:k])
            if prefix:
                parts = split_name(prefix.group(1)) + parts
    direct = re.search(r"([\w$]+(?:(?:::|\\|\.)[\w$]+)*)(?:::|\\|\.)\s*$", head)
    if direct and not head.rstrip().endswith(("{", ",")):
        parts = split_name(direct.group(1))
    words = [p for p in parts if p not in ("use", "import", "using", "pub", "static", "function", "const")]
    return words


def _fits(files: _Files, path: str, raw: str, name: str, asked: list[str], asked_global: bool) -> bool:
    """Whether a base written `raw` in `path` can be the outside `name` with the qualifier `asked`."""
    m = _BARE.match(raw)
    if m is None:
        return False
    written = split_name(m.group(2))
    if not written or written[-1] != name:
        return False
    qualifier = [p for p in written[:-1] if p not in ("crate", "self", "super")]
    if m.group(1):  # PHP's fully qualified name (`\RuntimeException`, `\PHPUnit\Framework\TestCase`): its path is exact
        return qualifier == asked if asked or asked_global else True
    if len(written) > 1:  # written with a path: `threading.local`, `fmt::Display`, `t.Generic`
        if asked_global and not asked:
            return False
        aliased = files.module_alias(path, qualifier[0]) if qualifier and asked else None
        if aliased is not None and _agrees(aliased + qualifier[1:], asked):
            return True  # `t.Generic` under `import typing as t`: typing.Generic (and t.Generic as written)
        return _agrees(qualifier, asked) if asked else True
    means = files.bare_means(path, name)
    if means is None:  # nothing says: taken to mean the one asked (a glob import, a language's own builtin)
        return True
    if asked_global:
        return not means
    return _agrees(means, asked) if asked else True


def outside_base(index: IndexQueries, query: str,
                 rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None = None) -> Symbol | None:
    """A stand-in definition for an outside type `query` names when some class of the repository names it as a
    base (None otherwise): an interface (trait) when a header implements it or writes it as one, a class else;
    path ''."""
    parts = split_name(query)
    if not parts:
        return None
    found = direct_subtypes(index, query, rust_impls)
    if not found:
        return None
    langs = [c.language for c, _, _ in found]
    lang = max(set(langs), key=langs.count)
    kind = "trait" if lang == "rust" else "interface" if any(how in ("implements", "anonymous class") and lang != "php"
                                                            or how == "implements" for _, how, _ in found) \
        or _interface_like(index, parts[-1], found) else "class"
    return Symbol(id=-1, path="", name=parts[-1], qualname=query.strip(), kind=kind, start_line=0, end_line=0,
                  signature="", doc=None, exported=True, parent_id=None, language=lang)


def _interface_like(index: IndexQueries, name: str, found: list[tuple[Symbol, str, str]]) -> bool:
    """A C# base named by the interface convention (`IDisposable`), or a Kotlin supertype written without a
    constructor call (`: Runnable`, where a class would be `: Base()`)."""
    langs = {c.language for c, _, _ in found}
    if langs == {"csharp"}:
        return re.fullmatch(r"I[A-Z]\w*", name) is not None
    if langs == {"kotlin"}:
        return not any(re.search(rf"(?<![\w$]){re.escape(name)}\s*(?:<[^()]*>)?\s*\(", " ".join(written_bases(c)))
                       or _kotlin_super_constructor(index, c, name) for c, _, _ in found)
    return False


def _kotlin_super_constructor(index: IndexQueries, c: Symbol, name: str) -> bool:
    """Whether a Kotlin class calls the constructor of `name`, its one supertype, from a secondary constructor
    (`constructor(context: Context) : super(context)`): its header then names the class without parentheses (review
    of stop 51: DialogTitle's `: TextView {` made android.widget.TextView an interface). With several supertypes
    written so, which one `super(..)` reaches is unsaid (review of the stop-52 diff: `: TextView,
    View.OnClickListener` had made the listener a class)."""
    bases = [re.sub(r"<.*", "", b).strip().rsplit(".", 1)[-1] for b in written_bases(c)]
    if bases != [name]:
        return False
    body = "\n".join(lines_of(index, c.path)[c.start_line - 1:c.end_line])
    return re.search(r"\bconstructor\s*\([^)]*\)\s*:\s*super\s*\(", body) is not None


def direct_subtypes(index: IndexQueries, query: str,
                    rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None) -> list[tuple[Symbol, str, str]]:
    """(class, how, detail) for each class whose header names the outside base `query`."""
    asked_global = query.strip().startswith("\\")
    parts = split_name(query)
    name, asked = parts[-1], parts[:-1]
    if asked and asked[0] in ("crate", "self", "super"):
        return []  # the repository's own module path: a definition would have been found
    files = _Files(index)
    out: list[tuple[Symbol, str, str]] = []
    for cand in graph._mentioning(index, name):
        if cand.language == "go":
            continue
        for raw in written_bases(cand):
            if _fits(files, cand.path, raw, name, asked, asked_global):
                out.append((cand, base_how(cand, name), ""))
                break
    for impl, type_name in (rust_impls(name) if rust_impls is not None else []):
        m = graph._RUST_IMPL_TRAIT.match(" ".join((impl.signature or "").split()))
        if not _fits(files, impl.path, m.group(1) if m else name, name, asked, asked_global):
            continue
        types = graph._rust_types_named(index, type_name, impl.path, impl.start_line)
        out += [(t, "impl", "impl at " + (f"line {impl.start_line}" if impl.path == t.path else f"{impl.path}:{impl.start_line}"))
                for t in types] or [(impl, "impl", "")]
    for lang in ("java", "kotlin", "php"):  # `new Runnable() {..}`, `object : Callback {..}`, `new class () implements X {`
        stand_in = Symbol(id=-1, path="", name=name, qualname=name, kind="interface", start_line=0, end_line=0,
                          signature="", doc=None, exported=True, parent_id=None, language=lang)
        for holder, how, detail in graph._anonymous(index, stand_in):
            written = re.search(rf"(\\?(?:[\w$]+(?:\.|\\|::))*){re.escape(name)}\b", detail)
            if _fits(files, holder.path, (written.group(0) if written else name), name, asked, asked_global):
                out.append((holder, how, detail))
    once: dict[int, tuple[Symbol, str, str]] = {}
    for r in sorted(out, key=lambda r: (r[0].path, r[0].start_line)):
        once.setdefault(r[0].id, r)
    return list(once.values())


def implementations(index: IndexQueries, base: Symbol, resolve_imports: Callable[[str], dict[str, list[str]]], *,
                    depth: int, rust_impls: Callable[[str], list[tuple[Symbol, str]]] | None) -> graph.Relations:
    """The subtypes of the outside `base` (from outside_base), each one's own below it up to `depth` levels (3:
    every level, as for a repository type)."""
    out = graph.Relations(base, "implementations")
    seen = {base.id}
    below_notes: list[str] = []
    for child, how, detail in direct_subtypes(index, base.qualname, rust_impls):
        if child.id in seen:
            continue
        if how == "base class" and base.kind == "interface":  # C# `: IDisposable`, Kotlin `: Runnable`
            how = "implements"
        seen.add(child.id)
        out.items.append(graph.Related(child, child.path, how, [], 1, None, detail))
        if depth < 2 or child.kind not in CLASS_KINDS:
            continue
        below = graph.implementations(index, child, resolve_imports, depth=3 if depth >= 3 else depth - 1,
                                      rust_impls=rust_impls)
        if below.note and below.note.startswith("not listed"):
            below_notes.append(below.note)
        for r in below.items:
            if r.symbol is not None and r.symbol.id not in seen:
                seen.add(r.symbol.id)
                out.items.append(graph.Related(r.symbol, r.path, r.how, r.lines, r.depth + 1, r.via or child, r.detail,
                                               r.overrides, r.of_target, r.adds, r.abstract, r.member_at))
    notes = ["defined outside the repository: its subtypes here are the classes whose header names it, by name"]
    if depth < 2:
        notes.append("pass depth=2 or 3 for theirs")
    notes += below_notes[:3]
    out.note = "; ".join(notes)
    return out
