"""What a Java-like call argument's own text says of its type: a cast, a well-known JDK static field, an array."""
from __future__ import annotations

import logging
import re

logger = logging.getLogger(__name__)

#: JDK static fields an argument is often written as, with their declared types (Commons Codec run 519:
#: `DigestUtils.digest(messageDigest, System.in)` had not been told from digest(MessageDigest, byte[]))
JDK_STATIC_FIELDS: dict[str, str] = {
    "System.in": "InputStream", "System.out": "PrintStream", "System.err": "PrintStream",
    **{f"StandardCharsets.{c}": "Charset" for c in ("UTF_8", "US_ASCII", "ISO_8859_1", "UTF_16", "UTF_16BE", "UTF_16LE")},
    **{f"Locale.{c}": "Locale" for c in ("ROOT", "ENGLISH", "US", "UK", "GERMAN", "FRENCH", "CHINESE", "JAPANESE")},
    **{f"BigInteger.{c}": "BigInteger" for c in ("ZERO", "ONE", "TWO", "TEN")},
    **{f"BigDecimal.{c}": "BigDecimal" for c in ("ZERO", "ONE", "TEN")},
    "Boolean.TRUE": "Boolean", "Boolean.FALSE": "Boolean",
    "Integer.MAX_VALUE": "int", "Integer.MIN_VALUE": "int", "Long.MAX_VALUE": "long", "Long.MIN_VALUE": "long",
    "Short.MAX_VALUE": "short", "Short.MIN_VALUE": "short", "Byte.MAX_VALUE": "byte", "Byte.MIN_VALUE": "byte",
    "Character.MAX_VALUE": "char", "Character.MIN_VALUE": "char",
    "Double.MAX_VALUE": "double", "Double.MIN_VALUE": "double", "Double.NaN": "double",
    "Float.MAX_VALUE": "float", "Float.MIN_VALUE": "float", "Float.NaN": "float",
    "File.separator": "String", "File.pathSeparator": "String", "File.separatorChar": "char",
    "String.CASE_INSENSITIVE_ORDER": "Comparator",
    "Collections.EMPTY_LIST": "List", "Collections.EMPTY_SET": "Set", "Collections.EMPTY_MAP": "Map",
}

_JVM = frozenset({"java", "kotlin", "scala"})
#: languages whose `(T) x` is a cast and whose arrays are declared `T[] name`
JAVA_LIKE = frozenset({"java", "csharp"})
_TYPE = r"[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*(?:\s*<(?:[^<>()]|<[^<>()]*>)*>)?(?:\s*\[\s*\])*"
_CAST = re.compile(rf"\(\s*({_TYPE})\s*\)\s*(?=[\w$(\"'])")
_GROUPS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'")
_POSTFIX = re.compile(r"[\w$]+(?:\s*\.\s*[\w$]+)*")


def written_type(arg: str, language: str) -> str | None:
    """The type an argument's text writes: a cast's, `(byte[]) object` -> byte[] (Commons Codec run 519 listed
    Hex's `decode((byte[]) object)` as a call of decode(Object)), or a JDK static field's, `System.in` ->
    InputStream; None for anything else."""
    a = arg.strip()
    if language in _JVM:
        field = JDK_STATIC_FIELDS.get(re.sub(r"^java\.(?:lang|io|nio\.charset|util|math)\.|`", "", a))
        if field is not None:
            return field
    m = _CAST.match(a) if language in JAVA_LIKE else None
    if m is None or not _one_operand(a[m.end():]):
        return None
    typed = re.sub(r"\s+", "", m.group(1))
    return re.sub(r"<.*>", "", typed).split("[", 1)[0].rsplit(".", 1)[-1] + "[]" * typed.count("[")


def _one_operand(rest: str) -> bool:
    """Whether what follows a cast is one operand (a name, a literal, a call or a chain of them), so the cast types
    the whole argument: not `(int) a + b`."""
    for _ in range(8):
        folded = _GROUPS.sub("_", rest)
        if folded == rest:
            break
        rest = folded
    return _POSTFIX.fullmatch(rest.strip()) is not None


def array_declared(lines: list[str], signature: str, start: int, line: int, word: str) -> str | None:
    """The array type a parameter or local `word` is declared with before `line` (`final byte[] bytes = ..`,
    `String... args`) -> `byte[]`, `String[]`; None when no array declaration of it is found."""
    w = re.escape(word)
    param = re.search(rf"[(,]\s*(?:final\s+)?(?:@[\w.]+\s+)*((?:[\w$]+\.)*[\w$]+)(?:<[^()]*?>)?\s*((?:\[\s*\]\s*)+|\.\.\.)\s*{w}\s*[,)]",
                      signature)
    if param is not None:
        return param.group(1).rsplit(".", 1)[-1] + "[]" * max(1, param.group(2).count("["))
    local = re.compile(rf"^\s*(?:for\s*\(\s*)?(?:final\s+)?((?:[\w$]+\.)*[\w$]+)(?:<[^()]*?>)?\s*((?:\[\s*\]\s*)+){w}\s*(?:=|;|:)")
    for n in range(min(line, len(lines)), max(start, 1) - 1, -1):
        m = local.search(lines[n - 1])
        if m is not None:
            return m.group(1).rsplit(".", 1)[-1] + "[]" * m.group(2).count("[")
    return None
