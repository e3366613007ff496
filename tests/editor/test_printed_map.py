"""The editor draws the game's printed map under its own layers, rebuilt shortly after edits."""

from __future__ import annotations

from PySide6.QtGui import QImage, QPainter

from app.editor.document import Document
from app.editor.hexscene import BOARD_DELAY_MS, HexMapScene, label_font
from app.ui.boards import HexBoard


def _scene(qtbot):
    doc = Document.open("resources/korea38/map.json")
    return HexMapScene(doc, {"open": "#EEE", "mountain": "#A80", "sea": "#9BD"})


def test_label_size_is_points_at_a_24px_hex(qtbot):
    # "size": 16 on a 40 px hex is a 27 px font, not 16 x 0.32 x 40 = 205 px
    assert label_font({"size": 16}, 40.0).pixelSize() == 27
    assert label_font({}, 40.0).pixelSize() == 17


def test_printed_board_under_editor_layers_and_debounced_rebuild(qtbot):
    s = _scene(qtbot)
    board = s.board_item.board
    assert isinstance(board, HexBoard)
    # the printed map lines up with the editor's hexes
    r = s.board_item.boundingRect()
    assert r.contains(s.hex_centre("0922"))
    s.tool, s.terrain = "terrain", "mountain"
    s.press(s.hex_centre("1220"))
    s.release(s.hex_centre("1220"))
    assert "1220" in s.dirty_hexes and s.board_item.board is board
    qtbot.waitUntil(lambda: s.board_item.board is not board, timeout=BOARD_DELAY_MS * 20)
    assert not s.dirty_hexes
    assert s.board_item.board.terrain["1220"] == "mountain"
    # both layers paint
    img = QImage(400, 400, QImage.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    s.render(p)
    p.end()
    s.set_printed_map(False)
    assert s.board_item.board is None


def test_table_printed_under_editor_layers(qtbot):
    from app.editor.tablescene import BOARD_DELAY_MS as TABLE_DELAY, TableScene
    from app.ui.boards import TableBoard
    doc = Document.open("resources/guts/table.json")
    s = TableScene(doc)
    board = s.printed.board
    assert isinstance(board, TableBoard)
    # one inch on the printed table is one inch in the editor
    r = s.printed.boundingRect()
    assert abs(r.left() + board.pad * s.printed._t()) < 1e-6
    f = doc.data["features"][0]
    key = "polygon" if "polygon" in f else "line"
    pts = [list(p) for p in f[key]]
    pts[0] = [pts[0][0] + 1, pts[0][1] + 1]
    doc.edit("move", [(("features", 0, key), pts)])
    assert s.printed.features[0] != doc.data["features"][0]  # drawn flat until rebuilt
    qtbot.waitUntil(lambda: s.printed.board is not board, timeout=TABLE_DELAY * 20)
    assert s.printed.features[0] == doc.data["features"][0]
    img = QImage(300, 300, QImage.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    s.render(p)
    p.end()


def test_point_to_point_printed_under_editor_layers(qtbot):
    from app.editor.graphscene import BOARD_DELAY_MS as GRAPH_DELAY, GraphScene
    from app.ui.boards import GraphBoard
    doc = Document.open("resources/chosin-few/board.json")
    s = GraphScene(doc)
    board = s.printed.board
    assert isinstance(board, GraphBoard)
    sp = doc.data["spaces"][0]
    # each plaque sits on its space
    plaque = s.printed.to_editor(board.plaque(sp["id"]))
    assert abs(plaque.center().x() - float(sp["x"])) < 1e-6 and abs(plaque.center().y() - float(sp["y"])) < 1e-6
    i = 0
    doc.edit("move", [(("spaces", i, "x"), float(sp["x"]) + 20)])
    assert sp["id"] in s.printed.dirty_spaces(doc.data["spaces"])
    qtbot.waitUntil(lambda: s.printed.board is not board, timeout=GRAPH_DELAY * 20)
    assert not s.printed.dirty_spaces(doc.data["spaces"])
    img = QImage(300, 300, QImage.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    s.render(p)
    p.end()
