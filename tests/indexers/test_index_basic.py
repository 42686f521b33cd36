"""The index builds, answers symbol queries and follows adds, edits, deletes and renames."""

from __future__ import annotations

import pytest

from contexteer.errors import InputError
from tests.indexers.conftest import bump, write

INF = float("inf")


def test_cold_build_indexes_python_definitions(repo, open_index):
    write(repo, "pkg/mod.py", "class Parser:\n    def parse_header(self):\n        return 1\n")
    idx = open_index()
    status = idx.ensure_built(wait_seconds=INF)
    assert status.complete and status.files_done == 1 and status.note() is None
    [method] = idx.symbols_named("Parser.parse_header")
    assert (method.path, method.kind, method.start_line, method.end_line) == ("pkg/mod.py", "method", 2, 3)
    assert idx.get_symbol(method.parent_id).name == "Parser"


def test_generation_changes_when_a_file_changes(repo, open_index):
    path = write(repo, "a.py", "def f():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    before = idx.generation
    assert idx.refresh(force=True).changed == 0 and idx.generation == before
    path.write_text("def g():\n    pass\n", encoding="utf-8")
    bump(path)
    idx.ensure_fresh(["a.py"])
    assert idx.generation > before
    assert [s.name for s in idx.symbols_in_file("a.py")] == ["g"]


def test_sweep_follows_add_modify_delete_and_rename(repo, open_index):
    a = write(repo, "a.py", "def alpha():\n    pass\n")
    write(repo, "b.py", "def beta():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    write(repo, "c.py", "def gamma():\n    pass\n")  # add
    a.write_text("def alpha2():\n    pass\n", encoding="utf-8")  # modify
    bump(a)
    (repo / "b.py").rename(repo / "renamed.py")  # rename = delete + add
    report = idx.refresh(force=True)
    assert sorted(report.added) == ["c.py", "renamed.py"]
    assert report.modified == ["a.py"] and report.deleted == ["b.py"]
    assert [s.path for s in idx.symbols_named("beta")] == ["renamed.py"]
    assert idx.symbols_named("alpha") == [] and idx.symbols_named("alpha2")[0].path == "a.py"
    (repo / "c.py").unlink()
    assert idx.refresh(force=True).deleted == ["c.py"]
    assert idx.file_info("c.py") is None and idx.symbols_named("gamma") == []


def test_touched_file_with_same_content_is_not_reparsed(repo, open_index):
    a = write(repo, "a.py", "def alpha():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    gen = idx.generation
    bump(a)
    report = idx.refresh(force=True)
    assert report.unchanged == 1 and report.changed == 0 and idx.generation == gen
    assert idx.file_info("a.py").mtime_ns == a.stat().st_mtime_ns  # recorded, so the next sweep is a stat only


def test_ensure_fresh_sees_an_edit_without_a_sweep(repo, open_index):
    a = write(repo, "a.py", "X = 1\n")
    idx = open_index(sweep_interval_seconds=3600)
    idx.ensure_built(wait_seconds=INF)
    a.write_text("X = 1\n\n\ndef late():\n    pass\n", encoding="utf-8")
    bump(a)
    assert idx.refresh().skipped  # throttled
    idx.ensure_fresh(["a.py"])
    assert idx.symbols_named("late")[0].start_line == 4


def test_ensure_fresh_removes_a_deleted_file(repo, open_index):
    write(repo, "a.py", "def alpha():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    (repo / "a.py").unlink()
    idx.ensure_fresh(["a.py"])
    assert idx.file_info("a.py") is None and idx.symbols_named("alpha") == []


def test_find_symbols_matches_exact_prefix_substring_and_fuzzy(repo, open_index):
    write(repo, "m.py", "class OrderedThing:\n    def order_items(self):\n        pass\n\ndef _private_order():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert [s.qualname for s in idx.find_symbols("OrderedThing.order_items")] == ["OrderedThing.order_items"]
    assert {s.name for s in idx.find_symbols("order", match="prefix")} == {"order_items", "OrderedThing"}  # case-insensitive
    assert {s.name for s in idx.find_symbols("rder", match="substring")} == {"OrderedThing", "order_items", "_private_order"}
    assert idx.count_symbols("rder", match="substring", kind="method") == 1
    assert idx.find_symbols("ordthg", match="fuzzy")[0].name == "OrderedThing"
    assert idx.find_symbols("order", match="substring", path_prefix="other/") == []
    with pytest.raises(InputError, match="substring"):
        idx.find_symbols("x", match="regex")


def test_references_and_imports_are_queryable(repo, open_index):
    write(repo, "a.py", "from b import helper\n\n\ndef run():\n    return helper(1)\n")
    write(repo, "b.py", "def helper(x):\n    return x\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    refs = idx.references_to("helper")
    assert {(r.path, r.line, r.kind) for r in refs} == {("a.py", 1, "import"), ("a.py", 5, "call")}
    assert [r.name for r in idx.references_in_range("a.py", 4, 5)] == ["helper"]
    assert idx.reference_counts(["helper", "nothing"]) == {"helper": 2, "nothing": 0}
    [imp] = idx.imports_of("a.py")
    assert (imp.module, imp.names, imp.line) == ("b", ("helper",), 1)
    defs, ref_rows = map(list, idx.ranking_inputs())
    assert ("b.py", "helper", "function", True) in defs and ("a.py", "helper", 1) in ref_rows
    assert idx.stats()["files_per_language"] == {"python": 2}


def test_watcher_marks_changes_for_the_next_throttled_refresh(repo, open_index):
    import time

    a = write(repo, "a.py", "def alpha():\n    pass\n")
    idx = open_index(watch=True, sweep_interval_seconds=3600)
    idx.enable_watch()  # as a server's index: watched once built
    idx.ensure_built(wait_seconds=INF)
    idx.refresh(force=True)
    time.sleep(0.3)  # let the watcher start
    a.write_text("def omega():\n    pass\n", encoding="utf-8")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not idx.symbols_named("omega"):
        time.sleep(0.1)
        report = idx.refresh()  # throttled: no sweep, but the watcher's marks are processed
    assert idx.symbols_named("omega") and report.modified == ["a.py"]


def test_an_index_from_an_earlier_query_file_reparses_that_language_only(repo, open_index):
    write(repo, "src/lib.rs", "pub fn alpha() -> u8 {\n    println!(\"{}\", beta());\n    1\n}\nfn beta() -> u8 { 2 }\n")
    write(repo, "app.py", "def gamma():\n    return 3\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=float("inf"))
    idx.store.set_meta("extractor:rust", "an-older-rust-query")  # as an index written by an earlier release
    idx.close()
    again = open_index()
    report = again.refresh(force=True)
    assert report.added == ["src/lib.rs"] and not report.modified, report  # python's rows were kept
    assert [s.name for s in again.symbols_in_file("src/lib.rs")] == ["alpha", "beta"]
    assert again.store.get_meta("extractor:rust") != "an-older-rust-query"


def test_an_index_whose_rows_were_dropped_for_new_extraction_code_is_building_until_they_are_back(repo, open_index):
    # after an upgrade a repo map said "no indexed files" for 30 s on the kernel: the rows were gone and the index
    # still called itself complete, so no answer said it was being rebuilt
    write(repo, "src/lib.rs", "pub fn alpha() -> u8 {\n    1\n}\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=float("inf"))
    idx.store.set_meta("extractor:rust", "an-older-rust-query")
    idx.close()
    again = open_index()
    assert not again.status().complete  # what every answer's readiness note reads
    again.ensure_built(wait_seconds=float("inf"))
    assert again.status().complete and [s.name for s in again.symbols_in_file("src/lib.rs")] == ["alpha"]
