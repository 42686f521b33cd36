"""The values of Go constants written with iota, on outline rows (httprouter A/B run 463)."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = ("package httprouter\n\n"
        "type nodeType uint8\n\n"
        "const (\n"                                   # 5
        "\tstatic nodeType = iota // default\n"      # 6
        "\troot\n"                                    # 7
        "\t// a comment line between\n"
        "\tparam\n"                                   # 9
        "\tcatchAll\n"                                # 10
        ")\n\n"
        "const (\n"                                   # 13
        "\t_ = iota\n"                                # 14
        "\tKB int64 = 1 << (10 * iota)\n"             # 15
        "\tMB\n"                                      # 16
        "\tlabel = \"x\"\n"                           # 17
        ")\n")


def test_go_iota_constants_show_their_values_in_the_outline(tmp_path):
    # run 463: `40-40 static nodeType = iota` then `constant root`, `constant param`: the agent read the block to
    # count 0-3
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/hr\n", "tree.go": TREE})
    text = served.call("get_structured_index", path="tree.go", include_private=True).text
    rows = {r.strip().split(" ", 1)[0]: r for r in text.splitlines() if r.strip()[:1].isdigit()}
    assert "[= 0]" in rows["6-6"] and "[= 1]" in rows["7-7"], text
    assert "[= 2]" in rows["9-9"] and "[= 3]" in rows["10-10"], text
    assert "[= 1024]" in rows["15-15"] and "[= 1048576]" in rows["16-16"], text
    assert "[=" not in rows["17-17"], text
