"""What the window shows: pieces, drop targets with movement costs, panels, overlays, prompts.

Nothing here decides legality: targets and buttons come from ``legal_actions``.
"""

from __future__ import annotations

from typing import Any, Callable

from app.games.korea38 import combat, movement, sequence
from app.games.korea38.data import ALLIED, COMMUNIST
from app.games.korea38.isolation import isolated_units
from app.games.korea38.state import AIR, ELIM, FEC, K38State, OFFMAP, POOL, REMOVED, SEA
from app.games.korea38.supply import communication_hexes
from app.games.korea38.zoc import Board, data_of

DEFAULT_COLOURS = {"rok": "#b08a5a", "us": "#5f7f3a", "cw": "#d2b48c", "un": "#4a78b0",
                   "kpa": "#5a3a22", "pva": "#b22222"}

BOX_OF = {POOL: "reinforcements", ELIM: "eliminated", FEC: "fec", OFFMAP: "off-map",
          REMOVED: "removed"}


def _name(state: K38State, uid: str) -> str:
    return data_of(state).units[uid].name


def prompt(state: K38State) -> str:
    if state.result is not None:
        r = state.result
        return f"Game over: {r['winner']} {r['level']} victory ({r['reason']})."
    d = data_of(state)
    if state.pending:
        p = state.pending[0]
        b = state.battles[p.battle] if 0 <= p.battle < len(state.battles) else None
        where = f" in the battle at {b.hex}" if b else ""
        text = {
            "air": f"{p.side.capitalize()}: commit air units{where} (9.2.5).",
            "mig": f"Communist: use the MiG-15 to cancel an Allied air unit{where}? (9.2.5)",
            "loss": f"{p.side.capitalize()}: choose the unit that takes a step loss ({p.note}).",
            "retreat": f"{p.side.capitalize()}: choose the retreat path of {_name(state, p.units[0])} (9.3)." if p.units else "",
            "sea-retreat": "Allied: choose the friendly port for the retreat by sea (9.3).",
            "advance": f"{p.side.capitalize()}: advance a unit into {b.hex if b else ''}, or stay (9.0).",
            "spread": "Allied: place the second landing unit next to the port, or back to the FEC box (11.4).",
            "armistice": f"{p.side.capitalize()}: accept or reject the armistice proposal (5.4).",
        }.get(p.kind, "Decide.")
        return text
    side = state.active.capitalize()
    kind = sequence.phase_kind(state.phase)
    if kind == "reinforcement":
        if state.to_place:
            return f"{side}: place arriving units ({len(state.to_place)} left), spend replacement points, then end the phase (10.0)."
        return f"{side}: spend replacement points (unused points are lost, 10.4), then end the phase."
    if kind == "precombat":
        return f"{side}: move units eligible for pre-combat movement (8.1), then end the phase."
    if kind == "combat":
        if state.combat_step == "declare":
            return f"{side}: declare every battle (attackers, support, human wave), then click Done declaring (9.0)."
        if any(not b.resolved for b in state.battles):
            return f"{side}: pick the next battle to resolve (9.0)."
        return f"{side}: all battles fought; end the phase."
    if kind == "movement":
        return f"{side}: move any units (8.0); one unit a hex when the phase ends (8.2.2)."
    if state.phase == "housekeeping":
        return f"{side}: isolation and attrition checked (12.0); end the phase to continue."
    return ""


def _air_line(u: Any) -> str:
    """An air unit's own values: what committing it does to a battle's odds (9.2.5)."""
    if u.air_role == "cancel":
        return "cancels one Allied air unit in a battle (9.2.5)"
    return "one column in its side's favour per unit committed to a battle (9.2.5)"


def pieces(state: K38State, side: str | None) -> list[dict[str, Any]]:
    d = data_of(state)
    board = Board(state, d)
    in_battle = combat.committed(state) | {b.defender for b in state.battles if not b.resolved}
    out = []
    for uid in sorted(d.units):
        u = d.units[uid]
        us = state.units[uid]
        if u.is_air and us.at == AIR:
            at = f"box:air-{u.side}"        # only air units in play sit in the air-power boxes
        elif d.grid.contains(us.at):
            at = us.at
        elif us.at.startswith(SEA):
            at = us.at[len(SEA):]
        else:
            at = f"box:{BOX_OF.get(us.at, us.at)}"
        flags = []
        if uid == state.moving:
            flags.append("moving")
        elif uid in state.moved:
            flags.append("moved")
        if u.is_air and us.used:
            flags.append("used")
        if uid in in_battle:
            flags.append("fought" if any(b.resolved and uid in combat.participants(b) for b in state.battles) else "committed")
        if us.at.startswith(SEA):
            flags.append("landing")
        strength = u.strength(us.reduced)
        values = (f"{'-1' if u.air_role == 'cancel' else '+1'}" if u.is_air else f"{strength}-{u.move}")
        info = [f"{u.name} ({u.nation.upper()} {u.type} {u.size})".strip(),
                _air_line(u) if u.is_air else f"strength {u.full}/{u.reduced}, movement {u.move}"]
        if not u.replaceable:
            info.append("cannot be replaced (10.1)")
        if u.replace_reduced_only:
            info.append("replaceable on its reduced side only (10.1)")
        if u.combined_arms_always:
            info.append("combined arms on its own and on defence (9.2.3)")
        if u.zoc_own_hex_only:
            info.append("zone of control in its own hex only (7.4)")
        if us.at == POOL and u.arrival:
            info.append(f"arrives on turn {u.arrival}")
        if uid == state.moving:
            info.append(f"moving: {state.move_left:g} of {u.move} movement points left; drag it on, "
                        "or anything else ends its move (8.0)")
        if board.on_map(uid):
            info.append("In Communication" if board.in_communication(uid) else "NOT In Communication")
        out.append({
            "id": uid, "at": at, "kind": "counter", "side": u.side, "nation": u.nation,
            "unit_type": u.type, "size": u.size, "label": u.name, "values": values,
            "reduced": bool(us.reduced) and not u.is_air, "colour": d.nation_colours.get(u.nation, DEFAULT_COLOURS.get(u.nation, "#888888")),
            "flags": flags, "info": info,
        })
    return out


def _retreat_targets(state: K38State, legal: list[dict[str, Any]], piece: str) -> dict[str, dict[str, Any]]:
    """9.3: the attacker picks the retreat on the map: one target per hex where a legal path
    ends, with the path drawn; several paths to one hex are offered as choices."""
    from app.games.korea38.retreat import OFF
    d = data_of(state)
    p = state.pending[0] if state.pending else None
    out: dict[str, dict[str, Any]] = {}
    if p is None or p.kind not in ("retreat", "sea-retreat"):
        return out
    b = state.battles[p.battle] if 0 <= p.battle < len(state.battles) else None
    if p.kind == "retreat" and (not p.units or p.units[0] != piece):
        return out
    if p.kind == "sea-retreat" and (b is None or b.defender != piece):
        return out
    start = state.units[piece].at
    for a in legal:
        if a["type"] == "retreat":
            path = list(a["path"])
            body = [h for h in path if h != OFF]
            end = body[-1] if body else start
            off = path[-1] == OFF
            label = "via " + " -> ".join(path) if len(path) > 1 else ("off the north edge" if off else path[0])
            entry = out.get(end)
            choice = {"action": a, "label": label, "path": [start] + body}
            if entry is None:
                note = "retreat (9.3)" + (", then off the north edge" if off else "")
                out[end] = {"action": a, "cost": None, "note": note, "path": [start] + body,
                            "choices": [choice]}
            else:
                entry["choices"].append(choice)
        elif a["type"] == "sea-retreat":
            to = a["to"]
            key = to if d.grid.contains(to) else f"box:{to}"
            out[key] = {"action": a, "cost": None, "note": "retreat by sea (9.3, 11.2)"}
    for entry in out.values():
        if len(entry.get("choices", [])) < 2:
            entry.pop("choices", None)
    return out


def _stacking_warning(state: K38State, d: Any, piece: str, hex_id: str) -> dict[str, str]:
    """{"warn": ...} when ending a move in ``hex_id`` would put ``piece``'s hex over the
    stacking limit (legal while moving, but fixed before the phase ends: 8.2.2)."""
    limit = int(d.rules.get("stacking_limit", 1))
    side = d.units[piece].side
    here = [u for u, us in state.units.items() if us.at == hex_id and u != piece
            and d.units[u].side == side and not d.units[u].is_air]
    if len(here) < limit:
        return {}
    names = ", ".join(d.units[u].name for u in here[:2])
    return {"warn": f"over the stacking limit with {names}: one must leave or be removed "
                    "before the phase ends (8.2.2)"}


def drop_targets(game: Any, state: K38State, piece: str) -> dict[str, dict[str, Any]]:
    d = data_of(state)
    out: dict[str, dict[str, Any]] = {}
    legal = game.legal_actions(state)
    if state.pending and state.pending[0].kind in ("retreat", "sea-retreat"):
        return _retreat_targets(state, legal, piece)
    costs: dict[str, tuple[float, tuple[str, ...]]] = {}
    ez: frozenset[str] = frozenset()
    if any(a.get("type") == "move" and a.get("unit") == piece for a in legal):
        board = Board(state, d)
        costs = movement.reach(state, board, piece)
        ez = board.ezoc(d.units[piece].side)
    for a in legal:
        if a.get("unit") != piece:
            continue
        t = a["type"]
        target = a.get("to") if "to" in a else a.get("at")
        if target is None:
            continue
        if t == "amphibious" and "at" in a:
            target = a["at"]
        entry: dict[str, Any] = {"action": a, "cost": None, "note": ""}
        if t == "move" and target in costs:
            c, path = costs[target]
            left = movement.allowance_left(state, d, piece)
            entry["cost"] = c
            entry["note"] = f"{c:g} of {left:g}" + (" (always one hex)" if c > left else "")
            if target in ez:
                entry["note"] += "; stops: enemy zone of control (7.1)"
            entry["path"] = list(path)
        elif t == "naval":
            entry["note"] = "naval transport (11.1)"
        elif t == "amphibious":
            entry["note"] = "amphibious assault (11.2)"
        elif t in ("reinforce", "replace"):
            entry["note"] = "arrives here (10.2/10.3)" if t == "reinforce" else "replacement (10.0)"
        elif t == "advance":
            entry["note"] = "advance after combat (9.0)"
        key = str(target) if d.grid.contains(str(target)) else f"box:{target}"
        if t in ("move", "reinforce", "replace", "advance", "naval", "spread") and d.grid.contains(str(target)):
            entry.update(_stacking_warning(state, d, piece, str(target)))
        out.setdefault(key, entry)
    return out


#: What each simple action says, in the player's words (``n`` names a unit).
_LABELS: dict[str, Callable[[Callable[[str], str], dict[str, Any]], str]] = {
    "move": lambda n, a: f"Move {n(a['unit'])} to {a['to']}",
    "naval": lambda n, a: f"Ship {n(a['unit'])} to {a['to']} (naval transport)",
    "amphibious": lambda n, a: (f"Amphibious assault: {n(a['unit'])} at {a['to']}"
                                + (f", ashore at {a['at']}" if a.get("at") else "")),
    "reinforce": lambda n, a: f"Place {n(a['unit'])} at {a['at']}",
    "eliminate": lambda n, a: f"Remove over-stacked {n(a['unit'])}",
    "declare-done": lambda n, a: "Done declaring battles",
    "air": lambda n, a: "Commit air: " + (", ".join(n(u) for u in a["units"]) or "none"),
    "mig": lambda n, a: f"MiG-15 cancels {n(a['cancel'])}",
    "no-mig": lambda n, a: "Keep the MiG-15 out",
    "loss": lambda n, a: f"Step loss to {n(a['unit'])}",
    "retreat": lambda n, a: "Retreat via " + " -> ".join(a["path"]),
    "sea-retreat": lambda n, a: ("Retreat by sea to the Far East Command box" if a["to"] == FEC
                                 else f"Retreat by sea to {a['to']}"),
    "advance": lambda n, a: f"Advance {n(a['unit'])} into {a['to']}",
    "no-advance": lambda n, a: "Do not advance",
    "spread": lambda n, a: f"Land {n(a['unit'])} at {a['to']}",
    "propose-armistice": lambda n, a: "Propose an armistice (5.4)",
    "accept-armistice": lambda n, a: "Accept the armistice",
    "reject-armistice": lambda n, a: "Reject the armistice",
}
_ROLES = {"attack": "attacks", "support": "supports against", "wave": "human wave against"}


def describe_action(state: K38State, a: dict[str, Any]) -> str:
    d = data_of(state)
    t = a.get("type")
    n = lambda u: d.units[u].name if u in d.units else str(u)  # noqa: E731
    label = _LABELS.get(str(t))
    if label is not None:
        return label(n, a)
    if t == "replace":
        us = state.units.get(a["unit"])
        if us is not None and us.at == ELIM:
            return f"Replacement: bring back {n(a['unit'])} at {a['at']}"
        return f"Replacement: restore {n(a['unit'])} to full strength"
    if t == "end-phase":
        return f"End {sequence.PHASE_NAMES.get(state.phase, state.phase)}"
    if t == "declare-add":
        return f"{n(a['unit'])} {_ROLES[a['role']]} {n(a['defender'])}"
    if t == "resolve":
        i = int(a["battle"])
        b = state.battles[i] if 0 <= i < len(state.battles) else None
        if b is None:
            return f"Resolve battle {i}"
        odds = combat.battle_odds(state, Board(state, d), b)
        return f"Resolve the battle at {b.hex} vs {n(b.defender)} ({combat.column_name(odds['column'])})"
    return str(t)


def panels(state: K38State, side: str | None) -> list[dict[str, Any]]:
    d = data_of(state)
    turn = d.turn(state.turn)
    rows = [["Turn", f"{state.turn} of {state.last_turn}" + (f" ({turn.get('date')})" if turn.get("date") else "")],
            ["Phase", sequence.PHASE_NAMES.get(state.phase, state.phase)],
            ["To act", state.active.capitalize()]]
    for s in (COMMUNIST, ALLIED):
        marks = []
        if d.offensive(state.turn, s):
            marks.append("offensive")
        if d.surprise(state.turn, s):
            marks.append("surprise")
        rows.append([s.capitalize(), ", ".join(marks) or "-"])
    if d.winter(state.turn):
        rows.append(["Harsh winter", "yes (13.0)"])
    out = [{"title": "Turn track", "rows": rows}]
    rp_rows = [[k.upper(), str(v)] for k, v in sorted(state.rp.items())]
    out.append({"title": "Replacement points left", "rows": rp_rows or [["-", "0"]]})
    for s in (COMMUNIST, ALLIED):
        air = sorted(u for u, us in state.units.items() if d.units[u].is_air and d.units[u].side == s and us.at == AIR)
        out.append({"title": f"{s.capitalize()} air power",
                    "rows": [[d.units[u].name, "USED" if state.units[u].used else "ready"] for u in air] or [["-", "none"]]})
    left = int(d.rules.get("amphibious_actions", 5)) - state.amph_used
    out.append({"title": "UN amphibious actions", "rows": [["Left", str(left)], ["This turn", str(state.amph_this_turn)]]})
    if state.battles:
        board = Board(state, d)
        brows = []
        for i, b in enumerate(state.battles):
            odds = combat.battle_odds(state, board, b)
            status = f"{b.result} (die {b.roll})" if b.resolved and b.result else ("cancelled" if b.cancelled else "")
            brows.append([f"{i}: {d.units[b.defender].name} ({b.hex})",
                          f"{odds['attack']}:{odds['defence']} -> {combat.column_name(odds['column'])} {status}".strip()])
        out.append({"title": "Battles", "rows": brows})
    counts = {}
    try:
        from app.games.korea38.victory import marginal_counts
        counts = marginal_counts(state)
    except Exception:  # pragma: no cover - the panel must never break the window
        counts = {}
    if counts:
        out.append({"title": "Hexes held across the start line (5.3)",
                    "rows": [[k.capitalize(), str(v)] for k, v in counts.items()]})
    return out


_IC_CACHE: dict[tuple, list[str]] = {}


def _ic_hexes(state: K38State, board: Board, side: str) -> list[str]:
    from app.games.korea38.victory import position_key
    key = (position_key(state), side)
    hit = _IC_CACHE.get(key)
    if hit is None:
        if len(_IC_CACHE) >= 32:
            _IC_CACHE.clear()
        hit = _IC_CACHE[key] = communication_hexes(board, side)
    return list(hit)


IC_GROUP = "In Communication and isolation"
CONTROL_GROUP = "Hexes held across the start line (5.3)"


def overlays(state: K38State, side: str | None) -> list[dict[str, Any]]:
    d = data_of(state)
    board = Board(state, d)
    out: list[dict[str, Any]] = [
        {"kind": "hexes", "id": "mig-alley", "label": "MiG Alley", "hexes": sorted(d.mig_alley),
         "colour": "#e6c300", "style": "outline"},
    ]
    if state.moving and len(state.move_trail) > 1:
        out.append({"kind": "line", "id": "move-trail", "label": "", "points": list(state.move_trail),
                    "colour": "#1E5A1E", "dashed": False, "width": 3.0, "alpha": 200})
    me = side if side in (COMMUNIST, ALLIED) else (state.active if state.active in (COMMUNIST, ALLIED) else ALLIED)
    from app.games.korea38.isolation import isolated_units as iso
    for s in (COMMUNIST, ALLIED):
        ic = {"kind": "hexes", "id": f"in-communication-{s}", "label": f"{s.capitalize()} In Communication",
              "hexes": _ic_hexes(state, board, s), "colour": "#3070c0" if s == ALLIED else "#c03030",
              "style": "fill", "optional": True}
        if s == me:
            ic["group"] = IC_GROUP
        out.append(ic)
        isolated = iso(state, board, s)
        out.append({"kind": "hexes", "id": f"isolated-{s}", "label": f"Isolated {s} units (12.1)",
                    "hexes": sorted({state.units[u].at for u in isolated}),
                    "colour": "#d000d0", "style": "outline", "optional": True, "group": IC_GROUP})
        cut = [u for u, _h in board.units_of(s) if u not in isolated and not board.in_communication(u)]
        out.append({"kind": "hexes", "id": f"out-of-communication-{s}",
                    "label": f"{s.capitalize()} units not In Communication (10.0)",
                    "hexes": sorted({state.units[u].at for u in cut}), "colour": "#e07000",
                    "style": "outline", "dashed": True, "optional": True, "group": IC_GROUP})
        out.append({"kind": "hexes", "id": f"zoc-{s}", "label": f"{s.capitalize()} zones of control",
                    "hexes": sorted(board.zoc(s)), "colour": "#888888", "style": "hatch", "optional": True})
    try:
        from app.games.korea38.victory import control_map
        cm = control_map(state, board)
        out.append({"kind": "hexes", "id": "held-communist", "label": "Communist hexes south of the start line",
                     "hexes": sorted(h for h in d.south if cm.get(h) == COMMUNIST), "colour": "#c03030",
                     "style": "hatch", "optional": True, "group": CONTROL_GROUP})
        out.append({"kind": "hexes", "id": "held-allied", "label": "Allied hexes north of the start line",
                     "hexes": sorted(h for h in d.north if cm.get(h) == ALLIED), "colour": "#3070c0",
                     "style": "hatch", "optional": True, "group": CONTROL_GROUP})
    except Exception:  # pragma: no cover - an overlay must never break the window
        pass
    return out


# -- hooks the window reads when a game offers them (docs/ui.md) ---------------------------------

def turn_label(state: K38State) -> str:
    """The date of the turn on the turn track ("Jun 1950")."""
    return str(data_of(state).turn(state.turn).get("date") or "")


def phase_label(state: K38State) -> str:
    return sequence.PHASE_NAMES.get(state.phase, state.phase)


def battles(state: K38State) -> list[dict[str, Any]]:
    """Every battle of this combat phase, for the map's odds markers and the combat panel."""
    if sequence.phase_kind(state.phase) != "combat" or not state.battles:
        return []
    d = data_of(state)
    board = Board(state, d)
    out = []
    for i, b in enumerate(state.battles):
        odds = combat.battle_odds(state, board, b)

        def where(us: list[str]) -> list[dict[str, Any]]:
            rows = []
            for u in us:
                at = state.units[u].at
                at = at[len(SEA):] if at.startswith(SEA) else at
                rows.append({"id": u, "name": d.units[u].name, "at": at,
                             "strength": combat.strength(state, d, u), "alive": combat.alive(state, d, u)})
            return rows

        out.append({
            "index": i, "defender": b.defender, "defender_name": d.units[b.defender].name,
            "defence": odds["defence"], "hex": b.hex, "attack": odds["attack"],
            "attackers": where(b.attackers), "support": where(b.support), "wave": where(b.wave),
            "amphibious": list(b.amphibious), "column": combat.column_name(odds["column"]),
            "marker": "X" if odds["column"] is None else f"{odds['column']}-1",
            "resolved": b.resolved, "rolled": bool(b.roll), "current": i == state.current, "result": b.result,
            "roll": b.roll, "cancelled": b.cancelled,
        })
    return out


def decision(state: K38State) -> dict[str, Any] | None:
    """What the side to act is deciding, for the window to point at on the map."""
    if state.result is not None:
        return None
    d = data_of(state)
    if not state.pending:
        if sequence.phase_kind(state.phase) == "combat":
            return {"kind": "declare" if state.combat_step == "declare" else "resolve"}
        if state.moving:
            return {"kind": "moving", "piece": state.moving, "auto": True,
                    "text": f"{d.units[state.moving].name} may go on ({state.move_left:g} left)"}
        return None
    p = state.pending[0]
    b = state.battles[p.battle] if 0 <= p.battle < len(state.battles) else None
    out: dict[str, Any] = {"kind": p.kind, "side": p.side, "battle": p.battle}
    if p.kind == "air" and b is not None:
        out["units"] = combat.fresh_air(state, d, p.side, "support")
        out["limit"] = min(len(out["units"]), combat.air_limit(state, d, b, p.side))
        out["names"] = {u: d.units[u].name for u in out["units"]}
    elif p.kind == "mig" and b is not None:
        out["cancel"] = list(b.air)
        out["names"] = {u: d.units[u].name for u in b.air}
    elif p.kind == "loss":
        out["pieces"] = list(p.units)
        out["click"] = True
        out["text"] = "click the unit that takes the step loss"
    elif p.kind == "retreat" and p.units:
        out["piece"] = p.units[0]
        out["auto"] = True
        out["text"] = f"click a green hex: where {d.units[p.units[0]].name} retreats to"
    elif p.kind == "sea-retreat" and b is not None:
        out["piece"] = b.defender
        out["auto"] = True
        out["text"] = "click the friendly port the unit sails to"
    elif p.kind == "advance" and b is not None:
        out["pieces"] = combat.advance_candidates(state, b)
        out["hex"] = b.hex
        out["text"] = f"drag an attacker into {b.hex} to advance, or stay"
    elif p.kind == "spread" and p.units:
        out["piece"] = p.units[0]
        out["auto"] = True
        out["text"] = "click the hex the second landing unit comes ashore in"
    return out


def victory_status(state: K38State) -> dict[str, Any]:
    """Who would win if the game ended now, and why (5.1-5.3)."""
    from app.games.korea38.victory import control_map, determine
    d = data_of(state)
    res = state.result or determine(state)
    board = Board(state, d)
    cm = control_map(state, board)
    south = sorted(h for h in d.south if cm.get(h) == COMMUNIST)
    north = sorted(h for h in d.north if cm.get(h) == ALLIED)

    def held(h: str | None) -> str:
        if not h:
            return "-"
        return (state.control.get(h) or "nobody").capitalize()

    cap = d.capital
    star = d.star_city
    def name(h: str) -> str:
        return (d.grid.name(h) or h) if h and d.grid.contains(h) else "-"

    def pair(places: dict[str, str]) -> str:
        return "; ".join(f"{name(places[s])} held by {held(places[s])}" for s in (ALLIED, COMMUNIST)
                         if places.get(s)) or "none on this map"

    rows = [
        ["Decisive (5.1): star cities", pair(star)],
        ["Substantive (5.2): capitals", pair(cap)],
        ["Marginal (5.3): hexes held across the start line",
         f"Communist {len(south)}, Allied {len(north)} (a tie goes to the Communists)"],
        ["Turns left", str(max(0, state.last_turn - state.turn)) + f" (the game ends after turn {state.last_turn})"],
    ]
    final = state.result is not None
    head = (f"{'Result' if final else 'If the war ended now'}: {str(res['winner']).capitalize()} "
            f"{res['level']} victory")
    short = f"{str(res['winner']).capitalize()} {res['level']}"
    if res["level"] == "marginal":
        summary = f"hexes across the line {len(south)} to {len(north)} (5.3)"
    elif res["level"] == "substantive":
        summary = res["reason"] + " (5.2)"
    else:
        summary = res["reason"] + f" ({res.get('rule', '5.1')})"
    return {"title": "Victory status", "winner": res["winner"], "level": res["level"],
            "short": short, "summary": summary,
            "rule": res.get("rule", ""), "headline": head, "reason": res["reason"], "rows": rows,
            "final": final, "hexes": {COMMUNIST: south, ALLIED: north}, "overlay_group": CONTROL_GROUP}


# -- optional window hooks (docs/ui.md): each takes the game first ---------------------------------

def next_step(game: Any, state: K38State) -> dict[str, Any]:
    """The turn bar's next-step control: closing the declarations in a combat phase (9.0),
    else ending the current phase (4.0)."""
    if sequence.phase_kind(state.phase) == "combat" and state.combat_step == "declare" and not state.pending:
        action = {"type": "declare-done"}
        return {"action": action, "label": "Done declaring battles"}
    action = {"type": "end-phase"}
    return {"action": action, "label": describe_action(state, action)}


def warnings(game: Any, state: K38State, side: str | None) -> list[dict[str, Any]]:
    """Hexes over the stacking limit for the side to act: they block the end of the phase
    until a unit leaves or is removed (8.2.2)."""
    d = data_of(state)
    if state.result is not None:
        return []
    out = []
    for h, units in sequence.overstacked(state, Board(state, d), state.active).items():
        out.append({"at": h, "short": "over-stacked", "rule": "8.2.2",
                    "text": f"{h} holds {len(units)} units ({', '.join(_name(state, u) for u in units)}): "
                            "move one out or remove it before the phase ends"})
    return out


NOT_A_CHOICE = {"end-phase", "declare-done", "propose-armistice"}


def no_choice(game: Any, state: K38State) -> bool:
    """A phase with nothing to decide (no replacement points or arrivals, an empty
    housekeeping): only ending it, or an armistice proposal (5.4), which any phase allows."""
    if state.pending or state.result is not None:
        return False
    if state.combat_step == "declare" and state.battles:
        return False            # the player has declared: closing the declarations is theirs
    legal = game.legal_actions(state)
    return any(a.get("type") in ("end-phase", "declare-done") for a in legal) \
        and all(a.get("type") in NOT_A_CHOICE for a in legal)


def arrivals(game: Any, state: K38State) -> list[dict[str, Any]]:
    """The turn track: every turn from now to the end with the units that arrive on it (10.2),
    as the pieces the window draws."""
    d = data_of(state)
    by_turn: dict[int, list[str]] = {}
    for uid, us in state.units.items():
        u = d.units[uid]
        if us.at == POOL and u.arrival and u.arrival >= state.turn:
            by_turn.setdefault(int(u.arrival), []).append(uid)
    shown = {p["id"]: p for p in pieces(state, None) if p["id"] in {x for v in by_turn.values() for x in v}}
    out = []
    for t in range(state.turn, state.last_turn + 1):
        out.append({"turn": t, "label": str(d.turn(t).get("date") or ""), "current": t == state.turn,
                    "pieces": [shown[u] for u in sorted(by_turn.get(t, []), key=lambda u: (d.units[u].side, u))
                               if u in shown]})
    return out


def rule_charts(game: Any, state: K38State) -> list[dict[str, Any]]:
    """The game's charts for the Rules panel, drawn from its data: the CRT (9.0, 9.3), the
    Terrain Effects Chart (8.0, 9.2.1) and the turn track (4.0, 9.2.4, 10.0)."""
    d = data_of(state)
    crt = {"title": "Combat Results Table", "rule": "9.3",
           "header": ["Die"] + [combat.column_name(c) for c in d.crt_columns],
           "rows": [[str(i + 1)] + [str(d.crt[c][i]) for c in d.crt_columns] for i in range(6)]}
    tec = {"title": "Terrain Effects Chart", "rule": "9.2.1",
           "header": ["Terrain", "Movement cost", "Odds shift"],
           "rows": [[str(t.get("name") or k), f"{t.get('cost', '')}", f"{t.get('shift', 0)} left" if t.get("shift") else "none"]
                    for k, t in d.terrain.items()]
           + [["River hexside", f"+{d.river_cost:g}", "1 left if every attacker crosses one"],
              ["Road", f"{d.road_cost:g} along the road", ""]]}
    rows = []
    for t in range(1, state.last_turn + 1):
        tr = d.turn(t)
        off = tr.get("offensive") or {}
        rp = tr.get("rp") or {}
        rows.append([str(t), str(tr.get("date") or ""),
                     ", ".join(s.capitalize() for s, on in off.items() if on) or "-",
                     ", ".join(f"{k.upper()} {v}" for k, v in rp.items() if v) or "-",
                     "yes" if tr.get("winter") else ""])
    track = {"title": "Turn track", "rule": "4.0",
             "header": ["Turn", "Date", "Offensive", "Replacement points", "Winter"], "rows": rows}
    return [crt, tec, track]


def report_metrics(game: Any, state: K38State) -> dict[str, dict[str, float]]:
    """For the end-of-game report: each side's steps on the map (a full unit two, a reduced one)
    and the hexes it holds across the start line, the measure of a marginal victory (5.3)."""
    from app.games.korea38.victory import marginal_counts
    d = data_of(state)
    board = Board(state, d)
    steps = {COMMUNIST: 0.0, ALLIED: 0.0}
    for uid, us in state.units.items():
        if board.on_map(uid):
            steps[d.units[uid].side] += 1.0 if us.reduced else 2.0
    ground = marginal_counts(state, board)
    return {s: {"strength": steps[s], "ground": float(ground.get(s, 0))} for s in (COMMUNIST, ALLIED)}
