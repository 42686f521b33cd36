"""Findings of this session's review of the diff 2333c7f..: each case a small corpus the reviewer built, where the
new code had answered worse than before (0 or wrong callers, a lost callee, a wrong [lazy] or [field])."""

from __future__ import annotations

from tests.conftest import hit_at
from tests.navigation.conftest import served_tree

CORPORA = {
 "py5": {
  "user.py": "from pkg import helper\n\n\ndef run():\n    return helper(3)\n",
  "pkg/__init__.py": "from .impl import helper\n",
  "pkg/impl.py": "def helper(x):\n    return x + 1\n"
 },
 "js1": {
  "user.js": "const { helper } = require(\"./lib\");\n\nfunction run() {\n  return helper(3);\n}\nmodule.exports = { run };\n",
  "other.js": "const verifyText = require(\"./lib/impl\").helper;\nconst helper = require(\"./lib/impl\").helper;\n\nfunction again() {\n  return helper(5);\n}\nmodule.exports = { again };\n",
  "lib/impl.js": "function helper(x) {\n  return x + 1;\n}\nmodule.exports = { helper };\n",
  "lib/index.js": "const { helper } = require(\"./impl\");\nmodule.exports = { helper };\n"
 },
 "js8": {
  "other.js": "const helper = require(\"./lib/impl\").helper;\n\nfunction again() {\n  return helper(5);\n}\nmodule.exports = { again };\n",
  "lib/impl.js": "function helper(x) {\n  return x + 1;\n}\nmodule.exports = { helper };\n"
 },
 "go1": {
  "go.mod": "module example.com/demo\n\ngo 1.21\n",
  "node.go": "package demo\n\ntype Node struct{ next *Node }\n\nfunc NewNode(n *Node) *Node { return &Node{next: n} }\n\nfunc (n *Node) Link(depth int) int {\n\tif depth == 0 {\n\t\treturn 0\n\t}\n\treturn NewNode(n).Link(depth - 1)\n}\n"
 },
 "php3": {
  "composer.json": "{\"autoload\": {\"psr-4\": {\"App\\\\\": \"src/\"}}}\n",
  "src/A.php": "<?php\nnamespace App;\n\nclass A\n{\n    private Foo $item;\n\n    public function f(Other $o): void\n    {\n        $o->item->run();\n    }\n\n    public function g(array $list): void\n    {\n        foreach ($list as $o) {\n            $o->item->run();\n        }\n    }\n}\n",
  "src/Bar.php": "<?php\nnamespace App;\n\nclass Bar\n{\n    public function run(): void\n    {\n    }\n}\n",
  "src/Other.php": "<?php\nnamespace App;\n\nclass Other\n{\n    public Bar $item;\n}\n",
  "src/Foo.php": "<?php\nnamespace App;\n\nclass Foo\n{\n    public function run(): void\n    {\n    }\n}\n"
 },
 "php6": {
  "composer.json": "{\"autoload\": {\"psr-4\": {\"App\\\\\": \"src/\"}}}\n",
  "src/Contracts/Renderer.php": "<?php\nnamespace App\\Contracts;\n\ninterface Renderer\n{\n    public function render(string $view): string;\n}\n",
  "src/Http/Controller.php": "<?php\nnamespace App\\Http;\n\nuse App\\Contracts\\Renderer as RendererContract;\n\nclass Controller\n{\n    private $renderer;\n\n    public function __construct(RendererContract $renderer)\n    {\n        $this->renderer = $renderer;\n    }\n\n    public function show(RendererContract $r): string\n    {\n        $x = $r->render('a');\n        return $x . $this->renderer->render('b');\n    }\n}\n",
  "src/Http/HtmlRenderer.php": "<?php\nnamespace App\\Http;\n\nuse App\\Contracts\\Renderer;\n\nclass HtmlRenderer implements Renderer\n{\n    public function render(string $view): string\n    {\n        return $view;\n    }\n}\n"
 },
 "php2": {
  "composer.json": "{\"autoload\": {\"psr-4\": {\"Acme\\\\\": \"src/\"}}}\n",
  "src/Util/Fmt.php": "<?php\nnamespace Acme\\Util;\n\nclass Fmt\n{\n    public static function format(string $s): string\n    {\n        return $s;\n    }\n}\n",
  "src/App/B.php": "<?php\nnamespace Acme\\App;\n\nuse Acme\\Util\\Fmt as G, Acme\\Util\\Fmt as H;\n\nclass B\n{\n    public function go(): string\n    {\n        return G::format('b') . H::format('c');\n    }\n}\n",
  "src/App/A.php": "<?php\nnamespace Acme\\App;\n\nuse Acme\\Util\\{Fmt as F};\n\nclass A\n{\n    public function go(): string\n    {\n        return F::format('a');\n    }\n}\n",
  "src/App/C.php": "<?php\nnamespace Acme\\App;\n\nuse Acme\\Util\\Fmt;\n\nclass C\n{\n    public function go(): string\n    {\n        return Fmt::format('c');\n    }\n}\n"
 },
 "js7": {
  "a.js": "class Alpha {\n  load() { return 1; }\n}\nclass Beta {\n  load() { return 2; }\n}\nmodule.exports = { Alpha, Beta };\n",
  "use.js": "/**\n * @param {Alpha|Beta} engine the engine\n * @returns {number} n\n */\nfunction run(engine) {\n  return engine.load();\n}\nmodule.exports = { run };\n"
 },
 "js3": {
  "package.json": "{\"name\": \"x\", \"type\": \"module\", \"imports\": {\"#utils/*\": \"./src/utils/*\"}}\n",
  "src/app/main.js": "import { formatIt } from \"#utils/helper.js\";\n\nexport function run() {\n  return formatIt(3);\n}\n",
  "src/utils/helper.js": "export function formatIt(x) {\n  return String(x);\n}\n"
 },
 "php5": {
  "composer.json": "{\"autoload\": {\"psr-4\": {\"App\\\\\": \"src/\"}}}\n",
  "src/HasCode.php": "<?php\nnamespace App;\n\ntrait HasCode\n{\n    protected $code;\n\n    public function describe(): string\n    {\n        return (string) $this->code . $this->label;\n    }\n}\n",
  "src/Cmd.php": "<?php\nnamespace App;\n\nclass Cmd\n{\n    use HasCode;\n\n    private string $label = 'x';\n\n    public function run(): string\n    {\n        return $this->code . $this->label;\n    }\n}\n"
 },
 "php4": {
  "composer.json": "{\"autoload\": {\"psr-4\": {\"App\\\\\": \"src/\"}, \"files\": [\"src/functions.php\"]}}\n",
  "src/Greeter.php": "<?php\nnamespace App;\n\nclass Greeter\n{\n    public function greet(string $a): string\n    {\n        return $a . format_name($a);\n    }\n\n    public function greet2(string $a): string\n    {\n        return strtolower($a) . format_name($a);\n    }\n}\n",
  "src/functions.php": "<?php\nnamespace App;\n\nfunction format_name(string $s): string\n{\n    return ucfirst($s);\n}\n"
 },
 "js5": {
  "b.js": "module.exports = 1;\n",
  "c.js": "module.exports = 2;\n",
  "main.js": "\"use strict\";\n\nfunction load(name) {\n  return {\n    b: require(\"./b\"),\n    c: require(\"./c\"),\n  };\n}\n\nmodule.exports = { load };\n"
 },
 "java2": {
  "src/a/Shape.java": "package a;\n\npublic interface Shape {\n    double area();\n    double perimeter();\n    String name();\n    default String describe() { return name(); }\n}\n",
  "src/a/Circle.java": "package a;\n\npublic class Circle extends Base {\n    public Circle() {}\n    public double area() { return 1; }\n    public double perimeter() { return 2; }\n    public String name() { return \"c\"; }\n    public String describe() { return \"circle\"; }\n    public void extra() {}\n}\n",
  "src/a/Use.java": "package a;\n\npublic class Use {\n    public String go(Shape s, Sq q) {\n        return s.describe() + q.describe();\n    }\n}\n",
  "src/a/Sq.java": "package a;\n\npublic class Sq implements Shape {\n    public double area() { return 1; }\n    public double perimeter() { return 2; }\n    public String name() { return \"s\"; }\n}\n",
  "src/a/Base.java": "package a;\n\npublic abstract class Base implements Shape {\n    public String name() { return \"base\"; }\n    public abstract double area();\n    public void extra() {}\n}\n"
 },
 "php1": {
  "composer.json": "{\"autoload\": {\"psr-4\": {\"App\\\\\": \"src/\"}}}\n",
  "src/Widget.php": "<?php\nnamespace App;\n\nclass Widget\n{\n    public string $title = 'w';\n\n    public function render(): string\n    {\n        return 'w';\n    }\n}\n",
  "src/Panel.php": "<?php\nnamespace App;\n\nclass Panel\n{\n    private string $title = 'p';\n    private Widget $widget;\n\n    public function show(Widget $base, Panel $cls): string\n    {\n        return $base->title . $cls->title . $base->render();\n    }\n}\n",
  "src/Page2.php": "<?php\nnamespace App;\n\nclass Page2\n{\n    public function render(): string\n    {\n        return 'page';\n    }\n\n    public function build(Widget $w): string\n    {\n        return $w->render();\n    }\n\n    public function build2(Widget $base): string\n    {\n        return $base->render();\n    }\n\n    public function build3(Widget $self): string\n    {\n        return $self->render();\n    }\n}\n"
 }
}


def _served(tmp_path, name):
    return served_tree(tmp_path / name, CORPORA[name])


def _rows(a):
    return {(i["path"], i["qualname"], i["how"]) for i in a.data["items"]}


def test_re_exported_and_aliased_module_functions_keep_their_callers(tmp_path):
    a = _served(tmp_path, "py5").call("find_related", symbol="helper", relation="callers")
    assert [i["qualname"] for i in a.data["items"]] == ["run"], a.text  # `from pkg import helper`, pkg re-exports it
    b = _served(tmp_path, "js1").call("find_related", symbol="helper", path="lib/impl.js", relation="callers")
    assert len(b.data["items"]) == 2, b.text  # one through lib/index.js's `module.exports = { helper }`
    c = _served(tmp_path, "js8").call("find_related", symbol="helper", path="lib/impl.js", relation="callers")
    assert len(c.data["items"]) == 1, c.text  # `const helper = require("./lib/impl").helper` is no namesake


def test_a_capitalised_go_factory_call_keeps_the_recursion(tmp_path):
    a = _served(tmp_path, "go1").call("find_related", symbol="Node.Link", relation="callers")
    assert [i["how"] for i in a.data["items"]] == ["recursive"], a.text  # `NewNode(n).Link(depth - 1)`


def test_php_properties_of_another_value_aliases_and_traits(tmp_path):
    foo = _served(tmp_path, "php3").call("find_related", symbol="Foo.run", relation="callers")
    assert ("src/A.php", "A.f", "receiver type") not in _rows(foo), foo.text  # `$o->item` is Other's Bar, not A's Foo
    r = _served(tmp_path, "php6").call("find_related", symbol="Renderer.render", relation="callers")
    assert r.data["items"] and "left out" not in r.text, r.text  # `RendererContract` is an alias of Renderer
    f = _served(tmp_path, "php2").call("find_related", symbol="Fmt.format", relation="callers")
    assert len(f.data["items"]) == 3, f.text  # `use Acme\\Util\\{Fmt as F};`, `use ... as G, ... as H;`
    t = _served(tmp_path, "php5").call("search_symbol", query="HasCode.code", references=True)
    assert hit_at(t.text, "src/Cmd.php", 12), t.text  # a class using the trait reads its property


def test_jsdoc_unions_and_subpath_imports_drop_nothing(tmp_path):
    u = _served(tmp_path, "js7").call("find_related", symbol="Beta.load", relation="callers")
    assert [i["qualname"] for i in u.data["items"]] == ["run"], u.text  # `@param {Alpha|Beta} engine`
    s = _served(tmp_path, "js3").call("find_related", symbol="run", relation="callees")
    assert [i["qualname"] for i in s.data["items"]] == ["formatIt"], s.text  # `#utils/helper.js`: no outside package


def test_php_concatenation_lazy_requires_default_methods_and_dollar_names(tmp_path):
    g = _served(tmp_path, "php4").call("find_related", symbol="Greeter.greet", relation="callees")
    assert [i["qualname"] for i in g.data["items"]] == ["format_name"], g.text  # `$parts[0] . format_name(..)`
    d = _served(tmp_path, "js5").call("list_dependencies", path="main.js")
    assert d.text.count("[lazy]") >= 2, d.text  # requires inside `function load() { return {\n b: require(..)`
    j = _served(tmp_path, "java2").call("find_related", symbol="describe", relation="callers")
    assert "definitions named describe" in j.text, j.text  # a Java default method has a body: no declaration only
    p = _served(tmp_path, "php1").call("read_code_range", path="src/Panel.php", symbol="Panel.show", context="semantic")
    assert "Panel.title" not in p.text, p.text  # `$base->title` is Widget's (`$base` is no self word)
    c = _served(tmp_path, "php1").call("find_related", symbol="Panel.show", relation="callees")
    assert "Widget.render" in {i["qualname"] for i in c.data["items"]}, c.text
