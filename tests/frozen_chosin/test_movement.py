"""FC-4 movement, FC-5 the lake and cliffs, FC-6 positions, FC-14.3 Leave No Man Behind."""

from __future__ import annotations

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin.movement import allowance

from tests.frozen_chosin.helpers import act, new, only, put, ready, start_activation, to_phase

SUPPLY = [{"side": "un", "at": [34.5, 27]}, {"side": "un", "at": [50, 8]}, {"side": "un", "at": [46, 40]}]


def night(setup=None, markers=SUPPLY):
    st = new(setup or [{"regiment": "5-mar", "at": [55, 36]}], markers)
    to_phase(st, "night")
    return st


def test_movement_twelve_inches_on_road_six_off_road():
    st = night()
    ready(st, "5-mar", {"1-5a": (34.5, 23.5)})
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [37.5, 33.7], "mode": "road"}) is None
    bad = GAME.check(st, {"type": "move", "unit": "1-5a", "to": [37.5, 33.7], "mode": "off-road"})
    assert bad.rule == "FC-4.1"
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [38.1, 28.3], "mode": "off-road"}) is None
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [38.4, 28.7], "mode": "off-road"}).rule == "FC-4.1"
    act(st, {"type": "move", "unit": "1-5a", "to": [37.5, 33.7], "mode": "road"})
    assert (st.bases["1-5a"].x, st.bases["1-5a"].y) == (37.5, 33.7)


def test_road_and_off_road_movement_cannot_be_combined():
    st = night()
    ready(st, "5-mar", {"1-5a": (34.5, 23.5)})
    prob = GAME.check(st, {"type": "move", "unit": "1-5a", "to": [36.5, 29.0], "mode": "road"})
    assert prob.rule == "FC-4.2"


def test_out_of_supply_bases_move_by_dice_one_roll_per_regiment():
    st = night(markers=[])
    only(st, ["1-5a", "1-5b"])
    put(st, "1-5a", 55, 36)
    put(st, "1-5b", 58, 36)
    ctx = start_activation(st, "5-mar", faces=[3, 2])
    rolls = [e for e in ctx.events if e.kind == "roll"]
    assert len(rolls) == 1 and rolls[0].rule == "FC-4.3"
    assert allowance(st, st.bases["1-5a"], "off-road") == 3 == allowance(st, st.bases["1-5b"], "off-road")
    assert allowance(st, st.bases["1-5a"], "road") == 5
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [55, 39.5], "mode": "off-road"}).rule == "FC-4.3"
    assert GAME.check(st, {"type": "move", "unit": "1-5b", "to": [58, 39], "mode": "off-road"}) is None


def test_allied_infantry_needs_a_morale_test_to_go_onto_the_lake():
    st = night()
    ready(st, "5-mar", {"1-5a": (47, 8)})
    ctx = act(st, {"type": "move", "unit": "1-5a", "to": [43, 8], "mode": "off-road"}, faces=[2])
    assert "FC-5.1" in ctx.rules() and st.bases["1-5a"].x == 47 and not st.bases["1-5a"].on_ice


def test_a_base_on_the_ice_is_lost_on_one_or_two():
    st = night()
    ready(st, "5-mar", {"1-5a": (47, 8)})
    ctx = act(st, {"type": "move", "unit": "1-5a", "to": [43, 8], "mode": "off-road"}, faces=[5, 2])
    assert st.bases["1-5a"].status == "casualty" and "FC-5.2" in ctx.rules()


def test_a_base_that_survives_the_ice_rolls_again_each_move():
    st = night()
    ready(st, "5-mar", {"1-5a": (47, 8)})
    act(st, {"type": "move", "unit": "1-5a", "to": [43, 8], "mode": "off-road"}, faces=[5, 3])
    assert st.bases["1-5a"].on_ice and st.bases["1-5a"].status == "on"
    st.regiments["5-mar"].activated = 0
    start_activation(st, "5-mar")
    ctx = act(st, {"type": "move", "unit": "1-5a", "to": [40, 8], "mode": "off-road"}, faces=[1])
    assert [e.rule for e in ctx.events if e.kind == "roll"] == ["FC-5.2"]
    assert st.bases["1-5a"].status == "casualty"


def test_chinese_units_may_not_enter_the_lake():
    st = night([{"regiment": "r235", "at": [55, 42]}])
    ready(st, "r235", {"235-1": (47, 8)})
    assert GAME.check(st, {"type": "move", "unit": "235-1", "to": [43, 8], "mode": "off-road"}).rule == "FC-5.3"
    assert all(not (a["type"] == "move" and a["to"][0] < 46) for a in GAME.legal_actions(st))


def test_cliffs_are_impassable():
    st = night()
    ready(st, "5-mar", {"1-5a": (40.6, 40)})
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [44.6, 40], "mode": "off-road"}).rule == "FC-5.4"


def test_bases_stay_on_the_table_and_do_not_overlap():
    st = night()
    ready(st, "5-mar", {"1-5a": (69, 40), "1-5b": (66, 40)})
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [71.8, 40], "mode": "off-road"}).rule == "FC-4.4"
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [66.5, 40], "mode": "off-road"}).rule == "FC-4.4"
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [67.2, 40], "mode": "off-road"}) is None


def test_positions_hasty_for_a_short_move_improved_for_none():
    st = night()
    ready(st, "5-mar", {"1-5a": (55, 40), "1-5b": (60, 40), "2-5a": (65, 40)})
    act(st, {"type": "move", "unit": "1-5a", "to": [55, 42.5], "mode": "off-road"})
    act(st, {"type": "hold", "unit": "1-5b"})
    act(st, {"type": "move", "unit": "2-5a", "to": [65, 44], "mode": "off-road"})
    assert st.bases["1-5a"].position == "hasty"
    assert st.bases["1-5b"].position == "improved"
    assert st.bases["2-5a"].position == ""


def test_no_position_on_a_road():
    st = night()
    ready(st, "5-mar", {"1-5a": (34.5, 23.5)})
    act(st, {"type": "hold", "unit": "1-5a"})
    assert st.bases["1-5a"].position == ""


def test_leave_no_man_behind_marines_carrying_wounded_move_slower():
    st = night()
    only(st, ["1-5a"])
    put(st, "1-5a", 55, 40)
    st.bases["1-5b"].status = "casualty"
    start_activation(st, "5-mar")
    assert allowance(st, st.bases["1-5a"], "off-road") == 5
    assert allowance(st, st.bases["1-5a"], "road") == 10
    st.bases["1-5b"].status = "evacuated"
    assert allowance(st, st.bases["1-5a"], "off-road") == 6


def test_legal_moves_are_all_accepted_by_check():
    st = night()
    ready(st, "5-mar", {"1-5a": (34.5, 23.5), "235-1": (36, 27.5)})
    moves = [a for a in GAME.legal_actions(st) if a["type"] == "move"]
    assert any(a["mode"] == "road" for a in moves) and any(a["mode"] == "off-road" for a in moves)
    assert all(GAME.check(st, a) is None for a in moves)


def test_outposts_do_not_move():
    st = night([{"regiment": "op-yudam", "at": [55, 40]}])
    start_activation(st, "op-yudam")
    assert st.activation is None or st.activation.step == "fight"


def test_a_base_cannot_move_through_an_enemy_base_unless_infiltrating():
    st = night([{"regiment": "5-mar", "at": [55, 36]}, {"regiment": "r235", "at": [55, 44]}])
    ready(st, "5-mar", {"1-5a": (55, 40), "235-1": (55, 37)})
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [55, 35], "mode": "off-road"}).rule == "FC-D-PATH"
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [55, 37.6], "mode": "off-road"}) is None  # contact
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [57.5, 35], "mode": "off-road"}) is None  # round it
    st.regiments["r235"].activated = 0
    st.bases["1-5a"].moved = True
    start_activation(st, "r235", infiltrate=True, move=12)
    assert GAME.check(st, {"type": "move", "unit": "235-1", "to": [55, 43], "mode": "off-road"}) is None


def test_a_road_move_cannot_pass_an_enemy_base_on_the_road():
    st = night([{"regiment": "5-mar", "at": [55, 36]}, {"regiment": "r235", "at": [55, 44]}])
    only(st, ["1-5a", "235-1"])
    put(st, "1-5a", 34.5, 23.5)
    put(st, "235-1", 35.4, 28.1)     # astride the road south of the start
    start_activation(st, "5-mar")
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [37.5, 33.7], "mode": "road"}).rule == "FC-D-PATH"
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [34.9, 26.3], "mode": "road"}) is None


def test_drop_targets_offer_the_reach_region_and_name_what_a_spot_would_touch():
    st = night([{"regiment": "5-mar", "at": [55, 36]}, {"regiment": "r235", "at": [55, 44]}])
    ready(st, "5-mar", {"1-5a": (55, 40), "235-1": (55, 43)})
    t = GAME.drop_targets(st, "1-5a")
    assert t["*"]["action"] == {"type": "move", "unit": "1-5a", "to": None} and len(t["*"]["region"]) > 8
    touching = [v for k, v in t.items() if k != "*" and v.get("contacts") == ["235-1"]]
    assert touching and all(GAME.check(st, v["action"]) is None for v in touching)
    assert "would touch" in touching[0]["note"]
