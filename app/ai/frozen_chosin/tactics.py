"""Choosing among the legal moves, attacks, fire and interrupts of one activation.

Every function here takes the game's own legal actions and scores them; none builds an action
the rules did not offer.

* Allied bases stay put to dig in (an improved position: hit only on 6s, first hit ignored,
  FC-6) and step a little way off a road, where no position is possible (FC-6.1), only by night
  or out of reach of Chinese guns, never onto the ice and never out of Hagaru-ri.
* Chinese bases march on the Allied base they value most (weak, suppressed, in Hagaru-ri, of a
  Marine regiment) and take up a free spot in contact, preferring a target others already touch
  and the far side of it (Double Envelopment, FC-14.6).
* Attacks use the most bases the rules allow against the defender they hurt most; ranged fire
  goes where the expected damage is highest; opportunity fire is always taken (it costs nothing,
  FC-9); a defender faces the weakest attacker (FC-7.2).
"""

from __future__ import annotations

import math
from typing import Any

from app.ai.frozen_chosin import aims
from app.games.frozen_chosin.combat import envelopment
from app.games.frozen_chosin.common import G, R, fast_gap, fp_of, is_day, live, position_of, rect_gap, stats
from app.games.frozen_chosin.state import PVA, UN, Base, FCState

Action = dict[str, Any]


# ------------------------------------------------------------------ movement
def choose_move(st: FCState, legal: list[Action]) -> Action:
    """One base at a time: the first base of the regiment still to move gets its best
    destination, or holds; the rest follow on later calls."""
    movers: dict[str, list[Action]] = {}
    for a in legal:
        if a["type"] in ("move", "hold"):
            movers.setdefault(a["unit"], []).append(a)
    if not movers:
        return next(a for a in legal if a["type"] == "end-move")
    act = st.activation
    side = st.regiments[act.regiment].side if act else st.active
    if side == UN and not any(_un_wants_to_move(st, st.bases[u]) for u in movers):
        return next(a for a in legal if a["type"] == "end-move")
    uid = next(iter(movers))
    if side == UN:
        # a marching column moves its head first, so the bases behind find the road clear
        heads = [u for u in movers if aims.marching(st, st.bases[u])]
        if heads:
            uid = min(heads, key=lambda u: (aims.march_cost(st, st.bases[u].x, st.bases[u].y), u))
    b = st.bases[uid]
    opts = movers[uid]
    if side == PVA:
        targets = _pva_targets(st, b)
        return max(opts, key=lambda a: (_pva_move_score(st, b, a, targets), -_key(a)))
    return max(opts, key=lambda a: (_un_move_score(st, b, a), -_key(a)))


def _key(a: Action) -> float:
    to = a.get("to") or (0.0, 0.0)
    return round(to[0] * 1000 + to[1], 3)


def _un_wants_to_move(st: FCState, b: Base) -> bool:
    """A base of a cut-off regiment marches for the division's towns (FC-D-BREAKOUT); any other
    base on a road cannot dig in (FC-6.1), and one off it is best left to dig in."""
    if aims.marching(st, b) and not b.on_ice:
        return True
    return G(st).on_road((b.x, b.y)) and not b.on_ice and not (is_day(st) and _guns_on(st, b.x, b.y))


def _guns_on(st: FCState, x: float, y: float) -> bool:
    """Could a Chinese ranged base fire on a base at (x, y)? (opportunity fire by day, FC-9)"""
    for e in live(st, PVA):
        s = stats(e)
        if "ranged_fp" in s and math.dist((x, y), (e.x, e.y)) <= float(s.get("range", 0)) + 1.5:
            return True
    return False


def _un_move_score(st: FCState, b: Base, a: Action) -> float:
    if a["type"] == "hold":
        return 0.0
    if not _un_wants_to_move(st, b):
        return -100.0
    g = G(st)
    x, y = a["to"]
    if aims.marching(st, b):
        return _march_score(st, b, x, y)
    if a.get("mode") == "road" or g.on_road((x, y)):
        return -50.0
    if g.touches_lake(x, y, b.w, b.h) or g.path_on_lake((b.x, b.y), (x, y)):
        return -100.0
    if aims.in_hagaru(st, b) and not aims.in_hagaru(st, b, x, y):
        return -100.0
    d = math.dist((b.x, b.y), (x, y))
    from app.games.frozen_chosin.supply import sources
    srcs = sources(st, UN)
    radius = float(R("supply_radius"))
    if srcs and not any(math.dist((x, y), s) <= radius - 0.5 for s in srcs) \
            and any(math.dist((b.x, b.y), s) <= radius for s in srcs):
        return -20.0
    # close to friends (mutual support, the supply chain) and away from the enemy
    friends = [f for f in live(st, UN) if f.id != b.id]
    fd, _ = aims.nearest((x, y), friends)
    ed, _ = aims.nearest((x, y), list(live(st, PVA)))
    return 10.0 - d - 0.3 * min(fd, 10) + 0.2 * min(ed, 10)


def _march_score(st: FCState, b: Base, x: float, y: float) -> float:
    """Road inches gained towards the breakout places (FC-D-BREAKOUT), never onto the ice and
    never into contact with the enemy (a base on the road has no position to fight from)."""
    g = G(st)
    if g.touches_lake(x, y, b.w, b.h) or g.path_on_lake((b.x, b.y), (x, y)):
        return -100.0
    gain = aims.march_cost(st, b.x, b.y) - aims.march_cost(st, x, y)
    if gain <= 0.5:
        return -1.0
    contact = float(R("contact")) + 0.5
    if any(rect_gap(x, y, b.w, b.h, e.x, e.y, e.w, e.h) <= contact for e in live(st, PVA)):
        return gain - 8.0
    return gain


def _pva_targets(st: FCState, mover: Base) -> list[tuple[Base, float, list[tuple[float, float]]]]:
    """Allied bases with what they are worth to the Chinese and where the other Chinese bases
    touching them stand (for ganging up and Double Envelopment)."""
    contact = float(R("contact")) + 1e-9
    pva = [e for e in live(st, PVA) if e.id != mover.id]
    out = []
    for t in live(st, UN):
        w = aims.target_worth(st, t)
        if t.suppressed:
            w += 1.0
        if position_of(t) == "improved":
            w -= 0.4
        if stats(t).get("static"):
            w -= 0.3
        others = [(e.x, e.y) for e in pva if fast_gap(e, t) <= contact]
        out.append((t, w, others))
    return out


def _pva_move_score(st: FCState, b: Base, a: Action, targets=None) -> float:
    if targets is None:
        targets = _pva_targets(st, b)
    if not targets:
        return 0.0
    x, y = (b.x, b.y) if a["type"] == "hold" else a["to"]
    best = -math.inf
    contact = float(R("contact")) + 1e-9
    cap = int(R("max_attackers"))
    for t, w, others in targets:
        gap = rect_gap(x, y, b.w, b.h, t.x, t.y, t.w, t.h)
        s = 3.0 * w - gap
        if s + 15.0 < best:
            continue
        if gap <= contact:
            if len(others) >= cap:
                s -= 6.0           # no room in the attack
            else:
                s += 6.0 + 1.5 * len(others)
                ang = math.atan2(y - t.y, x - t.x)
                for ox, oy in others:
                    d = abs(ang - math.atan2(oy - t.y, ox - t.x)) % (2 * math.pi)
                    if min(d, 2 * math.pi - d) >= math.radians(135):
                        s += 3.0   # Double Envelopment (FC-14.6)
                        break
        best = max(best, s)
    # in Hagaru-ri a Chinese base denies the Allies the town (FC-14.2)
    if aims.in_hagaru(st, b, x, y):
        best += 3.0
    if a["type"] == "hold":
        best += 0.2                # dig in when moving gains nothing
    return best


# ------------------------------------------------------------------ fighting
def choose_fight(st: FCState, legal: list[Action]) -> Action:
    best, best_v = None, 0.0
    act = st.activation
    surprise = bool(act and act.surprise)
    for a in legal:
        v = 0.0
        if a["type"] == "attack":
            v = attack_value(st, a, surprise)
        elif a["type"] == "fire":
            v = sum(aims.kill_value(st, st.bases[t], n) for t, n in a["targets"]) + 0.01
        if v > best_v + 1e-9:
            best, best_v = a, v
    if best is not None:
        return best
    return next(a for a in legal if a["type"] == "end-activation")


def attack_value(st: FCState, a: Action, surprise: bool = False) -> float:
    d = st.bases[a["defender"]]
    atts = [st.bases[x] for x in a["attackers"]]
    faced = min(atts, key=lambda x: (fp_of(st, x), -x.hits))
    env = envelopment(d, atts)
    ignore = surprise or env
    afp = fp_of(st, faced) + min(len(atts) - 1, int(R("max_excess"))) + (1 if env else 0)
    gain = aims.kill_value(st, d, afp, ignore)
    dfp = fp_of(st, d)
    loss = aims.kill_value(st, faced, dfp, True)
    if is_day(st):
        loss *= 1.2               # by day the defender fires first (FC-7.4)
    if d.side == PVA:
        # Allied attackers: a casualty is a Chinese VP, a repulse costs the position
        return gain - 1.5 * loss - (0.3 if position_of(faced) else 0.0)
    return gain - 0.3 * loss + 0.05


# ------------------------------------------------------------------ interrupts
def choose_face(st: FCState, legal: list[Action]) -> Action:
    """Face the attacker that rolls fewest dice, and among those the one our hits hurt most."""
    return min(legal, key=lambda a: (fp_of(st, st.bases[a["attacker"]]),
                                     -st.bases[a["attacker"]].hits, a["attacker"]))


def choose_opportunity(st: FCState, legal: list[Action]) -> Action:
    fires = [a for a in legal if a["type"] == "opportunity"]
    if not fires:
        return legal[-1]
    return max(fires, key=lambda a: (fp_of(st, st.bases[a["unit"]], ranged=True), a["unit"]))
