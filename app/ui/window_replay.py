"""The replay viewer: stepping through a save's actions, playing them, taking over from a step,
and the end-of-game report that jumps into it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QFileDialog

from app.engine.game import Action, Game
from app.engine.match import Step
from app.engine.state import GameState
from app.ui.replay_log import sync_log
from app.ui import end_report
from app.ui.end_report import EndReport


@dataclass
class ReplaySession:
    data: dict[str, Any]
    game: Game
    states: list[GameState]
    actions: list[Action]
    pos: int = 0
    steps: list[Step] = field(default_factory=list)   # the replayed match's history (its log)
    logged: int = -1                                  # how many steps the Log shows


class ReplayMixin:
    """Replay viewer: a part of :class:`~app.ui.window.MainWindow`."""

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

    # -- the end-of-game report (app.ui.end_report) ----------------------------------------------
    def show_report(self) -> EndReport | None:
        return end_report.open_report(self)

    def replay_turning_point(self, step: int) -> None:
        end_report.replay_turning_point(self, step)
