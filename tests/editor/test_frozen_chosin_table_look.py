"""The Frozen Chosin table as the game window and the editor print it: ice, entry zones, roads,
hills and town blocks come out in their own colours (sampled from an offscreen picture)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "resources" / "frozen-chosin" / "table.json"
SCALE = 0.5


def _render(data: dict):
    from app.ui.boards import TableBoard
    from tests.editor.conftest import paint_board
    board = TableBoard(data)
    r = board.rect()
    img = paint_board(board, SCALE, SCALE)

    def px(x: float, y: float) -> QColor:
        q = board.pt(x, y)
        return img.pixelColor(int((q.x() - r.left()) * SCALE), int((q.y() - r.top()) * SCALE))
    return board, img, px


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(TABLE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def printed(qapp, data):
    return _render(data)


def _lum(c: QColor) -> float:
    return 0.3 * c.red() + 0.59 * c.green() + 0.11 * c.blue()


def test_the_reservoir_is_printed_as_ice_not_open_water(printed, data):
    board, _img, px = printed
    ice = px(40.0, 12.0)  # the middle of the main body
    assert ice.blue() >= ice.red() and _lum(ice) > 185, ice.name()
    # the same outline without ice is open water, darker and bluer
    thawed = copy.deepcopy(data)
    for f in thawed["features"]:
        if f["kind"] == "lake":
            f["attrs"]["ice"] = False
    _b, _i, px2 = _render(thawed)
    water = px2(40.0, 12.0)
    assert _lum(water) < _lum(ice) - 10 and water.blue() > water.red() + 20


def test_entry_zones_are_tinted_red_over_the_cloth(printed):
    _board, _img, px = printed
    zone, cloth = px(70.5, 16.0), px(64.0, 38.0)  # inside zone 5; plain cloth south of it
    assert zone.red() - zone.green() > cloth.red() - cloth.green() + 8, (zone.name(), cloth.name())


def test_roads_hills_and_towns_have_their_printed_look(printed, data):
    from shapely.geometry import LineString
    board, img, px = printed
    road = next(f for f in data["features"] if f["id"] == "road-yudam-ni-west")
    mid = LineString(road["line"]).interpolate(0.5, normalized=True)
    ribbon = px(mid.x, mid.y + 0.25)
    cloth = px(mid.x, mid.y + 2.5)
    assert ribbon.red() > cloth.red() + 30 and ribbon.red() > ribbon.blue() + 30, (ribbon.name(), cloth.name())
    # contour shading: a hill's crest is lighter than its foot
    hill = next(f for f in board.table.features() if f.id == "ridge-west-flank")
    crest = hill.geometry.buffer(-1.0).representative_point()
    foot = hill.geometry.exterior.interpolate(0.3, normalized=True)
    inward = hill.geometry.buffer(-0.1).exterior.interpolate(hill.geometry.buffer(-0.1).exterior.project(foot))
    assert _lum(px(crest.x, crest.y)) > _lum(px(inward.x, inward.y)) + 15
    # the town blocks carry dark roofs (the plain cloth and the roads have none)
    from shapely.geometry import Point
    for tid in ("town-hagaru-ri", "town-koto-ri", "town-yudam-ni"):
        town = board.table.feature(tid).geometry
        minx, miny, maxx, maxy = town.bounds
        dark = 0
        steps = 60
        for i in range(steps):
            for j in range(steps):
                x, y = minx + (maxx - minx) * i / steps, miny + (maxy - miny) * j / steps
                if town.contains(Point(x, y)) and _lum(px(x, y)) < 100:
                    dark += 1
        assert dark > 15, (tid, dark)
    plain = sum(_lum(px(60 + i * 0.1, 40.0)) < 100 for i in range(60))
    assert plain == 0


def test_the_editor_prints_the_same_table_under_its_layers(qapp):
    from app.editor.document import Document
    from app.editor.tablescene import TableScene
    from app.ui.boards import TableBoard
    doc = Document.open(str(TABLE))
    s = TableScene(doc)
    assert isinstance(s.printed.board, TableBoard)
    assert len(s.printed.features) == len(doc.data["features"])


def test_painting_tile_by_tile_gives_the_same_picture(qapp, data):
    """The window paints the board in tiles and skips features far from each tile: nothing may
    go missing at a tile's edge (names, shadows, hachures and arrows reach across)."""
    from app.ui.boards import TableBoard
    board = TableBoard(data)
    board.show_grid = False  # its dashes restart in every tile
    r = board.rect()
    w, h = int(r.width()), int(r.height())
    whole = QImage(w, h, QImage.Format_ARGB32)
    whole.fill(QColor("white"))
    p = QPainter(whole)
    p.translate(-r.left(), -r.top())
    board.paint(p, QRectF(r), 1.0)
    p.end()
    tiled = QImage(w, h, QImage.Format_ARGB32)
    tiled.fill(QColor("white"))
    size = 400
    for i in range(0, w, size):
        for j in range(0, h, size):
            tile = QImage(size, size, QImage.Format_ARGB32)
            tile.fill(QColor("white"))
            p = QPainter(tile)
            p.translate(-r.left() - i, -r.top() - j)
            board.paint(p, QRectF(r.left() + i, r.top() + j, size, size), 1.0)
            p.end()
            q = QPainter(tiled)
            q.drawImage(i, j, tile)
            q.end()
    differ = total = 0
    for x in range(0, w, 3):
        for y in range(0, h, 3):
            a, b = whole.pixelColor(x, y), tiled.pixelColor(x, y)
            total += 1
            if abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) > 40:
                differ += 1
    # a few anti-aliased edge pixels differ (about 30 of 245,000 samples); a name or a shadow
    # cut off at a tile's edge costs hundreds
    assert differ < 100, (differ, total)
