"""The counter designer and the counter sheet (``counters.toml``: ``[[unit]]`` tables)."""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QPushButton, QScrollArea, QTabWidget, QVBoxLayout, QWidget)

from app.editor import style
from app.editor.dialogs import choice, spin
from app.editor.document import DELETE, Document

NATIONS = ("kpa", "pva", "rok", "us", "cw", "un")
SIDES = ("communist", "allied")
NATION_SIDE = {"kpa": "communist", "pva": "communist", "rok": "allied", "us": "allied", "cw": "allied", "un": "allied"}


class CounterPreview(QWidget):
    """Both faces of one counter at three times size."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.unit: dict[str, Any] = {}
        self.setMinimumSize(300, 170)
        self.setMaximumHeight(250)

    def set_unit(self, unit: dict[str, Any]) -> None:
        self.unit = dict(unit)
        self.update()

    def paintEvent(self, ev: Any) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), QColor("#F3EEE0"))
        if not self.unit:
            p.setPen(QColor("#777777"))
            p.drawText(self.rect(), Qt.AlignCenter, "No counter selected")
            return
        side = min(self.height() - 40, (self.width() - 60) // 2)
        x0 = (self.width() - 2 * side - 30) / 2
        style.paint_counter(p, QRectF(x0, 12, side, side), self.unit, reduced=False)
        style.paint_counter(p, QRectF(x0 + side + 30, 12, side, side), self.unit, reduced=True)
        f = QFont()
        f.setPixelSize(12)
        p.setFont(f)
        p.setPen(QColor("#444444"))
        p.drawText(QRectF(x0, side + 16, side, 20), Qt.AlignCenter, "full strength")
        p.drawText(QRectF(x0 + side + 30, side + 16, side, 20), Qt.AlignCenter, "reduced")


class CounterSheet(QWidget):
    """Every piece of the game laid out like a printed counter sheet, grouped by nation."""

    clicked = Signal(int)

    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.px = 64
        self.cols = 10
        self.selected = -1
        doc.changed.connect(self._changed)
        self._relayout()

    def _changed(self, _paths: list) -> None:
        self._relayout()

    def _order(self) -> list[int]:
        units = self.doc.data.get("unit", [])
        nat_rank = {n: i for i, n in enumerate(NATIONS)}
        return sorted(range(len(units)), key=lambda i: (str(units[i].get("side", "")),
                                                         nat_rank.get(str(units[i].get("nation", "")).lower(), 99), i))

    def _relayout(self) -> None:
        n = len(self.doc.data.get("unit", []))
        rows = max(1, (n + self.cols - 1) // self.cols)
        step = self.px + 14
        self.setMinimumSize(self.cols * step * 2 + 60, rows * step + 50)
        self.update()

    def cell(self, k: int) -> QRectF:
        step = self.px + 14
        col, row = k % self.cols, k // self.cols
        return QRectF(20 + col * step, 36 + row * step, self.px, self.px)

    def paintEvent(self, ev: Any) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        p.fillRect(self.rect(), QColor("#D9D3C3"))
        units = self.doc.data.get("unit", [])
        f = QFont()
        f.setPixelSize(13)
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#333333"))
        step = self.px + 14
        used = max(1, min(self.cols, len(units)))
        p.drawText(20, 24, f"{len(units)} pieces \u2014 front")
        p.drawText(40 + used * step, 24, "back (reduced)")
        for k, i in enumerate(self._order()):
            r = self.cell(k)
            style.paint_counter(p, r, units[i], reduced=False, selected=(i == self.selected))
            style.paint_counter(p, r.translated(used * step + 20, 0), units[i], reduced=True)

    def mousePressEvent(self, ev: Any) -> None:
        order = self._order()
        for k, i in enumerate(order):
            if self.cell(k).contains(ev.position()):
                self.selected = i
                self.clicked.emit(i)
                self.update()
                return


class CounterDesigner(QWidget):
    """List of units, a form for the selected one and its preview; every change is undoable."""

    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.index = -1
        self._loading = False
        lay = QHBoxLayout(self)
        left = QVBoxLayout()
        self.list = QListWidget()
        self.list.setIconSize(QSize(36, 36))
        self.list.currentRowChanged.connect(self.select)
        left.addWidget(self.list)
        row = QHBoxLayout()
        self.add_btn = QPushButton("New counter")
        self.add_btn.clicked.connect(self.add_unit)
        self.dup_btn = QPushButton("Duplicate")
        self.dup_btn.clicked.connect(self.duplicate_unit)
        self.del_btn = QPushButton("Delete")
        self.del_btn.clicked.connect(self.delete_unit)
        for b in (self.add_btn, self.dup_btn, self.del_btn):
            row.addWidget(b)
        left.addLayout(row)
        lw = QWidget()
        lw.setLayout(left)
        lw.setMaximumWidth(300)
        lay.addWidget(lw)
        form_box = QGroupBox("Counter")
        form = QFormLayout(form_box)
        self.f_id = QLineEdit()
        self.f_name = QLineEdit()
        self.f_side = choice(SIDES, editable=True)
        self.f_nation = choice(NATIONS, editable=True)
        self.f_type = choice(style.UNIT_TYPES, editable=True)
        self.f_size = choice(style.UNIT_SIZES, editable=True)
        self.f_full, self.f_red, self.f_move = spin(0, 99), spin(0, 99), spin(0, 99)
        self.f_setup = QLineEdit()
        self.f_setup.setPlaceholderText("hex id (e.g. 2104) or box id")
        self.f_arrival = spin(0, 99)
        self.f_arrival.setSpecialValueText("\u2014 (sets up)")
        self.f_start_reduced = QCheckBox("starts on its reduced side")
        self.f_replaceable = QCheckBox("replaceable (no dot)")
        strength = QHBoxLayout()
        strength.addWidget(self.f_full)
        strength.addWidget(QLabel("reduced"))
        strength.addWidget(self.f_red)
        sw = QWidget()
        sw.setLayout(strength)
        strength.setContentsMargins(0, 0, 0, 0)
        for label, widget in (("Id", self.f_id), ("Name", self.f_name), ("Side", self.f_side),
                              ("Nationality", self.f_nation), ("Type", self.f_type), ("Size", self.f_size),
                              ("Strength", sw), ("Movement", self.f_move), ("Set-up", self.f_setup),
                              ("Arrival turn", self.f_arrival), ("", self.f_start_reduced), ("", self.f_replaceable)):
            form.addRow(label, widget)
        mid = QVBoxLayout()
        mid.addWidget(form_box)
        self.preview = CounterPreview()
        mid.addWidget(self.preview)
        mw = QWidget()
        mw.setLayout(mid)
        lay.addWidget(mw, 1)
        self.f_id.editingFinished.connect(lambda: self._set("id", self.f_id.text().strip()))
        self.f_name.editingFinished.connect(lambda: self._set("name", self.f_name.text()))
        self.f_setup.editingFinished.connect(lambda: self._set("setup", self.f_setup.text().strip() or None))
        self.f_side.currentTextChanged.connect(lambda v: self._set("side", v))
        self.f_nation.currentTextChanged.connect(self._nation_changed)
        self.f_type.currentTextChanged.connect(lambda v: self._set("type", v))
        self.f_size.currentTextChanged.connect(lambda v: self._set("size", v or None))
        self.f_full.valueChanged.connect(lambda v: self._set_strength())
        self.f_red.valueChanged.connect(lambda v: self._set_strength())
        self.f_move.valueChanged.connect(lambda v: self._set("move", v))
        self.f_arrival.valueChanged.connect(lambda v: self._set("arrival", v or None))
        self.f_start_reduced.toggled.connect(lambda v: self._set("start_reduced", True if v else None))
        self.f_replaceable.toggled.connect(lambda v: self._set("replaceable", None if v else False))
        doc.changed.connect(self._changed)
        self.refresh()

    # -- view --------------------------------------------------------------------------------
    def _changed(self, _paths: list) -> None:
        self.refresh()

    def units(self) -> list[dict[str, Any]]:
        return self.doc.data.get("unit", [])

    def refresh(self) -> None:
        self._loading = True
        units = self.units()
        cur = self.index
        self.list.blockSignals(True)
        self.list.clear()
        for u in units:
            it = QListWidgetItem(f"{u.get('id', '?')}  \u2014  {u.get('name', '')}")
            it.setIcon(style.counter_pixmap(u, 36))
            self.list.addItem(it)
        if units:
            cur = min(max(cur, 0), len(units) - 1)
            self.list.setCurrentRow(cur)
        else:
            cur = -1
        self.list.blockSignals(False)
        self.index = cur
        self._load_form()
        self._loading = False

    def _load_form(self) -> None:
        self._loading = True
        u = self.units()[self.index] if 0 <= self.index < len(self.units()) else {}
        self.f_id.setText(str(u.get("id", "")))
        self.f_name.setText(str(u.get("name", "")))
        self.f_side.setCurrentText(str(u.get("side", "")))
        self.f_nation.setCurrentText(str(u.get("nation", "")))
        self.f_type.setCurrentText(str(u.get("type", "")))
        self.f_size.setCurrentText(str(u.get("size", "")))
        st = u.get("strength", [0, 0])
        st = st if isinstance(st, list) else [st]
        self.f_full.setValue(int(st[0]) if st else 0)
        self.f_red.setValue(int(st[1]) if len(st) > 1 else 0)
        self.f_move.setValue(int(u.get("move", 0) or 0))
        self.f_setup.setText(str(u.get("setup", "") or ""))
        self.f_arrival.setValue(int(u.get("arrival", 0) or 0))
        self.f_start_reduced.setChecked(bool(u.get("start_reduced", False)))
        self.f_replaceable.setChecked(u.get("replaceable", True) is not False)
        self.preview.set_unit(u)
        self._loading = False

    def select(self, row: int) -> None:
        self.index = row
        self._load_form()

    # -- edits -------------------------------------------------------------------------------
    def _set(self, key: str, value: Any) -> None:
        if self._loading or not 0 <= self.index < len(self.units()):
            return
        u = self.units()[self.index]
        if value is None:
            if key in u:
                self.doc.edit(f"{u.get('id')}: clear {key}", [(("unit", self.index, key), DELETE)])
            return
        if u.get(key) != value:
            self.doc.edit(f"{u.get('id')}: {key} {value}", [(("unit", self.index, key), value)])

    def _set_strength(self) -> None:
        self._set("strength", [self.f_full.value(), self.f_red.value()])

    def _nation_changed(self, v: str) -> None:
        if self._loading or not 0 <= self.index < len(self.units()):
            return
        changes = [(("unit", self.index, "nation"), v)]
        side = NATION_SIDE.get(v.lower())
        if side and self.units()[self.index].get("side") != side:
            changes.append((("unit", self.index, "side"), side))
        self.doc.edit(f"{self.units()[self.index].get('id')}: nation {v}", changes)

    def add_unit(self, unit: dict[str, Any] | None = None) -> int:
        units = copy.deepcopy(self.units())
        ids = {u.get("id") for u in units}
        n = len(units) + 1
        while f"unit-{n}" in ids:
            n += 1
        new = unit or {"id": f"unit-{n}", "name": f"Unit {n}", "side": "allied", "nation": "us",
                       "type": "infantry", "size": "XX", "strength": [4, 2], "move": 4, "arrival": 1}
        units.append(new)
        self.index = len(units) - 1
        self.doc.edit(f"New counter {new['id']}", [(("unit",), units)])
        return self.index

    def duplicate_unit(self) -> None:
        if not 0 <= self.index < len(self.units()):
            return
        u = copy.deepcopy(self.units()[self.index])
        ids = {x.get("id") for x in self.units()}
        base, n = str(u.get("id", "unit")), 2
        while f"{base}-{n}" in ids:
            n += 1
        u["id"] = f"{base}-{n}"
        self.add_unit(u)

    def delete_unit(self) -> None:
        if not 0 <= self.index < len(self.units()):
            return
        units = copy.deepcopy(self.units())
        gone = units.pop(self.index)
        self.index = min(self.index, len(units) - 1)
        self.doc.edit(f"Delete counter {gone.get('id')}", [(("unit",), units)])


class CountersEditor(QTabWidget):
    """Designer and sheet as two tabs over one document."""

    def __init__(self, doc: Document, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.designer = CounterDesigner(doc)
        self.sheet = CounterSheet(doc)
        scroll = QScrollArea()
        scroll.setWidget(self.sheet)
        scroll.setWidgetResizable(True)
        self.addTab(self.designer, "Counter designer")
        self.addTab(scroll, "Counter sheet")
        self.sheet.clicked.connect(self._from_sheet)

    def _from_sheet(self, i: int) -> None:
        self.designer.index = i
        self.designer.list.setCurrentRow(i)
        self.designer._load_form()
