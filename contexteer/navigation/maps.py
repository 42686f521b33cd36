"""A file's outline and a directory's repo map, from the index: which definitions, ranked, fitted to a budget."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from contexteer.indexers.model import CLASS_KINDS, is_macro
from contexteer.indexers.repomap import fit, language_summary
from contexteer.navigation.models import MapFile, StructuredIndex
from contexteer.navigation.service import NavigationService
from contexteer.navigation.symbols import split_focus

logger = logging.getLogger(__name__)

#: Why a file has no outline, by its index status.
_NOT_INDEXED = {"too_large": "it is larger than workspace.max_file_bytes", "binary": "it is binary",
                "unsupported": "its language has no parser here", "error": "it could not be parsed"}


@dataclass
class FileOutline:
    """A file's definitions as an outline shows them; `unindexed` says why there are none (its index status)."""

    info: Any
    note: str | None
    symbols: list[Any] = field(default_factory=list)
    filtered: str = ""  # 'class definitions (12 of other kinds)': what a kinds= filter left out of a non-empty file
    unindexed: str | None = None
    overrides: dict[int, str] = field(default_factory=dict)  # a method's id -> what it overrides, where
    conditions: dict[int, str] = field(default_factory=dict)  # a Python definition's id -> `if TYPE_CHECKING` or its else


def file_outline(nav: NavigationService, rel: str, kinds: set[str] | None, private: bool, note: str | None) -> FileOutline:
    """The definitions of one file (exported ones only unless `private`, of `kinds` when given); a file the parser
    flags with errors has where its first error is added to `note`."""
    info = nav.index.file_info(rel)
    if info is None or info.status != "indexed":
        reason = _NOT_INDEXED.get(info.status, info.status) if info else "it is not indexed (ignored, excluded or new)"
        return FileOutline(info, note, unindexed=reason)
    if info.has_errors:  # an agent that just broke the file needs to know where
        where = nav.syntax_error_note(rel, info.language)
        note = f"{note}; {where}" if note and where else (where or note)
    every = [s for s in nav.index.symbols_in_file(rel) if private or s.exported]
    syms = [s for s in every if not kinds or s.kind in kinds or ("macro" in kinds and is_macro(s.kind, s.signature))]
    if kinds and syms and "impl" not in kinds:
        # the impl blocks holding what was asked stay as its context (a method's `(in List)` does not say which
        # trait's impl it is in: `kinds=[method]` on a Rust file showed `impl Build for List`'s methods under the
        # type alias above them, petgraph A/B run 124)
        kept = {s.id for s in syms}
        holders = {h.id for h in every if h.kind == "impl" and any(h.start_line <= s.start_line and s.end_line <= h.end_line
                                                                   for s in syms)}
        syms = [s for s in every if s.id in kept or s.id in holders]
    filtered = ""
    if kinds and not syms and every:
        filtered = f"{' or '.join(sorted(kinds))} definitions ({len(every)} of other kinds)"
    # (the bases may be in files a cold build has not reached yet: a first answer goes without, as it did before)
    overrides = _overrides(nav, syms) if nav.index.store.is_complete() else {}
    conditions = _python_notes(nav, rel, syms) if info.language == "python" else \
        _rust_cfg_notes(nav, rel, syms) if info.language == "rust" else \
        _go_iota_notes(nav, rel, syms) if info.language == "go" else {}
    return FileOutline(info, note, syms, filtered, overrides=overrides, conditions=conditions)


def _python_notes(nav: NavigationService, rel: str, syms: list[Any]) -> dict[int, str]:
    """Per Python definition: the decorators its signature does not show (`@pass_context`, `@internalcode`: the
    Jinja2 A/B agent, run 359, read 13 ranges for them; a range starts at its first decorator), and whether it sits
    under `if TYPE_CHECKING:` or its `else:`."""
    from contexteer.workspace import repo_text

    lines = (repo_text(nav.ws, rel) or "").split("\n")
    out = _type_checking_branches(lines, syms)
    for s in syms:
        if not 0 < s.start_line <= len(lines) or not lines[s.start_line - 1].lstrip().startswith("@"):
            continue
        said = []
        for k in range(s.start_line, min(s.end_line, s.start_line + 8) + 1):
            text = lines[k - 1].strip()
            if not text.startswith("@"):
                break
            if len(text) <= 60 and text not in (s.signature or ""):
                said.append(text)
        if said:
            shown = " ".join(said[:3]) + (" …" if len(said) > 3 else "")
            out[s.id] = f"{out[s.id]}; {shown}" if s.id in out else shown
    return out


def _rust_cfg_notes(nav: NavigationService, rel: str, syms: list[Any]) -> dict[int, str]:
    """Per Rust definition: the `#[cfg(..)]` attributes right above it (not `#[cfg(test)]`): tracing-core's callsite.rs
    has two `mod dispatchers`, under `feature = "std"` and its `not`, and the outline had shown them alike (run 456)."""
    from contexteer.indexers.syntax import rust_attributes_above, rust_cfg_if_arm, rust_item_line
    from contexteer.workspace import repo_text

    lines = (repo_text(nav.ws, rel) or "").split("\n")
    out: dict[int, str] = {}
    for s in syms:
        k = rust_item_line(lines, s.start_line)  # (a range opening at its attributes: its item's own line)
        said = [a for a in rust_attributes_above(lines, k) if a.startswith("#[cfg(") and a != "#[cfg(test)]"]
        arm = rust_cfg_if_arm(lines, k) if "cfg_if" in (s.signature or "") else None
        said = [arm, *said] if arm else said
        if said:
            out[s.id] = " ".join(dict.fromkeys(said))
    return out


_GO_SPEC = re.compile(r"^([A-Za-z_]\w*)(?:\s*,\s*[A-Za-z_]\w*)*(?:\s+[\w.*\[\]]+)?(?:\s*=\s*(.+))?$")


def _go_iota_notes(nav: NavigationService, rel: str, syms: list[Any]) -> dict[int, str]:
    """Per Go constant of a `const (..)` block written with `iota`: its value (`= 1`), the block's last expression
    counted on (httprouter run 463 read the block to learn that `root` is 1 after `static nodeType = iota`)."""
    from contexteer.workspace import repo_text

    consts = {s.start_line: s for s in syms if s.kind == "constant"}
    if not any("iota" in (s.signature or "") for s in consts.values()):
        return {}
    lines = (repo_text(nav.ws, rel) or "").split("\n")
    out: dict[int, str] = {}
    k = 0
    while k < len(lines):
        k += 1
        if not re.match(r"\s*const\s*\(\s*(?://.*)?$", lines[k - 1]):
            continue
        index, expr = -1, None
        while k < len(lines):
            k += 1
            text = lines[k - 1].split("//", 1)[0].strip()
            if text.startswith(")"):
                break
            m = _GO_SPEC.match(text) if text else None
            if m is None:
                continue
            index += 1
            expr = m.group(2) if m.group(2) is not None else expr
            value = _iota_value(expr, index) if expr and re.search(r"\biota\b", expr) else None
            if value is not None and k in consts:
                out[consts[k].id] = f"= {value}"
    return out


def _iota_value(expr: str, index: int) -> int | None:
    """An integer constant expression of `iota` (`iota`, `iota + 1`, `1 << iota`, `1 << (10 * (iota + 1))`) at
    `index`; None for anything else (another constant's name, a call, a typed conversion)."""
    import ast

    expr = re.sub(r"^\s*[A-Za-z_]\w*\(\s*(.*)\s*\)\s*$", r"\1", expr)  # `Weekday(iota)`: the conversion dropped
    try:
        tree = ast.parse(re.sub(r"\biota\b", str(index), expr).replace("&^", "&~"), mode="eval")
    except SyntaxError:
        return None
    ops: dict[type, Callable[[int, int], int | None]] = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
           ast.Div: lambda a, b: a // b if b else None, ast.LShift: lambda a, b: a << b if 0 <= b < 128 else None,
           ast.RShift: lambda a, b: a >> b, ast.BitOr: lambda a, b: a | b, ast.BitAnd: lambda a, b: a & b,
           ast.Mod: lambda a, b: a % b if b else None}

    def ev(node: ast.AST) -> int | None:
        if isinstance(node, ast.Expression):
            return ev(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert)):
            v = ev(node.operand)
            return None if v is None else -v if isinstance(node.op, ast.USub) else ~v
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            a, b = ev(node.left), ev(node.right)
            return None if a is None or b is None else ops[type(node.op)](a, b)
        return None
    return ev(tree)


def _type_checking_branches(lines: list[str], syms: list[Any]) -> dict[int, str]:
    """The definitions a Python file makes under `if TYPE_CHECKING:` (for type checkers only) or its `else:` (at run
    time only): click's types.py defines ChoiceInfoDict twice, and the outline did not say which is which (run 354)."""
    if not any("TYPE_CHECKING" in ln for ln in lines):
        return {}
    out: dict[int, str] = {}
    for s in syms:
        branch = _type_checking_branch(lines, s.start_line)
        if branch:
            out[s.id] = branch
    return out


def _type_checking_branch(lines: list[str], line: int) -> str | None:
    """`if TYPE_CHECKING` or `not TYPE_CHECKING` for a line directly in such a block or its `else:` (None: neither)."""
    if not 0 < line <= len(lines):
        return None
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    for n in range(line - 2, -1, -1):
        text = lines[n]
        lead = len(text) - len(text.lstrip())
        if not text.strip() or text.lstrip().startswith(("#", "@")) or lead >= indent:
            continue
        if re.match(r"\s*if\s+(?:typing\.|t\.)?TYPE_CHECKING\s*:", text):
            return "if TYPE_CHECKING"
        if re.match(r"\s*else\s*:", text):
            for k in range(n - 1, -1, -1):  # the `if` this `else` closes, at the same indent
                head = lines[k]
                if head.strip() and len(head) - len(head.lstrip()) == lead and not head.lstrip().startswith("#"):
                    if re.match(r"\s*if\s+(?:typing\.|t\.)?TYPE_CHECKING\s*:", head):
                        return "not TYPE_CHECKING"
                    if not re.match(r"\s*(?:elif\b|if\b)", head):
                        continue
                    return None
        return None
    return None


def _overrides(nav: NavigationService, syms: list[Any]) -> dict[int, str]:
    """What each method of the file's classes overrides: the nearest definition of its name in the class's bases
    (and, in Ruby, the modules they include), with where it is. Sequel's mysql2.rb: the A/B agent searched 13
    names across the repository to learn which of its 27 methods override Database's or MySQL::DatabaseMethods'."""
    from contexteer.indexers import graph

    out: dict[int, str] = {}
    files: dict[str, list[Any]] = {}
    qualifier = nav.qualifier()
    for c in [s for s in syms if s.kind in CLASS_KINDS][:30]:
        members = [m for m in syms if m.parent_id == c.id and m.kind in ("method", "function")]
        bases = graph.base_member_lists(nav.index, c, nav.imported) if members else {}
        for m in members:
            found = bases.get(graph.member_side(nav.index, m, files)) or []
            if m.language == "csharp" and found:
                found = _csharp_overridden(nav, m, found)
            b = found[0] if found else None
            if b is not None and m.language in _OVERLOADING:
                # the nearest base whose overloads take such parameters: another base further up may (an interface's)
                b = next((o for o in (_same_overload(nav, f, m) for f in found) if o is not None), None)
            if b is not None:
                at = _def_line(nav, b)
                where = f"line {at}" if b.path == m.path else f"{b.path}:{at}"
                out[m.id] = f"overrides {qualifier.display(b) or b.qualname} {where}"
    return out


def _def_line(nav: Any, b: Any) -> int:
    """The line a Python method's `def` is on, below its decorators (lark run 523 read an outline's 'overrides
    AbstractBasicLexer.next_token line 532', the @abstractmethod line, beside implementations' 'next_token 533')."""
    from contexteer.indexers.lookup import lines_of

    if not b.path.endswith((".py", ".pyi")):
        return int(b.start_line)
    lines = lines_of(nav.index, b.path)
    n = b.start_line
    while n <= min(len(lines), b.start_line + 8) and lines[n - 1].lstrip().startswith("@"):
        n += 1
    return int(n) if n <= len(lines) and lines[n - 1].lstrip().startswith(("def ", "async def ")) else int(b.start_line)


def _csharp_overridden(nav: NavigationService, m: Any, found: list[Any]) -> list[Any]:
    """Of the base members named like C# method `m`, those it can override or implement: a class's only when `m` is
    written `override`, an interface's only when `m` is not `new` and is `static` as that member is (dbus-sharp run
    521: the overload `public void Open (Socket socket)` and `public static new Bus Open (string address)` were marked
    as overriding)."""
    head = (m.signature or "").split("(", 1)[0]
    if re.search(r"\boverride\b", head):
        return found
    if re.search(r"\bnew\b", head):
        return []
    static = bool(re.search(r"\bstatic\b", head))  # (a static method implements only an interface's static member)
    return [b for b in found if (p := nav.index.get_symbol(b.parent_id) if b.parent_id is not None else None) is not None
            and p.kind == "interface" and static == bool(re.search(r"\bstatic\b", (b.signature or "").split("(", 1)[0]))]


#: languages whose methods overload by parameter types: what a method overrides is the base's of the same types
_OVERLOADING = frozenset({"java", "kotlin", "csharp", "scala", "cpp", "dart", "swift"})


def _same_overload(nav: NavigationService, b: Any, m: Any) -> Any:
    """Of the base class's methods named like `b`, the one `m` overrides: the same parameter types, else the same
    count, else `b` (cordova's CoreAndroid.execute(String, JSONArray, CallbackContext) had been said to override
    CordovaPlugin's execute(String, String, CallbackContext), the first of two three-parameter overloads)."""
    from contexteer.indexers.syntax import param_types, top_level

    siblings = [s for s in nav.index.symbols_in_file(b.path) if s.parent_id == b.parent_id and s.name == b.name
                and s.kind in ("method", "function")]
    mine = param_types(m.signature or "")
    if mine is None:
        return b

    def simple(types: list[str]) -> list[str]:  # `final java.util.List<String>` -> `List`
        return [re.sub(r"<.*", "", t.replace("final ", "").strip()).rsplit(".", 1)[-1].strip() for t in types]
    def arrays(sig: str) -> list[bool]:  # which parameters are arrays or varargs (`byte[] value`, `params object[]`,
        # `String... xs`): param_types keeps the element type only (Json.NET's WriteValue(byte[]) had been said to
        # override JsonWriter's WriteValue(byte), review of 781db65)
        found = re.search(r"\((.*)\)", sig)
        return [bool(re.search(r"\[\s*\]|\.\.\.|^\s*params\b|\bArray\s*<", re.sub(r"\s*=.*$", "", p)))
                for p in top_level(found.group(1))] if found else []
    want, shape = simple(mine), arrays(m.signature or "")
    if m.language == "java" and all(param_types(s.signature or "") is not None for s in siblings):
        # Java overrides by the same parameter types after erasure, a type parameter of the base bound in the subtype
        # (Commons Codec run 525: BaseNCodec's decode(byte[], int, int, Context) and decode(Object) had been said to
        # override BinaryDecoder's decode(byte[]), the one base method of the name; another list overloads it)
        bound = _type_params(nav, b)
        return next((s for s in siblings if _java_same_params(simple(param_types(s.signature or "") or []),
                                                              arrays(s.signature or ""), want, shape, bound)), None)
    typed = [s for s in siblings if (p := param_types(s.signature or "")) is not None and simple(p) == want]
    exact = [s for s in typed if arrays(s.signature or "") == shape]
    counted = [s for s in siblings if (p := param_types(s.signature or "")) is not None and len(p) == len(want)]
    if not (exact or typed or counted) and not any(arrays(s.signature or "")[-1:] == [True] for s in [m, *siblings]) \
            and all(param_types(s.signature or "") is not None for s in siblings):
        # no base method of that name takes as many parameters: an overload of its own, no override (Commons
        # Collections run 344: LRUMap's get(Object, boolean) was said to override AbstractHashedMap's get(Object))
        return None
    return (exact or typed or counted or [b])[0]


def _java_same_params(base: list[str], base_arrays: list[bool], mine: list[str], my_arrays: list[bool],
                       bound: set[str]) -> bool:
    """Whether a Java method of parameter types `mine` overrides one of `base`: the same types and arrays, a base's
    type parameter (`bound`) standing for any type (`T` bound to `byte[]` in `implements Encoder<byte[]>`)."""
    if len(base) != len(mine) or len(base_arrays) != len(base) or len(my_arrays) != len(mine):
        return len(base) == len(mine) == 0
    return all((bt in bound and (ma or not ba)) or (bt == mt and ba == ma)
               for bt, ba, mt, ma in zip(base, base_arrays, mine, my_arrays, strict=True))


def _type_params(nav: NavigationService, b: Any) -> set[str]:
    """The type parameters a Java method `b` may name: its class's (`class Map<K, V>`) and its own (`<T> T f(T x)`)."""
    from contexteer.indexers.syntax import top_level

    heads = [s.signature or "" for s in nav.index.symbols_in_file(b.path) if s.id == b.parent_id]
    own = (b.signature or "").split("(", 1)[0]
    out: set[str] = set()
    for head, where in [(h, re.search(r"\b(?:class|interface|record|enum)\s+[\w$]+\s*<", h)) for h in heads] + \
            [(own, re.search(r"(?:^|\s)<", own))]:
        if where is None:
            continue
        depth, end = 1, where.end()
        while end < len(head) and depth:
            depth += {"<": 1, ">": -1}.get(head[end], 0)
            end += 1
        out |= {p.split()[0] for p in top_level(head[where.end():end - 1]) if p.split()}
    return out


def _folder_counts(paths: list[str]) -> dict[str, int]:
    """Files per folder one level down ('' for the files at the top)."""
    counts: dict[str, int] = {}
    for p in paths:
        head, sep, _ = p.partition("/")
        counts[head if sep else ""] = counts.get(head if sep else "", 0) + 1
    return counts


def _folders(counts: dict[str, int], rel: str, cap: int = 20, parsed: dict[str, int] | None = None) -> str:
    """'\nfolders (files): Api 25, Core 150, Worklets 8; 3 files at ios/': the layout one level down, as `ls` shows
    it (the Swift A/B agent asked a map of ios/ for its layout and got symbols); '' with fewer than two folders. A
    folder with files no parser reads says how many of its files are indexed (`fuzz 643 (1 indexed)`: jmespath run 465
    listed fuzz/ to learn that 642 were a corpus)."""
    names = sorted(n for n in counts if n)
    if len(names) < 2:
        return ""
    top = counts.get("", 0)
    parsed = parsed if parsed is not None else counts

    def said(n: str) -> str:
        k = parsed.get(n, 0)
        return f"{n} {counts[n]}" + (f" ({k} indexed)" if k != counts[n] else "")
    shown = ", ".join(said(n) for n in names[:cap]) + (f", +{len(names) - cap} more" if len(names) > cap else "")
    at = f"; {top} file{'s' if top != 1 else ''} at {'the top' if rel == '.' else rel + '/'}" if top else ""
    return f"\nfolders (files): {shown}{at}"


#: a folder of at most this many files maps its private definitions too when they fit (and none was asked for)
_WHOLE_MAP_FILES = 12


def repo_map(nav: NavigationService, rel: str, budget: int, focus: list[str], kinds: set[str] | None, private: bool | None,
             note: str | None, cap_note: str | None, count: Callable[[str], int]) -> tuple[str, StructuredIndex, bool]:
    """The ranked map of a directory's most important files and definitions within `budget` tokens (as `count`
    counts them), the focused files and names first, its typed model, and False when the directory has no indexed
    source file (the text then says so). `private` None: public definitions, and private ones too in a folder of a
    few files when all of them fit."""
    infos = nav.mapper.infos()
    prefix = "" if rel == "." else rel + "/"
    focus_files, focus_names = split_focus(focus, infos)
    if focus_names and any(not nav.index.find_symbols(nm, match="exact", limit=1) for nm in focus_names) \
            and nav.sweep_on_miss():  # a focused name the index does not know yet: the agent may just have written it
        infos = nav.mapper.infos()
        focus_files, focus_names = split_focus(focus, infos)
    scope = sorted(p for p, fi in infos.items() if p.startswith(prefix) and fi.status == "indexed")
    ranking = nav.mapper.ranking(focus_files, focus_names)
    head = f"repo map of {rel if rel != '.' else 'the repository'} — " + language_summary(infos[p] for p in scope)
    unparsed = sorted(p for p, fi in infos.items() if p.startswith(prefix) and fi.status != "indexed")
    others = len(unparsed)
    if others:
        # (named when few: wtforms run 558 could not tell from "1 other file" whether a compiled .mo was there)
        named = f": {', '.join(p[len(prefix):] for p in unparsed)}" if others <= 5 else ""
        head += f"; {others} other file{'s' if others != 1 else ''}{named} (no parser, binary or too large: search_text reads them)"
    folders = _folder_counts([p[len(prefix):] for p in infos if p.startswith(prefix)])
    head += _folders(folders, rel, parsed=_folder_counts([p[len(prefix):] for p in scope]))
    notes = [n for n in (note, cap_note, nav.index.listing_note() if not prefix else None) if n]
    if notes:
        head += "\n[" + "; ".join(notes) + "]"
    if not scope:
        text = head + f"\nno indexed source files under {rel}. Use search_text(path=\"{rel}\") to search its text."
        return text, StructuredIndex(path=rel, mode="map", note=note), False
    in_scope = set(scope)
    pinned = sorted(((p, nm) for (p, nm) in ranking.def_rank if nm in focus_names and p in in_scope),
                    key=lambda k: (-ranking.def_rank[k], k))[:20]
    result = fit(ranking, scope, nav.mapper.symbols_of, count, budget, header=head, kinds=kinds,
                 include_private=bool(private), pinned=pinned, prefix=prefix)
    if private is None and result.files_shown == result.files_total and len(scope) <= _WHOLE_MAP_FILES:
        # a small folder whose public map shows every file: its private definitions too when they fit (testify's
        # _codegen, a `package main`, had been "25 symbols" over one type's methods, main and the rest unsaid)
        whole = fit(ranking, scope, nav.mapper.symbols_of, count, budget, header=head, kinds=kinds,
                    include_private=True, pinned=pinned, prefix=prefix)
        if whole.files_shown == whole.files_total and whole.symbols_shown > result.symbols_shown:
            result = whole
    model = StructuredIndex(
        path=rel, mode="map", files_total=result.files_total, files_shown=result.files_shown, tokens=result.tokens, note=note,
        folders={n: c for n, c in folders.items() if n} if _folders(folders, rel) else {},
        files=[MapFile(path=p, symbols=[f"{s.start_line}-{s.end_line} {s.qualname}" for s in ss]) for p, ss in result.shown],
    )
    return result.text, model, True
