"""Mends of stop 58, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

LARK = {
    "lark/__init__.py": "",
    "lark/tree.py": ("class Tree:\n"
                     "    def iter_subtrees(self):\n        return [self]\n\n"
                     "    def find_pred(self, pred):\n        return filter(pred, self.iter_subtrees())\n"),
    "lark/grammar.py": ("def resolve(tree):\n"
                        "    for child in tree.children:\n"
                        "        ids = [id(x) for x in child.iter_subtrees()]\n"     # 3
                        "    return ids\n"),
    "lark/lexer.py": ("from typing import overload\n\n\n"
                      "class LineCounter:\n"                                           # 4
                      "    def feed(self, token):\n        self.n = len(token)\n\n\n"
                      "class LexerState:\n"                                            # 9
                      "    line_ctr: LineCounter\n\n"
                      "    def __init__(self):\n        self.line_ctr = LineCounter()\n\n\n"
                      "class Token(str):\n"                                            # 16
                      "    @overload\n"
                      "    def __new__(cls, type_: str) -> 'Token': ...\n\n"
                      "    def __new__(cls, *args, **kwargs):\n"                       # 20
                      "        return str.__new__(cls, args[0])\n\n\n"
                      "class BasicLexer:\n"                                            # 24
                      "    def next_token(self, lex_state: LexerState):\n"
                      "        line_ctr = lex_state.line_ctr\n"
                      "        value = 'x'\n"
                      "        line_ctr.feed(value)\n"                                  # 28
                      "        return Token('NAME', value)\n"),
    "lark/parsers/__init__.py": "",
    "lark/parsers/cyk.py": "class Parser:\n    def parse(self, tokens, start):\n        return tokens\n",
    "lark/parsers/earley.py": "class Parser:\n    def parse(self, lexer, start):\n        return lexer\n",
    "lark/frontends.py": ("from .parsers import earley, cyk\n\n\n"
                          "class ParsingFrontend:\n"
                          "    def __init__(self, parser):\n        self.parser = parser\n\n"
                          "    def parse(self, text, start=None):\n"                    # 8
                          "        return self.parser.parse(text, start)\n"),
}


def test_callers_of_the_one_method_of_its_name_say_the_list_is_whole(tmp_path):
    """lark run 523: Tree.iter_subtrees' callers put a call on a receiver of unknown type under 'maybe another type's
    iter_subtrees' and said nothing of completeness, though no other definition is named so; the agent searched."""
    text = served_tree(tmp_path / "r", LARK).call("find_related", symbol="Tree.iter_subtrees", relation="callers").text
    assert "[every call named 'iter_subtrees' is listed; the only definition so named in the repository]" in text, text
    assert "maybe another type's" not in text, text
    assert "lark/grammar.py:3 in resolve" in text, text


def test_a_local_copied_from_a_typed_attribute_is_of_the_attribute_s_type(tmp_path):
    """lark run 523: `line_ctr = lex_state.line_ctr` with `lex_state: LexerState` and `line_ctr: LineCounter` on the
    class left `line_ctr.feed(..)` 'unresolved (a receiver of unknown type)' under a complete callees answer; and Token,
    built by its __new__ (an @overload stub above it), was named without its constructor."""
    served = served_tree(tmp_path / "r", LARK)
    text = served.call("find_related", symbol="BasicLexer.next_token", relation="callees").text
    assert "LineCounter.feed 5-6 called at 28" in text, text
    assert "unresolved" not in text, text
    assert "class Token 16-21 built at 29 (constructor 20-21 (cls, *args, **kwargs))" in text, text
    callers = served.call("find_related", symbol="LineCounter.feed", relation="callers").text
    assert "all by receiver line_ctr: LineCounter" in callers and ":28 in BasicLexer.next_token" in callers, callers


def test_a_receiver_named_like_classes_of_several_imported_modules_is_none_of_them(tmp_path):
    """lark run 523: a semantic read of ParsingFrontend.parse listed cyk's Parser.parse '[import]' as what
    `self.parser.parse(..)` calls, with earley's Parser as likely: a guess shown as certain."""
    text = served_tree(tmp_path / "r", LARK).call("read_code_range", path="lark/frontends.py:ParsingFrontend.parse",
                                                  context="semantic").text
    assert "lark/parsers/cyk.py" not in text and "lark/parsers/earley.py" not in text, text


ANNOTATED = {
    "pkg/__init__.py": "",
    "pkg/conf.py": "class LexerConf:\n    pass\n",
    "pkg/front.py": ("from typing import Any, Callable, Dict\nfrom .conf import LexerConf\n\n"
                     "_creators: 'Dict[str, Callable[[LexerConf, Any], Any]]' = {}\n\n\n"   # 4
                     "def build(conf: LexerConf, extra: Any) -> Dict[str, int]:\n"             # 7
                     "    return {}\n"),
    "pkg/lexer.py": ("from abc import abstractmethod\n\n\n"
                     "class Lexer:\n    def lex(self, text):\n        raise NotImplementedError\n\n\n"
                     "class AbstractBasicLexer(Lexer):\n"                                       # 9
                     "    @abstractmethod\n"
                     "    def next_token(self, state):\n"                                       # 11
                     "        ...\n\n"
                     "    def lex(self, text):\n        return [self.next_token(text)]\n\n\n"
                     "class BasicLexer(AbstractBasicLexer):\n"                                  # 18
                     "    def next_token(self, state):\n        return state\n"),
}


def test_a_name_in_a_string_annotation_is_used_there_beside_its_code_uses(tmp_path):
    """lark run 523: the uses view gave `Callable (annotations only) at 55` but `Any … at 63` and `Dict … at 180`,
    all three on line 55's 'Dict[str, Callable[[LexerConf, Any, Any], Any]]'; the agent read the file."""
    text = served_tree(tmp_path / "r", ANNOTATED).call("list_dependencies", path="pkg/front.py", view="uses").text
    assert "Any (annotations only) at 4,7" in text and "Dict (annotations only) at 4,7" in text, text
    assert "LexerConf (conf.py:1, annotations only) at 4,7" in text, text


def test_a_subclass_under_another_names_its_base_and_overrides_name_the_def_line(tmp_path):
    """lark run 523: BasicLexer's base was only its indentation under AbstractBasicLexer (the agent searched the class
    lines), and an outline's '[overrides AbstractBasicLexer.next_token line 10]' named the @abstractmethod line beside
    the implementations answer's 'next_token 11'."""
    served = served_tree(tmp_path / "r", ANNOTATED)
    impl = served.call("find_related", symbol="Lexer", relation="implementations").text
    assert "18-20 class BasicLexer(AbstractBasicLexer) — overrides next_token 19" in impl, impl
    outline = served.call("get_structured_index", path="pkg/lexer.py").text
    assert "[overrides AbstractBasicLexer.next_token line 11]" in outline, outline


def test_a_semantic_read_lists_no_callers_when_all_of_many_are_guesses(tmp_path):
    """lark run 523: a semantic read of ParsingFrontend.parse listed ten of 337 `parse` calls matched by name only
    (an sre parse among them), ~400 tokens that named no real caller."""
    calls = "".join(f"def use{k}(p):\n    return p.parse({k})\n\n\n" for k in range(14))
    files = {"pkg/__init__.py": "",
             "pkg/front.py": ("class Front:\n    def parse(self, text):\n        return text\n\n\n"
                              "class Back:\n    def parse(self, text):\n        return text\n"),
             "pkg/users.py": calls}
    text = served_tree(tmp_path / "r", files).call("read_code_range", path="pkg/front.py:Front.parse", context="semantic").text
    assert ("── called by: no sure caller; 14 calls named 'parse' matched by name only (maybe another type's parse), not "
            "listed: find_related(symbol=\"Front.parse\", relation=\"callers\") ──") in text, text
    assert "in use3" not in text, text



def test_a_folded_run_of_java_imports_says_each_line_imports_one_name(tmp_path):
    """Commons Codec run 525: `20-32 java.util (standard library): ArrayList at 423; ...` did not say whether the
    thirteen lines were single-class imports or held a wildcard; the agent read the import lines."""
    files = {"src/p/A.java": ("package p;\n\nimport java.util.ArrayList;\nimport java.util.List;\nimport java.util.Map;\n\n"
                              "class A {\n    List<String> xs = new ArrayList<>();\n    Map<String, String> m;\n}\n")}
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/p/A.java", view="uses").text
    assert "  3-5 java.util (standard library) (3 import lines, one name each): ArrayList at 8; List at 8; Map at 9" in text, text


PONGO = {
    "go.mod": "module github.com/flosch/pongo2/v4\n\ngo 1.14\n",
    "template.go": ("package pongo2\n\ntype Template struct{}\n\n"
                    "func (tpl *Template) Execute(ctx map[string]int) (string, error) { return \"\", nil }\n\n"
                    "type node struct{}\n\nfunc (n *node) Execute(ctx map[string]int) (string, error) { return \"\", nil }\n"),
    "sets.go": ("package pongo2\n\ntype TemplateSet struct{}\n\n"
                "func NewSet(name string) *TemplateSet { return &TemplateSet{} }\n\n"
                "func (set *TemplateSet) FromString(s string) (*Template, error) { return &Template{}, nil }\n\n"
                "var (\n\tDefaultSet = NewSet(\"default\")\n\tFromString = DefaultSet.FromString\n)\n"),
    "pongo2_test.go": ("package pongo2_test\n\nimport (\n\t\"testing\"\n\n\t\"github.com/flosch/pongo2/v4\"\n)\n\n"
                       "var testSuite2 = pongo2.NewSet(\"test suite 2\")\n\n"
                       "func parseTemplate(s string) string {\n\tt, err := testSuite2.FromString(s)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n"
                       "\tout, _ := t.Execute(nil)\n\treturn out\n}\n\n"                          # 16
                       "func TestIssue151(t *testing.T) {\n\ttpl, _ := pongo2.FromString(\"x\")\n"
                       "\tstr, _ := tpl.Execute(nil)\n\t_ = str\n}\n"),                            # 22
}


def test_go_test_calls_on_values_from_a_package_var_and_a_method_value_are_typed(tmp_path):
    """pongo2 run 528: `t, err := testSuite2.FromString(s)` (a package var set from pongo2.NewSet(..) in the external
    test package) and `tpl, err := pongo2.FromString(..)` (a var holding DefaultSet.FromString) left t.Execute and
    tpl.Execute 'name only', listed under another type's Execute in a depth-3 answer."""
    a = served_tree(tmp_path / "r", PONGO).call("find_related", symbol="Template.Execute", relation="callers")
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in a.data["items"]}
    assert rows.get(("pongo2_test.go", (16,))) == "receiver type", a.text
    assert rows.get(("pongo2_test.go", (22,))) == "receiver type", a.text


# ----- the review of stop 58 -----

def test_a_subclass_name_call_the_subclass_s_method_cannot_take_runs_the_base_s(tmp_path):
    """`Sub.of("x")` with Sub's `of(int)` and Base's `of(String)`: Java runs Base.of; the class's-own-first rule had
    left the call out of both answers."""
    files = {"src/a/Base.java": "package a;\npublic class Base {\n    public static Base of(String s) { return null; }\n}\n",
             "src/a/Sub.java": "package a;\npublic class Sub extends Base {\n    public static Sub of(int n) { return null; }\n}\n",
             "src/a/Use.java": "package a;\npublic class Use {\n    void make() {\n        Sub.of(\"x\");\n        Sub.of(3);\n    }\n}\n"}
    served = served_tree(tmp_path / "r", files)
    base = served.call("find_related", symbol="Base.of", relation="callers")
    assert [(i["path"], i["lines"]) for i in base.data["items"]] == [("src/a/Use.java", [4])], base.text
    sub = served.call("find_related", symbol="Sub.of", relation="callers")
    assert [(i["path"], i["lines"]) for i in sub.data["items"]] == [("src/a/Use.java", [5])], sub.text


def test_a_package_name_declared_in_a_nested_block_does_not_hide_the_package_above(tmp_path):
    files = {"go.mod": "module example.com/m\n\ngo 1.22\n",
             "store/store.go": ("package store\n\ntype Store struct{}\n\nfunc New() *Store { return &Store{} }\n\n"
                                "func (s *Store) Save() {}\n"),
             "run.go": ("package m\n\nimport \"example.com/m/store\"\n\nfunc Run(names []string) {\n\ts := store.New()\n"
                        "\ts.Save()\n\tfor _, n := range names {\n\t\tstore := n\n\t\tprintln(store)\n\t}\n}\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Store.Save", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("run.go", [7], "receiver type")], a.text


def test_a_lambda_passed_by_keyword_is_run_in_place(tmp_path):
    files = {"pkg/__init__.py": "",
             "pkg/m.py": ("def compute(it):\n    return it\n\n\ndef process(items):\n    key = lambda it: compute(it)\n"
                          "    return sorted(items, key=key)\n\n\ndef run():\n    return process([1])\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="compute", relation="callers", depth=3)
    assert "pkg/m.py:11 in run (10-11): return process([1])" in a.text and "not followed" not in a.text, a.text


def test_the_one_definition_of_a_name_keeps_its_callers_in_a_semantic_read_and_the_sole_note_checks_arguments(tmp_path):
    calls = "".join(f"def use{k}(p):\n    return p.iter_custom()\n\n\n" for k in range(14))
    files = {"pkg/__init__.py": "",
             "pkg/tree.py": "class Tree:\n    def iter_custom(self):\n        return [self]\n\n    def shutdown(self):\n        pass\n",
             "pkg/users.py": calls + "def stop(sock, ex):\n    sock.shutdown(2)\n    ex.shutdown(wait=True)\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("read_code_range", path="pkg/tree.py:Tree.iter_custom", context="semantic").text
    assert "no sure caller" not in text and "pkg/users.py:2 in use0" in text, text
    sd = served.call("find_related", symbol="Tree.shutdown", relation="callers").text
    assert "the only definition so named" not in sd, sd


def test_a_php_multi_catch_types_its_variable_as_either_class(tmp_path):
    # (the review of stop 58: `catch (FooException | BarException $e)` typed $e as FooException only)
    files = {"src/R.php": ("<?php\nnamespace App;\n\n"
                           "class FooException extends \\Exception { public function detail() { return 1; } }\n"
                           "class BarException extends \\Exception { public function detail() { return 2; } }\n\n"
                           "class Runner {\n    public function run() {\n        try {\n            return 0;\n"
                           "        } catch (FooException | BarException $e) {\n            return $e->detail();\n        }\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    for cls in ("FooException", "BarException"):
        a = served.call("find_related", symbol=f"{cls}.detail", relation="callers")
        assert [(i["path"], i["lines"]) for i in a.data["items"]] == [("src/R.php", [12])], a.text


def test_csharp_callees_say_property_accessors_are_not_calls(tmp_path):
    """dbus-sharp run 529 read '[complete: every call written in its body is listed]' as covering the getters and
    setters too, and looked them up."""
    files = {"src/M.cs": ("namespace N\n{\n    public class Msg\n    {\n        public bool ReplyExpected { get; set; }\n"
                          "        public void Send() { }\n    }\n    public class User\n    {\n"
                          "        public void Go(Msg m)\n        {\n            m.ReplyExpected = true;\n            m.Send();\n        }\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="User.Go", relation="callees").text
    assert "[complete: every call written in its body is listed; property reads and writes are not calls, and not listed]" in text, text


def test_an_overloaded_callee_names_its_parameters_on_a_row_of_its_own(tmp_path):
    """Commons Codec run 530: `Digest.run 134-140 called at 124` among four run overloads (the other rows of that
    answer carried their parameter lists); the agent read the code to name the overload."""
    files = {"src/a/Digest.java": ("package a;\npublic class Digest {\n"
                                   "    void run(String p, int n) {\n        run(p, new String[0]);\n    }\n"
                                   "    void run(String p, String[] xs) {\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Digest.run(String, int)", relation="callees").text
    assert "Digest.run(String, String[]) src/a/Digest.java:6-7 called at 4" in text, text


# ----- the second review of stop 58 -----

def test_java_varargs_overloads_take_their_element_and_a_bare_name_with_a_cursor_names_its_overloads(tmp_path):
    files = {"src/a/Fmt.java": ("package a;\npublic class Fmt {\n    public static void tag(char[] c) {}\n"
                                "    public static void tag(String... s) {}\n    public static void log(Object... args) {}\n"
                                "    public static void log(String msg) {}\n}\n"),
             "src/a/Use.java": ("package a;\npublic class Use {\n    void go(String who, Object a) {\n        Fmt.tag(\"a\");\n"
                                "        Fmt.tag(who.toCharArray());\n        Fmt.log((Object) a);\n        Fmt.log(\"m\");\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    for sym, line in (("Fmt.tag(String...)", 4), ("Fmt.tag(char[])", 5), ("Fmt.log(Object...)", 6), ("Fmt.log(String)", 7)):
        a = served.call("find_related", symbol=sym, relation="callers")
        assert [(i["path"], i["lines"]) for i in a.data["items"]] == [("src/a/Use.java", [line])], (sym, a.text)
    paged = served.call("find_related", symbol="Fmt.tag", relation="callers", cursor="30")
    assert paged.is_error and "names 2: pass the one whose page you want" in paged.text, paged.text


def test_java_multi_catch_keeps_its_first_class_for_a_shared_base_s_method(tmp_path):
    files = {"src/a/Ex.java": ("package a;\nclass BaseEx extends Exception { void report() {} }\nclass AEx extends BaseEx {}\n"
                               "class BEx extends BaseEx {}\nclass Other { void report() {} }\n"
                               "class Run {\n    void go() {\n        try { step(); } catch (AEx | BEx e) {\n            e.report();\n"
                               "        }\n    }\n    void step() throws AEx, BEx {}\n}\n")}
    served = served_tree(tmp_path / "r", files)
    a = served.call("find_related", symbol="BaseEx.report", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("src/a/Ex.java", [9], "receiver type")], a.text
    o = served.call("find_related", symbol="Other.report", relation="callers")
    assert not o.data["items"], o.text


def test_a_php_call_on_an_object_built_in_place_is_that_class_s(tmp_path):
    """ramsey/uuid run 532: `(new UuidFactory())->fromString($this->uuid)` was 'matched by name only, the receiver's
    type unknown' among UuidFactory::fromString's callers."""
    files = {"src/F.php": ("<?php\nnamespace App;\n\nclass UuidFactory {\n    public function fromString($s) { return $s; }\n}\n"
                           "class Other {\n    public function fromString($s) { return $s; }\n}\n"
                           "class Lazy {\n    public function unwrap($u) {\n        return (new UuidFactory())->fromString($u);\n    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="UuidFactory.fromString", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("src/F.php", [12], "receiver type")], a.text


def test_a_php_call_on_an_object_built_on_the_line_above_and_a_left_out_list_of_eight(tmp_path):
    """ramsey/uuid run 532: `(new UuidFactory())` then `->fromString($this->uuid)` on the next line was a receiver of
    unknown type; a left-out note of eight calls named five and '… 3 more', the lookalike the agent wanted among them."""
    others = "".join(f"class O{k} {{\n    public function fromString($s) {{ return $s; }}\n}}\n" for k in range(8))
    uses = "".join(f"        (new O{k}())->fromString($u);\n" for k in range(8))
    files = {"src/F.php": ("<?php\nnamespace App;\n\nclass UuidFactory {\n    public function fromString($s) { return $s; }\n}\n"
                           + others + "class Lazy {\n    public function unwrap($u) {\n"
                           "        return (new UuidFactory())\n            ->fromString($u);\n"
                           + uses + "    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="UuidFactory.fromString", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in a.data["items"]] == [("src/F.php", [34], "receiver type")], a.text
    assert "8 other calls named 'fromString' left out" in a.text and "more" not in a.text.split("left out", 1)[1].split("]")[0], a.text


def test_a_ruby_attribute_assignment_is_a_setter_call(tmp_path):
    """liquid run 531: `drop.context = Context.new(..)` among Template#render's callees read `drop.context (maybe
    Liquid.StandardFilters.context ..)`, a private attr_reader of an unrelated module; Drop's attr_writer was meant."""
    files = {"lib/drop.rb": "class Drop\n  attr_writer :context\nend\n",
             "lib/filters.rb": "module Filters\n  private\n  attr_reader :context\nend\n",
             "lib/template.rb": ("class Template\n  def render(drop)\n    drop.context = 1\n    nil\n  end\nend\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Template#render", relation="callees").text
    assert "drop.context= (a setter; maybe Drop.context lib/drop.rb:2)" in text and "Filters" not in text, text


def test_a_caller_met_on_two_branches_is_not_said_to_be_above(tmp_path):
    """liquid run 531: a row marked 'listed above too' whose first listing came below it."""
    files = {"pkg/__init__.py": "",
             "pkg/m.py": ("def target():\n    return 1\n\n\ndef x():\n    return target()\n\n\ndef y():\n    return target()\n\n\n"
                          "def z():\n    return x() + y()\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="target", relation="callers", depth=2)
    assert [i.get("detail") for i in a.data["items"] if i["qualname"] == "z"] == [None, "listed on another branch too"], a.text


def test_a_constructor_is_told_among_several_by_the_argument_s_declared_type(tmp_path):
    """dbus-sharp run 529: `new Signature (inSigStr)` with `string inSigStr` in the method's header read 'constructors
    at 102-120, 197-200, 202-221'; the agent looked them up."""
    files = {"src/S.cs": ("namespace N\n{\n    public struct Signature\n    {\n        public Signature (string value) { }\n"
                          "        public Signature (byte[] data) { }\n        public Signature (int code) { }\n    }\n"
                          "    public class Bus\n    {\n        public void Send (string inSigStr)\n        {\n"
                          "            var s = new Signature (inSigStr);\n        }\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Bus.Send", relation="callees").text
    assert "struct Signature src/S.cs:3-8 built at 13 (constructor 5-5 (string value))" in text, text


# ----- the third review of stop 58 -----

def test_a_call_on_a_call_s_result_is_no_object_built_in_place(tmp_path):
    files = {"src/R.php": ("<?php\nnamespace App;\n\nclass Request {\n    public function send() { return 1; }\n}\n"
                           "class Response {\n    public function send() { return 2; }\n}\n"
                           "class Client {\n    private function process(Request $r): Response { return new Response(); }\n"
                           "    public function run() {\n        return $this->process(new Request())->send();\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    resp = served.call("find_related", symbol="Response.send", relation="callers")
    assert [(i["path"], i["lines"]) for i in resp.data["items"]] == [("src/R.php", [13])], resp.text
    req = served.call("find_related", symbol="Request.send", relation="callers")
    assert not req.data["items"], req.text


def test_a_constructor_argument_s_type_is_read_in_the_calling_method_only(tmp_path):
    files = {"src/p/Sig.java": ("package p;\npublic class Sig {\n    public Sig(String s) { }\n    public Sig(int n) { }\n}\n"),
             "src/p/User.java": ("package p;\nimport java.util.List;\npublic class User {\n"
                                 "    void count() {\n        for (int s = 0; s < 3; s++) { }\n    }\n"
                                 "    void each(List<String> names) {\n        for (String s : names) {\n            new Sig(s);\n"
                                 "        }\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="User.each", relation="callees").text
    assert "(int n)" not in text, text


def test_a_ruby_attribute_read_on_the_assignment_s_right_stays_a_reader(tmp_path):
    files = {"lib/counter.rb": ("class Counter\n  attr_accessor :count\nend\n\nclass Runner\n  def bump(c)\n"
                                "    c.count = c.count + 1\n  end\nend\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Runner#bump", relation="callees").text
    assert "c.count (maybe Counter.count lib/counter.rb:2)" in text and "c.count=" not in text, text



def test_the_shared_built_receiver_reads_only_an_object_built_in_place():
    # (the read-through of stop 58: the fix of the third review had gone into a copy; the shared helper, which callees
    # and the recursion check use, still read `process(new Request())->` and `(new self())->` as built objects)
    from contexteer.indexers.syntax import built_receiver

    assert built_receiver("process(new Request())->", "php") is None
    assert built_receiver("(new self())->", "php") is None
    assert built_receiver("(new UuidFactory())->", "php") == "UuidFactory"
    assert built_receiver("new Base64(x).", "java") == "Base64"
