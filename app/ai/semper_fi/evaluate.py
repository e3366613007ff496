"""Numbers the players weigh actions by: expected steps a fire takes off, how good a hex is for a
unit given the scenario's objectives, and how threatened it is."""

from __future__ import annotations

from app.games.semper_fi import actions
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd, other, udef, units_of

from app.ai.semper_fi.objectives import ATTACK, objectives_for, passive, role

MORALE_WORTH = 0.35      # a morale check is worth about a third of a step


def fire_value(state: SFState, action: dict) -> float:
    """Expected steps lost (plus a little for morale checks) from a fire action, via the game's own
    fire preview (the same table the player's fire panel shows)."""
    try:
        p = actions.preview(state, action)
    except Exception:
        return 0.0
    if not p:
        return 0.0
    if "kill" in p:
        return float(p["kill"]) + 0.3 * float(p.get("shaken", 0.0))
    ch = p.get("chances", {})
    ev = (ch.get("1 step lost", 0) + 2 * ch.get("2 steps lost", 0) + 3 * ch.get("3 steps lost", 0)
          + MORALE_WORTH * ch.get("morale check", 0))
    return float(ev)


def target_hex(state: SFState, action: dict) -> str:
    """The hex a fire action aims at: its ``at``, or the hex of a point-fire's target unit."""
    if action.get("at"):
        return str(action["at"])
    t = action.get("target")
    return state.units[t].at if t in state.units else ""


def visible_enemies(state: SFState, side: str) -> list[str]:
    b = bd(state)
    return [u for u in units_of(state, other(side))
            if state.units[u].at in b.hexset and not state.units[u].hidden]


def enemy_steps_at(state: SFState, side: str, h: str) -> int:
    return sum(state.units[u].steps for u in state.units
               if state.units[u].at == h and udef(u).side == other(side) and not state.units[u].hidden)


def friendly_risk(state: SFState, side: str, target: str) -> float:
    """Our units an artillery mission at ``target`` can be expected to fire on: the barrage zone
    is the impact hex and the hexes around it at half (C9.3), and about a third of missions drift
    1-3 hexes in a random direction first (C9.2's scatter band)."""
    from app.games.semper_fi.data import tables
    b = bd(state)
    own: dict[str, int] = {}
    for u, s in state.units.items():
        if udef(u).side == side and s.at in b.hexset:
            own[s.at] = own.get(s.at, 0) + 1

    def zone(h: str | None) -> float:
        if h is None:
            return 0.0
        return own.get(h, 0) + 0.5 * sum(own.get(n, 0) for n in b.grid.neighbours(h))

    dists = [int(x) for x in tables()["scatter"]["distance"]]
    drift = 0.0
    for d in range(6):
        for n in dists:
            cur: str | None = target
            for _ in range(n):
                cur = b.grid.neighbour(cur, d) if cur else None
            drift += zone(cur)
    return 0.5 * zone(target) + (1 / 3) * drift / (6 * len(dists))


_NEAREST: dict[tuple, int] = {}
_GRIDS: dict[int, object] = {}


def nearest(state: SFState, h: str, hexes) -> int:
    """Hex steps from ``h`` to the closest of ``hexes`` (0 when there are none). Asked for every
    legal move of every decision against the same few sets (the objectives, the enemy's hexes),
    so the answers for a frozen set are kept: in 7.4 this was over a third of the AI's time."""
    b = bd(state)
    if not isinstance(hexes, frozenset):
        return min((b.grid.distance(h, x) for x in hexes), default=0)
    key = (id(b.grid), h, hexes)
    d = _NEAREST.get(key)
    if d is None:
        if len(_NEAREST) > 200_000:
            _NEAREST.clear()
            _GRIDS.clear()
        _GRIDS[id(b.grid)] = b.grid      # held while its answers are, so its id is never reused
        d = _NEAREST[key] = min((b.grid.distance(h, x) for x in hexes), default=0)
    return d


def hex_score(state: SFState, side: str, h: str, foes: list[str] | None = None,
              obj: frozenset[str] | None = None) -> float:
    """How good standing in ``h`` is for a unit of ``side``: on or near the objectives (``obj``:
    the unit's own share of them, else all of them), high up, and (for the defender) not
    needlessly in the enemy's arms."""
    b = bd(state)
    if h not in b.hexset:
        return -50.0
    if obj is None:
        obj = objectives_for(state, side)
    elev = 0.0 if passive(state, side) else b.elevation(h) / 40.0
    d = nearest(state, h, obj) if obj else 0
    if passive(state, side):
        s = -0.7 * d + (2.0 if h in obj else 0.0) if obj else 0.0
    elif role(state, side) == ATTACK:
        s = -1.2 * d + (4.0 if h in obj else 0.0) + 0.5 * elev
    else:
        s = (3.0 if h in obj else 0.0) - 0.4 * d + elev
    if foes and (role(state, side) != ATTACK or passive(state, side)):
        adj = sum(1 for f in foes if b.grid.distance(h, state.units[f].at) <= 1)
        s -= 0.3 * adj
    return s
