"""Which files a workspace has, listed like git: git's own list inside a git work tree, else a ripgrep walk with
ignore files applied per `workspace.ignore_files`; and why a path is in or out.

- **Inside a git work tree** the files are git's: tracked files (even when an ignore pattern matches them: git
  never hides a tracked file) and untracked files no ignore rule matches (`git ls-files -c -o --exclude-standard`),
  without tracked files deleted from disk or left out of a sparse checkout. Submodules and nested repositories are
  listed the same way inside them. Hidden files count when git has them (`.github/workflows/ci.yml`).
- **Outside git** a ripgrep walk lists the non-hidden files, with ignore files (.gitignore, .ignore, .rgignore, here
  and in parent folders) applied per `workspace.ignore_files`: `always`, `never`, or `auto` (the default): applied,
  unless an ignore file at the root or above it holds a rule that ignores everything (`*`, `/*`, `**`): such a rule
  only means something next to git's list of tracked files, which a tree without `.git` does not have (the Debian
  kernel source ships its packaging repository's `.gitignore`, which ends with `/*`). A normal project's
  `.gitignore` (build output, node_modules) is honoured.

The deny-list, binary extensions and `workspace.include`/`exclude` filter the list afterwards (`Workspace.list_files`).
`explain()` says why one path is in or out; `hidden_summary()` says which rules hide most of a tree and how to
list those files anyway. git is run with `core.fsmonitor` off (a repository's config must not run a program).
"""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from contexteer.errors import ChildInterrupted, ContexteerError, SearchError

if TYPE_CHECKING:
    from contexteer.workspace import Workspace

logger = logging.getLogger(__name__)

IgnoreMode = Literal["auto", "always", "never"]

IGNORE_FILES = (".gitignore", ".ignore", ".rgignore")
#: Rules that ignore every entry of their folder: a whitelist-style ignore file (`/*` then `!/debian/`).
CATCH_ALL = frozenset({"*", "/*", "**", "/**", "**/*", "/**/*"})
#: Submodules and nested repositories are listed to this depth.
MAX_NESTED = 4
GIT_TIMEOUT = 120.0


@dataclass(frozen=True)
class Rule:
    """One ignore rule: the file it is in (root-relative, or `../x/.gitignore` above the root), its line, its text."""

    file: str
    line: int
    pattern: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line} `{self.pattern}`"


@dataclass(frozen=True)
class Plan:
    """How a root is listed: by git, or by a walk with or without ignore files, and why."""

    kind: Literal["git", "walk"]
    ignore_files: bool  # the walk applies ignore files
    why: str
    catch_all: Rule | None = None  # auto: the rule that made the walk skip ignore files


def find_git() -> str | None:
    return shutil.which("git")


def _git_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}  # not another repository's GIT_DIR
    env["GIT_OPTIONAL_LOCKS"] = "0"
    env["LC_ALL"] = "C"
    return env


def _git(args: list[str], cwd: Path, *, input_: bytes | None = None, timeout: float = GIT_TIMEOUT,
         env: dict[str, str] | None = None) -> subprocess.CompletedProcess[bytes] | None:
    git = find_git()
    if git is None:
        return None
    cmd = [git, "-c", "core.fsmonitor=false", "-c", "core.quotepath=off", *args]
    try:
        return subprocess.run(cmd, cwd=cwd, input=input_, capture_output=True, timeout=timeout, check=False,
                              env=env or _git_env(), stdin=None if input_ is not None else subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        logger.info("git %s failed in %s: %s", args[0], cwd, exc)
        return None


def in_git_work_tree(root: Path) -> bool:
    """True when `root` is inside a git work tree and not itself ignored by it (a served build folder is walked)."""
    proc = _git(["rev-parse", "--is-inside-work-tree"], root, timeout=10)
    if proc is None or proc.returncode != 0 or proc.stdout.strip() != b"true":
        if proc is not None and proc.returncode != 0 and b"dubious ownership" in proc.stderr:
            logger.info("git refuses %s (owned by another user): listing it with ripgrep instead", root)
        return False
    ignored = _git(["check-ignore", "-q", "."], root, timeout=10)
    return not (ignored is not None and ignored.returncode == 0)


def plan(root: Path, mode: IgnoreMode) -> Plan:
    if in_git_work_tree(root):
        return Plan("git", False, "a git work tree: git's files (tracked, and untracked ones no ignore rule matches)")
    if mode == "never":
        return Plan("walk", False, "no git here; workspace.ignore_files=never: ignore files are not applied")
    if mode == "always":
        return Plan("walk", True, "no git here; workspace.ignore_files=always: ignore files are applied")
    rule = catch_all_rule(root)
    if rule is None:
        return Plan("walk", True, "no git here; ignore files are applied (workspace.ignore_files=auto)")
    return Plan("walk", False,
                f"no git here, and {rule} ignores everything in its folder, a rule that only means something next to "
                "git's list of tracked files; so ignore files are not applied (workspace.ignore_files=auto; set it to "
                "`always` to apply them anyway)", rule)


def catch_all_rule(root: Path) -> Rule | None:
    """The first rule that ignores everything, in an ignore file of the root or of a folder above it."""
    here: Path | None = root
    depth = 0
    while here is not None:
        for name in IGNORE_FILES:
            path = here / name
            try:
                text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None
            except OSError:
                continue
            if text is None:
                continue
            for number, line in enumerate(text.splitlines(), 1):
                if line.strip() in CATCH_ALL:
                    shown = name if depth == 0 else "/".join([".."] * depth + [name])
                    return Rule(shown, number, line.strip())
        parent = here.parent
        here, depth = (parent, depth + 1) if parent != here else (None, depth)
    return None


# ----- listing -------------------------------------------------------------------------------------------
def raw_files(base: Path, the_plan: Plan, rg: str) -> list[str]:
    """Paths relative to `base` (a folder of the root) per the plan, before the deny-list and other filters."""
    if the_plan.kind == "git":
        files = git_files(base)
        if files is not None:
            return files
        logger.info("git could not list %s; listing it with ripgrep", base)
    return walk_files(base, rg, ignore_files=the_plan.ignore_files or the_plan.kind == "git")


def walk_files(base: Path, rg: str, *, ignore_files: bool) -> list[str]:
    cmd = [rg, "--files", "--no-messages", "--no-config"]
    cmd += ["--no-require-git"] if ignore_files else ["--no-ignore"]
    try:
        proc = subprocess.run(cmd, cwd=base, capture_output=True, timeout=300, check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SearchError(f"listing files with ripgrep failed ({exc}). Check that rg runs: {rg} --version") from exc
    if proc.returncode < 0:
        raise ChildInterrupted(f"ripgrep --files was stopped by signal {-proc.returncode}; run the call again")
    if proc.returncode not in (0, 1):
        raise SearchError(f"ripgrep --files failed: {proc.stderr.decode(errors='replace').strip()[:500]}")
    out = []
    for raw in proc.stdout.split(b"\n"):
        if raw:
            name = raw.decode("utf-8", "surrogateescape")
            out.append(name[2:] if name.startswith("./") else name)
    return out


def git_files(base: Path, depth: int = 0) -> list[str] | None:
    """git's files under `base` (relative to it): tracked ones still on disk, and untracked ones not ignored;
    submodules and nested repositories listed inside them. None when git cannot list it."""
    proc = _git(["ls-files", "-z", "-t", "-s", "-c", "-d", "-o", "--exclude-standard"], base)
    if proc is None or proc.returncode != 0:
        if proc is not None:
            logger.info("git ls-files failed in %s: %s", base, proc.stderr.decode(errors="replace").strip()[:300])
        return None
    tracked: dict[str, None] = {}
    gone: set[str] = set()
    nested: list[str] = []
    for entry in proc.stdout.split(b"\0"):
        if not entry:
            continue
        text = entry.decode("utf-8", "surrogateescape")
        tag, _, rest = text.partition(" ")
        if tag == "?":  # untracked; a trailing '/' is a nested repository
            if rest.endswith("/"):
                nested.append(rest.rstrip("/"))
            else:
                tracked[rest] = None
            continue
        meta, _, path = rest.partition("\t")
        if tag == "R":  # deleted from disk
            gone.add(path)
        elif tag == "S":  # skip-worktree: not checked out (sparse checkout)
            continue
        elif meta.startswith("160000"):  # a submodule
            nested.append(path)
        else:
            tracked[path] = None
    files = [p for p in tracked if p not in gone]
    if depth < MAX_NESTED:
        for sub in nested:
            inner = base / sub
            if (inner / ".git").exists():
                found = git_files(inner, depth + 1)
                files += [f"{sub}/{f}" for f in found or []]
    return files


def ignored_untracked(base: Path) -> list[str] | None:
    """The untracked entries git ignores under `base` (a wholly ignored folder once, with a trailing '/')."""
    proc = _git(["ls-files", "-z", "-o", "-i", "--exclude-standard", "--directory"], base)
    if proc is None or proc.returncode != 0:
        return None
    return [e.decode("utf-8", "surrogateescape") for e in proc.stdout.split(b"\0") if e]


class GitIgnoreFile:
    """A temporary ignore file for ripgrep (`--ignore-file`) holding the untracked entries git ignores: with
    `--no-ignore`, a search walks what git lists (tracked files an ignore pattern matches included)."""

    def __init__(self, base: Path) -> None:
        self.path: str | None = None
        entries = ignored_untracked(base)
        if entries is None:
            return
        fd, self.path = tempfile.mkstemp(prefix="contexteer-gitignored-", suffix=".ignore")
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as fh:
            for entry in entries:
                fh.write("/" + _escape(entry) + "\n")

    def close(self) -> None:
        if self.path:
            try:
                os.unlink(self.path)
            except OSError:
                pass
            self.path = None


def _escape(path: str) -> str:
    """A literal path as an ignore pattern."""
    out = []
    for i, ch in enumerate(path):
        if ch in "*?[]\\" or (i == 0 and ch in "!#"):
            out.append("\\")
        out.append(ch)
    text = "".join(out)
    return text[:-1] + "\\ " if text.endswith(" ") else text


# ----- explaining --------------------------------------------------------------------------------------
def matching_rules(root: Path, paths: list[str], *, git_repo: bool) -> dict[str, Rule]:
    """path -> the ignore rule that decides it (git check-ignore -v; outside git with a throwaway repository, so
    only .gitignore files inside the root are known); paths no rule ignores are left out."""
    if not paths or find_git() is None:
        return {}
    data = b"\0".join(p.encode("utf-8", "surrogateescape") for p in paths) + b"\0"
    if git_repo:
        proc = _git(["check-ignore", "-v", "-z", "--no-index", "--stdin"], root, input_=data)
        return _parse_check_ignore(proc, root, root)
    with tempfile.TemporaryDirectory(prefix="contexteer-explain-") as tmp:
        env = _git_env()
        env.update(GIT_DIR=tmp, GIT_WORK_TREE=str(root))
        init = _git(["init", "-q", "--bare", tmp], root, env={k: v for k, v in env.items() if k not in ("GIT_DIR", "GIT_WORK_TREE")})
        if init is None or init.returncode != 0:
            return {}
        proc = _git(["-c", "core.bare=false", "check-ignore", "-v", "-z", "--no-index", "--stdin"], root, input_=data, env=env)
        return _parse_check_ignore(proc, root, root)


def _parse_check_ignore(proc: subprocess.CompletedProcess[bytes] | None, cwd: Path, root: Path) -> dict[str, Rule]:
    if proc is None or proc.returncode not in (0, 1):
        return {}
    fields = [f.decode("utf-8", "surrogateescape") for f in proc.stdout.split(b"\0")]
    out: dict[str, Rule] = {}
    for i in range(0, len(fields) - 3, 4):
        source, line, pattern, path = fields[i : i + 4]
        if not source or pattern.startswith("!"):  # no rule, or a negation: not ignored
            continue
        try:
            shown = os.path.relpath(os.path.join(cwd, source), root).replace(os.sep, "/")
        except ValueError:
            shown = source
        if shown.startswith(".."):
            shown = Path(source).name if os.path.isabs(source) else shown  # a global excludes file: its name only
        out[path] = Rule(shown, int(line or 0), pattern)
    return out


def summarize_hidden(root: Path, hidden: list[str], total: int, the_plan: Plan, mode: IgnoreMode) -> str:
    """'ignore rules hide N of M files: rule (K files), ...; to list them ...' for a tree where rules hide most."""
    sample = hidden[:: max(1, len(hidden) // 4000)]
    rules = matching_rules(root, sample, git_repo=the_plan.kind == "git")
    scale = len(hidden) / max(1, len(sample))
    counts = Counter(rules[p] for p in sample if p in rules)
    parts = [f"{rule} (~{round(n * scale):,} files)" for rule, n in counts.most_common(3)]
    unexplained = len(sample) - sum(counts.values())
    if unexplained:
        parts.append(f"an .ignore or .rgignore file, or a folder's above the root (~{round(unexplained * scale):,} files)")
    fix = ("set workspace.ignore_files: never in your config (or CONTEXTEER_WORKSPACE__IGNORE_FILES=never)"
           + (", or auto, which skips ignore files holding a rule that ignores everything" if mode == "always" else ""))
    return (f"ignore rules hide {len(hidden):,} of {total:,} files: {'; '.join(parts) or 'rules not found'}. To list "
            f"them, {fix}, or remove the rule; `contexteer index --explain PATH` says why one path is in or out.")


def explain(ws: Workspace, path: str) -> str:
    """Why `path` is, or is not, among the files of `ws` (see the module docstring), and how to change that."""
    plan = ws.listing_plan
    head = f"listing: {plan.why}"
    try:
        res = ws.resolve(path, kind="any")
    except ContexteerError as exc:
        return f"{head}\n{path}: not listed: {exc}"
    rel = res.rel
    if res.real.is_dir():
        listed = len(ws.list_files(rel))
        return f"{head}\n{rel}: a folder, with {listed:,} listed file{'s' if listed != 1 else ''}; explain one of its files."
    filtered = ws._filtered_by(rel)
    if filtered:
        return f"{head}\n{rel}: not listed: {filtered}."
    if plan.kind == "git":
        repo, inner = _nearest_repo(ws.root, rel)
        where = f" of the nested repository {repo}" if repo != "." else ""
        cwd = ws.root / repo if repo != "." else ws.root
        tracked = _git(["ls-files", "-z", "-c", "--", inner], cwd)
        rule = matching_rules(cwd, [inner], git_repo=True).get(inner)
        shown = f"{repo}/{rule.file}:{rule.line} `{rule.pattern}`" if rule and repo != "." else str(rule)
        if tracked is not None and tracked.stdout.strip(b"\0"):
            extra = f" ({shown} matches it, but git never hides a tracked file)" if rule else ""
            return f"{head}\n{rel}: listed: git{where} tracks it{extra}."
        if rule:
            return (f"{head}\n{rel}: not listed: untracked, and git ignores it by {shown}. Track it (git add -f) or "
                    "change the rule to list it.")
        return f"{head}\n{rel}: listed: untracked{where}, and no ignore rule matches it."
    if any(part.startswith(".") for part in rel.split("/")):
        return (f"{head}\n{rel}: not listed: a hidden name (starting with '.'), which a walk outside git leaves out; "
                "read it with read_code_range or search it with search_text, which see hidden files.")
    if not plan.ignore_files:
        return f"{head}\n{rel}: listed: no ignore file applies."
    if rel in walk_files(ws.root, _rg(), ignore_files=True):  # the walk from the root decides (rules above a folder count)
        return f"{head}\n{rel}: listed: no ignore rule matches it."
    rule = matching_rules(ws.root, [rel], git_repo=False).get(rel)
    where = str(rule) if rule else "an .ignore or .rgignore file, or an ignore file above the root"
    return (f"{head}\n{rel}: not listed: ignored by {where}. Set workspace.ignore_files: never to list ignored files, "
            "or change the rule.")


def _nearest_repo(root: Path, rel: str) -> tuple[str, str]:
    """(the folder of the innermost repository below the root that holds `rel`, or '.'; `rel` relative to it)."""
    parts = rel.split("/")
    for i in range(len(parts) - 1, 0, -1):
        folder = "/".join(parts[:i])
        if (root / folder / ".git").exists():
            return folder, "/".join(parts[i:])
    return ".", rel


def _rg() -> str:
    from contexteer.workspace import find_rg

    return find_rg()
