"""The optional game hooks the window reads, declared once.

A game offers a hook as a method of its ``Game`` or as a function of the same name in its
package's presentation module taking the game first (:mod:`app.ui.hooks` finds either). Every hook
is optional: the window works without any of them, showing a default or nothing. None of them
decides legality; every action a hook points at is one of ``legal_actions``.

:class:`GameHooks` is the one list of them. ``tests/ui/test_game_hooks.py`` checks that every hook
name the window code asks for is declared here, and that the table in ``docs/ui.md`` is
:func:`hooks_table` (``python -m app.ui.game_hooks`` prints it).
"""

from __future__ import annotations

import inspect
import textwrap
from typing import Any, Protocol

State = Any      # the game's state (an ``app.engine.state.GameState``)
Action = dict[str, Any]


class GameHooks(Protocol):
    """What a game may add for the window; a game implements any subset."""

    # -- the turn bar ------------------------------------------------------------------------------
    def turn_label(self, state: State) -> str:
        """The date in the turn bar ("Jun 1950"). Default: the state's ``date``, else nothing."""

    def phase_label(self, state: State) -> str:
        """The phase name in the turn bar. Default: the state's phase id."""

    def side_name(self, side: str, state: State | None = None, scenario: dict[str, Any] | None = None) -> str:
        """How players call a side ("North Korean" for ``nk``, "Chinese" in a Semper Fi! scenario at
        Chosin): turn bar, hand-over screen, Unit dock, status bar, end report, the New Game dialog's
        seats. ``state`` is the game shown (None before one starts); ``scenario`` the scenario file's
        document (the one chosen in the New Game dialog, or the one the game started from). A game may
        take either or neither. Default: the id, title-cased."""

    def next_step(self, state: State) -> dict[str, Any]:
        """``{"action", "label"}``: the one next-step control (turn bar, Space). Default: the legal
        end-of-step action (``end-phase``, ``end-turn``, ``pass``...) labelled by ``describe_action``."""

    def no_choice(self, state: State) -> bool:
        """True when the phase has nothing to decide, so *Skip phases* passes it on entry. Default:
        the only legal action closes the step."""

    def action_groups(self, state: State, actions: list[Action]) -> list[dict[str, Any]]:
        """``[{title, panel, actions}]``: the listed legal actions the Actions dock folds together
        under one title (groups of fewer than two stay in the plain list)."""

    def opening_view(self, state: State) -> dict[str, Any] | None:
        """``{"boxes": [box ids]}``: the off-map boxes the first view of a game takes in along with
        the board. Default: the whole board fitted to the view."""

    def sandbox_position(self, rows: list[dict[str, Any]], source: str) -> dict[str, Any]:
        """The scenario file for a position saved from the sandbox, made from its ``[[piece]]`` rows
        (the window adds format, game, id and name); for a game whose scenarios need more than the
        pieces."""

    def sandbox_row(self, piece: dict[str, Any]) -> dict[str, Any] | None:
        """The game's own ``[[piece]]`` row for one sandbox piece when a position is saved from the
        sandbox (Frozen Chosin keeps a supply marker's kind and side). Default: ``id``, ``at`` and
        ``reduced``."""

    # -- battles and decisions ---------------------------------------------------------------------
    def battles(self, state: State) -> list[dict[str, Any]]:
        """``[{index, defender, defender_name, hex, attack, defence, attackers/support/wave: [{id, name,
        at, strength, alive}], marker, column, resolved, rolled, current, result, roll, cancelled}]``:
        odds markers on the defenders' hexes, arrows from the units in each battle (attack solid,
        support dashed, human wave dotted) and the combat panel."""

    def odds_breakdown(self, state: State, battle: int, air: list[str] | None = None) -> dict[str, Any]:
        """The combat panel for one battle: ``base_odds``, ``shifts`` (``label``, ``shift``, ``rule``),
        ``column``, ``faces`` (the CRT column, die 1-6), ``results`` and ``retreat`` (exact fractions),
        ``roll``/``result`` once rolled; ``air`` are air units being chosen, counted as if placed.
        A game without ``battles`` may offer it as ``(state, viewer)`` returning panels instead."""

    def decision(self, state: State) -> dict[str, Any] | None:
        """What the side to act is deciding: ``{"kind", "piece", "auto"}`` (that piece picked up and
        its targets lit), ``{"pieces", "click": true}`` (ringed; a click takes their action),
        ``{"pieces", "hex"}`` (ringed; drag one), ``{"kind": "air", ...}`` (the air chooser),
        ``{"kind": "mig", ...}``, ``{"kind": "declare"}`` / ``{"kind": "resolve"}``."""

    def victory_status(self, state: State) -> dict[str, Any] | None:
        """*Game > Victory status* (V) and the first Game panel: ``headline``, ``reason``, ``rows``,
        ``short``, ``summary``, ``overlay_group`` (the hexes that count, shown from the dialog)."""

    def fire_odds(self, state: State, action: Action) -> dict[str, Any] | None:
        """For a legal fire: ``{title, rule, table, row, firepower, modifiers: [{label, value}], total,
        chances: [[result, p]], from, to}`` with exact chances. The fire panel in the Combat dock lists
        every legal fire with it; pointing at one draws its line of sight; *Fire* applies it."""

    # -- while dragging ----------------------------------------------------------------------------
    def los_line(self, state: State, a: str, b: str) -> dict[str, Any] | None:
        """``{hexes, visible, blocked_at, range, why, spotting}``: the line from where a dragged unit
        stands to the hex under the pointer, clear up to the blocking hex and red from there, the
        blocking hex ringed and named with the range; also drawn for a fire being considered."""

    def spotting(self, state: State, side: str, hex_id: str) -> dict[str, Any] | None:
        """``{spots, seen_by, range_here}``: the known enemy a dragged unit would spot from that hex
        (ringed green) and those that would see it there (ringed amber); both in the status bar."""

    def drag_regions(self, state: State, piece: str) -> list[dict[str, Any]]:
        """Regions a dragged piece can reach (``points``, ``kind`` "road"/"off-road", ``label``)."""

    def drag_lines(self, state: State, piece: str, at: Any) -> list[dict[str, Any]]:
        """Lines (``points``, ``kind`` "contact"/"range"/"spot"/"blocked", ``label``) or rings
        (``circle``, ``at``, ``r``) from the spot under a dragged piece; the status bar names what
        the spot would touch or fire on."""

    def roll_preview(self, state: State, action: Action) -> dict[str, Any] | None:
        """``{title, tests, rule, chances: [[result, p]], ghost}`` for a move that would roll: shown
        with its chances, rolled on Enter, taken back on Esc."""

    def warnings(self, state: State, side: str | None) -> list[dict[str, Any]]:
        """``[{at, text, rule, short}]``: what the position must still fix (over-stacking), kept on the
        map in amber."""

    # -- docks and cards ---------------------------------------------------------------------------
    def describe_piece(self, state: State, piece: str) -> dict[str, Any]:
        """``{title, values, state, lines, can}`` for the card over the piece under the pointer.
        Default: from ``pieces()`` and the legal actions."""

    def arrivals(self, state: State) -> list[dict[str, Any]]:
        """``[{turn, label, current, pieces}]``: the Turn track dock (arrivals by turn)."""

    def rule_charts(self, state: State) -> list[dict[str, Any]]:
        """``[{title, rule, header, rows}]``: charts for the Rules panel, from the game's data."""

    def hq_sheets(self, state: State, viewer: str | None) -> list[dict[str, Any]]:
        """``[{id, name, side, seat, dice, left, hidden, current, acting, ops: [{id, name, cost, detail,
        status, rule}]}]``: the HQ sheets dock; a click on an operation, or a die dragged onto it,
        takes the legal ``plan``/``attempt`` action for it; *Finish placing dice* takes
        ``done-planning``."""

    def drawn_card(self, state: State) -> dict[str, Any] | None:
        """``{key, title, subtitle, lines, rule}``: the card face shown over the map when ``key``
        changes; closed by the player, covered by the hand-over screen, shown again to the next
        person."""

    def hint_reason(self, state: State, action: Action) -> str:
        """One sentence: why the computer would take ``action`` (*Game > Hint*)."""

    def report_metrics(self, state: State) -> dict[str, dict[str, Any]]:
        """``{side: {"strength", "ground"}}`` for the end-of-game report. Default: pieces on the board."""

    # -- seats -------------------------------------------------------------------------------------
    def seat_slots(self) -> list[dict[str, Any]]:
        """The New Game dialog's seat table: one row a slot (``id``, ``name``, ``side``,
        ``side_name``), each given to a person's name or *Computer* (offered when ``players()`` has
        ``ai``); quick sets for two people, a person each, or one person against the computer; a name
        on both sides is refused."""

    def seat_option(self, seats: dict[str, str]) -> dict[str, Any]:
        """The match option made from the chosen seats, so saves keep it. Default:
        ``{"seats": {slot: name}}``."""

    def seat_to_act(self, state: State) -> str | None:
        """The seat that acts now: the window follows the seat, not the side (a "computer" seat is
        played by the game's ``ai``)."""

    def seat_side(self, state: State, who: str) -> str | None:
        """The side a seat's person sees: the view shown is the side of the person at the screen."""

    def seat_people(self, state: State) -> dict[str, str]:
        """Who sits where; the hand-over screen appears only between different people and names the
        person. Default: ``state.players``."""

    # -- the editor --------------------------------------------------------------------------------
    def setup_areas(self, scenario: dict[str, Any]) -> list[dict[str, Any]]:
        """``[{side, side_name, name, hexes, hidden}]``: a scenario's set-up areas on its map, which
        the scenario editor lists and tints (one at a time when picked), for games that set up by
        area (Semper Fi!). Default: no list."""


def hook_names() -> list[str]:
    """Every hook :class:`GameHooks` declares, in its order."""
    return [n for n, v in vars(GameHooks).items() if inspect.isfunction(v) and not n.startswith("_")]


def _signature(name: str) -> str:
    params = list(inspect.signature(getattr(GameHooks, name)).parameters)[1:]
    return f"`{name}({', '.join(params)})`"


def hooks_table() -> str:
    """The Markdown table of the hooks for docs/ui.md, made from the docstrings."""
    rows = ["| hook | what the window does with it |", "|---|---|"]
    for name in hook_names():
        doc = " ".join(textwrap.dedent(getattr(GameHooks, name).__doc__ or "").split())
        rows.append(f"| {_signature(name)} | {doc.replace('|', '/')} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(hooks_table(), end="")
