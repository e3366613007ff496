"""Editing a hex map: the terrain, line and region tools, contour spacing, resizing, and the scanned
background image under the grid."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDoubleSpinBox, QFileDialog, QFormLayout, QGridLayout,
                               QGroupBox, QSlider, QToolButton)

from app.editor import hexops, style
from app.editor.dialogs import ResizeDialog, swatch
from app.editor.properties import HexProperties


class HexMapMixin:
    """Hex map controls: a part of :class:`~app.editor.main.EditorWindow`."""

    # -- hex maps -----------------------------------------------------------------------------
    def _build_hexmap(self) -> None:
        from app.editor.hexscene import HexMapScene
        doc = self.doc
        assert doc is not None
        game = style.game_of(doc.path)
        used = {e.get("terrain") for e in (doc.data.get("hexes") or {}).values() if isinstance(e, dict)}
        used.add(doc.data.get("default_terrain", "clear"))
        palette = style.terrain_palette(game, sorted(t for t in used if t), doc.path)
        scene = HexMapScene(doc, palette, self)
        self._make_view(scene)
        scene.terrainPicked.connect(self._terrain_picked)
        feats = style.hex_features(game, doc.data)
        tools = ("inspect", "terrain", "fill", "pick", "hexside", "road", "elevation", "feature", "name", "label",
                 "line", "region", "box", "hilltop")
        if not feats:      # a game whose maps mark no cities or ports (Semper Fi!)
            tools = tuple(t for t in tools if t != "feature")
        else:
            scene.hex_feature = feats[0]
        panel, lay = self._tools_panel(tools, scene)
        # terrain palette
        pal = QGroupBox("Terrain")
        pg = QGridLayout(pal)
        self._pal_group = QButtonGroup(pal)
        for i, (name, colour) in enumerate(palette.items()):
            b = QToolButton()
            b.setIcon(swatch(colour))
            b.setText(name)
            b.setToolButtonStyle(Qt.ToolButtonTextBesideIcon)
            b.setCheckable(True)
            b.setMinimumWidth(110)
            b.setChecked(name == scene.terrain)
            b.clicked.connect(lambda _c=False, n=name: self.set_terrain(n))
            self._pal_group.addButton(b)
            pg.addWidget(b, i // 2, i % 2)
            self.palette_buttons[name] = b
        lay.addWidget(pal)
        # brush and tool options
        opts = QGroupBox("Options")
        f = QFormLayout(opts)
        self.brush_combo = QComboBox()
        for n in (1, 7, 19):
            self.brush_combo.addItem(f"{n} hex{'es' if n > 1 else ''}", n)
        self.brush_combo.currentIndexChanged.connect(lambda i: setattr(scene, "brush_size", self.brush_combo.itemData(i)))
        f.addRow("Brush", self.brush_combo)
        self.side_combo = QComboBox()
        self.side_combo.addItems(list(hexops.SIDE_FEATURES))
        self.side_combo.currentTextChanged.connect(lambda v: setattr(scene, "side_feature", v))
        f.addRow("Hexside", self.side_combo)
        self.feature_combo = QComboBox()
        self.feature_combo.addItems(list(feats))
        self.feature_combo.currentTextChanged.connect(lambda v: setattr(scene, "hex_feature", v))
        if feats:
            f.addRow("Place", self.feature_combo)
        self.elev_spin = QDoubleSpinBox()
        self.elev_spin.setRange(-1000, 10000)
        self.elev_spin.setDecimals(0)
        self.elev_spin.setValue(1)
        self.elev_spin.valueChanged.connect(lambda v: setattr(scene, "elevation", int(v) if v == int(v) else v))
        f.addRow("Elevation", self.elev_spin)
        # the contour interval: the map's own (metres, stored in the file) once it has one
        self.contour_spin = QDoubleSpinBox()
        self.contour_spin.setRange(0.1, 1000)
        self.contour_spin.setValue(scene.map_contour_interval())
        self.contour_spin.setToolTip("Contour lines are drawn where elevation // this interval changes; "
                                     "the value is saved in the map as contour_interval (metres)")
        self.contour_spin.valueChanged.connect(self._contour_changed)
        f.addRow("Contour every (m)", self.contour_spin)
        self.line_combo = QComboBox()
        self.line_combo.currentTextChanged.connect(lambda v: (setattr(scene, "line_id", v), scene.map_item.update()))
        f.addRow("Line", self.line_combo)
        self.region_combo = QComboBox()
        self.region_combo.currentTextChanged.connect(lambda v: (setattr(scene, "region", v), scene.map_item.update()))
        f.addRow("Region", self.region_combo)
        self.bg_slider = QSlider(Qt.Horizontal)
        self.bg_slider.setRange(0, 100)
        self.bg_slider.sliderReleased.connect(lambda: self.set_background_opacity(self.bg_slider.value() / 100))
        f.addRow("Background", self.bg_slider)
        lay.addWidget(opts)
        self.hex_props = HexProperties(doc, scene, feats)          # properties of the selected hex
        self._dock_panels("Map tools", panel, lay, "Hex", self.hex_props)
        self._refresh_hex_controls()

    def _refresh_hex_controls(self) -> None:
        if self.doc is None or self.doc.kind != "hexmap" or self.scene is None:
            return
        scene = self.scene
        for combo, items, cur in ((self.line_combo, [ln.get("id", "") for ln in self.doc.data.get("lines", [])], scene.line_id),
                                  (self.region_combo, sorted((self.doc.data.get("regions") or {}).keys()), scene.region)):
            combo.blockSignals(True)
            combo.clear()
            combo.addItems(items)
            if cur in items:
                combo.setCurrentText(cur)
            combo.blockSignals(False)
        self.contour_spin.blockSignals(True)
        self.contour_spin.setValue(scene.map_contour_interval())
        self.contour_spin.blockSignals(False)
        bg = self.doc.data.get("background")
        self.bg_slider.setEnabled(isinstance(bg, dict))
        if isinstance(bg, dict):
            self.bg_slider.setValue(int(float(bg.get("opacity", 0.5)) * 100))

    def _contour_changed(self, v: float) -> None:
        if self.scene is None:
            return
        self.scene.contour_interval = v
        self.scene.set_contour_interval(v)
        self.scene.map_item.update()

    def road_column(self, entry: str | None = None, slots: int | None = None) -> None:
        """Place (or move) the road column display beside the map, feeding ``entry``."""
        if self.scene is None or self.doc is None or self.doc.kind != "hexmap":
            return
        cur = next((b for b in self.doc.data.get("boxes") or [] if b.get("id") == "road-column"), {})
        entry = entry or self.ask_text("Hex where the road column enters the map",
                                       str(cur.get("anchor") or self.scene.selected_hex or ""))
        if not entry:
            return
        if slots is None:
            text = self.ask_text("Places in the column", str(cur.get("slots", 24)))
            slots = int(text) if text and text.strip().isdigit() else 24
        self.scene.add_road_column(entry.strip(), slots)

    def set_terrain(self, name: str) -> None:
        if self.scene is not None:
            self.scene.terrain = name
        b = self.palette_buttons.get(name)
        if b is not None and not b.isChecked():
            b.setChecked(True)

    def _terrain_picked(self, name: str) -> None:
        self.set_terrain(name)
        self.set_tool("terrain")
        self.statusBar().showMessage(f"Brush: {name}", 3000)

    def new_line(self, line_id: str | None = None) -> None:
        self._new_named("Id of the new line (e.g. start-line, dmz)", "start-line", line_id, "line")

    def new_region(self, name: str | None = None) -> None:
        self._new_named("Name of the new region (e.g. mig-alley)", "mig-alley", name, "region")

    def _new_named(self, question: str, example: str, name: str | None, what: str) -> None:
        """A new boundary line or region on a hex map: named (asked when not given), chosen in its
        list, and its tool taken up."""
        if self.scene is None or self.doc is None or self.doc.kind != "hexmap":
            return
        name = name or self.ask_text(question, example)
        if name:
            getattr(self.scene, f"add_{what}")(name.strip())
            self._refresh_hex_controls()
            getattr(self, f"{what}_combo").setCurrentText(name.strip())
            self.set_tool(what)

    def resize_dialog(self) -> bool:
        if self.doc is None or self.doc.kind != "hexmap":
            return False
        dlg = ResizeDialog(self)
        if not self.dialog_runner(dlg):
            return False
        return self.resize_map(**dlg.values())

    def resize_map(self, top: int = 0, left: int = 0, bottom: int = 0, right: int = 0) -> bool:
        assert self.doc is not None
        try:
            new, _ = hexops.resize_hexmap(self.doc.data, top=top, left=left, bottom=bottom, right=right)
        except ValueError as e:
            self.statusBar().showMessage(str(e), 5000)
            return False
        self.doc.replace(f"Resize map (top {top:+d}, left {left:+d}, bottom {bottom:+d}, right {right:+d})", new)
        return True

    def background_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Background image to trace", "", "Images (*.png *.jpg *.jpeg)")
        if path:
            self.set_background(path)

    def set_background(self, image: str, opacity: float = 0.5) -> None:
        assert self.doc is not None and self.scene is not None
        rel = image
        if self.doc.path:
            try:
                rel = str(Path(image).resolve().relative_to(Path(self.doc.path).resolve().parent))
            except ValueError:
                rel = str(Path(image).resolve())
        pm = QPixmap(image)
        x0, y0, x1, y1 = self.scene.grid.pixel_bounds()
        scale = 1.0
        if not pm.isNull() and pm.width() > 0:
            from app.editor.hexscene import SCALE
            scale = round((x1 - x0) * SCALE / pm.width(), 4)
        self.doc.edit("Background image", [(("background",), {"image": rel, "opacity": opacity, "x": round(x0, 4),
                                                              "y": round(y0, 4), "scale": scale})])
        self._refresh_hex_controls()

    def set_background_opacity(self, value: float) -> None:
        if self.doc is None or not isinstance(self.doc.data.get("background"), dict):
            return
        self.doc.edit(f"Background opacity {value:.0%}", [(("background", "opacity"), round(value, 2))])
