"""Big answers stay useful: outlines, maps, symbol reads and dependency lists fit what the pipeline passes whole.

Regression tests for acceptance findings F2, F3, F5 and F10 (the shaping pipeline ran the code digester
over outline and map text and answered "no definitions found").
"""

from __future__ import annotations

import ast
import re
import shutil
import sysconfig
from pathlib import Path

import pytest

from tests.navigation.conftest import Served

STDLIB = Path(sysconfig.get_paths()["stdlib"])
BIG_MODULES = ("typing.py", "inspect.py", "datetime.py", "tarfile.py")


@pytest.fixture(scope="module")
def stdlib(tmp_path_factory: pytest.TempPathFactory) -> Served:
    root = tmp_path_factory.mktemp("std")
    for name in BIG_MODULES:
        shutil.copy(STDLIB / name, root / name)
    return Served(root, **{"shaping.structured_output": False})  # what the model reads: the text


def _top_level(path: Path) -> list[tuple[str, int, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            out.append((node.name, start, node.end_lineno or 0))
    return out


@pytest.mark.parametrize("name", BIG_MODULES)
def test_outline_of_a_big_stdlib_module_lists_every_top_level_definition_with_its_range(stdlib: Served, name: str):
    a = stdlib.call("get_structured_index", path=name)
    assert not a.is_error, a.text
    assert "no definitions found" not in a.text
    assert a.meta is not None and a.meta["tier"] == "passthrough", a.text[:300]
    assert a.meta["tokens"] <= 4096
    shown = {(m.group(2), int(m.group(1).split("-")[0])) for m in re.finditer(r"^  (\d+-\d+) (?:async )?(?:def|class) (\w+)", a.text, re.M)}
    missing = [(n, s) for n, s, _ in _top_level(stdlib.root / name) if (n, s) not in shown]
    assert not missing, missing[:10]


def test_an_outline_too_big_to_pass_whole_keeps_classes_with_member_counts_and_says_how_to_see_them(stdlib: Served):
    a = stdlib.call("get_structured_index", path="typing.py")
    hidden = re.search(r"… (\d+) nested definitions not shown .*read_code_range\(path=\"typing.py\", symbol=\"(\w+)\"\)", a.text)
    assert hidden, a.text[-500:]
    assert re.search(r"^  \d+-\d+ class _SpecialForm\(.*\)  \(\d+ members\)$", a.text, re.M)
    assert re.match(r"typing.py \(python, (\d+) symbols\)", a.text)


def test_an_outline_that_fits_is_whole_with_docs(stdlib: Served):
    a = stdlib.call("get_structured_index", path="tarfile.py", kinds=["class"])
    assert "members" not in a.text and "not shown" not in a.text
    assert "class TarFile(object)  # The TarFile Class provides an interface to tar archives." in a.text


def test_outline_budget_is_honoured_for_a_file_and_never_refused(stdlib: Served):
    a = stdlib.call("get_structured_index", path="inspect.py", budget_tokens=50)
    assert not a.is_error, a.text
    assert "more top-level definitions (lines" in a.text and 'read_code_range(path="inspect.py", start_line=' in a.text


def test_repo_map_with_a_budget_above_the_digest_threshold_is_a_map_capped_to_it(stdlib: Served):
    for budget in (6000, 8000, 100_000):
        a = stdlib.call("get_structured_index", path=".", budget_tokens=budget)
        assert not a.is_error, a.text
        assert "no definitions found" not in a.text
        assert a.meta is not None and a.meta["tier"] == "passthrough"
        assert "budget capped at 4096 tokens" in a.text
        assert 2000 < a.meta["tokens"] <= 4096
        assert re.search(r"^  \d+-\d+ class TarFile", a.text, re.M)


def test_symbol_read_of_a_big_class_keeps_its_member_outline_and_the_continue_call(stdlib: Served):
    truth = {n: (s, e) for n, s, e in _top_level(stdlib.root / "tarfile.py")}
    start, end = truth["TarFile"]
    for semantic in ("none", "semantic"):
        a = stdlib.call("read_code_range", path="tarfile.py", symbol="TarFile", context=semantic)
        assert not a.is_error, a.text
        assert a.meta is not None and a.meta["tier"] in ("passthrough", "page") and a.meta["tokens"] <= 4096
        assert "no definitions found" not in a.text
        assert f"outline of tarfile.py:{start}-{end}" in a.text
        assert re.search(r"^  \d+-\d+ method TarFile\.extractall$", a.text, re.M)
        assert re.search(rf"^{start}\tclass TarFile\(object\):", a.text, re.M)
        nxt = int(re.search(r'continue with read_code_range\(path="tarfile.py", start_line=(\d+), end_line=', a.text)[1])
        shown = [int(n) for n in re.findall(r"^(\d+)\t", a.text, re.M)]
        assert shown == list(range(start, nxt))
        if semantic == "semantic":
            assert "── built by" in a.text  # a class's callers are the places that build it


def _hub_repo(root: Path, dependents: int) -> Path:
    pkg = root / "pkg"
    (pkg / "parts").mkdir(parents=True)
    (pkg / "users").mkdir()
    for d in (pkg, pkg / "parts", pkg / "users"):
        (d / "__init__.py").write_text("")
    for i in range(9):
        (pkg / "parts" / f"part_{i}.py").write_text(f"def part_{i}() -> int:\n    return {i}\n")
    (pkg / "hub.py").write_text("".join(f"from pkg.parts.part_{i} import part_{i}\n" for i in range(9)))
    for i in range(dependents):
        (pkg / "users" / f"user_module_with_a_long_name_{i:03d}.py").write_text("from pkg.hub import part_0\n")
    return root


def test_a_medium_dependency_answer_shows_every_direct_import_and_the_dependents_count(tmp_path: Path):
    served = Served(_hub_repo(tmp_path / "hub", 60))
    a = served.call("list_dependencies", path="pkg/hub.py", direction="both")
    assert not a.is_error, a.text
    assert a.meta is not None and a.meta["tier"] == "passthrough", a.text[:300]
    for i in range(9):
        assert f"pkg/parts/part_{i}.py  (line {i + 1})" in a.text
    assert "imported by (60 files, depth 1):" in a.text
    assert "narrow with depth=1" not in a.text


def test_a_dependency_answer_too_big_to_pass_whole_groups_dependents_by_folder(tmp_path: Path):
    served = Served(_hub_repo(tmp_path / "hub", 400))
    a = served.call("list_dependencies", path="pkg/hub.py", direction="both")
    assert a.meta is not None and a.meta["tier"] == "passthrough"
    assert "imported by (400 files, depth 1):" in a.text
    assert "pkg/parts/part_8.py  (line 9)" in a.text
    assert re.search(r"^    pkg/users/  \d+ files$", a.text, re.M)


def test_deeper_dependencies_list_each_file_once_at_its_smallest_depth(tmp_path: Path):
    root = tmp_path / "chain"
    root.mkdir()
    (root / "a.py").write_text("import b\nimport c\n")
    (root / "b.py").write_text("import c\nimport d\n")
    (root / "c.py").write_text("import d\n")
    (root / "d.py").write_text("X = 1\n")
    a = Served(root).call("list_dependencies", path="a.py", depth=3)
    assert [(e["target"], e["depth"]) for e in a.data["imports"]] == [("b.py", 1), ("c.py", 1), ("d.py", 2)]
    assert "a.py imports (3 files in-repo, depth 3):" in a.text
    assert a.text.count("d.py") == 1


def test_a_small_file_read_whole_comes_back_whole_and_a_larger_one_as_a_digest(tmp_path: Path):
    from tests.navigation.conftest import served_tree

    def module(n: int) -> str:
        return "".join(f"def handler_{i}(request, response):\n    return response.send(request.body[{i}])\n\n" for i in range(n))

    s = served_tree(tmp_path, {"small.py": module(30), "large.py": module(200)})
    small = s.call("read_code_range", path="small.py")
    assert small.meta is not None and small.meta["tier"] == "passthrough" and small.meta["raw_tokens"] > 512, small.meta
    assert all(f"def handler_{i}(" in small.text for i in range(30)) and "folded" not in small.text
    large = s.call("read_code_range", path="large.py")
    assert large.meta is not None and large.meta["tier"] != "passthrough", large.meta
