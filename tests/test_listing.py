"""Issue 14: files are listed like git. Inside a git work tree git's list (a tracked file is never hidden by an ignore
pattern); outside git ignore files per workspace.ignore_files, where `auto` skips an ignore file's rule that ignores
everything (the Debian kernel source, whose `.gitignore` ends with `/*`, indexed 0 files). Rules that hide most of a
tree are named with file:line and the way to list the files anyway; `contexteer index --explain PATH` says why."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest

from contexteer import listing
from contexteer.config import Settings, load_config
from contexteer.errors import ChildInterrupted
from contexteer.indexers.index import StructureIndex
from contexteer.indexers.textsearch import search
from contexteer.server.cli import main as cli_main
from contexteer.server.cli.index import index_command
from contexteer.workspace import Workspace

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

#: The end of the Debian kernel source's top-level .gitignore (its packaging repository's rule).
DEBIAN_GITIGNORE = "# Kdevelop4\n*.kdev4\n\n# Debian packaging: ignore everything at the top level\n/*\n!/debian/\n"


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "init.defaultBranch=main",
                    "-c", "protocol.file.allow=always", *args], cwd=root, check=True, capture_output=True)


def settings(mode: str = "auto", **workspace: object) -> Settings:
    s = Settings()
    s.workspace.ignore_files = mode  # type: ignore[assignment]
    for key, value in workspace.items():
        setattr(s.workspace, key, value)
    return s


@pytest.fixture
def kernel_like(tmp_path: Path) -> Path:
    """A tree shipped like the Debian kernel source: no .git, and a .gitignore ending with `/*`."""
    root = tmp_path / "linux-source"
    write(root, ".gitignore", DEBIAN_GITIGNORE)
    write(root, "kernel/fork.c", "int copy_process(void) { return 0; }\n")
    write(root, "mm/slab.c", "int kmem_cache_alloc(void) { return 1; }\n")
    write(root, "include/linux/sched.h", "struct task_struct { int pid; };\n")
    write(root, "kernel/.gitignore", "*.o\n")
    write(root, "kernel/fork.o.cmd", "cmd\n")
    return root


@needs_git
def test_inside_git_a_tracked_file_is_listed_and_searched_even_when_an_ignore_pattern_matches_it(tmp_path: Path):
    root = tmp_path / "repo"
    write(root, ".gitignore", "/*\n!/.gitignore\nbuild/\n")
    write(root, "src/app.py", "def tracked_marker():\n    return 1\n")
    write(root, "build/keep.py", "KEEP = 'tracked_marker'\n")
    write(root, "old.py", "x = 1\n")
    git(root, "init", "-q")
    git(root, "add", "-f", ".gitignore", "src/app.py", "build/keep.py", "old.py")
    git(root, "commit", "-qm", "init")
    (root / "old.py").unlink()  # tracked, deleted from disk
    write(root, "scratch.py", "SCRATCH = 'tracked_marker'\n")  # untracked and ignored by /*
    write(root, "build/out.py", "OUT = 'tracked_marker'\n")  # untracked and ignored by build/
    ws = Workspace(root, settings())
    assert ws.listing_plan.kind == "git"
    assert ws.list_files() == [".gitignore", "build/keep.py", "src/app.py"]
    hits = search(ws, "tracked_marker")
    assert sorted(hits.files) == ["build/keep.py", "src/app.py"]


@needs_git
def test_inside_git_untracked_files_no_rule_ignores_and_the_files_of_nested_repositories_are_listed(tmp_path: Path):
    root = tmp_path / "repo"
    write(root, ".gitignore", "*.log\n")
    write(root, "a.py", "a = 1\n")
    git(root, "init", "-q")
    git(root, "add", ".")
    git(root, "commit", "-qm", "init")
    write(root, "new.py", "n = 1\n")
    write(root, "debug.log", "noise\n")
    sub = root / "vendor" / "lib"
    write(sub, "lib.py", "L = 1\n")
    git(sub, "init", "-q")
    git(sub, "add", ".")
    git(sub, "commit", "-qm", "lib")
    files = Workspace(root, settings()).list_files()
    assert files == [".gitignore", "a.py", "new.py", "vendor/lib/lib.py"]


def test_outside_git_auto_honours_a_normal_gitignore(tmp_path: Path):
    root = tmp_path / "proj"
    write(root, ".gitignore", "build/\nnode_modules/\n")
    write(root, "src/app.py", "x = 1\n")
    write(root, "build/gen.py", "y = 1\n")
    write(root, "node_modules/pkg/index.js", "z = 1\n")
    ws = Workspace(root, settings("auto"))
    assert ws.listing_plan.kind == "walk" and ws.listing_plan.ignore_files
    assert ws.list_files() == ["src/app.py"]
    assert Workspace(root, settings("never")).list_files() == ["build/gen.py", "node_modules/pkg/index.js", "src/app.py"]


def test_outside_git_auto_lists_a_tree_whose_gitignore_ignores_everything_and_says_why(kernel_like: Path):
    ws = Workspace(kernel_like, settings("auto"))
    assert ws.list_files() == ["include/linux/sched.h", "kernel/fork.c", "kernel/fork.o.cmd", "mm/slab.c"]
    assert ws.listing_plan.catch_all is not None
    assert ".gitignore:5 `/*`" in ws.listing_plan.why and "always" in ws.listing_plan.why


def test_a_catch_all_rule_in_a_folder_above_the_root_counts_too(tmp_path: Path):
    write(tmp_path / "home", ".gitignore", "*\n!.bashrc\n")  # dotfiles kept in git by ignoring everything
    root = tmp_path / "home" / "proj"
    write(root, "main.py", "m = 1\n")
    ws = Workspace(root, settings("auto"))
    assert ws.list_files() == ["main.py"]
    assert "../.gitignore:1 `*`" in ws.listing_plan.why


def test_ignore_rules_that_hide_most_files_are_named_with_file_and_line_and_how_to_list_them(kernel_like: Path):
    ws = Workspace(kernel_like, settings("always"))
    listed = ws.list_files()
    assert listed == []
    note = ws.hidden_by_rules(listed)
    assert note is not None
    assert "hide 4 of 4 files" in note and ".gitignore:5 `/*`" in note
    assert "workspace.ignore_files: never" in note and "--explain" in note
    assert Workspace(kernel_like, settings("auto")).hidden_by_rules(["kernel/fork.c"]) is None


def test_contexteer_index_on_a_tree_hidden_by_its_rules_says_which_rule_and_how_to_override(kernel_like: Path):
    ws = Workspace(kernel_like, settings("always"))
    out = io.StringIO()
    assert index_command(ws, stream=out, tty=False) == 0
    text = out.getvalue()
    assert "0 files (no supported files" in text
    assert "note: ignore rules hide 4 of 4 files: .gitignore:5 `/*`" in text and "ignore_files: never" in text
    out = io.StringIO()
    assert index_command(Workspace(kernel_like, settings("auto")), stream=out, tty=False) == 0
    assert "4 files (c 3; 1 unsupported)" in out.getvalue()
    assert "note: listing: no git here, and .gitignore:5 `/*` ignores everything" in out.getvalue()


def test_the_repo_map_says_which_rule_hides_most_of_the_tree(kernel_like: Path):
    from tests.navigation.conftest import Served

    served = Served(kernel_like, **{"workspace.ignore_files": "always"})
    a = served.call("get_structured_index", path=".")
    assert not a.is_error, a.text
    assert ".gitignore:5 `/*`" in a.text and "ignore_files: never" in a.text
    miss = served.call("search_symbol", query="copy_process")
    assert ".gitignore:5 `/*`" in miss.text


@needs_git
def test_explain_says_why_a_path_is_in_or_out_inside_git(tmp_path: Path):
    root = tmp_path / "repo"
    write(root, ".gitignore", "/*\n!/.gitignore\n")
    write(root, "src/app.py", "x = 1\n")
    git(root, "init", "-q")
    git(root, "add", "-f", ".gitignore", "src/app.py")
    git(root, "commit", "-qm", "init")
    write(root, "scratch.py", "s = 1\n")
    ws = Workspace(root, settings())
    tracked = ws.explain("src/app.py")
    assert "listed: git tracks it" in tracked and ".gitignore:1 `/*` matches it, but git never hides a tracked file" in tracked
    untracked = ws.explain("scratch.py")
    assert "not listed: untracked, and git ignores it by .gitignore:1 `/*`" in untracked and "git add -f" in untracked


def test_explain_says_why_a_path_is_in_or_out_outside_git(kernel_like: Path):
    write(kernel_like, "logo.png", "png")
    write(kernel_like, ".env", "SECRET=1\n")
    ws = Workspace(kernel_like, settings("always", exclude=["mm/**"]))
    assert "not listed: ignored by .gitignore:5 `/*`" in ws.explain("kernel/fork.c")
    assert "workspace.ignore_files: never" in ws.explain("kernel/fork.c")
    assert "binary" in ws.explain("logo.png")
    assert "deny-list" in ws.explain(".env")
    assert "workspace.exclude 'mm/**'" in ws.explain("mm/slab.c")
    auto = Workspace(kernel_like, settings("auto"))
    assert "kernel/fork.c: listed" in auto.explain("kernel/fork.c")
    assert "`/*` ignores everything" in auto.explain("kernel/fork.c")


def test_contexteer_index_explain_prints_the_listing_reason_and_the_index_status(kernel_like: Path):
    ws = Workspace(kernel_like, load_config(root=kernel_like).settings)
    with StructureIndex(ws) as idx:
        idx.ensure_built(wait_seconds=float("inf"))
    out = io.StringIO()
    assert cli_main(["index", "--root", str(kernel_like), "--explain", "kernel/fork.c"], out=out) == 0
    text = out.getvalue()
    assert "kernel/fork.c: listed" in text and "index: kernel/fork.c is indexed as c, 1 definitions" in text


def test_a_listing_stopped_by_ctrl_c_says_so_and_is_not_reported_as_a_fault(tmp_path: Path):
    """Ctrl-C signals the whole process group: ripgrep can die before the server sees the signal. The index
    build then logs an interruption (no traceback) and the waiting call is told to run again."""
    stopper = tmp_path / "rg-stopped"
    stopper.write_text("#!/bin/sh\nkill -INT $$\nsleep 5\n")
    stopper.chmod(0o755)
    (tmp_path / "tree").mkdir()
    with pytest.raises(ChildInterrupted, match="stopped by signal 2; run the call again"):
        listing.walk_files(tmp_path / "tree", str(stopper), ignore_files=False)
