"""The automatic players of each game, registered here under the game's id.

Games know nothing of their players (a game imports the engine only); the players know their
game. Each entry names where its factory lives (``"module:function"``), so listing what a game
offers imports nothing, and a player whose module fails to import is an error the user sees,
with its cause, when it is asked for, never a silently missing "computer player".

A factory is ``factory(seed=int, side=str, level=str)`` returning an object with ``name`` and
``choose(match, legal) -> one of legal``. ``random`` is built in for every game.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from app.engine.game import Game

Factory = Callable[..., Any]

#: game id -> player name -> "module:function".
PLAYERS: dict[str, dict[str, str]] = {
    "korea38": {"ai": "app.ai.korea38.player:make_ai", "greedy": "app.ai.korea38_register:make_greedy"},
    "chosin-few": {"ai": "app.ai.chosin_few_ai:make_ai"},
    "guts": {"ai": "app.ai.guts_ai:make_ai"},
    "frozen-chosin": {"ai": "app.ai.frozen_chosin:make_ai"},
    "semper-fi": {"ai": "app.ai.semper_fi.player:make_ai", "greedy": "app.ai.semper_fi.greedy:make_greedy"},
}


class PlayerUnavailable(Exception):
    """A registered player that cannot be built; the message names the cause."""


def register(game_id: str, name: str, target: str | Factory) -> None:
    """Offer a player for ``game_id``: ``target`` is ``"module:function"`` or the factory."""
    PLAYERS.setdefault(game_id, {})[name] = target  # type: ignore[assignment]


def player_names(game: Game | str) -> list[str]:
    """The names a game offers besides ``random``, without importing any player."""
    gid = game if isinstance(game, str) else game.id
    names = list(PLAYERS.get(gid, {}))
    if not isinstance(game, str):
        names += [n for n in _own_players(game) if n not in names]
    return names


def _own_players(game: Game) -> dict[str, Factory]:
    """Players a game still offers through its own ``players()`` (the older contract)."""
    try:
        return dict(game.players())
    except Exception as e:  # noqa: BLE001 - shown to the user, not swallowed
        raise PlayerUnavailable(f"the computer players of {game.name} could not be loaded: "
                                f"{type(e).__name__}: {e}") from e


def factory(game: Game, name: str) -> Factory | None:
    """The factory of player ``name`` for ``game`` (None: not offered); PlayerUnavailable with
    the cause if its module cannot be imported."""
    target: Any = PLAYERS.get(game.id, {}).get(name)
    if target is None:
        return _own_players(game).get(name)
    if callable(target):
        return target
    module, _, attr = str(target).partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except Exception as e:  # noqa: BLE001 - any import failure is reported with its cause
        raise PlayerUnavailable(f"the computer player {name!r} for {game.name} could not be loaded "
                                f"({module}): {type(e).__name__}: {e}") from e


def players_for(game: Game) -> dict[str, Factory]:
    """Every offered player of ``game`` by name, imported (PlayerUnavailable on failure)."""
    out = {}
    for n in player_names(game):
        f = factory(game, n)
        if f is not None:
            out[n] = f
    return out
