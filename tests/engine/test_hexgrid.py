"""Property and example tests for the hex board geometry, data and map-file I/O."""

from __future__ import annotations

import json
import math
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.hexgrid import (
    HexGrid,
    HexLayout,
    HexMapError,
    Hexside,
    validate_hexmap,
)

SETTINGS = settings(derandomize=True, max_examples=200, deadline=None)

ORIENT = ("flat", "pointy")
PARITY = ("odd", "even")
FORMATS = ("CCRR", "C.RR")


@lru_cache(maxsize=None)
def make_grid(orientation: str, offset: str, columns: int, rows: int, first_col: int,
              first_row: int, id_format: str, size: float = 1.0) -> HexGrid:
    """Grids are immutable in geometry tests, so cache them to keep hypothesis fast."""
    return HexGrid(HexLayout(columns=columns, rows=rows, orientation=orientation, offset=offset,
                             first_col=first_col, first_row=first_row, id_format=id_format,
                             size=size))


grids = st.builds(
    make_grid,
    st.sampled_from(ORIENT),
    st.sampled_from(PARITY),
    st.integers(1, 12),
    st.integers(1, 12),
    st.sampled_from((0, 1, 6, 9, 10)),
    st.sampled_from((0, 1, 5)),
    st.sampled_from(FORMATS),
    st.sampled_from((1.0, 2.5, 37.0)),
)


@st.composite
def grid_and_hexes(draw: st.DrawFn, n: int = 2) -> tuple:
    g = draw(grids)
    hs = [draw(st.sampled_from(g.ids())) for _ in range(n)]
    return (g, *hs)


# -- IDs ---------------------------------------------------------------------


def test_id_examples() -> None:
    g = make_grid("flat", "odd", 27, 33, 6, 0, "CCRR")
    assert g.parse_id("2104") == (21, 4)
    assert g.format_id(21, 4) == "2104"
    assert g.contains("0600") and g.contains("3232")
    assert not g.contains("0500") and not g.contains("3300") and not g.contains("0633")
    assert not g.contains("600") and not g.contains("21.04")
    c = make_grid("flat", "odd", 14, 12, 1, 1, "C.RR")
    assert c.parse_id("7.08") == (7, 8)
    assert c.parse_id("12.03") == (12, 3)
    assert c.format_id(7, 8) == "7.08"
    assert c.format_id(12, 3) == "12.03"
    for bad in ("07.08", "7.8", "7.008", "708", "a.01", ""):
        with pytest.raises(ValueError):
            c.parse_id(bad)
    with pytest.raises(ValueError):
        g.format_id(100, 1)


def test_ids_reading_order() -> None:
    g = make_grid("flat", "odd", 3, 2, 1, 1, "CCRR")
    assert g.ids() == ("0101", "0201", "0301", "0102", "0202", "0302")
    assert [g.index(h) for h in g.ids()] == list(range(6))


@SETTINGS
@given(grids, st.data())
def test_id_round_trip(g: HexGrid, data: st.DataObject) -> None:
    lo = g.layout
    col = data.draw(st.integers(lo.first_col, lo.last_col))
    row = data.draw(st.integers(lo.first_row, lo.last_row))
    h = g.format_id(col, row)
    assert g.contains(h)
    assert g.parse_id(h) == (col, row)
    assert len(g.ids()) == lo.columns * lo.rows == len(set(g.ids()))


# -- metric / adjacency --------------------------------------------------------


@SETTINGS
@given(grid_and_hexes(3))
def test_distance_is_metric(args: tuple) -> None:
    g, a, b, c = args
    assert g.distance(a, b) == g.distance(b, a)
    assert (g.distance(a, b) == 0) == (a == b)
    assert g.distance(a, c) <= g.distance(a, b) + g.distance(b, c)


@pytest.mark.parametrize("orientation", ORIENT)
@pytest.mark.parametrize("offset", PARITY)
def test_remembered_distances_equal_the_axial_sum_on_and_off_the_map(orientation: str, offset: str) -> None:
    """distance() keeps a row of answers per source hex; every answer, asked before or after
    the row exists, from and to hexes off the printed map too, is the plain axial sum's."""
    from app.engine.hexgrid import _axial_distance
    g = HexGrid(HexLayout(columns=7, rows=6, orientation=orientation, offset=offset, first_col=2,
                          first_row=3, id_format="C.RR"))
    ids = list(g.ids()) + ["1.02", "9.09", "12.01"]            # the last three lie off the map
    for a in ids:
        for b in ids:
            want = _axial_distance(g._axial_of(a), g._axial_of(b))
            assert g.distance(a, b) == want, (a, b)
            assert g.distance(a, b) == want, (a, b)            # the second time, from the row
    assert "9.09" not in g._dist_rows and "3.04" in g._dist_rows


@SETTINGS
@given(grid_and_hexes(1))
def test_neighbours_symmetric_and_adjacent(args: tuple) -> None:
    g, a = args
    ns = g.neighbours(a)
    assert len(ns) == len(set(ns)) <= 6
    for n in ns:
        assert g.distance(a, n) == 1
        assert a in g.neighbours(n)
        d = g.direction(a, n)
        assert g.neighbour(a, d) == n
        assert g.direction(n, a) == (d + 3) % 6
    # every on-map hex at distance 1 is listed
    assert set(ns) == {h for h in g.ids() if g.distance(a, h) == 1}


def test_interior_has_six_neighbours_all_combos() -> None:
    for o in ORIENT:
        for p in PARITY:
            g = make_grid(o, p, 6, 6, 1, 1, "CCRR")
            assert len(g.neighbours("0303")) == 6
            assert [g.direction("0303", n) for n in g.neighbours("0303")] == list(range(6))


def test_parity_conventions() -> None:
    """Flat/odd: odd printed columns are lower; pointy/odd: odd printed rows shifted right."""
    fo = make_grid("flat", "odd", 4, 4, 1, 1, "CCRR")
    assert fo.to_pixel("0101")[1] > fo.to_pixel("0201")[1]
    fe = make_grid("flat", "even", 4, 4, 1, 1, "CCRR")
    assert fe.to_pixel("0201")[1] > fe.to_pixel("0101")[1]
    po = make_grid("pointy", "odd", 4, 4, 1, 1, "CCRR")
    assert po.to_pixel("0101")[0] > po.to_pixel("0102")[0]
    pe = make_grid("pointy", "even", 4, 4, 1, 1, "CCRR")
    assert pe.to_pixel("0102")[0] > pe.to_pixel("0101")[0]
    # Korea-style map: flat, odd, columns from 6
    k = make_grid("flat", "odd", 27, 33, 6, 0, "CCRR")
    assert set(k.neighbours("0705")) == {"0704", "0706", "0605", "0606", "0805", "0806"}
    assert set(k.neighbours("0805")) == {"0804", "0806", "0704", "0705", "0904", "0905"}
    assert k.to_pixel("0600") == (0.0, 0.0)


# -- line --------------------------------------------------------------------


@SETTINGS
@given(grid_and_hexes(2))
def test_line_properties(args: tuple) -> None:
    g, a, b = args
    ln = g.line(a, b)
    assert len(ln) == g.distance(a, b) + 1
    assert ln[0] == a and ln[-1] == b
    assert all(g.distance(x, y) == 1 for x, y in zip(ln, ln[1:]))
    assert all(g.contains(h) for h in ln)  # never strays off a rectangular map
    assert g.line(b, a) == ln[::-1]
    for variant in g.line_variants(a, b) if _printable_variants(g, a, b) else ():
        assert len(variant) == len(ln)


def _printable_variants(g: HexGrid, a: str, b: str) -> bool:
    try:
        g.line_variants(a, b)
    except ValueError:
        return False
    return True


def test_line_spine_tie_break() -> None:
    g = make_grid("flat", "odd", 10, 10, 1, 1, "CCRR")
    # 0203 -> 0403 runs horizontally along the 0302/0303 hexside (a spine tie).
    plus, minus = g.line_variants("0203", "0403")
    assert plus != minus
    assert g.line("0203", "0403") == plus
    mid = g.line("0203", "0403")[1]
    # documented nudge: slightly down-right on screen -> lower of the two candidates
    other = minus[1]
    assert g.to_pixel(mid)[1] > g.to_pixel(other)[1]


# -- ring / range ---------------------------------------------------------------


@SETTINGS
@given(st.sampled_from(ORIENT), st.sampled_from(PARITY), st.sampled_from(FORMATS),
       st.integers(0, 4), st.integers(0, 4), st.integers(0, 4))
def test_ring_and_range_sizes_away_from_edges(o: str, p: str, f: str, r: int, dc: int,
                                              dr: int) -> None:
    g = make_grid(o, p, 20, 20, 1, 1, f)
    center = g.format_id(8 + dc, 8 + dr)
    ring = g.ring(center, r)
    assert len(ring) == (6 * r if r else 1) == len(set(ring))
    assert all(g.distance(center, h) == r for h in ring)
    if r:
        assert all(g.distance(x, y) == 1 for x, y in zip(ring, ring[1:] + ring[:1]))
    rng = g.range(center, r)
    assert len(rng) == 3 * r * (r + 1) + 1
    assert rng == sorted(rng, key=g.index)


@SETTINGS
@given(grid_and_hexes(1), st.integers(0, 5))
def test_ring_and_range_clip_to_map(args: tuple, r: int) -> None:
    g, c = args
    assert set(g.ring(c, r)) == {h for h in g.ids() if g.distance(c, h) == r}
    assert set(g.range(c, r)) == {h for h in g.ids() if g.distance(c, h) <= r}


# -- pixels ---------------------------------------------------------------------


@SETTINGS
@given(grid_and_hexes(1), st.floats(-0.49, 0.49), st.floats(-0.49, 0.49))
def test_pixel_round_trip(args: tuple, fx: float, fy: float) -> None:
    g, h = args
    x, y = g.to_pixel(h)
    assert g.from_pixel(x, y) == h
    s = g.layout.size
    # anything inside the inscribed circle (radius s*sqrt(3)/2) maps back too
    assert g.from_pixel(x + fx * s * 1.7, y) == h  # |dx| < s*sqrt(3)/2
    assert g.from_pixel(x + fx * s, y + fy * s) == h
    pts = g.corners(h)
    assert len(pts) == 6
    assert all(math.isclose(math.dist((x, y), p), s) for p in pts)


def test_from_pixel_off_map() -> None:
    g = make_grid("pointy", "even", 5, 5, 0, 0, "C.RR")
    x0, y0, x1, y1 = g.pixel_bounds()
    assert g.from_pixel(x0 - 5, y0 - 5) is None
    assert g.from_pixel(x1 + 5, y1 + 5) is None


# -- hexsides ------------------------------------------------------------------


@SETTINGS
@given(grid_and_hexes(1), st.data())
def test_hexside_keys_order_independent(args: tuple, data: st.DataObject) -> None:
    g, a = args
    if not g.neighbours(a):
        return
    b = data.draw(st.sampled_from(g.neighbours(a)))
    k = g.hexside(a, b)
    assert k == g.hexside(b, a)
    assert hash(k) == hash(g.hexside(b, a))
    assert g.parse_id(k.a) < g.parse_id(k.b)
    assert g.parse_hexside(str(k)) == k
    assert g.parse_hexside(f"{k.b}/{k.a}") == k
    p, q = g.hexside_endpoints(a, b)
    assert (p, q) == g.hexside_endpoints(b, a)
    # both endpoints are corners of both hexes
    for h in (a, b):
        assert any(math.isclose(p[0], c[0], abs_tol=1e-9) and math.isclose(p[1], c[1], abs_tol=1e-9)
                   for c in g.corners(h))
        assert any(math.isclose(q[0], c[0], abs_tol=1e-9) and math.isclose(q[1], c[1], abs_tol=1e-9)
                   for c in g.corners(h))
    assert math.isclose(math.dist(p, q), g.layout.size)


def test_hexside_string_form_and_errors() -> None:
    g = make_grid("flat", "odd", 27, 33, 6, 0, "CCRR")
    assert str(g.hexside("1920", "1919")) == "1919/1920"
    assert g.hexside("1920", "1919") == Hexside("1919", "1920")
    with pytest.raises(ValueError):
        g.hexside("1919", "1921")
    c = make_grid("flat", "odd", 14, 12, 1, 1, "C.RR")
    # numeric, not string, order: column 9 < column 10
    assert str(c.hexside("10.03", "9.03")) == "9.03/10.03"


def test_side_and_hex_features_and_roads() -> None:
    g = make_grid("flat", "odd", 6, 6, 1, 1, "CCRR")
    g = HexGrid(g.layout)  # fresh, mutable copy
    g.add_side_feature("0303", "0304", "river")
    g.add_side_feature("0304", "0303", "road")
    assert g.side_features("0304", "0303") == {"river", "road"}
    assert g.side_features("0303", "0305") == frozenset()
    g.add_side_feature("0303", "0203", "road")
    assert g.road_neighbours("0303") == ("0304", "0203")  # direction order: S, NW
    assert g.road_neighbours("0304") == ("0303",)
    g.remove_side_feature("0303", "0304", "road")
    assert g.road_neighbours("0304") == ()
    with pytest.raises(ValueError):
        g.add_side_feature("0101", "0303", "river")
    g.set_terrain("0202", "mountain")
    g.set_elevation("0202", 3.5)
    g.add_hex_feature("0202", "city")
    g.set_name("0202", "Seoul")
    assert (g.terrain("0202"), g.elevation("0202"), g.hex_features("0202"), g.name("0202")) == (
        "mountain", 3.5, {"city"}, "Seoul")
    assert g.terrain("0101") == "clear" and g.name("0101") is None
    assert g.hexes_with("city") == ["0202"]
    with pytest.raises(KeyError):
        g.terrain("0707")


# -- JSON ----------------------------------------------------------------------

KOREA_SAMPLE = {
    "kind": "hexmap", "version": 1,
    "layout": {"orientation": "flat", "offset": "odd", "columns": 27, "rows": 33,
               "first_col": 6, "first_row": 0, "id_format": "CCRR", "size": 1.0},
    "default_terrain": "sea",
    "hexes": {"2104": {"terrain": "mountain", "elevation": 0, "features": ["city"],
                       "name": "Chosin Reservoir"},
              "1920": {"terrain": "clear"}},
    "hexsides": {"1919/1920": ["all-sea"], "2114/2115": ["river"], "2928/2929": ["road"]},
    "lines": [{"id": "start-line", "name": "38th Parallel", "kind": "start-line",
               "hexsides": ["1514/1515"], "hexes_split": ["1615"]}],
    "regions": {"mig-alley": ["1401", "1402"]},
    "labels": [{"text": "YELLOW SEA", "at": "0815", "size": 14}],
    "boxes": [{"id": "fec", "name": "Far East Command"}],
    "x-notes": {"author": "someone", "n": [1, 2]},
}


def test_korea_sample_loads_and_round_trips() -> None:
    assert validate_hexmap(KOREA_SAMPLE) == []
    g = HexGrid.from_json(KOREA_SAMPLE)
    assert g.terrain("2104") == "mountain" and g.terrain("0600") == "sea"
    assert g.name("2104") == "Chosin Reservoir"
    assert g.side_features("2929", "2928") == {"road"}
    assert g.extra == {"x-notes": {"author": "someone", "n": [1, 2]}}
    out = g.to_json()
    assert out["x-notes"] == KOREA_SAMPLE["x-notes"]
    assert out["hexsides"] == KOREA_SAMPLE["hexsides"]
    assert out["lines"] == KOREA_SAMPLE["lines"]
    # elevation 0 is the default so it is not re-emitted; everything else identical
    assert out["hexes"]["2104"] == {"terrain": "mountain", "features": ["city"],
                                    "name": "Chosin Reservoir"}
    again = HexGrid.from_json(json.loads(json.dumps(out)))
    assert again == g and again.to_json() == out


@st.composite
def populated_grids(draw: st.DrawFn) -> HexGrid:
    base = draw(grids)
    g = HexGrid(base.layout, default_terrain=draw(st.sampled_from(("clear", "sea"))))
    terrains = st.sampled_from(("clear", "sea", "forest", "mountain"))
    for h in draw(st.lists(st.sampled_from(g.ids()), max_size=8)):
        g.set_terrain(h, draw(terrains))
        g.set_elevation(h, draw(st.sampled_from((0, 1, 2.5, -3))))
        for f in draw(st.sets(st.sampled_from(("city", "port", "capital", "road")), max_size=2)):
            g.add_hex_feature(h, f)
        if draw(st.booleans()):
            g.set_name(h, draw(st.text(min_size=1, max_size=5)))
        if g.neighbours(h):
            n = draw(st.sampled_from(g.neighbours(h)))
            g.add_side_feature(h, n, draw(st.sampled_from(("river", "road", "all-sea", "cliff"))))
    ids = g.ids()
    g.regions = {"r": draw(st.lists(st.sampled_from(ids), max_size=3))}
    g.labels = [{"text": "X", "at": draw(st.sampled_from(ids)), "size": 10}]
    g.boxes = [{"id": "b1", "name": "Box"}]
    g.extra = {"x-custom": draw(st.dictionaries(st.text(max_size=3), st.integers(), max_size=2))}
    return g


@settings(derandomize=True, max_examples=100, deadline=None)
@given(populated_grids())
def test_json_round_trip(g: HexGrid) -> None:
    data = g.to_json()
    assert validate_hexmap(data) == []
    text = json.dumps(data)
    g2 = HexGrid.from_json(json.loads(text))
    assert g2 == g
    assert g2.to_json() == data
    for h in g.ids():
        assert g2.terrain(h) == g.terrain(h)
        assert g2.hex_features(h) == g.hex_features(h)
        for n in g.neighbours(h):
            assert g2.side_features(h, n) == g.side_features(h, n)


def test_validate_reports_problems() -> None:
    bad = json.loads(json.dumps(KOREA_SAMPLE))
    bad["layout"]["orientation"] = "diagonal"
    paths = [p for p, _ in validate_hexmap(bad)]
    assert "layout.orientation" in paths

    bad = json.loads(json.dumps(KOREA_SAMPLE))
    bad["hexes"]["9999"] = {"terrain": "clear"}          # off map
    bad["hexes"]["21-4"] = {}                             # unparsable
    bad["hexes"]["2105"] = {"terain": "x", "elevation": "high"}
    bad["hexsides"]["1919/1921"] = ["river"]             # not adjacent
    bad["hexsides"]["1920/1919"] = ["river"]             # duplicate of 1919/1920
    bad["hexsides"]["1919-1920"] = ["river"]             # bad key
    bad["lines"][0]["hexsides"].append("0600/0800")     # not adjacent
    bad["lines"][0]["hexes_split"].append("0633")       # off map (rows 0..32)
    bad["regions"]["mig-alley"].append("0000")
    bad["labels"][0]["at"] = "5555"
    bad["boxes"].append({"id": "fec"})
    problems = validate_hexmap(bad)
    paths = {p for p, _ in problems}
    for expected in ("hexes.9999", "hexes.21-4", "hexes.2105.terain", "hexes.2105.elevation",
                     "hexsides.1919/1921", "hexsides.1920/1919", "hexsides.1919-1920",
                     "lines[0].hexsides[1]", "lines[0].hexes_split[1]", "regions.mig-alley[2]", "labels[0].at", "boxes[1].id"):
        assert expected in paths, (expected, problems)
    with pytest.raises(HexMapError) as exc:
        HexGrid.from_json(bad)
    assert exc.value.problems == problems

    assert validate_hexmap([]) == [("", "map file must be a JSON object")]
    assert ("kind", "expected 'hexmap', got None") in validate_hexmap({"layout": {}})
    big = json.loads(json.dumps(KOREA_SAMPLE))
    big["layout"]["columns"] = 200
    assert any(p == "layout.columns" for p, _ in validate_hexmap(big))


def test_reversed_hexside_key_is_accepted_and_canonicalised() -> None:
    data = json.loads(json.dumps(KOREA_SAMPLE))
    data["hexsides"] = {"2115/2114": ["river"]}
    assert validate_hexmap(data) == []
    assert HexGrid.from_json(data).to_json()["hexsides"] == {"2114/2115": ["river"]}


def test_layout_rejects_bad_values() -> None:
    with pytest.raises(ValueError):
        HexLayout(columns=0, rows=3)
    with pytest.raises(ValueError):
        HexLayout(columns=3, rows=3, offset="odd-q")
    with pytest.raises(ValueError):
        HexLayout(columns=3, rows=3, id_format="CRR")


def test_engine_has_no_qt_or_random() -> None:
    import pathlib

    root = pathlib.Path(__file__).resolve().parents[2] / "app" / "engine"
    for name in ("hexgrid.py", "hexreach.py", "bench_hex.py"):
        src = (root / name).read_text()
        assert "PySide" not in src and "Qt" not in src
        assert "import random" not in src and "from random" not in src
