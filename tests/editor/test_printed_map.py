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
