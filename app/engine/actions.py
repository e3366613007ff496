"""Checking an action's shape before any game code sees it.

Actions arrive from action files, saves, journals and the window. A game may ship a JSON Schema
for its actions (``schemas/actions.json`` next to its module, or :meth:`Game.action_schema`):
``{"actions": {"move": {JSON Schema of the whole action}, ...}}``. Every field's type is checked
against it, so ``check``/``explain`` only ever see well-formed actions. A game without one still
works: a malformed action that trips its checker is refused instead of raising.
"""

from __future__ import annotations

from typing import Any, Callable

import jsonschema

from app.engine.game import Game, Illegal
from app.engine.schemas import game_schema

#: Exceptions a game's checker may raise on a malformed action (a list where an id belongs).
MALFORMED = (TypeError, KeyError, ValueError, AttributeError, IndexError, RecursionError)


_VALIDATORS: dict[type, dict[str, tuple[Any, Callable[[Any], bool] | None]] | None] = {}

#: Actions built in the program (an AI's, the window's) may hold a point as a tuple: it is the
#: same list once written to a file, so it is checked as one.
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "array", lambda _checker, value: isinstance(value, (list, tuple))))


def _validators(game: Game) -> dict[str, tuple[Any, Callable[[Any], bool] | None]] | None:
    """One compiled validator per action type, built once per game class, with its quick test
    (:func:`quick_test`) where the schema allows one."""
    cls = type(game)
    if cls not in _VALIDATORS:
        schemas = action_schemas(game)
        _VALIDATORS[cls] = (None if schemas is None else
                            {t: (_Validator(s), quick_test(s))
                             for t, s in schemas.items()})
    return _VALIDATORS[cls]


_TYPES: dict[str, Callable[[Any], bool]] = {
    "string": lambda x: type(x) is str,
    "integer": lambda x: type(x) is int,
    "number": lambda x: type(x) is int or type(x) is float,
    "boolean": lambda x: type(x) is bool,
    "object": lambda x: type(x) is dict,
    "array": lambda x: type(x) is list,
    "null": lambda x: x is None,
}
#: The keywords :func:`quick_test` understands (the rest of a schema's words say nothing to it).
_QUICK_WORDS = frozenset({"type", "properties", "required", "additionalProperties", "minLength",
                          "maxLength", "minimum", "maximum", "items", "prefixItems", "minItems", "maxItems", "enum",
                          "title", "description", "$comment", "$schema", "default", "examples"})


def quick_test(schema: Any) -> Callable[[Any], bool] | None:
    """A plain-Python test that says True only for a value the schema accepts, or None when the
    schema uses a keyword it does not know. Replaying a save checks every action's shape, and
    jsonschema's general walk cost a fifth of a replay; a False here only means "ask
    jsonschema", which also words the error. Types are tested exactly (no bool for an integer,
    no 2.0 for an integer), so anything unusual goes to jsonschema too."""
    if not isinstance(schema, dict) or not set(schema) <= _QUICK_WORDS:
        return None
    if "type" not in schema and "enum" in schema:
        enum = schema["enum"]                  # an enum alone: one of the listed strings or integers
        if not isinstance(enum, list) or not all(type(e) in (str, int) for e in enum):
            return None
        return lambda x: type(x) in (str, int) and x in enum
    is_type = _TYPES.get(schema.get("type"))  # type: ignore[arg-type]
    if is_type is None:
        return None
    tests: list[Callable[[Any], bool]] = [is_type]
    if "enum" in schema:
        enum = schema["enum"]
        if not isinstance(enum, list) or not all(type(e) in (str, int) for e in enum):
            return None
        tests.append(lambda x: x in enum)
    lo_len, hi_len = schema.get("minLength"), schema.get("maxLength")
    lo_n, hi_n = schema.get("minItems"), schema.get("maxItems")
    if lo_len is not None or hi_len is not None or lo_n is not None or hi_n is not None:
        lo = lo_len if schema.get("type") == "string" else lo_n
        hi = hi_len if schema.get("type") == "string" else hi_n
        if schema.get("type") in ("string", "array"):
            tests.append(lambda x: (lo is None or len(x) >= lo) and (hi is None or len(x) <= hi))
    low, high = schema.get("minimum"), schema.get("maximum")
    if (low is not None or high is not None) and schema.get("type") in ("integer", "number"):
        tests.append(lambda x: (low is None or x >= low) and (high is None or x <= high))
    if "items" in schema and schema.get("type") == "array":
        item = quick_test(schema["items"])
        if item is None:
            return None
        tests.append(lambda x: all(item(v) for v in x))
    if "prefixItems" in schema and schema.get("type") == "array":
        firsts = [quick_test(sub) for sub in schema["prefixItems"]]   # a pair such as [unit, dice]
        if any(t is None for t in firsts):
            return None
        tests.append(lambda x: all(t(v) for t, v in zip(firsts, x)))  # type: ignore[misc]
    if schema.get("type") == "object":
        closed = schema.get("additionalProperties", True)
        if closed not in (True, False):
            return None
        props = {}
        for name, sub in (schema.get("properties") or {}).items():
            props[name] = quick_test(sub)
            if props[name] is None:
                return None
        required = tuple(schema.get("required", ()))
        allowed = frozenset(props)

        def fields_ok(x: dict[str, Any]) -> bool:
            if closed is False and not x.keys() <= allowed:
                return False
            for name in required:
                if name not in x:
                    return False
            for name, value in x.items():
                test = props.get(name)
                if test is not None and not test(value):
                    return False
            return True
        tests.append(fields_ok)
    if len(tests) == 1:
        return is_type
    return lambda x: all(t(x) for t in tests)


def action_schemas(game: Game) -> dict[str, Any] | None:
    """The game's action schemas by type, or None if it publishes none."""
    hook = getattr(game, "action_schema", None)
    doc = hook() if callable(hook) else None
    if doc is None:
        doc = game_schema(game, "actions")
    if not isinstance(doc, dict) or not isinstance(doc.get("actions"), dict):
        return None
    return doc["actions"]


def shape_problem(game: Game, action: Any) -> Illegal | None:
    """Why ``action`` is not even shaped like an action of ``game`` (None: it is)."""
    if not isinstance(action, dict):
        return Illegal("an action must be a JSON object with a \"type\"")
    t = action.get("type")
    if not isinstance(t, str):
        return Illegal("an action needs a \"type\" that is a word such as \"move\"")
    validators = _validators(game)
    if validators is None:
        return None
    found = validators.get(t)
    if found is None:
        return Illegal(f"this game has no action called {t!r}")
    v, quick = found
    if quick is not None and quick(action):
        return None
    errors = sorted(v.iter_errors(action), key=lambda e: [str(p) for p in e.absolute_path])
    if not errors:
        return None
    err = errors[0]
    field = ".".join(str(p) for p in err.absolute_path)
    return Illegal(f"malformed {t!r} action: {_words(err, field)}")


def _words(err: Any, field: str) -> str:
    """A jsonschema error in a player's words."""
    kind = err.validator
    if kind == "type":
        want = err.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        names = {"string": "a text id", "integer": "a whole number", "number": "a number",
                 "array": "a list", "object": "a table", "boolean": "true or false"}
        return f"{field or 'the action'} must be {names.get(want, want)}"
    if kind == "required":
        missing = [r for r in err.validator_value if r not in (err.instance or {})]
        return f"{missing[0] if missing else 'a field'} is missing"
    if kind == "additionalProperties":
        extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
        return f"{', '.join(extra)} is not a field of this action"
    msg = err.message if len(err.message) < 120 else err.message[:117] + "..."
    return f"{field}: {msg}" if field else msg


def checked(game: Game, state: Any, action: Any) -> Illegal | None:
    """``game.check`` behind the shape check; a checker that fails on a malformed action
    (a game without a schema) refuses it instead of raising."""
    problem = shape_problem(game, action)
    if problem is not None:
        return problem
    try:
        return game.check(state, action)
    except MALFORMED as e:
        return Illegal("malformed action: a field does not have the expected kind of value")
