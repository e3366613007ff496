"""Shared helpers for the editor tests: a window driven through its own widgets and mouse."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest


def vpos(view, scene_pt: QPointF) -> QPoint:
    return view.mapFromScene(scene_pt)


def click(view, scene_pt: QPointF, button=Qt.LeftButton, modifier=Qt.NoModifier) -> None:
    QTest.mouseClick(view.viewport(), button, modifier, vpos(view, scene_pt))


def drag(view, points: list[QPointF], button=Qt.LeftButton) -> None:
    vp = view.viewport()
    QTest.mousePress(vp, button, Qt.NoModifier, vpos(view, points[0]))
    for p in points[1:]:
        QTest.mouseMove(vp, vpos(view, p))
    QTest.mouseRelease(vp, button, Qt.NoModifier, vpos(view, points[-1]))


@pytest.fixture
def make_window(qtbot):
    from app.editor.main import EditorWindow
    made = []

    def make(*args, **kwargs):
        w = EditorWindow(*args, **kwargs)
        w._force_close = True
        qtbot.addWidget(w)
        w.resize(1300, 850)
        w.show()
        qtbot.waitExposed(w)
        made.append(w)
        return w
    yield make
    for w in made:
        w._force_close = True


def new_map_through_dialog(w, runner):
    """File > New hex map with ``runner`` filling the dialog (the dialog's own widgets), then fit."""
    w.dialog_runner = runner
    w.act_new_map.trigger()
    QTest.qWait(10)
    w.view.fit()
    return w


def paint_board(board, scale: float, lod: float):
    """The board's whole picture on white, ``scale`` image px per scene px."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    r = board.rect()
    img = QImage(int(r.width() * scale), int(r.height() * scale), QImage.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.scale(scale, scale)
    p.translate(-r.left(), -r.top())
    board.paint(p, QRectF(r), lod)
    p.end()
    return img
