"""The quick shape test of app.engine.actions never accepts what jsonschema refuses, and it does
accept well-formed actions (so a replay is spared jsonschema's walk). Every shipped action
schema, each well-formed example and a fixed set of broken copies of it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from app.engine.actions import quick_test

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = sorted((ROOT / "app" / "games").glob("*/schemas/actions.json"))
ODD_VALUES: list[Any] = [None, True, False, 0, 1, -1, 2.0, 2.5, "", "x", "x" * 201, [], ["a"], {}, {"a": 1}]


def _example(schema: dict[str, Any]) -> Any:
    """A value the schema accepts, built from its words."""
    t = schema.get("type")
    if t == "object":
        props = schema.get("properties", {})
        return {k: _example(props[k]) for k in schema.get("required", props)}
    if t == "array":
        n = max(schema.get("minItems", 1), 1)
        firsts = [_example(sub) for sub in schema.get("prefixItems", [])]       # a pair such as [unit, dice]
        return firsts + [_example(schema.get("items", {"type": "string"})) for _ in range(n - len(firsts))]
    if "enum" in schema:
        return schema["enum"][0]
    if t == "string":
        return "a" * max(schema.get("minLength", 1), 1)
    if t in ("integer", "number"):
        return schema.get("minimum", 0)
    if t == "boolean":
        return True
    return None


def _broken(example: dict[str, Any], schema: dict[str, Any]) -> list[Any]:
    out: list[Any] = []
    for key in example:
        out.append({k: v for k, v in example.items() if k != key})
        out.extend({**example, key: odd} for odd in ODD_VALUES)
    out.append({**example, "stray": 1})
    out.extend(ODD_VALUES)
    return out


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.parent.parent.name)
def test_quick_test_agrees_with_jsonschema(path: Path) -> None:
    actions = json.loads(path.read_text(encoding="utf-8"))["actions"]
    quick_used = 0
    for name, schema in actions.items():
        quick = quick_test(schema)
        if quick is None:
            continue
        quick_used += 1
        full = jsonschema.Draft202012Validator(schema)
        good = _example(schema)
        assert full.is_valid(good), (name, good)
        assert quick(good), (name, good)
        for value in _broken(good, schema):
            if quick(value):
                assert full.is_valid(value), (name, value)
    assert quick_used == len(actions)  # every shipped action type has the quick test
