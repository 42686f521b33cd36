"""The PostgreSQL schema as numbered migrations, applied in order at start (under an advisory lock).

A migration is never edited once released: a change is a new, higher number. Every table is keyed by
`project` (the workspace's project key), so one database can serve several repositories. What lives
where:

- results, results_gone: full texts of cut results behind handles, and how to recompute a dropped one;
- journal: one row per event (the same JSON object the embedded journal writes as one line);
- memory_entries, memory_trash, memory_access, memory_checkpoints: long-term memory (the index is
  derived from memory_entries on every read, so it cannot drift from them);
- sessions: per-session state (memory's ignore flag, what was shown, bytes shown) keyed by the MCP
  session or the authenticated client.
"""

from __future__ import annotations

#: pg_advisory_lock key held while migrations run ("ctxr" as a 32-bit integer).
MIGRATION_LOCK = 0x63747872

MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "results, journal, memory and session state",
        """
        CREATE TABLE results (
            project text NOT NULL,
            handle text NOT NULL,
            kind text NOT NULL,
            data bytea NOT NULL,
            bytes bigint NOT NULL,
            lines integer NOT NULL,
            created double precision NOT NULL,
            used double precision NOT NULL,
            meta jsonb NOT NULL DEFAULT '{}',
            PRIMARY KEY (project, handle)
        );
        CREATE INDEX results_by_use ON results (project, used);
        CREATE TABLE results_gone (
            project text NOT NULL,
            handle text NOT NULL,
            call text NOT NULL,
            at double precision NOT NULL,
            PRIMARY KEY (project, handle)
        );
        CREATE TABLE journal (
            id bigserial PRIMARY KEY,
            project text NOT NULL,
            event jsonb NOT NULL,
            bytes integer NOT NULL
        );
        CREATE INDEX journal_by_project ON journal (project, id);
        CREATE TABLE memory_entries (
            project text NOT NULL,
            name text NOT NULL,
            header jsonb NOT NULL,
            body text NOT NULL,
            PRIMARY KEY (project, name)
        );
        CREATE TABLE memory_trash (
            id bigserial PRIMARY KEY,
            project text NOT NULL,
            name text NOT NULL,
            header jsonb NOT NULL,
            body text NOT NULL
        );
        CREATE INDEX memory_trash_by_name ON memory_trash (project, name, id);
        CREATE TABLE memory_access (
            project text NOT NULL,
            name text NOT NULL,
            count bigint NOT NULL,
            last_accessed_at text NOT NULL,
            PRIMARY KEY (project, name)
        );
        CREATE TABLE memory_checkpoints (
            project text NOT NULL,
            id text NOT NULL,
            data jsonb NOT NULL,
            PRIMARY KEY (project, id)
        );
        CREATE TABLE sessions (
            project text NOT NULL,
            key text NOT NULL,
            state jsonb NOT NULL,
            updated double precision NOT NULL,
            PRIMARY KEY (project, key)
        );
        """,
    ),
]

LATEST = MIGRATIONS[-1][0]
