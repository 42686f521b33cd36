"""petgraph's traits are written inside `trait_template! { .. }` with the template's own markers (`@section self`),
beside `NodeIndexable!{delegate_impl []}` invocations that are no items; and generic code reaches a trait's method
through one of several bounds (`G: Visitable + NodeIndexable`) or a subtrait's. Before, no trait of src/visit was
indexed at all, and such calls were "another type's"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TEMPLATES = {
    "src/visit/mod.rs": (
        "pub trait GraphBase {\n    type NodeId;\n}\n\n"
        "trait_template! {\n/// Convert to an index.\npub trait NodeIndexable : GraphBase {\n    @section self\n"
        "    fn node_bound(self: &Self) -> usize;\n    fn from_index(self: &Self, i: usize) -> Self::NodeId;\n}\n}\n\n"
        "NodeIndexable!{delegate_impl []}\nNodeIndexable!{delegate_impl [['a, G], G, &'a mut G, deref]}\n\n"
        "trait_template! {\npub trait Visitable : GraphBase {\n    @section type\n    type Map;\n"
        "    @escape [type NodeId]\n    @section self\n    fn visit_map(self: &Self) -> Self::Map;\n}\n}\n\n"
        "trait_template! {\npub trait NodeCompactIndexable : NodeIndexable { }\n}\n"),
    "src/csr.rs": ("pub struct Csr {}\n\nimpl Csr {\n    pub fn from_index(&self, i: usize) -> usize {\n        i\n    }\n}\n\n"
                   "pub fn build(csr: Csr) -> usize {\n    csr.from_index(3)\n}\n"),
    "src/algo.rs": (
        "use crate::visit::{NodeIndexable, NodeCompactIndexable, Visitable};\n\n"
        "pub fn first<G>(graph: G) -> G::NodeId\nwhere\n    G: Visitable + NodeIndexable,\n{\n"
        "    graph.from_index(0)\n}\n\n"
        "pub fn compact<G: Visitable + NodeCompactIndexable>(graph: G) -> G::NodeId {\n    graph.from_index(1)\n}\n\n"
        "trait WithDummy: NodeIndexable {\n    fn try_from_index(&self, i: usize) -> Option<Self::NodeId>;\n}\n\n"
        "impl<G: NodeIndexable> WithDummy for G {\n    fn try_from_index(&self, i: usize) -> Option<Self::NodeId> {\n"
        "        Some(self.from_index(i))\n    }\n}\n"),
}


def test_traits_inside_a_template_macro_are_indexed(tmp_path):
    served = served_tree(tmp_path / "r", TEMPLATES)
    r = served.call("search_symbol", query="NodeIndexable")
    assert "src/visit/mod.rs:7-11" in r.text and "trait" in r.text, r.text
    v = served.call("get_structured_index", path="src/visit/mod.rs")
    for row in ("7-11", "from_index", "Visitable", "visit_map", "NodeCompactIndexable"):
        assert row in v.text, v.text
    i = served.call("find_related", symbol="NodeIndexable", relation="implementations")
    assert "NodeCompactIndexable" in i.text and "WithDummy" in i.text, i.text


def test_a_trait_method_is_reached_through_any_bound_or_a_subtrait(tmp_path):
    served = served_tree(tmp_path / "r", TEMPLATES)
    r = served.call("find_related", symbol="NodeIndexable.from_index", relation="callers")
    rows = {(i["path"], tuple(i["lines"])) for i in r.data["items"]}
    assert rows == {("src/algo.rs", (7,)), ("src/algo.rs", (11,)), ("src/algo.rs", (20,))}, r.text
    assert "csr.from_index(3)" in r.text and "left out" in r.text, r.text  # the inherent namesake, said apart


def test_an_associated_function_through_a_type_parameters_bound(tmp_path):
    # (dfs_visitor's header is cut in the index before its where clause: the bound is read from the source)
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("pub trait ControlFlow {\n    fn continuing() -> Self;\n    fn should_break(&self) -> bool;\n}\n\n"
                       "pub fn visit<G, F, C>(\n    graph: G,\n    visitor: &mut F,\n    discovered: &mut Vec<usize>,\n"
                       "    finished: &mut Vec<usize>,\n    time: &mut Vec<usize>,\n) -> C\nwhere\n"
                       "    G: Copy + std::fmt::Debug,\n    F: FnMut(G) -> C + Clone + Send,\n    C: ControlFlow,\n{\n"
                       "    let c = visitor(graph);\n    if c.should_break() {\n        return c;\n    }\n"
                       "    C::continuing()\n}\n")})
    r = served.call("find_related", symbol="visit", relation="callees")
    assert "ControlFlow.continuing src/lib.rs:2-2 called at 22" in r.text, r.text
