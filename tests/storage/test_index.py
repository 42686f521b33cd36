"""The structure index on both backends (SQLite in the data dir, PostgreSQL shared by replicas), and the
generation handover between two indexes of one project on one database (two replicas)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from contexteer.config import Settings
from contexteer.errors import InputError
from contexteer.indexers.index import StructureIndex
from contexteer.workspace import Workspace
from tests.indexers import test_index_basic
from tests.indexers.conftest import bump, make_settings, write

INF = float("inf")
Opener = Callable[..., StructureIndex]


def settings_for(storage_url: str | None, **index: object) -> Settings:
    settings = make_settings(**index)
    settings.storage.url = storage_url
    return settings


@pytest.fixture
def root(tmp_path: Path) -> Path:
    path = tmp_path / "repo"
    path.mkdir()
    return path


@pytest.fixture
def open_index(storage_url: str | None, root: Path) -> Iterator[Opener]:
    """Indexes of `root` on the backend under test; on PostgreSQL each one stands for a replica."""
    opened: list[StructureIndex] = []

    def _open(at: Path | None = None, **index: object) -> StructureIndex:
        idx = StructureIndex(Workspace(at or root, settings_for(storage_url, **index)))
        opened.append(idx)
        return idx

    yield _open
    for idx in opened:
        idx.close()


def test_a_cold_build_answers_exact_prefix_substring_and_fuzzy_lookups(root, open_index):
    write(root, "m.py", "class OrderedThing:\n    def order_items(self):\n        pass\n\ndef _private_order():\n    pass\n")
    write(root, "pkg/other.py", "def reorder_all():\n    pass\n")
    idx = open_index()
    status = idx.ensure_built(wait_seconds=INF)
    assert status.complete and status.files_done == 2
    assert idx.wait_background(timeout=60)
    [method] = idx.symbols_named("OrderedThing.order_items")
    assert (method.path, method.kind, method.start_line, method.end_line) == ("m.py", "method", 2, 3)
    assert idx.get_symbol(method.parent_id).name == "OrderedThing"
    assert [s.qualname for s in idx.find_symbols("OrderedThing.order_items")] == ["OrderedThing.order_items"]
    assert {s.name for s in idx.find_symbols("order", match="prefix")} == {"order_items", "OrderedThing"}  # any case
    assert {s.name for s in idx.find_symbols("rder", match="substring")} == {"OrderedThing", "order_items", "_private_order",
                                                                              "reorder_all"}
    assert {s.qualname for s in idx.find_symbols("Thing.ord", match="substring")} == {"OrderedThing.order_items"}
    assert idx.count_symbols("rder", match="substring", kind="method") == 1
    assert idx.find_symbols("rder", match="substring", path_prefix="pkg")[0].name == "reorder_all"
    assert idx.find_symbols("100%_order", match="substring") == []  # LIKE's wildcards are literal text
    assert idx.find_symbols("ordthg", match="fuzzy")[0].name == "OrderedThing"
    assert idx.close_names("reordr_all")[0].name == "reorder_all"
    assert [s.name for s in idx.methods_of("OrderedThing", "python")] == ["order_items"]
    with pytest.raises(InputError, match="substring"):
        idx.find_symbols("x", match="regex")


#: The core tests of the SQLite index (build, lookups of every match mode, references, imports, sweeps after an add,
#: an edit, a delete and a rename, a changed extractor), run again on PostgreSQL (a replica's index there).
CORE = {name: test for name, test in vars(test_index_basic).items() if name.startswith("test_")}


@pytest.mark.parametrize("name", sorted(CORE))
def test_the_core_index_tests_pass_on_postgresql(name, pg_url, root):
    opened: list[StructureIndex] = []

    def _open(at: Path | None = None, **index: object) -> StructureIndex:
        idx = StructureIndex(Workspace(at or root, settings_for(pg_url, **index)))
        opened.append(idx)
        return idx

    try:
        CORE[name](root, _open)
    finally:
        for idx in opened:
            idx.close()
    assert opened and all(type(idx.store).__name__ == "PgStore" for idx in opened)


def test_listings_imports_and_stats_agree_on_both_backends(root, open_index):
    write(root, "a.py", "from b import helper\nimport os\n\n\ndef run():\n    return helper(1)\n")
    write(root, "b.py", "def helper(x):\n    return x\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert [(i.path, i.module, i.line) for i in idx.all_imports()] == [("a.py", "b", 1), ("a.py", "os", 2)]
    stats = idx.stats()
    assert (stats["files"], stats["symbols"], stats["references"], stats["imports"]) == (2, 2, 3, 2)
    assert stats["complete"] and stats["db_bytes"] > 0 and stats["files_per_status"] == {"indexed": 2}
    assert [f.path for f in idx.files()] == ["a.py", "b.py"] and idx.file_info("b.py").n_symbols == 1


def test_an_edit_a_delete_and_a_rename_are_followed_and_bump_the_generation(root, open_index):
    a = write(root, "a.py", "def alpha():\n    pass\n")
    write(root, "b.py", "def beta():\n    return alpha()\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    before = idx.generation
    assert idx.refresh(force=True).changed == 0 and idx.generation == before
    a.write_text("def alpha2():\n    pass\n\n\ndef alpha3():\n    pass\n", encoding="utf-8")
    bump(a)
    idx.ensure_fresh(["a.py"])
    assert idx.generation > before
    assert [s.name for s in idx.symbols_in_file("a.py")] == ["alpha2", "alpha3"] and idx.symbols_named("alpha") == []
    (root / "b.py").rename(root / "c.py")
    report = idx.refresh(force=True)
    assert report.added == ["c.py"] and report.deleted == ["b.py"]
    assert [r.path for r in idx.references_to("alpha")] == ["c.py"] and idx.file_info("b.py") is None
    (root / "c.py").unlink()
    idx.ensure_fresh(["c.py"])
    assert idx.references_to("alpha") == [] and idx.symbols_named("beta") == []
    assert idx.stats()["symbols"] == 2


def test_a_reopened_index_answers_without_parsing_again(root, open_index):
    write(root, "a.py", "def alpha():\n    pass\n")
    first = open_index()
    first.ensure_built(wait_seconds=INF)
    gen = first.generation
    first.close()
    again = open_index()
    assert again.store.is_complete() and again.generation == gen
    assert again.refresh(force=True).changed == 0 and again.generation == gen
    assert again.symbols_named("alpha")[0].path == "a.py"


# ----- two replicas on one database ---------------------------------------------------------------------------------

@pytest.fixture
def replicas(pg_url: str, root: Path) -> Iterator[Callable[[], StructureIndex]]:
    """Indexes of one repository on one PostgreSQL database, each with its own data dir: replicas."""
    opened: list[StructureIndex] = []

    def _open() -> StructureIndex:
        idx = StructureIndex(Workspace(root, settings_for(pg_url)))
        opened.append(idx)
        return idx

    yield _open
    for idx in opened:
        idx.close()


def _tree(root: Path, files: int = 120) -> None:
    for i in range(files):
        write(root, f"pkg/m{i}.py", f"def f{i}():\n    return g{i}()\n\n\nclass C{i}:\n    def m(self):\n        return f{i}()\n")


def test_a_second_replica_answers_from_the_first_ones_build_without_building(replicas, root, caplog):
    _tree(root)
    with caplog.at_level("INFO", logger="contexteer.indexers.index"):
        a = replicas()
        a.ensure_built(wait_seconds=INF)
        assert [r for r in caplog.records if r.getMessage().startswith("index built")]  # what a build logs
        gen = a.generation
        caplog.clear()
        b = replicas()
        status = b.ensure_built(wait_seconds=INF)
    assert status.complete and status.files_done == 120
    assert b.generation == gen  # it wrote nothing: no build, no re-parse
    assert not [r for r in caplog.records if r.getMessage().startswith("index built")]
    assert b.find_symbols("C7.m") == a.find_symbols("C7.m") and len(b.find_symbols("C7.m")) == 1
    assert b.references_to("f3") == a.references_to("f3") and len(b.references_to("f3")) == 1


def test_a_replica_sees_the_generation_another_one_commits(replicas, root):
    path = write(root, "a.py", "def alpha():\n    pass\n")
    a, b = replicas(), replicas()
    a.ensure_built(wait_seconds=INF)
    b.ensure_built(wait_seconds=INF)
    gen = b.generation
    path.write_text("def omega():\n    pass\n", encoding="utf-8")
    bump(path)
    a.ensure_fresh(["a.py"])
    assert b.generation > gen and [s.name for s in b.symbols_in_file("a.py")] == ["omega"]


def test_a_replica_started_while_another_builds_answers_once_that_build_commits(replicas, root, caplog):
    _tree(root)
    a = replicas()
    lock = a.store.build_lock()
    lock.acquire(timeout=5)  # replica A is building: it holds the project's build lock
    try:
        b = replicas()
        status = b.ensure_built(wait_seconds=0.5)
        assert not status.complete and b.find_symbols("f1") == []  # it waits for A's build; it does not start its own
        a.ensure_built(wait_seconds=INF)  # A's build commits (its lock is re-entrant within its process)
        gen = a.generation
        assert [s.path for s in b.find_symbols("f1")] == ["pkg/m1.py"] and b.generation == gen  # B answers at once
    finally:
        lock.release()
    caplog.clear()
    with caplog.at_level("INFO", logger="contexteer.indexers.index"):
        assert b.ensure_built(wait_seconds=INF).complete  # its waiting build thread took the lock and found it done
    assert b.generation == gen and not [r for r in caplog.records if r.getMessage().startswith("index built")]


def test_a_builder_that_dies_releases_its_lock_and_another_replica_finishes(replicas, root, pg_url):
    import psycopg

    _tree(root, 10)
    a = replicas()
    key = f"contexteer:index-build:{a.ws.project_key}"
    with psycopg.connect(pg_url, autocommit=True) as dying:
        assert dying.execute("SELECT pg_try_advisory_lock(hashtext(%s))", (key,)).fetchone()[0]
        assert a.ensure_built(wait_seconds=0.3).complete is False
    # the connection (and so the lock) is gone, as when a replica is killed mid-build
    deadline = time.monotonic() + 30
    while not a.store.is_complete() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert a.ensure_built(wait_seconds=INF).complete and len(a.find_symbols("f", match="prefix", limit=100)) == 10


def test_a_nul_character_past_the_binary_check_does_not_stop_the_build(root, open_index):
    write(root, "late_nul.py", "#" * 9000 + "\n\ndef with_nul(x='\x00'):\n    return x\n")  # binary only if in the first 8 KiB
    write(root, "ok.py", "def fine():\n    pass\n")
    idx = open_index()
    assert idx.ensure_built(wait_seconds=INF).complete
    [sym] = idx.symbols_named("with_nul")
    assert sym.path == "late_nul.py" and idx.symbols_named("fine")[0].path == "ok.py"
    assert "\x00" in sym.signature or "\ufffd" in sym.signature  # SQLite keeps it; PostgreSQL, which cannot, marks it


def test_without_pg_trgm_name_search_scans_and_doctor_says_so_until_the_extension_comes(pg_cluster, root):
    from contexteer.server.cli.doctor import check_index
    from contexteer.storage import open_database

    url = pg_cluster.create_database("index_without_trgm")
    db = open_database(url)  # migrated (here with pg_trgm, which the test then takes away)
    with db.connection() as conn:
        conn.execute("DROP EXTENSION pg_trgm CASCADE")
    write(root, "m.py", "class OrderedThing:\n    def order_items(self):\n        pass\n")
    ws = Workspace(root, settings_for(url))
    with StructureIndex(ws) as idx:
        assert not idx.store.trigram
        idx.ensure_built(wait_seconds=INF)
        assert [s.name for s in idx.find_symbols("rderedTh", match="substring")] == ["OrderedThing"]
        assert [s.qualname for s in idx.find_symbols("Thing.order", match="substring")] == ["OrderedThing.order_items"]
    line = check_index(ws).line()
    assert line.startswith("PASS index") and "complete, 1 files" in line
    assert "pg_trgm is not installed" in line and "CREATE EXTENSION pg_trgm" in line
    with db.connection() as conn:
        conn.execute("CREATE EXTENSION pg_trgm")
    with StructureIndex(ws) as idx:  # the next start adds the trigram indexes
        assert idx.store.trigram and idx.find_symbols("rderedTh", match="substring")[0].name == "OrderedThing"
    with db.connection() as conn:
        names = {r[0] for r in conn.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'index_symbols'")}
    assert {"index_symbols_name_trgm", "index_symbols_qualname_trgm"} <= names
    assert "name search uses pg_trgm" in check_index(ws).line()


def test_index_explain_reads_the_index_in_the_database(pg_url, root, replicas):
    import io

    from contexteer.server.cli.index import explain_command

    write(root, "a.py", "def alpha():\n    pass\n")
    ws = Workspace(root, settings_for(pg_url))
    out = io.StringIO()
    explain_command(ws, "a.py", out)
    assert "index: not built yet" in out.getvalue()
    replicas().ensure_built(wait_seconds=INF)
    out = io.StringIO()
    explain_command(ws, "a.py", out)
    assert "index: a.py is indexed as python, 1 definitions" in out.getvalue()
    assert not (ws.data_path / "index.sqlite").exists()
