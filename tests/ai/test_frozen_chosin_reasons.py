"""The Frozen Chosin commander explains its choices for the Hint: every action kind the game
offers gets a reason in players' words, with the rule behind it, and no internal ids."""

from __future__ import annotations

import re

import app.games  # noqa: F401 - the scenario loader finds the game
from app.ai.frozen_chosin import make_ai
from app.ai.frozen_chosin.reasons import KINDS
from app.engine.match import Match
from app.engine.paths import designer_folder_of
from app.engine.scenario import load_scenario
from app.games.frozen_chosin import data as D

from tests.frozen_chosin.helpers import CAMPAIGN, FIRST_DAYS

GAME_KINDS = {"smith-choice", "plan", "done-planning", "activate", "attempt", "guns", "pass", "move", "hold",
              "end-move", "attack", "fire", "end-activation", "face", "opportunity", "hold-fire"}


def _ids() -> re.Pattern[str]:
    b = D.bundle()
    ids = set(b.cards) | {c["id"] for c in b.commands} | {r["id"] for c in b.commands for r in c["regiments"]}
    ids |= {x[0] for c in b.commands for r in c["regiments"] for x in r["bases"]}
    return re.compile(r"(?<![\w/-])(" + "|".join(sorted(map(re.escape, ids), key=len, reverse=True)) + r")(?![\w/-])")


def test_every_action_kind_has_a_reason():
    assert set(KINDS) == GAME_KINDS


def test_the_hint_reasons_of_a_game_name_the_rule_and_no_internal_id():
    game, loaded = load_scenario(FIRST_DAYS)
    m = Match.start(game, loaded.data, seed=5, keep_snapshots=False, data_folder=designer_folder_of(FIRST_DAYS))
    seats = {s: make_ai(seed=5, side=s) for s in game.sides}
    ids = _ids()
    seen: dict[str, str] = {}
    for _ in range(400):
        if m.outcome() is not None:
            break
        legal = m.legal_actions()
        ai = seats[m.state.active]
        a = ai.choose(m, legal)
        why = ai.explain(m, a)
        assert why, a
        assert re.search(r"FC-[\dD]", why), why
        assert not ids.search(why), why
        seen.setdefault(a["type"], why)
        m.apply(a, checked=True)
    # the common kinds all came up and were explained
    assert {"plan", "done-planning", "activate", "move", "end-move", "attack", "end-activation"} <= set(seen)
    assert "closes" in " ".join(seen.values())


def test_a_cut_off_base_on_the_march_says_how_far_it_still_has_to_go():
    from app.ai.frozen_chosin import aims
    game, loaded = load_scenario(CAMPAIGN)
    m = Match.start(game, loaded.data, seed=5, keep_snapshots=False, data_folder=designer_folder_of(CAMPAIGN))
    st = m.state
    st.turn = aims.MARCH_TURN
    b = st.bases["1-5a"]
    why = make_ai(seed=5, side="un").explain(m, {"type": "move", "unit": b.id, "to": [b.x + 1, b.y + 1],
                                                  "mode": "off-road"})
    assert "road inches to go" in why and "FC-D-BREAKOUT" in why


def test_explain_never_fails_the_hint():
    game, loaded = load_scenario(CAMPAIGN)
    m = Match.start(game, loaded.data, seed=5, keep_snapshots=False, data_folder=designer_folder_of(CAMPAIGN))
    ai = make_ai(seed=5, side="un")
    assert ai.explain(m, {"type": "move", "unit": "nobody", "to": [1, 1]}) == ""
    assert ai.explain(m, {"type": "no-such-kind"}) == ""
