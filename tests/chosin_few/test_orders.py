"""Orders, victory and defeat (CF-Order-1/2, CF-D2, CF-Win, CF-Lose-1, CF-Lose-2)."""

from __future__ import annotations

from tests.chosin_few.conftest import actions_phase, advance_em, enemy_phase, run


def test_each_unit_counts_once_it_reaches_its_objective(fresh, game):
    """CF-D2: the Marines reach Yudam-ni and may leave; the order completes when the Army
    reaches Sinhung-ni later."""
    st = actions_phase(fresh(), 5)
    st.units = {"marine": "A-2", "army": "B-1"}
    run(game, st, {"type": "move", "unit": "marine", "to": "A-3"})
    assert st.reached == ["marine"] and st.order_index == 0
    st.units["marine"] = "A-2"
    st.actions_left = 4
    st.units["army"] = "B-2"
    ctx = run(game, st, {"type": "move", "unit": "army", "to": "B-3"})
    assert st.orders_done == ["almond"] and st.order_index == 1 and st.reached == []
    assert "CF-Order-1" in ctx.rules()


def test_new_order_moves_the_markers_and_rebuilds_the_deck_at_turn_end(fresh, game):
    st = actions_phase(fresh(), 5)
    data = game.data(st)
    st.units = {"marine": "A-3", "army": "B-2"}
    st.reached = ["marine"]
    acts = sorted(data.activity)
    st.card, st.discard = acts[0], acts[1:9]
    st.deck = acts[9:] + [data.eoo_id]
    st.pass_draws = 9
    run(game, st, {"type": "move", "unit": "army", "to": "B-3"})
    assert st.lod == data.orders[1].lod and st.rebuild_pending
    run(game, st, {"type": "end-actions"})
    assert not st.rebuild_pending and st.pass_draws == 0
    # the card in play is discarded first, so the new deck holds all 20 cards and the End of Order
    assert len(st.deck) == 21 and st.discard == []
    assert len(st.deck) - 1 - st.deck.index(data.eoo_id) <= 5


def test_victory_when_every_order_is_done(fresh, game):
    """CF-Win."""
    st = actions_phase(fresh(), 4)
    st.order_index = 2
    st.orders_done = ["almond", "another-direction"]
    st.units = {"marine": "D-3", "army": "D-4"}
    st.reached = ["army"]
    run(game, st, {"type": "move", "unit": "marine", "to": "D-4"})
    out = game.outcome(st)
    assert out is not None and out.winner == "player" and out.rule == "CF-Win"
    assert game.legal_actions(st) == []


def test_defeat_when_a_unit_is_destroyed(fresh, game):
    """CF-Lose-2."""
    st = enemy_phase(fresh(), ["red"])
    st.units = {"marine": "C", "army": "B-3"}
    st.step["army"] = 4  # 6+, the last step
    st.cubes = {"red-1": "E-7"}
    advance_em(game, st, faces=[5])
    out = game.outcome(st)
    assert out is not None and out.winner is None and out.rule == "CF-Lose-2"
    assert st.phase == "over" and game.legal_actions(st) == []


def test_defeat_when_the_third_objective_fails(fresh, game):
    """CF-Lose-1: the End of Order card comes up while Breakout! is in force."""
    st = fresh()
    st.order_index = 2
    st.orders_done = ["almond", "another-direction"]
    eoo = game.data(st).eoo_id
    st.deck.remove(eoo)
    st.deck.insert(0, eoo)
    run(game, st, {"type": "draw"})
    out = game.outcome(st)
    assert out is not None and out.winner is None and out.rule == "CF-Lose-1"


def test_an_overdue_order_can_destroy_a_unit(fresh, game):
    st = fresh()
    st.step["army"] = 4
    eoo = game.data(st).eoo_id
    st.deck.remove(eoo)
    st.deck.insert(0, eoo)
    run(game, st, {"type": "draw"})
    assert game.outcome(st).rule == "CF-Lose-2"
