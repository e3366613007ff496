"""Hex maps with rows counted upwards, contour levels in metres and landmarks (Semper Fi! maps)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.engine.hexgrid import HexGrid, HexLayout, HexMapError, validate_hexmap

ROOT = Path(__file__).resolve().parents[2]


def _grid(rows_up: bool) -> HexGrid:
    return HexGrid(HexLayout(columns=7, rows=6, offset="even", id_format="C.RR", rows_up=rows_up))


def test_rows_up_mirrors_pixels_only():
    down, up = _grid(False), _grid(True)
    for h in down.ids():
        assert down.neighbours(h) == up.neighbours(h)
        xd, yd = down.to_pixel(h)
        xu, yu = up.to_pixel(h)
        assert xu == pytest.approx(xd) and yu == pytest.approx(-yd)
        assert up.from_pixel(xu, yu) == h
    # row 2 is drawn above row 1
    assert up.to_pixel("3.02")[1] < up.to_pixel("3.01")[1]
    assert down.line("1.01", "7.06") == up.line("1.01", "7.06")


def test_rows_up_hexside_endpoints_lie_between_the_two_centres():
    g = _grid(True)
    for h in g.ids():
        for n in g.neighbours(h):
            (x1, y1), (x2, y2) = g.hexside_endpoints(h, n)
            (ax, ay), (bx, by) = g.to_pixel(h), g.to_pixel(n)
            assert ((x1 + x2) / 2, (y1 + y2) / 2) == pytest.approx(((ax + bx) / 2, (ay + by) / 2))


def test_rows_up_direction_names_point_the_right_way():
    g = _grid(True)
    # direction 0 leads to the lower row, which is south on a map numbered upwards
    assert g.neighbour("3.03", 0) == "3.02"
    assert g.direction_names[0] == "S"
    assert _grid(False).direction_names[0] == "N"


def test_rows_up_written_only_when_set_so_older_maps_keep_their_bytes():
    assert "rows_up" not in _grid(False).layout.to_json()
    assert _grid(True).layout.to_json()["rows_up"] is True
    data = json.loads((ROOT / "resources/korea38/map.json").read_text())
    assert HexGrid.from_json(data).to_json() == data


def test_bad_rows_up_contour_interval_and_landmarks_are_reported():
    data = _grid(True).to_json()
    data["layout"]["rows_up"] = "yes"
    assert ("layout.rows_up", "must be true or false") in validate_hexmap(data)
    data = _grid(True).to_json()
    data["contour_interval"] = 0
    data["landmarks"] = [{"at": "9.09", "kind": "hilltop", "name": "Hill 1"},
                         {"at": "1.01", "kind": "hilltop", "name": 5, "height": 12, "hexes": ["1.01", "0.01"]}]
    paths = {p for p, _ in validate_hexmap(data)}
    assert {"contour_interval", "landmarks[0].at", "landmarks[0].height", "landmarks[1].name",
            "landmarks[1].hexes[1]"} <= paths
    with pytest.raises(HexMapError):
        HexGrid.from_json(data)


def test_contour_level_is_elevation_floor_divided_by_interval():
    g = _grid(True)
    g.set_elevation("2.02", 139)
    g.set_elevation("2.03", 140)
    g.set_elevation("2.04", -5)
    assert g.contour_interval == 20
    assert [g.contour_level(h) for h in ("2.02", "2.03", "2.04", "1.01")] == [6, 7, -1, 0]
    g.extra["contour_interval"] = 50
    assert g.contour_level("2.03") == 2


def test_landmarks_and_their_hexes():
    data = json.loads((ROOT / "resources/semper-fi/maps/no-name-ridge.json").read_text())
    g = HexGrid.from_json(data)
    hills = {m["name"]: g.landmark_hexes(m) for m in g.landmarks("hilltop")}
    assert hills["Hill 147"] == ["5.05", "5.06", "4.05"]
    assert hills["Hill 102"] == ["7.13"]
    assert {m["name"] for m in g.landmarks("place")} == {"Tugok", "Obong-ni"}
