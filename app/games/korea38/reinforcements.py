"""Reinforcements and replacements (10.0 - 10.5), TF Smith's arrival and departure (7.4).

At the start of a side's Reinforcement & Replacement Phase its arriving air units go to its air
box, and its arriving ground units (plus Communist units that left by the north edge, 9.3) wait
in ``state.to_place`` until the player places each one (``reinforce``). Replacement points are
spent one at a time (``replace``): a reduced unit back from the Eliminated Units Box, or an
In Communication reduced unit on the map flipped to full strength. Points left at the end of
the phase are lost (10.4).
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Context

from app.games.korea38.data import ALLIED, COMMUNIST, Data
from app.games.korea38.state import AIR, ELIM, FEC, K38State, OFFMAP, POOL, REMOVED
from app.games.korea38.steps import eliminate, gain
from app.games.korea38.supply import enter_hex
from app.games.korea38.zoc import Board, data_of


def _open(board: Board, side: str, h: str | None) -> bool:
    return bool(h) and board.data.grid.contains(h) and not board.blocks_entry(side, h)


def placement_hexes(state: K38State, board: Board, uid: str, arriving: bool) -> list[str]:
    """Where a unit coming onto the map may be placed (10.2, 10.3, 7.4)."""
    d = board.data
    u = d.units[uid]
    side = u.side
    cap = d.capital.get(side)
    star = d.star_city.get(side)
    out: list[str] = []
    if side == COMMUNIST:
        if (u.nation == "pva" and arriving and uid in _mig_alley_arrivals(state, d)):
            return mig_alley_hexes(state, board, uid)
        if u.nation != "pva" and cap and state.control.get(cap) == COMMUNIST and _open(board, side, cap):
            out.append(cap)
        if star and _open(board, side, star) and star not in out:
            out.append(star)
        return out
    if u.nation == "rok" and cap and state.control.get(cap) == ALLIED and _open(board, side, cap):
        out.append(cap)
    if star and _open(board, side, star) and star not in out:
        out.append(star)
    if u.nation == "us" and not u.zoc_own_hex_only:
        out.append(FEC)
    return out


def _mig_alley_arrivals(state: K38State, d: Data) -> set[str]:
    turn = int(d.rules.get("pva_mig_alley_turn", 6))
    return {u for u, x in d.units.items() if x.nation == "pva" and not x.is_air
            and (x.entry == "mig-alley" or (x.arrival == turn and not x.entry)) and x.arrival == state.turn}


def mig_alley_hexes(state: K38State, board: Board, uid: str) -> list[str]:
    """10.2 exception: turn-6 PVA arrivals go anywhere in MiG Alley, one a hex, not in an EZOC."""
    d = board.data
    ez = board.ezoc(COMMUNIST)
    return [h for h in sorted(d.mig_alley) if h in d.land and h not in ez and not board.occ.get(h)]


def start_phase(state: K38State, side: str, ctx: Context) -> None:
    d = data_of(state)
    for uid in list(state.arrived):
        if d.units[uid].side == side:
            state.arrived.discard(uid)
    for uid in list(state.stepped):
        if d.units[uid].side == side:
            state.stepped.discard(uid)
    if side == ALLIED:
        _tf_smith_leaves(state, d, ctx)
    air_in = []
    for uid in sorted(d.units):
        u = d.units[uid]
        us = state.units[uid]
        if u.side != side:
            continue
        if us.at == POOL and u.arrival and u.arrival <= state.turn:
            if u.is_air:
                us.at = AIR
                us.used = False
                air_in.append(u.name)
            else:
                us.reduced = u.start_reduced
                state.to_place.append(uid)
        elif us.at == OFFMAP:
            state.to_place.append(uid)
    if air_in:
        ctx.log(f"Air units join the {side} air box: {', '.join(air_in)}", "9.2.5", kind="reinforce")
    if state.to_place:
        names = ", ".join(d.units[u].name for u in state.to_place)
        ctx.log(f"Arriving this phase: {names}", "10.0", kind="reinforce")
    pools = ("kpa", "pva") if side == COMMUNIST else ("rok", "un")
    rp = d.rp(state.turn)
    state.rp = {p: int(rp.get(p, 0)) for p in pools}
    if any(state.rp.values()):
        ctx.log("Replacement points: " + ", ".join(f"{k.upper()} {v}" for k, v in state.rp.items()),
                "10.0", kind="rp", rp=dict(state.rp))


def _tf_smith_leaves(state: K38State, d: Data, ctx: Context) -> None:
    """7.4: TF Smith goes when its parent division arrives (turn 2 Allied reinforcement phase)."""
    if state.turn < int(d.rules.get("tf_smith_leaves_turn", 2)):
        return
    for uid, u in sorted(d.units.items()):
        if u.zoc_own_hex_only and state.units[uid].at not in (POOL, REMOVED, ELIM):
            eliminate(state, d, uid, ctx, "7.4", "its parent division takes over", to=REMOVED)


def tf_smith_check(state: K38State, ctx: Context) -> None:
    """7.4: removed at the end of a Communist Pre-Combat or Movement Phase with an enemy unit in
    or next to its hex."""
    d = data_of(state)
    board = Board(state, d)
    for uid, u in sorted(d.units.items()):
        if not u.zoc_own_hex_only or not board.on_map(uid):
            continue
        h = state.units[uid].at
        near = [h] + list(d.grid.neighbours(h))
        if any(board.enemy_at(u.side, n) for n in near):
            eliminate(state, d, uid, ctx, "7.4", "enemy units reached it", to=REMOVED)


def reinforce_options(state: K38State, board: Board) -> list[dict[str, Any]]:
    out = []
    seen = set()
    for uid in state.to_place:
        if uid in seen:
            continue
        seen.add(uid)
        arriving = state.units[uid].at == POOL
        hexes = placement_hexes(state, board, uid, arriving)
        if not hexes:
            out.append({"type": "reinforce", "unit": uid, "at": "delay"})
        for h in hexes:
            out.append({"type": "reinforce", "unit": uid, "at": h})
    return out


def place(state: K38State, uid: str, at: str, ctx: Context) -> None:
    d = data_of(state)
    u = d.units[uid]
    us = state.units[uid]
    state.to_place.remove(uid)
    if at == "delay":
        ctx.log(f"{u.name} has nowhere to arrive and waits a turn", "10.2", kind="reinforce")
        return
    returning = us.at == OFFMAP
    if us.at == POOL:
        gain(state, d, uid, 1 if us.reduced else 2, ctx, "10.0",
             f"{u.name} arrives {'(reduced)' if us.reduced else ''}".rstrip())
    if at == FEC:
        us.at = FEC
    else:
        enter_hex(state, d, uid, at, ctx, "10.2" if u.side == COMMUNIST else "10.3")
    state.arrived.add(uid)
    rule = "9.3" if returning else ("10.2" if u.side == COMMUNIST else "10.3")
    ctx.log(f"{u.name} is placed at {at}", rule, kind="reinforce", unit=uid, at=at)


def replace_options(state: K38State, board: Board) -> list[dict[str, Any]]:
    d = board.data
    side = state.active
    out = []
    for uid in sorted(d.units):
        u = d.units[uid]
        if u.side != side or u.is_air or u.zoc_own_hex_only:
            continue
        pool = d.pool_of(u)
        if state.rp.get(pool, 0) <= 0 or not u.replaceable:
            continue
        us = state.units[uid]
        if us.at == ELIM:
            for h in placement_hexes(state, board, uid, False):
                out.append({"type": "replace", "unit": uid, "at": h})
        elif board.on_map(uid) and us.reduced and not u.replace_reduced_only \
                and uid not in state.stepped and board.in_communication(uid):
            out.append({"type": "replace", "unit": uid, "at": us.at})
    return out


def replace(state: K38State, uid: str, at: str, ctx: Context) -> None:
    d = data_of(state)
    u = d.units[uid]
    us = state.units[uid]
    pool = d.pool_of(u)
    state.rp[pool] -= 1
    state.stepped.add(uid)
    if us.at == ELIM:
        us.reduced = True
        if at == FEC:
            us.at = FEC
        else:
            enter_hex(state, d, uid, at, ctx, "10.2" if u.side == COMMUNIST else "10.3")
        state.arrived.add(uid)
        gain(state, d, uid, 1, ctx, "10.0", f"{u.name} returns reduced at {at} ({pool.upper()} replacement)")
    else:
        us.reduced = False
        gain(state, d, uid, 1, ctx, "10.1", f"{u.name} is restored to full strength ({pool.upper()} replacement)")


def end_phase(state: K38State, ctx: Context) -> None:
    left = {k: v for k, v in state.rp.items() if v > 0}
    if left:
        ctx.log("Unused replacement points are lost: " + ", ".join(f"{k.upper()} {v}" for k, v in left.items()),
                "10.4", kind="rp")
    state.rp = {}
