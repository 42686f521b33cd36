"""Compact text renderings of the navigation tools' answers (outline, symbol hits, dependencies, mermaid)."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contexteer.indexers import deps as deps_mod
from contexteer.indexers.manifests import MANIFEST_RE, distribution_candidates, normalize_pkg, read_manifests
from contexteer.indexers.repomap import indentation
from contexteer.indexers.textsearch import SearchResult
from contexteer.shaping.answer import Hit
from contexteer.tools.nav_models import DeclaredDep, DepEdge, Dependencies, ExternalPkg, SymbolSearch

logger = logging.getLogger(__name__)


#: First words of a signature that already say what the definition is (no kind label needed).
DEF_KEYWORDS = frozenset(
    "def async class fn func function struct interface enum trait type impl pub export public private protected "
    "static const let var abstract final module namespace union typedef template".split()
)


def clip(text: str, width: int) -> str:
    text = text.strip()
    return text if len(text) <= width else text[: width - 1] + "…"


def _sig(sym: Any, width: int = 160) -> str:
    return clip(sym.signature or "", width) or f"{sym.kind} {sym.name}"


@dataclass
class OutlineEntry:
    """One outline line: nesting depth, its text (`start-end label signature`) and what may be dropped."""

    depth: int
    text: str
    doc: str = ""  # `  # first line of the docstring`, the first thing dropped when the outline does not fit
    short: str = ""  # the text with a shorter signature
    tiny: str = ""  # `start-end kind name`: a nested definition when even short signatures do not fit
    qualname: str = ""
    start: int = 0
    end: int = 0
    children: int = 0  # direct children in the outline


def outline_entries(syms: list[Any], *, signatures: bool = True) -> list[OutlineEntry]:
    """Entries of a file's (or a definition's) symbols, nested by parent; a parent outside the list counts as top level."""
    depth: dict[int, int] = {}
    by_id: dict[int, OutlineEntry] = {}
    out: list[OutlineEntry] = []
    for s in syms:
        parent = by_id.get(s.parent_id) if s.parent_id is not None else None
        d = depth[s.parent_id] + 1 if parent is not None else 0
        depth[s.id] = d
        if parent is not None:
            parent.children += 1
        if signatures:
            shown = _sig(s) if s.kind != "heading" else s.name
            first = shown.split("(")[0].split()[:1]
            label = "" if s.kind == "heading" or (first and first[0] in DEF_KEYWORDS) else f"{s.kind} "
            text = f"{s.start_line}-{s.end_line} {label}{shown}"
            short = f"{s.start_line}-{s.end_line} {label}{_sig(s, 72) if s.kind != 'heading' else s.name}"
            tiny = f"{s.start_line}-{s.end_line} {s.kind + ' ' if s.kind != 'heading' else ''}{s.name}"
            doc = f"  # {s.doc.strip()[:100]}" if s.doc else ""
        else:  # the qualname, its end kept when nesting makes it long (700 nested levels: 700 names in each)
            qual = s.qualname if len(s.qualname) <= 160 else "…" + s.qualname[-159:]
            text = short = tiny = f"{s.start_line}-{s.end_line} {s.kind} {qual}"
            doc = ""
        if signatures and s.parent_id is not None and parent is None and "." in s.qualname:
            # its parent is not listed (a kinds= filter): say whose member it is, or every __init__ looks alike
            owner = f"  (in {s.qualname.rsplit('.', 1)[0]})"
            text, short, tiny = text + owner, short + owner, tiny + owner
        e = OutlineEntry(d, text, doc, short, tiny, s.qualname, s.start_line, s.end_line)
        by_id[s.id] = e
        out.append(e)
    return out


@dataclass
class FittedOutline:
    lines: list[str]
    shown: list[int]  # indexes of the entries shown
    docs: bool  # whether docstrings are shown


def fit_outline(entries: list[OutlineEntry], budget: int, count: Callable[[str], int], rel: str,
                indent: int = 1, fixed: str = "") -> FittedOutline:
    """The outline lines that fit `budget` tokens (with `fixed`, the rest of the answer).

    Degrades step by step, so the answer always shows the file's top level: the whole outline; without
    docstrings; shorter signatures; then nesting levels dropped from the deepest up (a parent says
    `(N members)` and a line says how to see them), each level first with whole then with shorter
    signatures; finally the first top-level definitions with a line saying how to read the rest."""
    def pick(max_depth: int, first: int | None = None) -> list[int]:
        idx = [i for i, e in enumerate(entries) if e.depth <= max_depth]
        return idx[:first] if first is not None else idx

    def lines(idx: list[int], max_depth: int, docs: bool, mode: int) -> list[str]:
        """mode 0: whole signatures; 1: nested ones shorter; 2: top level shorter, nested names only; 3: all shorter."""
        out = []
        for i in idx:
            e = entries[i]
            members = f"  ({e.children} member{'s' if e.children != 1 else ''})" if e.depth == max_depth and e.children else ""
            if e.depth == 0:
                shown = e.text if mode < 2 else e.short
            else:
                shown = (e.text, e.short, e.tiny, e.short)[mode]
            out.append(f"{indentation(e.depth, indent)}{shown}{members}{e.doc if docs else ''}")
        return out

    def fits(ls: list[str]) -> bool:
        return count(fixed + "\n".join(ls)) <= budget

    deepest = max((e.depth for e in entries), default=0)
    for docs in (True, False):
        full = lines(pick(deepest), deepest, docs, 0)
        if fits(full):
            return FittedOutline(full, pick(deepest), docs)
    biggest = max(entries, key=lambda e: e.children, default=None)
    example = biggest.qualname if biggest is not None and biggest.children else ""

    def level(max_depth: int, mode: int) -> list[str] | None:
        """The outline down to `max_depth` in `mode` with a note on what is hidden, or None if it does not fit."""
        idx = pick(max_depth)
        hidden = len(entries) - len(idx)
        ls = lines(idx, max_depth, False, mode) + ([_hidden_note(rel, hidden, example)] if hidden else [])
        return ls if fits(ls) else None

    # The deepest level that fits, and at that level the first mode that does (whole signatures before shorter
    # ones): per mode a binary search over the depth (an outline only grows with it), so a file of 700 nested
    # definitions costs ~30 counts, not 2,100.
    best: tuple[int, int, list[str]] | None = None  # (depth, -mode, lines)
    for mode in (0, 1, 2):
        lo, hi, got = 1, deepest, None
        if best is not None:  # a later (shorter) mode wins only by showing a deeper level
            lo = best[0] + 1
        while lo <= hi:
            mid = (lo + hi) // 2
            ls = level(mid, mode)
            if ls is None:
                hi = mid - 1
            else:
                got, lo = (mid, ls), mid + 1
        if got is not None and (best is None or got[0] > best[0]):
            best = (got[0], -mode, got[1])
    if best is not None:
        return FittedOutline(best[2], pick(best[0]), False)
    for mode in (0, 3):
        ls = level(0, mode)
        if ls is not None:
            return FittedOutline(ls, pick(0), False)
    top = pick(0)
    nested = len(entries) - len(top)
    lo, hi = 0, len(top)  # the largest prefix of the top level that fits with a note on the rest
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits([*lines(top[:mid], 0, False, 3), _rest_note(rel, [entries[i] for i in top[mid:]], nested, example)]):
            lo = mid
        else:
            hi = mid - 1
    rest = _rest_note(rel, [entries[i] for i in top[lo:]], nested, example)
    return FittedOutline([*lines(top[:lo], 0, False, 3), rest], top[:lo], False)


def _hidden_note(rel: str, hidden: int, example: str) -> str:
    how = f'read_code_range(path="{rel}", symbol="{example}")' if example else f'read_code_range(path="{rel}", symbol=...)'
    return f"  … {hidden} nested definitions not shown (fitted to the answer budget); see a definition's members with {how}"


def _rest_note(rel: str, rest: list[OutlineEntry], hidden: int, example: str) -> str:
    nested = f"; {hidden} nested definitions not shown either" if hidden else ""
    if not rest:
        return _hidden_note(rel, hidden, example)
    return (f"  … {len(rest)} more top-level definitions (lines {rest[0].start}-{rest[-1].end}){nested}: narrow with kinds=[...], "
            f"or read_code_range(path=\"{rel}\", start_line={rest[0].start}, end_line={rest[-1].end}) for their digest")


def outline(rel: str, info: Any, syms: list[Any], note: str | None, budget: int | None = None,
            count: Callable[[str], int] | None = None, filtered: str = "") -> tuple[str, list[int], bool]:
    """`path (python, 12 symbols)` then one line per symbol, nested by parent: `start-end kind signature  # doc`,
    fitted to `budget` tokens (fit_outline); returns the text, the indexes of the symbols shown and whether docs are."""
    head = f"{rel} ({info.language}, {len(syms)} symbols{', has syntax errors' if info.has_errors else ''})"
    lines = [head]
    if note:
        lines.append(f"[{note}]")
    if not syms and filtered:
        lines.append(f"  (no {filtered}; drop or change kinds= to see them)")
        return "\n".join(lines), [], True
    if not syms:
        lines.append("  (no symbols: read it with read_code_range)")
        return "\n".join(lines), [], True
    entries = outline_entries(syms)
    if budget is None or count is None:
        return "\n".join(lines + [f"{'  ' * (e.depth + 1)}{e.text}{e.doc}" for e in entries]), list(range(len(syms))), True
    fitted = fit_outline(entries, budget, count, rel, fixed="\n".join(lines) + "\n")
    return "\n".join(lines + fitted.lines), fitted.shown, fitted.docs


def symbol_search(model: SymbolSearch, match: str, kind: str | None, with_refs: bool,
                  ranked: int) -> tuple[list[str], list[Hit | str]]:
    """The answer's lines: the definitions (and paging) first, then the reference rows (hits under headings)."""
    out: list[str] = []
    rows: list[Hit | str] = []
    if model.note:
        out.append(f"[{model.note}]")
    if not model.definitions:
        modes = ("exact", "prefix", "substring", "fuzzy")
        wider = [f"'{m}'" for m in modes[modes.index(match) + 1:]] if match in modes else []
        hint = (f" Try match={', '.join(wider[:-1])}{' or ' if len(wider) > 1 else ''}{wider[-1]}" if wider else
                f" Try search_text(pattern=\"{model.query}\") to find it in any text")
        kind_hint = f", or drop kind='{kind}'" if kind else ""
        out.append(f"no definitions match '{model.query}' (match={match}).{hint}{kind_hint}.")
        if not model.references:
            return out, rows
    for h in model.definitions:
        priv = "" if h.exported else " (private)"
        refs = f"  [{h.references} refs]" if h.references else ""
        out.append(f"{h.path}:{h.start_line}-{h.end_line} {h.kind} {h.qualname}{priv} — {h.signature[:160]}{refs}")
    shown = len(model.definitions)
    if model.next_cursor is not None:
        out.append(f"… {ranked - int(model.next_cursor)} more of {model.total}; next page: cursor=\"{model.next_cursor}\"")
    elif shown < model.total:
        out.append(f"[{model.total} definitions in all]")
    indexed = [r for r in model.references if r.kind != "use"]
    uses = [r for r in model.references if r.kind == "use"]
    if indexed:
        rows.append(f"references ({model.references_total}):")
        rows.extend(Hit(r.path, r.line, r.preview) for r in indexed)
    elif with_refs and uses:
        rows.append("no call, type or import references in the index")
    if uses:
        names = sorted({h.qualname.rsplit(".", 1)[-1] for h in model.definitions}) or [model.query]
        rows.append(f"uses of {', '.join(names)} by name ({len(uses)}; whole-word text matches in files of its language, "
                    "not resolved: some may be other things with that name):")
        rows.extend(Hit(r.path, r.line, r.preview) for r in uses)
    if not model.references and with_refs:
        out.append("no references found in the index")
    return out, rows


def search_summary(result: SearchResult) -> list[str]:
    """The closing lines of a text search: how many lines matched in how many files, and why it stopped."""
    lines: list[str] = []
    if not result.matches:
        lines.append(f"no matches for {result.pattern!r}" + (" (search timed out)" if result.timed_out else ""))
    nf = len(result.files)
    summary = f"{result.matches} matching line{'s' if result.matches != 1 else ''} in {nf} file{'s' if nf != 1 else ''}"
    notes = []
    if result.truncated:
        notes.append("stopped at the result cap; narrow with path=, glob= or a more specific pattern")
    if result.timed_out:
        notes.append("stopped at the time limit; results are partial — narrow with path= or glob=")
    if result.matches:
        lines.append(f"[{summary}" + ("; " + "; ".join(notes) if notes else "") + "]")
    elif notes:
        lines.append("[" + "; ".join(notes) + "]")
    return lines


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
    model._build_note = note
    model._unresolved = [(u.source, u.module, u.line, u.outside) for f in sorted(start) for u in graph.unresolved.get(f, [])]
    if model._unresolved:
        summary = "; ".join(_unresolved_lines(model._unresolved, rel))
        model.note = f"{note}; {summary}" if note else summary
    # cycles through the file(s) asked about; with depth > 1 also those among the files reached
    reached = start | {e.target for e in model.imports} | {e.source for e in model.dependents}
    model.cycles = deps_mod.find_cycles(graph, reached if depth > 1 else start, limit=10, anchor=start)
    if is_dir:
        inside = Counter(e.target for f in start for e in graph.imports_of(f) if e.target in start)
        model.internal_edges = sum(inside.values())
        model.most_imported = [f"{p} ×{n}" for p, n in inside.most_common(8)]
    return model


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


def _edges_text(edges: list[Any], attr: str, single: str, depth: int, limit: int = 60, group_from: int | None = None) -> list[str]:
    """`  target  (line 3)` for a file's own imports; `(line 3 of src)` when the importer is another file.

    Edges at depth >= `group_from` (or past `limit`) are summarised per folder: `  pkg/sub/  12 files`."""
    out = []
    listed = [e for e in edges if group_from is None or e.depth < group_from][:limit]
    for e in listed:
        where = f"line {e.line}" if (e.source if attr == "target" else e.target) == single else f"line {e.line} of {e.source}"
        out.append(f"{'  ' * e.depth}{getattr(e, attr)}  ({where})")
    shown = {id(e) for e in listed}
    rest = [e for e in edges if id(e) not in shown]
    if rest:
        folders = Counter(getattr(e, attr).rsplit("/", 1)[0] + "/" if "/" in getattr(e, attr) else "./" for e in rest)
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
    lines = text.split("\n")
    assert count is not None and budget is not None
    while len(lines) > 2 and count("\n".join(lines)) > budget:
        lines = lines[: max(2, len(lines) * 9 // 10)]
    return "\n".join([*lines, "… cut to fit one answer; the full lists are in structuredContent"])


def _deps_text(model: Dependencies, direction: str, depth: int, limit: int, imp_group: int | None,
               dep_group: int | None, pkgs: int) -> str:
    out: list[str] = []
    note = model._build_note if model._unresolved else model.note
    if note:
        out.append(f"[{note}]")
    label = model.path if model.path != "." else "the project"
    if model.internal_edges:
        out.append(f"{label}: {model.internal_edges} imports between its own files; most imported: " + ", ".join(model.most_imported))
    if direction in ("imports", "both") and (model.imports or model.path != "."):
        none = f"{label} imports no other repository files" if not label.endswith(".php") else \
            f"{label}: PHP `use` imports are not resolved to repository files (only relative include/require paths are)"
        out.append(f"{label} imports ({_files(model.imports)} in-repo, depth {depth}):" if model.imports else none)
        out += _edges_text(sorted(model.imports, key=lambda e: (e.depth, e.target, e.source)), "target", model.path, depth, limit, imp_group)
    if direction in ("dependents", "both") and (model.dependents or model.path != "."):
        none = f"no other repository file imports {label}" if not label.endswith(".php") else \
            f"no file includes {label} by a relative path (PHP `use` imports are not resolved: search_text finds them)"
        out.append(f"imported by ({_files(model.dependents)}, depth {depth}):" if model.dependents else none)
        out += _edges_text(sorted(model.dependents, key=lambda e: (e.depth, e.source)), "source", model.path, depth, limit, dep_group)
    out += _unresolved_lines(model._unresolved, model.path, pkgs)
    if model.external:
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


def _files(edges: list[Any]) -> str:
    n = len(edges)
    return f"{n} file{'s' if n != 1 else ''}"


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
