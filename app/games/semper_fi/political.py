"""Political officers (3.3). A Chinese unit may shrug off a Suppressed result by losing one more
step; Paralysed and SYR results stand. By default the choice is a standing order the Chinese
player gives with the game's options (``political_officers``): "never", "contact" (the default:
only units in a hex next to a revealed enemy, where a suppression would stop an assault) or
"always"; the step then comes from the Chinese unit in the hex with the most steps, so that fire
stays one action. With the switch ``political-officers-choice`` on (the New Game dialog offers it
in every scenario with Chinese units) the Chinese player is asked at each Suppressed result
instead, once the action that caused it is over, and picks which unit of the hex pays (C7.5).
A unit never trades away its last step. The second half of 3.3 (no step-loss morale penalty for
Chinese attackers in assault) is in morale.effective."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.units import bd, lose_steps, other, side_at, udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import Pending, SFState

POLICIES = ("never", "contact", "always", "ask")
CHOICE = "political-officers-choice"       # the switch: ask the Chinese player every time (C7.5)


def policy(state: "SFState") -> str:
    if state.options.get(CHOICE):
        return "ask"
    p = str(state.options.get("political_officers", "contact"))
    return p if p in POLICIES else "contact"


def has_chinese(scenario: dict[str, Any]) -> bool:
    """True when some formation the scenario sets up or brings on is Chinese (the switch is offered)."""
    from app.games.semper_fi.data import counters
    forms = {x.get("formation") for kind in ("setup", "reinforcement") for e in scenario.get(kind) or []
             if isinstance(e, dict) for x in e.get("units") or [] if isinstance(x, dict)}
    return any(d.type.nation == "ccf" and d.formation in forms for d in counters().units.values())


def payers(state: "SFState", uid: str) -> list[str]:
    """The Chinese units in ``uid``'s hex that may give the step (never a last step), the one with
    most steps first."""
    side = udef(uid).side
    return sorted((u for u in side_at(state, state.units[uid].at, side)
                   if udef(u).type.nation == "ccf" and state.units[u].steps >= 2),
                  key=lambda u: (-state.units[u].steps, u != uid, u))


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
    if pol in ("never", "ask") or h not in bd(state).hexset:
        return False
    if pol == "contact" and not in_contact(state, h, d.side):
        return False
    who = payers(state, uid)
    if not who:
        return False
    _pay(state, uid, who[0], ctx)
    return True


def _pay(state: "SFState", uid: str, payer: str, ctx: Context) -> None:
    lose_steps(state, payer, 1, ctx, "3.3", "a political officer drives the men on")
    ctx.log(f"{udef(uid).label} ignores the suppression: its political officer drives it on at the cost of a step",
            "3.3", kind="morale", unit=uid)


def offer(state: "SFState", uid: str) -> None:
    """With the choice switched on, a suppressed Chinese unit that could pay is put to its owner
    (C7.5), ahead of the decisions already waiting, like a retreat."""
    from app.games.semper_fi.state import Pending
    d = udef(uid)
    s = state.units[uid]
    if (policy(state) != "ask" or d.type.nation != "ccf" or s.at not in bd(state).hexset
            or s.morale != "suppressed" or not payers(state, uid)):
        return
    if any(p.kind == "political" and p.units == [uid] for p in state.pending):
        return
    state.pending.insert(0, Pending("political", d.side, [uid], s.at))


def options(state: "SFState", p: "Pending") -> list[dict[str, Any]]:
    """The choices of a waiting political-officer decision: which unit pays, or stay suppressed."""
    uid = p.units[0]
    s = state.units[uid]
    if s.at != p.hex or s.morale != "suppressed":
        return [{"type": "pass"}]                        # broken further or gone meanwhile
    return [{"type": "political", "unit": uid, "payer": x} for x in payers(state, uid)] + [{"type": "pass"}]


def shake_off(state: "SFState", uid: str, payer: str, ctx: Context) -> None:
    """Carry out the owner's choice: ``payer`` gives a step and ``uid`` is no longer suppressed."""
    _pay(state, uid, payer, ctx)
    if state.units[uid].steps > 0:
        state.units[uid].morale = ""
