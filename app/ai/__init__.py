"""ai layer."""
