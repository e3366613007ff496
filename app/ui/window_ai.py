"""Automatic players: the computer's turns run in a worker thread, polled by a timer, stopped or
paused by the player; and the hint, which asks the same computer player."""

from __future__ import annotations

import threading
import time
from typing import Any

from PySide6.QtCore import QTimer

from app.ui import seats as seating
from app.ui import hint
from app.ui.hint import HintJob, can_hint


class AIPlayersMixin:
    """Computer players and hints: a part of :class:`~app.ui.window.MainWindow`."""

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
