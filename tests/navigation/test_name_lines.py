"""A definition whose range opens with decorators, annotations, attributes or a C++ template header names the line
of its name too: the Collections (`@Override`), pydantic (`@final` on a metaclass) and spdlog (`template<...>`) A/B
agents each searched again for the line their answer's range did not start at (runs 176, 180, 178)."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

FILES = {
    "src/Factory.java": "package p;\n\npublic interface Factory<T> {\n    T create();\n}\n",
    "src/Constant.java": ("package p;\n\n@SuppressWarnings(\n    \"unchecked\")\npublic class Constant<T> implements Factory<T> {\n"
                          "    @Override\n    public T create() {\n        return null;\n    }\n\n"
                          "    public T plain() {\n        return null;\n    }\n}\n"),
    "lib/meta.py": ("import functools\n\n\n@functools.total_ordering\n@dataclass(\n    frozen=True,\n)\nclass Meta:\n"
                    "    x: int = 0\n\n\ndef bare():\n    return 1\n"),
    "inc/sink.h": ("#pragma once\n\ntemplate <typename Mutex,\n          typename Other>\nclass base_sink {\n"
                   "  public:\n    void log();\n};\n"),
    # the template header and the name on one line, `->` in the body (the review's pick)
    "inc/util.h": ("#pragma once\n\ntemplate <typename T> T *pick(T *a, T *b) {\n  if (a->size() > b->size())\n"
                   "    return a;\n  return b;\n}\n"),
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("names") / "repo", FILES)


def test_search_rows_name_the_line_of_the_name_below_decoration(served: Served):
    a = served.call("search_symbol", query="Constant.create, Meta, base_sink, Constant.plain, bare")
    assert not a.is_error, a.text
    rows = {ln.split(" — ")[0] for ln in a.text.splitlines() if " — " in ln}
    assert "src/Constant.java:6-9 method p.Constant.create (name at line 7)" in rows, a.text
    assert "lib/meta.py:4-9 class Meta (name at line 8)" in rows, a.text
    assert "inc/sink.h:3-8 class base_sink (name at line 5)" in rows, a.text
    p = served.call("search_symbol", query="pick")
    assert "inc/util.h:3-7 function pick —" in p.text and "name at line" not in p.text, p.text
    # no decoration: nothing said
    assert "src/Constant.java:11-13 method p.Constant.plain" in rows and "lib/meta.py:12-13 function bare" in rows, a.text
    typed = {d["qualname"]: d.get("name_line") for d in a.data["definitions"]}
    assert typed["Constant.create"] == 7 and typed["bare"] is None, typed


def test_implementation_rows_name_it_too(served: Served):
    a = served.call("find_related", symbol="Factory", relation="implementations")
    assert not a.is_error, a.text
    assert "src/Constant.java:3-14 class Constant (name at line 5)" in a.text, a.text
    m = served.call("find_related", symbol="Factory.create", relation="implementations")
    assert "src/Constant.java:6-9 method Constant.create (name at line 7)" in m.text, m.text
