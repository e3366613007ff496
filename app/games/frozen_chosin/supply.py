"""Supply (FC-11): markers project 12 inches; a base touching the chain (1 inch) of in-supply
friends is in supply too. Determined when a regiment activates; out-of-supply bases move by dice
(FC-4.3) and lose a firepower die (FC-7.7)."""

from __future__ import annotations

from shapely.geometry import Point

from app.games.frozen_chosin.common import G, R, fast_gap, live, point_gap
from app.games.frozen_chosin.state import FCState


def sources(st: FCState, side: str) -> list[tuple[float, float]]:
    """Points that project supply for ``side``: its markers, and Hagaru-ri while the Allies
    hold it (Hagaru Firebase, FC-14.2)."""
    pts = [(m.x, m.y) for m in st.markers.values() if m.side == side]
    if side == "un":
        from app.games.frozen_chosin.special import hagaru_held
        g = G(st)
        town = g.town("Hagaru")
        if town is not None and hagaru_held(st):
            c = town.centroid
            pts.append((c.x, c.y))
    return pts


def _box_gap(box: tuple[float, float, float, float], x: float, y: float) -> float:
    """Distance from a point to a bounding box: never more than to the shape inside it."""
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return (dx * dx + dy * dy) ** 0.5 - 1e-9


def in_supply(st: FCState, side: str) -> set[str]:
    """Ids of ``side``'s bases in supply now (FC-11.1). Chinese entry zones count as sources."""
    radius = float(R("supply_radius"))
    chain = float(R("supply_chain"))
    srcs = sources(st, side)
    zones = list(G(st).zones.values()) if side == "pva" else []
    mine = list(live(st, side))
    got: set[str] = set()
    boxes = [z.bounds for z in zones]
    for b in mine:
        if any(abs(b.x - x) - b.w / 2 <= radius + 1e-9 and point_gap(b, x, y) <= radius + 1e-9 for x, y in srcs) or \
                any(_box_gap(bx, b.x, b.y) <= radius and z.distance(Point(b.x, b.y)) <= radius
                    for z, bx in zip(zones, boxes)):
            got.add(b.id)
    frontier = [b for b in mine if b.id in got]
    rest = [b for b in mine if b.id not in got]
    while frontier and rest:
        new = [b for b in rest if any(abs(b.x - f.x) - (b.w + f.w) / 2 <= chain + 1e-9
                                      and fast_gap(b, f) <= chain + 1e-9 for f in frontier)]
        if not new:
            break
        got.update(b.id for b in new)
        rest = [b for b in rest if b.id not in got]
        frontier = new
    return got
