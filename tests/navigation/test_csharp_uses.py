"""list_dependencies' uses view of a C# file: a `using` imports a namespace, so the names the file takes from it are
the types the code writes that the namespace holds (the pythonnet A/B question; the view had read
`using System.Reflection;` as a name `Reflection` of `System`, "not used", and named no repository type of the
file's own namespace)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/Runtime.cs": ("namespace Py.Runtime\n{\n    public static partial class Runtime\n    {\n"
                       "        internal static int PyMem_Malloc(int n) { return n; }\n"
                       "        internal static object PyCLRMetaType;\n    }\n}\n"),
    "src/Runtime.Delegates.cs": ("namespace Py.Runtime\n{\n    public static partial class Runtime\n    {\n"
                                 "        internal static void PyMem_Free(int p) { }\n    }\n}\n"),
    "src/State/PythonNetState.cs": "namespace Py.Runtime.State;\n\npublic class PythonNetState { }\n",
    "src/State/Unused.cs": "namespace Py.Runtime.State;\n\npublic class Unused { }\n",
    "src/Native/BorrowedReference.cs": "namespace Py.Runtime\n{\n    public readonly ref struct BorrowedReference { }\n}\n",
    "src/Maybe.cs": "namespace Py.Runtime\n{\n    public struct MaybeMemberInfo<T> { }\n}\n",
    "src/RuntimeData.cs": ("using System;\nusing System.Collections.Generic;\nusing System.Collections;\nusing System.Linq;\n"
                           "using System.Reflection;\nusing System.Text;\n\nusing Py.Runtime.State;\n\n"
                           "using static Py.Runtime.Runtime;\n\nnamespace Py.Runtime\n{\n"
                           "    using MaybeFieldInfo = MaybeMemberInfo<FieldInfo>;\n\n"
                           "    public static class RuntimeData\n    {\n"
                           "        static void Stash(BorrowedReference r, IEnumerable<int> xs, IEnumerable ys)\n        {\n"
                           "            var p = PyMem_Malloc(4);\n            PyMem_Free(p);\n            PyCLRMetaType = null;\n"
                           "            var state = new PythonNetState();\n            var list = new List<int>(xs.Select(x => x).ToArray());\n"
                           "            MaybeFieldInfo f = default;\n            throw new ArgumentException(\"x\");\n"
                           "            SomeExternal.Do();\n            var h = new Holder { Unused = 1 };\n        }\n"
                           "        static TOut Conv<TOut>(TOut Value) { return Value; }\n    }\n}\n"),
}


def test_csharp_uses_view_names_each_usings_types(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    u = served.call("list_dependencies", path="src/RuntimeData.cs", view="uses")
    rows = {line.split()[1]: line for line in u.text.splitlines()[1:] if line.startswith("  ") and line[2:3].isdigit()}
    assert "ArgumentException at 26" in rows["System"], u.text
    assert "List at 24" in rows["System.Collections.Generic"] and "IEnumerable at 18" in rows["System.Collections.Generic"], u.text
    assert "IEnumerable at 18" in rows["System.Collections"], u.text  # the non-generic one, on the same line
    assert "Select at 24" in rows["System.Linq"] and "ToArray at 24" in rows["System.Linq"], u.text
    assert "FieldInfo at 14" in rows["System.Reflection"], u.text
    assert rows["System.Text"].endswith("no name of it used in code"), u.text
    # (`new Holder { Unused = 1 }` sets a member named like the namespace's class Unused: no use of it)
    assert "PythonNetState (PythonNetState.cs:3) at 23" in rows["Py.Runtime.State"] and "Unused" not in u.text, u.text
    static = rows["static"]
    assert "PyMem_Malloc (Runtime.cs:5) at 20" in static and "PyMem_Free (Runtime.Delegates.cs:5) at 21" in static, u.text
    assert "PyCLRMetaType (Runtime.cs:6) at 22" in static, u.text
    assert "MaybeFieldInfo (src/Maybe.cs:3) at 25" in rows["MaybeFieldInfo"], u.text
    same = next(line for line in u.text.splitlines() if line.startswith("  same namespace (Py.Runtime), no using:"))
    assert "BorrowedReference (Native/BorrowedReference.cs:3) at 18" in same and "Runtime" not in same.replace(
        "Py.Runtime", ""), u.text  # (the `namespace Py.Runtime` line uses no type Runtime)
    other = next(line for line in u.text.splitlines() if line.startswith("  not defined in the repository"))
    assert other.endswith("Holder at 28; SomeExternal at 27"), u.text  # (not the type parameter TOut, the parameter Value)
