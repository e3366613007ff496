"""What each side of Frozen Chosin is trying to do, as numbers the commander can compare.

The Allies score for evacuated casualties and for holding Hagaru-ri (FC-16.1), and in the
campaign for each base of the cut-off regiments brought back near the division's towns
(FC-D-BREAKOUT); the Chinese for every Allied casualty left on the field and each Marine
regiment destroyed (FC-16.2). So the Allied commander keeps its bases dug in and in supply,
holds Hagaru-ri, flies its wounded out and, from 30 Nov, marches the cut-off regiments down the
road; the Chinese commander closes on the weakest Allied bases, gangs up on them (up to four
attackers, FC-7.2) and goes for Hagaru-ri. Everything here reads only public information.
"""

from __future__ import annotations

import math

from app.games.frozen_chosin.common import G, R, fast_gap, fp_of, live, position_of, rect_gap
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


def rect_gap_to(b: Base, x: float, y: float, t: Base) -> float:
    """Edge gap between ``b`` if it stood at (x, y) and ``t``."""
    return rect_gap(x, y, b.w, b.h, t.x, t.y, t.w, t.h)


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


#: The cut-off regiments start south on this turn (30 Nov), after the two days the Drive to the
#: Yalu holds the Allies in place (FC-14.1); the real withdrawal from Yudam-ni began on 1 Dec.
MARCH_TURN = 3
#: Off-road inches cost this many road inches in the march (half the allowance, FC-4.1).
OFFROAD_COST = 2.0
_MARCH: dict[tuple[str, tuple[str, ...]], tuple[list[float], dict[tuple[int, int], list[int]]]] = {}


def marching(st: FCState, b: Base) -> bool:
    """Should this Allied base head for the breakout places now (FC-D-BREAKOUT)?"""
    from app.games.frozen_chosin.victory import broken_out
    bo = st.breakout
    if not bo.vp or b.regiment not in bo.regiments or st.turn < MARCH_TURN or b.status != "on":
        return False
    return not broken_out(st, b) or march_cost(st, b.x, b.y) > bo.radius - 2.0


def _road_field(st: FCState) -> tuple[list[float], dict[tuple[int, int], list[int]]]:
    """Road inches from every road node to the nearest breakout place, and the nodes by 2-inch
    cell (computed once per table and set of places)."""
    key = (st.table, tuple(st.breakout.places))
    got = _MARCH.get(key)
    if got is None:
        g = G(st)
        best = [math.inf] * len(g.nodes)
        for pid in st.breakout.places:
            p = g.place(pid)
            k = g.node_near(p) if p is not None else None
            if k is None:
                continue
            for i, d in enumerate(g.distances(k)):
                if d < best[i]:
                    best[i] = d
        cells: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in enumerate(g.nodes):
            cells.setdefault((int(x // 2), int(y // 2)), []).append(i)
        got = _MARCH[key] = (best, cells)
    return got


def march_cost(st: FCState, x: float, y: float) -> float:
    """Road inches still to go from (x, y) to the nearest breakout place: along the road from a
    nearby road node, the way there off road counting double."""
    g = G(st)
    best, cells = _road_field(st)
    cx, cy = int(x // 2), int(y // 2)
    out = math.inf
    for i in range(cx - 2, cx + 3):
        for j in range(cy - 2, cy + 3):
            for k in cells.get((i, j), ()):
                nx, ny = g.nodes[k]
                c = best[k] + OFFROAD_COST * math.dist((x, y), (nx, ny))
                if c < out:
                    out = c
    if out == math.inf:   # far from any road: straight for the nearest place
        spots = [p for p in (g.place(pid) for pid in st.breakout.places) if p is not None]
        out = min((OFFROAD_COST * math.dist((x, y), p) for p in spots), default=0.0)
    return out
