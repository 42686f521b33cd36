"""A name called on values of different types is one callee per type: `f.Close()` on a *File and `s.Close()` on a
*Sock had been one row, File.Close "called at 12,13" (the first receiver that resolved took every call line), and
Sock.Close was missing. A receiver the callees' resolver cannot type keeps its lines with the name's definition (the
review of the split: `a, b *File` had lost a's line to "unresolved"); two receivers on one line are both counted; a
Rust path call keeps to its own qualifier (`Vec::new()` is no `Holder::new()`)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "py/m.py": ("class File:\n    def close(self):\n        pass\n\n\nclass Sock:\n    def close(self):\n        pass\n\n\n"
                "def shut(f: File, s: Sock):\n    f.close()\n    s.close()\n    f.close()\n\n\n"
                "def both(f: File, s: Sock):\n    f.close(), s.close()\n"),
    "go/m.go": ("package m\n\ntype File struct{}\n\nfunc (f *File) Close() error { return nil }\n\ntype Sock struct{}\n\n"
                "func (s *Sock) Close() error { return nil }\n\nfunc Shut(f *File, s *Sock) {\n\tf.Close()\n\ts.Close()\n}\n\n"
                "func Both(a, b *File) {\n\ta.Close()\n\tb.Close()\n}\n"),
    "ts/m.ts": ("export class File {\n  close(): void {}\n}\n\nexport class Sock {\n  close(): void {}\n}\n\n"
                "export function shut(f: File, s: Sock) {\n  f.close();\n  s.close();\n}\n"),
    "rs/src/lib.rs": ("pub struct Holder;\n\nimpl Holder {\n    pub fn new() -> Self {\n        Holder\n    }\n}\n\n"
                      "pub struct Other;\n\nimpl Other {\n    pub fn new() -> Self {\n        Other\n    }\n}\n\n"
                      "pub fn f() {\n    let _a = Holder::new();\n    let _b = Other::new();\n    let _c: Vec<u8> = Vec::new();\n}\n\n"
                      "pub fn g() {\n    let _a = Holder::new();\n    let _c: Vec<u8> = Vec::new();\n}\n"),
    "php/Node.php": ("<?php\nnamespace App;\n\nclass Node\n{\n    protected ?Node $next = null;\n\n"
                     "    public function next(): ?Node\n    {\n        return $this->next;\n    }\n}\n"),
    "php/Text.php": "<?php\nnamespace App;\n\nclass Text extends Node\n{\n}\n",
    "php/Merger.php": ("<?php\nnamespace App;\n\nclass Merger\n{\n    public function merge(?Text $first, ?Text $last): void\n"
                       "    {\n        $node = $first->next();\n        $stop = $last->next();\n"
                       "        while ($node !== $stop) {\n            $node = $node->next();\n        }\n    }\n}\n"),
    "php/Opts.php": ("<?php\nnamespace App;\n\nclass Opt\n{\n    public function getName(): string\n    {\n        return '';\n    }\n}\n\n"
                     "class Cmd\n{\n    public function getName(): string\n    {\n        return '';\n    }\n\n"
                     "    public function run(array $options): array\n    {\n        $n = $this->getName();\n"
                     "        return array_map(function ($o) { return $o->getName(); }, $options);\n    }\n}\n"),
}


def _rows(served, symbol, path):
    c = served.call("find_related", symbol=symbol, relation="callees", path=path)
    assert not c.is_error, c.text
    return {i["qualname"]: i["lines"] for i in c.data["items"]}, c.text


def test_one_callee_row_per_receiver_type(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    assert _rows(served, "shut", "py/m.py")[0] == {"File.close": [12, 14], "Sock.close": [13]}
    assert _rows(served, "both", "py/m.py")[0] == {"File.close": [18], "Sock.close": [18]}  # one line, two receivers
    assert _rows(served, "Shut", "go/m.go")[0] == {"File.Close": [12], "Sock.Close": [13]}
    assert _rows(served, "Both", "go/m.go")[0] == {"File.Close": [17, 18]}  # `a, b *File`: both lines kept
    rows, text = _rows(served, "shut", "ts/m.ts")
    assert rows == {"File.close": [10], "Sock.close": [11]}, text
    rows, text = _rows(served, "f", "rs/src/lib.rs")
    assert rows.get("Holder.new") == [18] and rows.get("Other.new") == [19] and "Vec.new" in text, text  # not 20
    rows, text = _rows(served, "g", "rs/src/lib.rs")
    assert rows.get("Holder.new") == [24] and "Vec.new" in text, text
    rows, text = _rows(served, "Merger.merge", "php/Merger.php")
    assert rows == {"Node.next": [8, 9, 11]}, text  # the method `next()`, never the property `$next` of the same name
    assert "Node.next php/Node.php:8-11 called at 8,9,11" in text, text
    rows, text = _rows(served, "Cmd.run", "php/Opts.php")  # a closure's `$o` is no Cmd (the second review)
    assert rows.get("Cmd.getName") == [21] and "$o.getName" in text, text


def test_a_receiver_declared_with_a_library_type_is_not_the_repository_methods_call(tmp_path):
    # zod run 242: `ctx.seen.get(schema)` with `seen: Map<$ZodType, Seen>` in ctx's interface was listed as a call of
    # `$ZodRegistry.get`, which `ctx.metadataRegistry.get(schema)` on the next lines reaches
    files = {"src/ctx.ts": (
        "export class Registry {\n  get(x: Schema): number | undefined {\n    return undefined\n  }\n}\n\n"
        "export class Schema {}\n\n"
        "export interface Ctx {\n  seen: Map<Schema, number>;\n  metadataRegistry: Registry;\n}\n\n"
        "export function processSchema(schema: Schema, ctx: Ctx): number {\n"
        "  const seen = ctx.seen.get(schema)\n"
        "  const meta = ctx.metadataRegistry.get(schema)\n"
        "  ctx.seen.set(schema, 1)\n"
        "  return (seen ?? 0) + (meta ?? 0)\n}\n")}
    a = served_tree(tmp_path, files).call("find_related", symbol="processSchema", relation="callees")
    got = {i["qualname"]: i["lines"] for i in a.data["items"]}
    assert got == {"Registry.get": [16]}, a.text
    assert "ctx.seen.get" in a.text, a.text  # among the unresolved, with the Map's set


def test_a_receiver_typed_by_an_alias_a_type_variable_or_self_keeps_its_repository_call(tmp_path):
    # review of 69cc434: `b: BaseRunner` (`import Runner as BaseRunner`), `b: T` (a TypeVar bound to Runner) and
    # `other: Self` were read as library types and their `run()` calls left unresolved
    files = {
        "pkg/__init__.py": "",
        "pkg/runner.py": "class Runner:\n    def run(self):\n        return 1\n",
        "pkg/use.py": ("from typing import TypeVar, Self\nfrom pkg.runner import Runner\n"
                       "from pkg.runner import Runner as BaseRunner\n\nT = TypeVar(\"T\", bound=Runner)\n\n\n"
                       "def generic(a: Runner, b: T):\n    a.run()\n    return b.run()\n\n\n"
                       "def aliased(a: Runner, b: BaseRunner):\n    a.run()\n    return b.run()\n\n\n"
                       "class Sub(Runner):\n    def merge(self, a: Runner, other: Self):\n        a.run()\n"
                       "        return other.run()\n"),
    }
    s = served_tree(tmp_path, files)
    for name, lines in (("generic", [9, 10]), ("aliased", [14, 15]), ("Sub.merge", [20, 21])):
        a = s.call("find_related", symbol=name, relation="callees")
        assert {i["qualname"]: i["lines"] for i in a.data["items"]} == {"Runner.run": lines}, a.text


def test_a_with_on_what_a_function_declares_it_returns_calls_the_managers_exit(tmp_path):
    # Rich run 255: `with console.use_theme(t):` (use_theme declared `-> ThemeContext`) was no caller of
    # ThemeContext.__exit__, and the depth-3 callers of ThemeStack.pop_theme stopped there
    files = {
        "pkg/__init__.py": "",
        "pkg/console.py": ("class ThemeContext:\n    def __init__(self, console):\n        self.console = console\n\n"
                           "    def __enter__(self):\n        return self\n\n    def __exit__(self, *a):\n"
                           "        self.console.pop_theme()\n\n\nclass Console:\n"
                           "    def use_theme(self, theme) -> ThemeContext:\n        return ThemeContext(self)\n\n"
                           "    def pop_theme(self):\n        pass\n"),
        "pkg/tb.py": ("from pkg.console import Console\n\n\ndef render(console: Console):\n"
                      "    with console.use_theme('x'):\n        yield 1\n"),
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="ThemeContext.__exit__", relation="callers")
    rows = {i["qualname"]: (i["how"], i["lines"]) for i in a.data["items"]}
    assert rows == {"render": ("with statement", [5])}, a.text


def test_a_with_on_a_builtin_or_an_ambiguous_factory_name_is_no_caller_of_the_managers_exit(tmp_path):
    # review of 5392ccf: `def open(path) -> Handle` made every `with open(..)` (the builtin's) a caller of
    # Handle.__exit__, and `Store.lock() -> Handle` made `with o.lock()` on another class's lock one
    files = {
        "pkg/__init__.py": "",
        "pkg/handle.py": ("class Handle:\n    def __enter__(self):\n        return self\n\n    def __exit__(self, *a):\n"
                          "        pass\n\n\ndef open(path) -> Handle:\n    return Handle()\n"),
        "pkg/other.py": "def read(path):\n    with open(path) as f:\n        return f.read()\n",
        "pkg/store.py": ("from pkg.handle import Handle\n\n\nclass Store:\n    def lock(self) -> Handle:\n        return Handle()\n\n\n"
                         "class Other:\n    def lock(self):\n        return None\n\n\n"
                         "def use(o: Other):\n    with o.lock():\n        pass\n"),
    }
    a = served_tree(tmp_path, files).call("find_related", symbol="Handle.__exit__", relation="callers")
    assert not a.data["items"], a.text
