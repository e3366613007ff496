"""Look-ahead for ``ai:hard``: try a few movement plans against the normal AI's reply.

At the end of its turn (the Movement Phase) the hard AI builds its normal plan and a few
variants (more careful, more forward, the star-city screen first), then, for each, plays the
rest of the game turn on a private copy of the position: the plan, Housekeeping, and the
enemy's whole next player turn chosen by the normal AI (its own reactions inside it by the
normal AI too). The position it comes back to is scored (the game won or lost, strength on the
map, the victory the rules would give if the game ended there); a variant is kept instead of
the normal plan only when its mean over the samples beats the normal plan's by a margin.

The side that moves first (the Communists, 4.0) plays each copy on through its own next Combat
Phase, since its infantry can attack next turn only from the contact its plan makes (8.1), and
tries one more plan, one that seeks that contact.

The copies roll their dice from the AI's own generator, seeded from the game seed, the turn and
the sample number (the same samples for every plan, so plans are compared on the same luck);
the real game's dice stream is never read. A seed still replays the same game.
"""

from __future__ import annotations

from typing import Any

from app.engine.game import Action, Context
from app.engine.rng import Rng
from app.games.korea38 import GAME
from app.games.korea38.state import K38State
from app.games.korea38.victory import determine

from app.ai.korea38.situation import Situation

RANK = {"decisive": 3, "substantive": 2, "marginal": 1}


class _Sim:
    """The smallest stand-in for a match the AI reads (``state``), applied in place."""

    def __init__(self, state: K38State):
        self.state = state

    def legal(self) -> list[Action]:
        return GAME.legal_actions(self.state, None)

    def apply(self, action: Action) -> None:
        ctx = Context(self.state.rng, side=self.state.active)
        GAME.apply(self.state, action, ctx)
        if GAME.outcome(self.state) is not None:
            self.state.finished = True


def score(state: K38State, side: str) -> float:
    """How good a position is for ``side``: the game over, strength on the map, and the
    result the rules would give now (5.1-5.3)."""
    out = GAME.outcome(state)
    if out is not None:
        if out.winner == side:
            return 1000.0
        if out.winner:
            return -1000.0
    sit = Situation(state, side)
    s = float(sit.my_strength - sit.enemy_strength)
    try:
        res = determine(state)
    except Exception:  # noqa: BLE001 - a judgement, never a crash
        return s
    rank = RANK.get(res.get("level"), 0)
    counts = res.get("counts") or {}
    margin = counts.get(side, 0) - counts.get(sit.enemy, 0)
    won = res.get("winner") == side
    return s + (6.0 * rank if won else -6.0 * rank) + 0.25 * margin


def play_out(state: K38State, side: str, plan: list[Action], seed: int,
             max_actions: int = 3000, through_combat: bool = False) -> float:
    """The score (for ``side``) of the position ``play_on`` reaches."""
    return score(play_on(state, side, plan, seed, max_actions, through_combat), side)


def play_on(state: K38State, side: str, plan: list[Action], seed: int,
            max_actions: int = 3000, through_combat: bool = False) -> K38State:
    """Play ``plan`` (the rest of my Movement Phase) on a copy, then on with the normal AI on
    both sides until my next player turn begins: the enemy has replied. ``through_combat``:
    go on through my own next Combat Phase, to my next Movement Phase. The side that moves
    first can attack next turn only from the contact this plan makes (8.1), so its plan is
    worth what those battles bring, not only what the enemy's reply leaves."""
    from app.ai.korea38.player import KoreaAI
    st = state.copy()
    st.rng = Rng.from_seed(seed)
    sim = _Sim(st)
    me = KoreaAI(seed, side, "normal")
    me._plan_key = (st.turn, st.phase, st.amph_used)
    me._queue = list(plan)
    enemy_side = next(s for s in GAME.sides if s != side)
    them = KoreaAI(seed + 1, enemy_side, "normal")
    start_turn = st.turn
    for _ in range(max_actions):
        if st.finished:
            break
        if st.turn > start_turn and st.active == side and st.phase.startswith(side) and (
                not through_combat or st.phase == f"{side}-movement"):
            break
        legal = sim.legal()
        if not legal:
            break
        who = me if st.active == side else them
        a = who.choose(sim, legal)
        sim.apply(a)
    return st


def pick(means: list[float], margin: float) -> int:
    """Which plan to keep: the first (the normal plan) unless the best other one beats it by
    more than ``margin`` points of score. A sampled enemy turn swings the strength on the map
    by a division or two on the dice alone, so a small lead is noise, and chasing noise made
    the hard AI no better than the normal one (docs/ai.md)."""
    if not means:
        return 0
    best = max(range(len(means)), key=lambda i: (means[i], -i))
    return best if means[best] > means[0] + margin else 0


def variants(first_mover: bool = False) -> list[dict[str, Any]]:
    """Configuration overrides for the alternative plans (the first is the normal plan). The
    side that moves first gets one more: a plan that seeks contact (the only way its infantry
    can attack next turn, 8.1), weighing the danger of standing next to the enemy less."""
    out = [
        {},
        {"threat_scale": 1.6, "garrison_scale": 1.5},
        {"prog_scale": 1.6, "obj_scale": 1.4, "threat_scale": 0.7},
        {"cover_scale": 1.6, "threat_scale": 1.2},
    ]
    if first_mover:
        out.append({"first_mover_threat": 0.15, "contact_scale": 2.0, "min_contact": 0.1})
    return out
