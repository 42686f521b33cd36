"""C/C++ repairs of whole lines (see c_prep): macro-made declarations and functions, initializer entries, lone
macro lines, tracepoints, board descriptors; and `#if` groups around a syntax error."""

from __future__ import annotations

import logging
import re

from contexteer.indexers.c_text import ARG_NAME_RE as _ARG_NAME_RE
from contexteer.indexers.c_text import ARGS_RE as _ARGS_RE
from contexteer.indexers.c_text import SCALAR_RE as _SCALAR_RE
from contexteer.indexers.c_text import TYPE_WORDS as _TYPE_WORDS
from contexteer.indexers.c_text import blank as _blank
from contexteer.indexers.c_text import closing as _closing
from contexteer.indexers.c_text import in_directive
from contexteer.indexers.c_text import split_args as _split_args

logger = logging.getLogger(__name__)

# Lines that start with an upper-case macro (after indentation, `static`, `extern`, `const`), read in one pass:
# - a declaration through a macro (`static DEFINE_MUTEX(lock);`, `DECLARE_BITMAP(bits, N);` in a struct,
#   `DEFINE_PER_CPU(struct x, name) = {...};`, `static SIMPLE_DEV_PM_OPS(name, a, b);`) reads as `DEFINE_MUTEX lock;`:
#   a variable or field named by the macro's first argument that is a plain name and not a type (as the kernel's
#   own scripts/tags.sh indexes them); BPF's `__uint(type, X);` in a struct likewise;
# - a function defined through a macro at column 0, `NAME(fn, args...)` + `{` (`SYSCALL_DEFINE3(msync, ...)`,
#   `BPF_CALL_2(name, ...)`), reads as `NAME fn(args...) {`, a definition of fn (C only: C++'s `TEST(Suite, Name) {`
#   defines no function `Suite`); `NAME(fn)` reads as `NAM fn()`;
# - an initializer entry made by a macro without its comma (`SET_RUNTIME_PM_OPS(a, b, NULL)` on its own line in a
#   `struct dev_pm_ops` initializer): the name gives up its last character so a comma fits (`SET_RUNTIME_PM_OP(a, b, NULL),`);
# - a line holding only a macro without `;` before an empty line, another such line, a directive or the end
#   (`TEST_HARNESS_MAIN`, `ACPI_MODULE_NAME("x")`, runs of `BTF_ID_FLAGS(...)`): blanked, it declares nothing we read;
# - tracepoint definitions (`TRACE_EVENT(name, TP_PROTO(...), TP_ARGS(...), TP_fast_assign(...), ...);`): all but the
#   event's name blanked; ARM boards' `DT_MACHINE_START(name, "desc")` ... `MACHINE_END` read as `X name = {` ... `};`;
# - a leading `STATIC` (XFS: `#define STATIC static`) reads as `static`.
_LINE_MACRO_RE = re.compile(rb"\n([ \t]*)((?:static[ \t]+|extern[ \t]+)(?:const[ \t]+)?)?([A-Z_][A-Z0-9_]*|__uint|__type|__array|__ulong)"
                            rb"(?![\w$])")
_DECL_END_RE = re.compile(rb"[ \t]*[;=]")
_BODY_AHEAD_RE = re.compile(rb"[ \t]*(?:\n[ \t]*)?\{")
_ENTRY_AHEAD_RE = re.compile(rb"[ \t]*\n[ \t]*(?:[.}]|[A-Z][A-Z0-9_]*\()")
_LONE_AHEAD_RE = re.compile(rb"[ \t]*(?:\n[ \t]*\n|\n?\Z|\n[A-Z_][A-Z0-9_]*[ \t]*\(|\n[ \t]*#)")
_FIRST_ARG_RE = re.compile(rb"\s*([A-Za-z_]\w*)\s*(,|\Z)")
_TRACE_NAMES = (b"TRACE_EVENT", b"DECLARE_EVENT_CLASS", b"DEFINE_EVENT", b"DECLARE_TRACE")
_DECL_NAMES = (b"DEFINE_", b"DECLARE_")


def line_macros(data: bytes, found: list[int], cpp: bool) -> bytes:
    out = bytearray(data)
    changed = False
    nl = b"\n" + data
    last = 0
    entry_end = -2  # the end of the line of the last initializer entry rewritten
    for m in _LINE_MACRO_RE.finditer(nl):
        indent, prefix, name = m.group(1), m.group(2), m.group(3)
        start = m.start(1) - 1 + len(indent)  # where the line's code starts, in `data`
        name_end = m.end() - 1
        col0 = not indent
        if start < last or not (col0 or prefix or name.startswith(_DECL_NAMES) or name[:1] == b"_" or
                                data.find(b"\n", name_end, name_end + 400) >= 0):
            continue  # indented: a declaration macro, or an initializer entry alone on its line (checked below)
        if in_directive(data, start):
            continue
        if name == b"STATIC" and col0 and not prefix:
            out[start:name_end] = b"static"
            changed = True
            continue
        if name == b"MACHINE_END" and col0:
            out[start:name_end] = b"};" + b" " * (name_end - start - 2)
            changed = True
            continue
        open_at = name_end
        while open_at < len(data) and data[open_at] in b" \t":
            open_at += 1
        if data[open_at : open_at + 1] != b"(":
            if col0 and not prefix and _LONE_AHEAD_RE.match(data, name_end):
                out[start:name_end] = b" " * (name_end - start)
                changed = True
            continue
        simple = _ARGS_RE.match(data, open_at)  # most arguments: balanced, no `;{}` (else the slow scanner)
        close = simple.end() - 1 if simple is not None else _closing(data, open_at)
        if close < 0:
            continue
        args = data[open_at + 1 : close]
        after = close + 1
        last = after
        if col0 and name.startswith(_TRACE_NAMES) and b"TP_" in args:
            parts = _split_args(args)
            a, b = parts[1] if name.startswith(b"DEFINE_EVENT") and len(parts) > 1 else parts[0]
            out[open_at + 1 : close] = _blank(args[:a]) + args[a:b] + _blank(args[b:])
            changed = True
        elif col0 and name in (b"MACHINE_START", b"DT_MACHINE_START"):
            first = _FIRST_ARG_RE.match(args)
            if first is not None and first.group(2) == b"," and close - open_at > len(first.group()) + 2:
                found.append(start)
                out[open_at] = 32
                out[open_at + 1 + first.end(1) : close + 1] = _blank(data[open_at + 1 + first.end(1) : close - 1]) + b"={"
                changed = True
        elif _DECL_END_RE.match(data, after):
            if prefix or name.startswith(_DECL_NAMES) or name in (b"LIST_HEAD", b"HLIST_HEAD", b"LLIST_HEAD", b"__uint",
                                                                   b"__type", b"__array", b"__ulong") \
                    or name.endswith(b"_NOTIFIER_HEAD"):
                changed |= _declaration(out, data, name_end, open_at, close, args, found, start)
        elif col0 and not cpp and _BODY_AHEAD_RE.match(data, after):
            first = _FIRST_ARG_RE.match(args)
            if first is None:
                continue
            found.append(start)
            if first.group(2) == b",":  # NAME(fn, a, b) -> NAME fn(a, b)
                out[open_at] = 32
                out[open_at + 1 + first.start(2)] = 40
            else:  # NAME(fn) -> NAM fn()
                out[name_end - 1 : close + 1] = b" " + data[open_at + 1 : close] + b"()" + b" " * (open_at - name_end)
            changed = True
        elif indent and not prefix and len(name) > 1 and _ENTRY_AHEAD_RE.match(data, after) and (
                entry_end == start - len(indent) - 1 or _after_initializer_line(data, start)):
            # inside an initializer: after `= {`, a `.field = value,` line, or the entry just rewritten
            out[name_end - 1 : close + 1] = data[name_end : close + 1] + b","
            entry_end = data.find(b"\n", close)
            changed = True
        elif col0 and not prefix and _LONE_AHEAD_RE.match(data, after):
            out[start:after] = _blank(data[start:after])
            changed = True
    return bytes(out) if changed else data


def _after_initializer_line(data: bytes, start: int) -> bool:
    """Whether the line before `start` opens an initializer (`... = {`) or is a designated entry (`.x = y,`)."""
    prev_end = data.rfind(b"\n", 0, start)
    prev = data[data.rfind(b"\n", 0, max(prev_end, 0)) + 1 : max(prev_end, 0)].strip()
    return prev.endswith(b"{") and prev[:-1].rstrip().endswith(b"=") or prev[:1] in (b".", b"[") and prev.endswith(b",")


def _declaration(out: bytearray, data: bytes, name_end: int, open_at: int, close: int, args: bytes, found: list[int],
                 start: int) -> bool:
    for a, b in _split_args(args):
        word = _ARG_NAME_RE.fullmatch(args, a, b)
        if word is not None and word.group(1) not in _TYPE_WORDS and not _SCALAR_RE.search(word.group(1)):
            break
    else:
        return False
    found.append(start)
    keep_a, keep_b = word.span(1)
    out[open_at : close + 1] = b" " + _blank(args[:keep_a]) + args[keep_a:keep_b] + _blank(args[keep_b:]) + b" "
    return True


_DIRECTIVE_RE = re.compile(rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b[^\n]*(?:\\\r?\n[^\n]*)*", re.M)
_STRIP_RE = re.compile(rb"/\*.*?\*/|//[^\n]*|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'", re.S)


def _balanced(text: bytes) -> bool:
    text = _STRIP_RE.sub(b"", text)
    return text.count(b"{") == text.count(b"}") and text.count(b"(") == text.count(b")")


def blank_conditionals(data: bytes, error_rows: list[tuple[int, int]],
                       blanked: list[tuple[int, int]] | None = None) -> bytes:
    """`data` with the `#if`/`#else`/`#endif` lines of each conditional group near a syntax error (rows 0-based,
    inclusive) blanked, when each branch of the group is balanced: tree-sitter reads no directive inside an
    initializer list (`.compat_ioctl = f,` under `#ifdef CONFIG_COMPAT`) or between an `if` and its `else`.
    Both branches then stand one after the other, which C's syntax allows in those places. `blanked` collects
    the (start, end) byte spans blanked (same length: an incremental re-parse edits the old tree with them)."""
    groups: list[list[tuple[int, int]]] = []
    stack: list[list[tuple[int, int]]] = []
    for m in _DIRECTIVE_RE.finditer(data):
        kind = m.group(1)
        span = (m.start(), m.end())
        if kind.startswith(b"if"):
            stack.append([span])
        elif stack:
            stack[-1].append(span)
            if kind == b"endif":
                groups.append(stack.pop())
    if not groups:
        return data
    out = bytearray(data)
    changed = False
    for spans in groups:
        first = data.count(b"\n", 0, spans[0][0])
        last = first + data.count(b"\n", spans[0][0], spans[-1][1])
        if not any(a <= last + 1 and first - 1 <= b for a, b in error_rows):
            continue
        branches = [data[spans[i][1] : spans[i + 1][0]] for i in range(len(spans) - 1)]
        if all(_balanced(b) for b in branches):
            for a, b in spans:
                out[a:b] = _blank(data[a:b])
            if blanked is not None:
                blanked.extend(spans)
            changed = True
    return bytes(out) if changed else data
