"""The Balance lab: run N self-play games of a scenario and chart the result.

Designers use it to see whether a scenario is balanced before anyone plays it: each side's win
rate with its 95% confidence interval, the spread of victory levels and of game lengths. Games
run in worker processes (same tasks and seeds as ``ridgeline selfplay``) and can be cancelled.
"""

from __future__ import annotations

import multiprocessing
from pathlib import Path
from typing import Any

from PySide6.QtCharts import (QBarCategoryAxis, QBarSeries, QBarSet, QChart, QChartView,
                              QValueAxis)
from PySide6.QtCore import QObject, Qt, QThread, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (QComboBox, QDialog, QFileDialog, QFormLayout, QGridLayout,
                               QHBoxLayout, QLabel, QProgressBar, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from app.ai.balance import BalanceReport, report, results_csv, summary_csv
from app.ai.selfplay import _worker, parse_players
from app.engine.files import atomic_write
from app.engine.scenario import load_scenario


PLAYER_NAMES = {"random": "Random moves", "ai": "Computer", "ai:easy": "Computer (easy)",
                "ai:hard": "Computer (hard)", "greedy": "Computer (greedy)"}


class _Runner(QObject):
    progress = Signal(int, int)
    finished = Signal(list)
    failed = Signal(str)

    def __init__(self, scenario: str, games: int, seed: int, players: list[str], jobs: int):
        super().__init__()
        self.args = (scenario, games, seed, players, jobs)
        self.cancelled = False

    def run(self) -> None:
        scenario, games, seed, players, jobs = self.args
        tasks = [(scenario, seed + i, players) for i in range(games)]
        results: list[dict[str, Any]] = []
        try:
            if jobs <= 1:
                for t in tasks:
                    if self.cancelled:
                        break
                    results.append(_worker(t))
                    self.progress.emit(len(results), games)
            else:
                ctx = multiprocessing.get_context("spawn")
                with ctx.Pool(processes=jobs) as pool:
                    for r in pool.imap(_worker, tasks):
                        results.append(r)
                        self.progress.emit(len(results), games)
                        if self.cancelled:
                            pool.terminate()
                            break
        except Exception as e:  # shown in the dialog, never a crash of the window
            self.failed.emit(f"{type(e).__name__}: {e}")
            return
        self.finished.emit(results)


class BalanceLab(QDialog):
    """Dialog: pick scenario and players, run, see charts, export PNG and CSV."""

    def __init__(self, scenario: str | Path, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Balance lab")
        self.resize(900, 640)
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
        self.player_boxes: list[QComboBox] = []
        names = ["random", *self.game.players()]
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

        self.win_chart, self.level_chart, self.length_chart = QChart(), QChart(), QChart()
        charts = QGridLayout()
        self.chart_views = []
        for i, (c, title) in enumerate(((self.win_chart, "Win rate (95% interval)"),
                                        (self.level_chart, "Victory levels"),
                                        (self.length_chart, "Game length (turns)"))):
            c.setTitle(title)
            c.legend().hide()
            v = QChartView(c)
            v.setRenderHint(QPainter.Antialiasing)
            v.setMinimumHeight(220)
            self.chart_views.append(v)
            charts.addWidget(v, 0 if i < 2 else 1, i if i < 2 else 0, 1, 1 if i < 2 else 2)
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
        self._runner = _Runner(self.scenario, games, self.seed_box.value(), players, self.jobs_box.value())
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
        self.status.setText(f"{rep.games} games. " + "; ".join(parts) + f"; mean length {rep.mean_turns:.1f} turns")
        self._bar(self.win_chart, [s for s in rep.sides],
                  [100 * rep.win_rate(s) for s in rep.sides], "%", 100,
                  lows=[100 * rep.interval(s)[0] for s in rep.sides],
                  highs=[100 * rep.interval(s)[1] for s in rep.sides])
        levels = sorted(rep.levels.items(), key=lambda kv: -kv[1])
        self._bar(self.level_chart, [k for k, _ in levels], [v for _, v in levels], "games", None)
        lengths = sorted(rep.lengths.items())
        self._bar(self.length_chart, [str(k) for k, _ in lengths], [v for _, v in lengths], "games", None)
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
            bars.append(float(v))
        series.append(bars)
        if lows is not None and highs is not None:
            lo_set, hi_set = QBarSet("95% low"), QBarSet("95% high")
            lo_set.setColor(Qt.lightGray)
            hi_set.setColor(Qt.gray)
            for lo, hi in zip(lows, highs):
                lo_set.append(lo)
                hi_set.append(hi)
            series.append(lo_set)
            series.append(hi_set)
            chart.legend().show()
        series.setLabelsVisible(True)
        series.setLabelsFormat("@value")
        chart.addSeries(series)
        xa = QBarCategoryAxis()
        xa.append(cats)
        ya = QValueAxis()
        ya.setRange(0, top if top else max([1.0, *values]) * 1.15)
        ya.setTitleText(unit)
        chart.addAxis(xa, Qt.AlignBottom)
        chart.addAxis(ya, Qt.AlignLeft)
        series.attachAxis(xa)
        series.attachAxis(ya)

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
        return path
