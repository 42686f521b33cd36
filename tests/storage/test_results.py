"""The result store on both backends: exact round trips, TTL and LRU limits, recompute hints, sharing between replicas."""

from __future__ import annotations

import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from contexteer.errors import HandleExpired
from contexteer.shaping.store import Results, ResultStore


def make_store(storage_url: str | None, place: Path | str, **kw: Any) -> Results:
    """A result store for `place` (a folder for the embedded store, a project key in PostgreSQL)."""
    args = {"max_entries": 10, "max_bytes": 1 << 20, "ttl_seconds": 3600, **kw}
    if storage_url is None:
        return ResultStore(Path(place), **args)
    from contexteer.shaping.store_pg import PgResultStore
    from contexteer.storage import open_database

    return PgResultStore(open_database(storage_url), str(place), **args)


@pytest.fixture
def place(storage_url: str | None, tmp_path: Path) -> Path | str:
    return tmp_path / "results" if storage_url is None else f"test-{uuid.uuid4().hex[:12]}"


def test_put_then_get_returns_the_exact_text_kind_and_meta(storage_url, place):
    s = make_store(storage_url, place)
    text = "line one\nline two\r\nlast line without newline, with a lone \udcff surrogate"
    h = s.put(text, "log", {"tool": "search_text", "args": {"pattern": "x"}, "first_line": 3})
    got = s.get(h)
    assert (got.text, got.kind, got.meta["tool"], got.first_line) == (text, "log", "search_text", 3)
    assert got.lines()[0] == "line one"


def test_a_handle_from_one_store_is_fetched_through_another(storage_url, place):
    """Two stores on one place: two processes on the embedded store, two replicas on PostgreSQL."""
    first, second = make_store(storage_url, place), make_store(storage_url, place)
    h = first.put("made by replica A", "text")
    assert second.get(h).text == "made by replica A"


def test_an_expired_handle_names_the_call_that_recomputes_it_on_every_store(storage_url, place, monkeypatch):
    s = make_store(storage_url, place, ttl_seconds=60)
    h = s.put("old", "search", {"tool": "search_text", "args": {"pattern": "TODO"}})
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    with pytest.raises(HandleExpired, match=r"has expired.*search_text\(pattern='TODO'\)"):
        s.get(h)
    for store in (s, make_store(storage_url, place, ttl_seconds=60)):  # asked again, or through another replica
        with pytest.raises(HandleExpired, match=r"search_text\(pattern='TODO'\)"):
            store.get(h)


def test_an_evicted_handle_names_the_call_that_recomputes_it(storage_url, place):
    s = make_store(storage_url, place, max_entries=1)
    first = s.put("a", "search", {"tool": "search_text", "args": {"pattern": "alpha"}})
    s.put("b", "search", {"tool": "search_text", "args": {"pattern": "beta"}})
    with pytest.raises(HandleExpired, match=r"search_text\(pattern='alpha'\)"):
        make_store(storage_url, place, max_entries=1).get(first)


def test_unknown_and_malformed_handles_explain_what_to_do(storage_url, place):
    s = make_store(storage_url, place)
    with pytest.raises(HandleExpired, match="re-running the tool call"):
        s.get("r-0123456789")
    with pytest.raises(HandleExpired, match="not a result handle"):
        s.get("r-1' OR '1'='1")


def test_least_recently_used_entries_are_evicted_by_count(storage_url, place):
    s = make_store(storage_url, place, max_entries=3)
    hs = [s.put(f"entry {i}", "text") for i in range(3)]
    time.sleep(0.01)
    s.get(hs[0])  # touch the oldest: now hs[1] is the least recently used
    h4 = s.put("entry 3", "text")
    with pytest.raises(HandleExpired):
        s.get(hs[1])
    assert s.get(hs[0]).text == "entry 0" and s.get(h4).text == "entry 3"
    assert len(s.entries()) == 3


def test_entries_are_evicted_by_bytes_but_never_the_new_one(storage_url, place):
    s = make_store(storage_url, place, max_bytes=250)
    old = [s.put("x" * 100, "text") for _ in range(2)]
    big = s.put("y" * 200, "text")
    assert s.get(big).text == "y" * 200
    assert sum(1 for h in old if h in s.entries()) == 0
    huge = s.put("z" * 400, "text")  # larger than the whole store: kept alone
    assert set(s.entries()) == {huge}


def test_concurrent_puts_from_two_stores_lose_nothing_and_respect_the_limit(storage_url, place):
    stores = [make_store(storage_url, place, max_entries=100), make_store(storage_url, place, max_entries=100)]
    handles: list[str] = []
    errors: list[BaseException] = []
    guard = threading.Lock()

    def work(store: Results, n: int) -> None:
        try:
            for i in range(20):
                h = store.put(f"replica {n} result {i}", "text")
                with guard:
                    handles.append(h)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(stores[i % 2], i)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(set(handles)) == 80
    texts = {stores[1].get(h).text for h in handles}
    assert len(texts) == 80
    assert len(stores[0].entries()) == 80


def test_a_secret_in_a_cut_result_never_reaches_the_database(pg_url):
    from contexteer.shaping.store_pg import PgResultStore
    from contexteer.storage import open_database

    db = open_database(pg_url)
    store = PgResultStore(db, f"test-{uuid.uuid4().hex[:12]}", max_entries=10, max_bytes=1 << 20, ttl_seconds=3600)
    key = "AKIA" + "ABCDEFGHIJKLMNOP"
    h = store.put(f"line one\naws_key = {key}\nline three\n", "text")
    got = store.get(h)
    assert got.lines()[0] == "line one" and got.lines()[2] == "line three" and key not in got.text
    with db.connection() as conn:
        (raw,) = conn.execute("SELECT data FROM results WHERE handle = %s", (h,)).fetchone()
    assert key.encode() not in bytes(raw)
