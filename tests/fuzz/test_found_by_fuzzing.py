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
