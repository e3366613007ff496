"""Mutations of real Ridgeline files for the fuzzer: every file kind of every game.

Structural mutations walk to a random spot of the parsed document and replace, delete, add,
duplicate or re-type a value (NaN, huge numbers, deep nesting, absolute and ``..`` paths among
them); byte mutations then damage the written text. Everything is drawn from Hypothesis, so a
fixed seed gives the same inputs every run.
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import tomli_w
from hypothesis import strategies as st

#: A file outside every allowed folder; no input may make the program open it.
BAIT_NAME = "bait-secret.toml"

_TEXTS = st.sampled_from([
    "", "x", "0101", "kpa-1", "board.json", "../board.json", "/etc/passwd", "/dev/zero",
    "/dev/stdin", "~/x.toml", "..", ".", "C:\\\\x", "a" * 300, "\u00e9\u4e2d", "\ud7ff",
    "../../outside/" + BAIT_NAME, "NaN", "true", "[", "{", "=", "#",
]) | st.text(max_size=12)
_NUMBERS = st.sampled_from([0, -1, 1, 2, 13, 10**12, -10**12, 2**63, 0.5, -0.0, math.inf, -math.inf,
                             math.nan, 1e308])


def _nest(depth: int) -> Any:
    out: Any = 1
    for _ in range(depth):
        out = [out]
    return out


SCALARS = st.one_of(_TEXTS, _NUMBERS, st.booleans(), st.integers(-50, 50))
VALUES = st.one_of(
    SCALARS,
    st.lists(SCALARS, max_size=4),
    st.dictionaries(st.sampled_from(["id", "at", "x", "kind", "name", "to", "a"]), SCALARS, max_size=3),
    st.sampled_from([_nest(60), _nest(200), {"a": {"b": {"c": {}}}}, [[]], [{}], {}]),
)


def _spots(doc: Any, path: tuple = ()) -> list[tuple]:
    """The containers of the document (the first 40 of each, 8 levels down), so any level can
    be mutated."""
    out = [path]
    if len(path) >= 8:
        return out
    if isinstance(doc, dict):
        for k, v in list(doc.items())[:40]:
            if isinstance(v, (dict, list)):
                out += _spots(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:40]):
            if isinstance(v, (dict, list)):
                out += _spots(v, path + (i,))
    return out


_BASE_SPOTS: dict[int, tuple[Any, list[tuple]]] = {}


def _base_spots(doc: Any) -> list[tuple]:
    """``_spots`` of a real file's document, walked once: that document is never changed (the
    mutations copy on write), and walking a 1 MB board for every input cost more than the rest
    of the mutation. The document is kept alongside, so its ``id`` cannot be reused."""
    hit = _BASE_SPOTS.get(id(doc))
    if hit is None or hit[0] is not doc:
        if len(_BASE_SPOTS) > 64:
            _BASE_SPOTS.clear()
        hit = _BASE_SPOTS[id(doc)] = (doc, _spots(doc))
    return hit[1]


def _owned(doc: Any, path: tuple, mine: set[int]) -> Any:
    """The container at ``path``, after giving every container on the way a copy of its own
    (copy on write: the real file's document is shared, never changed, and only the few
    containers a mutation touches are copied instead of the whole document)."""
    where = doc
    for p in path:
        child = where[p]
        if id(child) not in mine:
            child = copy.copy(child)
            mine.add(id(child))
            where[p] = child
        where = child
    return where


@st.composite
def mutated_doc(draw: Any, doc: Any, steps: int = 3) -> Any:
    """``doc`` with 1 to ``steps`` structural changes (``doc`` itself is left as it was)."""
    base = doc
    doc = copy.copy(doc)
    mine = {id(doc)}
    for step in range(draw(st.integers(1, steps))):
        spots = _base_spots(base) if step == 0 else _spots(doc)     # the same list, walked once
        where = _owned(doc, draw(st.sampled_from(spots)), mine)
        op = draw(st.sampled_from(["replace", "replace", "delete", "add", "duplicate", "retype"]))
        if isinstance(where, dict):
            keys = list(where)
            if op == "add" or not keys:
                where[draw(st.sampled_from(["id", "x", "kind", "extra", "spaces", "tracks", "data",
                                            "turns", "board", "0", "type"]))] = copy.deepcopy(draw(VALUES))
            else:
                k = draw(st.sampled_from(keys))
                if op == "delete":
                    del where[k]
                elif op == "duplicate" and isinstance(where[k], list) and where[k]:
                    where[k] = where[k] + [copy.deepcopy(draw(st.sampled_from(where[k])))]
                elif op == "retype":
                    v = where[k]
                    where[k] = [v] if not isinstance(v, list) else (v[0] if v else {})
                else:
                    where[k] = copy.deepcopy(draw(VALUES))
        elif isinstance(where, list):
            if op == "add" or not where:
                where.append(copy.deepcopy(draw(VALUES)))
            else:
                i = draw(st.integers(0, len(where) - 1))
                if op == "delete":
                    del where[i]
                elif op == "duplicate":
                    where.extend(copy.deepcopy(where[i:i + 1]) * draw(st.integers(1, 50)))
                elif op == "retype":
                    where[i] = [where[i]]
                else:
                    where[i] = copy.deepcopy(draw(VALUES))
    return doc


def _toml_safe(obj: Any) -> Any:
    """TOML has no null and no mixed tables at the top; tomli_w refuses a few shapes."""
    if isinstance(obj, dict):
        return {str(k): _toml_safe(v) for k, v in obj.items() if v is not None}
    if isinstance(obj, list):
        return [_toml_safe(v) for v in obj if v is not None]
    return obj


def dump(doc: Any, kind: str) -> str:
    if kind == "toml":
        try:
            return tomli_w.dumps(_toml_safe(doc) if isinstance(doc, dict) else {"x": doc})
        except (TypeError, ValueError, RecursionError):
            return json.dumps(doc)   # not TOML at all: also an input
    try:
        return json.dumps(doc, ensure_ascii=False)
    except (ValueError, RecursionError):
        return "{"


@st.composite
def damaged_text(draw: Any, text: str) -> str:
    """Byte-level damage to a written file: flip, cut, duplicate lines, insert junk."""
    op = draw(st.sampled_from(["none", "none", "none", "flip", "cut", "dup-line", "insert"]))
    if op == "none" or not text:
        return text
    i = draw(st.integers(0, len(text) - 1))
    if op == "flip":
        return text[:i] + chr((ord(text[i]) ^ (1 << draw(st.integers(0, 6)))) or 32) + text[i + 1:]
    if op == "cut":
        return text[:i]
    if op == "dup-line":
        lines = text.splitlines(keepends=True)
        j = draw(st.integers(0, len(lines) - 1))
        return "".join(lines[:j + 1] + lines[j:j + 1] * draw(st.integers(1, 30)) + lines[j + 1:])
    return text[:i] + draw(st.sampled_from(["\x00", "[[", "]]", "\"", "= 1\n", "\n[x]\n", "{\"a\":",
                                            "\ud800", "\n" * 3])) + text[i:]


def schema_example(s: dict[str, Any]) -> Any:
    """A value of the kind a JSON Schema asks for (an action's fields, from its schema)."""
    if "enum" in s:
        return s["enum"][0]
    kind = s.get("type")
    if kind == "object":
        return {k: schema_example(v) for k, v in (s.get("properties") or {}).items()}
    if kind == "array":
        items = s.get("prefixItems") or [s.get("items", {"type": "string"})] * s.get("minItems", 1)
        return [schema_example(i) for i in items]
    return {"string": "x", "integer": 1, "number": 1.5, "boolean": True}.get(kind, "x")
