"""Every `contexteer` command: `main` parses and dispatches (cli.main); each command lives in its own module."""

from __future__ import annotations

from contexteer.server.cli.main import CLIENTS, build_parser, main

__all__ = ["CLIENTS", "build_parser", "main"]
