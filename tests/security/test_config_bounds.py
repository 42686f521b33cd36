"""A repository's own contexteer.yaml cannot switch safeguards off (issue 18, finding 6): every key it may set has a
range in the settings registry, checked when the configuration is loaded; the rest are protected. Before the fix
`workspace.max_file_bytes: 1e11` made the index unusable (MemoryError), `index.workers: 32` started 35 processes,
the tier thresholds allowed 95k-token answers, `journal.max_bytes: 1` with `keep: 0` deleted the journal on every
append and `shaping.encoding` made the server try a download."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from contexteer.config import CORES, SETTINGS, load_config, settings_table
from contexteer.errors import ConfigError

CONFIG_DOC = Path(__file__).resolve().parents[2] / "docs" / "configuration.md"


def _repo(tmp_path: Path, config: dict[str, Any]) -> Path:
    root = tmp_path / "repo"
    root.mkdir(parents=True)
    (root / "contexteer.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    return root


def _refused(tmp_path: Path, config: dict[str, Any]) -> str:
    root = _repo(tmp_path, config)
    with pytest.raises(ConfigError) as exc:
        load_config(root=root, use_user_config=False)
    return str(exc.value)


@pytest.mark.parametrize("section, key, value, bound", [
    ("workspace", "max_file_bytes", 100_000_000_000, "1 to 67108864"),
    ("index", "workers", CORES + 30, "0 to the number of cores"),
    ("context_mode_mcp", "max_digest_threshold", 95_000, "1 to 16384"),
    ("context_mode_mcp", "max_direct_passthrough", 95_000, "1 to 4096"),
    ("shaping", "overview_budget", 95_000, "1 to 8192"),
    ("server", "max_body_bytes", 10_000_000_000, "1024 to 16777216"),
    ("journal", "max_bytes", 1, "65536 to 1073741824"),
    ("journal", "keep", 0, "1 to 100"),
    ("navigation", "search_timeout_seconds", 1e9, "more than 0, at most 120"),
    ("memory", "entry_max_bytes", 10**12, "1 to 65536"),
])
def test_a_repository_config_value_out_of_range_is_refused_naming_key_file_and_bound(
        tmp_path: Path, section: str, key: str, value: Any, bound: str):
    message = _refused(tmp_path, {section: {key: value}})
    assert f"'{section}.{key}'" in message
    assert str(tmp_path / "repo" / "contexteer.yaml") in message
    assert bound in message and "out of range" in message


def test_the_journal_cannot_be_configured_away(tmp_path: Path):
    message = _refused(tmp_path, {"journal": {"max_bytes": 1, "keep": 0}})
    assert "'journal.max_bytes'" in message and "'journal.keep'" in message


def test_a_repository_cannot_choose_the_token_encoding(tmp_path: Path):
    root = _repo(tmp_path, {"shaping": {"encoding": "o200k_base"}})
    loaded = load_config(root=root, use_user_config=False)
    assert loaded.settings.shaping.encoding == "cl100k_base"
    assert any("'shaping.encoding' is ignored here" in w for w in loaded.warnings)


def test_an_unknown_encoding_is_refused_even_from_the_user(tmp_path: Path):
    with pytest.raises(ConfigError) as exc:
        load_config(overrides={"shaping.encoding": "https://example.invalid/x.tiktoken"}, use_user_config=False)
    assert "'shaping.encoding'" in str(exc.value) and "cl100k_base" in str(exc.value)


def test_globs_in_include_and_exclude_are_bounded(tmp_path: Path):
    message = _refused(tmp_path, {"workspace": {"exclude": ["*.py"] * 300}})
    assert "'workspace.exclude'" in message and "at most 256 globs" in message
    assert "'workspace.include'" in _refused(tmp_path / "b", {"workspace": {"include": ["a" * 5000]}})


def test_every_setting_a_repository_may_set_is_bounded():
    unbounded = [s.name for s in SETTINGS if not s.protected and not s.bounds]
    assert unbounded == []


def test_the_configuration_reference_table_is_generated_from_the_registry():
    doc = CONFIG_DOC.read_text(encoding="utf-8")
    assert settings_table() in doc, "regenerate docs/configuration.md with scripts/gen_config_docs.py"


def test_values_in_range_still_load(tmp_path: Path):
    root = _repo(tmp_path, {"workspace": {"max_file_bytes": 4 << 20}, "journal": {"max_bytes": 1 << 20, "keep": 1},
                            "context_mode_mcp": {"max_digest_threshold": 8000}})
    s = load_config(root=root, use_user_config=False).settings
    assert (s.workspace.max_file_bytes, s.journal.keep, s.context_mode_mcp.max_digest_threshold) == (4 << 20, 1, 8000)
