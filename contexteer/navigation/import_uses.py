"""One file's imports with the names it uses from each: list_dependencies' `view="uses"`.

Every A/B question set asked "what does this file import, and which imported names does it use (with the lines and,
for the repository's, where each is defined)": the contexteer agents answered it in 4-6 calls (the imports, then
the whole file read, then a search per name), the shell agents in 2-3. Here one call answers it: per import line,
each name the code uses from it (a name imported by name, a package's or module's members read through its
qualifier, the names a glob brings that the file uses), the lines it is used on (from the index's references:
code, not comments or strings) and, for a repository import, the definition it reaches."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from contexteer.indexers.lookup import (
    REAL_OVERLOADS,
    body_of,
    cpp_out_of_class,
    go_imports_package,
    type_checking_only,
)
from contexteer.indexers.model import CLASS_KINDS
from contexteer.indexers.namesakes import go_import_names
from contexteer.indexers.resolve_base import package_dir
from contexteer.indexers.syntax import kotlin_receiver, rust_module_name, top_level
from contexteer.navigation.models import ImportUse, UsedName
from contexteer.navigation.service import NavigationService
from contexteer.workspace import repo_text

#: at most this many lines per used name (then "+N more"): a line number is a token or two, and a count cut at 12 had
#: sent the client_golang agent to a search for the 13th `fmt.Errorf`
MAX_LINES = 40
#: a glob import (`use super::plumbing::*`, `from x import *`) lists at most this many of the names it brings
MAX_GLOB_NAMES = 30


def import_uses(nav: NavigationService, rel: str) -> list[ImportUse]:
    """Per import statement of `rel` (in line order): the names its code uses from it."""
    imports = nav.index.imports_of(rel)
    language = rel.rsplit(".", 1)[-1]
    if not imports and language not in ("java", "kt", "scala", "php"):
        return []
    lines = (repo_text(nav.ws, rel) or "").split("\n")
    # `mod chain;` is module structure, no import of names
    imports = [i for i in imports if not re.match(r"\s*(?:pub(?:\([\w:]+\))?\s+)?mod\s", _line(lines, i.line))]
    statements = {i.line: _statement(lines, i.line) for i in imports}
    spans = {n for span in statements.values() for n in span}
    plain, members = _names_written(nav, rel, lines)
    refs = {name: [n for n in at if n not in spans] for name, at in plain.items()}
    every = {name: [n for n in at if n not in spans] for name, at in members.items()}
    for name, at in refs.items():
        every[name] = sorted(set(every.get(name, [])) | set(at))
    if language == "cs":  # a using imports a namespace, not names
        from contexteer.navigation.csharp_uses import csharp_import_uses

        read_off = {name: [n for n in at if n not in spans] for name, at in members.items()}
        return _finished(csharp_import_uses(nav, rel, lines, refs, read_off), lines, spans, {}, set())
    syms = nav.index.symbols_in_file(rel)
    # (a C++ method defined outside its class, `registry::set_level`, is no name of the file's own: `logger->set_level`)
    # (nor a Rust impl block, named by the type it is for: `impl IntoDeserializer for String` defines no String, and
    # serde run 278's `use lib::*` row had left out String, Vec, Cow and the maps for it)
    own = {s.name for s in syms if s.parent_id is None and not cpp_out_of_class(s) and s.kind != "impl"}
    resolver = nav.resolver()
    imported = nav.imported(rel)
    bound_elsewhere = {_alias(" ".join(lines[k - 1] for k in statements[i.line]), n) or _bound(n)
                       for i in imports for n in i.names if n and n != "*"}
    out: list[ImportUse] = []
    claimed: set[str] = set()  # C: a name two includes bring is the first one's
    declares = _c_declares(nav, resolver, imports) if language in _C_FAMILY else {}
    # (Ruby: the modules and classes the file itself opens, `module Kramdown`, are no names it takes from a require)
    own_consts = {s.name for s in syms if s.kind in ("class", "module")} if language == "rb" else set()
    rb_declares = {i.line: {x.name for r in resolver.classify(i) for f in r.targets for x in nav.index.symbols_in_file(f)
                            if x.kind in ("class", "constant")} for i in imports} if language == "rb" else {}
    for imp in imports:
        targets = [f for r in resolver.classify(imp) for f in r.targets]
        found = ImportUse(line=imp.line, module=imp.module, names=[])
        if language in _C_FAMILY:
            # a name is first the include's that declares it itself (ioctl.c's ext4_jbd2.h, which includes ext4.h,
            # had taken every name of the later `#include "ext4.h"`: "no name of it used", review of stop 34)
            later = {n for line, names in declares.items() if line != imp.line for n in names} - declares.get(imp.line, set())
            out.append(_c_include(nav, resolver, found, targets, refs, every, own | claimed | later, claimed,
                                  (lines, syms)))
            continue
        if language == "rb" and re.match(r"\s*(?:require|require_relative|load)\b", _line(lines, imp.line)):
            claimed |= own_consts
            # (a class is first the require's whose file defines it: mustermann's ast/pattern.rb gave EqualityMap to
            # `require 'mustermann/regexp_based'`, which requires it in turn, and read "no name of it used" for
            # `require 'mustermann/equality_map'`, run 479)
            later = {n for line, names in rb_declares.items() if line != imp.line for n in names} - rb_declares.get(imp.line, set())
            out.append(_ruby_require(nav, resolver, found, targets, (refs, every, lines), claimed, rel, later))
            continue
        names = [n for n in imp.names if n and n != "*"]
        text = " ".join(lines[n - 1] for n in statements[imp.line])
        found.type_checking = language in ("py", "pyi") and type_checking_only(lines, imp.line)
        found.condition = _rust_use_cfg(lines, imp.line) if language == "rs" else None
        found.type_only = (language in ("ts", "tsx", "mts", "cts") and bool(re.match(r"\s*import\s+type\s+(?!from\b)[{*\w$]", text))) or None
        if not names and language == "php" and re.match(r"\s*use\s+(?:(?:function|const)\s|\\?\w+\s*;)", text):
            # `use function count;`, `use const E_USER_DEPRECATED;`: the statement binds the path's last name (the
            # Monolog A/B agent was told five used imports were unused)
            names = [imp.module.rstrip("\\").rsplit("\\", 1)[-1]]
        names, found.directive = _how_bound(imp, names, text, language, syms)
        if found.directive:  # `from __future__ import ...`, Go `_ "net/http/pprof"`, a TS `export {x} from`
            found.names += _go_dot_uses(nav, (names, language), targets, refs, own)  # (and what a dot import gives)
            out.append(found)
            continue
        scope, inner = _import_scope(syms, lines, imp.line, language)
        local, local_every = _scoped(refs, scope, inner), _scoped(every, scope, inner)
        if _whole_module(nav, found, language, (names, targets, text, imp.module), local, own | bound_elsewhere,
                         around=_innermost_function(syms, imp.line)):
            out.append(found)
            continue
        member_rows = None if names else _js_member_require(nav, imp, lines, local, targets) if language in _JS \
            else None
        if member_rows is not None:  # `const X = require('m').Y`, `require('./check_reqs').run()`
            found.names += member_rows
            out.append(found)
            continue
        names = names or (_rust_module_import(imp) if language == "rs" else [])
        space = _namespace(imp, names, text, lines, language, _go_package(nav, targets) if language == "go" else None,
                           objects=language in _JS and _exports_object(nav, targets))
        if language == "go" and names and space == names[0] and space != imp.module.rsplit("/", 1)[-1]:
            found.module = f"{imp.module} as {space}"  # `dto "github.com/prometheus/client_model/go"` (run 220)
        if space is not None:  # `prometheus.Register(...)`, `os.path.join(...)`, `ns.x` after `import * as ns`
            read = _haskell_qualified(space, lines, spans) if language == "hs" else \
                _qualified_uses(space, local, local_every, lines, syms if language == "go" else None)
            for member, at in read:
                found.names.append(_used(nav, f"{space}.{member}", member, at, targets))
            found.names += _zig_aliases(space, lines, refs) if language == "zig" else []
        elif names:
            for n in names:
                if language == "rs" and _rust_module_rows(nav, found, n, (imp.module, targets),
                                                          (local, local_every, lines)):
                    continue
                name = _alias(text, n) or _bound(n)
                # a barrel's name (`export * from './router'`): the files it re-exports it from, too
                # (not for an import resolved to no repository file: League\Config's `use Nette\Schema\ValidationException
                # as NetteValidationException` took the file's other import of a ValidationException, run 473)
                reach = targets + [f for f in imported.get(_original(n), []) if f not in targets] if targets else []
                written = name if name == _original(n) else f"{_original(n)} as {name}"
                sub = _submodule(nav, targets, _original(n)) if language in ("py", "pyi") else None
                if sub is not None:  # `from ._internal import _repr`: a module, read as `_repr.ReprArgs`
                    found.names += _module_members(nav, written, name, sub, local, local_every, lines)
                    continue
                at = _written_uses(local, name, language, lines, spans, scope, syms) or _qualifying(imports, imp.line,
                                                                                                   name, language)
                # PHP: `namespace Nette\Schema\Elements;`, `Nette\Schema\Message::X` write the name as a segment;
                # `use Nette;` is used by `Nette\Utils\ObjectHelpers::getSuggestion(..)` (Nette run 430)
                at = [k for k in at if _php_bare(_line(lines, k), name)] if language == "php" else at
                qualified = _php_qualified(nav, name, lines, spans) if language == "php" else []
                if at or not qualified:
                    found.names.append(_used(nav, written, _original(n), at, reach, lines))
                found.names += qualified
                # `Utils::substr(..)`, `Logger::DEBUG`, `Logger.verbose(..)`: the members it is written with
                found.names += _static_members(nav, name, _original(n), at, lines, reach, _STATIC_ACCESS.get(language)) \
                    or _instance_members(nav, name, _original(n), at, lines, reach, language)
                if language == "rs":  # a trait in scope: the calls of its methods it lets the file make
                    # (not in an inline module with imports of its own: serde's value.rs `mod private` calls
                    # `deserialize_map` through its own `use de::{.., Deserializer}`; run 263)
                    # (only an inner module that imports the trait itself: `mod tests { use super::*; }` sees the
                    # file's import, review of 565f0d8)
                    own_import = [(a, b) for a, b in inner if any(a <= i.line <= b and _original(n) in i.names
                                                                  for i in imports)]
                    _rust_trait_calls(nav, found, _definition(nav, _original(n), reach)
                                      or _reexported(nav, _original(n), reach), lines,
                                      spans | {k for a, b in own_import for k in range(a, b + 1)}, scope, syms)
        # (a name the same scope imports by name is that import's, not a glob's: tracing-core's `mod test { use
        # super::*; use crate::metadata::Kind; }` had given `Kind` to both rows, run 456)
        # (the innermost module each is in: an import of a module nested in the glob's is not the glob's scope's,
        # review of 5582f6d)
        here = {_alias(" ".join(lines[k - 1] for k in statements[i.line]), n) or _bound(n)
                for i in imports if i.line != imp.line and _rust_module_at(syms, i.line) == _rust_module_at(syms, imp.line)
                for n in i.names if n and n != "*"} if language == "rs" and "*" in imp.names else set()
        _whole_import(nav, found, (imp, names, space, text), targets, local, own | bound_elsewhere, language,
                      (lines, rel), here)
        out.append(found)
    # (a file with no import at all too: ramsey/uuid's TimestampLastCombCodec extends StringCodec of its namespace)
    if language in ("java", "kt", "scala", "php"):
        same = _same_package(nav, rel, lines, refs, language, own | bound_elsewhere)
        if same.names:
            out.append(same)
    if language == "swift":  # a whole module per import; the module's own names need none
        from contexteer.navigation.swift_uses import swift_module_rows

        out = swift_module_rows(nav, rel, lines, refs, out)
    if out:
        _language_passes(nav, rel, out, lines, syms, language)
    return _finished(out, lines, spans, refs if language == "php" else {}, own, docblocks=language in _DOCBLOCK_TYPES)


def _language_passes(nav: NavigationService, rel: str, out: list[ImportUse], lines: list[str], syms: list[Any],
                     language: str) -> None:
    """What a language's rows say besides: Java-like names written qualified and type parameters apart, Rust enum
    variants apart, Python annotation-only uses."""
    if language in ("java", "kt", "scala"):
        _qualified_apart(nav, out, lines)
        _type_parameters_apart(out, syms)
    if language == "rs":
        _rust_variants_apart(out, syms, lines)
    if language in ("py", "pyi"):
        _python_local_rebinds(nav, rel, out, syms)
        _python_static_uses(nav, rel, out, lines)
    if language == "hs":
        _haskell_named_reexports(nav, out)


def _haskell_defines(nav: NavigationService) -> Callable[[str, str], bool]:
    """Whether module `m` may bring name `n`: a module outside the repository may; a repository one if it defines it."""
    def defines(m: str, n: str) -> bool:
        path = m.replace(".", "/") + ".hs"
        if nav.index.file_info(path) is None:
            return True
        return any(s.name == n for s in nav.index.symbols_in_file(path))
    return defines


def _haskell_named_reexports(nav: NavigationService, out: list[ImportUse]) -> None:
    """A name imported by name from a repository module that does not define it but re-exports it (`import
    Text.Pandoc.Templates (renderTemplate)`, from Text.DocTemplates): where it is exported, and from what."""
    for u in out:
        missing = [un for un in u.names if un.lines and not un.defined and not un.note]
        path = u.module.split()[0].replace(".", "/") + ".hs" if missing else ""
        if not path or nav.index.file_info(path) is None:
            continue
        again = _haskell_reexports(path, repo_text(nav.ws, path) or "", _haskell_defines(nav))
        for un in missing:
            if un.name in again:
                un.defined, origin = again[un.name]
                un.note = f"from {origin}"


def _python_local_rebinds(nav: NavigationService, rel: str, out: list[ImportUse], syms: list[Any]) -> None:
    """A use inside a function that imports the name again (`from .traceback import Traceback` in RichHandler.emit)
    is that import's, never the module-level one's (Rich run 336: `Traceback at 152,219` under the TYPE_CHECKING
    import, whose only use is the annotation at 219)."""
    local: list[tuple[str, int, int]] = []  # (bound name, import line, end of its function)
    for imp in nav.index.imports_of(rel):
        fn = _innermost_function(syms, imp.line)
        if fn is not None:
            local += [(_bound(n), imp.line, fn.end_line) for n in imp.names if n and n != "*"]
    if not local:
        return
    for u in out:
        if not u.line or _innermost_function(syms, u.line) is not None:
            continue
        for un in u.names:
            head = _bound(un.name).split(".")[0]
            cut = [n for n in un.lines if any(b == head and a < n <= e for b, a, e in local)]
            if cut and not un.more:
                un.lines = [n for n in un.lines if n not in cut]


def _python_static_uses(nav: NavigationService, rel: str, out: list[ImportUse], lines: list[str]) -> None:
    """Python: a name used in annotations only (`Callable at 145` in `def f(cb: Callable[..])`), or only inside `if
    TYPE_CHECKING:` blocks, says so (click run 315, pydantic run 320: each agent read whole files to tell)."""
    from contexteer.indexers import languages
    from contexteer.indexers.lookup import type_checking_only
    from contexteer.indexers.uses import python_annotation_lines

    spec = languages.BY_NAME.get("python")
    runtime = python_annotation_lines("\n".join(lines).encode("utf-8", "replace"), spec) if spec is not None else {}
    if not runtime:
        return
    for u in out:
        if u.type_checking:  # (the import line says so already)
            continue
        for un in u.names:
            if not un.lines or un.more:
                continue
            head = un.name.rpartition(" as ")[2].split(".")[0]
            said = "annotations only" if not any(n in runtime.get(head, ()) for n in un.lines) else \
                "under TYPE_CHECKING only" if all(type_checking_only(lines, n) for n in un.lines) else None
            if said:
                un.note = f"{un.note}, {said}" if un.note else said


def _js_member_require(nav: NavigationService, imp: Any, lines: list[str], local: dict[str, list[int]],
                       targets: list[str]) -> list[UsedName] | None:
    """A CommonJS require whose value is read at once: `const PluginManager = require('cordova-common').PluginManager`
    binds the member (its uses are the local's), `require('./check_reqs').run()` calls one on its line (cordova's
    Api.js had been told of nine such requires that "no name of it used in code"). None for another shape."""
    text = _line(lines, imp.line)
    spec = re.escape(imp.module)
    bound = re.search(rf"\b(?:const|let|var)\s+([\w$]+)\s*=\s*require\(\s*['\"`]{spec}['\"`]\s*\)\s*\.\s*([\w$]+)", text)
    def row(written: str, member: str, at: list[int]) -> UsedName:  # (the member of the file itself, no namesake
        # it imports: create.js's `exports.create` is no CordovaGradleConfigParserFactory.create)
        return UsedName(name=written, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                        defined=_definition(nav, member, targets) if at else None)

    if bound is not None:
        name, member = bound.group(1), bound.group(2)
        return [row(member if member == name else f"{member} as {name}", member,
                    [n for n in local.get(name, []) if n != imp.line])]
    read = [m.group(1) for m in re.finditer(rf"require\(\s*['\"`]{spec}['\"`]\s*\)\s*\.\s*([\w$]+)", text)]
    return [row(f"{m}()" if re.search(rf"require\(\s*['\"`]{spec}['\"`]\s*\)\s*\.\s*{re.escape(m)}\s*\(", text)
                else m, m, [imp.line]) for m in dict.fromkeys(read)] or None


def _written_uses(local: dict[str, list[int]], name: str, language: str, lines: list[str], spans: set[int],
                  scope: tuple[int, int] | None, syms: list[Any] | None = None) -> list[int]:
    """The lines that use an imported name: where the code writes it, else (Rust) where it invokes it as a macro
    (`use crate::parse_quote;` then `parse_quote!(..)`), else (Python) in a string annotation (`c: "Console"`)."""
    at = local.get(name, [])
    if at and language == "rs":  # `type Deserializer = StrDeserializer<E>;` in a macro body names an associated
        # type; a use only where the line writes the name again (serde's value.rs had line 243 as the trait's use)
        declared = re.compile(rf"\btype\s+{re.escape(name)}\b")
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        at = [n for n in at if not (declared.search(_line(lines, n)) and len(word.findall(_line(lines, n))) == 1)]
    if not at and language == "rs":
        at = local.get(name + "!", [])
    if at and language in ("kt", "kts", "java") and re.fullmatch(r"[A-Z][A-Z0-9_]*", name):  # (a constant, not a class:
        # `c.core.services.EventEmitter` is moved to the row of names written with their package)
        # a member imported by name (`import android.app.Activity.RESULT_OK`) is not what `Other.RESULT_OK` reads:
        # a line that writes it only after a `.` uses another class's (stripe runs 537, 543 and 545)
        bare = re.compile(rf"(?<![\w$.]){re.escape(name)}(?![\w$])")
        declared = re.compile(rf"\b(?:val|var|fun|class|object|interface|enum)\s+{re.escape(name)}\b")  # (its own namesake)
        at = [n for n in at if bare.search(_line(lines, n).split("//", 1)[0]) and not declared.search(_line(lines, n))]
    if at and language in ("py", "pyi") and syms:  # `shell, _, rest = x.partition("_")` binds a local `_` (run 270)
        at = _python_unshadowed(syms, lines, name, at)
    if language in ("py", "pyi"):  # (beside its code uses too: lark run 523 read `Any … at 63` with line 55's
        # 'Dict[str, Callable[[LexerConf, Any, Any], Any]]' left out, Callable alone on it, and read the file)
        quoted = _string_annotations(lines, name, spans, scope)
        at = sorted({*at, *quoted}) if at and quoted else at or quoted
    return at


def _python_unshadowed(syms: list[Any], lines: list[str], name: str, at: list[int]) -> list[int]:
    """The lines of `at` outside the Python functions that bind `name` themselves (an assignment or tuple unpacking
    statement, a `for` statement or an `as` target, a parameter): there it is a local in the whole function, never
    the import (click's `shell, _, instruction = instruction.partition("_")` had been a use of gettext's `_`).
    A function's own binding shadows it in that function only, not in one nested in it or around it; a keyword
    argument or a comprehension's `for` inside brackets binds nothing there (review of 24736f4)."""
    if not at:
        return at
    w = re.escape(name)
    binds = re.compile(rf"^\s*(?:\(?(?:\*?[\w.]+\s*,\s*)*\*?{w}\s*(?:,\s*\*?[\w.]+\s*)*,?\)?\s*(?:[-+*/|&]?=)(?!=)"
                       rf"|(?:async\s+)?for\s+[^=]*?(?<![\w.]){w}\b[^=]*?\bin\b"
                       rf"|.*\bas\s+{w}\s*[:,)])")
    param = re.compile(rf"\bdef\s+\w+\s*\((?:[^)]*?,)?\s*\*{{0,2}}{w}\s*[:=,)]")
    funcs = [f for f in syms if f.kind in ("function", "method")]
    hidden: list[tuple[int, int, list[tuple[int, int]]]] = []
    for f in funcs:
        inner = [(g.start_line, g.end_line) for g in funcs
                 if g is not f and f.start_line < g.start_line and g.end_line <= f.end_line]
        own = param.search(" ".join((f.signature or _line(lines, f.start_line)).split())) is not None
        depth = 0  # open brackets before the line: inside them a line is no statement
        for n in range(f.start_line + 1, min(f.end_line, len(lines)) + 1):
            text = _line(lines, n)
            code = re.sub(r"#.*$", "", re.sub(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"", "''", text))
            if not own and depth == 0 and not any(a <= n <= b for a, b in inner) and binds.match(text):
                own = True
            depth = max(0, depth + sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}"))
        if own:  # (the def line's annotations and defaults are read outside: `def f(Style: Style = None)`; a
            # parameter named so alone, `def first(render):`, is no use)
            head = _line(lines, f.start_line)
            alone = len(re.findall(rf"(?<![\w.]){w}(?!\w)", head)) == 1 and param.search(head) is not None
            hidden.append((f.start_line + (0 if alone else 1), f.end_line, inner))
    return [n for n in at if not any(a <= n <= b and not any(c <= n <= d for c, d in inner) for a, b, inner in hidden)]


#: how a class's static members are written after its name, per file extension
_STATIC_ACCESS = {"php": "::", "java": ".", "kt": ".", "scala": "."}


def _static_members(nav: NavigationService, name: str, original: str, at: list[int], lines: list[str],
                    reach: list[str], sep: str | None) -> list[UsedName]:
    """The members of an imported repository class the file reaches through its name (`Utils::substr` at 224,
    `Logger::DEBUG`, Java's `Logger.verbose(..)`), each with its definition: the Monolog A/B agent read the lines to
    learn which of Utils's methods BrowserConsoleHandler.php calls. `sep`: how the language writes it (None: not
    asked)."""
    if sep is None or not at:
        return []
    cls = next((s for f in reach for s in nav.index.symbols_in_file(f)
                if s.name == original and s.kind in CLASS_KINDS and s.parent_id is None), None)
    if cls is None:
        return _outside_members(name, at, lines, sep) if not reach and sep == "::" else []
    return _members_read(nav, name, cls, at, lines, sep)


def _outside_members(name: str, at: list[int], lines: list[str], sep: str) -> list[UsedName]:
    """The constants and static members written off an imported class from outside the repository
    (`DataInterface::REPLACE at 86`): League\\Config run 473 read `DataInterface at 86` and searched for what of it."""
    rx = re.compile(rf"(?<![\w$\\]){re.escape(name)}{re.escape(sep)}([A-Za-z_]\w*)(\s*\()?")
    found: dict[str, list[int]] = {}
    for k in at:
        for m in rx.finditer(lines[k - 1] if 0 < k <= len(lines) else ""):
            if m.group(1) != "class":
                found.setdefault(m.group(1) + ("()" if m.group(2) else ""), []).append(k)
    return [UsedName(name=f"{name}{sep}{member}", lines=sorted(set(ks))) for member, ks in found.items()]


#: a module-level value made by a class: `export const timeoutManager = new TimeoutManager()`, `console = Console()`
_INSTANCE_OF = {"js": re.compile(r"=\s*new\s+([A-Z][\w$]*)\s*[(<]"), "py": re.compile(r"=\s*([A-Z]\w*)\s*\(")}


def _instance_members(nav: NavigationService, name: str, original: str, at: list[int], lines: list[str],
                      reach: list[str], language: str) -> list[UsedName]:
    """The members read off an imported module-level instance of a repository class, each with its definition
    (`timeoutManager.setTimeout (timeoutManager.ts:169) at 526`): the TanStack A/B agent (run 218) searched the file
    for which of timeoutManager's methods it calls."""
    if language not in _JS and language not in ("py", "pyi"):
        return []
    made = _INSTANCE_OF["py" if language in ("py", "pyi") else "js"]
    value = next((s for f in reach for s in nav.index.symbols_in_file(f)
                  if s.name == original and s.kind in ("variable", "constant") and s.parent_id is None), None) \
        if at else None
    m = made.search(value.signature or "") if value is not None else None
    if value is None or m is None:
        return []
    cls = next((s for s in nav.index.symbols_in_file(value.path) if s.name == m.group(1) and s.kind in CLASS_KINDS), None) \
        or next((s for s in nav.index.find_symbols(m.group(1), match="exact", kind="class", limit=5)
                 if s.language == value.language), None)
    return _members_read(nav, name, cls, at, lines, ".") if cls is not None else []


def _members_read(nav: NavigationService, name: str, cls: Any, at: list[int], lines: list[str], sep: str) -> list[UsedName]:
    """`name{sep}member` on lines `at`, for each member of class `cls`, with the member's definition."""
    members: dict[str, list[Any]] = {}
    for s in nav.index.symbols_in_file(cls.path):
        if s.parent_id == cls.id:
            members.setdefault(s.name, []).append(s)
    # (a Java call with explicit type arguments, `NotNullPredicate.<E>notNullPredicate()`: Commons Collections run 282)
    rx = re.compile(rf"(?<![\w$\\]){re.escape(name)}\s*{re.escape(sep)}\s*(?:<[^<>()]*(?:<[^<>()]*>[^<>()]*)*>\s*)?\$?([A-Za-z_]\w*)")
    found: dict[str, list[int]] = {}
    for k in at:
        for m in rx.finditer(_line(lines, k)):
            if m.group(1) in members:
                found.setdefault(m.group(1), []).append(k)
    out = []
    for member, where in found.items():
        defs = members[member]  # (overloads: every one's line, `Logger.java:84,88,92`)
        where = sorted(set(where))
        out.append(UsedName(name=f"{name}{sep}{member}", lines=where[:MAX_LINES], more=max(0, len(where) - MAX_LINES),
                            defined=f"{defs[0].path}:{','.join(str(d.start_line) for d in defs)}"))
    return out


def _rust_module_import(imp: Any) -> list[str]:
    """`use ser;` binds the module itself, read as `ser::Error` (serde's de/value.rs had "no name of it used")."""
    return ["self"] if "*" not in imp.names and re.fullmatch(r"(?:(?:crate|self|super)::)*\w+", imp.module) else []


def _rust_module_rows(nav: NavigationService, found: ImportUse, n: str, imp: tuple[str, list[str]],
                      code: tuple[dict[str, list[int]], dict[str, list[int]], list[str]]) -> bool:
    """A Rust import of a module (`use std::fmt::{self, Debug}`'s self; `use crate::dfa;`, the module src/dfa.rs or
    src/dfa/mod.rs): its members the code reads through its path (`fmt::X`, `dfa::Fsm`), never a field or a local
    named like it (regex run 268: the row had exec.rs's `dfa` field for its definition and the `let mut dfa = ..`
    lines for uses). False for any other name."""
    module, targets = imp
    name = _original(n)
    if n == "self":
        mod = re.sub(r"::\{.*$", "", module).rsplit("::", 1)[-1].split(" as ")[-1].strip()
    elif any(rust_module_name(t) == name for t in targets) and not any(
            s.name == name and s.parent_id is None for t in targets for s in nav.index.symbols_in_file(t)):
        # (not `use crate::find_byte::find_byte;`, the function of its module's name: review of cd112fa)
        mod = _bound(n)
    else:
        return False
    local, every, lines = code
    for member, at in _qualified_uses(mod, local, every, lines, path_only=True):
        found.names.append(_used(nav, f"{mod}::{member}", member, at, targets))
    return True


def _whole_module(nav: NavigationService, found: ImportUse, language: str, imp: tuple[list[str], list[str], str, str],
                  local: dict[str, list[int]], taken: set[str], around: Any = None) -> bool:
    """An import of a whole module's names that a language writes its own way (Elixir `import X` / `use X`, Scala
    `import X._`): its row filled, True; False for any other import. `around`: the method the import sits in."""
    names, targets, text, module = imp
    if language in ("ex", "exs") and not names and targets:
        return _elixir_import(nav, found, targets, text, local, taken)
    if language == "scala" and names == ["_"]:
        _scala_members(nav, found, module, local, taken, around)
        return True
    return False


def _scala_members(nav: NavigationService, found: ImportUse, module: str, local: dict[str, list[int]],
                   taken: set[str], around: Any = None) -> None:
    """Scala `import Process._`, `import processInternal._`: the members of the object (or class) it names, and of the
    traits it extends, that the file uses (the Scala A/B agent, run 173, was told both imports were unused: `_` had
    been read as a name); `import io._` on a parameter of the method it sits in (`def run(io: ProcessIO)`): the
    members of the parameter's class (run 227 was told nothing of it was used)."""
    name = module.rsplit(".", 1)[-1]
    owners = [s for s in nav.index.find_symbols(name, match="exact", limit=10)
              if s.kind in ("module", "class", "trait", "object") and s.language == "scala"]
    typed = re.search(rf"[(,]\s*{re.escape(name)}\s*:\s*([A-Z]\w*)", around.signature or "") \
        if around is not None and not owners and "." not in module else None
    if typed is not None:
        owners = [s for s in nav.index.find_symbols(typed.group(1), match="exact", limit=10)
                  if s.kind in ("class", "trait") and s.language == "scala"]
    objects = [s for s in owners if s.kind == "module"] or owners
    brought: dict[str, Any] = {}
    for owner in objects[:2]:
        bases = re.findall(r"(?:extends|with)\s+([A-Za-z_]\w*)", owner.signature or "")
        holders = [owner] + [b for base in bases for b in nav.index.find_symbols(base, match="exact", limit=3)
                             if b.kind in ("trait", "class") and b.language == "scala"]
        for h in holders:
            for m in nav.index.symbols_in_file(h.path):
                if m.parent_id == h.id:
                    brought.setdefault(m.name, m)
    used = [n for n in local if local[n] and n in brought and n not in taken]
    found.glob = len(used)
    for n in used[:MAX_GLOB_NAMES]:
        m = brought[n]
        at = sorted(local[n])
        found.names.append(UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                                    defined=f"{m.path}:{m.start_line}"))


def _elixir_import(nav: NavigationService, found: ImportUse, targets: list[str], text: str, local: dict[str, list[int]],
                   taken: set[str]) -> bool:
    """An Elixir `use X` (its __using__ macro runs as the module compiles) or `import X` (its functions are called
    bare: `create_file(..)`; the Mix A/B agent was told no name of `import Mix.Generator` was used): its row filled,
    True; False for any other statement."""
    if re.match(r"\s*use\s", text):
        using = next((u for f in targets for u in nav.index.symbols_in_file(f) if u.name == "__using__"), None)
        if using is None:
            return False
        found.directive = f"`use` runs its __using__ macro ({using.path}:{using.start_line}) as this module compiles"
        return True
    if re.match(r"\s*import\s", text):
        _glob_names(nav, found, targets, local, taken, "ex")
        return True
    return False


def _glob_names(nav: NavigationService, found: ImportUse, targets: list[str], local: dict[str, list[int]],
                taken: set[str], language: str, lines: list[str] | None = None) -> None:
    """The names a glob import brings that the file uses (and neither defines nor imports by name: `taken`)."""
    syms = [s for f in targets for s in nav.index.symbols_in_file(f)]
    # (hs: a module's data constructors and record fields too, `writerColumns`; not an instance's methods, `def`)
    instances = {s.id for s in syms if s.kind in ("impl", "instance")}
    brought = {s.name for s in syms if (s.parent_id is None or (language in ("ex", "exs", "hs")
                                                                and s.parent_id not in instances))
               and s.kind not in ("impl", "instance", "module")}
    inline = _rust_glob_module(syms, found.module) if language == "rs" else None
    reexports: dict[str, tuple[str, str]] = {}
    if language == "hs":  # a module's export list names what it re-exports from its own imports (Options' `def`)
        for f in targets:
            reexports.update({n: v for n, v in _haskell_reexports(f, repo_text(nav.ws, f) or "",
                                                                   _haskell_defines(nav)).items() if n not in brought})
        brought |= set(reexports)
    if inline is not None:  # `use lib::*` of serde's `mod lib { pub use self::core::{..}; .. }` in lib.rs
        brought = {s.name for s in syms if s.parent_id == inline.id and s.kind not in ("impl", "module")}
        reexports = _rust_reexports((repo_text(nav.ws, inline.path) or "").split("\n"), inline)
        brought |= set(reexports)
        # a module it re-exports is used as `fmt::Formatter`, never by a method of its name (`fn fmt(&self, ..)`)
        local = {n: [k for k in at if lines is None or not (n in reexports and n[:1].islower())
                     or re.search(rf"(?<![\w:]){re.escape(n)}\s*::", lines[k - 1] if 0 < k <= len(lines) else "")]
                 for n, at in local.items()}
    used = [n for n in local if local[n] and n in brought and n not in taken]
    found.glob = len(used)
    for n in used[:MAX_GLOB_NAMES]:
        if n in reexports:  # `Cow (lib.rs:185, from std::borrow)`: where the module re-exports it, and what it is
            where, origin = reexports[n]
            found.names.append(UsedName(name=n, lines=local[n][:MAX_LINES], more=max(0, len(local[n]) - MAX_LINES),
                                        defined=where, note=f"from {origin}"))
        else:
            found.names.append(_used(nav, n, n, local[n], targets))
    if not used and language == "rs" and not found.names:
        found.directive = (f"a glob import: no name the code uses is defined in {', '.join(targets[:2])}"
                           + ("" if inline is not None else "; the names it re-exports (`pub use`) are not listed"))


def _haskell_reexports(path: str, text: str, defines: Callable[[str, str], bool] | None = None) -> dict[str, tuple[str, str]]:
    """The names a Haskell module's export list names that it imports (`module Text.Pandoc.Options (.., def, ..)` with
    `import Data.Default`): each with the export's `path:line` and where it comes from, the import that names it or,
    failing that, the modules it imports whole (Pandoc runs 291 and 327: `def` missing from the Options row)."""
    head = re.search(r"^module\s+[\w.']+\s*\((.*?)\)\s*where\b", text, re.S | re.M)
    if head is None:
        return {}
    start = text.count("\n", 0, head.start(1)) + 1
    exported: dict[str, int] = {}
    body = re.sub(r"--[^\n]*", "", head.group(1))
    for m in re.finditer(r"(?<![\w.'])(module\s+[\w.']+|[A-Za-z_][\w']*)", body):
        if not m.group(1).startswith("module"):
            exported.setdefault(m.group(1), start + body.count("\n", 0, m.start()))
    named: dict[str, str] = {}
    whole: list[str] = []
    for m in re.finditer(r"^import\s+(qualified\s+)?([\w.']+)(?:\s+as\s+[\w.']+)?\s*(\((?:[^()]|\([^()]*\))*\))?",
                         text, re.M):
        if m.group(3) is None:
            if not m.group(1):  # (a qualified import's names are exported qualified, never bare)
                whole.append(m.group(2))
        else:
            for n in re.findall(r"[A-Za-z_][\w']*", m.group(3)):
                named.setdefault(n, m.group(2))
    base = path.rsplit("/", 1)[-1]
    out: dict[str, tuple[str, str]] = {}
    for n, line in exported.items():
        # (a repository module imported whole that does not define the name brings none: Text.Pandoc.Extensions)
        fro = [w for w in whole if defines is None or defines(w, n)]
        if n in named or fro:
            out[n] = (f"{base}:{line}", named.get(n) or (fro[0] if len(fro) == 1 else "one of " + ", ".join(fro[:4])))
    return out


def _rust_glob_module(syms: list[Any], module: str) -> Any:
    """The inline module (`mod lib { .. }`) a Rust glob import names when it stands in the file the import resolved
    to (serde's `use lib::*;` is src/lib.rs's `mod lib`), else None."""
    path = [p.strip() for p in re.sub(r"::\s*\*\s*$", "", module).split("::") if p.strip() not in ("", "*")]
    name = path[-1] if path else ""
    return next((s for s in syms if s.kind == "module" and s.name == name and s.end_line > s.start_line), None)


def _rust_reexports(lines: list[str], mod: Any) -> dict[str, tuple[str, str]]:
    """The names the `pub use` statements directly inside a Rust inline module bind, each with the statement's
    `path:line` and the path it re-exports from (`Cow` -> (`src/lib.rs:185`, `std::borrow`)); `self` binds the
    module's name, `x as y` y."""
    out: dict[str, tuple[str, str]] = {}
    text = "\n".join(lines[mod.start_line : mod.end_line - 1])
    depth_at = [0]
    for ch in text:  # (braces of nested items: only statements at the module's own level count)
        depth_at.append(depth_at[-1] + (ch == "{") - (ch == "}"))
    for m in re.finditer(r"\bpub(?:\s*\([^)]*\))?\s+use\s+([^;]+);", text):  # (`pub(crate) use` too)
        if depth_at[m.start()] != 0:
            continue
        line = mod.start_line + 1 + text.count("\n", 0, m.start())
        for name, origin in _use_tree(re.sub(r"\s+", "", re.sub(r"\s+as\s+", "@", m.group(1)))):
            out.setdefault(name, (f"{mod.path}:{line}", origin.removeprefix("self::")))
    return out


def _use_tree(tree: str, prefix: str = "") -> list[tuple[str, str]]:
    """(bound name, path it comes from) for each leaf of a Rust use tree without spaces, `as` written `@`:
    `a::{b,c::{self,D@E}}` gives (b, a), (c, a), (E, a::c); a glob binds nothing here."""
    head, brace, rest = tree.partition("{")
    if not brace:
        path, _, alias = (prefix + tree).partition("@")
        parts = [p for p in path.split("::") if p]
        if not parts or parts[-1] == "*":
            return []
        bound = alias or parts[-1]
        return [(bound, "::".join(parts[:-1]) or bound)]
    out: list[tuple[str, str]] = []
    base = prefix + head
    for item in top_level(rest.removesuffix("}"), "{"):
        if item == "self":  # `clone::{self, Clone}` binds the module `clone`
            parts = [p for p in base.split("::") if p]
            out += [(parts[-1], "::".join(parts[:-1]) or parts[-1])] if parts else []
        else:
            out += _use_tree(item, base)
    return out


def _whole_import(nav: NavigationService, found: ImportUse, imp: tuple[Any, list[str], str | None, str],
                  targets: list[str], local: dict[str, list[int]], taken: set[str], language: str,
                  file: tuple[list[str], str] | None = None, here: set[str] | None = None) -> None:
    """The names an import of a whole module brings that the file uses: a glob (`use x::*`, `from m import *`) or
    a Haskell `import M` without a list or a qualifier; `here`: the names other imports of its scope bind by name."""
    statement, names, space, text = imp
    lines = file[0] if file is not None else None
    if "*" in statement.names and language in ("java", "kt") and _jvm_glob(nav, found, (statement, text), targets,
                                                                          local, taken):
        return
    if "*" in statement.names and language == "rs" and file is not None \
            and _rust_enum_glob(nav, found, statement.module, targets or [file[1]], local):
        return
    if "*" in statement.names and language == "rs" and file is not None and not targets \
            and re.fullmatch(r"\s*super\s*(?:::\s*\*)?\s*", statement.module):
        # `mod tests { use super::*; }`: the file's own items (review of 565f0d8)
        targets = [file[1]]
        taken = (taken - {s.name for s in nav.index.symbols_in_file(file[1]) if s.parent_id is None}) | (here or set())
    if "*" in statement.names and targets:
        _glob_names(nav, found, targets, local, taken, language, lines)
    elif language == "hs" and space is None and not names:
        _haskell_whole(nav, found, targets, local, taken, text)


def _jvm_glob(nav: NavigationService, found: ImportUse, imp: tuple[Any, str], targets: list[str],
              local: dict[str, list[int]], taken: set[str]) -> bool:
    """A Java or Kotlin wildcard import of a class's members (`import static joptsimple.internal.Reflection.*;`,
    Kotlin `import x.Y.*`) or of an outside package (`import java.util.*`): the names the file uses bare that it
    brings: a repository class's members with their definitions, a standard library's from jvm_names; False for a
    repository package (the ordinary glob). jopt-simple run 487 read three used static imports "no name of it used"."""
    statement, text = imp
    module = statement.module.strip().removesuffix(".*")
    owner = module.rsplit(".", 1)[-1]
    static = bool(re.match(r"\s*import\s+static\b", text))
    found.module = f"{'static ' if static else ''}{module}.*"  # the row says the import's form (run 495 read it)
    if static or owner[:1].isupper():  # a member of the class the code is in (or inherits) hides the import's:
        local = {n: at for n, at in local.items() if not _jvm_member_here(nav, statement.path, n, at)}
    lines = (repo_text(nav.ws, statement.path) or "").split("\n")
    local = _jvm_bare_uses(lines, local)
    cls = next((s for f in targets for s in nav.index.symbols_in_file(f) if s.name == owner and s.kind in CLASS_KINDS
                and s.parent_id is None), None) if owner[:1].isupper() else None
    if cls is not None:
        # (`import static X.*` brings X's static members; `import X.*` only its member types: review of stop 56)
        members = {s.name: s for s in nav.index.symbols_in_file(cls.path) if s.parent_id == cls.id
                   and ((s.kind in CLASS_KINDS) if not static else
                        (cls.kind == "interface" or s.kind in CLASS_KINDS or re.search(r"\bstatic\b", s.signature or "")))}
        used = [n for n in members if local.get(n) and n not in taken]
        found.names += [UsedName(name=f"{owner}.{n}", lines=local[n][:MAX_LINES], more=max(0, len(local[n]) - MAX_LINES),
                                 defined=f"{members[n].path}:{members[n].start_line}") for n in used[:MAX_GLOB_NAMES]]
        found.glob = len(used)
        return True
    if targets:
        return False
    from contexteer.navigation.jvm_names import PACKAGE_TYPES, STATIC_MEMBERS

    known = STATIC_MEMBERS.get(module) if static or owner[:1].isupper() else PACKAGE_TYPES.get(module)
    if known is None:
        return False
    here = package_dir(statement.path)  # (a class of the file's own package shadows a wildcard's of that name)
    used = [n for n in sorted(known) if local.get(n) and n not in taken
            and not any(c.name == n and c.kind in CLASS_KINDS and package_dir(c.path) == here for c in nav.index.symbols_named(n))]
    found.names += [UsedName(name=f"{owner}.{n}" if static or owner[:1].isupper() else n, lines=local[n][:MAX_LINES],
                             more=max(0, len(local[n]) - MAX_LINES)) for n in used[:MAX_GLOB_NAMES]]
    found.glob = len(used)
    return True


#: a Java/Kotlin declaration of a local, parameter or field named `w` (`int max = ..`, `(int count)`, `val x: T`)
_JVM_DECLARED = r"(?:\b(?:int|long|short|byte|char|float|double|boolean|var|val|final)|[A-Z][\w.]*(?:<[^;()]*>)?(?:\[\])*)\s+{w}\s*[=;,):]"


def _jvm_bare_uses(lines: list[str], local: dict[str, list[int]]) -> dict[str, list[int]]:
    """The lines where a name is used bare as a wildcard import could give it: a lower-case name called (`abs(..)`,
    never `Math.min(..)` nor a local `min`), any name never declared in the file as a local, parameter or field
    (review of stop 56: `int min = ..` and `Math.min(..)` had been credited to `import static java.lang.Math.*`)."""
    text = "\n".join(lines)
    out: dict[str, list[int]] = {}
    for n, at in local.items():
        if n[:1].isupper() and re.search(_JVM_DECLARED.format(w=re.escape(n)), text):
            continue  # (a lower-case name counts where it is called: `int min = min(a, b);` calls it)
        rx = re.compile(rf"(?<![\w$.]){re.escape(n)}\s*\(" if n[:1].islower() else rf"(?<![\w$.]){re.escape(n)}(?![\w$])")
        keep = [k for k in at if 0 < k <= len(lines) and rx.search(lines[k - 1])]
        if keep:
            out[n] = keep
    return out


def _jvm_member_here(nav: NavigationService, path: str, name: str, at: list[int]) -> bool:
    """Whether the classes around every use of `name` define or inherit a member of that name (jopt-simple's
    `convertWith(converter, argument)` in ArgumentAcceptingOptionSpec is AbstractOptionSpec's, not the one `import
    static joptsimple.internal.Reflection.*` brings)."""
    from contexteer.indexers.lookup import _inherited_member

    syms = nav.index.symbols_in_file(path)
    classes = [s for s in syms if s.kind in CLASS_KINDS and any(s.start_line <= n <= s.end_line for n in at)]
    return bool(classes) and all(any(m.parent_id == c.id and m.name == name for m in syms)
                                 or _inherited_member(nav.index, c, name, nav.index.symbols_in_file) is not None
                                 for c in classes)


def _rust_enum_glob(nav: NavigationService, found: ImportUse, module: str, files: list[str],
                    local: dict[str, list[int]]) -> bool:
    """A Rust glob import of an enum's variants (`use self::MatchType::*;`, `use crate::dfa::Result::*;`): the
    variants the code in its scope writes bare, each with its definition; False when the path names no enum of
    those files (regex run 268: seven such imports read "no name of it used")."""
    name = re.sub(r"::\s*\*\s*$", "", module).rsplit("::", 1)[-1].strip()
    enum = next((s for f in files for s in nav.index.symbols_in_file(f) if s.kind == "enum" and s.name == name), None)
    if enum is None:
        return False
    variants = [v for v in nav.index.symbols_in_file(enum.path) if v.parent_id == enum.id]
    used = [(v, sorted(local[v.name])) for v in variants if local.get(v.name)]
    found.glob = len(used)
    for v, at in used[:MAX_GLOB_NAMES]:
        found.names.append(UsedName(name=f"{name}::{v.name}", lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                                    defined=f"{v.path}:{v.start_line}"))
    if not used:
        found.directive = f"a glob import of enum {name}'s variants ({enum.path}:{enum.start_line}): none written bare"
    return True


def _rust_variants_apart(out: list[ImportUse], syms: list[Any], lines: list[str]) -> None:
    """An enum variant named like an imported name is no use of the import: where an inner glob import of the enum
    brings it (`use self::MatchLiteralType::*;` then `AhoCorasick =>`), nor where the file defines it (regex run 268:
    `AhoCorasick at 101,359,718,1496` for `use aho_corasick::AhoCorasick;`, 718 and 1496 the variant)."""
    claimed = {(v.name.rsplit("::", 1)[-1], n) for u in out for v in u.names
               if v.name.startswith(u.module.rsplit("::", 1)[-1] + "::") for n in v.lines}
    enums = {s.id for s in syms if s.kind == "enum"}
    # (a line naming it again, `Paren(Paren)` in syn's mac.rs, uses the imported type as the variant's payload)
    defined = {(s.name, s.start_line) for s in syms if s.parent_id in enums
               and len(re.findall(rf"(?<![\w$]){re.escape(s.name)}(?![\w$])", _line(lines, s.start_line))) == 1}
    for u in out:
        for v in u.names:
            if "::" not in v.name and v.lines:
                v.lines = [n for n in v.lines if (v.name, n) not in claimed and (v.name, n) not in defined]


def _haskell_qualified(space: str, lines: list[str], spans: set[int]) -> list[tuple[str, list[int]]]:
    """The members a Haskell file reads through a qualified import's name (`T.strip`, `B.setMeta`), with their lines;
    a `--` comment's and a string's text left out (the syntax tree reads `T.strip` as one qualified name)."""
    rx = re.compile(rf"(?<![\w'.]){re.escape(space)}\.([A-Za-z_][\w']*)")
    out: dict[str, list[int]] = {}
    for k, text in enumerate(lines, 1):
        if k in spans:
            continue
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text).split("--", 1)[0]
        for m in rx.finditer(code):
            out.setdefault(m.group(1), [])
            if k not in out[m.group(1)]:
                out[m.group(1)].append(k)
    return list(out.items())


def _haskell_whole(nav: NavigationService, found: ImportUse, targets: list[str], local: dict[str, list[int]],
                   taken: set[str], text: str) -> None:
    """A Haskell import of a whole module (`import Text.Pandoc.Shared`, maybe `hiding (..)`): the names the file uses
    that the repository's module defines; for a module from outside the repository, that its names cannot be told
    (Pandoc A/B run 199: nine such imports had read "no name of it used in code")."""
    hidden = set(re.findall(r"[\w']+", text.split("hiding", 1)[1])) if "hiding" in text else set()
    if targets:
        _glob_names(nav, found, targets, local, taken | hidden, "hs")
        if found.names:
            return
    found.directive = ("the whole module" + (f" ({', '.join(targets[:1])})" if targets else ", from outside the repository")
                       + ": the names it brings are not told apart from other modules'"
                       + ("" if not targets else " (none its file defines is used here; it may re-export others')"))


def _rust_use_cfg(lines: list[str], line: int) -> str | None:
    """The `#[cfg(..)]` attributes of a Rust `use` at `line`: on lines right above it (doc comments and other
    attributes between, never a line that holds an item after its attribute: `#[doc(no_inline)] pub use ..;`) and
    in front of it on its own line (`#[cfg(feature = "alloc")] use core::slice;`, rand; review of 5582f6d)."""
    said: list[str] = []
    own = lines[line - 1] if 0 < line <= len(lines) else ""
    said += [" ".join(m.split()) for m in re.findall(r"#\[cfg\((?:[^()]|\([^()]*(?:\([^()]*\))*[^()]*\))*\)\]",
                                                   own.split("use", 1)[0])]
    from contexteer.indexers.syntax import rust_attributes_above, rust_cfg_if_arm

    said = [a for a in rust_attributes_above(lines, line) if a.startswith("#[cfg(")] + said
    arm = rust_cfg_if_arm(lines, line)  # (`cfg_if! { if #[cfg(..)] { use sse2 as imp; } else { .. } }`)
    return " ".join([arm, *said] if arm else said) or None


def _rust_module_at(syms: list[Any], line: int) -> tuple[int, int] | None:
    """The innermost inline module (`mod tests { .. }`) around `line`, None at the file's top level."""
    around = [(s.start_line, s.end_line) for s in syms if s.kind == "module" and s.start_line < line <= s.end_line]
    return min(around, key=lambda r: r[1] - r[0], default=None)


def _import_scope(syms: list[Any], lines: list[str], line: int,
                  language: str) -> tuple[tuple[int, int] | None, list[tuple[int, int]]]:
    """Where an import's names can be used: the function it is in (a Python script's main block), a Rust inline module
    it is in, else the whole file; and the line ranges inside that it cannot reach (a Rust inline `mod private { use
    de::{..}; }` has its own imports and sees none of the file's)."""
    scope = _function_around(syms, line) or (_main_block(lines, line) if language in ("py", "pyi") else None)
    if language != "rs":
        return scope, []
    if scope is None:
        scope = next(((a, b) for a, b in _rust_inline_modules(syms, 0) if a < line <= b), None)
    return scope, _rust_inline_modules(syms, line)


def _scoped(names: dict[str, list[int]], scope: tuple[int, int] | None,
            inner: list[tuple[int, int]]) -> dict[str, list[int]]:
    """The lines of each name within `scope` (None: anywhere) and outside the `inner` ranges."""
    return {k: [n for n in v if (scope is None or scope[0] <= n <= scope[1]) and not any(a <= n <= b for a, b in inner)]
            for k, v in names.items()}


def _rust_inline_modules(syms: list[Any], line: int) -> list[tuple[int, int]]:
    """The line ranges of the inline modules (`mod private { .. }`) of a Rust file not around `line` (0: all)."""
    return [(s.start_line, s.end_line) for s in syms
            if s.kind == "module" and s.end_line > s.start_line and not s.start_line <= line <= s.end_line]


def _same_package(nav: NavigationService, rel: str, lines: list[str], refs: dict[str, list[int]], language: str,
                  skip: set[str]) -> ImportUse:
    """The row of names of the file's package used without an import: a class of the same package (PHP: namespace,
    one folder: `extends AbstractCollectionDecorator<E>`, Monolog's `extends AbstractProcessingHandler`, A/B run 79
    read the file), and in Kotlin and Scala a package-level function or value."""
    folder = rel.rpartition("/")[0]
    same = ImportUse(line=0, module="", names=[])
    for n, at in refs.items():
        at = [k for k in at if not re.match(r"\s*(?:namespace|package)\s", _line(lines, k))]  # `namespace Monolog\Handler;`
        if not at or n in skip:
            continue
        if not n[:1].isupper():
            top = _package_top_level(nav, n, folder, rel, lines, at) if language in ("kt", "scala") else None
            if top is not None:  # `this.weak()`, `logger.info(..)`
                same.names.append(top)
            continue
        hit = next((s for s in nav.index.symbols_named(n) if s.name == n and s.kind in CLASS_KINDS
                    and s.parent_id is None and s.path != rel and s.path.rpartition("/")[0] == folder), None)
        if hit is not None:
            same.names.append(UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                                       defined=_where(nav, hit)))
            same.names += _static_members(nav, n, n, at, lines, [hit.path], _STATIC_ACCESS.get(language))
    return same


def _qualified_apart(nav: NavigationService, out: list[ImportUse], lines: list[str]) -> None:
    """Lines that write a name only with its package (`val legacyModuleRegistry: expo.modules.core.ModuleRegistry`
    beside the package's own ModuleRegistry; `legacyModule<expo.modules.core.interfaces.services.EventEmitter>()`
    beside an imported EventEmitter) use that package's type, not the imported or same-package one: they move to a
    row of their own, each name with its definition where the repository has it."""
    apart: dict[str, UsedName] = {}
    for u in out:
        for un in u.names:
            name = un.name.rpartition(" as ")[2]
            if not name[:1].isupper():  # a package qualifies a type; `this.weak()`, `queue.cancel()` are values'
                continue
            keep = []
            for k in un.lines:
                text = _line(lines, k)
                hits = list(re.finditer(rf"(?<![\w$])((?:[a-z_][\w$]*\.)*)({re.escape(name)})(?![\w$])", text))
                pkgs = {h.group(1).rstrip(".") for h in hits}
                if hits and "" not in pkgs and len(pkgs) == 1 and next(iter(pkgs)).count(".") >= 1 \
                        and not re.search(r"\bimport\s", text):
                    written = f"{pkgs.pop()}.{name}"
                    row = apart.setdefault(written, UsedName(name=written, lines=[], defined=_in_package(nav, written)))
                    row.lines.append(k)
                else:
                    keep.append(k)
            un.lines = keep
    if apart:
        out.append(ImportUse(line=0, module="written with its package, no import", names=list(apart.values())))


_TP = r"<((?:[^<>]|<[^<>]*>)*)>"
_DECLARED_TYPE_PARAMS = re.compile(rf"\bfun\s*{_TP}|\b(?:class|interface|object|record|trait)\s+\w+\s*{_TP}"
                                   rf"|(?:^|\s){_TP}\s+[\w.]+(?:<[^()]*>)?(?:\[\])*\s+\w+\s*$")


def _type_parameters_apart(out: list[ImportUse], syms: list[Any]) -> None:
    """Lines inside a definition whose type parameter has the imported name use the parameter, not the import
    (expo's `inline fun <reified Module> legacyModule(): Module?` beside `import ...modules.Module`)."""
    params: dict[str, list[tuple[int, int]]] = {}
    for s in syms:
        # only a list that declares parameters: `fun <reified Module>`, `class Box<T : Any>`, Java's `<T> T get(`
        # (never a supertype's, a field's or a return type's arguments: `JSTypeConverter<Bundle>` uses Bundle)
        m = _DECLARED_TYPE_PARAMS.search((s.signature or "").split("(", 1)[0])
        for item in top_level(next(g for g in m.groups() if g is not None)) if m else []:
            word = re.match(r"\s*(?:(?:reified|in|out)\s+)*([A-Za-z_]\w*)", item)
            if word:
                params.setdefault(word.group(1), []).append((s.start_line, s.end_line))
    if not params:
        return
    for u in out:
        for un in u.names:
            spans = params.get(un.name.rpartition(" as ")[2])
            if spans:
                un.lines = [k for k in un.lines if not any(a <= k <= b for a, b in spans)]


def _in_package(nav: NavigationService, written: str) -> str | None:
    """The repository's definition of a class written with its package (`expo.modules.core.ModuleRegistry`): one
    named so in a folder ending in the package's path."""
    pkg, _, name = written.rpartition(".")
    folder = "/" + pkg.replace(".", "/")
    hit = next((s for s in nav.index.symbols_named(name) if s.name == name and s.kind in CLASS_KINDS
                and ("/" + s.path.rpartition("/")[0]).endswith(folder)), None)
    return f"{hit.path}:{hit.start_line}" if hit is not None else None


def _package_top_level(nav: NavigationService, name: str, folder: str, rel: str, lines: list[str],
                       at: list[int]) -> UsedName | None:
    """A Kotlin or Scala top-level function or value of the file's package that the code uses without an import:
    an extension function where a receiver is written before it (`this.weak()`), any other where none is (`logger.info`
    for a package-level `val logger`; `registry.getModule<..>()?.logger` is a member of another type)."""
    hit = next((s for s in nav.index.symbols_named(name) if s.name == name and s.parent_id is None and s.path != rel
                and s.kind in ("function", "variable", "constant") and s.path.rpartition("/")[0] == folder), None)
    if hit is None:
        return None
    extension = hit.kind == "function" and kotlin_receiver(hit.signature or "", name) is not None
    rx = re.compile(rf"(\??\.)?\s*\b{re.escape(name)}\b(?!\s*:(?!:))")  # (`name: T` declares a parameter or property)
    declares = re.compile(rf"\b(?:val|var|fun)\s+(?:[\w.<>?]+\.)?{re.escape(name)}\b")
    used = [k for k in at if not declares.search(_line(lines, k))
            and any(bool(m.group(1)) == extension for m in rx.finditer(_line(lines, k)))]
    if not used:
        return None
    return UsedName(name=name, lines=used[:MAX_LINES], more=max(0, len(used) - MAX_LINES), defined=f"{hit.path}:{hit.start_line}")


#: file extensions whose docblocks name types (`/** @var StreamOutput */`, JSDoc's `@param {Foo} x`)
_DOCBLOCK_TYPES = frozenset({"php", "js", "mjs", "cjs", "jsx"})
#: a comment line (a docblock's `*` lines, `//`, `/*`)
_COMMENT_LINE = re.compile(r"\s*(?:\*|/\*|//)")


def _doc_type_mention(name: str) -> re.Pattern[str]:
    """`name` where a docblock writes a type: after a tag (`@var StreamOutput`, `@param Foo|null $x`, `@throws`), or
    in JSDoc braces (`{Cursor}`); not prose ("the full path of the file"), nor `Linter.Config` (another's member)."""
    w = rf"(?<![\w$.\\]){re.escape(name)}(?![\w$])"
    return re.compile(rf"@(?:var|param|return|returns|throws|property(?:-read|-write)?|method|type|see|extends|implements|"
                      rf"mixin|template|uses)\b[^{{\n]*?{w}|\{{[^}}]*{w}[^}}]*\}}")


def _finished(out: list[ImportUse], lines: list[str], spans: set[int], php_refs: dict[str, list[int]],
              own: set[str], *, docblocks: bool = False) -> list[ImportUse]:
    """The rows, with where comments or strings name each name the code never uses (`/** @var InputInterface */`),
    where docblocks name one the code uses too (`docblocks`: PHP, JavaScript; Symfony's TesterTrait names
    StreamOutput in `@var` at 26, which two A/B agents read the file for), and (PHP, given its names) a row of the
    global names written fully qualified."""
    exported = _all_lines(lines)
    for u in out:
        for un in u.names:
            if not un.lines:
                nm = un.name.rpartition(" as ")[2]
                un.mentions = _mentions(lines, nm, spans, None) or None
                # a type written as a string (`cast('PydanticExtraInfo | None', x)`, `-> 'Context'`) uses the name:
                # what a TYPE_CHECKING import is for (pydantic run 414 read it "not used")
                typed = re.compile(rf"(?:\bcast\(\s*|:\s*|->\s*|\[\s*)[rbuf]?['\"][^'\"\n]*(?<![\w.]){re.escape(nm)}(?![\w])")
                in_types = [n for n in un.mentions or [] if typed.search(_line(lines, n))]
                if in_types:
                    un.lines, un.note = in_types, "in string type expressions"
                    un.mentions = [n for n in un.mentions or [] if n not in in_types] or None
                    continue
                # tomlkit run 471: TYPE_CHECKING imports `from builtins import dict as _CustomDict` read "not used",
                # "named only in comments or strings at 11,18,56": 11 is `__all__` (re-exported: what they are for),
                # 56 the runtime branch's `class _CustomDict(..)` defining the name again
                listed = [n for n in un.mentions or [] if n in exported]
                again = [n for n in un.mentions or [] if re.match(
                    rf"\s*(?:class|def|async\s+def)\s+{re.escape(nm)}\b|\s*{re.escape(nm)}\s*(?::[^=\n]*)?=(?!=)",
                    _line(lines, n))]
                if listed:
                    un.lines, un.note = listed, "re-exported: named in __all__"
                if again:
                    said = f"defined again at {','.join(map(str, again))}"
                    un.note = f"{un.note}; {said}" if un.note else said
                if listed or again:
                    un.mentions = [n for n in un.mentions or [] if n not in listed and n not in again] or None
            elif docblocks:
                nm = un.name.rpartition(" as ")[2]
                typed = _doc_type_mention(nm)
                un.mentions = [n for n in _mentions(lines, nm, spans, None) if n not in un.lines
                               and _COMMENT_LINE.match(_line(lines, n)) and typed.search(_line(lines, n))] or None
    return out + (_php_global_names(php_refs, lines, own, spans) if out and php_refs else [])


def _php_global_names(refs: dict[str, list[int]], lines: list[str], own: set[str], spans: set[int]) -> list[ImportUse]:
    """PHP's own classes, functions and constants: written fully qualified (`new \\RuntimeException(..)`,
    `\\count(..)`, `\\PHP_EOL`) or bare where PHP falls back to the global namespace (`PHP_INT_MIN`, `sprintf(..)`).
    No import line brings them, so no other row names them; one row (line 0, module `\\`) when there are any,
    functions written `name()` (the commonmark A/B agent, run 339, found `PHP_INT_MIN` and the eleven functions
    Environment.php calls missing from it)."""
    glob = ImportUse(line=0, module="\\", names=[])
    found: dict[str, list[int]] = {}
    for n, at in refs.items():
        rx = re.compile(rf"(?<![\w\\$])\\{re.escape(n)}(?![\w\\])")
        at = [k for k in at if rx.search(_line(lines, k))]
        if at and n[:1].isupper() and n not in own:
            found[n] = at
    imported = _php_use_functions(lines)  # `use function Symfony\Component\String\s;`: that import's, not global
    literal = _php_literal_check(lines)
    for k, line in enumerate(lines, 1):
        if k in spans or _COMMENT_LINE.match(line):
            continue
        code = _PHP_STRINGS.sub(lambda s: "'" + " " * (len(s.group(0)) - 2) + "'", line.split("//", 1)[0].split("/*", 1)[0])
        for m in _PHP_GLOBAL_CALL.finditer(code):
            name = m.group(1)
            if name.lower() in _PHP_CONSTRUCTS or name in own or name in imported \
                    or re.search(r"\bfunction\s*&?\s*$", code[: m.start(1)]) or literal(line, k, m.start(1)):
                continue  # (`public function &__get(`: a definition; heredoc text, a regex's `# (optional)` comment)
            found.setdefault(f"{name}()", []).append(k)
        for m in _PHP_GLOBAL_CLASS.finditer(code):  # `instanceof \stdClass` (League\Config run 473), `\Closure`
            if m.group(1) not in own and m.group(1) not in found and not literal(line, k, m.start(1)):
                found.setdefault(m.group(1), []).append(k)
            elif m.group(1) in found and k not in found[m.group(1)]:
                found[m.group(1)].append(k)
        for m in _PHP_GLOBAL_CONSTANT.finditer(code):
            if m.group(1) not in own and m.group(1) not in _PHP_LITERALS and m.group(1) not in imported \
                    and not literal(line, k, m.start(1)):
                found.setdefault(m.group(1), []).append(k)
    for n, at in found.items():
        at = sorted(set(at))
        glob.names.append(UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES)))
    return [glob] if glob.names else []


def _php_use_functions(lines: list[str]) -> set[str]:
    """The names a PHP file's `use function` and `use const` lines bind (`use function A\\{b, c as d};` -> b, d)."""
    out: set[str] = set()
    for ln in lines[:400]:
        m = re.match(r"\s*use\s+(?:function|const)\s+(.+?);", ln)
        if m:
            for part in re.split(r"[{},]", m.group(1)):
                words = part.strip().split()
                if words:
                    out.add(words[-1].rsplit("\\", 1)[-1])
    return out


def _php_literal_check(lines: list[str]) -> Callable[[str, int, int], bool]:
    """Whether a column of a PHP line sits in a string, heredoc or comment of the file (parsed once, and only when a
    line could hold one: a multi-line string or heredoc is what the line-wise scan cannot see)."""
    from contexteer.indexers import languages
    from contexteer.indexers.uses import in_literal

    spec = languages.language_for_path("x.php")
    data = "\n".join(lines).encode("utf-8")
    if spec is None or not re.search(rb"<<<|['\"][^'\"\n]*\n", data):
        return lambda line, k, col: False
    return lambda line, k, col: in_literal(data, spec, k, len(line[:col].encode("utf-8")))


_PHP_STRINGS = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")
#: a call of a function by its bare or global name: `\\count($x)`, `sprintf(..)`; not a method (`->f(`, `::f(`),
#: a definition (`function f(`), `new F(`, a variable function (`$f(`) or a namespaced one (`Foo\\f(`)
_PHP_GLOBAL_CALL = re.compile(r"(?<![\w$>:\\])(?<!function )(?<!new )(?<!fn )\\?([a-z_][a-z0-9_]*)\s*\(")
#: a class of the global namespace written by its global name where no stored reference has it (`instanceof
#: \stdClass`): capitals and small letters, no namespace after it, no call
_PHP_GLOBAL_CLASS = re.compile(r"(?<![\w$>:\\])\\((?=[A-Za-z0-9_]*[a-z])(?=[A-Za-z0-9_]*[A-Z])[A-Za-z_][A-Za-z0-9_]*)(?![\w\\(])")
#: a global constant by its bare or global name: `PHP_INT_MIN`, `\\E_USER_DEPRECATED` (an underscore in it, or one
#: of the few without: `PHP_EOL` has one, `M_PI` too); not a class constant (`self::X`) nor a property
_PHP_GLOBAL_CONSTANT = re.compile(r"(?<![\w$>:\\])(?<!const )\\?([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b(?!\s*[(\\:])")
#: language constructs written like calls, and the literals written in capitals
_PHP_CONSTRUCTS = frozenset({
    "if", "elseif", "while", "for", "foreach", "switch", "match", "catch", "array", "list", "isset", "empty", "unset",
    "function", "fn", "return", "echo", "print", "include", "include_once", "require", "require_once", "exit", "die",
    "eval", "declare", "use", "clone", "static", "self", "parent", "and", "or", "xor", "new", "instanceof", "throw",
    "yield", "from", "case", "default", "else", "do", "try", "finally", "global", "as", "insteadof"})
_PHP_LITERALS = frozenset({"TRUE", "FALSE", "NULL"})


_C_FAMILY = frozenset({"c", "h", "cc", "cpp", "cxx", "hh", "hpp", "hxx", "C", "H"})
#: headers followed from one #include (ext4.h brings extents_status.h and fast_commit.h)
MAX_HEADERS = 40


def _c_declares(nav: NavigationService, resolver: Any, imports: list[Any]) -> dict[int, set[str]]:
    """Per #include line, the names the header it reaches declares itself (not through its own includes)."""
    out: dict[int, set[str]] = {}
    for i in imports:
        out[i.line] = {x.name for r in resolver.classify(i) for f in r.targets for x in nav.index.symbols_in_file(f)
                       if x.kind not in ("module", "impl")}
    return out


def _c_include(nav: NavigationService, resolver: Any, found: ImportUse, targets: list[str], refs: dict[str, list[int]],
               every: dict[str, list[int]], taken: set[str], claimed: set[str],
               file: tuple[list[str], list[Any]]) -> ImportUse:
    """A C/C++ `#include`: the names the file uses that the header declares, or the repository headers it
    includes in turn (the ext4 A/B agent read "no name of it used" for ext4.h, which fsync.c uses 20 names of):
    functions, macros, types, enum constants and, read off a value, struct fields; each name under the first
    include that brings it. A header outside the repository declares names no one here knows: said so."""
    if not targets:
        found.directive = "outside the repository: the names it declares are not known here"
        return found
    # (a line above the #include cannot use what it declares: libevent's evutil_rand.c calls the system arc4random
    # at 56-111, under another #if branch, and includes ./arc4random.c at 134; run 496 read them credited to it)
    refs = {n: [k for k in at if k > found.line] for n, at in refs.items()}
    every = {n: [k for k in at if k > found.line] for n, at in every.items()}
    rel_lines, syms = file
    typed_at: dict[Any, Any] = {}  # (line, word) -> type, and the files' symbols: one reading per answer
    own = syms[0].path if syms else None  # (registry.h includes registry-inl.h, which includes registry.h back)
    files = _closure(nav, resolver, targets, skip=own)
    top: dict[str, Any] = {}
    overloads: dict[int, list[int]] = {}  # a top-level function's id -> its line and its overloads' in its file
    seen_params: dict[int, set[str]] = {}  # the same -> the parameter lists seen (a declaration and its definition: one)
    fields: dict[str, list[Any]] = {}  # every struct with a field of the name (ext4_inode.i_flags, ext4_inode_info.i_flags)
    for f in files:
        for sym in nav.index.symbols_in_file(f):
            if sym.kind in ("module", "impl"):
                continue
            # (a C++ method defined outside its class, `logger::sinks()` in logger-inl.h, is a member: `sinks::x`
            # in the file is the namespace, `err_handler_` the file's own class's field)
            if sym.parent_id is None and sym.language == "cpp" and sym.kind == "method":
                continue  # its class declares it (logger.h's `clone` for logger-inl.h's `logger::clone`)
            if sym.parent_id is None:
                first = top.setdefault(sym.name, sym)
                # (a prototype and its definition, one parameter list, are one function; only other parameter
                # lists are overloads, which C cannot have)
                params = seen_params.setdefault(first.id, {_params(first.signature)})
                if first is not sym and sym.kind == first.kind == "function" and sym.path == first.path \
                        and _params(sym.signature) not in params:
                    # C++ `throw_spdlog_ex(msg, errno)` and `throw_spdlog_ex(msg)`: every overload's line (the spdlog
                    # A/B agent's call used the second; the uses view had named the first alone)
                    params.add(_params(sym.signature))
                    overloads.setdefault(first.id, [first.start_line]).append(sym.start_line)
            else:
                fields.setdefault(sym.name, []).append(sym)
    used = [(n, refs[n], top[n]) for n in refs if refs[n] and n in top and n not in taken]
    own = _own_members(nav, syms, files, refs, {n for n, _, _ in used} | taken, rel_lines)
    used += own
    cpp = bool(syms) and syms[0].language == "cpp"
    mine = {n.rpartition(".")[2] for n, _, _ in own}
    own_classes = {n.rpartition(".")[0] for n, _, _ in own}
    declared = {(d.name, d.start_line) for d in syms}  # a C++ class's own member declarations are no reads
    for n in every:  # a struct field read off a value: the struct the value is declared with, else the first
        if not every[n] or n not in fields or n in top or n in taken or n in mine or (refs.get(n) and not cpp):
            continue
        # (C++: a member named bare somewhere, `registry::set_level(..)`'s head, is still read off values elsewhere:
        # `new_logger->set_level(..)`; only lines showing `.n`/`->n`, never `std::n`)
        read = [k for k in every[n] if (n, k) not in declared and (not cpp or (
            k not in refs.get(n, ()) and re.search(rf"(?:\.|->)\s*{re.escape(n)}\b", _line(rel_lines, k))))]
        if not read:
            continue
        owners = [(fld, nav.index.get_symbol(fld.parent_id)) for fld in fields[n]]
        if cpp and own_classes:  # `l.second->set_level(..)` in registry-inl.h is on a value: no registry's own member
            owners = [(fld, o) for fld, o in owners if o is None or o.name not in own_classes]
            if not owners:
                continue  # (a later include's class may have it: logger.h's logger.set_level)
        per: dict[int, tuple[Any, Any, list[int]]] = {}
        for k in read:
            fit = [(fld, o) for fld, o in owners if o is None or _field_owner_fits(nav, rel_lines, syms, k, n, o.name, typed_at)]
            exact = [(fld, o) for fld, o in fit if o is not None and typed_at.get((k, _receiver_word(rel_lines, k, n))) == o.name]
            if fit:
                fld, o = (exact or fit)[0]
                per.setdefault(fld.id, (fld, o, []))[2].append(k)
        used += [(f"{o.name}.{n}" if o is not None else n, at, fld) for fld, o, at in per.values()]
    return _take(found, used, claimed, overloads, nav)


def _own_members(nav: NavigationService, syms: list[Any], files: list[str], refs: dict[str, list[int]],
                 taken: set[str], lines: list[str]) -> list[tuple[str, list[int], Any]]:
    """C++: the members of the classes whose methods the file defines outside them (registry-inl.h's
    `registry::set_error_handler` reads the field `err_handler_`), named bare in the file, from the headers of
    `files` that declare those classes."""
    from contexteer.indexers.lookup import cpp_class_of

    classes = {c.id: c for s in syms if s.language == "cpp" and s.kind == "method" and s.parent_id is None
               and (c := cpp_class_of(nav.index, s)) is not None and c.path in files and c.path != s.path}
    heads = {(s.name, s.start_line) for s in syms}  # `void registry::set_level(..)` names no use of set_level
    out: list[tuple[str, list[int], Any]] = []
    for cls in classes.values():
        members = {m.name: m for m in nav.index.symbols_in_file(cls.path) if m.parent_id == cls.id}
        for n in refs:
            # (`spdlog::level::level_enum` names the namespace `level`, not the member `sink::level()`)
            at = [k for k in refs[n] if (n, k) not in heads
                  and re.search(rf"\b{re.escape(n)}\b(?!\s*::)", _line(lines, k))]
            if at and n in members and n not in taken:
                out.append((f"{cls.name}.{n}", at, members[n]))
    return out


def _ruby_require(nav: NavigationService, resolver: Any, found: ImportUse, targets: list[str],
                  written: tuple[dict[str, list[int]], dict[str, list[int]], list[str]], claimed: set[str],
                  rel: str, later: set[str] | None = None) -> ImportUse:
    """A Ruby `require`: the classes and modules the required file (and the repository files it requires in turn)
    defines that this file names, and the methods it calls on them (`Utils.snake_case`), each under the first
    require that brings it (the kramdown A/B agent read "no name of it used" for all three requires of base.rb)."""
    if not targets:
        named = _ruby_outside_constants(found.module, written, claimed,
                                        lambda n: any(s.name == n and s.language == "ruby" for s in nav.index.symbols_named(n)))
        if named:  # `require 'erb'` ... `ERB.new(..)`: the constant named like the library (kramdown run 330)
            found.names += named
            claimed.update(n.name.split(".")[0] for n in named)
            return found
        found.directive = "outside the repository: the names it defines are not known here"
        return found
    # (never the file itself, which a required file may require back: kramdown/document.rb loads converter/base.rb,
    # and base.rb's own SMART_QUOTE_INDICES had been listed under `require 'kramdown/document'`, kramdown run 251)
    files = _closure(nav, resolver, targets, skip=rel)
    consts: dict[str, Any] = {}
    methods: dict[str, list[Any]] = {}  # every method of the name (Parser.run and Renderer.run)
    for f in files:
        for sym in nav.index.symbols_in_file(f):
            if sym.kind in ("class", "module", "constant"):
                consts.setdefault(sym.name, sym)
            elif sym.kind in ("method", "function") and sym.parent_id is not None:
                methods.setdefault(sym.name, []).append(sym)
    refs, every, lines = written
    later = later or set()
    used = [(n, refs[n], consts[n]) for n in refs if refs[n] and n in consts and n not in claimed and n not in later]
    for n in sorted(set(refs) | set(every)):  # `::Kramdown::Utils.snake_case(..)`: a method called on one of its modules
        for m in methods.get(n, []) if n not in claimed else []:
            owner = nav.index.get_symbol(m.parent_id) if m.parent_id is not None else None
            if owner is None or owner.name in later:
                continue
            rx = re.compile(rf"\b{re.escape(owner.name)}\s*(?:\.|::)\s*{re.escape(n)}\b")
            at = [k for k in sorted(set(refs.get(n, [])) | set(every.get(n, []))) if rx.search(_line(lines, k))]
            if at:
                used.append((f"{owner.name}.{n}", at, m))
    took = _take(found, used, claimed)
    if not took.names:  # what the require loads, for the whole program (rubyzip run 555: 26 of lib/zip.rb's requires
        took.directive = _ruby_loads(nav, targets[0])  # read "no name of it used in code", nothing more)
    return took


def _ruby_loads(nav: NavigationService, path: str) -> str:
    """What a required repository file defines, for every file of the program once loaded: `loads the class
    Zip::DOSTime (lib/zip/dos_time.rb), for the whole program; this file names none of it`."""
    syms = nav.index.symbols_in_file(path)
    ids = {s.id for s in syms}
    # its outermost classes and modules below a namespace module (`module Zip; class DOSTime`: Zip::DOSTime)
    tops = [s for s in syms if s.kind in ("class", "module") and (s.parent_id is None or s.parent_id in ids)]
    inner = [s for s in tops if not any(c.parent_id == s.id and c.kind in ("class", "module") for c in tops)
             or any(c.parent_id == s.id and c.kind not in ("class", "module") for c in syms)]
    def said(s: Any) -> str:
        consts = [c.name for c in syms if c.parent_id == s.id and c.kind == "constant"]
        own = [c for c in syms if c.parent_id == s.id and c.kind not in ("constant", "class", "module")]
        name = nav.qualifier().display(s) or s.qualname
        if consts and not own:  # constants.rb: `module Zip` holding only constants
            return f"{len(consts)} constants of {name} ({', '.join(consts[:3])}{', …' if len(consts) > 3 else ''})"
        return f"{s.kind} {name}"

    shown = [said(s) for s in (inner or tops)[:4]]
    more = f" and {len(inner or tops) - 4} more" if len(inner or tops) > 4 else ""
    what = ", ".join(shown) + more if shown else "no class or module"
    return f"loads {what} for the whole program; this file names none of it"


def _ruby_outside_constants(module: str, written: tuple[dict[str, list[int]], dict[str, list[int]], list[str]],
                            claimed: set[str], own: Callable[[str], bool]) -> list[UsedName]:
    """For a `require` of a library outside the repository: the constants the file writes whose name is a segment of
    the required path, case and underscores aside (`erb` -> ERB, `fileutils` -> FileUtils, `digest/md5` -> Digest,
    `set` -> Set), each with the methods read off it (`ERB.new`); [] when none is."""
    refs, every, lines = written
    if "#{" in module or module.strip("'\"").endswith("/"):  # `require "sequel/plugins/#{name}"`: the path is not known
        return []
    segments = {p.replace("_", "").replace("-", "").lower() for p in module.strip("'\"").split("/") if p}
    out: list[UsedName] = []
    for n in sorted(refs):
        # (never a constant the repository defines: rack's own HTTPS read as `require 'webrick/https'`'s, review)
        if not refs[n] or n in claimed or not n[:1].isupper() or n.lower() not in segments or own(n):
            continue
        out.append(UsedName(name=n, lines=refs[n][:MAX_LINES], more=max(0, len(refs[n]) - MAX_LINES)))
        calls: dict[str, list[int]] = {}
        for k in refs[n]:
            for m in re.finditer(rf"(?<![\w:]){re.escape(n)}\s*(?:\.|::)\s*([a-z_]\w*[?!]?)", _line(lines, k)):
                calls.setdefault(m.group(1), []).append(k)
        out += [UsedName(name=f"{n}.{meth}", lines=sorted(set(at))[:MAX_LINES]) for meth, at in calls.items()]
    return out


def _params(signature: str | None) -> str:
    """A C++ signature's parameter list, spaces and names' defaults aside (`(const std::string &msg, int err)`)."""
    m = re.search(r"\((.*)\)", signature or "")
    return re.sub(r"\s+|=[^,]*", "", m.group(1)) if m else ""


def _take(found: ImportUse, used: list[tuple[str, list[int], Any]], claimed: set[str],
          overloads: dict[int, list[int]] | None = None, nav: NavigationService | None = None) -> ImportUse:
    """The names an include or require brings that the file uses, in order of first use, claimed for it;
    `overloads`: a definition's id -> the lines of it and its overloads in its file."""
    used.sort(key=lambda u: u[1][0])
    claimed.update(n.rpartition(".")[2] for n, _, _ in used)
    found.glob = len(used)
    for n, at, sym in used[:MAX_GLOB_NAMES]:
        at = sorted(at)
        where = ",".join(map(str, sorted(set((overloads or {}).get(sym.id, [sym.start_line])))))
        body = _c_body(nav, sym) if nav is not None else None
        found.names.append(UsedName(name=n, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                                    defined=f"{sym.path}:{where}", note=f"body {body}" if body else None))
    return found


def _c_body(nav: NavigationService, sym: Any) -> str | None:
    """Where a C/C++ function a header only declares is defined (`super.c:6341-6344` for ext4_jbd2.h's
    `int ext4_force_commit(struct super_block *sb);`): the one definition with a body in a source file; None for
    anything else (ext4 run 265: the uses view named the prototype, and the agent searched for the body)."""
    if sym.kind != "function" or sym.language not in ("c", "cpp") or not sym.path.endswith((".h", ".hh", ".hpp", ".hxx")) \
            or "{" in (sym.signature or "") or sym.end_line - sym.start_line > 6:
        return None
    bodies = [d for d in nav.index.symbols_named(sym.name) if d.name == sym.name and d.kind == "function"
              and d.parent_id is None and d.end_line > d.start_line and d.path != sym.path
              and not d.path.endswith((".h", ".hh", ".hpp", ".hxx"))]
    return f"{bodies[0].path}:{bodies[0].start_line}-{bodies[0].end_line}" if len(bodies) == 1 else None


def _closure(nav: NavigationService, resolver: Any, targets: list[str], skip: str | None = None) -> list[str]:
    """The files `targets` are, and the repository files they import in turn (breadth first, at most MAX_HEADERS),
    never through `skip` (the file asking: registry.h includes registry-inl.h back, whose includes are its own)."""
    files: list[str] = []
    todo = list(targets)
    while todo and len(files) < MAX_HEADERS:
        f = todo.pop(0)
        if f in files or f == skip:
            continue
        files.append(f)
        for inc in nav.index.imports_of(f):
            todo += [t for r in resolver.classify(inc) for t in r.targets if t not in files]
    return files


def _receiver_word(lines: list[str], line: int, field: str) -> str | None:
    m = re.search(rf"\b([A-Za-z_]\w*)\s*(?:->|\.)\s*{re.escape(field)}\b", _line(lines, line))
    return m.group(1) if m else None


def _field_owner_fits(nav: NavigationService, lines: list[str], syms: list[Any], line: int, field: str, owner: str,
                      cache: dict[Any, Any]) -> bool:
    """Whether `x->field` / `x.field` on `line` may read the struct `owner`'s field: False when `x` is declared
    with another type (`inode->i_mode` with `struct inode *inode` is the kernel's inode, not ext4_inode's)."""
    from contexteer.indexers.lookup import enclosing, value_type

    m = re.search(rf"\b([A-Za-z_]\w*)\s*(?:->|\.)\s*{re.escape(field)}\b", _line(lines, line))
    if m is None:
        return True
    key = (line, m.group(1))
    if key not in cache:
        enc = enclosing(syms, line)
        files = cache.setdefault("files", {})
        cache[key] = value_type(nav.index, lines, enc, line, m.group(1), files) if enc is not None else None
    typed = cache[key]
    held = re.search(rf"\b([A-Za-z_]\w*)\s*(?:->|\.)\s*{re.escape(m.group(1))}\s*(?:->|\.)\s*{re.escape(field)}\b",
                     _line(lines, line)) if typed is None else None
    if held is not None:  # `ac->c.flags`: the field `c` of ac's type (hiredis run 556 read it as sds's sdshdr5.flags)
        typed = _c_field_type(nav, lines, syms, line, held.group(1), m.group(1), cache)
    if typed is not None and ("<" in typed or "::" in typed):
        from contexteer.indexers.lookup import cpp_type

        typed = cpp_type(nav.index, typed)  # `std::unique_ptr<formatter> formatter_`: a formatter's member
    if typed is not None and typed != owner and any(
            s.name == typed and s.kind == "type" and re.search(rf"\b{re.escape(owner)}\b", s.signature or "")
            for s in nav.index.symbols_named(typed)):
        return True  # a typedef of the struct (`ext4_io_end_t *io_end`, `typedef struct ext4_io_end ext4_io_end_t`)
    return typed is None or typed == owner


def _c_field_type(nav: NavigationService, lines: list[str], syms: list[Any], line: int, base: str, member: str,
                  cache: dict[Any, Any]) -> str | None:
    """C/C++: the type the struct field `member` of the value `base` (declared at `line`'s definition) is declared with
    (`redisContext c;` in redisAsyncContext for `ac->c`), or None when either step is unknown."""
    from contexteer.indexers.lookup import enclosing, value_type

    key = (line, base, member)
    if key not in cache:
        enc = enclosing(syms, line)
        files = cache.setdefault("files", {})
        holder = value_type(nav.index, lines, enc, line, base, files) if enc is not None else None
        got = None
        for f in nav.index.symbols_named(member) if holder else []:
            parent = nav.index.get_symbol(f.parent_id) if f.name == member and f.parent_id is not None else None
            if parent is not None and parent.name == holder and f.kind == "field":
                decl = re.match(rf"\s*(?:const\s+)?(?:struct\s+)?([A-Za-z_]\w*)[\s*]+{re.escape(member)}\b", f.signature or "")
                got = decl.group(1) if decl else None
                break
        cache[key] = got
    typed: str | None = cache[key]
    return typed


def _names_written(nav: NavigationService, rel: str, lines: list[str]) -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The names the file's code writes, with their lines (its syntax tree; no comment, no string): those standing
    for themselves, then those read off something."""
    from contexteer.indexers import languages
    from contexteer.indexers.uses import identifier_lines

    info = nav.index.file_info(rel)
    spec = languages.BY_NAME.get(info.language) if info is not None and info.language else None
    return identifier_lines("\n".join(lines).encode("utf-8", "replace"), spec) if spec is not None else ({}, {})


def _go_dot_uses(nav: NavigationService, how: tuple[list[str], str], targets: list[str], refs: dict[str, list[int]],
                 own: set[str]) -> list[UsedName]:
    """For a Go dot import (`how`: the names it binds, the file's language) of a repository package: its exported
    names the file uses bare, with their lines (expr run 483 was told only "a dot import: its names are used
    unqualified" of compiler.go's vm, its most used import)."""
    if how != (["."], "go"):
        return []
    exported = sorted({s.name for f in targets if not f.endswith("_test.go") for s in nav.index.symbols_in_file(f)
                       if s.parent_id is None and s.name[:1].isupper() and s.kind != "method"})
    return [_used(nav, n, n, refs[n], targets) for n in exported if refs.get(n) and n not in own]


def _line(lines: list[str], n: int) -> str:
    return lines[n - 1] if 0 < n <= len(lines) else ""


def _how_bound(imp: Any, names: list[str], text: str, language: str, syms: list[Any]) -> tuple[list[str], str | None]:
    """The names an import binds and, for one that binds none the code uses, why (_directive); a Lua require that
    binds no local: the variable `pcall(require, ..)` assigns, or how its value is used (_lua_require)."""
    if language == "lua" and not names:  # `res, alien = pcall(require, 'alien')`, `setmetatable(l, require(..))`
        return _lua_require(text, imp.line, syms)
    return names, _directive(imp, names, text, language)


def _lua_require(text: str, line: int, syms: list[Any]) -> tuple[list[str], str | None]:
    """A Lua require that binds no local (Penlight's dir.lua, run 240, was told "no name of it used" of three): the
    variable `pcall(require, ..)` assigns the module to (its uses listed as a local's are), or how the module's value
    is used in place, and where it is loaded (a function's body runs it when called)."""
    inside = _innermost_function(syms, line)
    where = f" inside {inside.qualname} {inside.start_line}-{inside.end_line} (when it runs)" if inside is not None else ""
    bound = re.search(r"(?:[\w.]+\s*,\s*)?([A-Za-z_]\w*)\s*=\s*pcall\s*\(\s*require\b", text)
    if bound is not None:
        return [bound.group(1)], None  # (the row lists where that variable is used)
    if re.search(r"\bpcall\s*\(\s*require\b", text):
        return [], f"loaded with pcall{where}: optional, its value not kept"
    return [], f"its value used in place{where}: `{' '.join(text.split())[:80]}`"


def _directive(imp: Any, names: list[str], text: str, language: str) -> str | None:
    """An import that binds no name the code uses: why (a compiler directive, side effects, a re-export)."""
    if imp.module == "__future__":
        # which one, and a name bound by `as` that nothing reads (pydantic run 283: `annotations as _annotations`)
        # (the names the statement binds, as the index read them; a comment inside its parentheses, `# py2`, is none)
        features = [n.strip() + (f" as {a.group(1)}" if (a := re.search(rf"\b{re.escape(n.strip())}\s+as\s+(\w+)", text))
                                 and " as " not in n else "") for n in names if n and n.strip()]
        if not features:
            m = re.search(r"\bimport\s+\(?\s*([\w\s,]+?)\s*\)?\s*(?:#|$)", text)
            features = [f.strip() for f in (m.group(1).split(",") if m else []) if f.strip()]
        said = ", ".join(f"{f.split()[0]} (bound as {f.split()[-1]}, never used)" if " as " in f else f for f in features)
        return f"a compiler directive{': ' + said if said else ''}"
    if language == "go" and names[:1] == ["_"]:
        return "imported for its side effects (init) only"
    if language == "go" and names[:1] == ["."]:
        return "a dot import: its names are used unqualified"
    if re.match(r"\s*export\b", text) and language in _JS:
        return "re-exported, not used here"
    return None


_JS = frozenset({"js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts"})


def _qualifying(imports: list[Any], line: int, name: str, language: str) -> list[int]:
    """Scala and Rust: the later import lines an imported name qualifies (`import BasicIO.{Uncloseable, ..}` then
    `import Uncloseable.protect`; run 227 was told Uncloseable was unused)."""
    if language not in ("scala", "rs"):
        return []
    return [i.line for i in imports if i.line > line and re.match(rf"{re.escape(name)}(?:$|\.|::)", i.module or "")]


def _function_around(syms: list[Any], line: int) -> tuple[int, int] | None:
    """The range of the innermost function or method an import line sits in, if any."""
    best = _innermost_function(syms, line)
    return (best.start_line, best.end_line) if best is not None else None


def _innermost_function(syms: list[Any], line: int) -> Any:
    """The innermost function or method an import line sits in, or None."""
    best = None
    for s in syms:
        if s.kind in ("function", "method") and s.start_line < line <= s.end_line \
                and (best is None or s.end_line - s.start_line < best.end_line - best.start_line):
            best = s
    return best


def _main_block(lines: list[str], line: int) -> tuple[int, int] | None:
    """The `if __name__ == "__main__":` block (to the file's end) an import line sits in, if any."""
    for n in range(line - 1, 0, -1):
        text = _line(lines, n)
        if text[:1] not in ("", " ", "\t", "#"):
            return (n, len(lines)) if re.match(r"if\s+__name__\s*==", text) else None
    return None


def _string_annotations(lines: list[str], name: str, spans: set[int], scope: tuple[int, int] | None) -> list[int]:
    """Python lines where `name` stands in a quoted type (`"Console"`, `'Optional[Console]'`): a string annotation
    uses an import (often one under TYPE_CHECKING) as much as a bare one."""
    rx = re.compile(rf"(?:->|:|\[|\[[^\]\n]*,)\s*([\"'])[\w.\[\], |]*(?<![\w.]){re.escape(name)}(?![\w])[\w.\[\], |]*\1")
    lo, hi = scope if scope is not None else (1, len(lines))
    return [n for n in range(lo, hi + 1) if n not in spans and name in _line(lines, n) and rx.search(_line(lines, n))]


def _all_lines(lines: list[str]) -> set[int]:
    """The lines of a Python module's `__all__ = [..]` (or `(..)`, `+=`) list, over several lines too."""
    out: set[int] = set()
    k = 0
    while k < len(lines):
        if re.match(r"__all__\s*(?::[^=]*)?\+?=", lines[k]):
            depth = 0
            for j in range(k, min(len(lines), k + 400)):
                out.add(j + 1)
                depth += lines[j].count("[") + lines[j].count("(") - lines[j].count("]") - lines[j].count(")")
                if depth <= 0:
                    k = j
                    break
        k += 1
    return out


def _mentions(lines: list[str], name: str, spans: set[int], scope: tuple[int, int] | None) -> list[int]:
    """The lines outside import statements that name `name` although the code never does: comments, docblocks,
    strings (a name the file's syntax tree never shows as code)."""
    rx = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    lo, hi = scope if scope is not None else (1, len(lines))
    return [n for n in range(lo, hi + 1) if n not in spans and name in _line(lines, n) and rx.search(_line(lines, n))]


def _php_bare(text: str, name: str) -> bool:
    r"""Whether a PHP line writes `name` as a name of its own, not as a segment of a namespaced one (`Nette\Schema\X`)."""
    code = text.split("//", 1)[0]
    return any(not code[: m.start()].endswith("\\") and not code[m.end():].startswith("\\")
               for m in re.finditer(rf"(?<![\w$]){re.escape(name)}(?!\w)", code))


def _php_qualified(nav: NavigationService, space: str, lines: list[str], spans: set[int]) -> list[UsedName]:
    r"""The names a PHP namespace import is written in front of (`use Nette;` then `Nette\Utils\ObjectHelpers::x()`,
    `use Nette\SmartObject;` in a class body): one row per qualified name, with its lines and definition (Nette run
    430 was told `use Nette;` was not used)."""
    rx = re.compile(rf"(?<![\w\\$]){re.escape(space)}((?:\\\w+)+)")
    at: dict[str, list[int]] = {}
    for k, text in enumerate(lines, 1):
        code = text.split("//", 1)[0]
        if k in spans or code.lstrip().startswith(("*", "/*", "#", "namespace ")):
            continue
        for m in rx.finditer(code):
            at.setdefault(space + m.group(1), []).append(k)
    out = []
    for written, where in at.items():
        last = written.rsplit("\\", 1)[-1]
        files = sorted({d.path for d in nav.index.symbols_named(last) if d.name == last and d.language == "php"
                        and d.kind in ("class", "interface", "trait", "enum")})
        out.append(_used(nav, written, last, sorted(set(where)), files))
    return out


def _used(nav: NavigationService, written: str, name: str, at: list[int], targets: list[str],
          lines: list[str] | None = None) -> UsedName:
    at = sorted(at)
    defined = (_definition(nav, name, targets) or _reexported(nav, name, targets)
               or _module_export(nav, targets)) if at else None
    if defined and targets and targets[0].endswith(".rs") and _rust_module_called(nav, name, defined, at, lines):
        # `use crate::{value, ..}` then `value(Value::InlineTable(t))`: the function lib.rs re-exports (`pub use
        # crate::item::{value, ..}`), not the `mod value;` of that name (tomledit runs 571/589/595)
        from contexteer.indexers.graph import rust_use_files

        files = sorted(f for f in rust_use_files(nav.index, defined.rpartition(":")[0], name) if f != defined.rpartition(":")[0])
        defined = _definition(nav, name, files) or defined
    notes = ["a type"] if _type_only(nav, name, defined) else []
    where = (defined or "").rpartition(":")[0]
    if where and targets and where != targets[0] and targets[0].endswith(_JS_EXPORTERS):
        hops = nav.barrel_path(targets[0], name, where)  # `AnyRouter` through two barrels (tRPC run 350)
        if hops:  # (the first in the row's own file, named by its line: MobX run 352 read internal.ts for each)
            notes.append("re-exported at " + " > ".join(f"line {n}" if k == 0 and "." not in written else f"{p}:{n}"
                                                        for k, (p, n) in enumerate(hops)))
    elif where and targets and where != targets[0] and targets[0].endswith(".py"):
        # a package passing on a name of one of its modules (`from django.db import DEFAULT_DB_ALIAS`: db/__init__.py's
        # `from django.db.utils import (..)`; Django run 356 read __init__.py for it)
        from contexteer.indexers.lookup import lines_of, python_passes_on

        passed = python_passes_on(lines_of(nav.index, targets[0]), name)
        if passed is not None:  # (a module's member, `models.F`: the module file named, not the row's)
            notes.append(f"re-exported at {targets[0] + ':' if '.' in written else 'line '}{passed}")
    return UsedName(name=written, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES), defined=defined,
                    note=", ".join(notes) or None)


_JS_EXPORTERS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")


def _rust_module_called(nav: NavigationService, name: str, defined: str, at: list[int], lines: list[str] | None) -> bool:
    """Whether a Rust name resolved to a module (`mod value;`) is called at every use (`value(..)`): a function of
    that name is meant, Rust's modules and functions living in different namespaces."""
    path, _, line = defined.rpartition(":")
    if not lines or not line.isdigit() or not any(s.kind == "module" and s.start_line == int(line) and s.name == name
                                                  for s in nav.index.symbols_in_file(path)):
        return False
    called = re.compile(rf"(?<![\w:.]){re.escape(name)}\s*\(")
    return all(called.search(lines[k - 1]) for k in at if 0 < k <= len(lines))


def _type_only(nav: NavigationService, name: str, defined: str | None) -> bool:
    """Whether `defined` is a TypeScript interface or type alias only, a name the code can use in types and never as
    a value (MobX run 262: the uses view did not tell IEqualsComparer from comparer, and the agent asked
    search_symbol which of 15 names were types)."""
    path, _, line = (defined or "").partition(":")
    if not path.endswith((".ts", ".tsx", ".mts", ".cts")) or not line.isdigit():
        return False
    here = [s for s in nav.index.symbols_in_file(path) if s.name == name and s.parent_id is None]
    return bool(here) and all(s.kind in ("interface", "type") for s in here) and any(s.start_line == int(line) for s in here)


def _rust_trait_calls(nav: NavigationService, found: ImportUse, defined: str | None, lines: list[str], spans: set[int],
                      scope: tuple[int, int] | None, syms: list[Any] | None = None) -> None:
    """For an imported Rust trait the repository defines (the last name of `found`), its methods the file calls
    (`.node_count()` on a List, which has none of its own: the import is what makes the call compile), each added as
    `NodeCount::node_count()` with its lines, in place of the trait's own row when the code never names it (the
    petgraph A/B agent was told `IntoNeighbors` was not used, its `.neighbors(i)` calls unseen)."""
    row = found.names[-1]
    name = row.name.rsplit(" as ", 1)[-1]
    path, _, line = (row.defined or defined or "").rpartition(":")
    trait = next((t for t in nav.index.symbols_in_file(path) if t.name == name and t.kind == "trait"
                  and str(t.start_line) == line), None) if path else None
    if trait is None:
        _rust_library_trait_calls(found, _original(row.name.split(" as ", 1)[0]), lines, spans, scope)
        return
    text = "\n".join(lines)
    # (type parameters bounded by it: `Ix::new(..)` with `Ix: IndexType`)
    params = {m.group(1) for m in re.finditer(rf"[<,(]\s*([A-Z]\w*)\s*:[^,>{{;]*\b{re.escape(name)}\b", text)}
    path_call = rf"\b(?:{'|'.join(map(re.escape, sorted(params)))})\s*::\s*" if params else None
    out: list[UsedName] = []
    # its methods, then those of its supertraits the file does not import (`g.node_bound()` through NodeCompactIndexable)
    for owner, via in [(trait, ""), *((t, f" (through {name})") for t in _rust_supertraits(nav, trait, lines))]:
        methods = [m for m in nav.index.symbols_in_file(owner.path) if m.parent_id == owner.id and m.kind in ("method", "function")]
        for m in sorted(methods, key=lambda m: m.start_line):
            call = re.compile(rf"\.\s*{re.escape(m.name)}\s*(?:::<[^>]*>)?\s*\(" + (rf"|{path_call}{re.escape(m.name)}\s*\("
                                                                                  if path_call and not via else ""))
            takes = _rust_takes_arguments(m)
            at = [n for n, t in enumerate(lines, 1) if n not in spans and (scope is None or scope[0] <= n <= scope[1])
                  and any(takes is None or not c.group(0).startswith(".")  # (`T::name(item)` passes self: any arity)
                          or _rust_empty_call(t, c.end()) != takes for c in call.finditer(t.split("//", 1)[0]))
                  and not _inherent_self_call(syms or [], lines, n, m.name)
                  and not _inherent_receiver_call(nav, syms or [], lines, n, m.name)]
            if at:
                out.append(UsedName(name=f"{owner.name}::{m.name}(){via}", lines=at[:MAX_LINES],
                                    more=max(0, len(at) - MAX_LINES), defined=f"{m.path}:{m.start_line}"))
    if out and not row.lines:  # used through its methods only: they say it
        found.names.pop()
    found.names += out


def _inherent_self_call(syms: list[Any], lines: list[str], n: int, method: str) -> bool:
    """Whether line `n` calls `self.method(..)` inside an inherent `impl T` that defines `method` itself: the type's
    own method, which Rust picks before any trait's (regex run 388: `self.find_at(..)` in re_unicode.rs's `impl
    Regex` had been listed as a use of the imported RegularExpression::find_at)."""
    if not re.search(rf"\bself\s*\.\s*{re.escape(method)}\s*(?:::<[^>]*>)?\s*\(", _line(lines, n)):
        return False
    inherent = [s for s in syms if s.kind == "impl" and not re.search(r"\bfor\b", (s.signature or "").split("{", 1)[0])]
    inner = max((s for s in syms if s.kind == "impl" and s.start_line <= n <= s.end_line), key=lambda s: s.start_line,
                default=None)
    if inner is None or inner not in inherent:
        return False
    # (a method of an impl block is the type's member: found by its line inside an inherent block of this type)
    own = [i for i in inherent if _impl_type(i) == _impl_type(inner)]
    return any(s.name == method and s.kind in ("method", "function") and any(i.start_line <= s.start_line <= i.end_line
                                                                             for i in own) for s in syms)


def _inherent_receiver_call(nav: NavigationService, syms: list[Any], lines: list[str], n: int, method: str) -> bool:
    """Whether every `.method(..)` on line `n` is on a value whose type has an inherent method of that name, which
    Rust picks before a trait's: a parameter declared with the type (`nfa: &NFA<S>`), or a call of the file's own
    function or method returning it (`self.repr().is_match_state(id)` with `fn repr(&self) -> &Repr<S>`). The
    aho-corasick A/B agents (runs 533, 541) were told dfa.rs imports Automaton for such calls."""
    from contexteer.indexers.lookup import _rust_inherent_named, enclosing
    from contexteer.indexers.syntax import declared_type

    text = _line(lines, n).split("//", 1)[0]
    calls = list(re.finditer(rf"([A-Za-z_]\w*)\s*(\(\s*\))?\s*\.\s*{re.escape(method)}\s*(?:::<[^>]*>)?\s*\(", text))
    if not calls:
        return False
    enc = enclosing([s for s in syms if s.kind in ("function", "method")], n)
    for c in calls:
        word, called = c.group(1), c.group(2) is not None
        if called:
            fn = next((s for s in syms if s.name == word and s.kind in ("function", "method")), None)
            typed = re.search(r"->\s*&?\s*(?:'\w+\s+)?(?:mut\s+)?(?:\w+::)*([A-Z]\w*)", fn.signature or "") if fn else None
            name = typed.group(1) if typed else None
        else:
            declared = declared_type(enc.signature or "", word) if enc is not None and word != "self" else None
            name = re.sub(r"<.*", "", declared).rsplit("::", 1)[-1].lstrip("&*").strip() if declared else None
        if not name or name == "Self" or not _rust_inherent_named(nav.index, name, method):
            return False
    return True


def _rust_takes_arguments(m: Any) -> bool | None:
    """Whether a Rust method takes arguments besides self (None when its header cannot be read): `state.enter()` is
    no call of `Subscriber::enter(&self, span: &Id)` (tracing-core run 426's uses view had listed two)."""
    from contexteer.indexers.syntax import inside_parens, top_level

    head = re.search(rf"\bfn\s+{re.escape(m.name)}\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*\(", m.signature or "")
    inner = inside_parens(m.signature or "", head.end()) if head else None
    if inner is None:
        return None
    params = [p for p in top_level(inner) if p.strip() and not re.fullmatch(r"\s*(?:&\s*(?:'\w+\s+)?)?(?:mut\s+)?self\b.*", p)]
    return bool(params)


def _rust_empty_call(text: str, after: int) -> bool:
    """Whether the call whose `(` ends at `after` has no arguments (`x.enter()`)."""
    return text[after:].lstrip().startswith(")")


def _impl_type(impl: Any) -> str:
    """The type an `impl<'t> Match<'t>` block is of: `Match`."""
    m = re.match(r"\s*(?:unsafe\s+)?impl\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*([\w:]+)", impl.signature or "")
    return m.group(1).rsplit("::", 1)[-1] if m else ""


#: methods of standard-library (and quote's) traits a file imports to call them: `use std::iter::FromIterator;` for
#: `TokenStream::from_iter(..)` (syn's error.rs had been told FromIterator was not used)
_RUST_LIBRARY_TRAITS: dict[str, tuple[str, ...]] = {
    "FromIterator": ("from_iter",), "Extend": ("extend",), "IntoIterator": ("into_iter",),
    "Write": ("write", "write_all", "write_fmt", "flush", "write_str", "write_char"),
    "Read": ("read", "read_exact", "read_to_end", "read_to_string"), "BufRead": ("read_line", "lines", "fill_buf"),
    "Seek": ("seek", "rewind", "stream_position"), "Hash": ("hash",), "ToString": ("to_string",), "FromStr": ("from_str",),
    # (chrono run 499: `use std::hash::Hasher` read "not used" beside `hasher.write(..)` and `hasher.finish()`)
    "Hasher": ("write", "finish", "write_u8", "write_u16", "write_u32", "write_u64", "write_usize", "write_i64"),
    "BuildHasher": ("build_hasher", "hash_one"), "Error": ("source",), "Any": ("type_id",),
    "Iterator": ("next",), "DoubleEndedIterator": ("next_back", "rev"), "ExactSizeIterator": ("len",),
    "Borrow": ("borrow",), "BorrowMut": ("borrow_mut",), "AsRef": ("as_ref",), "AsMut": ("as_mut",),
    "TryFrom": ("try_from",), "TryInto": ("try_into",), "Ord": ("cmp",), "PartialOrd": ("partial_cmp",),
    "ToTokens": ("to_tokens", "into_token_stream", "to_token_stream"),
    "TokenStreamExt": ("append", "append_all", "append_separated", "append_terminated"),
}


#: methods std's own types have inherently, which no imported trait brings into scope
_RUST_INHERENT_COMMON = frozenset({"len", "is_empty", "clone", "iter", "iter_mut", "unwrap", "expect", "as_ref",
                                   "as_mut", "map", "get", "get_mut", "push", "pop", "insert", "remove", "to_string",
                                   "as_ptr", "as_slice", "to_vec", "capacity", "reserve", "truncate", "clear"})


def _rust_library_trait_calls(found: ImportUse, name: str, lines: list[str], spans: set[int],
                              scope: tuple[int, int] | None) -> None:
    """The calls of an imported library trait's methods (`.extend(..)`, `TokenStream::from_iter(..)`), in place of
    "not used" when the code never names the trait itself."""
    row = found.names[-1]
    out = []
    for method in _RUST_LIBRARY_TRAITS.get(name, ()):
        call = re.compile(rf"(?:\.|::)\s*{method}\s*(?:::<[^>]*>)?\s*\(")
        at = [n for n, t in enumerate(lines, 1) if n not in spans and (scope is None or scope[0] <= n <= scope[1])
              and call.search(t.split("//", 1)[0])]
        if at:
            out.append(UsedName(name=f"{name}::{method}() (its method, in scope by the import)", lines=at[:MAX_LINES],
                                more=max(0, len(at) - MAX_LINES)))
    if not out and not row.lines and name[:1].isupper() and scope is not None and scope[1] - scope[0] <= 80 \
            and not re.match(r"(?:::)?(?:std|core|alloc)\b", found.module):  # (std's traits: the table above)
        # a library trait imported inside a function and never named is there for a method call of the function
        # (indexmap's `use rayon::iter::ParallelDrainRange;` in par_drain for `self.entries.par_drain(range)`: run 467
        # read "not used", a wrong answer); the method calls of that function are its candidates
        calls: dict[str, list[int]] = {}
        for n in range(scope[0], scope[1] + 1):
            if n in spans or n > len(lines):
                continue
            # (not on self, whose methods are the impl's; not a method std's own types have)
            for m in re.finditer(r"(?<!\bself)\.\s*([a-z_]\w*)\s*(?:::<[^>]*>)?\s*\(", lines[n - 1].split("//", 1)[0]):
                if m.group(1) not in _RUST_INHERENT_COMMON:
                    calls.setdefault(m.group(1), []).append(n)
        if calls:
            said = ", ".join(f".{c}()" for c in calls)
            at = sorted({n for v in calls.values() for n in v})
            which = f"its method {said}" if len(calls) == 1 else f"one of the calls {said}"
            out.append(UsedName(name=f"{name} (never named: a trait the function brings in scope for {which})",
                                lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES)))
    if out and not row.lines:
        found.names.pop()
    found.names += out


def _rust_supertraits(nav: NavigationService, trait: Any, lines: list[str]) -> list[Any]:
    """The supertraits of a Rust trait (`pub trait NodeCompactIndexable : NodeIndexable + NodeCount`) the repository
    defines and the file does not import by name."""
    head = (trait.signature or "").split("{", 1)[0].split(" where ", 1)[0]
    _, colon, bounds = head.partition(":")
    imported = " ".join(t for t in lines if t.lstrip().startswith("use "))
    out = []
    for b in (re.sub(r"<.*", "", x).strip().rsplit("::", 1)[-1] for x in bounds.split("+")) if colon else []:
        if b and not re.search(rf"\b{re.escape(b)}\b", imported):
            out += [t for t in nav.index.symbols_named(b) if t.name == b and t.kind == "trait" and t.language == "rust"][:1]
    return out


def _module_export(nav: NavigationService, targets: list[str]) -> str | None:
    """Where the one JavaScript file a require reaches assigns `module.exports` a function or class of no name
    (`module.exports = function (usingFlatConfig) {`: lib/options.js, bound as `createCLIOptions`)."""
    if len(targets) != 1 or not targets[0].endswith((".js", ".cjs", ".mjs")):
        return None
    for n, text in enumerate((repo_text(nav.ws, targets[0]) or "").splitlines(), 1):
        if re.match(r"module\.exports\s*=\s*(?:async\s+)?(?:function\b|class\b|\([^)]*\)\s*=>|[\w$]+\s*=>)", text):
            return f"{targets[0]}:{n}"
    return None


def _reexported(nav: NavigationService, name: str, targets: list[str]) -> str | None:
    """Where a name the import's files only re-export is defined (pydantic's `from . import PydanticUserError`:
    `__init__.py` has `from .errors import *`), one step: the files they import it from by name, then by glob."""
    for t in targets[:4]:
        reach = nav.imported(t)
        for via in (reach.get(name, []), reach.get("*", [])):
            found = _definition(nav, name, [f for f in via if f not in targets])
            if found:
                return found
    return None


def _submodule(nav: NavigationService, targets: list[str], name: str) -> str | None:
    """The module file a Python `from package import name` binds when `name` is a submodule of the package (and
    the package's `__init__.py` defines nothing of that name)."""
    for t in targets[:2]:
        if not t.endswith("/__init__.py") or any(s.name == name and s.parent_id is None
                                                  for s in nav.index.symbols_in_file(t)):
            continue
        folder = t.rsplit("/", 1)[0]
        for cand in (f"{folder}/{name}.py", f"{folder}/{name}/__init__.py"):
            if nav.index.symbols_in_file(cand) or repo_text(nav.ws, cand) is not None:
                return cand
    return None


def _module_members(nav: NavigationService, written: str, name: str, module: str, local: dict[str, list[int]],
                    local_every: dict[str, list[int]], lines: list[str]) -> list[UsedName]:
    """A submodule an import binds: each member the code reads through it (`_repr.ReprArgs at 188`, with its
    definition), or the module itself where no member is read."""
    members = _qualified_uses(name, local, local_every, lines)
    if not members:
        at = sorted(local.get(name, []))
        return [UsedName(name=written, lines=at[:MAX_LINES], more=max(0, len(at) - MAX_LINES),
                         defined=module if at else None)]
    return [_used(nav, f"{name}.{member}", member, at, [module]) for member, at in members]


def _definition(nav: NavigationService, name: str, targets: list[str]) -> str | None:
    """Where `name` is defined among the import's repository files (top-level first): `path:line`."""
    best: Any = None
    if targets and targets[0].endswith(".go"):
        # `assert.Equal` is the package's function, never a method of that name (testify run 296: mock.go's uses view
        # named (*Assertions).Equal in assertion_forward.go, a Go method being top-level too)
        funcs = [s for f in targets for s in nav.index.symbols_in_file(f) if s.name == name and s.kind != "method"
                 and s.parent_id is None]
        if funcs:
            return f"{funcs[0].path}:{funcs[0].start_line}"
    for f in targets:
        named = [s for s in nav.index.symbols_in_file(f) if s.name == name]
        top = [s for s in named if s.parent_id is None]
        if top:  # of `@overload` stubs and their implementation, the implementation (pydantic's Field)
            best = body_of(top, nav.index)
            # TypeScript merges an interface (or type) with the value of its name: `core.$constructor` is the
            # interface at core.ts:8 and the function at core.ts:51, both (zod run 242 read the interface only)
            types = [x for x in top if x.kind in ("interface", "type")]
            values = [x for x in top if x.kind not in ("interface", "type")]
            if types and values and best.language in ("typescript", "tsx"):
                lines = sorted({types[0].start_line, body_of(values, nav.index).start_line})
                return f"{best.path}:{','.join(map(str, lines))}"
            # overloads of a language that has them: each one's line (stripe runs 537, 543 and 545 were given the
            # widest of five `createError`s, not the one a call took)
            funcs = [x for x in top if x.kind in ("function", "method")]
            if len(funcs) > 1 and best.language in REAL_OVERLOADS and len({x.path for x in funcs}) == 1:
                lines = sorted({x.start_line for x in funcs})
                return f"{best.path}:{','.join(map(str, lines[:6]))}{' +more' if len(lines) > 6 else ''} (overloads)"
            break
        best = best or (named[0] if named else None)
    return _where(nav, best) if best is not None else None


def _where(nav: NavigationService, sym: Any) -> str:
    """`path:line` of a definition; a Scala class or trait with its companion object, both lines (Scala run 298:
    `import Uncloseable.protect` and `import Process._` read the objects, and the rows named only the traits)."""
    if sym.language == "scala":
        same = [x for x in nav.index.symbols_in_file(sym.path) if x.name == sym.name and x.parent_id == sym.parent_id
                and x.kind in (*CLASS_KINDS, "module")]
        lines = sorted({x.start_line for x in same})
        if len(lines) == 2 and any(x.kind == "module" for x in same):
            return f"{sym.path}:{lines[0]},{lines[1]}"
    if sym.kind in ("method", "function") and sym.parent_id is not None:
        # an imported member with overloads: every one's line, none picked for all the uses (Scala run 363: `import
        # Uncloseable.protect` read `protect (BasicIO.scala:62)` for an OutputStream use as well as an InputStream one)
        lines = sorted({x.start_line for x in nav.index.symbols_in_file(sym.path) if x.name == sym.name
                        and x.parent_id == sym.parent_id and x.kind == sym.kind})
        if len(lines) > 1:
            return f"{sym.path}:{','.join(map(str, lines[:6]))}" + (f",… {len(lines) - 6} more" if len(lines) > 6 else "")
    return f"{sym.path}:{sym.start_line}"


def _bound(name: str) -> str:
    """The name an import binds: `b` of `a as b`."""
    return name.split()[-1] if " as " in name else name


def _original(name: str) -> str:
    """The name an import takes from its module: `a` of `a as b`."""
    return name.split()[0] if " as " in name else name


def _alias(statement: str, name: str) -> str | None:
    """The name an import statement binds `name` to when it renames it (`Order as O`, `createRouter as make`)."""
    m = re.search(rf"(?<![\w$.]){re.escape(name)}\s+as\s+([\w$]+)", statement) \
        or re.search(rf"(?<![\w$.]){re.escape(name)}\s*:\s*([A-Za-z_$][\w$]*)\s*(?=[,}}=])", statement)  # `{ b: c } = require(..)`
    return m.group(1) if m else None


def _go_package(nav: NavigationService, targets: list[str]) -> str | None:
    """The name a repository Go package declares (`package jsoniter` for the import path github.com/json-iterator/go)."""
    for f in targets[:3]:
        for text in (repo_text(nav.ws, f) or "").split("\n")[:200]:
            m = re.match(r"package\s+(\w+)", text)
            if m:
                return m.group(1)
    return None


def _namespace(imp: Any, names: list[str], text: str, lines: list[str], language: str,
               declared: str | None = None, objects: bool = False) -> str | None:
    """The qualifier an import binds when its names are read through it: a Go package (its alias or its path's last
    element), a Python `import a.b` (`a.b`) or `import a as b` (`b`), a JS/TS `import * as ns`, and (`objects`: the
    file required exports an object literal) a CommonJS `const log = require("./shared/logging")`; None when it binds
    names themselves."""
    if language == "go":
        if names:
            return names[0] if names[0] not in (".", "_") else None
        if declared is not None:  # a repository package is named by its package clause, not its path
            return declared
        cands = go_import_names(imp.module)
        return next((c for c in cands if go_imports_package(lines, c)), cands[0] if cands else None)
    if language in ("py", "pyi") and re.match(r"\s*import\s", text):
        return _bound(names[0]) if names else _alias(text, imp.module) or imp.module  # `import json as j`
    if language == "hs":  # `import qualified Data.Text as T`: read as `T.strip` (Pandoc A/B run 199's OPML.hs)
        m = re.match(r"\s*import\s+(?:\{-#.*?#-\}\s*)?(qualified\s+)?[\w.']+\s*(qualified\s+)?(?:as\s+([\w.']+))?", text)
        if m is None or not (m.group(1) or m.group(2) or m.group(3)):
            return None
        return m.group(3) or imp.module
    if language == "zig":  # `const std = @import("std");`: read as `std.mem.eql(..)` (the Zig A/B agent's zip.zig
        m = re.match(r"\s*(?:pub\s+)?const\s+(\w+)\s*=\s*@import\(", text)  # had 43 bare `std` lines)
        return m.group(1) if m else None
    if language in ("js", "jsx", "ts", "tsx", "mjs", "cjs", "mts", "cts"):
        m = re.search(r"\*\s+as\s+([\w$]+)", text)
        if m is None and objects:  # `log.info(..)`, `log.error(..)`: the members of the object it exports
            m = re.match(r"\s*(?:(?:const|let|var)\s+)?([\w$]+)\s*=\s*require\s*\(", text)
        return m.group(1) if m else None
    return None


def _zig_aliases(space: str, lines: list[str], refs: dict[str, list[int]]) -> list[UsedName]:
    """A Zig file's top-level aliases of an import's members (`const File = std.Io.File;`), each with the lines that
    use it: zip.zig reads `File.Reader` through one, and the Zig A/B agent searched each alias for its uses (one of
    them, `Reader`, unused)."""
    out = []
    for k, text in enumerate(lines, 1):
        m = re.match(rf"(?:pub\s+)?const\s+(\w+)\s*=\s*{re.escape(space)}\.([\w.]+)\s*;", text)
        if m is None:
            continue
        bare = re.compile(rf"(?<![\w.]){re.escape(m.group(1))}\b")  # (not `File.Reader`, a member named so)
        at = [n for n in refs.get(m.group(1), []) if n != k and bare.search(_line(lines, n))]
        out.append(UsedName(name=f"{m.group(1)} = {space}.{m.group(2)} ({k})", lines=at[:MAX_LINES],
                            more=max(0, len(at) - MAX_LINES)))
    return out


def _exports_object(nav: NavigationService, targets: list[str]) -> bool:
    """Whether the one repository file a require reaches exports an object literal (`module.exports = { info() {..},
    error() {..} }`), whose members are what the code reads off the name bound to it."""
    if len(targets) != 1:
        return False
    return re.search(r"^module\.exports\s*=\s*\{", repo_text(nav.ws, targets[0]) or "", re.M) is not None


def _go_shadowed(syms: list[Any], lines: list[str], n: int, name: str) -> bool:
    """Whether `name` at line `n` of a Go file is a parameter or local of the function around it (`importer :=
    imports.New(..)`, `func generateCode(importer imports.Importer, ..)`), not the package of that name."""
    around = [s for s in syms if s.kind in ("function", "method") and s.start_line <= n <= s.end_line]
    if not around:
        return False
    fn = min(around, key=lambda s: s.end_line - s.start_line)
    w = re.escape(name)
    head = (fn.signature or "").split("{", 1)[0]
    body_start = next((k for k in range(fn.start_line, min(fn.end_line, fn.start_line + 30) + 1)
                       if "{" in _line(lines, k)), fn.start_line)
    if n <= body_start:
        return False  # a parameter's scope is the body: `url.Values` in the signature is the package
    if re.search(rf"[(,]\s*{w}(?:\s*,\s*\w+)*\s+[\w*.\[\]]", head):
        return True
    # (the line's own declaration binds after its statement: `if url, err := url.Parse(value)` reads the package;
    # kingpin run 274 had values.go's two url.Parse calls left out)
    body = "\n".join(_line(lines, k) for k in range(fn.start_line + 1, n))
    return re.search(rf"(?<![\w.]){w}(?:\s*,\s*\w+)*\s*:=|\bvar\s+{w}\b", body) is not None


def _qualified_uses(space: str, plain: dict[str, list[int]], every: dict[str, list[int]],
                    lines: list[str], go_syms: list[Any] | None = None, *,
                    path_only: bool = False) -> list[tuple[str, list[int]]]:
    """The members read through `space` (`space.member`, Rust `space::member`) on lines where the code writes
    `space` itself (not a member of something else named so) and `member`; with `go_syms` (a Go file's symbols),
    not where a local or parameter shadows the package (`importer.Imports()` with `importer := imports.New(..)`);
    `path_only`: Rust paths only (`dfa::Fsm`, never a local's field `dfa.prefixes`)."""
    head = space.split(".")[0]
    sep = "::" if path_only else r"\.|::"
    # (after `::` is a path's inner segment; after one `:` is a Go slice's bound, `fullPath[:strings.Index(..)]`, which
    # the httprouter agent, run 459, was told nothing of)
    rx = re.compile(rf"(?<![\w$.])(?<!::){re.escape(space)}\s*(?:{sep})\s*([\w$]+)")
    out: dict[str, list[int]] = {}
    for n in sorted(set(plain.get(head, []))):
        if go_syms is not None and _go_shadowed(go_syms, lines, n, space):
            continue
        for m in rx.finditer(_line(lines, n)):
            member = m.group(1)
            if n in every.get(member, ()) and n not in out.setdefault(member, []):
                out[member].append(n)
    return [(k, v) for k, v in out.items() if v]


def _statement(lines: list[str], start: int) -> list[int]:
    """The lines an import statement spans (a multi-line `import {` or `from x import (`; one line of a Go block;
    the destructuring above a CommonJS `} = require('m')`)."""
    out: list[int] = []
    if 1 < start <= len(lines) and lines[start - 1].lstrip().startswith("}") and "require" in lines[start - 1]:
        n, depth = start, 0
        while n > 0 and start - n < 60:  # up to the line that opens the pattern
            code = re.sub(r"//.*$", "", lines[n - 1])
            depth += code.count("}") - code.count("{")
            out.insert(0, n)
            if depth <= 0:
                break
            n -= 1
        return out
    text = lines[start - 1] if 0 < start <= len(lines) else ""
    if re.search(r"\brequire\s*\(", text) and not re.match(r"\s*(?:const|let|var|import|export|require|module\.exports)\b", text):
        # a require inside an expression (`return require('./check_reqs').run().then(function () {`): its line,
        # not the statement around it, whose lines use other imports (cordova's Api.js had lost them)
        return [start]
    n, depth = start, 0
    while 0 < n <= len(lines):
        out.append(n)
        code = re.sub(r"(?:\s#|//).*$", "", lines[n - 1])  # a comment's `(` opens nothing
        depth += code.count("(") + code.count("{") - code.count(")") - code.count("}")
        if depth <= 0 or n - start > 200:
            break
        n += 1
    return out


def declared_here(nav: NavigationService, rel: str, *, labelled: bool = False) -> set[str]:
    """The type parameters (`class ArrayObject<T>`, `func f<R, each A>(..)`) and parameter names the file's
    definitions declare, which the uses views never take for names from anywhere: C#'s `Type name`, or with
    `labelled` Swift's `label name: Type`."""
    out: set[str] = set()
    for sym in nav.index.symbols_in_file(rel):
        head = sym.signature or ""
        for m in re.finditer(r"\w\s*<([^<>()]*)>\s*(?:\(|:|where\b|$|\{)", head):
            out.update(re.findall(r"(?:^|,)\s*(?:each\s+)?([A-Za-z_]\w*)", m.group(1)) if labelled
                       else re.findall(r"\b[A-Za-z_]\w*\b", m.group(1)))
        inner = head[head.find("(") + 1:head.rfind(")")] if "(" in head and ")" in head else ""
        for param in inner.split(","):
            words = param.split(":")[0].split() if labelled else re.findall(r"\w+", param.split("=")[0])
            out.update(w for w in words[-1:] if w != "_")
    return out


def capped(row: ImportUse, limit: int) -> None:
    """A row of names cut to `limit`, its `glob` saying how many there were when more."""
    more = len(row.names) - limit
    row.names = row.names[:limit]
    if more > 0:
        row.glob = len(row.names) + more
