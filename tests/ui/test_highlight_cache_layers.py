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
    r96 = item.boundingRect()
    item.set_shapes(big[:40])                        # a new list: its own outline
    assert item.boundingRect() != r96 and item._key is None
    assert scene_items._big_layer(big[:40]) is None


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
