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
