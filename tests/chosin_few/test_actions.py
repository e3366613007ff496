"""Player Actions (CF-Actions-1..6) and Air Support (CF-Air-1..5, CF-D5..D7)."""

from __future__ import annotations

from tests.chosin_few.conftest import (actions_phase, advance_em, enemy_phase, marine_attack_roll, red_attack,
                                       run, types)


def _attack_targets(game, st, unit):
    return {a["target_space"] for a in game.legal_actions(st) if a["type"] == "attack" and a["unit"] == unit}


def _moves(game, st, unit):
    return {a["to"] for a in game.legal_actions(st) if a["type"] == "move" and a["unit"] == unit}


def test_the_card_sets_the_number_of_actions(fresh, game):
    """CF-Actions-1: AC-07 gives five."""
    st = enemy_phase(fresh(), [], card="AC-07")
    advance_em(game, st)
    assert st.phase == "actions" and st.actions_left == 5


def test_attack_adjacency_by_arrow_or_dashed_line(fresh, game):
    """CF-Actions-2: from Hagaru-ri: Fox Hill (arrow in), East Hill (arrow out) and Toktong Pass
    (dashed line) are adjacent; Hill 1419 is not."""
    st = actions_phase(fresh())
    st.cubes = {"red-1": "E-3", "red-2": "E-4", "red-3": "A-1", "red-4": "A-2"}
    assert _attack_targets(game, st, "marine") == {"E-3", "E-4", "A-1"}
    bad = {"type": "attack", "unit": "marine", "target_space": "A-2", "cube": "red-4"}
    assert game.check(st, bad).rule == "CF-Actions-2"


def test_attack_names_one_cube_per_colour(fresh, game):
    st = actions_phase(fresh())
    st.cubes = {"red-2": "A-1", "red-1": "A-1", "blue-3": "A-1"}
    cubes = sorted(a["cube"] for a in game.legal_actions(st) if a["type"] == "attack" and a["unit"] == "army")
    assert cubes == ["blue-3", "red-1"]


def test_successful_attack_returns_the_cube_to_the_cup(fresh, game):
    """CF-Actions-3; one action spent."""
    st = actions_phase(fresh(), 3)
    st.cup.remove("red-1")
    st.cubes = {"red-1": "A-1"}
    run(game, st, {"type": "attack", "unit": "marine", "target_space": "A-1", "cube": "red-1"}, faces=[3])
    assert "red-1" in st.cup and "red-1" not in st.cubes and st.actions_left == 2


def test_missed_attack_changes_nothing(fresh, game):
    st = actions_phase(fresh(), 3)
    st.cup.remove("red-1")
    st.cubes = {"red-1": "A-1"}
    run(game, st, {"type": "attack", "unit": "army", "target_space": "A-1", "cube": "red-1"}, faces=[3])
    assert st.cubes == {"red-1": "A-1"} and st.actions_left == 2 and st.step["army"] == 0


def test_move_costs_two_along_a_dashed_line_into_an_empty_space(fresh, game):
    """CF-Actions-4: Hagaru-ri's dashed lines go to Toktong Pass, Hudong-ni and Koto-ri; East
    Hill is joined by arrows only; a space holding cubes is closed."""
    st = actions_phase(fresh(), 4)
    st.cubes = {"red-1": "B-1"}
    assert _moves(game, st, "marine") == {"A-1"}  # B-1 holds a cube; D-1 waits for Breakout!
    assert game.check(st, {"type": "move", "unit": "marine", "to": "B-1"}).rule == "CF-Actions-4"
    assert game.check(st, {"type": "move", "unit": "marine", "to": "E-4"}).rule == "CF-Actions-4"
    run(game, st, {"type": "move", "unit": "marine", "to": "A-1"})
    assert st.units["marine"] == "A-1" and st.actions_left == 2
    st.actions_left = 1
    assert "move" not in types(game.legal_actions(st))


def test_breakout_spaces_closed_until_the_breakout_order(fresh, game):
    """CF-Actions-5."""
    st = actions_phase(fresh(), 4)
    assert "D-1" not in _moves(game, st, "army")
    assert game.check(st, {"type": "move", "unit": "army", "to": "D-1"}).rule == "CF-Actions-5"
    st.order_index = 2
    assert "D-1" in _moves(game, st, "army")


def test_recover_costs_three_and_heals_one_step(fresh, game):
    """CF-Actions-6."""
    st = actions_phase(fresh(), 4)
    assert "recover" not in types(game.legal_actions(st))  # nothing lost yet
    st.step["army"] = 2
    run(game, st, {"type": "recover", "unit": "army"})
    assert st.step["army"] == 1 and st.actions_left == 1
    st.actions_left = 2
    assert "recover" not in types(game.legal_actions(st))


def test_interdiction_stops_units_moving_in_or_out(fresh, game):
    """CF-Air-2: no unit moves into or out of a space with a token."""
    st = actions_phase(fresh(), 4)
    st.air_board = {"A-1": 1}
    assert "A-1" not in _moves(game, st, "marine")
    st.air_board = {"C": 1}
    assert _moves(game, st, "marine") == set()


# -- air support ----------------------------------------------------------------------------------

def test_unspent_actions_become_air_support(fresh, game):
    """CF-Air-1."""
    st = actions_phase(fresh(), 2)
    run(game, st, {"type": "end-actions"})
    assert st.air_held == 2 and st.air_fresh == 2 and st.phase == "draw" and st.turn == 2


def test_no_more_than_three_tokens(fresh, game):
    """CF-Air-1 with CF-D6: three tokens in all, held or on the board."""
    st = actions_phase(fresh(), 5)
    st.air_held = 2
    run(game, st, {"type": "end-actions"})
    assert st.air_held == 3
    st = actions_phase(fresh(), 5)
    st.air_held, st.air_board = 1, {"A-2": 1}
    run(game, st, {"type": "end-actions"})
    assert st.air_held == 2 and game.air_supply(st) == 0


def test_tokens_earned_this_turn_cannot_be_placed(fresh, game):
    """CF-Air-3: earned at the end of the actions phase, placeable only in the next one."""
    st = actions_phase(fresh(), 2)
    run(game, st, {"type": "end-actions"})
    assert "interdict" not in types(game.legal_actions(st))
    st = actions_phase(fresh(), 2)
    st.air_held, st.air_fresh = 1, 1
    assert "interdict" not in types(game.legal_actions(st))
    assert game.check(st, {"type": "interdict", "space": "C"}).rule == "CF-Air-3"
    st.air_fresh = 0
    legal = game.legal_actions(st)
    assert {"type": "interdict", "space": "E-11"} in legal  # any space on the board
    run(game, st, {"type": "interdict", "space": "E-11"})
    assert st.air_board == {"E-11": 1} and st.air_held == 0 and st.actions_left == 2


def test_interdiction_is_free_and_several_may_share_a_space(fresh, game):
    st = actions_phase(fresh(), 2)
    st.air_held = 2
    run(game, st, {"type": "interdict", "space": "A-1"})
    run(game, st, {"type": "interdict", "space": "A-1"})
    assert st.air_board == {"A-1": 2} and st.actions_left == 2


def test_reroll_after_a_player_attack_roll(fresh, game):
    """CF-Air-4 (a reroll is offered after a miss, CF-D7)."""
    st = marine_attack_roll(game, fresh())
    assert types(game.legal_actions(st)) == {"air-plus-one", "roll"}
    run(game, st, {"type": "roll"}, faces=[1])
    assert types(game.legal_actions(st)) == {"reroll", "accept-roll"}
    run(game, st, {"type": "reroll"}, faces=[5])
    assert "red-1" in st.cup and st.air_held == 0 and st.roll is None


def test_plus_one_before_a_player_attack_roll(fresh, game):
    """CF-Air-5: 2 + 1 reaches the Marines' 3."""
    st = marine_attack_roll(game, fresh())
    run(game, st, {"type": "air-plus-one"}, faces=[2])
    assert "red-1" in st.cup and st.air_held == 0


def test_reroll_after_an_enemy_attack_roll(fresh, game):
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "C"}, air=1)
    assert st.roll is not None and st.roll.kind == "enemy"
    run(game, st, {"type": "roll"}, faces=[1])
    assert st.roll.stage == "post"
    run(game, st, {"type": "reroll"}, faces=[4])
    assert st.step["marine"] == 0 and st.air_held == 0 and st.phase == "actions"


def test_plus_one_before_an_enemy_attack_roll(fresh, game):
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "C"}, air=2)
    run(game, st, {"type": "air-plus-one"}, faces=[2])
    assert st.step["marine"] == 0 and st.air_held == 1


def test_accepting_a_missed_enemy_roll(fresh, game):
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "C"}, air=1)
    run(game, st, {"type": "roll"}, faces=[1])
    run(game, st, {"type": "accept-roll"})
    assert st.step["marine"] == 1 and st.air_held == 1


def test_actions_phase_ends_by_itself_when_nothing_is_left(fresh, game):
    st = actions_phase(fresh(), 2)
    run(game, st, {"type": "move", "unit": "army", "to": "B-1"})
    assert st.phase == "draw" and st.air_held == 0
