"""Line classification shared by the digesters: which lines are errors, warnings, TODOs, frames, summaries."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

from contexteer.errors import InputError
from contexteer.patterns import AnyOf, LiteralTerms, Matcher, SafeRegex, literal_terms

logger = logging.getLogger(__name__)

# Priorities: lower is kept first when the budget is tight.
SUMMARY = -1  # "3 failed, 302 passed", "error: could not compile": few, and they say the most
ERROR = 0
FRAME = 1
WARNING = 2
TODO = 3
DEFINITION = 4
TERM = 5
CONTEXT = 6

#: The first term matches of a request outrank definitions: the agent asked for exactly these lines.
TERM_FIRST = 3.5
TERM_FIRST_COUNT = 25

LABELS = {SUMMARY: "summary lines", ERROR: "errors", FRAME: "frames", WARNING: "warnings", TODO: "TODO/FIXME", DEFINITION: "definitions", TERM: "term matches", CONTEXT: "context"}

# Summary lines, checked per line in three cheap steps (one alternation of a dozen `\b`-led branches costs
# ~60 us on a 120-character line; these cost a few).
_SUMMARY_COUNT = re.compile(
    r"\d+\s+(?:passed|failed|errors?|skipped|xfailed|xpassed|warnings?|deselected|tests?\s+(?:passed|failed|ran)|problems?|vulnerabilities)\b"
)
_SUMMARY_AT_START = re.compile(
    r"=+[ \t].*\b(?:passed|failed|error|errors|no tests ran)\b.*\s=+$|(?:OK|FAILED)(?: \(.*\))?$|(?:PASS|FAIL|ok)[ \t]+\S+[ \t]+[\d.]+s$"
)
_SUMMARY_WORDS = ("Ran ", "could not compile", "Successfully ", "BUILD ", "Test", "exit")
_SUMMARY_PHRASE = re.compile(
    r"\bRan \d+ tests? in\b|\berror: could not compile\b|\bSuccessfully (?:installed|built|uninstalled)\b"
    r"|\bBUILD (?:SUCCESS(?:FUL)?|FAILED|FAILURE)\b|\bTests?:\s+\d+|\bexit(?:ed)? (?:with )?(?:code|status) \d+"
)


def is_summary(line: str) -> bool:
    if _SUMMARY_AT_START.match(line):
        return True
    if any(w in line for w in _SUMMARY_WORDS) and _SUMMARY_PHRASE.search(line):
        return True
    # "3 passed, 1 failed" is a run's total; "ERROR worker-6 job 6 failed: ..." is an error that has a number
    counts = _SUMMARY_COUNT.findall(line)
    return len(counts) >= 2 or (len(counts) == 1 and ERROR_RE.search(line) is None)


ERROR_RE = re.compile(
    r"""(?xm)
    (?<![\w.-])(?:ERROR|ERR!|FATAL|CRITICAL|FAIL|FAILED|FAILURE|PANIC|SEVERE)(?![\w-])
    | \b[A-Z]\w*(?:Error|Exception|Exit)\b(?!\s*=)
    | \bTraceback\ \(most\ recent\ call\ last\) | \bpanic:\ | (?<![\w-])(?:error|fatal)(?:\[\w+\])?:\s
    | \bError:\s | (?i:\bfailed\b|\berrors?\ occurred\b|\bsegmentation\ fault\b|\bcore\ dumped\b)
    | (?<![\w/.-])error(?![\w/.-]) | ^E[ \t]{2,}\S | ^>[ \t]{3} | \bassert(?:ion)?\b | \bnon-zero\ exit\ status\b | \bUnhandled\b | \bCould\ not\b | \bcannot\ \b
    """
)

WARNING_RE = re.compile(r"(?<![\w-])(?:WARN|WARNING|Warning|warning|DEPRECATED|[Dd]eprecated|[A-Z]\w*Warning)(?![\w-])")
TODO_RE = re.compile(r"(?<![\w-])(?:TODO|FIXME|XXX|HACK)(?![\w-])")

FRAME_RE = re.compile(
    r"""(?xm)
    ^[ \t]*File\ "[^"\n]+",\ line\ \d+                 # Python
    | ^[ \t]+at\ .*[\w.]+:\d+(?::\d+)?\)?[ \t]*$        # JS / Java
    | ^[ \t]*-->[ \t]+\S+:\d+:\d+                       # Rust
    | ^[ \t]+\S+\.go:\d+(?:\ \+0x[0-9a-f]+)?$        # Go
    | ^[\w./\\-]+\.\w{1,5}:\d+(?::\d+)?:\ ?(?:in\ |error|warning|note|E\d)  # file:line: message (gcc, pytest, mypy, ruff)
    | ^[ \t]*\#\d+[ \t]+0x[0-9a-f]+\ in\                   # gdb
    """
)

DEF_RE = re.compile(
    r"""(?xm)
    ^[ \t]*(?:export[ \t]+)?(?:default\s+)?(?:pub(?:\([\w:]+\))?\s+)?(?:(?:public|private|protected|internal|static|final|abstract|sealed|override|virtual|async|unsafe|extern|inline|const)\s+)*
    (?:(?:def|class|function|func|fn|struct|enum|trait|impl|interface|module|namespace|record|object|protocol|extension)(?![\w$-])\*?|type\s+\w+\s*[=<{]|macro_rules!)\s*[\w<($\[{"']
    """
)
# C-like / Java-like method definitions: `ret name(args) {` possibly with the brace on the next line
CDEF_RE = re.compile(r"^[ \t]{0,8}(?!(?:if|for|while|switch|return|else|catch|case|do|sizeof|new|throw)\b)[A-Za-z_][\w:<>,*&\[\] \t]*?[\w>*&][ \t]+\*?[A-Za-z_~][\w:]*[ \t]*\([^;\n]*\)[ \t]*(?:const[ \t]*)?(?:\{[ \t]*)?$", re.M)

_INDENT_RE = re.compile(r"^[ \t]*")


_SINGULAR = {"summary lines": "summary line", "errors": "error", "frames": "frame", "warnings": "warning",
             "definitions": "definition", "term matches": "term match", "headings": "heading"}


def counted(counts: dict[str, int]) -> str:
    """`3 errors, 1 warning` from label counts (zero counts left out)."""
    return ", ".join(f"{v} {_SINGULAR.get(k, k) if v == 1 else k}" for k, v in counts.items() if v)


def promote_terms(items: list, label: str = "term matches") -> None:  # type: ignore[type-arg]
    """Raise the first TERM_FIRST_COUNT term-match items (in line order) above definitions."""
    n = 0
    for it in sorted((i for i in items if i.label == label and i.prio == TERM), key=lambda i: i.start):
        if n >= TERM_FIRST_COUNT:
            break
        it.prio = TERM_FIRST
        n += 1


def log_priority(line: str) -> int | None:
    """Priority of a log/output line, or None for an ordinary line."""
    if is_summary(line):
        return SUMMARY
    if ERROR_RE.search(line):
        return ERROR
    if FRAME_RE.search(line):
        return FRAME
    if WARNING_RE.search(line):
        return WARNING
    if TODO_RE.search(line):
        return TODO
    return None


def text_priority(line: str) -> int | None:
    """Priority of a prose/markdown line: only explicit markers count (no bare 'error' in prose)."""
    if re.search(r"(?<![\w-])(?:ERROR|FATAL|FAILED|CRITICAL)(?![\w-])|^E\s{2,}|Traceback \(most recent", line):
        return ERROR
    if re.search(r"(?<![\w-])(?:WARNING|WARN|DEPRECATED)(?![\w-])|^\s*(?:>\s*)?\*\*?(?:Warning|Caution|Danger)", line):
        return WARNING
    if TODO_RE.search(line):
        return TODO
    return None


def code_priority(line: str) -> int | None:
    """TODO/FIXME markers and merge-conflict markers; definitions are found separately."""
    if line.startswith(("<<<<<<< ", ">>>>>>> ")) or line == "=======":
        return ERROR
    if TODO_RE.search(line):
        return TODO
    return None


def is_definition(line: str) -> bool:
    return bool(DEF_RE.match(line) or (line[:1] not in (" ", "\t", "#", "/", "*", "") and CDEF_RE.match(line)))


def indent_of(line: str) -> int:
    m = _INDENT_RE.match(line)
    return len(m.group(0).expandtabs(4)) if m else 0


#: Regex terms (a search's own regex) run on RE2 within these bounds; past them a term is taken literally
#: (too large) or stops being marked (too slow): marking lines is a hint, never worth an error or a stall.
#: Small results are shaped on the event loop, so the budget is kept well under a second.
TERMS_MAX_PROGRAM = 500
TERMS_BUDGET_SECONDS = 0.25


def top_alternatives(pattern: str, *, regex: bool) -> list[str]:
    """A pattern's top-level `|` alternatives (`DurationVisitor|fn check_overflow|^\\s*#\\[cfg`), outside brackets,
    parentheses and escapes; one item when there is no such `|`. A literal pattern splits on every `|`."""
    if not regex:
        return [p for p in pattern.split("|") if p] or [pattern]
    out: list[str] = []
    depth, start, i, cls = 0, 0, 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if cls:
            cls = c != "]"
        elif c == "[":
            cls = True
        elif c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif c == "|" and depth == 0:
            out.append(pattern[start:i])
            start = i + 1
        i += 1
    out.append(pattern[start:])
    return [p for p in out if p] or [pattern]


def compile_terms(terms: Sequence[str], *, regex: bool = False) -> Matcher | None:
    """One case-insensitive matcher for the request's terms (None when there are none).

    With `regex=False` every term is taken literally (what a literal search or a symbol query means). With
    `regex=True` (the caller searched with a user regex) each term runs on RE2, which cannot backtrack; a term
    RE2 cannot run, one too large, or one that matches the empty string (it would mark every line) is taken
    literally instead. Either way no term can stall the caller (see `contexteer.patterns`).
    """
    cleaned = list(dict.fromkeys(t.strip() for t in terms if t and t.strip()))
    if not cleaned:
        return None
    if not regex:
        return literal_terms(cleaned)
    literal: list[str] = []
    matchers: list[Matcher] = []
    for t in cleaned:
        try:
            rx = SafeRegex(t, ignore_case=True, multiline=True, budget_seconds=TERMS_BUDGET_SECONDS,
                           max_program=TERMS_MAX_PROGRAM, stop_when_slow=True)
        except InputError as exc:
            logger.debug("term %.80r taken literally: %s", t, exc)
            literal.append(t)
            continue
        if rx.matches_empty():
            literal.append(t)
        else:
            matchers.append(rx)
    if literal:
        matchers.append(LiteralTerms(literal))
    return matchers[0] if len(matchers) == 1 else AnyOf(matchers)


# Cheap literal triggers: a line can only be a signal if it contains one of these (checked with str.find
# over the whole text, which is far faster than running the full patterns at every position).
LOG_TRIGGERS_CS = (
    "ERR", "FATAL", "CRITICAL", "FAIL", "PANIC", "SEVERE", "Error", "Exception", "Exit", "Traceback", "panic:",
    "error", "fatal", "assert", "Assert", "non-zero", "Unhandled", "Could not", "cannot ", "\nE  ", "\n>   ",
    "passed", "failed", "skipped", "deselected", "xfail", "xpass", "Ran ", "\nOK", "Successfully", "BUILD",
    "Tests:", "exit", "problem", "vulnerabilit", "\nok ", "\nPASS\n",
    "WARN", "Warn", "warn", "DEPRECATED", "eprecated", "TODO", "FIXME", "XXX", "HACK",
    'File "', " at ", "-->", ".go:", " 0x", ": in ", ": E", ": note",
)
LOG_TRIGGERS_CI = ("segmentation", "core dumped", "occurred")
TEXT_TRIGGERS_CS = (
    "ERROR", "FATAL", "FAILED", "CRITICAL", "\nE  ", "Traceback (most", "WARN", "DEPRECATED", "Warning", "Caution",
    "Danger", "TODO", "FIXME", "XXX", "HACK",
)
DEF_TRIGGERS = (
    "def ", "class ", "function", "func ", "fn ", "struct ", "enum ", "trait ", "impl", "interface ", "module ",
    "namespace ", "record ", "object ", "protocol ", "extension ", "type ", "macro_rules!",
)
CODE_TRIGGERS_CS = ("TODO", "FIXME", "XXX", "HACK", "<<<<<<< ", ">>>>>>> ", "\n=======\n")


def trigger_offsets(text: str, cs: tuple[str, ...], ci: tuple[str, ...] = ()) -> list[int]:
    """Offsets of every occurrence of the trigger words (case-sensitive `cs`, case-insensitive `ci`)."""
    found: list[int] = []
    for haystack, words in ((text, cs), (text.lower() if ci else "", ci)):
        for w in words:
            i = haystack.find(w)
            while i != -1:
                found.append(i + 1 if w.startswith("\n") else i)
                i = haystack.find(w, i + len(w))
    return found
