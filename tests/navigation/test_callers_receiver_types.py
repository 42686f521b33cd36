"""Callers of an interface's method whose receivers are of different types say each row's receiver and its type, so
calls through the interface and on a concrete implementer read apart: client_golang run 392 looked up every
Register call's receiver by hand."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TREE = {
    "go.mod": "module example.com/p\n\ngo 1.20\n",
    "p/registry.go": ("package p\n\ntype Registerer interface {\n\tRegister(c int) error\n}\n\n"
                      "type Registry struct{}\n\nfunc (r *Registry) Register(c int) error { return nil }\n\n"
                      "func (r *Registry) MustRegister(c int) {\n\t_ = r.Register(c)\n}\n\n"
                      "func Handler(reg Registerer) {\n\t_ = reg.Register(1)\n}\n"),
}


def test_rows_name_their_receivers_when_their_types_differ(tmp_path):
    a = served_tree(tmp_path / "g", TREE).call("find_related", symbol="Registerer.Register", relation="callers")
    assert not a.is_error, a.text
    rows = a.text.splitlines()
    assert any("in Handler" in r and r.endswith("[reg: Registerer]") for r in rows), a.text
    assert any("in Registry.MustRegister" in r and r.endswith("[r: Registry]") for r in rows), a.text
