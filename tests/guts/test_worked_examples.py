"""The worked example of the GUTS rules (the machine-gun cone switching targets), named after it."""

from __future__ import annotations

from app.games.guts import rules as R
from tests.guts.helpers import Dice, add_gun, bench, fresh, place


def test_guts_mg_cone_switch_example(bare) -> None:
    """Aiming example: the gun drives a team on its left to cover in one turn, then swings to a
    team closing on its right the next bound; once a BAR team fires on the gun, the cone is held
    on that BAR whoever else moves."""
    st = fresh("army")
    bench(st, "rifle-1a", "rifle-2a", "bar-1")
    g = add_gun(st, "mg-1", "hmg", 30, 40, heading=270)
    left = place(st, "rifle-1a", 22, 26)
    right = place(st, "rifle-2a", 38, 27)
    bar = place(st, "bar-1", 30, 24)
    # Turn 1: the team on the left is the one moving.
    R.aim(st, Dice(), g, movers={"rifle-1a"})
    c = R.cone_of(g)
    assert c.touches(left.x, left.y, left.w, left.h) and not c.touches(right.x, right.y, right.w, right.h)
    # Next bound: the left team has gone to ground; the team on the right closes.
    R.aim(st, Dice(), g, movers={"rifle-2a"})
    c = R.cone_of(g)
    assert c.touches(right.x, right.y, right.w, right.h) and not c.touches(left.x, left.y, left.w, left.h)
    # A BAR brings the gun under fire: the cone is pinned on it even while the right team moves.
    g.engaged_last = "bar-1"
    R.aim(st, Dice(), g, movers={"rifle-2a"}, answer=g.engaged_last)
    assert R.cone_of(g).touches(bar.x, bar.y, bar.w, bar.h)
