"""The table as Frozen Chosin reads it: roads as a network, the lake, cliffs, sight, places.

Built once per table file on the engine's :class:`~app.engine.table.Table` (shapely). Road moves
are measured along the roads (FC-4.1), not as the crow flies, so the table's road lines form a
graph sampled every half inch; junctions join where one road ends on or crosses another.
"""

from __future__ import annotations

import heapq
import math
from functools import lru_cache
from typing import Iterable, Sequence

from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union
from shapely.prepared import prep

from app.engine.table import Table
from app.games.frozen_chosin import data as D

XY = tuple[float, float]
STEP = 0.5


def rect(x: float, y: float, w: float, h: float) -> Polygon:
    return box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


class Zone:
    """An area asked many times whether a base touches it: prepared once, with a bounding-box
    test first (a base whose box lies wholly outside the area's box cannot touch it)."""

    def __init__(self, area: Polygon):
        self.area = area
        self._prep = prep(area)
        self.box = area.bounds

    def touches_base(self, x: float, y: float, w: float, h: float) -> bool:
        x0, y0, x1, y1 = self.box
        if x + w / 2 < x0 or x - w / 2 > x1 or y + h / 2 < y0 or y - h / 2 > y1:
            return False
        return bool(self._prep.intersects(rect(x, y, w, h)))


class Ground:
    """Geometric questions the rules ask of one table."""

    def __init__(self, table: Table, road_width: float = 1.0):
        self.table = table
        self.width, self.height = table.width, table.height
        self.half_road = road_width / 2
        lakes = [f.geometry for f in table.features("lake")]
        self.lake = unary_union(lakes) if lakes else Polygon()
        self.cliffs = [f.geometry for f in table.features("cliff")]
        self._lake_p = prep(self.lake) if not self.lake.is_empty else None
        self._lake_box = self.lake.bounds if not self.lake.is_empty else None
        self._cliff_p = prep(unary_union(self.cliffs)) if self.cliffs else None
        self._cliff_box = unary_union(self.cliffs).bounds if self.cliffs else None
        self._cliff_each = [(prep(c), c.bounds) for c in self.cliffs]
        self._sight: dict[tuple[float, float, float, float], bool] = {}
        self._ice: dict[tuple[float, float, float, float], bool] = {}
        self.roads = [f.geometry for f in table.features("road")]
        self.road_union = unary_union(self.roads) if self.roads else LineString()
        self.places = {f.id: f.geometry.centroid for f in table.features("place")}
        self.towns = {f.id: f for f in table.features("town")}
        self.zones = {int(f.attrs.get("number", 0)): f.geometry for f in table.features("entry-zone")}
        self._on_road: dict[tuple[float, float], bool] = {}
        self._near: dict[tuple[float, float], int | None] = {}
        self._zones: dict[tuple[str, float], Zone | None] = {}
        self._build_roads()

    # ------------------------------------------------------------ roads
    def _build_roads(self) -> None:
        nodes: list[XY] = []
        adj: list[list[tuple[int, float]]] = []
        per_road: list[list[int]] = []

        def add(p: XY) -> int:
            nodes.append(p)
            adj.append([])
            return len(nodes) - 1

        def link(a: int, b: int) -> None:
            d = math.dist(nodes[a], nodes[b])
            adj[a].append((b, d))
            adj[b].append((a, d))

        for line in self.roads:
            n = max(1, int(math.ceil(line.length / STEP)))
            ids = []
            for i in range(n + 1):
                pt = line.interpolate(line.length * i / n)
                ids.append(add((pt.x, pt.y)))
                if i:
                    link(ids[-2], ids[-1])
            per_road.append(ids)
        # junctions: a road's end on another road, or two roads crossing
        for i, a in enumerate(self.roads):
            for j, b in enumerate(self.roads):
                if i >= j:
                    continue
                spots: list[Point] = []
                inter = a.intersection(b)
                if not inter.is_empty:
                    spots += [g for g in getattr(inter, "geoms", [inter]) if g.geom_type == "Point"]
                for end in (Point(a.coords[0]), Point(a.coords[-1])):
                    if end.distance(b) <= 1.0:
                        spots.append(end)
                for end in (Point(b.coords[0]), Point(b.coords[-1])):
                    if end.distance(a) <= 1.0:
                        spots.append(end)
                for s in spots:
                    na = min(per_road[i], key=lambda k: math.dist(nodes[k], (s.x, s.y)))
                    nb = min(per_road[j], key=lambda k: math.dist(nodes[k], (s.x, s.y)))
                    if na != nb:
                        link(na, nb)
        self.nodes = nodes
        self.adj = adj
        self._dist: dict[int, tuple[list[float], list[int]]] = {}

    def on_road(self, p: XY) -> bool:
        if not self.roads:
            return False
        key = (round(p[0], 3), round(p[1], 3))
        got = self._on_road.get(key)
        if got is None:
            got = self._on_road[key] = self.road_union.distance(Point(p)) <= self.half_road + 1e-9
            if len(self._on_road) > 200000:
                self._on_road.clear()
        return got

    def node_near(self, p: XY) -> int | None:
        if not self.nodes:
            return None
        key = (round(p[0], 3), round(p[1], 3))
        if key in self._near:
            return self._near[key]
        best = min(range(len(self.nodes)), key=lambda k: math.dist(self.nodes[k], p))
        got = best if math.dist(self.nodes[best], p) <= self.half_road + STEP else None
        if len(self._near) > 100000:
            self._near.clear()
        self._near[key] = got
        return got

    def distances(self, start: int) -> list[float]:
        return self._search(start)[0]

    def _search(self, start: int) -> tuple[list[float], list[int]]:
        got = self._dist.get(start)
        if got is None:
            dist = [math.inf] * len(self.nodes)
            prev = [-1] * len(self.nodes)
            dist[start] = 0.0
            heap = [(0.0, start)]
            while heap:
                d, u = heapq.heappop(heap)
                if d > dist[u]:
                    continue
                for v, w in self.adj[u]:
                    nd = d + w
                    if nd < dist[v]:
                        dist[v] = nd
                        prev[v] = u
                        heapq.heappush(heap, (nd, v))
            got = self._dist[start] = (dist, prev)
        return got

    def road_path(self, p: XY, q: XY) -> list[XY]:
        """The points a road move from ``p`` to ``q`` passes, in order (empty when off road)."""
        a, b = self.node_near(p), self.node_near(q)
        if a is None or b is None:
            return []
        dist, prev = self._search(a)
        if dist[b] == math.inf:
            return []
        out = [q]
        k = b
        while k != -1 and k != a:
            out.append(self.nodes[k])
            k = prev[k]
        out.append(p)
        return out[::-1]

    def road_distance(self, p: XY, q: XY) -> float:
        """Inches along the roads from ``p`` to ``q`` (inf when either is off the roads)."""
        if not (self.on_road(p) and self.on_road(q)):
            return math.inf
        a, b = self.node_near(p), self.node_near(q)
        if a is None or b is None:
            return math.inf
        return self.distances(a)[b]

    def road_reach(self, p: XY, limit: float) -> list[tuple[XY, float]]:
        """Road nodes within ``limit`` inches of ``p`` along the roads, with their distance."""
        a = self.node_near(p)
        if a is None or not self.on_road(p):
            return []
        dist = self.distances(a)
        return [(self.nodes[k], d) for k, d in enumerate(dist) if d <= limit]

    # ------------------------------------------------------------ ground
    def on_table(self, x: float, y: float, w: float, h: float) -> bool:
        return w / 2 - 1e-9 <= x <= self.width - w / 2 + 1e-9 and h / 2 - 1e-9 <= y <= self.height - h / 2 + 1e-9

    def _near_lake(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        b = self._lake_box
        return b is not None and not (x1 < b[0] or x0 > b[2] or y1 < b[1] or y0 > b[3])

    def on_ice(self, p: XY) -> bool:
        return self._near_lake(p[0], p[1], p[0], p[1]) and self._lake_p.contains(Point(p))  # type: ignore[union-attr]

    def touches_lake(self, x: float, y: float, w: float, h: float) -> bool:
        if not self._near_lake(x - w / 2, y - h / 2, x + w / 2, y + h / 2):
            return False
        key = (round(x, 3), round(y, 3), w, h)
        got = self._ice.get(key)
        if got is None:
            if len(self._ice) > 100000:
                self._ice.clear()
            r = rect(x, y, w, h)
            got = self._ice[key] = bool(self._lake_p.intersects(r) and self.lake.intersection(r).area > 1e-6)  # type: ignore[union-attr]
        return got

    def path_on_lake(self, p: XY, q: XY) -> bool:
        if p == q or not self._near_lake(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1])):
            return False
        seg = LineString([p, q])
        return self._lake_p.intersects(seg) and seg.intersection(self.lake).length > 1e-6  # type: ignore[union-attr]

    def crosses_cliff(self, p: XY, q: XY) -> bool:
        if p == q or self._cliff_p is None:
            return False
        lo_x, hi_x, lo_y, hi_y = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
        b = self._cliff_box
        if hi_x < b[0] or lo_x > b[2] or hi_y < b[1] or lo_y > b[3]:
            return False
        # the cliffs lie far apart: a move's box meets the box of one cliff at most, usually none
        seg = None
        for c, box_ in self._cliff_each:
            if hi_x < box_[0] or lo_x > box_[2] or hi_y < box_[1] or lo_y > box_[3]:
                continue
            seg = seg or LineString([p, q])
            if c.intersects(seg):
                return True
        return False

    def sees(self, a: XY, b: XY) -> bool:
        key = (round(a[0], 2), round(a[1], 2), round(b[0], 2), round(b[1], 2))
        got = self._sight.get(key)
        if got is None:
            if len(self._sight) > 100000:
                self._sight.clear()
            got = self._sight[key] = self.table.line_of_sight(a, b)[0]
        return got

    def place(self, pid: str) -> XY | None:
        c = self.places.get(pid)
        return (c.x, c.y) if c is not None else None

    def place_name(self, pid: str) -> str:
        """A place as the table names it for players ("Koto-ri" for ``koto-ri``)."""
        try:
            return self.table.feature(pid).name or pid
        except KeyError:
            return pid

    def in_town(self, name: str, p: XY) -> bool:
        for f in self.towns.values():
            if (f.attrs.get("name") or f.name or f.id).lower().startswith(name.lower()) \
                    and f.geometry.buffer(0.5).contains(Point(p)):
                return True
        return False

    def town_zone(self, name: str, pad: float) -> "Zone | None":
        """The town grown by ``pad`` inches, prepared for many questions (cached)."""
        key = (name, pad)
        if key not in self._zones:
            town = self.town(name)
            self._zones[key] = Zone(town.buffer(pad)) if town is not None else None
        return self._zones[key]

    def town(self, name: str) -> Polygon | None:
        for f in self.towns.values():
            if (f.attrs.get("name") or f.name or f.id).lower().startswith(name.lower()):
                return f.geometry
        return None


@lru_cache(maxsize=8)
def ground(path: str, road_width: float = 1.0) -> Ground:
    return Ground(D.table(path), road_width)


def free_spot(around: XY, w: float, h: float, taken: Sequence[Polygon], g: Ground,
              region: Polygon | None = None, allow_ice: bool = False, max_r: float = 12.0) -> XY | None:
    """The nearest spot to ``around`` where a w x h base fits on the table, off the lake (unless
    allowed), inside ``region`` if given, and overlapping no base in ``taken``."""
    occupied = unary_union(list(taken)) if taken else Polygon()
    occupied_p = prep(occupied) if not occupied.is_empty else None
    inside = region.buffer(1e-6) if region is not None else None
    r = 0.0
    while r <= max_r:
        n = 1 if r == 0 else max(8, int(2 * math.pi * r / 0.7))
        for k in range(n):
            a = 2 * math.pi * k / n
            x, y = around[0] + r * math.cos(a), around[1] + r * math.sin(a)
            if not g.on_table(x, y, w, h):
                continue
            box_ = rect(x, y, w, h)
            if inside is not None and not inside.contains(Point(x, y)):
                continue
            if not allow_ice and g.touches_lake(x, y, w, h):
                continue
            if occupied_p is not None and occupied_p.intersects(box_) and occupied.intersection(box_).area > 1e-6:
                continue
            return (round(x, 2), round(y, 2))
        r += 0.5
    return None


def edge_gap(a: Polygon, b: Polygon) -> float:
    return a.distance(b)


def overlapping(shape: Polygon, others: Iterable[Polygon]) -> bool:
    return any(shape.intersection(o).area > 1e-4 for o in others)
