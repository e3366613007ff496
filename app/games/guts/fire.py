"""Who is where and who fires on whom: lookups, the guns' cones and their fire, how far a
move may be aimed, and where a gun aims (GUTS-CONE, GUTS-AIM, GUTS-D-WITH, GUTS-D-MOVE).
"""

from __future__ import annotations

import math
from typing import Any

from app.engine.game import Context
from app.games.guts import roll
from app.games.guts.geometry import (
    ConeShape,
    angle_diff,
    bearing,
    rect,
    rect_point_distance,
    rect_rect_distance,
)
from app.games.guts.roll import MOD_PLATOON_LEADER, MOD_SQUAD_LEADER, faces
from app.games.guts.state import Element, Fire, Gun, GutsState, TEAM_KINDS


# =========================================================================== lookups
def el(state: GutsState, eid: str) -> Element:
    return state.elements[eid]


def fighting(state: GutsState) -> list[Element]:
    return [e for e in state.elements.values() if e.fighting]


def fighting_teams(state: GutsState) -> list[Element]:
    return [e for e in state.elements.values() if e.fighting and e.kind in TEAM_KINDS]


def centre(e: Element) -> tuple[float, float]:
    return (e.x, e.y)


def dist_to_gun(e: Element, g: Gun) -> float:
    """Edge of the element's base to the gun's position (the front of its card)."""
    return rect_point_distance(e.x, e.y, e.w, e.h, (g.x, g.y))


def leader_mod(leader: Element) -> tuple[int, str] | None:
    if leader.role == "platoon-leader":
        return (MOD_PLATOON_LEADER, "platoon leader with them")
    if leader.role in ("squad-leader", "platoon-sergeant"):
        return (MOD_SQUAD_LEADER, f"{leader.role.replace('-', ' ')} with them")
    return None


def is_with(a: Element, b: Element) -> bool:
    """GUTS-D-WITH: a leader is with a team when their bases are this close."""
    return rect_rect_distance(a.box, b.box) <= float(roll.D().common["leader_with_inches"]) + 1e-9


def dice_max(e: Element) -> int:
    return max(faces(e.average)) * 2


def reach(e: Element) -> float:
    """GUTS-D-MOVE: how far away a move may be aimed: the farthest any result could carry it."""
    rates = [c.rate for c in e.covers]
    return float(max([e.guts, dice_max(e), *rates]))
# =========================================================================== cones and fire
_CONES: dict[tuple[Any, ...], ConeShape] = {}


def cone_of(g: Gun, heading: float | None = None) -> ConeShape:
    gd = roll.D().gun(g.kind)
    h = g.heading if heading is None else heading
    key = (g.kind, g.x, g.y, h)
    c = _CONES.get(key)
    if c is None:
        if len(_CONES) > 20000:
            _CONES.clear()
        c = ConeShape((g.x, g.y), h, gd["cone_length"], gd["cone_width"], [tuple(b) for b in gd["bands"]])
        _CONES[key] = c
    return c


def active_guns(state: GutsState) -> list[Gun]:
    return [g for g in state.guns.values() if g.status == "active"]


def visible(gun_xy: tuple[float, float], xy: tuple[float, float]) -> bool:
    return roll.D().sight.visible(gun_xy, xy)


def fire_on_box(state: GutsState, cx: float, cy: float, w: float, h: float) -> list[Fire]:
    """GUTS-CONE: the cones a base at (cx, cy) is in, with its band in each (GUTS-D-LOS: a gun
    that cannot see the base's centre does not hit it)."""
    out = []
    for g in active_guns(state):
        c = cone_of(g)
        if c.touches(cx, cy, w, h) and visible((g.x, g.y), (cx, cy)):
            out.append(Fire(g.id, c.band_touching(cx, cy, w, h)))
    return out


def fire_on(state: GutsState, e: Element) -> list[Fire]:
    return fire_on_box(state, e.x, e.y, e.w, e.h)


def path_fire(state: GutsState, e: Element, start: tuple[float, float], end: tuple[float, float]) -> list[Fire]:
    """GUTS-MUF: the cones a move from ``start`` towards ``end`` is in or enters, each with the
    closest band the move passes through (checked every half inch along the stretch where the
    base touches the cone, where the gun must also see the base's centre)."""
    out = []
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    for g in active_guns(state):
        c = cone_of(g)
        iv = c.path_interval(start, end, e.w, e.h)
        if iv is None:
            continue
        t0, t1 = iv
        n = max(1, int(math.ceil((t1 - t0) * length / 0.5)))
        best: int | None = None
        names = [b[0] for b in c.bands]
        for k in range(n + 1):
            t = t0 + (t1 - t0) * k / n
            x = start[0] + t * (end[0] - start[0])
            y = start[1] + t * (end[1] - start[1])
            if not visible((g.x, g.y), (x, y)):
                continue
            if not c.touches(x, y, e.w, e.h):
                continue
            i = names.index(c.band_touching(x, y, e.w, e.h))
            best = i if best is None else min(best, i)
            if best == 0:
                break
        if best is not None:
            out.append(Fire(g.id, names[best]))
    return out


def band_mod(state: GutsState, f: Fire) -> tuple[int, str] | None:
    """GUTS-MOD: +1 inside a gun's effective range, +2 in a heavy gun's close band (data)."""
    g = state.guns[f.gun]
    v = int(roll.D().gun(g.kind).get("band_modifier", {}).get(f.band, 0))
    return (v, f"{g.kind.upper()} {f.band} range") if v else None


# =========================================================================== aiming (GUTS-AIM)
def aim(state: GutsState, ctx: Context, g: Gun, movers: set[str], answer: str = "") -> None:
    """Lay a gun's cone: on the BAR that fired on it, else on the nearest moving element (else
    the nearest it can see), turned so that as many elements as possible are in it."""
    gd = roll.D().gun(g.kind)
    length = float(gd["cone_length"])
    apex = (g.x, g.y)
    cands = [e for e in fighting(state)
             if rect_point_distance(e.x, e.y, e.w, e.h, apex) <= length and visible(apex, centre(e))]
    if not cands:
        return
    target = None
    if answer and answer in state.elements and state.elements[answer] in cands:
        target = state.elements[answer]
    if target is None:
        moving = [e for e in cands if e.id in movers]
        pool = moving or cands
        target = min(pool, key=lambda e: (rect_point_distance(e.x, e.y, e.w, e.h, apex), e.id))
    g.heading = best_heading(g, target, cands)
    why = "answering the BAR firing on it" if target.id == answer else "on the nearest moving target"
    ctx.log(f"{g.name} ({g.id}) lays its cone on {target.name}, heading {g.heading:.1f} degrees ({why})",
            "GUTS-AIM", kind="aim", gun=g.id, heading=g.heading, target=target.id)


def _span(apex: tuple[float, float], e: Element, ref: float) -> tuple[float, float]:
    angs = [angle_diff(bearing(apex, p), ref) for p in rect(e.x, e.y, e.w, e.h)]
    return (min(angs), max(angs))


def best_heading(g: Gun, target: Element, cands: list[Element]) -> float:
    gd = roll.D().gun(g.kind)
    apex = (g.x, g.y)
    ha = math.degrees(math.atan2(gd["cone_width"] / 2.0, gd["cone_length"]))
    ref = bearing(apex, centre(target))
    lo, hi = _span(apex, target, ref)
    lo, hi = lo - ha, hi + ha
    near = [e for e in cands if e is not target]
    spans = []
    for e in near:
        a, b = _span(apex, e, ref)
        if b + ha >= lo and a - ha <= hi:
            spans.append((a - ha, b + ha))
    cand_angles = {0.0}
    nudge = 0.05
    for a, b in spans + [(lo, hi)]:
        for v in (a + nudge, b - nudge):
            if lo + nudge <= v <= hi - nudge:
                cand_angles.add(round(v, 4))
    best = (-1, 0.0, 0.0)
    for off in sorted(cand_angles):
        h = (ref + off) % 360.0
        c = cone_of(g, h)
        if not c.touches(target.x, target.y, target.w, target.h):
            continue
        n = 1 + sum(1 for e in near if c.touches(e.x, e.y, e.w, e.h))
        key = (n, -abs(off), -off)
        if key > (best[0], -abs(best[1]), -best[1]):
            best = (n, off, h)
    if best[0] < 0:
        return ref
    return best[2]
