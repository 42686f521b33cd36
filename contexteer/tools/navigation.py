"""Navigation tools: get_structured_index, search_symbol, list_dependencies, search_text."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Annotated, Any, Literal

import anyio.to_thread
from mcp.server.mcpserver import Context
from pydantic import Field

from contexteer.errors import ContexteerError, InputError, SearchError
from contexteer.indexers import textsearch
from contexteer.indexers.model import kind_word
from contexteer.indexers.searchmask import smart_case_sensitive
from contexteer.navigation.models import (
    Dependencies,
    OutlineSymbol,
    StructuredIndex,
    SymbolSearch,
    TextHit,
    TextSearch,
    clip,
)
from contexteer.navigation.service import NavigationService as Nav
from contexteer.navigation.symbols import MAX_NAMES, name_list
from contexteer.shaping.answer import Answer, Hit, Hits, Text
from contexteer.tools import nav_render as render
from contexteer.tools.base import Services, tool
from contexteer.tools.progress import run

logger = logging.getLogger(__name__)



@tool(
    "get_structured_index",
    output=StructuredIndex,
    description=(
        "A file's outline (symbols, line ranges, signatures, what each method overrides), or for a directory a ranked map of its "
        "most important files and symbols within a token budget. Start here."
    ),
)
async def get_structured_index(
    svc: Services,
    ctx: Context,
    path: Annotated[str, Field(description="File or directory.")] = ".",
    budget_tokens: Annotated[int | None, Field(description="Map size in tokens.")] = None,
    focus: Annotated[list[str] | str | None, Field(description="Paths or symbol names to rank first (a file: only those and their members).")] = None,
    kinds: Annotated[list[str] | None, Field(description="e.g. ['class','function'] (an object is a module)")] = None,
    include_private: Annotated[bool | None, Field(description="Default: yes for a file, no for a map.")] = None,
) -> Answer:
    res = svc.ws.resolve(path, kind="any")
    is_dir = res.real.is_dir()
    budget, cap_note = _index_budget(svc, is_dir, budget_tokens)
    kind_set = set(_check_kinds(_as_list(kinds))) or None
    focus_list = _as_list(focus)
    nav = svc.nav

    def work(cb: Callable[[int, int], None] | None) -> Answer:
        if is_dir:
            note = nav.ready(cb, sweep=True)
            text, model, mapped = nav.repo_map(res.rel, budget, focus_list, kind_set, include_private, note,
                                               cap_note, svc.pipeline.count)
            return Answer(Text(text, "code") if mapped else Text(text), model, scope="fitted")
        note = nav.ready(cb, [res.rel], file_only=True)
        return _outline(svc, nav, res.rel, kind_set, include_private is not False, note, budget, focus_list)

    return await run(ctx, work)


def _index_budget(svc: Services, is_dir: bool, budget_tokens: int | None) -> tuple[int, str | None]:
    """The token budget of a map or an outline, and the note saying it was capped (None when it was not)."""
    # an answer larger than the digest threshold would be digested as code by the pipeline, which
    # knows nothing of outlines: the map and the outline fit themselves to it instead
    whole = svc.settings.context_mode_mcp.max_digest_threshold
    nav_settings = svc.settings.navigation
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
    why = "navigation.repo_map_budget_cap" if cap == nav_settings.repo_map_budget_cap else \
        "the largest answer passed whole: context_mode_mcp.max_digest_threshold"
    return min(budget, cap), f"budget capped at {cap} tokens ({why})" if budget > cap else None


_TYPE_KINDS = frozenset({"class", "interface", "struct", "enum", "trait", "type"})


def _outline(svc: Services, nav: Nav, rel: str, kinds: set[str] | None, private: bool, note: str | None, budget: int,
             focus: list[str] | None = None) -> Answer:
    o = nav.outline(rel, kinds, private, note)
    if o.info is None or o.unindexed:
        text = f"{rel}: no outline because {o.unindexed}. Read it with read_code_range(path=\"{rel}\", start_line=1, end_line=100) or search it with search_text(path=\"{rel}\")."
        return Answer(Text(text), StructuredIndex(path=rel, mode="outline", note=o.note), scope="fitted")
    syms = o.symbols
    if focus:  # a file's outline with focus=[_SecretBase]: those definitions and their members only
        names = [f.replace("::", ".").strip(".") for f in focus if f and not f.endswith("/")]
        picked = [s for s in syms if any(s.qualname == n or s.qualname.startswith(n + ".") or s.name == n
                                         or s.qualname.endswith("." + n) for n in names)]
        heads = {s.qualname for s in picked}
        picked += [s for s in syms if s not in picked and any(s.qualname.startswith(h + ".") for h in heads)]
        picked.sort(key=lambda s: (s.start_line, -s.end_line))
        # a type nested in a focused type is shown by its own line, its members left to a focus of their own (Commons
        # Collections run 310: focus=AbstractHashedMap listed the members of its eight nested classes too)
        named = {s.qualname for s in picked if any(s.qualname == n or s.name == n or s.qualname.endswith("." + n)
                                                   for n in names)}
        types = {s.qualname for s in picked if s.qualname in named and s.kind in _TYPE_KINDS}
        nested = {s.qualname for s in picked if s.kind in _TYPE_KINDS and s.qualname not in named
                  and any(s.qualname.startswith(h + ".") for h in types)}
        folded = [s for s in picked if any(s.qualname.startswith(n + ".") for n in nested)]
        if folded:
            picked = [s for s in picked if s not in folded]
        if picked:
            fold = (f"; {len(nested)} nested type{'s' if len(nested) != 1 else ''} shown without {len(folded)} members "
                    f"(focus=[\"{sorted(nested, key=len)[0]}\"] lists one's)") if folded else ""
            o.note = "; ".join(x for x in (o.note, f"focus {', '.join(names)}: {len(picked)} of {len(syms)} definitions "
                                           f"(the focused ones and their members){fold}") if x)
            syms = picked
        else:
            o.note = "; ".join(x for x in (o.note, f"focus {', '.join(names)} names no definition of {rel}: the whole "
                                           "outline") if x)
    said = {k: "; ".join(x for x in (o.conditions.get(k), o.overrides.get(k)) if x) for k in {*o.conditions, *o.overrides}}
    text, shown, docs = render.outline(rel, o.info, syms, o.note, budget, svc.pipeline.count, o.filtered, said)
    model = StructuredIndex(
        path=rel, mode="outline", note=o.note, files_total=1, files_shown=1, symbols_total=len(syms),
        symbols=[OutlineSymbol(qualname=s.qualname, kind=s.kind, start_line=s.start_line, end_line=s.end_line,
                               signature=clip(s.signature, render.sig_width(s)), doc=s.doc if docs else None, exported=s.exported,
                               overrides=o.overrides.get(s.id))
                 for s in (syms[i] for i in shown)],
    )
    return Answer(Text(text, "markdown" if o.info.language == "markdown" else "code"), model, scope="fitted")


@tool(
    "search_symbol",
    output=SymbolSearch,
    terms_from=("query",),
    description=(
        "Find definitions by name: location, kind, signature. references=true adds every reference site with "
        "the definition it sits in. A miss shows close names and where the word appears."
    ),
)
async def search_symbol(
    svc: Services,
    ctx: Context,
    query: Annotated[str, Field(description="e.g. 'parse', 'Parser.parse', 'Parser.parse(String, int)' (that overload); up to 20 names: 'a, b, c'")],
    kind: Annotated[str | None, Field(description="class, function, ... or 'function,method'")] = None,
    path: Annotated[str | None, Field(description="Only under this path.")] = None,
    match: Literal["exact", "prefix", "substring", "fuzzy"] = "exact",
    references: bool = False,
    limit: Annotated[int | None, Field(ge=1, le=200, description="default 20; when several names are asked, per name (default 4)")] = None,
    cursor: Annotated[str | None, Field(description="next_cursor of the last page.")] = None,
) -> Answer:
    q = query.strip()
    # ten names asked at once got 20 rows, and the last names fell to the next page (Collections A/B run 74); a
    # limit with several names is per name (`limit=3` over nine names gave 3 rows in all: ext4 A/B run 85)
    asked = len(name_list(q)) if match != "fuzzy" else 0
    if asked > MAX_NAMES:
        raise InputError(f"query names {asked} definitions; one call answers at most {MAX_NAMES}. Split the names "
                         f"over several search_symbol calls (batch runs up to 10 calls in one).")
    names = asked if match == "exact" else 0
    if names > 1:
        limit = min(200, limit * names) if limit is not None else min(200, max(20, 4 * names))
    elif limit is None:
        limit = 20
    # `kind="function,class"` (pydantic run 364 was refused with "unknown symbol kind 'function,class'"): either
    kind = ",".join(dict.fromkeys(_check_kinds(_as_list(kind)))) or None if kind else None
    if not q and kind:  # every definition of a kind (indexmap run 467 asked for all constants: `query='_'` missed MERGE)
        match = "substring"
    elif not q:
        raise InputError("query is empty. Pass a symbol name such as 'parse_header' (or match='prefix' with its start), "
                         "or a kind alone (kind='constant') for every definition of that kind.")
    offset = page_offset(cursor)
    prefix = None
    if path and path.strip() not in ("", "."):
        prefix = svc.ws.resolve(path, kind="any").rel
    nav = svc.nav

    def work(cb: Callable[[int, int], None] | None) -> Answer:
        note = nav.ready(cb, sweep=True)
        found = nav.search_symbols(q, match=match, kind=kind, prefix=prefix, offset=offset, limit=limit,
                                   note=note, elsewhere=not references)
        pending = _not_indexed_yet(nav, found.word_sites) if not found.ranked else []
        if pending:  # run 53: "no definitions match" at 38% built; the files naming the word are parsed now instead
            nav.ready(cb, pending, file_only=True)
            found = nav.search_symbols(q, match=match, kind=kind, prefix=prefix, offset=offset, limit=limit,
                                       note=note, elsewhere=not references)
        if not found.ranked and len(name_list(q)) < 2:
            # an import's alias (`use Ramsey\Uuid\Type\Integer as IntegerObject`): the definition it names (ramsey/uuid
            # run 505 read "no definition of it is indexed" for IntegerObject and IntegerObject.toString)
            aliased = _alias_original(svc, q)
            if aliased is not None:
                query, said = aliased
                again = nav.search_symbols(query, match=match, kind=kind, prefix=prefix, offset=offset, limit=limit,
                                           note="; ".join(x for x in (note, said) if x), elsewhere=not references)
                if again.ranked:
                    found = again
        page = found.page

        subtypes = False
        if not found.ranked and found.word_sites and len(name_list(q)) < 2:
            # a name defined outside the repository that classes here derive from (commonmark run 339): the call
            # that lists them, said only when it answers (review: `Context` as a Kotlin constructor parameter)
            from contexteer.indexers import outside_types
            from contexteer.navigation.relations import rust_impls

            subtypes = outside_types.outside_base(nav.index, q, lambda t: rust_impls(nav.index, t)) is not None

        def answer(n: int, refs_of: int | None = None) -> Answer:
            model = found.model(n, references, refs_of)
            head, rows = render.symbol_search(model, match, kind, references, len(found.ranked), offset, subtypes,
                                              asked=len(page))
            if not rows:
                return Answer(Text("\n".join(head)), model, scope="fitted")
            return Answer(Hits(rows), model, head=head, scope="fitted")

        # a page is what passes whole: a bigger one would be digested and next_cursor would skip what was
        # folded, so the page shrinks and next_cursor names the first definition not shown
        best, fits = svc.largest_whole(len(page), answer)
        if not fits:  # one definition with more references than fit: they are digested (open)
            best.scope = "open"
        shown = len(best.model.definitions) if isinstance(best.model, SymbolSearch) else len(page)
        if references and names > 1 and fits and 0 < shown < len(page):
            # several names: every definition of the page, the references of those that fit (miekg/dns's ten names
            # with references showed 2 of 11 definitions, the RR interface's hundreds of references next)
            every, whole = svc.largest_whole(1, lambda _n: answer(len(page), shown))
            if whole:
                return every
        return best

    return await run(ctx, work)


@tool(
    "list_dependencies",
    output=Dependencies,
    description=(
        "A file's (or directory's) imports resolved to repository packages/files or external packages, its "
        "dependents, declared dependencies with versions, import cycles. view='uses': each import's names the "
        "file's code uses, with their lines and definitions."
    ),
)
async def list_dependencies(
    svc: Services,
    ctx: Context,
    path: Annotated[str, Field(description="File or directory ('.' = project).")],
    direction: Literal["imports", "dependents", "both"] = "imports",
    depth: Annotated[int, Field(ge=1, le=5)] = 1,
    external: bool = True,
    format: Literal["text", "mermaid"] = "text",
    view: Annotated[Literal["package", "file", "uses"], Field(description="package: one row per Go/Java package, "
                                                             "workspace package or crate; file: every file; uses: "
                                                             "one file's imports with the names it uses from each "
                                                             "(lines, definitions).")] = "package",
    tests: Annotated[bool, Field(description="Include test files.")] = False,
) -> Answer:
    if view == "uses" and (format == "mermaid" or direction != "imports" or depth != 1):
        # the uses view is one file's import lines and the names used from each: no graph to draw or follow
        asked = ", ".join(a for a, on in ((f"format='{format}'", format == "mermaid"),
                                         (f"direction='{direction}'", direction != "imports"),
                                         (f"depth={depth}", depth != 1)) if on)
        raise InputError(f"view='uses' lists one file's imports and the names it uses from each; {asked} does not "
                         "apply to it. Drop it, or use view='package' or view='file' for the import graph.")
    res = svc.ws.resolve(path, kind="any")
    nav = svc.nav

    def work(cb: Callable[[int, int], None] | None) -> Answer:
        model = nav.dependencies(cb, res.rel, res.real.is_dir(), direction=direction, depth=depth, external=external,
                                 view=view, tests=tests)
        if format == "mermaid":
            return Answer(Text(render.deps_mermaid(model)), model)
        text = render.deps_text(model, direction, depth, svc.settings.context_mode_mcp.max_digest_threshold, svc.pipeline.count)
        return Answer(Text(text), model, scope="fitted")

    return await run(ctx, work)


@tool(
    "search_text",
    output=TextSearch,
    terms_from=("pattern",),
    description=(
        "Search file contents with ripgrep (literal unless regex=true); hits grouped by file as line: text, each "
        "with the definition it sits in."
    ),
)
async def search_text(
    svc: Services,
    pattern: Annotated[str, Field(description="Text (or regex) to find.")],
    regex: bool = False,
    case_sensitive: Annotated[bool | None, Field(description="Default: smart case.")] = None,
    glob: Annotated[str | None, Field(description="e.g. '*.py', '*.ts,!**/test/**'; one with a '/' is under path")] = None,
    path: Annotated[str, Field(description="File or directory; several: a,b.")] = ".",
    context_lines: Annotated[int, Field(ge=0, le=20)] = 0,
    max_results: Annotated[int | None, Field(ge=1)] = None,
) -> Answer:
    def work() -> Answer:
        # (a glob with a '/' that matched no file from the path is read at any depth: `anywhere`, said in the tail)
        try:
            r, anywhere = textsearch.search_at_any_depth(svc.ws, pattern, regex=regex, case_sensitive=case_sensitive,
                                                         glob=glob, path=path, context_lines=context_lines,
                                                         max_results=max_results)
        except SearchError as exc:
            if glob and textsearch.NO_FILES in str(exc):  # what is on disk, so "absent" and "left out" read apart
                raise SearchError(f"{exc} {_glob_on_disk(svc, glob, path)}") from exc
            raise
        used = anywhere or glob
        as_regex, tried, alternatives, invalid = regex, False, False, False
        if not r.matches and not regex and render.reads_like_regex(pattern):
            tried = True
            # `hasRoundedBorders\(\)` searched literally finds nothing: search it as written means it (the Kotlin run)
            try:
                again = textsearch.search(svc.ws, pattern, regex=True, case_sensitive=case_sensitive, glob=used, path=path,
                                          context_lines=context_lines, max_results=max_results)
            except ContexteerError:
                again, invalid = None, True  # not a valid regular expression either: the literal answer stands
            if again is not None and again.matches:
                r, as_regex = again, True
            elif "|" in pattern and all(a.strip() for a in pattern.split("|")):
                # `unsign(|unsign_object(|signing.loads(`: literal alternatives (Django run 129 retried with regex=true)
                either = "|".join(re.escape(a) for a in pattern.split("|"))
                again = textsearch.search(svc.ws, either, regex=True, case_sensitive=case_sensitive, glob=used, path=path,
                                          context_lines=context_lines, max_results=max_results)
                if again.matches:
                    r, as_regex, alternatives = again, True, True
        quoted = _as_written(svc, pattern, case_sensitive, used, path, context_lines, max_results) \
            if not r.matches and not regex else None
        if quoted is not None:
            r, as_regex = quoted, True
        split = _split_over_lines(svc, pattern, case_sensitive, used, path, context_lines, max_results) \
            if not r.matches and not regex and quoted is None else None
        if split is not None:
            r = split[0]
        model = TextSearch(pattern=pattern, matches=r.matches, files=len(r.files), truncated=r.truncated, timed_out=r.timed_out,
                           hits=[TextHit(path=h.path, line=h.line, text=h.text, context=h.context) for h in r.hits if h.path])
        notes = svc.nav.enclosing([(h.path, h.line) for h in r.hits if h.path and not h.context])
        rows: list[Hit | str] = [Hit(h.path, h.line, h.text, h.context, "" if h.context else notes.get((h.path, h.line), ""))
                                 if h.path else "--" for h in r.hits]
        scope = ", ".join(x for x in (f"under {path}" if path not in (".", "", "./") else "",
                                      f"in files matching glob {used!r}" if used else "") if x)
        tail = render.search_summary(r, as_regex or tried, scope)
        # (what the hits are comes first: "nothing matched it as literal text; these are its matches as a regular
        # expression" read to the testify A/B agent as a search that found nothing, and it searched again)
        # (nothing of the literal search that found nothing: "matched nothing as literal text" still read to the ext4
        # A/B agent as a no-match note on a search that had hits)
        if quoted is not None:
            tail.insert(0, "[these are its matches as source code writes it: a quote escaped (\\'), the text up to its "
                           "first line break]")
        elif split is not None:
            tail.insert(0, f"[no line holds all of it (the source splits it over lines: a \\ continuation or a "
                           f"concatenation); these are the lines with '{split[1]}']")
        elif alternatives:
            tail.insert(0, "[searched as its '|'-separated alternatives, each as literal text]")
        elif as_regex != regex:
            tail.insert(0, "[these are its matches as a regular expression: the pattern is written like one (\\. \\b | ..)]")
        elif tried:
            tail.append("[searched as literal text (no match) and as a regular expression (not a valid one)]" if invalid
                        else "[searched as literal text and as a regular expression: no match either way]")
        if anywhere is not None:
            tail.insert(0, f"[glob {glob!r} matched no file from {path!r} (a glob with a '/' is read from the path "
                           f"searched): searched with glob={anywhere!r}]")
        if case_sensitive is None:
            tail += _other_case(svc, r, as_regex, used, path)
        tail += _callers_hint(svc, pattern, as_regex, r.matches)
        return Answer(Hits(rows), model, tail=tail, terms_regex=as_regex)

    return await anyio.to_thread.run_sync(work)


def _alias_original(svc: Services, q: str) -> tuple[str, str] | None:
    """A query whose first name is what imports bind another name as (`IntegerObject` for `use ..\\Integer as
    IntegerObject;`, `{ isServer as isServerEnvironment }`, `from m import X as Y`, Rust's `use a::X as Y;`): the query
    with the original name, and a note saying so; None when no import writes it or they name different things."""
    head = re.match(r"\s*([A-Za-z_$][\w$]*)(.*)$", q, re.S)
    if head is None:
        return None
    word, rest = head.group(1), head.group(2)
    try:
        got = textsearch.search(svc.ws, rf"\bas\s+{re.escape(word)}\b", regex=True, case_sensitive=True, path=".",
                                max_results=50)
    except ContexteerError:
        return None
    originals: dict[str, str] = {}
    for h in got.hits:
        if h.context:
            continue
        m = re.search(rf"([A-Za-z_$][\w$]*)\s+as\s+{re.escape(word)}\b", h.text)
        if m is None or m.group(1) in ("import", "*"):
            continue
        if not re.match(r"\s*(?:use|import|from|export|pub\s+use|pub\(crate\)\s+use)\b", h.text) \
                and not (re.fullmatch(rf"\s*[\w$]+\s+as\s+{re.escape(word)}\s*,?\s*(?://.*)?", h.text)
                         and _in_import_list(svc, h.path, h.line)):
            continue  # (a cast, `value as i64,` in a Rust struct literal, is no import: review of stop 57)
        if re.match(r"\s*import\s+[\w.]+\s+as\b", h.text) and h.path.endswith((".py", ".pyi")):
            continue  # `import numpy as np`: a module, not a definition
        if not rest.strip() and h.path.endswith((".py", ".pyi", ".ts", ".tsx", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")):
            continue  # (a Python or JS name alone: the no-match answer names what it is imported as, with its definition)
        originals.setdefault(m.group(1), f"{h.path}:{h.line}")
    if len(originals) != 1:
        return None
    (original, where), = originals.items()
    if original == word:
        return None
    return original + rest, f"{word} is an import's alias of {original} (at {where}): {original}'s definitions"


def _in_import_list(svc: Services, path: str, line: int) -> bool:
    """Whether `line` of `path` sits in a multi-line import list (`import {` / `use a::{` / `from m import (` above it,
    not yet closed)."""
    from contexteer.workspace import repo_text

    lines = (repo_text(svc.ws, path) or "").split("\n")
    for n in range(line - 1, max(0, line - 40), -1):
        text = lines[n - 1] if 0 < n <= len(lines) else ""
        if re.search(r"[})]", text):
            return False
        if re.search(r"[{(]\s*$", text):
            return re.match(r"\s*(?:use|import|from|export|pub\s+use|pub\(crate\)\s+use)\b", text) is not None
    return False


def _other_case(svc: Services, r: Any, regex: bool, glob: str | None, path: str) -> list[str]:
    """A pattern with a capital searched with smart case (case-sensitive): how many more lines match it ignoring
    case, and the argument that finds them. The Rich A/B agent's search for a capitalised name had hidden the
    lower-case lines it also wanted, and nothing had said so."""
    if r.timed_out or r.truncated or not smart_case_sensitive(r.pattern, regex):
        return []  # (a search stopped at its cap is one to narrow, not to widen: no second pass for it)
    shown = r.matches
    every = textsearch.count_ignoring_case(svc.ws, r.pattern, regex=regex, glob=glob, path=path)
    if every is None or every <= shown:
        return []
    more = every - shown
    if more <= 3:  # a few: the lines themselves (TanStack run 503 spent a call to learn they were `IsServerValue`)
        try:
            got = textsearch.search(svc.ws, r.pattern, regex=regex, case_sensitive=False, glob=glob, path=path,
                                    max_results=every)
        except ContexteerError:
            got = None
        seen = {(h.path, h.line) for h in r.hits}
        extra = [h for h in (got.hits if got is not None else []) if not h.context and (h.path, h.line) not in seen]
        if extra and len(extra) == more:
            return [f"[case-sensitive (a capital in the pattern); {more} more line{'s' if more != 1 else ''} match "
                    "ignoring case: " + "; ".join(f"{h.path}:{h.line}: {h.text.strip()[:100]}" for h in extra) + "]"]
    return [f"[case-sensitive (a capital in the pattern); {more} more line{'s' if more != 1 else ''} match ignoring "
            "case: case_sensitive=false]"]


def _split_over_lines(svc: Services, pattern: str, case_sensitive: bool | None, glob: str | None, path: str,
                      context_lines: int, max_results: int | None) -> tuple[Any, str] | None:
    """A message of six words or more that no line holds whole, searched by its first half, then its second: the
    source splits long messages over lines (aho-corasick run 533 searched a Rust string continued with `\\` and read
    'no matches'). The matches and the part searched, or None."""
    words = pattern.split()
    if len(words) < 6:
        return None
    half = (len(words) + 1) // 2
    whole = " ".join(words).lower() if case_sensitive is not True else " ".join(words)
    texts: dict[str, list[str] | None] = {}  # each hit file's lines, read once
    for part, first in ((" ".join(words[:half]), True), (" ".join(words[-half:]), False)):
        try:
            got = textsearch.search(svc.ws, part, regex=False, case_sensitive=case_sensitive, glob=glob, path=path,
                                    context_lines=context_lines, max_results=max_results)
        except ContexteerError:
            return None
        # only where the lines around go on with the rest (the review of stop 59 got "split over lines" for two
        # messages that merely began alike)
        got.hits = [h for h in got.hits if not h.path or h.context or _continues(svc, h.path, h.line, whole, first,
                                                                                 case_sensitive is True, texts)]
        kept = [h for h in got.hits if h.path and not h.context]
        if kept:
            got.matches = len(kept)
            got.files = {f: sum(1 for h in kept if h.path == f) for f in dict.fromkeys(h.path for h in kept)}
            return got, part
    return None


def _continues(svc: Services, path: str, line: int, whole: str, first: bool, exact_case: bool,
               texts: dict[str, list[str] | None]) -> bool:
    """Whether the message `whole` reads across line `line` of `path` and the three lines after it (`first`: the hit
    holds its first words) or before it, string quotes, `+`, `\\` and line breaks taken out."""
    from contexteer.workspace import repo_text

    if path not in texts:
        text = repo_text(svc.ws, path)
        texts[path] = text.split("\n") if text is not None else None
    lines = texts[path]
    if lines is None:
        return False
    span = lines[line - 1:line + 3] if first else lines[max(0, line - 4):line]
    joined = " ".join(" ".join(re.sub(r"[\"'`]\s*\+?\s*[\"'`]?|\\$|\\n", " ", t) for t in span).split())
    return whole in (joined if exact_case else joined.lower())


def _as_written(svc: Services, pattern: str, case_sensitive: bool | None, glob: str | None, path: str, context_lines: int,
                max_results: int | None) -> Any | None:
    """A message searched as it reads where the source writes it otherwise: its quotes escaped (`Failed to find
    \\'ANDROID_HOME\\'`), its line break (`\\n` or a real one) ending a string the next line goes on with (cordova's
    check_reqs.js; the literal search had found nothing). The matches, or None."""
    head = re.split(r"\\n|\n", pattern, maxsplit=1)[0]
    if (head == pattern and not re.search(r"['\"]", head)) or len(head.strip()) < 8:
        return None  # (neither a quote nor a line break to write otherwise, or too little left to search)
    loose = re.sub(r"(['\"])", r"\\\\?\1", re.escape(head))
    try:
        got = textsearch.search(svc.ws, loose, regex=True, case_sensitive=case_sensitive, glob=glob, path=path,
                                context_lines=context_lines, max_results=max_results)
    except ContexteerError:
        return None
    return got if got.matches else None


#: a search for a name, its call (`fail(`, `.fail(`) written literally or as a regex
_CALLED_NAME = re.compile(r"(?:\\?\.)?([A-Za-z_$][\w$]*)\s*(?:\\?\()?")


def _callers_hint(svc: Services, pattern: str, regex: bool, matches: int, least: int = 8) -> list[str]:
    """A text search for the name of a few functions or methods, with many hits: the one call that lists the calls of
    one of them, grouped by caller, its namesakes told apart. The Jinja A/B agent searched `fail` (75 hits: Parser's,
    CodeGenerator's, `_fail_with_undefined_error`, comments) and fetched all 2,582 tokens for Parser.fail's 21 calls,
    which find_related gives in 551."""
    m = _CALLED_NAME.fullmatch(pattern.strip())
    if m is None or matches < least or (regex and "$" in m.group(1)):
        return []
    name = m.group(1)
    named = [d for d in svc.nav.index.symbols_named(name) if d.name == name and d.kind not in ("module", "impl")]
    defs = [d for d in named if d.kind in ("function", "method")]
    if not defs or len(defs) > 6 or len(named) > 8:
        return []
    # every definition of the name, the non-callable ones too: "names 1 definition: function isServer" hid the
    # `const isServer` of utils.ts the TanStack A/B agent (run 343) had in the same hits
    full = svc.nav.qualifier().display_all(named)
    listed = ", ".join(f"{kind_word(d.kind, d.language, d.name, d.signature)} {full.get(d.id, d.qualname)} "
                       f"({d.path}:{d.start_line})" for d in named)
    first = full.get(defs[0].id, defs[0].qualname)
    return [f"[{name!r} names {len(named)} definition{'s' if len(named) != 1 else ''}: {listed}; the calls of one, grouped "
            f'by caller, namesakes told apart: e.g. find_related(symbol="{first}", relation="callers"'
            + (f', path="{defs[0].path}")]' if len({full.get(d.id, d.qualname) for d in named}) < len(named) else ")]")]


def _not_indexed_yet(nav: Any, sites: list[Any], most: int = 20) -> list[str]:
    """The files a missed name appears in that a running cold build has not indexed yet (at most `most`; none when
    the build is done or more files than that name the word)."""
    if nav.index.status().complete:
        return []
    paths = list(dict.fromkeys(w.path for w in sites))
    pending = [p for p in paths if (fi := nav.index.file_info(p)) is None or fi.status != "indexed"]
    return pending if len(pending) <= most else []


def _as_list(value: list[str] | str | None) -> list[str]:
    """A list argument also given as one string ('Observable' or 'Observable, Subscriber')."""
    if value is None:
        return []
    if isinstance(value, str):
        return [v.strip() for v in value.split(",") if v.strip()]
    return value


#: the words languages write for a kind (Scala/Kotlin `object`, Swift `protocol`, `def`): the index's kind
KIND_ALIASES = {"object": "module", "protocol": "interface", "def": "function", "fn": "function", "func": "function",
                "val": "variable", "var": "variable", "let": "variable", "const": "constant", "property": "field",
                # constructors are methods named like their class (Collections A/B run 76 asked kinds=[constructor])
                "constructor": "method", "ctor": "method", "init": "method", "initializer": "method",
                "typealias": "type", "alias": "type",
                # a C# delegate is indexed as a type (dbus-sharp run 521 was refused "unknown symbol kind 'delegate'")
                "delegate": "type",
                # a Rust `macro_rules!` is stored as a function (answers name it a macro: a filter by that word finds it)
                "macro_rules": "macro", "define": "macro"}


def _check_kinds(kinds: list[str]) -> list[str]:
    from contexteer.indexers.model import SYMBOL_KINDS

    kinds = [KIND_ALIASES.get(k.strip().lower(), k.strip().lower()) for k in kinds]
    bad = [k for k in kinds if k not in SYMBOL_KINDS and k != "macro"]  # (a macro: a function written as one)
    if bad:
        raise InputError(f"unknown symbol kind {', '.join(map(repr, bad))}. Use one of: {', '.join(SYMBOL_KINDS)}, macro "
                         f"(a Scala/Kotlin object is a module; a C# delegate is a type).")
    return kinds


def page_offset(cursor: str | None) -> int:
    """The offset a page's `next_cursor` stands for; quotes copied with it (`cursor="30"` typed as `"30"`) are
    forgiven."""
    cursor = (cursor or "").strip().strip("\"'")
    if not cursor:
        return 0
    try:
        value = int(cursor)
    except ValueError:
        value = -1
    if value < 0:
        raise InputError(f"cursor '{cursor}' is not one this tool gave out. Pass the next_cursor of the previous page, or omit it.")
    return value


def _glob_on_disk(svc: Services, glob: str, path: str) -> str:
    """What a glob that matched no searchable file matches on disk under `path`: no file at all, or files the listing
    leaves out and why (kingpin run 398 could not tell whether values.json was absent or denied)."""
    import fnmatch
    import os

    pats = [g.strip() for g in glob.split(",") if g.strip() and not g.strip().startswith("!")]
    base = svc.ws.root / (path if path not in ("", ".") else "")
    found: list[str] = []
    seen = 0
    for folder, dirs, files in os.walk(base):
        dirs[:] = [d for d in dirs if d != ".git"]
        for name in files:
            seen += 1
            rel = os.path.relpath(os.path.join(folder, name), svc.ws.root).replace(os.sep, "/")
            if any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in pats):
                found.append(rel)
        if seen > 50_000 or len(found) > 5:
            break
    if not found:
        return f"[no file under {path!r} matches {glob!r} on disk either: none exists there]"
    denied = [f for f in found if svc.ws.denied_by(f)]
    others = [f for f in found if f not in denied]
    said = [f"{f} (.gitignore, a binary or workspace.exclude)" for f in others[:5]]
    if denied:  # (never named: the deny-list keeps secrets' files out of every answer, their names too)
        said.append(f"{len(denied)}{'+' if len(found) > 5 else ''} the deny-list keeps out (workspace.deny)")
    return f"[on disk, left out of searches: {'; '.join(said)}]"
