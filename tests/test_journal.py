"""The journal: append-only, secrets masked, torn and corrupt lines skipped and reported."""

from __future__ import annotations

from pathlib import Path

from contexteer.journal import Journal, summarize_args


def test_events_carry_schema_id_time_and_type(tmp_path: Path):
    j = Journal(tmp_path / "j.jsonl")
    e = j.append("tool_call", tool="read_code_range", status="ok")
    read = j.read()
    assert read.events == [e]
    assert {"schemaVersion", "eventId", "at", "type"} <= set(e)


def test_torn_last_line_and_corrupt_middle_line_are_reported_and_skipped(tmp_path: Path):
    path = tmp_path / "j.jsonl"
    j = Journal(path)
    j.append("a")
    with path.open("ab") as fh:
        fh.write(b"{this is not json}\n")
    j.append("b")
    with path.open("ab") as fh:
        fh.write(b'{"schemaVersion": 1, "type": "c", "at": "2026')  # torn: the writer died mid-line
    read = j.read()
    assert [e["type"] for e in read.events] == ["a", "b"]
    assert read.incomplete
    assert read.bad_lines == [("j.jsonl", 2), ("j.jsonl", 4)]


def test_argument_summaries_mask_secrets_and_drop_bodies():
    s = summarize_args({"path": "a.py", "content": "x" * 5000, "query": "token=ghp_" + "a" * 36, "n": 3})
    assert s["content"] == "<5000 chars>"
    assert "ghp_" not in s["query"] and "REDACTED" in s["query"]
    assert s["n"] == 3


def test_rotation_keeps_every_event_readable(tmp_path: Path):
    j = Journal(tmp_path / "j.jsonl", max_bytes=400, keep=5)
    for i in range(12):
        j.append("e", i=i)
    assert (tmp_path / "j.jsonl.1").exists()
    assert [e["i"] for e in j.read().events] == list(range(12))
