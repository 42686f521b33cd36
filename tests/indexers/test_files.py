"""Files the index must survive: gitignored, binary, oversized, non-UTF-8, broken syntax, slow to parse."""

from __future__ import annotations

from contexteer.config import Settings
from contexteer.indexers.index import StructureIndex
from contexteer.workspace import Workspace
from tests.indexers.conftest import write

INF = float("inf")


def test_gitignored_files_are_not_indexed(repo, open_index):
    write(repo, ".gitignore", "build/\n*.gen.py\n")
    write(repo, "keep.py", "def keep():\n    pass\n")
    write(repo, "build/out.py", "def built():\n    pass\n")
    write(repo, "x.gen.py", "def generated():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert {f.path for f in idx.files()} == {"keep.py"}  # hidden files are not listed either
    assert idx.symbols_named("built") == [] and idx.symbols_named("generated") == []


def test_binary_file_is_recorded_not_parsed(repo, open_index):
    write(repo, "blob.py", b"def f():\n\x00\x01\x02 binary")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    info = idx.file_info("blob.py")
    assert info.status == "binary" and info.n_symbols == 0


def test_oversized_file_is_recorded_as_too_large(repo):
    write(repo, "big.py", "X = 1\n" * 400)
    write(repo, "small.py", "Y = 2\n")
    settings = Settings()
    settings.workspace.max_file_bytes = 1000
    with StructureIndex(Workspace(repo, settings)) as idx:
        idx.ensure_built(wait_seconds=INF)
        big = idx.file_info("big.py")
        assert big.status == "too_large" and big.size == 2400 and "max_file_bytes" in big.error
        assert idx.file_info("small.py").status == "indexed"


def test_non_utf8_file_is_indexed_with_readable_names(repo, open_index):
    write(repo, "latin.py", "def na\xefve():\n    pass\n".encode("latin-1"))
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    info = idx.file_info("latin.py")
    assert info.status == "indexed" and "Latin-1" in info.error
    assert idx.symbols_in_file("latin.py")[0].name == "naïve"


def test_file_with_syntax_errors_is_indexed_and_flagged(repo, open_index):
    write(repo, "broken.py", "def good():\n    pass\n\ndef bad(:\n    pass\n\nclass Later:\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    info = idx.file_info("broken.py")
    assert info.status == "indexed" and info.has_errors
    assert {"good", "Later"} <= {s.name for s in idx.symbols_in_file("broken.py")}


def test_parse_time_limit_records_an_error_instead_of_stalling(repo, open_index):
    write(repo, "slow.py", "x = [" + "1, " * 200_000 + "]\n")
    write(repo, "fast.py", "def fine():\n    pass\n")
    idx = open_index(parse_timeout_seconds=0.0001)
    idx.ensure_built(wait_seconds=INF)
    slow = idx.file_info("slow.py")
    assert slow.status == "error" and "parse_timeout_seconds" in slow.error


def test_unsupported_and_shebang_files(repo, open_index):
    write(repo, "notes.txt", "plain text\n")
    write(repo, "tool", "#!/usr/bin/env python3\ndef main():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert idx.file_info("notes.txt").status == "unsupported"
    tool = idx.file_info("tool")
    assert (tool.language, tool.status) == ("python", "indexed")
    assert idx.symbols_named("main")[0].path == "tool"


def test_mode_lines_name_the_language_of_files_without_an_extension(repo, open_index):
    """bash-completion's 470 completions/* files have no extension (or one like `.d` no language claims) and no #!
    line, only an Emacs mode line."""
    write(repo, "completions/ssh", "# ssh(1) completion        -*- shell-script -*-\n\n_ssh()\n{\n    _known_hosts\n}\n")
    write(repo, "lib/helpers", "# shellcheck shell=bash\n_known_hosts() { :; }\n")
    write(repo, "tools/run", "# -*- mode: python; coding: utf-8 -*-\ndef run():\n    pass\n")
    write(repo, "NOTES", "# -*- coding: utf-8 -*-\nplain\n")
    write(repo, "completions/invoke-rc.d", "# invoke-rc.d(8) completion     -*- shell-script -*-\n_invoke_rc_d() { :; }\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    assert [(p, idx.file_info(p).language) for p in ("completions/ssh", "lib/helpers", "tools/run", "NOTES")] == [
        ("completions/ssh", "bash"), ("lib/helpers", "bash"), ("tools/run", "python"), ("NOTES", None)]
    assert idx.symbols_named("_ssh")[0].path == "completions/ssh"
    # an extension no language claims (`.d`) falls back to the mode line too
    assert idx.file_info("completions/invoke-rc.d").language == "bash", idx.file_info("completions/invoke-rc.d")
    assert idx.symbols_named("run")[0].path == "tools/run"


def test_schema_mismatch_rebuilds_instead_of_crashing(repo, open_index):
    write(repo, "a.py", "def alpha():\n    pass\n")
    idx = open_index()
    idx.ensure_built(wait_seconds=INF)
    idx.store.set_meta("schema_version", "1")
    idx.close()
    again = open_index()
    assert again.store.get_meta("schema_version") != "1" and again.files() == []
    again.ensure_built(wait_seconds=INF)
    assert again.symbols_named("alpha")


def test_corrupt_database_is_rebuilt(repo, open_index):
    write(repo, "a.py", "def alpha():\n    pass\n")
    idx = open_index()
    db = idx.store.path
    idx.close()
    for suffix in ("-wal", "-shm"):
        db.with_name(db.name + suffix).unlink(missing_ok=True)
    db.write_bytes(b"this is not a database" * 100)
    again = open_index()
    again.ensure_built(wait_seconds=INF)
    assert again.symbols_named("alpha")


def test_a_worker_stuck_on_one_file_is_ended_and_the_rest_indexed(repo, open_index):
    for i in range(80):
        write(repo, f"m{i}.py", f"def f{i}():\n    pass\n")
    write(repo, "zz_slow.py", "def f(:\n" * 125_000)  # ~1 s of error recovery, > the 0.3 s limit
    idx = open_index(workers=2, parse_timeout_seconds=0.3)
    status = idx.ensure_built(wait_seconds=INF)
    assert status.complete and status.files_done == 81
    slow = idx.file_info("zz_slow.py")
    assert slow.status == "error" and "parse_timeout_seconds" in slow.error
    assert all(idx.file_info(f"m{i}.py").status == "indexed" for i in range(80))
