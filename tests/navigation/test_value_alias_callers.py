"""A function bound to a local and called through it (rayon A/B run 369: `let bridge =
bridge_unindexed_producer_consumer;` then `bridge(..)` in two closures; the callers answer left the recursion unsaid)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

RUST = (
    "fn work(n: u32) -> u32 {\n"                 # 1
    "    let again = work;\n"                    # 2
    "    if n == 0 {\n"                          # 3
    "        return 0;\n"                        # 4
    "    }\n"                                    # 5
    "    again(n - 1)\n"                         # 6
    "}\n"                                        # 7
    "\n"                                         # 8
    "pub fn run() -> u32 {\n"                    # 9
    "    let w = work;\n"                        # 10
    "    w(3) + w(4)\n"                          # 11
    "}\n"                                        # 12
    "\n"                                         # 13
    "pub fn other() -> u32 {\n"                  # 14
    "    let w = run;\n"                         # 15
    "    w()\n"                                  # 16
    "}\n"                                        # 17
)


def test_calls_through_a_local_bound_to_the_function_are_its_calls(tmp_path):
    s = served_tree(tmp_path, {"Cargo.toml": "[package]\nname = \"a\"\nversion = \"0.1.0\"\n", "src/lib.rs": RUST})
    a = s.call("find_related", symbol="work", relation="callers").text
    assert "6 in work (1-7)" in a and "[recursive]" in a, a
    assert "11 in run (9-12)" in a and "16 in other" not in a, a  # (`w` in other is bound to run)
