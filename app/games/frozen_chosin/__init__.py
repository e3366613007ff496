"""Frozen Chosin: two to six commanders around the Chosin Reservoir, on a table in inches."""

from app.games.frozen_chosin.game import FrozenChosinGame

GAME = FrozenChosinGame()

__all__ = ["GAME", "FrozenChosinGame"]
