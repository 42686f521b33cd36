"""A review of the stop-34 changes reproduced these on small corpora: a long macro's cut signature crashed
search_symbol; a one-line forward declaration chosen as the #if-preferred definition; a header's short function body
read as a prototype; a Go package var typed as the repository's namesake of another package's type, and a local
shadowing a package var typed as the var; C field declarations and `ops->read_block` reads among value uses, a
field call promoted to "global name"; Ruby strings and `||=` locals counted as parenless calls; `external=false`
keeping system headers."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

CORPORA = {'corpus12': {'long.h': '#define GEN_ACCESSOR(name, parameter_number_00, parameter_number_01, parameter_number_02, parameter_number_03, parameter_number_04, parameter_number_05, parameter_number_06, parameter_number_07, parameter_number_08, parameter_number_09, parameter_number_10, parameter_number_11) \\\nstatic int get_field_##name(int v) \\\n{ return v; }\n\nint get_field_size(int v);\n\nGEN_ACCESSOR(size, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)\n'}, 'corpus2': {'fs.h': 'struct sb { int dirty; int count; };\nvoid write_out(struct sb *s);\n', 'io.c': '#include "fs.h"\n\n#ifdef _WIN32\nvoid write_out(struct sb *s)\n{\n\twin_write(s);\n}\n#else\nvoid write_out(struct sb *s)\n{\n\tint fd = open_dev();\n\tposix_write(fd, s);\n\tclose_dev(fd);\n}\n#endif\n', 'plain.c': 'static int helper(int x);\n\nint entry(void)\n{\n\treturn helper(1);\n}\n\nstatic int helper(int x)\n{\n\treturn x + 1;\n}\n', 'super.c': '#include <stdio.h>\n#include <linux/fs.h>\n#include "fs.h"\n\nstatic void update_super(struct sb *s);\n\nint commit(struct sb *s)\n{\n\tupdate_super(s);\n\treturn 0;\n}\n\n#ifndef CONFIG_READONLY\nstatic void update_super(struct sb *s)\n{\n\ts->dirty = 0;\n\ts->count++;\n\twrite_out(s);\n}\n#endif\n'}, 'corpus1': {'include/shapes.hpp': '#pragma once\n\nstruct Square { int w; };\nstruct Circle { int r; };\n\nint area(Square s)\n{\n    return s.w * s.w;\n}\n\nint area(Circle c);\n', 'src/shapes.cpp': '#include "shapes.hpp"\n\nint area(Circle c)\n{\n    return 3 * c.r * c.r;\n}\n\nint total(Square s, Circle c)\n{\n    return area(s) + area(c);\n}\n'}, 'corpus3': {'block.c': '#include "dev.h"\n\nint read_block(int n)\n{\n\treturn n * 2;\n}\n', 'dev.h': 'struct dev_ops {\n\tint (*read_block)(int n);\n\tint (*flush)(void);\n};\nint read_block(int n);\n', 'driver.c': '#include "dev.h"\n\nint load(struct dev_ops *ops)\n{\n\tint a = ops->read_block(3);\n\treturn a;\n}\n\nint flush_all(struct dev_ops *ops)\n{\n\treturn ops->flush();\n}\n\nstatic struct dev_ops my_ops = {\n\t.read_block = read_block,\n\t.flush = 0,\n};\n\nint probe(struct dev_ops *ops)\n{\n\tif (ops->read_block)\n\t\treturn 1;\n\treturn 0;\n}\n\nstruct stats {\n\tlong read_block;\n};\n'}, 'corpus4': {'lib/doc.rb': 'class Doc\n  def initialize(src)\n    @src = src\n  end\n\n  def paragraph_end\n    /\\n\\n/\n  end\n\n  def scan\n    @src.match?(paragraph_end)\n  end\n\n  def describe\n    puts "stops at paragraph_end"\n  end\n\n  def memo\n    paragraph_end ||= 3\n    paragraph_end + 1\n  end\n\n  def wrap(text,\n           paragraph_end)\n    text + paragraph_end.to_s\n  end\nend\n'}, 'corpus6': {'app/app.go': 'package app\n\nimport (\n\t"log"\n\t"os"\n)\n\n// Logger is this package\'s own logger.\ntype Logger struct {\n\tprefix string\n}\n\nfunc (l *Logger) Printf(format string, args ...any) {\n\t_ = l.prefix\n}\n\nvar std *log.Logger = log.New(os.Stderr, "", 0)\n\nfunc Run() {\n\tstd.Printf("starting %d", 1)\n}\n', 'app/client.go': 'package app\n\nimport "net/http"\n\n// Client is the package\'s API client.\ntype Client struct{}\n\nfunc (c *Client) Do(req *http.Request) (*http.Response, error) { return nil, nil }\n\nvar client = &Client{}\n\nfunc Fetch(req *http.Request) {\n\tclient := http.DefaultClient\n\tclient.Do(req)\n}\n\nfunc Fetch2(req *http.Request) {\n\tclient := &http.Client{}\n\tclient.Do(req)\n}\n\nfunc Fetch3(req *http.Request) {\n\tclient := newHTTP()\n\tclient.Do(req)\n}\n\nfunc Fetch4(req *http.Request) {\n\tvar client *http.Client\n\tclient.Do(req)\n}\n', 'app/ext.go': 'package app\n\nimport "net/http"\n\nfunc newHTTP() *http.Client { return &http.Client{} }\n', 'app/shadow.go': 'package app\n\nimport "github.com/acme/cache"\n\n// Store is the package\'s cache.\ntype Store struct{}\n\nfunc (s *Store) Get(key string) string { return key }\n\nvar store = &Store{}\n\nfunc Lookup(key string) string {\n\tstore := cache.Open()\n\treturn store.Get(key)\n}\n', 'go.mod': 'module example.com/demo\n\ngo 1.21\n', 'remote/remote.go': 'package remote\n\ntype DB struct{}\n\nfunc (d *DB) Get(key string) string { return "" }\n\nfunc Open() *DB { return &DB{} }\n'}}


def test_a_macro_whose_stored_header_was_cut_does_not_break_search(tmp_path):
    a = served_tree(tmp_path / "c", CORPORA["corpus12"]).call("search_symbol", query="get_field_size")
    assert not a.is_error, a.text
    assert "long.h:5-5 function get_field_size" in a.text, a.text


def test_ifdef_preference_never_picks_a_forward_declaration(tmp_path):
    served = served_tree(tmp_path / "c", CORPORA["corpus2"])
    a = served.call("search_symbol", query="update_super")
    assert a.text.startswith("super.c:14-19 function update_super"), a.text
    ext = served.call("list_dependencies", path="super.c", external=False)
    assert "stdio.h" not in ext.text and "fs.h" in ext.text, ext.text


def test_a_short_function_body_in_a_header_is_a_definition(tmp_path):
    a = served_tree(tmp_path / "c", CORPORA["corpus1"]).call("find_related", symbol="area", relation="callers")
    assert "include/shapes.hpp:6-9" in a.text and "declared in include/shapes.hpp" not in a.text, a.text


def test_go_package_var_of_another_packages_type_and_a_shadowing_local(tmp_path):
    served = served_tree(tmp_path / "g", CORPORA["corpus6"])
    run = served.call("find_related", symbol="Run", relation="callees")
    assert not run.data["items"], run.text  # not the repository's own Logger.Printf
    assert "log.Logger.Printf (on std) at 20" in run.data["packages"], run.text  # `var std *log.Logger`: the standard one
    look = served.call("find_related", symbol="Lookup", relation="callees")
    assert "Store.Get" not in look.text, look.text


def test_c_value_uses_and_global_names_leave_fields_alone(tmp_path):
    a = served_tree(tmp_path / "c", CORPORA["corpus3"]).call("find_related", symbol="read_block", relation="callers")
    assert not a.is_error, a.text
    assert "global name" not in a.text, a.text  # ops->read_block(3) calls a field
    values = a.text.split("also named without a call", 1)[1]
    assert ".read_block = read_block," in values and "(*read_block)" not in values and "ops->read_block)" not in values, a.text


def test_ruby_parenless_calls_skip_strings_and_op_assigned_locals(tmp_path):
    a = served_tree(tmp_path / "r", CORPORA["corpus4"]).call("find_related", symbol="Doc.paragraph_end", relation="callers")
    assert not a.is_error, a.text
    assert [i["lines"] for i in a.data["items"]] == [[11]], a.text


def test_c_uses_credit_a_name_to_the_include_that_declares_it_and_pick_the_fields_struct(tmp_path):
    files = {
        "ext4.h": ("#ifndef _EXT4_H\n#define _EXT4_H\nstruct ext4_inode {\n\tint i_flags;\n};\n"
                   "struct ext4_inode_info {\n\tint i_flags;\n};\nint ext4_write_inode(void *inode);\n#endif\n"),
        "jbd.h": "#include \"ext4.h\"\nint ext4_journal_stop(void *h);\n",
        "ioctl.c": ("#include \"jbd.h\"\n#include \"ext4.h\"\n\nstatic int setflags(struct ext4_inode_info *ei, void *h)\n{\n"
                    "\text4_journal_stop(h);\n\treturn ei->i_flags + ext4_write_inode(ei);\n}\n"),
    }
    a = served_tree(tmp_path / "c", files).call("list_dependencies", path="ioctl.c", view="uses")
    assert not a.is_error, a.text
    by_line = {u["line"]: {n["name"] for n in u["names"]} for u in a.data["uses"]}
    assert by_line[1] == {"ext4_journal_stop"}, a.text
    assert {"ext4_write_inode", "ext4_inode_info", "ext4_inode_info.i_flags"} <= by_line[2], a.text
    assert "ext4_inode.i_flags" not in by_line[2], a.text


def test_ruby_outside_qualified_base_and_require_methods_of_one_name(tmp_path):
    served = served_tree(tmp_path / "r", {
        "app/models/application_record.rb": "class ApplicationRecord < ActiveRecord::Base\n  self.abstract_class = true\nend\n",
        "app/models/user.rb": "class User < ApplicationRecord\nend\n",
        "lib/api/base.rb": "module Api\n  class Base\n    def call; end\n  end\n\n  class Users < Base\n  end\nend\n"})
    a = served.call("find_related", symbol="Api::Base", relation="implementations")
    assert {i["qualname"] for i in a.data["items"]} == {"Api::Users"}, a.text
    lib = served_tree(tmp_path / "l", {
        "app.rb": "require 'tools/all'\n\nclass App\n  def go\n    Tools::Renderer.run(1)\n  end\nend\n",
        "tools/all.rb": ("module Tools\n  class Parser\n    def self.run(x)\n      x\n    end\n  end\n\n"
                         "  class Renderer\n    def self.run(x)\n      x\n    end\n  end\nend\n")})
    u = lib.call("list_dependencies", path="app.rb", view="uses")
    assert "Renderer.run (all.rb:9) at 5" in u.text and "Parser.run" not in u.text, u.text


def test_a_plain_forward_declaration_is_no_namesake_under_another_if(tmp_path):
    a = served_tree(tmp_path / "c", CORPORA["corpus2"]).call("find_related", symbol="entry", relation="callees")
    assert not a.is_error, a.text
    assert "another #if" not in a.text, a.text
