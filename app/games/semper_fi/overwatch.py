"""Overwatch (C6.3): a revealed enemy that enters a hex, or fires, in view of a fire-mode unit
without a Fired marker lets the other side fire at once; the mover may answer one firing hex
(return fire). Aircraft (2.2e) and nominal mortars (3.4, up to 3) may answer a trigger as the
only fire allowed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi import air, fire, hidden, indirect
from app.games.semper_fi.data import US, tables
from app.games.semper_fi.sight import spotting_range
from app.games.semper_fi.state import Pending
from app.games.semper_fi.units import bd, other, side_at, udef, units_of, values

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def can_overwatch(state: "SFState", uid: str) -> bool:
    s = state.units[uid]
    t = udef(uid).type
    from app.games.semper_fi.onmap import direct_ok
    return (s.mode == "fire" and not s.fired and s.morale != "paralysed" and not t.indirect
            and (t.fire.area > 0 or t.fire.point > 0) and direct_ok(state, uid))


def stack_options(state: "SFState", side: str, target: str) -> list[str]:
    """Hexes of ``side`` whose overwatch-ready units see and reach ``target``."""
    b = bd(state)
    enemy = other(side)
    if not fire.area_target_ok(state, target, enemy):
        return []
    out = []
    for h in sorted({state.units[u].at for u in units_of(state, side)}):
        if h == target or h in state.overwatched:
            continue
        ready = [u for u in side_at(state, h, side) if can_overwatch(state, u)]
        if not ready:
            continue
        fp, used = fire.firepower(state, ready, target)
        if fp <= 0:
            continue
        if fire.spotted(state, [h], target, enemy):
            out.append(h)
    return out


def air_option(state: "SFState", target: str) -> bool:
    """2.2e: aircraft see movement triggers as if 3 hexes away."""
    if not state.air:
        return False
    b = bd(state)
    if spotting_range(state, b, target) < int(tables()["spotting_mods"]["air_range"]):
        return False
    return target in air.targets(state)


def options(state: "SFState", p: Pending) -> list[dict[str, Any]]:
    side = p.side
    t = p.hex
    out: list[dict[str, Any]] = []
    for h in stack_options(state, side, t):
        out.append({"type": "overwatch", "from": h, "at": t})
    if not state.overwatched:
        if side == US and air_option(state, t):
            out.append({"type": "overwatch-air", "at": t})
        for pool in indirect.pools(state, side):
            n = indirect.pool_ready(state, pool)
            if n > 0 and t in indirect.pool_targets(state, pool):
                for k in range(1, min(3, n) + 1):
                    out.append({"type": "overwatch-mortar", "pool": pool["id"], "at": t, "count": k})
    out.append({"type": "pass"})
    return out


def trigger(state: "SFState", target: str, mover: str, ctx: Context, why: str) -> None:
    """Offer the other side overwatch fire at ``target`` if anyone may take it."""
    side = other(udef(mover).side)
    if state.units[mover].hidden:
        return
    p = Pending("overwatch", side, [mover], target, note=why)
    state.overwatched = set()
    if len(options(state, p)) > 1:
        state.pending.append(p)


def overwatch_fire(state: "SFState", p: Pending, frm: str, ctx: Context) -> None:
    side = p.side
    t = p.hex
    ready = [u for u in side_at(state, frm, side) if can_overwatch(state, u)]
    fp, used = fire.firepower(state, ready, t)
    b = bd(state)
    ranges = [values(state, u).range for u in used]
    road = p.note == "road"
    mods = fire.modifiers(state, t, frm, ranges, "overwatch", road_moving=road)
    for u in used:
        state.units[u].fired = True
        hidden.fired(state, u, ctx)
    from app.games.semper_fi.onmap import pay_direct
    pay_direct(state, used, ctx)
    state.overwatched.add(frm)
    fire.resolve_area(state, fp, t, mods, ctx, "C6.3", "Overwatch from " + frm)


def return_fire_options(state: "SFState", p: Pending) -> list[dict[str, Any]]:
    mover = p.units[0]
    s = state.units[mover]
    out: list[dict[str, Any]] = []
    if s.at != p.hex or s.morale == "paralysed" or values(state, mover).area <= 0:
        return [{"type": "pass"}]
    for h in sorted(p.other.split(",")) if p.other else []:
        fp, _u = fire.firepower(state, [mover], h)
        if fp > 0 and fire.area_target_ok(state, h, other(p.side)) and fire.spotted(state, [s.at], h, other(p.side)):
            out.append({"type": "return-fire", "at": h})
    return out + [{"type": "pass"}]


def return_fire(state: "SFState", p: Pending, h: str, ctx: Context) -> None:
    mover = p.units[0]
    fp, used = fire.firepower(state, [mover], h)
    mods = fire.modifiers(state, h, state.units[mover].at, [values(state, mover).range], "return")
    fire.resolve_area(state, fp, h, mods, ctx, "C6.3", f"Return fire by {udef(mover).label}")
