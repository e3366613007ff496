"""Help > Learn to play: a tutorial for every playable game, in a panel beside the board.

A tutorial is data (``resources/<game>/tutorial/``): a position with fixed dice
(``tutorial.toml``, an ordinary scenario) and its steps (``steps.toml``). Each step says what to
do next, which actions count as doing it, and explains the rule that has just been applied. The
panel follows the match like the log does (``Match.listeners``): it never decides legality, it
only compares what the player did with what the step asked for, so the rules stay the game's.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFrame, QHBoxLayout, QLabel, QListWidget,
                               QListWidgetItem, QPushButton, QScrollArea, QVBoxLayout, QWidget)


@dataclass
class TutorialStep:
    do: str
    expect: list[dict[str, Any]]
    explain: str = ""
    rule: str = ""
    all: bool = False


@dataclass
class Tutorial:
    game: str
    title: str
    intro: str
    finish: str
    scenario: Path
    steps: list[TutorialStep] = field(default_factory=list)
    centre: Any = None          # where the board view starts: a hex, a space or [x, y] inches
    zoom: float = 0.0


class TutorialError(ValueError):
    pass


def load_tutorial(folder: Path) -> Tutorial:
    """Read ``folder``/steps.toml; FILE: field: message on a malformed file."""
    steps_path = folder / "steps.toml"
    scen = folder / "tutorial.toml"
    try:
        raw = tomllib.loads(steps_path.read_text(encoding="utf-8"))
        game = tomllib.loads(scen.read_text(encoding="utf-8")).get("game", "")
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise TutorialError(f"{steps_path}: {e}") from None
    steps = []
    for i, s in enumerate(raw.get("step", [])):
        exp = s.get("expect")
        if not isinstance(s.get("do"), str) or not isinstance(exp, list) or not exp:
            raise TutorialError(f"{steps_path}: step[{i}]: needs 'do' text and an 'expect' list of actions")
        steps.append(TutorialStep(do=s["do"], expect=[dict(x) for x in exp], explain=str(s.get("explain", "")),
                                  rule=str(s.get("rule", "")), all=bool(s.get("all", False))))
    view = raw.get("view", {}) if isinstance(raw.get("view"), dict) else {}
    return Tutorial(game=str(game), title=str(raw.get("title", folder.parent.name)), intro=str(raw.get("intro", "")),
                    finish=str(raw.get("finish", "")), scenario=scen, steps=steps, centre=view.get("centre"),
                    zoom=float(view.get("zoom", 0.0)))


def tutorials() -> list[Tutorial]:
    """Every shipped tutorial of a game whose rules are written, in the games' order."""
    from app import RESOURCES
    from app.games import GAME_IDS, is_playable
    out = []
    for gid in GAME_IDS:
        folder = RESOURCES / gid / "tutorial"
        if is_playable(gid) and (folder / "steps.toml").is_file():
            out.append(load_tutorial(folder))
    return out


def _same(want: Any, got: Any) -> bool:
    if isinstance(want, float) or isinstance(got, float):
        try:
            return abs(float(want) - float(got)) < 0.51
        except (TypeError, ValueError):
            return False
    if isinstance(want, list) and isinstance(got, list):
        return len(want) == len(got) and all(_same(a, b) for a, b in zip(want, got))
    return want == got


def matches(pattern: dict[str, Any], action: dict[str, Any]) -> bool:
    """Does ``action`` do what ``pattern`` asks? Every key of the pattern must agree (numbers
    within half an inch); keys the pattern leaves out are free (any retreat path...)."""
    return all(k in action and _same(v, action[k]) for k, v in pattern.items())


class TutorialTracker:
    """Which step the player is on, from the actions applied (no Qt: tested on its own)."""

    def __init__(self, tutorial: Tutorial):
        self.tutorial = tutorial
        self.index = 0
        self.seen: list[int] = []            # patterns of the current step already done
        self.marks: list[int] = []           # history length when each finished step was done
        self.last_explain = ""
        self.last_rule = ""
        self.off_script = ""

    @property
    def done(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def step(self) -> TutorialStep | None:
        return None if self.done else self.tutorial.steps[self.index]

    def observe(self, action: dict[str, Any], history_len: int) -> bool:
        """Record an applied action; True when it finished the current step."""
        st = self.step
        if st is None:
            return False
        hit = next((i for i, p in enumerate(st.expect) if i not in self.seen and matches(p, action)), None)
        if hit is None:
            self.off_script = ("That was not the step this lesson asks for. Undo it (Edit > Undo) if you can, "
                               "or carry on and come back to the step below.")
            return False
        self.off_script = ""
        self.seen.append(hit)
        if st.all and len(self.seen) < len(st.expect):
            return False
        self.last_explain, self.last_rule = st.explain, st.rule
        self.marks.append(history_len)
        self.index += 1
        self.seen = []
        return True

    def rewind(self, history_len: int) -> None:
        """Undo took back the action that finished a step: return to that step."""
        while self.marks and self.marks[-1] > history_len:
            self.marks.pop()
            self.index -= 1
            self.seen = []
            prev = self.tutorial.steps[self.index - 1] if self.index > 0 else None
            self.last_explain, self.last_rule = (prev.explain, prev.rule) if prev else ("", "")


class TutorialPanel(QWidget):
    """The panel: the step to do now, a check when it is done, and the rule just applied."""

    def __init__(self, tutorial: Tutorial, parent: QWidget | None = None):
        super().__init__(parent)
        self.tracker = TutorialTracker(tutorial)
        self.match: Any = None
        self.setObjectName("tutorial-panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        inner = QWidget()
        area.setWidget(inner)
        outer.addWidget(area)
        lay = QVBoxLayout(inner)
        self.title = QLabel(f"<b>{tutorial.title}</b>")
        self.title.setWordWrap(True)
        self.progress = QLabel()
        self.todo = QLabel()
        self.todo.setWordWrap(True)
        self.todo.setObjectName("tutorial-todo")
        self.todo.setTextFormat(Qt.TextFormat.RichText)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        self.feedback = QLabel()
        self.feedback.setWordWrap(True)
        self.feedback.setObjectName("tutorial-feedback")
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setObjectName("tutorial-explain")
        for w in (self.title, self.progress, self.todo, line, self.feedback, self.explain):
            lay.addWidget(w)
        lay.addStretch(1)
        self.intro = tutorial.intro
        self._show()

    def attach(self, match: Any) -> None:
        self.match = match
        match.listeners.append(self._on_change)
        self._show()

    def _on_change(self, match: Any, what: str, step: Any) -> None:
        if match is not self.match:
            return
        if what in ("apply", "redo") and step is not None:
            if _by_computer(match, step):    # the computer's commands are not the lesson's steps
                self._show()
                return
            self.tracker.observe(step.action, len(match.history))
        elif what == "undo":
            self.tracker.rewind(len(match.history))
            self.tracker.off_script = ""
        self._show()

    def _show(self) -> None:
        t = self.tracker
        n = len(t.tutorial.steps)
        if t.done:
            self.progress.setText(f"All {n} steps done")
            self.todo.setText(f"<b>Well done.</b> {t.tutorial.finish}")
        else:
            self.progress.setText(f"Step {t.index + 1} of {n}")
            self.todo.setText(f"<b>Now:</b> {t.step.do}")
        if t.off_script:
            self.feedback.setText(t.off_script)
        elif t.index == 0:
            self.feedback.setText(self.intro)
        else:
            self.feedback.setText("\u2714 Done.")
        self.explain.setText(f"<i>Rule {t.last_rule}:</i> {t.last_explain}" if t.last_explain else "")


def _by_computer(match: Any, step: Any) -> bool:
    """Was ``step`` decided by a computer seat (games with seats, such as Frozen Chosin)?"""
    before = getattr(step, "before", None)
    fn = getattr(match.game, "seat_to_act", None)
    try:
        return before is not None and callable(fn) and fn(before) == "computer"
    except Exception:  # noqa: BLE001 - a game without seats in its state
        return False


def start_tutorial(window: Any, tutorial: Tutorial) -> TutorialPanel | None:
    """Open the tutorial's position in ``window`` and dock its panel on the right."""
    if not window.open_path(tutorial.scenario):
        return None
    old = getattr(window, "_tutorial_dock", None)
    if old is not None:
        window.removeDockWidget(old)
        old.deleteLater()
    panel = TutorialPanel(tutorial)
    panel.attach(window.match)
    dock = window._dock("Learn to play", "tutorial", panel, Qt.DockWidgetArea.RightDockWidgetArea)
    inspector = getattr(window, "dock_inspector", None)
    if inspector is not None:          # the top of the right column, in front of the inspector
        window.tabifyDockWidget(inspector, dock)
    dock.show()
    dock.raise_()
    window.resizeDocks([dock], [400], Qt.Orientation.Vertical)
    window._tutorial_dock = dock
    window._tutorial_panel = panel
    if tutorial.zoom:
        window.view.set_zoom(tutorial.zoom)
    if tutorial.centre is not None and window.scene.board is not None:
        at = window.scene.board.anchor(tutorial.centre)
        if at is not None:
            window.view.centerOn(at)
    return panel


class LearnToPlayDialog(QDialog):
    """Pick a game to learn."""

    def __init__(self, parent: QWidget | None, items: list[Tutorial]):
        super().__init__(parent)
        self.setWindowTitle("Learn to play")
        self.items = items
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("Each lesson plays the first turn of a game with you, one step at a time."))
        self.list = QListWidget()
        for t in items:
            it = QListWidgetItem(t.title)
            it.setToolTip(t.intro)
            self.list.addItem(it)
        if items:
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _it: self.accept())
        lay.addWidget(self.list)
        row = QHBoxLayout()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.start = QPushButton("Start the lesson")
        self.start.setDefault(True)
        buttons.addButton(self.start, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        row.addWidget(buttons)
        lay.addLayout(row)

    def chosen(self) -> Tutorial | None:
        i = self.list.currentRow()
        return self.items[i] if 0 <= i < len(self.items) else None


def learn_to_play(window: Any, choose: Any = None) -> TutorialPanel | None:
    """Help > Learn to play. ``choose(items) -> Tutorial`` replaces the dialog (tests)."""
    try:
        items = tutorials()
    except TutorialError as e:
        window.warn("Learn to play", str(e))
        return None
    if choose is not None:
        pick = choose(items)
    else:
        dlg = LearnToPlayDialog(window, items)
        if dlg.exec() != QDialog.DialogCode.Accepted:
            return None
        pick = dlg.chosen()
    return start_tutorial(window, pick) if pick is not None else None
