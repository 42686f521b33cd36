"""A call's syntax that converts to an outside package's type (`net.IP(b)`, `time.Duration(n)`) or builds a Python
class (`Path(p)`) is not a function of that package: the miekg/dns A/B run 382 read `net.IP` among "functions of
other packages" of a callees answer."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

GO = {
    "go.mod": "module example.com/x\n\ngo 1.20\n",
    "x.go": ("package x\n\nimport (\n\t\"errors\"\n\t\"io\"\n\t\"net\"\n\t\"os\"\n\t\"time\"\n)\n\n"
             "func unpack(b []byte, n int) (net.IP, time.Duration, error) {\n"
             "\tif len(b) != 4 {\n\t\treturn nil, 0, errors.New(\"short\")\n\t}\n"
             "\t_ = io.Writer(os.Stdout)\n"
             "\treturn net.IP(b), time.Duration(n), nil\n}\n"),
}

PY = {
    "m.py": ("from pathlib import Path\nimport os.path\n\n\n"
             "def where(p):\n    return Path(os.path.join(p, 'x'))\n"),
}


def test_go_conversions_are_named_apart_from_functions(tmp_path):
    a = served_tree(tmp_path / "go", GO).call("find_related", symbol="unpack", relation="callees")
    assert not a.is_error, a.text
    assert "functions of other packages: errors.New at 13\n" in a.text + "\n", a.text
    conv = [ln for ln in a.text.splitlines() if ln.startswith("conversions to other packages' types: ")]
    assert conv and set(conv[0].split(": ", 1)[1].split(", ")) == {"net.IP at 16", "time.Duration at 16", "io.Writer at 15"}, a.text


def test_python_classes_of_other_packages_are_named_as_built(tmp_path):
    a = served_tree(tmp_path / "py", PY).call("find_related", symbol="where", relation="callees")
    assert not a.is_error, a.text
    assert "functions of other packages: os.path.join" in a.text, a.text
    assert "classes of other packages (instances built): Path (pathlib)" in a.text, a.text
