"""Rust calls by path, from the tokio A/B run: `spawn_blocking(f)` and `runtime::spawn_blocking(f)` are calls of a
function, never of the method `Handle::spawn_blocking` (42 call sites listed, 2 real); `Id::next()` and
`crate::util::trace::task(...)` name their owner, so they resolve; `#[cfg(all(unix, not(test)))]` calls nothing."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served

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
    "src/task.rs": "pub fn run() -> usize {\n    crate::runtime::spawn_blocking(1)\n}\n",
}


@pytest.fixture(scope="module")
def rt(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("rust") / "rt"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return Served(root)


def test_a_bare_or_module_path_call_is_not_a_caller_of_a_rust_method(rt: Served):
    a = rt.call("find_related", symbol="Handle::spawn_blocking", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["path"]) for i in a.data["items"]] == [("spawn_blocking", "src/runtime/mod.rs")], a.text


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
