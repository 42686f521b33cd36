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


def test_a_use_through_a_modules_glob_reexport_is_an_import(tmp_path):
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "pg"\nedition = "2018"\n',
        "src/lib.rs": "pub mod visit;\npub mod algo;\n",
        "src/visit/mod.rs": "mod dfsvisit;\n\npub use self::dfsvisit::*;\n",
        "src/visit/dfsvisit.rs": "pub fn depth_first_search(n: usize) -> usize {\n    n\n}\n",
        "src/algo.rs": ("pub fn is_cyclic(n: usize) -> bool {\n    use crate::visit::{depth_first_search as dfs};\n"
                        "    use crate::visit::depth_first_search;\n    depth_first_search(n) > 0 && dfs(n) > 1\n}\n"),
        "src/other.rs": "pub fn depth_first_search(n: usize) -> usize {\n    n + 1\n}\n"})
    r = served.call("find_related", symbol="depth_first_search", path="src/visit/dfsvisit.rs", relation="callers")
    assert [(i["qualname"], i["lines"], i["how"]) for i in r.data["items"]] == [("is_cyclic", [4], "import")], r.text


def test_a_types_inherent_method_answers_before_its_trait_impls_namesake(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/stable.rs": ("pub struct StableGraph {\n    n: usize,\n}\n\nimpl StableGraph {\n"
                          "    pub fn add_edge(&mut self, a: usize) -> usize {\n        self.n += a;\n        self.n\n    }\n\n"
                          "    pub fn update_edge(&mut self, a: usize) -> usize {\n        self.add_edge(a)\n    }\n}\n"),
        "src/data.rs": ("use crate::stable::StableGraph;\n\npub trait Build {\n    fn add_edge(&mut self, a: usize) -> Option<usize>;\n}\n\n"
                        "impl Build for StableGraph {\n    fn add_edge(&mut self, a: usize) -> Option<usize> {\n"
                        "        Some(self.add_edge(a))\n    }\n}\n")})
    r = served.call("find_related", symbol="StableGraph.add_edge", relation="callers")
    assert r.data["location"].startswith("src/stable.rs:6"), r.text
    assert "'add_edge' also names the trait impl method Build's (src/data.rs:8" in r.text, r.text
    rows = {(i["path"], tuple(i["lines"]), i["how"]) for i in r.data["items"]}
    assert ("src/stable.rs", (12,), "same file") in rows and any(p == "src/data.rs" and n == (9,) and h != "recursive"
                                                                  for p, n, h in rows), r.text


def test_the_uses_view_counts_calls_of_an_imported_traits_methods(tmp_path):
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": '[package]\nname = "pg"\nedition = "2018"\n',
        "src/lib.rs": "pub mod visit;\npub mod adj;\npub mod tred;\n",
        "src/visit.rs": ("pub trait NodeCount {\n    fn node_count(&self) -> usize;\n}\n\n"
                         "pub trait IntoNeighbors {\n    fn neighbors(self, a: usize) -> Vec<usize>;\n}\n\n"
                         "pub trait NodeIndexable {\n    fn node_bound(&self) -> usize;\n}\n\n"
                         "pub trait NodeCompactIndexable : NodeIndexable + NodeCount {}\n\n"
                         "pub trait IndexType {\n    fn new(x: usize) -> Self;\n}\n"),
        "src/adj.rs": ("use crate::visit::{IntoNeighbors, NodeCount};\n\npub struct List {}\n\n"
                       "impl NodeCount for List {\n    fn node_count(&self) -> usize {\n        0\n    }\n}\n\n"
                       "impl<'a> IntoNeighbors for &'a List {\n    fn neighbors(self, a: usize) -> Vec<usize> {\n"
                       "        vec![a]\n    }\n}\n"),
        "src/tred.rs": ("use crate::adj::List;\nuse crate::visit::{IntoNeighbors, NodeCount};\n"
                        "use crate::visit::{IndexType, NodeCompactIndexable};\n\n"
                        "/// Uses IntoNeighbors.\npub fn tred(g: &List) -> usize {\n    let n = g.node_count();\n"
                        "    g.neighbors(n).len()\n}\n\n"
                        "pub fn bound<G: NodeCompactIndexable, Ix: IndexType>(g: G) -> Ix {\n    Ix::new(g.node_bound())\n}\n"),
    })
    r = served.call("list_dependencies", path="src/tred.rs", view="uses")
    assert "NodeCount::node_count() (visit.rs:2) at 7" in r.text and "IntoNeighbors::neighbors() (visit.rs:6) at 8" in r.text, r.text
    # a supertrait's method reached through an imported trait, and a call through a type parameter bounded by one
    assert "NodeIndexable::node_bound() (through NodeCompactIndexable) (visit.rs:10) at 12" in r.text, r.text
    assert "IndexType::new() (visit.rs:16) at 12" in r.text, r.text
    assert "not used" not in r.text, r.text  # IntoNeighbors is needed: its method is called


def test_one_name_in_two_trait_impls_is_two_methods_each_with_its_trait(tmp_path):
    served = served_tree(tmp_path / "r", {"src/stable.rs": (
        "pub struct StableGraph {}\n\npub trait NodeIndexable {\n    fn from_index(&self, i: usize) -> usize;\n}\n\n"
        "pub trait EdgeIndexable {\n    fn from_index(&self, i: usize) -> u32;\n}\n\n"
        "impl NodeIndexable for StableGraph {\n    fn from_index(&self, i: usize) -> usize {\n        i\n    }\n}\n\n"
        "impl EdgeIndexable for StableGraph {\n    fn from_index(&self, i: usize) -> u32 {\n        i as u32\n    }\n}\n")})
    r = served.call("search_symbol", query="StableGraph.from_index")
    assert "overload" not in r.text, r.text
    assert "src/stable.rs:12-14 method crate::stable::StableGraph::from_index — fn from_index(&self, i: usize) -> usize  (impl NodeIndexable)" in r.text, r.text
    assert "src/stable.rs:18-20 method crate::stable::StableGraph::from_index — fn from_index(&self, i: usize) -> u32  (impl EdgeIndexable)" in r.text, r.text


def test_a_rust_call_with_another_argument_count_is_another_functions(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub struct StableGraph {}\n\nimpl StableGraph {\n"
        "    pub fn filter_map<F, G>(&self, node_map: F, edge_map: G) -> usize {\n        0\n    }\n}\n\n"
        "pub fn shrink(g: &StableGraph, v: Vec<usize>) -> usize {\n"
        "    let n: Vec<usize> = v.iter().filter_map(|i| Some(*i)).collect();\n"
        "    let m = v.iter().enumerate().filter_map(|(i, w)| Some(i + w)).count();\n"
        "    g.filter_map(|i, w| Some(w), |i, w| Some(w)) + StableGraph::filter_map(g, 1, 2) + n.len() + m\n}\n\n"
        "pub fn by_type<T: Iterator>() -> usize {\n    T::filter_map(1, 2)\n}\n")})
    r = served.call("find_related", symbol="StableGraph.filter_map", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("shrink", [12])], r.text
    assert "3 other calls named 'filter_map' left out" in r.text, r.text  # `T::filter_map(1, 2)` passes no self


def test_impls_written_by_a_macro_named_like_the_trait_are_listed(tmp_path):
    served = served_tree(tmp_path / "r", TEMPLATES | {
        "src/reversed.rs": ("use crate::visit::NodeIndexable;\n\npub struct Reversed<G>(pub G);\n\n"
                            "NodeIndexable!{delegate_impl [[G], G, Reversed<G>, access0]}\n")})
    r = served.call("find_related", symbol="NodeIndexable", relation="implementations")
    assert ("src/reversed.rs:5-5 NodeIndexable!{delegate_impl [[G], G, Reversed<G>, access0]}  "
            "[an impl the macro writes; its expansion is not read]") in r.text, r.text
    assert "14-14 NodeIndexable!{delegate_impl []}" in r.text and "15-15 NodeIndexable!{delegate_impl" in r.text, r.text


def test_a_macro_invocation_is_no_call_of_a_function_of_its_name(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub struct Options {}\n\nimpl Options {\n    pub fn write(&mut self, w: bool) -> &mut Self {\n        self\n    }\n}\n\n"
        "pub fn fmt(f: &mut std::fmt::Formatter, o: &mut Options) -> std::fmt::Result {\n    o.write(true);\n"
        "    write!(f, \"closed\")\n}\n")})
    r = served.call("find_related", symbol="Options.write", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("fmt", [10])], r.text


INHERENT = {
    "src/graph.rs": ("pub struct Graph {}\n\nimpl Graph {\n    pub fn add_edge(&mut self, a: usize) -> usize {\n        a\n    }\n}\n"),
    "src/data.rs": ("use crate::graph::Graph;\n\npub trait Build {\n    fn add_edge(&mut self, a: usize) -> Option<usize>;\n}\n\n"
                    "impl Build for Graph {\n    fn add_edge(&mut self, a: usize) -> Option<usize> {\n"
                    "        Some(self.add_edge(a))\n    }\n}\n\n"
                    "pub fn build<G: Build>(gr: &mut G) {\n    gr.add_edge(1);\n}\n\n"
                    "pub fn concrete(g: &mut Graph) {\n    g.add_edge(2);\n}\n"),
    "src/matching.rs": ("pub trait Visitable {}\n\npub trait NodeIndexable {\n    fn node_bound(&self) -> usize;\n}\n\n"
                        "trait WithDummy: NodeIndexable {\n    fn dummy_idx(&self) -> usize;\n}\n\n"
                        "impl<G: NodeIndexable> WithDummy for G {\n    fn dummy_idx(&self) -> usize {\n"
                        "        self.node_bound()\n    }\n}\n\n"
                        "pub fn maximum_matching<G>(graph: G) -> usize\nwhere\n    G: Visitable + NodeIndexable,\n{\n"
                        "    graph.dummy_idx()\n}\n"),
}


def test_rust_inherent_methods_win_and_blanket_impls_give_methods(tmp_path):
    served = served_tree(tmp_path / "r", INHERENT)
    t = served.call("find_related", symbol="Build.add_edge", relation="callers")
    rows = {(i["path"], tuple(i["lines"])) for i in t.data["items"]}
    # the generic call is the trait's; `self.add_edge` in the impl and `g.add_edge` on a Graph are Graph's own
    assert rows == {("src/data.rs", (14,))}, t.text
    i = served.call("find_related", symbol="Graph.add_edge", path="src/graph.rs", relation="callers")
    rows = {(r["path"], tuple(r["lines"])) for r in i.data["items"]}
    assert rows == {("src/data.rs", (9,)), ("src/data.rs", (18,))}, i.text
    d = served.call("find_related", symbol="WithDummy.dummy_idx", relation="callers")
    assert [(r["qualname"], r["lines"], r["how"]) for r in d.data["items"]] == [("maximum_matching", [21], "receiver type")], d.text


def test_an_outline_of_some_kinds_keeps_the_blocks_that_hold_them(tmp_path):
    served = served_tree(tmp_path / "r", INHERENT)
    r = served.call("get_structured_index", path="src/data.rs", kinds=["method"])
    lines = r.text.split("\n")
    at = next(n for n, t in enumerate(lines) if "impl Build for Graph" in t)
    assert "fn add_edge(&mut self, a: usize) -> Option<usize>" in lines[at + 1], r.text


def test_rust_implementations_do_not_say_a_subtrait_gives_the_trait(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub trait IntoNeighbors {\n    fn neighbors(self) -> usize;\n}\n\n"
        "pub trait IntoEdges: IntoNeighbors {\n    fn edges(self) -> usize;\n}\n\n"
        "pub struct Graph {}\n\nimpl<'a> IntoNeighbors for &'a Graph {\n    fn neighbors(self) -> usize {\n        0\n    }\n}\n\n"
        "impl<'a> IntoEdges for &'a Graph {\n    fn edges(self) -> usize {\n        0\n    }\n}\n")})
    r = served.call("find_related", symbol="IntoNeighbors", relation="implementations")
    assert "struct Graph" in r.text and "also through" not in r.text, r.text


def test_callees_through_another_bound_and_a_blanket_impl(tmp_path):
    served = served_tree(tmp_path / "r", INHERENT)
    r = served.call("find_related", symbol="maximum_matching", relation="callees")
    assert "WithDummy.dummy_idx src/matching.rs:8-8 called at 21" in r.text, r.text


def test_a_trait_impls_method_shadowed_by_an_inherent_one_is_reached_through_the_trait_only(tmp_path):
    served = served_tree(tmp_path / "r", INHERENT)
    r = served.call("find_related", symbol="Graph.add_edge", path="src/data.rs:8", relation="callers")
    # `Some(self.add_edge(a))` inside it and `g.add_edge(2)` on a Graph are the inherent method's; no recursion
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("build", [14])], r.text
    assert "recursive" not in r.text, r.text


def test_reading_a_rust_method_by_name_gives_the_inherent_one_first(tmp_path):
    served = served_tree(tmp_path / "r", {"src/graph.rs": (
        "pub struct Graph {}\n\nimpl Graph {\n    pub fn neighbors(&self, a: usize) -> usize {\n        a + 1\n    }\n}\n\n"
        "pub trait IntoNeighbors {\n    fn neighbors(self, a: usize) -> usize;\n}\n\n"
        "impl<'a> IntoNeighbors for &'a Graph {\n    fn neighbors(self, a: usize) -> usize {\n"
        "        Graph::neighbors(self, a)\n    }\n}\n")})
    r = served.call("read_code_range", path="src/graph.rs:Graph.neighbors")
    assert "4\t    pub fn neighbors(&self, a: usize) -> usize {" in r.text, r.text
    assert "trait impls' at lines 14-16 (impl IntoNeighbors)" in r.text, r.text


def test_a_rust_local_made_by_self_is_a_value_of_the_impls_type(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub struct StableGraph {}\npub struct Graph {}\n\n"
        "impl StableGraph {\n    pub fn with_capacity(n: usize) -> Self {\n        StableGraph {}\n    }\n"
        "    pub fn extend_with_edges(&mut self, n: usize) {\n    }\n"
        "    pub fn from_edges(n: usize) -> Self {\n        let mut g = Self::with_capacity(0);\n"
        "        g.extend_with_edges(n);\n        g\n    }\n"
        "    pub fn shrink(&self) {\n        let self_ = self.clone();\n        self_.extend_with_edges(1);\n    }\n}\n\n"
        "impl Graph {\n    pub fn with_capacity(n: usize) -> Self {\n        Graph {}\n    }\n"
        "    pub fn extend_with_edges(&mut self, n: usize) {\n    }\n"
        "    pub fn from_edges(n: usize) -> Self {\n        let mut g = Self::with_capacity(0);\n"
        "        g.extend_with_edges(n);\n        g\n    }\n}\n")})
    r = served.call("find_related", symbol="StableGraph.extend_with_edges", relation="callers")
    rows = sorted((i["qualname"], i["lines"][0], i["how"]) for i in r.data["items"])
    assert rows == [("StableGraph.from_edges", 12, "receiver type"), ("StableGraph.shrink", 17, "receiver type")], r.text


def test_a_semantic_read_lists_the_recursive_calls_among_the_callers(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "fn augment(n: usize) -> usize {\n    if n == 0 {\n        return 0;\n    }\n    augment(n - 1) + augment(n - 2)\n}\n\n"
        "pub fn top() -> usize {\n    augment(3)\n}\n")})
    r = served.call("read_code_range", path="src/lib.rs:augment", context="semantic")
    assert "── called by (2, complete) ──" in r.text and "src/lib.rs:5 in augment (1-6)" in r.text, r.text


def test_a_path_call_through_a_std_type_the_repository_implements_a_trait_for(tmp_path):
    # rayon's `impl<T> FromParallelIterator<T> for Vec<T>`: `Vec::from_par_iter(par_iter)` calls it (a std type's
    # name in the path, but the repository's impl); `usize::from_par_iter(..)` would not
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub trait FromParallelIterator<T> {\n    fn from_par_iter(i: T) -> Self;\n}\n\n"
        "impl<T> FromParallelIterator<T> for Vec<T> {\n    fn from_par_iter(i: T) -> Self {\n        Vec::new()\n    }\n}\n\n"
        "pub fn collect_deque<T>(i: T) -> std::collections::VecDeque<T> {\n    Vec::from_par_iter(i).into()\n}\n")})
    r = served.call("find_related", symbol="Vec.from_par_iter", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("collect_deque", [12])], r.text


def test_a_value_of_an_associated_type_has_its_declared_bounds_methods(tmp_path):
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub trait VisitMap<N> {\n    fn visit(&mut self, a: N) -> bool;\n}\n\n"
        "pub trait Visitable {\n    type NodeId;\n    type Map: VisitMap<Self::NodeId>;\n}\n\n"
        "pub fn dfs<G>(u: G::NodeId, discovered: &mut G::Map) -> bool\nwhere\n    G: Visitable,\n{\n"
        "    discovered.visit(u)\n}\n")})
    r = served.call("find_related", symbol="dfs", relation="callees")
    assert "VisitMap.visit src/lib.rs:2-2 called at 14" in r.text, r.text


def test_a_header_read_past_an_attribute_and_a_long_doc_comment(tmp_path):
    # floyd_warshall's range starts at its `#[allow(..)]`, 70 doc lines above the `fn`: its bounds and parameters
    # are read from the `fn` on
    docs = "".join(f"/// line {n} of the doc\n" for n in range(45))
    served = served_tree(tmp_path / "r", {"src/lib.rs": (
        "pub trait ControlFlow {\n    fn continuing() -> Self;\n}\n\n"
        f"#[allow(clippy::type_complexity)]\n{docs}"
        "pub fn walk<C>(n: usize, m: usize) -> C\nwhere\n    C: ControlFlow,\n{\n    C::continuing()\n}\n\n"
        "pub struct Other {}\n\nimpl Other {\n    pub fn walk(&self, n: usize) -> usize {\n        n\n    }\n}\n\n"
        "pub fn run(o: &Other) -> usize {\n    let _c: () = walk(1, 2);\n    o.walk(3)\n}\n")})
    r = served.call("find_related", symbol="walk", path="src/lib.rs:5", relation="callees")
    assert "ControlFlow.continuing" in r.text, r.text
    c = served.call("find_related", symbol="walk", path="src/lib.rs:5", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("run", [67])], c.text
