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

#: what well-known JDK instance methods return, by name alone: an argument that is such a call is of that type
#: (Commons Codec run 525 listed Hex's `decodeHex(data.toCharArray())` among the callers of decodeHex(String))
JDK_INSTANCE_RETURNS: dict[str, str] = {
    "toCharArray": "char[]", "getBytes": "byte[]", "toByteArray": "byte[]",
    **dict.fromkeys(("toString", "substring", "trim", "strip", "toLowerCase", "toUpperCase", "intern", "getSimpleName",
                     "getMessage", "toPlainString", "toHexString"), "String"),
    **dict.fromkeys(("length", "size", "indexOf", "lastIndexOf", "hashCode", "ordinal", "compareTo", "intValue"), "int"),
    **dict.fromkeys(("equals", "isEmpty", "contains", "startsWith", "endsWith", "matches", "equalsIgnoreCase",
                     "hasNext", "booleanValue"), "boolean"),
    "charAt": "char", "longValue": "long", "doubleValue": "double", "getClass": "Class",
}
#: what well-known JDK static methods return (`String.valueOf(x)`)
JDK_STATIC_RETURNS: dict[str, str] = {
    **{f"String.{m}": "String" for m in ("valueOf", "format", "join", "copyValueOf")},
    **{f"{c}.{m}": "String" for c in ("Integer", "Long", "Short", "Byte", "Double", "Float", "Boolean", "Character",
                                       "Arrays", "Objects") for m in ("toString", "toHexString", "toBinaryString")},
    "Integer.parseInt": "int", "Long.parseLong": "long", "Short.parseShort": "short", "Byte.parseByte": "byte",
    "Double.parseDouble": "double", "Float.parseFloat": "float", "Boolean.parseBoolean": "boolean",
    "Integer.valueOf": "Integer", "Long.valueOf": "Long", "Boolean.valueOf": "Boolean",
    "System.currentTimeMillis": "long", "System.nanoTime": "long", "System.getProperty": "String",
    "System.lineSeparator": "String", "Thread.currentThread": "Thread",
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
    made = re.fullmatch(r"new\s+(?:[\w$]+\.)*([\w$]+)\s*((?:\[[^\[\]]*\]\s*)+)(?:\{.*\})?", a, re.S)
    if made is not None and language in JAVA_LIKE:  # an array made there: `new char[0]`, `new byte[] {1, 2}`
        return made.group(1) + "[]" * made.group(2).count("[")
    if language == "java" and a.endswith(")"):
        returned = _jdk_call_returns(a)
        if returned is not None:
            return returned
    converted = _KOTLIN_CONVERSION.search(a) if language == "kotlin" else None
    if converted is not None and _one_operand(a):  # `activityState.toInt()`: an Int (rnscreens run 588 read the call
        return converted.group(1)                  # of setActivityState(Screen, Int) in the Float one as recursion)
    m = _CAST.match(a) if language in JAVA_LIKE else None
    if m is None or not _one_operand(a[m.end():]):
        return None
    typed = re.sub(r"\s+", "", m.group(1))
    return re.sub(r"<.*>", "", typed).split("[", 1)[0].rsplit(".", 1)[-1] + "[]" * typed.count("[")


#: Kotlin's conversions of a number or a value, by what they return
_KOTLIN_CONVERSION = re.compile(r"\.\s*to(Int|Long|Short|Byte|Float|Double|Char|String|UInt|ULong)\s*\(\s*\)\s*$")


def _jdk_call_returns(a: str) -> str | None:
    """The type a Java argument ending in a call of a well-known JDK method returns: `data.toCharArray()` -> char[],
    `new String(b, cs).getBytes()` -> byte[], `String.valueOf(n)` -> String; None for another call. A class-named
    receiver (`StringUtils.getBytes(..)`, a static call) is told by the static table only."""
    depth, i = 0, len(a) - 1
    while i >= 0:  # the opening parenthesis of the closing call's arguments
        depth += {")": 1, "(": -1}.get(a[i], 0)
        if depth == 0:
            break
        i -= 1
    m = re.search(r"([\w$]+)\s*$", a[:i]) if i > 0 else None
    if m is None or not _one_operand(re.sub(r"^new\s+", "", a)):  # (not `n + s.length()`)
        return None
    name, head = m.group(1), a[:m.start(1)].rstrip()
    if not head.endswith("."):
        return None
    receiver = head[:-1].strip()
    if re.fullmatch(r"(?:java\.(?:lang|util)\.)?[A-Z][\w$]*", receiver):
        return JDK_STATIC_RETURNS.get(f"{receiver.rsplit('.', 1)[-1]}.{name}")
    return JDK_INSTANCE_RETURNS.get(name) if receiver else None


def _one_operand(rest: str) -> bool:
    """Whether what follows a cast is one operand (a name, a literal, a call or a chain of them), so the cast types
    the whole argument: not `(int) a + b`."""
    rest = re.sub(r"^\s*new\s+", "", rest)  # (`(Object) new byte[0]`: one operand, Commons Codec run 527)
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


#: what a Java String is besides itself (an argument of type String fits a parameter of these, and of no other)
_STRING_SUPERS = frozenset({"Object", "CharSequence", "Comparable", "Serializable", "Constable", "ConstantDesc"})
#: what a Java array is besides itself
_ARRAY_SUPERS = frozenset({"Object", "Cloneable", "Serializable"})
_JAVA_PRIMITIVES = frozenset({"boolean", "byte", "char", "short", "int", "long", "float", "double"})


def java_fit(have: str, param: str) -> int | None:
    """How a Java argument of a closed type (an array, String, Object, a primitive) fits a parameter, brackets kept
    on both: 1 the same type, 0 a supertype that takes it (Object), -1 none that can; None when `have` is no closed
    type, or `param` a type variable (`T`). Commons Codec run 527 listed Hex's `decode(((String) o).toCharArray())`
    (a char[]) as a call of decode(byte[]) and of decode(ByteBuffer): only decode(Object) takes it."""
    h = re.sub(r"\s+|<.*?>(?=\[|$)", "", have).rsplit(".", 1)[-1]
    p = re.sub(r"\s+|<.*?>(?=\[|$)", "", param).replace("...", "[]").rsplit(".", 1)[-1]
    if not h or not p or re.fullmatch(r"[A-Z]\d?", re.sub(r"\[\]", "", p)):
        return None  # (a type variable takes any reference type)
    if h == p:
        return 1
    if h.endswith("[]"):
        if p.endswith("[]"):  # `char[]` for `byte[]`: no; `String[]` for `Object[]`: the element decides
            return java_fit(h[:-2], p[:-2]) if h[:-2] not in _JAVA_PRIMITIVES and p[:-2] not in _JAVA_PRIMITIVES \
                else -1
        return 0 if p in _ARRAY_SUPERS else -1
    if h == "String":
        return 0 if p in _STRING_SUPERS else -1
    if h == "Object":  # (only Object takes an Object)
        return -1
    if h in _JAVA_PRIMITIVES:
        return -1 if p.endswith("[]") or p == "String" else None
    return -1 if p.endswith("[]") and h[:1].isupper() and "." not in have else None
