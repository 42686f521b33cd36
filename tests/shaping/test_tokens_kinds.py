"""Token counting falls back offline and then to an estimate; file kinds pick the digester."""

from __future__ import annotations

import binascii
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


def test_an_encoding_whose_load_hangs_counts_with_the_bundled_copy_at_once_and_switches_when_it_loads(monkeypatch):
    import threading
    import time

    import tiktoken

    real = tiktoken.get_encoding
    release = threading.Event()

    def slow(name: str):  # a download on a network that silently drops packets
        if name == "o200k_base":
            release.wait(30)
            return real(tokens.OFFLINE_ENCODING)  # (no network here: a real encoding stands for the download)
        return real(name)

    monkeypatch.setattr(tiktoken, "get_encoding", slow)
    started = time.monotonic()
    try:
        c = tokens.TokenCounter("o200k_base")
        assert time.monotonic() - started < 2
        assert c.name == tokens.OFFLINE_ENCODING and not c.estimated and c.count("hello world") == 2
    finally:
        release.set()
    deadline = time.monotonic() + 10
    while c.name != "o200k_base" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert c.name == "o200k_base" and c.source == "tiktoken"


#: The child: a "network" that accepts connections and never answers (HTTPS_PROXY points at it), an empty tiktoken
#: cache; prints how long each counter took to count its first text, what it counts with, and the connections seen.
NETWORK_CHILD = """
import socket, sys, threading, time, json
sink = socket.socket(); sink.bind(("127.0.0.1", 0)); sink.listen(16)
seen = []
def accept():
    while True:
        conn, _ = sink.accept(); seen.append(conn)  # kept open, never answered
threading.Thread(target=accept, daemon=True).start()
import os
proxy = "http://127.0.0.1:%d" % sink.getsockname()[1]
os.environ.update(HTTPS_PROXY=proxy, HTTP_PROXY=proxy, https_proxy=proxy, http_proxy=proxy)
from contexteer.tokens import TokenCounter
out = {}
for name in sys.argv[1:]:
    started = time.monotonic()
    c = TokenCounter(name)
    n = c.count("hello world")
    out[name] = [time.monotonic() - started, c.name, c.source, n, len(seen)]
time.sleep(0.5)  # a background download would have connected by now
out["connections"] = len(seen)
print(json.dumps(out))
"""


def test_the_default_encoding_never_touches_the_network_and_no_count_waits_for_a_download(tmp_path):
    """Issue 14: behind a network that drops packets every process's first call waited 10 s for tiktoken's download,
    then fell back although the offline copy of the same vocabulary was installed."""
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "TIKTOKEN_CACHE_DIR": str(tmp_path / "tiktoken-cache")}
    proc = subprocess.run([sys.executable, "-c", NETWORK_CHILD, "cl100k_base"], capture_output=True, text=True,
                          timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    took, name, source, n, connections = json.loads(proc.stdout)["cl100k_base"]
    assert took < 1.0 and n == 2 and name == "cl100k_base" and "bundled copy" in source
    assert json.loads(proc.stdout)["connections"] == 0  # not even tried

    proc = subprocess.run([sys.executable, "-c", NETWORK_CHILD, "o200k_base"], capture_output=True, text=True,
                          timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    took, name, source, n, _ = out["o200k_base"]
    assert took < 1.0 and n == 2 and name == tokens.OFFLINE_ENCODING  # counted at once with the stand-in
    assert out["connections"] >= 1  # the download was tried, in the background


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


def test_the_default_encoding_counts_exactly_as_tiktokens_own_cl100k_base():
    """The bundled vocabulary is read without tiktoken's line-by-line loader (a new server counts its first answer
    with it): the tokens, split pattern and special tokens must be tiktoken's own."""
    import tiktoken

    ours = tokens.TokenCounter("cl100k_base")
    theirs = tiktoken.get_encoding(tokens.OFFLINE_ENCODING)
    assert ours.source.startswith("bundled copy")
    assert ours._enc._pat_str == theirs._pat_str
    assert ours._enc._special_tokens == theirs._special_tokens
    assert ours._enc.n_vocab == theirs.n_vocab
    for text in ["def f(x):\n    return x + 1\n", "héllo wörld — 日本語 🙂", "<|endoftext|> stays text", " " * 40 + "\t\r\n",
                 "int bench_added_function(int x)\n{\n\treturn x + 1;\n}\n"]:
        assert ours._enc.encode_ordinary(text) == theirs.encode_ordinary(text)


def test_the_decoded_vocabulary_is_kept_for_the_next_process_and_a_damaged_copy_is_not_used(tmp_path, monkeypatch):
    import tiktoken

    theirs = tiktoken.get_encoding(tokens.OFFLINE_ENCODING)
    text = "héllo wörld — def f(x):\n    return x + 1\n"
    monkeypatch.setattr(tokens, "_cache_dir", tmp_path / "cache")
    first = tokens.TokenCounter("cl100k_base")
    [kept] = (tmp_path / "cache").iterdir()
    assert kept.stat().st_size > 1_000_000
    decoded = []
    monkeypatch.setattr(tokens.binascii, "a2b_base64", lambda b: decoded.append(b) or binascii.a2b_base64(b))
    second = tokens.TokenCounter("cl100k_base")  # a new process: reads the kept copy, decodes nothing
    assert not decoded
    assert first._enc.encode_ordinary(text) == second._enc.encode_ordinary(text) == theirs.encode_ordinary(text)
    kept.write_bytes(kept.read_bytes()[:-10] + b"0123456789")  # damaged: its checksum no longer holds
    third = tokens.TokenCounter("cl100k_base")
    assert decoded and third._enc.encode_ordinary(text) == theirs.encode_ordinary(text)
