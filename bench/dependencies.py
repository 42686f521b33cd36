"""Import resolution on real code (issue 13 items 2 and 7, issue 12's package unit), against the resolver before
this work (git 5469d0a) on the same imports, and the package view against the file view.

Run:  .venv/bin/python bench/dependencies.py [--out bench/results/dependencies.md]

Corpora (Debian packages; a corpus whose package is absent is skipped and named): Go
golang-github-prometheus-client-golang-dev, golang-golang-x-net-dev; Rust librust-tokio-dev, librust-syn-dev;
Ruby ruby-rack, ruby-thor; PHP php-monolog, php-symfony-console. Imports come from the indexer's own extractor.

What must resolve to a repository file (the truth, read from the source text with a regular expression, not
from the index): Go import paths under a go.mod module path; Rust `mod x;` and `use` paths starting with
`crate::`, `self::` or `super::`; Ruby `require_relative`, and `require` of a path under the gem's lib/; PHP `use`
of a class whose namespace a file of the corpus declares. Wrong: an external package with an empty name, an
import cycle made of module structure only (Rust `mod x;` + `use super::`). Baseline in the same run: the
resolver of git 5469d0a (its deps.py loaded from git) on the same import rows.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from contexteer.indexers import extract, languages  # noqa: E402
from contexteer.indexers.deps import Resolver, build_graph, find_cycles, traverse, traverse_units  # noqa: E402
from contexteer.indexers.model import Import  # noqa: E402
from contexteer.tokens import count_tokens  # noqa: E402

BASELINE_COMMIT = "5469d0a"
CORPORA = [
    ("go", "client_golang", "/usr/share/gocode/src/github.com/prometheus/client_golang", "golang-github-prometheus-client-golang-dev"),
    ("go", "x/net", "/usr/share/gocode/src/golang.org/x/net", "golang-golang-x-net-dev"),
    ("rust", "tokio", "/usr/share/cargo/registry/tokio-1.24.2", "librust-tokio-dev"),
    ("rust", "syn", "/usr/share/cargo/registry/syn-1.0.107", "librust-syn-dev"),
    ("ruby", "rack", "/usr/share/rubygems-integration/all/gems/rack-2.2.22", "ruby-rack"),
    ("ruby", "thor", "/usr/share/rubygems-integration/all/gems/thor-1.2.1", "ruby-thor"),
    ("php", "monolog", "/usr/share/php/Monolog", "php-monolog"),
    ("php", "symfony/console", "/usr/share/php/Symfony/Component/Console", "php-symfony-console"),
]


def load(root: Path) -> tuple[list[str], list[Import], Callable[[str], str | None]]:
    files: list[str] = []
    imports: list[Import] = []
    for p in sorted(root.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(root).as_posix()
        files.append(rel)
        spec = languages.language_for_path(rel)
        if spec is None or p.stat().st_size > 2_000_000:
            continue
        result = extract.extract(p.read_bytes(), spec)
        imports += [Import(rel, m, tuple(n), line) for m, n, line in result.imports]

    def read(rel: str) -> str | None:
        try:
            return (root / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None

    return files, imports, read


def baseline_module() -> Any:
    src = subprocess.run(["git", "show", f"{BASELINE_COMMIT}:contexteer/indexers/deps.py"], cwd=REPO, check=True,
                         capture_output=True, text=True).stdout
    path = Path(tempfile.mkdtemp()) / "deps_baseline.py"
    path.write_text(src)
    spec = importlib.util.spec_from_file_location("deps_baseline", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["deps_baseline"] = mod  # dataclasses look their module up
    spec.loader.exec_module(mod)
    return mod


def must_resolve(lang: str, imp: Import, read: Callable[[str], str | None], ctx: dict[str, Any]) -> bool:
    """Whether the source text says this import names a file of the corpus."""
    line = ((read(imp.path) or "").splitlines() or [""])[imp.line - 1] if imp.line else ""
    if lang == "go":
        return any(imp.module == m or imp.module.startswith(m + "/") for m in ctx["go_modules"])
    if lang == "rust":
        return bool(re.match(r"\s*(pub(\([^)]*\))?\s+)?(mod\s+\w+\s*;|use\s+(crate|self|super)::(?!self::)(?![A-Z]))", line)) \
            and not line.startswith((" ", "\t"))  # top-level statements (inline modules shift self/super); not `self::Enum::*`
    if lang == "ruby":
        return "require_relative" in line or any(imp.module.startswith(g + "/") or imp.module == g for g in ctx["gems"])
    if lang == "php":
        names = [f"{imp.module}\\{n}" for n in imp.names] or [imp.module]
        return any(n.rsplit("\\", 1)[0] in ctx["namespaces"] for n in names)
    return False


def context(lang: str, files: list[str], read: Callable[[str], str | None]) -> dict[str, Any]:
    ctx: dict[str, Any] = {"go_modules": [], "gems": [], "namespaces": set()}
    for f in files:
        if f.endswith("go.mod"):
            m = re.search(r"^module\s+(\S+)", read(f) or "", re.M)
            if m:
                ctx["go_modules"].append(m.group(1))
        if f.startswith("lib/") and f.count("/") == 1 and f.endswith(".rb"):
            ctx["gems"].append(f[4:-3])
        if f.endswith(".php"):
            ctx["namespaces"].update(re.findall(r"^namespace\s+([\w\\]+)\s*;", read(f) or "", re.M))
    return ctx


def measure(lang: str, root: Path, old: Any) -> dict[str, Any]:
    t0 = time.perf_counter()
    files, imports, read = load(root)
    t_load = time.perf_counter() - t0
    ctx = context(lang, files, read)
    truth = [i for i in imports if must_resolve(lang, i, read, ctx)]
    t0 = time.perf_counter()
    resolver = Resolver(files, read)
    graph = build_graph(files, imports, resolver=resolver)
    t_new = time.perf_counter() - t0
    t0 = time.perf_counter()
    old_graph = old.build_graph(files, imports, read)
    t_old = time.perf_counter() - t0
    old_resolver = old.Resolver(files, read)

    def resolved(res: Callable[[Import], Any]) -> int:
        return sum(1 for i in truth if res(i))

    out: dict[str, Any] = {
        "files": len(files), "imports": len(imports), "truth": len(truth), "load": t_load, "t_new": t_new, "t_old": t_old,
        "new": resolved(resolver.resolve), "old": resolved(old_resolver.resolve),
        "empty_new": sum(1 for xs in graph.externals.values() for x in xs if not x.package),
        "empty_old": sum(1 for xs in old_graph.externals.values() for x in xs if not x.package),
        "cycles_new": len(find_cycles(graph, limit=1000)), "cycles_old": len(old.find_cycles(old_graph, limit=1000)),
    }
    if lang == "go":  # the answer to "what does this file import": package rows vs file rows
        keep = lambda f: not f.endswith("_test.go")  # noqa: E731
        pkg_rows = file_rows = 0
        pkg_tok = file_tok = 0
        sources = [f for f in files if f.endswith(".go") and not f.endswith("_test.go")]
        for f in sources:
            units = traverse_units(graph, {f}, "imports", 1, keep)
            ext = {x.unit or x.package for x in graph.externals.get(f, [])}
            edges = traverse(graph, {f}, "imports", 1, keep)
            pkg_rows += len(units) + len(ext)
            file_rows += len(edges) + len({x.package for x in graph.externals.get(f, [])})
            pkg_tok += count_tokens("\n".join([f"{u.unit}  {u.target} ({u.files} files)  (line {u.line})" for u in units] + sorted(ext)))
            file_tok += count_tokens("\n".join([f"{e.target}  (line {e.line})" for e, _ in edges] + sorted(ext)))
        out.update(go_files=len(sources), pkg_rows=pkg_rows, file_rows=file_rows, pkg_tok=pkg_tok, file_tok=file_tok)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(REPO / "bench" / "results" / "dependencies.md"))
    args = ap.parse_args()
    old = baseline_module()
    rows, go_rows, skipped = [], [], []
    for lang, name, path, package in CORPORA:
        root = Path(path)
        if not root.is_dir():
            skipped.append(f"{name} ({package} not installed)")
            continue
        m = measure(lang, root, old)
        sys.stderr.write(f"{name}: {m}\n")

        def pct(n: int, m: dict[str, Any] = m) -> str:
            return f"{100 * n / m['truth']:.1f}%" if m["truth"] else "-"

        rows.append(f"| {lang} | {name} | {m['files']} / {m['imports']} | {m['truth']} | **{pct(m['new'])}** | {pct(m['old'])} | "
                    f"{m['empty_new']} / {m['empty_old']} | {m['cycles_new']} / {m['cycles_old']} | "
                    f"{m['t_new'] * 1000:.0f} ms / {m['t_old'] * 1000:.0f} ms |")
        if lang == "go":
            go_rows.append(f"| {name} | {m['go_files']} | {m['pkg_rows'] / m['go_files']:.1f} | {m['file_rows'] / m['go_files']:.1f} | "
                           f"{m['pkg_tok'] / m['go_files']:.0f} | {m['file_tok'] / m['go_files']:.0f} | "
                           f"**{m['pkg_tok'] / max(m['file_tok'], 1):.2f}x** |")
    lines = [
        "## Import resolution on real code (issue 13 items 2 and 7; issue 12's package unit)", "",
        f"Command: `.venv/bin/python bench/dependencies.py` · {os.cpu_count()} cores · baseline: the resolver of git "
        f"{BASELINE_COMMIT} on the same import rows, in the same run.", "",
        "| language | corpus | files / imports | imports that name a corpus file (truth from the source text) | resolved now | "
        "resolved before | externals with an empty name (now / before) | import cycles reported (now / before) | "
        "graph build (now / before) |",
        "|---|---|---|---|---|---|---|---|---|", *rows, "",
        "A Go file's imports: rows and tokens of the answer's rows per file, package view (the new default: one row per "
        "import path) against the file view (the old default: every file of every imported package); test files left out in both.", "",
        "| corpus | Go files | rows, package view | rows, file view | tokens, package view | tokens, file view | package / file |",
        "|---|---|---|---|---|---|---|", *go_rows, "",
    ]
    if skipped:
        lines += ["Skipped (not installed here): " + ", ".join(skipped) + ".", ""]
    lines += ["Reading: the truth is what the source text says names a corpus file; 'resolved' counts those the resolver "
              "leads to a file. Both resolvers read the same import rows, this work's (whose Rust query also captures "
              "nested use trees: the old query lost them, so the old resolver's Rust figures here are kinder than what "
              "it answered before). Rust cycles that remain are mutual `use crate::...` between sibling modules (legal in "
              "Rust, listed as they are); the ones made only of `mod x;` and `use super::` are gone.", ""]
    Path(args.out).write_text("\n".join(lines), encoding="utf-8")
    sys.stdout.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
