"""A callers answer that left no call of the name out says so: monolog run 390 spent a search_text checking that
handleBatch's ten call sites were all of them."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "pkg/__init__.py": "",
    "pkg/store.py": ("class Store:\n    def flush(self):\n        return 1\n\n\n"
                     "def save(store: Store):\n    store.flush()\n\n\ndef close(store: Store):\n    store.flush()\n"),
}


def test_an_answer_that_left_nothing_out_says_every_call_is_listed(tmp_path):
    served = served_tree(tmp_path / "r", TREE)
    a = served.call("find_related", symbol="Store.flush", relation="callers")
    assert not a.is_error, a.text
    assert "[every call named 'flush' is listed]" in a.text and {i["qualname"] for i in a.data["items"]} == {"save", "close"}, a.text


def test_an_answer_that_left_a_namesake_out_does_not_say_so(tmp_path):
    tree = {**TREE, "pkg/other.py": "def drain(q):\n    q.queue.flush()\n"}
    a = served_tree(tmp_path / "r", tree).call("find_related", symbol="Store.flush", relation="callers")
    assert "every call named" not in a.text, a.text
