"""HQ operations (FC-12): dice placed in secret in the Operations Phase (FC-2), attempted later
as a command's action. The menus are data (``operations.toml``); each effect below is one the
data may name."""

from __future__ import annotations

import math
from typing import Any

from app.engine.game import Context
from app.games.frozen_chosin.combat import apply_hits, hits_from, need_against, spotted, suppress
from app.games.frozen_chosin.common import B, G, R, fast_gap, is_day, live, new_id, point_gap
from app.games.frozen_chosin.geometry import free_spot
from app.games.frozen_chosin.special import smith_bonus, taken
from app.games.frozen_chosin.state import Command, FCState, Marker, other

AIR = ("airstrike", "carpet", "air-drop")
RULE = {"airstrike": "FC-12.3", "carpet": "FC-12.4", "air-drop": "FC-12.5", "convoy": "FC-12.6",
        "restore": "FC-12.7", "evacuate": "FC-12.8", "reactivate": "FC-12.9", "infiltrate": "FC-12.10",
        "surprise": "FC-12.11", "ambush": "FC-12.12", "supply-train": "FC-12.13"}


def menu(side: str) -> list[dict[str, Any]]:
    return [o for o in B().operations.values() if o["side"] == side]


def dice_left(c: Command) -> int:
    return c.dice - sum(int(B().operations[o]["cost"]) for o in c.planned)


def plan_problem(st: FCState, c: Command, opid: object) -> tuple[str, str] | None:
    op = B().operations.get(opid) if isinstance(opid, str) else None
    if op is None or op["side"] != c.side:
        return (f"{opid!r} is not on {c.name}'s HQ sheet", "FC-12.1")
    if opid in c.planned:
        return ("each operation takes dice only once per Operations Phase", "FC-2.2")
    if int(op["cost"]) > dice_left(c):
        return (f"{op['name']} needs {op['cost']} dice and {c.name} has {dice_left(c)} left", "FC-2.2")
    return None


def time_problem(st: FCState, op: dict[str, Any]) -> tuple[str, str] | None:
    if op["time"] == "day" and not is_day(st):
        return (f"{op['name']} is allowed only by day", "FC-12.14" if op["effect"] in AIR else "FC-12.1")
    if op["time"] == "night" and is_day(st):
        return (f"{op['name']} is allowed only by night", "FC-12.1")
    if op["effect"] in AIR and st.no_air:
        return ("no air operations this turn (event)", "FC-13.1")
    return None


def targets(st: FCState, c: Command, op: dict[str, Any]) -> list[str]:
    """Everything ``op`` may be aimed at now (the aim kinds of operations.toml)."""
    aim = op["aim"]
    if aim == "enemy-base":
        foes = list(live(st, other(c.side)))
        if op["effect"] == "carpet":
            clear = float(op.get("clear_of_friends", 12))
            friends = list(live(st, "un"))
            # a friend farther than ``clear`` along x alone is clear without the full sum
            return [e.id for e in foes if all(abs(e.x - f.x) - (e.w + f.w) / 2 > clear + 1e-9
                                              or fast_gap(e, f) > clear + 1e-9 for f in friends)]
        return [e.id for e in foes if spotted(st, c.side, e)]
    if aim == "friendly-base":
        return [b.id for b in live(st, c.side) if b.command == c.id]
    if aim == "road-base":
        from app.games.frozen_chosin.supply import in_supply
        sup = in_supply(st, c.side)
        g = G(st)
        return [b.id for b in live(st, c.side) if b.command == c.id and b.id in sup and g.on_road((b.x, b.y))]
    if aim == "casualty":
        out = []
        for b in st.bases.values():
            if b.command != c.id or b.status != "casualty":
                continue
            if op["effect"] == "restore" and not _restore_anchor(st, b.id):
                continue
            out.append(b.id)
        return out
    if aim == "spent-regiment":
        return [r for r in c.regiments if st.regiments[r].activated >= st.regiments[r].allowed
                and any(st.bases[b].status == "on" for b in st.regiments[r].bases)]
    if aim == "fresh-regiment":
        return [r for r in c.regiments if st.regiments[r].activated < st.regiments[r].allowed
                and any(st.bases[b].status == "on" for b in st.regiments[r].bases)]
    if aim == "enemy-supply":
        reach = float(op.get("reach", 6))
        mine = [b for b in live(st, c.side) if b.command == c.id]
        return [m.id for m in st.markers.values() if m.side != c.side
                and any(point_gap(b, m.x, m.y) <= reach + 1e-9 for b in mine)]
    return []


def attemptable(st: FCState, c: Command) -> list[tuple[str, str]]:
    """(operation, target) pairs the command may attempt now (FC-12.1)."""
    out = []
    for opid in c.planned:
        if opid in c.attempted:
            continue
        op = B().operations[opid]
        if time_problem(st, op):
            continue
        out += [(opid, t) for t in targets(st, c, op)]
    return out


def _restore_anchor(st: FCState, bid: str) -> tuple[float, float] | None:
    b = st.bases[bid]
    reg = st.regiments[b.regiment]
    for pool in ([st.bases[x] for x in reg.bases], [st.bases[x] for r in st.commands[b.command].regiments
                                                    for x in st.regiments[r].bases]):
        for f in pool:
            if f.status == "on" and f.id != bid:
                return (f.x, f.y)
    return None


def roll_op(st: FCState, ctx: Context, c: Command, op: dict[str, Any]) -> bool:
    dice = ctx.roll(f"{c.name} attempts {op['name']} (needs {op['target']}+, "
                    f"{'best die' if op['roll'] == 'best' else 'total'})", "FC-12.1", count=int(op["cost"]))
    score = max(dice) if op["roll"] == "best" else sum(dice)
    if op["effect"] == "evacuate":
        score += smith_bonus(st, ctx, "airstrip")
    if op["effect"] == "restore" and c.side == "un":
        score += smith_bonus(st, ctx, "stockpile")
    if op["effect"] == "evacuate":
        from app.games.frozen_chosin.special import hagaru_held
        if hagaru_held(st):
            score += 1
            ctx.log("Hagaru Firebase: the airstrip is in Allied hands (+1)", "FC-14.2")
    ok = score >= int(op["target"])
    ctx.log(f"{op['name']} {'succeeds' if ok else 'fails'}", "FC-12.1")
    return ok


def attempt(st: FCState, ctx: Context, c: Command, opid: str, target: str) -> None:
    op = B().operations[opid]
    c.attempted.append(opid)
    ok = roll_op(st, ctx, c, op)
    eff = op["effect"]
    rule = RULE[eff]
    if eff == "air-drop":
        _air_drop(st, ctx, c, op, target, ok)
        return
    if not ok:
        return
    if eff == "airstrike":
        t = st.bases[target]
        r = ctx.d6("Close Air Support: radius in inches", rule)
        fp = max(int(op.get("fp", 3)) + st.airstrike_fp, 0)
        for e in [e for e in live(st, other(c.side)) if point_gap(e, t.x, t.y) <= r + 1e-9]:
            dice = ctx.roll(f"air strike on {e.name} ({fp} FP)", rule, count=fp) if fp else []
            apply_hits(st, ctx, e, hits_from(dice, need_against(e)), rule)
    elif eff == "carpet":
        t = st.bases[target]
        r = ctx.d6("Bomber Wing: radius in inches", rule)
        for e in [e for e in live(st) if point_gap(e, t.x, t.y) <= r + 1e-9]:
            suppress(st, ctx, e, rule, "bombed")
    elif eff == "convoy":
        b = st.bases[target]
        _marker(st, ctx, c.side, "truck", b.x, b.y, rule)
    elif eff == "supply-train":
        b = st.bases[target]
        _marker(st, ctx, c.side, "porters", b.x, b.y, rule)
    elif eff == "restore":
        b = st.bases[target]
        at = _restore_anchor(st, target)
        spot = free_spot(at, b.w, b.h, taken(st), G(st)) if at else None
        if spot is None:
            ctx.log(f"no room to bring {b.name} back", rule)
            return
        b.x, b.y = spot
        b.status, b.hits, b.position, b.on_ice = "on", 1, "", False
        st.hits_taken[b.side] = st.hits_taken.get(b.side, 0) + 1  # it comes back carrying one hit
        if b.side == "pva" and st.commands[b.command].recycled > 0:
            st.commands[b.command].recycled -= 1
        ctx.log(f"{b.name} is reorganized and returns to the table, suppressed", rule, kind="restore", base=b.id)
    elif eff == "evacuate":
        b = st.bases[target]
        b.status = "evacuated"
        st.evacuated += 1
        ctx.log(f"{b.name} is evacuated (+{R('vp_evacuate')} VP to the Allies)", rule, kind="evacuate", base=b.id)
    elif eff == "reactivate":
        st.regiments[target].allowed += 1
        ctx.log(f"{st.regiments[target].name} may activate again this phase", rule)
    elif eff in ("infiltrate", "surprise"):
        from app.games.frozen_chosin.sequence import activate
        activate(st, ctx, st.regiments[target], infiltrate=eff == "infiltrate",
                 surprise=eff == "surprise", move=float(op.get("move", 12)))
    elif eff == "ambush":
        m = st.markers.pop(target)
        ctx.log(f"an ambush destroys Allied supplies ({B().name_of('markers', m.kind).lower()})", rule)


def _marker(st: FCState, ctx: Context, side: str, kind: str, x: float, y: float, rule: str) -> None:
    mid = new_id(st, "sup")
    st.markers[mid] = Marker(id=mid, side=side, kind=kind, x=round(x, 2), y=round(y, 2))
    ctx.log(f"{B().name_of('markers', kind)} placed", rule, marker=mid)


def _air_drop(st: FCState, ctx: Context, c: Command, op: dict[str, Any], target: str, ok: bool) -> None:
    """Air Supply (FC-12.5): two markers at the target; a failed roll scatters each 2d6 inches
    in a d6 direction (60 degrees a face)."""
    b = st.bases[target]
    g = G(st)
    for i in range(int(op.get("markers", 2))):
        x, y = b.x + (0.6 if i else -0.6), b.y
        if not ok:
            d = sum(ctx.roll("air drop drifts (inches)", "FC-12.5", count=2))
            a = math.radians(60 * (ctx.d6("drift direction", "FC-12.5") - 1))
            x, y = x + d * math.cos(a), y + d * math.sin(a)
        x, y = min(max(x, 0.0), g.width), min(max(y, 0.0), g.height)
        _marker(st, ctx, c.side, "air-drop", x, y, "FC-12.5")
