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

SCHEMAS = {"scenario": SCENARIO_SCHEMA, "save": SAVE_SCHEMA, "journal": JOURNAL_HEADER_SCHEMA}


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
