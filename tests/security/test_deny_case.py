"""The deny-list ignores case (issue 18, finding 2): `.ENV`, `ID_RSA`, `cert.PEM`, `.GIT/config`, ... are never read,
listed, searched or indexed, on any path by which a file's content or name reaches a client (through the real SDK client)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from contexteer.config import load_config
from contexteer.indexers.index import StructureIndex
from contexteer.server.app import build_server
from contexteer.workspace import Workspace
from tests.navigation.conftest import Answer, Served

#: Case variants of default deny-list entries, each with a marker only that file holds.
SECRETS = {
    ".ENV": "leakcanary_env",
    "ID_RSA": "leakcanary_idrsa",
    "cert.PEM": "leakcanary_pem",
    ".GIT/config": "leakcanary_gitconfig",
    ".SSH/id": "leakcanary_ssh",
    ".AWS/credentials": "leakcanary_aws",
    "Credentials.JSON": "leakcanary_credjson",
    ".Kube/config": "leakcanary_kube",
    "ID_ED25519.py": "leakcanary_ed25519",  # source code: would be parsed and its definition searchable
}
#: Links inside the root whose names match nothing, pointing at a denied file and a denied folder.
LINKS = {"notes.txt": ".ENV", "keys": ".SSH"}
DENIED_DIRS = [".GIT", ".SSH", ".AWS"]  # `.kube` itself is not denied, only its config
PUBLIC = "leakcanary_public"


def _secret_repo(root: Path) -> Path:
    root.mkdir()
    (root / "app.py").write_text(f"def {PUBLIC}():\n    return 'leakcanary_public in app.py'\n", encoding="utf-8")
    (root / "README.md").write_text(f"# Demo\n\n{PUBLIC} is documented here.\n", encoding="utf-8")
    for rel, marker in SECRETS.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        body = f"def {marker}():\n    return 1\n" if rel.endswith(".py") else f"{marker} lives here\n"
        path.write_text(body, encoding="utf-8")
    for name, target in LINKS.items():
        os.symlink(target, root / name)
    return root


@pytest.fixture
def served(tmp_path: Path) -> Served:
    return Served(_secret_repo(tmp_path / "repo"))


def _leaks(answer: Answer) -> list[str]:
    """The secret markers (and denied file names) an answer shows anywhere, text or structured content."""
    shown = answer.text + repr(answer.data)
    return [m for m in SECRETS.values() if m in shown]


def _assert_denied(answer: Answer, path: str) -> None:
    assert answer.is_error, f"{path} was served: {answer.text[:300]}"
    assert "deny-list" in answer.text and "workspace.deny" in answer.text, answer.text
    assert not _leaks(answer), answer.text


@pytest.mark.parametrize("path", [*SECRETS, "notes.txt", "keys/id"])
def test_read_code_range_refuses_case_variants_of_denied_files_and_links_to_them(served: Served, path: str):
    _assert_denied(served.call("read_code_range", path=path), path)
    _assert_denied(served.call("read_code_range", path=path, start_line=1, end_line=1), path)
    _assert_denied(served.call("read_code_range", path=path, start_line=1, end_line=2, context="semantic"), path)


@pytest.mark.parametrize("path", [*SECRETS, *DENIED_DIRS, "notes.txt", "keys"])
def test_outlines_dependencies_and_scoped_searches_refuse_case_variants_of_denied_paths(served: Served, path: str):
    _assert_denied(served.call("get_structured_index", path=path), path)
    _assert_denied(served.call("list_dependencies", path=path), path)
    _assert_denied(served.call("search_symbol", query="leakcanary", match="prefix", path=path), path)
    _assert_denied(served.call("search_text", pattern="leakcanary", path=path), path)


def test_the_repo_map_and_the_index_name_no_case_variant_of_a_denied_file(served: Served):
    shown = served.call("get_structured_index", path=".")
    assert not shown.is_error, shown.text
    assert "app.py" in shown.text
    named = shown.text + repr(shown.data)
    assert not [rel for rel in (*SECRETS, "ID_RSA") if rel in named], named
    assert not _leaks(shown)
    focused = served.call("get_structured_index", path=".", focus=["ID_ED25519.py", "leakcanary_ed25519"])
    assert not _leaks(focused) and "ID_ED25519" not in focused.text + repr(focused.data)
    index = StructureIndex(served.ws)
    try:
        index.ensure_built(wait_seconds=60)
        indexed = {f.path for f in index.files()}
    finally:
        index.close()
    assert "app.py" in indexed
    assert not indexed & {*SECRETS, *LINKS, "keys/id"}, sorted(indexed)


@pytest.mark.parametrize(
    "args",
    [
        {},
        {"case_sensitive": False},
        {"regex": True, "pattern": "leak.*"},
        {"glob": "*"},
        {"glob": ".*"},
        {"glob": "**/*"},
        *({"glob": rel} for rel in SECRETS),
        {"context_lines": 2},
    ],
)
def test_search_text_finds_neither_content_nor_name_of_a_case_variant_of_a_denied_file(served: Served, args: dict):
    a = served.call("search_text", **{"pattern": "leakcanary", **args})
    assert not _leaks(a), a.text
    paths = {h["path"] for h in (a.data or {}).get("hits", [])}
    assert paths <= {"app.py", "README.md"}, paths
    if not a.is_error and "glob" not in args:
        assert paths == {"app.py", "README.md"}  # the search itself worked


def test_search_symbol_finds_no_definition_inside_a_case_variant_of_a_denied_file(served: Served):
    a = served.call("search_symbol", query="leakcanary", match="prefix")
    assert not a.is_error, a.text
    assert PUBLIC in a.text
    assert not _leaks(a) and "ID_ED25519" not in a.text
    exact = served.call("search_symbol", query="leakcanary_ed25519")
    assert not exact.is_error and exact.data["definitions"] == [], exact.text
    assert "ID_ED25519" not in exact.text + repr(exact.data)


NEW_DEFAULTS = [
    ".kube/config", "ops/.kube/config", ".docker/config.json", "home/.docker/config.json", ".vault-token",
    ".gnupg/pubring.kbx", "home/.gnupg/private-keys-v1.d/key.key2", "infra/prod.tfstate", "terraform.tfstate.backup",
    "credentials.json", "gcp/Credentials.json", "release.jks", "android/app/upload.keystore", ".htpasswd",
    "site/.htpasswd", ".s3cfg", ".boto", ".bash_history", "home/.BASH_HISTORY", ".zsh_history", "win/client.PFX",
    "vendor/lib/.git/config",  # git internals of a nested repository, not only the root's
]


#: Files next to the new defaults that hold no credentials and stay readable and searchable.
NEAR_MISSES = [".docker/nginx/Dockerfile", ".kube/manifests/app.yaml", "docs/kube-config.md", "src/credentials.py",
               "tfstate_reader.py", "history.txt"]


@pytest.mark.parametrize("rel", NEW_DEFAULTS)
def test_the_default_deny_list_covers_cluster_registry_vault_gpg_terraform_key_store_history_and_nested_git_files(tmp_path: Path, rel: str):
    root = tmp_path / "repo"
    for name in (rel, *NEAR_MISSES):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"leakcanary in {'the secret' if name == rel else 'a plain file'}\n", encoding="utf-8")
    served = Served(root)
    a = served.call("read_code_range", path=rel)
    assert a.is_error and "deny-list" in a.text and "workspace.deny" in a.text, a.text
    found = served.call("search_text", pattern="leakcanary")
    assert {h["path"] for h in found.data["hits"]} == set(NEAR_MISSES), found.text
    assert "the secret" not in found.text
    assert not served.call("read_code_range", path=NEAR_MISSES[0]).is_error


class _UserServed(Served):
    """Served with the user's own config file read (CONTEXTEER_CONFIG_HOME points at a temporary folder)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        loaded = load_config(root=root, overrides={"shaping.structured_output": True}, use_user_config=True)
        self.ws = Workspace(root, loaded.settings)
        self.server = build_server(self.ws, loaded)


def test_deny_patterns_from_the_user_config_match_regardless_of_case(tmp_path: Path):
    home = Path(os.environ["CONTEXTEER_CONFIG_HOME"])
    (home / "contexteer.yaml").write_text(
        "workspace:\n  deny: ['*.secret', 'private/**', '**/vault/*.txt', 'config/prod.yaml', 'Build']\n", encoding="utf-8")
    root = tmp_path / "repo"
    denied = ["A.SECRET", "sub/b.Secret", "PRIVATE/x.py", "Private/deep/y.md", "VAULT/a.TXT", "sub/Vault/b.txt",
              "CONFIG/Prod.YAML", "build/out.py", "src/BUILD/gen.py"]
    kept = ["vaults.txt", "src/private_api.py", "config/dev.yaml", "sub/vault/nested/c.txt.md"]
    for rel in denied + kept:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(f"leakcanary in {rel}\n", encoding="utf-8")
    served = _UserServed(root)
    assert served.ws.deny == ["*.secret", "private/**", "**/vault/*.txt", "config/prod.yaml", "Build"]
    for rel in denied:
        a = served.call("read_code_range", path=rel)
        assert a.is_error and "deny-list" in a.text and "workspace.deny" in a.text, (rel, a.text)
    for rel in kept:
        assert not served.call("read_code_range", path=rel).is_error, rel
    found = served.call("search_text", pattern="leakcanary")
    assert {h["path"] for h in found.data["hits"]} == set(kept), found.text
    shown = served.call("get_structured_index", path=".")
    assert not [rel for rel in denied if rel in shown.text + repr(shown.data)], shown.text


def test_an_index_built_before_a_file_was_denied_stops_serving_it_at_the_first_query(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "ID_ED25519.py").write_text("def leakcanary_ed25519():\n    return 1\n", encoding="utf-8")
    (root / "app.py").write_text(f"def {PUBLIC}():\n    return 1\n", encoding="utf-8")
    before = Served(root, **{"workspace.deny": []})  # the same index, as an older build with a narrower list left it
    assert "leakcanary_ed25519" in before.call("search_symbol", query="leakcanary", match="prefix").text
    served = Served(root)
    for tool, args in (("search_symbol", {"query": "leakcanary", "match": "prefix"}), ("get_structured_index", {"path": "."})):
        a = served.call(tool, **args)
        assert not a.is_error and PUBLIC in a.text, a.text
        assert "leakcanary_ed25519" not in a.text + repr(a.data) and "ID_ED25519" not in a.text, a.text
