"""Mends of stop 57 for Java (Commons Codec run 519), each with what the agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

DIGEST_UTILS = ("package p;\n\nimport java.io.File;\nimport java.io.InputStream;\nimport java.security.MessageDigest;\n\n"
                "public class DigestUtils {\n"
                "    public static byte[] digest(final MessageDigest md, final byte[] data) {\n"            # 8
                "        return data;\n    }\n\n"
                "    public static byte[] digest(final MessageDigest md, final File data) {\n"              # 12
                "        return null;\n    }\n\n"
                "    public static byte[] digest(final MessageDigest md, final InputStream data) {\n"       # 16
                "        return null;\n    }\n}\n")
DIGEST = ("package p;\n\nimport java.security.MessageDigest;\n\n"
          "public class Digest {\n"
          "    private void run(final String prefix, final MessageDigest md) {\n"                          # 6
          "        if (prefix == null) {\n"
          "            println(DigestUtils.digest(md, System.in));\n"                                      # 8
          "            return;\n        }\n"
          "        final byte[] bytes = prefix.getBytes();\n"
          "        println(DigestUtils.digest(md, bytes));\n"                                              # 12
          "    }\n\n"
          "    private void println(final byte[] b) {\n    }\n}\n")


def test_java_jdk_static_field_and_array_local_arguments_tell_the_overload(tmp_path):
    """Commons Codec run 519: `DigestUtils.digest(messageDigest, System.in)` and `DigestUtils.digest(messageDigest,
    bytes)` (a `byte[]` local) were both put on digest(MessageDigest, byte[]), "overload not told by the arguments",
    under a "[complete]" callees answer: System.in is an InputStream, so the first runs the InputStream overload."""
    served = served_tree(tmp_path / "r", {"src/p/DigestUtils.java": DIGEST_UTILS, "src/p/Digest.java": DIGEST})
    text = served.call("find_related", symbol="Digest.run", relation="callees").text
    assert "DigestUtils.digest(MessageDigest, InputStream) 16-18 called at 8\n" in text, text
    assert "DigestUtils.digest(MessageDigest, byte[]) 8-10 called at 12\n" in text, text
    assert "not told" not in text, text
    callers = served.call("find_related", symbol="DigestUtils.digest", path="src/p/DigestUtils.java:16",
                          relation="callers").text
    assert "src/p/Digest.java:8 in Digest.run" in _listed(callers) and "Digest.java:12" not in _listed(callers), callers
    assert "left out, by their arguments: digest(final MessageDigest md, final byte[] data) 1 (src/p/Digest.java:12" \
        in callers, callers


def _listed(text: str) -> str:
    """The call sites an answer lists (not its header, nor its note of the calls left out)."""
    return "\n".join(line for line in text.splitlines()[1:] if not line.startswith("["))


HEX = ("package p;\n\nimport java.nio.ByteBuffer;\n\n"
       "public class Hex {\n"
       "    public byte[] decode(final byte[] array) {\n"                                                  # 6
       "        return array;\n    }\n\n"
       "    public byte[] decode(final ByteBuffer buffer) {\n"                                              # 10
       "        return null;\n    }\n\n"
       "    public Object decode(final Object object) {\n"                                                  # 14
       "        if (object instanceof String) {\n"
       "            return decode(((String) object).toCharArray());\n"                                      # 16
       "        } else if (object instanceof byte[]) {\n"
       "            return decode((byte[]) object);\n"                                                      # 18
       "        } else if (object instanceof ByteBuffer) {\n"
       "            return decode((ByteBuffer) object);\n"                                                  # 20
       "        }\n        return null;\n    }\n}\n")


def test_java_cast_argument_has_the_cast_type(tmp_path):
    """Commons Codec run 519: callers of Hex.decode(Object) listed `return decode((byte[]) object);` and `return
    decode((ByteBuffer) object);`, which call the byte[] and ByteBuffer overloads: a cast `(T) x` is a T."""
    served = served_tree(tmp_path / "r", {"src/p/Hex.java": HEX})
    of_object = served.call("find_related", symbol="Hex.decode", path="src/p/Hex.java:14", relation="callers").text
    assert "src/p/Hex.java:16 in Hex.decode" in _listed(of_object), of_object
    assert "18:" not in _listed(of_object) and "20:" not in _listed(of_object), of_object
    of_bytes = served.call("find_related", symbol="Hex.decode", path="src/p/Hex.java:6", relation="callers").text
    # (line 16 passes a char[], which only decode(Object) takes: Commons Codec run 527)
    assert "src/p/Hex.java:18 in Hex.decode(Object) (14-23): return decode((byte[]) object);" in _listed(of_bytes) \
        and "16:" not in _listed(of_bytes) and "20:" not in _listed(of_bytes), of_bytes
    callees = served.call("find_related", symbol="Hex.decode", path="src/p/Hex.java:14", relation="callees").text
    assert "Hex.decode(byte[]) 6-8 called at 18" in callees and "Hex.decode(ByteBuffer) 10-12 called at 20" in callees, callees


RULE = ("package p;\n\npublic class Rule {\n    public static final class Phoneme {\n"
        "        public Phoneme(String s) {\n        }\n    }\n}\n")
LANGUAGES = ("package p;\n\npublic class Languages {\n    public static class LanguageSet {\n    }\n}\n")
ENGINE = ("package p;\n\n"
          "import p.Languages.LanguageSet;\n"                                                              # 3
          "import p.Rule.Phoneme;\n\n"                                                                     # 4
          "public class Engine {\n"
          "    Rule.Phoneme make(final Languages.LanguageSet languages) {\n"                                # 7
          "        return new Rule.Phoneme(\"\");\n"                                                        # 8
          "    }\n\n"
          "    Phoneme bare(final LanguageSet set) {\n"                                                     # 11
          "        return new Phoneme(\"x\");\n"                                                            # 12
          "    }\n}\n")


def test_java_nested_type_written_with_its_class_is_no_use_of_its_import(tmp_path):
    """Commons Codec run 519: PhoneticEngine's uses view credited `import ...bm.Rule.Phoneme;` with every
    `Rule.Phoneme` and `import ...Languages.LanguageSet;` with `Languages.LanguageSet`: only the bare names use the
    imports; the qualified ones use Rule and Languages."""
    text = served_tree(tmp_path / "r", {"src/p/Rule.java": RULE, "src/p/Languages.java": LANGUAGES,
                                        "src/p/Engine.java": ENGINE}).call(
        "list_dependencies", path="src/p/Engine.java", view="uses").text
    rows = {line.split()[0]: line for line in text.splitlines() if line.strip()[:1].isdigit()}
    assert rows["3"].rstrip().endswith("at 11"), text
    assert rows["4"].rstrip().endswith("at 11,12"), text
    same = next(line for line in text.splitlines() if "same package" in line)
    assert "Rule (Rule.java:3) at 7,8" in same and "Languages (Languages.java:3) at 7" in same, text
