"""Movement (C4, 1.1b, 1.1c, 1.1h, 1.4, 2.3): one hex per action so every hex entered can
trigger overwatch, reveal hidden units and (4.1) be checked against the march rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.semper_fi.data import tables
from app.games.semper_fi.units import bd, side_at, udef, other

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

PROHIBITED = None


def hex_cost(state: "SFState", uid: str, frm: str, to: str) -> float | None:
    """MP to move ``uid`` from ``frm`` into the adjacent ``to``; None when prohibited."""
    b = bd(state)
    t = udef(uid).type
    mv = t.move.movement
    tb = tables()
    side_feats = b.grid.side_features(frm, to)
    if "road" in side_feats:
        return float(tb["hexside"]["road"])          # road: no slope cost (1.1c), bridged (1.1h)
    ter = b.terrain(to)
    if ter == "water" or "river" in side_feats:
        return PROHIBITED
    if ter == "rice-paddy" and (t.no_paddy or t.vehicle):
        return PROHIBITED                              # 1.1b: only along a road
    if "trail" in side_feats:
        cost = float(tb["hexside"]["trail"][mv])
    else:
        raw = tb["terrain"][ter][mv]
        if raw == "P":
            return PROHIBITED
        cost = float(raw)
    if "stream" in side_feats:
        cost += float(tb["hexside"]["stream"][mv])
    cost += abs(b.contour(to) - b.contour(frm)) * float(tb["hexside"]["slope_per_contour"])  # 1.1c
    return cost


def forbidden(state: "SFState", side: str) -> set[str]:
    """Hexes a side may not enter now (scenario boundaries, 5.1-5.3)."""
    from app.games.semper_fi.scenario import boundary_hexes
    return boundary_hexes(state, side)


def can_start_moving(state: "SFState", uid: str) -> bool:
    s = state.units[uid]
    if s.morale == "paralysed" or s.acted not in ("", "moving"):
        return False
    return s.mode == "move"


def armor_clash(state: "SFState", uid: str, h: str) -> bool:
    from app.games.semper_fi.hagaru import armor_clash as clash
    return clash(state, uid, h)


def step_targets(state: "SFState", uid: str) -> dict[str, float]:
    """Adjacent hexes ``uid`` may enter now, with their cost (C4.1, C4.2 minimum move)."""
    s = state.units[uid]
    if not can_start_moving(state, uid):
        return {}
    d = udef(uid)
    b = bd(state)
    left = s.mp_left if s.acted == "moving" else float(d.type.move.ma) - s.mp_spent
    first = s.acted == "" and s.mp_spent == 0
    bad = forbidden(state, d.side)
    out: dict[str, float] = {}
    enemy = other(d.side)
    for n in b.grid.neighbours(s.at):
        if n in bad:
            continue
        if side_at(state, n, enemy):
            continue                                   # entering an enemy hex is an assault (C8)
        if armor_clash(state, uid, n):
            continue                                   # 7.x Armor Coordination
        c = hex_cost(state, uid, s.at, n)
        if c is None:
            continue
        if c <= left + 1e-9 or (first and left >= d.type.move.ma - 1e-9):
            out[n] = c
    return out


def mode_change_cost(state: "SFState", uid: str) -> float:
    """C3.2: entering move mode uses half the movement allowance; fire mode is free."""
    return udef(uid).type.move.ma / 2.0


def can_enter_fire_mode(state: "SFState", uid: str) -> bool:
    """1.1b: mortars, FACs and recoilless rifles may not set up in a paddy off the road."""
    from app.games.semper_fi.units import in_paddy_off_road
    t = udef(uid).type
    return t.fire_mode_in_paddy or not in_paddy_off_road(state, state.units[uid].at)
