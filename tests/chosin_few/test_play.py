"""Whole games: random-play fuzzing with invariants, the selfplay command, the automatic player,
saves, the window hooks and the data checks."""

from __future__ import annotations

import contextlib
import io
import json
from collections import Counter

from app.ai.selfplay import play_one
from app.engine.match import Match
from app.games.chosin_few.data import check_cards, check_components, check_tracks
from tests.chosin_few.conftest import SCENARIO, actions_phase


def _invariants(match: Match) -> None:
    st = match.state
    game = match.game
    data = game.data(st)
    cubes = set(data.cube_ids())
    assert set(st.cup) | set(st.cubes) == cubes and not set(st.cup) & set(st.cubes)
    assert st.air_held + sum(st.air_board.values()) <= data.air_tokens
    assert 0 <= st.air_fresh <= st.air_held
    for u in ("marine", "army"):
        assert st.ceiling[u] <= st.step[u] or st.result
        assert st.units[u] in data.adjacent
    pending = {p.cube for p in st.pending}
    occupied = {st.units[u] for u in game.alive(st)}
    for c, sp in st.cubes.items():  # a cube never shares a space with a unit once moved
        if c not in pending and sp in occupied:
            assert sp in set(st.lod.values()), f"{c} sits with a unit in {sp}"
    if not st.result:
        assert match.legal_actions(), "dead end"
        assert st.phase in ("draw", "enemy-movement", "actions")
    else:
        assert game.outcome(st) is not None


def test_random_play_always_ends_in_victory_or_defeat(game_and_scenario):
    game, data = game_and_scenario
    outcomes = Counter()
    for seed in range(120):
        r = play_one(game, data, seed, ["random"], max_actions=5000, check=_invariants)
        assert r.outcome is not None and r.outcome["level"] in ("victory", "defeat")
        outcomes[r.outcome["rule"]] += 1
    assert outcomes["CF-Lose-2"] > 0


def test_selfplay_command_json_and_determinism():
    from app.cli import main

    def once() -> str:
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            code = main(["selfplay", str(SCENARIO), "--games", "20", "--players", "random", "--json", "--jobs", "1"])
        assert code == 0
        return buf.getvalue()

    first = once()
    out = json.loads(first)
    assert out["games"] == 20 and len(out["results"]) == 20
    for r in out["results"]:
        assert set(r) >= {"seed", "winner", "outcome", "turns", "state_hash"}
        assert r["winner"] in (None, "player")
    assert set(out["summary"]["win_rate"]) == {"player"}
    assert isinstance(out["summary"]["mean_turns"], (int, float))
    assert once() == first


def test_ai_plays_a_whole_game_legally_and_deterministically(game_and_scenario):
    game, data = game_and_scenario
    a = play_one(game, data, 11, ["ai"])
    b = play_one(game, data, 11, ["ai"])
    assert a.outcome is not None and a.state_hash == b.state_hash and a.actions == b.actions


def test_ai_does_not_read_the_deck_order(game_and_scenario):
    """Two positions differing only in the deck order get the same decision."""
    from app.ai.chosin_few_ai import make_ai
    game, data = game_and_scenario
    m = Match.start(game, data, seed=5)
    m.apply({"type": "draw"})
    while m.state.phase != "actions":
        m.apply(m.legal_actions()[0])
    other = Match.start(game, data, seed=5)
    other.state = m.state.copy()
    other.state.deck = list(reversed(other.state.deck))
    other.state.rng = other.state.rng.copy()
    other.state.rng.below(1000)
    assert make_ai(seed=3).choose(m, m.legal_actions()) == make_ai(seed=3).choose(other, other.legal_actions())


def test_save_replays_to_the_same_position(game_and_scenario, tmp_path):
    from app.engine.players import RandomPlayer
    from app.engine.saves import open_save, write_save
    game, data = game_and_scenario
    m = Match.start(game, data, seed=21, scenario_path=str(SCENARIO), scenario_text=SCENARIO.read_text())
    p = RandomPlayer(21, "player")
    for _ in range(60):
        if m.outcome():
            break
        m.apply(p.choose(m, m.legal_actions()))
    path = tmp_path / "cf.rsave"
    write_save(m, path)
    assert open_save(path).digest() == m.digest()


def test_window_hooks(fresh, game):
    st = actions_phase(fresh(), 4)
    st.cup.remove("red-1")
    st.cubes = {"red-1": "E-3"}
    st.air_held = 1
    pieces = {p["id"]: p for p in game.pieces(st, "player")}
    assert pieces["marine"]["at"] == "C" and pieces["marine"]["values"] == "3+"
    assert pieces["red-1"]["kind"] == "cube" and pieces["red-1"]["colour"] == "red"
    assert pieces["lod-1"]["at"] == "E-1" and pieces["air-1"]["at"] == "box:air"
    drops = game.drop_targets(st, "marine")
    assert drops["A-1"]["cost"] == 2 and drops["E-3"]["cost"] == 1
    titles = [p["title"] for p in game.panels(st, "player")]
    assert titles == ["Card in play", "Orders", "Draw cup", "Strength", "Air support", "Activity deck"]
    for a in game.legal_actions(st):
        assert game.describe_action(st, a)
    assert game.board_data(st)["kind"] == "pointgraph"
    assert "action" in game.prompt(st)


def test_data_checks_report_problems():
    assert check_tracks({"format": "chosin-few-tracks", "version": 1, "tracks": {"marine": {"values": [5, 3], "start": 3}}})
    assert check_components({"format": "chosin-few-components", "version": 1, "cubes": {"pink": 3}})
    bad = {"format": "chosin-few-cards", "version": 1,
           "activity": [{"id": "A", "lod": [1, 2], "enemy_movement": ["red"], "actions": 3}],
           "order": [], "end_of_order": {"effects": [{"op": "nope"}]}}
    fields = {f for f, _ in check_cards(bad)}
    assert {"activity.0.lod", "activity.0.enemy_movement", "order", "end_of_order.effects.0.op"} <= fields


def test_shipped_files_validate():
    from app.engine.validate import validate_path
    root = SCENARIO.parent.parent
    for f in ("board.json", "cards.toml", "tracks.toml", "components.toml", "scenarios/standard.toml"):
        assert validate_path(root / f) == [], f
