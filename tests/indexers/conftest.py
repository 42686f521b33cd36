"""Fixtures of the indexer tests: a workspace over a temporary tree and an index over it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from contexteer.config import Settings
from contexteer.indexers.index import StructureIndex
from contexteer.workspace import Workspace

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "repos"


def make_settings(**index: object) -> Settings:
    settings = Settings()
    settings.index.sweep_interval_seconds = 0
    for key, value in index.items():
        setattr(settings.index, key, value)
    return settings


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """An empty repository the test fills (overrides the shared one)."""
    root = tmp_path / "repo"
    root.mkdir()
    return root


@pytest.fixture
def open_index(repo: Path) -> Iterator:
    opened: list[StructureIndex] = []

    def _open(root: Path | None = None, **index: object) -> StructureIndex:
        idx = StructureIndex(Workspace(root or repo, make_settings(**index)))
        opened.append(idx)
        return idx

    yield _open
    for idx in opened:
        idx.close()


def write(root: Path, rel: str, text: str | bytes) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def bump(path: Path) -> None:
    """Move a file's mtime forward a second, as an editor's save would on a coarse clock."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
