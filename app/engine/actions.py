"""Checking an action's shape before any game code sees it.

Actions arrive from action files, saves, journals and the window. A game may ship a JSON Schema
for its actions (``schemas/actions.json`` next to its module, or :meth:`Game.action_schema`):
``{"actions": {"move": {JSON Schema of the whole action}, ...}}``. Every field's type is checked
against it, so ``check``/``explain`` only ever see well-formed actions. A game without one still
works: a malformed action that trips its checker is refused instead of raising.
"""

from __future__ import annotations

from typing import Any

import jsonschema

from app.engine.game import Game, Illegal
from app.engine.schemas import game_schema

#: Exceptions a game's checker may raise on a malformed action (a list where an id belongs).
MALFORMED = (TypeError, KeyError, ValueError, AttributeError, IndexError, RecursionError)


_VALIDATORS: dict[type, dict[str, Any] | None] = {}

#: Actions built in the program (an AI's, the window's) may hold a point as a tuple: it is the
#: same list once written to a file, so it is checked as one.
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
        "array", lambda _checker, value: isinstance(value, (list, tuple))))


def _validators(game: Game) -> dict[str, Any] | None:
    """One compiled validator per action type, built once per game class."""
    cls = type(game)
    if cls not in _VALIDATORS:
        schemas = action_schemas(game)
        _VALIDATORS[cls] = (None if schemas is None else
                            {t: _Validator(s) for t, s in schemas.items()})
    return _VALIDATORS[cls]


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
    v = validators.get(t)
    if v is None:
        return Illegal(f"this game has no action called {t!r}")
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
