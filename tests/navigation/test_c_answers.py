"""C answers from the kernel mm/ A/B run: a function a header declares and a .c file defines is one function (the
definition ranks first, find_related takes it without asking, a callee resolves to it, not to the prototype); a
file's #include lines are listed in their order with where each is found."""

from __future__ import annotations

import pytest

from tests.navigation.conftest import Served, served_tree

FILES = {
    "include/linux/swap.h": "#ifndef SWAP_H\n#define SWAP_H\nvoid workingset_activation(int folio);\n"
                            "void folio_mark_accessed(int folio);\n#endif\n",
    "mm/workingset.c": '#include <linux/swap.h>\n\nvoid workingset_activation(int folio)\n{\n    (void)folio;\n}\n',
    "mm/internal.h": "static inline int helper(int x)\n{\n    return x;\n}\n",
    "mm/swap.c": ('#include <linux/swap.h>\n#include "internal.h"\n#include <trace/events/pagemap.h>\n\n'
                  "void folio_mark_accessed(int folio)\n{\n    workingset_activation(helper(folio));\n"
                  "    folio_test_referenced(folio);\n}\n"),
}


@pytest.fixture(scope="module")
def mm(tmp_path_factory: pytest.TempPathFactory) -> Served:
    return served_tree(tmp_path_factory.mktemp("c") / "mm", FILES)


def test_the_definition_ranks_before_the_header_prototype(mm: Served):
    a = mm.call("search_symbol", query="workingset_activation")
    assert [h["path"] for h in a.data["definitions"]] == ["mm/workingset.c", "include/linux/swap.h"], a.text


def test_find_related_takes_the_definition_of_a_declared_function_and_its_callees_resolve_to_definitions(mm: Served):
    a = mm.call("find_related", symbol="folio_mark_accessed", relation="callees")
    assert not a.is_error, a.text  # no "names 2 definitions; pass the one you mean"
    assert "[declared in include/linux/swap.h:4]" in a.text, a.text
    got = {i["qualname"]: i["path"] for i in a.data["items"]}
    assert got == {"workingset_activation": "mm/workingset.c", "helper": "mm/internal.h"}, a.text
    assert "a macro makes by pasting names" in a.text and "folio_test_referenced" in a.text, a.text


def test_a_c_file_s_includes_come_in_their_order_with_where_each_is_found(mm: Served):
    a = mm.call("list_dependencies", path="mm/swap.c")
    assert a.text.split("\n")[:4] == [
        "mm/swap.c: 3 #includes (2 repository files reached):",
        "  1: linux/swap.h  -> include/",
        '  2: "internal.h"  -> mm/',
        "  3: trace/events/pagemap.h  [not in the repository]",
    ], a.text


def test_several_names_in_one_query_are_each_looked_up_in_order_and_a_missing_one_is_named(mm: Served):
    """The agent asked for five names at once and got 'no definitions match'."""
    a = mm.call("search_symbol", query="helper, workingset_activation | nosuch")
    assert not a.is_error, a.text
    assert [(h["qualname"], h["path"]) for h in a.data["definitions"]] == [
        ("helper", "mm/internal.h"), ("workingset_activation", "mm/workingset.c"),
        ("workingset_activation", "include/linux/swap.h")], a.text
    assert "no definition named 'nosuch'" in a.text, a.text
