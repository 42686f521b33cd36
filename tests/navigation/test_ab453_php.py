"""Stumbles of the Symfony String (PHP) A/B run 453, each with what a user would have seen before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

BASE = ("<?php\nnamespace App;\n\n"                                      # 1-3
        "abstract class Base\n{\n"                                         # 4-5
        "    protected $string = '';\n\n"                                  # 6-7
        "    abstract public function __construct(string $string = '');\n\n"  # 8
        "    abstract public function slice(int $start = 0): static;\n\n"  # 10
        "    abstract public function length(): int;\n\n"                  # 12
        "    public function bytesAt(int $offset): array\n    {\n"         # 14-15
        "        $str = $this->slice($offset, 1);\n"                       # 16
        "        return [$str];\n    }\n\n"                                # 17-19
        "    public function truncate(int $length, string $ellipsis = ''): static\n    {\n"  # 20-21
        "        $n = (new static($ellipsis))->length();\n"                # 22
        "        return $this->slice(0, $length - $n);\n    }\n\n"         # 23-25
        "    public function ensureStart(string $prefix): static\n    {\n"  # 26-27
        "        $str = clone $this;\n"                                    # 28
        "        while ($prefix) {\n"                                      # 29
        "            $str = $str->slice(1);\n"                             # 30
        "        }\n        return $str;\n    }\n\n"                       # 31-34
        "    public function pad(int $len, self $pad): static\n    {\n"    # 35-36
        "        return $pad->slice(0, $len);\n    }\n}\n")                # 37-39

# overrides bytesAt without calling the base's; its slice returns `parent`
BYTES = ("<?php\nnamespace App;\n\nclass Bytes extends Base\n{\n"
         "    public function __construct(string $string = '')\n    {\n        $this->string = $string;\n    }\n\n"
         "    public function slice(int $start = 0): parent\n    {\n"
         "        return new static(substr($this->string, $start));\n    }\n\n"
         "    public function length(): int\n    {\n        return strlen($this->string);\n    }\n\n"
         "    public function bytesAt(int $offset): array\n    {\n        return [ord($this->string[$offset])];\n    }\n}\n")

# overrides bytesAt and calls the base's; its slice returns `static`
CHARS = ("<?php\nnamespace App;\n\nclass Chars extends Base\n{\n"
         "    public function __construct(string $string = '')\n    {\n        $this->string = $string;\n    }\n\n"
         "    public function slice(int $start = 0): static\n    {\n"
         "        return new static(substr($this->string, $start));\n    }\n\n"
         "    public function length(): int\n    {\n        return strlen($this->string);\n    }\n\n"
         "    public function bytesAt(int $offset): array\n    {\n        return parent::bytesAt($offset);\n    }\n}\n")

PLAIN = ("<?php\nnamespace App;\n\nclass Plain\n{\n"
         "    public function copy(): self\n    {\n        return new self();\n    }\n}\n")

MADE = ("<?php\nnamespace App;\n\nclass Made\n{\n"
        "    public function __construct(int $a)\n    {\n    }\n}\n")

CHILD = ("<?php\nnamespace App;\n\nclass Child extends Made\n{\n"
         "    public function again(): self\n    {\n        return new self(1);\n    }\n\n"
         "    public function base(): Made\n    {\n        return new parent(2);\n    }\n}\n")

FILES = {"src/Base.php": BASE, "src/Bytes.php": BYTES, "src/Chars.php": CHARS, "src/Plain.php": PLAIN,
         "src/Made.php": MADE, "src/Child.php": CHILD}


def test_new_static_is_a_call_of_the_constructor_with_its_overrides_not_a_php_function(tmp_path):
    # Symfony String run 453: AbstractString::truncate's `(new static($ellipsis))->length()` read
    # "PHP functions: static" under "[complete: every call written in its body is listed]"
    served = served_tree(tmp_path / "r", FILES)
    text = served.call("find_related", symbol="Base.truncate", relation="callees").text
    assert "[complete: every call written in its body is listed]" in text, text
    assert "Base.__construct 8-8 called at 22 (abstract; overridden in " in text, text
    assert "Bytes.__construct src/Bytes.php:6" in text and "Chars.__construct src/Chars.php:6" in text, text
    assert "PHP functions" not in text, text


def test_new_self_without_a_constructor_builds_the_class_and_an_inherited_one_is_the_base_constructor(tmp_path):
    served = served_tree(tmp_path / "r", FILES)
    text = served.call("find_related", symbol="Plain.copy", relation="callees").text
    assert "class Plain src/Plain.php:4-10 built at 8" in text, text
    assert "PHP functions" not in text, text
    text = served.call("find_related", symbol="Child.again", relation="callees").text
    assert "Made.__construct src/Made.php:6-8 called at 8" in text, text
    assert "PHP functions" not in text, text
    text = served.call("find_related", symbol="Child.base", relation="callees").text
    assert "Made.__construct src/Made.php:6-8 called at 13" in text, text
    assert "PHP functions" not in text, text


def test_a_clone_of_this_and_a_parameter_typed_self_are_receivers_of_the_enclosing_class(tmp_path):
    # Symfony String run 453: AbstractString::slice's callers put `$str->slice(..)` (with `$str = clone $this;`) and
    # AbstractUnicodeString::pad's `$pad->slice(..)` (with `self $pad`) under "matched by name only"
    served = served_tree(tmp_path / "r", FILES)
    text = served.call("find_related", symbol="Base.slice", relation="callers").text
    assert "name only" not in text, text
    assert "30 in Base.ensureStart (26-33): $str = $str->slice(1);" in text, text
    assert "37 in Base.pad (35-38): return $pad->slice(0, $len);" in text, text
    text = served.call("find_related", symbol="Bytes.slice", relation="callers").text
    assert "$str = $str->slice(1);  [base type, receiver $str: Base]" in text, text
    assert "return $pad->slice(0, $len);  [base type, receiver $pad: Base]" in text, text


def test_a_this_call_in_a_base_method_the_subclass_overrides_never_reaches_the_subclass(tmp_path):
    # Symfony String run 453: ByteString::slice's callers listed AbstractString::bytesAt's `$this->slice(..)` as
    # [base type], though ByteString overrides bytesAt (that body never runs on a ByteString)
    served = served_tree(tmp_path / "r", FILES)
    text = served.call("find_related", symbol="Bytes.slice", relation="callers").text
    rows = text.split("left out", 1)[-1].split("]\n", 1)[-1]
    assert "in Base.bytesAt" not in rows, text
    assert "23 in Base.truncate (20-24): return $this->slice(0, $length - $n);  [base type]" in text, text
    # Chars's bytesAt runs `parent::bytesAt(..)`: the base's body does run on a Chars
    text = served.call("find_related", symbol="Chars.slice", relation="callers").text
    assert "16 in Base.bytesAt (14-18): $str = $this->slice($offset, 1);  [base type]" in text, text


def test_a_php_method_returning_static_is_overridable_so_base_this_calls_reach_it(tmp_path):
    # `public function slice(..): static` had read as a static method: every `$this->slice(..)` of the base was
    # left out of Chars::slice's callers as "another type's method"
    served = served_tree(tmp_path / "r", FILES)
    text = served.call("find_related", symbol="Chars.slice", relation="callers").text
    assert "23 in Base.truncate (20-24): return $this->slice(0, $length - $n);  [base type]" in text, text
