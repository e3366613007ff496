"""The scroll area every dock panel sits in: no frame, its contents as wide as the dock."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget


def panel_scroll(across: bool = False) -> QScrollArea:
    """A frameless scroll area that resizes its contents to fit; it scrolls sideways only when
    ``across`` (a wide track), else the contents wrap to the dock's width."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    if not across:
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return area


def fill_with_scroll(owner: QWidget, across: bool = False) -> QScrollArea:
    """Fill ``owner`` edge to edge with a :func:`panel_scroll` and give it back."""
    outer = QVBoxLayout(owner)
    outer.setContentsMargins(0, 0, 0, 0)
    area = panel_scroll(across)
    outer.addWidget(area)
    return area
