"""Issue 14, database size: the qualname index holds only qualnames that differ from the name, and the trigram index
keeps no token positions (queried with LIKE). Lookups by name, by qualname and by substring answer as before."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.indexers.conftest import write

INF = float("inf")


def _built(repo: Path, open_index):
    write(repo, "shop.py", "class Cart:\n    def add(self, item):\n        pass\n\n    def add_all(self, items):\n        pass\n\n\n"
                           "def alloc_task():\n    pass\n\n\ndef allocXtask():\n    pass\n\n\ndef add():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert idx.wait_background(timeout=60) and idx.store.fts_ready()
    return idx


def test_lookups_by_name_qualname_and_substring_answer_from_the_compact_indexes(repo: Path, open_index):
    idx = _built(repo, open_index)
    assert [s.qualname for s in idx.symbols_named("Cart.add")] == ["Cart.add"]
    assert sorted(s.qualname for s in idx.symbols_named("add")) == ["Cart.add", "add"]
    assert [s.qualname for s in idx.find_symbols("Cart.add_all")] == ["Cart.add_all"]
    # '_' is a wildcard for LIKE: the trigram index may offer allocXtask, the exact filter leaves it out
    assert [s.name for s in idx.find_symbols("alloc_task", match="substring")] == ["alloc_task"]
    assert [s.name for s in idx.find_symbols("lloc_tas", match="substring")] == ["alloc_task"]
    assert sorted(s.qualname for s in idx.find_symbols("Cart.add", match="substring")) == ["Cart.add", "Cart.add_all"]
    assert [s.qualname for s in idx.methods_of("Cart", "python")] == ["Cart.add", "Cart.add_all"]


def test_a_qualname_is_stored_and_indexed_only_where_it_differs_from_the_name(repo: Path, open_index):
    idx = _built(repo, open_index)
    with sqlite3.connect(idx.store.path) as conn:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name='symbols_qual'").fetchone()[0]
        qual = dict(conn.execute("SELECT name, qual FROM symbols"))
        fts = conn.execute("SELECT sql FROM sqlite_master WHERE name='symbols_fts'").fetchone()[0]
    assert "WHERE qual IS NOT NULL" in sql
    assert qual["add_all"] == "Cart.add_all" and qual["alloc_task"] is None  # stored only where it differs
    assert "detail=none" in fts


def test_signatures_are_stored_without_their_own_name_and_read_back_whole(repo: Path, open_index):
    write(repo, "regs.h", "#define MMHUB_CNTL_MASK 0x00000040L\n#define MMHUB_CNTL_SHIFT 6\n"
                          "static int mmhub_init(struct mmhub *mmhub, unsigned mmhub_flags);\n"
                          "typedef unsigned int mmhub_t;\nstruct mmhub {\n    int mmhub;\n};\n")
    write(repo, "odd.py", "def weird(x='\x01\x03'):\n    pass\n\n\ndef fix(x):\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    read = {s.name: s.signature for f in ("regs.h", "odd.py") for s in idx.symbols_in_file(f)}
    assert read["MMHUB_CNTL_MASK"] == "#define MMHUB_CNTL_MASK 0x00000040L"
    assert read["mmhub_init"] == "static int mmhub_init(struct mmhub *mmhub, unsigned mmhub_flags)"
    assert read["mmhub_t"] == "typedef unsigned int mmhub_t"
    assert read["weird"] == "def weird(x='\x01\x03')"  # a signature holding the codec's marks comes back as written
    assert read["fix"] == "def fix(x)"
    with sqlite3.connect(idx.store.path) as conn:
        stored = dict(conn.execute("SELECT name, signature FROM symbols"))
    assert "MMHUB_CNTL_MASK" not in stored["MMHUB_CNTL_MASK"] and "#define" not in stored["MMHUB_CNTL_MASK"]
    assert len(stored["mmhub_init"]) < len(read["mmhub_init"]) - len("mmhub_init")  # the name and `static ` left out
