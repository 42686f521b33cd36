"""contexteer.memory."""
