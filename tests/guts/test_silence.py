"""Covering fire, silencing a gun (BAR, rocket, grenade), a silenced gun opening up again, and
the close assault."""

from __future__ import annotations

import pytest

from app.engine.actions import shape_problem
from app.games.guts import GAME
from app.games.guts import rules as R
from app.games.guts.state import GTG, HTD, OK, PINNED
from tests.guts.helpers import Dice, add_gun, bench, fresh, place

GUN = (30.0, 40.0)


def scene(*keep: str, gun_kind: str = "hmg", status: str = "active"):
    st = fresh("army")
    bench(st, "rifle-1a", *keep)
    g = add_gun(st, "mg-1", gun_kind, *GUN, heading=270, status=status)
    mover = place(st, "rifle-1a", 30, 27)     # in the cone, effective range
    return st, g, mover


def cover(st, teams, leader=None):
    a = {"type": "cover", "teams": list(teams), "mover": "rifle-1a", "gun": "mg-1"}
    if leader:
        a["leader"] = leader
    return a


# ------------------------------------------------------------------ GUTS-COVER
def test_bar_cover_modifiers_one_bar_two_bars_close_and_platoon_leader(bare) -> None:
    st, g, m = scene("bar-1", "bar-2", "pl")
    place(st, "bar-1", 38, 30)         # 8.5" from the gun
    place(st, "bar-2", 22, 30)
    ctx = Dice((3, 2))
    GAME.apply(st, cover(st, ["bar-1"]), ctx)
    assert ctx.tests()[0]["mod"] == -1                      # one covering BAR
    st, g, m = scene("bar-1", "bar-2", "pl")
    place(st, "bar-1", 38, 30)
    place(st, "bar-2", 22, 30)
    ctx = Dice((3, 2))
    GAME.apply(st, cover(st, ["bar-1", "bar-2"]), ctx)
    assert ctx.tests()[0]["mod"] == -2                      # -1 for each covering BAR
    st, g, m = scene("bar-1", "pl")
    place(st, "bar-1", 34, 36)         # 3.5" from the gun: close range
    place(st, "pl", 35.5, 36)
    ctx = Dice((3, 2))
    GAME.apply(st, cover(st, ["bar-1"], leader="pl"), ctx)
    assert ctx.tests()[0]["mod"] == -3                      # -1 BAR, -1 close, -1 platoon leader
    assert st.elements["pl"].acted and st.elements["bar-1"].acted


@pytest.mark.parametrize("dice, rate, bar_guts", [((2, 2), 11, 7), ((4, 3), 7, 7), ((5, 4), None, 6),
                                                  ((5, 5), None, 5)])
def test_bar_cover_results(bare, dice, rate, bar_guts) -> None:
    st, g, m = scene("bar-1")
    bar = place(st, "bar-1", 38, 30)
    GAME.apply(st, cover(st, ["bar-1"]), Dice(dice))
    assert ([c.rate for c in m.covers] or [None])[0] == rate   # critical: GUTS + dice score; success: GUTS
    assert bar.guts == bar_guts                               # failure -1; critical failure -1 and a casualty
    assert g.engaged_by == "bar-1"


def test_rifle_cover_critical_is_only_a_success_and_leader_minus_one(bare) -> None:
    st, g, m = scene("rifle-1b", "sl-1")
    place(st, "rifle-1b", 36, 33)      # 7.6" from the gun: inside 9"
    place(st, "sl-1", 37.5, 33)
    ctx = Dice((1, 1))
    GAME.apply(st, cover(st, ["rifle-1b"], leader="sl-1"), ctx)
    assert ctx.tests()[0]["mod"] == -1
    assert m.covers[0].rate == 7 and not m.covers[0].bar


def test_cover_ranges_and_one_kind_a_turn(bare) -> None:
    st, g, m = scene("bar-1", "rifle-1b")
    place(st, "bar-1", 38, 29.5)       # 12.5" away (edge 12.05): beyond 12
    place(st, "rifle-1b", 36, 31.5)    # 9.4" away: beyond 9
    assert GAME.check(st, cover(st, ["bar-1"])).rule == "GUTS-COVER"
    assert GAME.check(st, cover(st, ["rifle-1b"])).rule == "GUTS-COVER"
    place(st, "bar-1", 38, 30)
    place(st, "rifle-1b", 36, 33)
    assert GAME.check(st, cover(st, ["bar-1", "rifle-1b"])).rule == "GUTS-COVER"
    GAME.apply(st, cover(st, ["bar-1"]), Dice((6, 5)))        # fails, but BARs were used
    ill = GAME.check(st, cover(st, ["rifle-1b"]))
    assert ill is not None and ill.rule == "GUTS-COVER"


def test_only_the_platoon_leader_directs_bar_fire(bare) -> None:
    st, g, m = scene("bar-1", "sl-1")
    place(st, "bar-1", 38, 30)
    place(st, "sl-1", 39.5, 30)
    assert GAME.check(st, cover(st, ["bar-1"], leader="sl-1")).rule == "GUTS-COVER"


def test_cover_only_for_a_team_in_the_cone(bare) -> None:
    st, g, m = scene("bar-1")
    place(st, "bar-1", 38, 30)
    place(st, "rifle-1a", 15, 27)
    assert GAME.check(st, cover(st, ["bar-1"])).rule == "GUTS-COVER"


# ------------------------------------------------------------------ GUTS-SIL-BAR
def silence(st, team="bar-1", leader=None):
    a = {"type": "silence", "team": team, "gun": "mg-1"}
    if leader:
        a["leader"] = leader
    return a


def test_bar_silence_modifiers(bare) -> None:
    st, g, m = scene("bar-1", "sl-1")
    place(st, "bar-1", 38, 30)         # not in the cone, not close
    ctx = Dice((3, 2))
    GAME.apply(st, silence(st), ctx)
    assert ctx.tests()[0]["mod"] == -1                     # not under fire
    st, g, m = scene("bar-1", "sl-1")
    place(st, "bar-1", 30, 35)         # in the cone, close
    place(st, "sl-1", 31.5, 35)
    ctx = Dice((3, 2))
    GAME.apply(st, silence(st, leader="sl-1"), ctx)
    assert ctx.tests()[0]["mod"] == -3                     # close -2, leader -1
    assert g.engaged_by == "bar-1"


@pytest.mark.parametrize("where, dice, gun, gun_guts, bar_status, bar_guts", [
    ((38, 30), (4, 3), "silenced", 8, OK, 7),          # success: silenced
    ((38, 30), (2, 2), "silenced", 7, OK, 7),          # critical success: silenced, -1 GUTS
    ((34, 36), (2, 2), "silenced", 6, OK, 7),          # ... -2 at close range
    ((38, 30), (6, 3), "active", 8, GTG, 6),           # failure: gone to ground, -1
    ((38, 30), (6, 6), "active", 8, PINNED, 6),        # critical failure: pinned and a casualty
    ((34, 36), (6, 6), "active", 8, PINNED, 5),        # ... and -1 more at close range
])
def test_bar_silence_results(bare, where, dice, gun, gun_guts, bar_status, bar_guts) -> None:
    st, g, m = scene("bar-1")
    bar = place(st, "bar-1", *where)
    GAME.apply(st, silence(st), Dice(dice))
    assert (g.status, g.guts, bar.status, bar.guts) == (gun, gun_guts, bar_status, bar_guts)


def test_bar_needs_effective_range(bare) -> None:
    st, g, m = scene("bar-1")
    place(st, "bar-1", 42, 33)         # 12.6" away
    assert GAME.check(st, silence(st)).rule == "GUTS-SIL-BAR"


def test_bar_needs_to_see_the_gun() -> None:
    st = fresh("army")
    bench(st, "bar-1")
    add_gun(st, "mg-1", "hmg", 8.0, 38.0)      # above the west spur
    place(st, "bar-1", 9.0, 27.24)             # standing on the spur crest: in sight, 10.3" away
    assert GAME.check(st, silence(st)) is None
    place(st, "bar-1", 9.0, 26.2)              # just behind it: 11.3" away but out of sight
    assert GAME.check(st, silence(st)).rule == "GUTS-D-LOS"


# ------------------------------------------------------------------ GUTS-SIL-AT
@pytest.mark.parametrize("dice, gun, gun_guts, out, status, guts", [
    ((6, 6), "active", 8, True, OK, 7),        # critical failure: the team is killed
    ((6, 2), "active", 8, False, GTG, 6),      # failure: gone to ground, -1
    ((4, 3), "active", 7, False, OK, 7),       # success: the gun loses 1 GUTS
    ((3, 3), "silenced", 8, False, OK, 7),     # critical success: silenced
])
def test_rocket_results(bare, dice, gun, gun_guts, out, status, guts) -> None:
    st, g, m = scene("rr")
    rr = place(st, "rr", 45, 30)               # 15" away
    GAME.apply(st, silence(st, team="rr"), Dice(dice))
    assert (g.status, g.guts, rr.out, rr.status, rr.guts) == (gun, gun_guts, out, status, guts)


def test_rocket_range_eighteen_and_no_leader(bare) -> None:
    st, g, m = scene("rr", "pl")
    place(st, "rr", 30, 22.6)                  # 17.9" away
    assert GAME.check(st, silence(st, team="rr")) is None
    place(st, "pl", 31.5, 22.6)
    assert GAME.check(st, silence(st, team="rr", leader="pl")) is not None
    place(st, "rr", 30, 21.4)                  # 18.1" away
    assert GAME.check(st, silence(st, team="rr")).rule == "GUTS-SIL-AT"


# ------------------------------------------------------------------ GUTS-SIL-GREN
def grenade(team="rifle-1b"):
    return {"type": "grenade", "team": team, "gun": "mg-1"}


@pytest.mark.parametrize("dice, gun, guts, phase", [
    ((6, 6), "active", 6, "orders"),           # critical failure: the thrower is killed (a casualty)
    ((5, 4), "active", 7, "orders"),           # failure: nothing
    ((4, 3), "silenced", 7, "orders"),         # success: silenced
    ((2, 2), "out", 7, "follow-up"),           # critical success: knocked out for good
])
def test_grenade_results(bare, dice, gun, guts, phase) -> None:
    st, g, m = scene("rifle-1b")
    t = place(st, "rifle-1b", 26, 39)          # 3" away
    GAME.apply(st, grenade(), Dice(dice))
    assert (g.status, t.guts, st.phase) == (gun, guts, phase)


def test_grenade_range_three(bare) -> None:
    st, g, m = scene("rifle-1b")
    place(st, "rifle-1b", 25.9, 39)            # 3.1" away
    assert GAME.check(st, grenade()).rule == "GUTS-SIL-GREN"


def test_bayonet_follow_up_is_a_leave_cover_test_at_minus_two(bare) -> None:
    st, g, m = scene("rifle-1b")
    t = place(st, "rifle-1b", 26, 39, status=HTD)
    GAME.apply(st, grenade(), Dice((2, 2)))
    assert GAME.legal_actions(st) == [{"type": "follow-up", "team": "rifle-1b"},
                                      {"type": "decline", "team": "rifle-1b"}]
    # both fit the action schema a save or an actions file is checked against
    assert all(shape_problem(GAME, a) is None for a in GAME.legal_actions(st))
    ctx = Dice((6, 5))
    GAME.apply(st, {"type": "follow-up", "team": "rifle-1b"}, ctx)
    # no gun fires on it any more: -2 follow-up and -3 outside a cone
    assert [d["mod"] for d in ctx.tests()] == [-5]
    assert t.status == OK and abs(t.x - 30) + abs(t.y - 40) < 3


def test_bar_grenade_has_no_follow_up(bare) -> None:
    st, g, m = scene("bar-1")
    place(st, "bar-1", 26, 39)
    GAME.apply(st, grenade("bar-1"), Dice((2, 2)))
    assert g.status == "out" and st.phase == "orders"


# ------------------------------------------------------------------ GUTS-REOPEN
def test_silenced_gun_may_open_up_on_movement_in_its_close_band(bare) -> None:
    st, g, m = scene(status="silenced")
    place(st, "rifle-1a", 20, 33)
    ctx = Dice((3, 2), (4, 3))                 # the move (5"); the gun's test against its GUTS 8
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [25, 33]}, ctx)
    assert ctx.done() and g.status == "active"
    assert R.cone_of(g).touches(m.x, m.y, m.w, m.h)


def test_silenced_gun_stays_silent_on_a_failed_test(bare) -> None:
    st, g, m = scene(status="silenced")
    place(st, "rifle-1a", 20, 33)
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [25, 33]}, Dice((3, 2), (5, 4)))
    assert g.status == "silenced"


def test_no_test_outside_the_close_band_or_for_a_gun_knocked_out(bare) -> None:
    st, g, m = scene(status="silenced")
    place(st, "rifle-1a", 10, 27)
    ctx = Dice((2, 1))
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [13, 27]}, ctx)
    assert ctx.done()
    st, g, m = scene(status="out")
    place(st, "rifle-1a", 20, 33)
    ctx = Dice((3, 2))
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [25, 33]}, ctx)
    assert ctx.done()


# ------------------------------------------------------------------ GUTS-ASLT
def assault(team="rifle-1a", leader=None):
    a = {"type": "assault", "team": team, "gun": "mg-1"}
    if leader:
        a["leader"] = leader
    return a


def test_assault_only_within_the_teams_guts_in_inches(bare) -> None:
    st, g, m = scene(status="silenced")
    place(st, "rifle-1a", 30, 32)              # 7.5" away, GUTS 7
    assert GAME.check(st, assault()).rule == "GUTS-ASLT"
    place(st, "rifle-1a", 30, 33)              # 6.5"
    assert GAME.check(st, assault()) is None
    assert GAME.check(st, assault("rr")) is not None


@pytest.mark.parametrize("dice, gun, out, guts", [
    ((6, 6), "silenced", True, 7),             # critical failure: the attackers are killed
    ((5, 4), "out", False, 6),                 # failure: overrun, then a second test (failed): a casualty
    ((4, 3), "out", False, 6),                 # success: overrun, the team loses 1 GUTS
    ((3, 3), "out", False, 7),                 # critical success: overrun, nothing lost
])
def test_assault_results(bare, dice, gun, out, guts) -> None:
    st, g, m = scene(status="silenced")
    place(st, "rifle-1a", 30, 33)
    rolls = [(2, 1), dice] + ([(6, 3)] if dice == (5, 4) else [])
    ctx = Dice(*rolls)
    GAME.apply(st, assault(), ctx)
    assert ctx.done()
    assert (g.status, m.out, m.guts) == (gun, out, guts)
    if not out:
        assert abs(m.y - 40) < 2.5


def test_assault_failure_with_a_lucky_second_throw_costs_nothing(bare) -> None:
    st, g, m = scene(status="silenced")
    place(st, "rifle-1a", 30, 33)
    GAME.apply(st, assault(), Dice((2, 1), (5, 4), (2, 3)))
    assert g.status == "out" and m.guts == 7


def test_charging_through_the_guns_own_cone_is_moving_under_fire(bare) -> None:
    st, g, m = scene()
    place(st, "rifle-1a", 30, 33)
    ctx = Dice((3, 2))                          # 5 + 2 (close range) = 7: hit the dirt
    GAME.apply(st, assault(), ctx)
    assert m.status == HTD and st.phase == "press-on" and st.pending.gun == "mg-1"
    ctx = Dice((1, 1), (4, 3))                  # press on critically: reaches the gun and fights
    GAME.apply(st, {"type": "press-on", "team": "rifle-1a"}, ctx)
    assert ctx.done() and g.status == "out"
