"""A Rust call written with its `crate::` path names the module of the function it calls: by path, whether or not
the file imports the module; another module's path is another function (tokio run 416 read two
`crate::runtime::context::enter_runtime(..)` calls labelled "by import" and "name only")."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

FILES = {
    "Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n",
    "src/lib.rs": "pub mod runtime;\npub mod other;\n",
    "src/runtime/mod.rs": "pub mod context;\npub mod sched;\n",
    "src/runtime/context.rs": "pub fn enter_runtime(x: u8) -> u8 {\n    x\n}\n",
    "src/other.rs": "pub fn enter_runtime(x: u8) -> u8 {\n    x + 1\n}\n",
    "src/runtime/sched.rs": ("pub fn block_on() -> u8 {\n    crate::runtime::context::enter_runtime(1)\n}\n\n"
                             "pub fn elsewhere() -> u8 {\n    crate::other::enter_runtime(2)\n}\n"),
}


def test_a_crate_path_call_is_by_path_and_another_modules_is_left_out(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    a = served.call("find_related", symbol="enter_runtime", path="src/runtime/context.rs", relation="callers")
    assert not a.is_error, a.text
    assert "all by path" in a.text.splitlines()[0], a.text
    rows = [ln for ln in a.text.splitlines()[1:] if not ln.startswith("[")]
    assert any("in block_on" in r for r in rows) and not any("in elsewhere" in r for r in rows), a.text
    assert "1 other call named 'enter_runtime' left out" in a.text, a.text
