"""Fixtures for the shaping tests: captured real outputs, a pipeline over a private store."""

from __future__ import annotations

import gzip
import sysconfig
from pathlib import Path

import pytest

from contexteer.config import Settings
from contexteer.shaping.pipeline import Pipeline
from contexteer.shaping.store import ResultStore

OUTPUTS = Path(__file__).resolve().parents[2] / "fixtures" / "outputs"
STDLIB = Path(sysconfig.get_paths()["stdlib"])


def fixture_text(name: str) -> str:
    path = OUTPUTS / name
    if name.endswith(".gz"):
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return fh.read()
    return path.read_text(encoding="utf-8")


@pytest.fixture
def store(tmp_path: Path) -> ResultStore:
    return ResultStore(tmp_path / "results", max_entries=50, max_bytes=50 * 1024 * 1024, ttl_seconds=3600)


@pytest.fixture
def settings() -> Settings:
    return Settings()


@pytest.fixture
def pipeline(settings: Settings, store: ResultStore) -> Pipeline:
    return Pipeline(settings, store)
