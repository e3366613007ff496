"""Looking units up: where they are, their current mode's values, losing steps (C3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.game import Context
from app.games.semper_fi.data import NK, US, Board, ModeValues, UnitDef, board, counters, tables
from app.games.semper_fi.state import BOXES, ELIM

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def other(side: str) -> str:
    return NK if side == US else US


_UNITS: dict[str, UnitDef] = {}


def udef(uid: str) -> UnitDef:
    d = _UNITS.get(uid)
    if d is None:
        _UNITS.update(counters().units)
        d = _UNITS[uid]
    return d


def bd(state: "SFState") -> Board:
    return board(state.map_name)


def on_map(state: "SFState", uid: str) -> bool:
    at = state.units[uid].at
    return at not in BOXES


def units_of(state: "SFState", side: str) -> list[str]:
    idx = getattr(state, "_idx", None)
    if idx is not None:
        return list(idx["side:" + side])
    return [u for u in state.units if udef(u).side == side and on_map(state, u)]


def units_at(state: "SFState", h: str) -> list[str]:
    idx = getattr(state, "_idx", None)
    if idx is not None:
        return list(idx.get(h, ()))
    return [u for u, s in state.units.items() if s.at == h]


def build_index(state: "SFState") -> None:
    """A hex -> units index used while legal actions are listed (nothing moves then)."""
    idx: dict[str, list[str]] = {"side:us": [], "side:nk": []}
    for u, s in state.units.items():
        idx.setdefault(s.at, []).append(u)
        if s.at not in BOXES:
            idx["side:" + udef(u).side].append(u)
    state._idx = idx  # type: ignore[attr-defined]


def drop_index(state: "SFState") -> None:
    state._idx = None  # type: ignore[attr-defined]


def side_at(state: "SFState", h: str, side: str) -> list[str]:
    return [u for u in units_at(state, h) if udef(u).side == side]


def revealed_at(state: "SFState", h: str, side: str) -> list[str]:
    return [u for u in side_at(state, h, side) if not state.units[u].hidden]


def hexes_of(state: "SFState", side: str) -> list[str]:
    return sorted({state.units[u].at for u in units_of(state, side)})


def values(state: "SFState", uid: str) -> ModeValues:
    t = udef(uid).type
    return t.fire if state.units[uid].mode == "fire" else t.move


def steps_at(state: "SFState", h: str) -> int:
    return sum(state.units[u].steps for u in units_at(state, h))


def is_marine(uid: str) -> bool:
    return udef(uid).type.nation == "usmc"


def communist(uid: str) -> bool:
    return udef(uid).side == NK


def steps_value(uid: str, steps: int) -> int:
    """Victory value of lost steps: mortar and tank steps count double in 4.1 (set by caller)."""
    return steps


def lose_steps(state: "SFState", uid: str, n: int, ctx: Context, rule: str, why: str) -> int:
    """Remove up to ``n`` steps; eliminate at zero. Returns the steps actually lost."""
    s = state.units[uid]
    n = min(n, s.steps)
    if n <= 0:
        return 0
    s.steps -= n
    s.lost += n
    d = udef(uid)
    if s.steps <= 0:
        s.at = ELIM
        s.morale = ""
        ctx.log(f"{d.label} is eliminated ({why})", rule, kind="loss", unit=uid, steps=n)
    else:
        ctx.log(f"{d.label} loses {n} step{'s' if n > 1 else ''} ({why}); {s.steps} left", rule,
                kind="loss", unit=uid, steps=n)
    return n


def describe_hex(state: "SFState", h: str) -> str:
    b = bd(state)
    names = [str(lm.get("name")) for lm in b.landmarks if lm.get("at") == h and lm.get("name")]
    base = f"{h}" + (f" ({', '.join(names)})" if names else "")
    return base


def in_paddy_off_road(state: "SFState", h: str) -> bool:
    b = bd(state)
    return b.terrain(h) == "rice-paddy" and not b.has_road(h)


def terrain_row(state: "SFState", h: str) -> dict:
    return tables()["terrain"][bd(state).terrain(h)]


def secret(state: "SFState", uid: str) -> bool:
    """A hidden unit's doings are logged without its name or hexes (the log is shared, 1.3)."""
    return state.units[uid].hidden
