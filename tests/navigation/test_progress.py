"""Long index builds: progress notifications to the client, and a partial answer that says so."""

from __future__ import annotations

import shutil
from pathlib import Path

import pydantic
from mcp import Client

from tests.navigation.conftest import Served, _call


def _tree(tmp_path: Path) -> Path:
    root = tmp_path / "site"
    shutil.copytree(Path(pydantic.__file__).parent, root / "pydantic", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_a_call_waiting_for_a_cold_build_sends_progress_notifications(tmp_path: Path):
    served = Served(_tree(tmp_path))
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total))

    async def body(client: Client) -> object:
        return await _call(client, "search_symbol", {"query": "BaseModel"}, progress_callback=on_progress)

    answer = served.session(body)
    assert not answer.is_error, answer.text
    assert seen, "no progress notification arrived"
    assert all(total and 0 <= done <= total for done, total in seen)


def test_a_first_query_that_stops_waiting_answers_from_the_partial_index_and_says_so(tmp_path: Path):
    served = Served(_tree(tmp_path), **{"index.first_query_wait_seconds": 0})
    first = served.call("get_structured_index", path=".")
    assert not first.is_error, first.text
    assert "% built" in first.text and "index " in first.text
