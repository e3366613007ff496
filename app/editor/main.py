"""The designers' editor window: ``ridgeline edit [FILE]``.

One window edits one file: a hex map, a point-to-point board, a table in inches, a counter
sheet (``counters.toml``), a scenario, or any other data file (shown read-only as a tree).
The board is drawn as in the game; tools, palette and properties are docks around it; a live
validation list names every problem and jumps to its place; every edit is undoable.

``open_editor(parent, path)`` is the hook for the game window's menu.

The window's parts: hex map controls (:mod:`app.editor.hexmap_panel`), checking and jumping to
problems (:mod:`app.editor.checking`), property panels (:mod:`app.editor.properties`), dialogs
(:mod:`app.editor.dialogs`) and the view (:mod:`app.editor.view`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import (QApplication, QButtonGroup, QCheckBox, QComboBox, QDialog, QDockWidget,
                               QDoubleSpinBox, QFileDialog, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
                               QInputDialog, QLabel, QListWidget, QMainWindow, QMessageBox, QPushButton,
                               QToolButton, QTreeWidget, QTreeWidgetItem, QUndoView, QVBoxLayout, QWidget)

from app.editor import style
from app.editor.document import DELETE, Document, empty_document
from app.editor.checking import CheckingMixin
from app.editor.dialogs import NewMapDialog, swatch
from app.editor.hexmap_panel import HexMapMixin
from app.editor.properties import FeatureProperties, SpaceProperties
from app.editor.view import EditorView


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


class EditorWindow(HexMapMixin, CheckingMixin, QMainWindow):
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

    def _tools_panel(self, tools: tuple[str, ...] | None, scene: Any,
                     labels: dict[str, str] | None = None) -> tuple[QWidget, QVBoxLayout]:
        """The left dock's panel, the kind's tool buttons first (none without a scene)."""
        panel = QWidget()
        lay = QVBoxLayout(panel)
        if tools is not None and scene is not None:
            lay.addWidget(self._tool_box(tools, scene.tool, self.set_tool, labels))
        return panel, lay

    def _dock_panels(self, tools_title: str, panel: QWidget, lay: QVBoxLayout, props_title: str,
                     props: QWidget) -> None:
        """The tools panel docked on the left (its contents kept to the top), the properties on the right."""
        lay.addStretch(1)
        self._dock(tools_title, panel, Qt.LeftDockWidgetArea)
        self._dock(props_title, props, Qt.RightDockWidgetArea)

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

    # -- point-to-point boards ---------------------------------------------------------------
    def _build_graph(self) -> None:
        from app.editor.graphscene import ARROW_COLOURS, GRAPH_TOOLS, GraphScene
        doc = self.doc
        scene = GraphScene(doc, self)
        self._make_view(scene)
        panel, lay = self._tools_panel(GRAPH_TOOLS, scene)
        opts = QGroupBox("Options")
        f = QFormLayout(opts)
        self.colour_combo = QComboBox()
        for c in ARROW_COLOURS:
            self.colour_combo.addItem(swatch(QColor(c).name() if QColor(c).isValid() else "#888888"), c)
        self.colour_combo.currentTextChanged.connect(lambda v: setattr(scene, "colour", v))
        f.addRow("Arrow colour", self.colour_combo)
        self.style_combo = QComboBox()
        self.style_combo.addItems(["dashed", "solid", "dotted"])
        self.style_combo.currentTextChanged.connect(lambda v: setattr(scene, "link_style", v))
        f.addRow("Link style", self.style_combo)
        lay.addWidget(opts)
        self.space_props = SpaceProperties(doc, scene)
        self._dock_panels("Board tools", panel, lay, "Space", self.space_props)

    # -- tables -------------------------------------------------------------------------------
    def _build_table(self) -> None:
        from app.editor.tablescene import KINDS, TABLE_TOOLS, TableScene
        doc = self.doc
        scene = TableScene(doc, self)
        self._make_view(scene)
        panel, lay = self._tools_panel(TABLE_TOOLS, scene, {"line": "Line"})
        opts = QGroupBox("Options")
        f = QFormLayout(opts)
        self.kind_combo = QComboBox()
        for k, (geom, fill, _e, _a) in KINDS.items():
            self.kind_combo.addItem(swatch(fill), k)
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
        self.feature_props = FeatureProperties(doc, scene)
        self._dock_panels("Table tools", panel, lay, "Feature", self.feature_props)

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
        elif self.map_doc is not None and self.map_doc.kind == "table":
            from app.editor.tablescene import TableScene
            self._make_view(TableScene(self.map_doc, self))
            self.scene = None  # the table is shown, not edited, in a scenario
        else:
            lbl = QLabel(f"No board found for game {game!r}.\nEdit the scenario's tables on the right.")
            lbl.setAlignment(Qt.AlignCenter)
            self.setCentralWidget(lbl)
        # placing units and painting control are how Korea's scenarios are written; the other
        # games set up by areas, decks and tables written in the file, so their board is shown only
        tools = SCENARIO_TOOLS if self.counters else ("inspect",)
        if scene is not None and not self.counters:
            scene.tool = "inspect"
        panel, lay = self._tools_panel(tools, scene)
        if scene is not None and self.counters:        # hex control: the Korea-style scenarios
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
        self.scenario_panel = ScenarioPanel(doc, scene, self.counters)
        self._dock_panels("Scenario tools", panel, lay, "Scenario", self.scenario_panel)

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

    def closeEvent(self, ev: Any) -> None:
        if self.doc is not None and self.doc.dirty and self.isVisible() and not getattr(self, "_force_close", False):
            r = QMessageBox.question(self, "Unsaved changes", f"Save changes to {self.doc.title}?",
                                     QMessageBox.Save | QMessageBox.Discard | QMessageBox.Cancel)
            if r == QMessageBox.Cancel or (r == QMessageBox.Save and not self.save()):
                ev.ignore()
                return
        ev.accept()


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
