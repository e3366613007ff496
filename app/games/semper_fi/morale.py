"""Morale (C7): the morale check, suppression and paralysis, step-loss-yield-retreat (with the
Marine fallback choice of 2.6 and the no-uphill rule of 2.3), surrender, battalion morale
(1.7c, 1.8b), and the night modifiers the module changes (2.6, 3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.game import Context
from app.games.semper_fi.data import tables
from app.games.semper_fi.sight import light
from app.games.semper_fi.state import Pending
from app.games.semper_fi.units import (bd, communist, is_marine, lose_steps, other, side_at, udef,
                                       units_of)

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def effective(state: "SFState", uid: str, extra: int = 0, assault: str = "") -> tuple[int, list[str]]:
    """Effective morale (lower is better) and the reasons. ``assault``: "attacker"/"defender"."""
    d = udef(uid)
    s = state.units[uid]
    tb = tables()["morale"]
    e = d.type.morale
    why = [f"morale {e}"]
    lost = d.type.steps - s.steps
    if lost and not (assault == "attacker" and d.type.nation == "ccf"):    # 3.3
        e += lost
        why.append(f"+{lost} steps lost")
    bm = state.battalion.get(d.battalion, 0)
    from app.games.semper_fi.breakdown import shielded
    imm = state.scen.get("battalion_morale_immune", {})
    if bm and not imm.get(d.side, False) and d.regiment not in imm.get("regiments", []) and not shielded(state, uid):
        e += bm
        why.append(f"+{bm} battalion morale")
    if light(state) == "night" and not is_marine(uid) and not communist(uid):   # 2.6, 3.2
        e += int(tb["night"])
        why.append("+1 night")
    if extra:
        e += extra
        why.append(f"+{extra}")
    if assault:
        double = True
        if is_marine(uid):
            double = False                                     # 2.6
        elif assault == "attacker" and communist(uid) and light(state) == "night":
            double = False                                     # 3.2
        if double:
            e *= int(tb["assault_multiplier"])
            why.append("doubled in assault")
    return max(1, min(e, 13)), why


def morale_result(e: int, roll: int) -> str:
    row = tables()["morale"]["rows"][max(1, min(e, 13)) - 1]
    if roll >= row["pass"]:
        return "pass"
    if roll >= row["supp"]:
        return "suppressed"
    if roll >= row["para"]:
        return "paralysed"
    if roll >= row["syr"]:
        return "syr"
    return "surrender"


def check(state: "SFState", uid: str, ctx: Context, rule: str = "C7.1", extra: int = 0,
          assault: str = "", heat: bool = False) -> str:
    """Roll a morale check for ``uid`` and apply it; returns the result word."""
    d = udef(uid)
    e, why = effective(state, uid, extra, assault)
    dice = ctx.roll(f"Morale check for {d.label} (effective morale {e}: {', '.join(why)})", rule,
                    count=2)
    res = morale_result(e, sum(dice))
    if heat and res == "surrender":
        res = "syr"                                   # 2.3: the heat causes losses, never surrender
    apply_result(state, uid, res, ctx, rule, heat=heat)
    return res


def apply_result(state: "SFState", uid: str, res: str, ctx: Context, rule: str,
                 heat: bool = False) -> None:
    s = state.units[uid]
    d = udef(uid)
    if res == "pass":
        ctx.log(f"{d.label} holds", rule, kind="morale", unit=uid, result=res)
    elif res == "suppressed":
        from app.games.semper_fi.political import trade
        if trade(state, uid, ctx):                             # 3.3
            return
        if s.morale != "paralysed":
            s.morale = "suppressed"
        ctx.log(f"{d.label} is suppressed", rule, kind="morale", unit=uid, result=res)
        from app.games.semper_fi.political import offer
        offer(state, uid)                                     # 3.3 as a choice (C7.5)
    elif res == "paralysed":
        s.morale = "paralysed"
        ctx.log(f"{d.label} is paralysed", rule, kind="morale", unit=uid, result=res)
    elif res == "syr":
        syr(state, uid, ctx, rule, heat=heat)
    else:
        ctx.log(f"{d.label} surrenders", rule, kind="morale", unit=uid, result=res)
        lose_steps(state, uid, s.steps, ctx, rule, "surrendered")


def syr(state: "SFState", uid: str, ctx: Context, rule: str = "C7.3", heat: bool = False,
        voluntary: bool = False) -> None:
    """Step-loss-yield-retreat: SYR table roll, steps lost, then the owner retreats the unit."""
    d = udef(uid)
    roll = ctx.d6(f"SYR table for {d.label}", "C7.3")
    row = next(r for r in tables()["syr"]["rows"] if r["roll"] == roll)
    lose_steps(state, uid, int(row["steps"]), ctx, "C7.3", "step-loss-yield-retreat")
    s = state.units[uid]
    if s.steps <= 0:
        return
    hexes = int(row["hexes"])
    if voluntary and is_marine(uid) and hexes < 4:
        hexes = 3                                     # 2.6: a Marine fallback of 1, 2 or 3 hexes
    if heat:
        s.morale = "paralysed"                       # 2.3: stays in the hex it tried to leave
        ctx.log(f"{d.label} stays where it is, paralysed by the heat", "2.3", kind="morale", unit=uid)
        return
    start_retreat(state, uid, hexes, ctx, voluntary)


def enemy_distance(state: "SFState", h: str, side: str) -> int:
    b = bd(state)
    foes = [state.units[u].at for u in units_of(state, other(side)) if not state.units[u].hidden]
    if not foes:
        return 99
    return min(b.grid.distance(h, f) for f in foes)


def retreat_ends(state: "SFState", uid: str, hexes: int) -> tuple[dict[str, int], bool]:
    """End hexes of legal retreats and the length of each; ``uphill_stop`` when 2.3 cut them."""
    from app.games.semper_fi.movement import forbidden, hex_cost
    b = bd(state)
    d = udef(uid)
    start = state.units[uid].at
    base = enemy_distance(state, start, d.side)
    bad = forbidden(state, d.side)
    no_uphill = bool((state.scen.get("rules") or {}).get("heat")) and is_marine(uid)     # 2.3
    marine_choice = is_marine(uid) and hexes == 3                    # 2.6
    ends: dict[str, int] = {}
    stopped = False
    frontier = [(start, (start,))]
    for step in range(1, hexes + 1):
        nxt = []
        for h, path in frontier:
            for n in b.grid.neighbours(h):
                if n in path or n in bad or side_at(state, n, other(d.side)):
                    continue
                if hex_cost(state, uid, h, n) is None:
                    continue
                if no_uphill and b.contour(n) > b.contour(h):
                    stopped = True
                    continue
                nxt.append((n, path + (n,)))
        frontier = nxt
        for h, _p in frontier:
            if (step == hexes or marine_choice) and enemy_distance(state, h, d.side) > base:
                ends.setdefault(h, step)
    if not ends and stopped:
        # 2.3: as far as it can go, then paralysed in the last hex before the climb
        return {start: 0}, True
    return ends, False


def start_retreat(state: "SFState", uid: str, hexes: int, ctx: Context, voluntary: bool = False) -> None:
    d = udef(uid)
    ends, uphill = retreat_ends(state, uid, hexes)
    if not ends:
        ctx.log(f"{d.label} has nowhere to retreat and surrenders", "C7.3", kind="morale", unit=uid)
        lose_steps(state, uid, state.units[uid].steps, ctx, "C7.3", "no retreat")
        return
    if uphill:
        state.units[uid].morale = "paralysed"
        ctx.log(f"{d.label} cannot retreat uphill in the heat and is paralysed", "2.3", kind="morale",
                unit=uid)
        return
    if len(ends) == 1 or state.in_assault:
        # inside an assault the retreat is taken at once: the longest, then farthest from the enemy
        best = max(sorted(ends), key=lambda h: (ends[h], enemy_distance(state, h, d.side)))
        finish_retreat(state, uid, best, ctx)
        return
    state.pending.insert(0, Pending("retreat", d.side, [uid], state.units[uid].at, count=hexes))


def finish_retreat(state: "SFState", uid: str, to: str, ctx: Context) -> None:
    from app.games.semper_fi.hidden import reveal_checks
    from app.games.semper_fi.sight import light as lt
    s = state.units[uid]
    d = udef(uid)
    frm = s.at
    s.at = to
    s.dug_in = False
    s.mode = "move"
    if s.morale != "paralysed":
        s.morale = "suppressed"
    ctx.log(f"{d.label} falls back from {frm} to {to}", "C7.3", kind="retreat", unit=uid, to=to)
    b = bd(state)
    if lt(state) != "night" and any(side_at(state, n, other(d.side)) for n in b.grid.neighbours(to)):
        ctx.log(f"{d.label} ends its retreat next to the enemy and is destroyed", "C7.3", kind="loss")
        lose_steps(state, uid, s.steps, ctx, "C7.3", "retreated next to the enemy")
        return
    reveal_checks(state, ctx)


def battalion_losses(state: "SFState", lost_by_unit: dict[str, int], ctx: Context) -> None:
    """C7.4: a hex that loses 4-5 steps in one fire raises its battalion's morale by 1, 6+ by 2."""
    if state.scen.get("battalion_morale_immune", {}).get("all"):
        return
    tb = tables()["battalion_morale"]
    total = sum(lost_by_unit.values())
    inc = int(tb["loss_6"]) if total >= 6 else int(tb["loss_4"]) if total >= 4 else 0
    if not inc:
        return
    for bn in sorted({udef(u).battalion for u, n in lost_by_unit.items() if n}):
        side = next(udef(u).side for u in lost_by_unit if udef(u).battalion == bn)
        imm = state.scen.get("battalion_morale_immune", {})
        if imm.get(side) or any(udef(u).regiment in imm.get("regiments", []) for u in lost_by_unit
                                if udef(u).battalion == bn):
            continue
        state.battalion[bn] = min(int(tb["max"]), state.battalion.get(bn, 0) + inc)
        ctx.log(f"Battalion morale of {bn} worsens to {state.battalion[bn]} after {total} steps lost in one fire",
                "C7.4", kind="morale", battalion=bn)


def battalion_recovery(state: "SFState", ctx: Context) -> None:
    """1.8b: on the full hour each shaken battalion rolls; at or under its value it recovers 1."""
    for bn in sorted(state.battalion):
        v = state.battalion[bn]
        from app.games.semper_fi.breakdown import may_recover
        if v <= 0 or not may_recover(state, bn):                  # 7.1: no recovery after the breakdown
            continue
        r = ctx.d6(f"Battalion morale recovery for {bn} (now {v})", "1.8b")
        if r <= v:
            state.battalion[bn] = v - 1
            ctx.log(f"Battalion {bn} recovers to {v - 1}", "1.8b", kind="morale")
