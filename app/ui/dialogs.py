"""The New Game dialog and the hotseat hand-over screen."""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QLinearGradient, QPainter, QPen
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from app.ui import catalog, seats, side_names


class NewGameDialog(QDialog):
    """Game, scenario, seed, options and who plays each side."""

    def __init__(self, parent=None, game_id: str | None = None):
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.setMinimumWidth(520)
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.game = QComboBox()
        self._games = catalog.games()
        for gid, name, playable in self._games:
            self.game.addItem(name + ("" if playable else "  (sandbox only)"), gid)
        self.scenario = QComboBox()
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.description.setStyleSheet("color: palette(mid);")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(int(time.time()) % 1_000_000)
        reroll = QPushButton("New seed")
        reroll.clicked.connect(lambda: self.seed.setValue(int(time.time() * 1000) % 1_000_000))
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(reroll)
        self.options = QLineEdit()
        self.options.setPlaceholderText("optional: key=value, key=value")
        self.sandbox = QCheckBox("Sandbox: rules off, move anything anywhere")
        form.addRow("Game:", self.game)
        form.addRow("Scenario:", self.scenario)
        form.addRow("", self.description)
        form.addRow("Seed:", seed_row)
        form.addRow("Options:", self.options)
        form.addRow("", self.sandbox)
        lay.addLayout(form)
        self.variants_box = QGroupBox("Variants")          # the scenario's [[variant]] switches
        self.variants_lay = QVBoxLayout(self.variants_box)
        self.variant_checks: dict[str, QCheckBox] = {}
        lay.addWidget(self.variants_box)
        self.players_box = QGroupBox("Players")
        self.players_form = QFormLayout(self.players_box)
        lay.addWidget(self.players_box)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.side_combos: dict[str, QComboBox] = {}
        self.side_labels: dict[str, QLabel] = {}
        self.game.currentIndexChanged.connect(self._game_changed)
        self.scenario.currentIndexChanged.connect(self._scenario_changed)
        if game_id:
            i = self.game.findData(game_id)
            if i >= 0:
                self.game.setCurrentIndex(i)
        self._game_changed()

    def _game_changed(self) -> None:
        self.side_labels = {}
        gid = self.game.currentData()
        self._scen = catalog.scenarios(gid) if gid else []
        self.scenario.clear()
        for s in self._scen:
            self.scenario.addItem(s.name, s.id)
        game = catalog.get(gid) if gid else None
        playable = game is not None
        self.sandbox.setChecked(not playable)
        self.sandbox.setEnabled(playable)
        while self.players_form.rowCount():
            self.players_form.removeRow(0)
        self.side_combos = {}
        self.seat_table = None
        if seats.offers_seats(game):
            self.seat_table = seats.SeatTable(game)
            self.players_form.addRow(self.seat_table)
        elif game is not None:
            choices = catalog.player_choices(game)
            for i, side in enumerate(game.sides):
                cb = QComboBox()
                for label, spec in choices:
                    cb.addItem(label, spec)
                self.side_combos[side] = cb
                label = QLabel()
                self.side_labels[side] = label              # named from the scenario (below)
                self.players_form.addRow(label, cb)
            if game.solitaire:
                note = QLabel("Solitaire: the game plays the enemy itself.")
                note.setStyleSheet("color: palette(mid);")
                self.players_form.addRow("", note)
        self.players_box.setVisible(game is not None)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self._scen))
        self._scenario_changed()

    def _scenario_changed(self) -> None:
        i = self.scenario.currentIndex()
        data: dict[str, Any] = {}
        if 0 <= i < len(self._scen):
            try:
                import tomllib
                data = tomllib.loads(self._scen[i].read())
                self.description.setText(str(data.get("description", "")))
            except Exception:
                data = {}
                self.description.setText("")
        else:
            data = {}
            self.description.setText("No scenarios installed for this game yet.")
        self._name_sides(data)
        self._show_variants(data)
        self._fit()

    def _fit(self) -> None:
        """Tall enough for what it now holds (a scenario with many variants, a game with six
        commands), up to nine tenths of the screen: Qt's first size stops at two thirds, which
        squeezed the rows on a 1366x768 screen."""
        if not self.isVisible():
            return
        want = self.sizeHint()
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        h = want.height() if screen is None else min(want.height(), int(screen.height() * 0.9))
        if h > self.height() or want.width() > self.width():
            self.resize(max(self.width(), want.width()), max(self.height(), h))

    def showEvent(self, event: Any) -> None:  # noqa: N802
        super().showEvent(event)
        self._fit()

    def _name_sides(self, scenario: dict[str, Any]) -> None:
        """Each side's row named as this scenario's players call it (the Chinese at Chosin)."""
        gid = self.game.currentData()
        game = catalog.get(gid) if gid else None
        for side, label in self.side_labels.items():
            label.setText(seats.side_label(game, side, scenario) + (" (you)" if game is not None and game.solitaire
                                                                     else "") + ":")

    def _show_variants(self, data: dict[str, Any]) -> None:
        """One check box per variant the game offers for this scenario (``Game.variants``)."""
        for cb in self.variant_checks.values():
            self.variants_lay.removeWidget(cb)
            cb.hide()                       # gone at once, not when the deferred delete runs
            cb.setParent(None)
            cb.deleteLater()
        self.variant_checks = {}
        gid = self.game.currentData()
        game = catalog.get(gid) if gid else None
        offer = getattr(game, "variants", None)
        found = offer(data) if callable(offer) and data else []
        for v in found:
            cb = QCheckBox(str(v.get("name") or v["id"]))
            cb.setToolTip(str(v.get("description", "")))
            self.variants_lay.addWidget(cb)
            self.variant_checks[str(v["id"])] = cb
        self.variants_box.setVisible(bool(found))

    def accept(self) -> None:
        why = self.seat_table.problems() if self.seat_table is not None and not self.sandbox.isChecked() else ""
        if why:
            self.seat_table.problem.setText(why)
            return
        super().accept()

    def result_config(self) -> dict[str, Any]:
        i = self.scenario.currentIndex()
        options = catalog.parse_options(self.options.text())
        options.update({vid: True for vid, cb in self.variant_checks.items() if cb.isChecked()})
        if self.seat_table is not None and not self.sandbox.isChecked():
            options.update(self.seat_table.option())
        return {
            "game": self.game.currentData(),
            "scenario": self._scen[i] if 0 <= i < len(self._scen) else None,
            "seed": self.seed.value(),
            "options": options,
            "players": {s: cb.currentData() for s, cb in self.side_combos.items()},
            "sandbox": self.sandbox.isChecked(),
        }


class HandOver(QWidget):
    """Covers the window between hotseat players so the next one cannot see the other side's
    hidden information."""

    accepted = Signal()

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.side = ""
        self.person = ""
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setAutoFillBackground(False)
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.title = QLabel()
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        f = QFont()
        f.setPointSize(26)
        f.setBold(True)
        self.title.setFont(f)
        self.title.setStyleSheet("color: #F3EEDC;")
        self.sub = QLabel("The other side's hidden units are covered. Pass the screen, then click.")
        self.sub.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.sub.setStyleSheet("color: #D8D0BA;")
        self.button = QPushButton()
        self.button.setMinimumHeight(40)
        self.button.setStyleSheet("font-size: 15px; padding: 6px 22px;")
        self.button.clicked.connect(self.accepted.emit)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        lay.addWidget(self.title)
        lay.addWidget(self.sub)
        lay.addSpacing(16)
        lay.addLayout(row)
        lay.addStretch(3)
        self.hide()

    def show_for(self, side: str) -> None:
        self.side = side
        name = side_names.name(side)
        self.title.setText(f"Hand over to {name}")
        self.button.setText(f"I am {name}: show my view")
        self.setGeometry(self.parentWidget().rect())
        self.raise_()
        self.show()
        self.button.setFocus()

    def paintEvent(self, e) -> None:  # noqa: N802
        p = QPainter(self)
        g = QLinearGradient(0, 0, 0, self.height())
        g.setColorAt(0, QColor("#3B352C"))
        g.setColorAt(1, QColor("#1F1C17"))
        p.fillRect(self.rect(), g)
        p.setPen(QPen(QColor(255, 255, 255, 30), 1))
        for y in range(0, self.height(), 6):
            p.drawLine(0, y, self.width(), y)
