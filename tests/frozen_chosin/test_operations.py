"""FC-12 HQ operations: one test per operation, plus the planning rules (FC-2.3)."""

from __future__ import annotations

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin import sequence as Q
from app.games.frozen_chosin.operations import targets
from app.games.frozen_chosin.data import bundle

from tests.frozen_chosin.helpers import act, cleared, put

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "r235", "at": [55, 45]},
         {"regiment": "hagaru", "at": [66, 33]}, {"regiment": "r172", "at": [66, 45]}]
MARKERS = [{"side": "un", "at": [55, 30]}, {"side": "pva", "at": [55, 47]}]


def phase(which, command, planned, smith="airstrip"):
    st = cleared(SETUP, MARKERS, which, turn=3, smith=smith)
    st.current = command
    st.commands[command].planned = list(planned)
    Q.set_active(st)
    return st


def attempt(st, op, target, faces):
    return act(st, {"type": "attempt", "op": op, "target": target}, faces=faces)


def test_only_planned_operations_may_be_attempted_once_a_turn():
    st = phase("day", "un-yudam", ["evacuate"])
    put(st, "1-5a", 55, 40)
    st.bases["1-5b"].status = "casualty"
    assert GAME.check(st, {"type": "attempt", "op": "reorganize-un", "target": "1-5b"}).rule == "FC-2.3"
    attempt(st, "evacuate", "1-5b", [1])
    st.current = "un-yudam"
    st.bases["2-5a"].status = "casualty"
    assert GAME.check(st, {"type": "attempt", "op": "evacuate", "target": "2-5a"}).rule == "FC-2.3"


def test_close_air_support_rolls_fp_three_on_each_enemy_within_d6_inches():
    st = phase("day", "un-yudam", ["close-air-support"])
    put(st, "1-5a", 55, 40)
    put(st, "235-1", 55, 44)
    put(st, "235-2", 57, 44)
    put(st, "235-3", 62, 44)
    ctx = attempt(st, "close-air-support", "235-1", [4, 1, 3, 5, 5, 1, 1, 1, 1])
    assert st.bases["235-1"].status == "casualty" and st.bases["235-2"].hits == 0
    assert st.bases["235-3"].hits == 0 and "FC-12.3" in ctx.rules()


def test_close_air_support_is_day_only():
    st = phase("night", "un-yudam", ["close-air-support"])
    put(st, "1-5a", 55, 40)
    put(st, "235-1", 55, 44)
    assert not any(a["type"] == "attempt" for a in GAME.legal_actions(st))
    assert GAME.check(st, {"type": "attempt", "op": "close-air-support", "target": "235-1"}).rule == "FC-12.14"


def test_heavy_cloud_cover_weakens_air_strikes():
    st = phase("day", "un-yudam", ["close-air-support"])
    st.airstrike_fp = -1
    put(st, "1-5a", 55, 40)
    put(st, "235-1", 55, 44)
    ctx = attempt(st, "close-air-support", "235-1", [6, 6, 1, 1, 1])
    assert [len(e.data["dice"]) for e in ctx.events if e.kind == "roll"][-1] == 2


def test_bomber_wing_suppresses_everything_within_d6_and_never_near_un_units():
    st = phase("day", "un-yudam", ["bomber-wing"])
    put(st, "1-5a", 55, 31)
    put(st, "235-1", 55, 44.5)
    put(st, "235-2", 58, 44.5)
    put(st, "172-1", 55, 41)
    assert "172-1" not in targets(st, st.commands["un-yudam"], bundle().operations["bomber-wing"])
    assert "235-1" in targets(st, st.commands["un-yudam"], bundle().operations["bomber-wing"])
    attempt(st, "bomber-wing", "235-1", [5, 1, 4])
    assert st.bases["235-1"].suppressed and st.bases["235-2"].suppressed and st.bases["172-1"].suppressed


def test_air_supply_drops_two_markers_at_the_target():
    st = phase("day", "un-yudam", ["air-supply"])
    put(st, "1-5a", 55, 40)
    attempt(st, "air-supply", "1-5a", [4, 1])
    drops = [m for m in st.markers.values() if m.kind == "air-drop"]
    assert sorted((m.x, m.y) for m in drops) == [(54.4, 40), (55.6, 40)]


def test_air_supply_drifts_two_d6_inches_on_a_failure():
    st = phase("day", "un-yudam", ["air-supply"])
    put(st, "1-5a", 55, 40)
    attempt(st, "air-supply", "1-5a", [1, 2, 3, 3, 1, 2, 2, 1])
    drops = sorted((m.x, m.y) for m in st.markers.values() if m.kind == "air-drop")
    assert drops == [(59.6, 40), (60.4, 40)]  # 6 and 4 inches east (direction 1)


def test_supply_convoy_puts_a_truck_on_the_road():
    st = phase("night", "un-yudam", ["supply-convoy"])
    put(st, "1-5a", 34.5, 23.5)
    st.markers["sup-start-1"].x, st.markers["sup-start-1"].y = 34.5, 30
    assert targets(st, st.commands["un-yudam"], bundle().operations["supply-convoy"]) == ["1-5a"]
    attempt(st, "supply-convoy", "1-5a", [3])
    assert any(m.kind == "truck" and (m.x, m.y) == (34.5, 23.5) for m in st.markers.values())


def test_reorganize_restores_a_casualty_suppressed():
    st = phase("night", "un-yudam", ["reorganize-un"])
    put(st, "1-5a", 55, 40)
    st.bases["1-5b"].status = "casualty"
    ctx = attempt(st, "reorganize-un", "1-5b", [4, 1])
    b = st.bases["1-5b"]
    assert b.status == "on" and b.suppressed and abs(b.x - 55) + abs(b.y - 40) < 3
    assert any(e.kind == "restore" for e in ctx.events)


def test_evacuate_removes_a_casualty_for_a_victory_point():
    st = phase("night", "un-yudam", ["evacuate"], smith="stockpile")
    put(st, "1-5a", 55, 40)
    st.bases["1-5b"].status = "casualty"
    attempt(st, "evacuate", "1-5b", [3])
    assert st.bases["1-5b"].status == "evacuated" and st.evacuated == 1


def test_hagaru_airstrip_and_smiths_airstrip_choice_help_evacuation():
    st = phase("night", "un-yudam", ["evacuate"], smith="airstrip")
    put(st, "1-5a", 34, 21)
    st.bases["1-5b"].status = "casualty"
    ctx = attempt(st, "evacuate", "1-5b", [1])   # 1 + 1 (Smith) + 1 (Hagaru held) = 3
    assert st.bases["1-5b"].status == "evacuated" and st.smith_revealed
    assert {"FC-14.2", "FC-14.4"} <= set(ctx.rules())


def test_smiths_stockpile_choice_helps_allied_reorganize():
    st = phase("night", "un-yudam", ["reorganize-un"], smith="stockpile")
    put(st, "1-5a", 55, 40)
    st.bases["1-5b"].status = "casualty"
    attempt(st, "reorganize-un", "1-5b", [3, 1])
    assert st.bases["1-5b"].status == "on" and st.smith_revealed


def test_fresh_orders_let_a_spent_regiment_activate_again():
    st = phase("day", "un-yudam", ["fresh-orders"])
    put(st, "1-5a", 55, 40)
    st.regiments["5-mar"].activated = 1
    attempt(st, "fresh-orders", "5-mar", [5, 1, 1])
    st.current = "un-yudam"
    assert {"type": "activate", "regiment": "5-mar"} in GAME.legal_actions(st)


def test_human_wave_reactivates_a_chinese_regiment_at_night():
    st = phase("night", "pva-27", ["human-wave"])
    put(st, "235-1", 55, 44)
    st.regiments["r235"].activated = 1
    attempt(st, "human-wave", "r235", [4, 1, 1])
    assert st.regiments["r235"].allowed == 2


def test_infiltrate_moves_a_regiment_twelve_inches_off_road_at_night_only():
    st = phase("night", "pva-27", ["infiltrate"])
    put(st, "235-1", 55, 44)
    put(st, "1-5a", 66, 33)
    attempt(st, "infiltrate", "r235", [4, 1])
    assert st.activation is not None and st.activation.infiltrate
    assert GAME.check(st, {"type": "move", "unit": "235-1", "to": [55, 33], "mode": "off-road"}) is None
    day = phase("day", "pva-27", ["infiltrate"])
    put(day, "235-1", 55, 44)
    assert GAME.check(day, {"type": "attempt", "op": "infiltrate", "target": "r235"}).rule == "FC-12.1"


def test_surprise_attack_ignores_the_defenders_position():
    st = phase("night", "pva-27", ["surprise-attack"])
    put(st, "235-1", 55, 39.4)
    put(st, "1-5a", 55, 40, position="improved")
    attempt(st, "surprise-attack", "r235", [5, 1])
    assert st.activation.surprise
    act(st, {"type": "end-move"})
    act(st, {"type": "attack", "defender": "1-5a", "attackers": ["235-1"]}, faces=[1, 1, 1, 5, 1])
    assert st.bases["1-5a"].suppressed


def test_ambush_destroys_an_allied_supply_marker_near_chinese_troops():
    st = phase("night", "pva-27", ["ambush"])
    put(st, "235-1", 55, 34)
    assert targets(st, st.commands["pva-27"], bundle().operations["ambush"]) == ["sup-start-1"]
    attempt(st, "ambush", "sup-start-1", [3])
    assert "sup-start-1" not in st.markers


def test_supply_train_places_a_chinese_supply_marker():
    st = phase("day", "pva-27", ["supply-train"])
    put(st, "235-1", 55, 44)
    attempt(st, "supply-train", "235-1", [6])
    assert any(m.side == "pva" and (m.x, m.y) == (55, 44) for m in st.markers.values())


def test_reorganize_for_the_chinese_returns_a_base_and_takes_it_off_the_reserve_count():
    st = phase("night", "pva-27", ["reorganize-pva"])
    put(st, "235-1", 55, 44)
    st.bases["235-2"].status = "casualty"
    st.commands["pva-27"].recycled = 1
    attempt(st, "reorganize-pva", "235-2", [4, 4])
    assert st.bases["235-2"].status == "on" and st.commands["pva-27"].recycled == 0


def test_off_table_chinese_guns_need_a_spotter_within_six_inches():
    st = phase("night", "pva-27", [])
    st.offtable_guns = 4
    put(st, "1-5a", 55, 30)
    put(st, "235-1", 55, 40)
    assert not any(a["type"] == "guns" for a in GAME.legal_actions(st))
    put(st, "235-1", 55, 34)
    assert {"type": "guns", "target": "1-5a"} in GAME.legal_actions(st)
    ctx = act(st, {"type": "guns", "target": "1-5a"}, faces=[5, 1, 1, 1])
    assert st.bases["1-5a"].suppressed and st.guns_used and "FC-8.4" in ctx.rules()
