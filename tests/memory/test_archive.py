"""Export -> import round trip; archives with unsafe paths or secrets are refused before anything is written."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from contexteer.errors import InputError
from contexteer.memory.archive import export_archive, import_archive
from contexteer.memory.checkpoints import Checkpoints
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.memory.store import MemoryStore

from .conftest import MakeService


def test_export_import_round_trip(make_service: MakeService, tmp_path: Path, session: SessionMemory) -> None:
    src = make_service()
    src.save(session, name="auth", content="Sessions.\nNot JWT.", tag="DECISION", description="Auth uses sessions", source="user: review")
    src.save(session, name="style", content="black", tag="PREFERENCE")
    src.status(session, name="style", status="verified")
    src.checkpoint_save(session, label="cp", summary="where we are", files=["src/auth.py"])
    archive = tmp_path / "mem.json"
    rep = export_archive(src.store, src.checkpoints, archive)
    assert (rep.entries, rep.checkpoints) == (2, 1)
    data = orjson.loads(archive.read_bytes())
    assert data["format"] == "contexteer-memory" and data["schemaVersion"] == 1

    dest_dir = tmp_path / "other-memory"
    store = MemoryStore(dest_dir)
    cps = Checkpoints(dest_dir, lock=store.lock)
    irep = import_archive(store, cps, archive)
    assert sorted(irep.imported) == ["auth", "style"] and irep.checkpoints == 1
    for name in ("auth", "style"):
        a, b = src.store.get(name), store.get(name)
        assert a.header == b.header and a.body == b.body
    assert "[auth](auth.md)" in (dest_dir / "MEMORY.md").read_text()
    assert cps.ids() == src.checkpoints.ids()
    # importing again skips existing names unless told otherwise
    again = import_archive(store, cps, archive)
    assert again.imported == [] and sorted(again.skipped) == ["auth", "style"]
    renamed = import_archive(store, cps, archive, on_conflict="rename")
    assert renamed.renamed == {"auth": "auth-2", "style": "style-2"}


def test_export_rescans_for_secrets(service: MemoryService, tmp_path: Path, session) -> None:
    service.save(session, name="ops", content="clean", tag="REFERENCE", description="ops notes")
    path = service.store.path("ops")
    path.write_text(path.read_text().replace("clean", "key AKIA" + "ABCDEFGHIJKLMNOP"))  # hand-edited
    archive = tmp_path / "a.json"
    rep = export_archive(service.store, service.checkpoints, archive)
    assert rep.redacted == {"AWS access key": 1}
    assert b"AKIAABCDEFGHIJKLMNOP" not in archive.read_bytes()


def _archive(tmp_path: Path, entries: list[dict], checkpoints: list | None = None) -> Path:
    p = tmp_path / "evil.json"
    p.write_bytes(orjson.dumps({"format": "contexteer-memory", "schemaVersion": 1, "entries": entries, "checkpoints": checkpoints or []}))
    return p


def _entry(name: str, file: str | None = None, body: str = "b") -> dict:
    return {"file": file or f"{name}.md", "header": {"name": name, "description": "d", "tag": "DECISION", "source": "user",
                                                    "createdAt": "2026-01-01T00:00:00Z", "updatedAt": "2026-01-01T00:00:00Z"},
            "body": body}


@pytest.mark.parametrize(
    "entries",
    [
        [_entry("good"), _entry("evil", file="../evil.md")],
        [_entry("good"), _entry("../evil")],
        [_entry("good"), _entry("evil", file="/tmp/evil.md")],
        [_entry("good"), _entry("evil", file="sub/evil.md")],
        [_entry("good"), _entry("good")],
        [_entry("good"), _entry("leak", body="ghp_" + "x" * 36)],
    ],
)
def test_unsafe_archive_is_refused_and_nothing_is_written(ws_loaded, tmp_path: Path, entries: list[dict]) -> None:
    ws, _ = ws_loaded
    store = MemoryStore(ws.memory_dir)
    cps = Checkpoints(ws.memory_dir, lock=store.lock)
    before = sorted(p.name for p in ws.memory_dir.rglob("*"))
    with pytest.raises(InputError) as exc:
        import_archive(store, cps, _archive(tmp_path, entries))
    assert "nothing was imported" in str(exc.value)
    assert sorted(p.name for p in ws.memory_dir.rglob("*")) == before
    assert not (tmp_path / "evil.md").exists() and not (ws.memory_dir.parent / "evil.md").exists()


def test_archive_with_unsafe_checkpoint_id_is_refused(ws_loaded, tmp_path: Path) -> None:
    ws, _ = ws_loaded
    store = MemoryStore(ws.memory_dir)
    cps = Checkpoints(ws.memory_dir, lock=store.lock)
    with pytest.raises(InputError) as exc:
        import_archive(store, cps, _archive(tmp_path, [], [{"id": "../../x", "label": "l"}]))
    assert "unsafe id" in str(exc.value)


def test_wrong_schema_version_is_refused(ws_loaded, tmp_path: Path) -> None:
    ws, _ = ws_loaded
    store = MemoryStore(ws.memory_dir)
    p = tmp_path / "v9.json"
    p.write_bytes(orjson.dumps({"format": "contexteer-memory", "schemaVersion": 9, "entries": []}))
    with pytest.raises(InputError) as exc:
        import_archive(store, Checkpoints(ws.memory_dir, lock=store.lock), p)
    assert "schemaVersion 9" in str(exc.value)


def _with(**changes: object) -> dict:
    e = _entry("odd")
    e["header"].update(changes)
    return e


@pytest.mark.parametrize(("entry", "why"), [
    (_with(createdAt="yesterday"), "createdAt 'yesterday' is not an ISO timestamp"),
    (_with(source="x"), "source 'x' must start with 'user' or 'agent'"),
    (_with(status="deleted"), "status 'deleted' is not one of"),
    (_with(owner="mallory"), "unknown header key(s) owner"),
])
def test_archive_headers_follow_the_rules_of_save(ws_loaded, tmp_path: Path, entry: dict, why: str) -> None:
    ws, _ = ws_loaded
    store = MemoryStore(ws.memory_dir)
    with pytest.raises(InputError) as exc:
        import_archive(store, Checkpoints(ws.memory_dir, lock=store.lock), _archive(tmp_path, [_entry("good"), entry]))
    assert why in str(exc.value) and "entries[1] (odd)" in str(exc.value)
    assert not store.exists("good")


def test_reimporting_a_checkpoint_is_not_counted_again(service: MemoryService, session, tmp_path: Path) -> None:
    service.checkpoint_save(session, label="cp", summary="where we are")
    archive = tmp_path / "a.json"
    export_archive(service.store, service.checkpoints, archive)
    assert import_archive(service.store, service.checkpoints, archive).checkpoints == 0
