"""Shared test fixtures: every test gets its own data dir and config home, so nothing touches the user's."""

from __future__ import annotations

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
