"""Direct fire (C6): area fire against troops, point fire against vehicles, AT rolls (2.4b, 3.5,
3.6), the Special B rule (1.8a), and the previews the window shows before a fire is committed."""

from __future__ import annotations

from itertools import product
from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.data import tables
from app.games.semper_fi.state import BOXES
from app.games.semper_fi.sight import light, los, open_for_spotting, smoke_hexes, spotting_range
from app.games.semper_fi.units import (bd, communist, lose_steps, revealed_at, side_at, steps_at,
                                       other, udef, units_at, values)

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

TWO_D6 = [a + b for a, b in product(range(1, 7), repeat=2)]
RESULT_WORDS = {"-": "no effect", "M": "morale check", "1": "1 step lost", "2": "2 steps lost",
                "3": "3 steps lost"}


def can_fire(state: "SFState", uid: str) -> bool:
    s = state.units[uid]
    return s.morale != "paralysed" and values(state, uid).area > 0


def spotted(state: "SFState", observer_hexes: list[str], target_hex: str, side: str) -> bool:
    """Some revealed enemy in ``target_hex`` is seen from one of ``observer_hexes`` (C5.1)."""
    rng = sight_reach(state, target_hex, side)
    if rng < 0:
        return False
    b = bd(state)
    return any(b.grid.distance(o, target_hex) <= rng and los(state, b, o, target_hex)[0]
               for o in observer_hexes)


def sight_reach(state: "SFState", target_hex: str, side: str) -> int:
    """The farthest any revealed unit of ``side`` in ``target_hex`` can be seen from (C5.2), -1
    with none there. The line of sight is the hex's, the same for every unit in it, so the hex
    is seen exactly when its most visible unit is."""
    b = bd(state)
    out = -1
    for u in revealed_at(state, target_hex, side):
        s = state.units[u]
        out = max(out, spotting_range(state, b, target_hex, fired=s.fired, dug_in=s.dug_in))
    return out


def area_target_ok(state: "SFState", target_hex: str, enemy: str) -> bool:
    """1.3b: an area fire needs a revealed unit; armoured vehicles shrug off area fire."""
    return any(udef(u).type.target != "armoured" for u in revealed_at(state, target_hex, enemy))


def firepower(state: "SFState", firers: list[str], target_hex: str) -> tuple[int, list[str]]:
    """Firepower of the firers in range (suppressed units at half, C7.2)."""
    b = bd(state)
    fp = 0
    used = []
    for u in firers:
        v = values(state, u)
        dist = b.grid.distance(state.units[u].at, target_hex)
        if v.area <= 0 or dist > v.range:
            continue
        f = v.area // 2 if state.units[u].morale == "suppressed" else v.area
        fp += f
        used.append(u)
    return fp, used


def column(fp: int) -> dict[str, int]:
    for c in tables()["area_fire"]["columns"]:
        if c["min"] <= fp <= c["max"]:
            return c
    return tables()["area_fire"]["columns"][0]


def modifiers(state: "SFState", target_hex: str, firer_hex: str | None, ranges: list[int],
              kind: str, road_moving: bool = False, prereg: bool = False) -> list[tuple[str, int]]:
    """The Area Fire Table modifiers that apply, as (reason, value)."""
    b = bd(state)
    m = tables()["area_fire"]["modifiers"]
    out: list[tuple[str, int]] = []
    cls = tables()["terrain"][b.terrain(target_hex)]["combat"]
    if target_hex in state.fieldworks:
        cls = "protective"                                                 # 7.1 fieldworks
    if m.get(cls):
        out.append((f"{cls} terrain" if cls != "partly" else "partly protective terrain", int(m[cls])))
    targets = [u for u in units_at(state, target_hex) if udef(u).type.target != "armoured"]
    if targets and all(state.units[u].dug_in for u in targets):
        out.append(("dug in", int(m["dug_in"])))
    if targets and all(state.units[u].mode == "move" for u in targets):
        out.append(("target in move mode", int(m["target_move_mode"])))
    if road_moving or (b.terrain(target_hex) == "rice-paddy" and b.has_road(target_hex)):
        out.append(("road-moving target", int(m["road_moving"])))          # 1.1b
    st = steps_at(state, target_hex)
    if st >= 15:
        out.append(("15+ steps in the hex", int(m["density_15"])))
    elif st >= 10:
        out.append(("10+ steps in the hex", int(m["density_10"])))
    if firer_hex is not None and kind not in ("barrage", "air", "mortar", "assault"):
        dist = b.grid.distance(firer_hex, target_hex)
        if dist <= 1:
            out.append(("adjacent", int(m["adjacent"])))
        elif ranges and dist * 2 > min(ranges):
            out.append(("long range", int(m["long_range"])))
    if light(state) == "night" and not prereg:
        out.append(("night", int(m["night"])))
    if target_hex in smoke_hexes(state):
        out.append(("smoke", int(m["smoke"])))
    return out


def result_of(col: dict[str, int], total: int) -> str:
    if total >= col["s3"]:
        return "3"
    if total >= col["s2"]:
        return "2"
    if total >= col["s1"]:
        return "1"
    if total >= col["M"]:
        return "M"
    return "-"


def chances(col: dict[str, int], mod: int) -> dict[str, float]:
    out = {k: 0.0 for k in RESULT_WORDS}
    for r in TWO_D6:
        out[result_of(col, r + mod)] += 1 / 36
    return {k: round(v, 4) for k, v in out.items()}


def preview(fp: int, mods: list[tuple[str, int]]) -> dict[str, Any]:
    col = column(fp)
    total = sum(v for _r, v in mods)
    name = (f"{col['min']}+" if col["max"] >= 999 else str(col["min"]) if col["min"] == col["max"]
            else f"{col['min']}-{col['max']}")
    return {"firepower": fp, "column": name,
            "modifiers": [[r, v] for r, v in mods], "total_modifier": total,
            "chances": {RESULT_WORDS[k]: v for k, v in chances(col, total).items()}}


def resolve_area(state: "SFState", fp: int, target_hex: str, mods: list[tuple[str, int]],
                 ctx: Context, rule: str, who: str, assault: str = "") -> str:
    """Roll on the Area Fire Table against every unit in the hex and apply the result."""
    if fp <= 0:
        ctx.log(f"{who}: no firepower reaches {target_hex}", rule, kind="fire")
        return "-"
    col = column(fp)
    total = sum(v for _r, v in mods)
    dice = ctx.roll(f"{who} fires on {target_hex} (firepower {fp})", rule, count=2)
    res = result_of(col, sum(dice) + total)
    mtxt = ", ".join(f"{r} {v:+d}" for r, v in mods) or "no modifiers"
    ctx.log(f"Area Fire Table column {preview(fp, mods)['column']}, roll {sum(dice)} {total:+d} "
            f"({mtxt}): {RESULT_WORDS[res]}", rule, kind="fire", result=res, hex=target_hex)
    apply_area(state, target_hex, res, ctx, rule, assault=assault)
    return res


def apply_area(state: "SFState", target_hex: str, res: str, ctx: Context, rule: str,
               assault: str = "", side: str | None = None) -> None:
    from app.games.semper_fi import morale
    hit = [u for u in units_at(state, target_hex) if udef(u).type.target != "armoured"
           and (side is None or udef(u).side == side)]
    if res == "-" or not hit:
        return
    losses = int(res) if res.isdigit() else 0
    lost_by: dict[str, int] = {}
    while losses > 0:
        alive = [u for u in hit if state.units[u].steps > 0 and state.units[u].at == target_hex]
        if not alive:
            break
        # 2.2c: a FAC only dies as the last step in the hex; otherwise the biggest unit loses first
        non_fac = [u for u in alive if not udef(u).type.fac]
        pool = non_fac or alive
        victim = max(pool, key=lambda u: (state.units[u].steps, u))
        lost_by[victim] = lost_by.get(victim, 0) + lose_steps(state, victim, 1, ctx, rule, "fire")
        losses -= 1
    morale.battalion_losses(state, lost_by, ctx)
    for u in sorted(hit):
        if state.units[u].at == target_hex and state.units[u].steps > 0:
            morale.check(state, u, ctx, "C7.1", assault=assault)


# -- point fire and AT rolls ----------------------------------------------------------------------
def target_class(state: "SFState", uid: str, assault: bool = False, after_trigger: bool = False) -> str:
    """1.8a: Special B targets are B only when exposed; otherwise A (no point fire)."""
    t = udef(uid).type.target
    if t != "special-B":
        return t
    s = state.units[uid]
    b = bd(state)
    exposed = (s.fired or s.mode == "move" or (open_for_spotting(b, s.at) and not s.dug_in)
               or assault or after_trigger)
    return "B" if exposed else "A"


def point_candidates(state: "SFState", side: str) -> list[tuple[str, str]]:
    """The enemy units a unit of ``side`` could point-fire at before range and sight are asked:
    on the map, not hidden (1.3b), armoured or a B target (1.8a); (id, hex) in id order. The
    same for every firer of the side, so a listing of legal actions works it out once."""
    out = []
    for t, s in sorted(state.units.items()):
        if udef(t).side == side or s.hidden or s.at in BOXES:
            continue
        if target_class(state, t) in ("armoured", "B"):
            out.append((t, s.at))
    return out


def point_targets(state: "SFState", uid: str,
                  candidates: list[tuple[str, str]] | None = None) -> list[str]:
    """Enemy units ``uid`` may point-fire at now: in range, spotted, not hidden (1.3b).
    ``candidates``: ``point_candidates`` for the unit's side, when the caller has them."""
    v = values(state, uid)
    if v.point <= 0 or state.units[uid].morale == "paralysed":
        return []
    b = bd(state)
    me = state.units[uid].at
    side = udef(uid).side
    foe = other(side)
    out = []
    for t, at in point_candidates(state, side) if candidates is None else candidates:
        if b.grid.distance(me, at) > v.point_range:
            continue
        if not spotted(state, [me], at, foe):
            continue
        out.append(t)
    return out


def point_mods(state: "SFState", firer: str, target: str) -> tuple[int, list[tuple[str, int]]]:
    pf = tables()["point_fire"]
    b = bd(state)
    v = values(state, firer)
    d = udef(target)
    cls = target_class(state, target)
    defence = d.type.defence if cls == "armoured" else int(pf["b_defence"])
    mods = [(f"point value {v.point}", v.point), (f"defence {defence}", -defence)]
    dist = b.grid.distance(state.units[firer].at, state.units[target].at)
    if dist <= 1:
        mods.append(("adjacent", int(pf["adjacent"])))
    elif dist * 2 > v.point_range:
        mods.append(("long range", int(pf["long_range"])))
    if state.units[target].mode == "move":
        mods.append(("target in move mode", int(pf["target_move_mode"])))
    return sum(m for _r, m in mods), mods


def point_preview(state: "SFState", firer: str, target: str) -> dict[str, Any]:
    pf = tables()["point_fire"]
    total, mods = point_mods(state, firer, target)
    kill = sum(1 for r in TWO_D6 if r + total >= pf["kill"]) / 36
    shaken = sum(1 for r in TWO_D6 if pf["shaken"] <= r + total < pf["kill"]) / 36
    return {"modifiers": [[r, m] for r, m in mods], "kill": round(kill, 4), "shaken": round(shaken, 4)}


def resolve_point(state: "SFState", firer: str, target: str, ctx: Context, rule: str = "C6.4") -> None:
    pf = tables()["point_fire"]
    total, mods = point_mods(state, firer, target)
    dice = ctx.roll(f"{udef(firer).label} point-fires at {udef(target).label}", rule, count=2)
    r = sum(dice) + total
    if r >= pf["kill"]:
        ctx.log(f"Roll {sum(dice)} {total:+d} = {r}: {udef(target).label} is knocked out", rule, kind="fire")
        lose_steps(state, target, state.units[target].steps, ctx, rule, "point fire")
    elif r >= pf["shaken"]:
        ctx.log(f"Roll {sum(dice)} {total:+d} = {r}: {udef(target).label} is shaken (suppressed)", rule,
                kind="fire")
        if state.units[target].morale == "":
            state.units[target].morale = "suppressed"
    else:
        ctx.log(f"Roll {sum(dice)} {total:+d} = {r}: miss", rule, kind="fire")


def at_rollers(state: "SFState", side: str, target: str) -> list[str]:
    """Units that may make AT rolls against vehicle ``target``: adjacent or in its hex (C6.5)."""
    b = bd(state)
    th = state.units[target].at
    out = []
    for h in [th] + list(b.grid.neighbours(th)):
        for u in side_at(state, h, side):
            t = udef(u).type
            if t.at_rolls and state.units[u].morale != "paralysed":
                out.append(u)
    return out


def at_roll_mod(state: "SFState", uid: str, target: str) -> int:
    a = tables()["at_roll"]
    m = 0
    if udef(uid).type.at_section:
        m += int(a["at_section"])                     # 2.4b
    if communist(uid):
        m += int(a["communist"])                      # 3.6
    if state.units[target].mode == "move":
        m += int(a["target_move_mode"])
    return m


def resolve_at(state: "SFState", uid: str, target: str, ctx: Context) -> None:
    """One AT roll per roll allowed (AT sections: one per step, 2.4b)."""
    from app.games.semper_fi import hidden
    a = tables()["at_roll"]
    rolls = state.units[uid].steps if udef(uid).type.at_section else udef(uid).type.at_rolls
    m = at_roll_mod(state, uid, target)
    hidden.fired(state, uid, ctx)                      # 1.3c: AT rolls count as firing
    for i in range(rolls):
        if state.units[target].steps <= 0 or state.units[target].at in ("elim",):
            break
        r = ctx.d6(f"AT roll {i + 1} of {rolls} by {udef(uid).label} against {udef(target).label}", "C6.5")
        rule = "2.4b" if udef(uid).type.at_section else ("3.6" if communist(uid) else "C6.5")
        if r + m >= a["kill"]:
            ctx.log(f"AT roll {r} {m:+d}: {udef(target).label} is knocked out", rule, kind="fire")
            lose_steps(state, target, state.units[target].steps, ctx, rule, "AT roll")
        else:
            ctx.log(f"AT roll {r} {m:+d}: no effect", rule, kind="fire")
