"""During a cold build only the first call waits for it; later calls and reads of one named file answer at once (F18)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from contexteer.indexers.index import StructureIndex
from tests.navigation.conftest import Served, copy_fixture


@pytest.fixture
def stalled_build(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A cold build that holds the index lock and makes no progress until released; records every wait asked for."""
    release = threading.Event()
    waits: list[float | None] = []
    cold_build = StructureIndex._cold_build
    ensure_built = StructureIndex.ensure_built

    def slow_cold_build(self: StructureIndex) -> None:
        release.wait(30)
        cold_build(self)

    def spy(self: StructureIndex, *, wait_seconds: float | None = None, progress: Any = None) -> Any:
        waits.append(wait_seconds)
        return ensure_built(self, wait_seconds=wait_seconds, progress=progress)

    monkeypatch.setattr(StructureIndex, "_cold_build", slow_cold_build)
    monkeypatch.setattr(StructureIndex, "ensure_built", spy)
    yield waits
    release.set()


def test_only_the_first_call_waits_for_a_cold_build_later_ones_answer_at_once(tmp_path: Path, stalled_build: list[float | None]):
    served = Served(copy_fixture("pyshop", tmp_path), **{"index.first_query_wait_seconds": 0.3})
    first = served.call("search_symbol", query="PriceCalculator")
    second = served.call("search_symbol", query="PriceCalculator")
    third = served.call("get_structured_index", path=".")
    for answer in (first, second, third):
        assert not answer.is_error, answer.text
        assert "% built" in answer.text or "index finishing" in answer.text or "index build starting" in answer.text, \
            answer.text  # the build's state said
    assert stalled_build[0] == 0.3 and all(w == 0.0 for w in stalled_build[1:]), stalled_build  # the first call only


def test_a_read_of_one_named_file_during_a_cold_build_parses_that_file_without_waiting(tmp_path: Path, stalled_build: list[float | None]):
    served = Served(copy_fixture("pyshop", tmp_path), **{"index.first_query_wait_seconds": 5})
    outline = served.call("get_structured_index", path="shop/pricing.py")
    assert not outline.is_error, outline.text
    assert "apply_discount" in outline.text
    read = served.call("read_code_range", path="shop/pricing.py", symbol="apply_discount")
    assert not read.is_error, read.text
    assert "def apply_discount" in read.text
    assert "% built" not in outline.text + read.text, "an answer about one parsed file is complete"
    assert stalled_build == [0.0, 0.0]


def test_an_outline_parsed_while_a_small_build_parses_in_process_has_the_files_own_text(tmp_path: Path):
    """Two in-process parses at once (the build's and the outline's) once produced rows with another file's text."""
    import re
    import shutil
    import sysconfig

    std = Path(sysconfig.get_paths()["stdlib"])
    for attempt in range(3):
        root = tmp_path / f"std{attempt}"
        root.mkdir()
        for name in ("typing.py", "inspect.py", "datetime.py", "tarfile.py"):
            shutil.copy(std / name, root / name)
        served = Served(root)
        for name in ("typing.py", "datetime.py"):
            a = served.call("get_structured_index", path=name)
            lines = (root / name).read_text(encoding="utf-8").splitlines()
            entries = re.findall(r"^\s+(\d+)-\d+ (?:async )?(?:def|class) (\w+)", a.text, re.M)
            assert entries, a.text[:300]
            wrong = [(n, s) for s, n in entries if n not in lines[int(s) - 1] and not lines[int(s) - 1].lstrip().startswith("@")]
            assert not wrong, wrong[:5]


def test_two_threads_taking_the_index_lock_at_once_both_get_it(tmp_path: Path):
    """A read parsing its file while the build thread takes the writer lock: filelock let one of two
    simultaneous acquirers time out, so the read answered 'not indexed'."""
    from contexteer.config import load_config
    from contexteer.workspace import Workspace

    root = copy_fixture("pyshop", tmp_path)
    index = StructureIndex(Workspace(root, load_config(root=root, use_user_config=False).settings))
    try:
        for _ in range(40):
            got: list[bool] = []
            go = threading.Barrier(2)

            def take(go: threading.Barrier = go, got: list[bool] = got) -> None:
                go.wait()
                got.append(index._flock_try(timeout=0.3))

            threads = [threading.Thread(target=take) for _ in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            for ok in got:
                if ok:
                    index._flock_release()
            assert got == [True, True]
    finally:
        index.close()


def test_a_name_in_files_a_cold_build_has_not_reached_is_not_called_unparsable(tmp_path: Path, stalled_build: list[float | None]):
    """The kernel agent was told slab.h was a file 'the index does not parse' while the build was at 45%."""
    served = Served(copy_fixture("pyshop", tmp_path), **{"index.first_query_wait_seconds": 0})
    a = served.call("search_symbol", query="PriceCalculator")
    assert not a.is_error, a.text
    assert "the index does not parse" not in a.text, a.text
    # run 53: "no definitions match" at 38% built; the few files naming the word are parsed for the answer
    assert "shop/pricing.py:19-30 class PriceCalculator" in a.text and "no definitions match" not in a.text, a.text
