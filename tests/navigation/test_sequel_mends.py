"""Sequel (Ruby): a class reopened across files. Sequel::Database is written in ten files of database/; an adapter's
Database subclass overrides methods of several of them. Before, a subclass's "overrides" were read against the one
part with the most members (schema_methods.rb), so Sequel::Postgres::Database overrode nothing it showed."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

REOPENED = {
    "lib/sequel/database/schema_methods.rb": ("module Sequel\n  class Database\n    def create_table(name)\n      name\n"
                                             "    end\n\n    def column_list_sql(g)\n      g\n    end\n\n"
                                             "    def alter_table(name)\n      name\n    end\n  end\nend\n"),
    "lib/sequel/database/connecting.rb": ("module Sequel\n  class Database\n    def connect(server)\n"
                                          "      raise NotImplementedError\n    end\n  end\nend\n"),
    "lib/sequel/adapters/postgres.rb": ("module Sequel\n  module Postgres\n    class Database < Sequel::Database\n"
                                        "      def connect(server)\n        server\n      end\n\n"
                                        "      def execute(sql)\n        sql\n      end\n    end\n  end\nend\n"),
    "lib/sequel/adapters/tinytds.rb": ("module Sequel\n  module TinyTDS\n    class Database < Sequel::Database\n"
                                       "      def column_list_sql(g)\n        g\n      end\n    end\n  end\nend\n"),
}


def test_overrides_of_a_reopened_class_count_every_part(tmp_path):
    served = served_tree(tmp_path / "r", REOPENED)
    r = served.call("find_related", symbol="Sequel::Database", relation="implementations")
    rows = {line.split(" class ")[0].split(":")[0]: line for line in r.text.splitlines() if " class " in line}
    assert "overrides connect" in rows["lib/sequel/adapters/postgres.rb"], r.text  # connect is in connecting.rb
    # no part of the base defines execute: it is one the adapter adds, not an override
    assert rows["lib/sequel/adapters/postgres.rb"].endswith("— overrides connect 4; adds execute 8"), r.text
    assert "overrides column_list_sql" in rows["lib/sequel/adapters/tinytds.rb"], r.text
    assert "connect" not in rows["lib/sequel/adapters/tinytds.rb"], r.text


PARTIAL = {
    "src/Runtime.cs": "namespace Py\n{\n    public partial class Runtime\n    {\n        public virtual void Init() { }\n    }\n}\n",
    "src/Runtime.Shutdown.cs": ("namespace Py\n{\n    public partial class Runtime\n    {\n"
                                "        public virtual void Shutdown() { }\n    }\n}\n"),
    "src/Embedded.cs": ("namespace Py\n{\n    public class Embedded : Runtime\n    {\n"
                        "        public override void Shutdown() { }\n        public override void Init() { }\n    }\n}\n"),
}


def test_overrides_of_a_csharp_partial_class_count_every_part(tmp_path):
    served = served_tree(tmp_path / "r", PARTIAL)
    r = served.call("find_related", symbol="Runtime", relation="implementations")
    row = next(line for line in r.text.splitlines() if "src/Embedded.cs" in line)
    assert "Shutdown" in row and "Init" in row, r.text


SPLIT = {
    "lib/sequel/dataset/sql.rb": ("module Sequel\n  class Dataset\n    def schema_and_table(table_name, sch=nil)\n"
                                  "      [sch, table_name]\n    end\n\n    def quote_schema_table_append(sql, table)\n"
                                  "      schema, table = schema_and_table(table)\n      sql << table\n    end\n  end\nend\n"),
    "lib/sequel/database/schema_methods.rb": ("module Sequel\n  class Database\n    def table_exists?(name)\n"
                                              "      sch, t = schema_and_table(name)\n      t\n    end\n\n"
                                              "    private\n\n    def schema_and_table(table_name)\n"
                                              "      schema_utility_dataset.schema_and_table(table_name)\n    end\n\n"
                                              "    def schema_utility_dataset\n      @default_dataset\n    end\n  end\nend\n"),
    "lib/sequel/adapters/jdbc.rb": ("module Sequel\n  module JDBC\n    class Database < Sequel::Database\n"
                                    "      def metadata_schema_and_table(table)\n        schema, table = schema_and_table(table)\n"
                                    "        table\n      end\n    end\n\n    class Dataset < Sequel::Dataset\n    end\n  end\nend\n"),
    "lib/sequel/adapters/shared/postgres.rb": ("module Sequel\n  module Postgres\n    module DatabaseMethods\n"
                                               "      def drop_index_sql(table)\n        sch, _ = schema_and_table(table)\n"
                                               "        sch\n      end\n    end\n  end\nend\n"),
    "lib/sequel/adapters/postgres.rb": ("module Sequel\n  module Postgres\n    class Database < Sequel::Database\n"
                                        "      include Sequel::Postgres::DatabaseMethods\n    end\n\n"
                                        "    class Dataset < Sequel::Dataset\n    end\n  end\nend\n"),
    "lib/sequel/plugins/cti.rb": ("module Sequel\n  module Plugins\n    module Cti\n      module ClassMethods\n"
                                  "        def inherited(subclass)\n          dataset.schema_and_table(subclass.name).first\n"
                                  "        end\n      end\n    end\n  end\nend\n"),
}


def _sites(r):
    return {(i["path"], n) for i in r.data["items"] for n in i["lines"]}


def test_self_calls_from_subclasses_and_mixins_reach_the_method_their_class_inherits(tmp_path):
    served = served_tree(tmp_path / "r", SPLIT)
    db = served.call("find_related", symbol="Sequel::Database.schema_and_table", relation="callers")
    assert _sites(db) == {("lib/sequel/database/schema_methods.rb", 4), ("lib/sequel/adapters/jdbc.rb", 5),
                          ("lib/sequel/adapters/shared/postgres.rb", 5)}, db.text
    assert "name only" not in db.text, db.text
    ds = served.call("find_related", symbol="Sequel::Dataset.schema_and_table", relation="callers")
    # the subclass's and the mixin's bare calls are Database's; `dataset.x` names the Dataset (its namesakes are
    # subclasses of it), the Database method's explicit call on its utility dataset is a name-only guess
    assert ("lib/sequel/adapters/jdbc.rb", 5) not in _sites(ds) and ("lib/sequel/adapters/shared/postgres.rb", 5) \
        not in _sites(ds), ds.text
    assert ("lib/sequel/dataset/sql.rb", 8) in _sites(ds), ds.text
    row = next(line for line in ds.text.splitlines() if "cti.rb" in line)
    assert "name only" not in row, ds.text


def test_supertypes_of_a_ruby_class_named_like_its_base(tmp_path):
    served = served_tree(tmp_path / "r", SPLIT)
    up = served.call("find_related", symbol="Sequel::JDBC::Database", relation="supertypes")
    assert [i["path"] for i in up.data["items"]] == ["lib/sequel/database/schema_methods.rb"], up.text


FIRST = {
    "lib/sequel/dataset/actions.rb": ("module Sequel\n  class Dataset\n    def first(*args, &block)\n"
                                      "      arg = args[0]\n      unless block\n        return single_record\n      end\n"
                                      "      if loader = cached_placeholder_literalizer(:k) do |pl|\n"
                                      "          where(pl.arg).limit(pl.arg)\n        end\n"
                                      "        loader.all(arg)\n      else\n"
                                      "        _single_record_ds.where(args)\n        limit(1).all\n      end\n    end\n\n"
                                      "    def single_record\n      _single_record_ds.single_record!\n    end\n\n"
                                      "    private\n\n    def _single_record_ds\n      self\n    end\n  end\nend\n"),
    "lib/sequel/dataset/query.rb": ("module Sequel\n  class Dataset\n    def where(*cond)\n      self\n    end\n\n"
                                    "    def limit(l)\n      self\n    end\n  end\nend\n"),
    "lib/sequel/dataset/misc.rb": ("module Sequel\n  class Dataset\n    private\n\n"
                                   "    def cached_placeholder_literalizer(key)\n      nil\n    end\n  end\nend\n"),
    "lib/sequel/model/base.rb": ("module Sequel\n  class Model\n    def where(x)\n      x\n    end\n\n"
                                 "    def limit(x)\n      x\n    end\n  end\nend\n"),
}


def test_ruby_callees_in_a_reopened_class_and_without_parentheses(tmp_path):
    served = served_tree(tmp_path / "r", FIRST)
    r = served.call("find_related", symbol="Sequel::Dataset.first", relation="callees")
    rows = {i["qualname"]: i["path"] for i in r.data["items"]}
    # the class's methods in its other files, called bare (`limit` bare and chained) and without parentheses
    assert rows == {"Sequel::Dataset#single_record": "lib/sequel/dataset/actions.rb",
                    "Sequel::Dataset#_single_record_ds": "lib/sequel/dataset/actions.rb",
                    "Sequel::Dataset#cached_placeholder_literalizer": "lib/sequel/dataset/misc.rb",
                    "Sequel::Dataset#where": "lib/sequel/dataset/query.rb",
                    "Sequel::Dataset#limit": "lib/sequel/dataset/query.rb"}, r.text
    assert "its own locals" not in r.text, r.text  # `pl.arg` is a method call, not the local `arg`


POOLS = {
    "lib/sequel/connection_pool/threaded.rb": ("class Sequel::ThreadedConnectionPool\n  attr_reader :allocated\n\n"
                                               "  def acquire(thread)\n    if conn = assign_connection(thread)\n"
                                               "      conn\n    end\n  end\n\n"
                                               "  def assign_connection(thread)\n    allocated = @allocated\n"
                                               "    conn = thread\n    sync{allocated[thread] = conn}\n    conn\n  end\n\n"
                                               "  def sync\n    yield\n  end\nend\n"),
    "lib/sequel/connection_pool/sharded_threaded.rb": ("require_relative 'threaded'\n\n"
                                                       "class Sequel::ShardedThreadedConnectionPool < Sequel::ThreadedConnectionPool\n"
                                                       "  def acquire(thread, server)\n"
                                                       "    if conn = assign_connection(thread, server)\n      conn\n    end\n"
                                                       "  end\n\n  def assign_connection(thread, server)\n    thread\n  end\nend\n"),
}


def test_a_subclass_calling_its_own_override_is_no_caller_of_the_base_and_locals_are_no_uses(tmp_path):
    served = served_tree(tmp_path / "r", POOLS)
    r = served.call("find_related", symbol="Sequel::ThreadedConnectionPool.assign_connection", relation="callers")
    # sharded_threaded.rb requires threaded.rb, but its bare call is its own override's
    assert {i["path"] for i in r.data["items"]} == {"lib/sequel/connection_pool/threaded.rb"}, r.text
    read = served.call("read_code_range", path="lib/sequel/connection_pool/threaded.rb:13", context="semantic")
    uses = read.text.split("── uses ──")[1] if "── uses ──" in read.text else ""
    assert "sync" in uses and "allocated" not in uses, read.text  # the local of line 11, not the attr_reader


ADAPTER = {
    "lib/sequel/database/misc.rb": ("module Sequel\n  class Database\n    def self.connect(conn_string)\n      new\n"
                                    "    end\n\n    def freeze\n      self\n    end\n\n    private\n\n"
                                    "    def disconnect_error?(e, opts)\n      false\n    end\n  end\nend\n"),
    "lib/sequel/adapters/shared/mysql.rb": ("module Sequel\n  module MySQL\n    module DatabaseMethods\n"
                                            "      def freeze\n        super\n      end\n    end\n  end\nend\n"),
    "lib/sequel/adapters/mysql2.rb": ("module Sequel\n  module Mysql2\n    class Database < Sequel::Database\n"
                                      "      include Sequel::MySQL::DatabaseMethods\n\n      def connect(server)\n        server\n"
                                      "      end\n\n      def freeze\n        super\n      end\n\n      private\n\n"
                                      "      def disconnect_error?(e, opts)\n        super\n      end\n    end\n  end\nend\n"),
}


def test_a_files_outline_says_what_each_method_overrides(tmp_path):
    served = served_tree(tmp_path / "r", ADAPTER)
    served.call("find_related", symbol="Sequel::Database", relation="implementations")  # (waits for the whole index)
    r = served.call("get_structured_index", path="lib/sequel/adapters/mysql2.rb")
    rows = {line.split("def ")[1].split("(")[0].split()[0]: line for line in r.text.splitlines() if " def " in line}
    # an included module is searched before the superclass; a class method is no instance method's base
    assert "overrides Sequel::MySQL::DatabaseMethods#freeze lib/sequel/adapters/shared/mysql.rb:4" in rows["freeze"], r.text
    assert "overrides Sequel::Database#disconnect_error? lib/sequel/database/misc.rb:13" in rows["disconnect_error?"], r.text
    assert "overrides" not in rows["connect"], r.text
    # what reaches the model is the structured content: the same facts are there
    by_name = {s["qualname"].rsplit("#", 1)[-1].rsplit(".", 1)[-1]: s for s in r.data["symbols"]}
    assert by_name["freeze"]["overrides"].startswith("overrides Sequel::MySQL::DatabaseMethods#freeze"), r.data


WRITER = {
    "lib/sequel/dataset/actions.rb": ("module Sequel\n  class Dataset\n    def columns\n      @columns\n    end\n\n"
                                      "    def columns=(cols)\n      @columns = cols\n    end\n  end\nend\n"),
    "lib/sequel/adapters/mysql2.rb": ("module Sequel\n  module Mysql2\n    class Dataset < Sequel::Dataset\n"
                                      "      def fetch_rows(sql)\n        self.columns = sql\n        columns\n      end\n"
                                      "    end\n  end\nend\n"),
}


def test_an_attribute_assignment_on_self_calls_the_writer_not_the_reader(tmp_path):
    served = served_tree(tmp_path / "r", WRITER)
    r = served.call("find_related", symbol="Sequel::Dataset.columns", path="lib/sequel/dataset/actions.rb",
                    relation="callers")
    assert {(i["path"], n) for i in r.data["items"] for n in i["lines"]} == {("lib/sequel/adapters/mysql2.rb", 6)}, r.text


VIRTUAL = {
    "lib/sequel/database/connecting.rb": ("module Sequel\n  class Database\n    def new_connection(server)\n"
                                          "      conn = connect(server)\n      conn\n    end\n\n    def connect(server)\n"
                                          "      raise NotImplementedError\n    end\n\n    def drop_index(table, cols)\n"
                                          "      alter_table(table){drop_index(cols)}\n    end\n\n    def alter_table(t, &block)\n"
                                          "      Schema::AlterTableGenerator.new(self, &block)\n    end\n  end\nend\n"),
    "lib/sequel/adapters/postgres.rb": ("module Sequel\n  module Postgres\n    class Database < Sequel::Database\n"
                                        "      def connect(server)\n        server\n      end\n    end\n  end\nend\n"),
    "lib/sequel/database/schema_generator.rb": ("module Sequel\n  module Schema\n    class AlterTableGenerator\n"
                                                "      def initialize(db, &block)\n        instance_exec(&block)\n      end\n\n"
                                                "      def drop_index(cols)\n        cols\n      end\n    end\n  end\nend\n"),
}


def test_a_base_class_calling_what_a_subclass_overrides_and_a_dsl_block(tmp_path):
    served = served_tree(tmp_path / "r", VIRTUAL)
    r = served.call("find_related", symbol="Sequel::Postgres::Database.connect", relation="callers")
    # on a Postgres database object, Database#new_connection's `connect(server)` runs the override
    assert {(i["path"], n) for i in r.data["items"] for n in i["lines"]} == {("lib/sequel/database/connecting.rb", 4)}, r.text
    assert "base type" in r.text, r.text
    g = served.call("find_related", symbol="Sequel::Schema::AlterTableGenerator.drop_index", relation="callers")
    # the block is instance_exec'd on the generator: Database defining drop_index decides nothing
    assert ("lib/sequel/database/connecting.rb", 13) in {(i["path"], n) for i in g.data["items"] for n in i["lines"]}, g.text


SUPER = {
    "lib/sequel/database/schema_methods.rb": ("module Sequel\n  class Database\n    def create_table(name, options=OPTS, &block)\n"
                                              "      name\n    end\n\n    def create_table!(name, options=OPTS, &block)\n"
                                              "      create_table(name, options, &block)\n    end\n  end\nend\n"),
    "lib/sequel/adapters/shared/postgres.rb": ("module Sequel\n  module Postgres\n    module DatabaseMethods\n"
                                               "      def create_table(name, options=OPTS, &block)\n"
                                               "        if options[:partition_of]\n          return\n        end\n"
                                               "        super # the generic method  \n      end\n    end\n  end\nend\n"),
    "lib/sequel/adapters/postgres.rb": ("module Sequel\n  module Postgres\n    class Database < Sequel::Database\n"
                                        "      include Sequel::Postgres::DatabaseMethods\n    end\n  end\nend\n"),
}


def test_an_override_in_an_included_module_and_its_super_call(tmp_path):
    served = served_tree(tmp_path / "r", SUPER)
    impl = served.call("find_related", symbol="Sequel::Database.create_table", relation="implementations")
    assert [i["path"] for i in impl.data["items"]] == ["lib/sequel/adapters/shared/postgres.rb"], impl.text
    assert "included by Sequel::Postgres::Database" in impl.text, impl.text
    r = served.call("find_related", symbol="Sequel::Database.create_table", relation="callers")
    sites = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
    # the module's bare `super` reaches Database#create_table when the module sits in a Database subclass
    assert sites == {("lib/sequel/database/schema_methods.rb", 8), ("lib/sequel/adapters/shared/postgres.rb", 8)}, r.text
