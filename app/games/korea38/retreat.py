"""Retreats (9.3): two hexes, each further from the battle hex, chosen by the attacking player.

* Never into or through a hex holding an enemy unit, never ending in a friendly-occupied hex,
  never across an all-sea hexside or into the sea.
* Enemy zones of control are avoided whenever some path allows it; passing through one costs a
  step; ending in one eliminates the unit; with no path at all the unit is eliminated.
* A Communist unit that has to leave by the north map edge comes back at the next friendly
  reinforcement phase; an Allied unit would be eliminated.
* From turn 4 an Allied unit in or retreating through a friendly port may go by sea when nothing
  else is possible (one of the five amphibious actions, 11.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.state import FEC, K38State
from app.games.korea38.zoc import Board, other

OFF = "off-map"


@dataclass(frozen=True)
class RetreatPlan:
    options: list[list[str]]          # paths the attacker may choose from (off-map ends with OFF)
    severity: int                     # 0 clean, 1 through an EZOC (one step lost)
    sea: list[str]                    # sea-retreat destinations (when no land option)
    outcome: str                      # "retreat", "retreat-step", "off-map", "sea", "eliminated"
    reason: str = ""


def _paths(board: Board, uid: str, start: str, length: int) -> list[list[str]]:
    d = board.data
    side = d.units[uid].side
    enemy_hexes = set(board.side_occ[other(side)])
    dist = d.grid.distance
    out: list[list[str]] = []

    def walk(path: list[str]) -> None:
        here = path[-1] if path else start
        k = len(path)
        if k == length:
            out.append(list(path))
            return
        for n in d.land_neighbours(here):
            if dist(start, n) != k + 1 or n in enemy_hexes:
                continue
            walk(path + [n])

    walk([])
    return out


def _off_map_paths(board: Board, uid: str, start: str, length: int) -> list[list[str]]:
    """Communist paths leaving by the north edge (9.3): the edge hex, then off the map."""
    d = board.data
    side = d.units[uid].side
    if side != COMMUNIST:
        return []
    enemy_hexes = set(board.side_occ[other(side)])
    out: list[list[str]] = []
    if start in d.north_edge:
        out.append([OFF])
    for p in _paths(board, uid, start, length - 1) if length > 1 else []:
        if p and p[-1] in d.north_edge and p[-1] not in enemy_hexes:
            out.append(p + [OFF])
    return out


def _severity(board: Board, side: str, path: list[str]) -> int:
    ez = board.ezoc(side)
    body = [h for h in path if h != OFF]
    end_hex = path[-1]
    if end_hex != OFF and end_hex in ez:
        return 2
    return 1 if any(h in ez for h in body) else 0


def sea_destinations(state: K38State, board: Board, uid: str) -> list[str]:
    d = board.data
    u = d.units[uid]
    out = [p for p in sorted(d.ports) if state.control.get(p) == ALLIED and p != state.units[uid].at
           and not board.occ.get(p)]
    if u.nation == "us":
        out.append(FEC)
    return out


def sea_possible(state: K38State, board: Board, uid: str) -> bool:
    d = board.data
    u = d.units[uid]
    if u.side != ALLIED or state.turn < int(d.rules.get("sea_retreat_from_turn", 4)):
        return False
    if state.amph_used >= int(d.rules.get("amphibious_actions", 5)):
        return False
    here = state.units[uid].at
    if here in d.ports and state.control.get(here) == ALLIED:
        return True
    enemy_hexes = set(board.side_occ[other(u.side)])
    for n in d.land_neighbours(here):
        if n in d.ports and state.control.get(n) == ALLIED and n not in enemy_hexes:
            return True
    return False


def plan_retreat(state: K38State, board: Board, uid: str) -> RetreatPlan:
    d = board.data
    side = d.units[uid].side
    start = state.units[uid].at
    length = int(d.rules.get("retreat_hexes", 2))
    friends = board.side_occ[side]
    paths = [p for p in _paths(board, uid, start, length)
             if not [f for f in friends.get(p[-1], []) if f != uid]]
    scored = [(p, _severity(board, side, p)) for p in paths]
    good = [s for _p, s in scored if s <= 1]
    if good:
        best = min(good)
        opts = [p for p, s in scored if s == best]
        return RetreatPlan(opts, best, [], "retreat" if best == 0 else "retreat-step")
    off = [p for p in _off_map_paths(board, uid, start, length)
           if all(not [f for f in friends.get(h, []) if f != uid] or h != p[-1] for h in p)]
    if off:
        scored_off = [(p, _severity(board, side, p)) for p in off]
        best = min(s for _p, s in scored_off)
        if best <= 1:
            return RetreatPlan([p for p, s in scored_off if s == best], best, [], "off-map")
    if sea_possible(state, board, uid):
        dests = sea_destinations(state, board, uid)
        if dests:
            return RetreatPlan([], 0, dests, "sea")
    why = "every retreat path ends in an enemy zone of control" if paths else "no retreat path"
    if side == ALLIED and off:
        why = "it would have to leave the map"
    return RetreatPlan([], 0, [], "eliminated", why)
