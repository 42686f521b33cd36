"""contexteer.server."""
