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
        if nk_lost > int(vic.get("nk_loss_shift", 120)):
            i = min(i + 1, len(LADDER) - 1)
            why += f"; North Koreans lost {nk_lost} steps (one level to the US)"
        if us_lost > int(vic.get("us_loss_shift", 60)):
            i = max(i - 1, 0)
            why += f"; Marines lost {us_lost} steps (one level to the NK)"
        return _res(LADDER[i], why, "5.3")
    return _res("Draw", "no victory rule", "")


def _ladder(nk_major: bool, nk_minor: bool, us_major: bool, us_minor: bool) -> str:
    """The first level whose condition holds, from the North Korean Major down; else a Draw."""
    for lvl, ok in (("NK Major", nk_major), ("NK Minor", nk_minor), ("US Major", us_major),
                    ("US Minor", us_minor)):
        if ok:
            return lvl
    return "Draw"


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
