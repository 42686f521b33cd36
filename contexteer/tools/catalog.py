"""Every tool and resource the server offers, in the order tools/list shows them: the one list the server registers."""

from __future__ import annotations

from contexteer.tools import batch, diagnostics, files, memory, navigation, relations, results
from contexteer.tools.base import ResourceDef, ToolDef

TOOLS: tuple[ToolDef, ...] = (
    files.read_code_range,
    navigation.get_structured_index,
    navigation.search_symbol,
    navigation.list_dependencies,
    navigation.search_text,
    relations.find_related,
    diagnostics.list_syntax_errors,
    results.fetch_result,
    batch.batch,
    results.context_stats,
    memory.memory,
)

RESOURCES: tuple[ResourceDef, ...] = (
    memory.memory_index,
    memory.memory_checkpoint_latest,
)
