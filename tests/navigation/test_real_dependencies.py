"""Dependency edges on real code nobody here wrote, from Debian packages: Go (golang-github-prometheus-client-golang-dev),
Rust (librust-tokio-dev), Ruby (ruby-rack), PHP (php-monolog). Each test skips, naming the package, when the
package is not installed (`apt-get install` it to run the test)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.navigation.conftest import Served

GO = Path("/usr/share/gocode/src/github.com/prometheus/client_golang")
TOKIO = Path("/usr/share/cargo/registry/tokio-1.24.2")
RACK = Path("/usr/share/rubygems-integration/all/gems/rack-2.2.22")
MONOLOG = Path("/usr/share/php/Monolog")


def _served(src: Path, package: str, tmp_path_factory: pytest.TempPathFactory) -> Served:
    if not src.is_dir():
        pytest.skip(f"{src} is absent: apt-get install {package}")
    root = tmp_path_factory.mktemp("real") / src.name
    shutil.copytree(src, root)
    return Served(root)


def _deps(served: Served, path: str, **args: object) -> dict:
    a = served.call("list_dependencies", path=path, **args)
    assert not a.is_error, a.text
    assert a.data is not None
    return {**a.data, "text": a.text}


def test_a_real_go_file_lists_exactly_its_import_paths(tmp_path_factory: pytest.TempPathFactory):
    go = _served(GO, "golang-github-prometheus-client-golang-dev", tmp_path_factory)
    path = "prometheus/promhttp/http.go"
    block = re.search(r"^import \((.*?)^\)", (go.root / path).read_text(), re.M | re.S)
    assert block is not None
    paths = set(re.findall(r'"([^"]+)"', block.group(1)))  # the truth, from the source text
    d = _deps(go, path)
    rows = {e["unit"] for e in d["imports"]} | {x["package"] for x in d["external"]}
    assert rows == paths and len(d["imports"]) + len(d["external"]) == len(paths)
    assert [(e["unit"], e["target"]) for e in d["imports"]] == [("github.com/prometheus/client_golang/prometheus", "prometheus/")]
    files = _deps(go, path, view="file")
    assert len(files["imports"]) > 20 and not any(e["target"].endswith("_test.go") for e in files["imports"])


def test_real_rust_use_trees_mod_structure_and_crate_names(tmp_path_factory: pytest.TempPathFactory):
    tokio = _served(TOKIO, "librust-tokio-dev", tmp_path_factory)
    # use crate::{runtime::Handle, task::{JoinHandle, LocalSet}};
    d = _deps(tokio, "src/task/builder.rs")
    assert {"src/runtime/mod.rs", "src/task/mod.rs"} <= {e["target"] for e in d["imports"]}
    lib = _deps(tokio, "src/lib.rs", direction="both")  # `mod x;` declarations and `use super::` below them
    assert lib["cycles"] == []
    project = _deps(tokio, ".")
    assert all(x["package"] for x in project["external"])
    assert "unresolved" not in project["text"]
    assert {x["package"] for x in project["external"] if not x["stdlib"]} >= {"pin_project_lite", "bytes", "mio"}


def test_real_ruby_requires_resolve_through_lib(tmp_path_factory: pytest.TempPathFactory):
    rack = _served(RACK, "ruby-rack", tmp_path_factory)
    targets = [e["target"] for e in _deps(rack, "lib/rack.rb")["imports"]]
    assert targets[0] == "lib/rack/version.rb"  # require_relative
    # and the files its `autoload :Builder, "rack/builder"` lines load when a constant is first used
    assert "lib/rack/builder.rb" in targets and "lib/rack/request.rb" in targets and len(targets) > 40, targets
    assert [e["target"] for e in _deps(rack, "lib/rack/file.rb")["imports"]] == ["lib/rack/files.rb"]
    example = _deps(rack, "example/protectedlobster.rb")  # require 'rack'; require 'rack/lobster'
    assert {e["target"] for e in example["imports"]} == {"lib/rack.rb", "lib/rack/lobster.rb"}
    assert _deps(rack, "example/lobster.ru")["imports"][0]["target"] == "lib/rack/lobster.rb"  # a rackup file is Ruby


def test_real_php_namespaces_resolve_to_their_class_files(tmp_path_factory: pytest.TempPathFactory):
    monolog = _served(MONOLOG, "php-monolog", tmp_path_factory)
    d = _deps(monolog, "Handler/StreamHandler.php")
    assert "Utils.php" in {e["target"] for e in d["imports"]}
    assert not any(x["package"].startswith("Monolog") for x in d["external"])
