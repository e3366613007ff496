"""Issue 14: the state names its table relative to a folder, never by a machine's absolute path,
so a save made in one checkout opens in another (its digests hold), the state digest is the same
everywhere, and positions carry no path of this machine."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import app
from app.engine.match import Match
from app.engine.paths import designer_folder, designer_folder_of
from app.engine.position import position_scenario, position_toml
from app.engine.rng import Rng
from app.engine.saves import open_save, write_save
from app.engine.scenario import load_scenario
from app.engine.state import canonical_json, to_json
from app.games.frozen_chosin import data as D
from tests.frozen_chosin.helpers import CAMPAIGN, ROOT


def _played(path: Path, actions: int = 40, seed: int = 5) -> Match:
    game, loaded = load_scenario(path)
    m = Match.start(game, loaded.data, seed=seed, scenario_path=str(path), scenario_text=loaded.text,
                    data_folder=designer_folder_of(path))
    rng = Rng.from_seed(seed)
    for _ in range(actions):
        m.apply(rng.choice(m.legal_actions()), checked=True)
    return m


def _checkout(tmp: Path, name: str) -> Path:
    """A copy of the game's folder standing where another checkout would keep it."""
    res = tmp / name / "resources"
    shutil.copytree(ROOT / "resources" / "frozen-chosin", res / "frozen-chosin")
    return res


def test_the_state_names_the_shipped_table_relative_to_the_game_folder():
    m = _played(CAMPAIGN, actions=0)
    assert m.state.table == "table.json"
    text = canonical_json(to_json(m.state))
    assert str(ROOT) not in text and "/resources/" not in text
    assert Path(D.table_file(m.state.table)) == (ROOT / "resources" / "frozen-chosin" / "table.json").resolve()


def test_a_save_made_in_one_checkout_opens_in_another(tmp_path, monkeypatch):
    first = _checkout(tmp_path, "first")
    monkeypatch.setattr(app, "RESOURCES", first)
    m = _played(first / "frozen-chosin" / "scenarios" / "campaign.toml")
    saved = tmp_path / "saves" / "game.json"
    saved.parent.mkdir()
    write_save(m, saved)
    assert str(tmp_path) not in canonical_json(to_json(m.state))
    digest = m.digest()
    shutil.rmtree(tmp_path / "first")                 # that checkout is gone; another stands elsewhere
    second = _checkout(tmp_path, "second")
    monkeypatch.setattr(app, "RESOURCES", second)
    back = open_save(saved)                           # every action's digest is checked on the way
    assert back.digest() == digest and len(back.history) == len(m.history)
    assert Path(D.table_file(back.state.table)).is_relative_to(second.resolve())


def test_the_state_digest_is_the_same_from_any_checkout(tmp_path, monkeypatch):
    here = _played(CAMPAIGN, actions=25, seed=9).digest()
    monkeypatch.setattr(app, "RESOURCES", _checkout(tmp_path, "elsewhere"))
    assert _played(app.RESOURCES / "frozen-chosin" / "scenarios" / "campaign.toml", actions=25, seed=9).digest() == here


def test_a_table_in_the_scenarios_own_folder_is_named_from_that_folder(tmp_path):
    """A designer's table next to their scenario: the state says so without the folder's path,
    play finds it again, and a position saved from it carries no path of this machine."""
    folder = tmp_path / "my-chosin"
    folder.mkdir()
    shutil.copy(ROOT / "resources" / "frozen-chosin" / "table.json", folder / "reservoir.json")
    text = CAMPAIGN.read_text(encoding="utf-8")
    assert 'table = "table.json"' in text or "table" not in text.split("[")[0]
    if 'table = "table.json"' in text:
        text = text.replace('table = "table.json"', 'table = "reservoir.json"')
    else:
        text = text.replace('game = "frozen-chosin"', 'game = "frozen-chosin"\ntable = "reservoir.json"', 1)
    scen = folder / "mine.toml"
    scen.write_text(text, encoding="utf-8")
    m = _played(scen, actions=15)
    assert m.state.table == "scenario:reservoir.json"
    assert Path(D.table_file(m.state.table)) == (folder / "reservoir.json").resolve()
    with designer_folder(folder):                     # a position written next to the scenario
        doc = position_toml(position_scenario(m.game, m.state, m.scenario, m.options))
    assert str(tmp_path) not in doc and str(ROOT) not in doc


def test_an_unknown_scenario_table_is_a_clear_error():
    with designer_folder(None), pytest.raises(ValueError, match="scenario's own folder"):
        D.table_file("scenario:nowhere-to-be-found.json")
