"""The read side of the structure index: symbol lookup (exact, prefix, substring, fuzzy), references, imports."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from contexteer.errors import InputError
from contexteer.indexers.model import SYMBOL_KINDS, FileInfo, Import, Reference, Symbol, signature_from_store
from contexteer.indexers.store import NAME_SEP
from contexteer.indexers.stores import IndexStore

T = TypeVar("T")
MAX_QUERY_CHARS = 1000  # SQLite refuses LIKE patterns past 50,000 bytes; no name comes close to this

logger = logging.getLogger(__name__)

MATCH_MODES = ("exact", "prefix", "substring", "fuzzy")
_SYM_COLS = (
    "s.id, f.path, s.name, s.qualname, s.kind, s.start_line, s.end_line, s.signature, s.doc, s.exported, "
    "s.parent_id, f.language"
)
_FILE_COLS = "path, language, size, mtime_ns, sha, status, has_errors, n_symbols, error"


#: A name or qualname equal to {q}: a qualname is stored (and indexed) only where it differs from the name (`qual`).
_NAME_OR_QUALNAME = "s.name={q} OR s.qual={q}"


def _symbol(row: tuple[Any, ...]) -> Symbol:
    return Symbol(row[0], row[1], row[2], row[3], row[4], row[5], row[6], signature_from_store(row[2], row[7]), row[8],
                  bool(row[9]), row[10], row[11] or "")


def _file(row: tuple[Any, ...]) -> FileInfo:
    return FileInfo(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6]), row[7], row[8])


def _like(clauses: list[str], args: list[Any], query: str, pattern: str) -> None:
    """A LIKE on names; a dotted query also on qualified names ("sub" must not bring every member of
    Subject, whose qualnames start with "Subject.", while "Subject.ne" should find Subject.next)."""
    if "." in query:
        clauses.append("(s.name LIKE ? ESCAPE '\\' OR s.qualname LIKE ? ESCAPE '\\')")
        args += [pattern, pattern]
    else:
        clauses.append("s.name LIKE ? ESCAPE '\\'")
        args.append(pattern)


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def fuzzy_score(query: str, name: str) -> float | None:
    """Subsequence match score (higher is better), None when `query` is not a subsequence of `name`."""
    q, n = query.lower(), name.lower()
    pos, score, prev = 0, 0.0, -2
    for ch in q:
        idx = n.find(ch, pos)
        if idx < 0:
            return None
        score += 2.0 if idx == prev + 1 else (1.5 if idx == 0 or not name[idx - 1].isalnum() or name[idx].isupper() else 0.5)
        prev, pos = idx, idx + 1
    return score - 0.05 * (len(n) - len(q))


def per_generation(index: Any, table: str, key: Any, make: Callable[[], T], limit: int = 8192) -> T:
    """`make()`, kept on the index object while its content stays the same (its `generation`): a search an answer
    repeats per call site or per level (a Rust trait's impl lines, a Go type's embedders) runs once per index
    state. Held on the index itself, not keyed by `id(index)`: a later index in the same process may reuse a freed
    one's id at the same generation and would be handed the other repository's hits. A table is emptied when it
    reaches `limit` entries; an object that cannot hold the memo just makes the value."""
    gen = getattr(index, "generation", 0)
    memo: tuple[int, dict[str, dict[Any, Any]]] | None = getattr(index, "_per_generation", None)
    if memo is None or memo[0] != gen:
        memo = (gen, {})
        try:
            index._per_generation = memo
        except AttributeError:
            return make()
    kept = memo[1].setdefault(table, {})
    if key not in kept:
        if len(kept) >= limit:
            kept.clear()
        kept[key] = make()
    value: T = kept[key]
    return value


class IndexQueries:
    """Query methods over a `Store`; mixed into `StructureIndex`."""

    def __init__(self, store: IndexStore) -> None:
        self.store = store

    # ----- files ---------------------------------------------------------------------------
    def file_info(self, path: str) -> FileInfo | None:
        row = self.store.execute(f"SELECT {_FILE_COLS} FROM files WHERE path=?", (path,)).fetchone()
        return _file(row) if row else None

    def files(self) -> list[FileInfo]:
        return [_file(r) for r in self.store.execute(f"SELECT {_FILE_COLS} FROM files ORDER BY path")]

    def unindexed(self, language: str) -> list[str]:
        """The files of `language` the build could not read (a parse past its time limit, a parser crash), up to 20."""
        return [r[0] for r in self.store.execute(
            "SELECT path FROM files WHERE status='error' AND language=? ORDER BY path LIMIT 20", (language,))]

    # ----- symbols ---------------------------------------------------------------------------
    def symbols_in_file(self, path: str) -> list[Symbol]:
        sql = (f"SELECT {_SYM_COLS} FROM files f JOIN symbols s ON s.id >= f.sym_lo AND s.id < f.sym_lo + f.n_symbols "
               "WHERE f.path=? ORDER BY s.start_line, s.end_line DESC, s.id")
        return [_symbol(r) for r in self.store.execute(sql, (path,))]

    def get_symbol(self, id: int) -> Symbol | None:  # noqa: A002 - the contract's name
        row = self.store.execute(f"SELECT {_SYM_COLS} FROM symbols s JOIN files f ON s.file_id=f.id WHERE s.id=?", (id,)).fetchone()
        return _symbol(row) if row else None

    def symbols_named(self, name_or_qualname: str) -> list[Symbol]:
        sql = (f"SELECT {_SYM_COLS} FROM symbols s JOIN files f ON s.file_id=f.id WHERE {_NAME_OR_QUALNAME.format(q='?')} "
               "ORDER BY s.qualname=? DESC, s.exported DESC, f.path, s.start_line")
        return [_symbol(r) for r in self.store.execute(sql, (name_or_qualname,) * 3)]

    def symbols_mentioning(self, word: str, kinds: Iterable[str]) -> list[Symbol]:
        """Definitions of these kinds whose signature mentions `word` (candidate subtypes of a type named so)."""
        kinds = sorted(kinds)
        marks = ",".join("?" * len(kinds))
        sql = (f"SELECT {_SYM_COLS} FROM symbols s JOIN files f ON s.file_id=f.id WHERE s.kind IN ({marks}) "
               "AND s.signature LIKE ? ESCAPE '\\' ORDER BY f.path, s.start_line")
        return [_symbol(r) for r in self.store.execute(sql, [*kinds, "%" + _like_escape(word) + "%"])]

    def methods_of(self, owner: str, language: str) -> list[Symbol]:
        """Methods qualified by `owner` (`Head.Truncate` for Head) in files of `language`."""
        sql = (f"SELECT {_SYM_COLS} FROM symbols s JOIN files f ON s.file_id=f.id WHERE s.qual >= ? AND "
               "s.qual < ? AND s.kind='method' AND f.language=? ORDER BY f.path, s.start_line")
        return [_symbol(r) for r in self.store.execute(sql, (owner + ".", owner + "/", language))]

    def _where(self, query: str, match: str, kind: str | None, path_prefix: str | None) -> tuple[str, list[Any]]:
        if match not in MATCH_MODES:
            raise InputError(f"match must be one of {', '.join(MATCH_MODES)}, got '{match}'. Use 'substring' to find names containing a text.")
        if len(query) > MAX_QUERY_CHARS or any("\ud800" <= c <= "\udfff" for c in query):
            raise InputError(f"query is {len(query)} characters{' with a lone surrogate' if len(query) <= MAX_QUERY_CHARS else ''}; "
                             f"a symbol name is plain text of at most {MAX_QUERY_CHARS} characters. Pass the name (or a "
                             "part of it with match='substring'), or use search_text for other text.")
        kinds = [k.strip() for k in kind.split(",") if k.strip()] if kind else []  # "function,class": either
        if any(k not in SYMBOL_KINDS and k != "macro" for k in kinds):
            raise InputError(f"kind must be one of {', '.join(SYMBOL_KINDS)} (or several joined by commas), got '{kind}'.")
        clauses: list[str] = []
        args: list[Any] = []
        if match == "exact":
            clauses.append("(" + _NAME_OR_QUALNAME.format(q="?") + ")")
            args += [query, query]
        elif match == "prefix":
            _like(clauses, args, query, _like_escape(query) + "%")
        elif match == "substring":
            if len(query) >= 3 and self.store.fts_ready():
                # the trigram index answers LIKE on qualnames ('_' and '%' are wildcards there: a few more rows,
                # which the exact LIKE on names (or qualnames for a dotted query) then leaves out)
                clauses.append("s.id IN (SELECT rowid FROM symbols_fts WHERE symbols_fts.qualname LIKE ?)")
                args.append("%" + query + "%")
                _like(clauses, args, query, "%" + _like_escape(query) + "%")
            else:
                _like(clauses, args, query, "%" + _like_escape(query) + "%")
        if "class" in kinds and "struct" not in kinds:
            kinds.append("struct")  # a Go, Rust, C or C# struct is what a class filter asks for (json-iterator run 375)
        if "type" in kinds:  # any type: a Go struct or interface is `type X struct` (testify run 386 was told its
            # struct was "a struct, not a type"); a type alias or named type is kind `type` itself
            kinds += [k for k in ("class", "interface", "struct", "enum", "trait") if k not in kinds]
        if kinds:
            plain = [k for k in kinds if k != "macro"]
            either = [f"s.kind IN ({','.join('?' * len(plain))})"] if plain else []
            if "macro" in kinds:  # a function written `macro_rules!` or `#define` (model.MACRO_HEAD)
                # (as stored: `#define ` is the mark \x03, model.stored_signature; a signature holding a mark is verbatim)
                # (`#  define`, `#\tdefine` too, and an object-like `#define LIMIT 10`, stored as a constant)
                heads = ["macro_rules!%", "#[%macro_rules!%", "\x03%", "#define%", "# %define%", "#\tdefine%",
                         "\x02macro_rules!%", "\x02#define%", "\x02# %define%", "\x02\x03%"]
                either.append("(s.kind IN ('function','constant') AND ("
                              + " OR ".join(["s.signature LIKE ?"] * len(heads)) + "))")
            clauses.append("(" + " OR ".join(either) + ")")
            args += plain + (heads if "macro" in kinds else [])
        if path_prefix and path_prefix not in (".", "./"):
            prefix = path_prefix.rstrip("/")
            clauses.append("(f.path=? OR f.path LIKE ? ESCAPE '\\')")
            args += [prefix, _like_escape(prefix) + "/%"]
        return (" AND ".join(clauses) or "1=1"), args

    def find_symbols(self, query: str, *, match: str = "exact", kind: str | None = None, path_prefix: str | None = None,
                     limit: int = 50, offset: int = 0) -> list[Symbol]:
        """Symbols whose name or qualname matches `query`; best first (exact name, exported, short qualname)."""
        if match == "fuzzy":
            return self._fuzzy(query, kind, path_prefix)[offset : offset + limit]
        where, args = self._where(query, match, kind, path_prefix)
        sql = (f"SELECT {_SYM_COLS} FROM symbols s JOIN files f ON s.file_id=f.id WHERE {where} "
               "ORDER BY (s.name=? OR s.qualname=?) DESC, s.exported DESC, length(s.qualname), f.path, s.start_line "
               "LIMIT ? OFFSET ?")
        return [_symbol(r) for r in self.store.execute(sql, [*args, query, query, limit, offset])]

    def count_symbols(self, query: str, *, match: str = "exact", kind: str | None = None, path_prefix: str | None = None,
                      limit: int = 50, offset: int = 0) -> int:
        if match == "fuzzy":
            return len(self._fuzzy(query, kind, path_prefix))
        where, args = self._where(query, match, kind, path_prefix)
        sql = f"SELECT count(*) FROM symbols s JOIN files f ON s.file_id=f.id WHERE {where}"
        return int(self.store.execute(sql, args).fetchone()[0])

    def close_names(self, query: str, *, kind: str | None = None, path_prefix: str | None = None, limit: int = 3) -> list[Symbol]:
        """Definitions whose name is close to `query`: a typo (`total_aera`), a missing or extra letter, or the
        query as a subsequence; the best definition per name, closest names first."""
        import difflib

        if not query:
            return []
        cands = [n for (n,) in self.store.execute("SELECT DISTINCT name FROM symbols WHERE name LIKE ?",
                                                       (_like_escape(query[:2]) + "%",))]
        names = difflib.get_close_matches(query, cands, n=limit, cutoff=0.7)
        for sym in self._fuzzy(query, kind, path_prefix):
            if len(names) >= limit:
                break
            if sym.name not in names:
                names.append(sym.name)
        out: list[Symbol] = []
        for name in names:
            hit = self.find_symbols(name, kind=kind, path_prefix=path_prefix, limit=1)
            out.extend(hit)
        return out[:limit]

    def _fuzzy(self, query: str, kind: str | None, path_prefix: str | None) -> list[Symbol]:
        if not query:
            raise InputError("a fuzzy query needs at least one character.")
        first = re.escape(query[0])
        scored: list[tuple[float, str]] = []
        for (name,) in self.store.execute("SELECT DISTINCT name FROM symbols WHERE name LIKE ?", ("%" + _like_escape(query[0]) + "%",)):
            if not re.search(first, name, re.I):
                continue
            score = fuzzy_score(query, name)
            if score is not None:
                scored.append((score, name))
        scored.sort(key=lambda t: (-t[0], len(t[1]), t[1]))
        out: list[Symbol] = []
        for _score, name in scored[:200]:
            where, args = self._where(name, "exact", kind, path_prefix)
            sql = (f"SELECT {_SYM_COLS} FROM symbols s JOIN files f ON s.file_id=f.id WHERE s.name=? AND {where} "
                   "ORDER BY s.exported DESC, length(s.qualname), f.path, s.start_line")
            out.extend(_symbol(r) for r in self.store.execute(sql, [name, *args]))
        return out

    # ----- references and imports -----------------------------------------------------------
    def references_to(self, name: str, *, limit: int | None = None) -> list[Reference]:
        """Every use of `name` (calls, type uses, imports), ordered by path and line."""
        sql = "SELECT f.path, r.kind, r.lines FROM refs r JOIN files f ON r.file_id=f.id WHERE r.name=? ORDER BY f.path"
        out: list[Reference] = []
        group: list[Reference] = []
        current = None
        for path, kind, lines in self.store.execute(sql, (name,)):
            if path != current:
                out.extend(sorted(group, key=lambda r: r.line))
                group, current = [], path
                if limit is not None and len(out) >= limit:
                    break
            group.extend(Reference(path, name, int(line), kind) for line in lines.split(","))
        out.extend(sorted(group, key=lambda r: r.line))
        return out if limit is None else out[: int(limit)]

    def references_in_range(self, path: str, start_line: int, end_line: int) -> list[Reference]:
        """The uses of any name inside lines start_line..end_line of one file, ordered by line."""
        sql = ("SELECT r.name, r.kind, r.lines FROM files f JOIN refs r ON r.id >= f.refs_lo AND r.id < f.refs_lo + f.n_refs "
               "WHERE f.path=?")
        out = [
            Reference(path, name, line, kind)
            for name, kind, lines in self.store.execute(sql, (path,))
            for line in map(int, lines.split(","))
            if start_line <= line <= end_line
        ]
        out.sort(key=lambda r: (r.line, r.name))
        return out

    def reference_counts(self, names: Iterable[str]) -> dict[str, int]:
        wanted = list(dict.fromkeys(names))
        out = dict.fromkeys(wanted, 0)
        for i in range(0, len(wanted), 500):
            part = wanted[i : i + 500]
            sql = f"SELECT name, sum(n) FROM refs WHERE name IN ({','.join('?' * len(part))}) GROUP BY name"
            for name, n in self.store.execute(sql, part):
                out[name] = n
        return out

    def imports_of(self, path: str) -> list[Import]:
        sql = "SELECT f.path, i.module, i.names, i.line FROM imports i JOIN files f ON i.file_id=f.id WHERE f.path=? ORDER BY i.line, i.module"
        return [Import(p, m, tuple(n.split(NAME_SEP)) if n else (), line) for p, m, n, line in self.store.execute(sql, (path,))]

    def all_imports(self) -> Iterator[Import]:
        sql = "SELECT f.path, i.module, i.names, i.line FROM imports i JOIN files f ON i.file_id=f.id ORDER BY f.path, i.line"
        for p, m, n, line in self.store.execute(sql):
            yield Import(p, m, tuple(n.split(NAME_SEP)) if n else (), line)

    def ranking_inputs(self) -> tuple[Iterator[tuple[str, str, str, bool]], Iterator[tuple[str, str, int]]]:
        """Definitions (path, name, kind, exported) and references (path, name, uses) for the repo-map ranking (one
        row per file, name and kind of use: the kernel's 8.7 million uses are 2.7 million rows). Both are read as
        they are iterated, the references after the definitions: the kernel's rows as Python tuples would take
        gigabytes at once."""
        def defs() -> Iterator[tuple[str, str, str, bool]]:
            # in id order: each file's definitions are one id range, so they come file by file
            sql = "SELECT f.path, s.name, s.kind, s.exported FROM symbols s JOIN files f ON s.file_id=f.id ORDER BY s.id"
            for p, n, k, e in self.store.execute(sql):
                yield p, n, k, bool(e)

        def refs() -> Iterator[tuple[str, str, int]]:
            yield from self.store.execute("SELECT f.path, r.name, r.n FROM refs r JOIN files f ON r.file_id=f.id")

        return defs(), refs()

    def definition_rows(self, prefix: str = "") -> list[tuple[str, str, str, bool]]:
        """(path, name, kind, exported) of every definition in files under `prefix` ('' for all): what a stored
        repo-map ranking scores for a sub-path map."""
        if not prefix:
            sql = "SELECT f.path, s.name, s.kind, s.exported FROM symbols s JOIN files f ON s.file_id=f.id"
            return [(p, n, k, bool(e)) for p, n, k, e in self.store.execute(sql)]
        upper = prefix[:-1] + chr(ord(prefix[-1]) + 1)  # every path starting with prefix sorts in [prefix, upper)
        # the files by their path index, then each file's symbols by its id range (symbols have no file_id index)
        sql = ("SELECT f.path, s.name, s.kind, s.exported FROM files f JOIN symbols s "
               "ON s.id >= f.sym_lo AND s.id < f.sym_lo + f.n_symbols WHERE f.path >= ? AND f.path < ?")
        rows = self.store.execute(sql, (prefix, upper))
        return [(p, n, k, bool(e)) for p, n, k, e in rows]

    def stats(self) -> dict[str, Any]:
        c = self.store
        langs = {lang or "other": n for lang, n in c.execute("SELECT language, count(*) FROM files GROUP BY language")}
        status = dict(c.execute("SELECT status, count(*) FROM files GROUP BY status").fetchall())
        return {
            "files": sum(langs.values()),
            "files_per_language": langs,
            "files_per_status": status,
            "files_with_syntax_errors": c.execute("SELECT count(*) FROM files WHERE has_errors=1").fetchone()[0],
            # the per-file counts add up to the rows (checked when the index is opened): no scan of the symbols
            "symbols": c.execute("SELECT coalesce(sum(n_symbols), 0) FROM files").fetchone()[0],
            "references": c.execute("SELECT coalesce(sum(n), 0) FROM refs").fetchone()[0],
            "imports": c.execute("SELECT count(*) FROM imports").fetchone()[0],
        }
