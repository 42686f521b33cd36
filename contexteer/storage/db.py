"""One PostgreSQL database for every replica: a connection pool, versioned migrations, advisory locks.

`open_database(url)` returns the process's one `Database` for that URL (a pool is shared by everything
that uses it and closed at exit). Opening connects once directly, so a wrong host, password or database
name is reported in the driver's own words, then applies the migrations of `contexteer.storage.schema`
that the database does not have yet, holding a session-level advisory lock so that replicas starting
at the same moment migrate once. A database whose schema is newer than this version is refused.

Connections run in autocommit; `transaction()` groups statements, and `lock(conn, key)` takes a
transaction-scoped advisory lock (serialising, say, memory writes of one project across replicas the
way the lock file does on one machine). Waiting for a lock is bounded by `LOCK_TIMEOUT_SECONDS`.
The driver (psycopg 3 and psycopg_pool) is the optional extra `contexteer[postgres]`, imported only here.
"""

from __future__ import annotations

import atexit
import logging
import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from contexteer.errors import ConfigError, StorageError
from contexteer.storage.schema import LATEST, MIGRATION_LOCK, MIGRATIONS

logger = logging.getLogger(__name__)

#: How long a statement may wait for a lock (a row or an advisory lock) before it fails.
LOCK_TIMEOUT_SECONDS = 30
CONNECT_TIMEOUT_SECONDS = 10
POOL_MAX = 16
_PASSWORD_IN_URL = re.compile(r"(://[^:/@?#]*:)[^@/?#]*@")
_PASSWORD_PARAM = re.compile(r"(password=)[^&\s]*", re.IGNORECASE)


def shown_url(url: str) -> str:
    """The URL as messages and logs may show it: any password replaced by '***'."""
    return _PASSWORD_PARAM.sub(r"\1***", _PASSWORD_IN_URL.sub(r"\1***@", url))


def _driver() -> tuple[Any, Any]:
    try:
        import psycopg
        import psycopg_pool
    except ImportError as exc:
        raise ConfigError(
            "storage.url names a PostgreSQL database, but its driver is not installed. Install the extra: "
            "pip install 'contexteer[postgres]' (psycopg 3 and psycopg_pool), or unset storage.url / "
            "CONTEXTEER_DATABASE_URL to use the embedded storage."
        ) from exc
    return psycopg, psycopg_pool


class Database:
    """A pooled PostgreSQL database with contexteer's schema applied."""

    def __init__(self, url: str, *, max_size: int = POOL_MAX, connect_timeout: float = CONNECT_TIMEOUT_SECONDS) -> None:
        psycopg, pool_mod = _driver()
        self._psycopg = psycopg
        self._pool_mod = pool_mod
        self.url = url
        self.shown = shown_url(url)
        self._probe(connect_timeout)
        self.pool = pool_mod.ConnectionPool(
            url, min_size=1, max_size=max_size, open=False, name="contexteer", timeout=30.0,
            kwargs={"autocommit": True, "application_name": "contexteer",
                    "options": f"-c lock_timeout={LOCK_TIMEOUT_SECONDS * 1000}"},
            check=pool_mod.ConnectionPool.check_connection,
        )
        try:
            self.pool.open(wait=True, timeout=connect_timeout)
        except pool_mod.PoolTimeout as exc:
            self.pool.close()
            raise StorageError(f"the PostgreSQL pool for {self.shown} did not open within {connect_timeout:.0f}s. "
                               "Check that the server accepts connections (max_connections) and retry.") from exc
        self.schema_version = self._migrate()

    # ----- connections ---------------------------------------------------------------------
    def _probe(self, timeout: float) -> None:
        """Connect once directly, so a refused connection is reported in the driver's words (no password shown)."""
        try:
            conn = self._psycopg.connect(self.url, connect_timeout=max(1, int(timeout)), autocommit=True)
        except self._psycopg.Error as exc:
            detail = " ".join(str(exc).split())
            raise StorageError(
                f"cannot connect to PostgreSQL at {self.shown}: {shown_url(detail)[:300]}. Check that the server is "
                "running and reachable, and the user, password (PGPASSWORD or ~/.pgpass keep it out of the URL) and "
                "database name in storage.url / CONTEXTEER_DATABASE_URL."
            ) from exc
        with conn:
            version = conn.info.server_version
        if version < 150000:
            raise StorageError(f"PostgreSQL at {self.shown} is version {version // 10000}; contexteer needs 15 or later. "
                               "Upgrade the server or point storage.url at another one.")

    @contextmanager
    def connection(self) -> Iterator[Any]:
        """A pooled connection (autocommit); driver errors come out as StorageError naming the database."""
        try:
            with self.pool.connection() as conn:
                yield conn
        except self._psycopg.errors.LockNotAvailable as exc:
            raise StorageError(
                f"a lock in the database was held by another replica for more than {LOCK_TIMEOUT_SECONDS}s; "
                "another contexteer may be stuck. Retry; if it persists, look at pg_stat_activity."
            ) from exc
        except (self._psycopg.Error, self._pool_mod.PoolTimeout) as exc:
            raise StorageError(f"the database {self.shown} failed: {' '.join(str(exc).split())[:300]}. "
                               "Check that PostgreSQL is up; the call can be retried.") from exc

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A connection inside one transaction: committed when the block ends, rolled back when it raises."""
        with self.connection() as conn, conn.transaction():
            yield conn

    @staticmethod
    def lock(conn: Any, key: str) -> None:
        """Take the transaction-scoped advisory lock named `key` (waits at most LOCK_TIMEOUT_SECONDS)."""
        conn.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", (key,))

    def close(self) -> None:
        self.pool.close()

    # ----- migrations ----------------------------------------------------------------------
    def _migrate(self) -> int:
        """Apply missing migrations under a session advisory lock; return the schema version now in place."""
        with self._psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS) as conn:
            started = time.monotonic()
            conn.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
            try:
                conn.execute("CREATE TABLE IF NOT EXISTS contexteer_schema (version integer PRIMARY KEY, "
                             "description text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())")
                row = conn.execute("SELECT coalesce(max(version), 0) FROM contexteer_schema").fetchone()
                current = int(row[0]) if row else 0
                if current > LATEST:
                    raise StorageError(
                        f"the database {self.shown} has contexteer schema version {current}, newer than this contexteer "
                        f"knows ({LATEST}): another replica runs a newer version. Upgrade this one too."
                    )
                for version, description, sql in MIGRATIONS:
                    if version <= current:
                        continue
                    with conn.transaction():
                        conn.execute(sql)
                        conn.execute("INSERT INTO contexteer_schema (version, description) VALUES (%s, %s)",
                                     (version, description))
                    logger.info("database %s: applied schema migration %d (%s)", self.shown, version, description)
                    current = version
            except self._psycopg.Error as exc:
                raise StorageError(f"migrating the database {self.shown} failed: {' '.join(str(exc).split())[:300]}. "
                                   "Check that the user may create tables there.") from exc
            finally:
                conn.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))
            logger.debug("database %s: schema version %d (%.0f ms)", self.shown, current, 1000 * (time.monotonic() - started))
            return current


_open: dict[str, Database] = {}
_guard = threading.Lock()


def open_database(url: str) -> Database:
    """The process's one Database for `url` (opened, and migrated, on first use)."""
    with _guard:
        db = _open.get(url)
        if db is None:
            db = Database(url)
            _open[url] = db
        return db


def close_all() -> None:
    """Close every pool this process opened (at exit, before the interpreter stops threads)."""
    with _guard:
        dbs = list(_open.values())
        _open.clear()
    for db in dbs:
        try:
            db.close()
        except Exception:  # noqa: BLE001 - closing at exit must not raise
            logger.debug("closing the pool of %s failed", db.shown, exc_info=True)


getattr(threading, "_register_atexit", atexit.register)(close_all)
