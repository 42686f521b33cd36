"""contexteer: a precise, cheap view of a repository and a disciplined memory for coding agents."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
