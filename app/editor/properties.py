"""The property panels beside the editor's map: the hex under the cursor, a space of a point-to-point
board, a feature of a table. Each edits the document through its undoable setters."""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel, QLineEdit, QSpinBox,
                               QWidget)

from app.editor import hexops
from app.editor.document import DELETE, Document


class HexProperties(QWidget):
    """The selected hex: terrain, elevation, name and features, each edit undoable."""

    def __init__(self, doc: Document, scene: Any, features: tuple[str, ...] = hexops.HEX_FEATURES):
        super().__init__()
        self.doc, self.scene = doc, scene
        self.features = tuple(features)     # the hex features this map's game reads (style.hex_features)
        self._loading = False
        f = QFormLayout(self)
        self.title = QLabel("Click a hex with Inspect")
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        f.addRow(self.title)
        self.terrain = QComboBox()
        self.terrain.addItems(list(scene.palette))
        self.terrain.setEditable(True)
        self.elev = QSpinBox()
        self.elev.setRange(-1000, 10000)
        self.name = QLineEdit()
        self.level = QLabel("")
        f.addRow("Terrain", self.terrain)
        f.addRow("Elevation", self.elev)
        f.addRow("Contour level", self.level)
        f.addRow("Name", self.name)
        self.feats: dict[str, QCheckBox] = {}
        for feat in self.features:
            cb = QCheckBox(feat)
            cb.toggled.connect(lambda _v, feat=feat: self._features())
            self.feats[feat] = cb
            f.addRow(cb)
        self.terrain.currentTextChanged.connect(lambda v: self._set("terrain", v))
        self.elev.valueChanged.connect(lambda v: self._set("elevation", v))
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text().strip() or None))
        scene.hexSelected.connect(self._changed)
        doc.changed.connect(self._changed)
        self.setEnabled(False)

    def _changed(self, *_: Any) -> None:
        self.load()

    def load(self) -> None:
        h = self.scene.selected_hex
        self.setEnabled(bool(h))
        if not h:
            return
        self._loading = True
        e = self.doc.data.get("hexes", {}).get(h, {})
        self.title.setText(f"Hex {h}")
        self.terrain.setCurrentText(hexops.terrain_of(self.doc.data, h))
        self.elev.setValue(int(e.get("elevation", 0) or 0))
        # the level the rules count (elevation // contour_interval), and the hilltop here
        ci = self.doc.data.get("contour_interval")
        if isinstance(ci, (int, float)) and not isinstance(ci, bool) and ci > 0:
            lv = math.floor((e.get("elevation", 0) or 0) / ci)
            hill = self.scene.hilltop_of(h)
            self.level.setText(f"{lv} (every {ci:g} m)" + (f" \u00b7 {hill[1].get('name')}" if hill else ""))
        else:
            self.level.setText("\u2014")
        self.name.setText(str(e.get("name", "") or ""))
        for feat, cb in self.feats.items():
            cb.setChecked(feat in (e.get("features") or []))
        self._loading = False

    def _set(self, key: str, value: Any) -> None:
        h = self.scene.selected_hex
        if self._loading or not h:
            return
        entry = hexops.hex_entry_with(self.doc.data, h, key, value)
        self.doc.edit(f"{h}: {key}", [(("hexes", h), entry or DELETE)])

    def _features(self) -> None:
        feats = sorted(f for f, cb in self.feats.items() if cb.isChecked())
        extra = [f for f in self.doc.data.get("hexes", {}).get(self.scene.selected_hex, {}).get("features", [])
                 if f not in self.features]
        self._set("features", sorted(feats + extra) or None)


class SpaceProperties(QWidget):
    def __init__(self, doc: Document, scene: Any):
        super().__init__()
        self.doc, self.scene = doc, scene
        self._loading = False
        self.sid = ""
        f = QFormLayout(self)
        self.id = QLineEdit()
        self.name = QLineEdit()
        self.colour = QComboBox()
        self.colour.setEditable(True)
        self.colour.addItems(["", "red", "black", "blue", "white", "green", "yellow", "orange", "purple", "brown", "grey"])
        self.tags = QLineEdit()
        self.tags.setPlaceholderText("comma separated (start, line-of-departure)")
        f.addRow("Id", self.id)
        f.addRow("Name", self.name)
        f.addRow("Colour", self.colour)
        f.addRow("Tags", self.tags)
        self.id.editingFinished.connect(self._rename)
        self.name.editingFinished.connect(lambda: self._set("name", self.name.text()))
        self.colour.currentTextChanged.connect(lambda v: self._set("colour", v or None))
        self.tags.editingFinished.connect(lambda: self._set("tags", [t.strip() for t in self.tags.text().split(",") if t.strip()]))
        scene.spaceSelected.connect(self.load)
        doc.changed.connect(self._changed)
        self.setEnabled(False)

    def _changed(self, *_: Any) -> None:
        self.load(self.sid)

    def _i(self) -> int:
        for i, s in enumerate(self.doc.data.get("spaces", [])):
            if s.get("id") == self.sid:
                return i
        return -1

    def load(self, sid: str) -> None:
        self.sid = sid
        i = self._i()
        self.setEnabled(i >= 0)
        if i < 0:
            return
        self._loading = True
        s = self.doc.data["spaces"][i]
        self.id.setText(str(s.get("id")))
        self.name.setText(str(s.get("name", "")))
        self.colour.setCurrentText(str(s.get("colour") or ""))
        self.tags.setText(", ".join(s.get("tags", [])))
        self._loading = False

    def _set(self, key: str, value: Any) -> None:
        i = self._i()
        if self._loading or i < 0:
            return
        self.doc.edit(f"{self.sid}: {key}", [(("spaces", i, key), value)])

    def _rename(self) -> None:
        if self._loading:
            return
        new = self.id.text().strip()
        if self.scene.rename_space(self.sid, new):
            self.sid = new


class FeatureProperties(QWidget):
    def __init__(self, doc: Document, scene: Any):
        super().__init__()
        self.doc, self.scene = doc, scene
        self._loading = False
        self.index = -1
        f = QFormLayout(self)
        self.id = QLineEdit()
        self.name = QLineEdit()
        self.kind = QLineEdit()
        self.blocks = QCheckBox("blocks line of sight")
        self.impassable = QCheckBox("impassable")
        self.width = QDoubleSpinBox()
        self.width.setRange(0, 12)
        self.width.setSuffix(" in")
        self.elevation = QSpinBox()
        self.elevation.setRange(-10, 100)
        self.ice = QCheckBox("frozen (ice)")
        self.number = QSpinBox()
        self.number.setRange(0, 99)
        self.number.setSpecialValueText("none")
        self.number.setToolTip("Entry zones: the number rolled on 1d6 to bring reserves on here")
        self.to = QLineEdit()
        self.to.setPlaceholderText("where an off-table exit leads, e.g. Hungnam")
        f.addRow("Id", self.id)
        f.addRow("Kind", self.kind)
        f.addRow("Name", self.name)
        f.addRow(self.blocks)
        f.addRow(self.impassable)
        f.addRow(self.ice)
        f.addRow("Width", self.width)
        f.addRow("Elevation", self.elevation)
        f.addRow("Zone number", self.number)
        f.addRow("Leads to", self.to)
        self.id.editingFinished.connect(lambda: self._set(("id",), self.id.text().strip()))
        self.kind.editingFinished.connect(lambda: self._set(("kind",), self.kind.text().strip()))
        self.name.editingFinished.connect(self._set_name)
        self.ice.toggled.connect(lambda v: self._set(("attrs", "ice"), True if v else DELETE))
        self.number.valueChanged.connect(lambda v: self._set(("attrs", "number"), v if v else DELETE))
        self.to.editingFinished.connect(lambda: self._set(("attrs", "to"), self.to.text().strip() or DELETE))
        self.blocks.toggled.connect(lambda v: self._set(("attrs", "blocks_los"), True if v else DELETE))
        self.impassable.toggled.connect(lambda v: self._set(("attrs", "impassable"), True if v else DELETE))
        self.width.editingFinished.connect(lambda: self._set(("attrs", "width"), self.width.value()))
        self.elevation.valueChanged.connect(lambda v: self._set(("attrs", "elevation"), v if v else DELETE))
        scene.featureSelected.connect(self.load)
        doc.changed.connect(self._changed)
        self.setEnabled(False)

    def _changed(self, *_: Any) -> None:
        self.load(self.scene.selected if self.scene.selected is not None else -1)

    def load(self, i: int) -> None:
        feats = self.doc.data.get("features", [])
        self.index = i
        self.setEnabled(0 <= i < len(feats))
        if not 0 <= i < len(feats):
            return
        self._loading = True
        f = feats[i]
        a = f.get("attrs") or {}
        self.id.setText(str(f.get("id", "")))
        self.kind.setText(str(f.get("kind", "")))
        self.name.setText(str(f.get("name") or ""))
        self.blocks.setChecked(bool(a.get("blocks_los")))
        self.impassable.setChecked(bool(a.get("impassable")))
        self.width.setValue(float(a.get("width", 0) or 0))
        self.elevation.setValue(int(a.get("elevation", 0) or 0))
        self.ice.setChecked(bool(a.get("ice")))
        num = a.get("number")
        self.number.setValue(int(num) if isinstance(num, int) and not isinstance(num, bool) else 0)
        self.to.setText(str(a.get("to") or ""))
        self._loading = False

    def _set(self, sub: tuple, value: Any) -> None:
        if self._loading or self.index < 0:
            return
        f = self.doc.data["features"][self.index]
        if sub[-1] in ("number", "to") and (f.get("attrs") or {}).get(sub[-1], DELETE) == value:
            return  # nothing changed (a spin box re-reporting its value)
        self.doc.edit(f"{f.get('id')}: {'.'.join(sub)}", [(("features", self.index) + sub, value)])

    def _set_name(self) -> None:
        """The name; for towns, places, roads, hills and the like the rules read ``attrs.name``,
        so it follows the name in the same undo step (unless the file keeps a different one)."""
        from app.editor.tablescene import NAMED_KINDS
        if self._loading or self.index < 0:
            return
        f = self.doc.data["features"][self.index]
        new = self.name.text().strip()
        old = f.get("name")
        if (new or None) == old:
            return
        changes: list[tuple[tuple, Any]] = [(("features", self.index, "name"), new or DELETE)]
        attrs = f.get("attrs") or {}
        if new and (attrs.get("name") == old if "name" in attrs else f.get("kind") in NAMED_KINDS):
            if "attrs" not in f:
                changes.append((("features", self.index, "attrs"), {"name": new}))
            else:
                changes.append((("features", self.index, "attrs", "name"), new))
        self.doc.edit(f"{f.get('id')}: name", changes)


# -- entry points ------------------------------------------------------------------------------
