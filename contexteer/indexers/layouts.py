"""What a repository's layout says about where its imports lead: Go modules (go.mod, go.work, local replaces),
Cargo crates, npm workspace packages, tsconfig/jsconfig paths, composer PSR-4/PSR-0 prefixes, C/C++ include
directories (compile_commands.json or common layouts), Ruby load paths, the namespaces C# and PHP files
declare, the package a JVM file declares; and which files are tests. Read lazily, once per Layout."""

from __future__ import annotations

import json
import logging
import posixpath
import re
import shlex
import tomllib
from collections import defaultdict
from collections.abc import Callable
from functools import cached_property

from contexteer.indexers.manifests import MANIFEST_RE, VENDORED, Declared, parse_manifest

logger = logging.getLogger(__name__)

ReadText = Callable[[str], "str | None"]

def jsonc(text: str) -> object:
    """JSON with comments and trailing commas (tsconfig.json, jsconfig.json)."""
    text = re.sub(r'("(?:\\.|[^"\\])*")|//[^\n]*|/\*.*?\*/', lambda m: m.group(1) or "", text, flags=re.S)
    return json.loads(re.sub(r",(\s*[}\]])", r"\1", text))


class Layout:
    """Layout facts of one repository's file list; `read_text(rel)` reads a file (None when it cannot)."""

    def __init__(self, files: list[str], fileset: set[str], read_text: ReadText | None) -> None:
        self.files = files
        self.fileset = fileset
        self.read_text = read_text
        self.by_name: dict[str, list[str]] = defaultdict(list)
        for f in files:
            self.by_name[posixpath.basename(f)].append(f)
        self._jvm_packages: dict[str, str | None] = {}

    def text(self, rel: str) -> str:
        return (self.read_text(rel) if self.read_text else None) or ""

    def named(self, *names: str) -> list[str]:
        """The repository's own files with one of these base names (not under node_modules/ or vendor/)."""
        return sorted(f for n in names for f in self.by_name.get(n, ()) if not VENDORED.search(f))

    @cached_property
    def all_dirs(self) -> set[str]:
        out = {""}
        for f in self.files:
            d = posixpath.dirname(f)
            while d and d not in out:
                out.add(d)
                d = posixpath.dirname(d)
        return out

    @cached_property
    def declared(self) -> list[Declared]:
        """Every dependency the repository's own manifests declare."""
        out: list[Declared] = []
        for f in self.files:
            if MANIFEST_RE.search(f) and not VENDORED.search(f):
                out += parse_manifest(f, self.text(f))
        return out

    def declared_in(self, *manifests: str) -> list[str]:
        """Declared names from manifests with these base names (or suffixes: '.csproj')."""
        return sorted({d.name for d in self.declared if posixpath.basename(d.manifest).endswith(manifests)})

    # ----- go -----------------------------------------------------------------------------
    @cached_property
    def go_modules(self) -> list[tuple[str, str]]:
        """(module path, directory): every go.mod's module, and local `replace` targets of go.mod and go.work;
        the longest path first."""
        out: dict[str, str] = {}
        for f in self.named("go.mod"):
            m = re.search(r"^module\s+\"?([^\s\"]+)", self.text(f), re.M)
            if m:
                out.setdefault(m.group(1), posixpath.dirname(f))
        for f in self.named("go.mod", "go.work"):
            for path, target in _go_replaces(self.text(f)):
                d = posixpath.normpath(posixpath.join(posixpath.dirname(f), target))
                d = "" if d == "." else d
                if not d.startswith("..") and d in self.all_dirs:
                    out.setdefault(path, d)
        return sorted(out.items(), key=lambda t: -len(t[0]))

    def go_import_path(self, d: str) -> str:
        """The import path of the Go package in directory `d` (the directory itself outside any module)."""
        for modpath, moddir in sorted(self.go_modules, key=lambda t: -len(t[1])):  # the innermost module
            if d == moddir or d.startswith(moddir + "/") or not moddir:
                rest = d[len(moddir):].lstrip("/")
                return f"{modpath}/{rest}" if rest else modpath
        return d or "."

    # ----- rust ---------------------------------------------------------------------------
    @cached_property
    def crates(self) -> dict[str, str]:
        """Crate name as code writes it (dashes as underscores) -> its root file, for every package of the repository."""
        out: dict[str, str] = {}
        for f in self.named("Cargo.toml"):
            try:
                data = tomllib.loads(self.text(f))
            except (tomllib.TOMLDecodeError, ValueError) as exc:
                logger.info("%s could not be read: %s", f, exc)
                continue
            pkg, lib = data.get("package") or {}, data.get("lib") or {}
            if not isinstance(pkg, dict) or not pkg.get("name"):
                continue
            d = posixpath.dirname(f)
            roots = [posixpath.normpath(posixpath.join(d, lib["path"]))] if isinstance(lib, dict) and lib.get("path") else []
            roots += [posixpath.join(d, "src/lib.rs"), posixpath.join(d, "src/main.rs")]
            root = next((r for r in roots if r in self.fileset), None)
            if root:
                name = (lib.get("name") if isinstance(lib, dict) else None) or str(pkg["name"])
                out.setdefault(name.replace("-", "_"), root)
        return out

    # ----- javascript / typescript --------------------------------------------------------
    @cached_property
    def npm_packages(self) -> dict[str, str]:
        """Package name -> directory, for every package.json of the repository (workspace packages)."""
        out: dict[str, str] = {}
        for f in self.named("package.json"):
            try:
                data = jsonc(self.text(f))
            except ValueError:
                continue
            name = data.get("name") if isinstance(data, dict) else None
            if isinstance(name, str) and name:
                out.setdefault(name, posixpath.dirname(f))
        return out

    def npm_manifest(self, d: str) -> dict[str, object]:
        try:
            data = jsonc(self.text(posixpath.join(d, "package.json")))
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    @cached_property
    def tsconfigs(self) -> dict[str, tuple[str, list[tuple[str, list[str]]], bool]]:
        """Directory of a tsconfig/jsconfig -> (base directory, [(path pattern, [targets])], whether baseUrl is set)."""
        out: dict[str, tuple[str, list[tuple[str, list[str]]], bool]] = {}
        for f in self.named("tsconfig.json", "jsconfig.json"):
            got = self._tsconfig(f, 0)
            if got is not None and posixpath.dirname(f) not in out:
                out[posixpath.dirname(f)] = got
        return out

    def _tsconfig(self, f: str, hops: int) -> tuple[str, list[tuple[str, list[str]]], bool] | None:
        try:
            data = jsonc(self.text(f))
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        opts = data.get("compilerOptions") or {}
        base_url, paths = opts.get("baseUrl"), opts.get("paths")
        if base_url is None and paths is None:
            ext = data.get("extends")
            if isinstance(ext, str) and ext.startswith(".") and hops < 3:
                parent = posixpath.normpath(posixpath.join(posixpath.dirname(f), ext))
                parent = parent if parent.endswith(".json") else parent + ".json"
                return self._tsconfig(parent, hops + 1) if parent in self.fileset else None
            return None
        base = posixpath.normpath(posixpath.join(posixpath.dirname(f), str(base_url or ".")))
        pairs = [(str(k), [str(t) for t in v]) for k, v in (paths or {}).items() if isinstance(v, list)]
        return ("" if base == "." else base), pairs, base_url is not None

    def tsconfig_for(self, src: str) -> tuple[str, list[tuple[str, list[str]]], bool] | None:
        d = posixpath.dirname(src)
        while True:
            if d in self.tsconfigs:
                return self.tsconfigs[d]
            if not d:
                return None
            d = posixpath.dirname(d)

    # ----- php ----------------------------------------------------------------------------
    @cached_property
    def psr(self) -> list[tuple[str, str, int]]:
        """(namespace prefix ending in '\\', directory, 4 or 0) from composer.json autoload and autoload-dev."""
        out: list[tuple[str, str, int]] = []
        for f in self.named("composer.json"):
            try:
                data = json.loads(self.text(f))
            except ValueError:
                continue
            for section in ("autoload", "autoload-dev"):
                for kind, std in (("psr-4", 4), ("psr-0", 0)):
                    for prefix, dirs in ((data.get(section) or {}).get(kind) or {}).items():
                        for d in [dirs] if isinstance(dirs, str) else dirs:
                            rel = posixpath.normpath(posixpath.join(posixpath.dirname(f), d))
                            out.append((prefix.strip("\\") + "\\" if prefix else "", "" if rel == "." else rel, std))
        return sorted(out, key=lambda t: -len(t[0]))

    # ----- namespaces and packages declared in files --------------------------------------
    @cached_property
    def cs_namespaces(self) -> dict[str, list[str]]:
        return self._namespaces((".cs",), re.compile(r"^\s*namespace\s+([A-Za-z_][\w.]*)", re.M))

    @cached_property
    def php_namespaces(self) -> dict[str, list[str]]:
        return self._namespaces((".php",), re.compile(r"^\s*namespace\s+([A-Za-z_][\w\\]*)\s*[;{]", re.M))

    def _namespaces(self, exts: tuple[str, ...], pattern: re.Pattern[str]) -> dict[str, list[str]]:
        out: dict[str, list[str]] = defaultdict(list)
        for f in self.files:
            if f.endswith(exts) and not VENDORED.search(f):
                for ns in dict.fromkeys(pattern.findall(self.text(f))):
                    out[ns].append(f)
        return out

    def jvm_package(self, f: str) -> str | None:
        """The package a Java/Kotlin/Scala file declares."""
        if f not in self._jvm_packages:
            self._jvm_packages[f] = jvm_package_of(self.text(f))
        return self._jvm_packages[f]

    # ----- c / c++ ------------------------------------------------------------------------
    @cached_property
    def include_dirs(self) -> tuple[list[str], bool]:
        """C/C++ include directories, and whether they came from a compile_commands.json (else: every
        directory named `include`, then the root)."""
        found: dict[str, int] = {}
        for f in self.named("compile_commands.json"):
            for d in self._compile_commands(f):
                found[d] = found.get(d, 0) + 1
        if found:
            return sorted(found, key=lambda d: (-found[d], d)), True
        common = sorted((d for d in self.all_dirs if posixpath.basename(d) == "include" and not VENDORED.search(d + "/")),
                        key=lambda d: (d.count("/"), d))
        return common + [""], False

    def _compile_commands(self, f: str) -> list[str]:
        try:
            entries = json.loads(self.text(f))
        except ValueError:
            return []
        out: list[str] = []
        root: str | None = None
        for e in entries if isinstance(entries, list) else []:
            if not isinstance(e, dict):
                continue
            cwd = str(e.get("directory", ""))
            if root is None:  # the absolute path the repository root had where the database was written
                root = _abs_root(posixpath.normpath(posixpath.join(cwd, str(e.get("file", "")))), self.fileset)
            try:
                args = e.get("arguments") or shlex.split(str(e.get("command", "")))
            except ValueError:
                continue
            for i, a in enumerate(args):
                for flag in ("-I", "-isystem", "-iquote"):
                    if a == flag and i + 1 < len(args):
                        d = args[i + 1]
                    elif a.startswith(flag) and len(a) > len(flag) and flag == "-I":
                        d = a[2:]
                    else:
                        continue
                    full = posixpath.normpath(posixpath.join(cwd, d))
                    if root is not None and (full == root or full.startswith(root.rstrip("/") + "/")):
                        rel = full[len(root):].strip("/")
                        if rel in self.all_dirs:
                            out.append(rel)
        return out

    # ----- ruby ---------------------------------------------------------------------------
    @cached_property
    def ruby_load_path(self) -> list[str]:
        """`lib/` directories (and their sibling `test/`, `spec/`, as rake and rspec add them), plus what
        `$LOAD_PATH` lines in helpers, Rakefiles and gemspecs and `-I` in .rspec add."""
        out: dict[str, None] = {}
        for d in sorted(self.all_dirs, key=lambda d: (d.count("/"), d)):
            if posixpath.basename(d) == "lib" and not VENDORED.search(d + "/"):
                out[d] = None
                parent = posixpath.dirname(d)
                for sib in ("test", "spec"):
                    if posixpath.join(parent, sib) in self.all_dirs:
                        out[posixpath.join(parent, sib)] = None
        helpers = self.named("test_helper.rb", "spec_helper.rb", "helper.rb", "Rakefile", ".rspec")
        helpers += [f for f in self.files if f.endswith(".gemspec") and not VENDORED.search(f)]
        for f in helpers:
            for d in ruby_load_lines(f, self.text(f)):
                if d in self.all_dirs:
                    out[d] = None
        return list(out)


def _abs_root(abs_file: str, fileset: set[str]) -> str | None:
    parts = abs_file.split("/")
    for i in range(1, len(parts)):
        if "/".join(parts[i:]) in fileset:
            return "/".join(parts[:i]) or "/"
    return None


def _go_replaces(text: str) -> list[tuple[str, str]]:
    out = []
    block = False
    for line in text.splitlines():
        s = line.split("//")[0].strip()
        if re.match(r"replace\s*\($", s):
            block = True
            continue
        if block and s == ")":
            block = False
            continue
        if block or s.startswith("replace "):
            m = re.match(r"(?:replace\s+)?(\S+)(?:\s+\S+)?\s*=>\s*(\S+)", s)
            if m and m.group(2).startswith(("./", "../")):
                out.append((m.group(1), m.group(2)))
    return out


_RUBY_LOAD = re.compile(
    r"""(?:\$LOAD_PATH|\$:)\s*(?:\.unshift|\.push|\.prepend|<<)\s*\(?\s*(?:File\.expand_path\(\s*)?["']([^"']+)["']"""
    r"""(?:\s*,\s*(__dir__|__FILE__|File\.dirname\(__FILE__\)))?""")


_JVM_PACKAGE = re.compile(r"^[ \t]*package[ \t]+(?:object[ \t]+([\w`]+)|([\w.`]+)[ \t]*;?[ \t]*(?://.*)?$)", re.M)


def jvm_package_of(text: str) -> str | None:
    """The package a Java/Kotlin/Scala file declares; Scala's chained clauses (`package scala` then `package
    collection`) make one package, scala.collection, and so does a package object (`package scala` then `package
    object concurrent { object Await }`: scala.concurrent.Await)."""
    found = [obj or pkg for obj, pkg in _JVM_PACKAGE.findall(text)]
    return ".".join(found).replace("`", "") if found else None


def ruby_load_lines(f: str, text: str) -> list[str]:
    """The directories a Ruby file adds to the load path (`$LOAD_PATH.unshift File.expand_path("../lib", __dir__)`),
    and for .rspec and Rakefiles their `-I` and `t.libs <<`."""
    here = posixpath.dirname(f)
    out = []
    for m in _RUBY_LOAD.finditer(text):
        rel, anchor = m.group(1), m.group(2)
        base = f if anchor == "__FILE__" else here  # expand_path('../lib', __FILE__): '..' leaves the file
        out.append(posixpath.normpath(posixpath.join(base, rel)))
    if posixpath.basename(f) == ".rspec":
        out += [posixpath.normpath(posixpath.join(here, d)) for d in re.findall(r"(?:^|\s)-I\s*(\S+)", text)]
    if posixpath.basename(f) == "Rakefile":
        out += [posixpath.normpath(posixpath.join(here, d)) for d in re.findall(r"""\.libs\s*<<\s*["']([^"']+)["']""", text)]
    return ["" if d == "." else d for d in out if not d.startswith("..")]
