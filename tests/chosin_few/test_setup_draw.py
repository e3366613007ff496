"""Set-up (CF-Setup-A..G), the draw (CF-Draw-1/2) and the End of Order card (CF-Order-2)."""

from __future__ import annotations

from collections import Counter

from app.games.chosin_few.rules import ChosinState
from tests.chosin_few.conftest import Script, run


def test_setup_places_everything(fresh, game):
    st = fresh()
    data = game.data(st)
    # CF-Setup-A: the three orders, Almond's Instructions on top
    assert [o.name for o in data.orders] == ["Almond's Instructions", "Advance in Another Direction!", "Breakout!"]
    assert st.order_index == 0 and st.orders_done == []
    # CF-Setup-B: 20 activity cards and the End of Order card
    assert len(st.deck) == 21 and sorted(st.deck) == sorted(list(data.activity) + [data.eoo_id])
    # CF-Setup-C / D: both units on C, Marines on 3+, Army on 4+
    assert st.units == {"marine": "C", "army": "C"}
    assert game.need(st, "marine") == 3 and game.need(st, "army") == 4
    # CF-Setup-E: Line of Departure markers from the top order card
    assert st.lod == data.orders[0].lod
    # CF-Setup-F: every cube in the cup, five of each colour
    assert len(st.cup) == 20 and not st.cubes
    assert Counter(c.rsplit("-", 1)[0] for c in st.cup) == {"red": 5, "black": 5, "blue": 5, "purple": 5}
    # CF-Setup-G: no air support yet
    assert st.air_held == 0 and not st.air_board
    assert st.phase == "draw" and game.legal_actions(st) == [{"type": "draw"}]


def test_end_of_order_card_is_in_the_bottom_five(fresh, game):
    """CF-Setup-B: shuffled into the bottom five, so at most five cards lie under it; every one
    of the six places happens."""
    seen = set()
    for seed in range(300):
        st = fresh(seed)
        under = len(st.deck) - 1 - st.deck.index(game.data(st).eoo_id)
        assert 0 <= under <= 5
        seen.add(under)
    assert seen == set(range(6))


def test_draw_runs_new_activity_then_enemy_movement_then_actions(fresh, game):
    st = fresh()
    st.deck.remove("AC-01")
    st.deck.insert(0, "AC-01")  # LoD 1, 2, 4; red and black move; 3 actions
    ctx = run(game, st, {"type": "draw"}, picks=["blue-1", "purple-1", "blue-2"])
    assert st.card == "AC-01" and st.pass_draws == 1
    assert st.cubes == {"blue-1": "E-1", "purple-1": "E-7", "blue-2": "E-10"}  # no blue/purple movement
    assert st.phase == "actions" and st.actions_left == 3
    assert any(e.kind == "draw" and "AC-01" in e.text for e in ctx.events)


def test_end_of_order_resolves_then_the_player_draws_again(fresh, game):
    st = fresh()
    eoo = game.data(st).eoo_id
    st.deck.remove(eoo)
    st.deck.insert(0, eoo)
    ctx = run(game, st, {"type": "draw"})
    assert "CF-Draw-2" in ctx.rules() and "CF-Order-2" in ctx.rules()
    # overdue: each unit one step down, and that best step gone for good
    assert st.step == {"marine": 1, "army": 1} and st.ceiling == {"marine": 1, "army": 1}
    assert st.overdue["almond"] == 1 and st.order_index == 0
    # the deck is rebuilt with the card back among the bottom five, and the player draws again
    assert len(st.deck) == 21 and len(st.deck) - 1 - st.deck.index(eoo) <= 5
    assert st.phase == "draw" and game.legal_actions(st) == [{"type": "draw"}]
    assert st.turn == 1 and st.result == ""
    run(game, st, {"type": "draw"})
    assert st.card in game.data(st).activity and st.phase in ("actions", "enemy-movement")


def test_overdue_step_cannot_be_recovered(fresh, game):
    st = fresh()
    st.ceiling["army"] = 1
    st.step["army"] = 1
    st.phase, st.card, st.actions_left = "actions", "AC-01", 5
    assert {"type": "recover", "unit": "army"} not in game.legal_actions(st)


def test_state_copy_matches_the_json_round_trip(fresh, game):
    st = fresh()
    run(game, st, {"type": "draw"})
    a = st.copy()
    b = ChosinState.from_json(st.to_json())
    assert a.to_json() == b.to_json() == st.to_json()
    before = st.to_json()
    a.units["marine"] = "A-1"
    a.cubes["zz"] = "E-1"
    a.deck.pop()
    a.rng.below(6)
    assert st.to_json() == before


def test_view_hides_the_deck_order(fresh, game):
    st = fresh()
    v = game.view(st, "player")
    assert v["deck"] == ["?"] * 21 and "state" not in v["rng"]
    assert game.view(st, None)["deck"] == st.deck
