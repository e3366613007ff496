"""Semper Fi! positions: the scenario tables that state any moment of play (docs/scenarios.md).

A position file is an ordinary Semper Fi! scenario (map, turns, set-up areas, support, rules)
plus these tables, read after the scenario's own set-up:

``[start]``
    the clock: ``turn`` (or ``time = "12 Aug 1320"``), ``phase``, ``active`` (the side to act
    now), ``turn_side`` (the side whose phase it is), ``first`` (the side taking the first
    action phase), ``initiative`` (the winner of this turn's roll), and ``scenario`` /
    ``scenario_name`` (the scenario this moment comes from: victory and the log read them).
``[[piece]]``
    one row a unit (a key left out takes its default: full steps, fire mode, good order, not
    hidden, not dug in, no marks): ``id``, ``at`` (a hex ``"11.01"`` or a box: setup, offmap, pool, elim,
    exited, box:road-column), ``steps``, ``mode`` (fire or move), ``morale`` ("", suppressed,
    paralysed), ``hidden``, ``dug_in``, ``fired`` (the Fired marker), ``acted`` (what it did this
    action phase: moving, moved, fired, assaulted, dug), ``mp_left`` / ``mp_spent`` and ``lost``.
``[support]``
    artillery ammunition (``ammo``, ``"105mm:he" = 12``), the mortar pools (``mortar_fires``,
    ``mortar_used``, ``mortar_illum_left``), the air loiter track (``air_until``: for each
    aircraft on station the last turn it may strike, as a time), the schedule entries already
    delivered (``air_done``) and the batteries that have fired this turn.
``[[barrage]]``
    barrage, smoke and illumination markers on the map (``hex``, ``kind``, ``side``, ``firepower``).
``[[pending]]``
    a decision owed before play goes on: a retreat to choose, an overwatch or return-fire
    reaction (``kind``, ``side``, ``units``, ``hex``, ``other``, ``count``, ``note``).
``[state]``
    any other field of the game state by its name (march column, battalion morale, hexes that
    fired at this trigger...).

``[position] unlisted = "remove"`` takes every unit the file does not list out of play (it is
not in the game at all); ``"keep"`` leaves it as the scenario's set-up puts it. ``[position]
enter = true`` (the default when ``[start]`` names a phase) runs that phase's entry steps on
load: a new turn for ``initiative`` (command phase, air arrivals, the initiative roll) or the
start of an action phase (markers of the phasing side cleared, illumination burnt out). Their
rolls come from the seed: fixed dice are for the play that follows.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, get_type_hints

from app.engine.game import setup_context
from app.engine.position import entry_dice, has_null, listed_pieces, settings
from app.engine.state import GameState, converter, to_json

from app.games.semper_fi.state import BOXES, Barrage, Pending, SFState, UnitState

OWN = ("start", "piece", "support", "barrage", "pending", "state")
START_KEYS = ("turn", "time", "phase", "active", "turn_side", "first", "initiative", "scenario", "scenario_name")
SUPPORT = ("ammo", "mortar_fires", "mortar_used", "mortar_illum_left", "air_done", "batteries_fired",
           "batteries_direct")
SUPPORT_KEYS = SUPPORT + ("air_until",)
UNIT_KEYS = tuple(f.name for f in dataclasses.fields(UnitState))
UNIT_SHOWN = ("at", "steps", "mode")          # always written; the rest only when not the default
BARRAGE_KEYS = tuple(f.name for f in dataclasses.fields(Barrage))
PENDING_KEYS = tuple(f.name for f in dataclasses.fields(Pending))
BARRAGE_KINDS = ("he", "smoke", "illum")
MORALE = ("", "suppressed", "paralysed")
MODES = ("fire", "move")
# fields read from the scenario itself, from the tables above, or kept by the engine
_NOT_STATE = set(f.name for f in dataclasses.fields(GameState)) | {
    "scen", "options", "map_name", "clock", "lights", "units", "origin", "pending", "barrages", "air",
    "turn_side", "first", "initiative", *SUPPORT}


def state_keys() -> tuple[str, ...]:
    """The SFState fields ``[state]`` may set (new rules' fields join automatically)."""
    return tuple(f.name for f in dataclasses.fields(SFState) if f.name not in _NOT_STATE)


def _hints() -> dict[str, Any]:
    return get_type_hints(SFState)


# -- writing ---------------------------------------------------------------------------------------
def position_tables(state: SFState, scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario the game came from, with the moment of ``state`` in readable tables."""
    out: dict[str, Any] = {k: copy.deepcopy(v) for k, v in scenario.items()
                           if k not in OWN and k not in ("position", "format", "version", "game", "id", "name",
                                                         "description")}
    start: dict[str, Any] = {"scenario": state.scenario, "scenario_name": str(state.scen.get("name", "")),
                             "turn": state.turn}
    if state.clock and 1 <= state.turn <= len(state.clock):
        start["time"] = state.clock[state.turn - 1]
    start.update({"phase": state.phase, "active": state.active, "turn_side": state.turn_side,
                  "first": state.first, "initiative": state.initiative})
    out["start"] = start
    rows: list[dict[str, Any]] = []
    for uid in sorted(state.units):
        data = to_json(state.units[uid])
        blank = to_json(UnitState(steps=-1))
        row: dict[str, Any] = {"id": uid}
        row.update({k: v for k, v in data.items() if k in UNIT_SHOWN or v != blank.get(k)})
        rows.append(row)
    out["piece"] = rows
    data = to_json(state)
    support: dict[str, Any] = {k: data[k] for k in SUPPORT}
    support["air_until"] = [state.clock[i - 1] if 1 <= i <= len(state.clock) else i for i in state.air]
    out["support"] = support
    out["barrage"] = [to_json(b) for b in state.barrages]
    out["pending"] = [to_json(p) for p in state.pending]
    out["state"] = {k: data[k] for k in state_keys() if not has_null(data[k])}
    out["position"] = {"unlisted": "remove"}
    return out


# -- reading ---------------------------------------------------------------------------------------
def split(scenario: dict[str, Any]) -> dict[str, Any]:
    """The scenario without the position tables, named after the scenario it came from."""
    base = {k: v for k, v in scenario.items() if k not in OWN and k != "position"}
    start = scenario.get("start") if isinstance(scenario.get("start"), dict) else {}
    if isinstance(start.get("scenario"), str) and start["scenario"]:
        base["id"] = start["scenario"]
    if isinstance(start.get("scenario_name"), str) and start["scenario_name"]:
        base["name"] = start["scenario_name"]
    return base


def setup_position(scenario: dict[str, Any], options: dict[str, Any], seed: int) -> SFState:
    """Set up the scenario, then read the position tables onto it (``Game.setup``)."""
    from app.games.semper_fi.setup import setup_state
    st = setup_state(split(scenario), options, seed)
    if not any(k in scenario for k in OWN) and "position" not in scenario:
        return st
    s = settings(scenario)
    apply_tables(st, scenario, s.unlisted)
    start = scenario.get("start") if isinstance(scenario.get("start"), dict) else {}
    if s.enter and "phase" in start:
        entry_dice(st, scenario, options)     # the fixed dice roll the entry steps first
        enter_phase(st)
    return st


def _turn_of(state: SFState, v: Any) -> int:
    if isinstance(v, str):
        return state.clock.index(v) + 1 if v in state.clock else 0
    return int(v)


def apply_tables(state: SFState, scenario: dict[str, Any], unlisted: str) -> None:
    from app.games.semper_fi.data import counters
    hints = _hints()
    start = scenario.get("start") if isinstance(scenario.get("start"), dict) else {}
    if "time" in start and "turn" not in start:
        state.turn = _turn_of(state, start["time"])
    for k in ("turn", "phase", "active", "turn_side", "first", "initiative"):
        if k in start:
            setattr(state, k, type(getattr(state, k))(start[k]))
    if state.phase in ("action-1", "action-2") and not state.first:
        # an action phase needs to know who went first: the side to act, unless a reaction
        from app.games.semper_fi.units import other
        state.first = state.active if state.phase == "action-1" else other(state.active)
    if state.phase not in ("setup", "initiative"):
        state.initiative = state.initiative or state.first
        state.turn_side = state.turn_side or state.active
    conv = converter(UnitState)
    listed: set[str] = set()
    for row in scenario.get("piece", []) or []:
        uid = str(row["id"])
        listed.add(uid)
        base = to_json(UnitState(steps=counters().units[uid].type.steps))     # a row states the unit whole
        base.update({k: v for k, v in row.items() if k != "id"})
        state.units[uid] = conv(base)
        state.battalion.setdefault(counters().units[uid].battalion, 0)     # 1.7c: a unit new to the set-up
    if unlisted == "remove":
        for uid in [u for u in state.units if u not in listed]:
            del state.units[uid]
            state.origin.pop(uid, None)
        state.column = [u for u in state.column if u in state.units]
    support = scenario.get("support") if isinstance(scenario.get("support"), dict) else {}
    for k in SUPPORT:
        if k in support:
            setattr(state, k, converter(hints[k])(copy.deepcopy(support[k])))
    if "air_until" in support:
        state.air = [_turn_of(state, v) for v in support["air_until"]]
    if "barrage" in scenario:
        state.barrages = [converter(Barrage)(dict(b)) for b in scenario["barrage"] or []]
    if "pending" in scenario:
        state.pending = [converter(Pending)(dict(p)) for p in scenario["pending"] or []]
    extra = scenario.get("state") if isinstance(scenario.get("state"), dict) else {}
    for k, v in extra.items():
        setattr(state, k, converter(hints[k])(copy.deepcopy(v)))


def enter_phase(state: SFState) -> None:
    """The entry steps of the stated phase (their log is the match's set-up log)."""
    from app.games.semper_fi import sequence
    ctx = setup_context(state.rng, state.active)
    if state.phase == "initiative":
        sequence.begin_turn(state, ctx)
    elif state.phase in ("action-1", "action-2"):
        sequence.start_action(state, state.phase, ctx)


# -- checking --------------------------------------------------------------------------------------
_TYPE_WORDS = {str: "text", int: "a whole number", float: "a number", bool: "true or false"}


def _type_ok(v: Any, want: type) -> bool:
    if want is float:
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    if want is int:
        return isinstance(v, int) and not isinstance(v, bool)
    return isinstance(v, want)


def position_problems(game: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for the position tables of a Semper Fi! scenario."""
    if not any(k in data for k in OWN):
        return []
    from app.games.semper_fi.data import SIDES, board, counters
    from app.games.semper_fi.scenario import build_clock
    from app.games.semper_fi.state import PHASES
    out: list[tuple[str, str]] = []
    b = board(data["map"])
    c = counters()
    try:                        # the clock as the scenario's set-up builds it (its season, its light)
        from app.games.semper_fi.setup import setup_state
        clock = setup_state(split(data), {}, 0).clock
    except Exception:  # noqa: BLE001 - the plain clock will do for the checks
        clock, _ = build_clock(data["turns"]["first"], data["turns"]["last"])

    def place_ok(h: Any) -> bool:
        return isinstance(h, str) and (b.grid.contains(h) or h in BOXES)

    for name in OWN:
        if name in data and name in ("start", "support", "state") and not isinstance(data[name], dict):
            out.append((name, "must be a table"))
        if name in data and name in ("piece", "barrage", "pending") and not isinstance(data[name], list):
            out.append((name, f"must be an array of tables ([[{name}]])"))
    if out:
        return out
    start = data.get("start", {})
    for k, v in start.items():
        if k not in START_KEYS:
            out.append((f"start.{k}", f"unknown key (known: {', '.join(START_KEYS)})"))
    if "turn" in start and (not _type_ok(start["turn"], int) or not 1 <= start["turn"] <= len(clock)):
        out.append(("start.turn", f"must be a turn of this scenario, 1 to {len(clock)}"))
    if "time" in start and start["time"] not in clock:
        out.append(("start.time", f"{start['time']!r} is not a turn of this scenario ({clock[0]} to {clock[-1]})"))
    elif "time" in start and _type_ok(start.get("turn"), int) and clock.index(start["time"]) + 1 != start["turn"]:
        out.append(("start.time", f"is turn {clock.index(start['time']) + 1}, not turn {start['turn']}"))
    if "phase" in start and start["phase"] not in PHASES:
        out.append(("start.phase", f"must be one of {', '.join(PHASES)}"))
    for k in ("active", "turn_side", "first", "initiative"):
        if k in start and start[k] not in SIDES and not (k != "active" and start[k] == ""):
            out.append((f"start.{k}", f"must be {' or '.join(SIDES)}"))
    for k in ("scenario", "scenario_name"):
        if k in start and not isinstance(start[k], str):
            out.append((f"start.{k}", "must be text"))
    types = {k: type(v) for k, v in to_json(UnitState()).items()}
    seen: dict[str, int] = {}
    for i, path, p in listed_pieces(data.get("piece", []), out, seen):
        uid = p["id"]
        if uid not in c.units:
            out.append((f"{path}.id", f"unknown unit id {uid!r} (counters.toml)"))
            continue
        for k, v in p.items():
            if k == "id":
                continue
            if k not in UNIT_KEYS:
                out.append((f"{path}.{k}", f"unknown key for a unit (known: id, {', '.join(UNIT_KEYS)})"))
            elif not _type_ok(v, types[k]):
                out.append((f"{path}.{k}", f"must be {_TYPE_WORDS.get(types[k], types[k].__name__)}"))
        if "at" in p and isinstance(p["at"], str) and not place_ok(p["at"]):
            out.append((f"{path}.at", f"{p['at']!r} is not a hex of the {data['map']} map nor a box "
                                      f"({', '.join(BOXES)})"))
        if p.get("mode", "fire") not in MODES:
            out.append((f"{path}.mode", "must be fire or move"))
        if p.get("morale", "") not in MORALE:
            out.append((f"{path}.morale", 'must be "", suppressed or paralysed'))
        full = c.units[uid].type.steps
        if _type_ok(p.get("steps"), int) and not 0 <= p["steps"] <= full:
            out.append((f"{path}.steps", f"{c.units[uid].type.name} has {full} step(s) at full strength"))
    support = data.get("support", {})
    for k, v in support.items():
        if k not in SUPPORT_KEYS:
            out.append((f"support.{k}", f"unknown key (known: {', '.join(SUPPORT_KEYS)})"))
        elif k == "air_until":
            if not isinstance(v, list):
                out.append((f"support.{k}", "must be a list of times"))
                continue
            for j, t in enumerate(v):
                if not (t in clock or _type_ok(t, int)):
                    out.append((f"support.{k}[{j}]", f"{t!r} is not a turn of this scenario"))
        else:
            try:
                converter(_hints()[k])(copy.deepcopy(v))
            except Exception as e:  # noqa: BLE001 - reported as a problem of the file
                out.append((f"support.{k}", f"does not fit: {e}"))
    for i, x in enumerate(data.get("barrage", [])):
        path = f"barrage[{i}]"
        if not isinstance(x, dict):
            out.append((path, "must be a table"))
            continue
        for k in x:
            if k not in BARRAGE_KEYS:
                out.append((f"{path}.{k}", f"unknown key (known: {', '.join(BARRAGE_KEYS)})"))
        if not isinstance(x.get("hex"), str) or not b.grid.contains(x["hex"]):
            out.append((f"{path}.hex", f"{x.get('hex')!r} is not a hex of the {data['map']} map"))
        if x.get("kind") not in BARRAGE_KINDS:
            out.append((f"{path}.kind", "must be he, smoke or illum"))
        if x.get("side") not in SIDES:
            out.append((f"{path}.side", f"must be {' or '.join(SIDES)}"))
        if "firepower" in x and not _type_ok(x["firepower"], int):
            out.append((f"{path}.firepower", "must be a whole number"))
    state_ok = state_keys()
    hints = _hints()
    for k, v in data.get("state", {}).items():
        if k not in state_ok:
            out.append((f"state.{k}", f"the Semper Fi! state has no field {k!r} here"))
            continue
        try:
            converter(hints[k])(copy.deepcopy(v))
        except Exception as e:  # noqa: BLE001 - reported as a problem of the file
            out.append((f"state.{k}", f"does not fit the state's {k}: {e}"))
    pend = data.get("pending", [])
    for i, p in enumerate(pend):
        path = f"pending[{i}]"
        if not isinstance(p, dict):
            out.append((path, "must be a table"))
            continue
        for k in p:
            if k not in PENDING_KEYS:
                out.append((f"{path}.{k}", f"unknown key (known: {', '.join(PENDING_KEYS)})"))
        if not isinstance(p.get("kind"), str) or not p.get("kind"):
            out.append((f"{path}.kind", "must name the decision (retreat, overwatch, return-fire...)"))
        if p.get("side") not in SIDES:
            out.append((f"{path}.side", f"must be {' or '.join(SIDES)}"))
        for k in ("hex", "other"):
            if p.get(k) and (not isinstance(p[k], str)
                             or not all(b.grid.contains(h) for h in p[k].split(","))):
                out.append((f"{path}.{k}", f"{p[k]!r} is not a hex of the {data['map']} map"))
        if not isinstance(p.get("units", []), list) or not all(isinstance(u, str) for u in p.get("units", [])):
            out.append((f"{path}.units", "must be a list of unit ids"))
    if out or not pend:
        return out
    # decisions name units in play: set the position up without them and look
    probe = {k: v for k, v in data.items() if k != "pending"}
    try:
        state = setup_position(probe, {}, 0)
    except Exception as e:  # noqa: BLE001 - reported as a problem of the file, never a traceback
        return [("piece", f"the position cannot be set up: {e}")]
    for i, p in enumerate(pend):
        for j, uid in enumerate(p.get("units", [])):
            if uid not in state.units:
                out.append((f"pending[{i}].units[{j}]", f"{uid} is not in play"))
            elif not b.grid.contains(state.units[uid].at):
                out.append((f"pending[{i}].units[{j}]", f"{uid} is not on the map (it is at {state.units[uid].at})"))
    return out


def position_schema() -> dict[str, Any]:
    """JSON Schema of Semper Fi!'s own position tables."""
    from app.games.semper_fi.data import SIDES
    from app.games.semper_fi.state import PHASES
    ids = {"type": "array", "items": {"type": "string"}}
    side = {"enum": list(SIDES)}
    side_or_none = {"enum": list(SIDES) + [""]}
    counts = {"type": "object", "additionalProperties": {"type": "integer"}}
    return {
        "start": {"type": "object", "additionalProperties": False, "description": "the clock and the side to act",
                  "properties": {
                      "turn": {"type": "integer", "minimum": 1}, "time": {"type": "string",
                                                                          "description": 'e.g. "12 Aug 1320"'},
                      "phase": {"enum": list(PHASES)}, "active": side, "turn_side": side_or_none,
                      "first": side_or_none, "initiative": side_or_none, "scenario": {"type": "string"},
                      "scenario_name": {"type": "string"}}},
        "piece": {"type": "array", "items": {"type": "object", "required": ["id"], "additionalProperties": False,
                                             "properties": {
            "id": {"type": "string", "description": "a unit id of counters.toml"},
            "at": {"type": "string", "description": "a hex (\"11.01\") or a box: " + ", ".join(BOXES)},
            "steps": {"type": "integer", "minimum": 0}, "mode": {"enum": list(MODES)},
            "morale": {"enum": list(MORALE)}, "hidden": {"type": "boolean"}, "dug_in": {"type": "boolean"},
            "fired": {"type": "boolean"}, "acted": {"type": "string"}, "mp_left": {"type": "number"},
            "mp_spent": {"type": "number"}, "lost": {"type": "integer", "minimum": 0}}}},
        "support": {"type": "object", "additionalProperties": False, "properties": {
            "ammo": counts, "mortar_fires": counts, "mortar_used": counts,
            "mortar_illum_left": {"type": "integer", "minimum": -1},
            "air_until": {"type": "array", "items": {"type": ["string", "integer"]},
                          "description": "per aircraft on station, the last turn it may strike"},
            "air_done": ids, "batteries_fired": ids, "batteries_direct": ids}},
        "barrage": {"type": "array", "items": {"type": "object", "required": ["hex", "kind", "side"],
                                               "additionalProperties": False, "properties": {
            "hex": {"type": "string"}, "kind": {"enum": list(BARRAGE_KINDS)}, "side": side,
            "firepower": {"type": "integer"}}}},
        "pending": {"type": "array", "items": {"type": "object", "required": ["kind", "side"],
                                               "additionalProperties": False, "properties": {
            "kind": {"type": "string", "description": "retreat, overwatch, return-fire..."}, "side": side,
            "units": ids, "hex": {"type": "string"}, "other": {"type": "string"},
            "count": {"type": "integer", "minimum": 0}, "note": {"type": "string"}}}},
        "state": {"type": "object", "description": "other state fields by name",
                  "propertyNames": {"enum": list(state_keys())}},
    }


# -- a sandbox board saved as a position ---------------------------------------------------------------
SANDBOX_BOXES = {"to-set-up": "setup", "off-map": "offmap", "reinforcements": "pool"}


def _shipped_scenario(source: str) -> dict[str, Any] | None:
    """The scenario a sandbox board came from: its file, or a shipped scenario by its id."""
    import tomllib
    from pathlib import Path

    from app import RESOURCES
    head = source.split(",", 1)[0]
    sid = head.split(":", 1)[1].strip() if ":" in head else ""
    candidates = [Path(source)] if source.endswith(".toml") else []
    root = RESOURCES / "semper-fi"
    candidates += sorted(root.glob("scenarios/*.toml")) + [root / "tutorial" / "tutorial.toml"]
    for p in candidates:
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError):
            continue
        if data.get("game") == "semper-fi" and (p == Path(source) or (sid and data.get("id") == sid)):
            return data
    return None


def sandbox_position(rows: list[dict[str, Any]], source: str) -> dict[str, Any]:
    """A sandbox board of Semper Fi! as a position (window hook, app/ui/position_save.py): the
    scenario it came from with its units where the board shows them. Steps and marks are not
    kept on a sandbox board, so each unit starts whole and unmarked."""
    from app.games.semper_fi.data import counters
    base = _shipped_scenario(source)
    if base is None:
        raise ValueError(f"cannot tell which Semper Fi! scenario this board came from ({source or 'unknown'})")
    doc = {k: v for k, v in split(base).items() if k not in ("options",)}
    units = counters().units
    pieces = []
    for r in rows:
        uid, at = str(r.get("id", "")), str(r.get("at", ""))
        if uid not in units:
            continue                                    # hidden markers and drawings
        pieces.append({"id": uid, "at": SANDBOX_BOXES.get(at, at)})
    doc["piece"] = pieces
    doc["position"] = {"unlisted": "remove", "enter": False}
    return doc
