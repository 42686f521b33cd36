"""Memory operations as one service: the store, recall under budgets, checkpoints, per-session state.

Every method returns an `Answer` (markdown text for the model, the names concerned, a count) and
journals what it did without bodies. Per-MCP-session state (`SessionMemory`: the ignore flag, body
bytes shown, entry versions shown) is passed in by the caller; while a session ignores memory, no
body, description or index line of any entry or checkpoint appears in its answers.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from contexteer import __version__
from contexteer.config import Settings
from contexteer.errors import InputError, NotFoundError, SecretError, StorageError
from contexteer.journal import EventLog
from contexteer.memory import entries as E
from contexteer.memory.base import EntryStore
from contexteer.memory.checkpoints import Checkpoints, CheckpointStore, render_checkpoint
from contexteer.memory.location import count_topic_files
from contexteer.memory.recall import (
    Budgets,
    SessionMemory,
    age_label,
    rank,
    render_entry,
    render_selection,
)
from contexteer.memory.store import BrokenEntry, MemoryStore, index_line, redact_into, secret_kinds
from contexteer.storage import Database
from contexteer.tokens import get_counter

logger = logging.getLogger(__name__)

#: With a query, an entry's body is loaded only when its score is at least this share of the best score.
RELATIVE_BODY_SCORE = 0.5

IGNORED_TEXT = ("Memory is ignored for this MCP session: nothing from memory is shown. "
                "Call memory with action='ignore', on=false to use it again.")


@dataclass
class Answer:
    text: str
    action: str
    names: list[str] = field(default_factory=list)
    count: int = 0
    ignored: bool = False
    explicit: bool = True


class MemoryService:
    """The memory of one workspace as the tools and the CLI see it."""

    def __init__(
        self,
        memory_dir: Path,
        settings: Settings,
        *,
        journal: EventLog | None = None,
        clock: Callable[[], datetime] = E.now_utc,
        file_status: Callable[[str], str | None] = lambda _p: None,
        elsewhere: tuple[str, Path] | None = None,
        database: Database | None = None,
        project: str = "",
    ) -> None:
        self.settings = settings
        self.count = get_counter(settings.shaping.encoding).count  # the pipeline's encoding, never the default
        self.location = settings.memory.location
        self.elsewhere = elsewhere  # the memory.location not in use and its folder (for "memory is empty" answers)
        self.store: EntryStore
        self.checkpoints: CheckpointStore
        if database is not None:  # storage.url: the team database, shared by every replica
            from contexteer.memory.store_pg import PgCheckpoints, PgMemoryStore

            self.elsewhere = None
            pg = PgMemoryStore(database, project, entry_max_bytes=settings.memory.entry_max_bytes, journal=journal, clock=clock)
            self.store, self.checkpoints = pg, PgCheckpoints(pg, clock=clock)
        else:
            fs = MemoryStore(memory_dir, entry_max_bytes=settings.memory.entry_max_bytes, journal=journal, clock=clock)
            self.store, self.checkpoints = fs, Checkpoints(fs.dir, lock=fs.lock, clock=clock)
        self.file_status = file_status
        self._repair_pending = self.store.repair_report is not None

    @property
    def clock(self) -> Callable[[], datetime]:
        return self.store.clock

    def set_clock(self, clock: Callable[[], datetime]) -> None:
        self.store.clock = clock
        self.checkpoints.clock = clock

    def _event(self, action: str, **fields: object) -> None:
        self.store.event(action, **fields)

    def _repair_note(self) -> str:
        if not self._repair_pending or self.store.repair_report is None:
            return ""
        self._repair_pending = False
        rep = self.store.repair_report
        what = "the memory index was repaired" if rep.rebuilt or rep.temps else "the memory folder check"
        return f"Note: at startup {what} — {rep.summary()}.\n\n"

    def _ignored(self, action: str, session: SessionMemory) -> Answer | None:
        if session.ignore:
            self._event(action, ignored=True)
            return Answer(IGNORED_TEXT, action, ignored=True)
        return None

    # ----- budgets -------------------------------------------------------------------------
    def budgets(self, budget_tokens: int | None, *, register: bool) -> Budgets:
        m = self.settings.memory
        threshold = self.settings.context_mode_mcp.max_digest_threshold
        tokens = threshold - max(16, threshold // 64)  # headroom: the pipeline may count with another encoding
        if register:
            tokens = min(tokens, self.settings.chat_memory.register_budget)
        if budget_tokens is not None:
            if budget_tokens <= 0:
                raise InputError("budget_tokens must be a positive number of tokens, e.g. 1500.")
            tokens = min(tokens, budget_tokens)
        return Budgets(entry_bytes=m.entry_max_bytes, call_bytes=m.call_max_bytes, call_tokens=tokens,
                       session_bytes=m.session_max_bytes, count=self.count)

    # ----- entries -------------------------------------------------------------------------
    def save(self, session: SessionMemory, *, name: str, content: str, tag: str | None = None, description: str | None = None,
             source: str | None = None, redact_secrets: bool = False, saved_by: str | None = None) -> Answer:
        res = self.store.save(name, content, tag=tag, description=description, source=source, redact_secrets=redact_secrets,
                              saved_by=saved_by)
        h = res.header
        if res.created:
            text = f"Saved new entry '{h.name}' ({h.tag}) at {h.updatedAt}."
        else:
            text = f"Updated '{h.name}' ({h.tag}): updatedAt {h.updatedAt}, createdAt kept at {h.createdAt}; status is active again."
            if res.previous_in_trash:
                alt = self._free_name(f"{h.name}-previous")
                text += (f" The previous version is kept in the trash: action='restore', name='{h.name}', new_name='{alt}' "
                         "brings it back as a separate entry.")
            if res.description_kept and not session.ignore:
                text += (f" The content changed and no description was given, so the description was kept: \"{h.description}\"; "
                         "pass description='...' if it no longer fits.")
            if res.verification_cleared:
                text += " The content changed, so its earlier verification (verifiedAt) was cleared."
        if name.strip() != h.name:
            text += f" The name {name.strip()!r} is stored as '{h.name}' (names are lowercase, without '.md')."
        if res.description_shortened and not session.ignore:
            text += (f" The description was shortened to {E.DESCRIPTION_MAX} characters: \"{h.description}\"; "
                     "keep it to one line, the body holds the details.")
        if res.redacted:
            text += " Secrets were replaced by markers before writing: " + ", ".join(f"{v} {k}" for k, v in res.redacted.items()) + "."
        if res.derived_description and not session.ignore:
            text += f" No description was given; the first line is used: \"{h.description}\"."
        session.shown.pop(h.name, None)
        return Answer(text, "save", [h.name], 1)

    def _free_name(self, base: str) -> str:
        base = base[: E.NAME_MAX - 3]
        name, n = base, 2
        while self.store.exists(name):
            name, n = f"{base}-{n}", n + 1
        return name

    def _where(self) -> str:
        if self.store.shared:
            return "team database (storage.url)"
        return f"memory folder {_shown(Path(self.store.where()))} (memory.location={self.location})"

    def _empty_text(self, what: str) -> str:
        """Why nothing is there: where we looked, and whether the other memory.location holds entries."""
        text = f"{what} in the {self._where()}."
        if self.elsewhere:
            other, path = self.elsewhere
            n = count_topic_files(path)
            if n:
                text += (f" {n} entr{'y is' if n == 1 else 'ies are'} in the other location, memory.location={other} "
                         f"({_shown(path)}): "
                         f"set memory.location={other} to use them, or move them with "
                         f"`CONTEXTEER_MEMORY__LOCATION={other} contexteer memory export FILE` then "
                         f"`CONTEXTEER_MEMORY__LOCATION={self.location} contexteer memory import FILE`.")
        return text

    def _warnings(self) -> str:
        """Lines about skipped symlinks and topic files whose header cannot be parsed (after a headers() call)."""
        lines = [self.store.link_note()] if self.store.links() else []
        broken = sorted(self.store.broken.items())
        for name, reason in broken[:5]:
            if E.canonical_stem(name) is None:  # not addressable by a name: only a rename helps
                lines.append(f"Warning: skipped {name}.md: {reason}.\n")
                continue
            lines.append(f"Warning: skipped {name}.md: {reason}. Fix it by hand in the memory folder; action='read' "
                         f"name='{name}' shows its raw text.\n")
        if len(broken) > 5:
            lines.append(f"Warning: {len(broken) - 5} more topic files cannot be parsed: "
                         f"{', '.join(n for n, _ in broken[5:15])}.\n")
        return "".join(lines)

    def list_entries(self, session: SessionMemory, *, tag: str | None = None, status: str | None = None,
                     everything: bool = False) -> Answer:
        """Headers only; `everything` (the CLI) lists all of them instead of what fits one answer."""
        if (ans := self._ignored("list", session)) is not None:
            return ans
        now = self.clock()
        if status == "trash":
            items = self.store.trash()
            if tag:
                t = E.validate_tag(tag)
                items = [item for item in items if item.header.tag == t]
            lines = [f"- {h.name} ({h.tag}) — {h.description} — deleted {h.deletedAt or '?'}" for _, h in items]
            text = (f"Trash: {len(items)} entr{'y' if len(items) == 1 else 'ies'} (restore with action='restore', "
                    "delete for good with action='purge', confirm=true).\n" + "\n".join(lines))
            self._event("list", trash=True, count=len(items))
            return Answer(text.rstrip() + "\n", "list", [h.name for _, h in items], len(items))
        heads = self.store.headers()
        if tag:
            t = E.validate_tag(tag)
            heads = [h for h in heads if h.tag == t]
        if status:
            try:
                s = E.validate_status(status)
            except InputError:
                raise InputError(f"status {status!r} is not one of {', '.join(E.STATUSES)}, trash. "
                                 "Use status='trash' to see the deleted entries.") from None
            heads = [h for h in heads if h.status == s]
        heads.sort(key=E.listing_key)
        out = [self._repair_note() + self._warnings() + self._checkpoint_line(now)]
        if not heads and not filt_given(tag, status):
            out.append(self._empty_text("No entries"))
        filt = " ".join(x for x in (f"tag={tag}" if tag else "", f"status={status}" if status else "") if x)
        out.append(f"{len(heads)} entr{'y' if len(heads) == 1 else 'ies'}{' (' + filt + ')' if filt else ''}; headers only — "
                   "action='read' name=... for one body, action='recall' query=... for the relevant ones.")
        budget = self.settings.context_mode_mcp.max_digest_threshold - 100
        used = self.count("\n".join(out))
        shown = 0
        for h in heads:
            line = f"{index_line(h)} — {age_label(h, now).split(' — ')[0]}" + (f" — saved by {h.savedBy}" if h.savedBy else "")
            cost = self.count(line) + 1
            if used + cost > budget and not everything:
                out.append(f"… {len(heads) - shown} more not shown; filter with tag= or status=, find one with "
                           "action='recall' query=..., or list them all with `contexteer memory list`.")
                break
            out.append(line)
            used += cost
            shown += 1
        self._event("list", tag=tag, status=status, count=len(heads))
        return Answer("\n".join(out) + "\n", "list", [h.name for h in heads[:shown]], len(heads))

    def _checkpoint_line(self, now: datetime) -> str:
        try:
            cp, skipped = self.checkpoints.latest()
        except Exception:  # noqa: BLE001 - a broken checkpoint folder must not break list
            logger.exception("memory: listing checkpoints failed")
            return "Checkpoints cannot be listed (see the server log).\n"
        note = unreadable_note(skipped)
        if cp is None:
            return "No checkpoint yet (action='checkpoint_save' records where the work stands).\n" + note
        cid, d = cp.id, cp.data
        created = E.parse_iso(str(d.get("createdAt") or ""))
        days = max(0, (now - created).days) if created else None
        age = "?" if days is None else "today" if days == 0 else f"{days} day{'s' if days != 1 else ''} ago"
        return (f"Newest checkpoint: {cid} — {d.get('label', '')} (saved {age}); after a memory gap load it with "
                "action='checkpoint_load'.\n" + note)

    def recall(self, session: SessionMemory, *, query: str | None = None, tags: list[str] | None = None,
               budget_tokens: int | None = None) -> Answer:
        if (ans := self._ignored("recall", session)) is not None:
            return ans
        now = self.clock()
        register = not (query and query.strip())
        heads = self.store.headers()
        usable = [h for h in heads if h.name not in self.store.broken]  # an unparsable file never breaks recall
        ranked = rank(usable, self.store.access(), query=query, tags=tags)
        budgets = self.budgets(budget_tokens, register=register)
        if register:
            pre = (f"Memory register: the highest-priority entries within {budgets.call_tokens} tokens "
                   f"({len(ranked)} candidate{'s' if len(ranked) != 1 else ''}).\n")
        else:
            pre = f"Memory for {query.strip()!r}: {len(ranked)} matching entr{'y' if len(ranked) == 1 else 'ies'} (matched on name, tag and description).\n"  # type: ignore[union-attr]
        pre = self._repair_note() + self._warnings() + pre
        if not ranked:
            names = [h.name for h in usable][:20]
            self._event("recall", query_terms=len((query or "").split()), shown=0)
            if not names:
                return Answer(pre + self._empty_text("Memory is empty: no readable entry") + " Keep a decision, requirement "
                              "or preference the user wants remembered with action='save'.\n", "recall")
            hint = f" Entries: {', '.join(names)}."
            how = "Try other words, or recall without a query for the register." if not register else "Ask for them with tag=."
            return Answer(pre + "Nothing matched." + hint + f" {how}\n", "recall")

        def load(name: str) -> str:
            try:
                return self.store.get(name).body
            except BrokenEntry as exc:  # edited since its header was read
                return f"(cannot be parsed now: {exc.reason}; fix {name}.md by hand)"
            except (NotFoundError, StorageError) as exc:  # removed or replaced since: one entry never breaks recall
                return f"(cannot be read now: {exc})"

        # with a query, bodies only for matches close to the best one; weaker ones come back as header lines
        floor = RELATIVE_BODY_SCORE * ranked[0].score if not register else 0.0
        out = render_selection(ranked, load, session, budgets, now, pre, body_min_score=floor)
        self.store.touch(out.full + out.reminders)
        self._event("recall", register=register, query_terms=len((query or "").split()), shown=len(out.full),
                    reminders=len(out.reminders), headers_only=len(out.headers_only), bytes=out.body_bytes)
        return Answer(out.text, "recall", out.full + out.reminders + out.headers_only, len(out.full))

    def read(self, session: SessionMemory, *, name: str) -> Answer:
        if (ans := self._ignored("read", session)) is not None:
            return ans
        try:
            entry = self.store.get(name)
        except BrokenEntry as exc:
            return self._read_raw(session, exc)
        text, cut, nbytes = render_entry(entry.header, entry.body, self.clock(), self.settings.memory.entry_max_bytes)
        session.bytes_shown += nbytes
        session.shown[entry.name] = entry.header.updatedAt
        self.store.touch([entry.name])
        self._event("read", name=entry.name, bytes=nbytes, cut=cut)
        return Answer(self._repair_note() + text, "read", [entry.name], 1)

    def _read_raw(self, session: SessionMemory, exc: BrokenEntry) -> Answer:
        limit = self.settings.memory.entry_max_bytes
        raw = self.store.raw_text(exc.name)
        data = raw.encode("utf-8")
        shown = data[:limit].decode("utf-8", "ignore")
        cut = f"\n[… cut at {limit} bytes of {len(data)}; `contexteer memory show {exc.name}` prints it all]" if len(data) > limit else ""
        session.bytes_shown += min(len(data), limit)
        self._event("read", name=exc.name, bytes=min(len(data), limit), raw=True)
        text = (f"Warning: {exc.path.name} cannot be parsed ({exc.reason}); below is its raw text. Fix the file by hand in "
                f"the memory folder ({exc.path.parent}); saving over it is refused so its text is not lost.\n\n"
                f"{shown.rstrip()}{cut}\n")
        return Answer(text, "read", [exc.name], 1)

    def status(self, session: SessionMemory, *, name: str, status: str) -> Answer:
        h = self.store.set_status(name, status)
        extra = f" (verifiedAt {h.verifiedAt})" if status == "verified" else ""
        return Answer(f"'{h.name}' is now {h.status}{extra}.", "status", [h.name], 1)

    def delete(self, session: SessionMemory, *, names: list[str]) -> Answer:
        done = self.store.delete(names)
        return Answer(f"Moved {len(done)} entr{'y' if len(done) == 1 else 'ies'} to the trash: {', '.join(done)}. "
                      "They are out of lists, recall and the index; action='restore' brings one back.", "delete", done, len(done))

    def restore(self, session: SessionMemory, *, name: str, new_name: str | None = None) -> Answer:
        versions = self.store.trashed(E.validate_name(name))  # newest deletion first: restore takes that one
        h = self.store.restore(name, new_name)
        how = f" as '{h.name}'" if h.name != E.validate_name(name) else ""
        which = ""
        if len(versions) > 1:
            rest = len(versions) - 1
            which = (f" This is the version deleted at {versions[0][1].deletedAt or '?'}; {rest} older version{'s stay' if rest > 1 else ' stays'} "
                     "in the trash (restore again to get the next one).")
        return Answer(f"Restored '{E.validate_name(name)}'{how} ({h.tag}, {h.status}).{which}", "restore", [h.name], 1)

    def purge(self, session: SessionMemory, *, names: list[str] | None = None, confirm: bool = False) -> Answer:
        targets = self.store.trash()
        if names:
            wanted = {E.validate_name(n) for n in names}
            targets = [t for t in targets if t.header.name in wanted]
        if not confirm:
            dup = {n for n in (h.name for _, h in targets) if sum(1 for _, x in targets if x.name == n) > 1}
            listed = ", ".join(f"{h.name} (deleted {h.deletedAt or '?'})" if h.name in dup else h.name
                               for _, h in targets) or "nothing"
            if session.ignore:  # memory is hidden in this session: counts only
                listed = "names hidden while memory is ignored"
            return Answer(f"Purge would delete {len(targets)} trashed entr{'y' if len(targets) == 1 else 'ies'} for good ({listed}). "
                          "Nothing was deleted: pass confirm=true to purge.", "purge", [h.name for _, h in targets], 0)
        removed = self.store.purge(names)
        left = len(self.store.trash())
        return Answer(f"Purged {len(removed)} trashed entr{'y' if len(removed) == 1 else 'ies'} for good"
                      f"{': ' + ', '.join(removed) if removed else ''}. {left} remain in the trash.", "purge", removed, len(removed))

    def ignore(self, session: SessionMemory, *, on: bool) -> Answer:
        session.ignore = bool(on)
        self._event("ignore", on=session.ignore)
        if session.ignore:
            return Answer("Memory is now ignored for this MCP session: no memory body, index line or checkpoint will appear in "
                          "any result or resource of this session until action='ignore', on=false.", "ignore", ignored=True)
        return Answer("Memory is in use again for this MCP session.", "ignore")

    # ----- checkpoints ---------------------------------------------------------------------
    def _settings_snapshot(self) -> dict[str, Any]:
        return self.settings.model_dump(mode="json")

    def checkpoint_save(self, session: SessionMemory, *, label: str, summary: str, decisions: list[str] | None = None,
                        files: list[str] | None = None, next_steps: list[str] | None = None,
                        redact_secrets: bool = False) -> Answer:
        texts = [label or "", summary or "", *(decisions or []), *(files or []), *(next_steps or [])]
        kinds = secret_kinds(*texts)
        counts: dict[str, int] = {}
        if kinds:
            if not redact_secrets:
                raise SecretError(f"refused: the checkpoint contains a secret ({', '.join(kinds)}); secrets are never written to "
                                  "memory. Remove it, or pass redact=true to store it with the secret replaced by a marker.")

            def r(t: str) -> str:
                return redact_into(t, counts)

            label, summary = r(label), r(summary)
            decisions = [r(x) for x in decisions or []]
            files = [r(x) for x in files or []]
            next_steps = [r(x) for x in next_steps or []]
        redacted = sum(counts.values())
        cp = self.checkpoints.save(label=label, summary=summary, decisions=decisions, files=files, next_steps=next_steps,
                                   version=__version__, settings=self._settings_snapshot())
        self._event("checkpoint_save", id=cp.id, decisions=len(cp.data["decisions"]), files=len(cp.data["files"]),
                    next_steps=len(cp.data["next_steps"]), redacted=redacted)
        note = f" {redacted} secret(s) were replaced by markers." if redacted else ""
        return Answer(f"Checkpoint saved: {cp.id}. Load it later with action='checkpoint_load', name='{cp.id}' (or no name for the latest).{note}",
                      "checkpoint_save", [cp.id], 1)

    def checkpoint_list(self, session: SessionMemory) -> Answer:
        if (ans := self._ignored("checkpoint_list", session)) is not None:
            return ans
        items = self.checkpoints.summaries()
        bad = self.checkpoints.unreadable()
        lines = [f"{len(items)} checkpoint(s), newest first:"]
        if bad:
            lines.insert(0, unreadable_note(bad).rstrip())
        for it in items[:50]:
            lines.append(f"- {it['id']} — {it['label']} ({it['createdAt'][:16]}; {it['decisions']} decisions, "
                         f"{it['files']} files, {it['next_steps']} next steps)")
        self._event("checkpoint_list", count=len(items))
        return Answer("\n".join(lines) + "\n", "checkpoint_list", [i["id"] for i in items], len(items))

    def checkpoint_load(self, session: SessionMemory, *, cid: str | None = None) -> Answer:
        if (ans := self._ignored("checkpoint_load", session)) is not None:
            return ans
        cp = self.checkpoints.load(cid)
        text, flagged = render_checkpoint(cp, now=self.clock(), file_status=self.file_status, version=__version__,
                                          settings=self._settings_snapshot())
        if not cid or cid == "latest":
            _, skipped = self.checkpoints.latest()
            text = unreadable_note(skipped, newer=True) + text
        self._event("checkpoint_load", id=cp.id, missing_files=len(flagged))
        return Answer(text, "checkpoint_load", [cp.id], 1)

    # ----- resources -----------------------------------------------------------------------
    def index_text(self, session: SessionMemory) -> str:
        if session.ignore:
            return IGNORED_TEXT + "\n"
        self._event("resource", uri="memory://index")
        return self._checkpoint_line(self.clock()) + "\n" + self.store.render_index()

    def latest_checkpoint_text(self, session: SessionMemory) -> str:
        if session.ignore:
            return IGNORED_TEXT + "\n"
        if self.checkpoints.latest_id() is None:
            return ("There is no checkpoint yet. Save one with the memory tool, action='checkpoint_save'.\n"
                    + unreadable_note(self.checkpoints.unreadable()))
        return self.checkpoint_load(session, cid="latest").text


def filt_given(tag: str | None, status: str | None) -> bool:
    return bool(tag or status)


def unreadable_note(ids: list[str], *, newer: bool = False) -> str:
    """A line naming checkpoint files that cannot be read, or ''."""
    if not ids:
        return ""
    where = " newer than this one" if newer else ""
    return (f"Note: {len(ids)} checkpoint file(s){where} cannot be read and were skipped: {', '.join(ids[:5])}. "
            "Fix or delete them in the memory folder's checkpoints/.\n")


def _shown(path: Path) -> str:
    """A memory folder as an answer may name it, without this machine's paths: `.contexteer/memory` in the
    repository, or `<data dir>/projects/<project>/memory` (`contexteer config show` prints the data dir)."""
    parts = path.parts
    if ".contexteer" in parts:
        return "/".join(parts[parts.index(".contexteer"):])
    if "projects" in parts:
        return "<data dir>/" + "/".join(parts[len(parts) - 1 - parts[::-1].index("projects"):])
    return f"<{path.name}>"
