"""The GUTS test itself, the platoons, the card set-up, movement, turning cards, aiming, withdrawal
and victory."""

from __future__ import annotations

import math

import pytest

from app.games.guts import GAME
from app.games.guts import rules as R
from app.games.guts.data import bundle, slots_of
from app.games.guts.state import GTG, HTD, OK, PINNED
from tests.guts.helpers import Dice, add_card, add_gun, bench, fresh, place


# ------------------------------------------------------------------ GUTS-TEST
@pytest.mark.parametrize("dice, mod, guts, level", [
    ([3, 4], 0, 7, R.SUCCESS),          # 7 at GUTS 7: equal is a success
    ([4, 4], 0, 8, R.CRIT_SUCCESS),     # a double at or under GUTS
    ([1, 1], 0, 7, R.CRIT_SUCCESS),
    ([5, 3], 0, 7, R.FAIL),             # over GUTS
    ([4, 4], 0, 7, R.CRIT_FAIL),        # a double over GUTS
    ([6, 6], 0, 9, R.CRIT_FAIL),
    ([5, 5], -2, 8, R.CRIT_SUCCESS),    # modifiers change the score, the double stays a double
    ([3, 2], 3, 7, R.FAIL),
])
def test_guts_test_results(dice, mod, guts, level) -> None:
    assert R.judge(dice, mod, guts) == level


def test_average_dice_and_exact_odds() -> None:
    assert R.faces(True) == (2, 3, 3, 4, 4, 5)
    for avg in (True, False):
        for guts in range(2, 13):
            assert sum(R.level_probs(guts, avg, 0).values()) == pytest.approx(1.0)
    # two ordinary dice at GUTS 7: 21 of 36 succeed, 3 of them doubles (1-1, 2-2, 3-3)
    p = R.level_probs(7, False, 0)
    assert p[R.CRIT_SUCCESS] == pytest.approx(3 / 36)
    assert p[R.SUCCESS] == pytest.approx(18 / 36)
    # average dice never roll a 1 or 6: GUTS 8 fails only on 9 (4-5, 5-4) and 10 (5-5)
    p = R.level_probs(8, True, 0)
    assert p[R.FAIL] == pytest.approx(4 / 36)
    assert p[R.CRIT_FAIL] == pytest.approx(1 / 36)


def test_tests_roll_two_dice_of_the_right_kind() -> None:
    from app.engine.game import Context
    st = GAME.setup({"id": "m", "platoon": "marines"}, {}, 3)
    ctx = Context(st.rng)
    for _ in range(30):
        R.gtest(ctx, "x", 8, True, [], "a test", "GUTS-TEST")
    rolls = [e for e in ctx.events if e.kind == "roll"]
    assert all(r.data["average"] is True and len(r.data["dice"]) == 2 for r in rolls)
    assert {f for r in rolls for f in r.data["dice"]} <= {2, 3, 4, 5}


# ------------------------------------------------------------------ GUTS-VAL
def test_platoon_values() -> None:
    m = GAME.setup({"id": "m", "platoon": "marines"}, {}, 1)
    for e in m.elements.values():
        assert e.average
        assert e.guts == (9 if e.kind in ("leader", "bazooka", "recoilless") else 8)
    a = GAME.setup({"id": "a", "platoon": "army"}, {}, 1)
    assert all(e.guts == 7 and not e.average for e in a.elements.values())
    kinds = sorted(e.kind for e in a.elements.values())
    assert kinds.count("bar") == 3 and kinds.count("rifle") == 6 and kinds.count("recoilless") == 1
    assert bundle().gun("hmg")["guts"] == 8 and bundle().gun("lmg")["guts"] == 8


# ------------------------------------------------------------------ GUTS-SET
def test_cards_are_dealt_by_the_rule() -> None:
    deck = bundle().enemy["deck"]
    slots = {xy for s in bundle().spots for xy in slots_of(s, deck["slot_spacing"])}
    for seed in range(25):
        st = GAME.setup({"id": "m", "platoon": "marines"}, {}, seed)
        cards = list(st.cards.values())
        assert len(cards) == deck["draw"] + 1
        codes = [c.rank + c.suit for c in cards]
        assert len(set(codes)) == len(codes)
        assert any(c.rank in ("J", "Q", "K") for c in cards)
        for c in cards:
            want = {"J": "hmg", "Q": "hmg", "K": "hmg", "A": "lmg"}.get(c.rank, "dummy")
            assert c.becomes == want
            assert (c.x, c.y) in slots
            near = [d for d in cards if d is not c and math.hypot(c.x - d.x, c.y - d.y) <= 4]
            assert len(near) <= 1   # no more than two cards in one place
            assert math.hypot(c.fx - c.x, c.fy - c.y) == pytest.approx(1.75)
    a = GAME.setup({"id": "m", "platoon": "marines"}, {}, 5)
    b = GAME.setup({"id": "m", "platoon": "marines"}, {}, 5)
    assert a.digest() == b.digest()


def test_placement_rule_counts_cards_within_four_inches() -> None:
    assert R.placement_ok([(0, 0)], (3, 0), 4, 2)
    assert not R.placement_ok([(0, 0), (3, 0)], (1.5, 2), 4, 2)
    assert R.placement_ok([(0, 0), (3, 0)], (10, 0), 4, 2)


def test_face_down_cards_are_hidden_from_the_player() -> None:
    st = GAME.setup({"id": "m", "platoon": "marines"}, {}, 2)
    v = GAME.view(st, "platoon")
    for c in v["cards"].values():
        assert c["revealed"] or (c["rank"], c["becomes"]) == ("", "")
    assert all(p["label"] == "?" for p in GAME.pieces(st, "platoon") if p["kind"] == "card")


# ------------------------------------------------------------------ GUTS-MOVE
@pytest.mark.parametrize("dice, y, status, guts", [
    ((2, 2), 17.0, OK, 7),      # critical success: its GUTS in inches
    ((3, 2), 15.0, OK, 7),      # success: the dice score
    ((4, 5), 10.0, HTD, 7),     # failure: hit the dirt
    ((5, 5), 10.0, HTD, 6),     # critical failure: hit the dirt and a casualty
])
def test_movement_results(bare, dice, y, status, guts) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    e = place(st, "rifle-1a", 30, 10)
    ctx = Dice(dice)
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [30, 25]}, ctx)
    assert ctx.done()
    assert (e.y, e.status, e.guts) == (y, status, guts)
    assert e.acted and e.moved
    assert (st.phase == "press-on") == (status == HTD)


def test_move_never_passes_its_aim_point(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    e = place(st, "rifle-1a", 30, 10)
    GAME.apply(st, {"type": "advance", "team": "rifle-1a", "to": [30, 12]}, Dice((2, 2)))
    assert e.y == 12


# ------------------------------------------------------------------ GUTS-REV
def test_card_turns_within_24_inches_of_its_front_edge(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    c = add_card(st, "card-1", 30, 40, becomes="hmg", rank="Q")
    e = place(st, "rifle-1a", 30, 15.4)          # near edge 15.9: 24.1" away
    R.reveal_near(st, Dice(), e)
    assert not c.revealed
    place(st, "rifle-1a", 30, 16.5)              # 23" away
    ctx = Dice()
    R.reveal_near(st, ctx, e)
    assert c.revealed and "mg-1" in st.guns
    g = st.guns["mg-1"]
    assert (g.kind, g.status, g.x, g.y) == ("hmg", "active", 30, 40)
    assert R.cone_of(g).touches(e.x, e.y, e.w, e.h)   # laid on the team that found it
    assert any(ev.kind == "reveal" for ev in ctx.events)


def test_dummy_card_is_just_turned(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    c = add_card(st, "card-1", 30, 40)
    e = place(st, "rifle-1a", 30, 20)
    R.reveal_near(st, Dice(), e)
    assert c.revealed and not st.guns


# ------------------------------------------------------------------ GUTS-AIM
def test_cone_goes_on_the_nearest_moving_target(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a", "rifle-1b")
    g = add_gun(st, "mg-1", "hmg", 30, 40, heading=270)
    a = place(st, "rifle-1a", 22, 26)     # moving, further away
    b = place(st, "rifle-1b", 36, 30)     # nearer but still
    R.aim(st, Dice(), g, movers={"rifle-1a"})
    c = R.cone_of(g)
    assert c.touches(a.x, a.y, a.w, a.h) and not c.touches(b.x, b.y, b.w, b.h)
    R.aim(st, Dice(), g, movers=set())   # nobody moved: the nearest it can see
    c = R.cone_of(g)
    assert c.touches(b.x, b.y, b.w, b.h)


def test_cone_takes_in_as_many_elements_as_it_can(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a", "rifle-1b", "rifle-2a", "rifle-2b")
    g = add_gun(st, "mg-1", "hmg", 30, 40, heading=200)
    t = place(st, "rifle-1a", 30, 28)         # the target, straight down
    r1 = place(st, "rifle-1b", 32.6, 20)      # two off to the right, reachable together with it
    r2 = place(st, "rifle-2a", 33.4, 17)
    l1 = place(st, "rifle-2b", 24.5, 20)      # one off to the left
    R.aim(st, Dice(), g, movers={"rifle-1a"})
    c = R.cone_of(g)
    inside = {e.id for e in (t, r1, r2, l1) if c.touches(e.x, e.y, e.w, e.h)}
    assert inside == {"rifle-1a", "rifle-1b", "rifle-2a"}


def test_a_bar_firing_on_the_gun_draws_its_cone(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a", "bar-1")
    g = add_gun(st, "mg-1", "hmg", 30, 40, heading=270)
    place(st, "rifle-1a", 30, 30)
    bar = place(st, "bar-1", 20, 32)
    g.engaged_last = "bar-1"
    R.aim(st, Dice(), g, movers={"rifle-1a"}, answer=g.engaged_last)
    assert R.cone_of(g).touches(bar.x, bar.y, bar.w, bar.h)


def test_turn_start_lays_cones_on_last_turns_movers_and_bar(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a", "bar-1")
    g = add_gun(st, "mg-1", "hmg", 30, 40, heading=270)
    mover = place(st, "rifle-1a", 22, 28)
    bar = place(st, "bar-1", 38, 31)
    mover.moved = True
    R.end_turn(st, Dice())
    assert R.cone_of(g).touches(mover.x, mover.y, mover.w, mover.h)
    g.engaged_by = "bar-1"
    R.end_turn(st, Dice())
    assert R.cone_of(g).touches(bar.x, bar.y, bar.w, bar.h)


# ------------------------------------------------------------------ GUTS-WD
def test_withdraw_at_three_and_removed_at_zero(bare) -> None:
    st = fresh("army")
    e = place(st, "rifle-1a", 30, 20)
    R.lose_guts(st, Dice(), e, 3, "test", "GUTS-WD")
    assert e.guts == 4 and not e.withdrawing
    R.lose_guts(st, Dice(), e, 1, "test", "GUTS-WD")
    assert e.withdrawing and not e.out
    assert GAME.check(st, {"type": "advance", "team": "rifle-1a", "to": [30, 22]}) is not None
    R.withdraw_step(st, Dice())
    assert e.y == 14.0
    f = place(st, "rifle-1b", 30, 20)
    R.lose_guts(st, Dice(), f, 7, "test", "GUTS-WD")
    assert f.out and f.guts == 0


def test_withdrawing_team_leaves_at_the_table_edge(bare) -> None:
    st = fresh("army")
    e = place(st, "rifle-1a", 30, 4, guts=3, withdrawing=True)
    R.withdraw_step(st, Dice())
    assert e.out


def test_gun_crew_pulls_out_at_three(bare) -> None:
    st = fresh("army")
    g = add_gun(st, "mg-1", "hmg", 30, 40, guts=4)
    R.gun_loses(st, Dice(), g, 1, "GUTS-SIL-AT")
    assert g.status == "out"


# ------------------------------------------------------------------ GUTS-D-VIC
def test_win_when_every_card_is_turned_and_no_gun_fires(bare) -> None:
    st = fresh("army")
    add_card(st, "card-9", 10, 50)
    g = add_gun(st, "mg-1", "hmg", 30, 40)
    R.end_turn(st, Dice())
    assert not st.result
    st.cards["card-9"].revealed = True
    R.end_turn(st, Dice())
    assert not st.result          # the gun still fires
    g.status = "silenced"
    R.end_turn(st, Dice())
    assert st.result == "win"
    assert GAME.outcome(st).winner == "platoon"


def test_loss_when_the_platoon_breaks(bare) -> None:
    st = fresh("army")
    add_gun(st, "mg-1", "hmg", 30, 40)
    teams = [e for e in st.elements.values() if e.kind != "leader"]
    for e in teams[: len(teams) - st.break_below + 1]:
        e.out = True
    R.check_break(st, Dice())
    assert st.result == "loss" and GAME.outcome(st).winner is None


def test_loss_when_time_runs_out(bare) -> None:
    st = fresh("army", turns=2)
    add_gun(st, "mg-1", "hmg", 30, 40)
    R.end_turn(st, Dice())
    assert st.turn == 2 and not st.result
    R.end_turn(st, Dice())
    assert st.result == "loss" and "time" in st.reason


def test_statuses_are_ordered() -> None:
    assert [OK, HTD, GTG, PINNED] == sorted([PINNED, OK, GTG, HTD], key=lambda s: {OK: 0, HTD: 1, GTG: 2, PINNED: 3}[s])
