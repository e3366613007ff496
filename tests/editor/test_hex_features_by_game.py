"""The map editor offers the hex features a map's game reads: Korea's map its cities, ports,
capitals, star cities, towns and the rest; a Semper Fi! contour map none (before, every hex map
offered Korea's city, port, capital and star-city boxes, which Semper Fi! never reads)."""

from __future__ import annotations

from pathlib import Path

from app.editor import style

from .conftest import click

ROOT = Path(__file__).resolve().parents[2]


def test_the_features_come_from_the_games_own_maps():
    korea = style.hex_features("korea38")
    assert {"city", "port", "capital", "star-city", "town", "coastal"} <= set(korea)
    assert korea[:4] == ("city", "port", "capital", "star-city")
    assert style.hex_features("semper-fi") == ()
    # a map of no game keeps the defaults; a feature already in the map is always offered
    assert style.hex_features(None) == ("city", "port", "capital", "star-city")
    assert style.hex_features("semper-fi", {"hexes": {"1.01": {"features": ["ford"]}}}) == ("ford",)


def test_a_semper_fi_map_shows_no_city_or_port_controls(make_window):
    w = make_window(str(ROOT / "resources" / "semper-fi" / "maps" / "fox-hill.json"))
    assert "feature" not in w.tool_buttons
    assert w.hex_props.feats == {}
    w.tool_buttons["inspect"].click()
    h = sorted(w.scene.grid.ids())[10]
    click(w.view, w.scene.hex_centre(h))
    assert w.scene.selected_hex == h and w.hex_props.title.text() == f"Hex {h}"


def test_korea_shows_its_features_and_reads_seouls(make_window):
    w = make_window(str(ROOT / "resources" / "korea38" / "map.json"))
    assert "feature" in w.tool_buttons
    assert {"city", "capital", "town", "coastal"} <= set(w.hex_props.feats)
    seoul = next(h for h, e in w.doc.data["hexes"].items() if "capital" in (e.get("features") or [])
                 and e.get("name", "").startswith("Seoul"))
    w.tool_buttons["inspect"].click()
    w.view.centerOn(w.scene.hex_centre(seoul))
    click(w.view, w.scene.hex_centre(seoul))
    assert w.scene.selected_hex == seoul
    assert w.hex_props.feats["capital"].isChecked() and w.hex_props.feats["city"].isChecked()
    assert not w.hex_props.feats["star-city"].isChecked()
