"""The resolver's common ground: what an import looks like (ImportLike), what it leads to (Resolution), the
import family of a file, and the Resolver's shared state and lookups (files by path suffix, the closest of
several candidates, a file's source lines)."""

from __future__ import annotations

import logging
import posixpath
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from contexteer.indexers import languages
from contexteer.indexers.layouts import Layout
from contexteer.testpaths import is_test_path

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


#: an expansion in a sourced path (`$dir`, `${BASH_SOURCE%/*}`, `$(dirname $0)`, `$(cd $(dirname $0); pwd)`)
_SHELL_EXPANSION = re.compile(r"\$\{[^}]*\}|\$\((?:[^()]|\([^()]*\))*\)|\$\w+|`[^`]*`")


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
    value: bool = False  # with internal: a value's members (Scala `import io._` of a parameter `io`)


PY_EXT = (".py", ".pyi")
JS_EXT = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
JS_FAMILY = JS_EXT + (".vue", ".svelte")
C_EXT = (".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".ino", ".c++", ".h++", ".ipp", ".tpp", ".inl")
JVM_EXT = (".java", ".kt", ".kts", ".scala", ".sc")
#: Python namespace packages: the distribution is named by the first two segments (google.protobuf)
NAMESPACE_PACKAGES = frozenset({"google", "azure", "zope", "jaraco", "backports", "sphinxcontrib", "ruamel"})


#: the import family of each registered language (contexteer.indexers.languages)
FAMILIES = {"python": "python", "javascript": "js", "jsx": "js", "typescript": "js", "tsx": "js", "go": "go",
            "rust": "rust", "java": "jvm", "kotlin": "jvm", "scala": "jvm", "c": "c", "cpp": "c", "csharp": "csharp",
            "php": "php", "ruby": "ruby",
            # resolve_scripts.py
            "lua": "lua", "elixir": "elixir", "dart": "dart", "zig": "zig", "haskell": "haskell", "swift": "swift",
            "css": "css", "scss": "css", "html": "html", "bash": "shell", "make": "make"}


def family(path: str) -> str | None:
    """The import family of a file: python, js, go, rust, jvm, c, csharp, php, ruby (None: relative paths only)."""
    spec = languages.language_for_path(path)
    if spec is not None:
        return FAMILIES.get(spec.name)
    low = path.lower()
    ext = posixpath.splitext(low)[1]
    if low.endswith(JS_FAMILY):
        return "js"
    for fam, exts in (("python", PY_EXT), ("jvm", JVM_EXT), ("c", C_EXT)):
        if ext in exts:
            return fam
    return None


class ResolverBase:
    """The state every language's resolver reads: the files, their directories, the repository's layout."""

    def __init__(self, files: Iterable[str], read_text: Callable[[str], str | None] | None = None) -> None:
        self.files = sorted(set(files))
        self.fileset = set(self.files)
        self.read_text = read_text
        self.dirs: dict[str, list[str]] = defaultdict(list)
        for f in self.files:
            self.dirs[posixpath.dirname(f)].append(f)
        self.layout = Layout(self.files, self.fileset, read_text)
        self._suffix: dict[str, list[str]] | None = None
        self._dir_suffix: dict[str, list[str]] | None = None
        self._lines: dict[str, list[str]] = {}

    def family_of(self, path: str) -> str | None:
        """`family(path)`, and for a script without an extension (bin/rackup) the family its #! or mode line names."""
        fam = family(path)
        if fam is None and languages.language_for_path(path) is None:
            head = "\n".join(self.line_text(path, n) for n in range(1, 6))  # a #! line or a mode line
            spec = languages.language_for_shebang(head.encode())
            return FAMILIES.get(spec.name) if spec is not None else None
        return fam

    def line_text(self, path: str, line: int) -> str:
        """One source line of a file (read once per file, only when an import is ambiguous without it)."""
        if path not in self._lines:
            self._lines[path] = (self.layout.text(path)).splitlines()
        lines = self._lines[path]
        return lines[line - 1] if 0 < line <= len(lines) else ""

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

    def _shell_source(self, src: str, mod: str) -> Resolution:
        """`source ./x.sh`, `. "$(dirname "$0")/lib/common.sh"`, `source "${BASH_SOURCE%/*}/helpers"`: the literal
        tail after the last expansion is the file (nearest to the script when several end so); a path that is all
        expansion (`. "$compfile"`) is chosen at run time; a bare name (`. git-sh-setup`) is looked up on PATH."""
        path = mod.replace('"', "").replace("'", "")
        ends = [m.end() for m in _SHELL_EXPANSION.finditer(path)]
        if not ends:
            return self._relative_path(src, path)
        tail = path[ends[-1]:].lstrip("/")
        if not tail or "$" in tail or "*" in tail:
            return Resolution(unresolved=True)  # where it points is computed when the script runs
        near = posixpath.normpath(posixpath.join(posixpath.dirname(src), tail))  # mostly the script's own folder
        if near in self.fileset:
            return Resolution(targets=(near,))
        while tail.startswith(("../", "./")):
            tail = tail.partition("/")[2]
        found = [f for f in self.files if f == tail or f.endswith("/" + tail)]
        if not found:
            return Resolution(unresolved=True)
        here = posixpath.dirname(src).split("/")
        best = max(found, key=lambda f: (len(posixpath.commonprefix([here, f.split("/")])), -len(f)))
        return Resolution(targets=(best,))

    def _make_include(self, src: str, mod: str) -> Resolution:
        """`include mk/rules.mk`: a path from the directory make runs in, the makefile's own as a rule; one built
        from a variable (`-include $(DEPS)`) is known when make runs."""
        if "$" in mod:
            return Resolution(unresolved=True)
        for c in (posixpath.normpath(posixpath.join(posixpath.dirname(src), mod)), posixpath.normpath(mod)):
            if c in self.fileset:
                return Resolution(targets=(c,))
        return Resolution(unresolved=True, outside=posixpath.normpath(posixpath.join(posixpath.dirname(src), mod)).startswith("../"))

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


_SOURCE_SET = re.compile(r"/src/(?:main|test|androidTest|testFixtures|integrationTest|it)/(?:java|kotlin|scala)/")


def package_dir(path: str) -> str:
    """A file's folder as its package: a Maven/Gradle project's test and main source sets are one package
    (src/test/java/joptsimple/ and src/main/java/joptsimple/: jopt-simple run 487's tests called their package's
    classes unimported, read "by name only")."""
    folder = "/" + path.rpartition("/")[0] + "/"
    return _SOURCE_SET.sub("/src/*/", folder) if "/src/" in folder else folder


#: the last folder of a JVM source root (`args4j/src`, `args4j/test`, `module/src/main/java`)
_SOURCE_ROOT_NAMES = frozenset("src test tests java kotlin scala main source sources testsrc".split())


def same_package(a: str, b: str) -> bool:
    """Whether two JVM files' folders are one package: the same folder (a Maven or Gradle project's source sets as
    one), or the same package folders under two source roots of one module (`args4j/src/org/kohsuke/args4j/` and
    `args4j/test/org/kohsuke/args4j/`: args4j run 567's tests in that package, and through `import
    org.kohsuke.args4j.*`, called the constructors "by name only")."""
    if package_dir(a) == package_dir(b):
        return True
    da, db = a.split("/")[:-1], b.split("/")[:-1]
    k = 0
    while k < min(len(da), len(db)) and da[len(da) - 1 - k] == db[len(db) - 1 - k]:
        k += 1
    ra, rb = da[: len(da) - k], db[: len(db) - k]
    return k > 0 and bool(ra) and bool(rb) and ra[-1] in _SOURCE_ROOT_NAMES and rb[-1] in _SOURCE_ROOT_NAMES \
        and ra[:-1] == rb[:-1]
