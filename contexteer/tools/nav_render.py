"""Compact text renderings of the navigation tools' answers (outline, symbol hits, dependencies, mermaid)."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from contexteer.indexers.model import kind_word
from contexteer.indexers.textsearch import SearchResult
from contexteer.navigation.models import NO_MATCH_USES, SymbolSearch, clip
from contexteer.navigation.symbols import VALUE_KINDS, go_package_private
from contexteer.shaping.answer import Hit
from contexteer.tools.nav_deps import deps_mermaid as deps_mermaid  # list_dependencies' renderers
from contexteer.tools.nav_deps import deps_text as deps_text

logger = logging.getLogger(__name__)


#: First words of a signature that already say what the definition is (no kind label needed).
DEF_KEYWORDS = frozenset(
    "def async class fn func function struct interface enum trait type impl pub export public private protected "
    "static const let var abstract final module namespace union typedef template unsafe extern extension".split()
)
#: Swift and Kotlin words that say it as well when a declaration follows them (`internal class X`, `override var
#: reason`), not when they are a name (a Python `open = ...`, a JS `function data()`).
DEF_MODIFIERS = frozenset("internal open override fileprivate mutating convenience required sealed data inline suspend "
                          "lateinit lazy weak val object protocol actor companion".split())


_FIRST_WORD = re.compile(r"\s*([A-Za-z_]\w*)(\s+[A-Za-z_@])?")


def sig_width(sym: Any, width: int = 160) -> int:
    """A constant's or variable's line is its value, which an outline shows whole as far as the index keeps it (Monolog
    run 360 read a range for `DEFAULT_JSON_FLAGS = JSON_UNESCAPED_SLASHES | ... | JSON_PARTIAL_OUTPUT_O…`)."""
    return max(width, 260) if sym.kind in VALUE_KINDS and width >= 160 else width


def _sig(sym: Any, width: int = 160) -> str:
    return clip(sym.signature or "", sig_width(sym, width)) or f"{sym.kind} {sym.name}"


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
    sym_id: int | None = None  # the symbol's id


def _kind_unsaid(s: Any, first: str, shown: str) -> bool:
    """A C++ method defined out of its class opens with `template<..>` or a `const` return type (spdlog's
    `template<typename Mutex> void spdlog::sinks::base_sink<Mutex>::log(..)`): nothing in it says method."""
    return s.kind in ("method", "function") and (first == "template" or (first == "const" and "::" in shown))


def _kind(s: Any) -> str:
    return kind_word(s.kind, getattr(s, "language", None), s.name, getattr(s, "signature", None))


def _below(entry: OutlineEntry, pid: int, parents: dict[int, int | None], apart: set[int]) -> bool:
    """Whether the entry listed last is the symbol `pid` or one of its members (at any depth) shown under it, not
    listed apart at the top level."""
    at: int | None = entry.sym_id
    for _ in range(64):
        if at is None:
            return False
        if at == pid:
            return True
        if at in apart:
            return False
        at = parents.get(at)
    return False


def outline_entries(syms: list[Any], *, signatures: bool = True, overrides: dict[int, str] | None = None) -> list[OutlineEntry]:
    """Entries of a file's (or a definition's) symbols, nested by parent; a parent outside the list counts as top level;
    `overrides`: a method's id -> what it overrides, said after its signature."""
    depth: dict[int, int] = {}
    by_id: dict[int, OutlineEntry] = {}
    out: list[OutlineEntry] = []
    # an object type alias's members past the first few are counted on its line (zod's `type JSONSchema = {..}` holds
    # 60; listing them took json-schema.ts's outline from 265 to 1,000 tokens, review of 8a36f70)
    kinds = {s.id: s.kind for s in syms}
    members: dict[int, int] = {}
    parents: dict[int, int | None] = {}  # id -> parent id, of the listed symbols
    shown_apart: set[int] = set()  # members listed at the top level, away from their parent
    for s in syms:
        if signatures and s.kind == "field" and s.parent_id is not None and kinds.get(s.parent_id) == "type" \
                and s.language in ("typescript", "tsx"):
            members[s.parent_id] = members.get(s.parent_id, 0) + 1
            if members[s.parent_id] > MAX_ALIAS_MEMBERS:
                continue
        parent = by_id.get(s.parent_id) if s.parent_id is not None else None
        # a member listed away from its parent, other definitions between (a Go method far below its type: `func (key
        # SVCBKey) String()` had looked nested in the function reverseSVCBKeyMap above it, miekg/dns run 368) is
        # said to be its owner's at the top level
        # (and its siblings after it: memberlist run 373 read resolveAddr .. changeNode as nested in tcpLookupIP, the
        # first of Memberlist's methods listed apart)
        apart = parent is not None and bool(out) and not _below(out[-1], s.parent_id, parents, shown_apart)
        parents[s.id] = s.parent_id
        if apart:
            shown_apart.add(s.id)
        d = depth[s.parent_id] + 1 if parent is not None and not apart else 0
        depth[s.id] = d
        if parent is not None:
            parent.children += 1
        if signatures:
            shown = _sig(s) if s.kind != "heading" else s.name
            # `impl<'a> Draw for &'a Slider`, `template<class T> struct X`: a keyword; `@property def x` too
            first = _FIRST_WORD.match(re.sub(r"^(?:@[\w.]+(?:\([^)]*\))?\s+)+", "", shown))
            label = "" if s.kind == "heading" or (first and (first.group(1) in DEF_KEYWORDS or (first.group(1) in DEF_MODIFIERS and first.group(2)
                                                                            and s.language in ("swift", "kotlin")))
                                                and not _kind_unsaid(s, first.group(1), shown)) \
                else f"{_kind(s)} "
            text = f"{s.start_line}-{s.end_line} {label}{shown}"
            short = f"{s.start_line}-{s.end_line} {label}{_sig(s, 72) if s.kind != 'heading' else s.name}"
            tiny = f"{s.start_line}-{s.end_line} {_kind(s) + ' ' if s.kind != 'heading' else ''}{s.name}"
            doc = f"  # {s.doc.strip()[:100]}" if s.doc else ""
        else:  # the qualname, its end kept when nesting makes it long (700 nested levels: 700 names in each)
            qual = s.qualname if len(s.qualname) <= 160 else "…" + s.qualname[-159:]
            text = short = tiny = f"{s.start_line}-{s.end_line} {_kind(s)} {qual}"
            doc = ""
        plain = text
        if signatures and overrides and s.id in overrides:
            said = f"  [{overrides[s.id]}]"
            text, short = text + said, short + said
        if signatures and s.parent_id is not None and (parent is None or apart) and "." in s.qualname:
            # its parent is not listed (a kinds= filter): say whose member it is, or every __init__ looks alike
            owner = f"  (in {s.qualname.rsplit('.', 1)[0]})"
            text, short, tiny = text + owner, short + owner, tiny + owner
        e = OutlineEntry(d, text, doc, short, tiny, s.qualname, s.start_line, s.end_line, sym_id=s.id)
        by_id[s.id] = e
        last = out[-1] if out else None
        if signatures and last is not None and (last.depth, last.start, last.end) == (d, s.start_line, s.end_line) \
                and last.text.startswith(plain) and (last.text == text or overrides and s.id in overrides):
            # `local tinsert, tremove, concat = ...`: every name is a definition, the line is shown once; Ruby's
            # `def_delegators :regexp, :===, :match`: once, with what each of its methods overrides
            if last.text != text and overrides:
                said = f"; {overrides[s.id]}" if last.text != plain else f"  [{overrides[s.id]}]"
                last.text = last.text[:-1] + said + "]" if last.text != plain else last.text + said
                last.short = last.text
            continue
        out.append(e)
    for pid, n in members.items():
        if n > MAX_ALIAS_MEMBERS and pid in by_id:
            more = f"  [+{n - MAX_ALIAS_MEMBERS} more members]"
            holder = by_id[pid]
            holder.text, holder.short, holder.tiny = holder.text + more, holder.short + more, holder.tiny + more
    return out


#: members of a TypeScript object type alias listed in an outline, the rest counted
MAX_ALIAS_MEMBERS = 6


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
    from contexteer.indexers.repomap import indentation  # the ranking stack, on first use

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
            count: Callable[[str], int] | None = None, filtered: str = "",
            overrides: dict[int, str] | None = None) -> tuple[str, list[int], bool]:
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
    entries = outline_entries(syms, overrides=overrides)
    if budget is None or count is None:
        return "\n".join(lines + [f"{'  ' * (e.depth + 1)}{e.text}{e.doc}" for e in entries]), list(range(len(syms))), True
    fitted = fit_outline(entries, budget, count, rel, fixed="\n".join(lines) + "\n")
    return "\n".join(lines + fitted.lines), fitted.shown, fitted.docs


def symbol_search(model: SymbolSearch, match: str, kind: str | None, with_refs: bool,
                  ranked: int, offset: int = 0, subtypes: bool = False, asked: int | None = None) -> tuple[list[str], list[Hit | str]]:
    """The answer's lines: how many definitions of how many, the definitions with whole signatures, paging,
    then the reference rows (hits under headings, each naming the definition it sits in)."""
    out: list[str] = []
    rows: list[Hit | str] = []
    shown = len(model.definitions)
    if shown and (model.total > 1 or offset):
        span = f"all {model.total}" if not offset and shown >= model.total else f"{offset + 1}-{offset + shown} of {model.total}"
        if model.note and ("% built" in model.note or "index build starting" in model.note):  # (tclap run 596 read "all 3" of a half-built index: there were 4)
            span = span.removeprefix("all ") + " so far"
        out.append(f"definitions matching '{model.query}': {span}" if model.query else f"definitions of kind {kind}: {span}")
    if model.note and (model.definitions or not model.note.startswith("no definition named ")):
        out.append(f"[{model.note}]")  # (a name list that all missed: the line below says it once)
    elif model.note and "; " in model.note:  # what follows it (where each missed name is assigned or imported) stays
        out.append(f"[{model.note.split('; ', 1)[1]}]")
    if not model.definitions:
        modes = ("exact", "prefix", "substring", "fuzzy")
        wider = [f"'{m}'" for m in modes[modes.index(match) + 1:]] if match in modes else []
        hint = (f" Try match={', '.join(wider[:-1])}{' or ' if len(wider) > 1 else ''}{wider[-1]}" if wider else
                f" Try search_text(pattern=\"{model.query}\") to find it in any text")
        kind_hint = f", or drop kind='{kind}'" if kind else ""
        if model.note and (" get it by assignment, " in model.note
                           or " is defined in the repository: it is imported from outside (" in model.note):
            # the assignment above is the answer: no wider match to try (Rich run 302 read the hint and searched again)
            hint, kind_hint = "", ""
        out.append(f"no definitions match '{model.query}' (match={match}).{hint}{kind_hint}".rstrip(".") + ".")
        if model.closest:
            out.append("closest names the index has: " + "; ".join(
                f"{h.qualified or h.qualname} ({h.kind}, {h.path}:{h.start_line}-{h.end_line})" for h in model.closest))
        if not model.references:
            return out, rows
    for h in model.definitions:
        priv = _privacy(h)
        what = "definition under another #if" if h.language == "c" else "overload signature"  # C has no overloads
        declared = [o.removesuffix(" (declaration)") for o in h.overloads if o.endswith(" (declaration)")]
        others = [o for o in h.overloads if not o.endswith(" (declaration)")]
        more = f" (+{len(others)} {what}{'s' if len(others) != 1 else ''}: {', '.join(others)})" if others else ""
        more += f" (declared at {', '.join(declared)})" if declared else ""
        if h.impls:
            block = "extension" if h.language == "swift" else "impl block"  # Swift's `extension Type { ... }`
            rest = f" +{len(h.impls) - 8} more" if len(h.impls) > 8 else ""
            more += f" ({block}{'s' if len(h.impls) != 1 else ''}: {', '.join(h.impls[:8])}{rest})"
        only = f"  (only {h.condition})" if h.condition else ""
        only += f"  ({h.made_by})" if h.made_by else ""
        named = f" (name at line {h.name_line})" if h.name_line else ""
        named += " (deprecated)" if h.deprecated else ""
        kind = kind_word(h.kind, h.language, h.qualname.rpartition(".")[2], h.signature)
        out.append(f"{h.path}:{h.start_line}-{h.end_line} {kind} {h.qualified or h.qualname}{priv}{named}{more} — {h.signature}{only}")
    if model.next_cursor is not None:
        # (why a page is shorter than the limit asked: miekg/dns run 382 read 90 rows of `limit=200` as a cut unsaid)
        fit = (f" (the page stops at what fits one answer: {shown} rows)"
               if asked is not None and shown < asked and int(model.next_cursor) - offset == shown else "")
        out.append(f"… {ranked - int(model.next_cursor)} more of {model.total}; next page: cursor=\"{model.next_cursor}\"{fit}")
    elif shown < model.total:
        out.append(f"[{model.total} definitions in all]")
    indexed = [r for r in model.references if r.kind != "use"]
    uses = [r for r in model.references if r.kind == "use"]
    if indexed:
        files = len({r.path for r in indexed})
        rows.append(f"references ({model.references_total} in {files} file{'s' if files != 1 else ''}; "
                    "each with the definition it sits in):")
        one = model.definitions[0] if len(model.definitions) == 1 else None
        if one is not None and one.kind in ("function", "method") and "." in model.query.strip("., ") \
                and "," not in model.query and model.references_total > 20:
            # run 53: `Random.init` references=true gave 1,567 `init` hits of any type; callers tell them apart
            rows.append(f"[by the name '{one.qualname.rsplit('.', 1)[-1]}', any type's; the calls of {model.query} "
                        f"told apart by receiver: find_related(symbol=\"{model.query}\", relation=\"callers\")]")
        by_name = _per_name(model.query, indexed)
        if by_name is None:
            rows.extend(Hit(r.path, r.line, r.preview, note=site_note(r)) for r in indexed)
        for name, refs in (by_name or {}).items():  # several names asked: each one's under its own heading
            files = len({r.path for r in refs})  # (petgraph run 396 read two names' references merged in one list)
            rows.append(f"references of {name} ({len(refs)} in {files} file{'s' if files != 1 else ''}):")
            rows.extend(Hit(r.path, r.line, r.preview, note=site_note(r)) for r in refs)
    elif with_refs and uses and model.definitions and not all(h.kind in VALUE_KINDS for h in model.definitions):
        rows.append("no call, type or import references in the index")  # a value's uses are its text matches
    if uses and not model.definitions:
        word = model.query.rsplit(".", 1)[-1]
        files = len({u.path for u in uses})
        rows.append(f"'{word}' appears as a word in {len(uses)}{'+' if len(uses) >= NO_MATCH_USES else ''} line"
                    f"{'s' if len(uses) != 1 else ''} of {files} file{'s' if files != 1 else ''}, but no definition of it is "
                    "indexed (a local, a parameter, a member, a name imported from outside the repository, or a kind the index "
                    "does not record there):")
        rows.extend(_outside_hints(word, uses, subtypes))
    elif uses and go_package_private(model.definitions):
        rows.append(f"uses of {model.definitions[0].qualname.rsplit('.', 1)[-1]} ({len(uses)}; every line of its package naming it, none a local "
                    "or member of that name: an unexported Go name is seen in its package only):")
    elif uses:
        names = sorted({h.qualname.rsplit(".", 1)[-1] for h in model.definitions}) or [model.query]
        rows.append(f"uses of {', '.join(names)} by name ({len(uses)}; whole-word text matches in files of its language, "
                    "not resolved: some may be other things with that name):")
    rows.extend(Hit(r.path, r.line, r.preview, note=site_note(r)) for r in uses)
    if not model.references and with_refs:
        out.append("no references found in the index")
    return out, rows





def _privacy(h: Any) -> str:
    """How a definition that is not exported is labelled, in its language's words (` (private)`, ` (package-private)`,
    ` (not exported)`, ` (static, internal linkage)`), or '' when exported."""
    # not exported: `protected` (PHP, Java, C#, Kotlin, ...) says so, anything else is private to its scope
    # (after its annotations: `@SuppressLint("RestrictedApi") internal fun f(` is internal, stripe run 537)
    head = re.sub(r"^\s*(?:@[\w.]+(?:\([^()]*\))?\s*)+", "", h.signature or "").split("(", 1)[0].split()
    priv = "" if h.exported else f" ({h.visibility})" if h.visibility else \
        next((f" ({w})" for w in ("protected", "internal") if w in head), " (private)")
    if priv == " (private)" and h.language == "java" and "private" not in head:
        priv = " (package-private)"  # no modifier: visible to its package (`TrieEntry<K, V> subtree(...)`)
    elif priv == " (private)" and h.language == "csharp" and "private" not in head and "." not in h.qualname \
            and h.kind in ("class", "struct", "interface", "enum", "type"):
        priv = " (internal)"  # a C# type outside any other type, with no modifier: its assembly's (`class NullOnly`)
    elif priv == " (private)" and h.language in ("typescript", "tsx", "javascript", "jsx") and "." not in h.qualname \
            and "private" not in head:
        priv = " (not exported)"  # a module's own function, no class member's modifier (TanStack run 511)
    elif priv == " (private)" and h.language == "go":
        priv = " (unexported)"  # Go's word for a lower-case name (no `private` in the language)
    elif priv == " (private)" and h.language in ("c", "cpp") and "static" in head and "." not in h.qualname.replace("::", "."):
        priv = " (static, internal linkage)"  # each file its own copy, no class's private member (leveldb run 507)
    return priv


def _per_name(query: str, refs: list[Any]) -> dict[str, list[Any]] | None:
    """The references of a query of several names (`NodeCompactIndexable, from_elements_indexable`), per name by the
    word its line writes (in the query's order); None for one name. A line writing none of them (a re-export
    under another name) goes with the first; one listed again for a second name goes with that one."""
    names = list(dict.fromkeys(n.strip().rsplit(".", 1)[-1].rsplit("::", 1)[-1] for n in query.split(",") if n.strip()))
    if len(names) < 2:
        return None
    out: dict[str, list[Any]] = {n: [] for n in names}
    met: dict[tuple[str, int], int] = {}  # a line writing two of the names is listed once per name, in their order
    for r in refs:
        written = [n for n in names if re.search(rf"(?<![\w$]){re.escape(n)}(?![\w$])", r.preview or "")] \
            or [n for n in names if getattr(r, "name", None) == n] or names[:1]  # (`from x import (` names none)
        k = met[(r.path, r.line)] = met.get((r.path, r.line), -1) + 1
        out[written[min(k, len(written) - 1)]].append(r)
    return {n: rs for n, rs in out.items() if rs}


#: an import line and the qualified name it writes (PHP/Rust `use`, Java/Kotlin/Scala/Go `import`, C# `using`)
_IMPORT_OF = re.compile(r"^\s*(?:use|import|using|pub\s+use)\s+(?:static\s+)?([\w.:\\]+)")
_PY_FROM = re.compile(r"^\s*from\s+([\w.]+)\s+import\b")
_JS_FROM = re.compile(r"\bfrom\s*['\"]([^'\"]+)['\"]|\brequire\s*\(\s*['\"]([^'\"]+)['\"]")


def _outside_hints(word: str, uses: list[Any], subtypes: bool) -> list[str]:
    """A name no definition has, whose word hits import it (`use League\\Config\\ConfigurationAwareInterface;`):
    where it comes from, and (`subtypes`: some class here names it as a base) the one call that lists them (the
    commonmark A/B agent, run 339, read word hits for the implementers of such an interface)."""
    names: dict[str, int] = {}
    for u in uses:
        text = u.preview or ""
        js = _JS_FROM.search(text)
        if js:  # JS/TS: a package's name (`import { z } from "zod"`), never a file of the repository ("./en.js")
            spec = js.group(1) or js.group(2)
            full = f"{word} from {spec}" if not spec.startswith((".", "/", "~", "@/")) else None
        else:
            m = _IMPORT_OF.match(text)
            full = m.group(1).rstrip(";:") if m else None
            if m is None and (py := _PY_FROM.match(text)) and not py.group(1).startswith(".") \
                    and re.search(rf"\bimport\b.*\b{re.escape(word)}\b", text):
                full = f"{py.group(1)}.{word}"
            if full and not re.search(rf"(?:[.:\\]){re.escape(word)}$", full):
                full = None  # (`import defaultErrorMap` alone, no path: not read as another package's)
        if full:
            names[full] = names.get(full, 0) + 1
    out = []
    if names:
        out.append("imported from outside the repository as " + ", ".join(
            n for n, _ in sorted(names.items(), key=lambda kv: -kv[1])[:3]))
    if subtypes:  # (how many headers is the implementations answer's to say)
        out.append(f"named as a base in class headers here; all of them: find_related(symbol=\"{word}\", "
                   "relation=\"implementations\")")
    return [f"[{'; '.join(out)}]"] if out else []


def site_note(site: Any) -> str:
    """Where a reference sits and, for a method, how it was resolved: `in Head.Truncate 120-150, receiver h`."""
    parts = [f"in {site.enclosing} {site.enclosing_lines}".rstrip() if site.enclosing else "top level"]
    if site.how in ("receiver type", "receiver") and site.receiver:
        parts.append(f"receiver {site.receiver}")
    if getattr(site, "via", None):  # through an import's alias
        parts.append(f"as {site.via}")
    if getattr(site, "reaches", None):  # of several methods named alike, the one it calls
        parts.append(f"-> {site.reaches}")
    return ", ".join(parts)


_REGEX_LIKE = re.compile(r"\\[.()\[\]{}|+*?^$wsdbWSDB]|\.[*+]|^\^|\$$|\[[^\]]+\]|\(\?|\w\|\w")


def reads_like_regex(pattern: str) -> bool:
    r"""Whether a pattern reads like a regular expression (`\.spawn\(`, `^use `, `a|b`, `errors: |reader: ` where
    every alternative holds a word: not `a || b`, `x | y` nor a Zig capture `|x|`, which as regexes match most lines)."""
    if _REGEX_LIKE.search(pattern) is not None:
        return True
    parts = re.split(r"(?<!\\)\|", pattern)
    return len(parts) > 1 and all(len(p.strip()) >= 2 for p in parts)


#: `\?\b`, `)\b`, `\b(`: a word boundary written next to a character that is no word character
_NONWORD_BOUNDARY = re.compile(r"(?:\\[^\w\s\\]|(?<!\\)[^\w\s\\(|)[\]^$.*+?{}])\\b|\\b(?:\\[^\w\s\\bBdDsSwWpPxu]|[^\w\s\\(|)[\]^$.*+?{}])")


def _unsatisfiable_boundary(pattern: str) -> re.Match[str] | None:
    r"""A `\b` the pattern writes between a non-word character and what cannot be a word character: `error\?\b` at
    a line's end, `=\b` before a space; not `name\b\(`, where the `\b` sits after a word character and holds."""
    for m in _NONWORD_BOUNDARY.finditer(pattern):
        if m.group(0).endswith("\\b"):  # `X\b`: what follows it in the pattern decides
            nxt = pattern[m.end():]
            if nxt[:1].isalnum() or nxt[:1] == "_" or nxt.startswith(("\\w", "\\d", "[")):
                continue
        else:  # `\bX`: what precedes it
            prev = pattern[: m.start()]
            if prev[-1:].isalnum() or prev[-1:] == "_" or prev.endswith(("\\w", "\\d", "]", "+", "*")):
                continue
        return m
    return None


def search_summary(result: SearchResult, regex: bool = True, scope: str = "") -> list[str]:
    """The closing lines of a text search: how many lines matched in how many files, and why it stopped; a
    literal search for what reads like a regex (`\\.spawn\\(`, `^use `) that found nothing says so, and one
    narrowed by a path or glob names them (a negated glob's "no matches" read as a glob that did not work)."""
    lines: list[str] = []
    if not result.matches:
        # (the pattern as written: its repr doubled every backslash, and `\.pipe\b` read as escaped twice; tRPC run 350)
        lines.append(f"no matches for '{result.pattern}'" + (f" {scope}" if scope else "")
                     + (" (search timed out)" if result.timed_out else ""))
        if not regex and reads_like_regex(result.pattern):
            lines.append("[searched as literal text (the default); the pattern reads like a regular expression: "
                         "pass regex=true to search it as one]")
        elif regex and (m := _unsatisfiable_boundary(result.pattern)) is not None:
            # the Sequel agent's `def disconnect_error\?\b` found nothing and nothing said why
            lines.append(f"[`{m.group(0)}`: \\b next to a non-word character matches only where a word character is on "
                         "its other side; drop the \\b or write (?:\\W|$)]")
    nf = len(result.files)
    summary = f"{result.matches} matching line{'s' if result.matches != 1 else ''} in {nf} file{'s' if nf != 1 else ''}"
    notes = []
    if result.truncated:
        tm, tf = result.total_matches, result.total_files
        total = f" ({tm} matching line{'s' if tm != 1 else ''} in {tf} file{'s' if tf != 1 else ''} in all)" \
            if tm is not None and tf is not None else ""

        past = sorted((result.past_cap or {}).items(), key=lambda kv: (-kv[1], kv[0]))
        where = (f"; past it: {', '.join(f'{f} ({n})' for f, n in past[:6])}"
                 + (f" and {len(past) - 6} more files" if len(past) > 6 else "")) if past else ""
        notes.append(f"stopped at the result cap{total}{where}; narrow with path=, glob= or a more specific pattern")
    if result.timed_out:
        notes.append("stopped at the time limit; results are partial — narrow with path= or glob=")
    if result.matches:
        lines.append(f"[{summary}" + ("; " + "; ".join(notes) if notes else "") + "]")
    elif notes:
        lines.append("[" + "; ".join(notes) + "]")
    return lines
