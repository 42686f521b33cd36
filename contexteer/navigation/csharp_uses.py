"""C#'s rows of list_dependencies' `view="uses"`: a `using` imports a namespace, not names, so which names a file
takes from each one is what its code writes that the namespace holds: the repository's types of that namespace (with
their definitions), the .NET types and Linq extension methods the tool knows for a platform namespace; a
`using static` brings a type's members, used bare; `using A = B;` binds A. Then the repository types the file uses
from its own namespace and the namespaces around it (no using needed), and the type-like names it writes that
neither the repository nor the known .NET namespaces define (the pythonnet A/B question: the uses view had read
`using System.Reflection;` as the name `Reflection` of `System`, "not used")."""

from __future__ import annotations

import re
from typing import Any

from contexteer.indexers.model import CLASS_KINDS
from contexteer.indexers.stdnames import DOTNET_TYPES
from contexteer.indexers.syntax import CS_NAMESPACE, cs_namespaces, cs_using_candidates, enclosing_namespaces
from contexteer.navigation.import_uses import MAX_LINES, capped, declared_here
from contexteer.navigation.models import ImportUse, UsedName
from contexteer.navigation.service import NavigationService

#: at most this many names in the row of names nothing here defines
MAX_OTHER = 24

_USING = re.compile(r"^\s*(?:global\s+)?using\s+(?P<static>static\s+)?(?:(?P<alias>\w+)\s*=\s*)?(?P<target>[\w.:<>, ]+?)\s*;")


def csharp_import_uses(nav: NavigationService, rel: str, lines: list[str],
                       plain: dict[str, list[int]], members: dict[str, list[int]]) -> list[ImportUse]:
    """Per using directive of `rel` (in line order) the names its code takes from it, then the rows of names used
    without a using (line 0)."""
    spaces: dict[str, list[str]] = nav.resolver().layout.cs_namespaces
    mine = cs_namespaces(lines)
    around = list(dict.fromkeys(p for ns in mine for p in enclosing_namespaces(ns)))  # visible without a using
    own = {s.name for s in nav.index.symbols_in_file(rel)}
    heads = {k for k, text in enumerate(lines, 1) if CS_NAMESPACE.match(text)}  # `namespace Python.Runtime` uses nothing
    plain = {n: [k for k in at if k not in heads] for n, at in plain.items()}
    # (a type's name; not `ImportHookState = ImportHook.SaveRuntimeData(),` in an object initializer: a member set)
    used = {n: kept for n, at in plain.items() if n not in own and n[:1].isupper()
            and (kept := [k for k in at if not _member_set(n, _line(lines, k))])}
    # every directive, the index's imports or not (`using MaybeFieldInfo = MaybeMemberInfo<FieldInfo>;` inside a
    # namespace block)
    usings = [(k, m) for k, text in enumerate(lines, 1) if "using" in text and (m := _USING.match(text))]
    # a using inside `namespace DBus {` names DBus.Protocol before a global Protocol (dbus-sharp run 521)
    meant = {k: _namespace_meant(lines, k, m["target"].strip(), spaces) for k, m in usings}
    platform = [meant[k] for k, m in usings if not m["static"] and not m["alias"]]
    qualified = _qualified_platform_types(lines, used, spaces)
    claimed: set[str] = set()
    out: list[ImportUse] = []
    for line, m in usings:
        target = re.sub(r"^global::", "", m["target"].strip()) if m["alias"] or m["static"] else meant[line]
        written = _written(m)
        row = ImportUse(line=line, module=written if target in (written, f"global::{written}") else f"{written} ({target})",
                        names=[])
        out.append(row)
        if m["alias"]:  # `using MaybeFieldInfo = MaybeMemberInfo<FieldInfo>;`: the alias is the name bound
            at = [k for k in plain.get(m["alias"], []) if k != line]
            hit = _repo_type(nav, re.sub(r"<.*", "", target).rsplit(".", 1)[-1], spaces, [*around, *platform])
            row.names.append(_name(m["alias"], at, hit))
            claimed.add(m["alias"])
        elif m["static"]:  # `using static Python.Runtime.Runtime;`: the type's members, used bare
            cls = _repo_type(nav, target.rsplit(".", 1)[-1], spaces, [target.rpartition(".")[0], *around])
            if cls is not None:
                for n, at in sorted(plain.items()):
                    d = _member(nav, cls, n) if at and n not in own else None
                    if d is not None:
                        row.names.append(_name(n, at, d))
                        claimed.add(n)
            if not row.names:
                row.directive = "a static import: its type's members are used unqualified" if cls is None else None
        elif target in spaces:
            for n, at in sorted(used.items()):
                hit = _repo_type(nav, n, spaces, [target])
                if hit is not None and n not in claimed:
                    row.names.append(_name(n, at, hit))
                    claimed.add(n)
        elif target in DOTNET_TYPES:
            pool = dict(used)
            if target == "System.Linq":  # extension methods read off a value: `.Select(..)`, `.ToArray()`
                pool |= {n: at for n, at in members.items() if at and n in DOTNET_TYPES[target]}
            for n, at in sorted(pool.items()):
                mine_at = _platforms(n, at, lines, platform).get(target, [])
                if mine_at and _repo_type(nav, n, spaces, [*around, *platform]) is None:
                    row.names.append(_name(n, mine_at, None))
                    claimed.add(n)
    local = ImportUse(line=0, module=f"same namespace ({', '.join(mine)}), no using" if mine else "global namespace, no using",
                      names=[])
    for n, at in sorted(used.items()):
        hit = _repo_type(nav, n, spaces, around) if n not in claimed else None
        if hit is not None:
            local.names.append(_name(n, at, hit))
            claimed.add(n)
    if qualified:
        out.append(ImportUse(line=0, module=".NET types written with their namespace, no using", names=[
            _name(n, at, None) for n, at in sorted(qualified.items())]))
    other = ImportUse(line=0, module="not defined in the repository nor a .NET type the tool knows (a using's type, "
                                     "or a base class's member)", names=[])
    declared = declared_here(nav, rel)  # type parameters (`T`) and parameters (`Body`) are no names from anywhere
    parts = {seg for space in spaces for seg in space.split(".")}  # (`Hyena.Query.FileSizeQueryValue`: Query is no type)
    for n, at in sorted(used.items()):
        if n not in claimed and n not in declared and n not in parts and not nav.index.symbols_named(n):
            other.names.append(_name(n, at, None))
    capped(other, MAX_OTHER)
    return out + [r for r in (local, other) if r.names]




def _namespace_meant(lines: list[str], line: int, target: str, spaces: dict[str, list[str]]) -> str:
    """The namespace a `using target;` on `line` imports: the repository's namespace its enclosing namespaces make of
    it (innermost first), else the name as written."""
    return next((c for c in cs_using_candidates(lines, line, target) if c in spaces), target.removeprefix("global::"))


_DOTTED = re.compile(r"(?<![\w.])(?:global::)?((?:System|Microsoft|Windows)(?:\s*\.\s*[A-Za-z_]\w*)+)")


def _qualified_platform_types(lines: list[str], used: dict[str, list[int]],
                              spaces: dict[str, list[str]]) -> dict[str, list[int]]:
    """The .NET types the code writes with their namespace (`new System.IO.StringReader(..)`), at their lines; the
    namespace's segments and the type's name are taken out of `used` on those lines (dbus-sharp run 521 read "IO at 134;
    StringReader at 134" as names nothing defines)."""
    found: dict[str, list[int]] = {}
    covered: dict[int, list[str]] = {}
    for n in sorted({k for at in used.values() for k in at}):
        for m in _DOTTED.finditer(_line(lines, n)):
            segs = [p.strip() for p in m.group(1).split(".")]
            for cut in range(len(segs) - 1, 0, -1):
                ns = ".".join(segs[:cut])
                if ns in DOTNET_TYPES and segs[cut] in DOTNET_TYPES[ns] and ns not in spaces:
                    found.setdefault(f"{ns}.{segs[cut]}", []).append(n)
                    covered.setdefault(n, []).extend(segs[:cut + 1])
                    break
    for n, names in covered.items():
        text = _DOTTED.sub("", _line(lines, n))  # a name also written bare elsewhere on the line stays used
        for name in set(names):
            if name in used and not re.search(rf"(?<![\w.]){re.escape(name)}\b", text):
                used[name] = [k for k in used[name] if k != n]
    for name in [k for k, at in used.items() if not at]:
        del used[name]
    return found


def _member_set(name: str, text: str) -> bool:
    """Whether a line names `name` only as the member an assignment or an object initializer sets (`Name = ..`)."""
    sets = list(re.finditer(rf"(?:^|[{{,])\s*{re.escape(name)}\s*=(?![=>])", text))
    return bool(sets) and len(re.findall(rf"(?<![\w.]){re.escape(name)}\b", text)) == len(sets)


def _line(lines: list[str], n: int) -> str:
    return lines[n - 1] if 0 < n <= len(lines) else ""


def _written(m: re.Match[str]) -> str:
    target = " ".join(m["target"].split())
    return f"static {target}" if m["static"] else f"{m['alias']} = {target}" if m["alias"] else target


def _name(n: str, at: list[int], hit: Any | None) -> UsedName:
    at = sorted(set(at))
    return UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                    defined=f"{hit.path}:{hit.start_line}" if hit is not None and at else None)


def _repo_type(nav: NavigationService, name: str, spaces: dict[str, list[str]], namespaces: list[str]) -> Any | None:
    """The repository's type `name` declared in a file of one of `namespaces` (the first that has one), outside any
    other type."""
    named = [s for s in nav.index.symbols_named(name) if s.name == name and s.kind in CLASS_KINDS]  # (asked once)
    for ns in namespaces:
        files = set(spaces.get(ns, ()))
        if not files:
            continue
        # a partial class's main file first (PyObject.cs before PyObject.IConvertible.cs)
        hits = sorted((s for s in named if s.path in files and not _nested(nav, s)),
                      key=lambda s: (s.path.rsplit("/", 1)[-1] != f"{name}.cs", s.start_line - s.end_line, s.path))
        if hits:
            return hits[0]
    return None


def _nested(nav: NavigationService, s: Any) -> bool:
    parent = nav.index.get_symbol(s.parent_id) if s.parent_id is not None else None
    return parent is not None and parent.kind in CLASS_KINDS and parent.kind != "module"


def _member(nav: NavigationService, cls: Any, name: str) -> Any | None:
    """A member `name` of class `cls` or of another part of it (a partial class spread over files)."""
    for s in nav.index.symbols_named(name):
        if s.name != name or s.parent_id is None:
            continue
        parent = nav.index.get_symbol(s.parent_id)
        if parent is not None and parent.name == cls.name and parent.kind == cls.kind:
            return s
    return None


def _platforms(name: str, at: list[int], lines: list[str], usings: list[str]) -> dict[str, list[int]]:
    """Which imported .NET namespace a name's uses are from: the first using that holds it; `IEnumerable<T>` is
    System.Collections.Generic's, a bare `IEnumerable` System.Collections' (a line may have both)."""
    having = [u for u in usings if name in DOTNET_TYPES.get(u, ())]
    if {"System.Collections", "System.Collections.Generic"} <= set(having):
        generic = re.compile(rf"(?<![\w.]){re.escape(name)}\s*<")
        bare = re.compile(rf"(?<![\w.]){re.escape(name)}\b(?!\s*<)")
        return {"System.Collections.Generic": [k for k in at if generic.search(_line(lines, k))],
                "System.Collections": [k for k in at if bare.search(_line(lines, k))]}
    return {having[0]: at} if having else {}
