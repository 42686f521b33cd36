"""Java overloads are separate methods (jsoup's three `Selector.select`): each is a row with its own signature.
They were folded like TypeScript overload signatures into one row, '(+2 overload signatures: 96-99, 108-112)',
showing the widest one's signature, so "the signature of select(String query, Element root)" needed a read."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served

SELECTOR = """package org.example.select;

public class Selector {
    public static Elements select(String query, Element root) {
        return select(parse(query), root);
    }

    public static Elements select(Evaluator evaluator, Element root) {
        return Collector.collect(evaluator, root);
    }

    public static Elements select(String query, Iterable<Element> roots) {
        Elements out = new Elements();
        for (Element root : roots) {
            out.addAll(select(query, root));
        }
        return out;
    }
}
"""
TS = """export function pick(a: string): string;
export function pick(a: number): number;
export function pick(a: string | number): string | number {
  return a;
}
"""


def test_each_java_overload_is_its_own_row_with_its_signature(tmp_path: Path):
    root = tmp_path / "java"
    (root / "src/org/example/select").mkdir(parents=True)
    (root / "src/org/example/select/Selector.java").write_text(SELECTOR, encoding="utf-8")
    (root / "ts").mkdir()
    (root / "ts/pick.ts").write_text(TS, encoding="utf-8")
    served = Served(root)
    a = served.call("search_symbol", query="Selector.select")
    assert not a.is_error, a.text
    assert [d["signature"] for d in a.data["definitions"]] == [
        "public static Elements select(String query, Element root)",
        "public static Elements select(Evaluator evaluator, Element root)",
        "public static Elements select(String query, Iterable<Element> roots)"], a.text
    assert "overload signature" not in a.text
    ts = served.call("search_symbol", query="pick")  # TypeScript overload signatures still fold into the implementation
    assert "(+2 overload signatures: 1-1, 2-2)" in ts.text, ts.text


STATIC_FILES = {
    "src/org/example/select/Selector.java": SELECTOR,
    "src/org/example/select/Element.java": (
        "package org.example.select;\n\npublic class Element {\n    public Elements select(String q) {\n"
        "        return Selector.select(q, this);\n    }\n}\n"),
    "src/org/example/app/Page.java": (
        "package org.example.app;\n\nimport org.example.select.Element;\n\npublic class Page {\n"
        "    public int links(Element doc) {\n        return doc.select(\"a\").size();\n    }\n}\n"),
    "src/org/example/util/Strings.java": (
        "package org.example.util;\n\npublic final class Strings {\n    public static boolean inSorted(String a, String[] b) {\n"
        "        return false;\n    }\n}\n"),
    "src/org/example/app/Builder.java": (
        "package org.example.app;\n\nimport static org.example.util.Strings.inSorted;\n\npublic class Builder {\n"
        "    boolean special(String name) {\n        return inSorted(name, new String[0]);\n    }\n}\n"),
}


def test_a_static_methods_callers_are_the_calls_through_its_class_not_a_values_namesake(tmp_path: Path):
    """jsoup's static Selector.select: 645 call sites, 640 of them `doc.select(q)` (Element's own select) matched by
    name; a static method is called through its class (or after a static import), never on a value."""
    root = tmp_path / "static"
    for rel, text in STATIC_FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    served = Served(root)
    a = served.call("find_related", symbol="Selector.select", path="src/org/example/select/Selector.java",
                    relation="callers")
    assert not a.is_error, a.text
    assert {i["qualname"] for i in a.data["items"]} >= {"Element.select"}, a.text
    assert "Page" not in a.text, "doc.select(...) on an Element is not the static Selector.select"
    b = served.call("find_related", symbol="Strings.inSorted", relation="callers")
    assert [(i["qualname"], i["how"]) for i in b.data["items"]] == [("Builder.special", "import")], b.text
    assert "name only" not in b.text
