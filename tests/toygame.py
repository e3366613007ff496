"""A tiny game used to test the engine without any real game's rules.

Two sides race a token along a track of 10 squares; on its turn a side either steps 1
(no dice, so undoable) or rolls a die and moves that far (a barrier for undo). First to 10 wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.game import Action, Context, Game, Illegal, Outcome
from app.engine.rng import Rng
from app.engine.state import GameState


@dataclass
class ToyState(GameState):
    pos: dict[str, int] = field(default_factory=dict)
    hidden: dict[str, list[int]] = field(default_factory=dict)


class ToyGame(Game):
    id = "toy"
    name = "Toy race"
    sides = ("red", "blue")
    state_class = ToyState

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> ToyState:
        st = ToyState(game="toy", scenario=scenario.get("id", "toy"), turn=1, phase="race",
                      active="red", rng=Rng.from_seed(seed))
        st.pos = {"red": 0, "blue": 0}
        st.hidden = {"red": [1, 2], "blue": [3]}
        return st

    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        assert isinstance(state, ToyState)
        if side is not None and side != state.active:
            return []
        return [{"type": "step"}, {"type": "roll"}]

    def explain(self, state: GameState, action: Action) -> Illegal:
        return Illegal(f"no such move {action.get('type')!r}: step or roll", "T.1")

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, ToyState)
        side = state.active
        n = 1 if action["type"] == "step" else ctx.d6("race", "T.2")
        state.pos[side] = min(10, state.pos[side] + n)
        ctx.log(f"{side} moves to {state.pos[side]}", "T.3")
        state.active = "blue" if side == "red" else "red"
        if state.active == "red":
            state.turn += 1

    def view(self, state: GameState, side: str | None) -> dict[str, Any]:
        data = state.to_json()
        if side is not None:
            data["hidden"] = {k: v if k == side else ["?"] * len(v) for k, v in data["hidden"].items()}
        return data

    def outcome(self, state: GameState) -> Outcome | None:
        assert isinstance(state, ToyState)
        for side, p in state.pos.items():
            if p >= 10:
                return Outcome(side, "win", f"{side} reached square 10", "T.4")
        return None
