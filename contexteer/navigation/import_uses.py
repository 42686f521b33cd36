"""One file's imports with the names it uses from each: list_dependencies' `view="uses"`.

Every A/B question set asked "what does this file import, and which imported names does it use (with the lines and,
for the repository's, where each is defined)": the contexteer agents answered it in 4-6 calls (the imports, then
the whole file read, then a search per name), the shell agents in 2-3. Here one call answers it: per import line,
each name the code uses from it (a name imported by name, a package's or module's members read through its
qualifier, the names a glob brings that the file uses), the lines it is used on (from the index's references:
code, not comments or strings) and, for a repository import, the definition it reaches."""

from __future__ import annotations

import re
from typing import Any

from contexteer.indexers.lookup import go_imports_package
from contexteer.indexers.model import CLASS_KINDS
from contexteer.navigation.models import ImportUse, UsedName
from contexteer.navigation.service import NavigationService
from contexteer.workspace import repo_text

#: at most this many lines per used name (then "… N more")
MAX_LINES = 12
#: a glob import (`use super::plumbing::*`, `from x import *`) lists at most this many of the names it brings
MAX_GLOB_NAMES = 30


def import_uses(nav: NavigationService, rel: str) -> list[ImportUse]:
    """Per import statement of `rel` (in line order): the names its code uses from it."""
    imports = nav.index.imports_of(rel)
    if not imports:
        return []
    lines = (repo_text(nav.ws, rel) or "").split("\n")
    language = rel.rsplit(".", 1)[-1]
    statements = {i.line: _statement(lines, i.line) for i in imports}
    spans = {n for span in statements.values() for n in span}
    refs = {name: [n for n in at if n not in spans] for name, at in _names_written(nav, rel, lines).items()}
    own = {s.name for s in nav.index.symbols_in_file(rel) if s.parent_id is None}
    resolver = nav.resolver()
    imported = nav.imported(rel)
    bound_elsewhere = {_alias(" ".join(lines[k - 1] for k in statements[i.line]), n) or _bound(n)
                       for i in imports for n in i.names if n and n != "*"}
    out: list[ImportUse] = []
    for imp in imports:
        targets = [f for r in resolver.classify(imp) for f in r.targets]
        found = ImportUse(line=imp.line, module=imp.module, names=[])
        names = [n for n in imp.names if n and n != "*"]
        if imp.module == "__future__":  # `from __future__ import annotations`: a compiler directive, no name to use
            found.directive = True
            out.append(found)
            continue
        text = " ".join(lines[n - 1] for n in statements[imp.line])
        space = _namespace(imp, names, text, lines, language)
        if space is not None:  # `prometheus.Register(...)`, `os.path.join(...)`, `ns.x` after `import * as ns`
            for member, at in _qualified_uses(space, refs, lines):
                found.names.append(_used(nav, f"{space}.{member}", member, at, targets))
        elif names:
            for n in names:
                name = _alias(text, n) or _bound(n)
                # a barrel's name (`export * from './router'`): the files it re-exports it from, too
                reach = targets + [f for f in imported.get(_original(n), []) if f not in targets]
                written = name if name == _original(n) else f"{_original(n)} as {name}"
                found.names.append(_used(nav, written, _original(n), refs.get(name, []), reach))
        if "*" in imp.names and targets:  # the names a glob brings that the file uses (and neither defines nor imports)
            brought = {s.name for f in targets for s in nav.index.symbols_in_file(f) if s.parent_id is None}
            used = [n for n in refs if n in brought and n not in own and n not in bound_elsewhere]
            found.glob = len(used)
            for n in used[:MAX_GLOB_NAMES]:
                found.names.append(_used(nav, n, n, refs[n], targets))
        out.append(found)
    if language in ("java", "kt", "scala") and out:
        # a class of the same package is used without an import (`extends AbstractCollectionDecorator<E>`)
        folder = rel.rpartition("/")[0]
        same = ImportUse(line=0, module="", names=[])
        for n, at in refs.items():
            if not at or not n[:1].isupper() or n in own or n in bound_elsewhere:
                continue
            hit = next((s for s in nav.index.symbols_named(n) if s.name == n and s.kind in CLASS_KINDS
                        and s.parent_id is None and s.path != rel and s.path.rpartition("/")[0] == folder), None)
            if hit is not None:
                same.names.append(UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                                           defined=f"{hit.path}:{hit.start_line}"))
        if same.names:
            out.append(same)
    return out


def _names_written(nav: NavigationService, rel: str, lines: list[str]) -> dict[str, list[int]]:
    """The names the file's code writes, with their lines (its syntax tree; no comment, no string)."""
    from contexteer.indexers import languages
    from contexteer.indexers.uses import identifier_lines

    info = nav.index.file_info(rel)
    spec = languages.BY_NAME.get(info.language) if info is not None and info.language else None
    return identifier_lines("\n".join(lines).encode("utf-8", "replace"), spec) if spec is not None else {}


def _used(nav: NavigationService, written: str, name: str, at: list[int], targets: list[str]) -> UsedName:
    at = sorted(at)
    return UsedName(name=written, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                    defined=_definition(nav, name, targets) if at else None)


def _definition(nav: NavigationService, name: str, targets: list[str]) -> str | None:
    """Where `name` is defined among the import's repository files (top-level first): `path:line`."""
    best: Any = None
    for f in targets:
        for s in nav.index.symbols_in_file(f):
            if s.name == name and (best is None or (s.parent_id is None and best.parent_id is not None)):
                best = s
        if best is not None and best.parent_id is None:
            break
    return f"{best.path}:{best.start_line}" if best is not None else None


def _bound(name: str) -> str:
    """The name an import binds: `b` of `a as b`."""
    return name.split()[-1] if " as " in name else name


def _original(name: str) -> str:
    """The name an import takes from its module: `a` of `a as b`."""
    return name.split()[0] if " as " in name else name


def _alias(statement: str, name: str) -> str | None:
    """The name an import statement binds `name` to when it renames it (`Order as O`, `createRouter as make`)."""
    m = re.search(rf"(?<![\w$.]){re.escape(name)}\s+as\s+([\w$]+)", statement)
    return m.group(1) if m else None


def _namespace(imp: Any, names: list[str], text: str, lines: list[str], language: str) -> str | None:
    """The qualifier an import binds when its names are read through it: a Go package (its alias or its path's last
    element), a Python `import a.b` (`a.b`) or `import a as b` (`b`), a JS/TS `import * as ns`; None when it binds
    names themselves."""
    if language == "go":
        if names:
            return names[0] if names[0] not in (".", "_") else None
        segs = [p for p in imp.module.split("/") if p]
        last = segs[-2] if len(segs) > 1 and re.fullmatch(r"v\d+", segs[-1]) else segs[-1] if segs else ""
        last = last.split(".")[0]
        for cand in (last, last.removeprefix("go-"), last.removesuffix("-go")):
            if go_imports_package(lines, cand):
                return cand
        return last or None
    if language in ("py", "pyi") and re.match(r"\s*import\s", text):
        return _bound(names[0]) if names else _alias(text, imp.module) or imp.module  # `import json as j`
    if language in ("js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts"):
        m = re.search(r"\*\s+as\s+([\w$]+)", text)
        return m.group(1) if m else None
    return None


def _qualified_uses(space: str, refs: dict[str, list[int]], lines: list[str]) -> list[tuple[str, list[int]]]:
    """The members read through `space` (`space.member`) on lines where the code writes `member`."""
    rx = re.compile(rf"(?<![\w$.]){re.escape(space)}\s*\.\s*([\w$]+)")
    out: dict[str, list[int]] = {}
    for n in sorted({n for at in refs.values() for n in at}):
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        for m in rx.finditer(text):
            member = m.group(1)
            if n in refs.get(member, ()) and n not in out.setdefault(member, []):
                out[member].append(n)
    return [(k, v) for k, v in out.items() if v]


def _statement(lines: list[str], start: int) -> list[int]:
    """The lines an import statement spans (a multi-line `import {` or `from x import (`; one line of a Go block)."""
    out: list[int] = []
    n, depth = start, 0
    while 0 < n <= len(lines):
        out.append(n)
        depth += lines[n - 1].count("(") + lines[n - 1].count("{") - lines[n - 1].count(")") - lines[n - 1].count("}")
        if depth <= 0 or n - start > 200:
            break
        n += 1
    return out
