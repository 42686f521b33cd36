"""Rust calls by path, from the tokio A/B run: `spawn_blocking(f)` and `runtime::spawn_blocking(f)` are calls of a
function, never of the method `Handle::spawn_blocking` (42 call sites listed, 2 real); `Id::next()` and
`crate::util::trace::task(...)` name their owner, so they resolve; `#[cfg(all(unix, not(test)))]` calls nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.conftest import Served, served_tree

FILES = {
    "Cargo.toml": '[package]\nname = "rt"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub mod runtime;\npub mod util;\n",
    "src/util/mod.rs": "pub mod trace;\n",
    "src/util/trace.rs": "pub fn task(name: &str) -> usize {\n    name.len()\n}\n",
    "src/runtime/mod.rs": (
        "pub mod id;\n\npub struct Handle;\n\n"
        "impl Handle {\n    pub fn spawn_blocking(&self, n: usize) -> usize {\n        n\n    }\n}\n\n"
        "pub fn spawn_blocking(n: usize) -> usize {\n    let rt = Handle;\n    rt.spawn_blocking(n)\n}\n\n"
        "pub fn block_on(n: usize) -> usize {\n"
        "    #[cfg(all(unix, not(test)))]\n"
        "    let n = crate::util::trace::task(\"block_on\") + id::Id::next().0;\n"
        "    spawn_blocking(n) + self::spawn_blocking(n)\n}\n"
    ),
    "src/runtime/id.rs": "pub struct Id(pub usize);\n\nimpl Id {\n    pub fn next() -> Id {\n        Id(1)\n    }\n}\n",
    "src/task.rs": ("pub fn run() -> usize {\n    crate::runtime::spawn_blocking(1)\n}\n\n"
                    "pub fn later(pool: &dyn Pool) -> usize {\n    pool.spawn_blocking(2)\n}\n"),
}


@pytest.fixture(scope="module")
def rt(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("rust") / "rt", FILES)


def test_a_bare_or_module_path_call_is_not_a_caller_of_a_rust_method(rt: Served):
    a = rt.call("find_related", symbol="Handle::spawn_blocking", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["path"], i["how"]) for i in a.data["items"]] == [
        ("spawn_blocking", "src/runtime/mod.rs", "receiver type"), ("later", "src/task.rs", "name only")], a.text
    # beside a caller with the receiver's type shown, a name-only match is named on one line, not as a caller row
    rows = a.text.split("\n")
    assert rows[1] == "[2 other calls named 'spawn_blocking' left out: another type's method or a function of that name " \
                      "(src/runtime/mod.rs:19 `spawn_blocking(n) + self::spawn_blocking(n)`, src/task.rs:2 " \
                      "`crate::runtime::spawn_blocking(1)`)]", a.text  # where each is, and its text: no read needed
    assert rows[2].startswith("src/runtime/mod.rs:13 in spawn_blocking (11-14): rt.spawn_blocking(n)"), a.text
    assert rows[3] == ("matched by name only, the receiver's type unknown (maybe another type's spawn_blocking): "
                       "src/task.rs:6 in later `pool.spawn_blocking(2)`"), a.text


def test_the_function_keeps_its_bare_and_module_path_callers(rt: Served):
    a = rt.call("find_related", symbol="spawn_blocking", path="src/runtime/mod.rs", relation="callers")
    assert not a.is_error, a.text
    assert {i["qualname"] for i in a.data["items"]} >= {"block_on", "run"}, a.text


def test_path_calls_resolve_to_the_type_s_method_and_the_module_s_function_and_cfg_words_are_not_calls(rt: Served):
    a = rt.call("find_related", symbol="block_on", relation="callees")
    assert not a.is_error, a.text
    got = {(i["qualname"], i["path"]) for i in a.data["items"]}
    assert {("task", "src/util/trace.rs"), ("Id.next", "src/runtime/id.rs")} <= got, a.text
    assert not {"all", "not", "unix"} & set(a.data.get("unresolved", [])), a.text
    assert "all" not in a.text.split("not resolved")[-1].replace(",", " ").split(), a.text


def test_a_subtrait_is_listed_as_a_subtrait_not_as_a_base_class(tmp_path: Path):
    root = tmp_path / "io"
    (root / "src").mkdir(parents=True)
    (root / "src" / "lib.rs").write_text(
        "pub trait Read {\n    fn read(&mut self) -> usize;\n}\n\n"
        "pub trait ReadExt: Read {\n    fn read_all(&mut self) -> usize {\n        self.read()\n    }\n}\n\n"
        "pub struct Empty;\n\nimpl Read for Empty {\n    fn read(&mut self) -> usize {\n        0\n    }\n}\n",
        encoding="utf-8")
    a = Served(root).call("find_related", symbol="Read", relation="implementations")
    assert not a.is_error, a.text
    assert "trait ReadExt  [subtrait]" in a.text and "base class" not in a.text, a.text
    assert "struct Empty" in a.text, a.text


def test_a_method_called_on_a_value_of_unknown_type_names_the_few_methods_it_may_be(tmp_path: Path):
    root = tmp_path / "pool"
    (root / "src").mkdir(parents=True)
    (root / "src" / "lib.rs").write_text(
        "pub struct Pool;\n\nimpl Pool {\n    pub fn drain(&self) -> usize {\n        0\n    }\n}\n\n"
        "pub fn run() -> usize {\n    let x = make();\n    x.drain() + x.len()\n}\n", encoding="utf-8")
    a = Served(root).call("find_related", symbol="run", relation="callees")
    assert not a.is_error, a.text
    assert "x.drain (maybe Pool.drain src/lib.rs:4)" in a.text, a.text
    assert "x.len" in a.text and "x.len (maybe" not in a.text, a.text  # no method of that name: no guess


def test_a_rust_file_s_imports_are_its_use_statements_with_what_each_reaches(tmp_path: Path):
    """The tokio agent needed three calls for 'what does handle.rs import': the file list named no items and
    folded a second `use` of an already listed file away."""
    root = tmp_path / "deps"
    files = {
        "Cargo.toml": '[package]\nname = "deps"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n',
        "src/lib.rs": "pub mod runtime;\npub mod util;\n",
        "src/util.rs": "pub const LIMIT: usize = 4;\npub fn clamp(n: usize) -> usize {\n    n.min(LIMIT)\n}\n",
        "src/runtime/mod.rs": ("use crate::util::{clamp, LIMIT};\nuse std::fmt;\nuse serde::Serialize;\n\n"
                               "pub enum Kind {\n    A,\n}\n\npub fn run(n: usize) -> usize {\n    use crate::util::clamp;\n"
                               "    use Kind::*;\n    clamp(n) + LIMIT\n}\n"),
    }
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    a = Served(root).call("list_dependencies", path="src/runtime/mod.rs")
    assert not a.is_error, a.text
    assert a.text.split("\n")[:6] == [
        "src/runtime/mod.rs: 5 use/mod statements (1 repository file reached):",
        "  1: crate::util::{clamp,LIMIT}  -> src/util.rs",
        "  2: std::fmt  [standard library]",
        "  3: serde::Serialize  [crate serde 1]",  # with the version Cargo.toml declares (ESLint run 286)
        "  10: crate::util::clamp  -> src/util.rs",
        "  11: Kind::*  [local]",
    ], a.text
    assert a.data["imports"][0]["target"] == "src/util.rs"  # the typed answer keeps its file rows


def test_a_method_called_on_a_chained_or_indexed_value_stays_a_caller_and_a_type_is_not_its_impl(tmp_path: Path):
    """Review of the run-3 fixes: `make(1)\n.spawn_blocking(2)` and `items[0].spawn_blocking(3)` are calls on a value
    (not bare calls); find_related on a Rust type names the struct, not its longer impl block; `trace.task(1)` on
    a variable is not the module trace's function; `Vec::with_capacity` gets no repository method as a guess."""
    root = tmp_path / "chain"
    (root / "src").mkdir(parents=True)
    (root / "src" / "trace.rs").write_text("pub fn task(n: usize) -> usize {\n    n\n}\n", encoding="utf-8")
    (root / "src" / "lib.rs").write_text(
        "pub mod trace;\n\npub struct Handle;\n\nimpl Handle {\n    pub fn spawn_blocking(&self, n: usize) -> usize {\n"
        "        n\n    }\n\n    pub fn with_capacity(n: usize) -> Handle {\n        let _ = n;\n        Handle\n    }\n}\n\n"
        "pub fn make(n: usize) -> Handle {\n    let _ = n;\n    Handle\n}\n\n"
        "pub fn chained() -> usize {\n    make(1)\n        .spawn_blocking(2)\n}\n\n"
        "pub fn indexed(items: Vec<Handle>) -> usize {\n    items[0].spawn_blocking(3)\n}\n\n"
        "pub fn local(trace: Vec<usize>) -> usize {\n    let v: Vec<u8> = Vec::with_capacity(4);\n"
        "    trace.len() + v.len() + trace.task(1)\n}\n", encoding="utf-8")
    served = Served(root)
    callers = served.call("find_related", symbol="Handle::spawn_blocking", relation="callers")
    assert {i["qualname"] for i in callers.data["items"]} == {"chained", "indexed"}, callers.text
    typed = served.call("find_related", symbol="Handle", relation="supertypes")
    assert not typed.is_error and " of struct " in typed.text.split("\n")[0], typed.text
    callees = served.call("find_related", symbol="local", relation="callees")
    assert "trace.rs" not in {i["path"] for i in callees.data["items"]}, callees.text
    assert "(maybe Handle.with_capacity" not in callees.text, callees.text


def test_a_method_call_is_no_caller_of_a_free_function_of_that_name(tmp_path):
    # petgraph run 284: the test function `edge_bound` had `self.edge_bound()` in StableGraph::filter_map as a
    # name-only caller, and a depth-2 callers answer showed it under another caller
    from tests.navigation.conftest import served_tree

    files = {
        "Cargo.toml": '[package]\nname = "g"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub struct G;\n\nimpl G {\n    pub fn edge_bound(&self) -> usize { 0 }\n\n"
                      "    pub fn filter_map(&self) -> usize {\n        let n = self.edge_bound();\n        n\n    }\n}\n",
        "tests/t.rs": "fn edge_bound() -> usize { 1 }\n\n#[test]\nfn check() {\n    assert_eq!(edge_bound(), 1);\n"
                      "    for _ in 0..edge_bound() {}\n}\n",
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="edge_bound", relation="callers", path="tests/t.rs")
    assert not a.is_error, a.text
    assert "tests/t.rs:5 in check" in a.text and "6" in a.text.split("in check")[1], a.text
    assert "filter_map (" not in a.text, a.text  # named among the left-out calls at most


def test_a_local_built_by_self_in_a_trait_s_provided_method_has_the_trait_s_methods(tmp_path):
    # petgraph run 284: `let mut gr = Self::with_capacity(0, 0); gr.add_edge(..)` in FromElements::from_elements
    # (FromElements: Create: Build) was a name-only caller of StableGraph::add_edge and of Build::add_edge
    from tests.navigation.conftest import served_tree

    lib = ("pub trait Build {\n    fn add_edge(&mut self, a: usize) -> usize;\n}\n\n"
           "pub trait Create: Build {\n    fn with_capacity(n: usize) -> Self;\n}\n\n"
           "pub trait FromElements: Create {\n    fn from_elements(n: usize) -> Self\n    where\n        Self: Sized,\n"
           "    {\n        let mut gr = Self::with_capacity(0);\n        gr.add_edge(n);\n        gr\n    }\n}\n\n"
           "pub struct Other;\n\nimpl Other {\n    pub fn add_edge(&mut self, a: usize) -> usize { a }\n}\n")
    s = served_tree(tmp_path, {"Cargo.toml": '[package]\nname = "g"\nversion = "0.1.0"\n', "src/lib.rs": lib})
    build = s.call("find_related", symbol="Build.add_edge", relation="callers")
    assert "15 in FromElements.from_elements (10-17): gr.add_edge(n);" in build.text and "name only" not in build.text, build.text
    other = s.call("find_related", symbol="Other.add_edge", relation="callers")
    assert "0 call sites" in other.text, other.text


def test_depth_two_callers_left_out_for_several_callees_are_not_counted_once_per_callee(tmp_path):
    # rayon run 287: "5 left out (5 in test files, 0 elsewhere; per callee: VecDeque.par_drain 5, String.par_drain 5,
    # Vec.par_drain 5)" read as fifteen sites
    from tests.navigation.conftest import served_tree

    files = {
        "Cargo.toml": '[package]\nname = "r"\nversion = "0.1.0"\n',
        "src/lib.rs": "pub mod math;\npub mod a;\n",
        "src/math.rs": "pub fn simplify_range(n: usize) -> usize {\n    n\n}\n",
        "src/a.rs": ("use crate::math::simplify_range;\n\npub struct A;\n\nimpl A {\n    pub fn par_drain(&self) -> usize {\n"
                     "        simplify_range(1)\n    }\n}\n\npub struct B;\n\nimpl B {\n    pub fn par_drain(&self) -> usize {\n"
                     "        simplify_range(2)\n    }\n}\n"),
        "tests/t.rs": "fn one(x: &Foo) {\n    x.par_drain();\n}\n\nfn two(y: &Bar) {\n    y.par_drain();\n}\n",
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="simplify_range", relation="callers", depth=2)
    assert not a.is_error, a.text
    assert "2 more call sites matched by name only" in a.text and "each calls a method named par_drain, which may be A.par_drain or B.par_drain: counted once" in a.text, a.text


def test_a_rust_test_module_file_is_a_test_file(tmp_path):
    """rayon run 323: the callers of ParallelExtend::par_extend listed src/iter/test.rs (a `#[cfg(test)] mod test;`
    file) among the code's callers; it is a test file, as `tests/` and `*_test.go` are."""
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "pub mod iter;\n",
        "src/iter/mod.rs": ("#[cfg(test)]\nmod test;\n\npub fn collect_extended(v: &mut Vec<u8>) {\n    extend_all(v);\n}\n\n"
                            "pub fn extend_all(v: &mut Vec<u8>) {\n    v.push(1);\n}\n"),
        "src/iter/test.rs": ("use super::*;\n\n#[test]\nfn check_extend() {\n    let mut v = Vec::new();\n    extend_all(&mut v);\n}\n\n"
                             "#[test]\nfn check_more() {\n    let mut v = Vec::new();\n    extend_all(&mut v);\n}\n"),
        "src/iter/latest.rs": "pub fn newest(v: &mut Vec<u8>) {\n    super::extend_all(v);\n}\n",
    })
    c = served.call("find_related", symbol="extend_all", relation="callers")
    assert "in test files, 2 call sites: src/iter/test.rs:6 in check_extend, 12 in check_more" in c.text, c.text
    assert "src/iter/latest.rs:2 in newest" in c.text, c.text  # (latest.rs is no test file)


def test_a_semantic_read_resolves_a_type_path_call_to_that_type(tmp_path):
    """petgraph run 321: StableGraph::add_edge's uses listed NodeIndex.end and NodeIndex.new for `EdgeIndex::end()` and
    `EdgeIndex::new(..)` (the first `end` of the imported file); its callees had them right."""
    served = served_tree(tmp_path / "r", {
        "Cargo.toml": "[package]\nname = \"g\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": "pub mod index;\npub mod stable;\npub mod gen;\n",
        # (review of stop 50: a trait impl's `new` in a file of a shorter path was taken over the inherent one)
        "src/gen.rs": ("use crate::index::EdgeIndex;\n\npub trait Create {\n    fn new(x: usize) -> Self;\n}\n\n"
                       "impl Create for EdgeIndex {\n    fn new(x: usize) -> Self {\n        EdgeIndex::end()\n    }\n}\n"),
        "src/index.rs": ("pub struct NodeIndex(u32);\n\nimpl NodeIndex {\n    pub fn new(x: usize) -> Self {\n        NodeIndex(x as u32)\n    }\n\n"
                         "    pub fn end() -> Self {\n        NodeIndex(u32::MAX)\n    }\n}\n\n"
                         "pub struct EdgeIndex(u32);\n\nimpl EdgeIndex {\n    pub fn new(x: usize) -> Self {\n        EdgeIndex(x as u32)\n    }\n\n"
                         "    pub fn end() -> Self {\n        EdgeIndex(u32::MAX)\n    }\n}\n"),
        "src/stable.rs": ("use crate::index::{EdgeIndex, NodeIndex};\n\n"
                          "pub fn add_edge(a: NodeIndex, n: usize) -> EdgeIndex {\n    if n == 0 {\n        return EdgeIndex::end();\n    }\n"
                          "    EdgeIndex::new(n)\n}\n"),
    })
    r = served.call("read_code_range", path="src/stable.rs", symbol="add_edge", context="semantic")
    uses = r.text.split("── uses ──")[1].split("──")[0]
    assert "EdgeIndex.end" in uses and "EdgeIndex.new" in uses, r.text
    assert "NodeIndex.end" not in uses and "NodeIndex.new" not in uses, r.text
    assert "src/index.rs" in uses.split("EdgeIndex.new")[0].splitlines()[-1], r.text  # the inherent one
