"""Memory on both backends (a folder of topic files, PostgreSQL): one suite, the same answers.

Every test runs on the embedded store and on the team database through the real MemoryService, as the memory
tool and the CLI use it; behaviour that only a folder has (symlinks, hand-edited files, file modes) stays in
tests/memory.
"""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from contexteer.errors import ConflictError, InputError, NotFoundError, SecretError
from contexteer.journal import Journal
from contexteer.memory.archive import export_archive, import_archive
from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.storage import database_for
from tests.conftest import make_workspace

AWS = "AKIA" + "ABCDEFGHIJKLMNOP"


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, days: float = 0) -> None:
        self.now += timedelta(days=days)


def make_service(root: Path, storage_url: str | None, clock: Any = None) -> MemoryService:
    """The memory of `root`'s workspace, as the server builds it (a second call is a second replica)."""
    ws, _ = make_workspace(root, **({"storage.url": storage_url} if storage_url else {}))
    db = database_for(ws.settings)
    journal = Journal(ws.storage("journal.jsonl"))
    kw = {"clock": clock} if clock is not None else {}
    return MemoryService(memory_path(ws), ws.settings, journal=journal, database=db, project=ws.project_key, **kw)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    r = tmp_path / "proj"
    (r / "src").mkdir(parents=True)
    (r / "src" / "auth.py").write_text("def login():\n    return True\n", encoding="utf-8")
    return r


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def service(root: Path, storage_url: str | None, clock: Clock) -> MemoryService:
    return make_service(root, storage_url, clock)


@pytest.fixture
def session() -> SessionMemory:
    return SessionMemory()


def test_an_update_keeps_created_at_and_the_previous_version_in_the_trash(service, session, clock):
    service.save(session, name="Use-PNPM.md", content="We use pnpm.", tag="PREFERENCE", source="user: said so")
    clock.advance(days=3)
    ans = service.save(session, name="use-pnpm", content="We use pnpm 9, never npm.")
    h = service.store.get("use-pnpm").header
    assert (h.createdAt, h.updatedAt) == ("2026-01-01T12:00:00.000Z", "2026-01-04T12:00:00.000Z")
    assert h.tag == "PREFERENCE" and h.source == "user: said so"
    assert "previous version is kept in the trash" in ans.text
    restored = service.restore(session, name="use-pnpm", new_name="use-pnpm-previous")
    assert restored.names == ["use-pnpm-previous"]
    assert service.store.get("use-pnpm-previous").body.strip() == "We use pnpm."


def test_saves_refuse_secrets_unless_redacted_and_new_entries_need_a_tag(service, session):
    with pytest.raises(SecretError, match="redact=true"):
        service.save(session, name="aws", content=f"key {AWS}", tag="REFERENCE")
    with pytest.raises(InputError, match="tag is required"):
        service.save(session, name="untagged", content="text")
    with pytest.raises(InputError, match="the limit per entry is 4096 bytes"):
        service.save(session, name="big", content="x" * 5000, tag="REFERENCE")
    ans = service.save(session, name="aws", content=f"key {AWS}", tag="REFERENCE", redact_secrets=True)
    assert "Secrets were replaced by markers" in ans.text
    assert AWS not in service.store.get("aws").body
    assert [h.name for h in service.store.headers()] == ["aws"]


def test_list_read_and_recall_show_what_was_saved(service, session):
    service.save(session, name="auth-decision", content="Sessions in Redis, not JWT.", tag="DECISION",
                 description="Auth uses server sessions")
    service.save(session, name="ci-order", content="lint, then test, then build", tag="REQUIREMENT")
    listing = service.list_entries(session)
    assert listing.names == ["auth-decision", "ci-order"] and "Auth uses server sessions" in listing.text
    assert "Sessions in Redis" in service.read(session, name="auth-decision").text
    recall = service.recall(SessionMemory(), query="auth sessions")
    assert recall.names[0] == "auth-decision" and "Sessions in Redis" in recall.text
    assert service.store.access()["auth-decision"]["count"] == 2
    assert "[auth-decision](auth-decision.md)" in service.index_text(session)
    with pytest.raises(NotFoundError, match="Did you mean 'ci-order'"):
        service.read(session, name="ci-ordr")


def test_status_changes_and_a_content_change_clears_the_verification(service, session):
    service.save(session, name="deploy", content="Blue/green.", tag="DECISION")
    service.status(session, name="deploy", status="verified")
    assert service.store.get("deploy").header.verifiedAt
    ans = service.save(session, name="deploy", content="Canary now.")
    assert "verification (verifiedAt) was cleared" in ans.text
    assert service.store.get("deploy").header.verifiedAt is None


def test_delete_restore_and_purge_work_through_the_trash(service, session):
    service.save(session, name="old-note", content="obsolete", tag="HISTORY")
    service.save(session, name="keep", content="kept", tag="REFERENCE")
    service.delete(session, names=["old-note"])
    assert service.list_entries(session).names == ["keep"]
    assert "old-note" not in service.recall(session).text
    assert service.list_entries(session, status="trash").names == ["old-note"]
    with pytest.raises(NotFoundError, match="It is in the trash"):
        service.read(session, name="old-note")
    service.save(session, name="old-note", content="new one", tag="HISTORY")
    with pytest.raises(ConflictError, match="already exists. Pass new_name="):
        service.restore(session, name="old-note")
    service.delete(session, names=["old-note"])
    dry = service.purge(session, names=["old-note"])
    assert dry.count == 0 and "Nothing was deleted" in dry.text
    done = service.purge(session, names=["old-note"], confirm=True)
    assert done.names == ["old-note", "old-note"] and service.store.trash() == []
    with pytest.raises(NotFoundError, match="not in the trash"):
        service.purge(session, names=["old-note"], confirm=True)


def test_the_trash_keeps_the_ten_newest_versions_of_a_name(service, session, clock):
    for i in range(13):
        clock.advance(days=1)
        service.save(session, name="churn", content=f"version {i}", tag="REFERENCE")
    versions = service.store.trashed("churn")
    assert len(versions) == 10
    assert [service.store.trash_entry(k, "churn").body.strip() for k, _ in versions[:2]] == ["version 11", "version 10"]


def test_checkpoints_save_list_and_load_and_refuse_secrets(service, session, clock):
    first = service.checkpoint_save(session, label="auth half done", summary="Login works.", decisions=["sessions"],
                                    files=["src/auth.py"], next_steps=["logout"])
    clock.advance(days=1)
    second = service.checkpoint_save(session, label="logout done", summary="Logout works.", next_steps=["ship"])
    assert service.checkpoint_list(session).names == [second.names[0], first.names[0]]
    assert "## Summary\nLogout works." in service.checkpoint_load(session, cid="latest").text
    assert "- sessions" in service.checkpoint_load(session, cid=first.names[0]).text
    with pytest.raises(SecretError):
        service.checkpoint_save(session, label="oops", summary=f"key {AWS}")
    with pytest.raises(NotFoundError, match="no checkpoint"):
        service.checkpoint_load(session, cid="20260101T000000Z-nothing-0000")


def test_an_entry_records_which_client_saved_it(service, session):
    service.save(session, name="team-rule", content="Review before merge.", tag="REQUIREMENT", saved_by="alice")
    assert service.store.get("team-rule").header.savedBy == "alice"
    assert "saved by alice" in service.list_entries(session).text
    assert "saved by alice" in service.read(session, name="team-rule").text
    service.save(session, name="team-rule", content="Review before merge, always.")
    assert service.store.get("team-rule").header.savedBy == "alice"  # an anonymous update keeps the name
    service.save(session, name="team-rule", content="Two reviews.", saved_by="bob")
    assert service.store.get("team-rule").header.savedBy == "bob"


def test_what_one_replica_saves_the_other_recalls(root, storage_url, session):
    a, b = make_service(root, storage_url), make_service(root, storage_url)
    a.save(session, name="shared-fact", content="Both replicas see this.", tag="DECISION")
    assert "Both replicas see this." in b.recall(SessionMemory(), query="shared fact").text
    b.delete(session, names=["shared-fact"])
    assert a.list_entries(SessionMemory()).names == []


def test_concurrent_saves_from_two_replicas_lose_nothing(root, storage_url):
    replicas = [make_service(root, storage_url), make_service(root, storage_url)]
    errors: list[BaseException] = []

    def save(n: int) -> None:
        try:
            for i in range(15):
                replicas[n % 2].save(SessionMemory(), name=f"w{n}-e{i}", content=f"writer {n} entry {i}", tag="REFERENCE")
                replicas[n % 2].save(SessionMemory(), name="hot", content=f"writer {n} entry {i}", tag="REFERENCE")
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=save, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    names = {h.name for h in replicas[0].store.headers()}
    assert names == {f"w{n}-e{i}" for n in range(4) for i in range(15)} | {"hot"}
    assert replicas[1].store.get("hot").body.startswith("writer ")
    assert len(replicas[1].store.trashed("hot")) == 10


def test_an_archive_moves_memory_from_the_folder_into_the_team_database(root, pg_url, tmp_path, session):
    folder = make_service(root, None)
    folder.save(session, name="carried-over", content="From the laptop.", tag="DECISION", saved_by="alice")
    folder.checkpoint_save(session, label="before the move", summary="All in the folder.")
    archive = tmp_path / "memory.json"
    export_archive(folder.store, folder.checkpoints, archive)
    team = make_service(root, pg_url)
    report = import_archive(team.store, team.checkpoints, archive)
    assert report.imported == ["carried-over"] and report.checkpoints == 1
    assert team.store.get("carried-over").header.savedBy == "alice"
    assert "All in the folder." in team.checkpoint_load(session, cid="latest").text
    again = import_archive(team.store, team.checkpoints, archive, on_conflict="overwrite")
    assert again.overwritten == ["carried-over"] and len(team.store.trashed("carried-over")) == 1


def test_text_the_database_cannot_hold_is_refused_before_anything_is_written(root, pg_url, session):
    team = make_service(root, pg_url)
    with pytest.raises(InputError, match="NUL character"):
        team.save(session, name="nul-char", content="a\x00b", tag="REFERENCE")
    assert team.store.headers() == []
