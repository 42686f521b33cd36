"""Stumbles of the tracing-core A/B rerun (run 456), each with what the agent saw before the mend."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

DISPATCHER = (
    "use crate::metadata::Metadata;\n"                      # 1
    "\n"
    "#[cfg(feature = \"std\")]\n"                            # 3
    "use std::sync::Arc;\n"                                  # 4
    "\n"
    "#[cfg(feature = \"alloc\")]\n"                          # 6
    "use alloc::sync::Arc;\n"                                # 7
    "\n"
    "pub struct Dispatch {\n    inner: Arc<u8>,\n}\n"        # 9-11
    "\n"
    "enum Kind {\n    Global,\n}\n"                          # 13-15
    "\n"
    "pub fn describe(m: &Metadata, k: Kind) -> Dispatch {\n    let _ = (m, k);\n    todo!()\n}\n"  # 17-20
    "\n"
    "pub struct SetGlobalDefaultError {\n    _no_construct: (),\n}\n"   # 22-24
    "\n"
    "impl SetGlobalDefaultError {\n"                         # 26
    "    const MESSAGE: &'static str = \"a global default trace dispatcher has already been set\";\n"  # 27
    "}\n"
    "\n"
    "#[cfg(test)]\n"
    "mod test {\n"                                           # 31
    "    use super::*;\n"                                    # 32
    "    use crate::metadata::Kind;\n"                       # 33
    "\n"
    "    fn check(k: Kind) -> Dispatch {\n        let _ = k;\n        todo!()\n    }\n"  # 35-38
    "}\n"
)
METADATA = ("pub struct Metadata;\n\npub enum Kind {\n    Event,\n}\n\n"
            "#[repr(transparent)]\npub struct LevelFilter(Option<u8>);\n\n"
            "impl LevelFilter {\n    pub const OFF: LevelFilter = LevelFilter(None);\n}\n")
CARGO = "[package]\nname = \"tcore\"\nversion = \"0.1.0\"\n"
TREE = {"Cargo.toml": CARGO, "src/lib.rs": "pub mod dispatcher;\npub mod metadata;\n",
        "src/dispatcher.rs": DISPATCHER, "src/metadata.rs": METADATA}


def _row(text: str, line: int) -> str:
    return next(r for r in text.splitlines() if r.strip().startswith(f"{line} ")) + "\n"


def test_a_name_the_module_imports_by_name_is_never_also_its_glob_imports(tmp_path):
    # run 456: `mod test { use super::*; use crate::metadata::Kind; }` gave `Kind` at 876 to both rows, one of them
    # the parent's private `Kind`, which the explicit import shadows
    served = served_tree(tmp_path / "r", TREE)
    text = served.call("list_dependencies", path="src/dispatcher.rs", view="uses").text
    glob, explicit = _row(text, 32), _row(text, 33)
    assert "Dispatch" in glob and "Kind" not in glob, text
    assert "Kind (metadata.rs:3) at 35" in explicit, text


def test_a_rust_use_row_says_the_cfg_it_is_compiled_under_and_std_is_the_standard_library(tmp_path):
    # run 456: two imports of Arc, under `std` and under `alloc`, with nothing saying which build has which, and a
    # `[std]` tag read as the `std` feature
    served = served_tree(tmp_path / "r", TREE)
    text = served.call("list_dependencies", path="src/dispatcher.rs", view="uses").text
    assert 'under #[cfg(feature = "std")]' in _row(text, 4), text
    assert 'under #[cfg(feature = "alloc")]' in _row(text, 7), text
    assert "[standard library]" in _row(text, 7) and "[std]" not in text, text
    assert "under #[cfg" not in _row(text, 1), text
    plain = served.call("list_dependencies", path="src/dispatcher.rs").text
    assert "[std]" not in plain and "[standard library]" in plain, plain


def test_a_rust_tuple_structs_signature_shows_what_it_holds(tmp_path):
    # run 456: `pub struct LevelFilter` without `(Option<Level>)`; the agent read the declaration for its shape
    served = served_tree(tmp_path / "r", TREE)
    text = served.call("search_symbol", query="LevelFilter", kind="struct").text
    assert "pub struct LevelFilter(Option<u8>)" in text, text


def test_a_search_hit_in_an_inherent_impl_is_said_to_be_in_the_impl_not_the_struct(tmp_path):
    # run 456: `— in SetGlobalDefaultError 352-354` read as the struct (at 330-332); it is `impl SetGlobalDefaultError`
    served = served_tree(tmp_path / "r", TREE)
    text = served.call("search_text", pattern="has already been set").text
    assert "in impl SetGlobalDefaultError 26-28" in text, text


def test_a_tuple_structs_signature_leaves_out_its_fields_doc_comments_and_attributes(tmp_path):
    # tracing-core's `pub struct Identifier(\n    /// **Warning**: ..\n    #[doc(hidden)]\n    pub &'static dyn Callsite,\n);`
    source = ("pub trait Callsite {}\n\npub struct Identifier(\n    /// **Warning**: the fields are `pub` for macros.\n"
              "    #[doc(hidden)]\n    pub &'static dyn Callsite,\n);\n")
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": source})
    text = served.call("search_symbol", query="Identifier", kind="struct").text
    assert "pub struct Identifier(pub &'static dyn Callsite)" in text, text


CALLSITE = (
    "pub struct Registry;\n"                                            # 1
    "\n"
    "impl Registry {\n"                                                 # 3
    "    pub fn register(&self) {\n"                                    # 4
    "        DISPATCHERS.rebuilder();\n"                                # 5
    "    }\n"
    "}\n"
    "\n"
    "static DISPATCHERS: dispatchers::Dispatchers = dispatchers::Dispatchers;\n"  # 9
    "\n"
    "#[cfg(feature = \"std\")]\n"                                       # 11
    "mod dispatchers {\n"                                               # 12
    "    pub(super) struct Dispatchers;\n"
    "    impl Dispatchers {\n"
    "        pub(super) fn rebuilder(&self) -> u8 {\n            1\n        }\n"  # 15-17
    "    }\n"
    "}\n"
    "\n"
    "#[cfg(not(feature = \"std\"))]\n"                                  # 21
    "mod dispatchers {\n"                                               # 22
    "    pub(super) struct Dispatchers;\n"
    "    impl Dispatchers {\n"
    "        pub(super) fn rebuilder(&self) -> u8 {\n            0\n        }\n"  # 25-27
    "    }\n"
    "}\n"
)


def test_a_rust_outline_says_the_cfg_of_two_modules_of_one_name(tmp_path):
    # run 456: callsite.rs's two `mod dispatchers` (std and not std) were shown alike; a read told them apart
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": CALLSITE})
    text = served.call("get_structured_index", path="src/lib.rs").text
    rows = [r for r in text.splitlines() if "mod dispatchers" in r]
    assert len(rows) == 2, text
    assert '#[cfg(feature = "std")]' in rows[0] and '#[cfg(not(feature = "std"))]' in rows[1], text


def test_a_rust_callee_defined_again_under_another_cfg_says_where_and_under_what(tmp_path):
    # run 456: `DISPATCHERS.rebuilder()` was shown as the std module's only; the no-std one at 592-594 went unsaid
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": CALLSITE})
    text = served.call("find_related", symbol="Registry.register", relation="callees").text
    row = next(r for r in text.splitlines() if "rebuilder" in r)
    assert "also named so: " in row and ("25-27 under #[cfg(not(feature = \"std\"))]" in row
                                          or "15-17 under #[cfg(feature = \"std\")]" in row), text
    assert "this one under #[cfg(" in row, text


CALLERS_TWINS = CALLSITE.replace(
    "        pub(super) fn rebuilder(&self) -> u8 {\n            1\n        }\n",
    "        pub(super) fn rebuilder(&self) -> u8 {\n            crate::get_default()\n        }\n").replace(
    "        pub(super) fn rebuilder(&self) -> u8 {\n            0\n        }\n",
    "        pub(super) fn rebuilder(&self) -> u8 {\n            crate::get_default()\n        }\n") \
    + "\npub fn get_default() -> u8 {\n    0\n}\n\npub fn other() -> u8 {\n    get_default()\n}\n"


def test_rust_callers_of_one_name_in_two_cfg_modules_each_say_their_cfg(tmp_path):
    # run 456: the two `dispatchers.Rebuilder.for_each` callers of get_default (std, not std) were rows alike
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": CALLERS_TWINS})
    text = served.call("find_related", symbol="get_default", relation="callers").text
    rows = [r for r in text.splitlines() if "Dispatchers.rebuilder" in r]
    assert len(rows) == 2, text
    assert '(15-17, under #[cfg(feature = "std")])' in rows[0], text
    assert '(25-27, under #[cfg(not(feature = "std"))])' in rows[1], text
    assert "in other (" in text, text
    assert not any("under #[cfg" in r for r in text.splitlines() if "in other" in r), text
