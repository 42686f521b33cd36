"""jsoup A/B run 197: callers of one of Selector.select's three overloads, all of two parameters, listed every
overload's calls (`select(evaluator, root)` inside select(String, Iterable<Element>) even as its recursive call). The
arguments' types pick the overload: a parameter or local's declared type, `this`, a string literal, `X.make(..)`."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/p/Evaluator.java": "package p;\n\npublic class Evaluator {\n}\n",
    "src/p/QueryParser.java": ("package p;\n\npublic class QueryParser {\n"
                               "    public static Evaluator parse(String query) {\n        return new Evaluator();\n    }\n}\n"),
    "src/p/Element.java": ("package p;\n\npublic class Element {\n    public Elements select(String cssQuery) {\n"
                           "        return Selector.select(cssQuery, this);\n    }\n\n"
                           "    public Elements select(Evaluator evaluator) {\n        return Selector.select(evaluator, this);\n"
                           "    }\n}\n"),
    "src/p/Elements.java": ("package p;\n\nimport java.util.ArrayList;\n\npublic class Elements extends ArrayList<Element> {\n"
                            "    public Elements select(String query) {\n        return Selector.select(query, this);\n    }\n}\n"),
    "src/p/Selector.java": ("package p;\n\npublic class Selector {\n"
                            "    public static Elements select(String query, Element root) {\n"
                            "        return select(QueryParser.parse(query), root);\n    }\n\n"
                            "    public static Elements select(Evaluator evaluator, Element root) {\n"
                            "        return new Elements();\n    }\n\n"
                            "    public static Elements select(String query, Iterable<Element> roots) {\n"
                            "        Evaluator evaluator = QueryParser.parse(query);\n        Elements out = new Elements();\n"
                            "        for (Element root : roots) {\n            out.addAll(select(evaluator, root));\n"
                            "            out.addAll(select(query, root));\n        }\n"
                            "        return out;\n    }\n}\n"),
}


def _callers(served, line):
    r = served.call("find_related", symbol="Selector.select", relation="callers", path=f"src/p/Selector.java:{line}")
    assert not r.is_error, r.text
    return {(i["qualname"], tuple(i["lines"])) for i in r.data["items"]}, r.text


def test_the_arguments_types_pick_the_overload(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    by_string_element, text = _callers(served, 4)
    assert by_string_element == {("Element.select", (5,)), ("Selector.select", (17,))}, text  # (a loop variable's type)
    by_evaluator, text = _callers(served, 8)
    assert by_evaluator == {("Selector.select", (5,)), ("Selector.select", (16,)), ("Element.select", (9,))}, text
    by_iterable, text = _callers(served, 12)
    assert by_iterable == {("Elements.select", (7,))}, text
    assert "recursive" not in text, text


def test_a_class_whose_only_base_is_a_librarys_says_so_without_contradiction(tmp_path):
    # jsoup run 214: "its header names no base." above "bases not found in the repository: IllegalArgumentException"
    served = served_tree(tmp_path / "r", {"src/p/ValidationException.java": (
        "package p;\n\npublic class ValidationException extends IllegalArgumentException {\n}\n")})
    r = served.call("find_related", symbol="ValidationException", relation="supertypes")
    assert "names no base" not in r.text and "no base of it is defined in the repository." in r.text, r.text
    assert "IllegalArgumentException" in r.text, r.text


def test_a_chained_argument_and_a_csharp_explicit_interface_member(tmp_path):
    # the second review: `new StringBuilder("x").append(n).toString()` had been typed a StringBuilder (the call's
    # chain swallowed), and C#'s `void ICollection<JToken>.Add(JToken item)` taken for an overload of Add(object)
    files = {
        "src/p/Out.java": ("package p;\n\npublic class Out {\n    public void write(String s) {\n    }\n\n"
                           "    public void write(StringBuilder sb) {\n    }\n}\n"),
        "src/p/User.java": ("package p;\n\npublic class User {\n    void run(Out out, String name) {\n"
                            "        out.write(new StringBuilder(\"x\").append(name).toString());\n    }\n}\n"),
        "Linq/JContainer.cs": ("namespace N\n{\n    public class JToken\n    {\n    }\n\n    public class JContainer : JToken\n"
                               "    {\n        public virtual void Add(object content)\n        {\n        }\n\n"
                               "        void System.Collections.Generic.ICollection<JToken>.Add(JToken item)\n        {\n"
                               "            Add(item);\n        }\n\n        public void Fill(JToken t)\n        {\n"
                               "            Add(t);\n        }\n    }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="Out.write", relation="callers", path="src/p/Out.java:4")
    assert [(i["qualname"], i["lines"]) for i in r.data["items"]] == [("User.run", [5])], r.text
    a = served.call("find_related", symbol="JContainer.Add", relation="callers", path="Linq/JContainer.cs:9")
    assert {(i["qualname"], tuple(i["lines"])) for i in a.data["items"]} >= {("JContainer.Fill", (20,))}, a.text
    assert "another overload" not in a.text, a.text


def test_lambdas_and_method_references_passed_where_an_interface_is_taken(tmp_path):
    # jsoup run 214: three lambdas implement NodeVisitor (`traverse((node, depth) -> ..)`); the agent searched for them
    files = {
        "src/p/Visitor.java": "package p;\n\npublic interface Visitor {\n    void head(Node node, int depth);\n}\n",
        "src/p/Printer.java": ("package p;\n\npublic class Printer implements Visitor {\n"
                               "    public void head(Node node, int depth) {\n    }\n}\n"),
        "src/p/Node.java": ("package p;\n\npublic class Node {\n    public Node traverse(Visitor visitor) {\n        return this;\n    }\n\n"
                            "    public void each() {\n        traverse((node, depth) -> System.out.println(depth));\n    }\n\n"
                            "    public void each2() {\n        traverse(this::visit);\n    }\n\n"
                            "    void visit(Node n, int d) {\n    }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="Visitor", relation="implementations")
    assert [i["qualname"] for i in r.data["items"]] == ["Printer"], r.text
    assert ("2 lambdas or method references passed where a Visitor is taken: src/p/Node.java:9 in Node.each via "
            "traverse(..); src/p/Node.java:13 in Node.each2 via traverse(..)") in r.text, r.text


def test_a_hierarchy_of_fifty_subtypes_is_one_answer(tmp_path):
    # jsoup run 214: Evaluator's 52 subclasses (30 direct) had been the first level, then a page of 30 at depth=3
    files = {"src/p/Evaluator.java": "package p;\n\npublic abstract class Evaluator {\n}\n"}
    for i in range(30):
        files[f"src/p/E{i}.java"] = f"package p;\n\npublic class E{i} extends Evaluator {{\n}}\n"
    for i in range(22):
        files[f"src/p/F{i}.java"] = f"package p;\n\npublic class F{i} extends E{i} {{\n}}\n"
    r = served_tree(tmp_path / "r", files).call("find_related", symbol="Evaluator", relation="implementations")
    assert r.data["total"] == 52 and len(r.data["items"]) == 52 and r.data.get("next_cursor") is None, r.text[:400]
