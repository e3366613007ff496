"""The AI as the attacker of ground read at the end. On East Hill (7.2, 7.5) one US unit left at
1200 m or more decides the game for the Marines, so the Chinese make for the hexes the US still
hold (not for the hill as a whole); there and around Fox Hill (6.1-6.3) they spread over the
empty hexes once the ground is clear; and they take the last action phase of the game when they
have the choice."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.ai.semper_fi.objectives import ground_cleared, objective_hexes, objectives_for
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import bare, put, scenario

SCEN = "7-2-battle-for-east-hill"


def _position(us_at: str | None, cn: list[tuple[str, str]]) -> Match:
    sc = scenario(SCEN)
    st = bare(map_name="hagaru", stand_in=False, first="29 Nov 0200", last="29 Nov 0600",
              victory=sc["victory"])
    if us_at:
        put(st, "dog-10-eng-eng-1", us_at)
    for uid, at in cn:
        put(st, uid, at, mode="move")
    st.first = st.active = st.turn_side = "nk"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_7_2_the_hexes_to_take_are_the_ones_the_marines_still_hold_on_the_hill() -> None:
    m = _position("18.23", [("1-240-plt-1", "18.26")])
    hill = objective_hexes(m.state)
    assert "18.23" in hill and "18.26" in hill
    assert objectives_for(m.state, "nk") == frozenset({"18.23"})
    assert objectives_for(m.state, "us") == hill              # the Marines keep the whole hill
    assert ground_cleared(m.state, "nk") is False
    assert ground_cleared(m.state, "us") is None


def test_7_2_a_chinese_platoon_already_on_the_hill_closes_on_the_last_marines() -> None:
    """Before, every hill hex was an objective: a platoon standing on the hill 3 hexes from the
    last Marine had nothing to gain by moving and ended its phase there."""
    m = _position("18.23", [("1-240-plt-1", "18.26")])
    b = bd(m.state)
    legal = m.legal_actions()
    a = make_ai(seed=1, side="nk").choose(m, legal)
    assert a["type"] == "move", a
    assert b.grid.distance(a["to"], "18.23") < b.grid.distance("18.26", "18.23")


def test_7_2_with_the_hill_clear_a_stack_spreads_over_the_empty_hill_hexes() -> None:
    m = _position(None, [("1-240-plt-1", "18.26"), ("1-240-plt-2", "18.26"), ("1-240-plt-3", "18.26")])
    assert ground_cleared(m.state, "nk") is True
    hill = objective_hexes(m.state)
    legal = m.legal_actions()
    a = make_ai(seed=1, side="nk").choose(m, legal)
    assert a["type"] == "move" and a["to"] in hill and a["to"] != "18.26", a


def test_1_7g_the_attacker_takes_the_second_action_phase_on_the_last_turn_only() -> None:
    m = _position("18.23", [("1-240-plt-1", "18.26")])
    st = m.state
    st.phase, st.active = "initiative", "nk"
    choices = [{"type": "go-first"}, {"type": "go-second"}]
    ai = make_ai(seed=1, side="nk")
    st.turn = 1
    assert ai.choose(m, choices) == {"type": "go-first"}
    st.turn = len(st.clock)
    assert ai.choose(m, choices) == {"type": "go-second"}


def test_the_hint_says_why_the_attacker_goes_second_on_the_last_turn() -> None:
    m = _position("18.23", [("1-240-plt-1", "18.26")])
    m.state.phase, m.state.turn = "initiative", len(m.state.clock)
    why = make_ai(seed=1, side="nk").explain(m, {"type": "go-second"})
    assert "last turn" in why and "(1.7g)" in why


def test_6_2_with_fox_hill_taken_a_chinese_stack_spreads_over_its_empty_hexes() -> None:
    """6.1-6.3 read who stands within 1 hex of 7.08 at the end; a US unit walking back into an
    empty one turns a Chinese Major into a draw (seen in 6.2 against random Marines)."""
    sc = scenario("6-2-second-night")
    st = bare(map_name="fox-hill", stand_in=False, first="18 Nov 0200", last="18 Nov 0800",
              victory=sc["victory"])
    for uid in ("1-1-177-plt-1", "1-1-177-plt-2", "1-1-177-plt-3"):
        put(st, uid, "7.08", mode="move")
    put(st, "fox-2-7-plt-1", "7.12")
    st.first = st.active = st.turn_side = "nk"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    area = objective_hexes(st)
    assert ground_cleared(st, "nk") is True and "7.08" in area
    a = make_ai(seed=1, side="nk").choose(m, m.legal_actions())
    assert a["type"] == "move" and a["to"] in area and a["to"] != "7.08", a
