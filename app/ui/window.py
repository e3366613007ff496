"""The main window: the map in the middle, the docks around it, menus and shortcuts.

The window drives a :class:`~app.engine.match.Match`. Everything it shows comes from the game's
hooks; every change goes through ``match.apply``/``undo``/``redo`` and comes back through the
match's listeners (log, journal, refresh). Legality is only ever asked, never decided here.

The window is a shell: each job lives in its own mixin module (``window_docks``, ``window_menus``,
``window_files``, ``window_handover``, ``window_replay``, ``window_ai``, ``window_drag``,
``window_battles``, ``window_decisions``); this module keeps the match, refresh and acting."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QDialog, QInputDialog, QMainWindow, QMenu, QMessageBox

from app.ui import side_names
from app.engine.game import Action, Game, IllegalAction
from app.engine.match import Match, Step
from app.engine.state import GameState
from app.ui import theme
from app.ui.boards import Board, make_board
from app.ui.config import journal_path, settings
from app.ui.dialogs import HandOver
from app.ui import action_groups, event_card, hq_sheets, view_focus
from app.ui import seats as seating
from app.ui.hooks import call_hook, game_hook
from app.ui.next_step import NextStep, confirm_next, find_next_step
from app.ui import palette, skip_phases
from app.ui.end_report import EndReport
from app.ui.hint import HintJob
from app.ui.rules_panel import first_rule
from app.ui.roll_preview import RollConfirm
from app.ui.sight_line import SightLine
from app.ui.spotting import SpottingLayer
from app.ui.reference_lines import board_shown, reference_lines
from app.ui.hover_card import HoverCard
from app.ui.turn_track import game_arrivals
from app.ui.skip_phases import MAX_CHAIN
from app.ui.warnings import game_warnings, warning_shapes
from app.ui.overlays import hidden_keys, overlay_shapes
from app.ui.battle import BattleLayer
from app.ui.scene import Z_PIECE, Z_TARGETS, MapScene, MapView, PathItem
from app.ui.action_kinds import is_declare, is_drag_action, mover
from app.ui.window_docks import DocksMixin
from app.ui.window_menus import MenusMixin
from app.ui.window_files import FilesMixin
from app.ui.window_handover import HandoverMixin
from app.ui.window_replay import ReplayMixin, ReplaySession
from app.ui.window_ai import AIPlayersMixin
from app.ui.window_drag import DragMixin
from app.ui.window_battles import BattlesMixin
from app.ui.window_decisions import DecisionsMixin


class MainWindow(DocksMixin, MenusMixin, FilesMixin, HandoverMixin, ReplayMixin, AIPlayersMixin, DragMixin,
                 BattlesMixin, DecisionsMixin, QMainWindow):
    """The game window; each mixin above carries one job, this class the match and the refresh."""

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
        if match.setup_events:      # a position's entry steps, run on load (fixed dice marked)
            self.log.add_step(0, "", "Set-up", match.setup_events)
        for i, step in enumerate(match.history, start=1):
            self._log_step(i, step)
        self.act_sandbox.blockSignals(True)
        self.act_sandbox.setChecked(mode == "sandbox")
        self.act_sandbox.blockSignals(False)
        self.refresh()
        self.dock_track.setVisible(self.turn_track.has_arrivals())    # only games with arrivals
        # a solitaire game without battles has no use for the Combat dock (shown again if odds appear)
        self.dock_odds.setVisible(not (game.solitaire and game_hook(game, "battles") is None) or bool(self.odds.titles))
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
        side_names.use(game, state, self.match.scenario if self.match is not None else None)
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
        """The turn bar's date: the game's ``turn_label`` hook, else the state's ``date``."""
        v = call_hook(game, "turn_label", state, default="")
        if v:
            return str(v)
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
        fn = game_hook(game, "phase_label")
        if fn is not None:
            try:
                phase = str(fn(state) or phase)
            except Exception:
                pass
        side_txt = side_names.name(state.active)
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
        rule = f" ({out.rule})" if out.rule else ""
        level = str(out.level)
        plain = f"{level[:1].upper() + level[1:]}: {out.reason}{rule}"
        game = self.match.game if self.match else None
        if game is None or game.solitaire or not out.winner:   # the player's own result, or a draw
            return plain
        who = side_names.name(out.winner, game)
        if level.lower().startswith((str(out.winner).lower(), who.lower())):
            return plain                                      # "NK Major" names its winner already
        return f"{who} victory ({level}): {out.reason}{rule}"

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
        if game_hook(game, "battles") is not None:
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
                if is_drag_action(a) and self.mode != "sandbox":
                    continue
                try:
                    label = game.describe_action(state, a)
                except Exception:
                    label = json.dumps(a)
                items.append((label, a))
            self.actions_panel.set_actions(items, "Only moves on the map: drag a unit.",
                                           groups=action_groups.groups(game, state, items))
        self._show_inspector()

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
            roles = [a for a in self.match.game.legal_actions(sim) if is_declare(a)
                     and a["defender"] == self._draft["defender"] and mover(a) == pid]
            if roles:
                m.addSeparator()
            for a in roles:
                m.addAction(self._describe(a), lambda x=a: self._add_to_draft(x))
            if any(mover(a) == pid for a in self._draft["actions"]):
                m.addAction("Take out of the battle", lambda: self.remove_from_draft(pid))
        if self.mode == "sandbox":
            for text, act in (("Flip", {"type": "flip", "unit": pid}), ("Eliminate", {"type": "eliminate", "unit": pid}),
                              ("Turn 45\u00b0", {"type": "rotate", "unit": pid,
                                                 "rotation": float((self.scene.piece(pid) or {}).get("rotation") or 0) + 45}),
                              ("Remove from the table", {"type": "remove", "unit": pid})):
                m.addAction(text, lambda a=act: self.apply_action(a))
        m.exec(screen_pos)

    def focus_actions(self) -> bool:
        """Keyboard focus to the first action button (Tab moves on, Space or Enter takes it)."""
        self.dock_actions.show()
        self.dock_actions.raise_()
        if self.actions_panel.buttons:
            self.actions_panel.buttons[0].setFocus(Qt.FocusReason.ShortcutFocusReason)
            return True
        return False

    def resizeEvent(self, e) -> None:  # noqa: N802
        super().resizeEvent(e)
        if self.handover.isVisible():
            self.handover.setGeometry(self.view.rect())
