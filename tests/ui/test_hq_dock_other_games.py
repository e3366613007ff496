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
