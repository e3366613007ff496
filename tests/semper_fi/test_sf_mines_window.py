"""7.1's Minefields in the window: the New Game dialog offers the scenario's variants as check
boxes, and a minefield marker is drawn for the Marine player only while it is hidden (C15.1b)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from app.engine.match import Match
from app.games.semper_fi.game import GAME

from tests.semper_fi.conftest import scenario

pytestmark = pytest.mark.gui


@pytest.fixture(autouse=True)
def _config(tmp_path, monkeypatch):
    monkeypatch.setenv("RIDGELINE_CONFIG_DIR", str(tmp_path / "config"))


def test_7_1_new_game_dialog_shows_the_variants_as_switches(qtbot) -> None:
    from app.ui.dialogs import NewGameDialog
    dlg = NewGameDialog(None, "semper-fi")
    qtbot.addWidget(dlg)
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("7-1-assault-on-the-airstrip"))
    assert set(dlg.variant_checks) == {"plastik-galore", "political-officers-overtime", "minefields",
                                       "political-officers-choice"}
    box = dlg.variant_checks["minefields"]
    assert box.text() == "Minefields" and "12" in box.toolTip()
    dlg.show()
    qtbot.waitExposed(dlg)
    assert box.isVisible()
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert dlg.result_config()["options"].get("minefields") is True
    assert "plastik-galore" not in dlg.result_config()["options"]
    dlg.scenario.setCurrentIndex(dlg.scenario.findData("4-1-ambush"))
    assert "minefields" not in dlg.variant_checks


def _window(qtbot, m: Match, players: dict[str, str]):
    from app.ui.window import MainWindow
    w = MainWindow(use_settings=False)
    qtbot.addWidget(w)
    w.resize(1300, 850)
    w.ai_delay_ms = 0
    w.scene.animate = False
    w.start_match(m, players)
    return w


def test_c15_1b_the_window_draws_minefields_for_the_marines_only(qtbot) -> None:
    m = Match.start(GAME, scenario("7-1-assault-on-the-airstrip"), seed=3, options={"minefields": True},
                    keep_snapshots=False)
    m.apply({"type": "place-rest"})
    for _ in range(3):
        m.apply(next(a for a in m.legal_actions() if a["type"] == "lay-mine"))
    w = _window(qtbot, m, {"us": "human", "nk": "ai"})
    assert w.viewer_side() == "us"
    drawn = sorted(k for k in w.scene.items_by_id if str(k).startswith("mines@"))
    assert drawn == sorted(f"mines@{h}" for h in m.state.mines)
    w.stop_ai()
    m2 = Match.start(GAME, scenario("7-1-assault-on-the-airstrip"), seed=3, options={"minefields": True},
                     keep_snapshots=False)
    m2.state.mines = dict(m.state.mines)
    w2 = _window(qtbot, m2, {"us": "ai", "nk": "human"})
    w2.stop_ai()
    assert w2.viewer_side() == "nk"
    assert not [k for k in w2.scene.items_by_id if str(k).startswith("mines@")]
