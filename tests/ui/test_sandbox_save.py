"""Issue 16, point 2: a position saved from the sandbox (File > Save position as scenario) comes
back to the same state digest, with the same pieces: pieces dragged on the view, a counter
flipped, a hand roll made; then the file is opened again as a player would."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QFileDialog

from app.engine.match import Match
from app.engine.scenario import load_scenario
from play_feel_util import game_window, press_move_release
from window_util import menu_action

pytestmark = pytest.mark.gui


def _save(w, monkeypatch, out) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "Scenario (*.toml)"))
    menu_action(w, "Save &position as scenario...").trigger()
    assert out.exists() and out.name in w.statusBar().currentMessage()


def _pieces(m) -> dict:
    return {p["id"]: p for p in m.state.pieces}


def test_korea_sandbox_comes_back_to_the_same_digest(qtbot, tmp_path, monkeypatch):
    w = game_window(qtbot, "korea38")
    menu_action(w, "&Sandbox (rules off)").trigger()            # Game > Sandbox
    assert w.mode == "sandbox"
    w.view.set_zoom(1.0)
    # drag a KPA division two hexes on, as a player would, and flip a ROK one
    w.view.centerOn(w.scene.board.anchor("2416"))
    start = w.view.mapFromScene(w.scene.items_by_id["kpa-1"].pos())
    target = w.view.mapFromScene(w.scene.board.anchor("2416"))
    press_move_release(w, start, target, steps=4)
    assert _pieces(w.match)["kpa-1"]["at"] == "2416"
    w.match.apply({"type": "flip", "unit": "rok-7"})         # the right-click menu's Flip
    w.match.apply({"type": "roll", "dice": 2})                # a hand roll: the dice move on
    digest, pieces = w.match.digest(), _pieces(w.match)
    out = tmp_path / "korea-sandbox.toml"
    _save(w, monkeypatch, out)
    # opened again: with the rules on the same units stand in the same hexes ...
    assert w.open_path(out) and w.mode == "play"
    assert w.match.state.units["kpa-1"].at == "2416" and w.match.state.units["rok-7"].reduced is False
    # ... and Game > Sandbox gives back the saved sandbox itself, to the digest
    w.act_sandbox.trigger()
    assert w.mode == "sandbox"
    assert w.match.digest() == digest and _pieces(w.match) == pieces
    # the same from the file alone (a new sandbox of it)
    from app.ui.sandbox import sandbox_from_scenario_file
    g, sc = sandbox_from_scenario_file(out)
    assert Match.start(g, sc, seed=12345).digest() == digest


def test_a_sandbox_of_a_game_without_rules_reopens_to_the_same_digest(qtbot, tmp_path, monkeypatch):
    """Take The High Ground! treated as if it had no rules yet: File > Open brings the sandbox
    back exactly."""
    import app.games
    real_playable = app.games.is_playable
    monkeypatch.setattr(app.games, "is_playable", lambda gid: gid != "guts" and real_playable(gid))
    from app.ui import catalog
    monkeypatch.setattr(catalog, "get", lambda gid: None if gid == "guts" else app.games.get_game(gid))
    w = game_window(qtbot, "guts")
    menu_action(w, "&Sandbox (rules off)").trigger()
    assert w.mode == "sandbox"
    w.view.set_zoom(1.0)
    item = w.scene.items_by_id["rifle-1a"]
    w.view.centerOn(item.pos())
    a = w.view.mapFromScene(item.pos())
    press_move_release(w, a, a + QPoint(60, -40), steps=4)
    moved = _pieces(w.match)["rifle-1a"]["at"]
    assert moved != [p for p in w._live["match"].game.pieces(w._live["match"].state, None)
                     if p["id"] == "rifle-1a"][0]["at"]
    w.match.apply({"type": "end-phase"})
    digest, pieces = w.match.digest(), _pieces(w.match)
    out = tmp_path / "guts-sandbox.toml"
    _save(w, monkeypatch, out)
    w.act_sandbox.trigger()                                   # back to the game, then open the file
    assert w.open_path(out) and w.mode == "sandbox"
    assert w.match.digest() == digest and _pieces(w.match) == pieces


def test_the_sandbox_file_still_reads_with_the_rules_on(tmp_path):
    """The [[piece]] rows stay what the game reads: the rules-on position of the same pieces."""
    from app.ui.position_save import write_position
    from app.ui.sandbox import SandboxGame, sandbox_from_match
    from tests.positions.helpers import start
    m = start("korea38")
    g, sc = sandbox_from_match(m)
    sm = Match.start(g, sc, seed=2)
    sm.apply({"type": "move", "unit": "kpa-4", "to": "2116"})
    out = write_position(sm, "sandbox", tmp_path / "k.toml")
    game, loaded = load_scenario(out)
    back = Match.start(game, loaded.data, seed=1)
    assert back.state.units["kpa-4"].at == "2116"
    assert "sandbox" in loaded.data and isinstance(g, SandboxGame)
