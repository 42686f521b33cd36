"""The result store: handles survive a restart within their TTL, LRU eviction by count and bytes, user-only files."""

from __future__ import annotations

import stat
import time

import pytest

from contexteer.errors import HandleExpired, InputError
from contexteer.shaping.store import ResultStore


def _store(path, **kw):
    args = {"max_entries": 10, "max_bytes": 1 << 20, "ttl_seconds": 3600, **kw}
    return ResultStore(path, **args)


def test_put_then_get_returns_the_exact_text_and_meta(tmp_path):
    s = _store(tmp_path / "r")
    text = "line one\nline two\r\nlast line without newline"
    h = s.put(text, "log", {"tool": "search_text", "args": {"pattern": "x"}})
    got = s.get(h)
    assert got.text == text and got.kind == "log" and got.meta["tool"] == "search_text"
    assert got.lines() == ["line one", "line two", "last line without newline"]


def test_files_are_user_only(tmp_path):
    s = _store(tmp_path / "r")
    h = s.put("secret-ish raw output", "text")
    assert stat.S_IMODE((tmp_path / "r").stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "r" / f"{h}.txt").stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "r" / "index.jsonl").stat().st_mode) == 0o600


def test_a_handle_survives_a_restart(tmp_path):
    h = _store(tmp_path / "r").put("kept across restarts", "text")
    assert _store(tmp_path / "r").get(h).text == "kept across restarts"


def test_expired_handle_says_it_expired_and_which_call_to_rerun(tmp_path, monkeypatch):
    s = _store(tmp_path / "r", ttl_seconds=60)
    h = s.put("old", "search", {"tool": "search_text", "args": {"pattern": "TODO"}})
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    with pytest.raises(HandleExpired) as exc:
        s.get(h)
    msg = str(exc.value)
    assert "expired" in msg and "search_text(pattern='TODO')" in msg
    assert not (tmp_path / "r" / f"{h}.txt").exists()
    for store in (s, _store(tmp_path / "r", ttl_seconds=60)):  # asked again, or by a restarted server
        with pytest.raises(HandleExpired, match=r"search_text\(pattern='TODO'\)"):
            store.get(h)


def test_an_evicted_handle_names_the_call_that_recomputes_it(tmp_path):
    s = _store(tmp_path / "r", max_entries=1)
    first = s.put("a", "search", {"tool": "search_text", "args": {"pattern": "alpha"}})
    s.put("b", "search", {"tool": "search_text", "args": {"pattern": "beta"}})
    with pytest.raises(HandleExpired, match=r"search_text\(pattern='alpha'\)"):
        s.get(first)


def test_unknown_handle_explains_how_to_recompute(tmp_path):
    with pytest.raises(HandleExpired, match="re-running the tool call"):
        _store(tmp_path / "r").get("r-0123456789")
    with pytest.raises(HandleExpired, match="not a result handle"):
        _store(tmp_path / "r").get("../../etc/passwd")


def test_least_recently_used_entries_are_evicted_by_count(tmp_path):
    s = _store(tmp_path / "r", max_entries=3)
    hs = [s.put(f"entry {i}", "text") for i in range(3)]
    s.get(hs[0])  # touch the oldest: now hs[1] is the least recently used
    h4 = s.put("entry 3", "text")
    with pytest.raises(HandleExpired):
        s.get(hs[1])
    assert s.get(hs[0]).text == "entry 0" and s.get(h4).text == "entry 3"
    assert len(s.entries()) == 3


def test_entries_are_evicted_by_bytes(tmp_path):
    s = _store(tmp_path / "r", max_bytes=2500)
    a = s.put("a" * 1000, "text")
    b = s.put("b" * 1000, "text")
    c = s.put("c" * 1000, "text")
    with pytest.raises(HandleExpired):
        s.get(a)
    assert s.get(b).text and s.get(c).text
    assert s.total_bytes() <= 2500


def test_a_torn_index_line_is_skipped_and_later_entries_still_load(tmp_path):
    s = _store(tmp_path / "r")
    h = s.put("first", "text")
    with open(tmp_path / "r" / "index.jsonl", "ab") as fh:
        fh.write(b'{"op": "put", "h": "r-ffff\n')
    h2 = s.put("second", "text")
    fresh = _store(tmp_path / "r")
    assert fresh.get(h).text == "first" and fresh.get(h2).text == "second"


def test_the_index_log_is_compacted(tmp_path):
    s = _store(tmp_path / "r", max_entries=5)
    for i in range(200):
        s.put(f"entry {i}", "text")
    lines = (tmp_path / "r" / "index.jsonl").read_text().splitlines()
    assert len(lines) < 100
    assert len(list((tmp_path / "r").glob("r-*.txt"))) == 5


def test_two_stores_on_one_directory_see_each_others_handles(tmp_path):
    a, b = _store(tmp_path / "r"), _store(tmp_path / "r")
    h = a.put("from a", "text")
    assert b.get(h).text == "from a"


def test_slice_and_grep_use_the_displayed_numbering(tmp_path):
    s = _store(tmp_path / "r")
    h = s.put("alpha\nbeta\ngamma\ndelta\nepsilon", "code", {"first_line": 200})
    got = s.get(h)
    assert got.slice(201, 202) == [(201, "beta"), (202, "gamma")]
    groups = list(got.grep("^(beta|epsilon)$", context_lines=1))
    assert groups == [[(200, "alpha", False), (201, "beta", True), (202, "gamma", False), (203, "delta", False), (204, "epsilon", True)]]
    with pytest.raises(InputError, match="not a valid regular expression"):
        list(got.grep("("))
