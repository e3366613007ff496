"""The Game dock (``panels``): the day and phase, who acts, the score; never the HQ sheets,
which have their own dock (the ``hq_sheets`` hook)."""

from __future__ import annotations

from app.games.frozen_chosin import GAME
from app.games.frozen_chosin.presentation import side_name

from tests.frozen_chosin.helpers import Dice, new, start_activation, to_phase

SETUP = [{"regiment": "5-mar", "at": [55, 33]}, {"regiment": "r235", "at": [55, 45]}]


def _rows(st, title):
    panel = next(p for p in GAME.panels(st, "un") if p["title"] == title)
    return dict((r[0], r[1]) for r in panel["rows"])


def test_the_game_dock_says_the_day_the_phase_and_who_acts():
    st = new(SETUP)
    now = _rows(st, "Now")
    assert now["Day"] == "28 Nov (turn 1 of 8)"
    assert now["Phase"].startswith("Operations Phase")
    assert st.commands[st.current].name in now["To act"]
    to_phase(st, "night")
    start_activation(st, "r235")
    now = _rows(st, "Now")
    assert now["Phase"] == "Nighttime Phase (Chinese first)"
    assert now["Activated"].startswith(st.regiments["r235"].name)
    assert "Event in force" in now


def test_the_game_dock_shows_the_score_and_each_command_left_to_act_but_no_hq_sheet():
    st = new(SETUP)
    to_phase(st, "night")
    titles = [p["title"] for p in GAME.panels(st, "pva")]
    assert not any(t.startswith("HQ") for t in titles)
    assert "General Smith's choice" not in titles          # hidden from the Chinese (FC-14.4)
    vp = next(p for p in GAME.panels(st, "un") if p["title"] == "Victory points")
    assert [r[0] for r in vp["rows"][:2]] == ["United Nations", "Chinese"]
    assert any(r[0].startswith("Marine regiments destroyed") for r in vp["rows"])
    left = _rows(st, "Commands this phase")
    assert left[st.commands["pva-27"].name].endswith("regiments still to act")


def test_sides_are_named_for_players():
    assert side_name(GAME, "pva") == "Chinese" and side_name(GAME, "un") == "United Nations"
