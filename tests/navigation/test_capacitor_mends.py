"""What the Capacitor (Java) A/B run 109 stumbled on: callees naming one overload for every call of a name
(`Logger.verbose(tag, msg)` read as verbose(String), `Logger.error(msg, ex)` as error(String), `new JSObject()` as the
String constructor); callers counting a comma inside a string literal as an argument (`"Wed, 31 Dec 2000"`), an
overload calling another overload as "recursive", a field of android.webkit.CookieManager as the java.net
CookieManager the class extends, and `CookieManager.getInstance().setCookie(..)` of an imported library class."""

from __future__ import annotations

from tests.conftest import grouped_hits
from tests.navigation.conftest import served_tree

_P = "src/com/cap/"
_FILES = {
    _P + "Logger.java": ("package com.cap;\n\npublic class Logger {\n"
                         "    public static void verbose(String message) {\n        verbose(\"core\", message);\n    }\n\n"
                         "    public static void verbose(String tag, String message) {\n    }\n\n"
                         "    public static void error(String message) {\n    }\n\n"
                         "    public static void error(String message, Throwable e) {\n    }\n}\n"),
    _P + "JSObject.java": ("package com.cap;\n\npublic class JSObject {\n    public JSObject() {\n    }\n\n"
                           "    public JSObject(String json) {\n    }\n}\n"),
    _P + "MessageHandler.java": ("package com.cap;\n\npublic class MessageHandler {\n"
                                 "    public void postMessage(String jsonStr) {\n        try {\n"
                                 "            JSObject data = new JSObject(jsonStr);\n"
                                 "            Logger.verbose(\n                \"tag\",\n                \"a, b: \" +\n"
                                 "                    jsonStr\n            );\n"
                                 "            JSObject none = new JSObject();\n            Logger.error(\"x\");\n"
                                 "        } catch (Exception ex) {\n            Logger.error(\"Post message error:\", ex);\n        }\n    }\n}\n"),
    _P + "CookieManager2.java": ("package com.cap;\n\nimport java.net.CookieManager;\n\n"
                                 "public class CookieManager2 extends CookieManager {\n"
                                 "    private final android.webkit.CookieManager webkit = null;\n\n"
                                 "    public void setCookie(String url, String value) {\n        webkit.setCookie(url, value);\n    }\n\n"
                                 "    public void setCookie(String url, String key, String value) {\n"
                                 "        setCookie(url, key + \"=\" + value);\n    }\n\n"
                                 "    @Override\n    public void put(String uri, String headers) {\n    }\n}\n"),
    _P + "Cookies.java": ("package com.cap;\n\npublic class Cookies {\n    CookieManager2 cookieManager;\n\n"
                          "    void clear(String url, String key) {\n"
                          "        cookieManager.setCookie(url, key + \"=; Expires=Wed, 31 Dec 2000 23:59:59 GMT\");\n    }\n\n"
                          "    void keep(java.util.Map<String, String> store) {\n        store.put(\"a\", \"b\");\n    }\n}\n"),
    _P + "Proxy.java": ("package com.cap;\n\nimport android.webkit.CookieManager;\n\npublic class Proxy {\n"
                        "    void proxy(String u, String c) { CookieManager.getInstance().setCookie(u, c); }\n}\n"),
    _P + "cordova/CordovaCookies.java": ("package com.cap.cordova;\n\nimport android.webkit.CookieManager;\n\n"
                                         "public class CordovaCookies {\n    private final CookieManager cookieManager = null;\n\n"
                                         "    public void setCookie(String url, String value) {\n        cookieManager.setCookie(url, value);\n"
                                         "        CookieManager.getInstance().setCookie(url, value);\n    }\n}\n"),
}


def test_java_overloads_per_call_and_library_namesakes(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    c = served.call("find_related", symbol="MessageHandler.postMessage", relation="callees")
    rows = {(i["qualname"], i["start_line"], tuple(i["lines"])) for i in c.data["items"]}
    assert ("Logger.verbose", 8, (7,)) in rows and ("Logger.error", 11, (13,)) in rows and ("Logger.error", 14, (15,)) in rows, c.text
    assert "constructor 7-8 (String json) at 6; constructor 4-5 () at 12" in c.text, c.text
    r = served.call("find_related", symbol="CookieManager2.setCookie", path=_P + "CookieManager2.java:8", relation="callers")
    got = {(i["path"].rsplit("/", 1)[-1], tuple(i["lines"])) for i in r.data["items"]}
    # the string's comma is no argument; the three-parameter overload's call is this one's
    assert got == {("Cookies.java", (7,)), ("CookieManager2.java", (13,))}, r.text
    assert "CordovaCookies.java:9" in r.text and "CordovaCookies.java:10" in r.text and "left out" in r.text, r.text
    three = served.call("find_related", symbol="CookieManager2.setCookie", path=_P + "CookieManager2.java:12", relation="callers")
    assert three.data["items"] == [] and "recursive" not in three.text, three.text


def test_a_method_overriding_a_library_class_says_the_library_calls_it(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    p = served.call("find_related", symbol="CookieManager2.put", relation="callers")
    assert p.data["items"] == [], p.text  # `store.put(..)` on a java.util.Map is the Map's
    assert "put overrides a method of CookieManager, from outside the repository: the library calls it" in p.text, p.text


def test_a_java_types_references_include_locals_loops_casts_and_qualified_uses(tmp_path):
    files = {"src/p/Mask.java": ("package p;\n\nimport java.util.List;\n\npublic interface Mask {\n    boolean matches(String h);\n\n"
                                 "    class Parser {\n        public static Mask parse(String m) { return null; }\n    }\n}\n"),
             "src/p/User.java": ("package p;\n\npublic class User {\n    boolean any(List<? extends Mask> masks, Object o) {\n"
                                 "        for (Mask m : masks) {\n            Mask x = Mask.Parser.parse(\"a\");\n"
                                 "            if (o instanceof Mask) { return ((Mask) o).matches(\"h\"); }\n"
                                 "            Class<?> c = Mask.class;\n            Mask[] all = null;\n        }\n        return false;\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    s = served.call("search_symbol", query="Mask", kind="interface", references=True)
    lines = {n for path, n, _ in grouped_hits(s.text) if path == "src/p/User.java"}
    assert lines == {4, 5, 6, 7, 8, 9}, s.text  # a wildcard, a loop, a local and a qualified call, instanceof and a cast, a class literal, an array


def test_references_of_an_overloaded_name_say_which_overload_each_calls(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    s = served.call("search_symbol", query="setCookie", references=True)
    row = {f"{path.rsplit('/', 1)[-1]}:{n}": r for path, n, r in grouped_hits(s.text)}
    assert row["Cookies.java:7"].endswith("-> CookieManager2.setCookie(String url, String value)"), s.text
    assert row["CookieManager2.java:13"].endswith("-> CookieManager2.setCookie(String url, String value)"), s.text
    assert row["Proxy.java:6"].endswith("-> none of these (another type's method)"), s.text


def test_a_methods_references_leave_out_the_namesake_calls_it_makes_on_other_values(tmp_path):
    # Capacitor run 348: Bridge.registerForActivityResult's references counted the AndroidX
    # `fragment.registerForActivityResult(..)` and `context.registerForActivityResult(..)` inside it
    from tests.navigation.conftest import served_tree as _served
    served = _served(tmp_path / "c", {
        "src/main/java/a/Bridge.java": "package a;\n\npublic class Bridge {\n    private Fragment fragment;\n\n"
                                       "    public Object registerForActivityResult(Object c) {\n"
                                       "        return fragment.registerForActivityResult(c);\n    }\n\n"
                                       "    public Object again(Object c) {\n        return this.registerForActivityResult(c);\n    }\n}\n",
        "src/main/java/a/Plugin.java": "package a;\n\npublic class Plugin {\n    private Bridge bridge;\n\n"
                                       "    void init() {\n        bridge.registerForActivityResult(null);\n    }\n}\n",
    })
    a = served.call("search_symbol", query="Bridge.registerForActivityResult", references=True)
    assert not a.is_error, a.text
    assert "fragment.registerForActivityResult" not in a.text, a.text
    assert "bridge.registerForActivityResult(null)" in a.text and "this.registerForActivityResult(c)" in a.text, a.text
