"""An integer beyond 64 bits is refused before any tool runs, and the journal never fails a call (issue 18,
finding 9): `memory save ... budget_tokens=2**64` wrote the entry, then the journal's encoder raised, so the client
was told the call failed and the journal lost it."""

from __future__ import annotations

from pathlib import Path

import pytest

from contexteer.journal import Journal
from contexteer.server.app import services_of
from tests.navigation.conftest import Served


@pytest.fixture
def served(tmp_path: Path) -> Served:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "app.py").write_text("def f():\n    return 1\n", encoding="utf-8")
    return Served(root, **{"memory.location": "repo"})


def _journaled(served: Served) -> list[dict]:
    return [e for e in services_of(served.server).journal.read().events if e.get("type") == "tool_call"]


@pytest.mark.parametrize("value", [2**64, 2**63, -(2**63) - 1, 10**400])
def test_a_memory_save_with_an_integer_beyond_64_bits_is_refused_before_anything_is_written(served: Served, value: int):
    a = served.call("memory", action="save", name="kept", content="keep this", tag="DECISION", budget_tokens=value)
    assert a.is_error
    assert "argument budget_tokens is" in a.text and "outside the 64-bit integer range" in a.text
    assert "nothing was run" in a.text and "Pass a smaller number" in a.text
    assert not (served.root / ".contexteer" / "memory" / "kept.md").exists()
    events = _journaled(served)
    assert events and events[-1]["tool"] == "memory" and events[-1]["status"] == "error"  # the call is in the journal


@pytest.mark.parametrize("args", [{"start_line": 2**64}, {"start_line": 1, "end_line": 2**70}])
def test_a_read_with_an_integer_beyond_64_bits_is_an_error_that_names_the_argument(served: Served, args: dict):
    a = served.call("read_code_range", path="app.py", **args)
    assert a.is_error and "outside the 64-bit integer range" in a.text
    assert next(iter(k for k, v in args.items() if v >= 2**63)) in a.text


def test_the_largest_64_bit_integer_still_reaches_the_tool(served: Served):
    a = served.call("read_code_range", path="app.py", start_line=2**63 - 1)
    assert a.is_error and "past the end of 'app.py'" in a.text  # the tool's own answer, not the refusal


def test_the_journal_records_an_event_whose_values_json_cannot_carry(tmp_path: Path):
    journal = Journal(tmp_path / "journal.jsonl")
    journal.append("tool_call", tool="x", args={"n": 2**64, 3: "int key"}, nested=[{"m": -(10**30)}])
    (event,) = journal.read().events
    assert event["args"] == {"n": str(2**64), "3": "int key"} and event["nested"] == [{"m": str(-(10**30))}]
