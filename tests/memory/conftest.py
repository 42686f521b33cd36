"""Memory test fixtures: a workspace, a controllable clock, a service and the real server with an in-memory client."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from contexteer.config import LoadedConfig
from contexteer.journal import Journal
from contexteer.memory.location import memory_path, other_location
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.workspace import Workspace
from tests.conftest import make_workspace


class Clock:
    """A clock tests move by hand."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, days: float = 0, seconds: float = 0) -> None:
        self.now += timedelta(days=days, seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def mem_root(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "src" / "auth.py").write_text("def login():\n    return True\n", encoding="utf-8")
    return root


@pytest.fixture
def ws_loaded(mem_root: Path) -> tuple[Workspace, LoadedConfig]:
    return make_workspace(mem_root, **{"shaping.structured_output": True})  # typed fields to assert on


MakeService = Callable[..., MemoryService]


@pytest.fixture
def make_service(ws_loaded: tuple[Workspace, LoadedConfig], clock: Clock) -> MakeService:
    ws, loaded = ws_loaded

    def make(**overrides: Any) -> MemoryService:
        w = ws
        if overrides:
            w, l2 = make_workspace(ws.root, **overrides)
        journal = Journal(w.storage("journal.jsonl"))
        return MemoryService(memory_path(w), w.settings, journal=journal, clock=clock, elsewhere=other_location(w))

    return make


@pytest.fixture
def service(make_service: MakeService) -> MemoryService:
    return make_service()


@pytest.fixture
def session() -> SessionMemory:
    return SessionMemory()
