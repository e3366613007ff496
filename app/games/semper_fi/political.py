"""Political officers (3.3). A Chinese unit may shrug off a Suppressed result by losing one more
step; Paralysed and SYR results stand. The choice is a standing order the Chinese player gives
with the game's options (``political_officers``): "never", "contact" (the default: only units in
a hex next to a revealed enemy, where a suppression would stop an assault) or "always". The
step comes from the Chinese unit in the hex with the most steps (the owner's pick in 3.3; we use
C6.2's loss rule so that fire stays one action). A unit never trades away its last step. The
second half of 3.3 (no step-loss morale penalty for Chinese attackers in assault) is in
morale.effective."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.game import Context
from app.games.semper_fi.units import bd, lose_steps, other, side_at, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

POLICIES = ("never", "contact", "always")


def policy(state: "SFState") -> str:
    p = str(state.options.get("political_officers", "contact"))
    return p if p in POLICIES else "contact"


def in_contact(state: "SFState", h: str, side: str) -> bool:
    b = bd(state)
    return any(not state.units[e].hidden for n in b.grid.neighbours(h) for e in side_at(state, n, other(side)))


def trade(state: "SFState", uid: str, ctx: Context) -> bool:
    """Turn a Suppressed result on a Chinese unit into a step loss when the standing order says
    so; True when the trade was made (the unit is then not suppressed)."""
    d = udef(uid)
    if d.type.nation != "ccf":
        return False
    pol = policy(state)
    h = state.units[uid].at
    if pol == "never" or h not in bd(state).hexset:
        return False
    if pol == "contact" and not in_contact(state, h, d.side):
        return False
    payers = sorted((u for u in side_at(state, h, d.side)
                     if udef(u).type.nation == "ccf" and state.units[u].steps >= 2),
                    key=lambda u: (-state.units[u].steps, u != uid, u))
    if not payers:
        return False
    lose_steps(state, payers[0], 1, ctx, "3.3", "a political officer drives the men on")
    ctx.log(f"{d.label} ignores the suppression: its political officer drives it on at the cost of a step",
            "3.3", kind="morale", unit=uid)
    return True
