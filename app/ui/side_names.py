"""Sides as players call them: a game's optional ``side_name(side)`` hook ("North Korean" for
``nk``), else the id with dashes as spaces and capitals ("un-allied" -> "Un Allied").

The window tells this module which game it shows (``use(game)``); the turn bar, the hand-over
screen, the Unit dock and the status bar then name sides through ``name(side)``."""

from __future__ import annotations

from typing import Any

from app.ui.hooks import call_hook

_game: Any = None


def use(game: Any) -> None:
    global _game
    _game = game


def name(side: Any, game: Any = None) -> str:
    s = str(side or "")
    g = game if game is not None else _game
    if g is not None and s:
        got = call_hook(g, "side_name", s, default=None)
        if isinstance(got, str) and got:
            return got
    return s.replace("-", " ").replace("_", " ").title()
