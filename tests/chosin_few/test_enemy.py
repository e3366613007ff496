"""New Activity (CF-NewAct-1..3) and Enemy Movement (CF-EnemyMove-1..9, CF-D3, CF-D4)."""

from __future__ import annotations

from tests.chosin_few.conftest import advance_em, enemy_phase, red_attack, run


def _top(st, card):
    st.deck.remove(card)
    st.deck.insert(0, card)


# -- New Activity -------------------------------------------------------------------------------

def test_one_cube_per_line_of_departure_shown(fresh, game):
    """CF-NewAct-1: AC-01 shows LoD 1, 2 and 4: Hill 1282, Pungnyuri Inlet, Sudong Gorge."""
    st = fresh()
    _top(st, "AC-01")
    ctx = run(game, st, {"type": "draw"}, picks=["blue-1", "blue-2", "purple-1"])
    assert st.cubes == {"blue-1": "E-1", "blue-2": "E-7", "purple-1": "E-10"}
    assert len(st.cup) == 17
    assert ctx.rules().count("CF-NewAct-1") >= 3


def test_no_more_cubes_when_the_cup_is_empty(fresh, game):
    """CF-NewAct-2: with one cube left only one is placed."""
    st = fresh()
    st.units = {"marine": "A-1", "army": "A-1"}  # East Hill (E-4) stays quiet
    for c in list(st.cup)[1:]:
        st.cubes[c] = "E-4"
    st.cup = st.cup[:1]
    only = st.cup[0]
    _top(st, "AC-02")  # LoD 3, 5, 6; blue and purple move
    ctx = run(game, st, {"type": "draw"}, picks=[only])
    assert st.cup == [] and "CF-NewAct-2" in ctx.rules()
    assert sum(1 for s in st.cubes.values() if s != "E-4") <= 1


def test_no_stacking_limit(fresh, game):
    """CF-NewAct-3: cubes pile up in one space without limit."""
    st = fresh()
    st.units = {"marine": "B-1", "army": "B-1"}
    for c in ("purple-1", "purple-2", "purple-3", "purple-4", "purple-5", "blue-1"):
        st.cup.remove(c)
        st.cubes[c] = "E-1"
    _top(st, "AC-01")  # red and black move; LoD 1 is Hill 1282 (E-1)
    run(game, st, {"type": "draw"}, picks=["blue-2", "blue-3", "blue-4"])
    assert sum(1 for s in st.cubes.values() if s == "E-1") == 7


# -- Enemy Movement ------------------------------------------------------------------------------

def test_only_the_colours_shown_move(fresh, game):
    """CF-EnemyMove-1."""
    st = enemy_phase(fresh(), ["red", "blue"])
    st.cubes = {"red-1": "E-1", "black-1": "E-2", "blue-1": "D-4"}
    advance_em(game, st)
    assert st.cubes == {"red-1": "A-3", "black-1": "E-2", "blue-1": "D-3"}
    assert st.phase == "actions"


def test_a_colour_shown_twice_moves_twice(fresh, game):
    """CF-EnemyMove-2."""
    st = enemy_phase(fresh(), ["red", "red"])
    st.cubes = {"red-1": "E-1", "red-2": "D-4"}
    advance_em(game, st)
    assert st.cubes == {"red-1": "A-2", "red-2": "D-2"}


def test_a_colour_shown_twice_attacks_only_once(fresh, game):
    """CF-EnemyMove-2: the cube that attacked in the first move stays put in the second."""
    st = enemy_phase(fresh(), ["red", "red"])
    st.units = {"marine": "A-3", "army": "C"}
    st.cubes = {"red-1": "E-1"}
    ctx = advance_em(game, st, faces=[6])  # one roll only: a second would fail the script
    assert ctx.rolled == [6]
    assert st.cubes == {"red-1": "E-1"} and st.phase == "actions"


def test_second_move_may_attack_when_the_first_did_not(fresh, game):
    st = enemy_phase(fresh(), ["red", "red"])
    st.units = {"marine": "A-2", "army": "C"}
    st.cubes = {"red-1": "E-1"}
    ctx = advance_em(game, st, faces=[1])
    assert ctx.rolled == [1] and st.step["marine"] == 1 and st.cubes["red-1"] == "A-3"


def test_arrow_colour_matches_the_space_of_a_unit(fresh, game):
    """CF-EnemyMove-3: North Ridge has white, green and orange arrows; the Army stands in an
    orange space (Hill 1221) and the Marines in yellow Hagaru-ri, so the orange arrow is taken."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "C", "army": "B-2"}
    st.cubes = {"red-1": "E-11"}
    dest, _, rule = game.cube_destination(st, "E-11")
    assert dest == "B-1" and rule == "CF-EnemyMove-3"
    advance_em(game, st)
    assert st.cubes["red-1"] == "B-1"


def test_white_arrow_is_the_default(fresh, game):
    """CF-EnemyMove-3: no arrow matches a unit's space colour, so the white one is followed."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "D-2", "army": "D-3"}  # brown: no brown arrow at North Ridge
    st.cubes = {"red-1": "E-11"}
    advance_em(game, st)
    assert st.cubes["red-1"] == "C"


def test_several_viable_arrows_lead_toward_the_marines(fresh, game):
    """CF-EnemyMove-4: green matches the Marines, orange the Army: the Marines' way wins."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "A-2", "army": "B-2"}
    st.cubes = {"red-1": "E-11"}
    assert game.cube_destination(st, "E-11")[0] == "A-1"
    st.units = {"marine": "B-2", "army": "A-2"}
    assert game.cube_destination(st, "E-11")[0] == "B-1"


def test_lone_coloured_arrow_holds_unless_it_matches(fresh, game):
    """CF-D3: East Hill's only arrow is yellow; it strikes Hagaru-ri only when a unit is there."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "A-1", "army": "B-1"}
    st.cubes = {"red-1": "E-4"}
    advance_em(game, st)
    assert st.cubes["red-1"] == "E-4"
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "C", "army": "B-1"}
    st.cubes = {"red-1": "E-4"}
    ctx = advance_em(game, st, faces=[6])
    assert ctx.rolled == [6] and st.cubes["red-1"] == "E-4"


def test_interdiction_blocks_and_the_cube_does_not_default(fresh, game):
    """CF-EnemyMove-5: the green arrow to Toktong Pass is interdicted; the cube stays on North
    Ridge instead of taking the white arrow to Hagaru-ri."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "A-2", "army": "D-2"}
    st.cubes = {"red-1": "E-11"}
    st.air_board = {"A-1": 1}
    dest, why, rule = game.cube_destination(st, "E-11")
    assert dest is None and rule == "CF-EnemyMove-5"
    advance_em(game, st)
    assert st.cubes["red-1"] == "E-11"


def test_interdiction_on_the_start_space_holds_the_cube(fresh, game):
    st = enemy_phase(fresh(), ["red"])
    st.cubes = {"red-1": "E-1"}
    st.air_board = {"E-1": 1}
    advance_em(game, st)
    assert st.cubes["red-1"] == "E-1"


def test_player_chooses_the_order_of_defence_rolls(fresh, game):
    """CF-EnemyMove-6: two cubes attack, one roll each, in the order the player picks."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "A-3", "army": "B-3"}
    st.cubes = {"red-1": "E-1", "red-2": "E-7"}
    advance_em(game, st)
    legal = game.legal_actions(st)
    assert legal == [{"type": "order-defence", "cube": "red-1"}, {"type": "order-defence", "cube": "red-2"}]
    ctx = run(game, st, {"type": "order-defence", "cube": "red-2"}, faces=[1, 6])
    first = next(e.text for e in ctx.events if "roll against" in e.text)
    assert "Army roll against red-2" in first
    assert st.step == {"marine": 0, "army": 1}  # the Army (first, rolled 1) missed; the Marines held


def test_held_attack_pushes_the_cube_back(fresh, game):
    """CF-EnemyMove-7: a roll at or above the number needed holds; the cube goes back."""
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "C"}, faces=[3])  # Marines need 3
    assert st.step["marine"] == 0 and st.cubes["red-1"] == "E-1"


def test_missed_attack_costs_a_step_and_the_cube_goes_back(fresh, game):
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "C"}, faces=[2])
    assert st.step["marine"] == 1 and st.cubes["red-1"] == "E-1"


def test_stronger_unit_takes_the_attack_when_both_share_a_space(fresh, game):
    """CF-EnemyMove-8: the Marines (3+) defend ahead of the Army (4+)..."""
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "A-3"}, faces=[1])
    assert st.step == {"marine": 1, "army": 0}
    # ... unless the Marines are the weaker unit now (5+ against 4+)
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "A-3"}, faces=[1], step={"marine": 3})
    assert st.step == {"marine": 3, "army": 1}


def test_equal_strength_the_marines_defend(fresh, game):
    """CF-D4."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "A-3", "army": "A-3"}
    st.step["marine"] = 2  # 4+, same as the Army
    st.cubes = {"red-1": "E-1"}
    assert game.defender(st, "A-3") == "marine"


def test_one_air_token_leaves_each_space_after_enemy_movement(fresh, game):
    """CF-EnemyMove-9."""
    st = enemy_phase(fresh(), ["red"])
    st.air_board = {"A-1": 2, "E-9": 1}
    advance_em(game, st)
    assert st.air_board == {"A-1": 1}
    assert game.air_supply(st) == 2
