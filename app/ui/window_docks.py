"""The window's docks, status bar and layout memory: what goes where around the map, and
putting it back as the player left it."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QDockWidget, QHBoxLayout, QLabel, QPushButton, QToolBar, QVBoxLayout, QWidget

from app.ui import action_groups, hq_sheets, track_boxes
from app.ui.rules_panel import RulesPanel
from app.ui.fire_panel import FirePanel
from app.ui.turn_track import TurnTrack
from app.ui.panels import InspectorPanel, LogPanel, PanelsPanel, ReplayPanel, TurnBar
from app.ui.battle import BattlePanel
from app.ui.scroll_box import panel_scroll


class DocksMixin:
    """Docks, status bar and layout memory: a part of :class:`~app.ui.window.MainWindow`."""

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
        insp = panel_scroll()
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
