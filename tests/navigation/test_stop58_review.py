"""Mends of the review of stop 57, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

RB_TEMPLATE = ("class Context\n"
               "  attr_reader :registers\n\n"
               "  def initialize(registers)\n    @registers = registers\n  end\nend\n\n"
               "class Template\n"                                   # 9
               "  {reader}\n\n"
               "  def initialize\n    @registers = {{}}\n  end\n\n"
               "  def render(context)\n"                            # 16
               "    regs = context.registers\n"                     # 17
               "    c = Context.new(registers)\n"                   # 18
               "    [regs, c]\n  end\nend\n")


def test_ruby_reader_called_bare_is_the_classs_own_and_a_value_s_is_not(tmp_path):
    """Review of stop 57 (liquid's Template#registers): the callers of Template's `attr_reader :registers` listed
    `regs = context.registers` (Context's reader, on another class's value) and left out the bare `registers` of
    `Context.new(registers)`; with `def registers` the value's call was listed first, as a name-only caller."""
    for reader in ("attr_reader :registers", "def registers\n    @registers\n  end"):
        served = served_tree(tmp_path / reader[:4], {"lib/template.rb": RB_TEMPLATE.format(reader=reader)})
        got = served.call("find_related", symbol="Template#registers", relation="callers")
        rows = got.text.split("]")[-1] if "[" in got.text else got.text
        assert "in Template#render" in rows and "Context.new(registers)" in rows, got.text
        assert "context.registers" not in rows and "name only" not in got.text, got.text


PHP_CATCH = ("<?php\nnamespace App;\n\n"
             "class FooException extends \\Exception\n{\n"
             "    public function m(): string { return 'f'; }\n}\n\n"                          # 6
             "class BarException extends \\Exception\n{\n"
             "    public function m(): string { return 'b'; }\n}\n\n"                          # 11
             "class Runner\n{\n    public function run(): void\n    {\n"
             "        try { $this->go(); } catch (FooException $e) { $e->m(); } catch (BarException $e) { $e->m(); }\n"  # 18
             "        try {\n            $this->go();\n"
             "        } catch (BarException $e) {\n"
             "            $e->m();\n"                                                          # 22
             "        } catch (FooException $e) {\n"
             "            $e->m();\n"                                                          # 24
             "        }\n    }\n\n    public function go(): void {}\n}\n")


def test_php_each_catch_clause_types_its_own_variable(tmp_path):
    """Review of stop 57: `catch (FooException $e) {..} catch (BarException $e) {..}` on one line, and the same `$e`
    caught as BarException then as FooException below, had every `$e->m()` typed by the first clause of the body:
    three callers of FooException::m, none of BarException::m, and callees listing FooException.m at 18,22,24."""
    served = served_tree(tmp_path / "r", {"src/Ex.php": PHP_CATCH})
    foo = served.call("find_related", symbol="FooException::m", relation="callers").text
    bar = served.call("find_related", symbol="BarException::m", relation="callers").text
    assert "src/Ex.php:18 in Runner.run" in foo and "and 24" in foo and "and 22" not in foo, foo
    assert "src/Ex.php:18 in Runner.run" in bar and "and 22" in bar and "and 24" not in bar, bar
    got = served.call("find_related", symbol="Runner::run", relation="callees").text
    assert "FooException.m 6-6 called at 18,24" in got and "BarException.m 11-11 called at 18,22" in got, got


PHP_CHAIN = ("<?php\nnamespace App;\n\n"
             "class Kay\n{\n    public function k(): string { return 'kay'; }\n}\n\n"           # 6
             "class Em\n{\n    public function n(): Kay { return new Kay(); }\n"
             "    public function k(): string { return 'em'; }\n}\n\n"                          # 12
             "class Prop\n{\n    public function m(): Em { return new Em(); }\n}\n\n"
             "class User\n{\n    private Prop $prop;\n\n    public function use(): string\n    {\n"
             "        $x = $this->prop->m()->n();\n"                                              # 26
             "        return $x->k();\n    }\n}\n")                                               # 27


def test_php_local_assigned_a_chain_of_calls_is_what_the_last_call_returns(tmp_path):
    """Review of stop 57: `$x = $this->prop->m()->n();` typed `$x` as what m returns (Em), so `$x->k()` was Em::k's
    call and Kay::k (what n returns) had none."""
    served = served_tree(tmp_path / "r", {"src/C.php": PHP_CHAIN})
    kay = served.call("find_related", symbol="Kay::k", relation="callers").text
    assert "src/C.php:27 in User.use" in kay and "$x: Kay" in kay, kay
    em = served.call("find_related", symbol="Em::k", relation="callers").text
    assert "src/C.php:27 in" not in em, em
    got = served.call("find_related", symbol="User::use", relation="callees").text
    assert "Kay.k 6-6 called at 27" in got and "Em.k" not in got, got


PY_HANDLER = ("callbacks = []\n\n\n"
              "def register(handler=None):\n    callbacks.append(handler)\n\n\n"
              "def handler(x):\n    return x\n\n\n"                                  # 8
              "def run(xs):\n    handler(1)\n"                                       # 13
              "    callbacks.append(handler)\n"                                      # 14
              "    register(handler=handler)\n"                                      # 15
              "    return list(map(handler, xs))\n")                                 # 16

PHP_HANDLER = ("<?php\nnamespace App;\n\nclass H\n{\n"
               "    public function handler(int $x): int\n    {\n        return $x;\n    }\n\n"
               "    public function run(array $xs): array\n    {\n"
               "        $this->handler(1);\n"                                        # 13
               "        return array_map([$this, 'handler'], $xs);\n    }\n}\n")    # 14


def test_callers_of_a_function_also_passed_as_a_value_are_not_said_complete(tmp_path):
    """Review of stop 57: a handler called once and also stored (`callbacks.append(handler)`, `map(handler, xs)`,
    `register(handler=handler)`, PHP `array_map([$this, 'handler'], ..)`) read "[every call named 'handler' is
    listed]" in find_related and "called by (1, complete)" in a semantic read: whatever calls it through the
    value is not listed."""
    served = served_tree(tmp_path / "r", {"app.py": PY_HANDLER, "src/H.php": PHP_HANDLER})
    got = served.call("find_related", symbol="handler", path="app.py", relation="callers").text
    assert "app.py:13 in run" in got and "also passed as a value at app.py:14, app.py:15, app.py:16" in got, got
    assert "complete" not in got and "every call named" not in got, got
    read = served.call("read_code_range", path="app.py", symbol="handler", context="semantic").text
    assert "called by (1; also passed as a value at app.py:14" in read and "complete" not in read, read
    php = served.call("find_related", symbol="H::handler", relation="callers").text
    assert "src/H.php:13 in H.run" in php and "also passed as a value at src/H.php:14" in php, php
    assert "complete" not in php and "every call named" not in php, php
