"""The Frozen Chosin table (resources/frozen-chosin/table.json): valid, to scale, and shaped the way
the rules need it (issue 14, deliverable 1; decisions in resources/frozen-chosin/DECISIONS.md)."""

from __future__ import annotations

import importlib.util
import json
from itertools import combinations
from pathlib import Path

import pytest
from shapely.geometry import LineString, Point, Polygon

from app.engine.schemas import TABLE_SCHEMA, schema_problems
from app.engine.table import Table, TableError, validate_table

ROOT = Path(__file__).resolve().parents[2]
PATH = ROOT / "resources" / "frozen-chosin" / "table.json"
PLACE_IDS = ["yudam-ni", "toktong-pass", "hagaru-ri", "koto-ri", "funchilin-pass", "chinhung-ni",
             "hudong-ni", "sinhung-ni"]
INCHES_PER_MILE = 2.0


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(PATH.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def table(data) -> Table:
    return Table.from_json(data)


def centre(table: Table, fid: str) -> tuple[float, float]:
    c = table.feature(fid).geometry.centroid
    return (c.x, c.y)


def road_inches(table: Table, *ids: str) -> float:
    return sum(table.feature(i).geometry.length for i in ids)


def test_file_validates_against_engine_and_schema(data, table):
    assert validate_table(data) == []
    assert schema_problems(data, TABLE_SCHEMA) == []
    assert (table.width, table.height) == (72, 48) and data["units"] == "in"
    assert data["scale"]["inches_per_mile"] == INCHES_PER_MILE


def test_every_place_id_present_as_a_small_named_polygon(table):
    for pid in PLACE_IDS:
        f = table.feature(pid)
        assert f.kind == "place" and not f.is_line
        assert isinstance(f.attrs.get("name"), str) and f.attrs["name"]
        assert f.geometry.area <= 1.0  # small: a marker, not a town
    assert sorted(f.id for f in table.features("place")) == sorted(PLACE_IDS)


def test_places_sit_on_the_roads_and_the_legs_join_at_them(table):
    roads = [f for f in table.features("road")]
    for pid in PLACE_IDS:
        c = Point(centre(table, pid))
        assert any(r.footprint.distance(c) < 1e-9 for r in roads), pid
    # each MSR leg starts and ends exactly on its places
    for rid, a, b in (("msr-yudam-ni-toktong-pass", "yudam-ni", "toktong-pass"),
                      ("msr-toktong-pass-hagaru-ri", "toktong-pass", "hagaru-ri"),
                      ("msr-hagaru-ri-koto-ri", "hagaru-ri", "koto-ri"),
                      ("msr-koto-ri-funchilin-pass", "koto-ri", "funchilin-pass"),
                      ("msr-funchilin-pass-chinhung-ni", "funchilin-pass", "chinhung-ni"),
                      ("road-east-shore-hagaru-ri-hudong-ni", "hagaru-ri", "hudong-ni"),
                      ("road-east-shore-hudong-ni-sinhung-ni", "hudong-ni", "sinhung-ni")):
        line = table.feature(rid).points
        assert Point(line[0]).distance(Point(centre(table, a))) < 1e-6, rid
        assert Point(line[-1]).distance(Point(centre(table, b))) < 1e-6, rid
        assert isinstance(table.feature(rid).attrs.get("name"), str)


def test_road_proportions_14_to_11_to_10_miles(table):
    yudam_hagaru = road_inches(table, "msr-yudam-ni-toktong-pass", "msr-toktong-pass-hagaru-ri")
    hagaru_koto = road_inches(table, "msr-hagaru-ri-koto-ri")
    koto_chinhung = road_inches(table, "msr-koto-ri-funchilin-pass", "msr-funchilin-pass-chinhung-ni")
    assert yudam_hagaru / hagaru_koto == pytest.approx(14 / 11, rel=0.15)
    assert koto_chinhung / hagaru_koto == pytest.approx(10 / 11, rel=0.15)
    # and the recorded scale holds: 35 miles of road is 70 inches, within 5%
    total = yudam_hagaru + hagaru_koto + koto_chinhung
    assert total == pytest.approx(35 * INCHES_PER_MILE, rel=0.05)


def test_crow_fly_distances_match_the_notes_coordinates(table):
    """Hagaru-ri, Koto-ri and Toktong Pass from FROZEN-CHOSIN-NOTES.md, at 2 in to the mile."""
    # Hagaru 40.384N 127.249E, Koto-ri 40.284N 127.300E: 11.12 km south, 4.33 km east = 7.42 mi
    hx, hy = centre(table, "hagaru-ri")
    kx, ky = centre(table, "koto-ri")
    tx, ty = centre(table, "toktong-pass")
    assert ((kx - hx) ** 2 + (ky - hy) ** 2) ** 0.5 == pytest.approx(7.42 * INCHES_PER_MILE, rel=0.03)
    # Toktong 40.394N 127.161E: 7.47 km west, 1.11 km north of Hagaru = 4.69 mi
    assert ((tx - hx) ** 2 + (ty - hy) ** 2) ** 0.5 == pytest.approx(4.69 * INCHES_PER_MILE, rel=0.03)
    assert ky > hy and kx > hx and tx < hx  # Koto-ri south-east, Toktong west (y grows south)


def test_the_lake_is_one_icy_polygon_no_road_enters(table):
    lakes = table.features("lake")
    assert len(lakes) == 1
    lake = lakes[0]
    assert not lake.is_line and isinstance(lake.geometry, Polygon) and lake.geometry.is_valid
    assert lake.attrs.get("ice") is True
    assert not lake.impassable  # Allied infantry may try the ice; the rules keep the Chinese off
    assert lake.geometry.area > 50
    for road in table.features("road"):
        assert not road.footprint.intersects(lake.geometry), road.id
    # the shore follows the lake
    shore = table.features("shore")
    assert shore and shore[0].is_line
    assert shore[0].geometry.hausdorff_distance(lake.geometry.exterior) < 0.5
    # Yudam-ni sits at the end of the west arm, Hagaru-ri just below the south tip
    assert lake.geometry.distance(Point(centre(table, "yudam-ni"))) < 2.0
    assert 1.0 < lake.geometry.distance(Point(centre(table, "hagaru-ri"))) < 3.0


@pytest.mark.parametrize("a, b, blocker", [
    ("yudam-ni", "hagaru-ri", "ridge-toktong-north"),
    ("yudam-ni", "toktong-pass", "hill-1419"),
    ("toktong-pass", "koto-ri", "ridge-toktong-south"),
    ("koto-ri", "hudong-ni", "ridge-hellfire-east"),
])
def test_ridges_block_sight_between_named_places(table, a, b, blocker):
    seen, first = table.line_of_sight(centre(table, a), centre(table, b))
    assert not seen
    assert blocker in table.los_blockers(centre(table, a), centre(table, b))
    f = table.feature(blocker)
    assert f.kind in ("hill", "ridge") and f.blocks_los and not f.is_line


def test_sight_is_open_across_the_ice_and_along_a_valley(table):
    assert table.line_of_sight(centre(table, "hagaru-ri"), centre(table, "hudong-ni")) == (True, None)
    assert table.line_of_sight(centre(table, "koto-ri"), centre(table, "funchilin-pass")) == (True, None)


def test_every_hill_and_ridge_blocks_sight_and_stays_off_the_roads(table):
    heights = table.features("hill") + table.features("ridge")
    assert len(heights) >= 20
    roads = [r.footprint for r in table.features("road")]
    for h in heights:
        assert h.blocks_los and not h.is_line, h.id
        assert all(not h.geometry.intersects(r) for r in roads), h.id
        assert all(not h.geometry.intersects(t.geometry) for t in table.features("town")), h.id
        assert not h.geometry.intersects(table.feature("chosin-reservoir").geometry), h.id


def test_cliffs_are_impassable_lines(table):
    cliffs = table.features("cliff")
    assert len(cliffs) >= 4
    for c in cliffs:
        assert c.is_line and c.impassable, c.id
        for r in table.features("road"):
            assert not c.geometry.intersects(r.footprint), (c.id, r.id)
    # a move straight across the Funchilin gorge's east wall is cut by it
    wall = table.feature("cliff-funchilin-gorge-east").geometry
    mid = wall.interpolate(0.5, normalized=True)
    a, b = wall.interpolate(0.45, normalized=True), wall.interpolate(0.55, normalized=True)
    nx, ny = -(b.y - a.y), b.x - a.x
    n = (nx * nx + ny * ny) ** 0.5
    here = (mid.x + nx / n * 0.4, mid.y + ny / n * 0.4)
    there = (mid.x - nx / n * 0.4, mid.y - ny / n * 0.4)
    assert table.lines_crossed([here, there], kinds=["cliff"]) == ["cliff-funchilin-gorge-east"]
    region = table.reachable_region(here, 1.0)  # default obstacles: the impassable features
    assert region.covers(Point(here)) and not region.covers(Point(there))


def test_six_numbered_entry_zones_on_the_edges_and_in_the_hills(table):
    zones = table.features("entry-zone")
    assert sorted(z.attrs["number"] for z in zones) == [1, 2, 3, 4, 5, 6]
    edges = {"west": 0, "north": 0, "east": 0}
    inland = 0
    for z in zones:
        assert not z.is_line and z.geometry.is_valid and z.geometry.area >= 6, z.id
        minx, miny, maxx, maxy = z.geometry.bounds
        if minx <= 0:
            edges["west"] += 1
        elif miny <= 0:
            edges["north"] += 1
        elif maxx >= table.width:
            edges["east"] += 1
        else:
            inland += 1
            assert any(z.geometry.intersects(h.geometry) or z.geometry.distance(h.geometry) < 1.0
                       for h in table.features("ridge") + table.features("hill"))
        # no zone sits on an Allied position
        for pid in PLACE_IDS:
            assert z.geometry.distance(table.feature(pid).geometry) > 3.0, (z.id, pid)
    assert all(edges.values()) and inland >= 1


def test_towns_airstrip_and_exits(table):
    towns = {f.attrs["name"]: f for f in table.features("town")}
    assert set(towns) == {"Yudam-ni", "Hagaru-ri", "Koto-ri", "Chinhung-ni", "Hudong-ni", "Sinhung-ni"}
    for name, f in towns.items():
        pid = name.lower()
        assert f.geometry.contains(Point(centre(table, pid))), name
    strip = table.features("airstrip")
    assert len(strip) == 1 and strip[0].geometry.distance(table.feature("town-hagaru-ri").geometry) < 1.5
    exits = {f.attrs["to"]: f for f in table.features("edge")}
    assert "Hungnam" in exits
    for f in exits.values():
        assert f.is_line and table.bounds.exterior.buffer(1e-6).covers(f.geometry), f.id
    # the road to Hungnam reaches its exit
    assert table.feature("road-chinhung-ni-hungnam").geometry.distance(exits["Hungnam"].geometry) < 1e-6


def test_build_script_reproduces_the_committed_file():
    spec = importlib.util.spec_from_file_location("build_fc", ROOT / "tools" / "build_frozen_chosin_table.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from app.engine.files import dumps_json
    data, _notes = mod.build()
    assert dumps_json(data) == PATH.read_text(encoding="utf-8")


@pytest.mark.parametrize("attr, value, message", [
    ("number", "three", "attrs.number: must be a whole number"),
    ("number", 0, "attrs.number: must be a whole number"),
    ("to", 5, "attrs.to: must be a string"),
    ("ice", "yes", "attrs.ice: must be true or false"),
])
def test_bad_attrs_give_clear_errors(data, attr, value, message):
    bad = json.loads(json.dumps(data))
    i = next(k for k, f in enumerate(bad["features"]) if f["id"] == "entry-zone-3")
    bad["features"][i]["attrs"][attr] = value
    problems = validate_table(bad)
    assert any(f"features[{i}].{message.split(':')[0]}" == p and message.split(": ", 1)[1] in m
               for p, m in problems), problems
    with pytest.raises(TableError):
        Table.from_json(bad)


def test_no_two_places_closer_than_two_inches(table):
    for a, b in combinations(PLACE_IDS, 2):
        assert Point(centre(table, a)).distance(Point(centre(table, b))) > 2.0, (a, b)
