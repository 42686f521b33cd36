"""What the `contexteer` commands share: the common options, loading the workspace and its settings, and reaching
a team database."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path
from typing import Any

from contexteer.config import LoadedConfig, Settings, load_config
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)


def add_common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", default=".", help="repository root to serve (default: current directory)")
    p.add_argument("--config", default=None, help="path of a contexteer.yaml (trusted, like your user config)")
    p.add_argument("--log-level", default=None, choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"])


def add_client_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", default=None, help="the repository to serve (default: the git top-level of the "
                   "current folder, stated in the output; outside a git repository --root is required)")
    p.add_argument("--config", default=None, help=argparse.SUPPRESS)
    p.add_argument("--log-level", default=None, choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"])
    p.add_argument("--transport", default="stdio", choices=["stdio", "http", "sse"])
    p.add_argument("--port", type=int, default=None, help="port of the HTTP/SSE server (default: server.port)")
    p.add_argument("--uvx", action="store_true", help="launch with `uvx contexteer` instead of this installation's path")


def load(args: argparse.Namespace, extra: dict[str, Any] | None = None) -> tuple[Workspace, LoadedConfig]:
    root = Path(args.root)
    overrides: dict[str, Any] = dict(extra or {})
    if getattr(args, "log_level", None):
        overrides["server.log_level"] = args.log_level
    loaded = load_config(root=root if root.is_dir() else None, config_file=args.config, overrides=overrides)
    ws = Workspace(root, loaded.settings)
    return ws, loaded


def reach_database(settings: Settings) -> None:
    """With storage.url set: connect to the team database and migrate it, or raise StorageError saying why."""
    if settings.storage.url:
        from contexteer.storage import database_for

        database_for(settings)
