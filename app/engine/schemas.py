"""JSON Schemas of Ridgeline's file kinds, and a validator that reports by field path.

The schemas describe the shared envelope of each kind; a game adds its own checks for the game
part of a scenario (``Game.validate_scenario``) and the board modules check maps, boards and
tables. ``ridgeline schema KIND`` prints them for designers' editors.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema

SCENARIO_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Ridgeline scenario",
    "type": "object",
    "required": ["format", "version", "game", "id", "name"],
    "properties": {
        "format": {"const": "ridgeline-scenario"},
        "version": {"type": "integer", "minimum": 1, "maximum": 1},
        "game": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
                 "description": "korea38, semper-fi, frozen-chosin, chosin-few or guts"},
        "id": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"},
        "name": {"type": "string", "minLength": 1},
        "description": {"type": "string"},
        "start": {"type": "object"},
        "options": {"type": "object"},
    },
}

SAVE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Ridgeline save",
    "type": "object",
    "required": ["format", "version", "game", "scenario", "seed", "actions"],
    "properties": {
        "format": {"const": "ridgeline-save"},
        "version": {"type": "integer", "minimum": 1, "maximum": 1},
        "game": {"type": "string"},
        "scenario": {
            "type": "object",
            "required": ["text"],
            "properties": {"path": {"type": "string"}, "text": {"type": "string"}},
        },
        "seed": {"type": "integer"},
        "options": {"type": "object"},
        "initial_digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
        "actions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["action", "digest"],
                "properties": {
                    "action": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}}},
                    "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                },
            },
        },
        "players": {"type": "object"},
        "meta": {"type": "object"},
    },
}

JOURNAL_HEADER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["format", "game", "scenario", "seed"],
    "properties": {"format": {"const": "ridgeline-journal"}},
}

_POINT = {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}


def _board(kind: str, title: str, deeper: str, required: list[str],
           properties: dict[str, Any]) -> dict[str, Any]:
    """A board kind's schema: the envelope every board shares, then its own keys."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        "description": f"Deeper checks ({deeper}) run first, in the board's loader; this schema then "
                       "holds every key to its type.",
        "type": "object",
        "required": ["kind", "version", *required],
        "properties": {"kind": {"const": kind}, "version": {"const": 1}, **properties},
    }


HEXMAP_SCHEMA: dict[str, Any] = _board("hexmap", "Ridgeline hex map",
                                       "adjacent hexsides, ids on the map: app.engine.hexcheck",
                                       ["layout"], {
    "layout": {
        "type": "object",
        "required": ["columns", "rows"],
        "properties": {
            "orientation": {"enum": ["flat", "pointy"]},
            "offset": {"enum": ["odd", "even"]},
            "columns": {"type": "integer", "minimum": 1},
            "rows": {"type": "integer", "minimum": 1},
            "first_col": {"type": "integer", "minimum": 0},
            "first_row": {"type": "integer", "minimum": 0},
            "id_format": {"enum": ["CCRR", "C.RR"]},
            "size": {"type": "number", "exclusiveMinimum": 0},
            "rows_up": {"type": "boolean"},
        },
    },
    "default_terrain": {"type": "string"},
    "hexes": {"type": "object", "additionalProperties": {
        "type": "object",
        "properties": {"terrain": {"type": "string"}, "elevation": {"type": "number"},
                       "features": {"type": "array", "items": {"type": "string"}},
                       "name": {"type": "string"}}}},
    "hexsides": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    "lines": {"type": "array", "items": {"type": "object", "required": ["id"]}},
    "regions": {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}},
    "labels": {"type": "array"},
    "boxes": {"type": "array", "items": {"type": "object", "required": ["id"]}},
    "contour_interval": {"type": "number", "exclusiveMinimum": 0,
                         "description": "metres per contour level (default 20)"},
    "landmarks": {"type": "array", "items": {
        "type": "object", "required": ["at"],
        "properties": {"at": {"type": "string"}, "name": {"type": "string"},
                       "kind": {"type": "string", "description": "hilltop, place, ..."},
                       "height": {"type": "number", "description": "metres (hilltops)"},
                       "hexes": {"type": "array", "items": {"type": "string"}}}}},
})

POINTGRAPH_SCHEMA: dict[str, Any] = _board("pointgraph", "Ridgeline point-to-point board",
                                           "arrows and links between known spaces: "
                                           "app.engine.pointgraph.validate_pointgraph",
                                           ["spaces"], {
    "spaces": {"type": "array", "items": {
        "type": "object", "required": ["id"],
        "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                       "colour": {"type": ["string", "null"]}, "x": {"type": "number"},
                       "y": {"type": "number"}, "tags": {"type": "array", "items": {"type": "string"}},
                       "attrs": {"type": "object"}}}},
    "arrows": {"type": "array", "items": {
        "type": "object", "required": ["from", "to", "colour"],
        "properties": {"from": {"type": "string"}, "to": {"type": "string"}, "colour": {"type": "string"}}}},
    "links": {"type": "array", "items": {
        "type": "object", "required": ["a", "b"],
        "properties": {"a": {"type": "string"}, "b": {"type": "string"},
                       "style": {"enum": ["dashed", "solid", "dotted"]}}}},
    "labels": {"type": "array"},
})

TABLE_SCHEMA: dict[str, Any] = _board("table", "Ridgeline table in inches",
                                      "valid polygons, points on the table: app.engine.table.validate_table",
                                      ["width", "height"], {
    "units": {"const": "in"},
    "width": {"type": "number", "exclusiveMinimum": 0},
    "height": {"type": "number", "exclusiveMinimum": 0},
    "features": {"type": "array", "items": {
        "type": "object", "required": ["id", "kind"],
        "properties": {"id": {"type": "string"}, "kind": {"type": "string"}, "name": {"type": "string"},
                       "polygon": {"type": "array", "items": _POINT, "minItems": 3},
                       "line": {"type": "array", "items": _POINT, "minItems": 2},
                       "attrs": {"type": "object", "properties": {
                           "blocks_los": {"type": "boolean"}, "impassable": {"type": "boolean"},
                           "ice": {"type": "boolean"}, "name": {"type": "string"},
                           "to": {"type": "string"}, "number": {"type": "integer", "minimum": 1},
                           "width": {"type": "number", "minimum": 0}}}},
        "oneOf": [{"required": ["polygon"]}, {"required": ["line"]}]}},
    "labels": {"type": "array"},
})

SCHEMAS = {"scenario": SCENARIO_SCHEMA, "save": SAVE_SCHEMA, "journal": JOURNAL_HEADER_SCHEMA,
           "hexmap": HEXMAP_SCHEMA, "pointgraph": POINTGRAPH_SCHEMA, "table": TABLE_SCHEMA}


_COMPILED: dict[int, tuple[dict[str, Any], Any]] = {}

#: Draft 2020-12, where a tuple is a list too: boards built in memory (the editor, the build
#: scripts) hold points as tuples; files read from disk never do.
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "array", lambda _checker, value: isinstance(value, (list, tuple))))


def _validator(schema: dict[str, Any]) -> Any:
    """One validator per schema object (the schemas are module constants or cached files, so
    building it once per process saves that work on every load)."""
    hit = _COMPILED.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = _COMPILED[id(schema)] = (schema, _Validator(schema))
    return hit[1]


#: Results by (schema, digest of the document's JSON text): a board or data file loaded again
#: unchanged (every turn of a designer's match, every window opened on it) is not checked again.
_RESULTS: OrderedDict[tuple[int, bytes], list[tuple[str, str]]] = OrderedDict()
_RESULTS_KEPT = 64


def _digest(data: Any) -> bytes | None:
    try:
        text = json.dumps(data, sort_keys=True, allow_nan=True, default=_no_json)
    except (TypeError, ValueError, RecursionError):
        return None          # not JSON-shaped (keys of mixed kinds, objects): checked every time
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _no_json(value: Any) -> Any:
    raise TypeError(type(value).__name__)


def schema_problems(data: Any, schema: dict[str, Any]) -> list[tuple[str, str]]:
    """(field.path, message) for every schema violation, in document order."""
    digest = _digest(data)
    key = (id(schema), digest) if digest is not None else None
    if key is not None and key in _RESULTS and _COMPILED.get(id(schema), (None,))[0] is schema:
        _RESULTS.move_to_end(key)
        return list(_RESULTS[key])
    out = _schema_problems(data, schema)
    if key is not None:
        _RESULTS[key] = list(out)
        while len(_RESULTS) > _RESULTS_KEPT:
            _RESULTS.popitem(last=False)
    return out


def _schema_problems(data: Any, schema: dict[str, Any]) -> list[tuple[str, str]]:
    validator = _validator(schema)
    out = []
    for err in sorted(validator.iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]):
        parts = [str(p) for p in err.absolute_path]
        msg = err.message
        if err.validator == "required" and isinstance(err.instance, dict):
            # Name the missing field itself (its line falls back to the enclosing table's).
            missing = [r for r in err.validator_value if r not in err.instance and repr(r) in msg]
            if missing:
                parts.append(str(missing[0]))
                msg = "required field is missing"
        msg = _in_words(err, msg)
        path = ".".join(parts)
        if len(msg) > 200:
            msg = msg[:197] + "..."
        out.append((path, msg))
    return out


def game_schema(game: object, name: str) -> dict[str, Any] | None:
    """``schemas/<name>.json`` shipped in the package of ``game``'s class (None: it has none).

    Games publish their file schemas (scenario part, actions, data files) there; the engine
    reads them by the module's location, so it never imports a game.
    """
    return package_schema(type(game).__module__, name)


@lru_cache(maxsize=None)
def package_schema(module: str, name: str) -> dict[str, Any] | None:
    """``schemas/<name>.json`` next to ``module`` (a module name such as ``__name__``)."""
    mod = sys.modules.get(module)
    f = getattr(mod, "__file__", None)
    if not f:
        return None
    p = Path(f).parent / "schemas" / f"{name}.json"
    if not p.is_file():
        return None
    return json.loads(p.read_text(encoding="utf-8"))


_KINDS = {"string": "text", "integer": "a whole number", "number": "a number", "array": "a list",
          "object": "a table", "boolean": "true or false", "null": "empty"}


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _in_words(err: Any, msg: str) -> str:
    """jsonschema's message for the common cases, in a designer's words."""
    kind, want = err.validator, err.validator_value
    if kind == "type":
        wants = want if isinstance(want, list) else [want]
        return f"must be {' or '.join(_KINDS.get(w, w) for w in wants)} (found {_shown(err.instance)})"
    if kind == "additionalProperties" and want is False and isinstance(err.instance, dict):
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        return f"{', '.join(map(str, extra))}: not a key this file may have (a typing mistake?)"
    if kind in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        words = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                 "exclusiveMaximum": "less than"}[kind]
        return f"must be {words} {want} (found {_shown(err.instance)})"
    if kind == "enum":
        return f"must be one of {', '.join(map(str, want))} (found {_shown(err.instance)})"
    if kind == "const":
        return f"must be {want!r} (found {_shown(err.instance)})"
    if kind in ("maxItems", "maxLength"):
        return f"too long (at most {want})"
    if kind in ("minItems", "minLength"):
        return f"too short (at least {want})"
    return msg
