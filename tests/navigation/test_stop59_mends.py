"""Mends of stop 59, each with what an agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

RUBY_WRITERS = {
    "lib/counter.rb": ("class Counter\n  attr_accessor :count\n\n  def initialize\n    @count = 0\n  end\n\n"
                       "  def bump\n    self.count = count + 1\n  end\nend\n"),
    "lib/user.rb": ("class Tally\n  def reset(c)\n    c.count = 0\n  end\n\n"
                    "  def make\n    c = Counter.new\n    c.count = 5\n    c\n  end\nend\n"),
    "lib/own.rb": ("class Box\n  def size=(v)\n    @size = v\n  end\n\n  def fill(b)\n    b.size = 3\n  end\nend\n\n"
                   "def grow\n  b = Box.new\n  b.size = 4\nend\n"),
    "lib/meter.rb": ("class Meter\n  attr_reader :level\nend\n\n"
                     "class Panel\n  def show(m)\n    m.level = 3\n    puts m.level\n  end\nend\n"),
}


def test_the_callers_of_a_ruby_writer_are_the_lines_assigning_through_it(tmp_path):
    """Review of stop 58: the callers of `def size=` were '0 call sites' though `b.size = 4` (b = Box.new) calls it,
    and `Counter.count=` (an attr_accessor's writer) was 'no definition named'."""
    served = served_tree(tmp_path / "r", RUBY_WRITERS)
    text = served.call("find_related", symbol="Box.size=", relation="callers").text
    assert "2 call sites" in text, text
    assert "lib/own.rb:13 in grow (11-14): b.size = 4" in text, text
    assert "Box#fill `b.size = 3`" in text, text
    text = served.call("find_related", symbol="Counter.count=", relation="callers").text
    assert "Counter#count= (lib/counter.rb:2-2): 3 calling definitions" in text, text
    assert "8 in Tally#make (6-10): c.count = 5\n" in text, text  # typed by `c = Counter.new`, no "[name only]"


def test_an_attr_reader_s_callers_leave_out_the_writes(tmp_path):
    """Review of stop 58: `m.level = 3` calls `level=`, which an attr_reader does not make; it was listed among
    the reader's callers."""
    served = served_tree(tmp_path / "r", RUBY_WRITERS)
    text = served.call("find_related", symbol="Meter.level", relation="callers").text
    assert "1 call site" in text, text
    assert "puts m.level" in text, text
    assert "lib/meter.rb:7 in" not in text and "lib/meter.rb:7 `m.level = 3`" in text, text
