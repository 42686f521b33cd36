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
