"""The shaping pipeline: count tokens once, pick a tier, digest by content kind, store what was cut, redact secrets.

    passthrough  raw <= max_direct_passthrough (or an explicit range/entry <= max_digest_threshold): untouched
    digest       raw <= max_digest_threshold: signal lines verbatim with line numbers, the rest folded
    overview     larger: a table and a hit list within shaping.overview_budget

Whenever anything is cut the full text goes to the ResultStore and the header names the handle and
the `fetch_result` call that gets any part of it back. Token figures are honest: `raw_tokens` is the
whole text the tool produced, `tokens` everything delivered in the text content (header and markers
included), `structured_tokens` the structuredContent, reported separately.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import orjson

from contexteer.config import Settings
from contexteer.secrets import redact, secret_fragments
from contexteer.shaping.digest_code import digest_code
from contexteer.shaping.digest_json import digest_json
from contexteer.shaping.digest_log import digest_log
from contexteer.shaping.digest_search import digest_search
from contexteer.shaping.digest_text import digest_text
from contexteer.shaping.fold import Digest, DigestInput, LineSet, clip, split_lines
from contexteer.shaping.kinds import KINDS
from contexteer.shaping.signals import compile_terms
from contexteer.shaping.store import ResultStore
from contexteer.shaping.structured import redact_structured, shrink_structured
from contexteer.shaping.tokens import get_counter

logger = logging.getLogger(__name__)

__all__ = ["ShapeRequest", "Shaped", "Pipeline", "redact_keep_lines", "digest_budget"]


@dataclass
class ShapeRequest:
    text: str  # the tool's text content
    kind: str  # "code"|"log"|"search"|"json"|"text"|"markdown"
    terms: list[str] = field(default_factory=list)  # lines matching them are always kept
    explicit: bool = False  # caller asked for exactly this: passthrough while <= max_digest_threshold
    is_error: bool = False
    tool: str = ""
    structured: dict[str, Any] | None = None  # structuredContent; shrunk (schema-valid) when the text is cut
    outline: list[tuple[int, int, str, str]] | None = None  # (start, end, name, kind) in the text's numbering
    path: str | None = None  # source path, for headers
    first_line: int = 1  # number of the text's first line (a file range starting at line 200 -> 200)
    args: dict[str, Any] | None = None  # the call's (masked) arguments, kept with a handle to say how to recompute


@dataclass
class Shaped:
    text: str
    structured: dict[str, Any] | None
    tier: str  # "passthrough"|"digest"|"overview"
    raw_tokens: int
    tokens: int
    handle: str | None
    redactions: dict[str, int]
    estimated: bool
    structured_tokens: int = 0
    structured_cut: bool = False

    @property
    def meta(self) -> dict[str, Any]:
        """The `_meta` figures of a result (the middleware puts them under its own namespace)."""
        out: dict[str, Any] = {
            "tier": self.tier,
            "raw_tokens": self.raw_tokens,
            "tokens": self.tokens,
            "handle": self.handle,
            "estimated": self.estimated,
            "structured_tokens": self.structured_tokens,
        }
        if self.redactions:
            out["redactions"] = dict(self.redactions)
        if self.structured_cut:
            out["structured_cut"] = True
        return out


def redact_keep_lines(text: str) -> tuple[str, Counter[str]]:
    """secrets.redact, but a multi-line secret (a private key block) keeps its line count, so line
    numbers of the digest and of fetch_result stay those of the original."""
    return redact(text, keep_lines=True)


def digest_budget(settings: Settings, raw_tokens: int) -> int:
    """Token budget of a digest: at most the overview budget, at most half the raw size, at least the passthrough size."""
    cm = settings.context_mode_mcp
    return min(settings.shaping.overview_budget, max(cm.max_direct_passthrough, raw_tokens // 2))



def _merged(text_counts: Counter[str], structured_counts: Counter[str]) -> dict[str, int]:
    """Redactions per kind in one result: the text and the structured copy usually show the same secret,
    so the larger of the two counts (not their sum)."""
    return {k: max(text_counts.get(k, 0), structured_counts.get(k, 0)) for k in text_counts.keys() | structured_counts.keys()}

class Pipeline:
    def __init__(self, settings: Settings, store: ResultStore) -> None:
        self.settings = settings
        self.store = store
        self.counter = get_counter(settings.shaping.encoding)

    @property
    def estimated(self) -> bool:
        return self.counter.estimated

    def count(self, text: str) -> int:
        return self.counter.count(text)

    def shape(self, req: ShapeRequest) -> Shaped:
        cm = self.settings.context_mode_mcp
        text = req.text or ""
        raw_tokens = self.count(text)
        kind = req.kind if req.kind in KINDS else "text"
        if raw_tokens <= cm.max_direct_passthrough or (req.explicit and raw_tokens <= cm.max_digest_threshold):
            out, pred = redact_keep_lines(text)
            tokens = raw_tokens if out is text else self.count(out)
            # structuredContent of a small text is left alone unless it is pathologically large
            # JSON of the same content fits: escaping, keys and quotes cost ~3.3x compact text for lists of
            # small objects (an outline's symbols)
            cap = max(cm.max_digest_threshold * 6, len(text) * 4 + 2048)
            frags = secret_fragments(text) if pred else {}
            structured, sred, stokens, scut = self._structured(req.structured, cap, frags)
            return Shaped(out, structured, "passthrough", raw_tokens, tokens, None, _merged(pred, sred), self.estimated, stokens, scut)

        tier = "digest" if raw_tokens <= cm.max_digest_threshold else "overview"
        budget = digest_budget(self.settings, raw_tokens) if tier == "digest" else self.settings.shaping.overview_budget
        first_line = req.first_line
        pre: list[str] = []
        post: list[str] = []
        numbered = unnumber(text)
        if numbered is not None:  # `  12│code` lines of a file range: digest and store the file's own lines
            pre, text, first_line, post = numbered
        reformatted = False
        if kind == "json" and _minified(text):  # minified JSON: store it pretty-printed so lines address it
            pretty = _pretty_json(text)
            if pretty is not None:
                text, reformatted = pretty, True
                pre = ["(minified JSON: stored pretty-printed with 2-space indent; fetch_result lines refer to that form)"]
        meta = {"tool": req.tool, "args": req.args or {}, "first_line": first_line, "raw_tokens": raw_tokens, "path": req.path}
        if reformatted:
            meta["reformatted"] = "json-indent-2"
        handle = self.store.put(text, kind, meta)
        red: Counter[str] = Counter()
        source = text
        if "PRIVATE KEY" in text:  # a key block's middle lines are not secrets on their own: redact it whole first
            source, red = redact_keep_lines(text)
        ls = LineSet(source, raw_tokens, first_line, self.counter)
        ls.chars_per_token = max(1.0, len(req.text) / max(1, raw_tokens))
        terms = compile_terms(req.terms)
        dkind = "log" if req.is_error and kind not in ("code", "search") else kind
        body_budget = float(budget)
        for attempt in range(4):  # estimates are per line; the real count of the (small) result decides
            digest = self._digest(dkind, DigestInput(ls, tier, body_budget * 0.96 - 60, terms, req.outline))
            out = self._assemble(tier, kind, req, ls, raw_tokens, handle, digest, pre, _fit_tail(post, ls, body_budget / 4))
            out_red, r2 = redact_keep_lines(out)
            tokens = self.count(out_red)
            logger.debug("shape attempt %d: body budget %.0f -> %d tokens (budget %d)", attempt, body_budget, tokens, budget)
            if tokens <= budget or attempt == 3:
                break
            body_budget *= 0.9 * budget / tokens
        if tokens > budget * 1.1:  # last resort (pathological lines): cut the rendering itself, say so
            keep = split_lines(out_red)
            while len(keep) > 2 and tokens > budget:
                keep = keep[: max(2, int(len(keep) * min(0.9, budget / tokens)))]
                tokens = self.count("\n".join(keep) + "\n… overview cut to its budget; use fetch_result")
            out_red = "\n".join(keep) + "\n… overview cut to its budget; use fetch_result"
            tokens = self.count(out_red)
        red += r2
        frags = secret_fragments(text) if req.structured is not None else {}
        structured, sred, stokens, scut = self._structured(req.structured, int(budget * 4), frags)
        return Shaped(out_red, structured, tier, raw_tokens, tokens, handle, _merged(red, sred), self.estimated, stokens, scut)

    # ----- helpers ------------------------------------------------------------------------------
    def _digest(self, kind: str, inp: DigestInput) -> Digest:
        result: Digest | None = None
        if kind == "search":
            result = digest_search(inp)
        elif kind == "json":
            result = digest_json(inp)
        elif kind == "code":
            result = digest_code(inp)
        elif kind == "log":
            result = digest_log(inp)
        elif kind == "markdown":
            result = digest_text(inp, markdown=True)
        if result is None:
            result = digest_text(inp, markdown=False) if kind != "json" else digest_log(inp)
        return result

    def _assemble(
        self, tier: str, kind: str, req: ShapeRequest, ls: LineSet, raw_tokens: int, handle: str, d: Digest, pre: list[str], post: list[str]
    ) -> str:
        n = len(ls)
        where = f"{req.path} " if req.path else ""
        first = ls.first
        last = first + n - 1
        span = min(n, 150)
        rng = d.example_range or (first, first + span - 1)
        how = f'fetch_result(handle="{handle}", start_line={rng[0]}, end_line={rng[1]})'
        if d.pattern:
            how += f' or fetch_result(handle="{handle}", pattern={_quote(d.pattern)})'
        lines_txt = f"lines {first}-{last}" if first != 1 else f"{n:,} lines"
        header = (
            f"[{tier} of {where}{kind}: {lines_txt}, {raw_tokens:,} tokens; {d.stats}. "
            f"Cut parts are kept: {how}]"
        )
        return "\n".join([header, *(clip(p, 300) for p in pre[:3]), *d.body, *post])

    def _structured(self, structured: dict[str, Any] | None, max_bytes: int,
                    fragments: dict[str, str]) -> tuple[dict[str, Any] | None, Counter[str], int, bool]:
        """Shrink (schema-valid) to about `max_bytes` of JSON, redact every string (and the text's secret
        fragments in it), count its tokens once."""
        if structured is None:
            return None, Counter(), 0, False
        obj, cut = shrink_structured(structured, max_bytes)
        obj, counts = redact_structured(obj, fragments)
        return obj, counts, self.count(orjson.dumps(obj).decode()), cut


_NUMBERED = re.compile(r"^ *(\d+)│")


def unnumber(text: str) -> tuple[list[str], str, int, list[str]] | None:
    """Split `header / N│line… / footer` (a numbered file range) into its parts and the file's own lines."""
    lines = split_lines(text)
    start = next((i for i, ln in enumerate(lines[:6]) if _NUMBERED.match(ln)), None)
    if start is None:
        return None
    m = _NUMBERED.match(lines[start])
    assert m is not None
    first = expect = int(m.group(1))
    body: list[str] = []
    end = start
    for end in range(start, len(lines)):
        m = _NUMBERED.match(lines[end])
        if m is None or int(m.group(1)) != expect:
            break
        body.append(lines[end][m.end() :])
        expect += 1
    else:
        end = len(lines)
    if len(body) < max(3, len(lines) // 2):
        return None
    return lines[:start], "\n".join(body), first, lines[end:]


def _minified(text: str) -> bool:
    """Few, very long lines (average over 400 characters): nothing a line range could address."""
    return len(text) > 4000 and (text.count("\n") + 1) * 400 < len(text)


def _pretty_json(text: str) -> str | None:
    try:
        return orjson.dumps(orjson.loads(text), option=orjson.OPT_INDENT_2).decode()
    except (orjson.JSONDecodeError, TypeError):
        return None


def _fit_tail(post: list[str], ls: LineSet, budget: float) -> list[str]:
    """The lines after a numbered range (a footer, semantic context), as many as fit a quarter of the budget."""
    out: list[str] = []
    used = 0.0
    for i, line in enumerate(post):
        c = ls.est(clip(line, 300))
        if used + c > budget:
            out.append(f"… {len(post) - i} more lines after the range (in the tool's full output; re-run it to see them)")
            break
        used += c
        out.append(clip(line, 300))
    return out


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


