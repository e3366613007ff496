"""The computer's op sheets (C12): which sheet each formation draws before set-up and when it
writes a new one in play, chosen among the game's legal ``draw-sheet`` / ``write-sheet`` actions
like a player would, from what the victory rules ask of its side (objectives.py).

An attacking side puts its formations on Attack sheets (they leave it free) aimed at a victory
objective it does not hold yet; one its scenario holds to a defence kind (5.2's 2/5) holds the
named ground nearest its set-up and writes an Attack sheet in play. A defending side puts its
formations on the tightest defence its scenario allows, spread over the objectives nearest to
them. A formation writes a new sheet only when its sheet is
wrong for that plan (the wrong kind, no objective, an objective already taken), never to polish
one, since a written sheet waits for its implementation roll (C12.4). ``move_pull`` then draws a
unit toward its own sheet's objective, so the AI keeps to its sheet by choice where the leash
(C12.1) leaves it room.
"""

from __future__ import annotations

from typing import Any

from app.games.semper_fi import orders
from app.games.semper_fi.holders import holder_of
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import bd, udef

from app.ai.semper_fi.objectives import ATTACK, objective_hexes, passive, role

# kinds in order of preference; the tightest defence first, since it also spots (1.8e)
ATTACK_ORDER = ("attack", "hasty-defense", "prepared-defense")
DEFENCE_ORDER = ("prepared-defense", "hasty-defense", "attack")
PULL_DEFENCE = 0.5       # per hex closer to a defence sheet's objective, for a unit outside its leash
PULL_ATTACK = 0.15       # per hex closer to an attack sheet's objective


def choose(state: SFState, legal: list[dict[str, Any]], side: str) -> dict[str, Any] | None:
    """The sheet the AI draws or writes now, one of ``legal``; None when no sheet is wanted."""
    sheets = [a for a in legal if a.get("type") in ("draw-sheet", "write-sheet")]
    if not sheets or not orders.active(state):
        return None
    by_formation: dict[str, list[dict[str, Any]]] = {}
    for a in sheets:
        by_formation.setdefault(a["formation"], []).append(a)
    for f in sorted(by_formation):
        want = wanted(state, f, side, {a["kind"] for a in by_formation[f]},
                      drawing=by_formation[f][0]["type"] == "draw-sheet")
        if want is None:
            continue
        pick = next((a for a in by_formation[f] if (a["kind"], a.get("objective", "")) == want), None)
        if pick is not None:
            return pick
    return None


def wanted(state: SFState, f: str, side: str, kinds: set[str], drawing: bool) -> tuple[str, str] | None:
    """The (kind, objective) formation ``f`` should be on, or None when its sheet will do."""
    if not drawing and not state.committed.get(f, True):
        return None                                   # a reserve waits for its commitment roll (C12.2)
    now = (state.opsheets.get(f, ""), state.objectives.get(f, ""))
    if not drawing and now[0] == "attack" and passive(state, side):
        return None                                   # 4.1's Marines fight where they stand
    attack = role(state, side) == ATTACK
    kind = _kind(kinds | {now[0]}, attack)
    if kind is None:
        return None
    if not orders.kinds()[kind].get("objective"):
        return None if now[0] == kind else (kind, "")
    if not drawing and now[0] == kind and now[1] and not (kind == "attack" and _held(state, side, now[1])):
        return None                                   # right kind, objective still worth it
    if drawing and now[0] == kind and now[1]:
        return None
    obj = _best_objective(state, f, side, attack, kind)
    if not obj or (kind, obj) == now or (now[0] == kind and _held(state, side, obj)):
        return None                                   # nothing better to aim at
    return kind, obj


def _kind(kinds: set[str], attack: bool) -> str | None:
    order = ATTACK_ORDER if attack else DEFENCE_ORDER
    return next((k for k in order if k in kinds), None)


def _places(state: SFState) -> dict[str, set[str]]:
    """Named objectives a sheet may carry, with the victory hexes inside or nearest each."""
    b = bd(state)
    goal = objective_hexes(state)
    out: dict[str, set[str]] = {}
    for name in orders.objectives(state):
        hexes = set(orders.objective_hexes(state, name)) & b.hexset
        if hexes:
            out[name] = hexes
    return {n: h for n, h in out.items() if h & goal} or out


def _held(state: SFState, side: str, name: str) -> bool:
    hexes = set(orders.objective_hexes(state, name))
    return any(s.at in hexes and udef(u).side == side for u, s in state.units.items())


def _home(state: SFState, f: str) -> set[str]:
    """Where the formation stands, or before set-up where it may be placed."""
    b = bd(state)
    units = [u for u in state.units if udef(u).formation == f]
    here = {state.units[u].at for u in units if state.units[u].at in b.hexset}
    if here:
        return here
    from app.games.semper_fi.setup import placement_hexes
    from app.games.semper_fi.state import SETUP
    return {h for u in units if state.units[u].at == SETUP for h in placement_hexes(state, u)}


def _best_objective(state: SFState, f: str, side: str, attack: bool, kind: str) -> str:
    """An attack goes for the nearest victory objective not yet ours; a defence holds one near the
    formation, spread over the objectives. An attacker's defence sheet (5.2's 2/5) holds the named
    ground nearest its own units instead, behind the attack."""
    b = bd(state)
    home = _home(state, f)
    goal = objective_hexes(state)
    others = [o for g, o in state.objectives.items() if g != f and o and orders.side_of(state, g) == side]
    places = _places(state) if (kind == "attack" or not attack) else {
        n: set(orders.objective_hexes(state, n)) & b.hexset for n in orders.objectives(state)}
    best, best_v = "", -1e9
    for name, hexes in sorted(places.items()):
        if not hexes:
            continue
        near = min((b.grid.distance(h, x) for h in home for x in hexes), default=0)
        far_goal = min((b.grid.distance(h, g) for h in hexes for g in goal), default=0)
        if kind != "attack" and attack:
            v = -1.0 * near
        elif attack:
            v = -0.3 * far_goal - 0.2 * near - (3.0 if _held(state, side, name) else 0.0)
        else:
            v = -0.3 * far_goal - 0.2 * near - 1.0 * others.count(name)
        if v > best_v:
            best, best_v = name, v
    return best


def move_pull(state: SFState, a: dict[str, Any]) -> float:
    """A bonus for a move that brings a unit closer to its own sheet's objective (C12.1)."""
    if not orders.active(state) or a.get("type") != "move":
        return 0.0
    u = a["unit"]
    f = holder_of(state, u)
    kind = orders.kinds().get(state.opsheets.get(f, ""), {})
    hexes = orders.objective_hexes(state, state.objectives.get(f, ""))
    b = bd(state)
    frm = state.units[u].at
    if not hexes or frm not in b.hexset:
        return 0.0
    d0 = min(b.grid.distance(frm, h) for h in hexes)
    d1 = min(b.grid.distance(a["to"], h) for h in hexes)
    leash = int(kind.get("leash", 0) or 0)
    if leash:
        return PULL_DEFENCE * (d0 - d1) if d0 > leash else 0.0
    return PULL_ATTACK * (d0 - d1)
