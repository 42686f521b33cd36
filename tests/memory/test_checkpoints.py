"""Checkpoints restore context, not control: what was recorded, with missing files and changed settings flagged."""

from __future__ import annotations

import pytest

from contexteer.errors import InputError, NotFoundError, SecretError
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService

from .conftest import Clock, MakeService


def _file_status(root):  # type: ignore[no-untyped-def]
    def status(path: str) -> str | None:
        return None if (root / path).exists() else "no longer exists"

    return status


def test_checkpoint_save_list_load_latest(service: MemoryService, session: SessionMemory, clock: Clock) -> None:
    first = service.checkpoint_save(session, label="auth half done", summary="Login works; logout pending.",
                                    decisions=["sessions not JWT"], files=["src/auth.py"], next_steps=["write logout"])
    clock.advance(days=1)
    second = service.checkpoint_save(session, label="logout done", summary="Logout works.", next_steps=["ship"])
    listing = service.checkpoint_list(session)
    assert listing.names == [second.names[0], first.names[0]]
    loaded = service.checkpoint_load(session, cid="latest")
    assert loaded.names == second.names
    assert "## Summary\nLogout works." in loaded.text and "- ship" in loaded.text
    assert "restores context, not control" in loaded.text
    older = service.checkpoint_load(session, cid=first.names[0]).text
    assert "- sessions not JWT" in older and "- write logout" in older
    assert "Newest checkpoint: " + second.names[0] in service.list_entries(session).text


def test_loaded_checkpoint_flags_missing_files_and_changed_settings(make_service: MakeService, mem_root, session) -> None:
    svc = make_service()
    svc.file_status = _file_status(mem_root)
    cp = svc.checkpoint_save(session, label="refactor", summary="Moved things.", files=["src/auth.py", "src/gone.py"])
    later = make_service(**{"memory.session_max_bytes": 12345})
    later.file_status = _file_status(mem_root)
    text = later.checkpoint_load(session, cid=cp.names[0]).text
    assert "- src/auth.py\n" in text
    assert "- src/gone.py  [no longer exists]" in text
    assert "1 file(s) named here no longer exist" in text
    assert "memory.session_max_bytes was 61440, now 12345" in text
    assert "contexteer 0.1.0" in text


def test_checkpoint_snapshot_keeps_no_local_paths(service: MemoryService, session) -> None:
    cp = service.checkpoint_save(session, label="x", summary="y")
    data = service.checkpoints.load(cp.names[0]).data
    assert data["serverVersion"] and "memory" in data["settings"] and "data_dir" not in data["settings"]


def test_checkpoint_with_a_secret_is_refused(service: MemoryService, session) -> None:
    with pytest.raises(SecretError):
        service.checkpoint_save(session, label="deploy", summary="token: ghp_" + "a" * 36)
    assert service.checkpoints.ids() == []


def test_checkpoint_with_secrets_is_saved_redacted_when_asked(service: MemoryService, session) -> None:
    ans = service.checkpoint_save(session, label="deploy", summary="token: ghp_" + "a" * 36,
                                  decisions=["key AKIA" + "ABCDEFGHIJKLMNOP"], redact_secrets=True)
    assert "2 secret(s) were replaced by markers" in ans.text
    data = service.checkpoints.load(ans.names[0]).data
    assert "ghp_" + "a" * 36 not in data["summary"] and "AKIA" + "ABCDEFGHIJKLMNOP" not in data["decisions"][0]


def test_checkpoint_errors_say_what_to_do(service: MemoryService, session) -> None:
    with pytest.raises(NotFoundError) as exc:
        service.checkpoint_load(session, cid="latest")
    assert "checkpoint_save" in str(exc.value)
    with pytest.raises(InputError):
        service.checkpoint_load(session, cid="../../etc/passwd")
    with pytest.raises(InputError):
        service.checkpoint_save(session, label="", summary="s")
