"""Free-movement tabletop measured in inches: terrain, bases, cones, line of sight.

Miniatures games (Bolt Action style, and Frozen Chosin's road/off-road moves)
have no grid: distances are measured with a tape between bases, fire arcs are
templates laid on the table, and terrain is a set of outlines.  This module
models that surface with shapely 2 so rules modules can ask geometric
questions without knowing about Qt or about any particular game.

Coordinates
    Inches, origin at one corner of the table, ``0 <= x <= width`` and
    ``0 <= y <= height``.  Angles are degrees, 0 pointing along +x and 90 along
    +y (counter-clockwise in maths orientation; whether +y is drawn up or down
    is the view's business).

Tolerance
    Comparisons against a measured limit ("within 6 inches", band edges) allow
    ``EPS`` (1e-9 in) of floating-point slack so a base placed exactly at 8" is
    at 8", not 8.000000000000002".
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterable, Literal, Mapping, Sequence, Union

import shapely
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from app.engine.datacheck import JsonDocument, checked_document, new_id

__all__ = [
    "EPS",
    "DEFAULT_ROAD_WIDTH",
    "Base",
    "Cone",
    "Feature",
    "Table",
    "TableError",
    "centre_distance",
    "cones_covering",
    "direction",
    "distance_to_point",
    "edge_distance",
    "validate_table",
    "within_radius",
]

EPS = 1e-9
#: Road width (inches) when a road feature has no ``width`` attribute.
DEFAULT_ROAD_WIDTH = 1.0
#: Circle bases are drawn/intersected as polygons with this many segments per quarter circle.
CIRCLE_QUAD_SEGS = 64
#: Sector cones approximate their arc with chords no wider than this many degrees.
ARC_STEP_DEG = 1.0

KIND = "table"
VERSION = 1
_GEOMETRY_KEYS = ("polygon", "line")
_UNKNOWN_GEOMETRY_KEYS = ("circle", "point", "points", "rect", "multipolygon", "multiline", "geometry", "ellipse")
_FEATURE_KEYS = {"id", "kind", "name", "polygon", "line", "holes", "attrs"}
_TOP_KEYS = {"kind", "version", "width", "height", "units", "features", "labels"}

XY = tuple[float, float]


def direction(deg: float) -> XY:
    """Unit vector for a heading, exact at multiples of 90 so axis-aligned templates have no 6e-17 noise
    (games on a table use it too, so their arithmetic agrees with these templates)."""
    r = deg % 360.0
    exact = {0.0: (1.0, 0.0), 90.0: (0.0, 1.0), 180.0: (-1.0, 0.0), 270.0: (0.0, -1.0)}
    if r in exact:
        return exact[r]
    rad = math.radians(r)
    return (math.cos(rad), math.sin(rad))


# --------------------------------------------------------------------------- bases
@dataclass(frozen=True)
class Base:
    """A model's base: a rotated rectangle or a circle, positioned by its centre.

    Use ``Base.rect`` / ``Base.circle``.  Distances involving circles are computed
    exactly (centre distance minus radius); ``geometry()`` is a fine polygon for
    drawing and for clipping against templates.
    """

    x: float
    y: float
    shape: Literal["rect", "circle"] = "rect"
    w: float = 0.0
    h: float = 0.0
    rotation: float = 0.0
    radius: float = 0.0
    id: str | None = None

    @classmethod
    def rect(cls, centre: XY, w: float, h: float, rotation: float = 0.0, id: str | None = None) -> "Base":
        """Rectangle ``w`` x ``h`` inches turned ``rotation`` degrees about its centre."""
        if w <= 0 or h <= 0:
            raise ValueError("rectangle base needs positive width and height")
        return cls(float(centre[0]), float(centre[1]), "rect", float(w), float(h), float(rotation), 0.0, id)

    @classmethod
    def circle(cls, centre: XY, radius: float, id: str | None = None) -> "Base":
        """Round base of ``radius`` inches."""
        if radius <= 0:
            raise ValueError("circle base needs a positive radius")
        return cls(float(centre[0]), float(centre[1]), "circle", radius=float(radius), id=id)

    @property
    def centre(self) -> XY:
        """Centre point, the reference for line of sight and centre-to-centre measuring."""
        return (self.x, self.y)

    def moved(self, centre: XY, rotation: float | None = None) -> "Base":
        """Copy at a new position (and optionally facing); bases are immutable values."""
        return Base(float(centre[0]), float(centre[1]), self.shape, self.w, self.h,
                    self.rotation if rotation is None else float(rotation), self.radius, self.id)

    def corners(self) -> list[XY]:
        """Rectangle corners counter-clockwise (empty for circles)."""
        if self.shape != "rect":
            return []
        ux, uy = direction(self.rotation)
        vx, vy = -uy, ux
        hw, hh = self.w / 2.0, self.h / 2.0
        return [(self.x + sx * hw * ux + sy * hh * vx, self.y + sx * hw * uy + sy * hh * vy)
                for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]

    def geometry(self) -> Polygon:
        """The base's footprint as a shapely polygon (circles: a 256-gon inscribed in the circle)."""
        if self.shape == "circle":
            return Point(self.x, self.y).buffer(self.radius, quad_segs=CIRCLE_QUAD_SEGS)
        return Polygon(self.corners())

    def _core(self) -> tuple[BaseGeometry, float]:
        """(geometry, inflation): distance to the base = distance to geometry - inflation, exactly."""
        if self.shape == "circle":
            return Point(self.x, self.y), self.radius
        return Polygon(self.corners()), 0.0

    def to_json(self) -> dict[str, Any]:
        """Plain dict for saved games."""
        out: dict[str, Any] = {"shape": self.shape, "x": self.x, "y": self.y}
        if self.shape == "circle":
            out["radius"] = self.radius
        else:
            out.update(w=self.w, h=self.h, rotation=self.rotation)
        if self.id is not None:
            out["id"] = self.id
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Base":
        """Inverse of ``to_json``."""
        if data.get("shape") == "circle":
            return cls.circle((data["x"], data["y"]), data["radius"], data.get("id"))
        return cls.rect((data["x"], data["y"]), data["w"], data["h"], data.get("rotation", 0.0), data.get("id"))


Locus = Union[Base, XY, Point]
"""Anything we can measure from: a base, an ``(x, y)`` pair or a shapely point."""


def _core(thing: Locus) -> tuple[BaseGeometry, float]:
    if isinstance(thing, Base):
        return thing._core()
    if isinstance(thing, Point):
        return thing, 0.0
    return Point(float(thing[0]), float(thing[1])), 0.0


def _centre(thing: Locus) -> XY:
    if isinstance(thing, Base):
        return thing.centre
    if isinstance(thing, Point):
        return (thing.x, thing.y)
    return (float(thing[0]), float(thing[1]))


def _area(thing: Locus) -> BaseGeometry:
    """Footprint for overlay operations (a point stays a point)."""
    return thing.geometry() if isinstance(thing, Base) else _core(thing)[0]


def edge_distance(a: Locus, b: Locus) -> float:
    """Closest approach between two bases/points, edge to edge; 0 when touching or overlapping."""
    ga, ra = _core(a)
    gb, rb = _core(b)
    return max(0.0, ga.distance(gb) - ra - rb)


def distance_to_point(thing: Locus, point: Locus) -> float:
    """Distance from the nearest edge of ``thing`` to a point (0 if the point is on/inside it)."""
    return edge_distance(thing, point)


def centre_distance(a: Locus, b: Locus) -> float:
    """Centre-to-centre distance, for rules that measure from the middle of the base."""
    (ax, ay), (bx, by) = _centre(a), _centre(b)
    return math.hypot(bx - ax, by - ay)


def within_radius(origin: Locus, r: float, bases: Iterable[Base]) -> list[Base]:
    """Bases any part of which is within ``r`` inches (edge distance, inclusive) of ``origin``.

    ``origin`` itself is never returned (compared by identity), so "friends within 6 inches
    of this base" works on the full list of bases.
    """
    return [b for b in bases if b is not origin and edge_distance(origin, b) <= r + EPS]


# --------------------------------------------------------------------------- cones
@dataclass(frozen=True)
class Cone:
    """A fire arc template laid from ``apex`` along ``heading_deg``.

    Triangle cone (default): width grows linearly from 0 at the apex to
    ``width_at_length`` at ``length`` and the template ends with a straight edge
    square to the axis (an HMG cone 5" wide at 24").  Sector variant
    (``Cone.sector``): every point within ``length`` of the apex and within
    ``half_angle_deg`` of the heading, i.e. a pie slice with a curved end.
    """

    apex: XY
    heading_deg: float
    length: float
    width_at_length: float = 0.0
    half_angle: float | None = None
    id: str | None = None

    def __post_init__(self) -> None:
        if self.length <= 0:
            raise ValueError("cone length must be positive")
        if self.half_angle is None and self.width_at_length <= 0:
            raise ValueError("triangle cone needs a positive width_at_length")
        if self.half_angle is not None and not 0 < self.half_angle <= 180:
            raise ValueError("sector half-angle must be in (0, 180] degrees")

    @classmethod
    def sector(cls, apex: XY, heading_deg: float, length: float, half_angle_deg: float,
               id: str | None = None) -> "Cone":
        """Pie-slice arc of radius ``length`` spanning ``heading ± half_angle_deg``."""
        return cls(apex, heading_deg, length, 0.0, float(half_angle_deg), id)

    @property
    def is_sector(self) -> bool:
        """True for the curved-end variant."""
        return self.half_angle is not None

    @property
    def half_angle_deg(self) -> float:
        """Half the opening angle (for a triangle cone: atan of half width over length)."""
        if self.half_angle is not None:
            return self.half_angle
        return math.degrees(math.atan2(self.width_at_length / 2.0, self.length))

    def half_width_at(self, distance: float) -> float:
        """Half width of a triangle cone at ``distance`` along its axis (0 beyond either end)."""
        if self.half_angle is not None:
            raise ValueError("half_width_at is for triangle cones; a sector is bounded by angle")
        if not 0 <= distance <= self.length:
            return 0.0
        return self.width_at_length / 2.0 * distance / self.length

    @cached_property
    def _poly(self) -> Polygon:
        ax, ay = self.apex
        ux, uy = direction(self.heading_deg)
        if self.half_angle is None:
            hw = self.width_at_length / 2.0
            L = self.length
            nx, ny = -uy, ux
            return Polygon([(ax, ay), (ax + L * ux - hw * nx, ay + L * uy - hw * ny),
                            (ax + L * ux + hw * nx, ay + L * uy + hw * ny)])
        if self.half_angle >= 180:
            return Point(ax, ay).buffer(self.length, quad_segs=CIRCLE_QUAD_SEGS)
        steps = max(2, math.ceil(2 * self.half_angle / ARC_STEP_DEG))
        steps += steps % 2  # even, so a vertex sits exactly on the axis at full length
        arc = []
        for i in range(steps + 1):
            a = self.heading_deg - self.half_angle + 2 * self.half_angle * i / steps
            dx, dy = direction(a)
            arc.append((ax + self.length * dx, ay + self.length * dy))
        return Polygon([(ax, ay), *arc])

    def polygon(self) -> Polygon:
        """The template outline as a shapely polygon (sector arcs are chorded every <= 1 degree)."""
        return self._poly

    def contains(self, thing: Locus) -> bool:
        """True if any part of the base (or the point) lies inside or on the template (within ``EPS``)."""
        geom, r = _core(thing)
        return self._poly.distance(geom) <= r + EPS

    def range_to(self, thing: Locus, measure: Literal["radial", "axial"] = "radial") -> float | None:
        """Distance from the apex to the nearest part of ``thing`` that lies inside the cone.

        ``radial`` is straight-line distance from the apex; ``axial`` is distance
        along the cone's axis (useful when a triangle template's far corners,
        slightly beyond ``length`` radially, must still count as in range).
        None when nothing of ``thing`` is inside.
        """
        if not self.contains(thing):
            return None
        inside = self._poly.intersection(_area(thing))
        if inside.is_empty:  # touching within EPS (or a tangent circle's polygon): use the touching point
            inside = nearest_points(self._poly, _core(thing)[0])[0]
        ax, ay = self.apex
        if measure == "axial":
            ux, uy = direction(self.heading_deg)
            coords = shapely.get_coordinates(inside)
            return max(0.0, float(min((x - ax) * ux + (y - ay) * uy for x, y in coords)))
        return float(Point(ax, ay).distance(inside))

    def band(self, thing: Locus, bands: Sequence[tuple[str, float]],
             measure: Literal["radial", "axial"] = "radial") -> str | None:
        """Name of the first range band whose limit covers ``range_to(thing)``; None if outside or beyond all.

        ``bands`` are ``(name, max_inches)`` in increasing order; a band includes its
        upper limit, so with ``[("close", 8), ("effective", 16)]`` exactly 8" is close.
        """
        d = self.range_to(thing, measure)
        if d is None:
            return None
        for name, limit in bands:
            if d <= limit + EPS:
                return name
        return None


def cones_covering(thing: Locus, cones: Iterable[Cone]) -> list[Cone]:
    """The cones that include any part of ``thing``, in the given order (len() = crossfire count)."""
    return [c for c in cones if c.contains(thing)]


# --------------------------------------------------------------------------- terrain
@dataclass(frozen=True)
class Feature:
    """A terrain piece: an outline (hill, woods, building ...) or a line (road, wall, cliff ...).

    ``kind`` is free text interpreted by the game; the engine only reads these
    attrs: ``blocks_los`` (bool), ``impassable`` (bool, used by ``reachable_region``)
    and ``width`` (inches; roads default to ``DEFAULT_ROAD_WIDTH``).
    """

    id: str
    kind: str
    geometry_type: Literal["polygon", "line"]
    points: tuple[XY, ...]
    name: str | None = None
    attrs: dict[str, Any] = field(default_factory=dict, hash=False)
    holes: tuple[tuple[XY, ...], ...] = ()
    extra: dict[str, Any] = field(default_factory=dict, hash=False, repr=False)

    @classmethod
    def polygon(cls, id: str, kind: str, points: Sequence[XY], name: str | None = None,
                holes: Sequence[Sequence[XY]] = (), **attrs: Any) -> "Feature":
        """Area feature; ``attrs`` as keywords, e.g. ``blocks_los=True, cover="heavy"``."""
        return cls(id, kind, "polygon", tuple(map(tuple, points)), name, attrs,
                   tuple(tuple(map(tuple, h)) for h in holes))

    @classmethod
    def line(cls, id: str, kind: str, points: Sequence[XY], name: str | None = None, **attrs: Any) -> "Feature":
        """Linear feature such as a road (``width=``) or a wall (``blocks_los=True``)."""
        return cls(id, kind, "line", tuple(map(tuple, points)), name, attrs)

    @property
    def is_line(self) -> bool:
        """True for roads, walls, rivers... (anything drawn as a polyline)."""
        return self.geometry_type == "line"

    @property
    def blocks_los(self) -> bool:
        """Only an explicit ``blocks_los`` attr blocks sight; the engine doesn't guess from kind."""
        return bool(self.attrs.get("blocks_los", False))

    @property
    def impassable(self) -> bool:
        """Explicit ``impassable`` attr (lakes, cliffs) — used as the default obstacles."""
        return bool(self.attrs.get("impassable", False))

    @property
    def width(self) -> float:
        """Physical width of a line feature in inches (roads default to 1")."""
        default = DEFAULT_ROAD_WIDTH if self.kind == "road" else 0.0
        return float(self.attrs.get("width", default))

    @cached_property
    def geometry(self) -> Polygon | LineString:
        """Exact shapely geometry of the outline or centre line."""
        if self.is_line:
            return LineString(self.points)
        return Polygon(self.points, [list(h) for h in self.holes])

    @cached_property
    def footprint(self) -> BaseGeometry:
        """Area on the table: the polygon, or the line widened by half its width (flat ends).

        A zero-width line stays a line.
        """
        if not self.is_line:
            return self.geometry
        if self.width <= 0:
            return self.geometry
        return self.geometry.buffer(self.width / 2.0, cap_style="flat", join_style="round")

    def to_json(self) -> dict[str, Any]:
        """Document dict; unknown keys read in are written back."""
        out: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.name is not None:
            out["name"] = self.name
        out[self.geometry_type] = [list(p) for p in self.points]
        if self.holes:
            out["holes"] = [[list(p) for p in h] for h in self.holes]
        out["attrs"] = dict(self.attrs)
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Feature":
        """Build from an already-validated feature dict."""
        gtype = "polygon" if "polygon" in data else "line"
        return cls(
            id=data["id"], kind=data["kind"], geometry_type=gtype,
            points=tuple(tuple(p) for p in data[gtype]), name=data.get("name"),
            attrs=dict(data.get("attrs", {})),
            holes=tuple(tuple(tuple(p) for p in h) for h in data.get("holes", [])),
            extra={k: v for k, v in data.items() if k not in _FEATURE_KEYS},
        )


class TableError(ValueError):
    """Invalid table document or edit; ``problems`` lists ``(field.path, message)``."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{p}: {m}" for p, m in problems) or "invalid table")


def _pieces(geom: BaseGeometry) -> list[BaseGeometry]:
    """Flatten a (multi/collection) geometry into its simple parts."""
    if geom.is_empty:
        return []
    return list(getattr(geom, "geoms", [geom]))


class Table(JsonDocument):
    """A table of ``width`` x ``height`` inches with terrain features and the queries rules need."""

    units = "in"

    def __init__(self, width: float, height: float, features: Iterable[Feature] = (),
                 labels: Iterable[Any] = (), extra: Mapping[str, Any] | None = None) -> None:
        if not (width > 0 and height > 0):
            raise TableError([("width", "table needs positive width and height")])
        self.width = width
        self.height = height
        self._features: dict[str, Feature] = {}
        self._cache: dict[Any, BaseGeometry] = {}
        self.labels: list[Any] = list(labels)
        self.extra: dict[str, Any] = dict(extra or {})
        for f in features:
            self.add_feature(f)

    # ----------------------------------------------------------------- features
    def add_feature(self, feature: Feature) -> Feature:
        """Add terrain; the id must be new and the geometry valid and on the table."""
        if feature.id in self._features:
            raise TableError([("id", f"duplicate feature id {feature.id!r}")])
        problems = _feature_problems("feature", feature.to_json(), self.width, self.height)
        if problems:
            raise TableError(problems)
        self._features[feature.id] = feature
        self._cache.clear()
        return feature

    def features(self, kind: str | None = None) -> list[Feature]:
        """Features in document order, optionally of one kind."""
        return [f for f in self._features.values() if kind is None or f.kind == kind]

    def feature(self, fid: str) -> Feature:
        """Feature by id; ``KeyError`` if unknown."""
        try:
            return self._features[fid]
        except KeyError:
            raise KeyError(f"unknown feature {fid!r}") from None

    @property
    def bounds(self) -> Polygon:
        """The table surface as a rectangle."""
        return box(0, 0, self.width, self.height)

    def on_table(self, thing: Locus) -> bool:
        """True if the whole base (or the point) is on the table, edges included."""
        return self.bounds.buffer(EPS).covers(_area(thing))

    def features_at(self, thing: Locus) -> list[Feature]:
        """Features whose footprint touches the point or any part of the base (for cover and terrain checks)."""
        geom, r = _core(thing)
        return [f for f in self._features.values() if f.footprint.distance(geom) <= r + EPS]

    def _region(self, key: str) -> BaseGeometry:
        """Cached union of footprints: ``"road"`` for road kinds, ``"poly:<kind>"`` for area kinds."""
        if key not in self._cache:
            if key.startswith("road:"):
                kinds = set(key[5:].split(","))
                geoms = [f.footprint for f in self._features.values() if f.is_line and f.kind in kinds]
            else:
                kind = key[5:]
                geoms = [f.geometry for f in self._features.values() if not f.is_line and f.kind == kind]
            self._cache[key] = unary_union(geoms) if geoms else Polygon()
        return self._cache[key]

    # ----------------------------------------------------------------- sight
    def los_blockers(self, a: Locus, b: Locus, ignore: Iterable[str] = ()) -> list[str]:
        """Ids of every feature blocking sight from ``a`` to ``b``, nearest to ``a`` first.

        Rule: sight runs centre to centre.  A feature blocks only if its
        ``blocks_los`` attr is true and the sight line passes through it, where

        * for an area, "through" means through its interior: grazing an edge or
          a corner does not block;
        * for a line (wall, cliff) any contact blocks, widened by its ``width``;
        * the stretch of sight line inside a feature that starts at either
          endpoint is ignored: you see out of the wood you stand in, and into the
          wood your target stands in.  If the line leaves that feature and
          re-enters it (a concave wood), the re-entry blocks.
        """
        pa, pb = _centre(a), _centre(b)
        if pa == pb:
            return []
        sight = LineString([pa, pb])
        ends = MultiPoint([pa, pb])
        skip = set(ignore)
        hits: list[tuple[float, int, str]] = []
        for order, f in enumerate(self._features.values()):
            if not f.blocks_los or f.id in skip:
                continue
            area = f.footprint
            if not sight.intersects(area):
                continue
            near = math.inf
            for piece in _pieces(sight.intersection(area)):
                if piece.distance(ends) <= EPS:
                    continue  # the stretch the viewer or target stands in
                if f.is_line or (piece.geom_type == "LineString" and area.relate_pattern(piece, "T********")):
                    near = min(near, Point(pa).distance(piece))
            if near < math.inf:
                hits.append((near, order, f.id))
        return [fid for _, _, fid in sorted(hits)]

    def line_of_sight(self, a: Locus, b: Locus, ignore: Iterable[str] = ()) -> tuple[bool, str | None]:
        """``(True, None)`` if ``a`` sees ``b``, else ``(False, id of the blocker nearest a)``; see ``los_blockers``."""
        blockers = self.los_blockers(a, b, ignore)
        return (not blockers, blockers[0] if blockers else None)

    # ----------------------------------------------------------------- movement
    def path_length_by_terrain(self, points: Sequence[XY], road_kinds: Sequence[str] = ("road",)) -> dict[str, float]:
        """Length of a move path split by terrain.

        ``"road"`` is the part inside any road's footprint (line widened by half its
        width) and ``"off-road"`` the rest, so those two always sum to the path
        length.  Each area kind the path enters (``"woods"``, ``"hill"`` ...) is added
        as an extra, overlapping tally of the length inside that kind (road
        stretches through a wood count towards both).  Kinds the path never enters
        are left out.  Segments are measured one by one, so doubling back counts twice.
        """
        roads = self._region("road:" + ",".join(sorted(road_kinds)))
        area_kinds = _unique(f.kind for f in self._features.values() if not f.is_line)
        out: dict[str, float] = {"road": 0.0, "off-road": 0.0}
        extra: dict[str, float] = {}
        for seg in _segments(points):
            on_road = seg.intersection(roads).length if not roads.is_empty else 0.0
            on_road = min(on_road, seg.length)
            out["road"] += on_road
            out["off-road"] += seg.length - on_road
            for kind in area_kinds:
                inside = seg.intersection(self._region("poly:" + kind)).length
                if inside > EPS:
                    extra[kind] = extra.get(kind, 0.0) + inside
        out.update({k: v for k, v in extra.items() if k not in out})
        return out

    def move_cost_inches(self, points: Sequence[XY], rates: Mapping[str, float],
                         road_kinds: Sequence[str] = ("road",)) -> float:
        """Fraction of a move a path uses, given inches-per-move rates by terrain.

        E.g. ``rates={"road": 12, "off-road": 6}``: 6" of road plus 3" off road is
        0.5 + 0.5 = 1.0 move.  Road stretches (if ``"road"`` is in ``rates``) go at
        the road rate whatever they pass through.  Elsewhere, if ``rates`` names
        area kinds (``"woods": 3``), a stretch inside such areas goes at the
        slowest listed rate among them; everything else at ``rates["off-road"]``.
        A rate of 0 means impassable: any length there makes the cost ``inf``.
        """
        if "off-road" not in rates:
            raise ValueError('rates must include "off-road"')
        roads = self._region("road:" + ",".join(sorted(road_kinds))) if "road" in rates else Polygon()
        area_rates = sorted((r, k) for k, r in rates.items() if k not in ("road", "off-road"))
        cost = 0.0

        def charge(length: float, rate: float) -> float:
            if length <= EPS:
                return 0.0
            return math.inf if rate <= 0 else length / rate

        for seg in _segments(points):
            rest: BaseGeometry = seg
            if not roads.is_empty:
                cost += charge(seg.intersection(roads).length, rates["road"])
                rest = seg.difference(roads)
            for rate, kind in area_rates:
                region = self._region("poly:" + kind)
                if rest.is_empty or region.is_empty:
                    continue
                cost += charge(rest.intersection(region).length, rate)
                rest = rest.difference(region)
            cost += charge(rest.length, rates["off-road"])
        return cost

    def lines_crossed(self, points: Sequence[XY], kinds: Sequence[str] | None = None) -> list[str]:
        """Ids of line features (rivers, walls, cliffs) the path touches, in document order."""
        path = LineString(points) if len(points) > 1 else Point(points[0])
        return [f.id for f in self._features.values()
                if f.is_line and (kinds is None or f.kind in kinds) and path.intersects(f.footprint)]

    def reachable_region(self, start: Locus, distance: float,
                         obstacles: Iterable[Feature | str | BaseGeometry] | None = None) -> BaseGeometry:
        """Where the centre of ``start`` could get within ``distance`` inches — an approximation.

        Built as: disc of radius ``distance`` round the start, clipped to the table,
        minus the obstacles, keeping only the part(s) connected to the start.  So
        walls that cut the disc in two are respected, but the extra length of a
        detour round an obstacle is NOT charged (a point straight behind a lake
        counts as reachable if you can get round the lake's end inside the disc).
        Obstacles default to features with ``impassable`` set; they may be given as
        features, feature ids or shapely geometries.  Lines become thin barriers.
        Returns an empty polygon if the start is inside an obstacle.
        """
        cx, cy = _centre(start)
        if obstacles is None:
            obstacles = [f for f in self._features.values() if f.impassable]
        blocks = []
        for o in obstacles:
            g = self.feature(o).footprint if isinstance(o, str) else o.footprint if isinstance(o, Feature) else o
            blocks.append(g.buffer(1e-6) if g.area == 0 else g)
        region = Point(cx, cy).buffer(distance, quad_segs=CIRCLE_QUAD_SEGS).intersection(self.bounds)
        if blocks:
            region = region.difference(unary_union(blocks))
        origin = Point(cx, cy)
        parts = [p for p in _pieces(region) if p.geom_type == "Polygon" and p.distance(origin) <= EPS]
        if not parts:
            return Polygon()
        return parts[0] if len(parts) == 1 else unary_union(parts)

    # ----------------------------------------------------------------- JSON
    def _known_json(self) -> dict[str, Any]:
        """Document dict (``json.dumps``-ready); ``to_json`` adds the unknown keys read in."""
        return {"kind": KIND, "version": VERSION, "width": self.width, "height": self.height,
                "units": self.units, "features": [f.to_json() for f in self._features.values()],
                "labels": list(self.labels)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> "Table":
        """Build from a document dict or JSON text; raises ``TableError`` listing every problem."""
        data = checked_document(data, validate_table, TableError)
        return cls(data["width"], data["height"], [Feature.from_json(f) for f in data.get("features", [])],
                   data.get("labels", []), {k: v for k, v in data.items() if k not in _TOP_KEYS})


def _unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _segments(points: Sequence[XY]) -> list[LineString]:
    """Non-degenerate straight legs of a path (measured separately so overlaps aren't merged)."""
    return [LineString([p, q]) for p, q in zip(points, points[1:]) if tuple(p) != tuple(q)]


# --------------------------------------------------------------------------- validation
def _is_number(v: object) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _fmt(v: float) -> str:
    return f"{v:g}"


def _coords(path: str, raw: object, width: float | None, height: float | None,
            problems: list[tuple[str, str]]) -> list[XY] | None:
    """Check a coordinate list; returns it as tuples or None if malformed."""
    if not isinstance(raw, list):
        problems.append((path, "must be a list of [x, y] points"))
        return None
    pts: list[XY] = []
    ok = True
    for j, p in enumerate(raw):
        if not (isinstance(p, (list, tuple)) and len(p) == 2 and all(_is_number(c) for c in p)):
            problems.append((f"{path}[{j}]", "must be [x, y] with finite numbers"))
            ok = False
            continue
        x, y = float(p[0]), float(p[1])
        if width is not None and height is not None and not (
                -EPS <= x <= width + EPS and -EPS <= y <= height + EPS):
            problems.append((f"{path}[{j}]", f"point ({_fmt(x)}, {_fmt(y)}) is off the "
                                             f"{_fmt(width)}x{_fmt(height)} table"))
        pts.append((x, y))
    return pts if ok else None


_REASON = re.compile(r"^(?P<what>[^\[]+)\[(?P<x>\S+) (?P<y>\S+)\]")


def _ring_problems(path: str, pts: list[XY], what: str, problems: list[tuple[str, str]]) -> list[XY] | None:
    if len(pts) > 1 and pts[0] == pts[-1]:
        pts = pts[:-1]
    if len(set(pts)) < 3:
        problems.append((path, f"{what} needs at least 3 distinct points"))
        return None
    return pts


def _feature_problems(p: str, f: Mapping[str, Any], width: float | None, height: float | None
                      ) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    add = lambda path, msg: problems.append((path, msg))  # noqa: E731
    if not isinstance(f.get("kind"), str) or not f.get("kind"):
        add(f"{p}.kind", "missing or empty kind")
    if "name" in f and f["name"] is not None and not isinstance(f["name"], str):
        add(f"{p}.name", "must be a string")
    present = [k for k in _GEOMETRY_KEYS if k in f]
    unknown = [k for k in _UNKNOWN_GEOMETRY_KEYS if k in f]
    if len(present) > 1:
        add(p, "has both polygon and line; give exactly one")
    elif not present:
        if unknown:
            add(f"{p}.{unknown[0]}", f"unknown geometry {unknown[0]!r} (use 'polygon' or 'line')")
        else:
            add(p, "missing geometry: give 'polygon' or 'line'")
    elif present[0] == "polygon":
        pts = _coords(f"{p}.polygon", f["polygon"], width, height, problems)
        ring = _ring_problems(f"{p}.polygon", pts, "polygon", problems) if pts is not None else None
        holes: list[list[XY]] = []
        raw_holes = f.get("holes", [])
        if not isinstance(raw_holes, list):
            add(f"{p}.holes", "must be a list of rings")
            raw_holes = []
        for k, h in enumerate(raw_holes):
            hp = _coords(f"{p}.holes[{k}]", h, width, height, problems)
            hr = _ring_problems(f"{p}.holes[{k}]", hp, "hole", problems) if hp is not None else None
            if hr is None:
                ring = None
            else:
                holes.append(hr)
        if ring is not None:
            poly = Polygon(ring, holes)
            if MultiPoint(ring).convex_hull.area <= EPS:
                add(f"{p}.polygon", "polygon has no area (its points are in a line)")
            elif not poly.is_valid:
                reason = shapely.is_valid_reason(poly)
                m = _REASON.match(reason)
                if m:
                    what = m["what"].strip().lower()
                    add(f"{p}.polygon", f"{what} at ({_fmt(float(m['x']))}, {_fmt(float(m['y']))})")
                else:
                    add(f"{p}.polygon", f"invalid polygon: {reason}")
            elif poly.area <= EPS:
                add(f"{p}.polygon", "polygon has no area")
    else:
        pts = _coords(f"{p}.line", f["line"], width, height, problems)
        if pts is not None:
            if len(pts) < 2:
                add(f"{p}.line", "line needs at least 2 points")
            elif LineString(pts).length <= EPS:
                add(f"{p}.line", "line has zero length")
        if "holes" in f:
            add(f"{p}.holes", "only polygons can have holes")
    attrs = f.get("attrs", {})
    if not isinstance(attrs, Mapping):
        add(f"{p}.attrs", "must be an object")
    else:
        for key in ("blocks_los", "impassable"):
            if key in attrs and not isinstance(attrs[key], bool):
                add(f"{p}.attrs.{key}", "must be true or false")
        if "width" in attrs and not (_is_number(attrs["width"]) and attrs["width"] >= 0):
            add(f"{p}.attrs.width", "must be a non-negative number of inches")
        if "elevation" in attrs and not _is_number(attrs["elevation"]):
            add(f"{p}.attrs.elevation", "must be a number")
        if "cover" in attrs and not isinstance(attrs["cover"], str):
            add(f"{p}.attrs.cover", "must be a string")
        if "ice" in attrs and not isinstance(attrs["ice"], bool):
            add(f"{p}.attrs.ice", "must be true or false")
        for key in ("name", "to"):
            if key in attrs and not isinstance(attrs[key], str):
                add(f"{p}.attrs.{key}", "must be a string")
        if "number" in attrs and not (isinstance(attrs["number"], int) and not isinstance(attrs["number"], bool)
                                      and attrs["number"] >= 1):
            add(f"{p}.attrs.number", "must be a whole number from 1 up (an entry zone's die roll)")
    return problems


def validate_table(data: object) -> list[tuple[str, str]]:
    """Every problem in a table document as ``(field.path, message)``; empty means loadable.

    Catches malformed points, polygons with fewer than 3 points, self-intersecting
    or zero-area polygons, zero-length lines, points off the table, unknown
    geometry keys, duplicate ids and badly typed engine attrs; a document that passes
    is then held to the published table schema (``Table.from_json`` runs the same).
    """
    if not isinstance(data, Mapping):
        return [("", "document must be a JSON object")]
    problems: list[tuple[str, str]] = []
    add = lambda path, msg: problems.append((path, msg))  # noqa: E731
    if data.get("kind") != KIND:
        add("kind", f"expected {KIND!r}, got {data.get('kind')!r}")
    if data.get("version") != VERSION:
        add("version", f"unsupported version {data.get('version')!r} (expected {VERSION})")
    if data.get("units", "in") != "in":
        add("units", f"unsupported units {data.get('units')!r} (tables are measured in inches: 'in')")
    size_ok = True
    for key in ("width", "height"):
        v = data.get(key)
        if not (_is_number(v) and v > 0):
            add(key, "must be a positive number of inches")
            size_ok = False
    # Without a valid size we can't say what is "off the table", so skip that check.
    width = float(data["width"]) if size_ok else None
    height = float(data["height"]) if size_ok else None
    features = data.get("features", [])
    if not isinstance(features, list):
        add("features", "must be a list")
        features = []
    ids: set[str] = set()
    for i, f in enumerate(features):
        p = f"features[{i}]"
        if not isinstance(f, Mapping):
            add(p, "must be an object")
            continue
        problems.extend(new_id(f.get("id"), f"{p}.id", ids, "feature"))
        problems.extend(_feature_problems(p, f, width, height))
    labels = data.get("labels", [])
    if not isinstance(labels, list):
        add("labels", "must be a list")
    else:
        for i, lab in enumerate(labels):
            if not isinstance(lab, Mapping):
                add(f"labels[{i}]", "must be an object")
                continue
            for axis in ("x", "y"):
                if axis in lab and not _is_number(lab[axis]):
                    add(f"labels[{i}].{axis}", "must be a finite number")
    if not problems:  # then the published table schema: every other key's type
        from app.engine.schemas import TABLE_SCHEMA, schema_problems
        problems = schema_problems(data, TABLE_SCHEMA)
    return problems
