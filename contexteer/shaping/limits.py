"""How large one answer may be: the configured `context_mode_mcp.max_digest_threshold`, or a larger size a caller
asked for on one call (read_code_range's `budget_tokens`: several whole files at once, as a shell agent reads them
with one `cat`; the kingpin A/B shell agent answered eight questions in 14 commands that way, ours in 72 calls)."""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: the most one call may ask for
MAX_ANSWER_TOKENS = 16_000

_asked: contextvars.ContextVar[int | None] = contextvars.ContextVar("contexteer_answer_tokens", default=None)


def answer_limit(settings: Any) -> int:
    """The tokens one answer may hold in the call being served."""
    asked = _asked.get()
    return asked if asked is not None else int(settings.context_mode_mcp.max_digest_threshold)


def asked_limit() -> int | None:
    """The size the call being served asked for, or None when it asked for none."""
    return _asked.get()


@contextmanager
def answer_budget(tokens: int | None) -> Iterator[None]:
    """Serve one call with answers of up to `tokens` (None: the configured size)."""
    if tokens is None:
        yield
        return
    token = _asked.set(tokens)
    try:
        yield
    finally:
        _asked.reset(token)
