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
from collections.abc import Callable, Iterable

from contexteer.indexers import stdnames
from contexteer.indexers.layouts import ruby_load_lines
from contexteer.indexers.resolve_base import (
    JS_EXT,
    JS_FAMILY,
    NAMESPACE_PACKAGES,
    PY_EXT,
    ImportLike,
    Resolution,
    family,
)
from contexteer.indexers.resolve_langs import LanguageResolvers, expand_use_tree
from contexteer.indexers.resolve_scripts import SCRIPT_FAMILIES, ScriptResolvers

logger = logging.getLogger(__name__)

__all__ = ["ImportLike", "Resolution", "Resolver", "expand_use_tree", "family"]


class Resolver(LanguageResolvers, ScriptResolvers):
    """Resolves the imports of one repository's files to files of that repository."""

    def __init__(self, files: Iterable[str], read_text: Callable[[str], str | None] | None = None) -> None:
        super().__init__(files, read_text)
        self._py: dict[str, str] | None = None
        self._root_package = False
        self._root_names: set[str] = set()  # names the root package is imported by (`starlette` in `starlette.types`)

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
        fam = self.family_of(imp.path)
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
            return self._rust(imp.path, mod, names, imp.line)
        if fam == "jvm":
            return [self._jvm(imp.path, mod, names, imp.line)]
        if fam == "c":
            return self._c(imp.path, mod, names)
        if fam == "csharp":
            return [self._csharp(mod, names, imp.path, imp.line)]
        if fam == "php":
            return [self._php(imp.path, mod, names)]
        if fam == "ruby":
            return [self._ruby(imp.path, mod.strip("'\""), imp.line)]
        if fam == "shell":
            return [self._shell_source(imp.path, mod)]
        if fam == "make":
            return [self._make_include(imp.path, mod)]
        if fam in SCRIPT_FAMILIES:
            return self._script(fam, imp.path, mod, names)
        return [self._relative_path(imp.path, mod.strip("'\""))]

    # ----- python -------------------------------------------------------------------------
    def _python_modules(self) -> dict[str, str]:
        mods: dict[str, str] = {}
        inits = {posixpath.dirname(f) for f in self.files if posixpath.basename(f) in ("__init__.py", "__init__.pyi")}
        self._root_package = "" in inits  # the root is a package itself (pointed at `starlette/`): `starlette.x` is x.py
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
        segs = module.split(".")
        if self._root_package and len(segs) == 1 and module in self._root_names:  # `from starlette import helpers`
            for n in names:
                t = self._py.get(n)
                if t:
                    targets.append(t)
                    by_name.append((n, (t,)))
        for attempt in (module, ".".join(segs[1:]) if self._root_package and len(segs) > 1 else ""):
            if not attempt or targets:
                continue
            for n in names:
                t = self._py.get(f"{attempt}.{n}")
                if t:
                    targets.append(t)
                    by_name.append((n, (t,)))
            own = self._py.get(attempt)
            if own:
                targets.insert(0, own)
            if attempt == module and targets and self._root_package and segs[0] in sys.stdlib_module_names \
                    and all("/" not in t for t in targets):
                targets, by_name = [], []  # `import types` in a package is the standard library's, not ./types.py
            elif attempt != module and targets:
                self._root_names.add(segs[0])
        if targets:
            return Resolution(targets=tuple(sorted(set(targets))), names=tuple(by_name))
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
        cands.append(base + ".json")  # Node's `require('../package')`: package.json (cordova-android's Api.js)
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
            relative = bool(re.search(r"\brequire_relative\b|\bexpand_path\(.*\b__dir__\b", self.line_text(src, line)))
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
        # a root that is itself a load path (a gem's lib/ copied or checked out alone: `require 'kramdown/utils'`
        # is kramdown/utils.rb, read as the gem "kramdown" by the kramdown A/B agent)
        at_root = self._ruby_probe(mod) if "/" in mod else None
        if at_root:
            return Resolution(targets=(at_root,))
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
