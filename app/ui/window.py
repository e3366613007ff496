"""The main window: the map in the middle, the docks around it, menus and shortcuts.

The window drives a :class:`~app.engine.match.Match`. Everything it shows comes from the game's
hooks; every change goes through ``match.apply``/``undo``/``redo`` and comes back through the
match's listeners (log, journal, refresh). Legality is only ever asked, never decided here.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QByteArray, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (QAction, QActionGroup, QBrush, QColor, QCursor, QKeySequence, QPainterPath,
                           QPen)
from PySide6.QtWidgets import (QApplication, QCheckBox, QDialog, QDockWidget, QFileDialog, QHBoxLayout,
                               QInputDialog, QLabel, QMainWindow, QMenu, QMessageBox, QPushButton,
                               QToolBar, QVBoxLayout, QWidget)

from app.ui import side_names
from app.engine.game import Action, Context, Game, IllegalAction
from app.engine.match import Match, Step
from app.engine.state import GameState, canonical_json
from app.ui import catalog, theme
from app.ui.boards import Board, make_board
from app.ui.config import journal_path, settings
from app.ui.dialogs import HandOver, NewGameDialog
from app.ui import action_groups, drag_lines, event_card, hq_sheets, track_boxes, view_focus
from app.ui import seats as seating
from app.ui.hooks import call_hook, game_hook
from app.ui.next_step import NextStep, confirm_next, find_next_step
from app.ui.replay_log import sync_log
from app.ui import end_report, hint, keyboard, palette, roll_preview, skip_phases
from app.ui.keyboard import KeysDialog, pick_in_direction
from app.ui.end_report import EndReport
from app.ui.hint import HintJob, can_hint, hint_reason
from app.ui.rules_panel import RulesPanel, first_rule
from app.ui.roll_preview import RollConfirm, preview_of
from app.ui import fire_panel
from app.ui.fire_panel import FirePanel
from app.ui.sight_line import SightLine
from app.ui.spotting import SpottingLayer
from app.ui.reference_lines import board_shown, reference_lines
from app.ui.hover_card import HoverCard, piece_card
from app.ui.rule_here import open_rule_here
from app.ui.turn_track import TurnTrack, game_arrivals
from app.ui.skip_phases import MAX_CHAIN, just_entered, skippable
from app.ui.warnings import game_warnings, target_warning, warning_shapes
from app.ui.overlays import hidden_keys, overlay_key, overlay_shapes
from app.ui.panels import (ActionsPanel, InspectorPanel, LogPanel, PanelsPanel, ReplayPanel,
                           TurnBar, breakdown_panels)
from app.ui.battle import ROLE_COLOUR, BattleLayer, BattlePanel
from app.ui.scene import Z_PIECE, Z_TARGETS, MapScene, MapView, PathItem, PieceItem, cpen, loc_key

FILE_FILTER = "Ridgeline files (*.json *.rsave *.toml);;Saves (*.json *.rsave);;Scenarios (*.toml);;All files (*)"


@dataclass
class ReplaySession:
    data: dict[str, Any]
    game: Game
    states: list[GameState]
    actions: list[Action]
    pos: int = 0
    steps: list[Step] = field(default_factory=list)   # the replayed match's history (its log)
    logged: int = -1                                  # how many steps the Log shows


MOVER_KEYS = ("unit", "team", "piece", "model", "pieces")


def _mover(a: Action) -> str | None:
    """The piece a move-like action moves (games name it unit, team, piece...)."""
    for k in MOVER_KEYS:
        if k in a and isinstance(a[k], (str, int)):
            return str(a[k])
    return None


def _is_drag_action(a: Action) -> bool:
    return "to" in a and _mover(a) is not None and a.get("type") != "mode"   # a change of mode is no move


def _is_declare(a: Action) -> bool:
    """A battle declaration: one unit joins the battle against one defender (in some role)."""
    return "defender" in a and _mover(a) is not None and "to" not in a


ROLE_ORDER = ("attack", "support", "wave")


def _sentence(text: str) -> str:
    text = text.strip()
    return (text[:1].upper() + text[1:] + ("" if text.endswith((".", "?", "!")) else ".")) if text else ""


def _position_save() -> Any:  # File > Save position as scenario (issue 16)
    from app.ui import position_save
    return position_save


def _tutorials() -> Any:  # Help > Learn to play (issue 16)
    from app.ui import tutorial_panel
    return tutorial_panel


def _hook(game: Any, name: str) -> Callable | None:
    return game_hook(game, name)


class MainWindow(QMainWindow):
    def __init__(self, use_settings: bool = True):
        super().__init__()
        self.setWindowTitle("Ridgeline")
        self.resize(1500, 950)
        self.match: Match | None = None
        self.mode = "none"                      # "play", "sandbox", "none"
        self.players: dict[str, str] = {}
        self.seats: dict[str, Any] = {}
        self.seat: str | None = None
        self.journal = None
        self.save_path: Path | None = None
        self.ai_delay_ms = 350
        self.ai_paused = False
        self._ai_job: dict[str, Any] | None = None
        self._ai_pending = False
        self._live: dict[str, Any] | None = None
        self._replay: ReplaySession | None = None
        self._targets: dict[str, dict[str, Any]] = {}
        self._targets_for: str | None = None
        # drop targets and their highlight shapes per piece, for the position shown (the game's
        # drop_targets is a pure function of the state): worked out for the movable pieces in
        # idle time after each change, so pressing on a piece only lights what is known
        self._tcache: dict[Any, Any] = {}
        self._tcache_for: tuple[Any, Any] | None = None
        self._prefetch: list[str] = []
        self._board_src: Any = None
        self._legal: list[Action] = []
        self._hover_loc: Any = None
        self._ai_label = ""
        self._clean_close = False
        self._overlays: list[dict[str, Any]] = []
        self._overlay_on: dict[str, bool] = {}
        self._group_on: dict[str, bool] = {}
        self._group_actions: dict[str, QAction] = {}
        self._decision: dict[str, Any] | None = None
        self._draft: dict[str, Any] | None = None      # a battle being built by clicks
        self._battle_focus: str | None = None          # the defender of the battle shown
        self._air_pick: list[str] = []
        self._battles_shown: list[dict[str, Any]] = []
        self._choice_menu: QMenu | None = None
        self._victory_dialog: QDialog | None = None

        self.scene = MapScene(self)
        self.scene.host = self
        self.view = MapView(self.scene)
        self.view.zoomed.connect(self._show_zoom)
        self.view.hovered.connect(self.hovered)
        self.view.key_action.connect(self._key_action)
        self.setCentralWidget(self.view)
        self.battle_layer = BattleLayer(Z_PIECE + 60)
        self.scene.addItem(self.battle_layer)
        self.battle_hi = PathItem(Z_TARGETS - 1)       # units that may join the battle being built
        self.scene.addItem(self.battle_hi)
        self.focus_item = PathItem(Z_TARGETS + 1)      # units a pending decision is about
        self.scene.addItem(self.focus_item)
        self.path_item = PathItem(Z_TARGETS + 2)       # the path to the target under the pointer
        self.scene.addItem(self.path_item)
        self.hint_item = PathItem(Z_PIECE + 58)         # the hint's arrow
        self.scene.addItem(self.hint_item)
        self.warn_item = PathItem(Z_PIECE + 55)         # what the position still has to fix
        self.scene.addItem(self.warn_item)
        self._warnings: list[dict[str, Any]] = []
        self.sight_line = SightLine(self)               # LOS and range while dragging (app.ui.sight_line)
        self.spotting = SpottingLayer(self)             # who would spot whom there (app.ui.spotting)
        self.hover_card = HoverCard(self.view.viewport())
        self.hover_card.rule_clicked.connect(self.open_rule)
        self.roll_confirm = RollConfirm(self.view.viewport())
        self.roll_confirm.roll.connect(lambda: self.staged_roll(True))
        self.roll_confirm.cancel.connect(lambda: self.staged_roll(False))
        self._staged: tuple[str, Action] | None = None
        self.handover = HandOver(self.view)
        self.handover.accepted.connect(self.accept_handover)

        self._build_docks()
        self._build_status()
        self._build_menus()
        self._prefetch_timer = QTimer(self)
        self._prefetch_timer.setSingleShot(True)
        self._prefetch_timer.setInterval(0)
        self._prefetch_timer.timeout.connect(self._prefetch_step)
        self._ai_timer = QTimer(self)
        self._ai_timer.setInterval(15)
        self._ai_timer.timeout.connect(self._ai_poll)
        self._hint: HintJob | None = None
        self.report: EndReport | None = None
        self.hint_shown: Action | None = None
        self._hint_timer = QTimer(self)
        self._hint_timer.setInterval(20)
        self._hint_timer.timeout.connect(self._hint_poll)
        self._play_timer = QTimer(self)
        self._play_timer.setInterval(700)
        self._play_timer.timeout.connect(self._replay_tick)
        self.settings = settings() if use_settings else None
        self._cursor: Any = None
        self._restore_layout()
        if self.settings is not None and self.settings.value("view/palette") == palette.COLOUR_BLIND:
            self.set_palette(True)
        self.refresh()
        self.view.zoom_to_fit()

    # =============================================================================================
    # building the window
    # =============================================================================================
    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        d = QDockWidget(title, self)
        d.setObjectName(name)
        d.setWidget(widget)
        d.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetClosable
                      | QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        self.addDockWidget(area, d)
        return d

    def _build_docks(self) -> None:
        self.setDockNestingEnabled(True)
        self.turnbar = TurnBar()
        self.turnbar.end_phase.connect(lambda: self.end_phase(confirm=True))
        tb = QToolBar("Turn and phase", self)
        tb.setObjectName("turnbar")
        tb.setMovable(False)
        tb.addWidget(self.turnbar)
        self.turn_toolbar = tb
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, tb)
        self.inspector = InspectorPanel()
        self.odds = PanelsPanel(empty="No battle being considered. Combat and odds panels appear here.")
        self.battle_panel = BattlePanel()
        self.battle_panel.declare.connect(self.declare_draft)
        self.battle_panel.clear.connect(self.clear_draft)
        self.battle_panel.done.connect(self.declare_done)
        self.battle_panel.resolve.connect(self.resolve_battle)
        self.battle_panel.focus.connect(self.focus_battle)
        self.battle_panel.remove.connect(self.remove_from_draft)
        self.battle_panel.air_changed.connect(self._air_changed)
        self.battle_panel.air_commit.connect(self.commit_air)
        self.battle_panel.mig.connect(self.choose_mig)
        self.battle_panel.stay.connect(lambda: self._apply_first({"no-advance"}))
        odds_box = QWidget()
        ob = QVBoxLayout(odds_box)
        ob.setContentsMargins(0, 0, 0, 0)
        ob.setSpacing(0)
        ob.addWidget(self.battle_panel, 3)
        self.fire_panel = FirePanel()                  # fires with their row and chances (app.ui.fire_panel)
        self.fire_panel.commit.connect(lambda a: self.apply_action(a))
        self.fire_panel.pointed.connect(lambda o: self.sight_line.show(o.get("from"), o.get("to")))
        ob.addWidget(self.fire_panel, 3)
        ob.addWidget(self.odds, 1)
        self.battle_panel.hide()
        self.log = LogPanel()
        self.actions_panel = action_groups.GroupedActionsPanel()     # the game's groups folded
        self.actions_panel.chosen.connect(lambda a: self.apply_action(a))
        self.game_panels = track_boxes.TrackPanelsPanel()    # tracks drawn as boxes with markers
        self.replay_panel = ReplayPanel()
        self.replay_panel.moved.connect(self.replay_goto)
        self.replay_panel.play_toggled.connect(self._replay_play)
        self.replay_panel.take_over.connect(self.replay_take_over)
        self.replay_panel.closed.connect(self.close_replay)
        R, B = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
        from PySide6.QtWidgets import QFrame, QScrollArea
        insp = QScrollArea()
        insp.setWidgetResizable(True)
        insp.setFrameShape(QFrame.Shape.NoFrame)
        insp.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.inspector.layout().setSizeConstraint(QVBoxLayout.SizeConstraint.SetMinimumSize)
        insp.setWidget(self.inspector)
        self.dock_inspector = self._dock("Unit", "dock-inspector", insp, R)
        self.dock_odds = self._dock("Combat and odds", "dock-odds", odds_box, R)
        self.dock_log = self._dock("Log", "dock-log", self.log, R)
        self.dock_actions = self._dock("Actions", "dock-actions", self.actions_panel, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.dock_panels = self._dock("Game", "dock-panels", self.game_panels, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.dock_replay = self._dock("Replay", "dock-replay", self.replay_panel, B)
        self.dock_replay.hide()
        self.rules_panel = RulesPanel()
        self.dock_rules = self._dock("Rules", "dock-rules", self.rules_panel, R)
        self.tabifyDockWidget(self.dock_log, self.dock_rules)
        self.dock_log.raise_()
        self.battle_panel.rule_link.connect(self.open_rule)
        self.fire_panel.rule_link.connect(self.open_rule)
        self.log.view.clicked.connect(self._log_rule_clicked)
        self.turn_track = TurnTrack()
        self.dock_track = self._dock("Turn track", "dock-track", self.turn_track, B)
        self.dock_track.hide()
        hq_sheets.install(self)
        self.resizeDocks([self.dock_inspector, self.dock_odds, self.dock_log], [215, 430, 260], Qt.Orientation.Vertical)
        self.resizeDocks([self.dock_inspector], [360], Qt.Orientation.Horizontal)
        self.resizeDocks([self.dock_actions], [250], Qt.Orientation.Horizontal)
        self._default_state = None

    def _build_status(self) -> None:
        sb = self.statusBar()
        self.where_label = QLabel()
        self.where_label.setMinimumWidth(260)
        self.zoom_label = QLabel()
        self.ai_box = QWidget()
        ab = QHBoxLayout(self.ai_box)
        ab.setContentsMargins(0, 0, 0, 0)
        self.ai_text = QLabel()
        self.ai_stop = QPushButton("Stop")
        self.ai_stop.setToolTip("Stop the computer player (Esc)")
        self.ai_stop.clicked.connect(self.stop_ai)
        ab.addWidget(self.ai_text)
        ab.addWidget(self.ai_stop)
        self.ai_box.hide()
        sb.addPermanentWidget(self.ai_box)
        self.rule_link = QLabel()                 # the rule the last message cites, as a link
        self.rule_link.setTextFormat(Qt.TextFormat.RichText)
        self.rule_link.linkActivated.connect(lambda url: self.open_rule(url.split(":", 1)[-1]))
        sb.addPermanentWidget(self.rule_link)
        sb.addPermanentWidget(self.where_label)
        sb.addPermanentWidget(self.zoom_label)

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

    # =============================================================================================
    # layout memory
    # =============================================================================================
    def _restore_layout(self) -> None:
        self._default_state = self.saveState()
        self._sized = False
        if self.settings is None:
            return
        geo = self.settings.value("window/geometry")
        st = self.settings.value("window/state")
        if isinstance(geo, QByteArray):
            self.restoreGeometry(geo)
        if isinstance(st, QByteArray):
            self.restoreState(st)
            self._sized = True
            self._layout_restored = True      # the player's own arrangement is kept
        self.dock_replay.hide()

    def showEvent(self, e) -> None:  # noqa: N802
        super().showEvent(e)
        if not getattr(self, "_sized", True):
            # the first showing without a remembered layout: room for the combat panel
            self._sized = True
            h = max(600, self.height() - 120)
            self.resizeDocks([self.dock_inspector, self.dock_odds, self.dock_log],
                             [int(h * 0.27), int(h * 0.45), int(h * 0.28)], Qt.Orientation.Vertical)

    def _balance_docks(self, combat: bool = False) -> None:
        """Share the right column between the docks the game uses: the Unit dock first, the
        Combat dock while battles are being fought (so its result is never below the fold)."""
        self._combat_emphasis = combat
        if not self.isVisible() or getattr(self, "_layout_restored", False):
            return
        docks = [d for d in (self.dock_inspector, self.dock_odds, self.dock_log) if d.isVisible()]
        share = ({self.dock_inspector: 0.2, self.dock_odds: 0.55, self.dock_log: 0.25} if combat else
                 {self.dock_inspector: 0.36, self.dock_odds: 0.3, self.dock_log: 0.34})
        total = sum(share[d] for d in docks) or 1
        h = max(300, self.dock_log.geometry().bottom() - self.dock_inspector.geometry().top())
        self.resizeDocks(docks, [int(h * share[d] / total) for d in docks], Qt.Orientation.Vertical)

    def save_layout(self) -> None:
        if self.settings is None:
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def reset_layout(self) -> None:
        if self._default_state is not None:
            self.restoreState(self._default_state)
        for d in (self.dock_inspector, self.dock_odds, self.dock_log, self.dock_actions, self.dock_panels):
            d.show()

    def _recent(self) -> list[str]:
        if self.settings is None:
            return []
        v = self.settings.value("recent", [])
        if isinstance(v, str):
            v = [v]
        return [str(x) for x in (v or [])]

    def _add_recent(self, path: Path) -> None:
        if self.settings is None:
            return
        p = str(Path(path).resolve())
        items = [x for x in self._recent() if x != p]
        self.settings.setValue("recent", [p] + items[:7])

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        items = self._recent()
        if not items:
            a = self.recent_menu.addAction("(none yet)")
            a.setEnabled(False)
        for p in items:
            self.recent_menu.addAction(Path(p).name, lambda p=p: self.open_path(p)).setToolTip(p)

    # =============================================================================================
    # matches
    # =============================================================================================
    def start_match(self, match: Match, players: dict[str, str] | None = None, mode: str = "play",
                    path: str | Path | None = None, journal: bool = True) -> None:
        """Show ``match`` and play it: ``players`` maps side -> human / ai / ai:hard / random..."""
        self._stop_ai_job()
        self._close_journal(delete=True)
        if self.match is not None and self._on_change in self.match.listeners:
            self.match.listeners.remove(self._on_change)
        self._replay = None
        self.dock_replay.hide()
        self.match = match
        self.mode = mode
        game = match.game
        self.players = {s: (players or {}).get(s, "human") for s in game.sides}
        self.seats = {}
        seating.reset(self)
        if mode == "play" and any(spec and spec != "human" for spec in self.players.values()):
            from app.ai.selfplay import PlayerError, make_player   # only when a computer plays
            for s, spec in self.players.items():
                if spec and spec != "human":
                    try:
                        self.seats[s] = make_player(game, spec, match.seed, s)
                    except PlayerError as e:
                        self.players[s] = "human"
                        self.status(f"{e}: {s} is played by a human instead")
        humans = [s for s in game.sides if self.players.get(s) == "human"]
        self.seat = match.state.active if match.state.active in humans else (humans[0] if humans else None)
        self.save_path = Path(path) if path and str(path).endswith((".json", ".rsave")) else None
        match.listeners.append(self._on_change)
        if mode == "play" and journal:
            from app.engine.saves import Journal
            self.journal = Journal(journal_path())
            try:
                self.journal.attach(match, self.players)
            except OSError as e:
                self.journal = None
                self.status(f"Autosave is off: {e}")
        self._board_src = None
        self.scene.selected = None
        self._draft = None
        self._battle_focus = None
        self._air_pick = []
        self._clear_targets()
        self.handover.hide()
        self.log.clear()
        self.log.set_sides(tuple(game.sides))
        for i, step in enumerate(match.history, start=1):
            self._log_step(i, step)
        self.act_sandbox.blockSignals(True)
        self.act_sandbox.setChecked(mode == "sandbox")
        self.act_sandbox.blockSignals(False)
        self.refresh()
        self.dock_track.setVisible(self.turn_track.has_arrivals())    # only games with arrivals
        # a solitaire game without battles has no use for the Combat dock (shown again if odds appear)
        self.dock_odds.setVisible(not (game.solitaire and _hook(game, "battles") is None) or bool(self.odds.titles))
        self._balance_docks()
        self.rules_panel.set_game(game, match.state)
        view_focus.fit_opening(self, game, match.state)           # the board (and boxes the game names)
        self._update_title()
        out = match.outcome()
        scen_name = str((match.scenario or {}).get("name") or match.state.scenario)   # its title, not its file id
        stop = "" if scen_name[-1:] in ".!?" else "."
        title = scen_name if scen_name.startswith(game.name) else f"{game.name}: {scen_name}"  # no "X: X: ..."
        self.status(f"{title}{stop} " + (self._outcome_text() if out else match.prompt()))
        self._skip_chain = 0
        self._maybe_skip()
        self._schedule_ai()

    def new_game(self, game: Game, scenario_text: str, seed: int = 0, options: dict[str, Any] | None = None,
                 players: dict[str, str] | None = None, scenario_path: str = "", sandbox: bool = False) -> Match:
        from app.engine.saves import match_from_scenario_text
        match = match_from_scenario_text(game, scenario_text, scenario_path, seed, options or {})
        if sandbox:
            from app.ui.sandbox import sandbox_from_match
            g, sc = sandbox_from_match(match)
            match = Match.start(g, sc, seed=seed)
            self.start_match(match, mode="sandbox")
        else:
            self.start_match(match, players)
        return match

    def new_game_dialog(self) -> None:
        dlg = NewGameDialog(self, self.match.game.id if self.match and self.mode == "play" else None)
        if dlg.exec() != NewGameDialog.DialogCode.Accepted:
            return
        cfg = dlg.result_config()
        entry = cfg["scenario"]
        if entry is None:
            return
        game = catalog.get(cfg["game"])
        try:
            if game is None:
                self.open_sandbox_scenario(entry.path)
                return
            rel = str(entry.path) if entry.path else ""
            self.new_game(game, entry.read(), cfg["seed"], cfg["options"], cfg["players"], rel, cfg["sandbox"])
        except Exception as e:  # a broken scenario file: say so, keep the window
            self.warn("Cannot start the game", str(e))

    def open_sandbox_scenario(self, path: str | Path) -> None:
        from app.ui.sandbox import sandbox_from_scenario_file
        g, sc = sandbox_from_scenario_file(path)
        self.start_match(Match.start(g, sc, seed=int(time.time()) % 1_000_000), mode="sandbox")

    def open_board_sandbox(self, data: dict[str, Any], source: str = "") -> None:
        from app.ui.sandbox import SandboxGame, scenario_from
        g = SandboxGame(f"{Path(source).name or 'Board'} (sandbox)")
        self.start_match(Match.start(g, scenario_from(data, [], source=source), seed=0), mode="sandbox")

    def open_path(self, path: str | Path) -> bool:
        """Open a save, a scenario, a journal or a board file. False (with a message) if not."""
        from app.engine.files import FileError, load
        p = Path(path)
        try:
            loaded = load(p)
            data = loaded.data
            fmt = data.get("format") if isinstance(data, dict) else None
            if fmt == "ridgeline-save":
                from app.engine.saves import open_save
                match = open_save(p)
                self.start_match(match, data.get("players") or {}, path=p)
            elif fmt == "ridgeline-journal":
                from app.engine.saves import read_journal, replay
                d = read_journal(p)
                if d is None:
                    raise ValueError("the journal holds no game")
                self.start_match(replay(d), d.get("players") or {})
            elif fmt == "ridgeline-scenario":
                game = catalog.get(str(data.get("game")))
                if game is None:
                    self.open_sandbox_scenario(p)
                else:
                    from app.engine.scenario import check_scenario
                    game, problems = check_scenario(loaded)    # the file parsed once, above
                    if problems or game is None:
                        raise FileError(problems or [loaded.problem("game", "no game")])
                    seed = int(time.time()) % 1_000_000
                    match = Match.start(game, loaded.data, seed=seed, scenario_path=str(p), scenario_text=loaded.text)
                    self.start_match(match, {}, path=p)
            elif isinstance(data, dict) and data.get("kind") in ("hexmap", "pointgraph", "table"):
                self.open_board_sandbox(data, str(p))
            else:
                raise ValueError("not a Ridgeline save, scenario, journal or board file")
        except FileError as e:
            self._open_failed(p, "\n".join(str(x) for x in e.problems))
            return False
        except Exception as e:
            self._open_failed(p, str(e) or type(e).__name__)
            return False
        self._add_recent(p)
        return True

    def _open_failed(self, p: Path, why: str) -> None:
        self.status(f"Cannot open {p.name}: {why.splitlines()[0] if why else ''}")
        self.warn("Cannot open", f"{p}\n\n{why}")

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a save, scenario or board", "", FILE_FILTER)
        if path:
            self.open_path(path)

    # -- saving -------------------------------------------------------------------------------
    def save(self) -> bool:
        if self.save_path is None:
            return self.save_as_dialog()
        return self.save_to(self.save_path)

    def save_to(self, path: str | Path) -> bool:
        if self.match is None or self.mode != "play":
            self.status("Only a game with its rules on can be saved (the sandbox is not saved)")
            return False
        from app.engine.saves import write_save
        try:
            write_save(self.match, path, self.players)
        except OSError as e:
            self.status(f"Could not save: {e}")
            return False
        self.save_path = Path(path)
        self._add_recent(self.save_path)
        self._update_title()
        self.status(f"Saved {self.save_path.name} ({len(self.match.history)} actions)")
        return True

    def save_as_dialog(self) -> bool:
        if self.match is None or self.mode != "play":
            self.status("Nothing to save")
            return False
        path, _ = QFileDialog.getSaveFileName(self, "Save the game", str(self.save_path or "game.json"),
                                              "Ridgeline saves (*.json)")
        return self.save_to(path) if path else False

    # -- crash recovery -------------------------------------------------------------------------
    def offer_recovery(self, ask: Callable[[dict[str, Any]], bool] | None = None) -> bool:
        """If the last session did not close cleanly, offer its game back. True if restored."""
        from app.engine.saves import ReplayError, replay
        from app.ui.recovery_notice import journal_at_start
        jp = journal_path()
        data = journal_at_start(jp, self.warn)   # a bad journal is set aside, the player told once
        if data is None:
            return False
        ask = ask or self._ask_recovery
        if not ask(data):
            jp.unlink(missing_ok=True)
            return False
        try:
            match = replay(data)
        except (ReplayError, Exception) as e:
            self.status(f"Cannot restore the unfinished game: {e}")
            self.warn("Cannot restore", f"The unfinished game could not be replayed:\n{e}")
            return False
        self.start_match(match, data.get("players") or {})
        self.status(f"Restored the unfinished game ({len(match.history)} actions)")
        return True

    def _ask_recovery(self, data: dict[str, Any]) -> bool:
        n = len(data.get("actions", []))
        r = QMessageBox.question(
            self, "Restore the unfinished game?",
            f"Ridgeline did not close properly last time. Restore the game in progress "
            f"({data.get('game')}, {n} action{'s' if n != 1 else ''})?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes)
        return r == QMessageBox.StandardButton.Yes

    def _close_journal(self, delete: bool) -> None:
        if self.journal is not None:
            if self.match is not None and self.journal._on_change in self.match.listeners:
                self.match.listeners.remove(self.journal._on_change)
            self.journal.close(delete=delete)
            self.journal = None

    def closeEvent(self, event) -> None:  # noqa: N802
        if getattr(self, "report", None) is not None:
            try:
                self.report.close()
            except RuntimeError:          # already deleted
                pass
        for box in self.findChildren(QMessageBox):
            box.close()
        self._stop_ai_job()
        self._close_journal(delete=True)   # a clean close: nothing to recover
        self._clean_close = True
        self.save_layout()
        super().closeEvent(event)

    # =============================================================================================
    # what is shown
    # =============================================================================================
    def shown(self) -> tuple[Game | None, GameState | None]:
        if self._replay is not None:
            return self._replay.game, self._replay.states[self._replay.pos]
        if self.match is None:
            return None, None
        return self.match.game, self.match.state

    def viewer_side(self) -> str | None:
        """The side at the screen, whose view of hidden information is shown (None: all)."""
        if self.match is None or self.mode != "play" or self._replay is not None:
            return None
        by_seat = seating.viewer(self)
        if by_seat is not NotImplemented:
            return by_seat
        humans = [s for s in self.match.game.sides if self.players.get(s) == "human"]
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.seat

    def can_act(self) -> bool:
        """May the person at the screen act now?"""
        if self.match is None or self._replay is not None or self.handover.isVisible():
            return False
        if self.match.state.finished or self._ai_job is not None:
            return False
        if self.mode == "sandbox":
            return True
        return not seating.computer_to_act(self)

    def _ensure_board(self, data: Any, game: Game) -> None:
        if data is self._board_src or (self._board_src is not None and data == self._board_src):
            return
        self._board_src = data
        self.act_reflines.setVisible(bool(reference_lines(data)))
        self.act_reflines.setToolTip(", ".join(reference_lines(data)))
        try:
            board = make_board(board_shown(data, self.act_reflines.isChecked()), getattr(game, "board_kind", ""))
        except Exception as e:
            self.status(f"The board could not be drawn: {e}")
            board = make_board(None)
        if isinstance(board, Board) and hasattr(board, "show_grid"):
            board.show_grid = self.act_grid.isChecked()
        self.scene.set_board(board, tuple(game.sides))
        self.view.overview.reset()

    def refresh(self, animate_ms: int = 0) -> None:
        game, state = self.shown()
        self.view.overview.setVisible(game is not None and self.act_overview.isChecked())
        if game is None:
            self.turnbar.where.setText("<b>Ridgeline</b>")
            self.turnbar.prompt.setText("Start a new game (Ctrl+N) or open a save (Ctrl+O).")
            self.turnbar.button.setEnabled(False)
            self.actions_panel.set_actions([], "No game yet.")
            self.battle_panel.hide()
            self.battle_layer.set_battles(self.scene.board, [])
            self._update_undo()
            return
        viewer = self.viewer_side()
        side_names.use(game)
        self._ensure_board(game.board_data(state), game)
        covered = self.handover.isVisible()
        pieces = [] if covered else game.pieces(state, viewer)
        self.scene.interactive = self._replay is None
        self.scene.set_pieces(pieces, animate_ms)
        if self.scene.selected and self.scene.selected not in self.scene.items_by_id:
            self.scene.selected = None
            self._clear_targets()
        try:
            ovs = [] if covered else list(game.overlays(state, viewer) or [])
        except Exception:
            ovs = []
        self._overlays = ovs
        try:
            self._sync_groups(ovs)
            shapes, texts = overlay_shapes(self.scene.board, ovs, hidden_keys(ovs, self._overlay_on, self._group_on))
        except Exception:
            shapes, texts = [], []
        self.scene.overlay_item.set_shapes(shapes, texts)
        self._warnings = [] if covered else game_warnings(game, state, viewer)
        self.warn_item.set_shapes(*warning_shapes(self.scene.board, self._warnings))
        live = self._replay is None and self.match is not None
        self._legal = self.match.legal_actions() if live and self.can_act() else []
        self._decision = self._game_decision(game, state) if not covered else None
        self._update_turnbar(game, state)
        self._update_panels(game, state, viewer, covered)
        hq_sheets.update(self, game, state, viewer, covered)
        event_card.update(self, game, state, covered)
        self.turn_track.set_turns([] if covered else game_arrivals(game, state), tuple(game.sides), self.scene.board.unit)
        self._update_battles(game, state, covered)
        self.sight_line.clear()
        self.spotting.clear()
        self._update_fires()
        combat = bool(self._battles_shown or self._draft or self.fire_panel.cards)
        if combat != getattr(self, "_combat_emphasis", False):
            self._balance_docks(combat)
        self._update_focus(game, state)
        self._update_undo()
        self._update_victory_dialog()
        if self.view.overview.isVisible():
            self.view.overview.place()          # kept off the pieces as they move
        self.view.overview.update()
        self._plan_prefetch(game, state)

    def _date(self, game: Game, state: GameState) -> str:
        for name in ("date", "turn_date", "turn_label"):
            fn = getattr(game, name, None)
            if callable(fn):
                try:
                    v = fn(state)
                    if v:
                        return str(v)
                except Exception:
                    pass
        v = getattr(state, "date", None)
        return str(v) if v else ""

    def _update_turnbar(self, game: Game, state: GameState) -> None:
        self._next = self._next_step(game, state)
        can_end, why = self._next.enabled, self._next.why
        out = game.outcome(state)
        side_col = None
        if state.active in game.sides:
            side_col = QColor(theme.SIDE_FALLBACK[game.sides.index(state.active) % len(theme.SIDE_FALLBACK)])
        phase = state.phase
        fn = _hook(game, "phase_label")
        if fn is not None:
            try:
                phase = str(fn(state) or phase)
            except Exception:
                pass
        side_txt = call_hook(game, "side_name", state.active, default=state.active)
        self.turnbar.show_state(state.turn, self._date(game, state), side_txt if not out else "",
                                phase, game.prompt(state), can_end, why,
                                self._outcome_text(out) if out else "", side_col, self._next.label)
        self.act_end.setEnabled(can_end)
        self.act_end.setText(self._next.label)

    def _why_not_acting(self) -> str:
        if self.match is None:
            return "No game"
        if self.match.state.finished:
            return "The game is over"
        if self.handover.isVisible():
            return "Waiting for the next player to take the seat"
        if self._ai_job is not None or seating.computer_to_act(self):
            return f"The computer is playing {seating.side_label(self.match.game, self.match.state.active)}"
        return ""

    def _outcome_text(self, out=None) -> str:
        out = out or (self.match.outcome() if self.match else None)
        if out is None:
            return ""
        who = out.winner.replace("-", " ").title() if out.winner else ("nobody" if not self.match or not self.match.game.solitaire else "the enemy")
        rule = f" ({out.rule})" if out.rule else ""
        return f"{who} - {out.level}: {out.reason}{rule}"

    def _update_panels(self, game: Game, state: GameState, viewer: str | None, covered: bool) -> None:
        if covered:
            self.game_panels.set_panels([])
            self.odds.set_panels([])
            self.actions_panel.set_actions([], "Waiting for the next player.")
            self.inspector.show_piece(None)
            return
        try:
            panels = list(game.panels(state, viewer) or [])
        except Exception as e:
            panels = [{"title": "Panels", "rows": [["error", str(e)]]}]
        odds = [p for p in panels if any(w in str(p.get("title", "")).lower()
                                         for w in ("odds", "combat", "battle", "attack", "fire"))]
        rest = [p for p in panels if p not in odds]
        if _hook(game, "battles") is not None:
            # the combat panel shows the battles, their odds and chances itself
            odds = [p for p in odds if "battle" not in str(p.get("title", "")).lower()]
        else:
            odds += self._odds_breakdown(game, state, viewer)
        vs = self._victory(game, state)
        if vs:
            rest = [{"title": "Victory status (V)",
                     "rows": [["If it ended now" if not vs.get("final") else "Result",
                               vs.get("short") or vs.get("headline", "").split(": ", 1)[-1]],
                              ["Because", vs.get("summary") or vs.get("reason", "")]]}] + rest
        self.game_panels.set_panels(rest)
        self.odds.set_panels(odds, big=True)
        if odds and not self.dock_odds.isVisible() and self.isVisible():
            self.dock_odds.show()
        if self._replay is not None:
            self.actions_panel.set_actions([], "Replaying a game.")
        elif not self.can_act():
            self.actions_panel.set_actions([], self._why_not_acting() or "Nothing to do right now.")
        else:
            items = []
            for a in self._legal:
                if _is_drag_action(a) and self.mode != "sandbox":
                    continue
                try:
                    label = game.describe_action(state, a)
                except Exception:
                    label = json.dumps(a)
                items.append((label, a))
            self.actions_panel.set_actions(items, "Only moves on the map: drag a unit.",
                                           groups=action_groups.groups(game, state, items))
        self._show_inspector()

    def _odds_breakdown(self, game: Game, state: GameState, viewer: str | None) -> list[dict[str, Any]]:
        import sys
        mod = sys.modules.get(type(game).__module__)
        pkg = sys.modules.get((type(game).__module__ or "").rsplit(".", 1)[0])
        fn = getattr(mod, "odds_breakdown", None) or getattr(pkg, "odds_breakdown", None) \
            or getattr(game, "odds_breakdown", None)
        if not callable(fn):
            return []
        for args in ((state, viewer), (state,)):
            try:
                return breakdown_panels(fn(*args))
            except TypeError:
                continue
            except Exception as e:
                return [{"title": "Odds breakdown", "rows": [], "text": f"could not compute: {e}"}]
        return []

    def _show_inspector(self) -> None:
        pid = self.scene.selected
        pc = self.scene.piece(pid) if pid else None
        if pc is None:
            self.inspector.show_piece(None)
            return
        game, state = self.shown()
        where = ""
        at = pc.get("at")
        if isinstance(at, str) and at.startswith("box:"):
            where = "box " + at[4:]
        else:
            d = self.scene.board.describe(at)
            where = " \u00b7 ".join(d) if d else ""
        moves = ""
        if pid == self._targets_for and self._targets:
            moves = f"{len(self._targets)} legal destination(s)" if "*" not in self._targets else "free placement"
        self.inspector.show_piece(pc, tuple(game.sides), self.scene.board.unit, where, moves)

    def _update_undo(self) -> None:
        m = self.match
        if m is None or self._replay is not None:
            for a, why in ((self.act_undo, "No game"), (self.act_redo, "No game")):
                a.setEnabled(False)
                a.setToolTip(why if self._replay is None else "Replaying")
            self.act_save.setEnabled(False)
            self.act_save_as.setEnabled(False)
            self.act_replay_this.setEnabled(False)
            return
        busy = self._ai_job is not None
        prob = m.can_undo()
        self.act_undo.setEnabled(prob is None and not busy)
        self.act_undo.setToolTip("Undo the last action (Ctrl+Z)" if prob is None else f"Cannot undo: {prob.reason}")
        self.act_redo.setEnabled(m.can_redo() and not busy)
        self.act_redo.setToolTip("Redo (Ctrl+Shift+Z)" if m.can_redo() else "Nothing to redo")
        self.act_save.setEnabled(self.mode == "play")
        self.act_save_as.setEnabled(self.mode == "play")
        self.act_replay_this.setEnabled(self.mode == "play" and bool(m.history))

    def _update_title(self) -> None:
        if self.match is None:
            self.setWindowTitle("Ridgeline")
            return
        g = self.match.game
        bits = ["Ridgeline", g.name, str(self.match.state.scenario)]
        if self.save_path:
            bits.append(self.save_path.name)
        if self.mode == "sandbox":
            bits.append("sandbox")
        self.setWindowTitle(" \u2014 ".join(b for b in bits if b))

    def warn(self, title: str, text: str) -> None:
        """A warning that does not block (window-modal, shown with open())."""
        if not self.isVisible():
            return
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self._last_warning = box

    def status(self, text: str) -> None:
        self.statusBar().showMessage(text)
        rule = first_rule(text)
        self.rule_link.setText(f"<a href='rule:{rule}'>Rule {rule}</a>" if rule else "")
        self.rule_link.setToolTip(f"Open rule {rule} in the Rules panel" if rule else "")

    def open_rule(self, number: str) -> bool:
        """The Rules panel, opened on ``number`` (app.ui.rules_panel)."""
        self.dock_rules.show()
        self.dock_rules.raise_()
        return self.rules_panel.show_rule(number)

    def _log_rule_clicked(self, index) -> None:
        rule = self.log.proxy.index(index.row(), 3).data() or ""
        if rule:
            self.open_rule(str(rule))

    def _show_zoom(self, s: float) -> None:
        self.zoom_label.setText(f"{s * 100:.0f}%")

    # =============================================================================================
    # acting
    # =============================================================================================
    def apply_action(self, action: Action, who: str = "") -> bool:
        if self.match is None:
            return False
        if not self.can_act() and not who:
            self.status(f"Not now: {self._why_not_acting() or 'you cannot act'}")
            return False
        self._next_who = who
        try:
            self.match.apply(action)
        except IllegalAction as e:
            self._next_who = ""
            rule = f" ({e.illegal.rule})" if e.illegal.rule else ""
            self.status(f"Not allowed: {e.illegal.reason}{rule}")
            return False
        return True

    def _next_step(self, game: Game, state: GameState) -> NextStep:
        """The turn bar's next-step control (app.ui.next_step), asked once per position."""
        if self._replay is not None:
            return NextStep(None, "End phase", False, "Replaying: close the replay or play on from here")
        if self.match is None:
            return NextStep(None)
        cache = self._targets_cache()
        if ("next", self.can_act()) not in cache:
            cache[("next", self.can_act())] = find_next_step(
                game, state, self._legal, self.can_act(), self._why_not_acting(), self.match.check)
        return cache[("next", self.can_act())]

    def end_phase(self, confirm: bool = False) -> bool:
        """The next step of this game (end the phase, the turn, the actions...), as the turn bar
        names it; asks first when units could still move (pressed or keyed alike)."""
        if self.match is None:
            return False
        nxt = self._next_step(*self.shown())
        if not nxt.enabled or nxt.action is None:
            self.status(f"Cannot {nxt.label[:1].lower() + nxt.label[1:]} now: {nxt.why}")
            return False
        if confirm and nxt.confirm_text and self.isVisible():
            if not confirm_next(self, nxt):
                return False
        return self.apply_action(dict(nxt.action))

    def _maybe_skip(self) -> None:
        skip_phases.maybe_skip(self)

    def undo(self) -> None:
        if self.match is None or self._ai_job is not None:
            return
        prob = self.match.can_undo()
        if prob is not None:
            self.status(f"Cannot undo: {prob.reason}")
            return
        self.match.undo()
        self.status("Undone")

    def redo(self) -> None:
        if self.match is None or self._ai_job is not None or not self.match.can_redo():
            return
        self.match.redo()
        self.status("Redone")

    def _log_step(self, number: int, step: Step, who: str = "") -> None:
        game = self.match.game
        before = step.before or self.match.state
        try:
            label = game.describe_action(before, step.action)
        except Exception:
            label = json.dumps(step.action)
        side = before.active if step.before is not None else ""
        if who:
            label = f"{label}  [{who}]"
        self.log.add_step(number, side, label, step.events)

    def _on_change(self, match: Match, what: str, step: Step | None) -> None:
        if match is not self.match:
            return
        who = getattr(self, "_next_who", "")
        self._next_who = ""
        if what in ("apply", "redo") and step is not None:
            self._log_step(len(match.history), step, who)
            if step.events:
                self.status(("Computer: " if who and not who.startswith("skipped") else "") + " \u00b7 ".join(str(e) for e in step.events[-3:]))
        elif what == "undo":
            self.log.pop_step()
        self._clear_targets()
        self.hint_item.clear()
        self.hint_shown = None
        self.scene.fanned = None
        self._check_handover()
        self.refresh(animate_ms=120)
        if match.state.finished:
            txt = self._outcome_text()
            self.log.note(f"Game over: {txt}", "result")
            self.status(f"Game over: {txt}")
            if what == "apply" and self.mode == "play":
                self.show_report()
        if what == "undo":
            self._skip_chain = MAX_CHAIN       # undo goes back to a skipped phase and stays there
        self._maybe_skip()
        self._schedule_ai()

    # -- hotseat ----------------------------------------------------------------------------------
    def _hidden_info(self) -> bool:
        g, st = self.match.game, self.match.state
        try:
            full = canonical_json(g.view(st, None))
            return any(canonical_json(g.view(st, s)) != full for s in g.sides)
        except Exception:
            return True

    def _check_handover(self) -> None:
        if self.match is None or self.mode != "play" or seating.check_handover(self):
            return
        humans = [s for s in self.match.game.sides if self.players.get(s) == "human"]
        act = self.match.state.active
        if len(humans) < 2 or act not in humans or act == self.seat or self.match.state.finished:
            return
        if self._hidden_info():
            self.scene.select(None)
            self.handover.show_for(act)
        else:
            self.seat = act

    def accept_handover(self) -> None:
        self.seat = self.handover.side
        seating.accepted(self)
        self.handover.hide()
        self.refresh()
        who = getattr(self, "seat_person", "") or side_names.name(self.seat)
        self.status(f"{who} has the screen. {self.match.prompt() if self.match else ''}")

    # -- sandbox ----------------------------------------------------------------------------------
    def toggle_sandbox(self, on: bool | None = None) -> None:
        on = self.act_sandbox.isChecked() if on is None or isinstance(on, bool) and on is self.act_sandbox.isChecked() else on
        if on and self.mode == "play" and self.match is not None:
            from app.ui.sandbox import sandbox_from_match
            self._live = {"match": self.match, "players": dict(self.players), "path": self.save_path,
                          "journal": self.journal}
            # keep the live game's journal running untouched while we play in the sandbox
            if self.journal is not None:
                self.journal = None
            g, sc = sandbox_from_match(self.match)
            self.match.listeners.remove(self._on_change)
            sm = Match.start(g, sc, seed=self.match.seed)
            self.match = None
            self.start_match(sm, mode="sandbox", journal=False)
            self.status("Sandbox: the rules are off. Untick Game > Sandbox to go back to the game.")
        elif not on and self.mode == "sandbox":
            live = self._live
            self._live = None
            if self.match is not None and self._on_change in self.match.listeners:
                self.match.listeners.remove(self._on_change)
            if live is None:
                self.match = None
                self.mode = "none"
                self.scene.set_board(make_board(None))
                self._board_src = None
                self.refresh()
                return
            self.match = None
            self.start_match(live["match"], live["players"], path=live["path"], journal=False)
            self.journal = live["journal"]
            self.status("Back to the game: rules on.")
        self.act_sandbox.blockSignals(True)
        self.act_sandbox.setChecked(self.mode == "sandbox")
        self.act_sandbox.blockSignals(False)

    def roll_dice_dialog(self) -> None:
        if self.mode != "sandbox":
            self.status("Dice are rolled by the rules in a game; switch to the sandbox (Game menu) to roll by hand")
            return
        n, ok = QInputDialog.getInt(self, "Roll dice", "How many six-sided dice?", 2, 1, 10)
        if ok:
            self.apply_action({"type": "roll", "dice": n})

    def piece_menu(self, pid: str, screen_pos) -> None:
        m = QMenu(self)
        m.addAction("Inspect", lambda: self.select_piece(pid))
        if self._draft is not None and self.match is not None and self.can_act():
            sim = self._draft_state()
            roles = [a for a in self.match.game.legal_actions(sim) if _is_declare(a)
                     and a["defender"] == self._draft["defender"] and _mover(a) == pid]
            if roles:
                m.addSeparator()
            for a in roles:
                m.addAction(self._describe(a), lambda x=a: self._add_to_draft(x))
            if any(_mover(a) == pid for a in self._draft["actions"]):
                m.addAction("Take out of the battle", lambda: self.remove_from_draft(pid))
        if self.mode == "sandbox":
            for text, act in (("Flip", {"type": "flip", "unit": pid}), ("Eliminate", {"type": "eliminate", "unit": pid}),
                              ("Turn 45\u00b0", {"type": "rotate", "unit": pid,
                                                 "rotation": float((self.scene.piece(pid) or {}).get("rotation") or 0) + 45}),
                              ("Remove from the table", {"type": "remove", "unit": pid})):
                m.addAction(text, lambda a=act: self.apply_action(a))
        m.exec(screen_pos)

    # -- replay -----------------------------------------------------------------------------------
    def replay_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Replay a save", "", "Ridgeline saves (*.json *.rsave);;All files (*)")
        if path:
            self.open_replay(path)

    def replay_current(self) -> None:
        if self.match is not None and self.mode == "play":
            from app.engine.saves import save_data
            self.open_replay(save_data(self.match, self.players))

    def open_replay(self, source: str | Path | dict[str, Any]) -> bool:
        from app.engine.files import FileError
        from app.engine.saves import ReplayError, load_save, replay
        try:
            data = source if isinstance(source, dict) else load_save(source).data
            full = replay(data)
        except (FileError, ReplayError, Exception) as e:
            self.status(f"Cannot replay: {e}")
            self.warn("Cannot replay", str(e))
            return False
        self._stop_ai_job()
        first = full.history[0].before if full.history else full.state
        states = [first.copy()] + [s.after for s in full.history]
        self._replay = ReplaySession(data, full.game, states, [s.action for s in full.history], 0,
                                     list(full.history))
        self.log.set_sides(tuple(full.game.sides))
        self.replay_panel.set_range(len(states) - 1)
        self.dock_replay.show()
        self.dock_replay.raise_()
        self._board_src = None
        self.scene.select(None)
        self._clear_targets()
        self.replay_goto(0)
        self.view.zoom_to_fit()
        self.status(f"Replay: {len(states) - 1} actions. Use the VCR controls or the slider.")
        return True

    def replay_goto(self, n: int) -> None:
        r = self._replay
        if r is None:
            return
        n = max(0, min(n, len(r.states) - 1))
        step = abs(n - r.pos) == 1
        r.pos = n
        text = ""
        if n > 0:
            try:
                text = r.game.describe_action(r.states[n - 1], r.actions[n - 1])
            except Exception:
                text = json.dumps(r.actions[n - 1])
        self.replay_panel.show_pos(n, len(r.states) - 1, text)
        r.logged = sync_log(self.log, r.game, r.steps, r.logged, n)
        self.refresh(animate_ms=120 if step else 0)

    def _replay_play(self, on: bool) -> None:
        if on and self._replay is not None:
            if self._replay.pos >= len(self._replay.states) - 1:
                self.replay_goto(0)
            self._play_timer.start()
        else:
            self._play_timer.stop()

    def _replay_tick(self) -> None:
        r = self._replay
        if r is None or r.pos >= len(r.states) - 1:
            self._play_timer.stop()
            self.replay_panel.play.setChecked(False)
            return
        self.replay_goto(r.pos + 1)

    def replay_take_over(self) -> None:
        """Play on from the replayed position (a new game branch from here)."""
        r = self._replay
        if r is None:
            return
        from app.engine.saves import replay
        match = replay(r.data, upto=r.pos)
        self._play_timer.stop()
        self.start_match(match, r.data.get("players") or {})

    def close_replay(self) -> None:
        self._play_timer.stop()
        if self._replay is not None and self.match is not None:
            self.log.clear()             # back to the game's own log
            for i, step in enumerate(self.match.history, start=1):
                self._log_step(i, step)
        self.replay_panel.play.setChecked(False)
        self._replay = None
        self.dock_replay.hide()
        self._board_src = None
        self.refresh()
        self._schedule_ai()

    # =============================================================================================
    # the computer players
    # =============================================================================================
    def _ai_turn(self) -> bool:
        m = self.match
        return (m is not None and self.mode == "play" and self._replay is None and not m.state.finished
                and not self.ai_paused and seating.computer_to_act(self) and not self.handover.isVisible())

    def _schedule_ai(self) -> None:
        if self._ai_pending or self._ai_job is not None or not self._ai_turn():
            return
        self._ai_pending = True
        QTimer.singleShot(self.ai_delay_ms, self._ai_start)

    def _ai_start(self) -> None:
        self._ai_pending = False
        if self._ai_job is not None or not self._ai_turn():
            return
        m = self.match
        legal = m.legal_actions()
        side = m.state.active
        if not legal:
            self.status(f"The computer ({side}) has no legal action")
            return
        player = seating.player_for(self, side)
        job: dict[str, Any] = {"side": side, "n": len(m.history), "done": False, "result": None,
                               "error": None, "cancel": False, "t0": time.monotonic()}

        def work() -> None:
            try:
                job["result"] = player.choose(m, legal)
            except Exception as e:  # reported in the window, never a crash
                job["error"] = e
            finally:
                job["done"] = True

        self._ai_job = job
        self.ai_text.setText(f"Computer ({seating.side_label(m.game, side)}) thinking...")
        self.ai_box.show()
        self._update_undo()
        threading.Thread(target=work, daemon=True, name="ridgeline-ai").start()
        self._ai_timer.start()

    def _ai_poll(self) -> None:
        job = self._ai_job
        if job is None:
            self._ai_timer.stop()
            return
        if not job["done"]:
            secs = time.monotonic() - job["t0"]
            if secs > 1.0:
                self.ai_text.setText(f"Computer ({seating.side_label(self.match.game, job['side']) if self.match else job['side']}) thinking... {secs:.0f}s")
            return
        self._ai_timer.stop()
        self._ai_job = None
        self.ai_box.hide()
        if job["cancel"] or self.match is None:
            self.refresh()
            return
        if job["error"] is not None:
            self.ai_paused = True
            self.act_pause_ai.setChecked(True)
            self.log.note(f"The computer player failed: {job['error']}", "error")
            self.status("The computer player failed; it is paused (Game menu)")
            self.refresh()
            return
        if self.match.state.active != job["side"] or len(self.match.history) != job["n"]:
            self._schedule_ai()
            return
        self.apply_action(job["result"], who=f"computer ({job['side']})")
        self._update_undo()

    # -- the end-of-game report (app.ui.end_report) ----------------------------------------------
    def show_report(self) -> EndReport | None:
        return end_report.open_report(self)

    def replay_turning_point(self, step: int) -> None:
        end_report.replay_turning_point(self, step)

    def focus_actions(self) -> bool:
        """Keyboard focus to the first action button (Tab moves on, Space or Enter takes it)."""
        self.dock_actions.show()
        self.dock_actions.raise_()
        if self.actions_panel.buttons:
            self.actions_panel.buttons[0].setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
        return False

    # -- a hint (app.ui.hint) ---------------------------------------------------------------------
    def hint(self) -> bool:
        if self.match is None or not self.can_act() or self.mode != "play":
            self.status("No hint now: " + (self._why_not_acting() or "no game"))
            return False
        if not can_hint(self.match.game):
            self.status(f"{self.match.game.name} has no computer player to ask for a hint")
            return False
        self._hint = HintJob(self.match, self.match.state.active)
        self.status("Thinking about a hint...")
        self._hint_timer.start()
        return True

    def _hint_poll(self) -> None:
        hint.show_hint(self)

    def _stop_ai_job(self) -> None:
        if self._ai_job is not None:
            self._ai_job["cancel"] = True
            self._ai_job = None
        self._ai_timer.stop()
        self.ai_box.hide()

    def stop_ai(self) -> None:
        """Cancel the computer's move in progress and pause it."""
        was = self._ai_job is not None
        self._stop_ai_job()
        self.ai_paused = True
        self.act_pause_ai.setChecked(True)
        self.refresh()
        self.status("The computer is paused" + (" (its move was cancelled)" if was else "") + ": Game > Pause to resume")

    def toggle_ai_pause(self) -> None:
        self.ai_paused = self.act_pause_ai.isChecked()
        if self.ai_paused:
            self._stop_ai_job()
        self.refresh()
        self._schedule_ai()

    # =============================================================================================
    # the map host: presses, drags, drops, clicks, hover
    # =============================================================================================
    def _clear_targets(self) -> None:
        self._cursor = None
        self._targets = {}
        self._targets_for = None
        self.scene.targets_item.clear()
        self.path_item.clear()
        self.sight_line.clear()
        self.spotting.clear()

    # -- drop targets, cached per position ------------------------------------------------------
    def _targets_cache(self) -> dict[Any, Any]:
        """The cache for the position shown (emptied when the game, the state object or the
        board's boxes change)."""
        game, state = self.shown()
        key = (game, state, self.mode, self.scene.board, tuple(self.scene.box_slots.items()))
        if self._tcache_for is None or len(self._tcache_for) != len(key) or \
                any(a is not b for a, b in zip(self._tcache_for[:4], key[:4])) or self._tcache_for[4] != key[4]:
            self._tcache = {}
            self._tcache_for = key
        return self._tcache

    def _targets_of(self, pid: str) -> tuple[dict[str, dict[str, Any]], list, list]:
        """The game's drop targets for ``pid`` in the position shown, with their highlight shapes
        and cost labels."""
        cache = self._targets_cache()
        got = cache.get(pid)
        if got is None:
            game, state = self.shown()
            try:
                targets = game.drop_targets(state, pid) or {}
            except Exception as e:
                self.status(f"The game could not list moves for {pid}: {e}")
                return {}, [], []       # not cached: asked again next time
            got = (targets, *self._target_shapes(targets))
            cache[pid] = got
        return got

    def _plan_prefetch(self, game: Game, state: GameState) -> None:
        """After a change: work out what a press on each piece shows (its drop targets, or why
        it cannot move), a few pieces per idle moment, so a press finds it ready. The pieces
        the player may move come first, then the rest of the side to act, then the others
        (pressing an enemy unit to look at it is a press too)."""
        self._prefetch = []
        if self._replay is not None or not self.can_act() or self.handover.isVisible():
            return
        cache = self._targets_cache()
        seen: set[str] = set()
        drags, movers = [], []
        for a in self._legal:
            u = _mover(a)
            if u is None or u in seen or u not in self.scene.items_by_id:
                continue
            seen.add(u)
            (drags if _is_drag_action(a) else movers).append(u)
        active = state.active
        own = [pid for pid, it in self.scene.items_by_id.items()
               if pid not in seen and it.piece.get("side") == active]
        others = [pid for pid in self.scene.items_by_id if pid not in seen and pid not in own]
        self._prefetch = [pid for pid in drags + movers + own + others if pid not in cache][:200]
        if self._prefetch:
            self._prefetch_timer.start()

    def _prefetch_step(self) -> None:
        if self.view.painted_frames == 0 and self.isVisible():
            self._prefetch_timer.start(15)      # the map's first frame comes first
            return
        self._prefetch_timer.setInterval(0)
        t0 = time.perf_counter()
        while self._prefetch and time.perf_counter() - t0 < 0.015:     # about a frame at a time
            pid = self._prefetch.pop(0)
            if pid in self.scene.items_by_id and self.can_act():
                if not self._targets_of(pid)[0]:
                    self._why_cannot_move(pid)      # what a press on it will say
        if self._prefetch:
            self._prefetch_timer.start()

    def _show_targets(self, pid: str) -> None:
        targets, shapes, texts = self._targets_of(pid)
        self._targets = targets
        self._targets_for = pid
        self.scene.targets_item.set_shapes(shapes, texts)

    def _target_shapes(self, targets: dict[str, dict[str, Any]]) -> tuple[list, list]:
        shapes, texts = [], []
        fill = QBrush(theme.HIGHLIGHT)
        board = self.scene.board
        for loc, info in targets.items():
            if loc == "*":
                region = info.get("region") or info.get("polygon")
                if region:
                    shapes.append((board.shape(region), fill, cpen(theme.HIGHLIGHT_EDGE, 2.0)))
                continue
            if loc.startswith("box:"):
                rect = self.scene.box_slots.get(loc[4:])
                path = QPainterPath()
                if rect is not None:
                    path.addRoundedRect(rect, 6, 6)
            else:
                target = info.get("action", {}).get("to") if board.free else loc
                path = board.shape(target if target is not None else loc)
                if path.isEmpty() and board.free:
                    path = board.shape(_parse_xy(loc))
            if path.isEmpty():
                continue
            note = str(info.get("note") or "")
            ezoc = any(w in note.lower() for w in ("ezoc", "zoc", "zone of control"))
            pen = cpen(theme.EZOC_EDGE, 3.0) if ezoc else cpen(theme.HIGHLIGHT_EDGE, 1.2)
            if target_warning(info):        # legal, but it leaves something to fix
                shapes.append((path, QBrush(theme.WARN), cpen(theme.WARN_EDGE, 3.0)))
                continue
            shapes.append((path, fill, pen))
            few = len(targets) <= 12 or info.get("choices")
            for way in ([c.get("path") for c in info.get("choices") or []] or [info.get("path")]) if few else []:
                line = self._path_line(way)
                if line is not None:
                    shapes.append((line, None, cpen(QColor(30, 90, 30, 200), 2.5, Qt.PenStyle.DashLine)))
            cost = info.get("cost")
            if cost is not None and cost != "" and (not board.free or len(targets) <= 40):
                br = path.boundingRect()
                c = (f"{cost:.1f}".rstrip("0").rstrip(".") if isinstance(cost, float) else str(cost))
                texts.append((QPointF(br.right() - br.width() * 0.22, br.top() + br.height() * 0.3), c,
                              QColor("#1E5A1E") if not ezoc else QColor("#8E1B1B")))
        return shapes, texts

    def _path_line(self, way: Any) -> QPainterPath | None:
        if not isinstance(way, (list, tuple)) or len(way) < 2:
            return None
        pts = [self.scene.board.anchor(h) for h in way]
        pts = [p for p in pts if p is not None]
        if len(pts) < 2:
            return None
        line = QPainterPath(pts[0])
        for p in pts[1:]:
            line.lineTo(p)
        return line

    def _show_path_to(self, loc: Any) -> None:
        """While a piece's destinations are lit: the path to the one under the pointer."""
        info = self._targets.get(str(loc)) if loc is not None and self._targets_for else None
        line = self._path_line(info.get("path")) if info else None
        if line is None:
            self.path_item.clear()
            return
        dot = QPainterPath()
        for h in info.get("path")[1:-1]:
            c = self.scene.board.anchor(h)
            if c is not None:
                dot.addEllipse(c, 4, 4)
        self.path_item.set_shapes([(line, None, cpen(QColor(255, 255, 255, 200), 6.0)),
                                   (line, None, cpen(QColor("#1E5A1E"), 3.0)),
                                   (dot, QBrush(QColor("#1E5A1E")), None)])

    def select_piece(self, pid: str | None) -> None:
        self.scene.select(pid)
        self._show_inspector()

    def _update_fires(self) -> None:
        """The fire panel for the position shown, the selected unit's fires first (app.ui.fire_panel)."""
        game, state = self.shown()
        if game is None or self.handover.isVisible() or self._replay is not None:
            self.fire_panel.set_fires([])
            return
        sel = self.scene.selected
        pc = (self.scene.piece(sel) or {}) if sel else {}
        self.fire_panel.set_fires(fire_panel.fires(game, state, self._legal), pc.get("at"), sel)
        # the fire cards take the dock; the "no battle" line only when there is nothing else
        self.odds.setVisible(bool(getattr(self.odds, "titles", [])) or not self.fire_panel.cards)
        if self.fire_panel.cards and not self.dock_odds.isVisible() and self.isVisible():
            self.dock_odds.show()

    def piece_pressed(self, pid: str) -> bool:
        if self._staged is not None:
            self.staged_roll(False)           # pressing elsewhere takes a waiting move back
        self.scene.select(pid)
        self._update_fires()
        if not self.can_act():
            self._clear_targets()
            self._show_inspector()
            why = self._why_not_acting()
            if why:
                self.status(why)
            return False
        self._show_targets(pid)
        self._show_inspector()
        if not self._targets:
            pc = self.scene.piece(pid) or {}
            dec = self._decision or {}
            if not self._declaring() and not (dec.get("click") and pid in (dec.get("pieces") or [])):
                self.status(f"{pc.get('label') or pid}: no legal move now{self._why_cannot_move(pid)}")
            return False
        return True

    def _why_cannot_move(self, pid: str) -> str:
        """": reason (rule)" when the game explains why a unit of the side to act cannot move
        (asked about a move to where it stands), else ""."""
        pc = self.scene.piece(pid) or {}
        if self.match is None or self.mode != "play" or pc.get("side") != self.match.state.active \
                or pc.get("at") is None or self._replay is not None:
            return ""
        cache = self._targets_cache()       # the same position: the same answer
        key = ("why", pid, str(pc.get("at")))
        if key in cache:
            return cache[key]  # type: ignore[return-value]
        try:
            prob = self.match.check({"type": "move", "unit": pid, "to": pc.get("at")})
        except Exception:
            return ""
        why = (f": {prob.reason}" + (f" ({prob.rule})" if prob.rule else "")) if prob else ""
        cache[key] = why  # type: ignore[assignment]
        return why

    def piece_dragged(self, pid: str, pos: QPointF) -> None:
        loc = self._drop_location(pos)
        info = self._targets.get(str(loc)) if loc is not None else None
        self._show_path_to(loc)
        self.sight_line.follow_drag(pid, loc)
        self.spotting.follow_drag(pid, loc)
        if self.sight_line.text or self.spotting.text:
            self.status(" \u00b7 ".join(t for t in (self.sight_line.text, self.spotting.text) if t))
        if info is not None:
            cost = info.get("cost")
            note = info.get("note") or ""
            self.where_label.setText(f"{loc}" + (f" \u00b7 cost {cost}" if cost not in (None, "") else "")
                                     + (f" \u00b7 {note}" if note else ""))
            if target_warning(info):
                self.status(f"Careful: {target_warning(info)}")
        self.hovered(pos)
        seen = drag_lines.update(self, pid, pos)
        if seen:
            self.status(f"From here: {seen}")

    def _drop_location(self, pos: QPointF) -> Any:
        box = self.scene.box_at(pos)
        if box is not None:
            return f"box:{box}"
        return self.scene.board.locate(pos)

    def _drop_action(self, pid: str, pos: QPointF) -> tuple[Action | None, str]:
        """The action a drop at ``pos`` means, and a reason when there is none."""
        board = self.scene.board
        loc = self._drop_location(pos)
        t = self._targets
        if loc is not None and str(loc) in t:
            return dict(t[str(loc)]["action"]), ""
        if "*" in t:
            tmpl = dict(t["*"].get("action") or {"type": "move", "unit": pid})
            tmpl["to"] = loc if (loc is not None and (not board.free or str(loc).startswith("box:"))) else board.to_board(pos)
            if tmpl["to"] is None:
                return None, "That is off the board."
            return tmpl, ""
        if board.free and loc is None:
            xy = board.to_board(pos)
            best, bd = None, 1e9
            for key, info in t.items():
                to = info.get("action", {}).get("to")
                if isinstance(to, (list, tuple)) and len(to) == 2:
                    d = ((float(to[0]) - xy[0]) ** 2 + (float(to[1]) - xy[1]) ** 2) ** 0.5
                    if d < bd:
                        best, bd = info, d
            if best is not None and bd <= 0.75:
                return dict(best["action"]), ""
            if best is not None:       # the same kind of move, to exactly where it was dropped
                act = dict(best["action"])
                act["to"] = xy
                return act, ""
            return {"type": "move", "unit": pid, "to": xy}, ""
        if loc is None:
            return None, "That is off the map."
        return {"type": "move", "unit": pid, "to": loc}, ""

    def piece_dropped(self, pid: str, pos: QPointF) -> None:
        drag_lines.clear(self)
        loc = self._drop_location(pos)
        if loc is not None and not self.scene.board.free and str(loc) not in self._targets \
                and loc_key(loc) == loc_key((self.scene.piece(pid) or {}).get("at")):
            self.scene.relayout(0)          # dropped where it stands: a click, not a refused move
            self.piece_clicked(pid)
            return
        action, why = self._drop_action(pid, pos)
        applied = False
        if action is not None and self.match is not None:
            in_targets = any(canonical_json(info.get("action")) == canonical_json(action) for info in self._targets.values())
            prob = None if in_targets else self.match.check(action)
            if prob is None:
                info = next((i for i in self._targets.values()
                             if canonical_json(i.get("action")) == canonical_json(action)), None)
                if info is not None and len(info.get("choices") or []) > 1:
                    self._apply_target(info)      # which of the paths to this hex: a small menu
                    return
                if self._stage_roll(pid, action):
                    return                        # shown first: rolled only when confirmed
                applied = self.apply_action(action)
                if not applied:
                    why = self.statusBar().currentMessage()
            else:
                rule = f" ({prob.rule})" if prob.rule else ""
                why = f"{prob.reason}{rule}"
        if not applied:
            pc = self.scene.piece(pid) or {}
            self._clear_targets()
            self.scene.relayout(150)       # glide back
            self.status(f"Cannot move {pc.get('label') or pid} there: {why or 'not a legal destination'}")

    def piece_clicked(self, pid: str) -> None:
        if self._decision_click(pid) or self._battle_click(pid):
            return
        stack = self.scene.stack_of(pid)
        pc = self.scene.piece(pid) or {}
        if len(stack) > 1 and not self.scene.board.free:
            key = loc_key(pc.get("at"))
            self.scene.fan(None if self.scene.fanned == key else key)
        self.select_piece(pid)
        bits = [str(pc.get("label") or pid)]
        if pc.get("values"):
            bits.append(str(pc["values"]))
        if self._targets_for == pid and self._targets:
            bits.append("click a green location to move there" if "*" not in self._targets else "drag it anywhere")
        elif self.can_act():
            bits.append("no legal move now" + self._why_cannot_move(pid))
        elif self._why_not_acting():
            bits.append(self._why_not_acting())
        self.status(" \u00b7 ".join(bits))

    def map_clicked(self, pos: QPointF) -> None:
        if self._staged is not None:
            self.staged_roll(False)
            return
        pid = self._targets_for
        if pid and self._targets and self.can_act():
            loc = self._drop_location(pos)
            if loc is not None and str(loc) in self._targets:
                self._apply_target(self._targets[str(loc)])
                return
        if self.scene.fanned is not None:
            self.scene.fan(None)
        self.scene.select(None)
        self._clear_targets()
        self._show_inspector()

    def _hover_piece(self, pos: QPointF) -> None:
        """The hover card over the piece under the pointer (app.ui.hover_card)."""
        item = next((it for it in self.scene.items(pos) if isinstance(it, PieceItem) and it.isVisible()), None)
        if item is None or item.dragging or QApplication.mouseButtons() != Qt.MouseButton.NoButton:
            self.hover_card.hide_card()
            return
        game, state = self.shown()
        card = piece_card(game, state, item.piece, self._legal, self.can_act(), self._why_not_acting())
        self.hover_card.show_card(item.pid, card, self.view.mapFromScene(pos))

    def hovered(self, pos: QPointF) -> None:
        self._hover_piece(pos)
        board = self.scene.board
        loc = self._drop_location(pos)
        if loc is None and board.free:
            desc = board.describe_point(pos) if hasattr(board, "describe_point") else []
        elif isinstance(loc, str) and loc.startswith("box:"):
            desc = [f"box {loc[4:]}"]
        else:
            desc = board.describe(loc)
        here = [pc for pc in self.scene.pieces if loc is not None and loc_key(pc.get("at")) == loc_key(loc)]
        if not here and self.hover_card.pid:          # a table: the piece under the pointer by its name
            here = [pc for pc in self.scene.pieces if str(pc.get("id")) == self.hover_card.pid]
        if here:
            names = ", ".join(str(pc.get("name") or pc.get("label") or pc.get("id")) + (f" ({pc['values']})" if pc.get("values") else "")
                              for pc in here[:6])
            desc = desc + [names + (f" +{len(here) - 6}" if len(here) > 6 else "")]
        self.where_label.setText(" \u00b7 ".join(str(d) for d in desc))
        if loc != self._hover_loc:
            self._hover_loc = loc
            self._show_path_to(loc)
            path = board.shape(loc) if (loc is not None and not board.free and not str(loc).startswith("box:")) else QPainterPath()
            self.scene.hover_item.set_shapes([(path, QBrush(theme.HOVER), None)] if not path.isEmpty() else [])

    def _key_action(self, what: str) -> None:
        if self._staged is not None and what in ("escape", "confirm"):
            self.staged_roll(what == "confirm")
            return
        if what == "escape":
            if self.view.measuring:
                self.act_measure.setChecked(False)
                self._toggle_measure()
            elif self._ai_job is not None:
                self.stop_ai()
            else:
                self.scene.fan(None)
                self.select_piece(None)
                self._clear_targets()
                if self._draft is not None:
                    self._draft = None
                    self.refresh()
        elif what in ("next", "prev"):
            movable = []
            for a in self._legal:
                u = _mover(a)
                if _is_drag_action(a) and u not in movable and u in self.scene.items_by_id:
                    movable.append(u)
            if not movable:
                self.status("No unit can move now")
                return
            cur = self.scene.selected
            i = movable.index(cur) if cur in movable else -1
            i = (i + (1 if what == "next" else -1)) % len(movable)
            pid = movable[i]
            self._cursor = None
            self.select_piece(pid)
            self._show_targets(pid)
            self._show_inspector()
            self.view.centerOn(self.scene.items_by_id[pid].pos())
            self.status(f"{(self.scene.piece(pid) or {}).get('label') or pid}: arrow keys to pick a destination, "
                        "Enter to move there")
        elif what.startswith("cursor:"):
            self._move_cursor(what.split(":", 1)[1])
        elif what == "confirm":
            if self._cursor is not None and str(self._cursor) in self._targets:
                self._apply_target(self._targets[str(self._cursor)])
                return
            loc = self._hover_loc
            if self._targets_for and loc is not None and str(loc) in self._targets:
                self._apply_target(self._targets[str(loc)])
        elif what == "space":
            self.end_phase(confirm=True)

    # =============================================================================================
    # decisions, battles and victory (optional game hooks: decision, battles, odds_breakdown,
    # victory_status; see docs/ui.md)
    # =============================================================================================
    def _game_decision(self, game: Game, state: GameState) -> dict[str, Any] | None:
        fn = _hook(game, "decision")
        if fn is None:
            return None
        try:
            d = fn(state)
        except Exception:
            return None
        return d if isinstance(d, dict) else None

    def _victory(self, game: Game, state: GameState) -> dict[str, Any] | None:
        fn = _hook(game, "victory_status")
        if fn is None:
            return None
        try:
            v = fn(state)
        except Exception:
            return None
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
        acts = [a for a in self._legal if _mover(a) == pid and "to" not in a and "defender" not in a]
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

    def _menu_of(self, items: list[tuple[str, Action]]) -> None:
        """A small non-blocking menu at the pointer: pick one of these actions."""
        menu = QMenu(self)
        for label, a in items:
            act = menu.addAction(label)
            act.triggered.connect(lambda _=False, x=a: self.apply_action(x))
        menu.aboutToHide.connect(lambda: self.scene.relayout(150))
        self._choice_menu = menu
        menu.popup(QCursor.pos())

    def _apply_target(self, info: dict[str, Any]) -> bool:
        choices = info.get("choices") or []
        if len(choices) > 1:
            self._menu_of([(str(c.get("label") or self._describe(c["action"])), c["action"]) for c in choices])
            return True
        pid = _mover(info["action"])
        if pid and self._stage_roll(pid, dict(info["action"])):
            return True
        return self.apply_action(dict(info["action"]))

    # -- a move that rolls is shown first (app.ui.roll_preview) -----------------------------------
    def _stage_roll(self, pid: str, action: Action) -> bool:
        return roll_preview.stage(self, pid, action)

    def staged_roll(self, confirm: bool) -> None:
        roll_preview.finish(self, confirm)

    def _apply_first(self, types: set[str]) -> bool:
        for a in self._legal:
            if a.get("type") in types:
                return self.apply_action(a)
        self.status("That is not possible now")
        return False

    # -- battles ------------------------------------------------------------------------------------
    def _battles_of(self, game: Game, state: GameState) -> list[dict[str, Any]]:
        fn = _hook(game, "battles")
        if fn is None:
            return []
        try:
            return list(fn(state) or [])
        except Exception:
            return []

    def _draft_state(self) -> GameState | None:
        """The position as if the battle being built were declared (its units asked of
        ``legal_actions`` one by one; any no longer legal drop out)."""
        if self._draft is None or self.match is None:
            return None
        game = self.match.game
        sim = self.match.state.copy()
        kept = []
        for a in self._draft["actions"]:
            if not any(canonical_json(a) == canonical_json(x) for x in game.legal_actions(sim)):
                continue
            game.apply(sim, dict(a), Context(sim.rng))
            kept.append(a)
        self._draft["actions"] = kept
        return sim

    def _declaring(self) -> bool:
        return any(_is_declare(a) for a in self._legal) or (self._decision or {}).get("kind") == "declare"

    def _battle_click(self, pid: str) -> bool:
        """Building a battle by clicks: an enemy unit picks the defender, then each click on one
        of your highlighted units adds it (attack, else support, else human wave) or takes it out."""
        if self.match is None or not self.can_act():
            return False
        game, state = self.match.game, self.match.state
        if _hook(game, "battles") is None:
            return False
        dec = self._decision or {}
        shown = self._battles_shown
        defenders = {str(b.get("defender")) for b in shown if not b.get("resolved")}
        if not self._declaring():
            if pid in {str(b.get("defender")) for b in shown}:
                self.focus_battle(pid)
                return True
            return False
        decl = [a for a in self._legal if _is_declare(a)]
        draft = self._draft
        if draft is not None:
            sim = self._draft_state()
            cands = [a for a in game.legal_actions(sim) if _is_declare(a) and a["defender"] == draft["defender"]
                     and _mover(a) == pid]
            mine = [a for a in draft["actions"] if _mover(a) == pid]
            if mine:
                self.remove_from_draft(pid)
                return True
            if cands:
                cands.sort(key=lambda a: ROLE_ORDER.index(a.get("role")) if a.get("role") in ROLE_ORDER else 9)
                draft["actions"].append(cands[0])
                self.status(f"{self._describe(cands[0])}: press Declare to commit the battle")
                self.refresh()
                return True
        can_defend = {str(a["defender"]) for a in decl} | defenders
        if pid in can_defend:
            if draft is not None and draft["defender"] != pid and draft["actions"]:
                self.status("The battle being built was dropped (it was not declared)")
            if draft is None or draft["defender"] != pid:
                self._draft = {"defender": pid, "actions": []}
            self._battle_focus = pid
            pc = self.scene.piece(pid) or {}
            self.select_piece(pid)
            self.status(f"Battle against {pc.get('label') or pid}: click your highlighted units to add them")
            self.refresh()
            return True
        side = state.active
        pc = self.scene.piece(pid) or {}
        if pc.get("side") == side:
            if draft is not None:
                probe = {"type": "declare-add", "defender": draft["defender"], "unit": pid, "role": "attack"}
                sim = self._draft_state()
                prob = game.check(sim, probe) if sim is not None else None
                why = f": {prob.reason} ({prob.rule})" if prob else ""
                self.status(f"{pc.get('label') or pid} cannot join this battle{why}")
            else:
                self.status("Click an enemy unit first: the defender of the battle you want to fight")
            self.select_piece(pid)
            return True
        if pc:
            self.select_piece(pid)
            self.status(f"{pc.get('label') or pid} cannot be attacked now: none of your units is next to it")
            return True
        return False

    def _add_to_draft(self, a: Action) -> None:
        if self._draft is None:
            return
        self._draft["actions"] = [x for x in self._draft["actions"] if _mover(x) != _mover(a)] + [a]
        self.refresh()

    def focus_battle(self, defender: str) -> None:
        self._battle_focus = defender
        if self._draft is not None and self._draft["defender"] != defender and not self._draft["actions"]:
            self._draft = None
        self.refresh()

    def remove_from_draft(self, pid: str) -> None:
        if self._draft is None:
            return
        self._draft["actions"] = [a for a in self._draft["actions"] if _mover(a) != pid]
        self._draft_state()          # supporters without an attacker left drop out too
        self.status(f"{(self.scene.piece(pid) or {}).get('label') or pid} taken out of the battle")
        self.refresh()

    def clear_draft(self) -> None:
        if self._draft is not None:
            self._draft["actions"] = []
        self.refresh()

    def declare_draft(self) -> bool:
        """Commit the battle built on the map: each unit's declaration through the match."""
        if self._draft is None or not self._draft["actions"] or self.match is None:
            return False
        self._draft_state()
        actions = list(self._draft["actions"])
        defender = self._draft["defender"]
        self._draft = None
        for a in actions:
            if not self.apply_action(dict(a)):
                break
        self._battle_focus = defender
        self.refresh()
        return True

    def declare_done(self) -> bool:
        if self._draft is not None and self._draft["actions"]:
            self.declare_draft()
        self._draft = None
        return self._apply_first({"declare-done"})

    def resolve_battle(self, index: int) -> bool:
        for a in self._legal:
            if a.get("type") == "resolve" and int(a.get("battle", -1)) == int(index):
                b = next((x for x in self._battles_shown if int(x.get("index", -1)) == int(index)), None)
                if b is not None:
                    self._battle_focus = str(b.get("defender"))
                return self.apply_action(a)
        self.status("That battle cannot be resolved now")
        return False

    def _air_changed(self, units: list[str]) -> None:
        self._air_pick = list(units)
        self.refresh()

    def commit_air(self, units: list[str]) -> bool:
        want = sorted(units)
        for a in self._legal:
            if a.get("type") == "air" and sorted(a.get("units") or []) == want:
                self._air_pick = []
                return self.apply_action(a)
        self.status("That many air units cannot fly in this battle (9.2.5)")
        return False

    def choose_mig(self, cancel: str) -> bool:
        for a in self._legal:
            if cancel and a.get("type") == "mig" and a.get("cancel") == cancel:
                return self.apply_action(a)
            if not cancel and a.get("type") == "no-mig":
                return self.apply_action(a)
        return False

    def _update_battles(self, game: Game, state: GameState, covered: bool) -> None:
        has = _hook(game, "battles") is not None
        self.battle_panel.setVisible(has)
        board = self.scene.board
        if not has or covered:
            self._battles_shown = []
            self.battle_layer.set_battles(board, [])
            self.battle_hi.clear()
            return
        live = self._replay is None and self.match is not None
        dec = self._decision or {}
        kind = dec.get("kind")
        if kind != "declare" or not live:
            self._draft = None
        if kind != "air":
            self._air_pick = []
        sim = self._draft_state() if live and self._draft is not None else None
        bstate = sim if sim is not None else state
        shown = self._battles_of(game, bstate)
        real = {str(b.get("defender")): b for b in self._battles_of(game, state)} if sim is not None else \
            {str(b.get("defender")): b for b in shown}
        self._battles_shown = shown
        draft_def = self._draft["defender"] if self._draft else None
        # which battle the panel shows
        focus = None
        if kind in ("air", "mig", "loss", "retreat", "sea-retreat", "advance", "spread") and dec.get("battle", -1) >= 0:
            focus = next((b for b in shown if b.get("index") == dec["battle"]), None)
        if focus is None and draft_def is not None:
            focus = next((b for b in shown if str(b.get("defender")) == draft_def), None)
        if focus is None and self._battle_focus:
            focus = next((b for b in shown if str(b.get("defender")) == self._battle_focus), None)
        if focus is None:
            focus = next((b for b in shown if b.get("current")), None)
        if focus is None and kind == "resolve":
            focus = next((b for b in shown if not b.get("resolved")), None)
        focus_def = str(focus.get("defender")) if focus else draft_def
        self.battle_layer.set_battles(board, shown, focus_def, draft_def if self._draft and self._draft["actions"] else None)
        enabled = self.can_act()
        model: dict[str, Any] = {"enabled": enabled}
        if kind == "declare":
            model["step"] = "declare"
            model["can_done"] = any(a.get("type") == "declare-done" for a in self._legal)
            model["draft"] = [_mover(a) for a in (self._draft or {}).get("actions", [])]
            model["hint"] = ("Click an enemy unit, then your highlighted units to add them "
                             "(again to take one out; right-click for a role)."
                             if enabled else self._why_not_acting())
        elif kind == "resolve":
            model["hint"] = "Pick the next battle to fight: Resolve rolls the die (9.0)." if enabled else self._why_not_acting()
        elif dec.get("text") and enabled:
            model["hint"] = _sentence(str(dec["text"]))
        elif not enabled and self.match is not None and shown:
            model["hint"] = self._why_not_acting()
        if focus is not None or draft_def is not None:
            dname, dstr, dhex = draft_def, "", ""
            if focus is not None:
                dname, dstr, dhex = focus.get("defender_name"), focus.get("defence"), focus.get("hex")
            else:
                pc = self.scene.piece(draft_def) or {}
                dname = pc.get("label") or draft_def
                dstr = str(pc.get("values") or "").split("-")[0]
                dhex = pc.get("at")
            model["defender"] = {"id": focus_def, "name": dname, "strength": dstr, "hex": dhex}
            units = []
            declared = real.get(focus_def) or {}
            in_real = {str(u.get("id")) for k in ("attackers", "support", "wave") for u in declared.get(k, [])}
            drafted = {str(_mover(a)) for a in (self._draft or {}).get("actions", [])} \
                if self._draft and self._draft["defender"] == focus_def else set()
            if focus is not None:
                for role, key in (("attack", "attackers"), ("support", "support"), ("wave", "wave")):
                    for u in focus.get(key, []):
                        uid = str(u.get("id"))
                        units.append({"id": uid, "name": u.get("name"), "strength": u.get("strength"),
                                      "role": role, "declared": uid in in_real, "removable": uid in drafted})
            model["units"] = units
            if focus is not None:
                air = self._air_pick if kind == "air" else None
                model["breakdown"] = self._breakdown(game, bstate, int(focus.get("index", 0)), air)
        if kind == "air" and dec.get("units") is not None:
            model["air"] = {"side": dec.get("side"), "units": dec.get("units"), "names": dec.get("names") or {},
                            "limit": dec.get("limit", 0), "chosen": list(self._air_pick)}
            if not enabled:
                model["air"] = None
        if kind == "mig" and enabled:
            model["mig"] = {"cancel": dec.get("cancel") or [], "names": dec.get("names") or {}}
        if kind == "advance" and enabled:
            model["stay"] = _sentence(str(dec.get("text") or "drag an attacker into the hex, or stay"))
        if shown and kind != "declare" or (kind == "declare" and any(b.get("defender") in real for b in shown)):
            resolvable = {int(a.get("battle", -1)) for a in self._legal if a.get("type") == "resolve"}
            model["battles"] = [{"index": b.get("index"), "defender": b.get("defender"),
                                 "defender_name": b.get("defender_name"), "hex": b.get("hex"),
                                 "attack": b.get("attack"), "defence": b.get("defence"),
                                 "marker": b.get("marker"), "resolved": b.get("resolved"), "rolled": b.get("rolled"),
                                 "result": b.get("result"), "cancelled": b.get("cancelled"),
                                 "focus": str(b.get("defender")) == focus_def,
                                 "resolvable": int(b.get("index", -1)) in resolvable and enabled}
                                for b in shown if str(b.get("defender")) in real]
        self.battle_panel.set_model(model)
        self.odds.setVisible(bool(self.odds.titles))
        self._battle_highlights(game, state, sim)

    def _breakdown(self, game: Game, state: GameState, index: int, air: list[str] | None) -> dict[str, Any] | None:
        fn = _hook(game, "odds_breakdown")
        if fn is None:
            return None
        try:
            return fn(state, index, air) if air else fn(state, index)
        except TypeError:
            try:
                return fn(state, index)
            except Exception:
                return None
        except Exception:
            return None

    def _battle_highlights(self, game: Game, state: GameState, sim: GameState | None) -> None:
        """The defender ringed in red; units that may join it filled in their role's colour;
        units already chosen outlined."""
        board = self.scene.board
        shapes = []
        d = self._draft
        if d is None or not self.can_act():
            self.battle_hi.clear()
            return
        dpc = self.scene.piece(d["defender"])
        if dpc is not None:
            path = board.shape(dpc.get("at"))
            shapes.append((path, QBrush(QColor(200, 40, 30, 45)), cpen(QColor(190, 30, 25, 240), 4.0)))
        best: dict[str, str] = {}
        for a in game.legal_actions(sim if sim is not None else state):
            if _is_declare(a) and a["defender"] == d["defender"]:
                u = str(_mover(a))
                r = a.get("role", "attack")
                if u not in best or ROLE_ORDER.index(r) < ROLE_ORDER.index(best[u]):
                    best[u] = r if r in ROLE_ORDER else "attack"
        for u, r in best.items():
            pc = self.scene.piece(u)
            if pc is None:
                continue
            col = QColor(ROLE_COLOUR[r])
            fill = QColor(col)
            fill.setAlpha(70)
            shapes.append((board.shape(pc.get("at")), QBrush(fill), cpen(col, 2.0, Qt.PenStyle.DashLine)))
        for a in d["actions"]:
            pc = self.scene.piece(str(_mover(a)))
            if pc is None:
                continue
            col = QColor(ROLE_COLOUR.get(a.get("role", "attack"), QColor("#444")))
            fill = QColor(col)
            fill.setAlpha(110)
            shapes.append((board.shape(pc.get("at")), QBrush(fill), cpen(col, 4.0)))
        self.battle_hi.set_shapes(shapes)

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

    # =============================================================================================
    # view tools
    # =============================================================================================
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
            a = self.overlay_menu.addAction(str(ov.get("label") or key))
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

    # -- the keyboard cursor over a picked-up piece's destinations (app.ui.keyboard) ----------------
    def cursor_active(self) -> bool:
        return bool(self._targets_for and self._targets and self.can_act())

    def _move_cursor(self, direction: str) -> None:
        keyboard.move_cursor(self, direction)

    def about(self) -> None:
        from app import __version__
        QMessageBox.about(self, "About Ridgeline",
                          f"Ridgeline {__version__}\nKorean War wargames with every rule enforced.")

    def resizeEvent(self, e) -> None:  # noqa: N802
        super().resizeEvent(e)
        if self.handover.isVisible():
            self.handover.setGeometry(self.view.rect())


def _parse_xy(key: str) -> Any:
    try:
        x, y = (float(v) for v in key.strip("[]() ").split(","))
        return [x, y]
    except ValueError:
        return None

