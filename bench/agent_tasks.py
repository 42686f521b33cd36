"""Agent task suite (issue 12): one contexteer call per question against the shortest shell pipeline.

Usage:  .venv/bin/python bench/agent_tasks.py [--out bench/results/agent_tasks.md] [--show] [--only ID,ID]

Corpora, made at bench time in a temp dir (copies; the originals are never touched):
- go: HashiCorp Raft from the Debian package golang-github-hashicorp-raft-dev
  (/usr/share/gocode/src/github.com/hashicorp/raft, symlinks followed);
- python: httpx from this project's venv (site-packages/httpx, __pycache__ left out);
- rust: the log crate 0.4.17 from /usr/share/cargo/registry (Debian librust-log-dev);
- tokio: tokio 1.24.2 from /usr/share/cargo/registry (Debian librust-tokio-dev), most of its API inside cfg_*! macros;
- typescript: the `src/` of rxjs 7.8.2 (`npm install rxjs@7.8.2` into the temp dir);
- cpp: the spdlog 1.10.0 headers (`apt-get download libspdlog-dev=1:1.10.0+ds-0.4`, unpacked with `dpkg-deb -x`);
- java: Capacitor Android 8.6.0's Java library (`npm pack @capacitor/android@8.6.0`, unpacked);
- kotlin: expo-modules-core 58.2.0's android/ folder (`npm pack expo-modules-core@58.2.0`, unpacked);
- swift: the same package's ios/ folder;
- ruby: Sequel 5.63.0's library tree (`apt-get download ruby-sequel=5.63.0-1`, unpacked with `dpkg-deb -x`).
A repository that cannot be made is reported as skipped, with the reason.

Every question has the facts a complete answer must contain, checked by hand against the sources (names,
numbers, paths; word-bounded, case-sensitive; a tuple is a choice of spellings), and sometimes facts a correct
answer must not contain. Each question names the contexteer call a good agent makes first and the shortest
shell pipeline (rg/sed/awk, run in the repository dir with the venv's `rg`) that answers it completely: for
callers that is an awk tracking the enclosing definition, since a list of call lines does not name the caller.

The contexteer call goes through the real server and the MCP SDK client in-process, default settings (text
content only, which is what a model reads). Tokens of both outputs are counted with contexteer's counter.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from contexteer.tokens import get_counter  # noqa: E402

Fact = str | tuple[str, ...]

TARGET_ONE_CALL = 0.90
TARGET_TOKEN_RATIO = 0.50

RAFT_SRC = Path("/usr/share/gocode/src/github.com/hashicorp/raft")
LOG_SRC = Path("/usr/share/cargo/registry/log-0.4.17")
TOKIO_SRC = Path("/usr/share/cargo/registry/tokio-1.24.2")
HTTPX_SRC = Path(sys.prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}" / "site-packages" / "httpx"
RXJS_SPEC = "rxjs@7.8.2"
SPDLOG_DEB = "libspdlog-dev=1:1.10.0+ds-0.4"
SEQUEL_DEB = "ruby-sequel=5.63.0-1"  # the Debian package's /usr/lib/ruby/vendor_ruby/sequel (Ruby)
EXPO_SPEC = "expo-modules-core@58.2.0"  # the npm package's android/ folder (Kotlin, some Java, C++/JNI)
CAPACITOR_SPEC = "@capacitor/android@8.6.0"  # the npm package's Java library (capacitor/src/main/java)  # the Debian package's /usr/include/spdlog (header-only C++)


@dataclass
class Q:
    repo: str
    qid: str
    kind: str
    question: str
    tool: str
    args: dict[str, Any]
    facts: list[Fact]
    shell: str
    absent: list[str] = field(default_factory=list)  # what a correct answer must not say
    note: str = ""


# ----- the questions ---------------------------------------------------------------------------------
# kinds: definition, callers, implementations, subclasses, callees, imports, signature, constant, error, at-line

GO = [
    Q("go", "go-def", "definition", "Where is NewRaft defined?",
      "search_symbol", {"query": "NewRaft"},
      ["api.go:445"],
      r"rg -n '^func NewRaft\('"),
    Q("go", "go-callers-method", "callers", "Which functions call the method Raft.setLeader (name each caller)?",
      "find_related", {"symbol": "Raft.setLeader", "relation": "callers"},
      ["NewRaft", "run", "runFollower", "runCandidate", "appendEntries", "installSnapshot", "setState", "timeoutNow"],
      r'''awk '/^func /{f=$0} /\.setLeader\(/{print FILENAME":"FNR": "f}' *.go'''),
    Q("go", "go-callers-func", "callers", "Which functions call asyncNotifyCh (name each caller)?",
      "find_related", {"symbol": "asyncNotifyCh", "relation": "callers"},
      ["recalculate", "startStopReplication", "verifyLeader", "dispatchLogs", "handleStaleTerm"],
      r'''awk '/^func /{f=$0} /[^.]asyncNotifyCh\(/ && !/^func/{print FILENAME":"FNR": "f}' *.go'''),
    Q("go", "go-impl", "implementations", "Which types implement the SnapshotStore interface?",
      "find_related", {"symbol": "SnapshotStore", "relation": "implementations"},
      ["DiscardSnapshotStore", "FileSnapshotStore", "InmemSnapshotStore"],
      r"rg -IN -o '^func \(\w+ \*?(\w+)\) (Create|List|Open)\(' -r '$1' | sort | uniq -c | awk '$1==3{print $2}'"),
    Q("go", "go-impl-transport", "implementations", "Which types implement the Transport interface?",
      "find_related", {"symbol": "Transport", "relation": "implementations"},
      ["InmemTransport", "NetworkTransport"],
      r"rg -IN -o '^func \(\w+ \*?(\w+)\) (AppendEntriesPipeline|AppendEntries|RequestVote|InstallSnapshot|EncodePeer|DecodePeer|SetHeartbeatHandler|TimeoutNow|Consumer|LocalAddr)\(' -r '$1' | sort | uniq -c | awk '$1==10{print $2}'"),
    Q("go", "go-impl-embed", "implementations",
      "Which struct types implement IndexFuture (Error() and Index(), methods gained by embedding included)?",
      "find_related", {"symbol": "IndexFuture", "relation": "implementations"},
      ["errorFuture", "logFuture", "configurationsFuture", "configurationChangeFuture"],
      r'''rg -IN -o '^func \(\w+ \*?(\w+)\) Index\(\) uint64' -r '$1'; awk '/^type [A-Za-z]+ struct/{t=$2} /^\t(deferError|logFuture)$/{print t, "embeds", $1}' future.go''',
      note="Error() comes from the embedded deferError (logFuture, configurationsFuture) or logFuture (configurationChangeFuture)"),
    Q("go", "go-subtypes", "subclasses", "Which interfaces embed (extend) the Future interface?",
      "find_related", {"symbol": "Future", "relation": "implementations"},
      ["IndexFuture", "SnapshotFuture", "LeadershipTransferFuture", "AppendFuture"],
      r"awk '/^type [A-Za-z]+ interface/{t=$2} /^\tFuture$/{print t}' *.go"),
    Q("go", "go-callees", "callees", "What does Raft.runFollower call?",
      "find_related", {"symbol": "Raft.runFollower", "relation": "callees"},
      ["Leader", "randomTimeout", "processRPC", "liveBootstrap", "LastContact", "setLeader", "hasVote", "setState",
       "getState", "respond", "Clone"],
      r"awk '/^func \(r \*Raft\) runFollower\(/,/^}/' raft.go | rg -o '\w+\(' | sort -u"),
    Q("go", "go-imports", "imports", "Which packages does net_transport.go import (import paths)?",
      "list_dependencies", {"path": "net_transport.go"},
      ["bufio", "context", "errors", "fmt", "github.com/hashicorp/go-hclog", "io", "net", "os", "sync", "time",
       "github.com/hashicorp/go-msgpack/codec"],
      r"sed -n '/^import (/,/^)/p' net_transport.go"),
    Q("go", "go-signature", "signature", "What is the exact signature of Raft.AddVoter?",
      "search_symbol", {"query": "Raft.AddVoter"},
      ["id ServerID", "address ServerAddress", "prevIndex uint64", "timeout time.Duration", ") IndexFuture"],
      r"rg -n 'func \(r \*Raft\) AddVoter\('"),
    Q("go", "go-const", "constant", "What is the value of maxFailureScale?",
      "search_symbol", {"query": "maxFailureScale"},
      ["12"],
      r"rg -n 'maxFailureScale\s*='"),
    Q("go", "go-error", "error", "Where (file, line, function) is the error 'snapshot path not accessible' produced?",
      "search_text", {"pattern": "snapshot path not accessible"},
      ["file_snapshot.go", "94", "NewFileSnapshotStoreWithLogger"],
      r'''awk '/^func /{f=$0} /snapshot path not accessible/{print FILENAME":"FNR": "$0"\n  in "f}' *.go'''),
    Q("go", "go-at-line", "at-line", "What is at raft.go:300 (the line and the function it is in)?",
      "read_code_range", {"path": "raft.go", "start_line": 300, "end_line": 300},
      ["c.respond(ErrNotLeader)", "runCandidate"],
      r'''awk 'NR<=300 && /^func /{f=$0} NR==300{print f; print NR": "$0; exit}' raft.go'''),
]

PY = [
    Q("python", "py-def", "definition", "Where is the class AsyncClient defined?",
      "search_symbol", {"query": "AsyncClient"},
      ["_client.py:1307"],
      r"rg -n '^class AsyncClient\b'"),
    Q("python", "py-callers-func", "callers", "Which functions call primitive_value_to_str (name each caller)?",
      "find_related", {"symbol": "primitive_value_to_str", "relation": "callers"},
      ["encode_urlencoded_data", ("DataField.__init__", "DataField"), ("QueryParams.__init__", "QueryParams"), "set", "add"],
      r'''awk '/^class /{c=$2} /^(async )?def /{c=""} /^ *(async )?def /{f=c" "$0} /primitive_value_to_str\(/ && !/def primitive_value_to_str/{print FILENAME":"FNR": "f}' $(rg --files -tpy)'''),
    Q("python", "py-callers-method", "callers",
      "Which methods call Client._send_single_request (the sync client's; name each caller)?",
      "find_related", {"symbol": "Client._send_single_request", "relation": "callers"},
      ["_send_handling_redirects"],
      r'''awk '/^class /{c=$2} /^    (async )?def /{f=c" "$0} /self\._send_single_request\(/{print FNR": "f}' _client.py''',
      absent=["AsyncClient._send_handling_redirects"],
      note="AsyncClient._send_handling_redirects calls self._send_single_request on an AsyncClient: not a caller"),
    Q("python", "py-impl", "implementations", "Which classes implement the BaseTransport interface?",
      "find_related", {"symbol": "BaseTransport", "relation": "implementations"},
      ["HTTPTransport", "MockTransport", "WSGITransport"],
      r"rg -n '^class \w+\(.*\bBaseTransport\b'"),
    Q("python", "py-impl-stream", "implementations", "Which classes implement AsyncByteStream?",
      "find_related", {"symbol": "AsyncByteStream", "relation": "implementations"},
      ["ASGIResponseStream", "AsyncResponseStream", "ByteStream", "AsyncIteratorByteStream", "UnattachedStream",
       "MultipartStream", "BoundAsyncStream"],
      r"rg -n '^class \w+\(.*\bAsyncByteStream\b'"),
    Q("python", "py-subclasses", "subclasses", "What are all the subclasses of TransportError, at any depth?",
      "find_related", {"symbol": "TransportError", "relation": "implementations", "depth": 3},
      ["TimeoutException", "ConnectTimeout", "ReadTimeout", "WriteTimeout", "PoolTimeout", "NetworkError",
       "ReadError", "WriteError", "ConnectError", "CloseError", "ProxyError", "UnsupportedProtocol",
       "ProtocolError", "LocalProtocolError", "RemoteProtocolError"],
      r'''rg -o '^class (\w+)\((\w+)' -r '$2 $1' _exceptions.py | awk '{k[$2]=$1} END{for(c in k){p=c; while(p in k && p!="TransportError") p=k[p]; if(p=="TransportError") print c}}' '''),
    Q("python", "py-overrides", "implementations", "Which methods override Auth.auth_flow?",
      "find_related", {"symbol": "Auth.auth_flow", "relation": "implementations"},
      ["FunctionAuth", "BasicAuth", "NetRCAuth", "DigestAuth"],
      r'''awk '/^class /{c=$0} /^    def auth_flow\(/{print FNR": "c}' _auth.py'''),
    Q("python", "py-callees", "callees", "What does Client.send call?",
      "find_related", {"symbol": "Client.send", "relation": "callees"},
      ["_set_timeout", "_build_request_auth", "_send_handling_auth", "read", "close", "RuntimeError"],
      r"awk '/^    def send\(/{p=1} p && /^    def _send_handling_auth/{exit} p' _client.py | rg -o '[\w.]+\(' | sort -u"),
    Q("python", "py-imports", "imports", "Which modules does _client.py import at module level?",
      "list_dependencies", {"path": "_client.py"},
      ["__future__", "datetime", "enum", "logging", "time", "typing", "warnings", "contextlib", "types",
       "__version__", "_auth", "_config", "_decoders", "_exceptions", "_models", "_status_codes",
       ("_transports.base", "_transports/base"), ("_transports.default", "_transports/default"), "_types", "_urls",
       "_utils"],
      r"rg -n '^(from \S+ )?import \S+' -o _client.py"),
    Q("python", "py-signature", "signature", "What is the exact signature of the module-level function request in _api.py?",
      "search_symbol", {"query": "request", "path": "_api.py"},
      ["method: str", "url: URL | str", "params: QueryParamTypes | None = None", "timeout: TimeoutTypes = DEFAULT_TIMEOUT_CONFIG",
       "follow_redirects: bool = False", "verify: ssl.SSLContext | str | bool = True", "trust_env: bool = True",
       "-> Response"],
      r"awk '/^def request\(/{p=1} p{print} p && /:$/{exit}' _api.py"),
    Q("python", "py-const", "constant", "What is the value of DEFAULT_LIMITS?",
      "search_symbol", {"query": "DEFAULT_LIMITS"},
      ["max_connections=100", "max_keepalive_connections=20"],
      r"rg -n '^DEFAULT_LIMITS ='"),
    Q("python", "py-error", "error",
      "Where (file, line, function) is 'Exceeded maximum allowed redirects.' raised?",
      "search_text", {"pattern": "Exceeded maximum allowed redirects"},
      ["_client.py", "973", "1688", ("Client._send_handling_redirects", "_send_handling_redirects"),
       "AsyncClient"],
      r'''awk '/^class /{c=$2} /^    (async )?def /{f=c" "$0} /Exceeded maximum allowed redirects/{print FILENAME":"FNR": "f}' _client.py'''),
    Q("python", "py-at-line", "at-line", "What is at _models.py:600 (the line and the definition it is in)?",
      "read_code_range", {"path": "_models.py", "start_line": 600, "end_line": 600},
      ["if self._request is None:", "request", "Response"],
      r'''awk 'NR<=600 && /^class /{c=$0} NR<=600 && /^ *def /{f=$0} NR==600{print c; print f; print NR": "$0; exit}' _models.py'''),
]

RS = [
    Q("rust", "rs-def", "definition", "Where is set_logger defined?",
      "search_symbol", {"query": "set_logger"},
      [("src/lib.rs:1464-1467", "src/lib.rs:1465")],  # the range holds its #[cfg(atomic_cas)] attribute (line 1464)
      r"rg -n 'fn set_logger\('"),
    Q("rust", "rs-callers", "callers", "Which functions call set_logger_inner (name each caller)?",
      "find_related", {"symbol": "set_logger_inner", "relation": "callers"},
      ["set_boxed_logger", "set_logger"],
      r'''awk '/^ *(pub )?(unsafe )?fn /{f=$0} /[^ ]set_logger_inner\(|^ *set_logger_inner\(/{print FILENAME":"FNR": "f}' src/lib.rs'''),
    Q("rust", "rs-callers-method", "callers", "Which functions call LevelFilter::from_usize (name each caller)?",
      "find_related", {"symbol": "LevelFilter.from_usize", "relation": "callers"},
      ["to_level_filter", "from_str", "iter"],
      r'''awk '/^impl/{i=$0} /^ *(pub )?fn /{f=i" / "$0} /LevelFilter::from_usize\(/ || (i ~ /^impl LevelFilter/ && /Self::from_usize\(/){print FNR": "f}' src/lib.rs''',
      absent=["Level.from_str", "LevelFilter.to_level", "Level.iter"],
      note="Level::from_str, Level::iter and LevelFilter::to_level call Level::from_usize instead"),
    Q("rust", "rs-callers-macro", "callers", "Where is max_level() called (the enclosing macro or function)?",
      "find_related", {"symbol": "max_level", "relation": "callers"},
      ["log", "log_enabled"],
      r'''awk '/^macro_rules!|^ *(pub )?fn /{f=$0} /max_level\(\)/ && !/^ *\/\//{print FILENAME":"FNR": "f}' src/*.rs'''),
    Q("rust", "rs-impl-log", "implementations", "Which types implement the Log trait?",
      "find_related", {"symbol": "Log", "relation": "implementations"},
      ["NopLogger", "&'_ T", "Box<T>", "Arc<T>"],
      r"rg -n '^impl.* Log for ' src",
      absent=["tests.test_downcast_ref.Foo"]),
    Q("rust", "rs-impl-source", "implementations", "Which types implement the kv Source trait?",
      "find_related", {"symbol": "Source", "relation": "implementations"},
      ["&'a T", "(K, V)", "[S]", "Option<S>", "Box<S>", "Vec<S>", "HashMap<K, V, S>", "BTreeMap<K, V>",
       "AsMap", "AsList"],
      r"rg -n 'impl.* Source for ' src/kv/source.rs"),
    Q("rust", "rs-callees", "callees", "What does set_logger_inner call?",
      "find_related", {"symbol": "set_logger_inner", "relation": "callees"},
      ["compare_exchange", "make_logger", "store", "load", "spin_loop_hint", "SetLoggerError"],
      r"awk '/^fn set_logger_inner/{p=1} p{print} p && /^}/{exit}' src/lib.rs | rg -o '\w+\(' | sort -u",
      absent=["Level.Err"]),
    Q("rust", "rs-imports", "imports", "What does src/serde.rs import (crates and modules)?",
      "list_dependencies", {"path": "src/serde.rs"},
      ["serde", "std", ("src/lib.rs", "LOG_LEVEL_NAMES")],
      r"rg -n '^(extern crate|use) ' src/serde.rs",
      note="`use {Level, LevelFilter, LOG_LEVEL_NAMES};` is the crate root (edition 2015), i.e. src/lib.rs"),
    Q("rust", "rs-signature", "signature", "What is the exact signature of set_logger_racy?",
      "search_symbol", {"query": "set_logger_racy"},
      ["pub unsafe fn set_logger_racy", "logger: &'static dyn Log", "Result<(), SetLoggerError>"],
      r"rg -n 'fn set_logger_racy\('"),
    Q("rust", "rs-const", "constant", "What is the value of LOG_LEVEL_NAMES?",
      "search_symbol", {"query": "LOG_LEVEL_NAMES"},
      ["OFF", "ERROR", "WARN", "INFO", "DEBUG", "TRACE"],
      r"rg -n 'LOG_LEVEL_NAMES:'"),
    Q("rust", "rs-error", "error",
      "Where is the message 'attempted to set a logger after the logging system was already initialized' defined, and where is it used?",
      "search_symbol", {"query": "SET_LOGGER_ERROR", "references": True},
      ["src/lib.rs:412", "SET_LOGGER_ERROR", "1545"],
      r"rg -n 'attempted to set a logger|SET_LOGGER_ERROR' src",
      note="a good agent searches the text first; the message is split over two source lines, so search_text of the "
           "whole message finds nothing; this asks the symbol the first search names"),
    Q("rust", "rs-at-line", "at-line", "What is at src/lib.rs:1480 (the line and the function it is in)?",
      "read_code_range", {"path": "src/lib.rs", "start_line": 1480, "end_line": 1480},
      ["Ok(s) | Err(s) => s,", "set_logger_inner"],
      r'''awk 'NR<=1480 && /^ *(pub )?fn /{f=$0} NR==1480{print f; print NR": "$0; exit}' src/lib.rs'''),
]

TOKIO = [
    Q("tokio", "tk-def", "definition", "Where is tokio::spawn (the free function that spawns a task) defined, with its signature?",
      "search_symbol", {"query": "spawn", "kind": "function"},
      [("src/task/spawn.rs:160-173", "src/task/spawn.rs:161"), "pub fn spawn<T>(future: T) -> JoinHandle<T::Output>"],
      r"rg -Hn -A4 'pub fn spawn<T>' src/task/spawn.rs"),
    Q("tokio", "tk-callers-method", "callers", "Which functions call the method Handle::spawn_blocking (name each caller)?",
      "find_related", {"symbol": "Handle::spawn_blocking", "relation": "callers"},
      ["spawn_blocking", ("Runtime.spawn_blocking", "src/runtime/runtime.rs:220")],
      r'''awk '/^ *(pub(\(crate\))? )?fn /{f=$0} !/^ *\/\// && /(rt|self\.handle)\.spawn_blocking\(/{print FILENAME":"FNR": "f}' src/runtime/blocking/pool.rs src/runtime/runtime.rs''',
      absent=["asyncify", "File.set_len", "Launch.launch"],
      note="the free functions task::spawn_blocking and runtime::spawn_blocking share the name; only rt.spawn_blocking "
           "(rt = Handle::current()) and self.handle.spawn_blocking call the method"),
    Q("tokio", "tk-impl", "implementations", "Which types implement the AsyncBufRead trait?",
      "find_related", {"symbol": "AsyncBufRead", "relation": "implementations"},
      ["Box<T>", "&mut T", "Pin<P>", "&[u8]", "io::Cursor<T>", "BufReader", "BufStream", "BufWriter", "Chain", "Empty",
       "Take"],
      r"rg -n 'impl.* AsyncBufRead for ' src",
      absent=["base class"], note="AsyncBufReadExt is a subtrait, not an implementation"),
    Q("tokio", "tk-callees", "callees", "What does Runtime::block_on call?",
      "find_related", {"symbol": "Runtime::block_on", "relation": "callees"},
      [("Runtime.enter", "enter("), ("Id.next", "Id::next("), ("src/util/trace.rs", "trace::task("), "block_on"],
      r"awk '/pub fn block_on<F: Future>\(&self/{p=1} p{print} p && /^    }/{exit}' src/runtime/runtime.rs | rg -o '[\w:]+\(' | sort -u",
      note="exec.block_on is the scheduler's (CurrentThread or MultiThread, by the match arm)"),
    Q("tokio", "tk-error", "error", "Where is the panic 'Cannot start a runtime from within a runtime' raised (file, line, function)?",
      "search_text", {"pattern": "Cannot start a runtime from within a runtime"},
      ["src/runtime/context.rs:184", "enter_runtime"],
      r'''awk '/fn /{f=$0} /Cannot start a runtime from within/{print FILENAME":"FNR": "f}' src/runtime/context.rs'''),
    Q("tokio", "tk-at-line", "at-line", "What is at src/sync/mpsc/bounded.rs:230 (the line and the method it is in)?",
      "read_code_range", {"path": "src/sync/mpsc/bounded.rs", "start_line": 230, "end_line": 230},
      ["poll_fn(|cx| self.chan.recv(cx)).await", ("Receiver.recv", "impl<T> Receiver<T>"), ("Receiver.recv", "fn recv")],
      r'''awk '/^impl/{i=$0} NR<=230 && /^ *(pub )?(async )?fn /{f=$0} NR==230{print i" / "f; print NR": "$0; exit}' src/sync/mpsc/bounded.rs'''),
]

TS = [
    Q("typescript", "ts-def", "definition", "Where is the mergeMap operator implemented?",
      "search_symbol", {"query": "mergeMap"},
      ["internal/operators/mergeMap.ts:81"],
      r"rg -n '^export function mergeMap\b' | tail -1",
      note="three overload signatures come first; the last one is the implementation"),
    Q("typescript", "ts-callers", "callers", "Which functions call argsOrArgArray (name each caller)?",
      "find_related", {"symbol": "argsOrArgArray", "relation": "callers"},
      ["zip", "onErrorResumeNext", "onErrorResumeNextWith", "combineLatest", "internal/observable/race.ts",
       "internal/operators/race.ts"],
      r'''awk '/^export function /{f=$0} /argsOrArgArray\(/ && !/^export function argsOrArgArray/{print FILENAME":"FNR": "f}' $(rg -l 'argsOrArgArray\(')'''),
    Q("typescript", "ts-callers-2", "callers", "Which functions call executeSchedule (name each caller)?",
      "find_related", {"symbol": "executeSchedule", "relation": "callers"},
      ["maybeSchedule", "bufferTime", "mergeInternals", "timeout", "scheduleAsyncIterable", "scheduleIterable",
       "observeOn", "windowTime"],
      r'''awk '/^(export )?function /{f=$0} /executeSchedule\(/ && !/^export function executeSchedule/{print FILENAME":"FNR": "f}' $(rg -l 'executeSchedule\(')'''),
    Q("typescript", "ts-impl", "implementations", "Which classes implement the Observer interface?",
      "find_related", {"symbol": "Observer", "relation": "implementations"},
      ["Subscriber", "ConsumerObserver"],
      r"rg -n 'class \w+.* implements .*\bObserver\b'"),
    Q("typescript", "ts-impl-class", "implementations", "Which classes implement SubscriptionLoggable?",
      "find_related", {"symbol": "SubscriptionLoggable", "relation": "implementations"},
      ["HotObservable", "ColdObservable"],
      r"rg -n 'class \w+.* implements .*\bSubscriptionLoggable\b'"),
    Q("typescript", "ts-subclasses", "subclasses", "What are all the subclasses of Subject, at any depth?",
      "find_related", {"symbol": "Subject", "relation": "implementations", "depth": 3},
      ["AsyncSubject", "BehaviorSubject", "ReplaySubject", "AnonymousSubject", "HotObservable", "WebSocketSubject"],
      r'''rg -IN -o 'class (\w+)(<[^>]*>)? extends (\w+)' -r '$3 $1' | awk '{k[$2]=$1} END{for(c in k){p=c; while(p in k && p!="Subject") p=k[p]; if(p=="Subject") print c}}' '''),
    Q("typescript", "ts-subclasses-2", "subclasses", "Which classes extend AsyncAction?",
      "find_related", {"symbol": "AsyncAction", "relation": "implementations"},
      ["QueueAction", "AsapAction", "AnimationFrameAction", "VirtualAction"],
      r"rg -n 'class \w+(<[^>]*>)? extends AsyncAction\b'"),
    Q("typescript", "ts-callees", "callees", "What does mergeInternals call?",
      "find_related", {"symbol": "mergeInternals", "relation": "callees"},
      ["createOperatorSubscriber", "innerFrom", "executeSchedule", "doInnerSub", "outerNext", "checkComplete",
       "subscribe", "push", "shift", "next", "complete", "error"],
      r"awk '/^export function mergeInternals/{p=1} p && /^}/{exit} p' internal/operators/mergeInternals.ts | rg -o '\w+\(' | sort -u"),
    Q("typescript", "ts-imports", "imports", "Which modules does internal/Observable.ts import?",
      "list_dependencies", {"path": "internal/Observable.ts"},
      [("internal/Operator.ts", "./Operator"), ("internal/Subscriber.ts", "./Subscriber"),
       ("internal/Subscription.ts", "./Subscription"), ("internal/types.ts", "./types"),
       ("internal/symbol/observable.ts", "./symbol/observable"), ("internal/util/pipe.ts", "./util/pipe"),
       ("internal/config.ts", "./config"), ("internal/util/isFunction.ts", "./util/isFunction"),
       ("internal/util/errorContext.ts", "./util/errorContext")],
      r"rg -n '^import ' internal/Observable.ts"),
    Q("typescript", "ts-signature", "signature", "What is the exact signature of mergeInternals?",
      "search_symbol", {"query": "mergeInternals"},
      ["source: Observable<T>", "subscriber: Subscriber<R>", "project: (value: T, index: number) => ObservableInput<R>",
       "concurrent: number", "onBeforeNext?: (innerValue: R) => void", "expand?: boolean",
       "innerSubScheduler?: SchedulerLike", "additionalFinalizer?: () => void"],
      r"awk '/^export function mergeInternals/{p=1} p{print} p && /\{$/{exit}' internal/operators/mergeInternals.ts"),
    Q("typescript", "ts-const", "constant", "What is the value of the global config object (every field)?",
      "search_symbol", {"query": "config", "path": "internal/config.ts"},
      ["onUnhandledError: null", "onStoppedNotification: null", "Promise: undefined",
       "useDeprecatedSynchronousErrorHandling: false", "useDeprecatedNextContext: false"],
      r"sed -n '/^export const config/,/^};/p' internal/config.ts"),
    Q("typescript", "ts-error", "error", "Where (file, line, definition) is the message 'no elements in sequence' set?",
      "search_text", {"pattern": "no elements in sequence"},
      ["internal/util/EmptyError.ts", "28", "EmptyError"],
      r"rg -n 'no elements in sequence' internal"),
    Q("typescript", "ts-at-line", "at-line", "What is at internal/Subscriber.ts:100 (the line and the definition it is in)?",
      "read_code_range", {"path": "internal/Subscriber.ts", "start_line": 100, "end_line": 100},
      ["this._complete();", "complete", "Subscriber"],
      r'''awk 'NR<=100 && /^export class /{c=$0} NR<=100 && /^  [a-z_][A-Za-z_]*\(.*\{$/{f=$0} NR==100{print c; print f; print NR": "$0; exit}' internal/Subscriber.ts'''),
]

# spdlog 1.10.0, header-only C++: out-of-line members in X-inl.h behind `SPDLOG_INLINE`, templates on a Mutex
_INL = r"/^[A-Za-z].*SPDLOG_INLINE .*::~?[A-Za-z_0-9]+\(|^SPDLOG_INLINE /"  # (awk: no \w)
CPP = [
    Q("cpp", "cpp-def", "definition", "Where is details::file_helper::open declared and defined, with its signature?",
      "search_symbol", {"query": "file_helper.open"},
      ["spdlog/details/file_helper-inl.h:32", "spdlog/details/file_helper.h:26", "const filename_t &fname", "bool truncate"],
      r"rg -n 'file_helper::open\(|void open\(' spdlog/details"),
    Q("cpp", "cpp-callers-method", "callers", "Which functions call logger::sink_it_ (name each caller)?",
      "find_related", {"symbol": "logger.sink_it_", "relation": "callers"},
      ["log_it_", "dump_backtrace_", "170", "215", "216", "217"],
      r"awk '" + _INL + r'''{f=$0} /[^:>.A-Za-z_0-9]sink_it_\(|this->sink_it_\(/{print FNR": "f}' spdlog/logger-inl.h''',
      absent=["base_sink.log"]),
    Q("cpp", "cpp-callers-private", "callers", "Which functions call rotating_file_sink::rotate_ (name each caller)?",
      "find_related", {"symbol": "rotating_file_sink.rotate_", "relation": "callers"},
      [("rotating_file_sink.rotating_file_sink", "rotating_file_sink<Mutex>::rotating_file_sink"), "sink_it_", "47", "89"],
      r"awk '" + _INL + r'''{f=$0} /rotate_\(\);/{print FNR": "f}' spdlog/sinks/rotating_file_sink-inl.h'''),
    Q("cpp", "cpp-subclasses", "subclasses", "Which classes derive from base_sink, at any depth?",
      "find_related", {"symbol": "base_sink", "relation": "implementations", "depth": 3},
      ["android_sink", "basic_file_sink", "daily_file_sink", "dist_sink", "dup_filter_sink", "hourly_file_sink",
       "mongo_sink", "msvc_sink", "null_sink", "ostream_sink", "qt_sink", "ringbuffer_sink", "rotating_file_sink",
       "syslog_sink", "systemd_sink", "tcp_sink", "udp_sink", "win_eventlog_sink"],
      r"rg -n 'class \w+.*: public (spdlog::sinks::)?(base_sink|dist_sink)<' spdlog/sinks"),
    Q("cpp", "cpp-callees", "callees", "What does thread_pool::process_next_msg_ call (resolved to definitions)?",
      "find_related", {"symbol": "thread_pool.process_next_msg_", "relation": "callees"},
      [("mpmc_blocking_queue.dequeue_for", "q_.dequeue_for"), ("async_logger.backend_sink_it_", "worker_ptr->backend_sink_it_"),
       ("async_logger.backend_flush_", "worker_ptr->backend_flush_")],
      r"sed -n '103,133p' spdlog/details/thread_pool-inl.h | rg -o '\w+(->|\.)\w+\('",
      note="the receiver worker_ptr is an async_logger_ptr, `using async_logger_ptr = std::shared_ptr<spdlog::async_logger>`"),
    Q("cpp", "cpp-imports", "imports", "What does spdlog/details/registry-inl.h include, under which conditions?",
      "list_dependencies", {"path": "spdlog/details/registry-inl.h"},
      ["spdlog/details/registry.h", "SPDLOG_HEADER_ONLY", "spdlog/common.h", "spdlog/details/periodic_worker.h",
       "spdlog/logger.h", "spdlog/pattern_formatter.h", "spdlog/sinks/wincolor_sink.h", "_WIN32",
       "spdlog/sinks/ansicolor_sink.h", "chrono", "functional", "memory", "string", "unordered_map"],
      r"rg -n '#\s*(include|if|else|endif)' spdlog/details/registry-inl.h | sed -n '1,21p'"),
    Q("cpp", "cpp-const", "constant", "What is the value of SPDLOG_LEVEL_WARN?",
      "search_symbol", {"query": "SPDLOG_LEVEL_WARN"},
      ["SPDLOG_LEVEL_WARN 3", "spdlog/common.h:200"],
      r"rg -n 'define SPDLOG_LEVEL_WARN' spdlog"),
    Q("cpp", "cpp-error", "error", "Where (file, line, function) is 'rotating_file_sink: failed renaming' thrown?",
      "search_text", {"pattern": "rotating_file_sink: failed renaming"},
      ["spdlog/sinks/rotating_file_sink-inl.h:134", "rotate_"],
      r"awk '" + _INL + r'''{f=$0} /failed renaming/{print FILENAME":"FNR": "f}' spdlog/sinks/rotating_file_sink-inl.h'''),
    Q("cpp", "cpp-at-line", "at-line", "What is at spdlog/details/thread_pool-inl.h:115 (the line and the function it is in)?",
      "read_code_range", {"path": "spdlog/details/thread_pool-inl.h", "start_line": 115, "end_line": 115},
      ["process_next_msg_", "backend_sink_it_", "103"],
      r"awk '" + _INL + r'''{f=FNR": "$0} FNR==115{print f; print FNR": "$0; exit}' spdlog/details/thread_pool-inl.h'''),
]

# What explains an expected fact a reader may not see at once (shown beside a miss).
NOTES = {
    "go-impl-transport": "InmemTransport has all ten methods; two spell a parameter differently from the interface, same "
                         "types: SetHeartbeatHandler(cb func(RPC)) for cb func(rpc RPC), EncodePeer(id ServerID, p ServerAddress)",
    "go-imports": "the last import path is a package of the module github.com/hashicorp/go-msgpack",
    "py-signature": "17 parameters over 19 lines",
    "rs-callers-macro": "the calls are `$crate::max_level()` inside the macro_rules! bodies of log (twice) and log_enabled",
    "rs-impl-log": "three of the four are generic impls on std types (impl<T> Log for &'_ T, Box<T>, Arc<T>); the test "
                   "struct Foo in src/kv/value.rs has nothing to do with Log",
    "rs-impl-source": "eight of the ten are impls on references, tuples, slices and std types",
    "rs-callees": "make_logger is the F: FnOnce parameter, called at line 1485; Err(...) is Result's variant, not the "
                  "associated type Level::Err",
    "ts-callees": "checkComplete, outerNext and doInnerSub are local arrow functions (const) inside mergeInternals",
    "ts-signature": "8 parameters over 10 lines",
    "ts-const": "an object literal over lines 8-14",
}

# Capacitor Android 8.6.0 (npm @capacitor/android), Java: overloads told per call, library-typed receivers
_J = "capacitor/src/main/java/com/getcapacitor"
_JM = r"/^    (public |private |protected )?(static )?[A-Za-z<>]+ [a-zA-Z]+\(/{f=$0}"  # (awk: a method's head line)
_JPRINT = r"""{print FILENAME":"FNR": "f}"""
JAVA = [
    Q("java", "java-def", "definition", "Where is Bridge.registerForActivityResult defined, with its signature?",
      "search_symbol", {"query": "Bridge.registerForActivityResult"},
      [("Bridge.java:1008", "1008"), "ActivityResultContract<I, O> contract", "ActivityResultCallback<O> callback",
       "ActivityResultLauncher<I>"],
      f"rg -n -A3 'ActivityResultLauncher<I> registerForActivityResult' {_J}/Bridge.java"),
    Q("java", "java-callers-overload", "callers",
      "Which functions call CapacitorCookieManager.setCookie(String url, String value) (one of its three overloads; "
      "name each caller)?",
      "find_related", {"symbol": "CapacitorCookieManager.setCookie(String, String)", "relation": "callers"},
      ["168", "173", "206", "209", "44", "100", "109", "deleteCookie", "clearCookies", ("put", "put(URI")],
      "awk '" + _JM + r" /(^|[^.A-Za-z])setCookie\((url|uri|getDomain)|cookieManager\.setCookie\(/ && !/expires, path\)|String url/"
      + _JPRINT + f"' {_J}/plugin/CapacitorCookieManager.java {_J}/plugin/CapacitorCookies.java",
      note="89 calls the five-parameter overload; 152 and CapacitorCordovaCookieManager.java:25 call android.webkit's"),
    Q("java", "java-impl", "implementations", "Which classes implement the HostMask interface?",
      "find_related", {"symbol": "HostMask", "relation": "implementations"},
      [("HostMask.Simple", "class Simple"), ("HostMask.Any", "class Any"), ("HostMask.Nothing", "class Nothing")],
      f"rg -n 'implements HostMask' {_J}"),
    Q("java", "java-callees", "callees", "What does MessageHandler.postMessage call (which overload of each)?",
      "find_related", {"symbol": "MessageHandler.postMessage", "relation": "callees"},
      ["Logger.verbose", "Logger.tags", "Logger.error", "callPluginMethod", "callCordovaPluginMethod", "getJSObject",
       "getString"],
      f"awk 'NR>=50 && NR<=99' {_J}/MessageHandler.java | "
      + r"rg -o '(Logger\.\w+|this\.\w+|new \w+|\.getString|\.getJSObject)\(' | sort -u",
      absent=["36-38"]),  # verbose(String), which neither two-argument call means
    Q("java", "java-const", "constant", "What is the value of Bridge.DEFAULT_ANDROID_WEBVIEW_VERSION?",
      "search_symbol", {"query": "DEFAULT_ANDROID_WEBVIEW_VERSION"},
      [("Bridge.java:105", "105"), "60"],
      f"rg -n 'DEFAULT_ANDROID_WEBVIEW_VERSION =' {_J}"),
    Q("java", "java-error", "error",
      "Where (file, line, method) is 'There is no PermissionCallback method registered' produced?",
      "search_text", {"pattern": "There is no PermissionCallback method registered"},
      [("Plugin.java:558", "558"), "getPermissionLauncherOrReject"],
      "awk '/getPermissionLauncherOrReject\\(/{f=FNR\": \"$0} /There is no PermissionCallback/" + _JPRINT
      + f"' {_J}/Plugin.java"),
    Q("java", "java-at-line", "at-line", "What is at WebViewLocalServer.java:673 (the line and the methods it is in)?",
      "read_code_range", {"path": f"{_J}/WebViewLocalServer.java", "start_line": 673, "end_line": 673},
      ["createHostingDetails", "handle", "getRouteProcessor().process"],
      r"""awk 'NR<=673 && /^    (private|public|protected) .*\(/{m=FNR": "$0} NR<=673 && /public InputStream handle\(Uri/"""
      r"""{h=FNR": "$0} NR==673{print m; print h; print FNR": "$0; exit}' """ + f"{_J}/WebViewLocalServer.java"),
]

# expo-modules-core 58.2.0 Android (npm expo-modules-core), Kotlin: headers with constructors of function types,
# object expressions, property readers, extension functions, scope-function lambdas
_K = "android/src/main/java/expo/modules/kotlin"
_KT_FILES = "$(find android/src/main/java -name '*.kt')"
KOTLIN = [
    Q("kotlin", "kt-def", "definition", "Where is the extension function toCodedException defined, with its signature?",
      "search_symbol", {"query": "toCodedException"},
      [("CodedException.kt:13", "13"), "Throwable?.toCodedException()", "inline"],
      rf"rg -n 'fun Throwable\?\.toCodedException' {_K}"),
    Q("kotlin", "kt-callers-property", "callers",
      "Which functions read the property ModuleHolder.jsObject (name each reader; parameters named jsObject are not it)?",
      "find_related", {"symbol": "ModuleHolder.jsObject", "relation": "callers"},
      ["safeJSObject", "getJavaScriptModuleObject", "getCoreModuleObject", ("ModuleHolder.kt:30", "30"), "120", "49"],
      r"""awk '/ fun [a-zA-Z]+\(|^  val [a-zA-Z]+:/{f=$0} /[.?]jsObject([^A-Za-z"]|$)|^ *jsObject *$/{print FILENAME":"FNR": "f}' """
      + _KT_FILES,
      absent=["AsyncFunctionComponent.attachToJSObject", "emitNative"]),
    Q("kotlin", "kt-impl", "implementations",
      "Which classes implement the TypeConverterProvider interface (object expressions included)?",
      "find_related", {"symbol": "TypeConverterProvider", "relation": "implementations"},
      ["TypeConverterProviderImpl", "MergedTypeConverterProvider", "buildTypeConverterProvider"],
      r"""awk '/^(object|class|open class|abstract class) |^  fun /{f=$0} /object : TypeConverterProvider|\) : TypeConverterProvider|object [A-Za-z]+ : TypeConverterProvider/{print FILENAME":"FNR": "f}' """
      + _KT_FILES),
    Q("kotlin", "kt-subclasses", "subclasses", "What are all the subclasses of AnyFunction, at any depth?",
      "find_related", {"symbol": "AnyFunction", "relation": "implementations", "depth": 3},
      ["BaseAsyncFunctionComponent", "AsyncFunctionComponent", "SyncFunctionComponent", "SuspendFunctionComponent",
       "AsyncFunctionWithPromiseComponent", "UntypedAsyncFunctionComponent", "IntAsyncFunctionComponent",
       "BoolAsyncFunctionComponent", "DoubleAsyncFunctionComponent", "FloatAsyncFunctionComponent",
       "StringAsyncFunctionComponent"],
      r"rg -U --no-filename -o '(?ms)^(?:[a-z]+ )*class (\w+)[^{]*?\)\s*:\s*(\w+)' -r '$2 $1' " + f"{_K}/functions"
      + r""" | awk '{k[$2]=$1} END{for(c in k){p=c; n=0; while(p in k && p!="AnyFunction" && n<9){p=k[p];n++} """
      + r"""if(p=="AnyFunction") print c}}'"""),
    Q("kotlin", "kt-callees", "callees", "What does ModuleHolder.export call?",
      "find_related", {"symbol": "ModuleHolder.export", "relation": "callees"},
      ["registerModuleName", "exportConstants", "exportFunctions", "exportProperties", "exportViewPrototypes",
       "exportClasses"],
      rf"awk 'NR>=59 && NR<=79' {_K}/ModuleHolder.kt | rg -o '\w+\(' | sort -u"),
    Q("kotlin", "kt-const", "constant", "What are the values of the two constants named DEFAULT_MESSAGE?",
      "search_symbol", {"query": "DEFAULT_MESSAGE"},
      ["App context destroyed. All coroutines are cancelled.", "Module destroyed. All coroutines are cancelled.",
       "ContextDestroyedException.kt", "ModuleDestroyedException.kt"],
      "rg -n 'const val DEFAULT_MESSAGE' android/src/main/java"),
    Q("kotlin", "kt-error", "error",
      "Where (file, line, class) is the message \"Value for field '...' is required, got nil\" produced?",
      "search_text", {"pattern": "is required, got nil"},
      [("CodedException.kt:138", "138"), "FieldRequiredException"],
      f"rg -n -B1 'is required, got nil' {_K}/exception"),
    Q("kotlin", "kt-at-line", "at-line",
      "What is at ModuleHolder.kt:69 (the line and the blocks and definitions it is in)?",
      "read_code_range", {"path": f"{_K}/ModuleHolder.kt", "start_line": 69, "end_line": 69},
      ["exportFunctions(name, appContext)", "objectDefinition.apply", "with(definition)",
       ("ModuleHolder.export", "JSDecoratorsBridgingObject.export")],
      r"""awk 'NR>=59 && NR<=69 && /fun |with\(|apply \{/{print FNR": "$0} NR==69{print FNR": "$0; exit}' """
      + f"{_K}/ModuleHolder.kt"),
]

# expo-modules-core 58.2.0 iOS (npm expo-modules-core), Swift: protocols conformed to in extensions of library types,
# overloads told by argument labels, protocol requirements and their extensions' defaults, one module over folders
_S = "ios"
_SW_FILES = "$(find ios -name '*.swift')"
SWIFT = [
    Q("swift", "sw-def", "definition", "Where is SharedObjectRegistry.add defined, with its exact signature?",
      "search_symbol", {"query": "SharedObjectRegistry.add"},
      [("SharedObjectRegistry.swift:98", "98", "99"), "native nativeObject: SharedObject",  # (98: @discardableResult)
       "javaScript jsObject: borrowing JavaScriptObject", "inheritsBaseClass: Bool = false", "SharedObjectId"],
      rf"rg -n -A4 'func add\($' {_S}/Core/SharedObjects/SharedObjectRegistry.swift"),
    Q("swift", "sw-callers", "callers",
      "Which functions call the AnyDynamicType requirement cast(jsValue:appContext:) (not the generic cast(_:appContext:))?",
      "find_related", {"symbol": "AnyDynamicType.cast(jsValue:appContext:)", "relation": "callers"},
      ["toNative", "castValue", "DynamicArrayType", "DynamicOptionalType", "DynamicValueOrUndefinedType",
       "DynamicEitherType", "DynamicEnumType", "decodeUsingDynamicType", "decode", "DynamicWorkletType"],
      r"""awk '/func |extension |class |struct /{f=$0} /[.( ]cast\(jsValue:/ && !/func cast/{print FILENAME":"FNR": "f}' """
      + _SW_FILES,
      absent=["ConcreteViewProp.set"]),
    Q("swift", "sw-impl", "implementations",
      "Which types conform to the Convertible protocol (extensions of Foundation and CoreGraphics types included)?",
      "find_related", {"symbol": "Convertible", "relation": "implementations"},
      ["URL", "CGPoint", "CGSize", "CGVector", "CGRect", "Date", "CMTime", "UIColor", "CGColor", "Color", "UnitPoint",
       "FormattedRecord", "Record"],
      r"rg -n --no-filename -o '(?:extension|struct|class|protocol) +(\w+)(?:<[^>]*>)?:[^{]*\bConvertible\b' -r '$1' "
      + _S),
    Q("swift", "sw-subclasses", "subclasses", "What are all the subclasses of ObjectDefinition, at any depth?",
      "find_related", {"symbol": "ObjectDefinition", "relation": "implementations", "depth": 3},
      ["ClassDefinition", "ModuleDefinition", "ViewDefinition", "SwiftUIViewDefinition"],
      r"rg -n 'class \w+(<[^{]*>)?: (ObjectDefinition|ViewDefinition)\b' " + _S),
    Q("swift", "sw-callees", "callees", "What does AppContext.prepareRuntime call?",
      "find_related", {"symbol": "AppContext.prepareRuntime", "relation": "callees"},
      ["ExpoRuntimeInstaller", "installCoreObject", "installAppContextNativeState", "decorate", "delete",
       "installExpoModulesHostObject", "_decorateModule"],
      rf"awk 'NR>=502 && NR<=539' {_S}/Core/AppContext.swift | rg -o '[\w.]+\(' | sort -u"),
    Q("swift", "sw-uses", "imports",
      "Which names of the repository's own module does CoreModule.swift use (no import needed), and what does it import?",
      "list_dependencies", {"path": f"{_S}/Core/Modules/CoreModule.swift", "view": "uses"},
      ["React", "Foundation", "ExpoModulesJSI", "ExpoModule", "ModuleDefinition", "Constant", "Function",
       "AsyncFunction", "uuidv5", "InvalidNamespaceException", "Exception"],
      rf"rg -n '^(internal |@_exported )?import ' {_S}/Core/Modules/CoreModule.swift; "
      rf"rg -o --no-filename '\b[A-Z]\w+\b|\buuidv5\b' {_S}/Core/Modules/CoreModule.swift | sort -u"),
    Q("swift", "sw-const", "constant", "What is the value of ExpoRequestInterceptorProtocol.MAX_BODY_SIZE?",
      "search_symbol", {"query": "ExpoRequestInterceptorProtocol.MAX_BODY_SIZE"},
      ["1_048_576", ("ExpoRequestInterceptorProtocol.swift:24", "24")],
      rf"rg -n 'MAX_BODY_SIZE =' {_S}/DevTools"),
    Q("swift", "sw-error", "error",
      "Where (file, line, class) is the message \"Value for field '...' is required, got nil\" produced?",
      "search_text", {"pattern": "is required, got nil"},
      [("Field.swift:128", "128"), "FieldRequiredException"],
      rf"rg -n -B2 'is required, got nil' {_S}/Core/Records"),
    Q("swift", "sw-at-line", "at-line",
      "What is at EventEmitter.swift:63 (the line and the closures and definitions it is in)?",
      "read_code_range", {"path": f"{_S}/Core/Events/EventEmitter.swift", "start_line": 63, "end_line": 63},
      ["dispatchEvent(event: event, payload: payload, to: target, in: runtime)", "withEventTarget", "runtime.schedule",
       "emit"],
      r"""awk 'NR>=26 && NR<=63 && /func |extension |\{ *(\[[^]]*\] *)?\w* *in$|schedule|withEventTarget/{print FNR": "$0} """
      rf"""NR==63{{print FNR": "$0; exit}}' {_S}/Core/Events/EventEmitter.swift"""),
]

_SQ = "sequel"
RUBY = [
    Q("ruby", "rb-def", "definition", "Where is Sequel::Dataset#first defined?",
      "search_symbol", {"query": "Sequel::Dataset.first"},
      [("sequel/dataset/actions.rb:216", "216")],
      rf"rg -n '^    def first\(' {_SQ}/dataset/actions.rb"),
    Q("ruby", "rb-callers", "callers",
      "Which methods call Dataset#schema_and_table (sequel/dataset/sql.rb), not Database's private namesake?",
      "find_related", {"symbol": "Sequel::Dataset.schema_and_table", "relation": "callers"},
      ["quote_schema_table_append", "split_qualifiers", ("Sequel::Database#schema_and_table", "schema_methods.rb:928"),
       "inherited", ("RcteTree.apply", "rcte_tree.rb:141")],
      rf"""awk '/^ *def /{{f=$0}} /schema_and_table\(/ && !/def /{{print FILENAME":"FNR": "f}}' {_SQ}/dataset/sql.rb; """
      rf"""awk '/^ *def /{{f=$0}} /(dataset|_ds)\.schema_and_table/{{print FILENAME":"FNR": "f}}' {_SQ}/database/schema_methods.rb {_SQ}/plugins/*.rb""",
      absent=["metadata_schema_and_table", "default_index_name", "table_exists?"],
      note="Database's 17 callers (its adapters' DatabaseMethods modules, Database subclasses) are another method's"),
    Q("ruby", "rb-callers-virtual", "callers", "Which methods call Sequel::Postgres::Database#connect?",
      "find_related", {"symbol": "Sequel::Postgres::Database.connect", "relation": "callers"},
      ["new_connection"],
      rf"""awk '/^ *def /{{f=$0}} /(^|[^.:\w])connect\(server\)/ && !/def /{{print FILENAME":"FNR": "f}}' {_SQ}/database/*.rb""",
      absent=["adapter_method"], note="Database#new_connection's connect(server) runs the adapter's override"),
    Q("ruby", "rb-subclasses", "subclasses", "Which classes subclass Sequel::Model::Associations::AssociationReflection?",
      "find_related", {"symbol": "Sequel::Model::Associations::AssociationReflection", "relation": "implementations"},
      ["ManyToOneAssociationReflection", "OneToManyAssociationReflection", "OneToOneAssociationReflection",
       "ManyToManyAssociationReflection", "OneThroughOneAssociationReflection", "ManyThroughManyAssociationReflection",
       "OneThroughManyAssociationReflection", "ManyToPgArrayAssociationReflection", "PgArrayToManyAssociationReflection"],
      rf"rg -n 'class \w+AssociationReflection < ' {_SQ}"),
    Q("ruby", "rb-callees", "callees", "What does Sequel::Dataset#first call?",
      "find_related", {"symbol": "Sequel::Dataset.first", "relation": "callees"},
      ["single_record", "cached_placeholder_literalizer", "cached_where_placeholder_literalizer", "where", "limit",
       "filter_expr", "_single_record_ds"],
      rf"sed -n 216,259p {_SQ}/dataset/actions.rb"),
    Q("ruby", "rb-overrides", "signature",
      "Which methods of sequel/adapters/mysql2.rb override a method of their superclass or of an included module, and whose?",
      "get_structured_index", {"path": f"{_SQ}/adapters/mysql2.rb"},
      ["sequel/adapters/shared/mysql.rb:76", "sequel/database/misc.rb:438", "sequel/dataset/actions.rb:614",
       "sequel/adapters/shared/mysql.rb:1031", "sequel/database/query.rb:49"],
      rf"""rg -n '^ *def [a-z_?!]+' -o -r '' {_SQ}/adapters/mysql2.rb; rg -n '^ *def (freeze|disconnect_error\?|paged_each|literal_string_append|execute_dui|execute_insert|schema_column_type|server_version)([ (]|$)' {_SQ}/database {_SQ}/dataset {_SQ}/adapters/shared/mysql.rb {_SQ}/adapters/utils/mysql_mysql2.rb""",
      absent=["Sequel::Database.connect"], note="Database's `def self.connect` is a class method: no instance connect's base"),
    Q("ruby", "rb-supertypes", "subclasses", "What does Sequel::JDBC::Derby::Dataset inherit from (every level)?",
      "find_related", {"symbol": "Sequel::JDBC::Derby::Dataset", "relation": "supertypes"},
      ["sequel/adapters/jdbc.rb:718", "Sequel::Dataset"],
      rf"rg -n 'class Dataset < ' {_SQ}/adapters/jdbc/derby.rb {_SQ}/adapters/jdbc.rb"),
    Q("ruby", "rb-error", "error",
      "Where is 'Attempt to update object did not result in a single row modification' raised?",
      "search_text", {"pattern": "Attempt to update object did not result in a single row modification"},
      ["sequel/model/base.rb:1891", "sequel/plugins/class_table_inheritance.rb:432"],
      rf"rg -n 'Attempt to update object did not result' {_SQ}"),
    Q("ruby", "rb-at-line", "at-line", "What is at sequel/connection_pool/threaded.rb:210 and what does it call?",
      "read_code_range", {"path": f"{_SQ}/connection_pool/threaded.rb:210", "context": "semantic"},
      ["assign_connection", "sync{allocated[thread] = conn}", "def sync"],
      rf"""awk 'NR<=210 && /^ *(def|class) /{{d=FNR": "$0}} NR==210{{print d; print FNR": "$0}}' {_SQ}/connection_pool/threaded.rb; rg -n 'def sync' {_SQ}/connection_pool/threaded.rb""",
      absent=["attr_reader :allocated"], note="`allocated` is the local of line 177, not the deprecated attr_reader"),
]

QUESTIONS = GO + PY + RS + TOKIO + TS + CPP + JAVA + KOTLIN + SWIFT + RUBY
for _q in QUESTIONS:
    if _q.qid in NOTES:
        _q.note = NOTES[_q.qid]
REPOS = {"go": "HashiCorp Raft (Debian golang-github-hashicorp-raft-dev)", "python": "httpx (this venv)",
         "rust": "log 0.4.17 (Debian cargo registry)", "tokio": "tokio 1.24.2 (Debian cargo registry)", "typescript": f"rxjs src ({RXJS_SPEC})",
         "cpp": f"spdlog headers ({SPDLOG_DEB})", "java": f"Capacitor Android ({CAPACITOR_SPEC})",
         "kotlin": f"expo-modules-core Android ({EXPO_SPEC})", "swift": f"expo-modules-core iOS ({EXPO_SPEC})",
         "ruby": f"Sequel ({SEQUEL_DEB})"}


# ----- corpora ---------------------------------------------------------------------------------------
def copy_tree(src: Path, dst: Path) -> int:
    n = 0
    for dirpath, dirnames, filenames in os.walk(src, followlinks=True):
        dirnames[:] = sorted(d for d in dirnames if d not in ("__pycache__", ".git"))
        for name in sorted(filenames):
            s = Path(dirpath) / name
            if not s.is_file():
                continue
            t = dst / s.relative_to(src)
            t.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(s, t)
            n += 1
    return n


def make_corpora(base: Path) -> tuple[dict[str, Path], list[str]]:
    roots: dict[str, Path] = {}
    notes: list[str] = []
    for repo, src in (("go", RAFT_SRC), ("python", HTTPX_SRC), ("rust", LOG_SRC), ("tokio", TOKIO_SRC)):
        if src.is_dir():
            n = copy_tree(src, base / repo)
            roots[repo] = base / repo
            notes.append(f"{repo}: {n} files copied from {src}")
        else:
            notes.append(f"{repo}: skipped, {src} is not on this machine")
    version = (HTTPX_SRC / "__version__.py")
    if version.exists() and '"0.28.1"' not in version.read_text():
        notes.append("python: httpx is not 0.28.1, the version the facts were checked against; misses may be the corpus")
    npm = shutil.which("npm")
    if npm:
        pkg = base / "npm-install"
        pkg.mkdir()
        try:
            subprocess.run([npm, "install", "--silent", "--no-audit", "--no-fund", "--prefix", str(pkg), RXJS_SPEC],
                           check=True, capture_output=True, timeout=180)
            n = copy_tree(pkg / "node_modules" / "rxjs" / "src", base / "typescript")
            roots["typescript"] = base / "typescript"
            notes.append(f"typescript: {n} files of rxjs/src (npm install {RXJS_SPEC})")
        except (subprocess.SubprocessError, OSError) as exc:
            notes.append(f"typescript: skipped, npm install {RXJS_SPEC} failed ({type(exc).__name__})")
    else:
        notes.append("typescript: skipped, no npm")
    notes.append(_spdlog(base, roots))
    notes.append(_sequel(base, roots))
    notes.append(_npm_pack(base, roots, npm, "java", CAPACITOR_SPEC, ""))
    notes.append(_npm_pack(base, roots, npm, "kotlin", EXPO_SPEC, "android"))
    notes.append(_npm_pack(base, roots, npm, "swift", EXPO_SPEC, "ios"))
    return roots, notes


def _npm_pack(base: Path, roots: dict[str, Path], npm: str | None, repo: str, spec: str, sub: str) -> str:
    """An npm package fetched with `npm pack` and unpacked (no install, no build); `sub`: the folder of it kept."""
    if not npm:
        return f"{repo}: skipped, no npm"
    pkg = base / f"npm-pack-{repo}"
    pkg.mkdir()
    try:
        done = subprocess.run([npm, "pack", "--silent", spec], cwd=pkg, check=True, capture_output=True,
                              text=True, timeout=180)
        tgz = pkg / done.stdout.strip().splitlines()[-1]
        with tarfile.open(tgz) as tar:
            tar.extractall(pkg / "x", filter="data")
    except (subprocess.SubprocessError, OSError, IndexError, tarfile.TarError) as exc:
        return f"{repo}: skipped, npm pack {spec} failed ({type(exc).__name__})"
    src = pkg / "x" / "package"
    n = copy_tree(src / sub, base / repo / sub) if sub else copy_tree(src, base / repo)
    roots[repo] = base / repo
    return f"{repo}: {n} files of the package{f' ({sub}/)' if sub else ''} (npm pack {spec})"


def _deb_unpacked(base: Path, repo: str, spec: str) -> Path | str:
    """A Debian package downloaded with apt and unpacked with dpkg-deb (no install): the unpacked root, or why not."""
    apt, dpkg = shutil.which("apt-get"), shutil.which("dpkg-deb")
    if not apt or not dpkg:
        return f"{repo}: skipped, no apt-get/dpkg-deb"
    pkg = base / f"deb-{repo}"
    pkg.mkdir()
    try:
        subprocess.run([apt, "download", "-q", spec], cwd=pkg, check=True, capture_output=True, timeout=180)
        deb = next(pkg.glob(f"{spec.split('=', 1)[0]}_*.deb"))
        subprocess.run([dpkg, "-x", str(deb), str(pkg / "x")], check=True, capture_output=True, timeout=120)
    except (subprocess.SubprocessError, OSError, StopIteration) as exc:
        return f"{repo}: skipped, apt-get download {spec} failed ({type(exc).__name__})"
    return pkg / "x"


def _spdlog(base: Path, roots: dict[str, Path]) -> str:
    """The spdlog headers of the Debian package (header-only C++)."""
    got = _deb_unpacked(base, "cpp", SPDLOG_DEB)
    if isinstance(got, str):
        return got
    n = copy_tree(got / "usr" / "include" / "spdlog", base / "cpp" / "spdlog")
    roots["cpp"] = base / "cpp"
    return f"cpp: {n} files of spdlog/ (apt-get download {SPDLOG_DEB})"


def _sequel(base: Path, roots: dict[str, Path]) -> str:
    """Sequel's library tree from the Debian package (Ruby)."""
    got = _deb_unpacked(base, "ruby", SEQUEL_DEB)
    if isinstance(got, str):
        return got
    lib = got / "usr" / "lib" / "ruby" / "vendor_ruby"
    n = copy_tree(lib / "sequel", base / "ruby" / "sequel")
    shutil.copyfile(lib / "sequel.rb", base / "ruby" / "sequel.rb")
    roots["ruby"] = base / "ruby"
    return f"ruby: {n + 1} files of sequel/ and sequel.rb (apt-get download {SEQUEL_DEB})"


# ----- running -------------------------------------------------------------------------------------
def has_fact(text: str, fact: Fact) -> bool:
    alternatives = fact if isinstance(fact, tuple) else (fact,)
    for alt in alternatives:
        left = r"(?<![\w])" if re.match(r"\w", alt) else ""
        right = r"(?![\w])" if re.search(r"\w$", alt) else ""
        if re.search(left + re.escape(alt) + right, text):
            return True
    return False


_HEADING = re.compile(r"(\S+)(?: \(\d+ hits?\))?")
_UNDER = re.compile(r"\s+(\d+)[:-] ")


def with_paths(text: str) -> str:
    """The text, and for each hit shown under its file's heading (`src/x.rs` over `  184: panic!(..)`) a line
    `src/x.rs:184`: a fact written as `path:line` is found in grouped hits as in ripgrep's rows."""
    extra: list[str] = []
    heading: str | None = None
    for line in text.split("\n"):
        m = _HEADING.fullmatch(line)
        if m is not None and not line.startswith(("[", "…")):
            heading = m.group(1)
            continue
        under = _UNDER.match(line)
        if under is not None and heading is not None:
            extra.append(f"{heading}:{under.group(1)}")
        elif not line.startswith(" "):
            heading = None
    return "\n".join([text, *extra]) if extra else text


def check(text: str, q: Q) -> tuple[bool, list[str], list[str]]:
    text = with_paths(text)
    missing = [f if isinstance(f, str) else " / ".join(f) for f in q.facts if not has_fact(text, f)]
    wrong = [a for a in q.absent if has_fact(text, a)]
    return not missing and not wrong, missing, wrong


def run_shell(q: Q, root: Path) -> tuple[str, float]:
    env = dict(os.environ, LC_ALL="C")
    rg_dir = Path(sys.executable).parent
    env["PATH"] = f"{rg_dir}{os.pathsep}{env.get('PATH', '')}"
    t = time.perf_counter()
    proc = subprocess.run(["bash", "-c", q.shell], cwd=root, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60)
    return proc.stdout + proc.stderr, time.perf_counter() - t


def run_calls(root: Path, questions: list[Q], data_dir: Path) -> tuple[dict[str, tuple[str, float]], int]:
    """Every question's call through one in-process server and SDK client session: (text, seconds) per question id,
    and the tokens of the tool list the model is given (names, descriptions, input schemas as JSON)."""
    import anyio
    from mcp import Client

    from contexteer.config import load_config
    from contexteer.server.app import build_server
    from contexteer.workspace import Workspace

    loaded = load_config(root=root, overrides={"data_dir": str(data_dir)}, environ={}, use_user_config=False)
    server = build_server(Workspace(root, loaded.settings), loaded)
    out: dict[str, tuple[str, float]] = {}
    listed: list[int] = []

    async def go() -> None:
        async with Client(server) as client:  # type: ignore[arg-type]
            tools = await client.list_tools()
            listed.append(get_counter().count(json.dumps(
                [{"name": t.name, "description": t.description, "inputSchema": t.input_schema} for t in tools.tools])))
            await client.call_tool("search_symbol", {"query": "__bench_warmup__"})  # waits for the index build
            for q in questions:
                t = time.perf_counter()
                result = await client.call_tool(q.tool, q.args)
                dt = time.perf_counter() - t
                text = "\n".join(getattr(b, "text", "") for b in result.content)
                if getattr(result, "is_error", False) or getattr(result, "isError", False):
                    text = "[tool error] " + text
                out[q.qid] = (text, dt)

    anyio.run(go)
    return out, listed[0]


def call_repr(q: Q) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in q.args.items())
    return f"{q.tool}({args})"


@dataclass
class Row:
    q: Q
    ct_tokens: int
    ct_ok: bool
    ct_missing: list[str]
    ct_wrong: list[str]
    sh_tokens: int
    sh_ok: bool
    sh_missing: list[str]
    call_tokens: int
    cmd_tokens: int
    ct_text: str
    sh_text: str


def render(rows: list[Row], notes: list[str], seconds: float, skipped: list[str], tools_list_tokens: int) -> str:
    L: list[str] = []
    L.append("## Agent tasks: one contexteer call vs the shortest shell pipeline")
    L.append("")
    L.append(f"Command: `.venv/bin/python bench/agent_tasks.py` ({len(rows)} questions over {len({r.q.repo for r in rows})} "
             f"repositories, {seconds:.0f} s; tokens by contexteer's counter, `{get_counter().name}`).")
    L.append("")
    L.append("Corpora (copied into a temp dir at bench time): " + "; ".join(notes) + ".")
    if skipped:
        L.append("")
        L.append("Skipped: " + "; ".join(skipped))
    L.append("")
    L.append(
        "Each question has facts checked by hand against the source (names, numbers, paths), and for a few a fact a "
        "correct answer must not state (a caller that is not one). *contexteer*: the text a model reads from the one "
        "call a good agent makes first (real server, MCP SDK client in-process, default settings). *shell*: the output "
        "of the shortest rg/sed/awk pipeline that answers the question completely, run in the repository dir "
        "(for callers an awk that tracks the enclosing definition). *answered*: every fact present (and no wrong "
        "one). *call* / *cmd*: tokens of the call an agent writes (tool name and JSON arguments) and of the shell "
        "command line, shown for reference, not in the totals.")
    L.append("")
    L.append("| id | type | question | contexteer call | contexteer tokens | answered in one call | shell tokens | shell answered | call / cmd tokens |")
    L.append("|---|---|---|---|---:|:---:|---:|:---:|---:|")
    for r in rows:
        call = call_repr(r.q).replace("|", "\\|")
        L.append(f"| {r.q.qid} | {r.q.kind} | {r.q.question.replace('|', '/')} | `{call}` | {r.ct_tokens:,} | "
                 f"{'yes' if r.ct_ok else '**no**'} | {r.sh_tokens:,} | {'yes' if r.sh_ok else '**no**'} | "
                 f"{r.call_tokens} / {r.cmd_tokens} |")
    L.append("")
    L.append("**Totals**")
    L.append("")
    L.append("| repository | questions | answered in one call | shell answered | contexteer tokens | shell tokens | contexteer / shell |")
    L.append("|---|---:|---:|---:|---:|---:|---:|")
    groups = [(REPOS.get(repo, repo), [r for r in rows if r.q.repo == repo]) for repo in REPOS]
    groups = [g for g in groups if g[1]] + [("**all**", rows)]
    for name, rs in groups:
        ct = sum(r.ct_tokens for r in rs)
        sh = sum(r.sh_tokens for r in rs)
        ok = sum(r.ct_ok for r in rs)
        L.append(f"| {name} | {len(rs)} | {ok} ({ok / len(rs):.0%}) | {sum(r.sh_ok for r in rs)} | {ct:,} | {sh:,} | "
                 f"{ct / max(sh, 1):.0%} |")
    L.append("")
    kinds = sorted({r.q.kind for r in rows}, key=lambda k: [r.q.kind for r in rows].index(k))
    L.append("| type | questions | answered in one call | contexteer tokens | shell tokens | contexteer / shell |")
    L.append("|---|---:|---:|---:|---:|---:|")
    for k in kinds:
        rs = [r for r in rows if r.q.kind == k]
        ct = sum(r.ct_tokens for r in rs)
        sh = sum(r.sh_tokens for r in rs)
        L.append(f"| {k} | {len(rs)} | {sum(r.ct_ok for r in rs)} | {ct:,} | {sh:,} | {ct / max(sh, 1):.0%} |")
    L.append("")
    ok = sum(r.ct_ok for r in rows)
    ct = sum(r.ct_tokens for r in rows)
    sh = sum(r.sh_tokens for r in rows)
    L.append(f"Targets: answered completely by one call >= {TARGET_ONE_CALL:.0%}: **{ok / len(rows):.0%}** "
             f"({ok} of {len(rows)}) — {'met' if ok / len(rows) >= TARGET_ONE_CALL else 'not met'}; contexteer's "
             f"tokens <= {TARGET_TOKEN_RATIO:.0%} of the shell pipelines': **{ct / max(sh, 1):.0%}** ({ct:,} vs {sh:,}) — "
             f"{'met' if ct / sh <= TARGET_TOKEN_RATIO else 'not met'}. The shell side here is the shortest pipeline "
             "written knowing the answer's shape (a lower bound: an agent's first pipeline is rarely that one).")
    cw = sum(r.call_tokens for r in rows)
    sw = sum(r.cmd_tokens for r in rows)
    L.append("")
    L.append(f"Counting also what the agent writes (the call's tool name and JSON arguments; the command line): "
             f"contexteer {ct + cw:,} vs shell {sh + sw:,} ({(ct + cw) / max(sh + sw, 1):.0%}). Once per session the "
             f"model also reads contexteer's tool list: {tools_list_tokens:,} tokens (names, descriptions, input "
             "schemas as JSON); a shell tool's definition is not counted.")
    misses = [r for r in rows if not r.ct_ok]
    L.append("")
    L.append(f"### Not answered in one call ({len(misses)})")
    L.append("")
    for r in misses:
        parts = []
        if r.ct_missing:
            parts.append("missing " + ", ".join(f"`{m}`" for m in r.ct_missing))
        if r.ct_wrong:
            parts.append("states wrongly " + ", ".join(f"`{w}`" for w in r.ct_wrong))
        note = f" ({r.q.note})" if r.q.note else ""
        L.append(f"- **{r.q.qid}** {r.q.question} `{call_repr(r.q)}`: {'; '.join(parts)}{note}.")
    sh_miss = [r for r in rows if not r.sh_ok]
    if sh_miss:
        L.append("")
        L.append("Shell pipelines that missed a fact (a defect of the pipeline, reported so the totals can be read): "
                 + "; ".join(f"{r.q.qid} missing {', '.join(r.sh_missing)}" for r in sh_miss) + ".")
    return "\n".join(L) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "agent_tasks.md"))
    ap.add_argument("--show", action="store_true", help="print both outputs of every question")
    ap.add_argument("--only", default="", help="comma-separated question ids (implies not writing --out)")
    args = ap.parse_args()
    only = {s for s in args.only.split(",") if s}
    counter = get_counter()
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="agent-tasks-") as td:
        base = Path(td)
        roots, notes = make_corpora(base / "repos")
        rows: list[Row] = []
        skipped: list[str] = []
        tools_list_tokens = 0
        for repo in REPOS:
            qs = [q for q in QUESTIONS if q.repo == repo and (not only or q.qid in only)]
            if not qs:
                continue
            if repo not in roots:
                skipped.append(f"{len(qs)} {repo} questions (no corpus)")
                continue
            answers, tools_list_tokens = run_calls(roots[repo], qs, base / f"data-{repo}")
            for q in qs:
                text, _dt = answers[q.qid]
                sh_text, _st = run_shell(q, roots[repo])
                ok, missing, wrong = check(text, q)
                sh_ok, sh_missing, _ = check(sh_text, q)
                row = Row(q, counter.count(text), ok, missing, wrong, counter.count(sh_text), sh_ok, sh_missing,
                          counter.count(q.tool + json.dumps(q.args)), counter.count(q.shell), text, sh_text)
                rows.append(row)
                if args.show:
                    sys.stdout.write(f"===== {q.qid} [{q.kind}] {q.question}\n--- {call_repr(q)}  ({row.ct_tokens} tok, "
                                     f"{'OK' if ok else 'MISS ' + str(missing) + ' ' + str(wrong)})\n{text}\n--- $ "
                                     f"{q.shell}  ({row.sh_tokens} tok, "
                                     f"{'OK' if sh_ok else 'MISS ' + str(sh_missing)})\n{sh_text}\n")
    seconds = time.perf_counter() - t0
    report = render(rows, notes, seconds, skipped, tools_list_tokens)
    if not only:
        Path(args.out).write_text(report, encoding="utf-8")
    sys.stdout.write(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
