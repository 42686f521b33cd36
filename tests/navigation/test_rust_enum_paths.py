"""A Rust enum's references include the paths that name its variants (`Unsupported::Boolean` as a value or a
pattern): serde run 394 got 2 references for an enum whose 52 variant paths fill its file."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIB = ("pub enum Unsupported {\n    Boolean,\n    Integer,\n}\n\n"  # 1-5
       "pub fn name(u: Unsupported) -> &'static str {\n    match u {\n"  # 6-7
       "        Unsupported::Boolean => \"a boolean\",\n        Unsupported::Integer => \"an integer\",\n    }\n}\n\n"  # 8-12
       "pub fn pick() -> Unsupported {\n    crate::Unsupported::Integer\n}\n")  # 13-15


def test_variant_paths_are_references_of_the_enum(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": LIB})
    a = served.call("search_symbol", query="Unsupported", references=True)
    assert not a.is_error, a.text
    lines = {r["line"] for r in a.data["references"]}
    assert {8, 9, 14} <= lines, a.text
