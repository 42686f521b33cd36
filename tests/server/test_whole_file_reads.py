"""Whole-file reads are structure first: a source file comes back as its outline with folded bodies named
after the index's (tree-sitter) symbols, in any indexed language."""

from __future__ import annotations

from pathlib import Path

import anyio
from mcp import Client

from contexteer.server.app import build_server
from tests.conftest import make_workspace


def _go_source(handlers: int = 14) -> str:
    lines = ["package main", "", 'import "fmt"', "", "type Server struct {", "\tport int", "}", ""]
    lines += ["func (s *Server) Start() error {", *[f'\tfmt.Println("starting step {j}", s.port)' for j in range(30)], "\treturn nil", "}", ""]
    for i in range(handlers):
        lines += [f"func Handler{i}(w int, r string) error {{", *[f'\tfmt.Println("step {j} of {i}", w, r)' for j in range(12)], "\treturn nil", "}", ""]
    return "\n".join(lines) + "\n"


def test_a_medium_go_file_is_digested_with_bodies_named_by_the_index(tmp_path: Path):
    # (with structured output on, a 3,866-token read travels as ~4,400 tokens of JSON: past one answer, a digest;
    # with text only it passes whole: test_a_file_of_nearly_four_thousand_tokens_read_whole_passes_whole)
    from tests.navigation.conftest import Served

    root = tmp_path / "gorepo"
    root.mkdir()
    (root / "main.go").write_text(_go_source(16))
    result = Served(root, **{"shaping.structured_output": True}).call("read_code_range", path="main.go")
    text = result.text
    assert result.meta is not None and result.meta["tier"] == "digest" and result.meta["handle"], result.meta
    assert "9: func (s *Server) Start() error {" in text
    assert "body of Server.Start" in text  # the qualified name comes from the tree-sitter index
    assert "body of Handler3" in text
    assert "fmt.Println" not in text  # bodies are folded, not inlined


def test_a_go_file_past_one_answer_is_an_overview_of_its_definitions(tmp_path: Path):
    root = tmp_path / "gorepo"
    root.mkdir()
    (root / "main.go").write_text(_go_source(20))
    ws, loaded = make_workspace(root)

    async def main():
        async with Client(build_server(ws, loaded)) as client:
            return await client.call_tool("read_code_range", {"path": "main.go"})

    result = anyio.run(main)
    text = result.content[0].text  # type: ignore[union-attr]
    assert result.meta is not None and result.meta["tier"] == "overview" and result.meta["handle"], result.meta
    assert "9-41: func (s *Server) Start() error {" in text and "347-361: func Handler19" in text, text
    assert "fmt.Println" not in text  # bodies are folded, not inlined


def test_a_range_cut_at_the_line_cap_continues_within_the_range_asked_for(tmp_path: Path):
    root = tmp_path / "repo"
    root.mkdir()
    (root / "long.txt").write_text("".join(f"row {i}\n" for i in range(1, 901)))
    ws, loaded = make_workspace(root, **{"workspace.max_lines_per_call": 400})

    async def main():
        async with Client(build_server(ws, loaded)) as client:
            return await client.call_tool("read_code_range", {"path": "long.txt", "start_line": 1, "end_line": 500})

    result = anyio.run(main)
    text = result.content[0].text  # type: ignore[union-attr]
    assert "long.txt:1-400 (of 900 lines)" in text
    assert 'read_code_range(path="long.txt", start_line=401, end_line=500)' in text


def _read_rules_file(tmp_path: Path, rules: int):
    """A whole-file read of a JavaScript file of `rules` ten-line functions (about 120 tokens each)."""
    root = tmp_path / "jsrepo"
    root.mkdir()
    body = "".join(f"function rule{i}(context) {{\n" + "".join(f"    context.report({{ n: {k} }});\n" for k in range(10))
                   + "}\n\n" for i in range(rules))
    (root / "rules.js").write_text('"use strict";\n\n' + body)
    ws, loaded = make_workspace(root)

    async def main():
        async with Client(build_server(ws, loaded)) as client:
            return await client.call_tool("read_code_range", {"path": "rules.js"})

    result = anyio.run(main)
    assert result.meta is not None
    return result


def test_a_file_of_three_thousand_tokens_read_whole_passes_whole(tmp_path: Path):
    # A/B runs 94, 98, 100: a 314-line strict.js (2,660 tokens) came back as a digest and was fetched whole next
    result = _read_rules_file(tmp_path, 24)
    assert 2048 < result.meta["raw_tokens"] <= 3072, result.meta  # past the old four times the passthrough
    assert result.meta["tier"] == "passthrough", result.meta
    assert "context.report({ n: 9 });" in result.content[0].text  # type: ignore[union-attr]


def test_a_file_of_nearly_four_thousand_tokens_read_whole_passes_whole(tmp_path: Path):
    # commonmark A/B run 374: the 3,712-token Environment.php came back as an 820-token digest, then was read again in
    # two ranges (3,824 tokens): a whole file that fits one answer passes whole
    result = _read_rules_file(tmp_path, 31)
    assert 3072 < result.meta["raw_tokens"] <= 4096, result.meta  # past the old six times the passthrough
    assert result.meta["tier"] == "passthrough", result.meta


def test_with_structured_output_a_whole_file_passes_whole_only_when_its_json_fits(tmp_path: Path):
    # a client handing the model JSON.stringify(structuredContent) gets the text escaped inside it: ~30% more tokens
    from tests.navigation.conftest import Served

    root = tmp_path / "jsrepo"
    root.mkdir()
    body = "".join(f"function rule{i}(context) {{\n" + "".join(f'\t\tcontext.report({{ n: "{k}\\t" }});\n' for k in range(10))
                   + "}\n\n" for i in range(22))
    (root / "strict.js").write_text('"use strict";\n\n' + body)
    on = Served(root, **{"shaping.structured_output": True}).call("read_code_range", path="strict.js")
    off = Served(root, **{"shaping.structured_output": False}).call("read_code_range", path="strict.js")
    assert off.meta is not None and off.meta["tier"] == "passthrough" and off.meta["raw_tokens"] <= 3072, off.meta
    assert on.meta is not None and on.meta["tier"] == "digest", on.meta  # its JSON would pass 4,096 tokens
