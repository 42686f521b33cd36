"""A seeded fuzz run of 10,000 tool calls through the real SDK client (issue 18): 0 crashes, 0 hangs over 10 s, 0
tracebacks or machine paths in answers, 0 opaque errors, and an error for every argument that does not fit the schema.

Set CONTEXTEER_FUZZ_CALLS / CONTEXTEER_FUZZ_SEED to vary the run; bench/security.py writes the figures per area.
"""

from __future__ import annotations

import faulthandler
import os
import sys
from typing import Any

import pytest

from tests.security import fuzz

CALLS = int(os.environ.get("CONTEXTEER_FUZZ_CALLS", "10000"))
SEED = int(os.environ.get("CONTEXTEER_FUZZ_SEED", "18"))


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[fuzz.Outcome], list[str], dict[str, Any]]:
    base = tmp_path_factory.mktemp("fuzz")
    data = base / "data"
    mp = pytest.MonkeyPatch()  # module-scoped: the per-test storage isolation of tests/conftest.py does not reach here
    mp.setenv("CONTEXTEER_DATA_DIR", str(data))
    mp.setenv("CONTEXTEER_CONFIG_HOME", str(base / "config"))
    mp.delenv("CONTEXTEER_TOKEN", raising=False)
    faulthandler.dump_traceback_later(900, exit=True, file=sys.__stderr__)  # a hang with the GIL held ends the run
    try:
        root = fuzz.hostile_repo(base / "repo")
        outcomes, schemas = fuzz.run(root, CALLS, SEED)
    finally:
        faulthandler.cancel_dump_traceback_later()
        mp.undo()
    return outcomes, fuzz.machine_paths(root, data), schemas


def _problems(fuzzed: tuple[list[fuzz.Outcome], list[str], dict[str, Any]]) -> list[str]:
    outcomes, paths, _ = fuzzed
    return [f"{o.tool}({o.args!r:.300}): {p} -> {o.text[:200]!r}" for o in outcomes for p in fuzz.problems(o, paths)]


@pytest.mark.timeout(900)
def test_10000_fuzzed_calls_give_no_crash_hang_traceback_machine_path_or_unrefused_argument(fuzzed):
    outcomes, _, _ = fuzzed
    assert len(outcomes) >= CALLS
    assert {o.tool for o in outcomes} >= {"read_code_range", "search_text", "search_symbol", "get_structured_index",
                                          "list_dependencies", "fetch_result", "context_stats", "memory"}
    assert sum(not o.fits for o in outcomes) >= CALLS // 10  # the run does try arguments outside the schema
    open_problems = _problems(fuzzed)
    assert open_problems == [], f"{len(open_problems)} problems, first: " + "\n".join(open_problems[:15])
    assert max(o.seconds for o in outcomes) <= fuzz.HANG_SECONDS
