"""The replay fast paths of The Chosin Few give the answers of the general code they stand in
for: ``check`` against the base class's membership test, the per-type action lists against the
whole list, the copy against the JSON round trip, whatever position random play reaches."""

from __future__ import annotations

from collections import OrderedDict

from app.engine.game import Game
from app.engine.match import Match
from app.engine.players import RandomPlayer
from app.engine.state import canonical_json, to_json
from app.games.chosin_few.rules import ChosinState

KINDS = ("attack", "move", "recover", "interdict", "end-actions", "draw", "roll", "nope")


def _positions(game, scenario, seeds=range(3), limit=400):
    """Every position of a few random games (bounded)."""
    for seed in seeds:
        m = Match.start(game, scenario, seed=seed, keep_snapshots=False)
        player = RandomPlayer(seed, "player")
        for _ in range(limit):
            yield m.state
            legal = m.legal_actions()
            if not legal:
                break
            m.apply(player.choose(m, legal), checked=True)


def _near_misses(state: ChosinState, legal: list[dict]) -> list[dict]:
    """Actions one field away from legal ones, and other types: what a check must refuse."""
    out = [{"type": k} for k in KINDS]
    for a in legal[:12]:
        for key, value in a.items():
            if key != "type":
                out.append({**a, key: f"{value}-x"})
        out.append({**a, "type": "move" if a["type"] != "move" else "attack"})
    return out


def test_check_agrees_with_the_membership_test(game_and_scenario):
    game, scenario = game_and_scenario
    n = 0
    for st in _positions(game, scenario):
        legal = game.legal_actions(st)
        for a in legal + _near_misses(st, legal):
            fast, slow = game.check(st, a), Game.check(game, st, a)
            assert (fast is None) == (slow is None), (st.phase, a)
            if fast is not None:
                assert (fast.reason, fast.rule) == (slow.reason, slow.rule)
            n += 1
    assert n > 5000


def test_actions_of_one_kind_are_the_whole_list_filtered(game_and_scenario):
    game, scenario = game_and_scenario
    seen = set()
    for st in _positions(game, scenario, seeds=(4,)):
        if st.phase != "actions" or st.roll is not None or st.result:
            continue
        whole = game._action_phase_actions(st)
        assert whole == game.legal_actions(st)
        for kind in KINDS:
            assert game._action_phase_actions(st, kind) == [a for a in whole if a["type"] == kind]
        seen |= {a["type"] for a in whole}
    assert {"attack", "move", "end-actions"} <= seen


def test_copy_is_the_json_round_trip_and_shares_nothing(game_and_scenario):
    game, scenario = game_and_scenario
    for st in list(_positions(game, scenario, seeds=(5,), limit=200))[::20]:
        c = st.copy()
        assert to_json(c) == to_json(ChosinState.from_json(to_json(st)))
        for name, value in vars(st).items():
            if isinstance(value, (dict, list)):
                assert vars(c)[name] is not value and vars(c)[name] == value, name
    odd = st.copy()
    odd.overdue = OrderedDict(odd.overdue)  # a dict subclass: copied as a plain dict, as before
    c = odd.copy()
    assert type(c.overdue) is dict and c.overdue == odd.overdue and c.overdue is not odd.overdue


def test_canonical_json_is_json_dumps_sorted_and_compact():
    import json

    values = [{"b": 1, "a": [1.5, "é ☃", None, True, -0.0, 1e300], "c": {"z": {}, "y": []}},
              [], {}, "x\u2028\"\\", 7, 2.0, None, False, {3: "int keys", 1: "sorted as numbers"},
              [{"deep": [[[{"k": "v"}]]]}], ("a", "tuple")]
    for v in values:
        assert canonical_json(v) == json.dumps(v, sort_keys=True, separators=(",", ":"),
                                               ensure_ascii=False)
    try:
        canonical_json({"a": object()})
    except TypeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("an object JSON cannot hold must be refused")
    assert canonical_json({"ok": 1}) == '{"ok":1}'  # the encoder is reusable after an error
