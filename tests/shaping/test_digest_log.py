"""The log digester keeps every error, frame, warning and summary line of real build/test/install output."""

from __future__ import annotations

import re

from contexteer.shaping.fold import split_lines
from contexteer.shaping.pipeline import digest_budget
from tests.shaping.helpers import ShapeRequest, shape

from .conftest import fixture_text

PYTEST_SIGNALS = re.compile(r"^(?:E\s{2}\S|FAILED |>\s{3}|test_generated\.py:\d+:|=+ \d+ failed)|DeprecationWarning|FAILED\s+\[")


def _signal_lines(text: str, rx: re.Pattern[str]) -> list[str]:
    return [ln.strip() for ln in split_lines(text) if rx.search(ln)]


def test_failing_pytest_run_keeps_every_failure_assertion_frame_warning_and_the_summary(pipeline, settings):
    raw = fixture_text("pytest_failing.log")
    shaped = shape(pipeline, ShapeRequest(text=raw, kind="log", tool="run_tests"))
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
    shaped = shape(pipeline, ShapeRequest(text=raw, kind="log"))
    lines = split_lines(raw)
    n = next(i for i, ln in enumerate(lines, 1) if ln.startswith("E       ValueError"))
    assert f"{n}: E       ValueError: invalid literal for int() with base 10: 'http'" in shaped.text


def test_failed_pip_install_keeps_the_error_chain(pipeline, settings):
    raw = fixture_text("ci_pip_install.log")
    shaped = shape(pipeline, ShapeRequest(text=raw, kind="log"))
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
    shaped = shape(pipeline, ShapeRequest(text=raw, kind="log"))
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
    shaped = shape(pipeline, ShapeRequest(text=raw, kind="log"))
    assert "4-40: WARNING: cache is stale, rebuilding  ×37" in shaped.text
    assert "ERROR: build failed" in shaped.text


def test_identical_warnings_far_apart_are_listed_once_with_where_else(pipeline):
    lines = []
    for i in range(60):
        lines += [f"compiling unit {i}"] * 20 + ["DeprecationWarning: pkg_resources is deprecated as an API"]
    shaped = shape(pipeline, ShapeRequest(text="\n".join(lines), kind="log"))
    assert shaped.text.count("DeprecationWarning: pkg_resources is deprecated as an API") == 1
    assert "[×60; also 42, 63, +57]" in shaped.text


def test_a_huge_error_result_is_still_cut(pipeline, settings):
    raw = "\n".join(f"Traceback line {i}: ValueError: bad value {i}" for i in range(50_000))
    shaped = shape(pipeline, ShapeRequest(text=raw, kind="text", is_error=True))
    assert shaped.tier == "overview"
    assert shaped.handle is not None
    assert shaped.tokens <= settings.shaping.overview_budget


def test_a_service_logs_final_exception_outranks_a_repeated_numbered_error(pipeline):
    lines = []
    for i in range(6000):
        ts = f"2026-11-30 10:{i // 600:02d}:{i % 60:02d},{i % 1000:03d}"
        if i % 34 == 5:
            lines.append(f"{ts} ERROR worker-{i % 7} job {i} failed: ConnectionResetError: peer reset (attempt {i % 3 + 1})")
        elif i % 57 == 3:
            lines.append(f"{ts} WARNING slow response from upstream ({i % 900} ms)")
        else:
            lines.append(f"{ts} INFO handled request {i} in {i % 40} ms")
    lines += ["Traceback (most recent call last):", '  File "/srv/app/main.py", line 42, in <module>', "    run()",
              "RuntimeError: out of retries"]
    shaped = shape(pipeline, ShapeRequest(text="\n".join(lines) + "\n", kind="log", tool="read_code_range"))
    assert "RuntimeError: out of retries" in shaped.text
    assert re.search(r"job \d+ failed: ConnectionResetError.*\[×17\d", shaped.text)  # one line for every repeat
    assert "summary lines" not in shaped.text  # a numbered error line is not a run's total


def test_run_totals_are_summaries_and_numbered_errors_are_not():
    from contexteer.shaping.signals import is_summary

    for line in ("===== 3 failed, 302 passed, 1 warning in 4.1s =====", "Tests: 1 failed, 2 passed, 3 total",
                 "test result: FAILED. 10 passed; 2 failed; 0 ignored", "found 2 errors"):
        assert is_summary(line), line
    for line in ("2026-11-30 10:00:05 ERROR worker-6 job 6 failed: peer reset", "FAILED tests/test_x.py::test_y - 3 failed"):
        assert not is_summary(line), line


def test_repeats_that_differ_in_a_status_code_are_different_messages(pipeline):
    lines = []
    for i in range(3000):
        if i % 50 == 7:
            lines.append(f"2026-11-30 10:00:{i % 60:02d} ERROR request {i} failed with status 500")
        elif i == 2500:
            lines.append(f"2026-11-30 10:00:{i % 60:02d} ERROR request {i} failed with status 401")
        else:
            lines.append(f"2026-11-30 10:00:{i % 60:02d} INFO request {i} ok")
    shaped = shape(pipeline, ShapeRequest(text="\n".join(lines) + "\n", kind="log", tool="read_code_range"))
    assert "status 401" in shaped.text  # the rare one is not folded into the 60 others
    assert re.search(r"status 500.*\[×60", shaped.text)


def test_parametrised_failures_are_not_collapsed_as_repeats(pipeline):
    lines = [f"test_generated.py::test_case_{i} PASSED" for i in range(2000)]
    failures = [f"test_generated.py::test_port_parsing[{k}] FAILED - AssertionError: port mismatch for case {k}" for k in (1, 3, 5)]
    for at, line in zip((500, 900, 1300), failures, strict=True):  # mid-run, not in the tail every digest shows
        lines[at] = line
    text = "\n".join(lines + ["==== 3 failed, 1997 passed in 9.1s ===="]) + "\n"
    shaped = shape(pipeline, ShapeRequest(text=text, kind="log", tool="run_tests"))
    for line in failures:  # three different failing tests, each named
        assert line in shaped.text
