"""The Korea: The Fight Across the 38th automatic players.

``PLAYERS`` is what ``Korea38.players()`` offers: ``ai`` (levels easy, normal, hard, as in
``--players ai:hard``) and the ``greedy`` baseline (:mod:`app.ai.greedy_korea38`). ``random`` is
built into the engine. See :mod:`app.ai.korea38.player` for how the AI decides and docs/ai.md
for its measured strength.
"""

from app.ai.korea38.player import LEVELS, KoreaAI, make_ai
from app.ai.korea38_register import make_greedy

PLAYERS = {"ai": make_ai, "greedy": make_greedy}

__all__ = ["KoreaAI", "LEVELS", "PLAYERS", "make_ai", "make_greedy"]
