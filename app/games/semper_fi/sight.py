"""Line of sight over contour elevations and spotting ranges (C5, 1.1a, 1.1e, 1.1g, 1.3).

LOS is traced centre to centre; an intermediate hex blocks when its ground (contour level x
interval) plus its obstacle (woods, buildings) rises above the sight line, and a hex exactly at
the line blocks when it stands above the lower end (1.1g: when in doubt, blocked). Where the line
runs along a hexside both neighbouring hex lines are traced and either one blocking blocks.
Terrain never changes in play, so plain LOS is cached per map; smoke is checked on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.semper_fi.data import Board, tables

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def _heights(b: Board) -> tuple[dict[str, int], dict[str, int]]:
    """(ground, top) of every hex, worked out once per map: terrain never changes in play."""
    hit = _HEIGHTS.get(b.name)
    if hit is None:
        ter = tables()["terrain"]
        g, t = {}, {}
        for h in b.ids:
            name = b.terrain(h)
            base = b.contour(h) * b.interval
            obstacle = int(ter[name].get("obstacle", 0))
            g[h] = base + (obstacle if name == "building" else 0)
            t[h] = base + obstacle
        hit = _HEIGHTS[b.name] = (g, t)
    return hit


_HEIGHTS: dict[str, tuple[dict[str, int], dict[str, int]]] = {}


def ground(b: Board, h: str) -> int:
    """Height of the ground a unit stands on: contour level in metres, buildings +5 m (1.1e)."""
    return _heights(b)[0][h]


def top(b: Board, h: str) -> int:
    """Height an intermediate hex reaches for LOS: ground plus its obstacle (woods, buildings)."""
    return _heights(b)[1][h]


def _trace(b: Board, line: list[str], ha: int, hb: int) -> str:
    n = len(line) - 1
    tops = _heights(b)[1]
    for i in range(1, n):
        h = line[i]
        line_h = ha + (hb - ha) * i / n
        tp = tops[h]
        if tp > line_h + 1e-9:
            return h
        if abs(tp - line_h) < 1e-9 and tp > min(ha, hb):
            return h                                  # 1.1g: doubt means blocked
    return ""


def terrain_los(b: Board, a: str, c: str) -> tuple[bool, str]:
    """(visible, first blocking hex) ignoring smoke; cached per map."""
    key = (a, c) if a <= c else (c, a)
    hit = b.los_cache.get(key)
    if hit is not None:
        return hit
    if a == c or b.grid.is_adjacent(a, c):
        res = (True, "")
    else:
        ha, hc = ground(b, key[0]), ground(b, key[1])
        variants = [ln for ln in b.grid.line_variants(key[0], key[1]) if all(h in b.hexset for h in ln)]
        blk = ""
        for ln in variants or [b.grid.line(key[0], key[1])]:   # a variant off the map edge is not traced
            blk = blk or _trace(b, ln, ha, hc)
        res = (blk == "", blk)
    b.los_cache[key] = res
    return res


def smoke_hexes(state: "SFState") -> set[str]:
    return {x.hex for x in state.barrages if x.kind == "smoke"}


def los(state: "SFState", b: Board, a: str, c: str) -> tuple[bool, str]:
    """LOS including smoke (C9.4): a smoke hex between the two ends blocks."""
    ok, blk = terrain_los(b, a, c)
    if not ok:
        return ok, blk
    from app.games.semper_fi.snow import limit
    vis = limit(state)
    if vis and b.grid.distance(a, c) > vis:                 # 1.5: snow caps every LOS
        return False, b.grid.line(a, c)[vis + 1]
    smoke = smoke_hexes(state)
    if smoke and a != c and not b.grid.is_adjacent(a, c):
        for h in b.grid.line(a, c)[1:-1]:
            if h in smoke:
                return False, h
    return True, ""


def light(state: "SFState") -> str:
    i = max(0, min(state.turn - 1, len(state.lights) - 1))
    return state.lights[i] if state.lights else "day"


def illuminated(state: "SFState", b: Board, h: str) -> bool:
    r = int(tables()["spotting_mods"]["illum_radius"])
    return any(x.kind == "illum" and b.grid.distance(x.hex, h) <= r for x in state.barrages)


def spotting_range(state: "SFState", b: Board, target_hex: str, fired: bool = False,
                   dug_in: bool = False) -> int:
    """How far a unit in ``target_hex`` can be seen now (C5.2)."""
    tb = tables()
    cls = tb["terrain"][b.terrain(target_hex)]["spotting"]
    from app.games.semper_fi.night import light_class
    lt = light_class(state, b, target_hex)                  # C10.1, C10.5, 1.2
    rng = int(tb["spotting"][lt][cls])
    mods = tb["spotting_mods"]
    if fired:
        rng *= int(mods["fired_multiplier"])
    if dug_in:
        d = int(mods["dug_in_divisor"])
        rng = max(1, -(-rng // d))
    return rng


def sees(state: "SFState", b: Board, frm: str, target_hex: str, rng: int) -> bool:
    if b.grid.distance(frm, target_hex) > rng:
        return False
    return los(state, b, frm, target_hex)[0]


def spotted_by(state: "SFState", b: Board, observer_hexes: list[str], target_hex: str,
               fired: bool = False, dug_in: bool = False) -> bool:
    rng = spotting_range(state, b, target_hex, fired, dug_in)
    return any(sees(state, b, o, target_hex, rng) for o in observer_hexes)


def open_for_spotting(b: Board, h: str) -> bool:
    """1.1a, 1.3c: open, broken and rice paddy count as open for observation."""
    return tables()["terrain"][b.terrain(h)]["spotting"] == "open"
