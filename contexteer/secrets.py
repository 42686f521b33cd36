"""Secret detection and redaction shared by the shaping pipeline (outgoing text) and memory (refusing saves).

Two sets of rules find secrets. Built in (Python `re`, tuned on real code): AWS access keys,
GitHub/GitLab/Slack/OpenAI/Anthropic tokens, private key blocks, JWTs, `password=`/`secret=`/`token=`-style
assignments (JSON keys included), passwords in URLs (`postgres://user:pw@host`) and key material without its
BEGIN line: two or more adjacent lines of long base64 (a key block read or searched from its middle). As data
(`secret_rules.toml`, most rules adapted from gitleaks' default set, MIT): provider token formats such as Google,
npm, PyPI, Hugging Face, SendGrid, Azure, Twilio, Mailgun, Square, DigitalOcean, Shopify, Telegram, Discord and
`Authorization: Bearer/Basic` headers, each run on RE2 (linear time) only where one of its keywords occurs.

Each finding names its kind so a refusal or a redaction marker can say what was found without repeating it.
`secret_fragments` lists the lines of the secrets found in one text, so the same secret split across separate
strings (one search hit per string in structuredContent) is redacted there too. `line_spans` gives each line's
secret spans, so a search can match a line as if its secrets were masked (see indexers/textsearch.py).

`redact` also makes terminal controls visible (`neutralize_controls`): everything outgoing passes through it, and
an ANSI escape, a bidi override or an invisible tag character in a file must reach the client as text it can
see, not as an instruction to a terminal or a hidden message to the model.
"""

from __future__ import annotations

import bisect
import math
import re
import tomllib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from typing import Protocol

import re2

__all__ = ["Finding", "find_secrets", "may_hold_secrets", "redact", "redact_key_block_lines", "scrub", "secret_fragments",
           "line_spans", "neutralize_controls", "KEY_BLOCK", "SECRET_KINDS", "RULES"]

# (kind, pattern, hints): a pattern runs only on a text whose lower-cased form contains one of its hints
# (no hints: always; the credential pattern finds its own places), so a large output without any hint costs one lower() and a few `in` scans.
_PATTERNS: list[tuple[str, re.Pattern[str], tuple[str, ...]]] = [
    # to its END line; without one within 8,000 characters (a key is ~1.7-3.3 KB) only the BEGIN line: its body
    # lines are caught as key material, and the rest of a search answer is not swallowed
    ("private key block", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,8000}?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----)?"),
     ("private key",)),
    ("AWS access key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"), ("akia", "asia", "abia", "acca")),
    ("GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b"),
     ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_")),
    ("GitLab token", re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,}\b"), ("glpat-",)),
    ("Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b"), ("xox",)),
    ("Anthropic key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{20,}\b"), ("sk-ant-",)),
    ("OpenAI key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}\b"), ("sk-",)),
    ("JWT", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b"), ("eyj",)),
    (
        "credential assignment",
        # the key ends with one of these words (`db_password`, "apiKey"); the scan starts at the word
        re.compile(
            r"""(?ix)
            (?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|client[_-]?secret|secret[_-]?key|signing[_-]?key)
            # (`token::Token`, a Rust or C++ path, assigns nothing; nor does Ruby's `token :Operator, 'o'`, a call
            # whose first argument is a symbol: a colon after a space, then a bare name and a comma)
            ["']?(?:[ \t]*=|:(?!:)|[ \t]+:(?![A-Za-z_]\w*[ \t]*,))[ \t]*
            (?P<q>["']?)(?P<val>(?!\s)[^\s"'`,;]{6,})(?P=q)
            """
        ),
        (),  # `_credentials` tries it only where its words occur
    ),
    # scheme://user:password@host: only the password is the secret
    ("password in URL", re.compile(r"://[^\s:/@'\"`]+:(?P<val>[^\s/@'\"`]{3,})@(?=[\w\[])"), ("://",)),
]

_KEY_MATERIAL = "key material"
_GENERIC_FROM = next(i for i, (kind, _, _) in enumerate(_PATTERNS) if kind == "credential assignment")

# Values an assignment may have that are obviously not secrets (placeholders, references, code).
_PLACEHOLDER = re.compile(
    r"""(?ix)^(?:
        \*+|x{3,}|<[^>]*>|\$\{?[a-z_][a-z0-9_]*\}?|%\([a-z_]+\)s|\{\{.*\}\}|
        none|null|nil|true|false|changeme|placeholder|example|redacted|dummy|
        (?:os\.)?(?:environ|getenv|getpass|settings|config|self|request|kwargs|args)\b.*|
        [a-z_][a-z0-9_]*\(.*|[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_.]*\(?.*|
        \[redacted[^\]]*\]
    )$"""
)
# The password part of a URL in documentation: `user:password@host`, `user:pass@`, `:${DB_PASSWORD}@`.
_URL_PLACEHOLDER = re.compile(r"(?i)^(?:pass(?:word)?|pwd|secret|\*+|x+|<[^>]*>|\$\{?\w+\}?|\{\{.*\}\}|%s|\{\w*\})$")
# A long base64 run (PEM and OpenSSH bodies are 64 and 70 characters a line).
_B64_RUN = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{60,}={0,2}(?![A-Za-z0-9+/=])")
_B64_TAIL = re.compile(r"(?<![A-Za-z0-9+/=])[A-Za-z0-9+/]{4,}={0,2}\s*$")


class _Re2Match(Protocol):
    def span(self, group: int = ...) -> tuple[int, int]: ...


class _Re2Regex(Protocol):
    """What is used of a compiled RE2 regex (google-re2 ships no types): data rules match UTF-8, allow-lists text."""

    def finditer(self, data: bytes) -> Iterator[_Re2Match]: ...
    def search(self, text: str) -> object: ...


class _Re2SearchSet(Protocol):
    """What is used of an RE2 set: the indices of the patterns that occur in `data` (None: none)."""

    def Match(self, data: bytes) -> list[int] | None: ...


@dataclass(frozen=True)
class Rule:
    """One secret format from `secret_rules.toml` (see that file for the meaning of each field)."""

    kind: str
    source: str
    regex: _Re2Regex
    keywords: tuple[str, ...]
    group: int
    entropy: float
    allow: tuple[_Re2Regex, ...]


def _load_rules() -> tuple[tuple[Rule, ...], _Re2SearchSet, dict[int, tuple[int, ...]]]:
    """The data rules, and an RE2 set of their keywords (one linear pass says which rules may match a text)."""
    data = tomllib.loads(resources.files("contexteer").joinpath("secret_rules.toml").read_text(encoding="utf-8"))
    opts = re2.Options()
    opts.log_errors = False
    rules = tuple(
        Rule(kind=r["kind"], source=r["source"], regex=re2.compile(r["regex"], opts), keywords=tuple(r.get("keywords", ())),
             group=int(r.get("group", 0)), entropy=float(r.get("entropy", 0.0)),
             allow=tuple(re2.compile(a, opts) for a in r.get("allow", ())))
        for r in data["rules"]
    )
    kw_opts = re2.Options()
    kw_opts.case_sensitive = False
    kw_opts.log_errors = False
    kwset = re2.Set.SearchSet(kw_opts)
    by_index: dict[int, tuple[int, ...]] = {}
    by_keyword: dict[str, list[int]] = {}
    for i, rule in enumerate(rules):
        for kw in rule.keywords:
            by_keyword.setdefault(kw.lower(), []).append(i)
    for kw, idxs in by_keyword.items():
        by_index[kwset.Add(re2.escape(kw))] = tuple(idxs)
    kwset.Compile()
    return rules, kwset, by_index


RULES, _KEYWORD_SET, _RULES_OF_KEYWORD = _load_rules()
_ALWAYS = tuple(i for i, r in enumerate(RULES) if not r.keywords)
SECRET_KINDS = tuple(dict.fromkeys([kind for kind, _, _ in _PATTERNS] + [r.kind for r in RULES] + [_KEY_MATERIAL]))
_SURROGATES = re.compile("[\ud800-\udfff]")


def _utf8(text: str) -> bytes:
    """`text` as UTF-8 for RE2; a lone surrogate becomes U+FFFD (one character for one: offsets stay valid)."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATES.sub("\ufffd", text).encode("utf-8")


def _rules_for(data: bytes) -> list[int]:
    """Indices of the data rules whose keywords occur in `data` (plus those without keywords), in file order."""
    found = set(_ALWAYS)
    for k in _KEYWORD_SET.Match(data) or ():
        found.update(_RULES_OF_KEYWORD[k])
    return sorted(found)


def _entropy(s: str) -> float:
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values()) if n else 0.0


def _rule_spans(text: str, data: bytes, idx: int) -> list[tuple[int, int]]:
    """Character spans of rule `idx`'s secrets in `text` (`data` is its UTF-8)."""
    rule = RULES[idx]
    ascii_text = len(data) == len(text)
    out: list[tuple[int, int]] = []
    for m in rule.regex.finditer(data):
        b0, b1 = m.span(rule.group)
        if b0 < 0:
            continue
        secret = data[b0:b1].decode("utf-8", "replace")
        if rule.entropy and _entropy(secret) < rule.entropy:
            continue
        if any(a.search(secret) for a in rule.allow):
            continue
        if ascii_text:
            out.append((b0, b1))
        else:
            c0 = len(data[:b0].decode("utf-8", "replace"))
            out.append((c0, c0 + len(secret)))
    return out


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


def _applies(hints: tuple[str, ...], low: str) -> bool:
    return not hints or any(h in low for h in hints)


def may_hold_secrets(text: str) -> bool:
    """False only when no pattern can match (a test checks this against every kind)."""
    low = text.lower()
    for kind, pat, hints in _PATTERNS:
        if _applies(hints, low) and (kind != "credential assignment" or _credentials(pat, text, low)):
            return True
    data = _utf8(text)
    if any(i not in _ALWAYS or _rule_spans(text, data, i) for i in _rules_for(data)):
        return True
    return bool(_key_material(text))


def _random_base64(tok: str) -> bool:
    """Looks like encoded bytes, not a path or a word run: mixed case, digits at about base64's rate
    (1 in 6; at least 1 in 32) and few slashes (a path has one every few letters; base64, 1 in 64)."""
    n = len(tok)
    return (sum(c.isdigit() for c in tok) * 32 >= n and tok.count("/") * 20 <= n
            and any(c.isupper() for c in tok) and any(c.islower() for c in tok))


def _key_material(text: str) -> list[tuple[int, int]]:
    """Spans of base64 runs on two or more adjacent lines (the body of a key block without its BEGIN
    line), plus the shorter last line of such a block. Hex-only runs (hashes) and runs that are not
    mixed-case with digits (identifiers, padding) do not count. Only long lines with at most two spaces
    are searched (a key line is one word, maybe after a line number or a path): most text is skipped
    without a regex."""
    by_line: dict[int, tuple[int, int]] = {}
    next_line: dict[int, int] = {}  # offset of the line after a run line
    lines = text.split("\n")
    offset = 0
    for i, line in enumerate(lines):
        if len(line) >= 60 and line.count(" ", 0, 200) - (len(line) - len(line.lstrip(" "))) <= 2:
            for m in _B64_RUN.finditer(line):
                if _random_base64(m.group()):
                    by_line[i] = (offset + m.start(), offset + m.end())
                    next_line[i] = offset + len(line) + 1
                    break
        offset += len(line) + 1
    if len(by_line) < 2:
        return []
    spans = [span for ln, span in by_line.items() if ln - 1 in by_line or ln + 1 in by_line]
    for ln in list(by_line):  # a block's last, shorter line
        if ln - 1 in by_line and ln + 1 not in by_line and ln + 1 < len(lines):
            tail = _B64_TAIL.search(lines[ln + 1])
            if tail is not None:
                base = next_line[ln]
                spans.append((base + tail.start(), base + tail.start() + len(tail.group().rstrip())))
    return spans


def find_secrets(text: str) -> list[Finding]:
    """Every secret-looking span in `text`, non-overlapping (an earlier pattern wins), in order."""
    low = text.lower()
    taken = _Spans()
    found: list[Finding] = []
    for n, (kind, pat, hints) in enumerate(_PATTERNS):
        if n == _GENERIC_FROM:  # the provider formats before the generic `name = value` and URL checks
            data = _utf8(text)
            for idx in _rules_for(data):
                for start, end in _rule_spans(text, data, idx):
                    if taken.add(start, end):
                        found.append(Finding(RULES[idx].kind, start, end))
        if not _applies(hints, low):
            continue
        for m in _credentials(pat, text, low) if kind == "credential assignment" else pat.finditer(text):
            if kind == "credential assignment":
                key = text[m.start() : m.start("val")].strip(" \t:=\"'")
                if _PUBLIC_KEY_TOKEN.search(text, max(0, m.start() - 9), m.end()):
                    continue  # a .NET assembly name's PublicKeyToken: a hash of a public key, printed in every build
                prose = _PROSE_GOES_ON.match(text, m.end()) is not None
                if not m.group("q") and not key.isupper() and _STATEMENT_END.match(text, m.end()) \
                        and _a_name(text, m.group("val"), m.start("val"), text[m.start():m.start("val")]):
                    # `token = scheme;` (Capacitor's UriMatcher): a statement of code assigning a name the code
                    # declares elsewhere (`String scheme`); `Password=hunter;` in a connection string names nothing
                    continue
                if not _credential_value(m.group("val"), quoted=bool(m.group("q")), config_key=key.isupper(), key=key,
                                         prose=prose):
                    continue
                start, end = m.span("val")
            elif kind == "password in URL":
                if _URL_PLACEHOLDER.match(m.group("val")):
                    continue
                start, end = m.span("val")
            else:
                start, end = m.span()
            if taken.add(start, end):
                found.append(Finding(kind, start, end))
    for start, end in _key_material(text):
        if taken.add(start, end):
            found.append(Finding(_KEY_MATERIAL, start, end))
    found.sort(key=lambda f: f.start)
    return found


#: right after an unquoted value: a `;` ending a statement of code (an INI comment's `;` follows a space)
_STATEMENT_END = re.compile(r";[ \t]*(?:$|[\r\n}]|//|/\*|#)", re.M)


def _a_name(text: str, val: str, at: int, assign: str) -> bool:
    """Whether an unquoted value before a statement's `;` is a name of the code: letters and underscores only, and
    either written as a whole word elsewhere in the text too (a declaration, another use) or assigned as code spaces
    it (`token = scheme;`, a lower-case name; a read of a few lines holds no declaration). A secret is neither:
    `Password=hunterabc;` in a connection string, `api_token=a8f5..;`."""
    if not re.fullmatch(r"[A-Za-z_]+", val):
        return False
    if re.search(r"\s=\s", assign) and val[:1].islower():
        return True
    return any(m.start() != at for m in re.finditer(rf"(?<![\w$]){re.escape(val)}(?![\w$])", text))
_PUBLIC_KEY_TOKEN = re.compile(r"PublicKeyToken[ \t]*=[ \t]*(?:[0-9a-fA-F]{16}|null)\b")
_WORDS = re.compile(r"^[A-Za-z]+(?:[_\-.:][A-Za-z]+)+$")  # words joined by separators: a label or a key name
_CODE_WORDS = frozenset({"none", "null", "true", "false", "self", "cls", "this", "value", "values", "data", "args", "kwargs",
                         "config", "settings", "options", "params", "request", "response", "result", "str", "bytes",
                         "bool", "int", "string", "object", "optional", "undefined", "default", "secret", "secrets",
                         "token", "tokens", "password", "passwd", "credentials", "getpass", "environ", "input",
                         # a language's operator words starting an expression (`type SkipToken = typeof skipToken`
                         # was redacted in a TanStack query-core read, run 503)
                         "typeof", "keyof", "lambda", "function", "require", "instanceof", "readonly", "unique",
                         "static", "nameof", "sizeof", "alignof", "decltype"})
_NAME_VALUE = re.compile(r"^[A-Za-z_][\w.]*(?:::[A-Za-z_][\w.]*)*$")  # an identifier, dotted name or path (`private::Sealed`)


# A lower-case word and another after it: a sentence goes on ("without a token: anyone who can reach ...").
_PROSE_GOES_ON = re.compile(r"[ \t]+[a-z]{2,}\b")


def _credential_value(val: str, *, quoted: bool, config_key: bool, key: str = "", prose: bool = False) -> bool:
    """Whether an assigned value looks like a secret. Quoted: anything but a placeholder or a label
    (`"session-token"`). Unquoted values are code as often as config: `token = token[:-1]`,
    `refresh_token: RefreshTokenT`, `password=auth_info[2]`, `client_secret=client_secret` are code;
    `password: correcthorsebatterystaple`, `PASSWORD=hunter2`, `api_key: abcd1234efgh` are config. A call,
    subscript or type expression never counts; a name shaped like code (snake_case, dotted, CamelCase, a
    common word, or sharing 4 letters with its key) counts only with three digits or an upper-case key. A
    lower-case word followed by more words (`prose`) is a sentence, not a value."""
    if _PLACEHOLDER.match(val):
        return False
    if not quoted and re.fullmatch(r"[A-Z][A-Za-z]*(?:\.[A-Z][A-Za-z]*)*\?", val):
        # a nullable type, `token: ReadableMap?` (Kotlin, Swift, C#): judged as the name it is (a password ending in
        # `!`, or with digits, is no type name: review of stop 59)
        val = val[:-1]
    digits = sum(c.isdigit() for c in val)
    if quoted:  # without digits: a long single word may be a passphrase; `"session-token"` is a label
        return digits > 0 or (len(val) >= 12 and not _WORDS.match(val))
    if not re.search(r"[A-Za-z]", val) or re.search(r"[\[\](){}|<>]", val):
        return False
    if val.endswith(":") and val[:-1].lower() in ("lambda", "function"):
        return False  # `default_token = lambda: None`
    if not _NAME_VALUE.match(val):
        return True  # s3cr3t-v4lue, a+b/c=: punctuation no identifier has
    if digits >= 3 or config_key:
        return True
    if prose and val.isalpha() and val.islower():
        return False
    low = val.lower()
    code_like = ("_" in val or "." in val or "::" in val or re.search(r"[a-z][A-Z]", val) is not None or low in _CODE_WORDS
                 or any(low[i : i + 4] in re.sub(r"[_\-]", "", key.lower()) for i in range(len(low) - 3)))
    return not code_like and len(val) >= 6


_CREDENTIAL_WORDS = ("pass", "pwd", "secret", "token", "key")


def _credentials(pat: re.Pattern[str], text: str, low: str) -> list[re.Match[str]]:
    """The credential pattern's matches, tried only where one of its words occurs (a case-insensitive
    alternation scanned from every position costs ~0.1 ms per KB; the words are rare)."""
    starts: set[int] = set()
    for word in _CREDENTIAL_WORDS:
        i = low.find(word)
        while i >= 0:
            starts.update(range(max(0, i - 7), i + 1))  # `api_`, `access_`, `client_` come before `key`/`secret`
            i = low.find(word, i + 1)
    out: list[re.Match[str]] = []
    covered = -1
    for i in sorted(starts):
        if i < covered:
            continue
        m = pat.match(text, i)
        if m is not None:
            out.append(m)
            covered = m.end()
    return out


class _Spans:
    """Non-overlapping [start, end) spans kept sorted; `add` refuses one that overlaps."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def add(self, start: int, end: int) -> bool:
        i = bisect.bisect_left(self.starts, start)
        if i > 0 and self.ends[i - 1] > start:
            return False
        if i < len(self.starts) and self.starts[i] < end:
            return False
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        return True


def redact(text: str, *, keep_lines: bool = False) -> tuple[str, Counter[str]]:
    """Replace each secret with `[REDACTED <kind>]`; return the new text and the count per kind.
    With keep_lines, a multi-line secret (a private key block) keeps its line breaks."""
    text = neutralize_controls(text)
    findings = find_secrets(text)
    if not findings:
        return text, Counter()
    parts: list[str] = []
    pos = 0
    counts: Counter[str] = Counter()
    for f in findings:
        parts.append(text[pos : f.start])
        parts.append(f"[REDACTED {f.kind}]" + ("\n" * text.count("\n", f.start, f.end) if keep_lines else ""))
        counts[f.kind] += 1
        pos = f.end
    parts.append(text[pos:])
    return "".join(parts), counts


def line_spans(text: str) -> dict[int, list[tuple[int, int, str]]]:
    """The secrets of `text` per line: 0-based line index (lines split at '\\n') -> (start, end, kind) spans in
    that line's own character offsets. A secret over several lines (a key block) covers the rest of its first
    line, its middle lines whole and the start of its last line."""
    out: dict[int, list[tuple[int, int, str]]] = {}
    findings = find_secrets(text)
    if not findings:
        return out
    starts = [0]
    i = text.find("\n")
    while i != -1:
        starts.append(i + 1)
        i = text.find("\n", i + 1)
    for f in findings:
        first = bisect.bisect_right(starts, f.start) - 1
        last = bisect.bisect_right(starts, max(f.start, f.end - 1)) - 1
        for ln in range(first, last + 1):
            line_end = (starts[ln + 1] - 1) if ln + 1 < len(starts) else len(text)
            lo = max(f.start, starts[ln]) - starts[ln]
            hi = min(f.end, line_end) - starts[ln]
            if hi > lo:
                out.setdefault(ln, []).append((lo, hi, f.kind))
    return out


# C0 controls but tab and newline, a carriage return not before a newline, DEL and C1 controls (ANSI escapes and
# other terminal commands), bidi embeddings, overrides and isolates (text that reads differently than it runs),
# and Unicode tag characters (invisible text a model still reads).
_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\U000e0000-\U000e007f]")
_LONE_CR = re.compile("\r(?!\n)")


def _visible(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


def neutralize_controls(text: str) -> str:
    """`text` with terminal controls, bidi overrides and tag characters spelled out (`\\x1b`, `\\u202e`): the
    reader sees that they are there, no terminal acts on them and no text is hidden. Tabs, newlines and CRLF
    line ends stay."""
    if _CONTROLS.search(text):
        text = _CONTROLS.sub(_visible, text)
    return _LONE_CR.sub(_visible, text) if "\r" in text else text


_TOKEN = re.compile(r"^[A-Za-z0-9+/=_\-]{8,}$")


def secret_fragments(text: str) -> dict[str, str]:
    """The pieces of every secret found in `text`, with their kind: what to scrub from other strings
    that carry parts of the same text (see `scrub`). A one-line secret is one piece; a block (a key)
    gives each of its base64-like words of 8+ characters, so a line shown with a prefix (`path-2- `)
    in the text still matches the bare line in a structured hit."""
    out: dict[str, str] = {}
    for f in find_secrets(text):
        span = text[f.start : f.end]
        if "\n" not in span.strip():
            if len(span.strip()) >= 8:
                out.setdefault(span.strip(), f.kind)
            continue
        for word in span.split():  # key lines (or a block's short last line), never a variable name near it
            if _TOKEN.match(word) and not word.startswith("-----") and (
                    _random_base64(word) and len(word) >= 20 or word.endswith("=") and len(word) >= 8):
                out.setdefault(word, f.kind)
    return out


def scrub(text: str, fragments: dict[str, str]) -> tuple[str, Counter[str]]:
    """`redact`, then replace every fragment (from `secret_fragments` of a related text) still present."""
    text, counts = redact(text)
    for frag, kind in fragments.items():
        if frag in text:
            counts[kind] += text.count(frag)
            text = text.replace(frag, f"[REDACTED {kind}]")
    return text, counts


KEY_BLOCK = "[REDACTED private key block]"


def redact_key_block_lines(text: str, lines: list[str]) -> list[str]:
    """`lines` (the lines of `text`, or a same-length view of them) with every line of a private key block
    (BEGIN ... PRIVATE KEY ... END) replaced by the marker; text before BEGIN and after END on their lines
    is kept. For answers that show some lines of a file: a range or a search hit inside a block has no
    BEGIN line for `redact` to see, so one-line reads could rebuild a key."""
    if "PRIVATE KEY" not in text:
        return lines
    blocks = [f for f in find_secrets(text) if f.kind == "private key block"]
    if not blocks:
        return lines
    out = list(lines)
    starts = [0]  # character offset of each line start
    for ln in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(ln) + 1)
    for f in blocks:
        first = bisect.bisect_right(starts, f.start) - 1
        last = bisect.bisect_right(starts, max(f.start, f.end - 1)) - 1
        for i in range(first, min(last, len(out) - 1) + 1):
            head = text[starts[i]:f.start].rstrip("\r") if i == first else ""
            tail = text[f.end:starts[i + 1] - 1 if i + 1 < len(starts) else len(text)].rstrip("\r") if i == last else ""
            out[i] = f"{head}{KEY_BLOCK}{tail}"
    return out
