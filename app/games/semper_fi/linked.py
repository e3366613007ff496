"""The linked Fox Hill game (6.3): 6.1, then 6.2, then a third night, played as one match.

The scenario file holds the first night as an ordinary scenario and the later nights as
``[[linked.part]]`` tables. When a night's last turn ends (sequence.cleanup), the game does not
finish unless the Chinese have won a Major victory or no night is left; instead it hands over:
the Chinese still on the map are cleared, a third of the Marine steps lost that night comes
back (rounded half up; the US player places them one at a time, and an eliminated unit given a
step returns), the new ammunition is added to the pool, the US units are set up again inside
their set-up area (the day's redeployment), and the next night's Chinese set up. The whole
hand-over lives in the game state, so a save taken between the nights resumes where it was."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import NK, US, counters
from app.games.semper_fi.holders import holder_of
from app.games.semper_fi.scenario import build_clock, pick_units
from app.games.semper_fi.state import ELIM, SETUP, UnitState
from app.games.semper_fi.units import udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def parts(state: "SFState") -> list[dict[str, Any]]:
    return list(((state.scen.get("linked") or {}).get("part")) or [])


def next_part(state: "SFState") -> dict[str, Any] | None:
    ps = parts(state)
    return ps[state.night] if state.night < len(ps) else None


def us_lost(state: "SFState") -> int:
    return sum(s.lost for u, s in state.units.items() if udef(u).side == US)


def restore_count(lost: int, divisor: int) -> int:
    """6.3: a third of the steps lost, rounded normally (half up)."""
    return int(lost / divisor + 0.5) if divisor else 0


def end_of_night(state: "SFState", ctx: Context) -> bool:
    """Called when a night's last turn is cleaned up. True when play goes on with another night
    (the state is then in the next night's set-up); False when the game should finish now."""
    from app.games.semper_fi.victory import determine
    part = next_part(state)
    if part is None:
        return False
    res = determine(state)
    state.night_results.append(str(res["level"]))
    ctx.log(f"Night {state.night + 1} ends: {res['level']} ({res['reason']})", "6.3", kind="victory")
    if res["winner"] == NK and str(res["level"]).endswith("Major"):
        return False
    hand_over(state, part, ctx)
    return True


def hand_over(state: "SFState", part: dict[str, Any], ctx: Context) -> None:
    state.night += 1
    base = int((state.checkpoint.get("lost_base") or {}).get(US, 0))
    lost = us_lost(state) - base
    div = int(part.get("restore_divisor", 3))
    state.to_restore = restore_count(lost, div)
    state.checkpoint["lost_base"] = {US: us_lost(state)}
    # the Chinese still on the map are dispersed by artillery and air during the day
    gone = 0
    for u, s in state.units.items():
        if udef(u).side == NK and s.at != ELIM and s.at != "dispersed":
            s.at = "dispersed"
            gone += 1
    ctx.log(f"Daylight: {gone} Chinese units left on the map are dispersed by artillery and air strikes",
            "6.3", kind="setup")
    # ammunition
    for key, n in (part.get("ammo") or {}).items():
        state.ammo[key] = state.ammo.get(key, 0) + int(n)
        ctx.log(f"Ammunition added for the next night: {n} {key.split(':')[-1].upper()} ({key.split(':')[0]})",
                "6.3", kind="supply")
    # the next night's scenario: its clock, rules, mortars and set-up entries
    sc = state.scen
    turns = part["turns"]
    sc["turns"] = dict(turns)
    state.clock, state.lights = build_clock(turns["first"], turns["last"], str(turns.get("clock", "")))
    sc["rules"] = copy.deepcopy(part.get("rules") or {})
    sc["battalion_morale_immune"] = copy.deepcopy(part.get("battalion_morale_immune") or {})
    sc["mortar"] = copy.deepcopy(part.get("mortar") or [])
    for g in part.get("artillery", []) or []:
        if not any(x.get("id") == g["id"] for x in sc.get("artillery", []) or []):
            sc.setdefault("artillery", []).append(copy.deepcopy(g))
    state.mortar_fires = {m["id"]: int(m["total"]) for m in sc["mortar"]}
    state.mortar_used = {m["id"]: 0 for m in sc["mortar"]}
    state.mortar_illum_left = int(sc["rules"].get("mortar_illum_total", -1))
    us_entry = {"side": US, "units": [], "area": copy.deepcopy(part["redeploy"]), "dug_in": True}
    entries = [us_entry] + [copy.deepcopy(e) for e in part.get("setup", []) or []]
    sc["setup"] = entries
    used = set(state.units)
    for i, e in enumerate(entries[1:], start=1):
        probs: list[tuple[str, str]] = []
        for u in pick_units(e.get("units"), used, f"linked.part.setup[{i}].units", probs):
            d = counters().units[u]
            state.units[u] = UnitState(at=SETUP, steps=d.type.steps, mode=e.get("mode", "fire"),
                                       hidden=bool(e.get("hidden", False)), dug_in=bool(e.get("dug_in", False)))
            state.origin[u] = f"setup:{i}"
            state.battalion.setdefault(d.battalion, 0)
            kind = (sc.get("opsheets") or {}).get(NK)
            if kind:
                state.opsheets[holder_of(state, u)] = kind
                state.committed[holder_of(state, u)] = True
    # the Marines redeploy inside their set-up area, rested: morale states and markers clear
    for u, s in state.units.items():
        if udef(u).side != US:
            continue
        state.origin[u] = "setup:0"
        if s.at != ELIM:
            s.at = SETUP
        s.mode, s.morale, s.fired, s.acted = "fire", "", False, ""
        s.mp_left = s.mp_spent = 0.0
        s.dug_in = True
    for bn in state.battalion:
        state.battalion[bn] = 0
    state.barrages, state.pending = [], []
    state.batteries_fired, state.batteries_direct = set(), set()
    state.visibility = 0
    state.turn, state.phase = 1, "setup"
    first = (sc.get("play") or {}).get("first_setup", US)
    state.setup_order = [first, NK if first == US else US]
    state.active, state.turn_side, state.first, state.initiative = first, "", "", ""
    state.start_hexes = []
    name = part.get("name", f"night {state.night + 1}")
    ctx.log(f"{name}: {lost} Marine steps were lost last night; {state.to_restore} come back "
            f"(a third, rounded). The Marines redeploy within their set-up area", "6.3", kind="setup")


def restore_actions(state: "SFState") -> list[dict[str, Any]]:
    """6.3: while steps are owed, each Marine unit below full strength may take one back."""
    if state.to_restore <= 0 or state.active != US:
        return []
    return [{"type": "restore-step", "unit": u} for u, s in sorted(state.units.items())
            if udef(u).side == US and s.steps < udef(u).type.steps and s.at in (SETUP, ELIM)]


def restore(state: "SFState", uid: str, ctx: Context) -> None:
    s = state.units[uid]
    back = s.at == ELIM
    if back:
        s.at, s.steps, s.dug_in = SETUP, 1, True
    else:
        s.steps += 1
    state.to_restore -= 1
    if s.lost > 0:                                   # the step is no longer a loss of the game
        s.lost -= 1
        base = state.checkpoint.setdefault("lost_base", {US: 0})
        base[US] = max(0, int(base.get(US, 0)) - 1)
    what = "is reconstituted with one step" if back else f"gets a step back ({s.steps} now)"
    ctx.log(f"{udef(uid).label} {what}; {state.to_restore} still to give", "6.3", kind="setup", unit=uid)
