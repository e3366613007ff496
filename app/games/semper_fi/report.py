"""Numbers for the end-of-game report (window hook ``report_metrics``, app/ui/end_report.py).

A side's strength is every step it still has in the game, on the map or waiting off it (so a
column marching on, or units being set up, is not read as a swing of fortune); its ground is the
hexes its units stand on, the high ground counted twice (the module's battles are fought for
the heights: 4.1, 5.1-5.3)."""

from __future__ import annotations


from app.games.semper_fi.data import SIDES
from app.games.semper_fi.state import ELIM, SFState
from app.games.semper_fi.units import bd, udef


def report_metrics(state: SFState) -> dict[str, dict[str, float]]:
    b = bd(state)
    high = int((state.scen.get("victory") or {}).get("min_elevation", 10**6))
    out = {s: {"strength": 0.0, "ground": 0.0} for s in SIDES}
    held: dict[str, set[str]] = {s: set() for s in SIDES}
    for uid, s in state.units.items():
        side = udef(uid).side
        if s.at == ELIM or s.steps <= 0:
            continue
        out[side]["strength"] += s.steps
        if s.at in b.hexset:
            held[side].add(s.at)
    for side, hexes in held.items():
        out[side]["ground"] = float(sum(2 if b.elevation(h) >= high else 1 for h in hexes))
    return out
