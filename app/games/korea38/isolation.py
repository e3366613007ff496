"""Isolation and attrition (12.0), checked in the Housekeeping Phase, Communists first.

A unit is isolated when it is not In Communication and no adjacent friendly unit (TF Smith
included) is In Communication (12.1). Isolated units that touch form a pocket; each pocket loses
one step, the owner choosing which unit (12.2).
"""

from __future__ import annotations

from app.engine.game import Context

from app.games.korea38.state import K38State, Pending
from app.games.korea38.steps import lose_step
from app.games.korea38.zoc import Board, data_of


def isolated_units(state: K38State, board: Board, side: str) -> list[str]:
    out = []
    for uid, h in board.units_of(side):
        if board.in_communication(uid):
            continue
        helped = False
        for n in board.data.grid.neighbours(h):
            if not board.adjacent(h, n):
                continue
            for f in board.friends_at(side, n):
                if board.in_communication(f):
                    helped = True
                    break
            if helped:
                break
        if not helped:
            out.append(uid)
    return out


def pockets(state: K38State, board: Board, side: str) -> list[list[str]]:
    """Groups of isolated units joined by adjacency (12.2)."""
    iso = isolated_units(state, board, side)
    where = {u: state.units[u].at for u in iso}
    left = set(iso)
    out: list[list[str]] = []
    for u in iso:
        if u not in left:
            continue
        group = [u]
        left.discard(u)
        i = 0
        while i < len(group):
            h = where[group[i]]
            for v in sorted(left):
                hv = where[v]
                if hv == h or board.adjacent(h, hv):
                    group.append(v)
                    left.discard(v)
            i += 1
        out.append(sorted(group))
    return out


def attrition(state: K38State, side: str, ctx: Context) -> None:
    """Apply 12.2 for one side: single-unit pockets lose their step at once, larger pockets
    wait for the owner to pick the unit."""
    d = data_of(state)
    board = Board(state, d)
    found = pockets(state, board, side)
    if not found:
        ctx.log(f"No isolated {side} units", "12.1", kind="isolation")
    for group in found:
        names = ", ".join(d.units[u].name for u in group)
        ctx.log(f"Isolated {side} pocket: {names}", "12.1", kind="isolation", units=group)
        if len(group) == 1:
            lose_step(state, d, group[0], ctx, "12.2", "attrition")
        else:
            state.pending.append(Pending("loss", side, -1, group, note="attrition"))
