"""Callers the rayon and Commons Collections A/B runs (69, 71) found left "name only" or dropped as another type's:
a call on a chain ending in a static factory's result (`PrototypeFactory.prototypeFactory(x).create()`), a local
built by a type parameter's constructor (`let mut c = C::default()` with `C: ParallelExtend<T>`), a field whose
type is a type parameter bounded in the impl's where clause (`self.b.par_extend(..)`), a value of a type the trait
is implemented for (`parallel: BinaryHeap<_>`) or of a type alias of one (`let left: E` with `type E = Either<..>`)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_RAYON = {
    "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": (
        "pub trait ParallelExtend<T> {\n    fn par_extend(&mut self, x: T);\n}\n\n"  # 1-3
        "pub struct Heap<T>(Vec<T>);\n\n"  # 5
        "impl<T> ParallelExtend<T> for Heap<T> {\n    fn par_extend(&mut self, x: T) { self.0.push(x); }\n}\n\n"  # 7-9
        "pub struct Pair<L, R>(L, R);\n\n"  # 11
        "impl<L, R, T> ParallelExtend<T> for Pair<L, R> {\n    fn par_extend(&mut self, _x: T) {}\n}\n\n"  # 13-15
        "pub fn collect_extended<C, I>(x: I) -> C\nwhere\n    C: Default + Extend<I> + ParallelExtend<I>,\n{\n"  # 17-20
        "    let mut collection = C::default();\n    collection.par_extend(x);\n    collection\n}\n\n"  # 21-24
        "struct Unzip<'b, FromB> {\n    b: &'b mut FromB,\n}\n\n"  # 26-28
        "impl<'b, FromB> Unzip<'b, FromB>\nwhere\n    FromB: Send + ParallelExtend<u32>,\n{\n"  # 30-33
        "    fn drive(self) {\n        self.b.par_extend(1);\n    }\n}\n\n"  # 34-37
        "pub fn heap() {\n    let mut parallel: Heap<u32> = Heap(Vec::new());\n    parallel.par_extend(1);\n}\n\n"  # 39-42
        "pub fn pair() {\n    type E = Pair<Vec<u32>, Vec<u32>>;\n    let mut left: E = Pair(Vec::new(), Vec::new());\n"  # 44-46
        "    left.par_extend(2u32);\n}\n"  # 47
    ),
}


def test_rust_callers_through_bounds_fields_implementers_and_aliases(tmp_path):
    a = served_tree(tmp_path / "r", _RAYON).call("find_related", symbol="ParallelExtend.par_extend", relation="callers")
    assert not a.is_error, a.text
    how = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    for line in (22, 35, 41, 47):  # local of C::default(), field of a where-bounded type, an implementer, an alias
        assert how.get(line) == "receiver type", (line, a.text)
    assert "left out" not in a.text, a.text


def test_java_callers_through_a_static_factory_chain(tmp_path):
    files = {
        "src/org/a/Factory.java": "package org.a;\n\npublic interface Factory<T> {\n    T create();\n}\n",
        "src/org/a/PrototypeFactory.java": (
            "package org.a;\n\npublic class PrototypeFactory {\n"
            "    public static <T> Factory<T> prototypeFactory(final T prototype) {\n        return null;\n    }\n}\n"),
        "src/org/a/Other.java": "package org.a;\n\npublic class Other {\n    public Object create() { return null; }\n}\n",
        "src/org/a/CloneTransformer.java": (
            "package org.a;\n\npublic class CloneTransformer {\n    public Object transform(final Object input) {\n"
            "        return PrototypeFactory.prototypeFactory(input).create();\n    }\n"
            "    public Object other(final Other o) {\n        return maker(o).create();\n    }\n"
            "    static Other maker(Other o) { return o; }\n}\n"),
    }
    a = served_tree(tmp_path / "j", files).call("find_related", symbol="Factory.create", relation="callers")
    assert not a.is_error, a.text
    how = {(i["path"], ln): i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert how.get(("src/org/a/CloneTransformer.java", 5)) == "receiver type", a.text
    assert how.get(("src/org/a/CloneTransformer.java", 8)) != "receiver type", a.text
