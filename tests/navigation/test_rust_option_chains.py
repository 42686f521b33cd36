"""A Rust chain through a smart pointer and an Option's value is typed step by step (`self.ro.ac.as_ref().unwrap()
.find(..)` with `ro: &'c Arc<ReadOnly>` and `ac: Option<AhoCorasick<u32>>`): regex run 388 found that call among
LiteralSearcher::find's callers "by name only", though it is the aho-corasick crate's find."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIB = ("use std::sync::Arc;\nuse aho_corasick::AhoCorasick;\n\npub struct Searcher;\n\n"  # 1-5
       "impl Searcher {\n    pub fn find(&self, t: &[u8]) -> Option<usize> { None }\n}\n\n"  # 6-9
       "struct ReadOnly {\n    prefixes: Searcher,\n    ac: Option<AhoCorasick<u32>>,\n    own: Option<Box<Searcher>>,\n}\n\n"  # 10-15
       "pub struct Exec<'c> {\n    ro: &'c Arc<ReadOnly>,\n}\n\n"  # 16-19
       "impl<'c> Exec<'c> {\n    fn literals(&self, text: &[u8]) -> Option<usize> {\n"  # 20-21
       "        self.ro.prefixes.find(text);\n"  # 22
       "        self.ro.own.as_ref().unwrap().find(text);\n"  # 23
       "        self.ro\n            .ac\n            .as_ref()\n            .unwrap()\n            .find(text)\n    }\n}\n")  # 24-30


def test_chains_through_arc_and_option_values_are_typed(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": LIB})
    a = served.call("find_related", symbol="Searcher.find", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i for i in a.data["items"]}
    assert set(rows) == {"Exec.literals"} and rows["Exec.literals"]["lines"] == [22, 23], a.text
    assert "name only" not in a.text and "lib.rs:28" in a.text, a.text  # the crate's find: left out, said so
