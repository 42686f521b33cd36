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
    assert "9 in Hex.decodeHex(String) (8-10)" in _listed(of_chars) and "13 in Hex.decode (12-14)" in _listed(of_chars), of_chars
    callees = served.call("find_related", symbol="Hex.decodeHex(String)", relation="callees").text
    assert "called at 9" in callees and "4-6" in callees, callees


DIGEST = ("package p;\n\nimport java.security.MessageDigest;\n\npublic class Digest {\n"
          "    private void run(final String[] algorithms) {\n    }\n\n"                                          # 6
          "    private void run(final String prefix, final MessageDigest md) {\n"                                  # 9
          "        System.out.println(prefix);\n    }\n}\n")


def test_read_code_range_takes_a_symbol_with_parameter_types(tmp_path):
    """Commons Codec run 525: read_code_range(symbol='Digest.run(String, MessageDigest)') answered "no symbol
    'Digest.run(String, MessageDigest)'", though find_related and search_symbol take `Name(Type, Type)`."""
    served = served_tree(tmp_path / "r", {"src/p/Digest.java": DIGEST})
    a = served.call("read_code_range", path="src/p/Digest.java", symbol="Digest.run(String, MessageDigest)")
    assert not a.is_error and "src/p/Digest.java:9-11" in a.text and "System.out" in a.text, a.text
    b = served.call("read_code_range", path="src/p/Digest.java:Digest.run(String, MessageDigest)")
    assert not b.is_error and "src/p/Digest.java:9-11" in b.text, b.text
    c = served.call("read_code_range", path="src/p/Digest.java", symbol="run(String[])")
    assert not c.is_error and "src/p/Digest.java:6-7" in c.text, c.text
    d = served.call("read_code_range", path="src/p/Digest.java", symbol="Digest.run(int)")
    assert d.is_error and "no overload of 'Digest.run'" in d.text and "line 9" in d.text, d.text


UTILS = ("package p;\n\nimport java.io.InputStream;\nimport java.security.MessageDigest;\n\n"
         "public class Utils {\n"
         "    public static byte[] digest(final MessageDigest md, final byte[] data) {\n        return data;\n    }\n\n"  # 7
         "    public static byte[] digest(final MessageDigest md, final InputStream data) {\n"                        # 11
         "        return digest(md, new byte[0]);\n    }\n\n"                                                      # 12
         "    public static String hex(final byte[] data) {\n        return null;\n    }\n}\n")                     # 15
RUNNER = ("package p;\n\nimport java.security.MessageDigest;\n\npublic class Runner {\n"
          "    void run(final MessageDigest md, final byte[] bytes) {\n"
          "        Utils.digest(md, System.in);\n"                                                                   # 7
          "        Utils.digest(md, bytes);\n"                                                                       # 8
          "        Utils.hex(bytes);\n    }\n}\n")                                                                # 9


def test_java_call_rows_of_overloads_say_their_parameter_types(tmp_path):
    """Commons Codec run 525: Digest.run's callees read `DigestUtils.digest 119-121 called at 114`, `DigestUtils.digest
    103-105 ..`, and callers rows `in Md5Crypt.md5Crypt (206-208)` of five md5Crypt overloads: the agent ran
    search_symbol for the signatures. Rows of overloads say their parameter types; a name with one row does not."""
    served = served_tree(tmp_path / "r", {"src/p/Utils.java": UTILS, "src/p/Runner.java": RUNNER})
    callees = served.call("find_related", symbol="Runner.run", relation="callees").text
    assert "Utils.digest(MessageDigest, InputStream) 11-13 called at 7" in callees, callees
    assert "Utils.digest(MessageDigest, byte[]) 7-9 called at 8" in callees, callees
    assert "Utils.hex 15-17 called at 9" in callees, callees
    callers = served.call("find_related", symbol="Utils.digest(MessageDigest, byte[])", relation="callers").text
    assert "12 in Utils.digest(MessageDigest, InputStream) (11-13)" in callers, callers
    assert "in Runner.run (6-10)" in callers, callers


def _listed(text: str) -> str:
    """The call sites an answer lists (not its header, nor its note of the calls left out)."""
    return "\n".join(line for line in text.splitlines()[1:] if not line.startswith("["))


HEX3 = ("package p;\n\nimport java.nio.ByteBuffer;\n\npublic class Hex {\n"
        "    public byte[] decode(final byte[] array) {\n        return array;\n    }\n\n"                          # 6
        "    public byte[] decode(final ByteBuffer buffer) {\n        return null;\n    }\n\n"                     # 10
        "    public Object decode(final Object object) {\n        return object;\n    }\n}\n")                     # 14
BASE64 = ("package p;\n\npublic class Base64 {\n"
          "    public byte[] decode(final byte[] array) {\n        return array;\n    }\n\n"
          "    public static byte[] decodeBase64(final byte[] data) {\n"
          "        return new Base64().decode(data);\n    }\n}\n")                                               # 9
USES = ("package p;\n\npublic class Uses {\n    void run(final byte[] data) {\n"
        "        final Hex hex = new Hex();\n"
        "        hex.decode(data);\n"                                                                           # 6
        "        new Hex().decode(\"ab\");\n"                                                                   # 7
        "        new Base64().decode(data);\n    }\n}\n")                                                       # 8


def test_java_call_on_another_class_is_no_other_overload(tmp_path):
    """Commons Codec run 525: callers of Hex.decode(Object) counted `new Base64().decode(base64Data)` (Base64.java:143)
    and Base16Test's `new Base16().decode(..)` among "calls of another overload left out": a call on a value built
    as another class is that class's method, not an overload of Hex.decode. (And `hex.decode(data)`, a byte[] `data`,
    had been put on decode(ByteBuffer): the byte[] parameter had been read as a `byte`.)"""
    served = served_tree(tmp_path / "r", {"src/p/Hex.java": HEX3, "src/p/Base64.java": BASE64, "src/p/Uses.java": USES})
    text = served.call("find_related", symbol="Hex.decode", path="src/p/Hex.java:14", relation="callers").text
    note = text.split("of another overload left out", 1)[-1].split("\n", 1)[0]
    assert "Uses.java:6 in Uses.run" in note, text
    assert "Base64.java" not in note and "Uses.java:8" not in note, text
    assert "Uses.java:7 in Uses.run" in _listed(text) and "Base64" not in _listed(text), text
    hint = served.call("find_related", symbol="Base64.decode", relation="callers").text  # (one overload: no hint)
    assert "pick another" not in hint, hint
    of_bytes = served.call("find_related", symbol="Hex.decode", path="src/p/Hex.java:6", relation="callers").text
    assert "Uses.java:6" in _listed(of_bytes) and "Base64" not in _listed(of_bytes), of_bytes
    assert "Uses.java:8" not in _listed(of_bytes), of_bytes


def test_java_overload_hint_keeps_an_array_parameter_s_brackets(tmp_path):
    """Commons Codec run 525: the callers answer of Hex.decode said `pick another with symbol="..Hex.decode(byte)"`
    for decode(byte[] array); beside a write(byte), `write(byte[])` must name the array one."""
    served = served_tree(tmp_path / "r", {"src/p/W.java": (
        "package p;\n\npublic class W {\n    public void write(final byte value) {\n    }\n\n"
        "    public void write(final byte[] value) {\n    }\n}\n")})
    # (a bare name now answers each overload by its parameter types, Commons Codec run 527, not with a hint)
    text = served.call("find_related", symbol="W.write", relation="callers").text
    assert "(src/p/W.java:7-8)" in text and "(src/p/W.java:4-5)" in text, text
    picked = served.call("find_related", symbol="W.write(byte[])", relation="callers").text
    assert "(src/p/W.java:7-8)" in picked, picked
