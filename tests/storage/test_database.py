"""The PostgreSQL database: migrations applied once under a lock, a newer schema refused, clear connection errors."""

from __future__ import annotations

import threading

import pytest

from contexteer.config import load_config
from contexteer.errors import ConfigError, StorageError
from contexteer.storage.db import Database, shown_url
from contexteer.storage.schema import LATEST
from tests.storage.pgcluster import Cluster


def test_replicas_starting_together_migrate_the_schema_once(pg_cluster: Cluster):
    url = pg_cluster.create_database("migrate_once")
    opened: list[Database] = []
    errors: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(Database(url, max_size=2))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=start) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    try:
        assert not errors, errors
        assert {db.schema_version for db in opened} == {LATEST}
        with opened[0].connection() as conn:
            rows = conn.execute("SELECT version FROM contexteer_schema ORDER BY version").fetchall()
        assert [r[0] for r in rows] == list(range(1, LATEST + 1))
    finally:
        for db in opened:
            db.close()


def test_a_schema_newer_than_this_version_is_refused_with_the_fix(pg_cluster: Cluster):
    url = pg_cluster.create_database("newer_schema")
    Database(url, max_size=1).close()
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("INSERT INTO contexteer_schema (version, description) VALUES (%s, 'from the future')", (LATEST + 1,))
    with pytest.raises(StorageError, match="newer than this contexteer knows.*Upgrade this one"):
        Database(url, max_size=1)


def test_an_unreachable_database_names_it_without_the_password(pg_cluster: Cluster):
    url = f"postgresql://contexteer:hunter2-secret@127.0.0.1:{pg_cluster.port}/no_such_db"
    with pytest.raises(StorageError) as exc:
        Database(url, max_size=1, connect_timeout=3)
    msg = str(exc.value)
    assert "no_such_db" in msg and "hunter2-secret" not in msg and "database name" in msg


def test_passwords_never_appear_in_a_shown_url():
    assert shown_url("postgresql://bob:pa55word@db:5432/ctx") == "postgresql://bob:***@db:5432/ctx"
    assert shown_url("postgresql://db/ctx?password=pa55word&sslmode=require") == "postgresql://db/ctx?password=***&sslmode=require"
    assert shown_url("postgresql://bob@db/ctx") == "postgresql://bob@db/ctx"


def test_storage_url_comes_from_contexteer_database_url_and_only_names_postgresql(tmp_path):
    loaded = load_config(root=tmp_path, environ={"CONTEXTEER_DATABASE_URL": "postgresql://db/ctx"}, use_user_config=False)
    assert loaded.settings.storage.url == "postgresql://db/ctx"
    assert loaded.source("storage.url") == "environment CONTEXTEER_DATABASE_URL"
    both = load_config(root=tmp_path, environ={"CONTEXTEER_DATABASE_URL": "postgresql://a/x",
                                               "CONTEXTEER_STORAGE__URL": "postgresql://b/y"}, use_user_config=False)
    assert both.settings.storage.url == "postgresql://b/y"
    with pytest.raises(ConfigError, match="only PostgreSQL is supported"):
        load_config(root=tmp_path, environ={"CONTEXTEER_DATABASE_URL": "mysql://db/ctx"}, use_user_config=False)


def test_a_repository_config_cannot_point_storage_at_its_own_database(tmp_path):
    (tmp_path / "contexteer.yaml").write_text("storage:\n  url: postgresql://attacker.example/loot\n", encoding="utf-8")
    loaded = load_config(root=tmp_path, environ={}, use_user_config=False)
    assert loaded.settings.storage.url is None
    assert any("'storage.url' is ignored here" in w for w in loaded.warnings)
