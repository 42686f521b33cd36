"""cordova A/B run 230: the outline of CoreAndroid.java said its execute(String, JSONArray, CallbackContext) overrides
CordovaPlugin's execute(String, String, CallbackContext), the first of two three-parameter overloads."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/p/Plugin.java": (
        "package p;\n\npublic class Plugin {\n"
        "    public boolean execute(String action, String rawArgs, Callback cb) {\n        return false;\n    }\n\n"
        "    public boolean execute(String action, JSONArray args, Callback cb) {\n        return false;\n    }\n\n"
        "    public boolean execute(String action, CordovaArgs args, Callback cb) {\n        return false;\n    }\n}\n"
    ),
    "src/p/Core.java": (
        "package p;\n\npublic class Core extends Plugin {\n"
        "    @Override\n    public boolean execute(String action, final org.json.JSONArray args, Callback cb) {\n"
        "        return true;\n    }\n}\n"
    ),
}


def test_an_overload_overrides_the_base_method_of_its_parameter_types(tmp_path):
    s = served_tree(tmp_path, _FILES)
    s.call("search_symbol", query="Plugin")  # (the whole index built: an outline alone parses its own file first)
    a = s.call("get_structured_index", path="src/p/Core.java")
    assert "[overrides p.Plugin.execute src/p/Plugin.java:8]" in a.text, a.text


def test_an_array_parameter_is_another_overload_than_its_element(tmp_path):
    # review of 781db65: Json.NET's JsonTextWriter.WriteValue(byte[]) was said to override WriteValue(byte)
    files = {
        "src/Writer.cs": ("public abstract class Writer\n{\n    public virtual void WriteValue(byte value)\n    {\n    }\n\n"
                          "    public virtual void WriteValue(byte[] value)\n    {\n    }\n}\n"),
        "src/Text.cs": ("public class Text : Writer\n{\n    public override void WriteValue(byte[] value)\n    {\n    }\n}\n"),
    }
    s = served_tree(tmp_path, files)
    s.call("search_symbol", query="Writer")
    a = s.call("get_structured_index", path="src/Text.cs")
    assert "[overrides Writer.WriteValue src/Writer.cs:7]" in a.text, a.text
