"""Which digester a file's content gets, from its path: log, json, markdown, code or text."""

from __future__ import annotations

import logging
from pathlib import PurePosixPath

logger = logging.getLogger(__name__)

__all__ = ["KINDS", "kind_for_path", "CODE_EXTENSIONS"]

KINDS = ("code", "log", "search", "json", "text", "markdown")

CODE_EXTENSIONS = frozenset(
    ".py .pyi .pyx .js .jsx .mjs .cjs .ts .tsx .mts .cts .go .rs .java .kt .kts .scala .c .h .cc .cpp .cxx .hpp "
    ".hh .hxx .cs .rb .php .sh .bash .zsh .fish .swift .m .mm .lua .pl .pm .r .jl .ex .exs .erl .hs .ml .mli "
    ".clj .dart .vue .svelte .sql .zig .nim .v .groovy .gradle .ps1 .tf .proto .graphql .css .scss .less .html "
    ".htm .xml .toml .yaml .yml .ini .cfg .mk .cmake".split()
)
_LOG_EXTENSIONS = frozenset(".log .out .err .txt .trace".split())
_MARKDOWN_EXTENSIONS = frozenset(".md .markdown .mdx .rst .adoc .org".split())
_JSON_EXTENSIONS = frozenset(".json .jsonl .ndjson .geojson .ipynb .har".split())
_CODE_NAMES = frozenset({"makefile", "dockerfile", "rakefile", "gemfile", "justfile", "cmakelists.txt", "build", "workspace"})


def kind_for_path(rel_path: str) -> str:
    """`.log/.out/.txt` -> log; `.json` -> json; `.md/.rst` -> markdown; source -> code; anything else -> text."""
    p = PurePosixPath(rel_path.replace("\\", "/"))
    name = p.name.lower()
    if name in _CODE_NAMES:
        return "code"
    suffixes = [s.lower() for s in p.suffixes]
    # build.log.1, pytest.out.gz-style rotations: look at every suffix, the meaningful one wins
    for suffix in reversed(suffixes):
        if suffix in _JSON_EXTENSIONS:
            return "json"
        if suffix in _MARKDOWN_EXTENSIONS:
            return "markdown"
        if suffix in _LOG_EXTENSIONS:
            return "log"
        if suffix in CODE_EXTENSIONS:
            return "code"
    return "text"
