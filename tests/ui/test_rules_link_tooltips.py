"""Rules cited where nothing can be clicked (issue 15 point 12): F1 opens the Rules panel on the
rule of the hover card or action button under the pointer, a hover card that cites a rule opens
it when clicked, and F1 over nothing that cites a rule still shows the keys table."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

import pytest

from play_feel_util import game_window, hover, key, view_pt


@pytest.fixture(autouse=True)
def _pointer_put_back():
    """The pointer is global: later tests must not find it parked over a widget."""
    was = QCursor.pos()
    yield
    QCursor.setPos(was)


def _shown(w) -> list[str]:
    got: list[str] = []
    w.rules_panel.rule_shown.connect(got.append)
    return got


def _pointer_at(widget, p: QPoint) -> None:
    QCursor.setPos(widget.mapToGlobal(p))
    QApplication.processEvents()


def _a_piece_that_can_act(w) -> str:
    from app.ui.hover_card import _mover
    return next(str(_mover(a)) for a in w._legal if _mover(a) and str(_mover(a)) in w.scene.items_by_id)


def test_f1_on_a_hover_card_opens_its_rule_and_a_click_on_the_card_does_too(qtbot):
    w = game_window(qtbot, "guts")
    shown = _shown(w)
    pid = _a_piece_that_can_act(w)
    p = view_pt(w, pid)
    hover(w, p)
    card = w.hover_card
    assert card.isVisible() and card.rule.startswith("GUTS-")
    assert f"Rule {card.rule}" in card.plain()              # shown as a link on the card
    rule = card.rule
    _pointer_at(w.view.viewport(), p)
    QTest.keyClick(w, Qt.Key.Key_F1)
    assert shown and shown[-1] and w.dock_rules.isVisible()
    assert rule in w.rules_panel.shown_text() or shown[-1].startswith("GUTS")
    # the card itself: a click on it opens the same rule
    shown.clear()
    w.dock_rules.hide()
    hover(w, p)
    assert card.isVisible()
    QTest.mouseClick(card, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, card.rect().center())
    assert shown and w.dock_rules.isVisible() and not card.isVisible()


def test_f1_on_an_action_button_opens_the_rule_the_action_cites(qtbot):
    w = game_window(qtbot, "chosin-few")
    key(w, Qt.Key.Key_Space)                                 # draw: the actions phase
    shown = _shown(w)
    qtbot.waitUntil(lambda: any(getattr(b, "action", {}).get("type") == "end-actions"
                                for b in w.actions_panel.buttons))
    b = next(b for b in w.actions_panel.buttons if b.action.get("type") == "end-actions")
    w.actions_panel.area.ensureWidgetVisible(b)
    qtbot.wait(50)
    _pointer_at(b, b.rect().center())
    n = len(w.match.history)
    QTest.keyClick(w, Qt.Key.Key_F1)
    from app.ui.rule_here import action_rule
    cited = action_rule(w.match.game, w.match.state, b.action)
    assert cited.startswith("CF-")                          # ending the actions phase cites its rule
    assert shown and shown[-1].startswith("CF-")
    assert len(w.match.history) == n                         # only read, never applied
    assert f"Rule {cited}" in w.statusBar().currentMessage()


def test_f1_with_no_rule_under_the_pointer_shows_the_keys_table(qtbot):
    w = game_window(qtbot, "guts")
    shown = _shown(w)
    _pointer_at(w.menuBar(), QPoint(w.menuBar().width() - 3, 3))
    QTest.keyClick(w, Qt.Key.Key_F1)
    assert not shown
    assert w.keys_dialog.isVisible()
    texts = [w.keys_dialog.table.item(r, 1).text() for r in range(w.keys_dialog.table.rowCount())]
    assert "F1" in texts
    w.keys_dialog.close()
