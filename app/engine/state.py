"""Game state as plain data.

A game's state is a dataclass deriving from :class:`GameState`. It holds no Qt object and no
callable; :func:`to_json` and :func:`from_json` turn it into JSON-ready dicts and back using the
type hints, so a game author writes fields, not serialisers. The digest of a state is the
SHA-256 of its canonical JSON (sorted keys, no spaces), the same on every machine.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, ClassVar, TypeVar, Union, get_args, get_origin, get_type_hints

from app.engine.rng import Rng

S = TypeVar("S", bound="GameState")


@dataclass
class GameState:
    """Fields every game shares: what is being played, when, and who must act now.

    ``active`` is the side that must act next; it may change inside a phase for reactions
    (an interceptor, opportunity fire). ``players`` maps player names to sides when a side has
    several players (up to three commands a side in Frozen Chosin).
    """

    game: str = ""
    scenario: str = ""
    turn: int = 1
    phase: str = ""
    active: str = ""
    rng: Rng = field(default_factory=lambda: Rng.from_seed(0))
    players: dict[str, str] = field(default_factory=dict)
    finished: bool = False

    #: True where every dict key in the state is a string: the digest is then written straight
    #: from the objects (:func:`direct_canonical`), with no JSON tree built first. Same digest.
    direct_digest: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        return to_json(self)

    @classmethod
    def from_json(cls: type[S], data: dict[str, Any]) -> S:
        return from_json(cls, data)

    def copy(self: S) -> S:
        return copy_state(self)

    def digest(self) -> str:
        return state_digest(self)


_LEAVES = frozenset({str, int, float, bool, type(None)})


def to_json(value: Any) -> Any:
    """Recursively convert dataclasses, Rng, tuples and sets to JSON-ready values.

    Every container in the result is new, so the output shares nothing mutable with ``value``.
    This is the hot path of every apply, copy and digest: leaves are tested inline by exact type
    so the common case costs no function call.
    """
    t = type(value)
    if t in _LEAVES:
        return value
    if t is dict:
        if not value:  # many state fields are empty most of the time: no comprehension for them
            return {}
        return {(k if type(k) is str else str(k)): (v if type(v) in _LEAVES else to_json(v))
                for k, v in value.items()}
    if t is list or t is tuple:
        if not value:
            return []
        return [v if type(v) in _LEAVES else to_json(v) for v in value]
    if t is Rng:  # before the dataclass walk: its JSON leaves out an empty fixed-dice queue
        return value.to_json()
    names = _DATACLASS_FIELDS.get(t)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _DATACLASS_FIELDS[t] = tuple(f.name for f in _fields(t))
    if names is not None:
        out = {}
        for n in names:
            v = getattr(value, n)
            out[n] = v if type(v) in _LEAVES else to_json(v)
        return out
    if t is Rng:
        return value.to_json()
    if isinstance(value, (str, int, float, bool)):  # subclasses (enums of str, bool...)
        return value
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_json(v) for v in value)
    raise TypeError(f"cannot serialise {type(value).__name__} in a game state")


_DATACLASS_FIELDS: dict[type, tuple[str, ...]] = {}


@lru_cache(maxsize=None)
def _fields(cls: type) -> tuple[dataclasses.Field, ...]:
    return tuple(f for f in dataclasses.fields(cls) if not f.name.startswith("_"))


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def from_json(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_json` output, guided by type hints.

    The walk over type hints is done once per type: :func:`converter` compiles it into nested
    functions, so copying a state costs one pass over its data and nothing more.
    """
    return converter(tp)(data)


_CONVERTERS: dict[Any, Callable[[Any], Any]] = {}


def _identity(x: Any) -> Any:
    return x


def converter(tp: Any) -> Callable[[Any], Any]:
    """The compiled JSON-to-value function for ``tp`` (cached; recursive types allowed)."""
    try:
        fn = _CONVERTERS.get(tp)
    except TypeError:  # an unhashable hint: build without caching
        return _build(tp)
    if fn is None:
        # A placeholder first, so a dataclass that refers to itself finds its own converter.
        _CONVERTERS[tp] = lambda d, tp=tp: _CONVERTERS[tp](d)
        fn = _CONVERTERS[tp] = _build(tp)
    return fn


def _build(tp: Any) -> Callable[[Any], Any]:
    if tp is Any or tp is None:
        return _identity
    origin = get_origin(tp)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(tp) if a is not type(None)]
        if len(args) != 1:
            return _identity
        inner = converter(args[0])
        return lambda d: None if d is None else inner(d)
    if tp is Rng:
        return Rng.from_json
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        hints = _hints(tp)
        specs = tuple((f.name, converter(hints.get(f.name, Any))) for f in _fields(tp))

        def build_dataclass(d: Any) -> Any:
            return tp(**{n: c(d[n]) for n, c in specs if n in d})
        return build_dataclass
    if origin in (list, typing.List):
        (arg,) = get_args(tp) or (Any,)
        inner = converter(arg)
        return list if inner is _identity else (lambda d: [inner(v) for v in d])
    if origin in (tuple, typing.Tuple):
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = converter(args[0])
            return lambda d: tuple(inner(v) for v in d)
        if args:
            convs = tuple(converter(a) for a in args)
            return lambda d: tuple(c(v) for c, v in zip(convs, d))
        return tuple
    if origin in (set, frozenset):
        (arg,) = get_args(tp) or (Any,)
        inner = converter(arg)
        return lambda d: origin(inner(v) for v in d)
    if origin in (dict, typing.Dict):
        key_t, val_t = get_args(tp) or (Any, Any)
        inner = converter(val_t)
        if key_t is int:
            return lambda d: {int(k): inner(v) for k, v in d.items()}
        return dict if inner is _identity else (lambda d: {k: inner(v) for k, v in d.items()})
    # Leaves are returned as they are. An int kept in a float field stays an int: converting it
    # would change the canonical JSON (2 -> 2.0) and so the digest of a copy.
    return _identity


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _c_canonical() -> Callable[[Any], Any] | None:
    """The C encoder behind :data:`_CANONICAL`, made once. ``json.dumps`` builds an encoder
    object, and ``JSONEncoder.encode`` a C encoder, on every call: for one small state per
    action that set-up was a tenth of the digest. Same options, so the same text (tested).
    It keeps no table of the containers being encoded (a table shared between calls would keep
    stale entries after an error): states come from :func:`to_json` and actions from JSON, so
    neither can contain itself, and if one did the encoder would stop with a RecursionError."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover - Pythons without the _json accelerator
        return None
    enc = _CANONICAL
    try:
        return make(None, enc.default, json.encoder.encode_basestring, None, enc.key_separator,
                    enc.item_separator, enc.sort_keys, enc.skipkeys, enc.allow_nan)
    except TypeError:  # pragma: no cover - a Python whose private encoder takes other arguments
        return None


_C_CANONICAL = _c_canonical()


def _shallow(value: Any) -> Any:
    """The direct encoder's hook for what JSON cannot hold itself, one level at a time: a
    dataclass as its fields, the generator as its JSON, a set sorted (as :func:`to_json`)."""
    t = type(value)
    if t is Rng:
        return value.to_json()
    names = _DATACLASS_FIELDS.get(t)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _DATACLASS_FIELDS[t] = tuple(f.name for f in _fields(t))
    if names is not None:
        return {n: getattr(value, n) for n in names}
    if isinstance(value, (set, frozenset)):
        return sorted(to_json(v) for v in value)
    raise TypeError(f"cannot serialise {type(value).__name__} in a game state")


def _c_direct() -> Callable[[Any], Any] | None:
    """A C encoder with the canonical options that writes a state without first building its
    :func:`to_json` tree (dataclasses go through :func:`_shallow`). Same text only while every
    dict key in the state is a string (the encoder sorts int keys as numbers, ``to_json`` as
    text), so a state class opts in with ``direct_digest`` (tests compare the two)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # pragma: no cover
        return None
    enc = _CANONICAL
    try:
        return make(None, _shallow, json.encoder.encode_basestring, None, enc.key_separator,
                    enc.item_separator, enc.sort_keys, enc.skipkeys, enc.allow_nan)
    except TypeError:  # pragma: no cover
        return None


_C_DIRECT = _c_direct()


def direct_canonical(state: Any) -> str:
    """The canonical JSON of a state written straight from its objects (``direct_digest``)."""
    if _C_DIRECT is None:  # pragma: no cover
        return canonical_json(to_json(state))
    return "".join(_C_DIRECT(state, 0))


def canonical_json(value: Any) -> str:
    """The one JSON spelling used for digests and action comparison: sorted keys, no spaces,
    non-ASCII characters as they are."""
    if _C_CANONICAL is None:  # pragma: no cover
        return _CANONICAL.encode(value)
    return "".join(_C_CANONICAL(value, 0))


def state_digest(state: GameState) -> str:
    if type(state).direct_digest:
        return hashlib.sha256(direct_canonical(state).encode()).hexdigest()
    return hashlib.sha256(canonical_json(state.to_json()).encode()).hexdigest()


def copy_state(state: S) -> S:
    """A deep, independent copy. :func:`to_json` builds every container afresh, so rebuilding
    from its output can never share a mutable object with the original."""
    return from_json(type(state), to_json(state))


def digest_of_json(data: Any) -> str:
    """The digest of a state already turned into JSON-ready data (saves a second walk)."""
    return hashlib.sha256(canonical_json(data).encode()).hexdigest()
