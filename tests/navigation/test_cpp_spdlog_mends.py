"""What preparing the spdlog (C++, header-only) A/B run found: a library's attribute macros (`SPDLOG_INLINE`,
`SPDLOG_API`, `SPDLOG_NOEXCEPT`, defined in a header the file includes) were syntax errors in 32 of 86 files and hid
or misplaced their definitions; `-inl.h` files of out-of-class definitions were parsed as C; a method defined as
`spdlog::sinks::base_sink<Mutex>::log` (two namespaces, a template) was no definition; a method's one-line in-class
declaration was a second definition; bare calls and fields in an out-of-class method body were not the class's."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "spdlog/common.h": ("#pragma once\n#ifdef SPDLOG_HEADER_ONLY\n#    define SPDLOG_INLINE inline\n#else\n"
                        "#    define SPDLOG_INLINE\n#endif\n#define SPDLOG_API\n#define SPDLOG_NOEXCEPT noexcept\n"
                        "#define SPDLOG_TRY try\n"
                        "#define SPDLOG_LOGGER_CATCH(loc) catch (...) { err(loc); }\n"
                        "namespace spdlog {\n[[noreturn]] SPDLOG_API void throw_spdlog_ex(const char *msg);\n"
                        "struct handlers { int n; };\n}\n"),
    "spdlog/sinks/sink.h": ("#pragma once\n#include <spdlog/common.h>\nnamespace spdlog {\nnamespace sinks {\n"
                            "class SPDLOG_API sink\n{\npublic:\n    virtual ~sink() = default;\n"
                            "    virtual void log(int msg) = 0;\n    bool should_log(int lvl) const;\n"
                            "protected:\n    int level_{0};\n};\n}\n}\n"),
    "spdlog/sinks/sink-inl.h": ("#pragma once\n#include <spdlog/sinks/sink.h>\n\n"
                                "SPDLOG_INLINE bool spdlog::sinks::sink::should_log(int lvl) const\n{\n"
                                "    return lvl >= level_;\n}\n"),
    "spdlog/sinks/base_sink.h": ("#pragma once\n#include <spdlog/sinks/sink.h>\nnamespace spdlog {\nnamespace sinks {\n"
                                 "template<typename Mutex>\nclass SPDLOG_API base_sink : public sink\n{\npublic:\n"
                                 "    void log(int msg) final;\n"
                                 "    base_sink &operator=(const base_sink &) = delete;\n"
                                 "protected:\n    virtual void sink_it_(int msg) = 0;\n    Mutex mutex_;\n};\n}\n}\n"),
    "spdlog/sinks/base_sink-inl.h": ("#pragma once\n#include <spdlog/sinks/base_sink.h>\n\n"
                                     "template<typename Mutex>\n"
                                     "void SPDLOG_INLINE spdlog::sinks::base_sink<Mutex>::log(int msg)\n{\n"
                                     "    std::lock_guard<Mutex> lock(mutex_);\n    sink_it_(msg);\n}\n"),
    "spdlog/sinks/null_sink.h": ("#pragma once\n#include <spdlog/sinks/base_sink.h>\nnamespace spdlog {\nnamespace sinks {\n"
                                 "template<typename Mutex>\nclass null_sink : public base_sink<Mutex>\n{\npublic:\n"
                                 "    null_sink &operator=(const null_sink &) = delete;\n"
                                 "    explicit null_sink(const handlers &h = {}) {}\n"
                                 "protected:\n    void sink_it_(int) override {}\n};\n}\n}\n"),
    "spdlog/sinks/msvc_sink.h": ("#pragma once\n#include <spdlog/sinks/base_sink.h>\n"
                                 "extern \"C\" __declspec(dllimport) void __stdcall OutputDebugStringA(const char *s);\n"
                                 "namespace spdlog {\nnamespace sinks {\ntemplate<typename Mutex>\n"
                                 "class msvc_sink : public base_sink<Mutex>\n{\nprotected:\n"
                                 "    void sink_it_(int msg) override { OutputDebugStringA(\"x\"); }\n};\n}\n}\n"),
    "spdlog/details/backtracer.h": ("#pragma once\nnamespace spdlog {\nnamespace details {\nclass SPDLOG_API backtracer\n{\n"
                                    "public:\n    void push_back(int msg);\n};\n}\n}\n"),
    "spdlog/details/backtracer-inl.h": ("#pragma once\n#include <spdlog/details/backtracer.h>\nnamespace spdlog {\n"
                                        "namespace details {\nSPDLOG_INLINE void backtracer::push_back(int msg)\n{\n}\n}\n}\n"),
    "spdlog/logger.h": ("#pragma once\n#include <spdlog/details/backtracer.h>\nnamespace spdlog {\n"
                        "class SPDLOG_API logger\n{\npublic:\n"
                        "    logger &operator=(logger other) SPDLOG_NOEXCEPT;\n"
                        "    void log(int x)\n    {\n        SPDLOG_TRY\n        {\n            log_it_(x);\n        }\n"
                        "        SPDLOG_LOGGER_CATCH(x)\n    }\n"
                        "#ifdef SPDLOG_WCHAR_TO_UTF8_SUPPORT\n    void wlog(int x)\n    {\n        log(x);\n    }\n#endif\n"
                        "protected:\n    void log_it_(int x);\n    void sink_it_(int x);\n"
                        "    details::backtracer tracer_;\n};\n}\n"),
    "spdlog/logger-inl.h": ("#pragma once\n#include <spdlog/logger.h>\nnamespace spdlog {\n"
                            "SPDLOG_INLINE void logger::log_it_(int x)\n{\n    sink_it_(x);\n    tracer_.push_back(x);\n}\n\n"
                            "SPDLOG_INLINE void logger::sink_it_(int x)\n{\n}\n}\n"),
}


def test_attribute_macros_of_a_header_only_library_parse_and_inl_headers_are_cpp(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    e = served.call("list_syntax_errors")
    assert "0 of" in e.text or "no syntax errors" in e.text.lower(), e.text
    s = served.call("search_symbol", query="sink.should_log, msvc_sink, throw_spdlog_ex")
    assert "spdlog/sinks/sink-inl.h:4-7 method sink.should_log (declared at spdlog/sinks/sink.h:10)" in s.text, s.text
    assert "class msvc_sink" in s.text and "OutputDebugStringA.msvc_sink" not in s.text, s.text
    assert "spdlog/common.h:12-12 function throw_spdlog_ex" in s.text, s.text
    o = served.call("get_structured_index", path="spdlog/sinks/base_sink-inl.h")
    assert "4-9 method template<typename Mutex> void" in o.text, o.text
    assert "lock(" not in o.text, o.text  # `std::lock_guard<Mutex> lock(mutex_);` is a local, no function
    w = served.call("search_symbol", query="logger.wlog")
    assert "logger.wlog —" in w.text and "(private)" not in w.text, w.text  # public above its #ifdef


def test_out_of_class_methods_are_their_class_s_for_bare_calls_fields_and_declarations(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    c = served.call("find_related", symbol="base_sink.sink_it_", relation="callers")
    sites = {(i["qualname"], tuple(i["lines"])) for i in c.data["items"]}
    assert ("base_sink.log", (8,)) in sites, c.text
    assert not any(q.startswith("logger") for q, _ in sites), c.text  # logger's own sink_it_, not base_sink's
    k = served.call("find_related", symbol="logger.log_it_", relation="callees")
    assert {i["qualname"] for i in k.data["items"]} == {"logger.sink_it_", "backtracer.push_back"}, k.text
    assert "declared in spdlog/logger.h:" in k.text, k.text  # one definition, not "2 definitions named log_it_"
    n = served.call("find_related", symbol="logger.log_it_", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in n.data["items"]] == [("logger.log", [12])], n.text
    m = served.call("find_related", symbol="base_sink", relation="implementations")
    assert "operator=" not in m.text and "null_sink (name at line 6) — overrides sink_it_" in m.text, m.text


def test_attribute_macro_names_used_as_values_are_left_alone():
    from contexteer.indexers.c_prep import repair

    src = (b"enum { FLAG_INLINE, FLAG_EXPORT = 2 };\nint f(int m)\n{\n    int x = MODE_INLINE;\n"
           b"    switch (m) { case TOKEN_EXPORT: return g(LIB_API, x); }\n    return MODE_FINAL;\n}\n"
           b"#define LIB_API\nLIB_API void h() LIB_NOEXCEPT;\n")
    out = repair(src, cpp=True)
    assert len(out) == len(src) and out.count(b"\n") == src.count(b"\n")
    for kept in (b"FLAG_INLINE", b"FLAG_EXPORT", b"MODE_INLINE", b"TOKEN_EXPORT", b"g(LIB_API", b"MODE_FINAL",
                 b"#define LIB_API"):
        assert kept in out, (kept, out)
    assert b"\n        void h()             ;" in out, out  # a declaration's macros blanked, same length


_POOL = {
    "spdlog/async_logger.h": ("#pragma once\nnamespace spdlog {\nclass async_logger\n{\npublic:\n"
                              "    void backend_sink_it_(int msg);\n    void backend_flush_();\n};\n}\n"),
    "spdlog/async_logger-inl.h": ("#pragma once\n#include <spdlog/async_logger.h>\n"
                                  "SPDLOG_INLINE void spdlog::async_logger::backend_sink_it_(int msg)\n{\n}\n"),
    "spdlog/details/mpmc_blocking_q.h": ("#pragma once\nnamespace spdlog {\nnamespace details {\ntemplate<typename T>\n"
                                         "class mpmc_blocking_queue\n{\npublic:\n"
                                         "    bool dequeue_for(T &popped_item, int wait_duration)\n    {\n"
                                         "        return true;\n    }\n};\n}\n}\n"),
    "spdlog/details/thread_pool.h": ("#pragma once\n#include <spdlog/details/mpmc_blocking_q.h>\n#include <memory>\n"
                                     "namespace spdlog {\nclass async_logger;\nnamespace details {\n"
                                     "using async_logger_ptr = std::shared_ptr<spdlog::async_logger>;\n"
                                     "struct async_msg\n{\n    async_logger_ptr worker_ptr;\n};\n"
                                     "class thread_pool\n{\npublic:\n"
                                     "    using item_type = async_msg;\n"
                                     "    using q_type = details::mpmc_blocking_queue<item_type>;\n"
                                     "private:\n    q_type q_;\n    bool process_next_msg_();\n};\n}\n}\n"),
    "spdlog/details/thread_pool-inl.h": ("#pragma once\n#include <spdlog/details/thread_pool.h>\n"
                                         "#include <spdlog/async_logger.h>\nnamespace spdlog {\nnamespace details {\n"
                                         "bool SPDLOG_INLINE thread_pool::process_next_msg_()\n{\n"
                                         "    async_msg incoming_async_msg;\n"
                                         "    bool dequeued = q_.dequeue_for(incoming_async_msg, 10);\n"
                                         "    incoming_async_msg.worker_ptr->backend_sink_it_(1);\n"
                                         "    incoming_async_msg.worker_ptr->backend_flush_();\n"
                                         "    return dequeued;\n}\n}\n}\n"),
}


def test_cpp_calls_through_locals_fields_aliases_and_smart_pointers_resolve(tmp_path):
    served = served_tree(tmp_path / "r", _POOL)
    k = served.call("find_related", symbol="thread_pool.process_next_msg_", relation="callees")
    rows = {i["qualname"]: i["lines"] for i in k.data["items"]}
    assert rows == {"mpmc_blocking_queue.dequeue_for": [9], "async_logger.backend_sink_it_": [10],
                    "async_logger.backend_flush_": [11]}, k.text
    c = served.call("find_related", symbol="async_logger.backend_sink_it_", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("thread_pool.process_next_msg_", [10])], c.text
    assert "name only" not in c.text and "left out" not in c.text, c.text


def test_template_defaults_base_fields_and_specializations_of_another_library(tmp_path):
    files = {
        "s/formatter.h": ("#pragma once\nnamespace spdlog {\nclass formatter\n{\npublic:\n"
                          "    virtual void format(int msg, int &dest) = 0;\n};\n}\n"),
        "s/stopwatch.h": ("#pragma once\nnamespace fmt {\ntemplate<>\nstruct formatter<spdlog::stopwatch> : formatter<double>\n{\n"
                          "    template<typename FormatContext>\n    auto format(const spdlog::stopwatch &sw, FormatContext &ctx)\n"
                          "    {\n        return 1;\n    }\n};\n}\n"),
        "s/base_sink.h": ("#pragma once\n#include \"formatter.h\"\n#include <memory>\nnamespace spdlog {\n"
                          "template<typename Mutex>\nclass base_sink\n{\nprotected:\n"
                          "    std::unique_ptr<spdlog::formatter> formatter_;\n    virtual void sink_it_(int msg) = 0;\n};\n}\n"),
        "s/daily.h": ("#pragma once\n#include \"base_sink.h\"\nnamespace spdlog {\n"
                      "struct daily_filename_calculator\n{\n    static int calc_filename(int base)\n    {\n        return base;\n    }\n};\n"
                      "template<typename Mutex, typename FileNameCalc = daily_filename_calculator>\n"
                      "class daily_sink final : public base_sink<Mutex>\n{\nprotected:\n"
                      "    void sink_it_(int msg) override\n    {\n        int formatted = FileNameCalc::calc_filename(msg);\n"
                      "        base_sink<Mutex>::formatter_->format(msg, formatted);\n    }\n};\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    k = served.call("find_related", symbol="daily_sink.sink_it_", relation="callees")
    rows = {i["qualname"]: (i["lines"], i["path"]) for i in k.data["items"]}
    assert rows == {"daily_filename_calculator.calc_filename": ([17], "s/daily.h"),
                    "formatter.format": ([18], "s/formatter.h")}, k.text
    assert "template default" in k.text, k.text
    c = served.call("find_related", symbol="formatter.format", relation="callers")
    assert "s/formatter.h:6" in c.text and "specialization of that name: s/stopwatch.h" in c.text, c.text
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("daily_sink.sink_it_", [18])], c.text


_RUN101 = {
    "s/os.h": "#pragma once\nnamespace spdlog {\nnamespace details {\nnamespace os {\nint localtime(int t);\n}\n}\n}\n",
    "s/os-inl.h": ("#pragma once\n#include \"os.h\"\nnamespace spdlog {\nnamespace details {\nnamespace os {\n"
                   "SPDLOG_INLINE int localtime(int t)\n{\n    return t;\n}\n}\n}\n}\n"),
    "s/base_sink.h": ("#pragma once\nnamespace spdlog {\nnamespace sinks {\ntemplate<typename Mutex>\nclass base_sink\n{\n"
                      "public:\n    void log(int msg)\n    {\n        sink_it_(msg);\n    }\nprotected:\n"
                      "    virtual void sink_it_(int msg) = 0;\n};\n}\n}\n"),
    "s/rot.h": ("#pragma once\n#include \"base_sink.h\"\n#include \"os.h\"\nnamespace spdlog {\nnamespace sinks {\n"
                "template<typename Mutex>\nclass rot_sink final : public base_sink<Mutex>\n{\npublic:\n"
                "    rot_sink(int max_size,\n             int max_files = {});\n"
                "    rot_sink(const rot_sink &) = delete;\n    int now_tm(int t)\n    {\n"
                "        return details::os::localtime(t);\n    }\nprotected:\n    void sink_it_(int msg) override;\n"
                "private:\n    void rotate_();\n    int max_size_;\n};\n}\n}\n"),
    "s/rot-inl.h": ("#pragma once\n#include \"rot.h\"\ntemplate<typename Mutex>\n"
                    "SPDLOG_INLINE rot_sink<Mutex>::rot_sink(int max_size, int max_files)\n    : max_size_(max_size)\n{\n"
                    "    rotate_();\n}\n\ntemplate<typename Mutex>\n"
                    "SPDLOG_INLINE void rot_sink<Mutex>::sink_it_(int msg)\n{\n    rotate_();\n}\n\n"
                    "template<typename Mutex>\nSPDLOG_INLINE void rot_sink<Mutex>::rotate_()\n{\n}\n"),
    "s/unit.h": ("#pragma once\nclass UnitTestImpl\n{\npublic:\n    int count() const;\n};\nclass UnitTest\n{\npublic:\n"
                 "    int count() const;\nprivate:\n    UnitTestImpl *impl() const;\n};\n"),
    "s/unit.cc": ("#include \"unit.h\"\nint UnitTest::count() const\n{\n    return impl()->count();\n}\n"
                  "int UnitTestImpl::count() const\n{\n    return 0;\n}\n"),
}


def test_cpp_dispatch_access_recursion_and_declarations_as_the_spdlog_run_found(tmp_path):
    served = served_tree(tmp_path / "r", _RUN101)
    # a base class's bare call runs the override: base_sink::log reaches rot_sink::sink_it_ (run 101, Q6)
    c = served.call("find_related", symbol="rot_sink.sink_it_", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in c.data["items"]] == [("base_sink.log", [10])], c.text
    assert "base type" in c.text, c.text
    # protected and private members say so, defined in the class or outside it (was "(private)" for protected)
    s = served.call("search_symbol", query="rot_sink.sink_it_, rot_sink.rotate_, base_sink.sink_it_, rot_sink.now_tm")
    rows = {ln.split(" — ")[0] for ln in s.text.splitlines() if " — " in ln}
    # (a definition under its `template<typename Mutex>` line names the line of its name: the spdlog A/B run 178)
    assert "s/rot-inl.h:10-14 method rot_sink.sink_it_ (protected) (name at line 11) (declared at s/rot.h:18)" in rows, s.text
    assert "s/rot-inl.h:16-19 method rot_sink.rotate_ (private) (name at line 17) (declared at s/rot.h:20)" in rows, s.text
    assert "s/base_sink.h:13-13 method base_sink.sink_it_ (protected)" in rows, s.text
    assert "s/rot.h:13-16 method rot_sink.now_tm" in rows, s.text
    # a constructor declared over two lines (with a `= {}` default) is the one defined outside; a deleted one stays
    k = served.call("find_related", symbol="rot_sink.rot_sink", relation="callers")
    assert "declared in s/rot.h:10" in k.text and "2 definitions" not in k.text, k.text
    assert "rot-inl.h:11" not in k.text and "rot-inl.h:17" not in k.text and "rot-inl.h:4" not in k.text, k.text  # `rot_sink<Mutex>::x(` heads
    # a call through nested namespaces resolves (`details::os::localtime(t)`)
    n = served.call("find_related", symbol="rot_sink.now_tm", relation="callees")
    assert [i["qualname"] for i in n.data["items"]] == ["localtime"], n.text
    # `impl()->count()` in UnitTest::count is UnitTestImpl's count, no recursion
    u = served.call("find_related", symbol="UnitTest.count", relation="callers")
    assert "recursive" not in u.text, u.text
    v = served.call("find_related", symbol="UnitTestImpl.count", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in v.data["items"]] == [("UnitTest.count", [4])], v.text


def test_cpp_uses_view_names_the_own_class_members_and_no_method_for_a_namespace(tmp_path):
    files = {
        "s/logger.h": ("#pragma once\nnamespace spdlog {\nclass logger\n{\npublic:\n    int level() const;\n"
                       "    void sinks();\n};\n}\n"),
        "s/logger-inl.h": ("#pragma once\n#include \"logger.h\"\nnamespace spdlog {\n"
                           "SPDLOG_INLINE int logger::level() const\n{\n    return 0;\n}\n"
                           "SPDLOG_INLINE void logger::sinks()\n{\n}\n}\n"),
        "s/registry.h": ("#pragma once\n#include \"logger.h\"\nnamespace spdlog {\nclass registry\n{\npublic:\n"
                         "    void set_level(int l);\nprivate:\n    int err_handler_;\n    int global_level_;\n};\n}\n"),
        "s/registry-inl.h": ("#pragma once\n#include \"registry.h\"\n#include \"logger-inl.h\"\nnamespace spdlog {\n"
                             "SPDLOG_INLINE void registry::set_level(int l)\n{\n    global_level_ = l;\n"
                             "    err_handler_ = level::info + sinks::count;\n}\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    u = served.call("list_dependencies", path="s/registry-inl.h", view="uses")
    assert "registry.global_level_ (registry.h:10) at 7" in u.text and "registry.err_handler_ (registry.h:9) at 8" in u.text, u.text
    assert "logger-inl.h:4" not in u.text and "logger-inl.h:8" not in u.text, u.text  # `level::`, `sinks::` are namespaces


def test_a_dependents_answer_does_not_list_the_file_s_own_standard_headers(tmp_path):
    files = {"s/pool.h": "#pragma once\n#include <chrono>\n#include <thread>\nclass pool {};\n",
             "s/async.h": "#pragma once\n#include <s/pool.h>\nclass async_logger {};\n"}
    served = served_tree(tmp_path / "r", files)
    d = served.call("list_dependencies", path="s/pool.h", direction="dependents")
    assert "s/async.h" in d.text and "chrono" not in d.text and "standard library" not in d.text, d.text
    b = served.call("list_dependencies", path="s/pool.h")
    assert "chrono" in b.text, b.text
    a = served.call("list_dependencies", path="s/async.h")
    assert "  2: s/pool.h" in a.text and "-> s/pool.h" not in a.text, a.text  # the file named once, not twice


def test_a_cpp_method_named_like_a_loop_macro_stays_a_method():
    from contexteer.indexers import extract, languages

    src = (b"SPDLOG_INLINE void backtracer::foreach_pop(std::function<void(const log_msg &)> fun)\n{\n"
           b"    while (!messages_.empty())\n    {\n        fun(messages_.front());\n    }\n}\n")
    names = [s[1] for s in extract.extract(src, languages.BY_NAME["cpp"]).symbols]
    assert names == ["backtracer.foreach_pop"], names  # was `backtracer.while` (the spdlog A/B run 103)


def test_callers_at_depth_follow_a_base_class_calling_the_override_on_itself(tmp_path):
    served = served_tree(tmp_path / "r", _RUN101)
    c = served.call("find_related", symbol="rot_sink.rotate_", relation="callers", depth=3)
    rows = [(i["qualname"], i["lines"], i["depth"]) for i in c.data["items"]]
    assert ("base_sink.log", [10], 2) in rows, c.text  # rotate_ <- sink_it_ <- base_sink::log (was left out)


def test_cpp_uses_view_names_members_called_on_values_of_an_included_class(tmp_path):
    files = {
        "s/logger.h": "#pragma once\nnamespace spdlog {\nclass logger\n{\npublic:\n    void set_level(int l);\n};\n}\n",
        "s/registry.h": ("#pragma once\n#include <memory>\nnamespace spdlog {\nclass logger;\nclass registry\n{\npublic:\n"
                         "    void set_level(int l);\n    void initialize_logger(std::shared_ptr<logger> new_logger);\n"
                         "private:\n    int level_;\n};\n}\n"),
        "s/registry-inl.h": ("#pragma once\n#include \"registry.h\"\n#include \"logger.h\"\nnamespace spdlog {\n"
                             "SPDLOG_INLINE void registry::set_level(int l)\n{\n    level_ = l;\n}\n"
                             "SPDLOG_INLINE void registry::initialize_logger(std::shared_ptr<logger> new_logger)\n{\n"
                             "    new_logger->set_level(level_);\n}\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    u = served.call("list_dependencies", path="s/registry-inl.h", view="uses")
    rows = {ln.split()[0]: ln for ln in u.text.splitlines() if ln.startswith("  ")}
    assert "logger.set_level (logger.h:6) at 11" in rows.get("3", ""), u.text  # `new_logger->set_level(..)`
    rows = u.text.split("\nthe lines above are in:")[0]  # (the functions the lines sit in follow the rows)
    assert "registry.set_level" not in rows and "registry.level_ (registry.h:11) at 7,11" in rows, u.text


def test_a_call_of_a_global_namespace_function_is_no_caller_of_a_method_of_that_name(tmp_path):
    # spdlog run 311: os-inl.h's `::open(filename, O_CREAT | ..)` (the POSIX call) was a name-only caller of
    # file_helper::open
    files = {
        "spdlog/file_helper.h": ("#pragma once\nnamespace spdlog {\nclass file_helper\n{\npublic:\n"
                                 "    void open(const char *fname, bool truncate);\n};\n}\n"),
        "spdlog/file_helper-inl.h": ("#pragma once\n#include \"file_helper.h\"\nnamespace spdlog {\n"
                                     "inline void file_helper::open(const char *fname, bool truncate)\n{\n}\n}\n"),
        "spdlog/os-inl.h": ("#pragma once\n#include <fcntl.h>\nnamespace spdlog {\nnamespace os {\n"
                            "inline bool fopen_s(const char *filename)\n{\n    const int fd = ::open(filename, O_CREAT);\n"
                            "    return fd == -1;\n}\n}\n}\n"),
        "spdlog/sink.h": ("#pragma once\n#include \"file_helper.h\"\nnamespace spdlog {\nclass sink\n{\npublic:\n"
                          "    void start(const char *f)\n    {\n        helper_.open(f, false);\n    }\n\n"
                          "private:\n    file_helper helper_;\n};\n}\n"),
    }
    s = served_tree(tmp_path, files)
    a = s.call("find_related", symbol="file_helper.open", relation="callers")
    assert not a.is_error, a.text
    sites = {(i["path"], i["lines"][0]) for i in a.data["items"]}
    assert ("spdlog/sink.h", 9) in sites, a.text
    assert not any(p == "spdlog/os-inl.h" for p, _ in sites), a.text


def test_an_implementations_row_says_a_cpp_class_is_final(tmp_path):
    # spdlog run 311: `class basic_file_sink final : public base_sink<Mutex>` showed no `final` (searched for)
    files = {"s/sink.h": ("#pragma once\nclass sink\n{\npublic:\n    virtual void log(int m) = 0;\n};\n\n"
                          "template<typename Mutex>\nclass file_sink final : public sink\n{\npublic:\n"
                          "    void log(int m) override {}\n};\n\nclass final_base_sink : public sink\n{\npublic:\n"
                          "    void log(int m) override {}\n};\n")}
    s = served_tree(tmp_path, files)
    a = s.call("find_related", symbol="sink", relation="implementations")
    assert "final class file_sink" in a.text, a.text
    assert "final class final_base_sink" not in a.text and "class final_base_sink" in a.text, a.text


def test_a_call_qualified_by_another_class_template_is_not_a_caller(tmp_path):
    # spdlog run 345: dup_filter_sink's `dist_sink<Mutex>::sink_it_(msg)` was a name-only caller of logger::sink_it_
    files = {
        "inc/logger.h": "namespace s {\nclass logger {\npublic:\n    void log(int m) { sink_it_(m); }\nprotected:\n"
                        "    virtual void sink_it_(int m);\n};\n}\n",
        "inc/logger-inl.h": "#include \"logger.h\"\nnamespace s {\nvoid logger::sink_it_(int m) {\n}\n}\n",
        "inc/dist_sink.h": "namespace s {\ntemplate<typename Mutex>\nclass dist_sink {\nprotected:\n"
                           "    void sink_it_(int m) {}\n};\n}\n",
        "inc/dup_filter_sink.h": "#include \"dist_sink.h\"\nnamespace s {\ntemplate<typename Mutex>\n"
                                "class dup_filter_sink : public dist_sink<Mutex> {\nprotected:\n"
                                "    void sink_it_(int m) {\n        dist_sink<Mutex>::sink_it_(m);\n    }\n};\n}\n",
    }
    served = served_tree(tmp_path / "r", files)
    a = served.call("find_related", symbol="logger.sink_it_", relation="callers")
    assert not a.is_error, a.text
    assert "1 calling definition" in a.text.splitlines()[0] and "name only" not in a.text, a.text
    assert "dup_filter_sink.h:7" not in a.text.split("left out", 1)[0], a.text
    b = served.call("find_related", symbol="dist_sink.sink_it_", relation="callers")
    assert "inc/dup_filter_sink.h:7 in dup_filter_sink.sink_it_" in b.text, b.text
