"""The end of a game: a report window instead of a line in the turn bar.

Who won, at which level and by which rule (the game's ``outcome``); charts over the turns drawn
from the match's history: each side's strength (steps lost), the ground it holds, and its dice
against what the dice should have given; the steps that swung the game most, with *Replay the
turning point*; *Save as picture* exports the report as PNG.

Numbers per position come from the game's optional ``report_metrics(state)`` hook
(``{side: {"strength": number, "ground": number}}``), else from its pieces: a side's strength
is its pieces still on the board (reduced ones count half), its ground the places they stand on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import (QDialog, QFileDialog, QGridLayout, QHBoxLayout, QLabel, QListWidget,
                               QPushButton, QSizePolicy, QVBoxLayout, QWidget)

from app.ui import side_names, theme
from app.ui.hooks import call_hook

MAX_SAMPLES = 240          # positions measured at most (long games are sampled evenly)


@dataclass
class Report:
    headline: str
    detail: str
    sides: list[str]
    turns: list[int] = field(default_factory=list)                     # the turn of each sample
    steps: list[int] = field(default_factory=list)                     # the history index of each sample
    strength: dict[str, list[float]] = field(default_factory=dict)
    ground: dict[str, list[float]] = field(default_factory=dict)
    luck: dict[str, list[float]] = field(default_factory=dict)         # dice above expectation, running
    swings: list[tuple[int, str, float]] = field(default_factory=list)  # (step, what, swing)

    @property
    def turning_point(self) -> int | None:
        return self.swings[0][0] if self.swings else None


def default_metrics(game: Any, state: Any) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {s: {"strength": 0.0, "ground": 0.0} for s in game.sides}
    places: dict[str, set] = {s: set() for s in game.sides}
    try:
        pieces = game.pieces(state, None)
    except Exception:
        return out
    for pc in pieces:
        side = pc.get("side")
        at = pc.get("at")
        if side not in out or at is None or (isinstance(at, str) and at.startswith("box:")):
            continue
        if pc.get("kind") in ("marker", "card"):
            continue
        out[side]["strength"] += 0.5 if pc.get("reduced") else 1.0
        places[side].add(str(at))
    for s in out:
        out[s]["ground"] = float(len(places[s]))
    return out


def metrics(game: Any, state: Any) -> dict[str, dict[str, float]]:
    got = call_hook(game, "report_metrics", state, default=None)
    return got if isinstance(got, dict) and got else default_metrics(game, state)


def _outcome_words(game: Any, out: Any) -> tuple[str, str]:
    if out is None:
        return "The game is not over", ""
    if out.winner:
        who = side_names.name(out.winner, game)
        head = f"{who} wins: {out.level} victory" if game.solitaire is False else f"Victory: {out.level}"
    else:
        head = "Defeat" if getattr(game, "solitaire", False) and out.level != "draw" else f"No winner: {out.level}"
    return head, out.reason + (f" (rule {out.rule})" if out.rule else "")


def build_report(match: Any) -> Report:
    """Everything the report shows, worked out from the match's history."""
    game = match.game
    sides = list(game.sides)
    head, detail = _outcome_words(game, match.outcome())
    rep = Report(head, detail, sides)
    hist = match.history
    states = [hist[0].before if hist and hist[0].before is not None else match.state] + \
             [st.after for st in hist if st.after is not None]
    idx = list(range(len(states)))
    if len(idx) > MAX_SAMPLES:
        k = len(idx) / MAX_SAMPLES
        idx = sorted({int(i * k) for i in range(MAX_SAMPLES)} | {len(states) - 1})
    for s in sides:
        rep.strength[s], rep.ground[s], rep.luck[s] = [], [], []
    # dice luck: each roll's faces against their average, credited to the side that rolled
    luck_at: list[dict[str, float]] = [{s: 0.0 for s in sides}]
    run = {s: 0.0 for s in sides}
    for st in hist:
        for e in st.events:
            if e.kind != "roll" or not isinstance(e.data.get("dice"), list):
                continue
            side = e.side or (st.before.active if st.before is not None else "")
            if side not in run:
                continue
            sides_n = int(e.data.get("sides") or 6)
            expect = 3.5 if e.data.get("average") else (sides_n + 1) / 2
            run[side] += sum(int(d) for d in e.data["dice"]) - expect * len(e.data["dice"])
        luck_at.append(dict(run))
    for i in idx:
        m = metrics(game, states[i])
        rep.turns.append(int(getattr(states[i], "turn", 0) or 0))
        rep.steps.append(i)
        for s in sides:
            rep.strength[s].append(float(m.get(s, {}).get("strength", 0.0)))
            rep.ground[s].append(float(m.get(s, {}).get("ground", 0.0)))
            rep.luck[s].append(luck_at[min(i, len(luck_at) - 1)][s])
    # the swings: between samples, the biggest change in the balance of strength
    swings = []
    for j in range(1, len(rep.steps)):
        if len(sides) >= 2:
            a, b = sides[0], sides[1]
            before = rep.strength[a][j - 1] - rep.strength[b][j - 1]
            after = rep.strength[a][j] - rep.strength[b][j]
        else:
            before, after = rep.strength[sides[0]][j - 1], rep.strength[sides[0]][j]
        d = after - before
        if abs(d) > 1e-9:
            step = rep.steps[j]          # the position after history[step - 1]
            what = ""
            if 0 < step <= len(hist):
                try:
                    what = str(game.describe_action(hist[step - 1].before, hist[step - 1].action))
                except Exception:
                    what = str(hist[step - 1].action.get("type"))
            swings.append((step, f"Turn {rep.turns[j]}: {what}", d))
    swings.sort(key=lambda x: -abs(x[2]))
    rep.swings = swings[:5]
    return rep


class Chart(QWidget):
    """A small line chart: one line per side over the samples, turn numbers along the bottom."""

    def __init__(self, title: str, series: dict[str, list[float]], turns: list[int], colours: dict[str, QColor],
                 zero_line: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.title = title
        self.series = series
        self.turns = turns
        self.colours = colours
        self.zero_line = zero_line
        self.setMinimumSize(QSize(300, 170))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def paintEvent(self, e) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor("#FBF8EF"))
        f = QFont(self.font())
        f.setBold(True)
        p.setFont(f)
        p.setPen(QColor("#2B2620"))
        p.drawText(QRectF(8, 4, self.width() - 16, 18), Qt.AlignmentFlag.AlignLeft, self.title)
        p.setFont(self.font())
        plot = QRectF(40, 28, self.width() - 52, self.height() - 52)
        vals = [v for s in self.series.values() for v in s] or [0.0]
        lo, hi = min(vals + ([0.0] if self.zero_line else [])), max(vals + ([0.0] if self.zero_line else []))
        if hi - lo < 1e-9:
            hi = lo + 1
        n = max(1, max((len(s) for s in self.series.values()), default=1) - 1)
        p.setPen(QPen(QColor(0, 0, 0, 60), 1))
        p.drawRect(plot)

        def pt(i: int, v: float) -> QPointF:
            return QPointF(plot.left() + plot.width() * i / n, plot.bottom() - plot.height() * (v - lo) / (hi - lo))

        if self.zero_line and lo < 0 < hi:
            p.setPen(QPen(QColor(0, 0, 0, 90), 1, Qt.PenStyle.DashLine))
            p.drawLine(pt(0, 0.0), pt(n, 0.0))
        p.setPen(QColor("#5A544A"))
        p.drawText(QRectF(0, plot.top() - 6, 36, 14), Qt.AlignmentFlag.AlignRight, f"{hi:g}")
        p.drawText(QRectF(0, plot.bottom() - 8, 36, 14), Qt.AlignmentFlag.AlignRight, f"{lo:g}")
        if self.turns:
            last = None
            for i, t in enumerate(self.turns):
                if t != last and (i == 0 or (i * plot.width() / n) > 24 + (0 if last is None else 0)):
                    x = plot.left() + plot.width() * i / n
                    p.drawText(QRectF(x - 12, plot.bottom() + 2, 24, 14), Qt.AlignmentFlag.AlignCenter, str(t))
                    last = t
        for side, vs in self.series.items():
            if not vs:
                continue
            path = QPainterPath(pt(0, vs[0]))
            for i, v in enumerate(vs[1:], start=1):
                path.lineTo(pt(i, v))
            p.setPen(QPen(self.colours.get(side, QColor("#444")), 2.4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        p.end()


class EndReport(QDialog):
    """The report window (non-modal)."""

    replay_turning_point = Signal(int)

    def __init__(self, parent: QWidget | None, match: Any):
        super().__init__(parent)
        self.setWindowTitle("End of game")
        self.rep = build_report(match)
        rep = self.rep
        lay = QVBoxLayout(self)
        self.body = QWidget()
        body = QVBoxLayout(self.body)
        self.head = QLabel(rep.headline)
        f = self.head.font()
        f.setPointSizeF(f.pointSizeF() * 1.6)
        f.setBold(True)
        self.head.setFont(f)
        self.head.setWordWrap(True)
        body.addWidget(self.head)
        self.detail = QLabel(rep.detail)
        self.detail.setWordWrap(True)
        body.addWidget(self.detail)
        colours = {s: theme.side_colour(s, tuple(rep.sides)) for s in rep.sides}
        legend = QLabel("  ".join(f"<span style='color:{colours[s].name()}'>&#9632;</span> {side_names.name(s, match.game)}"
                                  for s in rep.sides))
        legend.setTextFormat(Qt.TextFormat.RichText)
        body.addWidget(legend)
        grid = QGridLayout()
        self.charts = [Chart("Strength (steps on the board)", rep.strength, rep.turns, colours, zero_line=True),
                       Chart("Ground held", rep.ground, rep.turns, colours, zero_line=True),
                       Chart("Dice against expectation (running total)", rep.luck, rep.turns, colours, zero_line=True)]
        for i, c in enumerate(self.charts):
            grid.addWidget(c, i // 2, i % 2)
        self.swings = QListWidget()
        self.swings.setMaximumHeight(120)
        for step, what, d in rep.swings:
            self.swings.addItem(f"{what}  ({'+' if d > 0 else ''}{d:g} in the balance)")
        if not rep.swings:
            self.swings.addItem("No single moment changed the balance of strength.")
        box = QVBoxLayout()
        box.setAlignment(Qt.AlignmentFlag.AlignTop)
        title = QLabel("<b>The moments that swung it</b>")
        box.addWidget(title)
        box.addWidget(self.swings)
        holder = QWidget()
        holder.setLayout(box)
        grid.addWidget(holder, 1, 1)
        body.addLayout(grid, 1)
        lay.addWidget(self.body, 1)
        row = QHBoxLayout()
        self.replay_btn = QPushButton("Replay the turning point")
        self.replay_btn.setEnabled(rep.turning_point is not None)
        self.replay_btn.clicked.connect(self._replay)
        self.png_btn = QPushButton("Save as picture...")
        self.png_btn.clicked.connect(self._save_dialog)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        row.addWidget(self.replay_btn)
        row.addStretch(1)
        row.addWidget(self.png_btn)
        row.addWidget(close)
        lay.addLayout(row)
        self.resize(860, 620)

    def _replay(self) -> None:
        if self.rep.turning_point is not None:
            self.replay_turning_point.emit(self.rep.turning_point)

    def save_png(self, path: str | Path) -> bool:
        return self.body.grab().save(str(path), "PNG")

    def _save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Save the report as a picture", "report.png", "PNG (*.png)")
        if path:
            self.save_png(path)


def open_report(win: Any) -> EndReport | None:
    """The report window for the finished game shown (None before the end)."""
    if win.match is None or win.match.outcome() is None:
        win.status("The report comes at the end of the game")
        return None
    dlg = EndReport(win, win.match)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dlg.replay_turning_point.connect(win.replay_turning_point)
    win.report = dlg
    if win.isVisible():
        dlg.show()
    return dlg


def replay_turning_point(win: Any, step: int) -> None:
    """Open the replay one action before the step that swung the game."""
    if win.match is None:
        return
    from app.engine.saves import save_data
    if win.open_replay(save_data(win.match, win.players)):
        win.replay_goto(max(0, step - 1))
