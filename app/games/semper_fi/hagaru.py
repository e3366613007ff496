"""Special rules of the Hagaru scenarios (7.x) shared by several of them: infiltration at set-up
(7.1, 7.2, 7.5), armor coordination (tanks and infantry never stack by choice), and the record
of which named places the Chinese have entered during the game (7.1's Hagaru, 7.2's Hagaru-ri),
which their victory levels need."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import NK, US
from app.games.semper_fi.scenario import area_cached
from app.games.semper_fi.units import bd, side_at, udef, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


# -- armor coordination ---------------------------------------------------------------------------
def armor_rule(state: "SFState") -> bool:
    return bool((state.scen.get("rules") or {}).get("armor_coordination"))


def armor_clash(state: "SFState", uid: str, h: str) -> bool:
    """7.1-7.5 Armor Coordination: a tank may not join friendly infantry (any non-vehicle unit)
    of its own choice, nor infantry a tank."""
    if not armor_rule(state):
        return False
    d = udef(uid)
    if d.side != US:
        return False
    tank = d.type.vehicle
    return any(udef(u).type.vehicle != tank for u in side_at(state, h, d.side) if u != uid)


def armor_blocked(state: "SFState", uid: str) -> set[str]:
    """Every hex ``armor_clash`` forbids ``uid``, found in one pass over the units (set-up lists
    each unit's hexes across the whole map in the free set-ups)."""
    if not armor_rule(state):
        return set()
    d = udef(uid)
    if d.side != US:
        return set()
    tank = d.type.vehicle
    return {s.at for u, s in state.units.items() if u != uid and udef(u).side == US and udef(u).type.vehicle != tank}


# -- infiltration -------------------------------------------------------------------------------
def infiltration_spec(state: "SFState") -> dict[str, Any]:
    for e in state.scen.get("setup", []) or []:
        if e.get("side") == NK and isinstance(e.get("infiltration"), dict):
            return e["infiltration"]
    return {}


def roll_infiltration(state: "SFState", ctx: Context) -> None:
    """During the Chinese set-up a die (7.1, 7.5) or half a die rounded half up (7.2) gives how
    many units may set up next to the Americans."""
    sp = infiltration_spec(state)
    if not sp:
        return
    r = ctx.d6("Infiltration: units that may set up next to the Americans", "7.2" if sp.get("die") == "half" else "7.1")
    n = (r + 1) // 2 if sp.get("die") == "half" else r
    state.infiltrate_left = n
    ctx.log(f"{n} Chinese unit{'s' if n != 1 else ''} may infiltrate next to the American positions",
            str(sp.get("rule", "7.1")), kind="setup")


def _edge_reach(state: "SFState", edge: str) -> set[str]:
    """Hexes joined to the named map edge by hexes none of which is next to (or in) a US hex."""
    from app.games.semper_fi.movement import forbidden
    b = bd(state)
    us = {state.units[u].at for u in units_of(state, US)}
    near = set(us)
    for h in us:
        near.update(b.grid.neighbours(h))
    bad = forbidden(state, NK)
    start = [h for h in area_cached(b, {"region": edge}) if h not in near and h not in bad
             and b.terrain(h) != "water"]
    seen = set(start)
    todo = list(start)
    while todo:
        h = todo.pop()
        for n in b.grid.neighbours(h):
            if n in seen or n in near or n in bad or b.terrain(n) == "water":
                continue
            seen.add(n)
            todo.append(n)
    return seen


def infiltration_hexes(state: "SFState", uid: str, area: list[str]) -> set[str]:
    """Hexes of ``area`` next to a US unit from which a line of hexes reaches the scenario's
    map edge without passing next to a US unit (7.1, 7.2, 7.5)."""
    sp = infiltration_spec(state)
    if not sp or state.infiltrate_left <= 0 or udef(uid).side != NK:
        return set()
    b = bd(state)
    us = {state.units[u].at for u in units_of(state, US)}
    reach = _edge_reach(state, str(sp["edge"]))
    out = set()
    for h in area:
        if h in us or not any(b.grid.distance(h, x) == 1 for x in us):
            continue
        if any(n in reach for n in b.grid.neighbours(h)):
            out.add(h)
    return out


def placed(state: "SFState", uid: str, h: str, ctx: Context) -> None:
    """Count an infiltrator when a Chinese unit sets up next to a US unit."""
    if udef(uid).side != NK or state.infiltrate_left <= 0 or not infiltration_spec(state):
        return
    b = bd(state)
    if any(b.grid.distance(h, state.units[u].at) == 1 for u in units_of(state, US)):
        state.infiltrate_left -= 1
        ctx.log("A Chinese unit infiltrates next to the American line", "7.1", kind="setup")


# -- places entered ------------------------------------------------------------------------------
def note_entries(state: "SFState") -> None:
    """Remember each named place (victory `entered`) a Chinese unit has stood in."""
    name = (state.scen.get("victory") or {}).get("entered")
    if not name or name in state.entered or state.phase == "setup":
        return
    hexes = area_cached(bd(state), {"region": name})
    if any(state.units[u].at in hexes for u in units_of(state, NK)):
        state.entered.append(name)


# -- formations that start below strength (7.5) ---------------------------------------------------
# -- Chinese attack coordination (7.3) ----------------------------------------------------------
def coordination(state: "SFState") -> list[dict[str, Any]]:
    c = (state.scen.get("rules") or {}).get("coordination")
    return list(c.get("waves", [])) if isinstance(c, dict) else []


def coordination_roll(state: "SFState", ctx: Context) -> None:
    """7.3: from the named turn, a die at the start of each turn; the next wave of the 240th is
    committed at or above its number (5 for the first battalion, 6 for the second). Its units
    become available off the map and enter on their set-up area (reinforcement entries with no
    turn of their own), and its mortar pools open."""
    waves = coordination(state)
    done = state.checkpoint.get("waves", 0)
    if done >= len(waves):
        return
    from app.games.semper_fi.scenario import turn_index
    start = turn_index(state, (state.scen.get("rules") or {})["coordination"].get("from", "")) or 1
    if state.turn < start:
        return
    w = waves[done]
    r = ctx.d6(f"Chinese attack coordination: does {w.get('name', 'the next battalion')} join?", "7.3")
    if r < int(w.get("on", 6)):
        return
    state.checkpoint["waves"] = done + 1
    n = release(state, int(w["reinforcement"]))
    for m in state.scen.get("mortar", []) or []:
        if m.get("opens_with") == w.get("id"):
            state.mortar_fires[m["id"]] = int(m["total"])
    ctx.log(f"{w.get('name', 'A battalion')} of the 240th Regiment is committed: {n} units may enter "
            "on their set-up area", "7.3", kind="reinforce")


def release(state: "SFState", index: int) -> int:
    """Bring the units of reinforcement entry ``index`` still waiting in the pool off the board,
    hidden (7.3's committed battalions, C14.7's arrivals); how many came."""
    n = 0
    for u, o in sorted(state.origin.items()):
        if o == f"reinforcement:{index}" and state.units[u].at == "pool":
            state.units[u].at = "offmap"
            state.units[u].hidden = True
            n += 1
    return n
