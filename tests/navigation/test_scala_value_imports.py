"""Scala uses view (run 227): `import io._` on a method's parameter brings the members of the parameter's class, and
an imported name that qualifies a later import (`import BasicIO.{Uncloseable, Streamed}` then `import
Uncloseable.protect`) is used there."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "proc/ProcessIO.scala": (
        "package proc\n\nfinal class ProcessIO(val writeInput: Int => Unit, val processOutput: Int => Unit,\n"
        "    val daemonizeThreads: Boolean) {\n  def withInput(x: Int): ProcessIO = this\n}\n"
    ),
    "proc/BasicIO.scala": (
        "package proc\n\nobject BasicIO {\n  object Uncloseable {\n    def protect(x: Int): Int = x\n  }\n"
        "  object Streamed {\n    def apply(x: Int): Int = x\n  }\n}\n"
    ),
    "proc/Builder.scala": (
        "package proc\n\nimport BasicIO.{ Uncloseable, Streamed }\nimport Uncloseable.protect\n\n"
        "class Builder {\n  def run(io: ProcessIO): Unit = {\n    import io._\n    writeInput(1)\n"
        "    if (daemonizeThreads) processOutput(protect(2))\n    Streamed(3)\n  }\n}\n"
    ),
}


def test_a_value_import_and_an_import_qualifier_are_uses(tmp_path):
    a = served_tree(tmp_path, _FILES).call("list_dependencies", path="proc/Builder.scala", view="uses")
    rows = {u["line"]: {n["name"]: n["lines"] for n in u["names"]} for u in a.data["uses"]}
    assert rows[3].get("Uncloseable") == [4] and rows[3].get("Streamed") == [11], a.text
    assert rows[8] == {"writeInput": [9], "daemonizeThreads": [10], "processOutput": [10]}, a.text
    assert "not used" not in a.text and "no name of it used" not in a.text, a.text


def test_an_imported_overloaded_member_names_every_overload(tmp_path):
    """Scala run 363: `import Uncloseable.protect` with protect(in: InputStream) at 62 and protect(out: OutputStream)
    at 63 read `protect (BasicIO.scala:62)` for the OutputStream use too."""
    files = dict(_FILES)
    files["proc/BasicIO.scala"] = (
        "package proc\n\nobject BasicIO {\n  object Uncloseable {\n    def protect(x: Int): Int = x\n"
        "    def protect(s: String): String = s\n  }\n  object Streamed {\n    def apply(x: Int): Int = x\n  }\n}\n"
    )
    a = served_tree(tmp_path, files).call("list_dependencies", path="proc/Builder.scala", view="uses")
    row = next(u for u in a.data["uses"] if u["line"] == 4)
    protect = next(n for n in row["names"] if n["name"] == "protect")
    assert protect["defined"] == "proc/BasicIO.scala:5,6", a.text
