"""Where illumination may be aimed (1.2, 1.3b, 3.7). At night the spotting range is a hex or
two, so a round that had to be aimed at a *spotted* enemy could never light anything new. The
module's own condition (1.3b) is only that a revealed enemy stand within 5 hexes of the aim
point. We let an illum round be aimed at the hex of any revealed enemy unit that one of the
side's spotters (1.8e) has a line of sight to, at any distance up to the day range for open
ground (C5.2); that keeps the choice short and always meets 1.3b. North Koreans and Chinese fire
no illum at all (3.7): callers offer it to the US side only. Scatter (1.2b) and the burn-out at
the start of the US action phase (1.2a) are in indirect.py and sequence.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.semper_fi.data import tables
from app.games.semper_fi.sight import los
from app.games.semper_fi.units import bd, other, units_of

if TYPE_CHECKING:
    from app.games.semper_fi.state import SFState


def targets(state: "SFState", side: str, observers: list[str]) -> list[str]:
    """Hexes an illum round may be aimed at now: revealed enemies a spotter has LOS to."""
    from app.games.semper_fi.indirect import no_fire_hexes
    b = bd(state)
    reach = int(tables()["spotting"]["day"]["open"])
    bad = no_fire_hexes(state, side)
    ohexes = sorted({state.units[o].at for o in observers})
    out = set()
    for u in units_of(state, other(side)):
        s = state.units[u]
        if s.hidden or s.at in bad or s.at in out:
            continue
        if any(b.grid.distance(o, s.at) <= reach and los(state, b, o, s.at)[0] for o in ohexes):
            out.add(s.at)
    return sorted(out)


def burns_out(state: "SFState", x: Any) -> bool:
    """1.2a: at the start of the US action phase the illum markers come off, except those fired in
    this turn's aircraft and artillery phase: they were fired to light this turn's action phases
    (otherwise a round fired then would burn out unseen whenever the US moves first)."""
    return x.kind == "illum" and x.placed != f"{state.turn}:air-artillery"


def near_revealed_enemy(state: "SFState", side: str, h: str) -> bool:
    """1.3b: a revealed enemy unit within the illum radius of ``h``."""
    b = bd(state)
    r = int(tables()["spotting_mods"]["illum_radius"])
    return any(not state.units[u].hidden and b.grid.distance(state.units[u].at, h) <= r
               for u in units_of(state, other(side)))
