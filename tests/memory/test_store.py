"""Topic files, the index, trash/restore/purge, secrets, names and startup repair."""

from __future__ import annotations

import os
import stat

import pytest

from contexteer.errors import ConflictError, InputError, NotFoundError, SecretError
from contexteer.memory import entries as E
from contexteer.memory.index import INDEX_MAX_BYTES, INDEX_MAX_LINES
from contexteer.memory.service import MemoryService
from contexteer.memory.store import MemoryStore

from .conftest import Clock, MakeService

AWS = "AKIA" + "ABCDEFGHIJKLMNOP"


def test_update_keeps_created_at_and_moves_updated_at(service: MemoryService, session, clock: Clock) -> None:
    service.save(session, name="use-pnpm", content="We use pnpm.", tag="PREFERENCE", source="user: said so")
    first = service.store.get("use-pnpm").header
    clock.advance(days=3)
    ans = service.save(session, name="use-pnpm", content="We use pnpm 9, never npm.")
    second = service.store.get("use-pnpm").header
    assert second.createdAt == first.createdAt == "2026-01-01T12:00:00.000Z"
    assert second.updatedAt == "2026-01-04T12:00:00.000Z"
    assert second.tag == "PREFERENCE" and second.source == "user: said so"  # kept when not given
    assert "createdAt kept" in ans.text
    assert service.store.get("use-pnpm").body.strip() == "We use pnpm 9, never npm."


def test_topic_file_has_front_matter_and_is_user_only(service: MemoryService, session) -> None:
    service.save(session, name="auth-decision", content="Sessions, not JWT.", tag="DECISION", description="Auth uses server sessions",
                 source="user: decided in review")
    path = service.store.path("auth-decision")
    text = path.read_text()
    assert text.startswith("---\nname: auth-decision\ndescription: Auth uses server sessions\ntag: DECISION\n")
    for key in ("source:", "createdAt:", "updatedAt:", "status: active", "verifiedAt:"):
        assert key in text
    for p in (path, service.store.dir / "MEMORY.md"):
        assert stat.S_IMODE(os.stat(p).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(service.store.dir).st_mode) == 0o700


def test_reading_never_rewrites_the_topic_file(service: MemoryService, session) -> None:
    service.save(session, name="ci-order", content="lint, then test, then build", tag="REQUIREMENT")
    path = service.store.path("ci-order")
    before = (path.read_bytes(), os.stat(path).st_mtime_ns)
    service.read(session, name="ci-order")
    service.recall(session, query="ci order")
    assert (path.read_bytes(), os.stat(path).st_mtime_ns) == before
    access = service.store.access()["ci-order"]
    assert access["count"] == 2 and access["lastAccessedAt"]


def test_content_over_the_entry_limit_is_refused_with_size_and_limit(service: MemoryService, session) -> None:
    with pytest.raises(InputError) as exc:
        service.save(session, name="big", content="x" * 5000, tag="REFERENCE")
    assert "5000 bytes" in str(exc.value) and "4096" in str(exc.value)
    assert not service.store.exists("big")


@pytest.mark.parametrize("bad", ["../escape", "a/b", "..", "a\\b", ".hidden", "x" * 65, "MEMORY", "sp ace", "/etc/passwd", "a\x00b", ""])
def test_unsafe_names_are_refused(service: MemoryService, session, bad: str) -> None:
    with pytest.raises(InputError) as exc:
        service.save(session, name=bad, content="hello", tag="NOISE")
    assert "name" in str(exc.value)
    folder = service.store.dir
    assert not folder.exists() or sorted(p.name for p in folder.iterdir() if p.suffix == ".md") in ([], ["MEMORY.md"])


def test_readme_error_examples_are_the_real_messages(service: MemoryService, session) -> None:
    """The two error texts quoted in docs/tools.md's memory section, verbatim."""
    with pytest.raises(InputError) as exc:
        service.save(session, name="../x", content="hello", tag="NOISE")
    assert str(exc.value) == ("name '../x' contains a path separator; a memory name is a plain identifier, not a path. "
                              "Use lowercase letters, digits, '-', '_' and '.', starting with a letter or digit, e.g. 'use-pnpm'.")
    with pytest.raises(InputError) as exc:
        service.save(session, name="big", content="x" * 5000, tag="REFERENCE")
    assert str(exc.value).startswith("content is 5000 bytes; the limit per entry is 4096 bytes (memory.entry_max_bytes).")


def test_readme_recall_example_has_the_real_shape(service: MemoryService, session) -> None:
    """The `recall query=authentication` example of docs/tools.md: preamble, entry heading, then the body."""
    body = "Auth uses server-side sessions stored in Redis (decided in the 2026-11 review). JWT was rejected: no revocation."
    service.save(session, name="auth-sessions", content=body, tag="DECISION",
                 description="Authentication uses server sessions, not JWT", source="user: design review")
    text = service.recall(session, query="authentication").text
    assert text.startswith("Memory for 'authentication': 1 matching entry (matched on name, tag and description).\n\n"
                           "## auth-sessions (DECISION, active) — Authentication uses server sessions, not JWT\n_saved ")
    assert "source: user: design review_\n\n" + body in text


def test_names_are_case_insensitive_identifiers(service: MemoryService, session) -> None:
    service.save(session, name="Use-PNPM", content="pnpm", tag="PREFERENCE")
    assert service.store.exists("use-pnpm")
    assert service.read(session, name="USE-pnpm.md").names == ["use-pnpm"]


def test_a_secret_is_refused_with_its_kind(service: MemoryService, session) -> None:
    with pytest.raises(SecretError) as exc:
        service.save(session, name="deploy", content=f"deploy with key {AWS}", tag="REFERENCE")
    assert "AWS access key" in str(exc.value) and "redact=true" in str(exc.value)
    assert AWS not in str(exc.value)
    assert not service.store.exists("deploy")
    with pytest.raises(SecretError):
        service.save(session, name="deploy", content="harmless", description="password = hunter22x", tag="REFERENCE")


def test_a_secret_is_saved_redacted_when_asked(service: MemoryService, session) -> None:
    ans = service.save(session, name="deploy", content=f"deploy with key {AWS}", tag="REFERENCE", redact_secrets=True)
    body = service.store.get("deploy").body
    assert AWS not in body and "[REDACTED AWS access key]" in body
    assert "1 AWS access key" in ans.text


def test_index_lists_one_line_per_entry(service: MemoryService, session) -> None:
    service.save(session, name="auth", content="sessions", tag="DECISION", description="Auth uses sessions")
    service.save(session, name="style", content="black", tag="PREFERENCE", description="Format with black")
    lines = (service.store.dir / "MEMORY.md").read_text().splitlines()
    entries = [ln for ln in lines if ln.startswith("- [")]
    assert entries == [
        "- [auth](auth.md) — Auth uses sessions (DECISION, updated 2026-01-01)",
        "- [style](style.md) — Format with black (PREFERENCE, updated 2026-01-01)",
    ]


def test_index_is_capped_with_a_truncation_note(service: MemoryService, session) -> None:
    store = service.store
    store.dir.mkdir(parents=True)
    for i in range(INDEX_MAX_LINES + 29):  # written directly (fast), then one real save rewrites the index
        h = E.Header(name=f"entry-{i:03d}", description=f"description number {i} " + "w" * 60, tag="REFERENCE",
                     source="agent", createdAt="2026-01-01T00:00:00.000Z", updatedAt="2026-01-01T00:00:00.000Z")
        store.path(h.name).write_text(E.render(E.Entry(h, f"body {i}")))
    store.save("entry-999", "last", tag="REFERENCE", description="the last one " + "w" * 60)
    text = (store.dir / "MEMORY.md").read_text()
    assert len(text.encode()) <= INDEX_MAX_BYTES
    listed = [ln for ln in text.splitlines() if ln.startswith("- [")]
    assert len(listed) <= INDEX_MAX_LINES
    assert f"{INDEX_MAX_LINES + 30 - len(listed)} more entries not listed" in text


def test_trash_restore_with_conflict_then_purge_with_exact_counts(service: MemoryService, session) -> None:
    for n in ("a", "b", "c"):
        service.save(session, name=n, content=f"body {n}", tag="HISTORY")
    ans = service.delete(session, names=["a", "b"])
    assert ans.count == 2
    assert [h.name for h in service.store.headers()] == ["c"]
    assert "[a]" not in (service.store.dir / "MEMORY.md").read_text()
    assert "a" not in service.recall(session).names and "a" not in service.list_entries(session).names
    assert sorted(service.list_entries(session, status="trash").names) == ["a", "b"]

    service.save(session, name="a", content="a new a", tag="HISTORY")
    with pytest.raises(ConflictError) as exc:
        service.restore(session, name="a")
    assert "new_name" in str(exc.value)
    restored = service.restore(session, name="a", new_name="a-old")
    assert restored.names == ["a-old"]
    assert service.store.get("a-old").body.strip() == "body a"
    assert service.store.get("a").body.strip() == "a new a"

    dry = service.purge(session)
    assert dry.count == 0 and "confirm=true" in dry.text and len(service.store.trash()) == 1
    service.delete(session, names=["c"])
    done = service.purge(session, confirm=True)
    assert done.count == 2 and sorted(done.names) == ["b", "c"]
    assert "Purged 2 trashed entries" in done.text and "0 remain" in done.text
    assert service.store.trash() == []
    with pytest.raises(NotFoundError):
        service.restore(session, name="b")


def test_missing_entry_error_suggests_a_name_and_the_trash(service: MemoryService, session) -> None:
    service.save(session, name="deploy-order", content="x", tag="REQUIREMENT")
    with pytest.raises(NotFoundError) as exc:
        service.read(session, name="deploy-ordr")
    assert "deploy-order" in str(exc.value) and "action='list'" in str(exc.value)
    service.delete(session, names=["deploy-order"])
    with pytest.raises(NotFoundError) as exc:
        service.read(session, name="deploy-order")
    assert "restore" in str(exc.value)


def test_torn_index_is_repaired_at_startup_with_a_report(make_service: MakeService, session) -> None:
    svc1 = make_service()
    for n in ("alpha", "beta", "gamma"):
        svc1.save(session, name=n, content=n, tag="DECISION", description=f"about {n}")
    index = svc1.store.dir / "MEMORY.md"
    good = index.read_text()
    index.write_text(good[: good.index("[beta]") + 4])  # a torn write: cut mid-line
    # and a topic written just before a crash, without its index line
    (svc1.store.dir / "delta.md").write_text(E.render(E.Entry(E.Header(
        name="delta", description="about delta", tag="FAILURE", source="agent", createdAt="2026-01-01T00:00:00.000Z",
        updatedAt="2026-01-01T00:00:00.000Z"), "delta body")))
    svc2 = make_service()
    report = svc2.store.repair_report
    assert report is not None
    assert report.added == ["beta", "delta", "gamma"]  # 'be' was cut, so beta's line was unreadable
    repaired = index.read_text()
    for n in ("alpha", "beta", "gamma", "delta"):
        assert f"[{n}]({n}.md)" in repaired
    note = svc2.list_entries(session).text
    assert note.startswith("Note: at startup the memory index was repaired") and "delta" in note
    assert "repaired" not in svc2.list_entries(session).text  # reported once


def test_index_line_without_topic_is_dropped_at_startup(make_service: MakeService, session) -> None:
    svc1 = make_service()
    svc1.save(session, name="keep", content="k", tag="DECISION")
    svc1.save(session, name="gone", content="g", tag="DECISION")
    os.unlink(svc1.store.path("gone"))  # e.g. removed by hand
    svc2 = make_service()
    assert svc2.store.repair_report is not None and svc2.store.repair_report.removed == ["gone"]
    assert "[gone]" not in (svc2.store.dir / "MEMORY.md").read_text()


def test_a_topic_with_a_broken_header_stays_findable(make_service: MakeService, session) -> None:
    svc1 = make_service()
    svc1.store.dir.mkdir(parents=True)
    (svc1.store.dir / "handmade.md").write_text("no front matter here\n")
    svc2 = make_service()
    assert svc2.store.repair_report is not None and svc2.store.repair_report.unreadable == ["handmade"]
    assert "[handmade](handmade.md)" in (svc2.store.dir / "MEMORY.md").read_text()


def test_no_repair_report_when_index_matches(make_service: MakeService, session) -> None:
    svc1 = make_service()
    svc1.save(session, name="x", content="x", tag="DECISION")
    assert make_service().store.repair_report is None


def test_status_verified_and_stale_do_not_move_updated_at(service: MemoryService, session, clock: Clock) -> None:
    service.save(session, name="x", content="x", tag="DECISION")
    clock.advance(days=2)
    service.status(session, name="x", status="verified")
    h = service.store.get("x").header
    assert h.status == "verified" and h.verifiedAt == "2026-01-03T12:00:00.000Z" and h.updatedAt == "2026-01-01T12:00:00.000Z"
    service.status(session, name="x", status="stale")
    assert "(DECISION, stale, updated" in (service.store.dir / "MEMORY.md").read_text()
    with pytest.raises(InputError):
        service.status(session, name="x", status="obsolete")


def test_memory_store_sweeps_temp_files_left_by_a_crash(ws_loaded) -> None:
    ws, _ = ws_loaded
    ws.memory_dir.mkdir(parents=True, mode=0o700)  # a folder an earlier write created
    leftover = ws.memory_dir / ".tmp-abc.part"
    leftover.write_text("half")
    store = MemoryStore(ws.memory_dir)
    assert not leftover.exists()
    assert store.repair_report is not None and store.repair_report.temps == [".tmp-abc.part"]


def test_repo_location_keeps_memory_under_the_repository(mem_root, session) -> None:
    from tests.conftest import make_workspace

    ws, loaded = make_workspace(mem_root, **{"memory.location": "repo"})
    svc = MemoryService(ws.memory_dir, loaded.settings)
    svc.save(session, name="team-rule", content="PRs need two reviews.", tag="REQUIREMENT")
    assert (mem_root / ".contexteer" / "memory" / "team-rule.md").is_file()
    assert (mem_root / ".contexteer" / "memory" / "MEMORY.md").is_file()


def test_loose_permissions_are_tightened_at_startup(ws_loaded, session) -> None:
    ws, loaded = ws_loaded
    MemoryService(ws.memory_dir, loaded.settings).save(session, name="x", content="x", tag="DECISION")
    os.chmod(ws.memory_dir / "x.md", 0o644)
    MemoryStore(ws.memory_dir)
    assert stat.S_IMODE(os.stat(ws.memory_dir / "x.md").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(ws.memory_dir / ".lock").st_mode) == 0o600


def test_the_same_name_can_be_trashed_twice_and_restores_the_newest(service: MemoryService, session, clock: Clock) -> None:
    service.save(session, name="n", content="first", tag="HISTORY")
    service.delete(session, names=["n"])
    service.save(session, name="n", content="second", tag="HISTORY")
    service.delete(session, names=["n"])  # same clock tick: still two distinct trash files
    assert len(service.store.trash()) == 2
    service.restore(session, name="n")
    assert service.store.get("n").body.strip() == "second"
