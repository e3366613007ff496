"""The Frozen Chosin computer commander: one object per side, deciding for whichever of that
side's commands the state says must act (``state.current``, or the command a pending face or
opportunity decision belongs to), so it serves any subset of the six seats.

Each decision is a scored pick among the game's ``legal_actions``; it never builds an action of
its own. See :mod:`planning` (dice and HQ operations) and :mod:`tactics` (moves, attacks, fire,
interrupts). The player reads only public information and its own commands' dice; its own
generator (seeded from the game seed and side) is used only by the easy level.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from app.ai.frozen_chosin import planning, tactics
from app.engine.rng import Rng
from app.games.frozen_chosin.common import is_day, live
from app.games.frozen_chosin.state import PVA, UN, FCState

Action = dict[str, Any]

#: Levels: ``blunder`` is the share of decisions an easy commander makes at random. The
#: window's New Game dialog also offers ``hard``; it plays as ``normal`` for now (docs/ai.md).
LEVELS: dict[str, dict[str, float]] = {
    "easy": {"blunder": 0.3, "night_fighter": 0.0},
    "normal": {"blunder": 0.0, "night_fighter": 1.0},
    "hard": {"blunder": 0.0, "night_fighter": 1.0},
}


@dataclass
class FrozenChosinAI:
    side: str
    level: str = "normal"
    seed: int = 0

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown level {self.level!r} (levels: {', '.join(LEVELS)})")
        self.name = f"ai:{self.level}"
        self.blunder = LEVELS[self.level]["blunder"]
        self.night_fighter = bool(LEVELS[self.level]["night_fighter"])
        self.rng = Rng.from_seed(self.seed * 7349 + sum(map(ord, self.side or "")) + 17)

    def choose(self, match: Any, legal: list[Action]) -> Action:
        return self.decide(match.state, legal)

    def explain(self, match: Any, action: Action) -> str:
        """Why ``action``, in a player's words (the Hint's reason; never changes a choice)."""
        from app.ai.frozen_chosin.reasons import explain
        try:
            return explain(self, match.state, action)
        except Exception:  # noqa: BLE001 - a missing reason never breaks the hint
            return ""

    def decide(self, st: FCState, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        if self.blunder and self.rng.below(1000) < int(self.blunder * 1000):
            return self.rng.choice(legal)
        t = legal[0]["type"]
        if t == "smith-choice":
            return next((a for a in legal if a.get("choice") == "airstrip"), legal[0])
        if st.phase == "operations":
            return planning.plan_choice(st, st.commands[st.current], legal)
        if st.pending is not None:
            if st.pending.kind == "face":
                return tactics.choose_face(st, legal)
            return tactics.choose_opportunity(st, legal)
        act = st.activation
        if act is None:
            return self.choose_action(st, legal)
        if act.step == "move":
            if self.night_fighter and is_day(st) and st.regiments[act.regiment].side == PVA:
                return next(a for a in legal if a["type"] == "end-move")   # stay hidden by day
            return tactics.choose_move(st, legal)
        return tactics.choose_fight(st, legal)

    # ------------------------------------------------------------------ alternation (FC-3.2)
    def choose_action(self, st: FCState, legal: list[Action]) -> Action:
        """Attempt the best-paying operation, else activate the regiment that matters most
        (through Surprise Attack or Infiltrate when the command bought them), else pass."""
        c = st.commands[st.current]
        best, best_v = None, 0.0
        memo: dict[tuple[str, str], bool] = {}   # spotting answers of this unchanged state
        for a in legal:
            v = 0.0
            if a["type"] == "attempt":
                from app.games.frozen_chosin.common import B
                eff = B().operations[a["op"]]["effect"]
                if eff in ("surprise", "infiltrate"):
                    v = self._regiment_value(st, a["target"], memo) * (1.6 if eff == "surprise" else 1.3) + 0.5
                else:
                    v = planning.attempt_value(st, c, a["op"], a["target"])
            elif a["type"] == "activate":
                v = self._regiment_value(st, a["regiment"], memo)
            elif a["type"] == "guns":
                from app.ai.frozen_chosin.aims import kill_value
                v = kill_value(st, st.bases[a["target"]], max(st.offtable_guns, 1)) + 1.0
            if v > best_v + 1e-9:
                best, best_v = a, v
        if best is not None:
            return best
        return next(a for a in legal if a["type"] == "pass")

    def _regiment_value(self, st: FCState, rid: str, memo: dict[tuple[str, str], bool] | None = None) -> float:
        """Chinese: how close the regiment is to Allied bases (sooner attacks first). Allied: a
        regiment with suppressed bases (morale may rally them, FC-10), guns with targets, or
        bases still on a road goes before one already dug in."""
        reg = st.regiments[rid]
        bases = [st.bases[b] for b in reg.bases if st.bases[b].status == "on"]
        if not bases:
            return 0.0
        foes = list(live(st, UN if reg.side == PVA else PVA))
        if reg.side == PVA:
            if not foes:
                return 0.1
            if is_day(st) and self.night_fighter:
                # by day the Chinese lie low (FC-9 opportunity fire and FC-12.3 air strikes only
                # by day; the defender fires first, FC-7.4): only regiments already touching an
                # Allied base or with guns in range activate
                from app.games.frozen_chosin.combat import contacts, targets_for
                return 1.0 if any(contacts(st, b) or targets_for(st, b, memo) for b in bases) else 0.0
            d = min(math.dist((b.x, b.y), (e.x, e.y)) for b in bases for e in foes)
            return 1.0 + len(bases) * 0.2 + 30.0 / (5.0 + d)
        from app.games.frozen_chosin.combat import contacts, targets_for
        from app.games.frozen_chosin.common import G
        g = G(st)
        v = 0.5
        from app.ai.frozen_chosin.aims import marching
        v += 3.0 if any(marching(st, b) for b in bases) else 0.0
        v += 2.0 * sum(1 for b in bases if b.suppressed)
        v += 1.5 * sum(1 for b in bases if targets_for(st, b, memo))
        v += 0.5 * sum(1 for b in bases if contacts(st, b))
        v += 1.0 * sum(1 for b in bases if g.on_road((b.x, b.y)))
        return v


def make_ai(seed: int = 0, side: str = "", level: str = "normal") -> FrozenChosinAI:
    return FrozenChosinAI(side=side, level=level or "normal", seed=seed)
