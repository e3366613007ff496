"""Issue 16, item 6: three Korea rule readings, each tested under the rule it reads."""

from __future__ import annotations

from app.games.korea38 import GAME
from app.games.korea38.combat import air_limit
from app.games.korea38.zoc import Board

from tests.korea38.fixtures.build import air, chain, make_data, start, turns, unit


def test_10_0_communists_trace_along_a_road_to_the_north_edge():
    """A Communist path reaches a road and follows it to the edge; a roadless edge hex is no
    source, so units near the edge but far from a road out of it are cut off."""
    units = [unit("kpa-1", "kpa"), unit("kpa-2", "kpa"), unit("kpa-3", "kpa"), unit("kpa-4", "kpa")]
    make_data("rr-10", rows=(10, 24), start_row=20, units=units)
    m = start("rr-10", turn=3, phase="communist-movement",
              pieces={"kpa-1": "1510", "kpa-2": "2012", "kpa-3": "2511"})
    b = Board(m.state)
    # no road leaves the edge anywhere: standing on the edge or next to it does not help
    assert not b.in_communication("kpa-1") and not b.in_communication("kpa-2")
    assert not b.in_communication("kpa-3")
    make_data("rr-10b", rows=(10, 24), start_row=20, units=units, roads=chain(["2010", "2011", "2012", "2013"]))
    m2 = start("rr-10b", turn=3, phase="communist-movement",
               pieces={"kpa-1": "1510", "kpa-2": "2016", "kpa-3": "2511", "kpa-4": "2017"})
    b2 = Board(m2.state)
    assert b2.in_communication("kpa-2")            # three hexes to the road at 2013, then along it
    assert b2.in_communication("kpa-4")            # four hexes: still inside 10.0's limit
    assert not b2.in_communication("kpa-1")        # five hexes from the road, on a roadless edge hex
    assert not b2.in_communication("kpa-3")        # the same on the other side


OFFENSIVE_ALLIED = turns(t4={"offensive": {"communist": True, "allied": True}})


def _air_battle(key: str):
    units = [unit("us-1", "us", strength=(8, 4)), unit("us-2", "us", strength=(8, 4)),
             unit("us-3", "us", strength=(8, 4)), unit("kpa-1", "kpa", strength=(4, 2)),
             unit("kpa-2", "kpa", strength=(8, 4)), unit("kpa-3", "kpa", strength=(8, 4)),
             air("f80"), air("f51"), air("b29")]
    make_data(key, units=units, features={"2017": ["city", "port"]}, turn_track=OFFENSIVE_ALLIED,
              roads=chain(["2010", "2011"]))
    return units


def test_9_2_5_allied_air_is_limited_by_the_attacking_units_not_the_supporters():
    """On the attack, Allied air is capped by the attacking units; offensive supporters do not
    raise the cap (DECISIONS.md, 9.2.5 reading)."""
    _air_battle("rr-925")
    m = start("rr-925", turn=4, phase="allied-combat",
              pieces={"us-1": "2015", "us-2": "2016", "us-3": "2115", "kpa-1": "2014",
                      "f80": "air", "f51": "air", "b29": "air"})
    m.apply({"type": "declare-add", "defender": "kpa-1", "unit": "us-1", "role": "attack"})
    legal = m.legal_actions()
    sup = [a for a in legal if a.get("role") == "support"]
    assert {a["unit"] for a in sup} == {"us-2", "us-3"}
    for a in sup:
        m.apply(a)
    b = m.state.battles[0]
    assert b.attackers == ["us-1"] and sorted(b.support) == ["us-2", "us-3"]
    assert air_limit(m.state, Board(m.state).data, b, "allied") == 1
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    dec = GAME.decision(m.state)
    assert dec["kind"] == "air" and dec["limit"] == 1
    # the legal choices: no air, or any one of the three
    air_sets = [a for a in m.legal_actions() if a.get("type") == "air"]
    assert air_sets and max(len(a.get("units", [])) for a in air_sets) == 1


def test_9_2_5_allied_air_on_defence_counts_every_communist_unit_in_the_attack():
    """On the defence the cap counts the Communist attackers with their supporters (the rule's
    own parenthesis)."""
    _air_battle("rr-925d")
    m = start("rr-925d", turn=4, phase="communist-combat",
              pieces={"us-1": "2014", "kpa-2": "2013", "kpa-3": "2012",
                      "f80": "air", "f51": "air", "b29": "air"})
    m.apply({"type": "declare-add", "defender": "us-1", "unit": "kpa-2", "role": "attack"})
    m.apply({"type": "declare-add", "defender": "us-1", "unit": "kpa-3", "role": "support"})
    b = m.state.battles[0]
    assert b.support == ["kpa-3"]
    assert air_limit(m.state, Board(m.state).data, b, "allied") == 2


def test_7_0_a_move_across_an_all_sea_hexside_is_refused_as_all_sea():
    make_data("rr-sea", units=[unit("kpa-1", "kpa")], sea=["2011"], all_sea=[("2010", "2110")])
    m = start("rr-sea", phase="communist-movement", pieces={"kpa-1": "2010"})
    move = {"type": "move", "unit": "kpa-1", "to": "2110"}
    assert move not in m.legal_actions()
    why = GAME.check(m.state, move)
    assert why is not None and "all sea" in why.reason and why.rule == "7.0"
    assert "out of reach" not in why.reason
    # a hex simply too far away still gets the movement explanation
    far = GAME.check(m.state, {"type": "move", "unit": "kpa-1", "to": "2020"})
    assert far is not None and "out of reach" in far.reason
