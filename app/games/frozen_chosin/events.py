"""The event deck (FC-13): one card drawn in every Operations Phase; its effects are data
(``events.toml``) drawn from this list."""

from __future__ import annotations

from typing import Any

from app.engine.game import Context
from app.games.frozen_chosin.combat import casualty
from app.games.frozen_chosin.common import B, G
from app.games.frozen_chosin.state import FCState

RULE = {"blizzard": "FC-13.1", "deadly-cold": "FC-13.2", "patriotic-zeal": "FC-13.3", "t34-sighting": "FC-13.4",
        "dead-radios": "FC-13.5", "heavy-cloud": "FC-13.6", "drysdale-delayed": "FC-13.7",
        "drysdale-early": "FC-13.7"}


def card_rule(cid: str) -> str:
    return RULE.get(cid, "FC-13.8")


def reset(st: FCState) -> None:
    st.no_air = False
    st.ranged_limit = 0.0
    st.airstrike_fp = 0
    st.offtable_guns = 0
    st.guns_used = False
    st.event = ""


def draw(st: FCState, ctx: Context) -> str:
    if not st.deck:
        st.deck, st.discard = st.discard, []
        ctx.shuffle(st.deck, "the event deck runs out and is reshuffled", "FC-2.1")
    # the draw is logged without the card's data id; the reveal names it as players know it
    cid = ctx.draw(st.deck, "Event deck", "FC-2.1", show=False)
    st.discard.append(cid)
    st.event = cid
    card = B().cards[cid]
    ctx.reveal(f"Event card drawn: {card['name']}", card_rule(cid), card=cid)
    for e in card["effects"]:
        apply_effect(st, ctx, e, card_rule(cid))
    return cid


def _count(ctx: Context, raw: str, rule: str) -> int:
    if raw == "d6":
        return ctx.d6("how many", rule)
    if raw == "d3":
        return ctx.roll("how many", rule, sides=3)[0]
    return int(raw)


def _cold(st: FCState, ctx: Context, groups: list[list[str]], n_raw: str, rule: str) -> None:
    for group in groups:
        n = _count(ctx, str(n_raw), rule)
        for _ in range(n):
            cands = [b for b in group if st.bases[b].suppressed]
            if not cands:
                break
            bid = ctx.pick(cands, "the cold strikes", rule)
            casualty(st, ctx, st.bases[bid], rule, "the bitter cold")


def apply_effect(st: FCState, ctx: Context, e: dict[str, Any], rule: str) -> None:
    kind = e["effect"]
    sides = ("un", "pva") if e.get("side") == "all" else (e.get("side"),)
    cmds = [c for c in st.commands.values() if c.side in sides and ("command" not in e or c.id == e["command"])]
    if kind == "no-air":
        st.no_air = True
        ctx.log("no air operations this turn", rule)
    elif kind == "ranged-limit":
        st.ranged_limit = float(e["inches"])
        ctx.log(f"ranged fire reaches at most {e['inches']} inches this turn", rule)
    elif kind == "ops-dice":
        amount = e["amount"]
        if amount == "d3":
            amount = ctx.roll("extra operations dice", rule, sides=3)[0]
        for c in cmds:
            c.dice = max(0, c.dice + int(amount))
            ctx.log(f"{c.name}: {int(amount):+d} operations die/dice ({c.dice} this turn)", rule)
    elif kind == "cold":
        if e["per"] == "command":
            groups = [[b for r in c.regiments for b in st.regiments[r].bases] for c in cmds]
        else:
            groups = [[b.id for b in st.bases.values() if b.side in sides]] if len(sides) == 1 else \
                [[b.id for b in st.bases.values() if b.side == s] for s in sides]
        _cold(st, ctx, groups, str(e["count"]), rule)
    elif kind == "t34":
        from app.games.frozen_chosin.special import t34
        t34(st, ctx, e["command"])
    elif kind == "airstrike-fp":
        st.airstrike_fp += int(e["amount"])
        ctx.log(f"air strikes {int(e['amount']):+d} firepower this turn", rule)
    elif kind == "drysdale":
        if not st.drysdale_in:
            st.drysdale_turn = max(int(e["turn"]), st.turn)
            ctx.log(f"Task Force Drysdale will now arrive on turn {st.drysdale_turn}", rule)
    elif kind == "off-table-guns":
        st.offtable_guns = int(e.get("fp", 4))
        ctx.log(f"Chinese guns off the table may fire once this turn ({st.offtable_guns} FP, spotter within 6 inches)", rule)
    elif kind == "supply-marker":
        from app.games.frozen_chosin.operations import _marker
        at = G(st).place(e["place"])
        if at is not None:
            _marker(st, ctx, e["side"], "depot", at[0], at[1], rule)
