"""Workspace confinement: every way out of the root is refused with its reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from contexteer.errors import PathDenied, PathKindError, PathNotFound, PathOutsideRoot
from contexteer.workspace import Workspace, project_key


@pytest.fixture
def ws(repo: Path, tmp_path: Path) -> Workspace:
    outside = tmp_path / "outside.txt"
    outside.write_text("secret outside\n")
    os.symlink(outside, repo / "link_out")
    os.symlink(repo / "src" / "app.py", repo / "link_in.py")
    (repo / "keys").mkdir()
    (repo / "keys" / "server.pem").write_text("x")
    (repo / "id_rsa").write_text("x")
    (repo / ".git").mkdir()
    (repo / ".git" / "config").write_text("[core]\n")
    return Workspace(repo)


@pytest.mark.parametrize(
    ("path", "error", "reason"),
    [
        ("../outside.txt", PathOutsideRoot, "'..' escape"),
        ("src/../../outside.txt", PathOutsideRoot, "'..' escape"),
        ("/etc/passwd", PathOutsideRoot, "absolute path outside"),
        ("link_out", PathOutsideRoot, "symlink"),
        ("src/app.py\x00.txt", PathOutsideRoot, "NUL byte"),
        ("..%2f..%2fetc%2fpasswd", PathOutsideRoot, "percent-encoded"),
        ("%2e%2e/outside.txt", PathOutsideRoot, "percent-encoded"),
        (".env", PathDenied, "deny-list"),
        (".git/config", PathDenied, "deny-list"),
        ("keys/server.pem", PathDenied, "deny-list"),
        ("id_rsa", PathDenied, "deny-list"),
        ("nope.py", PathNotFound, "does not exist"),
    ],
)
def test_escapes_and_denied_paths_are_refused_with_their_reason(ws: Workspace, path: str, error: type, reason: str):
    with pytest.raises(error) as err:
        ws.resolve(path, kind="file")
    assert reason in str(err.value)


def test_errors_say_what_to_do_instead(ws: Workspace):
    with pytest.raises(PathOutsideRoot) as err:
        ws.resolve("../x")
    assert "Pass a path relative to the root" in str(err.value)
    with pytest.raises(PathKindError) as err2:
        ws.resolve("src", kind="file")
    assert "get_structured_index" in str(err2.value)


def test_a_path_under_a_folder_the_root_lacks_names_the_path_that_exists(ws: Workspace):
    # monolog run 390: the root was Monolog's src/ itself and `src/Utils.php` said only "does not exist"
    with pytest.raises(PathNotFound) as err:
        ws.resolve("lib/src/app.py", kind="file")
    assert "The root has no folder 'lib'; 'src/app.py' is there" in str(err.value), err.value
    with pytest.raises(PathNotFound) as err2:
        ws.resolve("lib/nope.py", kind="file")  # nothing below: the plain advice
    assert "is there" not in str(err2.value) and "get_structured_index" in str(err2.value), err2.value


def test_inside_paths_resolve_to_root_relative_slash_form(ws: Workspace):
    assert ws.resolve("src/app.py").rel == "src/app.py"
    assert ws.resolve(str(ws.root / "src" / "app.py")).rel == "src/app.py"
    assert ws.resolve("link_in.py").rel == "src/app.py"  # a symlink inside the root is fine
    assert ws.resolve(".").rel == "."


def test_listing_honours_gitignore_hidden_binary_and_deny_list(ws: Workspace):
    (ws.root / ".gitignore").write_text("build/\n")
    (ws.root / "build").mkdir()
    (ws.root / "build" / "out.py").write_text("x = 1\n")
    (ws.root / "logo.png").write_bytes(b"\x89PNG")
    files = ws.list_files()
    assert "src/app.py" in files and "README.md" in files
    assert not any(f.startswith("build/") for f in files)
    assert "logo.png" not in files and ".env" not in files and "keys/server.pem" not in files


def test_project_key_is_stable_and_distinct(tmp_path: Path):
    a, b = tmp_path / "a" / "proj", tmp_path / "b" / "proj"
    a.mkdir(parents=True)
    b.mkdir(parents=True)
    assert project_key(a) == project_key(a)
    assert project_key(a) != project_key(b)
    assert project_key(a).startswith("proj-")


def test_storage_lives_under_the_data_dir_with_user_only_permissions(ws: Workspace, _isolated_storage: Path):
    path = ws.storage("index.sqlite")
    assert str(path).startswith(str(_isolated_storage))
    assert oct(ws.data_dir.stat().st_mode & 0o777) == "0o700"


def test_a_project_name_separates_storage_of_repositories_served_from_one_path(tmp_path: Path):
    root = tmp_path / "workspace"
    root.mkdir()
    assert project_key(root, "alpha") != project_key(root, "beta") != project_key(root)
    assert project_key(root, "alpha").startswith("alpha-")


def test_the_memory_folder_is_not_created_by_asking_where_it_is(tmp_path):
    from contexteer.config import load_config
    from contexteer.workspace import Workspace

    root = tmp_path / "repo"
    root.mkdir()
    loaded = load_config(root=root, overrides={"memory.location": "repo"}, use_user_config=False)
    ws = Workspace(root, loaded.settings)
    assert ws.memory_dir == root / ".contexteer" / "memory"
    assert not (root / ".contexteer").exists()


def test_credential_files_are_denied_by_default_at_any_depth(tmp_path):
    from contexteer.config import load_config
    from contexteer.workspace import Workspace

    ws = Workspace(tmp_path, load_config(root=tmp_path, use_user_config=False).settings)
    for rel in (".netrc", "deploy/.npmrc", ".pypirc", "home/.aws/credentials", ".ssh/id_ed25519", "ops/.git-credentials"):
        assert ws.denied_by(rel), rel
    for rel in ("src/credentials.py", "docs/aws.md", "netrc_parser.py"):
        assert ws.denied_by(rel) is None, rel
