"""The state of a game of Frozen Chosin: plain dataclasses the engine serialises.

Six commands (three a side) each with a seat, operations dice and regiments of bases on a table
measured in inches. ``active`` is the side to act; ``current`` the command whose seat acts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar

from app.engine.state import GameState

UN, PVA = "un", "pva"
SIDES = (UN, PVA)


def other(side: str) -> str:
    return PVA if side == UN else UN


@dataclass
class Base:
    """One base (a unit or an outpost) of a regiment."""

    id: str = ""
    name: str = ""
    type: str = ""
    side: str = ""
    command: str = ""
    regiment: str = ""
    x: float = 0.0
    y: float = 0.0
    w: float = 1.2
    h: float = 0.6
    status: str = "off"        # off (not yet on the table), on, casualty, evacuated
    hits: int = 0              # 1 = suppressed (FC-7.5)
    position: str = ""         # "", hasty, improved (FC-6)
    moved: bool = False        # moved or held in this activation
    fought: bool = False       # fought or fired in this activation
    on_ice: bool = False       # standing on the frozen lake (FC-5)
    out_of_supply: bool = False  # as found when its regiment last activated (FC-11)
    opp_fired: str = ""        # the enemy regiment activation it last interrupted (FC-9)

    @property
    def on_table(self) -> bool:
        return self.status == "on"

    @property
    def suppressed(self) -> bool:
        return self.status == "on" and self.hits == 1


@dataclass
class Regiment:
    id: str = ""
    name: str = ""
    command: str = ""
    side: str = ""
    morale: int = 4
    marine: bool = False
    outposts: bool = False
    reserve: bool = False        # a Chinese reserve regiment waiting to be recycled in (FC-15)
    reinforcement: str = ""      # "drysdale" for Task Force Drysdale (FC-14.7)
    bases: list[str] = field(default_factory=list)
    activated: int = 0           # activations this phase (FC-3.3)
    allowed: int = 1             # activations allowed this phase (a reactivation raises it)


@dataclass
class Command:
    id: str = ""
    side: str = ""
    name: str = ""
    seat: str = ""               # who plays it (a person's name or "computer")
    dice: int = 4                # operations dice this turn
    base_dice: int = 4
    planned: list[str] = field(default_factory=list)     # operations with dice on them (FC-2.2)
    attempted: list[str] = field(default_factory=list)   # operations already tried this turn
    done_planning: bool = False
    passed: bool = False         # passed for the rest of this phase (FC-3.4)
    regiments: list[str] = field(default_factory=list)
    recycled: int = 0            # Chinese casualties not yet used to bring in a reserve (FC-15)


@dataclass
class Marker:
    """A supply marker (truck, depot, air drop, porter train)."""

    id: str = ""
    side: str = ""
    kind: str = "depot"
    x: float = 0.0
    y: float = 0.0


@dataclass
class Activation:
    """The regiment being activated now and what it may still do (FC-3.2)."""

    regiment: str = ""
    command: str = ""
    key: str = ""                # unique id of this activation (opportunity fire once each, FC-9.2)
    road: float = 12.0           # allowance on road
    offroad: float = 6.0         # allowance off road
    random_road: float = 0.0     # out-of-supply allowances rolled for this activation (FC-11.3)
    random_offroad: float = 0.0
    infiltrate: bool = False
    surprise: bool = False
    step: str = "move"           # move, fight


@dataclass
class Pending:
    """A decision owed by a seat before play goes on: facing an attack, opportunity fire."""

    kind: str = ""               # face, opportunity
    command: str = ""
    defender: str = ""
    attackers: list[str] = field(default_factory=list)
    target: str = ""             # opportunity fire: the base that just moved
    firers: list[str] = field(default_factory=list)


@dataclass
class Breakout:
    """The scenario's reward for bringing cut-off regiments south (FC-D-BREAKOUT): ``vp`` for
    each base of ``regiments`` on the table within ``radius`` inches of one of ``places`` at
    the end of the game. ``vp`` 0: the scenario scores no breakout."""

    regiments: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    radius: float = 6.0
    vp: int = 0


@dataclass
class FCState(GameState):
    direct_digest = True   # every dict key is a string: digest written straight from the objects
    day_phase: str = ""          # operations, night, day (also in ``phase`` with the sub-step)
    current: str = ""            # the command to act
    order: list[str] = field(default_factory=list)   # command order of this phase
    commands: dict[str, Command] = field(default_factory=dict)
    regiments: dict[str, Regiment] = field(default_factory=dict)
    bases: dict[str, Base] = field(default_factory=dict)
    markers: dict[str, Marker] = field(default_factory=dict)
    activation: Activation | None = None
    pending: Pending | None = None
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    event: str = ""              # the card in force this turn
    no_air: bool = False
    ranged_limit: float = 0.0
    airstrike_fp: int = 0
    offtable_guns: int = 0       # FP of the Chinese guns an event makes available this turn
    guns_used: bool = False
    drysdale_turn: int = 4
    drysdale_in: bool = False
    smith_choice: str = ""       # General Smith's secret choice (FC-14.4)
    smith_revealed: bool = False
    vp: dict[str, int] = field(default_factory=dict)
    evacuated: int = 0
    counter: int = 0             # for marker and activation ids
    turns: int = 8
    table: str = ""              # the scenario's table: "table.json" (resources/frozen-chosin/) or
                                 # "scenario:NAME" (the scenario's folder), never an absolute path
    result: str = ""
    winner: str = ""
    reason: str = ""
    hits_taken: dict[str, int] = field(default_factory=dict)   # per side, for the fuzz invariants
    breakout: Breakout = field(default_factory=Breakout)

    def copy(self) -> "FCState":
        """A deep copy written out by hand: the engine copies the state before every action,
        and its generic JSON round trip cost more than the rules themselves. Every container
        is new, so the copy shares nothing mutable with this state (pinned against the
        engine's round trip in tests/frozen_chosin/test_speed.py)."""
        new = _clone(self)
        new.rng = self.rng.copy()
        new.players = dict(self.players)
        new.order = list(self.order)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.vp = dict(self.vp)
        new.hits_taken = dict(self.hits_taken)
        new.commands = {k: _copy_command(c) for k, c in self.commands.items()}
        new.regiments = {k: _copy_regiment(r) for k, r in self.regiments.items()}
        new.bases = {k: _clone(b) for k, b in self.bases.items()}
        new.markers = {k: _clone(m) for k, m in self.markers.items()}
        new.breakout = _clone(self.breakout)
        new.breakout.regiments = list(self.breakout.regiments)
        new.breakout.places = list(self.breakout.places)
        new.activation = _clone(self.activation) if self.activation is not None else None
        if self.pending is not None:
            p = new.pending = _clone(self.pending)
            p.attackers = list(p.attackers)
            p.firers = list(p.firers)
        return new


T = TypeVar("T")


def _clone(obj: T) -> T:
    """A shallow copy of a plain dataclass (its fields sit in ``__dict__``)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _copy_command(c: Command) -> Command:
    new = _clone(c)
    new.planned = list(c.planned)
    new.attempted = list(c.attempted)
    new.regiments = list(c.regiments)
    return new


def _copy_regiment(r: Regiment) -> Regiment:
    new = _clone(r)
    new.bases = list(r.bases)
    return new
