"""What the window shows: pieces, drop targets with movement costs, panels, overlays, prompts.

Nothing here decides legality: targets and buttons come from ``legal_actions``.
"""

from __future__ import annotations

from typing import Any

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
            return f"{side}: declare every battle (attackers, support, human wave), then press declare-done (9.0)."
        if any(not b.resolved for b in state.battles):
            return f"{side}: pick the next battle to resolve (9.0)."
        return f"{side}: all battles fought; end the phase."
    if kind == "movement":
        return f"{side}: move any units (8.0); one unit a hex when the phase ends (8.2.2)."
    if state.phase == "housekeeping":
        return f"{side}: isolation and attrition checked (12.0); end the phase to continue."
    return ""


def pieces(state: K38State, side: str | None) -> list[dict[str, Any]]:
    d = data_of(state)
    board = Board(state, d)
    in_battle = combat.committed(state) | {b.defender for b in state.battles if not b.resolved}
    out = []
    for uid in sorted(d.units):
        u = d.units[uid]
        us = state.units[uid]
        if u.is_air:
            at = f"box:air-{u.side}"
        elif d.grid.contains(us.at):
            at = us.at
        elif us.at.startswith(SEA):
            at = us.at[len(SEA):]
        else:
            at = f"box:{BOX_OF.get(us.at, us.at)}"
        flags = []
        if uid in state.moved:
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
                f"strength {u.full}/{u.reduced}, movement {u.move}"]
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
        if board.on_map(uid):
            info.append("In Communication" if board.in_communication(uid) else "NOT In Communication")
        out.append({
            "id": uid, "at": at, "kind": "counter", "side": u.side, "nation": u.nation,
            "unit_type": u.type, "size": u.size, "label": u.name, "values": values,
            "reduced": bool(us.reduced) and not u.is_air, "colour": d.nation_colours.get(u.nation, DEFAULT_COLOURS.get(u.nation, "#888888")),
            "flags": flags, "info": info,
        })
    return out


def drop_targets(game: Any, state: K38State, piece: str) -> dict[str, dict[str, Any]]:
    d = data_of(state)
    out: dict[str, dict[str, Any]] = {}
    legal = game.legal_actions(state)
    costs: dict[str, tuple[float, tuple[str, ...]]] = {}
    if any(a.get("type") == "move" and a.get("unit") == piece for a in legal):
        costs = movement.reach(state, Board(state, d), piece)
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
            entry["cost"] = c
            entry["note"] = f"{c:g} of {d.units[piece].move}" + (" (always one hex)" if c > d.units[piece].move else "")
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
        out.setdefault(key, entry)
    return out


def describe_action(state: K38State, a: dict[str, Any]) -> str:
    d = data_of(state)
    t = a.get("type")
    n = lambda u: d.units[u].name if u in d.units else str(u)  # noqa: E731
    if t == "move":
        return f"Move {n(a['unit'])} to {a['to']}"
    if t == "naval":
        return f"Ship {n(a['unit'])} to {a['to']} (naval transport)"
    if t == "amphibious":
        return f"Amphibious assault: {n(a['unit'])} at {a['to']}" + (f", ashore at {a['at']}" if a.get("at") else "")
    if t == "reinforce":
        return f"Place {n(a['unit'])} at {a['at']}"
    if t == "replace":
        us = state.units.get(a["unit"])
        if us is not None and us.at == ELIM:
            return f"Replacement: bring back {n(a['unit'])} at {a['at']}"
        return f"Replacement: restore {n(a['unit'])} to full strength"
    if t == "eliminate":
        return f"Remove over-stacked {n(a['unit'])}"
    if t == "end-phase":
        return f"End {sequence.PHASE_NAMES.get(state.phase, state.phase)}"
    if t == "declare-add":
        role = {"attack": "attacks", "support": "supports against", "wave": "human wave against"}[a["role"]]
        return f"{n(a['unit'])} {role} {n(a['defender'])}"
    if t == "declare-done":
        return "Done declaring battles"
    if t == "resolve":
        i = int(a["battle"])
        b = state.battles[i] if 0 <= i < len(state.battles) else None
        if b is None:
            return f"Resolve battle {i}"
        odds = combat.odds_parts(state, Board(state, d), b)
        return f"Resolve the battle at {b.hex} vs {n(b.defender)} ({combat.column_name(odds['column'])})"
    if t == "air":
        return "Commit air: " + (", ".join(n(u) for u in a["units"]) or "none")
    if t == "mig":
        return f"MiG-15 cancels {n(a['cancel'])}"
    if t == "no-mig":
        return "Keep the MiG-15 out"
    if t == "loss":
        return f"Step loss to {n(a['unit'])}"
    if t == "retreat":
        return "Retreat via " + " -> ".join(a["path"])
    if t == "sea-retreat":
        return f"Retreat by sea to {a['to']}"
    if t == "advance":
        return f"Advance {n(a['unit'])} into {a['to']}"
    if t == "no-advance":
        return "Do not advance"
    if t == "spread":
        return f"Land {n(a['unit'])} at {a['to']}"
    if t == "propose-armistice":
        return "Propose an armistice (5.4)"
    if t == "accept-armistice":
        return "Accept the armistice"
    if t == "reject-armistice":
        return "Reject the armistice"
    return str(t)


def panels(state: K38State, side: str | None) -> list[dict[str, Any]]:
    d = data_of(state)
    turn = d.turn(state.turn)
    rows = [["Turn", f"{state.turn} of {state.last_turn}" + (f" ({turn.get('date')})" if turn.get("date") else "")],
            ["Phase", sequence.PHASE_NAMES.get(state.phase, state.phase)],
            ["To act", state.active]]
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
            odds = combat.odds_parts(state, board, b)
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


def overlays(state: K38State, side: str | None) -> list[dict[str, Any]]:
    d = data_of(state)
    board = Board(state, d)
    out: list[dict[str, Any]] = [
        {"kind": "hexes", "id": "mig-alley", "label": "MiG Alley", "hexes": sorted(d.mig_alley),
         "colour": "#e6c300", "style": "outline"},
    ]
    for s in (COMMUNIST, ALLIED):
        out.append({"kind": "hexes", "id": f"in-communication-{s}", "label": f"{s.capitalize()} In Communication",
                    "hexes": communication_hexes(board, s), "colour": "#3070c0" if s == ALLIED else "#c03030",
                    "style": "fill", "optional": True})
        from app.games.korea38.isolation import isolated_units as iso
        out.append({"kind": "hexes", "id": f"isolated-{s}", "label": f"Isolated {s} units",
                    "hexes": sorted({state.units[u].at for u in iso(state, board, s)}),
                    "colour": "#ff00ff", "style": "outline", "optional": True})
        out.append({"kind": "hexes", "id": f"zoc-{s}", "label": f"{s.capitalize()} zones of control",
                    "hexes": sorted(board.zoc(s)), "colour": "#888888", "style": "hatch", "optional": True})
    return out
