"""Compact text renderings of the navigation tools' answers (outline, symbol hits, dependencies, mermaid)."""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path
from typing import Any

from contexteer.indexers import deps as deps_mod
from contexteer.indexers.manifests import MANIFEST_RE, normalize_pkg, read_manifests
from contexteer.tools.nav_models import DeclaredDep, DepEdge, Dependencies, ExternalPkg, SymbolSearch

logger = logging.getLogger(__name__)


#: First words of a signature that already say what the definition is (no kind label needed).
DEF_KEYWORDS = frozenset(
    "def async class fn func function struct interface enum trait type impl pub export public private protected "
    "static const let var abstract final module namespace union typedef template".split()
)


def _sig(sym: Any, width: int = 160) -> str:
    sig = (sym.signature or "").strip() or f"{sym.kind} {sym.name}"
    return sig if len(sig) <= width else sig[: width - 1] + "…"


def outline(rel: str, info: Any, syms: list[Any], note: str | None) -> str:
    """`path (python, 12 symbols)` then one line per symbol, nested by parent: `start-end kind signature  # doc`."""
    head = f"{rel} ({info.language}, {len(syms)} symbols{', has syntax errors' if info.has_errors else ''})"
    lines = [head]
    if note:
        lines.append(f"[{note}]")
    depth: dict[int, int] = {}
    for s in syms:
        d = depth.get(s.parent_id, -1) + 1 if s.parent_id is not None else 0
        depth[s.id] = d
        doc = f"  # {s.doc.strip()[:100]}" if s.doc else ""
        shown = _sig(s) if s.kind != "heading" else s.name
        first = shown.split("(")[0].split()[:1]
        label = "" if s.kind == "heading" or (first and first[0] in DEF_KEYWORDS) else f"{s.kind} "
        lines.append(f"{'  ' * (d + 1)}{s.start_line}-{s.end_line} {label}{shown}{doc}")
    if not syms:
        lines.append("  (no symbols: read it with read_code_range)")
    return "\n".join(lines)


def symbol_search(model: SymbolSearch, match: str, kind: str | None, with_refs: bool, ranked: int) -> str:
    out: list[str] = []
    if model.note:
        out.append(f"[{model.note}]")
    if not model.definitions:
        hint = " Try match='prefix', 'substring' or 'fuzzy'" if match == "exact" else " Try match='fuzzy' or search_text"
        kind_hint = f", or drop kind='{kind}'" if kind else ""
        out.append(f"no definitions match '{model.query}' (match={match}).{hint}{kind_hint}.")
        if not model.references:
            return "\n".join(out)
    for h in model.definitions:
        priv = "" if h.exported else " (private)"
        refs = f"  [{h.references} refs]" if h.references else ""
        out.append(f"{h.path}:{h.start_line}-{h.end_line} {h.kind} {h.qualname}{priv} — {h.signature[:160]}{refs}")
    shown = len(model.definitions)
    if model.next_cursor is not None:
        out.append(f"… {ranked - int(model.next_cursor)} more of {model.total}; next page: cursor=\"{model.next_cursor}\"")
    elif shown < model.total:
        out.append(f"[{model.total} definitions in all]")
    if model.references:
        out.append(f"references ({model.references_total}):")
        by_file: dict[str, list[Any]] = {}
        for r in model.references:
            by_file.setdefault(r.path, []).append(r)
        for fpath, frefs in by_file.items():
            out.extend(f"{fpath}:{r.line}: {r.preview}" for r in frefs)
    elif with_refs:
        out.append("no references found in the index")
    return "\n".join(out)


def dependencies(root: Path, graph: deps_mod.DepGraph, files: list[str], rel: str, is_dir: bool, direction: str,
                 depth: int, external: bool, note: str | None) -> Dependencies:
    prefix = "" if rel == "." else rel + "/"
    start = {f for f in files if f.startswith(prefix)} if is_dir else {rel}
    model = Dependencies(path=rel, note=note)
    if direction in ("imports", "both"):
        model.imports = [DepEdge(source=e.source, target=e.target, line=e.line, depth=d)
                         for e, d in deps_mod.traverse(graph, start, "imports", depth)]
    if direction in ("dependents", "both"):
        model.dependents = [DepEdge(source=e.source, target=e.target, line=e.line, depth=d)
                            for e, d in deps_mod.traverse(graph, start, "dependents", depth)]
    manifests = [f for f in files if MANIFEST_RE.search(f)]
    if is_dir:
        manifests = [m for m in manifests if m.startswith(prefix) or "/" not in m]
    else:
        parents = {"/".join(rel.split("/")[:i]) for i in range(len(rel.split("/")))}
        manifests = [m for m in manifests if m.rsplit("/", 1)[0] in parents or "/" not in m]
    declared = read_manifests(root, manifests)
    if is_dir:
        model.declared = [DeclaredDep(name=d.name, version=d.version, manifest=d.manifest, group=d.group) for d in declared]
    versions = {normalize_pkg(d.name): d.version or "(any)" for d in declared}
    if external:
        used: Counter[str] = Counter()
        std: dict[str, bool] = {}
        for f in sorted(start):
            for x in graph.externals.get(f, []):
                used[x.package] += 1
                std[x.package] = x.stdlib
        model.external = [
            ExternalPkg(package=p, stdlib=std[p], used_by=n, declared=_declared(p, versions))
            for p, n in sorted(used.items(), key=lambda kv: (std[kv[0]], -kv[1], kv[0]))
        ]
    # cycles through the file(s) asked about; with depth > 1 also those among the files reached
    reached = start | {e.target for e in model.imports} | {e.source for e in model.dependents}
    model.cycles = deps_mod.find_cycles(graph, reached if depth > 1 else start, limit=10, anchor=start)
    if is_dir:
        inside = Counter(e.target for f in start for e in graph.imports_of(f) if e.target in start)
        model.internal_edges = sum(inside.values())
        model.most_imported = [f"{p} ×{n}" for p, n in inside.most_common(8)]
    return model


def _declared(pkg: str, versions: dict[str, str]) -> str | None:
    key = normalize_pkg(pkg)
    for cand in (key, "py" + key, key.removeprefix("py"), key + "-python", "python-" + key):
        if cand in versions:
            return versions[cand]
    return None


def _edges_text(edges: list[Any], attr: str, single: str, limit: int = 60) -> list[str]:
    """`  target  (line 3)` for a file's own imports; `(line 3 of src)` when the importer is another file."""
    out = []
    for e in edges[:limit]:
        where = f"line {e.line}" if (e.source if attr == "target" else e.target) == single else f"line {e.line} of {e.source}"
        out.append(f"{'  ' * e.depth}{getattr(e, attr)}  ({where})")
    if len(edges) > limit:
        out.append(f"  … {len(edges) - limit} more; narrow with depth=1 or a path inside")
    return out


def deps_text(model: Dependencies, direction: str, depth: int) -> str:
    out: list[str] = []
    if model.note:
        out.append(f"[{model.note}]")
    label = model.path if model.path != "." else "the project"
    if model.internal_edges:
        out.append(f"{label}: {model.internal_edges} imports between its own files; most imported: " + ", ".join(model.most_imported))
    if direction in ("imports", "both") and (model.imports or model.path != "."):
        out.append(f"{label} imports ({len(model.imports)} in-repo, depth {depth}):" if model.imports else f"{label} imports no other repository files")
        out += _edges_text(sorted(model.imports, key=lambda e: (e.depth, e.target, e.source)), "target", model.path)
    if direction in ("dependents", "both") and (model.dependents or model.path != "."):
        out.append(f"imported by ({len(model.dependents)}, depth {depth}):" if model.dependents else f"no other repository file imports {label}")
        out += _edges_text(sorted(model.dependents, key=lambda e: (e.depth, e.source)), "source", model.path)
    if model.external:
        ext = [x for x in model.external if not x.stdlib]
        std = [x for x in model.external if x.stdlib]
        if ext:
            out.append("external: " + ", ".join(f"{x.package}" + (f" {x.declared}" if x.declared else " (undeclared)") +
                                                 (f" ×{x.used_by}" if x.used_by > 1 else "") for x in ext[:60]))
        if std:
            out.append("standard library: " + ", ".join(x.package + (f" ×{x.used_by}" if x.used_by > 1 else "") for x in std[:60]))
    if model.declared:
        out.append("declared:")
        by: dict[tuple[str, str], list[str]] = {}
        for d in model.declared:
            by.setdefault((d.manifest, d.group), []).append(f"{d.name} {d.version}".strip())
        for (manifest, group), items in by.items():
            out.append(f"  {manifest} [{group}]: " + ", ".join(items[:80]))
    if model.cycles:
        out.append("import cycles:")
        out += ["  " + " -> ".join(c) for c in model.cycles]
    return "\n".join(out)


def _mid(name: str, ids: dict[str, str]) -> str:
    if name not in ids:
        ids[name] = f"n{len(ids)}"
    return ids[name]


MERMAID_MAX_EDGES = 150


def deps_mermaid(model: Dependencies) -> str:
    ids: dict[str, str] = {}
    lines = ["```mermaid", "graph LR"]
    body: list[str] = []
    cyc = {(c[i], c[i + 1]) for c in model.cycles for i in range(len(c) - 1)}
    link = 0
    red: list[int] = []
    edges = model.imports + model.dependents
    for e in edges[:MERMAID_MAX_EDGES]:
        body.append(f"  {_mid(e.source, ids)} --> {_mid(e.target, ids)}")
        if (e.source, e.target) in cyc:
            red.append(link)
        link += 1
    for x in model.external:
        if x.stdlib:
            continue
        body.append(f"  {_mid(model.path, ids)} -.-> {_mid('ext:' + x.package, ids)}")
        link += 1
    for name, nid in ids.items():
        label = name.removeprefix("ext:") + (" " + next((x.declared or "" for x in model.external if "ext:" + x.package == name), "")
                                             if name.startswith("ext:") else "")
        shape = f'{nid}(["{label.strip()}"])' if name.startswith("ext:") else f'{nid}["{name}"]'
        lines.append(f"  {shape}")
    lines += body
    if red:
        lines.append(f"  linkStyle {','.join(map(str, red))} stroke:#d33,stroke-width:2px")
    lines.append("```")
    if len(edges) > MERMAID_MAX_EDGES:
        lines.append(f"… {len(edges) - MERMAID_MAX_EDGES} more edges not drawn; narrow with path= or depth=1")
    if model.cycles:
        lines.append("cycles (red): " + "; ".join(" -> ".join(c) for c in model.cycles))
    return "\n".join(lines)
