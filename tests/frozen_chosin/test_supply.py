"""FC-11 supply: radius, chain, looting; FC-14.2 Hagaru Firebase."""

from __future__ import annotations

from app.games.frozen_chosin.special import hagaru_held
from app.games.frozen_chosin.supply import in_supply

from tests.frozen_chosin.helpers import act, cleared, put, start_activation

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "r235", "at": [55, 45]}]


def state(markers=({"side": "un", "at": [55, 30]},)):
    return cleared(SETUP, markers)


def test_supply_radius_is_twelve_inches_from_a_marker():
    st = state()
    put(st, "1-5a", 55, 41.5)
    put(st, "1-5b", 60, 43.5)
    assert in_supply(st, "un") == {"1-5a"}


def test_supply_chains_through_friends_within_one_inch():
    st = state()
    put(st, "1-5a", 55, 41.5)
    put(st, "1-5b", 55, 43.2)
    assert "1-5b" not in in_supply(st, "un")
    put(st, "1-5b", 55, 42.9)
    put(st, "2-5a", 55, 44.3)
    assert {"1-5b", "2-5a"} <= in_supply(st, "un")


def test_supply_is_found_when_the_regiment_activates():
    st = state()
    put(st, "1-5a", 55, 41.5)
    put(st, "1-5b", 62, 46)
    start_activation(st, "5-mar", faces=[4, 2])
    assert not st.bases["1-5a"].out_of_supply and st.bases["1-5b"].out_of_supply


def test_chinese_entry_zones_are_supply_sources():
    st = state(())
    put(st, "235-1", 18, 47)   # below entry zone 3 of the test table
    put(st, "235-2", 50, 42)
    assert in_supply(st, "pva") == {"235-1"}


def test_looting_suppresses_a_chinese_base_touching_allied_supply():
    st = state()
    put(st, "235-1", 55, 33)
    start_activation(st, "r235")
    ctx = act(st, {"type": "move", "unit": "235-1", "to": [55, 30.4], "mode": "off-road"})
    assert st.bases["235-1"].suppressed and "FC-11.5" in ctx.rules()


def test_hagaru_firebase_supplies_while_the_allies_hold_the_town():
    st = state(())
    put(st, "1-5a", 34, 21)
    put(st, "1-5b", 34, 31)
    assert hagaru_held(st) and "1-5b" in in_supply(st, "un")
    put(st, "235-1", 33, 20)
    assert not hagaru_held(st) and "1-5b" not in in_supply(st, "un")
