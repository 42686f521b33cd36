"""Reads never create the memory folder; empty answers say where they looked and where the entries are (F5, F13)."""

from __future__ import annotations

import io
from pathlib import Path

import anyio
from mcp import Client

from contexteer.memory.location import memory_path
from contexteer.memory.recall import SessionMemory
from contexteer.memory.service import MemoryService
from contexteer.server.app import build_server
from contexteer.server.cli import build_parser
from contexteer.server.cli.memory import run_memory_command
from tests.conftest import make_workspace


def test_reads_through_the_server_never_create_the_repo_memory_folder(mem_root: Path) -> None:
    ws, loaded = make_workspace(mem_root, **{"memory.location": "repo"})
    server = build_server(ws, loaded)

    async def main() -> None:
        async with Client(server) as client:
            for action in ("recall", "list", "checkpoint_list"):
                res = await client.call_tool("memory", {"action": action})
                assert not res.is_error
            await client.read_resource("memory://index")
            res = await client.call_tool("memory", {"action": "read", "name": "nope"})
            assert res.is_error

    anyio.run(main)
    assert not (mem_root / ".contexteer").exists()


def test_empty_recall_names_the_folder_and_the_other_location_with_its_entries(mem_root: Path) -> None:
    ws_data, loaded_data = make_workspace(mem_root)
    data = MemoryService(memory_path(ws_data), loaded_data.settings)
    for n in ("a", "b"):
        data.save(SessionMemory(), name=n, content=f"entry {n}", tag="DECISION")
    ws, loaded = make_workspace(mem_root, **{"memory.location": "repo"})
    repo = MemoryService(memory_path(ws), loaded.settings, elsewhere=("data", memory_path(ws, "data")))
    text = repo.recall(SessionMemory()).text
    folder = ".contexteer/memory"  # named without this machine's paths
    assert f"no readable entry in the memory folder {folder} (memory.location=repo)" in text
    other = memory_path(ws, "data")
    assert f"2 entries are in the other location, memory.location=data (<data dir>/projects/{other.parent.name}/memory)" in text
    assert str(mem_root) not in text
    assert ("CONTEXTEER_MEMORY__LOCATION=data contexteer memory export FILE` then "
            "`CONTEXTEER_MEMORY__LOCATION=repo contexteer memory import FILE`") in text
    assert "nothing has been saved" not in text
    listed = repo.list_entries(SessionMemory()).text
    assert f"No entries in the memory folder {folder}" in listed and "2 entries are in the other location" in listed
    assert not (mem_root / ".contexteer" / "memory").exists()


def test_cli_list_says_which_project_and_folder_it_looked_at(tmp_path: Path) -> None:
    other = tmp_path / "elsewhere"
    other.mkdir()
    ws, loaded = make_workspace(other)
    args = build_parser().parse_args(["memory", "--root", str(other), "list"])
    out, err = io.StringIO(), io.StringIO()
    assert run_memory_command(args, ws, loaded.settings, out=out, err=err) == 0
    first = out.getvalue().splitlines()[0]
    assert first == (f"Memory of {ws.root}: {memory_path(ws)} (memory.location=data); use --root DIR for another project.")
    args = build_parser().parse_args(["memory", "--root", str(other), "show", "x"])
    assert run_memory_command(args, ws, loaded.settings, out=out, err=err) == 1
    assert f"(memory of {ws.root}; use --root DIR for another project)" in err.getvalue()
