"""The designers' editor window: ``ridgeline edit [FILE]``.

One window edits one file: a hex map, a point-to-point board, a table in inches, a counter
sheet (``counters.toml``), a scenario, or any other data file (shown read-only as a tree).
The board is drawn as in the game; tools, palette and properties are docks around it; a live
validation list names every problem and jumps to its place; every edit is undoable.

``open_editor(parent, path)`` is the hook for the game window's menu.
"""

from __future__ import annotations

import copy
import math
import re
import sys
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (QApplication, QButtonGroup, QCheckBox, QComboBox, QDialog, QDialogButtonBox,
                               QDockWidget, QDoubleSpinBox, QFileDialog, QFormLayout, QFrame, QGraphicsView,
                               QGridLayout, QGroupBox, QHBoxLayout, QInputDialog, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QMainWindow, QMessageBox, QPushButton,
                               QSlider, QSpinBox, QToolButton, QTreeWidget, QTreeWidgetItem, QUndoView,
                               QVBoxLayout, QWidget)

from app.editor import hexops, style
from app.editor.document import DELETE, Document, empty_document, get_at

TOOL_LABELS = {
    "inspect": ("Inspect", "I"), "terrain": ("Terrain brush", "B"), "fill": ("Fill", "F"),
    "pick": ("Pick up", "K"), "hexside": ("Hexside", "H"), "road": ("Road", "R"),
    "elevation": ("Elevation", "E"), "feature": ("City / port", "C"), "name": ("Name", "N"),
    "label": ("Label", "L"), "line": ("Boundary line", "D"), "region": ("Region", "G"),
    "box": ("Off-map box", "X"), "select": ("Select / move", "S"), "space": ("Add space", "A"),
    "arrow": ("Arrow", "W"), "link": ("Link", "K"), "delete": ("Delete", "Del"),
    "polygon": ("Polygon", "P"), "place": ("Place unit", "U"), "remove": ("Remove unit", "M"),
    "control": ("Control", "O"), "hilltop": ("Hilltop", "T"),
}


class EditorView(QGraphicsView):
    """Wheel zooms around the cursor; the middle button pans."""

    zoomed = Signal(float)

    def __init__(self, scene: Any = None, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.SmoothPixmapTransform | QPainter.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setMouseTracking(True)
        self.setBackgroundBrush(QColor("#5E5A50"))
        self._pan: QPointF | None = None

    def wheelEvent(self, ev: Any) -> None:
        f = 1.15 if ev.angleDelta().y() > 0 else 1 / 1.15
        self.zoom(f)

    def zoom(self, f: float) -> None:
        s = self.transform().m11() * f
        if 0.05 < s < 12:
            self.scale(f, f)
            self.zoomed.emit(self.transform().m11())

    def fit(self) -> None:
        if self.scene() is not None:
            self.fitInView(self.scene().sceneRect(), Qt.KeepAspectRatio)
            self.zoomed.emit(self.transform().m11())

    def mousePressEvent(self, ev: Any) -> None:
        if ev.button() == Qt.MiddleButton:
            self._pan = ev.position()
            self.setCursor(Qt.ClosedHandCursor)
            return
        super().mousePressEvent(ev)

    def mouseMoveEvent(self, ev: Any) -> None:
        if self._pan is not None:
            d = ev.position() - self._pan
            self._pan = ev.position()
            self.horizontalScrollBar().setValue(int(self.horizontalScrollBar().value() - d.x()))
            self.verticalScrollBar().setValue(int(self.verticalScrollBar().value() - d.y()))
            return
        super().mouseMoveEvent(ev)

    def mouseReleaseEvent(self, ev: Any) -> None:
        if ev.button() == Qt.MiddleButton:
            self._pan = None
            self.unsetCursor()
            return
        super().mouseReleaseEvent(ev)


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


def _swatch(colour: str, size: int = 22) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setBrush(QColor(colour))
    p.setPen(QColor(40, 40, 40))
    p.drawRoundedRect(1, 1, size - 2, size - 2, 4, 4)
    p.end()
    return QIcon(pm)


def field_tokens(field: str) -> list[str]:
    """``lines[0].hexsides[2]`` -> ["lines", "0", "hexsides", "2"]."""
    return [t for t in re.split(r"\.|\[|\]", field) if t != ""]


def resolve(data: Any, field: str) -> tuple[list[Any], Any]:
    """Walk ``field`` into ``data`` (keys may contain dots, like C.RR hex ids); returns the
    path that exists and the value there."""
    toks = field_tokens(field)
    path: list[Any] = []
    cur = data
    i = 0
    while i < len(toks):
        if isinstance(cur, list):
            try:
                k = int(toks[i])
            except ValueError:
                break
            if not 0 <= k < len(cur):
                break
            path.append(k)
            cur = cur[k]
            i += 1
            continue
        if not isinstance(cur, dict):
            break
        for j in range(len(toks), i, -1):
            key = ".".join(toks[i:j])
            if key in cur:
                path.append(key)
                cur = cur[key]
                i = j
                break
        else:
            break
    return path, cur


class EditorWindow(QMainWindow):
    """One editor window over one document."""

    def __init__(self, path: str | None = None, kind: str | None = None, parent: QWidget | None = None,
                 **opts: Any):
        super().__init__(parent)
        self.setWindowTitle("Ridgeline editor")
        self.resize(1400, 900)
        self.doc: Document | None = None
        self.scene: Any = None
        self.view: EditorView | None = None
        self.map_doc: Document | None = None
        self.tool_buttons: dict[str, QToolButton] = {}
        self.palette_buttons: dict[str, QToolButton] = {}
        self.problems: list[Any] = []
        #: shows a dialog and returns True when accepted (tests replace it)
        self.dialog_runner: Callable[[QDialog], bool] = lambda dlg: dlg.exec() == QDialog.Accepted
        #: asks for one line of text (tests replace it)
        self.ask_text: Callable[[str, str], str | None] = self._ask_text
        self._validate_timer = QTimer(self)
        self._validate_timer.setSingleShot(True)
        self._validate_timer.setInterval(250)
        self._validate_timer.timeout.connect(self.validate_now)
        self._docks: list[QDockWidget] = []
        self._build_menus()
        self.hover_label = QLabel("")
        self.zoom_label = QLabel("")
        self.statusBar().addWidget(self.hover_label, 1)
        self.statusBar().addPermanentWidget(self.zoom_label)
        self._style()
        if path:
            self.open_path(path)
        else:
            self.set_document(empty_document(kind or "hexmap", self, **opts))

    # -- look ---------------------------------------------------------------------------------
    def _style(self) -> None:
        self.setStyleSheet("""
            QDockWidget::title { background: #3F4A3C; color: #F2EEDF; padding: 4px 8px; font-weight: bold; }
            QToolButton { padding: 3px 6px; border: 1px solid transparent; border-radius: 4px; }
            QToolButton:checked { background: #E8D9A8; border: 1px solid #8A7444; }
            QToolButton:hover { border: 1px solid #B8A878; }
            QGroupBox { font-weight: bold; margin-top: 10px; }
            QGroupBox::title { subcontrol-origin: margin; left: 6px; padding: 0 3px; }
            QListWidget#problems::item { padding: 3px; }
        """)

    def _ask_text(self, title: str, default: str) -> str | None:
        text, ok = QInputDialog.getText(self, "Ridgeline editor", title, text=default)
        return text if ok else None

    # -- menus --------------------------------------------------------------------------------
    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        self.act_new_map = m.addAction("New hex map\u2026", self.new_map)
        m.addAction("New point-to-point board", lambda: self.set_document(empty_document("pointgraph", self)))
        m.addAction("New table in inches", lambda: self.set_document(empty_document("table", self)))
        m.addAction("New counter sheet", lambda: self.set_document(empty_document("counters", self)))
        m.addAction("New scenario\u2026", self.new_scenario)
        m.addSeparator()
        a = m.addAction("&Open\u2026", self.open_dialog)
        a.setShortcut(QKeySequence.Open)
        a = m.addAction("&Save", self.save)
        a.setShortcut(QKeySequence.Save)
        a = m.addAction("Save &as\u2026", self.save_as_dialog)
        a.setShortcut(QKeySequence.SaveAs)
        m.addSeparator()
        m.addAction("Close", self.close)
        m = mb.addMenu("&Edit")
        self.act_undo = m.addAction("Undo", lambda: self.doc and self.doc.undo_stack.undo())
        self.act_undo.setShortcut(QKeySequence.Undo)
        self.act_redo = m.addAction("Redo", lambda: self.doc and self.doc.undo_stack.redo())
        self.act_redo.setShortcut(QKeySequence.Redo)
        m = mb.addMenu("&View")
        a = m.addAction("Zoom in", lambda: self.view and self.view.zoom(1.25))
        a.setShortcut(QKeySequence.ZoomIn)
        a = m.addAction("Zoom out", lambda: self.view and self.view.zoom(0.8))
        a.setShortcut(QKeySequence.ZoomOut)
        a = m.addAction("Zoom to fit", lambda: self.view and self.view.fit())
        a.setShortcut("Ctrl+0")
        self.view_menu = m
        m = mb.addMenu("&Map")
        m.addAction("Resize\u2026", self.resize_dialog)
        m.addAction("Background image\u2026", self.background_dialog)
        m.addAction("Remove background image", lambda: self.doc and self.doc.edit("Remove background", [(("background",), DELETE)]))
        m.addAction("New boundary line\u2026", self.new_line)
        m.addAction("New region\u2026", self.new_region)
        m.addAction("Road column display\u2026", self.road_column)
        self.map_menu = m
        m = mb.addMenu("&Scenario")
        self.act_play = m.addAction("Play this scenario", self.play)
        self.act_play.setShortcut("F5")
        m.addAction("Validate now", self.validate_now)

    # -- documents ----------------------------------------------------------------------------
    def open_path(self, path: str) -> None:
        self.set_document(Document.open(path, self))

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open", str(Path.cwd()), "Ridgeline data (*.json *.toml);;All files (*)")
        if path:
            self.open_path(path)

    def save(self) -> bool:
        if self.doc is None:
            return False
        if not self.doc.path:
            return self.save_as_dialog()
        self.doc.save()
        self.statusBar().showMessage(f"Saved {self.doc.path}", 4000)
        self._title()
        return True

    def save_as(self, path: str) -> None:
        assert self.doc is not None
        self.doc.fmt = "toml" if path.endswith(".toml") else "json"
        self.doc.save(path)
        self._title()

    def save_as_dialog(self) -> bool:
        if self.doc is None:
            return False
        ext = "toml" if self.doc.fmt == "toml" else "json"
        path, _ = QFileDialog.getSaveFileName(self, "Save as", self.doc.path or f"untitled.{ext}", f"*.{ext}")
        if not path:
            return False
        self.save_as(path)
        return True

    def new_map(self) -> bool:
        dlg = NewMapDialog(self)
        if not self.dialog_runner(dlg):
            return False
        self.set_document(empty_document("hexmap", self, **dlg.values()))
        return True

    def new_scenario(self) -> bool:
        from app.games import GAME_IDS
        game, ok = QInputDialog.getItem(self, "New scenario", "Game", list(GAME_IDS), 0, False)
        if not ok:
            return False
        self.set_document(empty_document("scenario", self, game=game))
        return True

    def set_document(self, doc: Document) -> None:
        if self.doc is not None:
            try:
                self.doc.changed.disconnect(self._on_changed)
                self.doc.undo_stack.cleanChanged.disconnect(self._title)
            except (RuntimeError, TypeError):
                pass
        self.doc = doc
        doc.setParent(self)
        doc.changed.connect(self._on_changed)
        doc.undo_stack.cleanChanged.connect(self._title)
        doc.undo_stack.canUndoChanged.connect(self.act_undo.setEnabled)
        doc.undo_stack.canRedoChanged.connect(self.act_redo.setEnabled)
        self.act_undo.setEnabled(False)
        self.act_redo.setEnabled(False)
        self._build_ui()
        self._title()
        self.validate_now()

    def _title(self, *_: Any) -> None:
        if self.doc is None:
            return
        star = "*" if self.doc.dirty else ""
        self.setWindowTitle(f"{self.doc.title}{star} \u2014 {self.doc.kind} \u2014 Ridgeline editor")

    def _on_changed(self, paths: list) -> None:
        self._validate_timer.start()
        if self.doc is not None and self.doc.kind == "scenario":
            key = (self.doc.data.get("start") or {}).get("data")
            if key != getattr(self, "_scenario_data_key", None):
                QTimer.singleShot(0, self._build_ui)  # another data folder: another board
        if self.doc is not None and self.doc.kind == "hexmap" and (
                not paths or any(p and p[0] == "contour_interval" for p in paths)):
            self._refresh_hex_controls()

    # -- building the UI for a kind ---------------------------------------------------------
    def _clear_docks(self) -> None:
        for d in self._docks:
            self.removeDockWidget(d)
            d.deleteLater()
        self._docks = []
        for act in getattr(self, "_tool_actions", []):
            self.removeAction(act)
        self._tool_actions: list[QAction] = []
        self.tool_buttons = {}
        self.palette_buttons = {}

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(title)
        d.setWidget(widget)
        d.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable | QDockWidget.DockWidgetClosable)
        self.addDockWidget(area, d)
        self._docks.append(d)
        return d

    def _build_ui(self) -> None:
        self._clear_docks()
        doc = self.doc
        assert doc is not None
        old = self.centralWidget()
        if old is not None:
            old.deleteLater()
        for obj in (self.scene, getattr(self, "_shown_scene", None)):
            if obj is not None:
                obj.deleteLater()
        self.scene = None
        self._shown_scene = None
        self.view = None
        self.map_menu.setEnabled(doc.kind == "hexmap")
        self.act_play.setEnabled(doc.kind == "scenario")
        builder = {"hexmap": self._build_hexmap, "pointgraph": self._build_graph, "table": self._build_table,
                   "counters": self._build_counters, "scenario": self._build_scenario}.get(doc.kind, self._build_data)
        builder()
        # validation + history on the right, under the properties
        self.problem_list = QListWidget()
        self.problem_list.setObjectName("problems")
        self.problem_list.itemActivated.connect(self._problem_clicked)
        self.problem_list.itemClicked.connect(self._problem_clicked)
        self._dock("Validation", self.problem_list, Qt.RightDockWidgetArea)
        hist = QUndoView(doc.undo_stack)
        hist.setEmptyLabel("<opened>")
        self._dock("History", hist, Qt.RightDockWidgetArea)
        if self.view is not None:
            self.view.zoomed.connect(lambda z: self.zoom_label.setText(f"zoom {z * 100:.0f}%"))
            QTimer.singleShot(0, self.view.fit)

    def _make_view(self, scene: Any) -> EditorView:
        self.scene = scene
        self._shown_scene = scene
        self.view = EditorView(scene)
        self.setCentralWidget(self.view)
        if hasattr(scene, "hoverChanged"):
            scene.hoverChanged.connect(self.hover_label.setText)
        if hasattr(scene, "message"):
            scene.message.connect(lambda m: self.statusBar().showMessage(m, 5000))
        if hasattr(scene, "ask_text"):
            scene.ask_text = lambda title, default: self.ask_text(title, default)
        return self.view

    def _tool_box(self, tools: tuple[str, ...], current: str, on_tool: Callable[[str], None],
                  labels: dict[str, str] | None = None) -> QGroupBox:
        box = QGroupBox("Tools")
        grid = QGridLayout(box)
        group = QButtonGroup(box)
        group.setExclusive(True)
        for i, t in enumerate(tools):
            label, key = TOOL_LABELS.get(t, (t, ""))
            label = (labels or {}).get(t, label)
            b = QToolButton()
            b.setText(label)
            b.setCheckable(True)
            b.setToolTip(f"{label} ({key})" if key else label)
            b.setToolButtonStyle(Qt.ToolButtonTextOnly)
            b.setSizePolicy(b.sizePolicy().horizontalPolicy(), b.sizePolicy().verticalPolicy())
            b.setMinimumWidth(110)
            b.setChecked(t == current)
            b.clicked.connect(lambda _c=False, t=t: on_tool(t))
            if key and len(key) == 1:
                act = QAction(b)
                act.setShortcut(key)
                act.setShortcutContext(Qt.WindowShortcut)
                act.triggered.connect(lambda _c=False, b=b: b.click())
                self.addAction(act)
                self._tool_actions.append(act)
            group.addButton(b)
            grid.addWidget(b, i // 2, i % 2)
            self.tool_buttons[t] = b
        return box

    def set_tool(self, tool: str) -> None:
        if self.scene is not None:
            self.scene.tool = tool
            item = getattr(self.scene, "map_item", None)
            if item is not None:
                item.update()  # editing highlights follow the tool
        b = self.tool_buttons.get(tool)
        if b is not None and not b.isChecked():
            b.setChecked(True)
        label = TOOL_LABELS.get(tool, (tool, ""))[0]
        self.statusBar().showMessage(f"Tool: {label}", 3000)

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
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.addWidget(self._tool_box(
            ("inspect", "terrain", "fill", "pick", "hexside", "road", "elevation", "feature", "name", "label",
             "line", "region", "box", "hilltop"), scene.tool, self.set_tool))
        # terrain palette
        pal = QGroupBox("Terrain")
        pg = QGridLayout(pal)
        self._pal_group = QButtonGroup(pal)
        for i, (name, colour) in enumerate(palette.items()):
            b = QToolButton()
            b.setIcon(_swatch(colour))
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
        self.feature_combo.addItems(list(hexops.HEX_FEATURES))
        self.feature_combo.currentTextChanged.connect(lambda v: setattr(scene, "hex_feature", v))
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
        lay.addStretch(1)
        self._dock("Map tools", panel, Qt.LeftDockWidgetArea)
        # properties of the selected hex
        self.hex_props = HexProperties(doc, scene)
        self._dock("Hex", self.hex_props, Qt.RightDockWidgetArea)
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
        if self.scene is None or self.doc is None or self.doc.kind != "hexmap":
            return
        line_id = line_id or self.ask_text("Id of the new line (e.g. start-line, dmz)", "start-line")
        if line_id:
            self.scene.add_line(line_id.strip())
            self._refresh_hex_controls()
            self.line_combo.setCurrentText(line_id.strip())
            self.set_tool("line")

    def new_region(self, name: str | None = None) -> None:
        if self.scene is None or self.doc is None or self.doc.kind != "hexmap":
            return
        name = name or self.ask_text("Name of the new region (e.g. mig-alley)", "mig-alley")
        if name:
            self.scene.add_region(name.strip())
            self._refresh_hex_controls()
            self.region_combo.setCurrentText(name.strip())
            self.set_tool("region")

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

    # -- point-to-point boards ---------------------------------------------------------------
    def _build_graph(self) -> None:
        from app.editor.graphscene import ARROW_COLOURS, GRAPH_TOOLS, GraphScene
        doc = self.doc
        scene = GraphScene(doc, self)
        self._make_view(scene)
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.addWidget(self._tool_box(GRAPH_TOOLS, scene.tool, self.set_tool))
        opts = QGroupBox("Options")
        f = QFormLayout(opts)
        self.colour_combo = QComboBox()
        for c in ARROW_COLOURS:
            self.colour_combo.addItem(_swatch(QColor(c).name() if QColor(c).isValid() else "#888888"), c)
        self.colour_combo.currentTextChanged.connect(lambda v: setattr(scene, "colour", v))
        f.addRow("Arrow colour", self.colour_combo)
        self.style_combo = QComboBox()
        self.style_combo.addItems(["dashed", "solid", "dotted"])
        self.style_combo.currentTextChanged.connect(lambda v: setattr(scene, "link_style", v))
        f.addRow("Link style", self.style_combo)
        lay.addWidget(opts)
        lay.addStretch(1)
        self._dock("Board tools", panel, Qt.LeftDockWidgetArea)
        self.space_props = SpaceProperties(doc, scene)
        self._dock("Space", self.space_props, Qt.RightDockWidgetArea)

    # -- tables -------------------------------------------------------------------------------
    def _build_table(self) -> None:
        from app.editor.tablescene import KINDS, TABLE_TOOLS, TableScene
        doc = self.doc
        scene = TableScene(doc, self)
        self._make_view(scene)
        panel = QWidget()
        lay = QVBoxLayout(panel)
        lay.addWidget(self._tool_box(TABLE_TOOLS, scene.tool, self.set_tool, {"line": "Line"}))
        opts = QGroupBox("Options")
        f = QFormLayout(opts)
        self.kind_combo = QComboBox()
        for k, (geom, fill, _e, _a) in KINDS.items():
            self.kind_combo.addItem(_swatch(fill), k)
        self.kind_combo.currentTextChanged.connect(self._table_kind)
        f.addRow("Terrain", self.kind_combo)
        self.snap_grid = QCheckBox("snap to grid")
        self.snap_grid.setChecked(scene.grid_snap)
        self.snap_grid.toggled.connect(lambda v: (setattr(scene, "grid_snap", v), scene.item.update()))
        f.addRow(self.snap_grid)
        self.grid_step = QDoubleSpinBox()
        self.grid_step.setRange(0.05, 12)
        self.grid_step.setSingleStep(0.25)
        self.grid_step.setValue(scene.grid_step)
        self.grid_step.setSuffix(" in")
        self.grid_step.valueChanged.connect(lambda v: (setattr(scene, "grid_step", v), scene.item.update()))
        f.addRow("Grid", self.grid_step)
        self.snap_vertex = QCheckBox("snap to vertices")
        self.snap_vertex.setChecked(scene.vertex_snap)
        self.snap_vertex.toggled.connect(lambda v: setattr(scene, "vertex_snap", v))
        f.addRow(self.snap_vertex)
        size = QHBoxLayout()
        self.table_w = QDoubleSpinBox()
        self.table_h = QDoubleSpinBox()
        for s, key in ((self.table_w, "width"), (self.table_h, "height")):
            s.setRange(1, 400)
            s.setSuffix(" in")
            s.setValue(float(doc.data.get(key, 48)))
            s.editingFinished.connect(lambda s=s, key=key: doc.edit(f"Table {key}", [((key,), s.value())]))
            size.addWidget(s)
        sw = QWidget()
        sw.setLayout(size)
        size.setContentsMargins(0, 0, 0, 0)
        f.addRow("Size", sw)
        lay.addWidget(opts)
        help_ = QLabel("Polygon/line: click vertices, double-click or Enter to finish.\n"
                       "Select: drag a vertex; double-click an edge inserts one;\nright-click a vertex deletes it.")
        help_.setStyleSheet("color: #555;")
        lay.addWidget(help_)
        lay.addStretch(1)
        self._dock("Table tools", panel, Qt.LeftDockWidgetArea)
        self.feature_props = FeatureProperties(doc, scene)
        self._dock("Feature", self.feature_props, Qt.RightDockWidgetArea)

    def _table_kind(self, kind: str) -> None:
        from app.editor.tablescene import kind_style
        if self.scene is None:
            return
        self.scene.kind = kind
        geom = kind_style(kind)[0]
        if self.scene.tool in ("polygon", "line") and self.scene.tool != geom:
            self.set_tool(geom)

    # -- counters -----------------------------------------------------------------------------
    def _build_counters(self) -> None:
        from app.editor.counters import CountersEditor
        self.counters_editor = CountersEditor(self.doc)
        self.setCentralWidget(self.counters_editor)

    # -- scenarios ----------------------------------------------------------------------------
    def _build_scenario(self) -> None:
        from app.editor.scenario import (SCENARIO_TOOLS, ScenarioPanel, ScenarioScene, board_path,
                                         counters_of, data_dir)
        doc = self.doc
        game = str(doc.data.get("game", ""))
        self._scenario_data_key = (doc.data.get("start") or {}).get("data")
        self.counters = counters_of(data_dir(doc.data, doc.path))
        bp = board_path(doc.data, doc.path)
        self.map_doc = None
        scene = None
        if bp is not None:
            try:
                self.map_doc = Document.open(bp, self)
            except Exception:
                self.map_doc = None
        if self.map_doc is not None and self.map_doc.kind == "hexmap":
            used = {e.get("terrain") for e in (self.map_doc.data.get("hexes") or {}).values() if isinstance(e, dict)}
            palette = style.terrain_palette(game, sorted(t for t in used if t), str(bp))
            scene = ScenarioScene(self.map_doc, doc, self.counters, palette, self)
            self._make_view(scene)
        elif self.map_doc is not None and self.map_doc.kind == "pointgraph":
            from app.editor.graphscene import GraphScene
            g = GraphScene(self.map_doc, self)
            self._make_view(g)
            self.scene = None  # the board is shown, not edited, in a scenario
        else:
            lbl = QLabel(f"No board found for game {game!r}.\nEdit the scenario's tables on the right.")
            lbl.setAlignment(Qt.AlignCenter)
            self.setCentralWidget(lbl)
        panel = QWidget()
        lay = QVBoxLayout(panel)
        if scene is not None:
            lay.addWidget(self._tool_box(SCENARIO_TOOLS, scene.tool, self.set_tool))
            opts = QGroupBox("Options")
            f = QFormLayout(opts)
            self.control_combo = QComboBox()
            self.control_combo.addItems(["allied", "communist"])
            self.control_combo.currentTextChanged.connect(lambda v: setattr(scene, "control_side", v))
            f.addRow("Control for", self.control_combo)
            lay.addWidget(opts)
        play = QPushButton("\u25B6  Play this scenario")
        play.setStyleSheet("font-weight: bold; padding: 8px;")
        play.clicked.connect(self.play)
        lay.addWidget(play)
        lay.addStretch(1)
        self._dock("Scenario tools", panel, Qt.LeftDockWidgetArea)
        self.scenario_panel = ScenarioPanel(doc, scene, self.counters)
        self._dock("Scenario", self.scenario_panel, Qt.RightDockWidgetArea)

    def play(self) -> bool:
        """Save, then open the scenario in the game window (or a ``ridgeline open`` process)."""
        if self.doc is None or self.doc.kind != "scenario":
            return False
        if not self.doc.path or self.doc.dirty:
            if not self.save():
                return False
        path = self.doc.path
        try:
            from app.ui import main as ui_main  # type: ignore[attr-defined]
        except Exception:
            ui_main = None
        for name in ("open_game_window", "open_window", "open_file"):
            fn = getattr(ui_main, name, None) if ui_main is not None else None
            if callable(fn):
                try:
                    self._game_window = fn(path)
                    return True
                except Exception as e:  # fall back to a separate process
                    self.statusBar().showMessage(f"Could not open in this process: {e}", 5000)
                    break
        from PySide6.QtCore import QProcess
        ok = QProcess.startDetached(sys.executable, ["-m", "app", "open", str(path)], str(Path(__file__).resolve().parents[2]))
        ok = ok[0] if isinstance(ok, tuple) else ok
        self.statusBar().showMessage(f"Playing {path}" if ok else "Could not start the game", 5000)
        return bool(ok)

    # -- other data files ---------------------------------------------------------------------
    def _build_data(self) -> None:
        tree = QTreeWidget()
        tree.setHeaderLabels(["key", "value"])
        tree.setColumnWidth(0, 320)

        def add(parent: Any, key: str, value: Any) -> None:
            it = QTreeWidgetItem(parent, [key, "" if isinstance(value, (dict, list)) else repr(value)])
            if isinstance(value, dict):
                for k, v in value.items():
                    add(it, str(k), v)
            elif isinstance(value, list):
                for i, v in enumerate(value):
                    add(it, f"[{i}]", v)

        for k, v in (self.doc.data or {}).items():
            add(tree, str(k), v)
        tree.expandToDepth(0)
        self.setCentralWidget(tree)

    # -- validation ---------------------------------------------------------------------------
    def problems_now(self) -> list[Any]:
        """Every problem of the current document as FileProblem (validators + editor checks)."""
        from app.engine.files import FileProblem
        from app.engine.validate import validate_loaded
        doc = self.doc
        if doc is None:
            return []
        loaded = doc.loaded()
        try:
            probs = validate_loaded(loaded)
        except Exception as e:  # a validator must never take the editor down
            probs = [FileProblem(loaded.path, 1, "", f"could not be checked ({type(e).__name__}: {e})")]
        if doc.kind in ("counters", "terrain", "data"):
            probs = [p for p in probs if "unknown file kind" not in p.message]
            if doc.kind == "counters":
                try:
                    from app.games.korea38.data import validate_counters
                    if str(doc.data.get("game", style.game_of(doc.path) or "korea38")) == "korea38" and not probs:
                        probs += [loaded.problem(f, m) for f, m in validate_counters(doc.data)]
                except Exception:
                    pass
        if doc.kind == "scenario":
            from app.editor.scenario import scenario_problems
            map_ids: set[str] = set()
            boxes: set[str] = set()
            if self.map_doc is not None and self.map_doc.kind == "hexmap":
                try:
                    map_ids = set(hexops.grid_of(self.map_doc.data).ids())
                except Exception:
                    pass
                boxes = {b.get("id") for b in self.map_doc.data.get("boxes", []) if isinstance(b, dict)}
            probs += [loaded.problem(f, m) for f, m in scenario_problems(doc.data, getattr(self, "counters", []), map_ids, boxes)]
        return probs

    def validate_now(self) -> None:
        self.problems = self.problems_now()
        lst = getattr(self, "problem_list", None)
        if lst is None:
            return
        lst.clear()
        if not self.problems:
            it = QListWidgetItem("\u2714  No problems")
            it.setForeground(QColor("#2E7D32"))
            lst.addItem(it)
            return
        for p in self.problems:
            it = QListWidgetItem(f"\u26A0  line {p.line}: {p.field or '<file>'}: {p.message}")
            it.setData(Qt.UserRole, p.field)
            it.setToolTip(str(p))
            it.setForeground(QColor("#B23A2A"))
            lst.addItem(it)

    def _problem_clicked(self, item: QListWidgetItem) -> None:
        field = item.data(Qt.UserRole)
        if field:
            self.jump_to(str(field))

    def jump_to(self, field: str) -> Any:
        """Show the place a problem's field names: its hex, hexside, space, feature or unit."""
        doc = self.doc
        if doc is None:
            return None
        path, value = resolve(doc.data, field)
        target: QPointF | None = None
        if doc.kind in ("hexmap", "scenario") and self.scene is not None and hasattr(self.scene, "polys"):
            sc = self.scene
            cands: list[str] = [str(p) for p in path] + ([value] if isinstance(value, str) else [])
            if isinstance(value, dict):
                cands += [str(v) for v in value.values() if isinstance(v, str)]
            if isinstance(value, list):
                cands += [str(v) for v in value if isinstance(v, str)]
            for c in reversed(cands):
                if c in sc.polys:
                    sc.select_hex(c)
                    target = sc.hex_centre(c)
                    break
                parts = c.split("/")
                if len(parts) == 2 and all(x in sc.polys for x in parts) and sc.grid.is_adjacent(*parts):
                    target = sc.side_centre(*parts)
                    sc.select_hex(parts[0])
                    break
        elif doc.kind == "pointgraph" and self.scene is not None:
            if len(path) >= 2 and path[0] == "spaces":
                sp = doc.data["spaces"][path[1]]
                self.scene.selected = ("space", sp.get("id"))
                target = QPointF(float(sp.get("x", 0)), float(sp.get("y", 0)))
                self.scene.spaceSelected.emit(str(sp.get("id")))
            elif len(path) >= 2 and path[0] in ("arrows", "links"):
                self.scene.selected = (path[0][:-1], path[1])
            self.scene.board.update()
        elif doc.kind == "table" and self.scene is not None:
            if len(path) >= 2 and path[0] == "features":
                from app.editor.tablescene import PPI
                self.scene.selected = path[1]
                f = doc.data["features"][path[1]]
                pts = f.get("polygon") or f.get("line") or []
                if pts:
                    target = QPointF(sum(x for x, _ in pts) / len(pts) * PPI, sum(y for _, y in pts) / len(pts) * PPI)
                self.scene.featureSelected.emit(path[1])
                self.scene.item.update()
        elif doc.kind == "counters" and len(path) >= 2 and path[0] == "unit":
            ed = self.counters_editor
            ed.setCurrentIndex(0)
            ed.designer.list.setCurrentRow(path[1])
        if target is not None and self.view is not None:
            self.view.centerOn(target)
        self.statusBar().showMessage(f"{field}", 4000)
        return target

    def closeEvent(self, ev: Any) -> None:
        if self.doc is not None and self.doc.dirty and self.isVisible() and not getattr(self, "_force_close", False):
            r = QMessageBox.question(self, "Unsaved changes", f"Save changes to {self.doc.title}?",
                                     QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel)
            if r == QMessageBox.Cancel or (r == QMessageBox.Save and not self.save()):
                ev.ignore()
                return
        ev.accept()


class HexProperties(QWidget):
    """The selected hex: terrain, elevation, name and features, each edit undoable."""

    def __init__(self, doc: Document, scene: Any):
        super().__init__()
        self.doc, self.scene = doc, scene
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
        for feat in hexops.HEX_FEATURES:
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
                 if f not in hexops.HEX_FEATURES]
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
        f.addRow("Id", self.id)
        f.addRow("Kind", self.kind)
        f.addRow("Name", self.name)
        f.addRow(self.blocks)
        f.addRow(self.impassable)
        f.addRow("Width", self.width)
        f.addRow("Elevation", self.elevation)
        self.id.editingFinished.connect(lambda: self._set(("id",), self.id.text().strip()))
        self.kind.editingFinished.connect(lambda: self._set(("kind",), self.kind.text().strip()))
        self.name.editingFinished.connect(lambda: self._set(("name",), self.name.text() or DELETE))
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
        self._loading = False

    def _set(self, sub: tuple, value: Any) -> None:
        if self._loading or self.index < 0:
            return
        self.doc.edit(f"{self.doc.data['features'][self.index].get('id')}: {'.'.join(sub)}",
                      [(("features", self.index) + sub, value)])


# -- entry points ------------------------------------------------------------------------------

def _app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        app = QApplication(sys.argv[:1])
        app.setApplicationName("Ridgeline editor")
    return app  # type: ignore[return-value]


def open_editor(parent: QWidget | None = None, path: str | None = None) -> EditorWindow:
    """Open an editor window (the game window's "Edit" menu calls this)."""
    _app()
    w = EditorWindow(path, parent=parent)
    if parent is not None:
        w.setWindowFlag(Qt.Window, True)
    w.show()
    return w


def run_editor(path: str | None = None) -> int:
    """``ridgeline edit [FILE]``: the editor as a program; returns the exit code."""
    from app.engine.files import FileError
    app = _app()
    try:
        w = EditorWindow(path)
    except FileError as e:
        for p in e.problems:
            print(str(p), file=sys.stderr)
        return 2
    w.show()
    return int(app.exec())
