"""A `macro_rules!` under `#[macro_export]` is public; one without it is private (serde run 404 read its exported
forward_to_deserialize_any called private)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

SRC = ("/// Forwards.\n#[macro_export(local_inner_macros)]\nmacro_rules! forward_to_any {\n    () => {};\n}\n\n"
       "#[macro_export]\n#[doc(hidden)]\nmacro_rules! helper_exported {\n    () => {};\n}\n\n"
       "macro_rules! local_only {\n    () => {};\n}\n")


def test_exported_macros_are_public(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"x\"\nversion = \"0.1.0\"\n", "src/lib.rs": SRC})
    a = served.call("search_symbol", query="forward_to_any, helper_exported, local_only")
    rows = {ln.split(" macro ")[1].split()[0].rsplit("::", 1)[-1]: ln for ln in a.text.splitlines() if " macro " in ln}
    assert "(private)" not in rows["forward_to_any"] and "(private)" not in rows["helper_exported"], a.text
    assert "(private)" in rows["local_only"], a.text
