"""Op sheets (module 1.6e, our C12): drawing them before set-up, writing new ones in play and
their implementation roll with weighted turns, what a sheet allows, and the two 5.x variants
that live on them (Captured Radio, North Korean Command Flexibility)."""

from __future__ import annotations

from app.games.semper_fi import orders
from app.games.semper_fi.game import GAME
from app.games.semper_fi.sequence import opsheet_commitment
from app.games.semper_fi.setup import setup_state
from app.games.semper_fi.state import OpSheet
from app.games.semper_fi.units import bd

from tests.semper_fi.conftest import Dice, act, bare, put, scenario


def _draws(st, side: str | None = None) -> list[dict]:
    return [a for a in GAME.legal_actions(st) if a["type"] == "draw-sheet"
            and (side is None or orders.side_of(st, a["formation"]) == side)]


def test_1_6e_op_sheets_are_drawn_before_set_up_and_begin_implemented() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {"opsheets": True}, 1)
    side = st.active
    draws = _draws(st, side)
    assert draws and {orders.side_of(st, a["formation"]) for a in draws} == {side}
    # 5.1: the US sheets are "any but Prepared Defense"
    if side == "us":
        assert "prepared-defense" not in {a["kind"] for a in draws}
    a = next(x for x in draws if x["kind"] == "hasty-defense")
    act(st, a)
    assert st.opsheets[a["formation"]] == "hasty-defense" and st.objectives[a["formation"]] == a["objective"]
    assert st.committed[a["formation"]] and not st.drafts              # implemented at once
    place = next(x for x in GAME.legal_actions(st) if x["type"] == "place")
    act(st, place)
    assert not _draws(st, side)                                         # once units stand, too late


def test_1_6e_without_op_sheets_nothing_is_drawn() -> None:
    st = setup_state(scenario("5-1-morning-assault"), {}, 1)
    assert not _draws(st)
    assert not orders.active(st)


def _sheet_position(**rules):
    st = bare(rules={"op_sheets": True, **rules}, opsheets={"us": "attack", "nk": "prepared-defense"})
    put(st, "2-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "7.13")
    orders.initial_sheets(st)
    return st


def test_c12_3_a_new_sheet_waits_for_its_implementation_roll() -> None:
    st = _sheet_position()
    w = {"type": "write-sheet", "formation": "2-5", "kind": "hasty-defense", "objective": "Observation Hill"}
    act(st, w)
    assert st.drafts["2-5"] == OpSheet("hasty-defense", "Observation Hill", 0)
    assert st.opsheets["2-5"] == "attack"                               # the old sheet still rules
    assert w not in GAME.legal_actions(st)                              # one written sheet at a time


def test_c12_4_implementation_roll_adds_weighted_turns() -> None:
    st = _sheet_position()
    st.drafts["2-5"] = OpSheet("attack", "Hill 102", 0)
    st.opsheets["2-5"] = "hasty-defense"
    need = orders.implementation_target(st, "2-5", "attack")            # 9 + Marine prep 3 = 12
    assert need == 12
    opsheet_commitment(st, Dice(st.rng, [2, 3]))                        # 5 + 3 weighted < 12
    assert st.drafts["2-5"].weighted == 3 and st.opsheets["2-5"] == "hasty-defense"
    opsheet_commitment(st, Dice(st.rng, [3, 3]))                        # 6 + 6 weighted >= 12
    assert "2-5" not in st.drafts
    assert st.opsheets["2-5"] == "attack" and st.objectives["2-5"] == "Hill 102"


def test_c12_4_engaged_formations_gain_one_weighted_turn() -> None:
    st = _sheet_position()
    st.drafts["2-5"] = OpSheet("attack", "Hill 102", 0)
    st.units["2-5-plt-1"].fired = True
    orders.note_engaged(st)
    opsheet_commitment(st, Dice(st.rng, [1, 1]))
    assert st.drafts["2-5"].weighted == 1 and not st.engaged


def test_c12_1_defence_sheets_keep_units_near_their_objective() -> None:
    st = _sheet_position()
    st.opsheets["2-5"] = "hasty-defense"                                # leash 3
    st.objectives["2-5"] = "Observation Hill"                           # 11.10
    st.units["2-5-plt-1"].mode = "move"
    far = [a["to"] for a in GAME.legal_actions(st) if a.get("unit") == "2-5-plt-1" and a["type"] == "move"]
    assert far and all(bd(st).grid.distance(h, "11.10") <= 3 for h in far)
    st.opsheets["2-5"] = "attack"
    free = [a["to"] for a in GAME.legal_actions(st) if a.get("unit") == "2-5-plt-1" and a["type"] == "move"]
    assert set(free) >= set(far)


def test_c12_2_a_committed_reserve_follows_its_attack_sheet() -> None:
    st = setup_state(scenario("4-1-ambush"), {"opsheets": True}, 1)
    assert st.opsheets["1-5"] == "reserve" and not st.committed["1-5"]
    st.contact = True
    opsheet_commitment(st, Dice(st.rng, [6] * 10))
    assert st.committed["1-5"] and st.opsheets["1-5"] == "attack"


def test_5_1_variant_captured_radio_opens_us_sheets_and_speeds_nk_orders() -> None:
    plain = setup_state(scenario("5-1-morning-assault"), {"opsheets": True}, 1)
    radio = setup_state(scenario("5-1-morning-assault"), {"captured-radio": True}, 1)
    assert orders.active(radio)                                         # the variant plays op sheets
    assert "2-5" not in GAME.view(plain, "nk")["opsheets"]
    assert GAME.view(radio, "nk")["opsheets"]["2-5"] == "attack"        # the NK reads US sheets
    assert "1-18" not in GAME.view(radio, "us")["opsheets"]             # but not the other way
    titles = {p["title"]: p for p in GAME.panels(radio, "nk")}
    names = [r[0] for r in titles["Op sheets"]["rows"]]
    assert orders.formation_name(radio, "2-5") in names and orders.formation_name(radio, "1-18") in names
    assert orders.formation_name(radio, "1-18") not in [r[0] for r in
                                                        {p["title"]: p for p in GAME.panels(radio, "us")}["Op sheets"]["rows"]]
    # prep rating 3 instead of 5: every North Korean implementation roll needs 2 less
    assert (orders.implementation_target(plain, "1-18", "attack")
            - orders.implementation_target(radio, "1-18", "attack")) == 2


def test_5_1_variant_nk_command_flexibility_lets_the_nk_attack() -> None:
    plain = setup_state(scenario("5-1-morning-assault"), {"opsheets": True}, 1)
    flex = setup_state(scenario("5-1-morning-assault"), {"nk-flexibility": True}, 1)
    for st in (plain, flex):
        st.setup_order = ["nk"]
        st.active = "nk"
    assert {a["kind"] for a in _draws(plain, "nk")} == {"prepared-defense"}
    assert {a["kind"] for a in _draws(flex, "nk")} >= {"attack", "hasty-defense", "reserve"}
    assert flex.opsheets["1-18"] == "prepared-defense"                  # the default until redrawn
    # a Prepared Defense sheet ties the battalion to its ground; an attack sheet does not
    a = {"type": "draw-sheet", "formation": "1-18", "kind": "attack", "objective": "Observation Hill"}
    act(flex, a)
    assert orders.leash_ok(flex, "1-18-plt-1", "7.13", "12.10")
    plain.opsheets["1-18"] = "prepared-defense"
    plain.objectives["1-18"] = "Hill 102"
    assert not orders.leash_ok(plain, "1-18-plt-1", "7.13", "12.10")


def test_op_sheet_actions_are_described_in_player_words() -> None:
    st = _sheet_position()
    a = {"type": "write-sheet", "formation": "2-5", "kind": "prepared-defense", "objective": "Hill 102"}
    text = GAME.describe_action(st, a)
    assert "Prepared Defense" in text and "Hill 102" in text and "2-5" not in text.split("for")[0]


# -- C12.6: kinds per formation (5.2) -------------------------------------------------------------------
def _us_draws_5_2(options: dict) -> tuple:
    st = setup_state(scenario("5-2-1-5-to-the-fore"), options, 1)
    st.setup_order = ["us"]
    st.active = "us"
    kinds: dict[str, set] = {}
    for a in _draws(st, "us"):
        kinds.setdefault(a["formation"], set()).add(a["kind"])
    return st, kinds


def test_c12_6_5_2_2_5_begins_on_hasty_defense_the_rest_on_any_but_prepared_defense() -> None:
    st, kinds = _us_draws_5_2({"opsheets": True})
    assert st.opsheets["2-5"] == "hasty-defense" and st.opsheets["1-5"] == "attack"
    assert kinds["2-5"] == {"hasty-defense"}                           # the objective is the choice left
    assert kinds["1-5"] == kinds["at-5"] == kinds["3-a-armor"] == {"attack", "hasty-defense", "reserve"}
    bad = {"type": "draw-sheet", "formation": "2-5", "kind": "attack", "objective": "Hill 102"}
    assert bad not in GAME.legal_actions(st)
    good = next(a for a in _draws(st, "us") if a["formation"] == "2-5" and a["objective"] == "Observation Hill")
    act(st, good)
    assert st.opsheets["2-5"] == "hasty-defense" and st.objectives["2-5"] == "Observation Hill"
    assert st.committed["2-5"]


def test_c12_6_5_2_variants_keep_2_5_on_hasty_defense() -> None:
    for opts in ({}, {"captured-radio": True}, {"nk-flexibility": True}):
        st, kinds = _us_draws_5_2(opts)
        assert st.opsheets["2-5"] == "hasty-defense"                   # without sheets: only 1.8e cares
        assert not kinds or kinds["2-5"] == {"hasty-defense"}
    # the North Koreans' own kinds are not touched by 2/5's entry
    flex = setup_state(scenario("5-2-1-5-to-the-fore"), {"nk-flexibility": True}, 1)
    assert {a["kind"] for a in _draws(flex, "nk")} >= {"attack", "prepared-defense"}


def test_c12_6_in_play_a_formation_may_write_any_kind() -> None:
    st = bare(rules={"op_sheets": True}, opsheets={"us": ["attack", "reserve"], "nk": "prepared-defense",
                                                   "formations": {"2-5": "hasty-defense"}})
    put(st, "2-5-plt-1", "12.10")
    put(st, "1-5-plt-1", "12.11")
    orders.initial_sheets(st)
    assert st.opsheets == {"2-5": "hasty-defense", "1-5": "attack"}
    writes = {(a["formation"], a["kind"]) for a in GAME.legal_actions(st) if a["type"] == "write-sheet"}
    assert ("2-5", "attack") in writes and ("2-5", "prepared-defense") in writes    # C12.3: any kind


def test_c12_6_bad_formation_entries_are_reported_by_field(tmp_path) -> None:
    from tests.semper_fi.test_bad_input import BASE, _problems
    text = BASE.replace('nk = "attack"\n', 'nk = "attack"\n\n[opsheets.formations]\nno-such-bn = "attack"\n'
                        'baker-5 = "sleepy-defense"\n', 1)
    text += '\n[rules.reserves]\nside = "nk"\nopsheet = "nap"\narea = { cols_max = 1 }\n'
    assert text != BASE
    lines = _problems(tmp_path, text)
    assert any("rules.reserves.opsheet: unknown op sheet kind 'nap'" in ln for ln in lines)    # C12.7
    assert any("opsheets.formations.no-such-bn: no counter belongs to a formation" in ln for ln in lines)
    assert any("opsheets.formations.baker-5: unknown op sheet kind 'sleepy-defense'" in ln for ln in lines)


# -- C12.7: 5.3's NK reserves on Reserve sheets; 1.6e sheets for units still to come ----------------
def test_c12_7_5_3_a_formation_drawn_on_reserve_begins_off_the_map() -> None:
    st = setup_state(scenario("5-3-battle-for-no-name-ridge"), {"opsheets": True}, 1)
    st.setup_order = ["nk"]
    st.active = "nk"
    assert {a["kind"] for a in _draws(st, "nk") if a["formation"] == "2-18"} == {"prepared-defense", "reserve"}
    ctx = act(st, {"type": "draw-sheet", "formation": "2-18", "kind": "reserve", "objective": ""})
    mine = [u for u in st.units if u.startswith("2-18-")]
    assert mine and all(st.units[u].at == "offmap" for u in mine) and not st.committed["2-18"]
    assert any(e.rule == "C12.7" for e in ctx.events)
    assert not any(a.get("unit") in mine for a in GAME.legal_actions(st) if a["type"] == "place")
    tanks = [u for u in st.units if u.startswith("107-tank-")]
    act(st, {"type": "draw-sheet", "formation": "107-tank", "kind": "reserve", "objective": ""})
    act(st, next(a for a in _draws(st, "nk") if a["formation"] == "107-tank" and a["kind"] == "prepared-defense"))
    assert all(st.units[u].at == "offmap" for u in tanks)              # the scenario starts them off the map
    act(st, next(a for a in _draws(st, "nk") if a["formation"] == "2-18" and a["kind"] == "prepared-defense"))
    assert all(st.units[u].at == "setup" for u in mine)                # redrawn: set up after all


def _reserve_position():
    st = bare(rules={"op_sheets": True, "reserves": {"side": "nk", "opsheet": "reserve",
                                                     "area": {"cols_max": 1, "rows_max": 14}}},
              opsheets={"us": "attack", "nk": ["prepared-defense", "reserve"]})
    put(st, "2-5-plt-1", "12.10")
    put(st, "1-18-plt-1", "offmap", mode="move")
    orders.initial_sheets(st)
    st.opsheets["1-18"], st.committed["1-18"] = "reserve", False
    st.active = st.turn_side = "nk"
    return st


def test_c12_7_off_map_reserves_enter_only_once_committed() -> None:
    st = _reserve_position()
    assert not [a for a in GAME.legal_actions(st) if a.get("unit") == "1-18-plt-1"]
    st.contact = True
    opsheet_commitment(st, Dice(st.rng, [6]))                          # 6 >= NK prep 5
    assert st.committed["1-18"] and st.opsheets["1-18"] == "attack"
    entries = [a["to"] for a in GAME.legal_actions(st) if a.get("unit") == "1-18-plt-1" and a["type"] == "move"]
    assert entries and all(h.startswith("1.") for h in entries)        # the western edge


def test_1_6e_sheets_may_be_written_for_units_still_off_the_map() -> None:
    st = _reserve_position()
    w = {"type": "write-sheet", "formation": "1-18", "kind": "attack", "objective": "Hill 102"}
    assert w in GAME.legal_actions(st)
    act(st, w)
    assert st.drafts["1-18"] == OpSheet("attack", "Hill 102", 0)
