"""Configuration: precedence, unknown keys, trust of the repository file, budget warnings, docs coverage."""

from __future__ import annotations

from pathlib import Path

import pytest

from contexteer.config import SETTINGS, env_name, load_config
from contexteer.errors import ConfigError

CONFIG_DOC = Path(__file__).resolve().parents[1] / "docs" / "configuration.md"


def test_defaults_match_the_design():
    s = load_config(use_user_config=False).settings
    assert s.context_mode_mcp.max_direct_passthrough == 512
    assert s.context_mode_mcp.max_digest_threshold == 4096
    assert s.model.context_limit == 200_000 and s.chat_memory.register_budget == 12_000
    assert s.workspace.max_lines_per_call == 1000


def test_precedence_is_defaults_file_environment_command_line(tmp_path: Path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("context_mode_mcp: {max_direct_passthrough: 600, max_digest_threshold: 5000}\nshaping: {overview_budget: 900}\n")
    env = {env_name("context_mode_mcp.max_digest_threshold"): "6000", env_name("shaping.overview_budget"): "800"}
    loaded = load_config(config_file=cfg, environ=env, overrides={"shaping.overview_budget": 700}, use_user_config=False)
    s = loaded.settings
    assert s.context_mode_mcp.max_direct_passthrough == 600
    assert loaded.source("context_mode_mcp.max_direct_passthrough") == str(cfg)
    assert s.context_mode_mcp.max_digest_threshold == 6000
    assert loaded.source("context_mode_mcp.max_digest_threshold").startswith("environment")
    assert s.shaping.overview_budget == 700 and loaded.source("shaping.overview_budget") == "command line"
    assert loaded.source("model.context_limit") == "default"


def test_unknown_key_names_the_key_and_the_file(tmp_path: Path):
    cfg = tmp_path / "contexteer.yaml"
    cfg.write_text("context_mode_mcp:\n  max_digest_treshold: 10\n")
    with pytest.raises(ConfigError) as err:
        load_config(config_file=cfg, use_user_config=False)
    msg = str(err.value)
    assert "context_mode_mcp.max_digest_treshold" in msg and str(cfg) in msg
    assert "Did you mean 'context_mode_mcp.max_digest_threshold'" in msg


def test_a_config_written_for_the_seed_design_still_loads_and_says_which_keys_are_ignored(tmp_path: Path):
    cfg = tmp_path / "contexteer.yaml"
    cfg.write_text("chat_memory: {overlap_ratio: 0.25, checkpoint_interval: 10, window_tokens: 64000}\n"
                   "context_mode_mcp: {structure_first: true, lazy_load_by_line: true, max_digest_threshold: 3000}\n")
    loaded = load_config(config_file=cfg, use_user_config=False)
    assert loaded.settings.context_mode_mcp.max_digest_threshold == 3000
    ignored = [w for w in loaded.warnings if "no longer a setting" in w]
    assert len(ignored) == 4 and all(str(cfg) in w for w in ignored)
    assert any("'chat_memory.overlap_ratio'" in w and "window_tokens - stride_tokens" in w for w in ignored)


def test_every_setting_is_read_by_the_code_or_labelled_advisory():
    package = Path(__file__).resolve().parents[1] / "contexteer"
    code = "\n".join(p.read_text() for p in package.rglob("*.py") if p.name != "config.py")
    for s in SETTINGS:
        name = s.name.rpartition(".")[2]
        read = f".{name}" in code or f"'{s.name}'" in code or f'"{s.name}"' in code
        assert read or "Advisory" in s.help, f"{s.name} is read by nothing: use it, label it advisory or retire it"


def test_mistyped_value_names_the_key_and_its_source(tmp_path: Path):
    cfg = tmp_path / "contexteer.yaml"
    cfg.write_text("model: {context_limit: lots}\n")
    with pytest.raises(ConfigError) as err:
        load_config(config_file=cfg, use_user_config=False)
    assert "model.context_limit" in str(err.value) and str(cfg) in str(err.value)


def test_repository_config_cannot_widen_access(tmp_path: Path):
    (tmp_path / "contexteer.yaml").write_text("workspace: {deny: []}\ndata_dir: /tmp/elsewhere\nshaping: {overview_budget: 1500}\n")
    loaded = load_config(root=tmp_path, use_user_config=False)
    assert ".env*" in loaded.settings.workspace.deny
    assert loaded.settings.data_dir != "/tmp/elsewhere"
    assert loaded.settings.shaping.overview_budget == 1500  # budgets may be tuned
    assert any("workspace.deny" in w and "ignored" in w for w in loaded.warnings)


def test_user_config_may_set_protected_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / "contexteer.yaml").write_text("workspace: {deny: ['*.secret']}\n")
    monkeypatch.setenv("CONTEXTEER_CONFIG_HOME", str(home))
    loaded = load_config(root=tmp_path)
    assert loaded.settings.workspace.deny == ["*.secret"]


def test_budget_arithmetic_warnings():
    ok = load_config(use_user_config=False)
    assert ok.warnings == []
    bad = load_config(
        overrides={"chat_memory.window_tokens": 150_000, "chat_memory.stride_tokens": 1000, "chat_memory.folding_trigger": 160_000},
        use_user_config=False,
    )
    text = "\n".join(bad.warnings)
    assert "70%" in text and "between 1/4 and 1/3" in text and "folding_trigger" in text


def test_every_setting_is_documented_in_the_configuration_reference():
    doc = CONFIG_DOC.read_text(encoding="utf-8")
    missing = [s.name for s in SETTINGS if f"`{s.name}`" not in doc]
    assert not missing, f"settings missing from docs/configuration.md: {missing}"
