"""What the model reads, as each kind of client hands it over (the delivery issue).

Clients differ: Claude Code, Codex, opencode and VS Code give the model `JSON.stringify(structuredContent)`
and drop the text when both are present; others pass the text; some pass both. For every tool, a large real
result goes through the real SDK client and each behaviour's view must be the shaped answer: within its tier's
budget (plus a header) and holding the signal lines. With the default settings (no structuredContent) the three
views are the same text; with `shaping.structured_output` on, the JSON view carries the same shaped answer.
"""

from __future__ import annotations

import json
import re
import shutil
import sysconfig
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from contexteer.config import Settings
from contexteer.server.app import build_server
from contexteer.shaping.pipeline import digest_budget
from contexteer.tokens import count_tokens
from tests.conftest import make_workspace

STDLIB = Path(sysconfig.get_paths()["stdlib"])
HEADER = 150  # the header a shaped answer may add to its tier's budget
ESCAPES = 1.05  # JSON escaping of the same text (quotes, backslashes, tabs), measured at ~4%


def stringify(obj: Any) -> str:
    """JavaScript's JSON.stringify: compact, non-ASCII as is."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def views(result: Any) -> dict[str, str]:
    """What the model reads in each client behaviour."""
    text = "\n".join(b.text for b in result.content if getattr(b, "type", "") == "text")
    sc = result.structured_content
    return {
        "text only": text,
        "structuredContent when present (Claude Code)": stringify(sc) if sc is not None else text,
        "both": text + ("\n" + stringify(sc) if sc is not None else ""),
    }


def strings(view: str) -> str:
    """The readable text of a view: a JSON view's strings, unescaped (how the model reads them)."""
    try:
        obj = json.loads(view)
    except ValueError:
        return view
    out: list[str] = []

    def walk(v: Any) -> None:
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                out.append(k)
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        else:
            out.append(json.dumps(v))

    walk(obj)
    return "\n".join(out)


def budget_of(meta: dict[str, Any], settings: Settings, bounded: bool) -> int:
    cm = settings.context_mode_mcp
    tier = meta["tier"]
    if tier == "passthrough":
        return cm.max_digest_threshold if bounded else cm.max_direct_passthrough
    if tier == "page":
        return cm.max_digest_threshold
    if tier == "digest":
        return digest_budget(settings, meta["raw_tokens"])
    return settings.shaping.overview_budget


@dataclass
class Case:
    tool: str
    args: dict[str, Any]
    tier: str  # the tier this large result must come back as
    # from the handle (if any) to what the model must see: each item a line, or alternatives (text | typed form)
    signals: Callable[[str], list[str | tuple[str, ...]]]
    bounded: bool = False  # fitted or delimited: passes whole up to the digest threshold


def _repo(base: Path) -> Path:
    root = base / "std"
    root.mkdir()
    for name in ("typing.py", "argparse.py", "pydoc.py"):
        shutil.copy(STDLIB / name, root / name)
    shutil.copytree(STDLIB / "email", root / "email", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(STDLIB / "json", root / "json", ignore=shutil.ignore_patterns("__pycache__"))
    return root


CASES = [
    Case("read_code_range", {"path": "typing.py"}, "overview",
         lambda h: [f'fetch_result(handle="{h}"', "448-488 _SpecialForm", " Generic\n"]),
    Case("read_code_range", {"path": "typing.py", "start_line": 1, "end_line": 2000}, "page",
         lambda h: ["1\t\"\"\"", "read_code_range(path=\"typing.py\", start_line="], bounded=True),
    Case("read_code_range", {"path": "pydoc.py", "symbol": "HTMLDoc", "context": "semantic"}, "page",
         lambda h: ["class HTMLDoc(Doc):", "read_code_range(path=\"pydoc.py\", start_line=", "HTMLDoc.page"],
         bounded=True),
    Case("search_text", {"pattern": "def "}, "overview",
         lambda h: [f'fetch_result(handle="{h}"', "| file | hits |", "| pydoc.py |"]),
    Case("search_symbol", {"query": "_", "match": "prefix", "limit": 200}, "passthrough",
         lambda h: [("next page: cursor=", "next_cursor"), "argparse.py"], bounded=True),
    Case("get_structured_index", {"path": "typing.py"}, "passthrough",
         lambda h: ["typing.py (python, ", "448-488 class _SpecialForm"], bounded=True),
    Case("get_structured_index", {"path": ".", "budget_tokens": 4000}, "passthrough",
         lambda h: [("repo map of the repository", "files_total"), "typing.py"], bounded=True),
    Case("list_dependencies", {"path": ".", "direction": "both"}, "passthrough",
         lambda h: [("standard library:", "stdlib"), "email/"], bounded=True),
]


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _repo(tmp_path_factory.mktemp("delivery"))


def _run(root: Path, structured: bool, calls: list[tuple[str, dict[str, Any]]],
         **overrides: Any) -> tuple[list[Any], Settings]:
    ws, loaded = make_workspace(root, **{"shaping.structured_output": structured, "workspace.max_lines_per_call": 2000,
                                         **overrides})
    server = build_server(ws, loaded)

    async def main() -> list[Any]:
        async with Client(server) as client:
            out = []
            for tool, args in calls:
                out.append(await client.call_tool(tool, args))
            return out

    return anyio.run(main), loaded.settings


@pytest.mark.parametrize("structured", [False, True], ids=["default", "structured_output"])
def test_every_tool_delivers_its_shaped_answer_whatever_the_client_passes_to_the_model(repo: Path, structured: bool):
    results, settings = _run(repo, structured, [(c.tool, c.args) for c in CASES])
    for case, result in zip(CASES, results, strict=True):
        label = f"{case.tool}({case.args})"
        assert not result.is_error, (label, result.content[0].text[:300])
        meta = result.meta
        assert meta["tier"] == case.tier, (label, meta)
        budget = budget_of(meta, settings, case.bounded)
        signals = case.signals(meta["handle"])
        for behaviour, view in views(result).items():
            if structured and behaviour == "both":
                continue  # a client that passes both pays for both: the README says so
            tokens = count_tokens(view)
            limit = budget + HEADER if view.startswith(result.content[0].text[:20]) else budget * ESCAPES + HEADER
            assert tokens <= limit, (label, behaviour, tokens, limit)
            readable = strings(view)
            missing = [s for s in signals if not any(alt in readable for alt in (s if isinstance(s, tuple) else (s,)))]
            assert not missing, (label, behaviour, missing, readable[:500])
        # the journal counts what the model receives: the text, or the larger of text and JSON
        sc = result.structured_content
        received = max(count_tokens(result.content[0].text), count_tokens(stringify(sc)) if sc is not None else 0)
        assert meta["tokens"] == received, (label, meta)
        if not structured:
            assert sc is None and len(set(views(result).values())) == 1


def test_a_path_with_a_colon_and_lines_with_box_drawing_tabs_and_long_text_are_data(tmp_path: Path):
    root = tmp_path / "r"
    root.mkdir()
    weird = "weird:name.py"
    rows = [f"x_{i} = 'needle │ col\tumn'  # {'y' * (50 if i % 7 else 3000)}" for i in range(400)]
    (root / weird).write_text("\n".join(rows) + "\n", encoding="utf-8")
    for k in range(30):
        (root / f"other{k}.py").write_text("".join(f"needle_{k}_{i} = {i}\n" for i in range(20)), encoding="utf-8")
    results, _ = _run(root, False, [("search_text", {"pattern": "needle"})])
    result = results[0]
    text = result.content[0].text
    assert result.meta["tier"] == "overview", result.meta
    assert f"| {weird} | 400 | 1: x_0 = 'needle │ col\tumn'" in text  # the busiest file, named whole
    handle = result.meta["handle"]

    async def fetch() -> Any:
        ws, loaded = make_workspace(root)
        async with Client(build_server(ws, loaded)) as client:
            return await client.call_tool("fetch_result", {"handle": handle, "pattern": "^weird:name\\.py:7: "})

    got = anyio.run(fetch)
    # the stored row `weird:name.py:7: ..` is what the pattern picks; it comes back under its file's path
    assert not got.is_error and "\nweird:name.py\n  7: x_6 = 'needle │ col\tumn'" in got.content[0].text, got.content[0].text


def test_a_range_or_symbol_the_caller_named_comes_back_as_whole_lines_with_the_call_that_continues(repo: Path):
    results, settings = _run(repo, False, [
        ("read_code_range", {"path": "pydoc.py", "start_line": 1, "end_line": 1500}),
        ("read_code_range", {"path": "pydoc.py", "symbol": "HTMLDoc"}),
    ], **{"workspace.max_lines_per_call": 5000})
    src = (repo / "pydoc.py").read_text(encoding="utf-8").split("\n")
    for result in results:
        text = result.content[0].text
        assert result.meta["tier"] == "page" and result.meta["handle"] is None, result.meta
        assert result.meta["tokens"] <= settings.context_mode_mcp.max_digest_threshold
        numbered = [(int(n), t) for n, t in re.findall(r"^(\d+)\t(.*)$", text, re.M)]
        assert numbered and all(src[n - 1] == t for n, t in numbered)  # whole lines, verbatim
        last = numbered[-1][0]
        assert [n for n, _ in numbered] == list(range(numbered[0][0], last + 1))  # no gap, nothing folded
        call = re.search(r'continue with (read_code_range\(path="pydoc.py", start_line=(\d+), end_line=(\d+)\))', text)
        assert call and int(call[2]) == last + 1, text[-300:]
    assert "outline of pydoc.py:" in results[1].content[0].text  # a cut definition shows its members


def test_an_unknown_or_misspelt_argument_is_refused_naming_the_accepted_ones(repo: Path):
    results, _ = _run(repo, False, [
        ("read_code_range", {"path": "pydoc.py", "line": 5}),
        ("search_text", {"pattern": "x", "max_result": 3}),
        ("memory", {"action": "recall", "querry": "auth"}),
    ])
    texts = [r.content[0].text for r in results]
    assert all(r.is_error for r in results), texts
    assert texts[0].startswith("unknown argument 'line' (did you mean end_line or start_line?) for read_code_range")
    assert "read_code_range accepts: budget_tokens, context, end_line, path, start_line, symbol" in texts[0]
    assert "'max_result' (did you mean max_results?)" in texts[1]
    assert "'querry' (did you mean query?)" in texts[2]
    assert all("nothing was run" in t for t in texts)


@pytest.mark.parametrize("structured", [False, True], ids=["default", "structured_output"])
def test_context_stats_counts_exactly_what_the_client_received(repo: Path, structured: bool):
    calls = [(c.tool, c.args) for c in CASES[:4]] + [
        ("read_code_range", {"path": "pydoc.py", "line": 5}),  # refused: an error is delivered too
        ("read_code_range", {"path": "json/__init__.py", "start_line": 1, "end_line": 20}),
    ]
    results, _ = _run(repo, structured, [*calls, ("context_stats", {})])
    *answers, stats = results
    received = 0
    for r in answers:
        text = "\n".join(b.text for b in r.content)
        sc = r.structured_content
        received += max(count_tokens(text), count_tokens(stringify(sc)) if sc is not None else 0)
    shown = re.search(r"^session \w+: (\d+) calls, raw ([\d,]+) tokens, delivered ([\d,]+)", stats.content[0].text, re.M)
    assert shown, stats.content[0].text
    assert int(shown[1]) == len(answers)
    assert int(shown[3].replace(",", "")) == received
