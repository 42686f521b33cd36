"""Symbol search: the definitions a name (or several names) means, ranked, with their reference sites, as typed results."""

from __future__ import annotations

import ast
import logging
import operator
import os
import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from contexteer.errors import ContexteerError
from contexteer.indexers import textsearch, zig_names
from contexteer.indexers.lookup import (
    MODULE_FUNCTIONS,
    PROPERTY_READ,
    REAL_OVERLOADS,
    body_of,
    fold_cpp_declarations,
    imported_as,
    language_family,
    language_of,
    line_previews,
    lines_of,
    python_module_file,
    rank_definitions,
    rust_impl_head,
    rust_impl_trait,
)
from contexteer.indexers.name_lines import name_lines
from contexteer.indexers.namesakes import CLASS_LIKE, LocalNames, member_namesakes, reopened_rank
from contexteer.indexers.qualify import is_qualified, split_name
from contexteer.indexers.syntax import (
    CONDITIONAL_SOURCES,
    go_build_constraint,
    loose_types,
    param_types,
    preprocessor_conditions,
    python_overload_stub,
    rust_attributes_above,
    rust_item_line,
    rust_module_name,
    shown_param_types,
    split_params,
    whole_header,
)
from contexteer.navigation.models import NO_MATCH_USES, RefSite, SymbolHit, SymbolSearch, clip, clip_impl
from contexteer.navigation.service import JS_EXTS, NavigationService
from contexteer.navigation.swift_inits import func_labels, selector
from contexteer.workspace import repo_text

if TYPE_CHECKING:
    from contexteer.indexers.closures import FileClosures

logger = logging.getLogger(__name__)

SEARCH_POOL = 500  # candidates ranked per search_symbol query before paging


@dataclass
class SymbolSearchRun:
    """One search's ranked definitions; `model(n)` is the page of its first n, with their reference sites (each
    name's sites are looked up once, however many page sizes are tried)."""

    nav: NavigationService
    q: str
    prefix: str | None
    offset: int
    pool: list[Any]
    ranked: list[Any]
    page: list[Any]
    overloads: dict[int, list[str]]
    impls: dict[int, list[str]]
    full_names: dict[int, str]
    total: int
    note: str | None
    closest: list[SymbolHit]
    word_sites: list[RefSite]
    last: str
    site_cache: dict[str, tuple[list[RefSite], int, int]] = field(default_factory=dict)
    made_cache: dict[Any, Any] = field(default_factory=dict)  # C: which macro makes a prototype's body, per answer

    def model(self, n: int, references: bool, refs_of: int | None = None) -> SymbolSearch:
        """The answer for the first `n` definitions of the page, with the references of the names of its first
        `refs_of` (all of them when None)."""
        nav, q, prefix, offset, pool, ranked, page = self.nav, self.q, self.prefix, self.offset, self.pool, self.ranked, self.page
        overloads, impls, full_names, total, note = self.overloads, self.impls, self.full_names, self.total, self.note
        closest, word_sites, last, site_cache = self.closest, self.word_sites, self.last, self.site_cache
        shown = page[:n]
        nxt = offset + n if offset + n < len(ranked) else None
        conditions: dict[str, dict[int, str]] = {}
        vis = {s.id: _ruby_visibility(nav, s, self.made_cache) or _cpp_visibility(nav, s, self.made_cache) for s in shown}
        old_ones: set[tuple[str, int]] = set()
        name_at = name_lines(nav.ws, shown, deprecated=old_ones)
        hits = [SymbolHit(path=s.path, qualname=s.qualname, kind=s.kind, start_line=s.start_line, end_line=s.end_line,
                          signature=_with_value(nav, s),
                          exported=(s.exported or self.made_cache.get(("cppsec", s.id)) == "public") and vis[s.id] is None,
                          overloads=overloads.get(s.id, []), impls=impls.get(s.id, []), qualified=full_names.get(s.id),
                          condition=_condition(nav, conditions, s), language=s.language, made_by=_made_by(nav, s, self.made_cache),
                          visibility=vis[s.id], name_line=name_at.get((s.path, s.start_line)),
                          deprecated=True if (s.path, s.start_line) in old_ones else None)
                for s in shown]
        sites: list[RefSite] = []
        ref_total = left_out = 0
        left_by: dict[str, int] = {}  # per name asked: its calls left out
        if references and (shown or prefix):
            # with path=, references inside it count even when the definition lives elsewhere
            # every name on the page (up to the ten a query may ask at once), not those of its first five rows: a
            # list of four names answered the references of the first two only
            # a path naming the file the definitions are in picks them; their references are the repository's (zod's
            # `clone` with path=util.ts listed its 7 calls there as "48 references")
            # (a method's or a nested function's name elsewhere is another's: those keep to the file)
            ref_prefix = None if shown and all(s.path == prefix and s.parent_id is None
                                               and s.kind not in ("method", "field", "property") for s in shown) else prefix
            named = shown if refs_of is None else shown[:refs_of]
            for nm in list(dict.fromkeys(s.name for s in named))[:10] or [last]:
                if nm not in site_cache:
                    site_cache[nm] = _reference_sites(nav, nm, [s for s in pool if s.name == nm], ref_prefix,
                                                      method_query=is_qualified(q))
                found, n_refs, n_left = site_cache[nm]
                sites.extend(found)
                ref_total += n_refs
                left_out += n_left
                if n_left:
                    left_by[nm] = n_left
        if len({s.name for s in shown}) > 1:
            # a text line naming three of the names asked was listed three times: once, in file order
            uses = sorted({(s.path, s.line): s for s in sites if s.kind == "use"}.values(), key=lambda s: (s.path, s.line))
            sites = [s for s in sites if s.kind != "use"] + uses
        full_note = note
        if left_out and len(left_by) > 1:  # several names asked: each one's count (`'init, make…'` read as one name)
            extra = ("calls left out whose receiver is not shown to be the definition's type: "
                     + ", ".join(f"{k} {v}" for k, v in left_by.items())
                     + " (search_symbol query=NAME, references=true lists every one)")
            full_note = f"{note}; {extra}" if note else extra
        elif left_out:
            # (the one name among several asked whose calls were left out: `SharedObjectRegistry.add, AnyDynamicType.cast`)
            asked = next((p for p in name_list(q) if len(left_by) == 1 and p.rsplit(".", 1)[-1] in left_by), q) \
                if "," in q else q
            names = split_name(asked)
            owner, meth = names[-2:] if len(names) > 1 else ("", names[-1] if names else asked)
            extra = (f"{left_out} calls of a '{meth}' whose receiver is not shown to be a {owner} were left out "
                     f"(search_symbol query=\"{meth}\", references=true lists every one)") if owner else \
                (f"{left_out} references of the name '{meth}' that are another definition's (a call read off another "
                 f"value, a namesake imported elsewhere) were left out (search_text(pattern=\"{meth}\") finds every mention)")
            if shown and all(d.kind == "field" for d in shown):
                extra = (f"{left_out} uses of the name '{meth}' left out: a parameter or local of that name, or another "
                         f"type's member (search_symbol query=\"{meth}\", references=true lists every one)")
            full_note = f"{note}; {extra}" if note else extra
        if references and shown and ref_prefix is not None:
            # references are those under path=: say how many more the repository has (zod run 210 read `clone` with
            # path=src/v4/core as all its calls, and searched again for the classic and mini ones)
            outside, rough = 0, False
            under = (prefix or "").rstrip("/") + "/"
            for nm in list(dict.fromkeys(s.name for s in (shown if refs_of is None else shown[:refs_of])))[:10]:
                # the name's stored references outside first (cheap): resolved only when there are some and not many
                # (Django's `save` with path=django/contrib/auth had taken 3 s more)
                raw = sum(1 for r in nav.index.references_to(nm, limit=_OUTSIDE_RESOLVED + 1)
                          if not r.path.startswith(under) and r.path != prefix)
                if raw > _OUTSIDE_RESOLVED:
                    outside, rough = outside + raw, True
                    continue
                key = f"\x00{nm}"  # the repository-wide count, cached apart from the one under the path
                if raw and key not in site_cache:
                    site_cache[key] = _reference_sites(nav, nm, [s for s in pool if s.name == nm], None,
                                                       method_query=is_qualified(q))
                outside += max(0, site_cache[key][1] - site_cache[nm][1]) if raw else 0
            if outside:
                more = f"more than {_OUTSIDE_RESOLVED} references of the name" if rough else f"{outside} more"
                extra = f"references under {prefix} only; {more} elsewhere: the same call without path= lists every one"
                full_note = f"{full_note}; {extra}" if full_note else extra
        if not shown and not sites:
            sites = word_sites
        if references and refs_of is not None and refs_of < len(shown):
            rest = list(dict.fromkeys(s.name for s in shown[refs_of:] if s.name not in {d.name for d in shown[:refs_of]}))
            first = "the first definition's name" if refs_of == 1 else f"the first {refs_of} definitions' names"
            extra = (f"references of {first} only (the others' fill more than one answer): "
                     f"search_symbol(query=\"{', '.join(rest[:10])}\", references=true) lists theirs")
            full_note = f"{full_note}; {extra}" if full_note else extra
        model = SymbolSearch(query=q, total=total, definitions=hits, references=sites, references_total=ref_total,
                             next_cursor=str(nxt) if nxt is not None else None, note=full_note, closest=closest)
        return model


def _qualified_parts(nav: NavigationService, by_part: dict[str, list[Any]], kind: str | None,
                     prefix: str | None, match: str) -> list[str]:
    """The qualified names of a several-name search that found nothing, answered as one name alone is
    (_qualified_miss: an inherited member, a namespace's): their definitions put into `by_part`, the notes returned."""
    notes: list[str] = []
    for part in [p for p, found in by_part.items() if not found and is_qualified(p) and match == "exact"]:
        by_part[part], said = _qualified_miss(nav, part, kind, prefix, None)
        notes += [said] if said else []
    return notes


def _kind_any(kind: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a kind filter (None, one kind, or several joined by commas: `function,method`) admits any of `allowed`
    (review of the stop-52 diff: `Sub.resolve` with kind="function,method" had hidden the inherited method)."""
    return kind is None or any(k.strip() in allowed for k in kind.split(","))


def _missing_names(idx: Any, missing: list[str], by_part: dict[str, list[Any]], *, kind: str | None,
                   prefix: str | None, several: bool) -> str:
    """The note for names of a several-name search with no definition (of `kind`): what kinds they are instead, and
    (`several`: exact names among others) their definitions put into `by_part`, listed all the same (run 219's
    `ConstantFactory.NULL_INSTANCE` among class names, kind=class, took a second call)."""
    if not kind:
        return "no definition named " + ", ".join(f"'{m}'" for m in missing)
    # `kind=class` hid `DecodableByUser`, a method (the pythonnet A/B agent took it for missing)
    found_other = {m: idx.find_symbols(m, match="exact", kind=None, path_prefix=prefix, limit=20) for m in missing}
    said = [f"'{m}' is a {' and a '.join(sorted({s.kind for s in f}))}" for m, f in found_other.items() if f]
    head = f"no {kind.replace(',', ' or ')} named " + ", ".join(f"'{m}'" for m in missing)
    if several and said:
        by_part.update({m: f for m, f in found_other.items() if f})
        return f"{head} ({'; '.join(said)}: listed too)"
    return head + (f" ({'; '.join(said)}: drop kind= to list them)" if said else "")


def _of_another_kind(idx: Any, name: str, kind: str, prefix: str | None) -> tuple[list[Any], str | None]:
    """The definitions named `name` that a `kind=` left out, and what to say of them: what they are, and for a type
    asked as a method its methods (miekg/dns run 264: `query=Transfer kind=method` was told no definition of
    Transfer is indexed, a struct with seven methods)."""
    other = [s for s in idx.find_symbols(name, match="exact", kind=None, path_prefix=prefix, limit=20) if s.name == name]
    if not other:
        return [], None
    why = "; ".join(f"'{name}' is a {s.kind} at {s.path}:{s.start_line}-{s.end_line}" for s in other[:3]) + f", not a {kind.replace(',', ' or ')}"
    owner = next((s for s in other if s.kind in CLASS_LIKE), None)
    if owner is not None and kind and _kind_any(kind, ("method", "function")) and owner.language:
        # (its own: a namesake type's methods in another folder are not, review of b4f96e9)
        folder = owner.path.rpartition("/")[0]
        members = [m for m in idx.methods_of(owner.qualname or owner.name, owner.language) if m.path.rpartition("/")[0] == folder]
        shown = ", ".join(f"{m.name} ({m.path}:{m.start_line})" if m.path != owner.path else f"{m.name} {m.start_line}"
                          for m in members[:30])
        more = f" +{len(members) - 30} more" if len(members) > 30 else ""
        why += f"; its {len(members)} methods: {shown}{more}" if members else "; no method of it is indexed"
    return other, why


#: references outside a search's path= resolved to count them; past this, the stored count of the name is said
_OUTSIDE_RESOLVED = 200


def search(nav: NavigationService, q: str, *, match: str, kind: str | None, prefix: str | None, offset: int, limit: int,
           note: str | None, elsewhere: bool = False) -> SymbolSearchRun:
    """The definitions `q` names (several names at once: 'a, b'; a qualified name through the qualifier), re-checked
    when their files changed and swept for on a miss, ranked, overloads and Rust impl blocks folded; on no match, the
    closest names and where the word appears, with why (`note`: the index's readiness first). `elsewhere`: a name
    with no definition under `prefix` is answered with the repository's others, said so (a references search keeps
    to the path: the uses there are its question)."""
    idx = nav.index
    several = len(_top_level_split(q)) > 1 and bool(name_list(q))  # (each name's parameters are its own)
    sel = selector(q) if match == "exact" and not several else None  # Swift's `AnyDynamicType.cast(jsValue:appContext:)`
    q, params = sel if sel is not None else split_params(q) if match == "exact" and not several else (q, None)  # `JsonWriter.WriteValue(object)`
    # (several names with a wider match each match so: `Pipe, Codec, Preprocess` with match=substring had found
    # nothing, the three taken for one name)
    parts = name_list(q) if match in ("exact", "prefix", "substring") else []
    by_part: dict[str, list[Any]] = {}
    if parts:  # 'workingset_activation, lru_gen_enabled': each name's definitions, in the order asked
        def each() -> dict[str, list[Any]]:
            out: dict[str, list[Any]] = {}
            for part in parts:
                # (a name with its parameters, `get(moduleHolderForName:)`: found by name, its overload kept)
                psel = selector(part) if "(" in part else None
                name, params = psel if psel is not None else split_params(part) if "(" in part else (part, None)
                found = _overload_asked(idx.find_symbols(name, match=match, kind=kind, path_prefix=prefix,
                                                         limit=SEARCH_POOL // len(parts)), params, labels=psel is not None)
                if not found and is_qualified(name) and match == "exact":
                    # (the name without its parameters, the overload kept after: `Foo.bar(int)` among several,
                    # review of 781db65)
                    found = _overload_asked(nav.qualifier().find(name, kind=kind, path_prefix=prefix,
                                                                 limit=SEARCH_POOL // len(parts))
                                            or through_zig_alias(nav, name, kind, prefix)
                                            or extension_methods(nav, name, kind, prefix), params, labels=psel is not None)
                found = found or _writers_for(nav, name, kind, prefix, match, writers)  # `size=`: attr_accessor :size's
                if not found and prefix and elsewhere:  # run 49: 'ParseIntError' under path=json is fmt.zig's: listed, and said so
                    found = idx.find_symbols(part, match="exact", kind=kind, limit=SEARCH_POOL // len(parts))
                    away.extend([part] if found else [])
                out[part] = found
            return out

        away: list[str] = []
        writers: list[str] = []
        by_part = each()
        if nav.recheck(s.path for found in by_part.values() for s in found[: offset + limit]):
            away.clear()
            by_part = each()  # as a single name's search does: files changed since they were indexed
        if away:
            moved = f"none under {prefix} of " + ", ".join(f"'{a}'" for a in away) + ": listed from elsewhere"
            note = f"{note}; {moved}" if note else moved
        note = "; ".join(x for x in (note, _writers_note(writers)) if x) or None
        # a member a class inherits, among several names (`PaymentSheetManager.present, X`: stripe run 537 was told
        # "no definition named" where the one name alone answers with StripeUIManager's)
        note = "; ".join(x for x in (note, *_qualified_parts(nav, by_part, kind, prefix, match)) if x) or None
        pool = list({s.id: s for found in by_part.values() for s in found}.values())  # two names of one definition
        missing = [p for p, found in by_part.items() if not found]
        if missing:
            miss = _missing_names(idx, missing, by_part, kind=kind, prefix=prefix, several=len(parts) > 1 and match == "exact")
            unfound = [m for m in missing if not by_part.get(m)]
            miss = "; ".join([miss, *_assigned_notes(nav, unfound, kind, prefix, match, qualified=True),
                              *_imported_notes(nav, unfound, prefix)])
            pool = list({s.id: s for found in by_part.values() for s in found}.values())
            note = f"{note}; {miss}" if note else miss
    else:
        q, pool = _found(nav, q, match, kind, prefix, offset + limit)
        made: list[str] = []
        pool = pool or _writers_for(nav, q, kind, prefix, match, made)  # (rubyzip run 547: "no definition named 'size='")
        note = "; ".join(x for x in (note, _writers_note(made)) if x) or None
        note = "; ".join([x for x in (note, *_assigned_notes(nav, [] if pool else [q], kind, prefix, match)) if x]) or None
    if not pool and match == "exact" and is_qualified(q) and not parts:
        # 'org.example.web.Servlet', 'App\\Http\\Kernel::handle', 'Rack::Request#params', 'crate::a::B', 'pkg.Type'
        pool, note = _qualified_miss(nav, q, kind, prefix, note)
    elif pool and match == "exact" and is_qualified(q) and not parts:
        pool = zig_file_members(nav, q, pool, kind=kind, prefix=prefix)
    if not pool and prefix and elsewhere and match == "exact" and not parts:
        # run 49: 'ParseIntError' under path=json answered "no definition indexed"; it is fmt.zig's: answer with it
        pool = idx.find_symbols(q, match="exact", kind=kind, limit=SEARCH_POOL)
        if pool:
            moved = f"no definition named '{q}' under {prefix}; listed from elsewhere"
            note = f"{note}; {moved}" if note else moved
    pool = _overload_asked(pool, params, labels=sel is not None)
    total = idx.count_symbols(q, match=match, kind=kind, path_prefix=prefix) \
        if len(pool) >= SEARCH_POOL and not parts else len(pool)
    if total > len(pool):
        pool_note = (f"{total} definitions match; the best {len(pool)} candidates are ranked and paged. "
                     "Narrow with kind=, path= or a stricter match= to see the rest")
        note = f"{note}; {pool_note}" if note else pool_note
    counts = idx.reference_counts({s.name for s in pool})
    primary = reopened_rank(idx, pool, lambda s: nav.qualifier().display(s) or s.qualname)
    if parts:  # every name asked on the first page: at most its share of it first, the rest after all of them
        per = {part: rank_definitions(found, part, counts, primary=primary) for part, found in by_part.items()}
        share = max(2, limit // len(per)) if sum(map(len, per.values())) > limit else limit
        order = [s for found in per.values() for s in found[:share]] + [s for found in per.values() for s in found[share:]]
        order = list({s.id: s for s in order}.values())  # `Modify, AllocFooter.Modify`: one row, where first asked
        crowded = [f"'{part}' {len(found)}" for part, found in per.items() if len(found) > share]
        if crowded and offset == 0:  # `def`: 41 Default instances would have filled the page
            many = (f"names with more definitions than their share of this page ({share}), the rest after all the "
                    f"others: {', '.join(crowded)}; ask for one alone to see all of its")
            note = f"{note}; {many}" if note else many
    else:
        order = rank_definitions(pool, q, counts, primary=primary)
    ranked, overloads = _fold_overloads(order, nav)
    ranked, impls = (ranked, {}) if kind == "impl" else _fold_impls(ranked, nav.index)
    if total == len(pool):
        total = len(ranked)
    page = ranked[offset : offset + limit]
    full_names = nav.qualifier().display_all(page)
    last = split_name(q)[-1] if split_name(q) else q
    site_cache: dict[str, tuple[list[RefSite], int, int]] = {}
    closest: list[SymbolHit] = []
    word_sites: list[RefSite] = []
    assigned = bool(note) and ASSIGNED in (note or "")  # (assigned_attribute's answer: no nearest names)
    if not ranked and not assigned:  # say why, and answer 'where is it' anyway: the nearest names and where the word appears
        if match != "fuzzy":
            near = nav.qualifier().namesakes(q, kind=kind, path_prefix=prefix) if is_qualified(q) else []
            near = near or idx.close_names(last, kind=kind, path_prefix=prefix)
            near_full = nav.qualifier().display_all(near)
            closest = [SymbolHit(path=s.path, qualname=s.qualname, kind=s.kind, start_line=s.start_line,
                                 end_line=s.end_line, signature=s.signature, exported=s.exported,
                                 qualified=near_full.get(s.id))
                       for s in near]
        defined = idx.count_symbols(last, match="exact", kind=kind, path_prefix=prefix) if is_qualified(q) else 0
        if defined:  # `Combinable.resolve_expression`: the word list would say no definition of it is indexed
            owner = split_name(q)[-2]
            why = (f"'{last}' is defined {defined} time{'s' if defined != 1 else ''}, none of them a member of {owner} "
                   f"nor one it inherits from a base class; the closest names are listed")
            note = f"{note}; {why}" if note else why
        # `Data.has`: Data comes from a package (the commonmark A/B agent searched the text for its import)
        note = "; ".join(filter(None, (note, _imported_owner(nav, q, prefix)))) or None
        if kind and not defined:
            other, said = _of_another_kind(idx, last, kind, prefix)
            defined = len(other)
            note = f"{note}; {said}" if note and said else said or note
        word_sites = _word_sites(nav, last, prefix) if not defined else []
        aliased = _alias_of(nav, last, word_sites)  # `from .items import item as _item_fn` (tomlkit run 471)
        note = f"{note}; {aliased}" if note and aliased else aliased or note
        unparsed = sorted({w.path for w in word_sites if (fi := idx.file_info(w.path)) is None or fi.status != "indexed"})
        building = bool(unparsed) and not idx.status().complete
        if building:  # a cold build has not reached them yet
            why = (f"the name appears in {len(unparsed)} file{'s' if len(unparsed) != 1 else ''} not indexed yet "
                   f"({', '.join(unparsed[:5])}{', …' if len(unparsed) > 5 else ''}; the build is still running): "
                   "ask again in a few seconds, or read them with read_code_range")
            note = f"{note}; {why}" if note else why
        elif unparsed:  # the definition may well be there: say so rather than "a local"
            why = (f"the name appears in {len(unparsed)} file{'s' if len(unparsed) != 1 else ''} the index does not "
                   f"parse ({', '.join(unparsed[:5])}{', …' if len(unparsed) > 5 else ''}: no parser for the "
                   "language, too large, or ignored): read them with read_code_range")
            note = f"{note}; {why}" if note else why
        hidden = nav.index.listing_note()  # most of the tree is hidden by ignore rules: say which, and how to list it
        if hidden:
            note = f"{note}; {hidden}" if note else hidden
    return SymbolSearchRun(nav, q, prefix, offset, pool, ranked, page, overloads, impls, full_names, total, note, closest,
                           word_sites, last, site_cache)


def _alias_of(nav: NavigationService, word: str, sites: list[RefSite]) -> str | None:
    """What a name an import binds under another name is (`from .items import item as _item_fn`, `import {a as b}`):
    the repository's definition of the original name, with its signature; tomlkit run 471 searched twice more for
    `item` after "no definition of _item_fn is indexed"."""
    w = re.escape(word)
    for site in sites:
        text = site.preview or ""
        m = re.search(rf"\bfrom\s+([.\w]+)\s+import\b.*?\b(\w+)\s+as\s+{w}\b", text) \
            or re.search(rf"\bimport\b[^;]*?\b(?P<mod>)(\w+)\s+as\s+{w}\b.*\bfrom\s+['\"]([^'\"]+)['\"]", text)
        if m is None:
            continue
        original = m.group(2)
        python = m.group(1) is not None
        module = m.group(1) if python else (m.group(3) if m.lastindex and m.lastindex >= 3 else "") or ""
        cands = [s for s in nav.index.symbols_named(original) if s.name == original and s.parent_id is None
                 and s.kind not in ("module", "namespace")]
        # only the module the import names (`from json import loads as json_loads` is json's, no repository `loads`;
        # a JS bare specifier is a package's: review of stop 55)
        near = [s for s in cands if python_module_file(s.path, module)] if python else \
            [s for s in cands if module.startswith(".") and posixpath.normpath(posixpath.join(
                posixpath.dirname(site.path), module)) == s.path.rsplit(".", 1)[0]]
        if len({x.path for x in near}) == 1:  # (of `@overload` stubs and the implementation: the implementation)
            d = body_of(near, nav.index)
            return (f"'{word}' is {original} imported under another name at {site.path}:{site.line}: {d.path}:"
                    f"{d.start_line}-{d.end_line} {d.kind} {d.qualname} — {clip(' '.join((d.signature or '').split()), 160)}")
    return None


def _imported_owner(nav: NavigationService, q: str, prefix: str | None) -> str:
    """`Data.has` when no Data is defined in the repository but files import one (`use Dflydev\\DotAccessData\\Data;`):
    a note naming the import lines, so the member is known to live outside; "" otherwise."""
    names = split_name(q) if is_qualified(q) else []
    owner = names[-2] if len(names) >= 2 else ""
    if not owner or nav.index.count_symbols(owner, match="exact", path_prefix=None):
        return ""
    sites = [r for r in nav.index.references_to(owner, limit=200) if r.kind == "import"
             and (prefix is None or r.path.startswith(prefix.rstrip("/") + "/") or r.path == prefix)]
    texts: list[str] = []
    files: dict[str, list[str]] = {}  # (each file read once)
    for r in sites:
        lines = files.get(r.path) or files.setdefault(r.path, (repo_text(nav.ws, r.path) or "").split("\n"))
        texts.append(" ".join(lines[r.line - 1].split()) if 0 < r.line <= len(lines) else "")
    if not sites or any(_RELATIVE_IMPORT.search(t) for t in texts):
        return ""  # (`from './index'`: the repository's own name, re-exported under another one: review of 33f3f4d)
    tails = {"/".join(w for w in re.findall(r"[A-Za-z_$][\w$]*", t) if w not in _IMPORT_WORDS) for t in texts}
    tails = {t for t in tails if t.endswith(owner)}
    stems = [f.path.rsplit(".", 1)[0] for f in nav.index.files()] if tails else []
    if any(stem == t or stem.endswith("/" + t) or f"/{t}/" in f"/{stem}" for t in tails for stem in stems):
        return ""  # (`from app import helpers`: app/helpers.py, a module of the repository, not a type from outside)
    shown = [f"{r.path}:{r.line} `{t[:100]}`" for r, t in zip(sites[:3], texts, strict=False)]
    more = f"; … {len(sites) - 3} more" if len(sites) > 3 else ""
    return (f"no {owner} is defined in the repository: it is imported from outside ({'; '.join(shown)}{more}), "
            f"so its members are not indexed")


#: an import whose module is the repository's own, by its path (`from .x import`, `from './index'`, require_relative)
_RELATIVE_IMPORT = re.compile(r"""\bfrom\s+\.|['"]\.\.?/|\brequire_relative\b|\buse\s+(?:crate|super|self)::""")
#: the words of an import statement that are no part of the imported path
_IMPORT_WORDS = frozenset({"from", "import", "use", "using", "require", "type", "static", "as", "function", "const",
                           "package", "namespace", "include"})


#: Definition kinds whose uses are mostly plain reads (`x = LIMIT`, `PARAM_REGEX.finditer(...)`), which the
#: index does not store as references: their references add whole-word text matches.
VALUE_KINDS = frozenset({"constant", "variable", "field", "property"})
TEXT_USES_CAP = 50  # text matches added per name


def _reference_sites(nav: NavigationService, name: str, defs: list[Any], prefix: str | None, *,
                     method_query: bool = False) -> tuple[list[RefSite], int, int]:
    """The stored reference sites of `name` (under `prefix`), plus for a value (or a name whose stored
    references are only imports) its whole-word text matches in files of its language family, excluding
    its definition lines, as kind 'use'; the total stored count; and, for a qualified query of methods
    (`Client.send`), which keeps only the sites with receiver evidence (lookup.find_callers), how many it
    left out."""
    settings = nav.settings.navigation
    refs = nav.index.references_to(name, limit=settings.search_max_results)
    if defs:  # a C strlen is not called from PHP: only sites in the definitions' language family, once per line
        families = {language_family(d.language) for d in defs}
        langs: dict[str, str | None] = {}
        seen: set[tuple[str, int]] = set()
        kept_refs = []
        for r in refs:
            if r.path not in langs:
                langs[r.path] = language_family(language_of(nav.index, r.path))
            if langs[r.path] in families and (r.path, r.line) not in seen:
                seen.add((r.path, r.line))
                kept_refs.append(r)
        refs = kept_refs
    if defs and all(d.language == "ruby" and d.kind == "method" for d in defs):
        # `loop_vars.send(:increment!)`: a call by the method's symbol (liquid run 509 read "no references")
        from contexteer.indexers.lookup import ruby_send_calls
        from contexteer.indexers.model import Reference

        had = {(r.path, r.line) for r in refs}
        refs = refs + [Reference(c.path, name, c.line, "call") for c in ruby_send_calls(nav.index, defs[0], name, had)]
    if defs and all(d.kind in CLASS_LIKE for d in defs):  # `db.Head()` is DB's method, no use of the type Head
        drop = member_namesakes(nav.index, name, [r for r in refs if r.kind != "import"])
        refs = [r for r in refs if (r.path, r.line) not in drop]
    evidence: dict[tuple[str, int], Any] = {}
    named: set[tuple[str, int]] = set()  # a property's references left out (no text use repeats them)
    if method_query and defs and all(d.kind == "method" for d in defs):
        evidence = _caller_evidence(nav, defs, name)
        # (inside its own body only what is no call on another value: Capacitor run 348's references of
        # Bridge.registerForActivityResult counted the AndroidX `fragment.registerForActivityResult(..)` it makes)
        kept = [r for r in refs if r.kind == "import" or (r.path, r.line) in evidence
                or any(r.path == d.path and d.start_line <= r.line <= d.end_line
                       and (r.kind != "call" or not _called_on_other(nav, r.path, r.line, name)) for d in defs)]
        left_out = len(refs) - len(kept)
        refs = kept
    elif method_query and defs and all(d.kind == "field" and d.language in PROPERTY_READ for d in defs):
        # a property's references are its reads: a parameter or local of the name, or another type's member read,
        # is left out (ModuleHolder.jsObject's had listed five parameters named jsObject)
        from contexteer.indexers.model import Reference

        dropped: list[Any] = []
        evidence = _caller_evidence(nav, defs, name, dropped)
        drop = {(c.path, c.line) for c in dropped} - set(evidence)
        kept = [r for r in refs if r.kind == "import" or (r.path, r.line) not in drop]
        left_out = len(refs) - len(kept)
        named = {(r.path, r.line) for r in refs}
        refs = kept + [Reference(c.path, name, c.line, "other") for (path, line), (c, _) in sorted(evidence.items())
                       if (path, line) not in named]  # bare reads in its own class
    elif defs and len({d.path for d in defs}) == 1 and all(d.kind == "function" and d.parent_id is None
                                                          and d.language in MODULE_FUNCTIONS for d in defs):
        # (one function or its @overload stubs)
        # a module function's name read off another value (`this.clone()`, `json.loads(x)`) is another's: the callers
        # answer's rule (zod's `clone` references had listed ZodType.clone's 18 method calls)
        from contexteer.indexers.lookup import find_callers

        # (and a bare call or import of a namesake elsewhere: pydantic.v1's `dataclass` listed every
        # `from dataclasses import dataclass` of the package; v1's and v2's `create_model` one list)
        d = max(defs, key=lambda x: x.end_line - x.start_line)
        calls = {(c.path, c.line) for c in find_callers(nav.index, d, name, nav.imported)}
        kept = [r for r in refs if (r.path, r.line) in calls or r.path == d.path
                or (r.kind == "import" and d.path in (nav.imported(r.path).get(name) or []))]
        left_out = len(refs) - len(kept)
        refs = kept
    else:
        left_out = 0
    inside = [r for r in refs if prefix is None or r.path == prefix or r.path.startswith(prefix + "/")]
    sites = [RefSite(path=r.path, line=r.line, preview="", kind=r.kind, name=r.name) for r in inside]
    if not method_query and 2 <= len(defs) <= MAX_TOLD_APART and all(d.kind in ("method", "function") for d in defs) \
            and any(d.kind == "method" for d in defs):  # (a module function beside methods: Jinja2 run 408)
        _told_apart(nav, name, defs, sites)
    for site in sites:
        caller, owner = evidence.get((site.path, site.line), (None, ""))
        if caller is not None:
            site.how = caller.how
            if caller.receiver_name:
                site.receiver = f"{caller.receiver_name}: {owner}" if caller.how == "receiver type" else caller.receiver_name
    line_previews(nav.ws, sites)
    aliased = _alias_uses(nav, name, defs, sites) if defs else []
    sites += aliased
    if defs and any(d.language == "elixir" for d in defs):  # `def task?(module) when ...`: a clause head, no use
        from contexteer.indexers.lookup import elixir_def_head

        sites = [x for x in sites if not elixir_def_head(x.preview or "", name)]
    locate(nav, sites)
    if defs and any(d.language == "haskell" for d in defs):
        sites = _not_bound_there(nav, name, sites)
    # a C function is a value too where it is named without a call (`block_read_full_folio(folio, ext4_get_block)`,
    # `.fsync = ext4_sync_file,`): the ext4 A/B agent searched for five such uses the references left out
    c_values = bool(defs) and all(d.language in ("c", "cpp") and d.kind == "function" for d in defs)
    read_off = 0
    if defs and (any(d.kind in VALUE_KINDS for d in defs) or all(r.kind == "import" for r in refs) or c_values):
        uses = text_uses(nav, name, defs, prefix, {(r.path, r.line) for r in refs} | named,
                         importers={r.path for r in refs if r.kind == "import"})
        read_off = _through_module(nav, name, defs, uses) + sum(1 for u in uses if u.kind == "name")
        sites += sorted(uses, key=lambda u: u.kind == "use")
    if aliased or read_off:  # (each file's sites together, in line order; the unresolved text matches last)
        sites = sorted(sites, key=lambda x: (x.kind == "use", x.path, x.line))
    return sites, len(inside) + read_off + len(aliased), left_out


#: `isServer as isServerEnvironment` in an import or re-export (TS/JS, Python, Rust, PHP)
_AS_ALIAS = r"\s+as\s+([A-Za-z_$][\w$]*)"


def _alias_uses(nav: NavigationService, name: str, defs: list[Any], sites: list[RefSite]) -> list[RefSite]:
    """The uses of a name through the alias an import binds it as (`import { isServer as isServerEnvironment }` then
    `isServerEnvironment()` at 503): TanStack query-core run 503's references of isServer were the three import lines
    alone. Of several definitions named so, each import (and its uses) says which one it reaches."""
    from contexteer.indexers.lookup import lines_of

    paths = {d.path for d in defs}
    out: list[RefSite] = []
    for site in [s for s in sites if s.kind == "import"]:
        if len(paths) > 1:
            reached = [d for d in defs if d.path in set(nav.imported(site.path).get(name) or [])]
            if len(reached) == 1:
                site.reaches = f"{reached[0].path}:{reached[0].start_line}"
        m = re.search(rf"(?<![\w$]){re.escape(name)}{_AS_ALIAS}", site.preview or "")
        if m is None or m.group(1) in (name, "default"):  # (`export { x as default }` binds no local name)
            continue
        alias = m.group(1)
        # (not a property key or member, `{ srv: 1 }`, `o.srv`; nor a word of a string or a comment: review of stop 57)
        word = re.compile(rf"(?<![\w$.]){re.escape(alias)}(?![\w$])")
        key = re.compile(rf"(?:^|[{{,(])\s*{re.escape(alias)}\s*:(?!:)")  # `{ srv: 1 }`, not `c ? srv : x`
        for n, text in enumerate(lines_of(nav.index, site.path), 1):
            code = re.sub(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`[^`]*`", "''", text)
            code = code.split("//", 1)[0] if site.path.endswith((".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts", ".rs", ".php")) \
                else code.split("#", 1)[0]
            if key.search(code) and len(word.findall(code)) == len(key.findall(code)):
                continue
            if n == site.line or not word.search(code) or re.search(rf"\bas\s+{re.escape(alias)}\b", code) \
                    or re.match(r"\s*(?:import|from|use|export\s*\{|\*|/\*)", code):
                continue
            kind = "call" if re.search(rf"(?<![\w$.]){re.escape(alias)}\s*(?:<[^<>()]*>)?\s*\(", code) else "read"
            out.append(RefSite(path=site.path, line=n, preview=text.strip(), kind=kind, how="import", via=alias,
                               reaches=site.reaches))
            if len(out) >= TEXT_USES_CAP:
                return out
    return out


def _through_module(nav: NavigationService, name: str, defs: list[Any], uses: list[RefSite]) -> int:
    """Mark the text uses that read the name off a module the file imports as the definition's file (`util.
    NUMBER_FORMAT_RANGES` with `import * as util from "./util.js"`, Python's `settings_mod.X`), or bare in a file that
    imports the name from it: references, not guesses by name (zod run 132 found checks.ts's two real uses only under
    "by name"). How many."""
    paths = {d.path for d in defs}
    rx = re.compile(rf"([A-Za-z_$][\w$]*)\s*\.\s*{re.escape(name)}\b")
    n = 0

    def bound_to(path: str, head: str) -> set[str]:
        return set(imported_as(nav.imported(path), head))

    bare = re.compile(rf"(?<![\w$.]){re.escape(name)}\b")
    dotted = _go_dot_importers(nav, defs, uses)
    for u in uses:
        heads = rx.findall(u.preview or "")
        if (heads and any(paths & bound_to(u.path, h) for h in heads)) or \
                (bare.search(u.preview or "") and u.path not in paths and (paths & bound_to(u.path, name) or u.path in dotted)):
            u.kind, u.how = "read", "import"
            n += 1
        elif u.kind == "use" and bare.search(_STRING.sub('""', (u.preview or "").split("//", 1)[0])) \
                and (how := _own_scope_use(nav, defs, name, u)) is not None:
            u.kind, u.how = "read", how
            n += 1
    return n


def _own_scope_use(nav: NavigationService, defs: list[Any], name: str, u: RefSite) -> str | None:
    """A constant's bare use in its own class (`case JOIN_ROUND:` in RenderableView) or, defined at the top of a file,
    in that file (Rust's `DEFAULT_KEY_DECOR` in table.rs): "same class" or "same file"; None elsewhere. Constants only
    (an UPPER_CASE name or a constant's kind): a field's name is as often a local's (rnsvg run 586 and tomledit run
    583 read such uses as "not resolved: some may be other things with that name")."""
    folders = {d.path.rpartition("/")[0] for d in defs}
    if any(d.language == "go" for d in defs):  # (an unexported one's package lines are said apart: msgpack run 424)
        same = all(d.language == "go" and d.parent_id is None and d.kind in ("constant", "variable") for d in defs) \
            and name[:1].isupper() and len(folders) == 1 and u.path.rpartition("/")[0] in folders
        return "same package" if same else None  # (`DefaultSignal` in inmem_signal.go, defined per platform)
    here = [d for d in defs if d.path == u.path]
    if len(here) != 1 or not (here[0].kind == "constant" or re.fullmatch(r"_?[A-Z][A-Z0-9_]*", name)):
        return None
    d = here[0]
    if d.parent_id is None:
        return "same file"
    owner = nav.index.get_symbol(d.parent_id)
    return "same class" if owner is not None and owner.start_line <= u.line <= owner.end_line else None


def _go_dot_importers(nav: NavigationService, defs: list[Any], uses: list[RefSite]) -> set[str]:
    """The files among `uses` that dot-import the package of a Go definition (`. ".../vm"`): its exported name is
    theirs bare (expr run 493: OpEnd's uses in compiler.go were "not resolved: some may be other things")."""
    from contexteer.indexers.lookup import _go_dot_path_is, _go_package_path, go_dot_imports, lines_of

    if len(defs) != 1 or defs[0].language != "go" or not defs[0].name[:1].isupper():
        return set()
    folder = defs[0].path.rpartition("/")[0]
    expected = _go_package_path(nav.ws, folder)
    return {p for p in {u.path for u in uses if u.path.endswith(".go")}
            if any(_go_dot_path_is(imp, folder, expected) for imp in go_dot_imports(lines_of(nav.index, p)))}


def extension_methods(nav: NavigationService, q: str, kind: str | None, prefix: str | None) -> list[Any]:
    """C#: `NewReference.Borrow` asked as a member of the type it extends: the extension methods of that name whose
    `this` parameter is that type (NewReferenceExtensions.Borrow; the pythonnet A/B agent got "no definition").
    Swift: a member asked through an alias of a composition (`Module.appContext`, `Module = AnyModule &
    BaseModule`): the parts' members of that name."""
    from contexteer.indexers.lookup import composed_of, extended_type

    names = split_name(q)
    if len(names) < 2:
        return []
    typ, member = names[-2], names[-1]
    parts = composed_of(nav.index, typ)
    if parts:
        return [s for s in nav.index.find_symbols(member, match="exact", kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
                if s.language == "swift" and s.name == member and s.qualname.rsplit(".", 2)[-2:-1] in ([p] for p in parts)]
    if not _kind_any(kind, ("method", "function")):
        return []
    return [s for s in nav.index.find_symbols(member, match="exact", kind=None, path_prefix=prefix, limit=SEARCH_POOL)
            if s.language == "csharp" and s.name == member and extended_type(s) == typ]


def _qualified_miss(nav: NavigationService, q: str, kind: str | None, prefix: str | None,
                    note: str | None) -> tuple[list[Any], str | None]:
    """A qualified name no stored qualified name matches: the language's own full name, a Zig alias, a C#
    extension method, a member the class inherits (with a note that says so)."""
    pool = nav.qualifier().find(q, kind=kind, path_prefix=prefix, limit=SEARCH_POOL) \
        or through_zig_alias(nav, q, kind, prefix) or extension_methods(nav, q, kind, prefix)
    if pool:
        return pool, note
    pool, inherited = inherited_members(nav, q, kind, prefix)
    if not pool:
        pool, inherited = namespace_members(nav, q, kind, prefix)
    inherited = inherited or (assigned_attribute(nav, q, prefix) if not pool else "")
    return pool, (f"{note}; {inherited}" if note and inherited else inherited or note)


def namespace_members(nav: NavigationService, q: str, kind: str | None, prefix: str | None) -> tuple[list[Any], str]:
    """JS/TS `core.clone` where files bind `core` by `import * as core from "../core/index.js"`: the `clone` that module
    passes on, through its barrels, with a note saying so (zod run 406 was told "none of them a member of core")."""
    names = split_name(q)
    if len(names) != 2 or not re.fullmatch(r"[A-Za-z_$][\w$]*", names[0]):
        return [], ""
    alias, member = names
    try:
        found = textsearch.search(nav.ws, rf"import\s+\*\s+as\s+{re.escape(alias)}\s+from\b", regex=True,
                                  case_sensitive=True, path=prefix or ".", max_results=50)
    except ContexteerError:
        return [], ""
    modules: dict[str, int] = {}  # the module each such import names, and in how many files
    for h in found.hits:
        if h.path and not h.context and h.path.endswith(JS_EXTS):
            for m in nav.imported(h.path).get(f"* as {alias}", [])[:1]:  # (the module itself, before what it passes on)
                modules[m] = modules.get(m, 0) + 1
    pool: list[Any] = []
    for module in sorted(modules, key=lambda m: -modules[m]):
        files = [module, *nav._reexported(module, member, 0, set())]
        pool += [sym for f in dict.fromkeys(files) for sym in nav.index.symbols_in_file(f)
                 if sym.name == member and sym.parent_id is None and (kind is None or _kind_any(kind, (sym.kind,)))
                 and sym.id not in {p.id for p in pool}]
    if not pool:
        return [], ""
    said = ", ".join(f"{m} (in {n} file{'s' if n != 1 else ''})" for m, n in modules.items())
    return pool, f"{alias} is a namespace import of {said}: its {member} is answered here"


#: per language, how a method of a class assigns an attribute of its instances (`self.loader = loader`)
_ATTRIBUTE_SET = {"python": r"self\.{m}\s*(?::[^=]+)?=(?!=)", "ruby": r"@{m}\s*(?:\|\|)?=(?!=)",
                  "javascript": r"this\.#?{m}\s*=(?!=)", "typescript": r"this\.#?{m}\s*=(?!=)",
                  "tsx": r"this\.#?{m}\s*=(?!=)", "php": r"\$this->{m}\s*=(?!=)"}


def assigned_attribute(nav: NavigationService, q: str, prefix: str | None) -> str:
    """`Environment.loader` asked of a class that declares no such member but assigns it to its instances in a
    method (`self.loader = loader` in __init__): where, as a note ("" when it does not). The Jinja2 A/B agent (run 235)
    was told "no definitions match" and read __init__ to find it."""
    from contexteer.indexers.lookup import enclosing
    from contexteer.indexers.model import CLASS_KINDS

    names = split_name(q)
    if len(names) < 2:
        return ""
    classes = [c for c in nav.index.find_symbols(names[-2], match="exact", path_prefix=prefix, limit=20)
               if c.kind in CLASS_KINDS and c.name == names[-2] and c.language in _ATTRIBUTE_SET]
    if len(classes) != 1:
        return ""
    c, member = classes[0], names[-1]
    rx = re.compile(r"(?<![\w$])" + _ATTRIBUTE_SET[c.language].format(m=re.escape(member)))
    lines = (repo_text(nav.ws, c.path) or "").split("\n")
    syms = nav.index.symbols_in_file(c.path)
    sites = []
    for n in range(c.start_line, min(c.end_line, len(lines)) + 1):
        if rx.search(lines[n - 1]):
            enc = enclosing(syms, n)
            sites.append(f"{c.path}:{n} `{' '.join(lines[n - 1].split())[:80]}`"
                         + (f" in {enc.qualname} {enc.start_line}-{enc.end_line}" if enc is not None and enc.id != c.id else ""))
    if not sites:
        return ""
    shown = "; ".join(sites[:5]) + (f"; … {len(sites) - 5} more" if len(sites) > 5 else "")
    return f"{c.qualname} ({c.path}:{c.start_line}) declares no {member}{ASSIGNED}{shown}"


#: what assigned_attribute's note says, and how a search's answer knows the note is there
ASSIGNED = ": its instances get it by assignment, "


#: every language's way of assigning an instance attribute (_ATTRIBUTE_SET), as one ripgrep pattern (no lookahead:
#: `=(?!=)` read as `=` then not `=`)
_ANY_ATTRIBUTE_SET = "|".join(dict.fromkeys(f"(?:{p})" for p in _ATTRIBUTE_SET.values())).replace("=(?!=)", "=(?:[^=]|$)")


def _assigned_notes(nav: NavigationService, names: list[str], kind: str | None, prefix: str | None, match: str, *,
                    qualified: bool = False) -> list[str]:
    """assigned_anywhere's notes for the bare names among `names` (an exact search for a field-like kind or any), and
    with `qualified` assigned_attribute's for `Live.console` (Rich run 410 asked it among several names)."""
    if match != "exact" or not _kind_any(kind, ("field", "property", "variable")):
        return []
    return [t for m in names if (t := (assigned_attribute(nav, m, prefix) if qualified and is_qualified(m)
                                       else "" if is_qualified(m) else assigned_anywhere(nav, m, prefix)))]


def _imported_notes(nav: NavigationService, names: list[str], prefix: str | None) -> list[str]:
    """For bare names no definition has: the lines importing them from outside the repository (`stat` with `from os
    import PathLike, stat`; Rich run 410 was told only "no definition named 'stat'")."""
    out: list[str] = []
    for name in names:
        if is_qualified(name) or not re.fullmatch(r"[A-Za-z_$][\w$]*", name):
            continue
        w = re.escape(name)
        try:
            found = textsearch.search(nav.ws, rf"^\s*(?:from\s+[\w.]+\s+import\s+[^#\n]*\b{w}\b|import\s+[^#\n]*\b{w}\b)",
                                      regex=True, case_sensitive=True, path=prefix or ".", max_results=4)
        except ContexteerError:
            continue
        # (from outside only: `from . import formatting` names click's own module, review of cb78ebf)
        hits = [h for h in found.hits if h.path and not h.context and not re.match(r"\s*from\s+\.", h.text)
                and not nav.imported(h.path).get(name)]
        if hits:
            shown = "; ".join(f"{h.path}:{h.line} `{' '.join(h.text.split())[:80]}`" for h in hits[:3])
            out.append(f"'{name}' is imported, not defined here: {shown}" + (" …" if len(hits) > 3 else ""))
    return out


def assigned_anywhere(nav: NavigationService, name: str, prefix: str | None) -> str:
    """A bare name no definition has that methods assign to their instances (`self.soft_frame = False` in
    Frame.__init__): where, per class, as a note ("" when none does). The Jinja2 A/B agent (run 408) was told "no
    definition named 'soft_frame'" and searched the text for it."""
    from contexteer.indexers.lookup import enclosing
    from contexteer.indexers.model import CLASS_KINDS

    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        return ""
    try:
        found = textsearch.search(nav.ws, _ANY_ATTRIBUTE_SET.format(m=re.escape(name)), regex=True, case_sensitive=True,
                                  path=prefix or ".", max_results=40)
    except ContexteerError:
        return ""
    sites: list[str] = []
    owners: set[str] = set()
    for h in found.hits:
        if not h.path or h.context:
            continue
        syms = nav.index.symbols_in_file(h.path)
        enc = enclosing(syms, h.line)
        if enc is None or enc.language not in _ATTRIBUTE_SET:
            continue
        holder = next((c for c in syms if c.kind in CLASS_KINDS and c.start_line <= h.line <= c.end_line
                       and (enc.parent_id == c.id or c.id == enc.id)), None)
        owners.add(holder.qualname if holder is not None else "?")
        sites.append(f"{h.path}:{h.line} `{' '.join(h.text.split())[:80]}` in {enc.qualname} {enc.start_line}-{enc.end_line}")
    if not sites:
        return ""
    who = ", ".join(sorted(owners - {"?"})) or "their classes"
    shown = "; ".join(sites[:5]) + (f"; … {len(sites) - 5} more" if len(sites) > 5 else "")
    return f"'{name}' is no definition: instances of {who} get it by assignment, {shown}"


def inherited_members(nav: NavigationService, q: str, kind: str | None, prefix: str | None) -> tuple[list[Any], str]:
    """`Expression.resolve_expression` asked of a class that has no member of that name of its own: the one it
    inherits from a base class (BaseExpression.resolve_expression in Django; the answer had been "no definition"
    beside the closest names F.resolve_expression and Q.resolve_expression), with a note that says so."""
    from contexteer.indexers.lookup import inherited_member
    from contexteer.indexers.model import CLASS_KINDS

    names = split_name(q)
    if len(names) < 2 or not _kind_any(kind, ("method", "function", "field", "property", "constant", "variable")):
        return [], ""
    owner_q, member = q[: len(q) - len(names[-1])].rstrip(".:#\\"), names[-1]
    classes = [c for c in nav.index.find_symbols(names[-2], match="exact", path_prefix=prefix, limit=50)
               if c.kind in CLASS_KINDS and c.name == names[-2]]
    if len(classes) > 1 and len(names) > 2:  # `models.Expression.x`: the one the whole name qualifies
        qual = nav.qualifier()
        classes = [c for c in classes if (qual.display(c) or c.qualname).endswith(owner_q.replace("::", "."))] or classes
    if len(classes) != 1:
        return [], ""
    if classes[0].language == "go":
        return _promoted(nav, classes[0], member, owner_q)
    got = inherited_member(nav.index, classes[0], member)
    if got is None:
        return [], ""
    holder = got.qualname.rsplit(".", 1)[0] if "." in got.qualname else got.path
    return [got], (f"{owner_q} ({classes[0].path}:{classes[0].start_line}) has no {member} of its own: it inherits "
                   f"{holder}'s, answered here")


def _promoted(nav: NavigationService, struct: Any, member: str, asked: str) -> tuple[list[Any], str]:
    """Go: the method or field `member` a struct gets from a type it embeds, at any depth (miekg/dns run 368:
    `HTTPS.len` was "none of them a member of HTTPS nor one it inherits", HTTPS embedding SVCB)."""
    from contexteer.indexers.syntax import go_embedded_field

    idx = nav.index
    seen: set[int] = set()
    frontier, chain = [struct], {struct.id: [struct.name]}
    for _ in range(4):
        nxt = []
        for t in frontier:
            seen.add(t.id)
            folder = t.path.rpartition("/")[0]
            for f in (x for x in idx.symbols_in_file(t.path) if x.parent_id == t.id and x.kind == "field"):
                if go_embedded_field(f.signature or "") != f.name:
                    continue  # a named field, no embedding
                for e in idx.symbols_named(f.name):
                    if e.name != f.name or e.kind not in ("struct", "interface", "type") or e.language != "go" \
                            or e.path.rpartition("/")[0] != folder or e.id in seen:
                        continue
                    route = [*chain[t.id], e.name]
                    got = [m for m in idx.methods_of(e.name, "go") if m.name == member and m.path.rpartition("/")[0] == folder] \
                        or [x for x in idx.symbols_in_file(e.path) if x.parent_id == e.id and x.name == member]
                    if got:
                        via = " through ".join(reversed(route[1:-1]))
                        return [got[0]], (f"{asked} ({struct.path}:{struct.start_line}) has no {member} of its own: it is "
                                          f"promoted from the embedded {e.name}{f' (through {via})' if via else ''}, "
                                          "answered here")
                    chain[e.id] = route
                    nxt.append(e)
        frontier = nxt
    return [], ""


MAX_TOLD_APART = 8  # methods named alike whose references are each tagged with the one they call


def _called_on_other(nav: NavigationService, path: str, line: int, name: str) -> bool:
    """Whether the call of `name` on a line is made on a value other than this/self (`fragment.f(..)`)."""
    text = (repo_text(nav.ws, path) or "").split("\n")[line - 1:line]
    m = re.search(rf"([\w$)\]]+)\s*(?:\?\.|\.|->)\s*{re.escape(name)}\s*(?:<[^()]*>)?\s*\(", text[0]) if text else None
    return m is not None and m.group(1) not in ("this", "self", "super", "$this", "parent", "base", "Self")


def _caller_evidence(nav: NavigationService, defs: list[Any], name: str,
                     dropped: list[Any] | None = None) -> dict[tuple[str, int], tuple[Any, str]]:
    """Per site, the caller find_callers shows with evidence (not by name only) and the class of the definition it
    reaches; `dropped` collects the sites its receiver checks left out."""
    from contexteer.indexers.lookup import find_callers

    return {(c.path, c.line): (c, d.qualname.rsplit(".", 2)[-2] if "." in d.qualname else "")
            for d in defs for c in find_callers(nav.index, d, name, nav.imported, left_out=dropped)
            if c.how != "name only"}


def _told_apart(nav: NavigationService, name: str, defs: list[Any], sites: list[RefSite]) -> None:
    """Of several methods named alike (`push` of ConfigWrapperStack, NsResolver, _FieldNameStack...), the one each
    reference's receiver shows it calls (the pydantic A/B agent sorted 22 `push` references by hand)."""
    from contexteer.indexers.lookup import find_callers

    claims: dict[tuple[str, int], set[str]] = {}
    others: dict[tuple[str, int], int] = {}  # per site, how many of the definitions' receiver checks left it out
    written = {d.id: nav.written_name(d) for d in defs}
    alike = {w for w in written.values() if list(written.values()).count(w) > 1}
    for d in defs:
        # overloads of one class are told by their parameters (`setCookie(String url, String value)`, Capacitor A/B)
        label = written[d.id] + _params(d) if written[d.id] in alike else written[d.id]
        label = f"function {label}" if d.kind == "function" and d.parent_id is None else label
        dropped: list[Any] = []
        for c in find_callers(nav.index, d, name, nav.imported, left_out=dropped):
            if c.how != "name only":
                claims.setdefault((c.path, c.line), set()).add(label)
        for k in {(c.path, c.line) for c in dropped if not getattr(c, "overload", None)}:
            others[k] = others.get(k, 0) + 1
    for site in sites:  # (a line with two such calls, `with a.push(x), b.push(y):`, names both)
        got = claims.get((site.path, site.line))
        if got:
            site.reaches = ", ".join(sorted(got))
        elif others.get((site.path, site.line)) == len(defs):  # `webkitCookieManager.setCookie(..)`: android.webkit's
            site.reaches = "none of these (another type's method)"


def _overload_asked(pool: list[Any], params: list[str] | None, *, labels: bool) -> list[Any]:
    """The definitions whose parameters are those asked: Swift argument labels (`cast(jsValue:appContext:)`) or
    parameter types (`WriteValue(object)`); all of them when none were asked."""
    if params is None:
        return pool
    if labels:
        return [s for s in pool if [lb for lb, _ in func_labels(s.signature or "", s.name) or [("?", False)]] == params]
    return [s for s in pool if loose_types(param_types(s.signature or "") or []) == loose_types(params)]


def _params(d: Any) -> str:
    """A definition's parameter list as its header writes it (`(String url, String value)`), "" without one."""
    from contexteer.indexers.syntax import inside_parens

    head = d.signature or ""
    m = re.search(rf"(?<![\w$]){re.escape(d.name)}\s*(?:<[^()]*>)?\s*\(", head)
    inner = inside_parens(head, m.end()) if m is not None else None
    return f"({' '.join(inner.split())})" if inner is not None else ""


_NAME = r"[A-Za-z_$][\w$']*(?:(?:\.|::|\\|#)[A-Za-z_$][\w$']*)*"  # Haskell's primes: metaToContext'
_NAME_LIST = re.compile(rf"\s*{_NAME}(?:\s*[,|]\s*|\s+){_NAME}(?:(?:\s*[,|]\s*|\s+){_NAME})*\s*")


#: names one search_symbol call answers (four rows each by default: 80 rows, within the answer's budget); the Sequel
#: agent's 16 names had been taken for one name and answered "no definitions match"
MAX_NAMES = 20


def name_list(q: str) -> list[str]:
    """'a, b, c' / 'a|b' / 'a b': two or more names asked at once, in order (not one name with spaces, which no
    language has); names with operator characters only comma-separated (`unary_!, ::.isEmpty`); [] for a single
    name. search_symbol answers at most MAX_NAMES of them in one call."""
    if _NAME_LIST.fullmatch(q):
        names = list(dict.fromkeys(n for n in re.split(r"[\s,|]+", q) if n))
    elif "," in q:  # operator names among them (Scala's `Boolean.unary_!, ::.isEmpty`), a name with its parameters
        # (`get(moduleHolderForName:)`, `setCookie(String, String)`: expo run 233's 14 names had all failed): by
        # the commas outside brackets
        names = list(dict.fromkeys(n.strip() for n in _top_level_split(q) if n.strip()))
        if any(re.search(r"\s", re.sub(r"\([^()]*\)", "", n)) for n in names):
            return []
    else:
        return []
    return names if len(names) >= 2 else []


def _top_level_split(q: str) -> list[str]:
    """`q` split at the commas outside parentheses, brackets and a name's angle brackets (`Map<K, V>`; an operator
    method's `<` opens none: `Short.<, Short.toByte` is two names, review of 781db65)."""
    parts, depth, angles, start = [], 0, 0, 0
    for i, c in enumerate(q):
        depth += (c in "([") - (c in ")]")
        if c == "<" and i > 0 and (q[i - 1].isalnum() or q[i - 1] == "_"):
            angles += 1
        elif c == ">" and angles > 0:
            angles -= 1
        if c == "," and depth <= 0 and angles <= 0:
            parts.append(q[start:i])
            start = i + 1
    return [*parts, q[start:]]


def _found(nav: NavigationService, q: str, match: str, kind: str | None, prefix: str | None, shown: int) -> tuple[str, list[Any]]:
    """The pool of definitions one name matches (re-checked when the files shown changed, swept for on a miss), and
    the query as it matched."""
    idx = nav.index
    pool = idx.find_symbols(q, match=match, kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
    if nav.recheck(s.path for s in pool[:shown]) or (not pool and nav.sweep_on_miss()):
        pool = idx.find_symbols(q, match=match, kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
    if not pool and match in ("prefix", "substring") and re.search(r"::|#|\\", q):
        # the index keeps qualified names dotted: `Kramdown::Converter` with match='prefix' found nothing while
        # the answer's closest names listed five Kramdown::Converter modules (kramdown A/B run 86)
        q = re.sub(r"::|#|\\", ".", q).strip(".")
        pool = idx.find_symbols(q, match=match, kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
    return q, pool


def _ruby_visibility(nav: NavigationService, s: Any, cache: dict[Any, Any]) -> str | None:
    """A Ruby method that is not public: the section it sits in (`protected` at kramdown.rb:107 made parse_spans
    "(private)" to the kramdown A/B agent, who read the file to learn it was protected). Once per row and one read
    per file in an answer (the page is rebuilt while it is fitted to its budget)."""
    if s.language != "ruby" or s.kind != "method" or s.exported:
        return None
    if ("vis", s.id) not in cache:
        if ("lines", s.path) not in cache:
            cache[("lines", s.path)] = (repo_text(nav.ws, s.path) or "").split("\n")
        cache[("vis", s.id)] = _section_of(s, cache[("lines", s.path)])
    found: str | None = cache[("vis", s.id)]
    return found


def _cpp_visibility(nav: NavigationService, s: Any, cache: dict[Any, Any]) -> str | None:
    """A C++ member's access when it is not public: the `protected:`/`private:` section above its line in its class
    (above its declaration for a method defined outside the class: `logger::log_it_` in logger-inl.h is protected,
    base_sink's `sink_it_` too, which the spdlog A/B agent saw as "(private)")."""
    if s.language != "cpp" or s.kind not in ("method", "field", "constant", "variable") or "." not in s.qualname:
        return None
    if ("cppvis", s.id) in cache:
        found: str | None = cache[("cppvis", s.id)]
        return found
    from contexteer.indexers.lookup import cpp_class_of

    syms = nav.index.symbols_in_file(s.path)
    cls = next((c for c in syms if c.id == s.parent_id and c.kind in ("class", "struct")), None)
    line = s.start_line
    if cls is None and s.kind == "method":
        cls = cpp_class_of(nav.index, s)
        decl = next((m for m in nav.index.symbols_in_file(cls.path) if m.parent_id == cls.id and m.name == s.name),
                    None) if cls is not None else None
        line = decl.start_line if decl is not None else 0
    elif cls is not None and not cls.start_line <= line <= cls.end_line:
        # defined after its class in the same file (`inline int XorHandler::check(..)` below `class XorHandler {..};`):
        # the declaration inside the class says its access (tclap run 573 read it "(private)", the class's last section)
        inside = [m for m in syms if m.parent_id == cls.id and m.name == s.name and m.id != s.id
                  and cls.start_line <= m.start_line <= cls.end_line]
        want = shown_param_types(s.signature or "")
        decl = next((m for m in inside if shown_param_types(m.signature or "") == want), inside[0] if inside else None)
        line = decl.start_line if decl is not None else 0
    section = None
    if cls is not None and line:
        lines = cache.setdefault(("lines", cls.path), (repo_text(nav.ws, cls.path) or "").split("\n"))
        for n in range(min(line - 1, len(lines)) - 1, cls.start_line - 2, -1):
            m = re.match(r"\s*(public|protected|private)\s*:(?!:)", lines[n]) if n >= 0 else None
            if m:
                section = m.group(1)
                break
        section = section or ("public" if cls.kind == "struct" or "struct" in (cls.signature or "").split("{")[0].split()
                              else "private")
    cache[("cppvis", s.id)] = None if section in (None, "public") else section
    cache[("cppsec", s.id)] = section  # ("public" read from the class: the index's guess for a definition outside it
    # is the class's last section, tclap run 573's "(private)" on every public method defined after its class)
    return cache[("cppvis", s.id)]  # type: ignore[no-any-return]


def _section_of(s: Any, lines: list[str]) -> str | None:
    """`private`/`protected`/`public` for method `s` in its file's `lines`: a `private :name` or `private def name`
    line, else the nearest section keyword above it within its class."""
    name = re.escape(s.name)
    named = re.compile(rf"\s*(private|protected|public)\s+(?:def\s+{name}\b|(?::\w+[?!]?\s*,\s*)*:{name}(?![\w?!]))")
    for text in lines:  # `private :span_pattern_cache`, `private def helper`
        m = named.match(text)
        if m:
            return m.group(1)
    for n in range(min(s.start_line - 1, len(lines)) - 1, -1, -1):
        m = re.match(r"\s*(private|protected|public)\s*(?:#.*)?$", lines[n])
        if m:
            return m.group(1)
        if re.match(r"\s*(?:class|module)\s", lines[n]):
            break
    return None


def _made_by(nav: NavigationService, s: Any, cache: dict[Any, Any]) -> str | None:
    """A C prototype with no body by that name anywhere: the macro that pastes its body together (c_macros); once
    per row and one repository search per answer (the answer is rebuilt while it is fitted to its budget). A Rust
    method in a trait impl: the trait (`impl EdgeIndexable`)."""
    from contexteer.indexers.c_macros import made_by_macro
    from contexteer.indexers.lookup import is_prototype

    if s.language == "rust" and s.kind == "method":  # which impl block: `from_index` is NodeIndexable's and
        head = rust_impl_head(nav.index, s)  # EdgeIndexable's on StableGraph (the A/B agent read them as overloads)
        trait = rust_impl_trait(head) if head else None
        if trait:
            return f"impl {trait}"
        # an inherent impl with bounds: `in impl<T, A: Allocator + Clone> RawTable<T, A>` (hashbrown run 450 read
        # the impl block's first line for the bounds the method's signature does not repeat)
        head = " ".join((head or "").split("{", 1)[0].split())
        return f"in {head}" if head and (":" in head or " where " in head) and len(head) <= 160 else None
    if s.language not in ("c", "cpp") or s.kind != "function" or not is_prototype(s):
        return None
    if s.id not in cache:
        bodies = any(o.name == s.name and o.kind == "function" and not is_prototype(o) for o in nav.index.symbols_named(s.name))
        cache[s.id] = None if bodies else made_by_macro(nav.index, s.name, cache)
    made: str | None = cache[s.id]
    return made


def _fold_overloads(ranked: list[Any], nav: NavigationService | None = None) -> tuple[list[Any], dict[int, list[str]]]:
    """Definitions of one file sharing one qualified name and kind are overloads of one thing (TypeScript overload
    signatures, Python @overload stubs, C definitions under different #if): one row, the widest (the
    implementation), with the others' ranges. Java-like overloads are separate methods, and so are a Haskell class
    method and its instances' methods: each keeps its row."""
    # a Ruby class method and an instance method share a stored name (Base.convert, Base#convert): not overloads
    ruby = nav.qualifier().display_all([s for s in ranked if s.language == "ruby"]) if nav is not None else {}
    groups: dict[tuple[str, str, str], list[Any]] = {}
    for s in ranked:
        groups.setdefault((s.path, ruby.get(s.id, s.qualname), s.kind), []).append(s)
    out: list[Any] = []
    extra: dict[int, list[str]] = {}
    done: set[tuple[str, str, str]] = set()
    for s in ranked:
        key = (s.path, ruby.get(s.id, s.qualname), s.kind)
        if key in done:
            continue
        done.add(key)
        group = groups[key]
        # Haskell: a class method and the instances' methods of one file share a name, each its own definition
        # (Rust: one name in two impl blocks is two methods, `from_index` of NodeIndexable's and EdgeIndexable's impls)
        if len(group) == 1 or s.kind not in ("function", "method") or s.language in REAL_OVERLOADS \
                or s.language in ("haskell", "rust"):
            out.extend(group if len(group) > 1 else [s])
            continue
        best = max(group, key=lambda x: (x.end_line - x.start_line, x.start_line))
        if s.language in ("c", "cpp") and nav is not None:
            best = _configured(nav, group) or best
        if s.language == "python" and nav is not None:
            # the one not decorated @overload, however short (lark's Token.__new__ at 202-210 had been an "overload
            # signature" of a longer stub, run 517)
            texts = {x.path: (repo_text(nav.ws, x.path) or "").split("\n") for x in group}  # (each file read once)
            plain = [x for x in group if not python_overload_stub(texts[x.path], x.start_line)]
            best = plain[-1] if len(plain) == 1 else best
        # a C forward declaration (`static void ext4_update_super(struct super_block *sb);` at super.c:70) is no
        # definition under another #if (the ext4 A/B agent was told so)
        extra[best.id] = [f"{x.start_line}-{x.end_line}" if not _forward(x, best) else f"{x.start_line} (declaration)"
                          for x in sorted(group, key=lambda x: x.start_line) if x is not best]
        out.append(best)
    if nav is not None and any(s.language == "cpp" and s.kind == "method" for s in out):
        out, declared = fold_cpp_declarations(nav.index, out)  # a method's in-class line beside its body elsewhere
        by_id = {s.id: s for s in out}
        for sid, decls in declared.items():
            extra.setdefault(sid, []).extend(f"{d.path}:{d.start_line}{_declared_words(d, by_id.get(sid))} (declaration)"
                                             for d in decls)
    return out, extra


def _declared_words(decl: Any, body: Any) -> str:
    """` as static virtual`: the words a C++ method's in-class declaration has and its definition outside the class
    may not repeat (tclap run 573: OptionalUnlabeledTracker::check's `static` was nowhere in the answer)."""
    head = (decl.signature or "").split("(", 1)[0]
    there = (body.signature or "").split("(", 1)[0] if body is not None else ""
    words = [w for w in ("static", "virtual", "explicit") if re.search(rf"\b{w}\b", head) and not re.search(rf"\b{w}\b", there)]
    return f" as {' '.join(words)}" if words else ""


def _forward(x: Any, best: Any) -> bool:
    """A one-line C prototype of the definition `best`, above it in the same file."""
    return x.language in ("c", "cpp") and x.start_line == x.end_line and x.start_line < best.start_line \
        and best.end_line > best.start_line and not (x.signature or "").startswith("#define")


def _configured(nav: NavigationService, group: list[Any]) -> Any:
    """The one of a C name's #if variants the usual build reads (syntax.configured)."""
    from contexteer.indexers.syntax import configured

    return configured((repo_text(nav.ws, group[0].path) or "").split("\n"), group)


def _fold_impls(ranked: list[Any], index: Any = None) -> tuple[list[Any], dict[int, list[str]]]:
    """A Rust `impl Type` block (a Swift `extension Type`) listed with Type's definition goes on that definition's row:
    the answer to 'where is Token' is the struct, with where its methods are, not three rows of one type. Of
    namesakes, the type the impl's file imports by a module path (`use crate::re_unicode::{Matches, Regex};`: regex
    run 268 had pattern.rs's impl on re_bytes::Regex), else the one in its own file, else the nearest in the tree."""
    types: dict[tuple[str, str], list[Any]] = {}
    for s in ranked:
        if s.kind in _TYPE_KINDS or (s.kind == "interface" and s.language == "swift"):  # a protocol's extensions
            types.setdefault((s.language, s.qualname), []).append(s)
    out: list[Any] = []
    extra: dict[int, list[str]] = {}
    for s in ranked:
        owners = types.get((s.language, s.qualname), []) if s.kind == "impl" else []
        # of namesakes, the type in the impl's own file, else the one nearest in the tree
        imported = _rust_imported_from(index, s) if index is not None and len(owners) > 1 and s.language == "rust" else None
        owner = max(owners, key=lambda t: (t.path == s.path, imported is not None and rust_module_name(t.path) == imported,
                                           len(os.path.commonpath([t.path, s.path]))), default=None)
        if owner is None:
            out.append(s)
            continue
        where = f"{s.start_line}-{s.end_line}" if s.path == owner.path else f"{s.path}:{s.start_line}-{s.end_line}"
        extra.setdefault(owner.id, []).append(where)
    for wheres in extra.values():  # the type's own file's first: a bare range after another file's would read as that file's
        wheres.sort(key=lambda w: ":" in w)
    return out, extra


def _rust_imported_from(index: Any, impl: Any) -> str | None:
    """The module a Rust file's `use` takes the impl's type name from (`re_unicode` for `use crate::re_unicode::{Matches,
    Regex};`), or None."""
    name = impl.qualname.rsplit("::", 1)[-1].rsplit(".", 1)[-1]
    for imp in index.imports_of(impl.path):
        if name in imp.names or imp.module.rsplit("::", 1)[-1] == name:
            path = [p for p in re.sub(r"::\s*\{.*$", "", imp.module).split("::") if p and p != name]
            return path[-1] if path else None
    return None


_TYPE_KINDS = frozenset({"struct", "enum", "trait", "type", "union", "class"})


def _ruby_writers(nav: NavigationService, name: str, kind: str | None, prefix: str | None) -> list[Any]:
    """Ruby: the attr_writer/attr_accessor fields that make the writer `name` (`size=`, `Zip::Entry#size=`), which no
    definition is named; [] for any other name."""
    if not name.endswith("=") or name.endswith(("==", "!=")) or kind not in (None, "field", "method"):
        return []
    base = name[:-1]
    pool = nav.index.find_symbols(base, match="exact", path_prefix=prefix, limit=50)
    if not pool and is_qualified(base):
        pool = nav.qualifier().find(base, path_prefix=prefix, limit=50)
    return [s for s in pool if s.language == "ruby" and s.kind == "field"
            and re.match(r"\s*attr_(?:writer|accessor)\b", s.signature or "")]


def _writers_for(nav: NavigationService, name: str, kind: str | None, prefix: str | None, match: str,
                 said: list[str]) -> list[Any]:
    """_ruby_writers for an exact name (noted in `said` when found), [] otherwise."""
    found = _ruby_writers(nav, name, kind, prefix) if match == "exact" else []
    said.extend([name] if found else [])
    return found


def _writers_note(writers: list[str]) -> str:
    """What a search says of the Ruby writers it answered with the attributes that make them; "" for none."""
    if not writers:
        return ""
    return ", ".join(f"'{w}'" for w in dict.fromkeys(writers)) + \
        f": the writer{'s' if len(set(writers)) > 1 else ''} the attr_writer/attr_accessor line{'s' if len(set(writers)) > 1 else ''} listed make{'' if len(set(writers)) > 1 else 's'}"


def _condition(nav: NavigationService, cache: dict[str, dict[int, str]], sym: Any) -> str | None:
    """The `#if` groups a C, C++ or C# definition is compiled under (`#if !(NET35 || NET20) and #if !(PORTABLE)`);
    the switch branch a Zig declaration sits in (`.psp => struct { pub const NAME_MAX = 255; }`)."""
    if sym.language == "zig" and sym.parent_id is not None:
        return _zig_branch((repo_text(nav.ws, sym.path) or "").split("\n"), sym.start_line)
    if sym.language == "rust":
        return rust_cfgs(nav, sym)
    if sym.language == "go":  # (a platform file's definition: `linux by its name, +build !android`)
        return go_build_constraint(sym.path, (repo_text(nav.ws, sym.path) or "").split("\n")[:60])
    if sym.language not in ("c", "cpp", "csharp"):
        return None
    if sym.path not in cache:
        cache[sym.path] = preprocessor_conditions((repo_text(nav.ws, sym.path) or "").split("\n"))
    return cache[sym.path].get(sym.start_line)


def rust_cfgs(nav: NavigationService, sym: Any, texts: dict[str, list[str]] | None = None) -> str | None:
    """The `#[cfg(..)]` attributes a Rust definition and the modules and impl blocks around it are compiled under
    (tracing-core's two `get_default`, `#[cfg(feature = "std")]` and `#[cfg(not(feature = "std"))]`, and the two
    `Rebuilder::for_each` of two `mod dispatchers`: run 426 read them as duplicates). `texts`: files' lines read
    once for an answer that asks of several definitions."""
    texts = {} if texts is None else texts
    if sym.path not in texts:
        texts[sym.path] = (repo_text(nav.ws, sym.path) or "").split("\n")
    lines = texts[sym.path]
    said: list[str] = []
    # (around it by line range: two `mod dispatchers` share a qualified name, and a parent found by it is the first)
    around = sorted((s for s in nav.index.symbols_in_file(sym.path) if s.kind in ("module", "impl", "trait")
                     and s.start_line <= sym.start_line and sym.end_line <= s.end_line and s.id != sym.id),
                    key=lambda s: s.end_line - s.start_line)
    for node in [sym, *around[:5]]:
        # (attributes over lines too: tokio's `#[cfg(any(\n feature = "net", ..))]`, review of 5582f6d)
        for attr in rust_attributes_above(lines, rust_item_line(lines, node.start_line)):
            if attr.startswith("#[cfg(") and attr not in said and attr != "#[cfg(test)]":
                said.append(attr)
    return " ".join(said) or None


_ZIG_BRANCH = re.compile(r"^\s*(.+?)\s*=>\s*struct\s*\{\s*$")


def _zig_branch(lines: list[str], line: int) -> str | None:
    """`when switch (native_os) at 40 is .psp`: the compile-time switch branch (`.psp => struct {`) whose struct holds
    line `line` (run 49: posix.zig's `system.NAME_MAX = 255` read as the value, where only PSP has it)."""
    depth = 0
    for i in range(line - 1, 0, -1):
        text = lines[i - 1].split("//", 1)[0] if i <= len(lines) else ""
        depth += text.count("}") - text.count("{")
        if depth >= 0:
            continue
        m = _ZIG_BRANCH.match(text)
        if m is None:
            return None  # the innermost block around it is no switch branch
        for j in range(i - 1, max(0, i - 400), -1):  # the switch it is a branch of
            sw = re.search(r"\bswitch\s*\(([^)]*)\)", lines[j - 1])
            if sw is not None:
                return f"when switch ({sw.group(1)}) at line {j} is {m.group(1)}"
        return f"in the {m.group(1)} branch of a switch"
    return None


def _with_value(nav: NavigationService, sym: Any) -> str:
    """A definition's signature as an answer should show it (`_written`), and for a constant whose value names other
    constants, their values too: a value that is one name shows that one's (`REACT_CLASS: String =
    ViewProps.VIEW_CLASS_NAME  (= "RCTView", uimanager/ViewProps.kt:16)`: the Kotlin A/B agent needed a second call
    for it), an expression each name's (`kElidedFramesMarker = "... " GTEST_NAME_ " internal frames ..."
    (GTEST_NAME_ = "Google Test", gtest-port.h:301)`, a `#define` of others' `|` likewise), at most MAX_VALUE_NAMES."""
    sig = _written(nav, sym)
    if sym.kind not in _VALUE_OF:
        return sig
    if (note := re.search(r"  \(untyped: no type written, unlike .*\)$", sig)) is not None:  # (no value of its own)
        return _with_value_of(nav, sym, sig[: note.start()]) + note.group(0)
    return _with_value_of(nav, sym, sig)


def _with_value_of(nav: NavigationService, sym: Any, sig: str) -> str:
    m = _NAMED_VALUE.search(sig)
    if m is not None:
        dotted, name = m.group(1), m.group(2)
        found = _value_symbol(nav, sym, name, dotted.rsplit(".", 2)[-2] if "." in dotted else None)
        value = _literal(found.signature or "") if found else None
        return f"{sig}  (= {value}, {found.path}:{found.start_line})" if found and value else sig
    expr = _value_text(sig, sym.name)
    if not expr:
        return sig
    notes: list[str] = []
    # names outside strings, and those a string interpolates (Swift `\(JSLoggerModule.name)`, `${Config.HOST}`)
    code = _STRING.sub('""', expr) + " " + " ".join(a or b for a, b in _INTERPOLATED.findall(expr))
    names = [d for d in dict.fromkeys(_VALUE_NAME.findall(code))
             if d.rpartition(".")[2] != sym.name and d.rpartition(".")[2] not in _NOT_VALUE_NAMES]
    values: dict[str, str] = {}
    for dotted in names[:MAX_VALUE_LOOKUPS]:
        owner, _, name = dotted.rpartition(".")
        found = _value_symbol(nav, sym, name, owner.rsplit(".", 1)[-1] or None)
        value = _literal(found.signature or "") if found else None
        if found and value:
            values[dotted] = value
            if len(notes) < MAX_VALUE_NAMES:
                notes.append(f"{dotted} = {value}, {found.path}:{found.start_line}")
    if notes and len(values) > len(notes):  # grpc-js run 561: 3 of the 4 operands of Propagate.DEFAULTS, unsaid
        notes.append(f"{len(values) - len(notes)} more")
    total = _integer_value(expr, values) if names and len(values) == len(names) else None
    if total is not None:  # `0xffff | Propagate.DEADLINE | ...` is 65535: the answer asked for
        notes.append(f"in all = {total}" + (f" = {hex(total)}" if total >= 0 and "0x" in " ".join([expr, *values.values()]).lower() else ""))
    return f"{sig}  ({'; '.join(notes)})" if notes else sig


def _integer_value(expr: str, values: dict[str, str]) -> int | None:
    """The integer an expression of integer literals and named integer constants comes to (`0xffff | A | B`, `1 << 4`,
    `(KB * 1024)`), or None when any part is no integer or the expression is no arithmetic of them."""
    text = expr.strip().rstrip(",;").strip()
    for dotted in sorted(values, key=len, reverse=True):
        lit = _int_literal(values[dotted])
        if lit is None and values[dotted] != expr:  # a named `(1 << 2)` is 4
            lit = _integer_value(values[dotted], {})
        if lit is None:
            return None
        text = re.sub(rf"(?<![\w$.]){re.escape(dotted)}(?![\w$])", f"({lit})", text)
    text = re.sub(r"\b(0[xX][0-9a-fA-F_]+|\d[\d_]*)(?:[uU]?[lL]{0,2}|[lL]{1,2}[uU]?)\b", r"\1", text)
    if not text or len(text) > 400 or not re.fullmatch(r"[\s\d()xXa-fA-F_|&^~<>+\-*/%]+", text):
        return None
    try:
        tree = ast.parse(text.replace("/", "//").replace("////", "//"), mode="eval")
    except (SyntaxError, ValueError):
        return None
    return _fold(tree.body)


def _int_literal(value: str) -> int | None:
    """`0x10`, `4`, `-1`, `1u`, `1_000` as an int; None for anything else."""
    m = re.fullmatch(r"\(?\s*(-?)\s*(0[xX][0-9a-fA-F_]+|\d[\d_]*)(?:[uU]?[lL]{0,2}|[lL]{1,2}[uU]?)\s*\)?", value.strip())
    if m is None:
        return None
    digits = m.group(2).replace("_", "")
    if len(digits) > 1 and digits[0] == "0" and digits[1] not in "xX":
        return None  # a C octal `010` is not ten: left unsaid
    return int(m.group(1) + digits, 0)


_INT_OPS: dict[type, Any] = {ast.BitOr: operator.or_, ast.BitAnd: operator.and_, ast.BitXor: operator.xor,
                             ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.Add: operator.add,
                             ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
                             ast.Mod: operator.mod}


def _fold(node: ast.AST) -> int | None:
    """An integer expression's value (ints, the operators of _INT_OPS, unary - and ~), None for anything else or a
    shift or product too large to be a constant."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.Invert, ast.UAdd)):
        v = _fold(node.operand)
        return None if v is None else -v if isinstance(node.op, ast.USub) else ~v if isinstance(node.op, ast.Invert) else v
    if isinstance(node, ast.BinOp) and type(node.op) in _INT_OPS:
        a, b = _fold(node.left), _fold(node.right)
        if a is None or b is None or (isinstance(node.op, (ast.FloorDiv, ast.Mod)) and b == 0) \
                or (isinstance(node.op, ast.LShift) and not 0 <= b <= 128) or (isinstance(node.op, ast.RShift) and b < 0):
            return None
        v = _INT_OPS[type(node.op)](a, b)
        return v if abs(v) < 1 << 128 else None
    return None


def zig_file_members(nav: NavigationService, q: str, pool: list[Any], *, kind: str | None = None,
                     prefix: str | None = None) -> list[Any]:
    """`File.SeekError` names a nested `File.SeekError` (UEFI's) and, in Zig, the top-level SeekError of a struct
    file File.zig (std.Io.File's): both, the struct file's first."""
    files = [s for s in nav.qualifier().find(q, kind=kind, path_prefix=prefix, limit=20)
             if s.language == "zig" and s.parent_id is None and all(s.id != p.id for p in pool)]
    return files + pool if files else pool


def through_zig_alias(nav: NavigationService, q: str, kind: str | None, prefix: str | None) -> list[Any]:
    """`Reader.SizeError` under Io/File.zig, which says `pub const Reader = @import("File/Reader.zig");`: the rest
    of the name in the file the alias names (the Zig A/B agent's second call was that file)."""
    if not prefix or not prefix.endswith(".zig") or "." not in q:
        return []
    head, _, rest = q.partition(".")
    target = zig_names.alias_file(nav.index, prefix, lines_of(nav.index, prefix), head)
    if target is None or target == prefix:
        return []
    found = nav.index.find_symbols(rest, match="exact", kind=kind, path_prefix=target, limit=20)
    return found or (through_zig_alias(nav, rest, kind, target) if "." in rest else [])


def _value_symbol(nav: NavigationService, sym: Any, name: str, owner: str | None) -> Any:
    """The one constant, variable or field named `name` (of `owner` when given) other than `sym`, or None."""
    found = [s for s in nav.index.symbols_named(name) if s.name == name and s.kind in _VALUE_OF and s.id != sym.id
             and (owner is None or owner in s.qualname.split("."))]
    if owner is None and sym.language == "python":
        # a bare name is a module-level one (or one of the same class body): `getattr_migration(__name__)` reads the
        # module's name, not a class's `__name__ = 'PydanticRecursiveRef'`
        found = [s for s in found if s.parent_id is None or s.parent_id == sym.parent_id]
    if len(found) != 1:
        return None
    parent = nav.index.get_symbol(found[0].parent_id) if found[0].parent_id is not None else None
    # Zig's `const system = switch (native_os) { .psp => struct { pub const NAME_MAX = 255; }, ... }`: one branch's
    # value is not the constant's
    return None if parent is not None and parent.kind in _VALUE_OF else found[0]


def _value_text(sig: str, name: str) -> str:
    """The value part of a constant's signature: after its `=`, or after the name of a `#define NAME value`."""
    d = _DEFINE.match(sig)
    if d is not None:
        return d.group(2) if d.group(1) == name else ""
    return sig.split("=", 1)[1] if "=" in sig else ""


def _literal(sig: str) -> str | None:
    """A constant's value as written when it is a literal (`"RCTView"`, `0x10`) or a short expression (`(A | B)`,
    up to 60 characters), else None."""
    lit = _LITERAL.search(sig)
    if lit:
        return lit.group(1)
    d = _DEFINE.match(sig)
    value = d.group(2).strip() if d else ""
    return value if value and len(value) <= 60 else None


MAX_VALUE_NAMES = 3
MAX_VALUE_LOOKUPS = 12
_VALUE_OF = frozenset({"constant", "variable", "field", "property"})
_NAMED_VALUE = re.compile(r"=\s*((?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*))\s*;?\s*$")
_LITERAL = re.compile(r"=\s*(\"[^\"]*\"|'[^']*'|-?[\d.xXa-fA-F_]+[lLuUfF]*|true|false)\s*;?\s*$")
_DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)\s+(.+?)\s*(?://.*|/\*.*)?$")
_STRING = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
_VALUE_NAME = re.compile(r"(?<![\w$.])((?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*)(?![\w(.])")
_INTERPOLATED = re.compile(r"\\\(([\w.]+)\)|\$\{([\w.]+)\}")
_NOT_VALUE_NAMES = frozenset("true false null nullptr None True False nil this self sizeof const static new".split())


#: line comments of the languages whose values span lines (`//`, `--`, `#`): a comment inside a value is no part of it
_LINE_COMMENT = {"lua": "--", "haskell": "--", "python": "#", "ruby": "#", "bash": "#", "elixir": "#", "make": "#"}


def _code_lines(body: list[str], language: str | None) -> list[str]:
    """A value's lines without its comments: whole comment lines after the first dropped, a trailing `// ...` cut
    where no string is open before it (Zig's `max_path_bytes` switch explains each branch; its words are no
    names of the value)."""
    mark = _LINE_COMMENT.get(language or "", "//")
    out: list[str] = []
    for text in body:
        if out and text.strip().startswith(mark):
            continue
        at = text.find(mark)
        if language == "ruby":  # (`?#` is a character, `#{..}` an interpolation: mustermann run 482 read OPERATORS
            hit = re.search(r"(?<!\?)#(?!\{)", text)  # with two of its eight keys cut away as a comment)
            at = hit.start() if hit else -1
        if at > 0 and text.count('"', 0, at) % 2 == 0 and text.count("'", 0, at) % 2 == 0 and not text[:at].endswith(":"):
            text = text[:at].rstrip()  # not `http://` in a string, nor a URL after a colon
        out.append(text)
    return out


def _written(nav: NavigationService, sym: Any) -> str:
    """A definition's signature as written: whole when the index cut it at 200 characters (re-read from the file),
    a multi-line constant or variable with its whole value (up to 15 lines), and a Go constant of an `iota` block
    with the iota it is (`rpcInstallSnapshot  (iota = 2 in the const block that starts rpcAppendEntries uint8 =
    iota)`)."""
    sig = str(sym.signature or "")
    # a Haskell "constant" is a data constructor: a record's is its fields, no value to show
    value = sym.kind in _VALUE_OF and sym.end_line > sym.start_line and sym.language != "haskell"
    iota = sym.kind == "constant" and sym.language == "go" and "=" not in sig
    cut = sig.endswith("…") or sig.count("(") > sig.count(")")  # a bodiless declaration's first line only
    # a Go block member with a value and no type (`TypeUnix = 0x1` under `TypeUnknown SockAddrType = 0x0`)
    untyped = sym.kind == "constant" and sym.language == "go" and re.match(r"\w+(?:\s*,\s*\w+)*\s*=", sig) is not None
    if not (value or iota or cut or untyped):
        return sig
    text = repo_text(nav.ws, sym.path)
    if text is None:
        return sig
    lines = text.split("\n")
    if untyped and not (value or cut):
        return sig + _go_untyped(lines, sym.start_line)
    if value:
        first = sym.start_line - 1  # (a field's annotations above it are no part of its value: `@SuppressWarnings(..)`)
        while first < sym.end_line - 1 and first < len(lines) and re.match(r"\s*(?:@|#\[)", lines[first]) \
                and not sig.startswith(("@", "#[")):
            first += 1
        body = _code_lines(lines[first : min(sym.end_line, first + 15)], sym.language)
        text = " ".join(" ".join(body).split())
        return text + (" …" if sym.end_line > sym.start_line + 14 else "")
    if cut:
        whole = whole_header(lines, sym.start_line, colon_ends=sym.language == "python",
                             parens=sym.kind not in CLASS_LIKE, end=sym.end_line)  # a class header may have no parameters
        if not whole:
            return sig
        ann = re.match(r"(?:@[\w.]+(?:\([^()]*\))?\s+)+", sig) if sym.language == "kotlin" else None
        return f"{ann.group(0)}{whole}" if ann and not whole.startswith("@") else whole  # its `@JvmOverloads` kept
    specs: list[str] = []
    for i in range(sym.start_line - 1, -1, -1):
        text = lines[i].strip() if i < len(lines) else ""
        if text.startswith("const ("):
            break
        if text and not text.startswith("//"):
            specs.append(text)
    else:
        return sig
    specs.reverse()
    if not specs or "iota" not in specs[0]:
        return sig
    return f"{sig}  (iota = {len(specs) - 1} in the const block that starts `{clip(specs[0], 80)}`{_iota_type(specs)})"


def _go_untyped(lines: list[str], line: int) -> str:
    """`  (untyped: no type written, unlike `TypeUnknown SockAddrType = 0x0` at 13)` for a Go constant of a const block
    whose value has no type while another member's has one (go-sockaddr run 551: TypeIP, untyped beside the typed
    TypeUnknown, was read as a SockAddrType); "" otherwise."""
    for i in range(line - 2, max(-1, line - 200), -1):
        text = lines[i].split("//", 1)[0].strip() if i < len(lines) else ""
        if text.startswith("const ("):
            break
        if text.startswith(")") or re.match(r"(?:func|type|var|import)\b", text):
            return ""
    else:
        return ""
    typed = None
    for k in range(i + 1, min(len(lines), i + 400)):
        text = lines[k].split("//", 1)[0].strip()
        if text.startswith(")"):
            break
        m = re.match(r"(\w+)(?:\s*,\s*\w+)*\s+([\w.*\[\]]+)\s*=", text)
        if m is not None and typed is None:
            typed = (text, k + 1)
    if typed is None:
        return ""
    return f"  (untyped: no type written, unlike `{clip(typed[0], 50)}` at {typed[1]})"


def _iota_type(specs: list[str]) -> str:
    """`; untyped int ..` or `; of type TokenType ..` for a Go constant repeating the last expression written above it
    in its const block (pongo2 run 524: `TokenSymbol (iota = 7 ..)` left unsaid that it is untyped beside `type
    TokenType int`; two more calls)."""
    k, written = next(((k, t.split("//", 1)[0].strip()) for k, t in reversed(list(enumerate(specs)))
                       if "=" in t.split("//", 1)[0]), (0, ""))
    m = re.match(r"\w+(?:\s*,\s*\w+)*(?:\s+([\w.*\[\]]+))?\s*=\s*(.+)$", written)
    if m is None:
        return ""
    typ, expr = m.groups()
    line = "the iota line" if k == 0 else f"`{clip(written, 40)}`"
    if typ:
        return f"; of type {typ}, as written on {line}"
    if "iota" in expr and not re.search(r"\d\.\d|[\"'`]|\bfloat|\bstring\(", expr):
        return f"; an untyped int constant: no type written on {line}"
    return ""


def _word_pattern(name: str, *, dollar: bool) -> str:
    """A ripgrep pattern for `name` as a whole word; with `dollar` (JavaScript, TypeScript) `$` is a letter of names:
    `Pipe` is no word of `$Pipe`, and `$Pipe` is found at all (zod run 406)."""
    if not dollar:
        return rf"\b{re.escape(name)}\b"
    return rf"(?:^|[^\w$]){re.escape(name)}(?:[^\w$]|$)"


def _word_sites(nav: NavigationService, word: str, prefix: str | None) -> list[RefSite]:
    """Where a name that has no indexed definition appears as a whole word (at most NO_MATCH_USES lines)."""
    if not re.fullmatch(r"[\w$]+", word):
        return []
    try:
        found = textsearch.search(nav.ws, _word_pattern(word, dollar="$" in word), regex=True, case_sensitive=True,
                                  path=prefix or ".", max_results=NO_MATCH_USES)
    except ContexteerError as exc:
        logger.info("no text matches for %s: %s", word, exc)
        return []
    out = [RefSite(path=h.path, line=h.line, preview=clip(h.text.strip(), 160), kind="use")
           for h in found.hits if h.path and not h.context]
    locate(nav, out)
    return out


def _not_bound_there(nav: NavigationService, name: str, sites: list[RefSite]) -> list[RefSite]:
    """Haskell: sites less those inside a definition binding `name` itself (a parameter named like a function:
    `tableToOpenXML opts blocksToOpenXML gridTable = do`), at most 100 definitions looked at."""
    from contexteer.indexers.lookup import bound_names

    cache: dict[tuple[str, int, int], set[str]] = {}
    out = []
    for site in sites:
        if site.enclosing_lines and len(cache) < 100 and site.kind != "import":
            a, _, b = site.enclosing_lines.partition("-")
            if name in bound_names(nav.ws, site.path, int(a), int(b), cache):
                continue
        out.append(site)
    return out


def locate(nav: NavigationService, sites: list[Any]) -> None:
    """Name the definition each site's line sits in (`enclosing`, `enclosing_lines`), one index read per file."""
    from contexteer.indexers.lookup import enclosing_shown as enclosing

    by_file: dict[str, list[Any]] = {}
    closures = Closures(nav, len({site.path for site in sites}))
    for site in sites:
        if site.path not in by_file:
            by_file[site.path] = nav.index.symbols_in_file(site.path)
        enc = enclosing(by_file[site.path], site.line)
        # (a use in a `/* .. */` block says so: memberlist run 373 read commented-out tests' uses as "top level")
        block = closures.comment(site.path, site.line) if getattr(site, "kind", None) == "use" else None
        said = _comment_label(closures.lines(site.path), block).removeprefix("in ") if block is not None else ""
        if enc is not None:
            site.enclosing = closures.around(site.path, site.line, enc) + nav.written_name(enc) + closures.literal(site.path, enc)
            site.enclosing_lines = f"{enc.start_line}-{enc.end_line}"
            if said and enc.start_line < block[0]:  # type: ignore[index]
                site.enclosing = f"{said}, in {site.enclosing}"
        elif said:
            site.enclosing, site.enclosing_lines = said, ""


class Closures:
    """The innermost callback or closure around a site's line inside its definition (the webpack and Penlight
    A/B agents read code to find the `asyncLib.each` callback or `gsub` function a reference sat in), each file
    parsed once; only for answers in at most 10 files (a parse of a large file costs ~20 ms: a broad search
    stays as fast as before)."""

    MAX_FILES = 10

    def __init__(self, nav: NavigationService, files: int) -> None:
        self.nav = nav
        self.files: dict[str, FileClosures | None] = {}
        self.texts: dict[str, str | None] = {}
        self.languages: dict[str, str | None] = {}
        self.docs: dict[str, set[int]] = {}
        self.off = files > self.MAX_FILES

    def around(self, path: str, line: int, enc: Any, at: str | None = None) -> str:
        from contexteer.indexers.closures import FUNCTION_NODES, innermost

        # a Ruby class body's DSL blocks too: Rouge's `delegate`/`recurse` hits sat in `state :root do` blocks the
        # class name alone did not tell (A/B run 163: several pattern searches to find each hit's state)
        language = None if self.off else self._language(path)
        # (and a JS/TS module-level value built by a function, `var nativeBridge = (function (exports) { .. })({})`:
        # Capacitor's native-bridge.js hits all read "in nativeBridge 5-1033", never `initLogger`, A/B run 237)
        js_value = enc.kind in ("variable", "constant") and language in ("javascript", "typescript", "tsx", "jsx")
        if language not in FUNCTION_NODES or enc.kind not in ("function", "method") and not js_value and (
                enc.kind not in ("class", "module") or language != "ruby"):
            return ""
        fc = self._file(path)
        return innermost(fc.chain(line, line, enc.start_line, enc.end_line, enc.name, at)) if fc is not None else ""

    def stored(self, path: str, line: int, enc: Any, at: str | None = None) -> tuple[str, str, int] | None:
        """The anonymous function a call line sits in when `enc` stores or returns it rather than runs it
        (FileClosures.stored): (its kind, where it goes, the line)."""
        from contexteer.indexers.closures import STORABLE

        if self.off or enc.kind not in ("function", "method") or self._language(path) not in STORABLE:
            return None
        fc = self._file(path)
        return fc.stored(line, enc.start_line, enc.end_line, enc.name, at) if fc is not None else None

    def literal(self, path: str, enc: Any) -> str:
        """` (in the object passed to sseStreamProducer)` for a JS/TS method of an object literal passed to a call
        (the index nests it in the function around it: `resolveResponse.formatError`); '' otherwise."""
        if self.off or enc.kind != "method" or enc.parent_id is None:
            return ""
        language = self._language(path)
        if language not in ("javascript", "typescript", "tsx", "jsx"):
            return ""
        parent = self.nav.index.get_symbol(enc.parent_id)
        if parent is None or parent.kind not in ("function", "method"):
            return ""  # (a class's method: its class says where it is)
        fc = self._file(path)
        called = fc.literal_call(enc.start_line) if fc is not None else None
        return f" (in the object passed to {called})" if called else ""

    def comment(self, path: str, line: int) -> tuple[int, int] | None:
        """The block comment of several lines that holds a line at the top level, as (first, last): memberlist's
        state_test.go holds three test functions in a `/* .. */`; their hits had said nothing, and the A/B agent took
        them for test functions the index had lost."""
        fc = None if self.off else self._file(path)
        return fc.comment_around(line) if fc is not None else None

    def docstring(self, path: str, line: int) -> bool:
        """Whether a Python line sits in a docstring (or another bare triple-quoted string statement): click's
        `shell_complete` hit of ``cli.make_context`` read as code (A/B run 277)."""
        if self.off or not path.endswith((".py", ".pyi")):
            return False
        if path not in self.docs:
            self.docs[path] = docstring_lines(self._text(path) or "")
        return line in self.docs[path]

    def _file(self, path: str) -> Any:
        """The file read and parsed (on first use) once for every question asked of it."""
        from contexteer.indexers.closures import FileClosures

        if path not in self.files:
            language = self._language(path)
            text = self._text(path) if language else None
            self.files[path] = FileClosures(language, text.encode("utf-8")) if text is not None else None
        return self.files[path]

    def lines(self, path: str) -> list[str]:
        """The file's lines, read once with its parse."""
        return (self._text(path) or "").split("\n")

    def _text(self, path: str) -> str | None:
        if path not in self.texts:
            self.texts[path] = repo_text(self.nav.ws, path)
        return self.texts[path]

    def _language(self, path: str) -> str | None:
        if path not in self.languages:
            info = self.nav.index.file_info(path)
            self.languages[path] = info.language if info is not None else None
        return self.languages[path]


def text_uses(nav: NavigationService, name: str, defs: list[Any], prefix: str | None, known: set[tuple[str, int]], *,
               importers: set[str] | None = None) -> list[RefSite]:
    """Whole-word matches of a value's name (or of a definition the index knows only as imported), never on the
    lines naming a parameter or local of that name. A function or class is used as a word only where it is
    visible: its own files and the files importing it (`request = prepared.copy()` elsewhere is a local)."""
    from contexteer.indexers import languages

    family = {language_family(d.language) for d in defs}
    exts = sorted({e for spec in languages.LANGUAGES if language_family(spec.name) in family for e in spec.extensions})
    if not exts or not re.fullmatch(r"[\w$]+", name):
        return []
    skip = known | {(d.path, d.start_line) for d in defs}
    # a PHP property is read as `$this->code` or `self::$code`: never the `$code` variables of the same name
    php_field = all(d.language == "php" and d.kind in ("field", "property") for d in defs)
    dollar = family & {language_family("javascript"), language_family("typescript")}
    pattern = rf"(?:->|::\$){re.escape(name)}\b" if php_field else _word_pattern(name, dollar=bool(dollar))
    read = re.compile(rf"(?:->|::\$){re.escape(name)}\b(?!\s*\()")  # (ripgrep's engine has no lookahead)
    try:
        found = textsearch.search(nav.ws, pattern, regex=True, case_sensitive=True,
                                  glob=[f"*{e}" for e in exts], path=prefix or ".", max_results=TEXT_USES_CAP + len(skip))
    except ContexteerError as exc:
        logger.info("no text matches for %s: %s", name, exc)
        return []
    where = None if any(d.kind in VALUE_KINDS for d in defs) else (importers or set()) | {d.path for d in defs}
    if all(d.language in ("c", "cpp") and d.kind == "function" for d in defs) \
            and not all(re.match(r"\s*static\b", d.signature or "") for d in defs):
        where = None  # a C function with external linkage is visible in every file (its header's prototype)
    go_private = go_package_private(defs)
    if go_private:  # an unexported Go name is seen in its package only, never read off a value (`x.limit`)
        from contexteer.indexers.go_types import go_unit

        unit = go_unit(nav.index, defs[0].path)
        found.hits = [h for h in found.hits if h.path and h.path.endswith(".go") and go_unit(nav.index, h.path) == unit
                      and re.search(rf"(?<![\w.]){re.escape(name)}\b", h.text)
                      # (declares a field or parameter of the name: `struct{ limit int }`; never `, limit * 2`)
                      and not re.search(rf"(?:^|[{{(,;])\s*{re.escape(name)}\s+(?:\*|\[\])*[A-Za-z_][\w.]*\s*(?:[,;)}}]|$)",
                                        h.text)]
    local = LocalNames(nav.index)
    comment = _comment_line(defs[0].language)
    docs: dict[str, set[int]] = {}  # Python: the lines of each file's docstrings (an example class in one is no use)
    out = [RefSite(path=h.path, line=h.line, preview=clip(h.text.strip(), 160), kind="use")
           for h in found.hits if h.path and not h.context and (h.path, h.line) not in skip
           and (where is None or h.path in where) and not comment.match(h.text)
           and not (h.path.endswith((".py", ".pyi")) and h.line in _docstring_lines(nav, h.path, docs))
           and (read.search(h.text) if php_field else not local.bound(h.path, h.line, name))][:TEXT_USES_CAP]
    if php_field:
        texts: dict[str, list[str]] = {}  # each file read once, however many of its lines are hits
        out = [x for x in out if _own_property_read(nav, x, name, defs, texts)]
    if len(defs) == 1 and defs[0].language == "python" and defs[0].kind in VALUE_KINDS and defs[0].parent_id is None:
        out = _python_value_uses(nav, defs[0], name, out)
    locate(nav, out)
    return out


def _python_value_uses(nav: NavigationService, d: Any, name: str, sites: list[RefSite]) -> list[RefSite]:
    """A Python module-level value's word matches: those in its own module and in modules importing it from there
    are it (no local of the name stands there: text_uses left those out), a reference of kind `name`; the names of a
    multi-line import statement are that import, already listed (marshmallow run 436 read `_UNKNOWN_VALUES = {EXCLUDE,
    INCLUDE, RAISE}` and `from marshmallow import (\n EXCLUDE,` as "not resolved: some may be other things")."""
    spans: dict[str, set[int]] = {}
    out = []
    for x in sites:
        if x.path not in spans:
            spans[x.path] = _import_continuations(nav, x.path)
        if x.line in spans[x.path]:
            continue
        targets = nav.imported(x.path).get(name) or []
        # (one hop through a package passing it on: `from marshmallow import INCLUDE`, __init__.py's from utils)
        # (never `opts.TIMEOUT`, `self.TIMEOUT` nor `"TIMEOUT"`: another's attribute, a string; review of 0983ee4)
        if _bare_python_name(x.preview or "", name) and (
                x.path == d.path or d.path in targets or any(d.path in (nav.imported(t).get(name) or []) for t in targets)):
            x.kind = "name"
        out.append(x)
    return out


def _bare_python_name(text: str, name: str) -> bool:
    """Whether a Python line writes `name` bare at least once: not read off a value, not inside a string (an
    f-string's `{NAME}` field is code; `"#" * WIDTH` has no comment: review of 0cafc90)."""
    import io
    import tokenize

    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text.strip() + "\n").readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        tokens = []
    if not tokens:
        return re.search(rf"(?<![\w.]){re.escape(name)}\b", text) is not None
    prev = None
    for tok in tokens:
        if tok.type == tokenize.NAME and tok.string == name and not (prev is not None and prev.string == "."):
            return True
        if tok.type == tokenize.STRING and re.match(r"(?i)[rb]*f", tok.string) and re.search(
                rf"\{{[^{{}}]*(?<![\w.]){re.escape(name)}\b[^{{}}]*\}}", tok.string):
            return True
        if tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
            prev = tok
    return False


def _import_continuations(nav: NavigationService, path: str) -> set[int]:
    """The lines of a Python file's parenthesized import statements after their first."""
    lines = (repo_text(nav.ws, path) or "").split("\n")
    out: set[int] = set()
    for imp in nav.index.imports_of(path):
        head = lines[imp.line - 1] if 0 < imp.line <= len(lines) else ""
        if "(" not in head or ")" in head.split("(", 1)[1]:
            continue
        k = imp.line + 1
        while k <= len(lines) and k - imp.line < 200:
            out.add(k)
            if ")" in lines[k - 1]:
                break
            k += 1
    return out


def go_package_private(defs: list[Any]) -> bool:
    """One unexported Go package-level value (a const or var): its whole-word uses in its package are it, unless a
    local of the name stands there (msgpack run 424 read "some may be other things" on sliceAllocLimit's five)."""
    if len(defs) != 1:
        return False
    d = defs[0]
    top = d.parent_id is None if hasattr(d, "parent_id") else d.qualname.count(".") <= 1  # (a hit: `msgpack.limit`)
    return d.language == "go" and d.kind in VALUE_KINDS and top and d.qualname.rsplit(".", 1)[-1][:1].islower()


def _own_property_read(nav: NavigationService, site: RefSite, name: str, defs: list[Any],
                       texts: dict[str, list[str]]) -> bool:
    """A `$this->name` read counts for a property only inside its class or a subclass (Input's own `$this->stream` is
    not StreamOutput::$stream); `$x->name` on another value stays, unresolved."""
    from contexteer.indexers.lookup import inherits

    if not re.search(rf"\$this\s*->\s*{re.escape(name)}\b", site.preview):
        return True
    around = [s for s in nav.index.symbols_in_file(site.path) if s.kind in CLASS_LIKE and s.start_line <= site.line <= s.end_line]
    if not around:
        return True
    cls = min(around, key=lambda s: s.end_line - s.start_line)
    owners = {nav.index.get_symbol(d.parent_id) for d in defs if d.parent_id is not None}
    if site.path not in texts:
        texts[site.path] = (repo_text(nav.ws, site.path) or "").splitlines()
    body = "\n".join(texts[site.path][cls.start_line - 1:cls.end_line])
    return any(o is not None and (o.name == cls.name or inherits(nav.index, cls.name, o.name)
                                  or (o.kind == "trait" and re.search(rf"^\s*use\s+[\w\\, ]*\b{re.escape(o.name)}\b", body, re.M)))
               for o in owners)  # (a class using the trait reads the trait's property as its own)


def _docstring_lines(nav: NavigationService, path: str, cache: dict[str, set[int]]) -> set[int]:
    """`docstring_lines` of a repository file, each file read once."""
    if path not in cache:
        cache[path] = docstring_lines(repo_text(nav.ws, path) or "")
    return cache[path]


def docstring_lines(text: str) -> set[int]:
    """The lines of a Python file's docstrings and other bare triple-quoted string statements (by the tokenizer: a
    `\"\"\"` inside an ordinary string or a comment opens nothing; a triple-quoted argument inside brackets,
    `os.system(\n \"\"\"..\"\"\")`, or a string an operator continues, `\"\"\"..\"\"\" % x`, is no
    statement: review of 70ff13c); none when the file does not tokenize."""
    import io
    import tokenize

    inside: set[int] = set()
    try:
        toks = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type not in (tokenize.COMMENT, tokenize.NL)]
    except (tokenize.TokenError, SyntaxError, IndentationError):
        toks = []
    depth = 0
    starts = (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT)
    for i, t in enumerate(toks):
        if t.type == tokenize.OP:
            depth += (t.string in "([{") - (t.string in ")]}")
            continue
        if t.type != tokenize.STRING or depth != 0 or not re.match(r"[rRbBuUfF]*(?:\"\"\"|\'\'\')", t.string):
            continue
        before = toks[i - 1].type if i > 0 else tokenize.NEWLINE
        after = toks[i + 1].type if i + 1 < len(toks) else tokenize.NEWLINE
        if before in starts and after in (tokenize.NEWLINE, tokenize.ENDMARKER):
            inside.update(range(t.start[0], t.end[0] + 1))
    return inside


_HASH_COMMENTS = frozenset({"python", "ruby", "bash", "elixir"})
_DASH_COMMENTS = frozenset({"lua", "haskell"})
_MARKUP = frozenset({"html", "markdown", "css", "scss"})


def _comment_line(language: str | None) -> re.Pattern[str]:
    """A line that is only a comment in `language` (a doc comment naming a value is no use of it): `# ...`,
    `-- ...`, or `// ...`, `/* ...`, ` * ...` in the C-like rest; never matches in markup."""
    if language in _MARKUP:
        return re.compile(r"(?!)")
    if language in _HASH_COMMENTS:
        return re.compile(r"\s*#(?![!\[{])")  # not a shebang, Ruby's `#{...}` interpolation at a line start, Rust-like `#[`
    if language in _DASH_COMMENTS:
        return re.compile(r"\s*--")
    return re.compile(r"\s*(?://|/\*|\*(?:\s|/|$))")


def doc_start(lines: list[str], start: int, language: str | None, limit: int = 40) -> int:
    """The first line of the comment block right above line `start` (no blank line between), at most `limit` lines
    up: a definition read by name shows its doc comment (bash-completion's `_init_completion` states its options
    and what the caller must declare `local` in the 15 lines above it; the A/B agent needed another read for them)."""
    rx = _comment_line(language)
    first = start
    while first > 1 and start - first < limit and rx.match(lines[first - 2]) and lines[first - 2].strip():
        first -= 1
    return first


def enclosing_notes(nav: NavigationService, lines: list[tuple[str, int]]) -> dict[tuple[str, int], str]:
    """The definition each (path, line) sits in (`in Raft.runFollower 120-180`), from the index as it is: never
    waits for a build (a cold one is started; files not indexed yet go without)."""
    from contexteer.indexers.lookup import enclosing_shown as enclosing

    try:
        status = nav.index.ensure_built(wait_seconds=0)
        files = sorted({path for path, _ in lines})
        if status.complete:
            nav.recheck(files)
        elif len(files) <= 20:  # a cold index: a few files are parsed on demand, as a read of one file does
            nav.index.ensure_fresh(files, lock_timeout=0.5)
        syms = {f: nav.index.symbols_in_file(f) for f in files}
    except ContexteerError as exc:
        logger.info("search hits go without their definitions: %s", exc)
        return {}
    out: dict[tuple[str, int], str] = {}
    closures = Closures(nav, len(files))
    for path, line in lines:
        enc = enclosing(syms.get(path, []), line)
        if enc is not None and enc.kind == "module" and enc.language == "ruby" and enc.parent_id is None:
            # a file's outermost Ruby namespace module says nothing of where a hit sits (`in Sequel 3-254`, review
            # of f8e3fe5); it stays a holder of code for mixers and callers (review of fbe887f)
            enc = None
        doc = _documented(closures.lines(path), syms.get(path, []), line) \
            if enc is None or enc.kind in _HOLDER_KINDS else None
        if doc is not None:
            # a doc comment's line is its definition's (hashbrown run 458: `/// map.try_reserve(10)` was said to be
            # in the 880-line impl around HashMap::try_reserve)
            out[(path, line)] = f"in the doc comment of {doc.kind} {doc.qualname} {doc.start_line}-{doc.end_line}"
            continue
        if enc is not None:
            # (a Rust impl block is said as its header: `in SetGlobalDefaultError 352-354` had read to the
            # tracing-core agent, run 456, as the struct, which is at 330-332)
            # (a C/C++ test as its macro writes it: `in TEST_F(DBTest, ComparatorCheck)`, leveldb run 514)
            name = clip_impl(enc.signature or "") or f"impl {enc.qualname}" \
                if enc.kind == "impl" and enc.language == "rust" else \
                nav.written_name(enc)
            out[(path, line)] = f"in {closures.around(path, line, enc)}{name} {enc.start_line}-{enc.end_line}" \
                + _rust_impl_of(syms.get(path, []), enc) + closures.literal(path, enc)
            if closures.docstring(path, line):
                out[(path, line)] = f"in a docstring, {out[(path, line)]}"
                continue
            block = closures.comment(path, line)
            if block is not None and enc.start_line < block[0]:
                # a `/* .. */` inside a function (MobX run 275: a message in assertAnnotable's commented-out check
                # read as a live one, and the agent read the lines around it)
                out[(path, line)] = f"{_comment_label(closures.lines(path), block)}, {out[(path, line)]}"
            continue
        # a line of a top-level value over several lines (`.fsync = ext4_sync_file,` in ext4_file_operations = {..})
        held = [s for s in syms.get(path, []) if s.kind in ("variable", "constant") and s.parent_id is None
                and s.start_line < line <= s.end_line]
        if held:
            v = min(held, key=lambda s: s.end_line - s.start_line)
            out[(path, line)] = f"in {v.kind} {v.qualname} {v.start_line}-{v.end_line}"
            continue
        if closures.docstring(path, line):
            out[(path, line)] = "in a docstring"
            continue
        block = closures.comment(path, line)
        if block is not None:
            out[(path, line)] = _comment_label(closures.lines(path), block)
    _only_under_if(nav, out, lines)
    return out


_HOLDER_KINDS = frozenset({"impl", "class", "module", "trait", "interface", "struct", "enum", "namespace", "object",
                           "protocol", "extension"})
_DOC_LINE = re.compile(r"\s*(?:///(?!/)|/\*\*|\*(?!/)|\*/)")


def _in_doc_block(lines: list[str], line: int) -> bool:
    """Whether `line` (1-based) is a `///` line or a line of a `/* .. */` block: the nearest comment mark above it (or
    on it) opens a block no `*/` closed yet (a Go embedded field `*assert.Assertions`, a C `*p = x;`, is no comment:
    jmespath run 465 read one as the doc comment of the field below; a C `/*` block and a Javadoc line without a
    leading `*` still are, review of stop 55)."""
    text = lines[line - 1]
    if re.match(r"\s*(?:///(?!/)|/\*)", text):
        return True
    if re.match(r"\s*\*/", text):
        return True
    for k in range(line - 1, max(0, line - 400), -1):
        t = lines[k - 1]
        if "*/" in t:
            return False  # a block closed above: this line is outside it
        if "/*" in t:
            return True
    return False


def _documented(lines: list[str], syms: list[Any], line: int) -> Any:
    """The definition whose doc comment (`///` lines, a `/** .. */` block) holds `line`: the first definition starting
    right below the comment (attributes and annotations between); None when the line is no doc comment's."""
    if not 0 < line <= len(lines) or not _DOC_LINE.match(lines[line - 1]) or not _in_doc_block(lines, line):
        return None
    k = line
    if re.match(r"\s*///", lines[line - 1]):
        while k <= len(lines) and k - line < 400 and re.match(r"\s*///(?!/)", lines[k - 1]):
            k += 1
    else:  # the block's end, then the line after it
        while k <= len(lines) and k - line < 400 and "*/" not in lines[k - 1]:
            k += 1
        k += 1
    while k <= len(lines) and k - line < 420 and re.match(r"\s*(?:#\[|@[A-Za-z])", lines[k - 1]):
        k += 1  # `#[cfg_attr(..)]`, `@Override`
    if k > len(lines) or not lines[k - 1].strip():
        return None
    starts = [s for s in syms if line < s.start_line <= k and s.language not in ("markdown", "rst")]
    return min(starts, key=lambda s: (s.start_line, -(s.end_line - s.start_line)), default=None)


def _rust_impl_of(syms: list[Any], enc: Any) -> str:
    """` (impl fmt::Display)` after a Rust method of a trait impl: SendError's `fmt` of Display and of Debug read
    alike (crossbeam-channel run 432 read the impls to tell which wrote "sending on a disconnected channel")."""
    if enc.language != "rust" or enc.kind != "method":
        return ""
    from contexteer.indexers.lookup import rust_impl_trait

    impls = [s for s in syms if s.kind == "impl" and s.start_line <= enc.start_line and enc.end_line <= s.end_line]
    if not impls:
        return ""
    head = " ".join((min(impls, key=lambda s: s.end_line - s.start_line).signature or "").split())
    trait = re.match(r"(?:unsafe\s+)?impl\s*(?:<(?:[^<>]|<[^<>]*>)*>)?\s*([\w:]+)(?:<(?:[^<>]|<[^<>]*>)*>)?\s+for\s", head)
    return f" (impl {trait.group(1)})" if trait and rust_impl_trait(head) else ""


def _only_under_if(nav: NavigationService, out: dict[tuple[str, int], str], lines: list[tuple[str, int]]) -> None:
    """A C, C++, C# or Swift hit inside `#if` groups says under which (`(only #if !(NETFX_CORE || PORTABLE))`), as a
    read of the line does: the Json.NET A/B agent (run 228) searched the files' preprocessor lines to learn which of
    IsNullable's twelve calls are compiled everywhere."""
    conditions: dict[str, dict[int, str]] = {}
    builds: dict[str, str | None] = {}  # Go: what a whole file builds under (`windows by its name`)
    for path, line in lines:
        if path.endswith(".go"):
            if path not in builds:
                builds[path] = go_build_constraint(path, (repo_text(nav.ws, path) or "").split("\n")[:60])
            only = builds[path]
        elif not path.endswith(CONDITIONAL_SOURCES):
            continue
        else:
            if path not in conditions:
                conditions[path] = preprocessor_conditions((repo_text(nav.ws, path) or "").split("\n"))
            only = conditions[path].get(line)
        if only:
            note = out.get((path, line))
            out[(path, line)] = f"{note} (only {only})" if note else f"only {only}"


def _comment_label(lines: list[str], block: tuple[int, int]) -> str:
    """How a hit in a comment block says so: a `/* .. */` holding code is commented-out code, never compiled or run
    (memberlist's state_test.go holds three test functions in one; "in a comment 226-545" had sent the run-223 agent
    to read it)."""
    text = lines[block[0] - 1:block[1]]
    below = lines[block[1]].strip() if block[1] < len(lines) else ""
    if text and text[0].lstrip().startswith("/*") and re.match(r"package\s+\w", below):
        # a Go package's doc comment right above its clause (go-sockaddr's template/doc.go, whose template examples
        # had read to run 557 as "commented-out code /* 1-310 */")
        return f"in a doc comment {block[0]}-{block[1]}"
    if text and text[0].lstrip().startswith(("/**", "/*!")) and not text[0].lstrip().startswith("/**/"):
        # a doc comment's examples are code too, never commented out (regex run 268: lib.rs's crate docs,
        # `/*! .. */`, had been "commented-out code /* 1-609 */")
        return f"in a doc comment {block[0]}-{block[1]}"
    code = sum(1 for t in text if re.search(r"[{};]\s*$|^\s*(?://\s*)?(?:func|def|fn|function|class|static|void|int)\b", t))
    if text and text[0].lstrip().startswith("/*") and code >= 2:
        return f"in commented-out code /* {block[0]}-{block[1]} */"
    if text and all(t.lstrip().startswith(("///", "//!")) for t in text):
        return f"in a doc comment {block[0]}-{block[1]}"  # (Rust's `///` and `//!` docs: review of stop 60)
    if text and all(t.lstrip().startswith("//") for t in text) and re.match(
            r"(?:package|func|type|var|const)\s", below):  # a Go doc comment right above its declaration
        return f"in a doc comment {block[0]}-{block[1]}"
    if text and all(t.lstrip().startswith("//") for t in text) and code >= 2:
        return f"in commented-out code // {block[0]}-{block[1]}"  # (hiredis run 549: test.c's // test)
    return f"in a comment {block[0]}-{block[1]}"


def split_focus(focus: list[str], infos: dict[str, object]) -> tuple[set[str], set[str]]:
    """Focus entries that are files or directories (-> their files), and symbol names (their last part)."""
    files: set[str] = set()
    names: set[str] = set()
    for f in focus:
        f = f.strip().strip("/")
        if not f:
            continue
        if f in infos:
            files.add(f)
        elif any(p.startswith(f + "/") for p in infos):
            files.update(p for p in infos if p.startswith(f + "/"))
        elif split_name(f):
            names.add(split_name(f)[-1])  # 'Parser.parse', 'App\\Http\\Kernel', 'Rack::Request': the name
    return files, names
