"""Two impls of one trait for one generic type with different arguments are both in the answer, one row naming each
(serde run 404: `impl Deserializer for Borrowed<'de, str>` and `.. Borrowed<'de, [u8]>`; the second had been dropped
from a "complete" implementations answer)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIB = ("pub trait Reader {\n    fn read(&self) -> usize;\n}\n\n"
       "pub struct Borrowed<'a, X: ?Sized>(pub &'a X);\n\n"
       "impl<'a> Reader for Borrowed<'a, str> {\n    fn read(&self) -> usize { self.0.len() }\n}\n\n"
       "impl<'a> Reader for Borrowed<'a, [u8]> {\n    fn read(&self) -> usize { self.0.len() }\n}\n")


def test_both_impls_for_one_type_are_named(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": LIB})
    a = served.call("find_related", symbol="Reader", relation="implementations")
    assert not a.is_error, a.text
    rows = [ln for ln in a.text.splitlines() if "Borrowed" in ln and "impl at" in ln]
    assert len(rows) == 1, a.text
    assert "line 7 (Borrowed<'a, str>)" in rows[0] and "line 11 (Borrowed<'a, [u8]>)" in rows[0], a.text
