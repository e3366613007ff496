"""The Frozen Chosin computer commander (app/ai/frozen_chosin): it only ever picks one of the
game's legal actions, finishes games for any mix of computer and other seats, is reproducible
for a seed, beats random commands in a small fixed sample, and makes the obvious move in a few
fixed positions. Sizes are small on purpose (the 100-game figures are in docs/ai.md)."""

from __future__ import annotations

import math

import pytest

from app.ai.frozen_chosin import LEVELS, make_ai
from app.engine.match import Match
from app.engine.players import RandomPlayer
from app.engine.scenario import load_scenario
from app.games.frozen_chosin import GAME

from tests.frozen_chosin.helpers import test_table_folder  # noqa: F401 - autouse fixture
from tests.frozen_chosin.helpers import FIRST_DAYS, act, cleared, new, only, put, start_activation, to_phase
from tests.frozen_chosin.test_combat import MARKERS, SETUP


def _first_days(turns: int = 2) -> dict:
    """The two-day scenario, or only its first day (to keep the tests short)."""
    game, loaded = load_scenario(FIRST_DAYS)
    assert game is GAME
    return {**loaded.data, "turns": turns}


def _acting_command(st) -> str:
    return st.pending.command if st.pending is not None else st.current


def play(seats: dict[str, object], seed: int, data: dict | None = None) -> tuple[Match, int]:
    """Play a game where ``seats`` maps a command id (or a side) to a player; return the match
    and how many decisions the computer commanders made. Every choice must be legal."""
    match = Match.start(GAME, data or _first_days(), seed=seed, keep_snapshots=False)
    made = 0
    for _ in range(20000):
        if match.outcome() is not None:
            break
        legal = match.legal_actions()
        assert legal, "a dead end: no legal action and no outcome"
        st = match.state
        player = seats.get(_acting_command(st)) or seats[st.active]
        action = player.choose(match, legal)
        assert action in legal, f"{player.name} chose {action}, which is not legal"
        if player.name.startswith("ai"):
            made += 1
        match.apply(action, checked=True)
    assert match.outcome() is not None
    return match, made


def test_factory_levels_and_players_registry():
    from app.ai.registry import factory
    assert {"easy", "normal", "hard"} <= set(LEVELS)   # the New Game dialog offers all three
    ai = factory(GAME, "ai")(seed=3, side="un", level="easy")
    assert ai.name == "ai:easy"
    with pytest.raises(ValueError):
        make_ai(seed=1, side="pva", level="no-such-level")


@pytest.mark.parametrize("seed", [11])
def test_ai_against_ai_finishes_with_legal_choices(seed):
    match, made = play({"un": make_ai(seed=seed, side="un"), "pva": make_ai(seed=seed, side="pva")}, seed)
    assert made > 50
    assert match.state.result and match.state.turn == match.state.turns


def test_any_subset_of_commands():
    """The computer holds one command of each side (and the easy level a third); random
    players hold the rest, command by command, as seats do in the window."""
    seed = 5
    rnd_un, rnd_pva = RandomPlayer(seed, "un"), RandomPlayer(seed, "pva")
    seats = {"un-yudam": make_ai(seed=seed, side="un"), "pva-20": make_ai(seed=seed, side="pva"),
             "un-hagaru": make_ai(seed=seed, side="un", level="easy"),
             "un": rnd_un, "pva": rnd_pva}
    match, made = play(seats, seed, _first_days(turns=1))
    assert made > 20
    assert match.outcome() is not None


def test_same_seed_same_game():
    def digest(seed):
        m, _ = play({"un": make_ai(seed=seed, side="un", level="easy"),
                     "pva": make_ai(seed=seed, side="pva")}, seed, _first_days(turns=1))
        return m.digest()
    assert digest(2) == digest(2)


@pytest.mark.parametrize("ai_side,seed", [("un", 21), ("pva", 21)])
def test_beats_random_in_a_fixed_sample(ai_side, seed):
    other = "pva" if ai_side == "un" else "un"
    match, _ = play({ai_side: make_ai(seed=seed, side=ai_side), other: RandomPlayer(seed, other)}, seed)
    assert match.outcome().winner == ai_side, match.state.reason


# ------------------------------------------------------------------ fixed positions
def fight_state(phase: str = "night"):
    return cleared(SETUP, MARKERS, phase, turn=3)


def test_defender_faces_the_weakest_attacker():
    st = fight_state()
    put(st, "1-5a", 55, 40)
    put(st, "235-1", 55, 39.4)
    put(st, "79-mtr", 56.1, 40)   # the mortar base: 1 firepower die against 2
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    legal = GAME.legal_actions(st)
    both = next(a for a in legal if a["type"] == "attack" and len(a["attackers"]) == 2)
    act(st, both)
    assert st.pending is not None and st.pending.kind == "face"
    ai = make_ai(seed=1, side="un")
    choice = ai.decide(st, GAME.legal_actions(st))
    assert choice == {"type": "face", "attacker": "79-mtr"}


def test_chinese_attack_with_every_base_in_contact():
    st = fight_state()
    put(st, "1-5a", 55, 40, hits=1)
    put(st, "235-1", 55, 39.4)
    put(st, "235-2", 56.2, 40)
    put(st, "235-3", 53.8, 40)
    start_activation(st, "r235")
    act(st, {"type": "end-move"})
    choice = make_ai(seed=1, side="pva").decide(st, GAME.legal_actions(st))
    assert choice["type"] == "attack" and choice["defender"] == "1-5a"
    assert sorted(choice["attackers"]) == ["235-1", "235-2", "235-3"]


def test_chinese_close_on_the_allies():
    st = fight_state()
    put(st, "1-5a", 55, 34)
    put(st, "235-1", 55, 44)
    start_activation(st, "r235")
    before = math.dist((55, 44), (55, 34))
    ai = make_ai(seed=1, side="pva")
    while st.activation is not None and st.activation.step == "move":
        act(st, ai.decide(st, GAME.legal_actions(st)))
    b = st.bases["235-1"]
    assert math.dist((b.x, b.y), (55, 34)) < before - 4


def test_allies_evacuate_their_wounded_first():
    st = new(SETUP, MARKERS)
    to_phase(st, "night", {"un-yudam": ["evacuate"]})
    st.bases["1-5a"].status = "casualty"
    st.current, st.activation, st.pending = "un-yudam", None, None
    st.active = "un"
    legal = GAME.legal_actions(st)
    assert any(a["type"] == "activate" for a in legal)
    choice = make_ai(seed=1, side="un").decide(st, legal)
    assert choice == {"type": "attempt", "op": "evacuate", "target": "1-5a"}


def test_dice_placement():
    st = new(SETUP, MARKERS)
    assert st.phase == "operations"
    un, pva = make_ai(seed=1, side="un"), make_ai(seed=1, side="pva")
    while st.phase == "operations":
        c = st.commands[st.current]
        ai = un if c.side == "un" else pva
        act(st, ai.decide(st, GAME.legal_actions(st)))
    assert "evacuate" in st.commands["un-yudam"].planned
    assert "surprise-attack" in st.commands["pva-27"].planned


def test_opportunity_fire_is_taken():
    """A Chinese base moves by day within range of Allied guns: the Allied commander fires."""
    st = fight_state("day")
    put(st, "1-11", 62, 33)
    put(st, "1-5a", 55, 36)
    put(st, "235-1", 55, 44)
    start_activation(st, "r235")
    moves = [a for a in GAME.legal_actions(st) if a["type"] == "move" and a["unit"] == "235-1"]
    toward = min(moves, key=lambda a: math.dist(a["to"], (55, 36)))
    act(st, toward)
    assert st.pending is not None and st.pending.kind == "opportunity"
    choice = make_ai(seed=1, side="un").decide(st, GAME.legal_actions(st))
    assert choice["type"] == "opportunity"


def test_chinese_lie_low_by_day():
    """By day a Chinese regiment out of contact stays where it is (normal level)."""
    st = fight_state("day")
    put(st, "1-5a", 55, 34)
    put(st, "235-1", 55, 44)
    start_activation(st, "r235")
    assert make_ai(seed=1, side="pva").decide(st, GAME.legal_actions(st)) == {"type": "end-move"}


def test_the_last_wounded_of_a_marine_regiment_are_reorganized_before_they_are_flown_out():
    """FC-16.2 as DECISIONS.md reads it: evacuated bases count towards a destroyed Marine
    regiment, so with every base of the 1/1 Marines off the table the commander brings one back
    (Reorganize) before it evacuates any."""
    from app.games.frozen_chosin import sequence as Q
    st = cleared(SETUP + [{"regiment": "1-1", "at": [60, 30]}], MARKERS, "night", turn=3)
    put(st, "h-3-1", 60, 30)                       # a friendly base to restore next to
    for b in st.regiments["1-1"].bases:
        st.bases[b].status = "casualty"
    c = st.commands["un-hagaru"]
    c.planned = ["evacuate", "reorganize-un"]
    st.current = c.id
    Q.set_active(st)
    legal = GAME.legal_actions(st)
    assert {"evacuate", "reorganize-un"} <= {a["op"] for a in legal if a["type"] == "attempt"}
    a = make_ai(seed=1, side="un").decide(st, legal)
    assert a["type"] == "attempt" and a["op"] == "reorganize-un" and a["target"] in st.regiments["1-1"].bases
