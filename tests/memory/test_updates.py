"""An update never destroys the previous version, and says what it kept (F4, F12)."""

from __future__ import annotations

import io
import re

from contexteer.memory.service import MemoryService
from contexteer.server.cli import build_parser
from contexteer.server.cli.memory import run_memory_command
from contexteer.tools.memory import dispatch

from .conftest import Clock


def test_save_over_an_entry_keeps_the_previous_version_restorable(service: MemoryService, session, clock: Clock) -> None:
    service.save(session, name="use-pnpm", content="We use pnpm, not npm, for installs.", tag="DECISION",
                 description="Installs use pnpm", source="user: design review")
    clock.advance(days=1)
    ans = service.save(session, name="Use-PNPM.md", content="x", tag="DECISION", description="d", source="agent: oops")
    assert service.store.get("use-pnpm").body.strip() == "x"
    m = re.search(r"action='restore', name='use-pnpm', new_name='use-pnpm-previous'", ans.text)
    assert m and "previous version is kept in the trash" in ans.text
    args = dict(re.findall(r"(\w+)='([^']*)'", m.group(0)))
    restored = dispatch(service, session, args.pop("action"), args)  # the exact call the reply gives
    assert restored.names == ["use-pnpm-previous"]
    old = service.store.get("use-pnpm-previous")
    assert old.body.strip() == "We use pnpm, not npm, for installs." and old.header.source == "user: design review"


def test_saving_identical_content_adds_nothing_to_the_trash(service: MemoryService, session) -> None:
    service.save(session, name="a", content="same", tag="DECISION", description="d")
    ans = service.save(session, name="a", content="same")
    assert service.store.trash() == [] and "trash" not in ans.text


def test_content_change_without_description_says_it_was_kept_and_clears_verification(service: MemoryService, session) -> None:
    service.save(session, name="auth-sessions", content="Authentication uses server sessions, not JWT.", tag="DECISION",
                 description="Authentication uses server sessions, not JWT")
    service.status(session, name="auth-sessions", status="verified")
    ans = service.save(session, name="auth-sessions", content="Auth now uses JWT with short expiry.", source="agent: refactor")
    assert ("the description was kept: \"Authentication uses server sessions, not JWT\"; pass description='...' "
            "if it no longer fits") in ans.text
    assert "verification (verifiedAt) was cleared" in ans.text
    h = service.store.get("auth-sessions").header
    assert h.verifiedAt is None and h.status == "active"


def test_verification_survives_a_save_that_keeps_the_content(service: MemoryService, session) -> None:
    service.save(session, name="a", content="same", tag="DECISION", description="d")
    service.status(session, name="a", status="verified")
    ans = service.save(session, name="a", content="same", description="better words")
    assert service.store.get("a").header.verifiedAt is not None and "description was kept" not in ans.text


def test_import_overwrite_trashes_and_names_the_replaced_local_versions(ws_loaded, service: MemoryService, session,
                                                                        tmp_path, clock: Clock) -> None:
    ws, loaded = ws_loaded
    service.save(session, name="auth-sessions", content="old archived text", tag="DECISION", description="d")
    archive = tmp_path / "m.json"

    def run(*argv: str) -> tuple[int, str]:
        args = build_parser().parse_args(["memory", "--root", str(ws.root), *argv])
        out = io.StringIO()
        return run_memory_command(args, ws, loaded.settings, out=out, err=io.StringIO()), out.getvalue()

    assert run("export", str(archive))[0] == 0
    clock.advance(days=1)
    service.save(session, name="auth-sessions", content="newer local text", tag="DECISION", description="d")
    code, out = run("import", str(archive), "--on-conflict", "overwrite")
    assert code == 0 and "overwrote 1 existing (auth-sessions; the replaced versions are in the trash" in out
    assert service.store.get("auth-sessions").body.strip() == "old archived text"
    bodies = [p.read_text() for p, _ in service.store.trash()]
    assert any("newer local text" in b for b in bodies)


def test_the_trash_keeps_the_newest_versions_of_an_often_updated_entry(service, session) -> None:
    from contexteer.memory import trash

    for i in range(trash.KEEP_VERSIONS + 5):
        service.save(session, name="counter", content=f"value {i}", tag="HISTORY", description="a counter")
    versions = [h for _, h in trash.listing(service.store) if h.name == "counter"]
    assert len(versions) == trash.KEEP_VERSIONS
    newest = trash.restore(service.store, "counter", new_name="counter-previous")
    assert newest.name == "counter-previous"
    assert service.store.get("counter-previous").body.strip() == f"value {trash.KEEP_VERSIONS + 3}"
