"""The review of this stop's diff (355fde4..0983ee4): each finding reproduced on a small repository, then mended."""
from __future__ import annotations

from tests.navigation.conftest import served_tree


def test_a_class_a_package_passes_on_is_no_module_for_its_method_callers(tmp_path):
    served = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "from .helper import Helper\n",
        "pkg/helper.py": "class Helper:\n    @classmethod\n    def create(cls, name):\n        return cls()\n",
        "app.py": "from pkg import Helper\n\n\ndef main():\n    h = Helper.create(\"a\")\n    return h\n"})
    text = served.call("find_related", symbol="Helper.create", relation="callers").text
    assert "app.py:5 in main" in text and "left out" not in text, text


def test_ruby_locals_bound_by_rescue_or_assignment_are_no_calls_on_self(tmp_path):
    served = served_tree(tmp_path / "r", {
        "lib/job.rb": ("class Job\n  def perform(payload)\n    result ||= compute(payload)\n    result\n"
                       "  rescue ArgumentError => e\n    notify(e)\n  end\n\n  def compute(x)\n    x\n  end\n\n"
                       "  def notify(x)\n    x\n  end\n\n  def report(rows)\n    total, count = 1, 2\n"
                       "    for entry in rows\n      notify(entry)\n    end\n    total + count\n  end\nend\n"),
        "lib/other.rb": "class Mailer\n  def e\n  end\n\n  def result\n  end\n\n  def entry\n  end\nend\n"})
    text = served.call("find_related", symbol="Job.perform", relation="callees").text
    assert "Mailer" not in text and "Job#compute" in text and "Job#notify" in text, text
    report = served.call("find_related", symbol="Job.report", relation="callees").text
    assert "Mailer" not in report and "total" not in report, report


def test_a_constant_read_off_a_value_or_named_in_a_string_is_no_reference(tmp_path):
    served = served_tree(tmp_path / "r", {
        "app/config.py": ("import os\n\nTIMEOUT = 30\n\n\nclass Opts:\n    def limit(self, opts):\n"
                          "        self.value = opts.TIMEOUT\n        name = os.environ.get(\"TIMEOUT\")\n"
                          "        return TIMEOUT * 2\n")})
    text = served.call("search_symbol", query="TIMEOUT", references=True).text
    refs = text.split("uses of", 1)[0]
    assert "10: return TIMEOUT * 2" in refs, text
    assert "opts.TIMEOUT" not in refs and 'get("TIMEOUT")' not in refs, text


def test_callees_list_calls_of_computed_values_before_saying_they_are_complete(tmp_path):
    served = served_tree(tmp_path / "r", {
        "pkg/thing.py": ("class Thing:\n    def process(self, hooks, data):\n        hooks[0](2)\n        data[\"f\"](3)\n"
                         "        (self.cb or print)(4)\n        self.go(1)\n\n    def go(self, x):\n        return x\n")})
    text = served.call("find_related", symbol="Thing.process", relation="callees").text
    assert "hooks[0](..)" in text and 'data["f"](..)' in text and "(self.cb or print)(..)" in text, text


def test_a_module_functions_value_use_is_found_among_many_attribute_reads_of_its_name(tmp_path):
    many = "".join(f"def f{i}(cfg):\n    return cfg.fetch('k{i}')\n\n\n" for i in range(600))
    served = served_tree(tmp_path / "r", {
        "pkg/util.py": "def fetch(key):\n    return key\n",
        "pkg/calls.py": many,
        "pkg/zz_app.py": "from pkg.util import fetch\n\nHANDLERS = {\"fetch\": fetch}\n"})
    text = served.call("find_related", symbol="fetch", path="pkg/util.py", relation="callers").text
    assert "pkg/zz_app.py:3" in text, text


def test_two_trait_impls_methods_of_one_name_are_no_cfg_variants(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("use std::fmt;\n\npub struct Point;\n\nimpl fmt::Display for Point {\n"
                       "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        write!(f, \"p\")\n    }\n}\n\n"
                       "impl fmt::Debug for Point {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
                       "        write!(f, \"P\")\n    }\n}\n\npub fn show(p: &Point) -> String {\n    format!(\"{}\", p)\n}\n")})
    text = served.call("find_related", symbol="Point.fmt", relation="callers").text
    assert "a call by name reaches the one compiled" not in text, text


def test_a_go_constant_used_in_arithmetic_is_no_declaration_of_its_name(tmp_path):
    served = served_tree(tmp_path / "r", {
        "buf/buf.go": ("package buf\n\nconst maxSize = 64\n\nfunc Make(n int) []byte {\n\treturn make([]byte, n, maxSize * 2)\n}\n\n"
                       "func Grow(b []byte) []byte {\n\treturn append(b,\n\t\tbyte(maxSize * 4))\n}\n")})
    text = served.call("search_symbol", query="maxSize", references=True).text
    assert "uses of maxSize (2;" in text and "maxSize * 2" in text and "maxSize * 4" in text, text


def test_a_php_full_name_static_call_of_an_outside_class_is_not_the_repositorys_namesake(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/Support/Str.php": "<?php\nnamespace App\\Support;\n\nclass Str\n{\n\tpublic static function lower($s)\n\t{\n\t\treturn $s;\n\t}\n}\n",
        "src/helpers.php": "<?php\nif (!function_exists('view_path')) {\n\tfunction view_path($p)\n\t{\n\t\treturn $p;\n\t}\n}\n",
        "src/Renderer.php": ("<?php\nnamespace App;\n\nclass Renderer\n{\n\tpublic function render($name)\n\t{\n"
                             "\t\t$n = \\Illuminate\\Support\\Str::lower($name);\n\t\treturn view_path($n) . count([]);\n\t}\n}\n")})
    text = served.call("find_related", symbol="Renderer.render", relation="callees").text
    assert "src/Support/Str.php" not in text, text
    assert "view_path" in text and "PHP functions: count" in text and "PHP functions: view_path" not in text, text


def test_rust_calls_of_std_functions_keep_the_neutral_unresolved_label(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("use std::collections::HashMap;\n\npub struct Cache {\n    m: HashMap<String, u32>,\n}\n\nimpl Cache {\n"
                       "    pub fn put(&mut self, k: &str) -> Option<u32> {\n        let n = std::cmp::min(1, 2);\n"
                       "        let _ = String::from(k);\n        Some(n)\n    }\n}\n")})
    text = served.call("find_related", symbol="Cache.put", relation="callees").text
    assert "a receiver of unknown type)" not in text or "external, builtin" in text, text


def test_a_rust_uses_view_keeps_a_fully_qualified_call_of_a_traits_method(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/named.rs": "pub trait Named {\n    fn name(&self) -> String;\n}\n",
        "src/user.rs": "use crate::named::Named;\n\npub fn label<T: Named>(item: &T) -> String {\n    let n = T::name(item);\n    n\n}\n",
        "src/lib.rs": "pub mod named;\npub mod user;\n"})
    text = served.call("list_dependencies", path="src/user.rs", view="uses").text
    assert "Named::name() (named.rs:2) at 4" in text, text


def test_python_outside_imports_keep_whole_module_imports_and_aliases(tmp_path):
    served = served_tree(tmp_path / "r", {
        "m.py": ("import os\nimport os.path\nimport xml.etree.ElementTree as ET\nimport requests\n"
                 "from requests.adapters import HTTPAdapter\n")})
    text = served.call("list_dependencies", path="m.py").text
    assert "requests (lines 4, 5): the module, adapters.HTTPAdapter" in text, text
    assert "os (lines 1, 2): the module, path" in text and "etree.ElementTree as ET" in text and "*" not in text, text


# the second review of this stop (7237dff..0cafc90)

def test_ts_export_default_of_a_name_and_a_named_alias_are_the_class_everywhere(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/base.ts": "class Store {\n  save(): void {}\n}\nexport default Store;\n",
        "src/my.ts": "import BaseStore from \"./base\"\n\nexport class MyStore extends BaseStore {\n  run(): void {\n    this.save()\n  }\n}\n",
        "src/engine.ts": "export class Engine {\n  start(): void {}\n}\n",
        "src/car.ts": "import { Engine as Motor } from \"./engine\"\n\nexport class Car extends Motor {\n  go(): void {\n    this.start()\n  }\n}\n"})
    assert "src/my.ts:3-7 class MyStore" in served.call("find_related", symbol="Store", relation="implementations").text
    assert "src/base.ts:1-3 class Store" in served.call("find_related", symbol="MyStore", relation="supertypes").text
    assert "src/my.ts:5 in MyStore.run" in served.call("find_related", symbol="Store.save", relation="callers").text
    assert "src/car.ts:3-7 class Car" in served.call("find_related", symbol="Engine", relation="implementations").text
    assert "src/engine.ts:1-3 class Engine" in served.call("find_related", symbol="Car", relation="supertypes").text
    assert "src/car.ts:5 in Car.go" in served.call("find_related", symbol="Engine.start", relation="callers").text


def test_js_a_parameters_call_method_is_no_call_of_a_function_of_its_name(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/client.ts": "export function client(url: string): string {\n  return url\n}\n",
        "src/app.ts": ("interface RpcClient { call(m: string): string }\n\n"
                       "export function fetchAll(client: RpcClient): string {\n  return client.call(\"all\")\n}\n")})
    callers = served.call("find_related", symbol="client", relation="callers").text
    assert "fetchAll" not in callers.split("also named", 1)[0], callers
    callees = served.call("find_related", symbol="fetchAll", relation="callees").text
    assert "locals or parameters: client" not in callees, callees


def test_ruby_a_self_call_between_or_operators_or_after_a_block_is_kept(tmp_path):
    served = served_tree(tmp_path / "r", {
        "lib/limits.rb": "module Limits\n  def threshold\n    3\n  end\n\n  def fallback_name\n    \"x\"\n  end\nend\n",
        "lib/report.rb": ("require_relative \"limits\"\n\nclass Report\n  def big(items)\n"
                          "    items.select { |x| x > threshold }.map { |x| x * 2 }\n  end\n\n"
                          "  def title\n    @title ||= @name || fallback_name || \"report\"\n  end\nend\n")})
    assert "threshold" in served.call("find_related", symbol="Report.big", relation="callees").text
    assert "fallback_name" in served.call("find_related", symbol="Report.title", relation="callees").text


def test_casts_and_go_generics_are_no_calls_of_values(tmp_path):
    served = served_tree(tmp_path / "r", {
        "conv.go": ("package conv\n\ntype Celsius float64\n\ntype Map[K comparable, V any] struct{ m map[K]V }\n\n"
                    "func NewMap[K comparable, V any]() Map[K, V] {\n\treturn Map[K, V]{}\n}\n\n"
                    "func Bytes(f float64) Celsius {\n\t_ = NewMap[int, byte]()\n\treturn (Celsius)(f)\n}\n"),
        "Stats.java": "class Stats {\n  int percent(long done, long total) {\n    return (int) (done * 100 / total);\n  }\n}\n"})
    assert "a call of a value" not in served.call("find_related", symbol="Bytes", relation="callees").text
    assert "a call of a value" not in served.call("find_related", symbol="Stats.percent", relation="callees").text


def test_a_package_init_functions_value_uses_and_a_root_package_module_binding(tmp_path):
    served = served_tree(tmp_path / "r", {
        "pkg/__init__.py": "", "pkg/util/__init__.py": "def fetch(key):\n    return key\n",
        "app/__init__.py": "",
        "app/registry.py": "from pkg import util\n\nHANDLERS = {\"fetch\": util.fetch}\n",
        "utils/__init__.py": "def get_value(obj, key):\n    return getattr(obj, key)\n",
        "app/fields.py": "class Field:\n    def get_value(self, obj):\n        return obj\n",
        "app/use.py": "import utils\n\n\ndef read(obj):\n    return utils.get_value(obj, \"x\")\n"})
    assert "app/registry.py:3" in served.call("find_related", symbol="fetch", path="pkg/util/__init__.py",
                                               relation="callers").text
    text = served.call("find_related", symbol="Field.get_value", relation="callers").text
    assert "in read" not in text and "by name only" not in text, text


def test_php_a_global_class_called_with_a_leading_backslash_resolves(tmp_path):
    served = served_tree(tmp_path / "r", {
        "lib/Legacy.php": "<?php\n\nclass Legacy\n{\n\tpublic static function format($s)\n\t{\n\t\treturn $s;\n\t}\n}\n",
        "src/Service.php": ("<?php\nnamespace App;\n\nclass Service\n{\n\tpublic function run($s)\n\t{\n"
                            "\t\treturn \\Legacy::format($s);\n\t}\n}\n")})
    text = served.call("find_related", symbol="Service.run", relation="callees").text
    assert "Legacy.format lib/Legacy.php:5-8 called at 8" in text, text


def test_a_rust_method_of_two_trait_impls_says_where_the_other_is(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("use std::fmt;\n\npub struct SendError;\n\nimpl fmt::Debug for SendError {\n"
                       "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n        write!(f, \"D\")\n    }\n}\n\n"
                       "impl fmt::Display for SendError {\n    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {\n"
                       "        write!(f, \"sending\")\n    }\n}\n")})
    text = served.call("find_related", symbol="SendError.fmt", relation="callees").text
    assert "also fmt of impl" in text and "path=src/lib.rs:" in text, text


def test_two_rust_closures_binding_one_name_to_different_types_type_neither_by_guess(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/lib.rs": ("pub struct Item;\npub struct User;\n\nimpl Item {\n    pub fn with<F: FnOnce(&Item) -> String>(f: F) -> String {\n"
                       "        f(&Item)\n    }\n    pub fn label(&self) -> String {\n        String::new()\n    }\n}\n\n"
                       "impl User {\n    pub fn with<F: FnOnce(&User) -> String>(f: F) -> String {\n        f(&User)\n    }\n"
                       "    pub fn label(&self) -> String {\n        String::new()\n    }\n}\n\n"
                       "pub fn report() -> String {\n    let a = Item::with(|x| x.label());\n    let b = User::with(|x| x.label());\n"
                       "    a + &b\n}\n")})
    text = served.call("find_related", symbol="report", relation="callees").text
    assert "User.label" not in text.split("called at 24")[0] or "Item.label" in text, text
    assert not ("User.label" in text and "called at 23,24" in text), text


def test_python_outside_import_aliases_are_their_own_statements_and_constants_in_fstrings_count(tmp_path):
    served = served_tree(tmp_path / "r", {
        "m.py": ("from datetime import datetime\nimport datetime as dt\nfrom typing import cast\n\n"
                 "from sqlalchemy import cast as sa_cast\n\nWIDTH = 3\nRETRIES = 2\n\n\n"
                 "def show():\n    print(\"#\" * WIDTH)\n    return f\"retries: {RETRIES}\"\n")})
    deps = served.call("list_dependencies", path="m.py").text
    assert "datetime as dt" not in deps.split("the module as dt")[0] and "typing (line 3): cast;" in deps + ";", deps
    width = served.call("search_symbol", query="WIDTH", references=True).text
    assert "by name" not in width and '12: print("#" * WIDTH)' in width, width
    retries = served.call("search_symbol", query="RETRIES", references=True).text
    assert "by name" not in retries and "13: return f" in retries, retries


def test_the_uses_view_cut_names_the_lines_that_hold_the_rest(tmp_path):
    mods = {f"app/m{i}.py": f"def f{i}():\n    return {i}\n" for i in range(130)}
    imports = "".join(f"from app.m{i} import f{i}\n" for i in range(130))
    calls = "".join(f"    f{i}()\n" for i in range(130))
    mods["app/__init__.py"] = ""
    mods["app/main.py"] = f"{imports}\n\ndef run():\n{calls}"
    served = served_tree(tmp_path / "r", mods)
    text = served.call("list_dependencies", path="app/main.py", view="uses").text
    cut = [r for r in text.splitlines() if "more import lines" in r]
    assert cut and "read_code_range path=app/main.py start_line=" in cut[0] and "end_line=130" in cut[0], text


def test_a_js_call_of_a_value_through_a_private_field_is_listed(tmp_path):
    served = served_tree(tmp_path / "r", {
        "src/bus.js": "export class Bus {\n  #handlers = {}\n\n  emit(type, data) {\n    return this.#handlers[type](data)\n  }\n}\n"})
    text = served.call("find_related", symbol="Bus.emit", relation="callees").text
    assert "handlers[type](..) (a call of a value)" in text, text
