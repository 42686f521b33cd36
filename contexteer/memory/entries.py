"""One memory entry: its typed header (front matter), name rules, tags, and the topic-file format.

A topic file is `<name>.md`:

    ---
    name: use-pnpm
    description: The project uses pnpm, never npm or yarn
    tag: PREFERENCE
    source: 'user: said so when setting up CI'
    createdAt: '2026-11-30T09:00:00.000Z'
    updatedAt: '2026-11-30T09:00:00.000Z'
    status: active
    verifiedAt: null
    ---
    <body>

Names are the file stem: lowercase letters, digits, '.', '_' and '-', starting with a letter or
digit, at most 64 characters, so they can never be a path, a traversal or a hidden file. A name is
normalised once (`validate_name`: lowercase, every trailing '.md' dropped, so 'Notes.md.md' is 'notes')
and normalising it again changes nothing; Windows device names are refused whatever follows the dot
('nul.txt'). A topic file whose stem is not a canonical name is renamed at startup (`store.normalise_names`).
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from typing import Any, Literal

import yaml

from contexteer import safe_yaml
from contexteer.errors import InputError, SecretError
from contexteer.secrets import find_secrets

logger = logging.getLogger(__name__)

Tag = Literal["DECISION", "REQUIREMENT", "PREFERENCE", "FAILURE", "REFERENCE", "HISTORY", "NOISE"]
Status = Literal["active", "verified", "stale"]
TAGS: tuple[str, ...] = ("DECISION", "REQUIREMENT", "PREFERENCE", "FAILURE", "REFERENCE", "HISTORY", "NOISE")
STATUSES: tuple[str, ...] = ("active", "verified", "stale")
#: Lower is more important; DECISION and REQUIREMENT share the top rank.
TAG_PRIORITY = {"DECISION": 0, "REQUIREMENT": 0, "PREFERENCE": 1, "FAILURE": 2, "REFERENCE": 3, "HISTORY": 4, "NOISE": 5}

NAME_MAX = 64
DESCRIPTION_MAX = 200
SOURCE_MAX = 160
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9._-]*$")
#: The index and the folders.
RESERVED = frozenset({"memory", "trash", "checkpoints"})
#: Windows device names: a file `nul.md`, `nul.txt.md` or `com1.x.md` cannot be created there (any extension).
DEVICE_NAMES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(1, 10)), *(f"lpt{i}" for i in range(1, 10))})

INDEX_NAME = "MEMORY.md"


def now_utc() -> datetime:
    return datetime.now(UTC)


def parse_iso(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        dt = datetime.fromisoformat(str(text).replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def desc_key(ts: str) -> tuple[int, ...]:
    """A sort key putting later ISO timestamps first and empty ones last."""
    return (*(-ord(c) for c in ts), 0)


def listing_key(h: Header) -> tuple[int, bool, tuple[int, ...], str]:
    """The order of the index file and of action='list': tag priority, stale last, newest first, then name."""
    return (TAG_PRIORITY.get(h.tag, 9), h.status == "stale", desc_key(h.updatedAt), h.name)


def validate_name(name: object, *, arg: str = "name") -> str:
    """The canonical (lowercase) name, or an InputError saying what a valid name looks like."""
    if not isinstance(name, str) or not name.strip():
        raise InputError(f"{arg} is required: a short identifier such as 'use-pnpm' or 'auth-decision'.")
    raw = name.strip()
    kinds = sorted({f.kind for f in find_secrets(raw)})
    if kinds:  # a name is stored in a file name, the index and the journal, and must stay addressable
        raise SecretError(f"{arg} contains a secret ({', '.join(kinds)}); secrets are never written to memory. "
                          "Name the entry after what it is about, e.g. 'deploy-token-location', and keep the secret elsewhere.")
    hint = "Use lowercase letters, digits, '-', '_' and '.', starting with a letter or digit, e.g. 'use-pnpm'."
    if "/" in raw or "\\" in raw or "\x00" in raw:
        raise InputError(f"{arg} {raw!r} contains a path separator; a memory name is a plain identifier, not a path. {hint}")
    if ".." in raw:
        raise InputError(f"{arg} {raw!r} contains '..'; traversal is not allowed in memory names. {hint}")
    if len(raw) > NAME_MAX:
        raise InputError(f"{arg} is {len(raw)} characters; the limit is {NAME_MAX}. Choose a shorter name.")
    canon = raw.lower()
    while canon.endswith(".md"):  # 'notes.md.md' is 'notes': the file is '<name>.md', and the name never ends in '.md'
        canon = canon[:-3]
    if not _NAME_RE.match(canon):
        raise InputError(f"{arg} {raw!r} is not a valid memory name. {hint}")
    if canon in RESERVED:
        raise InputError(f"{arg} {raw!r} is reserved (it would clash with the index or a folder). Choose another name.")
    if canon.split(".")[0] in DEVICE_NAMES:
        raise InputError(f"{arg} {raw!r} is reserved: {canon.split('.')[0]!r} is a Windows device name, which no file "
                         "there can be named, whatever follows the dot. Choose another name, e.g. 'notes-nul'.")
    return canon


def canonical_stem(stem: str) -> str | None:
    """The name a topic file `<stem>.md` is addressed by: the stem itself when it is a canonical name, else None
    (written by hand, by an older version or by a cloned repository: 'Notes', 'notes.md', 'nul.txt')."""
    try:
        return stem if validate_name(stem) == stem else None
    except (InputError, SecretError):
        return None


def normalised_stem(stem: str) -> str | None:
    """The canonical name a non-canonical topic file stem stands for ('notes.md' -> 'notes'), or None if it has none."""
    try:
        return validate_name(stem)
    except (InputError, SecretError):
        return None


def validate_tag(tag: object) -> str:
    value = str(tag or "").strip().upper()
    if value not in TAGS:
        raise InputError(f"tag {tag!r} is not one of {', '.join(TAGS)}. Pick the one that says why the entry is worth keeping.")
    return value


def validate_status(status: object) -> str:
    value = str(status or "").strip().lower()
    if value not in STATUSES:
        raise InputError(f"status {status!r} is not one of {', '.join(STATUSES)}.")
    return value


def clean_description(text: str | None, content: str) -> str:
    """One line: the given description with whitespace collapsed, else the content's first line."""
    base = text if text and text.strip() else next((ln for ln in content.splitlines() if ln.strip()), "")
    one = " ".join(base.split()).lstrip("#").strip()
    if len(one) > DESCRIPTION_MAX:
        one = one[: DESCRIPTION_MAX - 1].rstrip() + "…"
    return one


def description_was_shortened(text: str | None) -> bool:
    """True when `clean_description` cut the given description to DESCRIPTION_MAX characters."""
    return bool(text) and len(" ".join((text or "").split()).lstrip("#").strip()) > DESCRIPTION_MAX


def clean_source(source: str | None) -> str:
    """`user` or `agent`, optionally with a short note: 'user: asked to keep it'."""
    text = " ".join((source or "agent").split())
    who, _, note = text.partition(":")
    who = who.strip().lower()
    if who not in ("user", "agent"):
        raise InputError(
            f"source {source!r} must start with 'user' or 'agent' (who asked to keep this), optionally followed by "
            "': <short note>', e.g. 'user: asked to remember the deploy order'."
        )
    note = note.strip()[:SOURCE_MAX]
    return f"{who}: {note}" if note else who


@dataclass
class Header:
    name: str
    description: str
    tag: str
    source: str
    createdAt: str  # noqa: N815 - the on-disk field names are camelCase
    updatedAt: str  # noqa: N815
    status: str = "active"
    verifiedAt: str | None = None  # noqa: N815
    deletedAt: str | None = None  # noqa: N815 - only in trash
    savedBy: str | None = None  # noqa: N815 - the client (per-user token name) that saved it last; only when known

    @property
    def file(self) -> str:
        return f"{self.name}.md"

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for optional in ("deletedAt", "savedBy"):
            if d.get(optional) is None:
                d.pop(optional)
        return d


@dataclass
class Entry:
    header: Header
    body: str = ""

    @property
    def name(self) -> str:
        return self.header.name


def render(entry: Entry) -> str:
    head = safe_yaml.dump(entry.header.to_dict())
    body = entry.body if entry.body.endswith("\n") or not entry.body else entry.body + "\n"
    return f"---\n{head}---\n{body}"


class FormatError(ValueError):
    """A topic file whose front matter cannot be read."""


def has_conflict_markers(text: str) -> bool:
    return any(line.startswith(("<<<<<<<", ">>>>>>>")) for line in text.splitlines())


CONFLICT_TEXT = "it holds git merge-conflict markers (<<<<<<< / >>>>>>>): resolve the conflict"


def parse(text: str, *, file_stem: str | None = None) -> Entry:
    """A topic file's entry; FormatError (one line, saying what to fix) when the header is missing or malformed."""
    try:
        return _parse(text, file_stem)
    except FormatError:
        if has_conflict_markers(text[:8192]):
            raise FormatError(CONFLICT_TEXT) from None
        raise


def _parse(text: str, file_stem: str | None) -> Entry:
    if not text.startswith("---\n"):
        raise FormatError("no front matter (the file must start with a '---' line)")
    end = text.find("\n---\n", 3)
    if end < 0:
        if text.rstrip("\n").endswith("\n---"):
            end = len(text.rstrip("\n")) - 4
        else:
            raise FormatError("front matter is not closed with a '---' line")
    try:
        data = safe_yaml.load(text[4 : end + 1]) or {}
    except yaml.YAMLError as exc:
        raise FormatError(f"front matter is not valid YAML ({yaml_problem(exc)})") from exc
    if not isinstance(data, dict):
        raise FormatError("front matter is not a mapping")
    body = text[end + 5 :]
    return Entry(header=header_from_dict(data, file_stem=file_stem), body=body)


def yaml_problem(exc: yaml.YAMLError) -> str:
    """A one-line account of a YAML error: 'line 3: could not find expected ':''."""
    problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
    mark = getattr(exc, "problem_mark", None)
    where = f"line {mark.line + 2}: " if mark is not None else ""  # +1 for 1-based, +1 for the opening '---'
    return f"{where}{' '.join(str(problem).split())}"[:160]


def header_from_dict(data: dict[str, Any], *, file_stem: str | None = None) -> Header:
    name = str(data.get("name") or file_stem or "")
    if file_stem is not None and name != file_stem:
        name = file_stem  # the file name is the identity; a hand-edited header cannot move it
    tag = str(data.get("tag") or "REFERENCE").upper()
    status = str(data.get("status") or "active").lower()
    created = str(data.get("createdAt") or data.get("updatedAt") or "")
    return Header(
        name=name,
        description=" ".join(str(data.get("description") or "").split()),
        tag=tag if tag in TAGS else "REFERENCE",
        source=str(data.get("source") or "agent"),
        createdAt=created,
        updatedAt=str(data.get("updatedAt") or created),
        status=status if status in STATUSES else "active",
        verifiedAt=str(data["verifiedAt"]) if data.get("verifiedAt") else None,
        deletedAt=str(data["deletedAt"]) if data.get("deletedAt") else None,
        savedBy=_client_name(data.get("savedBy")),
    )


def _client_name(value: object) -> str | None:
    """A savedBy value as stored: a short one-line name, or None (hand edits cannot inject lines into answers)."""
    if not value:
        return None
    text = " ".join(str(value).split())[:64]
    return text or None


def with_changes(header: Header, **changes: Any) -> Header:  # any of its fields, each of its own type
    return replace(header, **changes)
