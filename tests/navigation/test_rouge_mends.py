"""Rouge 3.30.0 (Ruby, the Debian gem): lexers and formatters declare themselves with class-body DSL calls (`tag 'abap'`)
to class methods their bases define in `class << self` blocks; Debian's patch indents one `end` with a tab."""

from __future__ import annotations

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

LEXER = """\
module Rouge
  class Lexer
    class << self
      def demo_file
\tif Dir.exists?('demos')
\t  @demo_file = tag
\tend
      end

    protected
      def registry
        @registry ||= {}
      end

    public
      def tag(t=nil)
        return @tag if t.nil?
        @tag = t.to_s
      end
    end

    def tag
      self.class.tag
    end
  end
end
"""

FORMATTER = """\
module Rouge
  class Formatter
    def self.tag(tag=nil)
      return @tag if tag.nil?
      @tag = tag
    end
  end
end
"""

HTML = """\
module Rouge
  module Formatters
    class HTML < Formatter
      tag 'html'
    end

    class Tex < Formatter
      tag 'tex'

      def tag(tok, val)
        "#{tok}#{val}"
      end
    end
  end
end
"""

RACKET = """\
module Rouge
  module Lexers
    class Racket < Lexer
      tag 'racket'

      def self.builtins
        @builtins ||= Set.new %w(
          abort-current-continuation
          default-continuation-prompt-tag
        )
      end
    end
  end
end
"""


def test_class_body_calls_reach_the_class_methods_of_their_own_bases(tmp_path):
    served = served_tree(tmp_path / "r", {"lib/rouge/lexer.rb": LEXER, "lib/rouge/formatter.rb": FORMATTER,
                                          "lib/rouge/formatters/html.rb": HTML, "lib/rouge/lexers/racket.rb": RACKET})
    r = served.call("search_symbol", query="Lexer.tag")
    # a `class << self` block goes on past a tab-indented `\tend` and an outdented `protected`: its tag is the class's
    assert "lib/rouge/lexer.rb:16-19 method Rouge::Lexer.tag" in r.text and "22-24 method Rouge::Lexer#tag" in r.text, r.text
    r = served.call("find_related", symbol="Rouge::Lexer.tag", relation="callers")
    # a lexer's `tag 'racket'` reaches Lexer.tag through its base; a formatter's is Formatter.tag; a word of a %w(..)
    # list (`default-continuation-prompt-tag`) is no call
    assert "lib/rouge/lexers/racket.rb:4 in Rouge::Lexers::Racket" in r.text, r.text
    assert "formatters/html.rb:4 in" not in r.text and "racket.rb:9" not in r.text, r.text
    r = served.call("find_related", symbol="Rouge::Formatter.tag", relation="callers")
    # Tex's own instance method tag hides no class method: its class body's `tag 'tex'` is Formatter.tag's too
    assert "lib/rouge/formatters/html.rb" in r.text and "4 in Rouge::Formatters::HTML" in r.text, r.text
    assert "8 in Rouge::Formatters::Tex" in r.text and "racket" not in r.text.split("left out")[-1].split("]")[-1], r.text


CLI = """\
module Rouge
  class CLI
    def self.error!(msg, status=1)
      raise Error.new(msg, status)
    end

    def error!(*a)
      self.class.error!(*a)
    end

    class Highlight < CLI
      def initialize(opts={})
        theme = Theme.find(opts[:theme]) or error! "unknown theme"
        @formatter = case opts[:formatter]
        when 'html' then Formatters::HTML.new
        when 'tex' then Formatters::Tex.new(theme)
        end
        @lexer = Rouge::Theme.find(opts[:lexer])
      end
    end
  end
end
"""

THEME = """\
module Rouge
  class Theme
    class << self
      def find(n)
        n
      end
    end
  end
end
"""

FORMATTERS = """\
module Rouge
  class Formatter
    def initialize(opts={})
      @opts = opts
    end
  end

  module Formatters
    class HTML < Formatter
    end

    class Tex < Formatter
      def initialize(theme)
        @theme = theme
      end
    end
  end
end
"""


def test_callees_on_constants_resolve_by_nesting_and_new_names_the_initialize_that_runs(tmp_path):
    served = served_tree(tmp_path / "r", {"lib/rouge/cli.rb": CLI, "lib/rouge/theme.rb": THEME,
                                          "lib/rouge/formatters.rb": FORMATTERS})
    r = served.call("find_related", symbol="Rouge::CLI::Highlight#initialize", relation="callees")
    # `Theme.find` and `Rouge::Theme.find` in another file: one row; `Formatters::HTML.new` runs the base's initialize;
    # a bare `error!` in an instance method is CLI#error!, not `def self.error!`
    assert "Rouge::Theme.find lib/rouge/theme.rb:4-6 called at 13,18" in r.text, r.text
    assert "class Rouge::Formatters::HTML 9-10 built at 15 (constructor Rouge::Formatter#initialize 3-5, inherited)" in r.text, r.text
    assert "built at 16 (constructor Rouge::Formatters::Tex#initialize 13-15)" in r.text, r.text
    assert "Rouge::CLI#error! lib/rouge/cli.rb:7-9 called at 13" in r.text and "CLI.error!" not in r.text, r.text


C_LEXER = """\
module Rouge
  module Lexers
    class C < RegexLexer
      tag 'c'

      state :root do
        rule %r/^#if\\s+0/ do
          token Comment::Preproc
          push :if_0
        end

        rule %r/(\\s*)(\\w+)(\\()/m do |m|
          recurse m[1]
          token Name::Function, m[2]
        end
      end

      state "if_0" do
        rule %r/.+/ do
          recurse m[0]
        end
      end
    end
  end
end
"""


def test_a_hit_or_a_read_in_a_class_body_dsl_block_names_the_block_and_its_first_argument(tmp_path):
    # Rouge run 163: `recurse`/`delegate` hits said `in Rouge.Lexers.C 6-198`; which `state :x do` block each sat
    # in took the agent several pattern searches
    served = served_tree(tmp_path / "rouge", {"lib/rouge/lexers/c.rb": C_LEXER})
    a = served.call("search_text", pattern="recurse m")
    assert not a.is_error, a.text
    assert hit_at(a.text, "lib/rouge/lexers/c.rb", 13) == ("13: recurse m[1]  — in block passed to rule 12-15, in block "
                                                           "passed to state :root 6-16, in Rouge::Lexers::C 3-23"), a.text
    assert hit_at(a.text, "lib/rouge/lexers/c.rb", 20) == ('20: recurse m[0]  — in block passed to rule 19-21, in block '
                                                           'passed to state "if_0" 18-22, in Rouge::Lexers::C 3-23'), a.text
    r = served.call("read_code_range", path="lib/rouge/lexers/c.rb", start_line=13, end_line=13)
    assert r.text.startswith("lib/rouge/lexers/c.rb:13-13 (of 25 lines) — in block passed to rule 12-15, in block passed "
                             "to state :root 6-16, in class Rouge::Lexers::C 3-23"), r.text
    # a block passed to a call with no name-like first argument is named by the call alone
    assert "in block passed to rule 19-21, in" in a.text, a.text
