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
    assert "execute" not in rows["lib/sequel/adapters/postgres.rb"], r.text  # no part of the base defines it
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
