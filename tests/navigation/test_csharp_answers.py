"""C# as Json.NET writes it (the C# A/B corpus, run 20): one source built for six frameworks, with `#if` lines inside
base lists, between `else` and its block and inside type parameter lists. The grammar reads a directive only
between members: 30 of its 541 files had syntax errors, fields vanished and `if` statements became functions."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import served_tree

JOBJECT = """namespace Newtonsoft.Json.Linq
{
    public class JObject : JContainer, IDictionary<string, JToken>
#if !(NETFX_CORE || PORTABLE40 || PORTABLE)
        , ICustomTypeDescriptor
#endif
#if !(NET20 || NETFX_CORE || PORTABLE40 || PORTABLE)
        , INotifyPropertyChanging
#endif
    {
        private readonly JPropertyKeyedCollection _properties = new JPropertyKeyedCollection();

        public override void WriteValue(object value)
        {
#if !(NET20 || NET35)
            if (value is BigInteger)
            {
                Add(value);
            }
            else
#endif
            {
                base.WriteValue(value);
            }
        }
    }

    public interface IJEnumerable<
#if !(NET20 || NET35)
        out
#endif
            T> : IEnumerable<T> where T : JToken
    {
    }
}
"""


def test_conditional_directives_inside_declarations_leave_every_definition(tmp_path: Path):
    s = served_tree(tmp_path, {"Linq/JObject.cs": JOBJECT})
    outline = s.call("get_structured_index", path="Linq/JObject.cs").text
    assert "has syntax errors" not in outline, outline
    assert "_properties" in outline and "WriteValue" in outline and "IJEnumerable" in outline
    assert " if" not in outline.replace("(if", "")  # no statement read as a function
    bases = s.call("find_related", symbol="JObject", relation="supertypes").text
    assert "ICustomTypeDescriptor" in bases and "INotifyPropertyChanging" in bases, bases
