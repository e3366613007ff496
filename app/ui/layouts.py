"""Box layouts set up in one call: the dock panels' cards, sheets and tracks each want their own
margins and spacing, most of them a bold title that wraps to the dock's width, and the lists a
filter box on top."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout, QWidget


def boxed(owner: QWidget, margins: int | tuple[int, int, int, int], spacing: int | None = None,
          across: bool = False) -> QBoxLayout:
    """A column (a row when ``across``) laid on ``owner`` with these margins (one number: all
    four sides) and spacing (None: the style's)."""
    lay: QBoxLayout = QHBoxLayout(owner) if across else QVBoxLayout(owner)
    lay.setContentsMargins(*((margins,) * 4 if isinstance(margins, int) else margins))
    if spacing is not None:
        lay.setSpacing(spacing)
    return lay


def add_title(lay: QBoxLayout, html: str) -> QLabel:
    """A label of ``html`` that wraps, added to ``lay``."""
    label = QLabel(html)
    label.setWordWrap(True)
    lay.addWidget(label)
    return label


def search_field(placeholder: str, changed: Callable[[str], Any] | None = None) -> QLineEdit:
    """The filter box at the top of a panel: a hint while empty, a clear button, and ``changed``
    told of every edit (when given)."""
    box = QLineEdit()
    box.setPlaceholderText(placeholder)
    box.setClearButtonEnabled(True)
    if changed is not None:
        box.textChanged.connect(changed)
    return box


def paper_card(frame: QWidget, name: str, radius: int, margins: tuple[int, int, int, int]) -> QBoxLayout:
    """Dress ``frame`` as a card floating over the map (light paper, thin dark edge, dark text
    on its labels; ``name`` is its style-sheet name) and give it a column with these margins."""
    frame.setObjectName(name)
    frame.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
    frame.setStyleSheet(f"#{name} {{ background: #FFFDF4; border: 1px solid #8A8070; border-radius: {radius}px; }}"
                        f" #{name} QLabel {{ color: #1E1B17; background: transparent; }}")
    return boxed(frame, margins)
