"""A Rust item whose range starts at an attribute standing above its doc comment (petgraph's floyd_warshall:
`#[allow(..)]`, 70 `///` lines, then `pub fn`) and whose stored signature is cut: the whole header is read from the
source past the attributes and the comments. Before, the row's signature was the doc comment."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

DOC = "".join(f"/// line {i} of the doc, long enough to matter in a header read from the source\n" for i in range(12))
SRC = (
    "use std::collections::HashMap;\n\n"
    "#[allow(clippy::type_complexity,\n        clippy::needless_range_loop)]\n" + DOC
    + "pub fn floyd_warshall<G, F, K>(\n    graph: G,\n    mut edge_cost: F,\n"
    ") -> Result<HashMap<(G::NodeId, G::NodeId), K>, NegativeCycle>\nwhere\n"
    "    G: NodeCompactIndexable + IntoEdgeReferences + IntoNodeIdentifiers,\n    G::NodeId: Eq + Hash,\n"
    "    F: FnMut(G::EdgeRef) -> K,\n    K: BoundedMeasure + Copy,\n{\n    todo!()\n}\n"
)


def test_a_cut_signature_is_read_past_attributes_and_doc_comments(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": SRC})
    r = served.call("search_symbol", query="floyd_warshall")
    row = next(line for line in r.text.splitlines() if "function" in line)
    assert "— pub fn floyd_warshall<G, F, K>( graph: G, mut edge_cost: F, )" in row, row
    assert "K: BoundedMeasure + Copy" in row and "///" not in row and "line 0 of the doc" not in row, row
