"""Tiers, honest token figures, secret redaction and structuredContent shrinking."""

from __future__ import annotations

import re

from pydantic import BaseModel

from contexteer.config import Settings
from contexteer.shaping.pipeline import Pipeline
from contexteer.tokens import count_tokens
from tests.shaping.helpers import ShapeRequest, shape

AWS = "AKIAIOSFODNN7EXAMPLE"
GH = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
KEY_BLOCK = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7bq9\nZ3VhcmQgdGhpcyBrZXk=\nbm90IGEgcmVhbCBrZXk=\n-----END RSA PRIVATE KEY-----"


def test_small_result_passes_through_whole(pipeline):
    text = "src/app.py:12: def main():\nsrc/app.py:40: main()"
    shaped = shape(pipeline, ShapeRequest(text=text, kind="search"))
    # every hit, nothing cut or stored; a search's hits shown under their file's path
    assert shaped.tier == "passthrough" and shaped.text == "src/app.py\n  12: def main():\n  40: main()" and shaped.handle is None
    assert shaped.raw_tokens == shaped.tokens == count_tokens(shaped.text)


def test_tier_boundaries_follow_the_settings(store):
    s = Settings()
    s.context_mode_mcp.max_direct_passthrough = 50
    s.context_mode_mcp.max_digest_threshold = 200
    p = Pipeline(s, store)
    line = "step completed without problems in the build\n"
    assert shape(p, ShapeRequest(text=line * 3, kind="log")).tier == "passthrough"
    assert shape(p, ShapeRequest(text=line * 20, kind="log")).tier == "digest"
    assert shape(p, ShapeRequest(text=line * 100, kind="log")).tier == "overview"


def test_cut_result_header_says_how_to_fetch_it_back_and_tokens_count_everything_sent(pipeline):
    text = "\n".join(f"worker {i}: processed batch {i * 7} of records" for i in range(3000)) + "\nFATAL: worker 2999 crashed"
    shaped = shape(pipeline, ShapeRequest(text=text, kind="log", tool="run"))
    assert shaped.tier == "overview"
    header = shaped.text.splitlines()[0]
    assert re.search(rf'fetch_result\(handle="{shaped.handle}", start_line=1, end_line=\d+\)', header)
    assert f'fetch_result(handle="{shaped.handle}", pattern=' in header
    assert shaped.tokens == count_tokens(shaped.text)
    assert shaped.raw_tokens == count_tokens(text)
    assert pipeline.store.get(shaped.handle).text == text


def test_secrets_are_redacted_in_passthrough_with_counts(pipeline):
    text = f"aws_key = {AWS}\ntoken: {GH}\nok line"
    shaped = shape(pipeline, ShapeRequest(text=text, kind="text"))
    assert AWS not in shaped.text and GH not in shaped.text
    assert "[REDACTED AWS access key]" in shaped.text and "[REDACTED GitHub token]" in shaped.text
    assert shaped.redactions == {"AWS access key": 1, "GitHub token": 1}


def test_secrets_are_redacted_in_digests_but_kept_raw_in_the_private_store(pipeline):
    lines = [f"line {i} of the deploy log" for i in range(2000)]
    lines[700] = f"ERROR: login failed with password={GH}x"
    lines[900:900] = KEY_BLOCK.splitlines()
    text = "\n".join(lines)
    shaped = shape(pipeline, ShapeRequest(text=text, kind="log", terms=["MIIEowIBAAKCAQEA7bq9", "Z3VhcmQ"]))
    assert GH not in shaped.text
    assert "MIIEowIBAAKCAQEA7bq9" not in shaped.text and "Z3VhcmQgdGhpcyBrZXk" not in shaped.text
    assert sum(shaped.redactions.values()) >= 2
    assert pipeline.store.get(shaped.handle).text == text  # raw stays on local disk only


def test_error_results_are_shaped_too(pipeline):
    text = "\n".join(f"  File \"mod{i}.py\", line {i}, in f{i}" for i in range(3000)) + "\nRecursionError: maximum recursion depth exceeded"
    shaped = shape(pipeline, ShapeRequest(text=text, kind="json", is_error=True))
    assert shaped.tier == "overview" and "RecursionError: maximum recursion depth exceeded" in shaped.text


class Hit(BaseModel):
    path: str
    line: int
    text: str


class SearchOut(BaseModel):
    pattern: str
    total: int
    hits: list[Hit] = []
    note: str | None = None


def _structured_pipeline(store):
    s = Settings()
    s.shaping.structured_output = True
    return Pipeline(s, store)


def test_a_cut_answer_in_structured_mode_carries_the_shaped_text_not_a_cut_json_copy(store, settings):
    pipeline = _structured_pipeline(store)
    model = SearchOut(
        pattern="TODO",
        total=5000,
        hits=[Hit(path=f"src/m{i}.py", line=i, text=f"x = {i}  # TODO " + "y" * 300) for i in range(5000)],
        note=f"found while scanning; key {AWS}",
    )
    text = "\n".join(f"{h.path}:{h.line}: {h.text}" for h in model.hits)
    shaped = shape(pipeline, ShapeRequest(text=text, kind="search", model=model))
    out = SearchOut.model_validate(shaped.structured)  # still valid against the same schema
    assert out.hits == [] and out.total == 5000
    assert shaped.structured["shaping"]["text"] == shaped.text and shaped.structured["shaping"]["tier"] == "overview"
    assert shaped.structured["shaping"]["handle"] == shaped.handle
    assert AWS not in (out.note or "") and shaped.redactions.get("AWS access key") == 1
    assert shaped.structured_cut
    # what a client that passes only structuredContent hands the model: the overview, within its budget and a header
    assert shaped.structured_tokens <= settings.shaping.overview_budget + 150
    assert shaped.meta["structured_tokens"] == shaped.structured_tokens
    assert shaped.meta["tokens"] == max(shaped.tokens, shaped.structured_tokens)


def test_no_structured_content_unless_structured_output_is_on(pipeline):
    shaped = shape(pipeline, ShapeRequest(text="src/a.py:1: x", kind="search", model=SearchOut(pattern="x", total=1)))
    assert shaped.structured is None and shaped.meta["tokens"] == shaped.tokens


def test_shaping_metadata_is_complete(pipeline):
    shaped = shape(pipeline, ShapeRequest(text="x", kind="text"))
    assert {"tier", "raw_tokens", "tokens", "handle", "estimated"} <= set(shaped.meta)


def test_estimated_counts_are_flagged(store, monkeypatch):
    from contexteer import tokens

    monkeypatch.setattr(tokens, "_load", lambda name: None)
    monkeypatch.setattr(tokens, "_counters", {})
    p = Pipeline(Settings(), store)
    shaped = shape(p, ShapeRequest(text="x" * 40_000, kind="text"))
    assert shaped.estimated and shaped.meta["estimated"] is True
    assert shaped.raw_tokens == 10_000


def test_the_secret_pre_check_never_hides_what_the_patterns_find():
    from contexteer.secrets import find_secrets
    from contexteer.secrets import may_hold_secrets as _may_hold_secrets

    samples = [
        AWS, GH, KEY_BLOCK, "github_pat_" + "A1b2" * 8, "glpat-" + "x1Y2" * 6, "xoxb-1234567890-abcdef", "sk-ant-" + "k9" * 15,
        "sk-proj-" + "Z8" * 15, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpM",
        "PASSWORD=hunter2hunter2", "db_passwd: s3cr3t-v4lue", 'api_key = "abcd1234efgh"', "CLIENT_SECRET=zz9988776655",
        "my_token: tok_12345678", '"password": "hunter2hunter2"',
    ]
    for text in samples:
        if find_secrets(text):
            assert _may_hold_secrets(text), text
    assert not _may_hold_secrets("def tokenize(text):\n    return text.split()\n")


def test_minified_json_is_stored_pretty_printed_so_lines_address_it(pipeline):
    import json

    doc = {"items": [{"id": i, "name": f"item-{i}", "tags": ["a", "b"]} for i in range(3000)], "total": 3000}
    shaped = shape(pipeline, ShapeRequest(text=json.dumps(doc, separators=(",", ":")), kind="json"))
    assert shaped.tier == "overview" and "items: array[3000] of object" in shaped.text
    assert "stored pretty-printed" in shaped.text
    stored = pipeline.store.get(shaped.handle)
    assert stored.meta["reformatted"] == "json-indent-2"
    assert json.loads(stored.text) == doc and len(stored.lines()) > 3000
    assert max(len(x) for x in stored.lines()) < 100


class RangeOut(BaseModel):
    path: str
    start_line: int
    end_line: int
    content: str


def test_structured_content_of_a_fitted_answer_is_whole_when_its_json_fits_the_budget(store):
    pipeline = _structured_pipeline(store)
    # deeply indented lines: few tokens, many bytes (the structured copy is larger than 4 bytes per token)
    text = "\n".join(" " * 64 + f"v{i} = f({i})" for i in range(300))
    model = RangeOut(path="src/m.py", start_line=1, end_line=300, content=text)
    assert len(text) > 4 * 4096
    shaped = shape(pipeline, ShapeRequest(text=text, kind="code", explicit=True, model=model))
    assert shaped.tier == "passthrough" and shaped.structured == model.model_dump() and not shaped.structured_cut


def test_the_budget_holds_even_for_a_flood_of_signal_lines(pipeline, settings):
    text = "\n".join(f"src/mod{i}.py:{i}:1: error: Incompatible types in assignment (expression has type int, variable has type str)  [assignment] {i}" for i in range(20_000))
    shaped = shape(pipeline, ShapeRequest(text=text, kind="log"))
    assert shaped.tier == "overview" and shaped.tokens <= settings.shaping.overview_budget
    assert "src/mod0.py:0:1: error: Incompatible types" in shaped.text
