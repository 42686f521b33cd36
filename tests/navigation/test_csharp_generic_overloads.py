"""C# overloads told apart by the type arguments a call writes and by the extension receiver (Json.NET run 351: the
callers of `Values<T, U>(this IEnumerable<T> source, object key)` left out `_enumerable.Values<T, JToken>(key)` as
a call of `Values(this IEnumerable<JToken> source)`, and `Values<JToken, JToken>(source, key)` inside
Values(this source, key) was called recursive)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

EXT = """using System.Collections.Generic;

namespace N
{
    public static class Extensions
    {
        public static IEnumerable<JToken> Values(this IEnumerable<JToken> source, object key)
        {
            return Values<JToken, JToken>(source, key);
        }

        public static IEnumerable<JToken> Values(this IEnumerable<JToken> source)
        {
            return source.Values(null);
        }

        public static IEnumerable<U> Values<U>(this IEnumerable<JToken> source, object key)
        {
            return Values<JToken, U>(source, key);
        }

        internal static IEnumerable<U> Values<T, U>(this IEnumerable<T> source, object key) where T : JToken
        {
            return null;
        }
    }
}
"""

ENUM = """using System.Collections.Generic;

namespace N
{
    public struct JEnumerable<T> where T : JToken
    {
        private readonly IEnumerable<T> _enumerable;

        public IEnumerable<JToken> this[object key]
        {
            get { return _enumerable.Values<T, JToken>(key); }
        }
    }
}
"""

TOKEN = "namespace N\n{\n    public class JToken\n    {\n    }\n}\n"


def test_callers_of_a_generic_extension_overload_by_its_type_arguments(tmp_path):
    served = served_tree(tmp_path / "j", {"Src/Linq/Extensions.cs": EXT, "Src/Linq/JEnumerable.cs": ENUM,
                                          "Src/Linq/JToken.cs": TOKEN})
    a = served.call("find_related", symbol="Extensions.Values", relation="callers", path="Src/Linq/Extensions.cs:22")
    assert not a.is_error, a.text
    rows = a.text.split("]\n", 1)[-1]
    assert "Src/Linq/JEnumerable.cs:11 in JEnumerable.this" in rows, a.text
    assert "9 in Extensions.Values" in rows and "19 in Extensions.Values" in rows, a.text
    assert "14 in Extensions.Values" not in rows, a.text  # `source.Values(null)`: the non-generic overload's
    b = served.call("find_related", symbol="Extensions.Values", relation="callers", path="Src/Linq/Extensions.cs:7")
    assert "recursive" not in b.text and "14 in Extensions.Values" in b.text, b.text
    assert "Values<T, U>(this IEnumerable<T> source, object key)" in b.text, b.text  # left out, with its type parameters


VALUE = """using System.Collections.Generic;

namespace N
{
    public static class Extensions
    {
        public static U Value<T, U>(this IEnumerable<T> value) where T : JToken
        {
            return Value<T, U>(value, null);
        }

        public static U Value<T, U>(this IEnumerable<T> value, object key) where T : JToken
        {
            return default(U);
        }
    }

    public class Reader
    {
        public int First(IEnumerable<JToken> tokens)
        {
            return tokens.Value<JToken, int>();
        }
    }
}
"""


def test_overloads_with_as_many_type_parameters_are_told_apart_by_their_arguments(tmp_path):
    # (review of stop 51: a written type-argument count equal to the overload's settled it, whatever the arguments)
    served = served_tree(tmp_path / "v", {"Src/Extensions.cs": VALUE, "Src/JToken.cs": TOKEN})
    one = served.call("find_related", symbol="Extensions.Value", relation="callers", path="Src/Extensions.cs:7").text
    assert "22 in Reader.First" in one and "9 in Extensions.Value" not in one, one
    two = served.call("find_related", symbol="Extensions.Value", relation="callers", path="Src/Extensions.cs:12").text
    assert "9 in Extensions.Value" in two and "22 in Reader.First" not in two.split("]\n", 1)[-1], two


MAKE = """namespace App
{
    public static class Ext
    {
        public static T Make<T>(string name, int size = 0)
        {
            return default(T);
        }

        public static T Make<T>(int size)
        {
            return default(T);
        }
    }

    public class User
    {
        public void Go()
        {
            Ext.Make<string>("n");
            Ext.Make<string>(3);
        }
    }
}
"""


def test_a_string_argument_is_no_call_of_the_int_overload_with_as_many_type_parameters(tmp_path):
    # (review of the stop-52 diff: `Make<string>("n")` went to Make<T>(int size), its argument count exact)
    served = served_tree(tmp_path / "m", {"src/Ext.cs": MAKE})
    named = served.call("find_related", symbol="Ext.Make", relation="callers", path="src/Ext.cs:5").text
    assert "src/Ext.cs:20 in User.Go" in named and "Make<T>(int size) 1 (src/Ext.cs:21" in named, named
    sized = served.call("find_related", symbol="Ext.Make", relation="callers", path="src/Ext.cs:10").text
    assert "src/Ext.cs:21 in User.Go" in sized and "(src/Ext.cs:20 in User.Go)" in sized, sized
