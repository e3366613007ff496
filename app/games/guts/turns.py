"""The turn sequence: the start of a turn, falling back, the natural leader, halted troops,
the platoon's break and the end of a turn (GUTS-TURN, GUTS-BREAK).
"""

from __future__ import annotations

from app.engine.game import Context
from app.games.guts import roll
from app.games.guts.fire import active_guns, aim, band_mod, fighting, fighting_teams, fire_on
from app.games.guts.geometry import rect_point_distance
from app.games.guts.losses import casualties, lose_guts, remove
from app.games.guts.roll import CRIT_FAIL, CRIT_SUCCESS, FAIL, gtest
from app.games.guts.state import GTG, GutsState, HTD, PINNED


# =========================================================================== turn sequence
def start_turn(state: GutsState, ctx: Context) -> None:
    """GUTS-D-TURN: falling back, the natural-leader test, guns re-laid, then the tests for
    troops lying in cones."""
    ctx.log(f"Turn {state.turn} begins", "GUTS-D-TURN", kind="turn", turn=state.turn)
    withdraw_step(state, ctx)
    if state.pl_fell_at is not None and not state.natural_tested:
        natural_leader_test(state, ctx)
    movers = {e.id for e in fighting(state) if e.moved_last}
    for g in active_guns(state):
        aim(state, ctx, g, movers, answer=g.engaged_last)
    halted_tests(state, ctx)
    check_break(state, ctx)


def withdraw_step(state: GutsState, ctx: Context) -> None:
    step = float(roll.D().common["withdraw_inches"])
    for e in state.elements.values():
        if e.out or not e.withdrawing:
            continue
        e.y = e.y - step
        if e.y - e.h / 2.0 <= 0:
            e.y = e.h / 2.0
            remove(state, ctx, e, "fell back off the table", "GUTS-WD")
        else:
            ctx.log(f"{e.name} falls back {step:g} inches", "GUTS-WD", element=e.id)


def natural_leader_test(state: GutsState, ctx: Context) -> None:
    """GUTS-NAT: the nearest team to where the platoon leader fell tests once."""
    at = state.pl_fell_at or [0.0, 0.0]
    state.natural_tested = True
    state.pl_fell_at = None
    teams = fighting_teams(state)
    if not teams:
        return
    t = min(teams, key=lambda e: (rect_point_distance(e.x, e.y, e.w, e.h, (at[0], at[1])), e.id))
    r = gtest(ctx, t.name, t.guts, t.average, [], "does a natural leader step forward?", "GUTS-NAT")
    if r.level == CRIT_SUCCESS:
        t.natural_leader = True
        ctx.log(f"A natural leader emerges in {t.name}", "GUTS-NAT", kind="natural-leader", element=t.id)
    elif r.level == FAIL:
        lose_guts(state, ctx, t, 1, "no one takes charge", "GUTS-NAT")
    elif r.level == CRIT_FAIL:
        lose_guts(state, ctx, t, 2, "no one takes charge", "GUTS-NAT")


def halted_tests(state: GutsState, ctx: Context) -> None:
    """GUTS-HALT (and GUTS-XFIRE: once for each cone)."""
    for e in list(state.elements.values()):
        if not e.fighting or e.status not in (HTD, GTG, PINNED):
            continue
        for f in fire_on(state, e):
            if not e.fighting:
                break
            mods = [m for m in [band_mod(state, f)] if m]
            r = gtest(ctx, e.name, e.guts, e.average, mods, f"lying under fire from {f.gun}", "GUTS-HALT")
            if r.level == CRIT_SUCCESS:
                if e.status == GTG:
                    e.status = HTD
                    ctx.log(f"{e.name} steadies: back to hit the dirt", "GUTS-HALT", element=e.id)
            elif r.level in (FAIL, CRIT_FAIL):
                if e.status == HTD:
                    e.status = GTG
                    ctx.log(f"{e.name} goes to ground", "GUTS-HALT", element=e.id)
                elif e.status == GTG:
                    e.status = PINNED
                    ctx.log(f"{e.name} is pinned", "GUTS-HALT", element=e.id)
                elif e.status == PINNED and r.level == FAIL:
                    lose_guts(state, ctx, e, 1, "pinned under fire", "GUTS-D-PINFAIL")
                if r.level == CRIT_FAIL:
                    lose_guts(state, ctx, e, 1, "critical failure under fire", "GUTS-HALT")
                    if r.dice == [6, 6]:
                        casualties(state, ctx, e, None, 1, "GUTS-HALT")


def check_break(state: GutsState, ctx: Context) -> None:
    if state.result:
        return
    n = len(fighting_teams(state))
    if n < state.break_below:
        state.result = "loss"
        state.reason = f"the platoon breaks: only {n} teams still fighting"
        state.result_rule = "GUTS-D-VIC"
        ctx.log(state.reason, "GUTS-D-VIC", kind="outcome")


def end_turn(state: GutsState, ctx: Context) -> None:
    ctx.log(f"Turn {state.turn} ends", "GUTS-D-TURN", kind="turn")
    need_all = bool(roll.D().enemy.get("victory", {}).get("require_all_revealed", True))
    all_turned = all(c.revealed for c in state.cards.values())
    if (all_turned or not need_all) and not active_guns(state):
        state.result = "win"
        state.reason = "every enemy position is cleared and no machine gun is firing"
        state.result_rule = "GUTS-D-VIC"
        ctx.log(state.reason, "GUTS-D-VIC", kind="outcome")
        return
    if state.turn >= state.turns:
        state.result = "loss"
        state.reason = f"the attack ran out of time after turn {state.turn}"
        state.result_rule = "GUTS-D-VIC"
        ctx.log(state.reason, "GUTS-D-VIC", kind="outcome")
        return
    state.turn += 1
    for e in state.elements.values():
        e.moved_last = e.moved
        e.moved = False
        e.acted = False
        e.pressing_on = False
        e.led = ""
        e.covers = []
        e.cover_type = ""
        e.cover_tried = []
    for g in state.guns.values():
        g.engaged_last = g.engaged_by
        g.engaged_by = ""
    state.last_move = None
    start_turn(state, ctx)
