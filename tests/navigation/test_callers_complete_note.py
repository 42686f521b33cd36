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
    # (stop 58: Store.flush being the one definition so named, q.queue.flush() is listed by name only, not left out,
    # and then "every call named 'flush' is listed" holds: lark run 523 searched the text to check such an answer)
    assert "every call named" not in a.text or ("pkg/other.py:2 in drain" in a.text and "the only definition so named" in a.text), a.text
    assert "outside" in a.text, a.text  # the receiver may be an outside library's object with a flush of its own


def test_a_namesake_of_another_definition_left_out_is_no_complete_claim(tmp_path):
    tree = {**TREE, "pkg/other.py": "class Q:\n    def flush(self):\n        pass\n\n\ndef drain(q):\n    q.queue.flush()\n"}
    a = served_tree(tmp_path / "r", tree).call("find_related", symbol="Store.flush", relation="callers")
    assert "every call named" not in a.text, a.text


def test_no_claim_beside_calls_of_the_name_neither_listed_nor_left_out(tmp_path):
    # kingpin run 398: Application.applyPreActions's answer said every call was listed, while the calls of the
    # embedded mixin's applyPreActions (another definition, resolved as such) were in neither list
    tree = {
        "go.mod": "module example.com/k\n\ngo 1.20\n",
        "app.go": ("package k\n\ntype actionMixin struct{}\n\nfunc (a *actionMixin) applyPreActions() error { return nil }\n\n"
                   "type Application struct {\n\tactionMixin\n}\n\n"
                   "func (a *Application) applyPreActions(dispatch bool) error {\n\treturn a.actionMixin.applyPreActions()\n}\n\n"
                   "func (a *Application) Parse() error {\n\treturn a.applyPreActions(true)\n}\n"),
    }
    a = served_tree(tmp_path / "k", tree).call("find_related", symbol="Application.applyPreActions", relation="callers")
    assert not a.is_error, a.text
    assert "Application.Parse" in a.text and "every call named" not in a.text, a.text
