"""The exception hierarchy of contexteer: every failure a user can cause is one of these.

    ContexteerError                 root; its message says what happened and what to do next
    ├── ConfigError                 a bad contexteer.yaml, environment variable or flag
    ├── PathError                   a path argument that cannot be served
    │   ├── PathOutsideRoot         escapes the workspace root (.., absolute, symlink)
    │   ├── PathDenied              matches the deny-list (.git internals, .env*, keys, ...)
    │   ├── PathNotFound            does not exist
    │   └── PathKindError           a directory where a file was expected, a binary file, ...
    ├── InputError                  an argument that is out of range or malformed
    ├── NotFoundError               a symbol, handle, memory entry or checkpoint that does not exist
    │   └── HandleExpired           a shaped result's handle that is unknown or past its TTL
    ├── ConflictError               a name that is already taken (memory restore, ...)
    ├── SecretError                 text that contains a secret and may not be stored
    ├── AccessDenied                a per-user token without the scope an action needs
    ├── IndexError_                 the structure index cannot answer (corrupt, locked, ...)
    ├── SearchError                 ripgrep failed (invalid regex, time limit, missing binary)
    └── StorageError                a write that could not be made durable

Tools let these propagate; the server turns them into tool errors (`isError: true`) whose text is
the message, logged at INFO. Anything else is a bug: logged with a traceback, answered without
internals.
"""

from __future__ import annotations

__all__ = [
    "ContexteerError",
    "ConfigError",
    "PathError",
    "PathOutsideRoot",
    "PathDenied",
    "PathNotFound",
    "PathKindError",
    "InputError",
    "NotFoundError",
    "HandleExpired",
    "ConflictError",
    "SecretError",
    "AccessDenied",
    "IndexError_",
    "SearchError",
    "StorageError",
]


class ContexteerError(Exception):
    """Root of every anticipated failure; the message is shown to the user or model as is, except that
    a secret it echoes (a token passed as a tag, a name) becomes a marker before anything logs it."""

    def __init__(self, *args: object) -> None:
        if args and isinstance(args[0], str):
            from contexteer.secrets import redact  # secrets imports nothing from contexteer

            args = (redact(args[0])[0], *args[1:])
        super().__init__(*args)


class ConfigError(ContexteerError):
    """A configuration value is unknown, mistyped or out of range."""


class PathError(ContexteerError):
    """A path argument cannot be served."""


class PathOutsideRoot(PathError):
    """The path resolves outside the workspace root."""


class PathDenied(PathError):
    """The path matches the deny-list."""


class PathNotFound(PathError):
    """The path does not exist."""

    path: str | None = None  # the path as asked, when the workspace knows it


class PathKindError(PathError):
    """The path exists but is the wrong kind of thing (directory, binary file, ...)."""


class InputError(ContexteerError):
    """An argument is out of range or malformed."""


class NotFoundError(ContexteerError):
    """A named thing (symbol, handle, memory entry, checkpoint) does not exist."""


class HandleExpired(NotFoundError):
    """A result handle is unknown or expired."""


class ConflictError(ContexteerError):
    """A name is already taken."""


class SecretError(ContexteerError):
    """The text contains a secret and will not be stored."""


class AccessDenied(ContexteerError):
    """The caller's token lacks the scope the action needs (e.g. memory:write)."""


class IndexError_(ContexteerError):  # noqa: N801 - avoids shadowing the builtin IndexError
    """The structure index cannot answer."""


class SearchError(ContexteerError):
    """ripgrep failed."""


class ChildInterrupted(SearchError):
    """A helper process (ripgrep, git) was ended by a signal: a stop in progress (Ctrl-C reaches the whole
    process group), not a fault of the repository."""


class StorageError(ContexteerError):
    """A write could not be made durable."""
