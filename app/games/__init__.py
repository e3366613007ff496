"""The games Ridgeline knows, by their public ids.

Each playable game is a subpackage exposing ``GAME`` (a :class:`~app.engine.game.Game`). The ids
are a public contract of the command line; the module names replace dashes with underscores.
A game whose rules are not written yet is still listed (its scenarios can be opened in sandbox
mode) but :func:`get_game` refuses it with a clear message.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache

from app.engine import catalog
from app.engine.catalog import UnknownGame
from app.engine.game import Game

GAME_IDS: tuple[str, ...] = ("korea38", "semper-fi", "frozen-chosin", "chosin-few", "guts")

GAME_NAMES: dict[str, str] = {
    "korea38": "Korea: The Fight Across the 38th",
    "semper-fi": "Semper Fi!",
    "frozen-chosin": "Frozen Chosin",
    "chosin-few": "The Chosin Few",
    "guts": "Take The High Ground!",
}


def module_name(game_id: str) -> str:
    return "app.games." + game_id.replace("-", "_")


@lru_cache(maxsize=None)
def _load(game_id: str) -> Game | None:
    try:
        mod = importlib.import_module(module_name(game_id))
    except ModuleNotFoundError as e:
        if e.name and module_name(game_id).startswith(e.name):
            return None
        raise
    return getattr(mod, "GAME", None)


def is_playable(game_id: str) -> bool:
    return game_id in GAME_IDS and _load(game_id) is not None


def get_game(game_id: str) -> Game:
    """The game module for ``game_id``; UnknownGame with a readable reason otherwise."""
    if game_id not in GAME_IDS:
        raise UnknownGame(f"unknown game id {game_id!r} (known: {', '.join(GAME_IDS)})")
    game = _load(game_id)
    if game is None:
        raise UnknownGame(f"{GAME_NAMES[game_id]} ({game_id}) has no rules module yet; "
                          "open its scenarios in sandbox mode instead")
    return game


@dataclass
class GameEntry:
    id: str
    name: str
    playable: bool


def all_games() -> list[GameEntry]:
    return [GameEntry(g, GAME_NAMES[g], is_playable(g)) for g in GAME_IDS]


# The engine knows no game: this package hands it the way to find one by id.
# Looked up at call time, so a test that patches ``get_game`` is obeyed.
catalog.install(lambda game_id: globals()["get_game"](game_id), GAME_IDS)
