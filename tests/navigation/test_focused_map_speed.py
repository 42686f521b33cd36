"""A focused repo map: the focus leads, answers are stable, and the capped ranking orders files like the converged one (F15)."""

from __future__ import annotations

from pathlib import Path

from contexteer.config import load_config
from contexteer.indexers import repomap
from contexteer.server.app import build_server
from contexteer.server.services import build_services
from contexteer.tools.base import Services
from tests.navigation.conftest import Served, copy_fixture


def test_a_focused_map_leads_with_the_focus_and_a_repeated_focus_answers_the_same(tmp_path: Path):
    """Reuse of the global graph and ranks is measured in bench/latency.py (focused map p50); here, what it answers."""
    served, _svc = _served(copy_fixture("pyshop", tmp_path))
    plain = served.call("get_structured_index", path=".")
    by_file = served.call("get_structured_index", path=".", focus="shop/io.py")
    by_symbol = served.call("get_structured_index", path=".", focus="PriceCalculator")
    again = served.call("get_structured_index", path=".", focus="shop/io.py")
    for a in (plain, by_file, by_symbol, again):
        assert not a.is_error, a.text
    assert by_file.data["files"][0]["path"] == "shop/io.py"
    assert plain.data["files"][0]["path"] != "shop/io.py", "the fixture no longer tells a focus from no focus"
    calc = served.call("search_symbol", query="PriceCalculator").data["definitions"][0]["path"]
    assert by_symbol.data["files"][0]["path"] == calc
    assert again.text == by_file.text


def test_a_capped_focused_ranking_orders_files_like_the_converged_one(tmp_path: Path):
    served, svc = _served(copy_fixture("pyshop", tmp_path))
    assert not served.call("get_structured_index", path=".").is_error
    mapper = svc.nav.mapper
    for focus in (["shop/io.py"], ["shop/util/fmt.py"]):
        quick = mapper.ranking(focus)
        exact = repomap.rank(quick.files, mapper._defs, mapper._refs, focus, max_iter=500, tol=1e-12)
        order = sorted(quick.files, key=lambda f: -quick.file_rank[f])
        assert order == sorted(exact.files, key=lambda f: -exact.file_rank[f])


def _served(root: Path) -> tuple[Served, Services]:
    """A served workspace whose Services (and so its navigation state) the test can look at."""
    served = Served(root)
    loaded = load_config(root=root, overrides={"shaping.structured_output": True}, use_user_config=False)
    svc = build_services(served.ws, loaded)
    served.server = build_server(served.ws, loaded, services=svc)
    return served, svc
