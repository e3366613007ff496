"""The contract between the engine and a game module.

A game is data plus rules. Its module exposes one :class:`Game` object whose methods are the
only place legality is decided: the window highlights drop targets from
:meth:`Game.legal_actions`, :class:`~app.engine.match.Match` checks every action against it, and
the AI enumerates it. Actions are plain JSON objects (``{"type": "move", "unit": "kpa-1",
"to": "2115"}``) so the command line, saves and tests all speak the same language.
"""

from __future__ import annotations

import contextlib
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from app.engine.events import Event
from app.engine.rng import Rng
from app.engine.state import GameState, canonical_json

Action = dict[str, Any]


@dataclass
class Illegal:
    """Why an action was refused: a sentence for the player and the rule behind it."""

    reason: str
    rule: str = ""

    def __str__(self) -> str:
        return f"{self.reason} ({self.rule})" if self.rule else self.reason


class IllegalAction(Exception):
    def __init__(self, illegal: Illegal, action: Action | None = None):
        super().__init__(str(illegal))
        self.illegal = illegal
        self.action = action


@dataclass
class Outcome:
    """How a finished game ended. ``winner`` is a side id, or None for a draw or a loss in a
    solitaire game (where ``winner`` is the player's side on a win)."""

    winner: str | None
    level: str
    reason: str
    rule: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "level": self.level, "reason": self.reason, "rule": self.rule}


#: The set-up log being gathered (Match.start): the entry steps' rolls of a position.
_SETUP_LOG: ContextVar[list["Context"] | None] = ContextVar("setup_log", default=None)


def setup_context(rng: Rng, side: str = "") -> "Context":
    """A :class:`Context` for the steps a game's ``setup`` runs (a stated phase's entry steps):
    its events are kept as the match's set-up log (``Match.setup_events``), so the rolls they
    make, fixed or not, are read like any other."""
    ctx = Context(rng, side)
    gathered = _SETUP_LOG.get()
    if gathered is not None:
        gathered.append(ctx)
    return ctx


@contextlib.contextmanager
def gathering_setup_log() -> Iterator[list["Context"]]:
    """While a game sets up, the contexts of :func:`setup_context` (their events, in order)."""
    gathered: list[Context] = []
    token = _SETUP_LOG.set(gathered)
    try:
        yield gathered
    finally:
        _SETUP_LOG.reset(token)


class Context:
    """What :meth:`Game.apply` uses to roll dice, draw cards and write the log.

    Every roll and draw goes through here so that it is logged with its reason and rule; the
    events it collects tell the match whether undo may cross this action.
    """

    def __init__(self, rng: Rng, side: str = ""):
        self.rng = rng
        self.events: list[Event] = []
        self.side = side

    def log(self, text: str, rule: str = "", kind: str = "info", **data: Any) -> Event:
        ev = Event(kind=kind, text=text, rule=rule, data=data, side=self.side)
        self.events.append(ev)
        return ev

    def roll(self, reason: str, rule: str = "", sides: int = 6, count: int = 1,
             average: bool = False) -> list[int]:
        """Roll ``count`` dice (``average`` for the 2-3-3-4-4-5 die) and log the faces."""
        faces: list[int] = []
        fixed: list[bool] = []
        for _ in range(count):
            queued = len(self.rng.fixed)
            faces.append(self.rng.average_die() if average else self.rng.die(sides))
            fixed.append(len(self.rng.fixed) < queued)   # a fixed roll was taken (app.engine.dice)
        name = f"{count}{'xAv' if average else 'd' + str(sides)}"
        mark = "" if not any(fixed) else (" (fixed)" if all(fixed) else
                                          " (fixed: " + "+".join("yes" if f else "no" for f in fixed) + ")")
        extra = {"fixed": fixed} if any(fixed) else {}
        self.log(f"{reason}: rolled {'+'.join(map(str, faces))} on {name}{mark}", rule, kind="roll",
                 dice=faces, sides=sides, average=average, reason=reason, **extra)
        return faces

    def d6(self, reason: str, rule: str = "") -> int:
        return self.roll(reason, rule)[0]

    def shuffle(self, items: list[Any], reason: str, rule: str = "") -> None:
        self.rng.shuffle(items)
        self.log(f"{reason}: shuffled {len(items)} cards", rule, kind="shuffle", count=len(items))

    def draw(self, deck: list[Any], reason: str, rule: str = "", show: bool = True) -> Any:
        card = deck.pop(0)
        self.log(f"{reason}: drew {card if show else 'a card'}", rule, kind="draw",
                 card=card if show else None)
        return card

    def pick(self, items: list[Any], reason: str, rule: str = "") -> Any:
        """A random pick (drawing from a cup); logged as a draw."""
        i = self.rng.below(len(items))
        item = items.pop(i)
        self.log(f"{reason}: drew {item}", rule, kind="draw", item=item)
        return item

    def reveal(self, text: str, rule: str = "", **data: Any) -> Event:
        return self.log(text, rule, kind="reveal", **data)


def same_action(a: Action, b: Action) -> bool:
    return canonical_json(a) == canonical_json(b)


@dataclass
class ScenarioInfo:
    id: str
    name: str
    path: Path


class Game:
    """Base class of a game module. Subclasses override the rules methods.

    ``sides`` lists side ids in play order; a solitaire game has one side (the player's).
    """

    id: str = ""
    name: str = ""
    sides: tuple[str, ...] = ()
    solitaire: bool = False
    state_class: type[GameState] = GameState
    board_kind: str = "hex"  # "hex", "pointgraph" or "table"

    # -- setting up ---------------------------------------------------------------------------
    def validate_scenario(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        """Problems in the game part of a scenario as (field.path, message) pairs."""
        return []

    def setup(self, scenario: dict[str, Any], options: dict[str, Any], seed: int) -> GameState:
        raise NotImplementedError

    # -- the rules ----------------------------------------------------------------------------
    def legal_actions(self, state: GameState, side: str | None = None) -> list[Action]:
        """Every action ``side`` (default: the side to act) may take now. The single source of
        truth for legality."""
        raise NotImplementedError

    def check(self, state: GameState, action: Action) -> Illegal | None:
        """None when ``action`` is legal, else why not. Default: membership in
        :meth:`legal_actions`; games with continuous actions (a move in inches) override it
        with a test built on the same region the enumeration samples."""
        # Plain equality compares nested dicts regardless of key order, like canonical JSON
        # does, without encoding every legal action on the hot path.
        if any(legal == action for legal in self.legal_actions(state)):
            return None
        return self.explain(state, action)

    def explain(self, state: GameState, action: Action) -> Illegal:
        """Why an action that is not legal is refused. Games override this to name the rule."""
        return Illegal("that is not a legal action at this point", "")

    def apply(self, state: GameState, action: Action, ctx: Context) -> None:
        """Carry out a legal action on ``state`` in place, logging through ``ctx``."""
        raise NotImplementedError

    def view(self, state: GameState, side: str | None) -> dict[str, Any]:
        """What ``side`` may see (None: everything). Default: the whole state."""
        return state.to_json()

    def outcome(self, state: GameState) -> Outcome | None:
        return None

    def prompt(self, state: GameState) -> str:
        """One sentence telling the side to act what it must do now."""
        return ""

    # -- presentation (read by the window; never decides legality) ----------------------------
    def board_data(self, state: GameState) -> dict[str, Any]:
        """The board file's JSON (a ``hexmap``, ``pointgraph`` or ``table``) to draw."""
        return {}

    def pieces(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        """Every piece ``side`` may see, as drawing instructions. Keys (all optional but id/at):
        ``id``; ``at`` (hex id, space id, ``[x, y]`` in inches, or ``"box:<id>"``); ``kind``
        (counter, cube, base, marker, card); ``side``; ``nation``; ``unit_type`` (infantry,
        armor, mech, artillery, hq, air, special); ``size`` (XX); ``label``; ``values`` ("8-4");
        ``reduced``; ``colour``; ``flags`` (used, moved, fought, hidden, pinned...); ``w``/``h``
        or ``r`` in inches for bases; ``rotation``; ``info`` (lines for the inspector)."""
        return []

    def drop_targets(self, state: GameState, piece: str) -> dict[str, dict[str, Any]]:
        """Where ``piece`` may be dropped now: target -> {"action": legal action, "cost": x,
        "note": str}. Built from :meth:`legal_actions` (actions with ``unit`` and ``to``)."""
        out: dict[str, dict[str, Any]] = {}
        for a in self.legal_actions(state):
            if a.get("unit") == piece and "to" in a:
                out.setdefault(str(a["to"]), {"action": a})
        return out

    def describe_action(self, state: GameState, action: Action) -> str:
        """A short label for an action button or log line."""
        rest = ", ".join(f"{k} {v}" for k, v in action.items() if k != "type")
        return f"{action.get('type', '?')}" + (f": {rest}" if rest else "")

    def panels(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        """Side panels: [{"title": str, "rows": [[label, value], ...]}] (tracks, cards, cups)."""
        return []

    def overlays(self, state: GameState, side: str | None) -> list[dict[str, Any]]:
        """Extra shapes to draw: {"kind": "cone"|"polygon"|"hexes"|"circle"|"line", ...}."""
        return []

    # -- players ------------------------------------------------------------------------------
    def players(self) -> dict[str, Callable[..., Any]]:
        """Older contract, still honoured: automatic players by name. A game may not import
        ``app.ai``, so new games leave this empty and register their players under their id in
        ``app/ai/registry.py``. ``random`` is provided for every game."""
        return {}

    # -- data files ---------------------------------------------------------------------------
    def validate_data(self, path: Path, data: Any) -> list[tuple[str, str]] | None:
        """Validate one of this game's data files (counters, charts...); None = not ours."""
        return None

    def resource_dir(self) -> Path:
        from app import RESOURCES
        return RESOURCES / self.id

    def scenarios(self) -> list[ScenarioInfo]:
        from app.engine.files import scenario_infos
        return scenario_infos(self.resource_dir() / "scenarios")


def first(items: Iterable[Any]) -> Any:
    for x in items:
        return x
    return None
