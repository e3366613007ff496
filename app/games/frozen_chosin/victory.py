"""Victory points (FC-16): the Allies score evacuations and Hagaru-ri, the Chinese score
Allied casualties left on the field and whole Marine regiments destroyed."""

from __future__ import annotations

from app.games.frozen_chosin.common import R
from app.games.frozen_chosin.special import hagaru_held
from app.games.frozen_chosin.state import FCState


def marine_regiments_destroyed(st: FCState) -> list[str]:
    out = []
    for r in st.regiments.values():
        if not r.marine or r.outposts or not r.bases:
            continue
        states = [st.bases[b].status for b in r.bases]
        if all(s in ("casualty", "evacuated") for s in states):
            out.append(r.id)
    return out


def score(st: FCState) -> dict[str, int]:
    un = st.evacuated * int(R("vp_evacuate")) + (int(R("vp_hagaru")) if hagaru_held(st) else 0)
    cas = sum(1 for b in st.bases.values() if b.side == "un" and b.status == "casualty")
    pva = cas * int(R("vp_casualty")) + len(marine_regiments_destroyed(st)) * int(R("vp_marine_regiment"))
    return {"un": un, "pva": pva}


def breakdown(st: FCState) -> list[list[str]]:
    cas = sum(1 for b in st.bases.values() if b.side == "un" and b.status == "casualty")
    return [["Evacuated (UN +1 each)", str(st.evacuated)],
            ["Hagaru-ri held (UN +5)", "yes" if hagaru_held(st) else "no"],
            ["Allied casualties on the field (Chinese +1 each)", str(cas)],
            ["Marine regiments destroyed (Chinese +10 each)", str(len(marine_regiments_destroyed(st)))]]
