"""Battles in the window: the combat panel (odds, shifts, CRT line, exact chances, the air
chooser) and the map layer with odds markers and attack arrows.

Both only show what the game's hooks give: ``battles(state)`` (who fights whom, the odds column)
and ``odds_breakdown(state, battle)`` (base odds, every shift with its rule, the final column,
the exact chance of each result and of each retreat outcome). The window builds a battle by
clicks from the game's declare actions; nothing here decides what is legal.
"""

from __future__ import annotations

import json
import math
from fractions import Fraction
from typing import Any, Callable

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (QCheckBox, QFrame, QGraphicsItem, QGridLayout, QHBoxLayout, QLabel,
                               QPushButton, QStyleOptionGraphicsItem, QToolButton, QVBoxLayout,
                               QWidget)

from app.ui import theme
from app.ui.panels import PIPS, ProbabilityBar, Strip, signed_label
from app.ui.rules_panel import rule_links
from app.ui.scroll_box import panel_scroll
from app.ui.mnemonic import literal

DICE = "\u2680\u2681\u2682\u2683\u2684\u2685"

ROLE_COLOUR = {"attack": QColor(205, 70, 40), "support": QColor(40, 100, 190), "wave": QColor(130, 60, 160)}
ROLE_NAME = {"attack": "attacker", "support": "offensive support", "wave": "human wave"}
ROLE_RULE = {"attack": "9.0", "support": "9.2.4.1", "wave": "9.2.4.2"}
ROLE_LETTER = {"attack": "A", "support": "S", "wave": "W"}


def result_colour(code: str) -> QColor:
    """CRT cells, coloured like a printed table: attacker losses red, no effect grey,
    retreats light to dark green as they hurt the defender more."""
    c = code.upper()
    if c.startswith("A"):
        return QColor("#D9826F")
    if c in ("NE", ""):
        return QColor("#CFCAB8")
    if c == "DE":
        return QColor("#3F7A3F")
    if "L" in c or c.startswith("D1"):
        return QColor("#7FAF6A")
    return QColor("#B9D3A0")


def frac_text(v: Any) -> str:
    """"1/3" -> "1/3 (33%)"."""
    try:
        f = Fraction(str(v))
    except (ValueError, ZeroDivisionError):
        return str(v)
    pct = float(f) * 100
    return f"{f.numerator}/{f.denominator}  ({pct:.0f}%)" if f.denominator != 1 else f"{f.numerator}  (100%)"


# ================================================================================================
# The map layer: odds markers on defender hexes, arrows from the units in each battle
# ================================================================================================

class BattleLayer(QGraphicsItem):
    """Odds markers like the printed 3-1 counters, placed on the defender's hex, and arrows from
    attackers (solid), offensive supporters (dashed) and human-wave units (dotted)."""

    def __init__(self, z: float):
        super().__init__()
        self.setZValue(z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.items: list[dict[str, Any]] = []
        self._rect = QRectF()
        self.unit = 50.0

    def set_battles(self, board: Any, battles: list[dict[str, Any]], focus: str | None = None,
                    draft: str | None = None) -> None:
        self.prepareGeometryChange()
        self.unit = float(getattr(board, "unit", 50.0))
        out = []
        r = QRectF()
        for b in battles or []:
            to = board.anchor(b.get("hex"))
            if to is None:
                continue
            arrows = []
            for role, key in (("attack", "attackers"), ("support", "support"), ("wave", "wave")):
                for u in b.get(key) or []:
                    if not u.get("alive", True):
                        continue
                    frm = board.anchor(u.get("at"))
                    if frm is not None and frm != to:
                        arrows.append((role, frm))
                        r = r.united(QRectF(frm, to).normalized())
            out.append({"to": to, "arrows": arrows, "text": str(b.get("marker") or b.get("column") or "?"),
                        "resolved": bool(b.get("resolved")), "result": str(b.get("result") or ""),
                        "rolled": bool(b.get("rolled")),
                        "cancelled": bool(b.get("cancelled")),
                        "focus": b.get("defender") == focus, "draft": b.get("defender") == draft,
                        "current": bool(b.get("current"))})
            r = r.united(QRectF(to.x() - self.unit, to.y() - self.unit, 2 * self.unit, 2 * self.unit))
        self.items = out
        self._rect = r.adjusted(-self.unit, -self.unit, self.unit, self.unit)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def _arrow(self, p: QPainter, frm: QPointF, to: QPointF, role: str, lod: float, faded: bool) -> None:
        dx, dy = to.x() - frm.x(), to.y() - frm.y()
        dist = math.hypot(dx, dy)
        if dist < 1:
            return
        ux, uy = dx / dist, dy / dist
        a = QPointF(frm.x() + ux * self.unit * 0.35, frm.y() + uy * self.unit * 0.35)
        b = QPointF(to.x() - ux * self.unit * 0.48, to.y() - uy * self.unit * 0.48)
        col = QColor(ROLE_COLOUR.get(role, QColor("#444")))
        col.setAlpha(110 if faded else 225)
        w = max(2.2, 4.0 / max(lod, 0.25)) if lod < 1 else 4.0
        style = {"attack": Qt.PenStyle.SolidLine, "support": Qt.PenStyle.DashLine,
                 "wave": Qt.PenStyle.DotLine}.get(role, Qt.PenStyle.SolidLine)
        halo = QPen(QColor(255, 255, 255, 150 if not faded else 70), w + 3.0, Qt.PenStyle.SolidLine,
                    Qt.PenCapStyle.RoundCap)
        p.setPen(halo)
        p.drawLine(a, b)
        p.setPen(QPen(col, w, style, Qt.PenCapStyle.RoundCap))
        p.drawLine(a, b)
        head = max(9.0, w * 3.2)
        left = QPointF(b.x() - ux * head - uy * head * 0.55, b.y() - uy * head + ux * head * 0.55)
        right = QPointF(b.x() - ux * head + uy * head * 0.55, b.y() - uy * head - ux * head * 0.55)
        p.setPen(QPen(QColor(255, 255, 255, 160), 1.2))
        p.setBrush(col)
        p.drawPolygon(QPolygonF([b, left, right]))

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        for it in self.items:
            faded = it["resolved"]
            for role, frm in it["arrows"]:
                self._arrow(p, frm, it["to"], role, lod, faded)
        for it in self.items:
            self._marker(p, it, lod)

    def _marker(self, p: QPainter, it: dict[str, Any], lod: float) -> None:
        # a small square counter at the top right of the defender, like the printed odds markers
        s = self.unit * 0.52
        if lod < 1:
            s = max(s, 22.0 / max(lod, 0.05))
        c = it["to"]
        rect = QRectF(c.x() + self.unit * 0.18, c.y() - self.unit * 0.78, s, s)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(0, 0, 0, 70))
        p.drawRoundedRect(rect.translated(s * 0.06, s * 0.08), s * 0.12, s * 0.12)
        if it["resolved"]:
            face = QColor("#E6E1D3")
        elif it["cancelled"] or it["text"] == "X":
            face = QColor("#BDB6A6")
        else:
            face = QColor("#F6E7A8") if not it["draft"] else QColor("#FFF6D0")
        p.setBrush(face)
        edge = QColor("#B0201A") if (it["focus"] or it["current"]) else theme.INK
        pen = QPen(edge, s * (0.09 if (it["focus"] or it["current"]) else 0.045))
        if it["draft"]:
            pen.setStyle(Qt.PenStyle.DashLine)
        p.setPen(pen)
        p.drawRoundedRect(rect, s * 0.12, s * 0.12)
        text = it["text"]
        sub = ""
        if it["resolved"] or it.get("rolled"):
            sub = it["result"] or ("off" if it["cancelled"] else "")
        f = theme.counter_font(s * (0.42 if not sub else 0.34), bold=True)
        p.setFont(f)
        p.setPen(theme.INK if not it["resolved"] else QColor("#6A645A"))
        if sub:
            p.drawText(QRectF(rect.left(), rect.top() + s * 0.04, s, s * 0.5), Qt.AlignmentFlag.AlignCenter, text)
            p.setFont(theme.counter_font(s * 0.3, bold=True))
            p.setPen(QColor("#8E1B1B"))
            p.drawText(QRectF(rect.left(), rect.top() + s * 0.48, s, s * 0.45), Qt.AlignmentFlag.AlignCenter, sub)
        else:
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)


# ================================================================================================
# The combat panel
# ================================================================================================

def _label(text: str, bold: bool = False, size: float = 1.0, colour: str | None = None,
           wrap: bool = True, rich: bool = False) -> QLabel:
    lab = QLabel(text)
    lab.setWordWrap(wrap)
    if rich:
        lab.setTextFormat(Qt.TextFormat.RichText)
    f = lab.font()
    f.setBold(bold)
    if size != 1.0:
        f.setPointSizeF(f.pointSizeF() * size)
    lab.setFont(f)
    if colour:
        lab.setStyleSheet(f"color: {colour};")
    return lab


def _result_chip(code: str) -> QLabel:
    """A combat result's code on its colour (the colours of the results table)."""
    chip = QLabel(code)
    chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
    chip.setFixedWidth(44)
    c = result_colour(code)
    chip.setStyleSheet(f"background: {c.name()}; color: {'white' if c.lightness() < 120 else '#2B2620'};"
                       " border-radius: 3px; font-weight: bold; padding: 1px;")
    return chip


def _chance_grid(chances: dict[str, Any], first: Callable[[str], QWidget]) -> QGridLayout:
    """One row per outcome, likeliest first: ``first(outcome)``, then a bar of its chance."""
    g = QGridLayout()
    g.setVerticalSpacing(2)
    for i, (what, pr) in enumerate(sorted(chances.items(), key=lambda kv: -float(Fraction(str(kv[1]))))):
        g.addWidget(first(what), i, 0)
        g.addWidget(ProbabilityBar(float(Fraction(str(pr))), frac_text(pr)), i, 1)
    return g


class CrtStrip(Strip):
    """The column of the Combat Results Table the battle is fought on: six cells, die 1 to 6."""

    def __init__(self, faces: list[str], rolled: int = 0, parent=None):
        super().__init__(46, 240, parent)
        self.faces = list(faces)
        self.rolled = rolled

    def paintEvent(self, e) -> None:  # noqa: N802
        p = self.painter()
        n = max(1, len(self.faces))
        w = (self.width() - 2) / n
        for i, code in enumerate(self.faces):
            r = QRectF(1 + i * w, 1, w - 3, self.height() - 3)
            p.setPen(QPen(QColor("#5B5347"), 1.0 if self.rolled != i + 1 else 2.6))
            if self.rolled == i + 1:
                p.setPen(QPen(QColor("#B0201A"), 2.6))
            p.setBrush(result_colour(code))
            p.drawRoundedRect(r, 4, 4)
            dark = result_colour(code).lightness() < 120
            p.setPen(QColor("#FFFFFF") if dark else QColor("#2B2620"))
            f = QFont(self.font())
            f.setPointSizeF(f.pointSizeF() * 1.25)
            p.setFont(f)
            # the die face drawn as pips (a font may lack the die-face characters)
            top = QRectF(r.left(), r.top() + 1, r.width(), r.height() * 0.48)
            d = min(top.width(), top.height()) * 0.72
            die = QRectF(top.center().x() - d / 2, top.center().y() - d / 2, d, d)
            ink = QColor("#FFFFFF") if dark else QColor("#2B2620")
            p.setPen(QPen(ink, 1.0))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(die, d * 0.18, d * 0.18)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(ink)
            for cx, cy in PIPS.get(i + 1, []):
                p.drawEllipse(QPointF(die.left() + d * (0.22 + 0.28 * cx), die.top() + d * (0.22 + 0.28 * cy)),
                              d * 0.09, d * 0.09)
            p.setPen(QColor("#FFFFFF") if dark else QColor("#2B2620"))
            f.setBold(True)
            f.setPointSizeF(f.pointSizeF() / 1.25 * 1.05)
            p.setFont(f)
            p.drawText(QRectF(r.left(), r.top() + r.height() * 0.45, r.width(), r.height() * 0.52),
                       Qt.AlignmentFlag.AlignCenter, code)


class BattlePanel(QWidget):
    """What the combat dock shows in a game with battles: the battle being built or fought,
    its odds and chances, and the buttons that act on it."""

    declare = Signal()
    clear = Signal()
    done = Signal()
    resolve = Signal(int)
    focus = Signal(str)
    remove = Signal(str)
    air_changed = Signal(list)
    air_commit = Signal(list)
    mig = Signal(str)
    rule_link = Signal(str)        # a rule number clicked: the Rules panel opens on it
    stay = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.outer = QVBoxLayout(self)
        self.outer.setContentsMargins(0, 0, 0, 0)
        self.outer.setSpacing(0)
        self.top: QWidget | None = None          # the decision: hint and buttons, never scrolled away
        self.area = panel_scroll()
        self.outer.addWidget(self.area, 1)
        self._key: str | None = None
        self.model: dict[str, Any] = {}
        self.buttons: dict[str, QPushButton] = {}
        self.air_boxes: dict[str, QCheckBox] = {}
        self.set_model({})

    # -- public ------------------------------------------------------------------------------------
    def set_model(self, model: dict[str, Any]) -> None:
        key = json.dumps(model, sort_keys=True, default=str)
        if key == self._key:
            return
        self._key = key
        self.model = model
        self._build()

    def button(self, name: str) -> QPushButton | None:
        return self.buttons.get(name)

    # -- building --------------------------------------------------------------------------------
    def _btn(self, name: str, text: str, tip: str = "", primary: bool = False, enabled: bool = True) -> QPushButton:
        b = QPushButton(literal(text))
        b.setObjectName(name)
        b.setToolTip(tip or text)
        b.setEnabled(enabled)
        b.setMinimumHeight(28)
        if primary:
            f = b.font()
            f.setBold(True)
            b.setFont(f)
            b.setStyleSheet("QPushButton:enabled { background: #3F6B3F; color: white; border: 1px solid #2D4F2D;"
                            " border-radius: 4px; padding: 4px 10px; }"
                            "QPushButton:enabled:hover { background: #4C804C; }")
        self.buttons[name] = b
        return b

    def _card(self, lay: QVBoxLayout, title: str = "") -> QVBoxLayout:
        fr = QFrame()
        fr.setObjectName("card")
        fr.setStyleSheet("QFrame#card { background: palette(base); border: 1px solid palette(mid);"
                         " border-radius: 6px; }")
        v = QVBoxLayout(fr)
        v.setContentsMargins(10, 7, 10, 8)
        v.setSpacing(4)
        if title:
            v.addWidget(_label(title, bold=True, size=1.05))
        lay.addWidget(fr)
        return v

    def _build(self) -> None:
        self.buttons = {}
        self.air_boxes = {}
        m = self.model
        enabled = bool(m.get("enabled", True))
        # the top: what to decide now, with its buttons
        if self.top is not None:
            self.outer.removeWidget(self.top)
            self.top.hide()
            self.top.deleteLater()
        top = QFrame()
        top.setObjectName("decision")
        top.setStyleSheet("QFrame#decision { background: #EFE8D4; border-bottom: 1px solid #C9BFA4; }")
        tl = QVBoxLayout(top)
        tl.setContentsMargins(8, 6, 8, 6)
        tl.setSpacing(5)
        if m.get("hint"):
            h = _label(m["hint"], colour="#4A4036")
            f = h.font()
            f.setItalic(True)
            h.setFont(f)
            tl.addWidget(h)
        step = m.get("step")
        if step == "declare":
            row = QHBoxLayout()
            n = len(m.get("draft") or [])
            d = self._btn("declare", "Declare this battle" + (f" ({n} unit{'s' if n != 1 else ''})" if n else ""),
                          "Commit the units chosen on the map to this battle (9.0)", primary=True,
                          enabled=enabled and n > 0)
            d.clicked.connect(self.declare)
            c = self._btn("clear", "Clear", "Forget the units chosen for this battle", enabled=enabled and n > 0)
            c.clicked.connect(self.clear)
            row.addWidget(d, 3)
            row.addWidget(c, 1)
            tl.addLayout(row)
            dn = self._btn("done", "Done declaring battles (9.0)" if not n else "Declare it and finish declaring (9.0)",
                           "No more battles this phase: they are then fought one at a time",
                           enabled=enabled and bool(m.get("can_done")))
            dn.clicked.connect(self.done)
            tl.addWidget(dn)
        if m.get("air"):
            self._air_box(tl, m["air"], enabled)
        if m.get("mig"):
            self._mig_box(tl, m["mig"], enabled)
        if m.get("stay"):
            b = self._btn("stay", "Stay: do not advance (9.0)", enabled=enabled)
            b.clicked.connect(self.stay)
            tl.addWidget(b)
        if m.get("battles"):
            self._list(tl, m, enabled)
        self.top = top
        top.setVisible(tl.count() > 0)
        self.outer.insertWidget(0, top)
        # the details: the battle shown, its odds and chances
        inner = QWidget()
        lay = QVBoxLayout(inner)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.setSpacing(6)
        if m.get("defender"):
            self._battle_card(lay, m, m.get("breakdown"), enabled)
        elif not m.get("battles"):
            lay.addWidget(_label("No battle now. In a combat phase, click an enemy unit to plan one.",
                                 colour="#6A645A"))
        lay.addStretch(1)
        self.area.setWidget(inner)

    def _battle_card(self, lay: QVBoxLayout, m: dict[str, Any], bd: dict[str, Any] | None, enabled: bool) -> None:
        dfn = m["defender"]
        v = self._card(lay)
        v.addWidget(_label(f"<span style='font-size:large'><b>Battle at {dfn.get('hex', '')}</b></span>"
                           f" &nbsp; defender <b>{dfn.get('name', '')}</b> ({dfn.get('strength', '')})", rich=True))
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        units = m.get("units") or []
        if not units:
            v.addWidget(_label("Click your highlighted units on the map to add them: "
                               "red attack, blue offensive support, purple human wave.", colour="#6A645A"))
        for i, u in enumerate(units):
            role = u.get("role", "attack")
            chip = QLabel(ROLE_LETTER.get(role, "?"))
            chip.setFixedSize(20, 20)
            chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
            col = ROLE_COLOUR.get(role, QColor("#555"))
            chip.setStyleSheet(f"background: {col.name()}; color: white; border-radius: 10px; font-weight: bold;")
            chip.setToolTip(f"{ROLE_NAME.get(role, role)} ({ROLE_RULE.get(role, '')})")
            grid.addWidget(chip, i, 0)
            name = _label(u.get("name", u.get("id", "")) + ("" if u.get("declared") else "  — not declared yet"),
                          colour=None if u.get("declared") else "#7A5A10")
            grid.addWidget(name, i, 1)
            st = _label(str(u.get("strength", "")), bold=True)
            st.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            grid.addWidget(st, i, 2)
            if u.get("removable"):
                x = QToolButton()
                x.setText("\u2715")
                x.setToolTip("Take this unit out of the battle")
                x.setAutoRaise(True)
                x.setEnabled(enabled)
                x.clicked.connect(lambda _=False, uid=u["id"]: self.remove.emit(uid))
                self.buttons[f"remove:{u['id']}"] = x
                grid.addWidget(x, i, 3)
        grid.setColumnStretch(1, 1)
        v.addLayout(grid)
        if bd:
            self._odds(v, bd)

    def _odds(self, v: QVBoxLayout, bd: dict[str, Any]) -> None:
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)
        v.addWidget(line)
        att, dfn = bd.get("attack", 0), bd.get("defence", 0)
        base = _label(f"Attack <b>{att}</b> against defence <b>{dfn}</b> &rarr; base odds "
                      f"<b>{bd.get('base_odds', '')}</b> (<a href='rule:9.1'>9.1</a>)", rich=True)
        base.linkActivated.connect(lambda url: self.rule_link.emit(url.split(":", 1)[-1]))
        v.addWidget(base)
        shifts = bd.get("shifts") or []
        if shifts:
            g = QGridLayout()
            g.setHorizontalSpacing(10)
            g.setVerticalSpacing(1)
            for i, s in enumerate(shifts):
                n = int(s.get("shift", 0))
                g.addWidget(signed_label(n, f"{'+' if n > 0 else ''}{n}", zero="#A02820"), i, 0)
                g.addWidget(_label(str(s.get("label", ""))), i, 1)
                rule = QLabel(rule_links(str(s.get("rule", ""))))
                rule.setTextFormat(Qt.TextFormat.RichText)
                rule.linkActivated.connect(lambda url: self.rule_link.emit(url.split(":", 1)[-1]))
                rule.setStyleSheet("color: #6A645A;")
                g.addWidget(rule, i, 2)
            g.setColumnStretch(1, 1)
            v.addLayout(g)
        else:
            v.addWidget(_label("No column shifts.", colour="#6A645A"))
        col = str(bd.get("column", ""))
        if bd.get("cancelled"):
            big = _label("Below 1:1 \u2014 the attack would be called off (9.1)", bold=True, size=1.15,
                         colour="#A02820")
            v.addWidget(big)
            return
        big = _label(f"Fought on the <b>{col}</b> column" + (f" &nbsp;(net shift {bd.get('net_shift'):+d})"
                                                              if bd.get("net_shift") else ""),
                     size=1.2, rich=True)
        v.addWidget(big)
        faces = bd.get("faces") or []
        if faces:
            v.addWidget(CrtStrip(faces, int(bd.get("roll") or 0)))
        if bd.get("roll") and bd.get("result"):
            v.addWidget(_label(f"Rolled {bd.get('roll')}: <b>{bd.get('result')}</b>", size=1.15, rich=True,
                               colour="#8E1B1B"))
        res = bd.get("results") or {}
        if res:
            v.addWidget(_label("Chance of each result (one die)", bold=True))
            v.addLayout(_chance_grid(res, _result_chip))
        ret = bd.get("retreat") or {}
        if ret:
            v.addWidget(_label("What becomes of the defender", bold=True))
            g = _chance_grid(ret, _label)
            g.setColumnStretch(0, 1)
            g.setColumnStretch(1, 1)
            v.addLayout(g)

    def _air_box(self, tl: QVBoxLayout, air: dict[str, Any], enabled: bool) -> None:
        side = str(air.get("side", "")).capitalize()
        limit = int(air.get("limit", 0))
        chosen = set(air.get("chosen") or [])
        tl.addWidget(_label(f"<b>{side} air power (9.2.5)</b>: up to {limit} unit{'s' if limit != 1 else ''} "
                            "(one per attacking unit), each once a turn. The odds below count the ticked ones.",
                            rich=True))
        row = QHBoxLayout()
        for u in air.get("units", []):
            cb = QCheckBox(str(air.get("names", {}).get(u, u)))
            cb.setChecked(u in chosen)
            cb.setEnabled(enabled and (u in chosen or len(chosen) < limit))
            cb.toggled.connect(self._air_toggled)
            self.air_boxes[u] = cb
            row.addWidget(cb)
        row.addStretch(1)
        tl.addLayout(row)
        n = len(chosen)
        b = self._btn("air", f"Commit {n} air unit{'s' if n != 1 else ''}" if n else "Commit no air power",
                      "Place the ticked air units in this battle", primary=True, enabled=enabled)
        b.clicked.connect(lambda: self.air_commit.emit(sorted(self._air_ticked())))
        tl.addWidget(b)

    def _air_ticked(self) -> list[str]:
        return [u for u, cb in self.air_boxes.items() if cb.isChecked()]

    def _air_toggled(self) -> None:
        self.air_changed.emit(sorted(self._air_ticked()))

    def _mig_box(self, tl: QVBoxLayout, mig: dict[str, Any], enabled: bool) -> None:
        tl.addWidget(_label("<b>MiG-15 over MiG Alley (9.2.5)</b>: it may cancel one Allied air unit placed "
                            "in this battle.", rich=True))
        row = QHBoxLayout()
        for u in mig.get("cancel", []):
            b = self._btn(f"mig:{u}", f"Cancel {mig.get('names', {}).get(u, u)}", primary=True, enabled=enabled)
            b.clicked.connect(lambda _=False, x=u: self.mig.emit(x))
            row.addWidget(b)
        b = self._btn("no-mig", "Keep the MiG-15 out", enabled=enabled)
        b.clicked.connect(lambda: self.mig.emit(""))
        row.addWidget(b)
        tl.addLayout(row)

    def _list(self, tl: QVBoxLayout, m: dict[str, Any], enabled: bool) -> None:
        g = QGridLayout()
        g.setVerticalSpacing(3)
        g.setHorizontalSpacing(6)
        for i, b in enumerate(m["battles"]):
            mark = QLabel(str(b.get("marker", "")))
            mark.setFixedSize(34, 24)
            mark.setAlignment(Qt.AlignmentFlag.AlignCenter)
            mark.setStyleSheet("background: #F6E7A8; border: 1px solid #2B2620; border-radius: 3px; font-weight: bold;"
                               if not b.get("resolved") else
                               "background: #E6E1D3; border: 1px solid #8A8478; border-radius: 3px; color: #6A645A;")
            g.addWidget(mark, i, 0)
            txt = f"{b.get('defender_name', '')} ({b.get('hex', '')}): {b.get('attack', 0)} to {b.get('defence', 0)}"
            if b.get("resolved"):
                txt += f" — {b.get('result') or ('called off' if b.get('cancelled') else 'done')}"
            lab = QPushButton(txt)
            lab.setFlat(True)
            lab.setToolTip("Show this battle")
            lab.setStyleSheet("text-align: left; padding: 2px;" + ("font-weight: bold;" if b.get("focus") else ""))
            lab.clicked.connect(lambda _=False, d=b.get("defender"): self.focus.emit(str(d)))
            g.addWidget(lab, i, 1)
            if b.get("resolvable"):
                rb = self._btn(f"resolve:{b['index']}", "Resolve", "Roll for this battle now (9.0)",
                               primary=True, enabled=enabled)
                rb.clicked.connect(lambda _=False, k=int(b["index"]): self.resolve.emit(k))
                g.addWidget(rb, i, 2)
        g.setColumnStretch(1, 1)
        tl.addLayout(g)
