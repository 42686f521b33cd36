"""Per-session state in the team database, so any replica continues a session another one served.

State is a small JSON object per (project, session key, part), e.g. memory's ignore flag, the entries
a session was already shown and the bytes it read (contexteer.memory.recall.SessionMemory). A key is
the MCP session id, or `client-<name>` for a stateless request from an authenticated client. State
untouched for `server.session_idle_seconds` counts as gone, like an idle HTTP session: the next request
starts fresh; such rows are deleted now and then. Two calls of one session racing on two replicas
each save what they saw; the later save wins (the state is advisory bookkeeping, never data).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

import orjson

from contexteer.errors import StorageError
from contexteer.storage.db import Database

logger = logging.getLogger(__name__)

#: Saves between two sweeps of idle state (per process).
SWEEP_EVERY = 200


class SessionStore:
    def __init__(self, db: Database, project: str, *, idle_seconds: int) -> None:
        self.db = db
        self.project = project
        self.idle = idle_seconds
        self._saves = 0
        self._mutex = threading.Lock()

    def load(self, key: str, part: str) -> dict[str, Any] | None:
        """The saved state, or None when there is none or it was idle too long (or the database cannot answer)."""
        try:
            with self.db.connection() as conn:
                row = conn.execute("SELECT state, updated FROM sessions WHERE project = %s AND key = %s",
                                   (self.project, f"{part}:{key}")).fetchone()
        except StorageError as exc:
            logger.warning("session state of %s not loaded (%s); the call starts from a fresh session", key, exc)
            return None
        if row is None or time.time() - row[1] > self.idle:
            return None
        return row[0] if isinstance(row[0], dict) else None

    def save(self, key: str, part: str, state: dict[str, Any]) -> None:
        """Keep `state` (best effort: a lost save costs a repeated reminder, never a failed call)."""
        now = time.time()
        try:
            with self.db.connection() as conn:
                conn.execute(
                    "INSERT INTO sessions (project, key, state, updated) VALUES (%s, %s, %s::jsonb, %s) "
                    "ON CONFLICT (project, key) DO UPDATE SET state = excluded.state, updated = excluded.updated",
                    (self.project, f"{part}:{key}", orjson.dumps(state).decode(), now),
                )
                with self._mutex:
                    self._saves += 1
                    sweep = self._saves % SWEEP_EVERY == 0
                if sweep:
                    conn.execute("DELETE FROM sessions WHERE project = %s AND updated < %s", (self.project, now - self.idle))
        except StorageError as exc:
            logger.warning("session state of %s not saved (%s)", key, exc)
