"""Computer opponents for Semper Fi! (``ai`` at levels easy and normal, and the ``greedy`` baseline).

The game's ``players()`` hook reads :data:`PLAYERS`; ``ridgeline selfplay --players ai,greedy``
and the New Game dialog both go through it.
"""

from __future__ import annotations

from typing import Any, Callable

from app.ai.semper_fi.greedy import make_greedy
from app.ai.semper_fi.player import make_ai

PLAYERS: dict[str, Callable[..., Any]] = {"ai": make_ai, "greedy": make_greedy}

__all__ = ["PLAYERS", "make_ai", "make_greedy"]
