"""What the review of this session's callers heuristics found: decorated Python classes losing their bases, untyped
receivers dropped because a class name ends like `r.Register`, Go calls through a package whose name is not its
path's last element, a local shadowing an imported package, an alias imported from another package, destructured
methods and another package's constructor typing a local."""

from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_a_decorated_python_class_keeps_its_bases(tmp_path):
    s = served_tree(tmp_path / "p", {
        "pkg/__init__.py": "",
        "pkg/d.py": ("from dataclasses import dataclass\n\n\nclass Base:\n    def hello(self) -> None:\n        pass\n\n\n"
                     "@dataclass(frozen=True)\nclass Child(Base):\n    x: int = 0\n\n\n"
                     "def use(c: Child) -> None:\n    c.hello()\n"),
    })
    a = s.call("find_related", symbol="Base", relation="implementations")
    assert [i["qualname"] for i in a.data["items"]] == ["Child"], a.text
    b = s.call("find_related", symbol="Base.hello", relation="callers")
    assert [(i["path"], i["lines"]) for i in b.data["items"]] == [("pkg/d.py", [15])], b.text
    o = s.call("get_structured_index", path="pkg/d.py")
    assert "9-11 @dataclass(frozen=True) class Child(Base)" in o.text and "class @dataclass" not in o.text, o.text


def test_an_untyped_receiver_is_kept_though_a_class_name_ends_like_it(tmp_path):
    s = served_tree(tmp_path / "g", {
        "go.mod": "module example.com/m\n\ngo 1.20\n",
        "reg.go": ("package m\n\ntype Registerer interface {\n\tRegister(x int) error\n}\n\n"
                   "func use(rs []Registerer) {\n\tfor _, r := range rs {\n\t\t_ = r.Register(1)\n\t}\n}\n"),
    })
    a = s.call("find_related", symbol="Registerer.Register", relation="callers")
    assert [(i["path"], i["lines"]) for i in a.data["items"]] == [("reg.go", [9])], a.text
    assert "left out" not in a.text, a.text


def test_go_calls_through_a_package_named_unlike_its_path_and_a_shadowing_local(tmp_path):
    s = served_tree(tmp_path / "g", {
        "go.mod": "module example.com/go-foo\n\ngo 1.20\n",
        "foo.go": "package foo\n\ntype Config struct{}\n\nfunc New(x string) *Config { return &Config{} }\n\n"
                  "func (c *Config) Validate() error { return nil }\n",
        "store/store.go": ("package store\n\nimport (\n\t\"bytes\"\n\n\t\"example.com/go-foo\"\n)\n\n"
                           "func Open() {\n\tfoo := foo.New(\"x\")\n\t_ = foo.Validate()\n}\n\n"
                           "func Other() {\n\tb := bytes.NewBuffer(nil)\n\t_ = b.Validate()\n}\n"),
    })
    a = s.call("find_related", symbol="New", relation="callers")
    assert [(i["path"], i["lines"]) for i in a.data["items"]] == [("store/store.go", [10])], a.text
    b = s.call("find_related", symbol="Config.Validate", relation="callers")
    rows = {(i["path"], tuple(i["lines"])): i["how"] for i in b.data["items"]}
    assert rows.get(("store/store.go", (11,))) == "receiver type", b.text  # the local foo, not the package
    assert rows.get(("store/store.go", (16,))) != "receiver type", b.text  # bytes.NewBuffer is no repository New


def test_an_alias_imported_from_another_package_is_no_caller_and_a_destructured_method_is_by_name(tmp_path):
    s = served_tree(tmp_path / "t", {
        "package.json": '{"name": "t", "version": "1.0.0"}\n',
        "src/format.ts": "export function format(x: number): string {\n  return String(x);\n}\n",
        "src/use.ts": ("import { format as formatDate } from 'date-fns';\n\n"
                       "export function show(d: number): string {\n  return formatDate(d);\n}\n"),
        "src/api.ts": ("export class Api {\n  load(): number {\n    return 1;\n  }\n}\n\n"
                       "export function run(api: Api): number {\n  const { load } = api;\n  return load();\n}\n"),
    })
    a = s.call("find_related", symbol="format", relation="callers")
    assert not a.data["items"], a.text
    b = s.call("find_related", symbol="Api.load", relation="callers")
    assert [(i["path"], i["lines"], i["how"]) for i in b.data["items"]] == [("src/api.ts", [9], "alias")], b.text
