"""Jinja2 3.1.4 (Python): `Undefined` binds a dozen special methods by chained class-level assignment
(`__eq__ = __ne__ = __bool__ = __hash__ = _fail_with_undefined_error`) and its subclasses override them the same way;
`make_logging_undefined` builds `class LoggingUndefined(base)` on a parameter `base: t.Type[Undefined] = Undefined`;
`Template.make_module`'s docstring mentions ":meth:`new_context`". Before, only the first name of a chained assignment
was indexed (StrictUndefined "overrides __iter__, __eq__"), LoggingUndefined was no subclass, and the docstring line
was listed among the places that name runtime.new_context without calling it."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

RUNTIME = '''\
import typing as t


def _fail(self, *args, **kwargs):
    raise RuntimeError("undefined")


class Undefined:
    __call__ = __getitem__ = _fail
    __lt__ = __le__ = __gt__ = __ge__ = _fail

    def __eq__(self, other):
        return type(self) is type(other)

    def __iter__(self):
        yield from ()

    def __str__(self):
        return ""


def make_logging_undefined(logger=None, base: t.Type[Undefined] = Undefined) -> t.Type[Undefined]:
    class LoggingUndefined(base):
        def __str__(self):
            return "logged"

    return LoggingUndefined


class StrictUndefined(Undefined):
    __iter__ = __str__ = Undefined.__lt__
    __eq__ = __getitem__ = Undefined.__lt__


DEFAULT_A = DEFAULT_B = DEFAULT_C = None


def new_context(environment, name):
    return {"environment": environment, "name": name}


def derived(env):
    return new_context(env, "derived")
'''

TEMPLATE = '''\
from .runtime import new_context


class Template:
    def make_module(self, vars=None):
        """Works like :attr:`module`; the arguments are the same as for the
        :meth:`new_context` method.
        """
        # new_context is the module's function, as in runtime
        return new_context(self, vars)

    def hooks(self):
        return [new_context, "new_context"]
'''


def test_every_name_of_a_chained_assignment_is_a_member_and_an_override(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/runtime.py": RUNTIME, "pkg/template.py": TEMPLATE})
    found = served.call("search_symbol", query="__gt__, __getitem__, DEFAULT_C")
    assert "Undefined.__gt__" in found.text and "Undefined.__getitem__" in found.text, found.text
    assert "StrictUndefined.__getitem__" in found.text and "DEFAULT_C" in found.text, found.text
    r = served.call("find_related", symbol="Undefined", relation="implementations")
    row = next(line for line in r.text.splitlines() if "class StrictUndefined" in line)
    # __iter__, __str__ and __eq__ are all three of Undefined's methods; __getitem__ the second name of a line
    assert "overrides all 3 of Undefined's methods (__iter__ 31 (a field), __str__ 31 (a field), __eq__ 32 (a field)), also __getitem__" in row, row


def test_a_class_built_on_a_parameter_typed_or_defaulting_to_the_base_is_a_subclass(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/runtime.py": RUNTIME})
    r = served.call("find_related", symbol="Undefined", relation="implementations")
    row = next((line for line in r.text.splitlines() if "LoggingUndefined" in line), "")
    assert "the parameter base of make_logging_undefined" in row, r.text
    assert "overrides __str__" in row, row


def test_a_docstring_or_comment_mention_is_no_use_of_a_function_as_a_value(tmp_path):
    served = served_tree(tmp_path / "r", {"pkg/runtime.py": RUNTIME, "pkg/template.py": TEMPLATE})
    r = served.call("find_related", symbol="new_context", path="pkg/runtime.py", relation="callers")
    calls = {("pkg/runtime.py", RUNTIME.splitlines().index('    return new_context(env, "derived")') + 1),
             ("pkg/template.py", TEMPLATE.splitlines().index("        return new_context(self, vars)") + 1)}
    assert {(i["path"], n) for i in r.data["items"] for n in i["lines"]} == calls, r.text
    assert "pkg/template.py:13" in r.text, r.text  # `[new_context, ...]`: passed as a value
    assert "pkg/template.py:7" not in r.text and "pkg/template.py:9" not in r.text, r.text


PARSER = '''\
class Parser:
    def fail(self, msg, lineno=None):
        raise SyntaxError(msg, lineno)

    def _fail_ut_eof(self, name):
        self.fail("unexpected end")  # fail loudly

''' + "".join(f'''    def parse_{i}(self):
        self.fail("bad {i}")

''' for i in range(8))

COMPILER = '''\
class CodeGenerator:
    def fail(self, msg, lineno):
        """Fail with an assertion error."""
        raise AssertionError(msg, lineno)

    def visit(self, node):
        self.fail("no", node.lineno)
'''


def test_a_text_search_for_a_function_name_names_the_one_call_that_lists_its_callers(tmp_path):
    # the Jinja A/B agent searched `fail` (75 hits) and fetched all 2,582 tokens for Parser.fail's 21 calls
    served = served_tree(tmp_path / "r", {"pkg/parser.py": PARSER, "pkg/compiler.py": COMPILER})
    r = served.call("search_text", pattern="fail")
    last = r.text.splitlines()[-1]
    assert last.startswith("['fail' names 2 definitions: method "), last
    assert "Parser.fail (pkg/parser.py:2)" in last and "CodeGenerator.fail (pkg/compiler.py:2)" in last, last
    assert 'find_related(symbol="' in last and 'relation="callers")' in last, last
    few = served.call("search_text", pattern="fail", path="pkg/compiler.py")  # a few hits: read them, no hint
    assert "names 2 definitions" not in few.text, few.text


LOADERS = '''\
class BaseLoader:
    def load(self, environment, name):
        return self.get_source(environment, name)

    def get_source(self, environment, name):
        raise LookupError(name)


class FileSystemLoader(BaseLoader):
    def get_source(self, environment, name):
        return open(name).read()


class PrefixLoader(BaseLoader):
    def load(self, environment, name):
        return environment.loader.load(environment, name)


class Environment:
    loader: BaseLoader

    def __init__(self, loader: BaseLoader):
        self.loader = loader

    def _load_template(self, name):
        return self.loader.load(self, name)

    def list_templates(self):
        return self.unique_helper()

    def unique_helper(self):
        return []
'''


def test_a_callee_that_subclasses_override_names_the_overrides_a_call_may_run(tmp_path):
    # the Jinja A/B question on `self.loader.load(..)`: BaseLoader.load, or PrefixLoader's own
    served = served_tree(tmp_path / "r", {"pkg/loaders.py": LOADERS})
    r = served.call("find_related", symbol="Environment._load_template", relation="callees")
    row = next((line for line in r.text.splitlines() if "BaseLoader.load" in line), "")
    assert "(overridden in PrefixLoader.load pkg/loaders.py:15)" in row, r.text
    plain = served.call("find_related", symbol="Environment.list_templates", relation="callees")
    assert "overridden" not in plain.text, plain.text  # a method no other class defines


def test_the_text_search_hint_names_every_definition_of_the_name_and_the_path_that_tells_namesakes_apart(tmp_path):
    # TanStack run 343: "'isServer' names 1 definition: function isServer" beside the `const isServer` of utils.ts
    served = served_tree(tmp_path / "r", {
        "src/env.ts": "import { isServer as dflt } from './utils'\n\nexport const isServer = (): boolean => dflt\n",
        "src/utils.ts": "export const isServer = typeof window === 'undefined'\n",
        "src/a.ts": "import { isServer } from './env'\n\n" + "".join(f"export function f{i}() {{ return isServer() }}\n"
                                                                     for i in range(9)),
    })
    r = served.call("search_text", pattern="isServer")
    last = r.text.splitlines()[-1]
    assert last.startswith("['isServer' names 2 definitions: "), r.text
    assert "(src/env.ts:3)" in last and "isServer (src/utils.ts:1)" in last, last
    assert 'relation="callers", path="src/env.ts")]' in last, last
    c = served.call("find_related", symbol="isServer", relation="callers", path="src/env.ts")
    assert not c.is_error and "9 calling definitions" in c.text.splitlines()[0], c.text


def test_a_python_outline_names_the_decorators_the_signature_does_not_show(tmp_path):
    # Jinja2 run 359: filters.py's `@pass_context`, runtime.py's `@internalcode` were in no outline row (the rows'
    # ranges start at them); the agent read 13 ranges for them
    served = served_tree(tmp_path / "r", {
        "pkg/filters.py": ("def pass_context(f):\n    return f\n\n\n@pass_context\ndef do_map(context, value):\n"
                           "    return value\n\n\n@property\ndef plain():\n    return 1\n\n\ndef bare():\n    return 2\n"),
    })
    a = served.call("get_structured_index", path="pkg/filters.py")
    assert not a.is_error, a.text
    row = next(ln for ln in a.text.splitlines() if "do_map" in ln)
    assert row.endswith("[@pass_context]"), a.text
    assert not any(ln.endswith("]") for ln in a.text.splitlines() if "plain" in ln or "bare" in ln), a.text
