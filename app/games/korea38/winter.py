"""Harsh winter (13.0) on the winter turns (7 and 8 unless the data says otherwise).

13.1 (road movement costs a full hex in full hexes north of the start line) lives in the movement
cost function; 13.2 grounds half the Allies' available air units, rounded down, as the turn
begins.
"""

from __future__ import annotations

from app.engine.game import Context

from app.games.korea38.data import ALLIED
from app.games.korea38.state import AIR, K38State
from app.games.korea38.zoc import data_of


def is_winter(state: K38State) -> bool:
    return data_of(state).winter(state.turn)


def ground_air(state: K38State, ctx: Context) -> None:
    """13.2: at the very start of a winter turn flip half (rounded down) of the available Allied
    air units to USED. They are interchangeable, so the last ones by id are grounded."""
    d = data_of(state)
    if not d.winter(state.turn):
        return
    avail = sorted(u for u, us in state.units.items() if d.units[u].is_air and d.units[u].side == ALLIED
                   and us.at == AIR and not us.used)
    n = len(avail) // 2
    grounded = avail[len(avail) - n:] if n else []
    for u in grounded:
        state.units[u].used = True
    ctx.log(f"Harsh winter grounds {n} of {len(avail)} Allied air units"
            + (f": {', '.join(d.units[u].name for u in grounded)}" if grounded else ""), "13.2",
            kind="winter", units=grounded)
