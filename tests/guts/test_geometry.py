"""Cones, range bands, overlapping cones and sight, against hand-computed cases and the engine."""

from __future__ import annotations

import math

import pytest

from app.engine.rng import Rng
from app.engine.table import Base, Cone, Table
from app.games.guts import rules as R
from app.games.guts.data import bundle
from app.games.guts.geometry import (
    ConeShape,
    Sight,
    rect_point_distance,
    rect_rect_distance,
    segment_clip,
)
from tests.guts.helpers import add_gun, bench, fresh, place

HMG_BANDS = [("close", 8.0), ("effective", 16.0), ("long", 24.0)]
LMG_BANDS = [("close", 6.0), ("effective", 12.0), ("long", 18.0)]


def hmg(apex=(0.0, 0.0), heading=0.0) -> ConeShape:
    return ConeShape(apex, heading, 24.0, 5.0, HMG_BANDS)


# ------------------------------------------------------------------ GUTS-CONE: the template
def test_hmg_cone_is_five_inches_wide_at_24() -> None:
    c = hmg()
    xs = sorted(c.tri)
    assert xs[0] == (0.0, 0.0)
    far = sorted(p for p in c.tri if p != (0.0, 0.0))
    assert far == [(24.0, -2.5), (24.0, 2.5)]
    # half width 1.25 at 12" (1.302 at 12.5"): a 1x1 base at x=12 whose near edge is at 1.2 is
    # in; at 1.30 it still catches the cone with its far corner; at 1.4 it is out
    assert c.touches(12, 1.7, 1, 1)
    assert c.touches(12, 1.80, 1, 1)
    assert not c.touches(12, 1.9, 1, 1)
    # the far edge is square to the axis at 24"
    assert c.touches(24.4, 0, 1, 1) and not c.touches(24.6, 0, 1, 1)
    # nothing behind the gun
    assert not c.touches(-2, 0, 1, 1)


def test_lmg_cone_width_from_data() -> None:
    d = bundle().gun("lmg")
    assert (d["cone_length"], d["cone_width"]) == (18.0, 6.0)
    c = ConeShape((0, 0), 90, d["cone_length"], d["cone_width"], LMG_BANDS)
    # pointing north: half width 1.5 at 9"
    assert c.touches(1.9, 9, 1, 1) and not c.touches(2.1, 9, 1, 1)


@pytest.mark.parametrize("x, band", [(8.5, "close"), (8.51, "effective"), (16.5, "effective"),
                                     (16.6, "long"), (24.5, "long")])
def test_hmg_range_bands_measured_to_the_nearest_part_of_the_base(x: float, band: str) -> None:
    # a 1x1 base on the axis: its near edge is 0.5 closer than its centre
    assert hmg().band(x, 0, 1, 1) == band


@pytest.mark.parametrize("x, band", [(6.5, "close"), (6.6, "effective"), (12.5, "effective"),
                                     (12.6, "long"), (18.4, "long")])
def test_lmg_range_bands(x: float, band: str) -> None:
    c = ConeShape((0, 0), 0, 18, 6, LMG_BANDS)
    assert c.band(x, 0, 1, 1) == band


def test_band_uses_the_part_inside_the_cone() -> None:
    # base 2 wide centred 1.6 off the axis at 8.4": its nearest corner (7.9, 0.6) is in the cone
    c = hmg()
    assert c.band(8.4, 1.6, 1, 2) == "close"
    # moved out, its nearest corner (7.9, 0.85) is 7.95" away but outside the cone; the part
    # inside starts where the half width reaches 0.85 (x = 8.16), 8.2" from the gun
    assert c.band(8.4, 1.85, 1, 2) == "effective"


def test_agrees_with_engine_cone_on_random_bases() -> None:
    rng = Rng.from_seed(7)
    for _ in range(400):
        apex = (rng.randint(0, 4000) / 100, rng.randint(0, 4000) / 100)
        heading = rng.randint(0, 35999) / 100
        kind = ("hmg", "lmg")[rng.below(2)]
        d = bundle().gun(kind)
        mine = ConeShape(apex, heading, d["cone_length"], d["cone_width"], [tuple(b) for b in d["bands"]])
        eng = Cone(apex, heading, d["cone_length"], d["cone_width"])
        cx = apex[0] + rng.randint(-2600, 2600) / 100
        cy = apex[1] + rng.randint(-2600, 2600) / 100
        w, h = (2.0, 1.0) if rng.below(2) else (1.0, 1.0)
        base = Base.rect((cx, cy), w, h)
        assert mine.touches(cx, cy, w, h) == eng.contains(base), (apex, heading, cx, cy)
        if eng.contains(base):
            assert mine.range_to(cx, cy, w, h) == pytest.approx(eng.range_to(base), abs=1e-6)
            want = eng.band(base, [tuple(b) for b in d["bands"]]) or d["bands"][-1][0]
            assert mine.band(cx, cy, w, h) == want
            assert mine.band_touching(cx, cy, w, h) == want


def test_path_interval_of_a_move_across_a_cone() -> None:
    c = hmg()
    # a 1x1 base walking south to north across the cone at x=12 (half width 1.25)
    iv = c.path_interval((12, -5), (12, 5), 1, 1)
    assert iv is not None
    t0, t1 = iv
    edge = 1.25 * 12.5 / 12 + 0.5   # the base's far corner meets the cone edge
    assert -5 + 10 * t0 == pytest.approx(-edge)
    assert -5 + 10 * t1 == pytest.approx(edge)
    assert c.path_interval((12, 3), (12, 8), 1, 1) is None
    assert segment_clip((0, 0), (1, 0), [(2, -1), (3, -1), (3, 1), (2, 1)]) is None


def test_distances_edge_to_edge() -> None:
    assert rect_point_distance(0, 0, 2, 1, (4, 0)) == 3.0
    assert rect_point_distance(0, 0, 2, 1, (4, 4.5)) == pytest.approx(5.0)
    assert rect_rect_distance((0, 0, 2, 1), (5, 0, 2, 1)) == 3.0
    assert rect_rect_distance((0, 0, 2, 1), (1, 0.5, 1, 1)) == 0.0


# ------------------------------------------------------------------ GUTS-XFIRE: overlapping cones
def test_overlapping_cones_each_count(bare) -> None:
    st = fresh()
    bench(st, "rifle-1a")
    add_gun(st, "mg-1", "hmg", 28.5, 40, heading=270)
    add_gun(st, "mg-2", "hmg", 31.5, 40, heading=270)
    place(st, "rifle-1a", 30, 30)   # between the two axes, 10" down: both cones reach it
    fires = R.fire_on(st, st.elements["rifle-1a"])
    assert sorted(f.gun for f in fires) == ["mg-1", "mg-2"]
    assert {f.band for f in fires} == {"effective"}
    place(st, "rifle-1a", 26.6, 30)  # only the western cone (it spans x 27.51-29.49 at 9.5")
    assert [f.gun for f in R.fire_on(st, st.elements["rifle-1a"])] == ["mg-1"]


def test_path_fire_reports_the_closest_band_crossed(bare) -> None:
    st = fresh()
    bench(st, "rifle-1a")
    add_gun(st, "mg-1", "hmg", 30, 40, heading=270)
    e = place(st, "rifle-1a", 20, 33)
    # a move east across the cone 7" below the gun passes through the close band
    fires = R.path_fire(st, e, (20, 33), (40, 33))
    assert [(f.gun, f.band) for f in fires] == [("mg-1", "close")]
    # a move that stays west of the cone does not
    assert R.path_fire(st, e, (20, 33), (20, 20)) == []


# ------------------------------------------------------------------ sight (GUTS-D-LOS)
def test_sight_matches_engine_line_of_sight_on_the_real_table() -> None:
    doc = bundle().table_doc
    table = Table.from_json(doc)
    sight = Sight(doc["features"])
    rng = Rng.from_seed(11)
    viewers = [(s.x, s.y - 1.75) for s in bundle().spots]
    checked = blocked = 0
    for v in viewers:
        for _ in range(60):
            p = (rng.randint(50, 4750) / 100, rng.randint(50, 5950) / 100)
            ok, _b = table.line_of_sight(v, p)
            assert sight.visible(v, p) == ok, (v, p)
            checked += 1
            blocked += not ok
    assert checked == 60 * len(viewers) and blocked > 20


def test_crest_gives_dead_ground_behind_it() -> None:
    sight = bundle().sight
    west_bunker = (8.0, 39.75)
    assert not sight.visible(west_bunker, (9.0, 22.0))   # behind the west spur crest
    assert sight.visible(west_bunker, (9.0, 29.0))       # in front of it
    assert sight.visible(west_bunker, (9.0, 27.2))       # standing on the crest itself


def test_gun_that_cannot_see_a_base_does_not_fire_on_it() -> None:
    st = fresh()
    bench(st, "rifle-1a")
    g = add_gun(st, "mg-1", "hmg", 9.0, 39.75, heading=270)
    assert R.cone_of(g).touches(9.0, 22.0, 2, 1)
    place(st, "rifle-1a", 9.0, 22.0)
    assert R.fire_on(st, st.elements["rifle-1a"]) == []
    place(st, "rifle-1a", 9.0, 30.0)
    assert [f.gun for f in R.fire_on(st, st.elements["rifle-1a"])] == ["mg-1"]


def test_cone_heading_math() -> None:
    c = hmg((10, 10), 90)
    assert c.touches(10, 30, 1, 1) and not c.touches(10, -10, 1, 1)
    assert math.isclose(c.length, 24)
