"""The Chinese on East Hill (7.2, 7.5) in the last turns. A unit that moved may not assault in
the same phase (C8.1), so the assault on each hex the Marines still hold must be standing next
to it a phase early: the assault units are shared out over those hexes (``stage_out``)."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.objectives import stage_out
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-2-battle-for-east-hill"


def _position(us: list[tuple[str, str]], cn: list[tuple[str, str]], turn: int = 1) -> Match:
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, first="29 Nov 0200", last="29 Nov 0600",
              victory=sc["victory"])
    for uid, at in us:
        put(st, uid, at)
    for uid, at in cn:
        put(st, uid, at, mode="move")
    st.first = st.active = st.turn_side = "nk"
    st.turn = turn
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def _two_held() -> Match:
    return _position([("dog-10-eng-eng-1", "18.23"), ("dog-10-eng-eng-2", "16.29")],
                     [("1-240-plt-1", "18.24"), ("1-240-plt-2", "18.24"), ("1-240-plt-3", "18.26")])


def test_7_2_each_hex_the_marines_hold_on_the_hill_gets_its_own_assault_units() -> None:
    m = _two_held()
    share = stage_out(m.state, "nk", ["1-240-plt-1", "1-240-plt-2", "1-240-plt-3"])
    # two platoons (10 against the engineers' 4) are enough next to 18.23: the third goes on
    assert share["1-240-plt-1"] == share["1-240-plt-2"] == frozenset({"18.23"})
    assert share["1-240-plt-3"] == frozenset({"16.29"})
    assert stage_out(m.state, "us", ["dog-10-eng-eng-1"]) == {}      # the defender stages nothing


def test_7_2_the_spare_platoon_makes_for_the_other_held_hex_not_the_nearest() -> None:
    """Before, every platoon closed on the nearest held hex: the third joined the two next to
    18.23 and nobody went for 16.29, where the engineers alone would keep 7.2 for the Marines."""
    m = _two_held()
    b = bd(m.state)
    legal = [a for a in m.legal_actions() if a.get("unit") == "1-240-plt-3" and a["type"] == "move"]
    a = make_ai(seed=1, side="nk").choose(m, legal)
    assert b.grid.distance(a["to"], "16.29") < b.grid.distance("18.26", "16.29"), a
    assert b.grid.distance(a["to"], "18.23") >= b.grid.distance("18.26", "18.23"), a


def test_the_hint_names_the_held_hex_a_staged_platoon_makes_for() -> None:
    m = _two_held()
    ai = make_ai(seed=1, side="nk")
    legal = [a for a in m.legal_actions() if a.get("unit") == "1-240-plt-3" and a["type"] == "move"]
    why = ai.explain(m, ai.choose(m, legal))
    assert "from 16.29" in why and "(C8.1)" in why, why


def test_7_5_a_chinese_platoon_on_the_taken_hill_digs_in_with_marines_three_hexes_off() -> None:
    """C6.6, C8.2: dug-in troops take -2 from fire and in an assault. Before, a platoon on a hill
    hex the Chinese had taken ended its phase there undug while a Marine unit stood 3 hexes off
    (the attacker dug in only with the enemy within 2), and greedy's Marines, who walk at the
    nearest Chinese, won hexes back on the last turn."""
    sc = scenario("7-5-battle-for-east-hill-round-two")
    st = bare(map_name="hagaru", stand_in=False, first="30 Nov 2300", last="1 Dec 0800",
              victory=sc["victory"])
    put(st, "dog-10-eng-eng-1", "14.25")
    put(st, "1-240-plt-1", "17.25", mode="fire")
    st.first = st.active = st.turn_side = "nk"
    st.turn = 3
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    assert bd(st).grid.distance("14.25", "17.25") == 3
    assert make_ai(seed=1, side="nk").choose(m, m.legal_actions()) == {"type": "dig-in", "unit": "1-240-plt-1"}
