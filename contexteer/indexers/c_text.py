"""Byte-level helpers of the C/C++ repairs (c_prep, c_lines): balanced parentheses, blanking with spaces (lines and
offsets kept), whether a position is on a preprocessor line, macro arguments."""

from __future__ import annotations

import logging
import re

logger = logging.getLogger(__name__)

P0 = rb"[^();{}]*"
P1 = rb"(?:[^();{}]|\(" + P0 + rb"\))*"
P2 = rb"(?:[^();{}]|\(" + P1 + rb"\))*"
PARENS = rb"\((?:[^();{}]|\(" + P2 + rb"\))*\)"  # balanced, up to 4 levels, within one statement
ARGS_RE = re.compile(rb"[ \t]*" + PARENS)
_NOT_NEWLINE = re.compile(rb"[^\n]")

IDENT_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")


def blank(text: bytes) -> bytes:
    return _NOT_NEWLINE.sub(b" ", text)


def in_directive(data: bytes, pos: int) -> bool:
    """Whether `pos` is on a preprocessor line (`#define __init ...`), continuation lines included."""
    start = data.rfind(b"\n", 0, pos) + 1
    while start > 1 and data[start - 2 : start - 1] == b"\\":
        start = data.rfind(b"\n", 0, start - 1) + 1
    return data[start:pos].lstrip()[:1] == b"#"


def closing(data: bytes, open_at: int) -> int:
    """The index of the `)` closing the `(` at `open_at` (strings, characters and comments skipped), or -1."""
    depth = 0
    i, n = open_at, len(data)
    while i < n:
        c = data[i]
        if c == 40:
            depth += 1
        elif c == 41:
            depth -= 1
            if depth == 0:
                return i
        elif c in (34, 39):  # a string or character literal
            j = i + 1
            while j < n and data[j] != c and data[j] != 10:
                j += 2 if data[j] == 92 else 1
            i = j
        elif c == 47 and data[i + 1 : i + 2] == b"*":
            j = data.find(b"*/", i + 2)
            i = n if j < 0 else j + 1
        elif c == 47 and data[i + 1 : i + 2] == b"/":
            j = data.find(b"\n", i)
            i = n if j < 0 else j
        elif c == 59 and depth == 1 and i - open_at > 4096:
            return -1  # runaway: not a macro's arguments
        i += 1
    return -1


# A macro argument that names what a declaration macro declares (`lock`, `bits[N]`), and the words that do not.
ARG_NAME_RE = re.compile(rb"\s*([A-Za-z_]\w*(?:\s*\[[^\]]*\])*)\s*$")
TYPE_WORDS = frozenset(b"int char short long unsigned signed float double void bool _Bool const volatile size_t".split())
SCALAR_RE = re.compile(rb"^(?:__)?(?:[us](?:8|16|32|64|128)|(?:le|be)(?:16|32|64))$|_t$")


def split_args(args: bytes) -> list[tuple[int, int]]:
    """Byte ranges of the top-level comma-separated arguments in `args` (strings skipped)."""
    out, depth, start, i, n = [], 0, 0, 0, len(args)
    while i < n:
        c = args[i]
        if c in (40, 123, 91):
            depth += 1
        elif c in (41, 125, 93):
            depth -= 1
        elif c == 44 and depth == 0:
            out.append((start, i))
            start = i + 1
        elif c in (34, 39):
            i += 1
            while i < n and args[i] != c:
                i += 2 if args[i] == 92 else 1
        i += 1
    out.append((start, n))
    return out
