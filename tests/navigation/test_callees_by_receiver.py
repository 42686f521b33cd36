"""A name called on values of different types is one callee per type: `f.Close()` on a *File and `s.Close()` on a
*Sock had been one row, File.Close "called at 12,13" (the first receiver that resolved took every call line), and
Sock.Close was missing; a receiver of a type the index cannot tell is unresolved, not folded into another's row."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "py/m.py": ("class File:\n    def close(self):\n        pass\n\n\nclass Sock:\n    def close(self):\n        pass\n\n\n"
                "def shut(f: File, s: Sock):\n    f.close()\n    s.close()\n    f.close()\n"),
    "go/m.go": ("package m\n\ntype File struct{}\n\nfunc (f *File) Close() error { return nil }\n\ntype Sock struct{}\n\n"
                "func (s *Sock) Close() error { return nil }\n\nfunc Shut(f *File, s *Sock) {\n\tf.Close()\n\ts.Close()\n}\n"),
    "ts/m.ts": ("export class File {\n  close(): void {}\n}\n\nexport class Sock {\n  close(): void {}\n}\n\n"
                "export function shut(f: File, s: Sock, x: any) {\n  f.close();\n  s.close();\n  x.close();\n}\n"),
}


def _rows(served, symbol, path):
    c = served.call("find_related", symbol=symbol, relation="callees", path=path)
    assert not c.is_error, c.text
    return {i["qualname"]: i["lines"] for i in c.data["items"]}, c.text


def test_one_callee_row_per_receiver_type(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    assert _rows(served, "shut", "py/m.py")[0] == {"File.close": [12, 14], "Sock.close": [13]}
    assert _rows(served, "Shut", "go/m.go")[0] == {"File.Close": [12], "Sock.Close": [13]}
    rows, text = _rows(served, "shut", "ts/m.ts")
    assert rows == {"File.close": [10], "Sock.close": [11]}, text
    assert "x.close" in text, text  # `x: any`: unresolved, said so, not one of File's lines

