"""What the side to act is deciding (game hook ``decision``), overlay groups, and victory status
(game hook ``victory_status``): the dialog, its overlay and the first Game panel."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor, QKeySequence
from PySide6.QtWidgets import QCheckBox, QDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from app.engine.game import Action, Game
from app.engine.state import GameState
from app.ui.hooks import call_hook
from app.ui.overlays import overlay_key
from app.ui.scene_items import cpen
from app.ui.action_kinds import mover


class DecisionsMixin:
    """Decisions, overlay groups and victory status: a part of :class:`~app.ui.window.MainWindow`."""

    def _game_decision(self, game: Game, state: GameState) -> dict[str, Any] | None:
        d = call_hook(game, "decision", state)
        return d if isinstance(d, dict) else None

    def _victory(self, game: Game, state: GameState) -> dict[str, Any] | None:
        v = call_hook(game, "victory_status", state)
        return v if isinstance(v, dict) else None

    def _sync_groups(self, ovs: list[dict[str, Any]]) -> None:
        """A checkable View-menu entry for each overlay group the game offers."""
        for ov in ovs:
            name = str(ov.get("group") or "") if isinstance(ov, dict) else ""
            if not name or name in self._group_actions:
                continue
            a = QAction(f"Show {name[0].lower() + name[1:]}", self)
            a.setCheckable(True)
            a.setChecked(self._group_on.get(name, False))
            key = "I" if name.lower().startswith("in communication") else ""
            if key:
                a.setShortcut(QKeySequence(key))
            a.toggled.connect(lambda on, n=name: self.set_overlay_group(n, on))
            self.view_menu.insertAction(self.act_grid, a)
            self._group_actions[name] = a

    def set_overlay_group(self, name: str, on: bool) -> None:
        """Show or hide a group of the game's overlays (In Communication and isolation...)."""
        self._group_on[name] = on
        for i, ov in enumerate(self._overlays):
            if isinstance(ov, dict) and ov.get("group") == name:
                self._overlay_on.pop(overlay_key(ov, i), None)
        a = self._group_actions.get(name)
        if a is not None and a.isChecked() != on:
            a.blockSignals(True)
            a.setChecked(on)
            a.blockSignals(False)
        self.refresh()

    # -- the decision the side to act is taking: pointed at on the map ----------------------------
    def _update_focus(self, game: Game, state: GameState) -> None:
        dec = self._decision if self._replay is None else None
        shapes = []
        board = self.scene.board
        if dec and self.can_act():
            ring = QColor(255, 170, 0, 235)
            for pid in dec.get("pieces") or []:
                pc = self.scene.piece(str(pid))
                if pc is None:
                    continue
                path = board.shape(pc.get("at"))
                if not path.isEmpty():
                    shapes.append((path, QBrush(QColor(255, 200, 60, 70)), cpen(ring, 3.5)))
            piece = dec.get("piece")
            if dec.get("auto") and piece and piece in self.scene.items_by_id:
                forced = dec.get("kind") != "moving"
                if forced or self.scene.selected in (None, piece):
                    if self._targets_for != piece:
                        self.scene.select(piece)
                        self._show_targets(piece)
                        self._show_inspector()
        self.focus_item.set_shapes(shapes)

    def _decision_click(self, pid: str) -> bool:
        """A click on a unit a pending decision is about (which unit takes the loss...)."""
        dec = self._decision
        if not dec or not dec.get("click") or pid not in (dec.get("pieces") or []) or not self.can_act():
            return False
        acts = [a for a in self._legal if mover(a) == pid and "to" not in a and "defender" not in a]
        if len(acts) == 1:
            self.apply_action(acts[0])
            return True
        if acts:
            self._menu_of([(self._describe(a), a) for a in acts])
            return True
        return False

    def _describe(self, a: Action) -> str:
        game, state = self.shown()
        try:
            return game.describe_action(state, a)
        except Exception:
            return json.dumps(a)

    # -- victory --------------------------------------------------------------------------------------
    def show_victory(self) -> None:
        """Game > Victory status: who would win now and why (the game's victory_status hook)."""
        game, state = self.shown()
        vs = self._victory(game, state) if game is not None else None
        if vs is None:
            self.status("This game does not report a victory status")
            return
        dlg = self._victory_dialog
        if dlg is None:
            dlg = QDialog(self)
            dlg.setObjectName("victoryDialog")
            dlg.setWindowTitle("Victory status")
            dlg.setMinimumWidth(520)
            lay = QVBoxLayout(dlg)
            dlg.head = QLabel()
            f = dlg.head.font()
            f.setPointSizeF(f.pointSizeF() * 1.35)
            f.setBold(True)
            dlg.head.setFont(f)
            dlg.head.setWordWrap(True)
            dlg.why = QLabel()
            dlg.why.setWordWrap(True)
            dlg.table = QLabel()
            dlg.table.setTextFormat(Qt.TextFormat.RichText)
            dlg.table.setWordWrap(True)
            dlg.show_map = QCheckBox("Show the hexes that count on the map")
            dlg.show_map.toggled.connect(lambda on: self._victory_overlay(on))
            close = QPushButton("Close")
            close.clicked.connect(dlg.hide)
            for w in (dlg.head, dlg.why, dlg.table, dlg.show_map):
                lay.addWidget(w)
            row = QHBoxLayout()
            row.addStretch(1)
            row.addWidget(close)
            lay.addLayout(row)
            self._victory_dialog = dlg
        self._fill_victory(vs)
        dlg.show()
        dlg.raise_()

    def _victory_overlay(self, on: bool) -> None:
        game, state = self.shown()
        vs = self._victory(game, state) if game is not None else None
        if vs and vs.get("overlay_group"):
            self.set_overlay_group(str(vs["overlay_group"]), on)

    def _fill_victory(self, vs: dict[str, Any]) -> None:
        dlg = self._victory_dialog
        if dlg is None:
            return
        colour = "#8E1B1B" if vs.get("winner") == (self.match.game.sides[0] if self.match else "") else "#1F4E79"
        dlg.head.setText(f"<span style='color:{colour}'>{vs.get('headline', '')}</span>")
        dlg.why.setText(f"{vs.get('reason', '')}" + (f" ({vs['rule']})" if vs.get("rule") else ""))
        rows = "".join(f"<tr><td style='padding:3px 10px 3px 0'><b>{r[0]}</b></td><td style='padding:3px 0'>"
                       f"{r[1] if len(r) > 1 else ''}</td></tr>" for r in vs.get("rows", []))
        dlg.table.setText(f"<table>{rows}</table>")
        group = vs.get("overlay_group")
        dlg.show_map.setVisible(bool(group))
        dlg.show_map.blockSignals(True)
        dlg.show_map.setChecked(bool(group) and self._group_on.get(str(group), False))
        dlg.show_map.blockSignals(False)

    def _update_victory_dialog(self) -> None:
        dlg = self._victory_dialog
        if dlg is None or not dlg.isVisible():
            return
        game, state = self.shown()
        vs = self._victory(game, state) if game is not None else None
        if vs:
            self._fill_victory(vs)
