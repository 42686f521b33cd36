"""Long-term memory in PostgreSQL: the same rules as the memory folder, shared by every replica.

`PgMemoryStore` and `PgCheckpoints` implement the backend primitives of `EntryStore` and
`CheckpointStore` (contexteer.memory.base, .checkpoints) over the tables of contexteer.storage.schema:
an entry is its header (the front matter, as JSON) and body; the trash keeps every replaced or deleted
version with its `deletedAt` (the newest KEEP_VERSIONS per name); read counts live beside them; the
index is rendered from the entries on every read, so it cannot drift. `with store.lock:` is one
transaction holding the project's advisory lock: concurrent saves from any number of replicas are
serialised and each is all or nothing, where the folder uses a lock file and atomic renames. A replica
killed mid-save leaves the transaction uncommitted: the entry is either fully there or not at all.
Text the database cannot hold (a NUL character) is refused with a clear error.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from contexteer.errors import InputError, NotFoundError, StorageError
from contexteer.journal import EventLog
from contexteer.memory import entries as E
from contexteer.memory import trash
from contexteer.memory.base import Access, EntryStore, TrashedVersion, TrashKey
from contexteer.memory.checkpoints import (
    Checkpoint,
    CheckpointData,
    CheckpointStore,
    missing_checkpoint,
    valid_id,
)
from contexteer.memory.entries import Entry, Header
from contexteer.memory.index import RepairReport
from contexteer.memory.storage import PAUSE_ENV, PAUSE_ON_ENV
from contexteer.storage import Database

if TYPE_CHECKING:
    from psycopg import Connection
    from psycopg.rows import TupleRow
    from psycopg.types.json import Jsonb

logger = logging.getLogger(__name__)

PAUSE_DIR_ENV = "CONTEXTEER_MEMORY_TEST_PAUSE_DIR"


def _jsonb(value: Mapping[str, object]) -> Jsonb:
    from psycopg.types.json import Jsonb

    return Jsonb(value, dumps=lambda o: orjson.dumps(o).decode())


def _refuse_nul(*texts: object) -> None:
    if any(isinstance(t, str) and "\x00" in t for t in texts):
        raise InputError("the text holds a NUL character (U+0000), which the team database cannot store and no memory "
                         "needs. Remove it and save again.")


def _test_pause(name: str) -> None:
    """Tests only: with CONTEXTEER_MEMORY_TEST_PAUSE=<seconds> and CONTEXTEER_MEMORY_TEST_PAUSE_DIR=<dir>, a write
    touches `<dir>/.paused-<name>.md` and sleeps after writing the row and before the commit, so a test can kill the
    process mid-save (CONTEXTEER_MEMORY_TEST_PAUSE_ON=<name>.md limits it to that entry), as the folder's atomic
    write does between its fsync and rename."""
    raw, where = os.environ.get(PAUSE_ENV), os.environ.get(PAUSE_DIR_ENV)
    only = os.environ.get(PAUSE_ON_ENV)
    if not raw or not where or (only and only != f"{name}.md"):
        return
    try:
        seconds = float(raw)
    except ValueError:
        return
    (Path(where) / f".paused-{name}.md").write_text(str(os.getpid()))
    time.sleep(seconds)


class TxLock:
    """`with store.lock:` in the database: one transaction holding the project's advisory lock.

    Re-entrant within a thread (a save inside an import), and every primitive called inside it runs on that
    transaction's connection, so what it reads is what it then writes over."""

    def __init__(self, db: Database, key: str) -> None:
        self.db = db
        self.key = key
        self._local = threading.local()

    def current(self) -> Connection[TupleRow] | None:
        return getattr(self._local, "conn", None)

    def __enter__(self) -> TxLock:
        depth = getattr(self._local, "depth", 0)
        if depth == 0:
            cm = self.db.transaction()
            conn = cm.__enter__()
            try:
                self.db.lock(conn, self.key)
            except BaseException:
                if not cm.__exit__(*sys.exc_info()):
                    raise
            self._local.cm, self._local.conn = cm, conn
        self._local.depth = depth + 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._local.depth -= 1
        if self._local.depth == 0:
            cm = self._local.cm
            self._local.cm = self._local.conn = None
            cm.__exit__(*exc)  # commits, or rolls back when the block raised


class PgMemoryStore(EntryStore):
    """The memory of one project in the shared database."""

    shared = True
    lock: TxLock

    def __init__(self, db: Database, project: str, *, entry_max_bytes: int = 4096, journal: EventLog | None = None,
                 clock: Callable[[], datetime] = E.now_utc) -> None:
        super().__init__(entry_max_bytes=entry_max_bytes, journal=journal, clock=clock)
        self.db = db
        self.project = project
        self.lock = TxLock(db, f"contexteer:memory:{project}")

    @contextmanager
    def _conn(self) -> Iterator[Connection[TupleRow]]:
        conn = self.lock.current()
        if conn is not None:
            yield conn
            return
        with self.db.connection() as fresh:
            yield fresh

    def where(self) -> str:
        return f"the team database {self.db.shown} (project {self.project})"

    # ----- entries -----------------------------------------------------------------------------
    def headers(self) -> list[Header]:
        with self._conn() as conn:
            rows = conn.execute("SELECT name, header FROM memory_entries WHERE project = %s ORDER BY name",
                                (self.project,)).fetchall()
        return [E.header_from_dict(h, file_stem=n) for n, h in rows]

    def exists(self, name: str) -> bool:
        with self._conn() as conn:
            return conn.execute("SELECT 1 FROM memory_entries WHERE project = %s AND name = %s",
                                (self.project, name)).fetchone() is not None

    def get(self, name: str) -> Entry:
        name = E.validate_name(name)
        with self._conn() as conn:
            row = conn.execute("SELECT header, body FROM memory_entries WHERE project = %s AND name = %s",
                               (self.project, name)).fetchone()
        if row is None:
            raise NotFoundError(self.missing_message(name))
        return Entry(E.header_from_dict(row[0], file_stem=name), row[1])

    def raw_text(self, name: str, limit: int = 1024 * 1024) -> str:
        return E.render(self.get(name))[:limit]

    def check_text(self, content: str) -> None:
        _refuse_nul(content)

    def write_entry(self, entry: Entry) -> None:
        head = entry.header.to_dict()
        _refuse_nul(entry.body, *head.values())
        with self._conn() as conn:
            conn.execute(
                "INSERT INTO memory_entries (project, name, header, body) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (project, name) DO UPDATE SET header = excluded.header, body = excluded.body",
                (self.project, entry.name, _jsonb(head), entry.body),
            )
        _test_pause(entry.name)

    def remove_entry(self, name: str) -> None:
        with self._conn() as conn:
            conn.execute("DELETE FROM memory_entries WHERE project = %s AND name = %s", (self.project, name))

    # ----- index: derived from the entries on every read -------------------------------------------
    def write_index(self) -> None:
        return None

    def index_text(self) -> str | None:
        return self.render_index()

    def repair(self) -> RepairReport:
        return RepairReport()

    def links(self) -> list[str]:
        return []

    def link_note(self) -> str:
        return ""

    # ----- access counts -------------------------------------------------------------------------
    def access(self) -> Access:
        with self._conn() as conn:
            rows = conn.execute("SELECT name, count, last_accessed_at FROM memory_access WHERE project = %s",
                                (self.project,)).fetchall()
        return {n: {"count": c, "lastAccessedAt": t} for n, c, t in rows}

    def touch(self, names: Iterable[str]) -> None:
        names = sorted(set(names))
        if not names:
            return
        try:
            now = self.now()
            with self._conn() as conn:
                conn.execute(
                    "INSERT INTO memory_access (project, name, count, last_accessed_at) "
                    "SELECT %s, n, 1, %s FROM unnest(%s::text[]) AS n "
                    "ON CONFLICT (project, name) DO UPDATE SET count = memory_access.count + 1, "
                    "last_accessed_at = excluded.last_accessed_at",
                    (self.project, now, names),
                )
        except StorageError as exc:
            self.warn_once(f"access:{type(exc).__name__}", "memory: access counts not updated (%s); reads go on without them", exc)

    def forget_access(self, names: Iterable[str]) -> None:
        with self._conn() as conn:
            conn.execute("DELETE FROM memory_access WHERE project = %s AND name = ANY(%s)", (self.project, list(names)))

    # ----- trash ---------------------------------------------------------------------------------
    def trash_items(self) -> list[TrashedVersion]:
        with self._conn() as conn:
            rows = conn.execute(
                "SELECT id, name, header FROM memory_trash WHERE project = %s "
                "ORDER BY header->>'deletedAt' DESC NULLS LAST, id DESC", (self.project,)).fetchall()
        return [TrashedVersion(i, E.header_from_dict(h, file_stem=n)) for i, n, h in rows]

    def trash_entry(self, key: TrashKey, name: str) -> Entry:
        with self._conn() as conn:
            row = conn.execute("SELECT header, body FROM memory_trash WHERE project = %s AND id = %s",
                               (self.project, key)).fetchone()
        if row is None:
            raise StorageError(f"the trashed version of {name!r} was removed while restoring (by another replica); "
                               "nothing was restored. Retry.")
        return Entry(E.header_from_dict(row[0], file_stem=name), row[1])

    def trash_add(self, entry: Entry, now: str) -> int | None:
        head = E.with_changes(entry.header, deletedAt=now).to_dict()
        with self._conn() as conn:
            row = conn.execute("INSERT INTO memory_trash (project, name, header, body) VALUES (%s, %s, %s, %s) RETURNING id",
                               (self.project, entry.name, _jsonb(head), entry.body)).fetchone()
        trash.prune_versions(self, entry.name)
        return row[0] if row else None

    def trash_remove(self, key: TrashKey) -> bool:
        with self._conn() as conn:
            cur = conn.execute("DELETE FROM memory_trash WHERE project = %s AND id = %s", (self.project, key))
            return bool(cur.rowcount)


class PgCheckpoints(CheckpointStore):
    """Checkpoints of one project in the shared database (written under the memory store's lock)."""

    def __init__(self, store: PgMemoryStore, *, clock: Callable[[], datetime] = E.now_utc) -> None:
        super().__init__(lock=store.lock, clock=clock)
        self.store = store

    def ids(self) -> list[str]:
        with self.store._conn() as conn:
            rows = conn.execute("SELECT id FROM memory_checkpoints WHERE project = %s ORDER BY id DESC",
                                (self.store.project,)).fetchall()
        return [r[0] for r in rows if valid_id(r[0])]

    def _load(self, cid: str) -> Checkpoint:
        with self.store._conn() as conn:
            row = conn.execute("SELECT data FROM memory_checkpoints WHERE project = %s AND id = %s",
                               (self.store.project, cid)).fetchone()
        if row is None:
            raise missing_checkpoint(cid)
        if not isinstance(row[0], dict):
            raise StorageError(f"checkpoint {cid!r} is not a JSON object in the database. Delete it.")
        return Checkpoint(row[0])

    def _write(self, data: CheckpointData) -> None:
        if b"\\u0000" in orjson.dumps(data):
            _refuse_nul("\x00")
        with self.store._conn() as conn:
            conn.execute(
                "INSERT INTO memory_checkpoints (project, id, data) VALUES (%s, %s, %s) "
                "ON CONFLICT (project, id) DO UPDATE SET data = excluded.data",
                (self.store.project, data["id"], _jsonb(data)),
            )

    def delete(self, cid: str) -> bool:
        if not valid_id(cid):
            raise InputError(f"checkpoint id {cid!r} is malformed.")
        with self.lock, self.store._conn() as conn:
            cur = conn.execute("DELETE FROM memory_checkpoints WHERE project = %s AND id = %s", (self.store.project, cid))
            return bool(cur.rowcount)
