"""Scale (issue 14): the Linux kernel and the standard library on two cores.

Usage:  .venv/bin/python bench/scale.py [--corpus kernel kernel-subset stdlib] [--calls 200]
                                        [--work /tmp/contexteer-scale] [--out bench/results/scale.md]

Corpora, made under --work (outside the repository):
- kernel: the Debian package linux-source-6.12 (`apt-get install linux-source-6.12` puts
  /usr/src/linux-source-6.12.tar.xz there; --kernel-tarball to use another), unpacked as shipped: no .git, and a
  top-level .gitignore that ends with `/*` (its packaging repository's rule). ~86k files, ~60k of them C; its cold
  build takes 13 min or more on two cores.
- kernel-subset: the same unpacked tree reduced to the core directories (SUBSET_DIRS: kernel, mm, fs, net, include,
  lib, block, security, crypto, io_uring, ipc, init, virt, rust, certs) plus the top-level files (the .gitignore with
  its `/*` rule included): ~12.4k files, ~12.2k of them C. A run that can afford a few minutes, not the full build.
- stdlib: a copy of this interpreter's standard library without site-packages and __pycache__.

Measured per corpus in one run, every process niced, one build at a time:
- ctags: universal-ctags `ctags -R` over the same tree (the baseline): wall and CPU seconds, tags;
- cold build: `contexteer index` into an empty data dir: wall and CPU seconds of the whole process tree (workers
  included: they are reaped into its rusage), until the structure index is complete ("index built") and until the
  command returns (the substring index too); peak RSS and PSS of the process tree (all its processes at once,
  sampled every 0.2 s); database size (index.sqlite + its WAL) and the largest tables;
- no-change refresh: `contexteer index` again (the whole command, a new process) and one sweep in-process;
- a new server process on the warm index (`contexteer serve`, raw JSON-RPC over stdio): time from spawn to the first
  search_symbol answer, and that call alone; then p50/p95 of each tool over --calls calls with distinct arguments
  sampled from the index, the repo map (first call and p50), peak RSS of its process tree, and edit visibility: a
  function appended to one file, then search_symbol of its name and the file's outline (EDITS edits, median and max);
  the first answer is timed in FIRST_ANSWERS new processes (median).
Targets (issue 14): cold build <= 3x ctags' wall time, peak RSS <= 400 MB, database <= 1.0 GB, first answer in a new
process <= 1 s, no-change refresh <= 2 s, an edit visible <= 50 ms, search_symbol p95 <= 15 ms, repo map <= 2 s warm.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sqlite3
import statistics
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from contexteer.server.lifecycle import live_processes  # noqa: E402 - after the repository is on the path

VENV_BIN = Path(sys.executable).parent
CONTEXTEER = str(VENV_BIN / "contexteer")
KERNEL_TARBALL = Path("/usr/src/linux-source-6.12.tar.xz")
NICE = ["nice", "-n", "10"]
TARGETS = {"build_vs_ctags": 3.0, "rss_mb": 400.0, "db_gb": 1.0, "first_answer_s": 1.0, "refresh_s": 2.0,
           "edit_ms": 50.0, "symbol_p95_ms": 15.0, "map_s": 2.0}
EDIT = {"c": "\n\nint bench_added_function{n}(int x)\n{{\n\treturn x + 1;\n}}\n",
        "python": "\n\ndef bench_added_function{n}(x):\n    return x + 1\n"}
#: New server processes timed to their first answer (the first of them is the session's own), and edits timed.
FIRST_ANSWERS = 5
EDITS = 5


# ----- corpora -------------------------------------------------------------------------------------------------
def make_kernel(work: Path, tarball: Path) -> Path:
    dest = work / "kernel"
    marker = dest / ".unpacked"
    if marker.exists():
        return next(p for p in dest.iterdir() if p.is_dir())
    if not tarball.exists():
        raise SystemExit(f"{tarball} is missing: `apt-get install linux-source-6.12`, or pass --kernel-tarball")
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    subprocess.run(NICE + ["tar", "-xJf", str(tarball), "-C", str(dest)], check=True)
    marker.write_text("ok")
    return next(p for p in dest.iterdir() if p.is_dir())


SUBSET_DIRS = ["kernel", "mm", "fs", "net", "include", "lib", "block", "security", "crypto", "io_uring", "ipc", "init",
               "virt", "rust", "certs"]


def make_kernel_subset(work: Path, tarball: Path) -> Path:
    dest = work / "kernel-subset"
    marker = work / ".kernel-subset-made"
    if marker.exists() and dest.exists():
        return dest
    full = make_kernel(work, tarball)
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    for entry in full.iterdir():
        if entry.is_file():
            shutil.copy2(entry, dest / entry.name)
        elif entry.name in SUBSET_DIRS:
            shutil.copytree(entry, dest / entry.name, symlinks=True)
    marker.write_text("ok")
    return dest


def make_stdlib(work: Path) -> Path:
    dest = work / "stdlib"
    if dest.exists() and any(dest.iterdir()):
        return dest
    shutil.copytree(sysconfig.get_paths()["stdlib"], dest, symlinks=True,
                    ignore=shutil.ignore_patterns("site-packages", "__pycache__", "*.pyc"))
    return dest


# ----- measuring a process tree ----------------------------------------------------------------------------
class TreeSampler:
    """Samples the RSS and PSS of every process of a process group (a command started in a session of its own)."""

    def __init__(self, pgid: int, interval: float = 0.2) -> None:
        self.pgid = pgid
        self.interval = interval
        self.peak_rss = 0
        self.peak_pss = 0
        self.peak_procs = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> TreeSampler:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.is_set():
            rss = pss = procs = 0
            for pid in _group(self.pgid):
                rss += _kb(f"/proc/{pid}/status", "VmRSS:")
                pss += _kb(f"/proc/{pid}/smaps_rollup", "Pss:")
                procs += 1
            self.peak_rss = max(self.peak_rss, rss)
            self.peak_pss = max(self.peak_pss, pss)
            self.peak_procs = max(self.peak_procs, procs)
            self._stop.wait(self.interval)


def _group(pgid: int) -> list[int]:
    """The live processes of the session a benchmark started with start_new_session (its id is the leader's pid)."""
    return [pid for pid, _, session in live_processes() if session == pgid]


def _kb(path: str, key: str) -> int:
    try:
        with open(path) as fh:
            for line in fh:
                if line.startswith(key):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def run_measured(cmd: list[str], env: dict[str, str], *, cwd: Path | None = None, timeout: float = 7200) -> dict[str, Any]:
    """Run `cmd` in a session of its own: wall and CPU seconds of its whole tree, peak RSS/PSS, stdout, stderr."""
    out_path = Path(env["BENCH_TMP"]) / f"out-{time.time_ns()}.txt"
    err_path = out_path.with_suffix(".err")
    with out_path.open("wb") as out, err_path.open("wb") as err:
        started = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                                start_new_session=True)
        with TreeSampler(proc.pid) as sampler:
            deadline = time.monotonic() + timeout
            while True:
                pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
                if pid:
                    break
                if time.monotonic() > deadline:
                    os.killpg(proc.pid, signal.SIGKILL)
                time.sleep(0.05)
        wall = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    left = _group(proc.pid)
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rc": proc.returncode,
            "peak_rss_mb": sampler.peak_rss / 1024, "peak_pss_mb": sampler.peak_pss / 1024, "peak_procs": sampler.peak_procs,
            "left_in_group": len(left), "stdout": out_path.read_text(errors="replace"),
            "stderr": err_path.read_text(errors="replace")}


# ----- the phases --------------------------------------------------------------------------------------------
def ctags(corpus: Path, env: dict[str, str], work: Path) -> dict[str, Any]:
    tags = work / f"tags-{corpus.name}"
    res = run_measured(NICE + ["ctags", "-R", "-f", str(tags), "."], env, cwd=corpus)
    n = sum(1 for line in tags.open(errors="replace") if not line.startswith("!_")) if tags.exists() else 0
    version = subprocess.run(["ctags", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    tags.unlink(missing_ok=True)
    return {"wall": res["wall"], "cpu": res["cpu"], "tags": n, "rc": res["rc"], "version": version}


def db_report(data_dir: Path) -> dict[str, Any]:
    dbs = list(data_dir.glob("projects/*/index.sqlite"))
    if not dbs:
        return {}
    db = dbs[0]
    size = sum(os.path.getsize(f"{db}{s}") for s in ("", "-wal") if os.path.exists(f"{db}{s}"))
    out: dict[str, Any] = {"bytes": size, "wal_bytes": os.path.getsize(f"{db}-wal") if os.path.exists(f"{db}-wal") else 0}
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            rows = conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 8").fetchall()
            out["tables"] = [(name, n) for name, n in rows]
            out["counts"] = {t: conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("files", "symbols", "refs", "imports")}
    except sqlite3.Error as exc:
        out["tables_error"] = str(exc)
    return out


# Where a cold build's worker CPU goes (--phases): every file parsed in one process as a pool worker parses it
# (parse_file, no in-parser time check), the extractor's steps timed with process CPU; then the floors: a bare
# tree-sitter parse of the same files, and a parse plus the query's matches (what any extraction must read).
PHASES_SCRIPT = """
import json, os, sys, time
import tree_sitter as ts
from pathlib import Path
from contexteer.config import load_config
from contexteer.workspace import Workspace
from contexteer.indexers import build, c_lines, extract as ex, languages
from contexteer.indexers.build import Job, Limits, parse_file
T = {}
def timed(mod, name, key):
    f = getattr(mod, name)
    def g(*a, **k):
        t = time.process_time()
        try:
            return f(*a, **k)
        finally:
            T[key] = T.get(key, 0.0) + time.process_time() - t
    setattr(mod, name, g)
class Cursor:
    def __init__(self, *a, **k):
        self.c = ts.QueryCursor(*a, **k)
    def matches(self, *a):
        t = time.process_time()
        try:
            return self.c.matches(*a)
        finally:
            T["matches"] = T.get("matches", 0.0) + time.process_time() - t
class TS:
    def __getattr__(self, name):
        return Cursor if name == "QueryCursor" else getattr(ts, name)
ex.ts = TS()
timed(ex, "parse", "parse")
timed(languages, "blank_attribute_macros", "c_prep")
timed(c_lines, "blank_conditionals", "c_conditionals")
timed(ex, "_finish", "finish")
timed(build, "extract", "extract")
root = Path(sys.argv[1])
ws = Workspace(root, load_config(root=root, config_file=None, overrides={}).settings)
paths = ws.list_files()
limits = Limits(str(root), ws.settings.workspace.max_file_bytes, 5.0, watchdog=True)
c0 = time.process_time()
for p in paths:
    parse_file(Job(p, None), limits)
T["total"] = time.process_time() - c0
bare = query = 0.0
for p in paths:
    spec = languages.language_for_path(p)
    if spec is None:
        continue
    with open(os.path.join(str(root), p), "rb") as fh:
        data = fh.read(limits.max_bytes + 1)
    if len(data) > limits.max_bytes or b"\\x00" in data[:8192]:
        continue
    t = time.process_time()
    tree = ts.Parser(languages.grammar(spec.name)).parse(data)
    t1 = time.process_time()
    ts.QueryCursor(languages.query(spec.name), match_limit=1 << 16).matches(tree.root_node)
    bare += t1 - t
    query += time.process_time() - t1
T["bare_parse"], T["bare_query"] = bare, query
print(json.dumps(T))
"""


def phases(name: str, corpus: Path, work: Path) -> str:
    """A markdown table of where the cold build's worker CPU goes for one corpus, with the floors and ctags' CPU."""
    tmp = work / "tmp"
    tmp.mkdir(exist_ok=True)
    script = tmp / "phases.py"
    script.write_text(PHASES_SCRIPT)
    env = dict(os.environ, CONTEXTEER_CONFIG_HOME=str(work / "confighome"), CONTEXTEER_DATA_DIR=str(work / f"data-phases-{name}"),
               BENCH_TMP=str(tmp))
    c = ctags(corpus, env, work)
    proc = subprocess.run(NICE + [sys.executable, str(script), str(corpus)], env=env, capture_output=True, text=True, check=True)
    t = json.loads(proc.stdout.strip().splitlines()[-1])
    prep = t.get("c_prep", 0.0)
    cond = t.get("c_conditionals", 0.0)  # the blanking only: its re-parse is in "parse"
    loop = t["extract"] - t["parse"] - prep - cond - t["matches"] - t["finish"]
    rows = [("tree-sitter parse (the C `#if` repair's re-parses included)", t["parse"]),
            ("C preprocessing (blanked macros, c_prep repairs)", prep), ("C `#if` repair (c_lines)", cond),
            ("query matches (tree-sitter)", t["matches"]), ("reading the matches (Python: extract's loop)", loop),
            ("rows: nesting, signatures, docs, visibility, references (_finish)", t["finish"]),
            ("stat, read, hash, classify (parse_file outside extract)", t["total"] - t["extract"])]
    out = [f"{name} (load {os.getloadavg()[0]:.1f}): worker CPU in one process, all files: **{t['total']:.1f} s**; "
           f"floors on the same files: bare parse {t['bare_parse']:.1f} s, parse + query matches "
           f"{t['bare_parse'] + t['bare_query']:.1f} s; ctags -R {c['cpu']:.1f} s CPU ({c['wall']:.1f} s wall)", "",
           "| phase | CPU s | share |", "|---|---:|---:|"]
    out += [f"| {label} | {v:.1f} | {100 * v / t['total']:.0f}% |" for label, v in rows]
    return "\n".join(out) + "\n"


SWEEP_SCRIPT = """
import json, sys, time
from contexteer.config import load_config
from contexteer.workspace import Workspace
from contexteer.indexers.index import StructureIndex
loaded = load_config(root=sys.argv[1], use_user_config=False)
with StructureIndex(Workspace(sys.argv[1], loaded.settings)) as idx:
    times = []
    for _ in range(3):
        t = time.perf_counter(); r = idx.refresh(force=True); times.append(time.perf_counter() - t)
        assert not r.skipped, r.reason
    print(json.dumps({"sweeps": times, "changed": r.changed}))
"""

SAMPLE_SCRIPT = """
import json, random, sys
from contexteer.config import load_config
from contexteer.workspace import Workspace
from contexteer.indexers.index import StructureIndex
loaded = load_config(root=sys.argv[1], use_user_config=False)
n = int(sys.argv[2])
with StructureIndex(Workspace(sys.argv[1], loaded.settings)) as idx:
    rnd = random.Random(7)
    files = [f for f in idx.files() if f.status == "indexed" and f.n_symbols > 3 and f.language in ("c", "python")]
    rnd.shuffle(files)
    names, reads, outlines = [], [], []
    for f in files:
        syms = idx.symbols_in_file(f.path)
        tops = [s for s in syms if s.parent_id is None and s.kind in ("function", "class", "struct") and len(s.name) > 3
                and not s.name.startswith("_")]
        small = [s for s in tops if s.end_line - s.start_line < 80 and [x.qualname for x in syms].count(s.qualname) == 1]
        if tops:
            names.append(rnd.choice(tops).name)
        if small:
            reads.append({"path": f.path, "symbol": rnd.choice(small).qualname})
        outlines.append(f.path)
        if len(names) >= n and len(reads) >= n and len(outlines) >= n:
            break
    edit = next(f for f in files if f.size < 20000)
    print(json.dumps({"names": names[:n], "reads": reads[:n], "files": outlines[:n], "edit": [edit.path, edit.language]}))
"""


class RawClient:
    """A minimal MCP client over a server's stdio (JSON-RPC lines): no SDK in the measured path."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.proc = proc
        self.next_id = 0

    def send(self, msg: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        self.proc.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the server closed stdout")
            msg = json.loads(line)
            if msg.get("id") == self.next_id:
                return msg

    def call(self, tool: str, args: dict[str, Any]) -> tuple[float, dict[str, Any]]:
        t = time.perf_counter()
        msg = self.request("tools/call", {"name": tool, "arguments": args})
        return (time.perf_counter() - t) * 1000, msg.get("result") or {"isError": True, "content": [msg.get("error")]}


def text_of(result: dict[str, Any]) -> str:
    return "\n".join(str(b.get("text", "")) for b in result.get("content") or [] if isinstance(b, dict))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[max(0, min(len(values) - 1, round(q * (len(values) - 1))))]


def serve_session(corpus: Path, env: dict[str, str], argsets: dict[str, Any], calls: int) -> dict[str, Any]:
    res: dict[str, Any] = {"latency": {}, "errors": {}}
    started = time.perf_counter()
    proc = subprocess.Popen(NICE + [CONTEXTEER, "serve", "--root", str(corpus)], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=(Path(env["BENCH_TMP"]) / "serve.err").open("wb"),
                            start_new_session=True)
    client = RawClient(proc)
    try:
        with TreeSampler(proc.pid, interval=0.5) as sampler:
            client.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                          "clientInfo": {"name": "bench", "version": "1"}})
            res["initialized_s"] = time.perf_counter() - started
            client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            ms, first = client.call("search_symbol", {"query": argsets["names"][0]})
            res["first_answer_s"] = time.perf_counter() - started
            res["first_call_ms"] = ms
            res["first_answer_ok"] = not first.get("isError") and argsets["names"][0] in text_of(first)
            res["first_answer_head"] = text_of(first).splitlines()[:3]
            ms, first_map = client.call("get_structured_index", {"path": ".", "budget_tokens": 1000})
            res["first_map_ms"] = ms
            res["first_map_head"] = text_of(first_map).splitlines()[:12]
            plan = {
                "search_symbol": ("search_symbol", [{"query": q} for q in argsets["names"]]),
                "search_symbol (references)": ("search_symbol", [{"query": q, "references": True} for q in argsets["names"]]),
                "read_code_range (symbol)": ("read_code_range", argsets["reads"]),
                "get_structured_index (file outline)": ("get_structured_index", [{"path": p} for p in argsets["files"]]),
                "get_structured_index (repo map, 1,000 tokens)": ("get_structured_index", [{"path": ".", "budget_tokens": 1000}]),
                "get_structured_index (sub-path map, 500 tokens)": ("get_structured_index",
                    [{"path": p.rsplit("/", 1)[0], "budget_tokens": 500} for p in argsets["files"] if "/" in p]),
                "list_dependencies": ("list_dependencies", [{"path": p} for p in argsets["files"]]),
                "search_text": ("search_text", [{"pattern": q, "max_results": 50} for q in argsets["names"]]),
                "read_code_range (1 line, baseline)": ("read_code_range",
                    [{"path": p, "start_line": 1, "end_line": 1} for p in argsets["files"]]),
            }
            for label, (tool, sets) in plan.items():
                n = calls if "map" not in label else max(10, calls // 10)  # each new map prefix ranks afresh
                times, errors = [], 0
                for i in range(n):
                    ms, result = client.call(tool, sets[i % len(sets)])
                    times.append(ms)
                    errors += bool(result.get("isError"))
                res["latency"][label] = (statistics.median(times), pct(times, 0.95), len(times))
                res["errors"][label] = errors
            path, language = argsets["edit"]
            target = corpus / path
            original = target.read_bytes()
            searches, outlines = [], []
            try:
                for n in range(EDITS):  # one edit after another, each followed at once by the two queries
                    name = f"bench_added_function{n}"
                    target.write_bytes(original + "".join(EDIT[language].format(n=i) for i in range(n + 1)).encode())
                    ms, found = client.call("search_symbol", {"query": name})
                    searches.append((ms, path in text_of(found)))
                    ms, outline = client.call("get_structured_index", {"path": path})
                    outlines.append((ms, name in text_of(outline)))
                    time.sleep(1.0)  # an agent edits again a model turn later, not within the miss window
            finally:
                target.write_bytes(original)
            res["edit_search_all_ms"] = [round(ms, 1) for ms, _ in searches]
            res["edit_search_ms"] = statistics.median(ms for ms, _ in searches)
            res["edit_search_max_ms"] = max(ms for ms, _ in searches)
            res["edit_search_found"] = all(ok for _, ok in searches)
            res["edit_outline_ms"] = statistics.median(ms for ms, _ in outlines)
            res["edit_outline_found"] = all(ok for _, ok in outlines)
            res["peak_rss_mb"] = sampler.peak_rss / 1024
            res["peak_pss_mb"] = sampler.peak_pss / 1024
    finally:
        t = time.perf_counter()
        if proc.stdin:
            proc.stdin.close()
        proc.wait(timeout=60)
        res["stop_on_eof_s"] = time.perf_counter() - t
        res["left_in_group"] = len(_group(proc.pid))
        if proc.stdout:
            proc.stdout.close()
    res["first_answers"] = [(res["first_answer_s"], res["first_call_ms"])]
    for _ in range(FIRST_ANSWERS - 1):
        res["first_answers"].append(first_answer(corpus, env, argsets["names"][0]))
    return res


def first_answer(corpus: Path, env: dict[str, str], name: str) -> tuple[float, float]:
    """A new server process on the warm index: seconds from spawn to its first search_symbol answer, and ms of
    that call alone."""
    started = time.perf_counter()
    proc = subprocess.Popen(NICE + [CONTEXTEER, "serve", "--root", str(corpus)], env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    client = RawClient(proc)
    try:
        client.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                      "clientInfo": {"name": "bench", "version": "1"}})
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        ms, _ = client.call("search_symbol", {"query": name})
        return time.perf_counter() - started, ms
    finally:
        if proc.stdin:
            proc.stdin.close()
        proc.wait(timeout=60)
        if proc.stdout:
            proc.stdout.close()


def bench_corpus(name: str, corpus: Path, work: Path, calls: int) -> dict[str, Any]:
    data = work / f"data-{name}"
    shutil.rmtree(data, ignore_errors=True)
    tmp = work / "tmp"
    tmp.mkdir(exist_ok=True)
    env = dict(os.environ, CONTEXTEER_DATA_DIR=str(data), CONTEXTEER_CONFIG_HOME=str(work / "confighome"),
               CONTEXTEER_INDEX__WORKERS="2", BENCH_TMP=str(tmp))
    env.pop("CONTEXTEER_TOKEN", None)
    out: dict[str, Any] = {"corpus": name, "load": os.getloadavg()}
    sys.stderr.write(f"[{name}] ctags -R ...\n")
    out["ctags"] = ctags(corpus, env, work)
    sys.stderr.write(f"[{name}] cold build ...\n")
    build = run_measured(NICE + [CONTEXTEER, "index", "--root", str(corpus)], env)
    out["build"] = {k: v for k, v in build.items() if k not in ("stdout", "stderr")}
    out["build"]["summary"] = [line for line in build["stderr"].splitlines() if line.startswith(("index ", "note:"))]
    for line in build["stderr"].splitlines():
        if "index built:" in line:
            out["build"]["structure_s"] = float(line.rsplit(" in ", 1)[1].split()[0])
    out["db"] = db_report(data)
    sys.stderr.write(f"[{name}] no-change refresh ...\n")
    again = run_measured(NICE + [CONTEXTEER, "index", "--root", str(corpus)], env)
    out["refresh_cli"] = {"wall": again["wall"], "cpu": again["cpu"],
                          "summary": [line for line in again["stderr"].splitlines() if line.startswith("index ")]}
    script = tmp / "sweep.py"
    script.write_text(SWEEP_SCRIPT)
    proc = subprocess.run(NICE + [sys.executable, str(script), str(corpus)], env=env, capture_output=True, text=True)
    out["sweeps"] = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else {"error": proc.stderr[-500:]}
    script = tmp / "sample.py"
    script.write_text(SAMPLE_SCRIPT)
    proc = subprocess.run([sys.executable, str(script), str(corpus), str(calls)], env=env, capture_output=True, text=True, check=True)
    argsets = json.loads(proc.stdout.strip().splitlines()[-1])
    sys.stderr.write(f"[{name}] server session ...\n")
    out["serve"] = serve_session(corpus, env, argsets, calls)
    return out


# ----- the report ----------------------------------------------------------------------------------------------
def verdict(ok: bool) -> str:
    return "met" if ok else "**missed**"


def render(results: list[dict[str, Any]], calls: int, command: str) -> str:
    lines = ["## Scale: the Linux kernel on two cores (bench/scale.py, issue 14)", "",
             f"Command: `{command}` · 2 cores · every process niced; the machine is shared "
             "(load average at the start of each corpus below), so compare ratios to ctags, run in the same minute.", ""]
    lines += ["| corpus | files listed | ctags -R wall / CPU | cold build wall (structure / with substring index) | CPU, all processes | build / ctags (wall) | peak RSS / PSS of the process tree | DB (WAL) |",
              "|---|---:|---|---|---|---|---|---|"]
    for r in results:
        b, c, db = r["build"], r["ctags"], r["db"]
        files = r["db"].get("counts", {}).get("files", "?")
        structure = b.get("structure_s", b["wall"])
        ratio = structure / c["wall"] if c["wall"] else float("nan")
        lines.append(
            f"| {r['corpus']} (load {r['load'][0]:.1f}) | {files:,} | {c['wall']:.1f} s / {c['cpu']:.1f} s ({c['tags']:,} tags) | "
            f"{structure:.1f} s / {b['wall']:.1f} s | {b['cpu']:.1f} s | **{ratio:.1f}x** (target <= 3x: {verdict(ratio <= 3)}) | "
            f"{b['peak_rss_mb']:.0f} / {b['peak_pss_mb']:.0f} MB (target <= 400: {verdict(b['peak_rss_mb'] <= 400)}) | "
            f"{db.get('bytes', 0) / 1e9:.2f} GB ({db.get('wal_bytes', 0) / 1e6:.0f} MB) (target <= 1.0: {verdict(db.get('bytes', 0) <= 1e9)}) |")
    lines += ["", f"| corpus | first answer in a new process: median of {FIRST_ANSWERS} (range, call alone) | no-change refresh: command / sweep | edit visible: search_symbol / outline | repo map first / p50 | stop on stdin EOF | peak RSS serving |",
              "|---|---|---|---|---|---|---|"]
    for r in results:
        s, rc, sw = r["serve"], r["refresh_cli"], r["sweeps"]
        sweep = statistics.median(sw["sweeps"]) if "sweeps" in sw else float("nan")
        map_p50 = s["latency"]["get_structured_index (repo map, 1,000 tokens)"][0]
        firsts = s.get("first_answers") or [(s["first_answer_s"], s["first_call_ms"])]
        first = statistics.median(f for f, _ in firsts)
        call = statistics.median(c for _, c in firsts)
        spread = f"{min(f for f, _ in firsts):.2f}-{max(f for f, _ in firsts):.2f} s, " if len(firsts) > 1 else ""
        edit_max = f", max {s['edit_search_max_ms']:.0f}" if "edit_search_max_ms" in s else ""
        lines.append(
            f"| {r['corpus']} | {first:.2f} s ({spread}call {call:.0f} ms; found: {s['first_answer_ok']}) "
            f"(target <= 1 s: {verdict(first <= 1)}) | {rc['wall']:.2f} s / {sweep:.2f} s (target <= 2 s: "
            f"{verdict(rc['wall'] <= 2)}) | {s['edit_search_ms']:.0f} ms{edit_max} (found: {s['edit_search_found']}) / "
            f"{s['edit_outline_ms']:.0f} ms (found: {s['edit_outline_found']}) "
            f"(target <= 50 ms: {verdict(s['edit_search_ms'] <= 50 and s['edit_outline_ms'] <= 50)}) | "
            f"{s['first_map_ms'] / 1000:.2f} s / {map_p50 / 1000:.2f} s (target <= 2 s: {verdict(max(s['first_map_ms'], map_p50) <= 2000)}) | "
            f"{s['stop_on_eof_s']:.2f} s, {s['left_in_group']} left | {s['peak_rss_mb']:.0f} MB |")
    lines += ["", f"Latency over {calls} calls per tool (raw JSON-RPC over stdio, times client-side):", "",
              "| tool | " + " | ".join(f"{r['corpus']} p50 / p95 ms" for r in results) + " | errors |",
              "|---|" + "---|" * len(results) + "---|"]
    for label in results[0]["serve"]["latency"]:
        cells = [f"{r['serve']['latency'][label][0]:.1f} / {r['serve']['latency'][label][1]:.1f}" for r in results]
        errs = "/".join(str(r["serve"]["errors"][label]) for r in results)
        target = " (target p95 <= 15)" if label == "search_symbol" else ""
        lines.append(f"| {label}{target} | " + " | ".join(cells) + f" | {errs} |")
    for r in results:
        db = r["db"]
        tables = ", ".join(f"{n} {b / 1e6:.0f} MB" for n, b in db.get("tables", []))
        counts = db.get("counts", {})
        lines += ["", f"{r['corpus']}: build summary: `{' / '.join(r['build']['summary'])}`; no-change command: "
                  f"`{' / '.join(r['refresh_cli']['summary'])}`; sweeps in-process {', '.join(f'{t:.2f}' for t in r['sweeps'].get('sweeps', []))} s; "
                  f"largest tables: {tables}; rows: {', '.join(f'{k} {v:,}' for k, v in counts.items())}; "
                  f"processes left in the build's group after it exited: {r['build']['left_in_group']}; "
                  f"ctags: {r['ctags']['version']}.",
                  "", f"{r['corpus']}: first answer in a new process: `{' / '.join(r['serve']['first_answer_head'])}`"]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", nargs="+", default=["kernel", "stdlib"], choices=["kernel", "kernel-subset", "stdlib"])
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--work", type=Path, default=Path("/tmp/contexteer-scale"))
    ap.add_argument("--kernel-tarball", type=Path, default=KERNEL_TARBALL)
    ap.add_argument("--out", type=Path, default=REPO / "bench" / "results" / "scale.md")
    ap.add_argument("--report-only", action="store_true",
                    help="render --out from the scale-CORPUS.json files an earlier run left in --work, measuring nothing")
    ap.add_argument("--phases", action="store_true",
                    help="print where each corpus's cold-build worker CPU goes (one process, per phase) and the floors, "
                         "measuring nothing else")
    args = ap.parse_args()
    work = args.work.resolve()
    if work == REPO or REPO in work.parents:
        raise SystemExit("--work must be outside the repository")
    work.mkdir(parents=True, exist_ok=True)
    results = []
    if args.phases:
        makers = {"kernel": lambda: make_kernel(work, args.kernel_tarball),
                  "kernel-subset": lambda: make_kernel_subset(work, args.kernel_tarball), "stdlib": lambda: make_stdlib(work)}
        for name in args.corpus:
            sys.stdout.write(phases(name, makers[name](), work) + "\n")
        return 0
    if args.report_only:
        results = [json.loads((work / f"scale-{name}.json").read_text()) for name in args.corpus]
    for name in [] if args.report_only else args.corpus:
        makers = {"kernel": lambda: make_kernel(work, args.kernel_tarball),
                  "kernel-subset": lambda: make_kernel_subset(work, args.kernel_tarball), "stdlib": lambda: make_stdlib(work)}
        corpus = makers[name]()
        results.append(bench_corpus(name, corpus, work, args.calls))
        (work / f"scale-{name}.json").write_text(json.dumps(results[-1], indent=2, default=str))
    report = render(results, args.calls, " ".join([".venv/bin/python bench/scale.py", *sys.argv[1:]]))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report)
    sys.stdout.write(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
