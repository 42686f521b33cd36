"""What the json-iterator (Go) A/B run 82 stumbled on: a local bound by a chain of reads off a parameter
(`subStream := stream.cfg.BorrowStream(nil)`) left its six Stream calls "unresolved" among callees; a local made
by a package-level var's method (`iter := ConfigFastest.BorrowIterator(..)`, the var `Config{..}.Froze()`) left
its caller "name only"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "go.mod": "module example.com/j\n\ngo 1.20\n",
    "config.go": ("package jsoniter\n\ntype Config struct {\n\tEscapeHTML bool\n}\n\n"
                  "type IteratorPool interface {\n\tBorrowIterator(data []byte) *Iterator\n}\n\n"
                  "type API interface {\n\tIteratorPool\n\tBorrowStream(n int) *Stream\n}\n\n"
                  "type frozenConfig struct {\n\tn int\n}\n\n"
                  "func (cfg Config) Froze() API {\n\treturn &frozenConfig{}\n}\n\n"
                  "var ConfigFastest = Config{\n\tEscapeHTML: false,\n}.Froze()\n\n"
                  "func (cfg *frozenConfig) BorrowIterator(data []byte) *Iterator {\n\treturn &Iterator{}\n}\n\n"
                  "func (cfg *frozenConfig) BorrowStream(n int) *Stream {\n\treturn &Stream{cfg: cfg}\n}\n"),
    "iter.go": ("package jsoniter\n\ntype Iterator struct {\n\tbuf []byte\n}\n\n"
                "func (it *Iterator) ReadVal(v interface{}) {}\n"),
    "stream.go": ("package jsoniter\n\ntype Stream struct {\n\tcfg *frozenConfig\n}\n\n"
                  "func (s *Stream) Buffered() int {\n\treturn 0\n}\n\n"
                  "func (s *Stream) WriteNil() {}\n"),
    "reflect_map.go": ("package jsoniter\n\ntype sortKeys struct {\n\tn int\n}\n\n"
                       "func (e *sortKeys) Encode(stream *Stream) {\n\tstream.WriteNil()\n"
                       "\tsubStream := stream.cfg.BorrowStream(0)\n\tn := subStream.Buffered()\n\t_ = n\n}\n"),
    "example_test.go": ("package jsoniter\n\nfunc ExampleConfigFastest_Unmarshal() {\n"
                        "\tvar v int\n\titer := ConfigFastest.BorrowIterator([]byte(\"1\"))\n\titer.ReadVal(&v)\n}\n"),
}


def test_go_callees_through_a_local_bound_by_a_chain_of_reads(tmp_path):
    a = served_tree(tmp_path / "g", _FILES).call("find_related", symbol="sortKeys.Encode", relation="callees")
    assert not a.is_error, a.text
    names = {i["qualname"] for i in a.data["items"]}
    assert "Stream.Buffered" in names, a.text
    assert "subStream.Buffered" not in a.text, a.text


def test_go_caller_through_a_local_made_by_a_package_var(tmp_path):
    a = served_tree(tmp_path / "g", _FILES).call("find_related", symbol="Iterator.ReadVal", relation="callers")
    assert not a.is_error, a.text
    how = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert how.get(6) == "receiver type", a.text


def test_go_callees_name_the_methods_sort_sort_calls_back(tmp_path):
    files = {**_FILES, "kv.go": ("package jsoniter\n\nimport \"sort\"\n\ntype kvs []int\n\n"
                                 "func (s kvs) Len() int { return len(s) }\n\n"
                                 "func (s kvs) Swap(i, j int) { s[i], s[j] = s[j], s[i] }\n\n"
                                 "func (s kvs) Less(i, j int) bool { return s[i] < s[j] }\n\n"
                                 "func order() {\n\tkeyValues := kvs{}\n\tsort.Sort(keyValues)\n}\n")}
    a = served_tree(tmp_path / "g", files).call("find_related", symbol="order", relation="callees")
    assert not a.is_error, a.text
    back = {i["qualname"]: i["lines"] for i in a.data["items"] if i["how"] == "callback"}
    assert back == {"kvs.Len": [15], "kvs.Swap": [15], "kvs.Less": [15]}, a.text
    assert "called back by sort.Sort" in a.text, a.text


def test_go_callees_name_other_packages_types_of_fields_and_locals(tmp_path):
    files = {**_FILES, "reflect_map.go": ("package jsoniter\n\nimport (\n\t\"unsafe\"\n\n\t\"github.com/modern-go/reflect2\"\n)\n\n"
                                          "type sortKeys struct {\n\tmapType *reflect2.UnsafeMapType\n}\n\n"
                                          "func (e *sortKeys) Encode(ptr unsafe.Pointer, stream *Stream) {\n"
                                          "\tmapIter := e.mapType.UnsafeIterate(ptr)\n\tfor mapIter.HasNext() {\n\t\tstream.WriteNil()\n\t}\n}\n")}
    a = served_tree(tmp_path / "g", files).call("find_related", symbol="sortKeys.Encode", relation="callees")
    assert not a.is_error, a.text
    assert "reflect2.UnsafeMapType.UnsafeIterate (on e.mapType)" in a.text, a.text
    assert "mapIter.HasNext (mapIter from reflect2.UnsafeMapType.UnsafeIterate)" in a.text, a.text
    assert "unresolved" not in a.text, a.text
