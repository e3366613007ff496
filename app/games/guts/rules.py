"""The rules of Take The High Ground! (GUTS): tests, fire, movement, silencing, morale.

Rule tags (``GUTS-...``) are our own short names for the paragraphs of the rule text; the
table in ``resources/guts/COVERAGE.md`` maps each to this code and its tests. ``GUTS-D-...``
tags are designer decisions (``resources/guts/DECISIONS.md``).

Everything here works on a :class:`~app.games.guts.state.GutsState` and a
:class:`~app.engine.game.Context` (for every die and every log line); nothing decides
legality except the ``*_problem`` functions, which :mod:`app.games.guts.game` uses both to
enumerate legal actions and to check a player's action.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from app.engine.game import Context
from app.games.guts.data import RANKS, SUITS, Bundle, bundle, slots_of
from app.games.guts.geometry import (
    ConeShape,
    angle_diff,
    bearing,
    card_polygon,
    direction,
    first_within,
    polygon_distance,
    rect,
    rect_point_distance,
    rect_rect_distance,
)
from app.games.guts.state import (
    ANTI_TANK,
    BAR,
    GTG,
    HTD,
    LEADER,
    OK,
    PINNED,
    RIFLE,
    STATUS_ORDER,
    TEAM_KINDS,
    Card,
    Cover,
    Element,
    Fire,
    Gun,
    GutsState,
    LastMove,
    Pending,
)

SIDE = "platoon"

# Modifiers the rule text gives, added to the dice score (lower is better). GUTS-MOD etc.
MOD_PLATOON_LEADER = -2        # GUTS-MOD, GUTS-LEAVE
MOD_SQUAD_LEADER = -1          # GUTS-MOD, GUTS-LEAVE (the platoon sergeant counts as one: GUTS-D-SGT)
MOD_BAR_COVER = -2             # GUTS-MOD
MOD_OUTSIDE_CONE = -3          # GUTS-LEAVE
MOD_RALLY = -1                 # GUTS-RALLY
MOD_COVER_PL_DIRECTS = -1      # GUTS-COVER (BAR)
MOD_COVER_PER_BAR = -1         # GUTS-COVER (BAR)
MOD_COVER_BAR_CLOSE = -1       # GUTS-COVER (BAR)
MOD_COVER_RIFLE_LEADER = -1    # GUTS-COVER (rifles)
MOD_SIL_NOT_UNDER_FIRE = -1    # GUTS-SIL-BAR
MOD_SIL_CLOSE = -2             # GUTS-SIL-BAR
MOD_SIL_LEADER = -1            # GUTS-SIL-BAR
MOD_FOLLOW_UP = -2             # GUTS-SIL-GREN

CRIT_SUCCESS, SUCCESS, FAIL, CRIT_FAIL = "critical success", "success", "failure", "critical failure"
LEVEL_RANK = {CRIT_SUCCESS: 0, SUCCESS: 1, FAIL: 2, CRIT_FAIL: 3}


def D() -> Bundle:
    return bundle()


# =========================================================================== the GUTS test
@dataclass
class Roll:
    dice: list[int]
    raw: int
    mod: int
    score: int
    guts: int
    level: str

    @property
    def ok(self) -> bool:
        return self.level in (CRIT_SUCCESS, SUCCESS)

    @property
    def double(self) -> bool:
        return self.dice[0] == self.dice[1]


def judge(dice: list[int], mod: int, guts: int) -> str:
    """GUTS-TEST: a score (dice plus modifiers) at or under GUTS succeeds; a double makes it
    critical either way."""
    score = sum(dice) + mod
    double = dice[0] == dice[1]
    if score <= guts:
        return CRIT_SUCCESS if double else SUCCESS
    return CRIT_FAIL if double else FAIL


def gtest(ctx: Context, who: str, guts: int, average: bool, mods: list[tuple[int, str]],
          what: str, rule: str) -> Roll:
    dice = ctx.roll(f"{who}: {what}", rule, sides=6, count=2, average=average)
    mod = sum(v for v, _ in mods)
    level = judge(dice, mod, guts)
    raw = sum(dice)
    mtext = "".join(f" {v:+d} ({why})" for v, why in mods)
    ctx.log(f"{who}: {what}: {raw}{mtext} = {raw + mod} against GUTS {guts}: {level}", rule,
            kind="test", element=who, dice=dice, mod=mod, score=raw + mod, guts=guts, level=level)
    return Roll(dice, raw, mod, raw + mod, guts, level)


@lru_cache(maxsize=None)
def faces(average: bool) -> tuple[int, ...]:
    return (2, 3, 3, 4, 4, 5) if average else (1, 2, 3, 4, 5, 6)


@lru_cache(maxsize=None)
def level_probs(guts: int, average: bool, mod: int) -> dict[str, float]:
    """Exact chance of each result of a test (for the AI and the window)."""
    out = {CRIT_SUCCESS: 0.0, SUCCESS: 0.0, FAIL: 0.0, CRIT_FAIL: 0.0}
    f = faces(average)
    for a in f:
        for b in f:
            out[judge([a, b], mod, guts)] += 1 / 36
    return out


def worst(levels: Iterable[str]) -> str:
    return max(levels, key=lambda lv: LEVEL_RANK[lv])


# =========================================================================== lookups
def el(state: GutsState, eid: str) -> Element:
    return state.elements[eid]


def fighting(state: GutsState) -> list[Element]:
    return [e for e in state.elements.values() if e.fighting]


def fighting_teams(state: GutsState) -> list[Element]:
    return [e for e in state.elements.values() if e.fighting and e.kind in TEAM_KINDS]


def centre(e: Element) -> tuple[float, float]:
    return (e.x, e.y)


def dist_to_gun(e: Element, g: Gun) -> float:
    """Edge of the element's base to the gun's position (the front of its card)."""
    return rect_point_distance(e.x, e.y, e.w, e.h, (g.x, g.y))


def leader_mod(leader: Element) -> tuple[int, str] | None:
    if leader.role == "platoon-leader":
        return (MOD_PLATOON_LEADER, "platoon leader with them")
    if leader.role in ("squad-leader", "platoon-sergeant"):
        return (MOD_SQUAD_LEADER, f"{leader.role.replace('-', ' ')} with them")
    return None


def is_with(a: Element, b: Element) -> bool:
    """GUTS-D-WITH: a leader is with a team when their bases are this close."""
    return rect_rect_distance(a.box, b.box) <= float(D().common["leader_with_inches"]) + 1e-9


def dice_max(e: Element) -> int:
    return max(faces(e.average)) * 2


# =========================================================================== cones and fire
_CONES: dict[tuple[Any, ...], ConeShape] = {}


def cone_of(g: Gun, heading: float | None = None) -> ConeShape:
    gd = D().gun(g.kind)
    h = g.heading if heading is None else heading
    key = (g.kind, g.x, g.y, h)
    c = _CONES.get(key)
    if c is None:
        if len(_CONES) > 20000:
            _CONES.clear()
        c = ConeShape((g.x, g.y), h, gd["cone_length"], gd["cone_width"], [tuple(b) for b in gd["bands"]])
        _CONES[key] = c
    return c


def active_guns(state: GutsState) -> list[Gun]:
    return [g for g in state.guns.values() if g.status == "active"]


def visible(gun_xy: tuple[float, float], xy: tuple[float, float]) -> bool:
    return D().sight.visible(gun_xy, xy)


def fire_on_box(state: GutsState, cx: float, cy: float, w: float, h: float) -> list[Fire]:
    """GUTS-CONE: the cones a base at (cx, cy) is in, with its band in each (GUTS-D-LOS: a gun
    that cannot see the base's centre does not hit it)."""
    out = []
    for g in active_guns(state):
        c = cone_of(g)
        if c.touches(cx, cy, w, h) and visible((g.x, g.y), (cx, cy)):
            out.append(Fire(g.id, c.band_touching(cx, cy, w, h)))
    return out


def fire_on(state: GutsState, e: Element) -> list[Fire]:
    return fire_on_box(state, e.x, e.y, e.w, e.h)


def path_fire(state: GutsState, e: Element, start: tuple[float, float], end: tuple[float, float]) -> list[Fire]:
    """GUTS-MUF: the cones a move from ``start`` towards ``end`` is in or enters, each with the
    closest band the move passes through (checked every half inch along the stretch where the
    base touches the cone, where the gun must also see the base's centre)."""
    out = []
    length = math.hypot(end[0] - start[0], end[1] - start[1])
    for g in active_guns(state):
        c = cone_of(g)
        iv = c.path_interval(start, end, e.w, e.h)
        if iv is None:
            continue
        t0, t1 = iv
        n = max(1, int(math.ceil((t1 - t0) * length / 0.5)))
        best: int | None = None
        names = [b[0] for b in c.bands]
        for k in range(n + 1):
            t = t0 + (t1 - t0) * k / n
            x = start[0] + t * (end[0] - start[0])
            y = start[1] + t * (end[1] - start[1])
            if not visible((g.x, g.y), (x, y)):
                continue
            if not c.touches(x, y, e.w, e.h):
                continue
            i = names.index(c.band_touching(x, y, e.w, e.h))
            best = i if best is None else min(best, i)
            if best == 0:
                break
        if best is not None:
            out.append(Fire(g.id, names[best]))
    return out


def band_mod(state: GutsState, f: Fire) -> tuple[int, str] | None:
    """GUTS-MOD: +1 inside a gun's effective range, +2 in a heavy gun's close band (data)."""
    g = state.guns[f.gun]
    v = int(D().gun(g.kind).get("band_modifier", {}).get(f.band, 0))
    return (v, f"{g.kind.upper()} {f.band} range") if v else None


# =========================================================================== aiming (GUTS-AIM)
def aim(state: GutsState, ctx: Context, g: Gun, movers: set[str], answer: str = "") -> None:
    """Lay a gun's cone: on the BAR that fired on it, else on the nearest moving element (else
    the nearest it can see), turned so that as many elements as possible are in it."""
    gd = D().gun(g.kind)
    length = float(gd["cone_length"])
    apex = (g.x, g.y)
    cands = [e for e in fighting(state)
             if rect_point_distance(e.x, e.y, e.w, e.h, apex) <= length and visible(apex, centre(e))]
    if not cands:
        return
    target = None
    if answer and answer in state.elements and state.elements[answer] in cands:
        target = state.elements[answer]
    if target is None:
        moving = [e for e in cands if e.id in movers]
        pool = moving or cands
        target = min(pool, key=lambda e: (rect_point_distance(e.x, e.y, e.w, e.h, apex), e.id))
    g.heading = best_heading(g, target, cands)
    why = "answering the BAR firing on it" if target.id == answer else "on the nearest moving target"
    ctx.log(f"{g.name} ({g.id}) lays its cone on {target.name}, heading {g.heading:.1f} degrees ({why})",
            "GUTS-AIM", kind="aim", gun=g.id, heading=g.heading, target=target.id)


def _span(apex: tuple[float, float], e: Element, ref: float) -> tuple[float, float]:
    angs = [angle_diff(bearing(apex, p), ref) for p in rect(e.x, e.y, e.w, e.h)]
    return (min(angs), max(angs))


def best_heading(g: Gun, target: Element, cands: list[Element]) -> float:
    gd = D().gun(g.kind)
    apex = (g.x, g.y)
    ha = math.degrees(math.atan2(gd["cone_width"] / 2.0, gd["cone_length"]))
    ref = bearing(apex, centre(target))
    lo, hi = _span(apex, target, ref)
    lo, hi = lo - ha, hi + ha
    near = [e for e in cands if e is not target]
    spans = []
    for e in near:
        a, b = _span(apex, e, ref)
        if b + ha >= lo and a - ha <= hi:
            spans.append((a - ha, b + ha))
    cand_angles = {0.0}
    nudge = 0.05
    for a, b in spans + [(lo, hi)]:
        for v in (a + nudge, b - nudge):
            if lo + nudge <= v <= hi - nudge:
                cand_angles.add(round(v, 4))
    best = (-1, 0.0, 0.0)
    for off in sorted(cand_angles):
        h = (ref + off) % 360.0
        c = cone_of(g, h)
        if not c.touches(target.x, target.y, target.w, target.h):
            continue
        n = 1 + sum(1 for e in near if c.touches(e.x, e.y, e.w, e.h))
        key = (n, -abs(off), -off)
        if key > (best[0], -abs(best[1]), -best[1]):
            best = (n, off, h)
    if best[0] < 0:
        return ref
    return best[2]


# =========================================================================== losses
def lose_guts(state: GutsState, ctx: Context, e: Element, n: int, why: str, rule: str,
              casualty: bool = False) -> None:
    if n <= 0 or e.out:
        return
    e.guts = max(0, e.guts - n)
    if casualty:
        e.casualties += n
    ctx.log(f"{e.name} loses {n} GUTS ({why}): now {e.guts}", rule, kind="loss", element=e.id, guts=e.guts)
    check_element(state, ctx, e)


def check_element(state: GutsState, ctx: Context, e: Element) -> None:
    """GUTS-WD: fall back at the withdrawal level, leave play at 0."""
    if e.out:
        return
    if e.guts <= 0:
        remove(state, ctx, e, "GUTS 0: takes no further part", "GUTS-WD")
    elif e.guts <= int(D().common["withdraw_at"]) and not e.withdrawing:
        e.withdrawing = True
        e.status = OK
        ctx.log(f"{e.name} is down to GUTS {e.guts} and falls back", "GUTS-WD", kind="withdraw", element=e.id)
        if e.role == "platoon-leader":
            platoon_leader_lost(state, ctx, e)


def remove(state: GutsState, ctx: Context, e: Element, why: str, rule: str) -> None:
    if e.out:
        return
    e.out = True
    e.out_reason = why
    ctx.log(f"{e.name} is out of the fight: {why}", rule, kind="removed", element=e.id)
    if e.role == "platoon-leader" and not e.withdrawing:
        platoon_leader_lost(state, ctx, e)


def platoon_leader_lost(state: GutsState, ctx: Context, e: Element) -> None:
    if not state.natural_tested and state.pl_fell_at is None:
        state.pl_fell_at = [e.x, e.y]
        ctx.log("The platoon has lost its leader; a natural leader may step forward next turn", "GUTS-NAT")


def casualties(state: GutsState, ctx: Context, team: Element, leader: Element | None, n: int, rule: str) -> None:
    """GUTS-LEAD: when a leader lent his modifier, the casualty is his. GUTS-D-CAS: a casualty
    on a team costs it GUTS; on a leader it takes him out (data)."""
    for _ in range(n):
        if leader is not None and not leader.out:
            leader.casualties += 1
            if D().common["leader_casualty"] == "out":
                ctx.log(f"{leader.name} is hit leading {team.name}", "GUTS-LEAD", kind="casualty", element=leader.id)
                remove(state, ctx, leader, "hit while leading", "GUTS-LEAD")
            else:
                lose_guts(state, ctx, leader, int(D().common["casualty_guts"]), "casualty while leading", "GUTS-LEAD")
        else:
            ctx.log(f"{team.name} takes a casualty", rule, kind="casualty", element=team.id)
            lose_guts(state, ctx, team, int(D().common["casualty_guts"]), "casualty", rule, casualty=True)


def gun_loses(state: GutsState, ctx: Context, g: Gun, n: int, rule: str) -> None:
    g.guts = max(0, g.guts - n)
    ctx.log(f"{g.name} ({g.id}) loses {n} GUTS: now {g.guts}", rule, kind="loss", gun=g.id, guts=g.guts)
    if g.guts <= 0:
        gun_out(ctx, g, "crew wiped out", "GUTS-WD")
    elif g.guts <= int(D().common["withdraw_at"]):
        gun_out(ctx, g, "crew pulls out", "GUTS-WD")


def gun_out(ctx: Context, g: Gun, how: str, rule: str) -> None:
    if g.status == "out":
        return
    g.status = "out"
    g.how = how
    ctx.log(f"{g.name} ({g.id}) is knocked out: {how}", rule, kind="gun-out", gun=g.id)


def silence(ctx: Context, g: Gun, how: str, rule: str) -> None:
    if g.status != "active":
        return
    g.status = "silenced"
    g.how = how
    ctx.log(f"{g.name} ({g.id}) is silenced ({how}); its cone is lifted", rule, kind="silenced", gun=g.id)


# =========================================================================== set-up (GUTS-SET)
def deal_cards(state: GutsState, ctx: Context, spot_ids: list[str] | None,
               becomes_override: dict[str, str] | None = None) -> None:
    deck_cfg = D().enemy["deck"]
    pics = set(deck_cfg["picture_ranks"])
    deck = [r + s for s in SUITS for r in RANKS]
    pictures = [c for c in deck if c[:-1] in pics]
    pic = ctx.pick(pictures, "one picture card is set aside", "GUTS-SET")
    rest = [c for c in deck if c != pic]
    ctx.shuffle(rest, "the rest of the pack", "GUTS-SET")
    hand = [ctx.draw(rest, "a card for the enemy line", "GUTS-SET", show=False) for _ in range(int(deck_cfg["draw"]))]
    hand.append(pic)
    ctx.shuffle(hand, "the picture card joins them", "GUTS-SET")
    spots = [s for s in D().spots if spot_ids is None or s.id in spot_ids]
    slots = [(s, xy) for s in spots for xy in slots_of(s, float(deck_cfg["slot_spacing"]))]
    radius = float(deck_cfg["place_radius"])
    cap = int(deck_cfg["max_per_place"])
    cw, cl = deck_cfg["card_size"]
    shapes = [card_polygon(xy[0], xy[1], s.facing, float(cw), float(cl)) for s, xy in slots]
    reach = radius + math.hypot(float(cw), float(cl)) + 1e-9   # centres farther apart: never near
    pair: dict[tuple[int, int], bool] = {}

    def close(i: int, j: int) -> bool:
        """Are the cards on slots i and j within ``radius``, nearest edge to nearest edge?"""
        key = (min(i, j), max(i, j))
        if key not in pair:
            (xi, yi), (xj, yj) = slots[i][1], slots[j][1]
            pair[key] = (math.hypot(xi - xj, yi - yj) <= reach
                         and polygon_distance(shapes[i], shapes[j]) <= radius + 1e-9)
        return pair[key]

    placed: list[int] = []            # slot numbers holding a card
    near: dict[int, int] = {}         # slot -> cards in its place, itself included

    def fits(i: int) -> bool:
        """placement_ok for one more card, counting only what the new card changes."""
        hits = [k for k in placed if close(i, k)]
        return 1 + len(hits) <= cap and all(near[k] + 1 <= cap for k in hits)

    becomes = dict(deck_cfg["becomes"])
    becomes.update(becomes_override or {})
    for i, code in enumerate(hand, start=1):
        taken = [slots[k][1] for k in placed]
        cands = [n for n in range(len(slots)) if n not in near and slots[n][1] not in taken and fits(n)]
        if not cands:
            raise ValueError("no room left for the cards on the defensive positions")
        picked = ctx.pick([slots[n] for n in cands], "the card goes face down on a defensive position", "GUTS-SET")
        n = next(k for k in cands if slots[k] is picked)
        s, (x, y) = picked
        hits = [k for k in placed if close(n, k)]
        for k in hits:
            near[k] += 1
        near[n] = 1 + len(hits)
        placed.append(n)
        ux, uy = direction(s.facing)
        rank, suit = code[:-1], code[-1]
        state.cards[f"card-{i}"] = Card(
            id=f"card-{i}", spot=s.id, x=x, y=y, facing=s.facing,
            fx=round(x + ux * cl / 2.0, 6), fy=round(y + uy * cl / 2.0, 6),
            rank=rank, suit=suit, becomes=str(becomes.get(rank, becomes["default"])))
        ctx.log(f"card-{i} placed face down at {s.name}", "GUTS-SET", card=f"card-{i}", spot=s.id)


Shape = list[tuple[float, float]]


def placement_ok(placed: list[Shape] | list[tuple[float, float]], new: Shape | tuple[float, float],
                 radius: float, cap: int) -> bool:
    """GUTS-SET: no more than ``cap`` cards may lie in one place, that is within ``radius`` of
    each other measured between the cards' nearest edges (DECISIONS.md). A card is its corner
    polygon; a bare point (x, y) stands for a card of no size."""
    def poly(v: Any) -> Shape:
        return [tuple(v)] if len(v) == 2 and not isinstance(v[0], (list, tuple)) else [tuple(q) for q in v]

    pts = [poly(v) for v in placed] + [poly(new)]
    for p in pts:
        near = sum(1 for q in pts if q is p or polygon_distance(p, q) <= radius + 1e-9)
        if near > cap:
            return False
    return True


# =========================================================================== reveal (GUTS-REV)
def reveal_near(state: GutsState, ctx: Context, e: Element) -> None:
    reach = float(D().enemy["deck"]["reveal_inches"])
    for c in state.cards.values():
        if c.revealed:
            continue
        if rect_point_distance(e.x, e.y, e.w, e.h, (c.fx, c.fy)) <= reach + 1e-9:
            turn_card(state, ctx, c, e)


def reveal_along(state: GutsState, ctx: Context, e: Element, a: tuple[float, float], b: tuple[float, float]) -> None:
    """GUTS-REV during a move: a face-down card turns the moment the base comes within range
    anywhere on its way from ``a`` to ``b``, not only where it stops (DECISIONS.md). Cards turn
    in the order the move reaches them."""
    reach = float(D().enemy["deck"]["reveal_inches"])
    hits: list[tuple[float, str]] = []
    for c in state.cards.values():
        if c.revealed:
            continue
        t = first_within(e.w, e.h, a, b, (c.fx, c.fy), reach)
        if t is not None:
            hits.append((t, c.id))
    for t, cid in sorted(hits):
        c = state.cards[cid]
        if c.revealed:
            continue
        if 0.0 < t < 1.0:
            x, y = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
            ctx.log(f"{e.name} comes within {reach:g} inches of {c.id} at ({x:.1f}, {y:.1f}) on its way",
                    "GUTS-REV", kind="info", element=e.id, card=c.id, at=[round(x, 3), round(y, 3)])
        turn_card(state, ctx, c, e)


def turn_card(state: GutsState, ctx: Context, c: Card, by: Element | None) -> None:
    c.revealed = True
    c.revealed_turn = state.turn
    who = f" as {by.name} comes within range" if by else ""
    if c.becomes == "dummy":
        ctx.reveal(f"{c.id} is turned{who}: {c.rank}{c.suit}, nobody there", "GUTS-REV", card=c.id, becomes="dummy")
        return
    gd = D().gun(c.becomes)
    gid = "mg-" + c.id.split("-")[-1]
    g = Gun(id=gid, card=c.id, kind=c.becomes, name=gd["name"], x=c.fx, y=c.fy,
            guts=int(gd["guts"]), start_guts=int(gd["guts"]), heading=c.facing)
    state.guns[gid] = g
    ctx.reveal(f"{c.id} is turned{who}: {c.rank}{c.suit}, a {gd['name'].lower()} opens fire", "GUTS-REV",
               card=c.id, becomes=c.becomes, gun=gid)
    movers = {e.id for e in fighting(state) if e.moved}
    if by is not None:
        movers = {by.id}
    aim(state, ctx, g, movers)


# =========================================================================== a silenced gun wakes (GUTS-REOPEN)
def reopen_checks(state: GutsState, ctx: Context,
                  moves: list[tuple[Element, tuple[float, float], tuple[float, float]]], skip: str = "") -> None:
    """Each silenced gun tests once if any base of this move (a team and the leader with it)
    passed through its close band."""
    for g in list(state.guns.values()):
        if g.status != "silenced" or g.id == skip:
            continue
        close = float(D().gun(g.kind)["bands"][0][1])
        who = next((e for e, a, b in moves if not e.out and _path_within(e, a, b, (g.x, g.y), close)), None)
        if who is None:
            continue
        r = gtest(ctx, f"{g.name} ({g.id})", g.guts, bool(D().enemy["dice"].get("average")), [],
                  "movement inside its close range: does it open up again?", "GUTS-REOPEN")
        if r.ok:
            g.status = "active"
            g.how = ""
            ctx.log(f"{g.name} ({g.id}): the crew was only shamming and opens up again", "GUTS-REOPEN", kind="reopen", gun=g.id)
            aim(state, ctx, g, {who.id})


def _path_within(e: Element, a: tuple[float, float], b: tuple[float, float], p: tuple[float, float],
                 r: float) -> bool:
    L = math.hypot(b[0] - a[0], b[1] - a[1])
    n = max(1, int(math.ceil(L / 0.25)))
    for k in range(n + 1):
        t = k / n
        if rect_point_distance(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), e.w, e.h, p) <= r + 1e-9:
            return True
    return False


# =========================================================================== eligibility
def reach(e: Element) -> float:
    """GUTS-D-MOVE: how far away a move may be aimed: the farthest any result could carry it."""
    rates = [c.rate for c in e.covers]
    return float(max([e.guts, dice_max(e), *rates]))


def region(state: GutsState, e: Element) -> tuple[float, float, float, float, float, float, float]:
    """The one region a move's destination must lie in: within reach of the base centre and with
    the whole base still on the table. (cx, cy, r, xmin, xmax, ymin, ymax)."""
    W, H = float(D().table_doc["width"]), float(D().table_doc["height"])
    return (e.x, e.y, reach(e), e.w / 2.0, W - e.w / 2.0, e.h / 2.0, H - e.h / 2.0)


def in_region(reg: tuple[float, ...], p: tuple[float, float]) -> bool:
    cx, cy, r, x0, x1, y0, y1 = reg
    if not (x0 - 1e-9 <= p[0] <= x1 + 1e-9 and y0 - 1e-9 <= p[1] <= y1 + 1e-9):
        return False
    d = math.hypot(p[0] - cx, p[1] - cy)
    return 0.05 <= d <= r + 1e-9


def can_act(e: Element) -> str | None:
    if e.out:
        return f"{e.name} is out of the fight"
    if e.withdrawing:
        return f"{e.name} is falling back and takes no further orders"
    if e.acted:
        return f"{e.name} has already moved or fired this turn"
    return None


def advance_problem(state: GutsState, e: Element) -> tuple[str, str] | None:
    p = can_act(e)
    if p:
        return p, "GUTS-XFIRE"
    if e.status == PINNED:
        return f"{e.name} is pinned and must be rallied first", "GUTS-LEAVE"
    if e.status == GTG:
        return f"{e.name} has gone to ground: it must leave cover to move", "GUTS-LEAVE"
    return None


def leave_problem(state: GutsState, e: Element) -> tuple[str, str] | None:
    p = can_act(e)
    if p:
        return p, "GUTS-XFIRE"
    if e.status != GTG:
        return f"only a team that has gone to ground leaves cover ({e.name} is {e.status})", "GUTS-LEAVE"
    return None


def lead_problem(state: GutsState, leader: Element, team: Element) -> tuple[str, str] | None:
    """GUTS-LEAD: a leader lends his modifier to a team he is with, once a turn, unless he is
    pinned or gone to ground. A natural leader leads without modifiers (so never lends)."""
    if leader.kind != LEADER:
        return f"{leader.name} is not a leader", "GUTS-LEAD"
    if leader.id == team.id:
        return "a leader does not lend his modifier to himself", "GUTS-LEAD"
    if not leader.fighting:
        return f"{leader.name} is out of the fight", "GUTS-LEAD"
    if leader.status in (GTG, PINNED):
        return f"{leader.name} is {leader.status} and cannot lead", "GUTS-LEAD"
    if leader.acted and leader.led != team.id:
        return f"{leader.name} has already acted this turn", "GUTS-LEAD"
    if not is_with(leader, team):
        return f"{leader.name} is not with {team.name}", "GUTS-D-WITH"
    return None


def leaders_for(state: GutsState, team: Element) -> list[Element]:
    if team.kind == LEADER:
        return []
    return [l for l in state.elements.values() if l.kind == LEADER and lead_problem(state, l, team) is None]


def firer_problem(state: GutsState, e: Element) -> tuple[str, str] | None:
    p = can_act(e)
    if p:
        return p, "GUTS-XFIRE"
    if e.status == GTG:
        return f"{e.name} has gone to ground and cannot fire", "GUTS-LEAVE"
    if e.status == PINNED:
        return f"{e.name} is pinned and cannot fire", "GUTS-LEAVE"
    return None


def gun_target_problem(state: GutsState, gid: str, need_active: bool = True) -> tuple[str, str] | None:
    g = state.guns.get(gid)
    if g is None:
        return f"no revealed machine gun {gid!r}", "GUTS-REV"
    if g.status == "out":
        return f"{g.id} is already knocked out", "GUTS-SIL-BAR"
    if need_active and g.status != "active":
        return f"{g.id} is silent already", "GUTS-SIL-BAR"
    return None


def silence_problem(state: GutsState, e: Element, gid: str) -> tuple[str, str] | None:
    p = firer_problem(state, e)
    if p:
        return p
    if e.kind not in (BAR, *ANTI_TANK):
        return f"{e.name} cannot silence a gun by fire (a BAR, bazooka or recoilless rifle can)", "GUTS-SIL-BAR"
    p = gun_target_problem(state, gid)
    if p:
        return p
    g = state.guns[gid]
    rng = float(D().weapon(e.kind)["effective" if e.kind == BAR else "range"])
    if dist_to_gun(e, g) > rng + 1e-9:
        rule = "GUTS-SIL-BAR" if e.kind == BAR else "GUTS-SIL-AT"
        return f"{g.id} is {dist_to_gun(e, g):.1f} inches away, beyond {e.name}'s {rng:g}", rule
    if not visible((g.x, g.y), centre(e)):
        return f"{e.name} cannot see {g.id}", "GUTS-D-LOS"
    return None


def grenade_problem(state: GutsState, e: Element, gid: str) -> tuple[str, str] | None:
    p = firer_problem(state, e)
    if p:
        return p
    if e.kind not in (RIFLE, BAR):
        return f"{e.name} does not throw grenades (rifle and BAR teams do)", "GUTS-SIL-GREN"
    p = gun_target_problem(state, gid, need_active=False)
    if p:
        return p
    g = state.guns[gid]
    rng = float(D().weapon("grenade")["range"])
    if dist_to_gun(e, g) > rng + 1e-9:
        return f"{g.id} is {dist_to_gun(e, g):.1f} inches away: grenades reach {rng:g}", "GUTS-SIL-GREN"
    return None


def assault_problem(state: GutsState, e: Element, gid: str) -> tuple[str, str] | None:
    p = advance_problem(state, e)
    if p:
        return p
    if e.kind not in (RIFLE, BAR):
        return f"{e.name} does not make close assaults (rifle and BAR teams do)", "GUTS-ASLT"
    p = gun_target_problem(state, gid, need_active=False)
    if p:
        return p
    g = state.guns[gid]
    if dist_to_gun(e, g) > e.guts + 1e-9:
        return (f"{g.id} is {dist_to_gun(e, g):.1f} inches away, more than {e.name}'s GUTS of {e.guts}",
                "GUTS-ASLT")
    return None


def rally_problem(state: GutsState, leader: Element, team: Element) -> tuple[str, str] | None:
    if not (leader.kind == LEADER or leader.natural_leader):
        return f"{leader.name} is not a leader", "GUTS-RALLY"
    p = can_act(leader)
    if p:
        return p, "GUTS-RALLY"
    if team.status not in (GTG, PINNED):
        return f"{team.name} needs no rallying ({team.status})", "GUTS-RALLY"
    if not team.fighting:
        return f"{team.name} is out of the fight", "GUTS-RALLY"
    if team.id != leader.id:
        if leader.status in (GTG, PINNED):
            return f"{leader.name} is {leader.status}: he can only rally himself", "GUTS-RALLY"
        if team.acted:
            return f"{team.name} has already acted this turn", "GUTS-RALLY"
        if not is_with(leader, team):
            return f"{leader.name} is not with {team.name}", "GUTS-RALLY"
    return None


def cover_problem(state: GutsState, teams: list[str], mover_id: str, gid: str,
                  leader_id: str = "", mover_fire: set[str] | None = None) -> tuple[str, str] | None:
    """GUTS-COVER: BARs (one or more) or one rifle team, in effective range of the gun whose
    cone the mover is in, fire for the mover; never both kinds for one mover in a turn."""
    if not teams:
        return "name the covering team(s)", "GUTS-COVER"
    if len(set(teams)) != len(teams):
        return "a team is named twice", "GUTS-COVER"
    mover = state.elements.get(mover_id)
    if mover is None:
        return f"no element {mover_id!r}", "GUTS-COVER"
    p = can_act(mover)
    if p:
        return p, "GUTS-COVER"
    if mover.status == PINNED:
        return f"{mover.name} is pinned and cannot move", "GUTS-LEAVE"
    p = gun_target_problem(state, gid)
    if p:
        return p
    if gid in mover.cover_tried:
        return f"{mover.name} already had covering fire against {gid} this turn", "GUTS-COVER"
    if mover_fire is None:
        mover_fire = {f.gun for f in fire_on(state, mover)}
    if gid not in mover_fire:
        return f"{mover.name} is not in {gid}'s cone", "GUTS-COVER"
    g = state.guns[gid]
    kinds = set()
    for tid in teams:
        t = state.elements.get(tid)
        if t is None:
            return f"no element {tid!r}", "GUTS-COVER"
        if t.id == mover.id:
            return "a team cannot cover its own move", "GUTS-COVER"
        p = firer_problem(state, t)
        if p:
            return p
        if t.kind not in (BAR, RIFLE):
            return f"{t.name} cannot give covering fire (BAR and rifle teams can)", "GUTS-COVER"
        kinds.add(t.kind)
        eff = float(D().weapon(t.kind)["effective"])
        if dist_to_gun(t, g) > eff + 1e-9:
            return f"{gid} is beyond {t.name}'s effective range of {eff:g} inches", "GUTS-COVER"
        if not visible((g.x, g.y), centre(t)):
            return f"{t.name} cannot see {gid}", "GUTS-D-LOS"
    if len(kinds) > 1:
        return "BARs and rifles may not cover the same move together", "GUTS-COVER"
    kind = kinds.pop()
    if kind == RIFLE and len(teams) > 1:
        return "one rifle team gives the covering fire", "GUTS-D-COVER"
    if mover.cover_type and mover.cover_type != kind:
        return f"{mover.name} already had {mover.cover_type} covering fire this turn", "GUTS-COVER"
    if leader_id:
        l = state.elements.get(leader_id)
        if l is None:
            return f"no element {leader_id!r}", "GUTS-COVER"
        if kind == BAR and l.role != "platoon-leader":
            return "only the platoon leader directs a BAR's covering fire", "GUTS-COVER"
        if l.acted:
            return f"{l.name} has already acted this turn", "GUTS-LEAD"
        if not any(lead_problem(state, l, state.elements[t]) is None for t in teams):
            return f"{l.name} is not with a covering team (or cannot lead)", "GUTS-LEAD"
    return None


# =========================================================================== turn sequence
def start_turn(state: GutsState, ctx: Context) -> None:
    """GUTS-D-TURN: falling back, the natural-leader test, guns re-laid, then the tests for
    troops lying in cones."""
    ctx.log(f"Turn {state.turn} begins", "GUTS-D-TURN", kind="turn", turn=state.turn)
    withdraw_step(state, ctx)
    if state.pl_fell_at is not None and not state.natural_tested:
        natural_leader_test(state, ctx)
    movers = {e.id for e in fighting(state) if e.moved_last}
    for g in active_guns(state):
        aim(state, ctx, g, movers, answer=g.engaged_last)
    halted_tests(state, ctx)
    check_break(state, ctx)


def withdraw_step(state: GutsState, ctx: Context) -> None:
    step = float(D().common["withdraw_inches"])
    for e in state.elements.values():
        if e.out or not e.withdrawing:
            continue
        e.y = e.y - step
        if e.y - e.h / 2.0 <= 0:
            e.y = e.h / 2.0
            remove(state, ctx, e, "fell back off the table", "GUTS-WD")
        else:
            ctx.log(f"{e.name} falls back {step:g} inches", "GUTS-WD", element=e.id)


def natural_leader_test(state: GutsState, ctx: Context) -> None:
    """GUTS-NAT: the nearest team to where the platoon leader fell tests once."""
    at = state.pl_fell_at or [0.0, 0.0]
    state.natural_tested = True
    state.pl_fell_at = None
    teams = fighting_teams(state)
    if not teams:
        return
    t = min(teams, key=lambda e: (rect_point_distance(e.x, e.y, e.w, e.h, (at[0], at[1])), e.id))
    r = gtest(ctx, t.name, t.guts, t.average, [], "does a natural leader step forward?", "GUTS-NAT")
    if r.level == CRIT_SUCCESS:
        t.natural_leader = True
        ctx.log(f"A natural leader emerges in {t.name}", "GUTS-NAT", kind="natural-leader", element=t.id)
    elif r.level == FAIL:
        lose_guts(state, ctx, t, 1, "no one takes charge", "GUTS-NAT")
    elif r.level == CRIT_FAIL:
        lose_guts(state, ctx, t, 2, "no one takes charge", "GUTS-NAT")


def halted_tests(state: GutsState, ctx: Context) -> None:
    """GUTS-HALT (and GUTS-XFIRE: once for each cone)."""
    for e in list(state.elements.values()):
        if not e.fighting or e.status not in (HTD, GTG, PINNED):
            continue
        for f in fire_on(state, e):
            if not e.fighting:
                break
            mods = [m for m in [band_mod(state, f)] if m]
            r = gtest(ctx, e.name, e.guts, e.average, mods, f"lying under fire from {f.gun}", "GUTS-HALT")
            if r.level == CRIT_SUCCESS:
                if e.status == GTG:
                    e.status = HTD
                    ctx.log(f"{e.name} steadies: back to hit the dirt", "GUTS-HALT", element=e.id)
            elif r.level in (FAIL, CRIT_FAIL):
                if e.status == HTD:
                    e.status = GTG
                    ctx.log(f"{e.name} goes to ground", "GUTS-HALT", element=e.id)
                elif e.status == GTG:
                    e.status = PINNED
                    ctx.log(f"{e.name} is pinned", "GUTS-HALT", element=e.id)
                elif e.status == PINNED and r.level == FAIL:
                    lose_guts(state, ctx, e, 1, "pinned under fire", "GUTS-D-PINFAIL")
                if r.level == CRIT_FAIL:
                    lose_guts(state, ctx, e, 1, "critical failure under fire", "GUTS-HALT")
                    if r.dice == [6, 6]:
                        casualties(state, ctx, e, None, 1, "GUTS-HALT")


def check_break(state: GutsState, ctx: Context) -> None:
    if state.result:
        return
    n = len(fighting_teams(state))
    if n < state.break_below:
        state.result = "loss"
        state.reason = f"the platoon breaks: only {n} teams still fighting"
        state.result_rule = "GUTS-D-VIC"
        ctx.log(state.reason, "GUTS-D-VIC", kind="outcome")


def end_turn(state: GutsState, ctx: Context) -> None:
    ctx.log(f"Turn {state.turn} ends", "GUTS-D-TURN", kind="turn")
    need_all = bool(D().enemy.get("victory", {}).get("require_all_revealed", True))
    all_turned = all(c.revealed for c in state.cards.values())
    if (all_turned or not need_all) and not active_guns(state):
        state.result = "win"
        state.reason = "every enemy position is cleared and no machine gun is firing"
        state.result_rule = "GUTS-D-VIC"
        ctx.log(state.reason, "GUTS-D-VIC", kind="outcome")
        return
    if state.turn >= state.turns:
        state.result = "loss"
        state.reason = f"the attack ran out of time after turn {state.turn}"
        state.result_rule = "GUTS-D-VIC"
        ctx.log(state.reason, "GUTS-D-VIC", kind="outcome")
        return
    state.turn += 1
    for e in state.elements.values():
        e.moved_last = e.moved
        e.moved = False
        e.acted = False
        e.pressing_on = False
        e.led = ""
        e.covers = []
        e.cover_type = ""
        e.cover_tried = []
    for g in state.guns.values():
        g.engaged_last = g.engaged_by
        g.engaged_by = ""
    state.last_move = None
    start_turn(state, ctx)


# =========================================================================== moving
@dataclass
class MoveResult:
    moving: bool
    status: str           # when halted: hit-the-dirt / gone-to-ground / pinned
    distance: float       # when moving
    casualties: int


def move_tests(state: GutsState, ctx: Context, e: Element, leader: Element | None, fires: list[Fire],
               what: str) -> MoveResult:
    """GUTS-MOVE / GUTS-MUF / GUTS-COVER / GUTS-XFIRE: the tests for one move."""
    lm = leader_mod(leader) if leader else None
    base = [lm] if lm else []
    if not fires:
        r = gtest(ctx, e.name, e.guts, e.average, base, what, "GUTS-MOVE")
        if r.level == CRIT_SUCCESS:
            return MoveResult(True, OK, float(e.guts), 0)
        if r.level == SUCCESS:
            return MoveResult(True, OK, float(r.raw), 0)
        return MoveResult(False, HTD, 0.0, 1 if r.level == CRIT_FAIL else 0)
    results: list[MoveResult] = []
    for f in fires:
        bm = band_mod(state, f)
        cov = next((c for c in e.covers if c.gun == f.gun), None)
        if cov is not None:
            mods = base + ([(MOD_BAR_COVER, "BAR covering fire")] if cov.bar else []) + ([bm] if bm else [])
            r = gtest(ctx, e.name, e.guts, e.average, mods, f"{what} under covering fire against {f.gun}",
                      "GUTS-COVER")
            if r.ok:
                results.append(MoveResult(True, OK, float(cov.rate), 0))
            else:
                results.append(MoveResult(False, HTD, 0.0, 1 if r.level == CRIT_FAIL else 0))
        else:
            mods = base + ([bm] if bm else [])
            r = gtest(ctx, e.name, e.guts, e.average, mods, f"{what} under fire from {f.gun}", "GUTS-MUF")
            if r.level == CRIT_SUCCESS:
                results.append(MoveResult(True, OK, float(r.raw), 0))
            elif r.level == SUCCESS:
                results.append(MoveResult(False, HTD, 0.0, 0))
            elif r.level == FAIL:
                results.append(MoveResult(False, GTG, 0.0, 0))
            else:
                cas = 1 if r.dice[0] == r.dice[1] and r.dice[0] >= 5 else 0
                results.append(MoveResult(False, GTG, 0.0, cas))
    cas = sum(r.casualties for r in results)
    halts = [r for r in results if not r.moving]
    if halts:
        st = max((r.status for r in halts), key=lambda s: STATUS_ORDER[s])
        return MoveResult(False, st, 0.0, cas)
    return MoveResult(True, OK, min(r.distance for r in results), cas)


def displace(state: GutsState, e: Element, dx: float, dy: float) -> tuple[tuple[float, float], tuple[float, float]]:
    W, H = float(D().table_doc["width"]), float(D().table_doc["height"])
    start = (e.x, e.y)
    e.x = round(min(max(e.x + dx, e.w / 2.0), W - e.w / 2.0), 6)
    e.y = round(min(max(e.y + dy, e.h / 2.0), H - e.h / 2.0), 6)
    return start, (e.x, e.y)


def carry_out(state: GutsState, ctx: Context, e: Element, leader: Element | None, to: tuple[float, float],
              distance: float, rule: str, skip_gun: str = "") -> None:
    """Move ``e`` up to ``distance`` towards ``to`` (its leader with it), then turn cards and
    wake silenced guns the move comes near."""
    sx, sy = e.x, e.y
    L = math.hypot(to[0] - sx, to[1] - sy)
    go = min(distance, L)
    dx, dy = ((to[0] - sx) / L * go, (to[1] - sy) / L * go) if L > 0 else (0.0, 0.0)
    start, end = displace(state, e, dx, dy)
    e.status = OK
    allowed = float(distance) if distance < 1e6 else go
    state.last_move = LastMove(element=e.id, start=list(start), end=list(end), allowed=allowed)
    ctx.log(f"{e.name} moves {math.hypot(end[0] - start[0], end[1] - start[1]):.1f} inches "
            f"(the dice allowed {allowed:g})" if distance < 1e6 else
            f"{e.name} closes {math.hypot(end[0] - start[0], end[1] - start[1]):.1f} inches",
            rule, kind="move", element=e.id, start=list(start), end=list(end))
    moved = [(e, start, end)]
    if leader is not None and not leader.out:
        ls, le = displace(state, leader, dx, dy)
        leader.status = OK
        moved.append((leader, ls, le))
    for m, a, b in moved:
        reveal_along(state, ctx, m, a, b)
    reopen_checks(state, ctx, moved, skip=skip_gun)


def halt(state: GutsState, ctx: Context, e: Element, leader: Element | None, status: str, rule: str) -> None:
    for m in [e] + ([leader] if leader is not None and not leader.out else []):
        if m.out or m.withdrawing:
            continue
        if STATUS_ORDER[status] > STATUS_ORDER.get(m.status, 0) or m is e:
            m.status = status
        ctx.log(f"{m.name}: {status.replace('-', ' ')}", rule, kind="status", element=m.id, status=status)


def begin_move(state: GutsState, e: Element, leader: Element | None) -> None:
    e.acted = True
    e.moved = True
    if leader is not None:
        leader.acted = True
        leader.led = e.id
        leader.moved = True


def do_advance(state: GutsState, ctx: Context, e: Element, to: tuple[float, float], leader: Element | None,
               gun: str = "") -> None:
    """A move (or the charge of a close assault on ``gun``) that has passed any leave-cover test."""
    start = (e.x, e.y)
    target = to
    if gun:
        g = state.guns[gun]
        target = assault_point(e, g)
    fires = path_fire(state, e, start, target)
    what = f"charges {gun}" if gun else "moves"
    res = move_tests(state, ctx, e, leader, fires, what)
    if res.casualties:
        casualties(state, ctx, e, leader, res.casualties, "GUTS-MUF" if fires else "GUTS-MOVE")
    if not e.fighting:
        return
    if res.moving:
        if gun:
            arrive_and_assault(state, ctx, e, leader, gun)
        else:
            carry_out(state, ctx, e, leader, target, res.distance, "GUTS-MUF" if fires else "GUTS-MOVE")
        return
    halt(state, ctx, e, leader, res.status, "GUTS-MUF" if fires else "GUTS-MOVE")
    if res.status == HTD and e.fighting:
        state.pending = Pending(kind="press-on", team=e.id, leader=leader.id if leader else "",
                                to=[target[0], target[1]], fires=fires, gun=gun)
        state.phase = "press-on"


def assault_point(e: Element, g: Gun) -> tuple[float, float]:
    """Where a charging team ends: base to base with the gun, on its own side."""
    gw, gh = D().gun(g.kind)["base"]
    dx, dy = e.x - g.x, e.y - g.y
    d = math.hypot(dx, dy) or 1.0
    off = max(e.w, e.h) / 2.0 + max(gw, gh) / 2.0
    if d <= off:
        return (e.x, e.y)
    return (g.x + dx / d * off, g.y + dy / d * off)


def press_on(state: GutsState, ctx: Context, e: Element, leader: Element | None) -> None:
    """GUTS-PRESS (and GUTS-XFIRE for each cone)."""
    p = state.pending
    assert p is not None
    state.pending = None
    state.phase = "orders"
    lm = leader_mod(leader) if leader else None
    base = [lm] if lm else []
    levels: list[Roll] = []
    if not p.fires:
        levels.append(gtest(ctx, e.name, e.guts, e.average, base, "presses on", "GUTS-PRESS"))
    for f in p.fires:
        bm = band_mod(state, f)
        cov = next((c for c in e.covers if c.gun == f.gun), None)
        mods = base + ([(MOD_BAR_COVER, "BAR covering fire")] if cov and cov.bar else []) + ([bm] if bm else [])
        levels.append(gtest(ctx, e.name, e.guts, e.average, mods, f"presses on under fire from {f.gun}",
                            "GUTS-PRESS"))
    lv = worst(r.level for r in levels)
    ncas = sum(1 for r in levels if r.level == CRIT_FAIL)
    if ncas:
        casualties(state, ctx, e, leader, ncas, "GUTS-PRESS")
    if not e.fighting:
        return
    if lv == CRIT_SUCCESS:
        e.pressing_on = True
        ctx.log(f"{e.name} ignores the fire and presses on", "GUTS-PRESS", kind="status", element=e.id)
        if p.gun and state.guns[p.gun].status != "out":
            arrive_and_assault(state, ctx, e, leader, p.gun)
        else:
            carry_out(state, ctx, e, leader, (p.to[0], p.to[1]), float(min(r.raw for r in levels)), "GUTS-PRESS")
        e.pressing_on = e.fighting
        return
    status = {SUCCESS: HTD, FAIL: GTG, CRIT_FAIL: PINNED}[lv]
    halt(state, ctx, e, leader, status, "GUTS-PRESS")


def leave_cover(state: GutsState, ctx: Context, e: Element, to: tuple[float, float], leader: Element | None) -> None:
    """GUTS-LEAVE: a team gone to ground tests to get up; if it does, it makes its move."""
    begin_move(state, e, leader)
    fires = fire_on(state, e)
    ok = leave_tests(state, ctx, e, leader, fires, [], "tries to leave cover")
    if not ok or not e.fighting:
        return
    e.status = HTD
    do_advance(state, ctx, e, to, leader)


def leave_tests(state: GutsState, ctx: Context, e: Element, leader: Element | None, fires: list[Fire],
                extra: list[tuple[int, str]], what: str) -> bool:
    lm = leader_mod(leader) if leader else None
    base = ([lm] if lm else []) + extra
    rolls = []
    if not fires:
        rolls.append(gtest(ctx, e.name, e.guts, e.average, base + [(MOD_OUTSIDE_CONE, "outside any cone")],
                           what, "GUTS-LEAVE"))
    for f in fires:
        rolls.append(gtest(ctx, e.name, e.guts, e.average, base, f"{what} (in {f.gun}'s cone)", "GUTS-LEAVE"))
    if all(r.ok for r in rolls):
        return True
    lose_guts(state, ctx, e, 1, "failed to leave cover", "GUTS-LEAVE")
    if fires and e.fighting:
        e.status = PINNED
        ctx.log(f"{e.name} is pinned", "GUTS-LEAVE", kind="status", element=e.id, status=PINNED)
    return False


# =========================================================================== fighting the guns
def arrive_and_assault(state: GutsState, ctx: Context, e: Element, leader: Element | None, gid: str) -> None:
    """GUTS-ASLT: the team reaches the gun, then fights it out."""
    g = state.guns[gid]
    carry_out(state, ctx, e, leader, assault_point(e, g), 1e9, "GUTS-ASLT", skip_gun=gid)
    if not e.fighting or g.status == "out":
        return
    r = gtest(ctx, e.name, e.guts, e.average, [], f"close assault on {gid}", "GUTS-ASLT")
    if r.level == CRIT_FAIL:
        ctx.log(f"{e.name} is wiped out at the gun pit", "GUTS-ASLT", element=e.id)
        remove(state, ctx, e, "killed in the close assault", "GUTS-ASLT")
        if leader is not None:
            remove(state, ctx, leader, "killed in the close assault", "GUTS-ASLT")
        return
    gun_out(ctx, g, f"overrun by {e.name}", "GUTS-ASLT")
    if r.level == FAIL:
        r2 = gtest(ctx, e.name, e.guts, e.average, [], "hard fighting at the gun: does it cost a man?", "GUTS-ASLT")
        if not r2.ok:
            casualties(state, ctx, e, leader, 1, "GUTS-ASLT")
    elif r.level == SUCCESS:
        lose_guts(state, ctx, e, 1, "the price of taking the position", "GUTS-ASLT")
    else:
        ctx.log(f"{e.name} takes the position without loss: a feat for the citations", "GUTS-ASLT")


def assault(state: GutsState, ctx: Context, e: Element, gid: str, leader: Element | None) -> None:
    begin_move(state, e, leader)
    do_advance(state, ctx, e, (e.x, e.y), leader, gun=gid)


def bar_silence(state: GutsState, ctx: Context, e: Element, gid: str, leader: Element | None) -> None:
    """GUTS-SIL-BAR."""
    g = state.guns[gid]
    e.acted = True
    if leader is not None:
        leader.acted = True
        leader.led = e.id
    g.engaged_by = e.id
    close = dist_to_gun(e, g) <= float(D().weapon(BAR)["close"]) + 1e-9
    mods: list[tuple[int, str]] = []
    if not fire_on(state, e):
        mods.append((MOD_SIL_NOT_UNDER_FIRE, "not under fire"))
    if close:
        mods.append((MOD_SIL_CLOSE, "close range"))
    if leader is not None:
        mods.append((MOD_SIL_LEADER, "leader present"))
    r = gtest(ctx, e.name, e.guts, e.average, mods, f"fires to silence {gid}", "GUTS-SIL-BAR")
    if r.level == CRIT_FAIL:
        e.status = PINNED
        ctx.log(f"{e.name} showed itself and is pinned down", "GUTS-SIL-BAR", kind="status", element=e.id, status=PINNED)
        casualties(state, ctx, e, leader, 1, "GUTS-SIL-BAR")
        if close:
            lose_guts(state, ctx, e, 1, "caught at close range", "GUTS-SIL-BAR")
    elif r.level == FAIL:
        e.status = GTG
        ctx.log(f"{e.name} goes to ground", "GUTS-SIL-BAR", kind="status", element=e.id, status=GTG)
        lose_guts(state, ctx, e, 1, "failed to silence the gun", "GUTS-SIL-BAR")
    else:
        silence(ctx, g, f"BAR fire from {e.name}", "GUTS-SIL-BAR")
        if r.level == CRIT_SUCCESS:
            gun_loses(state, ctx, g, 2 if close else 1, "GUTS-SIL-BAR")


def rocket_silence(state: GutsState, ctx: Context, e: Element, gid: str) -> None:
    """GUTS-SIL-AT: bazooka or recoilless rifle."""
    g = state.guns[gid]
    e.acted = True
    r = gtest(ctx, e.name, e.guts, e.average, [], f"fires at {gid}", "GUTS-SIL-AT")
    if r.level == CRIT_FAIL:
        remove(state, ctx, e, "shot down as it rose to fire", "GUTS-SIL-AT")
    elif r.level == FAIL:
        e.status = GTG
        ctx.log(f"{e.name} is driven to ground by the answering fire", "GUTS-SIL-AT", kind="status", element=e.id)
        lose_guts(state, ctx, e, 1, "driven to ground", "GUTS-SIL-AT")
    elif r.level == SUCCESS:
        gun_loses(state, ctx, g, 1, "GUTS-SIL-AT")
    else:
        silence(ctx, g, f"a hit from {e.name}", "GUTS-SIL-AT")


def grenade(state: GutsState, ctx: Context, e: Element, gid: str) -> None:
    """GUTS-SIL-GREN."""
    g = state.guns[gid]
    e.acted = True
    r = gtest(ctx, e.name, e.guts, e.average, [], f"throws grenades at {gid}", "GUTS-SIL-GREN")
    if r.level == CRIT_FAIL:
        ctx.log(f"{e.name}: the man with the grenade is shot down", "GUTS-SIL-GREN")
        casualties(state, ctx, e, None, 1, "GUTS-SIL-GREN")
    elif r.level == FAIL:
        ctx.log("The grenades do no harm", "GUTS-SIL-GREN")
    elif r.level == SUCCESS:
        silence(ctx, g, f"grenades from {e.name}", "GUTS-SIL-GREN")
    else:
        gun_out(ctx, g, f"grenades from {e.name}: silenced for good", "GUTS-SIL-GREN")
        if e.kind == RIFLE and e.fighting:
            state.pending = Pending(kind="follow-up", team=e.id, gun=gid)
            state.phase = "follow-up"


def follow_up(state: GutsState, ctx: Context, e: Element) -> None:
    """GUTS-SIL-GREN: a bayonet follow-up is a leave-cover test with a further -2."""
    p = state.pending
    assert p is not None
    state.pending = None
    state.phase = "orders"
    g = state.guns[p.gun]
    fires = fire_on(state, e)
    if leave_tests(state, ctx, e, None, fires, [(MOD_FOLLOW_UP, "bayonet follow-up")], "follows up with the bayonet"):
        carry_out(state, ctx, e, None, assault_point(e, g), 1e9, "GUTS-SIL-GREN", skip_gun=g.id)


def cover(state: GutsState, ctx: Context, teams: list[Element], mover: Element, gid: str,
          leader: Element | None) -> None:
    """GUTS-COVER."""
    g = state.guns[gid]
    lead = teams[0]
    kind = lead.kind
    for t in teams:
        t.acted = True
    if leader is not None:
        leader.acted = True
        leader.led = next((t.id for t in teams if is_with(leader, t)), lead.id)
    mover.cover_type = kind
    mover.cover_tried.append(gid)
    mods: list[tuple[int, str]] = []
    if kind == BAR:
        g.engaged_by = lead.id
        mods.append((MOD_COVER_PER_BAR * len(teams), f"{len(teams)} covering BAR{'s' if len(teams) > 1 else ''}"))
        close = float(D().weapon(BAR)["close"])
        if any(dist_to_gun(t, g) <= close + 1e-9 for t in teams):
            mods.append((MOD_COVER_BAR_CLOSE, "a BAR at close range"))
        if leader is not None:
            mods.append((MOD_COVER_PL_DIRECTS, "platoon leader directing"))
    elif leader is not None:
        mods.append((MOD_COVER_RIFLE_LEADER, "leader with the riflemen"))
    r = gtest(ctx, lead.name, lead.guts, lead.average, mods, f"covering fire on {gid} for {mover.name}", "GUTS-COVER")
    level = SUCCESS if (kind == RIFLE and r.level == CRIT_SUCCESS) else r.level
    if level == CRIT_SUCCESS:
        rate = mover.guts + r.raw
    elif level == SUCCESS:
        rate = mover.guts
    else:
        lose_guts(state, ctx, lead, 1, "covering fire failed", "GUTS-COVER")
        if level == CRIT_FAIL:
            casualties(state, ctx, lead, leader, 1, "GUTS-COVER")
        return
    mover.covers.append(Cover(gun=gid, rate=rate, bar=kind == BAR, teams=[t.id for t in teams]))
    ctx.log(f"{mover.name} may move {rate} inches under covering fire against {gid} this turn", "GUTS-COVER",
            kind="cover", element=mover.id, gun=gid, rate=rate)


def rally(state: GutsState, ctx: Context, leader: Element, team: Element) -> None:
    """GUTS-RALLY."""
    leader.acted = True
    if team.id != leader.id:
        team.acted = True
    r = gtest(ctx, leader.name, leader.guts, leader.average, [(MOD_RALLY, "rallying")],
              f"rallies {team.name if team.id != leader.id else 'himself'}", "GUTS-RALLY")
    if r.ok:
        team.status = HTD
        ctx.log(f"{team.name} is rallied: hit the dirt", "GUTS-RALLY", kind="status", element=team.id, status=HTD)
