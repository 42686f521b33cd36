"""A throwaway PostgreSQL cluster for tests: initdb + pg_ctl under a temporary directory, on a free port.

PostgreSQL refuses to run as root, so under root the server binaries run as the `postgres` (or `nobody`)
user through setpriv, in a directory created for it; everything lives in that directory and is deleted
when the cluster stops.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path


def find_bindir() -> Path | None:
    """The directory holding initdb and pg_ctl (PATH first, then Debian's /usr/lib/postgresql/<v>/bin)."""
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(os.path.realpath(on_path)).parent
    for cand in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(cand) / "initdb").exists() and (Path(cand) / "pg_ctl").exists():
            return Path(cand)
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    bindir: Path
    base: Path
    port: int
    run_as: list[str]
    user: str = "contexteer"

    def url(self, dbname: str) -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{dbname}"

    def _run(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*self.run_as, *args], capture_output=True, text=True, timeout=120, cwd=self.base)

    def start(self) -> None:
        data = self.base / "data"
        res = self._run(str(self.bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", self.user, "-E", "UTF8",
                        "--no-sync", "--no-instructions")
        if res.returncode != 0:
            raise RuntimeError(f"initdb failed: {res.stderr}")
        opts = (f"-p {self.port} -k {self.base / 'sock'} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c shared_buffers=32MB")
        res = self._run(str(self.bindir / "pg_ctl"), "-D", str(data), "-l", str(self.base / "server.log"), "-w",
                        "-t", "60", "-o", opts, "start")
        if res.returncode != 0:
            log = (self.base / "server.log").read_text(errors="replace") if (self.base / "server.log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {res.stderr}\n{log[-2000:]}")

    def stop(self) -> None:
        self._run(str(self.bindir / "pg_ctl"), "-D", str(self.base / "data"), "-m", "immediate", "-w", "stop")

    def create_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def start_cluster(tmp_root: Path | None = None) -> Cluster:
    """Start a cluster in a new temporary directory (the caller stops it and removes `cluster.base`)."""
    bindir = find_bindir()
    assert bindir is not None
    run_as: list[str] = []
    if os.geteuid() == 0:
        user = next((u for u in ("postgres", "nobody") if _has_user(u)), None)
        if user is None:
            raise RuntimeError("running as root and there is no 'postgres' or 'nobody' user to run PostgreSQL as")
        base = Path(tempfile.mkdtemp(prefix="contexteer-pg-"))  # pytest's root-only tmp dirs are closed to that user
        pw = pwd.getpwnam(user)
        os.chown(base, pw.pw_uid, pw.pw_gid)
        run_as = ["setpriv", f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups"]
    else:
        base = Path(tempfile.mkdtemp(prefix="pg-", dir=tmp_root))
    (base / "sock").mkdir()
    if run_as:
        os.chown(base / "sock", pw.pw_uid, pw.pw_gid)
    cluster = Cluster(bindir=bindir, base=base, port=free_port(), run_as=run_as)
    try:
        cluster.start()
    except BaseException:
        shutil.rmtree(base, ignore_errors=True)
        raise
    return cluster


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True
