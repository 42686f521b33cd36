"""The structure index in PostgreSQL: the SQLite store's interface over the tables every replica shares.

`PgStore(db, project)` offers what `contexteer.indexers.store.Store` offers to the index and its queries, over
the `index_*` tables of contexteer.storage.schema (migration 2), every row keyed by the project. Its connections
(a small pool of its own) have `contexteer.project` set to the project and the schema `contexteer_index` first
on their search path, whose views `files`, `symbols`, `refs`, `imports` and `meta` show this project's rows
under the SQLite table names: the read SQL of `IndexQueries` runs on both backends, turned into PostgreSQL's
dialect by `pg_sql` (placeholders, and ILIKE where SQLite's LIKE ignores ASCII case). Name search is served by
trigram indexes (`pg_trgm`) behind those ILIKEs when the extension exists (`trigram`), by scans otherwise;
there is no separate substring table to fill (`fts` is False: nothing runs in the background).

Writes go to the tables directly, one transaction per batch holding the project's write lock (a transaction
advisory lock), so replicas' writes never interleave and a batch is all or nothing; ids are assigned as in
SQLite (each file's symbols and references one range). `build_lock()` is the cross-replica lock the builder
holds for a cold build or a sweep (a session advisory lock on a connection of its own), in place of the
SQLite index's lock file: a replica that finds it held waits for the build (or skips its sweep) and answers
from what is committed; every write bumps the `generation` meta row, which every replica reads.
"""

from __future__ import annotations

import functools
import logging
import re
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeAlias

import filelock

from contexteer.errors import ContexteerError, IndexError_
from contexteer.indexers.store import NAME_SEP
from contexteer.storage import Database
from contexteer.workspace import Workspace

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.rows import TupleRow

    from contexteer.indexers.extract import FileResult

logger = logging.getLogger(__name__)

#: A row as the driver returns it (a tuple of the selected columns).
Row: TypeAlias = tuple[Any, ...]

POOL_MAX = 8
#: How often a waiting acquire of the build lock asks again.
LOCK_POLL_SECONDS = 0.1
_TABLES = ("index_meta", "index_files", "index_symbols", "index_refs", "index_imports")
_PLACEHOLDER = re.compile(r"\?")
_LIKE = re.compile(r"\bLIKE\b")


@functools.lru_cache(maxsize=1024)
def pg_sql(sql: str) -> str:
    """SQLite-flavoured read SQL in PostgreSQL's dialect: `?` placeholders become `%s` (a literal `%` is
    doubled), and LIKE becomes ILIKE (SQLite's LIKE ignores ASCII case; PostgreSQL's does not)."""
    return _LIKE.sub("ILIKE", _PLACEHOLDER.sub("%s", sql.replace("%", "%%")))


class Rows(list[Row]):
    """A statement's rows, read whole (the connection goes back to the pool before they are used)."""

    def fetchone(self) -> Row | None:
        return self[0] if self else None

    def fetchall(self) -> list[Row]:
        return list(self)


def _aggregate(row: Row | None) -> int:
    """The integer an aggregate (count, max, sum) returns; its NULL over no rows is 0."""
    return int(row[0] or 0) if row else 0


def _no_nul(value: object) -> object:
    return value.replace("\x00", "\ufffd") if isinstance(value, str) else value


class PgBuildLock:
    """The project's build lock across replicas, with the interface of the lock file it replaces (`acquire(timeout)`
    raising filelock.Timeout, `release()`): re-entrant within the process, as the lock file is for its threads.
    A session advisory lock on a connection of its own: a replica that dies releases it with its connection."""

    def __init__(self, url: str, key: str) -> None:
        self.url = url
        self.key = key
        self.lock_file = key  # what filelock.Timeout names
        self._conn: Connection[TupleRow] | None = None
        self._count = 0
        self._mutex = threading.Lock()

    @property
    def is_locked(self) -> bool:
        return self._count > 0

    def _connection(self) -> Connection[TupleRow]:
        import psycopg

        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(self.url, autocommit=True, application_name="contexteer-index-lock")
        return self._conn

    def _try(self) -> bool:
        import psycopg

        try:
            row = self._connection().execute("SELECT pg_try_advisory_lock(hashtext(%s))", (self.key,)).fetchone()
        except psycopg.Error as exc:
            self._drop()
            raise IndexError_(f"the index's build lock in the database cannot be taken ({' '.join(str(exc).split())[:200]}). "
                              "Check that PostgreSQL is up; the call can be retried.") from exc
        return bool(row and row[0])

    def acquire(self, timeout: float = -1) -> None:
        deadline = None if timeout < 0 else time.monotonic() + timeout
        while True:
            with self._mutex:
                if self._count or self._try():
                    self._count += 1
                    return
            if deadline is not None and time.monotonic() >= deadline:
                raise filelock.Timeout(self.lock_file)
            time.sleep(LOCK_POLL_SECONDS if deadline is None else max(0.0, min(LOCK_POLL_SECONDS, deadline - time.monotonic())))

    def release(self) -> None:
        import psycopg

        with self._mutex:
            if self._count == 0:
                return
            self._count -= 1
            if self._count == 0 and self._conn is not None:
                try:
                    self._conn.execute("SELECT pg_advisory_unlock(hashtext(%s))", (self.key,))
                except psycopg.Error as exc:  # the connection is gone: so is its lock
                    logger.debug("releasing the index build lock failed: %s", exc)
                    self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except Exception:  # noqa: BLE001 - closing a broken connection
                logger.debug("closing the build lock's connection failed", exc_info=True)
            self._conn = None

    def close(self) -> None:
        with self._mutex:
            self._count = 0
            self._drop()


class PgStore:
    """One project's structure index in the shared database (the interface of `Store`)."""

    #: No separate substring index to fill in the background: the trigram indexes follow every write.
    fts = False

    def __init__(self, db: Database, project: str) -> None:
        import psycopg
        import psycopg_pool

        self._psycopg = psycopg
        self.db = db
        self.project = project
        self.where = f"{db.shown} (project {project})"
        self._closed = False
        self._busy: dict[threading.Thread, Connection[TupleRow]] = {}  # the connection each thread is using, to interrupt
        self._busy_lock = threading.Lock()
        self._build_lock = PgBuildLock(db.url, f"contexteer:index-build:{project}")

        def configure(conn: Connection[TupleRow]) -> None:
            conn.execute("SELECT set_config('contexteer.project', %s, false), "
                         "set_config('search_path', 'contexteer_index, ' || current_setting('search_path'), false)",
                         (project,))

        self.pool = psycopg_pool.ConnectionPool(
            db.url, min_size=1, max_size=POOL_MAX, open=False, name=f"contexteer-index-{project}", timeout=30.0,
            kwargs={"autocommit": True, "application_name": "contexteer-index"}, configure=configure,
        )
        try:
            self.pool.open(wait=True, timeout=10)
            with self._conn() as conn:
                self.trigram = _has_trigram(conn)
                if self.trigram:
                    _ensure_trigram_indexes(conn)
        except BaseException:
            self.pool.close()
            raise
        with self._conn() as conn:  # a new project's index is empty (another replica may be creating it too)
            conn.execute("INSERT INTO index_meta (project, key, value) VALUES (%s, 'build_state', 'empty') "
                         "ON CONFLICT DO NOTHING", (project,))

    # ----- connections -----------------------------------------------------------------
    @contextmanager
    def _conn(self) -> Iterator[Connection[TupleRow]]:
        if self._closed:
            raise IndexError_(f"the index in {self.where} was closed (the server is stopping); open it again to query it.")
        me = threading.current_thread()
        try:
            with self.pool.connection() as conn:
                with self._busy_lock:
                    self._busy[me] = conn
                try:
                    yield conn
                finally:
                    with self._busy_lock:
                        self._busy.pop(me, None)
        except self._psycopg.errors.QueryCanceled as exc:
            raise IndexError_(f"an index statement in {self.where} was interrupted (the index is closing)") from exc
        except self._psycopg.Error as exc:
            raise IndexError_(f"the index in {self.where} failed: {' '.join(str(exc).split())[:300]}. Check that "
                              "PostgreSQL is up; the call can be retried.") from exc

    @contextmanager
    def _write(self) -> Iterator[Connection[TupleRow]]:
        """One transaction holding the project's write lock (replicas' writes of one project never interleave)."""
        with self._conn() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (f"contexteer:index-write:{self.project}",))
            yield conn

    def execute(self, sql: str, params: Sequence[object] = ()) -> Rows:
        """Run read SQL written for SQLite (see pg_sql) on this project's rows; its rows, read whole."""
        with self._conn() as conn:
            return Rows(conn.execute(pg_sql(sql), params).fetchall())

    def build_lock(self) -> PgBuildLock:
        """The lock a builder holds across replicas (the SQLite index's lock file here)."""
        return self._build_lock

    def close(self) -> None:
        self._closed = True
        self._build_lock.close()
        self.pool.close()

    def close_thread(self) -> None:
        """Nothing to do: connections go back to the pool after each statement."""

    def interrupt(self, thread: threading.Thread) -> None:
        """Cancel the statement `thread` is running, if any (its transaction is rolled back)."""
        with self._busy_lock:
            conn = self._busy.get(thread)
        if conn is not None:
            try:
                conn.cancel_safe(timeout=2.0)
            except Exception as exc:  # noqa: BLE001 - it ended meanwhile
                logger.debug("cancelling an index statement failed: %s", exc)

    # ----- meta ------------------------------------------------------------------------
    def get_meta(self, key: str) -> str | None:
        row = self.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def set_meta(self, key: str, value: str) -> None:
        with self._conn() as conn:
            self._set_meta(conn, key, value)

    def _set_meta(self, conn: Connection[TupleRow], key: str, value: str) -> None:
        conn.execute("INSERT INTO index_meta (project, key, value) VALUES (%s, %s, %s) "
                     "ON CONFLICT (project, key) DO UPDATE SET value = excluded.value", (self.project, key, value))

    # ----- builds ----------------------------------------------------------------------
    def begin_cold(self) -> None:
        """Mark a cold build (the shared tables keep their indexes: other projects use them)."""
        self.set_meta("fts_state", "")
        self.set_meta("build_state", "building")

    def finish_build(self) -> None:
        """Mark the index complete, and refresh the planner's statistics after the bulk load."""
        with self._write() as conn:
            self._set_meta(conn, "build_state", "complete")
            self._set_meta(conn, "built_at", str(time.time()))
        with self._conn() as conn:
            for table in _TABLES:
                conn.execute(f"ANALYZE {table}")

    def checkpoint(self) -> None:
        """Nothing to do (PostgreSQL checkpoints itself)."""

    def build_fts(self, *, cancelled: Callable[[], bool] = lambda: False,
                  progress: Callable[[int, int], None] | None = None, batch: int = 0) -> bool:
        """Nothing to fill: the trigram indexes follow every write. True (ready)."""
        return True

    def fts_progress(self) -> tuple[int, int]:
        return 0, 0

    def fts_ready(self) -> bool:
        """False: `IndexQueries` adds no FTS5 pre-filter here (its ILIKEs use the trigram indexes themselves)."""
        return False

    def is_complete(self) -> bool:
        return self.get_meta("build_state") == "complete"

    # ----- writes ------------------------------------------------------------------------
    def write_batch(self, rows: Sequence[tuple[Row, FileResult | None]], deleted: Iterable[str] = ()) -> None:
        """Write parsed files in one transaction (see Store.write_batch); text with a NUL character (which
        PostgreSQL cannot store) has it replaced by U+FFFD."""
        deleted = list(deleted)
        try:
            self._write_batch(rows, deleted, clean=False)
        except IndexError_ as exc:
            if not isinstance(exc.__cause__, self._psycopg.DataError):
                raise
            self._write_batch(rows, deleted, clean=True)

    def _write_batch(self, rows: Sequence[tuple[Row, FileResult | None]], deleted: list[str], *, clean: bool) -> None:
        p = self.project
        with self._write() as conn:
            for path in deleted:
                self._delete_path(conn, path)
            next_fid = self._next(conn, "index_files")
            old_ids = self._ids_of(conn, [file_row[0] for file_row, _r in rows])
            for fid in old_ids.values():
                self._delete_rows(conn, fid)
            next_id = self._next(conn, "index_symbols")
            next_ref = self._next(conn, "index_refs")
            file_rows: list[Row] = []
            sym_rows: list[Row] = []
            ref_rows: list[Row] = []
            imp_rows: list[Row] = []
            for file_row, result in rows:
                known = old_ids.get(file_row[0])
                if known is None:
                    fid, next_fid = next_fid, next_fid + 1
                else:
                    fid = known
                n = len(result.symbols) if result is not None else 0
                n_refs = len(result.refs) if result is not None else 0
                file_rows.append((p, fid, *file_row[:7], n, file_row[7], next_id, next_ref, n_refs))
                if result is None:
                    continue
                for i, (name, qual, kind, start, end, sig, doc, exported, parent) in enumerate(result.symbols):
                    sym_rows.append((p, next_id + i, fid, name, None if qual == name else qual, kind, start, end, sig, doc,
                                     int(exported), next_id + parent if parent is not None and parent >= 0 else None))
                next_id += n
                ref_rows.extend((p, next_ref + i, fid, *ref) for i, ref in enumerate(result.refs))
                next_ref += n_refs
                imp_rows.extend((p, fid, mod, NAME_SEP.join(names), line) for mod, names, line in result.imports)
            if clean:
                file_rows, sym_rows, ref_rows, imp_rows = ([tuple(map(_no_nul, r)) for r in part]
                                                           for part in (file_rows, sym_rows, ref_rows, imp_rows))
            conn.cursor().executemany(
                "INSERT INTO index_files (project, id, path, language, size, mtime_ns, sha, status, has_errors, n_symbols, "
                "error, sym_lo, refs_lo, n_refs) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s) "
                "ON CONFLICT (project, id) DO UPDATE SET path=excluded.path, language=excluded.language, size=excluded.size, "
                "mtime_ns=excluded.mtime_ns, sha=excluded.sha, status=excluded.status, has_errors=excluded.has_errors, "
                "n_symbols=excluded.n_symbols, error=excluded.error, sym_lo=excluded.sym_lo, refs_lo=excluded.refs_lo, "
                "n_refs=excluded.n_refs",
                file_rows,
            )
            self._copy(conn, "index_symbols (project, id, file_id, name, qual, kind, start_line, end_line, signature, doc, "
                       "exported, parent_id)", sym_rows)
            self._copy(conn, "index_refs (project, id, file_id, name, kind, lines, n)", ref_rows)
            self._copy(conn, "index_imports (project, file_id, module, names, line)", imp_rows)
            self._bump(conn)

    @staticmethod
    def _copy(conn: Connection[TupleRow], target: str, rows: list[Row]) -> None:
        if not rows:
            return
        with conn.cursor() as cur, cur.copy(f"COPY {target} FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)

    def _next(self, conn: Connection[TupleRow], table: str) -> int:
        return _aggregate(conn.execute(f"SELECT max(id) FROM {table} WHERE project = %s", (self.project,)).fetchone()) + 1

    def _bump(self, conn: Connection[TupleRow]) -> None:
        conn.execute("INSERT INTO index_meta (project, key, value) VALUES (%s, 'generation', '1') ON CONFLICT (project, key) "
                     "DO UPDATE SET value = (index_meta.value::bigint + 1)::text", (self.project,))

    def generation(self) -> int:
        """A counter bumped by every write of index content (by any replica)."""
        value = self.get_meta("generation")
        return int(value) if value else 0

    def touch(self, updates: Iterable[tuple[int, int, str]]) -> None:
        """Record a new (mtime_ns, size) for files whose content hash did not change."""
        rows = [(m, s, self.project, path) for m, s, path in updates]
        if not rows:
            return
        with self._write() as conn:
            conn.cursor().executemany("UPDATE index_files SET mtime_ns=%s, size=%s WHERE project=%s AND path=%s", rows)

    def delete_paths(self, paths: Iterable[str]) -> None:
        self.write_batch([], deleted=paths)

    def _delete_path(self, conn: Connection[TupleRow], path: str) -> None:
        row = conn.execute("SELECT id FROM index_files WHERE project=%s AND path=%s", (self.project, path)).fetchone()
        if row:
            self._delete_rows(conn, row[0])
            conn.execute("DELETE FROM index_files WHERE project=%s AND id=%s", (self.project, row[0]))

    def _ids_of(self, conn: Connection[TupleRow], paths: list[str]) -> dict[str, int]:
        if not paths:
            return {}
        rows = conn.execute("SELECT path, id FROM index_files WHERE project=%s AND path = ANY(%s)", (self.project, paths))
        return {path: int(fid) for path, fid in rows}

    def _delete_rows(self, conn: Connection[TupleRow], fid: int) -> None:
        p = self.project
        row = conn.execute("SELECT sym_lo, n_symbols, refs_lo, n_refs FROM index_files WHERE project=%s AND id=%s",
                           (p, fid)).fetchone()
        if row is not None:
            sym_lo, n_symbols, refs_lo, n_refs = row
            if n_symbols:
                conn.execute("DELETE FROM index_symbols WHERE project=%s AND id >= %s AND id < %s", (p, sym_lo, sym_lo + n_symbols))
            if n_refs:
                conn.execute("DELETE FROM index_refs WHERE project=%s AND id >= %s AND id < %s", (p, refs_lo, refs_lo + n_refs))
        conn.execute("DELETE FROM index_imports WHERE project=%s AND file_id=%s", (p, fid))

    # ----- reads -------------------------------------------------------------------------
    def file_count(self) -> int:
        return _aggregate(self.execute("SELECT count(*) FROM files").fetchone())

    def known_files(self) -> dict[str, tuple[int, int, str | None, str]]:
        """path -> (mtime_ns, size, sha, status) for every recorded file."""
        return {r[0]: (r[1], r[2], r[3], r[4]) for r in self.execute("SELECT path, mtime_ns, size, sha, status FROM files")}

    def paths_in_languages(self, languages: Iterable[str]) -> list[str]:
        return [r[0] for r in self.execute("SELECT path FROM files WHERE language = ANY(?)", (sorted(languages),))]

    def db_bytes(self) -> int:
        """The size of the index tables and their indexes (every project's rows in this database)."""
        return _aggregate(self.execute("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c WHERE c.relname = ANY(?) "
                                       "AND c.relkind = 'r'", (list(_TABLES),)).fetchone())


_TRIGRAM_INDEXES = {
    "index_symbols_name_trgm": "CREATE INDEX IF NOT EXISTS index_symbols_name_trgm ON index_symbols USING gin (name gin_trgm_ops)",
    "index_symbols_qualname_trgm": "CREATE INDEX IF NOT EXISTS index_symbols_qualname_trgm ON index_symbols "
                                   "USING gin (qualname gin_trgm_ops)",
}


def _has_trigram(conn: Connection[TupleRow]) -> bool:
    return conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'").fetchone() is not None


def _ensure_trigram_indexes(conn: Connection[TupleRow]) -> None:
    """Create the trigram indexes migration 2 could not (pg_trgm was installed after it ran), once, under a lock."""
    rows = conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'index_symbols'").fetchall()
    missing = [name for name in _TRIGRAM_INDEXES if name not in {r[0] for r in rows}]
    if not missing:
        return
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('contexteer:index-trigram'))")
        for name in missing:
            logger.info("pg_trgm is installed now: creating the index %s (once)", name)
            conn.execute(_TRIGRAM_INDEXES[name])


def describe_index(ws: Workspace) -> tuple[bool, str, str, str]:
    """`contexteer doctor`'s line about an index in the team database: (ok, "index", what, fix). Says whether name
    search has pg_trgm's trigram indexes or falls back to LIKE scans."""
    from contexteer.storage import open_database

    url = ws.settings.storage.url or ""
    rebuild = f"`contexteer index --root {ws.root}` builds it now"
    try:
        db = open_database(url)
        with db.connection() as conn:
            trigram = _has_trigram(conn)
            state = conn.execute("SELECT value FROM index_meta WHERE project = %s AND key = 'build_state'",
                                 (ws.project_key,)).fetchone()
            files = conn.execute("SELECT count(*) FROM index_files WHERE project = %s", (ws.project_key,)).fetchone()[0]
    except ContexteerError as exc:
        return False, "index", f"the index in the team database cannot be read ({exc})", \
            "check storage.url / CONTEXTEER_DATABASE_URL and that PostgreSQL is up"
    search = ("name search uses pg_trgm's trigram indexes" if trigram else
              "pg_trgm is not installed in the database, so name search scans with LIKE (slower on large repositories); "
              "`CREATE EXTENSION pg_trgm` by a superuser, then a restart, adds the trigram indexes")
    where = f"{db.shown}, project {ws.project_key}"
    if state is None:
        return True, "index", f"{ws.root} has no index in {where} yet: the first replica builds it, or {rebuild}; {search}", ""
    if state[0] != "complete":
        return True, "index", (f"{ws.root}: a build is running or was stopped ({files} files indexed) in {where}; it resumes "
                               f"when a replica starts, or {rebuild}; {search}"), ""
    return True, "index", f"{ws.root}: complete, {files} files ({where}); {search}", ""
