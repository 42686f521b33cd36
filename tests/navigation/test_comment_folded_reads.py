"""A whole-file read too large for one answer shows all its code with the whole-line comment blocks folded, when
that fits: Commons Collections' PredicatedCollection.java (4,193 tokens, 258 of its 443 lines Javadoc) had been an
outline of signatures, and the A/B agent (run 176) fetched the bodies with a pattern that skipped the comments."""

from __future__ import annotations

import re

import pytest

from tests.navigation.conftest import Served, served_tree


def _method(i: int) -> str:
    doc = "".join(f"     * Explains step {k} of how value {i} is checked, stored and handed on to the caller.\n"
                  for k in range(14))
    return (f"    /**\n{doc}     */\n    public int value{i}(final int x) {{\n"
            f"        // the offset, added once\n        // (and never twice)\n        return x + {i};\n    }}\n\n")


JAVA = "package org.acme;\n\n/**\n * A class.\n */\npublic class Values {\n\n" + "".join(_method(i) for i in range(24)) + "}\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("folded") / "repo", {
        "src/Values.java": JAVA,
        # code alone over the budget: no fold helps, the outline stays
        "src/Big.java": "package org.acme;\n\npublic class Big {\n" + "".join(
            f"    public int big{i}(int x) {{ return x * {i} + {i * 7} - (x >> 2) + Math.max(x, {i}); }}\n"
            for i in range(600)) + "}\n",
    })


def test_a_large_read_shows_every_code_line_with_its_comment_blocks_folded(served: Served):
    a = served.call("read_code_range", path="src/Values.java")
    assert not a.is_error, a.text
    lines = JAVA.splitlines()
    code = [n for n, ln in enumerate(lines, 1) if not re.match(r"\s*(/\*\*|\*|\*/|//)", ln)]
    shown = {int(m.group(1)) for m in re.finditer(r"^(\d+)\t", a.text, re.M)}
    assert set(code) <= shown, sorted(set(code) - shown)
    assert "… 16 comment lines folded (lines 8-23) …" in a.text, a.text[:800]
    assert "… 2 comment lines folded (lines 25-26) …" in a.text  # a run of `//` lines is one block
    assert "\t    public int value23(final int x) {" in a.text
    m = re.search(r'\[(\d+) comment blocks folded \((\d+) lines\), all code shown; each is one fetch_result range '
                  r'away, the largest: fetch_result\(handle="(r-[0-9a-f]{10})", start_line=(\d+), end_line=(\d+)\)\]',
                  a.text)
    assert m is not None, a.text[:600]
    assert int(m.group(1)) == 1 + 24 * 2  # the class's Javadoc, each method's and each method's `//` pair
    # the comments are one fetch away, by the lines the note names
    f = served.call("fetch_result", handle=m.group(3), start_line=int(m.group(4)), end_line=int(m.group(5)))
    assert not f.is_error and "Explains step 13 of how value" in f.text, f.text


def test_a_read_whose_code_alone_is_too_large_stays_an_outline(served: Served):
    a = served.call("read_code_range", path="src/Big.java")
    assert not a.is_error, a.text
    assert a.text.startswith("[overview of src/Big.java"), a.text[:300]
    assert "comment blocks folded" not in a.text
