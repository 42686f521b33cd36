"""A Go type defined once per build constraint is listed per variant, each with the methods of its own files and
its constraint: client_golang run 392 read goCollector of go_collector_go116.go (`!go1.17`) with the methods of
go_collector_latest.go (`go1.17`), the other struct unlisted."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

OLD = ("//go:build !go1.17\n// +build !go1.17\n\npackage p\n\ntype goCollector struct {\n\told int\n}\n\n"  # 1-9
       "func (c *goCollector) Describe(ch chan<- string) {}\n\n"  # 10
       "func (c *goCollector) Collect(ch chan<- int) {}\n")  # 12
NEW = ("//go:build go1.17\n// +build go1.17\n\npackage p\n\ntype goCollector struct {\n\tnew int\n}\n\n"  # 1-9
       "func (c *goCollector) Describe(ch chan<- string) {}\n\n"  # 10
       "func (c *goCollector) Collect(ch chan<- int) {}\n\n"  # 12
       "type batchHistogram struct{}\n\n"  # 14
       "func (h *batchHistogram) Describe(ch chan<- string) {}\n\n"  # 16
       "func (h *batchHistogram) Collect(ch chan<- int) {}\n")  # 18
TREE = {
    "go.mod": "module example.com/p\n\ngo 1.17\n",
    "p/collector.go": ("package p\n\ntype Collector interface {\n\tDescribe(chan<- string)\n\tCollect(chan<- int)\n}\n"),
    "p/go_collector_go116.go": OLD,
    "p/go_collector_latest.go": NEW,
}


def test_each_build_variant_of_a_type_is_listed_with_its_own_methods(tmp_path):
    a = served_tree(tmp_path / "g", TREE).call("find_related", symbol="Collector", relation="implementations")
    assert not a.is_error, a.text
    rows = [ln for ln in a.text.splitlines() if "goCollector" in ln]
    old = next((r for r in rows if "(only //go:build !go1.17)" in r), "")
    new = next((r for r in rows if "(only //go:build go1.17)" in r), "")
    assert "Collect 12, Describe 10" in old and "latest" not in old, a.text
    assert "Collect 12, Describe 10" in new and "go116" not in new, a.text
    assert any("batchHistogram" in ln and "(only //go:build go1.17)" in ln for ln in a.text.splitlines()), a.text
