"""The result store never follows a symlinked record (issue 18, low): a `r-<handle>.txt` replaced by a link to
another file was served as that file's content, and a linked `index.jsonl` was appended to through the link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from contexteer.errors import HandleExpired, StorageError
from contexteer.shaping.store import ResultStore

SECRET = "OUTSIDE-SECRET-CONTENT\n"


def _store(path: Path) -> ResultStore:
    return ResultStore(path, max_entries=10, max_bytes=1 << 20, ttl_seconds=3600)


def test_a_record_replaced_by_a_symlink_is_not_served(tmp_path: Path):
    store = _store(tmp_path / "results")
    handle = store.put("x" * len(SECRET), "text", {"tool": "search_text", "args": {"pattern": "x"}})
    outside = tmp_path / "outside.txt"
    outside.write_text(SECRET)  # same size as the record, so only the link gives it away
    record = tmp_path / "results" / f"{handle}.txt"
    record.unlink()
    record.symlink_to(outside)
    with pytest.raises(HandleExpired) as exc:
        store.get(handle)
    assert "changed on disk" in str(exc.value) and "search_text(pattern='x')" in str(exc.value)
    assert "OUTSIDE" not in str(exc.value)
    assert outside.read_text() == SECRET
    with pytest.raises(HandleExpired):  # dropped: never retried through the link
        store.get(handle)


def test_a_record_replaced_by_a_fifo_or_resized_is_not_served_and_does_not_block(tmp_path: Path):
    store = _store(tmp_path / "results")
    fifo_handle, big_handle = store.put("one", "text"), store.put("two", "text")
    (tmp_path / "results" / f"{fifo_handle}.txt").unlink()
    os.mkfifo(tmp_path / "results" / f"{fifo_handle}.txt")
    (tmp_path / "results" / f"{big_handle}.txt").write_text("two, and much more written later")
    for handle in (fifo_handle, big_handle):
        with pytest.raises(HandleExpired, match="changed on disk"):
            store.get(handle)


def test_a_symlinked_index_is_never_appended_to_through_the_link(tmp_path: Path):
    results = tmp_path / "results"
    results.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("untouched\n")
    (results / "index.jsonl").symlink_to(victim)
    store = _store(results)
    with pytest.raises(StorageError):
        store.put("text", "text")
    assert victim.read_text() == "untouched\n"
