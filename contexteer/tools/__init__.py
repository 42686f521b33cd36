"""contexteer.tools."""
