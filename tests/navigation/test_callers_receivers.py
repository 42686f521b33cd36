"""Callers of a method: `self.x(...)` inside another class is that class's x, whatever file it is in."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import Served


def test_self_calls_in_another_class_are_not_callers_of_this_method(tmp_path: Path):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "routing.py").write_text(
        "class Router:\n"
        "    def app(self, scope):\n"
        "        return scope\n"
        "\n"
        "    def dispatch(self, scope):\n"
        "        return self.app(scope)\n"
        "\n"
        "\n"
        "class Route:\n"
        "    def app(self, scope):\n"
        "        return None\n"
        "\n"
        "    def handle(self, scope):\n"
        "        return self.app(scope)\n"
    )
    (tmp_path / "app" / "main.py").write_text(
        "from app.routing import Router\n"
        "\n"
        "\n"
        "def serve(router: Router, other):\n"
        "    router.app({})\n"
        "    other.app({})\n"
    )
    a = Served(tmp_path).call("read_code_range", path="app/routing.py", symbol="Router.app", context="semantic")
    assert not a.is_error, a.text
    confident = {(c["path"], c["line"]) for c in a.data["callers"] if c.get("how") != "name only"}
    assert ("app/routing.py", 6) in confident and ("app/main.py", 5) in confident  # self inside Router; router.app
    assert ("app/routing.py", 14) not in confident  # Route.handle calls Route's own app
    assert ("app/main.py", 6) not in confident  # other.app: nothing says it is a Router
