"""A hint: what the game's automatic player would do now, shown on the map with its reason.

Game > Hint (H) asks the game's ``ai`` player (else its first automatic player) in a worker
thread, on a copy of the position, so the window stays live and nothing is applied. A move is
drawn as an arrow from the piece to its destination; any other action is named and its button
in the Actions panel is marked. The reason is what the action does followed by the player's own
``explain(match, action)`` (why it scored that action best, in the AI's figures), else the
game's optional ``hint_reason(state, action)`` hook, else the note of its destination.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainterPath

from app.engine.game import Action
from app.engine.match import Match
from app.ui import theme
from app.ui.hooks import call_hook
from app.ui.next_step import _mover
from app.ui.scene import cpen


def _player_names(game: Any) -> list[str]:
    """The computer players offered for ``game`` (the registry, then the game's own)."""
    try:
        from app.ai.registry import player_names
        return list(player_names(game))
    except Exception:
        return []


def can_hint(game: Any) -> bool:
    return bool(_player_names(game))


class HintJob:
    """One hint being worked out: ``done`` is set when ``action`` (or ``error``) is known."""

    def __init__(self, match: Match, side: str):
        self.side = side
        self.n = len(match.history)
        self.state = match.state
        self.done = False
        self.action: Action | None = None
        self.error: Exception | None = None
        self.reason = ""
        game = match.game
        copy = Match(game=game, state=match.state.copy(), scenario=match.scenario, seed=match.seed,
                     options=dict(match.options), keep_snapshots=False)
        legal = match.legal_actions()

        def work() -> None:
            try:
                from app.ai.selfplay import make_player
                names = _player_names(game)
                name = "ai" if "ai" in names else names[0]
                player = make_player(game, name, match.seed + len(match.history), side)
                got = player.choose(copy, legal)
                self.action = got if any(got == a for a in legal) else None
                self.reason = explain_choice(player, copy, self.action)
            except Exception as e:       # a hint never crashes the window
                self.error = e
            finally:
                self.done = True

        threading.Thread(target=work, daemon=True, name="ridgeline-hint").start()


def explain_choice(player: Any, match: Match, action: Action | None) -> str:
    """The player's own short reason for ``action`` ("" if it offers none)."""
    explain = getattr(player, "explain", None)
    if action is None or explain is None:
        return ""
    try:
        return str(explain(match, action) or "")
    except Exception:                # a reason is a courtesy: never fail the hint over it
        return ""


def hint_reason(game: Any, state: Any, action: Action, target_note: str = "", why: str = "") -> str:
    got = call_hook(game, "hint_reason", state, action, default="")
    try:
        what = str(game.describe_action(state, action))
    except Exception:
        what = str(action.get("type"))
    if why:
        return f"{what}. Why: {why}"
    if got:
        return str(got)
    return what + (f" ({target_note})" if target_note else "")


def show_hint(win: Any) -> None:
    """When the hint is ready: an arrow for a move, a marked button otherwise, and the reason."""
    job = win._hint
    if job is None or not job.done:
        return
    win._hint_timer.stop()
    win._hint = None
    if win.match is None or job.n != len(win.match.history) or job.state is not win.match.state:
        return                       # the position moved on: the hint is stale
    if job.action is None:
        win.status(f"No hint: {job.error or 'the computer found nothing better than what is listed'}")
        return
    a = job.action
    pid = _mover(a)
    info = win._targets_of(pid)[0].get(str(a.get("to"))) if pid and "to" in a else None
    text = hint_reason(win.match.game, win.match.state, a, str((info or {}).get("note") or ""),
                       job.reason)
    win.hint_shown = a
    shapes = []
    if pid and "to" in a and pid in win.scene.items_by_id:
        start = win.scene.items_by_id[pid].pos()
        end = win.scene.board.anchor(a["to"]) if not str(a["to"]).startswith("box:") else None
        if end is not None:
            line = QPainterPath(start)
            line.lineTo(end)
            ring = QPainterPath()
            ring.addEllipse(end, win.scene.board.unit * 0.6, win.scene.board.unit * 0.6)
            shapes = [(line, None, cpen(QColor(255, 255, 255, 220), 7.0)),
                      (line, None, cpen(theme.SELECT.darker(140), 4.0, Qt.PenStyle.DashLine)),
                      (ring, None, cpen(theme.SELECT.darker(140), 4.0))]
    win.hint_item.set_shapes(shapes)
    win.actions_panel.mark(a)
    win.status(f"Hint: {text}")
