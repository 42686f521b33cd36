"""Issue 14, warm start: a new process on a built index answers at once. On a large tree the freshness sweep runs in
the background, never inside a query (the kernel's takes about a second; a new process's first search_symbol waited
minutes); answers still re-check the files they name; the index is checked when opened without counting millions
of rows."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import pytest

from contexteer.indexers import index as index_mod
from contexteer.indexers import store as store_mod
from contexteer.workspace import Workspace
from tests.indexers.conftest import write

INF = float("inf")


@pytest.fixture
def large(repo: Path) -> Path:
    """More files than a query sweeps itself (index.INLINE_SWEEP_FILES)."""
    for i in range(index_mod.INLINE_SWEEP_FILES + 20):
        write(repo, f"pkg{i % 7}/m{i}.py", f"def f{i}():\n    return {i}\n")
    return repo


def built(open_index) -> None:
    """Build the index completely (the substring index too), as an earlier process did."""
    first = open_index()
    first.ensure_built(wait_seconds=INF)
    assert first.wait_background(timeout=60)
    first.close()


def test_a_query_on_a_large_tree_does_not_wait_for_the_freshness_sweep(large: Path, open_index, monkeypatch):
    built(open_index)
    idx = open_index()  # a new process's index: built, never swept here
    release = threading.Event()
    listing = Workspace.list_files

    def slow_listing(self: Workspace, under: str = ".") -> list[str]:  # a sweep of a tree as large as the kernel
        release.wait(10)
        return listing(self, under)

    monkeypatch.setattr(Workspace, "list_files", slow_listing)
    try:
        started = time.monotonic()
        status = idx.ensure_built()
        assert status.complete and time.monotonic() - started < 2
        assert [s.path for s in idx.find_symbols("f7")] == ["pkg0/m7.py"]
        assert idx.sweeping()  # the sweep goes on in the background
        assert idx.refresh().skipped  # and a second query does not start or wait for another
    finally:
        release.set()
    assert idx.wait_for_sweep(timeout=30)


def test_a_background_sweep_finds_an_edit_and_a_query_rechecks_the_files_it_names_meanwhile(large: Path, open_index):
    built(open_index)
    idx = open_index()
    write(large, "pkg3/new_module.py", "def brand_new():\n    return 1\n")
    write(large, "pkg0/m7.py", "def f7_renamed():\n    return 7\n")
    idx.ensure_built()
    idx.ensure_fresh(["pkg0/m7.py"])  # what an answer about this file does first
    assert [s.name for s in idx.symbols_in_file("pkg0/m7.py")] == ["f7_renamed"]
    assert idx.wait_for_sweep(timeout=30)
    assert [s.path for s in idx.find_symbols("brand_new")] == ["pkg3/new_module.py"]


def test_a_small_tree_is_still_swept_inside_the_query(repo: Path, open_index):
    write(repo, "a.py", "def a():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    write(repo, "b.py", "def b():\n    pass\n")
    report = idx.refresh()
    assert not report.skipped and report.added == ["b.py"] and not idx.sweeping()


def test_a_large_index_whose_symbols_were_deleted_is_rebuilt_without_counting_them(repo: Path, open_index, monkeypatch):
    write(repo, "shop.py", "def apply_discount(price):\n    return price * 0.9\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    path = idx.store.path
    idx.close()
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM symbols")
    monkeypatch.setattr(store_mod, "FULL_CHECK_BYTES", 0)  # as if it were the kernel's 1.5 GB index
    again = open_index()
    again.ensure_built(wait_seconds=INF)
    assert [s.path for s in again.find_symbols("apply_discount")] == ["shop.py"]


def test_warm_up_loads_the_token_counter_and_opens_a_built_index_before_the_first_call(large: Path):
    from contexteer.config import load_config
    from contexteer.server.app import build_server, services_of, warm_up

    loaded = load_config(root=large, use_user_config=False)
    with index_mod.StructureIndex(Workspace(large, loaded.settings)) as built:
        built.ensure_built(wait_seconds=INF)
    server = build_server(Workspace(large, loaded.settings), loaded)
    warm_up(server).join(30)
    svc = services_of(server)
    assert "pipeline" in svc.__dict__ and "_nav" in svc.__dict__  # both ready: the first call waits for neither
    nav = svc.__dict__["_nav"]
    assert nav.index.wait_for_sweep(timeout=30) and nav.index.last_sweep[1] is not None  # swept in the background
