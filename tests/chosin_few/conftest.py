"""Shared helpers for The Chosin Few tests: a fresh standard game, positions set by hand, and a
context whose dice and cup draws follow a script (so each rule can be tested on exact rolls)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.engine.game import Context
from app.engine.rng import Rng
from app.engine.scenario import load_scenario

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "resources" / "chosin-few" / "scenarios" / "standard.toml"


class Script(Context):
    """Dice come from ``faces`` (in order); cup draws take ``picks`` (cube ids) when given."""

    def __init__(self, faces: list[int] | None = None, picks: list[str] | None = None):
        super().__init__(Rng.from_seed(1), side="player")
        self.faces = list(faces or [])
        self.picks = list(picks or [])
        self.rolled: list[int] = []

    def roll(self, reason, rule="", sides=6, count=1, average=False):
        if not self.faces:
            raise AssertionError(f"unexpected roll: {reason}")
        face = self.faces.pop(0)
        self.rolled.append(face)
        self.log(f"{reason}: rolled {face}", rule, kind="roll", dice=[face])
        return [face]

    def pick(self, items, reason, rule=""):
        if self.picks:
            item = self.picks.pop(0)
            items.remove(item)
        else:
            item = items.pop(0)
        self.log(f"{reason}: drew {item}", rule, kind="draw", item=item)
        return item

    def texts(self) -> list[str]:
        return [e.text for e in self.events]

    def rules(self) -> list[str]:
        return [e.rule for e in self.events]


@pytest.fixture(scope="session")
def game_and_scenario():
    game, loaded = load_scenario(SCENARIO)
    return game, loaded.data


@pytest.fixture
def game(game_and_scenario):
    return game_and_scenario[0]


@pytest.fixture
def fresh(game_and_scenario):
    """A function giving a new standard start position (seed 7 unless told)."""
    game, data = game_and_scenario

    def make(seed: int = 7):
        return game.setup(data, {}, seed)

    return make


def actions_phase(state, actions: int = 4, card: str = "AC-01") -> Any:
    """Put ``state`` in the Player Actions phase with ``actions`` to spend."""
    state.phase = "actions"
    state.card = card
    state.actions_left = actions
    state.roll = None
    state.pending = []
    return state


def enemy_phase(state, colours: list[str], card: str = "AC-01") -> Any:
    """Put ``state`` at the start of Enemy Movement with the given colours to move."""
    state.phase = "enemy-movement"
    state.card = card
    state.em_queue = list(colours)
    state.em_attacked = []
    state.pending = []
    state.roll = None
    return state


def run(game, state, action: dict, faces: list[int] | None = None, picks: list[str] | None = None) -> Script:
    """Check then apply ``action`` with scripted dice; return the context (its log)."""
    problem = game.check(state, action)
    assert problem is None, f"{action} refused: {problem}"
    ctx = Script(faces, picks)
    game.apply(state, action, ctx)
    assert not ctx.faces, f"dice left unused: {ctx.faces}"
    return ctx


def advance_em(game, state, faces: list[int] | None = None) -> Script:
    """Run the automatic part of Enemy Movement (as the draw action would)."""
    ctx = Script(faces)
    game._advance(state, ctx)
    return ctx


def marine_attack_roll(game, state, air: int = 1) -> Any:
    """The Marines attack red-1 in A-1 with ``air`` support tokens held: the roll waits (CF-Air-4/5)."""
    st = actions_phase(state, 3)
    st.air_held = air
    st.cup.remove("red-1")
    st.cubes = {"red-1": "A-1"}
    run(game, st, {"type": "attack", "unit": "marine", "target_space": "A-1", "cube": "red-1"})
    return st


def red_attack(game, state, units: dict[str, str], faces: list[int] | None = None, air: int = 0,
               step: dict[str, int] | None = None) -> Any:
    """Enemy Movement of the red cubes: red-1 in E-1 comes on ``units`` (unit -> space)."""
    st = enemy_phase(state, ["red"])
    st.air_held = air
    st.units = dict(units)
    st.step.update(step or {})
    st.cubes = {"red-1": "E-1"}
    advance_em(game, st, faces)
    return st


def types(actions: list[dict]) -> set[str]:
    return {a["type"] for a in actions}
