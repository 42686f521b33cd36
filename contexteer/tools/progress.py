"""How a tool runs blocking index work: on a worker thread, with MCP progress notifications while the index builds."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TypeVar

import anyio
import anyio.from_thread
import anyio.lowlevel
import anyio.to_thread
from mcp.server.mcpserver import Context

logger = logging.getLogger(__name__)


def progress_reporter(ctx: Context | None) -> Callable[[int, int], None] | None:
    """A thread-safe progress callback sending MCP progress notifications (throttled), or None."""
    if ctx is None:
        return None
    try:
        token = anyio.lowlevel.current_token()
    except RuntimeError:
        return None
    last = [0.0]

    def cb(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] < 0.25 and done < total:
            return
        last[0] = now
        try:
            anyio.from_thread.run(ctx.report_progress, float(done), float(total), f"indexing {done}/{total} files", token=token)
        except Exception:  # noqa: BLE001 - progress is best effort; never fail the call for it
            logger.debug("progress notification failed", exc_info=True)

    return cb


T = TypeVar("T")


async def run(ctx: Context | None, fn: Callable[[Callable[[int, int], None] | None], T]) -> T:
    """Run blocking index work in a worker thread, with progress notifications wired to `ctx`."""
    cb = progress_reporter(ctx)
    return await anyio.to_thread.run_sync(fn, cb)
