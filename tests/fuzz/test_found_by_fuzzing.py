"""Crashes the fuzzer's long run found, each a test named after it (docs/reliability.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.cli import main
from app.engine.match import Match
from app.engine.saves import check_journal_at_start, save_data
from app.engine.scenario import load_scenario


def _save(game: str, scen: str) -> dict:
    path = RESOURCES / game / "scenarios" / scen
    g, loaded = load_scenario(path)
    m = Match.start(g, loaded.data, seed=5, scenario_path=str(path), scenario_text=loaded.text,
                    keep_snapshots=False)
    m.apply(m.legal_actions()[0])
    return save_data(m)


# Found by `journal chosin-few` at input 8,384 of 10,000 (commit 615414a): the start-up check
# asked the system whether the scenario path written in the journal was a file, and a name the
# system cannot look up raised OSError (ENAMETOOLONG) out of it: the window would not start.
@pytest.mark.parametrize("path", ["a" * 300, "scenarios/" + "b" * 256 + ".toml", "x\0y.toml"],
                         ids=["a name of 300 characters", "a folder part over 255", "a NUL byte"])
def test_a_journal_naming_a_scenario_path_the_system_cannot_look_up_still_lets_the_window_start(tmp_path, path):
    save = _save("chosin-few", "standard.toml")
    head = {k: save[k] for k in ("game", "seed", "options", "initial_digest")} | {
        "format": "ridgeline-journal", "version": 1, "players": {},
        "scenario": save["scenario"] | {"path": path}}
    f = tmp_path / "autosave.journal"
    f.write_text("".join(json.dumps(r) + "\n" for r in [head] + save["actions"]))
    check = check_journal_at_start(f, stamp="test")
    assert check.data is not None and check.reason == ""          # replayed from its own text
    assert check.data["actions"] == save["actions"]


@pytest.mark.parametrize("path", ["a" * 300, "x\0y.toml"], ids=["a name of 300 characters", "a NUL byte"])
def test_a_save_naming_a_scenario_path_the_system_cannot_look_up_is_replayed(tmp_path, capsys, path):
    data = _save("chosin-few", "standard.toml")
    data["scenario"]["path"] = path
    f = tmp_path / "game.json"
    f.write_text(json.dumps(data))
    for argv in (["validate", str(f)], ["run", str(f), "--json"], ["legal", str(f), "--json"]):
        code = main(argv)
        out = capsys.readouterr()
        assert code == 0, (argv, out.err)
        assert "Traceback" not in out.out + out.err


def test_a_designers_chosin_few_cards_are_not_mixed_with_the_shipped_ones(tmp_path):
    """Found by the 10,000-input run (data chosin-few cards.toml, input 430): a designer's
    cards.toml with a card renamed was set up from, but a later look-up in the same process
    returned the shipped cards of the same file names, and drawing the renamed card raised
    KeyError. Each match now keeps the data it was set up from."""
    import shutil

    from app import RESOURCES
    from app.engine.match import Match
    from app.engine.scenario import load_scenario

    folder = tmp_path / "resources" / "chosin-few"
    shutil.copytree(RESOURCES / "chosin-few", folder)
    cards = folder / "cards.toml"
    cards.write_text(cards.read_text(encoding="utf-8").replace('id = "AC-06"', 'id = "x"', 1), encoding="utf-8")
    shipped_game, shipped = load_scenario(RESOURCES / "chosin-few" / "scenarios" / "standard.toml")
    mine_game, mine = load_scenario(folder / "scenarios" / "standard.toml")
    m_mine = Match.start(mine_game, mine.data, seed=1, scenario_path=str(folder / "scenarios" / "standard.toml"),
                         keep_snapshots=False)
    m_shipped = Match.start(shipped_game, shipped.data, seed=1, keep_snapshots=False,
                            scenario_path=str(RESOURCES / "chosin-few" / "scenarios" / "standard.toml"))
    assert "x" in m_mine.state.deck and "x" not in m_shipped.state.deck
    m_shipped.legal_actions()                                         # the shipped match looks its data up
    assert "AC-06" in shipped_game.data(m_shipped.state).activity
    assert "x" in mine_game.data(m_mine.state).activity                  # then the designer's match
    assert "x" in mine_game.data(m_mine.state.copy()).activity           # copies keep it
    for _ in range(300):                                              # play on: every drawn card is found
        if m_mine.outcome() is not None:
            break
        m_mine.apply(m_mine.legal_actions()[0])


def test_a_frozen_chosin_pieces_file_that_renames_a_command_the_events_name_is_refused(tmp_path):
    """Found by the 10,000-input run (data frozen-chosin pieces.toml, input 234): a designer's
    pieces.toml renamed the command 'pva-27'; validate accepted it, and loading the folder then
    failed on the events deck beside it. validate now reads the two together, both ways."""
    import shutil

    from app import RESOURCES
    from app.cli import main

    folder = tmp_path / "resources" / "frozen-chosin"
    shutil.copytree(RESOURCES / "frozen-chosin", folder)
    pieces = folder / "pieces.toml"
    pieces.write_text(pieces.read_text(encoding="utf-8").replace('id = "pva-27"', 'id = "kpa-1"', 1),
                      encoding="utf-8")
    assert main(["validate", str(pieces)]) == 2
    assert main(["validate", str(folder / "events.toml")]) == 2        # the deck, read beside these pieces
    assert main(["validate", str(RESOURCES / "frozen-chosin" / "pieces.toml")]) == 0
    assert main(["validate", str(RESOURCES / "frozen-chosin" / "events.toml")]) == 0


def test_a_semper_fi_road_column_without_its_march_column_rules_is_refused_not_crashed_later(tmp_path, capsys):
    """Found by the 10,000-input run (scenario semper-fi, input 153): 4.1 with its
    ``[rules.march_column]`` table deleted passed ``validate``; the first listing of legal
    actions after set-up raised ``KeyError: 'entry'`` (the column had no entry hex)."""
    src = (RESOURCES / "semper-fi/scenarios/4-1-ambush.toml").read_text(encoding="utf-8")
    block = '[rules.march_column]\nentry = "11.01"\nexit = "5.22"\nentry_radius = 3\n'
    assert block in src
    f = tmp_path / "ambush.toml"
    f.write_text(src.replace(block, ""), encoding="utf-8")
    assert main(["validate", str(f)]) == 2
    assert main(["legal", str(f)]) == 2
    out = capsys.readouterr()
    assert "setup[1].at: units start in the road column, but [rules.march_column]" in out.out
    assert "Traceback" not in out.err
