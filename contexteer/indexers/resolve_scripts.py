"""Import resolution for the languages added with issue 13 whose layout tells where a module lives: Lua
`require("a.b")` (a/b.lua, a/b/init.lua under the root, lua/, src/, lib/), Elixir modules (`alias Shop.Item` ->
lib/shop/item.ex, else the file that says `defmodule Shop.Item`), Dart `package:name/x.dart` (lib/ of the
repository's own pubspec) and relative URIs, Zig `@import("x.zig")`, Haskell modules by path (Data/Map.hs),
Swift modules by their Sources/<Module>/ directory, CSS/SCSS `@import`/`@use` (SCSS partials `_x.scss`) and
HTML `src`/`href`. A mixin of contexteer.indexers.resolve.Resolver, like resolve_langs."""

from __future__ import annotations

import logging
import posixpath
import re
from collections.abc import Callable, Iterable

from contexteer.indexers.resolve_base import Resolution, ResolverBase

logger = logging.getLogger(__name__)

#: import families handled here (resolve_base.FAMILIES maps languages to them)
SCRIPT_FAMILIES = frozenset({"lua", "elixir", "dart", "zig", "haskell", "swift", "css", "html"})

_ELIXIR_STD = frozenset({
    "Kernel", "Enum", "Map", "List", "String", "Logger", "GenServer", "Supervisor", "Agent", "Task", "Process",
    "Application", "Keyword", "Stream", "IO", "File", "Path", "System", "Code", "Macro", "Module", "Atom",
    "Integer", "Float", "Tuple", "MapSet", "Range", "Regex", "DateTime", "Date", "Time", "NaiveDateTime",
    "Calendar", "Access", "Protocol", "Registry", "DynamicSupervisor", "Exception", "Inspect", "URI", "Base",
    "Bitwise", "Record", "ExUnit", "Mix", "EEx", "IEx", "Port", "Node", "Function", "Version", "OptionParser",
    "StringIO", "Config", "PartitionSupervisor", "Collectable", "Enumerable", "Behaviour",
})
#: Haskell's standard library, `base`: whole hierarchies (GHC.*, Foreign.*) and single modules; other modules under
#: Data, Control, System, Text are other packages' (Data.Text is text's, Data.Map containers', Text.HTML.TagSoup
#: tagsoup's), each an external module of its own
_HASKELL_STD_ROOTS = frozenset({"Prelude", "GHC", "Foreign", "Numeric", "Unsafe", "Type"})
_HASKELL_STD = frozenset({
    "Data.Char", "Data.Maybe", "Data.List", "Data.List.NonEmpty", "Data.Either", "Data.Foldable", "Data.Traversable",
    "Data.Function", "Data.Functor", "Data.Functor.Identity", "Data.Functor.Const", "Data.Functor.Compose",
    "Data.Monoid", "Data.Semigroup", "Data.Ord", "Data.Ratio", "Data.Word", "Data.Int", "Data.Bits", "Data.IORef",
    "Data.Typeable", "Data.Data", "Data.Dynamic", "Data.Void", "Data.Proxy", "Data.Kind", "Data.Coerce",
    "Data.String", "Data.Tuple", "Data.Bool", "Data.Complex", "Data.Fixed", "Data.Unique", "Data.Version",
    "Data.STRef", "Data.Eq", "Data.Bifunctor", "Control.Monad", "Control.Monad.ST", "Control.Monad.Fail",
    "Control.Monad.IO.Class", "Control.Monad.Zip", "Control.Monad.Fix", "Control.Applicative", "Control.Exception",
    "Control.Concurrent", "Control.Concurrent.MVar", "Control.Concurrent.Chan", "Control.Arrow", "Control.Category",
    "System.IO", "System.IO.Error", "System.IO.Unsafe", "System.Exit", "System.Environment", "System.Info",
    "System.Mem", "System.Timeout", "System.CPUTime", "System.Posix.Types", "Text.Printf", "Text.Read", "Text.Show",
    "Debug.Trace"})
_SWIFT_STD = frozenset({
    "Swift", "Foundation", "UIKit", "AppKit", "SwiftUI", "Combine", "Dispatch", "Darwin", "Glibc", "os", "XCTest",
    "CoreFoundation", "CoreGraphics", "CoreData", "Security", "Network", "ObjectiveC", "QuartzCore", "AVFoundation",
    "Testing", "_Concurrency", "WebKit", "MapKit", "CoreLocation", "Photos", "StoreKit", "CryptoKit", "OSLog",
})
_LUA_ROOTS = ("", "lua", "src", "lib")
_DEFMODULE = re.compile(r"^\s*defmodule\s+([A-Z][\w.]*)", re.M)


class ScriptResolvers(ResolverBase):
    """Lua, Elixir, Dart, Zig, Haskell, Swift, CSS/SCSS and HTML resolution (mixed into Resolver)."""

    def __init__(self, files: Iterable[str], read_text: Callable[[str], str | None] | None = None) -> None:
        super().__init__(files, read_text)
        self._ex_modules: dict[str, str] | None = None

    def _script(self, fam: str, src: str, module: str, names: tuple[str, ...]) -> list[Resolution]:
        mod = module.strip().strip("'\"`")
        if fam == "lua":
            return [self._lua(src, mod)]
        if fam == "elixir":
            return [self._elixir(src, m) for m in ([f"{mod}.{n}" for n in names] if names else [mod])]
        if fam == "dart":
            return [self._dart(src, mod)]
        if fam == "zig":
            return [self._zig(src, mod)]
        if fam == "haskell":
            return [self._haskell(src, mod)]
        if fam == "swift":
            return [self._swift(mod)]
        return [self._web(src, mod, fam)]

    # ----- lua ----------------------------------------------------------------------------
    def _lua(self, src: str, mod: str) -> Resolution:
        path = mod.replace(".", "/")
        for root in _LUA_ROOTS:
            base = posixpath.join(root, path) if root else path
            for c in (base + ".lua", base + "/init.lua"):
                if c in self.fileset:
                    return Resolution(targets=(c,))
        hits = self._by_suffix(path + ".lua") or self._by_suffix(path + "/init.lua")
        if hits:
            return Resolution(targets=(self._closest(hits, src),))
        head = mod.split(".")[0]
        return Resolution(external=head, stdlib=head in ("string", "table", "math", "io", "os", "coroutine", "debug",
                                                         "utf8", "package", "bit", "bit32", "jit", "ffi"))

    # ----- elixir -------------------------------------------------------------------------
    def _elixir_modules(self) -> dict[str, str]:
        """Module name -> the file defining it (`defmodule A.B do`), read once from the .ex/.exs files."""
        if self._ex_modules is None:
            found: dict[str, str] = {}
            for f in self.files:
                if f.endswith((".ex", ".exs")):
                    for name in _DEFMODULE.findall(self.layout.text(f)):
                        found.setdefault(name, f)
            self._ex_modules = found
        return self._ex_modules

    def _elixir(self, src: str, mod: str) -> Resolution:
        mod = mod.removeprefix("Elixir.")
        under = "/".join(_underscore(s) for s in mod.split("."))
        hits = self._by_suffix(under + ".ex") or self._by_suffix(under + ".exs")
        if hits:
            return Resolution(targets=(self._closest(hits, src),), unit=mod)
        own = self._elixir_modules().get(mod)
        if own is not None:
            return Resolution(targets=(own,), unit=mod)
        if any(k.startswith(mod + ".") for k in self._elixir_modules()):
            return Resolution(unit=mod, internal=True)
        head = mod.split(".")[0]
        if mod.startswith(":"):  # an Erlang module (`:crypto`)
            return Resolution(external=mod[1:], stdlib=True)
        return Resolution(external=head, stdlib=head in _ELIXIR_STD)

    # ----- dart ---------------------------------------------------------------------------
    def _dart(self, src: str, mod: str) -> Resolution:
        if mod.startswith("dart:"):
            return Resolution(external=mod, stdlib=True)
        if mod.startswith("package:"):
            pkg, _, rest = mod[len("package:"):].partition("/")
            root = self._dart_packages().get(pkg)
            if root is None:
                return Resolution(external=pkg)
            c = posixpath.join(root, "lib", rest) if root else posixpath.join("lib", rest)
            return Resolution(targets=(c,), unit=pkg) if c in self.fileset else Resolution(unresolved=True)
        return self._relative_file(src, mod)

    def _dart_packages(self) -> dict[str, str]:
        """The repository's own Dart packages: pubspec.yaml `name:` -> its directory."""
        out: dict[str, str] = {}
        for f in self.layout.named("pubspec.yaml"):
            m = re.search(r"^name:\s*['\"]?([\w-]+)", self.layout.text(f), re.M)
            if m:
                out.setdefault(m.group(1), posixpath.dirname(f))
        return out

    # ----- zig ----------------------------------------------------------------------------
    def _zig(self, src: str, mod: str) -> Resolution:
        # the repository is (or vendors) the standard library: its std.zig, beside mem.zig
        std = [h for h in self._by_suffix("std.zig") if posixpath.join(posixpath.dirname(h), "mem.zig") in self.fileset] \
            if mod == "std" else []
        if std:
            return Resolution(targets=(min(std, key=len),))
        if mod in ("std", "builtin", "root"):
            return Resolution(external=mod, stdlib=True)
        if mod.endswith((".zig", ".zon")):
            return self._relative_file(src, mod)
        return Resolution(external=mod)  # a module build.zig names

    # ----- haskell and the like: a dotted module name is a path ------------------------------
    def _by_module_path(self, src: str, mod: str, exts: tuple[str, ...], std: frozenset[str]) -> Resolution:
        path = mod.replace(".", "/")
        hits = [h for ext in exts for h in self._by_suffix(path + ext)]
        if hits:
            return Resolution(targets=(self._closest(hits, src),), unit=mod)
        segs = mod.split(".")
        return Resolution(external=".".join(segs[:2]), stdlib=segs[0] in std)

    def _haskell(self, src: str, mod: str) -> Resolution:
        """A module of the repository by its path, else another package's module, named whole (two modules of
        one namespace are often two packages: Data.Text, Data.Map)."""
        path = mod.replace(".", "/")
        hits = [h for ext in (".hs", ".lhs") for h in self._by_suffix(path + ext)]
        if hits:
            return Resolution(targets=(self._closest(hits, src),), unit=mod)
        return Resolution(external=mod, stdlib=mod.split(".")[0] in _HASKELL_STD_ROOTS or mod in _HASKELL_STD)

    # ----- swift --------------------------------------------------------------------------
    def _swift(self, mod: str) -> Resolution:
        name = mod.split(".")[0]
        for d in self._dirs_by_suffix(f"Sources/{name}"):
            files = sorted(f for f in self.files if f.startswith(d + "/") and f.endswith(".swift"))
            if files:
                return Resolution(targets=tuple(files), unit=name)
        return Resolution(external=name, stdlib=name in _SWIFT_STD)

    # ----- css, scss, html ----------------------------------------------------------------
    def _web(self, src: str, mod: str, fam: str) -> Resolution:
        if re.match(r"^[a-z][a-z0-9+.-]*:", mod) or mod.startswith("//"):  # a URL, `sass:math`
            scheme = mod.split(":", 1)[0]
            host = re.sub(r"^[a-z]+://|^//", "", mod).split("/")[0]
            return Resolution(external=mod if scheme == "sass" else host, stdlib=scheme == "sass")
        path = mod.split("?")[0].split("#")[0]
        if fam == "css" and not path.endswith((".css", ".scss", ".sass")):
            d, base = posixpath.split(path)
            for cand in (f"{path}.scss", posixpath.join(d, f"_{base}.scss"), f"{path}.css", f"{path}/_index.scss"):
                got = self._relative_file(src, cand)
                if got.targets:
                    return got
        return self._relative_file(src, path)

    def _relative_file(self, src: str, path: str) -> Resolution:
        """A path relative to the importing file (or to the root when it starts with '/')."""
        base = posixpath.normpath(path.lstrip("/") if path.startswith("/") else posixpath.join(posixpath.dirname(src), path))
        if base in self.fileset:
            return Resolution(targets=(base,))
        return Resolution(unresolved=True, outside=base == ".." or base.startswith("../"))


def _underscore(segment: str) -> str:
    """Elixir's Macro.underscore of one alias segment: `HTTPClient` -> http_client, `ShopCart` -> shop_cart."""
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", segment)
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", s).lower()
