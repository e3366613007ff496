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


def test_korea_attack_reason_gives_the_odds_terrain_and_chance_it_weighed():
    """Two full KPA divisions next to a reduced ROK one: the AI's reason for its declaration is
    the odds column, the ground and its chance of emptying the hex, with the combat rules."""
    from app.ai.korea38.player import KoreaAI
    from app.ai.korea38.situation import Situation
    from app.engine.match import Match
    from app.games.korea38 import GAME
    from app.games.korea38.data import COMMUNIST
    from tests.korea38.fixtures.build import scenario
    from tests.korea38.fixtures.mini import campaign
    campaign()
    sc = scenario("mini", turn=3, phase="communist-combat",
                  pieces={"kpa-1": "1406", "kpa-2": "1506", "rok-1": ("1407", True)})
    m = Match.start(GAME, sc, seed=1)
    ai = KoreaAI(1, COMMUNIST)
    a = ai.choose(m, m.legal_actions())
    assert a["type"] == "declare-add" and a["defender"] == "rok-1"
    why = ai.explain(m, a)
    p = Situation(m.state, COMMUNIST).odds("rok-1", [a["unit"]])
    assert f"at {min(p['column'], 6)}:1 on " in why and "(9.2, 9.3)" in why and "%" in why
    from app.ui.hint import hint_reason
    assert why in hint_reason(GAME, m.state, a, why=why)
