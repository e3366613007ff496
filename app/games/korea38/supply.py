"""In Communication (10.0) and city control.

A unit is In Communication when a path runs from its hex at most four hexes to a road and then
along that road, for any length, to the north map edge where the road meets it (Communists) or to a friendly-controlled
port (Allies). Apart from the unit's own hex the path may not enter a hex holding an enemy unit,
a hex in an enemy zone of control, or an enemy-controlled city, and never crosses an all-sea
hexside.

Computed backwards, once per side and board: flood from the destinations along road hexsides,
then at most four hexes out from that road network.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from app.games.korea38.data import ALLIED, COMMUNIST

if TYPE_CHECKING:
    from app.games.korea38.zoc import Board


def trace_blocked(board: "Board", side: str) -> set[str]:
    """Hexes a communication path of ``side`` may not enter (10.0)."""
    d = board.data
    blocked = set(board.ezoc(side))
    blocked.update(h for h, us in board.side_occ[ALLIED if side == COMMUNIST else COMMUNIST].items() if us)
    blocked.update(h for h in d.cities if board.enemy_city(side, h))
    return blocked


def destinations(board: "Board", side: str) -> set[str]:
    """Where a communication path ends (10.0): for the Communists a north edge hex that a road
    leaves, since the path follows the road to the edge (a roadless edge hex is no source: see
    DECISIONS.md); for the Allies a port they control."""
    d = board.data
    if side == COMMUNIST:
        return {h for h in d.north_edge if h in d.land and d.grid.road_neighbours(h)}
    return {p for p in d.ports if board.state.control.get(p) == ALLIED}


def communication_map(board: "Board", side: str) -> dict[str, int]:
    """hex -> fewest off-road hexes from it to a road that leads home (only open hexes)."""
    d = board.data
    blocked = trace_blocked(board, side)
    goals = [h for h in sorted(board.trace_ends(side)) if h not in blocked]
    road_net: set[str] = set(goals)
    q = deque(goals)
    while q:
        h = q.popleft()
        for n in d.grid.road_neighbours(h):
            if n in road_net or n in blocked or n not in d.land:
                continue
            road_net.add(n)
            q.append(n)
    reach = int(d.rules.get("in_communication_range", 4))
    dist: dict[str, int] = {h: 0 for h in road_net}
    q = deque(sorted(road_net))
    while q:
        h = q.popleft()
        k = dist[h]
        if k >= reach:
            continue
        for n in d.land_neighbours(h):
            if n in dist or n in blocked:
                continue
            dist[n] = k + 1
            q.append(n)
    return dist


def hex_in_communication(board: "Board", side: str, hex_id: str, cmap: dict[str, int]) -> bool:
    """10.0: the origin hex itself is never a barrier."""
    d = board.data
    if hex_id in board.trace_ends(side):
        return True
    reach = int(d.rules.get("in_communication_range", 4))
    if cmap.get(hex_id, reach + 1) <= reach:
        return True
    for n in d.land_neighbours(hex_id):
        if cmap.get(n, reach + 1) <= reach - 1:
            return True
        if n in cmap and cmap[n] == 0 and d.road(hex_id, n):
            return True
    return False


def communication_hexes(board: "Board", side: str) -> list[str]:
    """Every land hex from which ``side`` would be In Communication (for the overlay)."""
    return [h for h in sorted(board.data.land) if board.in_communication_hex(side, h)]


def takes_control(data, uid: str) -> bool:
    """May this unit take a city? Not one without a combat value (TF Smith, 7.4: a designer
    decision, see DECISIONS.md)."""
    u = data.units[uid]
    return not u.is_air and u.full > 0


def enter_hex(state, data, uid: str, hex_id: str, ctx=None, rule: str = "10.0") -> None:
    """Put a unit into a hex; a city entered passes to the entering side ("last to enter")."""
    state.units[uid].at = hex_id
    side = data.units[uid].side
    if hex_id in data.cities and state.control.get(hex_id) != side and takes_control(data, uid):
        state.control[hex_id] = side
        if ctx is not None:
            name = data.grid.name(hex_id) or hex_id
            ctx.log(f"{name} ({hex_id}) passes to {side} control", rule, kind="control",
                    hex=hex_id, side=side)


def pass_through(state, data, side: str, path, ctx=None, rule: str = "10.0", uid: str = "") -> None:
    """Cities entered along a path (not counting its first hex) change hands."""
    if uid and not takes_control(data, uid):
        return
    for h in list(path)[1:]:
        if h in data.cities and state.control.get(h) != side:
            state.control[h] = side
            if ctx is not None:
                name = data.grid.name(h) or h
                ctx.log(f"{name} ({h}) passes to {side} control", rule, kind="control", hex=h, side=side)
