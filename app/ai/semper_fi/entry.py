"""Which map edge each Chinese regiment comes in by (C14.6; 7.4, and 7.3's edge variants).

The four places the victory reads (objectives.places) are far apart on the Hagaru map: the
north-east edge is 6-8 hexes from the supply dump and the part of East Hill that sees the town,
the south-west edge 12 from the airfield and 24 from the dump. A regiment's edge is chosen so
that, with the edges already given to the other regiments, every place has a regiment coming in
near it soon: the sum over the places of the hexes (and hours, at a few hexes an hour) from the
nearest chosen edge to each place is made as small as it can be, one regiment at a time.
"""

from __future__ import annotations

from typing import Any

from app.games.semper_fi import edge_entry
from app.games.semper_fi.scenario import area_cached
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd

from app.ai.semper_fi.evaluate import nearest
from app.ai.semper_fi.objectives import places

#: Hexes a Chinese infantry unit covers in an hour at night, on the way in: a later edge costs
#: this many hexes of distance for every turn it waits.
HEXES_AN_HOUR = 3


def edge_cost(state: SFState, chosen: dict[str, str]) -> float:
    """Sum over the places of the distance (in hexes, waiting counted) from the nearest edge
    among ``chosen`` (regiment -> edge id); a place no edge serves counts 40."""
    regs = edge_entry.regiments(state.scen)
    b = bd(state)
    reach: list[tuple[frozenset[str], int]] = []
    for reg, eid in chosen.items():
        x = next((x for x in (regs.get(reg) or {}).get("edges", []) or [] if x.get("id") == eid), None)
        if x is None:
            continue
        hexes = frozenset(area_cached(b, {"region": x["region"]})) & b.hexset
        wait = max(0, edge_entry.arrival_turn(state, x) - 1)
        reach.append((hexes, HEXES_AN_HOUR * wait))
    total = 0.0
    for _name, spot in places(state):
        best = 40.0
        for hexes, wait in reach:
            if hexes:
                best = min(best, float(min(nearest(state, h, spot) for h in hexes) + wait))
        total += best
    return total


def score(state: SFState, a: dict[str, Any]) -> float:
    """An entry-edge action: above every other set-up choice, the cheapest edge highest."""
    chosen = dict(state.edges)
    chosen[str(a["regiment"])] = str(a["edge"])
    shared = any(e == a["edge"] for r, e in state.edges.items() if r != a["regiment"])
    # at equal cost two regiments on two edges (a second way in) rather than one
    return 2.0 - (edge_cost(state, chosen) + (0.5 if shared else 0.0)) / 1000.0
