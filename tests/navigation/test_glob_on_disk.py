"""A search whose glob matched no searchable file says what the glob matches on disk: nothing, or files left out and
why (kingpin run 398 could not tell whether values.json was absent or hidden by the deny-list)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_the_error_tells_absent_from_left_out(tmp_path):
    served = served_tree(tmp_path / "r", {"app.py": "x = 1\n", "keys/server.pem": "-----BEGIN X-----\n"})
    absent = served.call("search_text", pattern="type", glob="*.json")
    assert absent.is_error and "none exists there" in absent.text, absent.text
    denied = served.call("search_text", pattern="BEGIN", glob="*.pem")
    assert denied.is_error and "1 the deny-list keeps out" in denied.text, denied.text
    assert "server.pem" not in denied.text, denied.text  # a denied file is never named
    ok = served.call("search_text", pattern="x = 1")  # the server goes on
    assert not ok.is_error and "app.py" in ok.text
