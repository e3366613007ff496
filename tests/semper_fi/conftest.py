"""Helpers for the Semper Fi! tests: scenarios on the shipped or the stand-in maps, bare positions
with hand-placed units, and a context whose dice are chosen by the test."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from app.engine.game import Context
from app.engine.rng import Rng
from app.games.semper_fi.data import counters
from app.games.semper_fi.game import GAME
from app.games.semper_fi.setup import setup_state
from app.games.semper_fi.state import SFState, UnitState

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
SCEN = ROOT / "resources" / "semper-fi" / "scenarios"
TEST_MAPS = {"changchon": str(DATA / "changchon_test.json"), "no-name-ridge": str(DATA / "nnr_test.json")}
SCENARIOS = sorted(p.stem for p in SCEN.glob("*.toml"))


def scenario(name: str, stand_in: bool = False) -> dict[str, Any]:
    d = tomllib.loads((SCEN / f"{name}.toml").read_text(encoding="utf-8"))
    if stand_in:
        d["map"] = TEST_MAPS[d["map"]]
    return d


class Dice(Context):
    """A context whose next dice are the test's ``faces`` (then the seeded generator)."""

    def __init__(self, rng: Rng, faces: list[int] | None = None):
        super().__init__(rng)
        self.faces = list(faces or [])

    def roll(self, reason: str, rule: str = "", sides: int = 6, count: int = 1,
             average: bool = False) -> list[int]:
        if not self.faces:
            return super().roll(reason, rule, sides, count, average)
        got = [self.faces.pop(0) for _ in range(count)]
        self.log(f"{reason}: rolled {'+'.join(map(str, got))}", rule, kind="roll", dice=got)
        return got


def bare(map_name: str = "no-name-ridge", first: str = "17 Aug 0800", last: str = "17 Aug 1200",
         rules: dict[str, Any] | None = None, stand_in: bool = True, **extra: Any) -> SFState:
    """A position in the first action phase, US phasing, with no units: tests place their own."""
    sc: dict[str, Any] = {
        "format": "ridgeline-scenario", "version": 1, "game": "semper-fi", "id": "t", "name": "t",
        "map": TEST_MAPS[map_name] if stand_in else map_name,
        "turns": {"first": first, "last": last},
        "play": {"initiative": "us", "first_setup": "us"},
        "victory": {"kind": "hilltop-platoon", "hexes": ["7.13"]},
        "rules": rules or {},
    }
    sc.update(extra)
    st = setup_state(sc, {}, 7)
    st.phase = "action-1"
    st.first = "us"
    st.active = st.turn_side = "us"
    st.setup_order = []
    return st


def put(st: SFState, uid: str, at: str, **kw: Any) -> UnitState:
    d = counters().units[uid]
    s = UnitState(at=at, steps=kw.pop("steps", d.type.steps), mode=kw.pop("mode", "fire"))
    for k, v in kw.items():
        setattr(s, k, v)
    st.units[uid] = s
    st.battalion.setdefault(d.battalion, 0)
    return s


def act(st: SFState, action: dict[str, Any], faces: list[int] | None = None) -> Dice:
    """Apply ``action`` after checking it is legal; returns the context (its log)."""
    legal = GAME.legal_actions(st)
    assert action in legal, f"{action} not legal; legal: {legal[:12]}"
    ctx = Dice(st.rng, faces)
    GAME.apply(st, action, ctx)
    return ctx


def texts(ctx: Context) -> str:
    return "\n".join(e.text for e in ctx.events)


@pytest.fixture
def game():
    return GAME


def attacks_at_night_undoubled(st, uid: str) -> None:
    """3.2: a Communist unit attacking at night has its morale neither doubled for the assault
    nor raised for the night; defending, it is doubled."""
    from app.games.semper_fi import morale
    _e, why = morale.effective(st, uid, assault="attacker")
    assert "doubled in assault" not in why and "+1 night" not in why
    _e, why = morale.effective(st, uid, assault="defender")
    assert "doubled in assault" in why
