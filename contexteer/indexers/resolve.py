"""Import resolution per language family: an import statement -> repository files (and the unit it names),
a named external package (standard library marked), or an unresolved relative import. Never across
languages: a Java import reaches JVM files only, an include C/C++ headers only, a require Ruby files only.

Rules: Python packages and relative imports (source roots from `__init__.py` chains, the root, `src/`);
JS/TS relative paths (extension and `index.*` probing), tsconfig/jsconfig `paths` and `baseUrl`, the
repository's own (workspace) packages by package.json name, Node built-ins; Go import paths under a
go.mod/go.work module (a local `replace` too), the package's non-test files; Rust `mod x;` (a declaration:
structure, not a dependency), `use` trees (`crate::{a::B, c::{D, E}}`) through `crate::`, `self::`,
`super::`, child modules and the repository's own crates, `::name` and `extern crate`; Java/Kotlin/Scala
classes by package directory (nested classes, static and wildcard imports, Kotlin top-level names);
C/C++ quoted includes from the including file's directory, then include directories
(compile_commands.json, else every `include/` and the root), then a unique path suffix; angle includes from
the include directories only (a standard header is never matched to a repository file unless
compile_commands.json says so); C# namespaces by the files declaring them; PHP classes by composer.json
PSR-4/PSR-0, then by declared namespace, and include/require paths; Ruby `require_relative` from the file,
`require` through the load path (`lib/`, `$LOAD_PATH` additions).
"""

from __future__ import annotations

import logging
import posixpath
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from contexteer.indexers import stdnames
from contexteer.indexers.layouts import Layout, is_test_path, ruby_load_lines

logger = logging.getLogger(__name__)


class ImportLike(Protocol):
    """What the resolver needs of an import (the index's `Import` rows, or any look-alike)."""

    @property
    def path(self) -> str: ...
    @property
    def module(self) -> str: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def line(self) -> int: ...


@dataclass(frozen=True)
class Resolution:
    """What one import (or one leaf of a Rust use tree) leads to."""

    targets: tuple[str, ...] = ()  # repository files
    unit: str | None = None  # the unit it names when that is not one file: Go import path, Java package, workspace package, crate
    external: str | None = None  # the external package, when no repository file
    stdlib: bool = False
    unresolved: bool = False  # written relative to the file (or a quoted include) and names no repository file
    outside: bool = False  # ... because it points above the root
    kind: str = "import"  # import | mod (a Rust `mod x;`: structure) | parent (Rust `super::`: the enclosing module)
    names: tuple[tuple[str, tuple[str, ...]], ...] = ()  # imported name -> its files, where the import tells them apart
    internal: bool = False  # names something of the repository that has no file of its own (a C# parent namespace)


PY_EXT = (".py", ".pyi")
JS_EXT = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
JS_FAMILY = JS_EXT + (".vue", ".svelte")
C_EXT = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".ino", ".c++", ".h++", ".ipp", ".tpp", ".inl")
JVM_EXT = (".java", ".kt", ".kts", ".scala", ".sc")
#: Python namespace packages: the distribution is named by the first two segments (google.protobuf)
NAMESPACE_PACKAGES = frozenset({"google", "azure", "zope", "jaraco", "backports", "sphinxcontrib", "ruamel"})
_TLDS = frozenset({"com", "org", "net", "io", "dev", "edu", "gov", "me", "co", "uk", "de", "fr", "info", "app", "ai", "tech"})
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def family(path: str) -> str | None:
    """The import family of a file: python, js, go, rust, jvm, c, csharp, php, ruby (None: relative paths only)."""
    low = path.lower()
    ext = posixpath.splitext(low)[1]
    if ext in PY_EXT:
        return "python"
    if low.endswith(JS_FAMILY):
        return "js"
    for fam, exts in (("go", (".go",)), ("rust", (".rs",)), ("jvm", JVM_EXT), ("c", C_EXT), ("csharp", (".cs",)),
                      ("php", (".php",)), ("ruby", (".rb", ".rake", ".gemspec"))):
        if ext in exts:
            return fam
    return None


class Resolver:
    """Resolves the imports of one repository's files to files of that repository."""

    def __init__(self, files: Iterable[str], read_text: Callable[[str], str | None] | None = None) -> None:
        self.files = sorted(set(files))
        self.fileset = set(self.files)
        self.read_text = read_text
        self.dirs: dict[str, list[str]] = defaultdict(list)
        for f in self.files:
            self.dirs[posixpath.dirname(f)].append(f)
        self.layout = Layout(self.files, self.fileset, read_text)
        self._py: dict[str, str] | None = None
        self._suffix: dict[str, list[str]] | None = None
        self._dir_suffix: dict[str, list[str]] | None = None
        self._lines: dict[str, list[str]] = {}

    # ----- public -------------------------------------------------------------------------
    def resolve(self, imp: ImportLike) -> list[str] | None:
        """The repository files an import leads to (None when it leads to none)."""
        out: list[str] = []
        for r in self.classify(imp):
            out += [t for t in r.targets if t not in out]
        return out or None

    def classify(self, imp: ImportLike) -> list[Resolution]:
        """What an import leads to: one Resolution, or one per distinct target of a Rust use tree; [] when the
        import is no file dependency at all (a C++ `using` declaration)."""
        mod = imp.module.strip()
        fam = family(imp.path)
        names = tuple(imp.names or ())
        if not mod and not (fam == "rust" and names):
            return []
        if fam == "python":
            return [self._python(imp.path, mod, names)]
        if fam == "js":
            return [self._js(imp.path, mod.strip("'\"`"))]
        if fam == "go":
            return [self._go(mod.strip('"`'))]
        if fam == "rust":
            return self._rust(imp.path, mod, names)
        if fam == "jvm":
            return [self._jvm(imp.path, mod, names)]
        if fam == "c":
            return self._c(imp.path, mod, names)
        if fam == "csharp":
            return [self._csharp(mod, names)]
        if fam == "php":
            return [self._php(imp.path, mod, names)]
        if fam == "ruby":
            return [self._ruby(imp.path, mod.strip("'\""), imp.line)]
        return [self._relative_path(imp.path, mod.strip("'\""))]

    def line_text(self, path: str, line: int) -> str:
        if path not in self._lines:
            self._lines[path] = (self.layout.text(path)).splitlines()
        lines = self._lines[path]
        return lines[line - 1] if 0 < line <= len(lines) else ""

    # ----- shared -------------------------------------------------------------------------
    def _by_suffix(self, suffix: str) -> list[str]:
        if self._suffix is None:
            idx: dict[str, list[str]] = defaultdict(list)
            for f in self.files:
                parts = f.split("/")
                for i in range(len(parts)):
                    idx["/".join(parts[i:])].append(f)
            self._suffix = idx
        return self._suffix.get(suffix, [])

    def _dirs_by_suffix(self, suffix: str) -> list[str]:
        if self._dir_suffix is None:
            idx: dict[str, list[str]] = defaultdict(list)
            for d in self.layout.all_dirs:
                parts = d.split("/") if d else []
                for i in range(len(parts)):
                    idx["/".join(parts[i:])].append(d)
            self._dir_suffix = idx
        return self._dir_suffix.get(suffix, [])

    @staticmethod
    def _closest(cands: list[str], src: str) -> str:
        """The candidate sharing the longest directory prefix with `src` (tests last unless `src` is one)."""
        def score(c: str) -> tuple[int, int, int, str]:
            common = len(posixpath.commonpath([c, src]).split("/")) if posixpath.commonpath([c, src]) else 0
            return (int(is_test_path(c) and not is_test_path(src)), -common, len(c), c)
        return min(cands, key=score)

    def _relative_path(self, src: str, mod: str) -> Resolution:
        """A path written relative to the file (`source ./x.sh`, `require '../lib.php'`), or to the root."""
        if not mod.startswith((".", "/")):
            return Resolution(external=mod)
        base = posixpath.normpath(posixpath.join(posixpath.dirname(src), mod.lstrip("/") if mod.startswith("/") else mod))
        ext = posixpath.splitext(src)[1]
        for c in (base, base + ext, posixpath.normpath(mod.lstrip("/"))):
            if c in self.fileset:
                return Resolution(targets=(c,))
        return Resolution(unresolved=True, outside=base == ".." or base.startswith("../"))

    # ----- python -------------------------------------------------------------------------
    def _python_modules(self) -> dict[str, str]:
        mods: dict[str, str] = {}
        inits = {posixpath.dirname(f) for f in self.files if posixpath.basename(f) in ("__init__.py", "__init__.pyi")}
        for f in self.files:
            ext = posixpath.splitext(f)[1]
            if ext not in PY_EXT:
                continue
            parts = f[: -len(ext)].split("/")
            if parts[-1] == "__init__":
                parts = parts[:-1]
            d = posixpath.dirname(f)  # the source root: above the topmost package of the __init__ chain
            top = len(d.split("/")) if d else 0
            while d and d in inits:
                d = posixpath.dirname(d)
                top -= 1
            starts = {max(top, 0), 0}
            if parts and parts[0] in ("src", "lib", "python") and len(parts) > 1:
                starts.add(1)
            for s in sorted(starts, reverse=True):
                name = ".".join(parts[s:])
                if name and (name not in mods or f.endswith(".py")):
                    mods.setdefault(name, f)
        return mods

    def _py_file(self, stem: str) -> str | None:
        stem = posixpath.normpath(stem)
        for cand in (stem + ".py", stem + "/__init__.py", stem + ".pyi", stem + "/__init__.pyi"):
            if cand in self.fileset:
                return cand
        return None

    def _python(self, src: str, module: str, names: tuple[str, ...]) -> Resolution:
        if self._py is None:
            self._py = self._python_modules()
        targets: list[str] = []
        by_name: list[tuple[str, tuple[str, ...]]] = []
        if module.startswith("."):
            dots = len(module) - len(module.lstrip("."))
            base = posixpath.dirname(src)
            depth = len(base.split("/")) if base else 0
            for _ in range(dots - 1):
                base = posixpath.dirname(base)
            rest = module[dots:]
            stem = posixpath.join(base, *rest.split(".")) if rest else base
            for n in names:
                t = self._py_file(posixpath.join(stem, n) if stem else n)
                if t:
                    targets.append(t)
                    by_name.append((n, (t,)))
            own = self._py_file(stem) if stem else self._py_file("__init__")
            if own:
                targets.insert(0, own)
            if not targets:
                return Resolution(unresolved=True, outside=dots - 1 > depth)
            return Resolution(targets=tuple(sorted(set(targets))), names=tuple(by_name))
        for n in names:
            t = self._py.get(f"{module}.{n}")
            if t:
                targets.append(t)
                by_name.append((n, (t,)))
        own = self._py.get(module)
        if own:
            targets.insert(0, own)
        if targets:
            return Resolution(targets=tuple(sorted(set(targets))), names=tuple(by_name))
        segs = module.split(".")
        keep = 3 if segs[:2] == ["google", "cloud"] else 2 if segs[0] in NAMESPACE_PACKAGES else 1
        return Resolution(external=".".join(segs[:keep]), stdlib=segs[0] in sys.stdlib_module_names)

    # ----- js / ts ------------------------------------------------------------------------
    def _js_probe(self, base: str) -> str | None:
        base = posixpath.normpath(base) if base else ""
        cands = [base]
        stem, ext = posixpath.splitext(base)
        if ext in (".js", ".jsx", ".mjs", ".cjs"):
            cands += [stem + e for e in (".ts", ".tsx", ".mts", ".cts")]
        cands += [base + e for e in JS_FAMILY] + [f"{base}/index{e}" if base else f"index{e}" for e in JS_EXT]
        return next((c for c in cands if c in self.fileset), None)

    def _js(self, src: str, spec: str) -> Resolution:
        if spec.startswith(("./", "../", "/")) or spec in (".", ".."):
            base = posixpath.normpath(posixpath.join(posixpath.dirname(src), spec)) if spec.startswith(".") else spec.lstrip("/")
            t = self._js_probe(base) if not base.startswith("..") else None
            if t:
                return Resolution(targets=(t,))
            return Resolution(unresolved=True, outside=base == ".." or base.startswith("../"))
        if spec.startswith("node:"):
            return Resolution(external=spec, stdlib=True)
        cfg = self.layout.tsconfig_for(src)
        if cfg is not None:
            base, paths, has_base = cfg
            for pattern, targets in sorted(paths, key=lambda kv: -len(kv[0].split("*")[0])):
                star = _match_star(pattern, spec)
                if star is None:
                    continue
                for target in targets:
                    t = self._js_probe(posixpath.join(base, target.replace("*", star, 1)))
                    if t:
                        return Resolution(targets=(t,))
            if has_base:
                t = self._js_probe(posixpath.join(base, spec))
                if t and not t.startswith("node_modules/"):
                    return Resolution(targets=(t,))
        parts = spec.split("/")
        name = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
        sub = "/".join(parts[2:] if spec.startswith("@") else parts[1:])
        pkg_dir = self.layout.npm_packages.get(name)
        if pkg_dir is not None:
            t = self._workspace_entry(pkg_dir, sub)
            return Resolution(targets=(t,), unit=name)
        return Resolution(external=name, stdlib=name in stdnames.NODE_BUILTINS)

    def _workspace_entry(self, d: str, sub: str) -> str:
        """The file a workspace package's import leads to: a subpath, or the entry its package.json names
        (mapped from a build output like dist/index.js back to src/ when that is what the repository holds)."""
        j = (lambda *p: posixpath.join(d, *p)) if d else (lambda *p: posixpath.join(*p))
        if sub:
            for base in (j(sub), j("src", sub), j("lib", sub)):
                t = self._js_probe(base)
                if t:
                    return t
        data = self.layout.npm_manifest(d)
        cands: list[str] = []
        exports = data.get("exports")
        dot = exports.get(".", exports) if isinstance(exports, dict) else exports
        for entry in (dot, data.get("source"), data.get("types"), data.get("typings"), data.get("module"), data.get("main")):
            if isinstance(entry, dict):
                entry = next((v for k in ("source", "types", "import", "require", "default") if isinstance(v := entry.get(k), str)), None)
            if isinstance(entry, str):
                cands.append(entry)
        for entry in cands:
            t = self._js_probe(j(entry.removeprefix("./")))
            if t:
                return t
            stem = re.sub(r"^\.?/?(dist|build|lib|out|esm|cjs)/", "src/", entry)
            t = self._js_probe(j(posixpath.splitext(stem)[0].removesuffix(".d")))
            if t:
                return t
        for base in ("src/index", "index", "lib/index", "src/main", "mod"):
            t = self._js_probe(j(base))
            if t:
                return t
        return j("package.json")

    # ----- go -----------------------------------------------------------------------------
    def _go(self, module: str) -> Resolution:
        for modpath, moddir in self.layout.go_modules:
            if module == modpath or module.startswith(modpath + "/"):
                sub = module[len(modpath):].lstrip("/")
                d = posixpath.join(moddir, sub) if moddir else sub
                files = [f for f in self.dirs.get(d, []) if f.endswith(".go") and not f.endswith("_test.go")]
                if files:
                    return Resolution(targets=tuple(files), unit=module)
        first = module.split("/")[0]
        if "." not in first:
            return Resolution(external=module, stdlib=True)
        declared = [m for m in self.layout.declared_in("go.mod") if module == m or module.startswith(m + "/")]
        if declared:
            return Resolution(external=max(declared, key=len))
        segs = module.split("/")
        keep = 3 if first in ("github.com", "gitlab.com", "bitbucket.org", "golang.org", "go.googlesource.com") else 2
        return Resolution(external="/".join(segs[:keep]))

    # ----- rust ---------------------------------------------------------------------------
    def _rust_crate_root(self, src: str) -> str:
        d = posixpath.dirname(src)
        while True:
            if posixpath.join(d, "Cargo.toml") in self.fileset or (not d and "Cargo.toml" in self.fileset):
                return posixpath.join(d, "src") if d else "src"
            if not d:
                return posixpath.dirname(src)
            d = posixpath.dirname(d)

    @staticmethod
    def _rust_mod_dir(src: str) -> str:
        base = posixpath.basename(src)
        d = posixpath.dirname(src)
        if base in ("mod.rs", "lib.rs", "main.rs"):
            return d
        return posixpath.join(d, base[:-3])

    def _rust_path(self, start: str, segs: list[str]) -> str | None:
        for n in range(len(segs), 0, -1):
            p = posixpath.join(start, *segs[:n]) if start else "/".join(segs[:n])
            for c in (p + ".rs", p + "/mod.rs"):
                if c in self.fileset:
                    return c
        return None

    def _rust_module_file(self, d: str, crate: bool = False) -> str | None:
        names = [posixpath.join(d, "lib.rs"), posixpath.join(d, "main.rs")] if crate else [d + ".rs", posixpath.join(d, "mod.rs")]
        return next((c for c in names if c in self.fileset), None)

    def _rust(self, src: str, module: str, names: tuple[str, ...]) -> list[Resolution]:
        if names == (module,) and _IDENT.fullmatch(module):  # `mod x;` (the query binds the module's own name)
            t = self._rust_path(self._rust_mod_dir(src), [module])
            if t and t != src:
                return [Resolution(targets=(t,), kind="mod")]
            return [Resolution(unresolved=True, kind="mod")]
        if "{" in module:
            leaves = expand_use_tree(module)
        elif not module:  # `use {a::B, c};` as an older query captured it
            leaves = list(names)
        elif names and not module.endswith("*"):
            leaves = [f"{module}::{n}" if n != "*" else module for n in names]
        else:
            leaves = [module]
        own_crate = self._rust_crate_root(src)
        groups: dict[tuple[str, str | None], list[tuple[str, str]]] = {}
        externals: dict[str, bool] = {}
        missing = 0
        for leaf in leaves:
            got = self._rust_leaf(src, leaf, own_crate)
            if isinstance(got, tuple):
                target, unit, kind = got
                if target != src:
                    groups.setdefault((kind, unit), []).append((_leaf_name(leaf), target))
            elif got.external:
                externals.setdefault(got.external, got.stdlib)
            else:
                missing += 1
        out = [Resolution(targets=tuple(dict.fromkeys(t for _, t in pairs)), unit=unit, kind=kind,
                          names=tuple((n, (t,)) for n, t in pairs if n))
               for (kind, unit), pairs in groups.items()]
        out += [Resolution(external=name, stdlib=std) for name, std in externals.items()]
        if missing and not out:
            out.append(Resolution(unresolved=True))
        return out

    def _rust_kind(self, src: str, target: str, own_crate: str) -> str:
        """'parent' when `target` is the module file of a module enclosing `src` (its items reached through
        `super::` or `crate::`: module structure), else 'import'."""
        d = posixpath.dirname(self._rust_mod_dir(src))
        while True:
            if target in (self._rust_module_file(d), self._rust_module_file(d, crate=True)):
                return "parent"
            if d == own_crate or not d or not d.startswith(own_crate):
                return "import"
            d = posixpath.dirname(d)

    def _rust_leaf(self, src: str, leaf: str, own_crate: str) -> tuple[str, str | None, str] | Resolution:
        """A use path's file, its unit (another crate's name) and kind; or a Resolution for an external or
        unresolved path."""
        segs = [s for s in leaf.removeprefix("::").split("::") if s and s != "*"]
        if not segs:
            return Resolution(unresolved=True)
        head = segs[0]
        if head == "crate":
            t = self._rust_path(own_crate, segs[1:]) or self._rust_module_file(own_crate, crate=True)
            return (t, None, self._rust_kind(src, t, own_crate)) if t else Resolution(unresolved=True)
        if head in ("self", "super"):
            start = self._rust_mod_dir(src)
            i = 0
            while i < len(segs) and segs[i] in ("self", "super"):
                if segs[i] == "super":
                    start = posixpath.dirname(start)
                i += 1
            t = self._rust_path(start, segs[i:]) or self._rust_module_file(start) or \
                (self._rust_module_file(start, crate=True) if start == own_crate else None)
            return (t, None, self._rust_kind(src, t, own_crate)) if t else Resolution(unresolved=True)
        if not leaf.startswith("::"):  # a child module of this one (2018 paths)
            t = self._rust_path(self._rust_mod_dir(src), segs)
            if t and t != src:
                return (t, None, "import")
        root = self.layout.crates.get(head)
        if root is not None:
            crate_dir = posixpath.dirname(root)
            t = self._rust_path(crate_dir, segs[1:]) or root
            return (t, None if crate_dir == own_crate else head, "import")
        return Resolution(external=head, stdlib=head in ("std", "core", "alloc", "proc_macro", "test"))

    # ----- jvm ----------------------------------------------------------------------------
    def _jvm(self, src: str, module: str, names: tuple[str, ...]) -> Resolution:
        mod = re.sub(r"^(static|import)\s*", "", module.strip()).rstrip(";").replace("`", "")
        fulls = [f"{mod}.{n}" if n not in ("*", "_") else f"{mod}.*" for n in names] if names else [mod]
        fulls = [g for f in fulls for g in _expand_braces(f)]
        targets: list[str] = []
        by_name: list[tuple[str, tuple[str, ...]]] = []
        units: list[str] = []
        for full in fulls:
            segs = [s for s in re.split(r"\.", full.split("=>")[0].strip()) if s]
            if not segs:
                continue
            if segs[-1] in ("*", "_"):
                files = self._jvm_package_files(src, segs[:-1])
                if files:
                    targets += files
                    units.append(".".join(segs[:-1]))
                continue
            hit = None
            for k in range(len(segs), 1, -1):
                cands = [h for ext in JVM_EXT for h in self._by_suffix("/".join(segs[:k]) + ext)]
                if cands:
                    hit = self._closest(cands, src)
                    units.append(".".join(segs[: k - 1]))
                    break
            if hit:
                targets.append(hit)
                by_name.append((segs[-1], (hit,)))
                continue
            files = self._jvm_package_files(src, segs[:-1])  # a Kotlin top-level function or constant
            if files:
                targets += files
                units.append(".".join(segs[:-1]))
                by_name.append((segs[-1], tuple(files)))
        if targets:
            unit = units[0] if len(set(units)) == 1 else None
            return Resolution(targets=tuple(dict.fromkeys(targets)), unit=unit, names=tuple(by_name))
        segs = mod.split(".")
        if segs[0] in stdnames.JVM_PLATFORM:
            return Resolution(external=".".join(segs[:2]), stdlib=True)
        pkg = mod
        for d in self.layout.declared_in("pom.xml", "build.gradle", "build.gradle.kts"):
            group = d.split(":")[0]
            if pkg == group or pkg.startswith(group + "."):
                return Resolution(external=d)
        keep = 3 if segs[0] in _TLDS and len(segs) >= 3 else 2
        return Resolution(external=".".join(segs[:keep]))

    def _jvm_package_files(self, src: str, segs: list[str]) -> list[str]:
        if not segs:
            return []
        dirs = [d for d in self._dirs_by_suffix("/".join(segs)) if any(f.endswith(JVM_EXT) for f in self.dirs.get(d, ()))]
        if not dirs:
            return []
        d = self._closest(dirs, src)
        return sorted(f for f in self.dirs[d] if f.endswith(JVM_EXT))

    # ----- c / c++ ------------------------------------------------------------------------
    def _c(self, src: str, module: str, names: tuple[str, ...]) -> list[Resolution]:
        if names:  # a C++ `using ns::name` declaration: a namespace, not a file
            return []
        quoted = module.startswith('"')
        name = module.strip('"<>').strip()
        if not quoted and re.fullmatch(r"[A-Z_][A-Z0-9_]*", name):  # `#include CONFIG_H`: a macro
            return []
        dirs, from_db = self.layout.include_dirs
        order = ([posixpath.dirname(src)] if quoted else []) + (dirs if (quoted or from_db) else [])
        for base in order:
            c = posixpath.normpath(posixpath.join(base, name)) if base else posixpath.normpath(name)
            if c in self.fileset:
                return [Resolution(targets=(c,))]
        std = name in stdnames.C_HEADERS
        if not quoted and std:
            return [Resolution(external=name, stdlib=True)]
        if not quoted and not from_db:
            for base in dirs:
                c = posixpath.normpath(posixpath.join(base, name)) if base else posixpath.normpath(name)
                if c in self.fileset:
                    return [Resolution(targets=(c,))]
        if quoted or "/" in name:  # a unique path suffix: a header in a directory some -I adds
            hits = [h for h in self._by_suffix(name) if h.lower().endswith(C_EXT)]
            if len(hits) == 1:
                return [Resolution(targets=(hits[0],))]
        if quoted:
            return [Resolution(unresolved=True)]
        return [Resolution(external=name.split("/")[0] if "/" in name else name)]

    # ----- c# -----------------------------------------------------------------------------
    def _csharp(self, module: str, names: tuple[str, ...]) -> Resolution:
        mod = re.sub(r"^(global\s*::|static\s+)", "", module.strip())
        full = f"{mod}.{names[0]}" if names else mod
        full = full.split("=")[-1].strip().removeprefix("global::")
        spaces = self.layout.cs_namespaces
        if full in spaces:
            return Resolution(targets=tuple(spaces[full]), unit=full)
        if "." in full:  # `using static Ns.Type;` or an alias of a type
            ns, typ = full.rsplit(".", 1)
            if ns in spaces:
                own = [f for f in spaces[ns] if posixpath.basename(f) == typ + ".cs"]
                return Resolution(targets=tuple(own or spaces[ns]), unit=ns)
        if any(k.startswith(full + ".") for k in spaces):
            return Resolution(unit=full, internal=True)
        segs = full.split(".")
        if segs[0] in stdnames.DOTNET_PLATFORM:
            return Resolution(external=".".join(segs[:2]), stdlib=True)
        ids = [d for d in self.layout.declared_in(".csproj", ".props") if full == d or full.startswith(d + ".")]
        return Resolution(external=max(ids, key=len) if ids else ".".join(segs[:2]))

    # ----- php ----------------------------------------------------------------------------
    def _php(self, src: str, module: str, names: tuple[str, ...]) -> Resolution:
        mod = module.strip().strip("'\"")
        if "/" in mod or re.search(r"\.(php|inc|phtml)$", mod):
            return self._relative_path(src, mod if mod.startswith((".", "/")) else "./" + mod)
        mod = re.sub(r"^(function|const)\s*", "", mod).lstrip("\\")
        fulls = [f"{mod}\\{n}" for n in names] if names else [mod]
        targets: list[str] = []
        by_name: list[tuple[str, tuple[str, ...]]] = []
        for full in fulls:
            found = self._php_class(full)
            if found:
                targets += found
                by_name.append((full.rsplit("\\", 1)[-1], tuple(found)))
        if targets:
            return Resolution(targets=tuple(dict.fromkeys(targets)))
        full = fulls[0]
        segs = full.split("\\")
        if len(segs) == 1:
            return Resolution(external=full, stdlib=True)  # a global class: Exception, DateTime, PDO
        lowered = [s.lower() for s in segs]
        same_vendor = [p for p in self.layout.declared_in("composer.json") if p.split("/")[0].replace("-", "") == lowered[0]]
        named = [p for p in same_vendor if p.split("/")[-1].replace("-", "") in lowered[1:]]
        if named or len(same_vendor) == 1:  # psr/log <- Psr\Log, monolog/monolog <- Monolog\Logger
            return Resolution(external=(named or same_vendor)[0])
        return Resolution(external="\\".join(segs[:2]))

    def _php_class(self, full: str) -> list[str]:
        for prefix, d, std in self.layout.psr:
            if full.startswith(prefix) or not prefix:
                rest = full[len(prefix):] if std == 4 else full
                c = posixpath.join(d, rest.replace("\\", "/") + ".php") if d else rest.replace("\\", "/") + ".php"
                if c in self.fileset:
                    return [c]
        spaces = self.layout.php_namespaces
        if full in spaces:  # a namespace imported whole
            return spaces[full]
        ns, _, cls = full.rpartition("\\")
        if ns in spaces:
            own = [f for f in spaces[ns] if posixpath.basename(f) == cls + ".php"]
            return own or spaces[ns]  # a function or constant of that namespace
        return []

    # ----- ruby ---------------------------------------------------------------------------
    def _ruby_probe(self, base: str) -> str | None:
        base = posixpath.normpath(base)
        if base.startswith(".."):
            return None
        for c in (base + ".rb", base) if not base.endswith(".rb") else (base,):
            if c in self.fileset and c.endswith((".rb", ".rake")):
                return c
        return None

    def _ruby(self, src: str, mod: str, line: int) -> Resolution:
        here = posixpath.dirname(src)
        rel = self._ruby_probe(posixpath.join(here, mod))
        if mod.startswith(("./", "../")):
            if rel:
                return Resolution(targets=(rel,))
            target = posixpath.normpath(posixpath.join(here, mod))
            return Resolution(unresolved=True, outside=target.startswith(".."))
        on_path = next((t for d in self.layout.ruby_load_path if (t := self._ruby_probe(posixpath.join(d, mod) if d else mod))), None)
        if rel and on_path:  # both exist: the statement decides
            relative = bool(re.search(r"\brequire_relative\b", self.line_text(src, line)))
            return Resolution(targets=(rel if relative else on_path,))
        if rel or on_path:
            return Resolution(targets=(rel or on_path or "",))
        if re.search(r"\brequire_relative\b", self.line_text(src, line)):
            return Resolution(unresolved=True)
        self.line_text(src, line)  # the file's own `$LOAD_PATH.unshift File.expand_path("../x", __dir__)` lines
        own = [d for d in ruby_load_lines(src, "\n".join(self._lines.get(src, ()))) if d in self.layout.all_dirs]
        found = next((t for d in own if (t := self._ruby_probe(posixpath.join(d, mod) if d else mod))), None)
        if found:
            return Resolution(targets=(found,))
        segs = mod.split("/")
        gems = {g.lower().replace("_", "-"): g for g in self.layout.declared_in("Gemfile", ".gemspec")}
        for cand in ("-".join(segs[:3]), "-".join(segs[:2]), segs[0], segs[0].replace("_", "")):
            if cand.lower().replace("_", "-") in gems:
                return Resolution(external=gems[cand.lower().replace("_", "-")])
        return Resolution(external=segs[0], stdlib=segs[0] in stdnames.RUBY_STDLIB)


def _match_star(pattern: str, spec: str) -> str | None:
    """What `*` stands for when a tsconfig path pattern matches `spec` ('' for an exact pattern); None otherwise."""
    if "*" not in pattern:
        return "" if pattern == spec else None
    pre, post = pattern.split("*", 1)
    if spec.startswith(pre) and spec.endswith(post) and len(spec) >= len(pre) + len(post):
        return spec[len(pre): len(spec) - len(post)]
    return None


def _split_top(text: str) -> list[str]:
    """Split on commas outside braces."""
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return [p.strip() for p in out if p.strip()]


def expand_use_tree(tree: str, sep: str = "::") -> list[str]:
    """The paths a Rust use tree names: 'crate::{a::B, c::{D, self}}' -> crate::a::B, crate::c::D, crate::c."""
    tree = tree.strip().rstrip(";")
    if tree.startswith("{") and tree.endswith("}"):
        return [leaf for part in _split_top(tree[1:-1]) for leaf in expand_use_tree(part, sep)]
    i = tree.find(sep + "{")
    if i >= 0 and tree.endswith("}"):
        prefix = tree[:i]
        out = []
        for leaf in expand_use_tree(tree[i + len(sep):], sep):
            out.append(prefix if leaf == "self" else f"{prefix}{sep}{leaf}")
        return out
    return [tree]


def _expand_braces(full: str) -> list[str]:
    """Scala's `a.b.{C, D => E}` -> a.b.C, a.b.D."""
    if "{" not in full:
        return [full]
    return [leaf.split("=>")[0].strip().replace("::", ".") for leaf in expand_use_tree(full.replace(".{", "::{"), "::")]


def _leaf_name(leaf: str) -> str:
    """The name a use path binds: its last segment (`a::B` -> B, `a::B as C` -> C where whitespace survived)."""
    last = leaf.split("::")[-1]
    if " as " in last:
        return last.split(" as ")[-1].strip()
    return last if _IDENT.fullmatch(last) and last != "self" else ""
