"""Korea positions: the scenario tables that state any moment of play (docs/scenarios.md).

``[start]`` (turn, phase, side to act), ``[[piece]]`` (every unit's hex or box, reduced, used),
``[control]`` (city owners), ``[state]`` (phase bookkeeping: units that moved, arrivals, points
to spend...), ``[[battle]]`` (declared battles, their stage and air) and ``[[pending]]``
(a decision owed: a retreat or loss to choose, air to commit, an armistice reply). The engine's
``[position]`` table adds ``enter`` (run the phase's entry steps: arrivals, replacement points,
attrition, winter grounding) and ``unlisted`` (``"remove"`` takes every unit the file does not
list out of play instead of leaving it at its counters.toml set-up hex or arrival turn).
"""

from __future__ import annotations

from typing import Any

from app.engine.position import has_null
from app.engine.state import converter, to_json

from app.games.korea38.data import DEFAULT_KEY, SIDES, Data
from app.games.korea38.state import AIR, Battle, K38State, Pending, PHASES, REMOVED, SEA

BATTLE_DEFAULTS = to_json(Battle(defender="", hex=""))
PENDING_KINDS = ("air", "mig", "loss", "retreat", "sea-retreat", "advance", "spread", "armistice")
STATE_SETS = ("moved", "arrived", "stepped", "naval_ports")


def position_tables(state: K38State, scenario: dict[str, Any]) -> dict[str, Any]:
    """The readable tables of ``state`` (the engine adds [position] and any field left over)."""
    start: dict[str, Any] = {"turn": state.turn, "phase": state.phase, "active": state.active,
                             "last_turn": state.last_turn}
    extra: dict[str, Any] = {}
    if state.data_key != DEFAULT_KEY:
        extra["data"] = state.data_key
    pieces = []
    for uid in sorted(state.units):
        us = state.units[uid]
        row: dict[str, Any] = {"id": uid, "at": us.at, "reduced": us.reduced}
        if us.used:
            row["used"] = True
        pieces.append(row)
    extra.update({"amph_used": state.amph_used, "amph_this_turn": state.amph_this_turn,
                  "to_place": list(state.to_place), "rp": dict(state.rp), "hk_side": state.hk_side,
                  "combat_step": state.combat_step, "current": state.current})
    for k in STATE_SETS:
        extra[k] = sorted(getattr(state, k))
    out: dict[str, Any] = {"start": start, "piece": pieces, "control": dict(sorted(state.control.items())),
                           "state": extra}
    battles = [to_json(b) for b in state.battles]
    if all(not has_null(b) for b in battles):
        out["battle"] = [{k: v for k, v in b.items() if k in ("defender", "hex") or v != BATTLE_DEFAULTS.get(k)}
                         for b in battles]
    out["pending"] = [to_json(p) for p in state.pending]
    if isinstance(scenario.get("options"), dict):
        out["options"] = dict(scenario["options"])
    out["position"] = {"unlisted": "remove"}
    return out


def apply_unlisted(state: K38State, scenario: dict[str, Any], unlisted: str) -> None:
    """``unlisted = "remove"``: units the file does not list are out of play (box ``removed``)."""
    if unlisted != "remove":
        return
    listed = {p.get("id") for p in scenario.get("piece", []) or [] if isinstance(p, dict)}
    for uid, us in state.units.items():
        if uid not in listed:
            us.at = REMOVED
            us.used = False


def apply_decisions(state: K38State, scenario: dict[str, Any]) -> None:
    """Declared battles and owed decisions, after the phase's entry steps (which clear them)."""
    conv_b = converter(Battle)
    conv_p = converter(Pending)
    if "battle" in scenario:
        state.battles = []
        for row in scenario.get("battle") or []:
            row = dict(row)
            row.setdefault("hex", state.units[row["defender"]].at)
            state.battles.append(conv_b(row))
    if "pending" in scenario:
        state.pending = [conv_p(dict(row)) for row in scenario.get("pending") or []]


def in_play(state: K38State, d: Data, uid: str) -> bool:
    at = state.units[uid].at
    return d.grid.contains(at) or at.startswith(SEA)


def position_problems(game: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    """Battles and owed decisions must name units in play (checked on the set-up position)."""
    out: list[tuple[str, str]] = []
    battles = data.get("battle", []) or []
    pendings = data.get("pending", []) or []
    extra = data.get("state") if isinstance(data.get("state"), dict) else {}
    cur = extra.get("current", -1)
    if isinstance(cur, int) and isinstance(battles, list) and cur >= len(battles):
        out.append(("state.current", f"names battle {cur}, but the file declares {len(battles)} (numbered from 0)"))
    if not battles and not pendings:
        return out
    if not isinstance(battles, list) or not isinstance(pendings, list):
        return [("battle" if not isinstance(battles, list) else "pending", "must be an array of tables")]
    from app.games.korea38.zoc import data_of
    # Set up without the battles themselves: only where the units stand matters here.
    probe = {k: v for k, v in data.items() if k not in ("battle", "pending")}
    if isinstance(probe.get("state"), dict):   # no battle being fought without its battles
        probe["state"] = {k: v for k, v in probe["state"].items() if k != "current"}
    try:
        state = game.setup(probe, {}, 0)
    except Exception as e:  # noqa: BLE001 - reported as a problem of the file, never a traceback
        return [("piece", f"the position cannot be set up: {e}")]
    d = data_of(state)
    for i, b in enumerate(battles):
        path = f"battle[{i}]"
        if not isinstance(b, dict):
            out.append((path, "must be a table"))
            continue
        # a battle still to be fought names units in play; one under way or over may name
        # units its own result has already taken off the map
        fresh = not b.get("resolved", False) and b.get("stage", "declared") == "declared"
        dfd = b.get("defender")
        if not isinstance(dfd, str) or dfd not in d.units:
            out.append((f"{path}.defender", f"unknown unit id {dfd!r}"))
        elif fresh and not in_play(state, d, dfd):
            out.append((f"{path}.defender", f"{dfd} is not in play (it is at {state.units[dfd].at})"))
        for role in ("attackers", "support", "wave", "amphibious", "air", "air_communist"):
            if not isinstance(b.get(role, []), list):
                out.append((f"{path}.{role}", "must be a list of unit ids"))
                continue
            for j, uid in enumerate(b.get(role, []) or []):
                if not isinstance(uid, str) or uid not in d.units:
                    out.append((f"{path}.{role}[{j}]", f"unknown unit id {uid!r}"))
                elif not fresh:
                    continue
                elif role.startswith("air"):
                    if state.units[uid].at != AIR:
                        out.append((f"{path}.{role}[{j}]", f"{uid} is not in an air box"))
                elif not in_play(state, d, uid):
                    out.append((f"{path}.{role}[{j}]", f"{uid} is not in play (it is at {state.units[uid].at})"))
        for k in b:
            if k not in BATTLE_DEFAULTS:
                out.append((f"{path}.{k}", f"unknown battle key (known: {', '.join(sorted(BATTLE_DEFAULTS))})"))
    for i, p in enumerate(pendings):
        path = f"pending[{i}]"
        if not isinstance(p, dict):
            out.append((path, "must be a table"))
            continue
        if not isinstance(p.get("kind"), str) or p.get("kind") not in PENDING_KINDS:
            out.append((f"{path}.kind", f"must be one of {', '.join(PENDING_KINDS)}"))
        if not isinstance(p.get("side"), str) or p.get("side") not in SIDES:
            out.append((f"{path}.side", f"must be one of {', '.join(SIDES)}"))
        bi = p.get("battle", -1)
        if p.get("kind") not in ("armistice",) and p.get("kind") in PENDING_KINDS and p.get("kind") != "sea-retreat":
            if not isinstance(bi, int) or not 0 <= bi < len(battles):
                out.append((f"{path}.battle", f"must name one of the {len(battles)} battle(s) by number, from 0"))
        if not isinstance(p.get("units", []), list):
            out.append((f"{path}.units", "must be a list of unit ids"))
        elif p.get("kind") in ("loss", "retreat", "spread"):
            for j, uid in enumerate(p.get("units", []) or []):
                if not isinstance(uid, str) or uid not in d.units:
                    out.append((f"{path}.units[{j}]", f"unknown unit id {uid!r}"))
                elif not in_play(state, d, uid) and state.units[uid].at != "fec":
                    out.append((f"{path}.units[{j}]", f"{uid} is not in play (it is at {state.units[uid].at})"))
    return out


def position_schema() -> dict[str, Any]:
    """JSON Schema of Korea's own scenario tables."""
    ids = {"type": "array", "items": {"type": "string"}}
    return {
        "start": {"type": "object", "additionalProperties": False, "properties": {
            "turn": {"type": "integer", "minimum": 1}, "phase": {"enum": list(PHASES)},
            "active": {"enum": list(SIDES)}, "last_turn": {"type": "integer", "minimum": 1},
            "data": {"type": "string"}}},
        "piece": {"type": "array", "items": {"type": "object", "required": ["id", "at"], "additionalProperties": False,
                                             "properties": {"id": {"type": "string"},
                                                            "at": {"type": "string", "description": "hex id, a box (pool, elim, fec, air, offmap, removed) or sea:<port>"},
                                                            "reduced": {"type": "boolean"}, "used": {"type": "boolean"}}}},
        "control": {"type": "object", "additionalProperties": {"enum": list(SIDES)}},
        "state": {"type": "object", "additionalProperties": False, "properties": {
            "data": {"type": "string"}, "enter": {"type": "boolean", "description": "older spelling of [position] enter"},
            "amph_used": {"type": "integer", "minimum": 0}, "amph_this_turn": {"type": "integer", "minimum": 0},
            "moved": ids, "arrived": ids, "stepped": ids, "naval_ports": ids, "to_place": ids,
            "rp": {"type": "object", "additionalProperties": {"type": "integer"}},
            "hk_side": {"type": "string"}, "combat_step": {"enum": ["", "declare", "resolve"]},
            "current": {"type": "integer", "minimum": -1}}},
        "battle": {"type": "array", "items": {"type": "object", "required": ["defender"], "properties": {
            "defender": {"type": "string"}, "hex": {"type": "string"}, "attackers": ids, "support": ids,
            "wave": ids, "amphibious": ids, "air": ids, "air_communist": ids, "stage": {"type": "string"},
            "resolved": {"type": "boolean"}, "cancelled": {"type": "boolean"}}}},
        "pending": {"type": "array", "items": {"type": "object", "required": ["kind", "side"], "properties": {
            "kind": {"enum": list(PENDING_KINDS)}, "side": {"enum": list(SIDES)}, "battle": {"type": "integer"},
            "units": ids, "count": {"type": "integer"}, "note": {"type": "string"}}}},
        "options": {"type": "object"},
    }
