"""The enemy's cards: dealt face down at set-up, turned when the platoon comes near, and a
silenced gun waking again (GUTS-SET, GUTS-REV, GUTS-REOPEN).
"""

from __future__ import annotations

import math
from typing import Any

from app.engine.game import Context
from app.games.guts import roll
from app.games.guts.data import RANKS, SUITS, slots_of
from app.games.guts.fire import aim, fighting, reach
from app.games.guts.geometry import (
    card_polygon,
    direction,
    first_within,
    polygon_distance,
    rect_point_distance,
)
from app.games.guts.roll import gtest
from app.games.guts.state import Card, Element, Gun, GutsState


# =========================================================================== set-up (GUTS-SET)
def deal_cards(state: GutsState, ctx: Context, spot_ids: list[str] | None,
               becomes_override: dict[str, str] | None = None) -> None:
    deck_cfg = roll.D().enemy["deck"]
    pics = set(deck_cfg["picture_ranks"])
    deck = [r + s for s in SUITS for r in RANKS]
    pictures = [c for c in deck if c[:-1] in pics]
    pic = ctx.pick(pictures, "one picture card is set aside", "GUTS-SET")
    rest = [c for c in deck if c != pic]
    ctx.shuffle(rest, "the rest of the pack", "GUTS-SET")
    hand = [ctx.draw(rest, "a card for the enemy line", "GUTS-SET", show=False) for _ in range(int(deck_cfg["draw"]))]
    hand.append(pic)
    ctx.shuffle(hand, "the picture card joins them", "GUTS-SET")
    spots = [s for s in roll.D().spots if spot_ids is None or s.id in spot_ids]
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
    reach = float(roll.D().enemy["deck"]["reveal_inches"])
    for c in state.cards.values():
        if c.revealed:
            continue
        if rect_point_distance(e.x, e.y, e.w, e.h, (c.fx, c.fy)) <= reach + 1e-9:
            turn_card(state, ctx, c, e)


def reveal_along(state: GutsState, ctx: Context, e: Element, a: tuple[float, float], b: tuple[float, float]) -> None:
    """GUTS-REV during a move: a face-down card turns the moment the base comes within range
    anywhere on its way from ``a`` to ``b``, not only where it stops (DECISIONS.md). Cards turn
    in the order the move reaches them."""
    reach = float(roll.D().enemy["deck"]["reveal_inches"])
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
    gd = roll.D().gun(c.becomes)
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
        close = float(roll.D().gun(g.kind)["bands"][0][1])
        who = next((e for e, a, b in moves if not e.out and _path_within(e, a, b, (g.x, g.y), close)), None)
        if who is None:
            continue
        r = gtest(ctx, f"{g.name} ({g.id})", g.guts, bool(roll.D().enemy["dice"].get("average")), [],
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
