"""Fixtures for the storage suite: one throwaway PostgreSQL cluster per test session, and the two backends.

Tests parametrised with `storage_url` run once on the embedded storage (None) and once on PostgreSQL. They
share one database: every test's workspace has its own root, hence its own project key, and every row is
keyed by project, so tests never see each other's data.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.storage.pgcluster import Cluster, find_bindir, start_cluster


@pytest.fixture(scope="session")
def pg_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    if find_bindir() is None:
        pytest.skip("PostgreSQL server binaries (initdb, pg_ctl) are not installed: apt-get install postgresql")
    try:
        import psycopg  # noqa: F401
        import psycopg_pool  # noqa: F401
    except ImportError:
        pytest.skip("the PostgreSQL driver is not installed: pip install -e '.[postgres]' (make install does it)")
    cluster = start_cluster(Path(tmp_path_factory.mktemp("pg")))
    try:
        yield cluster
    finally:
        from contexteer.storage.db import close_all

        close_all()  # pools of this process first, so the server stops without waiting for them
        cluster.stop()
        shutil.rmtree(cluster.base, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_url(pg_cluster: Cluster) -> str:
    """A database with contexteer's schema, shared by the whole session (projects keep tests apart)."""
    return pg_cluster.create_database("contexteer_tests")


@pytest.fixture(params=["embedded", "postgresql"])
def storage_url(request: pytest.FixtureRequest) -> str | None:
    """None for the embedded storage, a PostgreSQL URL for the other backend."""
    if request.param == "embedded":
        return None
    return str(request.getfixturevalue("pg_url"))
