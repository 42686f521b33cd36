"""The index builds, answers symbol queries and follows edits, deletes and renames."""

from __future__ import annotations

import os
from pathlib import Path


def write(root: Path, rel: str, text: str) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def bump(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))


def test_cold_build_indexes_python_definitions(repo, open_index):
    write(repo, "pkg/mod.py", "class Parser:\n    def parse_header(self):\n        return 1\n")
    idx = open_index()
    status = idx.ensure_built(wait_seconds=float("inf"))
    assert status.complete and status.files_done == 1
    [method] = idx.symbols_named("Parser.parse_header")
    assert (method.path, method.kind, method.start_line, method.end_line) == ("pkg/mod.py", "method", 2, 3)
    assert idx.get_symbol(method.parent_id).name == "Parser"


def test_generation_changes_when_a_file_changes(repo, open_index):
    path = write(repo, "a.py", "def f():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=float("inf"))
    before = idx.generation
    assert idx.refresh(force=True).changed == 0 and idx.generation == before
    path.write_text("def g():\n    pass\n", encoding="utf-8")
    bump(path)
    idx.ensure_fresh(["a.py"])
    assert idx.generation > before
    assert [s.name for s in idx.symbols_in_file("a.py")] == ["g"]
