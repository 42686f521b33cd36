"""Dependency edges per language family (issue 13, items 2 and 7) and at the language's unit (issue 12), through
the real SDK client on the small repositories under fixtures/deps/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.navigation.conftest import Served

DEPS = Path(__file__).resolve().parents[2] / "fixtures" / "deps"


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Served]:
    base = tmp_path_factory.mktemp("deps")
    out = {}
    for d in sorted(DEPS.iterdir()):
        shutil.copytree(d, base / d.name)
        out[d.name] = Served(base / d.name)
    return out


def _deps(served: Served, path: str, **args: object) -> dict:
    a = served.call("list_dependencies", path=path, **args)
    assert not a.is_error, a.text
    assert a.data is not None
    return {**a.data, "text": a.text}


def _external(d: dict) -> dict[str, tuple[bool, str | None]]:
    return {x["package"]: (x["stdlib"], x.get("declared")) for x in d["external"]}


# ----- item 2: Java imports ---------------------------------------------------------------------------
def test_java_import_of_a_class_resolves_to_its_file_not_to_external_org_example(repos: dict[str, Served]):
    app = "src/main/java/org/example/app/App.java"
    files = _deps(repos["javaweb"], app, view="file")
    assert sorted(e["target"] for e in files["imports"]) == [
        "src/main/java/org/example/util/Log.java",  # `import static org.example.util.Log.info;`
        "src/main/java/org/example/web/Filter.java",
        "src/main/java/org/example/web/Servlet.java",
    ]
    ext = _external(files)
    assert "org.example" not in ext
    assert ext == {"org.apache.commons:commons-lang3": (False, "3.14.0"), "java.util": (True, None)}


def test_java_imports_at_the_package_unit_and_dependents_without_tests(repos: dict[str, Served]):
    java = repos["javaweb"]
    d = _deps(java, "src/main/java/org/example/app/App.java")
    assert sorted((e["unit"], e["target"], e["files"]) for e in d["imports"]) == [
        ("org.example.util", "src/main/java/org/example/util/", 1),
        ("org.example.web", "src/main/java/org/example/web/", 2),
    ]
    assert "  org.example.web  src/main/java/org/example/web/ (2 files)  (lines 3-4)" in d["text"]
    dep = _deps(java, "src/main/java/org/example/app/App.java", direction="dependents")
    assert dep["dependents"] == [] and dep["tests_left_out"] == 1
    assert "1 test file left out (tests=true lists it)" in dep["text"]
    dep = _deps(java, "src/main/java/org/example/app/App.java", direction="dependents", tests=True)
    assert [(e["unit"], e["source"]) for e in dep["dependents"]] == [
        ("org.example.web", "src/test/java/org/example/web/ServletTest.java")]


def test_java_import_never_matches_a_file_of_another_language(repos: dict[str, Served]):
    from contexteer.indexers.deps import Resolver
    from tests.navigation.test_dependencies import Imp

    files = ["src/test/groovy/org/example/util/Log.groovy", "src/main/py/org/example/util/Log.py", "src/App.java"]
    assert Resolver(files).resolve(Imp("src/App.java", "org.example.util", ("Log",))) is None


def test_kotlin_and_scala_imports_resolve_by_package_directory():
    from contexteer.indexers.deps import Resolver
    from tests.navigation.test_dependencies import Imp

    files = ["app/src/main/kotlin/com/acme/http/Client.kt", "app/src/main/kotlin/com/acme/http/Extensions.kt",
             "app/src/main/kotlin/com/acme/Main.kt", "core/src/main/scala/com/acme/core/Codec.scala",
             "core/src/main/scala/com/acme/core/Json.scala"]
    r = Resolver(files)
    main = "app/src/main/kotlin/com/acme/Main.kt"
    assert r.resolve(Imp(main, "com.acme.http.Client")) == ["app/src/main/kotlin/com/acme/http/Client.kt"]
    assert r.resolve(Imp(main, "com.acme.http", ("Client",))) == ["app/src/main/kotlin/com/acme/http/Client.kt"]
    # a top-level function: no file of its name, so the package's files
    assert r.resolve(Imp(main, "com.acme.http.retrying")) == ["app/src/main/kotlin/com/acme/http/Client.kt",
                                                               "app/src/main/kotlin/com/acme/http/Extensions.kt"]
    assert r.resolve(Imp(main, "com.acme.core.{Codec, Json => J}")) == ["core/src/main/scala/com/acme/core/Codec.scala",
                                                                        "core/src/main/scala/com/acme/core/Json.scala"]


def test_scala_chained_package_clauses_make_relative_imports_whole_packages(tmp_path: Path):
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path, {
        "scala/collection/mutable/ListBuffer.scala":
            "package scala\npackage collection\npackage mutable\n\nimport generic._\nimport immutable.{List, ::}\n"
            "import scala.collection.immutable.Vector\n\nclass ListBuffer[A] { def prependToList(xs: List[A]) = xs }\n",
        "scala/collection/generic/Growable.scala": "package scala\npackage collection\npackage generic\n\ntrait Growable\n",
        "scala/collection/immutable/List.scala": "package scala\npackage collection\npackage immutable\n\n"
                                                 "sealed abstract class List[+A]\nfinal case class ::[B](head: B) extends List[B]\n",
        "scala/collection/immutable/Vector.scala": "package scala.collection.immutable\n\nclass Vector[A]\n"})
    d = _deps(served, "scala/collection/mutable/ListBuffer.scala")
    rows = {e["unit"]: e.get("names") for e in d["imports"]}
    assert rows == {"scala.collection.generic": ["_"], "scala.collection.immutable": ["List", "::", "Vector"]}, d["text"]
    found = served.call("search_symbol", query="prependToList")
    assert "scala.collection.mutable.ListBuffer.prependToList" in found.text


def test_scala_relative_imports_resolve_in_the_enclosing_packages_and_earlier_imports_and_a_values_are_none(tmp_path: Path):
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path, {
        "scala/io/Source.scala": "package scala.io\n\nobject Source\n",
        "scala/sys/process/package.scala": "package scala.sys\n\npackage object process {\n"
                                           "  private[process] object processInternal { type Closeable = java.io.Closeable }\n}\n",
        "scala/sys/process/Process.scala": "package scala.sys\npackage process\n\nobject Process { def apply() = 1 }\n",
        "scala/sys/process/BasicIO.scala": "package scala.sys\npackage process\n\nobject BasicIO {\n"
                                           "  object Uncloseable { def protect(x: Int) = x }\n  class Streamed\n}\n",
        "scala/sys/process/ProcessBuilderImpl.scala":
            "package scala\npackage sys\npackage process\n\n"
            "import processInternal._\nimport Process._\nimport java.io.{ FileInputStream, FileOutputStream }\n"
            "import BasicIO.{ Uncloseable, Streamed }\nimport Uncloseable.protect\n\n"
            "private[process] trait ProcessBuilderImpl {\n"
            "  def runBuffered(log: ProcessLogger, io: ProcessIO) = {\n"
            "    import io._\n"
            "    protect(1)\n"
            "  }\n"
            "}\n"})
    d = _deps(served, "scala/sys/process/ProcessBuilderImpl.scala")
    rows = {e["unit"]: e.get("names") for e in d["imports"]}
    assert rows == {"scala.sys.process": ["processInternal._", "Process._", "BasicIO.Uncloseable", "BasicIO.Streamed",
                                          "Uncloseable.protect"]}, d["text"]  # `import io._` is the parameter's members
    assert "scala/io" not in d["text"] and "undeclared" not in d["text"], d["text"]
    assert "(lines 5-6, 8-9)" in d["text"] and "line 13: import io._ — the members of a value in scope" in d["text"], d["text"]
    files = _deps(served, "scala/sys/process/ProcessBuilderImpl.scala", view="file")
    assert sorted(e["target"] for e in files["imports"]) == ["scala/sys/process/BasicIO.scala", "scala/sys/process/Process.scala",
                                                             "scala/sys/process/package.scala"], files["text"]
    assert "scala/sys/process/BasicIO.scala  (lines 8-9)" in files["text"], files["text"]  # two imports reach it


# ----- item 7: C/C++ includes -------------------------------------------------------------------------
def test_angle_include_of_math_h_is_the_standard_header_not_a_vendored_test_header(repos: dict[str, Served]):
    d = _deps(repos["cvendored"], "src/calc.c", view="file")
    assert sorted(e["target"] for e in d["imports"]) == ["include/calc.h", "include/calc/api.h"]
    assert _external(d) == {"math.h": (True, None), "stdio.h": (True, None), "zlib.h": (False, None)}
    math = _deps(repos["cvendored"], "third_party/minimath/test/math.h", direction="dependents", tests=True)
    assert "src/calc.c" not in {e["source"] for e in math["dependents"]}


def test_include_directories_come_from_compile_commands_json(repos: dict[str, Served]):
    d = _deps(repos["ccdb"], "src/main.c", view="file")
    # -I../headers and -isystem sys from the build database; include/proto.h (a common layout) is not on it
    assert sorted(e["target"] for e in d["imports"]) == ["headers/proto.h", "src/local.h", "sys/stdint.h"]


# ----- item 7: Ruby ----------------------------------------------------------------------------------
def test_ruby_require_and_require_relative_resolve_through_the_load_path(repos: dict[str, Served]):
    ruby = repos["rubygem"]
    lib = _deps(ruby, "lib/mygem.rb")
    assert sorted(e["target"] for e in lib["imports"]) == ["lib/mygem/parser.rb", "lib/mygem/version.rb"]
    assert _external(lib) == {"rack": (False, "~> 3.0"), "activesupport": (False, ">= 7.0"), "json": (True, None)}
    parser = _deps(ruby, "lib/mygem/parser.rb")
    assert [e["target"] for e in parser["imports"]] == ["lib/mygem/util/strings.rb"]
    assert '2: require_relative "missing_helper"  [no repository file]' in parser["text"]
    # test/ beside lib/ is on the load path (rake and rspec add it); $LOAD_PATH lines add theirs
    assert [e["target"] for e in _deps(ruby, "test/parser_test.rb")["imports"]] == ["test/test_helper.rb"]
    assert [e["target"] for e in _deps(ruby, "test/test_helper.rb")["imports"]] == ["lib/mygem.rb"]
    assert [e["target"] for e in _deps(ruby, "tools/run.rb")["imports"]] == ["vendor_lib/helper_lib.rb"]


# ----- item 7: JS/TS workspaces and tsconfig paths -----------------------------------------------------
def test_monorepo_scope_packages_are_workspace_packages_not_external_npm(repos: dict[str, Served]):
    d = _deps(repos["monorepo"], "apps/web/src/main.ts")
    rows = {e.get("unit"): e["target"] for e in d["imports"] if e.get("unit")}
    assert rows == {"@acme/ui": "packages/ui/src/", "@acme/utils": "packages/utils/src/main.ts"}
    assert _external(d) == {"react": (False, "^18.2.0"), "fs": (True, None)}
    files = _deps(repos["monorepo"], "apps/web/src/main.ts", view="file")
    assert "packages/ui/src/index.ts" in {e["target"] for e in files["imports"]}  # main: dist/index.js -> src/index.ts


def test_tsconfig_paths_resolve_to_repository_files(repos: dict[str, Served]):
    d = _deps(repos["monorepo"], "apps/web/src/main.ts")
    assert "apps/web/src/lib/helper.ts" in {e["target"] for e in d["imports"]}
    assert not any(x["package"].startswith("@/") for x in d["external"])


# ----- item 7: C# and PHP namespaces ------------------------------------------------------------------
def test_csharp_in_repo_namespaces_are_not_external(repos: dict[str, Served]):
    d = _deps(repos["csharp"], "src/Web/Controller.cs")
    assert sorted((e["unit"], e["target"]) for e in d["imports"]) == [("Acme.Core", "src/Core/Service.cs"),
                                                                       ("Acme.Core.Models", "src/Core/Models/Item.cs")]
    assert _external(d) == {"Newtonsoft.Json": (False, "13.0.3"), "System.Text": (True, None)}


def test_php_in_repo_namespaces_resolve_through_psr4(repos: dict[str, Served]):
    d = _deps(repos["php"], "src/Http/Controller.php")
    assert sorted(e["target"] for e in d["imports"]) == ["src/Model/Invoice.php", "src/Model/Order.php", "src/Model/User.php"]
    assert _external(d) == {"monolog/monolog": (False, "^3.5"), "Exception": (True, None)}
    users = _deps(repos["php"], "src/Model/User.php", direction="dependents")
    assert sorted(e["source"] for e in users["dependents"]) == ["legacy/boot.php", "src/Http/Controller.php"]


# ----- item 7: Rust ----------------------------------------------------------------------------------
def test_nested_rust_use_tree_gives_an_edge_per_module(repos: dict[str, Served]):
    d = _deps(repos["rustws"], "crates/core/src/top.rs")  # use crate::{a::B, c::{D, E}};
    assert sorted(e["target"] for e in d["imports"]) == ["crates/core/src/a.rs", "crates/core/src/c.rs"]


def test_rust_mod_and_use_super_are_not_import_cycles(repos: dict[str, Served]):
    rust = repos["rustws"]
    for path in ("crates/core/src/lib.rs", "crates/core/src/a.rs", "crates/core/src/c.rs"):
        d = _deps(rust, path, direction="both", depth=2)
        assert d["cycles"] == [], (path, d["cycles"])
        assert "import cycles" not in d["text"]
    # the structure is still there: lib.rs declares its modules, a.rs uses its parent
    assert {e["target"] for e in _deps(rust, "crates/core/src/lib.rs")["imports"]} == {
        "crates/core/src/a.rs", "crates/core/src/c.rs", "crates/core/src/top.rs"}


def test_rust_external_crate_never_has_an_empty_name(repos: dict[str, Served]):
    d = _deps(repos["rustws"], "crates/core/src/top.rs")  # use ::serde::Serialize; use std::{collections::HashMap, fmt};
    assert _external(d) == {"serde": (False, "1.0"), "std": (True, None)}
    project = _deps(repos["rustws"], ".")
    assert all(x["package"] for x in project["external"])


def test_rust_workspace_crate_is_a_repository_package(repos: dict[str, Served]):
    d = _deps(repos["rustws"], "crates/cli/src/main.rs")
    assert [(e["unit"], e["target"]) for e in d["imports"]] == [("acme_core", "crates/core/src/top.rs")]
    assert _external(d) == {"clap": (False, "4")}


# ----- issue 12: a Go file's dependencies at the package unit ------------------------------------------
def test_go_file_dependencies_are_its_import_paths_at_the_package_unit(repos: dict[str, Served]):
    d = _deps(repos["gowork"], "svc/cmd/server/main.go")
    rows = [(e["unit"], e["target"], e["files"]) for e in d["imports"]]
    assert rows == [("example.com/lib/log", "lib/log/", 1),  # through go.work / `replace ... => ../lib`
                    ("example.com/svc/internal/api", "svc/internal/api/", 1),
                    ("example.com/svc/internal/store", "svc/internal/store/", 2)]  # store_test.go is not counted
    assert _external(d) == {"github.com/google/uuid": (False, "v1.6.0"), "golang.org/x/text/language": (False, "v0.14.0"),
                            "fmt": (True, None), "net/http": (True, None), "os": (True, None)}
    assert len(rows) + len(d["external"]) == 8  # the file's eight import paths, one row each
    assert "  example.com/svc/internal/store  svc/internal/store/ (2 files)  (line 10)" in d["text"]


def test_the_file_view_lists_every_file_of_an_imported_package(repos: dict[str, Served]):
    d = _deps(repos["gowork"], "svc/cmd/server/main.go", view="file")
    assert d["view"] == "file"
    assert sorted(e["target"] for e in d["imports"]) == ["lib/log/log.go", "svc/internal/api/api.go",
                                                         "svc/internal/store/helpers.go", "svc/internal/store/store.go"]


def test_go_dependents_are_packages_and_tests_only_when_asked(repos: dict[str, Served]):
    go = repos["gowork"]
    d = _deps(go, "svc/internal/store/store.go", direction="dependents")
    assert [(e["unit"], e["source"]) for e in d["dependents"]] == [
        ("example.com/svc/cmd/server", "svc/cmd/server/main.go"), ("example.com/svc/internal/api", "svc/internal/api/api.go")]
    assert "  example.com/svc/internal/api  svc/internal/api/ (1 file)  (line 3 of api.go)" in d["text"]
    util = "svc/internal/testutil/testutil.go"
    assert _deps(go, util, direction="dependents")["dependents"] == []
    with_tests = _deps(go, util, direction="dependents", tests=True)
    assert [e["source"] for e in with_tests["dependents"]] == ["svc/internal/store/store_test.go"]
    # asking about a test file includes tests
    assert [e["unit"] for e in _deps(go, "svc/internal/store/store_test.go")["imports"]] == ["example.com/svc/internal/testutil"]


def test_manifests_of_composer_gemfile_csproj_pom_and_gradle_are_read(tmp_path: Path):
    from contexteer.indexers.manifests import read_manifests

    (tmp_path / "build.gradle.kts").write_text('dependencies {\n    implementation("com.squareup.okio:okio:3.9.0")\n'
                                               '    testImplementation("junit:junit:4.13.2")\n}\n')
    got = read_manifests(lambda rel: (DEPS / rel).read_text(encoding="utf-8"),
                         ["php/composer.json", "rubygem/Gemfile", "rubygem/mygem.gemspec", "csharp/Acme.csproj", "javaweb/pom.xml"]
                         ) + read_manifests(lambda rel: (tmp_path / rel).read_text(encoding="utf-8"), ["build.gradle.kts"])
    assert {(d.name, d.version, d.group) for d in got} == {
        ("monolog/monolog", "^3.5", "main"), ("rack", "~> 3.0", "main"), ("activesupport", ">= 7.0", "main"),
        ("minitest", "~> 5.0", "dev"), ("Newtonsoft.Json", "13.0.3", "main"),
        ("org.apache.commons:commons-lang3", "3.14.0", "main"), ("junit:junit", "4.13.2", "test"),
        ("com.squareup.okio:okio", "3.9.0", "main"),
    }


def test_each_name_of_a_rust_use_tree_maps_to_its_own_module():
    from contexteer.indexers.deps import Resolver, imported_names
    from tests.navigation.test_dependencies import Imp

    files = ["Cargo.toml", "src/lib.rs", "src/a.rs", "src/c.rs", "src/top.rs"]
    r = Resolver(files, lambda p: '[package]\nname = "x"\n' if p == "Cargo.toml" else "")
    got = imported_names(r, [Imp("src/top.rs", "crate::{a::B,c::{D,E}}", ("B", "D", "E"))])
    assert (got["B"], got["D"], got["E"]) == (["src/a.rs"], ["src/c.rs"], ["src/c.rs"])


def test_rust_2015_paths_start_at_the_crate_root(tmp_path: Path):
    root = tmp_path / "oldcrate"
    files = {
        "Cargo.toml": '[package]\nname = "oldcrate"\nversion = "0.1.0"\n\n[dependencies.serde]\nversion = "1.0"\n',
        "src/lib.rs": "extern crate serde;\nmod kv;\nmod ser;\npub static NAMES: [&str; 1] = [\"a\"];\n"
                      "pub enum Level { A }\n",
        "src/kv/mod.rs": "mod value;\npub use self::value::Value;\npub struct Key;\n",
        "src/kv/value.rs": "use std::fmt;\nuse kv::Key;\npub struct Value;\n",
        "src/ser.rs": "use serde::ser::Serialize;\nuse {Level, NAMES};\nuse kv::{Key, Value};\n",
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    served = Served(root)
    ser = _deps(served, "src/ser.rs")
    assert sorted(e["target"] for e in ser["imports"]) == ["src/kv/mod.rs", "src/lib.rs"], ser["text"]
    assert _external(ser) == {"serde": (False, "1.0")}
    value = _deps(served, "src/kv/value.rs")
    assert [e["target"] for e in value["imports"]] == ["src/kv/mod.rs"] and _external(value) == {"std": (True, None)}
    # the same paths in a 2018 crate are not the crate root's
    (root / "Cargo.toml").write_text(files["Cargo.toml"].replace('version = "0.1.0"\n', 'version = "0.1.0"\nedition = "2018"\n', 1))
    again = _deps(Served(root), "src/ser.rs")
    assert "src/lib.rs" not in [e["target"] for e in again["imports"]], again["text"]


def test_a_package_no_manifest_declares_is_called_undeclared_only_when_a_manifest_was_read(tmp_path: Path):
    from tests.navigation.conftest import served_tree
    s = served_tree(tmp_path, {"pyproject.toml": '[project]\nname = "app"\ndependencies = ["httpx>=0.27"]\n',
                               "app/main.py": "import httpx\nimport requests\n"})
    text = s.call("list_dependencies", path="app/main.py").text
    assert "requests (undeclared)" in text and "httpx >=0.27" in text, text
