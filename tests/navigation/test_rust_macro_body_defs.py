"""A `fn name(..)` inside a `macro_rules!` body is a definition the expansion makes, not a call of `name`: petgraph
run 396 read BoundedMeasure's two macro-written `fn overflowing_add(..)` lines among the "other calls" of the
trait method."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIB = ("pub trait Bounded {\n    fn overflowing_add(self, rhs: Self) -> (Self, bool) where Self: Sized;\n}\n\n"  # 1-4
       "macro_rules! impl_bounded {\n    ($t:ty) => {\n        impl Bounded for $t {\n"  # 5-7
       "            fn overflowing_add(self, rhs: Self) -> (Self, bool) {\n"  # 8
       "                self.overflowing_add(rhs)\n            }\n        }\n    };\n}\n\n"  # 9-14
       "impl_bounded!(u8);\n\npub fn sum<K: Bounded>(a: K, b: K) -> K {\n    a.overflowing_add(b).0\n}\n")  # 15-19


def test_a_fn_in_a_macro_body_is_no_call(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": LIB})
    a = served.call("find_related", symbol="Bounded.overflowing_add", relation="callers")
    assert not a.is_error, a.text
    lines = {n for i in a.data["items"] for n in i["lines"]}
    assert 18 in lines and 8 not in lines and "lib.rs:8" not in a.text, a.text
    refs = served.call("search_symbol", query="Bounded.overflowing_add", references=True)
    assert "\n  8:" not in refs.text and "lib.rs:8:" not in refs.text, refs.text
