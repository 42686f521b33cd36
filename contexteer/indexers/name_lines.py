"""The line a definition's name is on, when its range opens with lines above it that belong to it: decorators and
annotations (`@Override`, `@property`), attributes (`#[derive(..)]`, `[Serializable]`) and a C++ `template <..>`
header. Ranges keep them (a read by range shows them); an answer that cites the definition's line names this one
too: the Collections, pydantic and spdlog A/B agents each searched again for the `public`, `class` or `def` line
their answer's range did not start at."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from contexteer.workspace import repo_text

#: per language, what a line opening a definition's decoration starts with
_DECORATION = {
    **dict.fromkeys(("python", "java", "kotlin", "scala", "typescript", "tsx", "javascript", "jsx", "swift", "dart",
                     "groovy"), re.compile(r"@")),
    "csharp": re.compile(r"\["),
    "rust": re.compile(r"#!?\["),
    "php": re.compile(r"#\["),
    "cpp": re.compile(r"template\b|\[\["),
}
#: how far below a range's first line its name may sit
_MOST = 20


def name_lines(ws: Any, defs: Iterable[Any], language_of: Callable[[str], str | None] | None = None,
               deprecated: set[tuple[str, int]] | None = None) -> dict[tuple[str, int], int]:
    """(path, start line) -> the line of the name, for each definition whose range opens with decoration lines
    (each file read once); a definition's language is its own `language`, else `language_of(path)`. `deprecated`
    gets the (path, start line) of those whose decoration marks them deprecated (`@deprecated(..)`, `@Deprecated`,
    `#[deprecated]`, `[Obsolete]`): the Scala A/B agent (run 227) read each trait to learn which were."""
    files: dict[str, list[str] | None] = {}
    out: dict[tuple[str, int], int] = {}
    for d in defs:
        language = getattr(d, "language", None) or (language_of(d.path) if language_of else None)
        rx = _DECORATION.get(language or "")
        start, end = d.start_line, d.end_line
        if rx is None or not start or end <= start:
            continue
        if d.path not in files:
            text = repo_text(ws, d.path)
            files[d.path] = text.split("\n") if text is not None else None
        lines = files[d.path]
        if lines is None or start > len(lines) or not rx.match(lines[start - 1].lstrip()):
            continue
        at = _past_decoration(lines, start, min(end, start + _MOST), rx)
        if at is not None and at > start:
            out[(d.path, start)] = at
            if deprecated is not None and _DEPRECATED.search("\n".join(lines[start - 1:at - 1])):
                deprecated.add((d.path, start))
    return out


#: (module-prefixed decorators, `@typing_extensions.deprecated`, `@warnings.deprecated`; C#'s `ObsoleteAttribute` and
#: an attribute list naming it after another, `[Serializable, Obsolete("..")]`: review of 781db65)
_DEPRECATED = re.compile(r"@(?:[\w.]+\.)?[Dd]eprecated\b|#\[deprecated\b|\[(?:[^\]\n]*,\s*)?(?:[\w.]+\.)?Obsolete(?:Attribute)?\b"
                         r"|@available\([^)]*\bdeprecated")


def _past_decoration(lines: list[str], start: int, stop: int, rx: re.Pattern[str]) -> int | None:
    """The first line from `start` on that neither opens a decoration nor continues one (brackets still open, a
    C++ template's `<..>` over several lines), or None before `stop`."""
    depth, angles = 0, False
    for n in range(start, stop + 1):
        s = lines[n - 1].strip()
        if depth == 0 and s.startswith("template") and _after_template(s):
            return n  # `template <typename T> T *pick(T *a) {`: the name is on the template's own line
        if depth > 0 or not s or rx.match(s) or s.startswith(("//", "#")) and not rx.match(s):
            angles = angles if depth > 0 else s.startswith("template")
            depth = max(0, depth + _opened(s, angles))
            continue
        if s.startswith(("requires ", "template")):  # a C++20 constraint between the template header and the name
            continue
        return n
    return None


def _after_template(s: str) -> str:
    """What a line holds after its C++ `template <..>` parameter list, when the list closes on it ('' otherwise)."""
    depth = 0
    for i, c in enumerate(s):
        depth += (c == "<") - (c == ">")
        if c == ">" and depth == 0:
            return s[i + 1 :].strip()
    return ""


def _opened(s: str, angles: bool) -> int:
    """How many brackets a line leaves open (strings left out; `angles`: a C++ template header's `<..>` too)."""
    s = re.sub(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'', '""', s)
    return s.count("(") + s.count("[") + s.count("{") - s.count(")") - s.count("]") - s.count("}") + (
        s.count("<") - s.count(">") if angles else 0)
