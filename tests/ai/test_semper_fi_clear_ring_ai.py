"""7.1's Marines on the last turns: one Chinese unit within 3 hexes of Hagaru or the airfield at
the end makes the game a draw, and such a unit is cleared by assault. A unit that moved in a
phase may not assault in it (C8.1), so the assault has to stand next to the intruder a phase
early. Against random play, in 3 of the 8 draws on seeds 1000-1099 a lone Chinese platoon stood
inside the ring through the Marines' last phase and a single platoon assaulted it, the rest
having dug in where they stood the turn before (``objectives.clear_out``)."""

from __future__ import annotations

import copy

import pytest

from app.ai.semper_fi import make_ai
from app.ai.semper_fi import player as ai_player
from app.ai.semper_fi.objectives import clear_out, denied_hexes
from app.ai.semper_fi.player import _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from semper_fi_phases import play_phase
from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-1-assault-on-the-airstrip"
INTRUDER = "17.10"
MARINES = {"item-3-1-plt-1": "15.12", "item-3-1-plt-2": "16.13", "item-3-1-plt-3": "14.12"}


def _turn(turn_from_end: int) -> Match:
    """The Marines' action phase ``turn_from_end`` turns before the last (0: the last turn): a
    revealed Chinese platoon at 17.10, inside the ring; three Marine platoons 3-4 hexes off."""
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, first="28 Nov 2200", last="29 Nov 0100",
              victory=sc["victory"], mortar=sc.get("mortar", []))
    for u, h in MARINES.items():
        put(st, u, h)
    put(st, "1-172-plt-4", INTRUDER, hidden=False, mode="move")
    st.turn, st.phase, st.first = len(st.clock) - turn_from_end, "action-2", "nk"
    st.active = st.turn_side = "us"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def _us_phase(m: Match) -> list[dict]:
    """The Marines' action phase to its end (North Korean reactions too); the Marines' choices."""
    return play_phase(m)


def test_7_1_the_nearest_marines_are_sent_next_to_a_chinese_unit_inside_the_ring() -> None:
    m = _turn(1)
    st = m.state
    b = bd(st)
    assert INTRUDER in denied_hexes(st, "us")
    sent = clear_out(st, "us", list(MARINES))
    assert sorted(sent) == ["item-3-1-plt-1", "item-3-1-plt-2"]          # the two nearest
    ring = {n for n in b.grid.neighbours(INTRUDER) if n in b.hexset}
    assert all(goal == ring for goal in sent.values())
    assert _Ctx(st, "us").clear == sent


def test_7_1_the_marines_close_in_a_phase_before_the_last() -> None:
    """Before, all three platoons dug in where they stood and none could assault next phase."""
    m = _turn(1)
    chosen = _us_phase(m)
    b = bd(m.state)
    near = [u for u in MARINES if b.grid.distance(m.state.units[u].at, INTRUDER) == 1]
    assert near, chosen
    assert not any(a == {"type": "dig-in", "unit": u} for u in near for a in chosen)
    assert all(b.grid.distance(m.state.units[u].at, INTRUDER) <= 2 for u in ("item-3-1-plt-1", "item-3-1-plt-2"))


def test_7_1_without_the_rule_they_dig_in(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_player, "CLEAR", False)
    m = _turn(1)
    _us_phase(m)
    assert all(m.state.units[u].at == h for u, h in MARINES.items())


def test_7_1_earlier_in_the_night_nobody_is_sent() -> None:
    """Three turns from the end the Chinese may still come on in strength; the line stays."""
    m = _turn(3)
    assert clear_out(m.state, "us", list(MARINES)) == {}
    assert clear_out(copy.deepcopy(m.state), "nk", ["1-172-plt-4"]) == {}


def test_7_1_in_the_last_phase_nobody_moves_off_to_stage() -> None:
    """In the Marines' last phase a move would only spend the unit's assault (C8.1)."""
    m = _turn(0)
    assert _Ctx(m.state, "us").final
    assert clear_out(m.state, "us", list(MARINES)) == {}


def test_the_hint_says_why_the_platoon_closes_in() -> None:
    m = _turn(1)
    why = make_ai(seed=1, side="us").explain(m, {"type": "move", "unit": "item-3-1-plt-1", "to": "15.11"})
    assert "to assault 17.10 next phase" in why and "draw" in why and "(C8.1)" in why
