"""The uses view lists the members a file reads off an imported module-level instance of a repository class."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_members_of_an_imported_instance_are_listed_with_their_definitions(tmp_path):
    # run 218: `timeoutManager (timeoutManager.ts:248) at 526,552,569,576` left the agent to search for which of
    # TimeoutManager's methods queryObserver.ts calls
    files = {
        "src/timeoutManager.ts": (
            "export class TimeoutManager {\n"
            "  setTimeout(fn: () => void, ms: number): number {\n    return 1\n  }\n"
            "  clearTimeout(id: number): void {\n    return\n  }\n"
            "}\n\n"
            "export const timeoutManager = new TimeoutManager()\n"
        ),
        "src/observer.ts": (
            "import { timeoutManager } from './timeoutManager'\n\n"
            "export function schedule(): void {\n"
            "  const id = timeoutManager.setTimeout(() => {}, 5)\n"
            "  timeoutManager.clearTimeout(id)\n"
            "  timeoutManager.missing?.()\n"
            "}\n"
        ),
        "pkg/__init__.py": "",
        "pkg/console.py": "class Console:\n    def print(self, x):\n        return x\n\n\nconsole = Console()\n",
        "pkg/app.py": "from .console import console\n\n\ndef run():\n    console.print(1)\n",
    }
    s = served_tree(tmp_path, files)
    ts = s.call("list_dependencies", path="src/observer.ts", view="uses")
    names = {n["name"]: (n["defined"], n["lines"]) for u in ts.data["uses"] for n in u["names"]}
    assert names["timeoutManager.setTimeout"] == ("src/timeoutManager.ts:2", [4]), ts.text
    assert names["timeoutManager.clearTimeout"] == ("src/timeoutManager.ts:5", [5]), ts.text
    assert "timeoutManager.missing" not in names, ts.text  # no member of the class: not listed
    py = s.call("list_dependencies", path="pkg/app.py", view="uses")
    assert "console.print (console.py:2) at 5" in py.text, py.text  # (written from the folder the row names)


def test_a_typescript_name_that_is_an_interface_and_a_value_gives_both_lines(tmp_path):
    # zod run 242: `core.$constructor` read "(core.ts:8)", the interface; the function at 51 is what `core.$constructor(..)`
    # calls (and `$ZodError` an interface and a const)
    files = {
        "src/core.ts": ("export interface $constructor<T> {\n  new (def: unknown): T;\n}\n\n"
                        "export function $constructor<T>(name: string): $constructor<T> {\n  return null as any;\n}\n"),
        "src/index.ts": "export * from \"./core.js\";\n",
        "src/errors.ts": ("import * as core from \"./index.js\";\n\n"
                          "export const ZodError: core.$constructor<Error> = core.$constructor(\"ZodError\");\n"),
    }
    a = served_tree(tmp_path, files).call("list_dependencies", path="src/errors.ts", view="uses")
    assert "core.$constructor (core.ts:1,5, re-exported at src/index.ts:1) at 3" in a.text, a.text
