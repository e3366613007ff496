"""Victory points (FC-16): the Allies score evacuations and Hagaru-ri, the Chinese score
Allied casualties left on the field and whole Marine regiments destroyed. A scenario may add
the breakout reward (FC-D-BREAKOUT): cut-off regiments brought back to the division's towns.

A Marine regiment counts as destroyed when none of its bases is left on the table or waiting to
enter: every base is a casualty or was evacuated (FC-16.2; DECISIONS.md, "Eliminated").
"""

from __future__ import annotations

import math

from app.games.frozen_chosin.common import G, R, live
from app.games.frozen_chosin.special import hagaru_held
from app.games.frozen_chosin.state import Base, FCState


def marine_regiments_destroyed(st: FCState) -> list[str]:
    out = []
    for r in st.regiments.values():
        if not r.marine or r.outposts or not r.bases:
            continue
        states = [st.bases[b].status for b in r.bases]
        if all(s in ("casualty", "evacuated") for s in states):
            out.append(r.id)
    return out


def breakout_spots(st: FCState) -> list[tuple[float, float]]:
    """Centres of the places a cut-off regiment must reach (FC-D-BREAKOUT)."""
    g = G(st)
    return [p for p in (g.place(pid) for pid in st.breakout.places) if p is not None]


def broken_out(st: FCState, b: Base, spots: list[tuple[float, float]] | None = None) -> bool:
    """Does ``b`` (of a breakout regiment) stand within the radius of a breakout place?"""
    if b.status != "on" or b.regiment not in st.breakout.regiments:
        return False
    spots = breakout_spots(st) if spots is None else spots
    return any(math.dist((b.x, b.y), p) <= st.breakout.radius + 1e-9 for p in spots)


def breakout_count(st: FCState) -> int:
    if not st.breakout.vp:
        return 0
    spots = breakout_spots(st)
    return sum(1 for b in live(st, "un") if broken_out(st, b, spots))


def score(st: FCState) -> dict[str, int]:
    un = st.evacuated * int(R("vp_evacuate")) + (int(R("vp_hagaru")) if hagaru_held(st) else 0) \
        + breakout_count(st) * st.breakout.vp
    cas = sum(1 for b in st.bases.values() if b.side == "un" and b.status == "casualty")
    pva = cas * int(R("vp_casualty")) + len(marine_regiments_destroyed(st)) * int(R("vp_marine_regiment"))
    return {"un": un, "pva": pva}


def breakdown(st: FCState) -> list[list[str]]:
    cas = sum(1 for b in st.bases.values() if b.side == "un" and b.status == "casualty")
    rows = [["Evacuated (UN +1 each)", str(st.evacuated)],
            ["Hagaru-ri held (UN +5)", "yes" if hagaru_held(st) else "no"]]
    if st.breakout.vp:
        rows.append([f"Broken out to {_places(st)} (UN +{st.breakout.vp} each)", str(breakout_count(st))])
    return rows + [["Allied casualties on the field (Chinese +1 each)", str(cas)],
                   ["Marine regiments destroyed (Chinese +10 each)", str(len(marine_regiments_destroyed(st)))]]


def _places(st: FCState) -> str:
    """The breakout places by their names on the table, as "A, B or C"."""
    g = G(st)
    names = [g.place_name(pid) for pid in st.breakout.places]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
