"""A focused or sub-path repo map reuses the cached global graph and ranks instead of recomputing PageRank (F15)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from contexteer.config import load_config
from contexteer.indexers import repomap
from contexteer.server.app import build_server
from contexteer.tools.base import Services
from contexteer.tools.nav_state import nav_for
from tests.navigation.conftest import Served, copy_fixture


def test_focused_maps_reuse_the_graph_and_start_from_the_global_ranks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    served, svc = _served(copy_fixture("pyshop", tmp_path))
    builds: list[int] = []
    starts: list[Any] = []
    build, rank = repomap.build_ref_graph, repomap.rank

    def counting_build(*a: Any, **kw: Any) -> Any:
        builds.append(1)
        return build(*a, **kw)

    def spying_rank(*a: Any, **kw: Any) -> Any:
        starts.append((kw.get("init"), kw.get("max_iter")))
        return rank(*a, **kw)

    monkeypatch.setattr(repomap, "build_ref_graph", counting_build)
    monkeypatch.setattr(repomap, "rank", spying_rank)
    plain = served.call("get_structured_index", path=".")
    focused = [served.call("get_structured_index", path=".", focus=f) for f in ("shop/io.py", "PriceCalculator", "shop/cli.py")]
    again = served.call("get_structured_index", path=".", focus="shop/io.py")
    for a in (plain, *focused, again):
        assert not a.is_error, a.text
    assert len(builds) == 1, "a focused map rebuilt the reference graph"
    assert len(starts) == 4, "a repeated focus was ranked again instead of cached"
    global_ranks = nav_for(svc).mapper.ranking().file_rank
    assert all(init == global_ranks and max_iter == repomap.FOCUS_MAX_ITER for init, max_iter in starts[1:])
    assert focused[0].data["files"][0]["path"] == "shop/io.py"


def test_a_capped_focused_ranking_orders_files_like_the_converged_one(tmp_path: Path):
    served, svc = _served(copy_fixture("pyshop", tmp_path))
    assert not served.call("get_structured_index", path=".").is_error
    mapper = nav_for(svc).mapper
    for focus in (["shop/io.py"], ["shop/util/fmt.py"]):
        quick = mapper.ranking(focus)
        exact = repomap.rank(quick.files, mapper._defs, mapper._refs, focus, max_iter=500, tol=1e-12)
        order = sorted(quick.files, key=lambda f: -quick.file_rank[f])
        assert order == sorted(exact.files, key=lambda f: -exact.file_rank[f])


def _served(root: Path) -> tuple[Served, Services]:
    """A served workspace whose Services (and so its navigation state) the test can look at."""
    served = Served(root)
    loaded = load_config(root=root, overrides={"shaping.structured_output": True}, use_user_config=False)
    svc = Services(served.ws, loaded)
    served.server = build_server(served.ws, loaded, services=svc)
    return served, svc
