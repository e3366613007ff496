"""Fighting the guns: the assault order, silencing by BAR, rockets and grenades, the bayonet
follow-up, covering fire and rallying (GUTS-ASLT, GUTS-SIL-*, GUTS-COVER, GUTS-RALLY).
"""

from __future__ import annotations

from app.engine.game import Context
from app.games.guts import roll
from app.games.guts.fire import dist_to_gun, fire_on, is_with
from app.games.guts.losses import casualties, gun_loses, gun_out, lose_guts, remove, silence
from app.games.guts.moving import assault_point, begin_move, carry_out, do_advance, leave_tests
from app.games.guts.roll import (
    CRIT_FAIL,
    CRIT_SUCCESS,
    FAIL,
    MOD_COVER_BAR_CLOSE,
    MOD_COVER_PER_BAR,
    MOD_COVER_PL_DIRECTS,
    MOD_COVER_RIFLE_LEADER,
    MOD_FOLLOW_UP,
    MOD_RALLY,
    MOD_SIL_CLOSE,
    MOD_SIL_LEADER,
    MOD_SIL_NOT_UNDER_FIRE,
    SUCCESS,
    gtest,
)
from app.games.guts.state import BAR, Cover, Element, GTG, GutsState, HTD, PINNED, Pending, RIFLE


# =========================================================================== fighting the guns


def assault(state: GutsState, ctx: Context, e: Element, gid: str, leader: Element | None) -> None:
    begin_move(state, e, leader)
    do_advance(state, ctx, e, (e.x, e.y), leader, gun=gid)


def bar_silence(state: GutsState, ctx: Context, e: Element, gid: str, leader: Element | None) -> None:
    """GUTS-SIL-BAR."""
    g = state.guns[gid]
    e.acted = True
    if leader is not None:
        leader.acted = True
        leader.led = e.id
    g.engaged_by = e.id
    close = dist_to_gun(e, g) <= float(roll.D().weapon(BAR)["close"]) + 1e-9
    mods: list[tuple[int, str]] = []
    if not fire_on(state, e):
        mods.append((MOD_SIL_NOT_UNDER_FIRE, "not under fire"))
    if close:
        mods.append((MOD_SIL_CLOSE, "close range"))
    if leader is not None:
        mods.append((MOD_SIL_LEADER, "leader present"))
    r = gtest(ctx, e.name, e.guts, e.average, mods, f"fires to silence {gid}", "GUTS-SIL-BAR")
    if r.level == CRIT_FAIL:
        e.status = PINNED
        ctx.log(f"{e.name} showed itself and is pinned down", "GUTS-SIL-BAR", kind="status", element=e.id, status=PINNED)
        casualties(state, ctx, e, leader, 1, "GUTS-SIL-BAR")
        if close:
            lose_guts(state, ctx, e, 1, "caught at close range", "GUTS-SIL-BAR")
    elif r.level == FAIL:
        e.status = GTG
        ctx.log(f"{e.name} goes to ground", "GUTS-SIL-BAR", kind="status", element=e.id, status=GTG)
        lose_guts(state, ctx, e, 1, "failed to silence the gun", "GUTS-SIL-BAR")
    else:
        silence(ctx, g, f"BAR fire from {e.name}", "GUTS-SIL-BAR")
        if r.level == CRIT_SUCCESS:
            gun_loses(state, ctx, g, 2 if close else 1, "GUTS-SIL-BAR")


def rocket_silence(state: GutsState, ctx: Context, e: Element, gid: str) -> None:
    """GUTS-SIL-AT: bazooka or recoilless rifle."""
    g = state.guns[gid]
    e.acted = True
    r = gtest(ctx, e.name, e.guts, e.average, [], f"fires at {gid}", "GUTS-SIL-AT")
    if r.level == CRIT_FAIL:
        remove(state, ctx, e, "shot down as it rose to fire", "GUTS-SIL-AT")
    elif r.level == FAIL:
        e.status = GTG
        ctx.log(f"{e.name} is driven to ground by the answering fire", "GUTS-SIL-AT", kind="status", element=e.id)
        lose_guts(state, ctx, e, 1, "driven to ground", "GUTS-SIL-AT")
    elif r.level == SUCCESS:
        gun_loses(state, ctx, g, 1, "GUTS-SIL-AT")
    else:
        silence(ctx, g, f"a hit from {e.name}", "GUTS-SIL-AT")


def grenade(state: GutsState, ctx: Context, e: Element, gid: str) -> None:
    """GUTS-SIL-GREN."""
    g = state.guns[gid]
    e.acted = True
    r = gtest(ctx, e.name, e.guts, e.average, [], f"throws grenades at {gid}", "GUTS-SIL-GREN")
    if r.level == CRIT_FAIL:
        ctx.log(f"{e.name}: the man with the grenade is shot down", "GUTS-SIL-GREN")
        casualties(state, ctx, e, None, 1, "GUTS-SIL-GREN")
    elif r.level == FAIL:
        ctx.log("The grenades do no harm", "GUTS-SIL-GREN")
    elif r.level == SUCCESS:
        silence(ctx, g, f"grenades from {e.name}", "GUTS-SIL-GREN")
    else:
        gun_out(ctx, g, f"grenades from {e.name}: silenced for good", "GUTS-SIL-GREN")
        if e.kind == RIFLE and e.fighting:
            state.pending = Pending(kind="follow-up", team=e.id, gun=gid)
            state.phase = "follow-up"


def follow_up(state: GutsState, ctx: Context, e: Element) -> None:
    """GUTS-SIL-GREN: a bayonet follow-up is a leave-cover test with a further -2."""
    p = state.pending
    assert p is not None
    state.pending = None
    state.phase = "orders"
    g = state.guns[p.gun]
    fires = fire_on(state, e)
    if leave_tests(state, ctx, e, None, fires, [(MOD_FOLLOW_UP, "bayonet follow-up")], "follows up with the bayonet"):
        carry_out(state, ctx, e, None, assault_point(e, g), 1e9, "GUTS-SIL-GREN", skip_gun=g.id)


def cover(state: GutsState, ctx: Context, teams: list[Element], mover: Element, gid: str,
          leader: Element | None) -> None:
    """GUTS-COVER."""
    g = state.guns[gid]
    lead = teams[0]
    kind = lead.kind
    for t in teams:
        t.acted = True
    if leader is not None:
        leader.acted = True
        leader.led = next((t.id for t in teams if is_with(leader, t)), lead.id)
    mover.cover_type = kind
    mover.cover_tried.append(gid)
    mods: list[tuple[int, str]] = []
    if kind == BAR:
        g.engaged_by = lead.id
        mods.append((MOD_COVER_PER_BAR * len(teams), f"{len(teams)} covering BAR{'s' if len(teams) > 1 else ''}"))
        close = float(roll.D().weapon(BAR)["close"])
        if any(dist_to_gun(t, g) <= close + 1e-9 for t in teams):
            mods.append((MOD_COVER_BAR_CLOSE, "a BAR at close range"))
        if leader is not None:
            mods.append((MOD_COVER_PL_DIRECTS, "platoon leader directing"))
    elif leader is not None:
        mods.append((MOD_COVER_RIFLE_LEADER, "leader with the riflemen"))
    r = gtest(ctx, lead.name, lead.guts, lead.average, mods, f"covering fire on {gid} for {mover.name}", "GUTS-COVER")
    level = SUCCESS if (kind == RIFLE and r.level == CRIT_SUCCESS) else r.level
    if level == CRIT_SUCCESS:
        rate = mover.guts + r.raw
    elif level == SUCCESS:
        rate = mover.guts
    else:
        lose_guts(state, ctx, lead, 1, "covering fire failed", "GUTS-COVER")
        if level == CRIT_FAIL:
            casualties(state, ctx, lead, leader, 1, "GUTS-COVER")
        return
    mover.covers.append(Cover(gun=gid, rate=rate, bar=kind == BAR, teams=[t.id for t in teams]))
    ctx.log(f"{mover.name} may move {rate} inches under covering fire against {gid} this turn", "GUTS-COVER",
            kind="cover", element=mover.id, gun=gid, rate=rate)


def rally(state: GutsState, ctx: Context, leader: Element, team: Element) -> None:
    """GUTS-RALLY."""
    leader.acted = True
    if team.id != leader.id:
        team.acted = True
    r = gtest(ctx, leader.name, leader.guts, leader.average, [(MOD_RALLY, "rallying")],
              f"rallies {team.name if team.id != leader.id else 'himself'}", "GUTS-RALLY")
    if r.ok:
        team.status = HTD
        ctx.log(f"{team.name} is rallied: hit the dirt", "GUTS-RALLY", kind="status", element=team.id, status=HTD)
