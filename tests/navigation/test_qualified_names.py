"""Qualified names in each language's own form (issue 13 item 4): accepted by every tool that takes a symbol,
shown in answers; PHP and C# namespaces are symbols; Ruby singleton methods and reopened classes."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.conftest import Served


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


POLYGLOT = {
    # Java: the package declaration, not the directory, names the package
    "java/src/main/java/org/example/web/Servlet.java": (
        "package org.example.web;\n\npublic class Servlet {\n    public void doGet() {\n    }\n}\n"),
    "java/src/main/java/org/other/Servlet.java": "package org.other;\n\npublic class Servlet {\n}\n",
    # C#: a block namespace and a file-scoped one
    "cs/Core/Cart.cs": ("namespace Shop.Core\n{\n    public class Cart\n    {\n        public void Add(int x)\n        {\n"
                        "        }\n    }\n}\n"),
    "cs/Other/Cart.cs": "namespace Shop.Other;\n\npublic class Cart\n{\n    public void Add(int x) { }\n}\n",
    # PHP: a namespace statement
    "php/src/Shop/Cart.php": ("<?php\nnamespace App\\Shop;\n\nclass Cart\n{\n    public function add(int $x): void\n    {\n"
                              "    }\n}\n\nfunction helper(int $x): int\n{\n    return $x;\n}\n"),
    "php/src/Legacy/Cart.php": "<?php\nnamespace App\\Legacy;\n\nclass Cart\n{\n    public function add($x) {}\n}\n",
    # Ruby: nested modules, `class A::B`, `def self.x`, `class << self`
    "rb/lib/rack/request.rb": (
        "module Rack\n  class Request\n    def params\n      {}\n    end\n\n    def self.build\n      new\n    end\n\n"
        "    class << self\n      def parse(str)\n        str\n      end\n    end\n\n    def body\n      ''\n    end\n  end\nend\n"),
    "rb/lib/rack/utils/escape.rb": "module Rack\n  class Utils::Escape\n    def run\n    end\n  end\nend\n",
    # Rust: the crate's module tree
    "rs/Cargo.toml": "[package]\nname = \"my-crate\"\nversion = \"0.1.0\"\n",
    "rs/src/lib.rs": "pub mod parser;\n\npub fn version() -> u32 {\n    1\n}\n",
    "rs/src/parser/mod.rs": "pub mod lexer;\n\npub use self::lexer::{Token as Tok, Token};\n",
    "rs/src/parser/lexer.rs": "pub struct Token;\n\nimpl Token {\n    pub fn new() -> Token {\n        Token\n    }\n}\n",
    # Go: the package clause and the import path (a package whose name is not its directory's)
    "go/go.mod": "module example.com/app\n\ngo 1.21\n",
    "go/store/store.go": ("package store\n\ntype Store struct{}\n\nfunc New() *Store {\n\treturn &Store{}\n}\n\n"
                          "func (s *Store) Get(k string) string {\n\treturn k\n}\n"),
    "go/v2/yaml.go": "package yaml\n\nfunc Marshal(v any) []byte {\n\treturn nil\n}\n",
    "go/other/store.go": "package other\n\ntype Store struct{}\n",
}


@pytest.fixture(scope="module")
def poly(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return Served(_write(tmp_path_factory.mktemp("qn") / "poly", POLYGLOT))


def _defs(a) -> list[tuple[str, str]]:
    assert not a.is_error, a.text
    return [(d["path"], d["qualname"]) for d in a.data["definitions"]]


@pytest.mark.parametrize(("query", "expected"), [
    ("org.example.web.Servlet", [("java/src/main/java/org/example/web/Servlet.java", "Servlet")]),
    ("org.example.web.Servlet.doGet", [("java/src/main/java/org/example/web/Servlet.java", "Servlet.doGet")]),
    ("Shop.Core.Cart", [("cs/Core/Cart.cs", "Cart")]),
    ("Shop.Other.Cart.Add", [("cs/Other/Cart.cs", "Cart.Add")]),
    ("App\\Shop\\Cart", [("php/src/Shop/Cart.php", "Cart")]),
    ("\\App\\Shop\\Cart::add", [("php/src/Shop/Cart.php", "Cart.add")]),
    ("App\\Shop\\helper", [("php/src/Shop/Cart.php", "helper")]),
    ("Rack::Request#params", [("rb/lib/rack/request.rb", "Rack.Request.params")]),
    ("Rack::Request.parse", [("rb/lib/rack/request.rb", "Rack.Request.parse")]),
    ("Rack::Utils::Escape", [("rb/lib/rack/utils/escape.rb", "Rack.Escape")]),
    ("crate::parser::lexer::Token", [("rs/src/parser/lexer.rs", "Token")]),
    ("my_crate::parser::lexer::Token::new", [("rs/src/parser/lexer.rs", "Token.new")]),
    ("lexer::Token::new", [("rs/src/parser/lexer.rs", "Token.new")]),
    ("crate::version", [("rs/src/lib.rs", "version")]),
    ("crate::parser::Token", [("rs/src/parser/lexer.rs", "Token")]),  # re-exported by parser/mod.rs
    ("my_crate::parser::Tok", [("rs/src/parser/lexer.rs", "Token")]),
    ("store.Store", [("go/store/store.go", "Store")]),
    ("store.Store.Get", [("go/store/store.go", "Store.Get")]),
    ("example.com/app/store.New", [("go/store/store.go", "New")]),
    ("yaml.Marshal", [("go/v2/yaml.go", "Marshal")]),
])
def test_a_fully_qualified_name_in_the_languages_own_form_finds_exactly_its_definition(poly: Served, query: str,
                                                                                        expected: list[tuple[str, str]]):
    assert _defs(poly.call("search_symbol", query=query)) == expected


def test_a_rust_crate_path_is_anchored_at_the_crate_root(poly: Served):
    a = poly.call("search_symbol", query="crate::lexer::Token")  # Token lives in crate::parser::lexer
    assert _defs(a) == []


def test_answers_show_the_full_name_in_the_languages_form(poly: Served):
    rows = {
        "Servlet": "class org.example.web.Servlet",
        "Shop.Core.Cart.Add": "method Shop.Core.Cart.Add",
        "App\\Shop\\Cart::add": "method App\\Shop\\Cart::add",
        "Rack::Request#params": "method Rack::Request#params",
        "Rack::Request.parse": "method Rack::Request.parse",
        "Rack::Request.build": "method Rack::Request.build",
        "Token::new": "method my_crate::parser::lexer::Token::new",
        "store.Store.Get": "method store.Store.Get",
    }
    for query, row in rows.items():
        a = poly.call("search_symbol", query=query)
        assert row in a.text, (query, a.text)
    a = poly.call("search_symbol", query="Request.parse")
    assert a.data["definitions"][0]["qualified"] == "Rack::Request.parse"


def test_ruby_class_self_methods_are_the_classs_own_not_a_class_named_self(poly: Served):
    a = poly.call("get_structured_index", path="rb/lib/rack/request.rb")
    names = [s["qualname"] for s in a.data["symbols"]]
    assert "Rack.Request.parse" in names and not any(".self" in n for n in names), names


def test_php_and_csharp_namespaces_are_symbols(poly: Served):
    a = poly.call("search_symbol", query="App\\Shop", kind="namespace")
    assert _defs(a) == [("php/src/Shop/Cart.php", "App\\Shop")]
    b = poly.call("search_symbol", query="Shop.Core")
    assert [(d["path"], d["kind"]) for d in b.data["definitions"]] == [("cs/Core/Cart.cs", "namespace")]
    outline = poly.call("get_structured_index", path="cs/Core/Cart.cs")
    kinds = {s["qualname"]: s["kind"] for s in outline.data["symbols"]}
    assert kinds["Shop.Core"] == "namespace" and kinds["Cart.Add"] == "method", "the namespace qualifies nothing stored"


def test_every_tool_that_takes_a_symbol_accepts_a_fully_qualified_name(poly: Served):
    read = poly.call("read_code_range", path="php/src/Shop/Cart.php", symbol="App\\Shop\\Cart::add")
    assert not read.is_error, read.text
    assert "public function add(int $x): void" in read.text and "function helper" not in read.text
    assert "method App\\Shop\\Cart::add" in read.text, "the read names the definition in full"
    read = poly.call("read_code_range", path="rs/src/parser/lexer.rs", symbol="my_crate::parser::lexer::Token::new")
    assert not read.is_error and "pub fn new() -> Token" in read.text, read.text
    read = poly.call("read_code_range", path="rb/lib/rack/request.rb", symbol="Rack::Request.parse")
    assert not read.is_error and "def parse(str)" in read.text and "def params" not in read.text
    rel = poly.call("find_related", symbol="org.example.web.Servlet", relation="supertypes")
    assert not rel.is_error, rel.text
    assert rel.data["location"].startswith("java/src/main/java/org/example/web/Servlet.java")
    assert "org.example.web.Servlet" in rel.text
    rel = poly.call("find_related", symbol="Shop.Other.Cart.Add", relation="callers")
    assert not rel.is_error and rel.data["location"].startswith("cs/Other/Cart.cs"), rel.text
    m = poly.call("get_structured_index", path=".", focus=["Rack::Request"])
    assert not m.is_error and "rb/lib/rack/request.rb" in m.text


def test_a_qualified_name_that_matches_nothing_still_names_the_closest_definitions(poly: Served):
    a = poly.call("search_symbol", query="org.example.web.Servlett")
    assert not a.is_error and a.data["definitions"] == []
    assert "closest names" in a.text and "Servlet" in a.text
    b = poly.call("find_related", symbol="App\\Shop\\Carts", relation="callers")
    assert b.is_error and "closest: " in b.text and "Cart" in b.text
    # the name exists, in other namespaces: those are named in full
    c = poly.call("search_symbol", query="App\\Billing\\Cart")
    assert c.data["definitions"] == [] and "App\\Shop\\Cart" in c.text and "App\\Legacy\\Cart" in c.text, c.text
    d = poly.call("find_related", symbol="App\\Billing\\Cart", relation="callers")
    assert d.is_error and "App\\Shop\\Cart" in d.text, d.text


def test_a_ruby_class_reopened_in_a_test_helper_is_not_chosen_over_its_definition(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "lib/rack/request.rb": ("module Rack\n  class Request\n    def params\n    end\n\n    def body\n    end\n\n"
                                "    def path\n    end\n  end\nend\n"),
        # a test helper (and a file outside test dirs) reopening the class to add one method each
        "test/helper.rb": "class Rack::Request\n  def fake!\n  end\nend\n",
        "lib/rack/a_patch.rb": "module Rack\n  class Request\n    def patched\n    end\n  end\nend\n",
    }))
    a = served.call("search_symbol", query="Request", kind="class")
    assert [d["path"] for d in a.data["definitions"]][0] == "lib/rack/request.rb", a.text
    b = served.call("search_symbol", query="Rack::Request")
    assert [d["path"] for d in b.data["definitions"]][0] == "lib/rack/request.rb", b.text
    rel = served.call("find_related", symbol="Rack::Request", relation="supertypes")
    assert not rel.is_error, rel.text
    assert rel.data["location"].startswith("lib/rack/request.rb")
    assert "also reopened in" in rel.text and "test/helper.rb" in rel.text
