"""Qualified names in each language's own form: where a definition lives (package, namespace, module path),
how the language writes its full name, and finding definitions by such a name.

The index stores a definition's qualified name *within its file* (`Cart.add`, `Shop.Cart.add` for a Ruby class
nested in a module, `Stack.Push` for a Go method). What a file belongs to is derived when a query needs it, for
the few candidates at hand (never stored: the index schema stays as it is):

    Java/Kotlin/Scala  the `package` declaration                      org.example.web.Servlet.doGet
    C#                 the namespace symbols around the definition     Shop.Core.Cart.Add
    C++                the namespace blocks around it (lookup only)    testing::internal::UnitTestImpl::GetTestSuite
    PHP                the namespace symbol in force at the definition App\\Shop\\Cart::add, App\\Shop\\helper
    Go                 the package clause, or the import path          store.Store.Get, example.com/app/store.Store.Get
                       (go.mod module + directory)
    Rust               the file's module path in its crate             crate::parser::lexer::Token::new
                       (src/a/b.rs, src/a/b/mod.rs; `crate` or the crate's name)
    Ruby               the class/module headers around it              Shop::Cart#add, Shop::Cart.build, Base.route
                       (`class Foo::Bar` included, `class << self` and `def self.x` methods are singleton: `.`)
    Python             the module path from the __init__.py chain      starlette.config.Config.get
    other languages    the file's path as a dotted module path         (lookup only, nothing shown)

A query in any of these forms is split into segments (`.`, `::`, `\\`, `#`, `/`); a definition matches when
the segments are the tail of one of its full names. Candidates are the definitions whose stored qualified name
is a tail of the query (`Cart.add`, then `add`...): exact index lookups, then their full names are checked.
"""

from __future__ import annotations

import logging
import posixpath
import re
from collections.abc import Callable, Iterable
from typing import Any

from contexteer.indexers.layouts import jvm_package_of

logger = logging.getLogger(__name__)

__all__ = ["Qualifier", "split_name", "is_qualified", "ruby_side", "ruby_singleton", "ruby_class_only", "QUALIFIED_CANDIDATES"]

QUALIFIED_CANDIDATES = 500  # definitions checked per tail of a qualified query at most
MAX_CACHED_FILES = 2000  # files whose text a Qualifier keeps between answers
_SPLIT = re.compile(r"::|\\|#|\.|/")
_JVM = frozenset({"java", "kotlin", "scala", "groovy"})
_GO_PACKAGE = re.compile(r"^package[ \t]+(\w+)", re.M)
_RUBY_HEADER = re.compile(r"^\s*(class|module)\s+((?:::)?[A-Z]\w*(?:::[A-Z]\w*)*)")
_RUST_PUB_USE = re.compile(r"\bpub(?:\s*\([^)]*\))?\s+use\s+([^;]+);")
_RUBY_SINGLETON = re.compile(r"^(\s*)class\s*<<\s*self\b")
_PY_EXT = (".py", ".pyi", ".pyw")
#: languages whose answers show a definition's full name (elsewhere the path shown beside it says as much)
DISPLAYED = _JVM | {"csharp", "php", "go", "rust", "ruby"}
_INIT = ("__init__.py", "__init__.pyi")
#: C++ nodes a namespace block may sit in (`extern "C++" {`, `#if` groups)
_CPP_HOLDERS = frozenset({"declaration_list", "linkage_specification", "preproc_if", "preproc_ifdef", "preproc_else",
                          "preproc_elif"})


def split_name(name: str) -> list[str]:
    """The segments of a name written in any language's form: `\\App\\Http\\Kernel::handle` ->
    [App, Http, Kernel, handle]; `Rack::Request#params` -> [Rack, Request, params]; `crate::a::B` ->
    [crate, a, B]; `github.com/x/y/pkg.Type` -> [github, com, x, y, pkg, Type]."""
    return [s for s in _SPLIT.split(name.strip()) if s]


def ruby_side(query: str, syms: list[Any], full: Callable[[Any], str | None]) -> list[Any]:
    """Of Ruby methods named alike, the side a query's last separator asks for: `Base#convert` the instance
    method, `Base.convert` the class method (`def self.convert`, `class << self`); all of them when the query
    names no side or only one side exists (kramdown's Converter::Base has both: both had answered as one)."""
    m = re.search(r"(#|\.)[^#.:]+$", query.strip())
    if m is None or len(syms) < 2 or any(s.language != "ruby" or s.kind != "method" for s in syms):
        return syms
    side = [s for s in syms if f"{m.group(1)}{s.name}" in (full(s) or "")[-len(s.name) - 1:]]
    return side or syms


def is_qualified(query: str) -> bool:
    """Whether a query names more than a bare identifier (it has a separator between two names)."""
    return len(split_name(query)) > 1


class Qualifier:
    """Full names of definitions, computed on demand and cached for one answer (or one index generation).

    `index` answers symbols_in_file/find_symbols/file_info; `read_text(path)` reads a repository file (None when
    it cannot); `layout` (contexteer.indexers.layouts.Layout, optional) knows go.mod modules and Cargo crates: or
    a function that makes it, called only when a Go, Rust or JVM name needs it (making it lists every file of the
    repository: a C or Python answer on the kernel should not wait for that)."""

    def __init__(self, index: Any, read_text: Callable[[str], str | None],
                 layout: Any | Callable[[], Any] | None = None) -> None:
        self.index = index
        self.read_text = read_text
        self._layout = layout
        self._text: dict[str, list[str]] = {}
        self._in_file: dict[str, list[Any]] = {}
        self._forms: dict[int, list[list[str]]] = {}
        self._spaces: dict[str, list[tuple[int, int, str]]] = {}  # C++ namespace blocks per file

    @property
    def layout(self) -> Any | None:
        if callable(self._layout):
            self._layout = self._layout()
        return self._layout

    # ----- finding definitions by a qualified name ---------------------------------------------
    def find(self, query: str, *, kind: str | None = None, path_prefix: str | None = None,
             limit: int = QUALIFIED_CANDIDATES, depth: int = 0) -> list[Any]:
        """Definitions a qualified name in any language's form names (longest stored tail first), [] when none
        does or the query is a bare name."""
        segs = split_name(query)
        if len(segs) < 2:
            return []
        found: dict[int, Any] = {}
        for j in range(len(segs), 0, -1):
            tail = ".".join(segs[-j:])
            # candidates are filtered here, so the query takes more than the answer keeps: with `limit` alone, 50
            # of Scala's 219 `result` definitions left out Promise.DefaultPromise.result
            cands = [s for s in self.index.find_symbols(tail, match="exact", kind=kind, path_prefix=path_prefix,
                                                        limit=max(limit, QUALIFIED_CANDIDATES))
                     if split_name(s.qualname) == segs[-j:]]
            for s in cands:
                if s.id not in found and self.matches(s, segs):
                    found[s.id] = s
            if len(found) >= limit:
                break
        if not found:  # a name whose stored qualified name leaves out part of what the source writes
            # (Ruby `class Foo::Bar` inside `module Shop` is stored as Shop.Bar)
            for s in self.index.find_symbols(segs[-1], match="exact", kind=kind, path_prefix=path_prefix,
                                             limit=max(limit, QUALIFIED_CANDIDATES)):
                if s.name == segs[-1] and s.id not in found and self.matches(s, segs):
                    found[s.id] = s
        if not found and "::" in query and depth < 4:  # Rust: a module re-exports it (`pub use self::a::B;`)
            for target in self._rust_reexports(segs):
                for s in self.find("::".join(target), kind=kind, path_prefix=path_prefix, limit=limit, depth=depth + 1):
                    found.setdefault(s.id, s)
        return list(found.values())[:limit]

    def _rust_reexports(self, segs: list[str]) -> list[list[str]]:
        """The full paths a Rust module's `pub use` lines give the last segment (`crate::io::AsyncWrite` ->
        crate::io::async_write::AsyncWrite), from the module file the query's path names."""
        from contexteer.indexers.resolve_langs import expand_use_tree

        module, name = segs[:-1], segs[-1]
        out: list[list[str]] = []
        for path in self._rust_module_files(module):
            text = "\n".join(self._lines(path))
            if name not in text:
                continue
            for m in _RUST_PUB_USE.finditer(text):
                for leaf in expand_use_tree(re.sub(r"\s+", " ", m.group(1)).replace(" ::", "::").replace(":: ", "::")):
                    original, _, alias = leaf.partition(" as ")
                    parts = [p for p in original.strip().split("::") if p]
                    if not parts or (alias.strip() or parts[-1]) != name:
                        continue
                    if parts[0] == "self":
                        parts = module + parts[1:]
                    elif parts[0] == "super":
                        parts = module[:-1] + parts[1:]
                    elif parts[0] != "crate":
                        parts = module + parts  # a child module (2018 paths); an external crate finds nothing
                    if parts != segs and parts not in out:
                        out.append(parts)
        return out

    def _rust_module_files(self, module: list[str]) -> list[str]:
        """The files a Rust module path (`crate::io`, `tokio::io`) can be: its .rs or mod.rs in the crate named."""
        if not module:
            return []
        crates: dict[str, str] = dict(self.layout.crates) if self.layout is not None else {}
        roots = [crates[module[0]]] if module[0] in crates else list(crates.values()) if module[0] == "crate" else []
        if not roots:
            roots = ["src/lib.rs"]
        out = []
        for root in roots:
            base = posixpath.dirname(root)
            rest = module[1:]
            cands = [root] if not rest else [posixpath.join(base, *rest) + ".rs", posixpath.join(base, *rest, "mod.rs")]
            out += [c for c in cands if self.index.file_info(c) is not None]
        return out

    def namesakes(self, query: str, *, kind: str | None = None, path_prefix: str | None = None,
                  limit: int = 5) -> list[Any]:
        """For a qualified name that matched nothing: the definitions of its last part, or of its last two
        (`Cart::add` elsewhere than `App\\Billing`), to name in the miss; [] when there are none."""
        segs = split_name(query)
        if len(segs) < 2:
            return []
        for j in (2, 1):
            tail = ".".join(segs[-j:])
            found = [s for s in self.index.find_symbols(tail, match="exact", kind=kind, path_prefix=path_prefix, limit=limit)
                     if split_name(s.qualname)[-j:] == segs[-j:]]
            if found:
                return found
        return []

    def matches(self, sym: Any, segs: list[str]) -> bool:
        """Whether `segs` are the tail of one of the definition's full names (`crate` anchors at the crate root)."""
        n = len(segs)
        return any(len(form) >= n and form[-n:] == segs for form in self.forms(sym))

    # ----- a definition's full names ------------------------------------------------------------
    def display(self, sym: Any) -> str | None:
        """The definition's full name as its language writes it, None when it adds nothing to the stored
        qualified name (a language without packages, a top-level script)."""
        lang = getattr(sym, "language", "") or ""
        if lang not in DISPLAYED:
            return None
        try:
            if lang == "ruby":
                text = self._ruby_name(sym)
            else:
                unit = self._units(sym)
                if not unit:
                    return None
                # Python and the JVM languages join with dots only (Scala's `case class ::` is a name)
                own = sym.qualname.split(".") if lang in ("python", "java", "kotlin", "scala") else split_name(sym.qualname)
                text = _joined(lang, self._in_package_object(sym, unit[0]), own, sym)
        except (OSError, ValueError, RecursionError) as exc:  # a file that cannot be read: no full name
            logger.info("no full name for %s: %s", sym.qualname, exc)
            return None
        return text if text and text != sym.qualname else None

    def forms(self, sym: Any) -> list[list[str]]:
        """Every full name of the definition as segments: the language's own first, then alternatives (a Go
        import path, a Rust crate's name for `crate`, a path-derived module path)."""
        got = self._forms.get(sym.id)
        if got is None:
            own = split_name(sym.qualname)
            if sym.language == "ruby":
                got = [split_name(self._ruby_name(sym))]
            else:
                got = [self._in_package_object(sym, u) + own for u in self._units(sym)] or [own]
            if own not in got:
                got.append(own)
            self._forms[sym.id] = got
        return got

    def _in_package_object(self, sym: Any, unit: list[str]) -> list[str]:
        """A Scala package object (`package scala.sys` then `package object process {...}`) is a definition holding
        its members (`process.javaVmArguments`) and the last segment of the file's package: named once."""
        first = sym.qualname.split(".", 1)[0]
        if sym.language != "scala" or not unit or unit[-1] != first or ("." not in sym.qualname and sym.kind != "module"):
            return unit
        rx = re.compile(rf"^\s*package\s+object\s+`?{re.escape(first)}`?\b")
        return unit[:-1] if any(rx.match(t) for t in self._lines(sym.path)) else unit

    def _units(self, sym: Any) -> list[list[str]]:
        """What the definition's file (or namespace) is, as segment lists, best first."""
        lang = sym.language
        path = sym.path
        if lang in _JVM:
            pkg = self._jvm_package(path)
            out = [pkg.split(".")] if pkg else []
        elif lang in ("csharp", "php"):
            out = [self._namespace(sym)]
            if not out[0]:
                out = []
        elif lang == "cpp":
            spaces = [name for a, b, name in self.cpp_namespaces(path) if a <= sym.start_line and sym.end_line <= b]
            out = [[seg for name in spaces for seg in name.split("::") if seg]] if spaces else []
        elif lang == "go":
            out = self._go_units(path)
        elif lang == "rust":
            out = self._rust_units(path)
        elif lang == "python" or path.endswith(_PY_EXT):
            out = self._python_units(path)
        else:
            out = []
        generic = _path_module(path)
        if generic and generic not in out and lang not in _JVM and lang not in ("csharp", "php", "ruby", "go"):
            out.append(generic)
        return out

    # ----- per language ---------------------------------------------------------------------------
    def _lines(self, path: str) -> list[str]:
        lines = self._text.get(path)
        if lines is None:
            if len(self._text) >= MAX_CACHED_FILES:  # a long session on a large repository: start afresh
                self._text.clear()
                self._in_file.clear()
                self._forms.clear()
                self._spaces.clear()
            lines = self._text[path] = (self.read_text(path) or "").split("\n")
        return lines

    def _syms(self, path: str) -> list[Any]:
        syms = self._in_file.get(path)
        if syms is None:
            syms = self._in_file[path] = self.index.symbols_in_file(path)
        return syms

    def _jvm_package(self, path: str) -> str | None:
        if self.layout is not None:
            return self.layout.jvm_package(path)  # type: ignore[no-any-return]
        return jvm_package_of("\n".join(self._lines(path)))

    def _namespace(self, sym: Any) -> list[str]:
        """C#/PHP: the namespaces whose block holds the definition (outer first), else the last statement-form
        namespace (`namespace App\\Shop;`, C# file-scoped) declared above it."""
        sep = "\\" if sym.language == "php" else "."
        spaces = [s for s in self._syms(sym.path) if s.kind == "namespace" and s.id != sym.id]
        around = [s for s in spaces if s.start_line <= sym.start_line and sym.end_line <= s.end_line
                  and s.end_line > s.start_line]
        if around:
            around.sort(key=lambda s: (s.start_line, -s.end_line))
            return [seg for s in around for seg in s.name.strip(sep).split(sep) if seg]
        if sym.kind == "namespace":  # statement-form namespaces of one file are siblings, never nested
            return []
        above = [s for s in spaces if s.end_line <= sym.start_line]
        if not above:
            return []
        last = max(above, key=lambda s: s.start_line)
        return [seg for seg in last.name.strip(sep).split(sep) if seg]

    def cpp_namespaces(self, path: str) -> list[tuple[int, int, str]]:
        """C++: the named namespace blocks of a file (first line, last line, `testing` or `a::b`), outer first, from
        its syntax tree (parsed once per file while cached): `testing::TestEventListener` named no definition."""
        got = self._spaces.get(path)
        if got is not None:
            return got
        from contexteer.indexers import languages
        from contexteer.indexers.uses import _parse

        got = self._spaces[path] = []
        tree = _parse("\n".join(self._lines(path)).encode("utf-8", "replace"), languages.BY_NAME["cpp"])
        stack = [tree.root_node] if tree is not None else []
        while stack:
            node = stack.pop()
            for child in reversed(node.named_children):
                if child.type == "namespace_definition":
                    name = child.child_by_field_name("name")
                    if name is not None and name.text:
                        got.append((child.start_point.row + 1, child.end_point.row + 1, name.text.decode("utf-8", "replace")))
                    stack.append(child)
                elif child.type in _CPP_HOLDERS:
                    stack.append(child)
        got.sort(key=lambda t: (t[0], -t[1]))
        return got

    def _go_units(self, path: str) -> list[list[str]]:
        out: list[list[str]] = []
        m = _GO_PACKAGE.search("\n".join(self._lines(path)))
        if m:
            out.append([m.group(1)])
        folder = posixpath.dirname(path)
        if self.layout is not None and self.layout.go_modules:
            imp = self.layout.go_import_path(folder)
            if imp and imp != ".":
                out.append(split_name(imp))
        elif folder:
            out.append(folder.split("/"))
        return out

    def _rust_units(self, path: str) -> list[list[str]]:
        """`crate::a::b` for src/a/b.rs or src/a/b/mod.rs of a crate (and the crate's name in place of
        `crate`); a file outside any known crate: the path after its last `src/`."""
        crates: dict[str, str] = dict(self.layout.crates) if self.layout is not None else {}
        best: tuple[str, str] | None = None
        for name, root in crates.items():
            d = posixpath.dirname(root)
            if (not d or path.startswith(d + "/")) and (best is None or len(d) > len(posixpath.dirname(best[1]))):
                best = (name, root)
        if best is not None:
            d = posixpath.dirname(best[1])
            rel = path[len(d) + 1:] if d else path
            name = best[0]
        else:
            cut = path.rfind("src/")
            rel = path[cut + 4:] if cut >= 0 else posixpath.basename(path)
            name = ""
        parts = rel[:-3].split("/") if rel.endswith(".rs") else rel.split("/")
        if parts and parts[-1] == "mod":
            parts = parts[:-1]
        if parts in (["lib"], ["main"]) or (best is not None and rel == posixpath.basename(best[1])):
            parts = []
        # the crate's name first (what other crates write, and unambiguous in a workspace), `crate` as well
        return [[name, *parts], ["crate", *parts]] if name else [["crate", *parts]]

    def _python_units(self, path: str) -> list[list[str]]:
        """The module path from the topmost package of the __init__.py chain (`starlette.config`); the
        path-derived one is added by the caller."""
        stem = path.rsplit(".", 1)[0]
        parts = stem.split("/")
        if parts[-1] == "__init__":
            parts = parts[:-1]
        folder = posixpath.dirname(path)
        top = len(folder.split("/")) if folder else 0
        d = folder
        while d and any(self.index.file_info(posixpath.join(d, i)) is not None for i in _INIT):
            d = posixpath.dirname(d)
            top -= 1
        mod = parts[max(top, 0):] if folder else parts
        return [mod] if mod else []

    def _ruby_name(self, sym: Any) -> str:
        """`Shop::Cart#add`, `Shop::Cart.build` (a `def self.` or `class << self` method), `Shop::Cart`."""
        lines = self._lines(sym.path)
        owners = [s for s in self._syms(sym.path) if s.kind in ("class", "module") and s.id != sym.id
                  and s.start_line <= sym.start_line and sym.end_line <= s.end_line]
        owners.sort(key=lambda s: (s.start_line, -s.end_line))
        names: list[str] = []
        for s in [*owners, sym] if sym.kind in ("class", "module") else owners:
            header = lines[s.start_line - 1] if 0 < s.start_line <= len(lines) else ""
            m = _RUBY_HEADER.match(header)
            written = m.group(2) if m else s.name
            if written.startswith("::"):
                names = []
            names += [seg for seg in written.split("::") if seg]
        base = "::".join(names)
        if sym.kind in ("class", "module"):
            return base or sym.name
        if not base:
            return str(sym.name)
        if sym.kind != "method":
            return f"{base}::{sym.name}" if sym.kind == "constant" else f"{base}#{sym.name}"
        return f"{base}{'.' if _singleton(lines, sym, owners) else '#'}{sym.name}"

    def display_all(self, syms: Iterable[Any]) -> dict[int, str]:
        """Full names (where they add something) of several definitions, by id."""
        out: dict[int, str] = {}
        for s in syms:
            text = self.display(s)
            if text:
                out[s.id] = text
        return out


def ruby_singleton(lines: list[str], sym: Any, file_syms: Iterable[Any]) -> bool:
    """Whether a Ruby method is its class's or module's own (`def self.x`, in `class << self`, a module function)
    rather than an instance method; `file_syms` are the definitions of its file."""
    owners = [s for s in file_syms if s.kind in ("class", "module") and s.id != sym.id
              and s.start_line <= sym.start_line and sym.end_line <= s.end_line]
    owners.sort(key=lambda s: (s.start_line, -s.end_line))
    return _singleton(lines, sym, owners)


def ruby_class_only(lines: list[str], sym: Any, file_syms: Iterable[Any]) -> bool:
    """Whether a Ruby method is callable on its class or module only (`def self.x`, in `class << self`): a module
    function (`module_function`) is also an instance method of every class that includes the module."""
    owners = [s for s in file_syms if s.kind in ("class", "module") and s.id != sym.id
              and s.start_line <= sym.start_line and sym.end_line <= s.end_line]
    owners.sort(key=lambda s: (s.start_line, -s.end_line))
    return (sym.signature or "").lstrip().startswith("def self.") or _in_singleton_block(lines, sym, owners)


def _singleton(lines: list[str], sym: Any, owners: list[Any]) -> bool:
    return (sym.signature or "").lstrip().startswith("def self.") or _in_singleton_block(lines, sym, owners) \
        or _module_function(lines, sym, owners)


_MODULE_FUNCTION = re.compile(r"^\s*module_function\b\s*(.*)$")


def _module_function(lines: list[str], sym: Any, owners: list[Any]) -> bool:
    """Whether a Ruby method of a module is a module function: a bare `module_function` line above it in its module,
    or `module_function :name` anywhere in it (`Rack::Utils.parse_nested_query`, called as `Utils.parse_nested_query`)."""
    module = owners[-1] if owners and owners[-1].kind == "module" else None
    if module is None:
        return False
    for i in range(module.start_line, min(module.end_line, len(lines))):
        m = _MODULE_FUNCTION.match(lines[i])
        if m is None:
            continue
        named = m.group(1).strip()
        if (not named and i + 1 < sym.start_line) or re.search(rf":{re.escape(sym.name)}\b", named):
            return True
    return False


def _in_singleton_block(lines: list[str], sym: Any, owners: list[Any]) -> bool:
    """Whether a Ruby method sits in a `class << self` block of its class (a less indented `class << self`
    above it whose block has not ended)."""
    start = sym.start_line - 1
    if not 0 <= start < len(lines):
        return False
    # (tabs as 8 columns: Debian's rouge patches lexer.rb with a tab-indented `\tend` inside `class << self`, which
    # had ended the block for every class method after it)
    indent = len(lines[start].expandtabs(8)) - len(lines[start].lstrip())
    floor = owners[-1].start_line - 1 if owners else 0
    for i in range(start - 1, floor - 1, -1):
        line = lines[i].expandtabs(8) if "\t" in lines[i] else lines[i]
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        lead = len(line) - len(line.lstrip())
        if lead >= indent:
            continue
        m = _RUBY_SINGLETON.match(line)
        if m is not None:
            return True
        if stripped == "end" or stripped.startswith(("class ", "module ", "def ")):
            return False
        if stripped in ("private", "protected", "public"):
            continue  # an access keyword written at the block's own level (rouge's lexer.rb), no enclosing block
        indent = lead  # an enclosing block (`included do`): look further out
    return False


def _joined(lang: str, unit: list[str], own: list[str], sym: Any) -> str:
    """A full name in the language's own form."""
    if lang == "php":
        head = "\\".join(unit)
        if sym.kind == "namespace":
            return "\\".join(unit + own)
        if len(own) > 1:  # a member: Class::method
            return f"{head}\\{own[0]}::{'::'.join(own[1:])}" if head else "::".join(own)
        return f"{head}\\{own[0]}" if head else own[0]
    if lang == "rust":
        return "::".join(unit + own)
    if lang == "python":
        return ".".join(unit + own)
    return ".".join(unit + own)  # Java, Kotlin, C#, Go (package clause first), and others


def _path_module(path: str) -> list[str]:
    """'py/starlette/config.py' -> [py, starlette, config]; a package's __init__ (index.js, mod.rs) is the package."""
    base = path.rsplit("/", 1)[-1]
    stem = path.rsplit(".", 1)[0] if "." in base else path
    ext = path.rsplit(".", 1)[-1] if "." in base else ""
    package = {"py": "/__init__", "pyi": "/__init__", "js": "/index", "ts": "/index", "tsx": "/index", "rs": "/mod"}.get(ext)
    if package and (stem.endswith(package) or stem == package[1:]):
        stem = stem.rsplit("/", 1)[0] if "/" in stem else ""
    return [p for p in stem.split("/") if p]
