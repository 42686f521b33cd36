"""Latency of the navigation tools over stdio on a warm index of the standard library, vs Aider's repo map.

Run:  .venv/bin/python bench/latency.py [--calls 200] [--corpus DIR] [--no-aider] [--out bench/results/latency.md]

Corpus recipe (made at bench time): a copy of this interpreter's standard library without
site-packages and __pycache__ (about 2,300 files, 1,790 of them Python) under /tmp/contexteer-bench.
The index is built once with `contexteer index`, then a real server is started with
`contexteer serve --root <corpus>` and driven through the MCP SDK client over stdio: N calls per
tool with distinct, deterministic arguments sampled from the index; p50/p95 measured client-side.
Baseline in the same run: the stdio round trip of the cheapest call (a 1-line read_code_range).
Aider (aider-chat from PyPI, installed into a separate venv at /tmp/aider-venv because of its pinned
dependencies) builds its repo map on the same tree: time to the first map (cold, and with its tag
cache warm in a new process) and to a map refreshed after a one-file change.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import sysconfig
import textwrap
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

REPO = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
WORK = Path("/tmp/contexteer-bench")
AIDER_PY = Path("/tmp/aider-venv/bin/python")
EDIT_FILE = "json/decoder.py"
EDIT_TEXT = "\n\ndef bench_added_function(text):\n    return JSONDecoder().decode(text)\n"


def make_corpus(dest: Path) -> Path:
    if dest.exists() and any(dest.iterdir()):
        return dest
    src = Path(sysconfig.get_paths()["stdlib"])
    shutil.copytree(src, dest, ignore=shutil.ignore_patterns("site-packages", "__pycache__", "*.pyc"), symlinks=True)
    return dest


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(q * (len(values) - 1))))
    return values[k]


def sample_arguments(corpus: Path, env: dict[str, str], n: int) -> dict[str, list[dict[str, Any]]]:
    """Deterministic argument sets from the index itself (a child process, so the env applies)."""
    code = textwrap.dedent(
        f"""
        import json, random
        from contexteer.config import load_config
        from contexteer.workspace import Workspace
        from contexteer.indexers.index import StructureIndex
        def main():
            loaded = load_config(root={str(corpus)!r}, use_user_config=False)
            idx = StructureIndex(Workspace({str(corpus)!r}, loaded.settings))
            idx.ensure_built(wait_seconds=600)
            rnd = random.Random(7)
            files = [f.path for f in idx.files() if f.status == "indexed" and f.path.endswith(".py") and f.n_symbols > 3]
            rnd.shuffle(files)
            names, reads = [], []
            for path in files:
                syms = idx.symbols_in_file(path)
                tops = [s for s in syms if s.parent_id is None and s.kind in ("class", "function") and not s.name.startswith("_")]
                meths = [s for s in syms if s.kind in ("function", "method") and s.end_line - s.start_line < 80]
                if tops:
                    names.append(rnd.choice(tops).name)
                if meths:
                    m = rnd.choice(meths)
                    if len([s for s in syms if s.qualname == m.qualname]) == 1:
                        reads.append({{"path": path, "symbol": m.qualname}})
                if len(names) >= {n} and len(reads) >= {n}:
                    break
            print(json.dumps({{"names": names[:{n}], "reads": reads[:{n}], "files": files[:{n}]}}))
        if __name__ == "__main__":
            main()
        """
    )
    script = WORK / "sample_args.py"
    script.write_text(code)
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, check=True, cwd=REPO)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return {
        "search_symbol": [{"query": q} for q in data["names"]],
        "read_code_range (symbol)": data["reads"],
        "read_code_range (symbol, semantic)": [dict(r, context="semantic") for r in data["reads"]],
        "get_structured_index (file outline)": [{"path": p} for p in data["files"]],
        "list_dependencies": [{"path": p} for p in data["files"]],
        "list_dependencies (dependents, depth 3)": [{"path": p, "direction": "dependents", "depth": 3} for p in data["files"]],
        # a new focus per call (alternately a file and a symbol name): the personalised ranking is not cached
        "get_structured_index (focused map, 1,000 tokens)": [
            {"path": ".", "budget_tokens": 1000, "focus": [p if i % 2 == 0 else q]}
            for i, (p, q) in enumerate(zip(data["files"], data["names"], strict=False))],
        "get_structured_index (sub-path map, 500 tokens)": [
            {"path": p.rsplit("/", 1)[0], "budget_tokens": 500} for p in data["files"] if "/" in p] or [{"path": ".", "budget_tokens": 500}],
        "search_text": [{"pattern": f"def {q}(", "max_results": 50} for q in data["names"]],
        "read_code_range (1 line, baseline)": [{"path": p, "start_line": 1, "end_line": 1} for p in data["files"]],
    }


BUILD_SCRIPT = """
from contexteer.config import load_config
from contexteer.workspace import Workspace
from contexteer.indexers.index import StructureIndex
if __name__ == "__main__":
    loaded = load_config(root={root!r}, use_user_config=False)
    StructureIndex(Workspace({root!r}, loaded.settings)).ensure_built(wait_seconds=3600)
"""

TOOL_OF = {
    "search_symbol": "search_symbol",
    "read_code_range (symbol)": "read_code_range",
    "read_code_range (symbol, semantic)": "read_code_range",
    "get_structured_index (file outline)": "get_structured_index",
    "get_structured_index (1,000-token repo map)": "get_structured_index",
    "list_dependencies": "list_dependencies",
    "list_dependencies (dependents, depth 3)": "list_dependencies",
    "get_structured_index (focused map, 1,000 tokens)": "get_structured_index",
    "get_structured_index (sub-path map, 500 tokens)": "get_structured_index",
    "search_text": "search_text",
    "read_code_range (1 line, baseline)": "read_code_range",
}


async def drive(corpus: Path, env: dict[str, str], argsets: dict[str, list[dict[str, Any]]], calls: int) -> dict[str, Any]:
    params = StdioServerParameters(
        command=str(VENV_BIN / "contexteer"), args=["serve", "--root", str(corpus)], env=env, cwd=str(REPO)
    )
    from contexteer.tokens import count_tokens

    results: dict[str, Any] = {"latency": {}, "errors": {}}
    async with Client(params, read_timeout_seconds=600) as client:
        t0 = time.perf_counter()
        first = await client.call_tool("get_structured_index", {"path": ".", "budget_tokens": 1000})
        results["first_map_ms"] = (time.perf_counter() - t0) * 1000
        results["first_map_tokens"] = (first.meta or {}).get("tokens")
        results["first_map_text"] = "\n".join(getattr(b, "text", "") for b in first.content)
        listed = await client.list_tools()
        tools = [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in listed.tools]
        results["tools_list_tokens"] = count_tokens(json.dumps(tools))
        results["tool_tokens"] = {t["name"]: count_tokens(json.dumps(t)) for t in tools}
        argsets = dict(argsets)
        argsets["get_structured_index (1,000-token repo map)"] = [{"path": ".", "budget_tokens": 1000}] * calls
        for label, sets in argsets.items():
            tool = TOOL_OF[label]
            times: list[float] = []
            errors = 0
            for i in range(calls):
                args = sets[i % len(sets)]
                t = time.perf_counter()
                res = await client.call_tool(tool, args)
                times.append((time.perf_counter() - t) * 1000)
                errors += bool(res.is_error)
            results["latency"][label] = (statistics.median(times), pct(times, 0.95), len(times))
            results["errors"][label] = errors
        # a one-file change, then the next map (the throttled sweep sees it once its interval passed)
        target = corpus / EDIT_FILE
        original = target.read_text()
        target.write_text(original + EDIT_TEXT)
        try:
            time.sleep(2.1)
            t = time.perf_counter()
            await client.call_tool("get_structured_index", {"path": ".", "budget_tokens": 1000})
            results["refresh_map_ms"] = (time.perf_counter() - t) * 1000
            t = time.perf_counter()
            found = await client.call_tool("search_symbol", {"query": "bench_added_function"})
            results["edit_visible_ms"] = (time.perf_counter() - t) * 1000
            results["edit_visible"] = "json/decoder.py" in "\n".join(getattr(b, "text", "") for b in found.content)
        finally:
            target.write_text(original)
    return results


AIDER_SCRIPT = textwrap.dedent(
    """
    import json, os, sys, time
    from aider.io import InputOutput
    from aider.repomap import RepoMap

    class Model:  # token counting without a network tokenizer download: bytes / 4, like our fallback
        name = "bench"
        def token_count(self, text):
            return len(text) / 4

    def main():
        root, mode, edit_file, edit_text = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
        files = []
        for dp, dn, fn in os.walk(root):
            dn[:] = [d for d in dn if not d.startswith(".")]
            files += [os.path.join(dp, f) for f in fn if f.endswith(".py")]
        files.sort()
        io = InputOutput(yes=True, pretty=False)
        rm = RepoMap(map_tokens=1000, root=root, main_model=Model(), io=io, map_mul_no_files=1, refresh="always")
        out = {"files": len(files)}
        t = time.perf_counter(); m = rm.get_repo_map([], files); out["first_map_s"] = time.perf_counter() - t
        out["first_map_chars"] = len(m or "")
        if mode == "refresh":
            path = os.path.join(root, edit_file)
            original = open(path).read()
            open(path, "w").write(original + edit_text)
            try:
                t = time.perf_counter(); m = rm.get_repo_map([], files); out["refresh_map_s"] = time.perf_counter() - t
            finally:
                open(path, "w").write(original)
        print(json.dumps(out))

    if __name__ == "__main__":
        main()
    """
)


def run_aider(corpus: Path) -> dict[str, Any]:
    if not AIDER_PY.exists():
        return {"error": f"{AIDER_PY} missing: create it with `python -m venv /tmp/aider-venv && /tmp/aider-venv/bin/pip install aider-chat`"}
    script = WORK / "aider_map.py"
    script.write_text(AIDER_SCRIPT)
    out: dict[str, Any] = {}
    cache = corpus / ".aider.tags.cache.v4"
    shutil.rmtree(cache, ignore_errors=True)
    env = dict(os.environ, AIDER_ANALYTICS="false")
    for key, mode in (("cold", "first"), ("warm", "refresh")):
        try:
            proc = subprocess.run([str(AIDER_PY), str(script), str(corpus), mode, EDIT_FILE, EDIT_TEXT], env=env,
                                  capture_output=True, text=True, timeout=3600)
        except subprocess.TimeoutExpired:
            out[key] = {"error": "timed out after 1 h"}
            continue
        if proc.returncode:
            out[key] = {"error": proc.stderr.strip()[-800:]}
        else:
            out[key] = json.loads(proc.stdout.strip().splitlines()[-1])
    shutil.rmtree(cache, ignore_errors=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--corpus", type=Path, default=WORK / "stdlib")
    ap.add_argument("--no-aider", action="store_true")
    ap.add_argument("--out", type=Path, default=REPO / "bench" / "results" / "latency.md")
    args = ap.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    corpus = make_corpus(args.corpus)
    data_dir = WORK / "data"
    shutil.rmtree(data_dir, ignore_errors=True)
    env = dict(os.environ, CONTEXTEER_DATA_DIR=str(data_dir), CONTEXTEER_CONFIG_HOME=str(WORK / "confighome"))
    t = time.perf_counter()
    built = subprocess.run([str(VENV_BIN / "contexteer"), "index", "--root", str(corpus)], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if built.returncode:  # the CLI command may not exist yet: build through the library instead
        sys.stderr.write(f"`contexteer index` failed ({built.stderr.strip().splitlines()[-1:]}); building in-process\n")
        script = WORK / "build_index.py"
        script.write_text(BUILD_SCRIPT.format(root=str(corpus)))
        t = time.perf_counter()
        subprocess.run([sys.executable, str(script)], env=env, check=True, cwd=REPO, stderr=subprocess.DEVNULL)
    cold_build = time.perf_counter() - t
    argsets = sample_arguments(corpus, env, args.calls)
    res = anyio.run(drive, corpus, env, argsets, args.calls)
    aider = {} if args.no_aider else run_aider(corpus)
    report = render(res, aider, cold_build, corpus, args.calls)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report)
    sys.stdout.write(report)
    return 0


def render(res: dict[str, Any], aider: dict[str, Any], cold_build: float, corpus: Path, calls: int) -> str:
    n_files = sum(1 for _ in corpus.rglob("*.py"))
    base = res["latency"]["read_code_range (1 line, baseline)"][0]
    lines = [
        "## Navigation latency (bench/latency.py)",
        "",
        f"Corpus: copy of the running interpreter's standard library without site-packages ({n_files:,} .py files). "
        f"Server: `contexteer serve` over stdio, driven by the MCP SDK client; {calls} calls per tool with distinct "
        "arguments sampled from the index; times measured client-side, index warm on disk "
        f"(cold build with `contexteer index`: {cold_build:.1f} s).",
        "",
        "| tool | p50 ms | p95 ms | p50 / stdio floor | errors | target |",
        "|---|---:|---:|---:|---:|---|",
    ]
    targets = {
        "search_symbol": "p50 <= 5, p95 <= 15",
        "read_code_range (symbol)": "p50 <= 10",
        "get_structured_index (1,000-token repo map)": "<= 300 warm",
        "get_structured_index (focused map, 1,000 tokens)": "<= 300 warm",
        "get_structured_index (sub-path map, 500 tokens)": "<= 300 warm",
    }
    for label, (p50, p95, _) in res["latency"].items():
        lines.append(f"| {label} | {p50:.1f} | {p95:.1f} | {p50 / base:.1f}x | {res['errors'][label]} | {targets.get(label, '')} |")
    lines += [
        "",
        f"Baseline (stdio floor) = the 1-line read_code_range round trip, p50 {base:.1f} ms.",
        "",
        "| repo map | contexteer | Aider `RepoMap.get_repo_map` | ratio |",
        "|---|---:|---:|---:|",
    ]
    ours_first = res["first_map_ms"] / 1000
    ours_refresh = res["refresh_map_ms"] / 1000
    cold = aider.get("cold", {}) if aider else {}
    warm = aider.get("warm", {}) if aider else {}
    def cell(d: dict[str, Any], key: str) -> str:
        return f"{d[key]:.2f} s" if key in d else ("n/a" if not d else "error")
    def ratio(d: dict[str, Any], key: str, ours: float) -> str:
        return f"{d[key] / ours:.1f}x faster" if key in d and ours > 0 else ""
    lines += [
        f"| first map, nothing cached (ours: cold index build + first map) | {cold_build + ours_first:.2f} s | {cell(cold, 'first_map_s')} | {ratio(cold, 'first_map_s', cold_build + ours_first)} |",
        f"| first map in a new process, caches on disk | {ours_first:.2f} s | {cell(warm, 'first_map_s')} | {ratio(warm, 'first_map_s', ours_first)} |",
        f"| map after a one-file change | {ours_refresh:.2f} s | {cell(warm, 'refresh_map_s')} | {ratio(warm, 'refresh_map_s', ours_refresh)} |",
        "",
        f"A fresh edit was visible to the next search_symbol: {res.get('edit_visible')} ({res.get('edit_visible_ms', 0):.1f} ms).",
        f"tools/list of the whole server: {res['tools_list_tokens']:,} tokens (target < 3,000); per tool: "
        + ", ".join(f"{k} {v}" for k, v in sorted(res["tool_tokens"].items())) + ".",
    ]
    if aider:
        for key in ("cold", "warm"):
            if "error" in aider.get(key, {}):
                lines.append(f"Aider {key} run failed: `{aider[key]['error'][-300:]}`")
        lines.append("Aider counted tokens as bytes/4 (its model tokenizer would need a download); it maps the "
                     f"{cold.get('files', warm.get('files', '?'))} .py files it was given.")
    lines += ["", "First 1,000-token map of the corpus (head):", "", "```",
              "\n".join(res["first_map_text"].splitlines()[:25]), "```", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
