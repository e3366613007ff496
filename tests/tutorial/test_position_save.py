"""Issue 16, item 2 in the window: File > Save position as scenario, with the rules on (the
file loads to the same digest) and from the sandbox (the same pieces in the same places)."""

from __future__ import annotations

import pytest

from app import RESOURCES
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.ui import position_save

from tests.ui.window_util import menu_action

pytestmark = pytest.mark.gui


def test_save_position_from_a_game_in_play(window, tmp_path, monkeypatch):
    w = window
    assert w.open_path(RESOURCES / "guts" / "scenarios" / "army.toml")
    w.apply_action({"type": "advance", "team": "rifle-1a", "to": [6.0, 12.0]})
    out = tmp_path / "mid-game.toml"
    from PySide6.QtWidgets import QFileDialog
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "Scenario (*.toml)"))
    menu_action(w, "Save &position as scenario...").trigger()
    assert out.exists() and "mid-game.toml" in w.statusBar().currentMessage()
    game, loaded = load_scenario(out)
    back = Match.start(game, loaded.data, seed=4242)
    assert back.digest() == w.match.digest()
    # and the window opens it to the very same moment
    digest = w.match.digest()
    assert w.open_path(out)
    assert w.match.digest() == digest


def test_save_position_from_the_sandbox(window, tmp_path):
    w = window
    assert w.open_path(RESOURCES / "korea38" / "scenarios" / "campaign.toml")
    w.toggle_sandbox(True)
    assert w.mode == "sandbox"
    st = w.match.state
    kpa1 = next(p for p in st.pieces if p["id"] == "kpa-1")
    w.match.apply({"type": "move", "unit": "kpa-1", "to": "2418"})
    assert next(p for p in w.match.state.pieces if p["id"] == "kpa-1")["at"] == "2418" != kpa1["at"]
    out = position_save.save_position_dialog(w, tmp_path / "sandbox.toml")
    assert out is not None
    game, loaded = load_scenario(out)          # a Korea scenario: the rules come back on
    m = Match.start(game, loaded.data, seed=1)
    placed = {p["id"]: p["at"] for p in w.match.state.pieces}
    assert m.state.units["kpa-1"].at == "2418"
    on_map = {u: us.at for u, us in m.state.units.items() if us.at[:2].isdigit()}
    assert on_map == {u: a for u, a in placed.items() if isinstance(a, str) and a[:2].isdigit()}


def test_sandbox_of_a_game_without_rules_keeps_every_piece(window, tmp_path, monkeypatch):
    from app.ui.sandbox import SandboxGame, sandbox_from_scenario_file, scenario_from
    import app.games
    real_playable = app.games.is_playable   # every game has rules now: pretend this one has none
    monkeypatch.setattr(app.games, "is_playable", lambda gid: gid != "semper-fi" and real_playable(gid))
    w = window
    pieces = [{"id": "m-1", "at": "0203", "kind": "counter", "side": "us", "label": "1/7", "values": "3-2"},
              {"id": "m-2", "at": [4.5, 6.0], "kind": "base", "w": 2.0, "h": 1.0, "label": "B"}]
    g = SandboxGame("Semper Fi! (sandbox)")
    w.start_match(Match.start(g, scenario_from({}, pieces, source="semper-fi: test"), seed=0), mode="sandbox")
    out = position_save.write_position(w.match, "sandbox", tmp_path / "semper.toml")
    assert 'game = "semper-fi"' in out.read_text()
    g2, sc = sandbox_from_scenario_file(out)
    back = {p["id"]: p for p in sc["pieces"]}
    for p in pieces:
        for k, v in p.items():
            assert back[p["id"]][k] == v
