"""Which store holds a workspace's structure index: SQLite in its data dir, or the team's PostgreSQL database.

`open_store(ws)` is the one place that chooses: with `storage.url` (or CONTEXTEER_DATABASE_URL) naming a
PostgreSQL database, every replica serving the repository shares one index there (`store_pg.PgStore`, keyed
by the workspace's project key); otherwise the embedded `store.Store` (`<data dir>/index.sqlite`). Both offer
`IndexStore`: the index, its queries and the tools use nothing else.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol

from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)


class Rows(Protocol):
    """What a read statement returns: a cursor (SQLite) or its rows read whole (PostgreSQL)."""

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class BuildLock(Protocol):
    """The lock a builder holds across processes (filelock's interface: `acquire` raises filelock.Timeout)."""

    def acquire(self, timeout: float = ...) -> Any: ...
    def release(self) -> Any: ...


class IndexStore(Protocol):
    """What the index and its queries use of a store."""

    #: A substring (FTS5) table that is filled in the background after a cold build.
    fts: bool

    def execute(self, sql: str, params: Sequence[Any] = ...) -> Rows: ...
    def build_lock(self) -> BuildLock: ...
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...
    def begin_cold(self) -> None: ...
    def finish_build(self) -> None: ...
    def build_fts(self, *, cancelled: Callable[[], bool] = ..., progress: Callable[[int, int], None] | None = ...,
                  batch: int = ...) -> bool: ...
    def fts_progress(self) -> tuple[int, int]: ...
    def fts_ready(self) -> bool: ...
    def is_complete(self) -> bool: ...
    def write_batch(self, rows: Sequence[tuple[tuple[Any, ...], Any]], deleted: Iterable[str] = ...) -> None: ...
    def generation(self) -> int: ...
    def touch(self, updates: Iterable[tuple[int, int, str]]) -> None: ...
    def delete_paths(self, paths: Iterable[str]) -> None: ...
    def file_count(self) -> int: ...
    def known_files(self) -> dict[str, tuple[int, int, str | None, str]]: ...
    def paths_in_languages(self, languages: Iterable[str]) -> list[str]: ...
    def db_bytes(self) -> int: ...
    def close(self) -> None: ...
    def close_thread(self) -> None: ...
    def interrupt(self, thread: Any) -> None: ...


def open_store(ws: Workspace) -> IndexStore:
    """The workspace's index store: in the team database when storage.url is set, else SQLite in its data dir."""
    url = ws.settings.storage.url
    if url:
        from contexteer.indexers.store_pg import PgStore
        from contexteer.storage import open_database

        return PgStore(open_database(url), ws.project_key)
    from contexteer.indexers.store import Store

    return Store(ws.storage("index.sqlite"))


def index_exists(ws: Workspace) -> bool:
    """Whether the workspace has an index already (without creating one: no data dir, no rows)."""
    url = ws.settings.storage.url
    if not url:
        return (ws.data_path / "index.sqlite").exists()
    from contexteer.storage import open_database

    with open_database(url).connection() as conn:
        row = conn.execute("SELECT 1 FROM index_meta WHERE project = %s AND key = 'build_state'", (ws.project_key,)).fetchone()
    return row is not None
