"""What the review of this stop's overload and C#/Java changes found (old 366fbd6 vs new, 17 repositories): a Kotlin or
Swift trailing lambda is an argument (expo's `Function("uuidv4") { .. }` had been moved to `Function(name: String)`);
`Assertions.assertNotNull(x).m()` hands back its argument; a `catch (T e)` is no call of a method named T; C#
`nameof(x)` calls nothing; a C++ namespace function reads as its body, whichever include comes first; callees say
when the arguments cannot tell an overload; a subclass's own overload takes `this.Equals(f64)`."""

from __future__ import annotations

import re

from tests.navigation.conftest import served_tree


def test_kotlin_and_swift_trailing_lambdas_count_as_an_argument(tmp_path):
    files = {
        "src/Builder.kt": ("package x\n\nclass Builder {\n    fun Function(name: String) {}\n\n"
                           "    fun <R> Function(name: String, body: () -> R) {}\n}\n"),
        "src/Core.kt": ("package x\n\nclass Core(val b: Builder) {\n    fun definition() {\n"
                        "        b.Function(\"uuidv4\") {\n            1\n        }\n        b.Function(\"plain\")\n    }\n}\n"),
        "ios/Factories.swift": ("func Constant(_ name: String) -> Int { return 0 }\n\n"
                                "func Constant<Value>(_ name: String, get: @escaping () -> Value) -> Int { return 1 }\n"),
        "ios/Module.swift": "func define() {\n    Constant(\"version\") {\n        \"1\"\n    }\n    Constant(\"bare\")\n}\n",
    }
    served = served_tree(tmp_path / "r", files)
    body = served.call("find_related", symbol="Builder.Function", path="src/Builder.kt:6", relation="callers")
    assert [tuple(i["lines"]) for i in body.data["items"]] == [(5,)], body.text
    plain = served.call("find_related", symbol="Builder.Function", path="src/Builder.kt:4", relation="callers")
    assert [tuple(i["lines"]) for i in plain.data["items"]] == [(8,)], plain.text
    swift = served.call("find_related", symbol="Constant", path="ios/Factories.swift:3", relation="callers")
    assert [tuple(i["lines"]) for i in swift.data["items"]] == [(2,)], swift.text


def test_java_identity_helpers_catch_types_and_undecided_overloads(tmp_path):
    files = {
        "src/q/MessageQueueThread.java": "package q;\n\npublic interface MessageQueueThread {\n    void runOnQueue(Runnable r);\n}\n",
        "src/q/Impl.java": "package q;\n\npublic class Impl implements MessageQueueThread {\n    public void runOnQueue(Runnable r) {}\n}\n",
        "src/q/Ctx.java": ("package q;\n\nimport com.facebook.infer.annotation.Assertions;\n\npublic class Ctx {\n"
                           "    private MessageQueueThread mThread;\n\n    void run(Runnable r) {\n"
                           "        Assertions.assertNotNull(mThread).runOnQueue(r);\n"
                           "        try { r.run(); } catch (EventDispatcher e) { }\n    }\n}\n"),
        "src/q/Scope.java": "package q;\n\npublic class Scope {\n    public void EventDispatcher(String name) {}\n}\n",
        "src/q/JSObject.java": ("package q;\n\npublic class JSObject {\n    public JSObject put(String key, boolean value) { return this; }\n\n"
                                "    public JSObject put(String key, String value) { return this; }\n}\n"),
        "src/q/Handler.java": ("package q;\n\npublic class Handler {\n    void request(JSObject headers, Config c) {\n"
                               "        headers.put(\"a\", \"b\");\n        headers.put(\"User-Agent\", c.agent());\n    }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="Impl.runOnQueue", relation="callers")
    assert [(i["path"], tuple(i["lines"])) for i in r.data["items"]] == [("src/q/Ctx.java", (9,))], r.text
    e = served.call("find_related", symbol="Scope.EventDispatcher", relation="callers")
    assert e.data["items"] == [], e.text  # `catch (EventDispatcher e)` names a type
    c = served.call("find_related", symbol="Handler.request", relation="callees")
    assert "JSObject.put(String, String) 6-6 called at 5" in c.text and "called at 6 (overload not told by the arguments)" in c.text, c.text


def test_csharp_nameof_calls_nothing_and_a_subclass_overload_takes_this_calls(tmp_path):
    files = {
        "src/PyObject.cs": ("namespace Py\n{\n    public class PyObject\n    {\n"
                            "        internal bool Equals(BorrowedReference other) { return true; }\n"
                            "        public void SetItem(string key, object value)\n        {\n"
                            "            if (key is null) throw new System.ArgumentNullException(nameof(key));\n        }\n    }\n\n"
                            "    public struct BorrowedReference { }\n}\n"),
        "src/PyFloat.cs": ("namespace Py\n{\n    public class PyFloat : PyObject\n    {\n"
                           "        public bool Equals(double other) { return true; }\n"
                           "        public bool Same(double f64) { return this.Equals(f64); }\n"
                           "        public bool Raw(BorrowedReference r) { return this.Equals(r); }\n    }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    k = served.call("find_related", symbol="PyObject.SetItem", relation="callees")
    assert "key" not in " ".join(k.data.get("local") or []), k.text
    eq = served.call("find_related", symbol="PyObject.Equals", relation="callers")
    # `this.Equals(f64)` is PyFloat's own Equals(double) (a double is no BorrowedReference); `this.Equals(r)` the base's
    assert [tuple(i["lines"]) for i in eq.data["items"]] == [(7,)], eq.text


def test_a_java_call_on_an_imported_library_class_is_not_the_repositorys_namesake(tmp_path):
    files = {"src/c/LOG.java": "package c;\n\npublic class LOG {\n    public static void i(String tag, String s) {}\n}\n",
             "src/c/Uses.java": ("package c;\n\nimport android.util.Log;\n\npublic class Uses {\n    void f() {\n"
                                 "        Log.i(\"t\", \"a\");\n        LOG.i(\"t\", \"b\");\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="LOG.i", relation="callers")
    assert [tuple(i["lines"]) for i in r.data["items"]] == [(8,)], r.text  # android.util.Log.i is the library's


def test_arguments_counted_past_lambdas_comments_named_arguments_and_if_blocks(tmp_path):
    """The second review: a lambda's arrow closed no bracket (`() -> { f(a, b); }` read as three arguments), braces and
    `//` comments inside an argument list were counted, a positional argument after a named one in its own place and a
    Swift trailing closure after labels were refused, an `if let x = f(..) {` block read as a trailing closure, and a
    subclass's same-count overload took a call its argument types do not fit."""
    files = {
        "src/q/Queue.java": "package q;\n\npublic class Queue {\n    public void runOnQueue(Runnable r) {}\n}\n",
        "src/q/Use.java": ("package q;\n\npublic class Use {\n    void f(Queue q, int a) {\n        q.runOnQueue(() -> {\n"
                           "            g(a, a, a);\n        });\n        q.runOnQueue(new Runnable() { public void run() { g(a, a); } });\n"
                           "        q.runOnQueue(make(a, // a comment, with commas\n            a));\n    }\n"
                           "    static Runnable make(int x, int y) { return null; }\n    static void g(int... xs) {}\n}\n"),
        "src/q/Base.java": "package q;\n\npublic class Base {\n    public void setAlign(Align a) {}\n}\n",
        "src/q/Sub.java": ("package q;\n\npublic class Sub extends Base {\n    public void setAlign(String s) {}\n\n"
                           "    void init() {\n        setAlign(Align.START);\n    }\n}\n"),
        "k/Ex.kt": ("package k\n\nopen class CodedException(code: String, message: String?, cause: Throwable?) {\n"
                    "    constructor(message: String) : this(\"c\", message, null)\n}\n\n"
                    "class Wrap(c: Throwable) : CodedException(\"x\", message = \"m\", c)\n"),
        "ios/Conv.swift": ("func convert(from value: Any, appContext: Int) -> Int { return 0 }\n\n"
                           "func use(v: Any) {\n    if let p = try? convert(from: v, appContext: 1) {\n        print(p)\n    }\n}\n"),
    }
    served = served_tree(tmp_path / "r", files)
    run = served.call("find_related", symbol="Queue.runOnQueue", relation="callers")
    assert sorted(n for i in run.data["items"] for n in i["lines"]) == [5, 8, 9], run.text
    base = served.call("find_related", symbol="Base.setAlign", relation="callers")
    assert [tuple(i["lines"]) for i in base.data["items"]] == [(7,)], base.text  # Align.START fits no setAlign(String)
    swift = served.call("find_related", symbol="convert", path="ios/Conv.swift", relation="callers")
    assert [tuple(i["lines"]) for i in swift.data["items"]] == [(4,)], swift.text


def test_a_capped_text_search_gives_the_total_and_search_symbol_says_what_a_kind_filter_hid(tmp_path):
    files = {"a.cs": "namespace N\n{\n    static class Ext\n    {\n"
                     "        public static int Borrow(this in NewReference r) { return 0; }\n"
                     "        static bool DecodableByUser(int t) { return true; }\n    }\n"
                     "    public struct NewReference { }\n}\n",
             "b.txt": "hit\nhit\nhit\n", "c.txt": "hit\n"}
    served = served_tree(tmp_path / "r", files)
    t = served.call("search_text", pattern="hit", max_results=1)
    assert "stopped at the result cap (4 matching lines in 2 files in all)" in t.text, t.text
    # (Zig run 326: which files the cut hits are in)
    assert re.search(r"past it: (b\.txt \(2\), c\.txt \(1\)|b\.txt \(3\));", t.text), t.text
    s = served.call("search_symbol", query="NewReference.Borrow, DecodableByUser, Ext", kind="class")
    assert "no class named 'NewReference.Borrow', 'DecodableByUser'" in s.text and "'DecodableByUser' is a method" in s.text, s.text
    e = served.call("search_symbol", query="NewReference.Borrow")
    assert "method N.Ext.Borrow" in e.text, e.text  # an extension method asked as a member of the type it extends
