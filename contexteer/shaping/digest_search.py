"""The search-hit digester: `path:line: text` hits grouped by file; a table of files by hit count for overviews."""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple, cast

from contexteer.patterns import Matcher
from contexteer.shaping.answer import Hit, hit_lines
from contexteer.shaping.fold import Digest, DigestInput, LineSet, calibrate, clip
from contexteer.testpaths import is_test_path, tests_glob

logger = logging.getLogger(__name__)

__all__ = ["digest_search", "group_hits", "every_hit_need"]

class FileHit(NamedTuple):
    idx: int  # the row's index in the result
    line: int  # its line in the file
    text: str  # the line's text
    note: str = ""  # where it sits (`in Head.Truncate 120-150`)

    @property
    def full(self) -> str:
        """The text with its note, as a row shows it."""
        return f"{self.text}  — {self.note}" if self.note else self.text


@dataclass
class FileHits:
    path: str
    hits: list[FileHit] = field(default_factory=list)


def group_hits(rows: list[Hit | str]) -> tuple[dict[str, FileHits], list[int]]:
    """Hits per file (in first-seen order) and the indexes of rows that are not hits (headings, context, '--')."""
    files: dict[str, FileHits] = {}
    other: list[int] = []
    for i, row in enumerate(rows):
        if isinstance(row, str) or row.context:
            other.append(i)
            continue
        fh = files.get(row.path)
        if fh is None:
            fh = files[row.path] = FileHits(row.path)
        fh.hits.append(FileHit(i, row.line, row.text, row.note))
    return files, other


def context_rows(rows: list[Hit | str], files: dict[str, FileHits]) -> dict[int, list[int]]:
    """For each hit (row index), the context rows around it (same file, not across a `--` separator or another
    hit): a hit and its context are shown or folded together."""
    hit_idx = {h.idx for fh in files.values() for h in fh.hits}
    out: dict[int, list[int]] = {}

    def is_context(k: int, path: str) -> bool:
        row = rows[k]
        return k not in hit_idx and isinstance(row, Hit) and row.context and row.path == path

    for fh in files.values():
        for idx in (h.idx for h in fh.hits):
            found: list[int] = []
            k = idx - 1
            while k >= 0 and is_context(k, fh.path):
                found.append(k)
                k -= 1
            k = idx + 1
            while k < len(rows) and is_context(k, fh.path):
                found.append(k)
                k += 1
            if found:
                out[idx] = sorted(found)
    return out


def every_hit_need(ls: LineSet, rows: list[Hit | str], max_chars: int = 400) -> tuple[float, float] | None:
    """For a search answer with context lines: the digest budget (in the digester's own estimate) that shows every
    hit with the lines next to it, and every hit bare; None when there is no context to fold. The context is what a
    search digest folds first: the hit lines are the answer (the commonmark A/B run: 18 `addEventListener` hits with
    one line of context came back as 8 of them, and both agents fetched the whole)."""
    if not any(isinstance(r, Hit) and r.context for r in rows):
        return None
    files, other = _grouped(ls, rows)
    if not files:
        return None
    preamble = sum(ls.est(clip(ls.lines[i], 200)) for i in _preamble(ls, rows, other))
    near, bare = _all_hits(ls, rows, files, max_chars)
    return preamble + near, preamble + bare


def _grouped(ls: LineSet, rows: list[Hit | str]) -> tuple[dict[str, FileHits], list[int]]:
    """group_hits of the answer, once per answer (the pipeline asks, then each budget the fitting tries)."""
    got = cast("tuple[dict[str, FileHits], list[int]] | None", ls.cache.get("search"))
    if got is None:
        got = ls.cache["search"] = group_hits(rows)
    return got


def _contexts(ls: LineSet, rows: list[Hit | str], files: dict[str, FileHits]) -> dict[int, list[int]]:
    """context_rows of the answer, once per answer."""
    got = cast("dict[int, list[int]] | None", ls.cache.get("search.context"))
    if got is None:
        got = ls.cache["search.context"] = context_rows(rows, files)
    return got


def _all_hits(ls: LineSet, rows: list[Hit | str], files: dict[str, FileHits], max_chars: int) -> tuple[float, float]:
    """The tokens of every hit under its file's heading, with the lines next to each and bare (once per answer):
    counted on the lines as the digest prints them, not estimated (the estimate ran 9% short on `  309- # setup`
    lines, and a digest budgeted on it dropped the context of the last hits)."""
    key = f"search.all.{max_chars}"
    got = cast("tuple[float, float] | None", ls.cache.get(key))
    if got is None:
        ctx = _contexts(ls, rows, files)
        near: list[str] = []
        for fh in files.values():
            near.append(f"{fh.path} ({len(fh.hits)} hits)")
            for h in fh.hits:
                note = f"  — {h.note}" if h.note else ""
                around = [k for k in ctx.get(h.idx, ()) if abs(k - h.idx) == 1]
                near += [*(_ctx_line(rows[k], max_chars) for k in around if k < h.idx),
                         f"  {h.line}: {clip(h.text, max_chars)}{note}",
                         *(_ctx_line(rows[k], max_chars) for k in around if k > h.idx)]
        # bare: as _file_lines shows hits when no context line is shown (stripped, a run's note once above it), which
        # is what the same search without context passes whole as (hit_lines), plus the digest's hit counts per file
        bare = hit_lines([Hit(fh.path, h.line, clip(h.text, max_chars), note=h.note) for fh in files.values()
                          for h in fh.hits])
        count = ls.counter.count
        got = ls.cache[key] = (float(count("\n".join(near))), float(count("\n".join(bare)) + 4 * len(files)))
    return got


def _preamble(ls: LineSet, rows: list[Hit | str], other: list[int]) -> list[int]:
    """The answer's own heading rows kept above the hits (at most three)."""
    return [i for i in other if isinstance(rows[i], str) and ls.lines[i].strip() and ls.lines[i] != "--"][:3]


def _hit_cost(ls: LineSet, rows: list[Hit | str], text: str, idx: int, ctx: dict[int, list[int]], max_chars: int,
              neighbours: bool) -> float:
    """A hit line's cost, with the context lines right next to it when `neighbours` (as the digest shows them: under
    their file's heading, not as the stored `path-line-` rows)."""
    c = ls.est(clip(text, max_chars)) + 3
    if neighbours:
        c += sum(ls.est(_ctx_line(rows[k], max_chars)) for k in ctx.get(idx, ()) if abs(k - idx) == 1)
    return c


def _top_dirs(paths: list[tuple[str, int]], k: int = 4) -> str:
    c: Counter[str] = Counter()
    for p, n in paths:
        c[p.rsplit("/", 1)[0] + "/" if "/" in p else "./"] += n
    return ", ".join(f"{d} {n}" for d, n in c.most_common(k))


def digest_search(inp: DigestInput) -> Digest | None:
    ls = inp.ls
    rows = inp.rows
    if rows is None:
        return None  # not a search answer: the caller falls back to the text digester
    files, other = _grouped(ls, rows)
    n_hits = sum(len(f.hits) for f in files.values())
    if n_hits == 0:
        return None
    # translation catalogs after the code: Django's `password` had 2,000 hits, most in 300 `django.po` files, and its
    # overview's rows were locale folders where the code's files should have been (A/B run 211)
    catalogs = {f.path for f in files.values() if translation_file(f.path)}
    catalogs = catalogs if len(catalogs) < len(files) else set()
    ranked = sorted(files.values(), key=lambda f: (f.path in catalogs, -len(f.hits), f.path))
    stats = f"{n_hits} hit{'s' if n_hits != 1 else ''} in {len(files)} file{'s' if len(files) != 1 else ''}"
    pattern = "^" + re.escape(ranked[0].path) + ":"
    head = [clip(ls.lines[i], 200) for i in _preamble(ls, rows, other)]
    budget = inp.budget - sum(ls.est(h) for h in head)
    if inp.tier == "digest":
        body, folded = _digest(inp, files, budget)
        if folded:
            stats += f" (every hit shown; {folded} of the context lines asked for folded)"
    else:
        code = [f for f in ranked if f.path not in catalogs]
        tail = [t for t in (_tests_line(code), _catalogs_line([f for f in ranked if f.path in catalogs])) if t]
        room = budget - sum(ls.est(t) for t in tail)
        if tail and tail[0].startswith("tests:"):  # tests after the code: every code hit when they all fit
            code = [f for f in code if not is_test_path(f.path)]
            whole = hit_lines([Hit(fh.path, h.line, clip(h.text, inp.max_chars), note=h.note) for fh in code
                               for h in sorted(fh.hits, key=lambda h: h.line)])
            if ls.counter.count("\n".join(whole)) <= room:
                return Digest(body=head + whole + tail, stats=stats + f" ({sum(len(f.hits) for f in code)} outside tests, "
                              "every one shown)", pattern=pattern)
        if 0 < len(code) <= FEW_FILES:
            # a table of a few code files says little a hit count does not: the first hits of each, the rest folded
            # by their result lines, tests and translation catalogs summed after them (serde run 316: 362 hits in
            # value.rs came as one table row, fetched twice; Django run 329: hashers.py's 67 hits a row beside 200 in
            # .po files)
            body = _digest(inp, {f.path: f for f in code}, room)[0] + tail
        else:
            body = _table(inp, code, room) + tail
    return Digest(body=head + body, stats=stats, pattern=pattern)


#: an overview of a search whose code (tests and catalogs aside) is in this many files or fewer shows their first
#: hits, not a table of files (the table shows about as many rows)
FEW_FILES = 8


def _tests_line(files: list[FileHits]) -> str:
    """One line for the test files' hits when they hold at least half of a search's hits and the code has some (the
    memberlist A/B agent's search was 139 of 163 hits in state_test.go, its overview a table it fetched again): the
    files with their counts and the globs that leave them out; "" otherwise."""
    tests = [f for f in files if is_test_path(f.path)]
    n, total = sum(len(f.hits) for f in tests), sum(len(f.hits) for f in files)
    if not tests or n == total or n * 2 < total:
        return ""
    shown = ", ".join(f"{f.path} {len(f.hits)}" for f in tests[:4]) + (", …" if len(tests) > 4 else "")
    glob = tests_glob([f.path for f in tests])
    return f"tests: {n} hits in {len(tests)} file{'s' if len(tests) != 1 else ''} ({shown})" + \
        (f"; glob='{glob}' leaves them out" if glob else "")


#: gettext catalogs, XLIFF and Apple string tables: translated messages, not code
_CATALOG_EXTENSIONS = (".po", ".pot", ".xlf", ".xliff", ".strings")
#: a folder of translations (`django/contrib/admin/locale/nl/LC_MESSAGES/`, `src/i18n/`, `locales/`)
_LOCALE_FOLDER = re.compile(r"(?:^|/)(?:locale|locales|LC_MESSAGES|i18n|l10n)/")
_DATA_EXTENSIONS = (".json", ".yml", ".yaml", ".properties", ".txt", ".toml", ".ini")


def translation_file(path: str) -> bool:
    """A file of translated messages: a catalog by its extension, or a data file in a locale folder."""
    return path.endswith(_CATALOG_EXTENSIONS) or (path.endswith(_DATA_EXTENSIONS) and _LOCALE_FOLDER.search(path) is not None)


def _catalogs_line(catalogs: list[FileHits]) -> str:
    """One line for the translation files' hits, per locale folder, with the glob that leaves them out."""
    if not catalogs:
        return ""
    n = sum(len(f.hits) for f in catalogs)
    # the globs that leave out exactly these: a catalog's extension, a data file's locale folder (never a bare
    # `!*.json`, which the code's own settings.json would fall under)
    globs: dict[str, None] = {}
    for f in catalogs:
        if f.path.endswith(_CATALOG_EXTENSIONS):
            globs[f"!*.{f.path.rpartition('.')[2]}"] = None
        else:
            m = _LOCALE_FOLDER.search(f.path)
            globs[f"!**/{m.group(0).strip('/') if m else f.path.rpartition('/')[0]}/**"] = None
    glob = "'" + ",".join(globs) + "'"
    by: Counter[str] = Counter()
    for f in catalogs:  # per locale folder, not per language (`django/contrib/auth/locale/`, not `../locale/nl/..`)
        m = _LOCALE_FOLDER.search(f.path)
        by[f.path[:m.end()] if m is not None else f.path.rpartition("/")[0] + "/"] += len(f.hits)
    where = ", ".join(f"{d} {k}" for d, k in by.most_common(4)) + (", …" if len(by) > 4 else "")
    return f"translations: {n} hits in {len(catalogs)} files ({where}); glob={glob} leaves them out"


#: A hit line that declares something: modifiers or attributes, then a declaring keyword (group 1: a type's).
_DECLARES = re.compile(
    r"\s*(?:(?:@[\w.]+(?:\([^)]*\))?|#\[[^\]]*\]|pub(?:\([\w:]+\))?|public|private|protected|internal|fileprivate|open|"
    r"final|abstract|sealed|static|export|default|async|unsafe|extern|inline|virtual|override|data|case|partial|"
    r"readonly|declare)\s+)*"
    r"(?:(class|struct|protocol|extension|interface|trait|impl|enum|union|type|typealias|typedef|defmodule|defimpl|"
    r"module|object|record|instance|namespace)(?:\s+[\w$`(]|<)|(?:def|defp|func|fn|function)(?:\s+[\w$`(]|<)"
    r"|macro_rules!\s*\w)")


#: a line that is a comment or a doc comment (`///`, `//`, `/*`, ` * `, `# ` (not `#include`), `--`, `;;`)
_COMMENT = re.compile(r"\s*(?://|/\*|\*(?:\s|/|$)|#(?:\s|$|#)|--(?:\s|$)|;;)")


def _declares(text: str) -> int:
    """0 for a hit that declares a type (its name or what it extends), 1 a function, 2 any other line, 3 a comment:
    serde's `serialize_field|serialize_struct(|^use ` digest showed 14 lines of `///` doc examples among its 25 and
    left out the calls (the agent fetched all 72 lines)."""
    if _COMMENT.match(text):
        return 3
    m = _DECLARES.match(text)
    return 2 if m is None else 0 if m.group(1) else 1


def _each_alternative_first(order: list[tuple[int, int, str]], rows: list[Hit | str], alternatives: list[Matcher],
                            comment_rank: dict[int, int], first: int = 2) -> list[tuple[int, int, str]]:
    """The digest's order with the first code hits of every alternative of the pattern (`a|b|c`) moved to the front:
    one frequent alternative (`^\\s*#\\[cfg`, 100 hits) had crowded out the two hits of another (`fn check_overflow`)
    in the serde A/B run, whose agent fetched the whole list four times."""
    seen: dict[int, int] = {}
    front: list[tuple[int, int, str]] = []
    back: list[tuple[int, int, str]] = []
    for t in order:
        row = rows[t[1]] if t[1] < len(rows) else None
        text = row.text if isinstance(row, Hit) else ""
        alt = next((k for k, m in enumerate(alternatives) if m.search(text) is not None), -1)
        n = seen[alt] = seen.get(alt, 0) + 1
        (front if alt >= 0 and n <= first and comment_rank.get(t[1], 0) < 3 else back).append(t)
    return front + back


def _digest(inp: DigestInput, files: dict[str, FileHits], budget: float) -> tuple[list[str], int]:
    """The body, and when every hit is shown, how many of their context lines are left out (else 0)."""
    ls = inp.ls
    # each file's first hits before any file's later ones; among equals, the files with most hits first. In a file,
    # the hits that declare something (`extension ConcreteViewProp: AnyViewDefinitionElement {}`) come before the
    # uses: 17 hits in ViewDefinition.swift showed the first two uses, and the agent fetched the rest for the three
    # conformances at lines 124-126
    n_hits = {fh.path: len(fh.hits) for fh in files.values()}
    # comments (3) and translation catalogs (4) after all code
    comment_rank = {h.idx: 4 if translation_file(fh.path) else _declares(h.text) for fh in files.values() for h in fh.hits}
    order = sorted(
        ((rank, h.idx, fh.path) for fh in files.values()
         for rank, h in enumerate(sorted(fh.hits, key=lambda h: comment_rank[h.idx]))),
        key=lambda t: (min(t[0], 3), -n_hits[t[2]], t[1]) if comment_rank[t[1]] < 3 else (9, -n_hits[t[2]], t[1]),
    )
    rows = inp.rows or []
    if inp.alternatives:
        order = _each_alternative_first(order, rows, inp.alternatives, comment_rank)
    by_idx = {h.idx: h for fh in files.values() for h in fh.hits}
    ctx = _contexts(ls, rows, files)
    chosen: dict[str, list[int]] = {}
    used = 0.0
    # every hit with the lines next to it first, then more context around each, nearest lines first and shared
    # evenly: a second file's hit is worth more than the sixth line of context around the first (a 27-line search
    # hid LaTeX.hs:718 behind Parsing.hs's context)
    def hit_cost(idx: int, neighbours: bool) -> float:
        return _hit_cost(ls, rows, by_idx[idx].full, idx, ctx, inp.max_chars, neighbours)

    # while every hit fits with the lines next to it, each is shown so; while every bare hit fits, each is shown
    # first and the context after, as far as it goes (a hit is the answer, its context the fold); otherwise the
    # hits that fit with the lines next to them, room kept for each file's `… N more hits …` and the files left out
    near, bare = _all_hits(ls, rows, files, inp.max_chars)
    every = bare <= budget
    neighbours = near <= budget or not every
    if not every:
        budget -= min(200, 6 * len(files))
    if every:  # every hit (with the lines next to each when they fit too): their cost is counted, not estimated
        used = near if neighbours else bare
        for _rank, idx, path in order:
            chosen.setdefault(path, []).append(idx)
    for _rank, idx, path in order if not every else ():
        c = hit_cost(idx, neighbours)
        if path not in chosen:
            c += ls.est(path) + 16
        if used + c > budget:
            continue
        used += c
        chosen.setdefault(path, []).append(idx)
    shown_ctx: dict[int, set[int]] = {}
    picked = {idx for idxs in chosen.values() for idx in idxs}
    rings: dict[int, list[int]] = {}  # distance -> context rows at it, hits in answer order: shared evenly
    for _rank, idx, _path in order:
        if idx in picked:
            for k in ctx.get(idx, ()):
                rings.setdefault(abs(k - idx), []).append(k)
    owner = {k: idx for idx in picked for k in ctx.get(idx, ())}
    for dist in sorted(rings) if neighbours or not every else ():  # every hit bare: stripped, no context
        for k in rings[dist]:
            c = 0.0 if dist == 1 and neighbours else ls.est(_ctx_line(rows[k], inp.max_chars))  # paid for above
            if used + c > budget:
                continue
            used += c
            shown_ctx.setdefault(owner[k], set()).add(k)
    out: list[str] = []
    # files by hit count (stable: ripgrep's order), translation catalogs last
    for fh in sorted(files.values(), key=lambda f: (translation_file(f.path), -len(f.hits))):
        keep = set(chosen.get(fh.path, ()))
        if not keep:
            continue
        out.append(f"{fh.path} ({len(fh.hits)} hit{'s' if len(fh.hits) != 1 else ''})")
        out += _file_lines(ls, fh, keep, shown_ctx, rows, comment_rank, inp.max_chars, plain=not any(shown_ctx.values()))
    missing = [(fh.path, len(fh.hits)) for fh in files.values() if fh.path not in chosen]
    if missing:
        n = sum(c for _, c in missing)
        if len(missing) <= 25:
            named = ", ".join(f"{p} ({c})" for p, c in sorted(missing, key=lambda t: (-t[1], t[0])))
            out.append(f"… {len(missing)} more files with {n} hits: {named} …")
        else:
            out.append(f"… {len(missing)} more files with {n} hits not shown (by folder: {_top_dirs(missing)}) …")
    shown = sum(len(v) for v in chosen.values())
    if shown < len(by_idx):
        return out, 0
    return out, sum(len(v) for v in ctx.values()) - sum(len(v) for v in shown_ctx.values())


def _file_lines(ls: LineSet, fh: FileHits, keep: set[int], shown_ctx: dict[int, set[int]], rows: list[Hit | str],
                comment_rank: dict[int, int], max_chars: int, plain: bool) -> list[str]:
    """One file's part of a digest: the hits kept as `line: text`, each folded run as `… N more hits …`. In an
    answer without context lines, the hits lose their indentation and hits kept in a row that sit in the same
    definition show its note once above them (as hit_lines does for an answer passed whole)."""
    out: list[str] = []
    skipped: list[int] = []
    shown = [h for h in fh.hits if h.idx in keep]
    runs: dict[int, int] = {}  # first hit's idx -> how many hits in a row (no fold between) share its note
    if plain:
        pos = {h.idx: n for n, h in enumerate(fh.hits)}
        k = 0
        while k < len(shown):
            n = 1
            while k + n < len(shown) and shown[k + n].note == shown[k].note and shown[k].note \
                    and pos[shown[k + n].idx] == pos[shown[k + n - 1].idx] + 1:
                n += 1
            runs[shown[k].idx] = n
            k += n
    indent = "  "
    left = 0  # hits still under the current note heading
    for h in fh.hits:
        if h.idx not in keep:
            skipped.append(h.idx)
            continue
        if skipped:
            out.append(_more(ls, skipped, comment_rank))
            skipped = []
        if runs.get(h.idx, 1) > 1:
            out.append(f"  {h.note}:")
            indent, left = "    ", runs[h.idx]
        around = sorted(shown_ctx.get(h.idx, ()))
        out.extend(_ctx_line(rows[k], max_chars) for k in around if k < h.idx)
        if left:
            out.append(f"{indent}{h.line}: {clip(h.text.strip(), max_chars)}")
            left -= 1
            indent = indent if left else "  "
        else:
            out.append(f"  {h.line}: {clip(h.text.strip() if plain else h.text, max_chars)}"
                       + (f"  — {h.note}" if h.note else ""))
        out.extend(_ctx_line(rows[k], max_chars) for k in around if k > h.idx)
    if skipped:
        out.append(_more(ls, skipped, comment_rank))
    return out


def _ctx_line(row: Hit | str, max_chars: int) -> str:
    if isinstance(row, str):
        return clip(row, max_chars)
    return f"  {row.line}- {clip(row.text, max_chars)}"


def _more(ls: object, skipped: list[int], rank: dict[int, int]) -> str:
    """`… 19 more hits, all in comments (result lines 30-48) …`: how many folded hits there are, and whether they are
    comments (doc examples), which an agent after code can leave folded."""
    first, last = skipped[0], skipped[-1]
    num = ls.num  # type: ignore[attr-defined]
    n = len(skipped)
    notes = sum(1 for i in skipped if rank.get(i) == 3)
    said = ", all in comments" if notes == n and n > 1 else ", in a comment" if notes == n else \
        f", {notes} of them in comments" if notes else ""
    return f"  … {n} more hit{'s' if n != 1 else ''}{said} (result lines {num(first)}-{num(last)}) …"


def _table(inp: DigestInput, ranked: list[FileHits], budget: float) -> list[str]:
    """Files by hit count: a table with the first hit for the top files, then a compact per-folder list."""
    ls = inp.ls
    out = ["| file | hits | first hit (line: text) |", "|---|---|---|"]
    used = sum(ls.est(x) for x in out) + 10
    shown = 0
    rows = [_row(fh) for fh in ranked[:400]]
    cal = calibrate(ls, rows)
    cap = 1.0 if len(ranked) <= 400 and sum(ls.est(r) for r in rows) * cal + used <= budget else 0.35  # all fit as rows
    for fh in ranked:
        row = rows[shown] if shown < len(rows) else _row(fh)
        c = ls.est(row) * cal
        if used + c > budget * cap and shown >= 5 or used + c > budget:
            break
        used += c
        out.append(row)
        shown += 1
    rest = ranked[shown:]
    if rest:
        out.append("other files by folder (hits):")
        used += ls.est(out[-1]) + 24  # the closing summary line
        picked: list[FileHits] = []
        dirs: set[str] = set()
        misses = 0
        sample = rest[:: max(1, len(rest) // 64)][:64]
        cal = _ratio(ls, ", ".join(_entry(fh) for fh in sample), [_entry(fh) + ", " for fh in sample])
        dcal = _ratio(ls, "\n".join(_folder(fh.path) + ": " for fh in sample), [_folder(fh.path) + ": " for fh in sample])
        for fh in rest:  # the most hits first; each new folder costs its label once
            d = _folder(fh.path)
            c = ls.est(_entry(fh) + ", ") * cal + (0 if d in dirs else ls.est(d + ": ") * dcal)
            if used + c > budget:
                misses += 1
                if misses > 20:
                    break
                continue
            used += c
            dirs.add(d)
            picked.append(fh)
        by_dir: dict[str, list[FileHits]] = {}
        for fh in picked:  # folders in the order of their best file, files by hits within each
            by_dir.setdefault(_folder(fh.path), []).append(fh)
        for d, fhs in by_dir.items():
            out.append(f"{d}: " + ", ".join(_entry(fh) for fh in fhs))
        named = {id(fh) for fh in picked}
        left = [fh for fh in rest if id(fh) not in named]
        if left:
            n = sum(len(f.hits) for f in left)
            out.append(f"… {len(left)} more files with {n} hits (by folder: {_top_dirs([(f.path, len(f.hits)) for f in left])}) …")
    return out


def _ratio(ls: LineSet, joined: str, parts: list[str]) -> float:
    """Real tokens of `joined` over the summed estimates of its parts: scales the estimate of more such parts."""
    est = sum(ls.est(x) for x in parts)
    return min(1.3, max(0.5, ls.counter.count(joined) / est)) if est else 1.0


def _row(fh: FileHits) -> str:
    hit = fh.hits[0]
    preview = clip(hit.full.strip(), 80).replace("|", "\\|")
    return f"| {fh.path} | {len(fh.hits)} | {hit.line}: {preview} |"


def _entry(fh: FileHits) -> str:
    return f"{fh.path.rpartition('/')[2]} {len(fh.hits)}"


def _folder(path: str) -> str:
    d = path.rpartition("/")[0]
    return d + "/" if d else "./"
