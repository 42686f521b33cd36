"""A call on self/cls belongs to the class the site sits in, told by that class itself when another class shares its
name: pydantic v1's `AnyUrl.__new__` calls `cls.build(..)`, v1's AnyUrl.build; v2 has an AnyUrl too, a subclass of
_BaseUrl, and run 364 read the v1 site as `-> AnyUrl.build, _BaseUrl.build`."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "pkg/__init__.py": "",
    "pkg/networks.py": ("class _BaseUrl:\n    @classmethod\n    def build(cls, *, scheme: str) -> str:\n        return scheme\n\n\n"
                        "class AnyUrl(_BaseUrl):\n    pass\n"),
    "pkg/v1/__init__.py": "",
    "pkg/v1/networks.py": ("class AnyUrl(str):\n    def __new__(cls, url, **kwargs):\n"
                           "        return str.__new__(cls, cls.build(**kwargs) if url is None else url)\n\n"
                           "    @classmethod\n    def build(cls, *, scheme: str) -> str:\n        return scheme\n"),
}


def test_a_cls_call_in_a_class_sharing_its_name_is_only_that_class_s_method(tmp_path):
    served = served_tree(tmp_path, _FILES)
    a = served.call("find_related", symbol="_BaseUrl.build", relation="callers")
    assert not a.is_error, a.text
    assert a.data["items"] == [] and "left out" in a.text, a.text
    b = served.call("find_related", symbol="build", relation="callers", path="pkg/v1/networks.py")
    assert "pkg/v1/networks.py:3 in AnyUrl.__new__" in b.text, b.text
    c = served.call("search_symbol", query="build", references=True)
    assert "-> AnyUrl.build" in c.text and "_BaseUrl.build" not in c.text.split("references")[1], c.text
