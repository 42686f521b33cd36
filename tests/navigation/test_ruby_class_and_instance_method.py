"""A Ruby class method and an instance method of one name in one class (kramdown's Converter::Base has
`def self.convert(tree, options)` and `def convert(_el)`): both are stored under one qualified name, and had been
folded into one row with an "overload signature", `Base#convert` answered with the class method, and the
subclasses' bare `convert(child)` calls listed as the class method's callers."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "conv/base.rb": ("module Conv\n  class Base\n    def self.convert(tree, options = {})\n      c = new\n"
                     "      c.convert(tree)\n    end\n\n    def convert(_el)\n      raise NotImplementedError\n"
                     "    end\n  end\nend\n"),
    "conv/html.rb": ("module Conv\n  class Html < Base\n    def convert(el)\n      el.children.each {|c| convert(c) }\n"
                     "    end\n  end\nend\n"),
    "conv/other.rb": "module Conv\n  class Other\n    def self.convert(x)\n    end\n  end\nend\n",
    "doc.rb": "class Doc\n  def to_html\n    Conv::Html.convert(@root)\n    Conv::Other.convert(1)\n  end\nend\n",
}


def test_ruby_class_method_and_instance_method_are_two_rows(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("search_symbol", query="Conv::Base.convert")
    assert not a.is_error, a.text
    assert "overload" not in a.text, a.text
    assert "Conv::Base.convert" in a.text and "Conv::Base#convert" in a.text, a.text


def test_ruby_instance_method_query_picks_the_instance_method_and_its_self_callers(tmp_path):
    served = served_tree(tmp_path / "r", _FILES)
    inst = served.call("find_related", symbol="Conv::Base#convert", relation="callers")
    assert not inst.is_error, inst.text
    assert "(conv/base.rb:8-10)" in inst.text, inst.text
    rows = {i["qualname"]: i for i in inst.data["items"]}
    # (Html overrides convert: its bare `convert(c)` runs Html#convert itself, never Base's; liquid run 509)
    assert "Conv::Html#convert" not in rows, inst.text
    assert "Doc#to_html" not in rows, inst.text  # `Conv::Html.convert(..)` calls the class method
    own = served.call("find_related", symbol="Conv::Html#convert", relation="callers")
    assert "recursive" in own.text or "calls itself" in own.text or "itself" in own.text, own.text

    cls = served.call("find_related", symbol="Conv::Base.convert", relation="callers")
    assert not cls.is_error, cls.text
    assert "(conv/base.rb:3-6)" in cls.text, cls.text
    rows = {i["qualname"]: i for i in cls.data["items"]}
    assert "Conv::Html#convert" not in rows, cls.text  # a bare call in an instance method is the instance method's
    # through the subclass Html, yes; Other's own class method, no
    assert rows["Doc#to_html"]["lines"] == [3], cls.text
    assert rows["Doc#to_html"]["how"] == "receiver", cls.text


def test_ruby_class_method_callers_leave_out_calls_on_an_instance(tmp_path):
    files = {**_FILES, "render.rb": ("module Conv\n  class Base\n    def self.render(t)\n      t\n    end\n\n"
                                     "    def render(t)\n      t\n    end\n  end\nend\n\n"
                                     "def show(t)\n  x = Conv::Base.new\n  x.render(t)\n  Conv::Base.render(t)\nend\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Conv::Base.render", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("show", [16])], a.text
