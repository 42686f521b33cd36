"""What the pydantic (Python) A/B run 89 met: `self.model_type_stack.push(obj)` with `self.model_type_stack =
_ModelTypeStack()` in __init__ had been counted as a call of ConfigWrapperStack.push (a private class's name, with
its leading underscore, was not read as the attribute's type, and the attribute's name ends like the class's)."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

_FILES = {
    "pkg/__init__.py": "",
    "pkg/config.py": ("class ConfigWrapperStack:\n    def __init__(self, c):\n        self._stack = [c]\n\n"
                      "    def push(self, c):\n        self._stack.append(c)\n"),
    "pkg/gen.py": ("from pkg.config import ConfigWrapperStack\nfrom pkg import config as _config\n\n\n"
                   "class Gen:\n    def __init__(self, c):\n        self._config_wrapper_stack = ConfigWrapperStack(c)\n"
                   "        self.model_type_stack = _ModelTypeStack()\n        self.other_stack = _config.ConfigWrapperStack(c)\n\n"
                   "    def model(self, c, obj):\n        with self._config_wrapper_stack.push(c):\n"
                   "            with self.model_type_stack.push(obj):\n                self.other_stack.push(c)\n\n\n"
                   "class _ModelTypeStack:\n    def push(self, t):\n        pass\n"),
}


def test_python_attribute_built_from_a_private_class_is_typed_by_it(tmp_path):
    a = served_tree(tmp_path / "r", _FILES).call("find_related", symbol="ConfigWrapperStack.push", relation="callers")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("Gen.model", [12, 14])], a.text
    assert "gen.py:13" in a.text, a.text  # left out, and said so


def test_python_call_through_another_class_is_not_a_call_of_the_method(tmp_path):
    files = {"deco.py": ("class Decorator:\n    @classmethod\n    def build(cls, f):\n        return cls()\n\n\n"
                         "class Infos:\n    @staticmethod\n    def build(model):\n        return Decorator.build(model)\n\n\n"
                         "class Sub(Decorator):\n    pass\n"),
             "use.py": ("from deco import Infos, Sub\n\n\ndef make(m):\n    a = Infos.build(m)\n    b = Sub.build(m)\n"
                        "    return a, b\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="Decorator.build", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["lines"] for i in a.data["items"]}
    assert rows == {"Infos.build": [10], "make": [6]}, a.text  # Infos.build(m) is Infos's; Sub.build is Decorator's


_PKG = {
    "pkg/__init__.py": "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .errors import *\n",
    "pkg/errors.py": "class UserError(Exception):\n    pass\n",
    "pkg/_internal/__init__.py": "",
    "pkg/_internal/_repr.py": ("import typing\n\nif typing.TYPE_CHECKING:\n    ReprArgs: typing.TypeAlias = list\n"
                               "else:\n    ReprArgs = None\n\n\nclass Representation:\n    pass\n"),
    "pkg/_internal/_build.py": "class Meta(type):\n    pass\n",
    "pkg/root.py": ("from . import UserError\nfrom ._internal import _build, _repr\n\n\nclass Root(metaclass=_build.Meta):\n"
                    "    def args(self) -> _repr.ReprArgs:\n        raise UserError('x')\n"),
}


def test_python_uses_view_reads_submodules_through_their_members_and_follows_reexports(tmp_path):
    a = served_tree(tmp_path / "r", _PKG).call("list_dependencies", path="pkg/root.py", view="uses")
    assert not a.is_error, a.text
    by_line = {u["line"]: {n["name"]: n for n in u["names"]} for u in a.data["uses"]}
    assert by_line[1]["UserError"]["defined"] == "pkg/errors.py:1", a.text  # through __init__'s `from .errors import *`
    assert set(by_line[2]) == {"_build.Meta", "_repr.ReprArgs"}, a.text
    assert by_line[2]["_build.Meta"] == {"name": "_build.Meta", "lines": [5], "more": 0, "defined": "pkg/_internal/_build.py:1"}, a.text
    # the runtime `else:` one before the `if TYPE_CHECKING:` one (line 4)
    assert by_line[2]["_repr.ReprArgs"]["defined"] == "pkg/_internal/_repr.py:6", a.text


def test_python_module_level_names_under_if_and_try_are_definitions(tmp_path):
    files = {"m.py": ("try:\n    import fast\n    SPEED = 2\nexcept ImportError:\n    SPEED = 1\n\n"
                      "if SPEED > 1:\n    MODE = 'fast'\nelif SPEED:\n    MODE = 'slow'\nelse:\n    MODE = None\n\n\n"
                      "def f():\n    if True:\n        local = 1\n    return local\n")}
    a = served_tree(tmp_path / "r", files).call("search_symbol", query="SPEED, MODE, local")
    assert not a.is_error, a.text
    rows = sorted((d["qualname"], d["start_line"]) for d in a.data["definitions"])
    assert rows == [("MODE", 8), ("MODE", 10), ("MODE", 12), ("SPEED", 3), ("SPEED", 5)], a.text


_CTOR = {
    "cfg.py": ("class Config:\n    def __init__(self, d, *, check=True):\n        self.d = d\n\n    @classmethod\n"
               "    def for_model(cls, bases):\n        return cls(dict(bases))\n\n\n"
               "class Strict(Config):\n    def __init__(self, d):\n        super().__init__(d, check=True)\n\n\n"
               "def build_effective(d):\n    return d\n"),
    "use.py": ("from cfg import Config\n\n\ndef make(d) -> Config:\n    c: Config = Config(d, check=False)\n"
               "    return c\n\n\ndef keep(c: Config, items: list[Config]) -> None:\n    pass\n"),
}


def test_python_init_callers_are_the_constructions_not_the_annotations(tmp_path):
    served = served_tree(tmp_path / "r", _CTOR)
    a = served.call("find_related", symbol="Config.__init__", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["lines"] for i in a.data["items"]}
    # `Config(d, ..)`, `cls(..)` in its classmethod, a subclass's `super().__init__(..)`; never `c: Config`
    assert rows == {"make": [5], "Config.for_model": [7], "Strict.__init__": [12]}, a.text
    cls = served.call("find_related", symbol="Config", relation="callers")
    assert not cls.is_error, cls.text
    rows = {i["qualname"]: i["lines"] for i in cls.data["items"]}
    assert rows == {"make": [5], "Config.for_model": [7]}, cls.text  # annotations build nothing


_RUNTIME = {
    "pkg/__init__.py": "",
    "pkg/utils.py": ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n\n    def Lazy(name, get): ...\n\nelse:\n\n"
                     "    class Lazy:\n        def __init__(self, name, get):\n            self.name = name\n"),
    "pkg/main.py": ("class BaseModel:\n    @classmethod\n    def on_complete(cls):\n        pass\n\n\n"
                    "def Field(default=None):\n    return default\n"),
    "pkg/build.py": ("from __future__ import annotations as _annotations\n\nfrom typing import TYPE_CHECKING\n\n"
                     "from pkg.main import BaseModel\nfrom pkg.utils import Lazy\n\nif TYPE_CHECKING:\n"
                     "    from pkg.main import Field\n\n\n"
                     "def complete(cls: type[BaseModel]) -> None:\n    cls.__sig__ = Lazy('sig', None)\n    cls.on_complete()\n\n\n"
                     "def annotated(x: Field) -> None:\n    pass\n"),
}


def test_python_callees_prefer_what_runs_and_read_type_of_a_class(tmp_path):
    a = served_tree(tmp_path / "r", _RUNTIME).call("find_related", symbol="complete", relation="callees")
    assert not a.is_error, a.text
    rows = {(i["qualname"], i["path"], i["start_line"]) for i in a.data["items"]}
    # the runtime class under `else:`, not the `if TYPE_CHECKING:` stub; `cls: type[BaseModel]` is BaseModel's
    assert ("Lazy", "pkg/utils.py", 9) in rows and ("BaseModel.on_complete", "pkg/main.py", 2) in rows, a.text


def test_python_uses_view_marks_type_checking_imports_and_future_aliases(tmp_path):
    a = served_tree(tmp_path / "r", _RUNTIME).call("list_dependencies", path="pkg/build.py", view="uses")
    assert not a.is_error, a.text
    by_line = {u["line"]: u for u in a.data["uses"]}
    assert 1 in by_line and by_line[1]["directive"], a.text  # `from __future__ import annotations as _annotations`
    assert by_line[9].get("type_checking") is True and not by_line[5].get("type_checking"), a.text
    assert "[if TYPE_CHECKING]" in a.text, a.text


def test_file_outline_with_focus_lists_the_focused_class_and_its_members(tmp_path):
    files = {"t.py": ("class _SecretBase:\n    def get(self):\n        return 1\n\n    def _display(self):\n"
                      "        raise NotImplementedError\n\n\nclass Other:\n    def run(self):\n        pass\n\n\n"
                      "def helper():\n    pass\n")}
    served = served_tree(tmp_path / "r", files)
    a = served.call("get_structured_index", path="t.py", focus=["_SecretBase"])
    assert not a.is_error, a.text
    assert [s["qualname"] for s in a.data["symbols"]] == ["_SecretBase", "_SecretBase.get", "_SecretBase._display"], a.text
    assert "focus _SecretBase: 3 of 6 definitions" in a.text, a.text
    miss = served.call("get_structured_index", path="t.py", focus=["Nope"])
    assert not miss.is_error and len(miss.data["symbols"]) == 6 and "names no definition" in miss.text, miss.text


def test_implementations_say_which_methods_each_subclass_overrides_and_follow_imports(tmp_path):
    files = {
        "pkg/__init__.py": "",
        "pkg/types.py": ("class _SecretBase:\n    def __eq__(self, o):\n        return True\n\n    def _display(self):\n"
                         "        raise NotImplementedError\n\n\nclass _SecretField(_SecretBase):\n    def schema(self):\n"
                         "        pass\n\n\nclass SecretStr(_SecretField):\n    def __len__(self):\n        return 0\n\n"
                         "    def _display(self):\n        return '***'\n\n    def schema(self):\n        pass\n"),
        "pkg/v1/__init__.py": "",
        "pkg/v1/types.py": "class _SecretBase:\n    pass\n",
        "pkg/v1/env.py": "from pkg.v1.types import _SecretBase\n\n\nclass Env(_SecretBase):\n    def _display(self):\n        pass\n",
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="_SecretBase", path="pkg/types.py",
                                                relation="implementations")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i.get("overrides", []) for i in a.data["items"]}
    # v1's Env imports v1's namesake: not a subclass of this one
    assert rows == {"_SecretField": [], "SecretStr": ["_display", "schema"]}, a.text
    assert "SecretStr(_SecretField) — overrides _display 18, schema 21" in a.text, a.text


_STACKS = {
    "pkg/__init__.py": "",
    "pkg/stacks.py": ("class ConfigWrapperStack:\n    def push(self, c):\n        pass\n\n\n"
                      "class ModelTypeStack:\n    def push(self, t):\n        pass\n\n\n"
                      "class NsResolver:\n    def push(self, t):\n        pass\n"),
    "pkg/gen.py": ("from pkg.stacks import ConfigWrapperStack, ModelTypeStack, NsResolver\n\n\n"
                   "class Gen:\n    def __init__(self):\n        self.model_type_stack = ModelTypeStack()\n"
                   "        self.ns = NsResolver()\n\n    def run(self, other, c):\n        self.model_type_stack.push(c)\n"
                   "        self.ns.push(c)\n        other._config_wrapper_stack.push(c)\n"),
}


def test_references_of_methods_named_alike_say_which_one_each_calls(tmp_path):
    served = served_tree(tmp_path / "r", _STACKS)
    a = served.call("search_symbol", query="push", references=True)
    assert not a.is_error, a.text
    reach = {r["line"]: r.get("reaches") for r in a.data["references"] if r["path"] == "pkg/gen.py"}
    assert reach == {10: "ModelTypeStack.push", 11: "NsResolver.push", 12: "ConfigWrapperStack.push"}, a.text
    # `other._config_wrapper_stack` ends like ModelTypeStack but is ConfigWrapperStack's whole name
    m = served.call("find_related", symbol="ModelTypeStack.push", relation="callers")
    assert [(i["qualname"], i["lines"]) for i in m.data["items"]] == [("Gen.run", [10])], m.text


def test_python_uses_by_name_leave_out_docstrings(tmp_path):
    files = {"m.py": ('LIMIT = 10\n\n\ndef f(x):\n    """Cut x at LIMIT.\n\n    Example:\n        f(LIMIT)\n    """\n'
                      '    return min(x, LIMIT)\n\n\ndef g():\n    """One line naming LIMIT."""\n    return LIMIT + 1\n')}
    a = served_tree(tmp_path / "r", files).call("search_symbol", query="LIMIT", references=True)
    assert not a.is_error, a.text
    assert sorted(r["line"] for r in a.data["references"]) == [10, 15], a.text


def test_python_callees_name_a_function_passed_as_a_value(tmp_path):
    files = {"sig.py": "def make_signature(init, fields):\n    return (init, fields)\n",
             "build.py": ("from functools import partial\n\nfrom sig import make_signature\n\n\n"
                          "def complete(cls):\n    cls.sig = partial(\n        make_signature,\n        init=cls.__init__,\n    )\n"
                          "    return sorted(cls.items, key=make_signature)\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="complete", relation="callees")
    assert not a.is_error, a.text
    row = next(i for i in a.data["items"] if i["qualname"] == "make_signature")
    assert row["lines"] == [8, 11] and row["detail"].startswith("passed as a value"), a.text
    assert "make_signature sig.py:1-2 passed at 8,11" in a.text, a.text


def test_python_calls_on_an_outside_package_name_are_not_repository_methods(tmp_path):
    files = {"deco.py": "class Decorator:\n    @staticmethod\n    def build(f):\n        return f\n",
             "urls.py": ("from functools import partial\n\nfrom ext_core import Url as _CoreUrl, SchemaSerializer\n\n\n"
                         "class BaseUrl:\n    @classmethod\n    def make(cls, s):\n        x = partial(str, s)\n"
                         "        SchemaSerializer(x)\n        return cls(_CoreUrl.build(scheme=s))\n")}
    served = served_tree(tmp_path / "r", files)
    a = served.call("find_related", symbol="Decorator.build", relation="callers")
    assert not a.is_error, a.text
    assert a.data["items"] == [] and "_CoreUrl" in a.text, a.text  # left out, and said so
    c = served.call("find_related", symbol="BaseUrl.make", relation="callees")
    assert not c.is_error, c.text
    assert "partial (functools)" in c.text and "SchemaSerializer (ext_core)" in c.text, c.text


def test_python_callees_list_metaclass_properties_and_getattr_reads_off_typed_parameters(tmp_path):
    files = {
        "meta.py": ("class ModelMeta(type):\n    @property\n    def fields_complete(cls):\n        return True\n\n\n"
                    "class BaseModel(metaclass=ModelMeta):\n    pass\n"),
        "cfg.py": ("class ConfigWrapper:\n    __slots__ = ('config_dict',)\n\n    config_dict: dict\n"
                   "    plugin_settings: dict | None\n\n    def __getattr__(self, name):\n        return self.config_dict[name]\n"),
        "build.py": ("from meta import BaseModel\nfrom cfg import ConfigWrapper\n\n\n"
                     "def complete(cls: type[BaseModel], config_wrapper: ConfigWrapper) -> bool:\n"
                     "    if not cls.fields_complete:\n        return False\n    x = config_wrapper.plugin_settings\n"
                     "    y = config_wrapper.config_dict\n    return cls.fields_complete and config_wrapper.extra\n"),
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="complete", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"]: (i["lines"], i.get("detail")) for i in a.data["items"]}
    assert rows["ModelMeta.fields_complete"] == ([6, 10], "property read"), a.text
    # `config_dict` is a slot, a real attribute; the others go through __getattr__
    assert rows["ConfigWrapper.__getattr__"] == ([8, 10], "attribute read: plugin_settings, extra"), a.text


def test_python_a_triple_quote_inside_a_string_or_comment_hides_no_uses(tmp_path):
    files = {"m.py": ("LIMIT = 10\nTRIPLE = '\"\"\"'\n\n\ndef f(x):\n    return LIMIT + x  # a \"\"\" here\n\n\n"
                      "def g():\n    return LIMIT\n")}
    a = served_tree(tmp_path / "r", files).call("search_symbol", query="LIMIT", references=True)
    assert not a.is_error, a.text
    assert sorted(r["line"] for r in a.data["references"]) == [6, 10], a.text


def test_python_super_init_runs_the_nearest_base_that_defines_init(tmp_path):
    files = {"a.py": ("class A:\n    def __init__(self, x):\n        self.x = x\n\n\nclass B(A):\n    def __init__(self, x):\n"
                      "        super().__init__(x)\n\n\nclass C(B):\n    def __init__(self, x):\n        super().__init__(x)\n\n\n"
                      "class D(A):\n    pass\n\n\nclass E(D):\n    def __init__(self):\n        super().__init__(1)\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="A.__init__", relation="callers")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i["lines"] for i in a.data["items"]}
    assert rows == {"B.__init__": [8], "E.__init__": [22]}, a.text  # C's runs B.__init__; E's through D runs A's


def test_python_getattr_is_not_claimed_for_attributes_that_exist(tmp_path):
    files = {"cfg.py": ("class Base:\n    def shared(self):\n        return 1\n\n\nclass Cfg(Base):\n    title: str\n\n"
                        "    def __init__(self):\n        self.title = 'x'\n\n    def __getattr__(self, name):\n        return None\n"),
             "use.py": ("from cfg import Cfg\n\n\ndef use(c: Cfg):\n    return c.title, c.__dict__, c.shared, c.missing\n")}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="use", relation="callees")
    assert not a.is_error, a.text
    rows = {i["qualname"]: i.get("detail") for i in a.data["items"]}
    assert rows.get("Cfg.__getattr__") == "attribute read: missing", a.text


def test_python_init_callers_include_constructions_of_subclasses_that_inherit_it(tmp_path):
    files = {"a.py": ("class A:\n    def __init__(self, x):\n        self.x = x\n\n\nclass D(A):\n    pass\n\n\n"
                      "class F(D):\n    pass\n\n\nclass G(A):\n    def __init__(self):\n        self.y = 1\n"),
             "use.py": "from a import A, D, F, G\n\n\ndef make():\n    a = A(1)\n    d = D(2)\n    f = F(3)\n    g = G()\n"}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="A.__init__", relation="callers")
    assert not a.is_error, a.text
    # D and F inherit A's __init__; G defines its own
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("make", [5, 6, 7])], a.text


def test_python_attribute_reads_off_a_parameter_past_a_cut_header(tmp_path):
    params = ", ".join(f"option_number_{i}: int = {i}" for i in range(12))
    files = {"cfg.py": ("class Cfg:\n    @property\n    def ready(self):\n        return True\n"),
             "use.py": f"from cfg import Cfg\n\n\ndef use({params}, cfg: Cfg = None) -> bool:\n    return cfg.ready\n"}
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="use", relation="callees")
    assert not a.is_error, a.text
    assert [(i["qualname"], i["lines"]) for i in a.data["items"]] == [("Cfg.ready", [5])], a.text


def test_a_call_on_a_constructor_call_over_several_lines_has_its_receiver(tmp_path):
    # Django run 294: `return TimestampSigner(\n key=key, ..\n).unsign_object(s, ..)` in signing.loads was a name-only
    # caller of Signer.unsign_object
    src = ("class Signer:\n    def unsign_object(self, s):\n        return s\n\n\nclass TimestampSigner(Signer):\n    pass\n\n\n"
           "class Other:\n    def unsign_object(self, s):\n        return s\n\n\n"
           "def loads(s, key=None):\n    return TimestampSigner(\n        key=key,\n    ).unsign_object(\n        s,\n    )\n")
    a = served_tree(tmp_path / "r", {"signing.py": src}).call("find_related", symbol="Signer.unsign_object", relation="callers")
    assert not a.is_error, a.text
    assert "signing.py:18 in loads (15-20)" in a.text and "name only" not in a.text, a.text
    b = served_tree(tmp_path / "s", {"signing.py": src}).call("find_related", symbol="Other.unsign_object", relation="callers")
    assert "0 call sites" in b.text or "all by name only" in b.text, b.text  # never a sure caller of Other's


def test_a_deeper_caller_of_a_test_file_caller_names_what_it_calls(tmp_path):
    # testify run 296: a depth-2 row under a caller told on the "in test files" line sat under the row above it,
    # read as that row's caller
    files = {
        "pkg/lib.py": "def f():\n    return 1\n",
        "pkg/app.py": "from pkg.lib import f\n\n\ndef main():\n    return f()\n\n\ndef other():\n    from tests.helpers import helper\n    return helper()\n",
        "tests/helpers.py": "from pkg.lib import f\n\n\ndef helper():\n    return f()\n",
        "tests/test_lib.py": "from pkg.lib import f\n\n\ndef test_one():\n    assert f() == 1\n",
    }
    a = served_tree(tmp_path / "r", files).call("find_related", symbol="f", path="pkg/lib.py", relation="callers", depth=2)
    assert not a.is_error, a.text
    assert "pkg/app.py:10 in other (8-10) (via helper): return helper()" in a.text, a.text
