"""Sequel A/B run 229: `class Sequel::ShardedThreadedConnectionPool < Sequel::ThreadedConnectionPool` (a compact
definition, stored under its last name) was no subclass of `class Sequel::ThreadedConnectionPool`: the base written
with its scope found no class of that full name."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "lib/sequel/connection_pool.rb": "class Sequel::ConnectionPool\n  def hold\n  end\nend\n",
    "lib/sequel/threaded.rb": "class Sequel::ThreadedConnectionPool < Sequel::ConnectionPool\n  def hold\n  end\nend\n",
    "lib/sequel/sharded.rb": ("class Sequel::ShardedThreadedConnectionPool < Sequel::ThreadedConnectionPool\n"
                              "  def hold\n  end\nend\n"),
    "lib/other.rb": "module Other\n  class ThreadedConnectionPool\n  end\n\n  class Mine < ThreadedConnectionPool\n  end\nend\n",
}


def test_a_compact_class_is_the_base_its_scoped_name_writes(tmp_path):
    s = served_tree(tmp_path, _FILES)
    a = s.call("find_related", symbol="Sequel::ThreadedConnectionPool", relation="implementations")
    assert [i["path"] for i in a.data["items"]] == ["lib/sequel/sharded.rb"], a.text  # not Other::Mine
    b = s.call("find_related", symbol="Sequel::ConnectionPool", relation="implementations", depth=3)
    assert {i["path"] for i in b.data["items"]} == {"lib/sequel/threaded.rb", "lib/sequel/sharded.rb"}, b.text
    up = s.call("find_related", symbol="Sequel::ShardedThreadedConnectionPool", relation="supertypes")
    assert [i["path"] for i in up.data["items"]][:2] == ["lib/sequel/threaded.rb", "lib/sequel/connection_pool.rb"], up.text


def test_a_line_of_a_ruby_modules_body_sits_in_the_module(tmp_path):
    # run 229: `Plugins.def_dataset_methods(self, ..)` in `module ClassMethods` read "in Sequel.Model 4-2270"
    files = {"lib/model.rb": ("module Sequel\n  class Model\n    module ClassMethods\n      def first\n      end\n\n"
                              "      Plugins.def_dataset_methods(self, [:first])\n    end\n\n"
                              "    module InstanceMethods\n      def save\n      end\n    end\n  end\nend\n")}
    r = served_tree(tmp_path, files).call("search_text", pattern="def_dataset_methods")
    assert "— in Sequel::Model::ClassMethods 3-8" in r.text, r.text


def test_a_compact_reopening_keeps_the_subclasses_of_a_nested_class(tmp_path):
    # review of f8e3fe5: with one compact `class Sequel::Database` among the reopenings (an extension's), the
    # adapters' `class Database < Sequel::Database` were no subclasses of it (0 of 13 in Sequel)
    files = {
        "lib/database/misc.rb": "module Sequel\n  class Database\n    def run(sql)\n    end\n  end\nend\n",
        "lib/database/query.rb": "module Sequel\n  class Database\n    def fetch(sql)\n    end\n\n    def get\n    end\n  end\nend\n",
        "lib/extensions/hooks.rb": "class Sequel::Database\n  def after_commit\n  end\nend\n",
        "lib/adapters/pg.rb": ("module Sequel\n  module Pg\n    class Database < Sequel::Database\n"
                               "      def fetch(sql)\n      end\n    end\n  end\nend\n"),
    }
    s = served_tree(tmp_path, files)
    a = s.call("find_related", symbol="Sequel::Database", relation="implementations")
    assert [i["path"] for i in a.data["items"]] == ["lib/adapters/pg.rb"], a.text


def test_a_ruby_files_outer_namespace_module_is_not_named_as_where_a_hit_sits(tmp_path):
    files = {"lib/core.rb": ("module Sequel\n  OPTS = {}.freeze\n\n  class Model\n    def save\n"
                             "      run(OPTS)\n    end\n  end\nend\n")}
    r = served_tree(tmp_path, files).call("search_text", pattern="OPTS")
    assert "in Sequel 1-9" not in r.text, r.text
    assert "run(OPTS)  — in Sequel::Model#save 5-7" in r.text, r.text


def test_a_compact_reopening_keeps_an_adapters_overrides_and_bare_calls_through_nested_mixins(tmp_path):
    # agent_tasks rb-overrides and rb-callers after 8d1f0df: an adapter's base resolved to the extension's compact
    # `class Sequel::Database` (two methods), so its outline lost the overrides of the main part's; and a module
    # mixed into a module mixed into a Database subclass calls Database's namesake, not Dataset's
    files = {
        "lib/database/misc.rb": "module Sequel\n  class Database\n    def disconnect_error?(e)\n    end\n\n"
                                "    def schema_and_table(t)\n    end\n\n    def a\n    end\n  end\nend\n",
        "lib/extensions/hooks.rb": "class Sequel::Database\n  def after_commit\n  end\nend\n",
        "lib/dataset/sql.rb": ("module Sequel\n  class Dataset\n    def schema_and_table(t)\n    end\n\n"
                               "    def quote(t)\n      schema_and_table(t)\n    end\n  end\nend\n"),
        "lib/adapters/shared/db2.rb": ("module Sequel\n  module DB2\n    module DatabaseMethods\n      def exists?(n)\n"
                                       "        schema_and_table(n)\n      end\n    end\n  end\nend\n"),
        "lib/adapters/jdbc/db2.rb": ("module Sequel\n  module JDBC\n    module DB2\n      module DatabaseMethods\n"
                                     "        include Sequel::DB2::DatabaseMethods\n      end\n    end\n  end\nend\n"),
        "lib/adapters/jdbc.rb": ("module Sequel\n  module JDBC\n    class Database < Sequel::Database\n"
                                 "      include Sequel::JDBC::DB2::DatabaseMethods\n\n"
                                 "      def disconnect_error?(e)\n      end\n    end\n  end\nend\n"),
    }
    s = served_tree(tmp_path, files)
    s.call("search_symbol", query="Database")  # (the whole index built)
    outline = s.call("get_structured_index", path="lib/adapters/jdbc.rb")
    assert "[overrides Sequel::Database#disconnect_error? lib/database/misc.rb:3]" in outline.text, outline.text
    callers = s.call("find_related", symbol="Sequel::Dataset.schema_and_table", relation="callers")
    assert [i["qualname"] for i in callers.data["items"]] == ["Sequel::Dataset#quote"], callers.text


def test_a_ruby_files_own_constant_is_not_listed_under_a_require_that_loads_it_back(tmp_path):
    # kramdown run 251: document.rb requires converter.rb, which requires converter/base.rb; base.rb's own
    # SMART_QUOTE_INDICES was listed under `require 'kramdown/document'`
    files = {
        "lib/kramdown/document.rb": "require 'kramdown/converter'\n\nmodule Kramdown\n  class Document\n  end\nend\n",
        "lib/kramdown/converter.rb": "require 'kramdown/converter/base'\n\nmodule Kramdown\n  module Converter\n  end\nend\n",
        "lib/kramdown/converter/base.rb": ("require 'kramdown/document'\n\nmodule Kramdown\n  module Converter\n"
                                           "    class Base\n      SMART_QUOTE_INDICES = {lsquo: 0}\n\n"
                                           "      def quote(v)\n        Document.new\n        SMART_QUOTE_INDICES[v]\n"
                                           "      end\n    end\n  end\nend\n"),
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="lib/kramdown/converter/base.rb", view="uses")
    assert "Document (" in a.text and "SMART_QUOTE_INDICES" not in a.text, a.text


def test_a_module_included_by_a_files_outermost_module_has_it_as_an_implementation(tmp_path):
    # review of fbe887f: `include SQL::Constants` in `module Sequel` had no holder once outermost modules held no code
    files = {"lib/sql.rb": ("module Sequel\n  module SQL\n    module Constants\n      CURRENT = 1\n    end\n  end\n\n"
                            "  include SQL::Constants\nend\n")}
    a = served_tree(tmp_path, files).call("find_related", symbol="Sequel::SQL::Constants", relation="implementations")
    assert [i["qualname"] for i in a.data["items"]] == ["Sequel"], a.text


def test_a_ruby_call_after_a_chain_whose_dot_ends_the_line_is_on_the_chain(tmp_path):
    # review of 240a361: Sequel's `ds.from(:pg_attribute).` / `where(..).` / `get(:attnum)` in a DatabaseMethods
    # module had been read as a bare `get` on self (Database#get) and left out of Dataset#get's callers
    files = {
        "lib/dataset.rb": "module Sequel\n  class Dataset\n    def get(c)\n    end\n\n    def from(t)\n      self\n    end\n  end\nend\n",
        "lib/database.rb": "module Sequel\n  class Database\n    def get(c)\n    end\n  end\nend\n",
        "lib/pg.rb": ("module Sequel\n  module Postgres\n    module DatabaseMethods\n      def column_num(ds)\n"
                      "        # the column number is read.\n"
                      "        ds.from(:pg_attribute).\n          get(:attnum)\n      end\n\n      def plain\n        get(:x)\n      end\n"
                      "    end\n\n    class Database < Sequel::Database\n      include DatabaseMethods\n    end\n  end\nend\n"),
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="Sequel::Dataset.get", relation="callers")
    got = {i["qualname"] for i in a.data["items"]}
    assert any(q.endswith("column_num") for q in got), a.text
    assert not any(q.endswith("plain") for q in got), a.text  # a bare get on self is Database#get


def test_a_ruby_call_line_after_a_trailing_dot_chain_is_shown_with_the_chains_head(tmp_path):
    # review of b036af1..2975288: a caller's call line `get(:attnum)` alone said nothing of what it was called on;
    # Go's line had the chain's head before it, Ruby's (also a trailing-dot chain language) did not
    files = {
        "lib/dataset.rb": "module Sequel\n  class Dataset\n    def get(c)\n    end\n\n    def from(t)\n      self\n    end\n  end\nend\n",
        "lib/pg.rb": ("module Sequel\n  class Reader\n    def column_num(ds)\n"
                      "      ds.from(:pg_attribute).\n        get(:attnum)\n    end\n  end\nend\n"),
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="Sequel::Dataset.get", relation="callers")
    row = next(i for i in a.data["items"] if i["qualname"].endswith("column_num"))
    assert row["calls"][0] == "5: ds.from(:pg_attribute).get(:attnum)", a.text


def test_a_require_of_an_outside_library_lists_the_constant_named_like_it(tmp_path):
    """kramdown run 330: `require 'erb'` read "outside the repository: the names it defines are not known here", and
    the agent read base.rb again for `ERB.new` at 131; the constant named like the library is listed with the methods
    read off it (a local or another library's constant is not)."""
    from tests.navigation.conftest import served_tree

    served = served_tree(tmp_path / "r", {"lib/base.rb": (
        "require 'erb'\nrequire 'fileutils'\nrequire 'digest/md5'\n\nmodule K\n  class Base\n    def render(t)\n"
        "      erb = ERB.new(t)\n      FileUtils.mkdir_p('x')\n      Digest::MD5.hexdigest(erb.result(binding))\n"
        "    end\n  end\nend\n")})
    u = served.call("list_dependencies", path="lib/base.rb", view="uses")
    rows = {line.split(":", 1)[0].strip(): line for line in u.text.splitlines()[1:]}
    assert rows["1 erb [standard library]"].endswith(": ERB at 8; ERB.new at 8"), u.text
    assert "FileUtils.mkdir_p at 9" in rows["2 fileutils [standard library]"], u.text
    assert "Digest at 10" in rows["3 digest/md5 [standard library]"], u.text
