"""The SQLite store of the structure index: schema, versioning, batched writes and the read queries.

One database per project (`<data dir>/index.sqlite`), WAL mode so readers never block the writer.
A schema version in `meta`; a database of another version, or one SQLite cannot open, is deleted
and rebuilt rather than crashed on. Every file's rows are written in the same transaction as its
`files` row, so a build killed half-way leaves a consistent index of the files it finished; the
`build_state` meta key says whether the last cold build completed (secondary indexes and the FTS
table are created at its end).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from contexteer.errors import IndexError_

logger = logging.getLogger(__name__)

SCHEMA_VERSION = 6  # 6: C repairs (kernel macros), Rust items in macros and impl symbols; 5: C attribute macros blanked, CommonJS require bindings are imports (older rows differ)

_TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS files(
    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, language TEXT, size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL, sha TEXT, status TEXT NOT NULL, has_errors INTEGER NOT NULL DEFAULT 0,
    n_symbols INTEGER NOT NULL DEFAULT 0, error TEXT);
CREATE TABLE IF NOT EXISTS symbols(
    id INTEGER PRIMARY KEY, file_id INTEGER NOT NULL, name TEXT NOT NULL, qualname TEXT NOT NULL,
    kind TEXT NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, signature TEXT,
    doc TEXT, exported INTEGER NOT NULL, parent_id INTEGER);
CREATE TABLE IF NOT EXISTS refs(file_id INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL, lines TEXT NOT NULL, n INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS imports(file_id INTEGER NOT NULL, module TEXT NOT NULL, names TEXT NOT NULL, line INTEGER NOT NULL);
"""

_INDEXES = """
CREATE INDEX IF NOT EXISTS symbols_file ON symbols(file_id, start_line);
CREATE INDEX IF NOT EXISTS symbols_name ON symbols(name);
CREATE INDEX IF NOT EXISTS symbols_qualname ON symbols(qualname);
CREATE INDEX IF NOT EXISTS refs_name ON refs(name);
CREATE INDEX IF NOT EXISTS refs_file ON refs(file_id);
CREATE INDEX IF NOT EXISTS imports_file ON imports(file_id);
"""

_FTS = """
CREATE VIRTUAL TABLE IF NOT EXISTS symbols_fts USING fts5(
    qualname, content='symbols', content_rowid='id', tokenize='trigram');
"""
# The qualname ends with the name, so one trigram index over qualnames serves substring search on both.
_FTS_TRIGGERS = """
CREATE TRIGGER IF NOT EXISTS symbols_ai AFTER INSERT ON symbols BEGIN
  INSERT INTO symbols_fts(rowid, qualname) VALUES (new.id, new.qualname); END;
CREATE TRIGGER IF NOT EXISTS symbols_ad AFTER DELETE ON symbols BEGIN
  INSERT INTO symbols_fts(symbols_fts, rowid, qualname) VALUES ('delete', old.id, old.qualname); END;
"""

NAME_SEP = "\x1f"  # joins an import's names in one column


def _fts_available(conn: sqlite3.Connection) -> bool:
    try:
        conn.execute("CREATE VIRTUAL TABLE temp.fts_probe USING fts5(x, tokenize='trigram')")
        conn.execute("DROP TABLE temp.fts_probe")
        return True
    except sqlite3.OperationalError:
        return False


class Store:
    """Thread-aware access to the index database: one connection per thread, one writer at a time."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._conns: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self.write_lock = threading.RLock()  # serialises writers inside this process
        self._open_or_rebuild()

    # ----- lifecycle -------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute("PRAGMA temp_store=MEMORY")
            conn.execute("PRAGMA cache_size=-16000")
        except sqlite3.Error:
            conn.close()
            raise
        with self._lock:
            self._conns.append(conn)
        return conn

    @property
    def conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            try:
                conn = self._local.conn = self._connect()
            except sqlite3.Error as exc:
                raise IndexError_(
                    f"the index database {self.path} cannot be opened ({exc}). Delete it; it is rebuilt on the next start."
                ) from exc
        return conn

    def _open_or_rebuild(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for attempt in range(2):
            try:
                conn = self._local.conn = self._connect()
                version = self._version(conn)
                if version is not None and version != SCHEMA_VERSION:
                    logger.info("index schema %s != %s: rebuilding %s", version, SCHEMA_VERSION, self.path)
                    raise sqlite3.DatabaseError("schema version mismatch")
                conn.executescript(_TABLES)
                if version is None:
                    self.set_meta("schema_version", str(SCHEMA_VERSION))
                    self.set_meta("build_state", "empty")
                self.fts = _fts_available(conn)
                conn.execute("SELECT count(*) FROM files").fetchone()
                return
            except sqlite3.DatabaseError as exc:
                if attempt:
                    raise IndexError_(f"the index database {self.path} cannot be created ({exc}). Check the data dir's permissions and free space.") from exc
                logger.warning("index database %s unusable (%s): deleting and rebuilding it", self.path, exc)
                self.close()
                for suffix in ("", "-wal", "-shm"):
                    try:
                        os.unlink(f"{self.path}{suffix}")
                    except FileNotFoundError:
                        pass

    @staticmethod
    def _version(conn: sqlite3.Connection) -> int | None:
        has_meta = conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='meta'").fetchone()
        if not has_meta:
            return None
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row and str(row[0]).isdigit() else -1

    def close(self) -> None:
        with self._lock:
            for conn in self._conns:
                try:
                    conn.close()
                except sqlite3.Error:
                    pass
            self._conns.clear()
        self._local = threading.local()

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
        for name in ("symbols_file", "symbols_name", "symbols_qualname", "refs_name", "refs_file", "imports_file"):
            c.execute(f"DROP INDEX IF EXISTS {name}")
        c.execute("DROP TRIGGER IF EXISTS symbols_ai")
        c.execute("DROP TRIGGER IF EXISTS symbols_ad")
        c.execute("DROP TABLE IF EXISTS symbols_fts")
        self.set_meta("fts_state", "")
        self.set_meta("build_state", "building")

    def finish_build(self) -> None:
        """Create the secondary indexes, rebuild the FTS table, mark the index complete."""
        c = self.conn
        with self.write_lock:
            c.execute("BEGIN IMMEDIATE")
            try:
                for stmt in _INDEXES.strip().split(";\n"):
                    c.execute(stmt)
                self.set_meta("build_state", "complete")
                self.set_meta("built_at", str(time.time()))
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
                raise
        c.execute("PRAGMA optimize")

    def build_fts(self) -> None:
        """Create the trigram index of qualnames (and the triggers that keep it current), if SQLite has
        FTS5 and it is missing. Until then substring search scans with LIKE."""
        if not self.fts or self.fts_ready():
            return
        c = self.conn
        with self.write_lock:
            c.execute("BEGIN IMMEDIATE")
            if self.fts_ready():  # another thread or process built it while this one waited for the lock
                c.execute("COMMIT")
                return
            try:
                c.execute("DROP TABLE IF EXISTS symbols_fts")
                c.execute(_FTS.strip().rstrip(";"))
                c.execute("INSERT INTO symbols_fts(symbols_fts) VALUES ('rebuild')")
                for stmt in _FTS_TRIGGERS.strip().split("END;"):
                    if stmt.strip():
                        c.execute(stmt + "END;")
                self.set_meta("fts_state", "ready")
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
                raise

    def fts_ready(self) -> bool:
        return self.fts and self.get_meta("fts_state") == "ready"

    def is_complete(self) -> bool:
        return self.get_meta("build_state") == "complete"

    # ----- writes ------------------------------------------------------------------------
    def write_batch(self, rows: Sequence[tuple[tuple, Any]], deleted: Iterable[str] = ()) -> None:
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
                file_rows: list[tuple] = []
                imp_rows: list[tuple] = []
                for file_row, result in rows:
                    known = old_ids.get(file_row[0])
                    if known is None:
                        fid, next_fid = next_fid, next_fid + 1
                    else:
                        fid = known
                    n = len(result.symbols) if result is not None else 0
                    file_rows.append((fid, *file_row[:7], n, file_row[7]))
                    if result is None:
                        continue
                    # The extractor's rows are bound as they are, the file's id and first symbol id written into
                    # the statement (integers of ours): no row is copied to prepend them, in the process whose CPU
                    # the parsing workers share. A symbol's id is the next rowid (max + 1: the write lock is
                    # held), its parent's is first id + the parent's index.
                    c.executemany(
                        f"INSERT INTO symbols VALUES (NULL,{int(fid)},?1,?2,?3,?4,?5,?6,?7,?8,"
                        f"CASE WHEN ?9 >= 0 THEN {int(next_id)} + ?9 END)",
                        result.symbols,
                    )
                    next_id += n
                    c.executemany(f"INSERT INTO refs VALUES ({int(fid)},?,?,?,?)", result.refs)
                    imp_rows.extend((fid, mod, NAME_SEP.join(names), line) for mod, names, line in result.imports)
                if next_id > 1 and (c.execute("SELECT max(id) FROM symbols").fetchone()[0] or 0) != next_id - 1:
                    raise IndexError_("symbol ids were not assigned in sequence; the batch is rolled back")
                c.executemany(
                    "INSERT OR REPLACE INTO files(id, path, language, size, mtime_ns, sha, status, has_errors, n_symbols, error)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?)",
                    file_rows,
                )
                c.executemany("INSERT INTO imports VALUES (?,?,?,?)", imp_rows)
                self._bump(c)
                c.execute("COMMIT")
            except BaseException:
                c.execute("ROLLBACK")
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
                c.execute("ROLLBACK")
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
        c.execute("DELETE FROM symbols WHERE file_id=?", (fid,))
        c.execute("DELETE FROM refs WHERE file_id=?", (fid,))
        c.execute("DELETE FROM imports WHERE file_id=?", (fid,))

    # ----- reads -------------------------------------------------------------------------
    def known_files(self) -> dict[str, tuple[int, int, str | None, str]]:
        """path -> (mtime_ns, size, sha, status) for every recorded file."""
        return {r[0]: (r[1], r[2], r[3], r[4]) for r in self.conn.execute("SELECT path, mtime_ns, size, sha, status FROM files")}

    def db_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal"):
            try:
                total += os.path.getsize(f"{self.path}{suffix}")
            except OSError:
                pass
        return total
