"""The turn sequence (FC-1), the secret Operations Phase (FC-2), alternation and activation
(FC-3), morale on activation (FC-10) and supply on activation (FC-11.2)."""

from __future__ import annotations

from app.engine.game import Context
from app.games.frozen_chosin import events as E
from app.games.frozen_chosin.common import R, day_name, live
from app.games.frozen_chosin.state import Activation, Base, FCState, Regiment

PLAN_ORDER = ("pva-27", "pva-20", "pva-26", "un-yudam", "un-rct31", "un-hagaru")


def command_order(st: FCState, phase: str) -> list[str]:
    """Sides alternate command by command: the Chinese first at night, the Allies first by day
    (FC-3.1)."""
    un = [c for c in st.commands if st.commands[c].side == "un"]
    pva = [c for c in st.commands if st.commands[c].side == "pva"]
    first, second = (pva, un) if phase == "night" else (un, pva)
    out = []
    for i in range(max(len(un), len(pva))):
        out += first[i:i + 1] + second[i:i + 1]
    return out


def set_active(st: FCState) -> None:
    if st.pending is not None:
        st.active = st.commands[st.pending.command].side
    elif st.current:
        st.active = st.commands[st.current].side


# ------------------------------------------------------------------ Operations Phase
def start_turn(st: FCState, ctx: Context) -> None:
    """FC-1.2 / FC-2: reset the dice, draw the event card, then every command plans in secret."""
    E.reset(st)
    st.day_phase = st.phase = "operations"
    ctx.log(f"Turn {st.turn} ({day_name(st)}): Operations Phase", "FC-1.2", kind="phase")
    for c in st.commands.values():
        c.dice = c.base_dice
        if c.side == "pva" and st.turn == int(R("surprise_turn")):
            c.dice += 1
        c.planned, c.attempted, c.done_planning, c.passed = [], [], False, False
    if st.turn == int(R("surprise_turn")):
        ctx.log("Surprise Attack: each Chinese command has one extra operations die", "FC-14.5")
    E.draw(st, ctx)
    st.order = [c for c in PLAN_ORDER if c in st.commands] + [c for c in st.commands if c not in PLAN_ORDER]
    st.current = st.order[0]
    set_active(st)


def done_planning(st: FCState, ctx: Context) -> None:
    c = st.commands[st.current]
    c.done_planning = True
    ctx.log(f"{c.name} has placed its operations dice", "FC-2.2")
    left = [x for x in st.order if not st.commands[x].done_planning]
    if left:
        st.current = left[0]
        set_active(st)
        return
    from app.games.frozen_chosin.data import bundle
    for c in st.commands.values():
        names = ", ".join(bundle().operations[o]["name"] for o in c.planned) or "nothing"
        ctx.reveal(f"{c.name} planned: {names}", "FC-2.4", command=c.id, planned=list(c.planned))
    start_phase(st, ctx, "night")


# ------------------------------------------------------------------ Nighttime and Daytime
def start_phase(st: FCState, ctx: Context, which: str) -> None:
    st.day_phase = st.phase = which
    ctx.log(f"Turn {st.turn} ({day_name(st)}): {'Nighttime' if which == 'night' else 'Daytime'} Phase",
            "FC-1.2", kind="phase")
    for r in st.regiments.values():
        r.activated, r.allowed = 0, 1
    for c in st.commands.values():
        c.passed = False
    from app.games.frozen_chosin import special
    if which == "night":
        special.reserves_enter(st, ctx)
    else:
        special.drysdale_arrives(st, ctx)
    st.order = command_order(st, which)
    st.current = ""
    advance(st, ctx)


def can_activate(st: FCState, r: Regiment) -> bool:
    return r.activated < r.allowed and any(st.bases[b].status == "on" for b in r.bases)


def has_options(st: FCState, cid: str) -> bool:
    from app.games.frozen_chosin.operations import attemptable
    c = st.commands[cid]
    if c.passed:
        return False
    if any(can_activate(st, st.regiments[r]) for r in c.regiments):
        return True
    if c.side == "pva" and st.offtable_guns and not st.guns_used:
        return True
    return bool(attemptable(st, c))


def advance(st: FCState, ctx: Context) -> None:
    """Hand the turn to the next command that can still act; end the phase when none can
    (all activated or passed, FC-3.4)."""
    order = st.order
    start = order.index(st.current) + 1 if st.current in order else 0
    for k in range(len(order)):
        cid = order[(start + k) % len(order)]
        if has_options(st, cid):
            st.current = cid
            set_active(st)
            return
    end_phase(st, ctx)


def end_phase(st: FCState, ctx: Context) -> None:
    ctx.log(f"The {'Nighttime' if st.day_phase == 'night' else 'Daytime'} Phase ends", "FC-3.4")
    if st.day_phase == "night":
        start_phase(st, ctx, "day")
        return
    if st.turn >= st.turns:
        from app.games.frozen_chosin.victory import score
        st.vp = score(st)
        st.phase = st.day_phase = "over"
        un, pva = st.vp["un"], st.vp["pva"]
        st.winner = "un" if un > pva else "pva" if pva > un else ""
        st.result = "over"
        st.reason = (f"after {st.turns} turns: United Nations {un} VP, Chinese {pva} VP"
                     + (f"; {'the Allies' if st.winner == 'un' else 'the Chinese'} win by {abs(un - pva)}"
                        if st.winner else "; a draw"))
        ctx.log(st.reason, "FC-16.3", kind="outcome")
        st.current = ""
        return
    st.turn += 1
    start_turn(st, ctx)


# ------------------------------------------------------------------ activation
def activate(st: FCState, ctx: Context, reg: Regiment, infiltrate: bool = False, surprise: bool = False,
             move: float = 12.0) -> None:
    """FC-3.2: morale for a regiment with suppressed bases (FC-10), supply for every base
    (FC-11.2), one movement roll for those out of supply (FC-4.3), then its bases move."""
    from app.games.frozen_chosin.supply import in_supply
    reg.activated += 1
    st.counter += 1
    act = Activation(regiment=reg.id, command=reg.command, key=f"{reg.id}#{st.counter}",
                     infiltrate=infiltrate, surprise=surprise, offroad=move if infiltrate else float(R("offroad_move")))
    st.activation = act
    ctx.log(f"{reg.name} activates" + (" (infiltrating)" if infiltrate else "") + (" (surprise attack)" if surprise else ""),
            "FC-3.2", regiment=reg.id)
    bases = [st.bases[b] for b in reg.bases if st.bases[b].status == "on"]
    if any(b.suppressed for b in bases):
        r = ctx.d6(f"{reg.name} morale (needs {reg.morale}+)", "FC-10.1")
        if r >= reg.morale:
            for b in bases:
                b.hits = 0
            ctx.log(f"{reg.name} rallies: its suppressed bases recover", "FC-10.1")
        else:
            ctx.log(f"{reg.name} stays shaken: suppressed bases stay suppressed", "FC-10.1")
    sup = in_supply(st, reg.side)
    oos = [b for b in bases if b.id not in sup]
    for b in bases:
        b.out_of_supply = b.id not in sup
        b.moved = b.fought = False
    if oos:
        d = ctx.roll(f"{reg.name}: {len(oos)} base(s) out of supply move by dice", "FC-4.3", count=2)
        act.random_road, act.random_offroad = float(d[0] + d[1]), float(d[0])
        ctx.log(f"out of supply: {d[0] + d[1]} inches on road or {d[0]} off road this activation", "FC-4.3")
    act.step = "move"
    if not any(not b.moved and not _static(b) for b in bases):
        act.step = "fight"


def _static(b: Base) -> bool:
    from app.games.frozen_chosin.common import stats
    return bool(stats(b).get("static"))


def movers_left(st: FCState) -> list[str]:
    act = st.activation
    if act is None:
        return []
    reg = st.regiments[act.regiment]
    return [b for b in reg.bases if st.bases[b].status == "on" and not st.bases[b].moved and not _static(st.bases[b])]


def after_move(st: FCState, ctx: Context) -> None:
    """Once every base has moved or held, the regiment fights."""
    act = st.activation
    if act is not None and act.step == "move" and not movers_left(st):
        act.step = "fight"


def end_activation(st: FCState, ctx: Context) -> None:
    act = st.activation
    if act is not None:
        for bid in st.regiments[act.regiment].bases:
            b = st.bases[bid]
            b.moved = b.fought = False
        ctx.log(f"{st.regiments[act.regiment].name} ends its activation", "FC-3.2")
    st.activation = None
    advance(st, ctx)


def units_on(st: FCState, side: str) -> int:
    return sum(1 for _ in live(st, side))
