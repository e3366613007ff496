"""Frozen Chosin's optional window hooks (presentation only; the rules live elsewhere).

``seat_slots`` lists the six commands the New Game dialog seats; ``hq_sheets`` describes each
command's HQ sheet for the dice panel; ``drawn_card`` the event card just drawn, written in our
words from its effects; ``drag_lines`` the range and spotting lines of a base being dragged.
"""

from __future__ import annotations

from typing import Any

from app.games.frozen_chosin import combat as C
from app.games.frozen_chosin import data as D
from app.games.frozen_chosin import operations as O
from app.games.frozen_chosin.common import G, R, live, rect_gap, stats
from app.games.frozen_chosin.state import PVA, UN, FCState, other

SIDE_WORD = {UN: "United Nations", PVA: "Chinese", "all": "both sides"}
TIME_WORD = {"day": "by day", "night": "by night", "any": "day or night"}


def seat_slots(game: Any) -> list[dict[str, str]]:
    """The seats a match offers: one per command, with its side (FC-1.3)."""
    return [{"id": c["id"], "name": c["name"], "side": c["side"], "side_name": SIDE_WORD.get(c["side"], c["side"])}
            for c in D.bundle().commands]


def seat_option(game: Any, seats: dict[str, str]) -> dict[str, Any]:
    """The match option that carries the seat assignment."""
    return {"seats": dict(seats)}


def hq_sheets(game: Any, state: FCState, viewer: str | None) -> list[dict[str, Any]]:
    """Each command's HQ sheet: its dice and its menu of operations (FC-2.2). The other side's
    placement is hidden while planning goes on (FC-2.4)."""
    st = state
    who = game.seat_side(st, viewer)
    out = []
    for c in st.commands.values():
        hidden = st.phase == "operations" and who is not None and c.side != who
        spent = sum(int(D.bundle().operations[o]["cost"]) for o in c.planned) if not hidden else 0
        ops = []
        for o in O.menu(c.side):
            status = "" if hidden else ("tried" if o["id"] in c.attempted else "placed" if o["id"] in c.planned else "")
            roll = "two dice added" if o.get("roll") in ("sum", "2d6") else "its best die"
            cost = f"{o['cost']} die" if int(o["cost"]) == 1 else f"{o['cost']} dice"
            ops.append({"id": o["id"], "name": o["name"], "cost": int(o["cost"]), "status": status,
                        "detail": f"{cost}, {o['target']}+ on {roll}, {TIME_WORD.get(o['time'], o['time'])}",
                        "rule": O.RULE.get(o["effect"], "FC-2.2")})
        out.append({"id": c.id, "name": c.name, "side": c.side, "seat": c.seat, "dice": c.dice,
                    "left": max(0, c.dice - spent) if st.phase == "operations" and not hidden else None,
                    "hidden": hidden, "ops": ops,
                    "current": c.id == st.current and st.phase == "operations",
                    "acting": c.id == st.current and st.pending is None and not st.result})
    return out


def _effect_text(e: dict[str, Any], cmds: dict[str, str]) -> str:
    """One effect of an event card in a player's words (FC-13)."""
    kind = e.get("effect")
    side = e.get("side", "")
    who = SIDE_WORD.get(side, "")
    each = {"un": "Each Allied command", "pva": "Each Chinese command", "all": "Every command"}.get(side, "Each command")
    if kind == "no-air":
        return "No air operations this turn."
    if kind == "ranged-limit":
        return f"Ranged fire reaches no more than {e['inches']} inches this turn."
    if kind == "ops-dice":
        amt = e["amount"]
        if amt == "d3":
            return f"{each} gets one to three extra operations dice this turn (one roll for all)."
        n = int(amt)
        word = {1: "one operations die", 2: "two operations dice"}.get(abs(n), f"{abs(n)} operations dice")
        if e.get("command"):
            each = cmds.get(str(e["command"]), str(e["command"]))
        return f"{each} has {word} {'more' if n > 0 else 'fewer'} this turn."
    if kind == "cold":
        count = "a die roll's worth of suppressed bases" if e.get("count") == "d6" else \
            ("one suppressed base" if str(e.get("count")) == "1" else f"{e.get('count')} suppressed bases")
        scope = each[0].lower() + each[1:] if e.get("per") == "command" else \
            {"un": "the Allied side", "pva": "the Chinese side", "all": "each side"}.get(side, who)
        return f"The cold kills {count} of {scope}."
    if kind == "t34":
        return f"A Chinese T-34 tank joins {cmds.get(e.get('command', ''), 'a Chinese command')} in an entry zone a die picks."
    if kind == "airstrike-fp":
        return f"Air strikes {int(e['amount']):+d} firepower this turn."
    if kind == "drysdale":
        return f"Task Force Drysdale now arrives on turn {e['turn']} (never before the current turn)."
    if kind == "off-table-guns":
        return f"Chinese guns off the table may fire once ({e.get('fp', 4)} firepower, needs a spotter)."
    if kind == "supply-marker":
        place = str(e.get("place", "")).replace("-", " ").title().replace(" Ri", "-ri").replace(" Ni", "-ni")
        return f"A supply depot for the {who} appears" + (f" at {place}." if place else ".")
    return str(kind).replace("-", " ").capitalize() + "."


def drawn_card(game: Any, state: FCState) -> dict[str, Any] | None:
    """The event card drawn this turn (FC-13), as a card face: name, rule, lines of effect."""
    st = state
    if not st.event:
        return None
    card = D.bundle().cards.get(st.event)
    if card is None:
        return None
    from app.games.frozen_chosin.events import card_rule
    cmds = {c.id: c.name for c in st.commands.values()}
    return {"key": f"{st.turn}:{st.event}", "title": card["name"], "rule": card_rule(st.event),
            "subtitle": f"Event card, turn {st.turn}",
            "lines": [_effect_text(e, cmds) for e in card.get("effects", [])]}


def drag_lines(game: Any, state: FCState, piece: str, at: tuple[float, float]) -> list[dict[str, Any]]:
    """While a base is dragged to ``at``: a line to each enemy it could fire on from there
    (FC-8.1), each enemy a friendly base would spot (FC-8.2), and each it would touch (FC-7.1)."""
    st = state
    b = st.bases.get(piece)
    if b is None or b.status != "on":
        return []
    x, y = at
    g = G(st)
    out: list[dict[str, Any]] = []
    rng = C.fire_range(st, b) if "ranged_fp" in stats(b) else 0.0
    spot = float(stats(b).get("spot", R("spot")))
    contact = float(R("contact"))
    for e in live(st, other(b.side)):
        gap = rect_gap(x, y, b.w, b.h, e.x, e.y, e.w, e.h)
        if gap <= contact + 1e-9:
            out.append({"points": [[x, y], [e.x, e.y]], "kind": "contact", "label": f"would touch {e.name}"})
            continue
        seen = g.sees((x, y), (e.x, e.y))
        if rng and gap <= rng + 1e-9:
            out.append({"points": [[x, y], [e.x, e.y]], "kind": "range" if seen else "blocked",
                        "label": f"{e.name}: {gap:.1f} in, " + ("in range" if seen else "in range, sight blocked")})
        elif gap <= spot + 1e-9:
            out.append({"points": [[x, y], [e.x, e.y]], "kind": "spot" if seen else "blocked",
                        "label": f"{e.name}: {gap:.1f} in, " + ("spotted" if seen else "sight blocked")})
    circles = [{"at": [x, y], "r": spot, "kind": "spot", "label": f"spots {spot:g} in"}]
    if rng:
        circles.append({"at": [x, y], "r": rng, "kind": "range", "label": f"range {rng:g} in"})
    return out + [dict(c, circle=True) for c in circles]


def side_name(game: Any, side: str, state: Any = None, scenario: dict[str, Any] | None = None) -> str:
    return SIDE_WORD.get(side, side)


def phase_label(game: Any, state: FCState) -> str:
    """The turn bar's phase: the day, day or night, and the score so far (FC-1.2, FC-16)."""
    from app.games.frozen_chosin.common import day_name
    from app.games.frozen_chosin.victory import score
    st = state
    phase = {"smith": "before the battle", "operations": "Operations", "night": "Night (Chinese first)",
             "day": "Day (Allies first)"}.get(st.day_phase or st.phase, str(st.phase).title())
    vp = score(st)
    return f"{day_name(st)}, {phase} \u00b7 VP: United Nations {vp['un']}, Chinese {vp['pva']}"


def drag_regions(game: Any, state: FCState, piece: str) -> list[dict[str, Any]]:
    """Where the base being dragged may go: the road reach and the off-road reach as separate
    regions (FC-4.1: a move is one or the other, never both)."""
    from shapely.geometry import MultiPoint, Point
    from app.games.frozen_chosin import movement as M
    from app.games.frozen_chosin import sequence as Q
    st = state
    b = st.bases.get(piece)
    if b is None or st.activation is None or st.activation.step != "move" or piece not in Q.movers_left(st):
        return []
    g = G(st)
    out: list[dict[str, Any]] = []
    off = Point(b.x, b.y).buffer(M.allowance(st, b, "off-road"), quad_segs=16).intersection(g.table.bounds)
    if b.side == PVA and not g.lake.is_empty:
        off = off.difference(g.lake)
    road_pts = g.road_reach((b.x, b.y), M.allowance(st, b, "road"))
    regions = [("off-road", off, f"off road: {M.allowance(st, b, 'off-road'):g} in")]
    if len(road_pts) > 1:
        regions.append(("road", MultiPoint([p for p, _ in road_pts]).buffer(g.half_road),
                        f"along the road: {M.allowance(st, b, 'road'):g} in"))
    for kind, geom, label in regions:
        for poly in getattr(geom, "geoms", [geom]):
            if poly.is_empty or poly.geom_type != "Polygon":
                continue
            out.append({"kind": kind, "label": label,
                        "points": [[round(x, 2), round(y, 2)] for x, y in poly.exterior.coords]})
    return out


def arrivals(game: Any, state: FCState) -> list[dict[str, Any]]:
    """The turn track: the eight days (FC-1.2), the one in play marked with its phase, and Task
    Force Drysdale on the day it is due (FC-14.7; an event may move it)."""
    from app.games.frozen_chosin.common import day_name
    st = state
    due: list[dict[str, Any]] = []
    if not st.drysdale_in:
        ids = {b for r in st.regiments.values() if r.reinforcement == "drysdale" for b in r.bases}
        for p in game.pieces(_with_bases_on(st, ids), None):
            if p.get("id") in ids:
                due.append(p)
    out = []
    for t in range(1, st.turns + 1):
        now = t == st.turn and not st.result
        phase = {"operations": "operations", "night": "night", "day": "day"}.get(st.day_phase, "") if now else ""
        out.append({"turn": t, "label": day_name(st, t) + (f" ({phase})" if phase else ""), "current": now,
                    "pieces": due if t == st.drysdale_turn else []})
    return out


def _with_bases_on(st: FCState, ids: set[str]) -> FCState:
    """A copy of the state with ``ids`` on the table, only to draw them on the track."""
    import copy
    cp = copy.copy(st)
    cp.bases = {k: (copy.copy(v) if k in ids else v) for k, v in st.bases.items()}
    for k in ids:
        cp.bases[k].status = "on"
    return cp


# ------------------------------------------------------------------ play feel (play_feel.py, issue 15)
def next_step(game: Any, state: FCState) -> dict[str, Any] | None:
    """The turn bar's next-step control: finish placing dice, end movement, end the activation,
    hold fire or pass, as the moment asks."""
    from app.games.frozen_chosin.play_feel import next_step as step
    return step(state)


def describe_piece(game: Any, state: FCState, piece_id: str) -> dict[str, Any] | None:
    """The hover card of a base or a supply marker."""
    from app.games.frozen_chosin.play_feel import describe_piece as card
    return card(state, piece_id)


def report_metrics(game: Any, state: FCState) -> dict[str, dict[str, float]]:
    """The end-of-game report's strength and ground per side."""
    from app.games.frozen_chosin.play_feel import report_metrics as metrics
    return metrics(state)


def sandbox_row(game: Any, piece: dict[str, Any]) -> dict[str, Any] | None:
    """A sandbox piece as a position row (File > Save position as scenario from the sandbox):
    a supply marker keeps its kind and side, a reduced base is written as suppressed."""
    at = piece.get("at")
    if not isinstance(at, list) or len(at) != 2:
        return None
    if piece.get("kind") == "marker":
        names = {str(v.get("name", k)): k for k, v in D.bundle().pieces.get("markers", {}).items()}
        kind = names.get(str(piece.get("label", "")), "depot")
        return {"id": str(piece["id"]), "kind": kind, "side": str(piece.get("side") or UN), "at": list(at)}
    row: dict[str, Any] = {"id": str(piece["id"]), "at": list(at)}
    if piece.get("reduced"):
        row["suppressed"] = True
    return row


def rule_charts(game: Any, state: FCState) -> list[dict[str, Any]]:
    """The Rules panel's charts: bases, both HQ sheets, the event cards, the turn track."""
    from app.games.frozen_chosin.play_feel import rule_charts as charts
    return charts(state)
