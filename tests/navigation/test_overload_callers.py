"""Callers of one of several overloads (Java, C#, C++): Capacitor's `call.resolve()` was listed among the callers of
`resolve(JSObject data)`, though only the no-argument overload takes no argument. A call is the overload its argument
count fits; the others are left out with a note naming the overload they call."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_JAVA = {
    "src/PluginCall.java": ("package p;\n\npublic class PluginCall {\n"
                            "    public void resolve(JSObject data) {\n        send(data);\n    }\n\n"
                            "    public void resolve() {\n        send(null);\n    }\n\n"
                            "    public void reject(String msg, String... rest) {}\n\n"
                            "    public void reject(String msg, Exception ex, JSObject data, int code) {}\n\n"
                            "    void send(JSObject d) {}\n}\n"),
    "src/Plugin.java": ("package p;\n\npublic class Plugin {\n"
                        "    void ok(PluginCall call) {\n        call.resolve();\n    }\n\n"
                        "    void data(PluginCall call, JSObject d) {\n        call.resolve(d);\n    }\n\n"
                        "    void both(PluginCall call) {\n        call.resolve(new JSObject());\n        call.resolve();\n    }\n\n"
                        "    void multi(PluginCall call, JSObject d) {\n        call.resolve(\n            d);\n    }\n\n"
                        "    void fail(PluginCall call, Exception e) {\n        call.reject(\"a\");\n"
                        "        call.reject(\"a\", \"b\", \"c\");\n        call.reject(\"a\", e, null, 3);\n    }\n}\n"),
    "src/JSObject.java": "package p;\n\npublic class JSObject {}\n",
}


def test_callers_of_one_overload_leave_out_the_others_calls(tmp_path):
    served = served_tree(tmp_path / "r", _JAVA)
    one = served.call("find_related", symbol="PluginCall.resolve", path="src/PluginCall.java:4", relation="callers")
    rows = {(i["qualname"], tuple(i["lines"])) for i in one.data["items"]}
    # (a call over two lines counted whole)
    assert rows == {("Plugin.data", (9,)), ("Plugin.both", (13,)), ("Plugin.multi", (18,))}, one.text
    assert "2 calls of another overload left out, by their arguments: resolve() 2 (src/Plugin.java:5 in Plugin.ok, " \
           "src/Plugin.java:14 in Plugin.both)" in one.text, one.text
    none = served.call("find_related", symbol="PluginCall.resolve", path="src/PluginCall.java:8", relation="callers")
    assert {(i["qualname"], tuple(i["lines"])) for i in none.data["items"]} == {("Plugin.ok", (5,)), ("Plugin.both", (14,))}, none.text
    assert ("resolve(JSObject data) 3 (src/Plugin.java:9 in Plugin.data, src/Plugin.java:13 in Plugin.both, "
            "src/Plugin.java:18 in Plugin.multi)") in none.text, none.text
    # varargs take one argument or more; the four-parameter overload takes four
    var = served.call("find_related", symbol="PluginCall.reject", path="src/PluginCall.java:12", relation="callers")
    assert [tuple(i["lines"]) for i in var.data["items"]] == [(23, 24)], var.text
    assert "reject(String msg, Exception ex, JSObject data, int code) 1 (src/Plugin.java:25 in Plugin.fail)" in var.text, var.text


def test_csharp_overload_with_a_default_value(tmp_path):
    files = {"Conv.cs": ("namespace N\n{\n    public static class Conv\n    {\n"
                         "        public static int ToInt(string s, int fallback = 0) { return fallback; }\n"
                         "        public static int ToInt(string s, int fallback, bool strict, bool trim) { return 1; }\n"
                         "    }\n\n    public class User\n    {\n"
                         "        public int A() { return Conv.ToInt(\"1\"); }\n"
                         "        public int B() { return Conv.ToInt(\"1\", 2); }\n"
                         "        public int C() { return Conv.ToInt(\"1\", 2, true, false); }\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    r = served.call("find_related", symbol="Conv.ToInt", path="Conv.cs:5", relation="callers")
    assert {i["qualname"] for i in r.data["items"]} == {"User.A", "User.B"}, r.text
    assert "ToInt(string s, int fallback, bool strict, bool trim) 1 (Conv.cs:13 in User.C)" in r.text, r.text


def test_no_caller_of_one_overload_says_how_many_the_others_have(tmp_path):
    # expo run 349 asked the callers of three top-level `convert` overloads one by one
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "k", {
        "src/main/java/a/Conv.kt": "package a\n\nfun convert(value: String): Int = 1\n\nfun convert(value: Int): Int = 2\n\n"
                                   "fun convert(value: Long, radix: Int): Int = 3\n",
        "src/main/java/a/Use.kt": "package a\n\nfun use(): Int = convert(5L, 10)\n\nfun use2(): Int = convert(5L, 16)\n",
    })
    a = served.call("find_related", symbol="convert", relation="callers", path="src/main/java/a/Conv.kt:3")
    assert not a.is_error, a.text
    assert "its other overloads: line 5: 0 call sites, line 7: 2 call sites" in a.text, a.text
