"""Automatic players: anything that picks one of the legal actions.

Players never decide legality; they choose among what the rules offer. Each has its own
generator (seeded from the game seed) so its choices are reproducible without touching the
dice stream of the game itself.
"""

from __future__ import annotations

from typing import Protocol

from app.engine.game import Action
from app.engine.match import Match
from app.engine.rng import Rng


class Player(Protocol):
    name: str

    def choose(self, match: Match, legal: list[Action]) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the fuzzer and the weakest baseline."""

    name = "random"

    def __init__(self, seed: int = 0, side: str = ""):
        self.rng = Rng.from_seed(seed * 7919 + sum(map(ord, side)))

    def choose(self, match: Match, legal: list[Action]) -> Action:
        return self.rng.choice(legal)
