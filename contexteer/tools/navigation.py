"""Navigation tools: get_structured_index, search_symbol, list_dependencies, search_text."""

from __future__ import annotations

import dataclasses
import logging
import os
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

import anyio.to_thread
from mcp.server.mcpserver import Context
from pydantic import Field

from contexteer.errors import ContexteerError, InputError
from contexteer.fitting import fit_largest
from contexteer.indexers import languages, textsearch
from contexteer.indexers.lookup import language_family, language_of, line_previews, rank_definitions
from contexteer.indexers.namesakes import CLASS_LIKE, LocalNames, member_namesakes, reopened_rank
from contexteer.indexers.qualify import is_qualified, split_name
from contexteer.indexers.repomap import fit, language_summary
from contexteer.shaping.answer import Answer, Hit, Hits, Text
from contexteer.shaping.answer import render as render_answer
from contexteer.tools import nav_render as render
from contexteer.tools.base import Services
from contexteer.tools.nav_models import (
    Dependencies,
    MapFile,
    OutlineSymbol,
    RefSite,
    StructuredIndex,
    SymbolHit,
    SymbolSearch,
    TextHit,
    TextSearch,
)
from contexteer.tools.nav_state import Nav, nav_for, run, syntax_error_note
from contexteer.workspace import repo_text

logger = logging.getLogger(__name__)

SEARCH_POOL = 500  # candidates ranked per search_symbol query before paging


def register(mcp: object, svc: Services) -> None:
    nav_settings = svc.settings.navigation

    @svc.tool(
        "get_structured_index",
        output=StructuredIndex,
        description=(
            "A file's outline (symbols, line ranges, signatures), or for a directory a ranked map of its "
            "most important files and symbols within a token budget. Start here."
        ),
    )
    async def get_structured_index(
        ctx: Context,
        path: Annotated[str, Field(description="File or directory.")] = ".",
        budget_tokens: Annotated[int | None, Field(description="Map size in tokens.")] = None,
        focus: Annotated[list[str] | str | None, Field(description="Paths or symbol names to rank first.")] = None,
        kinds: Annotated[list[str] | None, Field(description="e.g. ['class','function']")] = None,
        include_private: Annotated[bool | None, Field(description="Default: yes for a file, no for a map.")] = None,
    ) -> Answer:
        res = svc.ws.resolve(path, kind="any")
        is_dir = res.real.is_dir()
        # an answer larger than the digest threshold would be digested as code by the pipeline, which
        # knows nothing of outlines: the map and the outline fit themselves to it instead
        whole = svc.settings.context_mode_mcp.max_digest_threshold
        cap = min(nav_settings.repo_map_budget_cap, whole)
        if is_dir:
            budget = nav_settings.repo_map_budget if budget_tokens is None else budget_tokens
            if budget < 100:
                raise InputError(f"budget_tokens={budget} is too small for a useful map; pass 100 or more "
                                 f"(default {nav_settings.repo_map_budget}, largest {cap}).")
        else:  # a file's outline: as large as passes whole unless the caller asks for less
            if budget_tokens is not None and budget_tokens < 1:
                raise InputError(f"budget_tokens={budget_tokens} must be positive; omit it for the largest outline "
                                 f"that passes whole ({whole} tokens).")
            budget = whole if budget_tokens is None else budget_tokens
        capped = budget > cap
        budget = min(budget, cap)
        why = "navigation.repo_map_budget_cap" if cap == nav_settings.repo_map_budget_cap else \
            "the largest answer passed whole: context_mode_mcp.max_digest_threshold"
        kind_set = set(_check_kinds(_as_list(kinds))) or None
        focus_list = _as_list(focus)
        nav = nav_for(svc)

        def work(cb: Callable[[int, int], None] | None) -> Answer:
            if is_dir:
                note = nav.ready(cb, sweep=True)
                cap_note = f"budget capped at {cap} tokens ({why})" if capped else None
                return _map(nav, res.rel, budget, focus_list, kind_set, bool(include_private), note, cap_note)
            note = nav.ready(cb, [res.rel], file_only=True)
            return _outline(nav, res.rel, kind_set, include_private is not False, note, budget)

        return await run(ctx, work)

    def _outline(nav: Nav, rel: str, kinds: set[str] | None, private: bool, note: str | None, budget: int) -> Answer:
        info = nav.index.file_info(rel)
        if info is None or info.status != "indexed":
            why = {"too_large": "it is larger than workspace.max_file_bytes", "binary": "it is binary",
                   "unsupported": "its language has no parser here", "error": "it could not be parsed"}
            reason = why.get(info.status, info.status) if info else "it is not indexed (ignored, excluded or new)"
            text = f"{rel}: no outline because {reason}. Read it with read_code_range(path=\"{rel}\", start_line=1, end_line=100) or search it with search_text(path=\"{rel}\")."
            return Answer(Text(text), StructuredIndex(path=rel, mode="outline", note=note), scope="fitted")
        if info.has_errors:  # an agent that just broke the file needs to know where
            where = syntax_error_note(svc, rel, info.language)
            note = f"{note}; {where}" if note and where else (where or note)
        every = [s for s in nav.index.symbols_in_file(rel) if private or s.exported]
        syms = [s for s in every if not kinds or s.kind in kinds]
        filtered = ""
        if kinds and not syms and every:
            filtered = f"{' or '.join(sorted(kinds))} definitions ({len(every)} of other kinds)"
        text, shown, docs = render.outline(rel, info, syms, note, budget, svc.pipeline.count, filtered)
        model = StructuredIndex(
            path=rel, mode="outline", note=note, files_total=1, files_shown=1, symbols_total=len(syms),
            symbols=[OutlineSymbol(qualname=s.qualname, kind=s.kind, start_line=s.start_line, end_line=s.end_line,
                                   signature=render.clip(s.signature, 160), doc=s.doc if docs else None, exported=s.exported)
                     for s in (syms[i] for i in shown)],
        )
        return Answer(Text(text, "markdown" if info.language == "markdown" else "code"), model, scope="fitted")

    def _map(nav: Nav, rel: str, budget: int, focus: list[str], kinds: set[str] | None, private: bool,
             note: str | None, cap_note: str | None) -> Answer:
        infos = nav.mapper.infos()
        prefix = "" if rel == "." else rel + "/"
        focus_files, focus_names = _split_focus(focus, infos)
        if focus_names and any(not nav.index.find_symbols(nm, match="exact", limit=1) for nm in focus_names) \
                and nav.sweep_on_miss():  # a focused name the index does not know yet: the agent may just have written it
            infos = nav.mapper.infos()
            focus_files, focus_names = _split_focus(focus, infos)
        scope = sorted(p for p, fi in infos.items() if p.startswith(prefix) and fi.status == "indexed")
        ranking = nav.mapper.ranking(focus_files, focus_names)
        head = f"repo map of {rel if rel != '.' else 'the repository'} — " + language_summary(infos[p] for p in scope)
        others = sum(1 for p, fi in infos.items() if p.startswith(prefix) and fi.status != "indexed")
        if others:
            head += f"; {others} other file{'s' if others != 1 else ''} (no parser, binary or too large: search_text reads them)"
        notes = [n for n in (note, cap_note, nav.index.listing_note() if not prefix else None) if n]
        if notes:
            head += "\n[" + "; ".join(notes) + "]"
        if not scope:
            text = head + f"\nno indexed source files under {rel}. Use search_text(path=\"{rel}\") to search its text."
            return Answer(Text(text), StructuredIndex(path=rel, mode="map", note=note), scope="fitted")
        in_scope = set(scope)
        pinned = sorted(((p, nm) for (p, nm) in ranking.def_rank if nm in focus_names and p in in_scope),
                        key=lambda k: (-ranking.def_rank[k], k))[:20]
        result = fit(ranking, scope, nav.mapper.symbols_of, svc.pipeline.count, budget, header=head, kinds=kinds,
                     include_private=private, pinned=pinned, prefix=prefix)
        model = StructuredIndex(
            path=rel, mode="map", files_total=result.files_total, files_shown=result.files_shown, tokens=result.tokens, note=note,
            files=[MapFile(path=p, symbols=[f"{s.start_line}-{s.end_line} {s.qualname}" for s in ss]) for p, ss in result.shown],
        )
        return Answer(Text(result.text, "code"), model, scope="fitted")

    @svc.tool(
        "search_symbol",
        output=SymbolSearch,
        terms_from=("query",),
        description=(
            "Find definitions by name: location, kind, signature. references=true adds every reference site with "
            "the definition it sits in. A miss shows close names and where the word appears."
        ),
    )
    async def search_symbol(
        ctx: Context,
        query: Annotated[str, Field(description="e.g. 'parse' or 'Parser.parse'")],
        kind: Annotated[str | None, Field(description="class, function, method, ...")] = None,
        path: Annotated[str | None, Field(description="Only under this path.")] = None,
        match: Literal["exact", "prefix", "substring", "fuzzy"] = "exact",
        references: bool = False,
        limit: Annotated[int, Field(ge=1, le=200)] = 20,
        cursor: Annotated[str | None, Field(description="next_cursor of the last page.")] = None,
    ) -> Answer:
        q = query.strip()
        _check_kinds([kind] if kind else [])
        if not q:
            raise InputError("query is empty. Pass a symbol name such as 'parse_header' (or match='prefix' with its start).")
        offset = _cursor(cursor)
        prefix = None
        if path and path.strip() not in ("", "."):
            prefix = svc.ws.resolve(path, kind="any").rel
        nav = nav_for(svc)

        def work(cb: Callable[[int, int], None] | None) -> Answer:
            note = nav.ready(cb, sweep=True)
            idx = nav.index
            parts = _name_list(q) if match == "exact" else []
            by_part: dict[str, list[Any]] = {}
            if parts:  # 'workingset_activation, lru_gen_enabled': each name's definitions, in the order asked
                def each() -> dict[str, list[Any]]:
                    out: dict[str, list[Any]] = {}
                    for part in parts:
                        found = idx.find_symbols(part, match="exact", kind=kind, path_prefix=prefix,
                                                 limit=SEARCH_POOL // len(parts))
                        if not found and is_qualified(part):
                            found = nav.qualifier().find(part, kind=kind, path_prefix=prefix, limit=SEARCH_POOL // len(parts))
                        out[part] = found
                    return out

                by_part = each()
                if nav.recheck(s.path for found in by_part.values() for s in found[: offset + limit]):
                    by_part = each()  # as a single name's search does: files changed since they were indexed
                pool = [s for found in by_part.values() for s in found]
                missing = [p for p, found in by_part.items() if not found]
                if missing:
                    miss = "no definition named " + ", ".join(f"'{m}'" for m in missing)
                    note = f"{note}; {miss}" if note else miss
            else:
                pool = idx.find_symbols(q, match=match, kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
                if nav.recheck(s.path for s in pool[: offset + limit]) or (not pool and nav.sweep_on_miss()):
                    pool = idx.find_symbols(q, match=match, kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
            if not pool and match == "exact" and is_qualified(q) and not parts:
                # 'org.example.web.Servlet', 'App\\Http\\Kernel::handle', 'Rack::Request#params', 'crate::a::B', 'pkg.Type'
                pool = nav.qualifier().find(q, kind=kind, path_prefix=prefix, limit=SEARCH_POOL)
            total = idx.count_symbols(q, match=match, kind=kind, path_prefix=prefix) \
                if len(pool) >= SEARCH_POOL and not parts else len(pool)
            if total > len(pool):
                pool_note = (f"{total} definitions match; the best {len(pool)} candidates are ranked and paged. "
                             "Narrow with kind=, path= or a stricter match= to see the rest")
                note = f"{note}; {pool_note}" if note else pool_note
            counts = idx.reference_counts({s.name for s in pool})
            primary = reopened_rank(idx, pool, lambda s: nav.qualifier().display(s) or s.qualname)
            order = [s for part, found in by_part.items() for s in rank_definitions(found, part, counts, primary=primary)] \
                if parts else rank_definitions(pool, q, counts, primary=primary)
            ranked, overloads = _fold_overloads(order)
            ranked, impls = (ranked, {}) if kind == "impl" else _fold_impls(ranked)
            if total == len(pool):
                total = len(ranked)
            page = ranked[offset : offset + limit]
            full_names = nav.qualifier().display_all(page)
            last = split_name(q)[-1] if split_name(q) else q
            site_cache: dict[str, tuple[list[RefSite], int, int]] = {}
            closest: list[SymbolHit] = []
            word_sites: list[RefSite] = []
            if not ranked:  # say why, and answer 'where is it' anyway: the nearest names and where the word appears
                if match != "fuzzy":
                    near = nav.qualifier().namesakes(q, kind=kind, path_prefix=prefix) if is_qualified(q) else []
                    near = near or idx.close_names(last, kind=kind, path_prefix=prefix)
                    near_full = nav.qualifier().display_all(near)
                    closest = [SymbolHit(path=s.path, qualname=s.qualname, kind=s.kind, start_line=s.start_line,
                                         end_line=s.end_line, signature=s.signature, exported=s.exported,
                                         qualified=near_full.get(s.id))
                               for s in near]
                word_sites = _word_sites(nav, last, prefix)
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

            def answer(n: int) -> Answer:
                shown = page[:n]
                nxt = offset + n if offset + n < len(ranked) else None
                hits = [SymbolHit(path=s.path, qualname=s.qualname, kind=s.kind, start_line=s.start_line, end_line=s.end_line,
                                  signature=_with_value(svc, s), exported=s.exported, overloads=overloads.get(s.id, []),
                                  impls=impls.get(s.id, []), qualified=full_names.get(s.id))
                        for s in shown]
                sites: list[RefSite] = []
                ref_total = left_out = 0
                if references and (shown or prefix):
                    # with path=, references inside it count even when the definition lives elsewhere
                    for nm in list(dict.fromkeys(s.name for s in shown[:5])) or [last]:
                        if nm not in site_cache:
                            site_cache[nm] = _reference_sites(nav, nm, [s for s in pool if s.name == nm], prefix,
                                                              method_query=is_qualified(q))
                        found, n_refs, n_left = site_cache[nm]
                        sites.extend(found)
                        ref_total += n_refs
                        left_out += n_left
                full_note = note
                if left_out:
                    owner, meth = split_name(q)[-2:]
                    extra = (f"{left_out} calls of a '{meth}' whose receiver is not shown to be a {owner} were left out "
                             f"(search_symbol query=\"{meth}\", references=true lists every one)")
                    full_note = f"{note}; {extra}" if note else extra
                if not shown and not sites:
                    sites = word_sites
                model = SymbolSearch(query=q, total=total, definitions=hits, references=sites, references_total=ref_total,
                                     next_cursor=str(nxt) if nxt is not None else None, note=full_note, closest=closest)
                head, rows = render.symbol_search(model, match, kind, references, len(ranked), offset)
                if not rows:
                    return Answer(Text("\n".join(head)), model, scope="fitted")
                return Answer(Hits(rows), model, head=head, scope="fitted")

            # a page is what passes whole: a bigger one would be digested and next_cursor would skip what was
            # folded, so the page shrinks and next_cursor names the first definition not shown
            whole = svc.settings.context_mode_mcp.max_digest_threshold
            pages: dict[str, Answer] = {}

            def page_text(n: int) -> str:
                built = answer(n)
                text = render_answer(built)
                pages[text] = built
                return text

            got = fit_largest(len(page), page_text, whole, lambda text: svc.pipeline.cost(pages[text]), lo=min(1, len(page)))
            best = pages[got.text]
            if not got.fits:  # one definition with more references than fit: they are digested (open)
                best.scope = "open"
            return best

        return await run(ctx, work)

    @svc.tool(
        "list_dependencies",
        output=Dependencies,
        description=(
            "A file's (or directory's) imports resolved to repository packages/files or external packages, its "
            "dependents, declared dependencies with versions, import cycles."
        ),
    )
    async def list_dependencies(
        ctx: Context,
        path: Annotated[str, Field(description="File or directory ('.' = project).")],
        direction: Literal["imports", "dependents", "both"] = "imports",
        depth: Annotated[int, Field(ge=1, le=5)] = 1,
        external: bool = True,
        format: Literal["text", "mermaid"] = "text",
        view: Annotated[Literal["package", "file"], Field(description="package: one row per Go/Java package, "
                                                         "workspace package or crate; file: every file.")] = "package",
        tests: Annotated[bool, Field(description="Include test files.")] = False,
    ) -> Answer:
        res = svc.ws.resolve(path, kind="any")
        nav = nav_for(svc)

        def work(cb: Callable[[int, int], None] | None) -> Answer:
            is_dir = res.real.is_dir()
            note = nav.ready(cb, [] if is_dir else [res.rel], sweep=is_dir)
            graph = nav.graph()
            files = nav.all_files()
            spec = None if is_dir else languages.language_for_path(res.rel)
            lang = spec.name if spec is not None and spec.name in render.STATEMENT_SEPARATORS else None
            model = render.dependencies(lambda rel: repo_text(svc.ws, rel), graph, files, res.rel, is_dir, direction, depth, external, note,
                                        view=view, tests=tests,
                                        statements=nav.index.imports_of(res.rel) if lang and view == "package" else None,
                                        language=lang)
            if format == "mermaid":
                return Answer(Text(render.deps_mermaid(model)), model)
            text = render.deps_text(model, direction, depth, svc.settings.context_mode_mcp.max_digest_threshold, svc.pipeline.count)
            return Answer(Text(text), model, scope="fitted")

        return await run(ctx, work)

    @svc.tool(
        "search_text",
        output=TextSearch,
        terms_from=("pattern",),
        description=(
            "Search file contents with ripgrep (literal unless regex=true); hits as path:line: text, each with the "
            "definition it sits in."
        ),
    )
    async def search_text(
        pattern: Annotated[str, Field(description="Text (or regex) to find.")],
        regex: bool = False,
        case_sensitive: Annotated[bool | None, Field(description="Default: smart case.")] = None,
        glob: Annotated[str | None, Field(description="e.g. '*.py', '!tests/**'")] = None,
        path: Annotated[str, Field(description="File or directory.")] = ".",
        context_lines: Annotated[int, Field(ge=0, le=20)] = 0,
        max_results: Annotated[int | None, Field(ge=1)] = None,
    ) -> Answer:
        def work() -> Answer:
            r = textsearch.search(svc.ws, pattern, regex=regex, case_sensitive=case_sensitive, glob=glob, path=path,
                                  context_lines=context_lines, max_results=max_results)
            model = TextSearch(pattern=pattern, matches=r.matches, files=len(r.files), truncated=r.truncated, timed_out=r.timed_out,
                               hits=[TextHit(path=h.path, line=h.line, text=h.text, context=h.context) for h in r.hits if h.path])
            rows: list[Hit | str] = [Hit(h.path, h.line, h.text, h.context) if h.path else "--" for h in r.hits]
            _name_enclosing(nav_for(svc), rows)
            return Answer(Hits(rows), model, tail=render.search_summary(r, regex), terms_regex=regex)

        return await anyio.to_thread.run_sync(work)




#: Definition kinds whose uses are mostly plain reads (`x = LIMIT`, `PARAM_REGEX.finditer(...)`), which the
#: index does not store as references: their references add whole-word text matches.
VALUE_KINDS = frozenset({"constant", "variable", "field", "property"})
TEXT_USES_CAP = 50  # text matches added per name


def _reference_sites(nav: Nav, name: str, defs: list[Any], prefix: str | None, *,
                     method_query: bool = False) -> tuple[list[RefSite], int, int]:
    """The stored reference sites of `name` (under `prefix`), plus for a value (or a name whose stored
    references are only imports) its whole-word text matches in files of its language family, excluding
    its definition lines, as kind 'use'; the total stored count; and, for a qualified query of methods
    (`Client.send`), which keeps only the sites with receiver evidence (lookup.find_callers), how many it
    left out."""
    settings = nav.svc.settings.navigation
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
    if defs and all(d.kind in CLASS_LIKE for d in defs):  # `db.Head()` is DB's method, no use of the type Head
        drop = member_namesakes(nav.index, name, [r for r in refs if r.kind != "import"])
        refs = [r for r in refs if (r.path, r.line) not in drop]
    evidence: dict[tuple[str, int], Any] = {}
    if method_query and defs and all(d.kind == "method" for d in defs):
        from contexteer.indexers.lookup import find_callers

        evidence = {(c.path, c.line): (c, d.qualname.rsplit(".", 2)[-2] if "." in d.qualname else "")
                    for d in defs for c in find_callers(nav.index, d, name, nav.imported) if c.how != "name only"}
        kept = [r for r in refs if r.kind == "import" or (r.path, r.line) in evidence
                or any(r.path == d.path and d.start_line <= r.line <= d.end_line for d in defs)]
        left_out = len(refs) - len(kept)
        refs = kept
    else:
        left_out = 0
    inside = [r for r in refs if prefix is None or r.path == prefix or r.path.startswith(prefix + "/")]
    sites = [RefSite(path=r.path, line=r.line, preview="", kind=r.kind) for r in inside]
    for site in sites:
        caller, owner = evidence.get((site.path, site.line), (None, ""))
        if caller is not None:
            site.how = caller.how
            if caller.receiver_name:
                site.receiver = f"{caller.receiver_name}: {owner}" if caller.how == "receiver type" else caller.receiver_name
    line_previews(nav.svc.ws, sites)
    locate(nav, sites)
    if defs and (any(d.kind in VALUE_KINDS for d in defs) or all(r.kind == "import" for r in refs)):
        sites += _text_uses(nav, name, defs, prefix, {(r.path, r.line) for r in refs},
                            importers={r.path for r in refs if r.kind == "import"})
    return sites, len(refs), left_out


_NAME = r"[A-Za-z_$][\w$]*(?:(?:\.|::|\\|#)[A-Za-z_$][\w$]*)*"
_NAME_LIST = re.compile(rf"\s*{_NAME}(?:\s*[,|]\s*|\s+){_NAME}(?:(?:\s*[,|]\s*|\s+){_NAME})*\s*")


def _name_list(q: str) -> list[str]:
    """'a, b, c' / 'a|b' / 'a b': two to ten names asked at once, in order (not one name with spaces, which no
    language has); [] for a single name."""
    if not _NAME_LIST.fullmatch(q):
        return []
    names = list(dict.fromkeys(n for n in re.split(r"[\s,|]+", q) if n))
    return names if 2 <= len(names) <= 10 else []


def _fold_overloads(ranked: list[Any]) -> tuple[list[Any], dict[int, list[str]]]:
    """Definitions of one file sharing one qualified name and kind are overloads of one thing (TypeScript overload
    signatures, Python @overload stubs): one row, the widest (the implementation), with the others' ranges."""
    groups: dict[tuple[str, str, str], list[Any]] = {}
    for s in ranked:
        groups.setdefault((s.path, s.qualname, s.kind), []).append(s)
    out: list[Any] = []
    extra: dict[int, list[str]] = {}
    done: set[tuple[str, str, str]] = set()
    for s in ranked:
        key = (s.path, s.qualname, s.kind)
        if key in done:
            continue
        done.add(key)
        group = groups[key]
        if len(group) == 1 or s.kind not in ("function", "method"):
            out.extend(group if len(group) > 1 else [s])
            continue
        best = max(group, key=lambda x: (x.end_line - x.start_line, x.start_line))
        extra[best.id] = [f"{x.start_line}-{x.end_line}" for x in sorted(group, key=lambda x: x.start_line) if x is not best]
        out.append(best)
    return out, extra


def _fold_impls(ranked: list[Any]) -> tuple[list[Any], dict[int, list[str]]]:
    """A Rust `impl Type` block listed with Type's definition goes on that definition's row ('impl blocks: ...'):
    the answer to 'where is Token' is the struct, with where its methods are, not three rows of one type."""
    types: dict[tuple[str, str], list[Any]] = {}
    for s in ranked:
        if s.kind in _TYPE_KINDS:
            types.setdefault((s.language, s.qualname), []).append(s)
    out: list[Any] = []
    extra: dict[int, list[str]] = {}
    for s in ranked:
        owners = types.get((s.language, s.qualname), []) if s.kind == "impl" else []
        # of namesakes, the type in the impl's own file, else the one nearest in the tree
        owner = max(owners, key=lambda t: (t.path == s.path, len(os.path.commonpath([t.path, s.path]))), default=None)
        if owner is None:
            out.append(s)
            continue
        where = f"{s.start_line}-{s.end_line}" if s.path == owner.path else f"{s.path}:{s.start_line}-{s.end_line}"
        extra.setdefault(owner.id, []).append(where)
    return out, extra


_TYPE_KINDS = frozenset({"struct", "enum", "trait", "type", "union", "class"})


def _with_value(svc: Services, sym: Any) -> str:
    """A definition's signature as an answer should show it: whole when the index cut it at 200 characters
    (re-read from the file), a multi-line constant or variable with its whole value (up to 15 lines), and a Go
    constant of an `iota` block with the iota it is (`rpcInstallSnapshot  (iota = 2 in the const block that
    starts rpcAppendEntries uint8 = iota)`)."""
    sig = str(sym.signature or "")
    value = sym.kind in ("constant", "variable") and sym.end_line > sym.start_line
    iota = sym.kind == "constant" and sym.language == "go" and "=" not in sig
    cut = sig.endswith("…") or sig.count("(") > sig.count(")")  # a bodiless declaration's first line only
    if not (value or iota or cut):
        return sig
    text = repo_text(svc.ws, sym.path)
    if text is None:
        return sig
    lines = text.split("\n")
    if value:
        body = lines[sym.start_line - 1 : min(sym.end_line, sym.start_line + 14)]
        text = " ".join(" ".join(body).split())
        return text + (" …" if sym.end_line > sym.start_line + 14 else "")
    if cut:
        return _whole_header(lines, sym.start_line, colon_ends=sym.language == "python") or sig
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
    return f"{sig}  (iota = {len(specs) - 1} in the const block that starts `{render.clip(specs[0], 80)}`)"


def _whole_header(lines: list[str], start: int, limit: int = 40, *, colon_ends: bool = False) -> str | None:
    """A definition's header from its first line to where its body opens (`:` or `{` or `=>` outside brackets,
    once its parameters closed), whitespace collapsed; decorators and attributes skipped; None past `limit` lines."""
    i = start - 1
    while i < len(lines) and lines[i].lstrip().startswith(("@", "#[")):
        i += 1
    parts: list[str] = []
    depth = 0
    opened = False
    for k in range(i, min(len(lines), i + limit)):
        line = lines[k]
        for j, ch in enumerate(line):
            if ch == ">" and j and line[j - 1] in "=-":
                if depth == 0 and opened and ch == ">" and line[j - 1] == "=":
                    parts.append(line[: j - 1])  # `) => {`: an arrow function's body opens
                    return " ".join(" ".join(parts).split()).rstrip(" ,")
                continue  # `=>` and `->` inside a type are no closing bracket
            if ch in "([<" and not (ch == "<" and depth == 0 and not opened):
                depth += 1
                opened = opened or ch == "("
            elif ch in ")]>" and depth > 0:
                depth -= 1
            elif depth == 0 and opened and (ch in "{;" or (ch == ":" and colon_ends)):
                if ch == ":" and line[j + 1 : j + 2] == ":":
                    continue
                parts.append(line[:j])
                return " ".join(" ".join(parts).split()).rstrip(" ,")
        parts.append(line)
    return None


def _word_sites(nav: Nav, word: str, prefix: str | None) -> list[RefSite]:
    """Where a name that has no indexed definition appears as a whole word (at most render.NO_MATCH_USES lines)."""
    if not re.fullmatch(r"[\w$]+", word):
        return []
    try:
        found = textsearch.search(nav.svc.ws, rf"\b{re.escape(word)}\b", regex=True, case_sensitive=True,
                                  path=prefix or ".", max_results=render.NO_MATCH_USES)
    except ContexteerError as exc:
        logger.info("no text matches for %s: %s", word, exc)
        return []
    out = [RefSite(path=h.path, line=h.line, preview=render.clip(h.text.strip(), 160), kind="use")
           for h in found.hits if h.path and not h.context]
    locate(nav, out)
    return out


def _name_enclosing(nav: Nav, rows: list[Hit | str]) -> None:
    """Add to each match the definition its line sits in (`— in Raft.runFollower`), from the index as it is:
    never waits for a build (a cold one is started; files not indexed yet go without)."""
    from contexteer.indexers.lookup import enclosing

    try:
        status = nav.index.ensure_built(wait_seconds=0)
        files = sorted({r.path for r in rows if isinstance(r, Hit) and not r.context})
        if status.complete:
            nav.recheck(files)
        elif len(files) <= 20:  # a cold index: a few files are parsed on demand, as a read of one file does
            nav.index.ensure_fresh(files, lock_timeout=0.5)
        syms = {f: nav.index.symbols_in_file(f) for f in files}
    except ContexteerError as exc:
        logger.info("search hits go without their definitions: %s", exc)
        return
    for i, row in enumerate(rows):
        if isinstance(row, Hit) and not row.context:
            enc = enclosing(syms.get(row.path, []), row.line)
            if enc is not None:
                rows[i] = dataclasses.replace(row, note=f"in {enc.qualname} {enc.start_line}-{enc.end_line}")


def locate(nav: Nav, sites: list[Any]) -> None:
    """Name the definition each site's line sits in (`enclosing`, `enclosing_lines`), one index read per file."""
    from contexteer.indexers.lookup import enclosing

    by_file: dict[str, list[Any]] = {}
    for site in sites:
        if site.path not in by_file:
            by_file[site.path] = nav.index.symbols_in_file(site.path)
        enc = enclosing(by_file[site.path], site.line)
        if enc is not None:
            site.enclosing, site.enclosing_lines = enc.qualname, f"{enc.start_line}-{enc.end_line}"


def _text_uses(nav: Nav, name: str, defs: list[Any], prefix: str | None, known: set[tuple[str, int]], *,
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
    try:
        found = textsearch.search(nav.svc.ws, rf"\b{re.escape(name)}\b", regex=True, case_sensitive=True,
                                  glob=[f"*{e}" for e in exts], path=prefix or ".", max_results=TEXT_USES_CAP + len(skip))
    except ContexteerError as exc:
        logger.info("no text matches for %s: %s", name, exc)
        return []
    where = None if any(d.kind in VALUE_KINDS for d in defs) else (importers or set()) | {d.path for d in defs}
    local = LocalNames(nav.index)
    out = [RefSite(path=h.path, line=h.line, preview=render.clip(h.text.strip(), 160), kind="use")
           for h in found.hits if h.path and not h.context and (h.path, h.line) not in skip
           and (where is None or h.path in where) and not local.bound(h.path, h.line, name)][:TEXT_USES_CAP]
    locate(nav, out)
    return out


def _as_list(value: list[str] | str | None) -> list[str]:
    """A list argument also given as one string ('Observable' or 'Observable, Subscriber')."""
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return value


def _split_focus(focus: list[str], infos: dict[str, object]) -> tuple[set[str], set[str]]:
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


def _check_kinds(kinds: list[str]) -> list[str]:
    from contexteer.indexers.model import SYMBOL_KINDS

    bad = [k for k in kinds if k not in SYMBOL_KINDS]
    if bad:
        raise InputError(f"unknown symbol kind {', '.join(map(repr, bad))}. Use one of: {', '.join(SYMBOL_KINDS)}.")
    return kinds


def _cursor(cursor: str | None) -> int:
    if not cursor:
        return 0
    try:
        value = int(cursor)
    except ValueError:
        value = -1
    if value < 0:
        raise InputError(f"cursor '{cursor}' is not one this tool gave out. Pass the next_cursor of the previous page, or omit it.")
    return value
