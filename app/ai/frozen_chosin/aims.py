"""What each side of Frozen Chosin is trying to do, as numbers the commander can compare.

The Allies score for evacuated casualties and for holding Hagaru-ri (FC-16.1); the Chinese for
every Allied casualty left on the field and each Marine regiment destroyed (FC-16.2). So the
Allied commander keeps its bases dug in and in supply, holds Hagaru-ri and flies its wounded
out; the Chinese commander closes on the weakest Allied bases, gangs up on them (up to four
attackers, FC-7.2) and goes for Hagaru-ri. Everything here reads only public information.
"""

from __future__ import annotations

import math

from app.games.frozen_chosin.common import G, R, fast_gap, fp_of, live, position_of
from app.games.frozen_chosin.geometry import rect
from app.games.frozen_chosin.state import PVA, UN, Base, FCState


_ZONES: dict[str, object] = {}


def hagaru_zone(st: FCState):
    """The area a base must touch to count as standing in Hagaru-ri (FC-14.2), or None."""
    if st.table not in _ZONES:
        town = G(st).town("Hagaru")
        _ZONES[st.table] = town.buffer(0.25) if town is not None else None
    return _ZONES[st.table]


def in_hagaru(st: FCState, b: Base, x: float | None = None, y: float | None = None) -> bool:
    zone = hagaru_zone(st)
    if zone is None:
        return False
    x = b.x if x is None else x
    y = b.y if y is None else y
    x0, y0, x1, y1 = zone.bounds
    if x + b.w / 2 < x0 or x - b.w / 2 > x1 or y + b.h / 2 < y0 or y - b.h / 2 > y1:
        return False
    return zone.intersects(rect(x, y, b.w, b.h))


def hit_chance(b: Base, ignore_positions: bool = False) -> float:
    """Chance one die hits ``b``: 5+ in the open, 6 against a position (FC-7.3, FC-6.2)."""
    need = int(R("position_hit_on")) if position_of(b) and not ignore_positions else int(R("hit_on"))
    return (7 - need) / 6


def kill_value(st: FCState, b: Base, dice: int, ignore_positions: bool = False) -> float:
    """Expected damage of ``dice`` dice on ``b``, in hits that count: a hit on a suppressed base
    removes it (FC-7.5); an improved position swallows the first hit (FC-6.3)."""
    if dice <= 0 or b.status != "on":
        return 0.0
    p = hit_chance(b, ignore_positions)
    absorb = 1 if position_of(b) == "improved" and not ignore_positions else 0
    # probability of at least k hits, k = 1 + absorb (suppress) and 2 + absorb (remove)
    def at_least(k: int) -> float:
        if k <= 0:
            return 1.0
        return 1.0 - sum(math.comb(dice, i) * p ** i * (1 - p) ** (dice - i) for i in range(min(k, dice + 1)))
    need_kill = 2 - b.hits + absorb
    need_supp = 1 + absorb
    kill = at_least(need_kill)
    supp = 0.0 if b.hits else at_least(need_supp) - kill
    return kill * target_worth(st, b) + supp * 0.4 * target_worth(st, b)


def target_worth(st: FCState, b: Base) -> float:
    """How much the enemy of ``b`` gains by removing it."""
    if b.side == UN:
        w = 1.0                                   # a casualty is a Chinese VP (FC-16.2)
        reg = st.regiments[b.regiment]
        if reg.marine and not reg.outposts:
            alive = sum(1 for x in reg.bases if st.bases[x].status == "on")
            w += 4.0 / max(alive, 1)              # towards a destroyed Marine regiment
        if in_hagaru(st, b):
            w += 1.0
        return w
    return 0.5 + 0.2 * fp_of(st, b)               # Chinese losses only thin the attack


def nearest(b_xy: tuple[float, float], bases: list[Base]) -> tuple[float, Base | None]:
    best, who = math.inf, None
    for e in bases:
        d = math.dist(b_xy, (e.x, e.y))
        if d < best:
            best, who = d, e
    return best, who


def enemy_pressure(st: FCState, side: str, x: float, y: float, reach: float = 8.0) -> int:
    """Enemy bases within ``reach`` inches of a point: who could come at it next phase."""
    return sum(1 for e in live(st, PVA if side == UN else UN) if math.dist((x, y), (e.x, e.y)) <= reach)


def contact_count(st: FCState, target: Base) -> int:
    return sum(1 for e in live(st, PVA if target.side == UN else UN) if fast_gap(e, target) <= float(R("contact")) + 1e-9)
