"""What the review of this stop's C++ work found in other languages and in C++ itself (the old and the new code run
side by side on real repositories): a lower-case type-first declaration pattern read `if client == nil {`, Python's
`assert q == x` and `switch x {` as declarations; a typedef'd C local lost its struct's fields in the uses view; a
`#define` inside a C function was dropped with the local prototypes; C++ calls on an expression (`(*it)->f()`,
`GetMutableTestInfo(i)->Run()`) or a nested class's constructor were left out as another type's; a platform variant
of a class (`udp_client-windows.h` beside `udp_client.h`) gave "receiver" callers; out-of-class constructors hid their
class from a semantic read; an empty "declared in ;" note."""

from __future__ import annotations

from contexteer.indexers.lookup import _template_args
from contexteer.indexers.syntax import local_binding
from tests.navigation.conftest import served_tree


def test_comparisons_and_control_words_are_no_declarations():
    for line, word in (("    if config == None:", "config"), ("    assert q == httpx.QueryParams(a)", "q"),
                       ("\tif client == nil {", "client"), ("\tswitch o {", "o"), ("    while x == 1:", "x"),
                       ("    int x = 0;", "y")):
        assert local_binding([line], 1, 1, word) is None, line
    assert local_binding(["    async_msg incoming;"], 1, 1, "incoming") == ("type", "async_msg")
    assert _template_args("Foo, Deleter<A, B>") == ["Foo", "Deleter<A, B>"]


def test_python_and_go_receivers_survive_a_comparison_before_the_call(tmp_path):
    files = {
        "app/__init__.py": "",
        "app/config.py": "class Config:\n    def load(self):\n        return 1\n\n\nclass Other:\n    def load(self):\n        return 2\n",
        "app/use.py": ("from app.config import Config\n\n\ndef make():\n    c = Config()\n    if c == None:\n        return\n"
                       "    c.load()\n"),
        "go.mod": "module t\n",
        "a.go": ("package t\n\ntype Client struct{}\n\nfunc (c *Client) Close() error { return nil }\n\ntype Other struct{}\n\n"
                 "func (o *Other) Close() error { return nil }\n\nfunc NewClient() (*Client, error) { return &Client{}, nil }\n\n"
                 "func use() {\n\tclient, _ := NewClient()\n\tif client == nil {\n\t\treturn\n\t}\n\tclient.Close()\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    p = served.call("find_related", symbol="Config.load", relation="callers")
    assert [(i["qualname"], i["how"]) for i in p.data["items"]] == [("make", "receiver type")], p.text
    g = served.call("find_related", symbol="Client.Close", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in g.data["items"]] == [("use", [18])], g.text
    assert "name only" not in g.text, g.text


def test_c_defines_in_functions_and_typedef_locals(tmp_path):
    files = {
        "ext4.h": "struct ext4_io_end {\n\tint flag;\n};\ntypedef struct ext4_io_end ext4_io_end_t;\n",
        "page-io.c": ("#include \"ext4.h\"\n\nstatic int f(ext4_io_end_t *io_end)\n{\n#define NRL_CHECK_SIZE(req, size) ((req) <= (size))\n"
                      "\treturn io_end->flag + NRL_CHECK_SIZE(1, 2);\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    s = served.call("search_symbol", query="NRL_CHECK_SIZE")
    assert "page-io.c:5-5" in s.text, s.text
    u = served.call("list_dependencies", path="page-io.c", view="uses")
    assert "ext4_io_end.flag (ext4.h:2) at 6" in u.text, u.text


def test_cpp_calls_on_expressions_nested_constructors_and_platform_variants(tmp_path):
    files = {
        "s/sink.h": "#pragma once\nclass sink\n{\npublic:\n    virtual void set_formatter(int f) = 0;\n};\n",
        "s/logger.h": ("#pragma once\n#include \"sink.h\"\n#include <vector>\nclass logger\n{\npublic:\n"
                       "    void set_formatter(int f);\n    sink *get(int i);\n    std::vector<sink *> sinks_;\n};\n"),
        "s/logger-inl.h": ("#pragma once\n#include \"logger.h\"\nSPDLOG_INLINE void logger::set_formatter(int f)\n{\n"
                           "    for (auto it = sinks_.begin(); it != sinks_.end(); ++it)\n    {\n        (*it)->set_formatter(f);\n"
                           "    }\n    get(0)->set_formatter(f);\n}\n"),
        "s/outer.h": ("#pragma once\nclass Outer\n{\npublic:\n    void make()\n    {\n        p_ = new Producer(1);\n    }\n"
                      "    class Producer\n    {\n    public:\n        explicit Producer(int x) {}\n"
                      "        Producer &operator=(const Producer &) = delete;\n    };\n    Producer *p_;\n};\n"),
        "s/udp_client.h": ("#pragma once\nclass udp_client\n{\n    void cleanup_() {}\npublic:\n    ~udp_client()\n    {\n"
                           "        cleanup_();\n    }\n};\n"),
        "s/udp_client-windows.h": ("#pragma once\nclass udp_client\n{\n    void cleanup_() {}\npublic:\n    ~udp_client()\n    {\n"
                                   "        cleanup_();\n    }\n};\n"),
    }
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="sink.set_formatter", relation="callers")
    lines = {n for i in c.data["items"] for n in i["lines"]}
    assert {7, 9} <= lines, c.text  # `(*it)->set_formatter(f)`, `get(0)->set_formatter(f)` are on sinks, not logger's
    k = served.call("find_related", symbol="Outer.Producer.Producer", relation="callers")
    assert "s/outer.h:7" in k.text or any(7 in i["lines"] for i in k.data["items"]), k.text
    assert "declared in ;" not in k.text and "declared in ]" not in k.text, k.text
    w = served.call("find_related", symbol="udp_client.cleanup_", relation="callers", path="s/udp_client-windows.h")
    rows = {(i["path"], i["how"]) for i in w.data["items"]}
    assert ("s/udp_client.h", "receiver") not in rows, w.text  # the other platform's namesake class


def test_cpp_out_of_class_constructors_do_not_hide_their_class(tmp_path):
    files = {
        "s/base_sink.h": "#pragma once\ntemplate<typename Mutex>\nclass base_sink\n{\npublic:\n    base_sink();\n    void log(int m);\n};\n",
        "s/base_sink-inl.h": ("#pragma once\n#include \"base_sink.h\"\ntemplate<typename Mutex>\n"
                              "SPDLOG_INLINE base_sink<Mutex>::base_sink()\n{\n}\n\ntemplate<typename Mutex>\n"
                              "void SPDLOG_INLINE base_sink<Mutex>::log(int m)\n{\n    base_sink<Mutex> *self = this;\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    r = served.call("read_code_range", path="s/base_sink-inl.h:11", context="semantic")
    assert "s/base_sink.h:2-8" in r.text and "class base_sink" in r.text, r.text


def test_a_catch_macro_after_its_block_stays_a_call_of_the_macro(tmp_path):
    files = {"s/logger.h": ("#pragma once\n#define SPDLOG_TRY try\n#define SPDLOG_LOGGER_CATCH(location) catch (...) {}\n"
                            "class logger\n{\npublic:\n    void log(int x)\n    {\n        SPDLOG_TRY\n        {\n"
                            "            x++;\n        }\n        SPDLOG_LOGGER_CATCH(x)\n    }\n};\n")}
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="SPDLOG_LOGGER_CATCH", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("logger.log", [13])], c.text
    e = served.call("list_syntax_errors")
    assert "0 of" in e.text or "no syntax errors" in e.text.lower(), e.text


def test_second_review_go_interfaces_assertions_and_test_helpers(tmp_path):
    files = {
        "go.mod": "module x\n",
        "assert/a.go": "package assert\n\ntype tHelper interface {\n\tHelper()\n}\n",
        "mock/m.go": ("package mock\n\nimport \"net/url\"\n\ntype tHelper interface {\n\tHelper()\n}\n\n"
                      "type SetupAllSuite interface {\n\tSetupSuite()\n}\n\n"
                      "func Check(t interface{}, u url.Values) {\n\tif h, ok := t.(tHelper); ok {\n\t\th.Helper()\n\t}\n"
                      "\tif s, ok := t.(SetupAllSuite); ok {\n\t\ts.SetupSuite()\n\t}\n}\n\n"
                      "type Tester struct{}\n\nfunc (s *Tester) SetupSuite() {}\n"),
        "mock/m_test.go": ("package mock\n\nimport \"testing\"\n\nfunc helper(t *testing.T) {\n\tCheck(t, nil)\n}\n\n"
                           "func TestOne(t *testing.T) {\n\thelper(t)\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    k = served.call("find_related", symbol="Check", relation="callees")
    rows = {i["qualname"]: i["path"] for i in k.data["items"]}
    assert rows.get("tHelper.Helper") == "mock/m.go", k.text  # its own package's tHelper, not assert's
    c = served.call("find_related", symbol="Tester.SetupSuite", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("Check", [18])], c.text  # through the interface
    d = served.call("find_related", symbol="Check", relation="callers", depth=3)
    assert {i["qualname"] for i in d.data["items"]} == {"helper", "TestOne"}, d.text  # a test helper is followed
    u = served.call("list_dependencies", path="mock/m.go", view="uses")
    assert "url.Values at 13" in u.text, u.text  # a parameter named like a package shadows it in the body only


def test_second_review_cpp_namespace_qualifier_is_no_member_use(tmp_path):
    files = {
        "s/sink.h": ("#pragma once\nnamespace spdlog {\nnamespace level { enum level_enum { info }; }\nnamespace sinks {\n"
                     "class sink\n{\npublic:\n    level::level_enum level() const;\n    int level_;\n};\n}\n}\n"),
        "s/sink-inl.h": ("#pragma once\n#include <s/sink.h>\n\nSPDLOG_INLINE spdlog::level::level_enum spdlog::sinks::sink::level() const\n"
                         "{\n    return static_cast<spdlog::level::level_enum>(level_);\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    u = served.call("list_dependencies", path="s/sink-inl.h", view="uses")
    assert "sink.level_ (sink.h:9) at 6" in u.text and "sink.level (" not in u.text, u.text
