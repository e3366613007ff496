"""The fire panel: every fire the player may make now, each with its table row, modifiers and the
exact chance of each result, shown before it is committed (as the Korea combat panel shows odds).

A game offers it with the optional hook ``fire_odds(state, action)``: for a legal action that is
a fire, ``{"title", "rule", "table", "row", "firepower", "modifiers": [{"label", "value"}],
"total", "chances": [(result words, Fraction or float)], "from", "to"}``, else None. The window
asks it of the legal actions only, so the panel never offers what the rules do not allow. With a
unit selected, the fires from its hex (or by it) come first and the others are folded away.
Pointing at a fire draws its line of sight (app.ui.sight_line); *Fire* applies that action."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QGridLayout, QLabel, QPushButton, QScrollArea, QSizePolicy,
                               QWidget)

from app.engine.game import Action
from app.ui.hooks import call_hook, game_hook
from app.ui.layouts import add_title, boxed
from app.ui.panels import ProbabilityBar, signed_label

MAX_SHOWN = 12          # a long list of fires is cut (the Actions panel still holds them all)


def fraction_text(v: Any) -> str:
    """``5/36 (14%)`` for an exact chance; a float as a percentage."""
    if isinstance(v, Fraction):
        if v == 0:
            return "never"
        if v == 1:
            return "certain"
        return f"{v.numerator}/{v.denominator} ({float(v):.0%})"
    return f"{float(v):.0%}"


def fires(game: Any, state: Any, legal: list[Action]) -> list[tuple[Action, dict[str, Any]]]:
    """The legal fires with the game's preview of each (empty when the game has no such hook)."""
    if game is None or game_hook(game, "fire_odds") is None:
        return []
    out = []
    for a in legal:
        if a.get("type") in ("move", "place", "end-phase", "pass", "mode", "retreat"):
            continue
        got = call_hook(game, "fire_odds", state, a, default=None)
        if isinstance(got, dict) and got.get("chances"):
            out.append((a, got))
    return out


class FireCard(QFrame):
    """One fire: what fires at what, the table and row, the modifiers, the chances, a Fire button."""

    def __init__(self, action: Action, odds: dict[str, Any], panel: "FirePanel"):
        super().__init__()
        self.action = action
        self.odds = odds
        self.panel = panel
        self.setObjectName("fireCard")
        self.setStyleSheet("#fireCard { background: #FBF7EC; border: 1px solid #CFC5AE; border-radius: 5px; }")
        self.setMouseTracking(True)
        v = boxed(self, (8, 6, 8, 6), 3)
        add_title(v, f"<b>{odds.get('title', '')}</b>")
        row = str(odds.get("row") or "")
        fp = odds.get("firepower")
        table = str(odds.get("table") or "")
        rule = str(odds.get("rule") or "")
        head = table + (f", column <b>{row}</b>" if row else "") + (f", firepower <b>{fp}</b>" if fp is not None else "")
        if rule:
            head += f" &nbsp;<a href='rule:{rule}'>{rule}</a>"
        h = QLabel(head)
        h.setWordWrap(True)
        h.setTextFormat(Qt.TextFormat.RichText)
        h.linkActivated.connect(lambda url: panel.rule_link.emit(url.split(":", 1)[-1]))
        v.addWidget(h)
        mods = odds.get("modifiers") or []
        g = QGridLayout()
        g.setHorizontalSpacing(8)
        g.setVerticalSpacing(0)
        if mods:
            for i, m in enumerate(mods):
                n = int(m.get("value", 0))
                g.addWidget(signed_label(n, f"{n:+d}"), i, 0)
                lab = QLabel(str(m.get("label", "")))
                lab.setWordWrap(True)
                g.addWidget(lab, i, 1)
            tot = int(odds.get("total", 0))
            t = QLabel(f"<b>{tot:+d}</b> to the roll in all")
            t.setTextFormat(Qt.TextFormat.RichText)
            g.addWidget(t, len(mods), 1)
        else:
            g.addWidget(QLabel("No modifiers to the roll"), 0, 1)
        g.setColumnStretch(1, 1)
        v.addLayout(g)
        cg = QGridLayout()
        cg.setVerticalSpacing(2)
        cg.setHorizontalSpacing(6)
        for i, (word, p) in enumerate(odds.get("chances") or []):
            lab = QLabel(str(word))
            cg.addWidget(lab, i, 0)
            cg.addWidget(ProbabilityBar(float(p), fraction_text(p)), i, 1)
        cg.setColumnStretch(1, 1)
        v.addLayout(cg)
        self.button = QPushButton("Fire")
        self.button.setToolTip("Roll this fire now (it cannot be taken back)")
        self.button.clicked.connect(lambda: panel.commit.emit(self.action))
        v.addWidget(self.button, 0, Qt.AlignmentFlag.AlignRight)

    def enterEvent(self, e) -> None:  # noqa: N802
        self.panel.pointed.emit(self.odds)
        super().enterEvent(e)


class FirePanel(QScrollArea):
    """The list of fire cards; hidden when there is nothing to fire."""

    commit = Signal(dict)          # the action to apply
    pointed = Signal(dict)         # the odds of the card under the pointer (for the sight line)
    rule_link = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        self.cards: list[FireCard] = []
        self.heading = QLabel()
        self._set([], "")

    def _set(self, items: list[tuple[Action, dict[str, Any]]], heading: str) -> None:
        shown = (heading, [(repr(a), repr(o)) for a, o in items[:MAX_SHOWN]], len(items))
        if shown == getattr(self, "_shown", None):
            return                  # the same cards (every press re-asks): no widgets rebuilt
        self._shown = shown
        box = QWidget()
        v = boxed(box, (6, 4, 6, 4), 6)
        self.heading = QLabel(heading)
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: bold;")
        v.addWidget(self.heading)
        self.cards = []
        for a, o in items[:MAX_SHOWN]:
            c = FireCard(a, o, self)
            self.cards.append(c)
            v.addWidget(c)
        if len(items) > MAX_SHOWN:
            v.addWidget(QLabel(f"{len(items) - MAX_SHOWN} more in the Actions list"))
        v.addStretch(1)
        self.setWidget(box)
        self.setVisible(bool(items))

    def set_fires(self, items: list[tuple[Action, dict[str, Any]]], focus_hex: Any = None,
                  focus_unit: str | None = None) -> None:
        """Show ``items``; with a unit selected, only the fires from its hex or by it."""
        if focus_hex is not None or focus_unit is not None:
            mine = [(a, o) for a, o in items if a.get("unit") == focus_unit
                    or (focus_hex is not None and str(o.get("from")) == str(focus_hex))]
            at = [(a, o) for a, o in items if focus_hex is not None and str(o.get("to")) == str(focus_hex)]
            if mine:
                self._set(mine, f"Fire from {focus_hex}: {len(mine)} target{'s' if len(mine) != 1 else ''}")
                return
            if at:
                self._set(at, f"Fire at {focus_hex}: {len(at)} way{'s' if len(at) != 1 else ''}")
                return
        n = len(items)
        self._set(items, f"{n} fire{'s' if n != 1 else ''} possible now: select a unit to see its own"
                  if n > 1 else "Fire possible now")
