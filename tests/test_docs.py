"""The configuration reference, docs/configuration.md, is what scripts/gen_config_docs.py makes from the settings
registry, and it documents every setting."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from contexteer.config import SETTINGS, env_name, settings_table

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "configuration.md"


def _generator():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("gen_config_docs", ROOT / "scripts" / "gen_config_docs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_configuration_reference_equals_the_generators_output():
    assert DOC.read_text(encoding="utf-8") == _generator().render(), \
        "docs/configuration.md is out of date: run .venv/bin/python scripts/gen_config_docs.py"


def test_every_setting_is_in_the_configuration_reference_with_its_variable():
    text = DOC.read_text(encoding="utf-8")
    assert settings_table() in text
    missing = [s.name for s in SETTINGS if f"`{s.name}`" not in text or f"`{env_name(s.name)}`" not in text]
    assert not missing, missing


def test_the_readme_carries_the_registry_name_pypi_ownership_is_checked_against():
    import json

    name = json.loads((ROOT / "server.json").read_text(encoding="utf-8"))["name"]
    assert f"<!-- mcp-name: {name} -->" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_links_only_to_docs_that_exist():
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(((?:docs/)[^)#]+)\)", readme)
    assert links and all((ROOT / link).is_file() for link in links), links
    for doc in (ROOT / "docs").glob("*.md"):
        prose = re.sub(r"```.*?```", "", doc.read_text(encoding="utf-8"), flags=re.S)  # examples are not links
        for target in re.findall(r"\]\(([a-z_-]+\.md)\)", prose):
            assert (ROOT / "docs" / target).is_file(), (doc.name, target)


def test_the_readme_tour_shows_real_answers(monkeypatch):  # type: ignore[no-untyped-def]
    import io
    import re
    import shlex

    from contexteer.server.cli import main

    monkeypatch.chdir(ROOT)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```\n(\$ contexteer call .*?)```", readme, re.S)
    assert block is not None
    runs = re.split(r"^\$ ", block.group(1), flags=re.M)[1:]
    assert len(runs) >= 3
    for run in runs:
        command, _, shown = run.partition("\n")
        out = io.StringIO()
        assert main(shlex.split(command)[1:], out=out) == 0, command
        answer = out.getvalue().split("--- _meta ---", 1)[0]
        assert answer.strip("\n") == shown.strip("\n"), command


def test_the_agent_a_b_totals_are_those_the_table_sums_to():
    # the bold totals of bench/results/agent_ab.md (and RESULTS.md) are what bench/ab/tally.py sums from the table
    spec = importlib.util.spec_from_file_location("tally", ROOT / "bench" / "ab" / "tally.py")
    assert spec is not None and spec.loader is not None
    tally = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tally)
    for name in ("bench/results/agent_ab.md", "bench/RESULTS.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        got = tally.tally(text)
        (_, cc, ct), (_, sc, st) = got["contexteer"], got["shell"]
        assert f"the contexteer agent read **{ct:,} tokens\nin {cc:,} calls**" in text, (name, got)
        assert f"the shell agent **{st:,} tokens in {sc:,} commands** ({ct / st:.2f}x the tokens, {cc / sc:.2f}x the calls" \
            in text, (name, got)
