"""The worked example of The Chosin Few's rule text, named after it."""

from __future__ import annotations

from tests.chosin_few.conftest import actions_phase, run


def test_chosin_few_move_example(fresh, game):
    """Move example (Player Actions): with the Marines at Toktong Pass (A-1) and a cube at
    Hagaru-ri (C), the Marines may not move into C, which holds an enemy cube; once they are in
    C, with A-1 empty, the move back to A-1 is open."""
    st = actions_phase(fresh(), 4)
    st.units["marine"] = "A-1"
    st.cubes = {"red-1": "C"}
    moves = {a["to"] for a in game.legal_actions(st) if a["type"] == "move" and a["unit"] == "marine"}
    assert "C" not in moves
    refusal = game.check(st, {"type": "move", "unit": "marine", "to": "C"})
    assert refusal is not None and refusal.rule == "CF-Actions-4"
    st.units["marine"] = "C"
    st.cubes = {}
    run(game, st, {"type": "move", "unit": "marine", "to": "A-1"})
    assert st.units["marine"] == "A-1" and st.actions_left == 2
