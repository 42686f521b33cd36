"""What A/B runs 75 (rayon) and 76 (Commons Collections) stumbled on: callees of a whole class read its own methods
as locals and a bare `decorated()` as a subclass's; a constructor's callers included fields and parameters of its
type and other classes' namesakes; `super::DrainGuard::new(..)` with `.par_drain(..)` on the next line was name only;
depth-2 callers through a base type (every `collection.add(x)`) flooded the answer."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_J = "src/org/a/"


def _java(tmp_path):
    files = {
        _J + "Decorator.java": ("package org.a;\n\nimport java.util.Collection;\n\npublic abstract class Decorator {\n"
                                "    protected Collection<Object> decorated() {\n        return null;\n    }\n}\n"),
        _J + "Checked.java": (
            "package org.a;\n\npublic class Checked extends Decorator {\n"  # 1-3
            "    public static Checked checked() {\n        return new Checked();\n    }\n\n"  # 4-7
            "    protected void validate(Object o) {\n    }\n\n"  # 8-10
            "    public boolean add(Object o) {\n        validate(o);\n        return decorated().add(o);\n    }\n\n"  # 11-15
            "    public static class Builder {\n        public void add(Object o) {\n        }\n"  # 16-19
            "        public void addAll(Iterable<Object> xs) {\n            for (Object x : xs) {\n"  # 20-21
            "                add(x);\n            }\n        }\n    }\n}\n"),  # 22-26
        _J + "Bag.java": ("package org.a;\n\npublic class Bag extends Checked {\n"
                          "    protected Collection<Object> decorated() {\n        return null;\n    }\n}\n"),
        _J + "Tree.java": (
            "package org.a;\n\npublic class Tree {\n    static class Node {\n        Node(Object k) {\n        }\n    }\n\n"  # 1-8
            "    private Node root;\n\n    void put(Object k) {\n        root = new Node(k);\n    }\n\n"  # 9-14
            "    void walk(Node n) {\n    }\n}\n"),  # 15-17
        _J + "Bucket.java": ("package org.a;\n\npublic class Bucket {\n    static class Node {\n        Node() {\n        }\n    }\n\n"
                             "    Node make() {\n        return new Node();\n    }\n}\n"),
    }
    return served_tree(tmp_path / "j", files)


def test_callees_of_a_whole_class_name_its_methods_and_the_inherited_ones(tmp_path):
    a = _java(tmp_path).call("find_related", symbol="Checked", relation="callees", path=_J + "Checked.java")
    assert not a.is_error, a.text
    rows = {i["qualname"]: (i["how"], i["lines"]) for i in a.data["items"]}
    assert rows.get("Checked.validate", ("", []))[0] == "same class", a.text
    assert rows.get("Checked.Builder.add", ("", []))[1] == [21], a.text  # Builder's own add, not Checked.add
    assert "Decorator.decorated" in rows and "Bag.decorated" not in rows, a.text  # inherited, not a subclass's
    assert "calls its own locals" not in a.text, a.text


def test_a_constructor_s_callers_are_the_news_of_its_class(tmp_path):
    a = _java(tmp_path).call("find_related", symbol="Tree.Node.Node", relation="callers")
    assert not a.is_error, a.text
    lines = {(i["path"], ln) for i in a.data["items"] for ln in i["lines"]}
    assert lines == {(_J + "Tree.java", 12)}, a.text  # not the field (9), the parameter (15) nor Bucket's Node


def test_rust_callers_through_a_type_built_on_the_line_above(tmp_path):
    files = {
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": (
            "pub mod guard {\n    pub struct Guard(pub u32);\n    impl Guard {\n"  # 1-3
            "        pub fn new(x: u32) -> Self {\n            Guard(x)\n        }\n"  # 4-6
            "        pub fn drain(self) -> u32 {\n            self.0\n        }\n    }\n}\n\n"  # 7-11
            "pub struct Heap(pub u32);\n\nimpl Heap {\n    pub fn drain(self) -> u32 {\n        self.0\n    }\n}\n\n"  # 13-19
            "pub fn take(h: u32) -> u32 {\n    self::guard::Guard::new(h)\n        .drain()\n}\n"),  # 21-24
    }
    served = served_tree(tmp_path / "r", files)
    a = served.call("find_related", symbol="Guard.drain", relation="callers")
    assert not a.is_error, a.text
    how = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert how.get(23) == "receiver type", a.text
    b = served.call("find_related", symbol="Heap.drain", relation="callers")
    assert not any(23 in i["lines"] for i in b.data.get("items", [])), b.text


def test_depth_two_callers_through_a_base_type_are_counted_not_listed(tmp_path):
    files = {
        _J + "Indexed.java": (
            "package org.a;\n\nimport java.util.AbstractCollection;\n\npublic class Indexed extends AbstractCollection<Object> {\n"
            "    public boolean add(Object o) {\n        index(o);\n        return true;\n    }\n"  # 6-9
            "    void index(Object o) {\n    }\n}\n"),  # 10-12
        _J + "Utils.java": (
            "package org.a;\n\nimport java.util.AbstractCollection;\n\npublic class Utils {\n"
            "    static void fill(AbstractCollection<Object> c) {\n        c.add(1);\n    }\n}\n"),
    }
    a = served_tree(tmp_path / "j", files).call("find_related", symbol="Indexed.index", relation="callers", depth=2)
    assert not a.is_error, a.text
    assert not any(i["path"] == _J + "Utils.java" for i in a.data["items"]), a.text
    assert "through a base type" in a.text, a.text


def test_callees_of_a_class_building_itself(tmp_path):
    a = _java(tmp_path).call("find_related", symbol="Checked", relation="callees", path=_J + "Checked.java")
    rows = {i["qualname"]: (i["how"], i["lines"]) for i in a.data["items"]}
    assert rows.get("Checked") == ("same class", [5]), a.text
    assert "unresolved" not in a.text or "Checked," not in a.text.split("unresolved")[1], a.text


def test_kinds_constructor_lists_the_methods_named_like_their_class(tmp_path):
    a = _java(tmp_path).call("get_structured_index", path=_J + "Tree.java", kinds=["constructor"])
    assert not a.is_error, a.text
    assert "Node" in a.text, a.text


def test_rust_impl_for_the_unit_type_is_in_the_outline_and_a_where_brace_is_no_block(tmp_path):
    files = {
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": (
            "pub trait Extend<T> {\n    fn extend(&mut self, x: T);\n}\n\n"  # 1-3
            "impl Extend<()> for () {\n    fn extend(&mut self, _x: ()) {}\n}\n\n"  # 5-7
            "pub fn run<P>(p: P) -> u32\nwhere\n    P: Clone,\n{\n    let a = 1;\n    a + 1\n}\n"),  # 9-15
    }
    served = served_tree(tmp_path / "r", files)
    a = served.call("get_structured_index", path="src/lib.rs")
    assert "impl Extend<()> for ()" in a.text, a.text
    b = served.call("read_code_range", path="src/lib.rs:14", context="semantic")
    assert "inside the block" not in b.text, b.text


def test_test_file_callers_on_one_line_keep_their_name_only_tags(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/a.py": "def helper(x):\n    return x\n",
        "pkg/b.py": "from pkg.a import helper\n\n\ndef use():\n    return helper(1)\n",
        "tests/test_one.py": "from pkg.a import helper\n\n\ndef test_one():\n    assert helper(1) == 1\n",
        # (no import: by name only; a parameter named helper would be the parameter's call, left out)
        "tests/test_two.py": "def test_two():\n    assert helper(2) == 2\n",
    }
    a = served_tree(tmp_path / "p", files).call("find_related", symbol="helper", relation="callers")
    assert not a.is_error, a.text
    line = next(ln for ln in a.text.splitlines() if ln.startswith("in test files"))
    assert "test_two [name only]" in line and "test_one [name only]" not in line, a.text


def test_go_calls_through_an_embedded_struct_named_by_its_type(tmp_path):
    files = {
        "go.mod": "module example.com/m\n\ngo 1.20\n",
        "vec.go": ("package m\n\ntype MetricVec struct {\n\tn int\n}\n\n"
                   "func (m *MetricVec) GetMetricWith(l string) (int, error) {\n\treturn m.n, nil\n}\n"),
        "gauge.go": ("package m\n\ntype GaugeVec struct {\n\t*MetricVec\n}\n\n"
                     "func (v *GaugeVec) GetMetricWith(l string) (int, error) {\n\treturn v.MetricVec.GetMetricWith(l)\n}\n"),
    }
    a = served_tree(tmp_path / "g", files).call("find_related", symbol="GaugeVec.GetMetricWith", relation="callees")
    assert not a.is_error, a.text
    assert "MetricVec.GetMetricWith vec.go:7-9" in a.text or "MetricVec.GetMetricWith 7-9" in a.text, a.text


def test_callers_of_enter_are_the_with_statements_building_the_class(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/live.py": ("class Live:\n    def __enter__(self):\n        return self\n\n"
                        "    def __exit__(self, *exc):\n        return None\n"),
        "pkg/use.py": ("from pkg.live import Live\n\n\ndef show():\n    with Live() as live:\n        print(live)\n\n\n"
                       "async def later():\n    async with Live():\n        pass\n"),
    }
    served = served_tree(tmp_path / "p", files)
    a = served.call("find_related", symbol="Live.__enter__", relation="callers")
    assert not a.is_error, a.text
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("pkg/use.py", [5], "with statement")], a.text
    b = served.call("find_related", symbol="Live.__exit__", relation="callers")
    assert [i["qualname"] for i in b.data["items"]] == ["show"], b.text


def test_an_anonymous_subclass_row_keeps_its_type_arguments(tmp_path):
    files = {
        _J + "Decor.java": "package org.a;\n\npublic abstract class Decor<I, O> {\n    public abstract O next();\n}\n",
        _J + "View.java": ("package org.a;\n\nimport java.util.Map;\n\npublic class View<K, V> {\n    public Object it() {\n"
                           "        return new Decor<Map.Entry<K, Object>, K>() {\n"
                           "            public K next() { return null; }\n        };\n    }\n}\n"),
    }
    a = served_tree(tmp_path / "j", files).call("find_related", symbol="Decor", relation="implementations")
    assert not a.is_error, a.text
    assert "new Decor<Map.Entry<K, Object>, K>() {...} at line 7" in a.text, a.text


def test_rust_locals_built_with_a_turbofish_or_through_a_type_alias_are_typed(tmp_path):
    # petgraph run 258: `let mut g = DiMatrix::<u8, ()>::new();` then `g.add_edge(..)` was a name-only caller of
    # StableGraph::add_edge (the turbofish between the type and `::new` was not read)
    files = {
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("pub struct Matrix<N> { n: N }\n\nimpl<N> Matrix<N> {\n    pub fn new() -> Self { unimplemented!() }\n"
                       "    pub fn add_edge(&mut self, a: u32) {}\n}\n\npub struct Stable<N> { n: N }\n\nimpl<N> Stable<N> {\n"
                       "    pub fn new() -> Self { unimplemented!() }\n    pub fn add_edge(&mut self, a: u32) {}\n}\n\n"
                       "pub type DiMatrix<N, E> = Matrix<N>;\n\npub fn turbofish() {\n    let mut g = Matrix::<u8>::new();\n"
                       "    g.add_edge(1);\n}\n\npub fn alias() {\n    let mut g = DiMatrix::<u8, ()>::new();\n    g.add_edge(1);\n}\n\n"
                       "pub fn stable() {\n    let mut g = Stable::<u8>::new();\n    g.add_edge(1);\n}\n"),
    }
    s = served_tree(tmp_path / "r", files)
    a = s.call("find_related", symbol="Stable.add_edge", relation="callers")
    assert [i["qualname"] for i in a.data["items"]] == ["stable"], a.text
    b = s.call("find_related", symbol="Matrix.add_edge", relation="callers")
    assert {i["qualname"]: i["how"] for i in b.data["items"]} == {"turbofish": "receiver type", "alias": "receiver type"}, b.text
