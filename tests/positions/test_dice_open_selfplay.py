"""Issue 16, point 3: ``ridgeline open`` and ``ridgeline selfplay`` take ``--dice`` with the same
meaning as run/legal/show/render: the next rolls in order, then the seed takes over; an
impossible value is a clear error (exit 2) before anything starts."""

from __future__ import annotations

import json

from app.cli import main
from app.engine.scenario import load_scenario

from tests.positions.helpers import SCENARIOS

GUTS = str(SCENARIOS["guts"])


def _selfplay(capsys, *extra: str) -> dict:
    assert main(["selfplay", GUTS, "--games", "2", "--jobs", "1", "--seed", "4", "--json", *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_selfplay_dice_open_every_game_with_the_fixed_rolls(capsys):
    from app.ai.selfplay import default_players, play_one
    fixed = _selfplay(capsys, "--dice", "2,3,2")
    plain = _selfplay(capsys)
    game, loaded = load_scenario(GUTS)
    players = default_players(game)
    for r in fixed["results"]:
        # each game is the one a direct play with those dice gives: the dice reach every game
        direct = play_one(game, loaded.data, r["seed"], players, dice=[2, 3, 2])
        assert r["state_hash"] == direct.state_hash
    # the fixed rolls change the games (the same seeds without them play differently)
    assert [r["state_hash"] for r in fixed["results"]] != [r["state_hash"] for r in plain["results"]]
    assert _selfplay(capsys, "--dice", "2,3,2") == fixed          # and the run repeats exactly


def test_selfplay_refuses_an_impossible_fixed_roll(capsys):
    assert main(["selfplay", GUTS, "--games", "1", "--jobs", "1", "--dice", "2,9"]) == 2
    err = capsys.readouterr().err
    assert "--dice: roll 2: 9 is not a face" in err and "Traceback" not in err


def test_open_dice_start_the_window_with_the_fixed_rolls_queued(monkeypatch, capsys):
    import app.ui.main as ui_main
    seen = {}

    def fake_run_gui(path=None, match=None):
        seen["path"], seen["match"] = path, match
        return 0

    monkeypatch.setattr(ui_main, "run_gui", fake_run_gui)
    assert main(["open", GUTS, "--dice", "2,3"]) == 0
    m = seen["match"]
    assert seen["path"] == GUTS and m is not None
    assert m.state.rng.fixed == [2, 3] and m.game.id == "guts"
    # without --dice the window opens the file itself, as before
    seen.clear()
    assert main(["open", GUTS]) == 0
    assert seen == {"path": GUTS, "match": None}


def test_open_refuses_bad_dice_before_any_window(monkeypatch, capsys, tmp_path):
    import app.ui.main as ui_main
    monkeypatch.setattr(ui_main, "run_gui", lambda *a, **k: (_ for _ in ()).throw(AssertionError("opened")))
    assert main(["open", GUTS, "--dice", "0"]) == 2
    assert "--dice: roll 1: 0 is not a face" in capsys.readouterr().err
    assert main(["open", "--dice", "3"]) == 2
    assert "needs a scenario" in capsys.readouterr().err
    # a save replays with its own dice: --dice is refused there, as on run
    from app.engine.saves import write_save
    from tests.positions.helpers import start
    save = tmp_path / "g.json"
    write_save(start("guts"), save)
    assert main(["open", str(save), "--dice", "3"]) == 2
    assert "applies to a scenario" in capsys.readouterr().err


def test_run_gui_shows_the_match_it_is_given(qtbot, monkeypatch):
    """The window takes the started match (fixed dice queued) rather than reopening the file."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    from app.ui.main import run_gui
    from app.ui.window import MainWindow
    from tests.positions.helpers import start
    monkeypatch.setattr(MainWindow, "offer_recovery", lambda self: False)
    m = start("guts", seed=5, dice=[4, 4])
    seen = {}

    def look_and_quit():
        wins = [w for w in QApplication.topLevelWidgets() if type(w).__name__ == "MainWindow" and w.isVisible()]
        seen["match"] = wins[-1].match if wins else None
        for w in wins:
            w.close()
        QApplication.instance().quit()

    app = QApplication.instance() or QApplication([])
    quit_on_close = app.quitOnLastWindowClosed()
    app.setQuitOnLastWindowClosed(False)
    QTimer.singleShot(300, look_and_quit)
    try:
        assert run_gui(GUTS, match=m) == 0
    finally:
        app.setQuitOnLastWindowClosed(quit_on_close)
    assert seen["match"] is m and seen["match"].state.rng.fixed == [4, 4]
