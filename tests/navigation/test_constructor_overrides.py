"""Implementations name a subclass's own constructor where the language would otherwise inherit the base's."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_own_constructors_over_an_inherited_one_are_named(tmp_path):
    # run 224: kramdown's converters each define `initialize` over Base's; the agent searched for them
    files = {
        "lib/base.rb": "class Base\n  def initialize(root)\n    @root = root\n  end\n\n  def convert(el)\n    raise\n  end\nend\n",
        "lib/html.rb": "class Html < Base\n  def initialize(root)\n    super\n    @x = 1\n  end\n\n"
                       "  def convert(el)\n    el\n  end\nend\n",
        "lib/man.rb": "class Man < Base\n  def convert(el)\n    el\n  end\nend\n",
        "py/shapes.py": "class Shape:\n    def __init__(self, n):\n        self.n = n\n\n\nclass Square(Shape):\n"
                        "    def __init__(self, n):\n        super().__init__(n)\n\n\nclass Dot(Shape):\n    pass\n",
        "java/A.java": "class A {\n  A(int x) { }\n  void run() { }\n}\n",
        "java/B.java": "class B extends A {\n  B(int x) { super(x); }\n  void run() { }\n}\n",
    }
    s = served_tree(tmp_path, files)
    rb = {i["qualname"]: i.get("overrides", []) for i in s.call("find_related", symbol="Base",
                                                                  relation="implementations").data["items"]}
    assert rb["Html"] == ["convert", "initialize (constructor)"] and rb["Man"] == ["convert"], rb
    py = {i["qualname"]: i.get("overrides", []) for i in s.call("find_related", symbol="Shape",
                                                                  relation="implementations").data["items"]}
    assert py["Square"] == ["__init__ (constructor)"] and not py["Dot"], py
    java = {i["qualname"]: i.get("overrides", []) for i in s.call("find_related", symbol="A",
                                                                    relation="implementations").data["items"]}
    assert java["B"] == ["run"], java  # a Java constructor is never inherited: no override of A's


def test_a_javascript_constructor_is_named_once(tmp_path):
    # review of ec7987c: a TypeScript subclass's row read `constructor (constructor)`
    files = {"src/a.ts": ("export class Base {\n  constructor(public n: number) {}\n  run(): void {}\n}\n\n"
                          "export class Sub extends Base {\n  constructor(n: number) {\n    super(n)\n  }\n"
                          "  run(): void {}\n}\n")}
    a = served_tree(tmp_path, files).call("find_related", symbol="Base", relation="implementations")
    assert [i.get("overrides") for i in a.data["items"]] == [["run", "constructor"]], a.text


def test_implementations_rows_name_the_methods_a_class_adds(tmp_path):
    # Django run 243: WSGIHandler's row said nothing of its `__init__` and `__call__` (BaseHandler defines neither)
    # and the agent read four handlers; Collections run 248: ListOrderedIterator's `next()` (the JDK's Iterator's)
    # was missing beside "overrides remove"
    files = {
        "h/base.py": "class BaseHandler:\n    def get_response(self, r):\n        pass\n",
        "h/wsgi.py": ("from h.base import BaseHandler\n\n\nclass WSGIHandler(BaseHandler):\n"
                      "    def get_response(self, r):\n        pass\n\n    def __call__(self, env, start):\n        pass\n\n"
                      "    def __init__(self):\n        pass\n"),
        "j/Deco.java": ("abstract class Deco<E> implements java.util.Iterator<E> {\n  public void remove() { }\n"
                        "  public boolean hasNext() { return true; }\n}\n"),
        "j/Ordered.java": ("class Ordered<E> extends Deco<E> {\n  public E next() { return null; }\n"
                           "  public void remove() { }\n}\n"),
        # Collections run 310: `remove 689` was the @Override line above the name (690), `next 485` likewise
        "j/Annotated.java": ("class Annotated<E> extends Deco<E> {\n  @Override\n  public E next() { return null; }\n\n"
                             "  @Override\n  @SuppressWarnings(\"x\")\n  public void remove() { }\n}\n"),
    }
    s = served_tree(tmp_path, files)
    py = s.call("find_related", symbol="BaseHandler", relation="implementations")
    assert "class WSGIHandler — overrides get_response 5; adds __init__ 11, __call__ 8" in py.text, py.text
    assert py.data["items"][0]["adds"] == ["__init__", "__call__"], py.data
    java = s.call("find_related", symbol="Deco", relation="implementations")
    assert "class Ordered — overrides remove 3; adds next 2" in java.text, java.text
    assert "class Annotated — overrides remove 7; adds next 3" in java.text, java.text  # the names' lines


def test_what_a_row_adds_leaves_out_overrides_of_classes_above_the_target_constructors_and_helpers(tmp_path):
    # review of 33864b6: LRUMap "adds ... get" though it overrides AbstractHashedMap.get, above the asked
    # AbstractLinkedMap; every Java row began with its own constructor; private helpers and static factories filled
    # the names; a Ruby class's methods of an included module were "added"
    files = {
        "j/AbstractHashedMap.java": "public class AbstractHashedMap {\n  public Object get(Object k) { return null; }\n}\n",
        "j/AbstractLinkedMap.java": "public class AbstractLinkedMap extends AbstractHashedMap {\n}\n",
        "j/LRUMap.java": ("public class LRUMap extends AbstractLinkedMap {\n  public LRUMap() { }\n"
                          "  @Override\n  public Object get(Object k) { return null; }\n  public void moveToMRU() { }\n"
                          "  private void helper() { }\n  public static LRUMap of() { return null; }\n}\n"),
        "r/base.rb": "class Base\n  def run\n  end\nend\n",
        "r/helpers.rb": "module Helpers\n  def server_version\n  end\nend\n",
        "r/pg.rb": ("class Pg < Base\n  include Helpers\n\n  def server_version\n  end\n\n  def stream\n  end\n\n"
                    "  private\n\n  def _execute\n  end\nend\n"),
    }
    s = served_tree(tmp_path, files)
    java = s.call("find_related", symbol="AbstractLinkedMap", relation="implementations")
    assert [i.get("adds") for i in java.data["items"]] == [["moveToMRU"]], java.text
    rb = s.call("find_related", symbol="Base", relation="implementations")
    assert [i.get("adds") for i in rb.data["items"]] == [["stream"]], rb.text


def test_an_outline_summary_skips_a_rule_line_the_comment_opens_with(tmp_path):
    # Commons Collections run 310: `get`, `containsKey`, `put` of AbstractHashedMap were summarised
    # "# -----------------------------------------------------------------------"
    files = {"j/Map.java": ("public class Map {\n    //-----------------------------------------------------------------------\n"
                            "    /**\n     * Gets the value mapped to the key specified.\n     */\n"
                            "    public Object get(Object key) { return null; }\n\n"
                            "    /**\n     * =========\n     * Puts a value.\n     */\n"
                            "    public void put(Object key) { }\n}\n")}
    s = served_tree(tmp_path, files)
    a = s.call("get_structured_index", path="j/Map.java")
    assert "# Gets the value mapped to the key specified." in a.text, a.text
    assert "# Puts a value." in a.text and "# ----" not in a.text and "# ====" not in a.text, a.text


def test_final_methods_are_marked_on_implementations_rows(tmp_path):
    """spdlog run 311: base_sink's log, flush, set_pattern and set_formatter are declared `final`, and the agent had to
    read base_sink.h to learn that no sink below it overrides them; a Java `final` parameter is no final method."""
    files = {
        "sink.h": ("class sink {\npublic:\n    virtual ~sink() = default;\n    virtual void log(int msg) = 0;\n"
                   "    virtual void flush() = 0;\n};\n\n"
                   "class base_sink : public sink {\npublic:\n    void log(int msg) final;\n"
                   "    void flush() override;\n};\n"),
        "java/Base.java": "abstract class Base {\n  abstract void put(final Object key);\n  abstract void clear();\n}\n",
        "java/Impl.java": ("class Impl extends Base {\n  final void put(Object key) { }\n"
                           "  void clear() { }\n  void keep(final int x) { }\n}\n"),
    }
    s = served_tree(tmp_path, files)
    cpp = s.call("find_related", symbol="sink", relation="implementations")
    assert "overrides log 10 final, flush 11;" in cpp.text or cpp.text.rstrip().endswith("overrides log 10 final, flush 11"), cpp.text
    java = s.call("find_related", symbol="Base", relation="implementations")
    assert "overrides put 2 final, clear 3; adds keep 4" in java.text, java.text


def test_a_deeper_caller_that_is_the_queried_function_is_listed_as_a_cycle(tmp_path):
    """kingpin run 318: the callers of Application.init at depth 3 reached Usage, which the help command's closure
    inside init calls; that call was dropped without a word because init was the definition asked about."""
    files = {"app.py": ("def init():\n    return helper\n\n\ndef helper():\n    usage()\n\n\ndef usage():\n    parse()\n\n\n"
                        "def parse():\n    init()\n\n\ndef main():\n    parse()\n")}
    s = served_tree(tmp_path, files)
    r = s.call("find_related", symbol="init", relation="callers", depth=3)
    assert [(i["qualname"], i["depth"]) for i in r.data["items"]] == [("parse", 1), ("usage", 2), ("main", 2), ("helper", 3)], r.text
    files["app.py"] = files["app.py"].replace("    return helper\n", "    usage()\n")
    s = served_tree(tmp_path / "b", files)
    r = s.call("find_related", symbol="init", relation="callers", depth=3)
    assert "3 in init (1-2): usage()" in r.text or "in init (1-2): usage()" in r.text, r.text
    assert "[the queried definition again: a cycle]" in r.text, r.text
