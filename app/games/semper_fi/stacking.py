"""Stacking points (C4.4): the Fox Hill scenarios (6.1-6.3) cap the Chinese set-up at 7 points a
hex. A unit's points come from its type (tables.toml [stacking]): a platoon counts more than a
weapons or MG section. There is no stacking limit in play (C4.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.semper_fi.data import tables
from app.games.semper_fi.units import side_at, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def points(uid: str) -> int:
    st = tables().get("stacking") or {}
    t = udef(uid).type
    return int((st.get("points") or {}).get(t.unit_type, st.get("default", 1)))


def hex_points(state: "SFState", h: str, side: str) -> int:
    return sum(points(u) for u in side_at(state, h, side))


def room(state: "SFState", h: str, uid: str, cap: int) -> bool:
    """True when ``uid`` can be set up in ``h`` without passing ``cap`` points."""
    return hex_points(state, h, udef(uid).side) + points(uid) <= cap
