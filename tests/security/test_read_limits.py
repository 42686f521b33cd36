"""Reads check size and kind before reading (issue 18, finding 7): a file over workspace.max_file_bytes was read
whole (line 1 of a 273 MB file cost 797 MB) and `read_code_range` of a FIFO blocked a worker thread forever.
And the low: the symlink check and the read were two steps (TOCTOU), so a file swapped for a link in between was
read outside the root."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from contexteer.config import Settings
from contexteer.errors import PathKindError, PathOutsideRoot
from contexteer.workspace import Workspace, read_text_file
from tests.navigation.conftest import Served

LIMIT = 64 * 1024


@pytest.fixture
def served(tmp_path: Path) -> Served:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "big.log").write_text("".join(f"line {i} of a long log\n" for i in range(10_000)), encoding="utf-8")  # ~220 kB
    (root / "small.py").write_text("def f():\n    return 1\n", encoding="utf-8")
    os.mkfifo(root / "pipe.txt")
    return Served(root, **{"workspace.max_file_bytes": LIMIT})


@pytest.mark.parametrize("args", [{}, {"start_line": 1, "end_line": 1}, {"start_line": 9000, "end_line": 9010},
                                  {"start_line": 1, "end_line": 5, "context": "semantic"}])
def test_max_file_bytes_is_enforced_on_reads_whole_and_by_range(served: Served, args: dict):
    a = served.call("read_code_range", path="big.log", **args)
    assert a.is_error, a.text[:200]
    assert "over workspace.max_file_bytes (65,536)" in a.text and "big.log" in a.text
    assert 'search_text(pattern="...", path="big.log", context_lines=5)' in a.text  # what to do instead
    assert "line 0 of a long log" not in a.text
    assert not (a.meta or {}).get("handle")  # nothing of it went to the result store


def test_the_search_the_refusal_suggests_finds_lines_of_the_large_file(served: Served):
    a = served.call("search_text", pattern="line 9005 of", path="big.log", context_lines=1)
    assert not a.is_error, a.text
    assert "line 9005 of a long log" in a.text and "9006" in a.text


def test_a_file_under_the_limit_is_still_read(served: Served):
    a = served.call("read_code_range", path="small.py", start_line=1, end_line=2)
    assert not a.is_error and "return 1" in a.text


@pytest.mark.timeout(20)
@pytest.mark.parametrize("args", [{}, {"start_line": 1, "end_line": 1}, {"start_line": 1, "end_line": 1, "context": "semantic"}])
def test_read_code_range_of_a_fifo_is_refused_at_once_instead_of_blocking(served: Served, args: dict):
    a = served.call("read_code_range", path="pipe.txt", **args)
    assert a.is_error
    assert "named pipe (FIFO), not a regular file" in a.text and "pipe.txt" in a.text


def _ws(tmp_path: Path) -> tuple[Workspace, Path]:
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.txt").write_text("inside\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "a.txt").write_text("OUTSIDE-CONTENT\n", encoding="utf-8")
    return Workspace(root, Settings()), outside


def test_toctou_a_file_swapped_for_a_symlink_after_resolve_is_not_read(tmp_path: Path):
    ws, outside = _ws(tmp_path)
    res = ws.resolve("sub/a.txt", kind="file")
    target = ws.root / "sub" / "a.txt"
    target.unlink()
    target.symlink_to(outside / "a.txt")  # the race: swapped between the check and the read
    with pytest.raises(PathOutsideRoot) as exc:
        read_text_file(ws, res)
    assert "symlink" in str(exc.value) and "OUTSIDE" not in str(exc.value)


def test_toctou_a_folder_swapped_for_a_symlink_after_resolve_is_not_read(tmp_path: Path):
    ws, outside = _ws(tmp_path)
    res = ws.resolve("sub/a.txt", kind="file")
    (ws.root / "sub").rename(ws.root / "sub-old")
    (ws.root / "sub").symlink_to(outside)
    with pytest.raises(PathOutsideRoot):
        read_text_file(ws, res)


def test_toctou_a_file_swapped_for_a_fifo_after_resolve_is_refused_not_blocked(tmp_path: Path):
    ws, _ = _ws(tmp_path)
    res = ws.resolve("sub/a.txt", kind="file")
    (ws.root / "sub" / "a.txt").unlink()
    os.mkfifo(ws.root / "sub" / "a.txt")
    with pytest.raises(PathKindError, match="named pipe"):
        read_text_file(ws, res)


def test_a_symlink_inside_the_root_to_a_file_inside_is_still_read(tmp_path: Path):
    ws, _ = _ws(tmp_path)
    (ws.root / "link.txt").symlink_to(ws.root / "sub" / "a.txt")
    assert read_text_file(ws, ws.resolve("link.txt", kind="file")) == "inside\n"
