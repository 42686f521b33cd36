"""Callers of a method that subclasses override, calling it on this/self: on an instance of such a subclass the
override runs (TanStack run 343: QueryObserver's constructor calls `this.setOptions(options)`, which in an
InfiniteQueryObserver runs InfiniteQueryObserver.setOptions; the answer listed it as a plain caller)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

TS = {
    "src/queryObserver.ts": "export class QueryObserver {\n  constructor(options: object) {\n    this.setOptions(options)\n  }\n\n"
                            "  setOptions(options: object): void {\n    this.options = options\n  }\n\n"
                            "  options: object = {}\n}\n",
    "src/infiniteQueryObserver.ts": "import { QueryObserver } from './queryObserver'\n\n"
                                    "export class InfiniteQueryObserver extends QueryObserver {\n"
                                    "  setOptions(options: object): void {\n    super.setOptions(options)\n  }\n}\n",
    "src/use.ts": "import { QueryObserver } from './queryObserver'\n\n"
                  "export function build(o: QueryObserver): void {\n  o.setOptions({})\n}\n",
}


def test_a_call_on_this_of_an_overridden_method_says_the_override_runs_on_a_subclass_instance(tmp_path):
    served = served_tree(tmp_path / "ts", TS)
    a = served.call("find_related", symbol="QueryObserver.setOptions", relation="callers")
    assert not a.is_error, a.text
    assert ("called on this/self at src/queryObserver.ts:3: on an instance of InfiniteQueryObserver, which overrides "
            "setOptions, that override runs instead") in a.text, a.text
    assert "src/use.ts:4" in a.text and "src/use.ts:4:" not in a.text.split("called on this/self", 1)[1].split("]")[0], a.text


def test_no_such_note_when_no_subclass_overrides_it(tmp_path):
    files = {**TS, "src/infiniteQueryObserver.ts": "import { QueryObserver } from './queryObserver'\n\n"
                                                   "export class InfiniteQueryObserver extends QueryObserver {\n"
                                                   "  fetchMore(): void {\n    this.setOptions({})\n  }\n}\n"}
    a = served_tree(tmp_path / "ts", files).call("find_related", symbol="QueryObserver.setOptions", relation="callers")
    assert not a.is_error and "this/self" not in a.text, a.text


def test_python_self_calls_in_a_base_class(tmp_path):
    served = served_tree(tmp_path / "py", {
        "pkg/base.py": "class Command:\n    def main(self):\n        return self.invoke()\n\n"
                       "    def invoke(self):\n        return 1\n\n\nclass Group(Command):\n"
                       "    def invoke(self):\n        return super().invoke()\n",
    })
    a = served.call("find_related", symbol="Command.invoke", relation="callers")
    assert "called on this/self at pkg/base.py:3: on an instance of Group, which overrides invoke" in a.text, a.text


def test_no_note_for_a_site_in_a_class_that_overrides_it_nor_for_an_abstract_method(tmp_path):
    # review of c9d3206: DateField.get_db_prep_value's `self.get_prep_value(v)` runs DateField's own override; an
    # abstract method's callers always reach an implementation
    served = served_tree(tmp_path / "py", {
        "pkg/fields.py": "import abc\n\n\nclass Field:\n    def get_prep_value(self, v):\n        return v\n\n\n"
                         "class DateField(Field):\n    def get_prep_value(self, v):\n        return str(v)\n\n"
                         "    def get_db_prep_value(self, v):\n        return self.get_prep_value(v)\n\n\n"
                         "class Output(abc.ABC):\n    @abc.abstractmethod\n    def do_write(self, m):\n        ...\n\n"
                         "    def write(self, m):\n        self.do_write(m)\n\n\n"
                         "class Stream(Output):\n    def do_write(self, m):\n        print(m)\n",
    })
    a = served.call("find_related", symbol="Field.get_prep_value", relation="callers")
    assert "this/self" not in a.text, a.text
    b = served.call("find_related", symbol="Output.do_write", relation="callers")
    assert not b.is_error and "this/self" not in b.text, b.text


def test_a_java_bare_call_in_its_own_class_is_a_call_on_this(tmp_path):
    served = served_tree(tmp_path / "j", {
        "src/main/java/a/Node.java": "package a;\n\npublic class Node {\n    public String name() {\n        return \"n\";\n    }\n\n"
                                     "    public String describe() {\n        return name() + \"!\";\n    }\n}\n",
        "src/main/java/a/Element.java": "package a;\n\npublic class Element extends Node {\n    @Override\n"
                                        "    public String name() {\n        return \"e\";\n    }\n}\n",
    })
    a = served.call("find_related", symbol="Node.name", relation="callers")
    assert ("called on this/self at src/main/java/a/Node.java:9: on an instance of Element, which overrides name"
            in a.text), a.text


def test_classes_sharing_a_name_are_told_apart_by_file_and_by_the_base_their_subclasses_import(tmp_path):
    # review of stop 51: forms Field.to_python's note named the model Field.clean's call and ArrayField (a model
    # Field's subclass, through `from django.db.models import Field`, a package passing it on)
    served = served_tree(tmp_path / "py", {
        "pkg/__init__.py": "",
        "pkg/forms/__init__.py": "",
        "pkg/forms/fields.py": ("class Field:\n    def to_python(self, v):\n        return v\n\n"
                                "    def clean(self, v):\n        return self.to_python(v)\n\n\n"
                                "class UsernameField(Field):\n    def to_python(self, v):\n        return str(v)\n"),
        "pkg/db/__init__.py": "from pkg.db.fields import Field\n",
        "pkg/db/fields.py": ("class Field:\n    def to_python(self, v):\n        return v\n\n"
                             "    def clean(self, v):\n        return self.to_python(v)\n"),
        "pkg/arr.py": ("from pkg.db import Field\n\n\nclass ArrayField(Field):\n    def to_python(self, v):\n"
                       "        return list(v)\n"),
    })
    a = served.call("find_related", symbol="Field.to_python", relation="callers", path="pkg/forms/fields.py")
    assert not a.is_error, a.text
    note = a.text.split("called on this/self", 1)[1].split("]")[0]
    assert "pkg/forms/fields.py:6" in note and "pkg/db/fields.py" not in note, a.text
    assert "UsernameField" in note and "ArrayField" not in note, a.text
    b = served.call("find_related", symbol="ArrayField", relation="supertypes")
    assert "pkg/db/fields.py:1-" in b.text and "pkg/forms/fields.py" not in b.text, b.text


def test_no_note_for_a_cpp_pure_virtual(tmp_path):
    # review of stop 51: spdlog's `virtual void sink_it_(const log_msg &msg) = 0;` got the note
    served = served_tree(tmp_path / "cpp", {
        "sink.h": ("class base_sink {\npublic:\n    void log(int m) { sink_it_(m); }\nprotected:\n"
                   "    virtual void sink_it_(int m) = 0;\n};\n\nclass file_sink : public base_sink {\nprotected:\n"
                   "    void sink_it_(int m) override { (void)m; }\n};\n"),
    })
    a = served.call("find_related", symbol="base_sink.sink_it_", relation="callers")
    assert not a.is_error and "sink.h:3" in a.text, a.text
    assert "called on this/self" not in a.text, a.text


def test_a_qualified_call_of_a_subclass_s_own_method_is_no_call_of_the_base_s(tmp_path):
    # review of stop 51: dup_filter_sink's `dist_sink<Mutex>::sink_it_(msg)` was a caller of base_sink's pure virtual
    served = served_tree(tmp_path / "cpp", {
        "base_sink.h": ("class base_sink {\npublic:\n    void log(int m) { sink_it_(m); }\nprotected:\n"
                        "    virtual void sink_it_(int m) = 0;\n};\n"),
        "dist_sink.h": ("#include \"base_sink.h\"\n\ntemplate<typename Mutex>\nclass dist_sink : public base_sink {\n"
                        "protected:\n    void sink_it_(int m) override { (void)m; }\n};\n"),
        "dup_filter_sink.h": ("#include \"dist_sink.h\"\n\ntemplate<typename Mutex>\n"
                              "class dup_filter_sink : public dist_sink<Mutex> {\nprotected:\n"
                              "    void sink_it_(int m) override {\n        dist_sink<Mutex>::sink_it_(m);\n    }\n};\n"),
    })
    a = served.call("find_related", symbol="base_sink.sink_it_", relation="callers")
    assert [(i["path"], i["lines"]) for i in a.data["items"]] == [("base_sink.h", [3])], a.text
    b = served.call("find_related", symbol="dist_sink.sink_it_", relation="callers")
    assert any(i["path"] == "dup_filter_sink.h" and i["lines"] == [7] for i in b.data["items"]), b.text


def test_a_base_passed_on_through_two_packages_is_the_one_on_the_passing_lines(tmp_path):
    # review of the stop-52 diff: pkg/__init__.py passes Field on from pkg.fields (itself passing it on from
    # pkg.fields.base) and imports pkg.forms, which defines another Field: that one had been taken "by import"
    served = served_tree(tmp_path / "py", {
        "pkg/__init__.py": "from pkg.fields import Field\nfrom pkg.forms import Form\n",
        "pkg/fields/__init__.py": "from pkg.fields.base import Field\n",
        "pkg/fields/base.py": "class Field:\n    def clean(self):\n        pass\n",
        "pkg/forms.py": "class Form:\n    pass\n\n\nclass Field:\n    def clean(self):\n        pass\n",
        "app/__init__.py": "",
        "app/models.py": "from pkg import Field\n\n\nclass ArrayField(Field):\n    def clean(self):\n        pass\n",
    })
    b = served.call("find_related", symbol="ArrayField", relation="supertypes")
    assert "pkg/fields/base.py:1-3 class Field" in b.text and "pkg/forms.py" not in b.text, b.text


def test_a_csharp_partial_class_is_one_class_for_the_note(tmp_path):
    # review of the stop-52 diff: the two halves of a partial class had counted as two classes sharing the name, and
    # the call on `this` in the other half was dropped from the note
    served = served_tree(tmp_path / "cs", {
        "src/Widget.cs": "namespace App\n{\n    public partial class Widget\n    {\n        public virtual void Render() { }\n    }\n}\n",
        "src/Widget.Draw.cs": ("namespace App\n{\n    public partial class Widget\n    {\n        public void Draw()\n"
                               "        {\n            this.Render();\n        }\n    }\n}\n"),
        "src/Button.cs": ("namespace App\n{\n    public class Button : Widget\n    {\n"
                          "        public override void Render() { }\n    }\n}\n"),
    })
    a = served.call("find_related", symbol="Widget.Render", relation="callers").text
    assert "[called on this/self at src/Widget.Draw.cs:7: on an instance of Button" in a, a


def test_a_python_call_on_an_element_stays_unresolved_beside_typed_receivers(tmp_path):
    # (`c[0].add(3)` beside `a.add(1)` on an A had been listed as A.add's line)
    served = served_tree(tmp_path / "py", {"pkg/__init__.py": "", "pkg/m.py": (
        "class A:\n    def add(self, x):\n        pass\n\n\nclass B:\n    def add(self, x):\n        pass\n\n\n"
        "def run(a: A, b: B, c):\n    a.add(1)\n    b.add(2)\n    c[0].add(3)\n")})
    text = served.call("find_related", symbol="run", relation="callees").text
    assert "A.add 2-3 called at 12\n" in text and "B.add 7-8 called at 13" in text and "c[].add" in text, text
