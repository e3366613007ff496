"""Hagaru (7.x): the terrain rules 1.1d and 1.1f, 2.7's battalion groupings, and scenario 7.2
Battle for East Hill: area of play, infiltration, snow, Chinese battalion morale, armor
coordination, no Army troops on Prepared Defense, and each victory level."""

from __future__ import annotations

from typing import Any

from app.engine.match import Match
from app.games.semper_fi import hagaru, movement, victory
from app.games.semper_fi.data import board, counters, tables
from app.games.semper_fi.game import GAME
from app.games.semper_fi.setup import placement_hexes
from app.games.semper_fi.state import SFState

from tests.semper_fi.conftest import Dice, bare, put, scenario

EH = "7-2-battle-for-east-hill"


def start(name: str = EH, opts: dict[str, Any] | None = None, seed: int = 3) -> Match:
    return Match.start(GAME, scenario(name), seed=seed, options=opts or {}, keep_snapshots=False)


def test_1_1d_frozen_marsh_is_open_ground_where_nobody_digs_in() -> None:
    t = tables()["terrain"]["frozen-marsh"]
    assert t["combat"] == "open" and t["spotting"] == "open" and not t["dig_in"]
    assert board("hagaru").terrain("12.10") == "frozen-marsh"


def test_1_1f_hagaru_ri_is_open_terrain() -> None:
    t = tables()["terrain"]["village"]
    assert t["combat"] == "open" and t["spotting"] == "open" and t["obstacle"] == 0
    assert (t["foot"], t["truck"], t["tracked"]) == (1, 1, 1)
    assert all(board("hagaru").terrain(h) == "village" for h in board("hagaru").regions["Hagaru-ri"])


def test_2_7_army_units_and_division_troops_share_a_battalion_each() -> None:
    u = counters().units
    assert {u[x].battalion for x in ("hq-x-corps-plt-1", "dog-10-eng-eng-1", "sig-4-plt-1")} == {"US Army"}
    assert u["1-serv-plt-1"].battalion == "1st Mar Div troops"


def test_7_2_area_of_play_closes_the_rest_of_the_map() -> None:
    st = start().state
    play = set(board("hagaru").regions["7.2 7.5 area in play: 9.35-9.18-31.18-31.35"])
    assert all(h in play for h in placement_hexes(st, "how-3-11-105mm-1"))
    assert movement.forbidden(st, "us") == movement.forbidden(st, "nk") == set(board("hagaru").ids) - play


def test_7_2_infiltration_half_a_die_of_units_set_up_next_to_the_americans() -> None:
    m = start()
    m.apply({"type": "place-rest"})
    st: SFState = m.state
    ctx = Dice(st.rng, [5])
    GAME.apply(st, {"type": "end-setup"}, ctx)              # the Chinese set-up begins: roll 5
    assert st.active == "nk" and st.infiltrate_left == 3
    b = board("hagaru")
    us = [s.at for u, s in st.units.items() if counters().units[u].side == "us" and s.at in b.hexset]
    uid = "1-240-plt-1"
    hexes = placement_hexes(st, uid)
    close = [h for h in hexes if any(b.grid.distance(h, x) == 1 for x in us)]
    if not close:                                          # no infiltration hex next to this set-up
        return
    act_ctx = Dice(st.rng)
    GAME.apply(st, {"type": "place", "unit": uid, "to": close[0]}, act_ctx)
    assert st.infiltrate_left == 2
    st.infiltrate_left = 0
    assert not [h for h in placement_hexes(st, "1-240-plt-2") if any(b.grid.distance(h, x) == 1 for x in us)]


def test_7_2_infiltrators_need_a_line_to_the_southeast_edge_clear_of_americans() -> None:
    st = start().state
    st.infiltrate_left = 2
    b = board("hagaru")
    put(st, "dog-10-eng-eng-1", "19.25")
    reach = hagaru._edge_reach(st, "map edge SE (right), the east edge of 7.5")
    assert "19.25" not in reach and not set(b.grid.neighbours("19.25")) & reach
    assert any(h.startswith("31.") for h in reach)


def test_7_2_snow_and_chinese_battalion_morale_immunity() -> None:
    st = start().state
    assert st.scen["rules"]["snow"] == {"visibility": "roll"}
    assert st.scen["battalion_morale_immune"] == {"nk": True}


def test_7_2_no_army_troops_on_prepared_defense() -> None:
    st = start().state
    assert st.opsheets["hq-x-corps"] != "prepared-defense" and st.opsheets["dog-10-eng"] != "prepared-defense"
    assert st.opsheets["how-3-11"] == "prepared-defense"


def test_7_x_armor_coordination_tanks_and_infantry_never_stack_by_choice() -> None:
    st = bare("no-name-ridge", rules={"armor_coordination": True})
    put(st, "3-a-armor-m-26-1", "11.11", mode="move")
    put(st, "1-5-plt-1", "12.11")
    assert hagaru.armor_clash(st, "3-a-armor-m-26-1", "12.11")
    assert "12.11" not in movement.step_targets(st, "3-a-armor-m-26-1")
    assert not hagaru.armor_clash(st, "3-a-armor-m-26-2", "11.11")       # tanks together are fine
    st.scen["rules"]["armor_coordination"] = False
    assert not hagaru.armor_clash(st, "3-a-armor-m-26-1", "12.11")


def _clear(st: SFState) -> None:
    for s in st.units.values():
        s.at = "elim"


def test_7_2_victory_levels() -> None:
    st = start().state
    vic = st.scen["victory"]
    _clear(st)
    st.units["dog-10-eng-eng-1"].at = "18.27"                # 1268 m, on the crest
    assert victory.determine(st)["level"] == "US Major"
    look = sorted(victory.overlooking(st, vic))
    st.units["1-240-plt-1"].at = look[0]
    assert victory.determine(st)["level"] == "US Minor"
    st.units["dog-10-eng-eng-1"].at = "20.25"                # 1201 m: high, not on the top
    assert victory.determine(st)["level"] == "US Minor"
    st.units["dog-10-eng-eng-1"].at = "elim"
    assert victory.determine(st)["level"] == "Chinese Minor"
    st.entered.append("Hagaru-ri")
    r = victory.determine(st)
    assert r["level"] == "Chinese Major" and r["winner"] == "nk"


def test_7_2_entering_hagaru_ri_is_remembered_after_leaving() -> None:
    st = start().state
    st.phase = "action-1"
    st.units["1-240-plt-1"].at = "12.23"
    hagaru.note_entries(st)
    st.units["1-240-plt-1"].at = "17.30"
    hagaru.note_entries(st)
    assert st.entered == ["Hagaru-ri"]


# -- 7.1 Assault on the Airstrip -------------------------------------------------------------------
AS = "7-1-assault-on-the-airstrip"


def _us_set_up(seed: int = 3) -> Match:
    m = start(AS, seed=seed)
    m.apply({"type": "place-rest"})
    return m


def test_7_1_fieldworks_only_in_item_hexes_five_at_most_never_on_the_airfield() -> None:
    m = _us_set_up()
    st: SFState = m.state
    b = board("hagaru")
    works = [a for a in m.legal_actions() if a["type"] == "fieldwork"]
    item = {s.at for u, s in st.units.items() if u.startswith("item-3-1-")}
    assert works and {a["hex"] for a in works} <= item
    assert all(b.terrain(a["hex"]) not in ("frozen-marsh", "airstrip") for a in works)
    for a in works[:5]:
        m.apply(a)
    assert not [a for a in m.legal_actions() if a["type"] == "fieldwork"]
    assert len(m.state.fieldworks) == min(5, len(works))


def test_7_1_fieldworks_protect_like_protective_terrain_and_in_assault_only_the_defender() -> None:
    from app.games.semper_fi import assault, fire
    st = start(AS).state
    _clear(st)
    st.units["item-3-1-plt-1"].at = "16.08"
    st.units["1-172-plt-1"].at = "16.07"
    st.fieldworks["16.08"] = 0
    mods = dict(fire.modifiers(st, "16.08", "16.07", [2], "sfa"))
    assert mods.get("protective terrain") == -2
    dfd = assault._mods(st, "16.08", ["item-3-1-plt-1"], True, attacker_target=False)
    att = assault._mods(st, "16.08", ["1-172-plt-1"], True, attacker_target=True)
    assert ("fieldworks", -2) in dfd and ("fieldworks", -2) not in att


def test_7_1_chinese_attack_breakdown() -> None:
    from app.games.semper_fi import breakdown, morale
    st = start(AS).state
    st.units["1-172-plt-1"].at = "16.03"
    st.battalion["1/172"] = 3
    assert not any("battalion" in w for w in morale.effective(st, "1-172-plt-1")[1])
    st.turn = 1                                            # 2200: no roll yet
    breakdown.roll(st, Dice(st.rng, [6]))
    assert not st.broken_down
    st.turn = 2                                            # 2300: a 4 holds, a 5 breaks
    breakdown.roll(st, Dice(st.rng, [4]))
    assert not st.broken_down
    breakdown.roll(st, Dice(st.rng, [5]))
    assert st.broken_down
    assert any("battalion" in w for w in morale.effective(st, "1-172-plt-1")[1])
    morale.battalion_recovery(st, Dice(st.rng, [1]))
    assert st.battalion["1/172"] == 3                      # no recovery rolls after the breakdown


def test_7_1_variant_political_officers_work_overtime() -> None:
    from app.games.semper_fi import breakdown
    st = start(AS, {"political-officers-overtime": True}).state
    assert not breakdown.spec(st) and st.scen["battalion_morale_immune"] == {"nk": True}


def test_7_1_variant_plastik_galore_lets_how_company_dig_fieldworks() -> None:
    st = start(AS, {"plastik-galore": True}).state
    assert [g["formations"] for g in st.scen["rules"]["fieldworks"]] == [["item-3-1"], ["how-3-1"]]


def test_7_1_ad_hoc_platoons_may_not_spot_for_indirect_fire() -> None:
    from app.games.semper_fi import indirect
    st = start(AS).state
    _clear(st)
    st.units["adhoc-x-corps-adhoc-1"].at = "13.17"
    st.units["hq-1-armor-m4105-1"].at = "13.16"
    sp = indirect.spotters(st, "us")
    assert "adhoc-x-corps-adhoc-1" not in sp and "hq-1-armor-m4105-1" in sp      # all on Prepared Defense


def test_7_1_us_reinforcements_enter_hagaru_away_from_the_chinese() -> None:
    from app.games.semper_fi import special
    st = start(AS).state
    _clear(st)
    u = "adhoc-x-corps-adhoc-1"
    st.units[u].at = "offmap"
    st.units["1-172-plt-1"].at = "13.17"
    area, _road = special.entry_area(st, u)
    b = board("hagaru")
    assert area and area <= set(b.regions["Hagaru"])
    assert all(b.grid.distance(h, "13.17") >= 2 for h in area)


def test_7_1_infiltration_a_full_die() -> None:
    m = _us_set_up()
    st: SFState = m.state
    GAME.apply(st, {"type": "end-setup"}, Dice(st.rng, [4]))
    assert st.active == "nk" and st.infiltrate_left == 4


def test_7_1_victory_levels() -> None:
    st = start(AS).state
    _clear(st)
    st.units["how-3-1-plt-1"].at = "22.10"
    st.units["item-3-1-hq-1"].at = "16.08"
    assert victory.determine(st)["level"] == "US Major"
    st.units["how-3-1-mg-1"].lost = 11
    assert victory.determine(st)["level"] == "US Minor"
    st.units["1-172-plt-1"].at = "18.11"                   # within 3 of the airfield
    assert victory.determine(st)["level"] == "Draw"
    st.units["1-172-plt-1"].at = "19.15"                   # on the airfield
    assert victory.determine(st)["level"] == "Chinese Minor"
    st.entered.append("Hagaru")
    assert victory.determine(st)["level"] == "Chinese Major"
    st.entered.clear()
    st.units["1-172-plt-1"].at = "elim"
    st.units["item-3-1-hq-1"].at = "elim"                  # both company HQs gone: a level down
    st.units["how-3-1-mg-1"].lost = 0
    assert victory.determine(st)["level"] == "US Minor"


# -- 7.5 Battle for East Hill, Round Two ----------------------------------------------------------
R2 = "7-5-battle-for-east-hill-round-two"


def test_7_5_the_240th_starts_worn_1_240_less_10_steps_guard_less_3() -> None:
    st = start(R2).state                      # owed at the start; the Chinese player picks the units
    assert st.reduce_left == {"1-240": 10, "guard-240": 3}
    assert all(s.steps >= 1 for s in st.units.values())


def test_7_5_clock_runs_into_december_and_41_commando_comes_at_0600() -> None:
    st = start(R2).state
    assert st.clock[0] == "30 Nov 2300" and st.clock[1] == "1 Dec 0000" and st.clock[-1] == "1 Dec 0800"
    assert len(st.clock) == 12
    e = st.scen["reinforcement"][0]
    assert e["turn"] == "1 Dec 0600" and e["units"] == [{"formation": "41-commando"}]


def test_7_5_george_company_sets_up_on_east_hill_and_no_snow() -> None:
    st = start(R2).state
    b = board("hagaru")
    hexes = placement_hexes(st, "george-3-1-plt-1")
    assert hexes and set(hexes) <= set(b.regions["East Hill"])
    assert "snow" not in st.scen["rules"] and not st.scen.get("battalion_morale_immune")


def test_7_5_infiltration_a_full_die_to_the_east_edge() -> None:
    m = start(R2)
    m.apply({"type": "place-rest"})
    st: SFState = m.state
    GAME.apply(st, {"type": "end-setup"}, Dice(st.rng, [6]))
    assert st.infiltrate_left == 6
    assert hagaru.infiltration_spec(st)["edge"].startswith("map edge SE")


# -- 7.3 Night of Fire ------------------------------------------------------------------------------
NF = "7-3-night-of-fire"


def test_7_3_chinese_attack_coordination_commits_the_240th_on_5_6_then_6() -> None:
    st = start(NF).state
    assert all(st.units[u].at == "pool" for u in st.units if u.startswith(("1-240", "2-240", "arty-240")))
    assert st.mortar_fires["240-str3"] == 0
    st.turn = 2                                            # 2300: too early to roll
    hagaru.coordination_roll(st, Dice(st.rng, [6]))
    assert st.checkpoint.get("waves", 0) == 0
    st.turn = 3                                            # 2400
    hagaru.coordination_roll(st, Dice(st.rng, [4]))
    assert st.checkpoint.get("waves", 0) == 0
    hagaru.coordination_roll(st, Dice(st.rng, [5]))
    assert st.checkpoint["waves"] == 1
    assert all(st.units[u].at == "offmap" and st.units[u].hidden for u in st.units if u.startswith(("1-240", "arty-240")))
    assert st.mortar_fires == {**st.mortar_fires, "240-str3": 6, "240-str4": 4}
    hagaru.coordination_roll(st, Dice(st.rng, [5]))         # the second battalion needs a 6
    assert st.checkpoint["waves"] == 1
    hagaru.coordination_roll(st, Dice(st.rng, [6]))
    assert st.checkpoint["waves"] == 2 and all(st.units[u].at == "offmap" for u in st.units if u.startswith("2-240"))


def test_7_3_the_second_battalion_enters_within_4_of_21_28_with_a_line_to_the_edge() -> None:
    from app.games.semper_fi import special
    st = start(NF).state
    _clear(st)
    st.units["dog-10-eng-eng-1"].at = "21.27"
    st.units["2-240-plt-1"].at = "offmap"
    area, _ = special.entry_area(st, "2-240-plt-1")
    b = board("hagaru")
    assert area and all(b.grid.distance(h, "21.28") <= 4 and b.grid.distance(h, "21.27") >= 2 for h in area)
    reach = hagaru._edge_reach(st, "map edge SE (right), the east edge of 7.5")
    assert area <= reach


def test_7_3_the_240th_is_not_subject_to_battalion_morale() -> None:
    from app.engine.game import Context
    from app.games.semper_fi import morale
    st = start(NF).state
    st.units["1-240-plt-1"].at = "18.30"
    morale.battalion_losses(st, {"1-240-plt-1": 5}, Context(st.rng))
    assert st.battalion.get("1/240", 0) == 0
    st.units["1-172-plt-1"].at = "16.03"
    morale.battalion_losses(st, {"1-172-plt-1": 5}, Context(st.rng))
    assert st.battalion["1/172"] == 1                     # the 172nd gathers it (attack breakdown)


def test_7_3_an_ad_hoc_platoon_every_turn_from_2400_to_0300() -> None:
    st = start(NF).state
    turns = [e["turn"] for e in st.scen["reinforcement"] if e.get("side") == "us"]
    assert turns == ["29 Nov 0000", "29 Nov 0100", "29 Nov 0200", "29 Nov 0300"]


def test_7_3_victory_counts_the_places_clear_of_the_chinese() -> None:
    st = start(NF).state
    _clear(st)
    assert victory.determine(st)["level"] == "US Major"
    st.units["1-172-plt-1"].at = "19.15"                   # the airfield
    assert victory.determine(st)["level"] == "US Minor"
    st.units["1-172-plt-2"].at = "13.19"                   # Hagaru
    assert victory.determine(st)["level"] == "Draw"
    st.units["1-172-plt-3"].at = "14.26"                   # the supply dump
    assert victory.determine(st)["level"] == "Chinese Minor"
    st.units["1-240-plt-1"].at = sorted(victory.overlooking(st, st.scen["victory"]))[0]
    assert victory.determine(st)["level"] == "Chinese Major"
