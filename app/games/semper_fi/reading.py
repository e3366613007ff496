"""Semper Fi! overlays for reading a position (``ridgeline show``, hook ``show_overlays``).

Named by what they show, for each side the reader may see (one side, or both for the umpire):

* ``spotted-by-<side>``: hexes of revealed enemy units that side's units on the map can see now
  (spotting range C5.2 and line of sight C5.1);
* ``hidden-<side>``: that side's own hidden units (1.3), never given to the other side;
* ``sight-<unit>``: for each unit of that side, a line to every enemy unit it sees, with the
  range, so a reader can check a fire before writing it;
* ``pending-<n>``: the hexes a decision owed is about (a retreat's start, an overwatch trigger).
"""

from __future__ import annotations

from typing import Any

from app.games.semper_fi.data import NK, US
from app.games.semper_fi.sight import sees, spotting_range
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd, other, udef

SIDE_WORDS = {US: "US", NK: "North Korean"}


def show_overlays(state: SFState, side: str | None) -> list[dict[str, Any]]:
    b = bd(state)
    out: list[dict[str, Any]] = []
    for s in (side,) if side in (US, NK) else (US, NK):
        mine = sorted(u for u, x in state.units.items() if udef(u).side == s and x.at in b.hexset)
        foes = sorted(u for u, x in state.units.items()
                      if udef(u).side == other(s) and x.at in b.hexset and not x.hidden)
        spotted: set[str] = set()
        for u in mine:
            here = state.units[u].at
            lines = []
            for f in foes:
                fs = state.units[f]
                if sees(state, b, here, fs.at, spotting_range(state, b, fs.at, fs.fired, fs.dug_in)):
                    spotted.add(fs.at)
                    lines.append({"to": fs.at, "unit": f, "range": b.grid.distance(here, fs.at)})
            if lines:
                out.append({"id": f"sight-{u}", "kind": "lines", "from": here, "lines": lines,
                            "label": f"{udef(u).label} sees"})
        out.append({"id": f"spotted-by-{s}", "kind": "hexes", "hexes": sorted(spotted),
                    "label": f"Seen by the {SIDE_WORDS[s]} player"})
        out.append({"id": f"hidden-{s}", "kind": "hexes",
                    "hexes": sorted({state.units[u].at for u in mine if state.units[u].hidden}),
                    "label": f"{SIDE_WORDS[s]} units still hidden"})
    for i, p in enumerate(state.pending):
        if side in (US, NK) and p.side != side and p.kind == "retreat":
            continue
        hexes = [h for h in [p.hex, *p.other.split(",")] if h and h in b.hexset]
        out.append({"id": f"pending-{i}", "kind": "hexes", "hexes": hexes, "decision": p.kind,
                    "side": p.side, "label": f"Waiting for: {p.kind.replace('-', ' ')}"})
    return out
