"""The Fox Hill and Hagaru maps carry every hex, hexrow, hill, road and set-up area scenarios
6.1-6.3 and 7.1-7.5 name."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest

from app.engine.hexgrid import HexGrid

MAPS = Path(__file__).resolve().parents[2] / "resources" / "semper-fi" / "maps"


def _grid(name: str) -> HexGrid:
    return HexGrid.from_json(json.loads((MAPS / name).read_text(encoding="utf-8")))


@pytest.fixture(scope="module")
def fox() -> HexGrid:
    return _grid("fox-hill.json")


@pytest.fixture(scope="module")
def hag() -> HexGrid:
    return _grid("hagaru.json")


def _region(g: HexGrid, prefix: str) -> list[str]:
    if prefix in g.regions:
        return g.regions[prefix]
    found = [v for k, v in g.regions.items() if k.startswith(prefix)]
    assert len(found) == 1, (prefix, sorted(g.regions))
    return found[0]


def _road_reach(g: HexGrid, start: str) -> set[str]:
    seen = {start}
    todo = deque([start])
    while todo:
        for n in g.road_neighbours(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _highest_around(g: HexGrid, h: str) -> None:
    for n in g.neighbours(h):
        assert g.elevation(n) <= g.elevation(h), (h, n)


# -- Fox Hill (scenarios 6.1 to 6.3) ---------------------------------------------------------------

def test_fox_hill_is_the_summit_at_7_08(fox):
    hill = next(m for m in fox.landmarks("hilltop") if m["name"] == "Fox Hill")
    assert hill["at"] == "7.08" and fox.elevation("7.08") == hill["height"]
    _highest_around(fox, "7.08")
    # it overlooks the road through the pass by several contour levels
    road = [h for h in fox.ids() if fox.road_neighbours(h)]
    assert fox.contour_level("7.08") >= max(fox.contour_level(h) for h in road) + 3


def test_fox_hill_road_runs_through_toktong_pass(fox):
    reach = _road_reach(fox, "8.05")
    lo = fox.layout
    assert any(fox.parse_id(h)[0] == lo.first_col for h in reach)  # west, to Yudam-ni
    assert any(fox.parse_id(h)[0] == lo.last_col for h in reach)   # east, to Hagaru
    assert fox.name("8.05") == "Toktong Pass"
    road = sorted(reach, key=lambda h: fox.parse_id(h)[0])
    assert max(road, key=fox.elevation) == "8.05" or fox.elevation("8.05") == max(map(fox.elevation, road))


def test_fox_hill_set_up_areas(fox):
    us = _region(fox, "6.1 6.2 6.3 US set-up")
    assert set(us) == set(fox.range("7.08", 2)) and all(fox.terrain(h) != "water" for h in us)
    cn = set(_region(fox, "6.1 6.2 6.3 Chinese set-up"))
    assert cn == {h for h in fox.ids() if fox.parse_id(h)[0] <= 7}
    # room for the Chinese two hexes from Marines anywhere in their area (4+ from 7.08)
    assert len([h for h in cn if fox.distance(h, "7.08") >= 4]) >= 50
    assert set(_region(fox, "6.1 6.2 6.3 Fox Hill")) == set(fox.range("7.08", 1))


# -- Hagaru (7.1 to 7.5) --------------------------------------------------------------------------

NAMED = ["12.01", "12.07", "22.12", "22.01", "12.18", "22.18", "22.10", "16.08", "19.17", "21.15", "10.11",
         "10.13", "9.15", "8.17", "8.19", "8.22", "9.25", "11.27", "14.27", "14.26", "17.27", "19.25", "20.22",
         "20.20", "13.22", "14.22", "18.21", "17.30", "21.26", "21.28", "19.24", "17.29", "9.35", "9.18", "31.18",
         "31.35"]


def test_hagaru_named_hexes_exist_and_set_up_centres_are_land(hag):
    for h in NAMED:
        assert h in hag, h
    for h in NAMED:
        if h not in ("9.35",):  # the 7.2 play area's corner lies in the reservoir
            assert hag.terrain(h) != "water", h
    lo = hag.layout
    assert (lo.columns, lo.rows, lo.rows_up) == (31, 35, True)
    assert hag.extra["north_deg"] == -45  # the map's top edge faces north-east


def test_hagaru_places(hag):
    town = _region(hag, "Hagaru")
    ruins = _region(hag, "Hagaru-ri")
    strip = _region(hag, "Airfield")
    assert {hag.terrain(h) for h in town} == {"building"}
    assert {hag.terrain(h) for h in ruins} == {"village"}  # open terrain per 1.1f
    assert {hag.terrain(h) for h in strip} == {"airstrip"}
    assert _region(hag, "Supply Dump")
    # the town lies in both limited play areas (7.1's Chinese major victory; 7.2's mortars)
    a71 = set(_region(hag, "7.1 area in play"))
    a72 = set(_region(hag, "7.2 7.5 area in play"))
    assert set(town) & a71 and set(town) & a72 and set(strip) <= a71
    assert {"12.01", "22.18"} <= a71 and {"9.18", "31.35"} <= a72
    assert {m["name"] for m in hag.landmarks("place")} >= {"Hagaru", "Hagaru-ri", "Airstrip", "Supply Dump"}
    # the airstrip is flat and low, in the bowl
    assert len({hag.contour_level(h) for h in strip}) == 1


def test_hagaru_east_hill(hag):
    crest = _region(hag, "East Hill crest")
    assert crest[0] == "19.24" and crest[-1] == "17.29"
    assert all(hag.elevation(h) >= 1220 for h in crest)  # 7.2's victory heights are on it
    hill = set(_region(hag, "East Hill"))
    assert set(crest) <= hill
    top = next(m for m in hag.landmarks("hilltop") if m["name"] == "East Hill")
    _highest_around(hag, top["at"])
    # 7.5: George/3/1 sets up within 3 of 14.22 on East Hill
    george = _region(hag, "7.5 US George/3/1")
    assert george and all(h in hill and hag.distance(h, "14.22") <= 3 for h in george)
    # the town below is several levels lower (the Chinese on the hill look down into it)
    assert hag.contour_level("19.24") >= hag.contour_level("13.19") + 6


def test_hagaru_set_up_areas(hag):
    def area(prefix: str, centre: str, n: int) -> None:
        got = set(_region(hag, prefix))
        assert got == {h for h in hag.range(centre, n) if hag.terrain(h) != "water"}, prefix

    for prefix, centre, n in [("7.1 7.3 US How/3/1", "22.10", 3), ("7.1 7.3 US Item/3/1", "16.08", 4),
                              ("7.1 7.3 US Dog/1 Eng", "19.17", 2), ("7.1 7.3 US Dog/2/11", "21.15", 1),
                              ("7.3 US H&S 3/1", "10.11", 2), ("7.3 US Wpns/2/7", "10.13", 1),
                              ("7.3 US 1 Div HQ", "9.15", 1), ("7.3 US MTACS-2", "8.17", 1),
                              ("7.3 US 1st MT Bn", "8.19", 1), ("7.3 US Regulator Det", "8.22", 2),
                              ("7.2 7.3 7.5 US How/3/11", "9.25", 2), ("7.2 7.3 7.5 US AT/7", "11.27", 1),
                              ("7.2 7.3 US 1st Serv Bn", "14.27", 1), ("7.2 US HQ X Corps", "17.27", 3),
                              ("7.3 US HQ X Corps", "17.27", 2), ("7.2 7.3 US Dog/10 Eng", "19.25", 2),
                              ("7.2 7.3 US 4th Sig Bn", "20.22", 1), ("7.2 7.3 7.5 US Wpns/3/1", "20.20", 1),
                              ("7.2 US tanks", "13.22", 2), ("7.5 US 1st Serv Bn", "14.26", 1),
                              ("7.5 US Baker/1 Eng", "18.21", 1), ("7.3 Chinese 2nd Bn", "21.28", 4)]:
        area(prefix, centre, n)
    cn = set(_region(hag, "7.1 7.3 Chinese 172nd"))
    for h in ("12.01", "12.07", "22.12", "22.01", "17.05"):
        assert h in cn, h
    for h in ("12.08", "22.13", "11.03", "23.05", "17.12"):
        assert h not in cn, h
    # room for the 172nd two hexes clear of any hex How or Item could hold
    held = set(_region(hag, "7.1 7.3 US How/3/1")) | set(_region(hag, "7.1 7.3 US Item/3/1"))
    assert len([h for h in cn if min(hag.distance(h, x) for x in held) >= 2]) >= 15
    east = set(_region(hag, "7.2 7.5 Chinese 240th"))
    assert east == {h for h in hag.range("17.30", 3) + hag.range("21.26", 3) if hag.terrain(h) != "water"}
    free = _region(hag, "7.3 free set-up How/3/11")
    assert all(hag.parse_id(h)[1] >= 23 for h in free) and "9.25" in free


def test_hagaru_roads_and_edges(hag):
    reach = _road_reach(hag, "13.21")
    rows = [hag.parse_id(h)[1] for h in reach]
    cols = [hag.parse_id(h)[0] for h in reach]
    assert 1 in rows and 35 in rows and 1 in cols  # to Koto-ri, along the reservoir, to Yudam-ni
    assert set(_region(hag, "Hagaru")) & reach and "17.16" in reach  # the town and the airstrip
    for prefix, test in [("map edge SW", lambda c, r: r == 1), ("map edge NW", lambda c, r: c == 1),
                         ("map edge NE", lambda c, r: r == 35), ("map edge SE", lambda c, r: c == 31)]:
        edge = _region(hag, prefix)
        assert edge and all(test(*hag.parse_id(h)) for h in edge)


def test_hagaru_reservoir_and_frozen_marsh(hag):
    water = [h for h in hag.ids() if hag.terrain(h) == "water"]
    assert water and all(hag.elevation(h) == 1070 for h in water)
    assert all(hag.parse_id(h)[0] <= 12 for h in water)  # the reservoir's south shore, top left
    marsh = [h for h in hag.ids() if hag.terrain(h) == "frozen-marsh"]
    assert marsh and set(marsh) & set(_region(hag, "7.1 7.3 US Item/3/1"))
