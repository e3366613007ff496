"""Semper Fi! in the generic window: the counters are drawn, the clock and ammunition panels
show, and a unit moves by a drag onto a hex its legal actions allow."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import scenario

from tests.ui.window_util import bare_window, drag

pytestmark = pytest.mark.gui


def _open(qtbot, m: Match):
    """The window on match ``m`` at 1300x850, animations off, zoom 1 (hot-seat, both human)."""
    w = bare_window(qtbot)
    w.start_match(m, {"us": "human", "nk": "human"})
    qtbot.waitExposed(w)
    w.view.set_zoom(1.0)
    return w


@pytest.fixture(autouse=True)
def _config(tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))


def test_a_marine_platoon_moves_by_drag_in_the_window(qtbot) -> None:
    m = Match.start(GAME, scenario("5-1-morning-assault"), seed=4)
    while m.state.phase == "setup":
        m.apply(next(a for a in m.legal_actions() if a["type"] in ("place-rest", "end-setup")))
    while not (m.state.phase == "action-1" and m.state.active == "us" and not m.state.pending):
        legal = m.legal_actions()
        pick = [a for a in legal if a["type"] in ("pass", "retreat", "end-phase")]
        if m.state.phase == "initiative" and not m.state.pending:
            pick = [{"type": "go-first"} if m.state.active == "us" else {"type": "go-second"}]
        m.apply(pick[0] if pick else legal[0])
    uid = next(u for u, s in m.state.units.items() if u.startswith("2-5-plt") and s.at not in ("elim",))
    for other in [u for u, s in m.state.units.items() if s.at == m.state.units[uid].at]:
        m.apply({"type": "mode", "unit": other, "to": "move"})     # whichever counter is on top
    w = _open(qtbot, m)
    frm = next(s.at for u, s in m.state.units.items() if u.startswith("2-5-plt") and s.at not in ("elim",))
    uid = max((u for u, s in m.state.units.items() if s.at == frm),
              key=lambda u: w.scene.items_by_id[u].zValue())
    w.view.centerOn(w.scene.board.anchor(frm))
    targets = GAME.drop_targets(w.match.state, uid)
    to = sorted(targets)[0]
    a = w.view.mapFromScene(w.scene.items_by_id[uid].pos())
    b = w.view.mapFromScene(w.scene.board.anchor(to))
    drag(w, a, b)
    moves = [e for e in w.match.events() if e.kind == "move" and e.data.get("unit") == uid]
    assert moves and moves[-1].data["to"] == to            # (overwatch may have pushed it on since)
    if w.match.state.units[uid].at == to:
        drawn = next(p for p in GAME.pieces(w.match.state, "us") if p["id"] == uid)
        assert "move-mode" in drawn["flags"]


def test_setting_up_by_dragging_from_the_box_under_the_map(qtbot) -> None:
    m = Match.start(GAME, scenario("4-2-night-attack"), seed=4)
    assert m.state.phase == "setup" and m.state.active == "us"
    w = _open(qtbot, m)
    uid = "wpns-1-5-81mm-1"
    assert next(p for p in GAME.pieces(w.match.state, "us") if p["id"] == uid)["at"] == "box:to-set-up"
    assert not [p for p in GAME.pieces(w.match.state, "us") if p["side"] == "nk"]
    to = sorted(GAME.drop_targets(w.match.state, uid))[0]
    w.view.centerOn(w.scene.board.anchor(to))
    a = w.view.mapFromScene(w.scene.items_by_id[uid].pos())
    b = w.view.mapFromScene(w.scene.board.anchor(to))
    if not w.view.viewport().rect().contains(a):
        w.view.set_zoom(0.4)
        w.view.centerOn(w.scene.board.anchor(to))
        a = w.view.mapFromScene(w.scene.items_by_id[uid].pos())
        b = w.view.mapFromScene(w.scene.board.anchor(to))
    drag(w, a, b)
    assert w.match.state.units[uid].at == to
