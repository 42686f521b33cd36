"""Shared test fixtures: every test gets its own data dir and config home, so nothing touches the user's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from contexteer.config import LoadedConfig, load_config
from contexteer.workspace import Workspace


@pytest.fixture(scope="session", autouse=True)
def _session_storage(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The whole run, module- and session-scoped fixtures included (they are set up before any function-scoped
    fixture), stores under a temporary folder. Set for the rest of the process, not undone: a build thread or an
    exit hook that outlives its test must still write there. The platform's default data dir points into the
    temporary folder too (XDG_DATA_HOME), and must stay empty: anything there ignored CONTEXTEER_DATA_DIR."""
    import os

    import platformdirs

    xdg = tmp_path_factory.mktemp("xdg-data")
    os.environ["XDG_DATA_HOME"] = str(xdg)
    os.environ["CONTEXTEER_DATA_DIR"] = str(tmp_path_factory.mktemp("session-data"))
    os.environ["CONTEXTEER_CONFIG_HOME"] = str(tmp_path_factory.mktemp("session-confighome"))
    os.environ.pop("CONTEXTEER_TOKEN", None)
    default = Path(platformdirs.user_data_dir("contexteer", appauthor=False))
    assert default.is_relative_to(xdg), default
    yield
    leaked = sorted(str(p.relative_to(default)) for p in default.rglob("*")) if default.is_dir() else []
    assert not leaked, f"something ignored CONTEXTEER_DATA_DIR and wrote to the default data dir: {leaked[:10]}"


@pytest.fixture(autouse=True)
def _isolated_storage(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    data = tmp_path_factory.mktemp("data")
    home = tmp_path_factory.mktemp("confighome")
    monkeypatch.setenv("CONTEXTEER_DATA_DIR", str(data))
    monkeypatch.setenv("CONTEXTEER_CONFIG_HOME", str(home))
    monkeypatch.delenv("CONTEXTEER_TOKEN", raising=False)
    for name in ("CONTEXTEER_DATABASE_URL", "CONTEXTEER_STORAGE__URL", "CONTEXTEER_SERVER__TOKENS_FILE"):
        monkeypatch.delenv(name, raising=False)  # a developer's team database is never touched by the tests
    import logging
    import threading

    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield data
    # a TokenCounter's background encoding load (tokens.TokenCounter._load_later) logs when it ends: one a test
    # started ends before pytest closes that test's captured streams
    for t in threading.enumerate():
        if t.name.startswith("tiktoken-load-") and t is not threading.current_thread():
            t.join(timeout=10)
    # and a test running the CLI in-process (`_setup_logging`: basicConfig(force=True, stream=sys.stderr)) leaves a
    # root handler on that test's captured stderr, closed once it ends: a later thread's INFO line printed "--- Logging
    # error --- ValueError: I/O operation on closed file" in some runs. The root logger is put back as it was.
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A small repository with a few files of different kinds."""
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src" / "app.py").write_text(
        "import os\n\n\nclass App:\n    \"\"\"The app.\"\"\"\n\n    def run(self) -> int:\n        return 1\n\n\ndef main() -> None:\n    App().run()\n",
        encoding="utf-8",
    )
    (root / "README.md").write_text("# Demo\n\nSome text.\n", encoding="utf-8")
    (root / "data.bin").write_bytes(b"\x00\x01\x02binary")
    (root / ".env").write_text("SECRET=1\n", encoding="utf-8")
    return root


def make_workspace(root: Path, **overrides: object) -> tuple[Workspace, LoadedConfig]:
    loaded = load_config(root=root, overrides=dict(overrides), use_user_config=False)
    return Workspace(root, loaded.settings), loaded


@pytest.fixture
def workspace(repo: Path) -> tuple[Workspace, LoadedConfig]:
    return make_workspace(repo)


_HEADED_PATH = re.compile(r"^(?P<path>\S.*?) \(\d+ hits?\)$")  # a digest's `path (3 hits)`
_HIT_ROW = re.compile(r"^(?P<pad>  |    )(?P<line>\d+)(?P<sep>[:-]) (?P<text>.*)$")


def grouped_hits(text: str, context: bool = False) -> list[tuple[str, int, str]]:
    """Each hit of an answer's grouped hit list as (path, line, row), in the order shown. The answer shows a file's
    path once on its own line (a digest's `path (N hits)`), its hits below it as `  12: text` (a context line
    `  12- text`), a hit's note inline (`  12: text  — in main 9-14`) or, over a run of hits that share it, once as
    a heading (`  in main 9-14:`) with the run's hits below it as `    12: text`. The row is the hit as a single one
    would read, with the note that applies to it: `12: text  — in main 9-14`. Context lines count when `context`."""
    out: list[tuple[str, int, str]] = []
    path: str | None = None
    note: str | None = None  # the heading over the current run of hits
    for ln in text.split("\n"):
        if ln and not ln.startswith(" "):
            m = _HEADED_PATH.match(ln)
            path, note = (m["path"] if m else ln), None
            continue
        m = _HIT_ROW.match(ln)
        if m is None:
            body = ln.strip()
            # `  in main 9-14:` heads a run; anything else (`  --`, `  … 3 more hits …`) ends one
            note = body[:-1] if ln.startswith("  ") and not ln.startswith("   ") and body.endswith(":") \
                and not body.startswith(("…", "--")) else None
            continue
        if len(m["pad"]) == 2:
            note = None  # a hit at the file's own indent is not under the heading above it
        elif note is None:
            continue  # four spaces without a heading: not a hit row
        if path is None or (m["sep"] == "-" and not context):
            continue
        row = f"{m['line']}{m['sep']} {m['text']}"
        out.append((path, int(m["line"]), f"{row}  — {note}" if note and len(m["pad"]) == 4 else row))
    return out


def hit_at(text: str, path: str, line: int, context: bool = False) -> str | None:
    """The hit on `line` of `path` in an answer's grouped hit list, as `12: text  — note` with the note that applies
    to it (inline or the heading over its run), or None when the answer does not show it (see grouped_hits)."""
    return next((row for p, n, row in grouped_hits(text, context) if p == path and n == line), None)
