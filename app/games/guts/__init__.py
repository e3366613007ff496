"""Take The High Ground! (GUTS): a solitaire platoon assault on a Korean hillside, in inches."""

from app.games.guts.game import GutsGame

GAME = GutsGame()

__all__ = ["GAME", "GutsGame"]
