"""A search hit in a doc comment is said to be in that definition's doc comment (hashbrown A/B run 458)."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

MAP = ("pub struct HashMap;\n\n"
       "impl HashMap {\n"                                        # 3
       "    /// Tries to reserve capacity.\n"                     # 4
       "    ///\n"
       "    /// ```\n"
       "    /// map.try_reserve(10).expect(\"oom\");\n"            # 7
       "    /// ```\n"
       "    #[cfg_attr(feature = \"inline-more\", inline)]\n"    # 9
       "    pub fn try_reserve(&mut self, n: usize) {\n"          # 10
       "        let _ = n;\n"
       "    }\n"
       "\n"
       "    // map.try_reserve(1) in a plain comment\n"          # 14
       "    pub fn other(&self) {}\n"
       "}\n")
JAVA = ("package p;\n\npublic class Cache {\n"
        "    /**\n     * Call {@code cache.evict(k)} to drop one.\n     */\n"   # 4-6
        "    @Override\n    public void evict(String k) {\n    }\n}\n")        # 7-9


def test_a_hit_in_a_rust_doc_comment_is_in_the_doc_of_the_method_below_not_the_impl(tmp_path):
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"hb\"\nversion = \"0.1.0\"\n",
                                          "src/lib.rs": MAP})
    text = served.call("search_text", pattern="map.try_reserve(").text
    assert "in the doc comment of method HashMap.try_reserve 9-12" in text or \
        "in the doc comment of method HashMap.try_reserve 10-12" in text, text
    plain = next(r for r in text.splitlines() if "plain comment" in r)
    assert "doc comment" not in plain and "impl HashMap" in plain, text


def test_a_hit_in_a_javadoc_block_is_in_the_doc_of_the_method_below(tmp_path):
    served = served_tree(tmp_path / "r", {"src/p/Cache.java": JAVA})
    text = served.call("search_text", pattern="cache.evict").text
    assert "in the doc comment of method Cache.evict" in text, text
