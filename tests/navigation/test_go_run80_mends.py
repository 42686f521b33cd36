"""What checking the json-iterator (Go) A/B questions found before the runs: structs that embed a complete
implementer (`jsoniter.DummyExtension`, in another package) missing from the interface's implementations; a
receiver bound by a chain (`iter := any.cfg.BorrowIterator(buf)`) left "name only"."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "go.mod": "module example.com/j\n\ngo 1.20\n",
    "ext.go": ("package jsoniter\n\ntype Extension interface {\n\tUpdate(x int)\n\tCreate(y int) int\n}\n\n"
               "type DummyExtension struct {\n}\n\nfunc (e *DummyExtension) Update(x int) {}\n\n"
               "func (e *DummyExtension) Create(y int) int { return y }\n"),
    "iter.go": ("package jsoniter\n\ntype Iterator struct {\n\tbuf []byte\n}\n\n"
                "func (it *Iterator) ReadVal(v interface{}) {}\n\n"
                "type frozenConfig struct {\n\tn int\n}\n\n"
                "func (cfg *frozenConfig) BorrowIterator(data []byte) *Iterator {\n\treturn &Iterator{buf: data}\n}\n\n"
                "type lazy struct {\n\tcfg *frozenConfig\n\tbuf []byte\n}\n\n"
                "func (any *lazy) ToVal(v interface{}) {\n\titer := any.cfg.BorrowIterator(any.buf)\n\titer.ReadVal(v)\n}\n"),
    "extra/naming.go": ("package extra\n\nimport jsoniter \"example.com/j\"\n\ntype namingExtension struct {\n"
                        "\tjsoniter.DummyExtension\n\tprefix string\n}\n"),
}


def test_go_structs_embedding_a_complete_implementer_implement_the_interface(tmp_path):
    a = served_tree(tmp_path / "g", _FILES).call("find_related", symbol="Extension", relation="implementations")
    assert not a.is_error, a.text
    names = {i["qualname"] for i in a.data["items"]}
    assert {"DummyExtension", "namingExtension"} <= names, a.text


def test_go_receiver_bound_by_a_chain_of_a_field_and_a_method(tmp_path):
    a = served_tree(tmp_path / "g", _FILES).call("find_related", symbol="Iterator.ReadVal", relation="callers")
    assert not a.is_error, a.text
    how = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert how.get(24) == "receiver type", a.text


def test_go_uses_view_names_a_repository_package_by_its_package_clause(tmp_path):
    files = {**_FILES, "extra/codec.go": ("package extra\n\nimport (\n\t\"example.com/j\"\n)\n\n"
                                          "type codec struct {\n\tjsoniter.DummyExtension\n}\n\n"
                                          "func read(it *jsoniter.Iterator) {\n\tit.ReadVal(nil)\n}\n")}
    a = served_tree(tmp_path / "g", files).call("list_dependencies", path="extra/codec.go", view="uses")
    assert not a.is_error, a.text
    names = {n["name"] for u in a.data["uses"] for n in u["names"]}
    assert {"jsoniter.DummyExtension", "jsoniter.Iterator"} <= names, a.text


def test_go_semantic_read_types_a_closure_parameter(tmp_path):
    files = {**_FILES, "cfg.go": ("package jsoniter\n\ntype funcDecoder struct {\n\tfn func(iter *Iterator)\n}\n\n"
                                  "func (cfg *frozenConfig) useNumber() *funcDecoder {\n"
                                  "\treturn &funcDecoder{func(iter *Iterator) {\n"
                                  "\t\tif iter != nil {\n\t\t\titer.ReadVal(nil)\n\t\t}\n\t}}\n}\n")}
    a = served_tree(tmp_path / "g", files).call("read_code_range", path="cfg.go:10", context="semantic")
    assert not a.is_error, a.text
    assert "Iterator.ReadVal" in a.text, a.text


def test_go_interfaces_embedding_the_interface_are_not_said_to_come_through_another(tmp_path):
    files = {
        "go.mod": "module example.com/r\n\ngo 1.20\n",
        "future.go": ("package raft\n\ntype Future interface {\n\tError() error\n}\n\n"
                      "type IndexFuture interface {\n\tFuture\n\tIndex() uint64\n}\n\n"
                      "type LeadershipTransferFuture interface {\n\tFuture\n}\n\n"
                      "type deferError struct {\n\terr error\n}\n\nfunc (d *deferError) Error() error {\n\treturn d.err\n}\n\n"
                      "type logFuture struct {\n\tdeferError\n\tindex uint64\n}\n"),
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Future", relation="implementations")
    assert not a.is_error, a.text
    names = {i["qualname"] for i in a.data["items"]}
    assert {"IndexFuture", "LeadershipTransferFuture", "deferError", "logFuture"} <= names, a.text
    assert "also through" not in a.text, a.text


def test_a_bare_builtin_call_is_no_method_of_that_name(tmp_path):
    """miekg/dns run 317: the uses of packRR listed `ztypes.go A.len` for the builtin `len(msg)`; a Go method is
    never called bare, so a package's methods named len, copy or close are no candidates."""
    served = served_tree(tmp_path / "r", {
        "go.mod": "module example.com/dns\n\ngo 1.19\n",
        "types.go": "package dns\n\ntype A struct{ b []byte }\n",
        "ztypes.go": "package dns\n\nfunc (rr *A) len(off int) int { return off }\n",
        "msg.go": ("package dns\n\nfunc packRR(rr *A, msg []byte) int {\n\tn := len(msg)\n\treturn n + len(rr.b)\n}\n"),
    })
    r = served.call("read_code_range", path="msg.go", symbol="packRR", context="semantic")
    assert "A.len" not in r.text and "type A struct" in r.text, r.text
