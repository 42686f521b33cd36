"""Parser workers start without running the command's main script again (multiprocessing's default for a script)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def test_pool_workers_do_not_run_the_main_script_again(tmp_path: Path) -> None:
    # A console script (`contexteer index`) is such a main script: run again in each worker, it imported the whole
    # CLI there (~1 s of CPU per worker) before the first file was parsed.
    marker = tmp_path / "ran-again"
    script = tmp_path / "main_script.py"
    script.write_text(textwrap.dedent(f"""
        import os
        if __name__ != "__main__":
            with open({str(marker)!r}, "a") as fh:
                fh.write(__name__ + "\\n")
        else:
            from contexteer.indexers import build
            try:
                print(build.run_in_worker(os.getpid) != os.getpid())
            finally:
                build.stop_helpers()
    """))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.stdout.strip() == "True", done.stderr  # the call ran, in another process
    assert not marker.exists(), marker.read_text()
