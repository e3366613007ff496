"""A simple greedy baseline: fires at whatever promises the most damage right now, otherwise walks
every unit towards the nearest enemy it can see; no budget, no objectives, no caution."""

from __future__ import annotations

from app.engine.game import Action
from app.engine.match import Match
from app.engine.rng import Rng
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd

from app.ai.semper_fi.evaluate import enemy_steps_at, fire_value, nearest, visible_enemies


class GreedyPlayer:
    name = "greedy"

    def __init__(self, seed: int = 0, side: str = "", level: str = "normal"):
        self.side = side
        self.rng = Rng.from_seed(seed * 7907 + sum(map(ord, side)) + 3)

    def choose(self, match: Match, legal: list[Action]) -> Action:
        state = match.state
        assert isinstance(state, SFState)
        best, best_v = legal[-1], -1e9
        # a frozen set: ``nearest`` keeps its answers for one (the same few hexes all decision)
        foes = frozenset(state.units[f].at for f in visible_enemies(state, state.active))
        for a in legal:
            v = self._value(state, a, foes) + self.rng.randint(0, 999) * 1e-6
            if v > best_v:
                best, best_v = a, v
        return best

    def _value(self, state: SFState, a: Action, foes: frozenset[str]) -> float:
        t = a["type"]
        if t == "place":
            return 0.0                                   # first legal hex (ties broken at random)
        if t in ("end-setup", "remove-step", "go-first"):
            return 1.0
        if t in ("fire", "point-fire", "overwatch", "return-fire"):
            return fire_value(state, a)
        if t in ("artillery", "battery-fire", "mortar", "mortar-fire", "air-strike", "overwatch-air"):
            return 0.2 * enemy_steps_at(state, state.active, a["at"]) if a.get("ammo", "he") == "he" else -1
        if t == "assault":
            return 0.5
        if t == "mode":
            return 0.1 if a["to"] == "move" and foes else -0.1
        if t == "move":
            s = state.units[a["unit"]]
            b = bd(state)
            if s.at not in b.hexset or not foes:
                return 0.05 if s.at not in b.hexset else -0.1
            return 0.2 * (nearest(state, s.at, foes) - nearest(state, a["to"], foes)) - 0.01
        if t == "exit":
            return 2.0
        if t in ("reserve", "place-rest", "fall-back", "dig-in", "overwatch-mortar", "go-second"):
            return -0.5
        return 0.0


def make_greedy(seed: int = 0, side: str = "", level: str = "normal") -> GreedyPlayer:
    return GreedyPlayer(seed=seed, side=side, level=level)
