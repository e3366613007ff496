"""Build the two small stand-in maps the Semper Fi! tests use (not the real maps: those are
resources/semper-fi/maps/, drawn in the editor). Run from the repository root:
``python tests/semper_fi/data/make_maps.py``; the JSON files next to it are its output."""

from __future__ import annotations

import json
from pathlib import Path

from app.engine.hexgrid import HexGrid, HexLayout

HERE = Path(__file__).parent


def _grid(cols: int, rows: int) -> HexGrid:
    return HexGrid(HexLayout(columns=cols, rows=rows, orientation="flat", offset="odd", first_col=1,
                             first_row=1, id_format="C.RR"), "open")


def _road(g: HexGrid, path: list[str], hexsides: dict[str, list[str]]) -> None:
    for a, b in zip(path, path[1:]):
        key = str(g.hexside(a, b))
        hexsides.setdefault(key, [])
        if "road" not in hexsides[key]:
            hexsides[key].append("road")


def changchon() -> dict:
    g = _grid(16, 24)
    road = g.line("11.01", "8.10") + g.line("8.10", "5.22")[1:]
    hexes: dict[str, dict] = {}
    for h in g.ids():
        d = min(g.distance(h, r) for r in road)
        if h in road:
            hexes[h] = {"terrain": "open", "elevation": 40}
        elif d == 1:
            hexes[h] = {"terrain": "rice-paddy", "elevation": 40}
        elif d == 2:
            hexes[h] = {"terrain": "broken", "elevation": 60}
        elif d == 3:
            hexes[h] = {"terrain": "broken", "elevation": 80}
        else:
            hexes[h] = {"terrain": "woods" if (g.parse_id(h)[0] + g.parse_id(h)[1]) % 5 == 0 else "broken",
                        "elevation": min(140, 80 + 20 * (d - 3))}
    for h in ("8.09", "9.09"):
        hexes[h] = {"terrain": "building", "elevation": 40}
    for h in g.range("7.16", 2):
        hexes[h]["elevation"] = max(hexes[h]["elevation"], 100)
        if hexes[h]["terrain"] == "rice-paddy":
            hexes[h]["terrain"] = "broken"
    hexes["7.16"] = {"terrain": "broken", "elevation": 200}
    hexsides: dict[str, list[str]] = {}
    _road(g, road, hexsides)
    return {
        "kind": "hexmap", "version": 1, "default_terrain": "open", "contour_interval": 20,
        "layout": g.layout.to_json(), "hexes": hexes, "hexsides": hexsides,
        "landmarks": [{"at": "7.16", "name": "Hill 202", "kind": "hilltop", "height": 202}],
        "lines": [], "regions": {},
        "boxes": [{"id": "road-column", "name": "Road column", "x": 0, "y": 0, "w": 2, "h": 1}],
    }


def no_name_ridge() -> dict:
    g = _grid(16, 16)
    hills = {"7.13": ("Hill 102", 102), "6.11": ("Hill 109", 109), "5.10": ("Hill 117", 117),
             "5.09": ("Hill 117", 117), "5.08": ("Hill 143", 143), "5.07": ("Hill 143", 143),
             "5.05": ("Hill 147", 147), "5.06": ("Hill 147", 147), "4.05": ("Hill 147", 147),
             "5.03": ("Hill 153", 153), "5.04": ("Hill 153", 153)}
    hexes: dict[str, dict] = {}
    ridge = list(hills)
    for h in g.ids():
        c, r = g.parse_id(h)
        d = min(g.distance(h, x) for x in ridge)
        if c >= 9 and c <= 10:
            hexes[h] = {"terrain": "rice-paddy", "elevation": 40}
        elif c >= 12:
            hexes[h] = {"terrain": "broken", "elevation": 50}
        elif d == 0:
            hexes[h] = {"terrain": "broken", "elevation": hills[h][1]}
        elif d == 1:
            hexes[h] = {"terrain": "broken", "elevation": 90}
        elif d == 2:
            hexes[h] = {"terrain": "broken", "elevation": 70}
        else:
            hexes[h] = {"terrain": "open", "elevation": 50}
    for h in ("9.15", "10.15"):
        hexes[h] = {"terrain": "building", "elevation": 40}
    hexes["11.10"] = {"terrain": "broken", "elevation": 80}
    for h in ("1.15", "1.16"):
        hexes[h] = {"terrain": "water", "elevation": 20}
    hexsides: dict[str, list[str]] = {}
    _road(g, g.line("16.10", "12.10") + g.line("12.10", "8.12")[1:] + g.line("8.12", "3.12")[1:], hexsides)
    line = []
    for h in g.ids():
        if g.parse_id(h)[1] == 14:
            for n in g.neighbours(h):
                if g.parse_id(n)[1] == 15:
                    line.append(str(g.hexside(h, n)))
    return {
        "kind": "hexmap", "version": 1, "default_terrain": "open", "contour_interval": 20,
        "layout": g.layout.to_json(), "hexes": hexes, "hexsides": hexsides,
        "landmarks": [{"at": h, "name": n, "kind": "hilltop", "height": e} for h, (n, e) in hills.items()]
        + [{"at": "11.10", "name": "Observation Hill", "kind": "place"},
           {"at": "9.15", "name": "Tugok", "kind": "place"}],
        "lines": [{"id": "us-boundary", "kind": "boundary", "name": "9th RCT / 1st Marine Brigade",
                   "hexsides": sorted(set(line))}],
        "regions": {}, "boxes": [],
    }


if __name__ == "__main__":
    for name, fn in (("changchon_test.json", changchon), ("nnr_test.json", no_name_ridge)):
        (HERE / name).write_text(json.dumps(fn(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
