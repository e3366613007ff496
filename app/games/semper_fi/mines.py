"""Minefields (C15.1; the Minefields variant of 7.1, module 1.7f). The module allows mines only
where a variant says so and only before play; it has no rules for what they do, so ours are
the smallest that make the variant a choice worth making:

- laid by the US player during his set-up, one action per hex, up to the scenario's `count`,
  within `within` hexes of a hex a US unit has set up in, never in water, in a hex closed to
  the US player, or in a Chinese set-up area (C15.1a);
- hidden from the other side until they go off (C15.1b);
- a Chinese unit moving into a mined hex (or onto the map into one) stops there and rolls one
  die on the scenario's `effect` table: nothing, suppressed, one step, or a step and suppressed;
  the minefield is then known to both sides and stays, attacking every later Chinese entry
  (C15.1c); the blast shows where the unit is (it is no longer hidden). US units pass their own
  mines freely (C15.1d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import NK, US
from app.games.semper_fi.units import bd, lose_steps, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

HIDDEN = "hidden"
KNOWN = "known"
EFFECTS = ("none", "suppressed", "step", "step+suppressed")


def spec(state: "SFState") -> dict[str, Any]:
    m = (state.scen.get("rules") or {}).get("mines")
    return m if isinstance(m, dict) else {}


def problems(sc: dict[str, Any]) -> list[tuple[str, str]]:
    """``rules.mines`` in a scenario (after its variants): a count, a distance and a die table."""
    m = (sc.get("rules") or {}).get("mines")
    if m is None:
        return []
    if not isinstance(m, dict):
        return [("rules.mines", "must be a table with count, within and effect")]
    out = []
    if not isinstance(m.get("count"), int) or isinstance(m.get("count"), bool) or not 1 <= m["count"] <= 100:
        out.append(("rules.mines.count", "must be a whole number of minefields from 1 to 100"))
    if not isinstance(m.get("within", 2), int) or not 0 <= m.get("within", 2) <= 10:
        out.append(("rules.mines.within", "must be a whole number of hexes from 0 to 10"))
    eff = m.get("effect", list(EFFECTS))
    if not isinstance(eff, list) or len(eff) != 6 or any(x not in EFFECTS for x in eff):
        out.append(("rules.mines.effect", "must list 6 results, one per die face, each one of "
                    + ", ".join(EFFECTS)))
    return out


def left(state: "SFState") -> int:
    return int(spec(state).get("count", 0)) - len(state.mines)


def _closed(state: "SFState") -> set[str]:
    """Hexes no minefield may go in: the Chinese set-up areas and hexes closed to the Marines."""
    from app.games.semper_fi.scenario import area_cached
    b = bd(state)
    out: set[str] = set()
    for e in state.scen.get("setup", []) or []:
        if e.get("side") == NK and "area" in e:
            out |= area_cached(b, e["area"])
    for x in (state.scen.get("rules") or {}).get("boundary", []) or []:
        if x.get("side") == US and "from" not in x:
            out |= area_cached(b, x["area"])
    return out


def setup_actions(state: "SFState") -> list[dict[str, Any]]:
    """C15.1a: where the US player may lay his next minefield."""
    if state.active != US or state.phase != "setup" or left(state) <= 0:
        return []
    b = bd(state)
    own = sorted({s.at for u, s in state.units.items() if udef(u).side == US and s.at in b.hexset})
    if not own:
        return []
    n = int(spec(state).get("within", 2))
    closed = _closed(state)
    near = {h for o in own for h in b.grid.range(o, n)}
    return [{"type": "lay-mine", "hex": h} for h in sorted(near)
            if h not in state.mines and h not in closed and b.terrain(h) != "water"]


def lay(state: "SFState", h: str, ctx: Context) -> None:
    state.mines[h] = HIDDEN
    ctx.log(f"The US player lays a minefield ({left(state)} more allowed)", "C15.1", kind="setup")


def known(state: "SFState", side: str | None) -> dict[str, str]:
    """The minefields ``side`` may see (C15.1b): all of them for the US player and the referee,
    only those that have gone off for the Chinese."""
    if side is None or side == US:
        return dict(state.mines)
    return {h: v for h, v in state.mines.items() if v == KNOWN}


def entered(state: "SFState", uid: str, h: str, ctx: Context) -> bool:
    """C15.1c: a Chinese unit has moved into ``h``. True when a minefield was there (the unit's
    move ends, whatever the die says)."""
    if h not in state.mines or udef(uid).side == US:
        return False
    table = list(spec(state).get("effect") or EFFECTS)
    s = state.units[uid]
    from app.games.semper_fi.hidden import reveal
    reveal(state, uid, ctx, "a minefield goes off under it", "C15.1")    # the blast gives it away
    who = udef(uid).label
    r = ctx.d6(f"Minefield at {h}: {who} runs into it", "C15.1")
    res = table[min(r, len(table)) - 1]
    state.mines[h] = KNOWN
    s.acted = "moved"                                    # it stops in the minefield
    s.mp_left = 0.0
    if "step" in res:
        lose_steps(state, uid, 1, ctx, "C15.1", "minefield")
    if "suppressed" in res and state.units[uid].at == h and s.morale != "paralysed":
        s.morale = "suppressed"
        ctx.log(f"{who} is suppressed by the minefield at {h}", "C15.1", kind="morale", unit=uid)
    if res == "none":
        ctx.log(f"A minefield at {h} goes off: {who} comes through unharmed but stops", "C15.1", kind="move")
    return True


def overlay(state: "SFState", side: str | None) -> list[dict[str, Any]]:
    """Minefield hexes for the map, only those ``side`` knows of (C15.1b)."""
    mine = known(state, side)
    if not mine:
        return []
    return [{"kind": "hexes", "hexes": sorted(mine), "colour": "#6E2C00", "label": "Minefield",
             "group": "Minefields"}]


def markers(state: "SFState", side: str | None) -> list[dict[str, Any]]:
    """Minefield markers as pieces (drawn like the hidden-unit markers), for those who may see them."""
    out = []
    for h, v in sorted(known(state, side).items()):
        out.append({"id": f"mines@{h}", "at": h, "kind": "marker", "side": US, "unit_type": "minefield",
                    "label": "Mines", "shape": "round", "colour": "#D4AC0D" if v == HIDDEN else "#C0392B",
                    "flags": ["hidden-from-the-enemy"] if v == HIDDEN else ["minefield-known"],
                    "info": ["Minefield (C15.1)" + (": the enemy does not know it is here" if v == HIDDEN
                                                     else ": it has gone off and both sides know it")]})
    return out
