"""The Semper Fi! maps carry every hex, hill, road, boundary and set-up area the scenarios name
(4.1, 4.2 on Changchon; 5.1-5.3 on No-Name Ridge), and round-trip through the editor byte for
byte."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine.hexgrid import HexGrid
from app.engine.pointgraph import shortest_path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "resources" / "semper-fi" / "maps"


def _load(name: str) -> tuple[dict, HexGrid]:
    data = json.loads((MAPS / name).read_text(encoding="utf-8"))
    return data, HexGrid.from_json(data)


@pytest.fixture(scope="module")
def changchon() -> HexGrid:
    return _load("changchon.json")[1]


@pytest.fixture(scope="module")
def nnr() -> HexGrid:
    return _load("no-name-ridge.json")[1]


def _region(g: HexGrid, prefix: str) -> list[str]:
    found = [v for k, v in g.regions.items() if k.startswith(prefix)]
    assert len(found) == 1, (prefix, sorted(g.regions))
    return found[0]


def _road_connected(g: HexGrid, a: str, b: str) -> list[str] | None:
    """A path from a to b over road hexsides only (breadth first), or None."""
    return shortest_path(a, b, g.road_neighbours)


def _side_of_line(g: HexGrid, line_id: str, start: str) -> set[str]:
    """Every hex reachable from ``start`` without crossing the line's hexsides."""
    line = next(ln for ln in g.lines if ln["id"] == line_id)
    cut = {g.parse_hexside(t) for t in line["hexsides"]}
    seen = {start}
    todo = [start]
    while todo:
        h = todo.pop()
        for n in g.neighbours(h):
            if n not in seen and g.hexside(h, n) not in cut:
                seen.add(n)
                todo.append(n)
    return seen


def _hilltop_ok(g: HexGrid, hexes: list[str], height: int, summits: set[str]) -> None:
    """A named hilltop is the highest ground within 1 hex: no neighbour is higher, in metres or
    in contour levels, unless it is another named summit of the same crest (the text puts Hill
    117's 5.09 next to Hill 143's 5.08, and 143, 147 and 153 in a row)."""
    for h in hexes:
        assert g.elevation(h) == height, h
        for n in g.neighbours(h):
            if n in hexes or n in summits:
                continue
            assert g.contour_level(n) <= g.contour_level(h), (h, n)
            assert g.elevation(n) <= g.elevation(h), (h, n, g.elevation(n))


# -- Changchon (4.1 Ambush!, 4.2 Night Attack) ------------------------------------------------

def test_changchon_named_hexes_exist(changchon):
    g = changchon
    for h in ("11.01", "5.22", "5.14", "7.16", "9.18", "14.09", "4.14"):
        assert h in g, h
    lo = g.layout
    assert (lo.id_format, lo.orientation, lo.rows_up) == ("C.RR", "flat", True)
    # the road column enters on the south edge; the road leaves for Sachon on the north edge
    assert g.parse_id("11.01")[1] == lo.first_row and g.parse_id("5.22")[1] == lo.last_row
    # every hex within 3 of 14.09 (4.2) and within 4 of 4.14 (4.2) exists except beyond the west edge
    assert len(g.range("14.09", 3)) == 37


def test_changchon_main_road_runs_from_11_01_to_5_22(changchon):
    g = changchon
    path = _road_connected(g, "11.01", "5.22")
    assert path is not None
    road = _region(g, "4.1 main road")
    assert road[0] == "11.01" and road[-1] == "5.22"  # in march order
    for a, b in zip(road, road[1:]):
        assert "road" in g.side_features(a, b), (a, b)
    assert set(path) <= set(road)


def test_changchon_road_column_display_feeds_11_01(changchon):
    g = changchon
    box = next(b for b in g.boxes if b["id"] == "road-column")
    assert box["anchor"] == "11.01" and box["enters"] == "11.01" and box["slots"] >= 18
    # beside the south edge (drawn below the map, where row 1 is)
    _, _, _, y1 = g.pixel_bounds()
    assert box["y"] >= y1


def test_changchon_4_1_set_up_areas(changchon):
    g = changchon
    nk = _region(g, "4.1 NK set-up")
    assert nk and all(g.distance(h, "11.01") >= 6 for h in nk)
    assert len(nk) == sum(1 for h in g.ids() if g.distance(h, "11.01") >= 6)
    late = _region(g, "4.1 US entry")
    assert set(late) == set(g.range("11.01", 3))


def test_changchon_4_1_high_ground_overlooks_the_road(changchon):
    """4.1's victory counts NK units at 80 m or more within 6 hexes of the road: there must be
    such ground on both sides of the valley, and the road itself stays low."""
    g = changchon
    road = _region(g, "4.1 main road")
    high = {h for h in g.ids() if g.elevation(h) >= 80 and min(g.distance(h, r) for r in road) <= 6}
    west = [h for h in high if g.parse_id(h)[0] <= 8]
    east = [h for h in high if g.parse_id(h)[0] >= 13]
    assert len(west) > 20 and len(east) > 20
    assert max(g.elevation(h) for h in road) < 80


def test_changchon_4_2_baker_holds_hill_202(changchon):
    g = changchon
    hill = next(m for m in g.landmarks("hilltop") if m["name"] == "Hill 202")
    assert hill["at"] == "7.16" and hill["height"] == 202
    for centre in ("5.14", "7.16", "9.18"):
        area = _region(g, f"4.2 US Baker/5 platoon: within 1 of {centre}")
        assert set(area) == set(g.range(centre, 1))
        assert g.elevation(centre) >= 160 and g.terrain(centre) != "rice-paddy"
    wpns = _region(g, "4.2 US Wpns/1/5")
    assert set(wpns) == set(g.range("14.09", 3))
    nk = _region(g, "4.2 NK set-up")
    assert set(nk) == set(g.range("4.14", 4))
    # NK can set up at least 2 hexes from every Baker position
    baker = g.range("5.14", 1) + g.range("7.16", 1) + g.range("9.18", 1)
    assert any(min(g.distance(h, b) for b in baker) >= 2 for h in nk)


def test_changchon_hilltops_are_the_highest_ground_around(changchon):
    g = changchon
    summits = {h for m in g.landmarks("hilltop") for h in g.landmark_hexes(m)}
    for m in g.landmarks("hilltop"):
        _hilltop_ok(g, g.landmark_hexes(m), m["height"], summits)


# -- No-Name Ridge (5.1, 5.2, 5.3) --------------------------------------------------------------

RIDGE_HILLS = {"Hill 102": ["7.13"], "Hill 109": ["6.11"], "Hill 117": ["5.09", "5.10"],
               "Hill 143": ["5.07", "5.08"], "Hill 147": ["5.05", "5.06", "4.05"], "Hill 153": ["5.03", "5.04"]}


def test_nnr_named_hexes_exist(nnr):
    g = nnr
    for h in ("12.10", "11.10", "16.10", "9.15", "10.15", "1.14", "1.01", "7.13", "7.14", "6.12", "6.11",
              "5.11", "5.02", "6.01", "8.01"):
        assert h in g, h
    assert g.parse_id("16.10")[0] == g.layout.last_col  # 5.3's reinforcements enter on the east edge
    assert g.name("9.15") == "Tugok"
    assert g.terrain("9.15") == g.terrain("10.15") == "building"


def test_nnr_obong_ni_hilltops(nnr):
    g = nnr
    marks = {m["name"]: m for m in g.landmarks("hilltop")}
    summits = {h for hexes in RIDGE_HILLS.values() for h in hexes}
    for name, hexes in RIDGE_HILLS.items():
        m = marks[name]
        assert g.landmark_hexes(m) == hexes and m["height"] == int(name.split()[1])
        _hilltop_ok(g, hexes, m["height"], summits)
    # the crest hexes of 5.1's victory condition are all hilltop hexes
    assert {"7.13", "6.11", "5.10", "5.09", "5.08", "5.07"} <= summits
    _hilltop_ok(g, ["11.10"], marks["Observation Hill"]["height"], set())
    # the ridge towers over the valley where the Marines start
    assert min(g.contour_level(h) for h in summits) >= g.contour_level("12.10") + 2


def test_nnr_initial_airstrike_reaches_around_every_hilltop(nnr):
    g = nnr
    around = {n for hexes in RIDGE_HILLS.values() for h in hexes for n in g.range(h, 2)}
    # the struck ground is the North Koreans' (5.1 set-up); the Marines' start touches it at most at its edge
    nk = set(_region(g, "5.1 5.3 NK set-up"))
    us = set(_region(g, "5.1 5.2 US set-up"))
    assert len(around & nk) >= 0.9 * len(around) and len(around & us) <= 2


def test_nnr_us_set_up_and_tanks(nnr):
    g = nnr
    us = _region(g, "5.1 5.2 US set-up")
    assert us and all(g.distance(h, "12.10") <= 3 and g.terrain(h) != "rice-paddy" for h in us)
    assert len(us) == sum(1 for h in g.range("12.10", 3) if g.terrain(h) != "rice-paddy")
    tanks = _region(g, "5.1 5.2 US tanks")
    assert len(tanks) >= 2 and all(g.road_neighbours(h) and g.distance(h, "12.10") <= 3 for h in tanks)


def test_nnr_nk_set_up_areas(nnr):
    g = nnr
    nk = set(_region(g, "5.1 5.3 NK set-up"))
    for h in g.ids():
        c, _ = g.parse_id(h)
        wanted = (c <= 8 or min(g.distance(h, "9.15"), g.distance(h, "10.15")) <= 1) and g.terrain(h) != "water"
        assert (h in nk) == wanted, h
    # 5.1's North Korean Armor variant sets tanks up on road hexes of this area
    assert any(g.road_neighbours(h) for h in nk)
    crest = set(_region(g, "5.2 NK set-up"))
    for h in ("7.13", "7.14", "6.12", "6.11", "5.11", "5.02", "6.01", "1.05"):
        assert h in crest, h
    for h in ("8.13", "8.09", "6.09", "12.10", "9.15"):
        assert h not in crest, h
    south = _side_of_line(g, "us-boundary", "7.13")
    assert crest <= south  # 5.2: no NK set-up north of the boundary
    reserves = _region(g, "5.3 NK reserves")
    assert reserves == [f"1.{r:02d}" for r in range(1, 15)]
    assert set(_region(g, "5.3 US reinforcements")) == set(g.range("16.10", 1))
    assert _road_connected(g, "16.10", "12.12") is not None  # tanks enter on the road


def test_nnr_boundaries(nnr):
    g = nnr
    south = _side_of_line(g, "us-boundary", "12.10")
    north = set(g.ids()) - south
    for h in ("7.13", "6.11", "12.10", "11.10", "16.10", "9.15", "10.15"):
        assert h in south, h
    assert {"9.18", "12.16"} <= north  # Cloverleaf Hill, the 9th RCT's; 12.16 names that side
    assert all(g.parse_id(h)[1] >= 16 for h in north)
    # the road stays in the Marines' zone from the east edge to the west edge
    assert all(g.parse_id(h)[1] <= 15 for h in g.ids() if g.road_neighbours(h))
    inside = _side_of_line(g, "scenario-boundary", "12.10")
    assert inside == {h for h in g.ids() if g.parse_id(h)[1] >= 6}


def test_nnr_the_naktong_is_water(nnr):
    water = [h for h in nnr.ids() if nnr.terrain(h) == "water"]
    assert water and all(nnr.parse_id(h)[0] <= 3 and nnr.parse_id(h)[1] >= 15 for h in water)


# -- both maps ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["changchon.json", "no-name-ridge.json", "fox-hill.json", "hagaru.json"])
def test_terrains_and_elevations_are_the_contract(name):
    from app.engine.schemas import SCHEMAS, schema_problems
    from app.engine.validate import validate_path
    data, g = _load(name)
    assert validate_path(MAPS / name) == [] and schema_problems(data, SCHEMAS["hexmap"]) == []
    allowed = {"open", "broken", "rice-paddy", "building", "woods", "water", "frozen-marsh", "village", "airstrip"}
    assert {g.terrain(h) for h in g.ids()} <= allowed
    assert all(isinstance(g.elevation(h), int) for h in g.ids())
    assert data["contour_interval"] == 20
    feats = {f for fs in g.hexsides().values() for f in fs}
    assert feats <= {"road", "trail", "stream", "river"}
    # every road hex joins the network (no stray road stubs)
    road = [h for h in g.ids() if g.road_neighbours(h)]
    assert road and all(_road_connected(g, road[0], h) for h in road)


@pytest.mark.parametrize("name", ["changchon.json", "no-name-ridge.json", "fox-hill.json", "hagaru.json"])
def test_editor_round_trips_the_map_byte_for_byte(name, tmp_path, qtbot):
    from app.editor.document import Document
    from app.engine.canonical import canonical_text
    text = (MAPS / name).read_text(encoding="utf-8")
    assert canonical_text(name, text) == text  # ridgeline fmt leaves it alone
    doc = Document.open(MAPS / name)
    out = tmp_path / name
    doc.save(out)
    assert out.read_text(encoding="utf-8") == text
    # and the engine writes the same data back
    assert HexGrid.from_json(json.loads(text)).to_json() == json.loads(text)


@pytest.mark.parametrize("hash_seed", ["0", "12345"])
def test_build_script_output_is_committed(hash_seed):
    """The committed maps are what the script writes, whatever order sets iterate in."""
    import os
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    r = subprocess.run([sys.executable, "tools/build_semper_fi_maps.py", "--check"], cwd=ROOT,
                       capture_output=True, text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stdout + r.stderr


def test_fmt_check_passes_on_the_maps():
    r = subprocess.run([sys.executable, "-m", "app", "fmt", "--check", str(MAPS)], cwd=ROOT,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
