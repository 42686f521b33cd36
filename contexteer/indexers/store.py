"""The SQLite store of the structure index: schema, versioning, batched writes and the read queries.

One database per project (`<data dir>/index.sqlite`), WAL mode so readers never block the writer.
A schema version in `meta`; a database of another version, or one SQLite cannot open, is deleted
and rebuilt rather than crashed on. Every file's rows are written in the same transaction as its
`files` row, so a build killed half-way leaves a consistent index of the files it finished; the
`build_state` meta key says whether the last cold build completed (secondary indexes are created at
its end). The FTS table is filled afterwards in batches (`fts_state` 'building', `fts_upto` the last symbol
id indexed), so that build can be stopped between or inside batches and resumed by the next start;
substring search uses it only once `fts_state` is 'ready'.

Connections are per thread and a connection is only ever closed by its own thread or once its thread has
ended: `close()` never frees a connection another thread may be using (issue 19: closing one under a running
FTS build crashed the process). A thread's running statement can be stopped with `interrupt(thread)`.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import filelock

from contexteer.errors import IndexError_

logger = logging.getLogger(__name__)

SCHEMA_VERSION = 9  # the tables' layout; what extraction writes is tracked per language by index._fingerprint. 9: refs have an explicit integer key (a VACUUM renumbers implicit rowids, which the per-file ranges address); 8: per-file row ranges (no index by file), qual only where it differs from the name, FTS without positions; 7: calls inside Rust token trees, C#/PHP namespaces as symbols, Ruby `class << self` / `class A::B` named as code refers to them; 6: C repairs (kernel macros), Rust items in macros and impl symbols; 5: C attribute macros blanked, CommonJS require bindings are imports (older rows differ)

_TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files(
    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, language TEXT, size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, sha TEXT, status TEXT NOT NULL, has_errors INTEGER NOT NULL DEFAULT 0,
    n_symbols INTEGER NOT NULL DEFAULT 0, error TEXT,
    sym_lo INTEGER NOT NULL DEFAULT 0, refs_lo INTEGER NOT NULL DEFAULT 0, n_refs INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS symbols(
    id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT NOT NULL, qual TEXT,
    kind TEXT NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, signature TEXT,
    doc TEXT, exported INTEGER NOT NULL, parent_id INTEGER,
    qualname TEXT GENERATED ALWAYS AS (coalesce(qual, name)) VIRTUAL);
CREATE TABLE IF NOT EXISTS refs(id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL,
    lines TEXT NOT NULL, n INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS imports(file_id INTEGER NOT NULL, module TEXT NOT NULL, names TEXT NOT NULL, line INTEGER NOT NULL);
"""

# What answers need, and no more (issue 14: the kernel's index was 1.66 GB): a file's symbols and references are
# written together, so their ids form one range per file (files.sym_lo / n_symbols, refs_lo / n_refs) and no index
# by file is kept; a qualified name is stored only where it differs from the name (`qual`, a member's `Owner.name`:
# a quarter of the kernel's rows), `qualname` is computed from the two, and only those are indexed.
_INDEXES = """
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name);
CREATE INDEX IF NOT EXISTS symbols_qual ON symbols(qual) WHERE qual IS NOT NULL;
CREATE INDEX IF NOT EXISTS refs_name ON refs(name);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id);
"""

_FTS = """
CREATE VIRTUAL TABLE IF NOT EXISTS symbols_fts USING fts5(
    qualname, content='symbols', content_rowid='id', tokenize='trigram', detail=none, columnsize=0);
"""
# The qualname ends with the name, so one trigram index over qualnames serves substring search on both; it is
# queried with LIKE (no phrase queries: without token positions, detail=none, it is ~45% smaller).
# While the FTS table is being filled (in batches of ascending symbol ids), the triggers keep only the part
# already filled current: a row whose id is past `fts_upto` is added by a later batch. (The 'ready' clause keeps
# them right if a version without batches finishes the build and leaves these triggers in place.)
_FTS_GUARD = ("WHEN {row}.id <= (SELECT CAST(value AS INTEGER) FROM meta WHERE key='fts_upto') "
              "OR (SELECT value FROM meta WHERE key='fts_state') = 'ready'")
_FTS_TRIGGERS_PARTIAL = f"""
CREATE TRIGGER symbols_ai AFTER INSERT ON symbols {_FTS_GUARD.format(row="new")} BEGIN
  INSERT INTO symbols_fts(rowid, qualname) VALUES (new.id, new.qualname); END;
CREATE TRIGGER symbols_ad AFTER DELETE ON symbols {_FTS_GUARD.format(row="old")} BEGIN
  INSERT INTO symbols_fts(symbols_fts, rowid, qualname) VALUES ('delete', old.id, old.qualname); END;
"""
_FTS_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS symbols_ai AFTER INSERT ON symbols BEGIN
  INSERT INTO symbols_fts(rowid, qualname) VALUES (new.id, new.qualname); END;
CREATE TRIGGER IF NOT EXISTS symbols_ad AFTER DELETE ON symbols BEGIN
  INSERT INTO symbols_fts(symbols_fts, rowid, qualname) VALUES ('delete', old.id, old.qualname); END;
"""

NAME_SEP = "\x1f"  # joins an import's names in one column
FTS_BATCH = 50_000  # symbols added to the FTS table per transaction (~0.3 s; a stop waits at most for one)


def _statements(script: str) -> list[str]:
    return [stmt + "END;" for stmt in script.strip().split("END;") if stmt.strip()]


def _rollback(c: sqlite3.Connection) -> None:
    """Roll back the open transaction, if any: an interrupted statement has already rolled it back, and a
    failing ROLLBACK must not hide the error that led here."""
    if c.in_transaction:
        try:
            c.execute("ROLLBACK")
        except sqlite3.Error as exc:
            logger.debug("rollback failed: %s", exc)

#: The columns of each content table, in order: an existing database must have exactly these.
_COLUMNS = {
    "meta": ("key", "value"),
    "files": ("id", "path", "language", "size", "mtime_ns", "sha", "status", "has_errors", "n_symbols", "error",
              "sym_lo", "refs_lo", "n_refs"),
    "symbols": ("id", "file_id", "name", "qual", "kind", "start_line", "end_line", "signature", "doc", "exported",
                "parent_id"),
    "refs": ("id", "file_id", "name", "kind", "lines", "n"),
    "imports": ("file_id", "module", "names", "line"),
}


#: Databases up to this size have their symbol rows counted when they are opened; a larger one (the kernel's:
#: 4.5 million rows, a scan of ~70 MB) is checked for rows at all, so that a new process answers at once.
FULL_CHECK_BYTES = 256 * 1024 * 1024


def _check_integrity(conn: sqlite3.Connection, *, full: bool = True) -> None:
    """Raise sqlite3.DatabaseError (the caller rebuilds) when an existing index is not whole: a content table
    missing or of another shape (`CREATE TABLE IF NOT EXISTS` would otherwise recreate it empty and serve the
    index as complete), or symbol rows that do not add up to the per-file counts written with them (with `full`;
    else only that there are symbol rows when the files list some)."""
    for table, columns in _COLUMNS.items():
        found = tuple(row[1] for row in conn.execute(f"PRAGMA table_info({table})"))
        if found != columns:
            raise sqlite3.DatabaseError(f"table {table} is {'missing' if not found else 'of another shape'}")
    expected = conn.execute("SELECT coalesce(sum(n_symbols), 0) FROM files").fetchone()[0]
    if full:
        stored = conn.execute("SELECT count(*) FROM symbols").fetchone()[0]
    else:
        stored = expected if conn.execute("SELECT max(id) FROM symbols").fetchone()[0] is not None else 0
    if expected != stored:
        raise sqlite3.DatabaseError(f"{stored} symbol rows where the files list {expected}")


def _fts_available(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.fts_probe USING fts5(x, tokenize='trigram')")
        conn.execute("DROP TABLE temp.fts_probe")
        return True
    except sqlite3.OperationalError:
        return False


def _ended(threads: Iterable[threading.Thread]) -> list[threading.Thread]:
    """The threads that have ended. Not Thread.is_alive(): in Python 3.11 it is False for a running thread
    whose join() was interrupted by Ctrl-C."""
    running = set(threading.enumerate())
    return [t for t in threads if t not in running]


def _close_quietly(conn: sqlite3.Connection) -> None:
    try:
        conn.close()
    except sqlite3.Error as exc:
        logger.debug("closing an index connection failed: %s", exc)


class Store:
    """Thread-aware access to the index database: one connection per thread, one writer at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._conns: dict[threading.Thread, sqlite3.Connection] = {}  # each thread's connection, to close
        self._lock = threading.Lock()
        self._closed = False
        self.write_lock = threading.RLock()  # serialises writers inside this process
        self._flock = filelock.FileLock(str(path.parent / "index.lock"), thread_local=False)
        self._open_or_rebuild()

    # ----- lifecycle -------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA temp_store=MEMORY")
            conn.execute("PRAGMA cache_size=-16000")
            conn.execute("PRAGMA journal_size_limit=67108864")  # a checkpointed WAL shrinks back to 64 MB at most
        except sqlite3.Error:
            conn.close()
            raise
        with self._lock:
            for thread in _ended(self._conns):  # nobody uses an ended thread's connection
                _close_quietly(self._conns.pop(thread))
            self._conns[threading.current_thread()] = conn
        return conn

    @property
    def conn(self) -> sqlite3.Connection:
        """This thread's connection (opened on first use)."""
        if self._closed:
            self.close_thread()
            raise IndexError_(f"the index {self.path} was closed (the server is stopping); open it again to query it.")
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = self._local.conn = self._connect()
            except sqlite3.Error as exc:
                raise IndexError_(
                    f"the index database (index.sqlite in this project's data dir) cannot be opened ({exc}). Delete it "
                    "(`contexteer config show` prints where it is); it is rebuilt on the next start."
                ) from exc
        return conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Run a statement on this thread's connection (the read SQL both stores understand: see store_pg.pg_sql)."""
        return self.conn.execute(sql, params)

    def build_lock(self) -> filelock.BaseFileLock:
        """The lock file (`index.lock` next to the database) that makes sure only one process writes."""
        return self._flock

    def _open_or_rebuild(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for attempt in range(2):
            try:
                conn = self._local.conn = self._connect()
                version = self._version(conn)
                if version is not None and version != SCHEMA_VERSION:
                    logger.info("index schema %s != %s: rebuilding %s", version, SCHEMA_VERSION, self.path)
                    raise sqlite3.DatabaseError("schema version mismatch")
                if version is not None:
                    _check_integrity(conn, full=self.path.stat().st_size <= FULL_CHECK_BYTES)
                conn.executescript(_TABLES)
                if version is None:
                    self.set_meta("schema_version", str(SCHEMA_VERSION))
                    self.set_meta("build_state", "empty")
                self.fts = _fts_available(conn)
                conn.execute("SELECT count(*) FROM files").fetchone()
                return
            except sqlite3.DatabaseError as exc:
                if attempt:
                    raise IndexError_(f"the index database (index.sqlite in this project's data dir) cannot be created "
                                      f"({exc}). Check the data dir's permissions and free space; `contexteer config "
                                      "show` prints where it is.") from exc
                logger.warning("index database %s unusable (%s): deleting and rebuilding it", self.path, exc)
                self._close_all()
                for suffix in ("", "-wal", "-shm"):
                    try:
                        os.unlink(f"{self.path}{suffix}")
                    except FileNotFoundError:
                        pass
                    except OSError as oserr:
                        raise IndexError_(
                            f"the index database (index{'.sqlite' + suffix} in this project's data dir) cannot be "
                            f"replaced: {oserr.strerror or oserr}. Remove it by hand (`contexteer config show` prints "
                            "where it is); the index is rebuilt on the next call.") from oserr

    @staticmethod
    def _version(conn: sqlite3.Connection) -> int | None:
        has_meta = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
        if not has_meta:
            return None
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row and str(row[0]).isdigit() else -1

    def close(self) -> None:
        """Refuse further use and close the connections no other thread can be using: this thread's and those
        of ended threads. A live thread's connection is closed by that thread when it next asks for it, or
        when the thread ends (the caller stops and joins the threads it owns first)."""
        self._closed = True
        me = threading.current_thread()
        with self._lock:
            for thread in _ended(self._conns) + ([me] if me in self._conns else []):
                _close_quietly(self._conns.pop(thread))
            others = len(self._conns)
            self._conns.clear()  # their thread-local reference closes them in their own thread
        self._local.__dict__.pop("conn", None)
        if others:
            logger.debug("index closed; %d connection(s) of running threads close when those threads next use them", others)

    def close_thread(self) -> None:
        """Close the calling thread's connection (a thread that is done with the index)."""
        conn = self._local.__dict__.pop("conn", None)
        if conn is None:
            return
        with self._lock:
            if self._conns.get(threading.current_thread()) is conn:
                del self._conns[threading.current_thread()]
        _close_quietly(conn)

    def _close_all(self) -> None:
        """Close every connection: only while no other thread can have one (opening the store)."""
        with self._lock:
            for conn in self._conns.values():
                _close_quietly(conn)
            self._conns.clear()
        self._local = threading.local()

    def interrupt(self, thread: threading.Thread) -> None:
        """Stop the statement `thread` is running on its connection, if any (it fails with 'interrupted' and
        its transaction is rolled back). Safe from any thread; the connection stays open."""
        with self._lock:
            conn = self._conns.get(thread)
            if conn is not None:
                try:
                    conn.interrupt()
                except sqlite3.ProgrammingError:  # closed meanwhile
                    pass

    # ----- meta ------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        row = self.conn.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))

    # ----- cold-build support ------------------------------------------------------------
    def begin_cold(self) -> None:
        """Drop secondary indexes and FTS triggers: a bulk load is much faster without them."""
        c = self.conn
        for name in ("symbols_name", "symbols_qual", "refs_name", "imports_file"):
            c.execute(f"DROP INDEX IF EXISTS {name}")
        c.execute("DROP TRIGGER IF EXISTS symbols_ai")
        c.execute("DROP TRIGGER IF EXISTS symbols_ad")
        c.execute("DROP TABLE IF EXISTS symbols_fts")
        c.execute("DELETE FROM meta WHERE key='fts_upto'")
        self.set_meta("fts_state", "")
        self.set_meta("build_state", "building")

    def finish_build(self) -> None:
        """Create the secondary indexes and mark the index complete (the FTS table comes after: build_fts)."""
        c = self.conn
        with self.write_lock:
            # the sorts that make the indexes spill to temporary files: in memory (temp_store=MEMORY) they held the
            # whole index at once (the kernel's: over 300 MB)
            c.execute("PRAGMA temp_store=DEFAULT")
            c.execute("BEGIN IMMEDIATE")
            try:
                for stmt in _INDEXES.strip().split(";\n"):
                    c.execute(stmt)
                self.set_meta("build_state", "complete")
                self.set_meta("built_at", str(time.time()))
                c.execute("COMMIT")
            except BaseException:
                _rollback(c)
                raise
            finally:
                c.execute("PRAGMA temp_store=MEMORY")
        c.execute("PRAGMA optimize")
        self.checkpoint()

    def checkpoint(self) -> None:
        """Copy the WAL into the database without waiting for readers (after a bulk write it holds the size of what was
        written: hundreds of MB for the kernel's indexes); the next write then starts it over, cut to journal_size_limit."""
        try:
            self.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error as exc:
            logger.debug("WAL checkpoint skipped: %s", exc)

    def build_fts(self, *, cancelled: Callable[[], bool] = lambda: False,
                  progress: Callable[[int, int], None] | None = None, batch: int = FTS_BATCH) -> bool:
        """Fill the trigram index of qualnames (substring search), if SQLite has FTS5 and it is not ready:
        `batch` symbols per transaction, so other writers get their turn and `cancelled()` is checked between
        batches; `progress(symbols done, symbols total)` after each. A build stopped (cancelled, interrupted,
        killed) resumes where it stopped on the next call. Until it is ready, substring search scans with
        LIKE. Returns True when the index is ready (or SQLite has no FTS5), False when cancelled."""
        if not self.fts or self.fts_ready():
            return True
        c = self.conn
        self._fts_begin(c)
        while not cancelled():
            with self.write_lock:
                c.execute("BEGIN IMMEDIATE")
                try:
                    upto = int(self.get_meta("fts_upto") or 0)
                    top = c.execute("SELECT max(id) FROM symbols").fetchone()[0] or 0
                    if upto >= top:  # every symbol is in: the plain triggers keep it current from now on
                        c.execute("DROP TRIGGER IF EXISTS symbols_ai")
                        c.execute("DROP TRIGGER IF EXISTS symbols_ad")
                        for stmt in _statements(_FTS_TRIGGERS):
                            c.execute(stmt)
                        c.execute("DELETE FROM meta WHERE key='fts_upto'")
                        self.set_meta("fts_state", "ready")
                        c.execute("COMMIT")
                        self.checkpoint()
                        return True
                    nxt = min(upto + batch, top)
                    c.execute("INSERT INTO symbols_fts(rowid, qualname) SELECT id, qualname FROM symbols "
                              "WHERE id > ? AND id <= ? ORDER BY id", (upto, nxt))
                    self.set_meta("fts_upto", str(nxt))
                    c.execute("COMMIT")
                except BaseException:
                    _rollback(c)
                    raise
            if progress is not None:
                progress(nxt, top)
        return False

    def _fts_begin(self, c: sqlite3.Connection) -> None:
        """Start the FTS build (an empty table and the partial triggers), unless one is under way."""
        with self.write_lock:
            c.execute("BEGIN IMMEDIATE")
            try:
                has_table = c.execute("SELECT 1 FROM sqlite_master WHERE name='symbols_fts'").fetchone()
                if self.get_meta("fts_state") == "building" and has_table and self.get_meta("fts_upto") is not None:
                    c.execute("COMMIT")
                    return
                c.execute("DROP TRIGGER IF EXISTS symbols_ai")
                c.execute("DROP TRIGGER IF EXISTS symbols_ad")
                c.execute("DROP TABLE IF EXISTS symbols_fts")
                c.execute(_FTS.strip().rstrip(";"))
                for stmt in _statements(_FTS_TRIGGERS_PARTIAL):
                    c.execute(stmt)
                self.set_meta("fts_upto", "0")
                self.set_meta("fts_state", "building")
                c.execute("COMMIT")
            except BaseException:
                _rollback(c)
                raise

    def fts_progress(self) -> tuple[int, int]:
        """(symbols in the FTS table, symbols) while it is being built; both the symbol count when ready."""
        top = self.conn.execute("SELECT max(id) FROM symbols").fetchone()[0] or 0
        if self.fts_ready():
            return top, top
        return min(top, int(self.get_meta("fts_upto") or 0)), top

    def fts_ready(self) -> bool:
        return self.fts and self.get_meta("fts_state") == "ready"

    def is_complete(self) -> bool:
        return self.get_meta("build_state") == "complete"

    # ----- writes ------------------------------------------------------------------------
    def write_batch(self, rows: Sequence[tuple[tuple[Any, ...], Any]], deleted: Iterable[str] = ()) -> None:
        """Write parsed files in one transaction. Each row is (file_row, result) where file_row is
        (path, language, size, mtime_ns, sha, status, has_errors, error) and result a FileResult or None."""
        c = self.conn
        with self.write_lock:
            c.execute("BEGIN IMMEDIATE")
            try:
                for path in deleted:
                    self._delete_path(c, path)
                next_fid = (c.execute("SELECT max(id) FROM files").fetchone()[0] or 0) + 1
                old_ids = self._ids_of(c, [file_row[0] for file_row, _r in rows])
                for fid in old_ids.values():
                    self._delete_rows(c, fid)
                next_id = (c.execute("SELECT max(id) FROM symbols").fetchone()[0] or 0) + 1  # after the deletes
                next_ref = (c.execute("SELECT max(rowid) FROM refs").fetchone()[0] or 0) + 1
                file_rows: list[tuple[Any, ...]] = []
                imp_rows: list[tuple[Any, ...]] = []
                for file_row, result in rows:
                    known = old_ids.get(file_row[0])
                    if known is None:
                        fid, next_fid = next_fid, next_fid + 1
                    else:
                        fid = known
                    n = len(result.symbols) if result is not None else 0
                    n_refs = len(result.refs) if result is not None else 0
                    file_rows.append((fid, *file_row[:7], n, file_row[7], next_id, next_ref, n_refs))
                    if result is None:
                        continue
                    # The extractor's rows are bound as they are, the file's id and first symbol id written into
                    # the statement (integers of ours): no row is copied to prepend them, in the process whose CPU
                    # the parsing workers share. A symbol's id is the next rowid (max + 1: the write lock is
                    # held), its parent's is first id + the parent's index; a reference's rowid likewise, so each
                    # file's rows are one range (sym_lo, refs_lo).
                    c.executemany(
                        "INSERT INTO symbols(id, file_id, name, qual, kind, start_line, end_line, signature, doc, exported, "
                        f"parent_id) VALUES (NULL,{int(fid)},?1,nullif(?2,?1),?3,?4,?5,?6,?7,?8,"
                        f"CASE WHEN ?9 >= 0 THEN {int(next_id)} + ?9 END)",
                        result.symbols,
                    )
                    next_id += n
                    c.executemany(f"INSERT INTO refs(file_id, name, kind, lines, n) VALUES ({int(fid)},?,?,?,?)", result.refs)
                    next_ref += n_refs
                    imp_rows.extend((fid, mod, NAME_SEP.join(names), line) for mod, names, line in result.imports)
                if next_id > 1 and (c.execute("SELECT max(id) FROM symbols").fetchone()[0] or 0) != next_id - 1:
                    raise IndexError_("symbol ids were not assigned in sequence; the batch is rolled back")
                if next_ref > 1 and (c.execute("SELECT max(rowid) FROM refs").fetchone()[0] or 0) != next_ref - 1:
                    raise IndexError_("reference rows were not assigned in sequence; the batch is rolled back")
                c.executemany(
                    "INSERT OR REPLACE INTO files(id, path, language, size, mtime_ns, sha, status, has_errors, n_symbols, error,"
                    " sym_lo, refs_lo, n_refs) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                    file_rows,
                )
                c.executemany("INSERT INTO imports VALUES (?,?,?,?)", imp_rows)
                self._bump(c)
                c.execute("COMMIT")
            except BaseException:
                _rollback(c)
                raise

    @staticmethod
    def _bump(c: sqlite3.Connection) -> None:
        c.execute("INSERT INTO meta(key, value) VALUES ('generation', 1) "
                  "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1")

    def generation(self) -> int:
        """A counter bumped by every write of index content (in any process)."""
        row = self.conn.execute("SELECT value FROM meta WHERE key='generation'").fetchone()
        return int(row[0]) if row else 0

    def touch(self, updates: Iterable[tuple[int, int, str]]) -> None:
        """Record a new (mtime_ns, size) for files whose content hash did not change."""
        c = self.conn
        with self.write_lock:
            c.execute("BEGIN IMMEDIATE")
            try:
                c.executemany("UPDATE files SET mtime_ns=?, size=? WHERE path=?", list(updates))
                c.execute("COMMIT")
            except BaseException:
                _rollback(c)
                raise

    def delete_paths(self, paths: Iterable[str]) -> None:
        self.write_batch([], deleted=paths)

    def _delete_path(self, c: sqlite3.Connection, path: str) -> None:
        row = c.execute("SELECT id FROM files WHERE path=?", (path,)).fetchone()
        if row:
            self._delete_rows(c, row[0])
            c.execute("DELETE FROM files WHERE id=?", (row[0],))

    @staticmethod
    def _ids_of(c: sqlite3.Connection, paths: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for i in range(0, len(paths), 500):
            part = paths[i : i + 500]
            out.update(c.execute(f"SELECT path, id FROM files WHERE path IN ({','.join('?' * len(part))})", part).fetchall())
        return out

    @staticmethod
    def _delete_rows(c: sqlite3.Connection, fid: int) -> None:
        row = c.execute("SELECT sym_lo, n_symbols, refs_lo, n_refs FROM files WHERE id=?", (fid,)).fetchone()
        if row is not None:
            sym_lo, n_symbols, refs_lo, n_refs = row
            if n_symbols:
                c.execute("DELETE FROM symbols WHERE id >= ? AND id < ?", (sym_lo, sym_lo + n_symbols))
            if n_refs:
                c.execute("DELETE FROM refs WHERE rowid >= ? AND rowid < ?", (refs_lo, refs_lo + n_refs))
        c.execute("DELETE FROM imports WHERE file_id=?", (fid,))

    # ----- reads -------------------------------------------------------------------------
    def file_count(self) -> int:
        return int(self.conn.execute("SELECT count(*) FROM files").fetchone()[0])

    def known_files(self) -> dict[str, tuple[int, int, str | None, str]]:
        """path -> (mtime_ns, size, sha, status) for every recorded file."""
        return {r[0]: (r[1], r[2], r[3], r[4]) for r in self.conn.execute("SELECT path, mtime_ns, size, sha, status FROM files")}

    def paths_in_languages(self, languages: Iterable[str]) -> list[str]:
        langs = sorted(languages)
        sql = f"SELECT path FROM files WHERE language IN ({','.join('?' * len(langs))})"
        return [r[0] for r in self.conn.execute(sql, langs)]

    def db_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal"):
            try:
                total += os.path.getsize(f"{self.path}{suffix}")
            except OSError:
                pass
        return total
