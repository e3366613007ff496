"""The hint says why: the computer player's own reason, drawn from the figures it weighed, is in
the status line after Game > Hint (issue 15 point 13), for a fixed position in each game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from play_feel_util import game_window, key


def _hint(qtbot, w) -> str:
    QTest.keyClick(w, Qt.Key.Key_H)
    qtbot.waitUntil(lambda: w.hint_shown is not None or w._hint is None, timeout=30_000)
    assert w.hint_shown is not None, w.statusBar().currentMessage()
    return w.statusBar().currentMessage()


@pytest.mark.parametrize("game_id", ["guts", "chosin-few", "korea38"])
def test_hint_text_carries_the_players_reason(qtbot, game_id):
    w = game_window(qtbot, game_id, seed=3)
    if game_id == "chosin-few":
        key(w, Qt.Key.Key_Space)                  # draw: now the actions phase
    msg = _hint(qtbot, w)
    from app.ai.selfplay import make_player
    player = make_player(w.match.game, "ai", 0, w.match.state.active if hasattr(w.match.state, "active") else "")
    why = player.explain(w.match, w.hint_shown)
    assert why and f"Why: {why}" in msg
    assert "{" not in msg and "None" not in msg
    # the reason is made of the AI's own figures, with the rule that governs them
    expect = {"guts": "(GUTS-", "chosin-few": "actions away", "korea38": "movement points away"}[game_id]
    assert expect in why
