"""The uses view credits an imported Rust trait with the calls of its methods the file makes, but not `self.m(..)`
inside an inherent `impl T` that defines `m` itself (Rust picks the type's own method first): regex run 388 found
re_unicode.rs's `self.find_at(..)` in `impl Regex` listed as uses of the imported RegularExpression::find_at."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": "mod re_trait;\nmod exec;\npub mod re;\n",
    "src/re_trait.rs": "pub trait Search {\n    fn find_at(&self, at: usize) -> bool;\n}\n",
    "src/exec.rs": ("use crate::re_trait::Search;\n\npub struct Exec;\n\n"
                    "impl Search for Exec {\n    fn find_at(&self, at: usize) -> bool {\n        at == 0\n    }\n}\n"),
    "src/re.rs": ("use crate::exec::Exec;\nuse crate::re_trait::Search;\n\npub struct Regex(Exec);\n\n"
                  "impl Regex {\n    pub fn find(&self) -> bool {\n        self.find_at(0)\n    }\n\n"
                  "    pub fn find_at(&self, at: usize) -> bool {\n        self.0.find_at(at)\n    }\n}\n"),
}


def test_self_calls_of_an_inherent_method_are_not_the_traits(tmp_path):
    a = served_tree(tmp_path / "r", TREE).call("list_dependencies", path="src/re.rs", view="uses")
    assert not a.is_error, a.text
    row = next(ln for ln in a.text.splitlines() if "Search" in ln)
    assert "Search::find_at() (re_trait.rs:2) at 12" in row, a.text  # self.0.find_at(..): the trait's, line 12 only
    assert row.endswith(" at 12"), a.text  # self.find_at(0) at 8 in `impl Regex`: Regex's own find_at
