"""The side that would lose if the game ended now (5.1-5.3) grows more aggressive over the last
four turns (planner.behind): in the Pusan Perimeter position the Communists hold Seoul, so the
Allies are behind; moved to May 1951 their movement weights push forward harder, the
Communists' do not change, and in August 1950 nobody's do."""

from __future__ import annotations

from app.ai.korea38.planner import aggression, behind, weights
from app.ai.korea38.player import level_config
from app.ai.korea38.situation import Situation
from app.engine.match import Match
from app.games.korea38 import GAME
from app.games.korea38.data import ALLIED, COMMUNIST


def _position(turn: int):
    from app import RESOURCES
    from app.engine.scenario import load_scenario
    _g, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / "pusan-perimeter.toml")
    sc = dict(loaded.data)
    sc["start"] = dict(sc["start"], turn=turn)
    return Match.start(GAME, sc, seed=1, keep_snapshots=False).state


def test_the_allies_behind_in_may_1951_push_harder():
    cfg = level_config("normal")
    sit = Situation(_position(12), ALLIED)
    assert behind(sit, cfg) > 0.2
    flat = dict(cfg, behind_push=0.0)
    assert aggression(sit, cfg) > aggression(sit, flat)
    assert weights(sit, cfg, "movement").prog > weights(sit, flat, "movement").prog


def test_the_side_ahead_and_early_turns_are_unchanged():
    cfg = level_config("normal")
    assert behind(Situation(_position(12), COMMUNIST), cfg) == 0.0
    assert behind(Situation(_position(3), ALLIED), cfg) == 0.0
