"""Special rules (FC-14): Drive to the Yalu, Hagaru Firebase, General Smith's secret choice,
Task Force Drysdale; and the recycling of Chinese reserves (FC-15)."""

from __future__ import annotations

from shapely.geometry import Polygon

from app.engine.game import Context
from app.games.frozen_chosin.common import B, G, R, live, new_id, shape
from app.games.frozen_chosin.geometry import free_spot
from app.games.frozen_chosin.state import Base, FCState, Regiment

#: General Smith's secret choices (FC-14.4): what each does and when it comes to light.
SMITH = {
    "airstrip": "Build the Hagaru-ri airstrip early: every Evacuate roll gets +1 (revealed at the first Evacuate).",
    "stockpile": "Stockpile at Hagaru-ri: every Allied Reorganize roll gets +1 (revealed at the first Allied Reorganize).",
    "hold-back": "Slow the advance: Allied bases may fall back even on 28 and 29 Nov (revealed at the first Allied repulse then).",
}


def reveal_smith(st: FCState, ctx: Context) -> None:
    if st.smith_choice and not st.smith_revealed:
        st.smith_revealed = True
        ctx.reveal(f"General Smith's secret choice comes to light: {SMITH[st.smith_choice]}", "FC-14.4",
                   choice=st.smith_choice)


def smith_bonus(st: FCState, ctx: Context, choice: str) -> int:
    if st.smith_choice == choice:
        reveal_smith(st, ctx)
        return 1
    return 0


def no_retreat(st: FCState, ctx: Context) -> bool:
    """Drive to the Yalu (FC-14.1): no Allied retreat on the first two days."""
    if st.turn not in [int(t) for t in R("no_retreat_turns")]:
        return False
    if st.smith_choice == "hold-back":
        reveal_smith(st, ctx)
        return False
    return True


def hagaru_held(st: FCState) -> bool:
    """Hagaru-ri is held (FC-14.2, FC-16.1) when an Allied base stands in the town and no
    Chinese base does."""
    zone = G(st).town_zone("Hagaru", 0.25)
    if zone is None:
        return False
    un = any(zone.touches_base(b.x, b.y, b.w, b.h) for b in live(st, "un"))
    return un and not any(zone.touches_base(b.x, b.y, b.w, b.h) for b in live(st, "pva"))


def taken(st: FCState) -> list[Polygon]:
    return [shape(b) for b in st.bases.values() if b.status == "on"]


def place_regiment(st: FCState, ctx: Context, reg: Regiment, around: tuple[float, float], rule: str,
                   region: Polygon | None = None) -> int:
    g = G(st)
    n = 0
    for bid in reg.bases:
        b = st.bases[bid]
        if b.status != "off":
            continue
        spot = free_spot(around, b.w, b.h, taken(st), g, region=region, max_r=10.0)
        if spot is None:
            ctx.log(f"{b.name} finds no room to enter and waits", rule)
            continue
        b.x, b.y = spot
        b.status = "on"
        b.hits = 0
        b.position = ""
        n += 1
    return n


def reserves_enter(st: FCState, ctx: Context) -> None:
    """Recycling (FC-15): a Chinese reserve regiment enters once its command has lost as many
    bases as the regiment has, in the entry zone a d6 picks (Command Confusion)."""
    g = G(st)
    for c in st.commands.values():
        if c.side != "pva":
            continue
        for rid in c.regiments:
            reg = st.regiments[rid]
            if not reg.reserve:
                continue
            size = len(reg.bases)
            if c.recycled < size:
                break
            c.recycled -= size
            reg.reserve = False
            zone = ctx.d6(f"{reg.name} enters from the reserve: entry zone", "FC-15.2")
            poly = g.zones.get(zone)
            if poly is None:
                ctx.log(f"the table has no entry zone {zone}; {reg.name} enters at zone 1", "FC-15.2")
                poly = g.zones.get(1) or next(iter(g.zones.values()), None)
            if poly is None:
                continue
            c0 = poly.centroid
            placed = place_regiment(st, ctx, reg, (c0.x, c0.y), "FC-15.2", region=poly)
            ctx.log(f"{reg.name} enters at entry zone {zone} with {placed} base(s)", "FC-15.2")


def drysdale_arrives(st: FCState, ctx: Context) -> None:
    """Task Force Drysdale comes on at Koto-ri at the start of the daytime phase of its turn
    (1 Dec unless an event moved it, FC-14.7)."""
    if st.drysdale_in or st.turn < st.drysdale_turn:
        return
    st.drysdale_in = True
    g = G(st)
    at = g.place(str(R("drysdale_place"))) or (g.width / 2, g.height - 2)
    for reg in st.regiments.values():
        if reg.reinforcement == "drysdale":
            n = place_regiment(st, ctx, reg, at, "FC-14.7")
            ctx.log(f"{reg.name} arrives at {g.place_name(str(R('drysdale_place')))} with {n} base(s)", "FC-14.7")


def t34(st: FCState, ctx: Context, command: str) -> None:
    """T-34 Sighting (FC-13): a Chinese tank base joins the command in a d6 entry zone."""
    g = G(st)
    rid = f"t34-{command}"
    if rid not in st.regiments:
        st.regiments[rid] = Regiment(id=rid, name="T-34 tanks", command=command, side="pva", morale=4)
        st.commands[command].regiments.append(rid)
    w, h = B().type("t34")["size"]
    bid = new_id(st, "t34")
    st.bases[bid] = Base(id=bid, name="T-34 tank", type="t34", side="pva", command=command, regiment=rid,
                         w=float(w), h=float(h))
    st.regiments[rid].bases.append(bid)
    zone = ctx.d6("T-34 Sighting: entry zone", "FC-13.4")
    poly = g.zones.get(zone) or next(iter(g.zones.values()), None)
    if poly is None:
        return
    c0 = poly.centroid
    placed = place_regiment(st, ctx, st.regiments[rid], (c0.x, c0.y), "FC-13.4", region=poly)
    if not placed:
        del st.bases[bid]
        st.regiments[rid].bases.remove(bid)
