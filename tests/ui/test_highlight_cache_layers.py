"""A target layer handed to the scene again (the same piece pressed again) is drawn exactly as a
fresh layer with the same shapes, without working its outline and picture key out again; an
empty layer is skipped by a frame; the simple counters' cached font draws what a fresh one drew."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsItem, QGraphicsScene

from app.ui import highlight_cache as hc
from app.ui import scene_items, theme
from app.ui.scene_items import PathItem, paint_simple_counter

from tests.ui.test_highlight_cache import _hexes


def _render(item: PathItem, scale: float = 1.5) -> QImage:
    scene = QGraphicsScene()
    scene.addItem(item)
    img = QImage(600, 400, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(p, QRectF(0, 0, 600, 400), QRectF(0, 0, 600 / scale, 400 / scale))
    p.end()
    scene.removeItem(item)
    return img


def test_the_same_big_layer_again_is_drawn_the_same_without_working_it_out_again(monkeypatch) -> None:
    QApplication.instance() or QApplication([])
    hc.clear()
    shapes = _hexes(96)
    fresh = PathItem(10)
    fresh.set_shapes([tuple(s) for s in shapes])        # other list objects: worked out anew
    first = _render(fresh)
    item = PathItem(10)
    item.set_shapes(shapes)
    rect = item.boundingRect()
    item.clear()
    calls = []
    real = hc.content_key
    monkeypatch.setattr(hc, "content_key", lambda s: calls.append(1) or real(s))
    item.set_shapes(shapes)                          # pressed again: remembered
    assert item.boundingRect() == rect == fresh.boundingRect()
    again = _render(item)
    assert calls == []                               # neither at set_shapes nor at paint
    assert again == first                            # the same pixels


def test_a_changed_or_small_layer_is_worked_out_again() -> None:
    QApplication.instance() or QApplication([])
    item = PathItem(10)
    big = _hexes(96)
    item.set_shapes(big)
    r96, k96 = item.boundingRect(), item._key
    part = big[:40]
    item.set_shapes(part)                            # a new list: its own outline and key
    assert item.boundingRect() != r96 and item._key not in (None, k96)
    small = big[:hc.MIN_SHAPES - 1]
    item.set_shapes(small)                           # drawn directly: nothing remembered
    assert item._key is None and scene_items._big_layer(small) is None


def test_an_empty_layer_has_no_contents_until_it_gets_shapes() -> None:
    QApplication.instance() or QApplication([])
    flag = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
    item = PathItem(10)
    assert item.flags() & flag
    item.set_shapes(_hexes(3))
    assert not item.flags() & flag
    blank = _render(PathItem(10))
    assert _render(item) != blank
    item.clear()
    assert item.flags() & flag and _render(item) == blank


def test_the_simple_counter_font_draws_what_a_fresh_font_drew() -> None:
    QApplication.instance() or QApplication([])
    piece = {"id": "a", "side": "us", "values": "4-3", "kind": "counter"}
    body = QRectF(10, 10, 24, 24)

    def draw(fresh: bool) -> QImage:
        img = QImage(50, 50, QImage.Format.Format_ARGB32_Premultiplied)
        img.fill(QColor("white"))
        p = QPainter(img)
        if fresh:
            scene_items._simple_font.cache_clear()
            orig = scene_items._simple_font
            scene_items._simple_font = lambda px: theme.counter_font(px, True)
            try:
                paint_simple_counter(p, piece, body, ("us", "them"))
            finally:
                scene_items._simple_font = orig
        else:
            paint_simple_counter(p, piece, body, ("us", "them"))
        p.end()
        return img

    assert draw(False) == draw(True) == draw(False)


def test_a_units_few_dozen_moves_are_cached_and_the_pictures_stay_within_the_budget(monkeypatch) -> None:
    from tests.ui.test_highlight_cache import _differ, _draw
    QApplication.instance() or QApplication([])
    hc.clear()
    moves = _hexes(hc.MIN_SHAPES)                   # a unit's moves: now a picture too
    direct, cached = _draw(moves, cached=False), _draw(moves, cached=True)
    assert len(hc._pictures) == 1
    assert _differ(direct, cached) <= (direct.width() // 2) * (direct.height() // 2) * 0.001
    img = QImage(4, 4, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    assert not hc.paint(_hexes(hc.MIN_SHAPES - 1), [], None, p)    # fewer: drawn directly
    p.end()
    hc.clear()
    _draw(moves, cached=True, scale=1.0)
    one = sum(pm.width() * pm.height() for pm, _l, _t in hc._pictures.values())
    monkeypatch.setattr(hc, "BUDGET_PIXELS", 6 * one)
    for scale in (1.1, 1.2, 1.3, 1.4, 1.5):         # five more pictures, each larger
        _draw(moves, cached=True, scale=scale)
    total = sum(pm.width() * pm.height() for pm, _l, _t in hc._pictures.values())
    assert total <= hc.BUDGET_PIXELS and 1 < len(hc._pictures) < 6
    assert list(hc._pictures)[-1][1] == 1.5            # the latest is kept
    monkeypatch.setattr(hc, "BUDGET_PIXELS", 10)       # one picture over the budget stays alone
    _draw(moves, cached=True, scale=2.0)
    assert len(hc._pictures) == 1


def test_the_overview_redraws_its_dots_only_when_a_piece_moves(qtbot) -> None:
    from play_feel_util import game_window
    w = game_window(qtbot, "semper-fi")
    ov = w.view.overview
    qtbot.waitUntil(lambda: not ov._stale(), timeout=5000)
    first = ov._picture()
    assert ov._picture() is first                     # nothing moved: the same picture, no pass
    it = next(i for i in w.scene.items_by_id.values() if i.isVisible())
    br, s = w.scene.board.rect(), ov._scale()
    spot = br.center()

    def dot_at(pos) -> int:
        img = ov._picture().toImage()
        return QColor(img.pixel(round((pos.x() - br.left()) * s), round((pos.y() - br.top()) * s))).rgba()
    colour = QColor.fromRgba(it.dot_rgba).rgba()
    bare = dot_at(spot)
    assert bare != colour
    old = it.pos()
    it.setPos(spot)                                     # a piece moves: its dot is drawn there
    moved = ov._picture()
    assert moved is not first and dot_at(spot) == colour
    it.setVisible(False)                                # hides: its dot goes
    assert ov._picture() is not moved and dot_at(spot) == bare
    it.setVisible(True)
    assert dot_at(spot) == colour
    it.setPos(old)                                      # back: the spot is bare again
    assert dot_at(spot) == bare
