"""A chain of bases is answered whole when no depth is asked (httpx's ConnectTimeout stopped at RequestError, its
base HTTPError unsaid), and an answer that stops at the depth asked says bases lie above."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {"errors.py": ("class HTTPError(Exception):\n    pass\n\n\nclass RequestError(HTTPError):\n    pass\n\n\n"
                        "class TransportError(RequestError):\n    pass\n\n\nclass TimeoutException(TransportError):\n    pass\n\n\n"
                        "class ConnectTimeout(TimeoutException):\n    pass\n")}


def test_supertypes_without_depth_list_the_whole_chain(tmp_path):
    a = served_tree(tmp_path / "p", _FILES).call("find_related", symbol="ConnectTimeout", relation="supertypes")
    assert not a.is_error, a.text
    names = [i["qualname"] for i in a.data["items"]]
    assert names == ["TimeoutException", "TransportError", "RequestError", "HTTPError"], a.text
    assert "Exception" in a.text, a.text


def test_supertypes_cut_by_depth_say_bases_lie_above(tmp_path):
    a = served_tree(tmp_path / "p", _FILES).call("find_related", symbol="ConnectTimeout", relation="supertypes", depth=2)
    assert not a.is_error, a.text
    assert [i["qualname"] for i in a.data["items"]] == ["TimeoutException", "TransportError"], a.text
    assert "not listed: the bases of TransportError (pass depth=3" in a.text, a.text
