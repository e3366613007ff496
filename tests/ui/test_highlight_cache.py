"""The picture cache for big highlight layers draws what the layer would draw, reuses the
picture for the same content and zoom, and leaves small layers alone."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QApplication

from app.ui import highlight_cache as hc


def _hexes(n: int) -> list:
    shapes = []
    brush = QBrush(QColor(80, 200, 80, 110))
    for i in range(n):
        x, y = 30.0 * (i % 12), 26.0 * (i // 12)
        poly = QPolygonF([QPointF(x + 10, y), QPointF(x + 20, y), QPointF(x + 25, y + 13),
                          QPointF(x + 20, y + 26), QPointF(x + 10, y + 26), QPointF(x + 5, y + 13)])
        path = QPainterPath()
        path.addPolygon(poly)
        path.closeSubpath()
        shapes.append((path, brush, QPen(QColor(20, 90, 20), 1.2)))
    return shapes


def _draw(shapes, cached: bool, scale: float = 1.5) -> QImage:
    img = QImage(600, 400, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(Qt.GlobalColor.white)
    p = QPainter(img)
    p.scale(scale, scale)
    if not (cached and hc.paint(shapes, [], None, p)):
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for path, brush, pen in shapes:
            p.setBrush(brush)
            p.setPen(pen)
            p.drawPath(path)
    p.end()
    return img


def _differ(a: QImage, b: QImage) -> int:
    n = 0
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            ca, cb = QColor(a.pixel(x, y)), QColor(b.pixel(x, y))
            if abs(ca.red() - cb.red()) + abs(ca.green() - cb.green()) + abs(ca.blue() - cb.blue()) > 60:
                n += 1
    return n


def test_a_big_layer_is_drawn_from_its_picture_and_looks_the_same() -> None:
    QApplication.instance() or QApplication([])
    hc.clear()
    shapes = _hexes(96)
    direct = _draw(shapes, cached=False)
    first = _draw(shapes, cached=True)
    assert len(hc._pictures) == 1
    again = _draw(list(shapes), cached=True)                      # same content: the same picture
    assert len(hc._pictures) == 1
    total = (direct.width() // 2) * (direct.height() // 2)
    assert _differ(direct, first) <= total * 0.001 and _differ(direct, again) <= total * 0.001
    _draw(shapes, cached=True, scale=2.0)                          # another zoom: another picture
    assert len(hc._pictures) == 2


def test_small_layers_and_layers_with_text_are_drawn_directly() -> None:
    QApplication.instance() or QApplication([])
    hc.clear()
    img = QImage(10, 10, QImage.Format.Format_ARGB32_Premultiplied)
    p = QPainter(img)
    assert not hc.paint(_hexes(5), [], None, p)
    assert not hc.paint(_hexes(96), [(QPointF(0, 0), "1", QColor("black"))], None, p)
    assert not hc.paint(_hexes(96), [], QRectF(0, 0, 5, 5), p)
    p.end()
    assert not hc._pictures
