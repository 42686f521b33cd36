"""A memory header with YAML aliases ('billion laughs') is refused, not expanded (issue 18, finding 4): a 529-byte
topic file hung `recall` at 1.3 GB, and with memory.location=repo any cloned repository can ship one."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from contexteer import safe_yaml
from contexteer.memory import entries as E
from tests.navigation.conftest import Served


def _bomb(levels: int) -> str:
    """A header whose description is `levels` levels of 10 aliases of the level below (10**levels leaves)."""
    lines = ["---", "name: laughs", "tag: DECISION", "l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels + 1):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]")
    lines += [f"description: *l{levels}", "---", "body", ""]
    return "\n".join(lines)


@pytest.fixture
def served(tmp_path: Path) -> Served:
    root = tmp_path / "repo"
    folder = root / ".contexteer" / "memory"
    folder.mkdir(parents=True)
    (folder / "laughs.md").write_text(_bomb(9), encoding="utf-8")  # 10**9 leaves once expanded
    (folder / "real.md").write_text("---\nname: real\ndescription: the real decision\ntag: DECISION\nsource: user\n"
                                    "createdAt: '2026-01-01T00:00:00.000Z'\nupdatedAt: '2026-01-01T00:00:00.000Z'\n"
                                    "---\nWe deploy on Fridays.\n", encoding="utf-8")
    assert len(_bomb(9)) < 700  # the size of the reported file (529 bytes)
    return Served(root, **{"memory.location": "repo"})


@pytest.mark.timeout(30, method="thread")  # an expansion runs in C and ignores the signal method
def test_recall_and_list_skip_a_memory_header_with_yaml_aliases_and_say_why(served: Served):
    recall = served.call("memory", action="recall")
    assert not recall.is_error, recall.text
    assert "We deploy on Fridays." in recall.text  # the rest of memory still works
    assert "laughs.md" in recall.text and "aliases (*l0) are not allowed" in recall.text
    assert "lol, lol" not in recall.text
    listed = served.call("memory", action="list")
    assert not listed.is_error and "aliases" in listed.text and "real" in listed.text


@pytest.mark.timeout(30, method="thread")
def test_reading_a_memory_header_with_yaml_aliases_shows_its_raw_text_unexpanded(served: Served):
    a = served.call("memory", action="read", name="laughs")
    assert not a.is_error, a.text
    assert "cannot be parsed" in a.text and "aliases" in a.text
    assert "description: *l9" in a.text and len(a.text) < 4000


def test_yaml_loader_refuses_aliases_and_deep_nesting_with_a_line_number():
    with pytest.raises(yaml.YAMLError, match="aliases"):
        safe_yaml.load("a: &x [1]\nb: *x\n")
    with pytest.raises(yaml.YAMLError, match="nested deeper than"):
        safe_yaml.load("a: " + "[" * 5000)
    with pytest.raises(E.FormatError, match=r"line 4: aliases \(\*x\) are not allowed"):
        E.parse("---\nname: x\na: &x [1]\ndescription: *x\n---\nbody\n")


def test_what_memory_writes_it_reads_back_even_with_a_repeated_value():
    shared = ["a"]
    text = safe_yaml.dump({"x": shared, "y": shared})
    assert "&" not in text and "*" not in text
    assert safe_yaml.load(text) == {"x": ["a"], "y": ["a"]}


def test_a_repository_contexteer_yaml_with_aliases_is_refused_as_invalid(tmp_path):
    from contexteer.config import load_config
    from contexteer.errors import ConfigError

    root = tmp_path / "r"
    root.mkdir()
    (root / "contexteer.yaml").write_text('a: &a ["x","x","x","x","x","x","x","x","x"]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a]\n'
                                          'c: &c [*b,*b,*b,*b,*b,*b,*b,*b]\n', encoding="utf-8")
    try:
        load_config(root=root, use_user_config=False)
    except ConfigError as exc:
        assert "alias" in str(exc) and "contexteer.yaml" in str(exc)
    else:
        raise AssertionError("a contexteer.yaml holding YAML aliases was loaded")
