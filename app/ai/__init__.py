"""Automatic players. Each game's players are registered under its id in
:mod:`app.ai.registry`; games never import this package."""
