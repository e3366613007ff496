"""Victory levels computed at the end (4.1, 4.2, 5.1, 5.2, 5.3): each scenario names a victory
kind and its numbers in its [victory] table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import NK, US
from app.games.semper_fi.sight import los
from app.games.semper_fi.units import bd, is_marine, udef, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

LADDER = ("NK Major", "NK Minor", "Draw", "US Minor", "US Major")


def steps_lost(state: "SFState", side: str, double: tuple[str, ...] = (), vehicle_value: int = 1) -> int:
    n = 0
    for u, s in state.units.items():
        d = udef(u)
        if d.side != side:
            continue
        lost = s.lost
        if d.type.vehicle and vehicle_value > 1:
            lost *= vehicle_value
        if d.type.unit_type in double:
            lost *= 2
        n += lost
    return n


def road_hexes(state: "SFState", vic: dict[str, Any]) -> list[str]:
    from app.games.semper_fi.special import road_path
    return road_path(state) if vic.get("road_from_march") else list(vic.get("road", []))


def high_ground_units(state: "SFState", vic: dict[str, Any]) -> list[str]:
    """4.1: NK units at 80 m or more, within 6 hexes and in LOS of a hex of the main road."""
    b = bd(state)
    road = road_hexes(state, vic)
    out = []
    for u in units_of(state, NK):
        h = state.units[u].at
        if b.elevation(h) < int(vic.get("min_elevation", 80)):
            continue
        if any(b.grid.distance(h, r) <= int(vic.get("within", 6)) and los(state, b, h, r)[0] for r in road):
            out.append(u)
    return out


def hills_held(state: "SFState", names: list[str]) -> list[str]:
    b = bd(state)
    hills = b.hilltops()
    marines = {state.units[u].at for u in units_of(state, US) if is_marine(u)}
    return [n for n in names if any(h in marines for h in hills.get(n, []))]


def determine(state: "SFState") -> dict[str, Any]:
    vic = state.scen.get("victory") or {}
    kind = vic.get("kind")
    if kind == "high-ground":
        if state.exited_before_contact:
            return _res("US Major", "a US unit left the map on the road to Sachon before contact", "4.1")
        nk = len(high_ground_units(state, vic))
        lost = steps_lost(state, US, double=("mortar", "armor"))
        why = f"{nk} North Korean units on important high ground, Marines lost {lost} steps (mortar and tank steps double)"
        lvl = _ladder(lost >= 12 or nk >= 3, lost >= 9 or nk == 2, nk == 0 and lost <= 3, nk == 0 and lost <= 6)
        return _res(lvl, why, "4.1")
    if kind == "hold-hexes":
        b = bd(state)
        held = [h for h in state.start_hexes if any(udef(u).side == US for u in _at(state, h))]
        taken = [h for h in state.start_hexes if any(udef(u).side == NK for u in _at(state, h))]
        lost = steps_lost(state, US)
        why = (f"Marines hold {len(held)} of {len(state.start_hexes)} start hexes, North Koreans occupy "
               f"{len(taken)}, Marines lost {lost} steps")
        whole = len(held) == len(state.start_hexes)
        lvl = _ladder(len(taken) >= 2 or lost >= 12, len(taken) >= 1 or lost >= 9, whole and lost <= 3,
                      whole and lost <= 6)
        return _res(lvl, why, "4.2")
    if kind == "hilltop-platoon":
        b = bd(state)
        hexes = set(vic.get("hexes", []))
        plts = [u for u in units_of(state, US) if udef(u).type.platoon and state.units[u].at in hexes]
        if plts:
            return _res("US Victory", f"a Marine platoon stands on Obong-ni Ridge at {state.units[plts[0]].at}",
                        "5.1", winner=US)
        return _res("NK Victory", "no Marine platoon on a hilltop of Obong-ni Ridge", "5.1", winner=NK)
    if kind == "hilltops-count":
        held = hills_held(state, list(vic.get("hills", [])))
        n = len(held)
        lvl = "US Major" if n >= 3 else "US Minor" if n == 2 else "NK Minor" if n == 1 else "NK Major"
        return _res(lvl, f"Marines hold {n} hilltops" + (f" ({', '.join(held)})" if held else ""), "5.2")
    if kind == "hilltops-control":
        names = list(vic.get("hills", []))
        held = hills_held(state, names)
        n = len(held)
        if state.checkpoint.get("clear"):
            i = LADDER.index("US Major")
            why = f"no North Korean unit within 2 hexes of a hilltop at {vic.get('checkpoint')}"
        else:
            i = (LADDER.index("US Minor") if n == len(names) else LADDER.index("Draw") if n >= 3
                 else LADDER.index("NK Minor") if n >= 1 else LADDER.index("NK Major"))
            why = f"Marines control {n} of {len(names)} hilltops"
        nk_lost = steps_lost(state, NK, vehicle_value=int(vic.get("vehicle_steps", 5)))
        us_lost = steps_lost(state, US)
        # the two shifts are netted before the ladder's ends are applied: one each way leaves
        # the level where it was, US Major included (applied one after the other, a US Major
        # would go up to nowhere and then down to US Minor)
        net = 0
        if nk_lost > int(vic.get("nk_loss_shift", 120)):
            net += 1
            why += f"; North Koreans lost {nk_lost} steps (one level to the US)"
        if us_lost > int(vic.get("us_loss_shift", 60)):
            net -= 1
            why += f"; Marines lost {us_lost} steps (one level to the NK)"
        i = max(0, min(len(LADDER) - 1, i + net))
        return _res(LADDER[i], why, "5.3")
    if kind == "hold-area":
        return hold_area(state, vic)
    if kind == "east-hill":
        return east_hill(state, vic)
    if kind == "perimeter":
        return perimeter(state, vic)
    if kind == "hagaru":
        return hagaru_held(state, vic)
    return _res("Draw", "no victory rule", "")


def _ladder(nk_major: bool, nk_minor: bool, us_major: bool, us_minor: bool) -> str:
    """The first level whose condition holds, from the North Korean Major down; else a Draw."""
    for lvl, ok in (("NK Major", nk_major), ("NK Minor", nk_minor), ("US Major", us_major),
                    ("US Minor", us_minor)):
        if ok:
            return lvl
    return "Draw"


def hold_area(state: "SFState", vic: dict[str, Any]) -> dict[str, Any]:
    """6.1-6.3: who is left within 1 hex of Fox Hill, one level to the attacker for heavy US losses.
    An empty hill counts as a draw (both conditions of the text would hold at once)."""
    from app.games.semper_fi.scenario import area_cached
    from app.games.semper_fi.sequence import side_name
    b = bd(state)
    hexes = area_cached(b, vic["area"])
    us_in = any(state.units[u].at in hexes for u in units_of(state, US))
    nk_in = any(state.units[u].at in hexes for u in units_of(state, NK))
    nk = side_name(state, NK)
    ladder = (f"{nk} Major", "Draw", "US Major")
    i = 2 if us_in and not nk_in else 0 if nk_in and not us_in else 1
    place = str(vic.get("name", "the objective"))
    why = (f"only Marines within 1 hex of {place}" if i == 2 else f"only {nk} units within 1 hex of {place}"
           if i == 0 else f"both sides within 1 hex of {place}" if us_in else f"nobody within 1 hex of {place}")
    base = int((state.checkpoint.get("lost_base") or {}).get(US, 0))
    lost = steps_lost(state, US) - base
    shift = int(vic.get("us_loss_shift", 0))
    if shift and lost >= shift and i > 0:
        i -= 1
        why += f"; the Marines lost {lost} steps (one level to the {nk} player)"
    rule = str(vic.get("rule", "6.1"))
    return _res(ladder[i], why, rule, winner=US if i == 2 else NK if i == 0 else None)


def hill_hexes(state: "SFState", vic: dict[str, Any], elevation: int) -> set[str]:
    """Hexes of the victory hill (a map region) at ``elevation`` metres or higher, and within
    ``crest_within`` hexes of its named crest when one is given (7.2's "19.24-17.29")."""
    from app.games.semper_fi.scenario import area_cached
    b = bd(state)
    out = {h for h in area_cached(b, {"region": vic["hill"]}) if b.elevation(h) >= elevation}
    if vic.get("crest"):
        crest = area_cached(b, {"region": vic["crest"]})
        n = int(vic.get("crest_within", 1))
        out = {h for h in out if any(b.grid.distance(h, c) <= n for c in crest)}
    return out


def overlooking(state: "SFState", vic: dict[str, Any]) -> set[str]:
    """7.2: hill hexes with a line of sight to the place named by ``los_to``; terrain only
    (the text's 7.3 note: night, snow and smoke do not count for victory)."""
    from app.games.semper_fi.scenario import area_cached
    from app.games.semper_fi.sight import terrain_los
    b = bd(state)
    hill = area_cached(b, {"region": vic["hill"]})
    to = sorted(area_cached(b, {"region": vic["los_to"]}))
    return {h for h in hill if any(terrain_los(b, h, t)[0] for t in to)}


def east_hill(state: "SFState", vic: dict[str, Any]) -> dict[str, Any]:
    """7.2 / 7.5: Marines high on East Hill, Chinese overlooking Hagaru-ri, Hagaru-ri entered.
    The levels are tested from the Chinese Major down; US Major needs US Minor as well."""
    top = hill_hexes(state, vic, int(vic["major_elevation"]))
    high = hill_hexes(state, vic, int(vic["minor_elevation"]))
    us_top = any(state.units[u].at in top for u in units_of(state, US))
    us_high = any(state.units[u].at in high for u in units_of(state, US))
    entered = vic.get("entered") in state.entered
    look = overlooking(state, vic)
    cn_look = [u for u in units_of(state, NK) if state.units[u].at in look]
    rule = str(vic.get("rule", "7.2"))
    if not us_top and entered:
        return _res("Chinese Major", f"no Marines on East Hill at {vic['major_elevation']} m or higher, and the "
                    f"Chinese entered {vic['entered']}", rule, winner=NK)
    if not us_high:
        return _res("Chinese Minor", f"no US unit on East Hill at {vic['minor_elevation']} m or higher", rule, winner=NK)
    if not cn_look:
        return _res("US Major", f"US units hold East Hill at {vic['minor_elevation']} m or higher and no Chinese "
                    f"unit on it overlooks {vic['los_to']}", rule, winner=US)
    return _res("US Minor", f"US units hold East Hill at {vic['minor_elevation']} m or higher; "
                f"{len(cn_look)} Chinese units on it overlook {vic['los_to']}", rule, winner=US)


def perimeter(state: "SFState", vic: dict[str, Any]) -> dict[str, Any]:
    """7.1: the Chinese got into the town at some point (Major), stand on the airfield at the end
    (Minor); the Marines kept them 3+ hexes from both (Minor), and lost at most 10 steps (Major);
    anything else is a draw. One level to the Chinese if both company HQs are gone."""
    from app.games.semper_fi.scenario import area_cached
    b = bd(state)
    town = area_cached(b, {"region": vic["town"]})
    field_ = area_cached(b, {"region": vic["airfield"]})
    cn = [state.units[u].at for u in units_of(state, NK)]
    lost = steps_lost(state, US)
    ladder = ("Chinese Major", "Chinese Minor", "Draw", "US Minor", "US Major")
    n = int(vic.get("within", 3))
    if vic["town"] in state.entered:
        i, why = 0, f"Chinese troops got into {vic['town']}"
    elif any(h in field_ for h in cn):
        i, why = 1, "Chinese troops stand on the airfield"
    elif all(b.grid.distance(h, t) > n for h in cn for t in town | field_):
        i = 4 if lost <= int(vic.get("us_loss_max", 10)) else 3
        why = f"no Chinese unit within {n} hexes of {vic['town']} or the airfield; the Marines lost {lost} steps"
    else:
        i, why = 2, f"Chinese units within {n} hexes of {vic['town']} or the airfield"
    hqs = list(vic.get("hq_units", []))
    if hqs and all(state.units[u].at == "elim" for u in hqs if u in state.units) and i > 0:
        i -= 1
        why += "; both company HQs were destroyed (one level to the Chinese)"
    return _res(ladder[i], why, str(vic.get("rule", "7.1")), winner=NK if i < 2 else US if i > 2 else None)


def hagaru_held(state: "SFState", vic: dict[str, Any]) -> dict[str, Any]:
    """7.3, 7.4: four conditions at the end: no Chinese unit in Hagaru, in the Supply Dump, on an
    airfield hex, or on East Hill with a line of sight to Hagaru-ri (terrain only). Each met moves
    the result one level towards the Marines; losses do not count."""
    from app.games.semper_fi.scenario import area_cached
    b = bd(state)
    cn = {state.units[u].at for u in units_of(state, NK)}
    met, held = [], []
    for name in vic.get("clear", []):
        (held if cn & area_cached(b, {"region": name}) else met).append(name)
    look = overlooking(state, vic)
    (held if cn & look else met).append(f"East Hill over {vic['los_to']}")
    ladder = ("Chinese Major", "Chinese Minor", "Draw", "US Minor", "US Major")
    i = len(met)
    why = f"{i} of 4 places clear of the Chinese" + (f" (Chinese still in {', '.join(held)})" if held else "")
    return _res(ladder[i], why, str(vic.get("rule", "7.3")), winner=NK if i < 2 else US if i > 2 else None)


def _at(state: "SFState", h: str) -> list[str]:
    return [u for u, s in state.units.items() if s.at == h]


def _res(level: str, why: str, rule: str, winner: str | None = None) -> dict[str, Any]:
    if winner is None:
        winner = US if level.startswith("US") else NK if level.startswith("NK") else None
    return {"winner": winner, "level": level, "reason": why, "rule": rule}


def checkpoint(state: "SFState", ctx: Context) -> None:
    """5.3: the US Major test is taken at 0600 on 18 Aug."""
    vic = state.scen.get("victory") or {}
    when = vic.get("checkpoint")
    if not when or state.clock[state.turn - 1] != when:
        return
    b = bd(state)
    hills = b.hilltops()
    hexes = {h for n in vic.get("hills", []) for h in hills.get(n, [])}
    near = [u for u in units_of(state, NK) if any(b.grid.distance(state.units[u].at, h) <= 2 for h in hexes)]
    state.checkpoint["clear"] = not near
    ctx.log(f"At {when}: {'no' if not near else len(near)} North Korean units within 2 hexes of a hilltop",
            "5.3", kind="victory")


def finish(state: "SFState", ctx: Context) -> None:
    res = determine(state)
    state.result = res
    state.finished = True
    ctx.log(f"Game over: {res['level']} ({res['reason']})", res["rule"], kind="victory")
