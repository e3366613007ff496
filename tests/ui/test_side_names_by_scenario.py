"""Issue 13: in the Semper Fi! scenarios at Chosin (6.x, 7.x) the communist side is Chinese, and
every seat label says so: the New Game dialog's player rows, the hand-over screen, the turn bar.
The earlier scenarios (4.1) keep the North Koreans. The ``side_name`` hook gets the state shown
or, before a game starts, the scenario chosen."""

from __future__ import annotations

import pytest

from app.ui.dialogs import NewGameDialog
from play_feel_util import game_window

pytestmark = pytest.mark.gui


def _dialog_rows(qtbot, scenario: str) -> dict[str, str]:
    dlg = NewGameDialog(None, "semper-fi")
    qtbot.addWidget(dlg)
    i = dlg.scenario.findData(scenario)
    assert i >= 0, scenario
    dlg.scenario.setCurrentIndex(i)                 # as the player picks it in the list
    return {side: label.text() for side, label in dlg.side_labels.items()}


@pytest.mark.parametrize("scenario, communist", [("6-1-first-attack", "Chinese"), ("4-1-ambush", "North Korean")])
def test_new_game_dialog_names_the_seats_by_scenario(qtbot, scenario, communist):
    rows = _dialog_rows(qtbot, scenario)
    assert rows == {"us": "US:", "nk": f"{communist}:"}


def test_the_dialog_renames_the_seats_when_the_scenario_changes(qtbot):
    """... while the window still shows a North Korean scenario (4.1): the dialog goes by the
    scenario chosen, not by the game on the screen."""
    w = game_window(qtbot, "semper-fi", "4-1-ambush")
    dlg = NewGameDialog(w, "semper-fi")
    qtbot.addWidget(dlg)
    for scenario, communist in (("7-2-battle-for-east-hill", "Chinese"), ("5-1-morning-assault", "North Korean"),
                                ("6-2-second-night", "Chinese")):
        dlg.scenario.setCurrentIndex(dlg.scenario.findData(scenario))
        assert dlg.side_labels["nk"].text() == f"{communist}:"


def _play_to_handover(w, side: str) -> None:
    """Set up both sides as players would (the Actions dock's Place the rest, then End set-up)
    until the hand-over screen covers the window for ``side``."""
    for _ in range(8):
        if w.handover.isVisible():
            if w.handover.side == side:
                return
            w.handover.button.click()
            continue
        legal = w.match.legal_actions()
        a = next((a for a in legal if a["type"] == "place-rest"), None) or \
            next(a for a in legal if a["type"] in ("end-setup", "end-phase", "go-first"))
        w.apply_action(a)
    raise AssertionError(f"no hand-over to {side}")


@pytest.mark.parametrize("scenario, communist", [("6-1-first-attack", "Chinese"), ("4-1-ambush", "North Korean")])
def test_hand_over_screen_and_turn_bar_name_the_communist_side(qtbot, scenario, communist):
    w = game_window(qtbot, "semper-fi", scenario)
    _play_to_handover(w, "nk")
    assert w.handover.title.text() == f"Hand over to {communist}"
    assert w.handover.button.text() == f"I am {communist}: show my view"
    w.handover.button.click()
    assert not w.handover.isVisible() and w.seat == "nk"
    assert communist in w.turnbar.where.text()
    assert w.statusBar().currentMessage().startswith(f"{communist} has the screen")
    other = "North Korean" if communist == "Chinese" else "Chinese"
    assert other not in w.turnbar.where.text()
