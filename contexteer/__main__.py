"""`python -m contexteer` runs the command-line interface."""

from __future__ import annotations

from contexteer.server.cli import main

raise SystemExit(main())
