"""An edit made while the server runs is seen by the next query without a sweep of the whole tree (index.watch: a
Linux inotify watcher read at each query); what the watcher cannot settle still gets a sweep."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tests.navigation.conftest import Served, copy_fixture

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the inotify watcher is Linux's")

#: Sweeps every hour at most: without the watcher an edit to a known file would wait for the next sweep.
RARE_SWEEPS = {"index.sweep_interval_seconds": 3600}


def _served(tmp_path: Path, **overrides: object) -> Served:
    served = Served(copy_fixture("pyshop", tmp_path), **{**RARE_SWEEPS, **overrides})
    first = served.call("search_symbol", query="Cart")  # builds the index and starts the watcher
    assert not first.is_error and "Cart" in first.text
    index = served.server.contexteer_services.nav.index  # type: ignore[attr-defined]
    assert index.wait_background(timeout=60)  # the substring index is filled under the index lock: a sweep waits for it
    served.call("search_symbol", query="Cart")  # sweeps once: the watcher is trusted from then on
    return served


def _append(path: Path, text: str) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(text)


def test_a_function_appended_to_a_file_is_found_by_the_next_search_without_a_sweep(tmp_path: Path):
    served = _served(tmp_path)
    index = served.server.contexteer_services.nav.index  # type: ignore[attr-defined]
    assert index.watching
    swept = index.last_sweep
    target = next(p for p in sorted(served.root.rglob("*.py")) if "class " in p.read_text())
    rel = target.relative_to(served.root).as_posix()
    for n in range(3):  # one after the other, as an agent edits: each is seen by the very next query
        _append(target, f"\n\ndef added_while_serving_{n}(x):\n    return x + {n}\n")
        found = served.call("search_symbol", query=f"added_while_serving_{n}")
        assert not found.is_error and rel in found.text, found.text
    assert index.last_sweep == swept  # found through the watcher: no sweep of the tree ran for it


def test_a_deleted_file_disappears_from_the_next_answer_without_a_sweep(tmp_path: Path):
    served = _served(tmp_path)
    index = served.server.contexteer_services.nav.index  # type: ignore[attr-defined]
    swept = index.last_sweep
    target = next(p for p in sorted(served.root.rglob("*.py")) if "def " in p.read_text())
    rel = target.relative_to(served.root).as_posix()
    outline = served.call("get_structured_index", path=".", budget_tokens=2000)
    assert rel in outline.text
    target.unlink()
    outline = served.call("get_structured_index", path=".", budget_tokens=2000)
    assert rel not in outline.text
    assert index.last_sweep == swept


def test_a_function_written_to_a_new_folder_is_found_by_the_next_search(tmp_path: Path):
    """A new file (is it listed? the ignore rules say) and a new folder are settled by a sweep, as without a watcher;
    the watcher then watches the new folder too."""
    served = _served(tmp_path)
    index = served.server.contexteer_services.nav.index  # type: ignore[attr-defined]
    (served.root / "newpkg").mkdir()
    (served.root / "newpkg" / "fresh.py").write_text("def written_to_a_new_folder():\n    return 1\n")
    found = served.call("search_symbol", query="written_to_a_new_folder")
    assert not found.is_error and "newpkg/fresh.py" in found.text, found.text
    swept = index.last_sweep
    time.sleep(0.01)
    _append(served.root / "newpkg" / "fresh.py", "\n\ndef then_appended_there():\n    return 2\n")
    found = served.call("search_symbol", query="then_appended_there")
    assert "newpkg/fresh.py" in found.text, found.text
    assert index.watching and index.last_sweep == swept  # the new folder is watched: no sweep for this edit


def test_an_ignored_new_file_stays_out_of_the_index(tmp_path: Path):
    served = _served(tmp_path, **{"workspace.exclude": ["scratch_*"]})
    (served.root / "scratch_notes.py").write_text("def only_in_an_excluded_file():\n    return 1\n")
    found = served.call("search_symbol", query="only_in_an_excluded_file")
    assert "scratch_notes.py" not in found.text


def test_with_watch_off_an_edit_is_still_found_by_the_sweep_on_a_miss(tmp_path: Path):
    served = _served(tmp_path, **{"index.watch": False, "index.sweep_interval_seconds": 2.0})
    index = served.server.contexteer_services.nav.index  # type: ignore[attr-defined]
    assert not index.watching
    target = next(p for p in sorted(served.root.rglob("*.py")) if "class " in p.read_text())
    time.sleep(0.25)  # past the miss window (MISS_SWEEP_SECONDS)
    _append(target, "\n\ndef added_without_a_watcher(x):\n    return x\n")
    found = served.call("search_symbol", query="added_without_a_watcher")
    assert target.relative_to(served.root).as_posix() in found.text, found.text


def _inotify_watches() -> int:
    """inotify watches this process holds (each watched folder is one 'inotify wd:' line of its descriptor's fdinfo)."""
    import os

    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            if os.readlink(f"/proc/self/fd/{fd}") == "anon_inode:inotify":
                with open(f"/proc/self/fdinfo/{fd}") as fh:
                    count += sum(line.startswith("inotify wd:") for line in fh)
        except OSError:
            continue
    return count


def test_closing_the_index_removes_its_watches(tmp_path: Path):
    served = _served(tmp_path)
    index = served.server.contexteer_services.nav.index  # type: ignore[attr-defined]
    folders = sum(1 for p in served.root.rglob("*") if p.is_dir()) + 1
    before = _inotify_watches()
    assert before >= folders
    index.close()
    assert _inotify_watches() == before - folders
    assert not index.watching
