"""Movement (8.0) and zones of control (7.0): the worked movement examples A-E and the cases."""

from __future__ import annotations

from app.games.korea38 import GAME, movement
from app.games.korea38.zoc import Board

from tests.korea38.fixtures.build import chain, make_data, start, turns, unit

SURPRISE_T1 = turns(t1={"offensive": {"communist": True, "allied": False},
                        "surprise": {"communist": True, "allied": False}})


def _moves(m, uid):
    return {a["to"] for a in m.legal_actions() if a["type"] == "move" and a["unit"] == uid}


def _reach(m, uid):
    return movement.reach(m.state, Board(m.state), uid)


def test_korea38_movement_example_a():
    """A: the 1st Division spends its whole allowance on one hex and, in an EZOC, stops there."""
    make_data("mv-a", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")],
              terrain={"1815": "mountain"}, turn_track=SURPRISE_T1)
    m = start("mv-a", phase="communist-precombat", pieces={"kpa-1": "1814", "rok-1": "1816"})
    r = _reach(m, "kpa-1")
    assert r["1815"][0] == 4.0                        # the whole Movement Allowance
    assert "1816" not in r                            # 8.2.1 never into the enemy's hex
    assert all("1815" not in p[:-1] for _c, p in r.values())   # 7.1/8.3: it stops in the EZOC
    targets = GAME.drop_targets(m.state, "kpa-1")
    assert targets["1815"]["cost"] == 4.0
    m.apply({"type": "move", "unit": "kpa-1", "to": "1815"})
    assert m.state.units["kpa-1"].at == "1815"
    assert not _moves(m, "kpa-1")                     # 8.1: one use of the allowance a phase


def test_korea38_movement_example_b():
    """B: the 105th Tank Division: two road hexes at 1/2, one clear hex, a river into clear (4 in
    all), then it must stop in the EZOC with 2 hexes of movement unused."""
    make_data("mv-b", units=[unit("kpa-105", "kpa", "armor", strength=(10, 5)), unit("rok-1", "rok")],
              roads=chain(["2010", "2011", "2012"]),
              rivers=[("2013", "2014"), ("2113", "2014"), ("1913", "2014")], turn_track=SURPRISE_T1)
    m = start("mv-b", phase="communist-precombat", pieces={"kpa-105": "2010", "rok-1": "2015"})
    r = _reach(m, "kpa-105")
    cost, path = r["2014"]
    assert cost == 4.0
    assert path == ("2010", "2011", "2012", "2013", "2014")
    assert r["2011"][0] == 0.5 and r["2012"][0] == 1.0 and r["2013"][0] == 2.0
    assert "2015" not in r
    assert all("2014" not in p[:-1] for _c, p in r.values())


def test_korea38_movement_example_b_shared_hex():
    """B, last sentence: a unit may pass into a friend's hex; only one may remain at phase end."""
    make_data("mv-b2", units=[unit("kpa-105", "kpa", "armor"), unit("kpa-2", "kpa")],
              turn_track=SURPRISE_T1)
    m = start("mv-b2", phase="communist-movement", pieces={"kpa-105": "2010", "kpa-2": "2012"})
    assert "2012" in _moves(m, "kpa-105")
    m.apply({"type": "move", "unit": "kpa-105", "to": "2012"})
    legal = m.legal_actions()
    assert {"type": "end-phase"} not in legal          # 8.2.2: over-stacked, cannot end yet
    assert {"type": "eliminate", "unit": "kpa-2"} in legal
    m.apply({"type": "move", "unit": "kpa-2", "to": "2013"})
    assert {"type": "end-phase"} in m.legal_actions()


def test_korea38_movement_example_c():
    """C: the 4th Division pays 2 to enter 2115: 1 to cross the river, 1 for clear terrain."""
    make_data("mv-c", units=[unit("kpa-4", "kpa"), unit("rok-1", "rok")], rivers=[("2114", "2115")],
              turn_track=SURPRISE_T1)
    m = start("mv-c", phase="communist-precombat", pieces={"kpa-4": "2114", "rok-1": "2419"})
    assert _reach(m, "kpa-4")["2115"][0] == 2.0


def test_korea38_movement_example_d():
    """D: the 3rd Division pays 3 to enter a rough hex and stops for the EZOC there."""
    make_data("mv-d", units=[unit("kpa-3", "kpa"), unit("rok-1", "rok")], terrain={"1913": "rough"},
              turn_track=SURPRISE_T1)
    m = start("mv-d", phase="communist-precombat", pieces={"kpa-3": "1912", "rok-1": "1914"})
    r = _reach(m, "kpa-3")
    assert r["1913"][0] == 3.0
    assert all("1913" not in p[:-1] for _c, p in r.values())


def test_korea38_movement_example_e():
    """E: the 2nd Division pays 1 for the river and 3 for rough: 4, its whole allowance, so it
    stops although no EZOC is there."""
    make_data("mv-e", units=[unit("kpa-2", "kpa"), unit("rok-1", "rok")], terrain={"2313": "rough"},
              rivers=[("2312", "2313")], turn_track=SURPRISE_T1)
    m = start("mv-e", phase="communist-precombat", pieces={"kpa-2": "2312", "rok-1": "2319"})
    r = _reach(m, "kpa-2")
    assert r["2313"][0] == 4.0
    assert "2313" not in Board(m.state).ezoc("communist")
    assert all("2313" not in p[:-1] for _c, p in r.values())


def test_8_0_always_one_hex():
    """8.0: a unit may always move one hex, even when the hex costs more than its allowance."""
    make_data("mv-one", units=[unit("kpa-1", "kpa", move=2)], terrain={"2011": "mountain"},
              rivers=[("2010", "2011")])
    m = start("mv-one", phase="communist-movement", pieces={"kpa-1": "2010"})
    r = _reach(m, "kpa-1")
    assert r["2011"][0] == 5.0
    assert not any(p[-2] == "2011" for _c, p in r.values() if len(p) > 2)


def test_8_0_road_half_only_from_road_hex():
    """8.0: the road rate applies only when following the road from a road hex."""
    make_data("mv-road", units=[unit("kpa-1", "kpa")], roads=chain(["2012", "2013", "2014"]))
    m = start("mv-road", phase="communist-movement", pieces={"kpa-1": "2011"})
    r = _reach(m, "kpa-1")
    assert r["2012"][0] == 1.0        # entering the road from off it: terrain cost
    assert r["2014"][0] == 2.0        # then 1/2 a hex along it


def test_8_0_all_sea_and_sea_impassable():
    make_data("mv-sea", units=[unit("kpa-1", "kpa")], sea=["2011"], all_sea=[("2010", "2110")])
    m = start("mv-sea", phase="communist-movement", pieces={"kpa-1": "2010"})
    r = _reach(m, "kpa-1")
    assert "2011" not in r
    assert "2110" not in r            # not across the all-sea hexside, even as the one-hex move


def test_8_1_precombat_eligibility():
    """8.1: without surprise only armor, new arrivals (and naval/amphibious) move before combat."""
    make_data("mv-81", units=[unit("kpa-1", "kpa"), unit("kpa-105", "kpa", "armor")])
    m = start("mv-81", phase="communist-precombat", pieces={"kpa-1": "2010", "kpa-105": "2012"})
    assert not _moves(m, "kpa-1")
    assert _moves(m, "kpa-105")
    ill = GAME.check(m.state, {"type": "move", "unit": "kpa-1", "to": "2011"})
    assert ill is not None and ill.rule == "8.1"
    m.apply({"type": "end-phase"})
    m.apply({"type": "declare-done"})
    m.apply({"type": "end-phase"})
    assert m.state.phase == "communist-movement"
    assert _moves(m, "kpa-1")                          # 8.0: everyone moves in the Movement Phase


def test_8_1_surprise_lets_everyone_move():
    make_data("mv-81s", units=[unit("kpa-1", "kpa")], turn_track=SURPRISE_T1)
    m = start("mv-81s", phase="communist-precombat", pieces={"kpa-1": "2010"})
    assert _moves(m, "kpa-1")


def test_7_1_leave_ezoc_then_stop():
    """7.1: a unit may leave an EZOC freely and may go straight into another, then stops."""
    make_data("mv-71", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok"), unit("rok-2", "rok")])
    m = start("mv-71", phase="communist-movement", pieces={"kpa-1": "2012", "rok-1": "2013", "rok-2": "2113"})
    b = Board(m.state)
    assert "2012" in b.ezoc("communist")
    r = _reach(m, "kpa-1")
    assert "2011" in r and r["2011"][0] == 1.0          # leaving costs nothing extra
    ez = b.ezoc("communist")
    for h, (_c, p) in r.items():
        assert not any(x in ez for x in p[1:-1])        # never passes through an EZOC


def test_7_0_zoc_not_across_all_sea_and_friends_do_not_negate():
    make_data("mv-70", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok"), unit("kpa-2", "kpa")],
              all_sea=[("2012", "2013")])
    m = start("mv-70", phase="communist-movement", pieces={"rok-1": "2012", "kpa-1": "2010", "kpa-2": "2112"})
    b = Board(m.state)
    assert "2013" not in b.zoc("allied")                # 7.0 not across the all-sea hexside
    assert "2112" in b.ezoc("communist")                # a friend there does not negate it
    assert len(b.zoc("allied")) == 5


def test_7_4_tf_smith():
    """7.4: TF Smith moves along roads clear of enemies and EZOCs; its ZOC is its own hex; an
    enemy may enter it and must stop; it leaves when enemies reach it."""
    make_data("mv-74", units=[unit("tf-smith", "us", strength=(0, 0), move=0, zoc_own_hex_only=True,
                                   replaceable=False, arrival=1),
                              unit("kpa-1", "kpa")],
              roads=chain(["2020", "2019", "2018", "2017", "2016", "2015", "2014"]),
              features={"2020": ["city", "port", "star-city"]}, start_row=11)
    m = start("mv-74", phase="allied-reinforcement", pieces={"kpa-1": "2012"})
    assert m.legal_actions()[0] == {"type": "reinforce", "unit": "tf-smith", "at": "2020"}
    m.apply({"type": "reinforce", "unit": "tf-smith", "at": "2020"})
    m.apply({"type": "end-phase"})
    targets = _moves(m, "tf-smith")
    assert targets == {"2019", "2018", "2017", "2016", "2015", "2014"} - {"2012"}
    assert "2013" not in targets                        # the road ends at 2014; 2013 is the EZOC edge
    m.apply({"type": "move", "unit": "tf-smith", "to": "2014"})
    b = Board(m.state)
    assert b.zoc("allied") == {"2014"}
    m.apply({"type": "end-phase"})
    m.apply({"type": "declare-done"})
    m.apply({"type": "end-phase"})
    assert not _moves(m, "tf-smith")                    # it stays where it was put
    # the Communists may enter its hex (and stop), and then it is removed
    m.apply({"type": "end-phase"})   # allied movement -> housekeeping
    m.apply({"type": "end-phase"})
    m.apply({"type": "end-phase"})   # -> turn 2 communist reinforcement
    m.apply({"type": "end-phase"})
    m.apply({"type": "end-phase"})   # precombat (no eligible units)
    m.apply({"type": "declare-done"})
    m.apply({"type": "end-phase"})
    assert "2014" in _moves(m, "kpa-1")
    m.apply({"type": "move", "unit": "kpa-1", "to": "2013"})
    m.apply({"type": "end-phase"})
    assert m.state.units["tf-smith"].at == "removed"


def _tf_smith_road(key, control=None):
    """TF Smith at Pusan (2020) on a road running north across the start line (row 15) to the
    enemy's star city 2012; no enemy zone of control anywhere near the road."""
    make_data(key, units=[unit("tf-smith", "us", strength=(0, 0), move=0, zoc_own_hex_only=True,
                               replaceable=False, arrival=1), unit("kpa-1", "kpa")],
              roads=chain(["2020", "2019", "2018", "2017", "2016", "2015", "2014", "2013", "2012"]),
              features={"2020": ["city", "port", "star-city"], "2018": ["city"],
                        "2012": ["city", "star-city"]})
    m = start(key, phase="allied-reinforcement", pieces={"kpa-1": "1511"}, control=control or {})
    m.apply({"type": "reinforce", "unit": "tf-smith", "at": "2020"})
    m.apply({"type": "end-phase"})
    return m


def test_7_4_tf_smith_road_move_stays_in_friendly_territory():
    """Designer decision (DECISIONS.md, Task Force Smith): the unlimited road move of 7.4 never
    crosses the start line (split half hexes included), never enters a city the enemy holds and
    never takes a city: with no combat value it cannot capture the enemy's star city on turn 1."""
    m = _tf_smith_road("mv-74c")
    assert m.state.phase == "allied-precombat"
    assert _moves(m, "tf-smith") == {"2019", "2018", "2017", "2016"}   # 2015 split, 2014-2012 north
    ill = GAME.check(m.state, {"type": "move", "unit": "tf-smith", "to": "2012"})
    assert ill is not None and ill.rule == "7.4" and "start line" in ill.reason
    m.apply({"type": "move", "unit": "tf-smith", "to": "2016"})
    assert m.outcome() is None and m.state.control["2012"] == "communist"
    assert not _moves(m, "tf-smith")                    # one road move, then it stays (7.4)
    # a city the Communists hold blocks the road: TF Smith stops short of it
    m2 = _tf_smith_road("mv-74d", control={"2018": "communist"})
    assert _moves(m2, "tf-smith") == {"2019"}
    # and a unit without a combat value never takes a city, however it gets there
    from app.games.korea38.supply import enter_hex, takes_control
    from app.games.korea38.zoc import data_of
    d = data_of(m2.state)
    assert not takes_control(d, "tf-smith") and takes_control(d, "kpa-1")
    st = m2.state.copy()
    enter_hex(st, d, "tf-smith", "2018")
    assert st.control["2018"] == "communist"


def test_7_4_tf_smith_leaves_on_turn_2():
    make_data("mv-74b", units=[unit("tf-smith", "us", strength=(0, 0), move=0, zoc_own_hex_only=True,
                                    replaceable=False, arrival=1), unit("kpa-1", "kpa")])
    m = start("mv-74b", turn=2, phase="allied-reinforcement", pieces={"tf-smith": "2018", "kpa-1": "2010"})
    assert m.state.units["tf-smith"].at == "removed"


def test_13_1_winter_roads_north():
    make_data("mv-13", units=[unit("kpa-1", "kpa")], roads=chain(["2010", "2011", "2012", "2013"]),
              start_row=15)
    m = start("mv-13", turn=7, phase="communist-movement", pieces={"kpa-1": "2010"})
    assert _reach(m, "kpa-1")["2013"][0] == 3.0         # 13.1 a full hex each on winter roads
    m2 = start("mv-13", turn=6, phase="communist-movement", pieces={"kpa-1": "2010"})
    assert _reach(m2, "kpa-1")["2013"][0] == 1.5


# -- moving in legs (8.0): the player picks the route by picking waypoints ----------------------------

def _legs_data(key):
    """An open board with a road 2014-2017 and a city at 2016 held by the Allies."""
    make_data(key, units=[unit("kpa-1", "kpa"), unit("kpa-2", "kpa"), unit("rok-1", "rok")],
              roads=chain(["2014", "2015", "2016", "2017"]), features={"2016": ["city"]},
              terrain={"2113": "rough"})
    return start(key, phase="communist-movement",
                 pieces={"kpa-1": "2014", "kpa-2": "1811", "rok-1": "2419"},
                 control={"2016": "allied"})


def test_8_0_move_in_legs_keeps_the_allowance_left():
    m = _legs_data("mv-legs")
    m.apply({"type": "move", "unit": "kpa-1", "to": "2015"})          # road: 1/2 of 4
    st = m.state
    assert st.moving == "kpa-1" and st.move_left == 3.5 and st.move_trail == ["2014", "2015"]
    r = _reach(m, "kpa-1")
    assert r["2017"][0] == 1.0                           # on along the road, through the city
    assert "2016" in r["2116"][1]                        # the cheapest way to 2116 is by the city too
    # waypoints round the city keep it out of the Communists' hands
    for h, left in (("2115", 2.5), ("2116", 1.5), ("2017", 0.5)):
        m.apply({"type": "move", "unit": "kpa-1", "to": h})
        assert m.state.move_left == left
    assert m.state.units["kpa-1"].at == "2017" and m.state.control["2016"] == "allied"
    assert m.state.move_trail == ["2014", "2015", "2115", "2116", "2017"]
    assert "(3.5 of 4, 1 this leg)" in m.history[-1].events[-1].text
    assert m.state.moving == "kpa-1"                     # 1/2 left: one more road hex is possible
    assert _moves(m, "kpa-1") == {"2016"}
    m.apply({"type": "move", "unit": "kpa-1", "to": "2016"})
    assert m.state.moving == "" and m.state.control["2016"] == "communist"


def test_8_0_a_move_in_legs_ends_when_anything_else_is_done():
    m = _legs_data("mv-legs2")
    m.apply({"type": "move", "unit": "kpa-1", "to": "2015"})
    assert _moves(m, "kpa-1")
    m.apply({"type": "move", "unit": "kpa-2", "to": "1812"})           # another unit moves
    assert m.state.moving == "kpa-2"
    assert not _moves(m, "kpa-1")                        # kpa-1 has finished its move
    ill = GAME.check(m.state, {"type": "move", "unit": "kpa-1", "to": "2015"})
    assert ill is not None and ill.rule == "8.1" and "another unit" in ill.reason
    m.apply({"type": "end-phase"})
    assert m.state.moving == "" and m.state.move_left == 0.0


def test_8_0_legs_stop_in_an_ezoc_and_have_no_always_one_hex():
    make_data("mv-legs3", units=[unit("kpa-1", "kpa", move=2), unit("rok-1", "rok")],
              terrain={"2012": "mountain"})
    m = start("mv-legs3", phase="communist-movement", pieces={"kpa-1": "2010", "rok-1": "2014"})
    m.apply({"type": "move", "unit": "kpa-1", "to": "2011"})          # 1 of 2
    assert m.state.moving == "kpa-1"
    assert "2012" not in _moves(m, "kpa-1")              # mountain 4 > 1 left: no one-hex move now
    m.apply({"type": "move", "unit": "kpa-1", "to": "2111"})
    assert m.state.moving == ""                          # allowance spent
    make_data("mv-legs4", units=[unit("kpa-1", "kpa"), unit("rok-1", "rok")])
    m2 = start("mv-legs4", phase="communist-movement", pieces={"kpa-1": "2010", "rok-1": "2013"})
    m2.apply({"type": "move", "unit": "kpa-1", "to": "2012"})          # 2 of 4, into rok-1's zone
    assert m2.state.moving == "" and not _moves(m2, "kpa-1")            # 7.1: it stops there
