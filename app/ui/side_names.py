"""Sides as players call them: a game's optional ``side_name(side, state, scenario)`` hook
("North Korean" for ``nk``, "Chinese" when a Semper Fi! scenario says so), else the id with dashes
as spaces and capitals ("un-allied" -> "Un Allied").

The window tells this module which game, state and scenario it shows (``use``); the turn bar, the
hand-over screen, the Unit dock and the status bar then name sides through ``name(side)``. The New
Game dialog, before any state exists, names them from the chosen scenario's document.
"""

from __future__ import annotations

import inspect
from typing import Any

from app.ui.hooks import game_hook

_game: Any = None
_state: Any = None
_scenario: dict[str, Any] | None = None


def use(game: Any, state: Any = None, scenario: dict[str, Any] | None = None) -> None:
    global _game, _state, _scenario
    _game, _state, _scenario = game, state, scenario


def name(side: Any, game: Any = None, state: Any = None, scenario: dict[str, Any] | None = None) -> str:
    s = str(side or "")
    g = game if game is not None else _game
    if g is not None and g is _game and state is None and scenario is None:
        state, scenario = _state, _scenario    # the game shown: its state and scenario too
    if g is not None and s:
        got = _ask(g, s, state, scenario)
        if isinstance(got, str) and got:
            return got
    return s.replace("-", " ").replace("_", " ").title()


def _ask(game: Any, side: str, state: Any, scenario: dict[str, Any] | None) -> Any:
    """The hook's answer, given whichever of ``state`` and ``scenario`` it takes (an older hook
    takes the side alone); None when the game has no hook or it fails."""
    fn = game_hook(game, "side_name")
    if fn is None:
        return None
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        params = {}                                                    # type: ignore[assignment]
    takes_all = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values())
    kw = {k: v for k, v in (("state", state), ("scenario", scenario)) if v is not None and (takes_all or k in params)}
    try:
        return fn(side, **kw)
    except Exception:          # a presentation hook never stops the window
        return None
