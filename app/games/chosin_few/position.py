"""Chosin Few positions: the scenario tables that state any moment (docs/scenarios.md).

``[[piece]]`` puts a unit on a space with its step (and ceiling) or a cube on a space;
``[deck]`` gives the activity deck top first, the discards and the card in play; ``[cup]`` the
cubes in the draw cup; ``[markers]`` the order in force, the Line of Departure markers, the air
support tokens and the action count. With ``[position] unlisted = "remove"`` a cube the file
does not list is out of play (not in the cup); with ``"keep"`` it stays in the cup.
"""

from __future__ import annotations

from typing import Any

from app.engine.position import listed_pieces
from app.games.chosin_few.data import UNITS, DEFAULT_FILES, DataError, load_data

MARKERS = ("order_index", "orders_done", "reached", "overdue", "lod", "air_held", "air_fresh",
           "air_earned_turn", "air_board", "actions_left", "actions_spent", "pass_draws")
DECK = {"draw": "deck", "discard": "discard", "card": "card", "last_card": "last_card"}


def position_tables(state: Any, scenario: dict[str, Any]) -> dict[str, Any]:
    pieces: list[dict[str, Any]] = []
    for u in UNITS:
        if u in state.units:
            pieces.append({"id": u, "at": state.units[u], "step": state.step.get(u, 0),
                           "ceiling": state.ceiling.get(u, 0)})
    for cube, sp in sorted(state.cubes.items()):
        pieces.append({"id": cube, "at": sp})
    out: dict[str, Any] = {}
    if state.files and state.files != DEFAULT_FILES:
        out["data"] = dict(state.files)
    elif isinstance(scenario.get("data"), dict):
        out["data"] = dict(scenario["data"])
    out["piece"] = pieces
    out["deck"] = {k: (list(getattr(state, f)) if isinstance(getattr(state, f), list) else getattr(state, f))
                   for k, f in DECK.items()}
    out["cup"] = {"cubes": list(state.cup)}
    out["markers"] = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                      for k in MARKERS for v in [getattr(state, k)]}
    out["position"] = {"unlisted": "remove"}
    return out


def apply_tables(state: Any, scenario: dict[str, Any], unlisted: str) -> None:
    """Read the tables above onto a freshly set-up state (called by ``setup``)."""
    pieces = scenario.get("piece")
    cubes_listed: set[str] = set()
    if isinstance(pieces, list):
        for p in pieces:
            pid = p["id"]
            if pid in UNITS:
                state.units[pid] = str(p["at"])
                if "step" in p:
                    state.step[pid] = int(p["step"])
                if "ceiling" in p:
                    state.ceiling[pid] = int(p["ceiling"])
            else:
                cubes_listed.add(pid)
                if p.get("at") in (None, "cup"):
                    continue
                state.cubes[pid] = str(p["at"])
                if pid in state.cup:
                    state.cup.remove(pid)
    if unlisted == "remove":
        state.cubes = {c: sp for c, sp in state.cubes.items() if c in cubes_listed}
        state.cup = [c for c in state.cup if c in cubes_listed and c not in state.cubes]
    cup = scenario.get("cup")
    if isinstance(cup, dict) and "cubes" in cup:
        state.cup = [str(c) for c in cup["cubes"]]
    deck = scenario.get("deck")
    if isinstance(deck, dict):
        for k, f in DECK.items():
            if k in deck:
                setattr(state, f, list(deck[k]) if isinstance(deck[k], list) else str(deck[k]))
    markers = scenario.get("markers")
    if isinstance(markers, dict):
        for k, v in markers.items():
            cur = getattr(state, k)
            setattr(state, k, dict(v) if isinstance(cur, dict) else list(v) if isinstance(cur, list) else type(cur)(v))


def position_problems(game: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    files = dict(DEFAULT_FILES)
    files.update(data.get("data", {}) or {})
    try:
        d = load_data(files)
    except DataError:
        return []
    out: list[tuple[str, str]] = []
    spaces = {s.id for s in d.graph}
    cubes = set(d.cube_ids())
    seen: dict[str, int] = {}
    pieces = data.get("piece", []) or []
    if not isinstance(pieces, list):
        return [("piece", "must be an array of tables ([[piece]])")]
    for i, path, p in listed_pieces(pieces, out, seen):
        pid = p["id"]
        if pid not in UNITS and pid not in cubes:
            out.append((f"{path}.id", f"no unit or cube {pid!r} (units: {', '.join(UNITS)}; cubes like red-1)"))
            continue
        at = p.get("at")
        if at is not None and not isinstance(at, str):
            out.append((f"{path}.at", "must be a space id (text), or \"cup\""))
            continue
        if pid in UNITS and at in (None, "cup"):
            out.append((f"{path}.at", "a unit stands on a space"))
        elif at not in (None, "cup") and spaces is not None and at not in spaces:
            out.append((f"{path}.at", f"no space {at!r} on the board"))
        if pid in UNITS:
            top = len(d.tracks[pid].values)   # the last step off the track: destroyed
            for k in ("step", "ceiling"):
                if k in p and (not isinstance(p[k], int) or isinstance(p[k], bool) or not 0 <= p[k] <= top):
                    out.append((f"{path}.{k}", f"must be a step from 0 to {top} ({top}: destroyed)"))
    for key in ("cup", "deck", "markers"):
        if key in data and not isinstance(data[key], dict):
            out.append((key, "must be a table"))
    cup = data.get("cup", {})
    if isinstance(cup, dict) and not isinstance(cup.get("cubes", []), list):
        out.append(("cup.cubes", "must be a list of cube ids"))
    elif isinstance(cup, dict):
        for j, c in enumerate(cup.get("cubes", []) or []):
            if not isinstance(c, str):
                out.append((f"cup.cubes[{j}]", "must be a cube id"))
            elif c not in cubes:
                out.append((f"cup.cubes[{j}]", f"no cube {c!r}"))
            elif c in seen and pieces[seen[c]].get("at") not in (None, "cup"):
                out.append((f"cup.cubes[{j}]", f"{c} is also on the board (piece[{seen[c]}]): a piece is in one place only"))
    deck = data.get("deck", {})
    if isinstance(deck, dict):
        known = set(d.activity) | {d.eoo_id}
        for k in ("draw", "discard"):
            if not isinstance(deck.get(k, []), list):
                out.append((f"deck.{k}", "must be a list of card ids"))
                continue
            for j, c in enumerate(deck.get(k, []) or []):
                if not isinstance(c, str) or c not in known:
                    out.append((f"deck.{k}[{j}]", f"no activity card {c!r}"))
    markers = data.get("markers", {})
    if isinstance(markers, dict):
        blank = {"order_index": 0, "orders_done": [], "reached": [], "overdue": {}, "lod": {}, "air_held": 0,
                 "air_fresh": 0, "air_earned_turn": 0, "air_board": {}, "actions_left": 0, "actions_spent": 0,
                 "pass_draws": 0}
        for k, v in markers.items():
            if k not in MARKERS:
                out.append((f"markers.{k}", f"unknown marker (known: {', '.join(MARKERS)})"))
            elif type(v) is not type(blank[k]) or (isinstance(v, int) and v < 0):
                what = {int: "a whole number, 0 or more", list: "a list", dict: "a table"}[type(blank[k])]
                out.append((f"markers.{k}", f"must be {what}"))
    return out


def position_schema() -> dict[str, Any]:
    ids = {"type": "array", "items": {"type": "string"}}
    return {
        "data": {"type": "object", "additionalProperties": {"type": "string"}},
        "piece": {"type": "array", "items": {"type": "object", "required": ["id"], "additionalProperties": False,
                                             "properties": {"id": {"type": "string"},
                                                            "at": {"type": "string", "description": "a space id, or cup"},
                                                            "step": {"type": "integer", "minimum": 0},
                                                            "ceiling": {"type": "integer", "minimum": 0}}}},
        "deck": {"type": "object", "additionalProperties": False, "properties": {
            "draw": ids, "discard": ids, "card": {"type": "string"}, "last_card": {"type": "string"}}},
        "cup": {"type": "object", "additionalProperties": False, "properties": {"cubes": ids}},
        "markers": {"type": "object", "additionalProperties": False, "properties": {
            "order_index": {"type": "integer", "minimum": 0}, "orders_done": ids, "reached": ids,
            "overdue": {"type": "object"}, "lod": {"type": "object", "additionalProperties": {"type": "string"}},
            "air_held": {"type": "integer", "minimum": 0}, "air_fresh": {"type": "integer", "minimum": 0},
            "air_earned_turn": {"type": "integer"}, "air_board": {"type": "object"},
            "actions_left": {"type": "integer", "minimum": 0}, "actions_spent": {"type": "integer", "minimum": 0},
            "pass_draws": {"type": "integer", "minimum": 0}}},
    }
