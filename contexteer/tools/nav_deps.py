"""list_dependencies' renderings: the Dependencies model as text fitted to a budget, and as a mermaid drawing."""

from __future__ import annotations

import logging
import posixpath
import re
from collections import Counter
from collections.abc import Callable

from contexteer.fitting import fit_rows
from contexteer.indexers import deps as deps_mod
from contexteer.navigation.deps import tests_note, unresolved_lines
from contexteer.navigation.models import DepEdge, Dependencies, ExternalPkg, ImportUse

logger = logging.getLogger(__name__)


def _row(e: DepEdge, attr: str, single: str) -> str:
    """`  target  (line 3)`; a unit: `  example.com/shop/store  store/ (2 files)  (line 3 of cmd/main.go)`."""
    if attr == "target":
        at = f"lines {_runs([e.line, *e.more_lines])}" if e.more_lines else f"line {e.line}"
        where = at if e.source == single else f"{at} of {e.source}"
        where += (f"; {e.scope}" if e.scope[:1].isdigit() else f", {e.scope}") if e.scope else ""  # `; 11 under TYPE_CHECKING`
        place = e.target
    else:  # the row is the importing file: the line is its own; say what it imports when that is not the file asked
        at = f"lines {_runs([e.line, *e.more_lines])}" if e.more_lines else f"line {e.line}"
        where = at if e.target == single else f"{at}: {e.target}"
        where += (f"; {e.scope}" if e.scope[:1].isdigit() else f", {e.scope}") if e.scope else ""  # (TYPE_CHECKING, lazy)
        place = posixpath.dirname(e.source) + "/" if e.unit and e.files is not None and _is_package(e) else e.source
        if place.endswith("/"):
            where = f"line {e.line} of {posixpath.basename(e.source)}"
    if e.unit or place.endswith("/"):
        count = f" ({e.files} file{'s' if e.files != 1 else ''})" if e.files and place.endswith("/") else ""
        label = f"{e.unit}  " if e.unit and e.unit != place else ""
        names = f": {', '.join(e.names)}" if e.names else ""
        return f"{'  ' * e.depth}{label}{place}{count}  ({where}){names}"
    names = f": {', '.join(e.names)}" if e.names else ""  # a shell script's: the functions it calls there
    return f"{'  ' * e.depth}{place}  ({where}){names}"  # file view: `lines 16-17` when two imports reach one file


def _runs(lines: list[int]) -> str:
    """`3-6, 9, 12-13` for lines 3, 4, 5, 6, 9, 12, 13 (one package's imports are mostly consecutive lines)."""
    out: list[str] = []
    for n in sorted(set(lines)):
        if out and n == int(out[-1].rsplit("-", 1)[-1]) + 1:
            out[-1] = f"{out[-1].split('-')[0]}-{n}"
        else:
            out.append(str(n))
    return ", ".join(out)


def _is_package(e: DepEdge) -> bool:
    return deps_mod.node_of(e.source).endswith("/")


def _edges_text(edges: list[DepEdge], attr: str, single: str, depth: int, limit: int = 60, group_from: int | None = None) -> list[str]:
    """One row per edge (`_row`); edges at depth >= `group_from` (or past `limit`) summarised per folder:
    `  pkg/sub/  12 files`."""
    listed = [e for e in edges if group_from is None or e.depth < group_from][:limit]
    out = [_row(e, attr, single) for e in listed]
    shown = {id(e) for e in listed}
    rest = [e for e in edges if id(e) not in shown]
    if rest:
        folders = Counter(getattr(e, attr).rstrip("/").rsplit("/", 1)[0] + "/" if "/" in getattr(e, attr).rstrip("/") else "./"
                          for e in rest)
        how = "narrow with depth=1 or a path inside" if depth > 1 else "the full list is in structuredContent"
        out.append(f"  … {len(rest)} more, by folder ({how}):")
        out += [f"    {folder}  {n} file{'s' if n != 1 else ''}" for folder, n in folders.most_common(40)]
        if len(folders) > 40:
            out.append(f"    … {len(folders) - 40} more folders")
    return out


def deps_text(model: Dependencies, direction: str, depth: int, budget: int | None = None,
              count: Callable[[str], int] | None = None) -> str:
    """The dependency answer, fitted to `budget` tokens: every direct import and the dependents' count always
    show; deeper imports and then the dependents are summarised by folder when the lists do not fit."""
    stages: list[tuple[int, int | None, int | None, int]] = [  # (list limit, imports grouped from depth, dependents grouped from, package limit)
        (60, None, None, 60), (60, 2, 2, 60), (60, 2, 1, 60), (30, 2, 1, 20), (15, 1, 1, 10)]
    text = ""
    for limit, imp_group, dep_group, pkgs in stages:
        text = _deps_text(model, direction, depth, limit, imp_group, dep_group, pkgs)
        if budget is None or count is None or count(text) <= budget:
            return text
    assert count is not None and budget is not None
    tail = "… cut to fit one answer; the full lists are in structuredContent"
    lines = text.split("\n")
    got = fit_rows(lines, budget - count(tail) - 1, count, lo=min(2, len(lines)))
    return "\n".join([*lines[: got.k], tail])


def _count(edges: list[DepEdge], view: str) -> str:
    packages = sum(1 for e in edges if e.unit or e.target.endswith("/")) if view == "package" else 0
    n = len(edges) - packages
    parts = ([f"{packages} package{'s' if packages != 1 else ''}"] if packages else []) + \
        ([f"{n} file{'s' if n != 1 else ''}"] if n or not packages else [])
    return ", ".join(parts)


def _deps_text(model: Dependencies, direction: str, depth: int, limit: int, imp_group: int | None,
               dep_group: int | None, pkgs: int) -> str:
    if model.uses is not None:
        return _uses_text(model, limit)
    out: list[str] = []
    note = model._build_note if (model._unresolved or model.tests_left_out) else model.note
    if note:
        out.append(f"[{note}]")
    label = model.path if model.path != "." else "the project"
    if model.internal_edges:
        out.append(f"{label}: {model.internal_edges} imports between its own {'units' if model.view == 'package' else 'files'}; "
                   "most imported: " + ", ".join(model.most_imported))
    if direction in ("imports", "both") and model._statements:
        files = len({e.target for e in model.imports})
        out.append(f"{label}: {len(model._statements)} {model._statement_word}{'s' if len(model._statements) != 1 else ''} "
                   f"({files} repository file{'s' if files != 1 else ''} reached):")
        out += [f"  {', '.join(map(str, lines))}: {written}  {_same(written, reach)}".rstrip()
                for lines, written, reach in model._statements[:limit]]
        if len(model._statements) > limit:
            out.append(f"  … {len(model._statements) - limit} more")
        if any(reach.endswith("[lazy]") for _, _, reach in model._statements[:limit]):
            out.append("  ([lazy]: required inside a function or block, loaded when that code runs)")
    elif direction in ("imports", "both") and (model.imports or model.path != "."):
        out.append(f"{label} imports ({_count(model.imports, model.view)} in-repo, depth {depth}):" if model.imports
                   else f"{label} imports no other repository package (its own package's files need none)"
                   if model.path.endswith(".go") else f"{label} imports no other repository files")
        out += _edges_text(sorted(model.imports, key=lambda e: (e.depth, e.target, e.source)), "target", model.path, depth, limit, imp_group)
        out += [f"  line {line}: import {written} — the members of a value in scope, no dependency" for line, written in model._values]
    if direction in ("dependents", "both") and (model.dependents or model.path != "."):
        out.append(f"imported by ({_count_dependents(model.dependents)}, depth {depth}):" if model.dependents
                   else f"no {'non-test' if model.tests_left_out else 'other repository'} file imports {label}")
        out += _edges_text(sorted(model.dependents, key=lambda e: (e.depth, e.source)), "source", model.path, depth, limit, dep_group)
    # a statement row that says `[no repository file]` or `[outside the root]` needs no second line saying so
    shown = {n for lines, _, reach in model._statements for n in lines
             if "[no repository file]" in reach or "[outside the root]" in reach}
    out += unresolved_lines([u for u in model._unresolved if not (u[0] == model.path and u[2] in shown)], model.path, pkgs)
    if model.tests_left_out:
        out.append(tests_note(model.tests_left_out))
    if model.external and not model._statements and direction != "dependents":  # (what it imports: not asked)
        ext = [x for x in model.external if not x.stdlib]
        std = [x for x in model.external if x.stdlib]
        named = any(x.names for x in model.external)  # one Java-like file: what it imports from each package
        glue = "; " if named else ", "
        if ext:
            out.append("external: " + glue.join(f"{x.package}" + (f" {_version(x.declared)}" if x.declared else " (undeclared)" if model._manifests else "") +
                                                (f" ×{x.used_by}" if x.used_by > 1 else "") + _scope(x) + _names(x.names)
                                                for x in ext[:pkgs])
                       + (f"{glue}… {len(ext) - pkgs} more" if len(ext) > pkgs else ""))
        if std:
            out.append("standard library: " + glue.join(x.package + (f" ×{x.used_by}" if x.used_by > 1 else "") + _scope(x)
                                                        + _names(x.names) for x in std[:pkgs])
                       + (f"{glue}… {len(std) - pkgs} more" if len(std) > pkgs else ""))
    if model.declared:
        out.append("declared:")
        by: dict[tuple[str, str], list[str]] = {}
        for d in model.declared:
            by.setdefault((d.manifest, d.group), []).append(f"{d.name} {d.version}".strip())
        for (manifest, group), items in by.items():
            out.append(f"  {manifest} [{group}]: " + ", ".join(items[: pkgs + 20]) + (f", … {len(items) - pkgs - 20} more" if len(items) > pkgs + 20 else ""))
    if model.cycles:
        out.append("import cycles:")
        out += ["  " + _cycle(c) for c in model.cycles]
    if model.lazy_cycles:  # (Jinja2 run 335: debug -> utils -> environment -> debug read as a load-time cycle)
        out.append("cycles only through an import inside a function, under TYPE_CHECKING or by autoload (none runs at "
                   "load time):")
        out += ["  " + _cycle(c) for c in model.lazy_cycles]
    if not out:  # (kingpin run 398: a one-package project's `external=false` answer had been empty, twice)
        out.append(f"{label}: no imports between its own files or packages"
                   + ("" if model.external else "; outside packages left out (external=true lists them)"))
    return "\n".join(out)


def _class_file(path: str, u: ImportUse, reach: str) -> str | None:
    """A JVM import of a class's member (`com.swmansion.rnscreens.Screen.StackAnimation`, module ending in the class
    `Screen`): the class's file in the folder the row reaches, when a name it gives is defined there; else None."""
    if not path.endswith((".java", ".kt", ".kts", ".scala", ".groovy")) or not reach.startswith("-> ") \
            or not reach.endswith("/") or not u.module or not u.module.rsplit(".", 1)[-1][:1].isupper():
        return None
    cls = u.module.rsplit(".", 1)[-1]
    files = {(n.defined or "").split(":", 1)[0] for n in u.names if n.defined}
    hit = next((f for f in sorted(files) if posixpath.basename(f).split(".", 1)[0] == cls), None)
    return reach[3:] + posixpath.basename(hit) if hit else None


def _same(written: str, reach: str) -> str:
    """What an import reaches, without the file it names again (`#include <spdlog/common.h>` reaches
    spdlog/common.h: `10: spdlog/common.h`, not `10: spdlog/common.h  -> spdlog/common.h`)."""
    bare = written.strip('"<>')
    return reach[len(f"-> {bare}"):].lstrip() if reach == f"-> {bare}" or reach.startswith(f"-> {bare} ") else reach


def _reach_by_line(model: Dependencies) -> dict[int, str]:
    """What each import line of the file reaches, as the package or file view says it."""
    out: dict[int, str] = {}
    for lines, _written, reach in model._statements:
        for n in lines:
            out[n] = reach
    reached: dict[int, list[str]] = {}
    for e in model.imports:
        if e.depth == 1:
            for n in [e.line, *(e.more_lines or [])]:
                reached.setdefault(n, []).append(e.target)
    for n, targets in reached.items():
        # Python `from . import util`: the submodule first, then the package's __init__.py that runs before it
        # (Python-Markdown run 502 was pointed at markdown/__init__.py for `util.Registry`)
        packages = [t for t in targets if t.endswith("/__init__.py")]
        subs = [t for t in targets if t not in packages
                and any(t.startswith(posixpath.dirname(p) + "/") for p in packages)]
        first = subs + [t for t in targets if t not in subs] if subs and len(subs) < 4 else targets
        out.setdefault(n, "-> " + (", ".join(first) if subs and len(subs) < 4 else first[0]))
    for x in model.external:
        what = "standard library" if x.stdlib else "external" + ((", " if _version(x.declared) == "any version" else " ")
                                                                  + _version(x.declared) if x.declared else "")
        for n in x.lines:
            out.setdefault(n, f"({what})")
    return out


def _version(declared: str) -> str:
    """A declared version as said: Gradle's `+` (`react-native:+`) is "any version" (rnsvg runs 577 and 592 read
    "(external +)" as unexplained)."""
    return "any version" if declared.strip() in ("+", "*", "latest") else declared


MAX_MENTIONS = 6  # comment lines shown for a name the code never uses


def _uses_text(model: Dependencies, limit: int) -> str:
    """view='uses': per import line, what it reaches and each name the code uses from it, with the lines and (for
    a repository name) its definition; names imported and never used say so."""
    assert model.uses is not None
    reach = _reach_by_line(model)
    # (the files a test imports say nothing of one file's own imports: react-native run 441 asked which test file)
    note = "; ".join(p for p in (model.note or "").split("; ") if not re.search(r"\btest files? left out\b", p))
    out = [f"[{note}]"] if note else []
    n = sum(1 for u in model.uses if u.line)  # (rows of names used with no import line are no imports)
    out.append(f"{model.path}: {n} import{'s' if n != 1 else ''}; per line, the names "
               "the code uses (at lines; a repository name's definition):")
    rows: list[tuple[str, str]] = []  # (head, body); a run of static imports of one class folds into one row
    spans: list[list[int]] = []
    globbed: list[int | None] = []  # per row: the names a wildcard import gave (None: no wildcard)
    for u in model.uses:
        used = [n for n in u.names if n.lines]
        unused = [n.name + (f" (named only in comments or strings at {','.join(map(str, n.mentions[:MAX_MENTIONS]))}"
                            f"{', …' if len(n.mentions) > MAX_MENTIONS else ''})" if n.mentions else "")
                  for n in u.names if not n.lines]
        nested = _class_file(model.path, u, reach.get(u.line, ""))
        if nested:  # `import com.x.Screen.StackAnimation`: the class's file, not its package's folder (rnscreens run 600)
            reach[u.line] = "-> " + nested
        there = reach.get(u.line, "").removeprefix("-> ")
        there = there.split(", ", 1)[0]
        folder = there if there.endswith("/") else posixpath.dirname(there) + "/" if "/" in there else ""
        if u.line == 0:  # (the same-package row is that folder's; Swift's same-module row names whole paths)
            folder = "" if u.module.startswith("same module") else posixpath.dirname(model.path) + "/"
        # a definition in the folder the row already names is written from there (`bag/HashBag.java:39`)
        parts = [f"{n.name}" + (f" ({', '.join(x for x in ((n.defined or '').removeprefix(folder), n.note) if x)})"
                                if n.defined or n.note else "")
                 + " at " + ",".join(map(str, n.lines)) + (f" +{n.more} more" if n.more else "")
                 + (f" (in comments too at {','.join(map(str, n.mentions[:MAX_MENTIONS]))}"
                    f"{', …' if len(n.mentions) > MAX_MENTIONS else ''})" if n.mentions else "") for n in used]
        if u.glob is not None and u.glob > len(used):
            parts.append(f"… {u.glob - len(used)} more names")
        if unused:
            parts.append("not used: " + ", ".join(unused))
        body = f"{u.directive}: {'; '.join(parts)}" if u.directive and parts else \
            u.directive or ("; ".join(parts) if parts else "no name of it used in code")
        head = f"{u.module} {_same(u.module, reach.get(u.line, ''))}".rstrip() + (" [if TYPE_CHECKING]" if u.type_checking else "") \
            + (" [import type]" if u.type_only else "") + (f" under {u.condition}" if u.condition else "") \
            if u.line else "global namespace, no import (PHP's own classes, functions and constants)" if u.module == "\\" else \
            f"{u.module}" if u.module else \
            f"same package, no import ({posixpath.dirname(model.path) or '.'}/)"
        # (Java's 19 `import static ..ReactMarkerConstants.X;` lines: one row, each name with its lines; react-native
        # run 441's answer was cut before the imports it asked for)
        # (never a wildcard's row with a named import's: jcommander run 491 could not tell which names
        # `import java.util.*;` gave beside `import java.util.ResourceBundle;`)
        if rows and u.line and spans[-1] and spans[-1][-1] + 1 == u.line and rows[-1][0] == head and not u.directive \
                and model.path.endswith((".java", ".kt", ".kts", ".scala", ".groovy")) \
                and u.names and "no name of it used" not in rows[-1][1] and u.glob is None and globbed[-1] is None:
            rows[-1] = (head, f"{rows[-1][1]}; {body}")
            spans[-1].append(u.line)
            continue
        rows.append((head, body))
        spans.append([u.line] if u.line else [])
        globbed.append(u.glob)
    if rows and all(at for at in spans) and all(g is None for g in globbed) \
            and not any("not used: " in body or "not used here" in body or body == "no name of it used in code"
                        for _, body in rows):
        # (said, so no read of the import lines is needed to learn it: TanStack query-core run 503 read them)
        out[-1] = out[-1].removesuffix(":") + "; every name imported is used:"
    for (head, body), at in list(zip(rows, spans, strict=True))[: limit * 2]:
        where = f"{at[0]}-{at[-1]} " if len(at) > 1 else f"{at[0]} " if at else ""
        # (a folded run says what its lines are: Commons Codec run 525 read them to learn none was a wildcard)
        folded = f" ({len(at)} import lines, one name each)" if len(at) > 1 else ""
        out.append(f"  {where}{head}{folded}: {body}")
    if len(rows) > limit * 2:
        rest = [n for at in spans[limit * 2:] for n in at]
        left = sum(max(1, len(at)) for at in spans[limit * 2:])
        # (the lines that hold them, in any language: `^import ` finds no Python `from` import; review of 0cafc90)
        where = f" (read_code_range path={model.path} start_line={min(rest)} end_line={max(rest)} shows them)" if rest else ""
        out.append(f"  … {left} more import lines{where}")
    if model.uses_in:  # (each function once with its lines: the rows' line numbers map onto it)
        out.append(f"the lines above are in: {', '.join(model.uses_in[:60])}"
                   + (f", +{len(model.uses_in) - 60} more" if len(model.uses_in) > 60 else ""))
    return "\n".join(out)


def _cycle(c: list[str]) -> str:
    """A cycle as a chain; a long one keeps its two first steps and its last (the full one is in the typed result
    and in the diagram view)."""
    if len(c) <= 6:
        return " -> ".join(c)
    return " -> ".join(c[:3]) + f" -> … {len(c) - 5} more -> " + " -> ".join(c[-2:])


def _scope(x: ExternalPkg) -> str:
    parts = [f"line{'s' if len(x.lines) > 1 else ''} {', '.join(map(str, x.lines[:4]))}{' …' if len(x.lines) > 4 else ''}"] \
        if x.lines else []
    parts += [f"{x.scope} only"] if x.scope else []
    return f" ({', '.join(parts)})" if parts else ""


def _names(names: list[str]) -> str:
    return (": " + ", ".join(names[:12]) + (f", … {len(names) - 12} more" if len(names) > 12 else "")) if names else ""


def _count_dependents(edges: list[DepEdge]) -> str:
    packages = sum(1 for e in edges if e.unit and _is_package(e))
    n = len(edges) - packages
    parts = ([f"{packages} package{'s' if packages != 1 else ''}"] if packages else []) + \
        ([f"{n} file{'s' if n != 1 else ''}"] if n or not packages else [])
    return ", ".join(parts)


def _mid(name: str, ids: dict[str, str]) -> str:
    if name not in ids:
        ids[name] = f"n{len(ids)}"
    return ids[name]


MERMAID_MAX_EDGES = 150


def deps_mermaid(model: Dependencies) -> str:
    ids: dict[str, str] = {}
    labels: dict[str, str] = {}
    lines = ["```mermaid", "graph LR"]
    body: list[str] = []
    cyc = {(c[i], c[i + 1]) for c in model.cycles for i in range(len(c) - 1)}
    link = 0
    red: list[int] = []
    edges = [(e, True) for e in model.imports] + [(e, False) for e in model.dependents]
    for e, imported in edges[:MERMAID_MAX_EDGES]:
        src, dst = e.source, e.target
        if model.view == "package":  # a package row's target is its directory; a dependent is drawn as its unit
            src = deps_mod.node_of(src)
            dst = dst if imported else deps_mod.node_of(dst)
            if e.unit:
                labels[dst if imported else src] = e.unit
        body.append(f"  {_mid(src, ids)} --> {_mid(dst, ids)}")
        if (src, dst) in cyc:
            red.append(link)
        link += 1
    origin = deps_mod.node_of(model.path) if model.view == "package" else model.path
    for x in model.external:
        if x.stdlib:
            continue
        body.append(f"  {_mid(origin, ids)} -.-> {_mid('ext:' + x.package, ids)}")
        link += 1
    for name, nid in ids.items():
        if name.startswith("ext:"):
            version = next((x.declared or "" for x in model.external if "ext:" + x.package == name), "")
            lines.append(f'  {nid}(["{(name.removeprefix("ext:") + " " + version).strip()}"])')
        else:
            lines.append(f'  {nid}["{labels.get(name, name)}"]')
    lines += body
    if red:
        lines.append(f"  linkStyle {','.join(map(str, red))} stroke:#d33,stroke-width:2px")
    lines.append("```")
    if len(edges) > MERMAID_MAX_EDGES:
        lines.append(f"… {len(edges) - MERMAID_MAX_EDGES} more edges not drawn; narrow with path= or depth=1")
    if model.cycles:
        lines.append("cycles (red): " + "; ".join(" -> ".join(c) for c in model.cycles))
    return "\n".join(lines)
