"""`contexteer stats`: token savings per tool, for the latest session and all time, from this project's journal."""

from __future__ import annotations

import logging

from contexteer.config import Settings
from contexteer.shaping.stats import compute_stats, render_stats
from contexteer.storage import database_for
from contexteer.storage.journal import open_journal
from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)


def stats_command(ws: Workspace, settings: Settings) -> str:
    """`contexteer stats`: the latest session and all time, from this project's journal."""
    database = database_for(settings)
    if database is None and not (ws.data_path / "journal.jsonl").exists():  # asking must not create a project's data dir
        return f"no tool calls recorded yet for {ws.root} (no journal in {ws.data_path})."
    read = open_journal(ws, settings, database).read()
    calls = [e for e in read.events if e.get("type") == "tool_call"]
    if not calls:
        return f"no tool calls recorded yet for {ws.root} (the journal is empty)."
    latest = next((e.get("session") for e in reversed(calls) if e.get("session")), None)
    stats = compute_stats(calls, latest, incomplete=read.incomplete)
    if stats.session is not None:
        stats.session.scope = f"latest session {latest}"
    return render_stats(stats)
