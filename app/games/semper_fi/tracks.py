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
    """The side's ammunition (artillery groups by type, nominal mortar pools, mortar illum) as a
    0-20 track with a marker each, and as ``rows`` of words for the panel."""
    entries: list[tuple[str, int, str, str, str]] = []        # row label, count, marker, colour, detail
    for g in state.scen.get("artillery", []) or []:
        if side is not None and g.get("side") != side:
            continue
        for k in ("he", "smoke", "illum"):
            key = f"{g['id']}:{k}"
            if key in state.ammo:
                n = state.ammo[key]
                entries.append((f"{g['id']} {k.upper()}", n, f"{g['id'].removesuffix('mm')}{SHORT[k][0]}",
                                COLOURS[k], str(n)))
    for m in state.scen.get("mortar", []) or []:
        if side is not None and m.get("side", NK) != side:
            continue
        n = state.mortar_fires.get(m["id"], 0)
        entries.append((f"Mortar str {m['strength']}", n, f"M{m['strength']}", COLOURS["mortar"],
                        f"{n} left, {state.mortar_used.get(m['id'], 0)} of {m['per_turn']} used this turn"))
    if state.mortar_illum_left >= 0 and side in (None, US):
        n = state.mortar_illum_left
        entries.append(("Mortar illum", n, "MIl", COLOURS["illum"], str(n)))
    if not entries:
        return None
    boxes = [{"label": str(i) if i < TOP else f"{TOP}+"} for i in range(TOP + 1)]
    return {"boxes": boxes,
            "markers": [{"box": _box(n), "text": mk, "colour": col} for _l, n, mk, col, _d in entries],
            "note": "; ".join(f"{label}: {d}" for label, _n, _m, _c, d in entries),
            "rows": [[label, d] for label, _n, _m, _c, d in entries]}


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
