"""Take The High Ground! positions: the scenario tables that state any moment (docs/scenarios.md).

``[[piece]]`` rows name a team or leader of the platoon (its place ``at = [x, y]`` in inches,
GUTS, state and this turn's flags), a card (``card-N``: its position, rank and suit, what it
becomes, face up or down) or a machine gun a turned card became (``mg-N``: apex, heading, GUTS,
state). With ``[position] unlisted = "remove"`` the cards and guns the file does not list are
taken off the table and unlisted platoon elements are out of the fight; with ``"keep"`` they stay
as the set-up dealt them. ``enter = false`` skips the set-up's entry steps (cards turned near the
start line, the start of turn 1).
"""

from __future__ import annotations

from typing import Any

from app.engine.position import listed_pieces
from app.engine.state import converter, to_json

from app.games.guts.state import Card, Element, Gun, GutsState

ELEMENT_KEYS = tuple(k for k in to_json(Element()) if k not in ("x", "y"))
CARD_KEYS = tuple(k for k in to_json(Card()) if k not in ("x", "y", "fx", "fy"))
GUN_KEYS = tuple(k for k in to_json(Gun()) if k not in ("x", "y"))
ELEMENT_SHOWN = ("id", "guts", "status")   # always written; the rest only when not the default


def kind_of(row: dict[str, Any], state: GutsState | None = None) -> str:
    pid = str(row.get("id", ""))
    if pid.startswith("mg-") or row.get("kind") in ("hmg", "lmg"):
        return "gun"
    if pid.startswith("card-"):
        return "card"
    return "element"


def _diff(obj: Any, base: dict[str, Any], keep: tuple[str, ...]) -> dict[str, Any]:
    data = to_json(obj)
    return {k: v for k, v in data.items() if k in keep or v != base.get(k)}


def position_tables(state: GutsState, scenario: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {k: v for k, v in scenario.items()
                           if k in ("platoon", "turns", "break_below_teams", "spots", "becomes")}
    out["turns"] = state.turns
    out["break_below_teams"] = state.break_below
    blank_e = to_json(Element())
    rows: list[dict[str, Any]] = []
    for e in state.elements.values():
        row = _diff(e, blank_e, ELEMENT_SHOWN)
        for k in ("x", "y", "name", "kind", "role", "squad", "w", "h", "start_guts", "average"):
            row.pop(k, None)
        rows.append({"id": e.id, "at": [e.x, e.y], **{k: v for k, v in row.items() if k != "id"}})
    for c in state.cards.values():
        row = {k: v for k, v in to_json(c).items() if k not in ("x", "y", "fx", "fy")}
        rows.append({"id": c.id, "at": [c.x, c.y], "front": [c.fx, c.fy],
                     **{k: v for k, v in row.items() if k != "id"}})
    blank_g = to_json(Gun())
    for g in state.guns.values():
        row = _diff(g, blank_g, ("id", "card", "kind", "guts", "status", "heading"))
        row.pop("x", None)
        row.pop("y", None)
        rows.append({"id": g.id, "at": [g.x, g.y], **{k: v for k, v in row.items() if k != "id"}})
    out["piece"] = rows
    out["position"] = {"unlisted": "remove"}
    return out


def apply_tables(state: GutsState, scenario: dict[str, Any], unlisted: str) -> None:
    """Read ``[[piece]]`` onto a freshly set-up table (called by ``setup``)."""
    pieces = scenario.get("piece")
    if not isinstance(pieces, list):
        pieces = []
    listed: set[str] = set()
    conv_e, conv_c, conv_g = converter(Element), converter(Card), converter(Gun)
    for row in pieces:
        pid = str(row["id"])
        listed.add(pid)
        kind = kind_of(row, state)
        vals = {k: v for k, v in row.items() if k not in ("at", "front")}
        if kind == "element":
            base = to_json(state.elements[pid]) if pid in state.elements else {}
            base.update(vals)
            if "at" in row:
                base["x"], base["y"] = float(row["at"][0]), float(row["at"][1])
            state.elements[pid] = conv_e(base)
        elif kind == "card":
            base = to_json(state.cards[pid]) if pid in state.cards else to_json(Card(id=pid))
            base.update(vals)
            if "at" in row:
                base["x"], base["y"] = float(row["at"][0]), float(row["at"][1])
            if "front" in row:
                base["fx"], base["fy"] = float(row["front"][0]), float(row["front"][1])
            elif "at" in row or "facing" in row:
                from app.games.guts.data import bundle
                from app.games.guts.geometry import direction
                cl = float(bundle().enemy["deck"]["card_size"][1])
                ux, uy = direction(float(base["facing"]))
                base["fx"] = round(base["x"] + ux * cl / 2.0, 6)
                base["fy"] = round(base["y"] + uy * cl / 2.0, 6)
            state.cards[pid] = conv_c(base)
        else:
            base = to_json(state.guns[pid]) if pid in state.guns else to_json(Gun(id=pid))
            base.update(vals)
            if "at" in row:
                base["x"], base["y"] = float(row["at"][0]), float(row["at"][1])
            if not base.get("name"):
                from app.games.guts.data import bundle
                base["name"] = bundle().gun(base["kind"])["name"]
            state.guns[pid] = conv_g(base)
    if unlisted == "remove":
        state.cards = {k: v for k, v in state.cards.items() if k in listed}
        state.guns = {k: v for k, v in state.guns.items() if k in listed}
        for e in state.elements.values():
            if e.id not in listed and not e.out:
                e.out, e.out_reason = True, "not in this scenario"


_TYPE_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "true or false", list: "a list",
               dict: "a table"}


def position_problems(game: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    from app.games.guts.data import bundle
    b = bundle()
    pieces = data.get("piece", []) or []
    if not isinstance(pieces, list):
        return [("piece", "must be an array of tables ([[piece]])")]
    plat = b.rosters.get("platoons", {}).get(data.get("platoon", "marines"), {})
    roster = {e["id"] for e in plat.get("elements", [])}
    W, H = float(b.table_doc["width"]), float(b.table_doc["height"])
    out: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    cards_listed = {str(p.get("id")) for p in pieces if isinstance(p, dict)}
    types = {**{k: type(v) for k, v in to_json(Element()).items()}, **{k: type(v) for k, v in to_json(Card()).items()},
             **{k: type(v) for k, v in to_json(Gun()).items()}}
    for i, path, p in listed_pieces(pieces, out, seen):
        pid = p["id"]
        kind = kind_of(p)
        keys = {"element": ELEMENT_KEYS, "card": CARD_KEYS, "gun": GUN_KEYS}[kind]
        for k in p:
            if k not in keys and k not in ("at", "front"):
                out.append((f"{path}.{k}", f"unknown key for a {kind} (known: at, {', '.join(keys)})"))
        if kind == "element" and pid not in roster:
            out.append((f"{path}.id", f"the {data.get('platoon', 'marines')} platoon has no team or leader {pid!r}"))
        at = p.get("at")
        if at is not None:
            if (not isinstance(at, list) or len(at) != 2
                    or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in at)):
                out.append((f"{path}.at", "must be [x, y] in inches"))
            elif not (0 <= at[0] <= W and 0 <= at[1] <= H):
                out.append((f"{path}.at", f"({at[0]}, {at[1]}) is off the {W:g} x {H:g} inch table"))
        if kind == "gun":
            if p.get("kind", "hmg") not in ("hmg", "lmg"):
                out.append((f"{path}.kind", "must be hmg or lmg"))
            card = p.get("card")
            pos = data.get("position") if isinstance(data.get("position"), dict) else {}
            if card is not None and not isinstance(card, str):
                out.append((f"{path}.card", "must be a card id"))
            elif card is not None and card not in cards_listed and pos.get("unlisted") == "remove":
                out.append((f"{path}.card", f"the gun's card {card!r} is not in play"))
        for k, v in p.items():
            want = types.get(k)
            if k in ("at", "front", "id") or want is None or k in ("guts",):
                continue
            ok = isinstance(v, (int, float)) and not isinstance(v, bool) if want is float else isinstance(v, want)
            if not ok:
                out.append((f"{path}.{k}", f"must be {_TYPE_WORDS.get(want, want.__name__)}"))
        if kind == "card" and "becomes" in p and p["becomes"] not in ("hmg", "lmg", "dummy"):
            out.append((f"{path}.becomes", "must be hmg, lmg or dummy"))
        if "guts" in p and (not isinstance(p["guts"], int) or isinstance(p["guts"], bool) or not 0 <= p["guts"] <= 12):
            out.append((f"{path}.guts", "must be a GUTS value from 0 to 12"))
        if kind == "element" and "status" in p and p["status"] not in ("ok", "hit-the-dirt", "gone-to-ground", "pinned"):
            out.append((f"{path}.status", "must be ok, hit-the-dirt, gone-to-ground or pinned"))
    return out


def position_schema() -> dict[str, Any]:
    xy = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}
    return {
        "platoon": {"type": "string"}, "turns": {"type": "integer", "minimum": 1},
        "break_below_teams": {"type": "integer", "minimum": 0},
        "spots": {"type": "array", "items": {"type": "string"}},
        "becomes": {"type": "object", "additionalProperties": {"enum": ["hmg", "lmg", "dummy"]}},
        "piece": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {
            "id": {"type": "string", "description": "a roster id (rifle-1a...), card-N or mg-N"},
            "at": {**xy, "description": "centre in inches (a gun: its cone's apex)"},
            "front": {**xy, "description": "a card: the middle of its front edge"},
            "guts": {"type": "integer", "minimum": 0}, "status": {"type": "string"},
            "rank": {"type": "string"}, "suit": {"type": "string"},
            "becomes": {"enum": ["hmg", "lmg", "dummy"]}, "revealed": {"type": "boolean"},
            "facing": {"type": "number"}, "heading": {"type": "number"}, "kind": {"type": "string"}}}},
    }
