"""The shaping pipeline: one typed answer in, the text the model reads out, within its tier's budget.

    passthrough  rendered <= max_direct_passthrough, or a fitted/delimited answer <= max_digest_threshold
    page         a delimited read (lines or a symbol) larger than that: as many whole lines as fit and the
                 exact call that continues
    digest       an open answer <= max_digest_threshold: signal lines verbatim with line numbers, the rest folded
    overview     larger: a table and a hit list within shaping.overview_budget

The answer is rendered once (`answer.render`); digesters read its typed body (file lines with their first
number, hits), never a rendering. Whenever anything is cut the full body goes to the ResultStore and the
header names the handle and the `fetch_result` call that gets any part of it back. Token figures are what
the client hands the model: `raw_tokens` is the whole rendered answer, `tokens` the delivered text (header and
markers included); with structured output on, `structured_tokens` is the structuredContent, which some
clients pass instead of the text, and `delivered` the larger of the two.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import orjson
from pydantic import BaseModel

from contexteer.config import Settings
from contexteer.fitting import fit_largest, fit_rows
from contexteer.patterns import Matcher
from contexteer.secrets import redact, secret_fragments
from contexteer.shaping.answer import (
    Answer,
    FileLines,
    Hit,
    Hits,
    cap_preface,
    number_lines,
    render,
    render_page,
    render_row,
    rows_json,
)
from contexteer.shaping.fold import Digest, DigestInput, DigestTier, LineSet, clip, split_lines
from contexteer.shaping.kinds import KINDS
from contexteer.shaping.limits import MAX_ANSWER_TOKENS, answer_limit, asked_limit
from contexteer.shaping.signals import compile_terms, top_alternatives
from contexteer.shaping.store import Meta, Results
from contexteer.shaping.structured import emptied, redact_structured
from contexteer.tokens import get_counter

logger = logging.getLogger(__name__)

#: a file read whole passes whole up to this many times `context_mode_mcp.max_direct_passthrough` (4,096 tokens,
#: one answer: commonmark A/B run 374 read the 3,712-token Environment.php as an 820-token digest, then again in
#: two ranges of 3,824 tokens; three calls for one)
WHOLE_FILE_PASSTHROUGH = 8

__all__ = ["Shaped", "Pipeline", "redact_keep_lines", "digest_budget", "head_cut", "TIERS"]

#: How an answer reached the model: whole, a page of a delimited range, a digest, or an overview.
Tier = Literal["passthrough", "page", "digest", "overview"]
TIERS: tuple[Tier, ...] = ("passthrough", "page", "digest", "overview")


@dataclass
class Shaped:
    text: str
    structured: dict[str, Any] | None
    tier: Tier
    raw_tokens: int
    tokens: int
    handle: str | None
    redactions: dict[str, int]
    estimated: bool
    structured_tokens: int = 0
    structured_cut: bool = False

    @property
    def delivered(self) -> int:
        """What the client hands the model: the text, or the structuredContent where a client prefers it."""
        return max(self.tokens, self.structured_tokens)

    @property
    def meta(self) -> dict[str, Any]:
        """The `_meta` figures of a result; `tokens` is what the model receives (see `delivered`)."""
        out: dict[str, Any] = {
            "tier": self.tier,
            "raw_tokens": self.raw_tokens,
            "tokens": self.delivered,
            "text_tokens": self.tokens,
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
    def __init__(self, settings: Settings, store: Results) -> None:
        self.settings = settings
        self.store = store
        self.counter = get_counter(settings.shaping.encoding)

    @property
    def estimated(self) -> bool:
        return self.counter.estimated

    def count(self, text: str) -> int:
        return self.counter.count(text)

    def shape(self, answer: Answer, *, tool: str = "", args: Mapping[str, object] | None = None,
              is_error: bool = False) -> Shaped:
        """Shape one answer: pass it through, cut a delimited read to whole lines, or digest it; render it once."""
        cm = self.settings.context_mode_mcp
        whole = answer_limit(self.settings)
        if answer.scope == "shaped":  # several answers, each shaped alone and joined within one answer's budget
            out, red = redact_keep_lines(render(answer))
            n = self.count(out)
            return self._finish(answer, out, "passthrough", n, n, None, red, 0)  # typed fields: the joined text
        bounded = answer.scope != "open"
        preface = cap_preface(answer, whole // 2)
        full = render(answer, preface)
        raw = self.count(full)
        pageable = answer.scope == "delimited" and isinstance(answer.body, FileLines) and answer.continuation is not None
        if pageable and raw <= whole and self._typed_over(answer, whole):
            return self._page(answer, raw, tool)  # the text fits, its typed form (structured output) does not: page both
        # a search of hit lines only up to twice the passthrough size, or a file read whole up to six times it: a
        # digest saves little and its fold costs the agent a fetch_result call (81-line TaskSupport.scala: 281
        # + 1,019 tokens; a 120-line fastifyTRPCPlugin.ts of 1,233 tokens read as 368 of folds whose imports the
        # question was about, a 160-line go_collector_latest.go of 1,920 with the bodies asked about folded; A/B runs
        # 94, 98 and 100: every digest of a 250-320-line file of 2,100-3,000 tokens was followed by a fetch of it all)
        hits = _search_whole(answer, raw, cm.max_direct_passthrough) or (
            tool == "read_code_range" and isinstance(answer.body, FileLines) and answer.body.first == 1
            and raw <= (asked_limit() or WHOLE_FILE_PASSTHROUGH * cm.max_direct_passthrough)
            # with structured output on, the text travels inside JSON too (escaped: about a third more tokens)
            and (not self.settings.shaping.structured_output or self.count(orjson.dumps(full).decode()) <= whole))
        if raw <= cm.max_direct_passthrough or (bounded and raw <= whole) or hits:
            if answer.page_model is not None and isinstance(answer.body, FileLines):
                answer.model = answer.page_model(len(answer.body.lines), preface)
            out, red = redact_keep_lines(full)
            tokens = raw if out is full else self.count(out)
            cap = whole if bounded else max(raw, 4 * cm.max_direct_passthrough) if hits else cm.max_direct_passthrough
            return self._finish(answer, out, "passthrough", raw, tokens, None, red, cap)
        if pageable:
            return self._page(answer, raw, tool)
        folded = self._comments_folded(answer, raw, tool, args or {}) if tool == "read_code_range" else None
        return folded or self._digest(answer, full, raw, tool, args or {}, is_error)

    def _comments_folded(self, answer: Answer, raw: int, tool: str, args: Mapping[str, object]) -> Shaped | None:
        """A read too large for one answer, with its whole-line comment blocks folded, when that fits one answer and
        saves a fifth: every line of code stays (Collections' PredicatedCollection.java, 4,193 tokens of which 258
        lines are Javadoc, had been an outline of signatures; the A/B agent fetched its bodies with a pattern that
        skipped the comments). The whole text is kept under a handle, as a digest's is."""
        body = answer.body
        if not isinstance(body, FileLines) or body.comments is None:
            return None
        blocks = [(a, b) for a, b in body.comments() if body.first <= a and b <= body.last]
        if not blocks:
            return None
        whole = answer_limit(self.settings)
        folded: list[str] = []
        pos = body.first
        for a, b in [*blocks, (body.last + 1, body.last)]:
            folded += number_lines(body.lines[pos - body.first : a - body.first], pos, body.sep, body.pad)
            if a <= b:
                folded.append(f"… {b - a + 1} comment lines folded (lines {a}-{b}) …")
            pos = b + 1
        n = sum(b - a + 1 for a, b in blocks)
        a, b = max(blocks, key=lambda ab: ab[1] - ab[0])
        note = (f"[{len(blocks)} comment block{'s' if len(blocks) != 1 else ''} folded ({n} lines), all code shown; "
                f"each is one fetch_result range away, the largest: "
                f'fetch_result(handle="{_HANDLE_SLOT}", start_line={a}, end_line={b})]')
        top = [body.header(body.last)] if body.header else []
        out, red = redact_keep_lines("\n".join([*top, note, *answer.head, *folded, *answer.tail]))
        tokens = self.count(out)
        if tokens > whole or tokens > 0.8 * raw:
            return None
        meta: Meta = {"tool": tool, "args": args, "first_line": body.first, "raw_tokens": raw, "path": body.path}
        handle = self.store.put("\n".join(body.lines), body.kind, meta)
        out = out.replace(_HANDLE_SLOT, handle, 1)
        return self._finish(answer, out, "digest", raw, self.count(out), handle, red, whole)

    def _typed_over(self, answer: Answer, budget: int) -> bool:
        """With structured output on: is the answer's typed form larger than `budget` tokens as JSON?"""
        return self._typed_tokens(answer) > budget

    def _typed_tokens(self, answer: Answer) -> int:
        if answer.model is None or not self.settings.shaping.structured_output:
            return 0
        return self.model_tokens(answer.model)

    def model_tokens(self, model: BaseModel) -> int:
        """A typed result's tokens as structuredContent carries it (compact JSON)."""
        return self.count(orjson.dumps(model.model_dump(mode="json", exclude_none=True)).decode())

    def cost(self, answer: Answer) -> int:
        """What an answer costs the model if it passes whole: its text, or with structured output on its typed
        form where that is larger (a tool that fits its own answer, e.g. a page of definitions, fits this)."""
        return max(self.count(render(answer)), self._typed_tokens(answer))

    # ----- tiers --------------------------------------------------------------------------------
    def _page(self, answer: Answer, raw: int, tool: str = "") -> Shaped:
        """A range the caller delimited (by lines or by symbol) that is larger than one answer: as many whole
        lines as fit, the outline of the range when it has one, and the exact call that continues."""
        whole = answer_limit(self.settings)
        body = answer.body
        cont = answer.continuation
        assert isinstance(body, FileLines) and cont is not None
        cut = f"cut to fit one answer ({whole} tokens, context_mode_mcp.max_digest_threshold)" if asked_limit() is None \
            else f"cut to fit budget_tokens={whole}"
        if tool == "read_code_range" and asked_limit() is None:  # (more at once: as a shell agent's `cat` reads it)
            cut += f"; budget_tokens= up to {MAX_ANSWER_TOKENS} reads more in one call"
        frame = self.count(render_page(answer, 0, cut=cut))
        room = whole - frame
        preface = cont.preface(int(room * 0.4), True) if cont.preface is not None and room > 0 else []

        # with structured output on, the typed page (what some clients hand the model instead) must fit too
        typed = answer.page_model if self.settings.shaping.structured_output else None

        def page(k: int) -> str:
            return render_page(answer, k, preface=preface, cut=cut if k < len(body.lines) else None)

        def cost(k: int, text: str) -> int:
            n = self.count(text)
            return max(n, self.model_tokens(typed(k, preface))) if typed is not None else n

        per_line = max(1.0, (raw - frame) / max(1, len(body.lines)))
        guess = max(1, int((room - self.count("\n".join(preface))) / per_line))
        got = fit_largest(len(body.lines), page, whole, self.count, lo=1, guess=guess, cost_of=cost)
        text = got.text if got.fits else self._cut_to(got.text, whole, "answer cut to its budget; read fewer lines")
        out, red = redact_keep_lines(text)
        if answer.page_model is not None:
            answer.model = answer.page_model(got.k, preface)
        return self._finish(answer, out, "page", raw, self.count(out), None, red, whole)

    def _digest(self, answer: Answer, full: str, raw: int, tool: str, args: Mapping[str, object], is_error: bool) -> Shaped:
        cm = self.settings.context_mode_mcp
        tier: DigestTier = "digest" if raw <= cm.max_digest_threshold else "overview"
        budget = digest_budget(self.settings, raw) if tier == "digest" else self.settings.shaping.overview_budget
        body = answer.body
        kind = body.kind if body.kind in KINDS else "text"
        rows: list[Hit | str] | None = None
        outline = None
        first = 1
        head = list(answer.head)
        given = args.get("path")
        path = given if isinstance(given, str) else None
        if isinstance(body, FileLines):
            text, first, outline, path = "\n".join(body.lines), body.first, body.outline, body.path
        elif isinstance(body, Hits):
            rows = body.rows
            text = "\n".join(render_row(r) for r in rows)
        else:
            text = body.text
        meta: Meta = {"tool": tool, "args": args, "first_line": first, "raw_tokens": raw, "path": path}
        if kind == "json" and _minified(text):  # minified JSON: store it pretty-printed so lines address it
            pretty = _pretty_json(text)
            if pretty is not None:
                text = pretty
                meta["reformatted"] = "json-indent-2"
                head.append("(minified JSON: stored pretty-printed with 2-space indent; fetch_result lines refer to that form)")
        red: Counter[str] = Counter()
        source = text
        if "PRIVATE KEY" in text:  # a key block's middle lines are not secrets on their own: redact it whole first
            source, red = redact_keep_lines(text)
        ls = LineSet(source, raw, first, self.counter)
        ls.chars_per_token = max(1.0, len(full) / max(1, raw))
        if rows is not None:
            every = self._every_hit(ls, rows, raw, tier, budget)
            if every is None:  # a digest of every hit would save nothing: the search passes whole
                out, red = redact_keep_lines(full)
                return self._finish(answer, out, "passthrough", raw, raw if out is full else self.count(out), None, red,
                                    raw)
            tier, budget = every
            # the rows beside the text: fetch_result shows a part of them grouped by file
            meta["rows"] = self.store.put(rows_json(rows), "search-rows", {"tool": tool, "args": args})
        handle = self.store.put(text, kind, meta)
        terms = compile_terms(answer.terms, regex=answer.terms_regex)
        alternatives = _alternatives(answer) if rows is not None else None
        dkind = "log" if is_error and kind not in ("code", "search") else kind
        head = [clip(h, 300) for h in head]
        redactions: dict[int, Counter[str]] = {}

        def make(body_budget: int) -> str:
            d = self._run_digester(dkind, DigestInput(ls, tier, body_budget * 0.96 - 60, terms, outline, rows=rows,
                                                      alternatives=alternatives))
            tail = _fit_tail(answer.tail, self.count, body_budget / 4)
            out, counts = redact_keep_lines(self._assemble(tier, kind, path, ls, raw, handle, d, head, tail,
                                                           whole=tool == "read_code_range" and ls.first == 1))
            redactions[body_budget] = counts
            return out

        got = fit_largest(budget, make, budget, self.count, lo=min(budget, 100), guess=budget, slack=0.1)
        out, tokens = got.text, got.tokens
        if not got.fits:  # pathological lines: cut the rendering itself, say so
            out = self._cut_to(out, budget, "overview cut to its budget; use fetch_result")
            tokens = self.count(out)
        red += redactions.get(got.k, Counter())
        return self._finish(answer, out, tier, raw, tokens, handle, red, budget)

    # ----- helpers ------------------------------------------------------------------------------
    def _every_hit(self, ls: LineSet, rows: list[Hit | str], raw: int, tier: DigestTier,
                   budget: int) -> tuple[DigestTier, int] | None:
        """A search with context lines: a digest large enough to show every hit (with the lines next to it when
        that fits too) and fold only context, while it saves a tenth of the raw answer and is no larger than the same
        hits without context pass whole (_search_whole): within that size asking for context never shows fewer hits.
        None when no such digest saves a tenth and the whole answer is no larger than hit lines alone pass whole
        (grouped by file, 18 hits with a line of context each were 1,044 tokens and a digest of every hit bare 1,018:
        the digest had shown 6 of them). Otherwise the tier and budget as they were."""
        from contexteer.shaping.digest_search import every_hit_need

        need = every_hit_need(ls, rows)
        if need is None:
            return tier, budget
        most = HITS_ALONE_WHOLE * self.settings.context_mode_mcp.max_direct_passthrough
        # with neighbours, then bare: the budget whose make() hands the digester n, and room for the header and tail
        wants = [int((n + 60) / 0.96) + 60 for n in need]
        for want in wants:
            if want <= min(most, raw * 9 // 10):
                return "digest", max(want, digest_budget(self.settings, raw))
        if raw <= most:
            return None
        # every hit bare costs what the same search without context would pass whole with (up to `most`): shown so,
        # its header and tail on top (a review found 150 hits with context shown as one, without as all 150)
        if need[1] <= most:
            return "digest", max(wants[1], digest_budget(self.settings, raw))
        return tier, budget

    def _cut_to(self, text: str, budget: int, why: str) -> str:
        """The last resort: as many whole rendered lines as fit, and a line saying so."""
        marker = f"… {why}"
        got = fit_rows(split_lines(text), budget - self.count(marker) - 1, self.count, lo=min(2, len(split_lines(text))))
        return got.text + "\n" + marker

    def _run_digester(self, kind: str, inp: DigestInput) -> Digest:
        # the digesters, imported when an answer is first digested (not by a new server's start)
        from contexteer.shaping.digest_code import digest_code
        from contexteer.shaping.digest_json import digest_json
        from contexteer.shaping.digest_log import digest_log
        from contexteer.shaping.digest_search import digest_search
        from contexteer.shaping.digest_text import digest_text

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

    def _assemble(self, tier: str, kind: str, path: str | None, ls: LineSet, raw_tokens: int, handle: str, d: Digest,
                  head: list[str], tail: list[str], whole: bool = False) -> str:
        n = len(ls)
        where = f"{path} " if path else ""
        first = ls.first
        last = first + n - 1
        span = min(n, 150)
        rng = d.example_range or (first, first + span - 1)
        how = f'fetch_result(handle="{handle}", start_line={rng[0]}, end_line={rng[1]})'
        if d.pattern:
            how += f' or fetch_result(handle="{handle}", pattern={_quote(d.pattern)})'
        if whole and path and raw_tokens + 300 <= MAX_ANSWER_TOKENS and asked_limit() is None:
            # a file read whole that one larger answer holds: the call that gives it so (a shell agent's `cat`)
            ask = min(MAX_ANSWER_TOKENS, -(-(raw_tokens + 300) // 500) * 500)
            how += f'; or all of it: read_code_range(path="{path}", budget_tokens={ask})'
        lines_txt = f"lines {first}-{last}" if first != 1 else f"{n:,} lines"
        header = (
            f"[{tier} of {where}{kind}: {lines_txt}, {raw_tokens:,} tokens; {d.stats}. "
            f"Cut parts are kept: {how}]"
        )
        return "\n".join([header, *head[:3], *d.body, *tail])

    def _finish(self, answer: Answer, text: str, tier: Tier, raw: int, tokens: int, handle: str | None,
                red: Counter[str], cap: int) -> Shaped:
        n = sum(red.values())
        note = ""
        if n:  # said where the model reads it (pydantic run 414 quoted a docstring's example as the file's text)
            note = (f"[{n} value{'s' if n != 1 else ''} that look{'' if n != 1 else 's'} like a secret "
                    f"({', '.join(sorted(red))}) shown as [REDACTED ..]: never passed on; the file holds "
                    f"{'them' if n != 1 else 'it'} as written]")
            text = f"{text}\n{note}"
            tokens += self.count(note)
        structured, sred, stokens = self._structured(answer, text, tier, handle, cap)
        if note and structured is not None and "shaping" not in structured:
            # the typed answer a structuredContent-only client reads says it too (its text copy above already does)
            structured["notes"] = [*structured.get("notes", []), note]
            stokens += self.count(note)
        return Shaped(text, structured, tier, raw, tokens, handle, _merged(red, sred), self.estimated, stokens,
                      structured is not None and "shaping" in structured)

    def _structured(self, answer: Answer, text: str, tier: Tier, handle: str | None,
                    cap: int) -> tuple[dict[str, Any] | None, Counter[str], int]:
        """structuredContent, when structured output is on: the typed result whole when it passes through
        and its JSON fits the same budget as the text; otherwise the shaped text itself, with the typed
        fields emptied (the model must get the shaped answer whichever of the two its client passes on)."""
        if answer.model is None or not self.settings.shaping.structured_output:
            return None, Counter(), 0
        data = answer.model.model_dump(mode="json", by_alias=True, exclude_none=True)
        data, counts = redact_structured(data, secret_fragments(render(answer)))
        if tier in ("passthrough", "page"):  # whole typed answers; a page was fitted on its typed form too
            # the lines the text says around the typed rows (`[case-sensitive ..; 118 more lines match ignoring
            # case ..]`, how a search was re-run, names matched by name only): a client that passes structuredContent
            # alone would lose them
            said = [line for line in (*answer.head, *answer.tail) if line and "notes" not in data]
            if said:
                data["notes"], more = redact_structured(said, secret_fragments("\n".join(said)))
                counts += more
            n = self.count(orjson.dumps(data).decode())
            if n <= cap:
                return data, counts, n
            data.pop("notes", None)
        shell = emptied(data)
        for flag, value in (("truncated", True), ("complete", False)):
            if isinstance(shell.get(flag), bool):
                shell[flag] = value
        note = "the answer is text; typed fields emptied (too large as JSON)"
        out = {"shaping": {"tier": tier, "handle": handle, "text": text, "note": note}, **shell}
        return out, counts, self.count(orjson.dumps(out).decode())


#: where a handle goes in a text counted before the result is stored (a handle's length: `r-` and ten hex digits)
_HANDLE_SLOT = "r-0000000000"


def head_cut(text: str, limit_chars: int) -> tuple[str, dict[str, Any]]:
    """When shaping itself fails: the first lines up to `limit_chars` (about 4 a token), secrets masked, said
    plainly; no handle, since nothing could be stored. Returns the text and its `_meta` figures."""
    raw = len(text)
    if raw > limit_chars:
        cut = text[:limit_chars].rsplit("\n", 1)[0]
        text = (f"{cut}\n… result cut after {cut.count(chr(10)) + 1} of {text.count(chr(10)) + 1} lines: the shaping step "
                "failed (see the server log), so no digest or handle could be made. Narrow the request (a line range, "
                "a path, a pattern) to see the rest.")
    text, _ = redact(text)
    figures = {"tier": "passthrough" if raw <= limit_chars else "overview", "raw_tokens": (raw + 3) // 4,
               "tokens": (len(text) + 3) // 4, "handle": None, "estimated": True, "shaping_failed": True}
    return text, figures


def _minified(text: str) -> bool:
    """Few, very long lines (average over 400 characters): nothing a line range could address."""
    return len(text) > 4000 and (text.count("\n") + 1) * 400 < len(text)


def _pretty_json(text: str) -> str | None:
    try:
        return orjson.dumps(orjson.loads(text), option=orjson.OPT_INDENT_2).decode()
    except (orjson.JSONDecodeError, TypeError):
        return None


#: a search of at most this many hits, with the context lines it asked for, passes whole up to four times the
#: passthrough size (`search_text "Include file loop" context_lines=12`: 2 hits, its context cut to 4 lines)
FEW_HITS = 8
#: a search of more hits with context passes whole up to this many times the passthrough size
HITS_WHOLE = 4
#: hit lines alone (no context asked for) pass whole up to this many times the passthrough size, and a search with
#: context shows every hit (its context folded) while they fit in as much
HITS_ALONE_WHOLE = 6


def _alternatives(answer: Answer) -> list[Matcher] | None:
    """One matcher per top-level alternative of a search's one pattern (`a|b|c`), for the digest to show each
    alternative's first hits; None for a pattern without alternatives (or more than 12)."""
    if len(answer.terms) != 1:
        return None
    parts = top_alternatives(answer.terms[0], regex=answer.terms_regex)
    if not 2 <= len(parts) <= 12:
        return None
    got = [compile_terms([p], regex=answer.terms_regex) for p in parts]
    return [m for m in got if m is not None] or None


def _search_whole(answer: Answer, raw: int, passthrough: int) -> bool:
    """A search answer passed whole: hits with the context lines the call asked for up to four times the
    passthrough size (every line is what was asked for, and folding even one costs the agent a fetch_result call
    larger than the tokens it saves, the A/B runs), hit lines alone up to six times, and up to eight
    times for at most twice as many hits shown with the context lines asked for (bash-completion's 12 calls of
    `_command_offset` with `context_lines=10`, 3,682 tokens, were digested to one line around each and fetched
    whole at once)."""
    body = answer.body
    if not isinstance(body, Hits) or raw > 8 * passthrough:
        return False
    rows = [r for r in body.rows if not isinstance(r, str)]
    hits = sum(1 for r in rows if not r.context)
    if len(rows) == hits:
        # hit lines alone (no context asked for) pass up to six times: a 38-line regex search of method heads (1,600
        # tokens) was digested to a hit per file and fetched whole next (Commons Collections A/B run 74); grouped by
        # file, Rouge run 163's 105 `\bdelegate\b` hits were a digest of 892 tokens and a fetch of all of them (2,582)
        return raw <= HITS_ALONE_WHOLE * passthrough
    if raw > HITS_WHOLE * passthrough:
        return hits <= 2 * FEW_HITS
    # (any number of hits up to four times: kingpin run 266's 28 calls of newAccumulator with `context_lines=1`,
    # 2,009 tokens, were digested to the hit lines, and the agent fetched the folded context lines in two more calls)
    return True


def _fit_tail(post: list[str], count: Callable[[str], int], budget: float) -> list[str]:
    """The answer's closing lines (a summary, semantic context), as many as fit `budget` (a quarter of the body's)."""
    rows = [clip(line, 300) for line in post]
    got = fit_rows(rows, budget, count)
    if got.k == len(rows):
        return rows
    return [*rows[: got.k], f"… {len(rows) - got.k} more closing lines (in the tool's full output; re-run it to see them)"]


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


