"""Mends of stop 58 for Java (Commons Codec run 525), each with what the agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

CODEC = {
    "src/p/Decoder.java": "package p;\n\npublic interface Decoder {\n    Object decode(Object source);\n}\n",
    "src/p/BinaryDecoder.java": ("package p;\n\npublic interface BinaryDecoder extends Decoder {\n"
                                 "    byte[] decode(byte[] source);\n}\n"),
    "src/p/Encoder.java": "package p;\n\npublic interface Encoder<T> {\n    T encode(T source);\n}\n",
    "src/p/BaseNCodec.java": (
        "package p;\n\npublic abstract class BaseNCodec implements BinaryDecoder, Encoder<byte[]> {\n"
        "    public byte[] decode(final byte[] pArray) {\n        return pArray;\n    }\n\n"                       # 4
        "    abstract void decode(byte[] pArray, int i, int length, Context context);\n\n"                       # 8
        "    public Object decode(final Object obj) {\n        return obj;\n    }\n\n"                             # 10
        "    public byte[] decode(final String pArray) {\n        return null;\n    }\n\n"                        # 14
        "    public byte[] encode(final byte[] pArray) {\n        return pArray;\n    }\n\n"                       # 18
        "    public byte[] encode(final byte[] pArray, final int offset, final int length) {\n"                  # 22
        "        return pArray;\n    }\n\n    static class Context {\n    }\n}\n"),
}


def _row(text: str, lines: str) -> str:
    return next((ln for ln in text.splitlines() if ln.strip().startswith(lines + " ")), "")


def test_java_overloads_of_another_parameter_list_override_nothing(tmp_path):
    """Commons Codec run 525: BaseNCodec's outline marked decode(byte[], int, int, Context), decode(String) and
    encode(byte[], int, int) "[overrides BinaryDecoder.decode/BinaryEncoder.encode]", and decode(Object) as overriding
    BinaryDecoder.decode(byte[]) rather than Decoder.decode(Object); BinaryDecoder's decode(byte[]) was said to override
    Decoder.decode(Object), an overload. A Java override takes the same parameter types (a base's type parameter
    bound in the subtype)."""
    served = served_tree(tmp_path / "r", CODEC)
    served.call("search_symbol", query="BaseNCodec")  # (the whole index built first)
    text = served.call("get_structured_index", path="src/p/BaseNCodec.java").text
    assert "[overrides p.BinaryDecoder.decode src/p/BinaryDecoder.java:4]" in _row(text, "4-6"), text
    assert "[overrides" not in _row(text, "8-8"), text
    assert "[overrides p.Decoder.decode src/p/Decoder.java:4]" in _row(text, "10-12"), text
    assert "[overrides" not in _row(text, "14-16"), text
    assert "[overrides p.Encoder.encode src/p/Encoder.java:4]" in _row(text, "18-20"), text
    assert "[overrides" not in _row(text, "22-24"), text
    binary = served.call("get_structured_index", path="src/p/BinaryDecoder.java").text
    assert "overrides" not in binary, binary


HEX = ("package p;\n\npublic class Hex {\n"
       "    public static byte[] decodeHex(final char[] data) {\n        return null;\n    }\n\n"                  # 4
       "    public static byte[] decodeHex(final String data) {\n"                                             # 8
       "        return decodeHex(data.toCharArray());\n    }\n\n"                                               # 9
       "    public byte[] decode(final byte[] array) {\n"                                                       # 12
       "        return decodeHex(new String(array, getCharset()).toCharArray());\n    }\n\n"                   # 13
       "    public String getCharset() {\n        return null;\n    }\n}\n")
HEX_USER = ("package p;\n\npublic class User {\n    void run(String s) {\n"
            "        Hex.decodeHex(s.trim());\n"                                                                # 5
            "        Hex.decodeHex(new char[0]);\n    }\n}\n")                                                  # 6


def test_java_argument_of_a_jdk_call_is_typed_by_what_it_returns(tmp_path):
    """Commons Codec run 525: callers of Hex.decodeHex(String) listed `return decodeHex(data.toCharArray());` (inside
    decodeHex(String) itself, "[recursive]") and `decodeHex(new String(..).toCharArray())`: they pass char[]."""
    served = served_tree(tmp_path / "r", {"src/p/Hex.java": HEX, "src/p/User.java": HEX_USER})
    of_string = served.call("find_related", symbol="Hex.decodeHex(String)", relation="callers").text
    listed = _listed(of_string)
    assert "User.java:5 in User.run" in listed, of_string
    assert "recursive" not in listed and "Hex.java:9" not in listed and "Hex.java:13" not in listed, of_string
    assert ":6" not in listed and "6:" not in listed, of_string
    of_chars = served.call("find_related", symbol="Hex.decodeHex(char[])", relation="callers").text
    assert "9 in Hex.decodeHex (8-10)" in _listed(of_chars) and "13 in Hex.decode (12-14)" in _listed(of_chars), of_chars
    callees = served.call("find_related", symbol="Hex.decodeHex(String)", relation="callees").text
    assert "called at 9" in callees and "4-6" in callees, callees


def _listed(text: str) -> str:
    """The call sites an answer lists (not its header, nor its note of the calls left out)."""
    return "\n".join(line for line in text.splitlines()[1:] if not line.startswith("["))
