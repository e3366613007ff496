"""The state of a game of Take The High Ground!: plain dataclasses, serialised by the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from app.engine.state import GameState

#: Element states, from best to worst (GUTS-HTD / GUTS-HALT).
OK, HTD, GTG, PINNED = "ok", "hit-the-dirt", "gone-to-ground", "pinned"
STATUS_ORDER = {OK: 0, HTD: 1, GTG: 2, PINNED: 3}

LEADER, RIFLE, BAR, BAZOOKA, RECOILLESS = "leader", "rifle", "bar", "bazooka", "recoilless"
ANTI_TANK = (BAZOOKA, RECOILLESS)
TEAM_KINDS = (RIFLE, BAR, BAZOOKA, RECOILLESS)


@dataclass
class Cover:
    """Covering fire a mover received this turn against one gun (GUTS-COVER)."""

    gun: str = ""
    rate: int = 0          # inches the mover may go on a moving result
    bar: bool = False      # BAR fire (gives -2 to the mover's tests) or rifles
    teams: list[str] = field(default_factory=list)


@dataclass
class Element:
    """A leader or a team of the platoon, on a rectangular base."""

    id: str = ""
    name: str = ""
    kind: str = ""             # leader, rifle, bar, bazooka, recoilless
    role: str = ""             # leaders: platoon-leader, platoon-sergeant, squad-leader
    squad: str = ""
    x: float = 0.0
    y: float = 0.0
    w: float = 1.0
    h: float = 1.0
    guts: int = 0
    start_guts: int = 0
    average: bool = False      # rolls two average dice instead of 2d6
    status: str = OK
    acted: bool = False        # has used its one move or fire this turn
    moved: bool = False        # tried to move this turn (a moving target for the guns)
    moved_last: bool = False   # tried to move last turn
    pressing_on: bool = False
    withdrawing: bool = False
    out: bool = False
    out_reason: str = ""
    casualties: int = 0
    natural_leader: bool = False
    led: str = ""              # leaders: the team this leader is with for this turn's tests
    covers: list[Cover] = field(default_factory=list)
    cover_type: str = ""       # "bar" or "rifle": only one kind may cover a mover in a turn
    cover_tried: list[str] = field(default_factory=list)  # guns already covered against this turn

    @property
    def is_leader(self) -> bool:
        return self.kind == LEADER

    @property
    def fighting(self) -> bool:
        """On the table and still in the fight (not out, not falling back)."""
        return not self.out and not self.withdrawing

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)


@dataclass
class Card:
    """A face-down card on a defensive position (GUTS-SET)."""

    id: str = ""
    spot: str = ""
    x: float = 0.0             # centre of the card
    y: float = 0.0
    facing: float = 270.0      # the card's front points this way
    fx: float = 0.0            # centre of the front edge (reveal distance and gun apex)
    fy: float = 0.0
    rank: str = ""
    suit: str = ""
    becomes: str = ""          # hmg, lmg or dummy (hidden from the player until turned)
    revealed: bool = False
    revealed_turn: int = 0


@dataclass
class Gun:
    """An enemy machine gun that a turned card became."""

    id: str = ""
    card: str = ""
    kind: str = ""             # hmg or lmg
    name: str = ""
    x: float = 0.0             # cone apex (front edge of its card)
    y: float = 0.0
    guts: int = 8
    start_guts: int = 8
    status: str = "active"     # active, silenced, out
    heading: float = 270.0
    engaged_by: str = ""       # the BAR that fired on it this turn
    engaged_last: str = ""     # ... last turn: the gun answers it (GUTS-AIM)
    how: str = ""              # why it stopped firing


@dataclass
class Fire:
    gun: str = ""
    band: str = ""


@dataclass
class Pending:
    """A decision the player owes before play goes on (press on, a covered move, a follow-up)."""

    kind: str = ""
    team: str = ""
    leader: str = ""
    to: list[float] = field(default_factory=list)
    fires: list[Fire] = field(default_factory=list)
    gun: str = ""              # the gun being assaulted, or grenaded for the follow-up


@dataclass
class LastMove:
    element: str = ""
    start: list[float] = field(default_factory=list)
    end: list[float] = field(default_factory=list)
    allowed: float = 0.0       # inches the dice allowed


@dataclass
class GutsState(GameState):
    direct_digest = True   # every dict key is a string: digest written straight from the objects
    platoon: str = ""
    platoon_name: str = ""
    elements: dict[str, Element] = field(default_factory=dict)
    cards: dict[str, Card] = field(default_factory=dict)
    guns: dict[str, Gun] = field(default_factory=dict)
    pending: Optional[Pending] = None
    turns: int = 12
    break_below: int = 4
    starting_teams: int = 0
    pl_fell_at: Optional[list[float]] = None   # where the platoon leader fell (GUTS-NAT pending)
    natural_tested: bool = False
    result: str = ""           # "", "win" or "loss"
    reason: str = ""
    result_rule: str = ""
    last_move: Optional[LastMove] = None


# --------------------------------------------------------------------------- fast serialisation
# The engine turns any state into JSON by walking its type hints on every call, which costs
# several milliseconds for a platoon of fifteen bases; the match copies and digests the state
# after every action. These converters resolve the type hints once per class and produce
# exactly the engine's JSON (tests/guts/test_state.py compares them with app.engine.state).

import dataclasses as _dc  # noqa: E402
import types as _types  # noqa: E402
import typing as _typing  # noqa: E402

from app.engine.rng import Rng as _Rng  # noqa: E402

_PRIM = (str, int, bool, float, type(None))


def _conv(tp):  # -> (to, from)
    if tp in (str, int, bool, type(None)) or tp is _typing.Any:
        return (None, None)
    if tp is float:
        return (None, lambda v: float(v) if isinstance(v, int) and not isinstance(v, bool) else v)
    if tp is _Rng:
        return (lambda v: v.to_json(), lambda v: _Rng.from_json(v))
    origin = _typing.get_origin(tp)
    args = _typing.get_args(tp)
    if origin in (_typing.Union, _types.UnionType):
        inner = [a for a in args if a is not type(None)]
        t, f = _conv(inner[0]) if len(inner) == 1 else (None, None)
        return ((lambda v: None if v is None else t(v)) if t else None,
                (lambda v: None if v is None else f(v)) if f else None)
    if origin is list:
        t, f = _conv(args[0]) if args else (None, None)
        return ((lambda v: [t(x) for x in v]) if t else list, (lambda v: [f(x) for x in v]) if f else list)
    if origin is dict:
        t, f = _conv(args[1]) if args else (None, None)
        return ((lambda v: {str(k): t(x) for k, x in v.items()}) if t else (lambda v: {str(k): x for k, x in v.items()}),
                (lambda v: {k: f(x) for k, x in v.items()}) if f else dict)
    if isinstance(tp, type) and _dc.is_dataclass(tp):
        return (lambda v: _to(v), lambda v: _from(tp, v))
    raise TypeError(f"no fast converter for {tp!r}")


_PLANS: dict[type, list] = {}


def _plan(cls: type) -> list:
    plan = _PLANS.get(cls)
    if plan is None:
        hints = _typing.get_type_hints(cls)
        plan = [(f.name, *_conv(hints[f.name])) for f in _dc.fields(cls) if not f.name.startswith("_")]
        _PLANS[cls] = plan
    return plan


def _to(obj) -> dict:
    return {name: (t(v) if t is not None and v is not None else v)
            for name, t, _f in _plan(type(obj)) for v in (getattr(obj, name),)}


def _from(cls, data: dict):
    kw = {}
    for name, _t, f in _plan(cls):
        if name in data:
            v = data[name]
            kw[name] = f(v) if f is not None and v is not None else v
    return cls(**kw)


def _fast_to_json(self) -> dict:
    return _to(self)


@classmethod  # type: ignore[misc]
def _fast_from_json(cls, data: dict):
    return _from(cls, data)


def _fast_copy(self):
    return _from(type(self), _to(self))


GutsState.to_json = _fast_to_json  # type: ignore[assignment]
GutsState.from_json = _fast_from_json  # type: ignore[assignment]
GutsState.copy = _fast_copy  # type: ignore[assignment]
