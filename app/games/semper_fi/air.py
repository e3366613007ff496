"""Air power (2.2, C9.5): the schedule, loitering two turns ahead on the turn track (2.2b), FAC
control (2.2c), uncontrolled strikes and the Sortie Successful Table (2.2d), strikes in action
phases and against overwatch triggers (2.2e), and the 5.1 initial airstrikes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi import fire
from app.games.semper_fi.data import US, tables
from app.games.semper_fi.indirect import no_fire_hexes
from app.games.semper_fi.scenario import parse_when
from app.games.semper_fi.sight import light, los
from app.games.semper_fi.units import bd, revealed_at, udef, units_at, units_of, lose_steps

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def arrivals(state: "SFState", ctx: Context) -> None:
    """2.2a/2.2b: aircraft due this turn go two turns ahead on the track."""
    air = state.scen.get("air")
    if not air:
        return
    when = state.clock[state.turn - 1]
    a, b = parse_when(air["from"]), parse_when(air["to"])
    now = parse_when(when)
    if not (a and b and now) or not a <= now <= b or now[2] % 60 != 0:
        return
    if air.get("daylight_only", True) and light(state) != "day":
        return
    n = int(air["count"])
    until = min(state.turn + 2, len(state.clock))
    state.air += [until] * n
    ctx.log(f"{n} F4U Corsair{'s arrive' if n > 1 else ' arrives'} and can loiter until {state.clock[until - 1][-4:]}",
            "2.2b", kind="air")


def expire(state: "SFState", ctx: Context) -> None:
    gone = [a for a in state.air if a <= state.turn]
    if gone:
        ctx.log(f"{len(gone)} aircraft return to base unused", "2.2b", kind="air")
    state.air = [a for a in state.air if a > state.turn]


def controlled(state: "SFState", target: str) -> bool:
    """2.2c: a FAC that is not suppressed or paralysed has LOS to the target."""
    b = bd(state)
    for u in units_of(state, US):
        s = state.units[u]
        if udef(u).type.fac and s.morale == "" and los(state, b, s.at, target)[0]:
            return True
    return False


def uncontrolled_ok(state: "SFState", target: str) -> bool:
    """2.2d: no closer than 3 hexes to any US unit."""
    b = bd(state)
    n = int(tables()["sortie"]["uncontrolled_min_distance"])
    return all(b.grid.distance(state.units[u].at, target) >= n for u in units_of(state, US))


def targets(state: "SFState") -> list[str]:
    """Hexes an aircraft may strike now: revealed enemy there (1.3b), not beyond the boundary."""
    if not state.air:
        return []
    bad = no_fire_hexes(state, US)
    out = []
    for h in sorted({state.units[u].at for u in units_of(state, "nk") if not state.units[u].hidden}):
        if h in bad or not revealed_at(state, h, "nk"):
            continue
        if controlled(state, h) or uncontrolled_ok(state, h):
            out.append(h)
    return out


def strike(state: "SFState", target: str, ctx: Context, rule: str = "2.2e") -> None:
    state.air.sort()
    state.air.pop(0)
    t = tables()
    if controlled(state, target):
        ctx.log(f"F4U strike on {target}, directed by a forward air controller: on target", "2.2c",
                kind="air")
        impact: str | None = target
    else:
        r = ctx.d6(f"Sortie Successful Table, uncontrolled strike on {target}", "2.2d")
        if r <= int(t["sortie"]["abort_max"]):
            ctx.log("The sortie aborts", "2.2d", kind="air")
            return
        impact = target
        if r <= int(t["sortie"]["scatter_max"]):
            d = ctx.d6("Off-target direction", "2.2d")
            impact = bd(state).grid.neighbour(target, d - 1)
            ctx.log(f"The strike lands off target, on {impact}" if impact else "The strike lands off the map",
                    "2.2d", kind="air")
            if impact is None:
                return
    hit_hex(state, impact, int(t["air"]["area"]), ctx, rule, "F4U Corsair")


def hit_hex(state: "SFState", h: str, fp: int, ctx: Context, rule: str, who: str) -> None:
    if any(udef(u).type.target != "armoured" for u in units_at(state, h)):
        mods = fire.modifiers(state, h, None, [], "air")
        fire.resolve_area(state, fp, h, mods, ctx, rule, who)
    pf = tables()["point_fire"]
    for v in [u for u in units_at(state, h) if udef(u).type.target == "armoured"]:
        dice = ctx.roll(f"{who} attacks {udef(v).label}", rule, count=2)
        r = sum(dice) + int(tables()["air"]["point"]) - udef(v).type.defence
        if r >= pf["kill"]:
            lose_steps(state, v, state.units[v].steps, ctx, rule, "air attack")
        else:
            ctx.log(f"{udef(v).label} survives the air attack", rule, kind="fire")


def initial_airstrikes(state: "SFState", ctx: Context) -> None:
    """5.1: every North Korean unit within 2 hexes of a named hilltop is attacked at 12."""
    spec = (state.scen.get("rules") or {}).get("initial_airstrike")
    if not spec or state.turn != 1:
        return
    b = bd(state)
    hills = b.hilltops()
    hexes: set[str] = set()
    for name in spec.get("hills", []):
        for hh in hills.get(name, []):
            hexes |= set(b.grid.range(hh, int(spec.get("radius", 2))))
    ctx.log("The pre-battle airstrikes work over the ridge", "5.1", kind="air")
    for h in sorted(hexes):
        if any(udef(u).side == "nk" for u in units_at(state, h)):
            mods = fire.modifiers(state, h, None, [], "air")
            fire.resolve_area(state, int(spec.get("firepower", 12)), h, mods, ctx, "5.1",
                              "Initial airstrike")


def air_actions(state: "SFState") -> list[dict[str, Any]]:
    return [{"type": "air-strike", "at": h} for h in targets(state)]
