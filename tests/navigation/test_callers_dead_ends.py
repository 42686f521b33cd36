"""Symfony A/B run 212: a depth-3 callers answer ended at SymfonyStyle::choice without saying that nothing calls it,
and the agent searched to be sure. A caller followed to the next level that has no caller says so."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "app/core.py": "def validate(x):\n    return x\n\n\ndef ask(x):\n    return validate(x)\n\n\ndef choice(x):\n    return ask(x)\n",
    "app/cli.py": "from app.core import ask\n\n\ndef main():\n    return ask(1)\n\n\ndef entry():\n    return main()\n",
}


def test_a_chain_that_ends_says_so(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    r = served.call("find_related", symbol="validate", relation="callers", depth=3)
    assert not r.is_error, r.text
    assert {i["qualname"] for i in r.data["items"]} == {"ask", "choice", "main", "entry"}, r.text
    assert "[no callers in the repository of choice (the chain ends there)]" in r.text, r.text  # entry: the last level
    one = served.call("find_related", symbol="validate", relation="callers", depth=2)
    assert "no callers" not in one.text, one.text  # choice is at the last level asked: not followed, nothing said
