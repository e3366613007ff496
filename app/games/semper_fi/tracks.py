"""The ammunition and air loiter records as tracks (boxes with markers), as the physical game
keeps them: ammunition on a 0-20 track (1.7d, 1.7e, 3.4), aircraft in the turn box until which
they may loiter (2.2b). The window draws them; the panels' rows say the same in words."""

from __future__ import annotations

from typing import Any

from app.games.semper_fi.data import NK, US
from app.games.semper_fi.state import SFState

TOP = 20                                   # the last box holds 20 and more
COLOURS = {"he": "#8E3B2E", "smoke": "#7B7D7D", "illum": "#D4AC0D", "mortar": "#4A6B2F"}
SHORT = {"he": "HE", "smoke": "Sm", "illum": "Il"}


def _box(n: int) -> int:
    return max(0, min(TOP, n))


def ammunition(state: SFState, side: str | None) -> dict[str, Any] | None:
    markers: list[dict[str, Any]] = []
    exact: list[str] = []
    for g in state.scen.get("artillery", []) or []:
        if side is not None and g.get("side") != side:
            continue
        for k in ("he", "smoke", "illum"):
            key = f"{g['id']}:{k}"
            if key in state.ammo:
                n = state.ammo[key]
                markers.append({"box": _box(n), "text": f"{g['id'].removesuffix('mm')}{SHORT[k][0]}",
                                "colour": COLOURS[k]})
                exact.append(f"{g['id']} {SHORT[k]} {n}")
    for m in state.scen.get("mortar", []) or []:
        if side is not None and m.get("side", NK) != side:
            continue
        n = state.mortar_fires.get(m["id"], 0)
        markers.append({"box": _box(n), "text": f"M{m['strength']}", "colour": COLOURS["mortar"]})
        exact.append(f"mortar str {m['strength']}: {n} ({state.mortar_used.get(m['id'], 0)} of "
                     f"{m['per_turn']} this turn)")
    if state.mortar_illum_left >= 0 and side in (None, US):
        markers.append({"box": _box(state.mortar_illum_left), "text": "MIl", "colour": COLOURS["illum"]})
        exact.append(f"mortar illum {state.mortar_illum_left}")
    if not markers:
        return None
    boxes = [{"label": str(i) if i < TOP else f"{TOP}+"} for i in range(TOP + 1)]
    return {"boxes": boxes, "markers": markers, "note": "; ".join(exact)}


def air(state: SFState) -> dict[str, Any] | None:
    if not state.scen.get("air"):
        return None
    turns = list(range(state.turn, min(state.turn + 3, len(state.clock) + 1)))
    boxes = [{"label": state.clock[i - 1][-4:], "current": i == state.turn} for i in turns]
    markers = [{"box": turns.index(a), "text": "F4U", "colour": "#1F4E79"}
               for a in sorted(state.air) if a in turns]
    n = len(state.air)
    return {"boxes": boxes, "markers": markers,
            "note": f"{n} F4U loitering; each may strike until the end of the turn of its box (2.2b)"
            if n else "No aircraft on station"}
