"""Zig's interfaces: Zig has no interface keyword, so an interface is a struct of function pointers
(`mem.Allocator.VTable`, `std.Random`), a type implements it by building one (`.vtable = &.{ .alloc = alloc, ... }`),
and a function stored in one runs where that field is called (`a.vtable.free(...)` in Allocator.rawFree), which no
call site names. The implementations answer lists the builders, and the callers answer of a stored function says
where it is stored and where the field is called (graph.py)."""

from __future__ import annotations

import re
from typing import Any

from contexteer.indexers import textsearch
from contexteer.indexers.lookup import lines_of
from contexteer.indexers.model import CLASS_KINDS, Symbol
from contexteer.indexers.queries_sql import IndexQueries
from contexteer.indexers.zig_names import file_struct

__all__ = ["interface_of", "stored_note", "vtable_builders", "vtable_callers"]


def interface_of(index: IndexQueries, sym: Symbol) -> str | None:
    """The Zig interface (a struct with function-pointer fields) whose own function `sym` is, when one builds it
    (`Random.init` returns `.{ .ptr = pointer, .fillFn = ... }`): its name, else None."""
    syms = index.symbols_in_file(sym.path)
    parent = next((s for s in syms if s.id == sym.parent_id), None)
    holder = parent if parent is not None and parent.kind in CLASS_KINDS else \
        next((s for s in syms if s.parent_id is None and s.kind == "struct" and "@This()" in (s.signature or "")), None)
    if holder is None:
        return None
    fields = [s for s in syms if s.kind == "field" and (s.parent_id == holder.id if holder is parent else s.parent_id is None)]
    if not any(re.search(r"\bfn\s*\(", s.signature or "") for s in fields):
        return None
    lines = lines_of(index, sym.path)[sym.start_line - 1:sym.end_line]
    names = {s.name for s in fields}
    built = any(len(names & set(re.findall(r"\.\s*([A-Za-z_]\w*)\s*=(?!=)", t))) >= 1 for t in lines)
    return holder.name if built else None


def _stored(index: IndexQueries, sym: Symbol) -> list[tuple[int, str, Symbol | None]]:
    """Where a Zig function of its own file is stored as a value in an initializer (`.alloc = alloc,` in
    PageAllocator's vtable): (line, field, the definition around it). A struct with a member of that name stores its
    own (`.free = free` in FuzzAllocator.allocator)."""
    lines = lines_of(index, sym.path)
    rx = re.compile(rf"\.\s*([A-Za-z_]\w*)\s*=\s*&?(?:[A-Za-z_]\w*\.)?{re.escape(sym.name)}\s*(?:[,}}]|$)")
    syms = [s for s in index.symbols_in_file(sym.path) if s.kind != "field"]
    shadows = {s.parent_id for s in syms if s.name == sym.name and s.id != sym.id and s.parent_id is not None}
    found: list[tuple[int, str, Symbol | None]] = []
    for i, text in enumerate(lines, 1):
        m = rx.search(text.split("//", 1)[0])
        if m is None or sym.start_line <= i <= sym.end_line:
            continue
        if any(s.id in shadows for s in syms if s.start_line <= i <= s.end_line):
            continue
        found.append((i, m.group(1), _innermost(syms, i, i)))
    return found


def stored_note(index: IndexQueries, sym: Symbol) -> str | None:
    """A function stored as a value runs where that field is called (`a.vtable.alloc(...)`), which no call site
    names: where it is stored (the callers answer lists where the field is called, `vtable_callers`)."""
    found = _stored(index, sym)
    if not found:
        return None
    where = "; ".join(f"line {i} (.{f} = {sym.name}" + (f", in {s.qualname} {s.start_line}-{s.end_line})" if s else ")")
                      for i, f, s in found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
    return f"stored as a value at {where}: it runs where that field is called (`.{found[0][1]}(...)`)"


def vtable_callers(index: IndexQueries, sym: Symbol) -> list[tuple[Symbol | None, str, int, str]]:
    """Where a vtable's field holding `sym` is called (`a.vtable.free(a.ptr, ...)` in Allocator.rawFree): the next
    link up from a function stored in one, as (the definition around the call, path, line, how it gets there)."""
    found = _stored(index, sym)
    ws = getattr(index, "ws", None)
    if not found or ws is None:
        return []
    line, field, _ = found[0]
    hits = textsearch.search(ws, rf"\bvtable\.{re.escape(field)}\s*\(", regex=True, glob="*.zig", max_results=20)
    return [(_innermost(index.symbols_in_file(h.path), h.line, h.line), h.path, h.line,
             f"through a vtable's .{field} (.{field} = {sym.name} at {sym.path}:{line})")
            for h in hits.hits if h.path and not h.context]


def _innermost(syms: list[Symbol], first: int, last: int) -> Symbol | None:
    """The narrowest definition (any kind but a field) around lines first..last; `lookup.enclosing` counts only
    those that hold code, and a Zig vtable is a constant."""
    around = [s for s in syms if s.start_line <= first and last <= s.end_line and s.kind != "field"]
    return min(around, key=lambda s: s.end_line - s.start_line) if around else None


_FIELD_SET = re.compile(r"\.\s*([A-Za-z_]\w*)\s*=(?!=)")


def vtable_builders(index: IndexQueries, sym: Symbol) -> list[tuple[Any, str, str]]:
    """Zig has no interface keyword: an interface is a struct of function pointers (`Allocator.VTable`), and a type
    implements it by building one: an initializer that sets every field without a default and no other
    (`.{ .alloc = alloc, .resize = resize, .remap = remap, .free = free }`, typed or inferred, as in
    `.vtable = &.{...}`). Each is listed under the struct it sits in (a struct file counts: `heap/PageAllocator.zig`),
    else the definition around it, with the initializer's lines."""
    ws = getattr(index, "ws", None)
    lines = lines_of(index, sym.path)
    # `const Random = @This();`: the file is the struct, its fields stand at the top level
    file_struct = "@This()" in (sym.signature or "") and sym.parent_id is None
    own = [s for s in index.symbols_in_file(sym.path) if s.kind == "field"
           and (s.parent_id is None if file_struct else s.parent_id == sym.id)]
    fields = {s.name: " ".join(lines[s.start_line - 1:s.end_line]) for s in own}
    if ws is None or not any(re.search(r"\bfn\s*\(", t) for t in fields.values()):
        return []
    # a field with a default (`sendFile: *const fn (...) ... = unimplementedSendFile,`) need not be set
    required = sorted(n for n, t in fields.items() if not re.search(r"\)[^()]*=\s*[\w.]+\s*,?\s*(?://.*)?$", t))
    if not required:
        return []
    hits = textsearch.search(ws, rf"\.\s*{required[0]}\s*=[^=]", regex=True, glob="*.zig", max_results=2000)
    out: list[tuple[Any, str, str]] = []
    seen: set[tuple[str, int]] = set()
    for path in sorted(hits.files):
        text = "\n".join(lines_of(index, path))
        for a, b, names in _initializers(text, required[0]):
            if (path, a) in seen or not set(required) <= names <= set(fields):
                continue
            seen.add((path, a))
            row = _builder(index, path, a, b)
            ctor = row[0]
            if ctor is not None and ctor.kind == "function" and ctor.path == sym.path \
                    and (file_struct or sym.start_line <= ctor.start_line <= sym.end_line):
                # the interface's own constructor (`Random.init(pointer, fillFn)` returns `.{ .ptr, .fillFn }`):
                # its callers are the implementations
                out += _constructed(index, ctor, sym.name)
            else:
                out.append(row)
    return out


def _constructed(index: IndexQueries, ctor: Symbol, owner: str) -> list[tuple[Any, str, str]]:
    """Where `owner.ctor(...)` is called (`Random.init(self, fill)` in Random/Pcg.zig's `random`), as builders."""
    out: list[tuple[Any, str, str]] = []
    named = re.compile(rf"\b{re.escape(owner)}\s*\.\s*{re.escape(ctor.name)}\s*\(")
    for r in index.references_to(ctor.name, limit=2000):
        if r.kind != "call" or (r.path == ctor.path and ctor.start_line <= r.line <= ctor.end_line):
            continue
        lines = lines_of(index, r.path)
        if not (0 < r.line <= len(lines) and named.search(lines[r.line - 1])):
            continue
        thing, _, at = _builder(index, r.path, r.line, r.line)
        out.append((thing, "constructor", at.replace("initializer at", f"{owner}.{ctor.name} at", 1)))
    return out


def _initializers(text: str, field: str) -> list[tuple[int, int, set[str]]]:
    """The `.{ ... }` initializers of a Zig file that set `field`: (first line, last line, the fields they set)."""
    out: list[tuple[int, int, set[str]]] = []
    for m in re.finditer(rf"\.\s*{re.escape(field)}\s*=(?!=)", text):
        depth, i = 0, m.start()
        while i > 0:  # back to the brace that opens the initializer around the field
            i -= 1
            c = text[i]
            if c == "}":
                depth += 1
            elif c == "{":
                if depth == 0:
                    break
                depth -= 1
        start = i
        if not re.search(r"(?:\.|\bVTable|[A-Z]\w*)\s*$", text[max(0, start - 40):start]):
            continue  # a block, a switch or a function body: no initializer
        depth, j, names = 0, start, set()
        while j < len(text):
            c = text[j]
            if c in "{([":
                depth += 1
            elif c in "})]":
                depth -= 1
                if depth == 0:
                    break
            elif c == "." and depth == 1:
                f = _FIELD_SET.match(text, j)
                if f is not None and text[j - 1:j] in ("", " ", "\t", "\n", "{", ","):
                    names.add(f.group(1))
            j += 1
        out.append((text.count("\n", 0, start) + 1, text.count("\n", 0, j) + 1, names))
    return out


def _builder(index: IndexQueries, path: str, first: int, last: int) -> tuple[Any, str, str]:
    """The struct an initializer at `first`-`last` of `path` sits in, and how to read it."""
    syms = index.symbols_in_file(path)
    container = _innermost([s for s in syms if s.kind in CLASS_KINDS], first, last)
    holder = _innermost(syms, first, last)
    at = f"initializer at {first}-{last}" if last > first else f"initializer at line {first}"
    if holder is not None and holder is not container:
        at += f" in {holder.qualname}"
    if container is not None:
        return container, "initializer", at
    own = file_struct(path)  # `heap/PageAllocator.zig` is the struct PageAllocator
    return holder, "initializer", f"{at} (struct file {own}.zig)" if own else at
