"""A drawn card shown as a card face over the map, the moment it is drawn.

Any game with the ``drawn_card(state)`` hook gets it: the hook returns ``{"key", "title",
"subtitle", "lines", "rule"}`` for the card in play (``key`` changes with each draw) or None.
The face appears when a new key shows up, stays until the player closes it (or a new card
replaces it), and is hidden while the hand-over screen covers the window and once the game is
over.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QWidget, QHBoxLayout

from app.ui.hooks import call_hook, game_hook
from app.ui.layouts import boxed

WIDTH = 250


class CardFace(QFrame):
    """The card: a cream face with a dark header band, the effects in plain words, a rule link."""

    rule_clicked = Signal(str)

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setFixedWidth(WIDTH)
        self.setObjectName("cardface")
        lay = boxed(self, (12, 10, 12, 10), 4)
        head = QHBoxLayout()
        self.subtitle = QLabel()
        self.subtitle.setStyleSheet("color: #E9DFC4; font-size: 11px;")
        head.addWidget(self.subtitle, 1)
        self.close_button = QPushButton("Close")
        self.close_button.setCursor(Qt.CursorShape.PointingHandCursor)
        self.close_button.setStyleSheet("QPushButton { color: #F3EEDC; background: transparent; border: 1px solid #A89C80;"
                                        " border-radius: 3px; padding: 1px 6px; font-size: 11px; }")
        self.close_button.clicked.connect(self.hide)
        head.addWidget(self.close_button)
        lay.addLayout(head)
        self.title = QLabel()
        f = QFont()
        f.setPointSize(14)
        f.setBold(True)
        self.title.setFont(f)
        self.title.setStyleSheet("color: #F3EEDC;")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        lay.addSpacing(10)
        self.body = QLabel()
        self.body.setWordWrap(True)
        self.body.setStyleSheet("color: #2B2620;")
        self.body.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.body)
        self.rule = QLabel()
        self.rule.setStyleSheet("color: #5B5347; font-size: 11px;")
        self.rule.linkActivated.connect(lambda href: self.rule_clicked.emit(href.removeprefix("rule:")))
        lay.addWidget(self.rule)
        self.key = ""
        self.covered = False
        self.hide()

    def show_card(self, card: dict[str, Any]) -> None:
        self.key = str(card.get("key", card.get("title", "")))
        self.title.setText(str(card.get("title", "")))
        self.subtitle.setText(str(card.get("subtitle", "Card drawn")))
        lines = [str(x) for x in card.get("lines", [])]
        self.body.setText("".join(f"<p style='margin:0 0 4px 0'>&bull; {x}</p>" for x in lines) or "No effect.")
        rule = str(card.get("rule", ""))
        self.rule.setText(f"Rule <a href='rule:{rule}'>{rule}</a>" if rule else "")
        self.adjustSize()
        self.raise_()
        self.show()

    def paintEvent(self, e) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        p.setPen(QPen(QColor("#2B2620"), 1.5))
        p.setBrush(QColor("#F6F0DE"))
        p.drawRoundedRect(r, 8, 8)
        band = self.title.geometry().bottom() + 8
        p.setBrush(QColor("#4A3F33"))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawRoundedRect(QRectF(r.left() + 3, r.top() + 3, r.width() - 6, band - 3), 6, 6)
        p.setPen(QPen(QColor("#C9A227"), 1))
        p.drawLine(int(r.left() + 10), band + 3, int(r.right() - 10), band + 3)


def update(window: Any, game: Any, state: Any, covered: bool) -> None:
    """Show the card the game says was just drawn (once a draw)."""
    face: CardFace | None = getattr(window, "card_face", None)
    if game is None or game_hook(game, "drawn_card") is None:
        if face is not None:
            face.hide()
        return
    if face is None:
        face = window.card_face = CardFace(window.view)
        face.rule_clicked.connect(window.open_rule)
    card = call_hook(game, "drawn_card", state, default=None)
    if getattr(state, "finished", False):
        card = None                         # the game is over: the result, not the last draw
    if covered or not card:
        if covered and face.isVisible():
            face.covered = True             # shown again once the next person has the screen
        face.hide()
        if not card:
            face.key = ""
        return
    key = str(card.get("key", card.get("title", "")))
    if key != face.key or getattr(face, "covered", False):
        face.covered = False
        face.show_card(card)
        face.move(12, 12)
