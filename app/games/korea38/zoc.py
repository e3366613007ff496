"""Zones of control (7.0) and the board queries everything else builds on.

A :class:`Board` is a read-only snapshot of where units stand, built per question; it never
outlives the state it was made from.
"""

from __future__ import annotations

from functools import cached_property

from app.games.korea38.data import ALLIED, COMMUNIST, Data, get_data
from app.games.korea38.state import K38State


def data_of(state: K38State) -> Data:
    return get_data(state.data_key)


def other(side: str) -> str:
    return ALLIED if side == COMMUNIST else COMMUNIST


class Board:
    def __init__(self, state: K38State, data: Data | None = None):
        self.state = state
        self.data = data or data_of(state)
        occ: dict[str, list[str]] = {}
        side_occ: dict[str, dict[str, list[str]]] = {COMMUNIST: {}, ALLIED: {}}
        contains = self.data.grid.contains
        for uid in sorted(state.units):
            us = state.units[uid]
            if not contains(us.at):
                continue
            u = self.data.units[uid]
            if u.is_air:
                continue
            occ.setdefault(us.at, []).append(uid)
            side_occ[u.side].setdefault(us.at, []).append(uid)
        self.occ = occ
        self.side_occ = side_occ

    # -- units ---------------------------------------------------------------------------------
    def units_of(self, side: str) -> list[tuple[str, str]]:
        """(unit, hex) for every ground unit of ``side`` on the map, sorted by unit id."""
        out = [(u, h) for h, us in self.side_occ[side].items() for u in us]
        out.sort()
        return out

    def hex_of(self, uid: str) -> str:
        return self.state.units[uid].at

    def on_map(self, uid: str) -> bool:
        return self.data.grid.contains(self.state.units[uid].at) and not self.data.units[uid].is_air

    def blocks_entry(self, side: str, hex_id: str) -> bool:
        """8.2.1: a hex holding an enemy unit can never be entered; TF Smith's hex may be
        (7.4: its zone of control is its own hex only, so an enemy may come in and stop)."""
        for u in self.side_occ[other(side)].get(hex_id, ()):
            if not self.data.units[u].zoc_own_hex_only:
                return True
        return False

    @cached_property
    def _blocked(self) -> dict[str, frozenset[str]]:
        out = {}
        for side in (COMMUNIST, ALLIED):
            out[side] = frozenset(h for h in self.side_occ[other(side)] if self.blocks_entry(side, h))
        return out

    def enemy_blocked(self, side: str) -> frozenset[str]:
        """Hexes ``side`` may not enter because an enemy unit is there."""
        return self._blocked[side]

    def enemy_at(self, side: str, hex_id: str) -> list[str]:
        return self.side_occ[other(side)].get(hex_id, [])

    def friends_at(self, side: str, hex_id: str) -> list[str]:
        return self.side_occ[side].get(hex_id, [])

    # -- zones of control (7.0) ---------------------------------------------------------------
    def zoc_of_unit(self, uid: str) -> set[str]:
        h = self.hex_of(uid)
        u = self.data.units[uid]
        if u.zoc_own_hex_only:                      # 7.4
            return {h}
        # 7.0: the six surrounding hexes, but never across an all-sea hexside
        return set(self.data.zoc_neighbours(h))

    @cached_property
    def _zoc(self) -> dict[str, frozenset[str]]:
        out = {}
        for side in (COMMUNIST, ALLIED):
            z: set[str] = set()
            for uid, _h in self.units_of(side):
                z |= self.zoc_of_unit(uid)
            out[side] = frozenset(z)
        return out

    def zoc(self, side: str) -> frozenset[str]:
        """Hexes inside the zone of control of ``side``'s units."""
        return self._zoc[side]

    def ezoc(self, side: str) -> frozenset[str]:
        """Hexes in an enemy zone of control for ``side``. Friendly units never negate it (7.0)."""
        return self._zoc[other(side)]

    def in_ezoc(self, uid: str) -> bool:
        return self.hex_of(uid) in self.ezoc(self.data.units[uid].side)

    def adjacent(self, a: str, b: str) -> bool:
        """Adjacent for combat and isolation: sharing a hexside that is not all-sea."""
        return self.data.grid.is_adjacent(a, b) and not self.data.all_sea(a, b)

    # -- cities -------------------------------------------------------------------------------
    def controller(self, hex_id: str) -> str | None:
        return self.state.control.get(hex_id)

    def enemy_city(self, side: str, hex_id: str) -> bool:
        return hex_id in self.data.cities and self.state.control.get(hex_id) == other(side)

    # -- In Communication (10.0), cached per board ---------------------------------------------
    @cached_property
    def _ic(self) -> dict[str, object]:
        from app.games.korea38.supply import communication_map
        return {side: communication_map(self, side) for side in (COMMUNIST, ALLIED)}

    @cached_property
    def _destinations(self) -> dict[str, frozenset[str]]:
        from app.games.korea38.supply import destinations
        return {side: frozenset(destinations(self, side)) for side in (COMMUNIST, ALLIED)}

    def trace_ends(self, side: str) -> frozenset[str]:
        """Where ``side``'s communication paths end (10.0), worked out once for this position:
        every In Communication question asks it (it was half of a hard AI's thinking time)."""
        return self._destinations[side]

    def in_communication_hex(self, side: str, hex_id: str) -> bool:
        from app.games.korea38.supply import hex_in_communication
        return hex_in_communication(self, side, hex_id, self._ic[side])

    def in_communication(self, uid: str) -> bool:
        us = self.state.units[uid]
        if us.at.startswith("sea:"):
            return True  # 11.4 landing force: supplied from the fleet (designer decision)
        if not self.data.grid.contains(us.at):
            return False
        return self.in_communication_hex(self.data.units[uid].side, us.at)


def zoc_hexes(state: K38State, side: str) -> frozenset[str]:
    return Board(state).zoc(side)
