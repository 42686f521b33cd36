"""A Rust call on a value of the language's own types (`matches: &mut [bool]`, a `Vec`) is no method of the
repository's namesake: regex run 388 found `matches.len()` listed as SparseSet::len among pikevm's exec_ callees."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": ("mod sparse;\nuse sparse::SparseSet;\n\npub struct Threads {\n    set: SparseSet,\n}\n\n"
                   "pub struct Program {\n    matches: Vec<usize>,\n}\n\npub struct Fsm<'r> {\n    prog: &'r Program,\n}\n\n"
                   "impl<'r> Fsm<'r> {\n    fn exec_(\n        &mut self,\n        clist: &mut Threads,\n"
                   "        matches: &mut [bool],\n    ) -> bool {\n        if matches.len() > 1 {\n            return true;\n"
                   "        }\n        for i in 0..clist.set.len() {\n            let _ = i;\n        }\n"
                   "        self.prog.matches.len() == 0\n    }\n}\n\n"
                   # (an impl for Vec in the repository defines no Vec: regex run 405, re_bytes.rs's Replacer impls)
                   "pub trait Replacer {}\n\nimpl Replacer for Vec<u8> {}\n"),
    "src/sparse.rs": ("pub struct SparseSet {\n    dense: Vec<usize>,\n}\n\nimpl SparseSet {\n"
                      "    pub fn len(&self) -> usize {\n        self.dense.len()\n    }\n}\n"),
}


def test_a_slice_parameters_len_is_not_the_repositorys_len(tmp_path):
    a = served_tree(tmp_path / "r", TREE).call("find_related", symbol="Fsm.exec_", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["lines"] for i in a.data["items"]}
    assert rows.get("SparseSet.len") == [25], a.text  # clist.set.len(), not matches.len() at 22 nor the Vec's at 28
