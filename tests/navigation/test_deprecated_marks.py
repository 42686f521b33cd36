"""Scala A/B run 227: which of Tasks's implementations are deprecated took a read of each; a definition whose
annotations mark it deprecated says so in search_symbol and type-relation rows."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "p/Tasks.scala": (
        "package p\n\ntrait Tasks {\n  def execute(): Unit\n}\n\n"
        "@deprecated(\"Use ForkJoinTasks\", \"2.11.0\")\ntrait ThreadPoolTasks extends Tasks {\n  def execute(): Unit = ()\n}\n\n"
        "trait ForkJoinTasks extends Tasks {\n  def execute(): Unit = ()\n}\n"
    ),
    "j/Old.java": "package j;\n\n@Deprecated\n@SuppressWarnings(\"x\")\npublic class Old {\n}\n",
    "j/New.java": "package j;\n\n@SuppressWarnings(\"x\")\npublic class New {\n}\n",
}


def test_deprecated_definitions_say_so(tmp_path):
    s = served_tree(tmp_path, _FILES)
    a = s.call("search_symbol", query="ThreadPoolTasks, ForkJoinTasks, Old, New")
    marks = {d["qualname"].rsplit(".", 1)[-1]: d.get("deprecated") for d in a.data["definitions"]}
    assert marks == {"ThreadPoolTasks": True, "ForkJoinTasks": None, "Old": True, "New": None}, a.text
    assert "(name at line 8) (deprecated) — trait ThreadPoolTasks" in a.text, a.text
    impl = s.call("find_related", symbol="Tasks", relation="implementations")
    rows = {i["qualname"].rsplit(".", 1)[-1]: i.get("deprecated") for i in impl.data["items"]}
    assert rows == {"ThreadPoolTasks": True, "ForkJoinTasks": None}, impl.text


def test_module_prefixed_decorators_and_obsolete_attribute_lists_are_deprecations(tmp_path):
    # review of 781db65: `@typing_extensions.deprecated(..)` and `[Serializable, ObsoleteAttribute]` went unmarked
    files = {
        "m.py": ("import typing_extensions\n\n\n@typing_extensions.deprecated(\"use g\")\ndef f():\n    pass\n\n\n"
                 "def g():\n    pass\n"),
        "C.cs": "[Serializable, ObsoleteAttribute(\"x\")]\npublic class Legacy\n{\n}\n\npublic class Current\n{\n}\n",
    }
    a = served_tree(tmp_path, files).call("search_symbol", query="f, g, Legacy, Current")
    marks = {d["qualname"]: d.get("deprecated") for d in a.data["definitions"]}
    assert marks == {"f": True, "g": None, "Legacy": True, "Current": None}, a.text
