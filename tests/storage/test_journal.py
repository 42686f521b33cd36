"""The journal on both backends: the same events back, concurrent writers lose nothing, odd values are recorded."""

from __future__ import annotations

import threading
import uuid
from pathlib import Path

import pytest

from contexteer.journal import EventLog, Journal


def make_journal(storage_url: str | None, place: Path | str, **kw: int) -> EventLog:
    if storage_url is None:
        return Journal(Path(place), **kw)
    from contexteer.storage import open_database
    from contexteer.storage.journal import PgJournal

    return PgJournal(open_database(storage_url), str(place), **kw)


@pytest.fixture
def place(storage_url: str | None, tmp_path: Path) -> Path | str:
    return tmp_path / "journal.jsonl" if storage_url is None else f"test-{uuid.uuid4().hex[:12]}"


def test_events_come_back_as_they_were_appended(storage_url, place):
    j = make_journal(storage_url, place)
    a = j.append("tool_call", tool="read_code_range", status="ok", client="alice", tokens=12, args={"path": "a.py"})
    b = j.append("memory", action="save", name="x")
    read = make_journal(storage_url, place).read()
    assert read.events == [a, b] and not read.incomplete
    assert {"schemaVersion", "eventId", "at", "type"} <= set(a)


def test_two_writers_at_once_lose_no_event(storage_url, place):
    journals = [make_journal(storage_url, place), make_journal(storage_url, place)]

    def write(n: int) -> None:
        for i in range(50):
            journals[n % 2].append("tool_call", writer=n, i=i)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    events = journals[0].read().events
    assert sorted((e["writer"], e["i"]) for e in events) == [(n, i) for n in range(4) for i in range(50)]


def test_values_json_cannot_carry_are_recorded_as_text(storage_url, place):
    j = make_journal(storage_url, place)
    j.append("tool_call", big=2**70, odd={1: "int key"}, text="nul \x00 inside")
    (event,) = j.read().events
    assert event["big"] == str(2**70) and event["odd"] == {"1": "int key"}
    assert event["text"].startswith("nul ") and event["text"].endswith(" inside")


def test_the_database_journal_keeps_the_newest_events_within_its_size(pg_url):
    from contexteer.storage import open_database
    from contexteer.storage.journal import PgJournal

    j = PgJournal(open_database(pg_url), f"test-{uuid.uuid4().hex[:12]}", max_bytes=2000, keep=1)
    for i in range(100):
        j.append("tool_call", i=i, pad="x" * 100)
    assert j.prune() > 0
    kept = [e["i"] for e in j.read().events]
    assert kept == list(range(100 - len(kept), 100)) and 10 <= len(kept) < 30
