"""Issue 16, point 2: a position saved from the sandbox (File > Save position as scenario) opens
again as the very same sandbox (same pieces, places, turn and dice: the same digest) in every
game, whatever was dragged where: pieces dragged on the view, a piece eliminated into a box the
game's rules do not know, a hand roll, the next turn. Then File > Open brings it back as a player
would; unticking Game > Sandbox plays on with the rules when they can read the pieces."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QFileDialog

from app.engine.match import Match
from app.engine.scenario import load_scenario
from play_feel_util import game_window, press_move_release
from window_util import menu_action

pytestmark = pytest.mark.gui

#: game -> the scenario its sandbox is taken from
GAMES = {"korea38": "campaign", "semper-fi": "6-1-first-attack", "frozen-chosin": "campaign",
         "chosin-few": "standard", "guts": "marines"}


def _save(w, monkeypatch, out) -> None:
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "Scenario (*.toml)"))
    menu_action(w, "Save &position as scenario...").trigger()
    assert out.exists() and out.name in w.statusBar().currentMessage()


def _open(w, monkeypatch, path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(path), ""))
    menu_action(w, "&Open...").trigger()


def _pieces(m) -> dict:
    return {p["id"]: p for p in m.state.pieces}


def _on_board(w) -> list[str]:
    """Pieces drawn alone on the board itself (not in a box, not under another), in a stable order."""
    pcs = _pieces(w.match)
    places = [str(p.get("at")) for p in pcs.values()]
    return sorted(pid for pid, p in pcs.items()
                  if pid in w.scene.items_by_id and not (isinstance(p.get("at"), str) and p["at"].startswith("box:"))
                  and w.scene.items_by_id[pid].isVisible() and places.count(str(p.get("at"))) == 1)


def _drag(w, pid: str, dx: int, dy: int) -> None:
    item = w.scene.items_by_id[pid]
    w.view.centerOn(item.pos())
    a = w.view.mapFromScene(item.pos())
    press_move_release(w, a, a + QPoint(dx, dy), steps=4)


def _drag_away(w, pid: str) -> None:
    """Drag ``pid`` somewhere else on the view: onto another hex or space of a board that has
    them (from a set-up box onto the map, too), a little way off on a table."""
    before = _pieces(w.match)[pid]["at"]
    spaces = [s for s in w.scene.board.locations() if s != before]
    if spaces:
        item = w.scene.items_by_id[pid]
        target = w.scene.board.anchor(spaces[len(spaces) // 2])
        w.view.centerOn((item.pos() + target) / 2)
        press_move_release(w, w.view.mapFromScene(item.pos()), w.view.mapFromScene(target), steps=4)
    else:
        _drag(w, pid, 70, -50)


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_sandbox_reopens_as_the_same_sandbox(qtbot, tmp_path, monkeypatch, gid):
    w = game_window(qtbot, gid, GAMES[gid])
    menu_action(w, "&Sandbox (rules off)").trigger()
    assert w.mode == "sandbox"
    w.view.set_zoom(1.0)
    board = _on_board(w) or sorted(set(_pieces(w.match)) & set(w.scene.items_by_id))   # or in set-up boxes
    assert len(board) >= 2, "pieces to drag"
    first, second = board[0], board[-1]
    before = _pieces(w.match)[first]["at"]
    _drag_away(w, first)                                       # dragged on the view, as a player would
    assert _pieces(w.match)[first]["at"] != before
    w.match.apply({"type": "eliminate", "unit": second})       # the right-click menu's Eliminate
    assert _pieces(w.match)[second]["at"] == "box:eliminated"
    w.match.apply({"type": "flip", "unit": first})            # ... its Flip
    w.match.apply({"type": "roll", "dice": 2})                # a hand roll: the dice move on
    w.match.apply({"type": "end-phase"})                      # the next turn
    digest, pieces, turn = w.match.digest(), _pieces(w.match), w.match.state.turn
    out = tmp_path / f"{gid}-sandbox.toml"
    _save(w, monkeypatch, out)
    w.act_sandbox.trigger()                                   # back to the game, then File > Open
    assert w.mode == "play"
    _open(w, monkeypatch, out)
    assert w.mode == "sandbox"
    assert w.match.digest() == digest and _pieces(w.match) == pieces and w.match.state.turn == turn == 2
    assert first in w.scene.items_by_id
    # the rules: on from the same pieces when they can read them, else the status bar says why
    msg = w.statusBar().currentMessage()
    if gid in ("chosin-few", "guts"):     # a piece in a box the rules do not know; no platoon in the file
        assert "the rules cannot set it up (" in msg
    if "untick Game > Sandbox" in msg:
        w.act_sandbox.trigger()
        assert w.mode == "play" and w.match.game.id == gid
    else:
        assert "the rules cannot set it up (" in msg
    # and the file alone, with a different seed, gives the same sandbox
    from app.ui.sandbox import sandbox_from_scenario_file
    g, sc = sandbox_from_scenario_file(out)
    assert Match.start(g, sc, seed=12345).digest() == digest


def test_korea_sandbox_with_the_rules_on_and_back(qtbot, tmp_path, monkeypatch):
    """Korea reads the sandbox's pieces: the rules put the dragged unit in its hex, and Game >
    Sandbox from there gives back the saved sandbox itself, to the digest."""
    w = game_window(qtbot, "korea38")
    menu_action(w, "&Sandbox (rules off)").trigger()
    w.view.set_zoom(1.0)
    w.view.centerOn(w.scene.board.anchor("2416"))
    start = w.view.mapFromScene(w.scene.items_by_id["kpa-1"].pos())
    target = w.view.mapFromScene(w.scene.board.anchor("2416"))
    press_move_release(w, start, target, steps=4)
    assert _pieces(w.match)["kpa-1"]["at"] == "2416"
    w.match.apply({"type": "flip", "unit": "rok-7"})
    digest, pieces = w.match.digest(), _pieces(w.match)
    out = tmp_path / "korea-sandbox.toml"
    _save(w, monkeypatch, out)
    assert w.open_path(out) and w.mode == "sandbox"
    w.act_sandbox.trigger()                                   # untick: the rules on
    assert w.mode == "play"
    assert w.match.state.units["kpa-1"].at == "2416" and w.match.state.units["rok-7"].reduced is False
    w.act_sandbox.trigger()                                   # tick again: the saved sandbox
    assert w.mode == "sandbox"
    assert w.match.digest() == digest and _pieces(w.match) == pieces


def test_a_sandbox_of_a_game_without_rules_reopens_to_the_same_digest(qtbot, tmp_path, monkeypatch):
    """Take The High Ground! treated as if it had no rules yet: File > Open brings the sandbox
    back exactly, and there is no game to untick back to."""
    import app.games
    real_playable = app.games.is_playable
    monkeypatch.setattr(app.games, "is_playable", lambda gid: gid != "guts" and real_playable(gid))
    from app.ui import catalog
    monkeypatch.setattr(catalog, "get", lambda gid: None if gid == "guts" else app.games.get_game(gid))
    w = game_window(qtbot, "guts")
    menu_action(w, "&Sandbox (rules off)").trigger()
    assert w.mode == "sandbox"
    w.view.set_zoom(1.0)
    _drag(w, "rifle-1a", 60, -40)
    moved = _pieces(w.match)["rifle-1a"]["at"]
    assert moved != [p for p in w._live["match"].game.pieces(w._live["match"].state, None)
                     if p["id"] == "rifle-1a"][0]["at"]
    w.match.apply({"type": "end-phase"})
    digest, pieces = w.match.digest(), _pieces(w.match)
    out = tmp_path / "guts-sandbox.toml"
    _save(w, monkeypatch, out)
    w.act_sandbox.trigger()
    assert w.open_path(out) and w.mode == "sandbox"
    assert w.match.digest() == digest and _pieces(w.match) == pieces
    assert "no rules yet" in w.statusBar().currentMessage()


def test_a_board_that_is_no_file_of_the_game_travels_in_the_file(tmp_path):
    """A sandbox on a board the game's folder does not hold (a designer's own map) keeps it in the
    file as JSON, so it still opens to the same digest."""
    from app.ui.position_save import write_position
    from app.ui.sandbox import SandboxGame, sandbox_from_match, sandbox_from_scenario_file
    from tests.positions.helpers import start
    m = start("korea38")
    g, sc = sandbox_from_match(m)
    sc["board"] = dict(sc["board"], name="A designer's own copy")
    sm = Match.start(g, sc, seed=2)
    sm.apply({"type": "move", "unit": "kpa-4", "to": "2116"})
    out = write_position(sm, "sandbox", tmp_path / "k.toml")
    assert "board_json" in out.read_text(encoding="utf-8")
    g2, sc2 = sandbox_from_scenario_file(out)
    assert isinstance(g2, SandboxGame) and Match.start(g2, sc2, seed=9).digest() == sm.digest()


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
