"""search_symbol: several names asked with one kind= list each name asked exactly even when it is of another kind,
and a field's value shows no annotation or comment."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_JAVA = {
    "src/ConstantFactory.java": (
        "package x;\n\n"
        "public class ConstantFactory<T> {\n"
        "    /** Returns null each time */\n"
        "    @SuppressWarnings(\"rawtypes\") // The null factory works for all object types\n"
        "    public static final ConstantFactory NULL_INSTANCE = new ConstantFactory<>(null);\n\n"
        "    public static <T> ConstantFactory<T> constantFactory(T c) { return new ConstantFactory<>(c); }\n\n"
        "    public ConstantFactory(T c) { }\n"
        "}\n"
    ),
    "src/ExceptionFactory.java": "package x;\n\npublic final class ExceptionFactory<T> {\n}\n",
}


def test_names_of_another_kind_among_several_are_listed_and_said(tmp_path):
    # run 219: `ConstantFactory.constantFactory, ConstantFactory.NULL_INSTANCE, ExceptionFactory` with kind=class
    # said the first two were a method and a field and left them out: a second call
    s = served_tree(tmp_path, _JAVA)
    a = s.call("search_symbol", query="ConstantFactory.constantFactory, ConstantFactory.NULL_INSTANCE, ExceptionFactory",
               kind="class")
    got = {d["qualname"] for d in a.data["definitions"]}
    assert {"ConstantFactory.constantFactory", "ConstantFactory.NULL_INSTANCE", "ExceptionFactory"} <= {
        q.removeprefix("x.") for q in got}, a.text
    assert "is a method" in a.text and "listed too" in a.text, a.text
    one = s.call("search_symbol", query="ConstantFactory.NULL_INSTANCE", kind="class")  # one name: kind= holds
    assert not one.data["definitions"] and "drop kind=" in one.text, one.text


def test_a_fields_value_leaves_out_its_annotation_and_comment(tmp_path):
    a = served_tree(tmp_path, _JAVA).call("search_symbol", query="NULL_INSTANCE")
    sig = a.data["definitions"][0]["signature"]
    assert sig == "public static final ConstantFactory NULL_INSTANCE = new ConstantFactory<>(null);", a.text


def test_names_with_parameter_lists_among_several(tmp_path):
    # expo run 233: `CoreModuleHelper, getVersion, get(moduleHolderForName:), reloadAppAsync` matched nothing at all
    files = {
        "Sources/Registry.swift": (
            "public final class ModuleRegistry {\n"
            "  public func get(moduleHolderForName moduleName: String) -> Int? {\n    return nil\n  }\n\n"
            "  public func get(moduleWithName moduleName: String) -> Int? {\n    return nil\n  }\n\n"
            "  public func reload() {\n  }\n}\n"
        ),
        "src/p/Jar.java": ("package p;\n\npublic class Jar {\n    public void setCookie(String url, String value) {}\n\n"
                           "    public void setCookie(String url, String value, int ttl) {}\n}\n"),
    }
    s = served_tree(tmp_path, files)
    a = s.call("search_symbol", query="reload, get(moduleHolderForName:), Jar.setCookie(String, String)")
    got = {(d["qualname"], d["start_line"]) for d in a.data["definitions"]}
    assert got == {("ModuleRegistry.reload", 10), ("ModuleRegistry.get", 2), ("p.Jar.setCookie", 4)} \
        or got == {("ModuleRegistry.reload", 10), ("ModuleRegistry.get", 2), ("Jar.setCookie", 4)}, a.text
    one = s.call("search_symbol", query="Jar.setCookie(String, String)")  # one name with its parameters: as before
    assert [d["start_line"] for d in one.data["definitions"]] == [4], one.text


def test_an_attribute_a_method_assigns_is_found_where_it_is_assigned(tmp_path):
    # Jinja2 run 235: `Environment.loader` (set in __init__) answered "no definitions match"
    files = {
        "pkg/env.py": ("class Environment:\n    def __init__(self, loader=None):\n        self.loader = loader\n"
                       "        self.cache: dict = {}\n\n    def reset(self):\n        self.loader = None\n"),
        "lib/doc.rb": "class Doc\n  def initialize(src)\n    @source ||= src\n  end\nend\n",
        "src/obs.ts": "export class Observer {\n  constructor() {\n    this.#client = 1\n  }\n  #client: number\n}\n",
    }
    s = served_tree(tmp_path, files)
    a = s.call("search_symbol", query="Environment.loader")
    assert ("declares no loader: its instances get it by assignment, pkg/env.py:3 `self.loader = loader` in "
            "Environment.__init__ 2-4; pkg/env.py:7 `self.loader = None` in Environment.reset 6-7") in a.text, a.text
    assert "appears as a word" not in a.text, a.text
    assert "Try match" not in a.text and "Try search_text" not in a.text, a.text  # the assignment is the answer (Rich run 302)
    assert "pkg/env.py:4 `self.cache: dict = {}`" in s.call("search_symbol", query="Environment.cache").text
    assert "lib/doc.rb:3 `@source ||= src`" in s.call("search_symbol", query="Doc.source").text
    none = s.call("search_symbol", query="Environment.missing")
    assert "by assignment" not in none.text, none.text


def test_a_package_qualified_name_with_parameters_and_an_operator_name_among_several(tmp_path):
    # review of 781db65: the qualified fallback looked the name up with its parameter list (nothing found), and
    # `Short.<` opened an angle bracket that swallowed the comma after it
    files = {
        "src/p/Jar.java": ("package p;\n\npublic class Jar {\n    public void setCookie(String url, String value) {}\n\n"
                           "    public void setCookie(String url, String value, int ttl) {}\n}\n"),
        "src/Short.scala": ("final abstract class Short {\n  def <(x: Int): Boolean\n  def toByte: Byte\n}\n"),
    }
    s = served_tree(tmp_path, files)
    a = s.call("search_symbol", query="toByte, p.Jar.setCookie(String, String, int)")
    got = {(d["path"], d["start_line"]) for d in a.data["definitions"]}
    assert got == {("src/Short.scala", 3), ("src/p/Jar.java", 6)}, a.text
    b = s.call("search_symbol", query="Short.<, Short.toByte")
    assert {d["start_line"] for d in b.data["definitions"]} == {2, 3}, b.text


def test_a_member_of_a_type_imported_from_a_package_says_the_type_is_outside_the_repository(tmp_path):
    # commonmark run 305: `Data.has` answered "no definitions match ... Try match='prefix'"; the agent searched the
    # text for Node's `use Dflydev\DotAccessData\Data;` to learn that Data comes from a package
    files = {
        "src/Node/Node.php": ("<?php\n\nnamespace League\\CommonMark\\Node;\n\nuse Dflydev\\DotAccessData\\Data;\n\n"
                              "abstract class Node\n{\n    public Data $data;\n\n    public function has(): bool\n"
                              "    {\n        return $this->data->has('x');\n    }\n}\n"),
        "app/client.py": ("from requests import Session\nfrom app import helpers\n\n\ndef fetch(url):\n"
                          "    return helpers.wrap(Session().get(url))\n"),
        "app/helpers.py": "def wrap(x):\n    return x\n",
        # review of 33f3f4d: a directory of the repository named like the type hid the note; a name imported from
        # the repository's own index under another name got it
        "src/Extension/FrontMatter/Data/LibYamlParser.php": "<?php\n\nclass LibYamlParser\n{\n}\n",
        "ts/alias.ts": "import { experimental_streamed } from './index'\n\nexperimental_streamed.call(1)\n",
        "ts/index.ts": "import { streamed } from './streamed'\nexport { streamed as experimental_streamed }\n",
        "ts/streamed.ts": "export function streamed(n: number) {\n  return n\n}\n",
    }
    s = served_tree(tmp_path, files)
    a = s.call("search_symbol", query="Data.has")
    assert ("no Data is defined in the repository: it is imported from outside (src/Node/Node.php:5 "
            "`use Dflydev\\DotAccessData\\Data;`), so its members are not indexed") in a.text, a.text
    assert "Try match" not in a.text, a.text
    b = s.call("search_symbol", query="Session.get")
    assert "no Session is defined in the repository: it is imported from outside (app/client.py:1 " in b.text, b.text
    e = s.call("search_symbol", query="experimental_streamed.call")  # the repository's own, re-exported
    assert "it is imported from outside" not in e.text, e.text
    d = s.call("search_symbol", query="helpers.unwrap")  # a module of the repository, imported: not "outside"
    assert "it is imported from outside" not in d.text, d.text
    c = s.call("search_symbol", query="Node.missing")  # a type of the repository: no such note
    assert "it is imported from outside" not in c.text, c.text
