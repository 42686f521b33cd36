"""A Rust type implementing a trait and a subtrait of it is listed once, under the trait; the subtrait's row names it,
or the subtrait's branch read as all its implementers (petgraph run 396: NodeCompactIndexable's hand-written impls
were missing from a "complete" implementations answer of NodeIndexable)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

LIB = ("pub trait Indexable {\n    fn bound(&self) -> usize;\n}\n\n"
       "pub trait Compact: Indexable {}\n\n"
       "pub struct Graph;\n\nimpl Indexable for Graph {\n    fn bound(&self) -> usize { 0 }\n}\n\n"
       "impl Compact for Graph {}\n\n"
       "pub struct Map;\n\nimpl Indexable for Map {\n    fn bound(&self) -> usize { 1 }\n}\n")


def test_the_subtrait_row_names_the_implementers_listed_above(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": LIB})
    a = served.call("find_related", symbol="Indexable", relation="implementations", depth=3)
    assert not a.is_error, a.text
    row = next((ln for ln in a.text.splitlines() if "trait Compact" in ln), "")
    assert "also implemented by Graph (rows above)" in row and "Map" not in row, a.text
