"""Real code nobody here wrote: the running interpreter's standard library; and `contexteer index`."""

from __future__ import annotations

import io
import sysconfig
from pathlib import Path

import pytest

from contexteer.config import Settings
from contexteer.indexers.index import StructureIndex
from contexteer.server.cli.index import index_command, render_bar
from contexteer.workspace import Workspace
from tests.indexers.conftest import bump, write


@pytest.mark.slow
def test_stdlib_indexes_without_errors_and_known_facts_hold():
    settings = Settings()
    settings.workspace.exclude = ["site-packages/*", "test/*", "idlelib/*", "lib2to3/tests/*"]
    settings.index.workers = 2
    with StructureIndex(Workspace(sysconfig.get_paths()["stdlib"], settings)) as idx:
        status = idx.ensure_built(wait_seconds=float("inf"))
        assert status.complete
        st = idx.stats()
        assert st["files_per_language"]["python"] > 500
        assert st["files_per_status"].get("error", 0) == 0, [f for f in idx.files() if f.status == "error"][:5]
        [od] = [s for s in idx.symbols_named("OrderedDict") if s.path == "collections/__init__.py"]
        assert od.kind == "class" and od.exported and od.doc and "insertion order" in od.doc
        move = [s for s in idx.symbols_named("OrderedDict.move_to_end") if s.path == "collections/__init__.py"]
        assert move and move[0].kind == "method" and move[0].parent_id == od.id
        assert od.start_line < move[0].start_line <= move[0].end_line <= od.end_line
        imports = {i.module for i in idx.imports_of("collections/__init__.py")}
        assert {"_collections_abc", "sys", "heapq", "itertools"} <= imports
        assert idx.references_to("namedtuple", limit=5)


def test_index_command_prints_a_summary_line_when_not_a_terminal(tmp_path: Path):
    root = tmp_path / "r"
    write(root, "a.py", "def alpha():\n    pass\n")
    write(root, "b.md", "# Title\n")
    out = io.StringIO()
    assert index_command(Workspace(root, Settings()), stream=out, tty=False) == 0
    text = out.getvalue()
    assert text.count("\n") == 1 and text.startswith("index built in ") and "2 files (" in text and "python 1" in text
    a = root / "a.py"
    a.write_text("def beta():\n    pass\n", encoding="utf-8")
    bump(a)
    out = io.StringIO()
    index_command(Workspace(root, Settings()), stream=out, tty=False)
    assert out.getvalue().startswith("index refreshed (0 added, 1 modified, 0 deleted)")


def test_index_command_draws_a_progress_bar_on_a_terminal(tmp_path: Path):
    root = tmp_path / "r"
    for i in range(30):
        write(root, f"m{i}.py", f"def f{i}():\n    pass\n")
    out = io.StringIO()
    index_command(Workspace(root, Settings()), stream=out, tty=True)
    text = out.getvalue()
    assert "\r[" in text and "30/30 files" in text and "files/s" in text and "ETA" in text
    assert render_bar(5, 10, 1.0).startswith("[" + "#" * 15 + "." * 15 + "] 5/10 files  5 files/s  ETA 1s")
    # a resumed build: the rate and ETA count the work of this run, not what an earlier one did
    assert render_bar(1_000_010, 2_000_000, 1.0, "symbols", start=1_000_000).endswith("] 1000010/2000000 symbols  10 symbols/s  ETA 99,999s   ")


def test_index_command_shows_progress_while_it_finishes_the_substring_index(tmp_path: Path):
    root = tmp_path / "r"
    for i in range(30):
        write(root, f"m{i}.py", f"def f{i}():\n    pass\n")
    assert index_command(Workspace(root, Settings()), stream=io.StringIO(), tty=False) == 0
    with StructureIndex(Workspace(root, Settings())) as idx:  # as a build stopped before its FTS index was done
        with idx.store.write_lock:
            idx.store.set_meta("fts_state", "")
    out = io.StringIO()
    assert index_command(Workspace(root, Settings()), stream=out, tty=True) == 0
    text = out.getvalue()
    assert "\rsubstring index [" + "." * 30 + "] 0/30 symbols" in text
    assert "\rsubstring index [" + "#" * 30 + "] 30/30 symbols" in text and "symbols/s" in text
    assert text.splitlines()[-1].startswith("index refreshed (0 added, 0 modified, 0 deleted)")
    with StructureIndex(Workspace(root, Settings())) as idx:
        assert idx.store.fts_ready() and [s.name for s in idx.find_symbols("f17", match="substring")] == ["f17"]
