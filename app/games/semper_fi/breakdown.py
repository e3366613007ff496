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
    return s if isinstance(s, dict) and s.get("regiment") else {}


def regiments(state: "SFState") -> list[str]:
    """The regiment named first and any ``also`` (7.3's 173rd: a separate roll for each)."""
    sp = spec(state)
    return [str(sp["regiment"])] + [str(r) for r in sp.get("also", []) or []] if sp else []


def broken(state: "SFState", regiment: str) -> bool:
    regs = regiments(state)
    return state.broken_down if regs and regiment == regs[0] else regiment in state.broken_also


def shielded(state: "SFState", uid: str) -> bool:
    """True while a unit of the regiment ignores its battalion morale (before the breakdown)."""
    reg = udef(uid).regiment
    return reg in regiments(state) and not broken(state, reg)


def may_recover(state: "SFState", battalion: str) -> bool:
    from app.games.semper_fi.data import counters
    regs = [r for r in regiments(state) if broken(state, r)]
    return not any(d.battalion == battalion and d.regiment in regs for d in counters().units.values())


def roll(state: "SFState", ctx: Context) -> None:
    """At the start of the Chinese action phase, from the named turn on."""
    sp = spec(state)
    if not sp:
        return
    from app.games.semper_fi.scenario import turn_index
    start = turn_index(state, sp.get("from", "")) or 1
    if state.turn < start:
        return
    rule = str(sp.get("rule", "7.1"))
    for reg in regiments(state):
        if broken(state, reg):
            continue
        r = ctx.d6(f"Attack breakdown of the {reg} Regiment", rule)
        if r < int(sp.get("on", 5)):
            continue
        if reg == regiments(state)[0]:
            state.broken_down = True
        else:
            state.broken_also.append(reg)
        ctx.log(f"The {reg} Regiment's attack breaks down: its men forage for food and warm "
                "clothes, and its battalion morale now counts", rule, kind="morale")
