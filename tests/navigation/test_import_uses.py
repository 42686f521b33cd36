"""list_dependencies(view="uses"): one file's imports with the names its code uses from each. Every A/B question set
asked it ("which imported names does the file use, on which lines, and where is each defined") and the contexteer
agents spent 4-6 calls on it (the imports, a whole-file read, a search per name)."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

TREE = {
    "go.mod": "module example.com/shop\n\ngo 1.20\n",
    "store/store.go": ("package store\n\ntype Store struct{}\n\nfunc Open(dsn string) *Store { return &Store{} }\n\n"
                       "func helper() {}\n"),
    "cmd/main.go": ("package main\n\nimport (\n\t\"fmt\"\n\tst \"example.com/shop/store\"\n\t\"os\"\n)\n\n"
                    "// st.Open is mentioned in a comment only here\n"
                    "func main() {\n\ts := st.Open(os.Getenv(\"DSN\"))\n\tfmt.Println(s, \"st.Store\")\n"
                    "\tvar x *st.Store = s\n\t_ = x\n}\n"),
    "app/__init__.py": "",
    "app/models.py": "class User:\n    pass\n\n\nclass Order:\n    pass\n\n\nDEFAULT = 3\n",
    "app/service.py": ("from __future__ import annotations\n\nimport os.path\nimport json as j\n"
                       "from .models import User, Order as O, DEFAULT\n\n\n"
                       "def load(p):\n    # User is named in a comment only here\n    data = j.loads(open(p).read())\n"
                       "    return O(), os.path.join(p, 'x'), \"User\"\n"),
    "cmd/report.go": ("package main\n\nimport \"fmt\"\n\nfunc report() {\n"
                      + "".join(f"\tfmt.Errorf(\"e{i}\")\n" for i in range(15)) + "}\n"),
    "web/router.ts": "export interface AnyRouter { x: number }\nexport function createRouter(): AnyRouter { return { x: 1 } }\n",
    "web/index.ts": "export * from './router';\n",
    "web/plugin.ts": ("import { AnyRouter, createRouter as make } from './index';\nimport * as path from 'path';\n\n"
                      "export function plugin(r: AnyRouter) {\n  return path.join(String(make().x), 'a');\n}\n"),
    "src/main/java/org/acme/coll/Base.java": "package org.acme.coll;\n\npublic abstract class Base {}\n",
    "src/main/java/org/acme/coll/Pred.java": "package org.acme.coll;\n\npublic interface Pred {}\n",
    "src/main/java/org/acme/coll/Impl.java": ("package org.acme.coll;\n\nimport java.util.List;\nimport java.util.Map;\n\n"
                                              "public class Impl extends Base {\n    List<String> xs;\n}\n"),
}


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("uses") / "shop", TREE)


def _rows(a) -> dict[int, dict[str, dict]]:
    return {u["line"]: {n["name"]: n for n in u["names"]} for u in a.data["uses"]}


def test_go_package_members_read_through_the_qualifier_with_their_definitions(shop: Served):
    a = shop.call("list_dependencies", path="cmd/main.go", view="uses")
    assert not a.is_error, a.text
    rows = _rows(a)
    assert rows[5]["st.Open"]["lines"] == [11], a.text  # not the comment on line 9, not the string on 12
    assert rows[5]["st.Open"]["defined"] == "store/store.go:5", a.text
    assert rows[5]["st.Store"]["lines"] == [13], a.text
    assert "st.helper" not in rows[5], a.text
    assert rows[4]["fmt.Println"]["lines"] == [12] and rows[6]["os.Getenv"]["lines"] == [11], a.text
    assert "st.Open (store.go:5) at 11" in a.text, a.text  # the row names store/: the definition is written from there


def test_python_names_aliases_modules_and_unused_names(shop: Served):
    a = shop.call("list_dependencies", path="app/service.py", view="uses")
    assert not a.is_error, a.text
    rows = _rows(a)
    assert rows[5]["Order as O"]["lines"] == [11] and rows[5]["Order as O"]["defined"] == "app/models.py:5", a.text  # Order as O
    assert rows[5]["User"]["lines"] == [] and rows[5]["DEFAULT"]["lines"] == [], a.text  # comment and string only
    assert "not used: User (named only in comments or strings at 9,11), DEFAULT" in a.text, a.text
    assert rows[4]["j.loads"]["lines"] == [10], a.text  # import json as j
    assert rows[3]["os.path.join"]["lines"] == [11], a.text  # import os.path
    assert "1 __future__ (standard library): a compiler directive" in a.text, a.text


def test_typescript_names_through_a_barrel_and_a_namespace_import(shop: Served):
    a = shop.call("list_dependencies", path="web/plugin.ts", view="uses")
    assert not a.is_error, a.text
    rows = _rows(a)
    assert rows[1]["AnyRouter"]["defined"] == "web/router.ts:1", a.text  # re-exported by web/index.ts
    assert rows[1]["createRouter as make"]["lines"] == [5] and rows[1]["createRouter as make"]["defined"] == "web/router.ts:2", a.text
    assert rows[2]["path.join"]["lines"] == [5], a.text


def test_java_imports_and_classes_of_the_same_package_used_without_one(shop: Served):
    a = shop.call("list_dependencies", path="src/main/java/org/acme/coll/Impl.java", view="uses")
    assert not a.is_error, a.text
    rows = _rows(a)
    assert rows[3]["List"]["lines"] == [7] and rows[4]["Map"]["lines"] == [], a.text
    assert rows[0]["Base"]["defined"] == "src/main/java/org/acme/coll/Base.java:3", a.text
    assert "Pred" not in rows[0], a.text  # same package, never written here
    assert "same package, no import (src/main/java/org/acme/coll/): Base (Base.java:3) at 6" in a.text, a.text


def test_a_directory_is_refused_with_what_to_do(shop: Served):
    a = shop.call("list_dependencies", path="app", view="uses")
    assert a.is_error and "directory" in a.text and "view='package'" in a.text, a.text


def test_a_name_used_fifteen_times_lists_every_line(shop: Served):
    # client_golang's `fmt.Errorf` at 13 lines was cut after the 12th ("+1 more"): the agent searched for the rest
    a = shop.call("list_dependencies", path="cmd/report.go", view="uses")
    assert not a.is_error, a.text
    assert "fmt.Errorf at " + ",".join(str(n) for n in range(6, 21)) + "\n" in a.text + "\n", a.text
    assert "more" not in a.text


def test_an_overloaded_cpp_function_names_every_overload_line(tmp_path_factory: pytest.TempPathFactory):
    # spdlog A/B run 178: `throw_spdlog_ex (common.h:287)` for a call of the overload at 288
    served = served_tree(tmp_path_factory.mktemp("cpp") / "r", {
        "inc/common.h": ("#pragma once\n#include <string>\n\nvoid throw_ex(const std::string &msg, int err);\n"
                         "void throw_ex(std::string msg);\nint helper(int x);\n"),
        "src/reg.cpp": '#include "../inc/common.h"\n\nvoid f() {\n    throw_ex("boom");\n    helper(1);\n}\n',
    })
    a = served.call("list_dependencies", path="src/reg.cpp", view="uses")
    assert not a.is_error, a.text
    assert "throw_ex (common.h:4,5) at 4" in a.text, a.text
    assert "helper (common.h:6) at 5" in a.text, a.text
    # C has no overloads: a prototype and its definition in one header are one function (the review's clamp)
    c = served_tree(tmp_path_factory.mktemp("c") / "r", {
        "inc/util.h": "#pragma once\n\nstatic inline int clamp(int v);\n\nstatic inline int clamp(int v) { return v; }\n",
        "src/main.c": '#include "../inc/util.h"\n\nint f(void) {\n    return clamp(3);\n}\n',
    }).call("list_dependencies", path="src/main.c", view="uses")
    assert "clamp (util.h:3) at 4" in c.text or "clamp (util.h:5) at 4" in c.text, c.text


def test_a_class_s_static_members_the_file_writes_are_listed_with_their_definitions(tmp_path_factory: pytest.TempPathFactory):
    # Monolog A/B run 186: `Utils (Utils.php:14) at 224,254` said nothing of which of its methods the file calls
    served = served_tree(tmp_path_factory.mktemp("php") / "r", {
        "src/Utils.php": ("<?php\nnamespace Monolog;\n\nfinal class Utils\n{\n    public const DEFAULT = 1;\n\n"
                          "    public static function substr(string $s): string { return $s; }\n\n"
                          "    public static function other(): int { return 1; }\n}\n"),
        "src/Handler/H.php": ("<?php\nnamespace Monolog\\Handler;\n\nuse Monolog\\Utils;\n\nclass H\n{\n"
                              "    public function f(): string\n    {\n        $x = Utils::DEFAULT;\n"
                              "        return Utils::substr('a') . Utils::nope();\n    }\n}\n"),
        "src/main/java/org/acme/Logger.java": ("package org.acme;\n\npublic class Logger {\n"
                                               "    public static void warn(String m) {}\n    public static void warn(String t, String m) {}\n}\n"),
        "src/main/java/org/acme/Handler.java": ("package org.acme;\n\nimport java.util.List;\n\npublic class Handler {\n"
                                                "    void f(List<String> xs) {\n        Logger.warn(\"x\");\n    }\n}\n"),
    })
    a = served.call("list_dependencies", path="src/Handler/H.php", view="uses")
    assert not a.is_error, a.text
    assert "Utils (Utils.php:4) at 10,11; Utils::DEFAULT (Utils.php:6) at 10; Utils::substr (Utils.php:8) at 11" in a.text, a.text
    assert "nope" not in a.text  # a member the class does not define is no row
    j = served.call("list_dependencies", path="src/main/java/org/acme/Handler.java", view="uses")
    assert "Logger (Logger.java:3) at 7; Logger.warn (Logger.java:4,5) at 7" in j.text, j.text  # both overloads' lines


def test_a_zig_import_lists_the_members_read_through_it_and_the_file_s_aliases(tmp_path_factory: pytest.TempPathFactory):
    # Zig A/B run 185: zip.zig's `std` row was 43 bare line numbers; its aliases (`const File = std.Io.File;`, one of
    # them unused) took a search each
    served = served_tree(tmp_path_factory.mktemp("zig") / "r", {
        "std.zig": "pub const mem = @import(\"mem.zig\");\npub const Io = @import(\"Io.zig\");\n",
        "mem.zig": "pub fn eql(a: u8, b: u8) bool {\n    return a == b;\n}\n",
        "Io.zig": "pub const File = struct {\n    pub const Reader = u8;\n};\npub const Writer = u8;\n",
        "zip.zig": ("const std = @import(\"std.zig\");\nconst File = std.Io.File;\nconst Writer = std.Io.Writer;\n\n"
                    "pub fn f(r: File.Reader) bool {\n    return std.mem.eql(1, 2);\n}\n"),
    })
    a = served.call("list_dependencies", path="zip.zig", view="uses")
    assert not a.is_error, a.text
    assert "std.mem (std.zig:1) at 6" in a.text and "std.Io (std.zig:2) at 2,3" in a.text, a.text
    assert "File = std.Io.File (2) at 5" in a.text, a.text
    assert "not used: Writer = std.Io.Writer (3)" in a.text, a.text


def test_haskell_whole_and_qualified_imports_list_what_the_code_uses(tmp_path_factory: pytest.TempPathFactory):
    # Pandoc A/B run 199: nine of OPML.hs's fourteen imports read "no name of it used in code" (whole modules and
    # `import qualified Data.Text as T`)
    served = served_tree(tmp_path_factory.mktemp("hs") / "r", {
        "src/Config.hs": ("module Config where\n\ndata Opts = Opts { optWidth :: Int }\n\nhelper :: Int -> Int\n"
                        "helper x = x + 1\n\ninstance Show Opts where\n  show _ = \"opts\"\n"),
        "src/Main.hs": ("module Main where\n\nimport qualified Data.Text as T\nimport Data.Time\nimport Config\n\n"
                        "run :: Opts -> T.Text\nrun o = T.pack (show (helper (optWidth o)))  -- T.strip here is a comment\n"),
    })
    a = served.call("list_dependencies", path="src/Main.hs", view="uses")
    assert not a.is_error, a.text
    rows = {ln.split(":", 1)[0].strip(): ln for ln in a.text.splitlines()[1:]}
    assert "T.Text at 7; T.pack at 8" in rows["3 Data.Text (external)"], a.text
    assert "strip" not in a.text, a.text  # (a comment's text)
    assert "from outside the repository" in rows["4 Data.Time (external)"], a.text
    opts = next(ln for ln in a.text.splitlines() if ln.lstrip().startswith("5 Config"))
    assert "Opts (Config.hs:3) at 7" in opts and "optWidth" in opts and "helper (Config.hs:5) at 8" in opts, a.text
    assert "show" not in opts, a.text  # an instance's method is no name the module brings


def test_a_c_function_a_header_only_declares_names_its_body_in_the_source_file(tmp_path_factory: pytest.TempPathFactory):
    # ext4 run 265: `ext4_force_commit (ext4_jbd2.h:452) at 121` named the prototype; the agent searched for the
    # body in super.c
    served = served_tree(tmp_path_factory.mktemp("c") / "r", {
        "jbd2.h": "#pragma once\n\nint force_commit(struct super_block *sb);\nstatic inline int inl(int v) { return v; }\n",
        "super.c": '#include "jbd2.h"\n\nint force_commit(struct super_block *sb)\n{\n\treturn 0;\n}\n',
        "fsync.c": '#include "jbd2.h"\n\nint sync_file(void)\n{\n\treturn force_commit(0) + inl(1);\n}\n',
    })
    a = served.call("list_dependencies", path="fsync.c", view="uses")
    assert "force_commit (jbd2.h:3, body super.c:3-6) at 5" in a.text, a.text
    assert "inl (jbd2.h:4) at 5" in a.text, a.text  # a header's own inline function has its body there


def test_a_future_import_says_which_feature_and_an_alias_nothing_reads(tmp_path):
    # pydantic run 283: `from __future__ import annotations as _annotations` read "a compiler directive", and the
    # agent read the file to learn the alias was never used
    from tests.navigation.conftest import served_tree

    src = "from __future__ import annotations as _annotations\nfrom __future__ import division\n\n\ndef f(x: int) -> int:\n    return x\n"
    a = served_tree(tmp_path, {"m.py": src}).call("list_dependencies", path="m.py", view="uses")
    assert "1 __future__ (standard library): a compiler directive: annotations (bound as _annotations, never used)" in a.text, a.text
    assert "2 __future__ (standard library): a compiler directive: division" in a.text, a.text


def test_a_java_static_call_with_explicit_type_arguments_is_a_member_use(tmp_path):
    # Commons Collections run 282: `NotNullPredicate.<E>notNullPredicate()` was left out of the uses view's import row
    from tests.navigation.conftest import served_tree

    files = {
        "src/p/f/NotNull.java": "package p.f;\n\npublic class NotNull<T> {\n    public static <T> NotNull<T> notNull() {\n"
                                "        return new NotNull<T>();\n    }\n}\n",
        "src/p/c/Coll.java": "package p.c;\n\nimport p.f.NotNull;\n\npublic class Coll<E> {\n    Object make() {\n"
                             "        return NotNull.<E>notNull();\n    }\n}\n",
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="src/p/c/Coll.java", view="uses")
    assert "NotNull.notNull (NotNull.java:4) at 7" in a.text, a.text


def test_a_go_package_function_is_the_definition_of_pkg_name_never_a_method_of_that_name(tmp_path):
    # testify run 296: mock.go's `assert.Equal(..)` was defined at assertion_forward.go's (*Assertions).Equal
    from tests.navigation.conftest import served_tree

    files = {
        "go.mod": "module example.com/m\n",
        "assert/a_forward.go": "package assert\n\nfunc (a *Assertions) Equal() bool { return Equal() }\n",
        "assert/types.go": "package assert\n\ntype Assertions struct{}\n",
        "assert/b.go": "package assert\n\nfunc Equal() bool { return true }\n",
        "mock/mock.go": "package mock\n\nimport \"example.com/m/assert\"\n\nfunc Check() bool {\n\treturn assert.Equal()\n}\n",
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="mock/mock.go", view="uses")
    assert "assert.Equal (b.go:3) at 6" in a.text, a.text


def test_a_future_import_over_several_lines_with_a_comment_names_every_feature(tmp_path):
    # review of 5c26d20: `# py2` inside the parentheses had cut the list after its first name
    from tests.navigation.conftest import served_tree

    src = "from __future__ import (\n    absolute_import,  # py2\n    division,\n    print_function,\n)\n\nx = 1\n"
    a = served_tree(tmp_path, {"m.py": src}).call("list_dependencies", path="m.py", view="uses")
    assert "a compiler directive: absolute_import, division, print_function" in a.text, a.text


def test_a_python_package_passing_on_a_name_says_its_line(tmp_path):
    # Django run 356: `from django.db import DEFAULT_DB_ALIAS` named db/utils.py:13 without db/__init__.py's line
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "d", {
        "proj/db/__init__.py": "from proj.db.utils import (\n    DEFAULT_DB_ALIAS,\n    DatabaseError,\n)\n",
        "proj/db/utils.py": "DEFAULT_DB_ALIAS = 'default'\n\n\nclass DatabaseError(Exception):\n    pass\n",
        "proj/q.py": "from proj.db import DEFAULT_DB_ALIAS, DatabaseError\n\n\ndef f():\n"
                     "    if DEFAULT_DB_ALIAS:\n        raise DatabaseError()\n",
    })
    a = served.call("list_dependencies", path="proj/q.py", view="uses")
    assert not a.is_error, a.text
    assert "DEFAULT_DB_ALIAS (proj/db/utils.py:1, re-exported at line 2) at 5" in a.text \
        or "DEFAULT_DB_ALIAS (utils.py:1, re-exported at line 2) at 5" in a.text, a.text
    assert "re-exported at line 3) at 6" in a.text, a.text
