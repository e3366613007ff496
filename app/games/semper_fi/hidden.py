"""Hidden units (1.3): the events that reveal them (1.3c), air spotting (1.3d), and contact in the
march-column scenario (4.1), which is the first revealed North Korean unit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.game import Context
from app.games.semper_fi.data import NK, US, tables
from app.games.semper_fi.edge_entry import cloaked
from app.games.semper_fi.sight import light, los, open_for_spotting, spotting_range
from app.games.semper_fi.state import BOXES
from app.games.semper_fi.units import bd, hexes_of, other, udef, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.data import Board
    from app.games.semper_fi.state import SFState


def _seen_by_enemy(state: "SFState", uid: str, fired: bool = False, foes: list[str] | None = None) -> bool:
    b = bd(state)
    s = state.units[uid]
    rng = spotting_range(state, b, s.at, fired=fired)
    if not fired:
        rng = max(rng, int(tables()["spotting"][_lt(state)]["open"]))
    near = _within(state.map_name, b, s.at, rng)
    for h in hexes_of(state, other(udef(uid).side)) if foes is None else foes:
        if h in near and los(state, b, h, s.at)[0]:
            return True
    return False


_WITHIN: dict[tuple[str, str, int], frozenset[str]] = {}


def _within(map_name: str, b: "Board", at: str, rng: int) -> frozenset[str]:
    """The map's hexes within ``rng`` of ``at``, kept per map, hex and range: the reveal sweep
    asks it for every hidden unit after every action and step."""
    key = (map_name, at, rng)
    hit = _WITHIN.get(key)
    if hit is None:
        if len(_WITHIN) > 50_000:
            _WITHIN.clear()
        hit = _WITHIN[key] = frozenset(h for h in b.hexset if b.grid.distance(at, h) <= rng)
    return hit


def _lt(state: "SFState") -> str:
    return light(state)


def reveal(state: "SFState", uid: str, ctx: Context, why: str, rule: str = "1.3c") -> None:
    s = state.units[uid]
    if not s.hidden:
        return
    s.hidden = False
    d = udef(uid)
    ctx.reveal(f"{d.label} is revealed at {s.at} ({why})", rule, unit=uid, at=s.at)
    if d.side == NK and not state.contact:
        make_contact(state, d.label, ctx)


def make_contact(state: "SFState", label: str, ctx: Context) -> None:
    """Contact: the first enemy unit seen on the map frees the Americans (4.1 column, 4.2, C14.9)."""
    state.contact = True
    if (state.scen.get("rules") or {}).get("march_column"):
        ctx.log("Contact! The march column is released (4.1)", "4.1", kind="contact")
    else:
        ctx.log(f"Contact! {label} is in sight: the Americans may now move and fire", "C14.9",
                kind="contact")


def contact_check(state: "SFState", ctx: Context) -> None:
    """An enemy unit standing on the map unhidden is contact too, even if it never was hidden."""
    if state.contact or state.phase == "setup":
        return
    hexes = bd(state).hexset
    for u in sorted(state.units):
        s = state.units[u]
        if udef(u).side == NK and not s.hidden and s.at in hexes:
            make_contact(state, udef(u).label, ctx)
            return


def reveal_checks(state: "SFState", ctx: Context) -> None:
    """1.3c: adjacency to an enemy, or standing in open ground in an enemy's view undug."""
    b = bd(state)
    # A reveal moves nothing and changes no light, so the enemy's hexes, and whether a hex is
    # next to them or in their view, are worked out once a side and hex for the whole sweep
    # (it runs after every action and step: a 7.4 game made 20 million distance checks here).
    sides: dict[str, tuple[list[str], set[str]]] = {}
    next_to: dict[tuple[str, str], bool] = {}
    in_view: dict[tuple[str, str], bool] = {}
    for uid in sorted(state.units):
        s = state.units[uid]
        if not s.hidden or s.at in BOXES or (state.cloaked and cloaked(state, uid)):
            continue                                       # C14.8: an infiltrator keeps its cover
        foe = other(udef(uid).side)
        if foe not in sides:
            hexes = hexes_of(state, foe)                   # on the map only (units_of)
            sides[foe] = (hexes, set(hexes))
        enemy_hexes, enemy_set = sides[foe]
        key = (foe, s.at)
        adj = next_to.get(key)
        if adj is None:
            adj = next_to[key] = _next_to(b, s.at, enemy_hexes, enemy_set)
        if adj:
            reveal(state, uid, ctx, "an enemy unit is next to it")
            continue
        if open_for_spotting(b, s.at) and not s.dug_in:
            seen = in_view.get(key)
            if seen is None:
                seen = in_view[key] = _seen_by_enemy(state, uid, foes=enemy_hexes)
            if seen:
                reveal(state, uid, ctx, "in open ground in view of the enemy")


def _next_to(b: "Board", at: str, enemy_hexes: list[str], enemy_set: set[str]) -> bool:
    """An enemy in ``at`` or a hex next to it (distance 1 or less)."""
    if at in b.hexset:
        return at in enemy_set or any(n in enemy_set for n in b.grid.neighbours(at))
    return any(b.grid.distance(at, h) <= 1 for h in enemy_hexes)


def fired(state: "SFState", uid: str, ctx: Context) -> None:
    """1.3c first bullet, and 1.3d air spotting of a firing unit by day."""
    if not state.units[uid].hidden:
        return
    if _seen_by_enemy(state, uid, fired=True):
        reveal(state, uid, ctx, "it fired in view of the enemy")
    else:
        air_spot(state, uid, ctx, "fired")


def moved(state: "SFState", uid: str, ctx: Context) -> None:
    """1.3d: a hidden North Korean moving through open ground by day may be spotted by air."""
    s = state.units[uid]
    if s.hidden and open_for_spotting(bd(state), s.at):
        air_spot(state, uid, ctx, "moved in the open")


def air_spot(state: "SFState", uid: str, ctx: Context, what: str) -> None:
    if udef(uid).side != NK or light(state) != "day" or not state.scen.get("air_spotting", True):
        return
    if not state.units[uid].hidden:
        return
    marines = [u for u in units_of(state, US) if udef(u).type.nation == "usmc"]
    b = bd(state)
    s = state.units[uid]
    if any(los(state, b, state.units[m].at, s.at)[0] for m in marines):
        return                                               # 1.3d: only out of Marine LOS
    r = ctx.d6(f"Air spotting: a hidden unit {what}", "1.3d")
    if r >= int(tables()["air_spotting"]["reveal"]):
        reveal(state, uid, ctx, "spotted from the air", "1.3d")
