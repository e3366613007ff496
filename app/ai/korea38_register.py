"""The automatic players Korea: The Fight Across the 38th offers, by name.

``Korea38.players()`` (app/games/korea38/game.py) offers ``app.ai.korea38.PLAYERS``, built from
these factories: ``ai`` (levels easy, normal, hard: ``--players ai:hard``) and the ``greedy``
baseline. ``random`` is built in.
Each factory is ``factory(seed=int, side=str, level=str)`` and returns an object with ``name``
and ``choose(match, legal) -> one of legal``.
"""

from __future__ import annotations

from typing import Any, Callable


def make_ai(seed: int = 0, side: str = "", level: str = "normal") -> Any:
    from app.ai.korea38.player import KoreaAI
    return KoreaAI(seed=seed, side=side, level=level)


def make_greedy(seed: int = 0, side: str = "", level: str = "normal") -> Any:
    from app.ai.greedy_korea38 import GreedyKorea
    return GreedyKorea(seed=seed, side=side, level=level)


def players() -> dict[str, Callable[..., Any]]:
    return {"ai": make_ai, "greedy": make_greedy}
