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
