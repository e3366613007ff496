"""On-map artillery (1.8d, C9.7): guns on the map fire direct like infantry guns, one round of
the battery's ammunition a turn whatever the number of shots; a battery fires indirect missions
with at least 4 unfired guns in fire mode within 1 hex of a common centre hex (1 gun for illum),
HE and smoke at least 8 hexes from the nearest firing gun, smoke and illum only in action
phases; guns that fire a mission are marked Fired."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import Battery, counters
from app.games.semper_fi.indirect import group_of, mission, spotted_targets, spotters
from app.games.semper_fi.sight import light
from app.games.semper_fi.units import bd, udef, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

MIN_RANGE = 8                  # 1.8d: HE and smoke targets


def battery_of(uid: str) -> Battery | None:
    f = udef(uid).formation
    for bt in counters().batteries.values():
        if bt.formation and bt.formation == f:
            return bt
    return None


def direct_ok(state: "SFState", uid: str) -> bool:
    """A gun may fire direct if its battery already paid this turn or still has HE (1.8d)."""
    bt = battery_of(uid)
    if bt is None or bt.id in state.batteries_direct:
        return True
    g = group_of(state, bt.id)
    return bool(g) and state.ammo.get(f"{g['id']}:he", 0) > 0


def pay_direct(state: "SFState", used: list[str], ctx: Context) -> None:
    for bt in sorted({b.id for u in used if (b := battery_of(u)) is not None}):
        if bt in state.batteries_direct:
            continue
        g = group_of(state, bt)
        if g:
            state.ammo[f"{g['id']}:he"] -= 1
        state.batteries_direct.add(bt)
        ctx.log(f"{counters().batteries[bt].name} spends one round for direct fire this turn", "1.8d",
                kind="fire")


def ready_guns(state: "SFState", bt: Battery) -> list[str]:
    return sorted(u for u in units_of(state, bt.side) if udef(u).formation == bt.formation
                  and state.units[u].mode == "fire" and not state.units[u].fired
                  and state.units[u].acted == "" and state.units[u].morale != "paralysed")


def best_centre(state: "SFState", guns: list[str]) -> tuple[str, list[str]]:
    """The centre hex with the most ready guns within 1 hex (lowest hex id on a tie)."""
    b = bd(state)
    best: tuple[str, list[str]] = ("", [])
    cands = sorted({h for u in guns for h in [state.units[u].at] + list(b.grid.neighbours(state.units[u].at))
                    if h in b.hexset})
    for c in cands:
        near = [u for u in guns if b.grid.distance(state.units[u].at, c) <= 1]
        if len(near) > len(best[1]):
            best = (c, near)
    return best


def mission_actions(state: "SFState", side: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    b = bd(state)
    in_action = state.phase.startswith("action")
    targets: dict[str, str] | None = None        # the same for every battery: worked out once
    for bt in sorted((x for x in counters().batteries.values() if x.formation and x.side == side),
                     key=lambda x: x.id):
        g = group_of(state, bt.id)
        if g is None:
            continue
        guns = ready_guns(state, bt)
        if not guns:
            continue
        centre, near = best_centre(state, guns)
        if targets is None:
            targets = spotted_targets(state, side, spotters(state, side))
        for kind in ("he", "smoke", "illum"):
            if state.ammo.get(f"{g['id']}:{kind}", 0) <= 0:
                continue
            if kind != "he" and not in_action:
                continue                           # smoke and illum only as an SFA
            if kind == "illum" and light(state) != "night":
                continue
            need = 1 if kind == "illum" else 4
            if len(near) < need:
                continue
            for h in sorted(targets):
                if kind != "illum" and min(b.grid.distance(state.units[u].at, h) for u in near) < MIN_RANGE:
                    continue
                out.append({"type": "battery-fire", "battery": bt.id, "at": h, "ammo": kind})
    return out


def fire_mission(state: "SFState", action: dict[str, Any], ctx: Context) -> None:
    bt = counters().batteries[action["battery"]]
    centre, near = best_centre(state, ready_guns(state, bt))
    firing = near[:1] if action["ammo"] == "illum" else near
    for u in firing:
        state.units[u].fired = True
        state.units[u].acted = "fired"
    ctx.log(f"{len(firing)} guns of {bt.name} around {centre} fire an indirect mission", "1.8d", kind="fire")
    mission(state, bt.id, bt.line, bt.per_gun * len(firing), action["ammo"], action["at"], ctx, bt.name)
