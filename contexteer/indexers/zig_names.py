"""What a Zig name stands for, where the index alone cannot say: Zig has no classes, a file is a struct, and a
program reaches other files through constants (`const std = @import("std"); const fmt = std.fmt;
const Reader = std.Io.Reader;`). A capitalized file is used as a type (`Io/Reader.zig` is `std.Io.Reader`, its
top-level functions its methods, its top-level fields its fields); a lowercase one is a namespace (`fmt.zig` is
`std.fmt`). When the repository holds std.zig itself (the Zig standard library, or a vendored copy), `std.X.Y`
names the file X/Y.zig beside it; a relative `@import("x.zig")` names that file. Used by the callers and callees of
Zig definitions (lookup.py)."""

from __future__ import annotations

import re
from typing import Any

from contexteer.indexers.model import Symbol
from contexteer.indexers.queries_sql import IndexQueries

__all__ = ["DECLARED_LITERAL", "file_struct", "zig_files", "typed_name", "type_files", "alias_file", "path_file", "aliased_function", "member_in_file", "field_type"]

_CONST = r"^\s*(?:pub\s+)?const\s+{w}\s*(?::\s*type\s*)?=\s*([^;]+?)\s*;"
_IMPORT = re.compile(r'^@import\("([^"]+)"\)((?:\.[A-Za-z_]\w*)*)$')
_PATH = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")
#: a declaration whose value is a declaration literal, up to its dot: `var prng: std.Random.DefaultPrng = .` (before
#: `init(seed)`): the type the literal stands for
DECLARED_LITERAL = re.compile(r"\b(?:var|const)\s+\w+\s*:\s*[?*]*(?:const\s+)?([\w.]+)\s*=\s*(?:try\s+)?\.$")


def file_struct(path: str) -> str | None:
    """The struct a capitalized Zig file is (`Io/Writer.zig` -> Writer); None for a namespace file (`fmt.zig`)."""
    base = path.rsplit("/", 1)[-1]
    return base[:-4] if base.endswith(".zig") and base[:1].isupper() else None


def typed_name(text: str, word: str) -> str | None:
    """The type, qualified as written, that `word: T` declares in `text` (`reader: *Io.Reader` -> Io.Reader,
    `gpa: ?std.mem.Allocator` -> std.mem.Allocator); None when the text does not say."""
    m = re.search(rf"(?<![\w.]){re.escape(word)}\s*:\s*[?*]*(?:const\s+)?([A-Za-z_][\w.]*)", text)
    return m.group(1) if m and m.group(1) not in ("anytype", "type", "const", "var") else None


def type_files(index: IndexQueries, qualified: str, near: str) -> list[str]:
    """The struct files a type written `qualified` may be (`Io.Reader` -> Io/Reader.zig before Io/File/Reader.zig),
    best first: the file whose path ends with the qualified name, then one beside `near`, then any of that name."""
    last = qualified.rsplit(".", 1)[-1]
    files = [f.path for f in zig_files(index) if file_struct(f.path) == last]
    tail = "/" + qualified.replace(".", "/") + ".zig"
    folder = near.rpartition("/")[0]

    def rank(p: str) -> tuple[int, int, str]:
        parts = qualified.split(".")
        # `std.Io.Reader` ends the same way as `Io/Reader.zig` once its root (`std`) is dropped
        ends = any(("/" + p).endswith("/" + "/".join(parts[i:]) + ".zig") for i in range(len(parts) - 1))
        return (0 if ("/" + p).endswith(tail) or ends else 1, 0 if p.rpartition("/")[0] == folder else 1, p)

    return sorted(files, key=rank)


def alias_file(index: IndexQueries, path: str, lines: list[str], alias: str) -> str | None:
    """The file a constant of `path` names (`const fmt = std.fmt;` -> fmt.zig beside std.zig, `const tar =
    @import("tar.zig");` -> tar.zig beside `path`), when the repository holds it."""
    value = _const_value(lines, alias)
    if value is None:
        return None
    return path_file(index, path, lines, value, alias)


def path_file(index: IndexQueries, path: str, lines: list[str], value: str, alias: str = "") -> str | None:
    """The file a dotted path written in `path` names (`std.fmt` -> fmt.zig, `@import("x.zig").y`)."""
    imp = _IMPORT.match(value)
    if imp is not None:
        base = _imported(index, path, imp.group(1))
        rest = [p for p in imp.group(2).split(".") if p]
    elif _PATH.match(value):
        head, *rest = value.split(".")
        if head == alias:
            return None
        base = alias_file(index, path, lines, head) if head != "std" else _std(index)
    else:
        return None
    for part in rest:  # `std.Io.Reader`: std.zig's folder, then Io/Reader.zig
        if base is None:
            return None
        base = _child(index, base, part)
    return base


def aliased_function(index: IndexQueries, sym: Symbol, lines: list[str]) -> Symbol | None:
    """The function a constant names (`const assert = std.debug.assert;` -> debug.zig's assert), or None."""
    value = _const_value(lines, sym.name)
    if value is None or "." not in value:
        return None
    head, _, last = value.rpartition(".")
    target = path_file(index, sym.path, lines, head, sym.name)
    return member_in_file(index, target, last) if target is not None else None


def member_in_file(index: IndexQueries, path: str, name: str) -> Symbol | None:
    """A top-level function of a Zig file (a struct file's method, a namespace file's function)."""
    return next((s for s in index.symbols_in_file(path) if s.parent_id is None and s.name == name
                 and s.kind in ("function", "method")), None)


def _const_value(lines: list[str], alias: str) -> str | None:
    rx = re.compile(_CONST.format(w=re.escape(alias)))
    for text in lines:
        m = rx.match(text)
        if m:
            return re.sub(r"\s+", "", m.group(1))
    return None


def zig_files(index: IndexQueries) -> list[Any]:
    """The index's Zig files, read once per index generation (a write of index content bumps it)."""
    store = getattr(index, "store", None)
    generation = store.generation() if store is not None and hasattr(store, "generation") else None
    cached = getattr(index, "_zig_files_cache", None)
    if generation is not None and cached is not None and cached[0] == generation:
        return list(cached[1])
    files = [f for f in index.files() if f.path.endswith(".zig")]
    if generation is not None:
        try:
            index._zig_files_cache = (generation, files)  # type: ignore[attr-defined]
        except AttributeError:
            pass
    return files


def _exists(index: IndexQueries, path: str) -> bool:
    return index.file_info(path) is not None


def _std(index: IndexQueries) -> str | None:
    """std.zig when the repository is (or vendors) the standard library: the shortest path named so, beside mem.zig."""
    hits = sorted((f.path for f in zig_files(index) if (f.path == "std.zig" or f.path.endswith("/std.zig"))
                   and _exists(index, f.path[:-7] + "mem.zig")), key=len)
    return hits[0] if hits else None


def _imported(index: IndexQueries, path: str, module: str) -> str | None:
    if module == "std":
        return _std(index)
    if not module.endswith(".zig"):
        return None
    folder = path.rpartition("/")[0]
    parts = [p for p in (folder.split("/") if folder else []) + module.split("/") if p and p != "."]
    out: list[str] = []
    for p in parts:
        if p == "..":
            if not out:
                return None
            out.pop()
        else:
            out.append(p)
    rel = "/".join(out)
    return rel if _exists(index, rel) else None


def _child(index: IndexQueries, base: str, part: str) -> str | None:
    """`std.zig` + `fmt` -> fmt.zig (std.zig's `pub const fmt = @import("fmt.zig")`); `Io.zig` + `Reader` ->
    Io/Reader.zig."""
    folder = base.rpartition("/")[0]
    stem = base.rsplit("/", 1)[-1][:-4]
    inside = f"{folder}/" if folder else ""
    for cand in (f"{inside}{part}.zig", f"{inside}{stem}/{part}.zig", f"{inside}{part}/{part}.zig"):
        if _exists(index, cand):
            return cand
    return None


def field_type(index: IndexQueries, struct: str, near: str, field: str) -> str | None:
    """The type (as written) a struct named `struct` (a definition, else a struct file) declares its `field` with;
    a struct of `near`'s file (the one using it) first."""
    for f in sorted(index.symbols_named(field), key=lambda f: f.path != near):
        if f.name != field or f.kind != "field" or f.language != "zig":
            continue
        parent = index.get_symbol(f.parent_id) if f.parent_id is not None else None
        if (parent.name if parent is not None else file_struct(f.path)) == struct:
            got = typed_name(f.signature or "", field)
            if got is not None:
                return got
    return None
