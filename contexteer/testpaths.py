"""Which files are tests or test data, by the conventions of their languages (used by the indexer's relations and
dependencies, and by the search shaping that puts test hits after the code's)."""

from __future__ import annotations

import re

__all__ = ["TEST_DIRS", "is_test_path", "tests_glob"]

#: directory names whose files are tests or test data
TEST_DIRS = frozenset({"test", "tests", "spec", "specs", "__tests__", "__mocks__", "testdata", "test_data", "e2e"})
_TEST_FILE = re.compile(
    r"(_test\.go|_test\.py|^test_.*\.py|^conftest\.py|\.(test|spec)\.[cm]?[jt]sx?|_(spec|test)\.rb|"
    r"(Test|Tests|IT)\.(java|kt|kts|scala|php|cs)|Spec\.(kt|kts|scala|groovy)|_(unit)?test\.(c|cc|cpp|cxx)|^test_.*\.(c|cc|cpp)|"
    r"^tests?\.rs)$")
_SUITE_DIR = (".Tests", ".Test", ".UnitTests", ".IntegrationTests")


def is_test_path(path: str) -> bool:
    """A test file or test data, by the conventions of its language (`_test.go`, `tests/`, `src/test/`,
    `*.spec.ts`, `*_spec.rb`, `FooTest.java`, `Foo.Tests/`, a Rust module file `src/iter/test.rs`)."""
    parts = path.split("/")
    head = f"/{path}".rpartition("/src/main/")[0]
    if "/src/main/" in f"/{path}" and not any(p in TEST_DIRS or p.endswith(_SUITE_DIR) for p in head.split("/")):
        # a Maven/Gradle main source root holds no tests, whatever the names: jopt-simple's OptionalArgumentOptionSpec
        # and a package named `test` are library code (run 487 read three callers in src/main as "in test files")
        return False
    if any(p in TEST_DIRS or p.endswith(_SUITE_DIR) for p in parts[:-1]):
        return True
    return bool(_TEST_FILE.search(parts[-1]))


def tests_glob(paths: list[str]) -> str:
    """Negated search globs that leave out the test files `paths` (each one by the rule that makes it a test): a
    test folder (`!**/tests/**`), a name pattern (`!*_test.go`, `!*.spec.ts`, `!test_*.py`, `!*Test.java`)."""
    globs: dict[str, None] = {}
    for path in paths:
        parts = path.split("/")
        folder = next((p for p in parts[:-1] if p in TEST_DIRS or p.endswith(_SUITE_DIR)), None)
        if folder is not None:
            globs[f"!**/{folder}/**"] = None
            continue
        m = _TEST_FILE.search(parts[-1])
        if m is None:
            continue
        hit = m.group(0)
        if hit.startswith("test_"):
            globs[f"!test_*.{hit.rpartition('.')[2]}"] = None
        elif hit in ("conftest.py", "test.rs", "tests.rs"):  # (a Rust `#[cfg(test)] mod tests;` file)
            globs[f"!{hit}"] = None
        else:
            globs[f"!*{hit}"] = None
    return ",".join(globs)
