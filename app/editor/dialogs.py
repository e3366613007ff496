"""The editor's small dialogs (a new map, resizing a map) and the colour swatch its tool lists show."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QLineEdit, QSpinBox, QWidget)


class NewMapDialog(QDialog):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("New hex map")
        f = QFormLayout(self)
        self.columns = QSpinBox()
        self.columns.setRange(1, 100)
        self.columns.setValue(12)
        self.rows = QSpinBox()
        self.rows.setRange(1, 100)
        self.rows.setValue(10)
        self.orientation = QComboBox()
        self.orientation.addItems(["flat", "pointy"])
        self.offset = QComboBox()
        self.offset.addItems(["odd", "even"])
        self.id_format = QComboBox()
        self.id_format.addItems(["CCRR", "C.RR"])
        self.first_col = QSpinBox()
        self.first_col.setRange(0, 99)
        self.first_col.setValue(1)
        self.first_row = QSpinBox()
        self.first_row.setRange(0, 99)
        self.first_row.setValue(1)
        self.default_terrain = QLineEdit("clear")
        self.rows_up = QCheckBox("rows count upwards from the bottom edge (C.RR tactical maps)")
        f.addRow("Columns", self.columns)
        f.addRow("Rows", self.rows)
        f.addRow("Hex tops", self.orientation)
        f.addRow("Shifted columns/rows", self.offset)
        f.addRow("Numbering", self.id_format)
        f.addRow("First column", self.first_col)
        f.addRow("First row", self.first_row)
        f.addRow("Default terrain", self.default_terrain)
        f.addRow(self.rows_up)
        bb = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        f.addRow(bb)

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
        self.spins = {}
        for edge in ("top", "left", "bottom", "right"):
            s = QSpinBox()
            s.setRange(-99, 99)
            self.spins[edge] = s
            f.addRow(edge.capitalize(), s)
        bb = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        bb.accepted.connect(self.accept)
        bb.rejected.connect(self.reject)
        f.addRow(bb)

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
