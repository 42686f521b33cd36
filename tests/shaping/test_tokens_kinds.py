"""Token counting falls back offline and then to an estimate; file kinds pick the digester."""

from __future__ import annotations

import logging

import pytest

from contexteer import tokens
from contexteer.shaping.kinds import kind_for_path


def test_counter_uses_the_offline_encoding_when_the_configured_one_cannot_load():
    c = tokens.TokenCounter("no_such_encoding")
    assert c.name == tokens.OFFLINE_ENCODING
    assert not c.estimated
    assert c.count("hello world") == 2


def test_counter_estimates_bytes_over_four_with_one_warning_when_nothing_loads(monkeypatch, caplog):
    monkeypatch.setattr(tokens, "_load", lambda name, timeout=0: None)
    with caplog.at_level(logging.WARNING, logger="contexteer.tokens"):
        c = tokens.TokenCounter("cl100k_base")
        assert c.estimated and c.name == "bytes/4"
        assert c.count("a" * 40) == 10
        assert c.count("é" * 4) == 2  # bytes, not characters
        c.count("more text")
    assert len([r for r in caplog.records if r.levelno == logging.WARNING]) == 1


def test_an_encoding_load_that_hangs_falls_back_to_the_offline_one(monkeypatch):
    import threading
    import time

    import tiktoken

    real = tiktoken.get_encoding
    release = threading.Event()

    def slow(name: str):  # a download on a network that silently drops packets
        if name == "cl100k_base":
            release.wait(30)
        return real(name)

    monkeypatch.setattr(tiktoken, "get_encoding", slow)
    monkeypatch.setattr(tokens, "LOAD_TIMEOUT_SECONDS", 0.2)
    monkeypatch.setattr(tokens._load, "__defaults__", (0.2,))
    started = time.monotonic()
    try:
        c = tokens.TokenCounter("cl100k_base")
    finally:
        release.set()
    assert c.name == tokens.OFFLINE_ENCODING and not c.estimated
    assert time.monotonic() - started < 10


def test_process_wide_counter_is_loaded_once():
    assert tokens.get_counter("cl100k_base") is tokens.get_counter("cl100k_base")


def test_special_token_text_is_counted_not_refused():
    assert tokens.count_tokens("<|endoftext|>") > 1


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("ci/build.log", "log"),
        ("out/pytest.out", "log"),
        ("notes.txt", "log"),
        ("logs/app.log.1", "log"),
        ("package.json", "json"),
        ("docs/guide.md", "markdown"),
        ("docs/index.rst", "markdown"),
        ("src/app.py", "code"),
        ("web/App.tsx", "code"),
        ("Makefile", "code"),
        ("LICENSE", "text"),
    ],
)
def test_kind_for_path(path, kind):
    assert kind_for_path(path) == kind


def test_digest_calibration_counts_with_the_pipelines_counter_not_the_default_encoding(monkeypatch):
    from contexteer.shaping.fold import LineSet, calibrate, real_cost

    rendered = [f"{i}: the quick brown fox jumps over the lazy dog" for i in range(40)]
    text = "\n".join(rendered)
    default_ls = LineSet(text, 400)  # before the patch: the process-wide default counter stays the real one
    monkeypatch.setattr(tokens, "_load", lambda name, timeout=0: None)
    estimated = tokens.TokenCounter("cl100k_base")  # bytes/4: far off the real encoding for these lines
    own_ls = LineSet(text, 400, counter=estimated)
    assert own_ls.counter is estimated and default_ls.counter is tokens.get_counter()
    assert real_cost(own_ls, rendered) == estimated.count(text) + 1
    assert real_cost(own_ls, rendered) != real_cost(default_ls, rendered)
    assert calibrate(own_ls, rendered) != calibrate(default_ls, rendered)


def test_a_mistyped_encoding_is_a_warning_naming_the_known_ones(caplog):
    import logging

    from contexteer.tokens import TokenCounter

    with caplog.at_level(logging.INFO, logger="contexteer.tokens"):
        counter = TokenCounter("cl100k_bsae")
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "'cl100k_bsae' is not a tiktoken encoding" in warnings[0] and "o200k_base" in warnings[0]
    assert counter.count("hello world") == 2  # it still counts, with the offline encoding
