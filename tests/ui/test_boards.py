"""Point-to-point boards and tables in the window (sandbox), offscreen pictures, board files and
the benchmark hooks."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

import ui_hexgame as hexgame
from conftest import make_window
from window_util import drag, pretend_without_rules as _pretend_without_rules

pytestmark = pytest.mark.gui

GRAPH = {
    "kind": "pointgraph", "version": 1,
    "spaces": [
        {"id": "LD", "name": "Line of Departure", "colour": "white", "x": 0, "y": 0, "tags": ["start"]},
        {"id": "A-1", "name": "Hill 1282", "colour": "red", "x": 220, "y": 40, "tags": []},
        {"id": "C", "name": "Hagaru-ri", "colour": "yellow", "x": 120, "y": 220, "tags": ["town"]},
        {"id": "D-1", "name": "Koto-ri", "colour": "brown", "x": 300, "y": 300, "tags": ["exit"]},
    ],
    "arrows": [{"from": "A-1", "to": "C", "colour": "red"}, {"from": "C", "to": "D-1", "colour": "blue"}],
    "links": [{"a": "LD", "b": "A-1", "style": "dashed"}, {"a": "LD", "b": "C", "style": "dashed"},
              {"a": "C", "b": "D-1", "style": "solid"}],
    "labels": [{"text": "CHOSIN", "x": 150, "y": 120}],
}

TABLE = {
    "kind": "table", "version": 1, "width": 36, "height": 24, "units": "in",
    "features": [
        {"id": "hill", "kind": "hill", "name": "Hill 351", "polygon": [[4, 4], [14, 3], [16, 10], [6, 12]],
         "attrs": {"elevation": 3}},
        {"id": "wood", "kind": "woods", "polygon": [[20, 4], [28, 4], [28, 10], [20, 10]], "attrs": {"blocks_los": True}},
        {"id": "hut", "kind": "building", "polygon": [[24, 16], [27, 16], [27, 18], [24, 18]]},
        {"id": "road", "kind": "road", "line": [[0, 20], [18, 14], [36, 14]], "attrs": {"width": 1.0}},
    ],
    "labels": [],
}

GRAPH_PIECES = [
    {"id": "cube-1", "at": "LD", "kind": "cube", "side": "marines", "colour": "#3E6FA8"},
    {"id": "cube-2", "at": "LD", "kind": "cube", "side": "marines", "colour": "#3E6FA8"},
    {"id": "st-1", "at": "A-1", "kind": "standee", "side": "enemy", "colour": "red", "label": "PVA", "unit_type": "infantry"},
    {"id": "card", "at": "box:orders", "kind": "card", "label": "Order 1", "text": "Attack A-1"},
]

TABLE_PIECES = [
    {"id": "sq-1", "at": [6.0, 20.0], "kind": "base", "side": "us", "nation": "us", "unit_type": "infantry",
     "label": "1st", "w": 1.0, "h": 1.0},
    {"id": "mg", "at": [30.0, 6.0], "kind": "base", "side": "enemy", "colour": "#B23B32", "label": "MG",
     "r": 0.5, "flags": ["pinned"]},
]


def sandbox(win, board, pieces):
    from app.engine.match import Match
    from app.ui.sandbox import SandboxGame, scenario_from
    m = Match.start(SandboxGame("test board"), scenario_from(board, pieces), seed=2)
    win.start_match(m, mode="sandbox")
    return m


def at(m, pid):
    return next(p for p in m.state.pieces if p["id"] == pid)["at"]


def test_pointgraph_board_drop_on_a_space(qtbot):
    win = make_window(qtbot, start=False)
    m = sandbox(win, GRAPH, GRAPH_PIECES)
    assert win.scene.board.kind == "pointgraph"
    a = win.view.mapFromScene(win.scene.items_by_id["cube-1"].pos())
    b = win.view.mapFromScene(win.scene.board.plaque("D-1").center())
    drag(win, a, b)
    assert at(m, "cube-1") == "D-1"
    # hovering a space names it
    QTest.mouseMove(win.view.viewport(), win.view.mapFromScene(win.scene.board.plaque("C").center()))
    assert "Hagaru-ri" in win.where_label.text()
    # measuring counts links
    win.act_measure.trigger()
    drag(win, win.view.mapFromScene(win.scene.board.plaque("LD").center()),
         win.view.mapFromScene(win.scene.board.plaque("D-1").center()))
    assert "2 link(s)" in win.view.measure_text


def test_table_drop_anywhere_in_inches_and_ruler(qtbot):
    win = make_window(qtbot, start=False)
    m = sandbox(win, TABLE, TABLE_PIECES)
    board = win.scene.board
    assert board.kind == "table" and board.free
    a = win.view.mapFromScene(win.scene.items_by_id["sq-1"].pos())
    b = win.view.mapFromScene(board.pt(12.0, 18.0))
    drag(win, a, b)
    x, y = at(m, "sq-1")
    assert abs(x - 12.0) < 0.2 and abs(y - 18.0) < 0.2
    win.act_measure.trigger()
    drag(win, win.view.mapFromScene(board.pt(0, 0)), win.view.mapFromScene(board.pt(6, 8)))
    assert win.view.measure_text.startswith("10.0")       # a 6-8-10 triangle
    win.act_grid.trigger()
    assert board.show_grid is False


def test_render_to_png_writes_a_picture(tmp_path):
    from app.engine.saves import match_from_scenario_text
    from app.ui.render import render_to_png
    m = match_from_scenario_text(hexgame.GAME, hexgame.SCENARIO_TEXT, "", 1)
    out = render_to_png(m, tmp_path / "pos.png", width=600)
    img = QImage(str(out))
    assert not img.isNull() and img.width() == 600 and img.height() > 300
    colours = {img.pixel(x, y) for x in range(0, 600, 7) for y in range(0, img.height(), 7)}
    assert len(colours) > 200                        # a picture, not a blank page
    # the sea and the counters are there: a sea-blue pixel and a KPA-brown one
    def near(c, rgb, tol=18):
        from PySide6.QtGui import QColor
        q = QColor(c)
        return all(abs(a - b) <= tol for a, b in zip((q.red(), q.green(), q.blue()), rgb))
    assert any(near(c, (0x9C, 0xC3, 0xD5)) for c in colours)
    assert any(near(c, (0x6B, 0x4A, 0x2F), 25) for c in colours)


def test_render_other_boards(tmp_path):
    from app.engine.match import Match
    from app.ui.render import render_to_png
    from app.ui.sandbox import SandboxGame, scenario_from
    for name, board, pieces in (("graph", GRAPH, GRAPH_PIECES), ("table", TABLE, TABLE_PIECES)):
        m = Match.start(SandboxGame(name), scenario_from(board, pieces), seed=0)
        img = QImage(str(render_to_png(m, tmp_path / f"{name}.png", 500, 500)))
        assert img.width() == 500 and img.height() == 500
        colours = {img.pixel(x, y) for x in range(0, 500, 5) for y in range(0, 500, 5)}
        assert len(colours) > 100


def test_open_a_board_file_in_the_sandbox(qtbot, tmp_path):
    path = tmp_path / "map.json"
    path.write_text(json.dumps(hexgame.HEXMAP))
    win = make_window(qtbot, start=False)
    assert win.open_path(path)
    assert win.mode == "sandbox" and win.scene.board.kind == "hex"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert not win.open_path(bad)
    assert "Cannot open" in win.statusBar().currentMessage()


def test_overlays_switch_on_and_off(win):
    from app.ui.overlays import overlay_key
    ov = [{"kind": "hexes", "id": "zoc", "hexes": ["0505", "0506"], "colour": "#888888", "style": "hatch",
           "optional": True},
          {"kind": "circle", "id": "range", "at": "0404", "r": 30}]
    win.match.game.overlays = lambda state, side: ov       # instance attribute on the test game
    try:
        win.refresh()
        n = len(win.scene.overlay_item.shapes)
        win.set_overlay("zoc", True)
        assert len(win.scene.overlay_item.shapes) > n
        win.set_overlay("range", False)
        win.set_overlay("zoc", False)
        assert win.scene.overlay_item.shapes == []
    finally:
        del win.match.game.overlays


def test_counter_pictures_are_cached_and_distinct():
    from app.ui.counters import clear_cache, render_piece_image
    clear_cache()
    base = {"id": "x", "kind": "counter", "nation": "PVA", "unit_type": "infantry", "size": "XX",
            "label": "9", "values": "7-4"}
    a = render_piece_image(base, 120).toImage()
    b = render_piece_image(dict(base, reduced=True, values="3-4"), 120).toImage()
    assert a != b and a.width() >= 120
    assert render_piece_image(base, 120).cacheKey() == render_piece_image(base, 120).cacheKey()


def test_bench_hooks_on_a_shipped_scenario():
    from app import RESOURCES
    from app.games import is_playable
    scen = [p for p in sorted(RESOURCES.glob("*/scenarios/*.toml")) if is_playable(p.parent.parent.name)]
    if not scen:
        pytest.skip("no playable scenario is shipped yet")
    from app.ui import bench_hooks
    drags = bench_hooks.measure_drag_highlight(scen[0], 2)
    frames = bench_hooks.measure_frame(scen[0], 3, 800, 600)
    assert len(frames) == 3 and all(f >= 0 for f in frames)
    assert all(d >= 0 for d in drags)


def test_a_game_without_rules_opens_in_the_sandbox(qtbot, tmp_path, monkeypatch):
    _pretend_without_rules(monkeypatch, "frozen-chosin")
    (tmp_path / "map.json").write_text(json.dumps(hexgame.HEXMAP))
    scen = tmp_path / "fox-hill.toml"
    scen.write_text('format = "ridgeline-scenario"\nversion = 1\ngame = "frozen-chosin"\nid = "fox-hill"\n'
                    'name = "Fox Hill"\nmap = "map.json"\n\n'
                    '[[units]]\nid = "f-7"\nside = "marines"\nnation = "US"\ntype = "infantry"\nhex = "0504"\n\n'
                    '[[units]]\nid = "cpv-1"\nside = "cpv"\nnation = "PVA"\ntype = "infantry"\nhex = "0602"\n')
    win = make_window(qtbot, start=False)
    assert win.open_path(scen)
    assert win.mode == "sandbox" and win.scene.board.kind == "hex"
    assert set(win.scene.items_by_id) == {"f-7", "cpv-1"}
    a = win.view.mapFromScene(win.scene.items_by_id["f-7"].pos())
    b = win.view.mapFromScene(win.scene.board.anchor("0707"))
    drag(win, a, b)
    assert win.scene.piece("f-7")["at"] == "0707"
    assert not win.act_save.isEnabled()

