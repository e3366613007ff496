"""Movement (8.0): costs, pre-combat eligibility (8.1), restrictions (8.2, 8.3), TF Smith (7.4).

A unit uses its Movement Allowance once per phase (8.1), in one or more segments: each ``move``
action takes it along the cheapest path to the chosen hex, and it may go on from there with the
allowance it has left (``state.moving``/``state.move_left``) until it stops (an enemy zone of
control, nothing left to spend) or its owner does anything else (moves another unit, ends the
phase...). So the player picks the route by picking the waypoints. Costs come from terrain.toml: the entered hex's
terrain cost, plus the river extra when crossing a river hexside; following a road from a road
hex (a hexside carrying "road") costs the road cost instead, or the harsh-winter road cost in a
full hex north of the start line on a winter turn (13.1). A unit may always move one hex (8.0)
when it starts its move (not on a continuation),
stops on entering an enemy zone of control (7.1, 8.3) and never enters an enemy unit's hex
(8.2.1). Stacking is checked when the phase ends (8.2.2, see sequence.py).
"""

from __future__ import annotations

from typing import Callable

from app.engine.hexreach import reachable

from app.games.korea38.data import Data
from app.games.korea38.state import K38State
from app.games.korea38.zoc import Board

_CACHE: dict[tuple, dict[str, tuple[float, tuple[str, ...]]]] = {}
_CACHE_MAX = 4096


def cost_fn(data: Data, winter: bool) -> Callable[[str, str], float | None]:
    land = data.land
    road_cost = data.road_cost
    winter_cost = float(data.rules.get("winter_road_cost", 1.0))
    north = data.north
    sides = data.grid.side_features
    terr = data.grid.terrain
    tdefs = data.terrain
    river = data.river_cost

    def cost(frm: str, to: str) -> float | None:
        if to not in land:
            return None
        sf = sides(frm, to)
        if "all-sea" in sf:
            return None
        if "road" in sf:
            if winter and to in north:          # 13.1
                return winter_cost
            return road_cost                     # 8.0 road
        c = tdefs.get(terr(to), {}).get("cost", 1)
        c = float(c)
        if "river" in sf:
            c += river                           # 8.0 river crossing
        return c

    return cost


def allowance(data: Data, uid: str) -> float:
    return float(data.units[uid].move)


def continuing(state: K38State, uid: str) -> bool:
    """Is ``uid`` part-way through its move, free to go on with the allowance it has left?"""
    return bool(uid) and state.moving == uid


def finish(state: K38State) -> None:
    """End the move in segments of the unit that was moving (it stays in ``state.moved``)."""
    state.moving = ""
    state.move_left = 0.0
    state.move_trail = []


def allowance_left(state: K38State, data: Data, uid: str) -> float:
    return float(state.move_left) if continuing(state, uid) else allowance(data, uid)


def reach(state: K38State, board: Board, uid: str) -> dict[str, tuple[float, tuple[str, ...]]]:
    """Every hex the unit may end this segment of its move in -> (cost, path), the start hex
    excluded. A unit part-way through its move (``state.moving``) goes on with what it has left
    and without the always-one-hex allowance."""
    data = board.data
    u = data.units[uid]
    start = state.units[uid].at
    if u.zoc_own_hex_only:
        return tf_smith_reach(state, board, uid)
    winter = data.winter(state.turn)
    blocked = board.enemy_blocked(u.side)
    stop = board.ezoc(u.side)
    fresh = not continuing(state, uid)
    left = allowance_left(state, data, uid)
    key = (data.key, start, left, fresh, winter, blocked, stop)
    hit = _CACHE.get(key)
    if hit is None:
        hit = reachable(data.grid, start, left, cost_fn(data, winter), stop_in=stop,
                        blocked=blocked, always_one_hex=fresh)
        hit = {h: v for h, v in hit.items() if h != start}
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        _CACHE[key] = hit
    return hit


def tf_smith_reach(state: K38State, board: Board, uid: str) -> dict[str, tuple[float, tuple[str, ...]]]:
    """7.4: along roads as far as wanted, free of enemy units and enemy zones of control,
    though the last hex may be in one. Designer decision (DECISIONS.md, "Task Force Smith"):
    the road move stays in friendly territory - full hexes on its own side of the start line,
    never into a city the enemy controls - so the battalion-sized delaying force without a
    combat value can neither cross the parallel nor take a city."""
    data = board.data
    u = data.units[uid]
    start = state.units[uid].at
    own = data.south if u.side == "allied" else data.north
    other_side = "communist" if u.side == "allied" else "allied"

    def road_only(frm: str, to: str) -> float | None:
        if to not in data.land or not data.road(frm, to) or to not in own:
            return None
        if to in data.cities and state.control.get(to) == other_side:
            return None
        return 1.0

    res = reachable(data.grid, start, float(len(data.grid)), road_only, stop_in=board.ezoc(u.side),
                    blocked=board.enemy_blocked(u.side) | frozenset(h for h in board.side_occ[
                        "communist" if u.side == "allied" else "allied"]))
    return {h: (0.0, p) for h, (_c, p) in res.items() if h != start}


def precombat_reasons(state: K38State, data: Data, uid: str) -> list[str]:
    """Why a unit may use its Movement Allowance in the Pre-Combat Movement Phase (8.1)."""
    u = data.units[uid]
    out = []
    if data.surprise(state.turn, u.side):
        out.append("surprise")
    if u.is_armor:
        out.append("armor")
    if uid in state.arrived:
        out.append("reinforcement or new replacement")
    if u.zoc_own_hex_only and uid not in state.arrived:
        return []  # 7.4: TF Smith moves only on arrival, then stays put
    return out


def can_move(state: K38State, board: Board, uid: str) -> bool:
    """May this unit use its Movement Allowance now? (phase, eligibility, once per phase)"""
    data = board.data
    u = data.units[uid]
    if u.is_air or not board.on_map(uid):
        return False
    if uid in state.moved and not continuing(state, uid):
        return False
    if u.side != state.active:
        return False
    if state.phase.endswith("precombat"):
        return bool(precombat_reasons(state, data, uid))
    if state.phase.endswith("movement"):
        return not u.zoc_own_hex_only
    return False


def move_targets(state: K38State, board: Board, uid: str) -> dict[str, tuple[float, tuple[str, ...]]]:
    if not can_move(state, board, uid):
        return {}
    return reach(state, board, uid)
