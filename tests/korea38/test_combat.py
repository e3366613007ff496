"""Combat (9.0 - 9.3): worked combat examples 1 and 2 and the numbered cases."""

from __future__ import annotations

from fractions import Fraction

from app.games.korea38 import GAME
from app.games.korea38.combat import odds_breakdown
from app.games.korea38.zoc import Board

from tests.korea38.fixtures.build import air, chain, make_data, start, turns, unit

OFFENSIVE_T1 = turns(t1={"offensive": {"communist": True, "allied": False},
                         "surprise": {"communist": True, "allied": False}})


def declare(m, defender, attack=(), support=(), wave=()):
    for u in attack:
        m.apply({"type": "declare-add", "defender": defender, "unit": u, "role": "attack"})
    for u in support:
        m.apply({"type": "declare-add", "defender": defender, "unit": u, "role": "support"})
    for u in wave:
        m.apply({"type": "declare-add", "defender": defender, "unit": u, "role": "wave"})


def finish_battle(m, prefer=None):
    """Answer every pending decision (first legal option unless ``prefer`` picks one)."""
    while m.state.pending:
        legal = m.legal_actions()
        pick = prefer(legal) if prefer else None
        m.apply(pick or legal[0])


def shifts(bd):
    return {s["rule"]: s["shift"] for s in bd["shifts"]}


# -- combat example 1 -----------------------------------------------------------------------

def example1_data():
    sea = [f"{c}{r:02d}" for c in (17, 23) for r in range(10, 21)] + ["1814", "2016", "2116"]
    units = [unit("kpa-1", "kpa", strength=(8, 4)), unit("kpa-2", "kpa", strength=(8, 4)),
             unit("kpa-3", "kpa", strength=(6, 3)), unit("kpa-105", "kpa", "armor", strength=(6, 3)),
             unit("kpa-4", "kpa", strength=(6, 3)), unit("kpa-6", "kpa", strength=(8, 4)),
             unit("kpa-7", "kpa", strength=(8, 4)),
             unit("rok-a", "rok", strength=(8, 4)), unit("rok-b", "rok", strength=(6, 3)),
             unit("rok-c", "rok", strength=(4, 2))]
    return make_data("ex1", cols=(17, 23), rows=(10, 20), sea=sea, units=units, start_row=14,
                     features={"1920": ["city", "port"]},
                     roads=chain(["1920", "1919", "1918", "1917", "1916", "1915"])
                     + chain(["2210", "2211", "2212", "2213"]), turn_track=OFFENSIVE_T1)


EX1_PIECES = {"rok-a": ("1813", True), "kpa-1": "1812", "kpa-2": "1912",
              "rok-b": "2014", "kpa-3": "2013", "kpa-105": "2113", "kpa-4": "2112",
              "rok-c": "2115", "kpa-6": "2215", "kpa-7": "2216"}


def test_korea38_combat_example_1():
    example1_data()
    m = start("ex1", phase="communist-combat", pieces=EX1_PIECES)
    b = Board(m.state)
    assert not b.in_communication("rok-a")
    assert b.in_communication("rok-b") and b.in_communication("rok-c")
    declare(m, "rok-a", attack=["kpa-1", "kpa-2"])
    declare(m, "rok-b", attack=["kpa-3", "kpa-105"], support=["kpa-4"])
    declare(m, "rok-c", attack=["kpa-6", "kpa-7"])
    m.apply({"type": "declare-done"})
    a, bb, c = (odds_breakdown(m.state, i) for i in range(3))
    # A: 16 against 4 is 4:1; the Allied division out of communication makes it 5:1
    assert (a["attack"], a["defence"], a["base"]) == (16, 4, 4)
    assert shifts(a) == {"9.2.2": 1} and a["column"] == "5:1"
    # B: 12 against 6 is 2:1; support 3:1; combined arms 4:1
    assert (bb["attack"], bb["defence"], bb["base"]) == (12, 6, 2)
    assert shifts(bb) == {"9.2.4.1": 1, "9.2.3": 1} and bb["column"] == "4:1"
    # at 3:1 or better the defender is certain to leave its hex
    assert Fraction(bb["retreat"].get("stays", "0")) == 0
    # C: 4:1 before anything happens
    assert c["column"] == "4:1"
    m.apply({"type": "resolve", "battle": 1})
    finish_battle(m, prefer=lambda legal: next((x for x in legal if x.get("unit") == "kpa-105"), None))
    assert m.state.battles[1].resolved
    assert m.state.units["kpa-105"].at == "2014"        # the advance into B
    # ... and C, now cut off, faces 5:1
    c2 = odds_breakdown(m.state, 2)
    assert shifts(c2) == {"9.2.2": 1} and c2["column"] == "5:1"


# -- combat example 2 -----------------------------------------------------------------------

def example2_data():
    t = turns(t6={"offensive": {"communist": True, "allied": False}})
    units = [unit("us-a", "us", strength=(16, 8))]
    units += [unit(f"pva-{i}", "pva", strength=(6, 3)) for i in range(1, 8)]
    units += [air("f80-1", arrival=1), air("f80-2", arrival=1), air("mig-15", "communist", "cancel", arrival=1)]
    # a road leaves the north edge at 2010 (10.0: the Communists trace along a road to the edge)
    return make_data("ex2", cols=(17, 23), rows=(10, 20), units=units, start_row=18, turn_track=t,
                     roads=chain(["2010", "2011"]), mig_alley=[f"{c}{r:02d}" for c in range(17, 24) for r in range(10, 15)])


def example2_declared():
    """Combat example 2: seven PVA divisions (two attacking, three in support, two in a human
    wave) against one American division, the Allied air and the MiG-15 ready; declared."""
    example2_data()
    m = start("ex2", turn=6, phase="communist-combat",
              pieces={"us-a": "2014", "pva-1": "2013", "pva-2": "1913", "pva-3": "2012",
                      "pva-4": "1912", "pva-5": "1813", "pva-6": "2011", "pva-7": "1911",
                      "f80-1": "air", "f80-2": "air", "mig-15": "air"})
    declare(m, "us-a", attack=["pva-1", "pva-2"], support=["pva-3", "pva-4", "pva-5"], wave=["pva-6", "pva-7"])
    m.apply({"type": "declare-done"})
    return m


def test_korea38_combat_example_2():
    m = example2_declared()
    bd = odds_breakdown(m.state, 0)
    assert (bd["attack"], bd["defence"], bd["base"]) == (12, 16, 0)
    assert shifts(bd) == {"9.2.2": 1, "9.2.4.1": 3, "9.2.4.2": 2}
    assert bd["column"] == "6:1"
    m.apply({"type": "resolve", "battle": 0})
    assert m.state.active == "allied"                 # the Allied player places air first
    assert {"type": "air", "units": ["f80-1", "f80-2"]} in m.legal_actions()
    m.apply({"type": "air", "units": ["f80-1", "f80-2"]})
    assert odds_breakdown(m.state, 0)["column"] == "4:1"
    assert m.state.active == "communist"              # then the MiG-15 over MiG Alley
    m.apply({"type": "mig", "cancel": "f80-2"})
    assert m.state.battles[0].column == 5
    before = sum(1 for e in m.events() if e.kind == "loss" and e.rule == "9.2.4.2")
    finish_battle(m)
    wave_losses = [e for e in m.events() if e.kind == "loss" and e.rule == "9.2.4.2"]
    assert before == 0 and len(wave_losses) == 1      # one air unit left: no second PVA loss
    assert all(m.state.units[u].used for u in ("f80-1", "f80-2", "mig-15"))


def test_9_2_4_2_two_air_units_cost_a_second_pva_step():
    m = example2_declared()
    m.apply({"type": "resolve", "battle": 0})
    m.apply({"type": "air", "units": ["f80-1", "f80-2"]})
    m.apply({"type": "no-mig"})
    finish_battle(m)
    assert len([e for e in m.events() if e.kind == "loss" and e.rule == "9.2.4.2"]) == 2


def test_9_2_5_mig_only_in_mig_alley_and_air_limit():
    example2_data()
    m = start("ex2", turn=6, phase="communist-combat",
              pieces={"us-a": "2017", "pva-1": "2016", "f80-1": "air", "f80-2": "air", "mig-15": "air"})
    declare(m, "us-a", attack=["pva-1"])
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    # one attacking Communist unit: at most one Allied air unit (9.2.5)
    assert all(len(a["units"]) <= 1 for a in m.legal_actions())
    m.apply({"type": "air", "units": ["f80-1"]})
    assert not any(p.kind == "mig" for p in m.state.pending)   # 2017 is outside MiG Alley
    assert m.state.battles[0].resolved or m.state.pending


def test_9_1_long_odds_cancelled_air_still_used():
    t = turns(t2={"offensive": {"communist": False, "allied": False}})
    make_data("lo", units=[unit("kpa-1", "kpa", strength=(2, 1)), unit("us-1", "us", strength=(10, 5)),
                           air("f80-1", arrival=1)], turn_track=t,
              features={"2020": ["city", "port"]}, roads=chain(["2020", "2019", "2018", "2017", "2016"]))
    m = start("lo", turn=2, phase="communist-combat", pieces={"kpa-1": "2014", "us-1": "2015", "f80-1": "air"})
    declare(m, "us-1", attack=["kpa-1"])
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    m.apply({"type": "air", "units": ["f80-1"]})
    b = m.state.battles[0]
    assert b.cancelled and b.resolved and b.roll == 0
    assert m.state.units["f80-1"].used
    assert not [e for e in m.events() if e.kind == "roll"]


def test_9_1_odds_above_six_are_six():
    make_data("hi", units=[unit("kpa-1", "kpa", strength=(30, 15)), unit("rok-1", "rok", strength=(4, 2))])
    m = start("hi", phase="communist-combat", pieces={"kpa-1": "2014", "rok-1": ("2015", True)})
    declare(m, "rok-1", attack=["kpa-1"])
    m.apply({"type": "declare-done"})
    bd = odds_breakdown(m.state, 0)
    assert bd["base"] == 15 and bd["column"] == "6:1"


def test_9_2_1_terrain_and_river_shifts():
    make_data("tr", units=[unit("kpa-1", "kpa", strength=(12, 6)), unit("kpa-2", "kpa", strength=(12, 6)),
                           unit("rok-1", "rok", strength=(4, 2))],
              terrain={"2015": "mountain"}, rivers=[("2014", "2015"), ("1915", "2015")])
    m = start("tr", phase="communist-combat", pieces={"kpa-1": "2014", "kpa-2": "1915", "rok-1": "2015"})
    declare(m, "rok-1", attack=["kpa-1", "kpa-2"])
    m.apply({"type": "declare-done"})
    bd = odds_breakdown(m.state, 0)
    assert [s["shift"] for s in bd["shifts"] if s["rule"] == "9.2.1"] == [-2, -1]
    # with one attacker not across the river, no river shift
    m2 = start("tr", phase="communist-combat", pieces={"kpa-1": "2014", "kpa-2": "2115", "rok-1": "2015"})
    declare(m2, "rok-1", attack=["kpa-1", "kpa-2"])
    m2.apply({"type": "declare-done"})
    assert [s["shift"] for s in odds_breakdown(m2.state, 0)["shifts"] if s["rule"] == "9.2.1"] == [-2]


def test_9_2_2_both_out_of_communication_cancel():
    make_data("ic2", units=[unit("kpa-1", "kpa", strength=(8, 4)), unit("rok-1", "rok", strength=(4, 2))],
              rows=(10, 24), start_row=12)
    m = start("ic2", phase="communist-combat", pieces={"kpa-1": "2020", "rok-1": "2021"})
    declare(m, "rok-1", attack=["kpa-1"])
    m.apply({"type": "declare-done"})
    bd = odds_breakdown(m.state, 0)
    assert sorted(s["shift"] for s in bd["shifts"] if s["rule"] == "9.2.2") == [-1, 1]
    assert bd["column"] == "2:1"


def test_9_2_3_marines_combined_arms_alone_and_on_defence():
    t = turns(t5={"offensive": {"communist": False, "allied": False}})
    make_data("mar", units=[unit("us-1mar", "us", "armor", strength=(12, 6), combined_arms_always=True),
                            unit("kpa-1", "kpa", strength=(4, 2)), unit("kpa-2", "kpa", strength=(12, 6))],
              turn_track=t, features={"2020": ["city", "port"]}, roads=chain(["2020", "2019", "2018", "2017"]))
    m = start("mar", turn=5, phase="allied-combat", pieces={"us-1mar": "2016", "kpa-1": "2015", "kpa-2": "2010"})
    declare(m, "kpa-1", attack=["us-1mar"])
    m.apply({"type": "declare-done"})
    assert shifts(odds_breakdown(m.state, 0)).get("9.2.3") == 1
    m2 = start("mar", turn=5, phase="communist-combat", pieces={"us-1mar": "2016", "kpa-2": "2015", "kpa-1": "2010"})
    declare(m2, "us-1mar", attack=["kpa-2"])
    m2.apply({"type": "declare-done"})
    assert shifts(odds_breakdown(m2.state, 0)).get("9.2.3") == -1


def test_9_2_4_1_support_only_on_offensive_and_not_in_ezoc():
    make_data("sup", units=[unit("kpa-1", "kpa"), unit("kpa-2", "kpa"), unit("kpa-3", "kpa"),
                            unit("rok-1", "rok")], turn_track=OFFENSIVE_T1)
    m = start("sup", phase="communist-combat",
              pieces={"rok-1": "2015", "kpa-1": "2014", "kpa-2": "2013", "kpa-3": "2114"})
    m.apply({"type": "declare-add", "defender": "rok-1", "unit": "kpa-1", "role": "attack"})
    legal = m.legal_actions()
    assert {"type": "declare-add", "defender": "rok-1", "unit": "kpa-2", "role": "support"} in legal
    # kpa-3 is next to the defender: it may attack but never support (in an EZOC)
    assert {"type": "declare-add", "defender": "rok-1", "unit": "kpa-3", "role": "support"} not in legal
    assert {"type": "declare-add", "defender": "rok-1", "unit": "kpa-3", "role": "attack"} in legal
    m2 = start("sup", turn=2, phase="communist-combat",
               pieces={"rok-1": "2015", "kpa-1": "2014", "kpa-2": "2013", "kpa-3": "2114"})
    m2.apply({"type": "declare-add", "defender": "rok-1", "unit": "kpa-1", "role": "attack"})
    assert not [a for a in m2.legal_actions() if a.get("role") == "support"]


def test_9_0_once_per_phase_and_commitment():
    make_data("once", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok"), unit("rok-2", "rok")])
    m = start("once", phase="communist-combat", pieces={"kpa-1": "2014", "rok-1": "2015", "rok-2": "2013"})
    m.apply({"type": "declare-add", "defender": "rok-1", "unit": "kpa-1", "role": "attack"})
    assert not [a for a in m.legal_actions() if a.get("unit") == "kpa-1"]
    m.apply({"type": "declare-done"})
    assert {"type": "end-phase"} not in m.legal_actions()      # declared battles must be fought
    assert not [a for a in m.legal_actions() if a["type"] == "declare-add"]


def test_9_3_retreat_rules():
    """Retreat two hexes, each further away; avoid EZOCs; never end next to a friend's hex."""
    make_data("ret", units=[unit("kpa-1", "kpa", strength=(30, 15)), unit("rok-1", "rok", strength=(4, 2)),
                            unit("rok-2", "rok")])
    m = start("ret", phase="communist-combat", pieces={"kpa-1": "2014", "rok-1": "2015", "rok-2": "2017"})
    from app.games.korea38.retreat import plan_retreat
    plan = plan_retreat(m.state, Board(m.state), "rok-1")
    assert plan.outcome == "retreat"
    g = Board(m.state).data.grid
    for p in plan.options:
        assert g.distance("2015", p[0]) == 1 and g.distance("2015", p[1]) == 2
        assert p[1] != "2017"
        assert not set(p) & Board(m.state).ezoc("allied")


def _corridor(key, land, units):
    every = [f"{c}{r:02d}" for c in range(15, 26) for r in range(10, 21)]
    return make_data(key, units=units, sea=[h for h in every if h not in land])


def test_9_3_retreat_through_ezoc_costs_a_step_or_eliminates():
    from app.games.korea38.retreat import plan_retreat
    units = [unit("kpa-1", "kpa", strength=(30, 15)), unit("kpa-2", "kpa"), unit("kpa-3", "kpa"),
             unit("rok-1", "rok", strength=(4, 2))]
    _corridor("ret2", {"2014", "2015", "2016", "2017", "1915", "2018"}, units)
    m = start("ret2", phase="communist-combat", pieces={"kpa-1": "2014", "rok-1": "2015", "kpa-2": "1915"})
    plan = plan_retreat(m.state, Board(m.state), "rok-1")
    assert plan.outcome == "retreat-step" and plan.options == [["2016", "2017"]]
    declare(m, "rok-1", attack=["kpa-1"])
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    finish_battle(m)
    r = m.state.battles[0].result
    losses = [e for e in m.events() if e.kind == "loss" and e.data.get("unit") == "rok-1"]
    if r == "DR":
        assert m.state.units["rok-1"].at == "2017" and m.state.units["rok-1"].reduced
        assert [e.rule for e in losses] == ["9.3"]
    # ending in an EZOC eliminates
    m2 = start("ret2", phase="communist-combat",
               pieces={"kpa-1": "2014", "rok-1": "2015", "kpa-2": "1915", "kpa-3": "2018"})
    plan2 = plan_retreat(m2.state, Board(m2.state), "rok-1")
    assert plan2.outcome == "eliminated"


def test_9_3_communist_off_north_edge_returns():
    from app.engine.game import Context
    from app.games.korea38 import combat, reinforcements
    from app.games.korea38.retreat import plan_retreat
    _corridor("off", {"2010", "2011", "2013"},
              [unit("us-1", "us", strength=(30, 15)), unit("kpa-1", "kpa", strength=(4, 2))])
    from app.games.korea38.data import get_data
    m = start("off", turn=3, phase="allied-combat", pieces={"us-1": "2011", "kpa-1": "2010"})
    plan = plan_retreat(m.state, Board(m.state), "kpa-1")
    assert plan.outcome == "off-map" and plan.options == [["off-map"]]
    st = m.state.copy()
    ctx = Context(st.rng)
    combat.do_retreat(st, "kpa-1", ["off-map"], ctx)
    assert st.units["kpa-1"].at == "offmap"
    # an Allied unit in the same spot is eliminated instead
    m2 = start("off", turn=3, phase="communist-combat", pieces={"us-1": "2010", "kpa-1": "2011"})
    assert plan_retreat(m2.state, Board(m2.state), "us-1").outcome == "eliminated"


def test_9_0_advance_after_combat_optional():
    make_data("adv", units=[unit("kpa-1", "kpa", strength=(30, 15)), unit("rok-1", "rok", strength=(4, 2))])
    m = start("adv", phase="communist-combat", pieces={"kpa-1": "2014", "rok-1": "2015"})
    declare(m, "rok-1", attack=["kpa-1"])
    m.apply({"type": "declare-done"})
    m.apply({"type": "resolve", "battle": 0})
    while m.state.pending and m.state.pending[0].kind != "advance":
        m.apply(m.legal_actions()[0])
    assert {"type": "no-advance"} in m.legal_actions()
    assert {"type": "advance", "unit": "kpa-1", "to": "2015"} in m.legal_actions()
    m.apply({"type": "no-advance"})
    assert m.state.units["kpa-1"].at == "2014"


def test_crt_probabilities_are_exact():
    example1_data()
    m = start("ex1", phase="communist-combat", pieces=EX1_PIECES)
    declare(m, "rok-c", attack=["kpa-6", "kpa-7"])
    m.apply({"type": "declare-done"})
    bd = odds_breakdown(m.state, 0)
    assert sum(Fraction(v) for v in bd["results"].values()) == 1
    assert sum(Fraction(v) for v in bd["retreat"].values()) == 1
    assert GAME.odds_breakdown(m.state, 0)["column"] == "4:1"
