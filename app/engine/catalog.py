"""How the engine finds a game by its id without knowing any game.

The engine sits below the games, so it never imports them. Whoever knows the games hands the
engine a resolver: a caller may pass one to :func:`app.engine.scenario.check_scenario`,
:func:`~app.engine.saves.replay` and the other loaders, or install a default once with
:func:`install` (``app.games`` installs itself when it is imported).
"""

from __future__ import annotations

from typing import Callable, Sequence

from app.engine.game import Game

#: A function from a public game id to its :class:`Game`; raises :class:`UnknownGame`.
Resolver = Callable[[str], Game]


class UnknownGame(Exception):
    """A game id no installed game answers to, or a game without rules yet."""


_resolver: Resolver | None = None
_ids: tuple[str, ...] = ()


def install(resolver: Resolver, ids: Sequence[str] = ()) -> None:
    """Make ``resolver`` the default for every loader; ``ids`` are the ids it knows."""
    global _resolver, _ids
    _resolver = resolver
    _ids = tuple(ids)


def known_ids() -> tuple[str, ...]:
    return _ids


def resolve(game_id: str, resolver: Resolver | None = None) -> Game:
    """The game called ``game_id`` from ``resolver`` (default: the installed one)."""
    fn = resolver or _resolver
    if fn is None:
        raise UnknownGame("no games are installed in this program (app.games was not loaded)")
    return fn(game_id)
