"""Telling a definition from its namesakes: what a file can see (the files its includes reach, the packages and
modules its imports bind, the locals of the code around a line), the sites where a type's name is only another
object's member (`db.Head()`), and which of a class's reopenings (Ruby, C# partial classes) is its definition.

lookup.semantic_context and find_callers, and the reference lists of search_symbol, use these so that a name is
never resolved past what its file can see (issue 13 items 3 and 6).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable
from typing import Any

from contexteer.indexers import languages
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

CLASS_LIKE = frozenset({"class", "struct", "interface", "trait", "enum", "module", "type"})
CALLABLE = frozenset({"function", "method"})


def _file_lines(ws: Any, path: str, cache: dict[str, list[str]]) -> list[str]:
    lines = cache.get(path)
    if lines is None:
        lines = cache[path] = (repo_text(ws, path) or "").splitlines()
    return lines


def _enclosing_callable(symbols: list[Any], line: int) -> Any | None:
    """The innermost function or method containing `line`."""
    best = None
    for s in symbols:
        if s.start_line <= line <= s.end_line and s.kind in CALLABLE:
            if best is None or (s.end_line - s.start_line) <= (best.end_line - best.start_line):
                best = s
    return best


def _language_of(index: Any, path: str) -> str | None:
    spec = languages.language_for_path(path)
    if spec is not None:
        return spec.name
    info = index.file_info(path)
    return info.language if info is not None else None


#: languages whose classes are reopened (Ruby) or split over files (C# `partial class`): one definition per file
REOPENED = frozenset({"ruby", "csharp"})


def reopened_rank(index: Any, syms: list[Any], full_name: Callable[[Any], str] | None = None) -> dict[int, int]:
    """For a class defined in several files under one qualified name (Ruby reopens classes; a C# partial class),
    which to show first: the definition with the most members in its body, then one outside test files, then
    the longest body (a test helper that adds one method to `Rack::Request` ranks after lib/rack/request.rb).
    Maps each such definition's id to its place in its group (0 first); others are left out. `full_name` tells
    one class's definitions apart from a namesake's (`class Rack::Request` at the top of a file is stored as
    Request, inside `module Rack` as Rack.Request: qualify.Qualifier.display); default: the qualified name."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for s in syms:
        if s.language in REOPENED and s.kind in CLASS_LIKE:
            groups.setdefault((s.language, (full_name(s) if full_name else None) or s.qualname), []).append(s)
    out: dict[int, int] = {}
    for group in groups.values():
        if len({s.path for s in group}) < 2:
            continue
        members: dict[int, int] = {}
        for s in group:
            members[s.id] = sum(1 for m in index.symbols_in_file(s.path) if m.parent_id == s.id)
        from contexteer.indexers.repomap import display_weight

        group.sort(key=lambda s: (-members[s.id], display_weight(s.path) < 1, -(s.end_line - s.start_line), s.path))
        out.update({s.id: i for i, s in enumerate(group)})
    return out


def include_closure(path: str, resolve_imports: Callable[[str], dict[str, list[str]]], limit: int = 400) -> set[str]:
    """The file and the repository files its imports (C/C++ includes) reach, directly or through others (at most
    `limit` files, nearest first)."""
    seen = {path}
    frontier = [path]
    while frontier and len(seen) < limit:
        nxt: list[str] = []
        for f in frontier:
            for targets in resolve_imports(f).values():
                for t in targets:
                    if t not in seen and len(seen) < limit:
                        seen.add(t)
                        nxt.append(t)
        frontier = nxt
    return seen


_GO_VERSION = re.compile(r"v\d+")


def go_std_package_names(index: Any, path: str) -> set[str]:
    """The names a Go file's imports of the standard library bind (`net`, `tls` for crypto/tls): a type written with
    one of them (`tcp net.Conn`) is never a repository type of that name."""
    return go_package_names(index, path, std_only=True)


def go_package_names(index: Any, path: str, *, std_only: bool = False) -> set[str]:
    """The names a Go file's imports bind (`time`, `timer`, an alias; `yaml` for gopkg.in/yaml.v2, `chi` for
    github.com/go-chi/chi/v5): a qualifier in front of one of them is a package, not a value. `std_only`: the
    standard library's only (a path whose first element names no host: not github.com/..., golang.org/x/...)."""
    out: set[str] = set()
    for imp in index.imports_of(path):
        if std_only and "." in imp.module.strip('"').split("/", 1)[0]:
            continue
        alias = [n for n in imp.names if n and n not in ("_", ".")]
        out.update(alias or go_import_names(imp.module))
    return out


def go_import_names(module: str) -> list[str]:
    """The names a Go import path may bind without an alias: its last element (before a `/v2` major version, without
    `.v2`), also without a `go-` prefix or a `-go` suffix (`github.com/armon/go-metrics` is package metrics)."""
    segs = [p for p in module.strip("\"`").split("/") if p]
    if not segs:
        return []
    last = (segs[-2] if len(segs) > 1 and _GO_VERSION.fullmatch(segs[-1]) else segs[-1]).split(".")[0]
    out = [last]
    if last.startswith("go-"):
        out.append(last[3:])
    if last.endswith("-go"):  # github.com/prometheus/client-go style
        out.append(last[:-3])
    return out


_MEMBER_BEFORE = re.compile(r"([\w$]+)\s*(?:\(\s*\)|\[[^\]]*\])?\s*(?:\?\.|\.|->)\s*$")


def member_namesakes(index: Any, name: str, sites: Iterable[Any], max_files: int = 200) -> set[tuple[str, int]]:
    """The (path, line) of sites whose every mention of the name is a member read off a value (`db.Head()`,
    `self.request`, `resp->Head`): another type's method or field, not a use of a type of that name. A qualifier
    that is a package or module the file imports (`tsdb.Head{}`, `models.User(...)`) or a capitalised name
    (`Outer.Inner`) keeps the site, unless `Outer.name` is defined as a member that is no type (an enum's member
    `Kind.ZodString` written as a type or read as a value is no use of a class ZodString, zod run 406)."""
    ws = getattr(index, "ws", None)
    if ws is None:
        return set()
    lines: dict[str, list[str]] = {}
    bindings: dict[str, set[str]] = {}
    members: dict[str, bool] = {}

    def a_member(owner: str) -> bool:
        if owner not in members:
            found = index.symbols_named(f"{owner}.{name}") if hasattr(index, "symbols_named") else []
            members[owner] = bool(found) and not any(s.kind in CLASS_LIKE for s in found)
        return members[owner]

    out: set[tuple[str, int]] = set()
    for site in sites:
        if site.path not in lines and len(lines) >= max_files:
            continue
        text_lines = _file_lines(ws, site.path, lines)
        text = text_lines[site.line - 1] if 0 < site.line <= len(text_lines) else ""
        if not text:
            continue
        mentions = [m.start() for m in re.finditer(r"(?<![\w$])" + re.escape(name) + r"(?![\w$])", text)]
        if not mentions:
            continue
        if site.path not in bindings:
            bindings[site.path] = import_bindings(index, site.path)
        member_only = True
        for at in mentions:
            before = _MEMBER_BEFORE.search(text, 0, at)
            if before is None:
                member_only = False
                break
            word = before.group(1)
            if word in bindings[site.path] or (word[:1].isupper() and not a_member(word)):
                member_only = False
                break
        if member_only:
            out.add((site.path, site.line))
    return out


class LocalNames:
    """Whether a name at a line is a local of the code around it (a parameter, an assignment or loop target of the
    enclosing definition, or a module-level assignment on that line): then a word match there is no use of a
    same-named definition elsewhere. Each enclosing definition is parsed once."""

    def __init__(self, index: Any) -> None:
        self.index = index
        self._syms: dict[str, list[Any]] = {}
        self._bound: dict[tuple[str, int], set[str]] = {}
        self._lines: dict[str, list[str]] = {}

    def bound(self, path: str, line: int, name: str) -> bool:
        from contexteer.indexers.uses import names_in

        syms = self._syms.get(path)
        if syms is None:
            syms = self._syms[path] = self.index.symbols_in_file(path)
        ws = getattr(self.index, "ws", None)
        if ws is None:
            return False
        lines = _file_lines(ws, path, self._lines)
        enc = _enclosing_callable(syms, line)
        if enc is None:
            text = lines[line - 1] if 0 < line <= len(lines) else ""
            return bool(re.match(rf"\s*(?:(?:const|let|var|local)\s+)?{re.escape(name)}\s*(?::[^=]*)?=(?!=)", text))
        # the callables around the line, innermost first: a closure reads its outer function's locals (MobX run
        # 275: `view(reaction)` in autorun's nested reactionRunner is autorun's `let reaction`, no use of the
        # function `reaction` as a value)
        around = sorted((s for s in syms if s.kind in CALLABLE and s.start_line <= line <= s.end_line),
                        key=lambda s: s.end_line - s.start_line)
        for fn in around[:4]:
            key = (path, fn.id)
            got = self._bound.get(key)
            if got is None:
                spec = languages.BY_NAME.get(fn.language) or languages.language_for_path(path)  # a C++ `.h` is C++
                got = set()
                if spec is not None:
                    got = names_in("\n".join(lines).encode("utf-8", "replace"), spec, fn.start_line, fn.end_line).bound
                self._bound[key] = got
            if name in got:
                return True
        return False


def import_bindings(index: Any, path: str) -> set[str]:
    """The names a file's imports bind: imported names, aliases and module names (`os.path` -> os, a Go
    import path -> its package name)."""
    if (_language_of(index, path) or "") == "go":
        return go_package_names(index, path)
    out: set[str] = set()
    for imp in index.imports_of(path):
        out.update(n.split(" as ")[-1].strip() for n in imp.names if n)
        segs = [p for p in re.split(r"[./:\\]+", imp.module.strip("'\"<>`")) if p]
        if segs:
            out.update({segs[0], segs[-1]})
    return out
