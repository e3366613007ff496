"""The editor's small dialogs (a new map, resizing a map) and the colour swatch its tool lists show."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QSpinBox, QWidget)


def spin(low: int, high: int, value: int = 0) -> QSpinBox:
    """A whole-number field from ``low`` to ``high``."""
    s = QSpinBox()
    s.setRange(low, high)
    s.setValue(value)
    return s


def choice(items: list[str], editable: bool = False) -> QComboBox:
    """A drop-down of ``items``, the first chosen (``editable``: other text may be typed)."""
    c = QComboBox()
    c.addItems(items)
    c.setEditable(editable)
    return c


def add_ok_cancel(dialog: QDialog, form: QFormLayout) -> None:
    """OK and Cancel under the form, accepting or rejecting ``dialog``."""
    bb = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
    bb.accepted.connect(dialog.accept)
    bb.rejected.connect(dialog.reject)
    form.addRow(bb)


class NewMapDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("New hex map")
        f = QFormLayout(self)
        self.columns = spin(1, 100, 12)
        self.rows = spin(1, 100, 10)
        self.orientation = choice(["flat", "pointy"])
        self.offset = choice(["odd", "even"])
        self.id_format = choice(["CCRR", "C.RR"])
        self.first_col = spin(0, 99, 1)
        self.first_row = spin(0, 99, 1)
        self.default_terrain = QLineEdit("clear")
        self.rows_up = QCheckBox("rows count upwards from the bottom edge (C.RR tactical maps)")
        for label, widget in (("Columns", self.columns), ("Rows", self.rows), ("Hex tops", self.orientation),
                              ("Shifted columns/rows", self.offset), ("Numbering", self.id_format),
                              ("First column", self.first_col), ("First row", self.first_row),
                              ("Default terrain", self.default_terrain)):
            f.addRow(label, widget)
        f.addRow(self.rows_up)
        add_ok_cancel(self, f)

    def values(self) -> dict[str, Any]:
        return {"columns": self.columns.value(), "rows": self.rows.value(),
                "orientation": self.orientation.currentText(), "offset": self.offset.currentText(),
                "id_format": self.id_format.currentText(), "first_col": self.first_col.value(),
                "first_row": self.first_row.value(), "default_terrain": self.default_terrain.text().strip() or "clear",
                "rows_up": self.rows_up.isChecked()}


class ResizeDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Resize map")
        f = QFormLayout(self)
        f.addRow(QLabel("Rows/columns to add (negative: remove). Ids are renumbered\n"
                        "so numbering still starts at the first column and row."))
        self.spins = {edge: spin(-99, 99) for edge in ("top", "left", "bottom", "right")}
        for edge, s in self.spins.items():
            f.addRow(edge.capitalize(), s)
        add_ok_cancel(self, f)

    def values(self) -> dict[str, int]:
        return {k: s.value() for k, s in self.spins.items()}


def swatch(colour: str, size: int = 22) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setBrush(QColor(colour))
    p.setPen(QColor(40, 40, 40))
    p.drawRoundedRect(1, 1, size - 2, size - 2, 4, 4)
    p.end()
    return QIcon(pm)
