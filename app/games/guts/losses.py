"""What fire and fighting cost: GUTS lost, casualties, elements out of the fight, guns worn
down, silenced or knocked out (GUTS-CAS, GUTS-OUT).
"""

from __future__ import annotations

from app.engine.game import Context
from app.games.guts import roll
from app.games.guts.state import Element, Gun, GutsState, OK


# =========================================================================== losses
def lose_guts(state: GutsState, ctx: Context, e: Element, n: int, why: str, rule: str,
              casualty: bool = False) -> None:
    if n <= 0 or e.out:
        return
    e.guts = max(0, e.guts - n)
    if casualty:
        e.casualties += n
    ctx.log(f"{e.name} loses {n} GUTS ({why}): now {e.guts}", rule, kind="loss", element=e.id, guts=e.guts)
    check_element(state, ctx, e)


def check_element(state: GutsState, ctx: Context, e: Element) -> None:
    """GUTS-WD: fall back at the withdrawal level, leave play at 0."""
    if e.out:
        return
    if e.guts <= 0:
        remove(state, ctx, e, "GUTS 0: takes no further part", "GUTS-WD")
    elif e.guts <= int(roll.D().common["withdraw_at"]) and not e.withdrawing:
        e.withdrawing = True
        e.status = OK
        ctx.log(f"{e.name} is down to GUTS {e.guts} and falls back", "GUTS-WD", kind="withdraw", element=e.id)
        if e.role == "platoon-leader":
            platoon_leader_lost(state, ctx, e)


def remove(state: GutsState, ctx: Context, e: Element, why: str, rule: str) -> None:
    if e.out:
        return
    e.out = True
    e.out_reason = why
    ctx.log(f"{e.name} is out of the fight: {why}", rule, kind="removed", element=e.id)
    if e.role == "platoon-leader" and not e.withdrawing:
        platoon_leader_lost(state, ctx, e)


def platoon_leader_lost(state: GutsState, ctx: Context, e: Element) -> None:
    if not state.natural_tested and state.pl_fell_at is None:
        state.pl_fell_at = [e.x, e.y]
        ctx.log("The platoon has lost its leader; a natural leader may step forward next turn", "GUTS-NAT")


def casualties(state: GutsState, ctx: Context, team: Element, leader: Element | None, n: int, rule: str) -> None:
    """GUTS-LEAD: when a leader lent his modifier, the casualty is his. GUTS-D-CAS: a casualty
    on a team costs it GUTS; on a leader it takes him out (data)."""
    for _ in range(n):
        if leader is not None and not leader.out:
            leader.casualties += 1
            if roll.D().common["leader_casualty"] == "out":
                ctx.log(f"{leader.name} is hit leading {team.name}", "GUTS-LEAD", kind="casualty", element=leader.id)
                remove(state, ctx, leader, "hit while leading", "GUTS-LEAD")
            else:
                lose_guts(state, ctx, leader, int(roll.D().common["casualty_guts"]), "casualty while leading", "GUTS-LEAD")
        else:
            ctx.log(f"{team.name} takes a casualty", rule, kind="casualty", element=team.id)
            lose_guts(state, ctx, team, int(roll.D().common["casualty_guts"]), "casualty", rule, casualty=True)


def gun_loses(state: GutsState, ctx: Context, g: Gun, n: int, rule: str) -> None:
    g.guts = max(0, g.guts - n)
    ctx.log(f"{g.name} ({g.id}) loses {n} GUTS: now {g.guts}", rule, kind="loss", gun=g.id, guts=g.guts)
    if g.guts <= 0:
        gun_out(ctx, g, "crew wiped out", "GUTS-WD")
    elif g.guts <= int(roll.D().common["withdraw_at"]):
        gun_out(ctx, g, "crew pulls out", "GUTS-WD")


def gun_out(ctx: Context, g: Gun, how: str, rule: str) -> None:
    if g.status == "out":
        return
    g.status = "out"
    g.how = how
    ctx.log(f"{g.name} ({g.id}) is knocked out: {how}", rule, kind="gun-out", gun=g.id)


def silence(ctx: Context, g: Gun, how: str, rule: str) -> None:
    if g.status != "active":
        return
    g.status = "silenced"
    g.how = how
    ctx.log(f"{g.name} ({g.id}) is silenced ({how}); its cone is lifted", rule, kind="silenced", gun=g.id)
