"""Searches an answer repeats (a Go type's embedders, a Rust trait's impl lines) are kept per index and per index
state: an edit is seen by the next answer, and a second repository opened in the same process never gets the first
one's hits."""

from __future__ import annotations

import gc

from contexteer.indexers import go_types
from contexteer.indexers.index import StructureIndex
from contexteer.indexers.queries_sql import per_generation
from contexteer.workspace import Workspace
from tests.indexers.conftest import bump, make_settings, write

INF = float("inf")


def _embedders(idx, name: str) -> list[str]:
    return sorted(s.name for s in go_types.embedders_of(idx, name))


def test_go_embedders_follow_an_edit(repo, open_index):
    write(repo, "base.go", "package p\n\ntype Base struct{}\n")
    write(repo, "a.go", "package p\n\ntype A struct {\n\tBase\n}\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert _embedders(idx, "Base") == ["A"]
    bump(write(repo, "b.go", "package p\n\ntype B struct {\n\t*Base\n}\n"))
    idx.ensure_fresh(["b.go"])
    assert _embedders(idx, "Base") == ["A", "B"]


def test_repositories_opened_one_after_another_keep_their_own_embedders(tmp_path):
    # each index is closed and dropped before the next opens, all at generation 1: a memo without the index's
    # identity hands later ones `First`; one keyed by id(index) can, once CPython gives a new index a freed address
    for n, name in enumerate(["First", "Second", "Third", "Fourth"]):
        root = tmp_path / f"repo{n}"
        write(root, "base.go", "package p\n\ntype Base struct{}\n")
        write(root, "x.go", f"package p\n\ntype {name} struct {{\n\tBase\n}}\n")
        idx = StructureIndex(Workspace(root, make_settings()))
        idx.ensure_built(wait_seconds=INF)
        assert _embedders(idx, "Base") == [name]
        idx.close()
        del idx
        gc.collect()


def test_an_object_that_cannot_hold_the_memo_still_gets_the_value():
    calls: list[int] = []

    def make() -> int:
        calls.append(1)
        return 7

    assert per_generation(object(), "t", "k", make) == 7 and per_generation(object(), "t", "k", make) == 7
    assert len(calls) == 2
