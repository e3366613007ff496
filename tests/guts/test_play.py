"""Whole games: random-play fuzz, the automatic player, the command line, data files and the
window's hooks."""

from __future__ import annotations

import json
import math

import pytest

from app.ai.registry import players_for
from app.ai.selfplay import play_one
from app.engine import state as engine_state
from app.engine.match import Match
from app.engine.scenario import load_scenario
from app.engine.validate import validate_path
from app.games.guts import GAME
from app.games.guts import rules as R
from app.games.guts.data import DIR, bundle, validate_enemy, validate_rosters, validate_table_spots
from app.games.guts.state import GutsState

MARINES = str(DIR / "scenarios" / "marines.toml")
ARMY = str(DIR / "scenarios" / "army.toml")


def _invariants(m: Match) -> None:
    st = m.state
    assert isinstance(st, GutsState)
    for e in st.elements.values():
        if not e.out:
            assert 0 <= e.x <= 48 and 0 <= e.y <= 60
            assert e.guts > 0
        assert e.status in ("ok", "hit-the-dirt", "gone-to-ground", "pinned")
    if m.outcome() is None:
        legal = m.legal_actions()
        assert legal
        # every listed move passes the continuous check, and so does any point between
        for a in legal[:: max(1, len(legal) // 15)]:
            assert GAME.check(st, a) is None, a


@pytest.mark.parametrize("path, seed", [(MARINES, 1), (MARINES, 2), (ARMY, 3), (ARMY, 4)])
def test_random_play_always_ends(path: str, seed: int) -> None:
    game, loaded = load_scenario(path)
    r = play_one(game, loaded.data, seed, ["random"], max_actions=5000, check=_invariants)
    assert r.outcome is not None and r.turns <= 30


def test_same_seed_same_game() -> None:
    game, loaded = load_scenario(ARMY)
    a = play_one(game, loaded.data, 9, ["random"])
    b = play_one(game, loaded.data, 9, ["random"])
    assert a.state_hash == b.state_hash and a.actions == b.actions


def test_ai_plays_a_whole_game_and_uses_its_tools() -> None:
    game, loaded = load_scenario(MARINES)
    m = Match.start(game, loaded.data, seed=4, keep_snapshots=False)
    ai = players_for(game)["ai"](seed=4, side="platoon", level="normal")
    kinds = set()
    while m.outcome() is None:
        legal = m.legal_actions()
        a = ai.choose(m, legal)
        assert any(a is x for x in legal)
        kinds.add(a["type"])
        m.apply(a, checked=True)
    assert {"advance", "silence", "end-turn"} <= kinds
    assert m.outcome().level in ("win", "loss")


def test_cli_selfplay_json_is_reproducible(capsys) -> None:
    from app.cli import main
    args = ["selfplay", ARMY, "--games", "2", "--players", "ai", "--json", "--jobs", "1", "--seed", "5"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    second = capsys.readouterr().out
    assert first == second
    data = json.loads(first)
    assert data["games"] == 2
    assert set(data["summary"]) >= {"win_rate", "mean_turns"}
    assert set(data["summary"]["win_rate"]) == {"platoon"}
    for r in data["results"]:
        assert set(r) == {"seed", "winner", "outcome", "turns", "state_hash"}
        assert r["winner"] in ("platoon", None)


# ------------------------------------------------------------------ data files
def test_data_files_validate() -> None:
    b = bundle()
    assert validate_rosters(b.rosters, b.table_doc) == []
    assert validate_enemy(b.enemy) == []
    assert validate_table_spots(b.table_doc, b.enemy["deck"]) == []
    for f in ("table.json", "rosters.toml", "enemy.toml", "scenarios/marines.toml", "scenarios/army.toml"):
        assert validate_path(DIR / f) == [], f


def test_data_validators_find_problems() -> None:
    b = bundle()
    bad = json.loads(json.dumps(b.rosters))
    bad["platoons"]["army"]["elements"][0]["guts"] = 0
    bad["platoons"]["army"]["dice"] = "3d6"
    probs = dict(validate_rosters(bad))
    assert "platoons.army.elements.0.guts" in probs and "platoons.army.dice" in probs
    bad = json.loads(json.dumps(b.enemy))
    bad["deck"]["becomes"]["7"] = "tank"
    bad["guns"]["hmg"]["bands"] = [["close", 16], ["long", 8]]
    probs = dict(validate_enemy(bad))
    assert "deck.becomes.7" in probs and "guns.hmg.bands" in probs
    doc = json.loads(json.dumps(b.table_doc))
    doc["features"][-1]["attrs"]["card_at"] = [27, 41]   # on top of the hut-on-the-saddle position
    assert validate_table_spots(doc, b.enemy["deck"])
    assert GAME.validate_scenario({"platoon": "navy", "spots": ["nowhere"], "turns": 0})


def test_start_zone_is_out_of_reveal_range() -> None:
    for path in (MARINES, ARMY):
        game, loaded = load_scenario(path)
        st = game.setup(loaded.data, {}, 0)
        assert not any(c.revealed for c in st.cards.values())


# ------------------------------------------------------------------ continuous moves and hooks
def test_any_point_in_the_reach_region_is_a_legal_move() -> None:
    game, loaded = load_scenario(ARMY)
    st = game.setup(loaded.data, {}, 0)
    e = st.elements["rifle-2a"]
    reg = R.region(st, e)
    assert reg[2] == 12                         # two ordinary dice can carry it at most 12"
    for ang in range(0, 360, 17):
        for d in (0.3, 4.44, 11.99):
            to = [e.x + d * math.cos(math.radians(ang)), e.y + d * math.sin(math.radians(ang))]
            want = R.in_region(reg, (to[0], to[1]))
            got = game.check(st, {"type": "advance", "team": "rifle-2a", "to": to})
            assert (got is None) == want
    ill = game.check(st, {"type": "advance", "team": "rifle-2a", "to": [e.x, e.y + 12.5]})
    assert ill is not None and ill.rule == "GUTS-D-MOVE"
    assert game.check(st, {"type": "advance", "team": "rifle-2a", "to": [e.x, -1]}) is not None
    assert game.check(st, {"type": "advance", "team": "rifle-2a", "to": "north"}) is not None
    assert game.check(st, {"type": "advance", "team": "rifle-2a", "to": [e.x, e.y + 3], "speed": 2}) is not None
    assert game.check(st, {"type": "fly"}).rule == "GUTS-D-TURN"


def test_presentation_hooks() -> None:
    game, loaded = load_scenario(MARINES)
    m = Match.start(game, loaded.data, seed=4)
    st = m.state
    assert game.board_data(st)["kind"] == "table"
    pieces = game.pieces(st, "platoon")
    bases = [p for p in pieces if p["kind"] == "base"]
    assert len(bases) == 15 and all(p["w"] > 0 and p["h"] > 0 for p in bases)
    assert sum(1 for p in pieces if p["kind"] == "card") == 6
    drops = game.drop_targets(st, "rifle-2a")
    assert drops and all(v["action"]["type"] == "advance" for v in drops.values())
    anywhere = drops.pop("*")
    assert anywhere["action"]["to"] is None and len(anywhere["region"]) >= 12
    e = st.elements["rifle-2a"]
    for x, y in anywhere["region"]:   # the drawn outline is the region check() accepts
        inward = [e.x + (x - e.x) * 0.99, e.y + (y - e.y) * 0.99]
        assert game.check(st, {"type": "advance", "team": "rifle-2a", "to": inward}) is None
    ov = game.overlays(st, "platoon")
    assert sum(1 for o in ov if o.get("role") == "reveal") == 6
    titles = [p["title"] for p in game.panels(st, "platoon")]
    assert "Turn" in titles
    for a in m.legal_actions()[:50]:
        assert game.describe_action(st, a)
    assert "Turn 1" in game.prompt(st)
    # play until a gun opens fire: its cone is drawn with its bands
    ai = players_for(game)["ai"](seed=4)
    while m.outcome() is None and not any(g.status == "active" for g in m.state.guns.values()):
        m.apply(ai.choose(m, m.legal_actions()))
    cones = [o for o in game.overlays(m.state, "platoon") if o["kind"] == "cone"]
    if any(g.status == "active" for g in m.state.guns.values()):
        assert cones and cones[0]["bands"][0][1] in (6.0, 8.0) and len(cones[0]["points"]) == 3
        bands = [o for o in game.overlays(m.state, "platoon") if o.get("role") == "band"]
        assert len(bands) == 2 * len(cones)


def test_fast_state_serialisation_matches_the_engine() -> None:
    game, loaded = load_scenario(ARMY)
    m = Match.start(game, loaded.data, seed=2)
    for _ in range(40):
        if m.outcome() is not None:
            break
        m.apply(m.legal_actions()[0] if m.state.phase != "orders" else m.legal_actions()[-1]
                if m.state.turn > 3 else m.legal_actions()[0])
    st = m.state
    assert st.to_json() == engine_state.to_json(st)
    assert engine_state.to_json(st.copy()) == engine_state.to_json(st)
    back = GutsState.from_json(json.loads(json.dumps(st.to_json())))
    assert back.digest() == st.digest()
    assert engine_state.from_json(GutsState, st.to_json()).digest() == st.digest()
