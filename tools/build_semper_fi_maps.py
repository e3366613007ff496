#!/usr/bin/env python3
"""Build the Semper Fi! hex maps in resources/semper-fi/maps/ (a designer's script, run by hand).

The program only reads the JSON this writes; nothing here is fetched. Every map is drawn by
hand from the scenario texts (every hex, hexrow, hill, road and set-up area they name) and
from what is known of the real ground: crests and spot heights are listed below as data,
slopes fall away from them at a fixed gradient, and the valley floors rise gently. The
reasons are in resources/semper-fi/DECISIONS.md, section "Maps".

Hex convention: flat-topped hexes of 125 m, ids C.RR with columns counted west to east and
rows counted **upwards from the south edge** (layout ``rows_up``), as on the game's printed
maps; ``even`` parity, so the three hexes of Hill 147 (5.05, 5.06, 4.05) touch each other.

    python tools/build_semper_fi_maps.py            # writes the maps
    python tools/build_semper_fi_maps.py --check    # exit 1 if a written map would change
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.engine.files import dumps_json  # noqa: E402
from app.engine.hexgrid import HexGrid, HexLayout  # noqa: E402

OUT = ROOT / "resources" / "semper-fi" / "maps"
CONTOUR_INTERVAL = 20  # metres; DECISIONS.md "Contour interval"


@dataclass
class MapSpec:
    """Everything one map is built from."""

    file: str
    name: str
    columns: int
    rows: int
    #: crest polylines: [(hex, metres), ...]; heights interpolate along the line between points
    crests: list[list[tuple[str, int]]]
    #: metres lost per hex away from a crest
    gradient: int
    #: the valley floor under everything: f(col, row) -> metres
    floor: Callable[[int, int], float]
    #: hexes whose elevation is set exactly (named hills, saddles, the road's pass)
    spot: dict[str, int]
    roads: list[list[str]]
    trails: list[list[str]] = field(default_factory=list)
    #: streams along hexsides: (first row, last row, f(row) -> the column the stream runs east of)
    streams: list[tuple[int, int, Callable[[int], float]]] = field(default_factory=list)
    terrain: dict[str, str] = field(default_factory=dict)
    woods: list[str] = field(default_factory=list)
    water: list[str] = field(default_factory=list)
    places: list[tuple[str, str]] = field(default_factory=list)
    hilltops: list[tuple[list[str], str, int]] = field(default_factory=list)
    labels: list[dict[str, Any]] = field(default_factory=list)
    #: elevation of water hexes (a lake's surface); None: the valley floor
    water_level: int | None = None
    #: degrees clockwise from the top of the map to true north (Hagaru is printed askew)
    north: int = 0
    #: paddies beside the streams (False on the winter maps: frozen hard, open ground)
    paddies: bool = True


def _polyline(grid: HexGrid, pts: list[str]) -> list[str]:
    """Hexes along straight hex lines between successive waypoints (each step adjacent)."""
    out: list[str] = [pts[0]]
    for a, b in zip(pts, pts[1:]):
        out.extend(grid.line(a, b)[1:])
    return out


def _crest_heights(grid: HexGrid, crest: list[tuple[str, int]]) -> dict[str, float]:
    heights: dict[str, float] = {}
    for (a, ha), (b, hb) in zip(crest, crest[1:]):
        line = grid.line(a, b)
        n = max(1, len(line) - 1)
        for i, h in enumerate(line):
            heights[h] = max(heights.get(h, 0.0), ha + (hb - ha) * i / n)
    if len(crest) == 1:
        heights[crest[0][0]] = crest[0][1]
    return heights


def _side_run(grid: HexGrid, first: int, last: int, east_of: Callable[[int], float]) -> list[tuple[str, str]]:
    """Hexsides between the hexes west of a wandering column line and those east of it, over a
    range of rows: a continuous edge path (streams, boundaries)."""
    lo = grid.layout
    west = {h for h in grid.ids() if grid.parse_id(h)[0] <= east_of(grid.parse_id(h)[1])}
    out = []
    for h in sorted(west, key=grid.index):
        r = grid.parse_id(h)[1]
        if not first <= r <= last:
            continue
        for n in grid.neighbours(h):
            rn = grid.parse_id(n)[1]
            if n not in west and first <= rn <= last and lo.first_col <= grid.parse_id(n)[0]:
                out.append((h, n))
    return out


def _row_boundary(grid: HexGrid, south_rows: Callable[[int], int]) -> list[str]:
    """Hexsides between rows <= south_rows(col) and the rows north of them (a boundary line
    across the whole map, west to east)."""
    south = {h for h in grid.ids() if grid.parse_id(h)[1] <= south_rows(grid.parse_id(h)[0])}
    sides = []
    for h in grid.ids():
        if h not in south:
            continue
        for n in grid.neighbours(h):
            if n not in south:
                sides.append(str(grid.hexside(h, n)))
    return sorted(set(sides), key=lambda t: (grid.parse_id(t.split("/")[0]), grid.parse_id(t.split("/")[1])))


def build_grid(spec: MapSpec) -> HexGrid:
    lay = HexLayout(columns=spec.columns, rows=spec.rows, orientation="flat", offset="even",
                    first_col=1, first_row=1, id_format="C.RR", rows_up=True)
    grid = HexGrid(lay, default_terrain="open")
    crest: dict[str, float] = {}
    for c in spec.crests:
        for h, v in _crest_heights(grid, c).items():
            crest[h] = max(crest.get(h, 0.0), v)
    crest.update({h: float(v) for h, v in spec.spot.items()})
    elev: dict[str, int] = {}
    floor: dict[str, float] = {}
    for h in grid.ids():
        c, r = grid.parse_id(h)
        base = spec.floor(c, r)
        floor[h] = base
        best = base
        for k, v in crest.items():
            best = max(best, v - spec.gradient * grid.distance(h, k))
        elev[h] = int(round(best))
    road_hexes: set[str] = set()
    for rd in spec.roads:
        path = _polyline(grid, rd)
        road_hexes.update(path)
        for h in path:  # roads keep to the valleys and passes
            elev[h] = min(elev[h], int(round(floor[h])) + 18)
        for a, b in zip(path, path[1:]):
            grid.add_side_feature(a, b, "road")
    for tr in spec.trails:
        path = _polyline(grid, tr)
        for a, b in zip(path, path[1:]):
            if "road" not in grid.side_features(a, b):
                grid.add_side_feature(a, b, "trail")
    stream_hexes: set[str] = set()
    for first, last, f in spec.streams:
        for a, b in _side_run(grid, first, last, f):
            grid.add_side_feature(a, b, "stream")
            stream_hexes.update((a, b))
    for h in grid.ids():
        grid.set_elevation(h, elev[h])
        relief = elev[h] - floor[h]
        if spec.paddies and relief < 6 and (h in stream_hexes or any(n in stream_hexes for n in grid.neighbours(h))):
            t = "rice-paddy"
        elif relief >= 45:
            t = "broken"
        else:
            t = "open"
        grid.set_terrain(h, t)
    for h, v in spec.spot.items():
        grid.set_elevation(h, v)
    for h in spec.woods:
        grid.set_terrain(h, "woods")
    for h, t in spec.terrain.items():
        grid.set_terrain(h, t)
    for h in spec.water:
        grid.set_terrain(h, "water")
        level = spec.water_level if spec.water_level is not None else int(spec.floor(*grid.parse_id(h)))
        grid.set_elevation(h, min(elev[h], level))
    for h, name in spec.places:
        grid.set_name(h, name)
    return grid


def finish(grid: HexGrid, spec: MapSpec, lines: list[dict[str, Any]], regions: dict[str, list[str]],
           boxes: list[dict[str, Any]], notes: str) -> dict[str, Any]:
    grid.lines = lines
    # lists keep their order (the main road runs from its entry to its exit); sets are sorted
    grid.regions = {k: list(dict.fromkeys(v)) if isinstance(v, list) else sorted(v, key=grid.index)
                    for k, v in regions.items()}
    grid.labels = spec.labels
    grid.boxes = boxes
    marks: list[dict[str, Any]] = []
    for hexes, name, height in spec.hilltops:  # a hill of several hexes: one entry per hex
        marks.extend({"at": h, "height": height, "kind": "hilltop", "name": name} for h in hexes)
    for h, name in spec.places:
        marks.append({"at": h, "kind": "place", "name": name})
    grid.extra = {"name": spec.name, "contour_interval": CONTOUR_INTERVAL, "hex_size_m": 125,
                  "landmarks": marks, "source": {"built_by": "tools/build_semper_fi_maps.py", "notes": notes}}
    if spec.north:
        grid.extra["north_deg"] = spec.north
    return grid.to_json()


# ---------------------------------------------------------------------------------------------
# Changchon (Changallon Valley): scenarios 4.1 and 4.2
# ---------------------------------------------------------------------------------------------

def changchon() -> dict[str, Any]:
    spec = MapSpec(
        file="changchon.json", name="Changchon", columns=18, rows=22,
        crests=[
            # Hill 202: Baker/5's night position (4.2: platoons at 5.14, 7.16, 9.18)
            [("3.12", 140), ("5.14", 178), ("6.15", 192), ("7.16", 202), ("8.17", 188), ("9.18", 172)],
            # the wooded hills west of the valley, the first ambush positions
            [("2.03", 110), ("4.05", 138), ("6.07", 156), ("7.09", 132), ("6.11", 128)],
            # the long ridge east of the road, where 1/5's weapons dug in below (4.2: 14.09)
            [("15.02", 118), ("16.06", 148), ("17.09", 171), ("16.13", 154), ("15.16", 136)],
            # the hill north of the pass
            [("12.22", 120), ("13.20", 146), ("15.19", 128)],
            [("1.21", 108), ("2.19", 124)],
        ],
        gradient=30,
        floor=lambda c, r: 32 + 14 * (r > 8) + 14 * (r > 16) + 8 * (abs(c - 11) > 4),
        spot={"7.16": 202, "5.14": 178, "9.18": 172, "6.07": 156, "17.09": 171, "13.20": 146,
              "2.19": 124},
        roads=[["11.01", "11.06", "12.10", "11.14", "11.17", "10.20", "8.21", "5.22"]],
        trails=[["12.10", "14.09", "16.09"], ["10.10", "7.12", "4.14", "1.15"], ["11.06", "8.05", "5.03", "1.02"]],
        streams=[(1, 17, lambda r: 10 if r < 12 else 9 + (r >= 15))],
        woods=["5.04", "6.06", "5.06", "6.08", "7.07", "16.12", "17.12", "16.11", "14.19", "13.21",
               "2.18", "2.20", "1.20"],
        terrain={"10.10": "building", "10.11": "building", "12.11": "building", "7.21": "building",
                 "6.22": "building"},
        places=[("10.11", "Changchon")],
        hilltops=[(["7.16"], "Hill 202", 202), (["6.07"], "Hill 156", 156), (["17.09"], "Hill 171", 171),
                  (["13.20"], "Hill 146", 146)],
        labels=[{"at": "11.03", "kind": "valley", "size": 9, "text": "CHANGALLON VALLEY"}],
    )
    grid = build_grid(spec)
    road = _polyline(grid, spec.roads[0])
    ids = grid.ids()
    regions = {
        "4.1 NK set-up: 6 or more hexes from 11.01": [h for h in ids if grid.distance(h, "11.01") >= 6],
        "4.1 US entry after contact: within 3 of 11.01": grid.range("11.01", 3),
        "4.1 main road to Sachon (11.01 to 5.22)": road,
        "4.2 US Baker/5 platoon: within 1 of 5.14": grid.range("5.14", 1),
        "4.2 US Baker/5 platoon: within 1 of 7.16": grid.range("7.16", 1),
        "4.2 US Baker/5 platoon: within 1 of 9.18": grid.range("9.18", 1),
        "4.2 US Wpns/1/5: within 3 of 14.09": grid.range("14.09", 3),
        "4.2 NK set-up: within 4 of 4.14": grid.range("4.14", 4),
    }
    x, y = grid.to_pixel("11.01")
    _, _, _, y1 = grid.pixel_bounds()
    boxes = [{"id": "road-column", "name": "Road Column (enters at 11.01)", "anchor": "11.01",
              "enters": "11.01", "slots": 24, "side": "us",
              "x": round(x - 9.0, 3), "y": round(y1 + 0.8, 3), "w": 18.0, "h": 2.2}]
    return finish(grid, spec, [], regions, boxes,
                  "Drawn by hand from scenarios 4.1 and 4.2; rows count north from the south edge.")


# ---------------------------------------------------------------------------------------------
# No-Name Ridge (Obong-ni): scenarios 5.1, 5.2 and 5.3
# ---------------------------------------------------------------------------------------------

def no_name_ridge() -> dict[str, Any]:
    crest = {"5.03": 153, "5.04": 153, "4.05": 147, "5.05": 147, "5.06": 147, "5.07": 143, "5.08": 143,
             "5.09": 117, "5.10": 117, "5.11": 98, "6.11": 109, "6.12": 96, "7.13": 102, "7.14": 84,
             "5.02": 132, "6.01": 118, "4.04": 136, "4.06": 128,
             # Observation Hill, the Marines' start line (5.2)
             "11.10": 92,
             # Cloverleaf Hill, the 9th RCT's objective north of the road
             "9.18": 165, "10.18": 158}
    spec = MapSpec(
        file="no-name-ridge.json", name="No-Name Ridge", columns=16, rows=20,
        crests=[
            [("6.01", 118), ("5.02", 132), ("5.03", 153)],
            [("5.04", 153), ("5.05", 147)],
            [("5.06", 147), ("5.07", 143), ("5.08", 143)],
            [("5.09", 117), ("5.10", 117)],
            [("4.05", 147), ("2.06", 96)],
            [("6.11", 109), ("4.13", 70)],
            [("11.10", 92), ("12.09", 78), ("13.07", 74), ("14.05", 82)],
            [("9.18", 165), ("10.18", 158), ("12.19", 120)],
            [("8.19", 140), ("9.18", 165)],
            [("15.15", 96), ("16.16", 104)],
            [("2.11", 84)],
        ],
        gradient=26,
        floor=lambda c, r: 30 + 12 * (c >= 14 or r >= 17) + 6 * (c <= 3 and r <= 15),
        spot=crest,
        roads=[["16.10", "14.11", "12.12", "11.13", "10.14", "8.15", "7.15", "5.15", "1.15"]],
        trails=[["9.14", "8.12", "8.09", "8.07", "7.06", "7.02", "8.01"], ["12.12", "13.08", "12.05", "12.01"],
                ["7.06", "4.09", "1.10"]],
        streams=[(2, 14, lambda r: 9 if r < 9 else 9 + (r >= 12)), (1, 6, lambda r: 13)],
        woods=["3.03", "3.04", "2.04", "3.07", "2.08", "3.08", "1.12", "2.12", "14.16", "15.16", "16.15"],
        water=["1.18", "1.19", "1.20", "2.19", "2.20", "3.20", "1.17"],
        terrain={"9.15": "building", "10.15": "building", "7.06": "building", "8.06": "building",
                 "16.12": "building"},
        places=[("9.15", "Tugok"), ("7.06", "Obong-ni")],
        hilltops=[(["7.13"], "Hill 102", 102), (["6.11"], "Hill 109", 109), (["5.09", "5.10"], "Hill 117", 117),
                  (["5.07", "5.08"], "Hill 143", 143), (["5.05", "5.06", "4.05"], "Hill 147", 147),
                  (["5.03", "5.04"], "Hill 153", 153), (["11.10"], "Observation Hill", 92),
                  (["9.18"], "Cloverleaf Hill", 165)],
        labels=[{"at": "3.09", "kind": "ridge", "size": 9, "text": "OBONG-NI RIDGE"},
                {"at": "2.19", "kind": "sea", "size": 9, "text": "Naktong"}],
    )
    grid = build_grid(spec)
    ids = grid.ids()
    col = lambda h: grid.parse_id(h)[0]  # noqa: E731
    row = lambda h: grid.parse_id(h)[1]  # noqa: E731
    land = [h for h in ids if grid.terrain(h) != "water"]
    road_hexes = {h for h in ids if grid.road_neighbours(h)}
    north = _row_boundary(grid, lambda c: 15)
    south = _row_boundary(grid, lambda c: 5)
    crest_line = _polyline(grid, ["7.13", "7.14", "6.12", "6.11", "5.11", "5.02", "6.01"])
    crest_col: dict[int, int] = {}
    for h in crest_line:
        crest_col[row(h)] = max(crest_col.get(row(h), 0), col(h))
    near_1210 = grid.range("12.10", 3)
    regions = {
        "5.1 5.2 US set-up: within 3 of 12.10, not rice paddy": [h for h in near_1210 if grid.terrain(h) != "rice-paddy"],
        "5.1 5.2 US tanks: road hexes within 3 of 12.10": [h for h in near_1210 if h in road_hexes],
        "5.1 5.3 NK set-up: west of 8.xx or within 1 of Tugok": [h for h in land if col(h) <= 8]
        + [h for h in grid.range("9.15", 1) + grid.range("10.15", 1) if h in land],
        "5.2 NK set-up: on or west of the Obong-ni crest": [h for h in land if row(h) in crest_col
                                                           and col(h) <= crest_col[row(h)]],
        "5.3 US reinforcements: within 1 of 16.10": grid.range("16.10", 1),
        "5.3 NK reserves: west edge from 1.01 to 1.14": [h for h in land if col(h) == 1 and row(h) <= 14],
        "5 Obong-ni ridge hilltops": ["7.13", "6.11", "5.10", "5.09", "5.08", "5.07", "5.06", "5.05", "4.05",
                                      "5.04", "5.03"],
    }
    lines = [
        {"id": "us-boundary", "kind": "boundary", "name": "9th RCT / 1st Prov Marine Bde boundary",
         "scenarios": ["5.1", "5.2", "5.3"], "hexsides": north},
        {"id": "scenario-boundary", "kind": "boundary", "name": "Scenario boundary (xx.06)",
         "scenarios": ["5.1", "5.2", "5.3"], "hexsides": south},
    ]
    return finish(grid, spec, lines, regions, [],
                  "Drawn by hand from scenarios 5.1-5.3; rows count north from the south edge.")


# ---------------------------------------------------------------------------------------------
# Fox Hill (Toktong Pass): scenarios 6.1, 6.2 and 6.3
# ---------------------------------------------------------------------------------------------

def _road_profile(points: list[tuple[int, int]]) -> Callable[[int], float]:
    """Metres along the road by column, linear between (column, metres) points."""
    def f(c: int) -> float:
        for (c0, e0), (c1, e1) in zip(points, points[1:]):
            if c0 <= c <= c1:
                return e0 + (e1 - e0) * (c - c0) / max(1, c1 - c0)
        return points[0][1] if c < points[0][0] else points[-1][1]
    return f


def fox_hill() -> dict[str, Any]:
    road_m = _road_profile([(1, 1150), (8, 1232), (14, 1170)])
    spec = MapSpec(
        file="fox-hill.json", name="Fox Hill", columns=14, rows=16,
        crests=[
            # Fox Hill and the saddle to Rocky Ridge, the Chinese approach from the north-west
            [("7.08", 1310), ("7.10", 1282), ("5.12", 1362), ("4.15", 1420), ("4.16", 1432)],
            # the long ridge climbing north-east towards Toktong-san
            [("7.10", 1282), ("9.11", 1330), ("11.12", 1395), ("12.16", 1480)],
            [("6.16", 1455), ("8.15", 1400), ("9.13", 1350)],
            # the hills south of the road
            [("2.03", 1330), ("4.02", 1350), ("6.02", 1318)],
            [("10.01", 1335), ("12.01", 1310)],
            [("1.14", 1290), ("2.16", 1330)],
        ],
        gradient=40,
        paddies=False,
        floor=lambda c, r: road_m(c) - 10,
        spot={"7.08": 1310, "7.10": 1282, "5.12": 1362},
        roads=[["1.11", "3.09", "5.06", "7.05", "8.05", "10.04", "12.03", "14.02"]],
        trails=[["7.06", "7.08"], ["8.05", "9.03", "10.01"]],
        woods=["3.05", "3.06", "2.06", "10.09", "11.09", "11.08", "12.10", "4.12", "3.12", "9.02", "1.03"],
        terrain={"7.06": "building", "8.06": "building"},
        places=[("8.05", "Toktong Pass")],
        hilltops=[(["7.08"], "Fox Hill", 1310), (["5.12"], "Rocky Ridge", 1362)],
        labels=[{"at": "11.05", "kind": "valley", "size": 8, "text": "to Hagaru"},
                {"at": "2.12", "kind": "valley", "size": 8, "text": "to Yudam-ni"}],
    )
    grid = build_grid(spec)
    ids = grid.ids()
    col = lambda h: grid.parse_id(h)[0]  # noqa: E731
    regions = {
        "6.1 6.2 6.3 US set-up: within 2 of 7.08": grid.range("7.08", 2),
        "6.1 6.2 6.3 Chinese set-up: on or west of hexrow 7.xx": [h for h in ids if col(h) <= 7],
        "6.1 6.2 6.3 Fox Hill: within 1 of 7.08": grid.range("7.08", 1),
    }
    return finish(grid, spec, [], regions, [],
                  "Drawn by hand from scenarios 6.1-6.3; rows count north from the south edge.")


# ---------------------------------------------------------------------------------------------
# Hagaru: scenarios 7.1 to 7.5
# ---------------------------------------------------------------------------------------------

def _span(grid: HexGrid, corners: list[str]) -> set[str]:
    """Hexes inside a polygon given by corner hexes (edges traced with hex lines, inclusive):
    each row from the westmost to the eastmost boundary hex, and each column likewise."""
    edge: set[str] = set()
    for a, b in zip(corners, corners[1:] + corners[:1]):
        edge.update(grid.line(a, b))
    inside = set()
    for h in grid.ids():
        c, r = grid.parse_id(h)
        same_col = [grid.parse_id(e)[1] for e in edge if grid.parse_id(e)[0] == c]
        if same_col and min(same_col) <= r <= max(same_col):
            inside.add(h)
    return inside | {e for e in edge if e in grid}


def hagaru() -> dict[str, Any]:
    town = [f"{c}.{r:02d}" for c in range(10, 16) for r in range(16, 22)
            if not (c == 10 and r in (16, 21)) and not (c == 15 and r == 21)]
    ex_village = ["11.23", "12.22", "12.23", "13.23", "12.24", "13.24"]
    airstrip = ["17.13", "17.14", "18.13", "18.14", "18.15", "19.14", "19.15", "20.14", "20.15", "20.16", "21.15", "21.16"]
    dump = ["14.25", "15.25", "14.26", "15.26", "15.27"]
    marsh = ["12.10", "12.11", "13.11", "13.12", "12.12"]
    terrain = {h: "building" for h in town}
    terrain.update({h: "village" for h in ex_village})
    terrain.update({h: "airstrip" for h in airstrip})
    terrain.update({h: "frozen-marsh" for h in marsh})
    spec = MapSpec(
        file="hagaru.json", name="Hagaru", columns=31, rows=35,
        crests=[
            # East Hill: its crest from 19.24 to 17.29 (7.2), a spur towards the town, and the
            # ridges running on east and south-east
            [("17.22", 1172), ("19.24", 1228), ("18.26", 1252), ("18.27", 1268), ("17.29", 1236), ("16.31", 1190)],
            [("18.27", 1268), ("22.28", 1252), ("26.31", 1292), ("29.34", 1322)],
            [("19.24", 1228), ("22.22", 1205), ("26.21", 1232), ("30.20", 1252)],
            # the low rises Item and How companies held, and the hills the 172nd came from
            [("16.08", 1126), ("17.05", 1150), ("18.03", 1175)],
            [("22.10", 1137), ("23.07", 1160), ("24.03", 1192)],
            [("12.02", 1150), ("18.03", 1175), ("24.03", 1192), ("30.04", 1212)],
            # the hills west of the town and the Yudam-ni road
            [("2.03", 1205), ("3.09", 1232), ("2.14", 1215), ("4.19", 1162)],
            [("6.05", 1150), ("7.09", 1128)],
            [("15.33", 1150), ("17.35", 1185)],
        ],
        gradient=35,
        floor=lambda c, r: 1085,
        spot={"19.24": 1228, "17.29": 1236, "18.27": 1268, "16.08": 1126, "22.10": 1137},
        roads=[["15.17", "16.13", "18.11", "22.12", "26.06", "29.01"],  # to Koto-ri (south)
               ["11.19", "8.18", "4.17", "1.17"],                   # to Yudam-ni (west)
               ["13.21", "12.26", "12.30", "13.35"],                # east of the reservoir
               ["15.17", "14.19", "13.21", "11.19"],                # through the town
               ["15.17", "17.16"]],                                 # to the airstrip
        trails=[["15.21", "17.22", "19.24"], ["11.19", "10.13", "10.11"], ["18.11", "16.08"]],
        streams=[(1, 15, lambda r: 12 if r <= 9 else 13), (16, 25, lambda r: 9)],
        terrain=terrain,
        woods=["25.27", "26.27", "25.28", "27.30", "28.30", "3.12", "4.12", "3.13", "28.22", "29.22"],
        water=[f"{c}.{r:02d}" for c in range(1, 32) for r in range(1, 36) if r - c >= 23],
        water_level=1070,
        paddies=False,
        north=-45,
        places=[("13.19", "Hagaru"), ("12.23", "Hagaru-ri"), ("19.15", "Airstrip"), ("15.26", "Supply Dump")],
        hilltops=[(["18.27"], "East Hill", 1268)],
        labels=[{"at": "4.31", "kind": "sea", "size": 11, "text": "CHOSIN RESERVOIR"},
                {"at": "28.02", "kind": "valley", "size": 8, "text": "to Koto-ri"},
                {"at": "2.18", "kind": "valley", "size": 8, "text": "to Yudam-ni"}],
    )
    grid = build_grid(spec)
    ids = grid.ids()
    land = {h for h in ids if grid.terrain(h) != "water"}
    col = lambda h: grid.parse_id(h)[0]  # noqa: E731
    row = lambda h: grid.parse_id(h)[1]  # noqa: E731

    def within(h: str, n: int) -> list[str]:
        return [x for x in grid.range(h, n) if x in land]

    def near(hexes: list[str], n: int) -> list[str]:
        return sorted({x for h in hexes for x in within(h, n)}, key=grid.index)

    crest = _polyline(grid, ["19.24", "18.26", "18.27", "17.29"])
    east_hill: set[str] = set(crest)
    todo = list(crest)
    while todo:  # the massif: everything at 1,120 m or more joined to the crest
        h = todo.pop()
        for n in grid.neighbours(h):
            if n not in east_hill and grid.elevation(n) >= 1120 and col(n) >= 15 and row(n) >= 19:
                east_hill.add(n)
                todo.append(n)
    regions = {
        "Hagaru": town,
        "Hagaru-ri": ex_village,
        "Airfield": airstrip,
        "Supply Dump": dump,
        "East Hill": sorted(east_hill, key=grid.index),
        "East Hill crest (19.24-17.29)": crest,
        "map edge SW (bottom)": [h for h in ids if h in land and row(h) == 1],
        "map edge NW (left)": [h for h in ids if h in land and col(h) == 1],
        "map edge NE (top)": [h for h in ids if h in land and row(h) == 35],
        "map edge SE (right), the east edge of 7.5": [h for h in ids if h in land and col(h) == 31],
        "7.1 area in play: 12.01-12.18-22.18-22.01": [h for h in ids if 12 <= col(h) <= 22 and row(h) <= 18],
        "7.1 7.3 Chinese 172nd set-up: 12.01-12.07-22.12-22.01":
            sorted((h for h in _span(grid, ["12.01", "12.07", "22.12", "22.01"]) if h in land), key=grid.index),
        "7.1 7.3 US How/3/1: within 3 of 22.10": within("22.10", 3),
        "7.1 7.3 US Item/3/1: within 4 of 16.08": within("16.08", 4),
        "7.1 7.3 US Dog/1 Eng: within 2 of 19.17": within("19.17", 2),
        "7.1 7.3 US Dog/2/11: within 1 of 21.15": within("21.15", 1),
        "7.1 7.2 US: within 2 of Hagaru": near(town, 2),
        "7.3 US: within 3 of Hagaru or Hagaru-ri": near(town + ex_village, 3),
        "7.3 US H&S 3/1: within 2 of 10.11": within("10.11", 2),
        "7.3 US Wpns/2/7: within 1 of 10.13": within("10.13", 1),
        "7.3 US 1 Div HQ: within 1 of 9.15": within("9.15", 1),
        "7.3 US MTACS-2: within 1 of 8.17": within("8.17", 1),
        "7.3 US 1st MT Bn: within 1 of 8.19": within("8.19", 1),
        "7.3 US Regulator Det: within 2 of 8.22": within("8.22", 2),
        "7.2 7.3 7.5 US How/3/11: within 2 of 9.25": within("9.25", 2),
        "7.2 7.3 7.5 US AT/7: within 1 of 11.27": within("11.27", 1),
        "7.2 7.3 US 1st Serv Bn: within 1 of 14.27": within("14.27", 1),
        "7.2 US HQ X Corps: within 3 of 17.27": within("17.27", 3),
        "7.3 US HQ X Corps: within 2 of 17.27": within("17.27", 2),
        "7.2 7.3 US Dog/10 Eng: within 2 of 19.25": within("19.25", 2),
        "7.2 7.3 US 4th Sig Bn: within 1 of 20.22": within("20.22", 1),
        "7.2 7.3 7.5 US Wpns/3/1: within 1 of 20.20": within("20.20", 1),
        "7.2 US tanks: within 2 of 13.22": within("13.22", 2),
        "7.5 US 1st Serv Bn, Able/1 Eng: within 1 of 14.26": within("14.26", 1),
        "7.5 US George/3/1: within 3 of 14.22 on East Hill": [h for h in within("14.22", 3) if h in east_hill],
        "7.5 US Baker/1 Eng: within 1 of 18.21": within("18.21", 1),
        "7.2 7.5 area in play: 9.35-9.18-31.18-31.35": [h for h in ids if col(h) >= 9 and row(h) >= 18],
        "7.2 7.5 Chinese 240th set-up: within 3 of 17.30 or 21.26": near(["17.30", "21.26"], 3),
        "7.3 Chinese 2nd Bn, 240th: within 4 of 21.28": within("21.28", 4),
        "7.3 free set-up How/3/11: on or northeast of xx.23": [h for h in ids if h in land and row(h) >= 23],
    }
    return finish(grid, spec, [], regions, [],
                  "Drawn by hand from scenarios 7.1-7.5; rows count up from the south-west edge; "
                  "the map's top faces north-east.")


MAPS = {"changchon.json": changchon, "no-name-ridge.json": no_name_ridge, "fox-hill.json": fox_hill,
        "hagaru.json": hagaru}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only report maps that would change")
    args = ap.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    changed = []
    for name, fn in MAPS.items():
        text = dumps_json(fn())
        path = OUT / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old != text:
            changed.append(name)
            if not args.check:
                path.write_text(text, encoding="utf-8")
    for name in changed:
        print(("would change: " if args.check else "wrote ") + str(OUT / name))
    return 1 if (args.check and changed) else 0


if __name__ == "__main__":
    raise SystemExit(main())
