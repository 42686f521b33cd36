"""Import resolution for Rust (`mod`, use trees, crates), the JVM languages (classes by package directory),
C/C++ (include directories), C# (declared namespaces) and PHP (PSR-4, declared namespaces, include paths): the
other half of contexteer.indexers.resolve.Resolver."""

from __future__ import annotations

import logging
import posixpath
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import cached_property

from contexteer.indexers import stdnames
from contexteer.indexers.resolve_base import C_EXT, JVM_EXT, Resolution, ResolverBase, same_package
from contexteer.indexers.syntax import cs_using_candidates

logger = logging.getLogger(__name__)

_TLDS = frozenset({"com", "org", "net", "io", "dev", "edu", "gov", "me", "co", "uk", "de", "fr", "info", "app", "ai", "tech"})
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_INLINE_MOD = re.compile(r"\s*(pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*\{")


_RUST_STD = frozenset({"std", "core", "alloc", "proc_macro", "test"})


class LanguageResolvers(ResolverBase):
    """Rust, JVM, C/C++, C# and PHP resolution (mixed into Resolver)."""

    def __init__(self, files: Iterable[str], read_text: Callable[[str], str | None] | None = None) -> None:
        super().__init__(files, read_text)
        self._crates_declared: set[str] | None = None
        self._rust_roots: dict[str, str] = {}
        self._rust_editions: dict[str, str] = {}
        self._top_names: dict[str, dict[str, list[str]]] = {}  # a JVM package folder: top-level name -> its files
        self._cs_text: tuple[str, list[str]] = ("", [])  # the C# file whose usings are being resolved, its lines

    # ----- rust ---------------------------------------------------------------------------
    def _rust_crate_root(self, src: str) -> str:
        """The `src/` directory of the package `src` belongs to (nearest Cargo.toml above it)."""
        hit = self._rust_roots.get(src)
        if hit is None:
            hit = self._rust_roots[src] = self._find_crate_root(src)
        return hit

    def _find_crate_root(self, src: str) -> str:
        d = posixpath.dirname(src)
        while True:
            if posixpath.join(d, "Cargo.toml") in self.fileset or (not d and "Cargo.toml" in self.fileset):
                return posixpath.join(d, "src") if d else "src"
            if not d:
                return posixpath.dirname(src)
            d = posixpath.dirname(d)

    def _rust_mod_dir(self, src: str) -> str:
        """The directory of a module's child modules: its own for mod.rs and crate roots (lib.rs, main.rs,
        build.rs, the files of tests/, examples/, benches/ and src/bin/), else one named after the file."""
        base = posixpath.basename(src)
        d = posixpath.dirname(src)
        if base in ("mod.rs", "lib.rs", "main.rs", "build.rs") or d.endswith("src/bin") or d == "src/bin" or \
                (posixpath.basename(d) in ("tests", "examples", "benches")
                 and posixpath.join(posixpath.dirname(d), "Cargo.toml") in self.fileset):
            return d
        return posixpath.join(d, base[:-3])

    def _rust_mod_file(self, src: str, name: str, line: int) -> str | None:
        """The file of `mod name;` at `line`: a `#[path = "..."]` above it (relative to the file's directory), or
        name.rs / name/mod.rs in the module's directory."""
        for back in range(1, 6):
            prev = self.line_text(src, line - back).strip() if line > back else ""
            if not prev.startswith("#["):
                break
            m = re.match(r'#\[path\s*=\s*"([^"]+)"\s*\]', prev)
            if m:
                t = posixpath.normpath(posixpath.join(posixpath.dirname(src), m.group(1)))
                return t if t in self.fileset else None
        p = posixpath.join(self._rust_mod_dir(src), *self._rust_inline_mods(src, line), name)
        return next((c for c in (p + ".rs", p + "/mod.rs") if c in self.fileset), None)

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

    def _rust(self, src: str, module: str, names: tuple[str, ...], line: int) -> list[Resolution]:
        if names == (module,) and _IDENT.fullmatch(module) and \
                re.search(rf"\bmod\s+{module}\s*;", self.line_text(src, line)):  # `mod x;` (the query binds x)
            t = self._rust_mod_file(src, module, line)
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
            got = self._rust_leaf(src, leaf, own_crate, line)
            if isinstance(got, tuple):
                target, unit, kind = got
                if target != src:
                    groups.setdefault((kind, unit), []).append((_leaf_name(leaf), target))
            elif got.external:
                externals.setdefault(got.external, got.stdlib)
            elif not got.internal:
                missing += 1
        out = [Resolution(targets=tuple(dict.fromkeys(t for _, t in pairs)), unit=unit, kind=kind,
                          names=tuple((n, (t,)) for n, t in pairs if n))
               for (kind, unit), pairs in groups.items()]
        out += [Resolution(external=name, stdlib=std) for name, std in externals.items()]
        if missing and not out:
            out.append(Resolution(unresolved=True))
        return out

    def _rust_inline_mods(self, src: str, line: int) -> list[str]:
        """The inline `mod name { ... }` blocks enclosing `line`, outermost first (found by indentation, as rustfmt
        lays code out)."""
        text = self.line_text(src, line)
        indent = len(text) - len(text.lstrip())
        names: list[str] = []
        lines = self._lines.get(src, [])
        for i in range(line - 2, -1, -1):
            if not indent:
                break
            t = lines[i]
            stripped = t.lstrip()
            if not stripped or stripped.startswith(("//", "#", "*", "/*")):
                continue
            ind = len(t) - len(stripped)
            if ind < indent:
                m = _INLINE_MOD.match(t)
                if m:
                    names.insert(0, m.group(2))
                indent = ind
        return names

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

    def _rust_leaf(self, src: str, leaf: str, own_crate: str, line: int) -> tuple[str, str | None, str] | Resolution:
        """A use path's file, its unit (another crate's name) and kind; or a Resolution for an external,
        local (internal) or unresolved path."""
        segs = [s for s in leaf.removeprefix("::").split("::") if s and s != "*"]
        if not segs:
            return Resolution(unresolved=True)
        head = segs[0]
        if head == "crate":
            t = self._rust_path(own_crate, segs[1:])
            outside = self._rust_root_import(own_crate, segs[1]) if t is None and len(segs) > 2 else None
            if outside is not None:  # `crate::vec::Drain` with `use alloc::vec::{self, Vec};` in lib.rs: alloc's
                return Resolution(external=outside, stdlib=outside in _RUST_STD)
            t = t or self._rust_module_file(own_crate, crate=True)
            return (t, None, self._rust_kind(src, t, own_crate)) if t else Resolution(unresolved=True)
        if head in ("self", "super"):
            inline = len(self._rust_inline_mods(src, line))  # `mod tests { use super::*; }`: super is this file
            ups = sum(1 for x in segs if x == "super")
            if inline and (head == "self" or ups <= inline):
                return Resolution(internal=True)
            start = self._rust_mod_dir(src)
            i = 0
            skip = inline
            while i < len(segs) and segs[i] in ("self", "super"):
                if segs[i] == "super" and skip:
                    skip -= 1
                    i += 1
                    continue
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
        if head not in _RUST_STD and head not in self.layout.crates and not self._rust_declared(head) \
                and self._rust_edition(own_crate) == "2015":
            # 2015 paths start at the crate root: `use {Level, LOG_LEVEL_NAMES};` is lib.rs's, `use kv::Source;` kv's
            crate_file = self._rust_module_file(own_crate, crate=True)
            t = self._rust_path(own_crate, segs) or (crate_file if crate_file and self._rust_defines(crate_file, head) else None)
            if t:
                return (t, None, self._rust_kind(src, t, own_crate))
        root = self.layout.crates.get(head)
        if root is not None:
            crate_dir = posixpath.dirname(root)
            t = self._rust_path(crate_dir, segs[1:]) or root
            return (t, None if crate_dir == own_crate else head, "import")
        if head in _RUST_STD:
            return Resolution(external=head, stdlib=True)
        if self._rust_local(head):  # an inline module, an enum's variants, a name imported above
            return Resolution(internal=True)
        return Resolution(external=head)

    def _rust_root_import(self, crate_dir: str, name: str) -> str | None:
        """The crate a crate root's `use` binds the module `name` from (`use alloc::vec::{self, Vec};`, `use
        std::fmt;`, `use core::ops as o;`), when that is no path of the crate itself: indexmap's `use
        crate::vec::{Drain, Vec}` had been read as lib.rs's and its `Drain` as the crate's own map::Drain (run 467)."""
        root = self._rust_module_file(crate_dir, crate=True)
        if root is None:
            return None
        n = re.escape(name)
        text = self.layout.text(root)
        # (the crate root's own `use` lines, at column 0: not one in `mod tests { use std::fmt; }`, review of stop 55)
        for m in re.finditer(r"(?m)^(?:pub(?:\([^)]*\))?\s+)?use\s+(?:::)?([\w:]+?)(::\{[^;]*\}|(?:\s+as\s+\w+)?)\s*;", text):
            path, rest = m.group(1), m.group(2)
            first = path.split("::", 1)[0]
            if first in ("crate", "self", "super"):
                continue
            bound = (rest.startswith("::{") and re.search(r"[{,]\s*self\s*(?:as\s+(\w+)\s*)?[,}]", rest)
                     and (re.search(rf"[{{,]\s*self\s+as\s+{n}\s*[,}}]", rest) or path.rsplit("::", 1)[-1] == name)) \
                or (not rest.startswith("::{") and (re.search(rf"\bas\s+{n}$", rest.strip()) if rest.strip()
                                                     else path.rsplit("::", 1)[-1] == name and "::" in path))
            if bound:
                return first
        return None

    def _rust_edition(self, crate_src: str) -> str:
        """The edition in the crate's Cargo.toml (`edition = "2018"`); a manifest without one is 2015."""
        manifest = posixpath.join(posixpath.dirname(crate_src), "Cargo.toml") if posixpath.basename(crate_src) == "src" \
            else "Cargo.toml"
        if manifest not in self.fileset:
            return "2018"  # no manifest: assume today's paths
        if manifest not in self._rust_editions:
            m = re.search(r'(?m)^\s*edition\s*=\s*"(\d{4})"', self.layout.text(manifest))
            self._rust_editions[manifest] = m.group(1) if m else "2015"
        return self._rust_editions[manifest]

    def _rust_defines(self, path: str, name: str, *, reexports: bool = True) -> bool:
        """Whether a Rust file declares `name` at any level (struct, enum, fn, const, static, trait, type, mod,
        macro or, with `reexports`, a `pub use` re-export): enough to send a 2015 crate-root path to it."""
        n = re.escape(name)
        again = rf"|pub(?:\([^)]*\))?\s+use\s+[^;]*\b{n}\s*[,;}}]" if reexports else ""
        return re.search(rf"(?m)^\s*(?:pub(?:\([^)]*\))?\s+)?(?:(?:struct|enum|union|fn|const|static|trait|type|mod)\s+{n}\b"
                         rf"|macro_rules!\s*{n}\b{again})", self.layout.text(path)) is not None

    def rust_defining_file(self, path: str, name: str) -> str | None:
        """The file that defines `name` when the Rust module file `path` only re-exports it (`use
        crate::visit::depth_first_search` with `pub use self::dfsvisit::*;` in visit/mod.rs: dfsvisit.rs); None
        when `path` defines it or nothing says."""
        if path not in self.fileset or self._rust_defines(path, name, reexports=False):
            return None
        return self._rust_reexported(path, name, self._rust_crate_root(path))

    def _rust_reexported(self, path: str, name: str, own_crate: str, depth: int = 0) -> str | None:
        """The file defining `name` that a module re-exports it from (`pub use self::dfsvisit::*;`, `pub use
        self::x::{A, name}`, `pub use crate::y::name`), followed up to three re-exports deep; None when none says."""
        for m in re.finditer(r"(?m)^\s*pub(?:\([^)]*\))?\s+use\s+([^;]+);", self.layout.text(path)):
            tree = " ".join(m.group(1).split())
            for leaf in expand_use_tree(tree) if "{" in tree else [tree]:
                segs = [x.strip() for x in leaf.removeprefix("::").split("::")]
                if not segs or segs[-1] not in (name, "*") or len(segs) < 2:
                    continue
                where = segs[:-1]
                start = own_crate if where[0] == "crate" else self._rust_mod_dir(path)
                where = where[1:] if where[0] in ("crate", "self") else where
                while where and where[0] == "super":
                    start, where = posixpath.dirname(start), where[1:]
                found = self._rust_path(start, where) if where else None
                if found is None or found == path:
                    continue
                if self._rust_defines(found, name, reexports=False):
                    return found
                deeper = self._rust_reexported(found, name, own_crate, depth + 1) if depth < 2 else None
                if deeper is not None:
                    return deeper
        return None

    def _rust_declared(self, head: str) -> bool:
        """Whether the repository's Cargo.toml files declare a crate of this name (a dependency)."""
        if self._crates_declared is None:
            self._crates_declared = {d.replace("-", "_") for d in self.layout.declared_in("Cargo.toml")}
        return head in self._crates_declared

    def _rust_local(self, head: str) -> bool:
        """A first path segment that names no crate: the repository's manifests declare crates, and this is not one."""
        if head[:1].isupper():
            return True
        self._rust_declared(head)
        return bool(self._crates_declared) and not self._rust_declared(head)

    # ----- jvm ----------------------------------------------------------------------------
    def _jvm(self, src: str, module: str, names: tuple[str, ...], line: int = 0) -> Resolution:
        if not src.endswith((".scala", ".sc")):
            return self._jvm_absolute(src, module, names)
        if self._scala_value(src, module, line):
            return Resolution(internal=True, value=True)  # the members of a value in scope: no dependency
        got = self._jvm_absolute(src, module, names)
        return got if got.targets else self._scala_relative(src, module, names, line) or got

    def _scala_value(self, src: str, module: str, line: int) -> bool:
        """Whether an import inside a definition starts with a parameter or local of it: `import io._` after
        `def runBuffered(log: ProcessLogger, io: ProcessIO)` imports that value's members, not the package scala.io."""
        head = module.strip().replace("`", "").partition(".")[0]
        lines = self.layout.text(src).split("\n")
        if not head or line <= 0 or not lines[line - 1 : line] or lines[line - 1][:1] not in (" ", "\t"):
            return False
        before = lines[max(0, line - 61) : line - 1]
        return any(re.search(rf"(?:[(,]\s*|\b(?:val|var)\s+){re.escape(head)}\s*:", t) for t in before)

    def _scala_relative(self, src: str, module: str, names: tuple[str, ...], line: int, depth: int = 0) -> Resolution | None:
        """A Scala import written relative to what is in scope, the way the compiler reads it: a member of an
        enclosing package (`import processInternal._` in scala.sys.process), or a name an earlier
        import brought in (`import Uncloseable.protect` after `import BasicIO.{Uncloseable, Streamed}`)."""
        mod = module.strip().replace("`", "")
        head, _, rest = mod.partition(".")
        if not head or depth > 2:
            return None
        lines = self.layout.text(src).split("\n")
        pkg = self.layout.jvm_package(src) or ""
        parts = pkg.split(".") if pkg else []
        for k in range(len(parts), 0, -1):  # scala.sys.process, then scala.sys, then scala
            prefix = ".".join(parts[:k])
            got = self._jvm_absolute(src, f"{prefix}.{mod}", names)
            if got.targets:
                return got
            folder = "/".join(parts[:k])
            holder = self._scala_object_file(folder, head) if folder in self.dirs else None
            if holder:  # an object defined in a file of another name (`object processInternal` in package.scala)
                return Resolution(targets=(holder,), unit=prefix)
        for text in reversed(lines[: max(0, line - 1)]):  # a name an earlier import brought in
            m = re.match(rf"\s*import\s+([\w.`]+)\.(?:{re.escape(head)}\b|\{{[^}}]*\b{re.escape(head)}\b[^}}]*\}})", text)
            if m:
                again = self._jvm_absolute(src, f"{m.group(1)}.{mod}", names)
                return again if again.targets else self._scala_relative(src, f"{m.group(1)}.{mod}", names, line, depth + 1)
        return None

    def _scala_object_file(self, folder: str, name: str) -> str | None:
        rx = re.compile(rf"^\s*(?:(?:private|protected)(?:\[\w+\])?\s+|case\s+)*object\s+{re.escape(name)}\b", re.M)
        return next((f for f in sorted(self.dirs.get(folder, ())) if f.endswith(".scala") and rx.search(self.layout.text(f))), None)

    def _jvm_absolute(self, src: str, module: str, names: tuple[str, ...]) -> Resolution:
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
                    units.append(self.layout.jvm_package(files[0]) or ".".join(segs[:-1]))
                    continue
                # an object's or a class's members (Scala `import scala.util.control.Breaks._`, Java `import
                # static a.b.C.*`): the file that defines it
                for k in range(len(segs) - 1, 1, -1):
                    cands = [h for ext in JVM_EXT for path in self._jvm_paths(segs[:k]) for h in self._by_suffix(path + ext)]
                    if cands:
                        targets.append(self._closest(cands, src))
                        units.append(self.layout.jvm_package(targets[-1]) or ".".join(segs[: k - 1]))
                        break
                continue
            hit = None
            for k in range(len(segs), 1, -1):
                cands = [h for ext in JVM_EXT for path in self._jvm_paths(segs[:k]) for h in self._by_suffix(path + ext)]
                if cands:
                    hit = self._closest(cands, src)
                    # the package the file declares: Scala's relative `import generic._` is scala.collection.generic
                    units.append(self.layout.jvm_package(hit) or ".".join(segs[: k - 1]))
                    break
            if hit:
                targets.append(hit)
                by_name.append((segs[-1], (hit,)))
                continue
            files = self._jvm_package_files(src, segs[:-1])  # a Kotlin top-level function or constant
            files = self._declaring(files, segs[-1]) or files
            if files:
                targets += files
                units.append(".".join(segs[:-1]))
                by_name.append((segs[-1], tuple(files)))
        if targets:
            unit = units[0] if len(set(units)) == 1 else None
            return Resolution(targets=tuple(dict.fromkeys(targets)), unit=unit, names=tuple(by_name))
        segs = mod.split(".")
        if segs[0] == "javax" and len(segs) > 1 and segs[1] not in stdnames.JDK_JAVAX \
                and ".".join(segs[1:3]) != "annotation.processing":
            return Resolution(external=".".join(segs[:2]))
        if segs[0] in stdnames.JVM_PLATFORM:
            keep = 2
            while keep < len(segs) and segs[keep][:1].islower() and self._jvm_package_files(src, segs[:keep]):
                keep += 1  # `scala.concurrent.forkjoin` beside a repository's own scala.concurrent: not that one
            return Resolution(external=".".join(segs[:keep]), stdlib=True)
        pkg = mod
        for d in self.layout.declared_in("pom.xml", "build.gradle", "build.gradle.kts"):
            group = d.split(":")[0]
            if pkg == group or pkg.startswith(group + "."):
                return Resolution(external=d)
        keep = 3 if segs[0] in _TLDS and len(segs) >= 3 else 2
        return Resolution(external=".".join(segs[:keep]))

    def _declaring(self, files: list[str], name: str) -> list[str]:
        """The files of a package that declare `name` at their top (a class, object or type alias, a function or
        property, an extension's too): `import com.facebook.react.uimanager.LengthPercentageType` is the enum in
        LengthPercentage.kt, not the package's 60 files (the Kotlin A/B agent read a 76-file import list). Each
        package's files are read once per resolver."""
        if self.read_text is None or not files or len(files) > 400:
            return []
        key = posixpath.dirname(files[0])
        names = self._top_names.get(key)
        if names is None:
            names = self._top_names[key] = {}
            for f in files:
                for m in _KOTLIN_TOP.finditer(self.read_text(f) or ""):
                    names.setdefault(next(g for g in m.groups() if g), []).append(f)
        return [f for f in dict.fromkeys(names.get(name, [])) if f in files]

    def _jvm_paths(self, segs: list[str]) -> list[str]:
        """Where a JVM name's file may be: its package path (`com/facebook/react/uimanager/FloatUtil`), and the same
        under each source root whose files declare packages their directories do not spell out in full (a tree
        rooted at `react/` whose files say `package com.facebook.react...`: Kotlin does not require the match)."""
        out = ["/".join(segs)]
        for pkg, folder in self._jvm_roots:
            if len(segs) > len(pkg) and segs[: len(pkg)] == list(pkg):
                out.append("/".join([*folder, *segs[len(pkg):]]))
        return out

    @cached_property
    def _jvm_roots(self) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """(package prefix, folder prefix) pairs learnt from a sample of JVM files whose folder ends with only part
        of their declared package: `package com.facebook.react.uimanager` in `react/uimanager/` gives
        ((com, facebook), ())."""
        files = sorted(f for f in self.fileset if f.endswith(JVM_EXT))
        step = max(1, len(files) // 400)
        seen: Counter[tuple[tuple[str, ...], tuple[str, ...]]] = Counter()
        for f in files[::step]:
            pkg = self.layout.jvm_package(f)
            if not pkg:
                continue
            ps, ds = pkg.split("."), f.split("/")[:-1]
            k = 0
            while k < min(len(ps), len(ds)) and ps[len(ps) - 1 - k] == ds[len(ds) - 1 - k]:
                k += 1
            if 0 < k < len(ps):  # the folder spells out the package's tail only
                seen[(tuple(ps[: len(ps) - k]), tuple(ds[: len(ds) - k]))] += 1
        return [rule for rule, n in seen.most_common(8) if n >= 2 or len(files) < 20]

    def _jvm_package_files(self, src: str, segs: list[str]) -> list[str]:
        if not segs:
            return []
        dirs = [d for path in self._jvm_paths(segs) for d in self._dirs_by_suffix(path)
                if any(f.endswith(JVM_EXT) for f in self.dirs.get(d, ()))]
        if not dirs:
            return []
        d = self._closest(dirs, src)
        # (the package's folders under the module's other source roots too: `import org.kohsuke.args4j.*` in
        # args4j/test/ is args4j/src/org/kohsuke/args4j/ as well as args4j/test/org/kohsuke/args4j/; run 567)
        same = [e for e in dirs if e == d or same_package(e + "/_", d + "/_")]
        return sorted(f for e in dict.fromkeys(same) for f in self.dirs[e] if f.endswith(JVM_EXT))

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
    def _csharp(self, module: str, names: tuple[str, ...], src: str = "", line: int = 0) -> Resolution:
        mod = re.sub(r"^(global\s*::|static\s+)", "", module.strip())
        full = f"{mod}.{names[0]}" if names and names[0] else mod
        written = full.split("=")[-1].strip()
        full = written.removeprefix("global::")
        spaces = self.layout.cs_namespaces
        # inside `namespace DBus {`, `using Protocol;` is DBus.Protocol (dbus-sharp run 521)
        if src and line and "global::" not in written and full.split(".")[0] not in stdnames.DOTNET_PLATFORM:
            if self._cs_text[0] != src:  # (a file's usings are resolved one after another)
                self._cs_text = (src, self.layout.text(src).split("\n"))
            lines = self._cs_text[1]
            full = next((c for c in cs_using_candidates(lines, line, full)
                         if c in spaces or ("." in c and c.rsplit(".", 1)[0] in spaces
                                            and any(posixpath.basename(f) == c.rsplit(".", 1)[1] + ".cs"
                                                    for f in spaces[c.rsplit(".", 1)[0]]))), full)
        if full in spaces:
            return Resolution(targets=tuple(spaces[full]), unit=full)
        if "." in full:  # `using static Ns.Type;` or an alias of a type
            ns, typ = full.rsplit(".", 1)
            own = [f for f in spaces[ns] if posixpath.basename(f) == typ + ".cs"] if ns in spaces else []
            # (not the platform's sub-namespace: `using System.Collections.Generic;` is no type Generic of a repository
            # file declaring `namespace System.Collections`, hyena run 570)
            if ns in spaces and (own or full.split(".")[0] not in stdnames.DOTNET_PLATFORM):
                return Resolution(targets=tuple(own or spaces[ns]), unit=ns)
        segs = full.split(".")
        if segs[0] in stdnames.DOTNET_PLATFORM:  # `System` or `System.Runtime.Serialization`, whatever polyfill the
            return Resolution(external=".".join(segs[:2]), stdlib=True)  # repository declares under System.*
        if any(k.startswith(full + ".") for k in spaces):
            return Resolution(unit=full, internal=True)
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
        return Resolution(external="\\".join(segs[:-1][:3]))  # the namespace of the class: Psr\Log, Symfony\Component\String

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


#: a Kotlin file's top-level declarations (at column 0, after modifiers and annotations): its classes, objects and
#: type aliases, functions (extensions' too: `fun Float.dpToPx()`) and properties
_KOTLIN_TOP = re.compile(
    r"^(?:[\w@()\"., ]+\s+)?(?:(?:class|interface|object|typealias)\s+`?(\w+)"
    r"|fun\s+(?:<[^>]*>\s*)?(?:[\w.<>?, ]+\.)?`?(\w+)`?\s*[(<]"
    r"|(?:val|var)\s+(?:<[^>]*>\s*)?(?:[\w.<>?, ]+\.)?`?(\w+)`?\s*[:=])", re.M)


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
