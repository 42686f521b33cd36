"""The result store in PostgreSQL: a handle issued by one replica is fetched through any other.

Same contract as the embedded `ResultStore` (contexteer.shaping.store): bounded by count, bytes and TTL,
least recently used evicted first, an expired or evicted handle answered with the call that recomputes it.
A result is one row of `results` (the text as UTF-8 bytes, so any text the tools produce round-trips, with
secrets already replaced by markers line for line: what fetch_result serves is redacted anyway, and the shared,
backed-up database never holds one);
a put and its eviction run in one transaction under the project's advisory lock, so replicas putting at
once never evict past the limits or lose a new entry. Dropped handles leave a row in `results_gone`
(for a TTL) so every replica can say which call recomputes them.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

import orjson

from contexteer.secrets import redact
from contexteer.shaping.fold import split_lines
from contexteer.shaping.store import (
    EntryRecord,
    Meta,
    StoredResult,
    call_text,
    checked_handle,
    expired_handle,
    new_handle,
    unknown_handle,
)
from contexteer.storage import Database

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.rows import TupleRow
    from psycopg.types.json import Jsonb

logger = logging.getLogger(__name__)


def _json(value: Meta) -> Jsonb:
    from psycopg.types.json import Jsonb

    return Jsonb(value, dumps=lambda o: orjson.dumps(o, default=str).decode())


class PgResultStore:
    """Cut results of one project in the shared database."""

    def __init__(self, db: Database, project: str, *, max_entries: int, max_bytes: int, ttl_seconds: int) -> None:
        self.db = db
        self.project = project
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.ttl = ttl_seconds
        self._lock_key = f"contexteer:results:{project}"

    def put(self, text: str, kind: str, meta: Meta | None = None) -> str:
        text, _ = redact(text, keep_lines=True)  # a secret never reaches the shared database; line numbers stay
        data = text.encode("utf-8", "surrogatepass")
        now = time.time()
        with self.db.transaction() as conn:
            self.db.lock(conn, self._lock_key)
            for _ in range(8):
                handle = new_handle()
                row = conn.execute(
                    "INSERT INTO results (project, handle, kind, data, bytes, lines, created, used, meta) "
                    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING RETURNING handle",
                    (self.project, handle, kind, data, len(data), len(split_lines(text)), now, now, _json(meta or {})),
                ).fetchone()
                if row is not None:
                    break
            else:  # pragma: no cover - 2^40 names
                raise RuntimeError("no free handle name")
            self._evict(conn, now, keep=handle, keep_bytes=len(data))
        return handle

    def get(self, handle: str) -> StoredResult:
        handle = checked_handle(handle)
        now = time.time()
        with self.db.connection() as conn:
            row = conn.execute(
                "UPDATE results SET used = %s WHERE project = %s AND handle = %s RETURNING kind, data, created, meta",
                (now, self.project, handle), binary=True,  # bytea in binary: a third of the time of its hex text form
            ).fetchone()
            if row is None:
                gone = conn.execute("SELECT call FROM results_gone WHERE project = %s AND handle = %s",
                                    (self.project, handle)).fetchone()
                raise unknown_handle(handle, gone[0] if gone else None, self.ttl, self.max_entries)
            kind, data, created, meta = row
            if now - created > self.ttl:
                with conn.transaction():
                    self._drop(conn, [(handle, meta)], now)
                raise expired_handle(handle, meta, self.ttl)
        text = bytes(data).decode("utf-8", "surrogatepass")
        return StoredResult(handle=handle, text=text, kind=kind, created=created, meta=dict(meta or {}))

    def entries(self) -> dict[str, EntryRecord]:
        with self.db.connection() as conn:
            rows = conn.execute("SELECT handle, kind, bytes, lines, created, used, meta FROM results WHERE project = %s",
                                (self.project,)).fetchall()
        return {h: EntryRecord(kind=k, bytes=b, lines=n, created=c, used=u, meta=m) for h, k, b, n, c, u, m in rows}

    def total_bytes(self) -> int:
        with self.db.connection() as conn:
            row = conn.execute("SELECT coalesce(sum(bytes), 0) FROM results WHERE project = %s", (self.project,)).fetchone()
        return int(row[0]) if row else 0

    # ----- internals ---------------------------------------------------------------------------
    def _evict(self, conn: Connection[TupleRow], now: float, *, keep: str, keep_bytes: int) -> None:
        """Drop expired entries, then the least recently used until count and bytes fit (never `keep`)."""
        expired = conn.execute(
            "DELETE FROM results WHERE project = %s AND created < %s AND handle <> %s RETURNING handle, meta",
            (self.project, now - self.ttl, keep),
        ).fetchall()
        over = conn.execute(
            """
            WITH ranked AS (
                SELECT handle,
                       row_number() OVER w AS n,
                       sum(bytes) OVER w AS cum
                FROM results WHERE project = %(p)s AND handle <> %(keep)s
                WINDOW w AS (ORDER BY used DESC, handle DESC)
            )
            DELETE FROM results r USING ranked
            WHERE r.project = %(p)s AND r.handle = ranked.handle
              AND (ranked.n + 1 > %(max_n)s OR ranked.cum + %(keep_bytes)s > %(max_b)s)
            RETURNING r.handle, r.meta
            """,
            {"p": self.project, "keep": keep, "max_n": self.max_entries, "max_b": self.max_bytes, "keep_bytes": keep_bytes},
        ).fetchall()
        self._drop(conn, [*expired, *over], now, deleted=True)
        conn.execute("DELETE FROM results_gone WHERE project = %s AND at < %s", (self.project, now - max(self.ttl, 3600)))

    def _drop(self, conn: Connection[TupleRow], rows: list[tuple[str, Meta]], now: float, *, deleted: bool = False) -> None:
        """Remember how to recompute each dropped handle (and delete its row unless that was done already)."""
        for handle, meta in rows:
            if not deleted:
                conn.execute("DELETE FROM results WHERE project = %s AND handle = %s", (self.project, handle))
            conn.execute(
                "INSERT INTO results_gone (project, handle, call, at) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (project, handle) DO UPDATE SET call = excluded.call, at = excluded.at",
                (self.project, handle, call_text(meta), now),
            )
