"""A large index ranks its repo map in a worker and keeps the ranks next to the index (issue 14): the map an agent
reads is the same as the one ranked in the serving process, a new process answers from the stored ranks, an edit
shows at once and the ranks catch up, and a damaged snapshot is computed again."""

from __future__ import annotations

import re
import shutil
import sys
import time
from pathlib import Path

import pytest

from contexteer.indexers import rank_snapshot
from tests.navigation.conftest import Served

STDLIB = Path(shutil.__file__).resolve().parent
PACKAGES = ("email", "json", "http", "logging", "xml", "urllib")


def _corpus(tmp_path: Path) -> Path:
    """Real code nobody here wrote: a few packages of this interpreter's standard library."""
    root = tmp_path / "stdlib"
    for name in PACKAGES:
        shutil.copytree(STDLIB / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _map(served: Served, **args: object) -> str:
    answer = served.call("get_structured_index", **args)
    assert not answer.is_error, answer.text
    return answer.text


def _snapshot_of(root: Path, data: Path) -> Path:
    found = list(data.rglob("repomap-ranks.bin"))
    assert len(found) == 1, f"expected one stored ranking under {data}, found {found}"
    return found[0]


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "data"
    monkeypatch.setenv("CONTEXTEER_DATA_DIR", str(data))
    return data


def test_a_large_index_gives_the_same_maps_from_its_stored_ranks_and_a_new_process_reuses_them(
        tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    root = _corpus(tmp_path)
    monkeypatch.setattr(rank_snapshot, "MIN_SYMBOLS", sys.maxsize)  # ranked in the serving process, as before
    in_process = Served(root)
    whole = _map(in_process, path=".", budget_tokens=1500)
    email = _map(in_process, path="email", budget_tokens=600)
    assert not list(data_dir.rglob("repomap-ranks.bin"))

    monkeypatch.setattr(rank_snapshot, "MIN_SYMBOLS", 0)  # every index counts as large
    stored = Served(root)
    assert _map(stored, path=".", budget_tokens=1500) == whole
    assert _map(stored, path="email", budget_tokens=600) == email
    snap = _snapshot_of(root, data_dir)
    written = snap.stat().st_mtime_ns

    again = Served(root)  # a new server process on the same index
    assert _map(again, path="email", budget_tokens=600) == email
    assert _map(again, path=".", budget_tokens=1500) == whole
    assert snap.stat().st_mtime_ns == written, "a new process computed the ranks again instead of reading them"


def test_an_edit_shows_in_the_next_map_and_the_stored_ranks_catch_up(tmp_path: Path, data_dir: Path,
                                                                       monkeypatch: pytest.MonkeyPatch):
    root = _corpus(tmp_path)
    monkeypatch.setattr(rank_snapshot, "MIN_SYMBOLS", 0)
    served = Served(root, **{"index.sweep_interval_seconds": 0})
    before = _map(served, path="email", budget_tokens=400)
    assert "class MessageError" in before, "the fixture's top email definition changed: pick another one"
    for path in (root / "email").rglob("*.py"):  # the class renamed everywhere, as a refactoring tool would
        text = path.read_text(encoding="utf-8")
        if "MessageError" in text:
            path.write_text(re.sub(r"\bMessageError\b", "MailFailure", text), encoding="utf-8")
    after = _map(served, path="email", budget_tokens=400)
    assert "class MessageError" not in after, "the map still shows a class the file no longer defines"
    # the renamed class has no rank in the previous snapshot; a worker ranks the new state in the background
    deadline = time.monotonic() + 60
    while "class MailFailure" not in after and time.monotonic() < deadline:
        time.sleep(0.2)
        after = _map(served, path="email", budget_tokens=400)
    assert "class MailFailure" in after, after


def test_a_damaged_stored_ranking_is_computed_again(tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    root = _corpus(tmp_path)
    monkeypatch.setattr(rank_snapshot, "MIN_SYMBOLS", 0)
    first = _map(Served(root), path=".", budget_tokens=800)
    snap = _snapshot_of(root, data_dir)
    snap.write_bytes(b"not a ranks file")
    assert _map(Served(root), path=".", budget_tokens=800) == first
    assert rank_snapshot.load(snap) is not None, "the damaged snapshot was not replaced"


def test_a_focused_map_of_a_large_index_comes_from_its_stored_ranks_with_the_focus_first(
        tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch):
    # on the kernel a focused map built the whole reference graph in the server (4 GB, 58 s): it now starts from
    # the stored ranks and reads only the focused files' neighbourhood from the index
    root = _corpus(tmp_path)
    monkeypatch.setattr(rank_snapshot, "MIN_SYMBOLS", 0)
    served = Served(root)
    _map(served, path=".", budget_tokens=600)  # the stored ranks exist
    by_file = _map(served, path=".", budget_tokens=600, focus=["json/decoder.py"])
    assert by_file.split("\n")[1].startswith("folders (files): email 30 (29 indexed), http 5, json 5,"), by_file  # the layout
    assert by_file.split("\n")[2].startswith("json/decoder.py"), by_file
    by_name = _map(served, path=".", budget_tokens=600, focus=["HTTPConnection"])
    assert "class HTTPConnection" in by_name, by_name
    # the neighbourhood of the focused file follows it: json's own modules, before unrelated packages
    wide = _map(served, path=".", budget_tokens=1500, focus=["json/decoder.py"])
    rows = [r for r in wide.split("\n") if r and not r.startswith((" ", "folders (files):"))][1:]
    assert rows[0] == "json/decoder.py" and sum(r.startswith("json/") for r in rows[:4]) >= 3, wide


def test_contexteer_index_rank_map_leaves_a_large_index_ranked_for_the_first_map(tmp_path: Path, data_dir: Path,
                                                                       monkeypatch: pytest.MonkeyPatch):
    import io

    from contexteer.server.cli.main import main

    root = _corpus(tmp_path)
    monkeypatch.setattr(rank_snapshot, "MIN_SYMBOLS", 0)  # every index counts as large
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["index", "--root", str(root)]) == 0
    assert "repo-map ranks" not in err.getvalue() and not list(data_dir.rglob("repomap-ranks.bin"))  # opt-in
    assert main(["index", "--root", str(root), "--rank-map"]) == 0
    assert "repo-map ranks computed in" in err.getvalue(), err.getvalue()
    stored = _snapshot_of(root, data_dir)
    made = stored.stat().st_mtime_ns
    err.truncate(0)
    assert main(["index", "--root", str(root), "--rank-map"]) == 0  # nothing changed: the ranks stand
    assert "repo-map ranks computed" not in err.getvalue() and stored.stat().st_mtime_ns == made
