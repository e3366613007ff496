"""JSON Schemas of Ridgeline's file kinds, and a validator that reports by field path.

The schemas describe the shared envelope of each kind; a game adds its own checks for the game
part of a scenario (``Game.validate_scenario``) and the board modules check maps, boards and
tables. ``ridgeline schema KIND`` prints them for designers' editors.
"""

from __future__ import annotations

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
        "game": {"type": "string", "enum": ["korea38", "semper-fi", "frozen-chosin", "chosin-few", "guts"]},
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

HEXMAP_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Ridgeline hex map",
    "description": "Deeper checks (adjacent hexsides, ids on the map) are in app.engine.hexgrid.validate_hexmap.",
    "type": "object",
    "required": ["kind", "version", "layout"],
    "properties": {
        "kind": {"const": "hexmap"},
        "version": {"const": 1},
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
    },
}

POINTGRAPH_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Ridgeline point-to-point board",
    "description": "Deeper checks are in app.engine.pointgraph.validate_pointgraph.",
    "type": "object",
    "required": ["kind", "version", "spaces"],
    "properties": {
        "kind": {"const": "pointgraph"},
        "version": {"const": 1},
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
    },
}

TABLE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "Ridgeline table in inches",
    "description": "Deeper checks (valid polygons, points on the table) are in app.engine.table.validate_table.",
    "type": "object",
    "required": ["kind", "version", "width", "height"],
    "properties": {
        "kind": {"const": "table"},
        "version": {"const": 1},
        "units": {"const": "in"},
        "width": {"type": "number", "exclusiveMinimum": 0},
        "height": {"type": "number", "exclusiveMinimum": 0},
        "features": {"type": "array", "items": {
            "type": "object", "required": ["id", "kind"],
            "properties": {"id": {"type": "string"}, "kind": {"type": "string"}, "name": {"type": "string"},
                           "polygon": {"type": "array", "items": _POINT, "minItems": 3},
                           "line": {"type": "array", "items": _POINT, "minItems": 2},
                           "attrs": {"type": "object"}},
            "oneOf": [{"required": ["polygon"]}, {"required": ["line"]}]}},
        "labels": {"type": "array"},
    },
}

SCHEMAS = {"scenario": SCENARIO_SCHEMA, "save": SAVE_SCHEMA, "journal": JOURNAL_HEADER_SCHEMA,
           "hexmap": HEXMAP_SCHEMA, "pointgraph": POINTGRAPH_SCHEMA, "table": TABLE_SCHEMA}


def schema_problems(data: Any, schema: dict[str, Any]) -> list[tuple[str, str]]:
    """(field.path, message) for every schema violation, in document order."""
    validator = jsonschema.Draft202012Validator(schema)
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
        path = ".".join(parts)
        if len(msg) > 200:
            msg = msg[:197] + "..."
        out.append((path, msg))
    return out
