"""The log digester keeps every error, frame, warning and summary line of real build/test/install output."""

from __future__ import annotations

import re

from contexteer.shaping.fold import split_lines
from contexteer.shaping.pipeline import ShapeRequest, digest_budget

from .conftest import fixture_text

PYTEST_SIGNALS = re.compile(r"^(?:E\s{2}\S|FAILED |>\s{3}|test_generated\.py:\d+:|=+ \d+ failed)|DeprecationWarning|FAILED\s+\[")


def _signal_lines(text: str, rx: re.Pattern[str]) -> list[str]:
    return [ln.strip() for ln in split_lines(text) if rx.search(ln)]


def test_failing_pytest_run_keeps_every_failure_assertion_frame_warning_and_the_summary(pipeline, settings):
    raw = fixture_text("pytest_failing.log")
    shaped = pipeline.shape(ShapeRequest(text=raw, kind="log", tool="run_tests"))
    assert shaped.tier == "overview"
    assert shaped.tokens <= settings.shaping.overview_budget
    signals = _signal_lines(raw, PYTEST_SIGNALS)
    assert len(signals) >= 15
    missing = [s for s in signals if s not in shaped.text]
    assert not missing, f"signal lines lost: {missing}"
    assert "3 failed, 302 passed, 1 warning" in shaped.text
    # the 300 PASSED lines are not inlined
    assert shaped.text.count("PASSED") < 10


def test_signal_lines_keep_their_line_numbers(pipeline):
    raw = fixture_text("pytest_failing.log")
    shaped = pipeline.shape(ShapeRequest(text=raw, kind="log"))
    lines = split_lines(raw)
    n = next(i for i, ln in enumerate(lines, 1) if ln.startswith("E       ValueError"))
    assert f"{n}: E       ValueError: invalid literal for int() with base 10: 'http'" in shaped.text


def test_failed_pip_install_keeps_the_error_chain(pipeline, settings):
    raw = fixture_text("ci_pip_install.log")
    shaped = pipeline.shape(ShapeRequest(text=raw, kind="log"))
    assert shaped.tokens <= settings.shaping.overview_budget
    for needle in (
        "error: invalid command 'bdist_wheel'",
        "error: subprocess-exited-with-error",
        "error: metadata-generation-failed",
        "× Encountered error while generating package metadata.",
        "Successfully installed pip-23.2.1 setuptools-65.5.0",
    ):
        assert needle in shaped.text
    assert "Compiling '" not in shaped.text  # 800 compileall lines are folded away


def test_digest_tier_folds_into_counted_addressable_gaps(pipeline, settings):
    raw = fixture_text("importtime_traceback.log")
    shaped = pipeline.shape(ShapeRequest(text=raw, kind="log"))
    assert shaped.tier == "digest"
    assert shaped.tokens <= digest_budget(settings, shaped.raw_tokens)
    assert re.search(r"… \d+ lines folded \(lines \d+-\d+: \d+ output(?:, \d+ blank)?\) …", shaped.text)
    last = split_lines(raw)[-1]
    assert last.startswith("json.decoder.JSONDecodeError")
    for needle in ("Traceback (most recent call last):", last):
        assert needle in shaped.text
    frames = [ln.strip() for ln in split_lines(raw) if ln.strip().startswith('File "')]
    assert frames and all(f in shaped.text for f in frames)
    # every folded range is accounted for: kept lines + folded lines = all lines
    kept = len(re.findall(r"^\d+: ", shaped.text, re.M))
    folded = sum(int(n) for n in re.findall(r"… (\d+) lines? folded", shaped.text))
    assert kept + folded == len(split_lines(raw))


def test_repeated_lines_collapse_with_a_count(pipeline):
    raw = "\n".join(["building module"] * 3 + ["WARNING: cache is stale, rebuilding"] * 37 + [f"step {i} ok" for i in range(400)] + ["ERROR: build failed"])
    shaped = pipeline.shape(ShapeRequest(text=raw, kind="log"))
    assert "4-40: WARNING: cache is stale, rebuilding  ×37" in shaped.text
    assert "ERROR: build failed" in shaped.text


def test_identical_warnings_far_apart_are_listed_once_with_where_else(pipeline):
    lines = []
    for i in range(60):
        lines += [f"compiling unit {i}"] * 20 + ["DeprecationWarning: pkg_resources is deprecated as an API"]
    shaped = pipeline.shape(ShapeRequest(text="\n".join(lines), kind="log"))
    assert shaped.text.count("DeprecationWarning: pkg_resources is deprecated as an API") == 1
    assert "[×60; also 42, 63, +57]" in shaped.text


def test_a_huge_error_result_is_still_cut(pipeline, settings):
    raw = "\n".join(f"Traceback line {i}: ValueError: bad value {i}" for i in range(50_000))
    shaped = pipeline.shape(ShapeRequest(text=raw, kind="text", is_error=True))
    assert shaped.tier == "overview"
    assert shaped.handle is not None
    assert shaped.tokens <= settings.shaping.overview_budget
