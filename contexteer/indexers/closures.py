"""The anonymous functions around a line: callbacks, closures, lambdas and nested functions the index does not
record as definitions, named by what they are bound to or passed to.

"What is at Compiler.js:892" answered `in method Compiler.emitAssets 841-1240` while the line ran in a callback
passed to `asyncLib.eachLimit` inside `const emitFiles = (err) => {...}`; Penlight's class.lua:30 sat in
`obj.super = function(...)` inside `call_ctor`, which decides when it runs. `chain` names those levels
(innermost first) by parsing the one file on demand."""

from __future__ import annotations

import logging
import re

import tree_sitter as ts

from contexteer.indexers import languages

logger = logging.getLogger(__name__)

# function-like nodes per grammar (a type a grammar lacks is harmless)
_JS = frozenset({"arrow_function", "function_expression", "function", "generator_function",
                 "function_declaration", "generator_function_declaration", "method_definition"})
FUNCTION_NODES: dict[str, frozenset[str]] = {
    "javascript": _JS, "typescript": _JS, "tsx": _JS, "jsx": _JS,
    "python": frozenset({"lambda", "function_definition"}),
    "lua": frozenset({"function_definition", "function_declaration"}),
    "go": frozenset({"func_literal"}),
    "rust": frozenset({"closure_expression", "function_item"}),
    "java": frozenset({"lambda_expression"}),
    "kotlin": frozenset({"lambda_literal", "anonymous_function"}),
    "ruby": frozenset({"block", "do_block", "lambda"}),
    "php": frozenset({"anonymous_function", "arrow_function", "anonymous_function_creation_expression"}),
    "csharp": frozenset({"lambda_expression", "anonymous_method_expression", "local_function_statement"}),
    "swift": frozenset({"lambda_literal"}),
    "cpp": frozenset({"lambda_expression"}),
    "scala": frozenset({"lambda_expression"}),
    "elixir": frozenset({"anonymous_function"}),
    "dart": frozenset({"function_expression"}),
}
#: Bash: the blocks a line of a long function sits in, named for a read of a few lines (`what is at
#: completions/screen:54` is a branch of a `case` inside `_screen`'s 100 lines; the A/B agent rebuilt the chain by
#: hand). Only reads ask for these (`blocks=True`), not search hits.
BLOCK_NODES: dict[str, frozenset[str]] = {
    "bash": frozenset({"case_statement", "case_item", "if_statement", "elif_clause", "else_clause", "while_statement",
                       "for_statement", "c_style_for_statement", "subshell"}),
}
_KIND = {"arrow_function": "arrow function", "lambda": "lambda", "lambda_expression": "lambda",
         "lambda_literal": "lambda", "closure_expression": "closure", "func_literal": "func literal",
         "block": "block", "do_block": "block", "method_definition": "method"}
_CALLS = ("call", "invocation", "new_expression", "object_creation_expression")
_BINDINGS = frozenset({"variable_declarator", "assignment_expression", "assignment", "assignment_statement",
                       "short_var_declaration", "let_declaration", "pair", "property_declaration", "field",
                       "lexical_binding", "augmented_assignment", "variable_declaration", "local_variable_declaration"})
_MAX_BYTES = 2_000_000
#: the anonymous functions a definition may store or return instead of running them (`stored`), per grammar; a
#: Python nested `def` is a definition of its own in the index
STORABLE: dict[str, frozenset[str]] = {
    "go": frozenset({"func_literal"}),
    "javascript": frozenset({"arrow_function", "function_expression", "function"}),
    "typescript": frozenset({"arrow_function", "function_expression", "function"}),
    "tsx": frozenset({"arrow_function", "function_expression", "function"}),
    "jsx": frozenset({"arrow_function", "function_expression", "function"}),
    "python": frozenset({"lambda"}),
}
#: the statements binding a value to a place: an assignment, a declaration with a value
_STORES = frozenset({"assignment_statement", "short_var_declaration", "var_spec", "assignment_expression",
                     "variable_declarator", "assignment"})
#: how a comment of several lines opens: C-family `/*`, Lua `--[[`, Ruby `=begin`, Haskell `{-`, OCaml `(*`, HTML
_BLOCK_OPENER = re.compile(rb"/\*|--\[=*\[|^=begin|\{-|\(\*|<!--", re.M)
#: languages whose `//` is no comment (their line comments start with `#`, `--` or `%`)
_HASH_COMMENTS = frozenset({"python", "ruby", "bash", "elixir", "perl", "r", "toml", "yaml", "make", "lua", "haskell",
                            "sql", "erlang", "markdown", "html", "css", "scss"})


def chain(language: str | None, data: bytes, start: int, end: int, lo: int, hi: int, name: str = "", *,
          blocks: bool = False) -> list[tuple[str, int, int]]:
    """(description, start line, end line) of the anonymous or nested functions holding lines `start`-`end`,
    innermost first, strictly inside the definition `name` spanning `lo`-`hi` (whose own node, after its
    decorators or attributes, is not one of them); [] when there are none or the file cannot be parsed. `blocks`:
    also the blocks of BLOCK_NODES (a shell `case` branch)."""
    return FileClosures(language, data, blocks=blocks).chain(start, end, lo, hi, name)


class FileClosures:
    """One file parsed once (on first use) for the closure chains of several of its lines."""

    def __init__(self, language: str | None, data: bytes, *, blocks: bool = False) -> None:
        self.language, self.data = language, data
        self.kinds = FUNCTION_NODES.get(language or "", frozenset()) | (
            BLOCK_NODES.get(language or "", frozenset()) if blocks else frozenset())
        self._tree: ts.Tree | None = None
        self._failed = False

    def _root(self, any_language: bool = False) -> ts.Node | None:
        spec = languages.BY_NAME.get(self.language or "")
        if self._failed or not (self.kinds or any_language) or spec is None or len(self.data) > _MAX_BYTES:
            return None
        if self._tree is None:
            try:
                from contexteer.indexers import grammar_repairs

                if spec.name == "bash" or spec.name in grammar_repairs.REPAIRS:
                    # the tree the index read: its repairs keep every offset (expo's AppContext.swift, a `#if` in a
                    # `switch`, read unrepaired as one error whose later method bodies were all "lambda"s)
                    from contexteer.indexers.extract import parse_prepared

                    prepared = parse_prepared(self.data, spec)
                    self._tree = prepared.tree if len(prepared.data) == len(self.data) \
                        else ts.Parser(languages.grammar(spec.name)).parse(self.data)
                else:
                    self._tree = ts.Parser(languages.grammar(spec.name)).parse(self.data)
            except Exception as exc:  # noqa: BLE001 - a grammar that fails here only loses the chain
                logger.info("no closure chain (%s): %s", self.language, exc)
                self._failed = True
                return None
        return self._tree.root_node

    def comment_around(self, line: int) -> tuple[int, int] | None:
        """The comment of three lines or more that holds `line` (a `/* .. */` block, a Python or Lua long string at
        the top level is none), as (first, last) line. A file with no block-comment opener is not parsed for it (a
        search hit at a Python or Go file's top level, an import, is in none). A run of three or more whole-line `//`
        comments holding the line counts too (hiredis's test.c comments a whole test out line by line)."""
        run = self._line_comment_run(line)
        if run is not None:
            return run
        if _BLOCK_OPENER.search(self.data) is None:
            return None
        root = self._root(any_language=True)
        if root is None:
            return None
        node: ts.Node | None = root.descendant_for_point_range((line - 1, 0), (line - 1, 0))
        while node is not None:  # (a comment is a leaf: the line's own node, or none of its parents)
            s, e = node.start_point.row + 1, node.end_point.row + 1
            if "comment" in node.type and e - s >= 2 and s <= line <= e:
                return s, e
            node = node.parent
        return None

    def _line_comment_run(self, line: int) -> tuple[int, int] | None:
        """The run of whole-line `//` comments (three lines or more) holding `line`, by the text: languages whose line
        comments start so only (C's `#` is a directive, Python's `//` a division)."""
        if self.language in _HASH_COMMENTS or self.language is None:
            return None
        lines = self.data.split(b"\n")
        if not 0 < line <= len(lines) or not lines[line - 1].lstrip().startswith(b"//"):
            return None
        first = last = line
        while first > 1 and lines[first - 2].lstrip().startswith(b"//"):
            first -= 1
        while last < len(lines) and lines[last].lstrip().startswith(b"//"):
            last += 1
        return (first, last) if last - first >= 2 else None

    def comment_blocks(self, least: int = 2) -> list[tuple[int, int]]:
        """The comments that fill whole lines, `least` lines or more, as (first, last) line: a `/** .. */` block, a run
        of `//` or `#` lines (adjacent comment nodes merged). A comment sharing a line with code is none (folding
        the line would hide the code); [] when the file cannot be parsed."""
        root = self._root(any_language=True)
        if root is None:
            return []
        lines = self.data.split(b"\n")
        spans: list[tuple[int, int]] = []
        stack = [root]
        while stack:
            node = stack.pop()
            if "comment" in node.type:
                (sr, sc), (er, ec) = node.start_point, node.end_point
                if er > sr and ec == 0:  # (a line comment's node may end at the next line's start)
                    er -= 1
                    ec = len(lines[er]) if er < len(lines) else 0
                if sr < len(lines) and not lines[sr][:sc].strip() and not (lines[er][ec:].strip() if er < len(lines) else b""):
                    spans.append((sr + 1, er + 1))
                continue
            stack.extend(node.children)
        spans.sort()
        merged: list[tuple[int, int]] = []
        for a, b in spans:
            if merged and a <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
            else:
                merged.append((a, b))
        return [(a, b) for a, b in merged if b - a + 1 >= least]

    def literal_call(self, line: int) -> str | None:
        """For a JS/TS method written in an object literal that is passed to a call, on `line` (its first): what the
        call calls (`sseStreamProducer`): tRPC's two `formatError` methods were "resolveResponse.formatError", and the
        A/B agent read around each to learn which call's options they were."""
        root = self._root()
        if root is None or self.language not in ("javascript", "typescript", "tsx", "jsx"):
            return None
        lines = self.data.split(b"\n")
        if not 0 < line <= len(lines):
            return None
        col = len(lines[line - 1]) - len(lines[line - 1].lstrip())
        node: ts.Node | None = root.descendant_for_point_range((line - 1, col), (line - 1, col))
        while node is not None and node.type not in ("method_definition", "pair"):
            node = node.parent
        obj = node.parent if node is not None else None
        args = obj.parent if obj is not None and obj.type == "object" else None
        call = args.parent if args is not None and args.type == "arguments" else None
        fn = call.child_by_field_name("function") or call.child_by_field_name("constructor") \
            if call is not None and call.type in ("call_expression", "new_expression") else None
        return _called(fn, self.data) if fn is not None else None

    def chain(self, start: int, end: int, lo: int, hi: int, name: str = "", at: str | None = None) -> list[tuple[str, int, int]]:
        """`at`: for a one-line range, the word whose first call on the line places it (`.forEach(problem =>
        report.addError(problem))`: the arrow holds the call, not the line's first word)."""
        root = self._root()
        if root is None:
            return []
        data = self.data
        lines = data.split(b"\n")
        row = start - 1
        if not 0 <= row < len(lines):
            return []
        col = len(lines[row]) - len(lines[row].lstrip())
        called = re.search(rb"(?<![\w$])" + re.escape(at.encode()) + rb"\s*\(", lines[row]) if at and start == end else None
        if called is not None:  # (ESLint run 322: `problem => report.addError(problem)` read as its function's own)
            col = called.start()
        if called is None and start == end and (closers := re.match(rb"[\s})\]]*", lines[row][col:])) and closers.end() \
                and closers.end() < len(lines[row][col:].rstrip(b" \t\r;,")):
            # `}).WhereNotNull();`: what follows the closing of a callback is outside it (pythonnet run 306's
            # call "in lambda 9-12 passed to all.Select" came after that lambda's end)
            col += closers.end()
        return [(_describe(node, data), node.start_point.row + 1, node.end_point.row + 1)
                for node in self._levels(root, row, col, start, end, lo, hi, name)]

    def _levels(self, root: ts.Node, row: int, col: int, start: int, end: int, lo: int, hi: int,
                name: str) -> list[ts.Node]:
        """The function nodes of `chain`, innermost first."""
        node: ts.Node | None = root.descendant_for_point_range((row, col), (row, col))
        out: list[ts.Node] = []
        while node is not None:
            s, e = node.start_point.row + 1, node.end_point.row + 1
            if s <= lo and e >= hi:
                break
            own = node.child_by_field_name("name")
            itself = e == hi and (s == lo or (own is not None and _text(own, self.data) == name))
            # (a named node: the keyword token of `function f(` is a node of type "function" too)
            if node.type in self.kinds and node.is_named and s <= start and e >= end and not itself:
                out.append(node)
            node = node.parent
        return out

    def stored(self, line: int, lo: int, hi: int, name: str = "", at: str | None = None) -> tuple[str, str, int] | None:
        """For a call on `line` inside an anonymous function that the definition `name` (`lo`-`hi`) stores rather
        than runs (assigned to a field, an index or a variable it never calls, or returned): (its kind, where it
        goes: `stored in ctx.Private[node.name]`, `returned`, and the line it is stored at); None when the call
        runs in the definition's own body or in a function it calls in place or passes to a call (`sort.Slice(a,
        func ..)` may run it there). pongo2 run 524 followed tagMacroNode.Execute's callers through
        `ctx.Private[node.name] = func(..) { return node.call(..) }`, which runs later, through reflection."""
        root = self._root()
        lines = self.data.split(b"\n")
        if root is None or not 0 < line <= len(lines) or self.language not in STORABLE:
            return None
        row, col = line - 1, len(lines[line - 1]) - len(lines[line - 1].lstrip())
        called = re.search(rb"(?<![\w$])" + re.escape(at.encode()) + rb"\s*\(", lines[row]) if at else None
        if called is not None:
            col = called.start()
        for node in self._levels(root, row, col, line, line, lo, hi, name):
            if node.type not in STORABLE[self.language or ""]:
                continue
            where = self._goes(node, lo, hi)
            if where is not None:
                return _KIND.get(node.type, "function"), where, node.start_point.row + 1
        return None

    def _goes(self, node: ts.Node, lo: int, hi: int) -> str | None:
        """Where an anonymous function goes when it is no call's function or argument: `stored in X`, `returned`."""
        p = node.parent
        while p is not None and p.type in ("expression_list", "parenthesized_expression", "pattern_list"):
            p = p.parent
        if p is None:
            return None
        if p.type == "return_statement":
            return "returned"
        if p.type not in _STORES:
            return None
        left = (p.child_by_field_name("left") or p.child_by_field_name("name")
                or (p.named_children[0] if p.named_children else None))
        if left is None or left.start_byte >= node.start_byte:
            return None
        text = _text(left, self.data)
        if re.fullmatch(r"[\w$]+", text) and self._used_in_place(text, node, lo, hi):
            return None
        return f"stored in {text}"

    def _used_in_place(self, var: str, node: ts.Node, lo: int, hi: int) -> bool:
        """Whether the definition calls a local `var` bound to the function `node`, or passes it to a call, outside
        the function itself (`f := func() {..}; return f()`, `sort.Slice(xs, less)`)."""
        lines = self.data.split(b"\n")
        s, e = node.start_point.row, node.end_point.row
        word = re.escape(var.encode())
        # (by keyword too, `sorted(items, key=key)`, `Thread(target=worker)`: review of stop 58)
        use = re.compile(rb"(?<![\w$.])" + word + rb"\s*\(|[(,]\s*(?:[A-Za-z_]\w*\s*[=:]\s*)?" + word + rb"\s*[,)]")
        for row in range(lo - 1, min(hi, len(lines))):
            text = lines[row]
            if s <= row <= e:  # (the literal's own lines: only what follows its end on its last line)
                text = text[node.end_point.column:] if row == e else b""
            if use.search(text):
                return True
        return False


def innermost(levels: list[tuple[str, int, int]]) -> str:
    """The innermost closure of a chain and how many more lie between it and the definition, for a one-line
    site (`arrow function passed to asyncLib.each 753-1053, … 3 more, in `), up to three levels named; '' for none."""
    if not levels:
        return ""
    # up to three levels whole: the tRPC A/B agent asked for the chain `… 2 more` hid (a `run` callback in a
    # `client.on('message')` arrow in the returned connection arrow) and rebuilt it in three calls
    shown = levels if len(levels) <= 3 else levels[:2]
    more = f", … {len(levels) - 2} more" if len(levels) > 3 else ""
    return ", in ".join(f"{what} {s}-{e}" for what, s, e in shown) + f"{more}, in "


def _block(node: ts.Node, data: bytes) -> str | None:
    """A shell block as written: `case ${words[1]} in`, `branch -T|--telnet)`, `if ((cword == 2))`, `for i in ...`."""
    t = node.type
    if t == "case_statement":
        value = node.child_by_field_name("value")
        return f"case {_text(value, data) if value is not None else ''} in"
    if t == "case_item":
        pats = [_text(c, data) for i, c in enumerate(node.children) if node.field_name_for_child(i) == "value"]
        return f"branch {'|'.join(pats)})"
    if t in ("if_statement", "elif_clause", "while_statement"):
        cond = node.child_by_field_name("condition")
        word = {"if_statement": "if", "elif_clause": "elif", "while_statement": "while"}[t]
        return f"{word} {_text(cond, data)}" if cond is not None else word
    if t == "else_clause":
        return "else"
    if t in ("for_statement", "c_style_for_statement"):
        head = data[node.start_byte:node.end_byte].split(b"\n", 1)[0].decode("utf-8", "replace")
        return " ".join(head.split()).removesuffix("; do").removesuffix(" do")[:48]
    if t == "subshell":
        return "subshell"
    return None


def _describe(node: ts.Node, data: bytes) -> str:
    block = _block(node, data) if node.type in BLOCK_NODES.get("bash", ()) else None
    if block is not None:
        return block
    kind = _KIND.get(node.type, "function")
    name = node.child_by_field_name("name")
    if name is not None:
        return f"{kind} {_text(name, data)}"
    p, hops = node.parent, 0
    while p is not None and hops < 4:
        if p.type in ("call_suffix", "value_argument", "value_arguments") and p.parent is not None:
            p, hops = p.parent, hops + 1  # Swift: `runtime.schedule { .. }`, `f(x, body: { .. })` are the call's
            continue
        if any(c in p.type for c in _CALLS):
            fn = (p.child_by_field_name("function") or p.child_by_field_name("method")
                  or p.child_by_field_name("name") or p.child_by_field_name("constructor")
                  or (p.named_children[0] if p.named_children else None))
            if fn is not None and fn.start_byte <= node.start_byte and node.end_byte <= fn.end_byte:
                # Go's `go func() { .. }()` runs on a goroutine of its own, `defer func() { .. }()` when the function
                # returns (memberlist run 373 read "immediately-invoked" where the question asked which is a goroutine)
                stmt = p.parent.type if p.parent is not None else ""
                if stmt == "go_statement":
                    return f"goroutine ({kind} started by go)"
                if stmt == "defer_statement":
                    return f"deferred {kind} (runs when the function returns)"
                return f"immediately-invoked {kind}"  # `(async () => { .. })()`: called where it is written
            if fn is not None and fn.id != node.id:
                receiver = p.child_by_field_name("receiver") if node.type in ("block", "do_block") else None
                called = f"{_text(receiver, data)}.{_text(fn, data)}" if receiver is not None else _called(fn, data)
                return f"{kind} passed to {called}{_dsl_name(p, node, data)}"
            return kind
        if p.type in _BINDINGS:
            left = (p.child_by_field_name("name") or p.child_by_field_name("left") or p.child_by_field_name("key")
                    or p.child_by_field_name("pattern") or (p.named_children[0] if p.named_children else None))
            if left is not None and left.id != node.id and left.start_byte < node.start_byte:
                return f"{kind} {_text(left, data)}"
            return kind
        p, hops = p.parent, hops + 1
    return kind


def _dsl_name(call: ts.Node, node: ts.Node, data: bytes) -> str:
    """` :root` for a Ruby block passed to a call whose first argument is a symbol or a short string (`state :root
    do`, `describe "parse" do`, `task :build do`): the block is that name's (Rouge's `delegate` hits sat in `state
    :root`, `state :expr_start` blocks of one class)."""
    if node.type not in ("block", "do_block"):
        return ""
    args = call.child_by_field_name("arguments")
    first = args.named_children[0] if args is not None and args.named_children else None
    if first is None or first.type not in ("simple_symbol", "string", "delimited_symbol"):
        return ""
    text = _text(first, data)
    return f" {text}" if len(text) <= 40 and "\n" not in text else ""


def _called(fn: ts.Node, data: bytes, limit: int = 48) -> str:
    """What a call calls, its method name kept when a long chain is cut: `this.#queryCache.findAll(filters)….map`
    (TanStack A/B run 92 read `…findAll(filters) .filter((que…`, the `.map` the arrow is passed to cut away)."""
    whole = " ".join(data[fn.start_byte:fn.end_byte].decode("utf-8", "replace").split())
    whole = re.sub(r"\s+(?=\??\.|::|->)", "", whole)  # a chain written over lines: `NAMES.iter().position(..)`
    if len(whole) <= limit:
        return whole
    tail = re.search(r"(?:\?\.|\.|::|->)\s*[#\w$]+$", whole)
    if tail is None:
        return whole[: limit - 1] + "…"
    return whole[: max(8, limit - len(tail.group(0)) - 1)].rstrip() + "…" + tail.group(0).replace(" ", "")


def _text(node: ts.Node, data: bytes, limit: int = 48) -> str:
    text = " ".join(data[node.start_byte:node.end_byte].decode("utf-8", "replace").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
