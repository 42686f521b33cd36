"""kingpin v2 (Go): a method named like a type (`Application.ParseContext` beside `type ParseContext`). Before, the
example programs' `func (n *NetcatCommand) run(c *kingpin.ParseContext) error` were name-only callers of the method:
a package-qualified type is no selector on a value."""

from __future__ import annotations

from tests.navigation.conftest import served_tree

APP = """\
package kingpin

type ParseContext struct {
	args []string
}

type Application struct{}

func (a *Application) ParseContext(args []string) (*ParseContext, error) {
	return &ParseContext{args: args}, nil
}

func (a *Application) Parse(args []string) error {
	_, err := a.ParseContext(args)
	return err
}
"""

EXAMPLE = """\
package main

import "gopkg.in/alecthomas/kingpin.v2"

type NetcatCommand struct{}

func (n *NetcatCommand) run(c *kingpin.ParseContext) error {
	return nil
}

func main() {
	app := kingpin.New("x", "y")
	app.ParseContext(nil)
}
"""


def test_a_package_qualified_type_named_like_a_method_is_no_call_of_it(tmp_path):
    files = {"go.mod": "module gopkg.in/alecthomas/kingpin.v2\n\ngo 1.20\n", "app.go": APP,
             "_examples/completion/main.go": EXAMPLE}
    r = served_tree(tmp_path / "r", files).call("find_related", symbol="Application.ParseContext", relation="callers")
    got = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
    assert ("app.go", 14) in got, r.text
    assert ("_examples/completion/main.go", 7) not in got and "NetcatCommand.run" not in r.text, r.text
    assert ("_examples/completion/main.go", 13) in got or "main.go:13" in r.text, r.text  # `app.ParseContext(nil)`


VALUES = """\
package kingpin

import "net/url"

type urlValue struct {
	u **url.URL
}

func (u *urlValue) Set(value string) error {
	if url, err := url.Parse(value); err != nil {
		return err
	} else {
		*u.u = url
	}
	return nil
}

func (u *urlValue) String() string {
	for _, url := range []*url.URL{*u.u} {
		return url.String()
	}
	return ""
}
"""


def test_a_local_named_like_a_package_binds_after_its_own_declaration(tmp_path):
    # kingpin run 274: `if url, err := url.Parse(value)` reads the package on its right; the uses view had left
    # values.go's two url.Parse calls out
    r = served_tree(tmp_path / "r", {"go.mod": "module gopkg.in/alecthomas/kingpin.v2\n\ngo 1.20\n", "values.go": VALUES}
                    ).call("list_dependencies", path="values.go", view="uses")
    row = next(line for line in r.text.splitlines() if "net/url" in line)
    assert "url.Parse at 10" in row, row
    assert "url.String" not in row, row  # the range variable's method


MIXINS = """\
package kingpin

type flagGroup struct{}

func (f *flagGroup) init(prefix string) error { return nil }

type cmdMixin struct {
	*flagGroup
}

type CmdClause struct {
	cmdMixin
	name string
}

func (c *CmdClause) init() error {
	return c.flagGroup.init("")
}

type Application struct {
	cmdMixin
}

func (a *Application) init() error {
	return a.flagGroup.init("x")
}

func (a *Application) Parse() error {
	return a.init()
}
"""


def test_a_field_two_embeddings_down_types_its_calls(tmp_path):
    # kingpin run 274: `c.flagGroup.init(..)` (CmdClause embeds cmdMixin, which embeds *flagGroup) was a name-only
    # caller of Application.init
    served = served_tree(tmp_path / "r", {"go.mod": "module gopkg.in/alecthomas/kingpin.v2\n\ngo 1.20\n", "app.go": MIXINS})
    r = served.call("find_related", symbol="Application.init", relation="callers")
    got = {(i["path"], n) for i in r.data["items"] for n in i["lines"]}
    assert got == {("app.go", 29)} and "name only" not in r.text, r.text
    f = served.call("find_related", symbol="flagGroup.init", relation="callers")
    assert {(i["path"], n) for i in f.data["items"] for n in i["lines"]} == {("app.go", 17), ("app.go", 25)}, f.text


RANGES = """\
package kingpin

type FlagClause struct{ name string }

func (f *FlagClause) setDefault() error { return nil }

type ArgClause struct{ name string }

func (a *ArgClause) setDefault() error { return nil }

type flagGroup struct {
	long map[string]*FlagClause
}

type argGroup struct {
	args []*ArgClause
}

type ParseContext struct {
	flags     *flagGroup
	arguments *argGroup
}

func setDefaults(context *ParseContext) error {
	for _, flag := range context.flags.long {
		if err := flag.setDefault(); err != nil {
			return err
		}
	}
	for _, arg := range context.arguments.args {
		if err := arg.setDefault(); err != nil {
			return err
		}
	}
	return nil
}
"""


def test_a_range_over_a_chain_of_fields_types_its_element(tmp_path):
    # kingpin run 280: `for _, flag := range context.flags.long` then `flag.setDefault()`, and the args' loop below,
    # were both name-only callers of each setDefault
    served = served_tree(tmp_path / "r", {"go.mod": "module gopkg.in/alecthomas/kingpin.v2\n\ngo 1.20\n", "app.go": RANGES})
    f = served.call("find_related", symbol="FlagClause.setDefault", relation="callers")
    assert {(i["path"], n) for i in f.data["items"] for n in i["lines"]} == {("app.go", 26)}, f.text
    a = served.call("find_related", symbol="ArgClause.setDefault", relation="callers")
    assert {(i["path"], n) for i in a.data["items"] for n in i["lines"]} == {("app.go", 31)}, a.text


def test_callers_outside_tests_come_before_a_page_of_test_callers(tmp_path):
    # kingpin run 280: global.go's call of Application.Parse was on page 3 of 78, after 60 test callers by path
    tests = "package kingpin\n\nimport \"testing\"\n\n" + "".join(
        f"func TestP{i}(t *testing.T) {{\n\tapp := &Application{{}}\n\tapp.Parse(nil)\n}}\n\n" for i in range(40))
    files = {"go.mod": "module gopkg.in/alecthomas/kingpin.v2\n\ngo 1.20\n",
             "app.go": "package kingpin\n\ntype Application struct{}\n\nfunc (a *Application) Parse(args []string) error { return nil }\n",
             "app_test.go": tests,
             "global.go": "package kingpin\n\nvar CommandLine = &Application{}\n\nfunc Parse() {\n\tCommandLine.Parse(nil)\n}\n"}
    r = served_tree(tmp_path / "r", files).call("find_related", symbol="Application.Parse", relation="callers", limit=10)
    assert "global.go:6 in Parse" in r.text, r.text
