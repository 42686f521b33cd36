"""A call on what a call returns (`$this->getFormatter()->format($r)`, `self.get_formatter().format(r)`): the
Monolog A/B run left `getFormatter.format` unresolved although the getter's header names the type it returns.
Now it resolves to that type's method, labelled "return type", in every language whose headers say it. And the
tokio run's match-arm binding (`Scheduler::CurrentThread(exec) => exec.block_on(..)`) has its variant's type."""

from __future__ import annotations

from pathlib import Path

import pytest

from contexteer.indexers.syntax import return_type
from tests.navigation.conftest import Served, flat

FILES = {
    'py/app.py': 'class Formatter:\n    def format(self, record):\n        return str(record)\n\n\nclass Handler:\n    def get_formatter(self) -> "Formatter":\n        return Formatter()\n\n    def handle(self, record):\n        return self.get_formatter().format(record)\n',
    'ts/app.ts': 'export class Formatter {\n  format(record: string): string {\n    return record;\n  }\n}\n\nexport class Handler {\n  getFormatter(): Formatter {\n    return new Formatter();\n  }\n\n  handle(record: string): string {\n    return this.getFormatter().format(record);\n  }\n}\n',
    'java/Handler.java': 'package app;\n\nclass Formatter {\n    public String format(String record) {\n        return record;\n    }\n}\n\npublic class Handler {\n    public Formatter getFormatter() {\n        return new Formatter();\n    }\n\n    public String handle(String record) {\n        return this.getFormatter().format(record);\n    }\n}\n',
    'rs/src/lib.rs': 'pub struct Formatter;\n\nimpl Formatter {\n    pub fn format(&self, record: &str) -> String {\n        record.to_string()\n    }\n}\n\npub struct Handler {\n    formatter: Formatter,\n}\n\nimpl Handler {\n    fn formatter(&self) -> &Formatter {\n        &self.formatter\n    }\n\n    pub fn handle(&self, record: &str) -> String {\n        self.formatter().format(record)\n    }\n}\n',
    'locals-py/app.py': 'class Client:\n    def send(self, r):\n        return r\n\n\ndef make() -> Client:\n    return Client()\n\n\ndef run(r):\n    c = Client()\n    c.send(r)\n    d: Client = make()\n    d.send(r)\n    e = make()\n    e.send(r)\n',
    'locals-go/app.go': 'package app\n\ntype Client struct{}\n\nfunc (c *Client) Send(r int) int { return r }\n\nfunc NewClient() *Client { return &Client{} }\n\nfunc Run(r int) {\n\tc := NewClient()\n\tc.Send(r)\n\tvar d Client\n\td.Send(r)\n\te := &Client{}\n\te.Send(r)\n}\n',
    'locals-ts/app.ts': 'export class Client {\n  send(r: number): number { return r; }\n}\nexport function make(): Client { return new Client(); }\nexport function run(r: number) {\n  const c = new Client();\n  c.send(r);\n  const e = make();\n  e.send(r);\n}\n',
    "arms/src/lib.rs": 'pub struct CurrentThread;\nimpl CurrentThread {\n    pub fn block_on(&self) -> u8 {\n        1\n    }\n}\n\npub struct MultiThread;\nimpl MultiThread {\n    pub fn block_on(&self) -> u8 {\n        2\n    }\n}\n\npub struct Other;\nimpl Other {\n    pub fn block_on(&self) -> u8 {\n        3\n    }\n}\n\npub enum Scheduler {\n    CurrentThread(CurrentThread),\n    MultiThread(MultiThread),\n}\n\npub struct Runtime {\n    scheduler: Scheduler,\n}\n\nimpl Runtime {\n    pub fn block_on(&self) -> u8 {\n        match &self.scheduler {\n            Scheduler::CurrentThread(exec) => exec.block_on(),\n            Scheduler::MultiThread(exec) => exec.block_on(),\n        }\n    }\n\n    pub fn only_current(&self) -> u8 {\n        if let Scheduler::CurrentThread(exec) = &self.scheduler {\n            exec.block_on()\n        } else {\n            0\n        }\n    }\n}\n',
    "php/src/FormatterInterface.php": "<?php\nnamespace App;\n\ninterface FormatterInterface\n{\n"
                                      "    public function format(array $record);\n}\n",
    "php/src/FormattableTrait.php": "<?php\nnamespace App;\n\ntrait FormattableTrait\n{\n"
                                    "    public function getFormatter(): FormatterInterface\n    {\n"
                                    "        return $this->formatter;\n    }\n}\n",
    "php/src/Handler.php": "<?php\nnamespace App;\n\nclass Handler\n{\n    use FormattableTrait;\n\n"
                           "    public function handle(array $record): void\n    {\n"
                           "        $record['formatted'] = $this->getFormatter()->format($record);\n    }\n}\n",
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("returned")
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("folder", "symbol", "getter", "path"), [
    ("py", "Handler.handle", "Handler.get_formatter", "app.py"),
    ("ts", "Handler.handle", "Handler.getFormatter", "app.ts"),
    ("java", "Handler.handle", "Handler.getFormatter", "Handler.java"),
    ("rs", "Handler::handle", "Handler.formatter", "src/lib.rs"),
])
def test_a_method_called_on_a_getters_result_resolves_to_the_returned_types_method(
        tree: Path, folder: str, symbol: str, getter: str, path: str):
    a = Served(tree / folder).call("find_related", symbol=symbol, relation="callees")
    assert not a.is_error, a.text
    how = {i["qualname"]: i["how"] for i in a.data["items"]}
    assert how == {"Formatter.format": "return type", getter: "same class"}, a.text
    assert "format" not in a.text.partition("not resolved")[2], a.text
    assert f"Formatter.format {path}:" in flat(a.text)


def test_a_php_getter_from_a_trait_leads_to_the_interface_it_returns(tree: Path):
    a = Served(tree / "php").call("find_related", symbol="Handler::handle", relation="callees")
    assert not a.is_error, a.text
    how = {i["qualname"]: i["how"] for i in a.data["items"]}
    assert how == {"FormatterInterface.format": "return type", "FormattableTrait.getFormatter": "trait"}, a.text
    assert "getFormatter.format" not in a.text


@pytest.mark.parametrize(("folder", "symbol", "method", "constructor"), [
    ("locals-py", "run", "Client.send", "make"),
    ("locals-go", "Run", "Client.Send", "NewClient"),
    ("locals-ts", "run", "Client.send", "make"),
])
def test_a_method_called_on_a_local_resolves_through_the_locals_declaration(
        tree: Path, folder: str, symbol: str, method: str, constructor: str):
    """`c = Client()`, `d: Client = make()`, `e = make()` (a function whose header returns Client), Go `c :=
    NewClient()`, `var d Client`, `e := &Client{}`, TS `const c = new Client()`: each local's calls are Client's."""
    a = Served(tree / folder).call("find_related", symbol=symbol, relation="callees")
    assert not a.is_error, a.text
    items = {i["qualname"]: i for i in a.data["items"]}
    assert method in items, a.text
    assert constructor in items, a.text
    assert "not resolved" not in a.text, a.text
    calls = {n for n, line in enumerate((tree / folder / items[method]["path"]).read_text().splitlines(), 1)
             if "." + method.split(".")[1] + "(" in line and "def " not in line and "func (" not in line}
    assert set(items[method]["lines"]) == calls, a.text


def test_a_rust_match_binding_has_the_type_of_its_variants_field(tree: Path):
    """tokio's `Scheduler::CurrentThread(exec) => exec.block_on(future)`: one binding resolves through the enum's
    declaration; two arms binding the same name to two types are each their own arm's (tokio run 416 had read "one
    of" both), and no third namesake."""
    served = Served(tree / "arms")
    one = served.call("find_related", symbol="Runtime::only_current", relation="callees")
    assert {i["qualname"]: i["how"] for i in one.data["items"]} == {"CurrentThread.block_on": "receiver type"}, one.text
    both = served.call("find_related", symbol="Runtime::block_on", relation="callees")
    assert {i["qualname"]: i["how"] for i in both.data["items"]} == {"CurrentThread.block_on": "receiver type",
                                                                     "MultiThread.block_on": "receiver type"}, both.text
    assert "unresolved" not in both.text, both.text
    assert "Other" not in both.text


@pytest.mark.parametrize(("signature", "language", "named"), [
    ("def get(self) -> Optional['Client']:", "python", "Client"),
    ("def get(self) -> Client | None:", "python", "Client"),  # Optional[Client] written as a union with None
    ("def get(self) -> Client | Server:", "python", None),  # a union names no single type
    ("fn get<'a>(&'a self) -> Option<&'a mut Client>", "rust", "Client"),
    ("pub fn new() -> Self", "rust", "Self"),
    ("public function get(): ?\\Vendor\\Client", "php", "Client"),
    ("public function get(): static", "php", "Self"),
    ("function get()", "php", None),
    ("get(): Observable<T>", "typescript", "Observable"),
    ("func (h *Head) Get() (*Client, error)", "go", "Client"),
    ("public Client get()", "java", "Client"),
    ("void get()", "java", None),
])
def test_the_type_a_header_says_a_function_returns(signature: str, language: str, named: str | None):
    assert return_type(signature, language) == named


def test_a_union_with_none_is_read_before_any_wrapper():
    # review of b11f294: `Awaitable[Foo] | None` had named Awaitable, `typeof Foo | null` typeof
    from contexteer.indexers.syntax import named_type

    assert named_type("Awaitable[Foo] | None") == "Foo"
    assert named_type("Readonly<Foo> | undefined") == "Foo"
    assert named_type("typeof Foo | null") is None and named_type("readonly Foo[] | null") is None
    assert named_type("tuple[str | None, Command | None]") is None
