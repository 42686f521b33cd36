"""YAML from untrusted files: PyYAML's safe loader without aliases and with bounded nesting.

`yaml.safe_load` shares an aliased node instead of copying it, so a 529-byte "billion laughs" document loads at
once and explodes later, when anything walks, compares or prints it (memory recall hung at 1.3 GB on one such
header). Nothing contexteer reads needs an alias (a memory header, a contexteer.yaml), so `load` refuses one where
it appears, and refuses nesting past `max_depth` levels (which would otherwise end in a RecursionError). Both are
`yaml.YAMLError`s with a line number, like any other syntax error. `dump` never writes an anchor or alias, so what
contexteer writes it can read back.
"""

from __future__ import annotations

import logging
from typing import Any

import yaml

logger = logging.getLogger(__name__)

__all__ = ["MAX_DEPTH", "dump", "load"]

#: Nesting a document may have: settings and headers are two or three levels deep.
MAX_DEPTH = 20


class _Loader(yaml.SafeLoader):
    max_depth = MAX_DEPTH
    _depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.composer.ComposerError(
                None, None, f"aliases (*{event.anchor}) are not allowed here; write the value out", event.start_mark)
        if self._depth >= self.max_depth:
            event = self.peek_event()
            raise yaml.composer.ComposerError(None, None, f"nested deeper than {self.max_depth} levels", event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:
        return True


def load(text: str, *, max_depth: int = MAX_DEPTH) -> Any:
    """The document in `text`; yaml.YAMLError for a syntax error, an alias or nesting deeper than `max_depth`."""
    loader = _Loader(text)
    loader.max_depth = max_depth
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def dump(data: Any) -> str:
    """Block-style YAML in key order, Unicode as is, long lines unwrapped, never an anchor or alias."""
    return str(yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=10_000))
