"""A `macro_rules!` name is scoped to its file's text: an invocation in a file that defines its own macro of that
name is that macro's, not another file's (serde run 394: ser/impls.rs's six `seq_impl!(..)` were listed as
callers of de/impls.rs's seq_impl)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": "mod de;\nmod ser;\n",
    "src/de.rs": ("macro_rules! seq_impl {\n    ($ty:ident) => {\n        pub struct $ty;\n    };\n}\n\n"
                  "seq_impl!(A);\nseq_impl!(B);\n"),
    "src/ser.rs": ("macro_rules! seq_impl {\n    ($ty:ident) => {\n        pub struct $ty;\n    };\n}\n\n"
                   "seq_impl!(C);\n"),
}


def test_invocations_of_a_files_own_macro_are_not_another_files_callers(tmp_path):
    a = served_tree(tmp_path / "r", TREE).call("find_related", symbol="seq_impl", relation="callers", path="src/de.rs")
    assert not a.is_error, a.text
    assert a.data["items"] and all(i["path"] == "src/de.rs" for i in a.data["items"]), a.text
    assert "another macro of that name, their own file's (src/ser.rs:7" in a.text, a.text
