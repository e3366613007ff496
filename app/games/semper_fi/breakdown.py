"""Chinese Attack Breakdown (7.1, 7.3). The named regiment's battalions gather battalion morale
as usual but feel none of it, and may roll to recover it, until their attack breaks down: from
the turn the scenario names, the Chinese player rolls a die at the start of each of his action
phases and on 5-6 the frozen troops turn to foraging. From then on their battalion morale
counts in full and they may no longer roll to recover it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.engine.game import Context
from app.games.semper_fi.units import udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def spec(state: "SFState") -> dict[str, Any]:
    s = (state.scen.get("rules") or {}).get("attack_breakdown")
    return s if isinstance(s, dict) else {}


def shielded(state: "SFState", uid: str) -> bool:
    """True while a unit of the regiment ignores its battalion morale (before the breakdown)."""
    sp = spec(state)
    return bool(sp) and not state.broken_down and udef(uid).regiment == sp.get("regiment")


def may_recover(state: "SFState", battalion: str) -> bool:
    sp = spec(state)
    if not sp or not state.broken_down:
        return True
    from app.games.semper_fi.data import counters
    return not any(d.battalion == battalion and d.regiment == sp.get("regiment") for d in counters().units.values())


def roll(state: "SFState", ctx: Context) -> None:
    """At the start of the Chinese action phase, from the named turn on."""
    sp = spec(state)
    if not sp or state.broken_down:
        return
    from app.games.semper_fi.scenario import turn_index
    start = turn_index(state, sp.get("from", "")) or 1
    if state.turn < start:
        return
    r = ctx.d6(f"Attack breakdown of the {sp.get('regiment')} Regiment", str(sp.get("rule", "7.1")))
    if r >= int(sp.get("on", 5)):
        state.broken_down = True
        ctx.log(f"The {sp.get('regiment')} Regiment's attack breaks down: its men forage for food and warm "
                "clothes, and its battalion morale now counts", str(sp.get("rule", "7.1")), kind="morale")
