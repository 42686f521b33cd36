"""Sequel A/B run 229: methods defined under `if NativePreparedStatements` below a class body's `private` were shown
public; the agent read the file to learn they are private."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_RB = ("class Db\n  def connect\n  end\n\n  private\n\n  if NATIVE\n    def execute_prepared\n    end\n  else\n"
       "    def fallback\n    end\n  end\n\n  def helper\n  end\nend\n\nclass Open\n  if NATIVE\n    def run\n    end\n  end\nend\n")


def test_a_method_in_an_if_below_private_is_private(tmp_path):
    a = served_tree(tmp_path, {"lib/db.rb": _RB}).call("search_symbol", query="connect, execute_prepared, fallback, run")
    rows = {d["qualname"]: d.get("exported") for d in a.data["definitions"]}
    assert rows == {"Db.connect": True, "Db.execute_prepared": False, "Db.fallback": False, "Open.run": True}, a.text
