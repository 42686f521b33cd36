"""Build of the optional native Python scanner (contexteer.indexers._pyscan); everything else is in pyproject.toml.

The scanner parses with the tree-sitter C runtime, which the `tree-sitter` wheel keeps private, so it is
compiled from the `tree-sitter` source distribution, fetched by pip from the package index at build time
(or taken from CONTEXTEER_TREE_SITTER_SRC: an unpacked source tree or its .tar.gz). Without a C compiler or
the source the build still succeeds: the extension is optional and the indexer falls back to its query path,
which gives the same rows, ~1.5x slower on Python files. CONTEXTEER_NO_NATIVE=1 skips it on purpose.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

TREE_SITTER_RUNTIME = "0.26.1"  # the C runtime compiled in: supports grammar ABI 13-15
HERE = Path(__file__).resolve().parent
CACHE = HERE / "build" / "tree-sitter-src"
FALLBACK = "Python files are indexed through tree-sitter queries, ~1.5x slower"


def _unpack(archive: Path, into: Path) -> Path:
    """Unpack a source archive into `into`; returns its top-level directory (not any older one there)."""
    with tarfile.open(archive) as tar:
        tops = {Path(m.name).parts[0] for m in tar.getmembers() if Path(m.name).parts}
        if len(tops) != 1:
            raise ValueError(f"{archive.name} has {len(tops)} top-level entries, not one source tree")
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4+
            tar.extractall(into, filter="data")
        else:  # older 3.11 (Debian bookworm's 3.11.2): plain files and directories inside `into` only
            members = [m for m in tar.getmembers() if (m.isfile() or m.isdir()) and not m.name.startswith("/")
                       and ".." not in Path(m.name).parts]
            tar.extractall(into, members=members)  # noqa: S202 - members checked above
    return into / tops.pop()


def _runtime_source() -> Path:
    """The directory holding lib/include and lib/src of the tree-sitter C runtime."""
    given = os.environ.get("CONTEXTEER_TREE_SITTER_SRC")
    if given:
        root = Path(given)
        if root.is_file():
            root = _unpack(root, CACHE / "given")
    else:
        root = CACHE / f"tree_sitter-{TREE_SITTER_RUNTIME}"
        if not (root / "tree_sitter" / "core" / "lib" / "src" / "lib.c").is_file():  # else unpacked before
            CACHE.mkdir(parents=True, exist_ok=True)
            archive = CACHE / f"tree_sitter-{TREE_SITTER_RUNTIME}.tar.gz"
            if not archive.is_file():
                subprocess.run(
                    [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", "tree-sitter",
                     "--retries", "1", "--timeout", "15", "--dest", str(CACHE), f"tree-sitter=={TREE_SITTER_RUNTIME}"],
                    check=True, stdout=sys.stderr,
                )
            root = _unpack(archive, CACHE)
    for lib in (root / "tree_sitter" / "core" / "lib", root / "lib", root):
        if (lib / "src" / "lib.c").is_file() and (lib / "include" / "tree_sitter" / "api.h").is_file():
            return lib
    raise FileNotFoundError(f"no tree-sitter runtime (lib/src/lib.c, lib/include) under {root}")


def _say(text: str) -> None:
    sys.stderr.write(f"contexteer: {text}\n")


class BuildNative(build_ext):
    def run(self) -> None:
        if os.environ.get("CONTEXTEER_NO_NATIVE") == "1":
            _say("CONTEXTEER_NO_NATIVE=1: the native Python scanner is not built")
            self.extensions = []
        else:
            try:
                lib = _runtime_source()
            except Exception as exc:  # noqa: BLE001 - optional: any failure leaves the query path
                _say(f"WARNING: the native Python scanner is not built ({exc}); {FALLBACK}")
                self.extensions = []
            else:
                for ext in self.extensions:
                    ext.sources.append(str(lib / "src" / "lib.c"))
                    ext.include_dirs += [str(lib / "include"), str(lib / "src")]
        super().run()

    def build_extension(self, ext: Extension) -> None:
        if self.compiler.compiler_type != "msvc":
            ext.extra_compile_args = ["-std=c11", "-fvisibility=hidden", "-Wno-cast-function-type"]
        try:
            super().build_extension(ext)
        except Exception as exc:  # noqa: BLE001 - optional: any compiler failure leaves the query path
            _say(f"WARNING: the native Python scanner failed to build ({exc}); {FALLBACK}")


setup(
    ext_modules=[
        Extension(
            "contexteer.indexers._pyscan",
            sources=["contexteer/indexers/native/pyscan.c"],
            define_macros=[("_POSIX_C_SOURCE", "200112L"), ("_DEFAULT_SOURCE", None),
                           ("TREE_SITTER_HIDE_SYMBOLS", None)],
            optional=True,
        )
    ],
    cmdclass={"build_ext": BuildNative},
)
