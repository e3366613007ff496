"""Building a Semper Fi! tactical map in the editor like a designer: C.RR numbering counted
upwards, elevations in metres drawn as contour lines, hilltops with names and heights, set-up
areas, boundary lines and the road column display; and the printed board drawing them."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest

from app.editor.hexscene import BOARD_DELAY_MS
from app.engine.hexgrid import HexGrid
from app.engine.validate import validate_path
from app.ui.boards import HexBoard

from .conftest import click, drag, new_map_through_dialog, paint_board

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "resources" / "semper-fi" / "maps"


def _new_tactical_map(make_window):
    w = make_window(None, kind="counters")

    def runner(dlg):
        dlg.columns.setValue(8)
        dlg.rows.setValue(7)
        dlg.offset.setCurrentText("even")
        dlg.id_format.setCurrentText("C.RR")
        dlg.default_terrain.setText("open")
        dlg.rows_up.setChecked(True)
        return True

    return new_map_through_dialog(w, runner)


def test_new_map_numbers_c_rr_upwards(make_window):
    w = _new_tactical_map(make_window)
    s = w.scene
    lay = w.doc.data["layout"]
    assert lay["id_format"] == "C.RR" and lay["rows_up"] is True
    # row 1 is the bottom row on screen, and a click there picks it
    assert s.hex_centre("3.01").y() > s.hex_centre("3.07").y()
    assert s.hex_at(s.hex_centre("3.01")) == "3.01"


def test_paint_elevations_in_metres_and_store_the_contour_interval(make_window, qtbot):
    w = _new_tactical_map(make_window)
    s, view, doc = w.scene, w.view, w.doc
    QTest.mouseClick(w.tool_buttons["elevation"], Qt.LeftButton)
    w.elev_spin.setValue(147)
    click(view, s.hex_centre("4.04"))
    w.brush_combo.setCurrentIndex(1)
    w.elev_spin.setValue(120)
    click(view, s.hex_centre("4.04"))  # the ring around it, then the summit again
    w.brush_combo.setCurrentIndex(0)
    w.elev_spin.setValue(147)
    click(view, s.hex_centre("4.04"))
    assert doc.data["hexes"]["4.04"]["elevation"] == 147
    assert doc.data["hexes"]["4.05"]["elevation"] == 120
    assert "contour_interval" not in doc.data
    w.contour_spin.setValue(20)
    assert doc.data["contour_interval"] == 20
    doc.undo_stack.undo()
    assert "contour_interval" not in doc.data
    doc.undo_stack.redo()
    assert doc.data["contour_interval"] == 20 and w.contour_spin.value() == 20
    # the printed map is rebuilt with contour lines: level 7 around the summit, 6 around the ring
    qtbot.waitUntil(lambda: s.board_item.board is not None and bool(s.board_item.board.contours),
                    timeout=BOARD_DELAY_MS * 30)
    levels = sorted({k for k, _, _ in s.board_item.board.contours})
    assert levels == [1, 2, 3, 4, 5, 6, 7]


def test_hilltop_tool_names_heights_and_hexes(make_window):
    w = _new_tactical_map(make_window)
    s, view, doc = w.scene, w.view, w.doc
    doc.edit("heights", [(("hexes", "5.05"), {"elevation": 147}), (("hexes", "5.06"), {"elevation": 147})])
    QTest.mouseClick(w.tool_buttons["hilltop"], Qt.LeftButton)
    asked = []
    w.ask_text = lambda title, default: (asked.append(default), "Hill 147")[1]
    click(view, s.hex_centre("5.05"))
    assert asked == ["Hill 147"]  # the default names it by the hex's elevation
    assert doc.data["landmarks"] == [{"at": "5.05", "height": 147, "kind": "hilltop", "name": "Hill 147"}]
    # a hill of several hexes: one entry per hex, same name and height
    click(view, s.hex_centre("5.06"), modifier=Qt.ShiftModifier)
    click(view, s.hex_centre("4.05"), modifier=Qt.ShiftModifier)
    assert [(m["at"], m["name"], m["height"]) for m in doc.data["landmarks"]] == \
        [("5.05", "Hill 147", 147), ("5.06", "Hill 147", 147), ("4.05", "Hill 147", 147)]
    g = HexGrid.from_json(doc.data)
    assert g.landmark_hexes(g.landmarks("hilltop")[1]) == ["5.05", "5.06", "4.05"]
    # renaming the hill from any of its hexes renames all of them
    w.ask_text = lambda title, default: "Obong-ni crest (147)"
    click(view, s.hex_centre("5.06"))
    assert {m["name"] for m in doc.data["landmarks"]} == {"Obong-ni crest (147)"}
    click(view, s.hex_centre("5.05"), button=Qt.RightButton)
    assert [m["at"] for m in doc.data["landmarks"]] == ["5.06", "4.05"]
    # shift-click on a hex of the hill takes it off again
    click(view, s.hex_centre("4.05"), modifier=Qt.ShiftModifier)
    assert [m["at"] for m in doc.data["landmarks"]] == ["5.06"]
    for _ in range(6):
        doc.undo_stack.undo()
    assert doc.data.get("landmarks") in (None, [])


def test_set_up_area_boundary_and_road_column(make_window, tmp_path):
    w = _new_tactical_map(make_window)
    s, view, doc = w.scene, w.view, w.doc
    # a set-up area named with its scenario
    w.new_region("4.1 NK set-up: 6 or more hexes from 1.01")
    w.brush_combo.setCurrentIndex(1)
    click(view, s.hex_centre("6.05"))
    w.brush_combo.setCurrentIndex(0)
    assert len(doc.data["regions"]["4.1 NK set-up: 6 or more hexes from 1.01"]) == 7
    # a boundary line along the north side of row 5
    w.new_line("us-boundary")
    for c in (3, 4):
        click(view, s.side_centre(f"{c}.05", f"{c}.06"))
    assert doc.data["lines"][0]["hexsides"] == ["3.05/3.06", "4.05/4.06"]
    # a road from the south edge, and the road column display feeding its first hex
    QTest.mouseClick(w.tool_buttons["road"], Qt.LeftButton)
    drag(view, [s.hex_centre(h) for h in ("4.01", "4.02", "4.03")])
    w.ask_text = lambda title, default: {"Hex where the road column enters the map": "4.01"}.get(title, "18")
    w.map_menu.actions()[-1].trigger()
    box = doc.data["boxes"][0]
    assert (box["id"], box["anchor"], box["slots"]) == ("road-column", "4.01", 18)
    # below the map, since 4.01 is on the bottom edge
    _, _, _, y1 = s.grid.pixel_bounds()
    assert box["y"] > y1
    w.road_column("4.03", 18)
    assert len(doc.data["boxes"]) == 1 and doc.data["boxes"][0]["anchor"] == "4.03"
    path = tmp_path / "tactical.json"
    w.save_as(str(path))
    assert validate_path(path) == []
    # the game window's board shows it as a box tagged at its entry hex
    board = HexBoard(json.loads(path.read_text()))
    assert [b["id"] for b in board.boxes()] == ["road-column"]


def test_resize_a_map_numbered_upwards(make_window):
    w = _new_tactical_map(make_window)
    doc = w.doc
    doc.edit("hill", [(("landmarks",), [{"at": "2.02", "kind": "hilltop", "name": "Hill 9", "height": 9}])])
    w.resize_map(top=1)  # a row added on screen top: the highest row number, nothing renumbered
    assert doc.data["layout"]["rows"] == 8 and doc.data["landmarks"][0]["at"] == "2.02"
    w.resize_map(bottom=1)  # a row added under row 1: every row renumbered one up
    assert doc.data["landmarks"][0]["at"] == "2.03"


def test_shipped_semper_fi_maps_open_and_draw_contours_and_hilltops(make_window, qtbot, tmp_path):
    hills = {"changchon.json": {"Hill 202"}, "no-name-ridge.json": {"Hill 102", "Hill 153", "Observation Hill"}}
    for name, wanted in hills.items():
        w = make_window(str(MAPS / name))
        board = w.scene.board_item.board
        assert isinstance(board, HexBoard) and board.contours
        assert wanted <= {m["name"] for m in board.hilltops}
        assert w.contour_spin.value() == 20
        out = tmp_path / name
        w.save_as(str(out))
        assert out.read_bytes() == (MAPS / name).read_bytes()


def _paint(data: dict, scale: float = 1.0) -> QImage:
    img = paint_board(HexBoard(data), scale, 1.0)
    return img


def test_printed_board_draws_contour_lines_only_where_the_map_asks(qtbot):
    data = json.loads((MAPS / "no-name-ridge.json").read_text())
    with_lines = _paint(data, 0.3)
    plain = dict(data)
    del plain["contour_interval"]
    without = _paint(plain, 0.3)
    diff = sum(1 for x in range(0, with_lines.width(), 2) for y in range(0, with_lines.height(), 2)
               if with_lines.pixel(x, y) != without.pixel(x, y))
    assert diff > 2000
    # and the Korea map, which has elevations but no contour interval, draws none
    korea = HexBoard(json.loads((ROOT / "resources/korea38/map.json").read_text()))
    assert korea.contours == [] and korea.level_tints == []


def test_hex_dock_shows_contour_level_and_hilltop(make_window):
    w = make_window(str(MAPS / "no-name-ridge.json"))
    QTest.mouseClick(w.tool_buttons["inspect"], Qt.LeftButton)
    click(w.view, w.scene.hex_centre("5.07"))
    assert w.hex_props.title.text() == "Hex 5.07"
    assert w.hex_props.elev.value() == 143
    assert w.hex_props.level.text() == "7 (every 20 m) \u00b7 Hill 143"
