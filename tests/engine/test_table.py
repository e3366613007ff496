"""Table geometry against hand-computed cases, JSON round trip and validation."""

from __future__ import annotations

import copy
import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from app.engine.table import (
    Base,
    Cone,
    Feature,
    Table,
    TableError,
    centre_distance,
    cones_covering,
    distance_to_point,
    edge_distance,
    validate_table,
    within_radius,
)

approx = pytest.approx
BANDS = [("close", 8), ("effective", 16), ("long", 24)]


# ------------------------------------------------------------------ bases & distance
def test_square_to_square_edge_distance() -> None:
    a = Base.rect((0, 0), 1, 1)
    b = Base.rect((3, 0), 1, 1)
    assert edge_distance(a, b) == 2.0  # 3 centre-to-centre minus two half-widths
    assert centre_distance(a, b) == 3.0


def test_circle_to_square_and_circle() -> None:
    c = Base.circle((0, 0), 0.5)
    assert edge_distance(c, Base.rect((3, 0), 1, 1)) == approx(2.0)
    # square at (3, 3): nearest corner (2.5, 2.5) is 2.5*sqrt(2) from the centre, minus r
    assert edge_distance(c, Base.rect((3, 3), 1, 1)) == approx(2.5 * math.sqrt(2) - 0.5)
    assert edge_distance(c, Base.circle((0, 4), 0.5)) == approx(3.0)
    assert edge_distance(c, Base.circle((0, 0.9), 0.5)) == 0.0  # overlapping


def test_rotated_square() -> None:
    a = Base.rect((0, 0), 1, 1)
    diamond = Base.rect((3, 0), 1, 1, rotation=45)  # vertex points at a, sqrt(2)/2 from its centre
    assert edge_distance(a, diamond) == approx(3 - math.sqrt(2) / 2 - 0.5)
    # 90-degree turns are exact: a 2x1 turned 90 is 1 wide along x
    tall = Base.rect((3, 0), 2, 1, rotation=90)
    assert edge_distance(a, tall) == 2.0
    assert sorted(tall.corners()) == [(2.5, -1.0), (2.5, 1.0), (3.5, -1.0), (3.5, 1.0)]


def test_touching_and_overlapping_are_zero() -> None:
    a = Base.rect((0, 0), 1, 1)
    assert edge_distance(a, Base.rect((1, 0), 1, 1)) == 0.0  # edges touch
    assert edge_distance(a, Base.rect((0.5, 0.5), 1, 1)) == 0.0
    assert edge_distance(a, Base.rect((0, 0), 0.2, 0.2)) == 0.0  # inside


def test_distance_to_point() -> None:
    sq = Base.rect((0, 0), 1, 1)
    assert distance_to_point(sq, (3, 4)) == approx(math.sqrt(2.5 ** 2 + 3.5 ** 2))
    assert distance_to_point(sq, (0.2, 0.1)) == 0.0
    assert distance_to_point(Base.circle((0, 0), 1), (3, 4)) == approx(4.0)
    assert edge_distance((0, 0), Point(3, 4)) == 5.0


def test_within_radius_inclusive_and_skips_self() -> None:
    me = Base.rect((0, 0), 1, 1, id="me")
    at6 = Base.rect((7, 0), 1, 1, id="at6")       # edge distance exactly 6
    at6b = Base.circle((0, 7), 0.5, id="at6b")    # 7 - 0.5 - 0.5 = 6
    far = Base.rect((7.01, 0), 1, 1, id="far")
    bases = [me, at6, at6b, far]
    assert [b.id for b in within_radius(me, 6, bases)] == ["at6", "at6b"]
    assert [b.id for b in within_radius((0, 0), 6.5, bases)] == ["me", "at6", "at6b"]


def test_base_geometry_and_json() -> None:
    assert Base.rect((1, 1), 2, 1).geometry().area == approx(2.0)
    assert Base.circle((0, 0), 1).geometry().area == approx(math.pi, rel=1e-3)
    for b in (Base.rect((1, 2), 2, 1, 30, id="x"), Base.circle((3, 4), 0.5)):
        assert Base.from_json(json.loads(json.dumps(b.to_json()))) == b
    with pytest.raises(ValueError):
        Base.rect((0, 0), 0, 1)


# ------------------------------------------------------------------ cones
HMG = Cone((0, 0), 0, 24, 5)  # 5" wide at 24": half-width 1.25 at 12"


def test_cone_polygon() -> None:
    assert HMG.polygon().area == approx(0.5 * 24 * 5)
    assert HMG.half_width_at(12) == 1.25
    assert HMG.half_angle_deg == approx(math.degrees(math.atan(2.5 / 24)))


def test_cone_contains_points() -> None:
    assert HMG.contains((12, 0))
    assert HMG.contains((12, 1.2)) and HMG.contains((12, -1.2))
    assert not HMG.contains((12, 1.3)) and not HMG.contains((12, -1.3))
    assert HMG.contains((24, 2.5))  # far corner, on the template edge
    assert not HMG.contains((24.1, 0)) and not HMG.contains((-0.1, 0))


def test_cone_contains_any_part_of_base() -> None:
    # (12, 1.3) is 1.2/sqrt(24^2 + 2.5^2) = 0.04973" outside the cone edge
    gap = 1.2 / math.hypot(24, 2.5)
    assert HMG.contains(Base.circle((12, 1.3), gap + 0.001))
    assert not HMG.contains(Base.circle((12, 1.3), gap - 0.001))
    assert HMG.contains(Base.rect((12, 1.75), 1, 1))  # corner (12.5, 1.25) pokes in
    assert not HMG.contains(Base.rect((12, 2.0), 1, 1))  # bottom edge y=1.5 > 1.302 at x=12.5


def test_cone_turned_north() -> None:
    c = Cone((10, 10), 90, 24, 5)
    assert c.contains((10, 22)) and c.contains((11.2, 22))
    assert not c.contains((11.3, 22)) and not c.contains((10, 9))


def test_band_boundaries_are_inclusive() -> None:
    assert HMG.band((8, 0), BANDS) == "close"
    assert HMG.band((8.001, 0), BANDS) == "effective"
    assert HMG.band((16, 0), BANDS) == "effective"
    assert HMG.band((16.001, 0), BANDS) == "long"
    assert HMG.band((24, 0), BANDS) == "long"
    assert HMG.band((3, 0), BANDS) == "close"
    assert HMG.band((12, 1.3), BANDS) is None  # outside the cone
    assert HMG.band((20, 0), BANDS[:2]) is None  # beyond every band


def test_band_uses_nearest_part_of_base_inside_cone() -> None:
    assert HMG.band(Base.rect((8.5, 0), 1, 1), BANDS) == "close"      # front edge at exactly 8
    assert HMG.band(Base.rect((9, 0), 1, 1), BANDS) == "effective"    # front edge at 8.5
    assert HMG.band(Base.circle((16.5, 0), 0.5), BANDS) == "effective"  # nearest point at 16
    # Base poking in at its corner: inside part is the triangle (12,1.25),(12.5,1.25),(12.5,1.302);
    # its nearest point to the apex is (12, 1.25), sqrt(144 + 1.5625) = 12.0649" away.
    poke = Base.rect((12, 1.75), 1, 1)
    assert HMG.range_to(poke) == approx(math.hypot(12, 1.25))
    assert HMG.band(poke, [("a", 12), ("b", 13)]) == "b"
    assert HMG.range_to(poke, measure="axial") == approx(12.0)
    assert HMG.band(poke, [("a", 12), ("b", 13)], measure="axial") == "a"


def test_triangle_corner_radial_versus_axial() -> None:
    corner = (23.9, 2.4)  # inside: half-width at 23.9 is 2.4896; but 24.02" from the apex
    assert HMG.contains(corner)
    assert HMG.band(corner, BANDS) is None
    assert HMG.band(corner, BANDS, measure="axial") == "long"


def test_sector_variant() -> None:
    s = Cone.sector((0, 0), 0, 10, 45)
    assert s.is_sector and s.half_angle_deg == 45
    assert s.polygon().area == approx(math.pi * 100 / 4, rel=1e-3)
    assert s.contains((9.9, 0)) and s.contains((10, 0))
    assert s.contains((7, 7))            # on the 45-degree edge, 9.9" out
    assert not s.contains((5, 5.2))      # just past 45 degrees
    assert not s.contains((7.1, 7.1))    # 10.04" out
    assert not s.contains((0, 9))
    assert s.band((9, 0.5), [("near", 5), ("far", 10)]) == "far"
    with pytest.raises(ValueError):
        Cone.sector((0, 0), 0, 10, 0)


def test_overlapping_cones_count() -> None:
    left = Cone((0, 0), 0, 24, 5, id="left")
    right = Cone((0, 10), -45, 24, 5, id="right")   # points down-right through (7.07, 2.93)
    behind = Cone((0, 0), 180, 24, 5, id="behind")
    target = Base.rect((7, 3), 1, 1)
    hit = cones_covering(target, [left, right, behind])
    assert [c.id for c in hit] == ["right"]
    target2 = Base.circle((10, 0), 0.5)               # on left's axis; right passes y=0 at x=10
    assert [c.id for c in cones_covering(target2, [left, right, behind])] == ["left", "right"]
    assert cones_covering((-5, 0), [left, right, behind]) == [behind]


# ------------------------------------------------------------------ line of sight
def make_table() -> Table:
    return Table(48, 36, [
        Feature.polygon("wood-1", "woods", [(10, 10), (14, 10), (14, 14), (10, 14)], name="Big Wood",
                        blocks_los=True, cover="soft"),
        Feature.polygon("wood-2", "woods", [(20, 10), (22, 10), (22, 14), (20, 14)], blocks_los=True),
        Feature.polygon("copse", "copse", [(30, 10), (32, 10), (32, 14), (30, 14)], blocks_los=False),
        Feature.line("wall-1", "wall", [(40, 0), (40, 20)], blocks_los=True),
        Feature.line("road-1", "road", [(0, 30), (48, 30)], width=1.0),
    ])


def test_los_blocked_by_wood_between() -> None:
    t = make_table()
    assert t.line_of_sight((5, 12), (18, 12)) == (False, "wood-1")
    assert t.line_of_sight((18, 12), (5, 12)) == (False, "wood-1")


def test_los_clear_beside_wood_and_when_grazing() -> None:
    t = make_table()
    assert t.line_of_sight((5, 16), (18, 16)) == (True, None)
    assert t.line_of_sight((5, 14), (18, 14)) == (True, None)  # runs along the top edge
    assert t.line_of_sight((12, 16), (16, 12)) == (True, None)  # touches only the corner (14, 14)
    assert t.line_of_sight((8, 16), (16, 8)) == (False, "wood-1")  # cuts through the corner


def test_los_from_and_into_a_wood() -> None:
    t = make_table()
    assert t.line_of_sight((12, 12), (18, 12)) == (True, None)   # see out of the wood you stand in
    assert t.line_of_sight((5, 12), (12, 12)) == (True, None)    # see into the target's wood
    assert t.line_of_sight((11, 11), (13, 13)) == (True, None)   # both in the same wood
    assert t.line_of_sight((12, 12), (25, 12)) == (False, "wood-2")  # out of one, through another
    assert t.line_of_sight(Base.rect((12, 12), 1, 1), Base.circle((18, 12), 0.5)) == (True, None)


def test_los_blockers_ordered_and_ignorable() -> None:
    t = make_table()
    assert t.los_blockers((5, 12), (45, 12)) == ["wood-1", "wood-2", "wall-1"]  # copse doesn't block
    assert t.los_blockers((45, 12), (5, 12)) == ["wall-1", "wood-2", "wood-1"]
    assert t.line_of_sight((5, 12), (18, 12), ignore=["wood-1"]) == (True, None)


def test_los_wall() -> None:
    t = make_table()
    assert t.line_of_sight((35, 5), (45, 5)) == (False, "wall-1")
    assert t.line_of_sight((40, 5), (45, 5)) == (True, None)   # standing at the wall sees over it
    assert t.line_of_sight((35, 25), (45, 25)) == (True, None)  # past the wall's end


def test_los_concave_wood_reentry_blocks() -> None:
    u_wood = Feature.polygon("u", "woods", [(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)],
                             blocks_los=True)
    t = Table(10, 10, [u_wood])
    assert t.line_of_sight((1, 4), (3, 4)) == (True, None)     # from one arm into the clearing
    assert t.line_of_sight((1, 4), (8, 4)) == (False, "u")     # re-enters the other arm and leaves it
    assert t.line_of_sight((1, 4), (5, 4)) == (True, None)     # target stands in the other arm: seen into


def test_features_at() -> None:
    t = make_table()
    assert [f.id for f in t.features_at((12, 12))] == ["wood-1"]
    assert [f.id for f in t.features_at((20, 30.4))] == ["road-1"]
    assert [f.id for f in t.features_at(Base.rect((17, 12), 6.2, 1))] == ["wood-1", "wood-2"]
    assert t.features_at((5, 5)) == []
    assert t.on_table(Base.rect((0.5, 0.5), 1, 1)) and not t.on_table(Base.rect((0.4, 0.5), 1, 1))


# ------------------------------------------------------------------ movement
def road_table() -> Table:
    return Table(48, 36, [
        Feature.line("road-1", "road", [(0, 10), (48, 10)], width=1.0),
        Feature.polygon("wood-1", "woods", [(9, 15), (11, 15), (11, 17), (9, 17)]),
        Feature.line("river", "river", [(0, 25), (48, 25)]),
    ])


def test_path_half_along_road() -> None:
    t = road_table()
    # 10" along the road's centre line, then 10" straight off it: the first 0.5" of the
    # second leg is still inside the 1"-wide road.
    split = t.path_length_by_terrain([(0, 10), (10, 10), (10, 20)])
    assert split == {"road": approx(10.5), "off-road": approx(9.5), "woods": approx(2.0)}
    assert split["road"] + split["off-road"] == approx(20.0)


def test_path_split_simple_and_doubling_back() -> None:
    t = road_table()
    assert t.path_length_by_terrain([(5, 10), (8, 10)]) == {"road": approx(3.0), "off-road": approx(0.0)}
    back = t.path_length_by_terrain([(5, 10), (8, 10), (5, 10)])
    assert back["road"] == approx(6.0)
    assert t.path_length_by_terrain([(5, 5)]) == {"road": 0.0, "off-road": 0.0}
    # default road width 1" when not given
    t2 = Table(48, 36, [Feature.line("r", "road", [(0, 10), (48, 10)])])
    assert t2.path_length_by_terrain([(5, 9), (5, 11)])["road"] == approx(1.0)


def test_move_cost_frozen_chosin_rates() -> None:
    t = road_table()
    rates = {"road": 12, "off-road": 6}
    assert t.move_cost_inches([(0, 10), (6, 10)], rates) == approx(0.5)
    assert t.move_cost_inches([(0, 10), (6, 10), (6, 13.5)], rates) == approx(6.5 / 12 + 3 / 6)
    assert t.move_cost_inches([(0, 10), (10, 10), (10, 20)], rates) == approx(10.5 / 12 + 9.5 / 6)
    with_woods = dict(rates, woods=3)
    assert t.move_cost_inches([(0, 10), (10, 10), (10, 20)], with_woods) == approx(10.5 / 12 + 2 / 3 + 7.5 / 6)
    assert t.move_cost_inches([(10, 16), (10, 20)], dict(rates, woods=0)) == math.inf
    with pytest.raises(ValueError):
        t.move_cost_inches([(0, 0), (1, 1)], {"road": 12})


def test_lines_crossed() -> None:
    t = road_table()
    assert t.lines_crossed([(5, 5), (5, 30)]) == ["road-1", "river"]
    assert t.lines_crossed([(5, 5), (5, 30)], kinds=["river"]) == ["river"]
    assert t.lines_crossed([(5, 12), (5, 20)]) == []


def test_reachable_region() -> None:
    lake = Feature.polygon("lake", "lake", [(22, 22), (26, 22), (26, 26), (22, 26)], impassable=True)
    cliff = Feature.line("cliff", "cliff", [(0, 10), (48, 10)], impassable=True)
    t = Table(48, 36, [lake, cliff])
    open_disc = t.reachable_region((24, 30), 3)
    assert open_disc.area == approx(math.pi * 9, rel=1e-3)
    holed = t.reachable_region((24, 19), 8)  # lake's far corner (26, 26) is 7.28" away: a hole in the disc
    assert holed.area == approx(math.pi * 64 - 16, rel=1e-3)
    assert not holed.contains(Point(24, 24))
    corner = t.reachable_region((1, 35), 2)      # clipped by the table edges
    assert corner.area < math.pi * 4 * 0.75
    cut = t.reachable_region(Base.circle((24, 14), 0.5), 6)  # cliff at y=10 cuts the disc
    assert cut.contains(Point(24, 11)) and not cut.contains(Point(24, 9))
    assert t.reachable_region((24, 24), 3).is_empty  # standing in the lake
    assert t.reachable_region((24, 30), 3, obstacles=[]).area == approx(math.pi * 9, rel=1e-3)


# ------------------------------------------------------------------ JSON
def table_doc() -> dict:
    return {
        "kind": "table", "version": 1, "width": 48, "height": 36, "units": "in",
        "features": [
            {"id": "hill-1", "kind": "hill", "name": "Hill 1282", "polygon": [[10, 10], [20, 10], [15, 18]],
             "attrs": {"elevation": 2, "blocks_los": True}},
            {"id": "lake-1", "kind": "lake", "polygon": [[30, 20], [40, 20], [40, 30], [30, 30]],
             "holes": [[[34, 24], [36, 24], [36, 26]]], "attrs": {"impassable": True}, "colour": "blue"},
            {"id": "road-1", "kind": "road", "line": [[0, 5], [24, 5.5], [48, 5]], "attrs": {"width": 1.0}},
        ],
        "labels": [{"text": "Toktong Pass", "x": 5, "y": 33}],
        "scenario": "Fox Hill",
    }


def test_json_round_trip() -> None:
    d = table_doc()
    t = Table.from_json(d)
    assert t.to_json() == d
    assert Table.from_json(t.dumps()).to_json() == d
    assert t.feature("hill-1").name == "Hill 1282" and t.feature("hill-1").blocks_los
    assert t.feature("lake-1").geometry.area == approx(100 - 2)
    assert [f.id for f in t.features("road")] == ["road-1"]
    assert t.to_json()["features"][1]["colour"] == "blue"  # unknown keys preserved


def test_built_table_serialises() -> None:
    t = make_table()
    data = t.to_json()
    assert validate_table(data) == []
    assert Table.from_json(json.loads(json.dumps(data))).to_json() == data
    with pytest.raises(TableError):
        t.add_feature(Feature.polygon("wood-1", "woods", [(0, 0), (1, 0), (1, 1)]))
    with pytest.raises(TableError):
        t.add_feature(Feature.polygon("off", "woods", [(0, 0), (50, 0), (1, 1)]))


def _problems(mutate) -> list[tuple[str, str]]:
    d = copy.deepcopy(table_doc())
    mutate(d)
    return validate_table(d)


def _feat(d: dict, i: int) -> dict:
    return d["features"][i]


@pytest.mark.parametrize("mutate, path, fragment", [
    (lambda d: _feat(d, 0).update(polygon=[[10, 10], [20, 20], [20, 10], [10, 20]]),
     "features[0].polygon", "self-intersection at (15, 15)"),
    (lambda d: _feat(d, 0).update(polygon=[[10, 10], [20, 10]]), "features[0].polygon", "at least 3"),
    (lambda d: _feat(d, 0).update(polygon=[[10, 10], [15, 15], [20, 20]]), "features[0].polygon", "no area"),
    (lambda d: _feat(d, 0).update(polygon=[[10, 10], [50, 10], [15, 18]]),
     "features[0].polygon[1]", "point (50, 10) is off the 48x36 table"),
    (lambda d: _feat(d, 2).update(line=[[0, 5], [24, -1]]), "features[2].line[1]", "off the 48x36 table"),
    (lambda d: _feat(d, 2).update(line=[[0, 5]]), "features[2].line", "at least 2"),
    (lambda d: _feat(d, 2).update(line=[[3, 5], [3, 5]]), "features[2].line", "zero length"),
    (lambda d: _feat(d, 2).update(line=[[3, "a"], [3, 5]]), "features[2].line[0]", "[x, y]"),
    (lambda d: _feat(d, 1).update(holes=[[[34, 24], [36, 24], [36, 40]]]), "features[1].holes[0][2]",
     "off the"),
    (lambda d: _feat(d, 1).update(holes=[[[29, 24], [36, 24], [36, 26]]]), "features[1].polygon",
     "self-intersection"),
    (lambda d: d["features"].append({"id": "c", "kind": "copse", "circle": [5, 5, 1]}),
     "features[3].circle", "unknown geometry 'circle'"),
    (lambda d: d["features"].append({"id": "c", "kind": "copse"}), "features[3]", "missing geometry"),
    (lambda d: _feat(d, 0).update(line=[[0, 0], [1, 1]]), "features[0]", "both polygon and line"),
    (lambda d: _feat(d, 2).update(holes=[]), "features[2].holes", "only polygons"),
    (lambda d: _feat(d, 2).update(id="hill-1"), "features[2].id", "duplicate feature id 'hill-1'"),
    (lambda d: _feat(d, 2).pop("kind"), "features[2].kind", "missing"),
    (lambda d: _feat(d, 0)["attrs"].update(blocks_los="yes"), "features[0].attrs.blocks_los", "true or false"),
    (lambda d: _feat(d, 2)["attrs"].update(width=-1), "features[2].attrs.width", "non-negative"),
    (lambda d: _feat(d, 0)["attrs"].update(elevation="high"), "features[0].attrs.elevation", "number"),
    (lambda d: _feat(d, 0).update(attrs=[1]), "features[0].attrs", "object"),
    (lambda d: d.update(units="cm"), "units", "inches"),
    (lambda d: d.update(width=0), "width", "positive"),
    (lambda d: d.update(kind="pointgraph"), "kind", "expected 'table'"),
    (lambda d: d.update(version=9), "version", "unsupported"),
    (lambda d: d.update(features={}), "features", "must be a list"),
    (lambda d: d["labels"].append({"text": "x", "x": "left"}), "labels[1].x", "finite number"),
])
def test_validation_finds_each_error(mutate, path: str, fragment: str) -> None:
    problems = _problems(mutate)
    assert any(p == path and fragment in m for p, m in problems), problems


def test_valid_doc_and_from_json_raises() -> None:
    assert validate_table(table_doc()) == []
    d = table_doc()
    d["features"][0]["polygon"] = [[10, 10], [20, 20], [20, 10], [10, 20]]
    d["features"][2]["circle"] = d["features"][2].pop("line")
    with pytest.raises(TableError) as err:
        Table.from_json(d)
    assert [p for p, _ in err.value.problems] == ["features[0].polygon", "features[2].circle"]
    assert validate_table("nope") == [("", "document must be a JSON object")]


# ------------------------------------------------------------------ properties
coord = st.floats(-10, 10, allow_nan=False)
rects = st.builds(lambda x, y, w, h, r: Base.rect((x, y), w, h, r), coord, coord,
                  st.floats(0.2, 3), st.floats(0.2, 3), st.floats(0, 360, exclude_max=True))
circles = st.builds(lambda x, y, r: Base.circle((x, y), r), coord, coord, st.floats(0.1, 2))
bases = st.one_of(rects, circles)


@settings(derandomize=True, max_examples=100, deadline=None)
@given(bases, bases)
def test_edge_distance_symmetric_and_at_most_centre_distance(a: Base, b: Base) -> None:
    d = edge_distance(a, b)
    assert d >= 0
    assert d == approx(edge_distance(b, a), abs=1e-9)
    assert d <= centre_distance(a, b) + 1e-9


@settings(derandomize=True, max_examples=100, deadline=None)
@given(bases, bases, st.floats(0, 1), st.floats(0, 1))
def test_edge_distance_zero_when_overlapping(a: Base, b: Base, u: float, v: float) -> None:
    # move b's centre to a point inside a: they must overlap
    minx, miny, maxx, maxy = a.geometry().bounds
    p = Point(minx + u * (maxx - minx), miny + v * (maxy - miny))
    if a.geometry().contains(p):
        assert edge_distance(a, b.moved((p.x, p.y))) == 0.0
    if a.geometry().intersects(b.geometry()):
        assert edge_distance(a, b) == 0.0
