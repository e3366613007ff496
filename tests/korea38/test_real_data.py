"""The shipped data set (resources/korea38) loads, validates and plays through the rules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app import RESOURCES
from app.cli import main
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.games.korea38 import GAME
from app.games.korea38.data import get_data

DIR = RESOURCES / "korea38"
CAMPAIGN = DIR / "scenarios" / "campaign.toml"
pytestmark = pytest.mark.skipif(not CAMPAIGN.exists(), reason="korea38 data not shipped yet")


def test_shipped_data_loads_and_matches_the_text():
    d = get_data()
    g = d.grid
    assert d.capital == {"communist": "1411", "allied": "2017"}
    assert d.star_city["allied"] == "2929" and d.star_city["communist"] == "1601"
    assert "1730" in d.cities and "1730" not in d.ports              # Mokp'o: a city, no port
    assert "all-sea" in g.side_features("1919", "1920")
    assert "2115" in d.land
    assert len(d.mig_alley) > 0 and len(d.north_edge) > 0
    assert sum(1 for u in d.units.values() if u.nation == "pva" and u.arrival == 6 and not u.is_air) == 24


def test_shipped_data_files_validate():
    for f in sorted(DIR.glob("*.toml")):
        from app.engine.files import load
        problems = GAME.validate_data(f, load(f).data)
        assert problems in ([], None), (f.name, problems)
    for f in sorted((DIR / "scenarios").glob("*.toml")):
        game, loaded = load_scenario(f)
        assert GAME.validate_scenario(loaded.data) == []


def test_shipped_scenarios_start():
    for f in sorted((DIR / "scenarios").glob("*.toml")):
        _game, loaded = load_scenario(f)
        m = Match.start(GAME, loaded.data, seed=1)
        assert m.legal_actions(), f.name
        assert GAME.pieces(m.state, None) and GAME.panels(m.state, None)


def test_cli_on_the_campaign(capsys):
    assert main(["run", str(CAMPAIGN), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scenario"] == "campaign"
    assert main(["legal", str(CAMPAIGN), "--json"]) == 0
    assert {"type": "end-phase"} in json.loads(capsys.readouterr().out)["actions"]


def test_cli_selfplay_three_campaigns(capsys):
    assert main(["selfplay", str(CAMPAIGN), "--games", "3", "--players", "random,random", "--json"]) == 0
    res = json.loads(capsys.readouterr().out)
    assert res["games"] == 3 and all(r["outcome"] for r in res["results"])


def test_fuzz_shipped_campaign():
    from app.ai.selfplay import play_one
    from tests.korea38.test_fuzz import make_checker, total_steps
    _game, loaded = load_scenario(CAMPAIGN)
    sc = dict(loaded.data)
    sc["options"] = {"armistice": False}
    for seed in (7,):
        check, seen = make_checker()
        seen["total"] = total_steps(Match.start(GAME, sc, seed=seed).state)
        res = play_one(GAME, sc, seed, ["random", "random"], check=check)
        assert res.outcome is not None


def test_movement_example_c_on_the_shipped_map():
    """Example C on the real board: the 4th Division at 2114 pays 2 (river, open) for 2115."""
    from app.games.korea38 import movement
    from app.games.korea38.zoc import Board
    _game, loaded = load_scenario(CAMPAIGN)
    m = Match.start(GAME, loaded.data, seed=1)
    m.apply({"type": "end-phase"})
    cost, path = movement.reach(m.state, Board(m.state), "kpa-4")["2115"]
    assert cost == 2.0 and path == ("2114", "2115")
