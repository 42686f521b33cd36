"""What the Symfony Console A/B run 203 found: `$this->createTable()->setHeaders($h)->setRows($r)->render()`
(SymfonyStyle.table) was a name-only caller of Table::render, so a depth-2 callers answer stopped at Table.render.
A fluent chain is typed step by step: the first call's declared return type, then each setter's (a docblock's
`@return $this`, a `: self`/`: static`/`: this` header, a body whose every return is `return $this;` or a call of
such a method: Symfony's setRows is `return $this->addRows($rows);`) keeps the receiver's class."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_PHP = {
    "src/Table.php": ("<?php\nnamespace App;\n\nclass Table\n{\n"
                      "    /**\n     * @return $this\n     */\n    public function setHeaders(array $h)\n    {\n        return $this;\n    }\n\n"
                      "    public function setHorizontal(bool $x = true): self\n    {\n        return $this;\n    }\n\n"
                      "    public function setRows(array $r)\n    {\n        return $this->addRows($r);\n    }\n\n"
                      "    /**\n     * @return $this\n     */\n    public function addRows(array $r)\n    {\n        return $this;\n    }\n\n"
                      "    public function render()\n    {\n    }\n}\n"),
    "src/Other.php": "<?php\nnamespace App;\n\nclass Other\n{\n    public function render()\n    {\n    }\n}\n",
    "src/Style.php": ("<?php\nnamespace App;\n\nclass Style\n{\n"
                      "    public function table(array $headers, array $rows)\n    {\n"
                      "        $this->createTable()\n            ->setHeaders($headers)\n            ->setRows($rows)\n"
                      "            ->render()\n        ;\n    }\n\n"
                      "    public function horizontalTable(array $headers, array $rows)\n    {\n"
                      "        $this->createTable()->setHorizontal(true)->setHeaders($headers)->render();\n    }\n\n"
                      "    public function createTable(): Table\n    {\n        return new Table();\n    }\n}\n"),
}

_TS = {
    "src/query.ts": ("export class Query {\n  where(c: string): this {\n    return this;\n  }\n"
                     "  limit(n: number): this {\n    return this;\n  }\n  run(): number {\n    return 1;\n  }\n}\n\n"
                     "export class Job {\n  run(): number {\n    return 2;\n  }\n}\n\n"
                     "export function makeQuery(): Query {\n  return new Query();\n}\n\n"
                     "export function count(): number {\n  return makeQuery().where('a').limit(3).run();\n}\n"),
}


def test_php_fluent_setters_keep_the_chain_typed_to_the_callee(tmp_path):
    served = served_tree(tmp_path / "r", _PHP)
    n = served.call("find_related", symbol="Table.render", relation="callers")
    assert not n.is_error, n.text
    rows = {i["qualname"]: i["lines"] for i in n.data["items"]}
    assert rows == {"Style.table": [11], "Style.horizontalTable": [17]}, n.text
    assert "name only" not in n.text, n.text
    assert "11 in Style.table (6-13): $this->createTable() … ->render()" in n.text, n.text  # the chain's head shown
    o = served.call("find_related", symbol="Other.render", relation="callers")
    assert not o.data["items"], o.text  # the chain is a Table: no call of Other's namesake
    c = served.call("find_related", symbol="Style.table", relation="callees")
    assert "Table.render" in {i["qualname"] for i in c.data["items"]}, c.text
    assert "Other.render" not in c.text, c.text


def test_typescript_methods_returning_this_keep_the_chain_typed(tmp_path):
    served = served_tree(tmp_path / "r", _TS)
    n = served.call("find_related", symbol="Query.run", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in n.data["items"]] == [("count", [24])], n.text
    assert "name only" not in n.text, n.text
    j = served.call("find_related", symbol="Job.run", relation="callers")
    assert not j.data["items"], j.text


_RUST = {
    "src/lib.rs": ("pub struct Builder {\n    n: u32,\n    name: u32,\n}\n\nimpl Builder {\n    pub fn new() -> Self {\n        Builder { n: 0 }\n    }\n\n"
                   "    pub fn name(mut self, n: u32) -> Self {\n        self.name = n;\n        self\n    }\n\n"
                   "    pub fn build(self) -> u32 {\n        self.n\n    }\n}\n\npub struct Other;\n\nimpl Other {\n"
                   "    pub fn build(&self) -> u32 {\n        1\n    }\n}\n\n"
                   "pub fn make() -> u32 {\n    Builder::new().name(3).build()\n}\n\n"
                   "pub fn make2() -> u32 {\n    Builder::new()\n        .name(3)\n        .build()\n}\n"),
    "src/task/builder.rs": "pub struct Builder;\n\nimpl Builder {\n    pub fn spawn(&self) {}\n}\n",
    "src/app/run.rs": "pub fn start() -> u32 {\n    crate::Builder::new()\n        .name(1)\n        .build()\n}\n",
}


def test_rust_builder_chains_from_an_associated_function(tmp_path):
    # (tokio's `Builder::new_multi_thread().worker_threads(4).enable_all()`: a field shares the setter's name)
    served = served_tree(tmp_path / "r", _RUST)
    n = served.call("find_related", symbol="Builder.build", relation="callers")
    assert [(i["qualname"], i["lines"], i["how"]) for i in n.data["items"]] == \
        [("start", [4], "receiver type"), ("make", [30], "receiver type"), ("make2", [36], "receiver type")], n.text
    assert not served.call("find_related", symbol="Other.build", relation="callers").data["items"]
    s = served.call("find_related", symbol="Builder.name", relation="callers")
    assert {i["how"] for i in s.data["items"]} == {"receiver type"}, s.text
    for fn, lines in (("make", {"Builder.new": [30], "Builder.name": [30], "Builder.build": [30]}),
                      ("make2", {"Builder.new": [34], "Builder.name": [35], "Builder.build": [36]})):
        c = served.call("find_related", symbol=fn, relation="callees")
        assert {i["qualname"]: i["lines"] for i in c.data["items"]} == lines, c.text
        assert "unresolved" not in c.text, c.text


_NOT_SELF = {
    "src/Query.php": "<?php\nnamespace App;\n\nclass Query\n{\n    public function get()\n    {\n        return [];\n    }\n}\n",
    "src/Eloquent.php": ("<?php\nnamespace App;\n\nclass Eloquent\n{\n    /** @var Query */\n    protected $query;\n\n"
                         "    public function applyScopes()\n    {\n        return $this;\n    }\n\n"
                         "    public function getQuery()\n    {\n        return $this->query;\n    }\n\n"
                         "    public function toBase()\n    {\n        return $this->applyScopes()->getQuery();\n    }\n\n"
                         "    public function wrapped()\n    {\n        return $this\n            ->getQuery();\n    }\n\n"
                         "    public function get()\n    {\n        return [];\n    }\n}\n"),
    "src/User.php": ("<?php\nnamespace App;\n\nclass User\n{\n    public function rows(Eloquent $e)\n    {\n"
                     "        return $e->toBase()->get();\n    }\n\n    public function rows2(Eloquent $e)\n    {\n"
                     "        return $e->wrapped()->get();\n    }\n}\n"),
}


def test_a_return_of_a_chain_or_one_going_on_below_is_not_this(tmp_path):
    # the review: `return $this->applyScopes()->getQuery();` had been read as a call of applyScopes (greedy), and
    # `return $this` with `->getQuery();` on the next line as `return $this`: both calls were Eloquent.get's
    # "by receiver type", and Query.get had no caller
    served = served_tree(tmp_path / "r", _NOT_SELF)
    n = served.call("find_related", symbol="Eloquent.get", relation="callers")
    assert not [i for i in n.data["items"] if i.get("how") == "receiver type"], n.text


def test_a_chain_headed_by_this_alone_on_its_line(tmp_path):
    # Symfony's HelpCommand.configure: `$this` on a line, `->setName('help')` on the next: setName had been a bare
    # call (unresolved), though the steps after it were typed
    files = {"src/Base.php": ("<?php\nnamespace App;\n\nclass Base\n{\n"
                              "    public function setName(string $n): static\n    {\n        return $this;\n    }\n\n"
                              "    public function setHelp(string $h): static\n    {\n        return $this;\n    }\n}\n"),
             "src/Cmd.php": ("<?php\nnamespace App;\n\nclass Cmd extends Base\n{\n"
                             "    protected function configure()\n    {\n        $this\n            ->setName('help')\n"
                             "            ->setHelp('x');\n    }\n}\n")}
    served = served_tree(tmp_path / "r", files)
    c = served.call("find_related", symbol="Cmd.configure", relation="callees")
    assert {i["qualname"]: i["lines"] for i in c.data["items"]} == {"Base.setName": [9], "Base.setHelp": [10]}, c.text
    assert "unresolved" not in c.text, c.text
