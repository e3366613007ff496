#!/usr/bin/env python3
"""Build resources/korea38/map.json, the hex map of "Korea: The Fight Across the 38th".

This is a designer's build script, run by hand; the program itself only reads the
JSON it writes.  It needs, in the build environment only (not a project
dependency):

    pip install global-land-mask     # land/sea, public-domain 1 km GLOBE mask
    pip install pillow               # only for --png, the check render

Everything else is written out below as data a designer can read and change:
the projection, the hand-made relief sketch, the rivers and roads as real
latitude/longitude polylines, the places, and every hand-tuned hex.  The reasons
for each choice are in resources/korea38/DECISIONS.md.

Hex convention (the engine's HexGrid "flat"/"odd"): flat-topped hexes, printed
IDs CCRR (column then row), columns west to east, rows north to south, and the
odd-numbered printed columns sit half a hex lower than the even ones (odd-q).

    python tools/build_korea_map.py                 # writes resources/korea38/map.json
    python tools/build_korea_map.py --png out.png   # and a check render
"""

from __future__ import annotations

import argparse
import heapq
import json
import math
import sys
from pathlib import Path

import numpy as np

try:
    from global_land_mask import globe
except ImportError:  # pragma: no cover - build-time only
    sys.exit("this build script needs the PyPI package global-land-mask (pip install global-land-mask)")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
from app.engine.hexgrid import cube_round  # noqa: E402  (the engine's rounding to a hex)

OUT = ROOT / "resources" / "korea38" / "map.json"

# ---------------------------------------------------------------------------
# Grid and projection
# ---------------------------------------------------------------------------

FIRST_COL, LAST_COL = 6, 32
FIRST_ROW, LAST_ROW = 0, 32
SQRT3 = math.sqrt(3.0)

# Straight-line fit (DECISIONS.md "Map fit"): fractional column = K_LON*(lon-LON0);
# "row height" y = Y0 - K_LAT*lat, where a hex (c, r) is centred at y = r + 0.5*(c odd).
# South of LAT_S the rows are stretched a little (S_SOUTH rows per degree more), which
# puts the south coast (Pusan 2929, Mokp'o 1730) where the printed map has it.
LON0, K_LON = 122.73, 4.65
Y0, K_LAT = 190.6, 4.61
LAT_S, S_SOUTH = 36.0, 0.55


def hid(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def parse(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def on_map(c: int, r: int) -> bool:
    return FIRST_COL <= c <= LAST_COL and FIRST_ROW <= r <= LAST_ROW


ALL_HEXES = [hid(c, r) for r in range(FIRST_ROW, LAST_ROW + 1) for c in range(FIRST_COL, LAST_COL + 1)]

# odd-q neighbour steps (dcol, drow), clockwise from north, for even and odd printed columns
_NB_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_NB_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def neighbours(h: str) -> list[str]:
    c, r = parse(h)
    steps = _NB_ODD if c & 1 else _NB_EVEN
    return [hid(c + dc, r + dr) for dc, dr in steps if on_map(c + dc, r + dr)]


def adjacent(a: str, b: str) -> bool:
    return b in neighbours(a)


def side_key(a: str, b: str) -> str:
    """Canonical hexside key: the two IDs joined by '/', smaller (col, row) first."""
    assert adjacent(a, b), f"{a} and {b} are not adjacent"
    return f"{a}/{b}" if parse(a) < parse(b) else f"{b}/{a}"


def centre(h: str) -> tuple[float, float]:
    """Cartesian centre (size-1 flat hexes, y down)."""
    c, r = parse(h)
    return 1.5 * c, SQRT3 * (r + 0.5 * (c & 1))


def lat_to_y(lat):
    return Y0 - K_LAT * lat + S_SOUTH * np.maximum(0.0, LAT_S - np.asarray(lat, dtype=float))


def y_to_lat(y):
    y = np.asarray(y, dtype=float)
    lat = (Y0 - y) / K_LAT
    south = (Y0 + S_SOUTH * LAT_S - y) / (K_LAT + S_SOUTH)
    return np.where(lat < LAT_S, south, lat)


def lonlat_to_xy(lon: float, lat: float) -> tuple[float, float]:
    return 1.5 * K_LON * (lon - LON0), SQRT3 * float(lat_to_y(lat))


def xy_to_lonlat(x, y):
    return LON0 + np.asarray(x, dtype=float) / 1.5 / K_LON, y_to_lat(np.asarray(y, dtype=float) / SQRT3)


def xy_to_hex(x: float, y: float) -> tuple[int, int]:
    """The (col, row) of the hex containing a cartesian point (cube rounding, then odd-q)."""
    fq = x / 1.5
    fr = y / SQRT3 - fq / 2.0
    q, r = cube_round(fq, fr, -fq - fr)
    return q, r + (q - (q & 1)) // 2


def lonlat_hex(lon: float, lat: float) -> str:
    c, r = xy_to_hex(*lonlat_to_xy(lon, lat))
    return hid(c, r)


def corners(h: str) -> list[tuple[float, float]]:
    x, y = centre(h)
    return [(x + math.cos(math.radians(60 * i)), y + math.sin(math.radians(60 * i))) for i in range(6)]


def shared_edge(a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two end points of the hexside between adjacent hexes a and b."""
    ca, cb = corners(a), corners(b)
    common = [p for p in ca if any(abs(p[0] - q[0]) < 1e-6 and abs(p[1] - q[1]) < 1e-6 for q in cb)]
    assert len(common) == 2, (a, b, common)
    return common[0], common[1]


def _self_test_geometry() -> None:
    """The adjacency table must agree with the geometry, and hexside keys must be canonical."""
    for h in ALL_HEXES:
        x, y = centre(h)
        assert hid(*xy_to_hex(x, y)) == h
        for n in neighbours(h):
            nx, ny = centre(n)
            assert abs(math.hypot(nx - x, ny - y) - SQRT3) < 1e-9, (h, n)
            assert h in neighbours(n)
            shared_edge(h, n)
    # spot checks of odd-q: odd columns sit half a hex lower
    assert set(neighbours("2115")) == {"2114", "2116", "2015", "2016", "2215", "2216"}
    assert set(neighbours("2016")) == {"2015", "2017", "1915", "1916", "2115", "2116"}
    assert side_key("1920", "1919") == "1919/1920"


# ---------------------------------------------------------------------------
# Sampling land and sea
# ---------------------------------------------------------------------------


def _hex_sample_offsets(step: float = 0.17) -> np.ndarray:
    pts = []
    n = int(1.0 / step) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            x, y = i * step, j * step * SQRT3 / 2 + (i % 2) * step * SQRT3 / 4
            # inside a flat hex of circumradius 0.97
            ax, ay = abs(x), abs(y)
            if ay <= SQRT3 / 2 * 0.97 and SQRT3 * ax + ay <= SQRT3 * 0.97:
                pts.append((x, y))
    return np.array(pts)


SAMPLES = _hex_sample_offsets()


def is_land_xy(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    lon, lat = xy_to_lonlat(np.asarray(xs, dtype=float), np.asarray(ys, dtype=float))
    return globe.is_land(lat, lon)


def land_fraction() -> dict[str, float]:
    out = {}
    for h in ALL_HEXES:
        x, y = centre(h)
        land = is_land_xy(x + SAMPLES[:, 0], y + SAMPLES[:, 1])
        out[h] = float(land.mean())
    return out


# ---------------------------------------------------------------------------
# Places (real latitude/longitude; the hex is computed, then hand-tuned in PLACE_HEX)
# ---------------------------------------------------------------------------

# name: (lat, lon)
CITIES = {
    "Pusan": (35.10, 129.04),
    "Masan": (35.20, 128.57),
    "P'ohang": (36.03, 129.37),
    "Taegu": (35.87, 128.60),
    "Taejon": (36.35, 127.38),
    "Kunsan": (35.98, 126.71),
    "Mokp'o": (34.81, 126.39),
    "Suwon": (37.27, 127.02),
    "Inch'on": (37.47, 126.62),
    "Seoul": (37.57, 126.98),
    "Kaesong": (37.97, 126.55),
    "Ch'unch'on": (37.88, 127.73),
    "Kangnung": (37.75, 128.90),
    "P'yongyang": (39.02, 125.75),
    "Chinnamp'o": (38.73, 125.40),
    "Sinuiju": (40.10, 124.40),
    "Wonsan": (39.15, 127.44),
    "Hungnam": (39.83, 127.62),
    "Manp'o": (41.15, 126.29),
    "Hyesanjin": (41.40, 128.18),
}
PORTS = {"Pusan", "Masan", "P'ohang", "Kunsan", "Inch'on", "Wonsan", "Hungnam", "Chinnamp'o"}
CAPITALS = {"Seoul", "P'yongyang"}
STAR_CITIES = {"Pusan", "Manp'o"}

# Named places that are not cities (no control, no dot): shown as names, used as road waypoints.
TOWNS = {
    # north-west
    "Sinanju": (39.59, 125.60), "Anju": (39.62, 125.66), "Pakch'on": (39.73, 125.58),
    "Kunu-ri": (39.63, 125.93), "Kujang": (39.86, 126.03), "Unsan": (39.98, 125.85),
    "Onjong": (40.12, 125.93), "Ch'osan": (40.83, 125.80), "Pyoktong": (40.62, 125.43),
    "Kusong": (39.98, 125.25), "Chongju": (39.69, 125.22), "Sonch'on": (39.80, 124.92),
    "Sakchu": (40.38, 125.05), "Yongbyon": (39.81, 125.80), "Tokch'on": (39.75, 126.32),
    "Huich'on": (40.17, 126.28), "Kanggye": (40.97, 126.60), "Sunch'on": (39.43, 125.93),
    "Sukch'on": (39.41, 125.63), "Kangdong": (39.14, 126.10), "Songch'on": (39.25, 126.20),
    "Yangdok": (39.21, 126.65),
    # Hwanghae and the old boundary
    "Sariwon": (38.51, 125.76), "Hwangju": (38.67, 125.76), "Haeju": (38.04, 125.71),
    "Ongjin": (37.93, 125.36), "Yonan": (37.91, 126.16), "Namch'onjom": (38.35, 126.27),
    "Sinmak": (38.40, 126.23), "Kumch'on": (38.17, 126.49),
    # Iron Triangle and the central front
    "P'yonggang": (38.42, 127.30), "Ch'orwon": (38.25, 127.21), "Kumhwa": (38.28, 127.47),
    "Munsan": (37.86, 126.78), "Uijongbu": (37.74, 127.05), "Tongduch'on": (37.90, 127.06),
    "P'och'on": (37.89, 127.20), "Hwach'on": (38.11, 127.71), "Yanggu": (38.11, 127.99),
    "Inje": (38.07, 128.17), "Hongch'on": (37.69, 127.89), "Hoengsong": (37.49, 127.98),
    "Wonju": (37.34, 127.95), "Chip'yong-ni": (37.47, 127.63), "Yoju": (37.30, 127.64),
    "Ich'on": (37.28, 127.44), "Osan": (37.15, 127.07), "P'yongt'aek": (36.99, 127.09),
    "Ch'onan": (36.81, 127.15), "Chochiwon": (36.60, 127.30), "Kongju": (36.46, 127.12),
    "Ch'ongju": (36.64, 127.49), "Ch'ungju": (36.97, 127.93), "Chech'on": (37.13, 128.19),
    "Tanyang": (36.98, 128.36), "Yongju": (36.81, 128.62), "Andong": (36.57, 128.73),
    "Uisong": (36.35, 128.70), "Sangju": (36.41, 128.16), "Kimch'on": (36.12, 128.11),
    "Yongdong": (36.17, 127.78), "Okch'on": (36.30, 127.57), "Waegwan": (35.99, 128.40),
    "Yongch'on": (35.97, 128.94), "Kyongju": (35.84, 129.21), "Ulsan": (35.54, 129.31),
    "Miryang": (35.49, 128.75), "Changnyong": (35.54, 128.49), "Chinju": (35.18, 128.08),
    "Hadong": (35.07, 127.75), "Sunch'on (south)": (34.95, 127.49), "Yosu": (34.74, 127.74),
    "Kwangju": (35.16, 126.85), "Chonju": (35.82, 127.15), "Iri": (35.95, 126.96),
    "Nonsan": (36.20, 127.09), "Namwon": (35.41, 127.39), "Yongdok": (36.41, 129.37),
    "Uljin": (36.99, 129.40), "Samch'ok": (37.45, 129.17), "Chumunjin": (37.89, 128.83),
    "Yangyang": (38.07, 128.62), "Kansong": (38.38, 128.47), "Kosong": (38.74, 128.18),
    "Tongch'on": (38.95, 127.90), "P'yongch'ang": (37.37, 128.39),
    # north-east
    "Anbyon": (39.03, 127.52), "Munch'on": (39.26, 127.36), "Yonghung": (39.55, 127.25),
    "Hamhung": (39.92, 127.54), "Oro-ri": (40.03, 127.45), "Chinhung-ni": (40.18, 127.36),
    "Koto-ri": (40.28, 127.30), "Hagaru-ri": (40.38, 127.25), "Yudam-ni": (40.48, 127.10),
    "Changjin": (40.80, 127.25), "Pukch'ong": (40.02, 128.33), "Iwon": (40.31, 128.64),
    "P'ungsan": (40.82, 128.15), "Kapsan": (41.09, 128.29), "Tanch'on": (40.46, 128.91),
    "Songjin": (40.67, 129.20), "Kilchu": (40.96, 129.33), "Hongwon": (40.03, 127.95),
}

# Hand-tuned hexes (DECISIONS.md "Hand-tuning"): where the fit is off by a fraction of a hex.
PLACE_HEX = {
    "Pusan": "2929",          # rule 5.0/GAMES.md; the fit gives 2928/2929 boundary
    "Seoul": "2017",
    "P'yongyang": "1411",
    "Wonsan": "2210",
    "Manp'o": "1601",         # the fit puts it on the 1601/1700 corner, on the Yalu
    "Hyesanjin": "2600",      # northernmost row; the fit is just above row 00 of column 25
    "Mokp'o": "1730",
    "Inch'on": "1818",
    "Hungnam": "2207",        # the fit falls in the sea of the Hungnam roads
    "Hamhung": "2206",
    "Chinhung-ni": "2106",
    "Koto-ri": "2105",
    "Hagaru-ri": "2104",      # shares the Chosin Reservoir hex (the hex keeps the reservoir's name)
    "Kangnung": "2916",
    "Kansong": "2714",
    "Kosong": "2613",
    "Tanch'on": "2903",
    "Ch'osan": "1403",
    "Kaesong": "1816",
    "Uijongbu": "2016",       # the MASH site of the designer's notes
    "Haeju": "1414",          # just north of the parallel, as in 1950
    "Ch'orwon": "2114",
    "P'yonggang": "2113",
    "Sinuiju": "0806",
}

LANDMARKS = [
    {"at": "2104", "name": "Chosin Reservoir"},
    {"at": "2016", "name": "MAS*H"},
    {"at": "2013", "name": "Porkchop Hill"},
]

# ---------------------------------------------------------------------------
# Relief sketch (metres): ridges as polylines with a crest height and a half-width,
# a raised northern plateau, and plains that cap the height.  A designer's sketch
# from the standard physical maps of Korea, not survey data.
# ---------------------------------------------------------------------------

RIDGES = [
    # name, crest (m), half-width (km), [(lat, lon), ...]
    ("Nangnim range", 1900, 30, [(41.45, 126.95), (41.0, 126.85), (40.6, 126.85), (40.2, 126.75),
                                 (39.85, 126.6), (39.55, 126.5)]),
    ("Hamgyong range", 2000, 32, [(41.6, 129.0), (41.1, 128.75), (40.75, 128.45), (40.45, 127.95),
                                  (40.2, 127.5)]),
    ("Pujollyong", 1700, 22, [(40.2, 127.5), (40.0, 127.15), (39.75, 126.95)]),
    ("Chogyuryong (Myohyang)", 1450, 22, [(40.6, 126.7), (40.25, 126.35), (40.0, 126.2),
                                         (39.78, 126.08)]),
    ("Kangnam range", 1100, 20, [(41.1, 126.35), (40.8, 125.85), (40.55, 125.35), (40.35, 124.95)]),
    ("Masingryong", 1300, 24, [(39.75, 127.05), (39.4, 127.0), (39.05, 126.95), (38.8, 127.1)]),
    ("Ahobiryong", 900, 20, [(39.15, 126.8), (38.85, 126.65), (38.6, 126.45), (38.35, 126.35)]),
    ("Hills east of P'yongyang", 750, 18, [(39.55, 126.45), (39.25, 126.35), (38.95, 126.25)]),
    ("Hwanghae hills", 800, 16, [(38.6, 125.2), (38.4, 125.45), (38.15, 125.7)]),
    ("Taebaek crest", 1450, 26, [(39.0, 127.5), (38.7, 128.0), (38.35, 128.3), (38.1, 128.45),
                                 (37.75, 128.6), (37.4, 128.8), (37.1, 128.9)]),
    ("Taebaek western slope", 950, 26, [(38.85, 127.55), (38.45, 127.85), (38.05, 128.1),
                                        (37.65, 128.3), (37.25, 128.5)]),
    ("Taebaek south", 1000, 22, [(37.1, 128.9), (36.7, 129.05), (36.3, 129.1), (35.9, 129.05)]),
    ("Sobaek range", 1350, 24, [(37.1, 128.85), (36.95, 128.45), (36.8, 128.15), (36.55, 127.85),
                                (36.2, 127.85), (35.86, 127.75), (35.6, 127.6), (35.35, 127.7)]),
    ("Chiri massif", 1750, 16, [(35.42, 127.5), (35.32, 127.75)]),
    ("Kaya hills", 1000, 16, [(35.95, 128.0), (35.8, 128.1), (35.6, 128.2)]),
    ("Charyong range", 750, 18, [(37.7, 128.2), (37.4, 127.85), (37.1, 127.5), (36.75, 127.1),
                                 (36.45, 126.8)]),
    ("Hwaak (Kwangju range)", 1100, 16, [(38.2, 127.55), (37.95, 127.45), (37.7, 127.4),
                                         (37.45, 127.35)]),
    ("Noryong range", 650, 16, [(35.9, 127.5), (35.65, 127.1), (35.45, 126.8), (35.3, 126.6)]),
    ("South Cholla hills", 650, 18, [(35.15, 127.0), (34.85, 126.8), (34.75, 127.2), (35.0, 127.35)]),
    ("East Kyongsang hills", 800, 18, [(35.7, 128.55), (35.45, 128.8), (35.35, 129.0), (35.55, 129.1)]),
    ("Palgong", 900, 14, [(36.05, 128.6), (36.0, 128.85)]),
    ("Kumgang", 1600, 14, [(38.75, 128.0), (38.55, 128.15)]),
    ("Sorak", 1700, 12, [(38.2, 128.4), (38.1, 128.47)]),
]

# Kaema plateau and the northern interior: a raised base height inside this outline.
PLATEAUS = [
    ("Kaema plateau", 1150, [(41.6, 126.9), (41.6, 128.8), (40.95, 128.8), (40.5, 128.1),
                             (40.3, 127.3), (40.55, 126.95)]),
    ("Northern interior", 650, [(41.6, 125.6), (41.6, 126.9), (40.55, 126.95), (40.2, 127.1),
                                (39.7, 126.6), (40.2, 125.9), (40.9, 125.4)]),
]

# Plains and basins: the height inside is capped (these read open or broken on the map).
PLAINS = [
    ("P'yongyang plain", 120, [(39.4, 125.25), (39.4, 125.95), (38.85, 126.05), (38.65, 125.4), (38.9, 125.1)]),
    ("Anju plain", 120, [(39.9, 125.15), (39.85, 125.85), (39.5, 125.85), (39.45, 125.25)]),
    ("Yalu coastal plain", 150, [(40.2, 124.3), (40.05, 125.2), (39.7, 125.3), (39.85, 124.6)]),
    ("Chaeryong plain", 120, [(38.75, 125.3), (38.75, 125.95), (38.3, 125.95), (38.35, 125.35)]),
    ("Yonbaek plain", 120, [(38.15, 125.95), (38.1, 126.6), (37.8, 126.6), (37.8, 125.9)]),
    ("Han lowland", 150, [(37.85, 126.45), (37.8, 127.12), (37.45, 127.15), (37.3, 126.6)]),
    ("P'yongt'aek plain", 120, [(37.2, 126.85), (37.15, 127.3), (36.75, 127.3), (36.8, 126.8)]),
    ("Naepo plain", 150, [(36.95, 126.35), (36.85, 126.9), (36.45, 126.8), (36.5, 126.45)]),
    ("Honam plain", 100, [(36.25, 126.6), (36.25, 127.25), (35.6, 127.2), (35.55, 126.5)]),
    ("Naju plain", 120, [(35.3, 126.45), (35.25, 127.0), (34.85, 126.9), (34.8, 126.3)]),
    ("Naktong delta", 100, [(35.4, 128.7), (35.35, 129.05), (35.0, 129.0), (35.1, 128.65)]),
    ("Taegu basin", 260, [(36.05, 128.3), (36.05, 128.8), (35.7, 128.8), (35.65, 128.3)]),
    ("Hamhung plain", 120, [(40.08, 127.3), (40.0, 127.8), (39.7, 127.75), (39.75, 127.2)]),
    ("Ch'orwon plateau", 250, [(38.5, 126.95), (38.45, 127.55), (38.15, 127.55), (38.15, 126.95)]),
    ("Yonghung coast", 150, [(39.65, 127.15), (39.45, 127.5), (39.05, 127.55), (39.2, 127.2)]),
    ("P'ohang basin", 150, [(36.15, 129.1), (36.15, 129.5), (35.75, 129.4), (35.8, 129.1)]),
    ("Kimhae-Ulsan corridor", 200, [(35.6, 129.15), (35.6, 129.4), (35.35, 129.4), (35.4, 129.15)]),
]

TERRAIN_THRESHOLDS = [(1000, "mountain"), (620, "rough"), (300, "broken"), (-1e9, "open")]

# ---------------------------------------------------------------------------
# Rivers (real courses, upstream to mouth, (lat, lon)); snapped to hexsides
# ---------------------------------------------------------------------------

RIVERS = {
    "Ch'ongch'on": [(40.50, 126.60), (40.30, 126.40), (40.17, 126.28), (40.02, 126.15), (39.88, 126.02),
                    (39.72, 125.92), (39.64, 125.78), (39.60, 125.62), (39.55, 125.45)],
    "Taeryong": [(40.25, 125.35), (39.98, 125.45), (39.75, 125.56), (39.62, 125.62)],
    "Taedong": [(40.0, 126.85), (39.76, 126.32), (39.55, 126.1), (39.43, 125.93), (39.15, 125.85),
                (39.02, 125.75), (38.88, 125.6), (38.73, 125.4), (38.70, 125.2)],
    "Yesong": [(38.75, 126.45), (38.4, 126.35), (38.1, 126.3), (37.85, 126.4)],
    "Imjin": [(39.0, 127.3), (38.75, 127.2), (38.5, 127.0), (38.3, 126.95), (38.1, 127.0), (38.02, 127.07),
              (37.92, 126.88), (37.86, 126.75), (37.76, 126.68)],
    "Hantan": [(38.6, 127.45), (38.35, 127.35), (38.2, 127.3), (38.10, 127.22), (38.02, 127.07)],
    "Pukhan": [(38.45, 127.85), (38.25, 127.78), (38.11, 127.71), (37.88, 127.72), (37.74, 127.52),
               (37.53, 127.31)],
    "Soyang": [(38.10, 128.25), (38.07, 128.17), (37.95, 127.95), (37.90, 127.75)],
    "Han": [(37.18, 128.46), (36.98, 128.36), (36.97, 127.93), (37.30, 127.63), (37.53, 127.31),
            (37.52, 127.0), (37.60, 126.80), (37.75, 126.62)],
    "Kum": [(35.65, 127.50), (36.00, 127.65), (36.25, 127.65), (36.45, 127.50), (36.48, 127.28),
            (36.46, 127.12), (36.28, 126.91), (36.15, 126.95), (36.02, 126.72)],
    "Naktong": [(37.10, 128.95), (36.80, 128.90), (36.56, 128.73), (36.60, 128.40), (36.40, 128.26),
                (36.15, 128.35), (35.99, 128.40), (35.85, 128.45), (35.70, 128.42), (35.50, 128.45),
                (35.40, 128.40), (35.38, 128.50), (35.37, 128.83), (35.30, 128.98), (35.10, 128.95)],
    "Nam": [(35.30, 127.80), (35.18, 128.08), (35.30, 128.30), (35.38, 128.48)],
    "Songch'on": [(40.25, 127.50), (40.05, 127.52), (39.92, 127.54), (39.80, 127.60)],
    "Somjin": [(35.60, 127.30), (35.30, 127.40), (35.20, 127.55), (35.05, 127.75), (34.95, 127.80)],
    "Yongsan": [(35.25, 126.95), (35.15, 126.85), (35.00, 126.70), (34.80, 126.45)],
}

# The Yalu is the border with Manchuria: hexes on its far side are off the map (terrain "offmap").
YALU = [(39.82, 124.30), (40.10, 124.43), (40.25, 124.65), (40.45, 124.97), (40.55, 125.22),
        (40.62, 125.45), (40.83, 125.78), (40.90, 126.05), (41.12, 126.25), (41.25, 126.45),
        (41.50, 126.70), (41.78, 126.88), (41.60, 127.40), (41.50, 127.90), (41.45, 128.18)]

# ---------------------------------------------------------------------------
# Roads: the main road/rail corridors of 1950, as chains of waypoints (place names or
# (lat, lon)); consecutive waypoints are joined along the easiest land hexes.
# ---------------------------------------------------------------------------

ROADS = {
    "Seoul-Pusan": ["Pusan", "Miryang", "Taegu", "Waegwan", "Kimch'on", "Yongdong", "Okch'on", "Taejon",
                    "Chochiwon", "Ch'onan", "P'yongt'aek", "Osan", "Suwon", "Seoul"],
    "Seoul-Sinuiju": ["Seoul", "Munsan", "Kaesong", "Kumch'on", "Namch'onjom", "Sariwon", "Hwangju",
                      "P'yongyang", "Sukch'on", "Sinanju", "Chongju", "Sonch'on", "Sinuiju"],
    "Seoul-Inch'on": ["Seoul", "Inch'on"],
    "Suwon-Inch'on": ["Suwon", "Inch'on"],
    "Seoul-Ch'unch'on-Inje": ["Seoul", "Ch'unch'on", "Inje", "Kansong"],
    "Seoul-Wonsan": ["Seoul", "Uijongbu", "Tongduch'on", "Ch'orwon", "P'yonggang", "Anbyon", "Wonsan"],
    "P'och'on-Kumhwa": ["Uijongbu", "P'och'on", "Kumhwa", "P'yonggang"],
    "Ch'unch'on-Kumhwa": ["Ch'unch'on", "Hwach'on", "Kumhwa", "Ch'orwon"],
    "Seoul-Wonju": ["Seoul", "Yoju", "Wonju"],
    "Central corridor": ["Wonju", "Chech'on", "Tanyang", "Yongju", "Andong", "Uisong", "Yongch'on", "Kyongju"],
    "Wonju-Ch'unch'on": ["Wonju", "Hoengsong", "Hongch'on", "Ch'unch'on"],
    "Wonju-Kangnung": ["Wonju", "P'yongch'ang", "Kangnung"],
    "Suwon-Ch'ungju": ["Suwon", "Ich'on", "Ch'ungju", "Chech'on"],
    "Ch'ungju-Kimch'on": ["Ch'ungju", "Sangju", "Kimch'on"],
    "Taejon-Ch'ongju": ["Taejon", "Ch'ongju", "Ch'ungju"],
    "Taegu-P'ohang": ["Taegu", "Yongch'on", "P'ohang"],
    "Taegu-Masan": ["Taegu", "Changnyong", "Masan"],
    "Masan-Pusan": ["Masan", "Pusan"],
    "Honam": ["Taejon", "Nonsan", "Iri", "Chonju", "Namwon", "Sunch'on (south)", "Yosu"],
    "Iri-Kunsan": ["Iri", "Kunsan"],
    "Kwangju-Mokp'o": ["Iri", "Kwangju", "Mokp'o"],
    "South coast": ["Kwangju", "Sunch'on (south)", "Hadong", "Chinju", "Masan"],
    "Kongju": ["Ch'onan", "Kongju", "Nonsan"],
    "East coast south": ["Pusan", "Ulsan", "Kyongju", "P'ohang", "Yongdok", "Uljin", "Samch'ok", "Kangnung"],
    "East coast north": ["Kangnung", "Chumunjin", "Yangyang", "Kansong", "Kosong", "Tongch'on", "Anbyon",
                         "Wonsan", "Munch'on", "Yonghung", "Hamhung", "Hungnam"],
    "North-east coast": ["Hamhung", "Hongwon", "Pukch'ong", "Iwon", "Tanch'on", "Songjin", "Kilchu",
                         (41.45, 129.45)],
    "Hyesanjin road": ["Pukch'ong", "P'ungsan", "Kapsan", "Hyesanjin"],
    "Chosin road": ["Hamhung", "Oro-ri", "Chinhung-ni", "Koto-ri", "Hagaru-ri", "Changjin", (41.45, 127.3)],
    "Yudam-ni": ["Hagaru-ri", "Yudam-ni"],
    "Wonsan-P'yongyang": ["Wonsan", "Yangdok", "Songch'on", "Kangdong", "P'yongyang"],
    "P'yongyang-Manp'o": ["P'yongyang", "Sunch'on", "Kunu-ri", "Kujang", "Huich'on", "Kanggye", "Manp'o"],
    "Kanggye-north": ["Kanggye", (41.45, 126.75)],
    "Ch'ongch'on valley": ["Sinanju", "Anju", "Kunu-ri", "Tokch'on"],
    "Unsan-Ch'osan": ["Anju", "Pakch'on", "Yongbyon", "Unsan", "Onjong", "Ch'osan"],
    "Kusong-Sakchu": ["Chongju", "Kusong", "Sakchu"],
    "P'yongyang-Chinnamp'o": ["P'yongyang", "Chinnamp'o"],
    "Haeju": ["Sariwon", "Haeju", "Ongjin"],
    "Haeju-Kaesong": ["Haeju", "Yonan", "Kaesong"],
    "Sinmak-Kumhwa": ["Namch'onjom", "Sinmak", (38.55, 126.9), "P'yonggang"],
}

# ---------------------------------------------------------------------------
# Start line, MiG Alley, DMZ
# ---------------------------------------------------------------------------

# The 38th Parallel start line runs straight across the grid at row-height 15.0:
# along the hexsides (c,14)/(c,15) of odd columns and through the middle of hex (c,15)
# of even columns (those are the half hexes it splits).
START_LINE_Y = 15.0

# MiG Alley: north-west of this outline's river edge (the Ch'ongch'on), west of the cut to the Yalu.
MIG_ALLEY = [(39.30, 124.00), (39.52, 125.40)] + RIVERS["Ch'ongch'on"][::-1][1:] + [
    (40.95, 126.70), (41.70, 126.80), (42.0, 126.8), (42.0, 124.0)]

# The armistice line of July 1953 (display only), as a chain of hexes west to east whose
# centres the line joins.  Hexes it passes through count for neither side.  It keeps within
# about half a hex of the real line and gives the 9 hexes to 7 of the designer's note (5.4).
DMZ_HEXES = ["1716", "1816", "1915", "2015", "2014", "2113", "2213", "2313", "2413", "2512", "2612",
             "2712", "2812"]

# The real line (reference for the check script), west to east.
DMZ = [(37.75, 126.45), (37.78, 126.62), (37.95, 126.68), (38.12, 126.92), (38.25, 127.05),
       (38.30, 127.25), (38.32, 127.55), (38.27, 127.85), (38.30, 128.05), (38.42, 128.22),
       (38.62, 128.36)]

# ---------------------------------------------------------------------------
# Hand-tuned terrain (DECISIONS.md): hex -> terrain, applied after the sketch.
# ---------------------------------------------------------------------------

FORCE_LAND = {"1730", "2929", "1818", "2916"}   # Mokp'o, Pusan, Inch'on, Kangnung: coastal land hexes
FORCE_SEA = {"3132"}          # Tsushima is Japan, not part of the game
FORCE_TERRAIN = {
    "2115": "open",          # clear, across the river from the start line (movement example C)
}
FORCE_ALL_SEA = {("1919", "1920")}       # Asan Bay: ZOC does not cross it (rule 7.0)
FORCE_NOT_ALL_SEA = {
    ("1817", "1818"),    # Inch'on-Kimpo: joined by land in 1950
    ("2829", "2929"),    # Pusan-Kimhae: the Naktong mouth is a river here, not open sea
    ("3122", "3123"), ("3123", "3124"),   # the shore road north of P'ohang
}
FORCE_RIVER = {("2114", "2115"): "Hantan"}   # movement example C crosses a river into 2115

LAND_THRESHOLD = 0.45

# ---------------------------------------------------------------------------
# Geometry helpers for polylines
# ---------------------------------------------------------------------------


def _poly_xy(points) -> list[tuple[float, float]]:
    return [lonlat_to_xy(lon, lat) for lat, lon in points]


def _densify(pts: list[tuple[float, float]], step: float = 0.2) -> list[tuple[float, float]]:
    out = [pts[0]]
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(x2 - x1, y2 - y1) / step))
        for k in range(1, n + 1):
            out.append((x1 + (x2 - x1) * k / n, y1 + (y2 - y1) * k / n))
    return out


def _point_in_poly(x: float, y: float, poly: list[tuple[float, float]]) -> bool:
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def _seg_dist_km(lat, lon, a, b):
    """Distance in km from points (arrays) to segment a-b ((lat, lon) tuples), equirectangular."""
    k = 111.0
    cl = math.cos(math.radians(37.5))
    px, py = lon * k * cl, lat * k
    ax, ay = a[1] * k * cl, a[0] * k
    bx, by = b[1] * k * cl, b[0] * k
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    if L2 == 0:
        return np.hypot(px - ax, py - ay)
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / L2, 0.0, 1.0)
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def relief(lat: np.ndarray, lon: np.ndarray) -> np.ndarray:
    """The relief sketch, in metres, at arrays of points."""
    h = np.full(lat.shape, 80.0)
    for _name, base, poly in PLATEAUS:
        pp = [(lo, la) for la, lo in poly]
        inside = np.array([_point_in_poly(x, y, pp) for x, y in zip(lon, lat)])
        h = np.where(inside, np.maximum(h, base), h)
    for _name, crest, width, pts in RIDGES:
        if len(pts) == 1:
            pts = pts * 2
        d = np.full(lat.shape, 1e9)
        for a, b in zip(pts, pts[1:]):
            d = np.minimum(d, _seg_dist_km(lat, lon, a, b))
        h = np.maximum(h, crest * np.exp(-(d / width) ** 2))
    for _name, cap, poly in PLAINS:
        pp = [(lo, la) for la, lo in poly]
        inside = np.array([_point_in_poly(x, y, pp) for x, y in zip(lon, lat)])
        h = np.where(inside, np.minimum(h, cap), h)
    return h


# ---------------------------------------------------------------------------
# The build
# ---------------------------------------------------------------------------


def place_hex(name: str) -> str:
    if name in PLACE_HEX:
        return PLACE_HEX[name]
    lat, lon = CITIES.get(name) or TOWNS[name]
    return lonlat_hex(lon, lat)


def waypoint_hex(w) -> str:
    if isinstance(w, str):
        return place_hex(w)
    lat, lon = w
    c, r = xy_to_hex(*lonlat_to_xy(lon, lat))
    c = min(max(c, FIRST_COL), LAST_COL)
    r = min(max(r, FIRST_ROW), LAST_ROW)
    return hid(c, r)


class Builder:
    def __init__(self) -> None:
        _self_test_geometry()
        self.frac = land_fraction()
        self.terrain: dict[str, str] = {}
        self.elev: dict[str, int] = {}
        self.features: dict[str, set[str]] = {}
        self.names: dict[str, str] = {}
        self.sides: dict[str, set[str]] = {}
        self.river_names: dict[str, str] = {}
        self.road_names: dict[str, list[str]] = {}

    # -- land, sea, Manchuria ---------------------------------------------
    def classify_land(self) -> None:
        china = [lonlat_to_xy(lon, lat) for lat, lon in
                 YALU + [(43.0, 128.18), (43.0, 121.0), (39.82, 121.0)]]
        for h in ALL_HEXES:
            land = self.frac[h] >= LAND_THRESHOLD
            if h in FORCE_LAND:
                land = True
            if h in FORCE_SEA:
                land = False
            if not land:
                continue
            x, y = centre(h)
            self.terrain[h] = "offmap" if _point_in_poly(x, y, china) else "land"
        for name in ("Manp'o", "Sinuiju", "Hyesanjin"):
            self.terrain[place_hex(name)] = "land"

    def playable(self, h: str) -> bool:
        return self.terrain.get(h, "sea") not in ("sea", "offmap")

    # -- terrain ------------------------------------------------------------
    def classify_terrain(self) -> None:
        land_hexes = [h for h in ALL_HEXES if self.terrain.get(h) == "land"]
        xs, ys, owner = [], [], []
        for h in land_hexes:
            x, y = centre(h)
            pts = SAMPLES[::3]
            xs.extend(x + pts[:, 0])
            ys.extend(y + pts[:, 1])
            owner.extend([h] * len(pts))
        xs, ys = np.array(xs), np.array(ys)
        lon, lat = xy_to_lonlat(xs, ys)
        h_m = relief(lat, lon)
        land = globe.is_land(lat, lon)
        owner = np.array(owner)
        for h in land_hexes:
            sel = owner == h
            vals = h_m[sel & land]
            if vals.size == 0:
                vals = h_m[sel]
            e = float(vals.mean())
            if self.frac[h] < 0.75:        # coastal hexes: the shore plain lowers them
                e *= 0.7
            self.elev[h] = int(round(e / 50.0) * 50)
            self.terrain[h] = next(t for lim, t in TERRAIN_THRESHOLDS if e >= lim)
        for h, t in FORCE_TERRAIN.items():
            self.terrain[h] = t

    # -- hexsides -----------------------------------------------------------
    def add_side(self, a: str, b: str, feature: str) -> None:
        self.sides.setdefault(side_key(a, b), set()).add(feature)

    def classify_all_sea(self) -> None:
        t = np.linspace(0.0, 1.0, 25)
        for h in ALL_HEXES:
            if not self.playable(h):
                continue
            for n in neighbours(h):
                if not self.playable(n) or parse(n) < parse(h):
                    continue
                (x1, y1), (x2, y2) = centre(h), centre(n)
                nx, ny = -(y2 - y1) / SQRT3, (x2 - x1) / SQRT3
                runs = 0
                for off in (-0.3, 0.0, 0.3):
                    wet = ~is_land_xy(x1 + (x2 - x1) * t + nx * off, y1 + (y2 - y1) * t + ny * off)
                    wet[:3] = False
                    wet[-3:] = False
                    best = cur = 0
                    for w in wet:
                        cur = cur + 1 if w else 0
                        best = max(best, cur)
                    if best >= 6:
                        runs += 1
                if (runs >= 2 or (h, n) in FORCE_ALL_SEA) and (h, n) not in FORCE_NOT_ALL_SEA:
                    self.add_side(h, n, "all-sea")

    def _vertex_graph(self):
        def vkey(p):
            return (round(p[0] * 2), round(p[1] / SQRT3 * 4))
        graph: dict[tuple, list] = {}
        pos: dict[tuple, tuple[float, float]] = {}
        for h in ALL_HEXES:
            cs = corners(h)
            x, y = centre(h)
            for i in range(6):
                p, q = cs[i], cs[(i + 1) % 6]
                mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
                nx, ny = 2 * mx - x, 2 * my - y
                c2, r2 = xy_to_hex(nx, ny)
                side = side_key(h, hid(c2, r2)) if on_map(c2, r2) else None
                kp, kq = vkey(p), vkey(q)
                pos[kp], pos[kq] = p, q
                graph.setdefault(kp, {})[kq] = side
                graph.setdefault(kq, {})[kp] = side
        return graph, pos, vkey

    def snap_river(self, name: str, pts) -> list[str]:
        graph, pos, vkey = self._graph
        line = _densify(_poly_xy(pts), 0.15)
        # nearest vertex of each densified point
        seq = []
        for x, y in line:
            c, r = xy_to_hex(x, y)
            best, bd = None, 1e9
            for cand in [hid(c, r)] + [hid(c + dc, r + dr) for dc in (-1, 0, 1) for dr in (-1, 0, 1)]:
                cc, rr = parse(cand) if len(cand) == 4 and cand.isdigit() else (None, None)
                if cc is None:
                    continue
                for p in corners(cand):
                    d = math.hypot(p[0] - x, p[1] - y)
                    if d < bd:
                        bd, best = d, vkey(p)
            if best in graph and (not seq or seq[-1] != best):
                seq.append(best)
        # join consecutive vertices through the vertex graph (shortest path)
        path = [seq[0]]
        for v in seq[1:]:
            if v in graph[path[-1]]:
                path.append(v)
                continue
            prev = {path[-1]: None}
            dist = {path[-1]: 0.0}
            pq = [(0.0, path[-1])]
            while pq:
                d, u = heapq.heappop(pq)
                if u == v:
                    break
                if d > dist[u] or d > 4:
                    continue
                for w in graph[u]:
                    nd = d + 1.0
                    if nd < dist.get(w, 1e9):
                        dist[w], prev[w] = nd, u
                        heapq.heappush(pq, (nd, w))
            if v not in prev:
                path.append(v)
                continue
            seg = []
            u = v
            while u != path[-1]:
                seg.append(u)
                u = prev[u]
            path.extend(reversed(seg))
        # drop immediate back-and-forth steps
        clean: list = []
        for v in path:
            if len(clean) >= 2 and clean[-2] == v:
                clean.pop()
                continue
            clean.append(v)
        out = []
        for a, b in zip(clean, clean[1:]):
            side = graph[a].get(b)
            if side:
                out.append(side)
        return out

    def classify_rivers(self) -> None:
        self._graph = self._vertex_graph()
        for name, pts in RIVERS.items():
            for key in self.snap_river(name, pts):
                a, b = key.split("/")
                if self.playable(a) and self.playable(b) and "all-sea" not in self.sides.get(key, ()):
                    self.add_side(a, b, "river")
                    self.river_names.setdefault(key, name)
        # the Yalu: every hexside between Korea and Manchuria
        for h in ALL_HEXES:
            if not self.playable(h):
                continue
            for n in neighbours(h):
                if self.terrain.get(n) == "offmap":
                    self.add_side(h, n, "river")
                    self.river_names.setdefault(side_key(h, n), "Yalu")
        for (a, b), name in FORCE_RIVER.items():
            self.add_side(a, b, "river")
            self.river_names[side_key(a, b)] = name

    # -- roads --------------------------------------------------------------
    ROAD_COST = {"open": 1.0, "broken": 1.5, "rough": 2.4, "mountain": 3.4}

    def road_path(self, a: str, b: str) -> list[str]:
        ax, ay = centre(a)
        bx, by = centre(b)
        L = math.hypot(bx - ax, by - ay) or 1.0

        def off_line(h):
            x, y = centre(h)
            return abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / L

        dist = {a: 0.0}
        prev = {a: None}
        pq = [(0.0, a)]
        while pq:
            d, u = heapq.heappop(pq)
            if u == b:
                break
            if d > dist[u]:
                continue
            for n in neighbours(u):
                if not self.playable(n):
                    continue
                feats = self.sides.get(side_key(u, n), set())
                if "all-sea" in feats:
                    continue
                step = self.ROAD_COST[self.terrain[n]] + (1.2 if "river" in feats else 0.0)
                step += 0.35 * off_line(n)
                if "road" in feats:
                    step *= 0.6           # reuse an existing road where it runs the same way
                nd = d + step
                if nd < dist.get(n, 1e9):
                    dist[n], prev[n] = nd, u
                    heapq.heappush(pq, (nd, n))
        if b not in prev:
            raise SystemExit(f"no land route from {a} to {b}")
        out = [b]
        while out[-1] != a:
            out.append(prev[out[-1]])
        return out[::-1]

    def classify_roads(self) -> None:
        for road, points in ROADS.items():
            hexes = [waypoint_hex(w) for w in points]
            for h in hexes:
                assert self.playable(h), (road, h)
            full = [hexes[0]]
            for a, b in zip(hexes, hexes[1:]):
                if a == b:
                    continue
                full.extend(self.road_path(a, b)[1:])
            for a, b in zip(full, full[1:]):
                self.add_side(a, b, "road")
            self.road_names[road] = full

    # -- places -------------------------------------------------------------
    def classify_places(self) -> None:
        for name in CITIES:
            h = place_hex(name)
            assert self.playable(h), f"city {name} falls on non-land hex {h}: add it to PLACE_HEX"
            f = self.features.setdefault(h, set())
            f.add("city")
            if name in PORTS:
                f.add("port")
            if name in CAPITALS:
                f.add("capital")
            if name in STAR_CITIES:
                f.add("star-city")
            assert h not in self.names, (name, h, self.names.get(h))
            self.names[h] = name
        for lm in LANDMARKS:
            assert self.playable(lm["at"]), lm
            self.features.setdefault(lm["at"], set()).add("landmark")
            if lm["at"] not in self.names and lm["name"] != "MAS*H":
                self.names[lm["at"]] = lm["name"]
        for name in TOWNS:
            h = place_hex(name)
            if not self.playable(h) or h in self.names:
                continue
            self.names[h] = name
            self.features.setdefault(h, set()).add("town")
        for h in ALL_HEXES:
            if self.playable(h) and any(self.terrain.get(n, "sea") == "sea" for n in neighbours(h)):
                self.features.setdefault(h, set()).add("coastal")
            if h in self.terrain and self.terrain[h] != "sea" and not self.playable(h):
                pass

    # -- lines and regions ---------------------------------------------------
    def start_line(self) -> tuple[dict, dict]:
        north, south, split, sides = [], [], [], []
        for h in ALL_HEXES:
            c, r = parse(h)
            y = r + 0.5 * (c & 1)
            if self.playable(h):
                if abs(y - START_LINE_Y) < 1e-9:
                    split.append(h)
                elif y < START_LINE_Y:
                    north.append(h)
                else:
                    south.append(h)
            if c & 1 and abs(y + 0.5 - START_LINE_Y) < 1e-9 and on_map(c, r + 1):
                below = hid(c, r + 1)
                if self.playable(h) or self.playable(below):
                    sides.append(side_key(h, below))
        line = {"id": "start-line", "kind": "start-line", "name": "38th Parallel",
                "hexsides": sides, "hexes_split": split,
                "note": "split hexes are cut from their west corner to their east corner"}
        return line, {"north": north, "south": south}

    def mig_alley(self) -> list[str]:
        poly = _poly_xy(MIG_ALLEY)
        return [h for h in ALL_HEXES if self.playable(h) and _point_in_poly(*centre(h), poly)]

    def north_edge(self) -> list[str]:
        out = []
        for h in ALL_HEXES:
            if not self.playable(h):
                continue
            c, r = parse(h)
            if r == FIRST_ROW or any(self.terrain.get(n) == "offmap" for n in neighbours(h)):
                out.append(h)
        return out

    def dmz_gains(self, ns: dict) -> tuple[list[str], list[str]]:
        """Hexes each side holds across the start line if the front is the DMZ line (5.4)."""
        for a, b in zip(DMZ_HEXES, DMZ_HEXES[1:]):
            assert adjacent(a, b), (a, b)
        pts = [centre(h) for h in DMZ_HEXES]
        x0, y0 = pts[0]

        def y_at(x):
            if x < x0:
                return None, "west"
            for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
                if min(x1, x2) <= x <= max(x1, x2):
                    if x1 == x2:
                        return (min(y1, y2), max(y1, y2)), ""
                    yy = y1 + (x - x1) / (x2 - x1) * (y2 - y1)
                    return (yy, yy), ""
            return None, "east"

        allied, communist = [], []
        for h in ns["north"] + ns["south"]:
            x, y = centre(h)
            span, where = y_at(x)
            if span is None:
                # west of the Han estuary everything south of the line went to the North
                if where == "west" and h in ns["south"] and y <= y0 + 2.0:
                    communist.append(h)
                continue
            if span[0] - 0.05 <= y <= span[1] + 0.05:
                continue
            if h in ns["north"] and y > span[1]:
                allied.append(h)
            if h in ns["south"] and y < span[0]:
                communist.append(h)
        return sorted(allied), sorted(communist)

    # -- assemble -------------------------------------------------------------
    def build(self) -> dict:
        self.classify_land()
        self.classify_terrain()
        self.classify_all_sea()
        self.classify_rivers()
        self.classify_places()
        self.classify_roads()
        start, ns = self.start_line()
        allied_gain, communist_gain = self.dmz_gains(ns)
        regions = {
            "north": ns["north"],
            "south": ns["south"],
            "mig-alley": self.mig_alley(),
            "north-edge": self.north_edge(),
            "offmap": [h for h in ALL_HEXES if self.terrain.get(h) == "offmap"],
        }
        hexes = {}
        for h in ALL_HEXES:
            t = self.terrain.get(h, "sea")
            if t == "sea":
                continue
            entry: dict = {"terrain": t}
            if self.elev.get(h):
                entry["elevation"] = self.elev[h]
            if self.features.get(h):
                entry["features"] = sorted(self.features[h])
            if h in self.names:
                entry["name"] = self.names[h]
            hexes[h] = entry
        sides = {k: sorted(v) for k, v in sorted(self.sides.items(), key=lambda kv: tuple(map(parse, kv[0].split("/"))))}
        named_rivers: dict[str, list[str]] = {}
        for k, n in self.river_names.items():
            if "river" in self.sides.get(k, ()):
                named_rivers.setdefault(n, []).append(k)
        for n in named_rivers:
            named_rivers[n].sort(key=lambda k: tuple(map(parse, k.split("/"))))
        return {
            "kind": "hexmap",
            "version": 1,
            "layout": {"orientation": "flat", "offset": "odd", "columns": LAST_COL - FIRST_COL + 1,
                       "rows": LAST_ROW - FIRST_ROW + 1, "first_col": FIRST_COL, "first_row": FIRST_ROW,
                       "id_format": "CCRR", "size": 1.0},
            "default_terrain": "sea",
            "hexes": hexes,
            "hexsides": sides,
            "lines": [
                start,
                {"id": "dmz", "kind": "display", "name": "DMZ (armistice line, July 1953)",
                 "points_hexes": DMZ_HEXES, "allied_gain": allied_gain,
                 "communist_gain": communist_gain},
            ],
            "regions": regions,
            "labels": LABELS,
            "boxes": BOXES,
            "landmarks": LANDMARKS,
            "named_rivers": named_rivers,
            "named_roads": self.road_names,
            "source": {
                "built_by": "tools/build_korea_map.py",
                "land_sea": "global-land-mask (GLOBE 1 km land mask), sampled over each hex",
                "projection": {"col": f"{K_LON} * (lon - {LON0})",
                               "row_height": f"{Y0} - {K_LAT} * lat (+ {S_SOUTH} * ({LAT_S} - lat) south of {LAT_S}N)",
                               "hex_centre_row_height": "row + 0.5 for odd columns"},
            },
        }


LABELS = [
    {"text": "YELLOW SEA", "at": "0922", "size": 16, "kind": "sea"},
    {"text": "KOREA BAY", "at": "0709", "size": 13, "kind": "sea"},
    {"text": "SEA OF JAPAN", "at": "3010", "size": 16, "kind": "sea"},
    {"text": "KOREA STRAIT", "at": "2832", "size": 13, "kind": "sea"},
    {"text": "MANCHURIA", "at": "1002", "size": 13, "kind": "land"},
    {"text": "38TH PARALLEL", "at": "0815", "size": 10, "kind": "line"},
]

BOXES = [
    {"id": "fec", "name": "Far East Command", "side": "allied", "anchor": "3230"},
    {"id": "china", "name": "China", "side": "communist", "anchor": "0702"},
    {"id": "eliminated-allied", "name": "Eliminated Allied Units", "side": "allied", "anchor": "3226"},
    {"id": "eliminated-communist", "name": "Eliminated Communist Units", "side": "communist", "anchor": "0628"},
    {"id": "air-allied", "name": "Allied Air Power", "side": "allied", "anchor": "3220"},
    {"id": "air-communist", "name": "Communist Air Power", "side": "communist", "anchor": "0624"},
    {"id": "reinforcements", "name": "Reinforcements (on the turn track)", "side": "", "anchor": "0632"},
]


# ---------------------------------------------------------------------------
# Check render (pillow, build-time only)
# ---------------------------------------------------------------------------

COLOURS = {"sea": "#9CC3D5", "open": "#E9E2C8", "broken": "#D9CFA3", "rough": "#C7B27F",
           "mountain": "#A98F62", "offmap": "#C9C9C0"}


def render_png(data: dict, path: str, px: float = 16.0) -> None:
    from PIL import Image, ImageDraw

    def to_px(x, y):
        return (x - 1.5 * FIRST_COL + 1.2) * px, (y + 1.2) * px

    W = int((1.5 * (LAST_COL - FIRST_COL) + 2.6) * px)
    H = int((SQRT3 * (LAST_ROW + 1) + 2.4) * px)
    img = Image.new("RGB", (W, H), COLOURS["sea"])
    d = ImageDraw.Draw(img)
    hexes = data["hexes"]
    mig = set(data["regions"]["mig-alley"])
    for h in ALL_HEXES:
        t = hexes.get(h, {}).get("terrain", "sea")
        pts = [to_px(*p) for p in corners(h)]
        d.polygon(pts, fill=COLOURS[t], outline="#00000030" if t != "sea" else "#8FB5C8")
        if h in mig:
            d.polygon(pts, outline="#E0C000")
    for key, feats in data["hexsides"].items():
        a, b = key.split("/")
        p, q = shared_edge(a, b)
        if "river" in feats:
            d.line([to_px(*p), to_px(*q)], fill="#3E7CB1", width=3)
        if "all-sea" in feats:
            d.line([to_px(*p), to_px(*q)], fill="#1060A0", width=2)
    for key, feats in data["hexsides"].items():
        if "road" in feats:
            a, b = key.split("/")
            d.line([to_px(*centre(a)), to_px(*centre(b))], fill="#8B3A2B", width=2)
    for key in data["lines"][0]["hexsides"]:
        a, b = key.split("/")
        p, q = shared_edge(a, b)
        d.line([to_px(*p), to_px(*q)], fill="#A00000", width=3)
    for h in data["lines"][0]["hexes_split"]:
        x, y = centre(h)
        d.line([to_px(x - 1, y), to_px(x + 1, y)], fill="#A00000", width=3)
    dm = [to_px(*centre(h)) for h in data["lines"][1]["points_hexes"]]
    d.line(dm, fill="#FF3030", width=1)
    for h, e in hexes.items():
        x, y = to_px(*centre(h))
        f = e.get("features", [])
        if "city" in f:
            rr = 4 if "star-city" not in f and "capital" not in f else 6
            d.ellipse([x - rr, y - rr, x + rr, y + rr], fill="#000000")
            d.text((x + 5, y - 6), e["name"], fill="#000000")
            if "port" in f:
                d.text((x - 12, y - 2), "P", fill="#002080")
        elif "name" in e and "town" in f:
            d.text((x - 10, y + 2), e["name"][:9], fill="#5A4A30")
        elif "landmark" in f:
            d.text((x - 10, y + 2), e.get("name", "")[:9], fill="#800080")
    for c in range(FIRST_COL, LAST_COL + 1, 2):
        x, y = to_px(*centre(hid(c, 0)))
        d.text((x - 6, 2), f"{c:02d}", fill="#000000")
    for r in range(FIRST_ROW, LAST_ROW + 1, 2):
        x, y = to_px(*centre(hid(FIRST_COL, r)))
        d.text((2, y - 5), f"{r:02d}", fill="#000000")
    img.save(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--png", help="also write a check render (needs pillow)")
    args = ap.parse_args(argv)
    data = Builder().build()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    Path(args.out).write_text(text, encoding="utf-8")
    if args.png:
        render_png(data, args.png)
    land = sum(1 for e in data["hexes"].values() if e["terrain"] not in ("offmap",))
    print(f"wrote {args.out}: {land} land hexes, {len(data['hexsides'])} hexsides")
    return 0


if __name__ == "__main__":
    sys.exit(main())
