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
