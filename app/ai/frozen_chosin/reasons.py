"""Why the Frozen Chosin commander picked an action, in a player's words (the Hint's reason).

Each reason reads the same figures the commander weighs (:mod:`aims`, :mod:`planning`,
:mod:`tactics`) and names the rule behind them; none of it changes a choice. Every action kind
of the game has its sentence (tested in tests/ai/test_frozen_chosin_reasons.py).
"""

from __future__ import annotations

from typing import Any

from app.ai.frozen_chosin import aims, planning, tactics
from app.games.frozen_chosin.common import B, G, fp_of, is_day, live, position_of
from app.games.frozen_chosin.state import PVA, UN, FCState

Action = dict[str, Any]


#: the kinds whose reason never depends on the position
FIXED = {
    "pass": "no regiment or operation is worth acting with now; the other commands go on (FC-3.4)",
    "end-activation": "no attack or fire left is worth its risk; the regiment's turn ends (FC-3.2)",
    "hold-fire": "no base of ours can fire on the mover (FC-9.2)",
}


def explain(ai: Any, st: FCState, a: Action) -> str:
    t = str(a.get("type"))
    if t in FIXED:
        return FIXED[t]
    fn = _REASONS.get(t)
    return fn(ai, st, a) if fn is not None else ""


def _name(st: FCState, bid: Any) -> str:
    b = st.bases.get(bid) if isinstance(bid, str) else None
    return b.name if b is not None else "?"


def _smith(ai: Any, st: FCState, a: Action) -> str:
    return ("the early airstrip adds 1 to every Evacuate roll, and each casualty flown out is a "
            "point for us and one the Chinese lose (FC-14.4, FC-16)")


def _plan(ai: Any, st: FCState, a: Action) -> str:
    c = st.commands[st.current]
    op = B().operations[a["op"]]
    wishes = planning.wishes(st, c)
    rank = wishes.index(a["op"]) + 1 if a["op"] in wishes else len(wishes) + 1
    why = {
        "evacuate": "a casualty flown out is a point for us and one the Chinese lose",
        "restore": "a casualty back on the table is a base that fights again and no point for the enemy",
        "airstrike": "Chinese bases are close enough for air strikes by day",
        "carpet": "Chinese bases stand clear of our own for the bombers",
        "convoy": "some of our bases are out of supply",
        "air-drop": "some of our bases are out of supply",
        "supply-train": "some of our bases are out of supply",
        "surprise": "a surprise attack by night ignores the defender's positions",
        "infiltrate": "infiltrating regiments reach further off road by night",
        "ambush": "an Allied supply marker lies within reach",
        "reactivate": "a regiment in contact may act a second time",
    }.get(op["effect"], "it is on this command's list for the turn")
    return (f"{c.name} puts {op['cost']} dice on {op['name']} (its choice number {rank} this turn): "
            f"{why} (FC-2.2, {_op_rule(op)})")


def _op_rule(op: dict[str, Any]) -> str:
    from app.games.frozen_chosin.operations import RULE
    return RULE.get(op["effect"], "FC-12")


def _done_planning(ai: Any, st: FCState, a: Action) -> str:
    c = st.commands[st.current]
    return (f"{c.name} keeps its remaining dice: nothing else on its sheet is worth them this turn (FC-2.2)")


def _activate(ai: Any, st: FCState, a: Action) -> str:
    reg = st.regiments[a["regiment"]]
    bases = [st.bases[b] for b in reg.bases if st.bases[b].status == "on"]
    if reg.side == PVA:
        foes = list(live(st, UN))
        if not foes:
            return f"{reg.name} moves up: no Allied base is left on the table (FC-3.2)"
        d, who = min(((aims.nearest((b.x, b.y), foes)) for b in bases), key=lambda x: x[0])
        when = "by night the Allies cannot fire first or call in aircraft" if not is_day(st) else \
            "it already touches an Allied base or has one in range"
        return (f"{reg.name} is the Chinese regiment nearest the enemy ({d:.0f} inches from "
                f"{who.name if who else '?'}); {when} (FC-3.2, FC-9)")
    marching = [b for b in bases if aims.marching(st, b)]
    if marching:
        cost = min(aims.march_cost(st, b.x, b.y) for b in marching)
        return (f"{reg.name} is cut off: about {cost:.0f} road inches from the division's towns, where "
                f"each of its bases scores a point at the end (FC-D-BREAKOUT, FC-4.1)")
    supp = sum(1 for b in bases if b.suppressed)
    if supp:
        return (f"{reg.name} has {supp} suppressed base(s): activating tests its morale and may rally "
                f"them (FC-10.1)")
    g = G(st)
    road = sum(1 for b in bases if g.on_road((b.x, b.y)))
    if road:
        return (f"{reg.name} has {road} base(s) on the road, where they cannot dig in; they step off "
                f"it or hold to take a position (FC-6.1)")
    return f"{reg.name} can fire or fight from where it stands (FC-3.2)"


def _attempt(ai: Any, st: FCState, a: Action) -> str:
    c = st.commands[st.current]
    op = B().operations[a["op"]]
    eff = op["effect"]
    tgt = a.get("target")
    if eff in ("surprise", "infiltrate"):
        reg = st.regiments[tgt]
        what = "its attacks ignore the defender's positions" if eff == "surprise" else \
            "its bases move further off road and slip past the enemy"
        return f"{op['name']} for {reg.name}: {what} ({_op_rule(op)})"
    v = planning.attempt_value(st, c, a["op"], tgt)
    if eff == "evacuate":
        return (f"Evacuate {_name(st, tgt)}: +1 point for the Allies and one fewer for the Chinese "
                f"(FC-16.1, FC-16.2)")
    if eff == "restore":
        return f"Reorganize {_name(st, tgt)}: the casualty comes back to the table and stops counting for the Chinese ({_op_rule(op)})"
    if eff in ("airstrike", "carpet"):
        return (f"{op['name']} on {_name(st, tgt)}: worth about {v:.1f} in expected damage to the "
                f"Chinese bases around it ({_op_rule(op)})")
    if eff in ("convoy", "supply-train", "air-drop"):
        return (f"{op['name']} at {_name(st, tgt)}: brings about {v / 1.5:.0f} base(s) back into the "
                f"12-inch supply radius (FC-11.1)")
    if eff == "ambush":
        return f"{op['name']}: an Allied supply marker within reach is destroyed ({_op_rule(op)})"
    if eff == "reactivate":
        return f"{op['name']} for {st.regiments[tgt].name}: it may act again while the enemy is close ({_op_rule(op)})"
    return f"{op['name']} ({_op_rule(op)})"


def _damage(st: FCState, shots: list[tuple[str, int]]) -> str:
    """The expected damage of dice at targets, as the commander weighs it (aims.kill_value)."""
    return f"expected damage about {sum(aims.kill_value(st, st.bases[t], n) for t, n in shots):.1f}"


def _guns(ai: Any, st: FCState, a: Action) -> str:
    t = st.bases[a["target"]]
    return (f"the guns off the table fire on {t.name}, seen by a spotter within 6 inches; "
            f"{_damage(st, [(t.id, max(st.offtable_guns, 1))])} (FC-8.4)")


def _move(ai: Any, st: FCState, a: Action) -> str:
    b = st.bases[a["unit"]]
    x, y = a["to"]
    mode = "along the road" if a.get("mode") == "road" else "off road"
    if b.side == UN and aims.marching(st, b):
        before, after = aims.march_cost(st, b.x, b.y), aims.march_cost(st, x, y)
        return (f"{b.name} marches {mode} for the division's towns: about {before:.0f} road inches "
                f"to go before, {after:.0f} after (FC-D-BREAKOUT, FC-4.1)")
    if b.side == UN:
        return (f"{b.name} steps {mode} off the road, where it can dig in, staying close to friends "
                f"and in supply (FC-6.1, FC-11.1)")
    targets = tactics._pva_targets(st, b)
    best = max(targets, key=lambda t: (3.0 * t[1] - aims.rect_gap_to(b, x, y, t[0]), t[0].id), default=None)
    if best is None:
        return f"{b.name} moves {mode} (FC-4.1)"
    t, w, others = best
    gap = aims.rect_gap_to(b, x, y, t)
    if gap <= 0.2:
        extra = f", joining {len(others)} other base(s) already on it" if others else ""
        return (f"{b.name} closes {mode} on {t.name} (worth {w:.1f} to us){extra}: up to 4 bases "
                f"may attack one defender (FC-7.1, FC-7.2)")
    return f"{b.name} moves {mode} towards {t.name}, {gap:.0f} inches short of it (FC-4.1)"


def _hold(ai: Any, st: FCState, a: Action) -> str:
    b = st.bases[a["unit"]]
    if b.side == PVA and is_day(st):
        return f"{b.name} stays hidden by day, when Allied guns and aircraft may fire on it (FC-9, FC-12)"
    return f"{b.name} stays put and digs in: an improved position is hit only on 6s and ignores the first hit (FC-6)"


def _end_move(ai: Any, st: FCState, a: Action) -> str:
    if st.activation is not None and st.regiments[st.activation.regiment].side == PVA and is_day(st):
        return "the regiment's bases stay hidden by day, when Allied fire comes first (FC-7.4, FC-9)"
    return "the regiment's other bases hold and dig in where they stand (FC-6.1)"


def _attack(ai: Any, st: FCState, a: Action) -> str:
    d = st.bases[a["defender"]]
    n = len(a["attackers"])
    surprise = bool(st.activation and st.activation.surprise)
    v = tactics.attack_value(st, a, surprise)
    pos = position_of(d)
    cover = f"; it sits in a{'n' if pos == 'improved' else ''} {pos} position" if pos else ""
    return (f"{n} base(s) attack {d.name} ({fp_of(st, d)} firepower{cover}); each attacker beyond "
            f"the first adds a die, and the trade is worth about {v:.1f} to us (FC-7.1, FC-7.2)")


def _fire(ai: Any, st: FCState, a: Action) -> str:
    f = st.bases[a["unit"]]
    parts = [f"{n} dice at {_name(st, t)}" for t, n in a["targets"]]
    return (f"{f.name} fires {', '.join(parts)}: spotted and in range, "
            f"{_damage(st, [(t, n) for t, n in a['targets']])} (FC-8.1, FC-8.3)")


def _face(ai: Any, st: FCState, a: Action) -> str:
    x = st.bases[a["attacker"]]
    return (f"{x.name} rolls the fewest dice of the attackers, so facing it means the weakest blow "
            f"and our fire where it hurts (FC-7.2)")


def _opportunity(ai: Any, st: FCState, a: Action) -> str:
    f, t = st.bases[a["unit"]], st.bases[a["target"]]
    return (f"{f.name} fires on {t.name} as it moves in range by day: the shot costs nothing "
            f"(FC-9.1, FC-9.2)")


_REASONS = {"smith-choice": _smith, "plan": _plan, "done-planning": _done_planning, "activate": _activate,
            "attempt": _attempt, "guns": _guns, "move": _move, "hold": _hold, "end-move": _end_move,
            "attack": _attack, "fire": _fire, "face": _face, "opportunity": _opportunity}

#: the action kinds the game offers (its legal_actions): each must have a reason
KINDS = tuple(_REASONS) + tuple(FIXED)
