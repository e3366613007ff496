"""Every action a game offers fits its own action schema, for Korea, The Chosin Few and Take The
High Ground! (test_action_schemas.py does Semper Fi! and Frozen Chosin).

Why: the match checks an action read from a file or a save against ``schemas/actions.json``
before the rules see it, while a player choosing from the legal list skips that check. A schema
narrower than the legal list then refuses, as malformed, a move the game itself offered; that
happened with Korea's second landing at a port already held (``at``, 11.3) and was met only
when such a game was saved and replayed. Here whole computer-played games (fixed seeds) and
the positions the hint tests build for every Korea action kind are walked, and each legal
action, sent through JSON as a file would carry it, must fit.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import app.games  # noqa: F401 - installs the game resolver
from app import RESOURCES
from app.ai.selfplay import play_one
from app.engine.actions import action_schemas, shape_problem
from app.engine.match import Match
from app.engine.scenario import load_scenario

#: (game, scenario, the kinds of action the game must offer in it: a game that stops reaching
#: them would make the check hollow).
GAMES = [
    ("korea38", "campaign", {"amphibious", "naval", "move", "retreat", "advance", "air", "mig", "loss",
                             "reinforce", "replace", "eliminate", "resolve"}),
    ("korea38", "chinese-intervention", {"move", "mig", "no-mig", "retreat", "reinforce"}),
    ("chosin-few", "standard", {"attack", "move", "draw", "roll", "interdict", "recover"}),
    ("guts", "army", {"advance", "assault", "cover", "rally", "silence", "grenade"}),
    ("guts", "marines", {"advance", "assault", "cover", "silence"}),
]


def _offered_fit(game: Any, m: Match, seen: set[str]) -> None:
    """Each legal action of ``m``, read back from JSON, passes the schema check."""
    for a in m.legal_actions():
        plain = json.loads(json.dumps(a))
        problem = shape_problem(game, plain)
        assert problem is None, (m.state.turn, m.state.phase, a, problem)
        seen.add(a["type"])


@pytest.mark.parametrize("game_id,scenario,must", GAMES, ids=[f"{g}-{s}" for g, s, _ in GAMES])
def test_every_action_offered_in_a_computer_played_game_fits_the_schema(game_id, scenario, must):
    game, loaded = load_scenario(RESOURCES / game_id / "scenarios" / f"{scenario}.toml")
    seen: set[str] = set()

    def check(m: Match) -> None:
        if m.outcome() is None:
            _offered_fit(game, m, seen)

    result = play_one(game, loaded.data, 1, ["ai"] * len(game.sides), check=check)
    assert result.outcome is not None
    assert must <= seen, must - seen
    assert seen <= set(action_schemas(game) or {})


def test_every_action_offered_in_the_korea_hint_positions_fits_the_schema(tmp_path):
    """The hint tests' positions put a Korea game at each kind of decision, the rare ones too
    (a retreat by sea, units spreading from a beach, a landing at a held port)."""
    from tests.korea38.test_hint_reasons import POSITIONS, _start
    seen: set[str] = set()
    game = None
    for name in sorted(POSITIONS):
        m = _start(tmp_path, name)
        game = m.game
        _offered_fit(game, m, seen)
    assert {"sea-retreat", "spread", "amphibious", "naval", "mig", "no-mig", "loss"} <= seen
    assert seen <= set(action_schemas(game) or {})
