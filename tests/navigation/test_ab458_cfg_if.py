"""The arms of a Rust `cfg_if!` say their cfg (hashbrown A/B runs 450 and 458)."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

CARGO = "[package]\nname = \"hashbrown\"\nversion = \"0.12.3\"\n"
RAW = ("cfg_if! {\n"
       "    // Use the SSE2 implementation if possible\n"
       "    if #[cfg(all(\n        target_feature = \"sse2\",\n        not(miri)\n    ))] {\n"      # 3-6
       "        mod sse2;\n        use sse2 as imp;\n"                                             # 7-8
       "    } else {\n"                                                                           # 9
       "        #[path = \"generic.rs\"]\n        mod generic;\n        use generic as imp;\n"    # 10-12
       "    }\n}\n\n"
       "use self::imp::Group;\n\n"                                                                # 16
       "pub fn f() -> Group {\n    Group\n}\n")


def test_the_modules_and_uses_of_cfg_if_arms_say_each_arms_cfg(tmp_path):
    # run 458: `26-26 module mod sse2 (in macro cfg_if!)` and `mod generic` were shown alike, and their use rows
    # without the arm's predicate; two reads found which build has which
    served = served_tree(tmp_path / "r", {"Cargo.toml": CARGO, "src/lib.rs": RAW, "src/sse2.rs": "pub struct Group;\n",
                                          "src/generic.rs": "pub struct Group;\n"})
    text = served.call("get_structured_index", path="src/lib.rs").text
    sse2 = next(r for r in text.splitlines() if "mod sse2" in r)
    generic = next(r for r in text.splitlines() if "mod generic" in r)
    assert '[#[cfg(all(target_feature = "sse2", not(miri)))]]' in sse2, text
    assert '[#[cfg(not(all(target_feature = "sse2", not(miri))))]]' in generic, text
    uses = served.call("list_dependencies", path="src/lib.rs", view="uses").text
    row8 = next(r for r in uses.splitlines() if r.strip().startswith("8 "))
    row12 = next(r for r in uses.splitlines() if r.strip().startswith("12 "))
    row16 = next(r for r in uses.splitlines() if r.strip().startswith("16 "))
    assert 'under #[cfg(all(target_feature = "sse2", not(miri)))]' in row8, uses
    assert 'under #[cfg(not(all(target_feature = "sse2", not(miri))))]' in row12, uses
    assert "under" not in row16, uses
