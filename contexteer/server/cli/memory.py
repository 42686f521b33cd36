"""`contexteer memory ...`: the human side of long-term memory (list, show, trash, restore, purge, export, import)."""

from __future__ import annotations

import argparse
import logging
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from contexteer.errors import ContexteerError, NotFoundError

if TYPE_CHECKING:  # the memory modules are imported when a memory command runs, not by every command's parser
    from contexteer.config import Settings
    from contexteer.memory.recall import SessionMemory
    from contexteer.memory.service import MemoryService
    from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)


def add_memory_commands(sub: Any) -> None:
    p = sub.add_parser("list", help="entries (headers only), newest checkpoint first")
    p.add_argument("--tag", default=None, help="only this tag (DECISION, REQUIREMENT, ...)")
    p.add_argument("--status", default=None, help="only this status (active, verified, stale)")
    p = sub.add_parser("show", help="one entry in full, with its header")
    p.add_argument("name")
    sub.add_parser("trash", help="what the trash holds")
    p = sub.add_parser("delete", help="move entries to the trash")
    p.add_argument("names", nargs="+")
    p = sub.add_parser("restore", help="bring an entry back from the trash")
    p.add_argument("name")
    p.add_argument("--as", dest="new_name", default=None, help="restore under another name (when the name is taken)")
    p = sub.add_parser("purge", help="delete trashed entries for good (all, or the names given)")
    p.add_argument("names", nargs="*")
    p.add_argument("--yes", action="store_true", help="really delete; without it, only say what would be deleted")
    p = sub.add_parser("export", help="write every entry and checkpoint to a versioned JSON archive (secrets re-scanned)")
    p.add_argument("file")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists (without it, an existing file is refused)")
    p = sub.add_parser("import", help="read an archive written by export (validated before anything is written)")
    p.add_argument("file")
    p.add_argument("--on-conflict", choices=["skip", "overwrite", "rename"], default="skip",
                   help="what to do with an entry whose name already exists (default: skip)")
    sub.add_parser("checkpoints", help="list checkpoints, newest first")


def run_memory_command(args: argparse.Namespace, ws: Workspace, settings: Settings, out: TextIO | None = None,
                       err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    cmd = getattr(args, "memory_command", None)
    if not cmd:
        err.write("usage: contexteer memory {list,show,trash,delete,restore,purge,export,import,checkpoints} ...\n")
        return 2
    from contexteer.memory.location import memory_path, other_location
    from contexteer.memory.recall import SessionMemory
    from contexteer.memory.service import MemoryService
    from contexteer.storage import database_for
    from contexteer.storage.journal import open_journal

    try:
        database = database_for(settings)
        journal = open_journal(ws, settings, database)
        service = MemoryService(memory_path(ws), settings, journal=journal, elsewhere=other_location(ws),
                                database=database, project=ws.project_key)
        if service.store.repair_report is not None:
            err.write(f"memory index repaired at startup: {service.store.repair_report.summary()}\n")
        session = SessionMemory()
        if cmd in ("list", "trash"):
            where = (f"{service.store.where()}" if service.store.shared
                     else f"{service.store.where()} (memory.location={settings.memory.location})")
            out.write(f"Memory of {ws.root}: {where}; use --root DIR for another project.\n")
        return _run(cmd, args, service, session, out)
    except NotFoundError as exc:
        err.write(f"error: {cli_words(str(exc))} (memory of {ws.root}; use --root DIR for another project)\n")
        return 1
    except ContexteerError as exc:
        err.write(f"error: {cli_words(str(exc))}\n")
        return 1


class _CliOut:
    """`out` with the tool's wording rewritten for a person (see cli_words)."""

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, text: str) -> None:
        self.out.write(cli_words(text))


def _run(cmd: str, args: argparse.Namespace, service: MemoryService, session: SessionMemory, raw_out: TextIO) -> int:
    from contexteer.memory.archive import export_archive, import_archive
    from contexteer.memory.store import BrokenEntry, MemoryStore, index_line

    store = service.store
    out = _CliOut(raw_out)
    if cmd == "list":
        out.write(service.list_entries(session, tag=args.tag, status=args.status, everything=True).text)
    elif cmd == "show":
        try:
            entry = store.get(args.name)
        except BrokenEntry as exc:
            out.write(f"warning: {exc.path} cannot be parsed ({exc.reason}); its raw text follows. Fix it by hand.\n\n")
            raw_out.write(store.raw_text(exc.name))  # the body as stored, not reworded
            return 0
        h = entry.header
        raw_out.write(f"{index_line(h)}\nsource: {h.source}\ncreatedAt: {h.createdAt}\nupdatedAt: {h.updatedAt}\n"
                      f"status: {h.status}{' (verifiedAt ' + h.verifiedAt + ')' if h.verifiedAt else ''}\n"
                      f"{'file: ' + str(store.path(h.name)) if isinstance(store, MemoryStore) else 'stored in: ' + store.where()}"
                      f"{chr(10) + 'saved by: ' + h.savedBy if h.savedBy else ''}\n\n{entry.body}")
        if not entry.body.endswith("\n"):
            raw_out.write("\n")
    elif cmd == "trash":
        out.write(service.list_entries(session, status="trash").text)
    elif cmd == "delete":
        out.write(service.delete(session, names=args.names).text + "\n")
    elif cmd == "restore":
        out.write(service.restore(session, name=args.name, new_name=args.new_name).text + "\n")
    elif cmd == "purge":
        out.write(service.purge(session, names=args.names or None, confirm=args.yes).text + "\n")
    elif cmd == "export":
        rep = export_archive(store, service.checkpoints, Path(args.file), force=bool(getattr(args, "force", False)))
        red = f"; {sum(rep.redacted.values())} secret(s) redacted ({', '.join(rep.redacted)})" if rep.redacted else ""
        trash = (f" The trash ({rep.trashed} entr{'y' if rep.trashed == 1 else 'ies'}) is not included; restore what you "
                 "want to keep first (contexteer memory restore NAME).") if rep.trashed else " The trash is never included."
        out.write(f"exported {rep.entries} entries and {rep.checkpoints} checkpoints to {args.file}{red}.{trash}\n")
        if rep.skipped:
            out.write(f"NOT exported: {len(rep.skipped)} that cannot be read: "
                      + "; ".join(f"{n} ({why})" for n, why in list(rep.skipped.items())[:20])
                      + ". Fix them by hand in the memory folder (contexteer memory show NAME prints the raw text), then export again.\n")
            return 1
    elif cmd == "import":
        irep = import_archive(store, service.checkpoints, Path(args.file), on_conflict=args.on_conflict)
        parts = [f"imported {len(irep.imported)} entries", f"{irep.checkpoints} checkpoints"]
        if irep.skipped:
            parts.append(f"skipped {len(irep.skipped)} existing ({', '.join(irep.skipped[:10])}; use --on-conflict)")
        if irep.overwritten:
            parts.append(f"overwrote {len(irep.overwritten)} existing ({', '.join(irep.overwritten[:20])}; the replaced versions "
                         "are in the trash: contexteer memory restore NAME --as NEW_NAME)")
        if irep.renamed:
            parts.append("renamed " + ", ".join(f"{a} -> {b}" for a, b in irep.renamed.items()))
        out.write("; ".join(parts) + "\n")
    elif cmd == "checkpoints":
        out.write(service.checkpoint_list(session).text)
    else:
        return 2
    return 0


#: The memory tool's wording (action='...') and what a person types instead; applied in order.
_CLI_WORDS: list[tuple[re.Pattern[str], str]] = [(re.compile(a), b) for a, b in (
    (r"action='restore', name='([^']+)', new_name='([^']+)'", r"`contexteer memory restore \1 --as \2`"),
    (r"\(restore with action='restore', delete for good with action='purge', confirm=true\)",
     "(restore with `contexteer memory restore NAME`, delete for good with `contexteer memory purge --yes`)"),
    (r"Use action='list' with status='trash' \(or `contexteer memory trash`\)", "Use `contexteer memory trash`"),
    (r"action='read' name=\.\.\. for one body, action='recall' query=\.\.\. for the relevant ones\.",
     "`contexteer memory show NAME` for one body."),
    (r"; after a memory gap load it with action='checkpoint_load'", "; `contexteer memory checkpoints` lists them"),
    (r"\(action='checkpoint_save' records where the work stands\)", "(agents record one with the memory tool)"),
    (r"Save one with action='checkpoint_save' \(label, content, \.\.\.\)", "Agents save one with the memory tool"),
    (r"Use action='checkpoint_list' to see the ids, or leave name out for the latest",
     "`contexteer memory checkpoints` lists the ids"),
    (r"action='read' name='([^']+)'", r"`contexteer memory show \1`"),
    (r"action='restore'", "`contexteer memory restore NAME`"),
    (r"action='recall' query=\.\.\.", "the memory tool's recall"),
    (r"action='list'", "`contexteer memory list`"),
    (r"Pass new_name='<other name>'", "Pass --as NEW_NAME"),
    (r"new_name '", "--as '"),
    (r"[Cc]hoose another new_name", "Choose another --as name"),
    (r"new_name (is required|contains|is \d+)", r"--as \1"),
    (r"confirm=true", "--yes"),
)]


def cli_words(text: str) -> str:
    """The memory tool's instructions rewritten as the CLI commands a person types."""
    for pattern, repl in _CLI_WORDS:
        text = pattern.sub(repl, text)
    return text
