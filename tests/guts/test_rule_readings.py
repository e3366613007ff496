"""Issue 16, item 6: two Take The High Ground! readings, each tested under its rule."""

from __future__ import annotations

import math

from app.games.guts import GAME
from app.games.guts import rules as R
from app.games.guts.data import bundle
from app.games.guts.geometry import card_polygon, polygon_distance, rect_point_distance

from tests.guts.helpers import Dice, add_card, bench, fresh, place

CW, CL = 2.5, 3.5


def test_guts_set_no_more_than_two_cards_within_four_inches_edge_to_edge() -> None:
    # two cards side by side on one position (centres 3" apart, edges 0.5" apart)
    a = card_polygon(0.0, 0.0, 90.0, CW, CL)
    b = card_polygon(3.0, 0.0, 90.0, CW, CL)
    # a third card whose centre is 6.4" from the nearer of them but whose edge is 3.9" away:
    # centres would call it another place; edges put it in the same one
    c = card_polygon(9.4, 0.0, 90.0, CW, CL)
    assert math.hypot(9.4 - 3.0, 0) > 4.0 and polygon_distance(b, c) < 4.0
    assert not R.placement_ok([a, b], c, 4.0, 2)
    # 4.1" from edge to edge is a separate place
    d = card_polygon(9.6, 0.0, 90.0, CW, CL)
    assert polygon_distance(b, d) > 4.0 and R.placement_ok([a, b], d, 4.0, 2)


def test_guts_set_dealt_cards_keep_the_edge_to_edge_spacing() -> None:
    deck = bundle().enemy["deck"]
    cw, cl = deck["card_size"]
    for seed in range(30):
        st = GAME.setup({"id": "m", "platoon": "marines"}, {}, seed)
        polys = {c.id: card_polygon(c.x, c.y, c.facing, cw, cl) for c in st.cards.values()}
        for cid, p in polys.items():
            near = [o for o, q in polys.items() if o != cid and polygon_distance(p, q) <= 4.0 + 1e-9]
            assert len(near) <= 1, (seed, cid, near)


def test_guts_rev_a_card_turns_when_a_team_passes_within_24_inches(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    c = add_card(st, "card-1", 30, 40, becomes="hmg", rank="K")
    e = place(st, "rifle-1a", 16, 16)            # nearest edge at y 16.5: 23.5" below the card at x 30
    start, end = (16.0, 16.0), (40.0, 16.0)
    assert rect_point_distance(*start, e.w, e.h, (30, 40)) > 24
    assert rect_point_distance(*end, e.w, e.h, (30, 40)) > 24   # the old check (where it stops) misses it
    ctx = Dice()
    R.carry_out(st, ctx, e, None, end, 24.0, "GUTS-MOVE")
    assert (e.x, e.y) == end
    assert c.revealed and "mg-1" in st.guns
    texts = [ev.text for ev in ctx.events]
    assert any("comes within 24 inches of card-1" in t for t in texts)
    assert any(ev.kind == "reveal" and ev.rule == "GUTS-REV" for ev in ctx.events)


def test_guts_rev_a_move_that_stays_outside_24_inches_turns_nothing(bare) -> None:
    st = fresh("army")
    bench(st, "rifle-1a")
    c = add_card(st, "card-1", 30, 40, becomes="hmg", rank="K")
    e = place(st, "rifle-1a", 16, 15)            # 24.5" at its closest
    R.carry_out(st, Dice(), e, None, (40.0, 15.0), 24.0, "GUTS-MOVE")
    assert not c.revealed and not st.guns
