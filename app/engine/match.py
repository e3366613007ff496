"""A match: one game being played, with its history, undo/redo and replay.

The match is the session object the window, the command line and the AI all drive. It asks the
game module whether an action is legal (never deciding that itself), keeps every action with the
events it produced and the state digest after it, and refuses to undo across a die roll, a card
draw or a reveal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from app.engine.events import Event
from app.engine.position import finish_setup
from app.engine.game import Action, Context, Game, Illegal, IllegalAction, Outcome, gathering_setup_log
from app.engine.state import GameState, canonical_json, digest_of_json, from_json, state_digest, to_json


@dataclass
class Step:
    """One applied action: what was done, what happened, and the digest after it."""

    action: Action
    events: list[Event]
    digest: str
    before: GameState | None = None
    after: GameState | None = None

    @property
    def barrier(self) -> bool:
        return any(e.barrier for e in self.events)


@dataclass
class Match:
    game: Game
    state: GameState
    scenario: dict[str, Any] = field(default_factory=dict)
    scenario_path: str = ""
    scenario_text: str = ""
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    history: list[Step] = field(default_factory=list)
    redo_stack: list[Step] = field(default_factory=list)
    keep_snapshots: bool = True
    #: Called after every change (apply, undo, redo) with the match; the window and the journal
    #: listen here.
    listeners: list[Callable[["Match", str, Step | None], None]] = field(default_factory=list)
    initial_digest: str = ""
    #: What the set-up itself logged: the entry steps of a position's phase (``setup_context``).
    setup_events: list[Event] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, scenario: dict[str, Any], seed: int = 0,
              options: dict[str, Any] | None = None, scenario_path: str = "",
              scenario_text: str = "", keep_snapshots: bool = True,
              data_folder: str | Path | None = None) -> "Match":
        """Set up ``scenario``. Data files it names are read from ``resources/<game>/`` or the
        designer's ``data_folder`` (default: the folder of ``scenario_path``; ``""``: none)."""
        from app.engine.paths import designer_folder, designer_folder_of, is_file_on_disk
        opts = dict(options or {})
        if data_folder is None and scenario_path and is_file_on_disk(scenario_path):
            data_folder = designer_folder_of(scenario_path)
        with designer_folder(data_folder or None), gathering_setup_log() as setup_log:
            state = game.setup(scenario, opts, seed)
            finish_setup(game, scenario, opts, state)   # [position] keys and fixed dice (position.py)
        m = cls(game=game, state=state, scenario=scenario, scenario_path=scenario_path,
                scenario_text=scenario_text, seed=seed, options=opts, keep_snapshots=keep_snapshots)
        m.setup_events = [e for ctx in setup_log for e in ctx.events]
        m.initial_digest = state.digest()
        return m

    # -- asking ------------------------------------------------------------------------------
    def legal_actions(self, side: str | None = None) -> list[Action]:
        if self.state.finished:
            return []
        return self.game.legal_actions(self.state, side)

    def check(self, action: Action) -> Illegal | None:
        if self.state.finished:
            return Illegal("the game is over", "")
        from app.engine.actions import checked
        return checked(self.game, self.state, action)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def digest(self) -> str:
        return self.state.digest()

    @property
    def active(self) -> str:
        return self.state.active

    def prompt(self) -> str:
        return self.game.prompt(self.state)

    # -- acting ------------------------------------------------------------------------------
    def apply(self, action: Action, checked: bool = False, in_place: bool = False) -> list[Event]:
        """Apply a legal action; raise :class:`IllegalAction` with the reason and rule if not.

        ``in_place`` (replays that keep no snapshots) changes the current state instead of a
        copy: if the game then fails part-way, the match is left half-changed, so only a caller
        that throws the match away on any error may ask for it."""
        if not isinstance(action, dict) or "type" not in action:
            raise IllegalAction(Illegal("an action must be a JSON object with a \"type\"", ""), action)
        if not checked:
            problem = self.check(action)
            if problem is not None:
                raise IllegalAction(problem, action)
        before = self.state
        keep = self.keep_snapshots
        after = before if in_place and not keep else before.copy()
        ctx = Context(after.rng, side=before.active)
        self.game.apply(after, action, ctx)
        out = self.game.outcome(after)
        if out is not None:
            after.finished = True
        if type(after).direct_digest:       # written straight from the objects (same digest)
            digest, snap = state_digest(after), (after.copy() if keep else None)
        else:
            data = to_json(after)           # one walk serves the digest and the redo snapshot
            digest, snap = digest_of_json(data), (from_json(type(after), data) if keep else None)
        step = Step(action=action, events=ctx.events, digest=digest,
                    before=before if keep else None, after=snap)
        self.state = after
        self.history.append(step)
        self.redo_stack.clear()
        self._notify("apply", step)
        return ctx.events

    def can_undo(self) -> Illegal | None:
        """None when undo is allowed, else why not."""
        if not self.history:
            return Illegal("nothing to undo")
        step = self.history[-1]
        if step.barrier:
            return Illegal("cannot undo past a die roll, card draw or reveal", "")
        if step.before is None:
            return Illegal("undo is off for this match (no snapshots kept)")
        return None

    def undo(self) -> Step:
        problem = self.can_undo()
        if problem is not None:
            raise IllegalAction(problem)
        return self._shift(self.history, self.redo_stack, "undo")

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def redo(self) -> Step:
        if not self.redo_stack:
            raise IllegalAction(Illegal("nothing to redo"))
        return self._shift(self.redo_stack, self.history, "redo")

    def _shift(self, source: list[Step], target: list[Step], what: str) -> Step:
        """Move the last step from ``source`` to ``target``, the state becoming the one before
        it (undo) or after it (redo)."""
        step = source.pop()
        snapshot = step.before if what == "undo" else step.after
        assert snapshot is not None
        self.state = snapshot.copy()
        target.append(step)
        self._notify(what, step)
        return step

    def _notify(self, what: str, step: Step | None) -> None:
        for fn in list(self.listeners):
            fn(self, what, step)

    # -- records -----------------------------------------------------------------------------
    def actions(self) -> list[Action]:
        return [s.action for s in self.history]

    def events(self) -> list[Event]:
        return [e for s in self.history for e in s.events]

    def summary(self) -> dict[str, Any]:
        out = self.outcome()
        return {
            "game": self.game.id,
            "scenario": self.state.scenario,
            "turn": self.state.turn,
            "phase": self.state.phase,
            "active": self.state.active,
            "outcome": out.to_json() if out else None,
            "state_hash": self.digest(),
            "actions_applied": len(self.history),
        }


def action_key(action: Action) -> str:
    return canonical_json(action)
