"""Identify without clicking: a card that follows the pointer over any piece in any game.

It names the piece, gives its values and its state in words (pinned, gone to ground, used...)
and what it may do now, from the legal actions of the side to act. A game may add to it with the
optional ``describe_piece(state, piece_id)`` hook: ``{"title": str, "lines": [str], "state":
[str], "can": [str]}`` (each key optional; what it gives replaces the window's guess). A card
that cites a rule shows it as a link; a click on the card, or F1 while it shows, opens it.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QWidget

from app.ui.action_kinds import mover as _mover
from app.ui.hooks import call_hook
from app.ui.layouts import paper_card
from app.ui.rules_panel import first_rule

# flag -> words for a player; flags not listed are shown with dashes turned to spaces
STATE_WORDS = {"hit-the-dirt": "hit the dirt", "gone-to-ground": "gone to ground", "pinned": "pinned",
               "suppressed": "suppressed", "acted": "has acted this turn", "used": "used",
               "moved": "has moved", "fought": "has fought", "committed": "committed to a battle",
               "moving": "moving (may go on)", "face-down": "face down", "face-up": "face up",
               "pressing-on": "pressing on", "withdrawing": "falling back", "natural-leader": "a natural leader",
               "covered": "covered by a friendly team", "destroyed": "destroyed", "landing": "landing from the sea",
               "attacking": "attacking", "attacked": "has been attacked", "held": "held in reserve",
               "fresh": "earned this turn", "rolling": "rolling", "silenced": "silenced", "active": "firing"}



def piece_card(game: Any, state: Any, piece: dict[str, Any], legal: list[dict[str, Any]],
               can_act: bool, why_not: str = "") -> dict[str, Any]:
    """The card's contents: title, value line, state words, info lines, what it may do now."""
    pid = str(piece.get("id"))
    title = str(piece.get("name") or piece.get("label") or pid)
    if piece.get("name") and piece.get("label") and str(piece["label"]) not in title:
        title = f"{title} ({piece['label']})"
    values = str(piece.get("values") or "")
    words = [STATE_WORDS.get(f, f.replace("-", " ")) for f in piece.get("flags") or []]
    if piece.get("reduced"):
        words.insert(0, "reduced")
    info = piece.get("info") or []
    info = [info] if isinstance(info, str) else [str(x) for x in info]
    name = str(piece.get("name") or piece.get("label") or "")
    info = [x for x in info if x and x != title and x != name and not x.lower().startswith("state:")]
    mine = [a for a in legal if _mover(a) == pid]
    moves = [a for a in mine if "to" in a]
    other = [a for a in mine if "to" not in a]
    can: list[str] = []
    if moves:
        can.append(f"may move: {len(moves)} destination{'s' if len(moves) != 1 else ''} (drag it)")
    for a in other[:3]:
        try:
            can.append(str(game.describe_action(state, a)))
        except Exception:
            continue
    if len(other) > 3:
        can.append(f"... and {len(other) - 3} more in the Actions panel")
    if not can:
        can.append(why_not if not can_act and why_not else "nothing it can do right now")
    card = {"title": title, "values": values, "state": words, "lines": info, "can": can}
    if mine:                                  # the rule of what it may do first (a copy is tried)
        card["rule"] = _rule_of(game, state, (other or moves)[0])
    extra = call_hook(game, "describe_piece", state, pid, default=None)
    if isinstance(extra, dict):
        for k in ("title", "values", "state", "lines", "can"):
            if extra.get(k):
                card[k] = extra[k]
    return card


def card_html(card: dict[str, Any]) -> str:
    e = html.escape
    out = [f"<b style='font-size:11pt'>{e(str(card['title']))}</b>"]
    if card.get("values"):
        out.append(f"<br>Values: <b>{e(str(card['values']))}</b>")
    if card.get("state"):
        out.append(f"<br>State: <b style='color:#B03A2E'>{e(', '.join(map(str, card['state'])))}</b>")
    for line in (card.get("lines") or [])[:5]:
        out.append(f"<br><span style='color:#4A4540'>{e(str(line))}</span>")
    if card.get("can"):
        out.append("<br><i>Now:</i> " + e("; ".join(map(str, card["can"]))))
    rule = card_rule(card)
    if rule:
        out.append(f"<br><a href='rule:{e(rule)}'>Rule {e(rule)}</a>"
                   f" <span style='color:#6A6258'>(click the card or press F1)</span>")
    return "".join(out)


def card_rule(card: dict[str, Any]) -> str:
    """The rule the card cites ("" when none): the last one in its state, lines or orders, else
    the rule of the first thing the piece may do."""
    text = " ".join(str(x) for k in ("state", "lines", "can") for x in (card.get(k) or []))
    return first_rule(text) or str(card.get("rule") or "")


_RULES: dict[tuple[int, str], str] = {}


def _rule_of(game: Any, state: Any, action: dict[str, Any]) -> str:
    """``action_rule`` remembered per position (the card is rebuilt on every pointer move)."""
    from app.ui.rule_here import action_rule
    key = (id(state), repr(sorted(action.items(), key=lambda kv: kv[0])))
    if key not in _RULES:
        if len(_RULES) > 512:
            _RULES.clear()
        _RULES[key] = action_rule(game, state, action)
    return _RULES[key]


class HoverCard(QFrame):
    """The floating card, a child of the map's viewport. It lets the pointer through unless it
    cites a rule; then a click on it emits ``rule_clicked``."""

    rule_clicked = Signal(str)

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        lay = paper_card(self, "hoverCard", 5, (8, 6, 8, 6))
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setWordWrap(True)
        self.label.setMaximumWidth(300)
        self.label.linkActivated.connect(lambda url: self._open(url.split(":", 1)[-1]))
        lay.addWidget(self.label)
        self.pid: str | None = None
        self.card: dict[str, Any] = {}
        self.rule = ""
        self.hide()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt's name
        if self.rule and event.button() == Qt.MouseButton.LeftButton:
            self._open(self.rule)
            event.accept()
            return
        super().mousePressEvent(event)

    def _open(self, rule: str) -> None:
        self.hide_card()
        self.rule_clicked.emit(rule)

    def plain(self) -> str:
        """The card's text as plain words (for tests and screen readers)."""
        from PySide6.QtGui import QTextDocument
        doc = QTextDocument()
        doc.setHtml(self.label.text())
        return doc.toPlainText()

    def show_card(self, pid: str, card: dict[str, Any], at: QPoint) -> None:
        if pid != self.pid or card != self.card:
            self.pid, self.card = pid, card
            self.label.setText(card_html(card))
            self.rule = card_rule(card)
            for w in (self, self.label):
                w.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, not self.rule)
            self.adjustSize()
        parent = self.parentWidget()
        x, y = at.x() + 18, at.y() + 18
        if parent is not None:
            if x + self.width() > parent.width() - 4:
                x = at.x() - self.width() - 12
            if y + self.height() > parent.height() - 4:
                y = at.y() - self.height() - 12
        x, y = self._clear_of_overview(at, max(2, x), max(2, y))
        self.move(x, y)
        self.show()
        self.raise_()

    def _clear_of_overview(self, at: QPoint, x: int, y: int) -> tuple[int, int]:
        """The map's overview is a sibling drawn over the viewport: put the card where it is not
        (the other side of the pointer, then above it), so the card is never half hidden."""
        parent = self.parentWidget()
        view = parent.parentWidget() if parent is not None else None
        ov = getattr(view, "overview", None)
        if parent is None or not isinstance(ov, QWidget) or not ov.isVisible():
            return x, y
        blocked = ov.geometry().translated(-parent.x(), -parent.y())
        w, h = self.width(), self.height()
        for cx, cy in ((x, y), (at.x() - w - 12, y), (x, at.y() - h - 12), (at.x() - w - 12, at.y() - h - 12)):
            cx, cy = max(2, cx), max(2, cy)
            if not QRect(cx, cy, w, h).intersects(blocked):
                return cx, cy
        return x, y

    def hide_card(self) -> None:
        self.pid = None
        self.hide()
