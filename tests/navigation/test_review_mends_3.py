"""What a review of this session's diff found: callees of a Python class reading bare `join(..)` as the class's
own method; `__enter__` callers losing explicit calls and `with self:`; a PHP receiver typed by the last `new` in the
function; a constructor's callers not told apart by arity; a base class's `this.init()` listed under a subclass's
private init."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_python_class_callees_leave_bare_calls_to_their_own_resolution(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/r.py": (
        "import os\n\n\ndef helper(x):\n    return x\n\n\nclass Report:\n    def join(self, a):\n"
        "        return os.path.join(a, 'b')\n\n    def helper(self):\n        return helper(1)\n")}
    a = served_tree(tmp_path / "p", files).call("find_related", symbol="Report", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["how"] for i in a.data["items"]}
    assert "Report.helper" not in rows and "Report.join" not in rows, a.text


def test_enter_callers_keep_explicit_calls_and_with_self(tmp_path):
    files = {"pkg/__init__.py": "", "pkg/cm.py": (
        "class Base:\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *e):\n        return None\n\n"
        "    def run(self):\n        with self:\n            pass\n\n\n"  # 8-10
        "class Sub(Base):\n    def __enter__(self):\n        return super().__enter__()\n\n\n"  # 13-15
        "def use():\n    with Base() as b:\n        pass\n")}  # 18-20
    a = served_tree(tmp_path / "p", files).call("find_related", symbol="Base.__enter__", relation="callers")
    assert not a.is_error, a.text
    lines = {ln: i["how"] for i in a.data["items"] for ln in i["lines"]}
    assert lines.get(9) == "with statement" and lines.get(19) == "with statement", a.text
    assert 15 in lines, a.text  # super().__enter__() stays a caller


def test_php_receiver_typed_by_the_binding_before_the_call(tmp_path):
    files = {
        "src/Mailer.php": "<?php\nnamespace A;\n\nclass Mailer\n{\n    public function send($m) {}\n}\n",
        "src/Logger.php": "<?php\nnamespace A;\n\nclass Logger\n{\n    public function send($m) {}\n}\n",
        "src/Job.php": ("<?php\nnamespace A;\n\nclass Job\n{\n    public function run($m)\n    {\n"
                        "        $x = new Mailer();\n        $x->send($m);\n        $x = new Logger();\n    }\n}\n"),
    }
    a = served_tree(tmp_path / "m", files).call("find_related", symbol="Job.run", relation="callees")
    assert "Mailer.send" in a.text and "Logger.send" not in a.text, a.text


def test_java_constructor_callers_fit_the_overload_and_private_methods_get_no_base_dispatch(tmp_path):
    files = {
        "src/org/a/List.java": (
            "package org.a;\n\npublic class List {\n    static class Node {\n        Node() {\n        }\n\n"  # 1-7
            "        Node(Object p, Object n, Object v) {\n        }\n    }\n\n"  # 8-11
            "    Node a() {\n        return new Node();\n    }\n\n    Node b() {\n        return new Node(1, 2, 3);\n    }\n}\n"),  # 12-18
        "src/org/a/Base.java": ("package org.a;\n\npublic class Base {\n    public void start() {\n        this.init();\n    }\n\n"
                                "    private void init() {\n    }\n}\n"),
        "src/org/a/Sub.java": "package org.a;\n\npublic class Sub extends Base {\n    private void init() {\n    }\n}\n",
    }
    served = served_tree(tmp_path / "j", files)
    a = served.call("find_related", symbol="List.Node.Node", path="src/org/a/List.java:8", relation="callers")
    assert not a.is_error, a.text
    assert {ln for i in a.data["items"] for ln in i["lines"]} == {17}, a.text
    b = served.call("find_related", symbol="Sub.init", relation="callers")
    assert not any(i["path"] == "src/org/a/Base.java" for i in b.data.get("items", [])), b.text
