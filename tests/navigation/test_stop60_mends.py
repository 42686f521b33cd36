"""Mends of stop 60, each with what an agent (or the closing note of stop 59) saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

RUST_MODULE_PATHS = {
    "src/lib.rs": "mod api;\nmod teddy;\n",
    "src/api.rs": ("use crate::teddy;\n\npub struct Builder {\n    n: usize,\n}\n\n"
                   "impl Builder {\n    pub fn new() -> Builder {\n        Builder { n: 0 }\n    }\n\n"       # 8
                   "    pub fn build(&self) -> Option<usize> {\n        self.build_teddy()\n    }\n\n"             # 12
                   "    fn build_teddy(&self) -> Option<usize> {\n"                                           # 16
                   "        teddy::Builder::new()\n            .fat(Some(true))\n            .build(self.n)\n    }\n}\n"),
    "src/teddy/mod.rs": "pub use crate::teddy::compile::Builder;\n\nmod compile;\n",
    "src/teddy/compile.rs": ("pub struct Builder {\n    fat: Option<bool>,\n}\n\n"
                             "impl Builder {\n    pub fn new() -> Builder {\n        Builder { fat: None }\n    }\n\n"  # 6
                             "    pub fn fat(&mut self, yes: Option<bool>) -> &mut Builder {\n"                         # 10
                             "        self.fat = yes;\n        self\n    }\n\n"
                             "    pub fn build(&self, n: usize) -> Option<usize> {\n        Some(n)\n    }\n}\n"),      # 15
}


def test_a_rust_call_through_a_module_path_names_that_module_s_type(tmp_path):
    """Stop 59 left it: `teddy::Builder::new().fat(..).build(..)` in api.rs was read as api.rs's own Builder::new and
    Builder::build (the path kept only `Builder`), `.fat` as unresolved (a field and a method of that name), and
    api's Builder::build had build_teddy among its callers."""
    served = served_tree(tmp_path / "r", RUST_MODULE_PATHS)
    text = served.call("find_related", symbol="Builder.build_teddy", path="src/api.rs", relation="callees").text
    assert "src/teddy/compile.rs" in text, text
    for row in ("Builder.new 6-8 called at 17", "Builder.fat 10-13 called at 18", "Builder.build 15-17 called at 19"):
        assert row in text, text
    assert "src/api.rs" not in text.split("\n", 2)[2], text
    text = served.call("find_related", symbol="Builder.build", path="src/api.rs", relation="callers").text
    assert "build_teddy" not in text.split("left out")[0], text


C_TYPEDEF_OPS = {
    "funcs.h": ("typedef struct ctxFuncs {\n    void (*close)(int fd);\n    int (*read)(int fd, char *buf);\n} ctxFuncs;\n\n"
                "typedef struct objFns {\n    void *(*make)(int n);\n    void (*drop)(void *p);\n} objFns;\n\n"
                "void netClose(int fd);\n"),
    "net.c": ('#include "funcs.h"\n\nvoid netClose(int fd) {\n    (void)fd;\n}\n'),                                    # 3
    "ctx.c": ('#include "funcs.h"\n\nstatic int netRead(int fd, char *buf);\n\n'
              "static ctxFuncs defaultFuncs = {\n    .close = netClose,\n    .read = netRead,\n};\n\n"                # 5-8
              "static int netRead(int fd, char *buf) {\n    return fd + (buf != 0);\n}\n\n"                          # 10
              "static void *mk(int n) {\n    return 0;\n}\n\n"                                                       # 14
              "static void rm(void *p) {\n    (void)p;\n}\n\n"                                                       # 18
              "struct objFns plainFns = {\n    mk,\n    rm\n};\n"),                                                  # 22
}


def test_a_c_typedef_s_ops_tables_are_its_implementations_with_where_each_slot_s_function_is(tmp_path):
    """hiredis run 549: `typedef struct redisContextFuncs {..} redisContextFuncs;` and `static redisContextFuncs
    redisContextDefaultFuncs = {..}` read "nothing in the repository names redisContextFuncs as a base" (the typedef's
    name written without `struct` was not read as an instance); the functions each slot gets had no location."""
    served = served_tree(tmp_path / "r", C_TYPEDEF_OPS)
    text = served.call("find_related", symbol="ctxFuncs", relation="implementations").text
    assert "ctx.c:5-8 variable defaultFuncs" in text, text
    assert "close netClose (net.c:3), read netRead (10)" in text, text  # the body at 10, not the declaration at 3
    text = served.call("find_related", symbol="objFns", relation="implementations").text
    assert "ctx.c:22-25 variable plainFns" in text and "make mk (14), drop rm (18)" in text, text


PY_NESTED_META = {
    "wtf/__init__.py": "",
    "wtf/meta.py": "class DefaultMeta:\n    def get_translations(self, form):\n        return None\n",
    "wtf/form.py": ("from wtf.meta import DefaultMeta\n\n_default_meta = DefaultMeta()\n\n\nclass BaseForm:\n"
                    "    def __init__(self, meta=_default_meta):\n        self.meta = meta\n"
                    "        self.translations = self.meta.get_translations(self)\n"),                                  # 9
    "tests/test_i18n.py": ("from wtf.form import BaseForm\n\n\nclass Custom(BaseForm):\n    class Meta:\n"
                           "        def get_translations(self, form):\n            return 1\n\n\n"
                           "def test_defaults():\n    form = BaseForm()\n    assert form.meta.get_translations(form) is None\n"),  # 12
}


def test_a_nested_class_named_like_the_receiver_does_not_take_the_method_s_callers(tmp_path):
    """wtforms run 553: the callers of DefaultMeta.get_translations were "0 call sites", every real call
    (`self.meta.get_translations(self)`) left out as another type's, because a test form's nested `class Meta:` with its
    own get_translations is named like the receiver `meta`."""
    served = served_tree(tmp_path / "r", PY_NESTED_META)
    text = served.call("find_related", symbol="DefaultMeta.get_translations", relation="callers").text
    assert "wtf/form.py:9 in BaseForm.__init__" in text, text
    assert "tests/test_i18n.py:12 in test_defaults" in text, text


RUBY_ZIP = {
    "lib/zip/file.rb": ("module Zip\n  class File\n    class << self\n      def open(name)\n        new(name)\n      end\n\n"  # 4
                        "      def foreach(name)\n        ::Zip::File.open(name) { |z| z }\n      end\n    end\n\n"        # 9
                        "    def initialize(name)\n        ::File.open(name, 'rb') { |f| f.read }\n"                      # 14
                        "      @fs_file = FsFile.new(self)\n    end\n\n    def file\n      @fs_file\n    end\n  end\nend\n"),
    "lib/zip/fs.rb": ("module Zip\n  class FsFile\n    def initialize(zip)\n      @zip = zip\n    end\n\n"
                      "    def open(name, mode = 'r')\n      @zip\n    end\n  end\n\n"
                      "  class FsDir\n    attr_writer :file\n  end\nend\n"),
    "samples/use.rb": ("require 'zip'\n\nZip::File.open('a.zip') do |zf|\n  zf.file.open('x.txt', 'w')\nend\n"             # 3, 4
                       "File.open('plain.txt') { |f| f.read }\n"),                                                           # 6
}


def test_ruby_s_own_file_and_a_reader_s_object_are_not_the_namespaced_class(tmp_path):
    """rubyzip run 547: the callers of Zip::File.open were 20 call sites, 11 of them not its: Ruby's `::File.open(..)`
    inside module Zip, and `zf.file.open(..)` on the FsFile that `def file; @fs_file; end` hands back."""
    served = served_tree(tmp_path / "r", RUBY_ZIP)
    text = served.call("find_related", symbol="Zip::File.open", relation="callers").text
    assert "2 calling definitions, 2 call sites" in text, text
    assert "9 in Zip::File.foreach" in text and "samples/use.rb:3 at top level" in text, text
    kept = text.split("\n", 2)[2]
    assert "'rb'" not in kept and "zf.file.open" not in kept and "plain.txt" not in kept, text
    text = served.call("find_related", symbol="FsFile.open", relation="callers").text
    assert "samples/use.rb:4" in text and "by receiver zf.file: FsFile" in text, text


def test_a_c_call_through_a_function_pointer_slot_names_what_the_tables_put_there(tmp_path):
    """hiredis run 549: `c->reader->fn->freeObject(r)` was "not defined by name in the repository (a system or external
    function ..)"; the agent traced the tables by hand. And a semantic read of a function left out a call of a function
    a header declares and another .c file defines (`redisReaderFeed`)."""
    files = dict(C_TYPEDEF_OPS)
    files["feed.h"] = "int feed(int fd);\n"
    files["feed.c"] = '#include "feed.h"\n\nint feed(int fd) {\n    return fd;\n}\n'
    files["use.c"] = ('#include "funcs.h"\n#include "feed.h"\n\nstruct ctx {\n    ctxFuncs *funcs;\n};\n\n'
                      "int pump(struct ctx *c, char *buf) {\n    int n = c->funcs->read(3, buf);\n"              # 8, 9
                      "    return feed(n);\n}\n")                                                                 # 10
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="pump", relation="callees").text
    assert "funcs.read (function pointer ctxFuncs.read funcs.h:3: netRead (ctx.c:10) in defaultFuncs) at 9" in text, text
    text = served.call("read_code_range", path="use.c", start_line=8, end_line=11, context="semantic").text
    assert "feed.c:3-5 int feed(int fd)" in text, text


C_FORMAT = {
    "fmt.c": ("int format(const char *c, int n) {\n"                                   # 1
              "    while (*c != '\\0') {\n"                                            # 2
              "        if (*c != '%') {\n            n++;\n        } else {\n"         # 3, 5
              "            switch (c[1]) {\n"                                          # 6
              "            case 's':\n                n += 2;\n                break;\n"
              "            default:\n"                                                 # 10
              "                /* a printf format */\n"
              "                {\n"                                                    # 12
              "                    int l = 0;\n"
              "                fmt_valid:\n"                                           # 14
              "                    if (l < 16) {\n"                                    # 15
              "                        c = c + l;\n"                                   # 16
              "                    }\n"
              "                }\n"                                                    # 18
              "                break;\n            }\n        }\n        c++;\n    }\n    return n;\n}\n"),
}


def test_the_blocks_around_a_c_line_include_the_switch_the_bare_block_and_the_if_of_an_else(tmp_path):
    """hiredis run 549: the chain for hiredis.c:483 listed `while`, `} else {`, `default:`, `fmt_valid:`, `if` and left
    out `switch(c[1])` (its labels stand at its indentation), the bare `{` below `default:` and the `if` the else
    belongs to; the agent read 180 lines to rebuild it."""
    text = served_tree(tmp_path / "r", C_FORMAT).call("read_code_range", path="fmt.c", start_line=16, end_line=16).text
    want = ("inside: 2-23 while (*c != '\\0') {; 3-5 if (*c != '%') {; 5-21 } else {; 6-20 switch (c[1]) {; "
            "10-20 default:; 12-18 {; 14-18 fmt_valid:; 15-17 if (l < 16) {")
    assert want in text, text


def test_a_hit_in_a_run_of_line_comments_holding_code_says_it_is_commented_out(tmp_path):
    """hiredis run 549: `1865: //   assert(redisBufferRead(c) == REDIS_OK);` in a test commented out line by line
    came with no note, where a hit in a `/* .. */` block says "in commented-out code"."""
    files = {"t.c": ("int pump(int c) {\n    return c;\n}\n\n"
                     "// static void test_old(void) {\n//     int c = 0;\n//     pump(c);\n// }\n\n"      # 5-8
                     "int main(void) {\n    // pump(0) ran here once\n    return pump(1);\n}\n")}            # 10-13
    text = served_tree(tmp_path / "r", files).call("search_text", pattern="pump(").text
    assert "7: //     pump(c);  — in commented-out code // 5-8" in text, text
    assert "in main 10-13:\n    11: // pump(0) ran here once\n" in text, text  # (one comment line: its function)


GO_PLATFORMS = {
    "go.mod": "module example.com/sock\n\ngo 1.19\n",
    "route.go": "package sock\n\ntype RouteInterface interface {\n\tName() string\n}\n",
    "route_linux.go": "// +build !android\n\npackage sock\n\nfunc NewRouteInfo() (string, error) {\n\treturn \"ip\", nil\n}\n",
    "route_windows.go": "package sock\n\nfunc NewRouteInfo() (string, error) {\n\treturn \"netsh\", nil\n}\n",
    "route_bsd.go": ("//go:build darwin || freebsd\n// +build darwin freebsd\n\npackage sock\n\n"
                     "func NewRouteInfo() (string, error) {\n\treturn \"route\", nil\n}\n"),
}


def test_go_definitions_in_platform_files_say_what_they_build_under(tmp_path):
    """go-sockaddr run 551: search_symbol listed five NewRouteInfo with nothing telling them apart; the agent read the
    first line of each file (a `// +build` line, a `_linux` suffix) to say which one builds on Linux."""
    served = served_tree(tmp_path / "r", GO_PLATFORMS)
    text = served.call("search_symbol", query="NewRouteInfo").text
    assert "route_linux.go:5-7 function sock.NewRouteInfo" in text and "(only linux by its name, +build !android)" in text, text
    assert "(only windows by its name)" in text and "(only //go:build darwin || freebsd)" in text, text
    text = served.call("search_text", pattern="func NewRouteInfo").text
    assert "(only windows by its name)" in text, text


def test_a_python_builtin_called_bare_beside_a_same_named_attribute_is_the_builtin(tmp_path):
    """wtforms run 553: `self.type = type(self).__name__` gave "unresolved: self.type at 123" under "complete" and
    `type` was missing from the builtins, which came without their lines."""
    files = {"f.py": ("import itertools\n\n\nclass Field:\n    def __init__(self, name):\n"
                      "        self.type = type(self).__name__\n"                                           # 6
                      "        self.names = list(itertools.chain([name], []))\n")}                          # 7
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Field.__init__", relation="callees").text
    assert "builtins: type at 6, list at 7" in text, text
    assert "functions of other packages: itertools.chain at 7" in text and "self.type" not in text, text


def test_search_text_takes_several_paths_comma_separated(tmp_path):
    """rubyzip run 547: `search_text path=lib/zip/decompressor.rb,lib/zip/inflater.rb` was refused as a path that
    does not exist, where read_code_range takes such a list."""
    files = {"lib/a.rb": "def alpha\nend\n", "lib/b.rb": "def beta\nend\n", "lib/c.rb": "def gamma\nend\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("search_text", pattern="def ", path="lib/a.rb, lib/c.rb").text
    assert "lib/a.rb" in text and "lib/c.rb" in text and "lib/b.rb" not in text, text
    bad = served.call("search_text", pattern="def ", path="lib/a.rb,lib/nope.rb")
    assert bad.is_error and "'lib/nope.rb' does not exist" in bad.text, bad.text


GO_VALUES = {
    "go.mod": "module example.com/m\n\ngo 1.19\n",
    "math.go": "package m\n\nfunc Math(x int) int {\n\treturn x\n}\n\nfunc use() int {\n\treturn Math(1)\n}\n",
    "tmpl/tmpl.go": ("package tmpl\n\nimport (\n\tsockaddr \"example.com/m\"\n\t\"example.com/m/other\"\n)\n\n"
                     "var funcs = map[string]interface{}{\n\t\"math\": sockaddr.Math,\n\t\"other\": other.Math,\n}\n"),  # 9, 10
    "other/other.go": "package other\n\nfunc Math(x int) int {\n\treturn -x\n}\n",
}


def test_a_go_function_read_off_its_package_elsewhere_is_named_as_a_value(tmp_path):
    """go-sockaddr run 551: IfAddrsMath's callers gave its test and said nothing of `"math": sockaddr.IfAddrsMath` in
    the template package's FuncMap, the only way the template API reaches it."""
    text = served_tree(tmp_path / "r", GO_VALUES).call("find_related", symbol="Math", path="math.go", relation="callers").text
    assert "tmpl/tmpl.go:9 top level" in text and '"math": sockaddr.Math' in text, text
    assert "other.Math" not in text, text  # (another package's Math)


def test_search_symbol_answers_a_ruby_writer_with_the_attribute_line_that_makes_it(tmp_path):
    """rubyzip run 547: `search_symbol query='size, size=, crc, crc='` said "no definition named 'size=', 'crc='",
    though `attr_accessor :crc, :size` makes both writers."""
    files = {"lib/entry.rb": "class Entry\n  attr_accessor :crc, :size\n  attr_reader :name\nend\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("search_symbol", query="size=, crc=").text
    assert "the writers the attr_writer/attr_accessor lines listed make" in text and "no definition named" not in text, text
    assert "field Entry#size" in text and "field Entry#crc" in text, text
    text = served.call("search_symbol", query="Entry#crc=").text
    assert "field Entry#crc" in text, text
    assert "field Entry#name" not in served.call("search_symbol", query="name=").text  # (a reader makes no writer)


def test_go_implementations_keep_each_platform_file_s_variant_of_a_type(tmp_path):
    """go-sockaddr run 557: RouteInterface's implementations were "complete" with three of the five routeInfo variants
    (one per platform file, two of them constrained only by the file's name), one given another file's method."""
    files = dict(GO_PLATFORMS)
    for name, body in (("route_linux.go", "// +build !android\n\npackage sock\n"), ("route_windows.go", "package sock\n"),
                       ("route_solaris.go", "package sock\n")):
        files[name] = body + "\ntype routeInfo struct{}\n\nfunc (ri routeInfo) Name() string {\n\treturn \"x\"\n}\n"
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="RouteInterface", relation="implementations").text
    assert "3 definitions" in text, text
    assert "route_windows.go:3-3 struct routeInfo: Name 5 (only windows by its name)" in text, text
    assert "route_solaris.go:3-3 struct routeInfo: Name 5 (only solaris by its name)" in text, text
    assert "route_linux.go:5-5 struct routeInfo: Name 7 (only linux by its name, +build !android)" in text, text


def test_a_go_package_doc_comment_is_no_commented_out_code(tmp_path):
    """go-sockaddr run 557: hits in template/doc.go's package comment (template examples ending in `}}`) read "in
    commented-out code /* 1-310 */"; the agent read the file to check."""
    files = {"go.mod": "module example.com/t\n\ngo 1.19\n",
             "doc.go": "/*\nPackage t renders.\n\n  {{ math \"x\" }}\n  {{ range $a }}{{ $a }}{{ end }}\n*/\npackage t\n"}
    text = served_tree(tmp_path / "r", files).call("search_text", pattern="math").text
    assert "in a doc comment 1-6" in text and "commented-out" not in text, text


PY_REEXPORTS = {
    "src/wtf/__init__.py": "",
    "src/wtf/utils.py": "def clean(fmt):\n    return fmt.replace('-', '')\n",
    "src/wtf/fields/__init__.py": "from wtf.fields.datetime import DateTimeField\nfrom wtf.fields.datetime import DateField\n",
    "src/wtf/fields/datetime.py": ("from wtf.utils import clean\n\n\nclass DateTimeField:\n    def __init__(self, fmt='%-d'):\n"
                                   "        self.fmt = clean(fmt)\n\n\nclass DateField(DateTimeField):\n"          # 6, 9
                                   "    def __init__(self, fmt='%Y'):\n        super().__init__(fmt)\n"),           # 10, 11
    "tests/test_dt.py": ("from wtf.fields import DateTimeField\n\n\ndef test_default():\n"
                         "    assert DateTimeField().fmt == 'd'\n"),                                               # 5
}


def test_python_callers_through_a_package_s_re_export_and_a_super_init_chain(tmp_path):
    """wtforms run 558: `from wtforms.fields import DateTimeField` (the package takes it from .datetime) left every
    test construction "name only"; at depth 2 the subclasses' `super().__init__(..)` were left out as calls "through a
    base type" though the subclass's first base runs exactly that __init__."""
    served = served_tree(tmp_path / "r", PY_REEXPORTS)
    text = served.call("find_related", symbol="DateTimeField", relation="callers").text
    assert "all by import" in text and "tests/test_dt.py:5 in test_default" in text, text
    text = served.call("find_related", symbol="clean", relation="callers", depth=2).text
    assert "11 in DateField.__init__ (10-11): super().__init__(fmt)" in text and "left out" not in text, text
    assert "tests/test_dt.py:5 in test_default" in text and "[name only]" not in text, text


def test_deeper_guesses_in_test_files_are_counted_like_the_others(tmp_path):
    """wtforms run 558: past the first level, 15 tests' `form.process(..)` (BaseForm's, by name only) were listed as
    callers of FieldList.process while the note said the name-only calls were left out."""
    files = {"pkg/__init__.py": "",
             "pkg/lists.py": ("class FieldList:\n    def process(self, data):\n        self._compact()\n\n"
                              "    def _compact(self):\n        return 1\n"),                                    # 3, 5
             "tests/test_forms.py": ("def test_form(form):\n    form.process({})\n\n\n"                          # 2
                                     "def test_list():\n    from pkg.lists import FieldList\n"
                                     "    FieldList().process({})\n")}                                            # 7
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="FieldList._compact", relation="callers",
                                                   depth=2).text
    assert "tests/test_forms.py:7 in test_list" in text, text
    assert "in test_form " not in text and "(1 in test files; per callee: FieldList.process 1)" in text, text


def test_c_callees_say_which_are_defined_only_under_a_condition_and_list_pointer_slots_apart(tmp_path):
    """hiredis run 556: `snprintf vendor/hiredis/win32.h:24` (an MSVC-only macro) and `assert 52-52` (async.c's NDEBUG
    redefinition) read as the calls' definitions everywhere; a call through a function-pointer slot, resolved through
    the tables, stood under "not defined by name in the repository"; a prototype in another .c file was "also named so"."""
    files = dict(C_TYPEDEF_OPS)
    files["win32.h"] = "#ifdef _MSC_VER\n#define snprintf c99_snprintf\n#endif\n"
    files["err.c"] = '#include "funcs.h"\n\nvoid setError(int c) {\n    (void)c;\n}\n'
    files["other.c"] = '#include "funcs.h"\n\nvoid setError(int c);\n'
    files["use.c"] = ('#include "funcs.h"\n#include "win32.h"\n\nint unused;\n\n'
                      "#ifdef NDEBUG\n#define assert(e) (void)(e)\n#endif\n\n"                                 # 6-8
                      "struct ctx {\n    ctxFuncs *funcs;\n};\n\n"
                      "int pump(struct ctx *c, char *buf) {\n    int n = c->funcs->read(3, buf);\n"          # 14, 15
                      "    snprintf(buf, 4, \"%d\", n);\n    assert(n > 0);\n    setError(n);\n    return n;\n}\n")  # 16-18
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="pump", relation="callees").text
    assert "snprintf win32.h:2-2 called at 16 (only #ifdef _MSC_VER)" in text, text
    assert "assert use.c:7-7 called at 17 (only #ifdef NDEBUG)" in text, text
    assert "through function pointers: funcs.read (function pointer ctxFuncs.read" in text, text
    assert "setError err.c:3-5 called at 18\n" in text + "\n" and "also named so" not in text, text


def test_a_c_field_read_through_a_member_is_its_struct_s_field(tmp_path):
    """hiredis run 556: the uses view gave `ac->c.flags` (redisContext's flags, the field `c` of redisAsyncContext)
    to sds.h as `sdshdr5.flags`, a struct of another header with a field of that name."""
    files = {"sds.h": "struct sdshdr5 {\n    unsigned char flags;\n};\n",
             "ctx.h": "typedef struct redisContext {\n    int flags;\n} redisContext;\n",
             "async.h": '#include "ctx.h"\n\ntypedef struct redisAsyncContext {\n    redisContext c;\n} redisAsyncContext;\n',
             "async.c": ('#include "async.h"\n#include "sds.h"\n\n'
                         "void run(redisAsyncContext *ac) {\n    ac->c.flags |= 1;\n}\n")}                         # 5
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="async.c", view="uses").text
    assert "sdshdr5.flags" not in text, text


RUBY_ENTRY = {
    "lib/entry.rb": ("class Entry\n  class << self\n    def read_c_dir_entry(io)\n      entry = new(io)\n"          # 3, 4
                     "      entry.read_c_dir_entry(io)\n      entry\n    end\n  end\n\n"                              # 5
                     "  def initialize(io)\n    @io = io\n  end\n\n"
                     "  def read_c_dir_entry(io)\n    check_signature(io)\n  end\n\n"                                  # 14, 15
                     "  def check_signature(io)\n    io\n  end\nend\n"),                                             # 18
    "lib/central.rb": ("class Central\n  def read_entries(io)\n    Entry.read_c_dir_entry(io)\n  end\nend\n"),     # 3
}


def test_a_ruby_local_built_by_a_bare_new_in_a_class_method_is_an_instance_of_its_class(tmp_path):
    """rubyzip run 555: `entry = new(path)` then `entry.read_c_dir_entry(io)` in the class method was "name only" (the
    bare `new(path)` read as Go's `new(T)`, a value of type `path`), so the depth-3 chain stopped there."""
    text = served_tree(tmp_path / "r", RUBY_ENTRY).call("find_related", symbol="Entry#check_signature",
                                                        relation="callers", depth=3).text
    assert "lib/entry.rb:5 in Entry.read_c_dir_entry (3-7): entry.read_c_dir_entry(io)" in text, text
    assert "lib/central.rb:3 in Central#read_entries" in text and "left out" not in text, text


def test_a_ruby_require_whose_names_this_file_does_not_use_says_what_it_loads(tmp_path):
    """rubyzip run 555: lib/zip.rb's 26 repository requires all read "no name of it used in code"; what each is for
    (the classes it loads for the whole program) took several searches."""
    files = {"lib/zip.rb": "require 'zip/dos_time'\nrequire 'zip/constants'\n\nmodule Zip\nend\n",
             "lib/zip/dos_time.rb": "module Zip\n  class DOSTime < Time\n    def to_binary_dos_time\n      1\n    end\n  end\nend\n",
             "lib/zip/constants.rb": "module Zip\n  VERSION_MADE_BY = 52\n  FSTYPE_UNIX = 3\nend\n"}
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="lib/zip.rb", view="uses").text
    assert "loads class Zip::DOSTime for the whole program; this file names none of it" in text, text
    assert "loads 2 constants of Zip (VERSION_MADE_BY, FSTYPE_UNIX)" in text, text


def test_ruby_reads_and_search_hits_name_definitions_as_search_symbol_does(tmp_path):
    """rubyzip runs 547 and 555: search_symbol said `Zip::ExtraField::Zip64#extract`, reads and search hits
    `Zip.Zip64.extract`; a class method and an instance method of one name read alike."""
    files = {"lib/zip/zip64.rb": ("module Zip\n  class ExtraField\n    class Zip64\n      def extract(size)\n        size\n"
                                  "      end\n\n      def self.build\n        new\n      end\n    end\n  end\nend\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("read_code_range", path="lib/zip/zip64.rb:5").text
    assert "in method Zip::ExtraField::Zip64#extract 4-6" in text, text
    text = served.call("search_text", pattern="new").text
    assert "in Zip::ExtraField::Zip64.build 8-10" in text, text


def test_ruby_callees_tell_writers_from_readers_and_keep_an_ivar_s_shift(tmp_path):
    """rubyzip run 555: finalize_current_entry's callees, "complete", gave `@current_entry.compressed_size at 134,139`
    (a write, then a read), left out `@output_stream << ..` and listed a resolved call again as unresolved."""
    files = {"lib/out.rb": ("class Out\n  def finalize\n    finish\n    @entry.size = @compressor.size\n"                # 3, 4
                            "    @stream << @entry.size.to_s\n    @entry.crc = 1\n  end\n\n"                            # 5, 6
                            "  def finish\n    @compressor.finish\n  end\nend\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Out#finalize", relation="callees").text
    assert "Out#finish lib/out.rb:9-11 called at 3" in text, text
    assert "@entry.crc= at 6" in text and "<< (on @stream) at 5" in text, text
    assert "size= (on @compressor, @entry) at 4" in text and "size (on @compressor, @entry) at 4,5" in text, text
    assert "finish (on" not in text, text


def test_a_map_shows_a_line_declaring_several_names_once(tmp_path):
    """rubyzip run 555: the map of lib/zip/extra_field printed `attr_accessor :original_size, ..` four times (once per
    name) and cut real members for room."""
    files = {"lib/zip64.rb": ("class Zip64\n  attr_accessor :original_size, :compressed_size, :offset, :disk\n"
                              "  HEADER_ID = 'x'\n\n  def merge(bin)\n    bin\n  end\nend\n")}
    text = served_tree(tmp_path / "r", files).call("get_structured_index", path="lib").text
    assert text.count("attr_accessor :original_size") == 1 and "HEADER_ID" in text and "def merge" in text, text


def test_a_python_private_method_on_an_untyped_value_offers_the_repository_s_one(tmp_path):
    """wtforms run 558: `datalist._clone(id=..)` was "unresolved" though the repository has one `_clone`
    (DataList._clone); a folder of untyped files was "1 other file" without its name."""
    files = {"pkg/__init__.py": "", "pkg/datalist.py": "class DataList:\n    def _clone(self, id):\n        return self\n",
             "pkg/core.py": "class Field:\n    def __init__(self, datalist):\n        self.d = datalist._clone(id=1)\n",
             "pkg/locale/en/x.po": 'msgid "a"\nmsgstr "b"\n'}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="Field.__init__", relation="callees").text
    assert "datalist._clone (maybe DataList._clone pkg/datalist.py:2) at 3" in text, text
    text = served.call("get_structured_index", path="pkg/locale/en").text
    assert "1 other file: x.po" in text, text


def test_go_implementations_header_says_when_an_embedding_row_writes_a_method_elsewhere(tmp_path):
    """go-sockaddr run 557: the header said "methods in their type's file" while IfAddr's row wrote `its own String
    ifaddrs.go:1174`, a method in another file than its struct."""
    files = {"go.mod": "module example.com/s\n\ngo 1.19\n",
             "sock.go": "package s\n\ntype SockAddr interface {\n\tString() string\n\tType() int\n}\n",
             "ipv4.go": "package s\n\ntype IPv4 struct{}\n\nfunc (IPv4) String() string { return \"\" }\n\nfunc (IPv4) Type() int { return 4 }\n",
             "ifattr.go": "package s\n\ntype IfAddr struct {\n\tSockAddr\n}\n",
             "ifaddrs.go": "package s\n\nfunc (ifAddr IfAddr) String() string {\n\treturn \"\"\n}\n"}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="SockAddr", relation="implementations").text
    assert "ifaddrs.go:3" in text and "methods in their type's file unless written path:line" in text, text


def test_a_callers_header_counts_two_calls_on_one_line(tmp_path):
    """wtforms run 558: "5 call sites" where two lines each call get_translations twice (7 calls)."""
    files = {"m.py": ("class Meta:\n    def get(self, f):\n        return f\n\n\n"
                      "def check(a, b):\n    return Meta().get(a) is Meta().get(b)\n\n\n"                    # 7
                      "def one(a):\n    return Meta().get(a)\n")}                                            # 11
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Meta.get", relation="callers").text
    assert "2 call sites (3 calls: some lines call it twice)" in text, text


def test_review_calls_on_literals_stay_methods_and_line_doc_comments_are_docs(tmp_path):
    """Review of stop 60: `"{}: {}".format(a, b)` beside a module function `format` had been read as that function
    (the bare-call rule took a call on a literal for one on nothing); `//!` crate docs and a Go package's `//` doc read
    "in commented-out code"; a C++ `out.open(..)` on a std::ofstream was a C struct's function-pointer slot."""
    files = {"fmt.py": "def format(value, spec):\n    return spec\n\n\ndef line(a, b):\n    return \"{}: {}\".format(a, b)\n",
             "src/lib.rs": ("//! ```\n//! let cfg = rsdoc::parse_config(\"a=1\");\n//! assert!(cfg.ok());\n//! ```\n\n"
                            "pub fn parse_config(s: &str) -> bool {\n    !s.is_empty()\n}\n"),
             "Cargo.toml": "[package]\nname = \"rsdoc\"\nversion = \"0.1.0\"\n",
             "ops.h": "struct io_ops {\n    int (*open)(const char *p);\n};\n",
             "ops.c": '#include "ops.h"\n\nint posix_open(const char *p) { return 0; }\n\nstruct io_ops posix_ops = { posix_open };\n',
             "log.cpp": ('#include <fstream>\n\nvoid write_log() {\n    std::ofstream out;\n    out.open("log.txt");\n}\n')}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="line", relation="callees").text
    assert "format fmt.py" not in text, text
    text = served.call("search_text", pattern="parse_config").text
    assert "commented-out" not in text and "in a doc comment 1-4" in text, text
    text = served.call("find_related", symbol="write_log", relation="callees").text
    assert "function pointer" not in text, text


def test_review_the_blocks_around_a_line_take_only_heads_whose_block_reaches_it(tmp_path):
    """Review of stop 60: a Go `select`'s case took an earlier, closed `switch` as its head; a Rust `let v = if c {`
    chain's `} else {` took an earlier unrelated `if d {`."""
    files = {"go.mod": "module x\n\ngo 1.19\n",
             "p.go": ("package p\n\nfunc f(k int, ch chan int) {\n\tswitch k {\n\tcase 1:\n\t\ta()\n\t}\n\tselect {\n"
                      "\tcase v := <-ch:\n\t\tb(v)\n\t}\n}\n\nfunc a()      {}\nfunc b(v int) {}\n"),                  # 10
             "Cargo.toml": "[package]\nname = \"r\"\nversion = \"0.1.0\"\n",
             "src/lib.rs": ("pub fn g() {}\n\npub fn h(c: bool, d: bool) -> i32 {\n    if d {\n        g();\n    }\n"
                            "    let v = if c {\n        1\n    } else {\n        g();\n        2\n    };\n    v\n}\n")}  # 10
    served = served_tree(tmp_path / "r", files)
    text = served.call("read_code_range", path="p.go:10").text
    assert "inside: 8-11 select {; 9-11 case v := <-ch:" in text and "switch" not in text, text
    text = served.call("read_code_range", path="src/lib.rs:10").text
    assert "4-6 if d" not in text and "7-9 let v = if c {; 9-12 } else {" in text, text


def test_review_search_text_over_several_paths_keeps_globs_and_counts_once(tmp_path):
    """Review of stop 60: `path=src,tests glob='!unit/*.py'` searched src/unit and tests/unit anyway; `path=lib,lib/a.py`
    counted a.py's hits twice."""
    files = {"src/a.py": "x = 1\n", "src/unit/b.py": "x = 2\n", "tests/c.py": "x = 3\n", "tests/unit/d.py": "x = 4\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("search_text", pattern="x =", path="src,tests", glob="!unit/*.py").text
    assert "src/a.py" in text and "tests/c.py" in text and "unit/" not in text, text
    text = served.call("search_text", pattern="x =", path="src,src/a.py").text
    assert "[2 matching lines in 2 files]" in text, text


JAVA_VARARGS = {
    "src/p/Parser.java": ("package p;\n\nimport java.util.Collection;\n\npublic class Parser {\n"
                          "    public void parseArgument(final Collection<String> args) {\n"                     # 6
                          "        parseArgument(args.toArray(new String[args.size()]));\n    }\n\n"               # 7
                          "    public void parseArgument(final String... args) {\n    }\n}\n"),                     # 10
    "test/p/Base.java": "package p;\n\npublic abstract class Base {\n    protected String[] args;\n}\n",
    "test/p/ATest.java": ("package p;\n\npublic class ATest extends Base {\n    public void testIt() {\n"
                          "        new Parser().parseArgument(args);\n    }\n}\n"),                                  # 5
}


def test_java_varargs_callers_are_not_given_to_a_fixed_arity_overload_by_arity_alone(tmp_path):
    """args4j run 559: the callers of parseArgument(String...) left out 100 calls as parseArgument(Collection)'s: the
    Collection overload's own `parseArgument(args.toArray(new String[..]))` and tests passing a base class's
    `String[] args` field, whose types were unknown."""
    text = served_tree(tmp_path / "r", JAVA_VARARGS).call("find_related", symbol="Parser.parseArgument(String...)",
                                                          relation="callers").text
    assert "src/p/Parser.java:7 in Parser.parseArgument(Collection)" in text, text
    assert "test/p/ATest.java:5 in" in text, text
    assert "another overload left out" not in text, text


def test_a_typescript_function_calling_a_namesake_on_an_object_is_not_recursive(tmp_path):
    """grpc-js run 561: `registeredResolvers[target.scheme].getDefaultAuthority(target)` inside the module function
    getDefaultAuthority was listed as a recursive call."""
    files = {"src/resolver.ts": ("const registered: { [s: string]: { getDefaultAuthority(t: string): string } } = {};\n\n"
                                 "export function getDefaultAuthority(target: string): string {\n"
                                 "  return registered[target].getDefaultAuthority(target);\n}\n"),
             "src/use.ts": 'import { getDefaultAuthority } from "./resolver";\n\nexport function f() {\n  return getDefaultAuthority("x");\n}\n'}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="getDefaultAuthority", path="src/resolver.ts",
                                                   relation="callers").text
    assert "recursive" not in text and "src/use.ts:4 in f" in text, text


CS_EVAL = {
    "Eval/Parser.cs": ("using System;\n\nnamespace Eval {\n    public class Parser {\n"
                       "        public int Parse(string s) {\n            return 1;\n        }\n    }\n}\n"),  # 5
    "Tests/Server.cs": ("using System;\n\nnamespace Tests {\n    public class Server {\n"
                        "        public int Serve(string path) {\n            return Int32.Parse(path.Substring(1));\n"
                        "        }\n    }\n}\n"),
    "Eval/EvaluatorBase.cs": ("namespace Eval {\n    public class FunctionNode {\n"
                              "        public int Evaluate(EvaluatorBase e, int[] args) {\n            return 1;\n        }\n    }\n\n"
                              "    public class EvaluatorBase {\n        public int Evaluate() {\n            return 0;\n        }\n\n"  # 9
                              "        public int Run(object handler, int[] args) {\n"                                               # 13
                              "            int n = Evaluate();\n"                                                                       # 14
                              "            return (handler as FunctionNode).Evaluate(this, args);\n        }\n    }\n}\n"),  # 15
}


def test_csharp_calls_on_a_dotnet_type_or_an_as_cast_are_not_the_method_s(tmp_path):
    """hyena run 565: `Int32.Parse(..)` and `DateTime.Parse(..)` were callers of Parser.Parse "by name only";
    `(handler as FunctionNode).Evaluate(this, args)` was a caller of EvaluatorBase.Evaluate() by same file."""
    served = served_tree(tmp_path / "r", CS_EVAL)
    text = served.call("find_related", symbol="Parser.Parse", relation="callers").text
    assert "0 call sites" in text or "no call sites" in text, text
    assert "matched by name only" not in text, text
    text = served.call("find_related", symbol="EvaluatorBase.Evaluate", relation="callers").text
    assert "1 call site" in text and "14 in EvaluatorBase.Run" in text and "15 in" not in text.split("left out")[-1], text
    text = served.call("find_related", symbol="FunctionNode.Evaluate", relation="callers").text
    assert "Eval/EvaluatorBase.cs:15 in EvaluatorBase.Run" in text, text


def test_a_java_call_on_a_new_instance_is_the_built_class_s_method(tmp_path):
    """args4j run 559: `new ClassParser().parse(bean, this)` in the CmdLineParser constructor was "unresolved (a
    receiver of unknown type): ClassParser().parse", beside `class ClassParser .. built at 96`."""
    files = {"src/p/ClassParser.java": "package p;\n\npublic class ClassParser {\n    public void parse(Object bean, Object parser) {\n    }\n}\n",
             "src/p/FieldParser.java": "package p;\n\npublic class FieldParser {\n    public void parse(Object parser, Object bean) {\n    }\n}\n",
             "src/p/CmdLineParser.java": ("package p;\n\npublic class CmdLineParser {\n    public CmdLineParser(Object bean) {\n"
                                          "        new ClassParser().parse(bean, this);\n    }\n}\n")}           # 5
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="CmdLineParser.CmdLineParser",
                                                   relation="callees").text
    assert "  ClassParser.parse 4-5 called at 5" in text and "unresolved" not in text, text


PHP_TOKENIZER = {
    "src/Scanner.php": "<?php\nnamespace H;\n\nclass Scanner\n{\n    public function getHex()\n    {\n        return '';\n    }\n}\n",
    "src/Handler.php": "<?php\nnamespace H;\n\ninterface Handler\n{\n    public function text($cdata);\n}\n",
    "src/Tokenizer.php": ("<?php\nnamespace H;\n\nclass Tokenizer\n{\n    protected $scanner;\n    protected $events;\n"
                          "    protected $text = '';\n\n"                                                               # 8
                          "    /**\n     * @param Scanner $scanner\n     * @param Handler $eventHandler\n     */\n"
                          "    public function __construct($scanner, $eventHandler)\n    {\n"
                          "        $this->scanner = $scanner;\n        $this->events = $eventHandler;\n    }\n\n"
                          "    protected function text($tok)\n    {\n        $this->text .= $tok;\n        return true;\n    }\n\n"  # 20
                          "    protected function flush()\n    {\n        $this->events->text($this->text);\n"           # 28
                          "        $this->text($this->scanner->getHex());\n    }\n}\n"),                                # 29
}


def test_php_properties_typed_by_the_constructor_s_docblock_and_a_method_over_its_namesake_property(tmp_path):
    """html5-php runs 563/569: `find_related Tokenizer.text callers` answered for the buffer property `$text`, listing
    `$this->events->text(..)` (an EventHandler, by the constructor's `@param`) as callers; `$this->scanner->getHex()`
    was unresolved though the docblock says `@param Scanner $scanner`."""
    served = served_tree(tmp_path / "r", PHP_TOKENIZER)
    text = served.call("find_related", symbol="Tokenizer.text", relation="callers").text
    assert "callers of method" in text and "1 call site" in text and "29 in Tokenizer.flush" in text, text
    assert "28 in" not in text.split("left out")[-1] or "$this->events->text" not in text.split("\n", 2)[2], text
    text = served.call("find_related", symbol="Tokenizer.flush", relation="callees").text
    assert "Scanner.getHex" in text and "unresolved" not in text, text


def test_a_typescript_class_matching_an_interface_by_shape_is_among_its_implementations(tmp_path):
    """grpc-js runs 561/568: Picker's implementations were "complete" with six `implements Picker` classes and without
    QueuePicker, which has Picker's `pick` and is used as a Picker everywhere, with no implements clause."""
    files = {"src/picker.ts": ("export interface Picker {\n  pick(args: number): string;\n}\n\n"
                               "export class UnavailablePicker implements Picker {\n  pick(args: number): string {\n    return 'u';\n  }\n}\n\n"
                               "export class QueuePicker {\n  pick(args: number): string {\n    return 'q';\n  }\n}\n\n"  # 11
                               "export class Runner {\n  run(): void {}\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Picker", relation="implementations").text
    assert "class QueuePicker  [by shape, no implements clause; its method pick matches Picker's]" in text, text
    assert "UnavailablePicker" in text and "Runner" not in text, text


def test_a_csharp_using_of_a_platform_namespace_is_no_repository_file(tmp_path):
    """hyena run 570: `using System.Collections.Generic;` was resolved to RangeCollection.cs, a repository file
    declaring `namespace System.Collections` (as if Generic were its type); `Query` of `Hyena.Query.FileSizeQueryValue`
    was listed as a name not defined anywhere."""
    files = {"Hyena.Collections/RangeCollection.cs": "namespace System.Collections\n{\n    public class RangeCollection\n    {\n    }\n}\n",
             "Hyena.Query/FileSizeQueryValue.cs": "namespace Hyena.Query\n{\n    public class FileSizeQueryValue\n    {\n        public FileSizeQueryValue(long n) {}\n    }\n}\n",
             "Hyena.Downloader/Job.cs": ("using System;\nusing System.Collections.Generic;\n\nnamespace Hyena.Downloader\n{\n"
                                         "    public class Job\n    {\n        public object Size(long n)\n        {\n"
                                         "            return new Hyena.Query.FileSizeQueryValue(n);\n        }\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="Hyena.Downloader/Job.cs", view="uses").text
    assert "2 System.Collections.Generic [standard library]" in text and "RangeCollection" not in text, text
    assert "Query at" not in text, text


def test_java_callees_on_a_field_or_locals_of_library_types_are_those_types_methods(tmp_path):
    """args4j run 567: `arguments.size()` on the field `List<OptionHandler> arguments`, and `contains` on a String
    local and a Set local, were "a receiver of unknown type"."""
    files = {"src/p/Parser.java": ("package p;\n\nimport java.util.*;\n\npublic class Parser {\n"
                                   "    private final List<String> arguments = new ArrayList<String>();\n\n"
                                   "    public int parse(String arg) {\n        Set<String> present = new HashSet<String>();\n"
                                   "        if (arg.contains(\"=\") || present.contains(arg)) {\n            return 0;\n        }\n"  # 10
                                   "        return arguments.size();\n    }\n}\n")}                                                 # 13
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Parser.parse", relation="callees").text
    assert "List.size (on arguments) at 13" in text, text
    assert "String.contains (on arg) at 10, Set.contains (on present) at 10" in text, text
    assert "contains" not in text.split("unknown type")[-1] and "size" not in text.split("unknown type")[-1], text


def test_a_csharp_abstract_property_s_overrides_are_its_implementations(tmp_path):
    """hyena run 570: `public abstract AliasedObjectSet<Operator> OperatorSet { get; }` in QueryValue read "nothing
    in the repository names OperatorSet as a base"; seven subclasses override it."""
    files = {"Query/QueryValue.cs": ("namespace Q\n{\n    public abstract class QueryValue\n    {\n"
                                     "        public abstract string OperatorSet { get; }\n"                      # 5
                                     "        public virtual int Weight { get { return 1; } }\n    }\n}\n"),       # 6
             "Query/IntQueryValue.cs": ("namespace Q\n{\n    public class IntQueryValue : QueryValue\n    {\n"
                                        "        public override string OperatorSet {\n"                           # 5
                                        "            get { return \"int\"; }\n        }\n    }\n}\n"),
             "Query/StringQueryValue.cs": ("namespace Q\n{\n    public class StringQueryValue : QueryValue\n    {\n"
                                           "        public override string OperatorSet { get { return \"s\"; } }\n"  # 5
                                           "        public override int Weight { get { return 2; } }\n    }\n}\n"),
             "Query/Other.cs": ("namespace Q\n{\n    public class Other\n    {\n"
                                "        public string OperatorSet { get { return \"x\"; } }\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="QueryValue.OperatorSet", relation="implementations").text
    assert "Query/IntQueryValue.cs:5" in text and "Query/StringQueryValue.cs:5" in text, text
    assert "Other.cs" not in text, text  # no subclass of QueryValue
    text = served.call("find_related", symbol="QueryValue.Weight", relation="implementations").text
    assert "Query/StringQueryValue.cs:6" in text and "IntQueryValue" not in text, text


def test_a_constant_of_named_integers_says_every_operand_and_what_it_comes_to(tmp_path):
    """grpc-js run 561: `DEFAULTS = 0xffff | Propagate.DEADLINE | .. | Propagate.CANCELLATION` showed three of its
    four operands' values, with nothing to say one was left out, and the agent added them up by hand."""
    files = {"src/constants.ts": ("export enum Propagate {\n  DEADLINE = 1,\n  STATS = 2,\n  TRACING = 4,\n"
                                  "  CANCELLATION = 8,\n  DEFAULTS = 0xffff |\n    Propagate.DEADLINE |\n"
                                  "    Propagate.STATS |\n    Propagate.TRACING |\n    Propagate.CANCELLATION,\n"
                                  "  SOME = Propagate.DEADLINE | Propagate.STATS,\n}\n"),
             "flags.h": "#define F_A 0x10\n#define F_B (1 << 2)\n#define F_AB (F_A | F_B)\n#define F_OCT (F_A | 010)\n"}
    served = served_tree(tmp_path / "r", files)
    text = served.call("search_symbol", query="Propagate.DEFAULTS").text
    assert "1 more" in text and "in all = 65535 = 0xffff" in text, text
    assert "in all = 3)" in served.call("search_symbol", query="Propagate.SOME").text
    assert "in all = 20 = 0x14" in served.call("search_symbol", query="F_AB").text
    assert "in all" not in served.call("search_symbol", query="F_OCT").text  # an octal literal is left unsaid


JAVA_TWO_ROOTS = {
    "src/org/k/P.java": ("package org.k;\n\npublic class P {\n    public P(Object bean) {\n        this(bean, 1);\n    }\n\n"
                         "    public P(Object bean, int x) {\n    }\n\n    public String ex() {\n        return \"\";\n    }\n}\n"),
    "test/ExTest.java": ("import org.k.*;\n\npublic class ExTest {\n    public void testA() {\n"
                         "        String s = new P(this).ex();\n    }\n\n    public void testB() {\n"
                         "        String s = new P(this, 2).ex();\n    }\n}\n"),
    "test/org/k/ArgTest.java": ("package org.k;\n\npublic class ArgTest {\n    public void testM() {\n"
                                "        Object holder = new Object();\n        P parser = new P(holder);\n    }\n}\n"),
}


def test_a_java_package_under_two_source_roots_is_one_and_a_constructor_is_named_by_its_parameters(tmp_path):
    """args4j run 567: tests under args4j/test/ in the package org.kohsuke.args4j, or importing `org.kohsuke.args4j.*`,
    called CmdLineParser's constructors "by name only, maybe another type's" (the package was args4j/test/'s folder
    only), and `CmdLineParser(Object, ParserProperties)` read "no overload of 'CmdLineParser' takes (Object,
    ParserProperties); there are: public class CmdLineParser"."""
    served = served_tree(tmp_path / "r", JAVA_TWO_ROOTS)
    text = served.call("find_related", symbol="P(Object)", relation="callers").text
    assert "by import 1, same package 1" in text and "name only" not in text, text
    # (the other constructor's call is said to be that one's, not "another type's method")
    assert "another overload left out, by their arguments: P(Object bean, int x) 1 (test/ExTest.java:9" in text, text
    text = served.call("find_related", symbol="P(Object, int)", relation="callers").text
    assert "test/ExTest.java:9 in ExTest.testB" in text and "name only" not in text, text
    text = served.call("read_code_range", path="src/org/k/P.java", symbol="P(Object, int)").text
    assert "8-9 method" in text, text
    text = served.call("list_dependencies", path="test/ExTest.java").text
    assert "src/org/k/" in text and "test/org/k/" in text, text


def test_a_go_const_block_member_written_without_a_type_is_said_untyped(tmp_path):
    """go-sockaddr run 551: `TypeIP = 0x6` in the const block that starts `TypeUnknown SockAddrType = 0x0` read as a
    SockAddrType; Go gives a member with its own value and no type no type (an untyped constant)."""
    files = {"k.go": ("package k\n\ntype Kind int\n\nconst (\n\tKA Kind = iota\n\tKB\n)\n\nconst (\n"
                      "\tTypeUnknown Kind = 0x0\n\tTypeUnix         = 0x1\n\t// the union\n\tTypeIP = TypeUnix | 0x4\n)\n\n"
                      "const Solo = 5\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("search_symbol", query="TypeUnix").text
    assert "(untyped: no type written, unlike `TypeUnknown Kind = 0x0` at 11)" in text, text
    text = served.call("search_symbol", query="TypeIP").text
    assert "untyped" in text and "in all = 5" in text, text  # its own value's names still valued
    for q in ("TypeUnknown", "Solo", "KB"):
        assert "untyped" not in served.call("search_symbol", query=q).text, q


def test_a_go_call_on_a_type_assertion_is_that_type_s_method(tmp_path):
    """gometrics run 575: `globalMetrics.Load().(*Metrics).UpdateFilterAndLabels(..)` was "matched by name only, the
    receiver's type unknown"; the assertion names the type."""
    files = {"m.go": ("package m\n\nimport \"sync/atomic\"\n\ntype Metrics struct{}\n\ntype Other struct{}\n\n"
                      "func (m *Metrics) Update(a int) {}\n\nfunc (o *Other) Update(a int) {}\n\n"
                      "var global atomic.Value\n\n"
                      "func Update(a int) {\n\tglobal.Load().(*Metrics).Update(a)\n}\n\n"           # 15-17
                      "func UpdateOther(a int) {\n\tglobal.Load().(*Other).Update(a)\n}\n")}          # 19-21
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="Metrics.Update", relation="callers").text
    assert "m.go:16 in Update" in text and "all by receiver type" in text, text
    assert "UpdateOther" not in text.split("left out")[0], text


def test_a_cpp_method_defined_after_its_class_has_its_declaration_s_access_and_static(tmp_path):
    """tclap run 573: every public method defined below its class (`inline int XorHandler::check(..)`) read
    "(private)", the class's last section, and `static` of OptionalUnlabeledTracker::check was nowhere."""
    files = {"x.h": ("class XorHandler {\n    public:\n        int check(const int* a);\n"
                     "        static void track(bool req);\n    private:\n        int _n;\n        void hidden();\n};\n\n"
                     "inline int XorHandler::check(const int* a) {\n    return *a;\n}\n\n"                                # 10
                     "inline void XorHandler::track(bool req) {\n}\n\n"                                                # 14
                     "inline void XorHandler::hidden() {\n}\n")}                                                       # 17
    served = served_tree(tmp_path / "r", files)
    text = served.call("search_symbol", query="XorHandler.check").text
    assert "method XorHandler.check (declared at x.h:3)" in text, text
    assert "XorHandler.track (declared at x.h:4 as static)" in served.call("search_symbol", query="XorHandler.track").text
    assert "XorHandler.hidden (private)" in served.call("search_symbol", query="XorHandler.hidden").text


def test_a_kotlin_when_branch_or_java_lambda_arrow_is_no_member_access_in_callees(tmp_path):
    """rnscreens run 581: `ScreenLifecycleEvent.WILL_APPEAR -> ScreenWillAppearEvent(surfaceId, it.id)` read as a call
    "on ScreenLifecycleEvent.WILL_APPEAR", unresolved, under 'complete'; the four event classes are the repository's."""
    files = {"src/main/java/a/Ev.kt": ("package a\n\nenum class Kind { ON, OFF }\n\nclass OnEvent(val n: Int)\n\n"
                                       "class OffEvent(val n: Int)\n\n"
                                       "class Disp {\n    fun fire(kind: Kind) {\n        val e =\n            when (kind) {\n"
                                       "                Kind.ON -> OnEvent(1)\n                Kind.OFF -> OffEvent(2)\n"
                                       "            }\n    }\n}\n"),
             "src/main/java/a/Job.java": ("package a;\n\nimport java.util.List;\n\npublic class Job {\n"
                                          "    static int twice(int x) { return 2 * x; }\n\n"
                                          "    void run(List<Integer> xs) {\n        xs.forEach(x -> twice(x));\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="Disp.fire", relation="callees").text
    assert "class OnEvent 5-5 built at 13" in text and "class OffEvent 7-7 built at 14" in text and "unresolved" not in text, text
    text = served.call("find_related", symbol="Job.run", relation="callees").text
    assert "Job.twice src/main/java/a/Job.java:6-6 called at 9" in text and "(on x)" not in text, text


CPP_TRANSITIVE = {
    "include/tc/Arg.h": ("#ifndef ARG_H\n#define ARG_H\n#include <list>\nnamespace TC {\nclass Arg {\n\tpublic:\n"
                         "\t\tstatic bool ignoreRest() { return true; }\n\t\tvirtual bool processArg(int *i) = 0;\n};\n"
                         "typedef std::list<Arg*>::const_iterator ArgListIterator;\n}\n#endif\n"),
    "include/tc/SwitchArg.h": ("#ifndef SW_H\n#define SW_H\n#include <tc/Arg.h>\nnamespace TC {\n"
                               "class SwitchArg : public Arg {\n\tpublic:\n\t\tvirtual bool processArg(int *i) { return false; }\n"
                               "};\n}\n#endif\n"),
    "include/tc/CmdLine.h": ("#ifndef CL_H\n#define CL_H\n#include <tc/SwitchArg.h>\n#include <list>\nnamespace TC {\n"
                             "class CmdLine {\n\tstd::list<Arg*> _argList;\n\tpublic:\n\t\tvoid parse(int n);\n};\n"
                             "inline void CmdLine::parse(int n)\n{\n"                                                   # 11
                             "\tfor (ArgListIterator it = _argList.begin(); it != _argList.end(); it++) {\n"
                             "\t\tif ( (*it)->processArg( &n ) )\n\t\t\tbreak;\n\t}\n"                                  # 14
                             "\tif ( !Arg::ignoreRest() && static_cast<unsigned int>(n) > 2 )\n\t\tn++;\n}\n}\n#endif\n"),  # 17
}


def test_cpp_callees_see_what_included_headers_include_and_name_a_method_on_an_untyped_expression(tmp_path):
    """tclap run 573: CmdLine::parse's callees, 'complete', put `Arg::ignoreRest()` (Arg.h reached through
    SwitchArg.h) and `(*it)->processArg(..)` (seven methods of that name) under "not defined by name in the
    repository", and listed `static_cast` as a call."""
    text = served_tree(tmp_path / "r", CPP_TRANSITIVE).call("find_related", symbol="CmdLine.parse", relation="callees").text
    assert "Arg.ignoreRest 7-7 called at 17" in text.split("include/tc/Arg.h", 1)[1], text
    # (since: through the iterator's typedef, Arg's own)
    assert "Arg.processArg 8-8 called at 14 (overridden in SwitchArg.processArg include/tc/SwitchArg.h:7)" in text, text
    assert "unresolved" not in text and "not defined" not in text, text
    assert "static_cast" not in text, text


RUST_SPLIT_IMPLS = {
    "src/lib.rs": "mod document;\nmod easy;\nmod encode;\nmod parser;\nmod value;\n\npub use crate::value::Value;\n",
    "src/value.rs": "pub enum Value {\n    Int(i64),\n}\n",
    "src/easy.rs": "pub enum Value {\n    Float(f64),\n}\n",
    "src/encode.rs": ("use crate::{Value};\n\npub(crate) trait Encode {\n    fn encode(&self) -> String;\n}\n\n"
                      "impl Encode for Value {\n    fn encode(&self) -> String {\n        String::new()\n    }\n}\n"),
    "src/parser/mod.rs": ("mod document;\nmod errors;\nmod table;\n\npub use self::errors::TomlError;\n\n"
                          "pub(crate) struct TomlParser {\n    n: usize,\n}\n\nimpl TomlParser {\n"
                          "    pub(crate) fn finalize_table(&mut self) -> usize {\n        self.n\n    }\n}\n"),
    "src/parser/errors.rs": ("pub struct TomlError {\n    m: String,\n}\n\nimpl TomlError {\n"
                             "    pub(crate) fn from_unparsed(at: usize) -> Self {\n        TomlError { m: String::new() }\n    }\n}\n"),
    "src/parser/table.rs": ("impl TomlParser {\n    pub(crate) fn descend_path(t: usize) -> usize {\n        t\n    }\n\n"
                            "    pub(crate) fn on_header(&mut self) -> usize {\n        self.finalize_table()\n    }\n}\n"),  # 7
    "src/parser/document.rs": ("use super::TomlParser;\n\nimpl TomlParser {\n"
                               "    pub(crate) fn parse(b: &[u8]) -> Result<usize, String> {\n"                    # 4
                               "        Ok(Self::descend_path(b.len()))\n    }\n}\n"),                              # 5
    "src/document.rs": ("use std::str::FromStr;\n\nuse crate::parser;\n\npub struct Document;\n\n"
                        "impl FromStr for Document {\n    type Err = parser::TomlError;\n\n"
                        "    fn from_str(s: &str) -> Result<Self, Self::Err> {\n"                                  # 10
                        "        let n: usize = \"3\".parse().unwrap();\n"                                         # 11
                        "        parser::TomlParser::parse(s.as_bytes()).map_err(|_| Self::Err::from_unparsed(n))?;\n"  # 12
                        "        Ok(Document)\n    }\n}\n"),
}


def test_rust_impls_split_over_files_associated_types_and_reexports(tmp_path):
    """tomledit run 571: `parser::TomlParser::parse(..)` (the struct in parser/mod.rs, the method in parser/document.rs)
    was no caller while `s.parse::<Document>()` (str's) were "maybe" callers; `Self::Err::from_unparsed(..)` with
    `type Err = parser::TomlError` was left out as another type's under 'complete'; `Self::descend_path(..)` (another
    impl block's, parser/table.rs) was unresolved; Encode's implementations listed easy.rs's Value beside the one
    `use crate::{Value}` names (lib.rs's `pub use crate::value::Value`)."""
    served = served_tree(tmp_path / "r", RUST_SPLIT_IMPLS)
    text = served.call("find_related", symbol="TomlParser.parse", relation="callers").text
    assert "src/document.rs:12 in Document.from_str" in text and "name only" not in text, text
    text = served.call("find_related", symbol="TomlError.from_unparsed", relation="callers").text
    assert "src/document.rs:12 in Document.from_str" in text and "left out" not in text, text
    text = served.call("find_related", symbol="TomlParser.parse", relation="callees").text
    assert "TomlParser.descend_path src/parser/table.rs:2-4 called at 5" in text, text
    text = served.call("find_related", symbol="Encode", relation="implementations").text
    assert "src/value.rs" in text and "easy.rs" not in text, text
    # (a method taking `&mut self` behind `pub(crate)`: its `self.` calls stay; tomledit run 583 had them all left out)
    text = served.call("find_related", symbol="TomlParser.finalize_table", relation="callers").text
    assert "src/parser/table.rs:7 in TomlParser.on_header" in text, text


TS_THROUGH_INTERFACE = {
    "src/common/CoreTerminal.ts": ("export class CoreTerminal {\n  public write(data: string): void {\n"
                                   "    this._writeBuffer.write(data);\n  }\n  private _writeBuffer = new WriteBuffer();\n}\n\n"
                                   "export class WriteBuffer {\n  public write(data: string): void {\n  }\n}\n"),
    "src/browser/Types.ts": ("import { Terminal as ITerminalApi } from '@xterm/xterm';\n\n"
                             "type Passthrough = Omit<ITerminalApi, 'buffer'>;\n\n"
                             "export interface ITerminal extends Passthrough {\n  element: HTMLElement | undefined;\n}\n"),
    "src/browser/CoreBrowserTerminal.ts": ("import { CoreTerminal } from '../common/CoreTerminal';\n"
                                           "import { ITerminal } from './Types';\n\n"
                                           "export class CoreBrowserTerminal extends CoreTerminal implements ITerminal {\n"
                                           "  public element: HTMLElement | undefined;\n}\n"),
    "src/browser/public/Terminal.ts": ("import { ITerminal } from '../Types';\n"
                                       "import { CoreBrowserTerminal as TerminalCore } from '../CoreBrowserTerminal';\n\n"
                                       "export class Terminal {\n  private _core: ITerminal;\n\n"
                                       "  constructor() {\n    this._core = new TerminalCore();\n  }\n\n"
                                       "  public write(data: string): void {\n    this._core.write(data);\n  }\n}\n"),   # 12
}


def test_a_call_on_an_interface_a_subclass_implements_may_run_the_base_class_s_method(tmp_path):
    """xterm run 579: `this._core.write(data)` with `_core: ITerminal` (CoreBrowserTerminal extends CoreTerminal
    implements ITerminal, inheriting write) was left out of CoreTerminal.write's callers as another type's, under
    'complete', and the walk up from WriteBuffer.write stopped there."""
    served = served_tree(tmp_path / "r", TS_THROUGH_INTERFACE)
    text = served.call("find_related", symbol="CoreTerminal.write", relation="callers").text
    assert "src/browser/public/Terminal.ts:12 in Terminal.write" in text and "receiver _core: ITerminal" in text, text
    text = served.call("find_related", symbol="WriteBuffer.write", relation="callers", depth=2).text
    assert "Terminal.write" in text.replace("CoreTerminal.write", ""), text


JAVA_CAST_CHAIN = {
    "src/a/VirtualView.java": ("package a;\n\npublic class VirtualView {\n    void clearChildCache() {\n    }\n}\n"),
    "src/a/TextView.java": ("package a;\n\npublic class TextView extends VirtualView {\n"
                            "    TextView getTextContainer() {\n        return this;\n    }\n}\n"),
    "src/a/Manager.java": ("package a;\n\npublic class Manager {\n    void invalidate(Object node) {\n"
                           "        ((TextView) node).getTextContainer().clearChildCache();\n    }\n}\n"),          # 5
    "src/a/SvgView.java": ("package a;\n\npublic class SvgView {\n    private void clearChildCache() {\n    }\n\n"
                           "    void one() {\n        clearChildCache();\n    }\n\n"
                           "    void two() {\n        clearChildCache();\n    }\n}\n"),
}


def test_java_a_chain_on_a_cast_value_and_calls_of_a_class_s_own_namesake(tmp_path):
    """rnsvg run 577: `((TextView) node).getTextContainer().clearChildCache()` was "by name only", and the thirteen
    bare calls of SvgView's own private clearChildCache were listed as "another type's", five of them by line."""
    text = served_tree(tmp_path / "r", JAVA_CAST_CHAIN).call("find_related", symbol="VirtualView.clearChildCache",
                                                            relation="callers").text
    assert "src/a/Manager.java:5 in Manager.invalidate" in text and "name only" not in text, text
    assert "(2 calls of SvgView's own clearChildCache at src/a/SvgView.java:8,12 (defined at line 4))" in text, text


_GO_NAMES = ("SetGauge", "EmitKey", "IncrCounter", "AddSample", "Flush")
GO_SPLIT_METHODS = {
    "sink.go": ("package metrics\n\ntype Sink interface {\n" + "".join(f"\t{n}(k string)\n" for n in _GO_NAMES) + "}\n\n"
                "type Prom struct{}\n\n" + "".join(f"func (p *Prom) {n}(k string) {{}}\n" for n in _GO_NAMES)
                + "\ntype PushProm struct {\n\t*Prom\n\tname string\n}\n"),
    "start.go": "package metrics\n\ntype Metrics struct {\n\tname string\n}\n",
    "metrics.go": "package metrics\n" + "".join(f"\nfunc (m *Metrics) {n}(k string) {{}}\n" for n in _GO_NAMES),  # 3, 5, .. 11
}


def test_go_implementers_say_where_methods_in_another_file_are_and_what_an_embedded_pointer_gives(tmp_path):
    """gometrics run 575: Metrics' row read "all 7 own, in 1 file" (metrics.go, not start.go, unsaid), and
    PrometheusPushSink's "all via PrometheusSink; value receivers" for pointer methods it gets through `*PrometheusSink`."""
    text = served_tree(tmp_path / "r", GO_SPLIT_METHODS).call("find_related", symbol="Sink", relation="implementations").text
    assert "struct Metrics: all 5 own at metrics.go 3-11" in text, text
    assert "struct PushProm: all via *Prom; the value has them too, through the embedded pointer" in text, text


def test_a_kotlin_call_with_a_converted_argument_is_the_overload_taking_that_type(tmp_path):
    """rnscreens run 588: `setActivityState(view, activityState.toInt())` inside setActivityState(view: Screen,
    activityState: Float) was its one caller, "recursive", under 'complete'; it calls the Int overload."""
    files = {"src/main/java/a/Manager.kt": ("package a\n\nclass Screen\n\nclass Manager {\n"
                                            "    fun setActivityState(view: Screen, activityState: Float) {\n"        # 6
                                            "        setActivityState(view, activityState.toInt())\n    }\n\n"       # 7
                                            "    fun setActivityState(view: Screen, activityState: Int) {\n"          # 10
                                            "    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="Manager.setActivityState", path="src/main/java/a/Manager.kt:6",
                       relation="callers").text
    assert "recursive" not in text and "0 call sites" in text, text
    text = served.call("find_related", symbol="Manager.setActivityState", path="src/main/java/a/Manager.kt:10",
                       relation="callers").text
    assert "src/main/java/a/Manager.kt:7 in Manager.setActivityState(Screen, Float)" in text, text


def test_java_bare_calls_of_methods_inherited_from_an_outside_base_are_said_so(tmp_path):
    """rnsvg run 586: FilterView's `getChildCount()` and `getChildAt(i)` (ViewGroup's, through VirtualView extends
    ReactViewGroup) read "unresolved (a receiver of unknown type)" under 'complete'."""
    files = {"src/a/VirtualView.java": ("package a;\n\nimport com.facebook.react.views.view.ReactViewGroup;\n\n"
                                        "public abstract class VirtualView extends ReactViewGroup {\n}\n"),
             "src/a/FilterView.java": ("package a;\n\nimport android.graphics.Canvas;\n\npublic class FilterView extends VirtualView {\n"
                                       "    void apply() {\n        Canvas c = new Canvas();\n"
                                       "        for (int i = 0; i < getChildCount(); i++) {\n            getChildAt(i);\n        }\n"
                                       "        this.invalidate();\n    }\n}\n")}
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="FilterView.apply", relation="callees").text
    assert "methods inherited from ReactViewGroup (outside the repository): getChildCount at 8, getChildAt at 9, " \
           "invalidate at 11" in text, text
    assert "unknown type" not in text and "Canvas (on this" not in text, text


def test_a_constant_s_bare_uses_in_its_own_class_file_or_go_package_are_references(tmp_path):
    """rnsvg run 586 (`case JOIN_ROUND:` in RenderableView), tomledit run 583 (DEFAULT_KEY_DECOR in table.rs) and
    gometrics run 585 (DefaultSignal in inmem_signal.go, defined per platform): the uses were "by name, not resolved:
    some may be other things with that name"."""
    files = {"src/a/View.java": ("package a;\n\npublic class View {\n    static final int JOIN_ROUND = 1;\n\n"
                                 "    int join(int j) {\n        switch (j) {\n            case JOIN_ROUND:\n"
                                 "                return 1;\n        }\n        return 0;\n    }\n}\n"),
             "src/table.rs": ("pub(crate) const DEFAULT_KEY_DECOR: (&str, &str) = (\"\", \" \");\n\n"
                              "pub fn fmt() -> &'static str {\n    DEFAULT_KEY_DECOR.0\n}\n"),
             "m/const_unix.go": "//go:build !windows\n\npackage m\n\nconst DefaultSignal = 10\n",
             "m/const_windows.go": "//go:build windows\n\npackage m\n\nconst DefaultSignal = 21\n",
             "m/sig.go": "package m\n\nfunc Default() int {\n\treturn DefaultSignal\n}\n"}
    served = served_tree(tmp_path / "r", files)
    for q, line in (("JOIN_ROUND", "8: case JOIN_ROUND:"), ("DEFAULT_KEY_DECOR", "4: DEFAULT_KEY_DECOR.0"),
                    ("DefaultSignal", "4: return DefaultSignal")):
        text = served.call("search_symbol", query=q, references=True).text
        assert line in text.split("uses of")[0] and "not resolved" not in text, text


def test_a_ts_readonly_field_built_through_a_generic_identity_is_typed_and_math_is_a_global(tmp_path):
    """xterm run 587: `private readonly _onScroll = this._register(new Emitter<number>())` read as a field of type
    "readonly", so `this._onScroll.fire(..)` was unresolved; `Math.max` stood among the unresolved calls."""
    files = {"src/event.ts": "export class Emitter<T> {\n  public fire(event: T): void {\n  }\n}\n",
             "src/lifecycle.ts": ("export class Disposable {\n"
                                  "  protected _register<T extends object>(o: T): T {\n    return o;\n  }\n}\n"),
             "src/service.ts": ("import { Emitter } from './event';\nimport { Disposable } from './lifecycle';\n\n"
                                "export class BufferService extends Disposable {\n"
                                "  private readonly _onScroll = this._register(new Emitter<number>());\n\n"
                                "  public scroll(n: number): void {\n    this._onScroll.fire(Math.max(n, 0));\n  }\n}\n")}  # 8
    text = served_tree(tmp_path / "r", files).call("find_related", symbol="BufferService.scroll", relation="callees").text
    assert "Emitter.fire src/event.ts:2-3 called at 8" in text, text
    assert "JavaScript globals: Math.max at 8" in text and "unresolved" not in text, text


def test_own_namesake_grouping_and_inherited_calls_take_only_bare_or_this_calls(tmp_path):
    """Reruns 589 and 594 of this stop's own mends: `self.value.to_repr()` inside Formatted (T's to_repr) was grouped
    as "calls of Formatted's own to_repr", and Kotlin's `fragment.screen.let { .. }` in a Fragment subclass was said
    "let (on this, inherited from Fragment)"."""
    files = {"src/a/VirtualView.java": "package a;\n\npublic class VirtualView {\n    void clear() {\n    }\n}\n",
             "src/a/Other.java": "package a;\n\npublic class Other {\n    void clear() {\n    }\n}\n",
             "src/a/Svg.java": ("package a;\n\npublic class Svg {\n    private Other other;\n\n    private void clear() {\n    }\n\n"
                                "    void one() {\n        other.clear();\n    }\n\n    void two() {\n        other.clear();\n    }\n}\n"),
             "src/main/java/k/Frag.kt": ("package k\n\nimport androidx.fragment.app.Fragment\n\nclass Screen(val id: Int)\n\n"
                                         "class Frag(val screen: Screen) : Fragment() {\n    fun go() {\n"
                                         "        screen.let { requireView() }\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    text = served.call("find_related", symbol="VirtualView.clear", relation="callers").text
    assert "own clear" not in text and "src/a/Svg.java:10" in text, text
    text = served.call("find_related", symbol="Frag.go", relation="callees").text
    assert "let (on this" not in text and "methods inherited from Fragment (outside the repository): requireView" in text, text


def test_java_javax_annotation_is_a_library_and_gradle_s_plus_is_any_version(tmp_path):
    """rnsvg runs 577, 586, 592: `import javax.annotation.Nullable;` read "(standard library)" (JSR-305's, not the
    JDK's), and `implementation 'com.facebook.react:react-native:+'` showed as an unexplained "(external +)"."""
    files = {"build.gradle": "dependencies {\n    implementation 'com.facebook.react:react-native:+'\n}\n",
             "src/main/java/a/V.java": ("package a;\n\nimport com.facebook.react.bridge.ReadableMap;\n"
                                        "import javax.annotation.Nullable;\nimport javax.crypto.Cipher;\n\n"
                                        "public class V {\n    @Nullable ReadableMap m;\n    Cipher c;\n}\n")}
    text = served_tree(tmp_path / "r", files).call("list_dependencies", path="src/main/java/a/V.java", view="uses").text
    assert "javax.annotation (external)" in text and "javax.crypto (standard library)" in text, text
    assert "(external, any version)" in text and "external +" not in text, text


CPP_ITERATORS = {
    "arg.h": ("#include <list>\n#include <string>\n#include <vector>\n\nclass Arg {\n  public:\n"
              "    virtual bool processArg(int* i, std::vector<std::string>& args) = 0;\n"                        # 7
              "    std::string error() const;\n};\n\n"                                                             # 8
              "typedef std::list<Arg*>::const_iterator ArgListIterator;\n\n"                                       # 11
              "class ExitException {\n  public:\n    int getExitStatus() const;\n};\n\n"                           # 15
              "class Other {\n  public:\n    bool processArg(int* i, std::vector<std::string>& args);\n"           # 19
              "    int getExitStatus() const;\n    bool begin();\n};\n"),                                          # 20, 21
    "cmd.h": ('#include "arg.h"\n\nclass CmdLine {\n  public:\n    int parse(std::vector<std::string>& args);\n'  # 5
              "  protected:\n    std::list<Arg*> _argList;\n};\n\n"                                               # 7
              "inline int CmdLine::parse(std::vector<std::string>& args) {\n"                                      # 10
              "    int estat = 0;\n    try {\n"
              "        for (ArgListIterator it = _argList.begin(); it != _argList.end(); it++) {\n"                # 13
              "            int i = 0;\n            if ( (*it)->processArg( &i, args ) )\n"                          # 15
              "                continue;\n        }\n        if (args.empty()) return 1;\n"                       # 18
              "    } catch (Arg &e) { // an argument's error\n        return 2;\n"                                  # 19
              "    } catch (ExitException &e) { // catch any exceptions\n"                                         # 21
              "        estat = e.getExitStatus();\n    }\n    return estat;\n}\n"),                                 # 22
}


def test_cpp_iterators_catch_clauses_and_std_containers_type_their_receivers(tmp_path):
    """TCLAP run 573 (and its reruns): `(*it)->processArg(..)` over a `typedef std::list<Arg*>::const_iterator
    ArgListIterator` was "on an expression of unknown type" in callees and "by name only" among the callers;
    `e.getExitStatus()` in the second of two clauses catching `e` was left out as the first clause's type (a comment
    after the brace hid that block's end) and `ee.getExitStatus()` was unresolved; `_argList.begin()` on a
    `std::list<Arg*>` field was "maybe" a repository method and `args.empty()` "not defined by name"."""
    served = served_tree(tmp_path / "r", CPP_ITERATORS)
    text = served.call("find_related", symbol="CmdLine.parse", relation="callees").text
    assert "Arg.processArg" in text and "called at 15" in text, text
    assert "ExitException.getExitStatus" in text and "Other.getExitStatus" not in text, text
    assert "std::list.begin (on _argList) at 13" in text and "std::vector.empty (on args) at 18" in text, text
    assert "maybe Other.begin" not in text and "methods of standard library types" in text, text
    text = served.call("find_related", symbol="Arg.processArg", relation="callers").text
    assert "all by receiver type" in text and "cmd.h:15 in CmdLine.parse" in text, text
    text = served.call("find_related", symbol="ExitException.getExitStatus", relation="callers").text
    assert "cmd.h:22 in CmdLine.parse" in text.split("left out")[0], text
    text = served.call("find_related", symbol="Other.getExitStatus", relation="callers").text
    assert "cmd.h:22" not in text.split("left out")[0], text


RUST_SLICE_ELEMENT = {
    "src/lib.rs": "mod key;\nmod table;\n",
    "src/key.rs": ("pub struct Key {\n    raw: String,\n}\n\nimpl Key {\n"
                   "    pub fn to_repr(&self) -> String {\n        self.raw.clone()\n    }\n}\n"),               # 6
    "src/repr.rs": ("pub struct Repr;\n\nimpl Repr {\n    pub fn to_repr(&self) -> String {\n        String::new()\n"
                    "    }\n}\n"),
    "src/table.rs": ("use crate::key::Key;\n\npub(crate) fn duplicate_key(path: &[Key], i: usize) -> String {\n"
                     "    path[i].to_repr()\n}\n"),                                                               # 4
}


def test_a_rust_call_on_a_slice_element_is_a_caller_by_the_element_type(tmp_path):
    """tomledit runs 571/583/589: `path[i].to_repr()` in `fn duplicate_key(path: &[Key], i: usize)` was among
    Key::to_repr's callers "by name only, the receiver's type unknown" (callees had it by the element type)."""
    served = served_tree(tmp_path / "r", RUST_SLICE_ELEMENT)
    text = served.call("find_related", symbol="Key.to_repr", relation="callers").text
    assert "all by receiver type" in text and "src/table.rs:4 in duplicate_key" in text, text
    text = served.call("find_related", symbol="Repr.to_repr", relation="callers").text
    assert "table.rs:4" not in text.split("left out")[0], text


GO_EMBEDDED_OUTSIDE = {
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "inmem.go": ("package metrics\n\nimport (\n\t\"sync\"\n\t\"time\"\n)\n\n"
                 "type IntervalMetrics struct {\n\tsync.RWMutex\n\n\tInterval time.Time\n}\n\n"                   # 8-12
                 "type Sink struct {\n\tdata []*IntervalMetrics\n}\n\n"                                          # 14
                 "func (s *Sink) Show() string {\n\tvar interval *IntervalMetrics\n\tinterval = s.data[0]\n"      # 18
                 "\tinterval.RLock()\n\tdefer interval.RUnlock()\n"                                              # 21, 22
                 "\treturn interval.Interval.Round(time.Second).UTC().String()\n}\n"),                           # 23
    "statsite.go": ("package metrics\n\nimport \"time\"\n\nconst (\n\t// We force flush after this period.\n"
                    "\tflushInterval = 100 * time.Millisecond\n)\n"),                                            # 7
    "other.go": "package metrics\n\ntype Lockable struct{}\n\nfunc (l *Lockable) Lock() {}\n",
}


def test_go_promoted_outside_methods_standard_chains_and_a_lone_constant_s_own_line(tmp_path):
    """gometrics runs 575/585/591: `interval.RLock()` on a `*IntervalMetrics` that embeds sync.RWMutex and the rest of
    `interval.Interval.Round(time.Second).UTC().String()` were "a receiver of unknown type" in callees; the one
    constant of a `const ( .. )` block was located at the block (statsite.go:13-18) instead of its own line."""
    served = served_tree(tmp_path / "r", GO_EMBEDDED_OUTSIDE)
    text = served.call("find_related", symbol="Sink.Show", relation="callees").text
    assert "sync.RWMutex.RLock (on interval, embedded in IntervalMetrics) at 21" in text, text
    assert "sync.RWMutex.RUnlock (on interval, embedded in IntervalMetrics) at 22" in text, text
    assert "time.Time.UTC (on interval.Interval.Round()) at 23" in text, text
    assert "time.Time.String (on interval.Interval.Round().UTC()) at 23" in text and "unresolved" not in text, text
    text = served.call("search_symbol", query="flushInterval").text
    assert "statsite.go:7-7 constant" in text, text


RUST_LIFETIMES_AND_ALIASES = {
    "src/lib.rs": "mod easy;\nmod inline;\nmod parser;\nmod table;\n\npub use table::Table;\n",
    "src/table.rs": ("pub struct Table {\n    n: usize,\n}\n\nimpl Table {\n"
                     "    pub fn entry_format(&mut self, k: &str) -> usize {\n        self.n + k.len()\n    }\n}\n"),   # 6
    "src/inline.rs": ("pub struct InlineTable;\n\nimpl InlineTable {\n"
                      "    pub fn entry_format(&mut self, k: &str) -> usize {\n        k.len()\n    }\n}\n"),         # 4
    "src/easy.rs": ("pub struct Map;\n\nimpl Clone for Map {\n    fn clone(&self) -> Map {\n        Map\n    }\n}\n\n"
                    "pub type Table = Map;\n"),
    "src/parser.rs": ("use crate::inline::InlineTable;\nuse crate::Table;\n\npub struct Parser {\n    path: Vec<String>,\n}\n\n"
                      "impl Parser {\n"
                      "    fn descend<'t>(mut table: &'t mut Table) -> Result<&'t mut Table, String> {\n"             # 9
                      "        table.entry_format(\"a\");\n        Ok(table)\n    }\n\n"                               # 10
                      "    fn start(&mut self, root: &mut Table) -> Result<(), String> {\n"                          # 14
                      "        let parent = Self::descend(root)?;\n        parent.entry_format(\"b\");\n"            # 15, 16
                      "        let _p = self.path.clone();\n        Ok(())\n    }\n}\n\n"                              # 17
                      "fn inline_descend<'a>(mut table: &'a mut InlineTable) -> usize {\n"                           # 22
                      "    table.entry_format(\"c\")\n}\n"),                                                          # 23
}


def test_rust_receivers_through_lifetimes_self_calls_and_a_namesake_alias(tmp_path):
    """tomledit run 595: the callers of InlineTable::entry_format had the `mut table: &'a mut InlineTable` call left
    out as another type's (the lifetime hid the type) and three calls on `Table` values instead: `table: &'t mut
    Table` read as easy's `type Table = Map<..>` alias, `let parent_table = Self::descend_path(..)?;` untyped; and
    `self.path.clone()` on a Vec was offered as "maybe Map.clone"."""
    served = served_tree(tmp_path / "r", RUST_LIFETIMES_AND_ALIASES)
    text = served.call("find_related", symbol="Table.entry_format", relation="callers").text
    head = text.split("left out")[0] if "left out" in text.split("\n", 2)[1] else text.split("\n", 1)[0]
    assert "by receiver type" in head and "name only" not in text, text
    assert "src/parser.rs" in text and "10 in Parser.descend" in text and "16 in Parser.start" in text, text
    assert "23" not in text.split("left out")[-1].split("\n", 1)[-1], text
    text = served.call("find_related", symbol="InlineTable.entry_format", relation="callers").text
    assert "src/parser.rs:23 in inline_descend" in text and "all by receiver" in text, text
    text = served.call("find_related", symbol="Parser.start", relation="callees").text
    assert "Table.entry_format" in text and "maybe Map.clone" not in text, text


def test_a_kinds_filtered_map_says_the_other_files_hold_none_instead_of_more_files(tmp_path):
    """gometrics run 597: get_structured_index(kinds=[constant]) ended "… 18 more files, narrow with path=" where no
    other file had a constant; the agent asked again with a larger budget, then searched the text."""
    files = {"consts.go": "package m\n\nconst (\n\tflushInterval = 100\n)\n"}
    files.update({f"f{i}.go": f"package m\n\nfunc F{i}() int {{\n\treturn {i}\n}}\n" for i in range(12)})
    served = served_tree(tmp_path / "r", files)
    text = served.call("get_structured_index", path=".", kinds=["constant"], include_private=True).text
    assert "flushInterval" in text and "(no constant in the other 12 files)" in text and "more files" not in text, text
    text = served.call("get_structured_index", path=".", budget_tokens=200).text
    assert "more files" in text, text  # (a map cut by its budget still says so)


KOTLIN_EXTENSION = {
    "src/a/Screen.kt": ("package a\n\nimport a.sheet.isFit\n\nclass Screen {\n    fun layout() {\n"
                        "        if (isFit()) {\n            return\n        }\n    }\n}\n"),                       # 7
    "src/a/sheet/Utils.kt": "package a.sheet\n\nimport a.Screen\n\nfun Screen.isFit(): Boolean = true\n",
    "src/a/sheet/Coord.kt": ("package a.sheet\n\nimport a.Screen\n\nclass Coord {\n"
                             "    fun offset(screen: Screen): Int = if (screen.isFit()) 1 else 0\n}\n"),              # 6
}


def test_a_kotlin_extension_function_is_said_so_and_its_implicit_this_calls_are_its_callers(tmp_path):
    """rnscreens runs 581/594/600: callers of `fun Screen.isSheetFitToContents()` were headed "method
    com.swmansion.rnscreens.bottomsheet.Screen.isSheetFitToContents" (a class bottomsheet.Screen that does not
    exist), and the bare calls inside class Screen were "matched by name only, the receiver's type unknown"."""
    served = served_tree(tmp_path / "r", KOTLIN_EXTENSION)
    text = served.call("find_related", symbol="isFit", relation="callers").text
    assert text.startswith("callers of extension function a.sheet.isFit on Screen ("), text
    assert "name only" not in text and "7 in Screen.layout" in text.replace("src/a/Screen.kt:7", "7"), text
    assert "src/a/sheet/Coord.kt:6 in Coord.offset" in text, text
    text = served.call("search_symbol", query="isFit").text
    assert "extension function" in text, text


GO_METHOD_AND_FUNCTION = {
    "go.mod": "module example.com/m\n\ngo 1.21\n",
    "metrics.go": ("package m\n\ntype Metrics struct{ n int }\n\n"
                   "func (m *Metrics) UpdateFilter(a int) {\n\tm.n = a\n}\n\n"                                  # 5
                   "func UpdateFilter(a int) {\n\tglobal.UpdateFilter(a)\n}\n\nvar global = &Metrics{}\n"),      # 9, 10
    "metrics_test.go": ("package m\n\nimport \"testing\"\n\nfunc TestUpdate(t *testing.T) {\n"
                        "\tUpdateFilter(1)\n}\n"),                                                              # 6
}


def test_go_callers_say_complete_when_the_name_s_other_calls_are_another_definition_s(tmp_path):
    """gometrics run 597: callers of (*Metrics).UpdateFilterAndLabels listed its four callers with no word on the test's
    `UpdateFilterAndLabels(..)`, which calls the package function of that name; the agent searched the text."""
    served = served_tree(tmp_path / "r", GO_METHOD_AND_FUNCTION)
    text = served.call("find_related", symbol="Metrics.UpdateFilter", relation="callers").text
    assert "metrics.go:10 in UpdateFilter" in text, text
    assert "[complete: 1 other call named 'UpdateFilter' left out, of the function UpdateFilter (metrics.go:9): " \
           "metrics_test.go:6]" in text, text


TS_REDECLARED_FIELDS = {
    "src/Types.ts": "export interface IAttr {\n  fg: number;\n  bg: number;\n  clone(): IAttr;\n}\n",
    "src/Attr.ts": ("import { IAttr } from './Types';\n\nexport class Attr implements IAttr {\n  public fg = 0;\n"
                    "  public bg = 0;\n  public clone(): IAttr {\n    return new Attr();\n  }\n}\n"),
    "src/Cell.ts": ("import { Attr } from './Attr';\n\nexport class Cell extends Attr {\n  public fg = 0;\n"     # 4
                    "  public getWidth(): number {\n    return 1;\n  }\n}\n"),
}


def test_typescript_implementations_rows_say_the_fields_a_subclass_redeclares(tmp_path):
    """xterm runs 579/593/599 asked which AttributeData members CellData and JoinedCellData redeclare; their rows
    named methods only, and the redeclared `fg`, `bg` and `extended` fields took two outline calls."""
    served = served_tree(tmp_path / "r", TS_REDECLARED_FIELDS)
    text = served.call("find_related", symbol="IAttr", relation="implementations").text
    row = next(line for line in text.splitlines() if "class Cell" in line)
    assert "fg 4 (a field)" in row and "bg" not in row.split("—", 1)[1].split(";")[0], row


KOTLIN_LIBRARY_END = {
    "src/a/Screen.kt": ("package a\n\nclass Screen {\n    fun setActivityState(state: Int) {\n"
                        "        check(state >= 0)\n    }\n}\n"),
    "src/a/ScreenViewManager.kt": (
        "package a\n\nimport com.facebook.react.uimanager.ViewGroupManager\n"
        "import com.facebook.react.viewmanagers.RNSScreenManagerInterface\n\n"
        "class ScreenViewManager : ViewGroupManager<Screen>(), RNSScreenManagerInterface<Screen> {\n"       # 6
        "    override fun setActivityState(view: Screen, activityState: Float) {\n"                         # 7
        "        apply(view, activityState.toInt())\n    }\n\n"                                             # 8
        "    private fun apply(view: Screen, state: Int) {\n        view.setActivityState(state)\n    }\n}\n"),  # 11, 12
}


def test_a_callers_walk_says_where_it_ends_at_an_override_the_library_calls(tmp_path):
    """rnscreens run 600 (and rnsvg run 598): a depth-3 walk up from Screen.setActivityState stopped at
    ScreenViewManager.setActivityState, an override of the codegen's RNSScreenManagerInterface, with no word why;
    the agents read the class and searched for the interface."""
    served = served_tree(tmp_path / "r", KOTLIN_LIBRARY_END)
    text = served.call("find_related", symbol="Screen.setActivityState", relation="callers", depth=3).text
    assert "ScreenViewManager.apply" in text and "8 in ScreenViewManager.setActivityState" in text, text
    assert ("ScreenViewManager.setActivityState (ViewGroupManager, RNSScreenManagerInterface): overrides "
            "a method of a class from outside the repository, which the library calls") in text, text


CPP_QUALIFIED_STATIC = {
    "Arg.h": ("class Arg {\n  private:\n    Arg(const Arg& rhs);\n  public:\n    Arg();\n"                        # 3, 5
              "    static char blankChar() { return (char)7; }\n    virtual ~Arg();\n};\n"),                          # 6
    "SwitchArg.h": ('#include "Arg.h"\n#include <string>\n\nclass SwitchArg : public Arg {\n  public:\n'
                    "    bool combined(std::string& s) {\n        s[0] = Arg::blankChar();\n        return true;\n"  # 7
                    "    }\n};\n"),
}


def test_a_qualified_static_call_s_class_is_the_class_not_its_copy_constructor(tmp_path):
    """tclap runs 590/596: the semantic context of `combinedSwitches[i] = Arg::blankChar();` listed, under uses,
    `Arg.Arg — Arg(const Arg& rhs)` (the private copy constructor, found as an inherited member named Arg)."""
    served = served_tree(tmp_path / "r", CPP_QUALIFIED_STATIC)
    text = served.call("read_code_range", path="SwitchArg.h:7", context="semantic").text
    uses = text.split("── uses ──", 1)[1]
    assert "Arg.blankChar" in uses and "class Arg" in uses and "Arg(const Arg& rhs)" not in uses, text


RUST_FUNCTION_BESIDE_MODULE = {
    "src/lib.rs": "mod item;\nmod value;\nmod index;\n\npub use crate::item::{value, Item};\npub use crate::value::Value;\n",
    "src/value.rs": "pub struct Value(pub i64);\n",
    "src/item.rs": ("use crate::Value;\n\npub struct Item(pub Value);\n\npub fn value(v: Value) -> Item {\n"          # 5
                    "    Item(v)\n}\n"),
    "src/index.rs": "use crate::{value, Item, Value};\n\npub fn make() -> Item {\n    value(Value(1))\n}\n",        # 4
}


def test_a_rust_uses_row_names_the_function_a_call_uses_not_the_module_of_its_name(tmp_path):
    """tomledit runs 571/589/595: index.rs's `use crate::{value, ..}` row said `value (lib.rs:80)`, lib.rs's `mod
    value;`, for the call `value(Value::InlineTable(t))`: the function item.rs defines and lib.rs re-exports."""
    served = served_tree(tmp_path / "r", RUST_FUNCTION_BESIDE_MODULE)
    text = served.call("list_dependencies", path="src/index.rs", view="uses").text
    assert "value (item.rs:5) at 4" in text and "value (lib.rs" not in text, text


KOTLIN_NESTED_IMPORT = {
    "src/main/java/com/x/Screen.kt": "package com.x\n\nclass Screen {\n    enum class StackAnimation { NONE, FADE }\n}\n",
    "src/main/java/com/x/Other.kt": "package com.x\n\nclass Other\n",
    "src/main/java/com/x/stack/Stack.kt": ("package com.x.stack\n\nimport com.x.Screen.StackAnimation\n\n"
                                          "class Stack {\n    var animation = StackAnimation.NONE\n}\n"),
}


def test_a_kotlin_import_of_a_nested_class_reaches_the_outer_class_s_file(tmp_path):
    """rnscreens run 600: `import com.swmansion.rnscreens.Screen.StackAnimation` read as `com.swmansion.rnscreens.Screen
    -> android/src/main/java/com/swmansion/rnscreens/`, the class Screen taken for a package; the agent read the
    import lines to check."""
    served = served_tree(tmp_path / "r", KOTLIN_NESTED_IMPORT)
    text = served.call("list_dependencies", path="src/main/java/com/x/stack/Stack.kt", view="uses").text
    assert "3 com.x.Screen -> src/main/java/com/x/Screen.kt: StackAnimation (Screen.kt:4) at 6" in text, text


JAVA_OVERRIDDEN_OVERLOADS = {
    "src/main/java/a/Shape.java": ("package a;\n\npublic abstract class Shape {\n"
                                   "    abstract String getPath(int canvas, int paint);\n"
                                   "    String getPath(int canvas, int paint, String op) {\n        return op;\n    }\n}\n"),
    "src/main/java/a/Text.java": ("package a;\n\npublic class Text extends Shape {\n    @Override\n"
                                  "    String getPath(int canvas, int paint) {\n        return \"\";\n    }\n\n"      # 5
                                  "    @Override\n    String getPath(int canvas, int paint, String op) {\n"           # 10
                                  "        return op;\n    }\n}\n"),
}


def test_an_implementations_row_names_each_overridden_overload_apart(tmp_path):
    """rnsvg runs 577/592/604: TextView's row said "overrides getPath 141" for its two getPath overrides (141 and 150);
    the agents searched for the second."""
    served = served_tree(tmp_path / "r", JAVA_OVERRIDDEN_OVERLOADS)
    text = served.call("find_related", symbol="Shape", relation="implementations").text
    assert "getPath(int,int) 5" in text and "getPath(int,int,String) 10" in text, text


def test_list_syntax_errors_names_the_files_the_index_could_not_read(tmp_path):
    """tclap run 602: two headers past their parse time limit were in no answer, and list_syntax_errors said nothing
    of them (it counted the indexed files only); the agent found them through a failed outline."""
    from tests.navigation.conftest import Served

    root = tmp_path / "r"
    root.mkdir()
    (root / "ok.py").write_text("def fine():\n    return 1\n")
    (root / "slow.py").write_text("x = [" + "1, " * 200_000 + "]\n")  # (600 KB: one try, no second with a longer limit)
    served = Served(root, **{"index.parse_timeout_seconds": 0.0001})
    answer = served.call("list_syntax_errors", path=".")
    assert "under the repository could not be indexed" in answer.text and "  slow.py: " in answer.text, answer.text
    assert "slow.py" in [f["path"] for f in answer.data["not_indexed"]], answer.data  # (what a client hands the model)
    one = served.call("list_syntax_errors", path="slow.py")
    assert not one.is_error and "slow.py:" in one.text, one.text


def test_a_complete_callers_answer_says_which_files_of_its_language_were_not_searched(tmp_path):
    """tclap run 602: "every call named 'getDescription' is listed" while two headers the build could not read held
    two more calls; the answer now says those files were not searched."""
    from tests.navigation.conftest import Served

    root = tmp_path / "r"
    root.mkdir()
    (root / "lib.py").write_text("def describe():\n    return 1\n")
    (root / "use.py").write_text("from lib import describe\n\n\ndef run():\n    return describe()\n")
    (root / "big.py").write_text("from lib import describe\n\nx = [" + "describe(), " * 60_000 + "]\n")  # (720 KB)
    served = Served(root, **{"index.parse_timeout_seconds": 0.05})
    text = served.call("find_related", symbol="describe", relation="callers").text
    assert "use.py:5 in run" in text, text
    # (big.py takes ~0.8 s to index here, sixteen times its limit: not indexed, and said so beside "complete")
    assert "big.py:3" not in text and "1 python file could not be indexed and was not searched (big.py;" in text, text
