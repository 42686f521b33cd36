"""Secret detection and redaction shared by the shaping pipeline (outgoing text) and memory (refusing saves).

Patterns cover AWS access keys, GitHub/GitLab/Slack/OpenAI/Anthropic tokens, private key blocks, JWTs
and `password=`/`secret=`/`token=`-style assignments. Each finding names its kind so a refusal or a
redaction marker can say what was found without repeating it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

__all__ = ["Finding", "find_secrets", "may_hold_secrets", "redact", "SECRET_KINDS"]

_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("private key block", re.compile(r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)")),
    ("AWS access key", re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b")),
    ("GitHub token", re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b")),
    ("GitLab token", re.compile(r"\bglpat-[A-Za-z0-9_\-]{20,}\b")),
    ("Slack token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}\b")),
    ("Anthropic key", re.compile(r"\bsk-ant-[A-Za-z0-9_\-]{20,}\b")),
    ("OpenAI key", re.compile(r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}\b")),
    ("JWT", re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b")),
    (
        "credential assignment",
        re.compile(
            r"""(?ix)
            \b(?:[a-z0-9_]*?(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|client[_-]?secret))
            \s*[:=]\s*
            (?P<q>["']?)(?P<val>(?!\s)[^\s"'`,;]{6,})(?P=q)
            """
        ),
    ),
]

SECRET_KINDS = tuple(kind for kind, _ in _PATTERNS)

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


@dataclass(frozen=True)
class Finding:
    kind: str
    start: int
    end: int


# Every pattern above contains one of these (lower-cased), or is a credential assignment
# (`password=`, `api_key: `...): a cheap pre-check before the full patterns run on large outputs.
_HINTS = ("akia", "asia", "abia", "acca", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "glpat-", "xox",
          "sk-", "eyj", "private key")
_ASSIGNMENT_HINT = re.compile(r"(?i)(?:passwd|password|pwd|secret|token|key)[\w-]*[\"']?\s*[:=]")


def may_hold_secrets(text: str) -> bool:
    """False only when no pattern can match (a test checks this against every kind)."""
    low = text.lower()
    return any(h in low for h in _HINTS) or _ASSIGNMENT_HINT.search(text) is not None


def find_secrets(text: str) -> list[Finding]:
    """Every secret-looking span in `text`, non-overlapping, in order."""
    if not may_hold_secrets(text):
        return []
    found: list[Finding] = []
    taken: list[tuple[int, int]] = []
    for kind, pat in _PATTERNS:
        for m in pat.finditer(text):
            if kind == "credential assignment":
                val = m.group("val")
                if _PLACEHOLDER.match(val) or not re.search(r"[0-9]", val) and len(val) < 12:
                    continue
                start, end = m.span("val")
            else:
                start, end = m.span()
            if any(s < end and start < e for s, e in taken):
                continue
            taken.append((start, end))
            found.append(Finding(kind, start, end))
    found.sort(key=lambda f: f.start)
    return found


def redact(text: str, *, keep_lines: bool = False) -> tuple[str, Counter[str]]:
    """Replace each secret with `[REDACTED <kind>]`; return the new text and the count per kind.
    With keep_lines, a multi-line secret (a private key block) keeps its line breaks."""
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
