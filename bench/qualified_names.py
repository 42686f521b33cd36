"""Qualified names on real code: does search_symbol find the definition a fully qualified name, written the way
the code itself writes it, names? Plus the namesake counts of issue 13 items 3 and 6.

Run:  .venv/bin/python bench/qualified_names.py [--baseline REV] [--out bench/results/qualified_names.md]

Corpora (on this machine, copied to /tmp/contexteer-qn/<name> at bench time):
  php    /usr/share/php (Monolog, Symfony Console/String, Psr; Debian php-* packages)
  go     /usr/share/gocode/src/github.com/prometheus/client_golang (golang-github-prometheus-client-golang-dev)
  rust   /usr/share/cargo/registry/tokio-1.24.2 (librust-tokio-dev)
  ruby   /usr/share/rubygems-integration/all/gems/{rack-2.2.22,sinatra-3.0.5} (ruby-rack, ruby-sinatra)
  java   ReactAndroid/src/main/java of the npm package react-native@0.72.6 (`npm pack react-native@0.72.6` in
         /tmp/qn_corp; skipped when absent)

Queries are the qualified names the corpus writes itself: PHP `use A\\B\\C;`, Java `import a.b.C;`, Rust
`use crate::a::b::C;`, Go `pkg.Name` after an in-module import (and the import-path form `mod/path/pkg.Name`),
Ruby constant paths `Rack::Utils` and singleton calls `Rack::Utils.escape`. A query is right when the first
definition is in the file the language's rules say (PHP/Java: the file declaring that namespace/package with
that class; Rust: src/a/b.rs or src/a/b/mod.rs (or an enclosing module's file, for an inline `mod b`), or when that module re-exports the name with `pub use`, a file
defining it; Go: a file of that
package's directory; Ruby: a file whose class/module headers name every segment). At most 60 per corpus,
spread evenly over the sorted distinct names.

The baseline is the same script run against another revision's package (`git archive REV contexteer`, on
PYTHONPATH), in the same run on the same copies.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
WORK = Path("/tmp/contexteer-qn")
SOURCES = {
    "php": [Path("/usr/share/php")],
    "go": [Path("/usr/share/gocode/src/github.com/prometheus/client_golang")],
    "rust": [Path("/usr/share/cargo/registry/tokio-1.24.2")],
    "ruby": [Path("/usr/share/rubygems-integration/all/gems/rack-2.2.22"),
             Path("/usr/share/rubygems-integration/all/gems/sinatra-3.0.5")],
    "java": [Path("/tmp/qn_corp/package/ReactAndroid/src/main/java")],
}
EXTS = {"php": (".php",), "go": (".go", ".mod"), "rust": (".rs", ".toml"), "ruby": (".rb",), "java": (".java",)}
PER_CORPUS = 60


def prepare(name: str) -> Path | None:
    dest = WORK / name
    srcs = [s for s in SOURCES[name] if s.is_dir()]
    if not srcs:
        return None
    if dest.exists():
        shutil.rmtree(dest)
    for src in srcs:
        target = dest / src.name if len(srcs) > 1 else dest
        for f in src.rglob("*"):
            if f.is_file() and (f.suffix in EXTS[name] or f.name in ("go.mod", "Cargo.toml")):
                out = target / f.relative_to(src)
                out.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(f, out)
    return dest


def _files(root: Path, ext: str) -> dict[str, str]:
    return {str(f.relative_to(root)): f.read_text("utf-8", "replace") for f in sorted(root.rglob(f"*{ext}")) if f.is_file()}


def _spread(items: list[Any], n: int = PER_CORPUS) -> list[Any]:
    items = sorted(set(items))
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


# ----- queries and their expected files ---------------------------------------------------------------
def queries(name: str, root: Path) -> list[tuple[str, list[str]]]:
    """(query, files any of which is the right answer)."""
    if name == "php":
        files = _files(root, ".php")
        declared: dict[tuple[str, str], list[str]] = {}
        for path, text in files.items():
            m = re.search(r"^namespace\s+([\w\\]+)\s*;", text, re.M)
            base = path.rsplit("/", 1)[-1][:-4]
            if m and re.search(rf"^\s*(?:(?:final|abstract|readonly)\s+)*(?:class|interface|trait|enum)\s+{re.escape(base)}\b", text, re.M):
                declared.setdefault((m.group(1), base), []).append(path)
        used = [m.group(1) for text in files.values() for m in re.finditer(r"^use\s+([A-Z][\w\\]*\\\w+)\s*(?:as\s+\w+)?;", text, re.M)]
        out = []
        for q in _spread([u for u in used if (u.rsplit("\\", 1)[0], u.rsplit("\\", 1)[1]) in declared]):
            out.append((q, declared[(q.rsplit("\\", 1)[0], q.rsplit("\\", 1)[1])]))
        return out
    if name == "java":
        files = _files(root, ".java")
        declared_j: dict[str, list[str]] = {}
        for path, text in files.items():
            m = re.search(r"^package\s+([\w.]+)\s*;", text, re.M)
            if m:
                declared_j.setdefault(f"{m.group(1)}.{path.rsplit('/', 1)[-1][:-5]}", []).append(path)
        used = [m.group(1) for text in files.values() for m in re.finditer(r"^import\s+([\w.]+\.[A-Z]\w*)\s*;", text, re.M)]
        return [(q, declared_j[q]) for q in _spread([u for u in used if u in declared_j])]
    if name == "rust":
        files = _files(root, ".rs")
        used = [f"crate::{m.group(1)}{m.group(2)}" for text in files.values()
                for m in re.finditer(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\s+crate::((?:[a-z_]\w*::)+)([A-Z]\w*)\s*;", text, re.M)]
        out = []
        for q in _spread(used):
            mod, ident = q.split("::")[1:-1], q.split("::")[-1]
            # its module's file, or an enclosing one's (an inline `mod test { ... }`)
            at = [f for k in range(len(mod), 0, -1) for f in ("src/" + "/".join(mod[:k]) + ".rs", "src/" + "/".join(mod[:k]) + "/mod.rs")]
            # a module that re-exports the name (`pub use self::a::B;`): any file defining B is its definition
            if any(re.search(rf"\bpub(?:\([^)]*\))?\s+use\s[^;]*\b{ident}\b", files.get(f, "")) for f in at):
                at += [p for p, t in files.items()
                       if re.search(rf"\b(?:struct|enum|trait|type|fn|union|const|static)\s+{ident}\b", t)]
            out.append((q, at))
        return out
    if name == "go":
        files = _files(root, ".go")
        mod = re.search(r"^module\s+(\S+)", (root / "go.mod").read_text(), re.M)
        module = mod.group(1) if mod else ""
        used_go: list[tuple[str, str]] = []
        for text in files.values():
            for imp in re.findall(r'"(' + re.escape(module) + r'/[\w/.-]+)"', text):
                binding = imp.rsplit("/", 1)[-1]
                for m in re.finditer(rf"\b{re.escape(binding)}\.([A-Z]\w*)\b", text):
                    used_go.append((imp, m.group(1)))
        out = []
        for k, (imp, ident) in enumerate(_spread(used_go)):
            d = imp[len(module) + 1:]
            defining = [p for p, t in files.items() if p.rsplit("/", 1)[0] == d and not p.endswith("_test.go")
                        and re.search(rf"^(?:func|type|var|const)\s+(?:\([^)]*\)\s*)?{ident}\b|^\s+{ident}\s", t, re.M)]
            if not defining:
                continue
            q = f"{imp}.{ident}" if k % 3 == 2 else f"{imp.rsplit('/', 1)[-1]}.{ident}"
            out.append((q, defining))
        return out
    if name == "ruby":
        files = _files(root, ".rb")
        used_rb = [m.group(1) for text in files.values()
                   for m in re.finditer(r"(?<![\w:])((?:[A-Z]\w*::)+[A-Z]\w*(?:\.[a-z_]\w*[?!]?)?)", text)]
        out = []
        for q in _spread(used_rb):
            segs = re.split(r"::|\.", q)
            last = segs[-1]
            expected = [p for p, t in files.items()
                        if (re.search(rf"^\s*(?:class|module)\s+(?:\w+::)*{re.escape(last)}\b", t, re.M) if last[:1].isupper()
                            else re.search(rf"^\s*def\s+(?:self\.)?{re.escape(last)}\b", t, re.M))
                        and all(re.search(rf"\b(?:class|module)\s+(?:\w+::)*{re.escape(s)}\b|\b{re.escape(s)}::", t)
                                for s in segs[:-1])]
            if expected:
                out.append((q, expected))
        return out
    return []


# ----- one run against whichever contexteer is importable ----------------------------------------------
def run(corpora: dict[str, str]) -> dict[str, Any]:
    import anyio

    from contexteer.config import load_config
    from contexteer.server.app import build_server
    from contexteer.workspace import Workspace

    results: dict[str, Any] = {}
    for name, root_s in corpora.items():
        root = Path(root_s)
        qs = queries(name, root)
        loaded = load_config(root=root, overrides={"shaping.structured_output": True}, use_user_config=False)
        ws = Workspace(root, loaded.settings)
        server = build_server(ws, loaded)
        results[name] = anyio.run(_measure, server, qs, name)
    return results


async def _measure(server: Any, qs: list[tuple[str, list[str]]], name: str) -> dict[str, Any]:
    from mcp import Client

    rows: list[dict[str, Any]] = []
    async with Client(server) as client:
        await client.call_tool("search_symbol", {"query": "warmup"})
        for q, expected in qs:
            t0 = time.perf_counter()
            res = await client.call_tool("search_symbol", {"query": q, "limit": 5})
            dt = time.perf_counter() - t0
            defs = (res.structured_content or {}).get("definitions", []) if not res.is_error else []
            first = defs[0]["path"] if defs else None
            rows.append({"query": q, "found": bool(defs), "first": first, "right": first in expected,
                         "shown": defs[0].get("qualified") or defs[0]["qualname"] if defs else None, "ms": dt * 1000})
        counts = await _namesake_counts(client, name)
    return {"rows": rows, **counts}


async def _namesake_counts(client: Any, name: str) -> dict[str, Any]:
    """Item 6 on the corpus: call sites of a few central types (before: every call named like the type, also
    `x.Name()` method calls; after: those are left out, Rust `Type::f()` counts); Ruby `.self.` names."""
    types = {"go": {"Registry": "struct", "Desc": "struct", "Histogram": "interface", "Counter": "interface",
                    "Gauge": "interface"},
             "rust": dict.fromkeys(("Runtime", "JoinHandle", "Builder", "Handle", "Sleep"), "struct")}.get(name, {})
    sites: dict[str, int] = {}
    for t, kind in types.items():
        res = await client.call_tool("search_symbol", {"query": t, "kind": kind, "references": True, "limit": 1})
        sites[t] = int((res.structured_content or {}).get("references_total", 0))
    out: dict[str, Any] = {"type_sites": sites}
    if name == "ruby":
        res = await client.call_tool("search_symbol", {"query": ".self.", "match": "substring", "limit": 200})
        out["self_names"] = (res.structured_content or {}).get("total", 0)
    return out


def _baseline_pkg(rev: str) -> Path:
    d = Path(tempfile.mkdtemp(prefix="qn-base-"))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "contexteer"], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(d)], input=archive, check=True)
    return d


def _table(after: dict[str, Any], before: dict[str, Any] | None, rev: str) -> str:
    out = ["# Qualified names on real code (issue 13 items 4 and 6)", "",
           f"`.venv/bin/python bench/qualified_names.py --baseline {rev}`; corpora and rules in the script's docstring.",
           "A query is the code's own spelling of a name; right = the first definition is in the file the language's",
           "rules name. Baseline: the same script on the package of revision " + rev + ", same run, same copies.", "",
           "| corpus | queries | found (before → after) | first right (before → after) | ms/query (before → after) |",
           "|---|---|---|---|---|"]
    for name, res in after.items():
        rows = res["rows"]
        b = (before or {}).get(name, {}).get("rows", [])
        n = len(rows)

        def pct(rs: list[dict[str, Any]], key: str) -> str:
            return f"{100 * sum(r[key] for r in rs) / len(rs):.0f}%" if rs else "–"

        def ms(rs: list[dict[str, Any]]) -> str:
            return f"{sum(r['ms'] for r in rs) / len(rs):.1f}" if rs else "–"

        out.append(f"| {name} | {n} | {pct(b, 'found')} → {pct(rows, 'found')} | {pct(b, 'right')} → {pct(rows, 'right')} "
                   f"| {ms(b)} → {ms(rows)} |")
    out += ["", "## Misses after", ""]
    for name, res in after.items():
        wrong = [r for r in res["rows"] if not r["right"]]
        for r in wrong[:8]:
            out.append(f"- {name}: `{r['query']}` -> {r['first'] or 'nothing'}")
        if len(wrong) > 8:
            out.append(f"- {name}: … {len(wrong) - 8} more")
    out += ["", "Reading the misses (as of this script's writing): Rust names whose definition stands inside a macro",
            "invocation (`cfg_net! { pub struct TcpStream ... }`, `mock! {...}`: issue 13 item 1, parsed on another branch)",
            "and re-exports of the standard library (`crate::loom::sync::Arc` is `std::sync::Arc`); Ruby `Rack::Request.new`",
            "(Class#new, defined by no file of the corpus)."]
    out += ["", "## Namesakes (item 6)", "",
            "Stored reference sites (references_total: calls, type uses, imports) of central types: before, every call named like",
            "the type (`reg.Registry()`-style member calls too); after, member calls off a value are left out and Rust",
            "`Type::new()` counts as a use of Type. Ruby: definitions whose qualified name has `.self.` (`class << self`).", "",
            "| corpus | name | sites before | sites after |", "|---|---|---|---|"]
    for name, res in after.items():
        for t, n in res.get("type_sites", {}).items():
            nb = (before or {}).get(name, {}).get("type_sites", {}).get(t, "–")
            out.append(f"| {name} | {t} | {nb} | {n} |")
        if "self_names" in res:
            nb = (before or {}).get(name, {}).get("self_names", "–")
            out.append(f"| {name} | `*.self.*` names | {nb} | {res['self_names']} |")
    return "\n".join(out) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", default="main", help="revision whose package is the baseline ('' for none)")
    ap.add_argument("--out", default=str(REPO / "bench/results/qualified_names.md"))
    ap.add_argument("--child", help=argparse.SUPPRESS)  # JSON {name: root}: run and print results as JSON
    args = ap.parse_args()
    if args.child:
        sys.stdout.write(json.dumps(run(json.loads(args.child))) + "\n")
        return
    corpora = {n: str(p) for n in SOURCES if (p := prepare(n)) is not None}
    before = None
    if args.baseline:
        pkg = _baseline_pkg(args.baseline)
        env = {**os.environ, "PYTHONPATH": str(pkg), "CONTEXTEER_NATIVE": "0"}
        proc = subprocess.run([sys.executable, __file__, "--child", json.dumps(corpora)], env=env, capture_output=True,
                              text=True, cwd=str(pkg), check=True)
        before = json.loads(proc.stdout.strip().splitlines()[-1])
    after = run(corpora)
    text = _table(after, before, args.baseline or "(none)")
    Path(args.out).write_text(text, encoding="utf-8")
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
