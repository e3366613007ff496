"""Counters with two modes (a tactical game's fire side and move side), drawn like the printed
counter: the values of the mode the unit is in along the bottom, the move side marked with a
pale band across them (as printed move sides carry a stripe), the other side's values small up
the right edge, and morale results (suppressed, paralysed...) as a coloured ribbon across the top.

A game asks for it by giving a piece ``"mode"`` (the side showing) and ``"modes"``
(``{mode name: {"values": text}}`` for each side); ``"morale"`` (words) adds the ribbon.
Pieces without ``modes`` are painted as before."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath

from app.ui import theme
from app.ui.board_paint import turned

BAND = QColor(250, 247, 238, 235)      # the move side's stripe
BAND_INK = QColor("#1C1814")
RIBBON = {"suppressed": QColor("#C0392B"), "paralysed": QColor("#7B1F5C"), "paralyzed": QColor("#7B1F5C"),
          "shaken": QColor("#C0392B")}
SHORT = {"suppressed": "SUPPRESSED", "paralysed": "PARALYSED", "paralyzed": "PARALYSED", "shaken": "SHAKEN"}


def has_modes(piece: dict[str, Any]) -> bool:
    return isinstance(piece.get("modes"), dict) and bool(piece.get("mode"))


def other_mode_text(piece: dict[str, Any]) -> str:
    """``move 2-1-4`` for a unit in fire mode (the back of its counter)."""
    cur = str(piece.get("mode") or "")
    for name, m in (piece.get("modes") or {}).items():
        if name != cur and isinstance(m, dict) and m.get("values"):
            return f"{name} {m['values']}"
    return ""


def paint_values(p: QPainter, piece: dict[str, Any], ink: QColor, text: Any) -> None:
    """The bottom row and the right edge of a two-mode counter; ``text(p, rect, s, px, col)``
    is the counter painter's fitted-text function."""
    cur = str(piece.get("mode") or "")
    vals = str(((piece.get("modes") or {}).get(cur) or {}).get("values") or piece.get("values") or "")
    row = QRectF(6, 64, 78, 30)
    col = ink
    if cur == "move":
        band = QPainterPath()
        band.addRoundedRect(QRectF(4, 64, 80, 30), 3, 3)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(BAND)
        p.drawPath(band)
        col = BAND_INK
    text(p, row, vals, 26, col)
    back = other_mode_text(piece)
    if back:
        with turned(p, 91, 50, 90):
            text(p, QRectF(-44, -7, 88, 14), back, 10.5, theme.faded(ink, 190))
    morale = str(piece.get("morale") or "")
    if morale:
        ribbon = RIBBON.get(morale, QColor("#C0392B"))
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(ribbon)
        p.drawRect(QRectF(0, 4, 100, 17))
        text(p, QRectF(2, 4, 96, 17), SHORT.get(morale, morale.upper()), 13, QColor("white"))
