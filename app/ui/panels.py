"""The docks around the map: turn/phase bar, log, actions, game panels, odds, inspector, replay.

Each panel shows what the game's hooks give (``prompt``, ``legal_actions`` with
``describe_action``, ``panels``, ``pieces``...) and asks the window to act; none of them decides
what is legal.
"""

from __future__ import annotations

import json
import re
from typing import Any

from PySide6.QtCore import QRectF, QSize, QSortFilterProxyModel, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QFormLayout, QFrame, QGridLayout, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QPushButton, QSizePolicy, QSlider,
                               QStyle, QTableView, QToolButton, QVBoxLayout, QWidget)

from app.ui import side_names
from app.engine.events import Event
from app.ui import theme
from app.ui.layouts import boxed, search_field
from app.ui.scroll_box import fill_with_scroll, panel_scroll
from app.ui.mnemonic import literal


DICE = "\u2680\u2681\u2682\u2683\u2684\u2685"


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.3g}"
    if isinstance(v, (list, tuple)):
        return ", ".join(_fmt(x) for x in v)
    if isinstance(v, dict):
        return ", ".join(f"{k} {_fmt(x)}" for k, x in v.items())
    return "" if v is None else str(v)


def _flag_words(flags: Any) -> str:
    """A piece's flags as words ("dug-in" -> "dug in")."""
    if isinstance(flags, dict):
        flags = [k for k, v in flags.items() if v]
    elif isinstance(flags, str):
        flags = [flags]
    return ", ".join(str(f).replace("-", " ") for f in flags or [])


def signed_label(n: int, text: str, zero: str = "#6A645A") -> QLabel:
    """A modifier's number, bold and right-aligned: green when it helps, red when it hurts."""
    lab = QLabel(text)
    lab.setStyleSheet(f"color: {'#2D6A2D' if n > 0 else '#A02820' if n < 0 else zero}; font-weight: bold;")
    lab.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return lab


def probability(v: Any) -> float | None:
    """A value that reads as a probability (0.25, "25%", "25 %") as a fraction, else None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)) and 0 <= v <= 1 and isinstance(v, float):
        return float(v)
    if isinstance(v, str):
        m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*%\s*", v)
        if m:
            return min(1.0, float(m.group(1)) / 100)
    return None


# ================================================================================================
# Turn / phase bar
# ================================================================================================

class TurnBar(QWidget):
    end_phase = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(10, 4, 10, 4)
        lay.setSpacing(14)
        self.where = QLabel()
        self.where.setTextFormat(Qt.TextFormat.RichText)
        f = self.where.font()
        f.setPointSizeF(f.pointSizeF() * 1.12)
        self.where.setFont(f)
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.prompt.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        pf = self.prompt.font()
        pf.setItalic(True)
        self.prompt.setFont(pf)
        self.button = QPushButton("End phase")
        self.button.setObjectName("endPhase")
        self.button.setToolTip("Apply the end of this phase (Space on the map)")
        self.button.clicked.connect(self.end_phase)
        lay.addWidget(self.where)
        sep = QFrame()
        sep.setFrameShape(QFrame.Shape.VLine)
        sep.setFrameShadow(QFrame.Shadow.Sunken)
        lay.addWidget(sep)
        lay.addWidget(self.prompt, 1)
        lay.addWidget(self.button)

    def show_state(self, turn: Any, date: str, side: str, phase: str, prompt: str,
                   can_end: bool, end_why: str, over: str = "", side_colour: QColor | None = None,
                   label: str = "End phase") -> None:
        bits = [f"<b>Turn {turn}</b>"]
        if date:
            bits.append(date)
        if side:
            col = side_colour.name() if side_colour is not None else "#333"
            bits.append(f"<b><span style='color:{col}'>&#9632;</span> {side_names.name(side)}</b>")
        if phase:
            bits.append(phase if " " in phase else phase.replace("-", " ").replace("_", " ").title())
        self.where.setText(" &middot; ".join(bits))
        if over:
            self.prompt.setText(f"<b>Game over:</b> {over}")
        else:
            self.prompt.setText(prompt or "")
        self.button.setText(literal(label))
        self.button.setEnabled(can_end)
        self.button.setToolTip(f"{label} (Space on the map)" if can_end else (end_why or "Not possible now"))


# ================================================================================================
# Log
# ================================================================================================

KINDS = [("All entries", None), ("Dice and cards", {"roll", "draw", "shuffle"}), ("Moves", {"move"}),
         ("Results", {"result", "combat", "loss", "retreat", "eliminate"}), ("Reveals", {"reveal"}),
         ("Rules and notes", {"info"}), ("Window", {"ui", "ai", "error"})]


_DICE_ICONS: dict[tuple[int, ...], Any] = {}
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
        5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def dice_icon(faces: list[int]) -> Any:
    """Up to three dice faces drawn as small dice (an icon for a log row)."""
    from PySide6.QtGui import QIcon, QPixmap
    key = tuple(faces[:3])
    if key in _DICE_ICONS:
        return _DICE_ICONS[key]
    s = 14
    pm = QPixmap(max(1, len(key)) * (s + 2), s)
    pm.fill(Qt.GlobalColor.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    for i, f in enumerate(key):
        r = QRectF(i * (s + 2) + 0.5, 0.5, s - 1, s - 1)
        p.setPen(QPen(QColor("#2B2620"), 1))
        p.setBrush(QColor("#FBF8EF"))
        p.drawRoundedRect(r, 2.5, 2.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#2B2620"))
        for cx, cy in PIPS.get(f, []):
            p.drawEllipse(QRectF(r.left() + 2.2 + cx * 3.3, r.top() + 2.2 + cy * 3.3, 2.6, 2.6))
    p.end()
    icon = QIcon(pm)
    _DICE_ICONS[key] = icon
    return icon


class _LogFilter(QSortFilterProxyModel):
    def __init__(self):
        super().__init__()
        self.text = ""
        self.kinds: set[str] | None = None

    def filterAcceptsRow(self, row: int, parent) -> bool:  # noqa: N802
        m = self.sourceModel()
        kind = m.item(row, 0).data(Qt.ItemDataRole.UserRole) or ""
        if self.kinds is not None and kind not in self.kinds:
            if not (kind not in {k for _, ks in KINDS[1:] for k in (ks or ())} and "info" in self.kinds):
                return False
        if self.text:
            hay = " ".join(m.item(row, c).text() for c in range(m.columnCount())).lower()
            return self.text in hay
        return True


class LogPanel(QWidget):
    """The game log: every event with its dice and the rule behind it, filterable."""

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = boxed(self, 4)
        top = QHBoxLayout()
        self.search = search_field("Filter the log (text or rule number)")
        self.kind = QComboBox()
        for name, _ in KINDS:
            self.kind.addItem(name)
        top.addWidget(self.search, 1)
        top.addWidget(self.kind)
        lay.addLayout(top)
        self.model = QStandardItemModel(0, 4)
        self.model.setHorizontalHeaderLabels(["#", "", "What happened", "Rule"])
        self.proxy = _LogFilter()
        self.proxy.setSourceModel(self.model)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.verticalHeader().setVisible(False)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setWordWrap(False)               # one line an entry; the whole text in its tooltip
        self.view.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.view.setShowGrid(False)
        self.view.setAlternatingRowColors(True)
        h = self.view.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        h.resizeSection(1, 22)
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        h.setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)   # CF-EnemyMove-3 fits
        lay.addWidget(self.view)
        self.search.textChanged.connect(self._filter)
        self.kind.currentIndexChanged.connect(self._filter)
        self._step_rows: list[int] = []

    def _filter(self) -> None:
        self.proxy.text = self.search.text().strip().lower()
        self.proxy.kinds = KINDS[self.kind.currentIndex()][1]
        self.proxy.invalidate()
        if self.proxy.rowCount() < 3000:
            self.view.resizeRowsToContents()

    def set_sides(self, n: int | tuple[str, ...]) -> None:
        """The game's sides (their colour marks the side column); hidden in solitaire games."""
        self.sides = tuple(n) if isinstance(n, (tuple, list)) else ()
        count = len(self.sides) if self.sides else int(n)  # type: ignore[arg-type]
        self.view.setColumnHidden(1, count <= 1)

    def clear(self) -> None:
        self.model.removeRows(0, self.model.rowCount())
        self._step_rows = []

    def _row(self, n: str, side: str, text: str, rule: str, kind: str) -> list[QStandardItem]:
        # the side as a colour mark, not a word repeated on every line (its name in the tooltip)
        items = [QStandardItem(n), QStandardItem(""), QStandardItem(text), QStandardItem(rule)]
        items[0].setData(kind, Qt.ItemDataRole.UserRole)
        if side:
            items[1].setData(theme.side_colour(side, getattr(self, "sides", ())), Qt.ItemDataRole.DecorationRole)
            items[1].setData(side, Qt.ItemDataRole.UserRole)
            items[1].setToolTip(side.replace("-", " ").title())
        if kind == "roll":
            items[2].setForeground(QColor("#1F4E79"))
            f = items[2].font()
            f.setBold(True)
            items[2].setFont(f)
        elif kind in ("result", "combat", "loss", "retreat", "eliminate"):
            items[2].setForeground(QColor("#8E1B1B"))
        elif kind == "reveal":
            items[2].setForeground(QColor("#6A3D9A"))
        elif kind in ("ui", "ai"):
            items[2].setForeground(QColor("#666"))
            f = items[2].font()
            f.setItalic(True)
            items[2].setFont(f)
        elif kind == "error":
            items[2].setForeground(QColor("#C0392B"))
        for it in (items[0], items[2], items[3]):
            it.setToolTip(text + (f"  (rule {rule})" if rule else ""))
        if rule:
            items[3].setForeground(QColor("#1F5FA0"))      # a link: a click opens the Rules panel
            f = items[3].font()
            f.setUnderline(True)
            items[3].setFont(f)
        return items

    def add_step(self, number: int, side: str, label: str, events: list[Event]) -> None:
        start = self.model.rowCount()
        if label:
            row = self._row(str(number), side, label, "", "ui")
            f = row[2].font()
            f.setItalic(False)
            f.setBold(True)
            row[2].setFont(f)
            row[2].setForeground(QColor("#222"))
            self.model.appendRow(row)
        for e in events:
            row = self._row("", e.side or side, e.text, e.rule, e.kind)
            if e.kind == "roll" and isinstance(e.data.get("dice"), list) and e.data.get("sides", 6) == 6:
                # the dice drawn as dice (a font may lack the die-face characters)
                row[2].setData(dice_icon([d for d in e.data["dice"] if isinstance(d, int)]),
                               Qt.ItemDataRole.DecorationRole)
            self.model.appendRow(row)
        self._step_rows.append(self.model.rowCount() - start)
        self._fit_rows(start)
        self.view.scrollToBottom()

    def _fit_rows(self, start: int) -> None:
        """Grow the new rows to their wrapped text (only the new ones: long logs stay fast)."""
        for r in range(start, self.model.rowCount()):
            idx = self.proxy.mapFromSource(self.model.index(r, 2))
            if idx.isValid():
                self.view.resizeRowToContents(idx.row())

    def pop_step(self) -> None:
        if not self._step_rows:
            return
        n = self._step_rows.pop()
        self.model.removeRows(self.model.rowCount() - n, n)

    def note(self, text: str, kind: str = "ui", rule: str = "") -> None:
        self.model.appendRow(self._row("", "", text, rule, kind))
        if self._step_rows:
            self._step_rows[-1] += 1
        self.view.scrollToBottom()

    def texts(self) -> list[str]:
        return [self.model.item(r, 2).text() for r in range(self.model.rowCount())]


# ================================================================================================
# Actions
# ================================================================================================

class ActionButton(QPushButton):
    """A push button whose label wraps (action descriptions can be long)."""

    def __init__(self, text: str, parent=None):
        super().__init__(parent)
        self._label = QLabel(text, self)
        self._label.setWordWrap(True)
        self._label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 5, 8, 5)
        lay.addWidget(self._label)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Minimum)

    def text(self) -> str:  # noqa: D102 - the label's text, as for a plain button
        return self._label.text()

    def hasHeightForWidth(self) -> bool:  # noqa: N802
        return True

    def heightForWidth(self, w: int) -> int:  # noqa: N802
        return self._label.heightForWidth(max(10, w - 16)) + 12

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(160, self._label.sizeHint().height() + 12)


class ActionsPanel(QWidget):
    """Every legal action that is not a drag, as a button: every game is playable from here."""

    chosen = Signal(dict)
    LIMIT = 120
    FIRST = 30       # buttons made at once; the others follow in idle moments

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = boxed(self, 4)
        self.search = search_field("Filter actions", self._rebuild)
        lay.addWidget(self.search)
        self.area = panel_scroll()
        self.area.setFrameShape(QFrame.Shape.StyledPanel)      # the log keeps its frame
        self.inner = QWidget()
        self.box = QVBoxLayout(self.inner)
        self.box.setContentsMargins(2, 2, 2, 2)
        self.box.setSpacing(3)
        self.area.setWidget(self.inner)
        lay.addWidget(self.area)
        self._items: list[tuple[str, dict]] = []
        self._key = None
        self.buttons: list[QPushButton] = []
        self._later: list[tuple[str, dict]] = []
        self._later_timer = QTimer(self)
        self._later_timer.setSingleShot(True)
        self._later_timer.setInterval(0)
        self._later_timer.timeout.connect(self._add_later)
        self.empty_text = "Nothing to do right now."

    def set_actions(self, items: list[tuple[str, dict]], empty_text: str = "") -> None:
        key = json.dumps(items, sort_keys=True, default=str) + empty_text
        if key == self._key:
            return
        self._key = key
        self._items = items
        self.empty_text = empty_text or "Nothing to do right now."
        self._rebuild()

    def _rebuild(self) -> None:
        while self.box.count():
            it = self.box.takeAt(0)
            w = it.widget()
            if w is not None:
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.buttons = []
        q = self.search.text().strip().lower()
        shown = [(label, a) for label, a in self._items if not q or q in label.lower() or q in json.dumps(a).lower()]
        if not shown:
            lab = QLabel(self.empty_text)
            lab.setWordWrap(True)
            lab.setStyleSheet("color: palette(mid); font-style: italic;")
            self.box.addWidget(lab)
        listed = shown[: self.LIMIT]
        for label, action in listed[: self.FIRST]:
            self._add_button(label, action)
        if len(shown) > self.LIMIT:
            lab = QLabel(f"... and {len(shown) - self.LIMIT} more: type above to filter")
            lab.setStyleSheet("color: palette(mid);")
            self.box.addWidget(lab)
        self.box.addStretch(1)
        # more than fill the panel at once; the rest (laid-out wrapped buttons are not cheap:
        # 120 of them cost a tenth of the window's start-up) right after, a batch per idle moment
        self._later = listed[self.FIRST:]
        if self._later:
            self._later_timer.start()

    def _add_button(self, label: str, action: dict) -> None:
        b = ActionButton(label)
        b.setFocusPolicy(Qt.FocusPolicy.StrongFocus)      # reachable with Tab (Ctrl+1 starts there)
        b.setToolTip(label)
        b.action = action
        b.clicked.connect(lambda _=False, a=action: self.chosen.emit(a))
        self.box.insertWidget(len(self.buttons), b)
        self.buttons.append(b)

    def mark(self, action: dict | None) -> None:
        """Mark the button of ``action`` (a hint), unmark the others."""
        for b in self.buttons:
            on = action is not None and getattr(b, "action", None) == action
            b.setStyleSheet("QPushButton { border: 2px solid #C8A000; background: #FFF6C8; }" if on else "")

    def _add_later(self) -> None:
        batch, self._later = self._later[: self.FIRST], self._later[self.FIRST:]
        for label, action in batch:
            self._add_button(label, action)
        if self._later:
            self._later_timer.start()


# ================================================================================================
# Game panels (tracks, cards, cups) and the odds panel
# ================================================================================================

class Strip(QWidget):
    """A drawn strip as wide as its column and ``height`` pixels high (asking for ``width``)."""

    def __init__(self, height: int, width: int, parent=None):
        super().__init__(parent)
        self._hint = QSize(width, height)
        self.setMinimumHeight(height)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802
        return self._hint

    def painter(self) -> QPainter:
        """A painter on the strip, antialiased."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        return p


class ProbabilityBar(Strip):
    def __init__(self, value: float, text: str, parent=None):
        super().__init__(18, 120, parent)
        self.value = value
        self.text = text

    def paintEvent(self, e) -> None:  # noqa: N802
        p = self.painter()
        r = QRectF(self.rect()).adjusted(1, 2, -1, -2)
        p.setPen(QPen(QColor(0, 0, 0, 60), 1))
        p.setBrush(QColor(0, 0, 0, 18))
        p.drawRoundedRect(r, 3, 3)
        fill = QRectF(r.left(), r.top(), r.width() * max(0.0, min(1.0, self.value)), r.height())
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#4F7F4F") if self.value >= 0.5 else QColor("#B0803A"))
        p.drawRoundedRect(fill, 3, 3)
        p.setPen(self.palette().text().color())
        p.drawText(r.adjusted(6, 0, -6, 0), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight, self.text)


def _panel_box(panel: dict[str, Any], big: bool = False) -> QGroupBox:
    title = str(panel.get("title", ""))
    # a long title would be cut off in the frame: it goes inside, wrapped, instead
    box = QGroupBox(title if len(title) <= 28 else "")
    if big:
        f = box.font()
        f.setBold(True)
        f.setPointSizeF(f.pointSizeF() * 1.1)
        box.setFont(f)
    grid = QGridLayout(box)
    grid.setContentsMargins(8, 6, 8, 6)
    grid.setHorizontalSpacing(10)
    grid.setVerticalSpacing(3)
    rows = panel.get("rows") or []
    i = -1
    if len(title) > 28:
        i += 1
        head = QLabel(title)
        head.setWordWrap(True)
        hf = head.font()
        hf.setBold(True)
        head.setFont(hf)
        head.setMinimumWidth(0)
        grid.addWidget(head, i, 0, 1, 2)
    for row in rows:
        i += 1
        if not isinstance(row, (list, tuple)):
            row = [row]
        label = QLabel(_fmt(row[0]) if row else "")
        long_value = len(row) == 2 and probability(row[1]) is None and len(_fmt(row[1])) > 36
        label.setWordWrap(True)
        nf = label.font()
        nf.setBold(False)
        nf.setPointSizeF(box.font().pointSizeF() / (1.1 if big else 1.0))
        label.setFont(nf)
        if long_value:
            # a long value (an order's objective) reads best under its name, across the box
            grid.addWidget(label, i, 0, 1, 2)
            i += 1
            w = QLabel(_fmt(row[1]))
            w.setWordWrap(True)
            w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            w.setContentsMargins(12, 0, 0, 2)
            vf = w.font()
            vf.setPointSizeF(nf.pointSizeF())
            w.setFont(vf)
            w.setMinimumWidth(0)
            grid.addWidget(w, i, 0, 1, 2)
            continue
        grid.addWidget(label, i, 0)
        values = list(row[1:])
        for j, v in enumerate(values):
            pr = probability(v)
            if pr is not None:
                w = ProbabilityBar(pr, _fmt(v))
            else:
                w = QLabel(_fmt(v))
                w.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                vf = w.font()
                vf.setBold(True)
                vf.setPointSizeF(nf.pointSizeF())
                w.setFont(vf)
                w.setWordWrap(True)
            w.setMinimumWidth(0)
            grid.addWidget(w, i, 1 + j)
    grid.setColumnStretch(1, 1)
    if panel.get("text"):
        t = QLabel(str(panel["text"]))
        t.setWordWrap(True)
        grid.addWidget(t, i + 1, 0, 1, 3)
    return box


class PanelsPanel(QWidget):
    """``game.panels()`` as tables: tracks, cards, cups, replacement points."""

    def __init__(self, parent=None, empty: str = "No panels for this game."):
        super().__init__(parent)
        self.area = fill_with_scroll(self)
        self._key = None
        self.empty = empty
        self.titles: list[str] = []
        self._set([])

    def _set(self, panels: list[dict[str, Any]], big: bool = False) -> None:
        inner = QWidget()
        lay = QVBoxLayout(inner)
        lay.setContentsMargins(4, 4, 4, 4)
        self.titles = [str(p.get("title", "")) for p in panels]
        if not panels:
            lab = QLabel(self.empty)
            lab.setWordWrap(True)
            lab.setStyleSheet("color: palette(mid); font-style: italic;")
            lay.addWidget(lab)
        for p in panels:
            lay.addWidget(_panel_box(p, big))
        lay.addStretch(1)
        self.area.setWidget(inner)

    def set_panels(self, panels: list[dict[str, Any]], big: bool = False) -> None:
        key = json.dumps(panels, sort_keys=True, default=str)
        if key == self._key:
            return
        self._key = key
        self._set(panels, big)


def breakdown_panels(result: Any) -> list[dict[str, Any]]:
    """Whatever a game's ``odds_breakdown`` returns, as panels."""
    if result is None:
        return []
    if isinstance(result, list) and all(isinstance(x, dict) and "rows" in x for x in result):
        return result
    if isinstance(result, dict) and "rows" in result:
        return [result]
    if isinstance(result, dict):
        rows = []
        for k, v in result.items():
            if isinstance(v, dict):
                rows += [[f"{k}: {kk}", vv] for kk, vv in v.items()]
            elif isinstance(v, list) and v and all(isinstance(x, (list, tuple)) for x in v):
                rows += [[f"{k}: {x[0]}", *x[1:]] for x in v]
            else:
                rows.append([k, v])
        return [{"title": "Odds breakdown", "rows": rows}]
    if isinstance(result, (list, tuple)):
        return [{"title": "Odds breakdown", "rows": [list(x) if isinstance(x, (list, tuple)) else [x] for x in result]}]
    return [{"title": "Odds breakdown", "rows": [], "text": str(result)}]


# ================================================================================================
# Unit inspector
# ================================================================================================

class InspectorPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        lay = boxed(self, 8)
        top = QHBoxLayout()
        self.image = QLabel()
        self.image.setFixedSize(QSize(124, 124))
        self.image.setAlignment(Qt.AlignmentFlag.AlignCenter)
        top.addWidget(self.image)
        self.title = QLabel()
        self.title.setWordWrap(True)
        tf = self.title.font()
        tf.setPointSizeF(tf.pointSizeF() * 1.25)
        tf.setBold(True)
        self.title.setFont(tf)
        self.title.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        top.addWidget(self.title, 1)
        lay.addLayout(top)
        self.form = QFormLayout()
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        lay.addLayout(self.form)
        self.info = QLabel()
        self.info.setWordWrap(True)
        self.info.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.info)
        lay.addStretch(1)
        self.piece: dict[str, Any] | None = None
        self.show_piece(None)

    def show_piece(self, piece: dict[str, Any] | None, sides: tuple[str, ...] = (), unit: float = 50.0,
                   where: str = "", moves: str = "") -> None:
        # the same piece shown again (every press and every refresh ask): nothing to rebuild; the
        # counter picture and the rows cost a few milliseconds of each press
        key = json.dumps([piece, sides, unit, where, moves, self.devicePixelRatioF()], sort_keys=True, default=str)
        if key == getattr(self, "_shown_key", None):
            return
        self._shown_key = key
        self.piece = piece
        while self.form.rowCount():
            self.form.removeRow(0)
        self.image.setVisible(piece is not None)
        if piece is None:
            self.image.clear()
            self.title.setText("No unit selected")
            self.info.setText("<i>Click a piece on the map to inspect it; press and drag it to move.</i>")
            return
        from app.ui.counters import render_piece_image
        dpr = self.devicePixelRatioF()
        pm = render_piece_image(piece, int(118 * dpr), sides, unit)
        pm.setDevicePixelRatio(dpr)
        self.image.setPixmap(pm)
        label = str(piece.get("label") or piece.get("id") or "")
        nation = str(piece.get("nation") or "").upper()
        if nation and label.upper().startswith(nation):
            nation = ""
        size = str(piece.get("size") or "")
        size = "" if set(size) <= {"."} else size          # the NATO dots read as stray points in a title
        name = " ".join(x for x in (nation, label, size) if x)
        full = str(piece.get("name") or "")
        if len(full) > len(label):              # a game that labels counters short names them in full here
            name = full
        self.title.setText(name or str(piece.get("id")))
        side = side_names.name(piece.get("side")) or None
        rows = [("Side", side), ("Type", piece.get("unit_type") or piece.get("kind")),
                ("Values", piece.get("values")), ("Step", "reduced" if piece.get("reduced") else ("full" if piece.get("values") else None)),
                ("Where", where or _fmt(piece.get("at"))), ("Status", _flag_words(piece.get("flags")) or None),
                ("Moves", moves or None)]
        for k, v in rows:
            if v not in (None, "", []):
                lab = QLabel(_fmt(v))
                lab.setWordWrap(True)
                self.form.addRow(k + ":", lab)
        info = piece.get("info") or []
        if isinstance(info, str):
            info = [info]
        self.info.setText("<br>".join(f"&bull; {str(x)}" for x in info))


# ================================================================================================
# Replay viewer
# ================================================================================================

class ReplayPanel(QWidget):
    """VCR controls for stepping through a save: first, back, play, forward, last, and a slider."""

    moved = Signal(int)
    play_toggled = Signal(bool)
    take_over = Signal()
    closed = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        row = QHBoxLayout()
        # Qt's standard media icons, never font glyphs (a font without them draws empty boxes)
        st = self.style()
        SP = QStyle.StandardPixmap
        self.first = QToolButton()
        self.back = QToolButton()
        self.play = QToolButton()
        self.play.setCheckable(True)
        self.fwd = QToolButton()
        self.last = QToolButton()
        for b, icon in ((self.first, SP.SP_MediaSkipBackward), (self.back, SP.SP_MediaSeekBackward),
                        (self.play, SP.SP_MediaPlay), (self.fwd, SP.SP_MediaSeekForward),
                        (self.last, SP.SP_MediaSkipForward)):
            b.setIcon(st.standardIcon(icon))
            b.setIconSize(QSize(18, 18))
        self.play.toggled.connect(lambda on: self.play.setIcon(
            st.standardIcon(SP.SP_MediaPause if on else SP.SP_MediaPlay)))
        for b, tip in ((self.first, "First position"), (self.back, "One action back"), (self.play, "Play / pause"),
                       (self.fwd, "One action forward"), (self.last, "Last position")):
            b.setToolTip(tip)
            b.setMinimumWidth(34)
            row.addWidget(b)
        self.slider = QSlider(Qt.Orientation.Horizontal)
        row.addWidget(self.slider, 1)
        lay.addLayout(row)
        self.label = QLabel("No replay loaded")
        self.label.setWordWrap(True)
        lay.addWidget(self.label)
        btns = QHBoxLayout()
        self.continue_btn = QPushButton("Play on from here")
        self.close_btn = QPushButton("Close replay")
        btns.addWidget(self.continue_btn)
        btns.addWidget(self.close_btn)
        lay.addLayout(btns)
        self.first.clicked.connect(lambda: self.moved.emit(0))
        self.back.clicked.connect(lambda: self.moved.emit(max(0, self.slider.value() - 1)))
        self.fwd.clicked.connect(lambda: self.moved.emit(min(self.slider.maximum(), self.slider.value() + 1)))
        self.last.clicked.connect(lambda: self.moved.emit(self.slider.maximum()))
        self.slider.valueChanged.connect(self.moved.emit)
        self.play.toggled.connect(self.play_toggled.emit)
        self.continue_btn.clicked.connect(self.take_over.emit)
        self.close_btn.clicked.connect(self.closed.emit)

    def set_range(self, n: int) -> None:
        self.slider.blockSignals(True)
        self.slider.setRange(0, n)
        self.slider.blockSignals(False)

    def show_pos(self, pos: int, n: int, text: str) -> None:
        self.slider.blockSignals(True)
        self.slider.setValue(pos)
        self.slider.blockSignals(False)
        self.label.setText(f"Position {pos} of {n}" + (f": {text}" if text else " (the start)"))
