"""ai:hard's look-ahead keeps the normal plan unless a variant is clearly better
(lookahead.pick): one sampled enemy turn swings the strength on the map by a division or two,
and choosing on that noise made the hard AI no better than the normal one (docs/ai.md)."""

from __future__ import annotations

from app.ai.korea38 import lookahead
from app.ai.korea38.player import KoreaAI


def test_a_variant_within_the_margin_does_not_replace_the_normal_plan():
    assert lookahead.pick([10.0, 12.5, 11.0], margin=3.0) == 0


def test_a_variant_clearly_better_replaces_it():
    assert lookahead.pick([10.0, 14.0, 13.5], margin=3.0) == 1
    assert lookahead.pick([-1000.0, 5.0], margin=3.0) == 1      # the normal plan loses the game


def test_ties_and_no_margin_keep_the_first_best():
    assert lookahead.pick([4.0, 4.0], margin=0.0) == 0
    assert lookahead.pick([4.0, 6.0, 6.0], margin=0.0) == 1
    assert lookahead.pick([], margin=3.0) == 0


def test_hard_samples_four_replies_of_four_plans_with_a_margin_and_normal_does_not_look_ahead():
    hard = KoreaAI(1, "allied", "hard").cfg
    assert hard["lookahead"] and hard["lookahead_margin"] > 0
    assert hard["lookahead_samples"] == 4 and hard["lookahead_plans"] == 4
    assert not KoreaAI(1, "allied", "normal").cfg.get("lookahead")


def test_hard_plays_the_first_movers_copies_through_its_next_combat_phase():
    assert KoreaAI(1, "communist", "hard").cfg["lookahead_through_combat"]


def test_the_side_that_moves_first_tries_one_more_plan_that_seeks_contact():
    assert len(lookahead.variants(first_mover=True)) == len(lookahead.variants()) + 1
    extra = lookahead.variants(first_mover=True)[-1]
    base = KoreaAI(1, "communist", "normal").cfg
    assert extra["first_mover_threat"] < base["first_mover_threat"]
    assert extra["contact_scale"] > 1.0


def _communist_movement_of_turn_1():
    from app.ai.selfplay import make_player
    from app.engine.match import Match
    from app.engine.scenario import load_scenario
    from app import RESOURCES
    game, loaded = load_scenario(RESOURCES / "korea38" / "scenarios" / "campaign.toml")
    m = Match.start(game, loaded.data, seed=3, keep_snapshots=False)
    seats = {s: make_player(game, "ai", 3, s) for s in game.sides}
    while not (m.state.turn == 1 and m.state.phase == "communist-movement"):
        m.apply(seats[m.state.active].choose(m, m.legal_actions()))
    return m.state


def test_a_copy_stops_at_the_enemys_reply_or_after_my_next_combat_phase():
    state = _communist_movement_of_turn_1()
    short = lookahead.play_on(state, "communist", [], seed=5)
    assert (short.turn, short.active) == (2, "communist")
    assert short.phase != "communist-movement"           # before my next battles
    deep = lookahead.play_on(state, "communist", [], seed=5, through_combat=True)
    assert (deep.turn, deep.phase) == (2, "communist-movement")
    assert state.turn == 1 and state.phase == "communist-movement"    # the real game untouched
