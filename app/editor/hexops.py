"""Hex-map edits that need no Qt: new maps, brushes, flood fill, resizing with renumbering.

They work on the map-file dict (``kind = "hexmap"``) and use :class:`HexGrid` for geometry.
"""

from __future__ import annotations

import copy
from typing import Any

from app.engine.hexgrid import HexGrid, HexLayout

#: Hexside features the editor offers (rivers along sides, all-sea sides, cliffs); roads are
#: hexside features too ("road"), drawn centre to centre.
SIDE_FEATURES = ("river", "all-sea", "cliff")
#: Hex features the editor offers (drawn as dot, anchor, double ring, big star).
HEX_FEATURES = ("city", "port", "capital", "star-city")


def new_hexmap(columns: int = 12, rows: int = 10, orientation: str = "flat", offset: str = "odd",
               first_col: int = 1, first_row: int = 1, id_format: str = "CCRR", size: float = 1.0,
               default_terrain: str = "clear", rows_up: bool = False) -> dict[str, Any]:
    layout = HexLayout(columns=columns, rows=rows, orientation=orientation, offset=offset,
                       first_col=first_col, first_row=first_row, id_format=id_format, size=size,
                       rows_up=rows_up)
    return {"kind": "hexmap", "version": 1, "layout": layout.to_json(),
            "default_terrain": default_terrain, "hexes": {}, "hexsides": {}, "lines": [],
            "regions": {}, "labels": [], "boxes": []}


def grid_of(data: dict[str, Any]) -> HexGrid:
    """A bare grid (geometry only) for a map dict."""
    return HexGrid(HexLayout.from_json(data["layout"]), data.get("default_terrain", "clear"))


def terrain_of(data: dict[str, Any], hid: str) -> str:
    return data.get("hexes", {}).get(hid, {}).get("terrain") or data.get("default_terrain", "clear")


def brush_hexes(grid: HexGrid, centre: str, size: int) -> list[str]:
    """Hexes under a brush of 1, 7 or 19 hexes (radius 0, 1, 2) centred on ``centre``."""
    radius = {1: 0, 7: 1, 19: 2}.get(size, 0)
    return grid.range(centre, radius)


def flood_fill(data: dict[str, Any], grid: HexGrid, start: str) -> list[str]:
    """The connected hexes sharing ``start``'s terrain (breadth first, reading order)."""
    target = terrain_of(data, start)
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in grid.neighbours(h):
            if n not in seen and terrain_of(data, n) == target:
                seen.add(n)
                todo.append(n)
    return sorted(seen, key=grid.index)


def hex_entry_with(data: dict[str, Any], hid: str, key: str, value: Any) -> dict[str, Any] | None:
    """The ``hexes[hid]`` entry with ``key`` set (removed when ``value`` is the default);
    None when the entry would be empty."""
    entry = copy.deepcopy(data.get("hexes", {}).get(hid, {}))
    default = {"terrain": data.get("default_terrain", "clear"), "elevation": 0, "features": [], "name": ""}
    if value is None or value == default.get(key):
        entry.pop(key, None)
    else:
        entry[key] = value
    return entry or None


def side_key(grid: HexGrid, a: str, b: str) -> str:
    return str(grid.hexside(a, b))


def nearest_side(grid: HexGrid, x: float, y: float, tolerance: float = 0.4) -> tuple[str, str] | None:
    """The hexside nearest map point (x, y) when it lies within ``tolerance`` hex sizes of the
    edge's midpoint; (a, b) with both hexes on the map."""
    h = grid.from_pixel(x, y)
    if h is None:
        return None
    best: tuple[float, str] | None = None
    for n in grid.neighbours(h):
        (x1, y1), (x2, y2) = grid.hexside_endpoints(h, n)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        d = ((mx - x) ** 2 + (my - y) ** 2) ** 0.5
        if best is None or d < best[0]:
            best = (d, n)
    if best is None or best[0] > tolerance * grid.layout.size:
        return None
    return h, best[1]


# -- resizing ------------------------------------------------------------------------------------

def _flip(offset: str) -> str:
    return "even" if offset == "odd" else "odd"


def resize_hexmap(data: dict[str, Any], top: int = 0, left: int = 0, bottom: int = 0,
                  right: int = 0) -> tuple[dict[str, Any], dict[str, str]]:
    """Grow (positive) or shrink (negative) a map at each edge.

    The numbering keeps starting at ``first_col``/``first_row``: adding a column at the left
    renumbers every hex one column up, and so on, so the ids stay consistent with the printed
    grid. When the shift across the staggered axis is odd, the offset parity flips so every
    hex keeps its neighbours. Hex data, hexsides, lines, regions and labels follow their hexes;
    what falls off the map is dropped. Returns the new map and the old -> new id mapping.
    """
    lo = data["layout"]
    if lo.get("rows_up"):  # the screen's top edge holds the highest row numbers
        top, bottom = bottom, top
    grid = grid_of(data)
    cols = lo["columns"] + left + right
    rows = lo["rows"] + top + bottom
    if cols < 1 or rows < 1:
        raise ValueError("a map needs at least one column and one row")
    new_layout = dict(lo)
    new_layout["columns"] = cols
    new_layout["rows"] = rows
    stagger_shift = left if lo["orientation"] == "flat" else top
    if stagger_shift % 2:
        new_layout["offset"] = _flip(lo["offset"])
    new_grid = HexGrid(HexLayout.from_json(new_layout), data.get("default_terrain", "clear"))
    mapping: dict[str, str] = {}
    for hid in grid.ids():
        c, r = grid.parse_id(hid)
        nc, nr = c + left, r + top
        nl = new_grid.layout
        if nl.first_col <= nc <= nl.last_col and nl.first_row <= nr <= nl.last_row:
            mapping[hid] = new_grid.format_id(nc, nr)
    out = copy.deepcopy(data)
    out["layout"] = new_layout
    out["hexes"] = {mapping[h]: e for h, e in data.get("hexes", {}).items() if h in mapping}

    def side(text: str) -> str | None:
        parts = text.split("/")
        if len(parts) != 2 or parts[0] not in mapping or parts[1] not in mapping:
            return None
        return str(new_grid.hexside(mapping[parts[0]], mapping[parts[1]]))

    sides: dict[str, Any] = {}
    for text, feats in data.get("hexsides", {}).items():
        s = side(text)
        if s is not None:
            sides[s] = feats
    out["hexsides"] = sides
    lines = []
    for ln in data.get("lines", []):
        ln = copy.deepcopy(ln)
        if "hexsides" in ln:
            ln["hexsides"] = [s for s in (side(t) for t in ln["hexsides"]) if s is not None]
        if "hexes_split" in ln:
            ln["hexes_split"] = [mapping[h] for h in ln["hexes_split"] if h in mapping]
        lines.append(ln)
    if "lines" in data:
        out["lines"] = lines
    if "regions" in data:
        out["regions"] = {k: [mapping[h] for h in v if h in mapping] for k, v in data["regions"].items()}
    if "labels" in data:
        out["labels"] = []
        for lb in data["labels"]:
            if lb.get("at") in mapping:
                lb = copy.deepcopy(lb)
                lb["at"] = mapping[lb["at"]]
                out["labels"].append(lb)
    if isinstance(data.get("landmarks"), list):
        out["landmarks"] = []
        for mk in data["landmarks"]:
            if not isinstance(mk, dict) or mk.get("at") not in mapping:
                continue
            mk = copy.deepcopy(mk)
            mk["at"] = mapping[mk["at"]]
            if isinstance(mk.get("hexes"), list):
                mk["hexes"] = [mapping[h] for h in mk["hexes"] if h in mapping]
            out["landmarks"].append(mk)
    for bx in out.get("boxes", []):
        for key in ("anchor", "enters"):
            if bx.get(key) in mapping:
                bx[key] = mapping[bx[key]]
    # Off-map boxes and the background keep their place relative to the old first hex.
    if mapping:
        any_old = next(iter(mapping))
        ox, oy = grid.to_pixel(any_old)
        nx, ny = new_grid.to_pixel(mapping[any_old])
        dx, dy = nx - ox, ny - oy
        for bx in out.get("boxes", []):
            if isinstance(bx.get("x"), (int, float)) and isinstance(bx.get("y"), (int, float)):
                bx["x"] = round(bx["x"] + dx, 4)
                bx["y"] = round(bx["y"] + dy, 4)
        bg = out.get("background")
        if isinstance(bg, dict) and isinstance(bg.get("x"), (int, float)):
            bg["x"] = round(bg["x"] + dx, 4)
            bg["y"] = round(bg.get("y", 0) + dy, 4)
    return out, mapping
