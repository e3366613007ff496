"""Moving under fire, pressing on, every modifier, troops halted in cones, leaving cover,
overlapping cones, leadership, natural leaders and rallying."""

from __future__ import annotations

import pytest

from app.games.guts import GAME
from app.games.guts import rules as R
from app.games.guts.state import GTG, HTD, OK, PINNED
from tests.guts.helpers import Dice, add_gun, bench, fresh, place

# An army team (GUTS 7, two ordinary dice) 12.5" below a heavy gun firing straight down:
# inside its effective band (+1).
GUN = (30.0, 40.0)


def setup_muf(*keep: str, y: float = 27.0):
    st = fresh("army")
    bench(st, "rifle-1a", *keep)
    add_gun(st, "mg-1", "hmg", *GUN, heading=270)
    e = place(st, "rifle-1a", 30, y)
    return st, e


def advance(st, to=(30, 31), team="rifle-1a", **kw):
    a = {"type": "advance", "team": team, "to": list(to), **kw}
    assert GAME.check(st, a) is None, GAME.check(st, a)
    return a


# ------------------------------------------------------------------ GUTS-MUF
@pytest.mark.parametrize("dice, y, status, guts", [
    ((2, 2), 31.0, OK, 7),      # critical success: moves the dice score (4), as far as the aim point
    ((3, 2), 27.0, HTD, 7),     # success: hit the dirt
    ((4, 3), 27.0, GTG, 7),     # failure: gone to ground
    ((4, 4), 27.0, GTG, 7),     # critical failure: gone to ground, no casualty on 4-4
    ((5, 5), 27.0, GTG, 6),     # ... a casualty on 5-5
    ((6, 6), 27.0, GTG, 6),     # ... and on 6-6
])
def test_moving_under_fire(bare, dice, y, status, guts) -> None:
    st, e = setup_muf()
    ctx = Dice(dice)
    GAME.apply(st, advance(st), ctx)
    assert ctx.done() and ctx.tests()[0]["mod"] == 1      # +1 effective range
    assert (e.y, e.status, e.guts) == (y, status, guts)


def test_moving_into_a_cone_is_moving_under_fire(bare) -> None:
    st, e = setup_muf(y=27.0)
    place(st, "rifle-1a", 20, 27)          # outside the cone, moving into it
    ctx = Dice((3, 2))
    GAME.apply(st, advance(st, to=(29, 27)), ctx)
    assert "GUTS-MUF" in [ev.rule for ev in ctx.events if ev.kind == "test"]
    assert e.status == HTD


def test_moving_away_outside_any_cone_is_an_ordinary_move(bare) -> None:
    st, e = setup_muf()
    place(st, "rifle-1a", 20, 27)
    ctx = Dice((3, 2))
    GAME.apply(st, advance(st, to=(14, 27)), ctx)
    assert [ev.rule for ev in ctx.events if ev.kind == "test"] == ["GUTS-MOVE"]
    assert e.x == 15.0


# ------------------------------------------------------------------ GUTS-PRESS
@pytest.mark.parametrize("dice, y, status, guts", [
    ((1, 1), 29.0, OK, 7),       # critical success: ignores the result and goes on (2")
    ((3, 2), 27.0, HTD, 7),      # success: stays hit the dirt
    ((5, 3), 27.0, GTG, 7),      # failure: gone to ground
    ((6, 6), 27.0, PINNED, 6),   # critical failure: a casualty and pinned
])
def test_press_on(bare, dice, y, status, guts) -> None:
    st, e = setup_muf()
    GAME.apply(st, advance(st), Dice((3, 2)))
    assert st.phase == "press-on"
    assert GAME.legal_actions(st) == [{"type": "press-on", "team": "rifle-1a"},
                                      {"type": "stay-down", "team": "rifle-1a"}]
    ctx = Dice(dice)
    GAME.apply(st, {"type": "press-on", "team": "rifle-1a"}, ctx)
    assert ctx.done() and st.phase == "orders"
    assert (e.y, e.status, e.guts) == (y, status, guts)
    assert e.pressing_on == (status == OK)


def test_stay_down_keeps_hit_the_dirt(bare) -> None:
    st, e = setup_muf()
    GAME.apply(st, advance(st), Dice((3, 2)))
    GAME.apply(st, {"type": "stay-down", "team": "rifle-1a"}, Dice())
    assert e.status == HTD and st.phase == "orders"


# ------------------------------------------------------------------ GUTS-MOD
def test_platoon_leader_minus_two_and_takes_the_casualty(bare) -> None:
    st, e = setup_muf("pl")
    pl = place(st, "pl", 31.7, 27)
    # 2-2 = 4, -2 leader +1 effective = 3: a critical success (moves 4); the leader goes too
    ctx = Dice((2, 2))
    GAME.apply(st, advance(st, leader="pl"), ctx)
    assert ctx.tests()[0]["mod"] == -1
    assert e.y == 31.0 and pl.y == 31.0 and pl.acted
    # next turn: a critical failure with the leader's modifier costs the leader, not the team
    st2, e2 = setup_muf("pl")
    place(st2, "pl", 31.7, 27)
    GAME.apply(st2, advance(st2, leader="pl"), Dice((6, 6)))
    assert st2.elements["pl"].out and e2.guts == 7 and e2.status == GTG


def test_squad_leader_minus_one(bare) -> None:
    st, e = setup_muf("sl-1")
    place(st, "sl-1", 31.5, 27)
    ctx = Dice((4, 3))          # 7 -1 +1 = 7: success (hit the dirt) instead of failure
    GAME.apply(st, advance(st, leader="sl-1"), ctx)
    assert ctx.tests()[0]["mod"] == 0 and e.status == HTD
    assert st.elements["sl-1"].status == HTD      # the leader shares the result


def test_platoon_sergeant_counts_as_a_squad_leader(bare) -> None:
    st, e = setup_muf("psgt")
    place(st, "psgt", 31.5, 27)
    ctx = Dice((4, 3))
    GAME.apply(st, advance(st, leader="psgt"), ctx)
    assert ctx.tests()[0]["mod"] == 0


def test_bar_covering_fire_minus_two_and_covered_rate(bare) -> None:
    st, e = setup_muf("bar-1")
    place(st, "bar-1", 38, 30)       # 8.5" from the gun: in effective range, not close
    ctx = Dice((3, 2))               # 5 -1 (one BAR) = 4: success
    GAME.apply(st, {"type": "cover", "teams": ["bar-1"], "mover": "rifle-1a", "gun": "mg-1"}, ctx)
    assert e.covers[0].rate == 7 and e.covers[0].bar
    ctx = Dice((5, 3))               # 8 -2 (BAR cover) +1 (effective) = 7: moves at the covered rate
    GAME.apply(st, advance(st, to=(30, 20)), ctx)
    assert ctx.tests()[0]["mod"] == -1
    assert e.y == 20.0 and e.status == OK
    st, e = setup_muf("bar-1")
    place(st, "bar-1", 38, 30)
    GAME.apply(st, {"type": "cover", "teams": ["bar-1"], "mover": "rifle-1a", "gun": "mg-1"}, Dice((3, 2)))
    GAME.apply(st, advance(st, to=(30, 15)), Dice((5, 3)))
    assert e.y == 20.0               # the covered rate is the mover's GUTS, 7"


def test_the_closest_band_a_move_passes_through_counts(bare) -> None:
    st, e = setup_muf()
    ctx = Dice((3, 2))
    GAME.apply(st, advance(st, to=(30, 34)), ctx)   # its aim point is inside the close band
    assert ctx.tests()[0]["mod"] == 2


def test_effective_range_plus_one_and_long_range_nothing(bare) -> None:
    st, e = setup_muf(y=20.0)        # 19.5" away: long range
    ctx = Dice((4, 3))
    GAME.apply(st, advance(st, to=(30, 22)), ctx)
    assert ctx.tests()[0]["mod"] == 0 and e.status == HTD   # 7 at GUTS 7: no +1, so a success


def test_hmg_close_range_plus_two(bare) -> None:
    st, e = setup_muf(y=33.0)        # 6.5" away: close range
    ctx = Dice((3, 2))               # 5 + 2 = 7: still a success (hit the dirt)
    GAME.apply(st, advance(st, to=(30, 38)), ctx)
    assert ctx.tests()[0]["mod"] == 2 and e.status == HTD
    st, e = setup_muf(y=33.0)
    ctx = Dice((4, 2))               # 6 + 2 = 8: failure
    GAME.apply(st, advance(st, to=(30, 38)), ctx)
    assert e.status == GTG


def test_lmg_close_range_plus_one(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    add_gun(st, "mg-1", "lmg", *GUN, heading=270)
    place(st, "rifle-1a", 30, 35)    # 4.5" away: the light gun's close band
    ctx = Dice((3, 2))
    GAME.apply(st, advance(st, to=(30, 38)), ctx)
    assert ctx.tests()[0]["mod"] == 1


# ------------------------------------------------------------------ GUTS-HALT
@pytest.mark.parametrize("before, dice, after, guts", [
    (GTG, (1, 1), HTD, 7),          # critical success: gone to ground back to hit the dirt
    (HTD, (1, 1), HTD, 7),
    (HTD, (3, 2), HTD, 7),          # success: nothing
    (HTD, (4, 3), GTG, 7),          # failure: hit the dirt -> gone to ground
    (GTG, (4, 3), PINNED, 7),       # gone to ground -> pinned
    (PINNED, (4, 3), PINNED, 6),    # pinned: loses GUTS (our reading of "as below")
    (HTD, (4, 4), GTG, 6),          # critical failure: worse and -1 GUTS
    (HTD, (6, 6), GTG, 5),          # ... and 6-6 a casualty on top
])
def test_halted_in_a_cone(bare, before, dice, after, guts) -> None:
    st, e = setup_muf()
    e.status = before
    ctx = Dice(dice)
    R.halted_tests(st, ctx)
    assert ctx.done() and ctx.tests()[0]["mod"] == 1
    assert (e.status, e.guts) == (after, guts)


def test_no_test_outside_a_cone_or_when_standing(bare) -> None:
    st, e = setup_muf()
    R.halted_tests(st, Dice())        # standing in the cone (never halted): no test
    e.status = GTG
    place(st, "rifle-1a", 10, 27)
    R.halted_tests(st, Dice())        # halted outside every cone: no test


# ------------------------------------------------------------------ GUTS-XFIRE
def test_overlapping_cones_test_separately(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    add_gun(st, "mg-1", "hmg", 28.5, 40, heading=270)
    add_gun(st, "mg-2", "hmg", 31.5, 40, heading=270)
    e = place(st, "rifle-1a", 30, 27)
    e.status = HTD
    ctx = Dice((3, 2), (4, 3))
    R.halted_tests(st, ctx)
    assert ctx.done() and e.status == GTG
    # a move in both cones: two tests, the worse result stands
    st.elements["rifle-1a"].status = OK
    ctx = Dice((2, 2), (3, 2))
    GAME.apply(st, advance(st), ctx)
    assert ctx.done() and e.status == HTD and e.y == 27


def test_one_move_or_fire_a_turn(bare) -> None:
    st, e = setup_muf()
    place(st, "rifle-1a", 15, 27)
    GAME.apply(st, advance(st, to=(10, 27)), Dice((2, 1)))
    ill = GAME.check(st, {"type": "advance", "team": "rifle-1a", "to": [10, 20]})
    assert ill is not None and ill.rule == "GUTS-XFIRE"


# ------------------------------------------------------------------ GUTS-LEAVE / GUTS-HTD
def test_only_gone_to_ground_troops_leave_cover(bare) -> None:
    st, e = setup_muf()
    e.status = GTG
    ill = GAME.check(st, {"type": "advance", "team": "rifle-1a", "to": [30, 30]})
    assert ill.rule == "GUTS-LEAVE"
    e.status = HTD
    ill = GAME.check(st, {"type": "leave-cover", "team": "rifle-1a", "to": [30, 30]})
    assert ill.rule == "GUTS-LEAVE"
    e.status = PINNED
    assert GAME.check(st, {"type": "leave-cover", "team": "rifle-1a", "to": [30, 30]}).rule == "GUTS-LEAVE"


def test_hit_the_dirt_may_fire_gone_to_ground_may_not(bare) -> None:
    st, e = setup_muf("bar-1")
    bar = place(st, "bar-1", 38, 30, status=HTD)
    acts = GAME.legal_actions(st)
    assert {"type": "silence", "team": "bar-1", "gun": "mg-1"} in acts
    bar.status = GTG
    assert not [a for a in GAME.legal_actions(st) if a.get("team") == "bar-1" and a["type"] == "silence"]
    assert not [a for a in GAME.legal_actions(st) if a["type"] == "cover" and "bar-1" in a["teams"]]


def test_leave_cover_outside_a_cone_minus_three_then_moves(bare) -> None:
    st, e = setup_muf()
    place(st, "rifle-1a", 15, 27, status=GTG)
    ctx = Dice((6, 4), (1, 2))       # 10 - 3 = 7: up; then an ordinary move of 3
    GAME.apply(st, {"type": "leave-cover", "team": "rifle-1a", "to": [15, 20]}, ctx)
    assert ctx.done() and ctx.tests()[0]["mod"] == -3
    assert (e.status, e.y) == (OK, 24.0)


def test_leave_cover_failure_outside_a_cone_costs_guts_only(bare) -> None:
    st, e = setup_muf()
    place(st, "rifle-1a", 15, 27, status=GTG)
    GAME.apply(st, {"type": "leave-cover", "team": "rifle-1a", "to": [15, 20]}, Dice((6, 5)))
    assert (e.status, e.guts, e.y) == (GTG, 6, 27)


def test_leave_cover_failure_in_a_cone_pins(bare) -> None:
    st, e = setup_muf()
    e.status = GTG
    ctx = Dice((5, 3))               # no -3 inside a cone: 8 fails
    GAME.apply(st, {"type": "leave-cover", "team": "rifle-1a", "to": [30, 31]}, ctx)
    assert ctx.tests()[0]["mod"] == 0
    assert (e.status, e.guts) == (PINNED, 6)


def test_leave_cover_leader_modifiers(bare) -> None:
    st, e = setup_muf("pl")
    e.status = GTG
    place(st, "pl", 31.5, 27)
    ctx = Dice((5, 3), (3, 2))       # 8 - 2 = 6: up; then moving under fire, 5 - 2 + 1: hit the dirt
    GAME.apply(st, {"type": "leave-cover", "team": "rifle-1a", "to": [30, 31], "leader": "pl"}, ctx)
    assert [t["mod"] for t in ctx.tests()] == [-2, -1]
    assert e.status == HTD


# ------------------------------------------------------------------ GUTS-LEAD
def test_leadership_is_optional_and_blocked_when_pinned_or_gone_to_ground(bare) -> None:
    st, e = setup_muf("sl-1")
    sl = place(st, "sl-1", 31.5, 27)
    acts = [a for a in GAME.legal_actions(st) if a.get("team") == "rifle-1a" and a["type"] == "advance"]
    assert any(a.get("leader") == "sl-1" for a in acts) and any("leader" not in a for a in acts)
    for bad in (GTG, PINNED):
        sl.status = bad
        ill = GAME.check(st, {"type": "advance", "team": "rifle-1a", "to": [30, 30], "leader": "sl-1"})
        assert ill is not None and ill.rule == "GUTS-LEAD"
    sl.status = OK
    place(st, "sl-1", 36, 27)        # 3" away: not with the team
    ill = GAME.check(st, {"type": "advance", "team": "rifle-1a", "to": [30, 30], "leader": "sl-1"})
    assert ill.rule == "GUTS-D-WITH"


def test_leader_lends_once_a_turn(bare) -> None:
    st, e = setup_muf("sl-1", "rifle-1b")
    place(st, "rifle-1a", 15, 27)
    place(st, "sl-1", 16.5, 27)
    place(st, "rifle-1b", 18, 27)
    GAME.apply(st, advance(st, to=(10, 27), leader="sl-1"), Dice((2, 1)))
    ill = GAME.check(st, {"type": "advance", "team": "rifle-1b", "to": [40, 27], "leader": "sl-1"})
    assert ill is not None and ill.rule == "GUTS-LEAD"


# ------------------------------------------------------------------ GUTS-NAT
@pytest.mark.parametrize("dice, natural, guts", [((2, 2), True, 7), ((3, 2), False, 7),
                                                 ((5, 3), False, 6), ((5, 5), False, 5)])
def test_natural_leader(bare, dice, natural, guts) -> None:
    st = fresh("army")
    bench(st, "pl", "rifle-2a", "rifle-2b")
    pl = place(st, "pl", 30, 20)
    near = place(st, "rifle-2a", 31, 22)
    place(st, "rifle-2b", 40, 22)
    add_gun(st, "mg-9", "hmg", 5, 58, heading=90)   # out of reach: the game goes on
    R.remove(st, Dice(), pl, "hit", "GUTS-LEAD")
    assert st.pl_fell_at == [30, 20]
    ctx = Dice(dice)
    R.end_turn(st, ctx)
    assert ctx.done() and near.natural_leader == natural and near.guts == guts
    ctx = Dice()
    R.end_turn(st, ctx)             # a one-off test
    assert ctx.done()


def test_natural_leader_can_rally_but_lends_no_modifier(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-2a", "rifle-2b")
    n = place(st, "rifle-2a", 30, 20, natural_leader=True)
    place(st, "rifle-2b", 32, 20, status=PINNED)
    assert {"type": "rally", "leader": "rifle-2a", "team": "rifle-2b"} in GAME.legal_actions(st)
    assert R.lead_problem(st, n, st.elements["rifle-2b"]) is not None


# ------------------------------------------------------------------ GUTS-RALLY
@pytest.mark.parametrize("dice, after", [((4, 3), HTD), ((4, 4), HTD), ((5, 4), PINNED)])
def test_rally(bare, dice, after) -> None:
    st = fresh("army")
    bench(st, "sl-1", "rifle-1a")
    place(st, "sl-1", 30, 20)
    e = place(st, "rifle-1a", 31.5, 21, status=PINNED)
    ctx = Dice(dice)                 # -1 to the leader's throw against his own GUTS 7
    GAME.apply(st, {"type": "rally", "leader": "sl-1", "team": "rifle-1a"}, ctx)
    assert ctx.tests()[0]["mod"] == -1 and ctx.tests()[0]["guts"] == 7
    assert e.status == after and e.acted


def test_rally_needs_the_leader_there_and_a_shaken_team(bare) -> None:
    st = fresh("army")
    bench(st, "sl-1", "rifle-1a")
    place(st, "sl-1", 30, 20)
    e = place(st, "rifle-1a", 36, 20, status=GTG)
    assert GAME.check(st, {"type": "rally", "leader": "sl-1", "team": "rifle-1a"}).rule == "GUTS-RALLY"
    place(st, "rifle-1a", 31.5, 20, status=HTD)
    assert GAME.check(st, {"type": "rally", "leader": "sl-1", "team": "rifle-1a"}).rule == "GUTS-RALLY"
    e.status = GTG
    assert GAME.check(st, {"type": "rally", "leader": "sl-1", "team": "rifle-1a"}) is None
    ill = GAME.check(st, {"type": "rally", "leader": "rifle-1a", "team": "rifle-1a"})
    assert ill.rule == "GUTS-RALLY"   # a team is no leader


def test_leader_rallies_himself(bare) -> None:
    st = fresh("army")
    bench(st, "sl-1")
    sl = place(st, "sl-1", 30, 20, status=PINNED)
    GAME.apply(st, {"type": "rally", "leader": "sl-1", "team": "sl-1"}, Dice((3, 2)))
    assert sl.status == HTD
