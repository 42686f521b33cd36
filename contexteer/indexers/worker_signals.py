"""Imported only as the pool's forkserver preloads it (build.warm_up): the forkserver then ignores Ctrl-C from the
start, and every worker it forks inherits that (multiprocessing's forkserver gives its children the signal
handlers it had before it set its own). A Ctrl-C sent to the process group while a worker still starts (before
its initializer ignores SIGINT) printed the worker's KeyboardInterrupt traceback on the server's stderr; the server
stops its workers itself."""

from __future__ import annotations

import signal

signal.signal(signal.SIGINT, signal.SIG_IGN)
