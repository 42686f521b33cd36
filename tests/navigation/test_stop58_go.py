"""Mends of stop 58 from the pongo2 (Go) A/B run 524, each with what the agent saw before."""
from __future__ import annotations

from tests.navigation.conftest import served_tree

GO_MACRO = {
    "go.mod": "module example.com/tpl\n\ngo 1.21\n",
    "nodes.go": ("package tpl\n\n"
                 "type INode interface {\n\tExecute(ctx *Ctx) error\n}\n\n"
                 "type Ctx struct {\n\tPrivate map[string]any\n}\n\n"
                 "type nodeDocument struct {\n\tNodes []INode\n}\n\n"
                 "func (n *nodeDocument) Execute(ctx *Ctx) error {\n"            # 15
                 "\tfor _, node := range n.Nodes {\n"
                 "\t\tif err := node.Execute(ctx); err != nil {\n"                  # 17
                 "\t\t\treturn err\n\t\t}\n\t}\n\treturn nil\n}\n\n"
                 "func Render(doc *nodeDocument, ctx *Ctx) error {\n"             # 24
                 "\treturn doc.Execute(ctx)\n}\n"),
    "tags_macro.go": ("package tpl\n\n"
                      "type tagMacroNode struct {\n\tname string\n}\n\n"
                      "func (node *tagMacroNode) Execute(ctx *Ctx) error {\n"       # 7
                      "\tctx.Private[node.name] = func(args ...string) string {\n"  # 8
                      "\t\treturn node.call(ctx, args...)\n"                         # 9
                      "\t}\n\treturn nil\n}\n\n"
                      "func (node *tagMacroNode) Run(ctx *Ctx) string {\n"          # 14
                      "\tf := func() string {\n"                                     # 15
                      "\t\treturn node.call(ctx)\n"                                  # 16
                      "\t}\n\treturn f()\n}\n\n"
                      "func (node *tagMacroNode) call(ctx *Ctx, args ...string) string {\n"  # 20
                      "\treturn node.name\n}\n"),
}


def test_go_call_in_a_stored_func_literal_is_not_followed_to_the_enclosing_callers(tmp_path):
    """pongo2 run 524: callers of tagMacroNode.call at depth 2 read `tags_macro.go:20 in tagMacroNode.Execute:
    return node.call(ctx, args...) [in func literal ctx.Private[node.name] 19-21]` and then listed Execute's callers
    (nodeDocument.Execute, ...), while the literal is only stored by Execute and run later through that value."""
    served = served_tree(tmp_path / "r", GO_MACRO)
    got = served.call("find_related", symbol="tagMacroNode.call", relation="callers", depth=2)
    row = next(line for line in got.text.splitlines() if "9 in tagMacroNode.Execute" in line)
    assert "stored in ctx.Private[node.name] at 8" in row and "runs when that value is called" in row, got.text
    assert "Execute's callers not followed" in row, got.text
    assert "nodeDocument.Execute" not in got.text and "nodes.go:17" not in got.text, got.text
    # a literal bound to a local the function then calls runs in place: Run's callers are followed as before
    run = next(line for line in got.text.splitlines() if "16 in tagMacroNode.Run" in line)
    assert "stored" not in run, got.text
    # at depth 1 the row says it too, without the depth-2 clause
    one = served.call("find_related", symbol="tagMacroNode.call", relation="callers")
    row = next(line for line in one.text.splitlines() if "9 in tagMacroNode.Execute" in line)
    assert "stored in ctx.Private[node.name] at 8" in row and "not followed" not in row, one.text


JS_STORED = {
    "package.json": '{"name": "x", "version": "1.0.0"}\n',
    "lib.js": ("function target() { return 1 }\n\n"
               "function register(handlers) {\n"                               # 3
               "  handlers.onTick = () => {\n"                                   # 4
               "    return target()\n"                                           # 5
               "  }\n}\n\n"
               "function main() {\n  register({})\n}\n\n"                         # 9
               "module.exports = { target, register, main }\n"),
}


def test_js_call_in_a_stored_arrow_function_is_not_followed_either(tmp_path):
    """The same in JavaScript: an arrow function assigned to a property runs when that property is called."""
    served = served_tree(tmp_path / "r", JS_STORED)
    got = served.call("find_related", symbol="target", relation="callers", depth=2)
    row = next(line for line in got.text.splitlines() if "lib.js:5" in line)
    assert "stored in handlers.onTick at 4" in row and "register's callers not followed" in row, got.text
    assert "lib.js:10" not in got.text and "in main" not in got.text, got.text


GO_SAME_NAME = {
    "go.mod": "module example.com/tpl\n\ngo 1.21\n",
    "nodes.go": ("package tpl\n\nimport \"example.com/other/lib\"\n\n"
                 "type a struct{}\n\ntype b struct{}\n\n"
                 "func (x *a) Execute() error { return helper() }\n\n"
                 "func (x *b) Execute() error { return helper() }\n\n"
                 "func helper() error { return nil }\n\n"
                 "func Walk() {\n\tt := lib.Load()\n\tt.Execute()\n}\n"),
}


def test_deeper_sites_matching_several_callees_note_says_it_plainly(tmp_path):
    """pongo2 run 524: "the same 3 for each of tagImportNode.Execute, tagMacroNode.Execute" was hard to parse."""
    served = served_tree(tmp_path / "r", GO_SAME_NAME)
    got = served.call("find_related", symbol="helper", relation="callers", depth=2)
    note = got.text.splitlines()[1]
    assert "the same" not in note and "for each of" not in note, got.text
    assert "counted once" in note and "a method named Execute" in note and "a.Execute or b.Execute" in note, got.text


GO_IMPL = {
    "go.mod": "module example.com/ev\n\ngo 1.21\n",
    "ev.go": ("package ev\n\n"
              "type IEvaluator interface {\n\tEvaluate() int\n\tGetPositionToken() int\n}\n\n"
              "type power struct {\n\tx int\n}\n\n"                                # 8
              "func (p *power) Evaluate() int { return p.x }\n\n"                   # 12
              "func (p *power) GetPositionToken() int { return 0 }\n\n"            # 14
              "type resolver struct {\n\ty int\n}\n\n"                             # 16
              "func (r *resolver) GetPositionToken() int { return 1 }\n"),         # 20
    "variable.go": ("package ev\n\n"
                    "func (r *resolver) Evaluate() int { return r.y }\n"),         # 3
}


def test_go_implementations_say_which_file_the_method_lines_are_in(tmp_path):
    """pongo2 run 524: `37-41 struct power: Evaluate 317, Execute 124, ..` did not tell whether the lines were in
    the type's file (Go methods may sit in any file of the package): the agent made an outline call."""
    served = served_tree(tmp_path / "r", GO_IMPL)
    got = served.call("find_related", symbol="IEvaluator", relation="implementations")
    rows = got.text.splitlines()
    res = next(line for line in rows if "struct resolver" in line)
    assert "Evaluate variable.go:3" in res and "GetPositionToken 20" in res, got.text
    assert "methods in their type's file unless written path:line" in got.text, got.text
    # all in the type's file: said once
    only = dict(GO_IMPL, **{"variable.go": "package ev\n", "ev.go": GO_IMPL["ev.go"] + "\nfunc (r *resolver) Evaluate() int { return r.y }\n"})
    got = served_tree(tmp_path / "s", only).call("find_related", symbol="IEvaluator", relation="implementations")
    assert got.text.count("their type's file") == 1, got.text


GO_CONSTS = {
    "go.mod": "module example.com/lex\n\ngo 1.21\n",
    "lexer.go": ("package lex\n\n"
                 "type TokenType int\n\n"
                 "const (\n\tTokenError = iota\n\tTokenHTML\n\n\tTokenSymbol\n)\n\n"   # 5-10
                 "type Kind uint8\n\n"
                 "const (\n\tKindA Kind = iota\n\tKindB\n)\n"),                        # 14-17
}


def test_go_iota_constant_says_its_type(tmp_path):
    """pongo2 run 524: `TokenSymbol (iota = 7 in the const block that starts \\`TokenError = iota\\`)` did not say the
    constant is untyped while `type TokenType int` exists: two more calls to learn it."""
    served = served_tree(tmp_path / "r", GO_CONSTS)
    got = served.call("search_symbol", query="TokenSymbol")
    assert "iota = 2" in got.text and "untyped int" in got.text, got.text
    got = served.call("search_symbol", query="KindB")
    assert "iota = 1" in got.text and "of type Kind" in got.text and "untyped" not in got.text, got.text
