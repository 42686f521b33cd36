"""The PostgreSQL schema as numbered migrations, applied in order at start (under an advisory lock).

A migration is never edited once released: a change is a new, higher number. Every table is keyed by
`project` (the workspace's project key), so one database can serve several repositories. What lives
where:

- results, results_gone: full texts of cut results behind handles, and how to recompute a dropped one;
- journal: one row per event (the same JSON object the embedded journal writes as one line);
- memory_entries, memory_trash, memory_access, memory_checkpoints: long-term memory (the index is
  derived from memory_entries on every read, so it cannot drift from them);
- sessions: per-session state (memory's ignore flag, what was shown, bytes shown) keyed by the MCP
  session or the authenticated client;
- index_meta, index_files, index_symbols, index_refs, index_imports: the structure index (the tables of
  the SQLite index, contexteer.indexers.store, with a project column), written by contexteer.indexers.store_pg.
  The views of the same names as SQLite's tables in the schema `contexteer_index` show one project's rows (the
  project named by the connection's `contexteer.project` setting), so the index's read SQL runs unchanged on
  both. Name search uses trigram indexes (`pg_trgm`) when the extension can be created, LIKE scans otherwise.
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
    (
        2,
        "the structure index (files, symbols, references, imports, meta) with trigram name search",
        """
        DO $$ BEGIN
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
        EXCEPTION WHEN OTHERS THEN
            RAISE WARNING 'pg_trgm cannot be created here (%): name search in the index scans with LIKE', SQLERRM;
        END $$;
        CREATE TABLE index_meta (
            project text NOT NULL,
            key text NOT NULL,
            value text,
            PRIMARY KEY (project, key)
        );
        CREATE TABLE index_files (
            project text NOT NULL,
            id bigint NOT NULL,
            path text COLLATE "C" NOT NULL,
            language text COLLATE "C",
            size bigint NOT NULL,
            mtime_ns bigint NOT NULL,
            sha text,
            status text NOT NULL,
            has_errors integer NOT NULL DEFAULT 0,
            n_symbols integer NOT NULL DEFAULT 0,
            error text,
            sym_lo bigint NOT NULL DEFAULT 0,
            refs_lo bigint NOT NULL DEFAULT 0,
            n_refs integer NOT NULL DEFAULT 0,
            PRIMARY KEY (project, id),
            UNIQUE (project, path)
        );
        CREATE TABLE index_symbols (
            project text NOT NULL,
            id bigint NOT NULL,
            file_id bigint NOT NULL,
            name text COLLATE "C" NOT NULL,
            qual text COLLATE "C",
            kind text COLLATE "C" NOT NULL,
            start_line integer NOT NULL,
            end_line integer NOT NULL,
            signature text,
            doc text,
            exported integer NOT NULL,
            parent_id bigint,
            qualname text COLLATE "C" GENERATED ALWAYS AS (coalesce(qual, name)) STORED,
            PRIMARY KEY (project, id)
        );
        CREATE INDEX index_symbols_name ON index_symbols (project, name);
        CREATE INDEX index_symbols_qual ON index_symbols (project, qual) WHERE qual IS NOT NULL;
        CREATE TABLE index_refs (
            project text NOT NULL,
            id bigint NOT NULL,
            file_id bigint NOT NULL,
            name text COLLATE "C" NOT NULL,
            kind text COLLATE "C" NOT NULL,
            lines text NOT NULL,
            n integer NOT NULL,
            PRIMARY KEY (project, id)
        );
        CREATE INDEX index_refs_name ON index_refs (project, name);
        CREATE TABLE index_imports (
            project text NOT NULL,
            file_id bigint NOT NULL,
            module text COLLATE "C" NOT NULL,
            names text NOT NULL,
            line integer NOT NULL
        );
        CREATE INDEX index_imports_file ON index_imports (project, file_id);
        DO $$ BEGIN
            IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
                CREATE INDEX index_symbols_name_trgm ON index_symbols USING gin (name gin_trgm_ops);
                CREATE INDEX index_symbols_qualname_trgm ON index_symbols USING gin (qualname gin_trgm_ops);
            END IF;
        END $$;
        CREATE SCHEMA contexteer_index;
        CREATE VIEW contexteer_index.meta AS
            SELECT key, value FROM index_meta WHERE project = current_setting('contexteer.project');
        CREATE VIEW contexteer_index.files AS
            SELECT id, path, language, size, mtime_ns, sha, status, has_errors, n_symbols, error, sym_lo, refs_lo, n_refs
            FROM index_files WHERE project = current_setting('contexteer.project');
        CREATE VIEW contexteer_index.symbols AS
            SELECT id, file_id, name, qual, kind, start_line, end_line, signature, doc, exported, parent_id, qualname
            FROM index_symbols WHERE project = current_setting('contexteer.project');
        CREATE VIEW contexteer_index.refs AS
            SELECT id, file_id, name, kind, lines, n FROM index_refs WHERE project = current_setting('contexteer.project');
        CREATE VIEW contexteer_index.imports AS
            SELECT file_id, module, names, line FROM index_imports WHERE project = current_setting('contexteer.project');
        """,
    ),
]

LATEST = MIGRATIONS[-1][0]
