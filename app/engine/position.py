"""Positions: any moment of any game written as a scenario file, and read back exactly.

A scenario's ``[position]`` table says *when* the game stands and how to read the rest:

* ``turn``, ``phase``, ``active``: the moment and the side to act;
* ``enter``: whether the entry steps of that phase run on load (arrivals, attrition, a new
  turn's start...); false loads the position exactly as written. Entry steps roll the fixed
  ``dice`` first, then the ``rng`` (or the seed): the game calls :func:`entry_dice` first;
* ``unlisted``: ``"keep"`` (pieces the file does not list stay where the game's data puts them)
  or ``"remove"`` (they are out of play);
* ``dice``: fixed rolls to come (:mod:`app.engine.dice`);
* ``rng``: the exact state of the seeded generator (hexadecimal text), so play goes on with the
  very rolls it would have had;
* ``fields`` / ``json``: any field of the game's state by its name, as the state stores it
  (``json`` holds the ones TOML cannot spell, such as a null, as JSON text).

Each game reads its own readable tables (``[[piece]]`` with places and states, decks, tracks)
in its ``setup``, using :func:`settings` for ``enter`` and ``unlisted``. Then the match calls
:func:`finish_setup`, which applies the generic keys above. :func:`position_scenario` writes the
current moment: the game's readable tables (hook ``Game.position_tables``), then whatever the
reload would still get wrong goes into ``fields``, so the file loads to the same state digest.

Per-game hooks (all optional, looked up by name so a new game adopts them one at a time):

``position_tables(state, scenario) -> dict``
    the game tables (``[[piece]]``, ``[start]``...) that describe ``state``;
``position_problems(data) -> [(field, message)]``
    checks of a position beyond the game's scenario checks (a pending decision naming a piece
    out of play...);
``position_schema() -> dict``
    JSON Schema properties of the game's own tables (``ridgeline schema scenario --game ID``);
``dice_faces``
    every face the game's dice can show (default 1-6).
"""

from __future__ import annotations

import copy
import dataclasses
import json
from dataclasses import dataclass
from typing import Any, get_type_hints

from app.engine.dice import dice_problems, game_faces, queue_dice
from app.engine.rng import Rng
from app.engine.state import GameState, converter, to_json

ENVELOPE = ("format", "version", "game", "id", "name", "description")
POSITION_KEYS = ("turn", "phase", "active", "enter", "unlisted", "dice", "rng", "fields", "json")
UNLISTED = ("keep", "remove")


class PositionError(ValueError):
    """A position that cannot be written or read back exactly."""


@dataclass
class Settings:
    """How a game's setup reads its tables: ``enter`` the phase's entry steps, ``unlisted``
    pieces kept where the data puts them or removed."""

    enter: bool = True
    unlisted: str = "keep"


def position_table(scenario: dict[str, Any]) -> dict[str, Any]:
    pos = scenario.get("position")
    return pos if isinstance(pos, dict) else {}


def settings(scenario: dict[str, Any], enter_default: bool = True) -> Settings:
    pos = position_table(scenario)
    enter = pos.get("enter", enter_default)
    unlisted = pos.get("unlisted", "keep")
    return Settings(enter=bool(enter), unlisted=str(unlisted) if unlisted in UNLISTED else "keep")


# -- reading -----------------------------------------------------------------------------------

def _state_hints(state_class: type) -> dict[str, Any]:
    return get_type_hints(state_class)


def state_field_names(state_class: type) -> list[str]:
    return [f.name for f in dataclasses.fields(state_class) if not f.name.startswith("_")]


def rng_to_position(rng: Rng) -> dict[str, str]:
    """The generator as TOML-safe text (its numbers run past TOML's 64-bit signed integers)."""
    return {"seed": format(rng.seed, "x"), "state": format(rng.state, "x"), "inc": format(rng.inc, "x"),
            "draws": str(rng.draws)}


def rng_from_position(raw: dict[str, Any]) -> Rng:
    def num(k: str, base: int = 16) -> int:
        v = raw.get(k, "0")
        return int(v) if isinstance(v, int) else int(str(v), base)
    return Rng(seed=num("seed"), state=num("state"), inc=num("inc"), draws=num("draws", 10))


def field_values(state_class: type, pos: dict[str, Any]) -> dict[str, Any]:
    """``[position.fields]`` and ``[position.json]`` merged (JSON text decoded)."""
    out = dict(pos.get("fields") or {})
    for k, v in (pos.get("json") or {}).items():
        out[k] = json.loads(v) if isinstance(v, str) else v
    return out


#: Marks a state whose generator :func:`entry_dice` already set (not a field: never saved).
_PRIMED = "_entry_dice_set"


def _set_dice(state: GameState, pos: dict[str, Any], options: dict[str, Any] | None) -> None:
    """The position's generator (``rng``) and fixed dice (``options["dice"]``, the command
    line's, win over the scenario's ``dice``)."""
    if isinstance(pos.get("rng"), dict):
        state.rng = rng_from_position(pos["rng"])
    dice = options.get("dice") if options and options.get("dice") is not None else pos.get("dice")
    if dice:
        state.rng.fixed = []
        queue_dice(state, list(dice))


def entry_dice(state: GameState, scenario: dict[str, Any], options: dict[str, Any] | None) -> None:
    """Called by a game's ``setup`` just before it runs the entry steps of the stated phase
    (``enter``): those steps then roll the position's fixed dice first (logged as fixed), then
    its generator or the seed. :func:`finish_setup` leaves the generator alone afterwards."""
    _set_dice(state, position_table(scenario), options)
    state.__dict__[_PRIMED] = True


def finish_setup(game: Any, scenario: dict[str, Any], options: dict[str, Any], state: GameState) -> GameState:
    """Apply the generic ``[position]`` keys to a freshly set-up state (in place) and queue the
    fixed dice of the scenario or of ``options["dice"]`` (the command line's, which win), unless
    the entry steps already took them (:func:`entry_dice`)."""
    pos = position_table(scenario)
    primed = state.__dict__.pop(_PRIMED, False)
    for k in ("turn", "phase", "active"):
        if k in pos:
            setattr(state, k, type(getattr(state, k))(pos[k]))
    if pos.get("fields") or pos.get("json"):
        hints = _state_hints(type(state))
        for name, value in field_values(type(state), pos).items():
            setattr(state, name, converter(hints[name])(copy.deepcopy(value)))
    if not primed:
        _set_dice(state, pos, options)
    return state


def position_problems(game: Any, data: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for the ``[position]`` table of a scenario of ``game``."""
    hook = getattr(game, "position_problems", None)
    if "position" not in data:
        return hook(data) if callable(hook) else []
    pos = data["position"]
    if not isinstance(pos, dict):
        return [("position", "must be a table")]
    out: list[tuple[str, str]] = []
    for k in pos:
        if k not in POSITION_KEYS:
            out.append((f"position.{k}", f"unknown key (known: {', '.join(POSITION_KEYS)})"))
    if "enter" in pos and not isinstance(pos["enter"], bool):
        out.append(("position.enter", "must be true or false"))
    if "unlisted" in pos and pos["unlisted"] not in UNLISTED:
        out.append(("position.unlisted", 'must be "keep" or "remove"'))
    if "turn" in pos and (isinstance(pos["turn"], bool) or not isinstance(pos["turn"], int) or pos["turn"] < 0):
        out.append(("position.turn", "must be a whole number"))
    for k in ("phase", "active"):
        if k in pos and not isinstance(pos[k], str):
            out.append((f"position.{k}", "must be text"))
    sides = tuple(getattr(game, "sides", ()) or ())
    if isinstance(pos.get("active"), str) and sides and pos["active"] not in sides:
        out.append(("position.active", f"must be one of {', '.join(sides)}"))
    if "dice" in pos:
        out += dice_problems(pos["dice"], game_faces(game))
    if "rng" in pos:
        try:
            if not isinstance(pos["rng"], dict):
                raise ValueError
            rng_from_position(pos["rng"])
        except (ValueError, TypeError):
            out.append(("position.rng", "must hold seed, state and inc as hexadecimal text and draws"))
    state_class = getattr(game, "state_class", None)
    for key in ("fields", "json"):
        if key in pos and not isinstance(pos[key], dict):
            out.append((f"position.{key}", "must be a table"))
    if state_class is not None and isinstance(pos.get("fields", {}), dict) and isinstance(pos.get("json", {}), dict):
        names = set(state_field_names(state_class))
        hints = _state_hints(state_class)
        for k, v in (pos.get("json") or {}).items():
            if isinstance(v, str):
                try:
                    json.loads(v)
                except json.JSONDecodeError as e:
                    out.append((f"position.json.{k}", f"not JSON: {e.msg}"))
        try:
            values = field_values(state_class, pos)
        except json.JSONDecodeError:
            values = {}
        for k, v in values.items():
            where = "json" if k in (pos.get("json") or {}) else "fields"
            if k not in names:
                out.append((f"position.{where}.{k}", f"the state of {getattr(game, 'id', 'this game')} has no field {k!r}"))
                continue
            if k == "rng":
                out.append((f"position.{where}.{k}", "write the generator in [position.rng]"))
                continue
            try:
                converter(hints[k])(copy.deepcopy(v))
            except Exception as e:  # noqa: BLE001 - any failure is a problem of the file
                out.append((f"position.{where}.{k}", f"does not fit the state's {k}: {e}"))
    if callable(hook) and not out:
        out += hook(data)
    return out


# -- writing -----------------------------------------------------------------------------------

def listed_pieces(pieces: list[Any], out: list[tuple[str, str]], seen: dict[str, int]):
    """The ``[[piece]]`` entries a game may read: each ``(index, field path, table)`` with a
    string id placed once. Entries without an id, and a second place for the same piece, are
    reported in ``out``; ``seen`` maps each id to the entry that placed it."""
    for i, p in enumerate(pieces):
        path = f"piece[{i}]"
        if not isinstance(p, dict) or not isinstance(p.get("id"), str):
            out.append((path, "must be a table with an id"))
            continue
        pid = p["id"]
        if pid in seen:
            out.append((f"{path}.id", f"{pid} is already placed by piece[{seen[pid]}]: a piece is in one place only"))
            continue
        seen[pid] = i
        yield i, path, p


def has_null(v: Any) -> bool:
    """Whether ``v`` holds a None anywhere (TOML cannot write one, so such a value goes as JSON)."""
    if v is None:
        return True
    if isinstance(v, dict):
        return any(has_null(x) for x in v.values())
    if isinstance(v, list):
        return any(has_null(x) for x in v)
    return False


def load_position(game: Any, doc: dict[str, Any], options: dict[str, Any] | None = None) -> GameState:
    """Set up ``doc`` exactly as a match would (the seed is irrelevant once ``rng`` is given)."""
    opts = dict(options or {})
    state = game.setup(doc, opts, 0)
    return finish_setup(game, doc, opts, state)


def position_scenario(game: Any, state: GameState, scenario: dict[str, Any] | None = None,
                      options: dict[str, Any] | None = None, *, id: str = "", name: str = "",
                      description: str = "") -> dict[str, Any]:
    """The scenario document of ``state``: loading it gives a state with the same digest.

    ``scenario`` is the file the game started from (its data references and options are kept);
    ``options`` the match's options (kept in ``[options]``, fixed dice excepted: the dice still
    to come are in ``[position] dice``)."""
    scenario = dict(scenario or {})
    hook = getattr(game, "position_tables", None)
    tables = hook(state, scenario) if callable(hook) else {k: copy.deepcopy(v) for k, v in scenario.items()
                                                             if k not in ENVELOPE and k != "position"}
    doc: dict[str, Any] = {
        "format": "ridgeline-scenario", "version": 1, "game": game.id,
        "id": id or f"{scenario.get('id', game.id)}-t{state.turn}",
        "name": name or f"{scenario.get('name', game.name)}: turn {state.turn}, {state.phase}",
        "description": description or f"A position saved from {scenario.get('name', game.name)}.",
    }
    doc.update(tables)
    opts = {k: v for k, v in (options or {}).items() if k != "dice"}
    if opts:
        doc["options"] = {**(doc.get("options") or {}), **opts}
    given = tables.pop("position", None)
    pos: dict[str, Any] = {"turn": state.turn, "phase": state.phase, "active": state.active, "enter": False,
                           "unlisted": given.get("unlisted", "keep") if isinstance(given, dict) else "keep"}
    pos["rng"] = rng_to_position(state.rng)
    if state.rng.fixed:
        pos["dice"] = list(state.rng.fixed)
    doc["position"] = pos
    want = to_json(state)
    got = to_json(load_position(game, doc))
    fields: dict[str, Any] = {}
    jfields: dict[str, str] = {}
    for k, v in want.items():
        if k == "rng" or got.get(k) == v:
            continue
        if has_null(v):
            jfields[k] = json.dumps(v, sort_keys=True)
        else:
            fields[k] = v
    if fields:
        pos["fields"] = fields
    if jfields:
        pos["json"] = jfields
    again = load_position(game, doc)
    if again.digest() != state.digest():
        diff = sorted(k for k, v in to_json(again).items() if want.get(k) != v)
        raise PositionError(f"the position does not read back the same (fields {', '.join(diff)})")
    return doc


def position_toml(doc: dict[str, Any]) -> str:
    """Canonical TOML text of a position document (the envelope first, ``[position]`` last)."""
    from app.engine.canonical import dumps_toml
    ordered = {k: doc[k] for k in ENVELOPE if k in doc}
    ordered.update({k: v for k, v in doc.items() if k not in ordered and k != "position"})
    if "position" in doc:
        ordered["position"] = doc["position"]
    head = ("# A moment of play written by Ridgeline (docs/scenarios.md). [position] says when it is\n"
            "# and how to read the rest; [position.rng] carries the dice to come.\n\n")
    return head + dumps_toml(ordered)


def scenario_schema(game: Any) -> dict[str, Any]:
    """The JSON Schema of ``game``'s scenarios: the shared envelope, the ``[position]`` table
    and the game's own tables (hook ``position_schema``)."""
    from app.engine.schemas import SCENARIO_SCHEMA
    schema = copy.deepcopy(SCENARIO_SCHEMA)
    schema["title"] = f"Ridgeline scenario: {getattr(game, 'name', game.id)}"
    props = schema["properties"]
    props["game"] = {"const": game.id}
    props["position"] = position_schema_for(game)
    hook = getattr(game, "position_schema", None)
    if callable(hook):
        props.update(hook())
    return schema


def position_schema_for(game: Any) -> dict[str, Any]:
    """The JSON Schema of the [position] table for ``game`` (its sides and dice faces)."""
    faces = list(game_faces(game))
    sides = list(getattr(game, "sides", ()) or ())
    active: dict[str, Any] = {"type": "string", "description": "the side to act"}
    if sides:
        active["enum"] = sides
    return {
        "type": "object",
        "description": "the moment of play (docs/scenarios.md)",
        "additionalProperties": False,
        "properties": {
            "turn": {"type": "integer", "minimum": 0},
            "phase": {"type": "string"},
            "active": active,
            "enter": {"type": "boolean", "description": "run the entry steps of the phase on load"},
            "unlisted": {"enum": list(UNLISTED), "description": "pieces not listed: keep their data places or remove them"},
            "dice": {"type": "array", "items": {"type": "integer", "enum": faces},
                     "description": "fixed rolls, used in order before the seed takes over"},
            "rng": {"type": "object", "properties": {"seed": {"type": "string"}, "state": {"type": "string"},
                                                      "inc": {"type": "string"}, "draws": {"type": "string"}}},
            "fields": {"type": "object", "description": "state fields by name"},
            "json": {"type": "object", "additionalProperties": {"type": "string"},
                     "description": "state fields by name, as JSON text"},
        },
    }
