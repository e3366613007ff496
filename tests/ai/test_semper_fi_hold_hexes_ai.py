"""The AI defending ground it must keep at the end. 4.2 counts every start hex, so the last
Marine in one neither assaults out of it nor walks away, and a Marine from a crowded start hex
goes to fill one left empty (against the greedy North Koreans the old AI drew 83 of 100 games,
mostly with a start hex empty and no enemy in it). 7.1 counts any Chinese unit near the town or
the airfield at the end, so in the last phase the Marines assault one even at poor odds."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.engine.match import Match
from app.games.semper_fi.game import GAME
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import bare, put, scenario


def _position(start: list[str]) -> Match:
    st = bare(map_name="changchon", first="13 Aug 0200", last="13 Aug 0600",
              victory={"kind": "hold-hexes"})
    st.start_hexes = list(start)
    m = Match.start(GAME, scenario("4-2-night-attack"), seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_4_2_the_last_marine_in_a_start_hex_does_not_assault_out_of_it() -> None:
    m = _position(["8.10", "8.14"])
    put(m.state, "1-5-plt-1", "8.10")
    put(m.state, "1-5-plt-2", "8.14")
    put(m.state, "2-15-mg-1", "8.11", hidden=False, morale="suppressed", steps=1)
    legal = m.legal_actions()
    out_of_8_10 = {"type": "assault", "from": "8.10", "to": "8.11"}
    assert out_of_8_10 in legal
    a = make_ai(seed=1, side="us").choose(m, legal)
    assert a != out_of_8_10, a


def test_4_2_a_marine_from_a_crowded_start_hex_fills_the_empty_one() -> None:
    m = _position(["8.10", "8.12"])
    put(m.state, "1-5-plt-2", "8.11", mode="move")
    put(m.state, "1-5-plt-3", "8.11", mode="move")
    m.state.start_hexes = ["8.11", "8.12"]
    legal = m.legal_actions()
    a = make_ai(seed=1, side="us").choose(m, legal)
    assert a["type"] == "move" and a["to"] == "8.12", a


def _perimeter(turn_from_end: int, phase: str) -> Match:
    """7.1 on its map: a Chinese platoon inside the 3 hexes around Hagaru and the airfield, next
    to a Marine platoon of about the same assault firepower."""
    sc = scenario("7-1-assault-on-the-airstrip")
    st = bare(map_name="hagaru", stand_in=False, first="28 Nov 2200", last="29 Nov 0100",
              victory=sc["victory"])
    put(st, "how-3-1-plt-2", "16.11")
    put(st, "1-172-plt-4", "16.10", hidden=False)
    st.turn = len(st.clock) - turn_from_end
    st.phase = phase
    if phase == "action-2":            # the Marines move second: the initiative went to the Chinese
        st.first = "nk"
    m = Match.start(GAME, sc, seed=3, keep_snapshots=False)
    m.state = st
    return m


def test_7_1_in_the_last_phase_the_marines_go_in_at_poor_odds_against_a_unit_that_costs_a_level() -> None:
    """A Chinese unit within 3 hexes of the town or the airfield at the end turns a US win into a
    draw (7.1); in the game's last action phase even a poor assault is better than none."""
    from app.ai.semper_fi.player import _Ctx
    go_in = {"type": "assault", "from": "16.11", "to": "16.10"}
    early = _perimeter(3, "action-1")
    ai = make_ai(seed=1, side="us")
    assert go_in in early.legal_actions()
    assert ai.score(early.state, go_in, _Ctx(early.state, "us")) < 0          # not worth it yet
    final = _perimeter(0, "action-2")
    assert go_in in final.legal_actions()
    assert ai.score(final.state, go_in, _Ctx(final.state, "us")) > 0


def test_the_hint_says_why_the_last_phase_assault_is_worth_it() -> None:
    m = _perimeter(0, "action-2")
    why = make_ai(seed=1, side="us").explain(m, {"type": "assault", "from": "16.11", "to": "16.10"})
    assert "last action phase" in why and "(C8.2)" in why


def test_4_2_the_north_koreans_make_for_the_start_hex_the_marines_left() -> None:
    """4.2 counts a start hex with a North Korean in it at the end as taken, whoever left it: an
    empty one is cheaper than one a Marine holds, so a platoon nearer the held one goes for the
    empty one (docs/ai.md, seventh pass)."""
    m = _position(["8.10", "8.14"])
    st = m.state
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-5-plt-1", "8.10")
    put(st, "2-15-plt-1", "9.11", mode="move")
    legal = m.legal_actions()
    a = make_ai(seed=1, side="nk").choose(m, legal)
    assert a["type"] == "move", a
    g = bd(st).grid
    assert g.distance(a["to"], "8.14") < g.distance("9.11", "8.14"), a


def test_4_2_a_paralysed_north_korean_platoon_does_not_fall_back() -> None:
    """4.2 counts the Marines' losses and the start hexes, not the North Koreans' losses: the
    SYR roll of a fall-back (C7.3) buys them nothing, and a platoon that stays may still walk
    into an empty start hex. Elsewhere a paralysed platoon of 4 steps would fall back."""
    m = _position(["8.10", "8.14"])
    st = m.state
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-5-plt-1", "8.10")
    put(st, "1-5-plt-2", "8.12")
    put(st, "2-15-plt-1", "8.11", morale="paralysed", steps=4)
    legal = m.legal_actions()
    fall_back = {"type": "fall-back", "unit": "2-15-plt-1"}
    assert fall_back in legal
    assert make_ai(seed=1, side="nk").choose(m, legal) != fall_back
