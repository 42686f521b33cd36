"""What the Symfony Console (PHP) A/B run 95 and its preparation found: a parameter's declared class
(`InputInterface $input`) lost to a later `$input = new ArrayInput(..)` in one branch, so every call on `$input`
resolved to ArrayInput's method; nullable and namespaced parameter types (`?OutputInterface $output`,
`\\Throwable $e`) were not read at all."""

from __future__ import annotations

from contexteer.indexers.syntax import declared_type
from tests.navigation.conftest import served_tree

_FILES = {
    "src/InputInterface.php": "<?php\nnamespace App;\n\ninterface InputInterface\n{\n    public function has(string $x);\n}\n",
    "src/OutputInterface.php": "<?php\nnamespace App;\n\ninterface OutputInterface\n{\n    public function writeln(string $m);\n}\n",
    "src/ArrayInput.php": ("<?php\nnamespace App;\n\nclass ArrayInput implements InputInterface\n{\n"
                           "    public function has(string $x) { return true; }\n}\n"),
    "src/App.php": ("<?php\nnamespace App;\n\nclass App\n{\n"
                    "    public function run(InputInterface $input, ?OutputInterface $output = null)\n    {\n"
                    "        if ($input->has('a')) {\n            $input = new ArrayInput();\n        }\n"
                    "        $output->writeln('x');\n        return $input->has('b');\n    }\n}\n"),
}


def test_php_parameter_types_nullable_namespaced_promoted():
    sig = ("public function __construct(InputInterface $input, ?OutputInterface $output, \\Throwable $error, "
           "?\\Foo\\Command $command = null, int|string $x, private readonly Foo &$ref, Bar ...$rest)")
    got = {w: declared_type(sig, w) for w in ("$input", "$output", "$error", "$command", "$x", "$ref", "$rest")}
    assert got == {"$input": "InputInterface", "$output": "OutputInterface", "$error": "Throwable",
                   "$command": "Command", "$x": None, "$ref": "Foo", "$rest": "Bar"}


def test_php_a_parameter_reassigned_in_a_branch_keeps_its_declared_class(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    c = served.call("find_related", symbol="App.run", relation="callees")
    assert not c.is_error, c.text
    rows = {i["qualname"]: tuple(i["lines"]) for i in c.data["items"]}
    assert rows.get("InputInterface.has") == (8, 12), c.text
    assert "ArrayInput.has" not in rows, c.text
    assert rows.get("OutputInterface.writeln") == (11,), c.text
    n = served.call("find_related", symbol="InputInterface.has", relation="callers")
    assert 8 in {ln for i in n.data["items"] for ln in i["lines"]}, n.text


def test_a_method_called_on_another_class_built_in_place_is_no_recursion(tmp_path):
    files = {"src/Helper.php": ("<?php\nnamespace App;\n\nuse Other\\UnicodeString;\n\nclass Helper\n{\n"
                                "    public static function width(?string $s): int\n    {\n"
                                "        return (new UnicodeString($s))->width(false);\n    }\n\n"
                                "    public function other(string $s): int\n    {\n"
                                "        return (new Helper())->width($s);\n    }\n}\n"),
             "src/node.py": ("class Node:\n    def link(self, t):\n        return Edge(t).link(self)\n\n\n"
                             "class Edge:\n    def link(self, n):\n        return n\n")}
    served = served_tree(tmp_path / "r", files)
    n = served.call("find_related", symbol="Helper.width", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in n.data["items"]] == [("Helper.other", [15])], n.text
    c = served.call("find_related", symbol="Helper.width", relation="callees")
    assert not c.data["items"], c.text
    assert "Other\\UnicodeString::width" in c.text, c.text  # named as another class's method, not called "recursive"
    p = served.call("find_related", symbol="Node.link", relation="callees")
    assert "recursive" not in p.text, p.text
    assert [i["qualname"] for i in p.data["items"] if i["qualname"].endswith("link")] == ["Edge.link"], p.text


_LAZY = {
    "src/Command.php": "<?php\nnamespace App;\n\nclass Command\n{\n    public function run(string $input): int\n    {\n        return 0;\n    }\n}\n",
    "src/Application.php": ("<?php\nnamespace App;\n\nclass Application\n{\n    public function run(string $input): int\n"
                            "    {\n        return 1;\n    }\n}\n"),
    "src/Lazy.php": ("<?php\nnamespace App;\n\nuse Ext\\Process;\n\nclass Lazy extends Command\n{\n"
                     "    public function run(string $input): int\n    {\n        return $this->getCommand()->run($input);\n    }\n\n"
                     "    public function getCommand(): parent\n    {\n        return new Command();\n    }\n\n"
                     "    public function tail(): void\n    {\n        $process = new Process(['tail']);\n"
                     "        $process->run(function () {});\n    }\n}\n"),
    "src/Tester.php": ("<?php\nnamespace App;\n\nclass Tester\n{\n    private $application;\n\n"
                       "    public function __construct(Application $application)\n    {\n"
                       "        $this->application = $application;\n    }\n\n"
                       "    public function run(string $in): int\n    {\n        return $this->application->run($in);\n    }\n}\n"),
}


def test_php_receivers_typed_by_a_parent_return_an_outside_class_and_an_assigned_property(tmp_path):
    served = served_tree(tmp_path / "r", _LAZY)
    c = served.call("find_related", symbol="Command.run", relation="callers")
    assert not c.is_error, c.text
    rows = {(i["qualname"], tuple(i["lines"])): i["how"] for i in c.data["items"]}
    assert rows == {("Lazy.run", (10,)): "receiver type"}, c.text  # `getCommand(): parent` is a Command
    assert "Lazy.php:21" in c.text and "Tester.php:15" in c.text, c.text  # told apart: Process's, Application's run
    a = served.call("find_related", symbol="Application.run", relation="callers")
    assert {(i["qualname"], i["how"]) for i in a.data["items"]} == {("Tester.run", "receiver type")}, a.text
    e = served.call("find_related", symbol="Lazy.run", relation="callees")
    assert "Command.run" in {i["qualname"] for i in e.data["items"]}, e.text


_BIND = {
    "src/InputInterface.php": "<?php\nnamespace App;\n\ninterface InputInterface\n{\n    public function bind(array $d);\n}\n",
    "src/Input.php": ("<?php\nnamespace App;\n\nclass Input implements InputInterface\n{\n    public function bind(array $d)\n"
                      "    {\n    }\n\n    public static function fromTokens(array $t): self\n    {\n        return new self();\n    }\n}\n"),
    "src/Complete.php": ("<?php\nnamespace App;\n\nclass Complete\n{\n    public function execute(): void\n    {\n"
                         "        $in = $this->createInput();\n        $in->bind([]);\n        $other = Input::fromTokens([]);\n"
                         "        $other->bind([]);\n        if ($c = \\Closure::bind(function () {}, $this)) {\n        }\n    }\n\n"
                         "    private function createInput(): Input\n    {\n        return new Input();\n    }\n}\n"),
}


def test_php_locals_from_a_method_or_a_static_factory_and_an_outside_class_static_call(tmp_path):
    c = served_tree(tmp_path / "r", _BIND).call("find_related", symbol="InputInterface.bind", relation="callers")
    assert not c.is_error, c.text
    assert {(i["qualname"], tuple(i["lines"]), i["how"]) for i in c.data["items"]} == \
        {("Complete.execute", (9, 11), "receiver type")}, c.text
    assert "Complete.php:12" in c.text and "left out" in c.text, c.text  # `\Closure::bind` is PHP's


def test_uses_view_says_where_an_import_the_code_never_uses_is_named_in_docblocks(tmp_path):
    files = {**_FILES, "src/Tester.php": ("<?php\nnamespace App;\n\nuse App\\InputInterface;\nuse App\\ArrayInput;\n"
                                          "use App\\OutputInterface;\n\ntrait Tester\n{\n    /** @var InputInterface */\n"
                                          "    private $input;\n\n    public function run(): void\n    {\n"
                                          "        $this->input = new ArrayInput();\n    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/Tester.php", view="uses")
    assert not a.is_error, a.text
    assert "not used: InputInterface (named only in comments or strings at 10)" in a.text, a.text
    row = next(ln for ln in a.text.splitlines() if "OutputInterface" in ln)
    assert row.endswith("not used: OutputInterface"), a.text  # named nowhere else: nothing to add
    assert "ArrayInput (src/ArrayInput.php:4) at 15" in a.text or "ArrayInput (ArrayInput.php:4) at 15" in a.text, a.text


def test_uses_view_lists_php_global_classes_written_fully_qualified(tmp_path):
    files = {**_FILES, "src/Boom.php": ("<?php\nnamespace App;\n\nuse App\\ArrayInput;\n\nclass Boom\n{\n"
                                        "    public function run(): void\n    {\n        $i = new ArrayInput();\n"
                                        "        $r = new \\ReflectionObject($i);\n        throw new \\RuntimeException('x'.\\PHP_EOL);\n"
                                        "    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/Boom.php", view="uses")
    assert not a.is_error, a.text
    assert a.text.startswith("src/Boom.php: 1 import;"), a.text  # the global row is no import
    row = next(ln for ln in a.text.splitlines() if ln.startswith("  global namespace, no import"))
    assert "ReflectionObject at 11" in row and "RuntimeException at 12" in row and "PHP_EOL at 12" in row, a.text
    assert "ArrayInput" not in row, a.text


def test_php_static_call_on_a_class_of_the_same_namespace_without_import(tmp_path):
    files = {"Helper/Helper.php": ("<?php\nnamespace App\\Helper;\n\nabstract class Helper\n{\n"
                                   "    public static function formatTime($secs)\n    {\n        return 'x';\n    }\n}\n"),
             "Helper/ProgressBar.php": ("<?php\nnamespace App\\Helper;\n\nfinal class ProgressBar\n{\n"
                                        "    private static function formatters(): array\n    {\n        return [\n"
                                        "            'remaining' => function (self $bar) {\n"
                                        "                return Helper::formatTime($bar->getRemaining());\n            },\n"
                                        "        ];\n    }\n\n    public function getRemaining(): float\n    {\n        return 0;\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    n = served.call("find_related", symbol="Helper.formatTime", relation="callers")
    assert not n.is_error, n.text
    assert [(i["qualname"], i["lines"]) for i in n.data["items"]] == [("ProgressBar.formatters", [10])], n.text
    r = served.call("read_code_range", path="Helper/ProgressBar.php:10", context="semantic")
    assert "Helper/Helper.php:6-9 Helper.formatTime" in r.text and "ProgressBar.getRemaining" in r.text, r.text


def test_a_map_says_how_many_members_of_a_shown_class_it_left_out(tmp_path):
    methods = "".join(f"    public function m{i}(int $a, string $b, array $c = []);\n" for i in range(8))
    files = {"Out/Big.php": f"<?php\nnamespace App\\Out;\n\ninterface Big\n{{\n{methods}}}\n",
             **{f"Out/User{k}.php": (f"<?php\nnamespace App\\Out;\n\nclass User{k}\n{{\n    public function go(Big $b): void\n"
                                     f"    {{\n        $b->m{k}(1, 'x');\n    }}\n}}\n") for k in range(3)}}
    a = served_tree(tmp_path / "r", files).call("get_structured_index", path="Out", budget_tokens=120)
    assert not a.is_error, a.text
    lines = a.text.splitlines()
    head = next(i for i, ln in enumerate(lines) if "interface Big" in ln)
    shown = 0
    for ln in lines[head + 1:]:
        if not ln.startswith("    "):
            break
        shown += 1
    assert shown < 8, a.text  # the budget cut some members
    assert lines[head].endswith(f"(+{8 - shown} more member{'s' if 8 - shown != 1 else ''})"), a.text


def test_implementation_rows_count_the_interface_methods_they_define_first(tmp_path):
    iface = "".join(f"    public function m{i}();\n" for i in range(4))
    files = {"src/Out.php": f"<?php\nnamespace App;\n\ninterface Out\n{{\n{iface}}}\n",
             "src/ConsoleOut.php": "<?php\nnamespace App;\n\ninterface ConsoleOut extends Out\n{\n    public function err();\n}\n",
             "src/Full.php": ("<?php\nnamespace App;\n\nclass Full implements Out\n{\n    public function __construct() {}\n"
                              + "".join(f"    public function m{i}() {{}}\n" for i in range(4)) + "}\n"),
             "src/Part.php": ("<?php\nnamespace App;\n\nclass Part implements ConsoleOut\n{\n    public function __construct() {}\n"
                              "    public function err() {}\n    public function m2() {}\n}\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Out", relation="implementations")
    assert not a.is_error, a.text
    rows = {ln.split(" class ")[1].split()[0]: ln for ln in a.text.splitlines() if " class " in ln}
    # the names left out, the constructor named as what it adds
    assert rows["Full"].endswith("— overrides all 4 of Out's methods (m0 7, m1 8, m2 9, m3 10); adds __construct 6"), a.text
    assert rows["Part"].endswith("— overrides m2 8 (1 of Out's 4 methods), also err 7; adds __construct 6"), a.text
    part = next(i for i in a.data["items"] if i["qualname"] == "Part")
    assert part["overrides"] == ["m2", "err"] and part["overrides_of_target"] == [1, 4], a.data


def test_find_related_takes_a_file_symbol_pair_and_says_plainly_when_nothing_overrides_a_method(tmp_path):
    served = served_tree(tmp_path / "r", _LAZY)
    a = served.call("find_related", symbol="src/Command.php:Command", relation="implementations")
    assert not a.is_error, a.text
    assert [i["qualname"] for i in a.data["items"]] == ["Lazy"], a.text
    b = served.call("find_related", symbol="src/Lazy.php:Lazy.getCommand", relation="implementations")
    assert not b.is_error, b.text
    assert "no subtype of Lazy in the repository defines its own getCommand" in b.text, b.text
    c = served.call("find_related", symbol="src/Nope.php:Command", relation="implementations")
    assert c.is_error and "no definition named 'src/Nope.php:Command'" in c.text, c.text  # not a file: as written


_WRAP = {
    "src/Wrappable.php": "<?php\nnamespace App;\n\ninterface Wrappable\n{\n    public function wrap(string $m, int $w);\n}\n",
    "src/Formatter.php": ("<?php\nnamespace App;\n\nclass Formatter implements Wrappable\n{\n"
                          "    public function format(string $m)\n    {\n        return $this->wrap($m, 0);\n    }\n\n"
                          "    public function wrap(string $m, int $w)\n    {\n        return $this->style($m);\n    }\n\n"
                          "    private function style(string $m)\n    {\n        return $m;\n    }\n}\n"),
    "src/Table.php": ("<?php\nnamespace App;\n\nclass Table\n{\n    public function render(Wrappable $f)\n    {\n"
                      "        return $f->wrap('x', 3);\n    }\n}\n"),
}


def test_a_method_name_meaning_an_implementation_and_its_interface_declaration_is_answered(tmp_path):
    served = served_tree(tmp_path / "r", _WRAP)
    c = served.call("find_related", symbol="wrap", relation="callers", depth=2)
    assert not c.is_error, c.text  # was refused: 'wrap' names 2 definitions
    assert {(i["qualname"], tuple(i["lines"])) for i in c.data["items"] if i["depth"] == 1} == \
        {("Formatter.format", (8,)), ("Table.render", (8,))}, c.text
    assert "also names Wrappable.wrap (src/Wrappable.php:6)" in c.text, c.text
    e = served.call("find_related", symbol="wrap", relation="callees")
    assert [i["qualname"] for i in e.data["items"]] == ["Formatter.style"], e.text  # the body's, not the declaration's
    m = served.call("find_related", symbol="wrap", relation="implementations")
    assert [i["qualname"] for i in m.data["items"]] == ["Formatter.wrap"], m.text


def test_a_semantic_read_lists_the_fields_it_reads_and_types_a_docblock_return(tmp_path):
    files = {"src/Style.php": "<?php\nnamespace App;\n\nclass Style\n{\n    public function apply(string $t) { return $t; }\n}\n",
             "src/Stack.php": ("<?php\nnamespace App;\n\nclass Stack\n{\n    /**\n     * @return Style\n     */\n"
                               "    public function getCurrent()\n    {\n        return new Style();\n    }\n}\n"),
             "src/Formatter.php": ("<?php\nnamespace App;\n\nclass Formatter\n{\n    private $decorated;\n    private $styleStack;\n"
                                   "    private $unused;\n\n    public function render(string $t): string\n    {\n"
                                   "        $stack = new Stack();\n        $style = $stack->getCurrent();\n"
                                   "        return $this->decorated ? $this->styleStack->x($t) . $style->apply($t) : $t;\n    }\n}\n")}
    r = served_tree(tmp_path / "r", files).call("read_code_range", path="src/Formatter.php:Formatter.render", context="semantic")
    assert not r.is_error, r.text
    uses = r.text.split("── uses ──")[1].split("──")[0]
    assert "Formatter.decorated — private $decorated;  [field]" in uses and "Formatter.styleStack" in uses, r.text
    assert "unused" not in uses, r.text
    assert "Style.apply" in uses and "Stack.getCurrent" in uses, r.text  # `$style` typed by getCurrent's @return


def test_php_chains_of_arrows_are_typed_step_by_step(tmp_path):
    files = {"src/Style.php": "<?php\nnamespace App;\n\nclass Style\n{\n    public function apply(string $t) { return $t; }\n}\n",
             "src/Other.php": "<?php\nnamespace App;\n\nclass Other\n{\n    public function apply(string $t) { return ''; }\n}\n",
             "src/Stack.php": ("<?php\nnamespace App;\n\nclass Stack\n{\n    /**\n     * @return Style\n     */\n"
                               "    public function getCurrent()\n    {\n        return new Style();\n    }\n}\n"),
             "src/Formatter.php": ("<?php\nnamespace App;\n\nclass Formatter\n{\n    private $styleStack;\n\n"
                                   "    public function __construct()\n    {\n        $this->styleStack = new Stack();\n    }\n\n"
                                   "    public function render(string $t, Stack $s): string\n    {\n"
                                   "        $p = 'x';\n        return $p.$this->styleStack->getCurrent()->apply($t).$s->getCurrent()->apply($t);\n"
                                   "    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="Formatter.render", relation="callees")
    assert not c.is_error, c.text
    assert {i["qualname"] for i in c.data["items"]} == {"Stack.getCurrent", "Style.apply"}, c.text
    n = served.call("find_related", symbol="Style.apply", relation="callers")
    assert [(i["qualname"], i["how"]) for i in n.data["items"]] == [("Formatter.render", "receiver type")], n.text
    o = served.call("find_related", symbol="Other.apply", relation="callers")
    assert not o.data["items"], o.text


def test_a_files_import_statements_are_in_the_typed_result_too(tmp_path):
    a = served_tree(tmp_path / "r", _LAZY).call("list_dependencies", path="src/Lazy.php")
    assert not a.is_error, a.text
    assert a.data["statements"] == ["4: Ext\\Process  [not in the repository]"] or \
        a.data["statements"][0].startswith("4: Ext\\Process"), a.data
    assert a.data["statements"][0] in a.text, a.text  # the same row as the text's


def test_a_read_with_context_lines_names_what_holds_the_line_asked_for(tmp_path):
    files = {"Helper/Bar.php": ("<?php\nnamespace App;\n\nfinal class Bar\n{\n    private static function formatters(): array\n    {\n"
                                "        return [\n            'a' => function (self $bar) {\n                return 1;\n            },\n"
                                "            'b' => function (self $bar) {\n                return 2;\n            },\n        ];\n    }\n}\n")}
    r = served_tree(tmp_path / "r", files).call("read_code_range", path="Helper/Bar.php:13", context=2)
    assert not r.is_error, r.text
    head = r.text.splitlines()[0]
    assert head.startswith("Helper/Bar.php:11-15 (of 17 lines) — 13 in function 12-14; in method Bar.formatters 6-16"), head


def test_a_php_propertys_uses_are_its_reads_not_variables_of_its_name(tmp_path):
    files = {"src/Command.php": ("<?php\nnamespace App;\n\nclass Command\n{\n    private $code;\n\n"
                                 "    public function setCode(callable $code)\n    {\n        $this->code = $code;\n    }\n\n"
                                 "    public function run(): int\n    {\n        return ($this->code)();\n    }\n}\n"),
             "src/Error.php": ("<?php\nnamespace App;\n\nclass Error\n{\n    private $code;\n\n"
                               "    public function __construct(int $code = 0)\n    {\n        $this->code = $code;\n    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("search_symbol", query="Command.code", references=True)
    assert not a.is_error, a.text
    got = {(r["path"], r["line"]) for r in a.data["references"]}
    assert got == {("src/Command.php", 10), ("src/Command.php", 15)}, a.text  # not Error's $this->code, not `int $code`


def test_php_callees_name_a_callable_called_through_a_property(tmp_path):
    files = {"src/Command.php": ("<?php\nnamespace App;\n\nclass Command\n{\n    private $code;\n\n"
                                 "    public function setCode(callable $code)\n    {\n        $this->code = $code;\n    }\n\n"
                                 "    public function run(): int\n    {\n        if ($this->code) {\n"
                                 "            return ($this->code)(1);\n        }\n        return 0;\n    }\n}\n")}
    c = served_tree(tmp_path / "r", files).call("find_related", symbol="Command.run", relation="callees")
    assert not c.is_error, c.text
    row = next(i for i in c.data["items"] if i["qualname"] == "Command.code")
    assert row["lines"] == [16] and row["how"] == "property call", c.text
    assert "Command.code src/Command.php:6-6 called at 16 (called through the property; set at 10)" in c.text, c.text
    assert c.text.splitlines()[0].endswith("all by property call"), c.text


def test_method_overrides_name_the_method_each_overrides(tmp_path):
    files = {**_BIND, "src/Argv.php": "<?php\nnamespace App;\n\nclass Argv extends Input\n{\n}\n",
             "src/Completion.php": ("<?php\nnamespace App;\n\nclass Completion extends Argv\n{\n    public function bind(array $d)\n"
                                    "    {\n        parent::bind($d);\n    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="InputInterface.bind", relation="implementations")
    assert not a.is_error, a.text
    assert {(i["qualname"], i["how"]) for i in a.data["items"]} == {
        ("Input.bind", "implements InputInterface.bind"), ("Completion.bind", "overrides Input.bind")}, a.text
    c = served_tree(tmp_path / "s", {**_FILES, "src/Both.php": "<?php\nnamespace App;\n\ninterface Both extends InputInterface\n{\n}\n",
                                     "src/Sub.php": ("<?php\nnamespace App;\n\nclass Sub extends ArrayInput implements Both\n{\n}\n")}) \
        .call("find_related", symbol="InputInterface", relation="implementations")
    row = next(ln for ln in c.text.splitlines() if "class Sub" in ln)
    assert "also through" in row and "implements, implements" not in row and "extends, extends" not in row, c.text


def test_an_override_row_gives_a_method_s_line_not_a_same_named_property_s(tmp_path):
    # Monolog run 299: LineFormatter has `protected $format;` at 29 and `format()` at 82; the row said
    # "overrides format 29 (a field)"
    files = {
        "src/Base.php": "<?php\nnamespace App;\n\nclass Base\n{\n    public function format($r) { return $r; }\n}\n",
        "src/Line.php": ("<?php\nnamespace App;\n\nclass Line extends Base\n{\n    protected $format;\n\n"
                         "    public function format($r) { return $this->format . $r; }\n}\n"),
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Base", relation="implementations")
    assert "class Line — overrides format 8" in a.text, a.text


def test_uses_view_lists_php_global_functions_and_bare_global_constants(tmp_path):
    # commonmark run 339: Environment.php's `PHP_INT_MIN` (bare) and its eleven `\count(..)`-style calls were missing
    files = {**_FILES, "src/Boom.php": ("<?php\nnamespace App;\n\nuse App\\ArrayInput;\n\nfunction helper(): int\n{\n"
                                        "    return 1;\n}\n\nclass Boom\n{\n    const LIMIT_MAX = 3;\n\n"
                                        "    public function run(array $xs): void\n    {\n        $i = new ArrayInput();\n"
                                        "        if (\\count($xs) > self::LIMIT_MAX && is_array($xs)) {\n"
                                        "            $this->add($i, PHP_INT_MIN, helper());\n        }\n"
                                        "        // sprintf(PHP_EOL) in a comment\n"
                                        "        $s = 'strlen(E_ALL)' . sprintf('%d', \\E_USER_DEPRECATED);\n"
                                        "        foreach ($xs as $x) {\n            $f = fn($y) => $y;\n        }\n"
                                        "    }\n\n    private function add(object $a, int $p, int $h): void\n    {\n    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/Boom.php", view="uses")
    assert not a.is_error, a.text
    row = next(ln for ln in a.text.splitlines() if ln.startswith("  global namespace, no import"))
    for want in ("count() at 18", "is_array() at 18", "PHP_INT_MIN at 19", "sprintf() at 22", "E_USER_DEPRECATED at 22"):
        assert want in row, (want, a.text)
    for wrong in ("LIMIT_MAX", "helper()", "add()", "strlen", "E_ALL", "PHP_EOL", "foreach", "fn()", "if()"):
        assert wrong not in row, (wrong, a.text)


def test_the_global_row_leaves_out_heredoc_text_definitions_and_functions_a_use_line_imports(tmp_path):
    # review of 5b7bb56: `commands() at 57` from heredoc help text, `__get()` from `function &__get(`, and `count()`
    # that `use function count;` imports, all listed as PHP's global functions
    files = {**_FILES, "src/Help.php": ("<?php\nnamespace App;\n\nuse App\\ArrayInput;\nuse function count;\n"
                                        "use function Sym\\Str\\s;\n\nclass Help\n{\n    public function &__get(string $n)\n    {\n"
                                        "        $i = new ArrayInput();\n        $t = <<<'EOF'\nThe list of commands (useful for you)\n"
                                        "EOF;\n        return count([$t]) + strlen(s($n)) + \\is_int(1);\n    }\n}\n")}
    a = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/Help.php", view="uses")
    assert not a.is_error, a.text
    row = next(ln for ln in a.text.splitlines() if ln.startswith("  global namespace, no import"))
    assert "strlen() at 16" in row and "is_int() at 16" in row, a.text
    for wrong in ("commands()", "useful", "__get()", "count()", "s()"):
        assert wrong not in row, (wrong, a.text)
