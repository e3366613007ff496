#!/usr/bin/env python3
"""Build resources/frozen-chosin/table.json, the Frozen Chosin table in inches.

A designer's build script, run by hand; the game only reads the JSON it writes.  Nothing is
fetched: the places come from the latitudes and longitudes in FROZEN-CHOSIN-NOTES.md (Hagaru-ri,
Koto-ri, Toktong Pass) and from the campaign maps as we know them (the others, to about a
quarter of a mile), and every shape below (the reservoir, ridges, cliffs, entry zones) is drawn
by hand in table inches around those points.  Reasons are in resources/frozen-chosin/DECISIONS.md,
section "Table".

Scale: 2 inches to the mile, north up, origin top-left, y grows south.  Roads are drawn through
hand waypoints and then given a small deterministic meander until each leg measures its real
road mileage at that scale (the real mountain roads are about 1.4 times the straight line).

    python tools/build_frozen_chosin_table.py            # writes the table, prints the measures
    python tools/build_frozen_chosin_table.py --check    # exit 1 if the file on disk differs
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

from shapely.geometry import LineString, Point, Polygon, box
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.engine.files import dumps_json  # noqa: E402
from app.engine.table import Table  # noqa: E402

OUT = ROOT / "resources" / "frozen-chosin" / "table.json"
WIDTH, HEIGHT = 72.0, 48.0
#: inches of table per mile of ground
SCALE = 2.0
MILE_KM = 1.609344
#: projection: Hagaru-ri's longitude sits at x = 38, Chinhung-ni's latitude at y = 45.5
LON0, X0 = 127.249, 38.0
LAT0, Y0 = 40.195, 45.5
KM_PER_DEG_LAT = 111.2
KM_PER_DEG_LON = 111.2 * math.cos(math.radians(40.33))

XY = tuple[float, float]


def project(lat: float, lon: float) -> XY:
    """Latitude/longitude to table inches (equirectangular about the reservoir: error < 0.1%)."""
    x = X0 + (lon - LON0) * KM_PER_DEG_LON / MILE_KM * SCALE
    y = Y0 - (lat - LAT0) * KM_PER_DEG_LAT / MILE_KM * SCALE
    return (round(x, 2), round(y, 2))


# -- the eight places the rules refer to -------------------------------------------------------
#: id -> (name, latitude, longitude); the first three from the notes, the rest from campaign maps
PLACES: dict[str, tuple[str, float, float]] = {
    "yudam-ni": ("Yudam-ni", 40.478, 127.108),
    "toktong-pass": ("Toktong Pass", 40.394, 127.161),
    "hagaru-ri": ("Hagaru-ri", 40.384, 127.249),
    "koto-ri": ("Koto-ri", 40.284, 127.300),
    "funchilin-pass": ("Funchilin Pass", 40.245, 127.322),
    "chinhung-ni": ("Chinhung-ni", 40.195, 127.355),
    "hudong-ni": ("Hudong-ni", 40.425, 127.290),
    "sinhung-ni": ("Sinhung-ni", 40.470, 127.315),
}
P = {pid: project(lat, lon) for pid, (_, lat, lon) in PLACES.items()}


# -- roads ---------------------------------------------------------------------------------------
#: (id, name, waypoints, miles or None, meander wavelength in inches)
#: a leg with miles is stretched by a meander until it measures miles * SCALE inches.
ROADS: list[tuple[str, str, list[Any], float | None, float]] = [
    ("msr-yudam-ni-toktong-pass", "Main supply route, Yudam-ni to Toktong Pass",
     ["yudam-ni", (22.9, 8.6), (23.5, 11.0), (24.6, 13.2), (26.5, 15.4), "toktong-pass"], 7.5, 3.6),
    ("msr-toktong-pass-hagaru-ri", "Main supply route, Toktong Pass to Hagaru-ri",
     ["toktong-pass", (30.6, 18.8), (32.8, 18.6), (35.2, 19.3), "hagaru-ri"], 6.5, 3.4),
    ("msr-hagaru-ri-koto-ri", "Main supply route, Hagaru-ri to Koto-ri",
     ["hagaru-ri", (38.5, 21.3), (39.0, 23.4), (40.4, 25.4), (40.9, 27.6), (41.8, 30.0),
      (42.5, 31.7), "koto-ri"], 11.0, 3.4),
    ("msr-koto-ri-funchilin-pass", "Main supply route, Koto-ri to Funchilin Pass",
     ["koto-ri", (44.0, 35.0), (44.9, 36.8), "funchilin-pass"], 3.5, 2.6),
    ("msr-funchilin-pass-chinhung-ni", "Main supply route, Funchilin Pass down to Chinhung-ni",
     ["funchilin-pass", (46.3, 40.0), (45.6, 41.2), (46.9, 42.0), (47.4, 43.4), (48.4, 44.4),
      "chinhung-ni"], 6.5, 2.0),
    ("road-chinhung-ni-hungnam", "Road to Hungnam",
     ["chinhung-ni", (50.2, 46.6), (50.6, 48.0)], None, 0.0),
    ("road-east-shore-hagaru-ri-hudong-ni", "East shore road, Hagaru-ri to Hudong-ni",
     ["hagaru-ri", (39.7, 18.9), (41.1, 17.6), (42.0, 15.7), "hudong-ni"], 4.5, 3.0),
    ("road-east-shore-hudong-ni-sinhung-ni", "East shore road, Hudong-ni to Sinhung-ni",
     ["hudong-ni", (42.9, 12.3), (44.4, 11.7), (46.4, 11.6), (48.1, 10.6), (48.2, 8.9),
      (46.6, 7.8), "sinhung-ni"], 6.5, 2.6),
    ("road-east-shore-north", "East shore road, north along the reservoir",
     ["sinhung-ni", (45.4, 5.2), (45.0, 2.6), (45.6, 0.0)], None, 0.0),
    ("road-yudam-ni-west", "Road west from Yudam-ni",
     ["yudam-ni", (20.5, 6.9), (16.0, 7.8), (11.0, 7.1), (6.0, 8.0), (0.0, 7.4)], None, 0.0),
]
#: the legs the tests and DECISIONS measure: (from, to, road ids, real miles)
LEGS = [
    ("yudam-ni", "hagaru-ri", ["msr-yudam-ni-toktong-pass", "msr-toktong-pass-hagaru-ri"], 14.0),
    ("hagaru-ri", "koto-ri", ["msr-hagaru-ri-koto-ri"], 11.0),
    ("koto-ri", "chinhung-ni", ["msr-koto-ri-funchilin-pass", "msr-funchilin-pass-chinhung-ni"], 10.0),
]


def _pt(w: Any) -> XY:
    return P[w] if isinstance(w, str) else (float(w[0]), float(w[1]))


def chaikin(pts: list[XY], rounds: int = 2) -> list[XY]:
    """Corner cutting: the hand waypoints become a smooth road that still starts and ends on them."""
    for _ in range(rounds):
        out = [pts[0]]
        for a, b in zip(pts, pts[1:]):
            out.append((0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]))
            out.append((0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]))
        out.append(pts[-1])
        pts = out
    return pts


#: the meander fades in over this many inches from each end, so roads leave the towns straight
TAPER = 2.5


def meander(base: list[XY], amp: float, wavelength: float, step: float = 0.35) -> list[XY]:
    """The base line with a sideways wiggle of ``amp`` inches (two mixed wavelengths, fading to
    nothing towards the ends so roads leave their places straight)."""
    line = LineString(base)
    total = line.length
    n = max(2, int(math.ceil(total / step)))
    out: list[XY] = []
    for i in range(n + 1):
        s = total * i / n
        p = line.interpolate(s)
        q = line.interpolate(min(total, s + 0.2))
        r = line.interpolate(max(0.0, s - 0.2))
        dx, dy = q.x - r.x, q.y - r.y
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        taper = min(1.0, s / TAPER, (total - s) / TAPER)
        off = 0.0
        if wavelength > 0:
            off = amp * taper * (math.sin(2 * math.pi * s / wavelength)
                                 + 0.55 * math.sin(2 * math.pi * s / (wavelength * 1.73) + 1.3)
                                 + 0.3 * math.sin(2 * math.pi * s / (wavelength * 0.61) + 0.4))
        out.append((round(p.x + nx * off, 2), round(p.y + ny * off, 2)))
    # keep the exact ends
    out[0], out[-1] = base[0], base[-1]
    dedup = [out[0]]
    for p in out[1:]:
        if p != dedup[-1]:
            dedup.append(p)
    return dedup


def build_road(waypoints: list[Any], miles: float | None, wavelength: float) -> list[XY]:
    base = chaikin([_pt(w) for w in waypoints])
    if miles is None:
        return [(round(x, 2), round(y, 2)) for x, y in base]
    target = miles * SCALE
    if LineString(base).length >= target:
        raise SystemExit(f"waypoints already longer than {miles} miles: {LineString(base).length:.2f} in")
    lo, hi = 0.0, 2.0
    for _ in range(40):  # bisection on the wiggle until the leg measures its mileage
        mid = (lo + hi) / 2
        if LineString(meander(base, mid, wavelength)).length < target:
            lo = mid
        else:
            hi = mid
    return meander(base, (lo + hi) / 2, wavelength)


# -- the reservoir ------------------------------------------------------------------------------
#: clockwise from where the main body leaves the north edge; the west arm reaches Yudam-ni, the
#: Pungnyuri inlet opens east below Sinhung-ni, the south tip stops a mile short of Hagaru-ri
LAKE: list[XY] = [
    (36.8, 0.0), (44.2, 0.0), (43.4, 2.2), (43.9, 4.6), (43.5, 6.6), (44.2, 8.0), (45.6, 8.6),
    (46.7, 9.0), (46.9, 9.5), (45.6, 9.9), (44.0, 10.0), (42.7, 10.3), (41.6, 11.3), (41.1, 12.6),
    (41.0, 14.0), (40.5, 15.3), (39.6, 16.6), (38.6, 17.4), (37.8, 17.0), (37.2, 15.6),
    (36.9, 13.6), (36.2, 12.1), (34.8, 11.3), (32.2, 10.7), (29.6, 9.8), (27.3, 8.7),
    (25.6, 7.9), (24.6, 7.2), (24.7, 6.6), (25.8, 6.5), (27.6, 7.2), (30.0, 8.0), (32.6, 8.5),
    (34.9, 8.4), (36.0, 7.1), (35.7, 5.0), (36.6, 3.2), (36.3, 1.5),
]


def blob(cx: float, cy: float, rx: float, ry: float, angle: float, seed: int, n: int = 20,
         rough: float = 0.14) -> list[XY]:
    """A hand-drawn-looking outline: an ellipse with a deterministic ragged edge."""
    a = math.radians(angle)
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        k = 1.0 + rough * (math.sin(3 * t + seed) * 0.6 + math.sin(5 * t + seed * 1.7) * 0.4)
        ex, ey = rx * math.cos(t) * k, ry * math.sin(t) * k
        pts.append((cx + ex * math.cos(a) - ey * math.sin(a), cy + ex * math.sin(a) + ey * math.cos(a)))
    return pts


def _noise(seed: int):
    """A tiny deterministic sequence in [0, 1) for shapes (a build-time LCG, never game dice)."""
    state = (seed * 2654435761 + 97) & 0xFFFFFFFF

    def nxt() -> float:
        nonlocal state
        state = (1103515245 * state + 12345) & 0x7FFFFFFF
        return state / 0x80000000
    return nxt


def massif(cx: float, cy: float, rx: float, ry: float, angle: float, seed: int, kind: str) -> Polygon:
    """A mountain outline: a wandering crest line along the long axis, fattened, with side spurs
    running down from it (ridges get more spurs than single hills), then rounded off."""
    nxt = _noise(seed)
    a = math.radians(angle)
    ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)

    def at(u: float, v: float) -> XY:
        return (cx + u * ux + v * vx, cy + u * uy + v * vy)

    n = 6
    spine = [at(-rx + 2 * rx * i / n, (nxt() - 0.5) * ry * 0.6) for i in range(n + 1)]
    parts = []
    for i, (p0, p1) in enumerate(zip(spine, spine[1:])):
        mid = 1 - abs((i + 0.5) / n * 2 - 1)  # fattest in the middle
        parts.append(LineString([p0, p1]).buffer(ry * (0.45 + 0.5 * mid) * (0.85 + 0.3 * nxt())))
    spurs = (2 if kind == "hill" else 4) + int(nxt() * 2)
    for _ in range(spurs):
        t = 0.15 + 0.7 * nxt()
        u0 = -rx + 2 * rx * t
        side = 1 if nxt() > 0.5 else -1
        length = ry * (1.0 + 0.7 * nxt())
        drift = (nxt() - 0.5) * ry
        width = ry * (0.26 + 0.12 * nxt())
        knee = at(u0 + drift * 0.45, side * length * 0.5)
        tip = at(u0 + drift, side * length)
        # a spur narrows as it runs down from the crest
        parts.append(LineString([at(u0, 0), knee]).buffer(width))
        parts.append(LineString([knee, tip]).buffer(width * 0.55))
    shape = unary_union(parts).buffer(0.25, join_style="round").buffer(-0.25, join_style="round")
    return shape.simplify(0.03)


# -- hills and ridges (block sight) -------------------------------------------------------------
#: hills stop this far from a road's centre line: the 1" ribbon plus a quarter inch of verge
ROAD_CLEAR = 0.8
#: (id, kind, name, centre x, y, radius x, y, angle, elevation)
HEIGHTS: list[tuple[str, str, str, float, float, float, float, float, int]] = [
    ("ridge-northwest", "ridge", "Northwest Ridge", 18.5, 3.4, 4.2, 1.5, -12, 3),
    ("hill-1403", "hill", "Hill 1403", 21.6, 1.9, 1.5, 1.0, 0, 2),
    ("hill-1282", "hill", "Hill 1282", 26.8, 3.6, 2.0, 1.4, 10, 3),
    ("hill-1240", "hill", "Hill 1240", 31.0, 4.6, 2.2, 1.5, 5, 3),
    ("ridge-southwest", "ridge", "Southwest Ridge", 18.8, 11.2, 4.0, 1.6, 28, 3),
    ("hill-1426", "hill", "Hill 1426", 13.0, 4.2, 2.0, 1.4, 20, 2),
    ("ridge-south", "ridge", "South Ridge", 20.4, 16.6, 3.4, 1.5, 55, 3),
    ("hill-1419", "hill", "Hill 1419", 26.4, 11.0, 1.5, 1.1, 30, 3),
    ("ridge-toktong-north", "ridge", "Toktong ridge", 31.4, 13.7, 4.2, 1.6, 22, 4),
    ("fox-hill", "hill", "Fox Hill", 29.4, 16.0, 1.2, 0.8, 10, 2),
    ("ridge-toktong-south", "ridge", "Toktong south ridge", 27.8, 21.6, 4.0, 1.5, -12, 3),
    ("east-hill", "hill", "East Hill", 40.9, 20.6, 1.5, 1.1, 20, 3),
    ("ridge-hellfire-west", "ridge", "Hell Fire Valley, west ridge", 36.8, 26.2, 3.6, 1.4, 68, 3),
    ("ridge-hellfire-east", "ridge", "Hell Fire Valley, east ridge", 44.3, 25.4, 3.6, 1.3, 62, 3),
    ("hill-1221", "hill", "Hill 1221", 45.2, 14.2, 1.8, 1.3, 15, 3),
    ("ridge-east-shore", "ridge", "East shore ridge", 49.4, 6.0, 3.6, 1.4, 75, 3),
    ("ridge-koto-ri-west", "ridge", "Heights west of Koto-ri", 39.4, 33.2, 2.6, 1.4, 80, 3),
    ("hill-koto-ri-east", "hill", "Heights east of Koto-ri", 46.9, 31.6, 2.2, 1.3, 40, 2),
    ("hill-1081", "hill", "Hill 1081", 42.9, 40.1, 1.9, 1.6, 30, 4),
    ("ridge-funchilin-east", "ridge", "Funchilin east ridge", 50.6, 39.6, 2.8, 1.4, 70, 3),
    ("ridge-chinhung-ni-west", "ridge", "Ridges west of Chinhung-ni", 44.6, 45.6, 2.4, 1.1, 10, 2),
    ("ridge-west-flank", "ridge", "Nangnim range", 9.0, 24.0, 5.0, 2.6, 70, 4),
    ("ridge-west-flank-south", "ridge", "Nangnim range, south", 22.0, 33.5, 5.4, 2.2, 15, 4),
    ("ridge-koto-ri-southwest", "ridge", "Heights south-west of Koto-ri", 33.0, 39.5, 4.0, 1.8, -25, 3),
    ("ridge-east-flank", "ridge", "Heights towards the Fusen reservoir", 58.0, 18.0, 5.2, 2.4, 80, 4),
    ("ridge-east-flank-south", "ridge", "Heights east of the Funchilin", 60.5, 35.0, 4.4, 2.0, -30, 3),
    ("hill-north-east", "hill", "Hills east of the inlet", 56.0, 7.0, 2.8, 1.6, 20, 3),
    ("ridge-south-west-corner", "ridge", "Heights above the Changjin valley", 8.0, 41.5, 5.0, 2.0, -10, 3),
    ("ridge-west-centre", "ridge", "Western heights", 14.5, 31.5, 3.2, 1.5, 40, 3),
    ("ridge-toktong-west", "ridge", "Ridges south of Toktong", 25.0, 27.5, 3.0, 1.4, 60, 3),
    ("ridge-south-centre", "ridge", "Southern heights", 30.5, 45.5, 4.5, 1.3, 5, 2),
    ("hill-south-centre", "hill", "Hill 1304", 38.0, 44.0, 2.0, 1.3, 0, 3),
    ("ridge-east-centre", "ridge", "Eastern heights", 56.5, 27.5, 4.0, 1.6, 50, 3),
    ("ridge-north-east-corner", "ridge", "Heights north of the Fusen road", 66.0, 7.5, 3.6, 1.6, -30, 3),
    ("ridge-south-east", "ridge", "Heights east of Chinhung-ni", 63.0, 43.0, 4.5, 1.6, 10, 3),
    ("hill-east-shore-south", "hill", "Hills east of Hudong-ni", 51.5, 13.5, 1.8, 1.2, 0, 2),
    ("hill-east-hagaru", "hill", "Hills east of Hagaru-ri", 52.5, 21.5, 2.0, 1.3, 30, 3),
    ("hill-west-north", "hill", "Hills west of Yudam-ni", 7.0, 15.5, 2.4, 1.4, 0, 3),
    ("hill-west-centre", "hill", "Hill 1520", 14.5, 19.5, 2.0, 1.2, 0, 3),
]

# -- cliffs (impassable lines): the Funchilin gorge, the Toktong gorge and the inlet bluffs --------
CLIFFS: list[tuple[str, str, list[XY]]] = [
    ("cliff-funchilin-gorge-east", "Funchilin gorge, east wall",
     [(47.3, 37.2), (48.0, 38.8), (48.3, 40.6), (49.1, 42.2)]),
    ("cliff-funchilin-gorge-west", "Funchilin gorge, below Hill 1081",
     [(44.2, 37.4), (43.6, 38.2)]),
    ("cliff-toktong-gorge", "Toktong gorge",
     [(30.2, 20.3), (31.6, 20.6), (33.2, 20.5)]),
    ("cliff-yudam-ni-gorge", "Gorge south of Yudam-ni",
     [(21.2, 9.2), (21.6, 11.0), (22.2, 12.8)]),
    ("cliff-hill-1221", "Bluffs of Hill 1221",
     [(43.6, 12.6), (44.6, 12.9), (45.8, 12.6)]),
    ("cliff-hellfire", "Hell Fire Valley cut",
     [(37.2, 24.4), (37.7, 26.2), (38.3, 28.0)]),
]

# -- towns, the airstrip ------------------------------------------------------------------------
#: place id -> (half width, half height, shift x, shift y) of its town block, or None for a pass;
#: blocks are shifted off the road junctions so their houses show between the roads
TOWN_SIZE: dict[str, tuple[float, float, float, float] | None] = {
    "yudam-ni": (1.4, 1.0, 0.3, 0.0), "toktong-pass": None, "hagaru-ri": (2.0, 1.35, 0.0, 0.45),
    "koto-ri": (1.5, 1.05, 0.35, 0.1), "funchilin-pass": None, "chinhung-ni": (1.1, 0.8, 0.2, 0.0),
    "hudong-ni": (0.95, 0.75, 0.35, 0.0), "sinhung-ni": (0.95, 0.75, -0.2, -0.2),
}
AIRSTRIP: list[XY] = [(34.5, 21.9), (36.2, 22.15), (36.12, 22.65), (34.42, 22.4)]

# -- entry zones for the 1d6 reserve roll: west, north and east edges and the hills -------------
ENTRY_ZONES: list[tuple[int, str, list[XY]]] = [
    (1, "West edge, below Toktong", [(0, 20), (3.6, 20.6), (4.2, 27), (3.4, 33.5), (0, 34)]),
    (2, "West edge, the road from Mupyong-ni", [(0, 1.5), (3.8, 2.2), (4.4, 7.5), (3.6, 13), (0, 13.5)]),
    (3, "North edge, above Yudam-ni", [(14, 0), (35.5, 0), (35.2, 1.6), (25, 1.3), (14.5, 1.8)]),
    (4, "North edge, east of the reservoir", [(48.5, 0), (66, 0), (65.5, 2.6), (57, 3.2), (49, 2.6)]),
    (5, "East edge, towards Hudong-ni", [(72, 12), (72, 28), (68.2, 27.4), (67.6, 20), (68.4, 12.6)]),
    (6, "The hills west of Hell Fire Valley", [(30.5, 24.0), (34.5, 23.2), (35.6, 27.5), (34.0, 31.2), (30.2, 30.4)]),
]
#: off-table exits: id -> (to, line along the edge)
EDGES: list[tuple[str, str, list[XY]]] = [
    ("edge-hungnam", "Hungnam", [(47.5, 48.0), (53.5, 48.0)]),
    ("edge-mupyong-ni", "Mupyong-ni", [(0.0, 4.8), (0.0, 10.0)]),
    ("edge-north-east-shore", "the north shore", [(44.8, 0.0), (47.2, 0.0)]),
]
LABELS: list[dict[str, Any]] = [
    {"text": "CHOSIN RESERVOIR", "x": 40.0, "y": 3.6, "size": 22, "style": "water"},
    {"text": "Hell Fire Valley", "x": 42.2, "y": 28.6, "size": 14},
    {"text": "Pungnyuri inlet", "x": 45.4, "y": 9.35, "size": 11, "style": "water"},
    {"text": "miles (2 inches to the mile)", "x": 65.5, "y": 46.0, "style": "scale", "miles": 3},
]


def square(c: XY, half: float) -> list[XY]:
    x, y = c
    return [(round(x - half, 2), round(y - half, 2)), (round(x + half, 2), round(y - half, 2)),
            (round(x + half, 2), round(y + half, 2)), (round(x - half, 2), round(y + half, 2))]


def town_block(c: XY, hw: float, hh: float, seed: int) -> list[XY]:
    """A town's built-up block: a slightly irregular octagon round the place."""
    x, y = c
    k = [0.92, 1.0, 0.95, 1.05, 0.9, 1.0, 0.97, 1.04]
    pts = []
    for i in range(8):
        t = 2 * math.pi * (i + 0.5) / 8 + seed * 0.1
        r = k[(i + seed) % 8]
        pts.append((round(x + hw * r * math.cos(t) * 1.08, 2), round(y + hh * r * math.sin(t) * 1.08, 2)))
    return pts


def rnd(pts: list[XY]) -> list[list[float]]:
    return [[round(float(x), 2), round(float(y), 2)] for x, y in pts]


def build() -> tuple[dict[str, Any], list[str]]:
    notes: list[str] = []
    feats: list[dict[str, Any]] = []
    lake = Polygon(LAKE)
    assert lake.is_valid, "the reservoir outline crosses itself"
    feats.append({"id": "chosin-reservoir", "kind": "lake", "name": "Chosin Reservoir",
                  "polygon": rnd(LAKE), "attrs": {"blocks_los": False, "ice": True, "name": "Chosin Reservoir"}})
    # the shore: the outline of the lake where it is not the table edge
    ring = list(LAKE)
    shore = ring[1:] + [ring[0]]  # starts at (44.2, 0) and runs round to (36.8, 0)
    feats.append({"id": "chosin-shore", "kind": "shore", "name": "Shore of the reservoir",
                  "line": rnd(shore), "attrs": {"blocks_los": False}})
    # roads
    road_lines: dict[str, LineString] = {}
    for rid, name, wps, miles, wl in ROADS:
        pts = build_road(wps, miles, wl)
        line = LineString(pts)
        road_lines[rid] = line
        if line.buffer(0.5).intersects(lake):
            raise SystemExit(f"{rid} runs onto the ice")
        attrs: dict[str, Any] = {"blocks_los": False, "name": name, "width": 1.0}
        if miles is not None:
            attrs["miles"] = miles
        feats.append({"id": rid, "kind": "road", "name": name, "line": rnd(pts), "attrs": attrs})
    roads = unary_union([ln.buffer(ROAD_CLEAR) for ln in road_lines.values()])
    towns = unary_union([Polygon(town_block((P[pid][0] + sz[2], P[pid][1] + sz[3]), sz[0], sz[1], k))
                         for k, (pid, sz) in enumerate(TOWN_SIZE.items()) if sz is not None])
    # heights, kept off the roads and the ice
    for hid, kind, name, cx, cy, rx, ry, ang, elev in HEIGHTS:
        poly = massif(cx, cy, rx, ry, ang, seed=sum(map(ord, hid)), kind=kind)
        poly = (poly.difference(roads).difference(towns.buffer(0.15)).difference(lake.buffer(0.3))
                .intersection(box(0, 0, WIDTH, HEIGHT)))
        parts = sorted(getattr(poly, "geoms", [poly]), key=lambda g: -g.area)
        main = parts[0].simplify(0.04)
        if main.area < 1.0:
            raise SystemExit(f"{hid} has almost nothing left off the roads")
        feats.append({"id": hid, "kind": kind, "name": name, "polygon": rnd(list(main.exterior.coords)[:-1]),
                      "attrs": {"blocks_los": True, "cover": "hill", "elevation": elev, "name": name}})
    for cid, name, pts in CLIFFS:
        line = LineString(pts)
        for rid, rl in road_lines.items():
            if line.distance(rl) < 0.6:
                raise SystemExit(f"{cid} comes within 0.6 in of {rid}")
        feats.append({"id": cid, "kind": "cliff", "name": name, "line": rnd(pts),
                      "attrs": {"blocks_los": False, "impassable": True, "name": name}})
    for k, (pid, size) in enumerate(TOWN_SIZE.items()):
        if size is None:
            continue
        name = PLACES[pid][0]
        hw, hh, dx, dy = size
        feats.append({"id": f"town-{pid}", "kind": "town", "name": name,
                      "polygon": town_block((P[pid][0] + dx, P[pid][1] + dy), hw, hh, k),
                      "attrs": {"blocks_los": False, "cover": "town", "name": name}})
    feats.append({"id": "hagaru-ri-airstrip", "kind": "airstrip", "name": "Hagaru-ri airstrip",
                  "polygon": rnd(AIRSTRIP), "attrs": {"blocks_los": False, "name": "Hagaru-ri airstrip"}})
    for n, name, pts in ENTRY_ZONES:
        feats.append({"id": f"entry-zone-{n}", "kind": "entry-zone", "name": f"Entry zone {n}",
                      "polygon": rnd(pts), "attrs": {"blocks_los": False, "name": name, "number": n}})
    for eid, to, pts in EDGES:
        feats.append({"id": eid, "kind": "edge", "name": f"To {to}", "line": rnd(pts),
                      "attrs": {"blocks_los": False, "to": to}})
    for pid, (name, _lat, _lon) in PLACES.items():
        feats.append({"id": pid, "kind": "place", "name": name, "polygon": square(P[pid], 0.4),
                      "attrs": {"blocks_los": False, "name": name}})
    data = {"kind": "table", "version": 1, "units": "in", "width": WIDTH, "height": HEIGHT,
            "scale": {"inches_per_mile": SCALE, "road_inches_per_day": 12},
            "features": feats, "labels": LABELS}
    table = Table.from_json(data)  # raises on any invalid shape
    for a, b, ids, miles in LEGS:
        inches = sum(table.feature(i).geometry.length for i in ids)
        notes.append(f"{PLACES[a][0]} - {PLACES[b][0]}: {inches:.1f} in by road "
                     f"({miles:g} mi real, {inches / SCALE:.2f} mi at scale, {inches / 12:.2f} days at 12 in a day)")
    for pid in P:
        notes.append(f"{pid}: {P[pid]}")
    return data, notes


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare with the file on disk")
    args = ap.parse_args(argv)
    data, notes = build()
    text = dumps_json(data)
    if args.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{OUT} differs from the build")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print("\n".join(notes))
    print(f"wrote {OUT.relative_to(ROOT)} ({len(data['features'])} features)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
