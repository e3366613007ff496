"""Table geometry for Take The High Ground!: bases, machine-gun cones, range bands and sight.

The rules ask the same few questions thousands of times a game (is this base in that cone,
how far from the gun is it, can the gun see it), so they are answered here in plain Python
arithmetic rather than through shapely objects. Every answer is meant to agree with
:mod:`app.engine.table` (``Cone.contains``, ``Cone.band``, ``Table.line_of_sight``,
``edge_distance``); ``tests/guts/test_geometry.py`` cross-checks them. The engine module is used
directly for loading and validating the table and for anything drawn.

Conventions are the engine's: inches, angles in degrees with 0 along +x and 90 along +y. In
Ridgeline's GUTS table +y points from the platoon's start edge towards the enemy ridge.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from app.engine.table import direction

EPS = 1e-9
XY = tuple[float, float]
Poly = list[XY]


# --------------------------------------------------------------------------- small helpers
# ``direction`` (a heading's unit vector) is the engine's, so the templates and these checks agree.


def bearing(a: XY, b: XY) -> float:
    """Heading in degrees [0, 360) from ``a`` to ``b``."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def angle_diff(a: float, b: float) -> float:
    """Signed difference ``a - b`` folded into [-180, 180)."""
    return (a - b + 180.0) % 360.0 - 180.0


def rect(cx: float, cy: float, w: float, h: float) -> Poly:
    """Corners of an axis-aligned base, counter-clockwise."""
    hw, hh = w / 2.0, h / 2.0
    return [(cx - hw, cy - hh), (cx + hw, cy - hh), (cx + hw, cy + hh), (cx - hw, cy + hh)]


def rect_point_distance(cx: float, cy: float, w: float, h: float, p: XY) -> float:
    """Distance from the nearest edge of an axis-aligned base to a point (0 inside)."""
    dx = max(abs(p[0] - cx) - w / 2.0, 0.0)
    dy = max(abs(p[1] - cy) - h / 2.0, 0.0)
    return math.hypot(dx, dy)


def rect_rect_distance(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """Edge-to-edge distance between two axis-aligned bases given as (cx, cy, w, h)."""
    dx = max(abs(a[0] - b[0]) - (a[2] + b[2]) / 2.0, 0.0)
    dy = max(abs(a[1] - b[1]) - (a[3] + b[3]) / 2.0, 0.0)
    return math.hypot(dx, dy)


def card_polygon(cx: float, cy: float, facing: float, w: float, length: float) -> Poly:
    """Corners of a card lying at (cx, cy), its long side along ``facing`` (counter-clockwise)."""
    ux, uy = direction(facing)
    nx, ny = -uy, ux
    hl, hw = length / 2.0, w / 2.0
    pts = [(cx + sx * hl * ux + sy * hw * nx, cy + sx * hl * uy + sy * hw * ny)
           for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    return _ccw(pts)


def polygon_distance(a: Poly, b: Poly) -> float:
    """Nearest-edge distance between two convex polygons (0 when they touch or overlap)."""
    if len(a) >= 3 and len(b) >= 3 and convex_touch(a, b):
        return 0.0
    return min(min(point_polygon_distance(p, b) for p in a), min(point_polygon_distance(q, a) for q in b))


def first_within(w: float, h: float, a: XY, b: XY, p: XY, r: float) -> float | None:
    """The first fraction t of a straight move a->b at which an axis-aligned base (w x h) comes
    within ``r`` of point ``p`` (its nearest edge), or None if it never does. The distance is a
    convex function of t (a convex shape sliding along a line), so a ternary search finds the
    closest moment and a bisection the first one inside ``r``."""
    def dist(t: float) -> float:
        return rect_point_distance(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), w, h, p)

    if point_segment_distance(p, a, b) - math.hypot(w / 2.0, h / 2.0) > r + 1e-9:
        return None          # the base's centre line never comes near enough: no search needed
    if dist(0.0) <= r + 1e-9:
        return 0.0
    lo, hi = 0.0, 1.0
    for _ in range(60):
        m1, m2 = lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0
        if dist(m1) <= dist(m2):
            hi = m2
        else:
            lo = m1
    best = (lo + hi) / 2.0
    if dist(best) > r + 1e-9 and dist(1.0) > r + 1e-9:
        return None
    if dist(best) > r + 1e-9:
        best = 1.0
    lo, hi = 0.0, best
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if dist(mid) <= r + 1e-9:
            hi = mid
        else:
            lo = mid
    return hi


def triangle(apex: XY, heading: float, length: float, width: float) -> Poly:
    """The cone template: apex, then the two far corners (same order as the engine's Cone)."""
    ax, ay = apex
    ux, uy = direction(heading)
    nx, ny = -uy, ux
    hw = width / 2.0
    return [(ax, ay), (ax + length * ux - hw * nx, ay + length * uy - hw * ny),
            (ax + length * ux + hw * nx, ay + length * uy + hw * ny)]


def half_angle(length: float, width: float) -> float:
    return math.degrees(math.atan2(width / 2.0, length))


def _ccw(poly: Poly) -> Poly:
    area = 0.0
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        area += x1 * y2 - x2 * y1
    return poly if area >= 0 else poly[::-1]


def _shadow(poly: Poly, ax: float, ay: float) -> tuple[float, float]:
    """The stretch of the axis (ax, ay) that ``poly`` covers when projected onto it."""
    ds = [x * ax + y * ay for x, y in poly]
    return min(ds), max(ds)


def convex_touch(a: Poly, b: Poly, eps: float = 1e-9) -> bool:
    """True if two convex polygons overlap or touch (separating-axis test)."""
    for poly in (a, b):
        n = len(poly)
        for i in range(n):
            x1, y1 = poly[i]
            x2, y2 = poly[(i + 1) % n]
            ax, ay = y1 - y2, x2 - x1
            norm = math.hypot(ax, ay)
            if norm == 0:
                continue
            ax, ay = ax / norm, ay / norm
            amin, amax = _shadow(a, ax, ay)
            bmin, bmax = _shadow(b, ax, ay)
            if amax < bmin - eps or bmax < amin - eps:
                return False
    return True


def point_in_convex(p: XY, poly: Poly, eps: float = 1e-12) -> bool:
    """Inside or on a counter-clockwise convex polygon."""
    x, y = p
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) < -eps:
            return False
    return True


def clip_convex(subject: Poly, clip: Poly) -> Poly:
    """Sutherland-Hodgman: the part of convex ``subject`` inside counter-clockwise convex ``clip``."""
    out = list(subject)
    n = len(clip)
    for i in range(n):
        if not out:
            break
        cx1, cy1 = clip[i]
        cx2, cy2 = clip[(i + 1) % n]

        def side(p: XY) -> float:
            return (cx2 - cx1) * (p[1] - cy1) - (cy2 - cy1) * (p[0] - cx1)

        inp, out = out, []
        for j in range(len(inp)):
            p, q = inp[j], inp[(j + 1) % len(inp)]
            sp, sq = side(p), side(q)
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def point_segment_distance(p: XY, a: XY, b: XY) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def point_polygon_distance(p: XY, poly: Poly) -> float:
    """Distance from a point to a convex polygon (0 inside)."""
    if len(poly) >= 3 and point_in_convex(p, _ccw(poly)):
        return 0.0
    if len(poly) == 1:
        return math.hypot(p[0] - poly[0][0], p[1] - poly[0][1])
    return min(point_segment_distance(p, poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


def convex_hull(points: Iterable[XY]) -> Poly:
    """Monotone chain, counter-clockwise, no repeated end point."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: XY, a: XY, b: XY) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: Poly = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: Poly = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def segment_clip(a: XY, b: XY, poly: Poly) -> tuple[float, float] | None:
    """Cyrus-Beck: the parameter interval [t0, t1] of segment a->b inside a ccw convex polygon."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        ex, ey = x2 - x1, y2 - y1
        # inside when cross(edge, p - p1) >= 0
        num = ex * (a[1] - y1) - ey * (a[0] - x1)
        den = ex * dy - ey * dx
        if abs(den) < 1e-15:
            if num < -1e-12:
                return None
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1 + 1e-12:
            return None
    return (t0, t1)


# --------------------------------------------------------------------------- cones
class ConeShape:
    """A laid cone of fire: triangle template plus its range bands (names and outer limits)."""

    __slots__ = ("apex", "heading", "length", "width", "bands", "tri", "_mink")

    def __init__(self, apex: XY, heading: float, length: float, width: float,
                 bands: Sequence[tuple[str, float]]):
        self.apex = (float(apex[0]), float(apex[1]))
        self.heading = float(heading)
        self.length = float(length)
        self.width = float(width)
        self.bands = [(str(n), float(v)) for n, v in bands]
        self.tri = _ccw(triangle(self.apex, self.heading, self.length, self.width))
        self._mink: dict[tuple[float, float], Poly] = {}

    def touches(self, cx: float, cy: float, w: float, h: float) -> bool:
        """Any part of the base inside or on the template (engine: ``Cone.contains``): the
        base's centre lies in the cone grown by the base (their Minkowski sum)."""
        ax, ay = self.apex
        # quick reject: farther than the template reaches
        reach = math.hypot(self.length, self.width / 2.0) + math.hypot(w, h) / 2.0
        if abs(cx - ax) > reach or abs(cy - ay) > reach:
            return False
        return point_in_convex((cx, cy), self.minkowski(w, h), eps=1e-9)

    def range_to(self, cx: float, cy: float, w: float, h: float) -> float | None:
        """Radial distance from the apex to the nearest part of the base inside the cone."""
        if not self.touches(cx, cy, w, h):
            return None
        inside = clip_convex(rect(cx, cy, w, h), self.tri)
        if len(inside) < 3:
            return rect_point_distance(cx, cy, w, h, self.apex)
        return point_polygon_distance(self.apex, inside)

    def band_touching(self, cx: float, cy: float, w: float, h: float) -> str:
        """:meth:`band` for a base already known to touch the cone: the exact clip is only
        computed when the nearest point of the whole base and its far side straddle a limit."""
        lo = rect_point_distance(cx, cy, w, h, self.apex)
        b = band_for(lo, self.bands)
        if b == band_for(lo + math.hypot(w, h), self.bands):
            return b
        inside = clip_convex(rect(cx, cy, w, h), self.tri)
        d = lo if len(inside) < 3 else point_polygon_distance(self.apex, inside)
        return band_for(d, self.bands)

    def band(self, cx: float, cy: float, w: float, h: float) -> str | None:
        """Range band of a base in the cone (a base past the last limit, in the far corners of the
        triangle, counts in the last band); None outside the cone."""
        d = self.range_to(cx, cy, w, h)
        if d is None:
            return None
        return band_for(d, self.bands)

    def minkowski(self, w: float, h: float) -> Poly:
        """Where a w x h base's centre may be for the base to touch the cone."""
        key = (w, h)
        if key not in self._mink:
            hw, hh = w / 2.0, h / 2.0
            pts = [(x + sx * hw, y + sy * hh) for x, y in self.tri for sx in (-1, 1) for sy in (-1, 1)]
            self._mink[key] = convex_hull(pts)
        return self._mink[key]

    def path_interval(self, a: XY, b: XY, w: float, h: float) -> tuple[float, float] | None:
        """Parameters [t0, t1] of the move a->b (base centre) during which the base touches the cone."""
        if a == b:
            return (0.0, 0.0) if self.touches(a[0], a[1], w, h) else None
        return segment_clip(a, b, self.minkowski(w, h))


def band_for(d: float, bands: Sequence[tuple[str, float]]) -> str:
    for name, limit in bands:
        if d <= limit + EPS:
            return name
    return bands[-1][0]


# --------------------------------------------------------------------------- sight
class Sight:
    """Line of sight over a table's blocking features, the engine's rule computed by shadows.

    Engine rule (``Table.los_blockers``): sight runs centre to centre and a ``blocks_los``
    feature blocks when the line passes through its interior, except for the stretch inside a
    feature where either end stands. For a convex blocker seen from outside that is exactly the
    region behind it: the hull of the blocker and its projection away from the viewer, minus
    the blocker itself. The table's blocking features are convex (areas) or straight two-point
    lines (crests, walls), which ``validate_blockers`` checks.
    """

    FAR = 1000.0

    def __init__(self, features: Iterable[dict[str, Any]]):
        self.blockers: list[tuple[str, Poly, tuple[float, float, float, float]]] = []
        for f in features:
            attrs = f.get("attrs", {}) or {}
            if not attrs.get("blocks_los"):
                continue
            poly = footprint(f)
            if poly is None:
                continue
            xs = [p[0] for p in poly]
            ys = [p[1] for p in poly]
            self.blockers.append((f["id"], poly, (min(xs), min(ys), max(xs), max(ys))))
        self._shadows: dict[XY, list[tuple[Poly, Poly, tuple[float, float, float, float]]]] = {}

    def shadows(self, viewer: XY) -> list[tuple[float, float, float, Poly, Poly]]:
        """For each blocker the viewer is not standing in: (centre angle, half-width in degrees,
        nearest distance, shadow hull, blocker outline)."""
        key = (round(viewer[0], 6), round(viewer[1], 6))
        got = self._shadows.get(key)
        if got is not None:
            return got
        out = []
        vx, vy = viewer
        for _fid, poly, _bb in self.blockers:
            if point_polygon_distance(viewer, poly) <= 1e-9:
                continue  # the viewer stands in it: sees out of it
            pts = list(poly)
            for x, y in poly:
                dx, dy = x - vx, y - vy
                d = math.hypot(dx, dy)
                k = self.FAR / d if d > 0 else 0.0
                pts.append((vx + dx * (1 + k), vy + dy * (1 + k)))
            hull = convex_hull(pts)
            ref = bearing(viewer, poly[0])
            offs = [angle_diff(bearing(viewer, p), ref) for p in poly]
            lo, hi = min(offs), max(offs)
            near = point_polygon_distance(viewer, poly)
            out.append(((ref + (lo + hi) / 2.0) % 360.0, (hi - lo) / 2.0 + 1e-6, near, hull, poly))
        if len(self._shadows) > 4096:
            self._shadows.clear()
        self._shadows[key] = out
        return out

    def visible(self, viewer: XY, target: XY) -> bool:
        """True if nothing blocks sight from ``viewer`` to ``target`` (both centre points)."""
        vx, vy = viewer
        dx, dy = target[0] - vx, target[1] - vy
        dist = math.hypot(dx, dy)
        theta = None
        for centre_deg, half, near, hull, poly in self.shadows(viewer):
            if dist < near:
                continue
            if theta is None:
                theta = math.degrees(math.atan2(dy, dx))
            if abs((theta - centre_deg + 180.0) % 360.0 - 180.0) > half + 1e-7:
                continue
            if point_in_convex(target, hull, eps=1e-9) and not point_in_convex(target, poly, eps=1e-9):
                return False
        return True


def footprint(f: dict[str, Any]) -> Poly | None:
    """Convex outline of a blocking feature: its polygon, or a straight line widened by its width."""
    if "polygon" in f:
        pts = [(float(x), float(y)) for x, y in f["polygon"]]
        if len(pts) > 1 and pts[0] == pts[-1]:
            pts = pts[:-1]
        return _ccw(pts)
    line = f.get("line")
    if not line or len(line) != 2:
        return None
    (x1, y1), (x2, y2) = line
    attrs = f.get("attrs", {}) or {}
    width = float(attrs.get("width", 1.0 if f.get("kind") == "road" else 0.0))
    dx, dy = x2 - x1, y2 - y1
    L = math.hypot(dx, dy)
    if L == 0:
        return None
    hw = max(width, 1e-6) / 2.0
    nx, ny = -dy / L * hw, dx / L * hw
    return _ccw([(x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x2 - nx, y2 - ny), (x2 + nx, y2 + ny)])


def validate_blockers(features: Iterable[dict[str, Any]]) -> list[tuple[str, str]]:
    """Problems that would make :class:`Sight` disagree with the engine's line of sight."""
    problems = []
    for i, f in enumerate(features):
        attrs = f.get("attrs", {}) or {}
        if not attrs.get("blocks_los"):
            continue
        if "line" in f:
            if len(f["line"]) != 2:
                problems.append((f"features[{i}].line", "a sight-blocking line must be one straight "
                                 "segment (two points); split it into several features"))
        elif "polygon" in f:
            pts = [tuple(p) for p in f["polygon"]]
            if len(pts) > 1 and pts[0] == pts[-1]:
                pts = pts[:-1]
            if len(convex_hull(pts)) != len(set(pts)):
                problems.append((f"features[{i}].polygon", "a sight-blocking area must be convex"))
    return problems
