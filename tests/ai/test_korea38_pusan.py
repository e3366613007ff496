"""Pusan on turn 2 (docs/ai.md, "Why Pusan fell on turn 2"): the position of seed 102 at the
start of the Allied half of turn 1, where the old AI rebuilt the ROK 1st Division inside the
ring round Seoul and left the roads to Pusan open to the second surprise turn."""

from __future__ import annotations

import pytest

from app.ai.korea38 import player as aiplayer
from app.ai.korea38.player import KoreaAI
from app.ai.korea38.situation import Situation
from app.engine.match import Match
from app.games.korea38 import GAME
from app.games.korea38.data import ALLIED

PUSAN = "2929"

#: Seed 102 of the shipped campaign, Allied Reinforcement Phase of turn 1 (the 105th Tank
#: Division four hexes from Pusan, the 5th Division on the east-coast road at 3123).
COMMUNIST_AT = {"kpa-1": "2016", "kpa-105": "2825", "kpa-12": "2218", "kpa-13": "2019",
                "kpa-15": "2315", "kpa-2": "1817", "kpa-3": "2418", "kpa-4": "2015",
                "kpa-5": "3123", "kpa-6": "1411"}
ALLIED_AT = {"rok-2": "2223", "rok-3": "2725", "rok-5": "1928", "rok-7": "2217", "rok-cap": "2017"}
TAKEN = {"1816": "communist", "1818": "communist", "2019": "communist", "2315": "communist",
         "2916": "communist"}


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(aiplayer, "STRICT", True)


#: Seed 0 of `ai:hard,ai` (the campaign) at the same moment: three US divisions due on turn 2,
#: the ROK 1st, 6th and 7th gone (test_pusan_keeps_its_garrison_when_divisions_arrive_next_turn).
SEED0_COMMUNIST_AT = {"kpa-1": "2117", "kpa-105": "2218", "kpa-12": "2618", "kpa-13": "1816",
                      "kpa-15": "2020", "kpa-2": "2115", "kpa-3": "2314", "kpa-4": "1918",
                      "kpa-5": "2917", "kpa-6": "2019"}
SEED0_ALLIED_AT = {"rok-2": "2223", "rok-3": "2725", "rok-5": "1928", "rok-8": "2818",
                   "rok-cap": "2017"}


def _position(communist_at: dict = COMMUNIST_AT, allied_at: dict = ALLIED_AT,
              gone: tuple = ("rok-1", "rok-6", "rok-8")) -> dict:
    from app import RESOURCES
    from app.engine.scenario import load_scenario
    path = RESOURCES / "korea38" / "scenarios" / "campaign.toml"
    _g, loaded = load_scenario(path)
    sc = dict(loaded.data)
    pieces = [{"id": u, "at": h, "reduced": False} for u, h in communist_at.items()]
    pieces += [{"id": u, "at": h, "reduced": True} for u, h in allied_at.items()]
    pieces += [{"id": u, "at": "eliminated-allied", "reduced": True} for u in gone]
    sc["piece"] = pieces
    sc["control"] = dict(TAKEN)
    sc["start"] = dict(sc["start"], turn=1, phase="allied-reinforcement", active=ALLIED)
    return sc


def _play_allied_turn(cfg_over: dict, position: dict | None = None, seed: int = 102) -> Match:
    m = Match.start(GAME, position or _position(), seed=seed, keep_snapshots=False)
    ai = KoreaAI(seed, ALLIED, "normal")
    ai.cfg.update(cfg_over)
    for _ in range(400):
        if m.state.phase == "housekeeping" or m.state.active != ALLIED:
            break
        legal = m.legal_actions()
        m.apply(ai.choose(m, legal), checked=True)
    assert m.state.phase == "housekeeping"
    return m


def _open_approaches(m: Match) -> set[str]:
    """Hexes next to Pusan that Communist units could stand in when their turn-2 Combat Phase
    begins (turn 2 is a Communist surprise turn: everyone moves before combat, 8.1)."""
    sit = Situation(m.state, ALLIED)
    before_combat, _after = sit.enemy_reach_phases({u: h for u, h in sit.mine})
    return set(sit.static.adj[PUSAN]) & before_combat


def test_rok_replacement_is_not_rebuilt_inside_the_ring_round_seoul():
    """10.3 lets the ROK point rebuild a division at Seoul or Pusan; Seoul is ringed by
    Communist zones of control (not In Communication), so a unit placed there could not leave
    and would die of attrition (12.2) that night. It goes to Pusan."""
    m = Match.start(GAME, _position(), seed=102, keep_snapshots=False)
    ai = KoreaAI(102, ALLIED, "normal")
    for _ in range(10):           # Task Force Smith and the air unit arrive first
        legal = m.legal_actions()
        a = ai.choose(m, legal)
        if a["type"] == "replace":
            break
        m.apply(a, checked=True)
    assert {x.get("at") for x in legal if x["type"] == "replace"} >= {"2017", PUSAN}
    assert a["type"] == "replace" and a["unit"] == "rok-1" and a["at"] == PUSAN


def test_allied_turn_one_closes_every_approach_to_pusan():
    """The screen search (player._screen_search): after the Allied turn 1 no Communist unit can
    reach a hex next to Pusan before its turn-2 Combat Phase, and Pusan keeps its garrison.
    Without it (the old AI) the same position leaves approaches open."""
    new = _play_allied_turn({})
    assert _open_approaches(new) == set()
    assert any(us.at == PUSAN and u.startswith("rok-") for u, us in new.state.units.items())
    old = _play_allied_turn({"screen_search": False})
    assert _open_approaches(old)



def test_hard_look_ahead_leaves_the_real_game_alone_and_repeats():
    """The hard AI's play-outs (lookahead.py) run on copies with their own dice: the real
    position (and its dice stream) is untouched, and the same seed gives the same scores."""
    from app.ai.korea38 import lookahead
    m = Match.start(GAME, _position(), seed=102, keep_snapshots=False)
    ai = KoreaAI(102, ALLIED, "normal")
    while m.state.phase != "allied-movement":
        m.apply(ai.choose(m, m.legal_actions()), checked=True)
    before = m.state.digest()
    draws = m.state.rng.draws
    plan = ai._build_move_plan(m.state, ALLIED, m.legal_actions(), "movement")
    a = lookahead.play_out(m.state, ALLIED, plan, seed=7)
    b = lookahead.play_out(m.state, ALLIED, plan, seed=7)
    assert a == b and -1000.0 <= a <= 1000.0
    assert m.state.digest() == before and m.state.rng.draws == draws
    hard = KoreaAI(102, ALLIED, "hard")
    assert hard.cfg["lookahead"] and not KoreaAI(102, ALLIED, "normal").cfg.get("lookahead")


def test_hard_never_takes_a_variant_that_empties_the_star_city():
    """Seed 0, ai:hard as the Communists, turn 5: a look-ahead variant moved the 7th Division
    out of Manp'o and the 1st Marine Division drove in (5.1). Variants that empty the star city
    the normal plan garrisons are no longer candidates."""
    m = Match.start(GAME, _position(), seed=102, keep_snapshots=False)
    held = [{"type": "move", "unit": "rok-3", "to": PUSAN}]
    left = [{"type": "move", "unit": "rok-3", "to": "2725"}]
    assert KoreaAI._keeps_garrison(m.state, ALLIED, held, held)
    assert not KoreaAI._keeps_garrison(m.state, ALLIED, held, left)
    assert KoreaAI._keeps_garrison(m.state, ALLIED, left, left)


def test_pusan_keeps_its_garrison_when_divisions_arrive_next_turn():
    """The old plan emptied the star city before a turn with three or more arrivals, to keep
    the room for them; but they come after the enemy's turn, and may over-stack in the city
    until they move out (10.2, 10.3, 8.2.2). In 3 of the first 60 games of a hard campaign run
    (seeds 0, 12, 25) the KPA took Taegu on the turn-2 surprise and walked into the empty Pusan
    (5.1; docs/ai.md, issue 17 fourth pass). Seed 0's position: Pusan is held now."""
    from app.games.korea38.zoc import data_of
    position = _position(SEED0_COMMUNIST_AT, SEED0_ALLIED_AT, ("rok-1", "rok-6", "rok-7"))
    m = _play_allied_turn({}, position, seed=0)
    d = data_of(m.state)
    due = [u for u, x in d.units.items() if x.side == ALLIED and x.arrival == 2 and not x.is_air]
    assert len(due) >= 3                       # the case the old plan emptied Pusan for
    assert [u for u, us in m.state.units.items() if us.at == PUSAN and d.units[u].side == ALLIED]
