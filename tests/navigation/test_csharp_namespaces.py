"""C# calls the pythonnet A/B questions asked about: a static call on a class of the same namespace needs no using
(`Runtime.Initialize(..)`, `Exceptions.Clear()` in PythonEngine.Initialize were "unresolved"), a partial class
spread over files is one class (its calls were "name only"), `new DelegateManager()` builds the class though the
calling class has a property of that name, and an extension method called on a local of an external type resolves
(`assembly.ReadStringResource(..)`, `versionObj.Borrow()` with `this in NewReference`)."""

from __future__ import annotations

import re

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

_FILES = {
    "src/Runtime.cs": ("namespace Py.Runtime\n{\n    public unsafe partial class Runtime\n    {\n"
                       "        internal static void Initialize(bool initSigs = false) { }\n    }\n}\n"),
    "src/Runtime.Delegates.cs": ("namespace Py.Runtime;\n\npublic unsafe partial class Runtime\n{\n"
                                 "    internal static void Load() { }\n}\n"),
    "src/Native/Exceptions.cs": ("namespace Py.Runtime.Native\n{\n    public static class Exceptions\n    {\n"
                                 "        public static void Clear() { }\n    }\n}\n"),
    "src/Util.cs": ("using System.Reflection;\n\nnamespace Py.Runtime\n{\n    internal static class Util\n    {\n"
                    "        internal static string ReadStringResource(this Assembly assembly, string name) { return name; }\n"
                    "    }\n\n    public readonly ref struct NewReference { }\n\n    public static class NewReferenceExtensions\n    {\n"
                    "        public static int Borrow(this in NewReference reference) { return 0; }\n    }\n}\n"),
    "src/DelegateManager.cs": "namespace Py.Runtime\n{\n    internal class DelegateManager\n    {\n        public DelegateManager() { }\n    }\n}\n",
    "src/Engine.cs": ("using System.Reflection;\nusing Py.Runtime.Native;\n\nnamespace Py.Runtime\n{\n    public class Engine\n    {\n"
                      "        static DelegateManager delegateManager;\n"
                      "        internal static DelegateManager DelegateManager { get { return delegateManager; } }\n\n"
                      "        public static void Initialize(NewReference versionObj)\n        {\n"
                      "            delegateManager = new DelegateManager();\n            Runtime.Initialize(true);\n"
                      "            Exceptions.Clear();\n            Assembly assembly = Assembly.GetExecutingAssembly();\n"
                      "            var code = assembly.ReadStringResource(\"clr.py\");\n            var b = versionObj.Borrow();\n"
                      "        }\n    }\n}\n"),
    "other/Elsewhere.cs": ("namespace Other\n{\n    public class Runtime\n    {\n        public static void Initialize(bool x) { }\n    }\n\n"
                           "    public class User\n    {\n        public void Go() { Runtime.Initialize(true); }\n    }\n}\n"),
}


def test_csharp_calls_across_a_namespace(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    c = served.call("find_related", symbol="Engine.Initialize", relation="callees")
    rows = {(i["qualname"], i["path"]) for i in c.data["items"]}
    assert ("Runtime.Initialize", "src/Runtime.cs") in rows, c.text
    assert ("Exceptions.Clear", "src/Native/Exceptions.cs") in rows, c.text
    assert ("DelegateManager", "src/DelegateManager.cs") in rows and \
           ("Engine.DelegateManager", "src/Engine.cs") not in rows, c.text  # the class, not the property
    assert ("Util.ReadStringResource", "src/Util.cs") in rows and ("NewReferenceExtensions.Borrow", "src/Util.cs") in rows, c.text
    assert "Runtime.Initialize" not in " ".join(c.data.get("unresolved") or []), c.text
    r = served.call("find_related", symbol="Runtime.Initialize", path="src/Runtime.cs", relation="callers")
    assert [(i["qualname"], i["how"]) for i in r.data["items"]] == [("Engine.Initialize", "same package")], r.text
    assert "receiver Runtime" in r.text, r.text  # (a partial class over two files is one class, no namesake)


_ENGINE = {
    "src/Engine.cs": ("namespace Py.Runtime\n{\n    public class Engine\n    {\n"
                      "        public Engine() { Initialize(); }\n"
                      "        public Engine(params string[] args) { Initialize(args); }\n"
                      "        public static void Initialize() { Initialize(setSysArgv: true); }\n"
                      "        public static void Initialize(bool setSysArgv = true, bool initSigs = false)\n        {\n"
                      "            Initialize(new string[0], setSysArgv: setSysArgv, initSigs: initSigs);\n        }\n"
                      "        public static void Initialize(string[] args, bool setSysArgv = true, bool initSigs = false)\n        {\n"
                      "            Registry.Initialize();\n        }\n"
                      "        public static void InitExt() { Initialize(setSysArgv: false); }\n    }\n\n"
                      "    public static class Registry\n    {\n        public static void Initialize() { }\n    }\n}\n"),
}


def test_csharp_overloads_by_named_arguments_defaults_and_argument_types(tmp_path):
    served = served_tree(tmp_path / "r", _ENGINE)
    two = served.call("find_related", symbol="Engine.Initialize", path="src/Engine.cs:8", relation="callers")
    assert {(i["qualname"], tuple(i["lines"])) for i in two.data["items"]} == {("Engine.Initialize", (7,)), ("Engine.InitExt", (16,))}, two.text
    three = served.call("find_related", symbol="Engine.Initialize", path="src/Engine.cs:12", relation="callers")
    assert {(i["qualname"], tuple(i["lines"])) for i in three.data["items"]} == {("Engine.Engine", (6,)), ("Engine.Initialize", (10,))}, three.text
    none = served.call("find_related", symbol="Engine.Initialize", path="src/Engine.cs:7", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in none.data["items"]] == [("Engine.Engine", (5,))], none.text
    reg = served.call("find_related", symbol="Registry.Initialize", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in reg.data["items"]] == [("Engine.Initialize", (14,))], reg.text
    c = served.call("find_related", symbol="Engine.InitExt", relation="callees")
    assert [(i["qualname"], i["start_line"]) for i in c.data["items"]] == [("Engine.Initialize", 8)], c.text


_DERIVED = {
    "src/PyObject.cs": ("namespace Py.Runtime\n{\n    public partial class PyObject\n    {\n"
                        "        public PyObject GetAttr(string name) { return this; }\n"
                        "        public PyObject Invoke(params PyObject[] args) { return this; }\n    }\n}\n"),
    "src/PyObject.IConvertible.cs": "namespace Py.Runtime\n{\n    public partial class PyObject\n    {\n        public int ToInt() { return 0; }\n    }\n}\n",
    "src/NullOnly.cs": "namespace Py.Runtime\n{\n    class NullOnly : PyObject\n    {\n    }\n}\n",
    "src/ClassBase.cs": ("namespace Py.Runtime\n{\n    internal class ClassBase\n    {\n"
                         "        public virtual void InitializeSlots(int t) { }\n        public static void tp_dealloc(int o) { }\n    }\n\n"
                         "    internal class ArrayObject : ClassBase\n    {\n"
                         "        public static void InitializeSlots(int t, int seen) { }\n"
                         "        public new static void tp_dealloc(int o) { }\n    }\n\n"
                         "    internal class ClassObject : ClassBase\n    {\n"
                         "        public override void InitializeSlots(int t) { base.InitializeSlots(t); }\n    }\n}\n"),
    "src/Derived.cs": ("namespace Py.Runtime\n{\n    public class PythonDerivedType\n    {\n"
                       "        public static T InvokeMethod<T>(object obj, string name)\n        {\n"
                       "            using var pyself = new PyObject();\n            using PyObject method = pyself.GetAttr(name);\n"
                       "            method.Invoke();\n            return default;\n        }\n    }\n\n"
                       "    internal class Emitter\n    {\n        static void AddVirtualMethod()\n        {\n"
                       "            var m = typeof(PythonDerivedType).GetMethod(nameof(PythonDerivedType.InvokeMethod));\n"
                       "            var n = nameof(InvokeMethod);\n        }\n    }\n}\n"),
}


def test_csharp_nameof_new_static_members_partial_parts_and_using_locals(tmp_path):
    served = served_tree(tmp_path / "r", _DERIVED)
    refs = served.call("search_symbol", query="PythonDerivedType.InvokeMethod", references=True)
    assert hit_at(refs.text, "src/Derived.cs", 18) and hit_at(refs.text, "src/Derived.cs", 19), refs.text
    # a name is no call: neither a caller of the method nor a local the method calls (`nameof(value)`)
    c = served.call("find_related", symbol="PythonDerivedType.InvokeMethod", relation="callers")
    assert c.data["items"] == [], c.text
    k = served.call("find_related", symbol="Emitter.AddVirtualMethod", relation="callees")
    assert "InvokeMethod" not in " ".join(k.data.get("local") or []), k.text
    impl = served.call("find_related", symbol="ClassBase", relation="implementations")
    rows = {i["qualname"]: i.get("overrides") or [] for i in impl.data["items"]}
    assert rows == {"ArrayObject": [], "ClassObject": ["InitializeSlots"]}, impl.text  # static and `new` members hide, not override
    s = served.call("search_symbol", query="NullOnly")
    assert "class Py.Runtime.NullOnly (internal)" in s.text, s.text
    r = served.call("read_code_range", path="src/Derived.cs", symbol="PythonDerivedType.InvokeMethod", context="semantic")
    uses = r.text.split("── uses ──")[1].split("──")[0]
    assert "IConvertible" not in uses, r.text
    assert "PyObject.GetAttr" in uses and "PyObject.Invoke" in uses, r.text  # locals declared by `using var` / `using PyObject`


_EXTENSIONS = {
    "src/Util.cs": ("using System.Collections.Generic;\n\nnamespace Py.Runtime\n{\n    internal static class Util\n    {\n"
                    "        public static IEnumerable<T> WhereNotNull<T>(this IEnumerable<T?> source)\n        {\n"
                    "            foreach (var x in source) if (x != null) yield return x;\n        }\n    }\n}\n"),
    "src/Binding.cs": ("using System.Linq;\n\nnamespace Py.Runtime\n{\n    internal class Binding\n    {\n"
                       "        object[] Pick(object[] all)\n        {\n"
                       "            var got = all.Select(a =>\n            {\n                return a;\n"
                       "            }).WhereNotNull();\n"
                       "            return all.Where(a => a != null).WhereNotNull().ToArray();\n        }\n\n"
                       "        int Count()\n        {\n            var kept = new Bag();\n"
                       "            return kept.Self().WhereNotNull().Count();\n        }\n    }\n\n"
                       "    internal class Bag : List<object>\n    {\n        public Bag Self() { return this; }\n    }\n}\n"),
}


def test_csharp_extension_method_called_on_an_expression_is_a_caller(tmp_path):
    """pythonnet run 306: `}).WhereNotNull();` in MethodBinding was left out as "another type's method or a function
    of that name" — an extension method is called on whatever value has its type, a LINQ chain's result included."""
    served = served_tree(tmp_path / "r", _EXTENSIONS)
    c = served.call("find_related", symbol="WhereNotNull", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in c.data["items"]] == [("Binding.Pick", (12, 13)), ("Binding.Count", (19,))], c.text
    assert "left out" not in c.text and "in lambda" not in c.text, c.text  # (the call follows the lambda's end)


_PROPS = {
    "src/Engine.cs": ("namespace Py.Runtime\n{\n    public class Engine\n    {\n"
                      "        static DelegateManager delegateManager;\n"
                      "        public static bool DebugGIL { get; set; } = false;\n"
                      "        internal static DelegateManager DelegateManager\n        {\n"
                      "            get { return delegateManager; }\n        }\n"
                      "        public int this[int index] => index;\n"
                      "        public event System.EventHandler Changed;\n"
                      "        public static void Initialize()\n        {\n"
                      "            delegateManager = new DelegateManager();\n        }\n    }\n\n"
                      "    internal class DelegateManager\n    {\n        public int GetDelegate(int t) { return t; }\n    }\n}\n"),
    "src/Use.cs": ("namespace Py.Runtime\n{\n    internal class Use\n    {\n        int Go()\n        {\n"
                   "            var d = Engine.DelegateManager.GetDelegate(1);\n"
                   "            return Engine.DebugGIL ? d : 0;\n        }\n    }\n}\n"),
}


def test_csharp_properties_indexers_and_events_are_named_so_and_their_readers_found(tmp_path):
    """pythonnet run 306: `DebugGIL { get; set; }` and `this[int index]` were labelled "field", and the callers of
    the property DelegateManager listed `new DelegateManager()` (the class built) and none of its two readers."""
    served = served_tree(tmp_path / "r", _PROPS)
    s = served.call("search_symbol", query="Engine.DebugGIL")
    assert "property Py.Runtime.Engine.DebugGIL" in s.text, s.text
    o = served.call("get_structured_index", path="src/Engine.cs")
    assert re.search(r"^\s+7-10 property internal static DelegateManager DelegateManager", o.text, re.M), o.text
    assert "field static DelegateManager delegateManager" in o.text or "5-5 static DelegateManager delegateManager" in o.text, o.text
    e = served.call("search_symbol", query="Changed")
    assert "event Py.Runtime.Engine.Changed" in e.text, e.text
    c = served.call("find_related", symbol="Engine.DelegateManager", relation="callers")
    assert c.text.startswith("callers of property"), c.text
    assert [(i["qualname"], tuple(i["lines"])) for i in c.data["items"]] == [("Use.Go", (7,))], c.text
    g = served.call("find_related", symbol="Engine.DebugGIL", relation="callers")
    assert [(i["qualname"], tuple(i["lines"])) for i in g.data["items"]] == [("Use.Go", (8,))], g.text
