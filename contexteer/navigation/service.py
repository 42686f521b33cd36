"""The navigation service of one served workspace: the index (and its freshness), the repo mapper, the dependency graph."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from contexteer.config import Settings
from contexteer.workspace import Workspace, repo_text

if TYPE_CHECKING:
    from contexteer.indexers import deps as deps_mod
    from contexteer.indexers import syntax_errors
    from contexteer.indexers.index import StructureIndex
    from contexteer.indexers.repomap import RepoMapper
    from contexteer.indexers.uses import Names
    from contexteer.navigation.maps import FileOutline
    from contexteer.navigation.models import Dependencies, StructuredIndex
    from contexteer.navigation.reads import Semantic
    from contexteer.navigation.relations import Related
    from contexteer.navigation.symbols import SymbolSearchRun

logger = logging.getLogger(__name__)

JS_EXTS = _JS_EXTS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")

#: A global query that finds nothing for a name sweeps the tree first unless a sweep ran this recently (seconds):
#: the agent may just have written the file that defines it (index.sweep_interval_seconds throttles the rest).
#: On a tree whose sweep is quick the window shrinks to twice the last sweep's duration, so repeated
#: misses spend at most about a third of the time sweeping.
MISS_SWEEP_SECONDS = 0.1

#: Opens the structure index of a workspace (the composition root passes the one factory: server/services.py).
IndexFactory = Callable[[Workspace], "StructureIndex"]


class NavigationService:
    """The navigation state of one served workspace: the index (built, swept and re-checked here: every answer
    asks `ready` first), the repo mapper, the dependency graph, the qualifier of full names."""

    def __init__(self, ws: Workspace, settings: Settings, open_index: IndexFactory) -> None:
        self.ws = ws
        self.settings = settings
        self.index = open_index(ws)
        self.index.enable_watch()  # a served index: an edit is seen by the next query without a sweep (index.watch)
        self._mapper: RepoMapper | None = None
        self._graph_state: Any = object()
        self._graph: deps_mod.DepGraph | None = None
        self._resolver: deps_mod.Resolver | None = None
        self._imports_cache: dict[str, dict[str, list[str]]] = {}
        self._py_reexporting: set[str] = set()  # Python files whose re-exports are being followed (a cycle guard)
        self._reexport_cache: dict[tuple[str, str], list[str]] = {}  # (barrel, name) -> files it takes name from
        self._exports_cache: dict[str, list[tuple[tuple[str, ...], list[str]]]] = {}  # barrel -> its export-from lines
        self._top_names: dict[str, set[str]] = {}  # a file's top-level names (barrels followed)
        self._all_files: list[str] | None = None
        self._qualifier: Any = None
        self._glock = threading.Lock()
        self._swept_at = 0.0  # monotonic time of the last full sweep this state saw run
        self._sweep_cost = MISS_SWEEP_SECONDS / 2  # seconds the last full sweep took
        self._waited = False  # a call already waited for the cold build (only the first one may)
        self._wait_lock = threading.Lock()

    @property
    def mapper(self) -> RepoMapper:
        """The repo mapper, made on first use (its module is not imported by a new server's start)."""
        if self._mapper is None:
            from contexteer.indexers.repomap import RepoMapper

            self._mapper = RepoMapper(self.index)
        return self._mapper

    # ----- readiness ------------------------------------------------------------------------
    def ready(self, progress: Callable[[int, int], None] | None, paths: Iterable[str] = (), sweep: bool = False,
              file_only: bool = False) -> str | None:
        """Build or sweep the index as needed, re-check `paths`; returns the 'index N% built' note or None.

        During a cold build only the first call that answers from the whole index waits (up to
        index.first_query_wait_seconds); later calls answer at once from what is indexed. A call about
        named files (`paths`, no sweep) never waits for the build: it parses those files itself."""
        paths = [p for p in paths if p and p != "."]
        with self._wait_lock:
            if (file_only and paths) or self._waited:
                wait = 0.0
            else:
                wait = self.settings.index.first_query_wait_seconds
                self._waited = not self.index.store.is_complete()  # a cold build starts: this call is its one wait
        st = self.index.ensure_built(wait_seconds=wait, progress=progress)
        if st.complete and sweep:
            self._note_sweep(self.index.refresh())
        if paths:  # also mid-build: this process's build holds the writer lock, another process's makes us skip soon
            self.index.ensure_fresh(paths, lock_timeout=5.0 if st.complete else 0.5)
        self._sync_graph()
        if file_only and paths:
            return None  # the answer is about these files only, which were just parsed: it is complete
        return st.note()

    def sweep_on_miss(self) -> bool:
        """A global query found nothing for a name: run the full stat sweep now (unless one ran within
        the miss window, see MISS_SWEEP_SECONDS), so a definition the agent just wrote to a new file is found; True
        when something changed. A background sweep already running is waited for instead of starting another.
        With a trusted file watcher the files it saw change are re-checked instead: no sweep, no window."""
        caught = self.index.catch_up()
        if caught is not None:
            if caught.changed:
                self._sync_graph()
            return caught.changed > 0
        ended, cost = self.index.last_sweep
        cost = self._sweep_cost if cost is None else cost
        swept_at = max(self._swept_at, ended)
        # a slow sweep (a large tree) is not repeated within twice its cost: misses spend at most a third of their time sweeping
        window = 2 * cost if cost > MISS_SWEEP_SECONDS else min(MISS_SWEEP_SECONDS, 2 * cost)
        if time.monotonic() - swept_at < window or not self.index.store.is_complete():
            return False
        if self.index.sweeping():
            before = self.index.generation
            if self.index.wait_for_sweep(timeout=30):
                self._swept_at = time.monotonic()
                changed = self.index.generation != before
                if changed:
                    self._sync_graph()
                return changed
        report = self.index.refresh(force=True)
        if not self._note_sweep(report):
            return False
        if report.changed:
            self._sync_graph()
        return report.changed > 0

    def _note_sweep(self, report: Any) -> bool:
        """Record when a full sweep ran and what it cost; False when it was skipped (throttled, locked)."""
        if report.skipped:
            return False
        self._swept_at = time.monotonic()
        self._sweep_cost = report.seconds
        return True

    def recheck(self, paths: Iterable[str]) -> bool:
        """Stat the files an answer is about and re-parse changed ones; True when something changed."""
        wanted = sorted({p for p in paths if p})
        if not wanted:
            return False
        changed = self.index.refresh(wanted).changed > 0
        if changed:
            self._sync_graph()
        return changed

    # ----- dependency graph -----------------------------------------------------------------
    def _sync_graph(self) -> None:
        state = self.mapper.state()
        if state != self._graph_state:
            with self._glock:
                self._graph_state = state
                self._graph = None
                self._resolver = None
                self._imports_cache = {}
                self._reexport_cache = {}
                self._exports_cache = {}
                self._top_names = {}
                self._all_files = None
                self._qualifier = None

    def all_files(self) -> list[str]:
        if self._all_files is None:  # the index records every listed file, parsed or not (manifests too)
            self._all_files = sorted(self.mapper.infos())
        return self._all_files

    def resolver(self) -> deps_mod.Resolver:
        if self._resolver is None:
            ws = self.ws

            def read(rel: str) -> str | None:
                return repo_text(ws, rel)

            from contexteer.indexers import deps as deps_mod  # the resolvers of every language, on first use

            self._resolver = deps_mod.Resolver(self.all_files(), read)
        return self._resolver

    def graph(self) -> deps_mod.DepGraph:
        if self._graph is None:
            from contexteer.indexers import deps as deps_mod

            r = self.resolver()
            self._graph = deps_mod.build_graph(r.files, self.index.all_imports(), resolver=r)
        return self._graph

    def qualifier(self) -> Any:
        """Full names of definitions (package, namespace, module path; contexteer.indexers.qualify), with what it
        read cached until the index changes."""
        if self._qualifier is None:
            from contexteer.indexers.qualify import Qualifier

            ws = self.ws
            self._qualifier = Qualifier(self.index, lambda rel: repo_text(ws, rel), lambda: self.resolver().layout)
        return self._qualifier

    def written_name(self, sym: Any) -> str:
        """A definition's name as its language writes it where that differs only in separators (Ruby:
        `Rack::Utils.parse_nested_query`, `Rack::Request::Helpers#parse_query`), a C/C++ test as its macro writes
        it (`TEST_F(DBTest, Recover)`, as outlines show it), else its qualified name."""
        if sym.language == "ruby":
            return str(self.qualifier().display(sym) or sym.qualname)
        if sym.language in ("c", "cpp") and sym.kind == "function":
            # a test, named as its macro writes it (leveldb run 507 read callers "in TEST_F" and no more)
            from contexteer.indexers.syntax import macro_definition

            written = macro_definition(sym.name, sym.signature)
            if written is not None:
                return written[0]
        return str(sym.qualname)

    def imported(self, path: str) -> dict[str, list[str]]:
        """Imported name -> repository files, for one file (cached until the index changes; see ready())."""
        hit = self._imports_cache.get(path)
        if hit is None:
            from contexteer.indexers import deps as deps_mod

            hit = deps_mod.imported_names(self.resolver(), self.index.imports_of(path))
            if path.endswith(_JS_EXTS):
                hit = self._through_barrels(hit)
            elif path.endswith(".rs"):
                hit = self._through_reexports(hit)
            elif path.endswith((".py", ".pyi")):
                hit = self._through_python_reexports(path, hit)
            self._imports_cache[path] = hit
        return hit

    def _through_python_reexports(self, path: str, hit: dict[str, list[str]]) -> dict[str, list[str]]:
        """Python: a name imported from a module that only imports it in turn (`from wtforms.fields import
        DateTimeField`, which fields/__init__.py takes from .datetime) reaches the file that defines it too (wtforms
        run 558: every construction of DateTimeField in the tests had been "name only")."""
        if path in self._py_reexporting:
            return hit  # (a cycle of modules importing from each other)
        self._py_reexporting.add(path)
        try:
            out = {k: list(v) for k, v in hit.items()}
            for name, targets in hit.items():
                if name == "*" or " " in name:
                    continue
                for t in targets:
                    if t == path or any(s.name == name and s.parent_id is None for s in self.index.symbols_in_file(t)):
                        continue  # (the module defines it itself)
                    out[name] += [f for f in self.imported(t).get(name, []) if f not in out[name] and f != path]
            return out
        finally:
            self._py_reexporting.discard(path)

    def _through_reexports(self, hit: dict[str, list[str]]) -> dict[str, list[str]]:
        """Rust: a name imported from a module that re-exports it (`use crate::visit::depth_first_search` with
        `pub use self::dfsvisit::*;` in visit/mod.rs) reaches the file that defines it too (its callers there had
        been "name only", petgraph A/B run 122)."""
        resolver = self.resolver()
        out = {k: list(v) for k, v in hit.items()}
        for name, targets in hit.items():
            for t in targets if name != "*" else ():
                f = resolver.rust_defining_file(t, name)
                if f is not None and f not in out[name]:
                    out[name].append(f)
        return out

    def _through_barrels(self, hit: dict[str, list[str]]) -> dict[str, list[str]]:
        """JS/TS: a name imported from a barrel (`export * from './error/getErrorShape'`, `export { x } from ...`)
        reaches the file that defines it too (the tRPC A/B agent read "name only" on callers that import
        getErrorShape through two barrels)."""
        out = {k: list(v) for k, v in hit.items()}
        for name, targets in hit.items():
            if name.startswith("* as "):  # `import * as core from "../core/index.js"`: `core.clone(..)` reaches
                # what the barrel passes on (zod run 406: classic's `core.clone(..)` had been "name only")
                for t in targets:
                    out[name] += [f for f in self._passed_on(t, set()) if f not in out[name]]
                continue
            if name == "*":
                continue
            for t in targets:
                for f in self._reexported(t, name, 0, set()):
                    for k in (name, "*"):
                        if f not in out.setdefault(k, []):
                            out[k].append(f)
        return out

    def _passed_on(self, barrel: str, seen: set[str], depth: int = 0) -> list[str]:
        """The files a barrel's `export ... from` lines take names from, barrels they name followed up to 4 deep."""
        if depth > 4 or barrel in seen or not barrel.endswith(_JS_EXTS):
            return []
        seen.add(barrel)
        out: list[str] = []
        for names, targets in self._barrel_exports(barrel):
            if any(n.startswith("* as ") for n in names):
                continue  # (a namespace passed on is read as `core.util.x`, never `core.x`)
            for f in targets:
                if f not in seen:
                    out += [f, *self._passed_on(f, seen, depth + 1)]
        return out

    def _reexported(self, barrel: str, name: str, depth: int, seen: set[str]) -> list[str]:
        """The files a barrel's `export ... from` lines take `name` from, followed up to 4 barrels deep (what a
        barrel re-exports is looked up once per name until the index changes)."""
        if depth > 4 or barrel in seen or not barrel.endswith(_JS_EXTS):
            return []
        key = (barrel, name)
        if depth == 0 and key in self._reexport_cache:
            return self._reexport_cache[key]
        seen.add(barrel)
        found = self._reexported_from(barrel, name, depth, seen)
        if depth == 0:
            self._reexport_cache[key] = found
        return found

    def _reexported_from(self, barrel: str, name: str, depth: int, seen: set[str]) -> list[str]:
        out: list[str] = []
        for names, targets in self._barrel_exports(barrel):
            if names and name not in names:
                continue
            for f in targets:
                if f not in self._top_names:
                    self._top_names[f] = {sym.name for sym in self.index.symbols_in_file(f) if sym.parent_id is None}
                defines = name in self._top_names[f]
                if defines or names:
                    out.append(f)
                if not defines:
                    out += self._reexported(f, name, depth + 1, seen)
        return out

    def barrel_path(self, barrel: str, name: str, defining: str) -> list[tuple[str, int]] | None:
        """JS/TS: the `export ... from` lines (file, line) that pass `name` on from `barrel` to the file `defining`
        it, in order (tRPC run 350: `AnyRouter` read as router.ts's with the two barrels between unsaid); None when
        no chain of up to 5 barrels leads there. The shortest chain, each barrel once (review of stop 51: a cycle of
        barrels had been walked twice round)."""
        if not barrel.endswith(_JS_EXTS):
            return None
        seen = {barrel}
        frontier: list[tuple[str, list[tuple[str, int]]]] = [(barrel, [])]
        for _ in range(5):
            nxt: list[tuple[str, list[tuple[str, int]]]] = []
            for here, chain in frontier:
                for at, f in self._passes_on(here, name):
                    if f == defining:
                        return [*chain, (here, at)]
                    if f not in seen and f.endswith(_JS_EXTS):
                        seen.add(f)
                        nxt.append((f, [*chain, (here, at)]))
            frontier = nxt
        return None

    def _passes_on(self, barrel: str, name: str) -> list[tuple[int, str]]:
        """(line, file) of each `export ... from` of `barrel` that passes `name` on: the name's own line in an
        `export { .. } from` list (index.ts:98, not its head; never a comment's mention of it)."""
        from contexteer.indexers.lookup import lines_of

        resolver = self.resolver()
        lines = lines_of(self.index, barrel)
        out: list[tuple[int, str]] = []
        own = re.compile(rf"(?<![\w$])(?<!\bas ){re.escape(name)}(?![\w$])(?!\s+as\b)")
        for imp in self.index.imports_of(barrel):
            if imp.names and name not in imp.names:
                continue
            text = (lines[imp.line - 1:imp.line] or [""])[0].lstrip()
            if not text.startswith("export"):
                continue
            at: int | None = imp.line
            if imp.names:  # (`type AnyRouter as AnyTRPCRouter` passes it on under another name: not this one)
                at = None
                for k in range(imp.line, min(len(lines), imp.line + 400) + 1):
                    line = re.sub(r"/\*.*?\*/|//.*", "", lines[k - 1]).lstrip()
                    if not line.startswith(("/*", "*")) and own.search(line):
                        at = k
                        break
                    if k > imp.line and re.search(r"\bfrom\s*['\"]", lines[k - 1]):
                        break
            if at is None:
                continue
            out += [(at, f) for r in resolver.classify(imp) for f in r.targets if f != barrel]
        return out

    def _barrel_exports(self, barrel: str) -> list[tuple[tuple[str, ...], list[str]]]:
        """A JS/TS file's `export ... from` lines: (the names, or () for `export *`; the files they come from)."""
        hit = self._exports_cache.get(barrel)
        if hit is None:
            from contexteer.indexers.lookup import lines_of

            lines = lines_of(self.index, barrel)
            resolver = self.resolver()
            hit = []
            for imp in self.index.imports_of(barrel):
                text = lines[imp.line - 1].lstrip() if 0 < imp.line <= len(lines) else ""
                if text.startswith("export"):
                    # `export * as util from "./util"` passes one name, util, a namespace: none of util's own
                    ns = re.match(r"export\s+\*\s+as\s+([\w$]+)", text)
                    names = (f"* as {ns.group(1)}",) if ns else tuple(n for n in imp.names if n)
                    hit.append((names, [f for r in resolver.classify(imp) for f in r.targets]))
            self._exports_cache[barrel] = hit
        return hit

    # ----- answers (typed results; each is implemented in its module of this package) -------------
    def outline(self, rel: str, kinds: set[str] | None, private: bool, note: str | None) -> FileOutline:
        """A file's definitions as an outline shows them (navigation.maps.file_outline)."""
        from contexteer.navigation.maps import file_outline

        return file_outline(self, rel, kinds, private, note)

    def repo_map(self, rel: str, budget: int, focus: list[str], kinds: set[str] | None, private: bool | None, note: str | None,
                 cap_note: str | None, count: Callable[[str], int]) -> tuple[str, StructuredIndex, bool]:
        """A directory's ranked map within `budget` tokens (navigation.maps.repo_map)."""
        from contexteer.navigation.maps import repo_map

        return repo_map(self, rel, budget, focus, kinds, private, note, cap_note, count)

    def search_symbols(self, q: str, *, match: str, kind: str | None, prefix: str | None, offset: int, limit: int,
                       note: str | None, elsewhere: bool = False) -> SymbolSearchRun:
        """The definitions a name means, ranked, pageable with their references (navigation.symbols.search)."""
        from contexteer.navigation.symbols import search

        return search(self, q, match=match, kind=kind, prefix=prefix, offset=offset, limit=limit, note=note,
                      elsewhere=elsewhere)

    def enclosing(self, lines: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
        """The definition each (path, line) sits in, without waiting for a build (navigation.symbols)."""
        from contexteer.navigation.symbols import enclosing_notes

        return enclosing_notes(self, lines)

    def related(self, q: str, prefix: str | None, relation: str, depth: int | None, note: str | None,
                line: int | None = None) -> Related:
        """One definition's callers, callees, implementations or supertypes (navigation.relations.related); `line`
        picks the definition at that line of `prefix` (one overload of several)."""
        from contexteer.navigation.relations import related

        return related(self, q, prefix, relation, depth, note, line)

    def dependencies(self, progress: Callable[[int, int], None] | None, rel: str, is_dir: bool, *, direction: str,
                     depth: int, external: bool, view: str, tests: bool) -> Dependencies:
        """What a file or directory imports and what imports it (navigation.deps.dependencies_of)."""
        from contexteer.navigation.deps import dependencies_of

        return dependencies_of(self, progress, rel, is_dir, direction=direction, depth=depth, external=external,
                               view=view, tests=tests)

    def find_definition(self, rel: str, symbol: str, note: str | None) -> Any:
        """The definition `symbol` names in one file (navigation.reads.find_definition)."""
        from contexteer.navigation.reads import find_definition

        return find_definition(self, rel, symbol, note)

    def range_note(self, rel: str, start: int, end: int) -> str:
        """What lines start..end of a file sit in or hold (navigation.reads.range_note)."""
        from contexteer.navigation.reads import range_note

        return range_note(self, rel, start, end)

    def index_outline(self, rel: str) -> list[tuple[int, int, str, str]] | None:
        """(start, end, qualname, kind) of a file's definitions (navigation.reads.index_outline)."""
        from contexteer.navigation.reads import index_outline

        return index_outline(self, rel)

    def semantic(self, rel: str, lines: list[str], target: Any, start: int, end: int, max_callers: int) -> Semantic:
        """What lines start..end use and who calls the definition (navigation.reads.semantic_of)."""
        from contexteer.navigation.reads import semantic_of

        return semantic_of(self, rel, lines, target, start, end, max_callers)

    def syntax_errors(self, progress: Callable[[int, int], None] | None, rel: str, is_dir: bool,
                      max_files: int) -> tuple[syntax_errors.ErrorReport, str | None]:
        """The files under `rel` the parser flags with errors (the listed ones re-checked first), and the
        'index N% built' note."""
        def read(path: str) -> bytes | None:
            text = repo_text(self.ws, path)
            return text.encode("utf-8") if text is not None else None

        note = self.ready(progress, [] if is_dir else [rel], sweep=is_dir)
        from contexteer.indexers import syntax_errors  # the parsing stack, on first use

        rep = syntax_errors.report_for(self.index.files(), rel, is_dir, read, max_files)
        if is_dir and self.recheck(f.path for f in rep.files):  # the files listed are re-checked, as every answer's
            rep = syntax_errors.report_for(self.index.files(), rel, is_dir, read, max_files)
        return rep, note

    def names_in_range(self, rel: str, lines: list[str], start: int, end: int) -> Names:
        """The identifiers the lines use as values (`isinstance(x, Foo)`, `x = LIMIT`), which the index does not
        store, and the ones they bind (parameters, locals), which are never another file's definitions."""
        from contexteer.indexers import languages
        from contexteer.indexers.uses import Names, names_in

        info = self.index.file_info(rel)
        spec = languages.BY_NAME.get(info.language) if info is not None and info.language else None
        if spec is None:
            return Names()
        names = names_in("\n".join(lines).encode("utf-8", "replace"), spec, start, end)
        if spec.name == "elixir":  # `Mix.PublicKey.verify(...)`: read off a module, which the walk does not tell
            elixir_members(names, lines, start, end)
        return names

    # ----- file notes -----------------------------------------------------------------------
    def syntax_error_note(self, rel: str, language: str | None) -> str | None:
        """Where a file's first syntax error is ('syntax error at line 15: `def f(((` — ...'), for answers about a
        file the index flags with errors; None when it cannot tell."""
        from contexteer.indexers import languages
        from contexteer.indexers.uses import first_syntax_error

        spec = languages.BY_NAME.get(language or "")
        if spec is None:
            return None
        text = repo_text(self.ws, rel)
        if text is None:
            return None
        found = first_syntax_error(text.encode("utf-8"), spec)
        if found is None:
            return None
        line, text, inside = found
        head = f"syntax error at line {line}: `{(text if len(text) <= 80 else text[:79] + '…')}`"
        if inside is not None:  # recovered within one item (syn run 307 re-checked a complete listing)
            first, last, item = inside
            return (f"{head} — recovered inside `{item if len(item) <= 60 else item[:59] + '…'}` ({first}-{last}); "
                    "the definitions outside it are read as written")
        if (language or "") in ("c", "cpp") and _C_MACRO_USE.search(text):
            # `MATCHER(IsOK, "") {`, `"%8" PRIu64`: a macro the grammar reads without expanding it (leveldb run 507
            # doubted a whole outline for two such lines); how many definitions it read after it says the rest
            after = sum(1 for s in self.index.symbols_in_file(rel) if s.start_line > line)
            return (f"{head} — a macro the grammar does not expand; {after} definition{'s' if after != 1 else ''} "
                    "after it indexed")
        return f"{head} — definitions after it may be missing or misplaced"

    # ----- lifetime ---------------------------------------------------------------------------
    def close(self) -> None:
        """Stop the index's background work and close its database (the server's lifespan ends)."""
        self.index.request_stop()
        self.index.close()


def elixir_members(names: Names, lines: list[str], start: int, end: int) -> None:
    """Add to `names.members` the Elixir calls written off a module (`Mix.PublicKey.verify(csv, ...)`, `CE.x()`),
    which the syntax walk does not tell from bare calls."""
    text = "\n".join(lines[max(start, 1) - 1 : end])
    for m in re.finditer(r"(?<![\w.])([A-Z][\w.]*[\w])\.([a-z_][\w]*[?!]?)\s*\(", text):
        names.members.setdefault(m.group(2), set()).add(m.group(1))
    # a name only ever called off a module is no plain value (the walk lists `verify` of `Mix.PublicKey.verify`)
    code = re.sub(r"[A-Z][\w.]*\.[a-z_]\w*[?!]?", "", re.sub(r'"(?:[^"\\]|\\.)*"|#[^{].*', '""', text))
    names.used = [n for n in names.used if n not in names.members
                  or re.search(rf"(?<![\w.:]){re.escape(n)}(?![\w?!])", code)]


#: a C/C++ line whose syntax error is a macro's doing: an all-caps macro called at the line's start (`MATCHER(IsOK,
#: "") {`, `TEST_F(DBTest, X)`), or a format macro joined to a string literal (`"%8" PRIu64`)
_C_MACRO_USE = re.compile(r"^\s*[A-Z][A-Z0-9_]{2,}\s*\(|\"\s*PRI[diouxX]\w*|\bPRI[diouxX](?:8|16|32|64|MAX|PTR)\b\s*\"")
