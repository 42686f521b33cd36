"""What the rayon (Rust) and Commons Collections (Java) A/B runs 69 and 71 stumbled on: a call on a value of a type
parameter went to a namesake (`producer.fold_with` in a function with `P: UnindexedProducer` read as
Producer.fold_with), `.complete()` on what `fold_with` returns was unresolved, `self.par_extend(..)` in another impl
of the same trait was "another type's method", a re-exported function said only "re-exported from elsewhere"; Java
`Outer.this.doPut(...)` in an inner class was dropped from doPut's callers, and `int lengthInBits =
lengthInBits(key)` made the method call a "local"."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

RUST = {
    "Cargo.toml": "[package]\nname = \"ray\"\nversion = \"0.1.0\"\n\n[dependencies]\nray_core = \"1\"\n",
    "src/lib.rs": "pub mod plumbing;\npub mod extend;\n\npub use ray_core::{join, join_context};\n",
    "src/plumbing.rs": (
        "use crate::join_context;\n\n"
        "pub trait Folder<Item> {\n    fn complete(self) -> u32;\n}\n\n"
        "pub trait Producer {\n    fn fold_with<F>(self, folder: F) -> F;\n}\n\n"
        "pub trait UnindexedProducer {\n    fn fold_with<F>(self, folder: F) -> F\n    where\n        F: Folder<u32>;\n}\n\n"
        "pub fn bridge<P, F>(producer: P, folder: F) -> u32\nwhere\n    P: Send + UnindexedProducer,\n    F: Folder<u32>,\n{\n"
        "    join_context(1, 2);\n    producer.fold_with(folder).complete()\n}\n"),
    "src/extend.rs": (
        "pub trait ParallelExtend<T> {\n    fn par_extend(&mut self, items: Vec<T>);\n}\n\n"
        "pub struct List;\n\n"
        "impl ParallelExtend<u32> for List {\n    fn par_extend(&mut self, items: Vec<u32>) {}\n}\n\n"
        "impl<'a> ParallelExtend<&'a u32> for List {\n    fn par_extend(&mut self, items: Vec<&'a u32>) {\n"
        "        self.par_extend(items.into_iter().copied().collect())\n    }\n}\n\n"
        "pub fn execute_into<A>(a: &mut A)\nwhere\n    A: Send + ParallelExtend<u32>,\n{\n    a.par_extend(vec![1]);\n}\n\n"
        "pub struct Other;\n\nimpl Other {\n    fn par_extend(&mut self, items: Vec<u32>) {}\n    fn go(&mut self) {\n"
        "        self.par_extend(vec![]);\n    }\n}\n"),
}

JAVA = {
    "src/main/java/org/acme/trie/Analyzer.java": ("package org.acme.trie;\n\npublic abstract class Analyzer {\n"
                                                   "    public abstract int lengthInBits(Object key);\n}\n"),
    "src/main/java/org/acme/trie/Trie.java": (
        "package org.acme.trie;\n\npublic class Trie {\n"
        "    private Analyzer analyzer;\n"
        "    final int lengthInBits(final Object key) {\n        return analyzer.lengthInBits(key);\n    }\n"
        "    int subtree(final Object key) {\n        final int lengthInBits = lengthInBits(key);\n        return lengthInBits;\n    }\n"
        "    private void doPut(Object k, Object v) {}\n"
        "    public void put(Object k, Object v) {\n        doPut(k, v);\n    }\n"
        "    class Inverse {\n        public void put(Object k, Object v) {\n            Trie.this.doPut(v, k);\n        }\n"
        "        public void putBare(Object k, Object v) {\n            doPut(v, k);\n        }\n    }\n}\n"),
    "src/main/java/org/acme/trie/Elsewhere.java": (
        "package org.acme.trie;\n\npublic class Elsewhere {\n    private void doPut(Object k, Object v) {}\n"
        "    void run() {\n        doPut(1, 2);\n    }\n}\n"),
}


@pytest.fixture(scope="module")
def ray(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("ray") / "ray", RUST)


@pytest.fixture(scope="module")
def trie(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("trie") / "trie", JAVA)


def test_calls_on_a_bounded_type_parameter_resolve_through_the_bound(ray: Served):
    a = ray.call("find_related", symbol="bridge", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"] for i in a.data["items"]}
    assert "UnindexedProducer.fold_with" in rows and "Producer.fold_with" not in rows, a.text
    assert "Folder.complete" in rows, a.text  # on what fold_with returns: F, bounded by Folder
    assert "join_context (re-exported by src/lib.rs:4 from ray_core)" in a.text, a.text


def test_self_calls_in_an_impl_of_the_trait_and_calls_on_a_bounded_parameter_are_callers(ray: Served):
    a = ray.call("find_related", symbol="ParallelExtend.par_extend", relation="callers")
    assert not a.is_error, a.text
    by_line = {ln: i for i in a.data["items"] for ln in i["lines"]}
    assert 13 in by_line and by_line[13]["how"] != "name only", a.text  # self.par_extend in impl ... for List
    assert 21 in by_line and by_line[21]["how"] == "receiver type", a.text  # a: &mut A, A: ParallelExtend<u32>
    assert 29 not in by_line, a.text  # Other's own par_extend, no impl of the trait


def test_java_outer_this_and_bare_calls_in_an_inner_class_are_callers_of_the_outer_method(trie: Served):
    a = trie.call("find_related", symbol="Trie.doPut", relation="callers")
    assert not a.is_error, a.text
    lines = {(i["path"].rsplit("/", 1)[-1], ln) for i in a.data["items"] for ln in i["lines"]}
    assert ("Trie.java", 14) in lines and ("Trie.java", 18) in lines and ("Trie.java", 21) in lines, a.text
    confident = {(i["path"].rsplit("/", 1)[-1], ln) for i in a.data["items"] for ln in i["lines"] if i["how"] != "name only"}
    assert ("Elsewhere.java", 6) not in confident, a.text  # Elsewhere's own doPut


def test_a_java_local_named_like_a_method_does_not_hide_the_call(trie: Served):
    a = trie.call("find_related", symbol="Trie.subtree", relation="callees")
    assert not a.is_error, a.text
    assert [i["qualname"] for i in a.data["items"]] == ["Trie.lengthInBits"], a.text
    assert "locals" not in a.text, a.text


def test_an_anonymous_subclass_with_nested_generics_and_arguments_is_an_implementation(tmp_path):
    files = {
        "src/org/acme/Decorator.java": "package org.acme;\n\npublic abstract class Decorator<I, O> {\n"
                                       "    public Decorator(Object it) {}\n    public abstract O next();\n}\n",
        "src/org/acme/View.java": (
            "package org.acme;\n\nimport java.util.Map;\n\npublic class View {\n    public Object iterator(Map<String, String> parent) {\n"
            "        return new Decorator<Map.Entry<Object, String>, String>(parent.entrySet().iterator()) {\n"
            "            @Override\n            public String next() { return null; }\n        };\n    }\n}\n"),
    }
    a = served_tree(tmp_path / "anon", files).call("find_related", symbol="Decorator", relation="implementations")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["how"]) for i in a.data["items"]] == [("View.iterator", "anonymous class")], a.text


def test_rust_impls_in_a_macro_for_a_reference_and_for_a_primitive(tmp_path):
    """rayon run 69: `impl UnindexedProducer for IterProducer<$t>` inside macro_rules! was missing from an answer
    that said complete; `impl ... for &'a IterParallelProducer` read as an impl for the struct; `impl Fissile for
    &'ch str` was labelled with lib.rs's `mod str;`."""
    files = {
        "Cargo.toml": "[package]\nname = \"ray\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "mod str;\nmod range;\n\npub trait Producer {\n    fn split(self) -> Self;\n}\n",
        "src/range.rs": ("use crate::Producer;\n\npub struct IterProducer<T> {\n    x: T,\n}\n\n"
                         "macro_rules! range_impl {\n    ( $t:ty ) => {\n"
                         "        impl Producer for IterProducer<$t> {\n            fn split(self) -> Self { self }\n        }\n"
                         "    };\n}\n\nrange_impl! {u64}\nrange_impl! {i64}\n"),
        "src/str.rs": ("use crate::Producer;\n\npub struct Bridge;\n\n"
                       "impl<'a> Producer for &'a Bridge {\n    fn split(self) -> Self { self }\n}\n\n"
                       "impl<'ch> Producer for &'ch str {\n    fn split(self) -> Self { self }\n}\n"),
    }
    a = served_tree(tmp_path / "ray", files).call("find_related", symbol="Producer", relation="implementations")
    assert not a.is_error, a.text
    rows = {(i["path"], i["how"]): i for i in a.data["items"]}
    macro = rows[("src/range.rs", "impl in macro")]
    assert "impl Producer for IterProducer<$t>` at line 9 in range_impl! src/range.rs:7-13; invoked at 15 (u64), " \
        "16 (i64)" in macro["detail"], a.text
    assert macro["qualname"] == "IterProducer" and macro["start_line"] == 3, a.text  # the type, not the macro (run 73)
    bridge = [i for i in a.data["items"] if i["qualname"] == "Bridge"]
    assert bridge and "impl at line 5, for &Bridge" in (bridge[0]["detail"] or ""), a.text
    assert "module str" not in a.text and "Producer for &'ch str" in a.text, a.text


def test_a_digest_shows_a_definitions_header_not_its_attribute_line(tmp_path):
    """rayon run 69: a file digest showed `31-38: #[must_use = "..."]` for `pub struct TryFold<I, U, ID, F>`."""
    body = "".join(f"#[must_use = \"iterator adaptors are lazy and do nothing unless consumed\"]\n#[derive(Clone)]\n"
                   f"pub struct Adaptor{k}<I, U, ID, F> {{\n    base: I,\n    identity: ID,\n    fold_op: F,\n"
                   f"    marker: std::marker::PhantomData<U>,\n}}\n\nimpl<I, U, ID, F> Adaptor{k}<I, U, ID, F> {{\n"
                   f"    pub fn new(base: I, identity: ID, fold_op: F) -> Self {{\n"
                   + "".join(f"        let v{j} = {j} * {k} + {j};\n" for j in range(12))
                   + "        Adaptor{k} { base, identity, fold_op, marker: std::marker::PhantomData }\n    }\n}\n\n"
                   for k in range(12))
    a = served_tree(tmp_path / "d", {"Cargo.toml": "[package]\nname = \"d\"\nversion = \"0.1.0\"\n", "src/lib.rs": body}) \
        .call("read_code_range", path="src/lib.rs")
    assert not a.is_error and a.text.startswith("[digest"), a.text[:300]
    assert "pub struct Adaptor3<I, U, ID, F> {" in a.text, a.text


def test_a_java_member_without_a_modifier_is_package_private_not_private(trie: Served):
    """collections run 71: `subtree`, `lengthInBits` (no modifier: visible to the package) were marked "(private)"."""
    a = trie.call("search_symbol", query="Trie.subtree")
    assert "Trie.subtree (package-private)" in a.text, a.text
    assert "Trie.doPut (private)" in trie.call("search_symbol", query="Trie.doPut").text
