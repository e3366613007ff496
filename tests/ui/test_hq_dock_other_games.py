"""The HQ sheets dock belongs to the games that have HQ sheets (Frozen Chosin)."""

from __future__ import annotations

import tomllib

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.engine.match import Match
from app.games import get_game


@pytest.mark.parametrize("gid", ["guts", "chosin-few"])
def test_a_layout_saved_with_the_hq_sheets_dock_open_does_not_cover_another_games_panels(qtbot, gid) -> None:
    """A window whose saved layout had Frozen Chosin's HQ sheets in front (restoreState shows
    it) opened a game without HQ sheets behind an empty tab."""
    from window_util import bare_window
    w = bare_window(qtbot, (1366, 768))
    w.dock_hq.show()
    w.dock_hq.raise_()                                   # what a restored layout does
    path = sorted((RESOURCES / gid / "scenarios").glob("*.toml"))[0]
    sc = tomllib.loads(path.read_text(encoding="utf-8"))
    g = get_game(gid)
    w.start_match(Match.start(g, sc, seed=1, scenario_path=str(path)), {s: "human" for s in g.sides})
    qtbot.wait(10)
    assert not w.dock_hq.isVisible() and w.dock_panels.isVisible()


def _front(w) -> str:
    """The title of the tab in front where the Game and HQ sheets docks share a place."""
    from PySide6.QtWidgets import QTabBar
    for bar in w.findChildren(QTabBar):
        titles = [bar.tabText(i) for i in range(bar.count())]
        if "HQ sheets" in titles and "Game" in titles:
            return bar.tabText(bar.currentIndex())
    return ""


def test_when_frozen_chosin_is_over_the_game_dock_with_the_result_comes_to_the_front(qtbot) -> None:
    from window_util import bare_window
    path = RESOURCES / "frozen-chosin" / "scenarios" / "campaign.toml"
    g = get_game("frozen-chosin")
    w = bare_window(qtbot, (1366, 768))
    qtbot.waitExposed(w)
    w.start_match(Match.start(g, tomllib.loads(path.read_text(encoding="utf-8")), seed=1, scenario_path=str(path)),
                  {s: "human" for s in g.sides})
    if w.handover.isVisible():
        w.handover.button.click()
    w.dock_hq.raise_()
    qtbot.wait(10)
    assert _front(w) == "HQ sheets"
    w.match.state.finished = True                                        # as Match.apply marks an end
    w.refresh()
    qtbot.wait(10)
    assert _front(w) == "Game"
