"""A file's or directory's dependencies as a typed result: the Dependencies model from the graph (the package view
or the file view, tests left out unless asked), with declared versions and cycles."""

from __future__ import annotations

import logging
import posixpath
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from contexteer.errors import InputError
from contexteer.indexers import deps as deps_mod
from contexteer.indexers import zig_names
from contexteer.indexers.lookup import language_of
from contexteer.indexers.manifests import (
    MANIFEST_RE,
    VENDORED,
    distribution_candidates,
    normalize_pkg,
    read_manifests,
)
from contexteer.indexers.syntax import preprocessor_conditions
from contexteer.navigation.models import DeclaredDep, DepEdge, Dependencies, ExternalPkg
from contexteer.navigation.service import NavigationService
from contexteer.testpaths import is_test_path
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)


def dependencies_of(nav: NavigationService, progress: Callable[[int, int], None] | None, rel: str, is_dir: bool, *,
                    direction: str, depth: int, external: bool, view: str, tests: bool) -> Dependencies:
    """What a file or directory imports (and what imports it), from the index made ready first; a source file's
    own import statements too when its language has a statement view (STATEMENT_SEPARATORS)."""
    from contexteer.indexers import languages

    uses = view == "uses"
    if uses and is_dir:
        raise InputError(f"view='uses' lists one file's imports with the names it uses; '{rel}' is a "
                                   "directory. Give a file, or use view='package' or view='file' for a directory.")
    view = "package" if uses else view
    note = nav.ready(progress, [] if is_dir else [rel], sweep=is_dir)
    graph = nav.graph()
    files = nav.all_files()
    spec = None if is_dir else languages.BY_NAME.get(language_of(nav.index, rel) or "")  # completions/ssh: bash
    lang = spec.name if spec is not None and spec.name in STATEMENT_SEPARATORS else None
    jvm = spec is not None and spec.name in ("java", "kotlin", "scala") and view == "package"
    # a C/C++ file's unit is the file, a C# file's usings name namespaces: their lines (with their lines and #if
    # conditions) in either view
    statements = nav.index.imports_of(rel) if lang and (view == "package" or lang in ("c", "cpp", "csharp", "swift")) else None
    model = dependencies(lambda path: repo_text(nav.ws, path), graph, files, rel, is_dir, direction, depth, external, note,
                         view=view, tests=tests, statements=statements,
                         language=lang, unit_imports=nav.index.imports_of(rel) if jvm else None)
    if not is_dir and spec is not None and spec.name == "bash" and direction in ("imports", "both"):
        _shell_calls(nav, model, rel)
    if not is_dir and spec is not None and spec.name == "zig" and direction in ("imports", "both"):
        _zig_aliases(nav, model, rel)
    if not is_dir and spec is not None and spec.name in ("python", "lua"):  # Lua: `pcall(require, 'ffi')` in a function
        _mark_scopes(model, rel, (repo_text(nav.ws, rel) or "").split("\n"), nav.index.symbols_in_file(rel),
                     nav.index.imports_of(rel))
    if not is_dir and spec is not None and spec.name == "go" and (model.external or model.imports):
        # one Go file's outside packages in line order, each with the name it binds when not its own (`dto
        # "github.com/prometheus/client_model/go"`: prometheus/common run 439 re-read the import block for it; the
        # repository's own too, `stpb "github.com/golang/protobuf/ptypes/struct"`, protobuf run 446)
        aliases = {i.line: n for i in nav.index.imports_of(rel) for n in i.names if n and n not in ("_", ".")}
        for e in model.imports:
            if e.source == rel and e.line in aliases and not e.names:
                e.names = [f"as {aliases[e.line]}"]
        for pkg in model.external:
            pkg.names = pkg.names or [f"as {aliases[n]}" for n in pkg.lines if n in aliases][:1]
        model.external.sort(key=lambda x: (x.stdlib, x.lines[0] if x.lines else 0))
    if not is_dir and spec is not None and spec.name == "python" and model.external:
        # what the file imports from each outside package, submodules kept (`collections: OrderedDict, defaultdict,
        # abc.Mapping`: marshmallow run 422 read "collections (lines 14, 15)" and re-read the lines for collections.abc)
        imports = nav.index.imports_of(rel)
        text = (repo_text(nav.ws, rel) or "").split("\n")
        for pkg in model.external:
            pkg.names = pkg.names or _python_external_names(pkg.package, imports, text)
    if not is_dir and spec is not None and spec.name == "ruby" and model.imports:
        _ruby_autoloads(nav, graph, model, rel)
    if not is_dir and spec is not None and spec.name == "python" and model.dependents:
        _mark_dependent_scopes(nav, model)
    if not is_dir and spec is not None and spec.name == "python" and model.cycles:
        _lazy_cycles_apart(nav, graph, model)
    if uses:
        from contexteer.navigation.import_uses import import_uses

        model.uses = import_uses(nav, rel)
        model.uses_in = _uses_in(nav, rel, model.uses)
    return model


def _uses_in(nav: NavigationService, rel: str, uses: list[Any]) -> list[str] | None:
    """The functions and methods the used names' lines sit in, in line order, each once with its range: "what is
    each import used for" took the jmespath agents (runs 465, 469) two searches more to map line numbers to
    functions; one line of ranges maps them all."""
    from contexteer.indexers.lookup import enclosing

    syms = [s for s in nav.index.symbols_in_file(rel) if s.kind in ("function", "method", "constructor")]
    at = sorted({k for u in uses for n in u.names for k in n.lines})  # (the global and same-package rows too, run 476)
    found = {enc.id: enc for k in at if (enc := enclosing(syms, k)) is not None}
    ordered = sorted(found.values(), key=lambda s: s.start_line)
    return [f"{s.qualname} {s.start_line}-{s.end_line}" for s in ordered] or None


SHELL_CALLS = "calls by name (shell functions share one namespace)"


def _shell_calls(nav: NavigationService, model: Dependencies, rel: str) -> None:
    """A shell script's dependencies are mostly the functions it calls that another file defines (a bash-completion
    script calls `_init_completion` and `_filedir` of the main file, which the shell sourced before, and sources
    nothing): one row per such file, with the call lines and the names, beside the files it sources."""
    own = {s.name for s in nav.index.symbols_in_file(rel)}
    lines: dict[str, list[int]] = {}
    for ref in nav.index.references_in_range(rel, 1, 1 << 30):
        if ref.kind == "call" and ref.name not in own:
            lines.setdefault(ref.name, []).append(ref.line)
    sourced = {e.target for e in model.imports if e.depth == 1}
    by_file: dict[str, dict[str, list[int]]] = {}
    for name, at in lines.items():
        defs = {d.path for d in nav.index.symbols_named(name)
                if d.name == name and d.language == "bash" and d.kind == "function" and d.path != rel}
        for path in (defs & sourced) or defs:  # a file it sources defines it: that one, not another file's namesake
            by_file.setdefault(path, {})[name] = at
    for path, names in sorted(by_file.items()):
        called = sorted(names, key=lambda n: min(names[n]))
        edge = next((e for e in model.imports if e.depth == 1 and e.target == path), None)
        if edge is None:
            edge = DepEdge(source=rel, target=path, line=min(names[called[0]]), depth=1, scope=SHELL_CALLS)
            model.imports.append(edge)
        edge.names = [f"{n} {','.join(map(str, sorted(set(names[n]))))}" for n in called]  # `_filedir 267,275,316`


ZIG_ALIASES = "alias"
_ZIG_ALIAS = re.compile(r"^(?:pub\s+)?const\s+([A-Za-z_]\w*)\s*=\s*([A-Za-z_][\w.]*\.[A-Za-z_]\w*|@import\(\"[^\"]+\"\)\.[\w.]+)\s*;")


_ZIG_EMBED = re.compile(r'@embedFile\(\s*"([^"]+)"\s*\)')


def _zig_embed(nav: NavigationService, model: Dependencies, rel: str, name: str, line: int) -> None:
    """A file `@embedFile` reads at compile time: a dependency when the repository has it, else said missing."""
    target = posixpath.normpath(posixpath.join(posixpath.dirname(rel), name))
    if target.startswith("../") or target == "..":
        model._unresolved.append((rel, f"@embedFile {name}", line, True))
    elif (nav.ws.root / target).is_file() and nav.ws.denied_by(target) is None:
        edge = next((e for e in model.imports if e.depth == 1 and e.target == target), None)
        if edge is None:
            model.imports.append(DepEdge(source=rel, target=target, line=line, depth=1, scope="@embedFile"))
    else:
        model._unresolved.append((rel, f"@embedFile {name} (no such file)", line, False))


def _zig_alias_uses(lines: list[str], alias: str, own: int) -> str:
    """What a file uses through an alias, by name, with lines: `.Reader 120,126; .OpenError 229; itself 238` (run
    49's agent searched each alias's uses to learn the names)."""
    word = re.compile(rf"(?<![\w.]){re.escape(alias)}\b(?:\s*\.\s*([A-Za-z_]\w*))?")
    used: dict[str, list[int]] = {}
    for j, text in enumerate(lines, 1):
        if j == own:
            continue
        for u in word.finditer(text.split("//", 1)[0]):
            at = used.setdefault(f".{u.group(1)}" if u.group(1) else "itself", [])
            if not at or at[-1] != j:
                at.append(j)
    parts = [f"{name} " + ",".join(map(str, at[:4])) + ("…" if len(at) > 4 else "") for name, at in list(used.items())[:8]]
    return "; ".join(parts) + (f"; … {len(used) - 8} more names" if len(used) > 8 else "")


def _zig_aliases(nav: NavigationService, model: Dependencies, rel: str) -> None:
    """A Zig file reaches other files through top-level constants (`const Io = std.Io;`, `const flate =
    std.compress.flate;`): each one that names a repository file is listed with its line, beside the imports."""
    lines = (repo_text(nav.ws, rel) or "").split("\n")
    by_file: dict[str, list[str]] = {}
    first: dict[str, int] = {}
    for i, text in enumerate(lines, 1):
        for embed in _ZIG_EMBED.findall(text.split("//", 1)[0]):  # `@embedFile("zip/testdata/test.zip")`
            _zig_embed(nav, model, rel, embed, i)
        m = _ZIG_ALIAS.match(text)
        if m is None:
            continue
        target = zig_names.path_file(nav.index, rel, lines, m.group(2), m.group(1))
        if target is None or target == rel:
            continue
        uses = _zig_alias_uses(lines, m.group(1), i)
        by_file.setdefault(target, []).append(f"{m.group(1)} = {m.group(2)} {i}" + (f", used: {uses}" if uses else ", unused"))
        first.setdefault(target, i)
    for path, names in sorted(by_file.items(), key=lambda kv: first[kv[0]]):
        edge = next((e for e in model.imports if e.depth == 1 and e.target == path), None)
        if edge is None:
            edge = DepEdge(source=rel, target=path, line=first[path], depth=1, scope=ZIG_ALIASES)
            model.imports.append(edge)
        edge.names = (edge.names or []) + names


_TYPE_CHECKING = re.compile(r"^(\s*)if\s+(?:\w+\.)?TYPE_CHECKING\s*:")  # (`if t.TYPE_CHECKING:`, click)


def _import_scope(lines: list[str], syms: list[Any], line: int) -> str | None:
    """Where a Python or Lua import line runs when not at load time: `in f` (inside a function), `TYPE_CHECKING`, `in
    the __main__ block`; None for a module-level import."""
    funcs = [s for s in syms if s.kind in ("function", "method") and s.start_line < line <= s.end_line]
    if funcs:
        return "in " + str(min(funcs, key=lambda s: s.end_line - s.start_line).qualname)
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    indent = len(text) - len(text.lstrip())
    for i in range(line - 2, -1, -1):
        above = lines[i]
        if not above.strip() or len(above) - len(above.lstrip()) >= indent:
            continue
        m = _TYPE_CHECKING.match(above)
        if m is None and re.match(r"\s*if\s+__name__\s*==\s*[\"']__main__[\"']\s*:", above):
            return "in the __main__ block"  # runs only when the file is run as a script
        return "TYPE_CHECKING" if m else None
    return None


def _mark_dependent_scopes(nav: NavigationService, model: Dependencies) -> None:
    """The importing files' lines that do not run at load time, marked as a file's own imports are (click run 400:
    core.py's `from .shell_completion import ..` under TYPE_CHECKING read as a load-time import, its four lazy
    imports inside methods unlisted)."""
    for e in model.dependents:
        if e.depth != 1 or not e.source.endswith((".py", ".pyi")):
            continue
        lines = (repo_text(nav.ws, e.source) or "").split("\n")
        syms = nav.index.symbols_in_file(e.source)
        at = [e.line, *(e.more_lines or [])]
        scopes = [_import_scope(lines, syms, n) for n in at]
        if any(scopes):
            e.scope = scopes[0] if len(set(scopes)) == 1 else ", ".join(
                f"{n} {'under ' if sc == 'TYPE_CHECKING' else ''}{sc}" for n, sc in zip(at, scopes, strict=True) if sc)


def _lazy_cycles_apart(nav: NavigationService, graph: deps_mod.DepGraph, model: Dependencies) -> None:
    """A Python import cycle with a step that only imports inside a function or under TYPE_CHECKING runs at no
    load time: listed apart (Jinja2 run 335's debug.py -> utils.py -> environment.py -> debug.py, closed by
    environment.py:937 inside handle_exception)."""
    files: dict[str, tuple[list[str], list[Any]]] = {}

    def lazy(a: str, b: str) -> bool:
        if a not in files:
            files[a] = ((repo_text(nav.ws, a) or "").split("\n"), nav.index.symbols_in_file(a))
        lines, syms = files[a]
        at = [n for e in graph.imports_of(a) if e.target == b for n in (e.line, *graph.again.get((a, b), []))]
        return bool(at) and all(_import_scope(lines, syms, n) is not None for n in at)

    kept: list[list[str]] = []
    for c in model.cycles:
        (model.lazy_cycles if any(lazy(c[i], c[i + 1]) for i in range(len(c) - 1)) else kept).append(c)
    model.cycles = kept


def _ruby_autoloads(nav: NavigationService, graph: deps_mod.DepGraph, model: Dependencies, rel: str) -> None:
    """A Ruby file's `autoload :Group, ..` rows said so (loaded when the constant is first used, not when the file
    loads), and a cycle through one listed apart (Thor run 448 read base.rb -> group.rb -> base.rb as a load-time
    cycle, and the autoloads as requires)."""
    lines = (repo_text(nav.ws, rel) or "").split("\n")

    def autoload(n: int) -> bool:
        return 0 < n <= len(lines) and re.match(r"\s*autoload\b", lines[n - 1]) is not None

    lazy: set[str] = set()
    for e in model.imports:
        if e.source == rel and all(autoload(n) for n in (e.line, *(e.more_lines or []))):
            e.scope = "autoload: loaded when the constant is first used"
            lazy.add(e.target)
    kept: list[list[str]] = []
    for c in model.cycles:
        (model.lazy_cycles if len(c) > 1 and c[0] == rel and c[1] in lazy else kept).append(c)
    model.cycles = kept


def _mark_scopes(model: Dependencies, rel: str, lines: list[str], syms: list[Any], imports: list[Any]) -> None:
    """A Python or Lua file's imports that do not run when it loads, marked: inside a function (`in
    _create_context`) or under `if TYPE_CHECKING:` (the pip A/B agent read the file to tell them from the
    module-level ones; the Penlight one, dir.lua's `pcall(require, 'alien')` in find_ffi_copyfile)."""
    def scope(line: int) -> str | None:
        return _import_scope(lines, syms, line)

    for e in model.imports:
        if e.source == rel:
            e.scope = scope(e.line)
            at = [e.line, *(e.more_lines or [])]
            scopes = [scope(n) for n in at]
            if len(set(scopes)) > 1:  # `lines 11, 19, TYPE_CHECKING` read as all three under it (rich A/B run 60)
                # (a run of lines under one scope once: `50-61 under TYPE_CHECKING`, never twelve times, SQLAlchemy
                # run 444)
                runs: list[tuple[int, int, str]] = []
                for n, sc in sorted(zip(at, scopes, strict=True)):
                    if sc and runs and runs[-1][2] == sc and runs[-1][1] + 1 == n:
                        runs[-1] = (runs[-1][0], n, sc)
                    elif sc:
                        runs.append((n, n, sc))
                e.scope = ", ".join(f"{a}{'-' + str(b) if b != a else ''} {'under ' if sc == 'TYPE_CHECKING' else ''}{sc}"
                                    for a, b, sc in runs)
    by_package: dict[str, set[str | None]] = {}
    for imp in imports:  # every line importing a top-level module (a package may be imported in several places)
        by_package.setdefault(imp.module.lstrip(".").split(".")[0], set()).add(scope(imp.line))
    for pkg in model.external:
        where = by_package.get(pkg.package, {None})
        if None not in where:  # every import of it is scoped
            pkg.scope = ", ".join(sorted(w for w in where if w))


def dependencies(read: Callable[[str], str | None], graph: deps_mod.DepGraph, files: list[str], rel: str, is_dir: bool, direction: str,
                 depth: int, external: bool, note: str | None, view: str = "package", tests: bool = False,
                 statements: list[Any] | None = None, language: str | None = None,
                 unit_imports: list[Any] | None = None) -> Dependencies:
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
            rows = [DepEdge(source=u.source, target=u.target, line=u.line, depth=u.depth, unit=u.unit, files=u.files,
                            more_lines=list(u.more_lines) or None)
                    for u in deps_mod.traverse_units(graph, start, d, depth, keep)]
        else:
            rows = [DepEdge(source=e.source, target=e.target, line=e.line, depth=n,
                            more_lines=graph.again.get((e.source, e.target)) if n == 1 else None)
                    for e, n in deps_mod.traverse(graph, start, d, depth, keep)]
        setattr(model, attr, rows)
    if unit_imports and not is_dir:  # one Java-like file: each package row names the classes it imports from it
        units_of = [e for e in model.imports if e.depth == 1 and e.unit]
        resolver = graph.resolver
        reached = {id(imp): next((r.unit for r in resolver.classify(imp) if r.targets), None)
                   for imp in unit_imports} if resolver is not None else {}
        for e in units_of:
            e.names = _unit_names(e.unit or "", unit_imports, [u.unit or "" for u in units_of], reached)
    if keep is not None:  # what the default left out, so nothing is dropped silently
        model.tests_left_out = _tests_near(graph, start, direction, prefix if is_dir else None)
    declared = read_manifests(read, _manifests(files, rel, prefix, is_dir))
    if is_dir:
        model.declared = [DeclaredDep(name=d.name, version=d.version, manifest=d.manifest, group=d.group) for d in declared]
    if external:
        versions = {normalize_pkg(d.name): d.version or "(any)" for d in declared}
        model.external = _externals(graph, start, versions, per_path=units and not is_dir)
        # none read (none found, or none of a kind we read: a .cabal file): no package can be called undeclared
        model._manifests = bool(declared)
        if unit_imports and not is_dir:  # and each external package names what the file imports from it
            claimed = [e.unit or "" for e in model.imports if e.unit]
            for pkg in model.external:
                pkg.names = _external_names(pkg.package, unit_imports, claimed)
    if (statements or (language == "ruby" and statements is not None)) and not is_dir and depth == 1 \
            and direction != "dependents" and graph.resolver is not None:  # Ruby: also a file whose requires are all values
        model._statements = use_statements(graph.resolver, rel, statements, STATEMENT_SEPARATORS.get(language or "", "::"))
        if declared:  # each package with the version its manifest declares (ESLint run 286 read package.json for
            # `debug`'s range and whether it sat in dependencies or devDependencies)
            model._statements = [(lines, written, _with_version(reach, declared, rel))
                                 for lines, written, reach in model._statements]
        if not external:  # `external=false`: the statements reaching the repository (ext4.h's 25 kernel headers were listed)
            model._statements = [st for st in model._statements
                                 if not re.search(r"\[(?:not in the repository|standard library|external|system header|std|crate|gem|package)\b", st[2])]
        model._statement_word = {"rust": "use/mod statement", "c": "#include", "cpp": "#include",
                                 "csharp": "using directive", "swift": "import"}.get(
            language or "", "import statement")
        # the same rows in the typed result (structuredContent had the files reached, not the statements as written)
        model.statements = [f"{', '.join(map(str, lines))}: {written}  {reach}".rstrip()
                            for lines, written, reach in model._statements]
    model._build_note = note
    model._unresolved = [(u.source, u.module, u.line, u.outside) for f in sorted(start) for u in graph.unresolved.get(f, [])]
    model._values = [] if is_dir else list(graph.values.get(rel, []))
    extra = unresolved_lines(model._unresolved, rel)
    if model.tests_left_out:
        extra.append(tests_note(model.tests_left_out))
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
                        "tsx": "js", "ruby": "rb", "csharp": ".", "swift": "."}
#: a Ruby line that loads code: a literal one is an import the index records; the others load what a value names
_RUBY_STRING = re.compile(r"\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'")
_RUBY_LOAD = re.compile(r"(?<![\w.:@$])(?:require|require_relative|load)\b[ \t(]*(?!['\"\s])[\w@$:]")


def _unit_names(unit: str, imports: list[Any], units: list[str], reached: dict[int, str | None] | None = None) -> list[str]:
    """The names a file imports from package `unit`: `Connection` for `import org.jsoup.Connection;`, `*`,
    `Connection.Method.HEAD (static)` for `import static org.jsoup.Connection.Method.HEAD;` (a static import goes
    to the longest package it starts with); `reached`: the unit each import resolved to, which names a Scala
    import relative to its scope (`import BasicIO.{Uncloseable, Streamed}` in scala.sys.process) by what it wrote."""
    out: list[str] = []
    for imp in sorted(imports, key=lambda i: i.line):
        mod = imp.module
        if mod == unit or (unit.endswith("." + mod) and mod not in units):  # Scala's relative `import immutable.List`
            out += [n for n in imp.names if n] or ["*"]
        elif reached and reached.get(id(imp)) == unit and not mod.startswith(unit + "."):
            out += [f"{mod}.{n}" for n in imp.names if n] or [mod]
        elif mod.startswith(unit + ".") and max((u for u in units if mod.startswith(u + ".")), key=len) == unit:
            rest = mod[len(unit) + 1:]
            if rest[:1].isupper():  # a class path: a static import of its members (Scala: an object's members)
                static = "" if imp.path.endswith((".scala", ".sc")) else " (static)"
                out += [f"{rest}.{n}{static}" for n in imp.names if n] or [f"{rest}.*{static}"]
    return list(dict.fromkeys(out))


def _tests_near(graph: deps_mod.DepGraph, start: set[str], direction: str, inside: str | None) -> int:
    """How many test files the files import or are imported by (outside the directory `inside`)."""
    near = {e.target for f in start for e in graph.imports_of(f)} if direction != "dependents" else set()
    if direction != "imports":
        near |= {e.source for f in start for e in graph.dependents_of(f)}
    return sum(1 for f in near if is_test_path(f) and f not in start and not (inside is not None and f.startswith(inside)))


def _manifests(files: list[str], rel: str, prefix: str, is_dir: bool) -> list[str]:
    """The manifests that declare what `rel` may use: those under a directory, or a file's folder and its parents."""
    manifests = [f for f in files if MANIFEST_RE.search(f) and not VENDORED.search(f)]
    if is_dir:
        return [m for m in manifests if m.startswith(prefix) or "/" not in m]
    parents = {"/".join(rel.split("/")[:i]) for i in range(len(rel.split("/")))}
    return [m for m in manifests if m.rsplit("/", 1)[0] in parents or "/" not in m]


def _externals(graph: deps_mod.DepGraph, start: set[str], versions: dict[str, str], *, per_path: bool) -> list[ExternalPkg]:
    """The external packages the files import, the standard library last, each with how many files use it and the
    version a manifest declares (`per_path`: one file's Go imports, each import path)."""
    used: Counter[str] = Counter()
    std: dict[str, bool] = {}
    owner: dict[str, str] = {}
    lines: dict[str, list[int]] = {}
    for f in sorted(start):
        for name in {x.unit if per_path and x.unit else x.package for x in graph.externals.get(f, [])}:
            used[name] += 1  # files using it
        for x in graph.externals.get(f, []):
            name = x.unit if per_path and x.unit else x.package
            std[name] = x.stdlib
            owner[name] = x.package
            if len(start) == 1 and x.line not in lines.setdefault(name, []):
                lines[name].append(x.line)
    return [ExternalPkg(package=p, stdlib=std[p], used_by=n, declared=declared_version(owner[p], versions),
                        lines=sorted(lines.get(p, ())))
            for p, n in sorted(used.items(), key=lambda kv: (std[kv[0]], -kv[1], kv[0]))]


def _python_statement(lines: list[str], line: int) -> str:
    """A Python statement starting at `line`, its parenthesized or backslash-continued lines joined."""
    if not 0 < line <= len(lines):
        return ""
    out, k = [lines[line - 1]], line
    depth = lines[line - 1].count("(") - lines[line - 1].count(")")
    while k < len(lines) and k - line < 200 and (depth > 0 or out[-1].rstrip().endswith("\\")):
        out.append(lines[k])
        depth += lines[k].count("(") - lines[k].count(")")
        k += 1
    return " ".join(out)


def _python_external_names(package: str, imports: list[Any], lines: list[str]) -> list[str]:
    """What a Python file imports from an outside package, as written: `the module` for `import os`, `path` for
    `import os.path`, `etree.ElementTree as ET`, `abc.Mapping` for `from collections.abc import Mapping`, aliases
    kept (review of 0983ee4: whole-module imports had vanished and `import os.path` read as a star import)."""
    out: list[str] = []
    for imp in sorted(imports, key=lambda i: i.line):
        mod = imp.module or ""
        if mod != package and not mod.startswith(package + "."):
            continue
        rest = mod[len(package) + 1:]
        text = _python_statement(lines, imp.line)  # (its own lines: never the next import's `as sa_cast`)
        if not imp.names:  # `import os`, `import os.path`, `import xml.etree.ElementTree as ET`
            alias = re.search(rf"\bimport\s+{re.escape(mod)}\s+as\s+(\w+)", text)
            out.append((rest or "the module") + (f" as {alias.group(1)}" if alias else ""))
            continue
        for n in imp.names:
            if not n:
                continue
            alias = re.search(rf"\b{re.escape(n)}\s+as\s+(\w+)", text)
            out.append(f"{rest + '.' if rest else ''}{n}" + (f" as {alias.group(1)}" if alias else ""))
    out = list(dict.fromkeys(out))
    return [] if out == ["the module"] else out  # (`import copy` alone: the package's name says it)


def _external_names(package: str, imports: list[Any], claimed: list[str]) -> list[str]:
    """What a file imports from an external package, the sub-package path kept (`java.nio`: Buffer,
    charset.Charset); a module a repository package claims is not the external one's."""
    out: list[str] = []
    for imp in sorted(imports, key=lambda i: i.line):
        mod = imp.module
        if mod != package and not mod.startswith(package + "."):
            continue
        if any(mod == u or mod.startswith(u + ".") for u in claimed):
            continue
        rest = mod[len(package) + 1:]
        static = " (static)" if rest[:1].isupper() else ""
        out += [f"{rest + '.' if rest else ''}{n}{static}" for n in imp.names if n] or [f"{rest + '.' if rest else ''}*"]
    return list(dict.fromkeys(out))


def use_statements(resolver: deps_mod.Resolver, rel: str, imports: list[Any], sep: str = "::") -> list[tuple[list[int], str, str]]:
    """One row per distinct import statement of a file (a Rust or PHP `use`, a C #include, a JS/TS import), as
    (lines, the statement as written, what it reaches):
    `crate::runtime::{context,scheduler,RuntimeFlavor}` -> its repository files; `std::future::Future` -> [standard library];
    `serde::Serialize` (or `self::serde::de::X` after `extern crate serde`) -> [crate serde]; `Kind::*` -> [local].
    A long brace list keeps its first names and a count."""
    rows: dict[tuple[str, str], list[int]] = {}
    crates: dict[str, str] = {}  # names bound to an external crate in this file (`extern crate serde;`)
    # Ruby: the line as written (`require_relative 'core_ext/regexp' if RUBY_VERSION < '2.4'` says when it loads)
    source = (resolver.read_text(rel) or "").splitlines() if sep in ("rb", "/", ".", "js") and resolver.read_text else []
    swift = rel.endswith(".swift")
    conditions = preprocessor_conditions(source) if sep in ("/", ".") else {}  # C, C++ and C# #if groups
    for imp in sorted(imports, key=lambda i: i.line):
        written = _as_written(imp, sep, source if sep == "rb" else [])
        if swift and 0 < imp.line <= len(source):  # `@testable import ExpoModulesCore`, `@_exported import Combine`
            written = " ".join(source[imp.line - 1].split("//", 1)[0].split())
        results = resolver.classify(imp)
        if any(r.kind == "mod" for r in results):
            written = f"mod {imp.module}"
        reach = _reach(imp, results, rel, written, sep, crates)
        if imp.line in conditions:
            reach = f"{reach} (only {conditions[imp.line]})".lstrip()
        if sep == "js" and 0 < imp.line <= len(source) and _js_lazy(source, imp.line):
            reach = f"{reach} [lazy]".lstrip()  # a `require` in a function or block: loads when that code runs
        if sep == "js" and 0 < imp.line <= len(source):
            written = _ts_type_only(written, imp, source)
        rows.setdefault((written, reach), []).append(imp.line)
    if sep == "js":  # `/// <reference types="@fastify/websocket" />`: types brought in without an import
        for n, text in enumerate(source[:80], 1):
            ref = re.match(r"\s*///\s*<reference\s+(types|path)\s*=\s*[\"']([^\"']+)[\"']", text)
            if ref:
                what = f"[types of package {ref.group(2)}]" if ref.group(1) == "types" else \
                    "-> " + posixpath.normpath(posixpath.join(posixpath.dirname(rel), ref.group(2)))
                rows.setdefault((f"/// <reference {ref.group(1)}=\"{ref.group(2)}\" />", what), []).append(n)
    recorded = {imp.line for imp in imports}
    for n, text in enumerate(source if sep == "rb" else [], 1):  # `require library`: loads what a value names at run time
        code = _RUBY_STRING.sub('""', text).split("#", 1)[0]  # not a word of a string or a comment
        if n not in recorded and _RUBY_LOAD.search(code):
            rows.setdefault((text.strip()[:120], "[a value: known only at run time]"), []).append(n)
    ordered = sorted(rows.items(), key=lambda kv: kv[1][0]) if source else list(rows.items())
    out = [(lines, written, reach) for (written, reach), lines in ordered]
    if sep == "js" and out and all(reach.startswith("-> ./") for _, _, reach in out):
        # every import is of a file next to it (rxjs' Observable.ts): the paths say it, no arrows needed; among
        # others, a row without one read as unresolved (tRPC A/B run 62)
        out = [(lines, written, re.sub(r"^-> \./\S+\s*", "", reach)) for lines, written, reach in out]  # `[lazy]` stays
    return out


def _js_lazy(source: list[str], line: int) -> bool:
    """Whether a `require(..)`/`import(..)` on `line` runs only when code around it does: its declaration starts
    indented (in a function or block). A declarator continuing a top-level `const a = require(..),` list, or the
    end of a destructuring over several lines (ESLint's linter.js, lines 13-33), loads with the module."""
    if not re.search(r"\b(?:require|import)\s*\(", source[line - 1]):
        return False
    n = line
    while n > 1 and not re.match(r"\s*(?:const|let|var)\b", source[n - 1]) and line - n < 40 \
            and _pattern_line(source[n - 2]):
        n -= 1  # up through the declaration's earlier declarators and pattern lines
    return source[n - 1][:1] in (" ", "\t")


def _pattern_line(text: str) -> bool:
    """A line continuing a declaration into the next: a declarator ending in `,`, or a destructuring pattern's
    opening (`{`, `Legacy: {`); not a function's or a block's header (`function load() {`, `if (x) {`, `return {`)."""
    stripped = text.strip()
    if re.match(r"(?:function|if|else|for|while|try|return|switch|do)\b|.*(?:\)|=>)\s*\{$", stripped):
        return False
    return stripped.endswith(",") or stripped == "{" or re.fullmatch(r"[\w$]+\s*:\s*\{", stripped) is not None


def _ts_type_only(written: str, imp: Any, source: list[str]) -> str:
    """A TS import as written with what only brings types: `import type {...}` whole (`(types only)`), inline
    `type X` names each (`type WSSHandlerOptions`); the tRPC A/B agent read the file to tell them apart."""
    statement = []
    for text in source[imp.line - 1: imp.line + 30]:
        statement.append(text)
        if re.search(r"\bfrom\b|;\s*$", text):
            break
    whole = " ".join(statement)
    if re.match(r"\s*(?:import|export)\s+type\b", whole):
        return written.replace("':", "' (types only):", 1) if "':" in written else f"{written} (types only)"
    for name in [n for n in imp.names if n]:
        if re.search(rf"\btype\s+{re.escape(name)}\b", whole):
            written = re.sub(rf"(?<![\w$]){re.escape(name)}(?![\w$])", f"type {name}", written, count=1)
    return written


def _as_written(imp: Any, sep: str, source: list[str]) -> str:
    """An import statement as its language writes it (a Ruby line as is; a JS/TS module with what it binds; a
    long brace list with its first names and a count)."""
    names = [n for n in imp.names if n]
    written = re.sub(r"\s*,\s*}", "}", imp.module)
    shown = ", ".join(names[:6]) + (f", … {len(names) - 6} more" if len(names) > 6 else "")
    if sep == "rb":
        line = source[imp.line - 1].strip() if 0 < imp.line <= len(source) else ""
        written = (line[:117] + "...") if len(line) > 120 else line or f"require '{imp.module}'"
    elif sep == "js":
        written = f"'{imp.module}': {shown}" if names else f"'{imp.module}'"  # default, named or namespace: as bound
    elif names and "{" not in written and not written.endswith((sep + "*", sep + names[-1])) and written != names[-1]:
        written += sep + (names[0] if len(names) == 1 else "{" + ",".join(names) + "}")
    brace = re.search(r"\{([^{}]*)\}$", written)
    if brace and brace.group(1).count(",") >= 6:
        items = brace.group(1).split(",")
        written = written[: brace.start()] + "{" + ",".join(items[:5]) + f",… {len(items) - 5} more}}"
    return written


def _reach(imp: Any, results: list[Any], rel: str, written: str, sep: str, crates: dict[str, str]) -> str:
    """What an import statement reaches: repository files (`-> ...`), the folder a C header is found under, the
    standard library or an external package, or why nothing (`[local]`, `[no repository file]`); records the
    crates a Rust file binds in `crates`."""
    targets: list[str] = sorted({t for r in results for t in r.targets if t != rel})
    ext: list[str] = sorted({r.external for r in results if r.external})
    head = re.sub(r"^(?:self|crate)::", "", imp.module).split("::")[0]
    bare = written.strip('"<> ')
    near = posixpath.normpath(posixpath.join(posixpath.dirname(rel), imp.module)) if imp.module.startswith(".") else ""
    if sep == "js" and len(targets) == 1 and imp.module.startswith("./") \
            and posixpath.splitext(targets[0])[0] in (near, near + "/index"):
        # './Operator' from internal/Observable.ts is internal/Operator.ts: the file's name in its folder (a row
        # without a target read to the tRPC A/B agent as unresolved)
        return "-> ./" + posixpath.relpath(targets[0], posixpath.dirname(rel))
    if sep == "/" and len(targets) == 1 and targets[0].endswith("/" + bare):
        return "-> " + targets[0][: -len(bare)]  # <linux/mm.h> -> include/: the folder it is found under
    dirs = sorted({posixpath.dirname(t) for t in targets})
    if sep == "." and len(targets) > 1 and len(dirs) <= 3:  # a C# namespace: the folders holding it
        return "-> " + ", ".join(f"{d}/ ({sum(posixpath.dirname(t) == d for t in targets)} files)" for d in dirs)
    if targets:
        return "-> " + ", ".join(targets[:6]) + (f" and {len(targets) - 6} more" if len(targets) > 6 else "")
    if sep == "/":  # C/C++: <linux/mm.h> the repository does not hold is a system or generated header
        return "[system header]" if any(r.stdlib for r in results) else "[not in the repository]"
    if ext:
        std = {r.external for r in results if r.stdlib}
        rust = sep == "::"
        for e in ext:
            crates.setdefault(head, e)
        # a Swift module no Package.swift or .podspec of the repository builds: external, as the project view says it
        # (the Swift A/B agent read `[package ExpoModulesCore]` here and `external` there)
        kind = "crate" if rust else "gem" if sep == "rb" else "external module" if rel.endswith(".swift") else "package"
        # (Swift's `Foundation`, `UIKit`: Apple's system frameworks, not the language's standard library)
        # (Rust's `[std]` had read to the tracing-core agent, run 456, as the `std` feature)
        own = "system framework" if rel.endswith(".swift") else "standard library"
        return "[" + ", ".join(own if e in std else f"{kind} {e}" for e in ext) + "]"
    if head in crates and sep == "::":
        return f"[crate {crates[head]}]"
    if any(r.unresolved and getattr(r, "outside", False) for r in results):
        return "[outside the root]"  # `../../../package.json` from web/src: above the repository
    return "[no repository file]" if any(r.unresolved for r in results) else "[local]"


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


def tests_note(n: int) -> str:
    return f"{n} test file{'s' if n != 1 else ''} left out (tests=true lists {'them' if n != 1 else 'it'})"


def unresolved_lines(items: list[tuple[str, str, int, bool]], single: str | None, limit: int = 30) -> list[str]:
    """'unresolved: ./types (line 4)' and 'outside the root: ../package.json (line 12)' (with 'of <file>' for a folder)."""
    out = []
    for kind, label in (("no file", "unresolved"), ("outside", "outside the root"),
                        ("run time", "a path computed when it runs (shell `. \"$file\"`)")):
        these = [(src, mod, line) for src, mod, line, out_ in items
                 if ("outside" if out_ else "run time" if "$" in mod or "`" in mod else "no file") == kind]
        if these:
            shown = [f"{mod} (line {line}{'' if src == single else ' of ' + src})" for src, mod, line in these[:limit]]
            more = f", … {len(these) - limit} more" if len(these) > limit else ""
            out.append(f"{label}: " + ", ".join(shown) + more)
    return out


def _with_version(reach: str, declared: list[Any], rel: str) -> str:
    """`[package debug]` -> `[package debug ^4.3.2]`, `[package mocha ^10.0.0 (dev)]`: a statement's external package
    (or crate, gem) with the spec and group the nearest manifest around the file declares it with, every group it
    names it in (`[package jiti ^2.6.1 (dev), * (peer)]`); unchanged when none does (review of 4bd54a8: a monorepo's
    root devDependency had won over the package's own dependency)."""
    folder = rel.rpartition("/")[0]

    def nearness(d: Any) -> int:  # the manifest's folder depth when it holds the file, else -1
        base = d.manifest.rpartition("/")[0]
        return base.count("/") + 1 if base and (folder == base or folder.startswith(base + "/")) else 0 if not base else -1

    by_name: dict[str, list[Any]] = {}
    for d in declared:
        if nearness(d) >= 0:
            by_name.setdefault(normalize_pkg(d.name), []).append(d)
    order = {"main": 0, "peer": 1, "optional": 2, "dev": 3}

    def one(m: re.Match[str]) -> str:
        found = next((by_name[c] for c in distribution_candidates(m.group(2)) if c in by_name), None)
        if not found:
            return m.group(0)
        near = max(nearness(d) for d in found)
        mine = sorted((d for d in found if nearness(d) == near and d.version),
                      key=lambda d: order.get(d.group.split(":")[0], 4))
        said = ", ".join(f"{d.version}{'' if d.group == 'main' else f' ({d.group})'}" for d in mine)
        return f"{m.group(1)} {m.group(2)} {said}" if said else m.group(0)
    return re.sub(r"\b(package|crate|gem) ([\w@./-]+)(?=[,\]])", one, reach)


def declared_version(pkg: str, versions: dict[str, str]) -> str | None:
    for cand in distribution_candidates(pkg):
        if cand in versions:
            return versions[cand]
    return None
