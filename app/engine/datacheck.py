"""Checking a game's data files: a JSON Schema first, then the cross-record checks.

Each data file kind of each game (maps, boards, tables, counters, CRTs, cards, tracks...) has a
JSON Schema in its package (``app/games/<game>/schemas/<kind>.json``, the boards'
in :mod:`app.engine.schemas`): every key's type and plain bounds are checked there, so nothing
``validate`` accepts reaches the rules with a value of the wrong kind. What a schema cannot say
is checked by the game with the helpers below, shared by every game: ids that are unique,
references to other records, ranges that depend on other records.

Problems are ``(field.path, message)`` pairs; the loaders turn them into
``FILE:LINE: field.path: message``.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Collection, Iterable, Mapping

from app.engine.schemas import package_schema, schema_problems

Problems = list[tuple[str, str]]


def schema_first(data: Any, module: str, kind: str, deeper: Callable[[Any], Problems]) -> Problems:
    """Schema problems of ``data`` against ``kind``'s schema in ``module``'s package; only when
    there are none, ``deeper(data)`` (the checks a schema cannot express)."""
    schema = package_schema(module, kind)
    if schema is not None:
        problems = schema_problems(data, schema)
        if problems:
            return problems
    return deeper(data)


def unique_ids(records: Iterable[Any], path: str, key: str = "id", what: str = "id",
               brackets: bool = False) -> Problems:
    """Each record's ``key`` appears once; a repeat is reported at its own index
    (``path.3.id``, or ``path[3].id`` with ``brackets``)."""
    seen: set[Any] = set()
    out: Problems = []
    for i, r in enumerate(records):
        if not isinstance(r, dict) or key not in r:
            continue
        v = r[key]
        if isinstance(v, (dict, list)):
            continue
        if v in seen:
            item = f"{path}[{i}]" if brackets else f"{path}.{i}"
            out.append((f"{item}.{key}", f"{what} {v!r} is used twice"))
        seen.add(v)
    return out


def new_id(value: Any, path: str, seen: set[str], what: str,
           empty: str = "missing or empty id") -> Problems:
    """A record's text id, not empty and not used by an earlier record (added to ``seen``)."""
    if not isinstance(value, str) or not value:
        return [(path, empty)]
    if value in seen:
        return [(path, f"duplicate {what} id {value!r}")]
    seen.add(value)
    return []


def references(path: str, values: Any, known: Collection[Any], what: str,
               list_known: bool = False) -> Problems:
    """Every value (one or a list) names one of ``known`` (listed in the message with
    ``list_known``, for short lists a designer picks from)."""
    vals = values if isinstance(values, list) else [values]
    tail = f" (known: {', '.join(map(str, known))})" if list_known else ""
    return [(path, f"unknown {what} {v!r}{tail}") for v in vals
            if isinstance(v, (str, int)) and v not in known]


def in_range(path: str, value: Any, low: float, high: float, what: str) -> Problems:
    """A number between bounds that depend on other records (``low`` <= value <= ``high``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return []
    if not low <= value <= high:
        return [(path, f"{what} must be from {low:g} to {high:g}")]
    return []


def checked_document(data: Mapping[str, Any] | str, check: Callable[[Any], Problems],
                     error: Callable[[Problems], Exception]) -> Mapping[str, Any]:
    """A board document (a dict, or its JSON text) that ``check`` finds no problem in; else
    ``error(problems)`` is raised. The board loaders share it so none skips its checks."""
    if isinstance(data, str):
        data = json.loads(data)
    problems = check(data)
    if problems:
        raise error(problems)
    return data  # type: ignore[return-value]


class JsonDocument:
    """What the board classes share as documents: unknown keys read in are kept in ``extra``
    and written back after the known ones, and ``dumps`` gives the JSON text."""

    extra: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {**self._known_json(), **self.extra}

    def _known_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def dumps(self, **kwargs: Any) -> str:
        """JSON text of ``to_json()``."""
        return json.dumps(self.to_json(), **kwargs)
