"""The AI defending 4.2's start hexes: every one of them must hold a Marine at the end (4.2's
victory), so the last Marine in a start hex neither assaults out of it nor walks away, and a
Marine from a crowded start hex goes to fill one left empty. Against the greedy North Koreans
the old AI drew 83 of 100 games, mostly with one start hex empty and no enemy in it."""

from __future__ import annotations

from app.ai.semper_fi import make_ai
from app.engine.match import Match
from app.games.semper_fi.game import GAME

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
