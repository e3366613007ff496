"""Naval transport (11.1) and amphibious assault (11.2, 11.3).

Both happen only in the Allied Pre-Combat Movement Phase and use the unit's whole pre-combat
move. Port control is judged as it stood when the phase began (``state.phase_control``).
A landing on an occupied port puts the unit at sea off that port (``sea:<hex>``) until the
amphibious battle in the Combat Phase (11.4) decides whether it gets ashore.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Context

from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.state import FEC, K38State, SEA
from app.games.korea38.supply import enter_hex
from app.games.korea38.zoc import Board, data_of


def _start_control(state: K38State, h: str) -> str | None:
    return state.phase_control.get(h, state.control.get(h))


def naval_options(state: K38State, board: Board) -> list[dict[str, Any]]:
    d = board.data
    if state.phase != "allied-precombat" or state.turn < int(d.rules.get("naval_transport_from_turn", 2)):
        return []
    out = []
    ports = [p for p in sorted(d.ports) if _start_control(state, p) == ALLIED
             and not board.blocks_entry(ALLIED, p) and p not in state.naval_ports]
    for uid in sorted(d.units):
        u = d.units[uid]
        us = state.units[uid]
        if u.side != ALLIED or u.is_air or u.nation == "rok" or u.zoc_own_hex_only or uid in state.moved:
            continue
        if us.at == FEC or (us.at in d.ports and state.control.get(us.at) == ALLIED):
            for p in ports:
                if p != us.at:
                    out.append({"type": "naval", "unit": uid, "to": p})
    return out


def naval(state: K38State, uid: str, to: str, ctx: Context) -> None:
    d = data_of(state)
    frm = state.units[uid].at
    enter_hex(state, d, uid, to, ctx, "11.1")
    state.moved.add(uid)
    state.naval_ports.add(to)
    ctx.log(f"{d.units[uid].name} moves by sea from {frm} to {to}", "11.1", kind="move", unit=uid, to=to)


def seoul_allied_at_start(state: K38State) -> bool:
    d = data_of(state)
    cap = d.capital.get(ALLIED)
    return bool(cap) and _start_control(state, cap) == ALLIED


def amphibious_options(state: K38State, board: Board) -> list[dict[str, Any]]:
    d = board.data
    r = d.rules
    if state.phase != "allied-precombat" or state.turn < int(r.get("amphibious_from_turn", 4)):
        return []
    if state.amph_used >= int(r.get("amphibious_actions", 5)):
        return []
    if state.amph_this_turn >= int(r.get("amphibious_per_turn", 2)):
        return []
    north_ok = seoul_allied_at_start(state)
    offensive = d.offensive(state.turn, ALLIED)
    units = [u for u in sorted(d.units) if d.units[u].side == ALLIED and d.units[u].nation == "us"
             and not d.units[u].is_air and state.units[u].at == FEC and u not in state.moved]
    if not units:
        return []
    out = []
    for p in sorted(d.ports):
        if _start_control(state, p) != COMMUNIST:
            continue
        if p in d.north and not north_ok:
            continue
        at_sea = [u for u, us in state.units.items() if us.at == SEA + p]
        ashore = [u for u in board.friends_at(ALLIED, p) if u in state.moved and state.units[u].at == p]
        enemy = board.enemy_at(ALLIED, p)
        for uid in units:
            if enemy:
                if at_sea and not offensive:
                    continue  # 11.4: a second unit may only join as support on an offensive turn
                if len(at_sea) >= 2:
                    continue
                out.append({"type": "amphibious", "unit": uid, "to": p})
            elif ashore or board.friends_at(ALLIED, p):
                for n in d.land_neighbours(p):
                    if board.occ.get(n) or board.enemy_city(ALLIED, n):
                        continue
                    out.append({"type": "amphibious", "unit": uid, "to": p, "at": n})
            else:
                out.append({"type": "amphibious", "unit": uid, "to": p})
    return out


def amphibious(state: K38State, action: dict[str, Any], ctx: Context) -> None:
    d = data_of(state)
    board = Board(state, d)
    uid, p = action["unit"], action["to"]
    state.amph_used += 1
    state.amph_this_turn += 1
    state.moved.add(uid)
    left = int(d.rules.get("amphibious_actions", 5)) - state.amph_used
    name = d.units[uid].name
    if board.enemy_at(ALLIED, p):
        state.units[uid].at = SEA + p
        ctx.log(f"{name} lands against the defenders of {p} (amphibious actions left: {left})", "11.3",
                kind="amphibious", unit=uid, to=p)
        return
    dest = action.get("at") or p
    if dest != p:
        enter_hex(state, d, uid, p, ctx, "11.3")
    enter_hex(state, d, uid, dest, ctx, "11.3")
    ctx.log(f"{name} lands at {p}{'' if dest == p else ' and moves on to ' + dest} "
            f"(amphibious actions left: {left})", "11.3", kind="amphibious", unit=uid, to=p, at=dest)
