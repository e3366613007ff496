"""FC-7 close combat, FC-8 ranged fire and spotting, FC-9 opportunity fire, FC-10 morale,
FC-14.1 Drive to the Yalu, FC-14.6 Double Envelopment."""

from __future__ import annotations

import pytest

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin.combat import spotted
from app.games.frozen_chosin.common import fp_of

from tests.frozen_chosin.helpers import act, cleared, put, put_all, start_activation

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "r235", "at": [55, 45]},
         {"regiment": "11-mar-y", "at": [62, 33]}, {"regiment": "1-mar", "at": [66, 44]},
         {"regiment": "op-yudam", "at": [50, 31]}]
MARKERS = [{"side": "un", "at": [55, 34]}, {"side": "pva", "at": [55, 46]}]


def fight(phase="night", turn=3, smith="airstrip"):
    return cleared(SETUP, MARKERS, phase, turn=turn, smith=smith)


def bases(st, **where):
    put_all(st, {bid.replace("_", "-"): xy for bid, xy in where.items()})


def dice_rolled(ctx):
    return [len(e.data["dice"]) for e in ctx.events if e.kind == "roll"]


def test_combat_on_base_contact_only():
    st = fight()
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 38.5)})
    start_activation(st, "r235")
    assert GAME.check(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}).rule == "FC-3.2"
    act(st, {"type": "move", "unit": "235-1", "to": [55, 39.2], "mode": "off-road"})
    assert st.activation is None  # 0.2 inches apart: no contact, nothing to fight, the activation ended
    st.regiments["r235"].activated = 0
    start_activation(st, "r235")
    act(st, {"type": "move", "unit": "235-1", "to": [55, 39.4], "mode": "off-road"})
    assert {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]} in GAME.legal_actions(st)


def test_at_most_four_attackers_on_one_defender():
    st = fight()
    bases(st, **{"1_5a": (55, 40), "235_1": (54.4, 39.4), "235_2": (55.6, 39.4), "235_3": (54.4, 40.6),
                 "235_4": (55.6, 40.6), "235_5": (53.8 - 0.6, 40)})
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    prob = GAME.check(st, {"type": "attack", "defender": "1-5a",
                           "attackers": ["235-1", "235-2", "235-3", "235-4", "235-5"]})
    assert prob.rule == "FC-7.1"


def test_defender_picks_whom_to_face_and_excess_attackers_add_firepower():
    st = fight()
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4), "235_2": (53.8, 40)})
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1", "235-2"]})
    assert st.pending.kind == "face" and st.active == "un"
    assert GAME.legal_actions(st) == [{"type": "face", "attacker": "235-1"}, {"type": "face", "attacker": "235-2"}]
    ctx = act(st, {"type": "face", "attacker": "235-2"}, faces=[1, 1, 1, 1, 1, 1])
    assert dice_rolled(ctx) == [3, 3]  # the Marines' 3 FP; the faced attacker 2 FP + 1 excess
    assert "FC-7.2" in ctx.rules()


def test_day_defender_fires_and_resolves_first():
    st = fight("day")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4)})
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    ctx = act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}, faces=[5, 6, 1])
    assert st.bases["235-1"].status == "casualty"
    assert dice_rolled(ctx) == [3]  # the attacker never fired
    assert st.bases["1-5a"].hits == 0


def test_night_combat_is_simultaneous():
    st = fight("night")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4)})
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    ctx = act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}, faces=[5, 6, 1, 5, 5])
    assert st.bases["235-1"].status == "casualty" and st.bases["1-5a"].status == "casualty"
    assert dice_rolled(ctx) == [3, 2]


def test_one_hit_suppresses_and_two_remove():
    st = fight("night")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4)})
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}, faces=[1, 1, 1, 5, 1])
    assert st.bases["1-5a"].suppressed
    assert st.hits_taken["un"] == 1


#: (phase, turn, the Chinese base's y, activating regiment, defender, attacker, where the
#: attacker ends after rolling nothing but ones, the rule the log must cite or "")
REPULSED = {
    "repulsed_attackers_fall_back_four_inches":
        ("night", 3, 39.4, "r235", "1-5a", "235-1", (55, 35.4), "FC-7.6"),
    "drive_to_the_yalu_no_allied_retreat_on_the_first_two_days":
        ("day", 2, 40.6, "5-mar", "235-1", "1-5a", (55, 40), "FC-14.1"),
    "allied_attackers_retreat_from_30_nov":
        ("day", 3, 40.6, "5-mar", "235-1", "1-5a", (55, 36), ""),
}


@pytest.mark.parametrize("case", REPULSED, ids=list(REPULSED))
def test_repulsed_attackers(case):
    phase, turn, y, regiment, defender, attacker, ends, rule = REPULSED[case]
    st = fight(phase, turn=turn)
    bases(st, **{"1_5a": (55, 40), "235_1": (55, y)})
    start_activation(st, regiment)
    act(st, {"type": "end-move"})
    ctx = act(st, {"type": "attack", "defender": defender, "attackers": [attacker]}, faces=[1, 1, 1, 1, 1])
    assert (st.bases[attacker].x, st.bases[attacker].y) == ends
    if rule:
        assert rule in ctx.rules()


def test_smiths_hold_back_choice_lets_the_allies_fall_back_and_is_revealed():
    st = fight("day", turn=1, smith="hold-back")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 40.6)})
    start_activation(st, "5-mar")
    act(st, {"type": "end-move"})
    ctx = act(st, {"type": "attack", "defender": "235-1", "attackers": ["1-5a"]}, faces=[1, 1, 1, 1, 1])
    assert st.bases["1-5a"].y == 36 and st.smith_revealed
    assert any(e.kind == "reveal" and e.rule == "FC-14.4" for e in ctx.events)


def test_hasty_position_is_hit_only_on_sixes():
    st = fight("day")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4)})
    st.bases["1-5a"].position = "hasty"
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}, faces=[1, 1, 1, 5, 5])
    assert st.bases["1-5a"].hits == 0


def test_improved_position_hit_on_sixes_and_ignores_the_first_hit():
    st = fight("day")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4)})
    st.bases["1-5a"].position = "improved"
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}, faces=[1, 1, 1, 6, 6])
    assert st.bases["1-5a"].suppressed


def test_tanks_and_outposts_count_as_improved_positions():
    st = fight("day")
    bases(st, **{"tk_1": (55, 40), "235_1": (55, 39.4), "op_fox": (60, 40), "235_2": (60, 39.25)})
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "tk-1", "attackers": ["235-1"]}, faces=[1, 1, 1, 1, 6, 5])
    act(st, {"type": "attack", "defender": "op-fox", "attackers": ["235-2"]}, faces=[1, 1, 6, 5])
    assert st.bases["tk-1"].hits == 0 and st.bases["op-fox"].hits == 0


def test_out_of_supply_bases_lose_a_firepower_die():
    st = fight("night")
    bases(st, **{"1_5a": (50, 42), "235_1": (50, 41.4)})
    st.markers.clear()
    start_activation(st, "r235", faces=[6, 6])
    assert st.bases["235-1"].out_of_supply and fp_of(st, st.bases["235-1"]) == 1


def test_double_envelopment_adds_a_die_and_cancels_the_position():
    st = fight("day")
    bases(st, **{"1_5a": (55, 40), "235_1": (55, 39.4), "235_2": (55, 40.6)})
    st.bases["1-5a"].position = "hasty"
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1", "235-2"]})
    ctx = act(st, {"type": "face", "attacker": "235-1"}, faces=[1, 1, 1, 5, 1, 1, 1])
    assert dice_rolled(ctx) == [3, 4] and st.bases["1-5a"].suppressed
    assert "double envelopment" in ctx.text()


def test_morale_roll_for_a_regiment_with_suppressed_bases():
    st = fight("night")
    bases(st, **{"1_5a": (55, 40), "1_5b": (57, 40)})
    st.bases["1-5a"].hits = 1
    ctx = start_activation(st, "5-mar", faces=[3])
    assert not st.bases["1-5a"].suppressed and "FC-10.1" in ctx.rules()
    st.bases["1-5b"].hits = 1
    st.regiments["5-mar"].activated = 0
    start_activation(st, "5-mar", faces=[2])
    assert st.bases["1-5b"].suppressed


def test_ranged_fire_needs_a_spotter_within_six_inches():
    st = fight("night")
    bases(st, **{"1_11": (55, 32), "235_1": (55, 50 - 4)})
    start_activation(st, "11-mar-y")
    act(st, {"type": "end-move"}) if st.activation and st.activation.step == "move" else None
    assert not spotted(st, "un", st.bases["235-1"])
    put(st, "1-5a", 55, 42)
    assert spotted(st, "un", st.bases["235-1"])


def test_line_of_sight_blocked_by_a_ridge():
    st = fight("night")
    bases(st, **{"1_5a": (22.5, 18.4), "235_1": (22.5, 23.6)})
    assert not spotted(st, "un", st.bases["235-1"])
    put(st, "1-5b", 26.5, 23.6)
    assert spotted(st, "un", st.bases["235-1"])


def test_outposts_spot_to_twelve_inches():
    st = fight("night")
    bases(st, **{"op_fox": (55, 35), "235_1": (55, 44)})
    assert spotted(st, "un", st.bases["235-1"])
    st.bases["op-fox"].status = "off"
    put(st, "1-5a", 55, 35)
    assert not spotted(st, "un", st.bases["235-1"])


def test_artillery_splits_its_dice_among_announced_targets():
    st = fight("night")
    bases(st, **{"1_11": (55, 32), "1_5a": (55, 42), "235_1": (54, 44), "235_2": (57, 44)})
    start_activation(st, "11-mar-y")
    act(st, {"type": "end-move"})
    a = {"type": "fire", "unit": "1-11", "targets": [["235-1", 2], ["235-2", 1]]}
    assert GAME.check(st, a) is None
    assert GAME.check(st, {**a, "targets": [["235-1", 2], ["235-2", 2]]}).rule == "FC-8.3"
    ctx = act(st, a, faces=[5, 1, 6])
    announce = [e for e in ctx.events if e.rule == "FC-8.3"][0]
    first_roll = next(i for i, e in enumerate(ctx.events) if e.kind == "roll")
    assert ctx.events.index(announce) < first_roll
    assert st.bases["235-1"].suppressed and st.bases["235-2"].suppressed


def test_only_artillery_may_split_its_dice():
    st = fight("night")
    bases(st, **{"tk_1": (55, 38), "1_5a": (55, 42), "235_1": (54, 44), "235_2": (57, 44)})
    start_activation(st, "1-mar")
    if st.activation.step == "move":
        act(st, {"type": "end-move"})
    assert GAME.check(st, {"type": "fire", "unit": "tk-1", "targets": [["235-1", 2], ["235-2", 1]]}).rule == "FC-8.3"
    assert GAME.check(st, {"type": "fire", "unit": "tk-1", "targets": [["235-1", 3]]}) is None


def test_opportunity_fire_interrupts_a_move_by_day():
    st = fight("day")
    bases(st, **{"1_11": (55, 30), "1_5a": (55, 38), "235_1": (55, 46), "235_2": (58, 46)})
    start_activation(st, "r235")
    act(st, {"type": "move", "unit": "235-1", "to": [55, 42], "mode": "off-road"})
    assert st.pending.kind == "opportunity" and st.active == "un"
    assert {"type": "opportunity", "unit": "1-11", "target": "235-1"} in GAME.legal_actions(st)
    act(st, {"type": "opportunity", "unit": "1-11", "target": "235-1"}, faces=[1, 1, 1])
    assert st.pending is None and st.active == "pva"
    act(st, {"type": "move", "unit": "235-2", "to": [58, 42], "mode": "off-road"})
    assert st.pending is None  # the gun has already interrupted this activation


def test_opportunity_fire_again_when_a_new_regiment_activates():
    st = fight("day")
    bases(st, **{"1_11": (55, 30), "1_5a": (55, 38), "235_1": (55, 46)})
    st.bases["1-11"].opp_fired = "old-activation"
    start_activation(st, "r235")
    act(st, {"type": "move", "unit": "235-1", "to": [55, 42], "mode": "off-road"})
    assert st.pending is not None and st.pending.firers == ["1-11"]


def test_no_opportunity_fire_at_night():
    st = fight("night")
    bases(st, **{"1_11": (55, 30), "1_5a": (55, 38), "235_1": (55, 46)})
    start_activation(st, "r235")
    act(st, {"type": "move", "unit": "235-1", "to": [55, 42], "mode": "off-road"})
    assert st.pending is None


def test_hold_fire_gives_the_move_back():
    st = fight("day")
    bases(st, **{"1_11": (55, 30), "1_5a": (55, 38), "235_1": (55, 46), "235_2": (58, 46)})
    start_activation(st, "r235")
    act(st, {"type": "move", "unit": "235-1", "to": [55, 42], "mode": "off-road"})
    act(st, {"type": "hold-fire"})
    assert st.pending is None and st.active == "pva" and st.activation is not None
