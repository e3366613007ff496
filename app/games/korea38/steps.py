"""Step losses and gains: every change of a unit's steps goes through here and is logged, so
the fuzzer can check that steps are conserved (3.3: two steps a unit, full and reduced)."""

from __future__ import annotations

from app.engine.game import Context

from app.games.korea38.data import Data
from app.games.korea38.state import ELIM, K38State, REMOVED


def steps_of(state: K38State, data: Data, uid: str) -> int:
    us = state.units[uid]
    if data.units[uid].is_air or us.at in ("pool", ELIM, REMOVED):
        return 0
    return 1 if us.reduced else 2


def lose_step(state: K38State, data: Data, uid: str, ctx: Context, rule: str, why: str) -> bool:
    """One step off ``uid``; True when that eliminated it."""
    us = state.units[uid]
    u = data.units[uid]
    side = u.side
    state.steps_lost[side] = state.steps_lost.get(side, 0) + 1
    if us.reduced:
        us.at = ELIM
        us.reduced = True
        ctx.log(f"{u.name} loses its last step ({why}) and is eliminated", rule, kind="loss",
                unit=uid, steps=1, side=side, eliminated=True)
        return True
    us.reduced = True
    ctx.log(f"{u.name} loses a step ({why}) and is flipped to its reduced side", rule, kind="loss",
            unit=uid, steps=1, side=side, eliminated=False)
    return False


def eliminate(state: K38State, data: Data, uid: str, ctx: Context, rule: str, why: str,
              to: str = ELIM) -> int:
    """Remove a unit with all its steps (to the Eliminated Units Box unless ``to`` says)."""
    n = steps_of(state, data, uid)
    u = data.units[uid]
    state.steps_lost[u.side] = state.steps_lost.get(u.side, 0) + n
    state.units[uid].at = to
    state.units[uid].reduced = True
    ctx.log(f"{u.name} is eliminated ({why})" if to == ELIM else f"{u.name} is removed ({why})",
            rule, kind="loss", unit=uid, steps=n, side=u.side, eliminated=True)
    return n


def gain(state: K38State, data: Data, uid: str, steps: int, ctx: Context, rule: str, text: str) -> None:
    side = data.units[uid].side
    state.steps_gained[side] = state.steps_gained.get(side, 0) + steps
    ctx.log(text, rule, kind="gain", unit=uid, steps=steps, side=side)
