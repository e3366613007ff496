"""The Korea38 game state: plain data, serialised by the engine from these type hints.

Unit locations (``UnitState.at``): a hex id on the map, or one of the boxes below.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from app.engine.state import GameState

POOL = "pool"          # not yet arrived (reinforcement schedule, 6.3)
ELIM = "elim"          # Eliminated Units Box
FEC = "fec"            # Far East Command box (10.3, 11.2)
AIR = "air"            # air power box (9.2.5); UnitState.used says fresh or USED
OFFMAP = "offmap"      # retreated off the north edge, back next reinforcement phase (9.3)
REMOVED = "removed"    # gone for good (TF Smith, 7.4)
SEA = "sea:"           # "sea:<port>": assaulting from the sea, on top of the port's defender (11.3)

BOXES = (POOL, ELIM, FEC, AIR, OFFMAP, REMOVED)

PHASES = (
    "communist-reinforcement", "communist-precombat", "communist-combat", "communist-movement",
    "allied-reinforcement", "allied-precombat", "allied-combat", "allied-movement",
    "housekeeping",
)


@dataclass
class UnitState:
    at: str = POOL
    reduced: bool = False
    used: bool = False          # air units: flipped to USED (9.2.5)


@dataclass
class Battle:
    defender: str
    hex: str
    attackers: list[str] = field(default_factory=list)
    support: list[str] = field(default_factory=list)
    wave: list[str] = field(default_factory=list)
    amphibious: list[str] = field(default_factory=list)   # landing units (11.4), first = primary
    stage: str = "declared"
    resolved: bool = False
    cancelled: bool = False
    air: list[str] = field(default_factory=list)           # Allied air placed (9.2.5)
    air_communist: list[str] = field(default_factory=list)
    mig_cancel: str = ""
    roll: int = 0
    column: int = 0
    result: str = ""
    attacker_losses_left: int = 0
    defender_steps: int = 0
    defender_eliminated: bool = False
    retreat: bool = False
    wave_losses_left: int = 0
    vacated: bool = False
    fought: dict[str, Any] = field(default_factory=dict)   # the odds as they stood at the roll


@dataclass
class Pending:
    """A decision some side must take before play goes on (reactions switch ``active``)."""

    kind: str
    side: str
    battle: int = -1
    units: list[str] = field(default_factory=list)
    count: int = 0
    note: str = ""


@dataclass
class K38State(GameState):
    direct_digest = True   # every dict key is a string: digest written straight from the objects
    data_key: str = "korea38"
    last_turn: int = 13
    units: dict[str, UnitState] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)             # city hex -> side
    phase_control: dict[str, str] = field(default_factory=dict)       # control at phase start
    moved: set[str] = field(default_factory=set)                      # used their MA this phase
    moving: str = ""                                                  # may still continue its move (8.0)
    move_left: float = 0.0                                            # ... with this allowance left
    move_trail: list[str] = field(default_factory=list)               # ... along these hexes so far
    arrived: set[str] = field(default_factory=set)                    # placed from off map this turn
    stepped: set[str] = field(default_factory=set)                    # got a replacement step this turn
    to_place: list[str] = field(default_factory=list)                 # reinforcements still to place
    rp: dict[str, int] = field(default_factory=dict)
    naval_ports: set[str] = field(default_factory=set)
    amph_used: int = 0
    amph_this_turn: int = 0
    combat_step: str = ""                                             # "declare" / "resolve"
    hk_side: str = ""                                                 # housekeeping: whose attrition
    battles: list[Battle] = field(default_factory=list)
    current: int = -1
    pending: list[Pending] = field(default_factory=list)
    armistice_allowed: bool = True
    armistice_offered: list[str] = field(default_factory=list)        # "turn:side"
    result: Optional[dict[str, Any]] = None
    steps_lost: dict[str, int] = field(default_factory=dict)
    steps_gained: dict[str, int] = field(default_factory=dict)
