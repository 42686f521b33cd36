"""Mends of stop 57, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

PY_PKG = {
    "markdown/__init__.py": "from .core import Markdown\n",
    "markdown/core.py": "class Markdown:\n    pass\n",
    "markdown/util.py": ("def parseBoolValue(value, fail=True):\n"
                         "    if value == 'x':\n        raise ValueError('bad')\n    return bool(value)\n\n\n"
                         "class Registry:\n    def register(self, item):\n        return item\n"),
    "markdown/blockparser.py": ("from . import util\n\n\n"
                                "def build():\n    return util.Registry()\n"),
    "markdown/toc.py": ("from .util import parseBoolValue\n\n\n"
                        "class Treeprocessor:\n    def __init__(self, md):\n        self.md = md\n\n\n"
                        "class TocTreeprocessor(Treeprocessor):\n"                     # 9
                        "    def __init__(self, md, config):\n"
                        "        super().__init__(md)\n"
                        "        self.anchors = parseBoolValue(config)\n\n\n"
                        "class TocExtension:\n"                                         # 15
                        "    TreeProcessorClass = TocTreeprocessor\n\n"
                        "    def extendMarkdown(self, md):\n"                          # 18
                        "        tocext = self.TreeProcessorClass(md, {})\n"           # 19
                        "        return tocext\n\n\n"
                        "class Other:\n"
                        "    def extendMarkdown(self, md):\n"
                        "        return self.TreeProcessorClass(md, {})\n"),
    "tests/test_apis.py": ("import unittest\nimport markdown\n\n\n"
                           "class TestConfig(unittest.TestCase):\n"
                           "    def testParse(self):\n"
                           "        self.assertTrue(markdown.util.parseBoolValue('1'))\n"      # 7
                           "    def testInvalid(self):\n"
                           "        self.assertRaises(ValueError, markdown.util.parseBoolValue, 'x')\n"),  # 9
}


def test_python_from_package_import_submodule_row_names_the_submodule(tmp_path):
    """Python-Markdown run 502: `from . import util` was pointed at markdown/__init__.py in the uses view, with
    `util.Registry` defined in util.py."""
    got = served_tree(tmp_path / "r", PY_PKG).call("list_dependencies", path="markdown/blockparser.py", view="uses")
    row = next(line for line in got.text.splitlines() if line.lstrip().startswith("1 "))
    assert "-> markdown/util.py" in row and "util.Registry" in row, got.text


def test_python_function_passed_off_its_dotted_module_path_is_a_value_use_and_calls_are_by_import(tmp_path):
    """Python-Markdown run 502: `assertRaises(ValueError, markdown.util.parseBoolValue, ..)` was missing from the
    callers answer (at depth 3 too), and `markdown.util.parseBoolValue(..)` after `import markdown` was "name only"."""
    served = served_tree(tmp_path / "r", PY_PKG)
    for depth in (1, 3):
        got = served.call("find_related", symbol="parseBoolValue", relation="callers", depth=depth)
        assert "tests/test_apis.py:9 in TestConfig.testInvalid" in got.text, got.text
    got = served.call("find_related", symbol="parseBoolValue", relation="callers")
    assert "name only" not in got.text and "TestConfig.testParse" in got.text, got.text


def test_python_class_built_through_a_class_attribute_has_that_caller(tmp_path):
    """Python-Markdown run 502: TocTreeprocessor, built only as `self.TreeProcessorClass(md, ..)` with the class
    attribute `TreeProcessorClass = TocTreeprocessor`, had no callers ("the chain ends there")."""
    served = served_tree(tmp_path / "r", PY_PKG)
    for symbol in ("TocTreeprocessor", "TocTreeprocessor.__init__"):
        got = served.call("find_related", symbol=symbol, relation="callers")
        assert "TocExtension.extendMarkdown" in got.text and "markdown/toc.py:19" in got.text and "1 call site" in got.text, got.text
        assert "Other.extendMarkdown" not in got.text, got.text  # (another class's attribute of the name)


RS_DURATION = ("pub struct Duration { secs: i64 }\n\n"
               "impl Duration {\n"
               "    pub fn checked_add(&self, rhs: &Duration) -> Option<Duration> {\n"
               "        Some(Duration { secs: self.secs + rhs.secs })\n    }\n\n"
               "    pub fn total(&self) -> Option<i64> {\n"                     # 8
               "        let part = self.secs.pow(2);\n"
               "        part.checked_add(1)\n    }\n}\n\n"
               "pub fn sum(a: &Duration, b: &Duration) -> Option<Duration> {\n    a.checked_add(b)\n}\n")


def test_rust_integer_method_on_a_value_of_unknown_type_is_not_only_guessed_the_repository_one(tmp_path):
    """chrono run 501: `secs_part.checked_add(..)` on an i64 was "maybe Duration.checked_add" alone, in callees and
    in the callers' name-only line."""
    served = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"d\"\nversion = \"0.1.0\"\n",
                                          "src/lib.rs": RS_DURATION})
    callees = served.call("find_related", symbol="Duration::total", relation="callees")
    assert "part.checked_add (std's integer checked_add, or maybe Duration.checked_add" in callees.text, callees.text
    callers = served.call("find_related", symbol="Duration::checked_add", relation="callers")
    assert "std's integers' among them" in callers.text, callers.text


RS_OPERATORS = ("use std::ops::{Add, SubAssign};\n\n"
                "pub struct Span(i64);\n"
                "pub struct Stamp(i64);\n\n"
                "impl SubAssign<Span> for Stamp {\n"                           # 6
                "    fn sub_assign(&mut self, rhs: Span) {\n        self.0 -= rhs.0;\n    }\n}\n\n"
                "impl Add<Span> for Stamp {\n"                                  # 12
                "    type Output = Stamp;\n"
                "    fn add(self, rhs: Span) -> Stamp {\n        Stamp(self.0 + rhs.0)\n    }\n}\n\n"
                "pub fn shift(mut s: Stamp, d: Span, e: Span) -> Stamp {\n"     # 19
                "    let mut n = 3;\n"
                "    n -= 1;\n"
                "    s -= d;\n"                                                 # 22
                "    let t = s + e;\n"                                          # 23
                "    t\n}\n")


def test_rust_operator_on_a_value_of_a_type_with_an_operator_impl_is_a_callee(tmp_path):
    """chrono run 499: `datetime -= OldDuration::seconds(1)` on a NaiveDateTime ran its SubAssign impl, which a
    "complete" callees answer left out."""
    got = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"d\"\nversion = \"0.1.0\"\n",
                                       "src/lib.rs": RS_OPERATORS}).call(
        "find_related", symbol="shift", relation="callees")
    assert "Stamp.sub_assign 7-9 called at 22 (operator -=)" in got.text, got.text
    assert "Stamp.add 14-16 called at 23 (operator +)" in got.text, got.text
    assert "called at 21" not in got.text and ",21" not in got.text, got.text  # (an integer's -=)


def test_rust_operator_with_several_impls_for_the_type_is_picked_by_the_right_operand_or_left_open(tmp_path):
    """Review of stop 57: chrono's `datetime - offset.fix()` (a FixedOffset) was given `impl Sub<OldDuration> for
    NaiveDateTime`'s sub under "complete"; the type has five Sub impls."""
    text = ("use std::ops::Sub;\n\npub struct Span(i64);\npub struct Fixed(i64);\npub struct Stamp(i64);\n\n"
            "impl Sub<Span> for Stamp {\n    type Output = Stamp;\n    fn sub(self, rhs: Span) -> Stamp {\n"
            "        Stamp(self.0 - rhs.0)\n    }\n}\n\n"                                     # 7-12
            "impl Sub<Fixed> for Stamp {\n    type Output = Stamp;\n    fn sub(self, rhs: Fixed) -> Stamp {\n"
            "        Stamp(self.0 - rhs.0)\n    }\n}\n\n"                                     # 14-19
            "pub fn shift(s: Stamp, f: Fixed) -> Stamp {\n"                                   # 21
            "    let _a = s - Span(1);\n"                                                      # 22
            "    s - f\n}\n")                                                                 # 23
    got = served_tree(tmp_path / "r", {"Cargo.toml": "[package]\nname = \"d\"\nversion = \"0.1.0\"\n",
                                       "src/lib.rs": text}).call("find_related", symbol="shift", relation="callees")
    assert "Stamp.sub 9-11 called at 22 (operator -)" in got.text, got.text
    assert "s - .. (operator: one of Sub<Span>, Sub<Fixed>)" in got.text and "called at 22,23" not in got.text, got.text


RB_TAGS = {
    "lib/liq/tag.rb": ("module Liq\n  class Tag\n"
                       "    def parse_expression(markup)\n      markup.strip\n    end\n  end\nend\n"),
    "lib/liq/if.rb": ("module Liq\n  class If < Tag\n"
                      "    def parse_expression(markup)\n      markup.upcase\n    end\n\n"        # 3
                      "    def lax_parse(markup)\n"                                            # 7
                      "      parse_expression(markup)\n    end\n  end\nend\n"),                 # 8
    "lib/liq/unless.rb": ("module Liq\n  class Unless < If\n"
                          "    def parse(markup)\n      parse_expression(markup)\n    end\n  end\nend\n"),  # 4
    "lib/liq/include.rb": ("module Liq\n  class Include < Tag\n"
                           "    def initialize(markup)\n"
                           "      @attrs = {}\n"
                           "      markup.scan(/x/) do |key, value|\n"
                           "        @attrs[key] = parse_expression(value)\n"                 # 6
                           "      end\n    end\n  end\nend\n"),
}


def test_ruby_bare_call_in_a_class_overriding_the_method_is_the_override_and_plain_blocks_keep_self(tmp_path):
    """liquid run 509: Tag#parse_expression's "complete" callers listed If#lax_parse, whose bare
    `parse_expression(..)` runs If's own override; If's callers guessed Include's call in `markup.scan(..) do` by
    name, which Tag's answer had by receiver."""
    served = served_tree(tmp_path / "r", RB_TAGS)
    tag = served.call("find_related", symbol="Liq::Tag#parse_expression", relation="callers")
    assert "Include#initialize" in tag.text and "lax_parse" not in tag.text and "Unless#parse" not in tag.text, tag.text
    own = served.call("find_related", symbol="Liq::If#parse_expression", relation="callers")
    assert "If#lax_parse" in own.text and "Unless#parse" in own.text and "in Liq::Include" not in own.text, own.text


RB_TEMPLATE = ("class Context\n  attr_reader :registers, :errors\n\n"
               "  def initialize(registers)\n    @registers = registers\n  end\nend\n\n"
               "class Template\n"                                                              # 9
               "  def registers\n    @registers ||= {}\n  end\n\n"
               "  def render(*args)\n"                                                         # 14
               "    context = Context.new(registers)\n"                                        # 15
               "    opts = args.shift\n"                                                       # 16
               "    static = context.registers\n"                                              # 17
               "    static\n  end\nend\n")


def test_ruby_callees_tell_a_bare_call_from_a_call_on_a_value_and_a_splat_is_an_array(tmp_path):
    """liquid run 509: Template#render's callees left out the bare `registers` (called on `context` elsewhere in the
    body), guessed `context.registers` as Template's own method (Context has `attr_reader :registers`), and offered
    a repository `shift` for `args.shift` on `*args`."""
    got = served_tree(tmp_path / "r", {"lib/t.rb": RB_TEMPLATE}).call(
        "find_related", symbol="Template#render", relation="callees")
    assert "Template#registers 10-12 called at 15\n" in got.text + "\n", got.text
    assert "Array#shift (on args)" in got.text, got.text
    assert "context.registers (maybe Context.registers" in got.text, got.text


def test_ruby_instance_variables_are_no_calls_and_a_read_after_one_is_kept(tmp_path):
    """liquid run 513: `@errors = context.errors` was read as an annotation and left out of a "complete" callees
    answer; `@profiler = context.profiler = ..` made a call of Template#profiler on self."""
    text = ("class Context\n  attr_accessor :errors, :profiler\nend\n\n"
            "class Template\n  attr_reader :errors, :profiler\n\n"
            "  def render(context)\n"                                                     # 8
            "    @profiler = context.profiler\n"                                          # 9
            "    @errors = context.errors\n"                                              # 10
            "    @root.render_to_output_buffer(context)\n  end\nend\n")                  # 11
    got = served_tree(tmp_path / "r", {"lib/t.rb": text}).call("find_related", symbol="Template#render", relation="callees")
    assert "context.errors (maybe" in got.text and "Template#errors" not in got.text, got.text
    assert "Template#profiler" not in got.text and got.text.count("render_to_output_buffer") == 1, got.text


TS_ALIAS = {
    "src/utils.ts": "export const isServer = typeof window === 'undefined'\n",
    "src/env.ts": ("import { isServer as defaultIsServer } from './utils'\n\n"
                   "let isServerFn = () => defaultIsServer\n"                                  # 3
                   "export const isServer = (): boolean => isServerFn()\n"),
    "src/observer.ts": ("import { isServer as isServerEnvironment } from './env'\n\n"
                        "export class Observer {\n"
                        "  shouldSchedule(): boolean {\n"
                        "    return !isServerEnvironment()\n"                                 # 5
                        "  }\n}\n"),
}


def test_references_follow_an_import_alias_and_say_which_definition_each_reaches(tmp_path):
    """TanStack query-core run 503: isServer's references were the three `import { isServer as isServerEnvironment }`
    lines alone, with the calls through the alias missing and nothing saying which of the two isServer each reached."""
    got = served_tree(tmp_path / "r", TS_ALIAS).call("search_symbol", query="isServer", references=True)
    text = got.text
    assert "5: return !isServerEnvironment()" in text and "as isServerEnvironment, -> src/env.ts:4" in text, text
    assert "3: let isServerFn = () => defaultIsServer" in text and "as defaultIsServer, -> src/utils.ts:1" in text, text


TS_UTILS = ("export type QueryTypeFilter = 'all' | 'active'\n\n"
            "export function noop(): void\n"                                             # 3
            "export function noop(): undefined\n"
            "export function noop(): void {}\n\n"                                        # 5
            "export type IsServerValue = () => boolean\n"                                # 7
            "export const isServer = typeof window === 'undefined'\n")                   # 8


def test_small_answer_mends_of_run_503(tmp_path):
    """TanStack query-core run 503: a read's header listed `noop 121-121, noop 122-122, noop 123-123`; a smart-case
    search said "2 more lines match ignoring case" and a call went to learning which; the uses view did not say
    that every imported name was used, and the agent read the import lines to learn it."""
    served = served_tree(tmp_path / "r", {"src/utils.ts": TS_UTILS,
                                          "src/user.ts": "import { noop, isServer } from './utils'\n\n"
                                                         "export const x = isServer ? noop() : 1\n"})
    read = served.call("read_code_range", path="src/utils.ts:1-6")
    assert "noop 3-5 (3 overloads)" in read.text.splitlines()[0], read.text
    found = served.call("search_text", pattern="isServer")
    assert "src/utils.ts:7: export type IsServerValue = () => boolean" in found.text, found.text
    uses = served.call("list_dependencies", path="src/user.ts", view="uses")
    assert "every name imported is used" in uses.text.splitlines()[0], uses.text


RB_SEND = {
    "lib/drop.rb": "class ForloopDrop\n  protected\n\n  def increment!\n    @index += 1\n  end\nend\n",
    "lib/for.rb": ("class For\n  def render_segment(items)\n    loop_vars = ForloopDrop.new\n"
                   "    items.each do |item|\n      loop_vars.send(:increment!)\n    end\n  end\nend\n"),   # 5
}


def test_ruby_call_by_symbol_through_send_is_a_caller_and_a_reference(tmp_path):
    """liquid run 509: `loop_vars.send(:increment!)` (a protected method called from outside) gave "no references
    found in the index" and no caller."""
    served = served_tree(tmp_path / "r", RB_SEND)
    callers = served.call("find_related", symbol="ForloopDrop#increment!", relation="callers")
    assert "lib/for.rb:5 in For#render_segment" in callers.text, callers.text
    refs = served.call("search_symbol", query="increment!", references=True)
    assert "5: loop_vars.send(:increment!)" in refs.text, refs.text


def test_implementations_rows_name_overrides_of_methods_above_the_asked_class(tmp_path):
    """liquid run 509: Comment's row under Block's implementations said `overrides unknown_tag 22, blank? 25`, not its
    render_to_output_buffer, which overrides Tag's (Block < Tag)."""
    files = {
        "lib/tag.rb": "class Tag\n  def render_to_output_buffer(c, o)\n    o\n  end\nend\n",
        "lib/block.rb": "class Block < Tag\n  def unknown_tag(t)\n    t\n  end\nend\n",
        "lib/comment.rb": ("class Comment < Block\n  def render_to_output_buffer(_c, o)\n    o\n  end\n\n"
                           "  def unknown_tag(_t)\n  end\nend\n"),
    }
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Block", relation="implementations")
    row = next(line for line in got.text.splitlines() if "class Comment" in line)
    assert "unknown_tag 6" in row and "render_to_output_buffer 2" in row, got.text


def test_search_symbol_of_an_import_alias_answers_with_the_definition_it_names(tmp_path):
    """ramsey/uuid run 505: `IntegerObject` (`use Ramsey\\Uuid\\Type\\Integer as IntegerObject;`) and
    `IntegerObject.toString` read "no definition of it is indexed"; another call found Integer."""
    files = {
        "src/Type/Integer.php": ("<?php\nnamespace App\\Type;\n\nfinal class Integer\n{\n"
                                 "    public function toString(): string\n    {\n        return '';\n    }\n}\n"),
        "src/Time.php": ("<?php\nnamespace App;\n\nuse App\\Type\\Integer as IntegerObject;\n\nclass Time\n{\n"
                         "    public function getSeconds(): IntegerObject\n    {\n        return new IntegerObject();\n"
                         "    }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    got = served.call("search_symbol", query="IntegerObject.toString")
    assert "IntegerObject is an import's alias of Integer" in got.text, got.text
    assert "src/Type/Integer.php:6-9 method App\\Type\\Integer::toString" in got.text, got.text


def test_a_semantic_read_says_its_callers_are_complete(tmp_path):
    """TanStack query-core run 503: `context=semantic` said "called by (1)" and the agent searched the text to learn
    whether that was all."""
    files = {"src/query.ts": "export class Query {\n  isStale(): boolean {\n    return true\n  }\n}\n",
             "src/utils.ts": ("import { Query } from './query'\n\n"
                              "export function matchQuery(query: Query): boolean {\n  return query.isStale()\n}\n")}
    got = served_tree(tmp_path / "r", files).call("read_code_range", path="src/query.ts:Query.isStale", context="semantic")
    assert "── called by (1, complete) ──" in got.text, got.text


def test_cpp_namespace_static_is_internal_linkage_not_private(tmp_path):
    """leveldb run 507: `static const uint64_t kTableMagicNumber = ..;` at namespace scope was labelled "(private)"."""
    files = {"table/format.h": ("namespace leveldb {\n\nstatic const unsigned long kTableMagicNumber = 0xdb47ull;\n\n"
                                "class Footer {\n private:\n  static const int kLen = 48;\n};\n\n}  // namespace leveldb\n")}
    served = served_tree(tmp_path / "r", files)
    got = served.call("search_symbol", query="kTableMagicNumber")
    assert "(static, internal linkage)" in got.text and "(private)" not in got.text, got.text


def test_implementations_of_a_few_rows_name_every_override(tmp_path):
    """leveldb run 507: eight rows under Env each cut at 12 overrides (`+7 more`), and three outline calls followed
    to learn the rest."""
    names = [f"Op{i}" for i in range(16)]
    base = "class Env {\n public:\n" + "".join(f"  virtual void {n}() = 0;\n" for n in names) + "};\n"
    files = {"env.h": base}
    for k in range(8):
        files[f"impl{k}.cc"] = ('#include "env.h"\n' + f"class Impl{k} : public Env {{\n public:\n"
                                + "".join(f"  void {n}() override {{}}\n" for n in names[1:]) + "};\n")
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Env", relation="implementations")
    assert "more" not in got.text and got.text.count("Op15") == 8, got.text


def test_cpp_syntax_error_at_a_macro_says_so_and_counts_what_follows(tmp_path):
    """leveldb run 507: `MATCHER(IsOK, "") { return arg.ok(); }` and `"%8" PRIu64` made outlines say "definitions
    after it may be missing or misplaced", and the agent doubted the whole answer."""
    files = {"util/testutil.h": ("#include <string>\n\nnamespace t {\n\nMATCHER(IsOK, \"\") { return arg.ok(); }\n\n"
                                 "class ErrorEnv {\n public:\n  int Count() const { return 1; }\n};\n\n}  // namespace t\n")}
    got = served_tree(tmp_path / "r", files).call("get_structured_index", path="util/testutil.h")
    assert "a macro the grammar does not expand" in got.text and "after it indexed" in got.text, got.text


def test_a_read_around_a_line_names_its_definition_once(tmp_path):
    """leveldb run 507: `version_set.cc:347 context=8` read `347 in method Version.Get.State.Match 341-379; in struct
    Version.Get.State 329-380, overlapping Version.Get.State.Match 341-379, in method Version.Get 324-400`."""
    body = "".join(f"    int v{i} = {i};\n" for i in range(12))
    files = {"get.cc": ("int Get() {\n  struct State {\n    int a;\n    static bool Match(int x) {\n" + body
                        + "      return x > 0;\n    }\n  };\n  return 0;\n}\n")}
    got = served_tree(tmp_path / "r", files).call("read_code_range", path="get.cc:10", context=8)
    head = got.text.splitlines()[0]
    assert head.count("Match") == 1 and "in struct Get.State" in head, got.text


def test_uses_view_of_a_file_without_imports_lists_its_own_package_names(tmp_path):
    """Review of stop 57 (ramsey/uuid): `list_dependencies view=uses` of TimestampLastCombCodec.php, which has no `use`
    line, printed its header and nothing, though it extends StringCodec of its own namespace."""
    files = {"Codec/StringCodec.php": "<?php\nnamespace App\\Codec;\n\nclass StringCodec\n{\n}\n",
             "Codec/LastCodec.php": "<?php\nnamespace App\\Codec;\n\nclass LastCodec extends StringCodec\n{\n}\n",
             "src/Main.java": "package app;\n\npublic class Main extends Base {\n}\n",
             "src/Base.java": "package app;\n\npublic class Base {\n}\n"}
    served = served_tree(tmp_path / "r", files)
    php = served.call("list_dependencies", path="Codec/LastCodec.php", view="uses")
    assert "same package, no import (Codec/): StringCodec (StringCodec.php:4) at 4" in php.text, php.text
    java = served.call("list_dependencies", path="src/Main.java", view="uses")
    assert "Base (Base.java:3) at 3" in java.text, java.text


def test_php_caught_exception_is_typed_by_its_catch_clause(tmp_path):
    """ramsey/uuid run 512: `catch (Throwable $exception) { .. $exception->getMessage() .. }` left getMessage and
    getCode "unresolved (a receiver of unknown type)" under a callees answer."""
    files = {"src/Gen.php": ("<?php\nnamespace App;\nuse Throwable;\nclass Gen\n{\n    public function generate(): int\n    {\n"
                             "        try {\n            return random_int(0, 9);\n"
                             "        } catch (Throwable $exception) {\n"                    # 10
                             "            throw new \\RuntimeException($exception->getMessage(), $exception->getCode());\n"
                             "        }\n    }\n}\n")}
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="Gen.generate", relation="callees")
    assert "Throwable::getMessage (on $exception) at 11" in got.text and "unknown type" not in got.text, got.text
    assert "PHP or global classes built: RuntimeException" in got.text, got.text


def test_cpp_search_hits_name_their_test_and_a_header_declaration_says_where_it_is_defined(tmp_path):
    """leveldb run 514: `search_text pattern=ComparatorCheck` read `in TEST_F 1531-1552` (which test?), and a callee
    resolved to its header declaration read `(also named so: db/builder.cc:17)`, as if another function."""
    files = {
        "db/builder.h": "#include <string>\nint BuildTable(const std::string& dbname,\n               int env);\n",
        "db/builder.cc": ('#include "db/builder.h"\n\nint BuildTable(const std::string& dbname, int env) {\n'
                          "  return env;\n}\n"),
        "db/db_impl.cc": ('#include "db/builder.h"\n\nint WriteLevel0Table() {\n  return BuildTable("x", 1);\n}\n'),
        "db/db_test.cc": ('#include "db/builder.h"\n\nTEST_F(DBTest, ComparatorCheck) {\n'
                          "  int n = BuildTable(\"db\", 2);\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    found = served.call("search_text", pattern="BuildTable", path="db/db_test.cc")
    assert "in TEST_F(DBTest, ComparatorCheck) 3-5" in found.text, found.text
    callees = served.call("find_related", symbol="WriteLevel0Table", relation="callees")
    assert "(defined at db/builder.cc:3)" in callees.text and "also named so" not in callees.text, callees.text


def test_module_level_names_are_labelled_in_their_languages_words(tmp_path):
    """TanStack query-core run 511: a module function that is not exported read "function isStale (private)", as if a
    class member's modifier."""
    files = {"src/q.ts": "function isStale(n: number): boolean {\n  return n > 0\n}\nexport const x = isStale(1)\n",
             "go.mod": "module example.com/m\n\ngo 1.20\n",
             "store.go": "package store\n\nfunc openFile(p string) error {\n\treturn nil\n}\n"}
    served = served_tree(tmp_path / "r", files)
    ts = served.call("search_symbol", query="isStale")
    assert "function isStale (not exported)" in ts.text, ts.text
    go = served.call("search_symbol", query="openFile")
    assert "(unexported)" in go.text and "(private)" not in go.text, go.text


def test_alias_following_skips_casts_keys_strings_and_default(tmp_path):
    """Review of stop 57: `search_symbol query=i64` on chrono answered "i64 is an import's alias of value" from a cast
    line `value as i64,`; alias references listed `default:` (from `export { isServer as default }`), an object key
    and a string naming the alias."""
    files = {
        "Cargo.toml": "[package]\nname = \"d\"\nversion = \"0.1.0\"\n",
        "src/lib.rs": ("pub struct Iter { value: i64 }\n\npub fn make(value: u32) -> Iter {\n    Iter {\n"
                       "        value: value\n            as i64,\n    }\n}\n"),
        "src/util.ts": "export const isServer = true\n",
        "src/a.ts": ("import { isServer as srv } from './util'\n\n"
                     "export function f(k: number): number {\n  switch (k) {\n    default:\n      return srv ? 1 : 0\n  }\n}\n"
                     "const c = { srv: 1 }\nconst label = 'srv'\n"
                     "export { isServer as default } from './util'\n"),
    }
    served = served_tree(tmp_path / "r", files)
    cast = served.call("search_symbol", query="i64")
    assert "import's alias" not in cast.text, cast.text
    refs = served.call("search_symbol", query="isServer", references=True)
    assert "6: return srv ? 1 : 0" in refs.text, refs.text
    assert "5: default:" not in refs.text and "{ srv: 1 }" not in refs.text and "'srv'" not in refs.text, refs.text


def test_review_of_stop_57_edges(tmp_path):
    """Review of stop 57: a Ruby class method of the name is no override of the instance method a bare call runs; a
    C++ non-virtual or static method of a base's name hides it, no override; a Python subclass that binds the class
    attribute again builds its own class; the uses view says nothing of every name used beside a re-export."""
    files = {
        "lib/base.rb": "class Base\n  def parse_expression(m)\n    m\n  end\nend\n",
        "lib/child.rb": ("class Child < Base\n  def self.parse_expression(m)\n    m\n  end\n\n"
                         "  def lax_parse(markup)\n    parse_expression(markup)\n  end\nend\n"),            # 7
        "h.h": ("class Base {\n public:\n  virtual void Run() = 0;\n  void Helper() {}\n  static Base* Make();\n};\n"
                "class Mid : public Base {\n public:\n  virtual void Step() {}\n};\n"
                "class Leaf : public Mid {\n public:\n  void Run() override {}\n  void Step() override {}\n"
                "  void Helper() {}\n  static Base* Make();\n};\n"),
        "p/toc.py": ("class Toc:\n    pass\n\n\nclass Other:\n    pass\n\n\n"
                     "class Holder:\n    ProcClass = Toc\n\n    def extend(self, md):\n        return self.ProcClass(md)\n\n\n"
                     "class Sub(Holder):\n    ProcClass = Other\n\n    def extend(self, md):\n        return self.ProcClass(md)\n"),
        "src/util.ts": "export const a = 1\n",
        "src/reexp.ts": "import { a } from './util'\nexport { a }\nexport * from './util'\n",
    }
    served = served_tree(tmp_path / "r", files)
    rb = served.call("find_related", symbol="Base#parse_expression", relation="callers")
    assert "lib/child.rb:7 in Child#lax_parse" in rb.text, rb.text
    cpp = served.call("find_related", symbol="Mid", relation="implementations")
    row = next(line for line in cpp.text.splitlines() if "Leaf" in line)
    assert "Run" in row and "Step" in row and "overrides" in row, cpp.text
    assert "Helper" not in row.split("adds")[0] and "Make" not in row.split("adds")[0], cpp.text
    py = served.call("find_related", symbol="Toc", relation="callers")
    assert "Holder.extend" in py.text and "Sub.extend" not in py.text, py.text
    uses = served.call("list_dependencies", path="src/reexp.ts", view="uses")
    assert "every name imported is used" not in uses.text, uses.text


def test_python_lark_run_517_mends(tmp_path):
    """lark run 517: `lalr_parser = Lark.open(..)` then `lalr_parser.parse(..)` was a caller of LALR_Parser.parse "by
    receiver" (its name); Token.__new__'s implementation was an "overload signature" of a longer @overload stub; the
    few name-only callers were listed without their calls."""
    files = {
        "lark/lalr.py": "class LALR_Parser:\n    def parse(self, x):\n        return x\n",
        "lark/lark.py": ("class Lark:\n    @classmethod\n    def open(cls, p):\n        return cls()\n\n"
                         "    def parse(self, t):\n        return t\n"),
        "lark/use.py": ("from lark.lark import Lark\n\n\ndef direct():\n    lalr_parser = Lark.open('g')\n"
                        "    return lalr_parser.parse('x')\n\n\ndef other(p):\n    return p.parse('y')\n"),
        "lark/token.py": ("from typing import overload\n\n\nclass Token(str):\n"
                          "    @overload\n    def __new__(cls, type: str, value: str, start_pos: int = 0, line: int = 0,\n"
                          "                column: int = 0, end_line: int = 0, end_column: int = 0) -> 'Token':\n"
                          "        '''A long stub.\n\n        With a docstring.\n        '''\n        ...\n\n"
                          "    def __new__(cls, *args, **kwargs):\n        return str.__new__(cls, args[1])\n"),
    }
    served = served_tree(tmp_path / "r", files)
    callers = served.call("find_related", symbol="LALR_Parser.parse", relation="callers")
    assert "by receiver" not in callers.text and "receiver lalr_parser" not in callers.text, callers.text
    assert "`return p.parse('y')`" in callers.text or "other" in callers.text, callers.text
    new = served.call("search_symbol", query="Token.__new__")
    assert "lark/token.py:14-15 method Token.__new__ (+1 overload signature: 5-12)" in new.text, new.text


def test_go_locals_made_by_make_and_first_results_are_typed(tmp_path):
    """pongo2 run 515: `includeCtx := make(Context)` then `includeCtx.Update(..)`, and `filename, err :=
    node.evaluator.Evaluate(ctx)` then `filename.String()`, were "unresolved (a receiver of unknown type)" under a
    "complete" callees answer."""
    files = {"go.mod": "module example.com/p\n\ngo 1.20\n",
             "ctx.go": ("package p\n\ntype Context map[string]interface{}\n\n"
                        "func (c Context) Update(other Context) Context {\n\treturn c\n}\n\n"
                        "type Value struct{}\n\nfunc (v *Value) String() string {\n\treturn \"\"\n}\n\n"
                        "type Evaluator interface {\n\tEvaluate(c Context) (*Value, error)\n}\n"),
             "inc.go": ("package p\n\ntype includeNode struct {\n\tevaluator Evaluator\n}\n\n"
                        "func (node *includeNode) Execute(parent Context) string {\n"
                        "\tincludeCtx := make(Context)\n"                                  # 8
                        "\tincludeCtx.Update(parent)\n"                                    # 9
                        "\tfilename, err := node.evaluator.Evaluate(includeCtx)\n"
                        "\tif err != nil {\n\t\treturn \"\"\n\t}\n"
                        "\treturn filename.String()\n}\n")}                                 # 14
    got = served_tree(tmp_path / "r", files).call("find_related", symbol="includeNode.Execute", relation="callees")
    assert "Context.Update 5-7 called at 9" in got.text and "Value.String 11-13 called at 14" in got.text, got.text
    assert "unknown type" not in got.text, got.text
