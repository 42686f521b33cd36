"""References asked for several names at once are listed under each name: petgraph run 396 read
`NodeCompactIndexable, from_elements_indexable`'s 43 references as one list, the second name's three at its end
without a heading."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "m.py": "def load(x):\n    return x\n\n\ndef save(x):\n    return x\n",
    "a.py": "from m import load, save\n\n\ndef run():\n    save(load(1))\n    return load(2)\n",
}


def test_each_names_references_sit_under_its_heading(tmp_path):
    a = served_tree(tmp_path / "r", TREE).call("search_symbol", query="load, save", references=True)
    assert not a.is_error, a.text
    text = a.text
    assert "references of load (" in text and "references of save (" in text, text
    loads = text.split("references of load (", 1)[1].split("references of save (", 1)[0]
    saves = text.split("references of save (", 1)[1]
    assert "6:" in loads and "6:" not in saves, text
    assert "5:" in loads and "5:" in saves and "1:" in saves, text  # a line writing both: under each
