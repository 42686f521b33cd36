"""Mends of stop 58 for Java overloads' callers (Commons Codec run 527), each with what the agent saw before."""
from __future__ import annotations

import re

from tests.navigation.conftest import served_tree

HEX = {
    "src/p/Decoder.java": "package p;\n\npublic interface Decoder {\n    Object decode(Object source);\n}\n",
    "src/p/BinaryDecoder.java": ("package p;\n\npublic interface BinaryDecoder extends Decoder {\n"
                                 "    byte[] decode(byte[] source);\n}\n"),
    "src/p/Hex.java": (
        "package p;\n\nimport java.nio.ByteBuffer;\n\npublic class Hex implements BinaryDecoder {\n"
        "    public static byte[] decodeHex(final char[] data) {\n        return null;\n    }\n\n"                # 6
        "    public byte[] decode(final byte[] array) {\n        return null;\n    }\n\n"                         # 10
        "    public byte[] decode(final ByteBuffer buffer) {\n        return null;\n    }\n\n"                    # 14
        "    public Object decode(final Object object) {\n"                                                     # 18
        "        if (object instanceof String) {\n"
        "            return decode(((String) object).toCharArray());\n"                                         # 20
        "        } else if (object instanceof byte[]) {\n"
        "            return decode((byte[]) object);\n"                                                         # 22
        "        }\n        return decode((ByteBuffer) object);\n    }\n}\n"),                                  # 24
    "src/p/HexUser.java": (
        "package p;\n\nimport java.nio.ByteBuffer;\n\npublic class HexUser {\n"
        "    protected ByteBuffer allocate(final int capacity) {\n        return ByteBuffer.allocate(capacity);\n    }\n\n"
        "    void run(final ByteBuffer data) {\n"                                                               # 10
        "        final Hex hex = new Hex();\n"
        "        new Hex().decode(data);\n"                                                                     # 12
        "        new Hex().decode(\"q0\");\n"                                                                   # 13
        "        new Hex().decode(new byte[0]);\n"                                                              # 14
        "        new Hex().decode((Object) new byte[0]);\n"                                                     # 15
        "        new Hex().decode(allocate(0));\n"                                                              # 16
        "        new Hex().decode(new int[] { 65 });\n"                                                         # 17
        "        char[] chars = new char[0];\n"
        "        hex.decode(chars);\n"                                                                          # 19
        "        hex.decode(new String(chars));\n"                                                              # 20
        "        final Decoder dec = new Hex();\n"
        "        dec.decode(new byte[0]);\n"                                                                    # 22
        "        final BinaryDecoder bin = new Hex();\n"
        "        bin.decode(new byte[0]);\n"                                                                    # 24
        "    }\n}\n"),
}

#: the overload each call site means, as Java picks it
MEANT = {"byte": {("src/p/Hex.java", 22), ("src/p/HexUser.java", 14), ("src/p/HexUser.java", 24)},
         "ByteBuffer": {("src/p/Hex.java", 24), ("src/p/HexUser.java", 12), ("src/p/HexUser.java", 16)},
         "Object": {("src/p/Hex.java", 20), ("src/p/HexUser.java", 13), ("src/p/HexUser.java", 15),
                    ("src/p/HexUser.java", 17), ("src/p/HexUser.java", 19), ("src/p/HexUser.java", 20),
                    ("src/p/HexUser.java", 22)}}


def _sites(text: str) -> set[tuple[str, int]]:
    """The call sites a callers answer lists (its rows, not its bracketed note)."""
    out: set[tuple[str, int]] = set()
    path = ""
    for ln in text.splitlines()[1:]:
        if ln.startswith("["):
            continue
        m = re.match(r"(src/\S+?\.java)(?::(\d+))?", ln.strip())
        if m is not None:
            path = m.group(1)
            if m.group(2):
                out.add((path, int(m.group(2))))
            continue
        more = re.match(r"\s*\+\d+ more lines?: ([\d, ]+)", ln)
        if more is not None and path:
            out.update((path, int(n)) for n in more.group(1).split(","))
            continue
        m = re.match(r"\s*(?:and\s+)?(\d+)\b", ln)
        if m is not None and path:
            out.add((path, int(m.group(1))))
    return out


def test_java_char_array_argument_goes_to_the_object_overload(tmp_path):
    """Commons Codec run 527: Hex's `decode(((String) object).toCharArray())` (a char[]) was listed as a caller of
    decode(byte[]) and of decode(ByteBuffer); only decode(Object) takes it."""
    served = served_tree(tmp_path / "r", HEX)
    for params in ("byte[]", "ByteBuffer"):
        text = served.call("find_related", relation="callers", symbol=f"Hex.decode({params})", path="src/p/Hex.java").text
        assert ("src/p/Hex.java", 20) not in _sites(text), text
    text = served.call("find_related", relation="callers", symbol="Hex.decode(Object)", path="src/p/Hex.java").text
    assert ("src/p/Hex.java", 20) in _sites(text), text


def test_java_each_call_site_goes_to_exactly_one_overload(tmp_path):
    """Commons Codec run 527: HexTest's calls with a String literal, `(Object) new byte[0]`, `allocate(0)` (a method of
    the test class returning ByteBuffer), an int[] or a char[] local were listed under two overloads at once, and
    `dec.decode(..)` on a Decoder (which declares decode(Object) only) under decode(byte[])."""
    served = served_tree(tmp_path / "r", HEX)
    for params, want in MEANT.items():
        text = served.call("find_related", relation="callers", symbol=f"Hex.decode({params}{'[]' if params == 'byte' else ''})",
                           path="src/p/Hex.java").text
        assert _sites(text) == want, (params, text)


B64 = {
    "src/p/B64.java": (
        "package p;\n\nimport java.security.SecureRandom;\nimport java.util.Random;\n\nclass B64 {\n"
        "    static String getRandomSalt(final int num) {\n"                                                    # 7
        "        return getRandomSalt(num, new SecureRandom());\n    }\n\n"                                     # 8
        "    static String getRandomSalt(final int num, final Random random) {\n"                               # 11
        "        return \"\";\n    }\n}\n"),
    "src/p/Crypt.java": (
        "package p;\n\nimport java.util.Random;\n\nclass Crypt {\n"
        "    static String one() {\n        return B64.getRandomSalt(8);\n    }\n\n"                            # 7
        "    static String two(final Random random) {\n        return B64.getRandomSalt(8, random);\n    }\n}\n"),
}


def test_java_overload_callers_say_complete_when_the_rest_are_another_overloads(tmp_path):
    """Commons Codec run 527: callers of B64.getRandomSalt(int, Random) gave no completeness line, the one-arg
    overload's calls being the other calls of the name; answers without overloads say "[every call named 'X' is
    listed]"."""
    served = served_tree(tmp_path / "r", B64)
    text = served.call("find_related", relation="callers", symbol="B64.getRandomSalt(int, Random)").text
    assert "complete: every call named 'getRandomSalt' is listed or counted as another overload's" in text, text
    assert "Crypt.java:11" in text and "B64.java:8" in text, text


def test_java_bare_name_of_overloads_answers_each_overload(tmp_path):
    """Commons Codec run 527: callers of 'Hex.decodeHex, Hex.decode' (no parameter lists) answered one overload of each
    name ("this is decode(final Object object)… pick another with symbol=…"); each overload is answered."""
    served = served_tree(tmp_path / "r", HEX)
    text = served.call("find_related", relation="callers", symbol="Hex.decode", path="src/p/Hex.java").text
    for span in ("src/p/Hex.java:10-12", "src/p/Hex.java:14-16", "src/p/Hex.java:18-25"):
        assert f"callers of method p.Hex.decode ({span})" in text, text
    assert "pick another" not in text, text
