"""The Semper Fi! game state: plain data the engine serialises from these type hints.

Unit locations (``UnitState.at``): a hex id, ``"box:road-column"`` (4.1), ``"setup"`` (not yet
placed), ``"offmap"`` (reserves and reinforcements), ``"exited"`` or ``"elim"``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from app.engine.state import GameState

SETUP = "setup"
OFFMAP = "offmap"
ELIM = "elim"
EXITED = "exited"
COLUMN = "box:road-column"
POOL = "pool"                  # reinforcements not yet due
DISPERSED = "dispersed"       # 6.3: Chinese cleared from the map between two nights
BOXES = (SETUP, OFFMAP, ELIM, EXITED, COLUMN, POOL, DISPERSED)

# phases of a turn (C2.1); set-up phases come first
PHASES = ("setup", "initiative", "air-artillery", "action-1", "action-2")


@dataclass
class UnitState:
    at: str = SETUP
    steps: int = 1
    mode: str = "fire"             # "fire" or "move" (C3.1)
    morale: str = ""               # "", "suppressed", "paralysed" (C7.2)
    hidden: bool = False           # 1.3
    dug_in: bool = False           # C6.6
    fired: bool = False            # Fired marker (C6.1)
    acted: str = ""                # this action phase: "", "moving", "moved", "fired", "assaulted", "dug"
    mp_left: float = 0.0
    mp_spent: float = 0.0
    lost: int = 0                  # steps lost so far (victory counts)


@dataclass
class Pending:
    """A decision a side must take before play goes on (reactions switch ``active``)."""

    kind: str                      # overwatch, return-fire, retreat, placement...
    side: str
    units: list[str] = field(default_factory=list)
    hex: str = ""                  # trigger hex / retreat origin
    other: str = ""                # firing hex (return fire) / enemy hex
    count: int = 0                 # retreat hexes
    note: str = ""


@dataclass
class Barrage:
    hex: str
    kind: str                      # "he", "smoke", "illum"
    side: str
    firepower: int = 0
    placed: str = ""               # illum: "<turn>:<phase>" it was fired in (1.2a, illum.burn_out)


@dataclass
class OpSheet:
    """A sheet written during play, waiting for its implementation roll (C12.3, C12.4)."""

    kind: str
    objective: str = ""
    weighted: int = 0              # weighted turns accumulated


@dataclass
class SFState(GameState):
    direct_digest = True   # every dict key is a string: digest written straight from the objects
    scen: dict[str, Any] = field(default_factory=dict)     # normalised scenario (rules read it)
    options: dict[str, Any] = field(default_factory=dict)
    map_name: str = ""
    clock: list[str] = field(default_factory=list)         # "17 Aug 0800" per turn
    lights: list[str] = field(default_factory=list)        # light of each turn
    units: dict[str, UnitState] = field(default_factory=dict)
    origin: dict[str, str] = field(default_factory=dict)      # unit -> "setup:<i>" / "reinforcement:<i>"
    setup_order: list[str] = field(default_factory=list)   # sides still to set up, in order
    turn_side: str = ""                                    # who acts in this phase when no reaction is due
    first: str = ""                                        # side taking action phase 1 this turn
    initiative: str = ""                                   # who won the roll
    battalion: dict[str, int] = field(default_factory=dict)
    ammo: dict[str, int] = field(default_factory=dict)     # "us:he" -> rounds
    mortar_fires: dict[str, int] = field(default_factory=dict)   # pool id -> fires left
    mortar_used: dict[str, int] = field(default_factory=dict)    # pool id -> used this turn
    mortar_illum_left: int = -1                            # -1: no limit (4.2 sets 1)
    air: list[int] = field(default_factory=list)           # per aircraft: last turn index usable (2.2b)
    air_done: set[str] = field(default_factory=set)        # schedule entries already delivered
    barrages: list[Barrage] = field(default_factory=list)
    batteries_fired: set[str] = field(default_factory=set)    # one mission per battery a turn (C9.1)
    batteries_direct: set[str] = field(default_factory=set)   # on-map batteries that paid for direct fire (1.8d)
    in_assault: bool = False                                   # retreats inside an assault are automatic
    overwatched: set[str] = field(default_factory=set)         # hexes that fired at this trigger
    contact: bool = True                                   # 4.1: march column until contact
    column: list[str] = field(default_factory=list)        # march order (4.1)
    marched: list[str] = field(default_factory=list)       # units that made their march this phase
    start_hexes: list[str] = field(default_factory=list)   # 4.2 victory: hexes Baker/5 held
    asleep_checked: list[str] = field(default_factory=list)  # 4.2: Marine hexes already rolled for
    moved_ever: set[str] = field(default_factory=set)
    pending: list[Pending] = field(default_factory=list)
    to_remove: int = 0                                     # 5.2: steps the NK must still remove
    opsheets: dict[str, str] = field(default_factory=dict)     # formation -> op sheet type
    committed: dict[str, bool] = field(default_factory=dict)   # formation -> committed (reserves)
    objectives: dict[str, str] = field(default_factory=dict)   # formation -> its sheet's objective (C12.1)
    drafts: dict[str, OpSheet] = field(default_factory=dict)   # formation -> sheet written, not implemented
    engaged: set[str] = field(default_factory=set)             # formations that fired or were hit this turn
    exited_before_contact: bool = False
    checkpoint: dict[str, Any] = field(default_factory=dict)   # victory snapshots (5.3 at 0600)
    night: int = 0                                         # 6.3: linked nights already handed over
    night_results: list[str] = field(default_factory=list)   # 6.3: the level of each night played
    to_restore: int = 0                                    # 6.3: Marine steps still to give back
    infiltrate_left: int = 0                               # 7.1, 7.2: Chinese units that may still infiltrate
    entered: list[str] = field(default_factory=list)       # 7.1, 7.2: named places the Chinese have entered
    fieldworks: dict[str, int] = field(default_factory=dict)   # 7.1: fortified hex -> its allowance
    broken_down: bool = False                              # 7.1: the Chinese attack has broken down
    edges: dict[str, str] = field(default_factory=dict)          # C14.6: regiment -> map edge chosen
    edge_waves: dict[str, int] = field(default_factory=dict)     # C14.7: regiment -> waves arrived
    edge_turn: dict[str, int] = field(default_factory=dict)      # C14.7: regiment -> turn of its last wave
    infiltrations: dict[str, int] = field(default_factory=dict)  # C14.8: regiment -> infiltrations left
    infiltrated: list[str] = field(default_factory=list)         # C14.8: units that used theirs
    cloaked: dict[str, str] = field(default_factory=dict)        # C14.8: infiltrator -> hex it hides in
    broken_also: list[str] = field(default_factory=list)         # 7.3: further regiments broken down
    reduce_left: dict[str, int] = field(default_factory=dict)  # 7.5: formation -> set-up steps its owner still takes off
    mines: dict[str, str] = field(default_factory=dict)        # 7.1 Minefields: hex -> "hidden" or "known"
    visibility: int = 0                                    # 1.5: hexes a LOS may reach in snow (0: no snow)
    result: Optional[dict[str, Any]] = None
