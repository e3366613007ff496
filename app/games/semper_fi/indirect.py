"""Indirect fire (C9): spotters (1.8e), off-map batteries with ammunition by type, adjustment and
scatter (1.2b), barrage zones, pre-registered fires (2.1a), 1/11 understrength (2.1b), poor US
artillery (5.1), the North Korean 'other' line (3.1), no communist smoke or illum (3.7), US
on-map mortars and the nominal communist mortar fires (3.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi import fire, illum
from app.games.semper_fi.data import NK, US, counters, tables
from app.games.semper_fi.holders import holder_of
from app.games.semper_fi.scenario import area_cached, turn_index
from app.games.semper_fi.sight import light, los
from app.games.semper_fi.state import Barrage
from app.games.semper_fi.units import bd, other, udef, units_at, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def no_fire_hexes(state: "SFState", side: str) -> set[str]:
    """5.1 US Boundary: hexes a side may not aim artillery, mortars or aircraft at."""
    out: set[str] = set()
    for spec in (state.scen.get("rules") or {}).get("no_fire", []) or []:
        if spec.get("side") == side:
            out |= area_cached(bd(state), spec["area"])
    return out


def spotters(state: "SFState", side: str) -> list[str]:
    """1.8e: infantry platoons spot, or any unit of a formation on a Prepared Defense sheet."""
    out = []
    barred = set((state.scen.get("rules") or {}).get("no_spotters", []) or [])     # 7.1: ad hoc platoons
    for u in units_of(state, side):
        d = udef(u)
        if state.units[u].morale == "paralysed" or d.type.id in barred:
            continue
        if d.type.platoon or state.opsheets.get(holder_of(state, u)) == "prepared-defense":
            out.append(u)
    return out


def spotted_targets(state: "SFState", side: str, observers: list[str]) -> dict[str, str]:
    """Enemy hexes with a revealed unit seen by an observer -> the closest such observer."""
    from app.games.semper_fi.sight import spotting_range
    b = bd(state)
    enemy = other(side)
    bad = no_fire_hexes(state, side)
    out: dict[str, str] = {}
    ohexes: dict[str, str] = {}
    for o in observers:
        ohexes.setdefault(state.units[o].at, o)
    by_hex: dict[str, int] = {}
    for u in units_of(state, enemy):
        s = state.units[u]
        if s.hidden:
            continue
        r = spotting_range(state, b, s.at, fired=s.fired, dug_in=s.dug_in)
        by_hex[s.at] = max(by_hex.get(s.at, 0), r)
    for h in sorted(by_hex):
        if h in bad or not fire.area_target_ok(state, h, enemy):
            continue
        rng = by_hex[h]
        best = None
        for oh, o in ohexes.items():
            dist = b.grid.distance(oh, h)
            if dist > rng or (best is not None and dist >= best[0]):
                continue
            if los(state, b, oh, h)[0]:
                best = (dist, o)
        if best:
            out[h] = best[1]
    return out


def groups(state: "SFState", side: str) -> list[dict[str, Any]]:
    return [g for g in state.scen.get("artillery", []) or [] if g.get("side") == side]


def prereg_ok(state: "SFState", target: str) -> bool:
    """2.1a: within 3 hexes and LOS of a dug-in US unit."""
    b = bd(state)
    for u in units_of(state, US):
        s = state.units[u]
        if s.dug_in and b.grid.distance(s.at, target) <= 3 and los(state, b, s.at, target)[0]:
            return True
    return False


def artillery_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    gs = groups(state, side)
    if not gs:
        return out
    sp = spotters(state, side)
    targets = spotted_targets(state, side, sp)
    night = light(state) == "night"
    lit = illum.targets(state, side, sp) if night and side == US else []       # 1.3b, 3.7
    for g in gs:
        for bt in g["batteries"]:
            if bt in state.batteries_fired or counters().batteries[bt].formation:
                continue                                  # on-map batteries: onmap.py (1.8d)
            for kind in ("he", "smoke", "illum"):
                if state.ammo.get(f"{g['id']}:{kind}", 0) <= 0:
                    continue
                if side == NK and kind != "he":
                    continue                                          # 3.7
                if kind == "illum" and not night:
                    continue
                for h in (lit if kind == "illum" else sorted(targets)):
                    out.append({"type": "artillery", "battery": bt, "at": h, "ammo": kind})
                    if kind == "he" and side == US and prereg_ok(state, h):
                        out.append({"type": "artillery", "battery": bt, "at": h, "ammo": kind,
                                    "prereg": True})
    return out


def _group_of(state: "SFState", battery: str) -> dict[str, Any]:
    return next(g for g in state.scen.get("artillery", []) if battery in g["batteries"])


def group_of(state: "SFState", battery: str) -> dict[str, Any] | None:
    return next((g for g in state.scen.get("artillery", []) or [] if battery in g["batteries"]), None)


def poor_artillery(state: "SFState") -> bool:
    p = (state.scen.get("rules") or {}).get("poor_us_artillery")
    if not p:
        return False
    until = p.get("until") if isinstance(p, dict) else None
    idx = turn_index(state, until) if until else 0
    return not until or idx == 0 or state.turn < idx


def band(state: "SFState", line: str, dist: int) -> tuple[str, dict[str, int]]:
    adj = tables()["adjustment"][line]
    if line == "us" and poor_artillery(state):
        return "far", adj["far"]                                      # 5.1: always the 7+ table
    for name in ("near", "mid", "far"):
        if dist <= adj[name]["max_range"]:
            return name, adj[name]
    return "far", adj["far"]


def scatter(state: "SFState", h: str, ctx: Context, rule: str, max_dist: int | None = None) -> str | None:
    """Direction die and distance die (1.2b); None when the round lands off the map."""
    b = bd(state)
    d = ctx.d6("Scatter direction", rule)
    n = int(tables()["scatter"]["distance"][ctx.d6("Scatter distance", rule) - 1])
    if max_dist is not None:
        n = min(n, max_dist)
    cur: str | None = h
    for _ in range(n):
        cur = b.grid.neighbour(cur, d - 1) if cur else None
    if cur is None:
        ctx.log("The rounds land off the map", rule, kind="fire")
    else:
        ctx.log(f"The rounds drift {n} hex{'es' if n > 1 else ''} to {cur}", rule, kind="fire")
    return cur


def fire_artillery(state: "SFState", action: dict[str, Any], ctx: Context) -> None:
    bt = counters().batteries[action["battery"]]
    state.batteries_fired.add(bt.id)
    mission(state, bt.id, bt.line, bt.firepower, action["ammo"], action["at"], ctx, bt.name,
            bool(action.get("prereg")))


def mission(state: "SFState", battery: str, line: str, fp: int, kind: str, target: str, ctx: Context,
            who: str, prereg: bool = False) -> None:
    """Adjust, spend the round and fire one mission (C9.2, C9.3, C9.4, 1.2b, 2.1a)."""
    side = state.active
    g = _group_of(state, battery)
    b = bd(state)
    targets = spotted_targets(state, side, spotters(state, side))
    spotter = targets.get(target)
    dist = b.grid.distance(state.units[spotter].at, target) if spotter else 99
    if kind == "illum" and not spotter:                      # illum.py: the nearest spotter in LOS
        dist = min((b.grid.distance(state.units[o].at, target) for o in spotters(state, side)
                    if los(state, b, state.units[o].at, target)[0]), default=99)
    key = f"{g['id']}:{kind}"
    rule = "2.1a" if prereg else ("5.1" if line == "us" and poor_artillery(state) else "C9.2")
    name, row = band(state, line, dist)
    r = ctx.d6(f"{who}: adjustment, {kind.upper()} at {target}, spotter {dist} hexes away "
               f"({'US' if line == 'us' else 'other'} line, {name} band)", rule)
    if r <= row["no_shoot"]:
        ctx.log("No shoot: the mission is cancelled and the ammunition kept", "C9.2", kind="fire")
        return
    state.ammo[key] -= 1
    impact: str | None = target
    if r <= row["scatter"] or (kind == "illum"):
        impact = scatter(state, target, ctx, "1.2b" if kind == "illum" else "C9.2")
    if impact is None:
        return
    if kind == "smoke":
        state.barrages.append(Barrage(impact, "smoke", side))
        ctx.log(f"Smoke on {impact} until the end of the turn", "C9.4", kind="fire")
        return
    if kind == "illum":
        state.barrages.append(Barrage(impact, "illum", side, placed=f"{state.turn}:{state.phase}"))
        ctx.log(f"Illumination over {impact}", "1.2b", kind="fire")
        return
    if prereg and impact == target:
        mods = fire.modifiers(state, impact, None, [], "barrage", prereg=True)
        fire.resolve_area(state, fp * int(tables()["barrage"]["prereg_multiplier"]), impact, mods, ctx,
                          "2.1a", f"{who} (pre-registered)")
        return
    state.barrages.append(Barrage(impact, "he", side, fp))
    barrage(state, impact, fp, ctx, who)


def barrage(state: "SFState", impact: str, fp: int, ctx: Context, who: str) -> None:
    """A barrage zone: the impact hex at full strength, the hexes around it at half (C9.3)."""
    b = bd(state)
    div = int(tables()["barrage"]["adjacent_divisor"])
    for h, f in [(impact, fp)] + [(n, fp // div) for n in b.grid.neighbours(impact)]:
        if any(udef(u).type.target != "armoured" for u in units_at(state, h)):
            mods = fire.modifiers(state, h, None, [], "barrage")
            fire.resolve_area(state, f, h, mods, ctx, "C9.3", who)


def zone_strength(state: "SFState", x: Barrage, h: str) -> int:
    """C9.3: the firepower a live barrage zone turns on a unit moving into ``h``: half the
    battery's in the impact hex, half of what the hexes around it took in those six hexes."""
    if x.kind != "he":
        return 0
    if h == x.hex:
        return x.firepower // 2
    if h in bd(state).grid.neighbours(x.hex):
        return x.firepower // int(tables()["barrage"]["adjacent_divisor"]) // 2
    return 0


def zone_hexes(state: "SFState", x: Barrage) -> list[str]:
    return [x.hex] + sorted(bd(state).grid.neighbours(x.hex))


# -- US on-map mortars ----------------------------------------------------------------------------
def mortar_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    b = bd(state)
    sp = spotters(state, side)
    night = light(state) == "night"
    # A hex is a target when any one observer sees it, so the targets of the spotters and a
    # mortar are those of the spotters (worked out once) and those of the mortar itself
    base: set[str] | None = None
    base_illum: set[str] | None = None
    for u in units_of(state, side):
        d = udef(u)
        s = state.units[u]
        if not d.type.indirect or s.mode != "fire" or s.acted or s.morale == "paralysed":
            continue
        rng = d.type.fire.range
        if base is None:
            base = set(spotted_targets(state, side, sp))
        targets = base if u in sp else base | set(spotted_targets(state, side, [u]))
        for h in sorted(targets):
            if b.grid.distance(s.at, h) <= rng:
                out.append({"type": "mortar", "unit": u, "at": h, "ammo": "he"})
        if night and state.mortar_illum_left != 0 and side == US:
            if base_illum is None:
                base_illum = set(illum.targets(state, side, sp))
            lit = base_illum if u in sp else base_illum | set(illum.targets(state, side, [u]))
            for h in sorted(lit):                                            # 1.3b
                if b.grid.distance(s.at, h) <= rng:
                    out.append({"type": "mortar", "unit": u, "at": h, "ammo": "illum"})
    return out


def fire_mortar(state: "SFState", action: dict[str, Any], ctx: Context) -> None:
    u = action["unit"]
    s = state.units[u]
    d = udef(u)
    s.acted = "fired"
    s.fired = True
    h = action["at"]
    if action.get("ammo") == "illum":
        if state.mortar_illum_left > 0:
            state.mortar_illum_left -= 1
        r = ctx.d6(f"{d.label}: mortar illumination at {h}", "1.2b")
        impact: str | None = h if r <= 3 else bd(state).grid.neighbour(h, ctx.d6("Scatter direction", "1.2b") - 1)
        if impact:
            state.barrages.append(Barrage(impact, "illum", d.side, placed=f"{state.turn}:{state.phase}"))
            ctx.log(f"Mortar illumination over {impact}", "1.2b", kind="fire")
        return
    fp = d.type.fire.area // (2 if s.morale == "suppressed" else 1)
    mods = fire.modifiers(state, h, None, [], "mortar")
    fire.resolve_area(state, fp, h, mods, ctx, "C9.6", d.label)


# -- nominal communist mortar fires (3.4) ----------------------------------------------------------
def pools(state: "SFState", side: str) -> list[dict[str, Any]]:
    return [m for m in state.scen.get("mortar", []) or [] if m.get("side", NK) == side]


def pool_targets(state: "SFState", pool: dict[str, Any]) -> dict[str, str]:
    reg = pool.get("regiment", "")
    side = pool.get("side", NK)
    obs = [u for u in units_of(state, side) if not reg or udef(u).regiment == reg]
    return spotted_targets(state, side, obs)


def pool_ready(state: "SFState", pool: dict[str, Any]) -> int:
    """Fires the pool may still make this turn (3.4: per-game total and per-turn rate)."""
    return min(state.mortar_fires.get(pool["id"], 0),
               int(pool["per_turn"]) - state.mortar_used.get(pool["id"], 0))


def nominal_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    out = []
    seen: dict[str, dict[str, str]] = {}          # a regiment's pools share their spotters
    for p in pools(state, side):
        if pool_ready(state, p) <= 0:
            continue
        reg = str(p.get("regiment", ""))
        if reg not in seen:
            seen[reg] = pool_targets(state, p)
        for h in sorted(seen[reg]):
            out.append({"type": "mortar-fire", "pool": p["id"], "at": h})
    return out


def fire_nominal(state: "SFState", pool_id: str, h: str, ctx: Context, count: int = 1) -> None:
    p = next(x for x in state.scen.get("mortar", []) if x["id"] == pool_id)
    for i in range(count):
        state.mortar_fires[pool_id] -= 1
        state.mortar_used[pool_id] = state.mortar_used.get(pool_id, 0) + 1
        mods = fire.modifiers(state, h, None, [], "mortar")
        fire.resolve_area(state, int(p["strength"]), h, mods, ctx, "3.4",
                          f"{p.get('name', 'Regimental mortars')} (fire {i + 1} of {count})")
        if not fire.area_target_ok(state, h, other(p.get("side", NK))):
            break
