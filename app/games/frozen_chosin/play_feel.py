"""Frozen Chosin's play-feel hooks (issue 15), kept apart from the rules: the next-step control's
action and label, the hover card of a base or a supply marker, and the numbers of the
end-of-game report. ``presentation.py`` exposes them to the window under the hook names.
"""

from __future__ import annotations

import re
from typing import Any

from app.games.frozen_chosin import data as D
from app.games.frozen_chosin.common import G, R, live, stats
from app.games.frozen_chosin.state import PVA, UN, FCState

SIDE_WORD = {UN: "United Nations", PVA: "Chinese"}


# ------------------------------------------------------------------ next step (point 1)
def next_step(state: FCState) -> dict[str, Any] | None:
    """The step that closes what the seat to act is doing now, named in Frozen Chosin's words:
    finish placing dice, end the movement, end the activation, hold fire, or pass."""
    st = state
    if st.result or st.phase == "smith":
        return None
    if st.phase == "operations":
        return {"action": {"type": "done-planning"}, "label": "Finish placing dice"}
    if st.pending is not None:
        if st.pending.kind == "opportunity":
            return {"action": {"type": "hold-fire"}, "label": "Hold fire"}
        return None                                   # the defender must pick an attacker
    act = st.activation
    if act is not None:
        if act.step == "move":
            return {"action": {"type": "end-move"}, "label": "End movement"}
        return {"action": {"type": "end-activation"}, "label": "End the activation"}
    return {"action": {"type": "pass"}, "label": "Pass for this phase"}


# ------------------------------------------------------------------ hover card (point 9)
def describe_piece(state: FCState, piece_id: str) -> dict[str, Any] | None:
    """A base: its name, regiment and command, firepower, morale, state in words and what it
    may do now; a supply marker: whose it is and its 12-inch reach."""
    st = state
    m = st.markers.get(piece_id)
    if m is not None:
        name = D.bundle().name_of("markers", m.kind)
        return {"title": f"{name} ({'Allied' if m.side == UN else 'Chinese'})",
                "values": f"supplies {R('supply_radius')} in",
                "lines": [f"{SIDE_WORD[m.side]} bases within {R('supply_radius')} inches are in supply, "
                          f"and so is a friend within {R('supply_chain')} inch of them (FC-11.1)"]}
    b = st.bases.get(piece_id)
    if b is None:
        return None
    from app.games.frozen_chosin import combat as C
    from app.games.frozen_chosin import movement as M
    from app.games.frozen_chosin import sequence as Q
    s = stats(b)
    reg = st.regiments[b.regiment]
    values = f"firepower {s['fp']}"
    if "ranged_fp" in s:
        values += f", ranged {s['ranged_fp']} at {C.fire_range(st, b):g} in"
    values += f", morale {reg.morale}+"
    words: list[str] = []
    if b.status != "on":
        words.append({"casualty": "a casualty (off the table)", "evacuated": "evacuated",
                      "off": "not on the table"}.get(b.status, b.status))
    if b.suppressed:
        words.append("suppressed: one more hit removes it")
    if b.position:
        words.append(f"in a{'n' if b.position == 'improved' else ''} {b.position} position")
    if b.out_of_supply:
        words.append("out of supply when last activated")
    if b.on_ice:
        words.append("on the frozen lake")
    if s.get("static"):
        words.append("an outpost: never moves")
    act = st.activation
    if act is not None and act.regiment == b.regiment:
        words.append("its regiment is activated now" + (": this base has moved" if b.moved else ""))
    elif reg.activated >= reg.allowed and st.phase in ("night", "day"):
        words.append("its regiment has activated this phase")
    lines = [f"{reg.name}, {st.commands[b.command].name}"]
    if s.get("spot"):
        lines.append(f"spots enemies up to {s['spot']} inches away")
    can: list[str] = []
    if act is not None and act.regiment == b.regiment and st.pending is None:
        if act.step == "move" and b.id in Q.movers_left(st):
            can.append(f"may move {M.allowance(st, b, 'road'):g} in along a road or "
                       f"{M.allowance(st, b, 'off-road'):g} in off road (drag it), or hold")
        elif act.step == "fight" and not b.fought:
            foes = C.contacts(st, b)
            if foes:
                can.append("may attack " + ", ".join(e.name for e in foes[:3]))
            targets = [e.name for e in live(st, PVA if b.side == UN else UN) if C.can_fire_at(st, b, e)]
            if targets:
                can.append("may fire at " + ", ".join(targets[:3]) + (" ..." if len(targets) > 3 else ""))
    elif act is None and st.pending is None and st.phase in ("night", "day") and b.status == "on":
        c = st.commands.get(st.current)
        if c is not None and b.command == c.id and Q.can_activate(st, reg):
            can.append(f"its regiment may activate now ({reg.name})")
    card: dict[str, Any] = {"title": b.name, "values": values, "state": words, "lines": lines}
    if can:
        card["can"] = can
    return card


# ------------------------------------------------------------------ end-of-game report (point 14)
def report_metrics(state: FCState) -> dict[str, dict[str, float]]:
    """Per side: strength = bases on the table (a suppressed one counts half); ground = the
    named places of the table (the towns and passes) where its nearest base is within 3 inches
    and no enemy base is closer."""
    st = state
    out = {s: {"strength": 0.0, "ground": 0.0} for s in (UN, PVA)}
    for b in live(st):
        out[b.side]["strength"] += 0.5 if b.suppressed else 1.0
    try:
        g = G(st)
        places = [p for p in (g.place(k) for k in g.places) if p is not None]
    except Exception:  # noqa: BLE001 - a table without named places scores no ground
        places = []
    for px, py in places:
        near = sorted(((b.x - px) ** 2 + (b.y - py) ** 2, b.side) for b in live(st))
        if near and near[0][0] <= 9.0:
            out[near[0][1]]["ground"] += 1.0
    return out


# ------------------------------------------------------------------ counter labels (point 9)
_SHORT = (
    (re.compile(r"^(\d+)\w\w Regiment, battalion (\d+)$"), r"\1/\2"),     # 236th Regiment, battalion 1 -> 236/1
    (re.compile(r"^(\d+)\w\w Division mortars$"), r"\1 mtr"),
    (re.compile(r"^([\w/]+) Marines(?: \(.*\))?$"), r"\1"),                # 2/7 Marines (-F) -> 2/7
    (re.compile(r"^(\w)/(\d+)\w\w Infantry$"), r"\1/\2"),
    (re.compile(r"^([\w/]+) Infantry$"), r"\1"),
    (re.compile(r"^Hill (\d+).*$"), r"Hill \1"),
    (re.compile(r"^Fox Hill.*$"), "Fox Hill"),
    (re.compile(r"^East Hill.*$"), "East Hill"),
    (re.compile(r"^1st Marines HQ.*$"), "1 Mar HQ"),
    (re.compile(r"^1st Tank Bn.*$"), "1 Tk Bn"),
    (re.compile(r"^Tank Co 31st.*$"), "Tk 31"),
    (re.compile(r"^(\w)/1st Tank Bn$"), r"\1/1 Tk"),
    (re.compile(r"^(\w)/1st Engineers$"), r"\1/1 Engr"),
    (re.compile(r"^Service troops$"), "Service"),
    (re.compile(r"^41 Commando RM$"), "41 Cdo"),
    (re.compile(r"^T-34 tank$"), "T-34"),
)


def short_label(name: str) -> str:
    """The few characters printed on a base, so a 1.2-inch base stays readable at 100%; the
    hover card and the Unit dock give the full name."""
    for pat, rep in _SHORT:
        if pat.match(name):
            return pat.sub(rep, name)
    return name if len(name) <= 9 else name.split(" ")[0]


# ------------------------------------------------------------------ rule charts (point 12)
def rule_charts(state: FCState) -> list[dict[str, Any]]:
    """Charts for the Rules panel, drawn from the data: the bases' firepower (FC-7.3, FC-8.1),
    both HQ menus (FC-12.1), the event cards (FC-13) and the days of the turn track (FC-1.1)."""
    from app.games.frozen_chosin.common import day_name
    from app.games.frozen_chosin.events import card_rule
    from app.games.frozen_chosin.presentation import _effect_text
    b = D.bundle()
    types = []
    for t in b.pieces.get("types", {}).values():
        ranged = f"{t['ranged_fp']} at {t['range']} in" if "ranged_fp" in t else ""
        w, h = t.get("size", ["", ""])
        types.append([t.get("name", ""), str(t.get("fp", "")), ranged, f"{w} x {h} in"])
    charts: list[dict[str, Any]] = [
        {"title": "Bases: firepower and range", "rule": "FC-7.3",
         "header": ["Base", "Firepower in contact", "Ranged fire", "Size"], "rows": types}]
    when = {"day": "by day", "night": "by night", "any": "day or night"}
    for side, rule_word in ((UN, "Allied"), (PVA, "Chinese")):
        rows = [[o["name"], str(o["cost"]), f"{o['target']}+ on " + ("the two dice added" if o.get("roll") in ("sum", "2d6")
                                                                     else "the best die"),
                 when.get(o.get("time", "any"), str(o.get("time")))]
                for o in b.operations.values() if o["side"] == side]
        charts.append({"title": f"{rule_word} HQ sheet", "rule": "FC-12.1",
                       "header": ["Operation", "Dice", "Succeeds on", "When"], "rows": rows})
    cmds = {c["id"]: c["name"] for c in b.commands}
    cards = [[c["name"], " ".join(_effect_text(e, cmds) for e in c.get("effects", [])), card_rule(cid)]
             for cid, c in b.cards.items()]
    charts.append({"title": "Event cards", "rule": "FC-13", "header": ["Card", "Effect this turn", "Rule"],
                   "rows": cards})
    charts.append({"title": "Turn track", "rule": "FC-1.1", "header": ["Turn", "Day"],
                   "rows": [[str(t), day_name(state, t)] for t in range(1, state.turns + 1)]})
    return charts
