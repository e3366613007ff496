"""A hint: what the game's automatic player would do now, shown on the map with its reason.

Game > Hint (H) asks the game's ``ai`` player (else its first automatic player) in a worker
thread, on a copy of the position, so the window stays live and nothing is applied. A move is
drawn as an arrow from the piece to its destination; any other action is named and its button
in the Actions panel is marked. The reason is the game's optional ``hint_reason(state, action)``
hook, else what the action does and the note of its destination.
"""

from __future__ import annotations

import threading
from typing import Any

from app.engine.game import Action
from app.engine.match import Match
from app.ui.hooks import call_hook


def can_hint(game: Any) -> bool:
    try:
        return bool(game.players())
    except Exception:
        return False


class HintJob:
    """One hint being worked out: ``done`` is set when ``action`` (or ``error``) is known."""

    def __init__(self, match: Match, side: str):
        self.side = side
        self.n = len(match.history)
        self.state = match.state
        self.done = False
        self.action: Action | None = None
        self.error: Exception | None = None
        game = match.game
        copy = Match(game=game, state=match.state.copy(), scenario=match.scenario, seed=match.seed,
                     options=dict(match.options), keep_snapshots=False)
        legal = match.legal_actions()

        def work() -> None:
            try:
                from app.ai.selfplay import make_player
                names = list(game.players())
                name = "ai" if "ai" in names else names[0]
                player = make_player(game, name, match.seed + len(match.history), side)
                got = player.choose(copy, legal)
                self.action = got if any(got == a for a in legal) else None
            except Exception as e:       # a hint never crashes the window
                self.error = e
            finally:
                self.done = True

        threading.Thread(target=work, daemon=True, name="ridgeline-hint").start()


def hint_reason(game: Any, state: Any, action: Action, target_note: str = "") -> str:
    got = call_hook(game, "hint_reason", state, action, default="")
    if got:
        return str(got)
    try:
        what = str(game.describe_action(state, action))
    except Exception:
        what = str(action.get("type"))
    return what + (f" ({target_note})" if target_note else "")
