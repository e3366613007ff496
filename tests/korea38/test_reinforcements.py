"""Reinforcements and replacements (10.0 - 10.5): the worked reinforcement example and cases."""

from __future__ import annotations

from app.games.korea38 import GAME
from app.games.korea38.zoc import Board

from tests.korea38.fixtures.build import air, chain, make_data, start, turns, unit

ROADS = chain(["2020", "2019", "2018", "2017", "2016"]) + chain(["2013", "2012", "2011", "2010"])
FEATURES = {"2020": ["city", "port", "star-city"], "2014": ["city", "capital"],
            "2011": ["city", "capital"], "2010": ["city", "star-city"], "2218": ["city", "port"]}


def reinforcement_data(key="reinf", extra_units=()):
    t = turns(t2={"rp": {"rok": 2, "un": 0, "kpa": 0, "pva": 0}},
              t3={"rp": {"rok": 0, "un": 1, "kpa": 1, "pva": 1}})
    units = [unit("rok-a", "rok"), unit("rok-e", "rok"), unit("kpa-1", "kpa"),
             unit("us-24", "us", arrival=2), unit("us-25", "us", arrival=2),
             unit("us-1cav", "us", "armor", arrival=2), air("f80-1", arrival=2), *extra_units]
    return make_data(key, rows=(10, 22), start_row=12, features=FEATURES, roads=ROADS, units=units,
                     turn_track=t)


def test_korea38_reinforcement_example():
    reinforcement_data()
    m = start("reinf", turn=2, phase="allied-reinforcement",
              pieces={"rok-a": ("2018", True), "rok-e": {"at": "elim", "reduced": True}, "kpa-1": "2014"},
              control={"2014": "communist"})
    st = m.state
    assert Board(st).data.capital["allied"] == "2014"           # Seoul, held by the enemy
    assert st.rp == {"rok": 2, "un": 0}
    assert st.units["f80-1"].at == "air" and not st.units["f80-1"].used   # air to its box
    legal = m.legal_actions()
    # rok-a is In Communication: one point flips it; Seoul is held by the enemy, so rok-e comes
    # back at Pusan only
    assert {"type": "replace", "unit": "rok-a", "at": "2018"} in legal
    assert [a["at"] for a in legal if a["type"] == "replace" and a["unit"] == "rok-e"] == ["2020"]
    for u in ("us-24", "us-25", "us-1cav"):
        assert {a["at"] for a in legal if a["type"] == "reinforce" and a["unit"] == u} == {"2020", "fec"}
    m.apply({"type": "replace", "unit": "rok-a", "at": "2018"})
    assert not m.state.units["rok-a"].reduced
    m.apply({"type": "replace", "unit": "rok-e", "at": "2020"})
    assert m.state.units["rok-e"].reduced and m.state.rp["rok"] == 0
    m.apply({"type": "reinforce", "unit": "us-24", "at": "2020"})
    m.apply({"type": "reinforce", "unit": "us-25", "at": "2020"})
    assert {"type": "end-phase"} not in m.legal_actions()      # us-1cav still to place
    m.apply({"type": "reinforce", "unit": "us-1cav", "at": "fec"})
    m.apply({"type": "end-phase"})                              # over-stacked at Pusan: allowed now
    assert m.state.phase == "allied-precombat"
    movers = {a["unit"] for a in m.legal_actions() if a["type"] == "move"}
    assert {"us-24", "us-25", "rok-e"} <= movers
    assert "rok-a" not in movers                                # flipped on the map: no move
    assert {"type": "end-phase"} not in m.legal_actions()       # must sort out the stack first
    m.apply({"type": "move", "unit": "us-24", "to": "2019"})
    m.apply({"type": "move", "unit": "us-25", "to": "2119"})
    assert {"type": "end-phase"} in m.legal_actions()


def test_10_1_one_step_a_turn_and_in_communication():
    reinforcement_data("r101")
    m = start("r101", turn=2, phase="allied-reinforcement",
              pieces={"rok-a": ("2017", True), "rok-e": {"at": "elim"}, "kpa-1": "2012"})
    m.apply({"type": "replace", "unit": "rok-e", "at": "2020"})
    # brought back this turn: cannot be flipped with the second point (10.1)
    assert not [a for a in m.legal_actions() if a["type"] == "replace" and a["unit"] == "rok-e"]
    # out of communication units cannot be flipped
    m2 = start("r101", turn=2, phase="allied-reinforcement",
               pieces={"rok-a": ("2013", True), "kpa-1": "2012"})
    cut = [a for a in m2.legal_actions() if a["type"] == "replace" and a["unit"] == "rok-a"]
    assert bool(cut) == Board(m2.state).in_communication("rok-a")


def test_10_1_dots_and_t34_exception():
    extra = [unit("kpa-105", "kpa", "armor", replace_reduced_only=True),
             unit("kpa-dot", "kpa", replaceable=False)]
    reinforcement_data("rdot", extra)
    m = start("rdot", turn=3, phase="communist-reinforcement",
              pieces={"kpa-105": ("2012", True), "kpa-dot": {"at": "elim"}, "kpa-1": "2013"})
    reps = [a for a in m.legal_actions() if a["type"] == "replace"]
    assert not [a for a in reps if a["unit"] in ("kpa-dot", "kpa-105")]
    m2 = start("rdot", turn=3, phase="communist-reinforcement",
               pieces={"kpa-105": {"at": "elim"}, "kpa-1": "2013"})
    assert [a for a in m2.legal_actions() if a["type"] == "replace" and a["unit"] == "kpa-105"]


def test_10_2_communist_placement():
    reinforcement_data("r102", [unit("kpa-9", "kpa", arrival=3), unit("pva-9", "pva", arrival=3)])
    m = start("r102", turn=3, phase="communist-reinforcement", pieces={"kpa-1": "2013"})
    legal = m.legal_actions()
    assert {a["at"] for a in legal if a.get("unit") == "kpa-9"} == {"2011", "2010"}
    assert {a["at"] for a in legal if a.get("unit") == "pva-9"} == {"2010"}
    # Pyongyang lost: star city only
    m2 = start("r102", turn=3, phase="communist-reinforcement", pieces={"kpa-1": "2013"},
               control={"2011": "allied"})
    assert {a["at"] for a in m2.legal_actions() if a.get("unit") == "kpa-9"} == {"2010"}


def test_10_2_turn_6_pva_in_mig_alley():
    t = turns(t6={"offensive": {"communist": True, "allied": False}})
    mig = ["2010", "2110", "2011", "2111", "1910"]
    make_data("r6", units=[unit("pva-1", "pva", arrival=6), unit("pva-2", "pva", arrival=6),
                           unit("rok-1", "rok")],
              features={"2012": ["city", "star-city"]}, mig_alley=mig, turn_track=t)
    m = start("r6", turn=6, phase="communist-reinforcement", pieces={"rok-1": "1911"})
    ats = {a["at"] for a in m.legal_actions() if a.get("unit") == "pva-1"}
    ez = Board(m.state).ezoc("communist")
    assert ats == {h for h in mig if h not in ez}
    m.apply({"type": "reinforce", "unit": "pva-1", "at": "2110"})
    assert "2110" not in {a["at"] for a in m.legal_actions() if a.get("unit") == "pva-2"}


def test_10_4_use_or_lose():
    reinforcement_data("r104")
    m = start("r104", turn=2, phase="allied-reinforcement", pieces={"kpa-1": "2012"})
    for u in ("us-24", "us-25", "us-1cav"):
        m.apply({"type": "reinforce", "unit": u, "at": "fec"})
    m.apply({"type": "end-phase"})
    assert m.state.rp == {}
    assert any(e.rule == "10.4" for e in m.events())


def test_10_5_replacement_types():
    reinforcement_data("r105", [unit("cw-1", "cw")])
    m = start("r105", turn=3, phase="allied-reinforcement",
              pieces={"rok-e": {"at": "elim"}, "cw-1": {"at": "elim"}, "kpa-1": "2012"})
    reps = {a["unit"] for a in m.legal_actions() if a["type"] == "replace"}
    assert reps == {"cw-1"}                    # turn 3 gives UN points only; ROK gets none


def test_10_0_city_control_last_to_enter():
    reinforcement_data("rctl")
    m = start("rctl", turn=3, phase="communist-movement", pieces={"kpa-1": "2013", "rok-a": "2019"})
    assert m.state.control["2014"] == "allied"
    m.apply({"type": "move", "unit": "kpa-1", "to": "2015"})      # passes through Seoul (2014)
    assert m.state.control["2014"] == "communist"
