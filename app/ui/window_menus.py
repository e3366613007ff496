"""The window's menus and the View tools they switch (measure, overlays, grid, palette...)."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from app.ui import palette
from app.ui.keyboard import KeysDialog
from app.ui.rule_here import open_rule_here
from app.ui.overlays import hidden_keys, overlay_key
from app.ui.mnemonic import literal


def _position_save() -> Any:  # File > Save position as scenario (issue 16)
    from app.ui import position_save
    return position_save


def _tutorials() -> Any:  # Help > Learn to play (issue 16)
    from app.ui import tutorial_panel
    return tutorial_panel


class MenusMixin:
    """Menus and view tools: a part of :class:`~app.ui.window.MainWindow`."""

    def _act(self, menu: QMenu, text: str, slot: Callable, shortcut: Any = None, checkable: bool = False,
             tip: str = "") -> QAction:
        a = QAction(text, self)
        if shortcut is not None:
            a.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
        a.setCheckable(checkable)
        if tip:
            a.setStatusTip(tip)
            a.setToolTip(tip)
        a.triggered.connect(slot)
        menu.addAction(a)
        return a

    def _build_menus(self) -> None:
        mb = self.menuBar()
        m = mb.addMenu("&File")
        self._act(m, "&New game...", self.new_game_dialog, QKeySequence.StandardKey.New)
        self._act(m, "&Open...", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = m.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        m.addSeparator()
        self.act_save = self._act(m, "&Save", self.save, QKeySequence.StandardKey.Save)
        self.act_save_as = self._act(m, "Save &as...", self.save_as_dialog, QKeySequence("Ctrl+Shift+S"))
        m.addSeparator()
        self._act(m, "Re&play a save...", self.replay_dialog)
        self.act_replay_this = self._act(m, "Replay &this game", self.replay_current)
        self._act(m, "Export &picture...", self.export_picture)
        self._act(m, "Save &position as scenario...", lambda: _position_save().save_position_dialog(self))
        m.addSeparator()
        self._act(m, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        m = mb.addMenu("&Edit")
        self.act_undo = self._act(m, "&Undo", self.undo, QKeySequence("Ctrl+Z"))
        self.act_redo = self._act(m, "&Redo", self.redo, [QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])

        m = mb.addMenu("&View")
        self.view_menu = m
        for d in (self.dock_inspector, self.dock_odds, self.dock_log, self.dock_rules, self.dock_actions,
                  self.dock_panels, self.dock_track, self.dock_replay):
            m.addAction(d.toggleViewAction())
        self.act_overview = self._act(m, "&Overview map", self._toggle_overview, checkable=True)
        self.act_overview.setChecked(True)
        self.overlay_menu = m.addMenu("Map &overlays")
        self.overlay_menu.aboutToShow.connect(self._fill_overlays)
        self.act_grid = self._act(m, "Table &grid (6 inches)", self._toggle_grid, checkable=True)
        self.act_grid.setChecked(True)
        self.act_palette = self._act(m, "&Colour-blind safe palette", lambda on: self.set_palette(bool(on)),
                                     checkable=True, tip="Sides, highlights and overlays in colours that stay apart")
        self.act_reflines = self._act(m, "Show &reference lines", self._toggle_reflines, checkable=True,
                                      tip="Lines printed for another period (the 1953 armistice line)")
        self.act_reflines.setVisible(False)
        m.addSeparator()
        self._act(m, "Zoom &in", lambda: self.view.zoom_by(1.25), QKeySequence.StandardKey.ZoomIn)
        self._act(m, "Zoom &out", lambda: self.view.zoom_by(0.8), QKeySequence.StandardKey.ZoomOut)
        self._act(m, "Zoom to &fit", self.view.zoom_to_fit, QKeySequence("Ctrl+0"))
        self._act(m, "Show the &boxes", self.show_boxes)
        m.addSeparator()
        self._act(m, "&Reset the layout", self.reset_layout)

        m = mb.addMenu("&Game")
        self.act_end = self._act(m, "&End phase", lambda: self.end_phase(confirm=True), QKeySequence("Ctrl+E"))
        self.act_skip = self._act(m, "S&kip phases with no choice", lambda: self._maybe_skip(), checkable=True,
                                  tip="Phases where there is nothing to decide end by themselves (logged)")
        self.act_skip.setChecked(True)
        self.act_victory = self._act(m, "&Victory status...", self.show_victory, QKeySequence("V"),
                                     tip="Who would win if the game ended now, and why")
        self.act_sandbox = self._act(m, "&Sandbox (rules off)", self.toggle_sandbox, checkable=True,
                                     tip="Move anything anywhere, flip, eliminate, roll dice by hand")
        self.act_report = self._act(m, "End-of-game &report", lambda: self.show_report(),
                                    tip="Who won and why, charts over the turns, the turning point")
        self._act(m, "Go to the &actions list", self.focus_actions, QKeySequence("Ctrl+1"),
                  tip="Every action that is not a move, as buttons: Tab between them, Space or Enter to take one")
        self.act_hint = self._act(m, "&Hint", self.hint, QKeySequence("H"),
                                  tip="What the computer player would do now, shown on the map")
        m.addSeparator()
        self.act_pause_ai = self._act(m, "&Pause the computer", self.toggle_ai_pause, checkable=True)
        self._act(m, "S&top the computer's move", self.stop_ai)

        m = mb.addMenu("&Tools")
        self.act_measure = self._act(m, "&Measure", self._toggle_measure, QKeySequence("M"), checkable=True,
                                     tip="Drag on the map to measure range (hexes, links or inches)")
        self._act(m, "&Roll dice...", self.roll_dice_dialog)
        self._act(m, "&Balance lab...", self.balance_lab)

        m = mb.addMenu("&Help")
        self._act(m, "&Learn to play...", lambda: _tutorials().learn_to_play(self))
        self._act(m, "Rule under the &pointer", lambda: open_rule_here(self), QKeySequence("F1"),
                  tip="The rule cited by the tooltip, hover card or action button under the pointer "
                      "(else the keys table)")
        self._act(m, "&Keys and mouse", self.show_keys)
        self._act(m, "The &rules in brief", lambda: (self.dock_rules.show(), self.dock_rules.raise_()),
                  QKeySequence("Shift+F1"), tip="Each rule in plain words, the charts, and a search box")
        self._act(m, "&About Ridgeline", self.about)

    def _toggle_measure(self) -> None:
        on = self.act_measure.isChecked()
        self.view.set_measuring(on)
        self.status("Measure: drag on the map" if on else "")

    def _fill_overlays(self) -> None:
        self.overlay_menu.clear()
        if not self._overlays:
            a = self.overlay_menu.addAction("(this game draws none now)")
            a.setEnabled(False)
        hidden = hidden_keys(self._overlays, self._overlay_on, self._group_on)
        for i, ov in enumerate(self._overlays):
            key = overlay_key(ov, i)
            a = self.overlay_menu.addAction(literal(str(ov.get("label") or key)))
            a.setCheckable(True)
            a.setChecked(key not in hidden)
            a.toggled.connect(lambda on, k=key: self.set_overlay(k, on))

    def set_overlay(self, key: str, on: bool) -> None:
        """Show or hide one of the game's overlays (zones of control, supply...)."""
        self._overlay_on[key] = on
        self.refresh()

    def _toggle_overview(self) -> None:
        self.view.overview.setVisible(self.act_overview.isChecked())

    def _toggle_reflines(self) -> None:
        self._board_src = None          # drawn again with or without them
        self.refresh()

    def _toggle_grid(self) -> None:
        b = self.scene.board
        if hasattr(b, "show_grid"):
            b.show_grid = self.act_grid.isChecked()
            self.scene.invalidate_board()
            self.view.overview.reset()

    def show_boxes(self) -> None:
        if self.scene.box_slots:
            r = QRectF()
            for rect in self.scene.box_slots.values():
                r = r.united(rect)
            self.view.centerOn(r.center())

    def export_picture(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Export the map as a picture", "position.png", "PNG images (*.png)")
        if path:
            from app.ui.render import render_scene
            render_scene(self.scene, path)
            self.scene.direct = False
            self.status(f"Wrote {path}")

    def balance_lab(self) -> None:
        path = self.match.scenario_path if self.match else ""
        if not path:
            self.status("Open a scenario first: the balance lab plays its scenario file")
            return
        try:
            from app.ui.balance_lab import BalanceLab
        except ImportError as e:
            self.status(f"The balance lab is not available: {e}")
            return
        BalanceLab(path, self).show()

    def show_keys(self) -> KeysDialog:
        dlg = KeysDialog(self)
        dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.keys_dialog = dlg
        dlg.open()
        return dlg

    # -- the colour-blind palette (app.ui.palette) -------------------------------------------------
    def set_palette(self, colour_blind: bool) -> None:
        palette.apply_to_window(self, colour_blind)

    def about(self) -> None:
        from app import __version__
        QMessageBox.about(self, "About Ridgeline",
                          f"Ridgeline {__version__}\nKorean War wargames with every rule enforced.")
