"""Who holds an op sheet (C12.8). By default a formation as the counters group it (a battalion,
or a company that is its own formation). A scenario may split a side finer
(``rules.opsheet_holders``): by company, where counters.toml lists a formation's companies, or by
platoon, each rifle platoon on its own sheet. That is 4.1's Op Sheets variant, which has the
Marines' orders drawn per company, or per platoon if the players like.

A holder is named by an id that is also the ``formation`` field of the sheet actions: the
formation id, ``formation/company``, or a platoon's unit id. What is left over at a finer grain
(a battalion's heavy weapons, its HQ) stays with the formation's own sheet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.semper_fi.data import counters
from app.games.semper_fi.units import udef

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState

GRAINS = ("formation", "company", "platoon")


def grain(state: "SFState", side: str) -> str:
    """The side's holder grain; ``formation`` unless the scenario says otherwise."""
    spec = (state.scen.get("rules") or {}).get("opsheet_holders") or {}
    g = spec.get(side, "formation") if isinstance(spec, dict) else "formation"
    return g if g in GRAINS else "formation"


def holder_of(state: "SFState", uid: str) -> str:
    """The holder whose sheet governs unit ``uid``."""
    d = udef(uid)
    g = grain(state, d.side)
    if g == "platoon" and d.type.platoon:
        return uid
    if g != "formation" and d.company:
        return f"{d.formation}/{d.company}"
    return d.formation


def members(state: "SFState", holder: str) -> list[str]:
    """The units (in play or not) a holder's sheet governs, in id order."""
    return [u for u in sorted(state.units) if holder_of(state, u) == holder]


def holders(state: "SFState", side: str) -> list[str]:
    """Every holder of ``side`` with at least one unit in the game, in id order."""
    return sorted({holder_of(state, u) for u in state.units if udef(u).side == side})


def formation_of(holder: str) -> str:
    """The formation a holder belongs to: scenario entries such as ``[opsheets.formations]``
    (C12.6) name formations and reach every holder inside them."""
    units = counters().units
    if holder in units:
        return units[holder].formation
    return holder.split("/", 1)[0]


def company_name(formation: str, company: str) -> str:
    """A company's name from counters.toml (``A/1/5``), or its id where none is given."""
    f = counters().formations.get(formation, {})
    return next((str(x["name"]) for x in f.get("companies") or [] if x["id"] == company), company)


def name(state: "SFState", holder: str) -> str:
    """A holder's name for players: the formation's, the company's (``A/1/5``), or the
    platoon's label; a battalion split into companies keeps its name for the rest."""
    c = counters()
    if holder in c.units:
        d = c.units[holder]
        return f"{d.label} ({company_name(d.formation, d.company)})" if d.company else d.label
    fid, _, company = holder.partition("/")
    f = c.formations.get(fid, {})
    if company:
        return company_name(fid, company) + (" company weapons" if grain(state, str(f.get("side", ""))) == "platoon"
                                             else "")
    base = str(f.get("name", fid))
    if f.get("companies") and grain(state, str(f.get("side", ""))) != "formation":
        return f"{base} (battalion units)"
    return base
