"""Issue 15, points 15 and 16: every playable game's window at 1366x768 in both palettes,
rendered to PNG (into $RIDGELINE_SHOTS when set, to look at), with what can be asserted of them."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDockWidget, QLabel

from play_feel_util import game_window

pytestmark = pytest.mark.gui


def _save(w, tmp_path, name):
    img = w.grab().toImage()
    shots = os.environ.get("RIDGELINE_SHOTS")
    if shots:
        img.save(os.path.join(shots, name))
    path = tmp_path / name
    assert img.save(str(path))
    return img


def _differs(a: QImage, b: QImage) -> int:
    """How many sampled pixels differ between two pictures of the same size."""
    n = 0
    for y in range(0, a.height(), 6):
        for x in range(0, a.width(), 6):
            if a.pixel(x, y) != b.pixel(x, y):
                n += 1
    return n


ALL_GAMES = ["korea38", "chosin-few", "guts", "semper-fi", "frozen-chosin"]


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_both_palettes_render_and_differ_in_sides_and_highlights(qtbot, tmp_path, game_id):
    from app.ui import palette, theme
    w = game_window(qtbot, game_id)
    try:
        qtbot.wait(50)
        std = _save(w, tmp_path, f"{game_id}-standard.png")
        hl = theme.HIGHLIGHT.name()
        piece = next(pc for pc in w.scene.pieces if pc.get("side") in w.match.game.sides
                     and pc.get("kind") not in ("card", "marker"))
        before = theme.nation_colour(piece, tuple(w.match.game.sides)).name()
        w.act_palette.trigger()                        # View > Colour-blind safe palette
        assert palette.current == palette.COLOUR_BLIND
        assert theme.HIGHLIGHT.name() != hl
        assert theme.nation_colour(piece, tuple(w.match.game.sides)).name() != before
        qtbot.wait(50)                                  # the overview's picture follows a frame later
        cb = _save(w, tmp_path, f"{game_id}-colour-blind.png")
        assert std.size() == cb.size() and _differs(std, cb) > 50
        w.act_palette.trigger()
        assert palette.current == palette.STANDARD and theme.HIGHLIGHT.name() == hl
    finally:
        palette.apply(palette.STANDARD)


def _clipped_labels(w) -> list[str]:
    """Labels in the docks whose one-line text is wider than the label, or that stick out of
    their dock (each as "dock: text")."""
    bad = []
    for dock in w.findChildren(QDockWidget):
        if not dock.isVisible() or dock.isFloating():
            continue
        drect = dock.rect()
        for lab in dock.findChildren(QLabel):
            if not lab.isVisible() or not lab.text() or lab.pixmap() and not lab.pixmap().isNull():
                continue
            # inside a scroll area the label may be scrolled out of view: judge it against its box
            top = lab.mapTo(dock, lab.rect().topLeft())
            inside_scroll = any(type(a).__name__ == "QScrollArea" for a in _ancestors(lab, dock))
            if not inside_scroll and (top.x() < -1 or top.x() + lab.width() > drect.width() + 1):
                bad.append(f"{dock.windowTitle()}: {lab.text()[:40]} (outside)")
            if lab.wordWrap() or lab.textFormat() == Qt.TextFormat.RichText or "<" in lab.text():
                continue
            if lab.fontMetrics().horizontalAdvance(lab.text()) > lab.contentsRect().width() + 2:
                bad.append(f"{dock.windowTitle()}: {lab.text()[:40]} (cut)")
    return bad


def _ancestors(widget, stop):
    p = widget.parentWidget()
    while p is not None and p is not stop:
        yield p
        p = p.parentWidget()


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_layout_at_1366x768_nothing_clipped_unused_docks_hidden(qtbot, tmp_path, game_id):
    w = game_window(qtbot, game_id)
    qtbot.wait(30)
    _save(w, tmp_path, f"{game_id}-1366x768.png")
    assert _clipped_labels(w) == []
    # the Combat dock only where there are battles or fires; the turn track only where units arrive
    assert w.dock_odds.isVisible() == (game_id in ("korea38", "semper-fi", "frozen-chosin"))
    assert w.dock_track.isVisible() == (game_id in ("korea38", "frozen-chosin"))
    # the overview stays off the board where it can, and folds away
    ov = w.view.overview
    ov.place()
    under = [p for p in ov.hot_points() if ov.geometry().contains(p.toPoint())]
    assert under == []                                   # no piece (or space) hidden under it
    ov.set_collapsed(True)
    assert ov.width() <= 40 and ov.height() <= 40
    ov.set_collapsed(False)
    # at the fit zoom counters are drawn in the simple large style
    from app.ui.scene import SIMPLE_PX
    pcs = [it for it in w.scene.items_by_id.values() if (it.piece.get("kind") or "counter") == "counter"]
    if pcs:
        assert pcs[0].size.width() * w.view.scale_factor() < SIMPLE_PX


def test_log_is_one_line_an_entry_with_the_side_as_a_colour_mark(qtbot):
    from play_feel_util import key
    w = game_window(qtbot, "korea38")
    key(w, Qt.Key.Key_Space)
    m = w.log.model
    assert m.rowCount() >= 2
    h = w.log.view.verticalHeader()
    one = w.log.view.fontMetrics().height()
    for r in range(m.rowCount()):
        assert m.item(r, 1).text() == ""                       # no repeated side word
        assert h.sectionSize(r) < 2 * one + 8                  # one line
    marks = [m.item(r, 1).data(Qt.ItemDataRole.DecorationRole) for r in range(m.rowCount())]
    assert any(c is not None for c in marks)
