"""The Balance lab: run N self-play games of a scenario and chart the result.

Designers use it to see whether a scenario is balanced before anyone plays it: each side's win
rate with its 95% confidence interval, the spread of victory levels and the turn each game was
decided on. Korea also gets the front month by month against the real war's (one point a month,
app/ai/korea38/measure.py). Games run in worker processes or, when a Dask scheduler address is
given, on that cluster (same tasks and seeds as ``ridgeline selfplay``) and can be cancelled.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCharts import (QBarCategoryAxis, QBarSeries, QBarSet, QCategoryAxis, QChart,
                              QChartView, QLineSeries, QValueAxis)
from PySide6.QtCore import QObject, QPointF, Qt, QThread, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QDialog, QFileDialog, QFormLayout, QGridLayout,
                               QHBoxLayout, QLabel, QLineEdit, QProgressBar, QPushButton,
                               QSpinBox, QVBoxLayout, QWidget)

from app.ai.balance import BalanceReport, report, results_csv, summary_csv
from app.ai.pool import ordered_map
from app.ai.selfplay import _worker, parse_players
from app.engine.files import atomic_write
from app.engine.scenario import load_scenario


PLAYER_NAMES = {"random": "Random moves", "ai": "Computer", "ai:easy": "Computer (easy)",
                "ai:hard": "Computer (hard)", "greedy": "Computer (greedy)"}


def task_function(game_id: str) -> Callable[[tuple[str, int, list[str]]], dict[str, Any]]:
    """What one game is: Korea's measured game (the self-play result plus the front each
    month), or the plain self-play game for the others. Both are module-level functions, so
    worker processes and Dask workers can run them."""
    if game_id == "korea38":
        from app.ai.korea38.measure import _task
        return _task
    return _worker


class _Runner(QObject):
    progress = Signal(int, int)
    finished = Signal(list)
    failed = Signal(str)

    def __init__(self, scenario: str, games: int, seed: int, players: list[str], jobs: int,
                 task: Callable[[tuple[str, int, list[str]]], dict[str, Any]] = _worker,
                 scheduler: str = ""):
        super().__init__()
        self.args = (scenario, games, seed, players, jobs)
        self.task = task
        self.scheduler = scheduler.strip()
        self.cancelled = False

    def run(self) -> None:
        scenario, games, seed, players, jobs = self.args
        tasks = [(scenario, seed + i, players) for i in range(games)]
        results: list[dict[str, Any]] = []
        try:
            if self.scheduler:
                results = self._run_dask(tasks)
            else:
                results = ordered_map(self.task, tasks, jobs, progress=self.progress.emit,
                                      cancelled=lambda: self.cancelled)
        except Exception as e:  # shown in the dialog, never a crash of the window
            self.failed.emit(f"{type(e).__name__}: {e}")
            return
        self.finished.emit(results)

    def _run_dask(self, tasks: list[tuple[str, int, list[str]]]) -> list[dict[str, Any]]:
        """One task a game on the Dask scheduler; results back in seed order (a cancelled run
        keeps the games already finished)."""
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise RuntimeError("a Dask scheduler needs the 'cluster' extra: pip install -e '.[cluster]'") from None
        path = str(Path(tasks[0][0]).resolve()) if tasks else ""
        tasks = [(path, s, p) for _x, s, p in tasks]
        done: dict[int, dict[str, Any]] = {}
        with Client(self.scheduler, timeout=30) as client:
            futures = client.map(self.task, tasks, pure=False)
            for fut in as_completed(futures):
                r = fut.result()
                done[int(r["seed"])] = r
                self.progress.emit(len(done), len(tasks))
                if self.cancelled:
                    client.cancel(futures)
                    break
        return [done[s] for s in sorted(done)]


class BalanceLab(QDialog):
    """Dialog: pick scenario and players, run, see charts, export PNG and CSV."""

    def __init__(self, scenario: str | Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Balance lab")
        self.resize(1000, 720)
        self.scenario = str(scenario)
        self.game, _ = load_scenario(self.scenario)
        self.results: list[dict[str, Any]] = []
        self.rep: BalanceReport | None = None
        self._thread: QThread | None = None
        self._runner: _Runner | None = None

        form = QFormLayout()
        form.addRow("Scenario", QLabel(f"{self.game.name} — {Path(self.scenario).name}"))
        self.games_box = QSpinBox(minimum=1, maximum=100000, value=200)
        self.seed_box = QSpinBox(minimum=0, maximum=2**31 - 1, value=1)
        self.jobs_box = QSpinBox(minimum=1, maximum=max(1, multiprocessing.cpu_count()),
                                 value=max(1, multiprocessing.cpu_count()))
        form.addRow("Games", self.games_box)
        form.addRow("First seed", self.seed_box)
        form.addRow("Worker processes", self.jobs_box)
        self.scheduler_edit = QLineEdit()
        self.scheduler_edit.setPlaceholderText("tcp://host:8786 (leave empty to play on this computer)")
        form.addRow("Dask scheduler", self.scheduler_edit)
        self.player_boxes: list[QComboBox] = []
        from app.ai.registry import player_names
        names = ["random", *player_names(self.game)]
        for side in self.game.sides:
            box = QComboBox()
            for n in names:
                box.addItem(PLAYER_NAMES.get(n, n.replace("-", " ").capitalize()), n)
                if n == "ai":
                    for lvl in ("easy", "hard"):
                        box.addItem(PLAYER_NAMES[f"ai:{lvl}"], f"ai:{lvl}")
            box.setCurrentIndex(max(0, box.findData("ai" if "ai" in names else "random")))
            who = "Played by" if len(self.game.sides) == 1 else f"{side.replace('-', ' ').title()} played by"
            form.addRow(who, box)
            self.player_boxes.append(box)

        self.run_btn = QPushButton("Run")
        self.cancel_btn = QPushButton("Cancel")
        self.cancel_btn.setEnabled(False)
        self.png_btn = QPushButton("Export PNG…")
        self.csv_btn = QPushButton("Export CSV…")
        for b in (self.png_btn, self.csv_btn):
            b.setEnabled(False)
        self.progress = QProgressBar()
        self.status = QLabel("")
        buttons = QHBoxLayout()
        for b in (self.run_btn, self.cancel_btn, self.png_btn, self.csv_btn):
            buttons.addWidget(b)

        self.is_korea = getattr(self.game, "id", "") == "korea38"
        self.summary: dict[str, Any] | None = None
        self.win_chart, self.level_chart, self.length_chart = QChart(), QChart(), QChart()
        self.front_chart = QChart()
        charts = QGridLayout()
        self.chart_views = []
        spots = [(self.win_chart, "Win rate (95% interval)", 0, 0),
                 (self.level_chart, "Victory levels", 0, 1),
                 (self.length_chart, "Turn of the decision", 1, 0)]
        if self.is_korea:
            spots.append((self.front_chart, "Front against history (map row, north at the top)", 1, 1))
        for c, title, row, col in spots:
            c.setTitle(title)
            c.legend().hide()
            v = QChartView(c)
            v.setRenderHint(QPainter.Antialiasing)
            v.setMinimumHeight(240)
            self.chart_views.append(v)
            span = 2 if (not self.is_korea and row == 1) else 1
            charts.addWidget(v, row, col, 1, span)
        self.charts_widget = QWidget()
        self.charts_widget.setLayout(charts)

        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addLayout(buttons)
        lay.addWidget(self.progress)
        lay.addWidget(self.status)
        lay.addWidget(self.charts_widget, 1)

        self.run_btn.clicked.connect(self.start)
        self.cancel_btn.clicked.connect(self.cancel)
        self.png_btn.clicked.connect(lambda: self.export_png(None))
        self.csv_btn.clicked.connect(lambda: self.export_csv(None))

    def players(self) -> list[str]:
        return parse_players(self.game, ",".join(str(b.currentData() or b.currentText()) for b in self.player_boxes))

    def start(self) -> None:
        players = self.players()
        games = self.games_box.value()
        self.progress.setRange(0, games)
        self.progress.setValue(0)
        self.status.setText("Running…")
        self.run_btn.setEnabled(False)
        self.cancel_btn.setEnabled(True)
        self._thread = QThread(self)
        self._runner = _Runner(self.scenario, games, self.seed_box.value(), players, self.jobs_box.value(),
                               task=task_function(getattr(self.game, "id", "")), scheduler=self.scheduler_edit.text())
        self._runner.moveToThread(self._thread)
        self._thread.started.connect(self._runner.run)
        self._runner.progress.connect(self._on_progress)
        self._runner.finished.connect(self._on_finished)
        self._runner.failed.connect(self._on_failed)
        self._thread.start()

    def cancel(self) -> None:
        if self._runner is not None:
            self._runner.cancelled = True
            self.status.setText("Cancelling…")

    def _cleanup(self) -> None:
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()
            self._thread = None
        self.run_btn.setEnabled(True)
        self.cancel_btn.setEnabled(False)

    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)

    def _on_failed(self, msg: str) -> None:
        self._cleanup()
        self.status.setText(f"Failed: {msg}")

    def _on_finished(self, results: list[dict[str, Any]]) -> None:
        self._cleanup()
        self.show_results(results)

    def show_results(self, results: list[dict[str, Any]]) -> None:
        """Fill the charts from results (also used by tests and by loading a CSV run)."""
        self.results = results
        self.rep = rep = report(self.game.sides, results)
        parts = []
        for s in rep.sides:
            lo, hi = rep.interval(s)
            parts.append(f"{s}: {rep.win_rate(s):.1%} (95% {lo:.1%}–{hi:.1%})")
        text = f"{rep.games} games. " + "; ".join(parts) + f"; mean length {rep.mean_turns:.1f} turns"
        self.summary = None
        if self.is_korea and results and all("fronts" in r for r in results):
            from app.ai.korea38.measure import summarise
            self.summary = summarise(results)
            k, n = self.summary["pusan_early"], self.summary["games"]
            text += f"; Pusan taken before turn {self.summary['pusan_before_turn']} in {k} of {n}"
            self._front(self.summary)
        self.status.setText(text)
        self._bar(self.win_chart, [s for s in rep.sides],
                  [100 * rep.win_rate(s) for s in rep.sides], "%", 100,
                  lows=[100 * rep.interval(s)[0] for s in rep.sides],
                  highs=[100 * rep.interval(s)[1] for s in rep.sides])
        levels = sorted(rep.levels.items(), key=lambda kv: -kv[1])
        self._bar(self.level_chart, [_short_level(k) for k, _ in levels], [v for _, v in levels], "games", None)
        lengths = sorted(rep.lengths.items())
        self._bar(self.length_chart, [f"turn {k}" for k, _ in lengths], [v for _, v in lengths], "games", None)
        self.png_btn.setEnabled(True)
        self.csv_btn.setEnabled(True)

    def _bar(self, chart: QChart, cats: list[str], values: list[float], unit: str,
             top: float | None, lows: list[float] | None = None, highs: list[float] | None = None) -> None:
        chart.removeAllSeries()
        for ax in chart.axes():
            chart.removeAxis(ax)
        series = QBarSeries()
        bars = QBarSet(unit)
        bars.setColor(Qt.darkGreen if unit == "%" else Qt.darkCyan)
        for v in values:
            bars.append(round(float(v)))
        series.append(bars)
        if lows is not None and highs is not None:
            lo_set, hi_set = QBarSet("95% low"), QBarSet("95% high")
            lo_set.setColor(Qt.lightGray)
            hi_set.setColor(Qt.gray)
            for lo, hi in zip(lows, highs):
                lo_set.append(round(lo))
                hi_set.append(round(hi))
            series.append(lo_set)
            series.append(hi_set)
            chart.legend().show()
        series.setLabelsVisible(True)
        series.setLabelsFormat("@value")
        chart.addSeries(series)
        xa = QBarCategoryAxis()
        xa.append(cats)
        if len(cats) > 3 or max((len(c) for c in cats), default=0) > 12:
            small = QFont()
            small.setPointSize(7)
            xa.setLabelsFont(small)
        ya = QValueAxis()
        ya.setRange(0, top if top else max([1.0, *values]) * 1.15)
        ya.applyNiceNumbers()
        ya.setLabelFormat("%d")
        ya.setTitleText(unit)
        chart.addAxis(xa, Qt.AlignBottom)
        chart.addAxis(ya, Qt.AlignLeft)
        series.attachAxis(xa)
        series.attachAxis(ya)

    def _front(self, summary: dict[str, Any]) -> None:
        """History and the AI's median front (with its quartiles), one point a month; the
        legend gives the share of games within 3 rows of history over the named months."""
        from app.ai.korea38.measure import WITHIN_ROWS
        chart = self.front_chart
        chart.removeAllSeries()
        for ax in chart.axes():
            chart.removeAxis(ax)
        months = summary["months"]
        named = [m for m in months if m["named"]]
        share = (sum(m["within"] for m in named) / max(1, sum(m["games"] for m in named))) if named else 0.0
        lines = [("history", "history_row", QColor("#222222"), Qt.SolidLine, 3),
                 (f"games, median (within {WITHIN_ROWS:.0f} rows: {share:.0%})", "median",
                  QColor("#1f5fa8"), Qt.SolidLine, 3),
                 ("quartiles", "q1", QColor("#7fa6d6"), Qt.DashLine, 1),
                 ("", "q3", QColor("#7fa6d6"), Qt.DashLine, 1)]
        rows = []
        for name, key, colour, style, width in lines:
            series = QLineSeries()
            series.setName(name)
            pen = QPen(colour)
            pen.setStyle(style)
            pen.setWidth(width)
            series.setPen(pen)
            series.setPointsVisible(key in ("history_row", "median"))
            for m in months:
                if m.get(key) is not None:
                    series.append(QPointF(float(m["turn"]), float(m[key])))
                    rows.append(float(m[key]))
            chart.addSeries(series)
        xa = QCategoryAxis()
        xa.setLabelsPosition(QCategoryAxis.AxisLabelsPositionOnValue)
        first = months[0]["turn"] if months else 1
        last = months[-1]["turn"] if months else 13
        for m in months:
            label = m["month"][:3] + ("*" if m["named"] else "")
            xa.append(label if label not in xa.categoriesLabels() else label + " ", float(m["turn"]))
        xa.setRange(first - 0.3, last + 0.3)
        small = QFont()
        small.setPointSize(7)
        xa.setLabelsFont(small)
        xa.setTitleText("month (* compared in issue 17)")
        ya = QValueAxis()
        lo, hi = (min(rows), max(rows)) if rows else (0.0, 40.0)
        lo, hi = 5 * int(max(0.0, lo - 1) // 5), 5 * (int(hi + 1) // 5 + 1)
        ya.setRange(lo, hi)
        ya.setTickCount(int((hi - lo) // 5) + 1)
        ya.setLabelFormat("%d")
        ya.setReverse(True)
        ya.setTitleText("map row")
        chart.addAxis(xa, Qt.AlignBottom)
        chart.addAxis(ya, Qt.AlignLeft)
        for series in chart.series():
            series.attachAxis(xa)
            series.attachAxis(ya)
        chart.legend().show()
        chart.legend().setAlignment(Qt.AlignBottom)
        for marker in chart.legend().markers():
            if not marker.label():
                marker.setVisible(False)

    def export_png(self, path: str | None) -> str | None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export charts", "balance.png", "PNG (*.png)")
            if not path:
                return None
        self.charts_widget.grab().save(path, "PNG")
        return path

    def export_csv(self, path: str | None) -> str | None:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Export results", "balance.csv", "CSV (*.csv)")
            if not path:
                return None
        atomic_write(path, results_csv(self.results))
        if self.rep is not None:
            atomic_write(str(Path(path).with_suffix("")) + "-summary.csv", summary_csv(self.rep))
        if self.summary is not None:
            atomic_write(str(Path(path).with_suffix("")) + "-front.csv", front_csv(self.summary))
        return path


def _short_level(name: str) -> str:
    """Short bar labels that fit under the bars: "allied: substantive" -> "Allied subst."."""
    side, _, level = name.partition(": ")
    short = {"substantive": "subst.", "marginal": "marg.", "decisive": "decis.",
             "unfinished": "unfin."}.get(level, level)
    side = {"communist": "Comm."}.get(side, side[:1].upper() + side[1:])
    return f"{side} {short}".strip()


def front_csv(summary: dict[str, Any]) -> str:
    """The front month by month: history, the games' median and quartiles, the share within
    3 rows (named: one of the months issue 17 compares), and the decision figures."""
    import csv
    import io
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["turn", "month", "named", "history_row", "median_row", "q1_row", "q3_row",
                "games", "still_playing", "within_3_rows", "share_within"])
    for m in summary["months"]:
        w.writerow([m["turn"], m["month"], "yes" if m["named"] else "", m["history_row"],
                    "" if m["median"] is None else m["median"], "" if m["q1"] is None else m["q1"],
                    "" if m["q3"] is None else m["q3"], m["games"], m["playing"], m["within"],
                    f"{m['share_within']:.4f}"])
    return buf.getvalue()
