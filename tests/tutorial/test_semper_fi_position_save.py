"""Issue 16, item 2 for Semper Fi! in the window: a game in play and a sandbox board saved with
File > Save position as scenario load back (the same digest; the same units in the same hexes)."""

from __future__ import annotations

import pytest

from app import RESOURCES
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.ui import position_save

pytestmark = pytest.mark.gui

TUTORIAL = RESOURCES / "semper-fi" / "tutorial" / "tutorial.toml"


def test_semper_fi_position_saved_in_play_loads_to_the_same_digest(window, tmp_path):
    w = window
    assert w.open_path(TUTORIAL)
    w.apply_action({"type": "fire", "from": "12.03", "at": "14.04"})
    out = position_save.save_position_dialog(w, tmp_path / "after-fire.toml")
    assert out is not None
    game, loaded = load_scenario(out)
    back = Match.start(game, loaded.data, seed=99)
    assert back.digest() == w.match.digest()
    rows = {r["id"]: r for r in loaded.data["piece"]}
    assert rows["2-15-plt-1"]["morale"] == "suppressed" and rows["1-5-plt-1"]["fired"] is True


def test_semper_fi_sandbox_board_saved_as_a_position(window, tmp_path):
    w = window
    assert w.open_path(TUTORIAL)
    w.toggle_sandbox(True)
    assert w.mode == "sandbox"
    w.match.apply({"type": "move", "unit": "1-5-plt-2", "to": "13.06"})
    out = position_save.save_position_dialog(w, tmp_path / "sandbox.toml")
    assert out is not None
    game, loaded = load_scenario(out)                 # the rules come back on, the map with them
    m = Match.start(game, loaded.data, seed=1)
    assert game.id == "semper-fi" and m.state.map_name == "changchon"
    assert {u: s.at for u, s in m.state.units.items()} == {"1-5-plt-1": "12.03", "1-5-plt-2": "13.06",
                                                            "2-15-plt-1": "14.04"}
    assert m.legal_actions()
