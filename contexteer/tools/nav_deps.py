"""list_dependencies' answer: the Dependencies model from the graph (the package view or the file view,
tests left out unless asked), its text fitted to a budget, and its mermaid drawing."""

from __future__ import annotations

import logging
import posixpath
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from contexteer.fitting import fit_rows
from contexteer.indexers import deps as deps_mod
from contexteer.indexers.layouts import is_test_path
from contexteer.indexers.manifests import (
    MANIFEST_RE,
    VENDORED,
    distribution_candidates,
    normalize_pkg,
    read_manifests,
)
from contexteer.tools.nav_models import DeclaredDep, DepEdge, Dependencies, ExternalPkg

logger = logging.getLogger(__name__)


def dependencies(read: Callable[[str], str | None], graph: deps_mod.DepGraph, files: list[str], rel: str, is_dir: bool, direction: str,
                 depth: int, external: bool, note: str | None, view: str = "package", tests: bool = False,
                 statements: list[Any] | None = None, language: str | None = None) -> Dependencies:
    """`statements`: the file's own import rows, for a file whose imports name items (a Rust `use` tree reaches
    several files; a PHP `use` names one class; a C #include or a JS/TS import names a file): the text then lists
    each statement with what it reaches (see `use_statements`)."""
    prefix = "" if rel == "." else rel + "/"
    asked_test = rel != "." and is_test_path(rel + "/x" if is_dir else rel)
    keep: deps_mod.Keep | None = None if tests or asked_test else (lambda f: not is_test_path(f))
    start = {f for f in files if f.startswith(prefix) and (keep is None or keep(f))} if is_dir else {rel}
    units = view == "package"
    model = Dependencies(path=rel, note=note, view="package" if units else "file")
    for d, attr in (("imports", "imports"), ("dependents", "dependents")):
        if direction not in (d, "both"):
            continue
        if units:
            rows = [DepEdge(source=u.source, target=u.target, line=u.line, depth=u.depth, unit=u.unit, files=u.files)
                    for u in deps_mod.traverse_units(graph, start, d, depth, keep)]
        else:
            rows = [DepEdge(source=e.source, target=e.target, line=e.line, depth=n)
                    for e, n in deps_mod.traverse(graph, start, d, depth, keep)]
        setattr(model, attr, rows)
    if keep is not None:  # what the default left out, so nothing is dropped silently
        near = {e.target for f in start for e in graph.imports_of(f)} if direction != "dependents" else set()
        if direction != "imports":
            near |= {e.source for f in start for e in graph.dependents_of(f)}
        model.tests_left_out = sum(1 for f in near if is_test_path(f) and f not in start and not (is_dir and f.startswith(prefix)))
    manifests = [f for f in files if MANIFEST_RE.search(f) and not VENDORED.search(f)]
    if is_dir:
        manifests = [m for m in manifests if m.startswith(prefix) or "/" not in m]
    else:
        parents = {"/".join(rel.split("/")[:i]) for i in range(len(rel.split("/")))}
        manifests = [m for m in manifests if m.rsplit("/", 1)[0] in parents or "/" not in m]
    declared = read_manifests(read, manifests)
    if is_dir:
        model.declared = [DeclaredDep(name=d.name, version=d.version, manifest=d.manifest, group=d.group) for d in declared]
    versions = {normalize_pkg(d.name): d.version or "(any)" for d in declared}
    if external:
        per_path = units and not is_dir  # one file's Go imports: each import path (the package unit)
        used: Counter[str] = Counter()
        std: dict[str, bool] = {}
        owner: dict[str, str] = {}
        for f in sorted(start):
            for x in graph.externals.get(f, []):
                name = x.unit if per_path and x.unit else x.package
                used[name] += 1
                std[name] = x.stdlib
                owner[name] = x.package
        model.external = [
            ExternalPkg(package=p, stdlib=std[p], used_by=n, declared=_declared(owner[p], versions))
            for p, n in sorted(used.items(), key=lambda kv: (std[kv[0]], -kv[1], kv[0]))
        ]
    if statements and not is_dir and depth == 1 and direction != "dependents" and graph.resolver is not None:
        model._statements = use_statements(graph.resolver, rel, statements, STATEMENT_SEPARATORS.get(language or "", "::"))
        model._statement_word = {"rust": "use/mod statement", "c": "#include", "cpp": "#include"}.get(
            language or "", "import statement")
    model._build_note = note
    model._unresolved = [(u.source, u.module, u.line, u.outside) for f in sorted(start) for u in graph.unresolved.get(f, [])]
    extra = _unresolved_lines(model._unresolved, rel)
    if model.tests_left_out:
        extra.append(_tests_note(model.tests_left_out))
    if extra:
        summary = "; ".join(extra)
        model.note = f"{note}; {summary}" if note else summary
    # cycles through the file(s) asked about; with depth > 1 also those among the files reached
    to_node = deps_mod.node_of if units else (lambda f: f)
    reached_files = start | {e.target for e in graph_edges(graph, model.imports, units)} | {e.source for e in model.dependents}
    anchor = {to_node(f) for f in start}
    model.cycles = deps_mod.find_cycles(graph, {to_node(f) for f in reached_files} if depth > 1 else anchor, limit=10,
                                        anchor=anchor, keep=keep, units=units)
    if is_dir:
        pairs = {(f, to_node(e.target)) for f in start for e in graph.imports_of(f)
                 if e.target in start and to_node(e.target) != to_node(f) and (keep is None or keep(e.target))}
        inside = Counter(target for _, target in pairs)
        model.internal_edges = sum(inside.values())
        model.most_imported = [f"{p} ×{n}" for p, n in inside.most_common(8)]
    return model


#: languages whose import statements each name items (a Rust use tree, a PHP class): a file's imports are listed
#: as statements, each with the separator its language writes between a namespace and a name; a C/C++ file's
#: #include lines and a JS/TS file's imports in their order (Java, Kotlin and Go files keep the package view, their
#: unit being the package; a Python file keeps the module view, which names the same modules in fewer tokens)
STATEMENT_SEPARATORS = {"rust": "::", "php": "\\", "c": "/", "cpp": "/", "javascript": "js", "typescript": "js",
                        "tsx": "js"}


def use_statements(resolver: deps_mod.Resolver, rel: str, imports: list[Any], sep: str = "::") -> list[tuple[list[int], str, str]]:
    """One row per distinct import statement of a file (a Rust or PHP `use`, a C #include, a JS/TS import), as
    (lines, the statement as written, what it reaches):
    `crate::runtime::{context,scheduler,RuntimeFlavor}` -> its repository files; `std::future::Future` -> [std];
    `serde::Serialize` (or `self::serde::de::X` after `extern crate serde`) -> [crate serde]; `Kind::*` -> [local].
    A long brace list keeps its first names and a count."""
    rows: dict[tuple[str, str], list[int]] = {}
    crates: dict[str, str] = {}  # names bound to an external crate in this file (`extern crate serde;`)
    for imp in sorted(imports, key=lambda i: i.line):
        names = [n for n in imp.names if n]
        written = re.sub(r"\s*,\s*}", "}", imp.module)
        shown = ", ".join(names[:6]) + (f", … {len(names) - 6} more" if len(names) > 6 else "")
        if sep == "js":
            written = f"'{imp.module}': {shown}" if names else f"'{imp.module}'"  # default, named or namespace: as bound
        elif names and "{" not in written and not written.endswith((sep + "*", sep + names[-1])) and written != names[-1]:
            written += sep + (names[0] if len(names) == 1 else "{" + ",".join(names) + "}")
        brace = re.search(r"\{([^{}]*)\}$", written)
        if brace and brace.group(1).count(",") >= 6:
            items = brace.group(1).split(",")
            written = written[: brace.start()] + "{" + ",".join(items[:5]) + f",… {len(items) - 5} more}}"
        results = resolver.classify(imp)
        if any(r.kind == "mod" for r in results):
            written = f"mod {imp.module}"
        targets = sorted({t for r in results for t in r.targets if t != rel})
        ext = sorted({r.external for r in results if r.external})
        head = re.sub(r"^(?:self|crate)::", "", imp.module).split("::")[0]
        bare = written.strip('"<> ')
        near = posixpath.normpath(posixpath.join(posixpath.dirname(rel), imp.module)) if imp.module.startswith(".") else ""
        if sep == "js" and len(targets) == 1 and near and posixpath.splitext(targets[0])[0] in (near, near + "/index"):
            reach = ""  # './Operator' from internal/Observable.ts is internal/Operator.ts: nothing to add
        elif sep == "/" and len(targets) == 1 and targets[0].endswith("/" + bare):
            reach = "-> " + targets[0][: -len(bare)]  # <linux/mm.h> -> include/: the folder it is found under
        elif targets:
            reach = "-> " + ", ".join(targets[:6]) + (f" and {len(targets) - 6} more" if len(targets) > 6 else "")
        elif sep == "/":  # C/C++: <linux/mm.h> the repository does not hold is a system or generated header
            reach = "[system header]" if any(r.stdlib for r in results) else "[not in the repository]"
        elif ext:
            std = {r.external for r in results if r.stdlib}
            rust = sep == "::"
            reach = "[" + ", ".join(("std" if rust else "standard library") if e in std
                                    else f"{'crate' if rust else 'package'} {e}" for e in ext) + "]"
            for e in ext:
                crates.setdefault(head, e)
        elif head in crates and sep == "::":
            reach = f"[crate {crates[head]}]"
        elif any(r.unresolved for r in results):
            reach = "[no repository file]"
        else:
            reach = "[local]"
        rows.setdefault((written, reach), []).append(imp.line)
    return [(lines, written, reach) for (written, reach), lines in rows.items()]


def graph_edges(graph: deps_mod.DepGraph, rows: list[DepEdge], units: bool) -> list[Any]:
    """The file edges behind the rows (a package row stands for its directory's files)."""
    if not units:
        return rows
    out = []
    for r in rows:
        if r.target.endswith("/") and graph.resolver is not None:
            d = "" if r.target == "./" else r.target[:-1]
            out += [DepEdge(source=r.source, target=f, line=r.line) for f in graph.resolver.dirs.get(d, ())]
        else:
            out.append(r)
    return out


def _tests_note(n: int) -> str:
    return f"{n} test file{'s' if n != 1 else ''} left out (tests=true lists {'them' if n != 1 else 'it'})"


def _unresolved_lines(items: list[tuple[str, str, int, bool]], single: str | None, limit: int = 30) -> list[str]:
    """'unresolved: ./types (line 4)' and 'outside the root: ../package.json (line 12)' (with 'of <file>' for a folder)."""
    out = []
    for outside, label in ((False, "unresolved"), (True, "outside the root")):
        these = [(src, mod, line) for src, mod, line, out_ in items if out_ == outside]
        if these:
            shown = [f"{mod} (line {line}{'' if src == single else ' of ' + src})" for src, mod, line in these[:limit]]
            more = f", … {len(these) - limit} more" if len(these) > limit else ""
            out.append(f"{label}: " + ", ".join(shown) + more)
    return out


def _declared(pkg: str, versions: dict[str, str]) -> str | None:
    for cand in distribution_candidates(pkg):
        if cand in versions:
            return versions[cand]
    return None


def _row(e: DepEdge, attr: str, single: str) -> str:
    """`  target  (line 3)`; a unit: `  example.com/shop/store  store/ (2 files)  (line 3 of cmd/main.go)`."""
    if attr == "target":
        where = f"line {e.line}" if e.source == single else f"line {e.line} of {e.source}"
        place = e.target
    else:  # the row is the importing file: the line is its own; say what it imports when that is not the file asked
        where = f"line {e.line}" if e.target == single else f"line {e.line}: {e.target}"
        place = posixpath.dirname(e.source) + "/" if e.unit and e.files is not None and _is_package(e) else e.source
        if place.endswith("/"):
            where = f"line {e.line} of {posixpath.basename(e.source)}"
    if e.unit or place.endswith("/"):
        count = f" ({e.files} file{'s' if e.files != 1 else ''})" if e.files and place.endswith("/") else ""
        label = f"{e.unit}  " if e.unit and e.unit != place else ""
        return f"{'  ' * e.depth}{label}{place}{count}  ({where})"
    return f"{'  ' * e.depth}{place}  ({where})"


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
        out += [f"  {', '.join(map(str, lines))}: {written}  {reach}".rstrip() for lines, written, reach in model._statements[:limit]]
        if len(model._statements) > limit:
            out.append(f"  … {len(model._statements) - limit} more")
    elif direction in ("imports", "both") and (model.imports or model.path != "."):
        out.append(f"{label} imports ({_count(model.imports, model.view)} in-repo, depth {depth}):" if model.imports
                   else f"{label} imports no other repository files")
        out += _edges_text(sorted(model.imports, key=lambda e: (e.depth, e.target, e.source)), "target", model.path, depth, limit, imp_group)
    if direction in ("dependents", "both") and (model.dependents or model.path != "."):
        out.append(f"imported by ({_count_dependents(model.dependents)}, depth {depth}):" if model.dependents
                   else f"no {'non-test' if model.tests_left_out else 'other repository'} file imports {label}")
        out += _edges_text(sorted(model.dependents, key=lambda e: (e.depth, e.source)), "source", model.path, depth, limit, dep_group)
    out += _unresolved_lines(model._unresolved, model.path, pkgs)
    if model.tests_left_out:
        out.append(_tests_note(model.tests_left_out))
    if model.external and not model._statements:
        ext = [x for x in model.external if not x.stdlib]
        std = [x for x in model.external if x.stdlib]
        if ext:
            out.append("external: " + ", ".join(f"{x.package}" + (f" {x.declared}" if x.declared else " (undeclared)") +
                                                 (f" ×{x.used_by}" if x.used_by > 1 else "") for x in ext[:pkgs])
                       + (f", … {len(ext) - pkgs} more" if len(ext) > pkgs else ""))
        if std:
            out.append("standard library: " + ", ".join(x.package + (f" ×{x.used_by}" if x.used_by > 1 else "") for x in std[:pkgs])
                       + (f", … {len(std) - pkgs} more" if len(std) > pkgs else ""))
    if model.declared:
        out.append("declared:")
        by: dict[tuple[str, str], list[str]] = {}
        for d in model.declared:
            by.setdefault((d.manifest, d.group), []).append(f"{d.name} {d.version}".strip())
        for (manifest, group), items in by.items():
            out.append(f"  {manifest} [{group}]: " + ", ".join(items[: pkgs + 20]) + (f", … {len(items) - pkgs - 20} more" if len(items) > pkgs + 20 else ""))
    if model.cycles:
        out.append("import cycles:")
        out += ["  " + " -> ".join(c) for c in model.cycles]
    return "\n".join(out)


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
