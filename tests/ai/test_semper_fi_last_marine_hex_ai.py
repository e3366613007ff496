"""6.x: with the Chinese already round Fox Hill and one Marine hex left there, the Chinese
assault units make for that hex instead of staying where they stand. 6.2, seed 1033 against
random: four dug-in Chinese platoons sat two hexes from a dug-in 60 mm mortar section at 8.07, the last
Marine unit within a hex of Fox Hill, for the last three phases; nothing was next to it to
assault it, and the game ended a draw."""

from __future__ import annotations

from app.ai.semper_fi.player import _Ctx
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from tests.ai.semper_fi_phases import play_phase
from tests.semper_fi.conftest import bare, put, scenario

PLATOONS = ("1-2-177-plt-2", "1-2-177-plt-3")


def _position(second_marine_at: str = "", mode: str = "fire") -> Match:
    sc = scenario("6-2-second-night")
    st = bare(map_name="fox-hill", stand_in=False, first="19 Nov 0200", last="19 Nov 0800",
              victory=sc["victory"])
    st.turn = len(st.clock) - 2
    st.phase = "action-1"
    st.first = "nk"
    st.active = st.turn_side = "nk"
    for u in PLATOONS:
        # as in seed 1033: dug in since taking the hex (in move mode, not: C3.2)
        put(st, u, "7.09", dug_in=mode == "fire", mode=mode)
    put(st, "fox-2-7-60mm-1", "8.07", dug_in=True, steps=1)
    if second_marine_at:
        put(st, "fox-2-7-plt-2", second_marine_at)
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_6_2_the_last_marine_hex_round_fox_hill_gets_the_assault_units() -> None:
    m = _position()
    c = _Ctx(m.state, "nk")
    assert all(c.obj_of(u) == frozenset({"8.07"}) for u in PLATOONS)
    assert bd(m.state).grid.distance("7.09", "8.07") == 2
    play_phase(m, side="nk")                        # the AI's whole phase, both sides' AIs
    # the climb to the hexes next to 8.07 costs more than the half allowance left after the
    # change of mode (C3.2): this phase they set off in move mode, next phase they close in
    assert all(m.state.units[u].mode == "move" for u in PLATOONS)


def test_6_2_next_phase_they_close_in_on_the_last_marine_hex() -> None:
    m = _position(mode="move")
    play_phase(m, side="nk")                        # the AI's whole phase, both sides' AIs
    b = bd(m.state)
    assert any(b.grid.distance(m.state.units[u].at, "8.07") == 1 for u in PLATOONS)


def test_6_2_with_two_marine_hexes_left_the_chinese_keep_their_hexes() -> None:
    m = _position(second_marine_at="6.07")
    c = _Ctx(m.state, "nk")
    assert all(c.obj_of(u) == c.obj for u in PLATOONS)
