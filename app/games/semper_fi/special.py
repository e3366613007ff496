"""Scenario special rules that hook into the turn: the 4.1 march column and ambush, heat
exhaustion (2.3), 4.2 asleep in their holes, 5.2 revealed units, the 5.3 northern boundary,
Marines digging in on the first night turn (2.5), reinforcements and ammunition supply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi import morale
from app.games.semper_fi.data import NK, US, tables
from app.games.semper_fi.scenario import area_cached
from app.games.semper_fi.sight import light, los
from app.games.semper_fi.state import COLUMN, ELIM, EXITED, OFFMAP
from app.games.semper_fi.units import bd, is_marine, other, side_at, udef, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def rules(state: "SFState") -> dict[str, Any]:
    return state.scen.get("rules") or {}


# -- 4.1 march column --------------------------------------------------------------------------
def road_path(state: "SFState") -> list[str]:
    """The road from the column's entry hex to its exit hex (4.1: 11.01 to 5.22)."""
    m = rules(state).get("march_column") or {}
    b = bd(state)
    start, end = m.get("entry"), m.get("exit")
    key = ("road", b.name, start, end)
    hit = _PATHS.get(key)
    if hit is not None:
        return hit
    prev: dict[str, str] = {start: ""}
    todo = [start]
    while todo:
        h = todo.pop(0)
        if h == end:
            break
        for n in b.grid.road_neighbours(h):
            if n not in prev:
                prev[n] = h
                todo.append(n)
    path: list[str] = []
    if end in prev:
        h = end
        while h:
            path.append(h)
            h = prev[h]
        path.reverse()
    _PATHS[key] = path
    return path


_PATHS: dict[Any, list[str]] = {}


def marching(state: "SFState") -> bool:
    return bool(rules(state).get("march_column")) and not state.contact


def march_step(state: "SFState", uid: str) -> str | None:
    """The next road hex of a column unit, 'exit' past the end, or None when it cannot step."""
    s = state.units[uid]
    path = road_path(state)
    if s.acted == "moved" or s.mp_spent >= 3 - 1e-9 or not path:
        return None
    if s.at == COLUMN:
        nxt = path[0]
    elif s.at in path:
        i = path.index(s.at)
        if i + 1 >= len(path):
            return "exit"
        nxt = path[i + 1]
    else:
        return None
    if side_at(state, nxt, US) or side_at(state, nxt, NK):
        return None                                   # roads are bottlenecks: one unit a hex
    return nxt


def march_actions(state: "SFState") -> list[dict[str, Any]]:
    for u in state.column:
        s = state.units[u]
        if s.at in (ELIM, EXITED) or s.acted == "moved":
            continue
        nxt = march_step(state, u)
        if nxt == "exit":
            return [{"type": "exit", "unit": u}]
        if nxt:
            return [{"type": "move", "unit": u, "to": nxt}]
        if s.acted == "moving":
            continue
    return []


def release_column(state: "SFState", ctx: Context) -> None:
    """4.1: on contact, units that already moved this phase stop; the rest move freely."""
    for u in state.column:
        s = state.units[u]
        if s.acted == "moving":
            s.acted = "moved"


def ambush_check(state: "SFState", ctx: Context) -> None:
    """4.1 The Ambush: a US unit in direct-fire range and LOS of an NK unit at the turn's start."""
    if not marching(state) or not rules(state).get("ambush"):
        return
    b = bd(state)
    for n in units_of(state, NK):
        rng = udef(n).type.fire.range
        nh = state.units[n].at
        for u in units_of(state, US):
            uh = state.units[u].at
            if b.grid.distance(nh, uh) <= rng and los(state, b, nh, uh)[0]:
                r = ctx.d6("The ambush: North Koreans in range of the column", "4.1")
                if r >= int(rules(state)["ambush"]):
                    state.contact = True
                    ctx.log("The ambush is sprung too early: the column is released", "4.1",
                            kind="contact")
                return


# -- 2.3 heat exhaustion --------------------------------------------------------------------------
def heat_check(state: "SFState", uid: str, to: str, ctx: Context) -> bool:
    """2.3: a Marine climbing a contour first checks morale (+ contours). True: it may enter."""
    if not rules(state).get("heat") or not is_marine(uid):
        return True
    b = bd(state)
    frm = state.units[uid].at
    up = b.contour(to) - b.contour(frm)
    if up < 1:
        return True
    res = morale.check(state, uid, ctx, "2.3", extra=up, heat=True)
    if res == "pass":
        return True
    s = state.units[uid]
    if s.steps > 0 and s.at not in (ELIM,):
        s.acted = "moved"
        if res == "syr":
            s.morale = "paralysed"
        ctx.log(f"{udef(uid).label} cannot make the climb to {to} in the heat", "2.3", kind="move")
    return False


# -- 4.2 asleep in their holes ---------------------------------------------------------------------
def asleep(state: "SFState", uid: str, ctx: Context) -> None:
    if not rules(state).get("asleep") or udef(uid).side != NK:
        return
    b = bd(state)
    h = state.units[uid].at
    for n in b.grid.neighbours(h):
        marines = [u for u in side_at(state, n, US) if is_marine(u)]
        if marines and n not in state.asleep_checked:
            state.asleep_checked.append(n)
            r = ctx.d6(f"Asleep in their holes: Marines at {n}", "4.2")
            if r >= int(rules(state)["asleep"]):
                for m in marines:
                    if state.units[m].morale == "":
                        state.units[m].morale = "suppressed"
                ctx.log(f"The Marines at {n} are caught asleep and suppressed", "4.2", kind="morale")


# -- turn hooks ------------------------------------------------------------------------------------
def after_setup(state: "SFState", ctx: Context) -> None:
    b = bd(state)
    watch = rules(state).get("reveal_in_los_of")
    if watch:
        for u in units_of(state, NK):
            s = state.units[u]
            if s.hidden and los(state, b, watch, s.at)[0]:
                s.hidden = False
                ctx.reveal(f"{udef(u).label} at {s.at} is in view of {watch} and starts revealed", "5.2",
                           unit=u)
    for u in sorted(state.units):
        d = udef(u)
        if d.formation in (rules(state).get("start_hexes_of") or []) and state.units[u].at in b.hexset:
            if state.units[u].at not in state.start_hexes:
                state.start_hexes.append(state.units[u].at)
    state.start_hexes.sort()


def command_phase(state: "SFState", ctx: Context) -> None:
    now = state.clock[state.turn - 1]
    b = bd(state)
    # reinforcements (1.7h) and ammunition supply
    for i, e in enumerate(state.scen.get("reinforcement", []) or []):
        if e.get("turn") == now and e.get("units"):
            ids = sorted(u for u, o in state.origin.items() if o == f"reinforcement:{i}")
            for u in ids:
                if state.units.get(u) and state.units[u].at == "pool":
                    state.units[u].at = OFFMAP
            ctx.log(f"Reinforcements arrive at the map edge: {', '.join(sorted({udef(u).formation_name for u in ids}))}",
                    "1.7h", kind="reinforce")
    for g in state.scen.get("artillery", []) or []:
        for s in g.get("supply", []) or []:
            if s.get("turn") == now:
                for k, n in (s.get("ammo") or {}).items():
                    state.ammo[f"{g['id']}:{k}"] = state.ammo.get(f"{g['id']}:{k}", 0) + int(n)
                ctx.log(f"Ammunition arrives for {g['id']}: " + ", ".join(f"{n} {k.upper()}" for k, n in s["ammo"].items()),
                        "1.7d", kind="supply")
    # 5.3 northern boundary: units caught beyond it leave play
    for e in rules(state).get("eliminate", []) or []:
        if e.get("at") == now:
            for u in units_of(state, e["side"]):
                if state.units[u].at in area_cached(b, e["area"]):
                    state.units[u].at = ELIM
                    ctx.log(f"{udef(u).label} is drawn into the fighting north of the boundary and leaves play",
                            "5.3", kind="loss", unit=u)
    from app.games.semper_fi import snow
    snow.command_phase(state, ctx)                                 # 1.5
    from app.games.semper_fi.hagaru import coordination_roll
    coordination_roll(state, ctx)                                  # 7.3
    from app.games.semper_fi import edge_entry
    edge_entry.command_phase(state, ctx)                           # C14.7
    # 2.5 Marines dig in on the first night turn
    prev = state.lights[state.turn - 2] if state.turn >= 2 else ""
    if light(state) == "night" and prev != "night":
        n = 0
        for u in units_of(state, US):
            if is_marine(u) and tables()["terrain"][b.terrain(state.units[u].at)]["dig_in"]:
                state.units[u].dug_in = True
                n += 1
        if n:
            ctx.log(f"Night falls: {n} Marine units dig in", "2.5", kind="dig")
    ambush_check(state, ctx)


def entry_area(state: "SFState", uid: str) -> tuple[set[str], bool]:
    """Hexes an off-map unit may enter on now, and whether it must enter on a road hex."""
    b = bd(state)
    s = state.units[uid]
    if s.at == COLUMN:
        m = rules(state).get("march_column") or {}
        return set(b.grid.range(m["entry"], int(m.get("entry_radius", 3)))), False
    kind, _, i = state.origin.get(uid, ":").partition(":")
    if kind == "reinforcement":
        e = state.scen["reinforcement"][int(i)]
        if e.get("turn") == "edge":                      # C14.7: the regiment's chosen edge
            from app.games.semper_fi.edge_entry import entry_hexes
            return entry_hexes(state, uid), False
        if True:
            ids = area_cached(b, e["area"])
            road = bool(e.get("road")) or udef(uid).type.vehicle and bool(e.get("vehicles_on_road"))
            if e.get("away_from"):                       # 7.1: not next to a Chinese unit
                foes = {state.units[f].at for f in units_of(state, other(udef(uid).side))}
                n = int(e["away_from"])
                near: set[str] = set()
                for f in foes & b.hexset if n > 0 else ():
                    near.update(b.grid.range(f, n - 1))
                ids = {h for h in ids if h not in near}
            if e.get("edge"):                            # 7.3: a line to the edge clear of US units
                from app.games.semper_fi.hagaru import _edge_reach
                ids &= _edge_reach(state, str(e["edge"]))
            return ids, road
    res = rules(state).get("reserves")
    if res and udef(uid).side == res.get("side"):
        return area_cached(b, res["area"]), False
    return set(), False
