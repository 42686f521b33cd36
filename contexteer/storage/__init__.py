"""Storage shared by replicas: one PostgreSQL database behind results, memory, the journal and session state.

The embedded default (SQLite and files in the project's data dir) needs nothing from here; setting
`storage.url: postgresql://...` (or CONTEXTEER_DATABASE_URL) moves those stores into the database, so any
number of replicas serve one repository. Each store keeps one interface with two implementations (the
embedded one next to its domain code, the PostgreSQL one using `Database`), and both pass one test suite.
"""

from __future__ import annotations

from contexteer.config import Settings
from contexteer.storage.db import Database, open_database, shown_url

__all__ = ["Database", "database_for", "open_database", "shown_url"]


def database_for(settings: Settings) -> Database | None:
    """The shared database when storage.url is set; None for the embedded storage."""
    url = settings.storage.url
    return open_database(url) if url else None
