"""Fixtures for driving the window: an isolated config folder, the test hex game registered
with the window's catalogue and with ``app.games.get_game`` (so saves and journals replay), and
a window with animations off so positions are final when a test looks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import ui_hexgame as hexgame  # noqa: E402


@pytest.fixture(autouse=True)
def ui_env(tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))
    import app.games
    from app.ui import catalog
    real = app.games.get_game

    def get_game(game_id):
        return hexgame.GAME if game_id == hexgame.GAME_ID else real(game_id)

    monkeypatch.setattr(app.games, "get_game", get_game)
    import app.ui.next_step
    # the next-step question ("3 units could still move") is answered yes unless a test asks
    monkeypatch.setattr(app.ui.next_step, "ask", lambda parent, title, text: True)
    catalog.register(hexgame.GAME, [catalog.ScenarioEntry("ui-skirmish", "UI test skirmish", None,
                                                          hexgame.SCENARIO_TEXT)])
    yield
    catalog.unregister(hexgame.GAME_ID)


def make_window(qtbot, players=None, seed=3, use_settings=False, start=True):
    from window_util import bare_window
    w = bare_window(qtbot, use_settings=use_settings)
    if start:
        w.new_game(hexgame.GAME, hexgame.SCENARIO_TEXT, seed=seed,
                   players=players or {"north": "human", "south": "human"})
    qtbot.waitExposed(w)
    return w


@pytest.fixture
def win(qtbot):
    return make_window(qtbot)
