"""What a fire would do, for the window's fire panel, before the player commits it.

Nothing here is a rule: the firepower, the table row, the modifiers and the chances all come
from the rules' own preview (``actions.preview``, which calls the same ``fire`` functions the
resolution calls). Two dice give 36 equally likely rolls, so each chance the rules give is turned
back into an exact fraction of 36 for the panel."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from app.engine.game import Action
from app.games.semper_fi import actions, odds
from app.games.semper_fi.state import SFState
from app.games.semper_fi.units import udef

FIRE_TYPES = ("fire", "point-fire", "overwatch", "artillery", "battery-fire", "mortar", "mortar-fire",
              "overwatch-mortar", "air-strike", "overwatch-air")
RULES = {"fire": "C6.1", "point-fire": "C6.4", "overwatch": "C6.3"}
# result words in the order the panel lists them (worst for the target last)
AREA_ORDER = ("no effect", "morale check", "1 step lost", "2 steps lost", "3 steps lost")


def _exact(p: float) -> Fraction:
    """A chance the rules rounded to 4 places, back to its exact count of the 36 rolls of 2d6."""
    return Fraction(round(float(p) * 36), 36)


def _where(state: SFState, action: Action) -> tuple[str | None, str | None]:
    """The firing hex and the target hex of a fire action (for the sight line)."""
    t = action.get("type")
    if t == "point-fire":
        return state.units[action["unit"]].at, state.units[action["target"]].at
    if t == "overwatch" and state.pending:
        return action.get("from"), state.pending[0].hex
    return action.get("from"), action.get("at")


def fire_odds(state: SFState, action: Action) -> dict[str, Any] | None:
    """``{title, rule, row, firepower, modifiers: [{label, value}], total, chances: [(word, Fraction)],
    from, to}`` for a fire action, else None."""
    t = action.get("type")
    if t not in FIRE_TYPES:
        return None
    if t in odds.INDIRECT:                      # artillery, mortars, aircraft (C9)
        return odds.INDIRECT[t](state, action)
    pv = actions.preview(state, action)
    if not pv:
        return None
    frm, to = _where(state, action)
    mods = [{"label": str(r), "value": int(v)} for r, v in pv["modifiers"]]
    out: dict[str, Any] = {"rule": RULES[t], "from": frm, "to": to, "modifiers": mods,
                           "total": sum(m["value"] for m in mods)}
    if "kill" in pv:
        kill, shaken = _exact(pv["kill"]), _exact(pv["shaken"])
        out.update(title=f"{udef(action['unit']).label} fires at {udef(action['target']).label}",
                   table="Point fire (2d6)", row="", firepower=None,
                   chances=[("no effect", 1 - kill - shaken), ("shaken", shaken), ("knocked out", kill)])
        return out
    ch = pv["chances"]
    exact = pv.get("exact") or {w: _exact(ch.get(w, 0.0)) for w in AREA_ORDER}
    title = (f"Overwatch fire from {frm} at {to}" if t == "overwatch" else f"Fire from {frm} at {to}")
    table = "Area Fire Table (2d6)"
    if pv.get("marked"):
        m = pv["marked"]
        table += (f"; units with a Fired marker join on the die ({m['chance'].numerator} in "
                  f"{m['chance'].denominator}), else firepower {m['firepower_without']}")
    if pv.get("spotter"):                       # C6.7: the hex relies on another unit's eyes
        sp = pv["spotter"]
        table += (f"; the target is spotted only from {sp['hex']}, so the fire comes on a die of 6 "
                  f"({sp['chance'].numerator} in {sp['chance'].denominator})")
        out["rule"] = "C6.7"
    out.update(title=title, table=table, row=str(pv["column"]), firepower=int(pv["firepower"]),
               chances=[(w, exact[w]) for w in AREA_ORDER if w in ch])
    return out
