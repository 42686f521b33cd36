"""Kotlin's `when (value) { is T -> value.m() }` types `value` in the branch (a smart cast, like `if (value is T)`):
expo-modules-core's converters dispatch on JavaScript values this way, and the calls had been name only."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

WHEN = {
    "js/JavaScriptObject.kt": "package js\n\nclass JavaScriptObject {\n  fun getProperty(name: String): Any? = null\n}\n",
    "js/Other.kt": "package js\n\nclass Other {\n  fun getProperty(name: String): Any? = null\n}\n",
    "conv/Converter.kt": ("package conv\n\nimport js.JavaScriptObject\nimport js.Other\n\n"
                          "fun convert(value: Any): Any? {\n  when (value) {\n    is String -> return value\n"
                          "    is JavaScriptObject -> {\n      return value.getProperty(\"x\")\n    }\n"
                          "    is Other -> return value.getProperty(\"y\")\n    else -> return null\n  }\n}\n"),
}


def test_a_when_branch_types_its_subject(tmp_path):
    served = served_tree(tmp_path / "r", WHEN)
    r = served.call("find_related", symbol="JavaScriptObject.getProperty", relation="callers")
    assert [(i["qualname"], i["lines"], i["how"]) for i in r.data["items"]] == [("convert", [10], "receiver type")], r.text
    o = served.call("find_related", symbol="Other.getProperty", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in o.data["items"]] == [("convert", [12])], o.text
