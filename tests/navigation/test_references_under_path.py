"""zod A/B run 210: `search_symbol(query="clone", path="src/v4/core", references=true)` listed the references under
that folder (by design: path= scopes them) and said nothing of the 9 elsewhere; the agent read it as every call and
searched again. The answer says how many more the repository has."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/core/util.ts": "export function clone(x: number): number {\n  return x;\n}\n",
    "src/core/a.ts": "import { clone } from './util';\n\nexport function a(): number {\n  return clone(1);\n}\n",
    "src/classic/b.ts": ("import { clone } from '../core/util';\n\nexport function b(): number {\n  return clone(2);\n}\n\n"
                         "export function c(): number {\n  return clone(3);\n}\n"),
}


def test_references_under_a_folder_say_how_many_more_are_elsewhere(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    r = served.call("search_symbol", query="clone", path="src/core", references=True)
    assert not r.is_error, r.text
    assert {(s["path"], s["line"]) for s in r.data["references"] if s["kind"] != "import"} >= {("src/core/a.ts", 4)}, r.text
    assert "references under src/core only; 3 more elsewhere: the same call without path= lists every one" in r.text, r.text
    whole = served.call("search_symbol", query="clone", references=True)
    assert "more elsewhere" not in whole.text and "src/classic/b.ts" in whole.text, whole.text
