"""What the review of stop 50's diff found, each reproduced with the server on real code first: a Java constant read
as a receiver (`KEY.ordinal()`, recorded as a `type` reference) lost as a caller; a JS constant holding a class lost
its `new X()` callers; C# enum members counted `X.Public` of any enum; Ruby outside-library constants claimed the
repository's own; C# properties with attribute arguments labelled fields; a Python method named `final` marked
final; a depth walk's cycle row counted as "listed twice"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_a_java_constant_read_as_a_receiver_keeps_its_callers(tmp_path):
    # Commons Collections' DataElement.KEY (`rootNode[KEY.ordinal()]`), jsoup's `NTH_AB.matcher(argS)`
    served = served_tree(tmp_path / "r", {"src/Tree.java": (
        "class Tree {\n    enum DataElement { KEY, VALUE }\n    static final java.util.regex.Pattern NTH_AB = null;\n"
        "    Object[] root = new Object[2];\n    void clear() {\n        root[DataElement.KEY.ordinal()] = null;\n"
        "        NTH_AB.matcher(\"x\");\n    }\n    DataElement keep;\n}\n")})
    k = served.call("find_related", symbol="NTH_AB", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in k.data["items"]] == [("Tree.clear", (7,))], k.text


def test_a_js_constant_holding_a_class_is_built_by_new(tmp_path):
    # RxJS's `export const EmptyError = createErrorClass(..)`, built by `new EmptyError()` in firstValueFrom
    served = served_tree(tmp_path / "r", {
        "src/EmptyError.ts": "export const EmptyError = createErrorClass((s) => function impl() {});\n"
                             "function createErrorClass(f: any): any { return f; }\n",
        "src/first.ts": "import { EmptyError } from './EmptyError';\n\nexport function first() {\n    throw new EmptyError();\n}\n",
    })
    c = served.call("find_related", symbol="EmptyError", path="src/EmptyError.ts:1", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in c.data["items"]] == [("first", (4,))], c.text


def test_a_csharp_enum_member_is_read_through_its_own_enum_only(tmp_path):
    # pythonnet's MaybeMethodFlags.Public: 26 "call sites", almost all BindingFlags.Public and MethodAttributes.Public
    served = served_tree(tmp_path / "r", {
        "src/Flags.cs": "namespace Py\n{\n    enum MaybeMethodFlags { Public = 1, Static = 2 }\n}\n",
        "src/Use.cs": ("using System.Reflection;\n\nnamespace Py\n{\n    class Use\n    {\n        int Go()\n        {\n"
                       "            var f = BindingFlags.Public | BindingFlags.Instance;\n"
                       "            var g = MaybeMethodFlags.Public;\n            return 0;\n        }\n    }\n}\n"),
    })
    c = served.call("find_related", symbol="MaybeMethodFlags.Public", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in c.data["items"]] == [("Use.Go", (10,))], c.text


def test_a_ruby_outside_require_does_not_claim_the_repositorys_own_constant(tmp_path):
    # rack's `require 'webrick/https'` had claimed `env[HTTPS]` (Rack::HTTPS); sequel's interpolated
    # `require "sequel/plugins/#{plugin}"` claimed Plugins
    served = served_tree(tmp_path / "r", {
        "lib/rack.rb": "module Rack\n  HTTPS = 'HTTPS'\nend\n",
        "lib/rack/handler/server.rb": ("require 'webrick'\nrequire 'webrick/https'\nrequire \"sequel/plugins/#{name}\"\n\n"
                                        "module Rack\n  class Handler\n    def serve(env)\n      s = WEBrick::HTTPServer.new\n"
                                        "      env[HTTPS]\n      Plugins.load\n    end\n  end\nend\n"),
    })
    u = served.call("list_dependencies", path="lib/rack/handler/server.rb", view="uses")
    rows = {line.split(":", 1)[0].strip(): line for line in u.text.splitlines()[1:]}
    assert "WEBrick" in rows["1 webrick [standard library]"], u.text
    assert "HTTPS at" not in u.text and "Plugins at" not in u.text, u.text


def test_a_csharp_property_with_an_attribute_argument_is_a_property(tmp_path):
    served = served_tree(tmp_path / "r", {"src/Model.cs": (
        "namespace Shop\n{\n    public class Model\n    {\n"
        "        [JsonProperty(Required = Required.Always)]\n        public string Name { get; set; }\n"
        "        [DefaultValue(Value = 3)] public int Level { get; set; } = 3;\n        public int count = 1;\n    }\n}\n")})
    assert "property Shop.Model.Name" in served.call("search_symbol", query="Model.Name").text
    assert "property Shop.Model.Level" in served.call("search_symbol", query="Model.Level").text
    assert "field Shop.Model.count" in served.call("search_symbol", query="Model.count").text


def test_a_python_method_named_final_is_not_marked_final_and_a_cycle_is_counted_apart(tmp_path):
    served = served_tree(tmp_path / "r", {
        "stages.py": ("class Stage:\n    def final(self):\n        pass\n\n    def run(self):\n        pass\n\n\n"
                      "class Last(Stage):\n    def final(self):\n        pass\n\n    def run(self):\n        pass\n"),
        "m.py": "def alpha(n):\n    return beta(n)\n\n\ndef beta(n):\n    return alpha(n - 1)\n\n\ndef gamma():\n    return alpha(1)\n",
    })
    i = served.call("find_related", symbol="Stage", relation="implementations")
    assert "overrides final 10, run 13" in i.text, i.text
    c = served.call("find_related", symbol="alpha", relation="callers", depth=2)
    assert "listed twice" not in c.text and "(1 of them back to alpha: a cycle)" in c.text, c.text


def test_a_python_dunder_bound_by_assignment_is_among_what_a_subclass_adds(tmp_path):
    # Jinja2 run 335: StrictUndefined's `__contains__ = Undefined._fail_with_undefined_error` was missing from its row
    served = served_tree(tmp_path / "r", {"runtime.py": (
        "class Undefined:\n    __slots__ = ()\n\n    def _fail(self, *a):\n        raise ValueError\n\n    def __iter__(self):\n"
        "        yield from ()\n\n\nclass StrictUndefined(Undefined):\n    __slots__ = ()\n    __iter__ = Undefined._fail\n"
        "    __contains__ = Undefined._fail\n")})
    i = served.call("find_related", symbol="Undefined", relation="implementations")
    assert "adds __contains__ 14 (= Undefined._fail)" in i.text and "__slots__ 12 (a field); adds" in i.text, i.text
