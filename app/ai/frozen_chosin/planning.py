"""Operations dice (FC-2.2) and the HQ operations worth attempting (FC-12).

Placement is a priority list per side, trimmed by what the command can use this turn: the
Allies always keep a die for Evacuate (the cheapest VP swing: a casualty off the Chinese score
and onto the Allied one), then Reorganize when they have wounded, air power by day when the
enemy is close, supply where bases starve. The Chinese spend on Surprise Attack and Infiltrate
(night attacks that ignore positions or reach further), Ambush when an Allied supply marker is
near, and a Supply Train for starving bases. Only the command's own dice are read: the other
side's placement stays secret until revealed (FC-2.4).
"""

from __future__ import annotations

import math
from typing import Any

from app.ai.frozen_chosin import aims
from app.games.frozen_chosin.common import B, live, point_gap
from app.games.frozen_chosin.state import PVA, UN, Command, FCState


def _own_casualties(st: FCState, c: Command) -> int:
    return sum(1 for b in st.bases.values() if b.command == c.id and b.status == "casualty")


def _starving(st: FCState, c: Command) -> int:
    from app.games.frozen_chosin.supply import in_supply
    sup = in_supply(st, c.side)
    return sum(1 for b in live(st, c.side) if b.command == c.id and b.id not in sup)


def _threatened(st: FCState, c: Command, reach: float = 14.0) -> int:
    mine = [b for b in live(st, c.side) if b.command == c.id]
    foes = list(live(st, PVA if c.side == UN else UN))
    return sum(1 for b in mine if any(math.dist((b.x, b.y), (e.x, e.y)) <= reach for e in foes))


def wishes(st: FCState, c: Command) -> list[str]:
    """Operations in the order the command wants dice on them this turn."""
    if c.side == UN:
        out = ["evacuate"]
        if _own_casualties(st, c) >= 1:
            out.append("reorganize-un")
        if _threatened(st, c):
            out.append("close-air-support")
        if _starving(st, c):
            out += ["supply-convoy", "air-supply"]
        out += ["reorganize-un", "close-air-support", "supply-convoy"]
    else:
        out = ["surprise-attack", "infiltrate"]
        near = any(m.side == UN and any(point_gap(b, m.x, m.y) <= 8 for b in live(st, PVA) if b.command == c.id)
                   for m in st.markers.values())
        if near:
            out.append("ambush")
        if _starving(st, c):
            out.append("supply-train")
        out += ["ambush", "human-wave", "supply-train"]
    seen: list[str] = []
    for o in out:
        if o not in seen:
            seen.append(o)
    return seen


def plan_choice(st: FCState, c: Command, legal: list[dict[str, Any]]) -> dict[str, Any]:
    offered = {a["op"]: a for a in legal if a["type"] == "plan"}
    for o in wishes(st, c):
        if o in offered:
            return offered[o]
    return next(a for a in legal if a["type"] == "done-planning")


# ------------------------------------------------------------------ attempts
def attempt_value(st: FCState, c: Command, opid: str, target: str) -> float:
    """How much attempting ``opid`` on ``target`` is worth now (0 or less: not worth a turn)."""
    eff = B().operations[opid]["effect"]
    foes = list(live(st, PVA if c.side == UN else UN))
    if eff == "evacuate":
        # the last wounded of a Marine regiment gone from the table are better brought back:
        # while none of its bases stands, the regiment counts as destroyed, evacuated or not
        # (FC-16.2; DECISIONS.md, "Eliminated"), so a Reorganize this turn comes first
        if _regiment_gone(st, target) and "reorganize-un" in c.planned and "reorganize-un" not in c.attempted:
            return 3.0
        return 10.0
    if eff == "restore":
        if c.side == UN and _regiment_gone(st, target):
            return 20.0     # one base back on the table saves the regiment's 10 VP (FC-16.2)
        return 6.0 if c.side == UN else 1.0
    if eff in ("airstrike", "carpet"):
        t = st.bases[target]
        near = [e for e in foes if point_gap(e, t.x, t.y) <= 3.5]
        if eff == "carpet":
            return 1.5 * len(near)
        return sum(aims.kill_value(st, e, 3) for e in near) * 2.0
    if eff == "ambush":
        return 5.0
    if eff in ("convoy", "supply-train", "air-drop"):
        return _supply_gain(st, c, target)
    if eff == "reactivate":
        reg = st.regiments[target]
        return 2.0 * sum(1 for b in reg.bases if st.bases[b].status == "on"
                         and any(math.dist((st.bases[b].x, st.bases[b].y), (e.x, e.y)) <= 8 for e in foes))
    if eff in ("infiltrate", "surprise"):
        return 0.0   # valued with the activations (see tactics.activation_value)
    return 0.0


def _regiment_gone(st: FCState, bid: str) -> bool:
    """Is ``bid`` of a Marine regiment none of whose bases stands on the table (FC-16.2)?"""
    b = st.bases.get(bid)
    if b is None:
        return False
    reg = st.regiments[b.regiment]
    return reg.marine and not reg.outposts and not any(st.bases[x].status == "on" for x in reg.bases)


def _supply_gain(st: FCState, c: Command, target: str) -> float:
    """Own bases a supply marker at ``target`` would bring within the 12-inch radius (FC-11.1)."""
    from app.games.frozen_chosin.common import R
    from app.games.frozen_chosin.supply import in_supply
    t = st.bases[target]
    sup = in_supply(st, c.side)
    radius = float(R("supply_radius"))
    return 1.5 * sum(1 for b in live(st, c.side) if b.id not in sup and point_gap(b, t.x, t.y) <= radius)
