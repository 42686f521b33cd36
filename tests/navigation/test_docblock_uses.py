"""Symfony A/B runs 203 and 212: the uses view listed StreamOutput's code lines in TesterTrait.php (152, 165) but not
its `/** @var StreamOutput */` at 26, and the question asked which uses are docblocks; both agents read the file. A
PHP or JavaScript name the code uses says where docblocks name it besides."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "src/StreamOutput.php": "<?php\nnamespace App\\Out;\n\nclass StreamOutput\n{\n}\n",
    "src/Tester.php": ("<?php\nnamespace App;\n\nuse App\\Out\\StreamOutput;\n\ntrait Tester\n{\n"
                       "    /** @var StreamOutput */\n    private $output;\n\n    public function init()\n    {\n"
                       "        // a StreamOutput on memory\n        $this->output = new StreamOutput();\n    }\n}\n"),
    "lib/cursor.js": "class Cursor {}\nmodule.exports = { Cursor };\n",
    "lib/store.js": ("const { Cursor } = require('./cursor');\n\n/**\n * @param {Cursor} c the cursor\n */\n"
                     "function walk(c) {\n  return new Cursor();\n}\n\nmodule.exports = { walk };\n"),
}


def test_a_used_name_says_where_docblocks_name_it_too(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    php = served.call("list_dependencies", path="src/Tester.php", view="uses")
    assert "StreamOutput (StreamOutput.php:4) at 14 (in comments too at 8)" in php.text, php.text  # (not the prose at 13)
    js = served.call("list_dependencies", path="lib/store.js", view="uses")
    assert "at 7 (in comments too at 4)" in js.text, js.text
