"""The package's layers: a base with no upward imports, and shaping / memory / indexers independent of each other."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "contexteer"
BASE = {"errors", "config", "workspace", "listing", "secrets", "tokens", "journal", "patterns", "safe_yaml", "fitting",
        "storage"}
DOMAINS = {"shaping", "memory", "indexers"}


def _imports(path: Path) -> set[str]:
    """The top-level contexteer modules or packages a file imports (at any depth of the file)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "contexteer" and len(parts) > 1:
                out.add(parts[1])
    return out


def _files(name: str) -> list[Path]:
    """A base module's file, or every file of a base package (contexteer/storage/)."""
    single = PACKAGE / f"{name}.py"
    return [single] if single.exists() else sorted((PACKAGE / name).rglob("*.py"))


def test_the_base_layer_imports_nothing_above_it():
    for name in sorted(BASE):
        files = _files(name)
        assert files, f"base module {name} does not exist"
        for path in files:
            upward = _imports(path) - BASE
            assert not upward, f"{path.relative_to(PACKAGE.parent)} imports {sorted(upward)}: the base layer must not depend on them"


def test_shaping_memory_and_indexers_do_not_import_each_other():
    for domain in sorted(DOMAINS):
        for path in sorted((PACKAGE / domain).rglob("*.py")):
            others = (_imports(path) & DOMAINS) - {domain}
            assert not others, f"{path.relative_to(PACKAGE.parent)} imports {sorted(others)}: go through the base layer"


def test_no_domain_package_imports_the_tools_or_the_server():
    for domain in sorted(DOMAINS):
        for path in sorted((PACKAGE / domain).rglob("*.py")):
            above = _imports(path) & {"tools", "server"}
            assert not above, f"{path.relative_to(PACKAGE.parent)} imports {sorted(above)}"


def test_the_navigation_service_imports_neither_the_tools_the_server_nor_shaping_or_memory():
    """contexteer/navigation sits on the index (indexers) and the base: its answers are typed results, which the
    tools render and shaping digests."""
    for path in sorted((PACKAGE / "navigation").rglob("*.py")):
        above = _imports(path) & {"tools", "server", "shaping", "memory"}
        assert not above, f"{path.relative_to(PACKAGE.parent)} imports {sorted(above)}"
