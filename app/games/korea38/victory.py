"""Victory (5.0): decisive (star city, at once), substantive (capitals, at the end), marginal
(controlled hexes on the opponent's side of the start line), and the armistice (5.4).

Hex control for 5.3: a hex holding an In Communication unit belongs to its side; any other hex
belongs to the side whose nearest In Communication unit is strictly closer, counting a path of
hexes that never enters an enemy unit's hex and never passes through an enemy zone of control
(it may stop in one). A hex next to In Communication units of both sides belongs to nobody;
units out of communication are never the nearest unit but still block with their hexes and
zones. Half hexes split by the start line do not count.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.state import K38State
from app.games.korea38.zoc import Board, data_of, other


def _distances(board: Board, side: str, sources: list[str]) -> dict[str, int]:
    d = board.data
    enemy_hexes = set(board.side_occ[other(side)])
    ez = board.ezoc(side)
    dist = {h: 0 for h in sources}
    q = deque(sorted(set(sources)))
    while q:
        h = q.popleft()
        if dist[h] > 0 and h in ez:
            continue  # may stop in an enemy zone, never pass through it
        for n in d.land_neighbours(h):
            if n in dist or n in enemy_hexes:
                continue
            dist[n] = dist[h] + 1
            q.append(n)
    return dist


_CM_CACHE: dict[tuple, dict[str, str | None]] = {}


def position_key(state: K38State) -> tuple:
    """Everything control and communication depend on: where the units stand and who holds
    each city (the window asks several times about one position)."""
    return (state.data_key, tuple((u, us.at) for u, us in sorted(state.units.items())),
            tuple(sorted(state.control.items())))


def control_map(state: K38State, board: Board | None = None) -> dict[str, str | None]:
    """Every land hex -> the side controlling it for 5.3 (None: nobody)."""
    key = position_key(state)
    hit = _CM_CACHE.get(key)
    if hit is not None:
        return dict(hit)
    out = _control_map(state, board or Board(state))
    if len(_CM_CACHE) >= 32:
        _CM_CACHE.clear()
    _CM_CACHE[key] = out
    return dict(out)


def _control_map(state: K38State, board: Board) -> dict[str, str | None]:
    d = board.data
    ic = {s: [u for u, _h in board.units_of(s) if board.in_communication(u)] for s in (COMMUNIST, ALLIED)}
    ic_hex = {s: {state.units[u].at for u in ic[s]} for s in ic}
    dist = {s: _distances(board, s, sorted(ic_hex[s])) for s in ic}
    out: dict[str, str | None] = {}
    for h in sorted(d.land):
        owner = None
        if h in ic_hex[COMMUNIST]:
            owner = COMMUNIST
        elif h in ic_hex[ALLIED]:
            owner = ALLIED
        elif board.occ.get(h):
            owner = None
        else:
            nb = d.land_neighbours(h)
            touch = {s for s in ic if any(n in ic_hex[s] for n in nb)}
            if len(touch) == 2:
                owner = None
            else:
                dc = dist[COMMUNIST].get(h)
                da = dist[ALLIED].get(h)
                if dc is not None and (da is None or dc < da):
                    owner = COMMUNIST
                elif da is not None and (dc is None or da < dc):
                    owner = ALLIED
        out[h] = owner
    return out


def marginal_counts(state: K38State, board: Board | None = None) -> dict[str, int]:
    """5.3: hexes each side controls on its opponent's side of the start line."""
    board = board or Board(state)
    d = board.data
    cm = control_map(state, board)
    return {COMMUNIST: sum(1 for h in d.south if cm.get(h) == COMMUNIST),
            ALLIED: sum(1 for h in d.north if cm.get(h) == ALLIED)}


def decisive(state: K38State) -> dict[str, Any] | None:
    """5.1: capturing the opponent's star city wins at once."""
    d = data_of(state)
    for side in (COMMUNIST, ALLIED):
        star = d.star_city.get(other(side))
        if star and state.control.get(star) == side:
            name = d.grid.name(star) or star
            return {"winner": side, "level": "decisive", "rule": "5.1",
                    "reason": f"{side} captured {name}, the enemy star city"}
    return None


def determine(state: K38State) -> dict[str, Any]:
    """5.1-5.3 as the position stands (the end of the last turn, or an armistice)."""
    dec = decisive(state)
    if dec:
        return dec
    d = data_of(state)
    seoul = d.capital.get(ALLIED)
    pyong = d.capital.get(COMMUNIST)
    if seoul and state.control.get(seoul) == COMMUNIST:
        return {"winner": COMMUNIST, "level": "substantive", "rule": "5.2",
                "reason": f"the Communists hold {d.grid.name(seoul) or seoul}"}
    if pyong and state.control.get(pyong) == ALLIED:
        return {"winner": ALLIED, "level": "substantive", "rule": "5.2",
                "reason": f"the Allies hold {d.grid.name(pyong) or pyong}"}
    counts = marginal_counts(state)
    c, a = counts[COMMUNIST], counts[ALLIED]
    winner = COMMUNIST if c >= a else ALLIED
    tie = " (a tie goes to the Communists)" if c == a else ""
    return {"winner": winner, "level": "marginal", "rule": "5.3",
            "reason": f"controlled hexes across the start line: Communist {c}, Allied {a}{tie}",
            "counts": counts}
