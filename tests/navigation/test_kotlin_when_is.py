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


def test_a_property_typed_by_what_its_initializers_call_returns(tmp_path):
    served = served_tree(tmp_path / "r", {
        "m/Module.kt": ("package m\n\nabstract class Module {\n  abstract fun definition(): ModuleDefinitionData\n}\n\n"
                        "class ModuleDefinitionData {\n  fun functionNames(): List<String> = emptyList()\n}\n\n"
                        "class Other {\n  fun functionNames(): List<String> = emptyList()\n}\n"),
        "m/ModuleHolder.kt": ("package m\n\nclass ModuleHolder<T : Module>(val module: T) {\n"
                              "  val definition = module.definition()\n\n"
                              "  fun names(): List<String> = definition.functionNames()\n}\n"),
    })
    r = served.call("find_related", symbol="ModuleDefinitionData.functionNames", relation="callers")
    assert [(i["qualname"], i["how"]) for i in r.data["items"]] == [("ModuleHolder.names", "receiver type")], r.text
    o = served.call("find_related", symbol="Other.functionNames", relation="callers")
    assert not o.data["items"], o.text
