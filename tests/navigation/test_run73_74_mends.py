"""What A/B runs 73 (rayon) and 74 (Commons Collections) stumbled on: an impl's methods given to another impl's
associated type of the struct's name (a Vec call counted as DrainGuard's), `ChunkProducer::new(..)` read as the
file's own `new`, a range read listing 38 or 107 callers that were other types' methods matched by name, `super.m()`
called recursion, a subclass of a namesake class counted as a caller, a value declared with the method's base
type (`Iterator<Map.Entry<K, V>> iterator`) or named like one of several namesake classes taken for the class."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_CARGO = "[package]\nname = \"r\"\nversion = \"0.1.0\"\n"


def test_an_impl_s_methods_belong_to_the_struct_not_an_associated_type_named_like_it(tmp_path):
    files = {
        "Cargo.toml": _CARGO,
        "src/lib.rs": (
            "pub struct IntoIter<T> {\n    vec: Vec<T>,\n}\n\n"  # 1-3
            "impl<T> IntoIter<T> {\n    fn with_producer(mut self) {\n        self.vec.par_drain(1);\n    }\n}\n\n"  # 5-9
            "pub struct Guard<T> {\n    v: Vec<T>,\n}\n\n"  # 11-13
            "pub trait Drain {\n    type IntoIter;\n    fn par_drain(self, r: u32);\n}\n\n"  # 15-18
            "impl<'a, T> Drain for &'a mut Guard<T> {\n    type IntoIter = u32;\n"  # 20-21
            "    fn par_drain(self, r: u32) {}\n}\n\n"  # 22-23
            "impl<T> Drain for Vec<T> {\n    type IntoIter = u32;\n    fn par_drain(self, r: u32) {}\n}\n\n"  # 25-28
            "pub struct Other {\n    vec: Box<u32>,\n}\n"),  # another field `vec`: its name tells no type
    }
    served = served_tree(tmp_path / "r", files)
    outline = served.call("get_structured_index", path="src/lib.rs")
    assert not outline.is_error, outline.text
    a = served.call("find_related", symbol="Guard.par_drain", relation="callers")
    assert not a.is_error, a.text
    listed = [(i["path"], ln) for i in a.data.get("items", []) for ln in i["lines"]]
    assert ("src/lib.rs", 7) not in listed and "left out" in a.text, a.text  # `self.vec` is a Vec: another type's


def test_a_semantic_read_names_the_path_s_new_and_counts_name_only_callers(tmp_path):
    files = {
        "Cargo.toml": _CARGO,
        "src/lib.rs": "mod chunks;\nmod fold;\n",
        "src/chunks.rs": ("pub(crate) struct ChunkProducer {\n    n: usize,\n}\n\n"
                          "impl ChunkProducer {\n    pub(crate) fn new(n: usize) -> Self {\n        ChunkProducer { n }\n    }\n}\n"),
        "src/fold.rs": (
            "use crate::chunks::ChunkProducer;\n\npub struct FoldChunks {\n    n: usize,\n}\n\n"  # 1-5
            "impl FoldChunks {\n    pub fn new(n: usize) -> Self {\n        FoldChunks { n }\n    }\n\n"  # 7-10
            "    pub fn run(&self) -> usize {\n        let p = ChunkProducer::new(self.n);\n        self.n\n    }\n}\n\n"  # 12-15
            "pub struct Callback;\n\nimpl Callback {\n    pub fn callback(&self, x: usize) -> usize {\n"  # 18-21
            "        let y = x + 1;\n        y\n    }\n}\n\n"  # 22-25
            "pub struct Other;\n\nmod a {\n    pub struct Callback;\n    impl Callback {\n"  # 27-31
            "        pub fn callback(&self, x: usize) -> usize { x }\n    }\n}\n\n"  # 32-34
            "pub trait Caller {\n    fn callback(&self, x: usize) -> usize;\n}\n\n"  # 36-38
            "impl Caller for Callback {\n    fn callback(&self, x: usize) -> usize { x }\n}\n\n"  # 40-42
            "pub fn drive<CB: Caller>(callback: CB) -> usize {\n    callback.callback(1)\n}\n"),  # 44-46
    }
    served = served_tree(tmp_path / "r", files)
    a = served.call("read_code_range", path="src/fold.rs:13", context="semantic")
    assert not a.is_error, a.text
    assert "ChunkProducer.new" in a.text and "FoldChunks.new" not in a.text, a.text
    b = served.call("read_code_range", path="src/fold.rs:22", context="semantic")
    assert not b.is_error, b.text
    # `callback.callback(1)` with `CB: Caller` reaches the trait's method (Callback's `impl Caller`), never the
    # inherent Callback.callback read here: no caller of it (it had been counted as one "not listed")
    assert "src/fold.rs:45" not in b.text and "caller" not in b.text, b.text


_JAVA_BASE = "src/org/a/"


def test_java_super_calls_base_types_and_namesake_classes(tmp_path):
    files = {
        _JAVA_BASE + "Trie.java": (
            "package org.a;\n\nimport java.util.Iterator;\n\npublic class Trie {\n"  # 1-5
            "    abstract class TrieIterator<E> implements Iterator<E> {\n        public void remove() {}\n    }\n"  # 6-8
            "    private final class EntryIterator extends TrieIterator<Object> {\n"  # 9
            "        public void remove() {\n            super.remove();\n        }\n    }\n}\n"),  # 10-14
        _JAVA_BASE + "Flat.java": (
            "package org.a;\n\nimport java.util.Iterator;\n\npublic class Flat {\n"  # 1-5
            "    abstract static class EntryIterator implements Iterator<Object> {\n        public void remove() {}\n    }\n"  # 6-8
            "    static class KeySetIterator extends EntryIterator {\n"  # 9
            "        public void remove() {\n            super.remove();\n        }\n    }\n}\n"),  # 10-14
        _JAVA_BASE + "Bag.java": (
            "package org.a;\n\nimport java.util.Iterator;\nimport java.util.Map;\n\npublic class Bag {\n"  # 1-6
            "    private Iterator<Map.Entry<String, Integer>> entryIterator;\n"  # 7
            "    public void drop() {\n        entryIterator.remove();\n    }\n}\n"),  # 8-10
    }
    a = served_tree(tmp_path / "j", files).call("find_related", symbol="Trie.EntryIterator.remove", relation="callers")
    assert not a.is_error, a.text
    how = {(i["path"], ln): i["how"] for i in a.data.get("items", []) for ln in i["lines"]}
    assert how.get((_JAVA_BASE + "Flat.java", 11)) in (None, "name only"), a.text  # Flat's KeySetIterator: another class
    assert how.get((_JAVA_BASE + "Bag.java", 9)) == "base type", a.text  # any Iterator's remove may be this one
    assert "recursive" not in a.text, a.text  # super.remove() runs TrieIterator's


def test_uses_view_does_not_count_an_associated_type_named_like_an_imported_trait(tmp_path):
    files = {
        "Cargo.toml": _CARGO,
        "src/lib.rs": "pub mod plumbing;\npub mod consumer;\n",
        "src/plumbing.rs": "pub trait Folder {\n    fn full(&self) -> bool;\n}\n\npub trait Consumer {\n    type Folder;\n}\n",
        "src/consumer.rs": (
            "use crate::plumbing::{Consumer, Folder};\n\npub struct C;\npub struct F;\n\n"  # 1-4
            "impl Consumer for C {\n    type Folder = F;\n}\n\n"  # 6-8
            "impl Folder for F {\n    fn full(&self) -> bool { false }\n}\n"),  # 10-12
    }
    a = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/consumer.rs", view="uses")
    assert not a.is_error, a.text
    rows = {n["name"]: n["lines"] for u in a.data["uses"] for n in u["names"]}
    assert rows.get("Folder") == [10], a.text  # not line 7, the associated type's own name


def test_callees_name_a_local_bound_to_the_function_itself_as_recursion(tmp_path):
    files = {
        "Cargo.toml": _CARGO,
        "src/lib.rs": ("pub fn bridge(x: u32) -> u32 {\n    x\n}\n\n"
                       "pub fn bridge_unindexed(x: u32) -> u32 {\n    let bridge = bridge_unindexed;\n"
                       "    if x == 0 {\n        return 0;\n    }\n    bridge(x - 1)\n}\n"),
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="bridge_unindexed", relation="callees")
    assert not a.is_error, a.text
    rows = {i["name"] if "name" in i else i.get("qualname"): i for i in a.data["items"]}
    assert any(i["how"] == "recursive" and 10 in i["lines"] for i in a.data["items"]), a.text
    assert "through the local bridge" in a.text and "calls its own locals" not in a.text, (rows, a.text)


def test_a_call_on_an_array_element_is_a_member_of_the_element_type(tmp_path):
    files = {
        "src/org/a/Predicate.java": "package org.a;\n\npublic interface Predicate<T> {\n    boolean evaluate(T object);\n}\n",
        "src/org/a/Other.java": "package org.a;\n\npublic class Other {\n    public boolean evaluate(Object o) { return false; }\n}\n",
        "src/org/a/Utils.java": (
            "package org.a;\n\npublic class Utils {\n"
            "    public static <E> int first(final E e, final Predicate<? super E>... predicates) {\n"
            "        for (int i = 0; i < predicates.length; i++) {\n"
            "            if (predicates[i].evaluate(e)) {\n                return i;\n            }\n        }\n"
            "        return -1;\n    }\n}\n"),
    }
    served = served_tree(tmp_path / "j", files)
    a = served.call("find_related", symbol="Utils.first", relation="callees")
    assert not a.is_error, a.text
    assert "Predicate.evaluate" in a.text and "Other.evaluate" not in a.text, a.text
    b = served.call("read_code_range", path="src/org/a/Utils.java:6", context="semantic")
    assert "Predicate.evaluate" in b.text, b.text


def test_a_regex_search_of_some_dozens_of_hit_lines_passes_whole(tmp_path):
    body = "".join(f"    public void method{i}() {{\n        run({i});\n    }}\n" for i in range(40))
    files = {"src/org/a/Big.java": "package org.a;\n\npublic class Big {\n" + body + "}\n"}
    a = served_tree(tmp_path / "j", files).call("search_text", pattern=r"public void method\d+\(\) \{", regex=True)
    assert not a.is_error, a.text
    assert a.meta["tier"] == "passthrough", a.meta
    assert all(f"method{i}()" in a.text for i in range(40)), a.text


def test_a_class_built_in_callees_names_the_constructor_its_arguments_fit(tmp_path):
    files = {"src/org/a/Tree.java": (
        "package org.a;\n\npublic class Tree {\n    static class Node {\n"  # 1-4
        "        Node(Object key) {\n        }\n\n        Node(Object key, Object value) {\n        }\n    }\n\n"  # 5-10
        "    void put(Object k, Object v) {\n        Node n = new Node(k, v);\n    }\n}\n")}  # 12-14
    a = served_tree(tmp_path / "j", files).call("find_related", symbol="Tree.put", relation="callees")
    assert not a.is_error, a.text
    assert "constructor 8-9 (Object key, Object value)" in a.text, a.text


def test_ten_names_asked_at_once_are_all_on_the_first_page(tmp_path):
    methods = "".join(f"    void m{k}(int a) {{}}\n    void m{k}(String a) {{}}\n    void m{k}(long a) {{}}\n" for k in range(10))
    files = {"src/org/a/Many.java": "package org.a;\n\npublic class Many {\n" + methods + "}\n"}
    a = served_tree(tmp_path / "j", files).call("search_symbol", query=", ".join(f"Many.m{k}" for k in range(10)))
    assert not a.is_error, a.text
    assert all(f"Many.m{k}" in a.text for k in range(10)) and "next page" not in a.text, a.text


def test_uses_view_refuses_graph_options_with_what_to_do(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/a.py": "import os\n\nprint(os.sep)\n"}
    served = served_tree(tmp_path / "p", files)
    for extra in ({"format": "mermaid"}, {"direction": "dependents"}, {"depth": 2}):
        a = served.call("list_dependencies", path="pkg/a.py", view="uses", **extra)
        assert a.is_error and "view='uses'" in a.text and "view='package'" in a.text, (extra, a.text)
    ok = served.call("list_dependencies", path="pkg/a.py", view="uses")
    assert not ok.is_error and "os" in ok.text, ok.text
