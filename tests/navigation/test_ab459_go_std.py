"""Implementations of a Go standard-library interface by method sets (httprouter A/B run 459)."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

ROUTER = ("package httprouter\n\nimport \"net/http\"\n\n"
          "type Router struct {\n\tn int\n}\n\n"                                              # 5-7
          "func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {\n}\n\n"     # 9
          "type plain struct{}\n\n"                                                          # 12
          "func (p plain) ServeHTTP(w http.ResponseWriter, req *http.Request) {\n}\n\n"       # 14
          "type other struct{}\n\n"
          "func (o *other) ServeHTTP(w http.ResponseWriter) {\n}\n\n"                        # a different shape
          "type buf struct{}\n\n"
          "func (b *buf) Write(p []byte) (n int, err error) {\n\treturn len(p), nil\n}\n")


def test_types_satisfying_a_standard_library_interface_are_its_implementations(tmp_path):
    # run 459: `find_related symbol=http.Handler relation=implementations` said no definition was named so
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/hr\n", "router.go": ROUTER})
    text = served.call("find_related", symbol="http.Handler", relation="implementations").text
    assert "struct Router: ServeHTTP 9 (*Router satisfies it)" in text, text
    assert "struct plain: ServeHTTP 14 (plain satisfies it)" in text, text
    assert "other" not in text and "2 definitions" in text, text
    writer = served.call("find_related", symbol="io.Writer", relation="implementations").text
    assert "struct buf: Write" in writer and "Router" not in writer, writer


def test_a_standard_library_interface_no_type_satisfies_says_so(tmp_path):
    served = served_tree(tmp_path / "r", {"go.mod": "module example.com/hr\n", "router.go": ROUTER})
    a = served.call("find_related", symbol="sort.Interface", relation="implementations")
    assert a.is_error and "sort.Interface is the Go standard library's interface (Len, Less, Swap)" in a.text, a.text
    assert "no definition named" not in a.text, a.text
