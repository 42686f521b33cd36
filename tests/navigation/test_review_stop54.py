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
