"""A Ruby file's requires as written, in order, with what each loads (the Rack A/B run): list_dependencies of
lib/rack/server.rb named five standard libraries without lines, hid that one require only runs on old Rubies, and
left out `require library` (a value), so the agent searched the text again."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served

SERVER = """# frozen_string_literal: true

require 'optparse'
require 'fileutils'

module Rack
  (require_relative 'core_ext/regexp'; using ::Rack::RegexpExtensions) if RUBY_VERSION < '2.4'

  class Server
    def start
      options[:require].each { |library| require library }
      require "stackprof"
    end
  end
end
"""


def test_a_ruby_files_requires_are_listed_as_written_with_their_lines_and_what_they_load(tmp_path: Path):
    root = tmp_path / "rack"
    (root / "lib/rack/core_ext").mkdir(parents=True)
    (root / "lib/rack/server.rb").write_text(SERVER, encoding="utf-8")
    (root / "lib/rack/core_ext/regexp.rb").write_text("module Rack\n  module RegexpExtensions\n  end\nend\n",
                                                      encoding="utf-8")
    a = Served(root).call("list_dependencies", path="lib/rack/server.rb")
    assert not a.is_error, a.text
    rows = [line.strip() for line in a.text.splitlines()[1:] if line.startswith("  ")]
    assert rows == [
        "3: require 'optparse'  [standard library]",
        "4: require 'fileutils'  [standard library]",
        "7: (require_relative 'core_ext/regexp'; using ::Rack::RegexpExtensions) if RUBY_VERSION < '2.4'  "
        "-> lib/rack/core_ext/regexp.rb",
        "11: options[:require].each { |library| require library }  [a value: known only at run time]",
        '12: require "stackprof"  [gem stackprof]',
    ], a.text


def test_a_ruby_file_whose_only_require_is_a_value_says_so(tmp_path: Path):
    root = tmp_path / "rack"
    (root / "lib/rack").mkdir(parents=True)
    (root / "lib/rack/builder.rb").write_text(
        "module Rack\n  class Builder\n    # require 'rack/lobster' in a comment is no require\n"
        "    def self.parse(config)\n      require config\n    end\n  end\nend\n", encoding="utf-8")
    a = Served(root).call("list_dependencies", path="lib/rack/builder.rb")
    assert not a.is_error, a.text
    assert [line.strip() for line in a.text.splitlines()[1:] if line.startswith("  ")] == \
        ["5: require config  [a value: known only at run time]"], a.text


def test_an_autoload_is_an_import_of_the_file_it_loads(tmp_path: Path):
    root = tmp_path / "rack"
    (root / "lib" / "rack").mkdir(parents=True)
    (root / "lib" / "rack.rb").write_text("module Rack\n  autoload :Headers, 'rack/headers'\n  require 'rack/version'\nend\n")
    (root / "lib" / "rack" / "headers.rb").write_text("module Rack\n  class Headers\n  end\nend\n")
    (root / "lib" / "rack" / "version.rb").write_text("module Rack\n  VERSION = 1\nend\n")
    r = Served(root).call("list_dependencies", path="lib/rack.rb")
    # (`autoload :X, 'path'` names its file second: it had been no import at all)
    assert "2: autoload :Headers, 'rack/headers'  -> lib/rack/headers.rb" in r.text, r.text
    r = Served(root).call("list_dependencies", path="lib/rack/headers.rb", direction="dependents")
    assert "lib/rack.rb" in r.text, r.text
