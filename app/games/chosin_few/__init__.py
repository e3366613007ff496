"""The Chosin Few: a solitaire card-driven game of the Chosin Reservoir campaign.

The player commands a Marine and an Army unit against enemy cubes that enter from Line of
Departure markers and move along the board's arrows. See ``rules.py`` for the procedure,
``present.py`` for what the window shows and ``resources/chosin-few/`` for the data.
"""

from app.games.chosin_few.present import ChosinFewGame
from app.games.chosin_few.rules import ChosinState

GAME = ChosinFewGame()

__all__ = ["GAME", "ChosinFewGame", "ChosinState"]
