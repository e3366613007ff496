"""One test per module rule (1.1a-3.7) the core implements, named after it. Positions are built
on the stand-in No-Name Ridge map (tests/semper_fi/data/nnr_test.json); dice are chosen."""

from __future__ import annotations

from app.games.semper_fi import fire, indirect, morale, movement, sight
from app.games.semper_fi.data import board, tables
from app.games.semper_fi.game import GAME
from app.games.semper_fi.state import Barrage

from tests.semper_fi.conftest import act, attacks_at_night_undoubled, bare, put, texts


def test_1_1a_broken_terrain_seen_as_open_but_partly_protective() -> None:
    st = bare()
    b = board(st.map_name)
    assert b.terrain("12.10") == "broken"
    assert sight.open_for_spotting(b, "12.10")
    put(st, "1-18-plt-1", "12.10", hidden=False)
    mods = dict(fire.modifiers(st, "12.10", "14.10", [3], "sfa"))
    assert mods.get("partly protective terrain") == -1


def test_1_1b_rice_paddy_vehicles_only_on_roads_and_road_moving_modifier() -> None:
    st = bare()
    put(st, "3-a-armor-m-26-1", "11.10", mode="move")
    put(st, "1-5-plt-1", "11.11", mode="move")
    assert movement.hex_cost(st, "3-a-armor-m-26-1", "11.10", "10.10") is None    # paddy off road
    assert movement.hex_cost(st, "1-5-plt-1", "11.11", "10.11") is not None          # foot may
    # a unit in a paddy hex with a road is always fired on with the road-moving +2
    put(st, "1-18-plt-1", "9.11", hidden=False)
    mods = dict(fire.modifiers(st, "9.11", "8.12", [3], "sfa"))
    assert mods.get("road-moving target") == 2
    # mortars may not take fire mode in a paddy off the road, and nobody digs in there
    put(st, "1-5-60mm-1", "10.10", mode="move")
    assert not movement.can_enter_fire_mode(st, "1-5-60mm-1")
    assert not tables()["terrain"]["rice-paddy"]["dig_in"]


def test_1_1c_slopes_cost_one_mp_per_contour_and_roads_negate_it() -> None:
    st = bare()
    put(st, "1-5-plt-1", "8.10", mode="move")
    b = board(st.map_name)
    up = b.contour("7.10") - b.contour("8.10")
    assert up != 0
    base = tables()["terrain"][b.terrain("7.10")]["foot"]
    assert movement.hex_cost(st, "1-5-plt-1", "8.10", "7.10") == base + abs(up)
    # along the road 12.10 -> 11.10 the climb of one contour costs nothing extra
    put(st, "1-5-plt-2", "12.10", mode="move")
    assert b.contour("11.10") != b.contour("12.10")
    assert movement.hex_cost(st, "1-5-plt-2", "12.10", "11.10") == tables()["hexside"]["road"]


def test_1_1e_buildings_stand_five_metres_up_and_are_partly_protective() -> None:
    st = bare()
    b = board(st.map_name)
    assert b.terrain("9.15") == "building"
    assert sight.ground(b, "9.15") == b.contour("9.15") * b.interval + 5
    put(st, "1-18-plt-1", "9.15", hidden=False)
    assert dict(fire.modifiers(st, "9.15", "11.15", [3], "sfa")).get("partly protective terrain") == -1


def test_1_1g_los_in_doubt_is_blocked() -> None:
    st = bare()
    b = board(st.map_name)
    # a crest exactly at the sight line and above the lower end blocks
    line = b.grid.line("12.10", "4.10")
    ok, blk = sight.terrain_los(b, "12.10", "4.10")
    assert not ok and blk in line
    # adjacent hexes always see each other
    assert sight.terrain_los(b, "12.10", "11.10") == (True, "")


def test_1_1h_roads_bridge_streams() -> None:
    st = bare()
    b = board(st.map_name)
    b.grid.add_side_feature("13.10", "12.10", "stream")
    try:
        put(st, "1-5-plt-1", "13.10", mode="move")
        assert movement.hex_cost(st, "1-5-plt-1", "13.10", "12.10") == tables()["hexside"]["road"]
        put(st, "1-5-plt-2", "13.11", mode="move")
        b.grid.add_side_feature("13.11", "12.11", "stream")
        assert movement.hex_cost(st, "1-5-plt-2", "13.11", "12.11") > tables()["terrain"]["broken"]["foot"]
    finally:
        b.grid.remove_side_feature("13.10", "12.10", "stream")
        b.grid.remove_side_feature("13.11", "12.11", "stream")


def test_1_2a_illum_removed_at_the_start_of_the_us_action_phase() -> None:
    st = bare()
    st.phase = "action-1"
    st.first = "nk"
    st.active = st.turn_side = "nk"
    st.barrages.append(Barrage("8.10", "illum", "us"))
    act(st, {"type": "end-phase"})
    assert st.phase == "action-2" and st.active == "us"
    assert not [x for x in st.barrages if x.kind == "illum"]


def test_1_2b_artillery_illum_always_scatters() -> None:
    st = bare(first="17 Aug 2000", last="17 Aug 2300",
              artillery=[{"id": "105mm", "side": "us", "batteries": ["baker-1-11"], "ammo": {"illum": 2}}])
    st.ammo["105mm:illum"] = 2
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "11.10", hidden=False)
    st.phase = "air-artillery"
    a = {"type": "artillery", "battery": "baker-1-11", "at": "11.10", "ammo": "illum"}
    ctx = act(st, a, [6, 1, 1])          # good adjustment, then direction 1, distance 1 hex
    assert "drift" in texts(ctx)
    assert [x.hex for x in st.barrages if x.kind == "illum"] == [board(st.map_name).grid.neighbour("11.10", 0)]


def test_1_3b_area_fire_needs_a_revealed_unit() -> None:
    st = bare()
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "11.12", hidden=True)
    legal = GAME.legal_actions(st)
    assert not [a for a in legal if a["type"] == "fire" and a["at"] == "11.12"]
    st.units["1-18-plt-1"].hidden = False
    assert {"type": "fire", "from": "12.10", "at": "11.12"} in GAME.legal_actions(st)


def test_1_3c_hidden_units_revealed_by_adjacency_and_open_ground() -> None:
    st = bare()
    put(st, "1-18-plt-1", "10.08", hidden=True)          # rice paddy: open ground
    put(st, "1-18-plt-2", "6.11", hidden=True, dug_in=True)
    put(st, "1-5-plt-1", "12.10", mode="move")
    ctx = act(st, {"type": "move", "unit": "1-5-plt-1", "to": "11.10"})
    assert not st.units["1-18-plt-1"].hidden               # in the open, in view
    assert st.units["1-18-plt-2"].hidden                   # dug in on the ridge
    assert "revealed" in texts(ctx)


def test_1_3d_air_spotting_of_a_moving_north_korean() -> None:
    st = bare()
    st.phase = "action-1"
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-18-plt-1", "2.03", hidden=True, mode="move")
    put(st, "1-5-plt-1", "15.15")
    to = sorted(movement.step_targets(st, "1-18-plt-1"))[0]
    ctx = act(st, {"type": "move", "unit": "1-18-plt-1", "to": to}, [6])
    assert not st.units["1-18-plt-1"].hidden and "Air spotting" in texts(ctx)


def test_1_7g_initiative_winner_chooses_the_action_phase() -> None:
    st = bare()
    st.phase = "initiative"
    st.initiative = st.active = "nk"
    assert GAME.legal_actions(st) == [{"type": "go-first"}, {"type": "go-second"}]
    act(st, {"type": "go-second"})
    assert st.first == "us" and st.phase == "air-artillery" and st.active == "nk"


def test_1_8a_special_b_targets_are_b_only_when_exposed() -> None:
    st = bare()
    put(st, "1-18-45mmat-1", "6.11", dug_in=True)
    assert fire.target_class(st, "1-18-45mmat-1") == "A"
    st.units["1-18-45mmat-1"].fired = True
    assert fire.target_class(st, "1-18-45mmat-1") == "B"
    st.units["1-18-45mmat-1"].fired = False
    st.units["1-18-45mmat-1"].mode = "move"
    assert fire.target_class(st, "1-18-45mmat-1") == "B"


def test_1_8b_battalion_morale_recovers_only_on_the_full_hour() -> None:
    from app.games.semper_fi.sequence import full_hour
    st = bare(first="17 Aug 0800", last="17 Aug 1200")
    st.turn = 2                                   # 0820
    assert not full_hour(st)
    st.turn = 4                                   # 0900
    assert full_hour(st)
    st2 = bare(first="17 Aug 2000", last="18 Aug 0400")
    st2.turn = 2                                  # 2100, night: odd hour
    assert not full_hour(st2)


def test_1_8e_only_infantry_platoons_spot_for_indirect_fire() -> None:
    st = bare()
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-5-mg-1", "13.10")
    put(st, "1-5-fac-1", "14.10")
    assert indirect.spotters(st, "us") == ["1-5-plt-1"]
    st.opsheets["1-5"] = "prepared-defense"
    assert set(indirect.spotters(st, "us")) == {"1-5-plt-1", "1-5-mg-1", "1-5-fac-1"}


def test_1_8f_quick_combat_ignores_shared_modifiers() -> None:
    from app.games.semper_fi.assault import _mods
    st = bare(first="17 Aug 2000", last="17 Aug 2300")
    put(st, "1-18-plt-1", "8.10")
    quick = _mods(st, "8.10", ["1-18-plt-1"], True, False)
    slow = _mods(st, "8.10", ["1-18-plt-1"], False, False)
    assert ("night", -2) in slow and ("night", -2) not in quick


def test_2_1a_pre_registered_fire_doubles_strength_on_the_barrage_hex_only() -> None:
    st = bare(artillery=[{"id": "105mm", "side": "us", "batteries": ["baker-1-11"], "ammo": {"he": 3}}])
    st.ammo["105mm:he"] = 3
    st.phase = "air-artillery"
    put(st, "1-5-plt-1", "12.10", dug_in=True)
    put(st, "1-18-plt-1", "11.12", hidden=False)
    a = {"type": "artillery", "battery": "baker-1-11", "at": "11.12", "ammo": "he", "prereg": True}
    ctx = act(st, a, [6, 6, 6])
    assert "firepower 32" in texts(ctx)
    assert not st.barrages                                 # no barrage marker left


def test_2_1b_1_11_fires_no_battalion_missions() -> None:
    from app.games.semper_fi.data import counters
    assert not any(b.battalion_fire for k, b in counters().batteries.items() if k.endswith("1-11"))
    st = bare(artillery=[{"id": "105mm", "side": "us", "batteries": ["able-1-11", "baker-1-11"], "ammo": {"he": 3}}])
    st.ammo["105mm:he"] = 3
    st.phase = "air-artillery"
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "11.12", hidden=False)
    assert all("battery" in a and isinstance(a["battery"], str) for a in GAME.legal_actions(st)
               if a["type"] == "artillery")


def test_2_2b_aircraft_loiter_two_turns() -> None:
    from app.games.semper_fi import air
    from app.engine.game import Context
    st = bare(air={"count": 2, "from": "17 Aug 0800", "to": "17 Aug 1200"})
    ctx = Context(st.rng)
    air.arrivals(st, ctx)
    assert st.air == [3, 3]
    st.turn = 3
    air.expire(st, ctx)
    assert st.air == []


def test_2_2c_fac_strikes_always_on_target_and_fac_dies_last() -> None:
    st = bare()
    st.air = [3]
    put(st, "1-5-fac-1", "12.11")
    put(st, "1-18-plt-1", "11.11", hidden=False)
    ctx = act(st, {"type": "air-strike", "at": "11.11"}, [1, 1, 1, 1, 1, 1])
    assert "Sortie" not in texts(ctx) and "forward air controller" in texts(ctx)
    # a FAC loses its step only as the last step in the hex
    put(st, "1-5-plt-2", "13.10")
    put(st, "1-5-fac-1", "13.10")
    from app.engine.game import Context
    fire.apply_area(st, "13.10", "1", Context(st.rng), "C6.2")
    assert st.units["1-5-fac-1"].steps == 1 and st.units["1-5-plt-2"].steps == 4


def test_2_2d_uncontrolled_strikes_stay_three_hexes_from_us_units() -> None:
    st = bare()
    st.air = [3]
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "11.11", hidden=False)     # adjacent to the Marines, no FAC
    put(st, "1-18-plt-2", "6.11", hidden=False)
    targets = {a["at"] for a in GAME.legal_actions(st) if a["type"] == "air-strike"}
    assert "11.11" not in targets and "6.11" in targets


def test_2_2e_aircraft_strike_in_action_phases_and_answer_overwatch_triggers() -> None:
    st = bare()
    st.air = [3]
    st.phase = "action-1"
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-5-fac-1", "14.10")
    put(st, "1-18-plt-1", "10.12", hidden=False, mode="move")
    act(st, {"type": "move", "unit": "1-18-plt-1", "to": "10.11"})
    assert st.active == "us" and {"type": "overwatch-air", "at": "10.11"} in GAME.legal_actions(st)


def test_2_3_heat_exhaustion_climbing_marines_check_morale() -> None:
    st = bare(rules={"heat": True})
    put(st, "1-5-plt-1", "8.10", mode="move")
    b = board(st.map_name)
    up = [n for n in movement.step_targets(st, "1-5-plt-1") if b.contour(n) > b.contour("8.10")]
    assert up
    ctx = act(st, {"type": "move", "unit": "1-5-plt-1", "to": up[0]}, [1, 1, 1])    # a bad roll
    s = st.units["1-5-plt-1"]
    assert s.at == "8.10" and s.morale == "paralysed" and s.steps == 4 and "heat" in texts(ctx)


def test_2_3_marines_do_not_retreat_uphill() -> None:
    st = bare(rules={"heat": True})
    put(st, "1-5-plt-1", "8.10")
    put(st, "1-18-plt-1", "9.10", hidden=False)
    from app.games.semper_fi.morale import retreat_ends
    ends, _ = retreat_ends(st, "1-5-plt-1", 2)
    b = board(st.map_name)
    assert all(b.contour(h) <= b.contour("8.10") for h in ends)


def test_2_4b_at_sections_roll_once_per_step_with_plus_one() -> None:
    st = bare()
    put(st, "1-5-atsec-1", "11.10")
    put(st, "107-tank-t-3485-1", "10.10", hidden=False)
    ctx = act(st, {"type": "at-roll", "unit": "1-5-atsec-1", "target": "107-tank-t-3485-1"}, [4, 5])
    assert "AT roll 1 of 2" in texts(ctx)
    assert st.units["107-tank-t-3485-1"].at == "elim"       # 5 + 1 = 6 kills


def test_2_4d_mg_sections_assault_only_with_a_platoon() -> None:
    from app.games.semper_fi.assault import assault_group
    st = bare()
    put(st, "1-5-mg-1", "11.10")          # company MG
    put(st, "1-5-mg-4", "11.10")          # weapons company MG
    assert assault_group(st, "11.10", "us") == []
    put(st, "1-5-plt-1", "11.10")
    assert set(assault_group(st, "11.10", "us")) == {"1-5-mg-1", "1-5-plt-1"}


def test_2_5_marines_dig_in_on_the_first_night_turn() -> None:
    from app.games.semper_fi.special import command_phase
    from app.engine.game import Context
    st = bare(first="17 Aug 1940", last="17 Aug 2100")
    put(st, "1-5-plt-1", "12.10")
    st.turn = 2                                   # 2000, the first night turn
    command_phase(st, Context(st.rng))
    assert st.units["1-5-plt-1"].dug_in


def test_2_6_marines_choose_one_to_three_hexes_and_ignore_night() -> None:
    st = bare(first="17 Aug 2000", last="17 Aug 2300")
    put(st, "1-5-plt-1", "13.10")
    put(st, "1-18-plt-1", "12.10", hidden=False)
    ends, _ = morale.retreat_ends(st, "1-5-plt-1", 3)
    assert {1, 2, 3} <= set(ends.values())
    e, why = morale.effective(st, "1-5-plt-1")
    assert "+1 night" not in why
    e2, why2 = morale.effective(st, "1-5-plt-1", assault="defender")
    assert "doubled in assault" not in why2


def test_3_1_north_koreans_use_the_other_line() -> None:
    from app.games.semper_fi.data import counters
    assert counters().batteries["nk-1-1-4"].line == "other"
    st = bare()
    name, row = indirect.band(st, "other", 2)
    assert row == tables()["adjustment"]["other"]["near"]


def test_3_2_no_doubling_for_communists_attacking_at_night() -> None:
    st = bare(first="17 Aug 2000", last="17 Aug 2300")
    put(st, "1-18-plt-1", "8.10")
    attacks_at_night_undoubled(st, "1-18-plt-1")


def test_3_4_nominal_mortar_fires_limited_per_game_and_per_turn() -> None:
    pool = {"id": "p", "side": "nk", "regiment": "18th", "strength": 4, "total": 3, "per_turn": 2}
    st = bare(mortar=[pool])
    st.mortar_fires["p"] = 3
    st.mortar_used["p"] = 0
    st.phase = "action-1"
    st.first = "nk"
    st.active = st.turn_side = "nk"
    put(st, "1-18-plt-1", "8.10")
    put(st, "1-5-plt-1", "10.10")
    for _ in range(2):
        act(st, {"type": "mortar-fire", "pool": "p", "at": "10.10"}, [1, 1])
    assert not [a for a in GAME.legal_actions(st) if a["type"] == "mortar-fire"]
    assert st.mortar_fires["p"] == 1


def test_3_5_at_rifles_have_two_steps_and_point_fire() -> None:
    from app.games.semper_fi.data import counters
    t = counters().types["nk-at-rifle"]
    assert t.steps == 2 and t.fire.point > 0


def test_3_6_communist_at_rolls_minus_one() -> None:
    st = bare()
    put(st, "1-18-plt-1", "11.10")
    put(st, "3-a-armor-m-26-1", "12.10")
    assert fire.at_roll_mod(st, "1-18-plt-1", "3-a-armor-m-26-1") == -1


def test_3_7_no_communist_smoke_or_illum() -> None:
    st = bare(first="17 Aug 2000", last="17 Aug 2300",
              artillery=[{"id": "76mm", "side": "nk", "batteries": ["nk-1-1-4"], "ammo": {"he": 2, "smoke": 2, "illum": 2}}])
    st.ammo.update({"76mm:he": 2, "76mm:smoke": 2, "76mm:illum": 2})
    st.phase = "air-artillery"
    st.active = st.turn_side = "nk"
    put(st, "1-18-plt-1", "8.10")
    put(st, "1-5-plt-1", "9.10", hidden=False)
    kinds = {a["ammo"] for a in GAME.legal_actions(st) if a["type"] == "artillery"}
    assert kinds == {"he"}


def test_1_4_truck_moved_weapons_use_truck_costs() -> None:
    st = bare()
    put(st, "hvy-mortar-5-42in-1", "13.10", mode="move")
    assert movement.hex_cost(st, "hvy-mortar-5-42in-1", "13.10", "13.11") == tables()["terrain"]["broken"]["truck"]
    assert movement.hex_cost(st, "hvy-mortar-5-42in-1", "11.11", "10.11") is None    # trucks: no paddy


def test_1_7c_battalion_morale_starts_at_zero() -> None:
    from tests.semper_fi.conftest import scenario
    from app.games.semper_fi.setup import setup_state
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    assert st.battalion and set(st.battalion.values()) == {0}


def test_1_7d_1_7e_ammunition_and_mortar_fires_come_from_the_scenario() -> None:
    from tests.semper_fi.conftest import scenario
    from app.games.semper_fi.setup import setup_state
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    assert st.ammo["105mm:he"] == 50 and st.ammo["105mm:smoke"] == 1 and st.ammo["76mm:he"] == 4
    assert st.mortar_fires == {"18-str4": 12, "18-str6": 6}


def test_1_8g_tanks_carry_nobody() -> None:
    from app.games.semper_fi.data import counters
    assert not [a for a in ("carry", "carrier", "transport") if a in counters().types["m26"].__dataclass_fields__]


def test_2_2a_air_arrives_by_the_schedule_on_the_full_hour() -> None:
    from app.games.semper_fi import air
    from app.engine.game import Context
    st = bare(air={"count": 1, "from": "17 Aug 0800", "to": "17 Aug 0900"})
    for turn, want in ((1, 1), (2, 1), (4, 2), (5, 2)):
        st.turn = turn
        air.arrivals(st, Context(st.rng))
        assert len(st.air) == want


def test_2_4a_recoilless_rifles_are_a_targets_with_one_step() -> None:
    st = bare()
    put(st, "at-5-75rr-1", "12.10", mode="move")
    assert fire.target_class(st, "at-5-75rr-1") == "A"
    assert st.units["at-5-75rr-1"].steps == 1
    put(st, "at-5-75rr-2", "10.10", mode="move")
    assert not movement.can_enter_fire_mode(st, "at-5-75rr-2")            # 1.1b paddy


def test_c6_3_overwatch_then_return_fire() -> None:
    st = bare()
    put(st, "1-18-plt-1", "8.10", hidden=False)
    put(st, "1-5-plt-1", "10.10", mode="move")
    to = "9.10"
    act(st, {"type": "move", "unit": "1-5-plt-1", "to": to})
    assert st.active == "nk"
    assert {"type": "overwatch", "from": "8.10", "at": to} in GAME.legal_actions(st)
    act(st, {"type": "overwatch", "from": "8.10", "at": to}, [1, 1])
    act(st, {"type": "pass"}) if st.pending and st.pending[0].kind == "overwatch" else None
    assert st.active == "us" and st.pending and st.pending[0].kind == "return-fire"
    assert {"type": "return-fire", "at": "8.10"} in GAME.legal_actions(st)
    assert st.units["1-18-plt-1"].fired


def test_c9_3_moving_into_a_barrage_hex_is_fired_on() -> None:
    st = bare()
    st.barrages.append(Barrage("11.10", "he", "nk", 16))
    put(st, "1-5-plt-1", "12.10", mode="move")
    ctx = act(st, {"type": "move", "unit": "1-5-plt-1", "to": "11.10"}, [1, 1])
    assert "The barrage fires on 11.10 (firepower 8)" in texts(ctx)


def test_c6_3_units_with_a_fired_marker_overwatch_on_a_die_roll() -> None:
    from fractions import Fraction
    for roll, fires in ((4, False), (5, True)):
        st = bare()
        put(st, "1-18-plt-1", "8.10", fired=True)
        put(st, "1-5-plt-1", "10.10", mode="move")
        act(st, {"type": "move", "unit": "1-5-plt-1", "to": "9.10"})
        assert st.active == "nk"
        a = {"type": "overwatch", "from": "8.10", "at": "9.10"}
        assert a in GAME.legal_actions(st)                            # offered: the roll decides
        pv = GAME.fire_preview(st, a)
        assert pv["marked"]["chance"] == Fraction(1, 3)
        assert pv["exact"]["no effect"] >= Fraction(2, 3)            # two times in three nothing fires
        ctx = act(st, a, [roll, 6, 6])
        log = texts(ctx)
        assert "try to join the overwatch" in log
        assert ("fires on 9.10" in log) == fires
        assert ("do not react" in log) == (not fires)


def test_c9_3_moving_into_the_barrage_zone_around_the_hex_is_fired_on_at_a_quarter() -> None:
    st = bare()
    st.barrages.append(Barrage("11.10", "he", "nk", 16))
    g = board(st.map_name).grid
    ring = set(g.neighbours("11.10"))
    put(st, "1-5-plt-1", "13.10", mode="move")
    legal = [a["to"] for a in GAME.legal_actions(st) if a.get("unit") == "1-5-plt-1" and a["type"] == "move"]
    into = next(h for h in legal if h in ring)
    ctx = act(st, {"type": "move", "unit": "1-5-plt-1", "to": into}, [1, 1])
    assert f"The barrage fires on {into} (firepower 4)" in texts(ctx)
    st2 = bare()
    st2.barrages.append(Barrage("11.10", "he", "nk", 16))
    put(st2, "1-5-plt-1", "13.10", mode="move")
    legal = [a["to"] for a in GAME.legal_actions(st2) if a.get("unit") == "1-5-plt-1" and a["type"] == "move"]
    away = next(h for h in legal if h not in ring and h != "11.10")
    ctx = act(st2, {"type": "move", "unit": "1-5-plt-1", "to": away}, [1, 1])
    assert "barrage" not in texts(ctx).lower()


def test_c9_3_the_barrage_zone_is_drawn_around_the_impact_hex() -> None:
    st = bare()
    st.barrages.append(Barrage("11.10", "he", "nk", 16))
    zone = [o for o in GAME.overlays(st, "us") if o.get("label") == "Barrage zone"]
    assert zone and set(zone[0]["hexes"]) == set(board(st.map_name).grid.neighbours("11.10"))


def test_1_7g_the_initiative_winner_chooses_even_after_a_retreat_in_the_command_phase() -> None:
    from app.games.semper_fi.state import Pending
    st = bare()
    st.phase = "initiative"
    st.initiative = "us"
    put(st, "1-18-plt-1", "6.11")
    put(st, "1-5-plt-1", "12.10")
    st.pending.append(Pending("retreat", "nk", ["1-18-plt-1"], "6.11", count=1))
    st.active = "nk"
    legal = GAME.legal_actions(st)
    act(st, legal[0])
    assert st.active == "us" and GAME.legal_actions(st) == [{"type": "go-first"}, {"type": "go-second"}]


def test_2_6_a_voluntary_marine_fallback_may_be_one_to_three_hexes() -> None:
    st = bare()
    put(st, "1-5-plt-1", "13.10")
    put(st, "1-18-plt-1", "12.10", hidden=False)
    act(st, {"type": "fall-back", "unit": "1-5-plt-1"}, [1])     # SYR table 1: one step, 1 hex
    assert st.pending and st.pending[0].kind == "retreat" and st.pending[0].count == 3
    ends = {a["to"] for a in GAME.legal_actions(st)}
    b = board(st.map_name)
    assert {b.grid.distance("13.10", h) for h in ends} >= {1, 2}


def _guns(st, hexes, ammo):
    st.scen["artillery"] = [{"id": "105mm", "side": "us", "batteries": ["how-3-11"], "ammo": ammo}]
    for k, n in ammo.items():
        st.ammo[f"105mm:{k}"] = n
    for i, h in enumerate(hexes, 1):
        put(st, f"how-3-11-105mm-{i}", h)


def test_1_8d_on_map_guns_pay_one_round_a_turn_for_direct_fire() -> None:
    st = bare()
    _guns(st, ["13.10"], {"he": 1})
    put(st, "1-18-plt-1", "12.11", hidden=False)
    act(st, {"type": "fire", "from": "13.10", "at": "12.11"}, [1, 1])
    assert st.ammo["105mm:he"] == 0 and "how-3-11" in st.batteries_direct
    # another gun of the same battery fires this turn at no further cost; with no round left and
    # nothing paid this turn the guns could not fire direct at all
    from app.games.semper_fi import onmap
    assert onmap.direct_ok(st, "how-3-11-105mm-1")
    st.batteries_direct.clear()
    assert not onmap.direct_ok(st, "how-3-11-105mm-1")


def test_1_8d_indirect_missions_need_four_guns_round_a_centre_and_eight_hexes() -> None:
    st = bare()
    st.phase = "air-artillery"
    _guns(st, ["15.10", "15.11", "16.10", "14.10"], {"he": 2, "smoke": 1})
    put(st, "1-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "11.11", hidden=False)      # 4 hexes from the guns: too close
    put(st, "1-18-plt-2", "6.11", hidden=False)       # far enough, if a platoon sees it
    legal = [a for a in GAME.legal_actions(st) if a["type"] == "battery-fire"]
    assert all(a["at"] != "11.11" for a in legal)
    assert not [a for a in legal if a["ammo"] == "smoke"]        # smoke only as an SFA
    put(st, "1-5-plt-2", "7.11")                               # a platoon next to the target spots
    mission = {"type": "battery-fire", "battery": "how-3-11", "at": "6.11", "ammo": "he"}
    assert mission in GAME.legal_actions(st)
    snap = st.copy()
    ctx = act(st, mission, [6] + [1] * 40)
    assert "firepower 12" in texts(ctx) and st.ammo["105mm:he"] == 1
    assert all(st.units[f"how-3-11-105mm-{i}"].fired for i in range(1, 5))
    st = snap
    st.units["how-3-11-105mm-4"].at = "elim"                   # three guns are not a battery mission
    assert not [a for a in GAME.legal_actions(st) if a["type"] == "battery-fire"]
