"""A synthetic game for ``ridgeline bench``: long saves without waiting for a real game to end.

The drill game never ends. Each side moves one of its 40 units at a time on a 40 x 40 grid of
cells (eight legal actions a step: six moves, a fire that rolls a die, and a pass), so a
10,000-action save costs what a mid-sized operational game costs per action: a legality check
against the enumerated actions, a state copy and a digest over some 80 units. It is not one of
Ridgeline's games and is never listed by ``ridgeline games``; the benchmark registers it for the
duration of a measurement only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from app.engine.game import Action, Context, Game, Illegal
from app.engine.rng import Rng
from app.engine.state import GameState

DRILL_ID = "bench-drill"
_SIZE = 40
_UNITS = 40
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


@dataclass
class DrillUnit:
    id: str
    col: int
    row: int
    steps: int = 2
    flags: list[str] = field(default_factory=list)


@dataclass
class DrillState(GameState):
    units: list[DrillUnit] = field(default_factory=list)
    cursor: dict[str, int] = field(default_factory=dict)
    hits: dict[str, int] = field(default_factory=dict)


class DrillGame(Game):
    id = DRILL_ID
    name = "Benchmark drill (synthetic)"
    sides = ("north", "south")
    state_class = DrillState

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> DrillState:
        st = DrillState(game=DRILL_ID, scenario=str(scenario.get("id", "drill")), turn=1,
                        phase="move", active="north", rng=Rng.from_seed(seed))
        for i in range(_UNITS):
            st.units.append(DrillUnit(f"n{i}", i % _SIZE, 2 + i // _SIZE))
            st.units.append(DrillUnit(f"s{i}", i % _SIZE, _SIZE - 3 - i // _SIZE))
        st.cursor = {"north": 0, "south": 0}
        st.hits = {"north": 0, "south": 0}
        return st

    def _current(self, st: DrillState) -> DrillUnit:
        mine = [u for u in st.units if u.id[0] == st.active[0]]
        return mine[st.cursor[st.active] % len(mine)]

    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        assert isinstance(state, DrillState)
        if side is not None and side != state.active:
            return []
        u = self._current(state)
        out: list[Action] = []
        for dc, dr in _STEPS:
            c, r = u.col + dc, u.row + dr
            if 0 <= c < _SIZE and 0 <= r < _SIZE:
                out.append({"type": "move", "unit": u.id, "to": [c, r]})
        out.append({"type": "fire", "unit": u.id})
        out.append({"type": "pass", "unit": u.id})
        return out

    def explain(self, state: GameState, action: Action) -> Illegal:
        return Illegal("not one of the drill's actions", "D.1")

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        assert isinstance(state, DrillState)
        u = self._current(state)
        if action["type"] == "move":
            u.col, u.row = action["to"]
            u.flags = ["moved"]
        elif action["type"] == "fire":
            if ctx.d6("drill fire", "D.2") >= 5:
                state.hits[state.active] += 1
        state.cursor[state.active] += 1
        state.active = "south" if state.active == "north" else "north"
        if state.active == "north":
            state.turn += 1
            for unit in state.units:
                unit.flags = []


def drill_save(actions: int, seed: int = 1) -> dict[str, Any]:
    """Save data for a drill match of ``actions`` actions chosen by a seeded random player.

    Built by applying the actions to one state in place (what ``Match.apply`` does to its fresh
    copy), which is several times quicker than a match; ``saves.replay(verify=True)`` then checks
    every digest, so a difference between the two would fail the benchmark loudly.
    """
    from app.engine.files import FILE_VERSION, SAVE_FORMAT
    game = DrillGame()
    scenario_text = (f'format = "ridgeline-scenario"\nversion = 1\ngame = "{DRILL_ID}"\n'
                     'id = "drill"\nname = "Drill"\n')   # checked like any save's scenario
    state = game.setup({"id": "drill", "name": "Drill"}, {}, seed)
    initial = state.digest()
    chooser = Rng.from_seed(seed + 1)
    entries = []
    for _ in range(actions):
        action = chooser.choice(game.legal_actions(state))
        game.apply(state, action, Context(state.rng, side=state.active))
        entries.append({"action": action, "digest": state.digest()})
    return {"format": SAVE_FORMAT, "version": FILE_VERSION, "game": DRILL_ID,
            "scenario": {"path": "drill.toml", "text": scenario_text}, "seed": seed,
            "options": {}, "initial_digest": initial, "actions": entries, "players": {}}
