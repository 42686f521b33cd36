"""`memory export --force` replaces only a regular file (issue 18, low): as root it turned /dev/full into a regular
file; a FIFO, a socket or a symlink at the destination is refused, even with --force."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import pytest

from contexteer.errors import ConflictError, InputError
from contexteer.memory.archive import export_archive
from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from tests.conftest import make_workspace


def _service(tmp_path: Path) -> MemoryService:
    root = tmp_path / "proj"
    root.mkdir()
    ws, loaded = make_workspace(root)
    return MemoryService(memory_path(ws), loaded.settings)


@pytest.fixture
def svc(tmp_path: Path) -> MemoryService:
    s = _service(tmp_path)
    s.save(SessionMemory(), name="kept", content="a decision", tag="DECISION")
    return s


def test_export_force_never_replaces_a_fifo(svc, tmp_path: Path):
    dest = tmp_path / "pipe"
    os.mkfifo(dest)
    with pytest.raises(InputError, match="not a regular file"):
        export_archive(svc.store, svc.checkpoints, dest, force=True)
    assert dest.is_fifo()


def test_export_force_never_replaces_a_socket(svc, tmp_path: Path):
    dest = tmp_path / "s.sock"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(dest))
        with pytest.raises(InputError, match="not a regular file"):
            export_archive(svc.store, svc.checkpoints, dest, force=True)
        assert dest.is_socket()


def test_export_force_never_replaces_a_symlink_nor_writes_through_it(svc, tmp_path: Path):
    target = tmp_path / "elsewhere.txt"
    target.write_text("keep me\n")
    dest = tmp_path / "link.json"
    dest.symlink_to(target)
    with pytest.raises(InputError, match="is a symlink"):
        export_archive(svc.store, svc.checkpoints, dest, force=True)
    assert dest.is_symlink() and target.read_text() == "keep me\n"


def test_export_force_still_replaces_a_regular_file_and_refuses_it_without_force(svc, tmp_path: Path):
    dest = tmp_path / "old.json"
    dest.write_text("old")
    with pytest.raises(ConflictError):
        export_archive(svc.store, svc.checkpoints, dest)
    assert export_archive(svc.store, svc.checkpoints, dest, force=True).entries == 1
    assert b"a decision" in dest.read_bytes()
