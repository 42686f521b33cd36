"""search_symbol: every page passes whole so walking next_cursor visits every definition (F16b); references of
a value add its whole-word uses, marked as text matches (F1)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import hit_at
from tests.navigation.conftest import Served


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_walking_next_cursor_with_a_big_limit_visits_every_definition(tmp_path: Path):
    params = ", ".join(f"argument_number_{k}: dict[str, list[int]] | None = None" for k in range(4))
    files = {f"pkg/mod{i // 20}.py": "" for i in range(150)}
    for i in range(150):
        files[f"pkg/mod{i // 20}.py"] += f"def subscribe_handler_{i:03d}({params}) -> None:\n    return None\n\n"
    served = Served(_write(tmp_path / "r", files))
    seen: list[str] = []
    cursor = None
    pages = 0
    while True:
        args = {"query": "subscribe_handler", "match": "prefix", "limit": 200}
        if cursor:
            args["cursor"] = cursor
        a = served.call("search_symbol", **args)
        assert not a.is_error, a.text
        assert (a.meta or {}).get("tier") == "passthrough", a.text[:300]
        assert "structured_cut" not in (a.meta or {}) and "shaping" not in a.data
        seen += [d["qualname"] for d in a.data["definitions"]]
        assert all(f"{d['path']}:{d['start_line']}-" in a.text for d in a.data["definitions"])
        pages += 1
        cursor = a.data.get("next_cursor")
        if not cursor:
            break
        assert f'cursor="{cursor}"' in a.text
    assert pages > 1
    assert sorted(seen) == [f"subscribe_handler_{i:03d}" for i in range(150)]


VALUES = {
    "app/settings.py": "import re\n\nPARAM_REGEX = re.compile('{([a-z]+)}')\nLIMIT = 10\n",
    "app/routing.py": ("from app.settings import PARAM_REGEX, LIMIT\n\n\ndef compile_path(path):\n"
                       "    for match in PARAM_REGEX.finditer(path):\n        yield match\n\n\n"
                       "def clamp(n):\n    return min(n, LIMIT)\n"),
    "web/util.js": "console.log(window.PARAM_REGEX);\n",
}


def test_references_to_a_constant_include_its_plain_uses_as_text_matches(tmp_path: Path):
    served = Served(_write(tmp_path / "r", VALUES))
    a = served.call("search_symbol", query="PARAM_REGEX", kind="constant", references=True)
    assert not a.is_error, a.text
    uses = [(r["path"], r["line"]) for r in a.data["references"] if r["kind"] in ("use", "read")]
    assert ("app/routing.py", 5) in uses
    assert ("app/settings.py", 3) not in uses, "the definition line is not a use"
    assert not any(p.endswith(".js") for p, _ in uses), "a JavaScript line is not a use of a Python constant"
    assert (hit_at(a.text, "app/routing.py", 5) or "").startswith("5: for match in PARAM_REGEX.finditer(path):"), a.text
    # (a bare use in a file that imports the name from the definition's module is a resolved reference, `read`)
    assert [(r["path"], r["line"]) for r in a.data["references"] if r["kind"] == "read"] == [("app/routing.py", 5)]
    assert "no references found" not in a.text
    imports = [(r["path"], r["line"]) for r in a.data["references"] if r["kind"] == "import"]
    assert imports == [("app/routing.py", 1)] and ("app/routing.py", 1) not in uses


def test_a_module_qualified_name_finds_the_definition_in_that_module(tmp_path: Path):
    served = Served(_write(tmp_path / "r", {
        "src/starlette/config.py": "class Config:\n    def get(self, key):\n        return key\n",
        "src/other/config.py": "class Config:\n    pass\n",
        "src/starlette/__init__.py": "def version():\n    return 1\n",
    }))
    a = served.call("search_symbol", query="starlette.config.Config")
    assert [(d["path"], d["qualname"]) for d in a.data["definitions"]] == [("src/starlette/config.py", "Config")]
    b = served.call("search_symbol", query="starlette.config.Config.get")
    assert [(d["path"], d["qualname"]) for d in b.data["definitions"]] == [("src/starlette/config.py", "Config.get")]
    c = served.call("search_symbol", query="starlette.version")
    assert [d["path"] for d in c.data["definitions"]] == ["src/starlette/__init__.py"]
    d = served.call("search_symbol", query="nothere.config.Config")
    assert d.data["definitions"] == []
