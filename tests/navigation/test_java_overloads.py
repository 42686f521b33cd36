"""Java overloads are separate methods (jsoup's three `Selector.select`): each is a row with its own signature.
They were folded like TypeScript overload signatures into one row, '(+2 overload signatures: 96-99, 108-112)',
showing the widest one's signature, so "the signature of select(String query, Element root)" needed a read."""

from __future__ import annotations

import re
from pathlib import Path

from tests.navigation.conftest import Served, flat, served_tree

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
    # (`Selector.select(q, this)` inside Element is select(String, Element), the overload at line 4, by its arguments)
    a = served.call("find_related", symbol="Selector.select", path="src/org/example/select/Selector.java:4",
                    relation="callers")
    assert not a.is_error, a.text
    assert {i["qualname"] for i in a.data["items"]} >= {"Element.select"}, a.text
    assert "Page" not in a.text, "doc.select(...) on an Element is not the static Selector.select"
    b = served.call("find_related", symbol="Strings.inSorted", relation="callers")
    assert [(i["qualname"], i["how"]) for i in b.data["items"]] == [("Builder.special", "import")], b.text
    assert "name only" not in b.text


JAVA = {
    "src/org/example/Jsoup.java": (
        "package org.example;\n\npublic class Jsoup {\n"                                   # 1-3
        "    public static Document parse(String html, String baseUri) {\n"                # 4
        "        return Parser.parse(html, baseUri);\n    }\n\n"                            # 5-7
        "    public static Document parse(String html) {\n"                                # 8
        "        return Parser.parse(html, \"\");\n    }\n\n"                               # 9-11
        "    public static Document parse(java.net.URL url, int timeoutMillis) {\n"        # 12
        "        Connection con = HttpConnection.connect(url);\n        con.timeout(timeoutMillis);\n"
        "        return con.get();\n    }\n}\n"),
    "src/org/example/Parser.java": (
        "package org.example;\n\npublic class Parser {\n"
        "    public Parser(TreeBuilder treeBuilder) {\n    }\n\n"
        "    private Parser(Parser copy) {\n    }\n\n"
        "    public static Document parse(String html, String baseUri) {\n"
        "        TreeBuilder treeBuilder = new HtmlTreeBuilder();\n"
        "        return treeBuilder.parse(html, baseUri, new Parser(treeBuilder));\n    }\n}\n"),
    "src/org/example/select/Evaluator.java": (
        "package org.example.select;\n\npublic abstract class Evaluator {\n"
        "    public static class Tag extends Evaluator {\n    }\n\n"
        "    public static final class Id extends Evaluator {\n    }\n}\n"),
    "src/org/example/Token.java": (
        "package org.example;\n\nabstract class Token {\n    static abstract class Tag extends Token {\n    }\n\n"
        "    static final class StartTag extends Tag {\n    }\n}\n"),
    "src/org/example/select/NodeVisitor.java": (
        "package org.example.select;\n\npublic interface NodeVisitor {\n    void head(Object node, int depth);\n}\n"),
    "src/org/example/Element.java": (
        "package org.example;\n\nimport org.example.select.NodeVisitor;\n\npublic class Element {\n"
        "    public String text() {\n        NodeTraversor.traverse(new NodeVisitor() {\n"
        "            public void head(Object node, int depth) {\n            }\n        }, this);\n"
        "        return \"\";\n    }\n}\n"),
}


def _java(tmp_path: Path) -> Served:
    return served_tree(tmp_path / "jsoup", JAVA)


def test_one_overload_is_picked_by_its_parameter_types_or_its_line_and_an_unpicked_one_says_how(tmp_path: Path):
    """The jsoup A/B agent could not ask for Jsoup.parse(String, String): the widest overload was taken silently
    and neither the parameter types nor FILE:LINE were understood."""
    served = _java(tmp_path)
    by_types = served.call("find_related", symbol="Jsoup.parse(String, String)", relation="callees")
    by_line = served.call("find_related", symbol="Jsoup.parse", path="src/org/example/Jsoup.java:5", relation="callees")
    for a in (by_types, by_line):
        assert not a.is_error, a.text
        assert a.data["location"] == "src/org/example/Jsoup.java:4-6", a.text
        assert [i["qualname"] for i in a.data["items"]] == ["Parser.parse"], a.text
    plain = served.call("find_related", symbol="Jsoup.parse", relation="callees")
    assert "3 overloads of org.example.Jsoup.parse (lines 4, 8, 12)" in plain.text, plain.text
    assert 'symbol="org.example.Jsoup.parse(String, String)"' in plain.text or "path=\"src/org/example/Jsoup.java:4\"" in plain.text
    wrong = served.call("find_related", symbol="Jsoup.parse(Foo)", relation="callees")
    assert wrong.is_error and "no overload of 'Jsoup.parse' takes (Foo)" in wrong.text


def test_a_constructor_call_means_the_overload_its_argument_types_fit(tmp_path: Path):
    a = _java(tmp_path).call("find_related", symbol="Parser.parse", relation="callees")
    ctor = [i for i in a.data["items"] if i["qualname"] == "Parser.Parser"]
    assert [(i["start_line"], i["signature"]) for i in ctor] == [(4, "public Parser(TreeBuilder treeBuilder)")], a.text


def test_a_subclass_of_a_namesake_in_its_own_file_is_not_a_subclass(tmp_path: Path):
    """jsoup: Token.StartTag `extends Tag` is Token.Tag's, not Evaluator.Tag's."""
    a = _java(tmp_path).call("find_related", symbol="org.example.select.Evaluator", relation="implementations", depth=2)
    assert {i["qualname"] for i in a.data["items"]} == {"Evaluator.Tag", "Evaluator.Id"}, a.text


def test_an_anonymous_class_implementing_an_interface_is_listed_where_it_is_written(tmp_path: Path):
    a = _java(tmp_path).call("find_related", symbol="NodeVisitor", relation="implementations")
    assert [(i["qualname"], i["how"], i["detail"]) for i in a.data["items"]] == \
        [("Element.text", "anonymous class", "new NodeVisitor() {...} at line 7")], a.text


def test_a_java_files_package_rows_name_the_classes_it_imports_static_ones_included(tmp_path: Path):
    """The jsoup A/B agent needed the classes HttpConnection imports; the package rows named only packages, and the
    static imports were nowhere."""
    files = dict(JAVA)
    files["src/org/example/util/Normalizer.java"] = ("package org.example.util;\n\npublic final class Normalizer {\n"
                                                    "    public static String lowerCase(String s) {\n        return s;\n    }\n}\n")
    files["src/org/example/http/HttpConnection.java"] = (
        "package org.example.http;\n\nimport org.example.Jsoup;\nimport org.example.Parser;\nimport java.io.IOException;\n"
        "import org.example.select.NodeVisitor;\n\nimport static org.example.util.Normalizer.lowerCase;\n\n"
        "public class HttpConnection {\n}\n")
    root = tmp_path / "jsoup"
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    a = Served(root).call("list_dependencies", path="src/org/example/http/HttpConnection.java")
    assert not a.is_error, a.text
    assert "(lines 3-4): Jsoup, Parser" in a.text, a.text
    assert "(line 6): NodeVisitor" in a.text, a.text
    assert "(line 8): Normalizer.lowerCase (static)" in a.text, a.text


def test_callees_at_depth_two_follow_the_callees_own_calls(tmp_path: Path):
    # the jsoup A/B run 14: depth=2 on callees answered depth 1 without a word (two calls lost)
    root = tmp_path / "j"
    src = root / "src/org/ex"
    src.mkdir(parents=True)
    (src / "Builder.java").write_text("package org.ex;\n\npublic class Builder {\n    public Doc build(String s) {\n"
                                      "        return new Doc(s);\n    }\n}\n", encoding="utf-8")
    (src / "Doc.java").write_text("package org.ex;\n\npublic class Doc {\n    public Doc(String s) {\n    }\n}\n",
                                  encoding="utf-8")
    (src / "Api.java").write_text("package org.ex;\n\npublic class Api {\n    public static Doc parse(String s) {\n"
                                  "        Builder b = new Builder();\n        return b.build(s);\n    }\n}\n", encoding="utf-8")
    served = Served(root)
    a = served.call("find_related", symbol="Api.parse", relation="callees", depth=2)
    assert not a.is_error, a.text
    got = [(i["qualname"], i["depth"], i.get("via")) for i in a.data["items"]]
    assert ("Builder.build", 1, None) in got, a.text
    assert [q for q, depth, via in got if depth == 2 and via == "Builder.build"] in (["Doc"], ["Doc.Doc"]), a.text
    # the depth-2 callee sits right under Builder.build, indented
    assert re.search(r"\nBuilder\.build \S+ called at 6\n  (class )?Doc(\.Doc)? ", flat(a.text)), a.text
