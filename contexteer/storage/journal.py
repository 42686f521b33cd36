"""The journal in PostgreSQL: the same events as the JSONL journal, one row each, shared by every replica.

An event is built exactly as the embedded journal builds it (`contexteer.journal.make_event`: schema
version, id, time, type, fields with secrets already masked by the caller's summaries); it is stored as
jsonb, so a NUL character in a value (which jsonb cannot hold) becomes U+FFFD. Appending never fails a
call: a database error is logged and the event dropped, as a full disk does for the file journal.
Instead of rotating files, the oldest rows beyond (journal.keep + 1) x journal.max_bytes of event text
are deleted now and then, the same amount the file journal keeps.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

import orjson

from contexteer.config import Settings
from contexteer.errors import StorageError
from contexteer.journal import Journal, JournalRead, make_event
from contexteer.storage.db import Database
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)

#: Appends between two prunes of the oldest events (per process).
PRUNE_EVERY = 500


def _no_nul(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("\x00", "\ufffd")
    if isinstance(value, dict):
        return {_no_nul(k): _no_nul(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_nul(v) for v in value]
    return value


class PgJournal:
    """The event journal of one project in the shared database."""

    def __init__(self, db: Database, project: str, *, max_bytes: int = 16 * 1024 * 1024, keep: int = 3) -> None:
        self.db = db
        self.project = project
        self.max_bytes = max_bytes
        self.keep = keep
        self._appends = 0
        self._mutex = threading.Lock()

    def append(self, type_: str, **fields: Any) -> dict[str, Any]:
        event, line = make_event(type_, fields)
        if b"\\u0000" in line:
            event = _no_nul(event)
            line = orjson.dumps(event, default=str)
        try:
            with self.db.connection() as conn:
                conn.execute("INSERT INTO journal (project, event, bytes) VALUES (%s, %s::jsonb, %s)",
                             (self.project, line.decode("utf-8"), len(line)))
            with self._mutex:
                self._appends += 1
                due = self._appends % PRUNE_EVERY == 0
            if due:
                self.prune()
        except StorageError as exc:  # the journal must never take a tool call down with it
            logger.warning("journal append failed (%s); the event was not recorded", exc)
        return event

    def prune(self) -> int:
        """Delete the oldest events beyond what the file journal would keep; returns how many went."""
        limit = (self.keep + 1) * self.max_bytes
        with self.db.connection() as conn:
            cur = conn.execute(
                """
                DELETE FROM journal WHERE project = %(p)s AND id <= (
                    SELECT coalesce(max(id), 0) FROM (
                        SELECT id, sum(bytes) OVER (ORDER BY id DESC) AS cum FROM journal WHERE project = %(p)s
                    ) newest WHERE cum > %(limit)s
                )
                """,
                {"p": self.project, "limit": limit},
            )
            return int(cur.rowcount)

    def read(self, *, include_rotated: bool = True) -> JournalRead:
        del include_rotated  # one table: nothing is rotated away from a read
        with self.db.connection() as conn:
            rows = conn.execute("SELECT event FROM journal WHERE project = %s ORDER BY id", (self.project,)).fetchall()
        return JournalRead(events=[r[0] for r in rows])


def open_journal(ws: Workspace, settings: Settings, database: Database | None) -> Journal | PgJournal:
    """The project's journal: the JSONL file in its data dir, or the team database when storage.url is set."""
    j = settings.journal
    if database is not None:
        return PgJournal(database, ws.project_key, max_bytes=j.max_bytes, keep=j.keep)
    return Journal(ws.storage("journal.jsonl"), max_bytes=j.max_bytes, keep=j.keep)
