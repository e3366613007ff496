"""Warnings on the map: a target that is legal but leaves something to fix (a second division
in a hex: over the stacking limit), and what is still to be fixed in the position.

Drop targets may carry ``"warn": "why (rule)"``: the target is lit amber instead of green and the
reason shows while the piece hovers over it. The game's optional ``warnings(state, side)`` hook
lists ``{"at": location, "text": str, "rule": str}``; each stays ringed and labelled on the map
until the position no longer has it.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QPointF
from PySide6.QtGui import QBrush, QColor, QPainterPath

from app.ui import theme
from app.ui.hooks import call_hook
from app.ui.scene import cpen


def target_warning(info: dict[str, Any] | None) -> str:
    """The warning of one drop target ("" when there is none)."""
    return str((info or {}).get("warn") or "")


def game_warnings(game: Any, state: Any, side: str | None) -> list[dict[str, Any]]:
    got = call_hook(game, "warnings", state, side, default=[])
    return [w for w in got if isinstance(w, dict) and w.get("text")] if isinstance(got, list) else []


def warning_text(w: dict[str, Any]) -> str:
    rule = str(w.get("rule") or "")
    return str(w.get("text")) + (f" ({rule})" if rule and f"({rule})" not in str(w.get("text")) else "")


def warning_shapes(board: Any, warnings: list[dict[str, Any]]) -> tuple[list, list]:
    """Amber rings with a short label for each warning that has a place on the board."""
    shapes: list = []
    texts: list = []
    for w in warnings:
        at = w.get("at")
        path = board.shape(at) if at is not None else QPainterPath()
        if path.isEmpty():
            continue
        shapes.append((path, QBrush(theme.WARN), cpen(theme.WARN_EDGE, 4.0)))
        br = path.boundingRect()
        texts.append((QPointF(br.center().x(), br.top() - 8), "\u26a0 " + str(w.get("short") or w.get("text"))[:40],
                      theme.WARN_EDGE.darker(150)))
    return shapes, texts
