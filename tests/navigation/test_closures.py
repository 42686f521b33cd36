"""What is at path:line names the callbacks and closures around the line (closures.chain), and never the
definition itself as one of them (a decorated Python method or a Rust fn under an attribute starts above its
`def`/`fn` node)."""

from __future__ import annotations

from pathlib import Path

from tests.navigation.conftest import served_tree


def test_a_decorated_method_is_not_named_twice_and_a_nested_function_ending_with_it_is_named(tmp_path: Path):
    s = served_tree(tmp_path, {"models.py": (
        "class Response:\n"                       # 1
        "    @property\n"                         # 2
        "    def request(self):\n"                # 3
        "        if self._r is None:\n"           # 4
        "            raise RuntimeError('x')\n"   # 5
        "        return self._r\n"                # 6
        "\n"                                      # 7
        "    def each(self, items):\n"            # 8
        "        return sorted(items, key=lambda item: (\n"  # 9
        "            item.name))\n")})            # 10
    first = s.call("read_code_range", path="models.py", start_line=4, end_line=4).text.splitlines()[0]
    assert first.endswith("— in method Response.request 2-6, in class Response 1-10"), first
    second = s.call("read_code_range", path="models.py", start_line=10, end_line=10).text.splitlines()[0]
    assert second.endswith("— in lambda passed to sorted 9-10, in method Response.each 8-10, in class Response 1-10"), second


def test_a_rust_fn_under_an_attribute_is_not_its_own_closure_and_a_closure_in_it_is(tmp_path: Path):
    s = served_tree(tmp_path, {"src/lib.rs": (
        "#[inline]\n"                                          # 1
        "fn set_logger_inner(make: u8) -> u8 {\n"             # 2
        "    let f = |x: u8| {\n"                             # 3
        "        x + make\n"                                  # 4
        "    };\n"                                            # 5
        "    f(1)\n"                                          # 6
        "}\n")})                                              # 7
    inner = s.call("read_code_range", path="src/lib.rs", start_line=4, end_line=4).text.splitlines()[0]
    assert inner.endswith("— in closure f 3-5, in function set_logger_inner 1-7"), inner
    outer = s.call("read_code_range", path="src/lib.rs", start_line=6, end_line=6).text.splitlines()[0]
    assert outer.endswith("— in function set_logger_inner 1-7"), outer
