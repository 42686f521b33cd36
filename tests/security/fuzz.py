"""A seeded fuzzer of every tool through the real MCP SDK client (issue 18): hostile and malformed arguments, each
call checked for a crash, a hang, a traceback or a machine path in the answer, an opaque error, and an argument that
does not fit the advertised schema yet was not refused. Used by tests/security/test_fuzz.py (the CI run) and
bench/security.py (the figures per area)."""

from __future__ import annotations

import os
import random
import re
import string
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import jsonschema
from mcp import Client

from contexteer.config import load_config
from contexteer.server.app import build_server
from contexteer.workspace import Workspace, find_rg

HANG_SECONDS = 10.0
AWS_KEY = "AKIAQWERTYUIOPASDFGH"

#: Strings a hostile or careless client sends where a path, a pattern or a name is expected.
PATHS = ["app.py", "src", "src/util.py", ".", "", "..", "../..", "../../etc/passwd", "/etc/passwd", "/", "~", "~nosuchuser",
         "~nosuchuser/x", "~root/.ssh/id_rsa", "a" * 256, "d/" + "b" * 300 + "/c", "x/" * 200, "app.py\x00.txt", "\x00",
         ".ENV", ".env", ".git/config", ".GIT/HEAD", "ID_RSA", "link_out", "link_loop", "nope.py", "app.py/", "app.py/..",
         "C:\\Windows\\win.ini", "%2e%2e/etc/passwd", "\u202eyp.ppa", "data.bin", "big.txt", "secrets.txt", "src/../app.py",
         "src//util.py", "./app.py", "\\\\server\\share", "app.py:10", "*.py", "\n", " app.py"]
PATTERNS = ["def", "apply", "(a+)+$", "(a+)+$" + "a" * 3000 + "!", "[", "\\", "(", "*", "AKIA", AWS_KEY[:8], "", " ", "\n",
            "a" * 5000, "\x00", "(?P<x>a)(?P=x)", "\\p{L}+", "(?=x)", ".*", "^", "$", "\x1b[31m", "(\\w+\\s?)*$",
            "[ab]*a[ab]{999}c", "x{1001}", "(?i)DEF", "\\bdef\\b", "💥", "\ud800", "-e", "--files", "--pre=sh", "$(id)",
            "`id`", "a|b|c", "\\x00", "(?x) a b", "\\1", "A" * 70000]
WORDS = ["apply_discount", "Cart", "main", "x", "", " ", "a" * 300, "..", "notes", "notes.md", "notes.md.md", "nul.txt",
         "NUL", "con", "a/b", "../x", ".hidden", "\x00", "\x1b[2J", "\u202e", "日本語", "🙂", "r-0000000000", "r-../../x",
         "DECISION", "REQUIREMENT", "all", "a" * 5000, "%s%s%s", "{0}", "${HOME}", "password = hunter2hunter2",
         f"aws_access_key_id = {AWS_KEY}"]
INTS = [0, 1, 2, -1, 5, 20, 200, 201, 10_000, -(2**31), 2**31, 2**53 + 1, 2**63 - 1, 2**63, 2**64, 10**30]
JUNK: list[Any] = [None, True, False, 1.5, 1e308, -0.0, [], {}, ["a"], {"a": 1}, [1, 2], "1", 3]


@dataclass
class Outcome:
    tool: str
    args: dict[str, Any]
    fits: bool  # the arguments fit the tool's advertised input schema
    is_error: bool = False
    text: str = ""
    seconds: float = 0.0
    crash: str | None = None  # an exception from the client (the call did not get an answer)

    @property
    def area(self) -> str:
        return self.tool if self.fits else f"{self.tool} (arguments outside the schema)"


@dataclass
class Fuzzer:
    """Generates one call at a time for a tool from its input schema."""

    rnd: random.Random
    tools: dict[str, dict[str, Any]]
    handles: list[str] = field(default_factory=list)

    def call(self) -> tuple[str, dict[str, Any]]:
        names = sorted(self.tools)
        # a tool without arguments has little to fuzz (and context_stats reads the whole journal, which the run grows)
        name = self.rnd.choices(names, weights=[1.0 if self.tools[n].get("properties") else 0.05 for n in names])[0]
        schema = self.tools[name]
        props: dict[str, Any] = schema.get("properties", {})
        args: dict[str, Any] = {}
        for key in schema.get("required", []):
            args[key] = self.value(key, props.get(key, {}))
        for key, prop in props.items():
            if key not in args and self.rnd.random() < 0.45:
                args[key] = self.value(key, prop)
        roll = self.rnd.random()
        if roll < 0.06 and args:  # drop a required argument, or send a wrong type
            args.pop(self.rnd.choice(sorted(args)))
        elif roll < 0.14:
            key = self.rnd.choice(sorted(props) or ["x"])
            args[key] = self.rnd.choice(JUNK)
        elif roll < 0.18:
            args[self.rnd.choice(["line", "lines", "file", "regex_", "__proto__", "path\x00", "A" * 300])] = "x"
        return name, args

    def value(self, key: str, prop: dict[str, Any]) -> Any:
        r = self.rnd
        kinds = _types(prop)
        if "enum" in prop:
            return r.choice(prop["enum"]) if r.random() < 0.85 else r.choice(["", "NONE", "save ", "\x00", "Semantic"])
        if "integer" in kinds:
            return r.choice(INTS)
        if "boolean" in kinds:
            return r.random() < 0.5
        if "array" in kinds and (r.random() < 0.6 or "string" not in kinds):
            return [self.text(key) for _ in range(r.choice([0, 1, 2, 5, 60]))]
        return self.text(key)

    def text(self, key: str) -> str:
        r = self.rnd
        if key == "handle" and self.handles and r.random() < 0.7:
            return r.choice(self.handles)
        pool = PATHS if key in ("path", "focus", "glob") else PATTERNS if key in ("pattern", "query") else WORDS
        if r.random() < 0.1:
            return "".join(r.choice(string.printable + "\u00e9\u202e\U0001f600\x00") for _ in range(r.choice([1, 10, 200])))
        return r.choice(pool)


def _types(prop: dict[str, Any]) -> set[str]:
    kinds = {prop["type"]} if isinstance(prop.get("type"), str) else set(prop.get("type") or [])
    for alt in prop.get("anyOf", []):
        kinds |= _types(alt)
    return kinds


def hostile_repo(root: Path) -> Path:
    """A small repository with the shapes that broke things: secrets, links out of the root and in a loop, a
    binary file, a long line, a file with terminal escapes, denied files in several cases."""
    (root / "src").mkdir(parents=True)
    (root / "app.py").write_text(
        "import os\nfrom src.util import helper\n\n\ndef apply_discount(price, rate=0.1):\n    return helper(price) * (1 - rate)\n"
        "\n\nclass Cart:\n    def total(self):\n        return apply_discount(10)\n\n\ndef main():\n    Cart().total()\n",
        encoding="utf-8")
    (root / "src" / "util.py").write_text("def helper(x):\n    return x\n\n\nLIMIT = 3\n", encoding="utf-8")
    (root / "secrets.txt").write_text(f'aws_access_key_id = "{AWS_KEY}"\npassword = "hunter2hunter2"\n', encoding="utf-8")
    (root / "evil.md").write_text("# Title \x1b[2J\u202e\n\nText with \x07 bell.\n", encoding="utf-8")
    (root / "big.txt").write_text("".join(f"line {i} " + "x" * (i % 300) + "\n" for i in range(6000)), encoding="utf-8")
    (root / "long.js").write_text("var a=" + "1+" * 50000 + "1;\n", encoding="utf-8")
    (root / "data.bin").write_bytes(bytes(range(256)) * 8)
    (root / ".env").write_text("SECRET=leakcanary\n", encoding="utf-8")
    (root / ".ENV").write_text("SECRET=leakcanary\n", encoding="utf-8")
    (root / "README.md").write_text("# Demo\n\nSee app.py.\n", encoding="utf-8")
    os.symlink("/etc/passwd", root / "link_out")
    os.symlink("link_loop", root / "link_loop")
    return root


def machine_paths(root: Path, data_dir: Path) -> list[str]:
    """Paths of this machine that no answer may show: they tell a client where things live."""
    paths = {str(root), str(root.resolve()), str(data_dir), str(data_dir.resolve()), sys.prefix, str(Path.home()),
             tempfile.gettempdir() + "/", str(Path(find_rg()).parent)}
    return sorted(p for p in paths if len(p) > 4)


_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"/[^\"]+\", line \d+")


def problems(o: Outcome, paths: list[str]) -> list[str]:
    """What is wrong with one call's outcome (empty: nothing)."""
    found = []
    if o.crash:
        found.append(f"crash: {o.crash}")
    if o.seconds > HANG_SECONDS:
        found.append(f"hang: {o.seconds:.1f} s")
    if _TRACEBACK.search(o.text):
        found.append("traceback in the answer")
    for p in paths:
        if p in o.text:
            found.append(f"machine path {p!r} in the answer")
            break
    if not o.fits and not o.is_error and not o.crash:
        found.append("arguments outside the schema were not refused")
    if o.is_error and re.fullmatch(r"Error executing tool [\w-]+:?", o.text.strip()):
        found.append("opaque error (no reason given)")
    return found


def run(root: Path, calls: int, seed: int) -> tuple[list[Outcome], dict[str, dict[str, Any]]]:
    """`calls` fuzzed tool calls against a server on `root`, through one in-memory SDK client session; the outcomes
    and each tool's advertised input schema."""
    loaded = load_config(root=root, use_user_config=False)
    server = build_server(Workspace(root, loaded.settings), loaded)
    rnd = random.Random(seed)
    outcomes: list[Outcome] = []
    tools: dict[str, dict[str, Any]] = {}

    async def main() -> None:
        async with Client(server) as client:
            tools.update({t.name: t.input_schema for t in (await client.list_tools()).tools})
            fuzzer = Fuzzer(rnd, tools)
            for _ in range(calls):
                name, args = fuzzer.call()
                outcome = Outcome(name, args, fits=_fits(tools[name], args))
                t0 = time.monotonic()
                try:
                    res = await client.call_tool(name, args)
                    outcome.is_error = bool(res.is_error)
                    outcome.text = "\n".join(getattr(b, "text", "") for b in res.content)
                    handle = (res.meta or {}).get("handle")
                    if isinstance(handle, str) and handle not in fuzzer.handles:
                        fuzzer.handles.append(handle)
                except Exception as exc:  # noqa: BLE001 - every kind of failure is what the fuzzer counts
                    outcome.crash = f"{type(exc).__name__}: {exc}"[:300]
                outcome.seconds = time.monotonic() - t0
                outcomes.append(outcome)

    anyio.run(main)
    return outcomes, tools


def _fits(schema: dict[str, Any], args: dict[str, Any]) -> bool:
    props = schema.get("properties", {})
    if any(k not in props for k in args):
        return False  # the server refuses arguments a tool does not take
    try:
        jsonschema.validate(args, schema)
    except jsonschema.ValidationError:
        return False
    return True


def summary(outcomes: list[Outcome], paths: list[str]) -> dict[str, tuple[int, Counter[str]]]:
    """Per area: calls tried, and the problems found by kind."""
    out: dict[str, tuple[int, Counter[str]]] = {}
    for o in outcomes:
        tried, bad = out.setdefault(o.area, (0, Counter()))
        for p in problems(o, paths):
            bad[p.split(":")[0]] += 1
        out[o.area] = (tried + 1, bad)
    return out
