"""What a review of this session's diff found (each a regression the new code had brought or a wrong answer of
the new view): Rust calls through a value whose type is a trait the method's type implements dropped as another
type's; an inner Java class's own method counted as the outer class's caller; `view="uses"` counting member reads,
keys and other scopes, missing string annotations, `use x::{self}`, Go blank and dot imports and TS re-exports;
a digest showing an attribute's second line as a definition's header."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_rust_calls_through_a_trait_typed_parameter_reach_its_implementations(tmp_path):
    files = {
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("pub trait Folder {\n    fn consume(self, x: u32) -> Self;\n}\n\npub struct ListFolder;\n\n"
                       "impl Folder for ListFolder {\n    fn consume(self, x: u32) -> Self { self }\n}\n\n"
                       "pub fn drive<F>(folder: F) -> F\nwhere\n    F: Folder,\n{\n    folder.consume(1)\n}\n"),
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="ListFolder.consume", relation="callers")
    assert not a.is_error, a.text
    rows = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert rows.get(15) == "base type", a.text


def test_an_inner_class_calling_its_own_method_is_no_caller_of_the_outer_one(tmp_path):
    files = {"src/org/a/Map.java": (
        "package org.a;\n\npublic class Map {\n    public void put(Object k) {}\n"
        "    class Inverse {\n        public void put(Object k) {}\n        public void putAll(Object k) {\n"
        "            put(k);\n        }\n    }\n    class View {\n        void add(Object k) {\n            put(k);\n        }\n    }\n}\n")}
    a = served_tree(tmp_path / "j", files).call("find_related", symbol="Map.put", relation="callers")
    assert not a.is_error, a.text
    confident = {ln for i in a.data["items"] for ln in i["lines"] if i["how"] != "name only"}
    assert 13 in confident and 8 not in confident, a.text  # View has no put: the outer's; Inverse has its own


def test_uses_view_counts_only_the_names_themselves_in_their_scope(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/cells.py": "def cell_len(s):\n    return len(s)\n\n\nclass Console:\n    pass\n",
        "pkg/rule.py": ("from typing import TYPE_CHECKING\n\nfrom .cells import cell_len\n\nif TYPE_CHECKING:\n"
                        "    from .cells import Console\n\n\ndef width(text, console: \"Console\"):\n"
                        "    return text.cell_len + 1\n\n\ndef measure(s):\n    import json\n    return cell_len(s)\n\n\n"
                        "def dump(x):\n    return json.dumps(x)\n"),
    }
    a = served_tree(tmp_path / "p", files).call("list_dependencies", path="pkg/rule.py", view="uses")
    assert not a.is_error, a.text
    rows = {u["line"]: {n["name"]: n["lines"] for n in u["names"]} for u in a.data["uses"]}
    assert rows[3]["cell_len"] == [15], a.text  # not `text.cell_len` on line 10
    assert rows[6]["Console"] == [9], a.text  # a string annotation
    assert rows[14] == {}, a.text  # `import json` inside measure: json.dumps in dump is another scope
    assert "14 json (standard library): no name of it used in code" in a.text, a.text


def test_uses_view_go_blank_and_dot_imports_ts_reexports_and_rust_self(tmp_path):
    files = {
        "go.mod": "module example.com/m\n\ngo 1.20\n",
        "main.go": ("package main\n\nimport (\n\t_ \"net/http/pprof\"\n\t. \"strings\"\n)\n\n"
                    "func main() {\n\t_ = ToUpper(\"x\")\n}\n"),
        "web/a.ts": "export const a = 1;\n",
        "web/index.ts": "export { a } from './a';\n",
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("mod other;\nuse std::fmt::{self, Debug};\n\npub struct S;\n\n"
                       "impl Debug for S {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { Ok(()) }\n}\n"),
        "src/other.rs": "pub fn x() {}\n",
    }
    served = served_tree(tmp_path / "m", files)
    go = served.call("list_dependencies", path="main.go", view="uses").text
    assert "imported for its side effects (init) only" in go and "a dot import" in go, go
    ts = served.call("list_dependencies", path="web/index.ts", view="uses").text
    assert "re-exported, not used here" in ts, ts
    rs = served.call("list_dependencies", path="src/lib.rs", view="uses")
    rows = {u["line"]: {n["name"]: n["lines"] for n in u["names"]} for u in rs.data["uses"]}
    assert 1 not in rows, rs.text  # `mod other;` is module structure
    assert rows[2].get("fmt::Formatter") == [7] and rows[2].get("Debug") == [6], rs.text


def test_a_digest_skips_a_multi_line_attribute_to_the_header(tmp_path):
    body = "import pytest\n\n\n" + "".join(
        f"@pytest.mark.parametrize(\n    \"value\",\n    [\n        1,\n        2,\n    ],\n)\ndef test_thing_{k}(value):\n"
        + "".join(f"    assert value * {j} == {j} * value\n" for j in range(14)) + "\n\n" for k in range(14))
    from tests.navigation.conftest import Served

    served_tree(tmp_path / "d", {"t.py": body})  # (whole files pass whole up to 8 x 384 = 3,072 tokens: this one is past)
    a = Served(tmp_path / "d", **{"context_mode_mcp.max_direct_passthrough": 384}).call("read_code_range", path="t.py")
    assert not a.is_error and a.text.startswith(("[digest", "[overview")), a.text[:200]
    assert "def test_thing_3(value):" in a.text and '"value",' not in a.text.split("\n", 3)[1], a.text[:600]
