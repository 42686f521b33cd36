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
    # (entry, at the depth asked, is said to end the chain too: its callers would not have been followed, stop 58)
    assert "[no calls by name in the repository of choice, entry (the chain ends there, unless it is passed as a value)]" in r.text, r.text
    one = served.call("find_related", symbol="validate", relation="callers", depth=2)
    # (at the last level asked, what is not followed is said, and what nothing calls: dbus-sharp run 529 read a depth-3
    # chain ending at Bus.Bus as its end and asked again; stop 58)
    assert "[depth 2 reached: the callers of main are not followed (find_related on it goes on); no calls by name in the " \
           "repository of choice (the chain ends there" in one.text, one.text


def test_a_nested_function_is_never_said_to_end_the_chain(tmp_path):
    # the review: Django's decorators return `inner`; nothing calls it by name, yet it runs on every request
    files = {"app/deco.py": ("def check(x):\n    return x\n\n\ndef guard(view):\n    def inner(request):\n"
                             "        return check(request)\n    return inner\n\n\ndef top():\n    return check(1)\n")}
    r = served_tree(tmp_path / "r", files).call("find_related", symbol="check", relation="callers", depth=3)
    assert "guard.inner" in r.text and "no calls by name" in r.text and "guard.inner (the chain" not in r.text, r.text
    assert "no calls by name in the repository of top, guard (the chain ends there" in r.text, r.text
    # (guard returns inner: the walk goes on through it, run 408's prepare_map)
    assert "in guard (5-8): return inner  [returns it" in r.text, r.text
