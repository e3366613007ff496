"""The rule text's own examples, each a test named after it."""

from __future__ import annotations

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin.data import bundle

from tests.frozen_chosin.helpers import act, new, only, put, start_activation, to_phase


def test_example_ranged_firepower_fp_5_at_3_inches_and_105mm_fp_3_at_24_inches():
    t = bundle().pieces["types"]
    assert (t["aaa"]["ranged_fp"], t["aaa"]["range"]) == (5, 3)
    assert (t["artillery"]["ranged_fp"], t["artillery"]["range"]) == (3, 24)


def test_example_artillery_splits_fp_5_into_2_and_3_dice(monkeypatch):
    monkeypatch.setitem(bundle().pieces["types"]["heavy-artillery"], "ranged_fp", 5)
    st = new([{"regiment": "11-mar-y", "at": [62, 33]}, {"regiment": "5-mar", "at": [55, 33]},
              {"regiment": "r235", "at": [55, 45]}], [{"side": "un", "at": [60, 36]}])
    to_phase(st, "night")
    only(st, ["4-11", "1-5a", "235-1", "235-2"])
    put(st, "4-11", 55, 32)
    put(st, "1-5a", 55, 42)
    put(st, "235-1", 54, 44)
    put(st, "235-2", 57, 44)
    start_activation(st, "11-mar-y")
    act(st, {"type": "end-move"})
    ctx = act(st, {"type": "fire", "unit": "4-11", "targets": [["235-1", 2], ["235-2", 3]]}, faces=[1, 1, 1, 1, 1])
    assert [len(e.data["dice"]) for e in ctx.events if e.kind == "roll"] == [2, 3]


def test_example_operation_targets_d6_3_supply_convoy_and_2d6_5_bomber_wing():
    ops = bundle().operations
    assert (ops["supply-convoy"]["cost"], ops["supply-convoy"]["target"]) == (1, 3)
    assert (ops["bomber-wing"]["cost"], ops["bomber-wing"]["target"]) == (2, 5)


def test_example_morale_3_plus_marines_4_plus_pla_and_army():
    regs = {r["id"]: r for c in bundle().commands for r in c["regiments"]}
    assert {regs[r]["morale"] for r in ("5-mar", "7-mar", "1-mar", "hagaru")} == {3}
    assert {regs[r]["morale"] for r in ("31-inf", "57-fa", "r172", "r235", "r238")} == {4}


def test_example_out_of_supply_moves_2d6_on_road_and_1d6_off_road():
    st = new([{"regiment": "5-mar", "at": [55, 36]}])
    to_phase(st, "night")
    only(st, ["1-5a"])
    put(st, "1-5a", 34.5, 23.5)
    start_activation(st, "5-mar", faces=[4, 5])
    assert st.bases["1-5a"].out_of_supply
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [36.57, 31.2], "mode": "road"}) is None
    assert GAME.check(st, {"type": "move", "unit": "1-5a", "to": [34.5, 28.0], "mode": "off-road"}).rule == "FC-4.3"
