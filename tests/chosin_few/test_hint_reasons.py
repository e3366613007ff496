"""Issue 15, point 13: The Chosin Few hint gives a reason for every kind of action (the draw,
the defence order, air support on a roll, reroll or accept), with the chances and the rule."""

from __future__ import annotations

from types import SimpleNamespace

import app.games  # noqa: F401 - the games register themselves with the engine
from app.ai.chosin_few_ai import ChosinFewAI
from tests.chosin_few.conftest import advance_em, enemy_phase, marine_attack_roll, red_attack, run


def _why(game, st, a) -> str:
    return ChosinFewAI(1).explain(SimpleNamespace(game=game, state=st), a)


def _choice(game, st):
    return ChosinFewAI(1).choose(SimpleNamespace(game=game, state=st, history=[]), game.legal_actions(st))


def test_the_draw_has_its_reason(fresh, game):
    st = fresh()
    assert game.legal_actions(st) == [{"type": "draw"}]
    assert _why(game, st, {"type": "draw"}).endswith("(CF-Draw-1)")


def test_defence_order_names_the_cube_and_rule(fresh, game):
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "A-3", "army": "B-3"}
    st.cubes = {"red-1": "E-1", "red-2": "E-7"}
    advance_em(game, st)
    a = _choice(game, st)
    assert a["type"] == "order-defence"
    why = _why(game, st, a)
    assert why.startswith(f"{a['cube']} in ") and "of the 2 attacking cubes" in why
    assert why.endswith("(CF-EnemyMove-6)")


def test_air_support_before_and_after_a_roll_gives_the_chances(fresh, game):
    st = marine_attack_roll(game, fresh())
    need = st.roll.need
    plus = _why(game, st, {"type": "air-plus-one"})
    pct = lambda n: round(max(0, min(6, 7 - n)) / 6 * 100)   # noqa: E731 - one die
    assert f"needs {need}+, now {need - 1}+" in plus and f"from {pct(need)}% to {pct(need - 1)}%" in plus
    assert plus.endswith("(CF-Air-5)")
    keep = _why(game, st, {"type": "roll"})
    assert f"needs {need}+ ({pct(need)}%)" in keep and "kept" in keep and keep.endswith("(CF-Air-4)")
    assert _choice(game, st)["type"] in ("air-plus-one", "roll")
    run(game, st, {"type": "roll"}, faces=[1])
    again = _why(game, st, {"type": "reroll"})
    assert f"rolled 1 against {need}+ and missed" in again and f"another {pct(need)}% chance" in again
    assert again.endswith("(CF-Air-4)")
    accept = _why(game, st, {"type": "accept-roll"})
    assert "missed: the token is worth more later" in accept
    chosen = _choice(game, st)
    assert chosen["type"] in ("reroll", "accept-roll") and _why(game, st, chosen)


def test_an_enemy_roll_reason_says_who_holds_against_what(fresh, game):
    st = red_attack(game, fresh(), {"marine": "A-3", "army": "C"}, air=1)
    assert st.roll is not None and st.roll.kind == "enemy"
    why = _why(game, st, {"type": "roll"})
    assert "holding against red-1" in why
    run(game, st, {"type": "roll"}, faces=[1])
    assert st.roll is not None and st.roll.stage == "post"
    assert "holding against red-1 rolled 1" in _why(game, st, {"type": "reroll"})
