"""Real code nobody here wrote: the pydantic package installed in this environment."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pydantic
import pytest

from tests.navigation.conftest import Served


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("site")
    shutil.copytree(Path(pydantic.__file__).parent, root / "pydantic", ignore=shutil.ignore_patterns("__pycache__"))
    return Served(root)


def _truth(path: Path, cls: str, method: str) -> tuple[tuple[int, int], tuple[int, int]]:
    """Line ranges from Python's own parser, to compare the index against."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    meth = next(n for n in node.body if isinstance(n, ast.FunctionDef) and n.name == method)
    start = min([meth.lineno] + [d.lineno for d in meth.decorator_list])
    return (node.lineno, node.end_lineno or 0), (start, meth.end_lineno or 0)


def test_basemodel_is_found_in_pydantic_main(site: Served):
    a = site.call("search_symbol", query="BaseModel", kind="class")
    assert not a.is_error, a.text
    first = a.data["definitions"][0]
    assert (first["path"], first["qualname"]) == ("pydantic/main.py", "BaseModel")
    (cls_start, cls_end), _ = _truth(site.root / "pydantic" / "main.py", "BaseModel", "model_dump")
    assert (first["start_line"], first["end_line"]) == (cls_start, cls_end)


def test_model_dump_is_readable_by_symbol_with_its_exact_lines(site: Served):
    a = site.call("read_code_range", path="pydantic/main.py", symbol="BaseModel.model_dump")
    assert not a.is_error, a.text
    _, (start, end) = _truth(site.root / "pydantic" / "main.py", "BaseModel", "model_dump")
    assert (a.data["start_line"], a.data["end_line"]) == (start, end)
    assert "def model_dump(" in a.data["content"]


def test_semantic_read_of_real_code_resolves_through_imports(site: Served):
    a = site.semantic("pydantic/main.py", "BaseModel.model_json_schema")
    uses = {(u["qualname"], u["location"].split(":")[0], u["via"]) for u in a.data["uses"]}
    # `from .json_schema import GenerateJsonSchema, model_json_schema, ...` in pydantic/main.py
    assert ("GenerateJsonSchema", "pydantic/json_schema.py", "import") in uses
    assert ("model_json_schema", "pydantic/json_schema.py", "import") in uses  # the function, not the method itself
    gen = next(u for u in a.data["uses"] if u["qualname"] == "GenerateJsonSchema")
    assert gen["signature"].startswith("class GenerateJsonSchema")


def test_repo_map_of_real_code_fits_its_budget(site: Served):
    a = site.call("get_structured_index", path=".", budget_tokens=1000)
    assert not a.is_error, a.text
    assert 500 < a.data["tokens"] <= 1000
    assert "more files, narrow with path=" in a.text
