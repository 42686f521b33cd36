"""Stumbles of the httprouter (Go) A/B run 459, each with what the agent saw before the mend."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = ("package httprouter\n\nimport (\n\t\"strings\"\n)\n\n"
        "type node struct {\n\tpath string\n}\n\n"
        "func (n *node) getValue(path string) string {\n\treturn n.path + path\n}\n\n"
        "func (n *node) addRoute(fullPath, pathSeg string) string {\n"
        "\tseg := strings.SplitN(fullPath, \"/\", 2)[0]\n"
        "\tprefix := fullPath[:strings.Index(fullPath, pathSeg)] + seg\n"     # 17
        "\treturn prefix\n}\n")
ROUTER = ("package httprouter\n\n"
          "type Router struct {\n\ttrees map[string]*node\n}\n\n"
          "func (r *Router) ServeHTTP(method, path string) string {\n"
          "\tif root := r.trees[method]; root != nil {\n"                      # 8
          "\t\treturn root.getValue(path)\n"                                   # 9
          "\t}\n\treturn \"\"\n}\n")


def test_a_go_package_member_used_as_a_slice_bound_is_a_use_of_the_import(tmp_path):
    # run 459: `fullPath[:strings.Index(..)]` at tree.go:162 was left out of the strings row, and nothing said so
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/hr\n", "tree.go": TREE})
    text = served.call("list_dependencies", path="tree.go", view="uses").text
    assert "strings.Index at 17" in text, text


def test_a_go_local_read_from_a_map_field_has_the_maps_element_type(tmp_path):
    # run 459: `root := r.trees[req.Method]` with `trees map[string]*node`: root.getValue was "unresolved (a
    # receiver of unknown type)" in callees that said they were complete
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/hr\n", "tree.go": TREE, "router.go": ROUTER})
    text = served.call("find_related", symbol="Router.ServeHTTP", relation="callees").text
    assert "node.getValue" in text and "unresolved" not in text, text
