"""Seats: who sits at the machine for each part of a game, beyond one player a side.

A game that offers the ``seat_slots`` hook (Frozen Chosin's six commands) gets a seat table in
the New Game dialog: each slot goes to a person (by name) or to the computer, in any mix. The
choice travels as a match option (``seat_option`` hook, default ``{"seats": {...}}``) so saves
keep it. During play the window follows the game's ``seat_to_act(state)`` hook: the computer
acts for "computer" seats, the hand-over screen passes the machine only between different
people, and the view shown is the side of the person at the screen.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QWidget)

from app.ui.hooks import call_hook, game_hook

COMPUTER = "computer"
COMPUTER_LABEL = "Computer"


def offers_seats(game: Any) -> bool:
    return game is not None and game_hook(game, "seat_slots") is not None


def side_label(game: Any, side: str, scenario: dict[str, Any] | None = None) -> str:
    """A side's name for players (the ``side_name`` hook, else the id in words)."""
    from app.ui import side_names
    return side_names.name(side, game, scenario=scenario)


def has_ai(game: Any) -> bool:
    try:
        from app.ai.registry import player_names
        return "ai" in player_names(game)
    except Exception:
        return False


class SeatTable(QWidget):
    """One row a slot: its name and an editable box holding a person's name or Computer."""

    def __init__(self, game: Any, parent: QWidget | None = None):
        super().__init__(parent)
        self.game = game
        self.slots: list[dict[str, str]] = list(call_hook(game, "seat_slots", default=[]))
        self.computer = has_ai(game)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        presets = QHBoxLayout()
        presets.addWidget(QLabel("Quick set:"))
        self.preset_buttons: dict[str, QPushButton] = {}
        for key, text in (("two", "Two people"), ("each", "A person each"),
                          ("solo", "One person against the computer")):
            if key == "solo" and not self.computer:
                continue
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, k=key: self.preset(k))
            presets.addWidget(b)
            self.preset_buttons[key] = b
        presets.addStretch(1)
        grid.addLayout(presets, 0, 0, 1, 2)
        self.boxes: dict[str, QComboBox] = {}
        row, last_side = 1, None
        for slot in self.slots:
            # commands under a heading per side, one line each: a wrapped "name (side)" label in
            # this grid kept one line's height and lost its second line at laptop sizes
            side = str(slot.get("side_name", slot.get("side", "")))
            if side != last_side:
                head = QLabel(html.escape(side))
                head.setStyleSheet("font-weight: bold; color: #555; margin-top: 4px;")
                grid.addWidget(head, row, 0, 1, 2)
                row, last_side = row + 1, side
            label = QLabel(str(slot["name"]))
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setToolTip(f"{slot['name']} ({side})")
            label.setContentsMargins(12, 0, 0, 0)
            box = QComboBox()
            box.setEditable(True)
            box.setMinimumWidth(170)
            for name in self._names():
                box.addItem(name)
            if self.computer:
                box.addItem(COMPUTER_LABEL)
            grid.addWidget(label, row, 0)
            grid.addWidget(box, row, 1)
            self.boxes[slot["id"]] = box
            row += 1
        self.problem = QLabel()
        self.problem.setStyleSheet("color: #a02020;")
        self.problem.setWordWrap(True)
        grid.addWidget(self.problem, row, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        self.preset("two")
        for box in self.boxes.values():
            box.currentTextChanged.connect(lambda _t: self.problem.setText(self.problems()))

    def _sides(self) -> list[str]:
        out: list[str] = []
        for s in self.slots:
            if s["side"] not in out:
                out.append(s["side"])
        return out

    def _side_name(self, side: str) -> str:
        for s in self.slots:
            if s["side"] == side:
                return s.get("side_name", side)
        return side

    def _names(self) -> list[str]:
        return [f"{self._side_name(s)} player" for s in self._sides()] + \
            [f"Player {i}" for i in range(1, len(self.slots) + 1)]

    def preset(self, key: str) -> None:
        """Two people (one a side), a person for each slot, or one person against the computer."""
        first = self._sides()[0] if self.slots else ""
        for i, slot in enumerate(self.slots, start=1):
            if key == "each":
                name = f"Player {i}"
            elif key == "solo":
                name = f"{self._side_name(first)} player" if slot["side"] == first and i == 1 else COMPUTER_LABEL
            else:
                name = f"{self._side_name(slot['side'])} player"
            self.boxes[slot["id"]].setCurrentText(name)
        self.problem.setText(self.problems())

    def seats(self) -> dict[str, str]:
        """slot id -> a person's name or "computer"."""
        out = {}
        for sid, box in self.boxes.items():
            name = box.currentText().strip()
            out[sid] = COMPUTER if name.lower() == COMPUTER else name
        return out

    def problems(self) -> str:
        """Why the table cannot start a game as set ("" when it can)."""
        seats = self.seats()
        sides: dict[str, set[str]] = {}
        for slot in self.slots:
            name = seats[slot["id"]]
            if not name:
                return f"Name who plays {slot['name']}."
            if name != COMPUTER:
                sides.setdefault(name, set()).add(slot["side"])
        for name, ss in sides.items():
            if len(ss) > 1:
                return f"{name} cannot command on both sides."
        return ""

    def option(self) -> dict[str, Any]:
        return call_hook(self.game, "seat_option", self.seats(), default=None) or {"seats": self.seats()}


# -------------------------------------------------------------------- during play
def seat_hook(window: Any):
    m = window.match
    if m is None or window.mode != "play":
        return None
    return game_hook(m.game, "seat_to_act")


def actor(window: Any) -> str:
    """The seat that decides now ("" when none, "computer" for the computer)."""
    hook = seat_hook(window)
    if hook is None:
        return ""
    try:
        return str(hook(window.match.state) or "")
    except Exception:
        return ""


def people(window: Any) -> dict[str, str]:
    """Each person seated in the match -> the side they play."""
    m = window.match
    got = call_hook(m.game, "seat_people", m.state, default=None)
    if got is None:
        got = dict(getattr(m.state, "players", {}) or {})
        slots = {c.seat for c in getattr(m.state, "commands", {}).values()} if hasattr(m.state, "commands") else None
        if slots is not None:
            got = {k: v for k, v in got.items() if k in slots}
    return {k: v for k, v in got.items() if k and k != COMPUTER}


def side_of(window: Any, person: str) -> str | None:
    m = window.match
    side = call_hook(m.game, "seat_side", m.state, person, default=None)
    return side or people(window).get(person)


def computer_to_act(window: Any) -> bool:
    """Does the computer decide now? (by seat where the game has seats, else by side)"""
    m = window.match
    if m is None:
        return False
    if seat_hook(window) is not None and actor(window) == COMPUTER:
        return True
    return m.state.active in window.seats


def player_for(window: Any, side: str) -> Any:
    """The computer player for ``side``: the one chosen for the side, else one made for the
    computer seats (the game's ``ai`` when it has one, random moves otherwise)."""
    if side in window.seats:
        return window.seats[side]
    cache = getattr(window, "_seat_players", None)
    if cache is None:
        cache = window._seat_players = {}
    if side not in cache:
        from app.ai.selfplay import make_player
        m = window.match
        cache[side] = make_player(m.game, "ai" if has_ai(m.game) else "random", m.seed, side)
    return cache[side]


def reset(window: Any) -> None:
    window._seat_players = {}
    window.seat_person = ""


def viewer(window: Any) -> Any:
    """The side whose view is shown, or NotImplemented for games without seats."""
    if seat_hook(window) is None:
        return NotImplemented
    who = people(window)
    sides = set(who.values())
    if not sides:
        return None
    if len(sides) == 1:
        return next(iter(sides))
    person = getattr(window, "seat_person", "") or ""
    if not person:
        now = actor(window)
        person = now if now in who else next(iter(who))
        window.seat_person = person
    return side_of(window, person)


def check_handover(window: Any) -> bool:
    """Cover the screen when a different person must decide; True when the game has seats
    (the side-based hand-over is then skipped)."""
    if seat_hook(window) is None:
        return False
    m = window.match
    if m.state.finished:                 # nothing left to hide: everyone may see the end
        if window.handover.isVisible():
            window.handover.hide()
        return True
    now = actor(window)
    who = people(window)
    if not now or now == COMPUTER or now not in who:
        return True
    current = getattr(window, "seat_person", "") or ""
    if now == current:
        return True
    if not current or len(who) < 2 or not window._hidden_info():
        window.seat_person = now
        window.seat = side_of(window, now)
        return True
    window.scene.select(None)
    side = side_of(window, now) or m.state.active
    window.handover.show_for(side)
    window.handover.person = now
    window.handover.title.setText(f"Hand over to {now}")
    window.handover.sub.setText("The other side's dice and secret choices are covered. "
                                "Pass the screen, then click.")
    window.handover.button.setText(f"I am {now}: show my view")
    return True


def accepted(window: Any) -> None:
    person = getattr(window.handover, "person", "")
    if person:
        window.seat_person = person
        window.handover.person = ""
