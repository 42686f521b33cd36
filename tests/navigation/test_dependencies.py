"""list_dependencies end to end, and the import resolver per language on the indexer's import format."""

from __future__ import annotations

from dataclasses import dataclass

from contexteer.indexers.deps import Resolver, build_graph, find_cycles
from contexteer.indexers.manifests import read_manifests
from tests.navigation.conftest import FIXTURES, Served


def test_imports_and_dependents_of_a_file_are_resolved_to_repository_files(pyshop: Served):
    a = pyshop.call("list_dependencies", path="shop/models.py", direction="both")
    assert not a.is_error, a.text
    assert [(e["target"], e["line"]) for e in a.data["imports"]] == [("shop/util/fmt.py", 7)]
    assert sorted(e["source"] for e in a.data["dependents"]) == [
        "shop/__init__.py", "shop/cli.py", "shop/pricing.py", "shop/util/fmt.py",
    ]
    assert {(x["package"], x["stdlib"]) for x in a.data["external"]} == {("__future__", True), ("dataclasses", True)}
    assert "1 test file left out (tests=true lists it)" in a.text
    with_tests = pyshop.call("list_dependencies", path="shop/models.py", direction="dependents", tests=True)
    assert "tests/test_pricing.py" in {e["source"] for e in with_tests.data["dependents"]}


def test_import_cycles_are_flagged(pyshop: Served):
    a = pyshop.call("list_dependencies", path="shop/util/fmt.py")
    assert a.data["cycles"] == [["shop/util/fmt.py", "shop/models.py", "shop/util/fmt.py"]]
    assert "import cycles:\n  shop/util/fmt.py -> shop/models.py -> shop/util/fmt.py" in a.text


def test_absolute_package_imports_and_depth_two(pyshop: Served):
    a = pyshop.call("list_dependencies", path="shop/cli.py", depth=2)
    got = {(e["target"], e["depth"]) for e in a.data["imports"]}
    assert {("shop/__init__.py", 1), ("shop/models.py", 1), ("shop/pricing.py", 1), ("shop/util/fmt.py", 2)} <= got
    # cycles: through the file itself at depth 1 (none for cli.py); among the files reached at depth 2
    assert a.data["cycles"] == [["shop/models.py", "shop/util/fmt.py", "shop/models.py"]]
    assert pyshop.call("list_dependencies", path="shop/cli.py").data["cycles"] == []


def test_external_packages_carry_the_declared_version(pyshop: Served):
    a = pyshop.call("list_dependencies", path="shop/pricing.py")
    ext = {x["package"]: x for x in a.data["external"]}
    assert ext["requests"]["declared"] == "==2.31.0" and not ext["requests"]["stdlib"]
    assert ext["math"]["stdlib"]
    assert "external: requests ==2.31.0" in a.text


def test_the_project_lists_declared_dependencies_from_every_manifest(pyshop: Served):
    a = pyshop.call("list_dependencies", path=".")
    declared = {(d["name"], d["version"], d["manifest"], d["group"]) for d in a.data["declared"]}
    assert declared == {
        ("pydantic", ">=2.7", "pyproject.toml", "main"),
        ("requests", "==2.31.0", "pyproject.toml", "main"),
        ("pytest", ">=8", "pyproject.toml", "optional:dev"),
        ("pytest", "==8.0.0", "requirements-dev.txt", "dev"),
        ("ruff", ">=0.5", "requirements-dev.txt", "dev"),
    }
    assert a.data["most_imported"][0] == "shop/models.py ×4"  # tests/test_pricing.py too with tests=true
    assert pyshop.call("list_dependencies", path=".", tests=True).data["most_imported"][0] == "shop/models.py ×5"


def test_mermaid_draws_the_graph_and_marks_cycles(pyshop: Served):
    a = pyshop.call("list_dependencies", path="shop/models.py", direction="both", format="mermaid")
    assert a.text.startswith("```mermaid\ngraph LR")
    assert '["shop/util/fmt.py"]' in a.text and "-->" in a.text
    assert "linkStyle" in a.text and "cycles (red): shop/models.py -> shop/util/fmt.py -> shop/models.py" in a.text


@dataclass(frozen=True)
class Imp:
    path: str
    module: str
    names: tuple[str, ...] = ()
    line: int = 1


def _targets(files: list[str], imp: Imp, gomod: str = "") -> list[str] | None:
    return Resolver(files, lambda f: gomod if f.endswith("go.mod") else None).resolve(imp)


def test_js_ts_relative_paths_index_files_and_js_extension_mapping():
    files = ["src/index.ts", "src/lib/index.ts", "src/util.ts", "src/comp.tsx"]
    assert _targets(files, Imp("src/index.ts", "./lib")) == ["src/lib/index.ts"]
    assert _targets(files, Imp("src/index.ts", "./util.js")) == ["src/util.ts"]
    assert _targets(files, Imp("src/lib/index.ts", "../comp")) == ["src/comp.tsx"]
    assert _targets(files, Imp("src/index.ts", "react")) is None


def test_go_module_paths_resolve_to_the_package_files_without_tests():
    files = ["go.mod", "main.go", "internal/store/store.go", "internal/store/store_test.go"]
    got = _targets(files, Imp("main.go", "example.com/shop/internal/store"), "module example.com/shop\n")
    assert got == ["internal/store/store.go"]
    assert _targets(files, Imp("main.go", "fmt"), "module example.com/shop\n") is None


def test_rust_mod_crate_self_and_super_paths():
    files = ["Cargo.toml", "src/lib.rs", "src/parser/mod.rs", "src/parser/lexer.rs"]
    assert _targets(files, Imp("src/lib.rs", "parser")) == ["src/parser/mod.rs"]
    assert _targets(files, Imp("src/parser/mod.rs", "lexer")) == ["src/parser/lexer.rs"]
    assert _targets(files, Imp("src/parser/mod.rs", "self::lexer::Lexer")) == ["src/parser/lexer.rs"]
    assert _targets(files, Imp("src/lib.rs", "crate::parser::Parser")) == ["src/parser/mod.rs"]
    assert _targets(files, Imp("src/parser/lexer.rs", "super::Parser")) == ["src/parser/mod.rs"]
    assert _targets(files, Imp("src/lib.rs", "serde::Serialize")) is None


def test_java_packages_and_c_quoted_includes():
    files = ["src/main/java/com/acme/Foo.java", "src/main/java/com/acme/Bar.java", "include/util.h", "src/main.c"]
    assert _targets(files, Imp("src/main/java/com/acme/Foo.java", "com.acme.Bar")) == ["src/main/java/com/acme/Bar.java"]
    assert _targets(files, Imp("src/main.c", '"util.h"')) == ["include/util.h"]
    assert _targets(files, Imp("src/main.c", "stdio.h")) is None


def test_python_relative_imports_climb_packages():
    files = ["pkg/__init__.py", "pkg/a.py", "pkg/sub/__init__.py", "pkg/sub/b.py"]
    assert _targets(files, Imp("pkg/sub/b.py", "..a", ("f",))) == ["pkg/a.py"]
    assert _targets(files, Imp("pkg/sub/b.py", "..", ("a",))) == ["pkg/__init__.py", "pkg/a.py"]
    assert _targets(files, Imp("pkg/a.py", "pkg.sub", ("b",))) == ["pkg/sub/__init__.py", "pkg/sub/b.py"]


def test_cycle_finder_reports_one_concrete_loop_per_component():
    files = ["a.py", "b.py", "c.py", "d.py"]
    g = build_graph(files, [Imp("a.py", "b"), Imp("b.py", "c"), Imp("c.py", "a"), Imp("d.py", "a")])
    assert find_cycles(g) == [["a.py", "b.py", "c.py", "a.py"]]
    assert find_cycles(g, ["d.py"]) == []


def test_manifests_of_every_ecosystem_are_read_with_versions():
    root = FIXTURES
    got = read_manifests(lambda rel: (root / rel).read_text(encoding="utf-8"), ["webapp/package.json", "gomod/go.mod", "rustcrate/Cargo.toml"])
    assert {(d.name, d.version, d.group) for d in got} == {
        ("react", "^18.2.0", "main"), ("typescript", "~5.4.0", "dev"),
        ("github.com/google/uuid", "v1.6.0", "main"), ("golang.org/x/text", "v0.14.0", "indirect"),
        ("serde", "1.0", "main"), ("regex", "1.10", "main"), ("tempfile", "3", "dev"),
    }


def test_a_python_cycle_closed_only_inside_a_function_is_told_apart(tmp_path):
    """Jinja2 run 335: `debug.py -> utils.py -> environment.py -> debug.py` was listed as an import cycle, though
    environment.py imports debug inside handle_exception only (nothing of it runs at load time); a cycle of
    module-level imports stays one."""
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "",
        "pkg/debug.py": "from .utils import missing\n\n\ndef rewrite():\n    return missing\n",
        "pkg/utils.py": "missing = object()\n\n\ndef clear():\n    from .environment import env\n    return env\n",
        "pkg/environment.py": ("import typing as t\n\nenv = 1\n\nif t.TYPE_CHECKING:\n    from .runtime import Context\n\n\n"
                               "def handle():\n    from .debug import rewrite\n    return rewrite()\n"),
        "pkg/runtime.py": "from .environment import env\n",
        "pkg/a.py": "from .b import x\ny = 1\n",
        "pkg/b.py": "from .a import y\nx = 2\n",
    })
    d = served.call("list_dependencies", path="pkg/debug.py", direction="both")
    assert "import cycles:" not in d.text, d.text
    assert ("cycles only through an import inside a function, under TYPE_CHECKING or by autoload (none runs at load time):\n"
            "  pkg/debug.py -> pkg/utils.py -> pkg/environment.py -> pkg/debug.py") in d.text, d.text
    a = served.call("list_dependencies", path="pkg/a.py", direction="both")
    assert "import cycles:\n  pkg/a.py -> pkg/b.py -> pkg/a.py" in a.text and "none runs at load time" not in a.text, a.text
    assert a.data["cycles"] and not a.data.get("lazy_cycles"), a.data
